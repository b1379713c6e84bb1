// scf-for-loop-range-folding against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with what /usr/lib/llvm-22/bin/mlir-opt
// printed (written here literally).

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "add and mul fold into the bounds",
    args: ["--pass-pipeline=builtin.module(func.func(scf-for-loop-range-folding))"],
    input: `func.func @f(%m: memref<?xi32>, %n: index, %off: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = arith.addi %off, %i : index
    %1 = arith.muli %0, %c4 : index
    %2 = memref.load %m[%1] : memref<?xi32>
    memref.store %2, %m[%0] : memref<?xi32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %0 = arith.muli %i, %n : index
    %1 = arith.addi %0, %i : index
    %x = arith.index_cast %1 : index to i32
    memref.store %x, %m[%1] : memref<?xi32>
  }
  return
}
`,
    stdout: `module {
  func.func @f(%arg0: memref<?xi32>, %arg1: index, %arg2: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %0 = arith.addi %arg2, %c0 : index
    %1 = arith.addi %arg2, %arg1 : index
    scf.for %arg3 = %0 to %1 step %c1 {
      %2 = arith.muli %arg3, %c4 : index
      %3 = memref.load %arg0[%2] : memref<?xi32>
      memref.store %3, %arg0[%arg3] : memref<?xi32>
    }
    scf.for %arg3 = %c0 to %arg1 step %c1 {
      %2 = arith.muli %arg3, %arg1 : index
      %3 = arith.addi %2, %arg3 : index
      %4 = arith.index_cast %3 : index to i32
      memref.store %4, %arg0[%3] : memref<?xi32>
    }
    return
  }
}

`,
    stderr: ``,
    code: 0,
  },
];

testOptCases(CASES);
