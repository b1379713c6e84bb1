// What the math ops compute when a program runs, as mlir-runner computes them
// after MLIR's standard lowering (convert-to-llvm): most float ops become LLVM
// intrinsics, which the x86-64 backend turns into C library calls (the libm
// of libm.ts; f16 and bf16 are promoted to f32 and call the float functions);
// a few ops are rewritten by the lowering itself (log1p as log(1 + x), expm1
// as exp(x) - 1, rsqrt as 1 / sqrt(x)); fpowi calls the compiler runtime's
// __powidf2/__powisf2. Ops the lowering leaves alone (erf, the inverse
// hyperbolics, isinf, ...) compute as their C library function or IEEE
// definition. The execution engines call these through `$rt.math`.

import * as libm from './libm.js';
import { fma, fmaf } from './libm-core.js';
import { roundBF16, roundF16 } from '../../exec/numeric.js';

export type FloatName = 'f16' | 'bf16' | 'f32' | 'f64';

/** The libm function each unary float op calls, as [double, float] names. */
export const UNARY_LIBM = {
  exp: ['exp', 'expf'],
  exp2: ['exp2', 'exp2f'],
  log: ['log', 'logf'],
  log2: ['log2', 'log2f'],
  log10: ['log10', 'log10f'],
  sin: ['sin', 'sinf'],
  cos: ['cos', 'cosf'],
  tan: ['tan', 'tanf'],
  asin: ['asin', 'asinf'],
  acos: ['acos', 'acosf'],
  atan: ['atan', 'atanf'],
  sinh: ['sinh', 'sinhf'],
  cosh: ['cosh', 'coshf'],
  tanh: ['tanh', 'tanhf'],
  asinh: ['asinh', 'asinhf'],
  acosh: ['acosh', 'acoshf'],
  atanh: ['atanh', 'atanhf'],
  erf: ['erf', 'erff'],
  erfc: ['erfc', 'erfcf'],
  // Not lowered by convert-to-llvm: convert-math-to-libm calls these.
  cbrt: ['cbrt', 'cbrtf'],
} as const satisfies Record<string, readonly [keyof typeof libm, keyof typeof libm]>;

export const BINARY_LIBM = {
  powf: ['pow', 'powf'],
  atan2: ['atan2', 'atan2f'],
} as const satisfies Record<string, readonly [keyof typeof libm, keyof typeof libm]>;

/** The libm function an op of type `f` calls (f16/bf16 are promoted to float). */
function libmName(names: readonly [string, string], f: FloatName): string {
  return f === 'f64' ? names[0] : names[1];
}

/** fma as the FMA instruction of the type computes it (f16/bf16: the float one, then rounded). */
function fmaOf(f: FloatName, a: number, b: number, c: number): number {
  return f === 'f64' ? fma(a, b, c) : fmaf(a, b, c);
}

/**
 * x to the integer power n as __powidf2 (f64) and __powisf2 (float, also used
 * for promoted f16/bf16) compute it: square-and-multiply, each product rounded
 * to the working type, and a final reciprocal for negative n.
 */
function powi(f: FloatName, x: number, n: number): number {
  const r = f === 'f64' ? (v: number): number => v : Math.fround;
  let m = Math.abs(n);
  let y = m % 2 ? x : 1;
  let b = x;
  while ((m = Math.floor(m / 2)) !== 0) {
    b = r(b * b);
    if (m % 2) y = r(y * b);
  }
  return n < 0 ? r(1 / y) : y;
}

/** The smallest positive normal number of each type. */
export const MIN_NORMAL: Readonly<Record<FloatName, number>> = { f64: 2 ** -1022, f32: 2 ** -126, bf16: 2 ** -126, f16: 2 ** -14 };

/** The FPClassTest masks (see fpClass) of math.isnan, isinf, isfinite and isnormal. */
export const FP_CLASS_MASK = { isnan: 0x003, isinf: 0x204, isfinite: 0x1f8, isnormal: 0x108 } as const;

// ---- integer ops, on the engine's value representation (a number for widths
// <= 32, sign-extended, i1 as 0/1; a number or BigInt above): computed on the
// unsigned BigInt, results converted back.

function unsignedOf(w: number, x: number | bigint): bigint {
  return BigInt.asUintN(w, typeof x === 'bigint' ? x : BigInt(x));
}
function fromUnsigned(w: number, u: bigint): number | bigint {
  if (w === 1) return Number(u & 1n);
  const s = BigInt.asIntN(w, u);
  return w <= 32 || (s >= -9007199254740991n && s <= 9007199254740991n) ? Number(s) : s;
}

/** Leading zero bits (the width for 0: the lowering passes is_zero_poison = false). */
export function ctlz(w: number, x: number | bigint): number | bigint {
  const u = unsignedOf(w, x);
  return fromUnsigned(w, BigInt(u === 0n ? w : w - u.toString(2).length));
}
/** Trailing zero bits (the width for 0). */
export function cttz(w: number, x: number | bigint): number | bigint {
  let u = unsignedOf(w, x);
  if (u === 0n) return fromUnsigned(w, BigInt(w));
  let n = 0;
  while ((u & 1n) === 0n) {
    u >>= 1n;
    n++;
  }
  return fromUnsigned(w, BigInt(n));
}
export function ctpop(w: number, x: number | bigint): number | bigint {
  let n = 0n;
  for (let u = unsignedOf(w, x); u !== 0n; u &= u - 1n) n++;
  return fromUnsigned(w, n);
}
/** |x|, wrapping: the most negative value stays itself (is_int_min_poison = false). */
export function absi(w: number, x: number | bigint): number | bigint {
  const s = BigInt.asIntN(w, unsignedOf(w, x));
  return fromUnsigned(w, BigInt.asUintN(w, s < 0n ? -s : s));
}

