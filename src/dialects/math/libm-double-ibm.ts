// glibc 2.36's double sin, cos, tan, atan, atan2, asin and acos
// (sysdeps/ieee754/dbl-64/s_sin.c, s_tan.c, s_atan.c, e_atan2.c, e_asin.c and
// branred.c, from IBM's Accurate Mathematical Library) as x86-64 glibc runs
// them on a CPU with FMA: __sin_fma, __cos_fma, __tan_fma, __atan_fma, __ieee754_atan2_fma,
// __ieee754_asin_fma and __ieee754_acos_fma, built with -mfma, where
// GCC contracted a*b+c into fma. The contractions are the ones found in
// libm.so.6's disassembly; __branred has no FMA build and is plain double
// arithmetic. Algorithms: Copyright (C) 2001-2022 Free Software Foundation,
// Inc. (IBM Accurate Mathematical Library), LGPL-2.1-or-later; this is an
// independent TypeScript rendering of them.

import { fma, fromWords, hiWord, loWord } from './libm-core.js';
import { ASNCS, CIJ, INROOT, SINCOSTAB as T, TOVERP, XFG } from './libm-data-ibm.js';

// usncs.h
const S1 = -0x15555555555555 * 2 ** -55;
const S2 = 0x11111111110ece * 2 ** -59;
const S3 = -0x1a01a019db08b8 * 2 ** -65;
const S4 = 0x171de27b9a7ed9 * 2 ** -71;
const S5 = -0x1addffc2fcdf59 * 2 ** -78;
const BIG = 0x18000000000000 * 2 ** -7; // 0x1.8p45
const HP0 = 0x1921fb54442d18 * 2 ** -52;
const HP1 = 0x11a62633145c07 * 2 ** -106;
const MP1 = 0x1921fb58000000 * 2 ** -52;
const MP2 = -0x1dde973c000000 * 2 ** -79;
const PP3 = -0x1cb3b398000000 * 2 ** -107;
const PP4 = -0x1d747f23e32ed7 * 2 ** -135;
const HPINV = 0x145f306dc9c883 * 2 ** -53;
const TOINT = 0x18000000000000; // 0x1.8p52
// s_sin.c
const SN3 = -1.66666666666664880952546298448555e-1;
const SN5 = 8.33333214285722277379541354343671e-3;
const CS2 = 4.99999999999999999999950396842453e-1;
const CS4 = -4.16666666666664434524222570944589e-2;
const CS6 = 1.38888874007937613028114285595617e-3;

const copysign = (v: number, s: number): number => (hiWord(s) >>> 31 ? -Math.abs(v) : Math.abs(v));

/** cos(x + dx), |x| < 0.855469 (do_cos). */
function doCos(x0: number, dx0: number): number {
  const dx = x0 < 0 ? -dx0 : dx0;
  const ax = Math.abs(x0);
  const u = BIG + ax;
  const x = ax - (u - BIG) + dx;
  const xx = x * x;
  const s = fma(x * xx, fma(xx, SN5, SN3), x);
  const c = xx * fma(xx, fma(xx, CS6, CS4), CS2);
  const k = loWord(u) << 2;
  const sn = T[k];
  const ssn = T[k + 1];
  const cs = T[k + 2];
  const ccs = T[k + 3];
  const cor = fma(-s, sn, fma(-c, cs, fma(-s, ssn, ccs)));
  return cs + cor;
}

/** sin(x + dx), |x| < 0.855469 (do_sin). */
function doSin(x0: number, dx0: number): number {
  if (Math.abs(x0) < 0.126) {
    // TAYLOR_SIN
    const xx = x0 * x0;
    const p = fma(xx, fma(xx, fma(xx, fma(xx, S5, S4), S3), S2), S1);
    return x0 + fma(xx, fma(p, x0, -(0.5 * dx0)), dx0);
  }
  const dx = x0 <= 0 ? -dx0 : dx0;
  const ax = Math.abs(x0);
  const u = BIG + ax;
  const x = ax - (u - BIG);
  const xx = x * x;
  const s = x + fma(x * xx, fma(xx, SN5, SN3), dx);
  const c = fma(x, dx, xx * fma(xx, fma(xx, CS6, CS4), CS2));
  const k = loWord(u) << 2;
  const sn = T[k];
  const ssn = T[k + 1];
  const cs = T[k + 2];
  const ccs = T[k + 3];
  const cor = fma(s, cs, fma(-sn, c, fma(s, ccs, ssn)));
  return copysign(sn + cor, x0);
}

