// glibc 2.36's double exp, exp2, log and log2, from the Arm Optimized Routines.
// exp, log and log2 run glibc's FMA build (contractions as GCC makes them with
// -mfma; Debian backports log2's); exp2 has no FMA build and uses plain double arithmetic.
// Algorithms: Copyright (c) 2018-2022, Arm Limited,
// SPDX-License-Identifier: MIT OR Apache-2.0 WITH LLVM-exception; this is an
// independent TypeScript rendering of them.

import { fma, fromWords, hiWord, loWord, top12 } from './libm-core.js';
import * as D from './libm-data.js';

const oflow = (sign: boolean): number => (sign ? -(2 ** 769) : 2 ** 769) * 2 ** 769;
const uflow = (sign: boolean): number => (sign ? -(2 ** -767) : 2 ** -767) * 2 ** -767;

const T12_TINY = top12(2 ** -54);
const T12_512 = top12(512);
const T12_1024 = top12(1024);
const T12_INF = top12(Infinity);

/** scale * (1 + tmp) near overflow or underflow (exp and exp2 specialcase). */
function specialcase(tmp: number, sHi: number, sLo: number, ki: number, up: number, useFma: boolean): number {
  if ((ki & 0x80000000) === 0) {
    const scale = fromWords((sHi - (up << 20)) >>> 0, sLo);
    const inner = useFma ? fma(scale, tmp, scale) : scale + scale * tmp;
    return 2 ** up * inner;
  }
  // k < 0: scale * tmp has two uses here, so even the FMA build keeps it a
  // separate product (seen in libm.so.6's __exp_fma).
  const scale = fromWords((sHi + (1022 << 20)) >>> 0, sLo);
  let y = scale + scale * tmp;
  if (y < 1.0) {
    let lo = scale - y + scale * tmp;
    const hi = 1.0 + y;
    lo = 1.0 - hi + y + lo;
    y = hi + lo - 1.0;
    if (y === 0) y = 0;
  }
  return 2 ** -1022 * y;
}

export function exp(x: number): number {
  let abstop = top12(x) & 0x7ff;
  if (((abstop - T12_TINY) >>> 0) >= T12_512 - T12_TINY) {
    if (((abstop - T12_TINY) >>> 0) >= 0x80000000) return 1.0 + x;
    if (abstop >= T12_1024) {
      if (x === -Infinity) return 0;
      if (abstop >= T12_INF) return 1.0 + x;
      return hiWord(x) >>> 31 ? uflow(false) : oflow(false);
    }
    abstop = 0;
  }
  // z = InvLn2N * x has a single use, the addition of Shift: contracted.
  let kd = fma(D.EXP_INVLN2N, x, D.EXP_SHIFT);
  const ki = loWord(kd) | 0;
  kd -= D.EXP_SHIFT;
  const r = fma(kd, D.EXP_NEGLN2LON, fma(kd, D.EXP_NEGLN2HIN, x));
  const idx = 2 * (ki & 127);
  const tail = D.EXP_TAB[idx];
  const t = D.EXP_TAB[idx + 1];
  const sHi = (hiWord(t) + (ki << 13)) >>> 0;
  const sLo = loWord(t);
  const C = D.EXP_POLY; // C2..C5
  const r2 = r * r;
  const tmp = fma(r2 * r2, fma(r, C[3], C[2]), fma(r2, fma(r, C[1], C[0]), tail + r));
  if (abstop === 0) return specialcase(tmp, sHi, sLo, ki, 1009, true);
  const scale = fromWords(sHi, sLo);
  return fma(scale, tmp, scale);
}

export function exp2(x: number): number {
  let abstop = top12(x) & 0x7ff;
  if (((abstop - T12_TINY) >>> 0) >= T12_512 - T12_TINY) {
    if (((abstop - T12_TINY) >>> 0) >= 0x80000000) return 1.0 + x;
    if (abstop >= T12_1024) {
      if (x === -Infinity) return 0;
      if (abstop >= T12_INF) return 1.0 + x;
      if (!(hiWord(x) >>> 31)) return oflow(false);
      if (x <= -1075) return uflow(false);
    }
    if (Math.abs(x) > 928) abstop = 0;
  }
  let kd = x + D.EXP_EXP2_SHIFT;
  const ki = loWord(kd) | 0;
  kd -= D.EXP_EXP2_SHIFT;
  const r = x - kd;
  const idx = 2 * (ki & 127);
  const tail = D.EXP_TAB[idx];
  const t = D.EXP_TAB[idx + 1];
  const sHi = (hiWord(t) + (ki << 13)) >>> 0;
  const sLo = loWord(t);
  const C = D.EXP_EXP2_POLY; // C1..C5
  const r2 = r * r;
  const tmp = tail + r * C[0] + r2 * (C[1] + r * C[2]) + r2 * r2 * (C[3] + r * C[4]);
  if (abstop === 0) return specialcase(tmp, sHi, sLo, ki, 1, false);
  const scale = fromWords(sHi, sLo);
  return scale + scale * tmp;
}

