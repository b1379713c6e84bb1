// scf-for-loop-range-folding against MLIR 22: each case runs scf-opt in-process
// and compares stdout, stderr and the exit code with mlir-opt 22's for the same
// input, run live.

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
  },
];

testOptCases(CASES);
