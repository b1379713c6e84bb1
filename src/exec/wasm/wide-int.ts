// The code of integers wider than 64 bits in the WebAssembly backend (their
// kind and imports: wide-kind.ts): arith's (and index's) ops, memref loads and
// stores, and the integer math ops, called by those dialects' emitters when
// an operand or result is wide. Limbs are least significant first; the top
// limb stays sign-extended from the width (so that sign tests read its top
// bit, and unsigned order is that of the limbs as unsigned numbers: the
// extension repeats the top bit). Sums, products, bitwise ops, comparisons,
// constant shifts and casts are inline; division, variable shifts, float
// conversions and overflow flags call the runtime (BigInt).

import type { Operation, Value } from '../../ir/operation.js';
import { matchConstantInt } from '../../ir/matchers.js';
import { Op, type FunctionBody } from './encoder.js';
import { ErrCode, WasmUnsupported, type MemInfo, type WasmFunctionCompiler } from './compile.js';
import { BIN, FLAG, FLOAT_TYPES, topBits, toLimbs, type WideImportSet, type WideInt } from './wide-kind.js';

type F = FunctionBody;
type Locals = readonly number[];

/** Whether `v` is a wide integer. */
export function isWide(fc: WasmFunctionCompiler, v: Value, op: Operation): boolean {
  return fc.kind(v, op).k === 'wide';
}

function wideOf(fc: WasmFunctionCompiler, v: Value, op: Operation): WideInt {
  const k = fc.kind(v, op);
  if (k.k !== 'wide') throw new WasmUnsupported(op, `'${op.opName}' mixing integers wider than 64 bits with other types`);
  return k;
}

function localsOf(fc: WasmFunctionCompiler, v: Value, op: Operation): Locals {
  const l = fc.localsOf(v);
  if (!l) throw new WasmUnsupported(op, 'a value used before its definition');
  return l;
}

function imports(fc: WasmFunctionCompiler, k: WideInt, op: Operation): WideImportSet {
  const s = fc.wide.get(k.n);
  if (!s) throw new WasmUnsupported(op, `i${k.w} values here`);
  return s;
}

/** Sign-extends the top limb (local) from the width. */
function normTop(f: F, k: WideInt, l: Locals): void {
  const tw = topBits(k);
  if (tw === 64) return;
  const t = l[k.n - 1];
  f.get(t).i64(BigInt(64 - tw)).op(Op.i64_shl).i64(BigInt(64 - tw)).op(Op.i64_shr_s).set(t);
}

/** Pushes limb i of the value's unsigned form (the top limb masked to the width). */
function getU(f: F, k: WideInt, l: Locals, i: number): void {
  f.get(l[i]);
  const tw = topBits(k);
  if (i === k.n - 1 && tw < 64) f.i64((1n << BigInt(tw)) - 1n).op(Op.i64_and);
}

/** Pushes the unsigned high 64 bits of the product of two i64 locals (32-bit halves). */
function umulh(f: F, x: number, y: number): void {
  const M = 0xffffffffn;
  const [xl, xh, yl, yh, lh, hl] = [f.local('i64'), f.local('i64'), f.local('i64'), f.local('i64'), f.local('i64'), f.local('i64')];
  f.get(x).i64(M).op(Op.i64_and).set(xl).get(x).i64(32n).op(Op.i64_shr_u).set(xh);
  f.get(y).i64(M).op(Op.i64_and).set(yl).get(y).i64(32n).op(Op.i64_shr_u).set(yh);
  f.get(xl).get(yh).op(Op.i64_mul).set(lh).get(xh).get(yl).op(Op.i64_mul).set(hl);
  // hh + (lh >> 32) + (hl >> 32) + (((ll >> 32) + low32(lh) + low32(hl)) >> 32)
  f.get(xh).get(yh).op(Op.i64_mul);
  f.get(lh).i64(32n).op(Op.i64_shr_u).op(Op.i64_add);
  f.get(hl).i64(32n).op(Op.i64_shr_u).op(Op.i64_add);
  f.get(xl).get(yl).op(Op.i64_mul).i64(32n).op(Op.i64_shr_u);
  f.get(lh).i64(M).op(Op.i64_and).op(Op.i64_add);
  f.get(hl).i64(M).op(Op.i64_and).op(Op.i64_add);
  f.i64(32n).op(Op.i64_shr_u).op(Op.i64_add);
}

