// Operation.firstOperand/operandAfter walk the operands in order at O(1) a
// step (the verifier's walks and the compiled ODS checks read them so): they
// must give the same uses as operandList for short lists (linked, up to four
// operands) and long ones (an array), also after the list is replaced.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Builder } from '../../src/ir/builder.js';
import { IntegerType } from '../../src/ir/builtin-types.js';
import { Context } from '../../src/ir/context.js';
import { Region, type OpOperand, type Operation, type Value } from '../../src/ir/operation.js';

function walk(op: Operation): OpOperand[] {
  const out: OpOperand[] = [];
  for (let u = op.firstOperand; u !== null; u = op.operandAfter(u)) out.push(u);
  return out;
}

test('firstOperand/operandAfter give the operand uses in order, for short and long lists and after changes', () => {
  const ctx = new Context();
  ctx.allowUnregisteredDialects = true;
  const b = new Builder(ctx);
  b.createBlock(new Region());
  const i32 = IntegerType.get(32, 'signless');
  const values: Value[] = [];
  for (let i = 0; i < 7; i++) values.push(b.create('t.def', { results: [i32] }).result(0));
  for (let n = 0; n <= 7; n++) {
    const op = b.create('t.use', { operands: values.slice(0, n) });
    assert.deepEqual(walk(op), op.operandList, `${n} operands`);
    assert.deepEqual(walk(op).map((u) => u.value), values.slice(0, n), `${n} operands: values`);
    // Grown across the short/long boundary and shrunk back.
    op.insertOperands(0, [values[6], values[5]]);
    assert.deepEqual(walk(op).map((u) => u.value), [values[6], values[5], ...values.slice(0, n)], `${n} operands, two inserted`);
    op.eraseOperand(0);
    op.eraseOperand(0);
    if (n !== 0) op.setOperand(n - 1, values[3]);
    assert.deepEqual(walk(op), op.operandList, `${n} operands, changed`);
    if (n === 0) assert.equal(op.firstOperand, null);
  }
});
