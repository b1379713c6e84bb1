// Bit-exact emulation of the glibc 2.36 libm functions that MLIR's math
// folders call (x86-64, FMA variants where glibc selects them). Each function
// takes and returns a double; the `*f` functions take a float value and return
// one (rounded as C does). NaN arguments are handled by the callers (fold.ts).

const fround = Math.fround;

export { exp, exp2, log, log2 } from './libm-double-or.js';
export { expf, exp2f, logf, log2f, powf, sinf, cosf } from './libm-float-or.js';

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

// Not yet bit-exact: V8's fdlibm ports (last-bit differences from glibc in
// some inputs; measured rates in test/dialects/math/fold-diff.test.ts).
export const acos = Math.acos, acosf = (x: number) => fround(Math.acos(x));
export const acosh = Math.acosh, acoshf = (x: number) => fround(Math.acosh(x));
export const asin = Math.asin, asinf = (x: number) => fround(Math.asin(x));
export const asinh = Math.asinh, asinhf = (x: number) => fround(Math.asinh(x));
export const atan = Math.atan, atanf = (x: number) => fround(Math.atan(x));
export const atanh = Math.atanh, atanhf = (x: number) => fround(Math.atanh(x));
export const cos = Math.cos;
export const cosh = Math.cosh, coshf = (x: number) => fround(Math.cosh(x));
// erf and erfc have no emulation yet: they do not fold (MLIR folds them, so scf-opt leaves them unfolded).
export const erf = (_x: number): number | undefined => undefined, erff = erf;
export const erfc = erf, erfcf = erf;


export const expm1 = Math.expm1, expm1f = (x: number) => fround(Math.expm1(x));

export const log10 = Math.log10, log10f = (x: number) => fround(Math.log10(x));
export const log1p = Math.log1p, log1pf = (x: number) => fround(Math.log1p(x));

export const sin = Math.sin;
export const sinh = Math.sinh, sinhf = (x: number) => fround(Math.sinh(x));
export const tan = Math.tan, tanf = (x: number) => fround(Math.tan(x));
export const tanh = Math.tanh, tanhf = (x: number) => fround(Math.tanh(x));
export const atan2 = Math.atan2, atan2f = (y: number, x: number) => fround(Math.atan2(y, x));
export const pow = Math.pow;
