// The builder keeps its insertion point as two fields (no object per move):
// `insertionPoint` reads a snapshot, and writing one back (the save/restore
// idiom of many rewrites) puts new ops where they went before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/api/text.js';
import { IntegerAttr } from '../../src/ir/builtin-attributes.js';
import { Builder } from '../../src/ir/builder.js';
import { ConstantOp } from '../../src/dialects/arith/index.js';
import type { Block } from '../../src/ir/operation.js';

function setUp(): { b: Builder; block: Block } {
  const m = parse(`func.func @f() {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  return
}
`);
  const block = m.regions[0].entry.first!.regions[0].entry;
  return { b: new Builder(m.context), block };
}

/** The block's constants' values, in order. */
function constants(block: Block): string[] {
  const out: string[] = [];
  for (let op = block.first; op; op = op.next) {
    const v = op.getProperty('value');
    if (v instanceof IntegerAttr) out.push(String(v.value));
  }
  return out;
}

test('each setInsertionPoint form places new ops where MLIR would', () => {
  const { b, block } = setUp();
  assert.equal(b.insertionPoint, null);
  ConstantOp.int(b, 9, block.first!.result(0).type); // nowhere: not inserted
  const [a, c, ret] = [block.first!, block.first!.next!, block.last!];
  b.setInsertionPointToStart(block);
  ConstantOp.int(b, 10, a.result(0).type);
  b.setInsertionPointAfter(a);
  ConstantOp.int(b, 11, a.result(0).type);
  b.setInsertionPointBefore(ret);
  ConstantOp.int(b, 12, a.result(0).type);
  b.setInsertionPointBefore(c);
  ConstantOp.int(b, 13, a.result(0).type);
  ConstantOp.int(b, 14, a.result(0).type); // still before c, after 13
  assert.deepEqual(constants(block), ['10', '1', '11', '13', '14', '2', '12']);
  b.setInsertionPointToEnd(block);
  assert.deepEqual(b.insertionPoint, { block, before: null });
});

test('insertionPoint is a snapshot; writing it back (or null) restores it', () => {
  const { b, block } = setUp();
  const [a, c] = [block.first!, block.first!.next!];
  const t = a.result(0).type;
  b.setInsertionPointBefore(c);
  const saved = b.insertionPoint;
  assert.deepEqual(saved, { block, before: c });
  b.setInsertionPointToStart(block);
  assert.deepEqual(saved, { block, before: c }, 'a later move does not change the snapshot');
  ConstantOp.int(b, 20, t);
  b.insertionPoint = saved;
  ConstantOp.int(b, 21, t);
  b.insertionPoint = null;
  assert.equal(b.insertionPoint, null);
  ConstantOp.int(b, 22, t); // nowhere
  b.insertionPoint = { block, before: null };
  ConstantOp.int(b, 23, t); // after the terminator, as MLIR's end of block
  assert.deepEqual(constants(block), ['20', '1', '21', '2', '23']);
});
