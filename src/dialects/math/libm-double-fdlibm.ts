// glibc 2.36's generic double functions derived from Sun's fdlibm
// (sysdeps/ieee754/dbl-64: e_acosh.c, s_asinh.c, e_atanh.c, e_cosh.c,
// e_sinh.c, s_tanh.c, s_expm1.c, s_log1p.c, e_log10.c, s_erf.c). glibc builds
// them for baseline x86-64 (no FMA), so JavaScript's double arithmetic in the
// same order gives the same bits; the exp and log they call are glibc's own
// (libm-double-or.ts), not fdlibm's. Algorithms: Copyright (C) 1993 Sun
// Microsystems, freely redistributable; this is an independent TypeScript
// rendering of them.
// expm1 and log1p: the 2.36 release branch (in Debian 12's 2.36-9+deb12u*)
// added FMA builds of them (x86_64: Add expm1/log1p with FMA), selected on
// this CPU; GCC contracted their a*b+c into fma, found in the disassembly of
// libm.so.6, and rendered here with fma() at exactly those places.

import { fma, fromWords, hiWord, loWord } from './libm-core.js';
import { exp, log } from './libm-double-or.js';

const copysign = (w: number, x: number): number => (hiWord(x) >>> 31 ? -Math.abs(w) : Math.abs(w));
const LN2 = 6.93147180559945286227e-1;

// ---- acosh, asinh, atanh

export function acosh(x: number): number {
  const hi = hiWord(x) | 0;
  const lo = loWord(x);
  if (hi > 0x40000000 || (hi === 0x40000000 && lo !== 0)) {
    if (hi >= 0x41b00000) {
      if (hi >= 0x7ff00000) return x + x;
      return log(x) + LN2;
    }
    const t = x * x;
    return log(2.0 * x - 1 / (x + Math.sqrt(t - 1)));
  }
  if (hi > 0x3ff00000 || (hi === 0x3ff00000 && lo !== 0)) {
    const t = x - 1;
    return log1p(t + Math.sqrt(2.0 * t + t * t));
  }
  if (hi === 0x3ff00000 && lo === 0) return 0;
  return NaN;
}

export function asinh(x: number): number {
  const ix = hiWord(x) & 0x7fffffff;
  if (ix < 0x3e300000) return x;
  let w: number;
  if (ix > 0x41b00000) {
    if (ix >= 0x7ff00000) return x + x;
    w = log(Math.abs(x)) + LN2;
  } else {
    const xa = Math.abs(x);
    if (ix > 0x40000000) {
      w = log(2.0 * xa + 1 / (Math.sqrt(xa * xa + 1) + xa));
    } else {
      const t = xa * xa;
      w = log1p(xa + t / (1 + Math.sqrt(1 + t)));
    }
  }
  return copysign(w, x);
}

export function atanh(x: number): number {
  const xa = Math.abs(x);
  let t: number;
  if (xa < 0.5) {
    if (xa < 2 ** -28) return x;
    t = xa + xa;
    t = 0.5 * log1p(t + (t * xa) / (1.0 - xa));
  } else if (xa < 1.0) {
    t = 0.5 * log1p((xa + xa) / (1.0 - xa));
  } else {
    if (!(xa <= 1.0)) return NaN; // also NaN in
    return x > 0 ? Infinity : -Infinity;
  }
  return copysign(t, x);
}

// ---- cosh, sinh, tanh

export function cosh(x: number): number {
  const ix = hiWord(x) & 0x7fffffff;
  const ax = Math.abs(x);
  if (ix < 0x40360000) {
    if (ix < 0x3fd62e43) {
      if (ix < 0x3c800000) return 1;
      const t = expm1(ax);
      const w = 1 + t;
      return 1 + (t * t) / (w + w);
    }
    const t = exp(ax);
    return 0.5 * t + 0.5 / t;
  }
  if (ix < 0x40862e42) return 0.5 * exp(ax);
  // |x| <= 0x408633ce8fb9f87d: exp(|x|/2)^2/2 does not overflow yet
  if (ix < 0x408633ce || (ix === 0x408633ce && loWord(x) <= 0x8fb9f87d)) {
    const w = exp(0.5 * ax);
    const t = 0.5 * w;
    return t * w;
  }
  if (ix >= 0x7ff00000) return x * x;
  return Infinity;
}