/** r = a + b or a - b (wrapping), limb by limb with carries. */
function addSub(f: F, k: WideInt, a: Locals, b: Locals, r: Locals, sub: boolean): void {
  addSubRaw(f, k.n, a, b, r, sub);
  normTop(f, k, r);
}

/** r = a + b or a - b modulo 2^(64n). */
function addSubRaw(f: F, n: number, a: Locals, b: Locals, r: Locals, sub: boolean): void {
  const k = { n };
  const carry = f.local('i64');
  const t = f.local('i64');
  const next = f.local('i64');
  for (let i = 0; i < k.n; i++) {
    const last = i === k.n - 1;
    f.get(a[i]).get(b[i]).op(sub ? Op.i64_sub : Op.i64_add).set(t);
    if (!sub) {
      if (i > 0) f.get(t).get(carry).op(Op.i64_add).set(r[i]);
      else f.get(t).set(r[i]);
      // Carry out: the limb sum wrapped (t < a), or adding the carry did (r < t).
      if (!last) {
        f.get(t).get(a[i]).op(Op.i64_lt_u);
        if (i > 0) f.get(r[i]).get(t).op(Op.i64_lt_u).op(Op.i32_or);
        f.op(Op.i64_extend_i32_u).set(carry);
      }
    } else {
      // Borrow out: a < b, or t < the borrow in.
      if (!last) {
        f.get(a[i]).get(b[i]).op(Op.i64_lt_u);
        if (i > 0) f.get(t).get(carry).op(Op.i64_lt_u).op(Op.i32_or);
        f.op(Op.i64_extend_i32_u).set(next);
      }
      if (i > 0) f.get(t).get(carry).op(Op.i64_sub).set(r[i]);
      else f.get(t).set(r[i]);
      if (!last) f.get(next).set(carry);
    }
  }
}

/** r = a * b (wrapping): schoolbook on the limbs, only the products below the top limb's end. */
function mul(f: F, k: WideInt, a: Locals, b: Locals, r: Locals): void {
  const n = k.n;
  const [carry, lo, t, t2] = [f.local('i64'), f.local('i64'), f.local('i64'), f.local('i64')];
  for (let i = 0; i < n; i++) f.i64(0n).set(r[i]);
  for (let i = 0; i < n; i++) {
    f.i64(0n).set(carry);
    for (let j = 0; i + j < n; j++) {
      const at = i + j;
      const inner = at < n - 1;
      f.get(a[i]).get(b[j]).op(Op.i64_mul).set(lo);
      // t = r + lo; t2 = t + carry; the new carry: high product + both wraps.
      f.get(r[at]).get(lo).op(Op.i64_add).set(t);
      f.get(t).get(carry).op(Op.i64_add).set(t2);
      if (inner) {
        umulh(f, a[i], b[j]);
        f.get(t).get(lo).op(Op.i64_lt_u).op(Op.i64_extend_i32_u).op(Op.i64_add);
        f.get(t2).get(t).op(Op.i64_lt_u).op(Op.i64_extend_i32_u).op(Op.i64_add).set(carry);
      }
      f.get(t2).set(r[at]);
    }
  }
  normTop(f, k, r);
}

/** Pushes an i32: the comparison `pred` of a and b. */
function compare(f: F, k: WideInt, pred: string, a0: Locals, b0: Locals): void {
  if (pred === 'eq' || pred === 'ne') {
    for (let i = 0; i < k.n; i++) {
      f.get(a0[i]).get(b0[i]).op(Op.i64_eq);
      if (i) f.op(Op.i32_and);
    }
    if (pred === 'ne') f.op(Op.i32_eqz);
    return;
  }
  const signed = pred[0] === 's';
  const rel = pred.slice(1);
  // gt/ge are lt/le swapped.
  const [a, b] = rel === 'gt' || rel === 'ge' ? [b0, a0] : [a0, b0];
  const strict = rel === 'lt' || rel === 'gt';
  // From the lowest limb up: less at this limb, or equal and less below.
  f.get(a[0]).get(b[0]).op(strict ? Op.i64_lt_u : Op.i64_le_u);
  for (let i = 1; i < k.n; i++) {
    const s = signed && i === k.n - 1;
    f.get(a[i]).get(b[i]).op(Op.i64_eq).op(Op.i32_and);
    f.get(a[i]).get(b[i]).op(s ? Op.i64_lt_s : Op.i64_lt_u).op(Op.i32_or);
  }
}

