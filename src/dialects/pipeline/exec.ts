// How the pipeline ops execute in the JavaScript backend (registered with
// src/exec/emitters.ts; codegen.ts drives them): pipeline.predicate computes
// the comparisons its declaration documents, pipeline.mask runs its region
// when the predicate holds and gives poison otherwise (codegen's poison
// analysis marks its results).

import * as pipeline from './index.js';
import { implementJsExec } from '../../exec/emitters.js';
import { cmpiBool, intBinary, intLit } from '../../exec/scalar.js';
import { reprOf } from '../../exec/types.js';

implementJsExec(pipeline.PredicateOp, (cg, op) => {
  const iv = pipeline.PredicateOp.iv(op);
  const r = cg.noteWide(reprOf(iv.type));
  const K = cg.K(op);
  for (const x of op.operands) cg.checkPoison(op, x, 'operand');
  const [v, lb, ub, st] = [iv, pipeline.PredicateOp.lowerBound(op), pipeline.PredicateOp.upperBound(op), pipeline.PredicateOp.step(op)].map((x) => cg.v(x));
  const S = pipeline.PredicateOp.numStages(op);
  const s = pipeline.PredicateOp.stage(op);
  const times = (n: bigint): string => intBinary('muli', r, intLit(r, n), st, K)!;
  const it = cg.fresh('$it');
  let cond: string;
  if (pipeline.PredicateOp.unsignedCmp(op)) {
    // Stage s works on iv - s*step, real when iv - lb >= s*step (the kernel's iv is never below lb) and below ub.
    const off = cg.fresh('$off');
    cg.emit(`${off} = ${intBinary('subi', r, v, lb, K)!};`);
    cg.emit(`${it} = ${intBinary('subi', r, v, times(s), K)!};`);
    cond = `${cmpiBool('uge', r, off, times(s))} && ${cmpiBool('ult', r, it, ub)}`;
  } else {
    cg.emit(`${it} = ${intBinary('addi', r, v, times(S - 1n - s), K)!};`);
    cond = `${cmpiBool('sge', r, it, lb)} && ${cmpiBool('slt', r, it, ub)}`;
  }
  cg.emit(`${cg.v(pipeline.PredicateOp.result(op))} = (${cond}) ? 1 : 0;`);
});

implementJsExec(pipeline.MaskOp, (cg, op) => {
  const p = pipeline.MaskOp.predicate(op);
  cg.checkPoison(op, p, 'predicate');
  const res = pipeline.MaskOp.results(op);
  cg.emit(`if (${cg.v(p)}) {`);
  cg.indent(() => cg.emitRegion(pipeline.MaskOp.region(op), (vals) => void (res.length && cg.assign(res, vals))));
  if (res.length) {
    cg.emit('} else {');
    cg.indent(() => {
      for (const x of res) cg.emit(`${cg.v(x)} = $P(${cg.K(op)});`);
    });
  }
  cg.emit('}');
});
