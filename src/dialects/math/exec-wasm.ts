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
import { ErrCode, WasmUnsupported, type Scalar, type WasmFunctionCompiler } from '../../exec/wasm/compile.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';

// Every math op is elementwise: a poison operand makes the result poison (its
// code skipped: no division by zero in ipowi), as the JavaScript backend's.
const ELEMENTWISE = { propagates: true };

implementWasmExec(math.SqrtOp, (fc, op) => {
  const s = fc.scalar(math.SqrtOp.result(op), op);
  if (s.k !== 'float') throw new WasmUnsupported(op, `'${op.opName}' of this type`);
  fc.push(math.SqrtOp.operand(op));
  fc.body.op(s.vt === 'f32' ? Op.f32_sqrt : Op.f64_sqrt);
  fc.roundFloat(s);
  fc.pop(math.SqrtOp.result(op));
}, ELEMENTWISE);

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
  }, ELEMENTWISE);

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
  }, ELEMENTWISE);

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
implementWasmExec(math.IsNaNOp, (fc, op) => isNaN(fc, op, math.IsNaNOp.operand(op), math.IsNaNOp.result(op)), ELEMENTWISE);
implementWasmExec(math.IsInfOp, (fc, op) => isInf(fc, op, math.IsInfOp.operand(op), math.IsInfOp.result(op)), ELEMENTWISE);
implementWasmExec(math.IsFiniteOp, (fc, op) => isFinite(fc, op, math.IsFiniteOp.operand(op), math.IsFiniteOp.result(op)), ELEMENTWISE);
implementWasmExec(math.IsNormalOp, (fc, op) => isNormal(fc, op, math.IsNormalOp.operand(op), math.IsNormalOp.result(op)), ELEMENTWISE);

// ---- integer ops: in the value's container (i32 for widths <= 32, else
// i64), on its unsigned value where the op counts bits, normalized back to
// the width (semantics.ts's definitions).

function intScalar(fc: WasmFunctionCompiler, op: Operation): Extract<Scalar, { k: 'int' }> {
  const s = fc.scalar(op.result(0), op);
  if (s.k !== 'int') throw new WasmUnsupported(op, `'${op.opName}' of this type`);
  return s;
}

/** |x|, wrapping (the most negative value stays itself); on i1 the identity. */
implementWasmExec(math.AbsIOp, (fc, op) => {
  const s = intScalar(fc, op);
  const x = math.AbsIOp.operand(op);
  const f = fc.body;
  const I = s.vt === 'i32';
  if (s.w > 1) {
    if (I) f.i32(0);
    else f.i64(0n);
    fc.push(x);
    f.op(I ? Op.i32_sub : Op.i64_sub);
    fc.push(x);
    fc.push(x);
    if (I) f.i32(0).op(Op.i32_lt_s);
    else f.i64(0n).op(Op.i64_lt_s);
    f.op(Op.select);
    fc.norm(s);
  } else fc.push(x);
  fc.pop(math.AbsIOp.result(op));
}, ELEMENTWISE);