let redA = 0;
let redDa = 0;

/** x = n*pi/2 + (redA + redDa) for |x| < 105414350 (reduce_sincos); returns n mod 4. */
function reduceSincos(x: number): number {
  const t = fma(x, HPINV, TOINT);
  const xn = t - TOINT;
  const y = fma(-xn, MP2, fma(-xn, MP1, x));
  const n = loWord(t) & 3;
  const t2 = fma(-xn, PP3, y);
  let db = fma(-xn, PP3, y - t2);
  const b = fma(-xn, PP4, t2);
  db += fma(-xn, PP4, t2 - b);
  redA = b;
  redDa = db;
  return n;
}

const T576 = 2 ** 576;
const TM600 = 2 ** -600;
const TM24 = 2 ** -24;
const BIG_R = 6755399441055744; // 0x1.8p52
const BIG1 = 27021597764222976; // 0x1.8p54
const SPLIT = 134217729;
// branred.h's mp1/mp2 (mp2 differs from usncs.h's in its last bits)
const MP1_B = fromWords(0x3ff921fb, 0x58000000);
const MP2_B = fromWords(0xbe4dde97, 0x40000000);
const R = new Float64Array(6);
let brSum = 0;
let brB = 0;
let brBb = 0;

/** One half (x1 or x2) of __branred: its integer part mod a large power of 2 in brSum, the fraction in brB + brBb. */
function branredPart(xp: number): void {
  let k = (hiWord(xp) >>> 20) & 2047;
  k = Math.trunc((k - 450) / 24);
  if (k < 0) k = 0;
  let gor = fromWords((hiWord(T576) - ((k * 24) << 20)) >>> 0, 0);
  for (let i = 0; i < 6; i++) {
    R[i] = xp * TOVERP[k + i] * gor;
    gor *= TM24;
  }
  let sum = 0;
  for (let i = 0; i < 3; i++) {
    const s = R[i] + BIG_R - BIG_R;
    sum += s;
    R[i] -= s;
  }
  let t = 0;
  for (let i = 0; i < 6; i++) t += R[5 - i];
  let bb = R[0] - t + R[1] + R[2] + R[3] + R[4] + R[5];
  let s = t + BIG_R - BIG_R;
  sum += s;
  t -= s;
  const b = t + bb;
  bb = t - b + bb;
  s = sum + BIG1 - BIG1;
  sum -= s;
  brSum = sum;
  brB = b;
  brBb = bb;
}

/** Payne-Hanek reduction of huge x (branred.c): redA + redDa, returns n mod 4. */
function branred(x0: number): number {
  const x = x0 * TM600;
  const t0 = x * SPLIT;
  const x1 = t0 - (t0 - x);
  const x2 = x - x1;
  branredPart(x1);
  const b1 = brB;
  const bb1 = brBb;
  const sum1 = brSum;
  branredPart(x2);
  const b2 = brB;
  const bb2 = brBb;
  const sum2 = brSum;
  let sum = sum1 + sum2;
  let b = b1 + b2;
  let bb = Math.abs(b1) > Math.abs(b2) ? b1 - b + b2 : b2 - b + b1;
  if (b > 0.5) {
    b -= 1.0;
    sum += 1.0;
  } else if (b < -0.5) {
    b += 1.0;
    sum -= 1.0;
  }
  let s = b + (bb + bb1 + bb2);
  let t = b - s + bb + (bb1 + bb2);
  b = s * SPLIT;
  const t1 = b - (b - s);
  const t2 = s - t1;
  b = s * HP0;
  bb = t1 * MP1_B - b + t1 * MP2_B + t2 * MP1_B + (t2 * MP2_B + s * HP1 + t * HP0);
  s = b + bb;
  t = b - s + bb;
  redA = s;
  redDa = t;
  return Math.trunc(sum) & 3;
}

