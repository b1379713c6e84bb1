// An op whose only rare part is its successors (every branch) keeps their
// list without a side object; a discardable attribute or opaque properties
// added later bring the side object back, with the successors in it. Every
// reader must see the same op whichever way it is stored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Builder } from '../../src/ir/builder.js';
import { StringAttr, UnitAttr } from '../../src/ir/builtin-attributes.js';
import { Context } from '../../src/ir/context.js';
import { Block, Region, type Operation } from '../../src/ir/operation.js';

function setUp(): { b: Builder; blocks: Block[] } {
  const ctx = new Context();
  ctx.allowUnregisteredDialects = true;
  const b = new Builder(ctx);
  const region = new Region();
  const blocks = [b.createBlock(region), b.createBlock(region), b.createBlock(region)];
  b.setInsertionPointToEnd(blocks[0]);
  return { b, blocks };
}

function successorsOf(op: Operation): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < op.numSuccessors; i++) out.push(op.successor(i));
  return out;
}

test('successors alone: readable, settable, then joined by attributes and opaque properties, then erased', () => {
  const { b, blocks } = setUp();
  const br = b.create('t.br', { successors: [blocks[1], blocks[2]] });
  assert.equal(br.hasRareParts, true);
  assert.deepEqual(successorsOf(br), [blocks[1], blocks[2]]);
  assert.deepEqual(br.successors, [blocks[1], blocks[2]]);
  assert.equal(br.opaqueProperties, null);
  assert.equal(br.attributesView.size, 0);
  assert.equal(br.getAttr('a'), undefined);
  assert.equal(br.removeAttr('a'), false);
  // Clearing opaque properties that are not there changes nothing.
  br.opaqueProperties = null;
  assert.deepEqual(successorsOf(br), [blocks[1], blocks[2]]);
  br.setSuccessor(1, blocks[1]);
  assert.deepEqual(blocks[1].predecessors(), [blocks[0], blocks[0]]);
  assert.deepEqual(blocks[2].predecessors(), []);
  // A discardable attribute: the successors stay.
  br.attributes.set('a', UnitAttr.get());
  assert.equal(br.getAttr('a'), UnitAttr.get());
  assert.deepEqual(successorsOf(br), [blocks[1], blocks[1]]);
  assert.equal(br.successorList[1].index, 1);
  const opaque = StringAttr.get('p');
  br.opaqueProperties = opaque;
  assert.equal(br.opaqueProperties, opaque);
  assert.deepEqual(successorsOf(br), [blocks[1], blocks[1]]);
  assert.equal(br.removeAttr('a'), true);
  assert.equal(br.attributesView.size, 0);
  br.erase();
  assert.deepEqual(blocks[1].predecessors(), []);
});

test('successors alone, then opaque properties first; attributes set as a map', () => {
  const { b, blocks } = setUp();
  const br = b.create('t.br', { successors: [blocks[2]] });
  br.opaqueProperties = StringAttr.get('q');
  assert.deepEqual(successorsOf(br), [blocks[2]]);
  assert.equal(br.attributesView.size, 0);
  const br2 = b.create('t.br', { successors: [blocks[1]] });
  br2.attributes = new Map([['k', UnitAttr.get()]]);
  assert.deepEqual(successorsOf(br2), [blocks[1]]);
  assert.equal(br2.getAttr('k'), UnitAttr.get());
  assert.equal(br2.opaqueProperties, null);
  assert.deepEqual(blocks[2].predecessors(), [blocks[0]]);
  assert.deepEqual(blocks[1].predecessors(), [blocks[0]]);
  // An op made with attributes and successors together.
  const br3 = b.create('t.br', { successors: [blocks[2]], attributes: { z: UnitAttr.get() } });
  assert.deepEqual(successorsOf(br3), [blocks[2]]);
  assert.equal(br3.getAttr('z'), UnitAttr.get());
  // An op with neither has no rare parts, and attributes read through the view make none.
  const plain = b.create('t.op');
  assert.equal(plain.attributesView.size, 0);
  assert.equal(plain.hasRareParts, false);
  assert.equal(plain.numSuccessors, 0);
});
