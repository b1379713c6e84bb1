// scf-fold-constant-loops: loops and ifs whose inputs are all constants are
// evaluated (with the ops' folders) and replaced by constants; anything with a
// non-constant input, a side effect or more work than `max-ops` stays.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../src/tools/opt-driver.js';
import { loadModule } from '../../src/api/exec.js';

function fold(src: string, args: string[] = ['--scf-fold-constant-loops']): string {
  const r = runOpt(args, src);
  assert.equal(r.exitCode, 0, r.stderr);
  return r.stdout;
}

// Kirin's documented example: `j = 0.0; for i in range(10): j = j + i` folds to 45.0.
const KIRIN = `func.func @kirin() -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %j0 = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%j = %j0) -> f64 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %j1 = arith.addf %j, %f : f64
    scf.yield %j1 : f64
  }
  return %r : f64
}
`;

test("Kirin's range loop folds to 45.0", () => {
  const out = fold(KIRIN);
  assert.doesNotMatch(out, /scf\.for/);
  assert.match(out, /%(cst_\d+) = arith\.constant 4\.500000e\+01 : f64\n {4}return %\1 : f64/);
});

const NEST = `func.func @nest(%n: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> i32 {
    %s = scf.for %j = %c0 to %c4 step %c1 iter_args(%b = %a) -> i32 {
      %t = scf.for %k = %c0 to %c4 step %c1 iter_args(%c = %b) -> i32 {
        %x = arith.muli %i, %j : index
        %y = arith.addi %x, %k : index
        %yy = arith.index_cast %y : index to i32
        %c2 = arith.addi %c, %yy : i32
        scf.yield %c2 : i32
      }
      scf.yield %t : i32
    }
    scf.yield %s : i32
  }
  %d = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> i32 {
    %inner = scf.for %k = %c0 to %c4 step %c1 iter_args(%c = %z) -> i32 {
      %kk = arith.index_cast %k : index to i32
      %c2 = arith.addi %c, %kk : i32
      scf.yield %c2 : i32
    }
    %a1 = arith.addi %a, %inner : i32
    scf.yield %a1 : i32
  }
  return %r, %d : i32, i32
}
`;

test('a triple-nested constant nest folds whole; a dynamic loop stays, its constant inner loop folds', () => {
  const out = fold(NEST);
  // sum over i, j, k < 4 of i*j + k = 240
  assert.match(out, /%c240_i32 = arith\.constant 240 : i32/);
  assert.equal(out.match(/scf\.for/g)?.length, 1, out);
  assert.match(out, /scf\.for %arg1 = %c0 to %arg0 step %c1 iter_args\(%arg2 = %c0_i32\) -> \(i32\) \{\n\s+%c6_i32 = arith\.constant 6 : i32\n\s+%\d+ = arith\.addi %arg2, %c6_i32 : i32/);
  const m = loadModule(out);
  assert.deepEqual(m.call('nest', 3), loadModule(NEST).call('nest', 3));
});

test('a loop with a non-constant input is left unchanged', () => {
  const src = `func.func @dyn(%n: index, %x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> i32 {
    %a1 = arith.addi %a, %one : i32
    scf.yield %a1 : i32
  }
  %s = scf.for %i = %c0 to %c5 step %c1 iter_args(%a = %z) -> i32 {
    %a1 = arith.addi %a, %x : i32
    scf.yield %a1 : i32
  }
  return %r, %s : i32, i32
}
`;
  assert.equal(fold(src), runOpt([], src).stdout);
});

test('early exits, while loops, ifs, and a loop feeding another fold; side effects and division by zero do not', () => {
  const src = `func.func @f() -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %c100 = arith.constant 100 : i32
  %first = scf.loop token(%t) iter_args(%i = %c0) : i32 -> i32 {
    %sq = arith.muli %i, %i : i32
    %big = arith.cmpi sgt, %sq, %c100 : i32
    scf.if %big {
      scf.break [%t] %i : i32
    }
    %i1 = arith.addi %i, %c1 : i32
    scf.continue [%t] %i1 : i32
  }
  %w = scf.while (%x = %first) : (i32) -> i32 {
    %go = arith.cmpi slt, %x, %c100 : i32
    scf.condition(%go) %x : i32
  } do {
  ^bb0(%x: i32):
    %x7 = arith.addi %x, %c7 : i32
    scf.yield %x7 : i32
  }
  %e = scf.execute_region -> i32 {
  ^bb0(%tok: token):
    %odd = arith.remsi %w, %c7 : i32
    %nz = arith.cmpi ne, %odd, %c0 : i32
    scf.if %nz {
      scf.break %tok, %odd : i32
    }
    scf.yield %c0 : i32
  }
  return %first, %w, %e : i32, i32, i32
}
func.func @g(%m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> i32 {
    memref.store %a, %m[%i] : memref<4xi32>
    scf.yield %a : i32
  }
  %q = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> i32 {
    %d = arith.divsi %a, %z : i32
    scf.yield %d : i32
  }
  %s = arith.addi %r, %q : i32
  return %s : i32
}
`;
  const out = fold(src);
  const f = out.slice(0, out.indexOf('func.func @g'));
  assert.doesNotMatch(f, /scf\./);
  // first i with i*i > 100 is 11; 11 + 7k until >= 100 is 102; 102 % 7 = 4
  assert.match(f, /return %c11_i32, %c102_i32, %c4_i32 : i32, i32, i32/);
  assert.equal(out.slice(out.indexOf('func.func @g')).match(/scf\.for/g)?.length, 2);
});

test('max-ops bounds the work: a loop needing more is left alone', () => {
  const big = KIRIN.replace('%c10 = arith.constant 10', '%c10 = arith.constant 1000');
  assert.match(fold(big, ['--scf-fold-constant-loops=max-ops=100']), /scf\.for/);
  assert.match(fold(big, ['--scf-fold-constant-loops=max-ops=10000']), /arith\.constant 4\.995000e\+05 : f64/);
});
