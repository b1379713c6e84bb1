// Shared helpers of the libm emulation: bit casts, an exactly rounded fused
// multiply-add (JavaScript has none), and float (binary32) arithmetic.

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer); // little-endian: [lo, hi]
const U64 = new BigUint64Array(F64.buffer);
const F32 = new Float32Array(1);
const W32 = new Uint32Array(F32.buffer);

/** The high 32 bits of a double. */
export function hiWord(x: number): number {
  F64[0] = x;
  return U32[1];
}
export function loWord(x: number): number {
  F64[0] = x;
  return U32[0];
}
/** A double from its two 32-bit halves. */
export function fromWords(hi: number, lo: number): number {
  U32[0] = lo;
  U32[1] = hi;
  return F64[0];
}
export function asuint64(x: number): bigint {
  F64[0] = x;
  return U64[0];
}
export function asdouble(b: bigint): number {
  U64[0] = BigInt.asUintN(64, b);
  return F64[0];
}
export function asuint(x: number): number {
  F32[0] = x;
  return W32[0];
}
export function asfloat(u: number): number {
  W32[0] = u >>> 0;
  return F32[0];
}
/** The top 12 bits (sign and exponent) of a double. */
export function top12(x: number): number {
  F64[0] = x;
  return U32[1] >>> 20;
}

export const fround = Math.fround;

// ---- fused multiply-add

const SPLIT = 134217729; // 2^27 + 1

/** a * b = hi + lo exactly (Veltkamp/Dekker), for products far from overflow and underflow. */
function twoProdLo(a: number, b: number, hi: number): number {
  let t = SPLIT * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLIT * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return al * bl - (((hi - ah * bh) - al * bh) - ah * bl);
}

/** The neighbour of x towards +inf (up) or -inf (down), for finite nonzero x. */
function nextToward(x: number, up: boolean): number {
  F64[0] = x;
  // on the 32-bit halves with carry: BigInt arithmetic here would allocate on every call
  const lo = U32[0];
  if (up === x > 0) {
    U32[0] = (lo + 1) >>> 0;
    if (lo === 0xffffffff) U32[1] = (U32[1] + 1) >>> 0;
  } else {
    U32[0] = (lo - 1) >>> 0;
    if (lo === 0) U32[1] = (U32[1] - 1) >>> 0;
  }
  return F64[0];
}

/** fma(a, b, c) through exact integers: the slow path for extreme exponents. */
function fmaExact(a: number, b: number, c: number): number {
  const da = decompose(a);
  const db = decompose(b);
  const dc = decompose(c);
  // value = m * 2^e with signed bigint m
  let pm = da.m * db.m;
  let pe = da.e + db.e;
  let cm = dc.m;
  let ce = dc.e;
  if (pm === 0n) return a * b + c;
  if (cm === 0n) {
    cm = 0n;
    ce = pe;
  }
  if (pe > ce) {
    pm <<= BigInt(pe - ce);
    pe = ce;
  } else if (ce > pe) {
    cm <<= BigInt(ce - pe);
  }
  const sum = pm + cm;
  if (sum === 0n) return a * b + c; // exact cancellation: the sign of zero as IEEE addition gives
  return roundToDouble(sum, pe);
}

function decompose(x: number): { m: bigint; e: number } {
  F64[0] = x;
  const bits = U64[0];
  const neg = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & 0xfffffffffffffn;
  let m = biased === 0 ? frac : frac | (1n << 52n);
  const e = (biased === 0 ? 1 : biased) - 1075;
  if (neg) m = -m;
  return { m, e };
}

/** Rounds m * 2^e (m a nonzero bigint) to the nearest double, ties to even. */
export function roundToDouble(m: bigint, e: number): number {
  const neg = m < 0n;
  let a = neg ? -m : m;
  const len = a.toString(2).length;
  // exponent of the leading bit: len - 1 + e; keep 53 bits unless subnormal
  let shift = len - 53;
  const minShift = -1074 - e; // the last kept bit must have weight >= 2^-1074
  if (shift < minShift) shift = minShift;
  if (shift > 0) {
    const s = BigInt(shift);
    const rem = a & ((1n << s) - 1n);
    const half = 1n << (s - 1n);
    a >>= s;
    if (rem > half || (rem === half && (a & 1n) === 1n)) a += 1n;
    e += shift;
  }
  let v = Number(a) * 2 ** e;
  if (!Number.isFinite(v) || v === 0) {
    // split the scaling to avoid spurious overflow/underflow of 2 ** e
    v = Number(a) * 2 ** Math.trunc(e / 2) * 2 ** (e - Math.trunc(e / 2));
  }
  return neg ? -v : v;
}

// The fast path's bounds: below FMA_HI nothing overflows (SPLIT * x, the sums);
// above FMA_LO the product's error term a*b - p and every partial product are
// exact (no underflow). Anything else takes the exact path.
const FMA_HI = 2 ** 995;
const FMA_LO = 2 ** -900;

/** The correctly rounded a * b + c, as an FMA instruction computes it. */
export function fma(a: number, b: number, c: number): number {
  const p = a * b;
  const ep = Math.abs(p);
  const ec = Math.abs(c);
  if (!(ep > FMA_LO && ep < FMA_HI && Math.abs(a) < FMA_HI && Math.abs(b) < FMA_HI && ec < FMA_HI && (ec > FMA_LO || c === 0))) {
    return fmaSlow(a, b, c, p);
  }
  if (c === 0) return p;
  // Boldo & Melquiond: RN(uh + RO(ul + pl)) with round-to-odd in the middle.
  const pl = twoProdLo(a, b, p);
  const uh = c + p;
  const bb = uh - c;
  const ul = (c - (uh - bb)) + (p - bb);
  let t = ul + pl;
  const tb = t - ul;
  const te = (ul - (t - tb)) + (pl - tb);
  if (te !== 0) {
    if (t === 0) return fmaExact(a, b, c);
    F64[0] = t;
    if ((U32[0] & 1) === 0) t = nextToward(t, te > 0);
  }
  return uh + t;
}

/** fma outside the fast path's range: special operands, zero factors, extreme magnitudes. */
function fmaSlow(a: number, b: number, c: number, p: number): number {
  // an infinite or NaN factor: IEEE's product and sum (inf * 0 and inf - inf are NaN)
  if (!Number.isFinite(a) || !Number.isFinite(b)) return p + c;
  // finite a*b plus an infinite or NaN c is c
  if (!Number.isFinite(c)) return c;
  // a zero factor makes the product an exact signed zero: one IEEE addition
  if (a === 0 || b === 0) return p + c;
  return fmaExact(a, b, c);
}

/** fma in binary32: a float FMA (vfmadd*ss) on float operands. */
export function fmaf(a: number, b: number, c: number): number {
  // a*b is exact in double (48 bits); a*b + c rounded to double then to float could double-round,
  // so round once from the exact value.
  return fround(fmaToFloat(a, b, c));
}

function fmaToFloat(a: number, b: number, c: number): number {
  const p = a * b; // exact
  const s = p + c;
  if (!Number.isFinite(s) || s === 0) return s;
  const bb = s - p;
  const err = (p - (s - bb)) + (c - bb);
  if (err === 0) return s;
  // round to odd in double so that rounding to float is correct
  F64[0] = s;
  if ((U32[0] & 1) === 0) return nextToward(s, err > 0);
  return s;
}
