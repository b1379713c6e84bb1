// remove-dead-values against MLIR 22 (the golden corpus has the rest:
// Transforms/remove-dead-values.mlir), and the pass manager's handling of
// several failing functions: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with mlir-opt 22's for the same input, run
// live. The last cases are where MLIR 22 leaves null operands (its verifier
// then fails): scf-opt keeps the IR valid.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../src/tools/opt-driver.js';
import { testOptCases, type OptCase } from '../opt-cases.js';
import { TEST_REGION_OP_MODULE } from './test-region-op-input.js';

const CASES: OptCase[] = [
  {
    name: 'one value forwarded to several successors: each group is read at its own operands (dead block arguments go)',
    args: ['--remove-dead-values'],
    input: `func.func @same_successor(%cond: i1, %a: i32) {
  cf.cond_br %cond, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%r: i32):
  return
}
func.func @two_successors(%cond: i1, %a: i32) -> i1 {
  cf.cond_br %cond, ^bb1(%a : i32), ^bb2(%a : i32)
^bb1(%r: i32):
  return %cond : i1
^bb2(%s: i32):
  return %cond : i1
}
func.func @one_live(%cond: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %cond, ^bb1(%a, %b : i32, i32), ^bb2(%a, %a : i32, i32)
^bb1(%r: i32, %u: i32):
  return %u : i32
^bb2(%s: i32, %t: i32):
  return %t : i32
}
func.func @switch(%flag: i32, %a: i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    3: ^bb1(%a : i32),
    5: ^bb2(%a : i32)
  ]
^bb1(%r: i32):
  return
^bb2(%s: i32):
  return
}
`,
  },
  {
    name: "the region-branch cleanup counts trips as MLIR 22 does: `lb + 0` with an unknown step is unknown, `c + lb` is not read, a negative difference runs nothing",
    args: ["--remove-dead-values"],
    input: `func.func private @sink(i32)
func.func @f(%a: i32, %lb: index, %st: index) {
  %k0 = arith.constant 0 : index
  %k1 = arith.constant 1 : index
  %km = arith.constant -1 : index
  %u0 = arith.addi %lb, %k0 overflow<nsw> : index
  scf.for %i = %lb to %u0 step %st {
    func.call @sink(%a) : (i32) -> ()
  }
  scf.for %i = %lb to %u0 step %k1 {
    func.call @sink(%a) : (i32) -> ()
  }
  %u1 = arith.addi %k1, %lb overflow<nsw> : index
  scf.for %i = %lb to %u1 step %k1 {
    func.call @sink(%a) : (i32) -> ()
  }
  %u2 = arith.addi %lb, %k1 overflow<nsw> : index
  scf.for %i = %lb to %u2 step %k1 {
    func.call @sink(%a) : (i32) -> ()
  }
  %um = arith.addi %lb, %km overflow<nsw> : index
  scf.for %i = %lb to %um step %st {
    func.call @sink(%a) : (i32) -> ()
  }
  return
}
`,
  },
  {
    name: "dead iter_args become poison and are dropped; a loop computing nothing is erased; an uncalled private function loses its body's branch",
    args: ["--remove-dead-values"],
    input: `func.func private @never(%c: i1, %x: i32) -> i32 {
  %k = arith.constant 3 : i32
  cf.cond_br %c, ^a(%x : i32), ^b(%k : i32)
^a(%y: i32):
  vector.print %y : i32
  return %y : i32
^b(%z: i32):
  return %z : i32
}
func.func @main(%m: memref<4xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> i32 {
    %b = arith.addi %a, %a : i32
    scf.yield %b : i32
  }
  %r2:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z, %q = %z) -> (i32, i32) {
    %b = arith.addi %a, %a : i32
    memref.store %q, %m[%i] : memref<4xi32>
    %e = arith.addi %q, %q : i32
    scf.yield %b, %e : i32, i32
  }


  return
}
`,
  },
  {
    name: "dead index_switch results and while operands (canonicalize=false keeps the poison operands)",
    args: ["--remove-dead-values=canonicalize=false"],
    input: `func.func @f(%a: index, %m: memref<i32>, %c: i1, %x: i32) {
  %r = scf.index_switch %a -> i32
  case 1 {
    %c10 = arith.constant 10 : i32
    memref.store %c10, %m[] : memref<i32>
    scf.yield %c10 : i32
  }
  default {
    %c11 = arith.constant 11 : i32
    scf.yield %c11 : i32
  }
  %w:2 = scf.while (%p = %x, %q = %x) : (i32, i32) -> (i32, i32) {
    %p2 = arith.addi %p, %p : i32
    scf.condition(%c) %p2, %q : i32, i32
  } do {
  ^bb0(%y: i32, %z: i32):
    memref.store %y, %m[] : memref<i32>
    scf.yield %y, %z : i32, i32
  }
  return
}
`,
  },
  {
    name: "every failing function reports its error (func.func-anchored pass)",
    args: ["--pass-pipeline=builtin.module(func.func(symbol-dce))"],
    input: `func.func @a() {
  return
}
func.func @b() {
  return
}
func.func @c() {
  return
}
`,
  },
  {
    // The canonicalization after the cleanup runs over the region branch ops'
    // innermost common region: here ops at several depths of two sibling nests
    // in two functions, so it is the module's body.
    name: "dead iter_args in sibling nests of different depths and functions",
    args: ["--remove-dead-values"],
    input: `func.func @a(%lb: index, %ub: index, %s: index, %x: i32, %c: i1) {
  scf.for %i = %lb to %ub step %s {
    %r = scf.for %j = %lb to %ub step %s iter_args(%acc = %x) -> (i32) {
      %n = arith.addi %acc, %x : i32
      scf.yield %n : i32
    }
    scf.if %c {
      %q = scf.for %k = %lb to %ub step %s iter_args(%b = %x) -> (i32) {
        %m = arith.muli %b, %x : i32
        func.call @use() : () -> ()
        scf.yield %m : i32
      }
    }
  }
  return
}
func.func @b(%lb: index, %ub: index, %s: index, %x: i32) -> i32 {
  %r = scf.for %j = %lb to %ub step %s iter_args(%acc = %x) -> (i32) {
    %d = scf.for %k = %lb to %ub step %s iter_args(%e = %acc) -> (i32) {
      %n = arith.addi %e, %x : i32
      func.call @use() : () -> ()
      scf.yield %n : i32
    }
    scf.yield %acc : i32
  }
  return %r : i32
}
func.func private @use()
`,
  },
  {
    name: 'remove-dead-values: call sites are known through an unregistered one-region op of a loaded dialect (test.*)',
    args: ['--allow-unregistered-dialect', '--remove-dead-values'],
    input: TEST_REGION_OP_MODULE,
  },
];

