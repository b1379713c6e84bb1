// glibc 2.36's generic float functions (sysdeps/ieee754/flt-32, derived from
// Sun's fdlibm): acosf, asinf, atanf, atan2f, tanf, coshf, sinhf, tanhf,
// acoshf, asinhf, atanhf, expm1f, log1pf, log10f, erff, erfcf. glibc builds
// them for baseline x86-64 (SSE2, no FMA), so every float operation rounds on
// its own: here each one is an exact double operation followed by fround,
// which gives the float result (double has more than 2*24+2 bits).
// Algorithms: Copyright (C) 1993 Sun Microsystems, freely redistributable;
// this is an independent TypeScript rendering of them.

import { asfloat, asuint } from './libm-core.js';
import { expf, logf, reduceLarge, reducedN } from './libm-float-or.js';

const F = Math.fround;

/** c[0] + z*(c[1] + z*(... + z*c[n-1])) in float arithmetic. */
function horner(z: number, c: readonly number[]): number {
  let a = c[c.length - 1];
  for (let i = c.length - 2; i >= 0; i--) a = F(c[i] + F(z * a));
  return a;
}
const fl = (xs: readonly number[]): number[] => xs.map(F);
/** x with the low 12 mantissa bits cleared (SET_FLOAT_WORD(w, iw & 0xfffff000)). */
const chop12 = (x: number): number => asfloat(asuint(x) & 0xfffff000);
const copysignf = (w: number, x: number): number => (asuint(x) >>> 31 ? -Math.abs(w) : Math.abs(w));

// ---- acosf, asinf

const PI_A = F(3.1415925026);
const PIO2_HI_A = F(1.5707962513);
const PIO2_LO_A = F(7.5497894159e-8);
const PS = fl([1.6666667163e-1, -3.2556581497e-1, 2.0121252537e-1, -4.0055535734e-2, 7.9153501429e-4, 3.4793309169e-5]);
const QS = fl([1, -2.4033949375, 2.0209457874, -6.8828397989e-1, 7.7038154006e-2]);

export function acosf(x: number): number {
  const hx = asuint(x) | 0;
  const ix = hx & 0x7fffffff;
  if (ix === 0x3f800000) return hx > 0 ? 0 : F(PI_A + F(2 * PIO2_LO_A));
  if (ix > 0x3f800000) return NaN;
  if (ix < 0x3f000000) {
    if (ix <= 0x32800000) return F(PIO2_HI_A + PIO2_LO_A);
    const z = F(x * x);
    const r = F(F(z * horner(z, PS)) / horner(z, QS));
    return F(PIO2_HI_A - F(x - F(PIO2_LO_A - F(x * r))));
  }
  if (hx < 0) {
    const z = F(F(1 + x) * 0.5);
    const p = F(z * horner(z, PS));
    const q = horner(z, QS);
    const s = F(Math.sqrt(z));
    const r = F(p / q);
    const w = F(F(r * s) - PIO2_LO_A);
    return F(PI_A - F(2 * F(s + w)));
  }
  const z = F(F(1 - x) * 0.5);
  const s = F(Math.sqrt(z));
  const df = chop12(s);
  const c = F(F(z - F(df * df)) / F(s + df));
  const r = F(F(z * horner(z, PS)) / horner(z, QS));
  const w = F(F(r * s) + c);
  return F(2 * F(df + w));
}

const PIO2_HI_S = F(1.57079637050628662109375);
const PIO2_LO_S = F(-4.37113900018624283e-8);
const PIO4_HI_S = F(0.785398185253143310546875);
const PA = fl([1.666675248e-1, 7.495297643e-2, 4.547037598e-2, 2.417951451e-2, 4.21663088e-2]);

