// glibc 2.36's float functions from the Arm Optimized Routines (expf, exp2f,
// logf, log2f, powf, sinf, cosf): evaluated in double, with the fused
// multiply-adds that glibc's FMA build (selected on x86-64 CPUs with FMA)
// contracts, then rounded to float. Algorithms: Copyright (c) 2017-2022, Arm
// Limited, SPDX-License-Identifier: MIT OR Apache-2.0 WITH LLVM-exception;
// this is an independent TypeScript rendering of them.

import { asfloat, asuint, fma, fromWords, fround, hiWord, loWord } from './libm-core.js';
import * as D from './libm-data.js';

const abstop12f = (x: number): number => (asuint(x) >>> 20) & 0x7ff;

// ---- errors (math_errf.c): overflow and underflow results
const xflowf = (sign: boolean, y: number): number => fround(fround(sign ? -y : y) * y);
const oflowf = (sign: boolean): number => xflowf(sign, 2 ** 97);
const uflowf = (sign: boolean): number => xflowf(sign, 2 ** -95);
const mayUflowf = (sign: boolean): number => xflowf(sign, 1.25 * 2 ** -75);

/** 2^(k/32) scaled by 2^(ki >> 5): the table entry plus ki in the exponent field. */
function exp2fScale(ki: number): number {
  const i = ki & 31;
  const t = D.EXP2F_TAB[i];
  return fromWords((hiWord(t) + (ki << 15)) >>> 0, loWord(t));
}

/** The integer bits of kd = round(z) + 1.5 * 2^52 (its low 32 bits as a signed integer). */
const kiOf = (kd: number): number => loWord(kd) | 0;

export function expf(x: number): number {
  const xd = x;
  const abstop = abstop12f(x) & 0x7ff;
  if (abstop >= abstop12f(88)) {
    if (x === -Infinity) return 0;
    if (abstop >= abstop12f(Infinity)) return x + x;
    if (x > 0x162e42e * 2 ** -18) return oflowf(false); // 0x1.62e42ep6f
    if (x < -0x19fe368 * 2 ** -18) return uflowf(false); // -0x1.9fe368p6f
    if (x < -0x19d1d9e * 2 ** -18) return mayUflowf(false); // -0x1.9d1d9ep6f
  }
  const C = D.EXP2F_POLY_SCALED;
  // z = InvLn2N * xd feeds two additions, both contracted.
  let kd = fma(D.EXP2F_INVLN2_SCALED, xd, D.EXP2F_SHIFT);
  const ki = kiOf(kd);
  kd -= D.EXP2F_SHIFT;
  const r = fma(D.EXP2F_INVLN2_SCALED, xd, -kd);
  const s = exp2fScale(ki);
  const z = fma(C[0], r, C[1]);
  const r2 = r * r;
  let y = fma(C[2], r, 1);
  y = fma(z, r2, y);
  y = y * s;
  return fround(y);
}

export function exp2f(x: number): number {
  const xd = x;
  const abstop = abstop12f(x) & 0x7ff;
  if (abstop >= abstop12f(128)) {
    if (x === -Infinity) return 0;
    if (abstop >= abstop12f(Infinity)) return x + x;
    if (x > 0) return oflowf(false);
    if (x <= -150) return uflowf(false);
    if (x < -149) return mayUflowf(false);
  }
  const C = D.EXP2F_POLY;
  let kd = xd + D.EXP2F_SHIFT_SCALED;
  const ki = kiOf(kd);
  kd -= D.EXP2F_SHIFT_SCALED;
  const r = xd - kd;
  const s = exp2fScale(ki);
  const z = fma(C[0], r, C[1]);
  const r2 = r * r;
  let y = fma(C[2], r, 1);
  y = fma(z, r2, y);
  y = y * s;
  return fround(y);
}

const OFF = 0x3f330000;

/** Splits a positive normal float's bits (subnormals normalized, negative exponent allowed) for the log kernels. */
function logfSplit(ix: number): { i: number; k: number; z: number } {
  const tmp = (ix - OFF) >>> 0;
  const i = (tmp >>> 19) % 16;
  const k = (tmp | 0) >> 23;
  const iz = (ix - (tmp & 0xff800000)) >>> 0;
  return { i, k, z: asfloat(iz) };
}

function invalidf(x: number): number {
  void x;
  return NaN;
}

