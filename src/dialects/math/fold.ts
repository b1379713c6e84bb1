// The math dialect's folders, as MLIR 22's MathOps.cpp defines them: one
// exported fold function per op. Exact ops (absf, copysign, ceil, floor,
// roundeven, the integer ops, the classification ops) fold for every width
// through exact bit manipulation, as APFloat/APInt do. The transcendental ops
// fold only f64 and f32, by calling the host C library in MLIR; here they call
// libm.ts, a bit-exact emulation of glibc 2.36 on x86-64 with FMA.
//
// Shapes follow CommonFolders.h: a scalar FloatAttr/IntegerAttr, a splat, or a
// dense elements attribute whose every element folds (one refusal refuses the
// whole op). A poison operand folds to itself.

import type { Attribute, Type } from '../../ir/attributes.js';
import type { Builder } from '../../ir/builder.js';
import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, ShapedType } from '../../ir/builtin-types.js';
import type { FoldResult } from '../../ir/context.js';
import type { Location } from '../../ir/location.js';
import type { Operation } from '../../ir/operation.js';
import { decodeFloat, nanBits, roundRational, type FloatSemantics } from '../../ir/apfloat.js';
import { PoisonAttr } from '../ub/index.js';
import { materializeArithConstant } from '../arith/fold.js';
import { implementOp } from '../../ods/index.js';
import * as M from './libm.js';
import {
  AbsFOp,
  AbsIOp,
  AcosOp,
  AcoshOp,
  AsinOp,
  AsinhOp,
  Atan2Op,
  AtanOp,
  AtanhOp,
  CeilOp,
  CopySignOp,
  CosOp,
  CoshOp,
  CountLeadingZerosOp,
  CountTrailingZerosOp,
  CtPopOp,
  ErfOp,
  ErfcOp,
  Exp2Op,
  ExpM1Op,
  ExpOp,
  FloorOp,
  IPowIOp,
  IsFiniteOp,
  IsInfOp,
  IsNaNOp,
  IsNormalOp,
  Log10Op,
  Log1pOp,
  Log2Op,
  LogOp,
  PowFOp,
  RoundEvenOp,
  RoundOp,
  SinOp,
  SinhOp,
  SqrtOp,
  TanOp,
  TanhOp,
  TruncOp,
} from './ops.js';

type Operands = readonly (Attribute | undefined)[];
/** A fold hook: the op and its operands' constant values. */
export type MathFolder = (op: Operation, operands: Operands) => FoldResult | undefined;

// ---- constants as element lists

interface Elems {
  shaped: ShapedType | undefined;
  elem: Type;
  splat: boolean;
  vals: readonly bigint[];
}

function elems(a: Attribute | undefined): Elems | undefined {
  if (a instanceof FloatAttr) return { shaped: undefined, elem: a.type, splat: true, vals: [a.bits] };
  if (a instanceof IntegerAttr) return { shaped: undefined, elem: a.type, splat: true, vals: [a.value] };
  if (a instanceof DenseIntOrFPElementsAttr) return { shaped: a.type, elem: a.elementType, splat: a.isSplat, vals: a.values };
  return undefined;
}

function build(shaped: ShapedType | undefined, elem: Type, vals: readonly bigint[], splat: boolean): Attribute {
  if (!shaped) return elem instanceof FloatType ? FloatAttr.getFromBits(elem, vals[0]) : IntegerAttr.get(elem, vals[0]);
  return splat ? DenseIntOrFPElementsAttr.getSplat(shaped, vals[0]) : DenseIntOrFPElementsAttr.get(shaped, vals);
}

const one = (a: Attribute | undefined): FoldResult | undefined => (a === undefined ? undefined : [a]);