export function asinf(x: number): number {
  const hx = asuint(x) | 0;
  const ix = hx & 0x7fffffff;
  if (ix === 0x3f800000) return F(F(x * PIO2_HI_S) + F(x * PIO2_LO_S));
  if (ix > 0x3f800000) return NaN;
  if (ix < 0x3f000000) {
    if (ix < 0x32000000) return x;
    const t = F(x * x);
    const w = F(t * horner(t, PA));
    return F(x + F(x * w));
  }
  const w0 = F(1 - Math.abs(x));
  let t = F(w0 * 0.5);
  let p = F(t * horner(t, PA));
  const s = F(Math.sqrt(t));
  if (ix >= 0x3f79999a) {
    t = F(PIO2_HI_S - F(F(2 * F(s + F(s * p))) - PIO2_LO_S));
  } else {
    const w = chop12(s);
    const c = F(F(t - F(w * w)) / F(s + w));
    const r = p;
    p = F(F(F(2 * s) * r) - F(PIO2_LO_S - F(2 * c)));
    const q = F(PIO4_HI_S - F(2 * w));
    t = F(PIO4_HI_S - F(p - q));
  }
  return hx > 0 ? t : -t;
}

// ---- atanf, atan2f

const ATANHI = fl([4.6364760399e-1, 7.8539812565e-1, 9.8279368877e-1, 1.5707962513]);
const ATANLO = fl([5.012158244e-9, 3.7748947079e-8, 3.447321717e-8, 7.5497894159e-8]);
const AT_ODD = fl([3.3333334327e-1, 1.4285714924e-1, 9.0908870101e-2, 6.6610731184e-2, 4.9768779427e-2, 1.6285819933e-2]);
const AT_EVEN = fl([-2.0000000298e-1, -1.1111110449e-1, -7.6918758452e-2, -5.8335702866e-2, -3.6531571299e-2]);

export function atanf(x0: number): number {
  let x = x0;
  const hx = asuint(x) | 0;
  const ix = hx & 0x7fffffff;
  let id: number;
  if (ix >= 0x4c000000) {
    if (ix > 0x7f800000) return x;
    return hx > 0 ? F(ATANHI[3] + ATANLO[3]) : F(-ATANHI[3] - ATANLO[3]);
  }
  if (ix < 0x3ee00000) {
    if (ix < 0x31000000) return x;
    id = -1;
  } else {
    x = Math.abs(x);
    if (ix < 0x3f980000) {
      if (ix < 0x3f300000) {
        id = 0;
        x = F(F(F(2 * x) - 1) / F(2 + x));
      } else {
        id = 1;
        x = F(F(x - 1) / F(x + 1));
      }
    } else if (ix < 0x401c0000) {
      id = 2;
      x = F(F(x - 1.5) / F(1 + F(1.5 * x)));
    } else {
      id = 3;
      x = F(-1 / x);
    }
  }
  const z = F(x * x);
  const w = F(z * z);
  const s1 = F(z * horner(w, AT_ODD));
  const s2 = F(w * horner(w, AT_EVEN));
  if (id < 0) return F(x - F(x * F(s1 + s2)));
  const r = F(ATANHI[id] - F(F(F(x * F(s1 + s2)) - ATANLO[id]) - x));
  return hx < 0 ? -r : r;
}

const TINY = F(1e-30);
const PI_O_4 = F(7.8539818525e-1);
const PI_O_2 = F(1.5707963705);
const PI_F = F(3.141592741);
const PI_LO = F(-8.7422776573e-8);

/** atan2f(y, x) on non-NaN operands. */
export function atan2f(y: number, x: number): number {
  const hx = asuint(x) | 0;
  const ix = hx & 0x7fffffff;
  const hy = asuint(y) | 0;
  const iy = hy & 0x7fffffff;
  if (ix > 0x7f800000 || iy > 0x7f800000) return F(x + y);
  if (hx === 0x3f800000) return atanf(y);
  const m = ((hy >>> 31) & 1) | ((hx >>> 30) & 2);
  if (iy === 0) {
    if (m < 2) return y;
    return m === 2 ? F(PI_F + TINY) : F(-PI_F - TINY);
  }
  if (ix === 0) return hy < 0 ? F(-PI_O_2 - TINY) : F(PI_O_2 + TINY);
  if (ix === 0x7f800000) {
    if (iy === 0x7f800000) {
      const q = m < 2 ? PI_O_4 : F(3 * PI_O_4);
      return (m & 1) === 0 ? F(q + TINY) : F(-q - TINY);
    }
    return m === 0 ? 0 : m === 1 ? -0 : m === 2 ? F(PI_F + TINY) : F(-PI_F - TINY);
  }
  if (iy === 0x7f800000) return hy < 0 ? F(-PI_O_2 - TINY) : F(PI_O_2 + TINY);
  const k = (iy - ix) >> 23;
  let z: number;
  if (k > 60) z = F(PI_O_2 + F(0.5 * PI_LO));
  else if (hx < 0 && k < -60) z = 0;
  else z = atanf(Math.abs(F(y / x)));
  switch (m) {
    case 0:
      return z;
    case 1:
      return -z;
    case 2:
      return F(PI_F - F(z - PI_LO));
    default:
      return F(F(z - PI_LO) - PI_F);
  }
}

