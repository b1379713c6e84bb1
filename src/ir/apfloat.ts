// Arbitrary floating-point formats as raw bit patterns (bigint), with exact
// conversion from decimal strings and doubles, and the decimal rendering that
// LLVM's APFloat::toString produces (which MLIR's printer relies on).

export type NonFinite = 'ieee' | 'nanOnly' | 'finiteOnly';
export type NanEncoding = 'ieee' | 'allOnes' | 'negativeZero';

export interface FloatSemantics {
  readonly name: string;
  readonly maxExponent: number;
  readonly minExponent: number;
  /** Significand bits including the integer bit. */
  readonly precision: number;
  readonly sizeInBits: number;
  readonly nonFinite: NonFinite;
  readonly nanEncoding: NanEncoding;
  readonly hasSign: boolean;
  /** x87 80-bit: the integer bit is stored. */
  readonly explicitInt: boolean;
}

function sem(
  name: string,
  maxExponent: number,
  minExponent: number,
  precision: number,
  sizeInBits: number,
  nonFinite: NonFinite = 'ieee',
  nanEncoding: NanEncoding = 'ieee',
  hasSign = true,
): FloatSemantics {
  return { name, maxExponent, minExponent, precision, sizeInBits, nonFinite, nanEncoding, hasSign, explicitInt: name === 'f80' };
}

/** Semantics of MLIR's builtin float types, by type name. */
export const FLOAT_SEMANTICS: ReadonlyMap<string, FloatSemantics> = new Map(
  [
    sem('f16', 15, -14, 11, 16),
    sem('bf16', 127, -126, 8, 16),
    sem('f32', 127, -126, 24, 32),
    sem('f64', 1023, -1022, 53, 64),
    sem('f80', 16383, -16382, 64, 80),
    sem('f128', 16383, -16382, 113, 128),
    sem('tf32', 127, -126, 11, 19),
    sem('f8E5M2', 15, -14, 3, 8),
    sem('f8E5M2FNUZ', 15, -15, 3, 8, 'nanOnly', 'negativeZero'),
    sem('f8E4M3', 7, -6, 4, 8),
    sem('f8E4M3FN', 8, -6, 4, 8, 'nanOnly', 'allOnes'),
    sem('f8E4M3FNUZ', 7, -7, 4, 8, 'nanOnly', 'negativeZero'),
    sem('f8E4M3B11FNUZ', 4, -10, 4, 8, 'nanOnly', 'negativeZero'),
    sem('f8E3M4', 3, -2, 5, 8),
    sem('f8E8M0FNU', 127, -127, 1, 8, 'nanOnly', 'allOnes', false),
    sem('f6E3M2FN', 4, -2, 3, 6, 'finiteOnly'),
    sem('f6E2M3FN', 2, 0, 4, 6, 'finiteOnly'),
    sem('f4E2M1FN', 2, 0, 2, 4, 'finiteOnly'),
  ].map((s) => [s.name, s]),
);

function mantBits(s: FloatSemantics): number {
  return s.explicitInt ? s.precision : s.precision - 1;
}
function expBits(s: FloatSemantics): number {
  return s.sizeInBits - (s.hasSign ? 1 : 0) - mantBits(s);
}
function bias(s: FloatSemantics): number {
  return s.name === 'f8E8M0FNU' ? 127 : 1 - s.minExponent;
}

export type Decoded =
  | { kind: 'zero'; neg: boolean }
  | { kind: 'inf'; neg: boolean }
  | { kind: 'nan'; neg: boolean }
  /** value = (-1)^neg * sig * 2^exp, sig > 0 */
  | { kind: 'finite'; neg: boolean; sig: bigint; exp: number };

