// How the math ops execute in the WebAssembly backend: the per-op emitters
// registered with the backend (src/exec/wasm/emitters.ts); compile.ts drives
// them. sqrt is wasm's own instruction (correctly rounded); the ops computed
// by the C library or by MLIR's lowering call semantics.ts's functions, the
// JavaScript backend's, through the `floatFn` import.

import * as math from './index.js';
import { FLOAT_FN_OPS, floatFnKey } from './exec.js';
import { MIN_NORMAL } from './semantics.js';
import type { Operation, Value } from '../../ir/operation.js';
import { Op } from '../../exec/wasm/encoder.js';
import { WasmUnsupported, type WasmFunctionCompiler } from '../../exec/wasm/compile.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';

implementWasmExec(math.SqrtOp, (fc, op) => {
  const s = fc.scalar(math.SqrtOp.result(op), op);
  if (s.k !== 'float') throw new WasmUnsupported(op, `'${op.opName}' of this type`);
  fc.push(math.SqrtOp.operand(op));
  fc.body.op(s.vt === 'f32' ? Op.f32_sqrt : Op.f64_sqrt);
  fc.roundFloat(s);
  fc.pop(math.SqrtOp.result(op));
});

// Exact on every value of the type (no rounding): wasm's own instructions.
const EXACT = [
  [math.AbsFOp, Op.f32_abs, Op.f64_abs],
  [math.FloorOp, Op.f32_floor, Op.f64_floor],
  [math.CeilOp, Op.f32_ceil, Op.f64_ceil],
  [math.TruncOp, Op.f32_trunc, Op.f64_trunc],
  [math.CopySignOp, Op.f32_copysign, Op.f64_copysign],
] as const;
for (const [handle, op32, op64] of EXACT)
  implementWasmExec(handle, (fc, op) => {
    const r = op.result(0);
    const s = fc.scalar(r, op);
    if (s.k !== 'float') throw new WasmUnsupported(op, `'${op.opName}' of this type`);
    for (const v of op.operands) fc.push(v);
    fc.body.op(s.vt === 'f32' ? op32 : op64);
    fc.pop(r);
  });

for (const handle of FLOAT_FN_OPS)
  implementWasmExec(handle, (fc, op) => {
    const r = op.result(0);
    const s = fc.scalar(r, op);
    if (s.k !== 'float') throw new WasmUnsupported(op, `'${op.opName}' of this type`);
    const f = fc.body;
    f.i32(fc.stringId(floatFnKey(handle, s.f)));
    const args = op.operands;
    for (let i = 0; i < 3; i++) {
      const v = args[i];
      if (!v) {
        f.f64(0);
        continue;
      }
      const k = fc.scalar(v, op);
      fc.push(v);
      if (k.k === 'float') {
        if (k.vt === 'f32') f.op(Op.f64_promote_f32);
      } else if (k.vt === 'i32' && k.w > 1) f.op(Op.f64_convert_i32_s); // fpowi's exponent: a C int
      else throw new WasmUnsupported(op, `'${op.opName}' with this exponent type`);
    }
    f.call(fc.imports.floatFn);
    if (s.vt === 'f32') f.op(Op.f32_demote_f64);
    fc.roundFloat(s);
    fc.pop(r);
  });

// Classifications: an i1 from f64 comparisons (f32 operands promoted exactly).
function classify(test: 'nan' | 'inf' | 'finite' | 'normal') {
  return (fc: WasmFunctionCompiler, op: Operation, x: Value, res: Value): void => {
    const s = fc.scalar(x, op);
    if (s.k !== 'float') throw new WasmUnsupported(op, `'${op.opName}' of this type`);
    const f = fc.body;
    const push = (): void => {
      fc.push(x);
      if (s.vt === 'f32') f.op(Op.f64_promote_f32);
    };
    push();
    if (test === 'nan') {
      push();
      f.op(Op.f64_ne);
    } else {
      f.op(Op.f64_abs);
      if (test === 'inf') f.f64(Infinity).op(Op.f64_eq);
      else if (test === 'finite') f.f64(Infinity).op(Op.f64_lt);
      else {
        f.f64(MIN_NORMAL[s.f]).op(Op.f64_ge);
        push();
        f.op(Op.f64_abs).f64(Infinity).op(Op.f64_lt).op(Op.i32_and);
      }
    }
    fc.pop(res);
  };
}
const isNaN = classify('nan');
const isInf = classify('inf');
const isFinite = classify('finite');
const isNormal = classify('normal');
implementWasmExec(math.IsNaNOp, (fc, op) => isNaN(fc, op, math.IsNaNOp.operand(op), math.IsNaNOp.result(op)));
implementWasmExec(math.IsInfOp, (fc, op) => isInf(fc, op, math.IsInfOp.operand(op), math.IsInfOp.result(op)));
implementWasmExec(math.IsFiniteOp, (fc, op) => isFinite(fc, op, math.IsFiniteOp.operand(op), math.IsFiniteOp.result(op)));
implementWasmExec(math.IsNormalOp, (fc, op) => isNormal(fc, op, math.IsNormalOp.operand(op), math.IsNormalOp.result(op)));
