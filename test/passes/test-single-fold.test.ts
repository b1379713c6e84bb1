// --test-single-fold (MLIR's TestSingleFold pass over an OperationFolder) and
// the arith extended-arithmetic folds (mulsi/mului_extended, addui_extended).
// Every expected output is what /usr/lib/llvm-22/bin/mlir-opt printed for the
// same input.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "test-single-fold: folds once in reverse order, uniques and hoists constants, erases the unused ones",
    args: ["--test-single-fold","--mlir-print-debuginfo"],
    input: `func.func @f(%x: i32) -> (i32, i32, i32) {
  %a = arith.addi %x, %x : i32
  %c1 = arith.constant 1 : i32 loc("c1")
  %b = arith.muli %a, %c1 : i32
  %c2 = arith.constant 2 : i32
  %c2b = arith.constant 2 : i32
  %d = arith.addi %c2, %c2b : i32
  %e = arith.addi %d, %x : i32
  %c3 = arith.constant 3 : i32
  return %b, %e, %c3 : i32, i32, i32
}
`,
    stdout: `#loc2 = loc("<stdin>":1:14)
module {
  func.func @f(%arg0: i32 loc("<stdin>":1:14)) -> (i32, i32, i32) {
    %c4_i32 = arith.constant 4 : i32 loc(#loc3)
    %c3_i32 = arith.constant 3 : i32 loc(#loc3)
    %0 = arith.addi %arg0, %arg0 : i32 loc(#loc4)
    %1 = arith.addi %c4_i32, %arg0 : i32 loc(#loc5)
    return %0, %1, %c3_i32 : i32, i32, i32 loc(#loc6)
  } loc(#loc1)
} loc(#loc)
#loc = loc("<stdin>":0:0)
#loc1 = loc("<stdin>":1:1)
#loc3 = loc(unknown)
#loc4 = loc("<stdin>":2:8)
#loc5 = loc("<stdin>":8:8)
#loc6 = loc("<stdin>":10:3)

`,
  },
  {
    name: "test-single-fold: constants go to the insertion region (not into a registered loop; into an unregistered op)",
    args: ["--allow-unregistered-dialect","--test-single-fold"],
    input: `func.func @f(%x: i32, %lb: index, %ub: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %x) -> i32 {
    %c7 = arith.constant 7 : i32
    %c3 = arith.constant 3 : i32
    %s = arith.addi %c7, %c3 : i32
    %t = arith.addi %acc, %s : i32
    scf.yield %t : i32
  }
  "foo.region"() ({
    %c9 = arith.constant 9 : i32
    %m = arith.muli %c9, %c9 : i32
    "foo.use"(%m) : (i32) -> ()
  }) : () -> ()
  %z = arith.subi %r, %r : i32
  return %z : i32
}
`,
    stdout: `module {
  func.func @f(%arg0: i32, %arg1: index, %arg2: index) -> i32 {
    %c1 = arith.constant 1 : index
    %c10_i32 = arith.constant 10 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = scf.for %arg3 = %arg1 to %arg2 step %c1 iter_args(%arg4 = %arg0) -> (i32) {
      %1 = arith.addi %arg4, %c10_i32 : i32
      scf.yield %1 : i32
    }
    "foo.region"() ({
      %c81_i32 = arith.constant 81 : i32
      "foo.use"(%c81_i32) : (i32) -> ()
    }) : () -> ()
    return %c0_i32 : i32
  }
}

`,
  },
  {
    name: "test-single-fold: the extended arithmetic folds (several results)",
    args: ["--test-single-fold"],
    input: `func.func @a(%x: i32) -> (i32, i32, i32, i1, i32, i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %cm = arith.constant -7 : i32
  %big = arith.constant 4000000000 : i32
  %l0, %h0 = arith.mulsi_extended %x, %c0 : i32
  %s0, %o0 = arith.addui_extended %x, %c0 : i32, i1
  %l1, %h1 = arith.mului_extended %cm, %big : i32
  %s1, %o1 = arith.addui_extended %big, %big : i32, i1
  return %l0, %h0, %s0, %o0, %l1, %h1, %s1, %o1 : i32, i32, i32, i1, i32, i32, i32, i1
}
func.func @b(%x: vector<2xi32>) -> (vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>) {
  %c = arith.constant dense<[3, -3]> : vector<2xi32>
  %d = arith.constant dense<[-2147483648, 7]> : vector<2xi32>
  %l, %h = arith.mulsi_extended %c, %d : vector<2xi32>
  %s, %o = arith.addui_extended %d, %d : vector<2xi32>, vector<2xi1>
  return %l, %h, %s, %o : vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>
}
`,
    stdout: `module {
  func.func @a(%arg0: i32) -> (i32, i32, i32, i1, i32, i32, i32, i1) {
    %c0_i32 = arith.constant 0 : i32
    %false = arith.constant false
    %c-294967303_i32 = arith.constant -294967303 : i32
    %c2064771072_i32 = arith.constant 2064771072 : i32
    %true = arith.constant true
    %c-589934592_i32 = arith.constant -589934592 : i32
    return %c0_i32, %c0_i32, %arg0, %false, %c2064771072_i32, %c-294967303_i32, %c-589934592_i32, %true : i32, i32, i32, i1, i32, i32, i32, i1
  }
  func.func @b(%arg0: vector<2xi32>) -> (vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>) {
    %cst = arith.constant dense<[-2, -1]> : vector<2xi32>
    %cst_0 = arith.constant dense<[-2147483648, -21]> : vector<2xi32>
    %cst_1 = arith.constant dense<[true, false]> : vector<2xi1>
    %cst_2 = arith.constant dense<[0, 14]> : vector<2xi32>
    return %cst_0, %cst, %cst_2, %cst_1 : vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>
  }
}

`,
  },
  {
    name: "canonicalize: the extended arithmetic folds",
    args: ["--canonicalize"],
    input: `func.func @a(%x: i32) -> (i32, i32, i32, i1, i32, i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %cm = arith.constant -7 : i32
  %big = arith.constant 4000000000 : i32
  %l0, %h0 = arith.mulsi_extended %x, %c0 : i32
  %s0, %o0 = arith.addui_extended %x, %c0 : i32, i1
  %l1, %h1 = arith.mului_extended %cm, %big : i32
  %s1, %o1 = arith.addui_extended %big, %big : i32, i1
  return %l0, %h0, %s0, %o0, %l1, %h1, %s1, %o1 : i32, i32, i32, i1, i32, i32, i32, i1
}
func.func @b(%x: vector<2xi32>) -> (vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>) {
  %c = arith.constant dense<[3, -3]> : vector<2xi32>
  %d = arith.constant dense<[-2147483648, 7]> : vector<2xi32>
  %l, %h = arith.mulsi_extended %c, %d : vector<2xi32>
  %s, %o = arith.addui_extended %d, %d : vector<2xi32>, vector<2xi1>
  return %l, %h, %s, %o : vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>
}
`,
    stdout: `module {
  func.func @a(%arg0: i32) -> (i32, i32, i32, i1, i32, i32, i32, i1) {
    %c0_i32 = arith.constant 0 : i32
    %false = arith.constant false
    %c2064771072_i32 = arith.constant 2064771072 : i32
    %c-294967303_i32 = arith.constant -294967303 : i32
    %c-589934592_i32 = arith.constant -589934592 : i32
    %true = arith.constant true
    return %c0_i32, %c0_i32, %arg0, %false, %c2064771072_i32, %c-294967303_i32, %c-589934592_i32, %true : i32, i32, i32, i1, i32, i32, i32, i1
  }
  func.func @b(%arg0: vector<2xi32>) -> (vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>) {
    %cst = arith.constant dense<[-2147483648, -21]> : vector<2xi32>
    %cst_0 = arith.constant dense<[-2, -1]> : vector<2xi32>
    %cst_1 = arith.constant dense<[0, 14]> : vector<2xi32>
    %cst_2 = arith.constant dense<[true, false]> : vector<2xi1>
    return %cst, %cst_0, %cst_1, %cst_2 : vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>
  }
}

`,
  },
  {
    name: "sccp: the extended arithmetic folds",
    args: ["--sccp"],
    input: `func.func @a(%x: i32) -> (i32, i32, i32, i1, i32, i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %cm = arith.constant -7 : i32
  %big = arith.constant 4000000000 : i32
  %l0, %h0 = arith.mulsi_extended %x, %c0 : i32
  %s0, %o0 = arith.addui_extended %x, %c0 : i32, i1
  %l1, %h1 = arith.mului_extended %cm, %big : i32
  %s1, %o1 = arith.addui_extended %big, %big : i32, i1
  return %l0, %h0, %s0, %o0, %l1, %h1, %s1, %o1 : i32, i32, i32, i1, i32, i32, i32, i1
}
func.func @b(%x: vector<2xi32>) -> (vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>) {
  %c = arith.constant dense<[3, -3]> : vector<2xi32>
  %d = arith.constant dense<[-2147483648, 7]> : vector<2xi32>
  %l, %h = arith.mulsi_extended %c, %d : vector<2xi32>
  %s, %o = arith.addui_extended %d, %d : vector<2xi32>, vector<2xi1>
  return %l, %h, %s, %o : vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>
}
`,
    stdout: `module {
  func.func @a(%arg0: i32) -> (i32, i32, i32, i1, i32, i32, i32, i1) {
    %true = arith.constant true
    %c-589934592_i32 = arith.constant -589934592 : i32
    %c-294967303_i32 = arith.constant -294967303 : i32
    %c2064771072_i32 = arith.constant 2064771072 : i32
    %false = arith.constant false
    %c-294967296_i32 = arith.constant -294967296 : i32
    %c-7_i32 = arith.constant -7 : i32
    %c5_i32 = arith.constant 5 : i32
    %c0_i32 = arith.constant 0 : i32
    %sum, %overflow = arith.addui_extended %arg0, %c0_i32 : i32, i1
    return %c0_i32, %c0_i32, %sum, %false, %c2064771072_i32, %c-294967303_i32, %c-589934592_i32, %true : i32, i32, i32, i1, i32, i32, i32, i1
  }
  func.func @b(%arg0: vector<2xi32>) -> (vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>) {
    %cst = arith.constant dense<[true, false]> : vector<2xi1>
    %cst_0 = arith.constant dense<[0, 14]> : vector<2xi32>
    %cst_1 = arith.constant dense<[-2, -1]> : vector<2xi32>
    %cst_2 = arith.constant dense<[-2147483648, -21]> : vector<2xi32>
    %cst_3 = arith.constant dense<[-2147483648, 7]> : vector<2xi32>
    %cst_4 = arith.constant dense<[3, -3]> : vector<2xi32>
    return %cst_2, %cst_1, %cst_0, %cst : vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi1>
  }
}

`,
  },
  {
    name: "test-single-fold: mulsi_extended(x, 1) does not fold in MLIR 22; constant operands do",
    args: ["--test-single-fold","--split-input-file"],
    input: `func.func @one(%x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %low, %high = arith.mulsi_extended %x, %c1 : i32
  return %low, %high : i32, i32
}
// -----
func.func @const() -> (i32, i32) {
  %c5 = arith.constant 5 : i32
  %c1 = arith.constant 1 : i32
  %low, %high = arith.mulsi_extended %c5, %c1 : i32
  return %low, %high : i32, i32
}
`,
    stdout: `module {
  func.func @one(%arg0: i32) -> (i32, i32) {
    %c1_i32 = arith.constant 1 : i32
    %low, %high = arith.mulsi_extended %arg0, %c1_i32 : i32
    return %low, %high : i32, i32
  }
}

// -----
module {
  func.func @const() -> (i32, i32) {
    %c5_i32 = arith.constant 5 : i32
    %c0_i32 = arith.constant 0 : i32
    return %c5_i32, %c0_i32 : i32, i32
  }
}

`,
  },
];

testOptCases(CASES);