/** r = c ? a : b limb by limb (c an i32 local). */
function selectLimbs(f: F, n: number, c: number, a: Locals, b: Locals, r: Locals): void {
  for (let i = 0; i < n; i++) f.get(a[i]).get(b[i]).get(c).op(Op.select).set(r[i]);
}

/** Shifts by a constant amount s in [0, w). */
function constShift(f: F, k: WideInt, kind: string, a: Locals, r: Locals, s: number): void {
  const n = k.n;
  const q = s >> 6;
  const bits = BigInt(s & 63);
  const tmp = new Array<number>(n).fill(0).map(() => f.local('i64'));
  // The source limb j of the shifted value (unsigned view for shrui; beyond the top: the sign or 0).
  const src = (j: number): void => {
    if (j < 0) f.i64(0n);
    else if (j >= n) {
      if (kind === 'shrsi') f.get(a[n - 1]).i64(63n).op(Op.i64_shr_s);
      else f.i64(0n);
    } else if (kind === 'shrui') getU(f, k, a, j);
    else f.get(a[j]);
  };
  for (let i = 0; i < n; i++) {
    if (kind === 'shli') {
      src(i - q);
      if (bits) {
        f.i64(bits).op(Op.i64_shl);
        src(i - q - 1);
        f.i64(64n - bits).op(Op.i64_shr_u).op(Op.i64_or);
      }
    } else {
      src(i + q);
      if (bits) {
        // The top limb of a signed shift brings its sign down.
        f.i64(bits).op(kind === 'shrsi' && i + q >= n - 1 ? Op.i64_shr_s : Op.i64_shr_u);
        src(i + q + 1);
        f.i64(64n - bits).op(Op.i64_shl).op(Op.i64_or);
      }
    }
    f.set(tmp[i]);
  }
  for (let i = 0; i < n; i++) f.get(tmp[i]).set(r[i]);
  normTop(f, k, r);
}

/**
 * divsi/remsi/divui/remui by a constant d in (0, 2^32): the magnitude's 32-bit
 * chunks from the top, each step dividing (remainder << 32 | chunk) by d in
 * i64 (exact: the remainder is below d); signed: the quotient takes the sign
 * of the dividend's (d > 0), as the remainder does.
 */
function divSmall(f: F, k: WideInt, kind: string, a: Locals, d: bigint, r: Locals): void {
  const n = k.n;
  const signed = kind === 'divsi' || kind === 'remsi';
  const mag = new Array<number>(n).fill(0).map(() => f.local('i64'));
  const q = new Array<number>(n).fill(0).map(() => f.local('i64'));
  const rem = f.local('i64');
  const cur = f.local('i64');
  const neg = f.local('i32');
  if (signed) {
    // |a| in 64n bits (the minimum's magnitude is right as unsigned).
    const zero = new Array<number>(n).fill(0).map(() => f.local('i64'));
    const minus = new Array<number>(n).fill(0).map(() => f.local('i64'));
    addSubRaw(f, n, zero, a, minus, true);
    f.get(a[n - 1]).i64(0n).op(Op.i64_lt_s).set(neg);
    selectLimbs(f, n, neg, minus, a, mag);
  } else
    for (let i = 0; i < n; i++) {
      getU(f, k, a, i);
      f.set(mag[i]);
    }
  f.i64(0n).set(rem);
  for (let i = n - 1; i >= 0; i--) {
    for (const upper of [true, false]) {
      f.get(rem).i64(32n).op(Op.i64_shl).get(mag[i]);
      if (upper) f.i64(32n).op(Op.i64_shr_u);
      else f.i64(0xffffffffn).op(Op.i64_and);
      f.op(Op.i64_or).set(cur);
      f.get(cur).i64(d).op(Op.i64_div_u);
      if (upper) f.i64(32n).op(Op.i64_shl).set(q[i]);
      else f.get(q[i]).op(Op.i64_or).set(q[i]);
      f.get(cur).i64(d).op(Op.i64_rem_u).set(rem);
    }
  }
  if (kind === 'divsi' || kind === 'divui') {
    if (signed) {
      const zero = new Array<number>(n).fill(0).map(() => f.local('i64'));
      const minus = new Array<number>(n).fill(0).map(() => f.local('i64'));
      addSubRaw(f, n, zero, q, minus, true);
      selectLimbs(f, n, neg, minus, q, r);
    } else for (let i = 0; i < n; i++) f.get(q[i]).set(r[i]);
    normTop(f, k, r);
    return;
  }
  // The remainder (below 2^32), negated for a negative dividend (remsi).
  if (signed) f.i64(0n).get(rem).op(Op.i64_sub).get(rem).get(neg).op(Op.select).set(rem);
  f.get(rem).set(r[0]);
  for (let i = 1; i < n; i++) {
    if (signed) f.get(rem).i64(63n).op(Op.i64_shr_s);
    else f.i64(0n);
    f.set(r[i]);
  }
}

