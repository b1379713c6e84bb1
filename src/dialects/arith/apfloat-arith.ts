// Exact IEEE-754 arithmetic on the bit patterns of apfloat.ts formats, as
// LLVM's APFloat computes it (round to nearest even): values are taken as
// exact rationals, combined exactly, then rounded once.

import { decodeFloat, nanBits, roundRational, type FloatSemantics } from '../../ir/apfloat.js';

type Num = { kind: 'nan'; bits: bigint } | { kind: 'inf'; neg: boolean } | { kind: 'zero'; neg: boolean } | { kind: 'fin'; neg: boolean; num: bigint; den: bigint };

function decode(s: FloatSemantics, bits: bigint): Num {
  const d = decodeFloat(s, bits);
  switch (d.kind) {
    case 'nan':
      return { kind: 'nan', bits };
    case 'inf':
      return { kind: 'inf', neg: d.neg };
    case 'zero':
      return { kind: 'zero', neg: d.neg };
    default:
      return d.exp >= 0
        ? { kind: 'fin', neg: d.neg, num: d.sig << BigInt(d.exp), den: 1n }
        : { kind: 'fin', neg: d.neg, num: d.sig, den: 1n << BigInt(-d.exp) };
  }
}

function signBit(s: FloatSemantics): bigint {
  return 1n << BigInt(s.sizeInBits - 1);
}

/** The quiet form of a NaN's bits (IEEE formats set the top mantissa bit). */
function quiet(s: FloatSemantics, bits: bigint): bigint {
  if (s.nanEncoding !== 'ieee') return nanBits(s);
  const mb = s.explicitInt ? s.precision : s.precision - 1;
  return bits | (1n << BigInt(s.explicitInt ? mb - 2 : mb - 1));
}

function zero(s: FloatSemantics, neg: boolean): bigint {
  return roundRational(s, neg, 0n, 1n);
}

function inf(s: FloatSemantics, neg: boolean): bigint {
  // roundRational overflows to the format's infinity (or NaN / largest finite).
  return roundRational(s, neg, 1n << BigInt(s.maxExponent + 2), 1n);
}

function fromRational(s: FloatSemantics, neg: boolean, num: bigint, den: bigint): bigint {
  if (num === 0n) return zero(s, false);
  return roundRational(s, neg, num, den);
}

/** Signed rational of a finite number. */
function rat(n: Num & { kind: 'fin' }): [bigint, bigint] {
  return [n.neg ? -n.num : n.num, n.den];
}

export function fadd(s: FloatSemantics, a: bigint, b: bigint, subtract = false): bigint {
  const x = decode(s, a);
  let y = decode(s, b);
  if (x.kind === 'nan') return quiet(s, a);
  if (y.kind === 'nan') return quiet(s, b);
  if (subtract) y = y.kind === 'fin' ? { ...y, neg: !y.neg } : y.kind === 'inf' || y.kind === 'zero' ? { ...y, neg: !y.neg } : y;
  if (x.kind === 'inf' && y.kind === 'inf') return x.neg === y.neg ? inf(s, x.neg) : nanBits(s);
  if (x.kind === 'inf') return inf(s, x.neg);
  if (y.kind === 'inf') return inf(s, y.neg);
  if (x.kind === 'zero' && y.kind === 'zero') return zero(s, x.neg && y.neg);
  if (x.kind === 'zero') return fromRational(s, (y as { neg: boolean }).neg, (y as { num: bigint }).num, (y as { den: bigint }).den);
  if (y.kind === 'zero') return a;
  const [xn, xd] = rat(x as Num & { kind: 'fin' });
  const [yn, yd] = rat(y as Num & { kind: 'fin' });
  const num = xn * yd + yn * xd;
  const den = xd * yd;
  if (num === 0n) return zero(s, false);
  return roundRational(s, num < 0n, num < 0n ? -num : num, den);
}

export function fmul(s: FloatSemantics, a: bigint, b: bigint): bigint {
  const x = decode(s, a);
  const y = decode(s, b);
  if (x.kind === 'nan') return quiet(s, a);
  if (y.kind === 'nan') return quiet(s, b);
  const neg = (x as { neg: boolean }).neg !== (y as { neg: boolean }).neg;
  if ((x.kind === 'inf' && y.kind === 'zero') || (x.kind === 'zero' && y.kind === 'inf')) return nanBits(s);
  if (x.kind === 'inf' || y.kind === 'inf') return inf(s, neg);
  if (x.kind === 'zero' || y.kind === 'zero') return zero(s, neg);
  return roundRational(s, neg, x.num * y.num, x.den * y.den);
}

export function fdiv(s: FloatSemantics, a: bigint, b: bigint): bigint {
  const x = decode(s, a);
  const y = decode(s, b);
  if (x.kind === 'nan') return quiet(s, a);
  if (y.kind === 'nan') return quiet(s, b);
  const neg = (x as { neg: boolean }).neg !== (y as { neg: boolean }).neg;
  if ((x.kind === 'inf' && y.kind === 'inf') || (x.kind === 'zero' && y.kind === 'zero')) return nanBits(s);
  if (x.kind === 'inf') return inf(s, neg);
  if (y.kind === 'inf') return zero(s, neg);
  if (x.kind === 'zero') return zero(s, neg);
  if (y.kind === 'zero') return inf(s, neg);
  return roundRational(s, neg, x.num * y.den, x.den * y.num);
}

