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
