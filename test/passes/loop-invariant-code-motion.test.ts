// loop-invariant-code-motion against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with what /usr/lib/llvm-22/bin/mlir-opt
// printed (written here literally).

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
    stdout: `module {
  func.func @f(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32, %arg5: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3_i32 = arith.constant 3 : i32
    %0 = arith.addi %arg3, %arg4 : i32
    %1 = arith.muli %0, %0 : i32
    %2 = arith.divsi %arg3, %c3_i32 : i32
    %dim = memref.dim %arg5, %c1 : memref<?x?xf32>
    scf.for %arg6 = %arg0 to %arg1 step %arg2 {
      %3 = arith.divsi %arg3, %arg4 : i32
      %4 = arith.addi %1, %3 : i32
      %5 = memref.load %arg5[%c0, %c0] : memref<?x?xf32>
      %6 = arith.index_cast %arg6 : index to i32
      %7 = arith.addi %6, %2 : i32
    }
    return
  }
}

`,
    stderr: ``,
    code: 0,
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
    stdout: `module {
  func.func @g(%arg0: i1, %arg1: i32) -> i32 {
    %0 = arith.addi %arg1, %arg1 : i32
    %1 = scf.if %arg0 -> (i32) {
      %3 = arith.muli %arg1, %arg1 : i32
      scf.yield %3 : i32
    } else {
      scf.yield %arg1 : i32
    }
    %2 = scf.while (%arg2 = %arg1) : (i32) -> i32 {
      %3 = arith.addi %arg2, %1 : i32
      scf.condition(%arg0) %3 : i32
    } do {
    ^bb0(%arg2: i32):
      scf.yield %arg2 : i32
    }
    return %2 : i32
  }
}

`,
    stderr: ``,
    code: 0,
  },
];

testOptCases(CASES);