/** Calls the runtime's `wideBin` code on a and b into r. */
function callBin(fc: WasmFunctionCompiler, op: Operation, k: WideInt, code: number, a: Locals, b: Locals, r: Locals): void {
  const f = fc.body;
  f.i32(code).i32(k.w);
  for (const x of a) f.get(x);
  for (const x of b) f.get(x);
  f.call(imports(fc, k, op).bin);
  for (let i = k.n - 1; i >= 0; i--) f.set(r[i]);
}

/** Pushes the runtime's `wideFlag` condition (an i32). */
function callFlag(fc: WasmFunctionCompiler, op: Operation, k: WideInt, code: number, a: Locals, b: Locals | bigint): void {
  const f = fc.body;
  f.i32(code).i32(k.w);
  for (const x of a) f.get(x);
  if (typeof b === 'bigint') for (let i = 0; i < k.n; i++) f.i64(i ? 0n : b);
  else for (const x of b) f.get(x);
  f.call(imports(fc, k, op).flag);
}

/** Pushes whether the value of locals `l` is zero. */
function isZero(f: F, l: Locals): void {
  l.forEach((x, i) => {
    f.get(x);
    if (i) f.op(Op.i64_or);
  });
  f.op(Op.i64_eqz);
}

/** An integer binary op (op-kinds.ts's `kind`) on wide integers; false when the result is not wide. */
export function wideIntBinary(fc: WasmFunctionCompiler, op: Operation, kind: string, lhs: Value, rhs: Value, res: Value, flags: number): boolean {
  if (!isWide(fc, res, op)) return false;
  const k = wideOf(fc, res, op);
  const f = fc.body;
  const a = localsOf(fc, lhs, op);
  const b = localsOf(fc, rhs, op);
  const r = fc.def(res);
  const rc = matchConstantInt(rhs);
  const division = (signed: boolean): void => {
    if (!fc.checks.division) return;
    if (rc === undefined || BigInt.asIntN(k.w, rc) === 0n) {
      isZero(f, b);
      fc.errorIf(op, ErrCode.div0);
    }
    if (signed && (rc === undefined || BigInt.asIntN(k.w, rc) === -1n)) {
      // lhs is the minimum and rhs -1.
      const min = toLimbs(k.n, k.w, -(1n << BigInt(k.w - 1)));
      a.forEach((x, i) => {
        f.get(x).i64(min[i]).op(Op.i64_eq);
        if (i) f.op(Op.i32_and);
      });
      b.forEach((x) => f.get(x).i64(-1n).op(Op.i64_eq).op(Op.i32_and));
      fc.errorIf(op, ErrCode.overflow);
    }
  };
  switch (kind) {
    case 'addi':
    case 'subi':
      addSub(f, k, a, b, r, kind === 'subi');
      break;
    case 'muli':
      mul(f, k, a, b, r);
      break;
    case 'andi':
    case 'ori':
    case 'xori': {
      const code = kind === 'andi' ? Op.i64_and : kind === 'ori' ? Op.i64_or : Op.i64_xor;
      for (let i = 0; i < k.n; i++) f.get(a[i]).get(b[i]).op(code).set(r[i]);
      break;
    }
    case 'maxsi':
    case 'minsi':
    case 'maxui':
    case 'minui': {
      const c = f.local('i32');
      compare(f, k, (kind[3] === 's' ? 's' : 'u') + (kind.startsWith('max') ? 'gt' : 'lt'), a, b);
      f.set(c);
      selectLimbs(f, k.n, c, a, b, r);
      break;
    }
    case 'divsi':
    case 'remsi':
    case 'divui':
    case 'remui':
      // By a constant in (0, 2^32): inline long division by 32-bit chunks (no runtime call).
      if (rc !== undefined && BigInt.asIntN(k.w, rc) > 0n && BigInt.asIntN(k.w, rc) < 1n << 32n) {
        divSmall(f, k, kind, a, BigInt.asIntN(k.w, rc), r);
        break;
      }
      division(kind === 'divsi' || kind === 'remsi');
      callBin(fc, op, k, BIN[kind], a, b, r);
      break;
    case 'floordivsi':
    case 'ceildivsi':
      division(true);
      callBin(fc, op, k, BIN[kind], a, b, r);
      break;
    case 'ceildivui':
      division(false);
      callBin(fc, op, k, BIN[kind], a, b, r);
      break;
    case 'shli':
    case 'shrsi':
    case 'shrui': {
      const amount = rc === undefined ? undefined : BigInt.asUintN(k.w, rc);
      if (amount !== undefined && amount < BigInt(k.w)) constShift(f, k, kind, a, r, Number(amount));
      else {
        callBin(fc, op, k, BIN[kind], a, b, r);
        // An amount at or beyond the width: poison (its unsigned value >= w).
        if (fc.poisonOf(res) !== undefined) {
          for (let i = 1; i < k.n; i++) {
            getU(f, k, b, i);
            f.i64(0n).op(Op.i64_ne);
            if (i > 1) f.op(Op.i32_or);
          }
          f.get(b[0]).i64(BigInt(k.w)).op(Op.i64_ge_u).op(Op.i32_or);
          fc.setPoison(op, res);
        }
      }
      break;
    }
    default:
      throw new WasmUnsupported(op, `'${op.opName}' on i${k.w}`);
  }
  // nsw/nuw: the exact result leaves the width (the runtime computes it).
  if (flags && (kind === 'addi' || kind === 'subi' || kind === 'muli' || kind === 'shli')) {
    for (const signed of [true, false]) {
      if (!(flags & (signed ? 1 : 2))) continue;
      callFlag(fc, op, k, FLAG[kind] + (signed ? 0 : 1), a, b);
      fc.setPoison(op, res);
    }
  }
  return true;
}

