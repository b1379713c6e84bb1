// How the arith ops execute in the WebAssembly backend: the per-op emitters
// registered with the backend (src/exec/wasm/emitters.ts); compile.ts drives
// them. Integers keep their exact semantics at every width up to 64 (see
// compile.ts: sign-extended in i32 or i64 locals, i1 as 0/1). The integer
// binary ops and casts are shared with the index dialect (index/exec-wasm.ts).

import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import type { Operation, Value } from '../../ir/operation.js';
import type { OpOf } from '../../ods/index.js';
import * as arith from './index.js';
import { CAST_OPS, FLOAT_BINARY_OPS, INT_BINARY_OPS, castOf, floatBinaryOf, intBinaryOf } from '../../exec/op-kinds.js';
import { Op, type FunctionBody } from '../../exec/wasm/encoder.js';
import { ErrCode, WasmUnsupported, type Scalar, type WasmFunctionCompiler } from '../../exec/wasm/compile.js';
import { implementWasmExec, implementWasmExecFor } from '../../exec/wasm/emitters.js';
import { wideAddUIExtended, wideCast, wideCmpI, wideConstant, wideIntBinary, wideMulExtended } from '../../exec/wasm/wide-int.js';
import { emitDenseVector } from '../../exec/wasm/vector-values.js';

/** An integer binary op (arith's or index's, by op-kinds.ts). */
function emitIntBinaryOp(fc: WasmFunctionCompiler, op: Operation): void {
  const bin = intBinaryOf(op)!;
  // Integers wider than 64 bits: limb code (wide-int.ts).
  if (wideIntBinary(fc, op, bin.kind, bin.lhs(op), bin.rhs(op), bin.result(op), bin.overflowFlags(op))) return;
  intBinary(fc, op, bin.kind, bin.lhs(op), bin.rhs(op), bin.result(op), bin.overflowFlags(op));
}

/** A cast (arith's or index's, by op-kinds.ts). */
function emitCastOp(fc: WasmFunctionCompiler, op: Operation): void {
  const c = castOf(op)!;
  if (wideCast(fc, op, c.kind, c.input(op), c.output(op), c.overflowFlags(op))) return;
  if (c.kind === 'fptosi' || c.kind === 'fptoui') return floatToInt(fc, op, c.kind === 'fptosi', c.input(op), c.output(op));
  cast(fc, op, c.kind, c.input(op), c.output(op));
  const flags = c.overflowFlags(op);
  if (flags) truncPoison(fc, op, flags, c.input(op), c.output(op));
}

/**
 * fptosi/fptoui: the truncated value, poison produced by `op` when it is NaN,
 * infinite or outside the width's signed (unsigned) range, as the JavaScript
 * backend's fpToSI/fpToUI (out-of-range values convert as 0: wasm's
 * conversions trap there).
 */
function floatToInt(fc: WasmFunctionCompiler, op: Operation, signed: boolean, input: Value, output: Value): void {
  const from = fc.scalar(input, op);
  const to = fc.scalar(output, op);
  if (from.k !== 'float' || to.k !== 'int') throw new WasmUnsupported(op, `'${op.opName}' of these types`);
  const f = fc.body;
  const t = f.local('f64');
  const ok = f.local('i32');
  fc.push(input);
  if (from.vt === 'f32') f.op(Op.f64_promote_f32);
  f.op(Op.f64_trunc).set(t);
  // NaN fails both comparisons; the bounds are powers of two (exact in f64), the upper one excluded.
  const [lo, hi] = signed ? (to.w === 1 ? [-1, 1] : [-(2 ** (to.w - 1)), 2 ** (to.w - 1)]) : [0, 2 ** to.w];
  f.get(t).f64(lo).op(Op.f64_ge).get(t).f64(hi).op(Op.f64_lt).op(Op.i32_and).set(ok);
  f.get(t).f64(0).get(ok).op(Op.select);
  // Unsigned 32/64-bit values beyond the signed range keep their bits (the representation is sign-extended).
  const u = !signed && to.w === (to.vt === 'i32' ? 32 : 64);
  f.op(to.vt === 'i32' ? (u ? Op.i32_trunc_f64_u : Op.i32_trunc_f64_s) : u ? Op.i64_trunc_f64_u : Op.i64_trunc_f64_s);
  fc.norm(to);
  fc.pop(output);
  f.get(ok).op(Op.i32_eqz);
  fc.setPoison(op, output);
}

/** trunci's nsw/nuw: poison produced by `op` when the input's signed (unsigned) value leaves the result's width (as truncCheck). */
function truncPoison(fc: WasmFunctionCompiler, op: Operation, flags: number, input: Value, output: Value): void {
  const from = fc.scalar(input, op);
  const to = fc.scalar(output, op);
  if (from.k !== 'int' || to.k !== 'int') return;
  for (const signed of [true, false]) {
    if (!(flags & (signed ? 1 : 2))) continue;
    pushI64(fc, input, from, signed ? 'signed' : 'unsigned');
    outOfRange(fc.body, to.w, signed);
    fc.setPoison(op, output);
  }
}