/** constFoldUnaryOp(Conditional): `fn` maps an element to its result, or undefined to refuse. */
function unary<E extends Type>(operands: Operands, isElem: (t: Type) => t is E, fn: (v: bigint, elem: E) => bigint | undefined): FoldResult | undefined {
  const a0 = operands[0];
  if (a0 instanceof PoisonAttr) return [a0];
  const a = elems(a0);
  if (!a || !isElem(a.elem)) return undefined;
  const elem = a.elem;
  if (a.splat) {
    const r = fn(a.vals[0], elem);
    return r === undefined ? undefined : one(build(a.shaped, elem, [r], true));
  }
  const out: bigint[] = [];
  for (const v of a.vals) {
    const r = fn(v, elem);
    if (r === undefined) return undefined;
    out.push(r);
  }
  return one(build(a.shaped, elem, out, false));
}

/** constFoldBinaryOp(Conditional): both operands constant, of one type. */
function binary<E extends Type>(operands: Operands, isElem: (t: Type) => t is E, fn: (x: bigint, y: bigint, elem: E) => bigint | undefined): FoldResult | undefined {
  const [a0, b0] = operands;
  if (a0 instanceof PoisonAttr) return [a0];
  if (b0 instanceof PoisonAttr) return [b0];
  const a = elems(a0);
  const b = elems(b0);
  if (!a || !b || a.elem !== b.elem || !isElem(a.elem)) return undefined;
  const elem = a.elem;
  if (!a.shaped || !b.shaped) {
    if (a.shaped || b.shaped) return undefined;
    const r = fn(a.vals[0], b.vals[0], elem);
    return r === undefined ? undefined : one(build(undefined, elem, [r], true));
  }
  if (a.shaped !== b.shaped) return undefined;
  if (a.splat && b.splat) {
    const r = fn(a.vals[0], b.vals[0], elem);
    return r === undefined ? undefined : one(build(a.shaped, elem, [r], true));
  }
  const n = a.shaped.numElements;
  const out: bigint[] = [];
  for (let i = 0; i < n; i++) {
    const r = fn(a.splat ? a.vals[0] : a.vals[i], b.splat ? b.vals[0] : b.vals[i], elem);
    if (r === undefined) return undefined;
    out.push(r);
  }
  return one(build(a.shaped, elem, out, false));
}

const isFloat = (t: Type): t is FloatType => t instanceof FloatType;
// The integer ops fold IntegerAttrs of any type: an index constant is an APInt of 64 bits.
const isIntOrIndex = (t: Type): t is IntegerType | IndexType => t instanceof IntegerType || t instanceof IndexType;
const intWidth = (t: IntegerType | IndexType): number => (t instanceof IndexType ? 64 : t.width);

// ---- exact float operations on bit patterns (any format)

function signMask(s: FloatSemantics): bigint {
  return 1n << BigInt(s.sizeInBits - 1);
}

/** Formats whose sign bit can be flipped freely (IEEE-style NaN and zero encodings). */
function plainSign(s: FloatSemantics): boolean {
  return s.hasSign && s.nanEncoding !== 'negativeZero';
}

/** APFloat::makeQuiet on a NaN's bits. */
function quietNaN(s: FloatSemantics, bits: bigint): bigint {
  if (s.nanEncoding !== 'ieee' || s.nonFinite !== 'ieee') return bits;
  const mb = s.explicitInt ? s.precision : s.precision - 1;
  return bits | (1n << BigInt(s.explicitInt ? mb - 2 : mb - 1));
}

/** APFloat::copySign: the magnitude of `a` with the sign of `b`. */
function copySign(s: FloatSemantics, a: bigint, b: bigint): bigint {
  if (!plainSign(s)) return a;
  const m = signMask(s);
  return (a & ~m) | (b & m);
}

type Rounding = 'up' | 'down' | 'even' | 'away' | 'zero';

