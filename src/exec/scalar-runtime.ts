// The scalar helpers that generated code calls through `$rt`, shared by the
// runtime of the func-level engine (engine.ts) and of the LLVM-dialect engine
// (llvm/engine.ts): float rounding and bit casts, exact wide integers, and
// ceil/floor division.
import {
  bf16Bits,
  bigToFloat,
  bitsBF16,
  bitsF16,
  bitsF32,
  bitsF64,
  f16Bits,
  f32Bits,
  f64Bits,
  fpToSI,
  fpToUI,
  roundBF16,
  roundF16,
  wide,
} from './numeric.js';

export class ScalarRuntime {
  roundF16 = roundF16;
  roundBF16 = roundBF16;
  bigToFloat = bigToFloat;
  fptosi = fpToSI;
  fptoui = fpToUI;
  f32Bits = f32Bits;
  bitsF32 = bitsF32;
  f64Bits = f64Bits;
  bitsF64 = bitsF64;
  f16Bits = f16Bits;
  bitsF16 = bitsF16;
  bf16Bits = bf16Bits;
  bitsBF16 = bitsBF16;
  wide = wide;
  /** Signed division rounding toward +infinity, on exact integers held as numbers. */
  cdivs = (a: number, b: number): number => {
    const q = Math.trunc(a / b);
    return q * b !== a && a < 0 === b < 0 ? q + 1 : q;
  };
  /** Signed division rounding toward -infinity. */
  fdivs = (a: number, b: number): number => {
    const q = Math.trunc(a / b);
    return q * b !== a && a < 0 !== b < 0 ? q - 1 : q;
  };
}
