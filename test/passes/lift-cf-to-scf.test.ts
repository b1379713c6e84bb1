// lift-cf-to-scf against MLIR 22: each case runs scf-opt in-process and
// compares stdout, stderr and the exit code with mlir-opt 22's for the same
// input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    // The loop's latch branch, and so the scf.while built from it, is at the
    // back edge's location.
    name: 'locations: a lowered scf.for lifted back, with debug info',
    args: ['--convert-scf-to-cf', '--lift-cf-to-scf', '--mlir-print-debuginfo', '--mlir-print-local-scope'],
    input: `func.func @f(%c: i1, %x: i32, %n: index) -> i32 {
  %r = scf.if %c -> (i32) {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  } else {
    scf.yield %x : i32
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> (i32) {
    %b = arith.muli %acc, %acc : i32
    scf.yield %b : i32
  }
  return %s : i32
}
`,
  },
  {
    name: "scf.for with a nested scf.if, lowered by convert-scf-to-cf, lifts to scf.while with scf.if",
    args: ["--lift-cf-to-scf"],
    input: `func.func @f(%arg0: index, %arg1: i1, %arg2: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0, %arg2 : index, i32)
^bb1(%0: index, %1: i32):
  %2 = arith.cmpi slt, %0, %arg0 : index
  cf.cond_br %2, ^bb2, ^bb7
^bb2:
  cf.cond_br %arg1, ^bb3, ^bb4
^bb3:
  %3 = arith.addi %1, %1 : i32
  cf.br ^bb5(%3 : i32)
^bb4:
  cf.br ^bb5(%1 : i32)
^bb5(%4: i32):
  cf.br ^bb6
^bb6:
  %5 = arith.addi %0, %c1 : index
  cf.br ^bb1(%5, %4 : index, i32)
^bb7:
  return %1 : i32
}
`,
  },
  {
    name: "returns from inside a loop are combined into one exit",
    args: ["--lift-cf-to-scf"],
    input: `func.func @g(%n: i32, %x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^head(%c0 : i32)
^head(%i: i32):
  %done = arith.cmpi sge, %i, %n : i32
  cf.cond_br %done, ^out, ^body
^body:
  %hit = arith.cmpi eq, %i, %x : i32
  cf.cond_br %hit, ^found, ^next
^found:
  return %i : i32
^next:
  %j = arith.addi %i, %c1 : i32
  cf.br ^head(%j : i32)
^out:
  %m = arith.subi %c0, %c1 : i32
  return %m : i32
}
`,
  },
  {
    name: "cf.switch becomes scf.index_switch",
    args: ["--lift-cf-to-scf"],
    input: `func.func @s(%flag: i32, %a: f32, %b: f32) -> f32 {
  cf.switch %flag : i32, [
    default: ^d(%a : f32),
    3: ^c3,
    7: ^c7(%b : f32)
  ]
^c3:
  %s = arith.addf %a, %b : f32
  cf.br ^join(%s : f32)
^c7(%y: f32):
  %m = arith.mulf %y, %y : f32
  cf.br ^join(%m : f32)
^d(%z: f32):
  cf.br ^join(%z : f32)
^join(%r: f32):
  return %r : f32
}
`,
  },
  {
    name: "a cycle with two entries (irreducible) gets a multiplexer header",
    args: ["--lift-cf-to-scf"],
    input: `func.func @irr(%c: i1, %d: i1, %x: i64) -> i64 {
  cf.cond_br %c, ^a(%x : i64), ^b(%x : i64)
^a(%p: i64):
  %p1 = arith.addi %p, %p : i64
  cf.br ^b(%p1 : i64)
^b(%q: i64):
  %q1 = arith.muli %q, %q : i64
  cf.cond_br %d, ^a(%q1 : i64), ^exit
^exit:
  return %q1 : i64
}
`,
  },
  {
    name: "a loop without exit returns poison after it",
    args: ["--lift-cf-to-scf"],
    input: `func.func @inf(%m: memref<i32>) -> (i32, f32) {
  %c = arith.constant 1 : i32
  cf.br ^loop
^loop:
  memref.store %c, %m[] : memref<i32>
  cf.br ^loop
}
`,
  },
  {
    name: "structured input is left alone",
    args: ["--lift-cf-to-scf"],
    input: `func.func @one(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
`,
  },
  {
    name: "unreachable blocks are not supported",
    args: ["--lift-cf-to-scf"],
    input: `func.func @u(%a: i32) -> i32 {
  cf.br ^bb2
^bb1:
  return %a : i32
^bb2:
  return %a : i32
}
`,
  },
];

testOptCases(CASES);