const FLOAT_CODES: Record<string, [number, number]> = {
  addf: [Op.f32_add, Op.f64_add],
  subf: [Op.f32_sub, Op.f64_sub],
  mulf: [Op.f32_mul, Op.f64_mul],
  divf: [Op.f32_div, Op.f64_div],
  maximumf: [Op.f32_max, Op.f64_max],
  minimumf: [Op.f32_min, Op.f64_min],
};

function floatBinary(fc: WasmFunctionCompiler, op: Operation): void {
  const fb = floatBinaryOf(op)!;
  const f = fc.body;
  const s = fc.scalar(fb.result(op), op);
  const code = FLOAT_CODES[fb.kind];
  if (fb.kind === 'remf' && s.k === 'float') {
    // fmod is exact, so the f64 remainder of two f32 values is the f32 one.
    fc.push(fb.lhs(op));
    if (s.vt === 'f32') f.op(Op.f64_promote_f32);
    fc.push(fb.rhs(op));
    if (s.vt === 'f32') f.op(Op.f64_promote_f32);
    f.call(fc.imports.fmod);
    if (s.vt === 'f32') f.op(Op.f32_demote_f64);
    fc.roundFloat(s);
    return fc.pop(fb.result(op));
  }
  if ((fb.kind === 'maxnumf' || fb.kind === 'minnumf') && s.k === 'float') {
    // a is NaN ? b : b is NaN ? a : max(a, b), as the JavaScript backend (NaN only when both are).
    const [a, b] = [fb.lhs(op), fb.rhs(op)];
    const [max, ne] = s.vt === 'f32' ? [FLOAT_CODES[fb.kind === 'maxnumf' ? 'maximumf' : 'minimumf'][0], Op.f32_ne] : [FLOAT_CODES[fb.kind === 'maxnumf' ? 'maximumf' : 'minimumf'][1], Op.f64_ne];
    fc.push(b);
    fc.push(a);
    fc.push(a);
    fc.push(b);
    f.op(max);
    fc.push(b);
    fc.push(b);
    f.op(ne).op(Op.select);
    fc.push(a);
    fc.push(a);
    f.op(ne).op(Op.select);
    return fc.pop(fb.result(op));
  }
  if (!code || s.k !== 'float') throw new WasmUnsupported(op, `'${op.opName}'`);
  fc.push(fb.lhs(op));
  fc.push(fb.rhs(op));
  f.op(code[s.vt === 'f32' ? 0 : 1]);
  // f16/bf16 compute in f64 and round once: exact, as the JavaScript backend (max/min need no rounding).
  if (fb.kind !== 'maximumf' && fb.kind !== 'minimumf') fc.roundFloat(s);
  fc.pop(fb.result(op));
}

function constant(fc: WasmFunctionCompiler, op: OpOf<typeof arith.ConstantOp>): void {
  const f = fc.body;
  const a = arith.ConstantOp.value(op);
  const r = arith.ConstantOp.result(op);
  if (a instanceof IntegerAttr && wideConstant(fc, op, a.value, r)) return;
  if (a instanceof DenseIntOrFPElementsAttr) return emitDenseVector(fc, op, a, r);
  const s = fc.scalar(r, op);
  if (a instanceof IntegerAttr && s.k === 'int') {
    if (s.vt === 'i32') f.i32(s.w === 1 ? Number(a.value & 1n) : Number(BigInt.asIntN(s.w, a.value)));
    else f.i64(BigInt.asIntN(s.w, a.value));
  } else if (a instanceof FloatAttr && s.k === 'float') {
    if (s.vt === 'f32') f.f32(a.value);
    else f.f64(a.value);
  } else throw new WasmUnsupported(op, `'${op.opName}' of this value`);
  fc.pop(r);
}

const CMPI_CODES: Record<string, [number, number]> = {
  eq: [Op.i32_eq, Op.i64_eq],
  ne: [Op.i32_ne, Op.i64_ne],
  slt: [Op.i32_lt_s, Op.i64_lt_s],
  sle: [Op.i32_le_s, Op.i64_le_s],
  sgt: [Op.i32_gt_s, Op.i64_gt_s],
  sge: [Op.i32_ge_s, Op.i64_ge_s],
  ult: [Op.i32_lt_u, Op.i64_lt_u],
  ule: [Op.i32_le_u, Op.i64_le_u],
  ugt: [Op.i32_gt_u, Op.i64_gt_u],
  uge: [Op.i32_ge_u, Op.i64_ge_u],
};

/** An integer comparison by predicate name (arith.cmpi's; index.cmp shares it). */
export function emitCmpI(fc: WasmFunctionCompiler, op: Operation, pred: string, lhs: Value, rhs: Value, result: Value): void {
  if (wideCmpI(fc, op, pred, lhs, rhs, result)) return;
  const s = fc.scalar(lhs, op);
  if (s.k !== 'int') throw new WasmUnsupported(op, 'vector comparisons');
  const how = pred[0] === 'u' ? 'unsigned' : 'signed';
  fc.pushAs(lhs, how, s);
  fc.pushAs(rhs, how, s);
  fc.body.op(CMPI_CODES[pred][s.vt === 'i32' ? 0 : 1]);
  fc.pop(result);
}