/** fmod: the remainder of truncated division, with the dividend's sign. */
export function frem(s: FloatSemantics, a: bigint, b: bigint): bigint {
  const x = decode(s, a);
  const y = decode(s, b);
  if (x.kind === 'nan') return quiet(s, a);
  if (y.kind === 'nan') return quiet(s, b);
  if (x.kind === 'inf' || y.kind === 'zero') return nanBits(s);
  if (x.kind === 'zero' || y.kind === 'inf') return a;
  const xf = x as Num & { kind: 'fin' };
  const yf = y as Num & { kind: 'fin' };
  // |x| - trunc(|x|/|y|) * |y|
  const qn = xf.num * yf.den;
  const qd = xf.den * yf.num;
  const q = qn / qd;
  const rn = xf.num * yf.den - q * yf.num * xf.den;
  const rd = xf.den * yf.den;
  if (rn === 0n) return zero(s, xf.neg);
  return roundRational(s, xf.neg, rn, rd);
}

export function fneg(s: FloatSemantics, a: bigint): bigint {
  if (!s.hasSign) return a;
  if (s.nanEncoding === 'negativeZero') {
    const d = decodeFloat(s, a);
    if (d.kind === 'nan' || d.kind === 'zero') return a;
  }
  return a ^ signBit(s);
}

export function isNaN(s: FloatSemantics, a: bigint): boolean {
  return decodeFloat(s, a).kind === 'nan';
}
export function isNegative(s: FloatSemantics, a: bigint): boolean {
  const d = decodeFloat(s, a);
  return d.kind !== 'nan' && d.neg;
}
export function isZero(s: FloatSemantics, a: bigint): boolean {
  return decodeFloat(s, a).kind === 'zero';
}
export function isInf(s: FloatSemantics, a: bigint): boolean {
  return decodeFloat(s, a).kind === 'inf';
}

/** -1, 0, 1 for less, equal, greater; undefined when unordered. */
export function fcompare(s: FloatSemantics, a: bigint, b: bigint): -1 | 0 | 1 | undefined {
  const x = decode(s, a);
  const y = decode(s, b);
  if (x.kind === 'nan' || y.kind === 'nan') return undefined;
  const val = (n: Num): [number, bigint, bigint] => {
    if (n.kind === 'inf') return [n.neg ? -1 : 1, 0n, 0n];
    if (n.kind === 'zero') return [0, 0n, 1n];
    const f = n as Num & { kind: 'fin' };
    return [0, f.neg ? -f.num : f.num, f.den];
  };
  const [xi, xn, xd] = val(x);
  const [yi, yn, yd] = val(y);
  if (xi !== yi) return xi < yi ? -1 : 1;
  if (xi !== 0) return 0;
  const l = xn * yd;
  const r = yn * xd;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** Converts between formats (round to nearest even). */
export function fconvert(from: FloatSemantics, to: FloatSemantics, a: bigint): bigint {
  const x = decode(from, a);
  switch (x.kind) {
    case 'nan': {
      if (to.nanEncoding !== 'ieee' || from.nanEncoding !== 'ieee') return nanBits(to);
      // Keep the sign and the top payload bits, quieted.
      const fromMb = from.explicitInt ? from.precision : from.precision - 1;
      const toMb = to.explicitInt ? to.precision : to.precision - 1;
      const neg = (a >> BigInt(from.sizeInBits - 1)) & 1n;
      let payload = a & ((1n << BigInt(fromMb - (from.explicitInt ? 1 : 0))) - 1n);
      const shift = fromMb - (from.explicitInt ? 1 : 0) - (toMb - (to.explicitInt ? 1 : 0));
      payload = shift >= 0 ? payload >> BigInt(shift) : payload << BigInt(-shift);
      const eb = to.sizeInBits - 1 - toMb;
      let bits = (((1n << BigInt(eb)) - 1n) << BigInt(toMb)) | payload;
      if (to.explicitInt) bits |= 1n << BigInt(toMb - 1);
      bits = quiet(to, bits);
      return neg ? bits | signBit(to) : bits;
    }
    case 'inf':
      return inf(to, x.neg);
    case 'zero':
      return zero(to, x.neg);
    default:
      return roundRational(to, x.neg, x.num, x.den);
  }
}

/** Integer (as an exact value) to float. */
export function fromInteger(s: FloatSemantics, v: bigint): bigint {
  if (v === 0n) return zero(s, false);
  return roundRational(s, v < 0n, v < 0n ? -v : v, 1n);
}

/** Float to integer, truncating toward zero; undefined for NaN, infinities and values out of [min, max]. */
export function toInteger(s: FloatSemantics, a: bigint, min: bigint, max: bigint): bigint | undefined {
  const x = decode(s, a);
  if (x.kind === 'nan' || x.kind === 'inf') return undefined;
  if (x.kind === 'zero') return 0n;
  let q = x.num / x.den;
  if (x.neg) q = -q;
  if (q < min || q > max) return undefined;
  return q;
}

/** Whether the float holds an exact integer value. */
export function isExactInteger(s: FloatSemantics, a: bigint): boolean {
  const x = decode(s, a);
  if (x.kind === 'zero') return true;
  if (x.kind !== 'fin') return false;
  return x.num % x.den === 0n;
}
