// The dialect-conversion driver with markUnknownOpLegal: ops of kinds legal
// whatever the op are never visited (the driver skips them in its walk), and
// the ops it does visit come in the same order as when every op is visited,
// with lastSiblingFirst or not. convert-scf-to-cf uses it; its output is
// compared live with mlir-opt in superlinear.test.ts and by check-identity.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/api/text.js';
import { ConversionTarget, applyPartialConversion } from '../../src/transforms/dialect-conversion.js';
import type { Operation } from '../../src/ir/operation.js';

const NESTED = `func.func @f(%c: i1) {
  "test.a"() : () -> ()
  "test.ask"() {n = 1} : () -> ()
  scf.if %c {
    "test.ask"() {n = 2} : () -> ()
    "test.c"() ({
      "test.b"() : () -> ()
      "test.ask"() {n = 3} : () -> ()
    }, {
      "test.b"() : () -> ()
    }) : () -> ()
    "test.ask"() {n = 4} : () -> ()
  } else {
    "test.b"() : () -> ()
  }
  "test.ask"() {n = 5} : () -> ()
  cf.br ^bb1
^bb1:
  "test.ask"() {n = 6} : () -> ()
  return
}
`;

/** The ops a target asks about, in the order the driver asks. */
function asked(lastSiblingFirst: boolean, legalUnknown: boolean): Operation[] {
  const m = parse(NESTED, { allowUnregisteredDialects: true });
  const seen: Operation[] = [];
  const target = new ConversionTarget();
  const record = (op: Operation): boolean => {
    seen.push(op);
    return true;
  };
  target.addDynamicallyLegalOp({ opName: 'test.ask' }, record);
  target.addDynamicallyLegalOp({ opName: 'test.c' }, record);
  if (legalUnknown) target.markUnknownOpLegal();
  else target.markUnknownOpDynamicallyLegal(() => true);
  assert.equal(applyPartialConversion(m.context, m, target, [], { lastSiblingFirst }), true);
  return seen;
}

const attrN = (op: Operation): string => `${op.name.name}${String(op.getAttr('n') ?? '')}`;

for (const lastSiblingFirst of [false, true]) {
  test(`markUnknownOpLegal: the ops asked about are those asked with a test that always holds, in the same order (lastSiblingFirst: ${lastSiblingFirst})`, () => {
    const withTest = asked(lastSiblingFirst, false).map(attrN);
    const withLegal = asked(lastSiblingFirst, true).map(attrN);
    assert.equal(withTest.length, 7);
    assert.deepEqual(withLegal, withTest);
  });
}

test('markUnknownOpLegal: unknown kinds are legal, named ones keep their rule', () => {
  const m = parse(NESTED, { allowUnregisteredDialects: true });
  const target = new ConversionTarget();
  target.markUnknownOpLegal();
  target.addIllegalOp({ opName: 'test.ask' });
  const a = m.regions[0].entry.first!.regions[0].entry.first!;
  assert.equal(target.legality(a), 'legal');
  assert.equal(target.isLegalKind(a.name), true);
  assert.equal(target.legality(a.next!), 'illegal');
  assert.equal(target.isLegalKind(a.next!.name), false);
  // No pattern for the illegal ops: the first in pre-order is reported.
  assert.equal(applyPartialConversion(m.context, m, target, [], { lastSiblingFirst: true }), false);
  const errors = m.context.diagnostics.take().filter((d) => d.severity === 'error');
  assert.equal(errors.length, 1);
  assert.match(errors[0].message, /failed to legalize operation 'test.ask' that was explicitly marked illegal/);
});
