// scf-for-loop-canonicalization against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with what /usr/lib/llvm-22/bin/mlir-opt
// printed (written here literally).

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
    stdout: `module {
  func.func @f(%arg0: memref<?xf32>, %arg1: index, %arg2: index, %arg3: index) -> (index, index) {
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?xf32>
    %0 = scf.for %arg4 = %arg1 to %arg2 step %arg3 iter_args(%arg5 = %arg0) -> (memref<?xf32>) {
      scf.yield %arg0 : memref<?xf32>
    }
    %dim_0 = memref.dim %0, %c0 : memref<?xf32>
    return %dim, %dim_0 : index, index
  }
}

`,
    stderr: ``,
    code: 0,
  },
];

testOptCases(CASES);