export function sinh(x: number): number {
  const jx = hiWord(x) | 0;
  const ix = jx & 0x7fffffff;
  if (ix >= 0x7ff00000) return x + x;
  const h = jx < 0 ? -0.5 : 0.5;
  const ax = Math.abs(x);
  if (ix < 0x40360000) {
    if (ix < 0x3e300000) return x;
    const t = expm1(ax);
    if (ix < 0x3ff00000) return h * (2.0 * t - (t * t) / (t + 1));
    return h * (t + t / (t + 1));
  }
  if (ix < 0x40862e42) return h * exp(ax);
  if (ix < 0x408633ce || (ix === 0x408633ce && loWord(x) <= 0x8fb9f87d)) {
    const w = exp(0.5 * ax);
    const t = h * w;
    return t * w;
  }
  return x * 1.0e307;
}

export function tanh(x: number): number {
  const jx = hiWord(x) | 0;
  const ix = jx & 0x7fffffff;
  if (ix >= 0x7ff00000) return jx >= 0 ? 1 / x + 1 : 1 / x - 1;
  let z: number;
  if (ix < 0x40360000) {
    if (x === 0) return x;
    if (ix < 0x3c800000) return x * (1 + x);
    if (ix >= 0x3ff00000) {
      const t = expm1(2 * Math.abs(x));
      z = 1 - 2 / (t + 2);
    } else {
      const t = expm1(-2 * Math.abs(x));
      z = -t / (t + 2);
    }
  } else {
    z = 1 - 1.0e-300;
  }
  return jx >= 0 ? z : -z;
}

// ---- expm1

const O_THRESHOLD = 7.09782712893383973096e2;
const LN2_HI = 6.9314718036912381649e-1;
const LN2_LO = 1.90821492927058770002e-10;
const INVLN2 = 1.442695040888963387;
const Q1 = -3.33333333333331316428e-2;
const Q2 = 1.58730158725481460165e-3;
const Q3 = -7.93650757867487942473e-5;
const Q4 = 4.00821782732936239552e-6;
const Q5 = -2.01099218183624371326e-7;

/** Adds k to the exponent of y (SET_HIGH_WORD(y, high + (k << 20))). */
const addExp = (y: number, k: number): number => fromWords((hiWord(y) + (k << 20)) >>> 0, loWord(y));

export function expm1(x0: number): number {
  let x = x0;
  let hx = hiWord(x);
  const neg = hx >>> 31 === 1;
  hx &= 0x7fffffff;
  let k: number;
  let c = 0;
  if (hx >= 0x4043687a) {
    if (hx >= 0x40862e42) {
      if (hx >= 0x7ff00000) {
        if (((hx & 0xfffff) | loWord(x)) !== 0) return x + x;
        return neg ? -1 : x;
      }
      if (x > O_THRESHOLD) return Infinity;
    }
    if (neg) return 1.0e-300 - 1;
  }
  if (hx > 0x3fd62e42) {
    let hi: number;
    let lo: number;
    if (hx < 0x3ff0a2b2) {
      if (!neg) {
        hi = x - LN2_HI;
        lo = LN2_LO;
        k = 1;
      } else {
        hi = x + LN2_HI;
        lo = -LN2_LO;
        k = -1;
      }
    } else {
      k = Math.trunc(INVLN2 * x + (neg ? -0.5 : 0.5));
      const t = k;
      hi = fma(-t, LN2_HI, x);
      lo = t * LN2_LO;
    }
    x = hi - lo;
    c = hi - x - lo;
  } else if (hx < 0x3c900000) {
    return x;
  } else k = 0;
  const hfx = 0.5 * x;
  const hxs = x * hfx;
  const R1 = fma(hxs, Q1, 1);
  const h2 = hxs * hxs;
  const R2 = fma(hxs, Q3, Q2);
  const h4 = h2 * h2;
  const R3 = fma(hxs, Q5, Q4);
  const r1 = fma(h4, R3, fma(h2, R2, R1));
  let t = fma(-r1, hfx, 3.0);
  let e = hxs * ((r1 - t) / fma(-x, t, 6.0));
  if (k === 0) return x - fma(x, e, -hxs);
  e = fma(x, e - c, -c);
  e -= hxs;
  if (k === -1) return fma(0.5, x - e, -0.5);
  if (k === 1) {
    if (x < -0.25) return -2.0 * (e - (x + 0.5));
    return fma(2.0, x - e, 1);
  }
  if (k <= -2 || k > 56) {
    const y = 1 - (e - x);
    return addExp(y, k) - 1;
  }
  let y: number;
  if (k < 20) {
    t = fromWords(0x3ff00000 - (0x200000 >> k), 0);
    y = t - (e - x);
  } else {
    t = fromWords((0x3ff - k) << 20, 0);
    y = x - (e + t);
    y += 1;
  }
  return addExp(y, k);
}

