// loop-invariant-code-motion against MLIR 22: each case runs scf-opt in-process
// and compares stdout, stderr and the exit code with mlir-opt 22's for the same
// input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "pure and speculatable ops are hoisted",
    args: ["--loop-invariant-code-motion"],
    input: `func.func @f(%lb: index, %ub: index, %s: index, %x: i32, %y: i32, %m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : i32
  scf.for %i = %lb to %ub step %s {
    %a = arith.addi %x, %y : i32
    %b = arith.muli %a, %a : i32
    %d = arith.divsi %x, %y : i32
    %e = arith.divsi %x, %c3 : i32
    %f = arith.addi %b, %d : i32
    %dim = memref.dim %m, %c1 : memref<?x?xf32>
    %v = memref.load %m[%c0, %c0] : memref<?x?xf32>
    %g = arith.index_cast %i : index to i32
    %h = arith.addi %g, %e : i32
  }
  return
}
`,
  },
  {
    name: "while loops and nested ifs",
    args: ["--loop-invariant-code-motion"],
    input: `func.func @g(%c: i1, %x: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %k = arith.addi %x, %x : i32
    %t = scf.if %c -> i32 {
      %z = arith.muli %x, %x : i32
      scf.yield %z : i32
    } else {
      scf.yield %x : i32
    }
    %n = arith.addi %a, %t : i32
    scf.condition(%c) %n : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return %r : i32
}
`,
  },
  {
    // A region op is hoisted only when every value its nest uses from outside
    // it is defined outside the loop; values of enclosing levels decide per loop.
    name: "region ops and values of enclosing levels in a nest",
    args: ["--loop-invariant-code-motion"],
    input: `func.func @h(%lb: index, %ub: index, %s: index, %c: i1, %x: i32) {
  scf.for %i = %lb to %ub step %s {
    %a = arith.index_cast %i : index to i32
    scf.for %j = %lb to %ub step %s {
      %b = arith.index_cast %j : index to i32
      scf.for %k = %lb to %ub step %s {
        %p = arith.muli %a, %a : i32
        %q = arith.addi %b, %x : i32
        %r = scf.if %c -> i32 {
          %z = arith.muli %x, %x : i32
          %y = arith.addi %z, %z : i32
          scf.yield %y : i32
        } else {
          scf.yield %x : i32
        }
        %t = scf.if %c -> i32 {
          %z = arith.muli %b, %x : i32
          scf.yield %z : i32
        } else {
          %w = arith.index_cast %k : index to i32
          scf.yield %w : i32
        }
        %u = scf.if %c -> i32 {
          %z = arith.muli %a, %b : i32
          scf.yield %z : i32
        } else {
          scf.yield %x : i32
        }
        %v = arith.addi %p, %q : i32
        %m = arith.addi %v, %u : i32
      }
    }
  }
  return
}
`,
  },
];

testOptCases(CASES);