function doSincos(a: number, da: number, n: number): number {
  const r = n & 1 ? doCos(a, da) : doSin(a, da);
  return n & 2 ? -r : r;
}

/** sin on non-NaN arguments; NaN for infinities. */
export function sin(x: number): number {
  const k = hiWord(x) & 0x7fffffff;
  if (k < 0x3e500000) return x;
  if (k < 0x3feb6000) return doSin(x, 0);
  if (k < 0x400368fd) return copysign(doCos(HP0 - Math.abs(x), HP1), x);
  if (k < 0x419921fb) {
    const n = reduceSincos(x);
    return doSincos(redA, redDa, n);
  }
  if (k < 0x7ff00000) {
    const n = branred(x);
    return doSincos(redA, redDa, n);
  }
  return NaN;
}

/** cos on non-NaN arguments; NaN for infinities. */
export function cos(x: number): number {
  const k = hiWord(x) & 0x7fffffff;
  if (k < 0x3e400000) return 1.0;
  if (k < 0x3feb6000) return doCos(x, 0);
  if (k < 0x400368fd) {
    const y = HP0 - Math.abs(x);
    const a = y + HP1;
    const da = y - a + HP1;
    return doSin(a, da);
  }
  if (k < 0x419921fb) {
    const n = reduceSincos(x);
    return doSincos(redA, redDa, n + 1);
  }
  if (k < 0x7ff00000) {
    const n = branred(x);
    return doSincos(redA, redDa, n + 1);
  }
  return NaN;
}

// ---- tan (s_tan.c, utan.h)

const D3 = fromWords(0x3fd55555, 0x55555555);
const D5 = fromWords(0x3fc11111, 0x111107c6);
const D7 = fromWords(0x3faba1ba, 0x1cdb8745);
const D9 = fromWords(0x3f9664ed, 0x49cfc666);
const D11 = fromWords(0x3f82385a, 0x3cf2e4ea);
const E0 = fromWords(0x3fd55555, 0x55554dbd);
const E1 = fromWords(0x3fc11112, 0xe0a6b45f);
const MFFTNHF = -15.5;
const G1 = fromWords(0x3e4b096c, 0);
const G2 = fromWords(0x3faf212d, 0);
const G3 = fromWords(0x3fe92f1a, 0);
const G4 = fromWords(0x40390000, 0);
const G5 = fromWords(0x4197d784, 0);
const MP2_T = fromWords(0xbe4dde97, 0x3c000000);
const MP3_T = fromWords(0xbc8cb3b3, 0x99d747f2);
const PP3_T = fromWords(0xbc8cb3b3, 0x98000000);
const PP4_T = fromWords(0xbacd747f, 0x23e32ed7);

/** d3 + a2*(d5 + a2*(d7 + a2*(d9 + a2*d11))), each step one fma. */
const tanPoly = (a2: number): number => fma(a2, fma(a2, fma(a2, fma(a2, D11, D9), D7), D5), D3);

/** tan(a + da) (n even) or -cot(a + da) (n odd) for a reduced argument |a + da| <= pi/4. */
function tanReduced(a: number, da: number, n: number): number {
  const neg = a < 0;
  const ya = neg ? -a : a;
  const yya = neg ? -da : da;
  const sy = neg ? -1 : 1;
  if (ya <= G2) {
    const a2 = a * a;
    const t2 = fma(a * a2, tanPoly(a2), da);
    const b = a + t2;
    if (!n) return b;
    // EADD(a, t2, b, db), then DIV2(1, 0, b, db): -1/(b + db) in double length
    const db = Math.abs(a) > Math.abs(t2) ? a - b + t2 : t2 - b + a;
    const c = 1.0 / b;
    const u = c * b;
    const uu = fma(c, b, -u);
    const cc = fma(-db, c, 1.0 - u - uu + 0.0) / b;
    const z = c + cc;
    const zz = c - z + cc;
    return -(zz + z);
  }
  const i = Math.trunc(fma(256, ya, MFFTNHF));
  const z = ya - XFG[4 * i] + yya;
  const z2 = z * z;
  const pz = fma(z * z2, fma(z2, E1, E0), z);
  const fi = XFG[4 * i + 1];
  const gi = XFG[4 * i + 2];
  const num = (fi + gi) * pz;
  if (n) return (gi - num / (pz + fi)) * -sy;
  return (num / (gi - pz) + fi) * sy;
}

