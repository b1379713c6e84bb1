// The greedy driver's seeding walks (issue 15, Round 11): the top-down walk
// runs per unit (or per block of the driver's region) and the worklist run
// calls one method per pop; the order in which ops reach the patterns must
// stay MLIR's. A pattern tried on every op records the order of one
// iteration that changes nothing; it must be the pre-order of the module
// (top-down) or MLIR's bottom-up push order reversed, with and without settled
// units, over blocks, nested regions and a constant the walk hoists.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anyOpPattern, createContext, parse, type Operation } from '../../src/index.js';
import { applyPatternsGreedily, FrozenPatternSet, settledUnitStats } from '../../src/transforms/greedy.js';

const FUNCS = `
func.func @a(%m: memref<4xi32>, %c: i1, %x: i32, %i: index) {
  memref.store %x, %m[%i] : memref<4xi32>
  scf.if %c {
    %y = arith.addi %x, %x : i32
    %k = arith.constant 7 : i32
    %z = arith.muli %y, %k : i32
    memref.store %z, %m[%i] : memref<4xi32>
  } else {
    memref.store %x, %m[%i] : memref<4xi32>
  }
  cf.br ^bb1(%x : i32)
^bb1(%v: i32):
  memref.store %v, %m[%i] : memref<4xi32>
  return
}
func.func @b(%m: memref<4xi32>, %n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %s = arith.addi %acc, %x : i32
    scf.for %k = %c0 to %n step %c1 {
      memref.store %s, %m[%k] : memref<4xi32>
    }
    scf.yield %s : i32
  }
  return %r : i32
}
`;

/** The ops under `root`'s regions in pre-order (an op before the ops it holds), written out independently of the driver. */
function preOrder(root: Operation): Operation[] {
  const out: Operation[] = [];
  const visit = (op: Operation): void => {
    out.push(op);
    for (const region of op.regions) for (const block of region.blocks) for (let o = block.first; o; o = o.next) visit(o);
  };
  for (const region of root.regions) for (const block of region.blocks) for (let o = block.first; o; o = o.next) visit(o);
  return out;
}

/**
 * MLIR's bottom-up seeding: the ops in post-order, each pushed with its
 * ancestors below `root` (innermost first, up to one already pushed), then
 * popped from the end.
 */
function bottomUpOrder(root: Operation): Operation[] {
  const pushed: Operation[] = [];
  const queued = new Set<Operation>();
  const push = (op: Operation): void => {
    for (let o: Operation | null = op; o && o !== root && !queued.has(o); o = o.parentOp) {
      queued.add(o);
      pushed.push(o);
    }
  };
  const visit = (op: Operation): void => {
    for (const region of op.regions) for (const block of region.blocks) for (let o = block.first; o; o = o.next) visit(o);
    push(op);
  };
  for (const region of root.regions) for (const block of region.blocks) for (let o = block.first; o; o = o.next) visit(o);
  return pushed.reverse();
}

/** The ops the patterns saw, in order, over a canonicalize-like run whose only pattern records and fails. */
function recordedOrder(text: string, topDown: boolean): { seen: Operation[]; expected: Operation[]; seeded: number } {
  const ctx = createContext();
  const module = parse(text, { ctx });
  const expected = topDown ? preOrder(module) : bottomUpOrder(module);
  const seen: Operation[] = [];
  const patterns = new FrozenPatternSet([anyOpPattern((op) => (seen.push(op), false), { name: 'Record' })]);
  const seeded = settledUnitStats.seeded;
  const r = applyPatternsGreedily(ctx, module, patterns, { topDown, maxIterations: 10, regionSimplification: 'normal' });
  assert.equal(r.changed, false, 'the recording pattern changes nothing');
  return { seen, expected, seeded: settledUnitStats.seeded - seeded };
}

for (const topDown of [true, false])
  for (const withGlobal of [false, true]) {
    const what = `${topDown ? 'top-down' : 'bottom-up'}, ${withGlobal ? 'a memref.global at the top (no units)' : 'only functions (settled units)'}`;
    test(`seeding order: ${what}`, () => {
      const text = (withGlobal ? 'memref.global "private" @g : memref<4xi32>\n' : '') + FUNCS;
      const { seen, expected, seeded } = recordedOrder(text, topDown);
      assert.equal(seen.length, expected.length, 'every op is tried once (one iteration, nothing dead)');
      for (let i = 0; i < expected.length; i++) assert.equal(seen[i], expected[i], `op ${i}: ${expected[i].name.name}`);
      // Units are walked one by one only when every top-level op is a function.
      assert.equal(seeded, withGlobal ? 0 : 2);
    });
  }

test('seeding order: the walk hoists the constant in scf.if to the function entry, still visited where it stood', () => {
  const ctx = createContext();
  const module = parse(FUNCS, { ctx });
  const patterns = new FrozenPatternSet([anyOpPattern(() => false, { name: 'Nothing' })]);
  applyPatternsGreedily(ctx, module, patterns, { topDown: true });
  const a = module.regions[0].firstBlock!.first!;
  assert.equal(a.regions[0].firstBlock!.first!.name.name, 'arith.constant');
});