function select(fc: WasmFunctionCompiler, op: OpOf<typeof arith.SelectOp>): void {
  const r = arith.SelectOp.result(op);
  const k = fc.kind(r, op);
  if (k.k === 'unranked' || fc.kind(arith.SelectOp.condition(op), op).k !== 'int') throw new WasmUnsupported(op, `'${op.opName}' of this type`);
  const [c, a, b] = [arith.SelectOp.condition(op), arith.SelectOp.true_value(op), arith.SelectOp.false_value(op)];
  // Local by local (a wide integer has several; a memref its address, offset, sizes and strides).
  const [la, lb] = [fc.localsOf(a), fc.localsOf(b)];
  if (!la || !lb) throw new WasmUnsupported(op, 'a value used before its definition');
  const lr = fc.def(r);
  lr.forEach((x, i) => {
    fc.body.get(la[i]).get(lb[i]);
    fc.push(c);
    fc.body.op(Op.select).set(x);
  });
  // The marker: the condition's when it is poison (as the JavaScript backend), else the chosen value's.
  const p = fc.poisonOf(r);
  if (p === undefined) {
    for (const x of [c, a, b]) if (fc.poisonOf(x) !== undefined) throw new WasmUnsupported(op, `'${op.opName}' of a value that may be poison`);
    return;
  }
  const f = fc.body;
  const marker = (x: Value): void => {
    const q = fc.poisonOf(x);
    if (q === undefined) f.i32(0);
    else f.get(q);
  };
  const pc = fc.poisonOf(c);
  if (pc !== undefined) f.get(pc);
  marker(a);
  marker(b);
  fc.push(c);
  f.op(Op.select);
  if (pc !== undefined) f.get(pc).op(Op.select);
  f.set(p);
}

function negf(fc: WasmFunctionCompiler, op: OpOf<typeof arith.NegFOp>): void {
  const s = fc.scalar(arith.NegFOp.result(op), op);
  fc.push(arith.NegFOp.operand(op));
  fc.body.op(s.vt === 'f32' ? Op.f32_neg : Op.f64_neg);
  fc.pop(arith.NegFOp.result(op));
}