/** tan on non-NaN arguments; NaN for infinities. */
export function tan(x: number): number {
  const ux = hiWord(x);
  if ((ux & 0x7ff00000) === 0x7ff00000) return NaN;
  const w = Math.abs(x);
  if (w <= G1) return x;
  if (w <= G2) {
    const x2 = x * x;
    return fma(x * x2, tanPoly(x2), x);
  }
  if (w <= G3) {
    const i = Math.trunc(fma(256, w, MFFTNHF));
    const z = w - XFG[4 * i];
    const z2 = z * z;
    const pz = fma(z * z2, fma(z2, E1, E0), z);
    const fi = XFG[4 * i + 1];
    const gi = XFG[4 * i + 2];
    return ((fi + gi) * pz / (gi - pz) + fi) * (x < 0 ? -1 : 1);
  }
  let a: number;
  let da: number;
  let n: number;
  if (w <= G4) {
    const t = fma(x, HPINV, TOINT);
    const xn = t - TOINT;
    const t1 = fma(-xn, MP2_T, fma(-xn, MP1, x));
    n = loWord(t) & 1;
    a = fma(-xn, MP3_T, t1);
    da = fma(-xn, MP3_T, t1 - a);
    return tanReduced(a, da, n);
  }
  if (w <= G5) {
    const t = fma(x, HPINV, TOINT);
    const xn = t - TOINT;
    const t1 = fma(-xn, MP2_T, fma(-xn, MP1, x));
    n = loWord(t) & 1;
    const tt = fma(-xn, PP3_T, t1);
    da = fma(-xn, PP3_T, t1 - tt);
    a = fma(-xn, PP4_T, tt);
    da = da + fma(-xn, PP4_T, tt - a);
  } else {
    n = branred(x) & 1;
    a = redA;
    da = redDa;
  }
  // EADD(a, da, t1, t2)
  const s = a + da;
  const e = Math.abs(a) > Math.abs(da) ? a - s + da : da - s + a;
  return tanReduced(s, e, n);
}

// ---- atan (s_atan.c, atnat.h, uatan.tbl)

const AD3 = fromWords(0xbfd55555, 0x55555555);
const AD5 = fromWords(0x3fc99999, 0x999997fd);
const AD7 = fromWords(0xbfc24924, 0x923f7603);
const AD9 = fromWords(0x3fbc71c6, 0xe5129a3b);
const AD11 = fromWords(0xbfb74580, 0x22b13c25);
const AD13 = fromWords(0x3fb375f0, 0x8b31cbce);
const ATAN_A = fromWords(0x3e4bb67a, 0);
const ATAN_B = 1 / 16;
const ATAN_D = 16;
const ATAN_E = fromWords(0x43349ff2, 0);
const TWO52 = 2 ** 52;

/** d3 + v*(d5 + v*(d7 + v*(d9 + v*(d11 + v*d13)))), each step one fma. */
const atanPoly = (v: number): number => fma(v, fma(v, fma(v, fma(v, fma(v, AD13, AD11), AD9), AD7), AD5), AD3);

/** c2 + z*(c3 + z*(c4 + z*(c5 + z*c6))) of the table row at 7*i. */
function cijPoly(i: number, z: number): number {
  return fma(z, fma(z, fma(z, fma(z, CIJ[i + 6], CIJ[i + 5]), CIJ[i + 4]), CIJ[i + 3]), CIJ[i + 2]);
}