/** APFloat::roundToIntegral: NaNs are quieted, the sign is kept (ceil(-0.5) = -0). */
function roundToIntegral(s: FloatSemantics, bits: bigint, mode: Rounding): bigint {
  const d = decodeFloat(s, bits);
  if (d.kind === 'nan') return quietNaN(s, bits);
  if (d.kind !== 'finite' || d.exp >= 0) return bits;
  const den = 1n << BigInt(-d.exp);
  let q = d.sig >> BigInt(-d.exp);
  const rem = d.sig & (den - 1n);
  if (rem !== 0n) {
    const half = den >> 1n;
    const up =
      mode === 'zero'
        ? false
        : mode === 'up'
          ? !d.neg
          : mode === 'down'
            ? d.neg
            : mode === 'away'
              ? rem >= half
              : rem > half || (rem === half && (q & 1n) === 1n);
    if (up) q += 1n;
  }
  if (q === 0n) return d.neg && plainSign(s) ? signMask(s) : roundRational(s, false, 0n, 1n);
  return roundRational(s, d.neg, q, 1n);
}

function floatRound(mode: Rounding) {
  return (_op: Operation, c: Operands) => unary(c, isFloat, (v, e) => roundToIntegral(e.semantics, v, mode));
}

export const foldAbsF: MathFolder = (_op, c) => unary(c, isFloat, (v, e) => (plainSign(e.semantics) ? v & ~signMask(e.semantics) : v));
export const foldCopySign: MathFolder = (_op, c) => binary(c, isFloat, (a, b, e) => copySign(e.semantics, a, b));
export const foldCeil: MathFolder = floatRound('up');
export const foldFloor: MathFolder = floatRound('down');
export const foldRoundEven: MathFolder = floatRound('even');

// ---- classification (scalar and splat only, as MLIR 22)

function classify(pred: (d: ReturnType<typeof decodeFloat>, s: FloatSemantics, bits: bigint) => boolean): MathFolder {
  return (op, c) => {
    const a = c[0];
    if (a instanceof FloatAttr) return [IntegerAttr.get(IntegerType.get(1), pred(decodeFloat(a.type.semantics, a.bits), a.type.semantics, a.bits) ? 1n : 0n)];
    if (a instanceof DenseIntOrFPElementsAttr && a.isSplat && a.elementType instanceof FloatType) {
      const s = a.elementType.semantics;
      const rt = op.result(0).type;
      if (!(rt instanceof ShapedType)) return undefined;
      return [DenseIntOrFPElementsAttr.getSplat(rt, pred(decodeFloat(s, a.values[0]), s, a.values[0]) ? 1n : 0n)];
    }
    return undefined;
  };
}

/** APFloat::isNormal: finite, non-zero and not denormal. */
function isNormal(d: ReturnType<typeof decodeFloat>, s: FloatSemantics): boolean {
  if (d.kind !== 'finite') return false;
  const top = d.sig.toString(2).length - 1 + d.exp;
  return top >= s.minExponent;
}

export const foldIsFinite: MathFolder = classify((d) => d.kind === 'zero' || d.kind === 'finite');
export const foldIsInf: MathFolder = classify((d) => d.kind === 'inf');
export const foldIsNaN: MathFolder = classify((d) => d.kind === 'nan');
export const foldIsNormal: MathFolder = classify((d, s) => isNormal(d, s));

// ---- integer ops (APInt semantics on the element width)

function intUnary(fn: (u: bigint, w: number) => bigint): MathFolder {
  return (_op, c) => unary(c, isIntOrIndex, (v, e) => fn(BigInt.asUintN(intWidth(e), v), intWidth(e)));
}

export const foldAbsI: MathFolder = intUnary((u, w) => {
  const sv = BigInt.asIntN(w, u);
  return BigInt.asUintN(w, sv < 0n ? -sv : sv);
});
export const foldCtlz: MathFolder = intUnary((u, w) => BigInt(w - (u === 0n ? 0 : u.toString(2).length)));
export const foldCttz: MathFolder = intUnary((u, w) => {
  if (u === 0n) return BigInt(w);
  let n = 0n;
  while (((u >> n) & 1n) === 0n) n++;
  return n;
});
export const foldCtpop: MathFolder = intUnary((u) => {
  let n = 0n;
  for (let x = u; x !== 0n; x &= x - 1n) n++;
  return n;
});

