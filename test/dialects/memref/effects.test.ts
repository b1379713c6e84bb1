import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Context } from '../../../src/ir/context.js';
import { getInterface, type MemoryEffectsInterface } from '../../../src/ir/interfaces.js';
import type { Operation } from '../../../src/ir/operation.js';
import { registerAllDialects } from '../../../src/dialects/registry.js';
import { parseSourceIntoBlock } from '../../../src/syntax/op-parser.js';
import { SourceFile } from '../../../src/syntax/source.js';

function parseOps(text: string): Operation[] {
  const ctx = new Context();
  registerAllDialects(ctx);
  const block = parseSourceIntoBlock(ctx, new SourceFile('t.mlir', text));
  assert.ok(block);
  const ops: Operation[] = [];
  for (const op of block.ops) op.walk((o) => (ops.push(o), 'advance'), 'pre');
  return ops;
}

test('memref ops report their memory effects on the memref they touch', () => {
  const ops = parseOps(`func.func @f(%i: index, %v: f32, %src: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%i] : memref<4xf32>
  %x = memref.load %a[%i] : memref<4xf32>
  memref.copy %src, %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %d = memref.dim %src, %i : memref<4xf32>
  return
}
`);
  const get = (n: string): Operation => ops.find((o) => o.name.name === n)!;
  const effects = (op: Operation) => getInterface<MemoryEffectsInterface>(op, 'MemoryEffects')!.getEffects(op);
  const alloc = get('memref.alloc');
  const a = alloc.result(0);
  assert.deepEqual(effects(alloc), [{ kind: 'allocate', value: a, resource: 'default' }]);
  assert.deepEqual(effects(get('memref.store')), [{ kind: 'write', value: a }]);
  assert.deepEqual(effects(get('memref.load')), [{ kind: 'read', value: a }]);
  const copy = get('memref.copy');
  assert.deepEqual(effects(copy), [
    { kind: 'read', value: copy.operand(0) },
    { kind: 'write', value: a },
  ]);
  assert.deepEqual(effects(get('memref.dealloc')), [{ kind: 'free', value: a }]);
  assert.deepEqual(effects(get('memref.dim')), []);
});
