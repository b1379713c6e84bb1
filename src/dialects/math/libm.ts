// Bit-exact emulation of the glibc 2.36 libm functions that MLIR's math
// folders call (x86-64, FMA variants where glibc selects them; Debian 12's
// 2.36-9+deb12u* builds, which carry the 2.36 branch's FMA expm1/log1p/log2). Each function
// takes and returns a double; the `*f` functions take a float value and return
// one (rounded as C does). NaN arguments give a NaN, as in C (where pow(1, NaN) is 1).

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
