// Bit-exact emulation of the glibc 2.36 libm functions that MLIR's math
// folders call (x86-64, FMA variants where glibc selects them; Debian 12's
// 2.36-9+deb12u* builds, which carry the 2.36 branch's FMA expm1/log1p/log2). Each function
// takes and returns a double; the `*f` functions take a float value and return
// one (rounded as C does). NaN arguments give a NaN, as in C (where pow(1, NaN) is 1).

import { fromWords, hiWord, loWord } from './libm-core.js';

const fround = Math.fround;

export { exp, exp2, log, log2, pow } from './libm-double-or.js';
export { acos, asin, atan, atan2, cos, sin, tan } from './libm-double-ibm.js';
export { expf, exp2f, logf, log2f, powf, sinf, cosf } from './libm-float-or.js';
export {
  acosf, acoshf, asinf, asinhf, atanf, atan2f, atanhf, coshf, erfcf, erff, expm1f, log10f, log1pf, sinhf, tanf, tanhf,
} from './libm-float-fdlibm.js';
export { acosh, asinh, atanh, cosh, erf, erfc, expm1, log10, log1p, sinh, tanh } from './libm-double-fdlibm.js';

export const sqrt = (x: number): number => Math.sqrt(x);
export const sqrtf = (x: number): number => fround(Math.sqrt(x));
export const trunc = (x: number): number => Math.trunc(x);
export const truncf = (x: number): number => Math.trunc(x);
/** C round: halfway cases away from zero. */
export function round(x: number): number {
  const t = Math.trunc(x);
  return Math.abs(x - t) >= 0.5 ? t + Math.sign(x) : t;
}
export const roundf = round;

// ---- cbrt and cbrtf (glibc's dbl-64/flt-32 s_cbrt: a polynomial guess and one rational Newton step)

const CBRT2 = 1.2599210498948731648;
const SQR_CBRT2 = 1.5874010519681994748;
/** 2^(k/3) for k = -2..2 (indexed by 2 + k). */
const CBRT_FACTOR = [1.0 / SQR_CBRT2, 1.0 / CBRT2, 1.0, CBRT2, SQR_CBRT2];

/** frexp(|x|) for a finite nonzero x: [m in [0.5, 1), e] with |x| = m * 2^e. */
function frexpAbs(x: number): [number, number] {
  let a = Math.abs(x);
  let e = 0;
  if (a < 2 ** -1022) {
    // Subnormal: scaled into the normal range first.
    a *= 2 ** 54;
    e = -54;
  }
  const hi = hiWord(a);
  return [fromWords((hi & 0x800fffff) | 0x3fe00000, loWord(a)), e + (hi >>> 20) - 1022];
}

export function cbrt(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x + x;
  const [xm, xe] = frexpAbs(x);
  const u = 0.35489576504391986 + (1.508191937815849 + (-2.1149949416737129 + (2.4469312256353443 + (-1.8346927748361309 + (0.78493234497663926 - 0.14526389938548638 * xm) * xm) * xm) * xm) * xm) * xm;
  const t2 = u * u * u;
  const ym = ((u * (t2 + 2.0 * xm)) / (2.0 * t2 + xm)) * CBRT_FACTOR[2 + (xe % 3)];
  // ldexp: 2^k is exact for |k| <= 358, so the product rounds once.
  return (x > 0 ? ym : -ym) * 2 ** Math.trunc(xe / 3);
}

export function cbrtf(x: number): number {
  const xf = fround(x);
  if (xf === 0 || !Number.isFinite(xf)) return fround(xf + xf);
  const [xm, xe] = frexpAbs(xf);
  // The polynomial in double (its constants are), stored to float; t2 in float.
  const u = fround(0.49265962052896955 + (0.69757046020792277 - 0.19150216167871907 * xm) * xm);
  const t2 = fround(fround(u * u) * u);
  const ym = fround(((u * (t2 + 2.0 * xm)) / (2.0 * t2 + xm)) * CBRT_FACTOR[2 + (xe % 3)]);
  return fround((xf > 0 ? ym : -ym) * 2 ** Math.trunc(xe / 3));
}