const LOG_LO_HI = hiWord(1.0 - 2 ** -4);
const LOG_LO_LO = loWord(1.0 - 2 ** -4);

/** log on non-NaN arguments; NaN for invalid ones. */
export function log(x: number): number {
  if (x === 1) return 0;
  if (x >= 1.0 - 2 ** -4 && x < 1.0 + 0x109 * 2 ** -12) {
    const B = D.LOG_POLY1;
    const r = x - 1.0;
    const r2 = r * r;
    const r3 = r * r2;
    const in3 = fma(r3, B[10], fma(r2, B[9], fma(r, B[8], B[7])));
    const in2 = fma(r3, in3, fma(r2, B[6], fma(r, B[5], B[4])));
    const in1 = fma(r3, in2, fma(r2, B[3], fma(r, B[2], B[1])));
    // As __log_fma contracts it: r + r*2^27 and the single-use products
    // rhi*rhi*B0 and r3*in1 fuse with the additions that follow them.
    const rhi = fma(-r, 2 ** 27, fma(r, 2 ** 27, r));
    const rlo = r - rhi;
    const w2 = rhi * rhi;
    const hi = fma(w2, B[0], r);
    let lo = fma(w2, B[0], r - hi);
    lo = fma(B[0] * rlo, rhi + r, lo);
    return fma(r3, in1, lo) + hi;
  }
  void LOG_LO_HI;
  void LOG_LO_LO;
  let hi0 = hiWord(x);
  let lo0 = loWord(x);
  const top = hi0 >>> 16;
  if (((top - 0x0010) >>> 0) >= 0x7ff0 - 0x0010) {
    if (x === 0) return -Infinity;
    if (x === Infinity) return x;
    if (top & 0x8000 || (top & 0x7ff0) === 0x7ff0) return NaN;
    const xs = x * 2 ** 52;
    hi0 = (hiWord(xs) - (52 << 20)) >>> 0;
    lo0 = loWord(xs);
  }
  // tmp = ix - OFF (OFF = 0x3fe6000000000000): only the high word changes
  const tmpHi = (hi0 - 0x3fe60000) >>> 0;
  const i = (tmpHi >>> (52 - 7 - 32)) % 128;
  const k = (tmpHi | 0) >> 20;
  const izHi = (hi0 - (tmpHi & 0xfff00000)) >>> 0;
  const z = fromWords(izHi, lo0);
  const invc = D.LOG_TAB[2 * i];
  const logc = D.LOG_TAB[2 * i + 1];
  const r = fma(z, invc, -1.0);
  const kd = k;
  const w = fma(kd, D.LOG_LN2HI, logc);
  const hi = w + r;
  const lo = fma(kd, D.LOG_LN2LO, w - hi + r);
  const A = D.LOG_POLY;
  const r2 = r * r;
  const p = fma(r2, fma(r, A[4], A[3]), fma(r, A[2], A[1]));
  const y = fma(r * r2, p, fma(r2, A[0], lo)) + hi;
  return y;
}

