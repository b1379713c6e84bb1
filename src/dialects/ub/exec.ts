// How the ub.poison execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import * as ub from './index.js';
import { implementJsExec } from '../../exec/emitters.js';
import { MemRefType, UnrankedMemRefType } from '../../ir/builtin-types.js';

implementJsExec(ub.PoisonOp, (cg, op) => {
  const result = ub.PoisonOp.result(op);
  if (result.type instanceof MemRefType || result.type instanceof UnrankedMemRefType) {
    // Memref values carry no poison marker; an unused one needs no value at all.
    if (result.hasUses) cg.unsupported(op, `a used '${op.opName}' of a memref type is not supported by the execution engine`);
    return;
  }
  cg.emit(`${cg.v(result)} = $P(${cg.K(op)});`);
});