/** Pushes limb i of a narrow integer extended to any width (signed or unsigned); `low` holds its i64 value. */
function narrowLimb(f: F, how: 'signed' | 'unsigned', i: number, low: number): void {
  if (i === 0) return void f.get(low);
  if (how === 'signed') f.get(low).i64(63n).op(Op.i64_shr_s);
  else f.i64(0n);
}

/** A cast with a wide operand or result (op-kinds.ts's `kind`); false when neither is wide. */
export function wideCast(fc: WasmFunctionCompiler, op: Operation, kind: string, input: Value, output: Value, flags: number): boolean {
  const from = fc.kind(input, op);
  const to = fc.kind(output, op);
  if (from.k !== 'wide' && to.k !== 'wide') return false;
  const f = fc.body;
  if (kind === 'sitofp' || kind === 'uitofp') {
    if (from.k !== 'wide' || to.k !== 'float') throw new WasmUnsupported(op, `'${op.opName}' of these types`);
    f.i32(2 * FLOAT_TYPES.indexOf(to.f) + (kind === 'uitofp' ? 1 : 0)).i32(from.w);
    for (const x of localsOf(fc, input, op)) f.get(x);
    f.call(imports(fc, from, op).toF);
    // The runtime rounded to the type once: the f32 value is exact in f64.
    if (to.vt === 'f32') f.op(Op.f32_demote_f64);
    fc.pop(output);
    return true;
  }
  if (kind === 'fptosi' || kind === 'fptoui') {
    if (from.k !== 'float' || to.k !== 'wide') throw new WasmUnsupported(op, `'${op.opName}' of these types`);
    f.i32(kind === 'fptosi' ? 0 : 1).i32(to.w);
    fc.push(input);
    if (from.vt === 'f32') f.op(Op.f64_promote_f32);
    f.call(imports(fc, to, op).fromF);
    const ok = f.local('i32');
    f.set(ok);
    const r = fc.def(output);
    for (let i = to.n - 1; i >= 0; i--) f.set(r[i]);
    // Out of range, NaN or infinite: poison, as the JavaScript backend's fpToSI/fpToUI.
    f.get(ok).op(Op.i32_eqz);
    fc.setPoison(op, output);
    return true;
  }
  if (from.k !== 'int' && from.k !== 'wide') throw new WasmUnsupported(op, `'${op.opName}' of these types`);
  if (to.k !== 'int' && to.k !== 'wide') throw new WasmUnsupported(op, `'${op.opName}' of these types`);
  const how = kind === 'extui' || kind === 'index_castui' ? 'unsigned' : kind === 'bitcast' || kind === 'extsi' || kind === 'index_cast' || kind === 'trunci' ? 'signed' : undefined;
  if (!how) throw new WasmUnsupported(op, `'${op.opName}' on integers wider than 64 bits`);
  // Limb i of the input's value extended (signed or unsigned) beyond its width.
  let limb: (i: number) => void;
  if (from.k === 'wide') {
    const l = localsOf(fc, input, op);
    limb = (i) => {
      if (i < from.n) return how === 'unsigned' ? getU(f, from, l, i) : void f.get(l[i]);
      if (how === 'signed') f.get(l[from.n - 1]).i64(63n).op(Op.i64_shr_s);
      else f.i64(0n);
    };
  } else {
    const low = f.local('i64');
    fc.pushAs(input, how, from);
    if (from.vt === 'i32') f.op(how === 'signed' ? Op.i64_extend_i32_s : Op.i64_extend_i32_u);
    f.set(low);
    limb = (i) => narrowLimb(f, how, i, low);
  }
  if (to.k === 'wide') {
    const r = fc.def(output);
    for (let i = 0; i < to.n; i++) {
      limb(i);
      f.set(r[i]);
    }
    normTop(f, to, r);
  } else {
    limb(0);
    if (to.vt === 'i32') f.op(Op.i32_wrap_i64);
    fc.norm(to);
    fc.pop(output);
  }
  // trunci's nsw/nuw: the input's signed (unsigned) value leaves the result's width.
  if (kind === 'trunci' && flags && from.k === 'wide') {
    for (const signed of [true, false]) {
      if (!(flags & (signed ? 1 : 2))) continue;
      callFlag(fc, op, from, FLAG.trunci + (signed ? 0 : 1), localsOf(fc, input, op), BigInt(to.w));
      fc.setPoison(op, output);
    }
  }
  return true;
}