/** atan on non-NaN arguments. */
export function atan(x: number): number {
  if (x !== x) return x;
  const u = x < 0 ? -x : x;
  if (u < 1) {
    if (u < ATAN_B) {
      if (u < ATAN_A) return x;
      const v = x * x;
      return fma(x * v, atanPoly(v), x);
    }
    const i = 7 * ((fma(256, u, TWO52) - TWO52) - 16);
    const z = u - CIJ[i];
    return copysign(fma(cijPoly(i, z), z, CIJ[i + 1]), x);
  }
  if (u < ATAN_D) {
    const w = 1 / u;
    const t1 = w * u;
    const t2 = fma(u, w, -t1);
    const i = 7 * ((fma(256, w, TWO52) - TWO52) - 16);
    const z = fma(1 - t1 - t2, w, w - CIJ[i]);
    const yy = fma(-cijPoly(i, z), z, HP1);
    return copysign(HP0 - CIJ[i + 1] + yy, x);
  }
  if (u < ATAN_E) {
    const w = 1 / u;
    const v = w * w;
    const t1 = w * u;
    const t2 = fma(u, w, -t1);
    const yy = atanPoly(v) * (w * v);
    const ww = (1 - t1 - t2) * w;
    // ESUB(HPI, w, t3, cor)
    const t3 = HP0 - w;
    const cor = Math.abs(HP0) > Math.abs(w) ? HP0 - t3 - w : HP0 - (w + t3);
    return copysign(HP1 + cor - ww - yy + t3, x);
  }
  return x > 0 ? HP0 : -HP0;
}

// ---- atan2 (e_atan2.c, atnat2.h)

const OPI = fromWords(0x400921fb, 0x54442d18);
const OPI1 = fromWords(0x3ca1a626, 0x33145c07);
const QPI = fromWords(0x3fe921fb, 0x54442d18);
const TQPI = fromWords(0x4002d97c, 0x7f3321d2);
const TWO500 = 2 ** 500;
const TWOM500 = 2 ** -500;
const EP = 59768832;

/** atan2(y, x) on non-NaN operands. */
export function atan2(y: number, x: number): number {
  if (x !== x || y !== y) return x + y;
  const ux = hiWord(x);
  const uy = hiWord(y);
  if (y === 0) return ux >>> 31 ? (uy >>> 31 ? -OPI : OPI) : y;
  if (x === 0) return uy >>> 31 ? -HP0 : HP0;
  if (x === Infinity) return y === Infinity ? QPI : y === -Infinity ? -QPI : uy >>> 31 ? -0 : 0;
  if (x === -Infinity) return y === Infinity ? TQPI : y === -Infinity ? -TQPI : uy >>> 31 ? -OPI : OPI;
  if (y === Infinity) return HP0;
  if (y === -Infinity) return -HP0;
  let ax = x < 0 ? -x : x;
  let ay = y < 0 ? -y : y;
  const de = (uy & 0x7ff00000) - (ux & 0x7ff00000);
  if (de >= EP) return y > 0 ? HP0 : -HP0;
  if (de <= -EP) {
    if (x > 0) return copysign(ay / ax, y);
    return y > 0 ? OPI : -OPI;
  }
  if (ax < TWOM500 || ay < TWOM500) {
    ax *= TWO500;
    ay *= TWO500;
  }
  if (ax > TWO500 || ay > TWO500) {
    ax *= TWOM500;
    ay *= TWOM500;
  }
  let u: number;
  let du: number;
  if (ay < ax) {
    u = ay / ax;
    const v = ax * u;
    du = (ay - v - fma(ax, u, -v)) / ax;
  } else {
    u = ax / ay;
    const v = ay * u;
    du = (ax - v - fma(ay, u, -v)) / ay;
  }
  let z: number;
  if (x > 0) {
    if (ay < ax) {
      // (i) atan(ay/ax)
      if (u < ATAN_B) {
        const v = u * u;
        z = u + fma(u * v, atanPoly(v), du);
      } else {
        const i = 7 * ((fma(256, u, TWO52) - TWO52) - 16);
        const t3 = u - CIJ[i];
        const v = t3 + du;
        const dv = Math.abs(t3) > Math.abs(du) ? t3 - v + du : du - v + t3;
        const t2 = CIJ[i + 2];
        const q = fma(v, fma(v, fma(v, CIJ[i + 6], CIJ[i + 5]), CIJ[i + 4]), CIJ[i + 3]);
        z = fma(v, t2, fma(dv, t2, v * v * q)) + CIJ[i + 1];
      }
    } else if (u < ATAN_B) {
      // (ii) pi/2 - atan(ax/ay)
      const v = u * u;
      const zz = u * v * atanPoly(v);
      const t2 = HP0 - u;
      const cor = Math.abs(HP0) > Math.abs(u) ? HP0 - t2 - u : HP0 - (u + t2);
      z = HP1 + cor - du - zz + t2;
    } else {
      const i = 7 * ((fma(256, u, TWO52) - TWO52) - 16);
      const v = u - CIJ[i] + du;
      z = HP0 - CIJ[i + 1] + fma(-v, cijPoly(i, v), HP1);
    }
  } else if (ax < ay) {
    // (iii) pi/2 + atan(ax/ay)
    if (u < ATAN_B) {
      const v = u * u;
      const zz = u * v * atanPoly(v);
      const t2 = HP0 + u;
      const cor = Math.abs(HP0) > Math.abs(u) ? HP0 - t2 + u : u - t2 + HP0;
      z = HP1 + cor + du + zz + t2;
    } else {
      const i = 7 * ((fma(256, u, TWO52) - TWO52) - 16);
      const v = u - CIJ[i] + du;
      z = HP0 + CIJ[i + 1] + fma(v, cijPoly(i, v), HP1);
    }
  } else if (u < ATAN_B) {
    // (iv) pi - atan(ay/ax)
    const v = u * u;
    const zz = u * v * atanPoly(v);
    const t2 = OPI - u;
    const cor = Math.abs(OPI) > Math.abs(u) ? OPI - t2 - u : OPI - (u + t2);
    z = OPI1 + cor - du - zz + t2;
  } else {
    const i = 7 * ((fma(256, u, TWO52) - TWO52) - 16);
    const v = u - CIJ[i] + du;
    z = OPI - CIJ[i + 1] + fma(-v, cijPoly(i, v), OPI1);
  }
  return copysign(z, y);
}