function intBinary(fc: WasmFunctionCompiler, op: Operation, kindIn: string, lhs: Value, rhs: Value, res: Value, flags: number): void {
  let kind = kindIn;
  const s = fc.scalar(res, op);
  if (s.k !== 'int') throw new WasmUnsupported(op, 'vector arithmetic');
  const f = fc.body;
  const I = s.vt === 'i32';
  const pick = (a: number, b: number): number => (I ? a : b);
  // On i1 (0 or 1, signed -1): the signed max is `and`, the unsigned max `or`; shifts are by 0.
  if (s.w === 1 && (kind === 'maxsi' || kind === 'minui')) kind = 'andi';
  else if (s.w === 1 && (kind === 'minsi' || kind === 'maxui')) kind = 'ori';
  // Unsigned division of i1 values (0 or 1) is that of their containers.
  if (s.w === 1 && !['andi', 'ori', 'xori', 'addi', 'subi', 'muli', 'shli', 'shrsi', 'shrui', 'divui', 'remui'].includes(kind)) throw new WasmUnsupported(op, `'${op.opName}' on i1`);
  const min = -(1n << BigInt(s.w - 1));
  const rc = fc.constInt(rhs);
  const zeroCheck = (): void => {
    if ((rc !== undefined && rc !== 0n) || !fc.checks.division) return;
    fc.push(rhs);
    f.op(pick(Op.i32_eqz, Op.i64_eqz));
    fc.errorIf(op, ErrCode.div0);
  };
  const ovfCheck = (): void => {
    if ((rc !== undefined && rc !== -1n) || !fc.checks.division) return;
    fc.push(lhs);
    if (I) f.i32(Number(min)).op(Op.i32_eq);
    else f.i64(min).op(Op.i64_eq);
    fc.push(rhs);
    if (I) f.i32(-1).op(Op.i32_eq);
    else f.i64(-1n).op(Op.i64_eq);
    f.op(Op.i32_and);
    fc.errorIf(op, ErrCode.overflow);
  };
  const simple = (code32: number, code64: number, how?: 'signed' | 'unsigned'): void => {
    if (how) {
      fc.pushAs(lhs, how, s);
      fc.pushAs(rhs, how, s);
    } else {
      fc.push(lhs);
      fc.push(rhs);
    }
    f.op(pick(code32, code64));
    fc.norm(s);
  };
  const constShift = (): number | undefined => {
    const d = rhs.definingOp;
    const a = d && arith.ConstantOp.isa(d) ? arith.ConstantOp.value(d) : undefined;
    const c = a instanceof IntegerAttr ? BigInt.asUintN(s.w, a.value) : undefined;
    return c !== undefined && c < BigInt(s.w) ? Number(c) : undefined;
  };
  switch (kind) {
    case 'addi':
      if (s.w === 1) simple(Op.i32_xor, Op.i64_xor);
      else simple(Op.i32_add, Op.i64_add);
      break;
    case 'subi':
      if (s.w === 1) simple(Op.i32_xor, Op.i64_xor);
      else simple(Op.i32_sub, Op.i64_sub);
      break;
    case 'muli':
      if (s.w === 1) simple(Op.i32_and, Op.i64_and);
      else simple(Op.i32_mul, Op.i64_mul);
      break;
    case 'andi':
      simple(Op.i32_and, Op.i64_and);
      break;
    case 'ori':
      simple(Op.i32_or, Op.i64_or);
      break;
    case 'xori':
      simple(Op.i32_xor, Op.i64_xor);
      break;
    case 'divsi':
    case 'remsi':
      zeroCheck();
      ovfCheck();
      simple(kind === 'divsi' ? Op.i32_div_s : Op.i32_rem_s, kind === 'divsi' ? Op.i64_div_s : Op.i64_rem_s);
      break;
    case 'floordivsi':
    case 'ceildivsi': {
      zeroCheck();
      ovfCheck();
      // The truncated quotient, moved one down (floor) or up (ceil) when
      // the remainder is nonzero and its sign differs from (floor) or
      // matches (ceil) the divisor's.
      const vt = I ? 'i32' : 'i64';
      const q = f.local(vt);
      const r = f.local(vt);
      fc.push(lhs);
      fc.push(rhs);
      f.op(pick(Op.i32_div_s, Op.i64_div_s)).set(q);
      fc.push(lhs);
      fc.push(rhs);
      f.op(pick(Op.i32_rem_s, Op.i64_rem_s)).set(r);
      f.get(q);
      f.get(r);
      if (I) f.i32(0).op(Op.i32_ne);
      else f.i64(0n).op(Op.i64_ne);
      f.get(r);
      fc.push(rhs);
      f.op(pick(Op.i32_xor, Op.i64_xor));
      if (I) f.i32(0).op(kind === 'floordivsi' ? Op.i32_lt_s : Op.i32_ge_s);
      else f.i64(0n).op(kind === 'floordivsi' ? Op.i64_lt_s : Op.i64_ge_s);
      f.op(Op.i32_and);
      if (!I) f.op(Op.i64_extend_i32_u);
      f.op(kind === 'floordivsi' ? pick(Op.i32_sub, Op.i64_sub) : pick(Op.i32_add, Op.i64_add));
      fc.norm(s);
      break;
    }
    case 'divui':
    case 'remui':
      // By a power of two: a shift or a mask of the unsigned value.
      if (rc !== undefined && rc > 0n && (BigInt.asUintN(s.w, rc) & (BigInt.asUintN(s.w, rc) - 1n)) === 0n) {
        const u = BigInt.asUintN(s.w, rc);
        fc.pushAs(lhs, 'unsigned', s);
        const lg = u.toString(2).length - 1;
        if (kind === 'divui') {
          if (I) f.i32(lg).op(Op.i32_shr_u);
          else f.i64(BigInt(lg)).op(Op.i64_shr_u);
        } else if (I) f.i32(Number(u - 1n)).op(Op.i32_and);
        else f.i64(u - 1n).op(Op.i64_and);
        fc.norm(s);
        break;
      }
      zeroCheck();
      simple(kind === 'divui' ? Op.i32_div_u : Op.i32_rem_u, kind === 'divui' ? Op.i64_div_u : Op.i64_rem_u, 'unsigned');
      break;
    case 'ceildivui': {
      // The unsigned quotient, plus one when the remainder is nonzero.
      zeroCheck();
      simple(Op.i32_div_u, Op.i64_div_u, 'unsigned');
      fc.pushAs(lhs, 'unsigned', s);
      fc.pushAs(rhs, 'unsigned', s);
      f.op(pick(Op.i32_rem_u, Op.i64_rem_u));
      if (I) f.i32(0).op(Op.i32_ne);
      else f.i64(0n).op(Op.i64_ne).op(Op.i64_extend_i32_u);
      f.op(pick(Op.i32_add, Op.i64_add));
      fc.norm(s);
      break;
    }
    case 'maxsi':
    case 'minsi':
    case 'maxui':
    case 'minui': {
      const how = kind[3] === 's' ? 'signed' : 'unsigned';
      fc.push(lhs);
      fc.push(rhs);
      fc.pushAs(lhs, how, s);
      fc.pushAs(rhs, how, s);
      const cmp = kind.startsWith('max') ? (how === 'signed' ? pick(Op.i32_gt_s, Op.i64_gt_s) : pick(Op.i32_gt_u, Op.i64_gt_u)) : how === 'signed' ? pick(Op.i32_lt_s, Op.i64_lt_s) : pick(Op.i32_lt_u, Op.i64_lt_u);
      f.op(cmp).op(Op.select);
      break;
    }
    case 'shli':
    case 'shrsi':
    case 'shrui': {
      const c = constShift();
      if (kind === 'shrui') fc.pushAs(lhs, 'unsigned', s);
      else fc.push(lhs);
      if (c === undefined) fc.push(rhs);
      else if (I) f.i32(c);
      else f.i64(BigInt(c));
      f.op(kind === 'shli' ? pick(Op.i32_shl, Op.i64_shl) : kind === 'shrsi' ? pick(Op.i32_shr_s, Op.i64_shr_s) : pick(Op.i32_shr_u, Op.i64_shr_u));
      fc.norm(s);
      fc.pop(res);
      // By the width or more: poison (wasm shifts by the amount modulo 32 or 64; the value is not used then).
      // Without a marker the poison analysis proved the amount below the width.
      if (c === undefined && fc.poisonOf(res) !== undefined) {
        fc.pushAs(rhs, 'unsigned', s);
        if (I) f.i32(s.w).op(Op.i32_ge_u);
        else f.i64(BigInt(s.w)).op(Op.i64_ge_u);
        fc.setPoison(op, res);
      }
      if (flags) overflowPoison(fc, op, kind, flags, s, lhs, rhs, res);
      return;
    }
    default:
      throw new WasmUnsupported(op, `'${op.opName}'`);
  }
  fc.pop(res);
  if (flags) overflowPoison(fc, op, kind, flags, s, lhs, rhs, res);
}