/** arith.constant of a wide integer type; false for other types. */
export function wideConstant(fc: WasmFunctionCompiler, op: Operation, value: bigint, res: Value): boolean {
  if (!isWide(fc, res, op)) return false;
  const k = wideOf(fc, res, op);
  const r = fc.def(res);
  toLimbs(k.n, k.w, value).forEach((x, i) => fc.body.i64(x).set(r[i]));
  return true;
}

/** arith.cmpi / index.cmp on wide integers; false for other types. */
export function wideCmpI(fc: WasmFunctionCompiler, op: Operation, pred: string, lhs: Value, rhs: Value, result: Value): boolean {
  if (!isWide(fc, lhs, op)) return false;
  compare(fc.body, wideOf(fc, lhs, op), pred, localsOf(fc, lhs, op), localsOf(fc, rhs, op));
  fc.pop(result);
  return true;
}

/** addui_extended on wide integers: the sum, and whether it is below the lhs (unsigned). */
export function wideAddUIExtended(fc: WasmFunctionCompiler, op: Operation, lhs: Value, rhs: Value, sum: Value, overflow: Value): boolean {
  if (!isWide(fc, lhs, op)) return false;
  const k = wideOf(fc, lhs, op);
  const s = fc.def(sum);
  addSub(fc.body, k, localsOf(fc, lhs, op), localsOf(fc, rhs, op), s, false);
  compare(fc.body, k, 'ult', s, localsOf(fc, lhs, op));
  fc.pop(overflow);
  return true;
}

