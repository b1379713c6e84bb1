// The runtime library's 16-bit floats for the WebAssembly backend: f16 and
// bf16 values live in f64 locals (every value of both formats is a double),
// and every operation that can leave the format rounds back to it in
// software, ties to even, exactly as numeric.ts's roundF16/roundBF16 do for
// the JavaScript backend. Memory holds their 16-bit encodings.

import { FunctionBody, Op } from './encoder.js';

/** A binary format: significand bits (with the implicit one), minimum normal exponent, maximum exponent. */
interface SmallFloat {
  p: number;
  emin: number;
  emax: number;
}
export const F16: SmallFloat = { p: 11, emin: -14, emax: 15 };
export const BF16: SmallFloat = { p: 8, emin: -126, emax: 127 };

/**
 * round(x: f64) -> f64: the nearest value of the format (ties to even);
 * NaN stays as it is, beyond the largest finite value (from its halfway
 * point to the next power of two) is infinity.
 */
export function emitRound(f: FunctionBody, fmt: SmallFloat): void {
  const x = 0;
  const a = f.local('f64');
  const bits = f.local('i64');
  const sh = BigInt(53 - fmt.p);
  // NaN.
  f.get(x).get(x).op(Op.f64_ne).structured(Op.if, 'void').get(x).op(Op.return).op(Op.end);
  f.get(x).op(Op.f64_abs).set(a);
  // Overflow: at or beyond halfway between the largest value and 2^(emax+1).
  f.get(a).f64((2 - 2 ** -fmt.p) * 2 ** fmt.emax).op(Op.f64_ge);
  f.structured(Op.if, 'void').f64(Infinity).get(x).op(Op.f64_copysign).op(Op.return).op(Op.end);
  f.get(a).f64(2 ** fmt.emin).op(Op.f64_lt);
  f.structured(Op.if, 'void');
  // Subnormal (and zero): a whole number of the smallest quantum; scaling by powers of two is exact.
  f.get(a).f64(2 ** -(fmt.emin - fmt.p + 1)).op(Op.f64_mul).op(Op.f64_nearest).f64(2 ** (fmt.emin - fmt.p + 1)).op(Op.f64_mul).set(a);
  f.op(Op.else);
  // Normal: round the double's significand to p bits, ties to even; a carry moves into the exponent.
  f.get(a).op(Op.i64_reinterpret_f64).set(bits);
  f.get(bits).get(bits).i64(sh).op(Op.i64_shr_u).i64(1n).op(Op.i64_and).op(Op.i64_add);
  f.i64((1n << (sh - 1n)) - 1n).op(Op.i64_add).i64(-(1n << sh)).op(Op.i64_and);
  f.op(Op.f64_reinterpret_i64).set(a);
  f.op(Op.end);
  f.get(a).get(x).op(Op.f64_copysign);
}

/**
 * oddU64(a: i64, unsigned) -> f64: a rounded to 53 bits by round-to-odd
 * (truncated, its last bit set when bits were dropped). Rounding that to a
 * format of at most 51 bits equals rounding a itself: no double rounding.
 */
export function emitOddU64(f: FunctionBody): void {
  const a = 0;
  const shift = f.local('i64');
  f.get(a).op(Op.i64_clz).i64(11n).op(Op.i64_ge_u);
  f.structured(Op.if, 'void').get(a).op(Op.f64_convert_i64_u).op(Op.return).op(Op.end);
  f.i64(11n).get(a).op(Op.i64_clz).op(Op.i64_sub).set(shift);
  // (a >> shift | sticky) * 2^shift; the scale is exact.
  f.get(a).get(shift).op(Op.i64_shr_u);
  f.get(a).i64(1n).get(shift).op(Op.i64_shl).i64(1n).op(Op.i64_sub).op(Op.i64_and).i64(0n).op(Op.i64_ne).op(Op.i64_extend_i32_u).op(Op.i64_or);
  f.op(Op.f64_convert_i64_u);
  f.get(shift).i64(1023n).op(Op.i64_add).i64(52n).op(Op.i64_shl).op(Op.f64_reinterpret_i64).op(Op.f64_mul);
}

/** f16Bits(x: f64 holding an f16 value) -> i32: its encoding (NaN: the quiet NaN with x's sign, as numeric.ts). */
export function emitF16Bits(f: FunctionBody): void {
  const x = 0;
  const sign = f.local('i32');
  const a = f.local('f64');
  const b = f.local('i64');
  f.get(x).op(Op.i64_reinterpret_f64).i64(63n).op(Op.i64_shr_u).op(Op.i32_wrap_i64).i32(15).op(Op.i32_shl).set(sign);
  f.get(x).get(x).op(Op.f64_ne).structured(Op.if, 'void').get(sign).i32(0x7e00).op(Op.i32_or).op(Op.return).op(Op.end);
  f.get(x).op(Op.f64_abs).set(a);
  f.get(a).f64(Infinity).op(Op.f64_eq).structured(Op.if, 'void').get(sign).i32(0x7c00).op(Op.i32_or).op(Op.return).op(Op.end);
  // Subnormal (and zero): the count of 2^-24 quanta (a whole number: x is an f16 value).
  f.get(a).f64(2 ** -14).op(Op.f64_lt);
  f.structured(Op.if, 'void').get(sign).get(a).f64(2 ** 24).op(Op.f64_mul).op(Op.i32_trunc_f64_u).op(Op.i32_or).op(Op.return).op(Op.end);
  // Normal: the double's exponent rebiased, its top 10 fraction bits.
  f.get(a).op(Op.i64_reinterpret_f64).set(b);
  f.get(sign);
  f.get(b).i64(52n).op(Op.i64_shr_u).i64(1023n - 15n).op(Op.i64_sub).i64(10n).op(Op.i64_shl);
  f.get(b).i64(42n).op(Op.i64_shr_u).i64(0x3ffn).op(Op.i64_and).op(Op.i64_or);
  f.op(Op.i32_wrap_i64).op(Op.i32_or);
}

/** bitsF16(b: i32, its low 16 bits) -> f64: the value (NaN: the canonical NaN, as numeric.ts). */
export function emitBitsF16(f: FunctionBody): void {
  const b = 0;
  const e = f.local('i32');
  const m = f.local('i32');
  const r = f.local('f64');
  f.get(b).i32(10).op(Op.i32_shr_u).i32(0x1f).op(Op.i32_and).set(e);
  f.get(b).i32(0x3ff).op(Op.i32_and).set(m);
  f.get(e).i32(0x1f).op(Op.i32_eq);
  f.structured(Op.if, 'void');
  f.get(m).structured(Op.if, 'void').f64(NaN).op(Op.return).op(Op.end);
  f.f64(Infinity).set(r);
  f.op(Op.else);
  f.get(e).op(Op.i32_eqz);
  f.structured(Op.if, 'void');
  f.get(m).op(Op.f64_convert_i32_u).f64(2 ** -24).op(Op.f64_mul).set(r);
  f.op(Op.else);
  // (1024 + m) * 2^(e - 25), built as the double's bits.
  f.get(e).i32(1023 - 15).op(Op.i32_add).op(Op.i64_extend_i32_u).i64(52n).op(Op.i64_shl);
  f.get(m).op(Op.i64_extend_i32_u).i64(42n).op(Op.i64_shl).op(Op.i64_or).op(Op.f64_reinterpret_i64).set(r);
  f.op(Op.end);
  f.op(Op.end);
  f.get(r).f64(-1).f64(1).get(b).i32(0x8000).op(Op.i32_and).op(Op.select).op(Op.f64_copysign);
}