/** Normalizes a float's bits for the log family: undefined when the special result is returned via `out`. */
function logfPrologue(x: number, ret: { v: number }): number | undefined {
  let ix = asuint(x);
  if (ix === 0x3f800000) {
    ret.v = 0;
    return undefined;
  }
  if (((ix - 0x00800000) >>> 0) >= 0x7f800000 - 0x00800000) {
    if (((ix * 2) >>> 0) === 0) {
      ret.v = -Infinity;
      return undefined;
    }
    if (ix === 0x7f800000) {
      ret.v = x;
      return undefined;
    }
    if (ix & 0x80000000 || ((ix * 2) >>> 0) >= 0xff000000) {
      ret.v = invalidf(x);
      return undefined;
    }
    ix = asuint(fround(x * 2 ** 23));
    ix = (ix - (23 << 23)) >>> 0;
  }
  return ix;
}

export function logf(x: number): number {
  const ret = { v: 0 };
  const ix = logfPrologue(x, ret);
  if (ix === undefined) return ret.v;
  const { i, k, z } = logfSplit(ix);
  const invc = D.LOGF_TAB[2 * i];
  const logc = D.LOGF_TAB[2 * i + 1];
  const A = D.LOGF_POLY;
  const r = fma(z, invc, -1);
  const y0 = fma(k, D.LOGF_LN2, logc);
  const r2 = r * r;
  let y = fma(A[1], r, A[2]);
  y = fma(A[0], r2, y);
  y = fma(y, r2, y0 + r);
  return fround(y);
}

export function log2f(x: number): number {
  const ret = { v: 0 };
  const ix = logfPrologue(x, ret);
  if (ix === undefined) return ret.v;
  const { i, k, z } = logfSplit(ix);
  const invc = D.LOG2F_TAB[2 * i];
  const logc = D.LOG2F_TAB[2 * i + 1];
  const A = D.LOG2F_POLY;
  const r = fma(z, invc, -1);
  const y0 = logc + k;
  const r2 = r * r;
  let y = fma(A[1], r, A[2]);
  y = fma(A[0], r2, y);
  const p = fma(A[3], r, y0);
  y = fma(y, r2, p);
  return fround(y);
}

// ---- powf

function powfLog2(ix: number): number {
  const tmp = (ix - OFF) >>> 0;
  const i = (tmp >>> 19) % 16;
  const top = (tmp & 0xff800000) >>> 0;
  const iz = (ix - top) >>> 0;
  const k = (top | 0) >> 23;
  const invc = D.POWF_LOG2_TAB[2 * i];
  const logc = D.POWF_LOG2_TAB[2 * i + 1];
  const z = asfloat(iz);
  const A = D.POWF_LOG2_POLY;
  const r = fma(z, invc, -1);
  const y0 = logc + k;
  const r2 = r * r;
  let y = fma(A[0], r, A[1]);
  const p = fma(A[2], r, A[3]);
  const r4 = r2 * r2;
  let q = fma(A[4], r, y0);
  q = fma(p, r2, q);
  y = fma(y, r4, q);
  return y;
}

function powfExp2(xd: number, signBias: number): number {
  const C = D.EXP2F_POLY;
  let kd = xd + D.EXP2F_SHIFT_SCALED;
  const ki = kiOf(kd);
  kd -= D.EXP2F_SHIFT_SCALED;
  const r = xd - kd;
  const i = ki & 31;
  const t = D.EXP2F_TAB[i];
  const s = fromWords((hiWord(t) + ((ki + signBias) << 15)) >>> 0, loWord(t));
  const z = fma(C[0], r, C[1]);
  const r2 = r * r;
  let y = fma(C[2], r, 1);
  y = fma(z, r2, y);
  return y * s;
}

/** 0: not an integer, 1: odd integer, 2: even integer (of a nonzero finite float's bits). */
function checkintf(iy: number): number {
  const e = (iy >>> 23) & 0xff;
  if (e < 0x7f) return 0;
  if (e > 0x7f + 23) return 2;
  if (iy & ((1 << (0x7f + 23 - e)) - 1)) return 0;
  if (iy & (1 << (0x7f + 23 - e))) return 1;
  return 2;
}

const zeroinfnanf = (ix: number): boolean => ((2 * ix - 1) >>> 0) >= ((2 * 0x7f800000 - 1) >>> 0);

