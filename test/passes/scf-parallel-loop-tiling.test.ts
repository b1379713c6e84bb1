// scf-parallel-loop-tiling against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with what /usr/lib/llvm-22/bin/mlir-opt
// printed (written here literally).

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
    stdout: `module {
  func.func @f(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<?x?xf32>, %arg4: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %0 = arith.muli %arg2, %c1 : index
    %1 = arith.muli %arg2, %c4 : index
    scf.parallel (%arg5, %arg6) = (%arg0, %arg0) to (%arg1, %arg1) step (%0, %1) {
      scf.parallel (%arg7, %arg8) = (%c0, %c0) to (%0, %1) step (%arg2, %arg2) {
        %2 = arith.addi %arg7, %arg5 : index
        %3 = arith.addi %arg8, %arg6 : index
        %true = arith.constant true
        %4 = arith.muli %arg7, %arg2 : index
        %5 = arith.addi %4, %arg5 : index
        %6 = arith.cmpi ult, %5, %arg1 : index
        %7 = arith.andi %true, %6 : i1
        %8 = arith.muli %arg8, %arg2 : index
        %9 = arith.addi %8, %arg6 : index
        %10 = arith.cmpi ult, %9, %arg1 : index
        %11 = arith.andi %7, %10 : i1
        scf.if %11 {
          memref.store %arg4, %arg3[%2, %3] : memref<?x?xf32>
        }
        scf.reduce 
      }
      scf.reduce 
    }
    return
  }
}

`,
    stderr: ``,
    code: 0,
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
    stdout: `module {
  func.func @f(%arg0: memref<?x?xf32>, %arg1: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.parallel (%arg2, %arg3) = (%c0, %c0) to (%c8, %c8) step (%c1, %c1) {
      %c0_0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %0 = arith.muli %c1, %c2 : index
      scf.parallel (%arg4) = (%c0) to (%c8) step (%0) {
        scf.parallel (%arg5) = (%c0_0) to (%0) step (%c1) {
          %1 = arith.addi %arg5, %arg4 : index
          memref.store %arg1, %arg0[%arg2, %1] : memref<?x?xf32>
          scf.reduce 
        }
        scf.reduce 
      }
      scf.reduce 
    }
    return
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "tile size 0 is an error",
    args: ["--pass-pipeline=builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=0}))"],
    input: `func.func @f() {
  return
}
`,
    stdout: ``,
    stderr: `<unknown>:0: error: tile size cannot be 0
`,
    code: 1,
  },
];

testOptCases(CASES);