// ---- log1p, log10

const LP1 = 6.66666666666673513e-1;
const LP2 = 3.999999999940941908e-1;
const LP3 = 2.857142874366239149e-1;
const LP4 = 2.222219843214978396e-1;
const LP5 = 1.818357216161805012e-1;
const LP6 = 1.531383769920937332e-1;
const LP7 = 1.479819860511658591e-1;

export function log1p(x: number): number {
  const hx = hiWord(x) | 0;
  const ax = hx & 0x7fffffff;
  let k = 1;
  let f = 0;
  let hu = 0;
  let c = 0;
  if (hx < 0x3fda827a) {
    if (ax >= 0x3ff00000) return x === -1 ? -Infinity : NaN;
    if (ax < 0x3e200000) {
      if (ax < 0x3c900000) return x;
      return fma(-(x * x), 0.5, x);
    }
    if (hx > 0 || hx <= (0xbfd2bec3 | 0)) {
      k = 0;
      f = x;
      hu = 1;
    }
  } else if (hx >= 0x7ff00000) return x + x;
  if (k !== 0) {
    let u: number;
    if (hx < 0x43400000) {
      u = 1.0 + x;
      hu = hiWord(u) | 0;
      k = (hu >> 20) - 1023;
      c = k > 0 ? 1.0 - (u - x) : x - (u - 1.0);
      c /= u;
    } else {
      u = x;
      hu = hiWord(u) | 0;
      k = (hu >> 20) - 1023;
      c = 0;
    }
    hu &= 0x000fffff;
    if (hu < 0x6a09e) {
      u = fromWords(hu | 0x3ff00000, loWord(u));
    } else {
      k += 1;
      u = fromWords(hu | 0x3fe00000, loWord(u));
      hu = (0x00100000 - hu) >> 2;
    }
    f = u - 1.0;
  }
  const hfsq = 0.5 * f * f;
  if (hu === 0) {
    if (f === 0) {
      if (k === 0) return 0;
      c = fma(k, LN2_LO, c);
      return fma(k, LN2_HI, c);
    }
    const R = hfsq * fma(-f, 0.66666666666666666, 1.0);
    if (k === 0) return f - R;
    return fma(k, LN2_HI, -(R - fma(k, LN2_LO, c) - f));
  }
  const s = f / (2.0 + f);
  const z = s * s;
  const z2 = z * z;
  const R2 = fma(z, LP3, LP2);
  const z4 = z2 * z2;
  const R3 = fma(z, LP5, LP4);
  const z6 = z4 * z2;
  const R4 = fma(z, LP7, LP6);
  const R = fma(z6, R4, fma(z4, R3, fma(z, LP1, z2 * R2)));
  if (k === 0) return f - (hfsq - s * (hfsq + R));
  return fma(k, LN2_HI, -(hfsq - (s * (hfsq + R) + fma(k, LN2_LO, c)) - f));
}

const TWO54 = 1.8014398509481984e16;
const IVLN10 = 4.34294481903251816668e-1;
const LOG10_2HI = 3.01029995663611771306e-1;
const LOG10_2LO = 3.69423907715893078616e-13;

