// Dead-op queries answered per op kind: the MemoryEffects interface's
// `removableWhenUnused` promise agrees with the effect list of every op of
// its kind, and deadWhenUnusedByKind agrees with wouldOpBeTriviallyDead on
// every op without regions, over the benchmark's modules and hand-picked ops.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/api/text.js';
import { generateModuleText } from '../../bench/gen.js';
import { Interfaces, getInterface, type MemoryEffectsInterface } from '../../src/ir/interfaces.js';
import { deadWhenUnusedByKind, effectsRemovable, wouldOpBeTriviallyDead } from '../../src/ir/side-effects.js';
import type { Operation } from '../../src/ir/operation.js';

const HAND = `
func.func @h(%m: memref<?xf32>, %i: index, %a: i32, %b: i32, %f: f32) -> i32 {
  %c = arith.constant 3 : i32
  %d0 = arith.divsi %a, %b : i32
  %d1 = arith.divui %a, %b : i32
  %d2 = arith.remsi %a, %b : i32
  %d3 = arith.ceildivsi %a, %b : i32
  %d4 = arith.floordivsi %a, %b : i32
  %x = arith.addi %a, %c : i32
  %s = memref.alloca() : memref<4xf32>
  %h = memref.alloc(%i) : memref<?xf32>
  %v = memref.load %m[%i] : memref<?xf32>
  memref.store %v, %h[%i] : memref<?xf32>
  memref.store %f, %s[%i] : memref<4xf32>
  %n = memref.dim %m, %i : memref<?xf32>
  memref.dealloc %h : memref<?xf32>
  %t = arith.cmpi eq, %a, %b : i32
  cf.assert %t, "x"
  return %x : i32
}
`;

function modules(): string[] {
  const out = [HAND];
  for (let seed = 1; seed <= 6; seed++) out.push(generateModuleText({ bytes: Infinity, functions: 8, seed, form: 'custom', maxDepth: 4 }));
  return out;
}

test('removableWhenUnused promises agree with each op\'s effect list', () => {
  const checked = new Map<string, number>();
  for (const text of modules())
    parse(text).walk((op: Operation) => {
      const iface = getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects);
      if (iface?.removableWhenUnused === undefined) return;
      assert.equal(iface.removableWhenUnused, effectsRemovable(op, iface.getEffects(op)), op.name.name);
      checked.set(op.name.name, (checked.get(op.name.name) ?? 0) + 1);
    });
  for (const name of ['memref.alloc', 'memref.alloca', 'memref.load', 'memref.store', 'memref.dealloc', 'arith.divsi', 'arith.ceildivsi'])
    assert.ok(checked.get(name), `no ${name} checked`);
});

test('deadWhenUnusedByKind agrees with wouldOpBeTriviallyDead on ops without regions', () => {
  let known = 0;
  let asked = 0;
  for (const text of modules())
    parse(text).walk((op: Operation) => {
      if (op.regions.length) return;
      const byKind = deadWhenUnusedByKind(op.name);
      if (byKind === undefined) {
        asked++;
        return;
      }
      known++;
      assert.equal(byKind, wouldOpBeTriviallyDead(op), op.name.name);
    });
  assert.ok(known > 1000, `${known} ops answered by kind`);
  // cf.assert declares effects without a promise: asked per op.
  assert.ok(asked > 0);
});
