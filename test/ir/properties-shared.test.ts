// Ops with exactly one property share its [name, value] list: changing one
// op's properties must never show through another op.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, print } from '../../src/api/text.js';
import type { Operation } from '../../src/ir/operation.js';

const INPUT = `func.func @f() -> (i32, i32, i32) {
  %a = arith.constant 7 : i32
  %b = arith.constant 7 : i32
  %c = arith.constant 7 : i32
  return %a, %b, %c : i32, i32, i32
}
`;

function constants(m: Operation): Operation[] {
  const out: Operation[] = [];
  m.walk((op) => {
    if (op.opName === 'arith.constant') out.push(op);
  });
  return out;
}

test('a property set, replaced, added or removed on one op leaves the ops that shared its list as they were', () => {
  const m = parse(INPUT);
  const [a, b, c] = constants(m);
  const seven = a.getProperty('value')!;
  const eight = parse(INPUT.replaceAll('7', '8'));
  const eightAttr = constants(eight)[0].getProperty('value')!;
  a.setProperty('value', eightAttr);
  assert.equal(a.getProperty('value'), eightAttr);
  assert.equal(b.getProperty('value'), seven);
  assert.equal(c.getProperty('value'), seven);
  b.properties.set('extra', eightAttr);
  assert.equal(b.numProperties, 2);
  assert.equal(c.numProperties, 1);
  assert.equal(c.getProperty('extra'), undefined);
  b.removeProperty('value');
  assert.equal(b.numProperties, 1);
  assert.equal(c.getProperty('value'), seven);
  c.properties.delete('value');
  assert.equal(c.numProperties, 0);
  assert.equal(a.getProperty('value'), eightAttr);
  // Back to one property through a 2-entry list and a replacement through the Map view.
  b.setProperty('value', seven);
  b.removeProperty('extra');
  b.properties.set('value', eightAttr);
  assert.equal(b.getProperty('value'), eightAttr);
  assert.equal(a.getProperty('value'), eightAttr);
  c.setProperty('value', seven);
  assert.equal(c.getProperty('value'), seven);
  assert.equal(print(m), print(parse(INPUT.replace('%a = arith.constant 7', '%a = arith.constant 8').replace('%b = arith.constant 7', '%b = arith.constant 8'))));
});