/** log2 on non-NaN arguments (Debian's glibc 2.36 backports the FMA build of log2). */
export function log2(x: number): number {
  if (x === 1) return 0;
  const B = D.LOG2_POLY1;
  const invLn2hi = D.LOG2_INVLN2HI;
  const invLn2lo = D.LOG2_INVLN2LO;
  if (x >= 1.0 - 0x15b51 * 2 ** -21 && x < 1.0 + 0x16ab2 * 2 ** -21) {
    const r = x - 1.0;
    const hi = r * invLn2hi;
    let lo = fma(r, invLn2lo, fma(r, invLn2hi, -hi));
    const r2 = r * r;
    const r4 = r2 * r2;
    const q = fma(r, B[1], B[0]);
    let y = fma(r2, q, hi);
    lo += fma(r2, q, hi - y);
    const big = fma(r4, fma(r2, fma(r, B[9], B[8]), fma(r, B[7], B[6])), fma(r2, fma(r, B[5], B[4]), fma(r, B[3], B[2])));
    lo = fma(r4, big, lo);
    y += lo;
    return y;
  }
  let hi0 = hiWord(x);
  let lo0 = loWord(x);
  const top = hi0 >>> 16;
  if (((top - 0x0010) >>> 0) >= 0x7ff0 - 0x0010) {
    if (x === 0) return -Infinity;
    if (x === Infinity) return x;
    if (top & 0x8000 || (top & 0x7ff0) === 0x7ff0) return NaN;
    const xs = x * 2 ** 52;
    hi0 = (hiWord(xs) - (52 << 20)) >>> 0;
    lo0 = loWord(xs);
  }
  const tmpHi = (hi0 - 0x3fe60000) >>> 0;
  const i = (tmpHi >>> (52 - 6 - 32)) % 64;
  const k = (tmpHi | 0) >> 20;
  const z = fromWords((hi0 - (tmpHi & 0xfff00000)) >>> 0, lo0);
  const invc = D.LOG2_TAB[2 * i];
  const logc = D.LOG2_TAB[2 * i + 1];
  const kd = k;
  const r = fma(z, invc, -1.0);
  const t1 = r * invLn2hi;
  const t2 = fma(r, invLn2lo, fma(r, invLn2hi, -t1));
  const t3 = kd + logc;
  const hi = t3 + t1;
  const lo = t3 - hi + t1 + t2;
  const A = D.LOG2_POLY;
  const r2 = r * r;
  const r4 = r2 * r2;
  const p = fma(r4, fma(r, A[5], A[4]), fma(r2, fma(r, A[3], A[2]), fma(r, A[1], A[0])));
  return fma(r2, p, lo) + hi;
}

// ---- pow (e_pow.c), as glibc's FMA build (__pow_fma) computes it: the
// explicit __builtin_fma of the __FP_FAST_FMA paths plus the contractions
// GCC made (read from libm.so.6's disassembly).

const SIGN_BIAS = 0x800 << 7;
let powTail = 0;

/** log(x) for the bits (hi, lo) of a positive normalized x, rounded, with ~15 more bits in powTail. */
function powLog(hi0: number, lo0: number): number {
  const tmpHi = (hi0 - 0x3fe69555) >>> 0; // OFF = 0x3fe6955500000000
  const i = (tmpHi >>> (52 - 7 - 32)) & 127;
  const k = (tmpHi | 0) >> 20;
  const z = fromWords((hi0 - (tmpHi & 0xfff00000)) >>> 0, lo0);
  const kd = k;
  const T = D.POW_LOG_TAB;
  const invc = T[4 * i];
  const logc = T[4 * i + 2];
  const logctail = T[4 * i + 3];
  const A = D.POW_LOG_POLY;
  const r = fma(z, invc, -1.0);
  const t1 = fma(kd, D.POW_LOG_LN2HI, logc);
  const t2 = t1 + r;
  const lo1 = fma(kd, D.POW_LOG_LN2LO, logctail);
  const lo2 = t1 - t2 + r;
  const ar = A[0] * r;
  const ar2 = r * ar;
  const ar3 = r * ar2;
  const hi = t2 + ar2;
  const lo3 = fma(ar, r, -ar2);
  const lo4 = t2 - hi + ar2;
  const q = fma(ar2, fma(ar2, fma(r, A[6], A[5]), fma(r, A[4], A[3])), fma(r, A[2], A[1]));
  const lo = fma(ar3, q, lo1 + lo2 + lo3 + lo4);
  const y = hi + lo;
  powTail = hi - y + lo;
  return y;
}

