// scf-for-to-while: rewrites every scf.for into an scf.while whose `before`
// region compares the induction variable with the upper bound and whose
// `after` region holds the body plus the increment (applied greedily).

import { UnknownLoc, type Location } from '../../ir/location.js';
import type { Operation, Value } from '../../ir/operation.js';
import { pattern } from '../../ir/pattern.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { applyPatternsGreedily, FrozenPatternSet } from '../greedy.js';
import { AddIOp, CmpIOp, CmpIPredicate } from '../../dialects/arith/index.js';
import { ConditionOp, ForOp, WhileOp, YieldOp } from '../../dialects/scf/index.js';
import { allAttrs } from '../../ods/index.js';

/** Value::getLoc: a block argument's location, or its defining op's. */
function valueLoc(v: Value): Location {
  const d = v.definingOp;
  if (d) return d.location;
  return (v as { location?: Location }).location ?? UnknownLoc.get();
}

export const forToWhilePattern = pattern(ForOp, (forOp, rewriter) => {
  const location = forOp.location;
  const iv = ForOp.inductionVar(forOp);
  const inits = ForOp.initArgs(forOp);
  const types = [iv.type, ...inits.map((v) => v.type)];
  const locs = [iv.location, ...inits.map(valueLoc)];
  // MLIR copies the loop's attributes (unsignedCmp included) onto the while.
  const whileOp = WhileOp.build(rewriter, {
    inits: [ForOp.lowerBound(forOp), ...inits],
    results: types,
    discardable: Object.fromEntries(allAttrs(forOp)),
    location,
  });
  const before = rewriter.createBlockIn(WhileOp.before(whileOp), null, types, locs);
  const predicate = ForOp.unsignedCmp(forOp) ? CmpIPredicate.case.ult : CmpIPredicate.case.slt;
  const cond = CmpIOp.build(rewriter, { predicate, lhs: before.args[0], rhs: ForOp.upperBound(forOp), location });
  ConditionOp.build(rewriter, { condition: CmpIOp.result(cond), args: before.args, location });
  const after = rewriter.createBlockIn(WhileOp.after(whileOp), null, types, locs);
  const next = AddIOp.build(rewriter, { lhs: after.args[0], rhs: ForOp.step(forOp), location });
  const body = ForOp.body(forOp);
  body.args.forEach((a, i) => rewriter.replaceAllUsesWith(a, after.args[i]));
  for (const op of body.ops) {
    op.remove();
    after.append(op);
  }
  const yieldOp = after.last!;
  if (YieldOp.isa(yieldOp))
    rewriter.modifyOpInPlace(yieldOp, () => yieldOp.setOperands([AddIOp.result(next), ...YieldOp.results(yieldOp)]));
  forOp.results.forEach((r, i) => rewriter.replaceAllUsesWith(r, whileOp.results[i + 1]));
  rewriter.eraseOp(forOp);
  return true;
});

export const ForToWhileLoopInfo: PassInfo = {
  argument: 'scf-for-to-while',
  name: 'SCFForToWhileLoop',
  description: 'Convert SCF for loops to SCF while loops',
  create: () => new ForToWhileLoop(),
};

class ForToWhileLoop extends Pass {
  constructor() {
    super(ForToWhileLoopInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    applyPatternsGreedily(run.ctx, op, new FrozenPatternSet([forToWhilePattern]));
  }
}