// ---- asin, acos (e_asin.c, uasncs.h, asincos.tbl, root.tbl, powtwo.tbl)

const F1 = 1.66666666666664110590506577996662e-1;
const F2 = 7.50000000026122686814431784722623e-2;
const F3 = 4.4642856142105975097851735000694e-2;
const F4 = 3.03821268582119319911193410625235e-2;
const F5 = 2.23551211026525610742786300334557e-2;
const F6 = 1.81382903404565056280372531963613e-2;
const RT0 = 9.99999999859990725855365213134618e-1;
const RT1 = 4.99999999495955425917856814202739e-1;
const RT2 = 3.7501750086734518258145302613085e-1;
const RT3 = 3.12523626554518656309172508769531e-1;
const T24 = 16777216;
const T27 = 134217728;

/** ((((f6*x + f5)*x + f4)*x + f3)*x + f2)*x + f1, each step one fma. */
const asinPoly = (x2: number): number => fma(x2, fma(x2, fma(x2, fma(x2, fma(x2, F6, F5), F4), F3), F2), F1);

/**
 * The table interpolation of 0.125 <= |x| < 0.96875 for the row at n with m inner
 * coefficients: c1*xx + (xx*xx*poly + c[2+m]), added to the row's value c[3+m] by the caller.
 */
function asncsTerm(n: number, m: number, xx: number): number {
  let a = ASNCS[n + 1 + m];
  for (let j = n + m; j >= n + 2; j--) a = fma(xx, a, ASNCS[j]);
  return fma(xx, ASNCS[n + 1], fma(xx * xx, a, ASNCS[n + 2 + m]));
}

