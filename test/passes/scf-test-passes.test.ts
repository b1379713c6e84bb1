// MLIR's SCF test passes (test-scf-uplift-while-to-for, test-wrap-scf-while-
// loop-in-zero-trip-check, test-scf-for-utils, test-scf-if-utils, test-scf-
// while-op-builder and the diagnostics of test-scf-parallel-loop-collapsing)
// against MLIR 22: each case runs scf-opt in-process and compares stdout,
// stderr and the exit code with mlir-opt 22's for the same input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "test-scf-uplift-while-to-for: forwarded arguments in any order, swapped sgt, other shapes left alone",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-uplift-while-to-for))", "--split-input-file", "--allow-unregistered-dialect"],
    input: `func.func @p1(%lb: index, %ub: index, %s: index, %x: i32, %y: f32) -> (f32, i32, index) {
  %0:3 = scf.while (%a = %x, %iv = %lb, %b = %y) : (i32, index, f32) -> (f32, i32, index) {
    %1 = arith.cmpi slt, %iv, %ub : index
    scf.condition(%1) %b, %a, %iv : f32, i32, index
  } do {
  ^bb0(%b2: f32, %a2: i32, %iv2: index):
    %n = "test.next"(%a2, %b2, %iv2) : (i32, f32, index) -> i32
    %m = "test.other"(%b2) : (f32) -> f32
    %added = arith.addi %iv2, %s : index
    scf.yield %n, %added, %m : i32, index, f32
  }
  return %0#0, %0#1, %0#2 : f32, i32, index
}
// -----
func.func @dup(%lb: index, %ub: index, %s: index, %x: i32) -> (index, index) {
  %0:2 = scf.while (%iv = %lb, %a = %x) : (index, i32) -> (index, index) {
    %1 = arith.cmpi slt, %iv, %ub : index
    scf.condition(%1) %iv, %iv : index, index
  } do {
  ^bb0(%i2: index, %i3: index):
    %added = arith.addi %i2, %s : index
    %c = arith.constant 0 : i32
    scf.yield %added, %c : index, i32
  }
  return %0#0, %0#1 : index, index
}
// -----
func.func @fewer(%lb: index, %ub: index, %s: index, %x: i32) -> (index) {
  %0 = scf.while (%iv = %lb, %a = %x) : (index, i32) -> (index) {
    %1 = arith.cmpi slt, %iv, %ub : index
    scf.condition(%1) %iv : index
  } do {
  ^bb0(%i2: index):
    %added = arith.addi %i2, %s : index
    %c = arith.constant 0 : i32
    scf.yield %added, %c : index, i32
  }
  return %0 : index
}
// -----
func.func @p2(%lb: index, %ub: index, %s: index, %x: i32, %y: i32) -> (i32, index, i32) {
  %0:3 = scf.while (%iv = %lb, %a = %x, %b = %y) : (index, i32, i32) -> (i32, index, i32) {
    %1 = arith.cmpi sgt, %ub, %iv : index
    scf.condition(%1) %b, %iv, %a : i32, index, i32
  } do {
  ^bb0(%b2: i32, %iv2: index, %a2: i32):
    %added = arith.addi %s, %iv2 : index
    scf.yield %added, %b2, %a2 : index, i32, i32
  }
  return %0#0, %0#1, %0#2 : i32, index, i32
}
`,
  },
  {
    name: "test-wrap-scf-while-loop-in-zero-trip-check: rotation as a pattern, folding included (clones report their nested ops)",
    args: ["--test-wrap-scf-while-loop-in-zero-trip-check"],
    input: `func.func @f(%a: f16, %s: index) -> f16 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %h = arith.constant 0.0 : f16
  %r:2 = scf.while (%i = %c0, %v = %a) : (i32, f16) -> (i32, f16) {
    %sw = scf.index_switch %s -> f16
    case 3 {
      %x = arith.extf %h : f16 to f32
      vector.print %x : f32
      scf.yield %v : f16
    }
    default {
      scf.yield %h : f16
    }
    %c = arith.cmpi slt, %i, %c4 : i32
    scf.condition(%c) %i, %sw : i32, f16
  } do {
  ^bb0(%j: i32, %w: f16):
    %k = arith.addi %j, %c1 : i32
    scf.yield %k, %w : i32, f16
  }
  %y = arith.extf %h : f16 to f32
  vector.print %y : f32
  return %r#1 : f16
}
`,
  },
  {
    name: "test-wrap-scf-while-loop-in-zero-trip-check: nested loops, default",
    args: ["--test-wrap-scf-while-loop-in-zero-trip-check"],
    input: `func.func @nested(%a: f16, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %h = arith.constant 0.0 : f16
  %r:2 = scf.while (%i = %c0, %v = %a) : (i32, f16) -> (i32, f16) {
    %t = arith.cmpi slt, %c0, %n : i32
    %e = scf.if %t -> f32 {
      %x = arith.extf %h : f16 to f32
      scf.yield %x : f32
    } else {
      %y = arith.extf %v : f16 to f32
      scf.yield %y : f32
    }
    vector.print %e : f32
    %c = arith.cmpi slt, %i, %c4 : i32
    scf.condition(%c) %i, %v : i32, f16
  } do {
  ^bb0(%j: i32, %w: f16):
    %k = arith.addi %j, %c1 : i32
    %inner:2 = scf.while (%p = %c0, %q = %w) : (i32, f16) -> (i32, f16) {
      %d = arith.cmpi slt, %p, %j : i32
      scf.condition(%d) %p, %q : i32, f16
    } do {
    ^bb0(%p2: i32, %q2: f16):
      %p3 = arith.addi %p2, %c1 : i32
      scf.yield %p3, %q2 : i32, f16
    }
    scf.yield %k, %inner#1 : i32, f16
  }
  %z = arith.extf %r#1 : f16 to f32
  return %z : f32
}
`,
  },
  {
    name: "test-wrap-scf-while-loop-in-zero-trip-check: nested loops, forced",
    args: ["--test-wrap-scf-while-loop-in-zero-trip-check=force-create-check=true"],
    input: `func.func @nested(%a: f16, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %h = arith.constant 0.0 : f16
  %r:2 = scf.while (%i = %c0, %v = %a) : (i32, f16) -> (i32, f16) {
    %t = arith.cmpi slt, %c0, %n : i32
    %e = scf.if %t -> f32 {
      %x = arith.extf %h : f16 to f32
      scf.yield %x : f32
    } else {
      %y = arith.extf %v : f16 to f32
      scf.yield %y : f32
    }
    vector.print %e : f32
    %c = arith.cmpi slt, %i, %c4 : i32
    scf.condition(%c) %i, %v : i32, f16
  } do {
  ^bb0(%j: i32, %w: f16):
    %k = arith.addi %j, %c1 : i32
    %inner:2 = scf.while (%p = %c0, %q = %w) : (i32, f16) -> (i32, f16) {
      %d = arith.cmpi slt, %p, %j : i32
      scf.condition(%d) %p, %q : i32, f16
    } do {
    ^bb0(%p2: i32, %q2: f16):
      %p3 = arith.addi %p2, %c1 : i32
      scf.yield %p3, %q2 : i32, f16
    }
    scf.yield %k, %inner#1 : i32, f16
  }
  %z = arith.extf %r#1 : f16 to f32
  return %z : f32
}
`,
  },
  {
    name: "test-scf-for-utils: trip counts of every loop-like op",
    args: ["--test-scf-for-utils"],
    input: `func.func @f(%c: i1, %n: index, %m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f0 = arith.constant 0.0 : f32
  %w = scf.while (%x = %c0) : (index) -> index {
    scf.condition(%c) %x : index
  } do {
  ^bb0(%y: index):
    scf.yield %y : index
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %n) step (%c1, %c1) {
    scf.reduce
  }
  scf.forall (%i) in (4) {
  }
  scf.forall (%i, %j) in (4, 5) {
  }
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %f0) -> f32 {
    %r2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%b = %a) -> f32 {
      %v = memref.load %m[%j] : memref<4xf32>
      %s = arith.addf %b, %v : f32
      scf.yield %s : f32
    }
    scf.yield %r2 : f32
  }
  return %r : f32
}
`,
  },
  {
    name: "test-scf-for-utils: replace-with-new-yields (nested loops, attributes kept, init uses replaced)",
    args: ["--test-scf-for-utils=test-replace-with-new-yields"],
    input: `func.func @floats(%m: memref<4xf32>, %init: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init, %b = %init) -> (f32, f32) {
    %v = memref.load %m[%i] : memref<4xf32>
    %s = arith.addf %a, %v : f32
    scf.yield %s, %init : f32, f32
  } {tag = "keep"}
  %e = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (f32) {
    scf.yield %a : f32
  }
  %u = scf.for unsigned %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (f32) {
    %n = scf.for %j = %c0 to %c4 step %c1 iter_args(%x = %a) -> (f32) {
      scf.yield %x : f32
    }
    scf.yield %n : f32
  }
  return %r#0, %u : f32, f32
}
`,
  },
  {
    name: "test-scf-for-utils: replace-with-new-yields on integers makes invalid arith.addf",
    args: ["--test-scf-for-utils=test-replace-with-new-yields"],
    input: `func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> i32 {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  return %r : i32
}
`,
  },
  {
    name: "test-scf-if-utils: then and else regions outlined before the enclosing function",
    args: ["--test-scf-if-utils", "--split-input-file", "--allow-unregistered-dialect"],
    input: `func.func @outline_if_else(%cond: i1, %a: index, %b: memref<?xf32>, %c: i8) {
  %r = scf.if %cond -> (i8) {
    %r = "some_op"(%cond, %b) : (i1, memref<?xf32>) -> (i8)
    scf.yield %r : i8
  } else {
    scf.yield %c : i8
  }
  return
}

// -----

func.func @outline_if(%cond: i1, %a: index, %b: memref<?xf32>, %c: i8) {
  scf.if %cond {
    "some_op"(%cond, %b) : (i1, memref<?xf32>) -> ()
    scf.yield
  }
  return
}

// -----

func.func @outline_empty_if_else(%cond: i1, %a: index, %b: memref<?xf32>, %c: i8) {
  scf.if %cond {
  } else {
    "some_op"(%cond, %b) : (i1, memref<?xf32>) -> ()
  }
  return
}

// -----

func.func @nested(%cond: i1, %a: index, %b: memref<?xf32>, %c: i8) -> i8 {
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : i32
  %r = scf.if %cond -> (i8) {
    %x = scf.if %cond -> (i8) {
      %v = "some_op"(%a, %c5, %c6) : (index, index, i32) -> (i8)
      scf.yield %v : i8
    } else {
      scf.for %i = %c5 to %a step %c5 {
        "use"(%i, %c, %b, %c5) : (index, i8, memref<?xf32>, index) -> ()
      }
      scf.yield %c : i8
    }
    scf.yield %x : i8
  } else {
    scf.yield %c : i8
  }
  return %r : i8
}
// -----
func.func @two(%cond: i1, %c: i8) -> (i8, i8) {
  %r = scf.if %cond -> (i8) { scf.yield %c : i8 } else { scf.yield %c : i8 }
  %s = scf.if %cond -> (i8) { scf.yield %c : i8 } else { scf.yield %c : i8 }
  return %r, %s : i8, i8
}
func.func @three(%cond: i1, %c: i8) -> (i8) {
  %r = scf.if %cond -> (i8) { scf.yield %c : i8 } else { scf.yield %c : i8 }
  return %r : i8
}
`,
  },
  {
    name: "test-scf-while-op-builder: nested loops, reordered results",
    args: ["--test-scf-while-op-builder"],
    input: `func.func @nested(%a: i32, %b: f32) -> (i32, f32) {
  %c10 = arith.constant 10 : i32
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, f32) -> (f32, i32) {
    %c = arith.cmpi slt, %x, %c10 : i32
    scf.condition(%c) %y, %x : f32, i32
  } do {
  ^bb0(%p: f32, %q: i32):
    %in = scf.while (%z = %q) : (i32) -> i32 {
      %d = arith.cmpi slt, %z, %c10 : i32
      scf.condition(%d) %z : i32
    } do {
    ^bb0(%w: i32):
      scf.yield %w : i32
    }
    scf.yield %in, %p : i32, f32
  }
  return %r#1, %r#0 : i32, f32
}
`,
  },
  {
    name: "test-scf-parallel-loop-collapsing: no indices",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
func.func @dyn(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  scf.parallel (%i0, %i1, %i2) = (%a, %b, %c) to (%d, %e, %f) step (%a, %b, %c) {
    %result = "magic.op"(%i0, %i1, %i2): (index, index, index) -> index
    scf.reduce
  }
  return
}
`,
  },
  {
    name: "test-scf-parallel-loop-collapsing: indices 1 without 0",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-1=1}))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
func.func @dyn(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  scf.parallel (%i0, %i1, %i2) = (%a, %b, %c) to (%d, %e, %f) step (%a, %b, %c) {
    %result = "magic.op"(%i0, %i1, %i2): (index, index, index) -> index
    scf.reduce
  }
  return
}
`,
  },
  {
    name: "test-scf-parallel-loop-collapsing: indices 2 without 1",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-0=1  collapsed-indices-2=2}))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
