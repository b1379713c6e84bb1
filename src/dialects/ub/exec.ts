// How the ub.poison execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import * as ub from './index.js';
import { implementJsExec } from '../../exec/emitters.js';
import { MemRefType, UnrankedMemRefType, VectorType } from '../../ir/builtin-types.js';

implementJsExec(ub.PoisonOp, (cg, op) => {
  const result = ub.PoisonOp.result(op);
  if (result.type instanceof MemRefType || result.type instanceof UnrankedMemRefType) {
    // Memref values carry no poison marker: a freed, empty memref stands in
    // (any access is a located error). Uses in code that never runs
    // (remove-dead-values makes them) cost nothing.
    if (!result.hasUses) return;
    cg.emit(`${cg.v(result)} = $rt.poisonMemref(${result.type instanceof MemRefType ? result.type.rank : 0});`);
    cg.afterDefine(result);
    return;
  }
  // A vector is poison lane by lane, as elementwise ops and vector.print see it.
  if (result.type instanceof VectorType) cg.emit(`${cg.v(result)} = $rt.vmap(${result.type.numElements}, () => $P(${cg.K(op)}));`);
  else cg.emit(`${cg.v(result)} = $P(${cg.K(op)});`);
});
