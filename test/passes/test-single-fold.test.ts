// --test-single-fold (MLIR's TestSingleFold pass over an OperationFolder) and
// the arith extended-arithmetic folds (mulsi/mului_extended, addui_extended).
// Every expected output is mlir-opt 22's for the same input, run live.

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
  },
  {
    // MLIR's tryGetOrCreateConstant: a constant made for a math fold is an
    // arith.constant, known under both dialects; the original arith.constant
    // 0 then folds to it (moving it to the block's front) instead of making
    // its own.
    name: 'test-single-fold: a constant made for another dialect is reused by a later arith.constant fold',
    args: ['--test-single-fold'],
    input: `func.func @f() -> (i64, i64) {
  %c = arith.constant -3 : i64
  %z = arith.constant 0 : i64
  %p = arith.constant 5 : i64
  %m = arith.constant -9223372036854775808 : i64
  %h = math.ctlz %p : i64
  %i = math.ipowi %c, %c : i64
  return %h, %i : i64, i64
}
`,
  },
];

testOptCases(CASES);