/** Pushes integer `v` of scalar `s` as an i64 holding its signed (or unsigned) value. */
function pushI64(fc: WasmFunctionCompiler, v: Value, s: Scalar & { k: 'int' }, how: 'signed' | 'unsigned'): void {
  fc.pushAs(v, how, s);
  if (s.vt === 'i32') fc.body.op(how === 'signed' ? Op.i64_extend_i32_s : Op.i64_extend_i32_u);
}

/** Whether the i64 on the stack is outside the signed (sext) or unsigned (zext) range of width w: pops it, pushes an i32. */
function outOfRange(f: FunctionBody, w: number, signed: boolean): void {
  if (w === 64) return void f.op(Op.drop).i32(0);
  const t = f.local('i64');
  f.set(t);
  if (signed) f.get(t).i64(BigInt(64 - w)).op(Op.i64_shl).i64(BigInt(64 - w)).op(Op.i64_shr_s).get(t).op(Op.i64_ne);
  else f.get(t).i64(BigInt(w)).op(Op.i64_shr_u).i64(0n).op(Op.i64_ne);
}

/**
 * nsw/nuw (flags bits 1 and 2) on addi/subi/muli/shli: the result is poison
 * produced by `op` when the exact signed (unsigned) result leaves the width,
 * as the JavaScript backend's overflowCheck computes (a shift amount at or
 * beyond the width is poison already).
 */
function overflowPoison(fc: WasmFunctionCompiler, op: Operation, kind: string, flags: number, s: Scalar & { k: 'int' }, lhs: Value, rhs: Value, res: Value): void {
  const f = fc.body;
  for (const signed of [true, false]) {
    if (!(flags & (signed ? 1 : 2))) continue;
    const how = signed ? 'signed' : 'unsigned';
    if (kind === 'shli') {
      // (result >> amount) == lhs, in the width (the shifted-out bits, or a sign change, differ).
      if (s.w === 1) continue;
      fc.pushAs(res, how, s);
      fc.pushAs(rhs, 'unsigned', s);
      f.op(s.vt === 'i32' ? (signed ? Op.i32_shr_s : Op.i32_shr_u) : signed ? Op.i64_shr_s : Op.i64_shr_u);
      fc.pushAs(lhs, how, s);
      f.op(s.vt === 'i32' ? Op.i32_ne : Op.i64_ne);
    } else if (s.w <= 32 || kind !== 'muli') {
      // Exact in i64 for widths up to 32 (and sums and differences up to 63); at 64, the sign tests.
      if (s.w === 64) {
        const r = fc.localsOf(res)![0];
        const [a, b] = [fc.localsOf(lhs)![0], fc.localsOf(rhs)![0]];
        if (signed && kind === 'addi') f.get(r).get(a).op(Op.i64_xor).get(r).get(b).op(Op.i64_xor).op(Op.i64_and).i64(0n).op(Op.i64_lt_s);
        else if (signed) f.get(a).get(b).op(Op.i64_xor).get(a).get(r).op(Op.i64_xor).op(Op.i64_and).i64(0n).op(Op.i64_lt_s);
        else if (kind === 'addi') f.get(r).get(a).op(Op.i64_lt_u);
        else f.get(a).get(b).op(Op.i64_lt_u);
      } else {
        pushI64(fc, lhs, s, how);
        pushI64(fc, rhs, s, how);
        f.op(kind === 'addi' ? Op.i64_add : kind === 'subi' ? Op.i64_sub : Op.i64_mul);
        outOfRange(f, s.w, signed);
      }
    } else {
      // A product of wide values: the 64-bit product overflows (checked by
      // dividing back; a zero or -1 factor cannot overflow but for -1 * min), or leaves the width.
      const [a, b, r] = [f.local('i64'), f.local('i64'), f.local('i64')];
      pushI64(fc, lhs, s, how);
      f.set(a);
      pushI64(fc, rhs, s, how);
      f.set(b);
      f.get(a).get(b).op(Op.i64_mul).set(r);
      const o = f.local('i32');
      f.i32(0).set(o);
      f.get(a).i64(0n).op(Op.i64_ne).structured(Op.if, 'void');
      if (signed) {
        f.get(a).i64(-1n).op(Op.i64_eq).structured(Op.if, 'void');
        f.get(b).i64(-(1n << 63n)).op(Op.i64_eq).set(o);
        f.op(Op.else);
        f.get(r).get(a).op(Op.i64_div_s).get(b).op(Op.i64_ne).set(o);
        f.op(Op.end);
      } else f.get(r).get(a).op(Op.i64_div_u).get(b).op(Op.i64_ne).set(o);
      f.op(Op.end);
      f.get(o);
      f.get(r);
      outOfRange(f, s.w, signed);
      f.op(Op.i32_or);
    }
    fc.setPoison(op, res);
  }
}