export function log10(x0: number): number {
  let x = x0;
  let hx = hiWord(x) | 0;
  let k = 0;
  if (hx < 0x00100000) {
    if (x === 0) return -Infinity;
    if (hx < 0) return NaN;
    k -= 54;
    x *= TWO54;
    hx = hiWord(x) | 0;
  }
  if (hx >= 0x7ff00000) return x + x;
  k += (hx >> 20) - 1023;
  const i = (k >>> 31) & 1;
  hx = (hx & 0x000fffff) | ((0x3ff - i) << 20);
  const y = k + i;
  x = fromWords(hx, loWord(x));
  const z = y * LOG10_2LO + IVLN10 * log(x);
  return z + y * LOG10_2HI;
}

// ---- erf, erfc

const ERX = 8.45062911510467529297e-1;
const EFX = 1.28379167095512586316e-1;
const PP = [1.28379167095512558561e-1, -3.2504210724700149937e-1, -2.84817495755985104766e-2, -5.77027029648944159157e-3, -2.37630166566501626084e-5];
const QQ = [0, 3.97917223959155352819e-1, 6.50222499887672944485e-2, 5.08130628187576562776e-3, 1.32494738004321644526e-4, -3.9602282787753681232e-6];
const PA = [
  -2.36211856075265944077e-3, 4.14856118683748331666e-1, -3.72207876035701323847e-1, 3.18346619901161753674e-1, -1.10894694282396677476e-1,
  3.54783043256182359371e-2, -2.166375594868790843e-3,
];
const QA = [0, 1.06420880400844228286e-1, 5.40397917702171048937e-1, 7.18286544141962662868e-2, 1.26171219808761642112e-1, 1.36370839120290507362e-2, 1.1984499846799107417e-2];
const RA = [
  -9.86494403484714822705e-3, -6.93858572707181764372e-1, -1.05586262253232909814e1, -6.23753324503260060396e1, -1.62396669462573470355e2,
  -1.84605092906711035994e2, -8.12874355063065934246e1, -9.81432934416914548592,
];
const SA = [
  0, 1.96512716674392571292e1, 1.376577541435190426e2, 4.34565877475229228821e2, 6.45387271733267880336e2, 4.29008140027567833386e2,
  1.08635005541779435134e2, 6.57024977031928170135, -6.04244152148580987438e-2,
];
const RB = [
  -9.86494292470009928597e-3, -7.99283237680523006574e-1, -1.77579549177547519889e1, -1.60636384855821916062e2, -6.37566443368389627722e2,
  -1.02509513161107724954e3, -4.83519191608651397019e2,
];
const SB = [
  0, 3.03380607434824582924e1, 3.25792512996573918826e2, 1.53672958608443695994e3, 3.19985821950859553908e3, 2.55305040643316442583e3,
  4.74528541206955367215e2, -2.24409524465858183362e1,
];

/** (r, s) of the [0, 0.84375) approximation: erf(x) = x + x*r/s. */
function erfSmall(z: number): number {
  const r1 = PP[0] + z * PP[1];
  const z2 = z * z;
  const r2 = PP[2] + z * PP[3];
  const z4 = z2 * z2;
  const s1 = 1 + z * QQ[1];
  const s2 = QQ[2] + z * QQ[3];
  const s3 = QQ[4] + z * QQ[5];
  const r = r1 + z2 * r2 + z4 * PP[4];
  const s = s1 + z2 * s2 + z4 * s3;
  return r / s;
}

/** P/Q of the [0.84375, 1.25) approximation, s = |x| - 1. */
function erfMid(s: number): number {
  const P1 = PA[0] + s * PA[1];
  const s2 = s * s;
  const Q1 = 1 + s * QA[1];
  const s4 = s2 * s2;
  const P2 = PA[2] + s * PA[3];
  const s6 = s4 * s2;
  const Q2 = QA[2] + s * QA[3];
  const P3 = PA[4] + s * PA[5];
  const Q3 = QA[4] + s * QA[5];
  const P = P1 + s2 * P2 + s4 * P3 + s6 * PA[6];
  const Q = Q1 + s2 * Q2 + s4 * Q3 + s6 * QA[6];
  return P / Q;
}

