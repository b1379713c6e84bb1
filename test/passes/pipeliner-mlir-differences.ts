// Where `--scf-software-pipeline --canonicalize` (full peeling) and MLIR 22's
// `--test-scf-pipelining --canonicalize` print different IR on the
// static-bound chunks of Dialect/SCF/loop-pipelining.mlir, and why: checked
// live by software-pipeline-vs-mlir.test.ts, shown in docs/PIPELINER.md.

/** Functions whose outputs differ, and why (both correct). */
export const EXPECTED_DIFFERENCES: Record<string, string> = {
  simple_pipeline_step:
    "the kernel's upper bound: peelForLoop ends the main part at lb + (K - M) * step = 6, MLIR at ub - (S - 1) * step = 5 (both run iterations 0 and 3)",
  yield_constant_loop:
    "a constant yield: MLIR's epilogue reads the constant and returns the kernel's result; here the epilogue reads the kernel's register and the result folds to the constant (both equal 0.0 after one iteration)",
};