/**
 * A constant step in (0, 2^32): below a size of at most 2^31 elements, the
 * induction variable cannot wrap past 2^63 back to negative values.
 */

function cast(fc: WasmFunctionCompiler, op: Operation, kind: string, input: Value, output: Value): void {
  const from = fc.scalar(input, op);
  const to = fc.scalar(output, op);
  const f = fc.body;
  fc.push(input);
  const intToInt = (how: 'signed' | 'unsigned'): void => {
    if (from.k !== 'int' || to.k !== 'int') throw new WasmUnsupported(op, `'${op.opName}' of these types`);
    if (how === 'signed') fc.signed(from);
    else fc.unsigned(from);
    if (from.vt === 'i32' && to.vt === 'i64') f.op(how === 'signed' || from.w === 32 ? (how === 'signed' ? Op.i64_extend_i32_s : Op.i64_extend_i32_u) : Op.i64_extend_i32_u);
    else if (from.vt === 'i64' && to.vt === 'i32') f.op(Op.i32_wrap_i64);
    fc.norm(to);
  };
  switch (kind) {
    case 'extsi':
    case 'index_cast':
      intToInt('signed');
      break;
    case 'extui':
    case 'index_castui':
      intToInt('unsigned');
      break;
    case 'trunci':
      intToInt('signed');
      break;
    case 'sitofp':
    case 'uitofp': {
      if (from.k !== 'int' || to.k !== 'float') throw new WasmUnsupported(op, `'${op.opName}' of these types`);
      const u = kind === 'uitofp';
      // Through a plain double, an integer above 2^53 would be rounded twice; bf16 goes through
      // round-to-odd instead (f16's range ends below 2^17: such integers are infinite either way).
      if (to.f === 'bf16' && from.w > 53) {
        if (u) {
          fc.unsigned(from);
          f.call(fc.helper('oddU64'));
        } else {
          // |x| (the minimum's magnitude 2^63 is right as unsigned), then the sign.
          const x = f.local('i64');
          const neg = f.local('i32');
          f.set(x).get(x).i64(0n).op(Op.i64_lt_s).set(neg);
          f.i64(0n).get(x).op(Op.i64_sub).get(x).get(neg).op(Op.select).call(fc.helper('oddU64'));
          f.f64(-1).f64(1).get(neg).op(Op.select).op(Op.f64_mul);
        }
        fc.roundFloat(to);
        break;
      }
      if (u) fc.unsigned(from);
      else fc.signed(from);
      // Masked values of widths below the container are non-negative: signed conversion is exact.
      const useU = u && (from.w === 32 || from.w === 64);
      const table = to.vt === 'f32' ? (from.vt === 'i32' ? [Op.f32_convert_i32_s, Op.f32_convert_i32_u] : [Op.f32_convert_i64_s, Op.f32_convert_i64_u]) : from.vt === 'i32' ? [Op.f64_convert_i32_s, Op.f64_convert_i32_u] : [Op.f64_convert_i64_s, Op.f64_convert_i64_u];
      f.op(table[useU ? 1 : 0]);
      fc.roundFloat(to);
      break;
    }
    case 'extf':
      // Widening is exact: an f16/bf16 value (in f64) is an f32 value too.
      if (from.vt === 'f32' && to.vt === 'f64') f.op(Op.f64_promote_f32);
      else if (from.vt === 'f64' && to.vt === 'f32') f.op(Op.f32_demote_f64);
      break;
    case 'truncf':
      if (from.vt === 'f64' && to.vt === 'f32') f.op(Op.f32_demote_f64);
      else {
        if (from.vt === 'f32') f.op(Op.f64_promote_f32);
        fc.roundFloat(to);
      }
      break;
    case 'bitcast':
      // Same width; f16/bf16 values live in f64, their bits in the low 16 of an i32.
      if (from.k === 'int' && to.k === 'float') {
        if (to.f === 'f64') f.op(Op.f64_reinterpret_i64);
        else if (to.f === 'f32') f.op(Op.f32_reinterpret_i32);
        else if (to.f === 'f16') f.i32(0xffff).op(Op.i32_and).call(fc.helper('bitsF16'));
        else f.i32(16).op(Op.i32_shl).op(Op.f32_reinterpret_i32).op(Op.f64_promote_f32);
      } else if (from.k === 'float' && to.k === 'int') {
        if (from.f === 'f64') f.op(Op.i64_reinterpret_f64);
        else if (from.f === 'f32') f.op(Op.i32_reinterpret_f32);
        else if (from.f === 'f16') f.call(fc.helper('f16Bits'));
        else f.op(Op.f32_demote_f64).op(Op.i32_reinterpret_f32).i32(16).op(Op.i32_shr_u);
        fc.norm(to);
      } else if (from.k !== to.k) throw new WasmUnsupported(op, `'${op.opName}' of these types`);
      break;
    default:
      throw new WasmUnsupported(op, `'${op.opName}'`);
  }
  fc.pop(output);
}

