// control-flow-sink against MLIR 22: each case runs scf-opt in-process and
// compares stdout, stderr and the exit code with mlir-opt 22's for the same
// input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "ops used only in one branch sink into it",
    args: ["--control-flow-sink"],
    input: `func.func @f(%a: i32, %b: i32, %c: i1, %i: index) -> i32 {
  %x = arith.addi %a, %b : i32
  %y = arith.muli %a, %b : i32
  %z = arith.subi %a, %b : i32
  %r = scf.execute_region -> i32 {
    scf.yield %x : i32
  }
  %s = scf.index_switch %i -> i32
  case 0 {
    scf.yield %y : i32
  }
  default {
    scf.yield %a : i32
  }
  %t = scf.if %c -> i32 {
    scf.yield %z : i32
  } else {
    scf.yield %a : i32
  }
  %u = arith.addi %r, %s : i32
  %v = arith.addi %u, %t : i32
  return %v : i32
}
`,
  },
  {
    name: "ops used outside, with effects, or in both branches stay",
    args: ["--control-flow-sink"],
    input: `func.func @g(%c: i1, %a: i32, %m: memref<i32>) -> i32 {
  %x = arith.addi %a, %a : i32
  %y = arith.muli %x, %a : i32
  %v = memref.load %m[] : memref<i32>
  %w = arith.subi %a, %a : i32
  %r = scf.if %c -> i32 {
    %s = arith.addi %y, %v : i32
    scf.yield %s : i32
  } else {
    scf.yield %w : i32
  }
  %t = scf.if %c -> i32 {
    scf.yield %w : i32
  } else {
    scf.yield %a : i32
  }
  %u = arith.addi %r, %t : i32
  return %u : i32
}
`,
  },
];

testOptCases(CASES);
