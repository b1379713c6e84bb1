// scf-forall-to-for and scf-forall-to-parallel against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with what /usr/lib/llvm-22/bin/mlir-opt
// printed (written here literally).

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "forall to nested fors",
    args: ["--pass-pipeline=builtin.module(func.func(scf-forall-to-for))"],
    input: `func.func @f(%n: index, %m: memref<?x?xf32>, %v: f32) {
  scf.forall (%i, %j) = (0, %n) to (%n, 64) step (1, 4) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  return
}
`,
    stdout: `module {
  func.func @f(%arg0: index, %arg1: memref<?x?xf32>, %arg2: f32) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %arg0 step %c1 {
      scf.for %arg4 = %arg0 to %c64 step %c4 {
        memref.store %arg2, %arg1[%arg3, %arg4] : memref<?x?xf32>
      }
    }
    return
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "forall to for then canonicalize",
    args: ["--pass-pipeline=builtin.module(func.func(scf-forall-to-for,canonicalize))"],
    input: `func.func @f(%n: index, %m: memref<?x?xf32>, %v: f32) {
  scf.forall (%i, %j) in (%n, 8) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  return
}
`,
    stdout: `module {
  func.func @f(%arg0: index, %arg1: memref<?x?xf32>, %arg2: f32) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %arg0 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        memref.store %arg2, %arg1[%arg3, %arg4] : memref<?x?xf32>
      }
    }
    return
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "forall to parallel",
    args: ["--pass-pipeline=builtin.module(func.func(scf-forall-to-parallel))"],
    input: `func.func @f(%n: index, %m: memref<?x?xf32>, %v: f32) {
  scf.forall (%i, %j) = (0, %n) to (%n, 64) step (1, 4) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  return
}
`,
    stdout: `module {
  func.func @f(%arg0: index, %arg1: memref<?x?xf32>, %arg2: f32) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.parallel (%arg3, %arg4) = (%c0, %arg0) to (%arg0, %c64) step (%c1, %c4) {
      memref.store %arg2, %arg1[%arg3, %arg4] : memref<?x?xf32>
      scf.reduce 
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