/** exp(-z*z - 0.5625) * exp((z - x)*(z + x) + R/S) for x = |x| >= 1.25, R/S by `near` (|x| < 1/0.35). */
function erfTail(x: number, near: boolean): number {
  const s = 1 / (x * x);
  let R: number;
  let S: number;
  if (near) {
    const R1 = RA[0] + s * RA[1];
    const s2 = s * s;
    const S1 = 1 + s * SA[1];
    const s4 = s2 * s2;
    const R2 = RA[2] + s * RA[3];
    const s6 = s4 * s2;
    const S2 = SA[2] + s * SA[3];
    const s8 = s4 * s4;
    const R3 = RA[4] + s * RA[5];
    const S3 = SA[4] + s * SA[5];
    const R4 = RA[6] + s * RA[7];
    const S4 = SA[6] + s * SA[7];
    R = R1 + s2 * R2 + s4 * R3 + s6 * R4;
    S = S1 + s2 * S2 + s4 * S3 + s6 * S4 + s8 * SA[8];
  } else {
    const R1 = RB[0] + s * RB[1];
    const s2 = s * s;
    const S1 = 1 + s * SB[1];
    const s4 = s2 * s2;
    const R2 = RB[2] + s * RB[3];
    const s6 = s4 * s2;
    const S2 = SB[2] + s * SB[3];
    const R3 = RB[4] + s * RB[5];
    const S3 = SB[4] + s * SB[5];
    const S4 = SB[6] + s * SB[7];
    R = R1 + s2 * R2 + s4 * R3 + s6 * RB[6];
    S = S1 + s2 * S2 + s4 * S3 + s6 * S4;
  }
  const z = fromWords(hiWord(x), 0);
  return exp(-z * z - 0.5625) * exp((z - x) * (z + x) + R / S);
}

export function erf(x: number): number {
  const hx = hiWord(x) | 0;
  const ix = hx & 0x7fffffff;
  if (ix >= 0x7ff00000) return (hx < 0 ? -1 : 1) + 1 / x;
  if (ix < 0x3feb0000) {
    if (ix < 0x3e300000) {
      if (ix < 0x00800000) return 0.0625 * (16.0 * x + 16.0 * EFX * x);
      return x + EFX * x;
    }
    return x + x * erfSmall(x * x);
  }
  if (ix < 0x3ff40000) {
    const pq = erfMid(Math.abs(x) - 1);
    return hx >= 0 ? ERX + pq : -ERX - pq;
  }
  if (ix >= 0x40180000) return hx >= 0 ? 1 - 1e-300 : 1e-300 - 1;
  const ax = Math.abs(x);
  const r = erfTail(ax, ix < 0x4006db6e);
  return hx >= 0 ? 1 - r / ax : r / ax - 1;
}

export function erfc(x: number): number {
  const hx = hiWord(x) | 0;
  const ix = hx & 0x7fffffff;
  if (ix >= 0x7ff00000) return (hx < 0 ? 2 : 0) + 1 / x;
  if (ix < 0x3feb0000) {
    if (ix < 0x3c700000) return 1 - x;
    const y = erfSmall(x * x);
    if (hx < 0x3fd00000) return 1 - (x + x * y);
    let r = x * y;
    r += x - 0.5;
    return 0.5 - r;
  }
  if (ix < 0x3ff40000) {
    const pq = erfMid(Math.abs(x) - 1);
    if (hx >= 0) return 1 - ERX - pq;
    return 1 + (ERX + pq);
  }
  if (ix < 0x403c0000) {
    const ax = Math.abs(x);
    if (ix >= 0x4006db6d && hx < 0 && ix >= 0x40180000) return 2 - 1e-300;
    const r = erfTail(ax, ix < 0x4006db6d);
    return hx > 0 ? r / ax : 2 - r / ax;
  }
  return hx > 0 ? 0 : 2 - 1e-300;
}