testOptCases(CASES);

test('an unused argument of a public callee keeps the value passed (MLIR 22: null operand)', () => {
  const r = runOpt(['--remove-dead-values', '-'], `func.func @f(%x: i32) {
  return
}
func.func @main(%a: i32) {
  %v = arith.addi %a, %a : i32
  func.call @f(%v) : (i32) -> ()
  return
}
`);
  assert.equal(r.stderr, '');
  assert.equal(r.exitCode, 0);
  assert.match(r.stdout, /%0 = arith.addi %arg0, %arg0 : i32\n    call @f\(%0\) : \(i32\) -> \(\)/);
});

test('ops in a region that never runs may lose their operands: they get poison (MLIR 22: null operand)', () => {
  const r = runOpt(['--remove-dead-values=canonicalize=false', '-'], `func.func @f(%a: index) {
  %c0 = arith.constant 0 : index
  %r = scf.index_switch %c0 -> i32
  case 1 {
    %c4 = arith.constant 4 : index
    %s = arith.remui %a, %c4 : index
    scf.index_switch %s
    default {
      vector.print str "x"
      scf.yield
    }
    %z = arith.constant 0 : i32
    scf.yield %z : i32
  }
  default {
    %z = arith.constant 1 : i32
    scf.yield %z : i32
  }
  vector.print %r : i32
  return
}
`);
  assert.equal(r.stderr, '');
  assert.equal(r.exitCode, 0);
  assert.match(r.stdout, /ub.poison : index\n\s*scf.index_switch %\d+ \n/);
});