/**
 * b to the power p as convert-math-to-funcs' __mlir_math_ipowi computes it
 * (square and multiply, wrapping; a negative p gives 0 except for b = 1 and
 * b = -1); undefined where that function divides by zero (b = 0, p < 0).
 */
export function ipowi(w: number, b: number | bigint, p: number | bigint): number | bigint | undefined {
  const sb = BigInt.asIntN(w, unsignedOf(w, b));
  let up = unsignedOf(w, p);
  if (up === 0n) return fromUnsigned(w, 1n);
  if (BigInt.asIntN(w, up) < 0n) {
    if (sb === 0n) return undefined;
    // Compared as w-bit values (on i1, 1 and -1 are the same value: 1 wins).
    if (sb === BigInt.asIntN(w, 1n)) return fromUnsigned(w, 1n);
    if (sb === -1n) return fromUnsigned(w, up & 1n ? BigInt.asUintN(w, -1n) : 1n);
    return fromUnsigned(w, 0n);
  }
  let r = 1n;
  let base = BigInt.asUintN(w, sb);
  for (;;) {
    if (up & 1n) r = BigInt.asUintN(w, r * base);
    up >>= 1n;
    if (up === 0n) return fromUnsigned(w, r);
    base = BigInt.asUintN(w, base * base);
  }
}

/** Round half to even (llvm.roundeven). */
export function roundEven(x: number): number {
  if (!Number.isFinite(x)) return x;
  const r = Math.round(x); // half up
  const down = r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
  return down === 0 ? (x < 0 || Object.is(x, -0) ? -0 : 0) : down;
}

/**
 * Whether x is in one of the IEEE classes of an LLVM FPClassTest mask (what
 * llvm.intr.is.fpclass, math.isnan/isfinite's lowering, tests). Bits: 0
 * signaling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -subnormal, 5 -0, 6 +0,
 * 7 +subnormal, 8 +normal, 9 +inf. A JavaScript NaN carries no quiet bit: it
 * counts as both kinds.
 */
export function fpClass(f: FloatName, mask: number, x: number): number {
  let bit: number;
  if (x !== x) return mask & 3 ? 1 : 0;
  const neg = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  if (a === Infinity) bit = neg ? 2 : 9;
  else if (a === 0) bit = neg ? 5 : 6;
  else if (a < MIN_NORMAL[f]) bit = neg ? 4 : 7;
  else bit = neg ? 3 : 8;
  return (mask >> bit) & 1;
}

// ---- float ops as functions of the operands, for both backends

/** A float op's result for its operands (fpowi: the base, then the exponent as a number). */
export type FloatFn = (a: number, b: number, c: number) => number;

/**
 * What the float math op `name` (its mnemonic) computes on type `f`, or
 * undefined for ops computed inline (sqrt, absf, floor, ceil, trunc,
 * copysign). For f16/bf16 the result is the float one; the backend rounds it
 * to the type (as the fptrunc after the promoted call does), and rounds the
 * operands the lowering computes in the type first (log1p's 1 + x) with
 * `roundTo`.
 */
function floatSemantics(name: string, f: FloatName, roundTo: (x: number) => number): FloatFn | undefined {
  const call1 = (names: readonly [string, string]): ((x: number) => number) => libm[libmName(names, f) as keyof typeof libm] as (x: number) => number;
  const call2 = (names: readonly [string, string]): ((x: number, y: number) => number) => libm[libmName(names, f) as keyof typeof libm] as (x: number, y: number) => number;
  if (name in UNARY_LIBM) {
    const g = call1(UNARY_LIBM[name as keyof typeof UNARY_LIBM]);
    return (a) => g(a);
  }
  if (name in BINARY_LIBM) {
    const g = call2(BINARY_LIBM[name as keyof typeof BINARY_LIBM]);
    return (a, b) => g(a, b);
  }
  switch (name) {
    // What MLIR's lowering rewrites them to, each step rounded to the type.
    case 'log1p': {
      const log = call1(UNARY_LIBM.log);
      return (a) => log(roundTo(1 + a));
    }
    case 'expm1': {
      const exp = call1(UNARY_LIBM.exp);
      return (a) => roundTo(exp(a)) - 1;
    }
    case 'rsqrt':
      return (a) => 1 / roundTo(Math.sqrt(a));
    case 'fma':
      return (a, b, c) => fmaOf(f, a, b, c);
    case 'fpowi':
      return (a, n) => powi(f, a, n);
    case 'round':
      return (a) => libm.round(a);
    case 'roundeven':
      return (a) => roundEven(a);
  }
  return undefined;
}

/** The float ops of floatSemantics, by mnemonic. */
export const FLOAT_OPS = [...Object.keys(UNARY_LIBM), ...Object.keys(BINARY_LIBM), 'log1p', 'expm1', 'rsqrt', 'fma', 'fpowi', 'round', 'roundeven'] as const;

const ROUND_TO: Record<FloatName, (x: number) => number> = { f64: (x) => x, f32: Math.fround, f16: roundF16, bf16: roundBF16 };

/**
 * Every float op's function per type, as `<mnemonic>_<type>` (e.g. `log1p_f16`):
 * the one definition both backends call (the generated JavaScript through
 * `$rt.math.FLOAT_FNS`, WebAssembly through an import).
 */
export const FLOAT_FNS: Readonly<Record<string, FloatFn>> = Object.freeze(
  Object.fromEntries(FLOAT_OPS.flatMap((name) => (['f64', 'f32', 'f16', 'bf16'] as const).map((f) => [`${name}_${f}`, floatSemantics(name, f, ROUND_TO[f])!]))),
);