// ---- tanf

const TT = fl([
  3.3333334327e-1, 1.3333334029e-1, 5.3968254477e-2, 2.186948806e-2, 8.8632395491e-3, 3.5920790397e-3, 1.4562094584e-3, 5.8804126456e-4,
  2.4646313977e-4, 7.8179444245e-5, 7.1407252108e-5, -1.8558637748e-5, 2.5907305826e-5,
]);
const T_ODD = [TT[1], TT[3], TT[5], TT[7], TT[9], TT[11]];
const T_EVEN = [TT[2], TT[4], TT[6], TT[8], TT[10], TT[12]];
const PIO4_T = F(7.8539812565e-1);
const PIO4LO_T = F(3.7748947079e-8);

function kernelTanf(x0: number, y0: number, iy: number): number {
  let x = x0;
  let y = y0;
  const hx = asuint(x) | 0;
  const ix = hx & 0x7fffffff;
  if (ix < 0x39000000 && Math.trunc(x) === 0) {
    if ((ix | (iy + 1)) === 0) return F(1 / Math.abs(x));
    if (iy === 1) return x;
    return F(-1 / x);
  }
  if (ix >= 0x3f2ca140) {
    if (hx < 0) {
      x = -x;
      y = -y;
    }
    const z = F(PIO4_T - x);
    const w = F(PIO4LO_T - y);
    x = F(z + w);
    y = 0;
    if (Math.abs(x) < 2 ** -13) return F(F((1 - ((hx >> 30) & 2)) * iy) * F(1 - F(F(2 * iy) * x)));
  }
  let z = F(x * x);
  let w = F(z * z);
  let r = horner(w, T_ODD);
  let v = F(z * horner(w, T_EVEN));
  let s = F(z * x);
  r = F(y + F(z * F(F(s * F(r + v)) + y)));
  r = F(r + F(TT[0] * s));
  w = F(x + r);
  if (ix >= 0x3f2ca140) {
    v = iy;
    return F((1 - ((hx >> 30) & 2)) * F(v - F(2 * F(x - F(F(F(w * w) / F(w + v)) - r)))));
  }
  if (iy === 1) return w;
  z = chop12(w);
  v = F(r - F(z - x));
  const a = F(-1 / w);
  const t = chop12(a);
  s = F(1 + F(t * z));
  return F(t + F(a * F(s + F(t * v))));
}

const HPI_INV = 0x145f306dc9c883 * 2 ** -29;
const HPI = 0x1921fb54442d18 * 2 ** -52;
export function tanf(x: number): number {
  const ix = asuint(x) & 0x7fffffff;
  if (ix <= 0x3f490fda) return kernelTanf(x, 0, 1);
  if (ix >= 0x7f800000) return NaN;
  let dx: number;
  let n: number;
  if (((ix >>> 20) & 0x7ff) < 0x42f) {
    // reduce_fast, compiled without FMA: x - n * hpi rounds twice
    const r = x * HPI_INV;
    n = ((Math.trunc(r) | 0) + 0x800000) >> 24;
    dx = x - n * HPI;
  } else {
    dx = reduceLarge(ix);
    n = reducedN;
    if (x < 0) dx = -dx;
  }
  const y0 = F(dx);
  const y1 = F(dx - y0);
  return kernelTanf(y0, y1, 1 - ((n & 1) << 1));
}