/** The row and its inner coefficient count for 0.125 <= |x| < 0.96875 (k the high word of |x|). */
let asRowM = 0;
function asncsRow(k: number): number {
  if (k < 0x3fe00000) {
    asRowM = 5;
    return k < 0x3fd00000 ? 11 * ((k & 0x000fffff) >> 15) : 11 * ((k & 0x000fffff) >> 14) + 352;
  }
  if (k < 0x3fe80000) {
    asRowM = 6;
    return 1056 + ((k & 0x000fe000) >> 11) * 3;
  }
  if (k < 0x3fed8000) {
    asRowM = 7;
    return 992 + ((k & 0x000fe000) >> 13) * 13;
  }
  if (k < 0x3fee8000) {
    asRowM = 8;
    return 884 + ((k & 0x000fe000) >> 13) * 14;
  }
  asRowM = 9;
  return 768 + ((k & 0x000fe000) >> 13) * 15;
}

let sqY = 0;
let sqCc = 0;

/** sqrt(z) = sqY + sqCc in double length, for z = (1 - |x|)/2 (the |x| >= 0.96875 paths); `wide` rounds y to 27 bits (acos) instead of 24 (asin). */
function asinSqrt(z: number, wide: boolean): void {
  const k = hiWord(z);
  let t = INROOT[(k & 0x001fffff) >> 14] * 2 ** (511 - (k >> 21));
  const r = fma(-(t * t), z, 1.0);
  t = fma(r, fma(r, fma(r, RT3, RT2), RT1), RT0) * t;
  const c = z * t;
  const h = fma(-(0.5 * t), c, 1.5);
  const y = wide ? fma(-T27, c, fma(c, T27, c)) : c + T24 - T24;
  sqY = y;
  sqCc = fma(-y, y, z) / fma(h, c, y);
}

/** asin on non-NaN arguments; NaN for |x| > 1. */
export function asin(x: number): number {
  const m = hiWord(x) | 0;
  const k = m & 0x7fffffff;
  if (k < 0x3e500000) return x;
  if (k < 0x3fc00000) {
    const x2 = x * x;
    return fma(asinPoly(x2), x2 * x, x);
  }
  if (k < 0x3fef0000) {
    const n = asncsRow(k);
    const mm = asRowM;
    const xx = (m > 0 ? x : -x) - ASNCS[n];
    const res = asncsTerm(n, mm, xx) + ASNCS[n + 3 + mm];
    return m > 0 ? res : -res;
  }
  if (k < 0x3ff00000) {
    const z = 0.5 * (m > 0 ? 1.0 - x : 1.0 + x);
    asinSqrt(z, false);
    const y = sqY;
    const cc = sqCc;
    const p = asinPoly(z) * z;
    const cor = fma(-((y + cc) + (y + cc)), p, fma(-2.0, cc, HP1));
    const res = cor + fma(-2.0, y, HP0);
    return m > 0 ? res : -res;
  }
  if (k === 0x3ff00000 && loWord(x) === 0) return m > 0 ? HP0 : -HP0;
  return NaN;
}

/** acos on non-NaN arguments; NaN for |x| > 1. */
export function acos(x: number): number {
  const m = hiWord(x) | 0;
  const k = m & 0x7fffffff;
  if (k < 0x3c880000) return HP0;
  if (k < 0x3fc00000) {
    const x2 = x * x;
    const r = HP0 - x;
    const cor = fma(-asinPoly(x2), x * x2, HP0 - r - x + HP1);
    return r + cor;
  }
  if (k < 0x3fef0000) {
    const n = asncsRow(k);
    const mm = asRowM;
    const xx = (m > 0 ? x : -x) - ASNCS[n];
    const t = asncsTerm(n, mm, xx);
    const base = ASNCS[n + 3 + mm];
    return m > 0 ? HP1 - t + (HP0 - base) : HP1 + t + (HP0 + base);
  }
  if (k < 0x3ff00000) {
    const z = 0.5 * (m > 0 ? 1.0 - x : 1.0 + x);
    asinSqrt(z, true);
    const y = sqY;
    const cc = sqCc;
    const q = asinPoly(z) * z * (y + cc);
    if (m < 0) {
      const res = HP1 - cc - q + (HP0 - y);
      return res + res;
    }
    const res = cc + q + y;
    return res + res;
  }
  if (k === 0x3ff00000 && loWord(x) === 0) return m > 0 ? 0 : 2.0 * HP0;
  return NaN;
}
