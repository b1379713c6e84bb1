// How the math: computed as the C library mlir-runner links (the math dialect's libm) execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import * as math from './index.js';
import { implementJsExec } from '../../exec/emitters.js';

// The math ops compute as the C library mlir-runner links does (the math
// dialect's libm, which its folders share): exactly rounded ops need
// nothing more than JavaScript's Math.
implementJsExec(math.SqrtOp, (cg, op) => cg.emitMath(op, 'Math.sqrt'));
implementJsExec(math.AbsFOp, (cg, op) => cg.emitMath(op, 'Math.abs'));
implementJsExec(math.FloorOp, (cg, op) => cg.emitMath(op, 'Math.floor'));
implementJsExec(math.CeilOp, (cg, op) => cg.emitMath(op, 'Math.ceil'));
implementJsExec(math.TruncOp, (cg, op) => cg.emitMath(op, 'Math.trunc'));
implementJsExec(math.ExpOp, (cg, op) => cg.emitMath(op, '$rt.libm.exp', '$rt.libm.expf'));
implementJsExec(math.LogOp, (cg, op) => cg.emitMath(op, '$rt.libm.log', '$rt.libm.logf'));
implementJsExec(math.SinOp, (cg, op) => cg.emitMath(op, '$rt.libm.sin', '$rt.libm.sinf'));
implementJsExec(math.CosOp, (cg, op) => cg.emitMath(op, '$rt.libm.cos', '$rt.libm.cosf'));
implementJsExec(math.PowFOp, (cg, op) => cg.emitMath(op, '$rt.powf', '$rt.libm.powf'));
implementJsExec(math.CopySignOp, (cg, op) => cg.emitMath(op, '$rt.copysign'));
