// The optimistic loop copies of the execution engine (codegen.ts: `versioned`,
// `outOfLine`): wide (i64/index) arithmetic on numbers that leaves the copy
// when a value stops being a safe integer, resuming the same iteration in the
// generic copy, which is a separate function. These programs make the
// transition happen mid-loop in the ways that matter (loop-carried values and
// memref iteration arguments, loads of BigInt slots, scf.while state, nested
// loops, allocas and calls, bounds beyond 2^53) and compare with mlir-runner;
// errors reached only in the generic copy keep their location. Every program
// runs on both backends (`--backend=js` and `--backend=wasm`): the
// WebAssembly backend has no such copies, and must agree.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOurs, runReference, tempDir, writeTemp } from './difftool.js';

const dir = tempDir();
const BACKENDS = ['js', 'wasm'] as const;

const SAME: [what: string, program: string][] = [
  [
    'for: loop-carried i64 leaving the safe integers (muli/addi), stores; loads of BigInt slots',
    `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 80 : index
  %m = memref.alloc(%n) : memref<?xi64>
  %one = arith.constant 1 : i64
  %three = arith.constant 3 : i64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %one, %s = %one) -> (i64, i64) {
    %y = arith.muli %x, %three : i64
    %z = arith.addi %y, %one : i64
    memref.store %z, %m[%i] : memref<?xi64>
    %s2 = arith.addi %s, %z : i64
    scf.yield %z, %s2 : i64, i64
  }
  vector.print %r#0 : i64
  vector.print %r#1 : i64
  %c33 = arith.constant 33 : index
  %c34 = arith.constant 34 : index
  %c79 = arith.constant 79 : index
  %a = memref.load %m[%c33] : memref<?xi64>
  %b = memref.load %m[%c34] : memref<?xi64>
  %c = memref.load %m[%c79] : memref<?xi64>
  vector.print %a : i64
  vector.print %b : i64
  vector.print %c : i64
  // Sum of the loads through a loop whose loads bail on BigInt slots.
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %one) -> (i64) {
    %v = memref.load %m[%i] : memref<?xi64>
    %w = arith.xori %acc, %v : i64
    %q = arith.addi %w, %one : i64
    scf.yield %q : i64
  }
  vector.print %t : i64
  memref.dealloc %m : memref<?xi64>
  return
}
`,
  ],
  [
    'while nested in for: state crossing 2^53, a memref iteration argument',
    `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %big = arith.constant 9007199254740000 : i64
  %one = arith.constant 1 : i64
  %k = arith.constant 997 : i64
  %lim = arith.constant 9007199254745000 : i64
  %z32 = arith.constant 0 : i32
  %m0 = memref.alloc() : memref<4xi64>
  %res:3 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %one, %cnt = %z32, %mm = %m0) -> (i64, i32, memref<4xi64>) {
    %ii = arith.index_cast %i : index to i64
    %start = arith.addi %big, %ii : i64
    %w:2 = scf.while (%x = %start, %s = %z32) : (i64, i32) -> (i64, i32) {
      %lt = arith.cmpi slt, %x, %lim : i64
      scf.condition(%lt) %x, %s : i64, i32
    } do {
    ^bb0(%x: i64, %s: i32):
      %x2 = arith.addi %x, %k : i64
      %c1i = arith.constant 1 : i32
      %s2 = arith.addi %s, %c1i : i32
      scf.yield %x2, %s2 : i64, i32
    }
    memref.store %w#0, %mm[%i] : memref<4xi64>
    %acc2 = arith.xori %acc, %w#0 : i64
    %cnt2 = arith.addi %cnt, %w#1 : i32
    scf.yield %acc2, %cnt2, %mm : i64, i32, memref<4xi64>
  }
  vector.print %res#0 : i64
  vector.print %res#1 : i32
  %c3 = arith.constant 3 : index
  %l = memref.load %res#2[%c3] : memref<4xi64>
  vector.print %l : i64
  memref.dealloc %m0 : memref<4xi64>
  return
}
`,
  ],
  [
    'loop bounds beyond 2^53 (generic nest), nested for and scf.parallel with a reduction',
    `func.func @main() {
  %lb = arith.constant 1152921504606846976 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %ub = arith.addi %lb, %c3 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (i64) {
    %in = scf.for %j = %c0 to %c3 step %c1 iter_args(%a2 = %acc) -> (i64) {
      %s = arith.addi %i, %j : index
      %si = arith.index_cast %s : index to i64
      %t = arith.addi %a2, %si : i64
      scf.yield %t : i64
    }
    scf.yield %in : i64
  }
  vector.print %r : i64
  %p = scf.parallel (%i, %j) = (%lb, %c0) to (%ub, %c3) step (%c1, %c1) init (%zero) -> i64 {
    %s = arith.muli %i, %j : index
    %si = arith.index_cast %s : index to i64
    scf.reduce(%si : i64) {
    ^bb0(%a: i64, %b: i64):
      %x = arith.xori %a, %b : i64
      scf.reduce.return %x : i64
    }
  }
  vector.print %p : i64
  return
}
`,
  ],
  [
    'bails with allocas, alloca_scope, a multi-block execute_region, calls and index_switch',
    `func.func @inc(%x: i64) -> i64 {
  %one = arith.constant 1 : i64
  %r = arith.addi %x, %one : i64
  return %r : i64
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 12 : index
  %base = arith.constant 9007199254740985 : i64
  %one = arith.constant 1 : i64
  %acc0 = arith.constant 0 : i64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %base, %acc = %acc0) -> (i64, i64) {
    %y = arith.addi %x, %one : i64
    %a = memref.alloca() : memref<2xi64>
    memref.store %y, %a[%c0] : memref<2xi64>
    %sel = arith.remui %i, %c3 : index
    %z = scf.index_switch %sel -> i64
    case 0 {
      %t = arith.addi %y, %y : i64
      scf.yield %t : i64
    }
    case 1 {
      %t = func.call @inc(%y) : (i64) -> i64
      scf.yield %t : i64
    }
    default {
      %t = scf.execute_region -> i64 {
        %c = arith.cmpi sgt, %y, %base : i64
        cf.cond_br %c, ^bb1, ^bb2
      ^bb1:
        %u = arith.subi %y, %base : i64
        scf.yield %u : i64
      ^bb2:
        scf.yield %y : i64
      }
      scf.yield %t : i64
    }
    %s = memref.alloca_scope -> (i64) {
      %b = memref.alloca() : memref<1xi64>
      memref.store %z, %b[%c0] : memref<1xi64>
      %l = memref.load %b[%c0] : memref<1xi64>
      memref.alloca_scope.return %l : i64
    }
    %l0 = memref.load %a[%c0] : memref<2xi64>
    %acc2 = arith.xori %acc, %s : i64
    %acc3 = arith.addi %acc2, %l0 : i64
    vector.print %acc3 : i64
    scf.yield %y, %acc3 : i64, i64
  }
  vector.print %r#0 : i64
  vector.print %r#1 : i64
  return
}
`,
  ],
];

