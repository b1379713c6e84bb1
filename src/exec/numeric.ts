// Exact scalar arithmetic for the execution engine.
//
// Value representation (shared with the code generator, src/exec/codegen.ts):
// - integers of width <= 32: a JS number holding the value sign-extended from
//   its width (two's complement), except i1 which holds 0 or 1;
// - integers wider than 32 bits (and `index`, 64 bits): a JS number when the
//   signed value is a safe integer (|v| <= 2^53 - 1), a BigInt otherwise. The
//   form is canonical, so `===` is equality and `<` compares signed values
//   (JS compares a BigInt with a number exactly);
// - floats: a JS number holding a value exactly representable in the type
//   (f32 via Math.fround, f16/bf16 via roundF16/roundBF16 below);
// - poison: a Poison object (see runtime.ts).

export const MAXS = Number.MAX_SAFE_INTEGER;

/** Arithmetic on "wide" integers (width > 32) in the number-or-BigInt form. */
export class WideInt {
  readonly lo: number;
  readonly hi: number;
  readonly bw: bigint;
  readonly mod: bigint;
  readonly minB: bigint;
  readonly maxB: bigint;
  constructor(readonly w: number) {
    this.bw = BigInt(w);
    this.mod = 1n << this.bw;
    this.minB = -(1n << (this.bw - 1n));
    this.maxB = (1n << (this.bw - 1n)) - 1n;
    this.lo = w >= 54 ? -MAXS : -(2 ** (w - 1));
    this.hi = w >= 54 ? MAXS : 2 ** (w - 1) - 1;
  }
  /** The canonical form of a (possibly out-of-range) BigInt, wrapped to the width. */
  canon(b: bigint): number | bigint {
    const v = BigInt.asIntN(this.w, b);
    return v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;
  }
  /** The canonical form of an exact integer-valued number (wrapping when needed). */
  fromNumber(x: number): number | bigint {
    if (x >= this.lo && x <= this.hi) return x;
    return this.canon(BigInt(x));
  }
  /** The canonical form of any exact integer (number or BigInt), wrapped to the width. */
  fromAny = (x: number | bigint): number | bigint => (typeof x === 'number' ? this.fromNumber(x) : this.canon(x));
  big(x: number | bigint): bigint {
    return typeof x === 'bigint' ? x : BigInt(x);
  }
  /** The unsigned value as a BigInt. */
  ubig(x: number | bigint): bigint {
    return BigInt.asUintN(this.w, this.big(x));
  }
  /** The canonical form of a value given as unsigned BigInt. */
  fromU(b: bigint): number | bigint {
    return this.canon(b);
  }
  add = (a: number | bigint, b: number | bigint): number | bigint => {
    if (typeof a === 'number' && typeof b === 'number') {
      const r = a + b;
      if (r >= this.lo && r <= this.hi) return r;
    }
    return this.canon(this.big(a) + this.big(b));
  };
  sub = (a: number | bigint, b: number | bigint): number | bigint => {
    if (typeof a === 'number' && typeof b === 'number') {
      const r = a - b;
      if (r >= this.lo && r <= this.hi) return r;
    }
    return this.canon(this.big(a) - this.big(b));
  };
  mul = (a: number | bigint, b: number | bigint): number | bigint => {
    if (typeof a === 'number' && typeof b === 'number') {
      const r = a * b;
      if (r >= this.lo && r <= this.hi) return r === 0 ? 0 : r;
    }
    return this.canon(this.big(a) * this.big(b));
  };
  isMin(a: number | bigint): boolean {
    return this.big(a) === this.minB;
  }
  /** Signed division truncating toward zero; the divisor is non-zero and there is no overflow. */
  divs = (a: number | bigint, b: number | bigint): number | bigint => {
    if (typeof a === 'number' && typeof b === 'number') {
      const r = a % b;
      const q = (a - r) / b;
      return q === 0 ? 0 : q;
    }
    return this.canon(this.big(a) / this.big(b));
  };
  rems = (a: number | bigint, b: number | bigint): number | bigint => {
    if (typeof a === 'number' && typeof b === 'number') {
      const r = a % b;
      return r === 0 ? 0 : r;
    }
    return this.canon(this.big(a) % this.big(b));
  };
  divu = (a: number | bigint, b: number | bigint): number | bigint => {
    if (typeof a === 'number' && typeof b === 'number' && a >= 0 && b > 0) {
      const r = a % b;
      return (a - r) / b;
    }
    return this.fromU(this.ubig(a) / this.ubig(b));
  };
  remu = (a: number | bigint, b: number | bigint): number | bigint => {
    if (typeof a === 'number' && typeof b === 'number' && a >= 0 && b > 0) return a % b;
    return this.fromU(this.ubig(a) % this.ubig(b));
  };
  ceildivs = (a: number | bigint, b: number | bigint): number | bigint => {
    const x = this.big(a);
    const y = this.big(b);
    let q = x / y;
    if (q * y !== x && x < 0n === y < 0n) q += 1n;
    return this.canon(q);
  };
  floordivs = (a: number | bigint, b: number | bigint): number | bigint => {
    const x = this.big(a);
    const y = this.big(b);
    let q = x / y;
    if (q * y !== x && x < 0n !== y < 0n) q -= 1n;
    return this.canon(q);
  };
  ceildivu = (a: number | bigint, b: number | bigint): number | bigint => {
    const x = this.ubig(a);
    const y = this.ubig(b);
    let q = x / y;
    if (q * y !== x) q += 1n;
    return this.fromU(q);
  };
  // Bitwise operations: safe integers are split into a signed high part and an
  // unsigned low word (exact), BigInts are used otherwise.
  and = (a: number | bigint, b: number | bigint): number | bigint => {
    if (typeof a === 'number' && typeof b === 'number') {
      if ((a | 0) === a && (b | 0) === b) return a & b;
      const ah = Math.floor(a / 4294967296);
      const bh = Math.floor(b / 4294967296);
      return (ah & bh) * 4294967296 + (((a - ah * 4294967296) & (b - bh * 4294967296)) >>> 0);
    }
    return this.canon(this.big(a) & this.big(b));
  };
  or = (a: number | bigint, b: number | bigint): number | bigint => {
    if (typeof a === 'number' && typeof b === 'number') {
      if ((a | 0) === a && (b | 0) === b) return a | b;
      const ah = Math.floor(a / 4294967296);
      const bh = Math.floor(b / 4294967296);
      return (ah | bh) * 4294967296 + (((a - ah * 4294967296) | (b - bh * 4294967296)) >>> 0);
    }
    return this.canon(this.big(a) | this.big(b));
  };
  xor = (a: number | bigint, b: number | bigint): number | bigint => {
    if (typeof a === 'number' && typeof b === 'number') {
      if ((a | 0) === a && (b | 0) === b) return a ^ b;
      const ah = Math.floor(a / 4294967296);
      const bh = Math.floor(b / 4294967296);
      return (ah ^ bh) * 4294967296 + (((a - ah * 4294967296) ^ (b - bh * 4294967296)) >>> 0);
    }
    return this.canon(this.big(a) ^ this.big(b));
  };
  /** Shift amount as unsigned; undefined when >= width (the result is poison). */
  shiftAmount(b: number | bigint): number | undefined {
    if (typeof b === 'number' && b >= 0) return b < this.w ? b : undefined;
    const u = this.ubig(b);
    return u >= this.bw ? undefined : Number(u);
  }
  shl(a: number | bigint, s: number): number | bigint {
    if (typeof a === 'number' && s < 31) {
      const r = a * 2 ** s;
      if (r >= this.lo && r <= this.hi) return r;
    }
    return this.canon(this.big(a) << BigInt(s));
  }
  shrs(a: number | bigint, s: number): number | bigint {
    if (typeof a === 'number') return Math.floor(a / 2 ** s);
    return this.canon(this.big(a) >> BigInt(s));
  }
  shru(a: number | bigint, s: number): number | bigint {
    if (typeof a === 'number' && a >= 0) return Math.floor(a / 2 ** s);
    return this.fromU(this.ubig(a) >> BigInt(s));
  }
  /** Unsigned less-than. */
  ult(a: number | bigint, b: number | bigint): boolean {
    return a < 0 === b < 0 ? a < b : b < 0;
  }
  ule(a: number | bigint, b: number | bigint): boolean {
    return a < 0 === b < 0 ? a <= b : b < 0;
  }
  /** The value as unsigned, in the number-or-BigInt form (for printing/conversion). */
  unsigned(a: number | bigint): number | bigint {
    if (typeof a === 'number' && a >= 0) return a;
    const u = this.ubig(a);
    return u <= 9007199254740991n ? Number(u) : u;
  }
}