/** powf on non-NaN arguments (NaNs are handled by the caller). */
export function powf(x: number, y: number): number {
  let signBias = 0;
  let ix = asuint(x);
  const iy = asuint(y);
  if (((ix - 0x00800000) >>> 0) >= 0x7f800000 - 0x00800000 || zeroinfnanf(iy)) {
    if (zeroinfnanf(iy)) {
      if (((2 * iy) >>> 0) === 0) return 1;
      if (ix === 0x3f800000) return 1;
      if (((2 * ix) >>> 0) === ((2 * 0x3f800000) >>> 0)) return 1;
      if ((((2 * ix) >>> 0) < ((2 * 0x3f800000) >>> 0)) === !(iy & 0x80000000)) return 0;
      return fround(y * y);
    }
    if (zeroinfnanf(ix)) {
      let x2 = fround(x * x);
      if (ix & 0x80000000 && checkintf(iy) === 1) x2 = -x2;
      return iy & 0x80000000 ? fround(1 / x2) : x2;
    }
    if (ix & 0x80000000) {
      const yint = checkintf(iy);
      if (yint === 0) return NaN;
      if (yint === 1) signBias = 1 << 16;
      ix &= 0x7fffffff;
    }
    if (ix < 0x00800000) {
      ix = asuint(fround(x * 2 ** 23)) & 0x7fffffff;
      ix = (ix - (23 << 23)) >>> 0;
    }
  }
  const logx = powfLog2(ix);
  const ylogx = y * logx;
  if (((hiWord(ylogx) >>> 15) & 0xffff) >= hiWord(126.0) >>> 15) {
    const neg = signBias !== 0;
    if (ylogx > 0x1fffffffd1d571 * 2 ** -46) return oflowf(neg);
    if (ylogx > 0x1fffffffa3aae2 * 2 ** -46) {
      // round-to-nearest: 1 + 2^-25 == 1, so no overflow here
    }
    if (ylogx <= -150) return uflowf(neg);
    if (ylogx < -149) return mayUflowf(neg);
  }
  return fround(powfExp2(ylogx, signBias));
}

// ---- sinf, cosf

interface SinCosT {
  sign: readonly number[];
  hpiInv: number;
  hpi: number;
  c0: number;
  c1: number;
  c2: number;
  c3: number;
  c4: number;
  s1: number;
  s2: number;
  s3: number;
}

const HPI_INV = 0x145f306dc9c883 * 2 ** -29; // 0x1.45F306DC9C883p+23
const HPI = 0x1921fb54442d18 * 2 ** -52; // 0x1.921FB54442D18p0
const SC0: SinCosT = {
  sign: [1, -1, -1, 1],
  hpiInv: HPI_INV,
  hpi: HPI,
  c0: 1,
  c1: -0x1ffffffd0c621c * 2 ** -54,
  c2: 0x155553e1068f19 * 2 ** -57,
  c3: -0x16c087e89a359d * 2 ** -62,
  c4: 0x199343027bf8c3 * 2 ** -68,
  s1: -0x1555545995a603 * 2 ** -55,
  s2: 0x11107605230bc4 * 2 ** -59,
  s3: -0x1994eb3774cf24 * 2 ** -65,
};
const SC1: SinCosT = { ...SC0, c0: -1, c1: -SC0.c1, c2: -SC0.c2, c3: -SC0.c3, c4: -SC0.c4 };

/** 4/pi to 192 bits, 8 new bits per entry (sincosf_data.c). */
export const INV_PIO4 = [
  0xa2, 0xa2f9, 0xa2f983, 0xa2f9836e, 0xf9836e4e, 0x836e4e44, 0x6e4e4415, 0x4e441529, 0x441529fc, 0x1529fc27, 0x29fc2757, 0xfc2757d1,
  0x2757d1f5, 0x57d1f534, 0xd1f534dd, 0xf534ddc0, 0x34ddc0db, 0xddc0db62, 0xc0db6295, 0xdb629599, 0x6295993c, 0x95993c43, 0x993c4390,
  0x3c439041,
];
const PI63 = 0x1921fb54442d18 * 2 ** -114; // 0x1.921FB54442D18p-62
const PIO4F = 0x1921fb6 * 2 ** -25; // 0x1.921FB6p-1f

function sinfPoly(x: number, x2: number, p: SinCosT, n: number): number {
  if ((n & 1) === 0) {
    const x3 = x * x2;
    const s1 = fma(x2, p.s3, p.s2);
    const x7 = x3 * x2;
    const s = fma(x3, p.s1, x);
    return fround(fma(x7, s1, s));
  }
  const x4 = x2 * x2;
  const c2 = fma(x2, p.c4, p.c3);
  const c1 = fma(x2, p.c1, p.c0);
  const x6 = x4 * x2;
  const c = fma(x4, p.c2, c1);
  return fround(fma(x6, c2, c));
}