function cmpf(fc: WasmFunctionCompiler, op: OpOf<typeof arith.CmpFOp>): void {
  const pred = arith.CmpFPredicate.stringify(arith.CmpFOp.predicate(op))!;
  const lhs = arith.CmpFOp.lhs(op);
  const rhs = arith.CmpFOp.rhs(op);
  const s = fc.scalar(lhs, op);
  if (s.k !== 'float') throw new WasmUnsupported(op, 'vector comparisons');
  const f = fc.body;
  const F = s.vt === 'f32';
  const c = (name: 'eq' | 'ne' | 'lt' | 'gt' | 'le' | 'ge', a: Value, b: Value): void => {
    fc.push(a);
    fc.push(b);
    const t: Record<string, [number, number]> = { eq: [Op.f32_eq, Op.f64_eq], ne: [Op.f32_ne, Op.f64_ne], lt: [Op.f32_lt, Op.f64_lt], gt: [Op.f32_gt, Op.f64_gt], le: [Op.f32_le, Op.f64_le], ge: [Op.f32_ge, Op.f64_ge] };
    f.op(t[name][F ? 0 : 1]);
  };
  const not = (): void => void f.op(Op.i32_eqz);
  switch (pred) {
    case 'false':
      f.i32(0);
      break;
    case 'true':
      f.i32(1);
      break;
    case 'oeq':
      c('eq', lhs, rhs);
      break;
    case 'ogt':
      c('gt', lhs, rhs);
      break;
    case 'oge':
      c('ge', lhs, rhs);
      break;
    case 'olt':
      c('lt', lhs, rhs);
      break;
    case 'ole':
      c('le', lhs, rhs);
      break;
    case 'one':
      c('lt', lhs, rhs);
      c('gt', lhs, rhs);
      f.op(Op.i32_or);
      break;
    case 'ord':
      c('eq', lhs, lhs);
      c('eq', rhs, rhs);
      f.op(Op.i32_and);
      break;
    case 'ueq':
      c('lt', lhs, rhs);
      c('gt', lhs, rhs);
      f.op(Op.i32_or);
      not();
      break;
    case 'ugt':
      c('le', lhs, rhs);
      not();
      break;
    case 'uge':
      c('lt', lhs, rhs);
      not();
      break;
    case 'ult':
      c('ge', lhs, rhs);
      not();
      break;
    case 'ule':
      c('gt', lhs, rhs);
      not();
      break;
    case 'une':
      c('ne', lhs, rhs);
      break;
    case 'uno':
      c('ne', lhs, lhs);
      c('ne', rhs, rhs);
      f.op(Op.i32_or);
      break;
    default:
      throw new WasmUnsupported(op, `'${op.opName}' ${pred}`);
  }
  fc.pop(arith.CmpFOp.result(op));
}

// The binary ops and casts of arith and index (index's compute as arith's), as op-kinds.ts classifies them.
/** addui_extended: the wrapped sum, and whether it wrapped (its unsigned value below the lhs's). */
function addUIExtended(fc: WasmFunctionCompiler, op: OpOf<typeof arith.AddUIExtendedOp>): void {
  const A = arith.AddUIExtendedOp;
  if (wideAddUIExtended(fc, op, A.lhs(op), A.rhs(op), A.sum(op), A.overflow(op))) return;
  const s = fc.scalar(A.sum(op), op);
  if (s.k !== 'int') throw new WasmUnsupported(op, 'vector arithmetic');
  const I = s.vt === 'i32';
  const f = fc.body;
  const sum = A.sum(op);
  fc.push(A.lhs(op));
  fc.push(A.rhs(op));
  f.op(I ? Op.i32_add : Op.i64_add);
  fc.norm(s);
  fc.pop(sum);
  fc.pushAs(sum, 'unsigned', s);
  fc.pushAs(A.lhs(op), 'unsigned', s);
  f.op(I ? Op.i32_lt_u : Op.i64_lt_u);
  fc.pop(A.overflow(op));
}

/**
 * mulsi_extended / mului_extended: the low and high w bits of the 2w-bit
 * product. Up to 32 bits the product fits an i64; above, the high 64 bits of
 * the 128-bit product come from 32-bit halves (unsigned), corrected for
 * negative operands (signed).
 */
