// inline against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with mlir-opt 22's for the same input, run
// live.

import { testOptCases, type OptCase } from '../opt-cases.js';
import { TEST_REGION_OP_MODULE } from './test-region-op-input.js';

const CASES: OptCase[] = [
  {
    name: "single- and multi-block callees without the optimizer pipeline",
    args: ["--pass-pipeline=builtin.module(inline{default-pipeline=})"],
    input: `func.func private @unused(%a: i32) -> i32 {
  return %a : i32
}
func.func private @callee(%a: i32, %c: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  cf.cond_br %c, ^bb1, ^bb2(%0 : i32)
^bb1:
  return %a : i32
^bb2(%x: i32):
  return %x : i32
}
func.func private @simple(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.muli %a, %c2 : i32
  return %0 : i32
}
func.func @caller(%a: i32, %c: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %x = arith.addi %a, %c0 : i32
  %0 = call @simple(%x) : (i32) -> i32
  %1 = call @callee(%0, %c) : (i32, i1) -> i32
  %2 = arith.addi %1, %0 : i32
  return %2 : i32
}
func.func @rec(%a: i32) -> i32 {
  %0 = call @rec(%a) : (i32) -> i32
  return %0 : i32
}
`,
  },
  {
    name: "inlining then canonicalize; illegal, no_inline, recursive and multi-block-in-scf calls stay",
    args: ["--allow-unregistered-dialect", "--inline"],
    input: `func.func private @f(%a: index) -> index {
  %c2 = arith.constant 2 : index
  %0 = arith.muli %a, %c2 : index
  return %0 : index
}
func.func private @multi(%a: index, %c: i1) -> index {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : index
^bb2:
  %c1 = arith.constant 1 : index
  return %c1 : index
}
func.func private @noinl(%a: index) -> index attributes {no_inline} {
  return %a : index
}
func.func private @unknown(%a: index) -> index {
  %0 = "foo.bar"(%a) : (index) -> index
  return %0 : index
}
func.func private @decl(index) -> index
func.func @caller(%lb: index, %ub: index, %c: i1, %m: memref<?xindex>) {
  %s = arith.constant 1 : index
  scf.for %i = %lb to %ub step %s {
    %0 = func.call @f(%i) : (index) -> index
    %1 = scf.if %c -> index {
      %2 = func.call @multi(%0, %c) : (index, i1) -> index
      scf.yield %2 : index
    } else {
      %3 = func.call @noinl(%0) : (index) -> index
      scf.yield %3 : index
    }
    %4 = func.call @unknown(%1) : (index) -> index
    %5 = func.call @decl(%4) : (index) -> index
    memref.store %5, %m[%i] : memref<?xindex>
  }
  return
}
func.func @a(%x: i32) -> i32 {
  %0 = call @b(%x) : (i32) -> i32
  return %0 : i32
}
func.func @b(%x: i32) -> i32 {
  %0 = call @a(%x) : (i32) -> i32
  return %0 : i32
}
`,
  },
  {
    name: "the inliner needs a symbol table",
    args: ["--pass-pipeline=builtin.module(func.func(inline))"],
    input: `func.func @f() {
  return
}
`,
  },
  {
    name: 'inline: symbol uses are counted through an unregistered one-region op of a loaded dialect (test.*), so the dead private callee goes',
    args: ['--allow-unregistered-dialect', '--inline'],
    input: TEST_REGION_OP_MODULE,
  },
  {
    name: 'inline: inlined ops, nested ops and block arguments take callsite locations, stacked through earlier inlining; an unknown call location leaves them',
    args: ['--inline', '--mlir-print-debuginfo', '--mlir-print-local-scope'],
    input: `func.func private @leaf(%x: i32) -> i32 {
  %c = arith.constant 3 : i32 loc("leaf.c":1:1)
  %s = arith.addi %x, %c : i32 loc(fused["leaf.add":2:2, "other":9:9])
  return %s : i32 loc("leaf.ret":3:3)
}
func.func private @mid(%x: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %v = func.call @leaf(%acc) : (i32) -> i32 loc("mid.call":4:4)
    scf.yield %v : i32
  } loc("mid.for":5:5)
  %w = scf.execute_region -> i32 {
    cf.br ^bb1(%r : i32)
  ^bb1(%a: i32 loc("mid.arg":6:6)):
    scf.yield %a : i32
  }
  return %w : i32
}
func.func @top(%x: i32, %n: index) -> (i32, i32) {
  %a = func.call @mid(%x, %n) : (i32, index) -> i32 loc(callsite("top.inner":7:7 at "top.outer":8:8))
  %b = func.call @leaf(%x) : (i32) -> i32 loc(unknown)
  return %a, %b : i32, i32
}
`,
  },
  {
    name: 'inline: affine ops inline only into an affine scope (a function body), not into a loop body',
    args: ['--inline'],
    input: `#map = affine_map<(d0)[s0] -> (d0 + s0)>
func.func private @callee(%i: index, %n: index) -> index {
  %a = affine.apply #map(%i)[%n]
  %m = affine.min affine_map<(d0) -> (d0, 16)>(%a)
  return %m : index
}
func.func @caller(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %direct = func.call @callee(%c0, %n) : (index, index) -> index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %direct) -> (index) {
    %v = func.call @callee(%i, %acc) : (index, index) -> index
    scf.yield %v : index
  }
  return %r : index
}
`,
  },
];

testOptCases(CASES);
