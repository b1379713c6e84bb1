// sccp against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with what /usr/lib/llvm-22/bin/mlir-opt
// printed (written here literally).

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "constants through scf.if, scf.while and branches",
    args: ["--pass-pipeline=builtin.module(func.func(sccp))"],
    input: `func.func @f(%c: i1, %x: i32) -> (i32, i32, i32) {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = scf.if %true -> i32 {
    scf.yield %c1 : i32
  } else {
    scf.yield %x : i32
  }
  %1 = scf.if %c -> i32 {
    %s = arith.addi %c1, %c1 : i32
    scf.yield %s : i32
  } else {
    scf.yield %c2 : i32
  }
  %2 = scf.while (%a = %c1) : (i32) -> i32 {
    %f = arith.constant false
    scf.condition(%f) %a : i32
  } do {
  ^bb0(%b: i32):
    %n = arith.addi %b, %x : i32
    scf.yield %n : i32
  }
  cf.cond_br %true, ^bb1(%c1 : i32), ^bb2(%x : i32)
^bb1(%y: i32):
  return %0, %1, %2 : i32, i32, i32
^bb2(%z: i32):
  return %z, %z, %z : i32, i32, i32
}
`,
    stdout: `module {
  func.func @f(%arg0: i1, %arg1: i32) -> (i32, i32, i32) {
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %true = arith.constant true
    cf.cond_br %true, ^bb1(%c1_i32 : i32), ^bb2(%arg1 : i32)
  ^bb1(%0: i32):  // pred: ^bb0
    return %c1_i32, %c2_i32, %c1_i32 : i32, i32, i32
  ^bb2(%1: i32):  // pred: ^bb0
    return %1, %1, %1 : i32, i32, i32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "loop-carried values that change are not constant",
    args: ["--sccp"],
    input: `func.func @g(%lb: index, %ub: index, %s: index) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %c0, %b = %c1) -> (i32, i32) {
    %n = arith.addi %a, %c1 : i32
    scf.yield %n, %b : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
`,
    stdout: `module {
  func.func @g(%arg0: index, %arg1: index, %arg2: index) -> (i32, i32) {
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %0:2 = scf.for %arg3 = %arg0 to %arg1 step %arg2 iter_args(%arg4 = %c0_i32, %arg5 = %c1_i32) -> (i32, i32) {
      %1 = arith.addi %arg4, %c1_i32 : i32
      scf.yield %1, %c1_i32 : i32, i32
    }
    return %0#0, %c1_i32 : i32, i32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "private callees get the constant arguments of all their calls",
    args: ["--sccp"],
    input: `func.func private @callee(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  return %0 : i32
}
func.func @public_callee(%a: i32) -> i32 {
  return %a : i32
}
func.func @caller() -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %0 = call @callee(%c1) : (i32) -> i32
  %1 = call @public_callee(%c1) : (i32) -> i32
  %2 = call @callee(%c1) : (i32) -> i32
  return %0, %1 : i32, i32
}
`,
    stdout: `module {
  func.func private @callee(%arg0: i32) -> i32 {
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    return %c2_i32 : i32
  }
  func.func @public_callee(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func @caller() -> (i32, i32) {
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = call @callee(%c1_i32) : (i32) -> i32
    %1 = call @public_callee(%c1_i32) : (i32) -> i32
    %2 = call @callee(%c1_i32) : (i32) -> i32
    return %c2_i32, %1 : i32, i32
  }
}

`,
    stderr: ``,
    code: 0,
  },
];

testOptCases(CASES);
