// Effects answered per op kind: a MemoryEffects interface's `effectKinds`
// promise agrees with the effect list of every op of its kind, and CSE (which
// uses the promise instead of asking for the list) prints the same module
// with and without the promises, on the benchmark's modules and on reads
// kept apart or merged across each kind of memref op.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, print } from '../../src/api/text.js';
import { PassManager } from '../../src/api/passes.js';
import { generateModuleText } from '../../bench/gen.js';
import { Interfaces, getInterface, type MemoryEffectKind, type MemoryEffectsInterface } from '../../src/ir/interfaces.js';
import type { Operation } from '../../src/ir/operation.js';
import { testOptCases } from '../opt-cases.js';

const HAND = `
func.func @h(%m: memref<?xf32>, %w: memref<?xf32>, %i: index, %f: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %v0 = memref.load %m[%i] : memref<?xf32>
  %v1 = memref.load %m[%i] : memref<?xf32>
  %s = memref.alloca() : memref<4xf32>
  %h = memref.alloc(%i) : memref<?xf32>
  %v2 = memref.load %m[%i] : memref<?xf32>
  %n = memref.dim %m, %c0 : memref<?xf32>
  %n2 = memref.dim %m, %c0 : memref<?xf32>
  %v3 = memref.load %m[%i] : memref<?xf32>
  %v4 = memref.load %m[%i] : memref<?xf32>
  %v5 = memref.load %m[%i] : memref<?xf32>
  memref.store %f, %w[%i] : memref<?xf32>
  %v6 = memref.load %m[%i] : memref<?xf32>
  %r = memref.atomic_rmw addf %f, %w[%i] : (f32, memref<?xf32>) -> f32
  %v7 = memref.load %m[%i] : memref<?xf32>
  memref.copy %m, %w : memref<?xf32> to memref<?xf32>
  %v8 = memref.load %m[%i] : memref<?xf32>
  %g = memref.generic_atomic_rmw %w[%i] : memref<?xf32> {
  ^bb0(%old: f32):
    memref.atomic_yield %old : f32
  }
  %v9 = memref.load %m[%i] : memref<?xf32>
  %h2 = memref.realloc %h(%n) : memref<?xf32> to memref<?xf32>
  %v10 = memref.load %m[%i] : memref<?xf32>
  memref.dealloc %h2 : memref<?xf32>
  %v11 = memref.load %m[%i] : memref<?xf32>
  %u0 = memref.load %w[%i] : memref<?xf32>
  %u1 = memref.load %s[%c0] : memref<4xf32>
  %dead = memref.load %m[%c0] : memref<?xf32>
  %deadalloc = memref.alloc() : memref<8xf32>
  %x = arith.addf %v0, %v1 : f32
  %y = arith.addf %v2, %v3 : f32
  %z = arith.addf %v4, %v5 : f32
  %q = arith.addf %v6, %v7 : f32
  %t = arith.addf %v8, %v9 : f32
  %e = arith.addf %v10, %v11 : f32
  %o = arith.addf %u0, %u1 : f32
  %nf = arith.index_cast %n2 : index to i64
  %nff = arith.sitofp %nf : i64 to f32
  return %x, %y, %z, %q, %t, %e, %o, %r, %nff : f32, f32, f32, f32, f32, f32, f32, f32, f32
}
`;

// Kinds that declare no effects (unknown, as in MLIR 22): no promise to check;
// cse-effects.test.ts compares them with mlir-opt live.
const MORE_KINDS = `
func.func @k(%m: memref<?xf32>, %i: index, %tag: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  memref.prefetch %m[%i], read, locality<3>, data : memref<?xf32>
  memref.dma_wait %tag[%c0], %c4 : memref<1xi32>
  return
}
`;

function modules(): string[] {
  const out = [HAND];
  for (let seed = 1; seed <= 6; seed++) out.push(generateModuleText({ bytes: Infinity, functions: 8, seed, form: 'custom', maxDepth: 4 }));
  return out;
}

test('effectKinds promises agree with each op\'s effect list', () => {
  const checked = new Map<string, number>();
  for (const text of [...modules(), MORE_KINDS])
    parse(text).walk((op: Operation) => {
      const iface = getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects);
      if (iface?.effectKinds === undefined) return;
      assert.deepEqual(
        iface.getEffects(op).map((e) => e.kind),
        [...iface.effectKinds],
        op.name.name,
      );
      checked.set(op.name.name, (checked.get(op.name.name) ?? 0) + 1);
    });
  for (const name of [
    'memref.alloc',
    'memref.alloca',
    'memref.realloc',
    'memref.dealloc',
    'memref.load',
    'memref.store',
    'memref.atomic_rmw',
    'memref.generic_atomic_rmw',
    'memref.dim',
    'memref.copy',
  ])
    assert.ok(checked.get(name), `no ${name} checked`);
});

/** The interfaces holding a promise (shared by every context), each with it taken away until `restore` is called. */
function withoutPromises(): { restore(): void } {
  const taken: [MemoryEffectsInterface, readonly MemoryEffectKind[]][] = [];
  for (const text of [...modules(), MORE_KINDS])
    parse(text).walk((op: Operation) => {
      const iface = getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects);
      if (iface?.effectKinds === undefined || taken.some(([t]) => t === iface)) return;
      taken.push([iface, iface.effectKinds]);
      (iface as { effectKinds?: readonly MemoryEffectKind[] }).effectKinds = undefined;
    });
  return {
    restore() {
      for (const [iface, kinds] of taken) (iface as { effectKinds?: readonly MemoryEffectKind[] }).effectKinds = kinds;
    },
  };
}

function cse(text: string): string {
  const m = parse(text);
  PassManager.parse('builtin.module(cse)').run(m);
  return print(m);
}

test('CSE prints the same with and without the effectKinds promises', () => {
  const texts = modules();
  const withPromises = texts.map(cse);
  const off = withoutPromises();
  let without: string[];
  try {
    without = texts.map(cse);
  } finally {
    off.restore();
  }
  for (let i = 0; i < texts.length; i++) assert.equal(withPromises[i], without[i], `module ${i}`);
  // The hand module: reads merged across allocations, frees and dims (no
  // write), not across store, atomic_rmw, copy and
  // generic_atomic_rmw; the unused load and alloc erased.
  const out = withPromises[0];
  assert.ok(!out.includes('%deadalloc') && !out.includes('memref.alloc() : memref<8xf32>'), out);
  assert.equal(out.match(/memref\.load %arg0/g)?.length, 5, out);
  assert.equal(out.match(/memref\.dim/g)?.length, 1, out);
});

// The hand module's CSE as mlir-opt 22's (run live).
testOptCases([{ name: 'cse of reads across each kind of memref op, as mlir-opt 22', args: ['--cse'], input: HAND }]);