/** ctlz, cttz, ctpop: the container's count on the unsigned value, corrected for the unused high bits. */
function countBits(kind: 'clz' | 'ctz' | 'popcnt', operand: (op: Operation) => Value, result: (op: Operation) => Value) {
  return (fc: WasmFunctionCompiler, op: Operation): void => {
    const s = intScalar(fc, op);
    const f = fc.body;
    const I = s.vt === 'i32';
    const bits = I ? 32 : 64;
    fc.pushAs(operand(op), 'unsigned', s);
    // cttz of 0 is the width: a bit just above it stops the count there.
    if (kind === 'ctz' && s.w < bits) {
      if (I) f.i32(2 ** s.w).op(Op.i32_or);
      else f.i64(1n << BigInt(s.w)).op(Op.i64_or);
    }
    f.op(kind === 'clz' ? (I ? Op.i32_clz : Op.i64_clz) : kind === 'ctz' ? (I ? Op.i32_ctz : Op.i64_ctz) : I ? Op.i32_popcnt : Op.i64_popcnt);
    if (kind === 'clz' && s.w < bits) {
      if (I) f.i32(bits - s.w).op(Op.i32_sub);
      else f.i64(BigInt(bits - s.w)).op(Op.i64_sub);
    }
    fc.norm(s);
    fc.pop(result(op));
  };
}
const CLZ = math.CountLeadingZerosOp;
const CTZ = math.CountTrailingZerosOp;
implementWasmExec(CLZ, countBits('clz', (op) => CLZ.operand(CLZ.cast(op)), (op) => CLZ.result(CLZ.cast(op))), ELEMENTWISE);
implementWasmExec(CTZ, countBits('ctz', (op) => CTZ.operand(CTZ.cast(op)), (op) => CTZ.result(CTZ.cast(op))), ELEMENTWISE);
implementWasmExec(math.CtPopOp, countBits('popcnt', (op) => math.CtPopOp.operand(math.CtPopOp.cast(op)), (op) => math.CtPopOp.result(math.CtPopOp.cast(op))), ELEMENTWISE);

/**
 * b ** p as semantics.ts's ipowi (convert-math-to-funcs' function): computed
 * in i64 whatever the width (the low w bits of products depend only on the
 * low w bits of the factors), then normalized; 0 to a negative power is
 * division by zero.
 */
implementWasmExec(math.IPowIOp, (fc, op) => {
  const s = intScalar(fc, op);
  const f = fc.body;
  const I = s.vt === 'i32';
  const b = f.local('i64');
  const p = f.local('i64');
  const r = f.local('i64');
  // Signed values (i1: 0 or -1) in i64.
  const load = (v: Value, to: number): void => {
    fc.pushAs(v, 'signed', s);
    if (I) f.op(Op.i64_extend_i32_s);
    f.set(to);
  };
  load(math.IPowIOp.lhs(op), b);
  load(math.IPowIOp.rhs(op), p);
  // On i1 the constant 1 is -1.
  const one = s.w === 1 ? -1n : 1n;
  f.i64(1n).set(r);
  f.structured(Op.block, 'void');
  fc.depth++;
  f.get(p).op(Op.i64_eqz).br(Op.br_if, 0);
  f.get(p).i64(0n).op(Op.i64_lt_s);
  f.structured(Op.if, 'void');
  fc.depth++;
  if (fc.checks.division) {
    f.get(b).op(Op.i64_eqz);
    fc.errorIf(op, ErrCode.div0);
  }
  // b = 1: 1; b = -1: -1 for odd p, else 1; otherwise 0.
  f.i64(1n);
  f.i64(-1n).i64(1n).get(p).i64(1n).op(Op.i64_and).op(Op.i32_wrap_i64).op(Op.select);
  f.i64(0n);
  f.get(b).i64(-1n).op(Op.i64_eq).op(Op.select);
  f.get(b).i64(one).op(Op.i64_eq).op(Op.select);
  f.set(r).br(Op.br, 1);
  f.op(Op.end);
  fc.depth--;
  f.structured(Op.loop, 'void');
  fc.depth++;
  f.get(p).i64(1n).op(Op.i64_and).op(Op.i32_wrap_i64);
  f.structured(Op.if, 'void').get(r).get(b).op(Op.i64_mul).set(r).op(Op.end);
  // p >>= 1 (p is positive here, within its width).
  f.get(p).i64(1n).op(Op.i64_shr_u).set(p);
  f.get(p).op(Op.i64_eqz).br(Op.br_if, 1);
  f.get(b).get(b).op(Op.i64_mul).set(b);
  f.br(Op.br, 0);
  f.op(Op.end);
  fc.depth--;
  f.op(Op.end);
  fc.depth--;
  f.get(r);
  if (I) f.op(Op.i32_wrap_i64);
  fc.norm(s);
  fc.pop(math.IPowIOp.result(op));
}, ELEMENTWISE);