export const foldIPowI: MathFolder = (_op, c) =>
  binary(c, isIntOrIndex, (b0, p0, e) => {
    const w = intWidth(e);
    const base = BigInt.asUintN(w, b0);
    const power = BigInt.asUintN(w, p0);
    const oneV = BigInt.asUintN(w, 1n);
    const minusOne = BigInt.asUintN(w, -1n);
    if (power === 0n) return oneV;
    if (BigInt.asIntN(w, power) < 0n) {
      if (base === 0n) return undefined;
      if (base === oneV) return oneV;
      if (base !== minusOne) return 0n;
      return (power & 1n) === 1n ? minusOne : oneV;
    }
    let result = oneV;
    let cur = base;
    let p = power;
    for (;;) {
      if ((p & 1n) === 1n) result = BigInt.asUintN(w, result * cur);
      p >>= 1n;
      if (p === 0n) return result;
      cur = BigInt.asUintN(w, cur * cur);
    }
  });

// ---- C library calls (f64 and f32 only)

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

function dbl(bits: bigint): number {
  u64[0] = bits;
  return f64[0];
}
function dblBits(v: number): bigint {
  f64[0] = v;
  return u64[0];
}
function flt(bits: bigint): number {
  u32[0] = Number(bits);
  return f32[0];
}
function fltBits(v: number): bigint {
  f32[0] = v;
  return BigInt(u32[0]);
}

const F64_NAN_NEG = 0xfff8000000000000n; // x86's default NaN, from invalid operations such as 0/0
const F32_NAN_NEG = 0xffc00000n;

interface Libm1 {
  /** The double function on a non-NaN argument; NaN means an invalid operation (x86 default NaN), undefined no fold. */
  d: (x: number) => number | undefined;
  f: (x: number) => number | undefined;
  /** Refuses to fold (returns undefined) for this argument's bits (MLIR's guards, e.g. log of a negative). */
  refuse?: (neg: boolean, x: number) => boolean;
  /** The NaN bits produced for an invalid operation, when not x86's default NaN. */
  invalid64?: bigint;
  invalid32?: bigint;
}

function libm1(spec: Libm1): MathFolder {
  return (_op, c) =>
    unary(c, isFloat, (v, e) => {
      const name = e.semantics.name;
      if (name === 'f64') {
        const x = dbl(v);
        if (spec.refuse?.(v >> 63n === 1n, x)) return undefined;
        if (x !== x) return v | 0x0008000000000000n;
        const r = spec.d(x);
        if (r === undefined) return undefined;
        return r !== r ? (spec.invalid64 ?? F64_NAN_NEG) : dblBits(r);
      }
      if (name === 'f32') {
        const x = flt(v);
        if (spec.refuse?.(v >> 31n === 1n, x)) return undefined;
        if (x !== x) return v | 0x00400000n;
        const r = spec.f(x);
        if (r === undefined) return undefined;
        return r !== r ? (spec.invalid32 ?? F32_NAN_NEG) : fltBits(r);
      }
      return undefined;
    });
}

interface Libm2 {
  d: (x: number, y: number) => number;
  f: (x: number, y: number) => number;
  /** The result for NaN operands (bits in, bits out), as the C function propagates them. */
  nan64: (a: bigint, b: bigint, x: number, y: number) => bigint;
  nan32: (a: bigint, b: bigint, x: number, y: number) => bigint;
  /** A result MLIR produces before calling the C library (atan2 of two zeros). */
  pre?: (s: FloatSemantics, x: number, y: number) => bigint | undefined;
}

function libm2(spec: Libm2): MathFolder {
  return (_op, c) =>
    binary(c, isFloat, (a, b, e) => {
      const name = e.semantics.name;
      if (name === 'f64') {
        const x = dbl(a);
        const y = dbl(b);
        const pre = spec.pre?.(e.semantics, x, y);
        if (pre !== undefined) return pre;
        if (x !== x || y !== y) return spec.nan64(a, b, x, y);
        const r = spec.d(x, y);
        return r !== r ? F64_NAN_NEG : dblBits(r);
      }
      if (name === 'f32') {
        const x = flt(a);
        const y = flt(b);
        const pre = spec.pre?.(e.semantics, x, y);
        if (pre !== undefined) return pre;
        if (x !== x || y !== y) return spec.nan32(a, b, x, y);
        const r = spec.f(x, y);
        return r !== r ? F32_NAN_NEG : fltBits(r);
      }
      return undefined;
    });
}