/** sign * exp(x + xtail), signBias SIGN_BIAS for a negative result. */
function powExp(x: number, xtail: number, signBias: number): number {
  let abstop = top12(x) & 0x7ff;
  if (((abstop - T12_TINY) >>> 0) >= T12_512 - T12_TINY) {
    if (((abstop - T12_TINY) >>> 0) >= 0x80000000) {
      const one = 1.0 + x;
      return signBias ? -one : one;
    }
    if (abstop >= T12_1024) return hiWord(x) >>> 31 ? uflow(signBias !== 0) : oflow(signBias !== 0);
    abstop = 0;
  }
  let kd = fma(D.EXP_INVLN2N, x, D.EXP_SHIFT);
  const ki = loWord(kd) | 0;
  kd -= D.EXP_SHIFT;
  let r = fma(kd, D.EXP_NEGLN2LON, fma(kd, D.EXP_NEGLN2HIN, x));
  r += xtail;
  const idx = 2 * (ki & 127);
  const tail = D.EXP_TAB[idx];
  const t = D.EXP_TAB[idx + 1];
  const sHi = (hiWord(t) + ((ki + signBias) << 13)) >>> 0;
  const sLo = loWord(t);
  const C = D.EXP_POLY; // C2..C5
  const r2 = r * r;
  const tmp = fma(r2 * r2, fma(r, C[3], C[2]), fma(r2, fma(r, C[1], C[0]), tail + r));
  if (abstop === 0) {
    if ((ki & 0x80000000) === 0) {
      const scale = fromWords((sHi - (1009 << 20)) >>> 0, sLo);
      return 2 ** 1009 * fma(scale, tmp, scale);
    }
    // k < 0: scale (signed) * tmp has two uses, so it stays a separate product
    const adjHi = (sHi + (1022 << 20)) >>> 0;
    const scale = fromWords(adjHi, sLo);
    let y = scale + scale * tmp;
    if (Math.abs(y) < 1.0) {
      const one = y < 0.0 ? -1.0 : 1.0;
      let lo = scale - y + scale * tmp;
      const hi = one + y;
      lo = one - hi + y + lo;
      y = hi + lo - one;
      if (y === 0) y = adjHi >>> 31 ? -0 : 0;
    }
    return 2 ** -1022 * y;
  }
  const scale = fromWords(sHi, sLo);
  return fma(scale, tmp, scale);
}

/** 0 if y is not an integer, 1 if odd, 2 if even (y finite and nonzero). */
function checkint(y: number): number {
  if (!Number.isInteger(y)) return 0;
  if (Math.abs(y) >= 2 ** 53) return 2;
  return y % 2 === 0 ? 2 : 1;
}

/** pow on non-NaN operands (fold.ts handles NaNs); NaN for invalid ones. */
export function pow(x: number, y: number): number {
  let signBias = 0;
  let hx = hiWord(x);
  let lx = loWord(x);
  let topx = hx >>> 20;
  const topy = hiWord(y) >>> 20;
  const yneg = topy >>> 11 === 1;
  if (((topx - 0x001) >>> 0) >= 0x7ff - 0x001 || (((topy & 0x7ff) - 0x3be) >>> 0) >= 0x43e - 0x3be) {
    if (y === 0 || !Number.isFinite(y)) {
      if (y === 0 || x === 1) return 1.0;
      if (Math.abs(x) === 1) return 1.0;
      if (Math.abs(x) < 1 === !yneg) return 0.0;
      return y * y;
    }
    if (x === 0 || !Number.isFinite(x)) {
      let x2 = x * x;
      if (hx >>> 31 && checkint(y) === 1) x2 = -x2;
      return yneg ? 1 / x2 : x2;
    }
    if (hx >>> 31) {
      const yint = checkint(y);
      if (yint === 0) return NaN;
      if (yint === 1) signBias = SIGN_BIAS;
      hx &= 0x7fffffff;
      topx &= 0x7ff;
    }
    const ax = fromWords(hx, lx);
    if ((((topy & 0x7ff) - 0x3be) >>> 0) >= 0x43e - 0x3be) {
      if (ax === 1) return 1.0;
      if ((topy & 0x7ff) < 0x3be) return ax > 1 ? 1.0 + y : 1.0 - y;
      return ax > 1 === topy < 0x800 ? oflow(false) : uflow(false);
    }
    if (topx === 0) {
      const xs = x * 2 ** 52;
      hx = ((hiWord(xs) & 0x7fffffff) - (52 << 20)) >>> 0;
      lx = loWord(xs);
    }
  }
  const hi = powLog(hx, lx);
  const lo = powTail;
  const ehi = y * hi;
  const elo = fma(y, lo, fma(hi, y, -ehi));
  return powExp(ehi, elo, signBias);
}