for (const [what, program] of SAME) {
  test(`loop copies: ${what}`, () => {
    const file = writeTemp(dir, 'prog.mlir', program);
    const ref = runReference(file);
    assert.equal(ref.code, 0, ref.stderr);
    for (const backend of BACKENDS) {
      const ours = runOurs([file, `--backend=${backend}`]);
      assert.equal(ours.stderr, '', backend);
      assert.equal(ours.stdout, ref.stdout, backend);
    }
  });
}

test('loop copies: an out-of-bounds store reached only in the generic copy of a for', () => {
  const file = writeTemp(dir, 'oob.mlir', `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 10 : index
  %m = memref.alloc() : memref<8xi64>
  %x0 = arith.constant 9007199254740988 : i64
  %one = arith.constant 1 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0) -> (i64) {
    %y = arith.addi %x, %one : i64
    memref.store %y, %m[%i] : memref<8xi64>
    vector.print %y : i64
    scf.yield %y : i64
  }
  vector.print %r : i64
  return
}
`);
  for (const backend of BACKENDS) {
    const r = runOurs([file, `--backend=${backend}`]);
    assert.equal(r.code, 1, backend);
    assert.equal(r.stdout, [9007199254740989n, 9007199254740990n, 9007199254740991n, 9007199254740992n, 9007199254740993n, 9007199254740994n, 9007199254740995n, 9007199254740996n].join('\n') + '\n', backend);
    assert.equal(r.stderr.split('\n')[0], `${file}:10:5: error: 'memref.store' op out-of-bounds access into memref<8xi64>`, backend);
  }
});

test('loop copies: a division by zero reached only in the generic copy of a while', () => {
  const file = writeTemp(dir, 'div0.mlir', `func.func @main() {
  %x0 = arith.constant 9007199254740980 : i64
  %one = arith.constant 1 : i64
  %lim = arith.constant 9007199254740999 : i64
  %d0 = arith.constant 9007199254740995 : i64
  %r = scf.while (%x = %x0) : (i64) -> (i64) {
    %c = arith.cmpi slt, %x, %lim : i64
    scf.condition(%c) %x : i64
  } do {
  ^bb0(%x: i64):
    %y = arith.addi %x, %one : i64
    %d = arith.subi %d0, %x : i64
    %q = arith.divsi %y, %d : i64
    vector.print %q : i64
    scf.yield %y : i64
  }
  vector.print %r : i64
  return
}
`);
  for (const backend of BACKENDS) {
    const r = runOurs([file, `--backend=${backend}`]);
    assert.equal(r.code, 1, backend);
    assert.equal(r.stdout.split('\n').length, 16, backend);
    assert.equal(r.stderr.split('\n')[0], `${file}:13:10: error: 'arith.divsi' op division by zero`, backend);
  }
});
