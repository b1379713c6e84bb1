// --canonicalize against MLIR 22: each case runs scf-opt in-process and
// compares stdout, stderr and the exit code with mlir-opt 22's for the same
// input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    // The constant replacing a comparison in the after region is built where
    // the rewriter stands (before the loop), at the comparison's location.
    name: 'scf.while: WhileCmpCond places its constant before the loop',
    args: ['--canonicalize', '--mlir-print-debuginfo'],
    input: `func.func @w(%x: i32, %y: i32, %m: memref<?xi1>) -> i32 {
  %u = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi ne, %a, %y : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%p: i32):
    %c2 = arith.cmpi eq, %p, %y : i32
    %c0 = arith.constant 0 : index
    memref.store %c2, %m[%c0] : memref<?xi1>
    %p1 = arith.addi %p, %x : i32
    scf.yield %p1 : i32
  }
  return %u : i32
}
`,
  },
  {
    name: "arith: reassociation, ext/trunc combos, select, cmpf of int-to-fp, negf pairs",
    args: ['--canonicalize'],
    input: `func.func @reassoc(%x: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %x, %c1 overflow<nsw> : i32
  %1 = arith.addi %0, %c5 overflow<nsw> : i32
  %2 = arith.subi %c5, %x : i32
  %3 = arith.subi %c1, %2 : i32
  %4 = arith.muli %x, %c5 : i32
  %5 = arith.muli %4, %c5 : i32
  return %1, %3, %5 : i32, i32, i32
}
func.func @exts(%a: i8, %b: i8, %c: i1) -> (i1, i16, i64, i32) {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.extsi %b : i8 to i32
  %2 = arith.cmpi eq, %0, %1 : i32
  %3 = arith.andi %0, %1 : i32
  %4 = arith.trunci %3 : i32 to i16
  %5 = arith.extui %c : i1 to i8
  %6 = arith.extsi %5 : i8 to i64
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %7 = arith.select %c, %c1, %c0 : i32
  return %2, %4, %6, %7 : i1, i16, i64, i32
}
func.func @cmpf(%a: i32, %b: i8) -> (i1, i1, i1) {
  %cst = arith.constant 4.5 : f64
  %0 = arith.sitofp %a : i32 to f64
  %1 = arith.cmpf olt, %0, %cst : f64
  %2 = arith.uitofp %b : i8 to f64
  %big = arith.constant 300.0 : f64
  %3 = arith.cmpf ogt, %2, %big : f64
  %4 = arith.cmpf uno, %0, %cst : f64
  return %1, %3, %4 : i1, i1, i1
}
func.func @negs(%x: f32, %y: f32, %p: i1, %q: i1) -> (f32, i1) {
  %0 = arith.negf %x : f32
  %1 = arith.negf %y : f32
  %2 = arith.mulf %0, %1 fastmath<fast> : f32
  %true = arith.constant true
  %n = arith.xori %p, %true : i1
  %3 = arith.select %n, %p, %q : i1
  return %2, %3 : f32, i1
}
`,
  },
  {
    name: "cf: merging single-predecessor blocks, identical successors, pass-through branches, switches",
    args: ['--canonicalize'],
    input: `func.func @br(%a: i32, %c: i1, %f: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  cf.cond_br %c, ^bb2(%x : i32), ^bb2(%f : i32)
^bb2(%y: i32):
  cf.br ^bb3
^bb3:
  return %y : i32
}
func.func @passthrough(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  return %r : i32
}
func.func @switch(%f: i32, %a: i32) -> i32 {
  %c = arith.constant 2 : i32
  cf.switch %c : i32, [
    default: ^bb1(%a : i32),
    2: ^bb2
  ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    7: ^bb1(%a : i32),
    9: ^bb3
  ]
^bb3:
  return %f : i32
}
`,
  },
  {
    name: "index: checked constant folds, identities, cmp of max, reassociation",
    args: ['--canonicalize'],
    input: `func.func @f(%a: index) -> (index, index, i1, i1, index) {
  %c0 = index.constant 0
  %c3 = index.constant 3
  %c4 = index.constant 4
  %0 = index.add %a, %c3
  %1 = index.add %0, %c4
  %2 = index.mul %a, %c0
  %3 = index.sub %a, %c3
  %4 = index.cmp slt(%3, %c0)
  %5 = index.maxs %a, %c3
  %6 = index.cmp sgt(%5, %c0)
  %7 = index.divu %c4, %c3
  return %1, %2, %4, %6, %7 : index, index, i1, i1, index
}
`,
  },
  {
    name: "scf.for: zero/one-iteration loops, lb == ub, loops yielding outside values",
    args: ['--canonicalize'],
    input: `func.func @f(%a: i32, %lb: index, %ub: index) -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c1 step %c4 iter_args(%x = %a) -> i32 {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  %r2 = scf.for %i = %c1 to %c0 step %c4 iter_args(%x = %a) -> i32 {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  %r3 = scf.for %i = %lb to %lb step %c4 iter_args(%x = %a) -> i32 {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  %b = arith.constant 7 : i32
  %r4 = scf.for %i = %lb to %ub step %c4 iter_args(%x = %a) -> i32 {
    scf.yield %b : i32
  }
  return %r, %r2, %r3, %r4 : i32, i32, i32, i32
}
`,
  },
  {
    name: "scf.forall and scf.for: static bounds, single-iteration dims, step zero",
    args: ['--canonicalize'],
    input: `func.func @a(%n: index) {
  %x = arith.constant 0 : index
  scf.forall (%i) = (0) to (1) step (%x) {
    vector.print %i : index
  }
  return
}
func.func @b(%n: index) {
  %x = arith.constant 0 : index
  scf.forall (%i) = (0) to (%n) step (%x) {
    vector.print %i : index
  }
  return
}
func.func @c(%n: index) {
  %x = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  scf.for %i = %c0 to %c1 step %x {
    vector.print %i : index
  }
  return
}
func.func @d(%n: index) {
  %c3 = arith.constant 3 : index
  scf.forall (%i, %j) = (0, 2) to (%n, 3) step (%c3, 1) {
    vector.print %i : index
    vector.print %j : index
  }
  return
}
`,
  },
  {
    name: "scf.if: select conversion, condition propagation, nested and adjacent ifs, empty else",
    args: ['--canonicalize'],
    input: `func.func @if_select(%c: i1, %a: i32, %b: i32) -> (i32, i1, i32) {
  %true = arith.constant true
  %false = arith.constant false
  %0:3 = scf.if %c -> (i32, i1, i32) {
    scf.yield %a, %true, %b : i32, i1, i32
  } else {
    scf.yield %b, %false, %b : i32, i1, i32
  }
  return %0#0, %0#1, %0#2 : i32, i1, i32
}
func.func @nested_and_combine(%c: i1, %d: i1, %m: memref<i32>) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.if %c {
    scf.if %d {
      memref.store %c1, %m[] : memref<i32>
    }
  }
  scf.if %c {
    memref.store %c2, %m[] : memref<i32>
  } else {
  }
  scf.if %c {
    memref.store %c1, %m[] : memref<i32>
  }
  return
}
func.func @cond_prop(%c: i1, %m: memref<i1>) {
  scf.if %c {
    memref.store %c, %m[] : memref<i1>
  } else {
    memref.store %c, %m[] : memref<i1>
  }
  return
}
`,
  },
  {
    name: "scf.parallel: nested loops merged, single-iteration dims dropped",
    args: ['--canonicalize'],
    input: `func.func @par(%m: memref<?x?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j, %k) = (%c0, %c1) to (%n, %c4) step (%c1, %c4) {
      %v = memref.load %m[%i, %j, %k] : memref<?x?x?xf32>
      memref.store %v, %m[%k, %j, %i] : memref<?x?x?xf32>
    }
  }
  return
}
`,
  },
  {
    name: "scf.while, scf.index_switch, scf.execute_region: dead and forwarded values",
    args: ['--canonicalize'],
    input: `func.func @while_dead(%a: i32, %b: i32, %n: i32) -> i32 {
  %0:3 = scf.while (%x = %a, %y = %b, %z = %a) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi slt, %x, %n : i32
    scf.condition(%c) %x, %y, %z : i32, i32, i32
  } do {
  ^bb0(%x2: i32, %y2: i32, %z2: i32):
    %c2 = arith.cmpi slt, %x2, %n : i32
    %s = arith.select %c2, %x2, %y2 : i32
    %x3 = arith.addi %s, %x2 : i32
    scf.yield %x3, %y2, %z2 : i32, i32, i32
  }
  return %0#0 : i32
}
func.func @switch(%i: index, %m: memref<i32>) -> i32 {
  %c2 = arith.constant 2 : index
  %0, %1 = scf.index_switch %i -> i32, i32
  case 1 {
    %c10 = arith.constant 10 : i32
    memref.store %c10, %m[] : memref<i32>
    scf.yield %c10, %c10 : i32, i32
  }
  default {
    %c11 = arith.constant 11 : i32
    scf.yield %c11, %c11 : i32, i32
  }
  %2 = scf.index_switch %c2 -> i32
  case 2 {
    %c7 = arith.constant 7 : i32
    scf.yield %c7 : i32
  }
  default {
    %c8 = arith.constant 8 : i32
    scf.yield %c8 : i32
  }
  %3 = arith.addi %1, %2 : i32
  return %3 : i32
}
func.func @region(%m: memref<i32>) -> i32 {
  %0 = scf.execute_region -> i32 {
    %c = arith.constant 3 : i32
    memref.store %c, %m[] : memref<i32>
    scf.yield %c : i32
  }
  %1:2 = scf.execute_region -> (i32, i32) no_inline {
    %c = arith.constant 4 : i32
    memref.store %c, %m[] : memref<i32>
    scf.yield %c, %c : i32, i32
  }
  %2 = arith.addi %0, %1#0 : i32
  return %2 : i32
}
`,
  },
  {
    // MultiBlockExecuteInliner inlines into any FunctionOpInterface op, so
    // into an llvm.func too. (cf.assert loads the cf dialect: without it,
    // MLIR 22 builds cf.br of an unloaded dialect and prints it generically.)
    name: 'scf.execute_region: a multi-block region is inlined into an llvm.func',
    args: ['--canonicalize'],
    input: `llvm.func @g(%c: i1) {
  cf.assert %c, "c"
  llvm.return
}
llvm.func @f(%c: i1, %p: !llvm.ptr, %x: i64) -> i64 {
  %r = scf.execute_region -> i64 {
    llvm.cond_br %c, ^bb1, ^bb2
  ^bb1:
    llvm.store %x, %p : i64, !llvm.ptr
    scf.yield %x : i64
  ^bb2:
    %z = llvm.mlir.constant(0 : i64) : i64
    scf.yield %z : i64
  }
  llvm.return %r : i64
}
`,
  },
];

testOptCases(CASES);