// ---- coshf, sinhf, tanhf

export function coshf(x: number): number {
  const ix = asuint(x) & 0x7fffffff;
  const ax = Math.abs(x);
  if (ix < 0x41b00000) {
    if (ix < 0x3eb17218) {
      if (ix < 0x24000000) return 1;
      const t = expm1f(ax);
      const w = F(1 + t);
      return F(1 + F(F(t * t) / F(w + w)));
    }
    const t = F(expf(ax));
    return F(F(0.5 * t) + F(0.5 / t));
  }
  if (ix < 0x42b17180) return F(0.5 * F(expf(ax)));
  if (ix <= 0x42b2d4fc) {
    const w = F(expf(F(0.5 * ax)));
    const t = F(0.5 * w);
    return F(t * w);
  }
  if (ix >= 0x7f800000) return F(x * x);
  return Infinity;
}

export function sinhf(x: number): number {
  const jx = asuint(x) | 0;
  const ix = jx & 0x7fffffff;
  if (ix >= 0x7f800000) return F(x + x);
  const h = jx < 0 ? -0.5 : 0.5;
  const ax = Math.abs(x);
  if (ix < 0x41b00000) {
    if (ix < 0x31800000) return x;
    const t = expm1f(ax);
    if (ix < 0x3f800000) return F(h * F(F(2 * t) - F(F(t * t) / F(t + 1))));
    return F(h * F(t + F(t / F(t + 1))));
  }
  if (ix < 0x42b17180) return F(h * F(expf(ax)));
  if (ix <= 0x42b2d4fc) {
    const w = F(expf(F(0.5 * ax)));
    const t = F(h * w);
    return F(t * w);
  }
  return F(x * 1e37);
}

export function tanhf(x: number): number {
  const jx = asuint(x) | 0;
  const ix = jx & 0x7fffffff;
  if (ix >= 0x7f800000) return jx >= 0 ? F(F(1 / x) + 1) : F(F(1 / x) - 1);
  let z: number;
  if (ix < 0x41b00000) {
    if (ix === 0) return x;
    if (ix < 0x24000000) return F(x * F(1 + x));
    if (ix >= 0x3f800000) {
      const t = expm1f(F(2 * Math.abs(x)));
      z = F(1 - F(2 / F(t + 2)));
    } else {
      const t = expm1f(F(-2 * Math.abs(x)));
      z = F(-t / F(t + 2));
    }
  } else {
    z = F(1 - TINY);
  }
  return jx >= 0 ? z : -z;
}

// ---- acoshf, asinhf, atanhf

const LN2_F = F(6.9314718246e-1);

export function acoshf(x: number): number {
  const hx = asuint(x) | 0;
  if (hx < 0x3f800000) return NaN;
  if (hx >= 0x4d800000) {
    if (hx >= 0x7f800000) return F(x + x);
    return F(F(logf(x)) + LN2_F);
  }
  if (hx === 0x3f800000) return 0;
  if (hx > 0x40000000) {
    const t = F(x * x);
    return F(logf(F(F(2 * x) - F(1 / F(x + F(Math.sqrt(F(t - 1))))))));
  }
  const t = F(x - 1);
  return log1pf(F(t + F(Math.sqrt(F(F(2 * t) + F(t * t))))));
}

export function asinhf(x: number): number {
  const ix = asuint(x) & 0x7fffffff;
  if (ix < 0x38000000) return x;
  let w: number;
  if (ix > 0x47000000) {
    if (ix >= 0x7f800000) return F(x + x);
    w = F(F(logf(Math.abs(x))) + LN2_F);
  } else {
    const xa = Math.abs(x);
    if (ix > 0x40000000) {
      w = F(logf(F(F(2 * xa) + F(1 / F(F(Math.sqrt(F(F(xa * xa) + 1))) + xa)))));
    } else {
      const t = F(xa * xa);
      w = log1pf(F(xa + F(t / F(1 + F(Math.sqrt(F(1 + t)))))));
    }
  }
  return copysignf(w, x);
}

