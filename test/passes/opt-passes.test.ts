// The pass infrastructure and the first passes against MLIR 22: each case runs
// scf-opt in-process and compares stdout, stderr and the exit code with mlir-
// opt 22's for the same input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "canonicalize folds arith constants and moves constants right",
    args: ["--canonicalize"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
  },
  {
    name: "canonicalize folds floats exactly and keeps overflowing divsi",
    args: ["--canonicalize"],
    input: `func.func @fl(%a: f32, %b: f32, %x: i8) -> (f32, f32, i8, i32, f32) {
  %c1 = arith.constant 1.5 : f32
  %c2 = arith.constant 2.25 : f32
  %n = arith.constant 0x7FC00000 : f32
  %0 = arith.addf %c1, %c2 : f32
  %1 = arith.divf %c1, %n : f32
  %c3 = arith.constant -128 : i8
  %c4 = arith.constant -1 : i8
  %2 = arith.divsi %c3, %c4 : i8
  %3 = arith.extsi %c3 : i8 to i32
  %4 = arith.sitofp %3 : i32 to f32
  return %0, %1, %2, %3, %4 : f32, f32, i8, i32, f32
}
`,
  },
  {
    name: "cse merges equivalent pure ops",
    args: ["--cse"],
    input: `func.func @g(%a: f32, %b: f32) -> (f32, f32) {
  %0 = arith.addf %a, %b : f32
  %1 = arith.addf %a, %b : f32
  %2 = arith.mulf %0, %1 : f32
  %3 = arith.mulf %0, %1 : f32
  return %2, %3 : f32, f32
}
`,
  },
  {
    name: "convert-scf-to-cf lowers scf.for with iter_args",
    args: ["--convert-scf-to-cf"],
    input: `func.func @h(%lb: index, %ub: index, %step: index, %init: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %s = arith.addf %acc, %acc : f32
    scf.yield %s : f32
  }
  return %r : f32
}
`,
  },
  {
    name: "convert-scf-to-cf lowers index_switch and nested if",
    args: ["--convert-scf-to-cf"],
    input: `func.func @sw(%i: index, %c: i1) -> i32 {
  %r = scf.index_switch %i -> i32
  case 2 {
    %a = arith.constant 10 : i32
    scf.yield %a : i32
  }
  default {
    %b = scf.if %c -> i32 {
      %x = arith.constant 1 : i32
      scf.yield %x : i32
    } else {
      %y = arith.constant 2 : i32
      scf.yield %y : i32
    }
    scf.yield %b : i32
  }
  return %r : i32
}
`,
  },
  {
    name: "nested pipeline with IR printing after each pass",
    args: ["-p", "builtin.module(func.func(cse,canonicalize))", "--mlir-print-ir-after-all"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
  },
  {
    name: "dump-pass-pipeline prints options sorted",
    args: ["-p", "builtin.module(func.func(canonicalize{max-iterations=3 test-convergence},cse))", "--dump-pass-pipeline", "-o", "/dev/null"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
  },
  {
    name: "unknown pass in a pipeline",
    args: ["-p", "builtin.module(func.func(cse,foo))"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
  },
  {
    name: "unknown pass option in a flag",
    args: ["--canonicalize=foo=1"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
  },
  {
    name: "pipeline without anchor",
    args: ["-p", "cse"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
  },
  {
    name: "pipeline and pass flags mixed",
    args: ["--canonicalize", "--pass-pipeline=builtin.module(cse)"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
  },
  {
    name: "anchor mismatch",
    args: ["-p", "func.func(cse)"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
  },
  {
    name: "unbalanced parentheses",
    args: ["-p", "builtin.module(func.func(cse)"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
  },
  {
    name: "enum option value",
    args: ["-p", "builtin.module(canonicalize{region-simplify=foo})"],
    input: `func.func @f(%a: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %a : i32
  %1 = arith.muli %c7, %c5 : i32
  %2 = arith.addi %a, %c0 : i32
  %3 = arith.cmpi slt, %c5, %c7 : i32
  return %0, %1, %3 : i32, i32, i1
}
`,
  },
];

testOptCases(CASES);