/** mulsi_extended / mului_extended on wide integers: the low half inline, the high one from the runtime. */
export function wideMulExtended(fc: WasmFunctionCompiler, op: Operation, signed: boolean, lhs: Value, rhs: Value, low: Value, high: Value): boolean {
  if (!isWide(fc, lhs, op)) return false;
  const k = wideOf(fc, lhs, op);
  const a = localsOf(fc, lhs, op);
  const b = localsOf(fc, rhs, op);
  mul(fc.body, k, a, b, fc.def(low));
  callBin(fc, op, k, signed ? BIN.mulhs : BIN.mulhu, a, b, fc.def(high));
  return true;
}

/** Loads an element of wide integers from the address on the stack into `res`. */
export function wideLoad(fc: WasmFunctionCompiler, mi: MemInfo, res: Value): void {
  const f = fc.body;
  const at = f.local('i32');
  f.set(at);
  const r = fc.def(res);
  const n = mi.elem.k === 'wide' ? mi.elem.n : 1;
  for (let i = 0; i < n; i++) f.get(at).mem(Op.i64_load, 3, 8 * i).set(r[i]);
}

/** Stores wide integer `v` at the address on the stack. */
export function wideStore(fc: WasmFunctionCompiler, op: Operation, v: Value): void {
  const f = fc.body;
  const at = f.local('i32');
  f.set(at);
  localsOf(fc, v, op).forEach((x, i) => f.get(at).get(x).mem(Op.i64_store, 3, 8 * i));
}

/** math.absi / ctlz / cttz / ctpop on wide integers; false for other types. */
export function wideMathInt(fc: WasmFunctionCompiler, op: Operation, name: 'absi' | 'ctlz' | 'cttz' | 'ctpop', x: Value, res: Value): boolean {
  if (!isWide(fc, x, op)) return false;
  const k = wideOf(fc, x, op);
  const f = fc.body;
  const a = localsOf(fc, x, op);
  const r = fc.def(res);
  const zero = new Array<number>(k.n).fill(0).map(() => f.local('i64'));
  const count = f.local('i64');
  switch (name) {
    case 'absi': {
      // 0 - x when negative (the minimum stays itself, as wrapping).
      const neg = f.local('i32');
      const m = new Array<number>(k.n).fill(0).map(() => f.local('i64'));
      addSub(f, k, zero, a, m, true);
      f.get(a[k.n - 1]).i64(0n).op(Op.i64_lt_s).set(neg);
      selectLimbs(f, k.n, neg, m, a, r);
      return true;
    }
    case 'ctpop':
      for (let i = 0; i < k.n; i++) {
        getU(f, k, a, i);
        f.op(Op.i64_popcnt);
        if (i) f.op(Op.i64_add);
      }
      f.set(count);
      break;
    case 'cttz': {
      // The first nonzero limb from the bottom; w when all are zero.
      const done = f.local('i32');
      f.i64(BigInt(k.w)).set(count);
      for (let i = k.n - 1; i >= 0; i--) {
        f.get(a[i]).i64(0n).op(Op.i64_ne).set(done);
        f.get(a[i]).op(Op.i64_ctz).i64(BigInt(64 * i)).op(Op.i64_add).get(count).get(done).op(Op.select).set(count);
      }
      // The sign extension's bits above the width are not the value's.
      f.get(count).i64(BigInt(k.w)).get(count).i64(BigInt(k.w)).op(Op.i64_lt_u).op(Op.select).set(count);
      break;
    }
    case 'ctlz': {
      // The first nonzero limb from the top (unsigned view), less the top limb's bits beyond the width.
      const done = f.local('i32');
      const pad = BigInt(64 - topBits(k));
      f.i64(BigInt(64 * k.n)).set(count);
      for (let i = 0; i < k.n; i++) {
        getU(f, k, a, i);
        f.i64(0n).op(Op.i64_ne).set(done);
        getU(f, k, a, i);
        f.op(Op.i64_clz).i64(BigInt(64 * (k.n - 1 - i))).op(Op.i64_add).get(count).get(done).op(Op.select).set(count);
      }
      f.get(count).i64(pad).op(Op.i64_sub).set(count);
      break;
    }
  }
  f.get(count).set(r[0]);
  for (let i = 1; i < k.n; i++) f.i64(0n).set(r[i]);
  return true;
}

