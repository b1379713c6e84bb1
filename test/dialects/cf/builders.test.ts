// cf.br and cf.cond_br's builders make their ops directly (not through the
// generic ODS builder): the ops must be the ones the generic builder makes,
// operands, successors, properties (cond_br's segment sizes) and all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, print, verify } from '../../../src/api/text.js';
import { Builder } from '../../../src/ir/builder.js';
import { BranchOp, CondBranchOp } from '../../../src/dialects/cf/index.js';
import type { Block, Operation } from '../../../src/ir/operation.js';

function setUp(): { b: Builder; entry: Block; dests: Block[]; m: Operation } {
  const m = parse(`func.func @f(%c: i1, %x: i32, %y: i64) {
  cf.br ^bb1(%x : i32)
^bb1(%a: i32):
  cf.br ^bb2(%y, %x : i64, i32)
^bb2(%p: i64, %q: i32):
  return
}
`);
  const fn = m.regions[0].entry.first!;
  const region = fn.regions[0];
  const dests = [...region.blocks];
  const b = new Builder(m.context);
  return { b, entry: dests[0], dests, m };
}

function same(a: Operation, b: Operation): void {
  assert.equal(a.name, b.name);
  assert.equal(a.numOperands, b.numOperands);
  for (let i = 0; i < a.numOperands; i++) assert.equal(a.operand(i), b.operand(i));
  assert.equal(a.numSuccessors, b.numSuccessors);
  for (let i = 0; i < a.numSuccessors; i++) assert.equal(a.successor(i), b.successor(i));
  assert.equal(a.numProperties, b.numProperties);
  for (let i = 0; i < a.numProperties; i++) {
    assert.equal(a.propertyName(i), b.propertyName(i));
    assert.equal(a.propertyValue(i), b.propertyValue(i));
  }
  assert.equal(a.numResults, 0);
  assert.equal(b.numResults, 0);
}

test('BranchOp.create makes the op BranchOp.build makes', () => {
  const { b, entry, dests } = setUp();
  const [x] = [entry.args[1]];
  b.setInsertionPointToEnd(entry);
  for (const operands of [[], [x], [entry.args[2], x]]) {
    const direct = BranchOp.create(b, dests[1], operands);
    const generic = BranchOp.build(b, { dest: dests[1], destOperands: operands });
    same(direct, generic);
    assert.ok(BranchOp.isa(direct));
    assert.deepEqual(BranchOp.destOperands(direct), operands);
    direct.erase();
    generic.erase();
  }
});

test('CondBranchOp.create makes the op CondBranchOp.build makes (segment sizes included); with weights it still builds them', () => {
  const { b, entry, dests, m } = setUp();
  const [c, x, y] = entry.args;
  b.setInsertionPointToEnd(entry);
  const cases: [typeof x[], typeof x[]][] = [
    [[], []],
    [[x], []],
    [[], [y, x]],
    [[x], [y, x]],
  ];
  for (const [t, f] of cases) {
    const direct = CondBranchOp.create(b, c, dests[1], t, dests[2], f);
    const generic = CondBranchOp.build(b, { condition: c, trueDest: dests[1], trueDestOperands: t, falseDest: dests[2], falseDestOperands: f });
    same(direct, generic);
    assert.deepEqual(CondBranchOp.trueDestOperands(direct), t);
    assert.deepEqual(CondBranchOp.falseDestOperands(direct), f);
    assert.equal(CondBranchOp.condition(direct), c);
    direct.erase();
    generic.erase();
  }
  const weighted = CondBranchOp.create(b, c, dests[1], [x], dests[2], [y, x], undefined, [3n, 7n]);
  assert.deepEqual(CondBranchOp.branch_weights(weighted), [3n, 7n]);
  // The entry block now ends with the original branch followed by the new one: drop the original to verify the rest.
  entry.first!.erase();
  assert.deepEqual(verify(m), []);
  assert.match(print(m), /cf\.cond_br %arg0 weights\(\[3, 7\]\), \^bb1\(%arg1 : i32\), \^bb2\(%arg2, %arg1 : i64, i32\)/);
});