func.func @dyn(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  scf.parallel (%i0, %i1, %i2) = (%a, %b, %c) to (%d, %e, %f) step (%a, %b, %c) {
    %result = "magic.op"(%i0, %i1, %i2): (index, index, index) -> index
    scf.reduce
  }
  return
}
`,
  },
  {
    name: "test-scf-parallel-loop-collapsing: indices not from 0",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-0=1  collapsed-indices-1=2}))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
func.func @dyn(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  scf.parallel (%i0, %i1, %i2) = (%a, %b, %c) to (%d, %e, %f) step (%a, %b, %c) {
    %result = "magic.op"(%i0, %i1, %i2): (index, index, index) -> index
    scf.reduce
  }
  return
}
`,
  },
  {
    name: "test-scf-parallel-loop-collapsing: indices with a gap",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-0=0  collapsed-indices-1=2}))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
func.func @dyn(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  scf.parallel (%i0, %i1, %i2) = (%a, %b, %c) to (%d, %e, %f) step (%a, %b, %c) {
    %result = "magic.op"(%i0, %i1, %i2): (index, index, index) -> index
    scf.reduce
  }
  return
}
`,
  },
  {
    name: "test-scf-parallel-loop-collapsing: not a number",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-0=x}))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
func.func @dyn(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  scf.parallel (%i0, %i1, %i2) = (%a, %b, %c) to (%d, %e, %f) step (%a, %b, %c) {
    %result = "magic.op"(%i0, %i1, %i2): (index, index, index) -> index
    scf.reduce
  }
  return
}
`,
  },
  {
    name: "test-scf-parallel-loop-collapsing: loops of another rank are reported, not changed",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-0=0,1,2}))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
`,
  },
];

testOptCases(CASES);
