// An assembly format parses an attribute with its constraint's value type, as
// MLIR's ODS does: string, symbol-reference, type, array, dictionary and unit
// attributes have the value type NoneType, so a number where one of them is
// expected fails on the literal itself ("integer literal not valid for
// specified type", or the float form after the literal) and not later with
// "invalid kind of attribute specified". Checked live against mlir-opt 22:
// diagnostics, output and exit code.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optAndReference } from '../opt-cases.js';

const cases: readonly string[] = [
  // FlatSymbolRefAttr
  'func.func @f() { func.call 3() : () -> () \n return }',
  'func.func @f() { func.call 3.5() : () -> () \n return }',
  'func.func @f() { %0 = func.constant 1 : i32 \n return }',
  'func.func @f() { %0 = func.constant 2.5 : i32 \n return }',
  'func.func @f() { %0 = func.constant "x" : i32 \n return }',
  'func.func @f() { %0 = memref.get_global 3 : memref<i32> \n return }',
  'func.func @f() { %0 = memref.get_global 3.0 : memref<i32> \n return }',
  // Valid forms still parse and print as before.
  'func.func private @g() -> i32\nfunc.func @f() -> i32 { %0 = func.call @g() : () -> i32 \n return %0 : i32 }',
  'func.func private @g(i32)\nfunc.func @f() { %0 = func.constant @g : (i32) -> () \n return }',
  'memref.global "private" constant @c : memref<i32> = dense<1>\nfunc.func @f() -> memref<i32> { %0 = memref.get_global @c : memref<i32> \n return %0 : memref<i32> }',
];

for (const [i, input] of cases.entries()) {
  test(`format attribute value types, case ${i}, as mlir-opt 22`, () => {
    const r = optAndReference(input + '\n');
    assert.equal(r.err, r.ref.err);
    assert.equal(r.out, r.ref.out);
    assert.equal(r.code, r.ref.code);
  });
}