const wideCache = new Map<number, WideInt>();
export function wide(w: number): WideInt {
  let h = wideCache.get(w);
  if (!h) wideCache.set(w, (h = new WideInt(w)));
  return h;
}

// ---- floats

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const f32a = new Float32Array(1);
const u32f = new Uint32Array(f32a.buffer);

function roundHalfEven(n: number): number {
  const f = Math.floor(n);
  const d = n - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** Rounds a double to a binary format with `p` significand bits, minimum normal exponent `emin`, ties to even. */
function makeRounder(p: number, emin: number, emax: number): (x: number) => number {
  const largest = (2 - 2 ** (1 - p)) * 2 ** emax;
  const overflow = (2 - 2 ** -p) * 2 ** emax; // halfway between largest and 2^(emax+1)
  const subQuantum = 2 ** (emin - p + 1);
  void largest;
  return (x: number): number => {
    if (x !== x) return x;
    const a = x < 0 ? -x : x;
    if (a >= overflow) return x < 0 ? -Infinity : Infinity;
    if (a === 0) return x;
    let q: number;
    if (a < 2 ** emin) q = subQuantum;
    else {
      f64[0] = a;
      const e = ((u32[1] >>> 20) & 0x7ff) - 1023;
      q = 2 ** (e - p + 1);
    }
    const r = roundHalfEven(a / q) * q;
    return x < 0 ? -r : r;
  };
}

export const roundF16 = makeRounder(11, -14, 15);
export const roundBF16 = makeRounder(8, -126, 127);
export const roundF32 = Math.fround;

export function f32Bits(x: number): number {
  f32a[0] = x;
  return u32f[0] | 0;
}
export function bitsF32(b: number): number {
  u32f[0] = b >>> 0;
  return f32a[0];
}
export function f64Bits(x: number): bigint {
  f64[0] = x;
  return BigInt.asIntN(64, (BigInt(u32[1]) << 32n) | BigInt(u32[0]));
}
export function bitsF64(b: bigint): number {
  const u = BigInt.asUintN(64, b);
  u32[0] = Number(u & 0xffffffffn);
  u32[1] = Number(u >> 32n);
  return f64[0];
}
/** Sign bit of a double (also for NaN and -0). */
export function signBit(x: number): boolean {
  f64[0] = x;
  return u32[1] >>> 31 === 1;
}

/** Bits of an f16 value (value already representable). */
export function f16Bits(x: number): number {
  return smallFloatBits(x, 11, 5, 15);
}
export function bf16Bits(x: number): number {
  return f32Bits(x) >>> 16;
}
export function bitsBF16(b: number): number {
  return bitsF32((b & 0xffff) << 16);
}
export function bitsF16(b: number): number {
  b &= 0xffff;
  const sign = b & 0x8000 ? -1 : 1;
  const e = (b >>> 10) & 0x1f;
  const m = b & 0x3ff;
  if (e === 0x1f) return m ? NaN : sign * Infinity;
  if (e === 0) return sign * m * 2 ** -24;
  return sign * (1024 + m) * 2 ** (e - 25);
}
function smallFloatBits(x: number, p: number, ebits: number, bias: number): number {
  const signMask = 1 << (p - 1 + ebits);
  const neg = signBit(x);
  const sign = neg ? signMask : 0;
  const expAll = (1 << ebits) - 1;
  if (x !== x) return sign | (expAll << (p - 1)) | (1 << (p - 2));
  const a = Math.abs(x);
  if (a === Infinity) return sign | (expAll << (p - 1));
  if (a === 0) return sign;
  f64[0] = a;
  let e = ((u32[1] >>> 20) & 0x7ff) - 1023;
  if (e < 1 - bias) return sign | Math.round(a / 2 ** (1 - bias - p + 1)); // subnormal
  const m = a / 2 ** (e - p + 1) - 2 ** (p - 1);
  e += bias;
  return sign | (e << (p - 1)) | m;
}

// ---- float to int conversions (exact; undefined when out of range: poison)

/** Truncates a float to a signed integer of width w; undefined when out of range or NaN. */
export function fpToSI(x: number, w: number): number | bigint | undefined {
  if (x !== x || !Number.isFinite(x)) return undefined;
  const t = Math.trunc(x);
  if (w <= 32) {
    const lo = w === 1 ? -1 : -(2 ** (w - 1));
    const hi = w === 1 ? 0 : 2 ** (w - 1) - 1;
    if (t < lo || t > hi) return undefined;
    if (w === 1) return t === 0 ? 0 : 1;
    return t === 0 ? 0 : t;
  }
  const h = wide(w);
  if (t >= -MAXS && t <= MAXS) return h.fromNumber(t === 0 ? 0 : t);
  const b = BigInt(t);
  if (b < h.minB || b > h.maxB) return undefined;
  return b;
}
export function fpToUI(x: number, w: number): number | bigint | undefined {
  if (x !== x || !Number.isFinite(x)) return undefined;
  const t = Math.trunc(x);
  if (t < 0) return undefined;
  if (w <= 32) {
    if (t > 2 ** w - 1) return undefined;
    if (w === 1) return t;
    if (w === 32) return t | 0;
    return (t << (32 - w)) >> (32 - w);
  }
  const b = BigInt(t);
  if (b >= 1n << BigInt(w)) return undefined;
  return wide(w).fromU(b);
}

/** Rounds an exact integer given as BigInt to a float type. */
export function bigToFloat(b: bigint, type: 'f16' | 'bf16' | 'f32' | 'f64'): number {
  if (type === 'f64') return Number(b);
  // Number(b) rounds to 53 bits; then rounding again to fewer bits can be wrong
  // (double rounding). Keep a sticky bit: truncate to 60 bits first.
  const neg = b < 0n;
  let a = neg ? -b : b;
  let shift = 0;
  const len = a.toString(2).length;
  if (len > 60) {
    shift = len - 60;
    const lost = a & ((1n << BigInt(shift)) - 1n);
    a >>= BigInt(shift);
    if (lost !== 0n) a |= 1n; // sticky
    // 60 bits do not fit a double exactly; reduce to 53 with a sticky bit again.
  }
  // Now round `a` (<= 60 bits) to the target precision directly.
  const p = type === 'f32' ? 24 : type === 'f16' ? 11 : 8;
  const alen = a.toString(2).length;
  let m = a;
  let e = shift;
  if (alen > p) {
    const drop = BigInt(alen - p);
    const rem = m & ((1n << drop) - 1n);
    m >>= drop;
    e += alen - p;
    const half = 1n << (drop - 1n);
    if (rem > half || (rem === half && (m & 1n) === 1n)) m += 1n;
  }
  const v = Number(m) * 2 ** e;
  const r = type === 'f32' ? Math.fround(v) : type === 'f16' ? roundF16(v) : roundBF16(v);
  return neg ? -r : r;
}

// ---- printf-compatible formatting

const TEN = 10n;

/** Exact value of a finite double as mant * 2^exp (mant a BigInt). */
function exactParts(x: number): { m: bigint; e: number } {
  f64[0] = x;
  const hi = u32[1];
  const lo = u32[0];
  const be = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (be === 0) e = -1074;
  else {
    m |= 1n << 52n;
    e = be - 1075;
  }
  return { m, e };
}

/** True if the positive finite x equals (2n-1)/2 * 10^k exactly. */
function isTie(x: number, n: bigint, k: number): boolean {
  const { m, e } = exactParts(x);
  // 2 * m * 2^e == (2n - 1) * 10^k
  let lhsNum = 2n * m;
  let rhsNum = 2n * n - 1n;
  if (e >= 0) lhsNum <<= BigInt(e);
  else rhsNum <<= BigInt(-e);
  if (k >= 0) rhsNum *= TEN ** BigInt(k);
  else lhsNum *= TEN ** BigInt(-k);
  return lhsNum === rhsNum;
}

/** Digits (exactly `prec+1` of them) and decimal exponent of |x| rounded as glibc does (ties to even). */
function sciDigits(a: number, prec: number): { digits: string; exp: number } {
  const s = a.toExponential(prec);
  const ei = s.indexOf('e');
  let digits = s.slice(0, ei).replace('.', '');
  let exp = parseInt(s.slice(ei + 1), 10);
  const last = digits.charCodeAt(digits.length - 1) - 48;
  if (last % 2 === 1) {
    const n = BigInt(digits);
    if (isTie(a, n, exp - prec)) {
      digits = (n - 1n).toString();
      if (digits.length < prec + 1) {
        // Cannot happen for odd n > 10^prec, kept for safety.
        digits = digits.padStart(prec + 1, '0');
      }
    }
  }
  void exp;
  return { digits, exp };
}

function nonFinite(x: number): string | undefined {
  if (x !== x) return signBit(x) ? '-nan' : 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  return undefined;
}

/** C's printf("%.{prec}e", x). */
export function formatE(x: number, prec = 6): string {
  const nf = nonFinite(x);
  if (nf) return nf;
  const neg = signBit(x);
  const a = Math.abs(x);
  let digits: string;
  let exp: number;
  if (a === 0) {
    digits = '0'.repeat(prec + 1);
    exp = 0;
  } else ({ digits, exp } = sciDigits(a, prec));
  const mant = prec > 0 ? digits[0] + '.' + digits.slice(1) : digits[0];
  const es = Math.abs(exp) < 10 ? '0' + Math.abs(exp) : String(Math.abs(exp));
  return (neg ? '-' : '') + mant + 'e' + (exp < 0 ? '-' : '+') + es;
}

/** C's printf("%g", x) (precision 6), also what `std::ostream << double` prints. */
export function formatG(x: number, precision = 6): string {
  const nf = nonFinite(x);
  if (nf) return nf;
  const neg = signBit(x);
  if (x === 0) return neg ? '-0' : '0';
  // Fast path for small integers: exact and short.
  const a = Math.abs(x);
  if (a < 1e6 && Number.isInteger(a) && precision === 6) return (neg ? '-' : '') + String(a);
  const p = precision === 0 ? 1 : precision;
  const { digits, exp } = sciDigits(a, p - 1);
  let out: string;
  if (exp < -4 || exp >= p) {
    let frac = digits.slice(1).replace(/0+$/, '');
    out = digits[0] + (frac ? '.' + frac : '') + 'e' + (exp < 0 ? '-' : '+') + (Math.abs(exp) < 10 ? '0' : '') + Math.abs(exp);
    frac = '';
  } else if (exp >= 0) {
    const int = digits.slice(0, exp + 1);
    const frac = digits.slice(exp + 1).replace(/0+$/, '');
    out = int + (frac ? '.' + frac : '');
  } else {
    const frac = ('0'.repeat(-exp - 1) + digits).replace(/0+$/, '');
    out = '0.' + frac;
  }
  return (neg ? '-' : '') + out;
}