export function atanhf(x: number): number {
  const xa = Math.abs(x);
  let t: number;
  if (xa < 0.5) {
    if (xa < 2 ** -28) return x;
    t = F(xa + xa);
    t = F(0.5 * log1pf(F(t + F(F(t * xa) / F(1 - xa)))));
  } else if (xa < 1) {
    t = F(0.5 * log1pf(F(F(xa + xa) / F(1 - xa))));
  } else {
    if (!(xa <= 1)) return NaN; // also NaN in
    return x > 0 ? Infinity : -Infinity;
  }
  return copysignf(t, x);
}

// ---- expm1f

const O_THRESHOLD = F(8.8721679688e1);
const LN2_HI = F(6.9313812256e-1);
const LN2_LO = F(9.0580006145e-6);
const INVLN2 = F(1.4426950216);
const EQ = fl([1, -3.3333335072e-2, 1.5873016091e-3, -7.936507609e-5, 4.0082177293e-6, -2.0109921195e-7]);

export function expm1f(x0: number): number {
  let x = x0;
  let hx = asuint(x);
  const neg = hx >>> 31 === 1;
  hx &= 0x7fffffff;
  let k: number;
  let c = 0;
  if (hx >= 0x4195b844) {
    if (hx >= 0x42b17218) {
      if (hx > 0x7f800000) return F(x + x);
      if (hx === 0x7f800000) return neg ? -1 : x;
      if (x > O_THRESHOLD) return Infinity;
    }
    if (neg) return F(TINY - 1);
  }
  if (hx > 0x3eb17218) {
    let hi: number;
    let lo: number;
    if (hx < 0x3f851592) {
      if (!neg) {
        hi = F(x - LN2_HI);
        lo = LN2_LO;
        k = 1;
      } else {
        hi = F(x + LN2_HI);
        lo = -LN2_LO;
        k = -1;
      }
    } else {
      k = Math.trunc(F(F(INVLN2 * x) + (neg ? -0.5 : 0.5)));
      const t = k;
      hi = F(x - F(t * LN2_HI));
      lo = F(t * LN2_LO);
    }
    x = F(hi - lo);
    c = F(F(hi - x) - lo);
  } else if (hx < 0x33000000) {
    return x;
  } else k = 0;
  const hfx = F(0.5 * x);
  const hxs = F(x * hfx);
  const r1 = horner(hxs, EQ);
  let t = F(3 - F(r1 * hfx));
  let e = F(hxs * F(F(r1 - t) / F(6 - F(x * t))));
  if (k === 0) return F(x - F(F(x * e) - hxs));
  e = F(F(x * F(e - c)) - c);
  e = F(e - hxs);
  if (k === -1) return F(F(0.5 * F(x - e)) - 0.5);
  if (k === 1) {
    if (x < -0.25) return F(-2 * F(e - F(x + 0.5)));
    return F(1 + F(2 * F(x - e)));
  }
  let y: number;
  if (k <= -2 || k > 56) {
    y = F(1 - F(e - x));
    y = asfloat((asuint(y) + (k << 23)) | 0);
    return F(y - 1);
  }
  if (k < 23) {
    t = asfloat(0x3f800000 - (0x1000000 >> k));
    y = F(t - F(e - x));
  } else {
    t = asfloat((0x7f - k) << 23);
    y = F(x - F(e + t));
    y = F(y + 1);
  }
  return asfloat((asuint(y) + (k << 23)) | 0);
}

// ---- log1pf, log10f

const TWO25 = 33554432;
const LP = fl([6.6666668653e-1, 4.0000000596e-1, 2.8571429849e-1, 2.2222198546e-1, 1.818357259e-1, 1.5313838422e-1, 1.479819864e-1]);
const TWO_THIRDS = F(0.66666666666666666);