export function decodeFloat(s: FloatSemantics, bits: bigint): Decoded {
  const mb = mantBits(s);
  const eb = expBits(s);
  const neg = s.hasSign && ((bits >> BigInt(s.sizeInBits - 1)) & 1n) === 1n;
  const biased = Number((bits >> BigInt(mb)) & ((1n << BigInt(eb)) - 1n));
  const mant = bits & ((1n << BigInt(mb)) - 1n);
  const allOnesExp = (1 << eb) - 1;
  if (s.name === 'f8E8M0FNU') {
    if (biased === 255) return { kind: 'nan', neg: false };
    return { kind: 'finite', neg: false, sig: 1n, exp: biased - 127 };
  }
  if (s.nonFinite === 'ieee' && biased === allOnesExp) {
    const frac = s.explicitInt ? mant & ((1n << BigInt(mb - 1)) - 1n) : mant;
    return { kind: frac === 0n ? 'inf' : 'nan', neg };
  }
  if (s.nonFinite === 'nanOnly') {
    if (s.nanEncoding === 'allOnes' && biased === allOnesExp && mant === (1n << BigInt(mb)) - 1n) return { kind: 'nan', neg };
    if (s.nanEncoding === 'negativeZero' && neg && biased === 0 && mant === 0n) return { kind: 'nan', neg: true };
  }
  const b = bias(s);
  let sig: bigint;
  let exp: number;
  if (biased === 0) {
    sig = mant;
    exp = 1 - b - (s.precision - 1);
  } else {
    sig = s.explicitInt ? mant : mant | (1n << BigInt(s.precision - 1));
    exp = biased - b - (s.precision - 1);
  }
  if (sig === 0n) return { kind: 'zero', neg };
  return { kind: 'finite', neg, sig, exp };
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** The bits of NaN (quiet, positive) in `s`. */
export function nanBits(s: FloatSemantics): bigint {
  const mb = mantBits(s);
  const eb = expBits(s);
  if (s.nonFinite === 'finiteOnly') return 0n;
  if (s.nanEncoding === 'negativeZero') return 1n << BigInt(s.sizeInBits - 1);
  if (s.nanEncoding === 'allOnes') return ((1n << BigInt(eb + mb)) - 1n);
  const expField = ((1n << BigInt(eb)) - 1n) << BigInt(mb);
  const quiet = 1n << BigInt(s.explicitInt ? mb - 2 : mb - 1);
  return expField | quiet | (s.explicitInt ? 1n << BigInt(mb - 1) : 0n);
}

function infBits(s: FloatSemantics, neg: boolean): bigint {
  const mb = mantBits(s);
  const eb = expBits(s);
  if (s.nonFinite === 'nanOnly') return nanBits(s);
  if (s.nonFinite === 'finiteOnly') return largestBits(s, neg);
  let bits = ((1n << BigInt(eb)) - 1n) << BigInt(mb);
  if (s.explicitInt) bits |= 1n << BigInt(mb - 1);
  return neg ? bits | (1n << BigInt(s.sizeInBits - 1)) : bits;
}

function largestBits(s: FloatSemantics, neg: boolean): bigint {
  const mb = mantBits(s);
  const eb = expBits(s);
  const bits = (((1n << BigInt(eb)) - 1n) << BigInt(mb)) | ((1n << BigInt(mb)) - 1n);
  return neg && s.hasSign ? bits | (1n << BigInt(s.sizeInBits - 1)) : bits;
}

/** Rounds ±num/den (num, den > 0 or num = 0) to `s`, ties to even. */
export function roundRational(s: FloatSemantics, neg: boolean, num: bigint, den: bigint): bigint {
  const signBit = neg && s.hasSign ? 1n << BigInt(s.sizeInBits - 1) : 0n;
  if (num === 0n) return s.nanEncoding === 'negativeZero' ? 0n : signBit;
  if (s.name === 'f8E8M0FNU') {
    // Powers of two only: round log2 to nearest.
    let e = bitLength(num) - bitLength(den);
    if ((e >= 0 ? num < den << BigInt(e) : num << BigInt(-e) < den)) e--;
    // value in [2^e, 2^(e+1)): round up when >= 1.5 * 2^e
    const up = e >= 0 ? 2n * num >= 3n * (den << BigInt(e)) : 2n * (num << BigInt(-e)) >= 3n * den;
    if (up) e++;
    if (e > 127) return nanBits(s);
    if (e < -127) e = -127;
    return BigInt(e + 127);
  }
  const p = s.precision;
  let e = bitLength(num) - bitLength(den);
  if (e >= 0 ? num < den << BigInt(e) : num << BigInt(-e) < den) e--;
  let q = Math.max(e, s.minExponent) - (p - 1);
  // m = num / den * 2^-q
  let n = num;
  let d = den;
  if (q >= 0) d <<= BigInt(q);
  else n <<= BigInt(-q);
  let m = n / d;
  const r = n - m * d;
  if (2n * r > d || (2n * r === d && (m & 1n) === 1n)) m++;
  if (m === 1n << BigInt(p)) {
    m >>= 1n;
    q++;
  }
  if (m === 0n) return s.nanEncoding === 'negativeZero' ? 0n : signBit;
  const topExp = q + p - 1;
  if (m >= 1n << BigInt(p - 1)) {
    let maxExp = s.maxExponent;
    if (topExp > maxExp) return infBits(s, neg) | (s.nonFinite === 'ieee' ? 0n : 0n);
    const mb = mantBits(s);
    const biased = BigInt(topExp + bias(s));
    const mant = s.explicitInt ? m : m - (1n << BigInt(p - 1));
    const bits = signBit | (biased << BigInt(mb)) | mant;
    // Formats that use the top encodings for NaN: values landing there overflow.
    if (s.nonFinite === 'nanOnly' && s.nanEncoding === 'allOnes' && (bits & ~signBit) === nanBits(s)) return nanBits(s) | signBit;
    maxExp = 0;
    return bits;
  }
  return signBit | m; // subnormal
}

/** Converts a JS number to `s` (round to nearest even). */
export function fromDouble(s: FloatSemantics, value: number): bigint {
  if (Number.isNaN(value)) return nanBits(s);
  const neg = value < 0 || Object.is(value, -0);
  if (!Number.isFinite(value)) return infBits(s, neg);
  if (value === 0) return roundRational(s, neg, 0n, 1n);
  const { sig, exp } = doubleParts(Math.abs(value));
  return exp >= 0 ? roundRational(s, neg, sig << BigInt(exp), 1n) : roundRational(s, neg, sig, 1n << BigInt(-exp));
}

const f64buf = new DataView(new ArrayBuffer(8));
function doubleParts(v: number): { sig: bigint; exp: number } {
  f64buf.setFloat64(0, v);
  const bits = f64buf.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const mant = bits & ((1n << 52n) - 1n);
  if (biased === 0) return { sig: mant, exp: -1074 };
  return { sig: mant | (1n << 52n), exp: biased - 1075 };
}

export function doubleToBits(v: number): bigint {
  f64buf.setFloat64(0, v);
  return f64buf.getBigUint64(0);
}
export function bitsToDouble(bits: bigint): number {
  f64buf.setBigUint64(0, BigInt.asUintN(64, bits));
  return f64buf.getFloat64(0);
}

/** The value of `bits` in `s` as a JS number (rounded). */
export function toDouble(s: FloatSemantics, bits: bigint): number {
  if (s.name === 'f64') return bitsToDouble(bits);
  const d = decodeFloat(s, bits);
  switch (d.kind) {
    case 'zero':
      return d.neg ? -0 : 0;
    case 'inf':
      return d.neg ? -Infinity : Infinity;
    case 'nan':
      return NaN;
    default: {
      const v =
        d.exp >= 0
          ? bitsToDouble(fromRationalF64(d.sig << BigInt(d.exp), 1n))
          : bitsToDouble(fromRationalF64(d.sig, 1n << BigInt(-d.exp)));
      return d.neg ? -v : v;
    }
  }
}
function fromRationalF64(num: bigint, den: bigint): bigint {
  return roundRational(FLOAT_SEMANTICS.get('f64')!, false, num, den);
}

/**
 * Parses a decimal float spelling (`[-+]?digits[.digits][e[-+]digits]`) to `s`
 * exactly (ties to even). Returns undefined for malformed text.
 */
export function parseDecimal(s: FloatSemantics, text: string): bigint | undefined {
  const m = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const neg = m[1] === '-';
  const frac = m[3] ?? '';
  const digits = BigInt((m[2] + frac) || '0');
  const e10 = (m[4] ? parseInt(m[4], 10) : 0) - frac.length;
  if (digits === 0n) return roundRational(s, neg, 0n, 1n);
  if (e10 > 5000) return infBits(s, neg);
  if (e10 < -5000) return roundRational(s, neg, 0n, 1n);
  return e10 >= 0 ? roundRational(s, neg, digits * 10n ** BigInt(e10), 1n) : roundRational(s, neg, digits, 10n ** BigInt(-e10));
}

/** APFloat::toString(precision, maxPadding, truncateZero) for a finite or zero value. */
export function apfloatToString(s: FloatSemantics, bits: bigint, formatPrecision: number, maxPadding: number, truncateZero: boolean): string {
  const d = decodeFloat(s, bits);
  if (d.kind === 'inf') return d.neg ? '-Inf' : '+Inf';
  if (d.kind === 'nan') return 'NaN';
  const sign = d.neg ? '-' : '';
  if (d.kind === 'zero') {
    if (maxPadding) return sign + '0';
    if (truncateZero) return sign + '0.0E+0';
    return sign + '0.0' + (formatPrecision > 1 ? '0'.repeat(formatPrecision - 1) : '') + 'e+00';
  }
  if (formatPrecision === 0) formatPrecision = 2 + Math.floor((s.precision * 59) / 196);
  let sig = d.sig;
  let exp = d.exp;
  while ((sig & 1n) === 0n) {
    sig >>= 1n;
    exp++;
  }
  let n: bigint;
  let exp10: number;
  if (exp >= 0) {
    n = sig << BigInt(exp);
    exp10 = 0;
  } else {
    n = sig * 5n ** BigInt(-exp);
    exp10 = exp;
  }
  const bits0 = bitLength(n);
  const needed = Math.floor((formatPrecision * 196 + 58) / 59);
  if (bits0 > needed) {
    const tens = Math.floor(((bits0 - needed) * 59) / 196);
    if (tens > 0) {
      exp10 += tens;
      n /= 10n ** BigInt(tens);
    }
  }
  // Digits, least significant first, trailing zeros dropped.
  let str = n.toString();
  let tz = 0;
  while (tz < str.length - 1 && str.charCodeAt(str.length - 1 - tz) === 48) tz++;
  if (tz) {
    str = str.slice(0, str.length - tz);
    exp10 += tz;
  }
  // Round half-up to formatPrecision digits (str is most significant first).
  if (str.length > formatPrecision) {
    const drop = str.length - formatPrecision;
    const firstDropped = str.charCodeAt(formatPrecision) - 48;
    let kept = str.slice(0, formatPrecision);
    exp10 += drop;
    if (firstDropped >= 5) {
      // increment kept
      let i = kept.length - 1;
      while (i >= 0 && kept[i] === '9') i--;
      if (i < 0) {
        exp10 += kept.length;
        kept = '1';
      } else {
        exp10 += kept.length - 1 - i;
        kept = kept.slice(0, i) + String.fromCharCode(kept.charCodeAt(i) + 1);
      }
    } else {
      let j = kept.length;
      while (j > 1 && kept[j - 1] === '0') j--;
      exp10 += kept.length - j;
      kept = kept.slice(0, j);
    }
    str = kept;
  }
  const nd = str.length;
  let scientific: boolean;
  if (!maxPadding) scientific = true;
  else if (exp10 >= 0) scientific = exp10 > maxPadding || nd + exp10 > formatPrecision;
  else {
    const msd = exp10 + nd - 1;
    scientific = msd >= 0 ? false : -msd > maxPadding;
  }
  if (scientific) {
    const e = exp10 + nd - 1;
    let out = sign + str[0] + '.';
    if (nd === 1 && truncateZero) out += '0';
    else out += str.slice(1);
    if (!truncateZero && formatPrecision > nd - 1) out += '0'.repeat(formatPrecision - nd + 1);
    out += truncateZero ? 'E' : 'e';
    out += e >= 0 ? '+' : '-';
    let es = String(Math.abs(e));
    if (!truncateZero && es.length < 2) es = '0' + es;
    return out + es;
  }
  if (exp10 >= 0) return sign + str + '0'.repeat(exp10);
  const whole = exp10 + nd;
  if (whole > 0) return sign + str.slice(0, whole) + '.' + str.slice(whole);
  return sign + '0.' + '0'.repeat(-whole) + str;
}

/**
 * MLIR's printFloatValue: `%e`-like form when it round-trips, else APFloat's
 * default form when it has a '.', else the bit pattern in hex.
 */
export function formatFloat(s: FloatSemantics, bits: bigint): { text: string; hex: boolean } {
  const d = decodeFloat(s, bits);
  if (d.kind !== 'inf' && d.kind !== 'nan') {
    const short = apfloatToString(s, bits, 6, 0, false);
    if (parseDecimal(s, short) === bits) return { text: short, hex: false };
    const long = apfloatToString(s, bits, 0, 3, true);
    if (long.includes('.')) return { text: long, hex: false };
  }
  return { text: '0x' + bits.toString(16).toUpperCase(), hex: true };
}
