// scf-for-loop-canonicalization against MLIR 22: each case runs scf-opt in-
// process and compares stdout, stderr and the exit code with mlir-opt 22's for
// the same input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "dim of shape-preserving iter_args and results reads the init value",
    args: ["--scf-for-loop-canonicalization"],
    input: `func.func @f(%m: memref<?xf32>, %lb: index, %ub: index, %s: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %m) -> memref<?xf32> {
    %d = memref.dim %a, %c0 : memref<?xf32>
    %x = arith.index_cast %d : index to i32
    %r2 = scf.for %j = %lb to %ub step %s iter_args(%b = %a) -> memref<?xf32> {
      scf.yield %b : memref<?xf32>
    }
    scf.yield %r2 : memref<?xf32>
  }
  %d2 = memref.dim %r, %c0 : memref<?xf32>
  %q = scf.for %i = %lb to %ub step %s iter_args(%a = %m) -> memref<?xf32> {
    scf.yield %m : memref<?xf32>
  }
  %d3 = memref.dim %q, %c0 : memref<?xf32>
  return %d2, %d3 : index, index
}
`,
  },
];

testOptCases(CASES);
