// scf-parallel-for-to-nested-fors against MLIR 22: each case runs scf-opt in-
// process and compares stdout, stderr and the exit code with mlir-opt 22's for
// the same input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "parallel to nested fors, reductions kept",
    args: ["--pass-pipeline=builtin.module(func.func(scf-parallel-for-to-nested-fors))"],
    input: `func.func @f(%lb: index, %ub: index, %s: index, %m: memref<?x?xf32>, %v: f32) -> f32 {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%v) -> f32 {
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      scf.reduce.return %c : f32
    }
  }
  return %r : f32
}
`,
  },
];

testOptCases(CASES);