/** MLIR's `a.isNegative()` guard (log, sqrt): refuses -0, negative numbers and negative NaNs. */
const negative = (neg: boolean): boolean => neg;

/** For |x| > 1 glibc's acos/asin wrappers (w_acos_compat.c) return __kernel_standard's NAN: a positive quiet NaN. */
const POS_NAN = { invalid64: 0x7ff8000000000000n, invalid32: 0x7fc00000n };
export const foldAcos = libm1({ d: M.acos, f: M.acosf, ...POS_NAN });
export const foldAcosh = libm1({ d: M.acosh, f: M.acoshf });
export const foldAsin = libm1({ d: M.asin, f: M.asinf, ...POS_NAN });
export const foldAsinh = libm1({ d: M.asinh, f: M.asinhf });
export const foldAtan = libm1({ d: M.atan, f: M.atanf });
export const foldAtanh = libm1({ d: M.atanh, f: M.atanhf });
export const foldCos = libm1({ d: M.cos, f: M.cosf });
export const foldCosh = libm1({ d: M.cosh, f: M.coshf });
export const foldErf = libm1({ d: M.erf, f: M.erff });
export const foldErfc = libm1({ d: M.erfc, f: M.erfcf });
export const foldExp = libm1({ d: M.exp, f: M.expf });
export const foldExp2 = libm1({ d: M.exp2, f: M.exp2f });
export const foldExpM1 = libm1({ d: M.expm1, f: M.expm1f });
export const foldLog = libm1({ d: M.log, f: M.logf, refuse: negative });
export const foldLog10 = libm1({ d: M.log10, f: M.log10f, refuse: negative });
export const foldLog2 = libm1({ d: M.log2, f: M.log2f, refuse: negative });
/** Refused when `a + 1` is negative (x < -1, or -inf, or a negative NaN). */
export const foldLog1p = libm1({ d: M.log1p, f: M.log1pf, refuse: (neg, x) => (x !== x ? neg : x < -1) });
export const foldRound = libm1({ d: M.round, f: M.roundf });
export const foldSin = libm1({ d: M.sin, f: M.sinf });
export const foldSinh = libm1({ d: M.sinh, f: M.sinhf });
export const foldSqrt = libm1({ d: M.sqrt, f: M.sqrtf, refuse: negative });
export const foldTan = libm1({ d: M.tan, f: M.tanf });
export const foldTanh = libm1({ d: M.tanh, f: M.tanhf });
export const foldTrunc = libm1({ d: M.trunc, f: M.truncf });

/** Quiets NaN bits of a double (bit 51) or a float (bit 22). */
const q64 = (b: bigint): bigint => b | 0x0008000000000000n;
const q32 = (b: bigint): bigint => b | 0x00400000n;

export const foldAtan2 = libm2({
  d: M.atan2,
  f: M.atan2f,
  // MLIR: atan2 of two zeros folds to APFloat::getNaN (a positive quiet NaN) in every format it folds.
  pre: (s, x, y) => (x === 0 && y === 0 ? nanBits(s) : undefined),
  // glibc returns x + y: the second operand's NaN when both are NaNs.
  nan64: (a, b, _x, y) => q64(y !== y ? b : a),
  nan32: (a, b, _x, y) => q32(y !== y ? b : a),
});

/**
 * pow with a NaN operand, as glibc's pow/powf branch on it: y = ±0 gives 1 (x + y for a signaling x), x = 1 gives 1
 * (x + y for a signaling y), a NaN y gives x + y (the first NaN, quieted), and a NaN x with a finite nonzero y gives
 * x * x, negated when x's sign is set and y is an odd integer.
 */
