// How the scf: the structured control-flow ops, emitted by the region drivers of codegen.ts execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import * as scf from './index.js';
import { implementJsExec } from '../../exec/emitters.js';

implementJsExec(scf.ForOp, (cg, op) => cg.emitFor(op));
implementJsExec(scf.IfOp, (cg, op) => cg.emitIf(op));
implementJsExec(scf.WhileOp, (cg, op) => cg.emitWhile(op));
implementJsExec(scf.ExecuteRegionOp, (cg, op) => cg.emitExecuteRegion(op));
implementJsExec(scf.LoopOp, (cg, op) => cg.emitLoop(op));
implementJsExec(scf.IndexSwitchOp, (cg, op) => cg.emitIndexSwitch(op));
implementJsExec(scf.ParallelOp, (cg, op) => cg.emitParallel(op));
implementJsExec(scf.ForallOp, (cg, op) => cg.emitForall(op));