export function log1pf(x: number): number {
  const hx = asuint(x) | 0;
  const ax = hx & 0x7fffffff;
  let k = 1;
  let f = 0;
  let hu = 0;
  let c = 0;
  if (hx < 0x3ed413d7) {
    if (ax >= 0x3f800000) return x === -1 ? -Infinity : NaN;
    if (ax < 0x31000000) {
      if (ax < 0x24800000) return x;
      return F(x - F(F(x * x) * 0.5));
    }
    if (hx > 0 || hx <= (0xbe95f61f | 0)) {
      k = 0;
      f = x;
      hu = 1;
    }
  }
  if (hx >= 0x7f800000) return F(x + x);
  if (k !== 0) {
    let u: number;
    if (hx < 0x5a000000) {
      u = F(1 + x);
      hu = asuint(u) | 0;
      k = (hu >> 23) - 127;
      c = k > 0 ? F(1 - F(u - x)) : F(x - F(u - 1));
      c = F(c / u);
    } else {
      u = x;
      hu = asuint(u) | 0;
      k = (hu >> 23) - 127;
      c = 0;
    }
    hu &= 0x007fffff;
    if (hu < 0x3504f7) {
      u = asfloat(hu | 0x3f800000);
    } else {
      k += 1;
      u = asfloat(hu | 0x3f000000);
      hu = (0x00800000 - hu) >> 2;
    }
    f = F(u - 1);
  }
  const hfsq = F(F(0.5 * f) * f);
  if (hu === 0) {
    if (f === 0) {
      if (k === 0) return 0;
      c = F(c + F(k * LN2_LO));
      return F(F(k * LN2_HI) + c);
    }
    const R = F(hfsq * F(1 - F(TWO_THIRDS * f)));
    if (k === 0) return F(f - R);
    return F(F(k * LN2_HI) - F(F(R - F(F(k * LN2_LO) + c)) - f));
  }
  const s = F(f / F(2 + f));
  const z = F(s * s);
  const R = F(z * horner(z, LP));
  if (k === 0) return F(f - F(hfsq - F(s * F(hfsq + R))));
  return F(F(k * LN2_HI) - F(F(hfsq - F(F(s * F(hfsq + R)) + F(F(k * LN2_LO) + c))) - f));
}

const IVLN10 = F(4.3429449201e-1);
const LOG10_2HI = F(3.0102920532e-1);
const LOG10_2LO = F(7.9034151668e-7);

export function log10f(x0: number): number {
  let x = x0;
  let hx = asuint(x) | 0;
  let k = 0;
  if (hx < 0x00800000) {
    if ((hx & 0x7fffffff) === 0) return -Infinity;
    if (hx < 0) return NaN;
    k -= 25;
    x = F(x * TWO25);
    hx = asuint(x) | 0;
  }
  if (hx >= 0x7f800000) return F(x + x);
  k += (hx >> 23) - 127;
  const i = (k >>> 31) & 1;
  hx = (hx & 0x007fffff) | ((0x7f - i) << 23);
  const y = k + i;
  x = asfloat(hx);
  const z = F(F(y * LOG10_2LO) + F(IVLN10 * F(logf(x))));
  return F(z + F(y * LOG10_2HI));
}

// ---- erff, erfcf

const ERX = F(8.4506291151e-1);
const EFX = F(1.2837916613e-1);
const PP = fl([1.2837916613e-1, -3.2504209876e-1, -2.8481749818e-2, -5.770270247e-3, -2.3763017452e-5]);
const QQ = fl([1, 3.9791721106e-1, 6.50222525e-2, 5.0813062117e-3, 1.3249473704e-4, -3.9602282413e-6]);
const PA_E = fl([-2.3621185683e-3, 4.1485610604e-1, -3.7220788002e-1, 3.1834661961e-1, -1.1089469492e-1, 3.5478305072e-2, -2.1663755178e-3]);
const QA_E = fl([1, 1.0642088205e-1, 5.4039794207e-1, 7.1828655899e-2, 1.2617121637e-1, 1.3637083583e-2, 1.1984500103e-2]);
const RA = fl([-9.8649440333e-3, -6.938585639e-1, -1.0558626175e1, -6.2375331879e1, -1.6239666748e2, -1.8460508728e2, -8.1287437439e1, -9.8143291473]);
const SA = fl([1, 1.965127182e1, 1.3765776062e2, 4.3456588745e2, 6.4538726807e2, 4.2900814819e2, 1.0863500214e2, 6.5702495575, -6.0424413532e-2]);
const RB = fl([-9.864943102e-3, -7.9928326607e-1, -1.7757955551e1, -1.6063638306e2, -6.3756646729e2, -1.0250950928e3, -4.8351919556e2]);
const SB = fl([1, 3.0338060379e1, 3.2579251099e2, 1.5367296143e3, 3.1998581543e3, 2.553050293e3, 4.7452853394e2, -2.2440952301e1]);