function powNaN(a: bigint, b: bigint, x: number, y: number, width: 64 | 32): bigint {
  const sh = BigInt(width - 1);
  const quietBit = width === 64 ? 0x0008000000000000n : 0x00400000n;
  const one = width === 64 ? 0x3ff0000000000000n : 0x3f800000n;
  const signaling = (v: number, bits: bigint): boolean => v !== v && (bits & quietBit) === 0n;
  const q = (bits: bigint): bigint => bits | quietBit;
  if (y === 0) return signaling(x, a) ? q(a) : one;
  if (x === 1) return signaling(y, b) ? q(b) : one;
  if (y !== y || !Number.isFinite(y)) return x !== x ? q(a) : q(b);
  // x is NaN, y finite and nonzero
  const sign = a >> sh === 1n;
  const odd = Number.isInteger(y) && Math.abs(y) < 2 ** 53 && Math.abs(y % 2) === 1;
  return sign && odd ? q(a) ^ (1n << sh) : q(a);
}

export const foldPowF = libm2({
  d: M.pow,
  f: M.powf,
  nan64: (a, b, x, y) => powNaN(a, b, x, y, 64),
  nan32: (a, b, x, y) => powNaN(a, b, x, y, 32),
});

/** The dialect's materializeConstant: `ub.poison` for poison, else `arith.constant`. */
export function materializeMathConstant(builder: Builder, value: Attribute, type: Type, location: Location): Operation | undefined {
  return materializeArithConstant(builder, value, type, location);
}

// ---- the folders, attached to their ops (cbrt, rsqrt, fma and fpowi do not fold in MLIR 22)

implementOp(AbsFOp, { fold: foldAbsF });
implementOp(AbsIOp, { fold: foldAbsI });
implementOp(AcosOp, { fold: foldAcos });
implementOp(AcoshOp, { fold: foldAcosh });
implementOp(AsinOp, { fold: foldAsin });
implementOp(AsinhOp, { fold: foldAsinh });
implementOp(AtanOp, { fold: foldAtan });
implementOp(Atan2Op, { fold: foldAtan2 });
implementOp(AtanhOp, { fold: foldAtanh });
implementOp(CeilOp, { fold: foldCeil });
implementOp(CopySignOp, { fold: foldCopySign });
implementOp(CosOp, { fold: foldCos });
implementOp(CoshOp, { fold: foldCosh });
implementOp(CountLeadingZerosOp, { fold: foldCtlz });
implementOp(CtPopOp, { fold: foldCtpop });
implementOp(CountTrailingZerosOp, { fold: foldCttz });
implementOp(ErfOp, { fold: foldErf });
implementOp(ErfcOp, { fold: foldErfc });
implementOp(ExpOp, { fold: foldExp });
implementOp(Exp2Op, { fold: foldExp2 });
implementOp(ExpM1Op, { fold: foldExpM1 });
implementOp(FloorOp, { fold: foldFloor });
implementOp(IPowIOp, { fold: foldIPowI });
implementOp(IsFiniteOp, { fold: foldIsFinite });
implementOp(IsInfOp, { fold: foldIsInf });
implementOp(IsNaNOp, { fold: foldIsNaN });
implementOp(IsNormalOp, { fold: foldIsNormal });
implementOp(LogOp, { fold: foldLog });
implementOp(Log10Op, { fold: foldLog10 });
implementOp(Log1pOp, { fold: foldLog1p });
implementOp(Log2Op, { fold: foldLog2 });
implementOp(PowFOp, { fold: foldPowF });
implementOp(RoundOp, { fold: foldRound });
implementOp(RoundEvenOp, { fold: foldRoundEven });
implementOp(SinOp, { fold: foldSin });
implementOp(SinhOp, { fold: foldSinh });
implementOp(SqrtOp, { fold: foldSqrt });
implementOp(TanOp, { fold: foldTan });
implementOp(TanhOp, { fold: foldTanh });
implementOp(TruncOp, { fold: foldTrunc });
