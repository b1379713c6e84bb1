// scf-for-to-while against MLIR 22: each case runs scf-opt in-process and
// compares stdout, stderr and the exit code with mlir-opt 22's for the same
// input, run live.

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
  },
];

testOptCases(CASES);
