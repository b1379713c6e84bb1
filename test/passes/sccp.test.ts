// sccp against MLIR 22: each case runs scf-opt in-process and compares stdout,
// stderr and the exit code with mlir-opt 22's for the same input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    // func.constant folds to its symbol: SCCP rematerializes it at the entry.
    name: 'func.constant is a constant: moved to the entry, merged',
    args: ['--sccp'],
    input: `func.func @id(%a: i32) -> i32 {
  return %a : i32
}
func.func @f(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %f = func.constant @id : (i32) -> i32
  %1 = func.call_indirect %f(%0) : (i32) -> i32
  %g = func.constant @id : (i32) -> i32
  %2 = func.call_indirect %g(%1) : (i32) -> i32
  return %2 : i32
}
`,
  },
  {
    // ub.poison folds to #ub.poison: SCCP knows it and materializes one per region.
    name: 'poison values are constants: merged, also through scf.if',
    args: ['--sccp'],
    input: `func.func @merge() -> (i32, i32) {
  %0 = ub.poison : i32
  %1 = ub.poison : i32
  return %0, %1 : i32, i32
}
func.func @nested(%c: i1) -> (f32, f32) {
  %p = ub.poison : f32
  %r = scf.if %c -> (f32) {
    %q = ub.poison : f32
    scf.yield %q : f32
  } else {
    scf.yield %p : f32
  }
  return %r, %p : f32, f32
}
`,
  },
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
  },
];

testOptCases(CASES);
