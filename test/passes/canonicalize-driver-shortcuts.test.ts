// Shortcuts of canonicalize's driver and region simplification (round 6):
// simplification skipped when the IR is unchanged since it last changed
// nothing, region DCE's deletion walk skipped when nothing is dead, unreachable
// blocks erased by the liveness walk as it enters each region, and the scf
// RegionBranch cleanups on edge lists with cheaper guards. Each case is run
// live against mlir-opt 22 (same output, same diagnostics).
import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: 'unreachable blocks: uses of reachable values, a nested multi-block region, an op in an unreachable block holding a region',
    args: ['--canonicalize', '--allow-unregistered-dialect'],
    input: `func.func @f(%a: i32, %c: i1) -> i32 {
  %one = arith.constant 1 : i32
  cf.br ^bb1
^bb1:
  %x = arith.addi %a, %one : i32
  %r = "test.region"() ({
    %z = arith.muli %x, %x : i32
    cf.br ^in1(%z : i32)
  ^dead(%q: i32):
    %w = arith.addi %q, %x : i32
    cf.br ^in1(%w : i32)
  ^in1(%v: i32):
    "test.yield"(%v) : (i32) -> ()
  }) : () -> i32
  return %r : i32
^bb9:
  %y = arith.subi %x, %a : i32
  %s = scf.if %c -> (i32) {
    scf.yield %y : i32
  } else {
    scf.yield %x : i32
  }
  cf.br ^bb10(%s : i32)
^bb10(%t: i32):
  return %t : i32
}
`,
  },
  {
    name: 'region DCE removes only dead block arguments (no op dead) and a dead cycle, then converges',
    args: ['--canonicalize'],
    input: `func.func @g(%n: i32, %c: i1) -> i32 {
  %z = arith.constant 0 : i32
  cf.br ^bb1(%z, %n : i32, i32)
^bb1(%i: i32, %unused: i32):
  %i2 = arith.addi %i, %n : i32
  cf.cond_br %c, ^bb1(%i2, %i2 : i32, i32), ^bb2
^bb2:
  return %i : i32
}
`,
  },
  {
    name: 'scf.for with bounds repeating a constant, duplicate and dead iter_args',
    args: ['--canonicalize'],
    input: `func.func private @use(i32)
func.func @h(%n: index, %x: i32, %y: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c1 to %n step %c1 iter_args(%a = %x, %b = %x, %d = %y) -> (i32, i32, i32) {
    %a2 = arith.addi %a, %a : i32
    %b2 = arith.addi %b, %b : i32
    %d2 = arith.muli %d, %d : i32
    scf.yield %a2, %a2, %d2 : i32, i32, i32
  }
  %s:2 = scf.for %i = %c1 to %c1 step %c1 iter_args(%p = %x, %q = %y) -> (i32, i32) {
    func.call @use(%p) : (i32) -> ()
    scf.yield %p, %q : i32, i32
  }
  %u = scf.for %i = %c1 to %n step %c1 iter_args(%e = %y) -> (i32) {
    %e2 = arith.addi %e, %y : i32
    scf.yield %e2 : i32
  }
  return %r#0, %r#1, %s#0 : i32, i32, i32
}
`,
  },
  {
    name: 'scf.while: forwarded values, a before argument fed one value, unused results and arguments',
    args: ['--canonicalize'],
    input: `func.func private @use(i32)
func.func @w(%x: i32, %y: i32, %n: i32) -> i32 {
  %r:2 = scf.while (%a = %x, %b = %y, %k = %x) : (i32, i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %a, %n : i32
    scf.condition(%c) %a, %b : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %p2 = arith.addi %p, %n : i32
    func.call @use(%q) : (i32) -> ()
    scf.yield %p2, %q, %x : i32, i32, i32
  }
  %s = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %a, %n : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%p: i32):
    %c2 = arith.cmpi slt, %p, %n : i32
    %p2 = arith.select %c2, %p, %n : i32
    scf.yield %p2 : i32
  }
  return %r#0 : i32
}
`,
  },
  {
    name: 'scf.if with results: one unused, two fed the same values, one fed the same value by both branches',
    args: ['--canonicalize'],
    input: `func.func private @use(i32)
func.func @i(%c: i1, %x: i32, %y: i32) -> (i32, i32, i32) {
  %r:4 = scf.if %c -> (i32, i32, i32, i32) {
    func.call @use(%x) : (i32) -> ()
    %t = arith.addi %x, %y : i32
    scf.yield %t, %t, %y, %x : i32, i32, i32, i32
  } else {
    func.call @use(%y) : (i32) -> ()
    %e = arith.subi %x, %y : i32
    scf.yield %e, %e, %y, %y : i32, i32, i32, i32
  }
  return %r#0, %r#1, %r#2 : i32, i32, i32
}
`,
  },
  {
    name: 'commutative ops: constants moved after non-constants, already in place',
    args: ['--canonicalize'],
    input: `func.func @m(%x: i32, %y: i32) -> (i32, i32, i32) {
  %c = arith.constant 7 : i32
  %a = arith.addi %c, %x : i32
  %b = arith.muli %x, %c : i32
  %d = arith.andi %c, %y : i32
  return %a, %b, %d : i32, i32, i32
}
`,
  },
];

testOptCases(CASES);
