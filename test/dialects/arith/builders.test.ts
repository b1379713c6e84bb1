// arith.addi and arith.cmpi's `create` builders make their ops directly (not
// through the generic ODS builder, for lowerings that make one per loop): the
// ops must be the ones `build` makes, operands, result types and properties
// (addi's default overflow flags, cmpi's predicate) included, and print the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, print, verify } from '../../../src/api/text.js';
import { Builder } from '../../../src/ir/builder.js';
import { AddIOp, CmpIOp, CmpIPredicate } from '../../../src/dialects/arith/index.js';
import type { Operation, Value } from '../../../src/ir/operation.js';

function setUp(): { b: Builder; args: readonly Value[]; m: Operation } {
  const m = parse(`func.func @f(%i: index, %j: index, %x: i32, %y: i32, %u: vector<4xi8>, %v: vector<4xi8>) {
  return
}
`);
  const fn = m.regions[0].entry.first!;
  const entry = fn.regions[0].entry;
  const b = new Builder(m.context);
  b.setInsertionPointBefore(entry.last!);
  return { b, args: entry.args, m };
}

function same(a: Operation, b: Operation): void {
  assert.equal(a.name, b.name);
  assert.equal(a.numOperands, b.numOperands);
  for (let i = 0; i < a.numOperands; i++) assert.equal(a.operand(i), b.operand(i));
  assert.equal(a.numResults, b.numResults);
  for (let i = 0; i < a.numResults; i++) assert.equal(a.result(i).type, b.result(i).type);
  assert.equal(a.numProperties, b.numProperties);
  for (let i = 0; i < a.numProperties; i++) {
    assert.equal(a.propertyName(i), b.propertyName(i));
    assert.equal(a.propertyValue(i), b.propertyValue(i));
  }
  assert.equal(a.attributesView.size, 0);
  assert.equal(b.attributesView.size, 0);
}

test('AddIOp.create makes the op AddIOp.build makes, and both print alike', () => {
  const { b, args, m } = setUp();
  for (const [l, r] of [
    [args[0], args[1]],
    [args[2], args[3]],
    [args[4], args[5]],
  ]) {
    const direct = AddIOp.create(b, l, r);
    const generic = AddIOp.build(b, { lhs: l, rhs: r });
    same(direct, generic);
    assert.ok(AddIOp.isa(direct));
    assert.equal(AddIOp.lhs(direct), l);
    assert.equal(AddIOp.rhs(direct), r);
  }
  assert.deepEqual(verify(m), []);
  const lines = print(m).split('\n').filter((s) => s.includes('arith.addi'));
  assert.equal(lines.length, 6);
  for (let i = 0; i < 6; i += 2) assert.equal(lines[i].replace(/%\d+/, '%N'), lines[i + 1].replace(/%\d+/, '%N'));
});

test('CmpIOp.create makes the op CmpIOp.build makes (i1 or a vector of i1), for every predicate', () => {
  const { b, args, m } = setUp();
  for (const predicate of Object.values(CmpIPredicate.case))
    for (const [l, r] of [
      [args[0], args[1]],
      [args[2], args[3]],
      [args[4], args[5]],
    ]) {
      const direct = CmpIOp.create(b, predicate, l, r);
      const generic = CmpIOp.build(b, { predicate, lhs: l, rhs: r });
      same(direct, generic);
      assert.equal(CmpIOp.predicate(direct), predicate);
    }
  assert.deepEqual(verify(m), []);
  const text = print(m);
  assert.match(text, /arith\.cmpi ult, %arg0, %arg1 : index/);
  assert.match(text, /arith\.cmpi sge, %arg4, %arg5 : vector<4xi8>/);
});