// The quadrant of the last reduction: module state, so the reductions allocate nothing per call.
export let reducedN = 0;

/** x - n*pi/2 (n in reducedN) for |x| < 120. */
function reduceFast(x: number, p: SinCosT): number {
  const r = x * p.hpiInv;
  const n = ((Math.trunc(r) | 0) + 0x800000) >> 24;
  reducedN = n;
  return fma(-n, p.hpi, x);
}

// 32 x 32 -> 64-bit unsigned products as (mulHi, return value = low word), exact through 16-bit halves.
let mulHi = 0;
function mul64(a: number, b: number): number {
  const ah = a >>> 16;
  const al = a & 0xffff;
  const bh = b >>> 16;
  const bl = b & 0xffff;
  const ll = al * bl;
  const mid = ah * bl + al * bh + (ll >>> 16); // < 2^34, exact
  mulHi = ah * bh + Math.floor(mid / 65536);
  return (Math.imul(a, b) >>> 0);
}

/**
 * sincosf.h's reduce_large for |x| >= 120 (xi the float's bits): x mod pi/2 as a double, the
 * quadrant in reducedN. Its 64-bit integer arithmetic runs on 32-bit halves.
 */
export function reduceLarge(xi: number): number {
  const base = (xi >>> 26) & 15;
  const shift = (xi >>> 23) & 7;
  const m = (((xi & 0xffffff) | 0x800000) << shift) >>> 0;
  const r0 = Math.imul(m, INV_PIO4[base]) >>> 0; // uint32 * uint32 in C: the low 32 bits
  const lo1 = mul64(m, INV_PIO4[base + 4]);
  const hi1 = mulHi;
  mul64(m, INV_PIO4[base + 8]);
  const hi2 = mulHi;
  // res0 = (res2 >> 32 | res0 << 32) + res1
  let lo = hi2 + lo1;
  let hi = r0 + hi1 + (lo >= 0x100000000 ? 1 : 0);
  lo >>>= 0;
  hi >>>= 0;
  const n = ((hi + 0x20000000) >>> 0) >>> 30; // (res0 + 2^61) >> 62
  hi = (hi - n * 0x40000000) | 0; // res0 - (n << 62), as a signed 64-bit integer
  reducedN = n;
  // (double)(int64_t)res0: the exact integer hi*2^32 + lo rounded once
  return (hi * 0x100000000 + lo) * PI63;
}

export function sinf(y: number): number {
  let x = y;
  let p = SC0;
  if (abstop12f(y) < abstop12f(PIO4F)) {
    const s = x * x;
    if (abstop12f(y) < abstop12f(2 ** -12)) return y;
    return sinfPoly(x, s, p, 0);
  }
  if (abstop12f(y) < abstop12f(120)) {
    x = reduceFast(x, p);
    const n = reducedN;
    const s = p.sign[n & 3];
    if (n & 2) p = SC1;
    return sinfPoly(x * s, x * x, p, n);
  }
  if (abstop12f(y) < abstop12f(Infinity)) {
    const xi = asuint(y);
    const sign = xi >>> 31;
    x = reduceLarge(xi);
    const n = reducedN;
    const s = p.sign[(n + sign) & 3];
    if ((n + sign) & 2) p = SC1;
    return sinfPoly(x * s, x * x, p, n);
  }
  return NaN;
}

export function cosf(y: number): number {
  let x = y;
  let p = SC0;
  if (abstop12f(y) < abstop12f(PIO4F)) {
    const x2 = x * x;
    if (abstop12f(y) < abstop12f(2 ** -12)) return 1;
    return sinfPoly(x, x2, p, 1);
  }
  if (abstop12f(y) < abstop12f(120)) {
    x = reduceFast(x, p);
    const n = reducedN;
    const s = p.sign[n & 3];
    if (n & 2) p = SC1;
    return sinfPoly(x * s, x * x, p, n ^ 1);
  }
  if (abstop12f(y) < abstop12f(Infinity)) {
    const xi = asuint(y);
    const sign = xi >>> 31;
    x = reduceLarge(xi);
    const n = reducedN;
    const s = p.sign[(n + sign) & 3];
    if ((n + sign) & 2) p = SC1;
    return sinfPoly(x * s, x * x, p, n ^ 1);
  }
  return NaN;
}