/** exp(-z*z - 0.5625) * exp((z - x)*(z + x) + R/S) for the tail approximations. */
function erfTail(x: number, z: number, R: number, S: number): number {
  const a = F(expf(F(F(-z * z) - 0.5625)));
  const b = F(expf(F(F(F(z - x) * F(z + x)) + F(R / S))));
  return F(a * b);
}

export function erff(x0: number): number {
  let x = x0;
  const hx = asuint(x) | 0;
  const ix = hx & 0x7fffffff;
  if (ix >= 0x7f800000) return F((hx < 0 ? -1 : 1) + F(1 / x));
  if (ix < 0x3f580000) {
    if (ix < 0x31800000) {
      if (ix < 0x04000000) return F(0.0625 * F(F(16 * x) + F(F(16 * EFX) * x)));
      return F(x + F(EFX * x));
    }
    const z = F(x * x);
    const y = F(horner(z, PP) / horner(z, QQ));
    return F(x + F(x * y));
  }
  if (ix < 0x3fa00000) {
    const s = F(Math.abs(x) - 1);
    const PQ = F(horner(s, PA_E) / horner(s, QA_E));
    return hx >= 0 ? F(ERX + PQ) : F(-ERX - PQ);
  }
  if (ix >= 0x40c00000) return hx >= 0 ? F(1 - TINY) : F(TINY - 1);
  x = Math.abs(x);
  const s = F(1 / F(x * x));
  let R: number;
  let S: number;
  if (ix < 0x4036db6e) {
    R = horner(s, RA);
    S = horner(s, SA);
  } else {
    R = horner(s, RB);
    S = horner(s, SB);
  }
  const z = asfloat(asuint(x) & 0xfffff000);
  const r = erfTail(x, z, R, S);
  return hx >= 0 ? F(1 - F(r / x)) : F(F(r / x) - 1);
}

export function erfcf(x0: number): number {
  let x = x0;
  const hx = asuint(x) | 0;
  const ix = hx & 0x7fffffff;
  if (ix >= 0x7f800000) return F((hx < 0 ? 2 : 0) + F(1 / x));
  if (ix < 0x3f580000) {
    if (ix < 0x32800000) return F(1 - x);
    const z = F(x * x);
    const y = F(horner(z, PP) / horner(z, QQ));
    if (hx < 0x3e800000) return F(1 - F(x + F(x * y)));
    let r = F(x * y);
    r = F(r + F(x - 0.5));
    return F(0.5 - r);
  }
  if (ix < 0x3fa00000) {
    const s = F(Math.abs(x) - 1);
    const PQ = F(horner(s, PA_E) / horner(s, QA_E));
    if (hx >= 0) return F(F(1 - ERX) - PQ);
    return F(1 + F(ERX + PQ));
  }
  if (ix < 0x41e00000) {
    x = Math.abs(x);
    const s = F(1 / F(x * x));
    let R: number;
    let S: number;
    if (ix < 0x4036db6d) {
      R = horner(s, RA);
      S = horner(s, SA);
    } else {
      if (hx < 0 && ix >= 0x40c00000) return F(2 - TINY);
      R = horner(s, RB);
      S = horner(s, SB);
    }
    const z = asfloat(asuint(x) & 0xffffe000);
    const r = erfTail(x, z, R, S);
    return hx > 0 ? F(r / x) : F(2 - F(r / x));
  }
  return hx > 0 ? 0 : F(2 - TINY);
}
