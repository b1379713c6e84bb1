// scf-for-to-while against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with what /usr/lib/llvm-22/bin/mlir-opt
// printed (written here literally).

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "for with iter_args becomes while",
    args: ["--pass-pipeline=builtin.module(func.func(scf-for-to-while))"],
    input: `func.func @f(%lb: index, %ub: index, %s: index, %x: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> f32 {
    %y = arith.addf %a, %a : f32
    scf.yield %y : f32
  }
  return %r : f32
}
`,
    stdout: `module {
  func.func @f(%arg0: index, %arg1: index, %arg2: index, %arg3: f32) -> f32 {
    %0:2 = scf.while (%arg4 = %arg0, %arg5 = %arg3) : (index, f32) -> (index, f32) {
      %1 = arith.cmpi slt, %arg4, %arg1 : index
      scf.condition(%1) %arg4, %arg5 : index, f32
    } do {
    ^bb0(%arg4: index, %arg5: f32):
      %1 = arith.addi %arg4, %arg2 : index
      %2 = arith.addf %arg5, %arg5 : f32
      scf.yield %1, %2 : index, f32
    }
    return %0#1 : f32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "nested and unsigned loops",
    args: ["--scf-for-to-while"],
    input: `func.func @g(%ub: i32, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for unsigned %i = %c0 to %ub step %c1 : i32 {
    scf.for %j = %c0 to %i step %c1 : i32 {
      %k = arith.index_cast %j : i32 to index
      memref.store %i, %m[%k] : memref<?xi32>
    }
  }
  return
}
`,
    stdout: `module {
  func.func @g(%arg0: i32, %arg1: memref<?xi32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
      %1 = arith.cmpi ult, %arg2, %arg0 : i32
      scf.condition(%1) %arg2 : i32
    } do {
    ^bb0(%arg2: i32):
      %1 = arith.addi %arg2, %c1_i32 : i32
      %2 = scf.while (%arg3 = %c0_i32) : (i32) -> i32 {
        %3 = arith.cmpi slt, %arg3, %arg2 : i32
        scf.condition(%3) %arg3 : i32
      } do {
      ^bb0(%arg3: i32):
        %3 = arith.addi %arg3, %c1_i32 : i32
        %4 = arith.index_cast %arg3 : i32 to index
        memref.store %arg2, %arg1[%4] : memref<?xi32>
        scf.yield %3 : i32
      }
      scf.yield %1 : i32
    } attributes {unsignedCmp}
    return
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    // MLIR's pass runs the greedy driver with its default configuration: the
    // worklist is seeded bottom-up, so the scf.if (moved into the while) folds
    // before the xori feeding it: the regions swap and the condition becomes
    // %true, instead of the xori folding to a new %false first.
    name: "the greedy driver works bottom-up: folds happen in MLIR's order",
    args: ["--scf-for-to-while"],
    input: `func.func @f(%n: index, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %x = arith.xori %true, %true : i1
  scf.for %i = %c0 to %n step %c1 {
    %v = scf.if %x -> i32 {
      %a = arith.constant 1 : i32
      scf.yield %a : i32
    } else {
      %b = arith.constant 2 : i32
      scf.yield %b : i32
    }
    memref.store %v, %m[%i] : memref<?xi32>
  }
  return
}
`,
    stdout: `module {
  func.func @f(%arg0: index, %arg1: memref<?xi32>) {
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    %0 = scf.while (%arg2 = %c0) : (index) -> index {
      %1 = arith.cmpi slt, %arg2, %arg0 : index
      scf.condition(%1) %arg2 : index
    } do {
    ^bb0(%arg2: index):
      %1 = arith.addi %arg2, %c1 : index
      %2 = scf.if %true -> (i32) {
        scf.yield %c2_i32 : i32
      } else {
        scf.yield %c1_i32 : i32
      }
      memref.store %2, %arg1[%arg2] : memref<?xi32>
      scf.yield %1 : index
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