/**
 * math.ipowi on wide integers, as semantics.ts's ipowi: by squaring
 * (wrapping products); a negative power is 1 for base 1, +-1 for base -1,
 * else 0, and 0 to a negative power is division by zero.
 */
export function wideIPowI(fc: WasmFunctionCompiler, op: Operation, base: Value, power: Value, res: Value): boolean {
  if (!isWide(fc, res, op)) return false;
  const k = wideOf(fc, res, op);
  const f = fc.body;
  const n = k.n;
  const fresh = (): number[] => new Array<number>(n).fill(0).map(() => f.local('i64'));
  const [b, p, r, t] = [fresh(), fresh(), fresh(), fresh()];
  const copy = (from: Locals, to: Locals): void => from.forEach((x, i) => f.get(x).set(to[i]));
  const setConst = (to: Locals, v: bigint): void => toLimbs(n, k.w, v).forEach((x, i) => f.i64(x).set(to[i]));
  copy(localsOf(fc, base, op), b);
  copy(localsOf(fc, power, op), p);
  setConst(r, 1n);
  f.structured(Op.block, 'void');
  fc.depth++;
  isZero(f, p);
  f.br(Op.br_if, 0);
  f.get(p[n - 1]).i64(0n).op(Op.i64_lt_s);
  f.structured(Op.if, 'void');
  fc.depth++;
  if (fc.checks.division) {
    isZero(f, b);
    fc.errorIf(op, ErrCode.div0);
  }
  // 1 stays 1; -1 gives -1 for odd powers; else 0.
  const isConst = (v: bigint): void => {
    toLimbs(n, k.w, v).forEach((x, i) => {
      f.get(b[i]).i64(x).op(Op.i64_eq);
      if (i) f.op(Op.i32_and);
    });
  };
  setConst(r, 0n);
  isConst(-1n);
  f.structured(Op.if, 'void');
  f.get(p[0]).i64(1n).op(Op.i64_and).op(Op.i64_eqz);
  f.structured(Op.if, 'void');
  setConst(r, 1n);
  f.op(Op.else);
  setConst(r, -1n);
  f.op(Op.end).op(Op.end);
  isConst(1n);
  f.structured(Op.if, 'void');
  setConst(r, 1n);
  f.op(Op.end);
  f.br(Op.br, 1);
  f.op(Op.end);
  fc.depth--;
  f.structured(Op.loop, 'void');
  fc.depth++;
  f.get(p[0]).i64(1n).op(Op.i64_and).op(Op.i32_wrap_i64);
  f.structured(Op.if, 'void');
  mul(f, k, r, b, t);
  copy(t, r);
  f.op(Op.end);
  // p >>= 1 (p is positive here).
  for (let i = 0; i < n; i++) {
    f.get(p[i]).i64(1n).op(Op.i64_shr_u);
    if (i < n - 1) f.get(p[i + 1]).i64(63n).op(Op.i64_shl).op(Op.i64_or);
    f.set(p[i]);
  }
  isZero(f, p);
  f.br(Op.br_if, 1);
  mul(f, k, b, b, t);
  copy(t, b);
  f.br(Op.br, 0);
  f.op(Op.end);
  fc.depth--;
  f.op(Op.end);
  fc.depth--;
  copy(r, fc.def(res));
  return true;
}
