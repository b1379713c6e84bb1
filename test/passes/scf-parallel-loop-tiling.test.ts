// scf-parallel-loop-tiling against MLIR 22: each case runs scf-opt in-process
// and compares stdout, stderr and the exit code with mlir-opt 22's for the same
// input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "inbound check mode",
    args: ["--pass-pipeline=builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=1,4 no-min-max-bounds=true}))"],
    input: `func.func @f(%lb: index, %ub: index, %s: index, %m: memref<?x?xf32>, %v: f32) {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  return
}
`,
  },
  {
    name: "static trip counts that divide need no clamp",
    args: ["--pass-pipeline=builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=2,4}))"],
    input: `func.func @f(%m: memref<?x?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c8) step (%c1, %c1) {
    scf.parallel (%k) = (%c0) to (%c8) step (%c1) {
      memref.store %v, %m[%i, %k] : memref<?x?xf32>
    }
  }
  return
}
`,
  },
  {
    name: "tile size 0 is an error",
    args: ["--pass-pipeline=builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=0}))"],
    input: `func.func @f() {
  return
}
`,
  },
];

testOptCases(CASES);