function mulExtended(fc: WasmFunctionCompiler, op: Operation, signed: boolean, lhs: Value, rhs: Value, low: Value, high: Value): void {
  if (wideMulExtended(fc, op, signed, lhs, rhs, low, high)) return;
  const s = fc.scalar(low, op);
  if (s.k !== 'int') throw new WasmUnsupported(op, 'vector arithmetic');
  const f = fc.body;
  const how = signed ? 'signed' : 'unsigned';
  const a = f.local('i64');
  const b = f.local('i64');
  const operand = (v: Value, to: number): void => {
    fc.pushAs(v, how, s);
    if (s.vt === 'i32') f.op(signed ? Op.i64_extend_i32_s : Op.i64_extend_i32_u);
    f.set(to);
  };
  operand(lhs, a);
  operand(rhs, b);
  const toWidth = (): void => {
    if (s.vt === 'i32') f.op(Op.i32_wrap_i64);
    fc.norm(s);
  };
  f.get(a).get(b).op(Op.i64_mul);
  toWidth();
  fc.pop(low);
  if (s.w <= 32) {
    f.get(a).get(b).op(Op.i64_mul).i64(BigInt(s.w)).op(signed ? Op.i64_shr_s : Op.i64_shr_u);
    toWidth();
    return fc.pop(high);
  }
  // hi:lo = a * b as unsigned 64-bit numbers.
  const hi = f.local('i64');
  const mid = f.local('i64');
  const half = (x: number, upper: boolean): void => {
    f.get(x);
    if (upper) f.i64(32n).op(Op.i64_shr_u);
    else f.i64(0xffffffffn).op(Op.i64_and);
  };
  const prod = (x: boolean, y: boolean): void => {
    half(a, x);
    half(b, y);
    f.op(Op.i64_mul);
  };
  // mid = (aL*bL >> 32) + low32(aL*bH) + low32(aH*bL)
  prod(false, false);
  f.i64(32n).op(Op.i64_shr_u);
  prod(false, true);
  f.i64(0xffffffffn).op(Op.i64_and).op(Op.i64_add);
  prod(true, false);
  f.i64(0xffffffffn).op(Op.i64_and).op(Op.i64_add).set(mid);
  // hi = aH*bH + (aL*bH >> 32) + (aH*bL >> 32) + (mid >> 32)
  prod(true, true);
  prod(false, true);
  f.i64(32n).op(Op.i64_shr_u).op(Op.i64_add);
  prod(true, false);
  f.i64(32n).op(Op.i64_shr_u).op(Op.i64_add);
  f.get(mid).i64(32n).op(Op.i64_shr_u).op(Op.i64_add).set(hi);
  if (signed) {
    // The signed high word: minus b when a < 0, minus a when b < 0.
    f.get(hi).get(b).i64(0n).get(a).i64(0n).op(Op.i64_lt_s).op(Op.select).op(Op.i64_sub);
    f.get(a).i64(0n).get(b).i64(0n).op(Op.i64_lt_s).op(Op.select).op(Op.i64_sub).set(hi);
  }
  // Bits [w, 2w) of hi:lo.
  if (s.w === 64) f.get(hi);
  else {
    f.get(hi).i64(BigInt(64 - s.w)).op(Op.i64_shl);
    f.get(a).get(b).op(Op.i64_mul).i64(BigInt(s.w)).op(Op.i64_shr_u).op(Op.i64_or);
  }
  fc.norm(s);
  fc.pop(high);
}

// Elementwise ops: poison in, poison out (their code is skipped then), as the JavaScript backend's.
const ELEMENTWISE = { propagates: true };
implementWasmExec(arith.AddUIExtendedOp, addUIExtended, ELEMENTWISE);
implementWasmExec(arith.MulSIExtendedOp, (fc, op) => mulExtended(fc, op, true, arith.MulSIExtendedOp.lhs(op), arith.MulSIExtendedOp.rhs(op), arith.MulSIExtendedOp.low(op), arith.MulSIExtendedOp.high(op)), ELEMENTWISE);
implementWasmExec(arith.MulUIExtendedOp, (fc, op) => mulExtended(fc, op, false, arith.MulUIExtendedOp.lhs(op), arith.MulUIExtendedOp.rhs(op), arith.MulUIExtendedOp.low(op), arith.MulUIExtendedOp.high(op)), ELEMENTWISE);
implementWasmExecFor(INT_BINARY_OPS, emitIntBinaryOp, ELEMENTWISE);
implementWasmExecFor(FLOAT_BINARY_OPS, floatBinary, ELEMENTWISE);
implementWasmExecFor(CAST_OPS, emitCastOp, ELEMENTWISE);
implementWasmExec(arith.ConstantOp, constant);
implementWasmExec(arith.CmpIOp, (fc, op) => emitCmpI(fc, op, arith.CmpIPredicate.stringify(arith.CmpIOp.predicate(op))!, arith.CmpIOp.lhs(op), arith.CmpIOp.rhs(op), arith.CmpIOp.result(op)), ELEMENTWISE);
implementWasmExec(arith.CmpFOp, cmpf, ELEMENTWISE);
implementWasmExec(arith.SelectOp, select, { custom: true });
implementWasmExec(arith.NegFOp, negf, ELEMENTWISE);
