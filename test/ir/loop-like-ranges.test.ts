// verifyLoopLike settles a valid loop through LoopLikeInterface's range form
// (`loopCarriedRanges`: nothing allocated) and falls back to the list forms,
// which report, when a check fails. The two forms must describe the same
// values: checked here on every loop shape of the scf ops that have the
// ranges; invalid loops' diagnostics are compared live with mlir-opt 22.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testOptCases, type OptCase } from '../opt-cases.js';
import { createContext } from '../../src/dialects/registry.js';
import { parse } from '../../src/api/text.js';
import { Interfaces, getInterface, type LoopCarriedRanges, type LoopLikeInterface } from '../../src/ir/interfaces.js';
import type { Operation, Value } from '../../src/ir/operation.js';

const INPUT = `func.func @f(%c: i1, %i: index, %n: index, %x: f32, %y: i32) {
  %0:2 = scf.for %k = %i to %n step %i iter_args(%a = %x, %b = %i) -> (f32, index) {
    scf.yield %a, %b : f32, index
  }
  scf.for %k = %i to %n step %i {
  }
  %1 = scf.for %k = %i to %n step %i iter_args(%a = %y) -> (i32) {
    scf.yield %a : i32
  }
  %2 = scf.while (%w = %x) : (f32) -> f32 {
    scf.condition(%c) %w : f32
  } do {
  ^bb0(%w: f32):
    scf.yield %w : f32
  }
  %3:2 = scf.while (%w = %x, %v = %y) : (f32, i32) -> (f32, i32) {
    scf.condition(%c) %w, %v : f32, i32
  } do {
  ^bb0(%w: f32, %v: i32):
    scf.yield %w, %v : f32, i32
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}
`;

test('loop-carried range forms describe the same values as the list forms (scf.for, scf.while)', () => {
  const ctx = createContext();
  const module = parse(INPUT, { ctx });
  const seen = new Map<string, number>();
  const stack: Operation[] = [module];
  while (stack.length) {
    const op = stack.pop()!;
    for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) stack.push(o);
    const loop = getInterface<LoopLikeInterface>(op, Interfaces.LoopLike);
    if (!loop?.loopCarriedRanges) continue;
    seen.set(op.name.name, (seen.get(op.name.name) ?? 0) + 1);
    const r: LoopCarriedRanges = { initStart: -1, initCount: -1, iterRegion: -1, iterStart: -1, iterCount: -1, yielder: null, yieldStart: -1, yieldCount: -1, resultStart: -1, resultCount: -1 };
    loop.loopCarriedRanges(op, r);
    const range = (n: number, at: (i: number) => Value): Value[] => Array.from({ length: n }, (_, i) => at(i));
    assert.deepEqual(range(r.initCount, (i) => op.operand(r.initStart + i)), loop.getInits(op), `${op.name.name}: inits`);
    assert.deepEqual(
      range(r.iterCount, (i) => op.regions[r.iterRegion].entry.args[r.iterStart + i]),
      loop.getRegionIterArgs(op),
      `${op.name.name}: iter args`,
    );
    const yielded = r.yielder === null ? [] : range(r.yieldCount, (i) => r.yielder!.operand(r.yieldStart + i));
    assert.deepEqual(yielded, loop.getYieldedValues(op), `${op.name.name}: yielded values`);
    assert.deepEqual(range(r.resultCount, (i) => op.result(r.resultStart + i)), loop.getLoopResults(op), `${op.name.name}: results`);
  }
  assert.deepEqual(Object.fromEntries(seen), { 'scf.for': 3, 'scf.while': 3 });
});

// Invalid loops: the ranges find the mismatch, the lists report it as mlir-opt does.
const loop = (body: string): string => `func.func @f(%c: i1, %i: index, %n: index, %x: f32, %y: i32) {\n${body}  return\n}\n`;
const CASES: OptCase[] = [
  {
    name: 'scf.for: an init and its iter arg differ in type',
    args: [],
    input: loop(`  %0 = "scf.for"(%i, %n, %i, %x) ({
  ^bb0(%k: index, %a: i32):
    scf.yield %a : i32
  }) : (index, index, index, f32) -> f32
`),
  },
  {
    name: 'scf.for: an iter arg and its yielded value differ in type',
    args: [],
    input: loop(`  %0 = "scf.for"(%i, %n, %i, %x) ({
  ^bb0(%k: index, %a: f32):
    scf.yield %y : i32
  }) : (index, index, index, f32) -> f32
`),
  },
  {
    name: 'scf.for: an iter arg and its result differ in type',
    args: [],
    input: loop(`  %0 = "scf.for"(%i, %n, %i, %x) ({
  ^bb0(%k: index, %a: f32):
    scf.yield %a : f32
  }) : (index, index, index, f32) -> i32
`),
  },
  {
    name: 'scf.for: more yielded values than iter args',
    args: [],
    input: loop(`  %0 = "scf.for"(%i, %n, %i, %x) ({
  ^bb0(%k: index, %a: f32):
    scf.yield %a, %a : f32, f32
  }) : (index, index, index, f32) -> f32
`),
  },
  {
    name: 'scf.for: fewer iter args than inits',
    args: [],
    input: loop(`  %0 = "scf.for"(%i, %n, %i, %x) ({
  ^bb0(%k: index):
    scf.yield
  }) : (index, index, index, f32) -> f32
`),
  },
  {
    name: 'scf.while: more inits than before-region arguments',
    args: [],
    input: loop(`  %0 = "scf.while"(%x, %y) ({
  ^bb0(%w: f32):
    scf.condition(%c) %w : f32
  }, {
  ^bb0(%w: f32):
    scf.yield %w : f32
  }) : (f32, i32) -> f32
`),
  },
  {
    name: 'scf.while: the after region yields another type than the before region takes',
    args: [],
    input: loop(`  %0 = "scf.while"(%x) ({
  ^bb0(%w: f32):
    scf.condition(%c) %w : f32
  }, {
  ^bb0(%w: f32):
    scf.yield %y : i32
  }) : (f32) -> f32
`),
  },
];

testOptCases(CASES);
