// The engines' range and poison queries (src/exec/ranges.ts over
// src/analysis/integer-range-analysis.ts and src/analysis/poison-analysis.ts).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/index.js';
import type { Operation, Value } from '../../src/ir/operation.js';
import * as func from '../../src/dialects/func/index.js';
import { RangeAnalysis } from '../../src/exec/ranges.js';
import { runOurs, tempDir, writeTemp } from './difftool.js';

/** The analysis of the first function of `text`, and its op results by SSA name (`%name =` in program order). */
function analyze(text: string): { ra: RangeAnalysis; v: (name: string) => Value } {
  const m = parse(text);
  let fn: Operation | undefined;
  m.walk((op) => {
    if (!fn && func.FuncOp.isa(op)) fn = op;
  });
  const ra = new RangeAnalysis(func.FuncOp.cast(fn!));
  const names = [...text.matchAll(/^\s*%(\w+)(?::\d+)? = /gm)].map((x) => x[1]);
  // The results of the ops in program (pre-)order; multi-result ops are named by their first.
  const pre: Value[] = [];
  const stack: Operation[] = [fn!];
  while (stack.length) {
    const op = stack.pop()!;
    if (op !== fn && op.numResults) pre.push(op.result(0));
    const kids: Operation[] = [];
    for (const r of op.regions) for (const b of r.blocks) for (let o = b.first; o; o = o.next) kids.push(o);
    stack.push(...kids.reverse());
  }
  return {
    ra,
    v: (name) => {
      const i = names.indexOf(name);
      assert.ok(i >= 0 && i < pre.length, `no value %${name}`);
      return pre[i];
    },
  };
}

test('poison: ub.poison, out-of-range shifts and fptosi may give a poison marker, and it propagates; bounded shifts do not', () => {
  const { ra, v } = analyze(`func.func @f(%a: i32, %f: f32) -> i32 {
  %p = ub.poison : i32
  %c3 = arith.constant 3 : i32
  %c40 = arith.constant 40 : i32
  %x = arith.addi %p, %a : i32
  %s = arith.shli %a, %c3 : i32
  %t = arith.shli %a, %c40 : i32
  %u = arith.shrui %a, %a : i32
  %m = arith.andi %a, %c3 : i32
  %w = arith.shrsi %a, %m : i32
  %y = arith.addi %t, %s : i32
  %i = arith.fptosi %f : f32 to i32
  return %y : i32
}`);
  for (const n of ['p', 'x', 't', 'u', 'y', 'i']) assert.ok(ra.mayBePoisonMarker(v(n)), n);
  for (const n of ['c3', 's', 'm', 'w']) assert.ok(!ra.mayBePoison(v(n)), n);
  // The argument is defined (the engines' contract), and gets its type's range.
  assert.deepEqual(ra.get(v('m')), { lo: 0, hi: 3 });
});

test('poison: overflow flags may be violated (no range; a marker), and poison flows through loops and blocks', () => {
  const { ra, v } = analyze(`func.func @f(%n: index) -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %k = arith.constant 7 : i64
  %big = arith.constant 9223372036854775807 : i64
  %q = arith.addi %big, %k overflow<nsw> : i64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %z) -> (i64, i64) {
    %p = ub.poison : i64
    %e = arith.addi %a, %k : i64
    scf.yield %e, %p : i64, i64
  }
  %j = arith.index_cast %c1 : index to i64
  cf.br ^bb1(%q : i64)
^bb1(%g: i64):
  %h = arith.addi %g, %j : i64
  return %r#0, %r#1 : i64, i64
}`);
  assert.ok(ra.mayBePoison(v('q')) && ra.mayBePoisonMarker(v('q')));
  assert.equal(ra.get(v('q')), undefined);
  assert.ok(ra.mayBePoison(v('h')) && ra.mayBePoisonMarker(v('h')));
  assert.ok(!ra.mayBePoison(v('r')), 'the first loop result');
  assert.deepEqual(ra.get(v('j')), { lo: 1, hi: 1 });
});

test('ranges: induction variables from their bounds (unsigned loops only with non-negative bounds), affine.apply, bitwise ops of sign-extended values', () => {
  const { ra, v } = analyze(`func.func @f(%x: i64, %y: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %cm1 = arith.constant -1 : index
  %sh = arith.constant 33 : i64
  %m = arith.constant 255 : i64
  %h = arith.shrsi %x, %sh : i64
  %l = arith.andi %x, %m : i64
  %o = arith.xori %h, %l : i64
  scf.for %i = %c0 to %c10 step %c1 {
    %a = affine.apply affine_map<(d0) -> (d0 * 4 + 3)>(%i)
    %b = affine.apply affine_map<(d0) -> (d0 * 4)>(%y)
    scf.for unsigned %j = %cm1 to %c10 step %c1 {
      %k = arith.addi %j, %c1 : index
    }
    scf.for unsigned %u = %c0 to %c10 step %c1 {
      %w = arith.addi %u, %c1 : index
    }
  }
  return
}`);
  assert.deepEqual(ra.get(v('h')), { lo: -(2 ** 30), hi: 2 ** 30 - 1 });
  assert.deepEqual(ra.get(v('l')), { lo: 0, hi: 255 });
  assert.deepEqual(ra.get(v('o')), { lo: -(2 ** 30), hi: 2 ** 30 - 1 });
  assert.deepEqual(ra.get(v('a')), { lo: 3, hi: 39 });
  // An unbounded affine product may overflow (lower-affine multiplies with nsw).
  assert.ok(ra.mayBePoison(v('b')));
  assert.equal(ra.get(v('k')), undefined);
  assert.deepEqual(ra.get(v('w')), { lo: 1, hi: 10 });
});

test('scf-run: poison from a shift that is never used in an undefined way is fine', () => {
  const dir = tempDir();
  const path = writeTemp(dir, 'shift-poison.mlir', `func.func @main() {
  %a = arith.constant 1 : i32
  %s = arith.constant 40 : i32
  %p = arith.shli %a, %s : i32
  %q = arith.addi %p, %a : i32
  %c = arith.constant 5 : i32
  vector.print %c : i32
  return
}
`);
  // (The WebAssembly backend leaves such shifts to the JavaScript backend.)
  for (const args of [[], ['--backend=js']]) {
    const r = runOurs([path, '-e', 'main', '-entry-point-result=void', ...args]);
    const backend = args.join();
    assert.equal(r.stderr, '', backend);
    assert.equal(r.stdout, '5\n', backend);
  }
});
