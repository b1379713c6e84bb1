// The parser's fast paths for common literals and types (small decimal
// integers read from the bytes, attributes cached by small value or by double,
// `i32`/`f32`/`index` recognised without a substring) must decide exactly what
// the general paths decide. Each group is checked live against mlir-opt 22
// (output bytes, diagnostics and exit code), and the caches must hand out the
// same objects as the bigint-keyed tables behind them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optAndReference } from '../opt-cases.js';
import { DenseArrayAttr, DictionaryAttr, FloatAttr, IntegerAttr, StringAttr, UnitAttr } from '../../src/ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType } from '../../src/ir/builtin-types.js';

function sameAsMlirOpt(snippets: readonly string[], ...args: string[]): void {
  const input = snippets.join('\n// -----\n') + '\n';
  const r = optAndReference(input, '--allow-unregistered-dialect', '--split-input-file', ...args);
  assert.equal(r.err, r.ref.err);
  assert.equal(r.out, r.ref.out);
  assert.equal(r.code, r.ref.code);
}

/** Magnitudes around every boundary of a `width`-bit integer that stays within 10 digits. */
function boundaries(width: number): number[] {
  const out = new Set<number>([0, 1, 2, 7, 9, 10, 127, 128, 255, 256, 999999999, 1000000000, 1073741824]);
  for (const e of [width - 1, width]) {
    if (e < 0 || e > 34) continue;
    for (const d of [-1, 0, 1]) if (2 ** e + d >= 0) out.add(2 ** e + d);
  }
  return [...out].sort((a, b) => a - b);
}

test('integer literals at every width boundary: values and overflow errors as mlir-opt 22', () => {
  const snippets: string[] = [];
  const types = ['index'];
  for (const w of [0, 1, 2, 3, 7, 8, 16, 29, 30, 31, 32, 33, 64]) types.push(`i${w}`, `si${w}`, `ui${w}`);
  for (const t of types) {
    const w = t === 'index' ? 64 : Number(t.replace(/^[su]?i/, ''));
    for (const v of boundaries(w)) for (const sign of ['', '-']) snippets.push(`"t.op"() {a = ${sign}${v} : ${t}} : () -> ()`);
  }
  sameAsMlirOpt(snippets);
});

test('integer literal spellings: leading zeros, -0, hex, untyped, long decimals', () => {
  sameAsMlirOpt([
    '"t.op"() {a = 007 : i32, b = 0 : i1, c = 1 : i1, d = 000000000 : i8} : () -> ()',
    '"t.op"() {a = -0 : i32} : () -> ()',
    '"t.op"() {a = -0 : index} : () -> ()',
    '"t.op"() {a = 0x7 : i8, b = 0xFF : i8, c = 0x0 : index} : () -> ()',
    '"t.op"() {a = 5, b = -5, c = 123456789, d = -123456789} : () -> ()',
    '"t.op"() {a = 12345678901234567890 : i64} : () -> ()',
    '"t.op"() {a = 1234567890123 : i64, b = -1234567890123 : index} : () -> ()',
    '"t.op"() {a = -1 : ui8} : () -> ()',
    '"t.op"() {a = 3 : f32} : () -> ()',
    '"t.op"() {a = 0x3F800000 : f32, b = -0x1 : f16} : () -> ()',
    '%c = arith.constant 255 : i8\n%d = arith.constant -128 : i8\n%e = arith.constant 0 : index\n"t.use"(%c, %d, %e) : (i8, i8, index) -> ()',
  ]);
});

test('float literals: repeated values, -0.0 beside 0.0, every common type, as mlir-opt 22', () => {
  const snippets: string[] = [];
  for (const t of ['f16', 'bf16', 'f32', 'f64', 'f8E4M3FN', 'f80']) {
    snippets.push(
      `"t.op"() {a = 0.0 : ${t}, b = -0.0 : ${t}, c = 0.0 : ${t}, d = -0.0 : ${t}, e = 1.5 : ${t}, f = 1.5 : ${t}, g = 0.1 : ${t}, h = 1.0e10 : ${t}, i = -2.5e-3 : ${t}} : () -> ()`,
    );
  }
  snippets.push('"t.op"() {a = 0.0, b = -0.0, c = 1.0e400, d = -1.0e400, e = 1.0e-400} : () -> ()');
  snippets.push('"t.op"() {a = 1.0e400 : f32} : () -> ()');
  sameAsMlirOpt(snippets);
});

test('keyword types and integer types read from the bytes', () => {
  sameAsMlirOpt([
    '"t.op"() {a = i1, b = i32, c = i0032, d = i999, e = si8, f = ui64, g = i1000, h = index, i = f16, j = f32, k = f64} : () -> ()',
    '"t.op"() : () -> (index, f32, f64, f16, i1, i64, memref<?xf32>, memref<4x?xi32>, vector<4xf32>, tuple<index, f80>)',
    '"t.op"() {a = i16777216} : () -> ()',
    '"t.op"() {a = i99999999999} : () -> ()',
    '"t.op"() {a = f31} : () -> ()',
    '"t.op"() {a = indexx} : () -> ()',
    '"t.op"() : () -> (f33)',
  ]);
});

test('the small-value cache hands out the bigint table\'s attributes', () => {
  const i8 = IntegerType.get(8);
  const u8 = IntegerType.get(8, 'unsigned');
  const i64 = IntegerType.get(64);
  const index = IndexType.get();
  // Number and bigint arguments, wrapped to the type, meet in one object.
  assert.equal(IntegerAttr.get(i8, 255), IntegerAttr.get(i8, -1n));
  assert.equal(IntegerAttr.get(i8, -1), IntegerAttr.get(i8, 255n));
  assert.equal(IntegerAttr.get(i8, -1).value, -1n);
  assert.equal(IntegerAttr.get(u8, -1), IntegerAttr.get(u8, 255n));
  assert.equal(IntegerAttr.get(u8, -1).value, 255n);
  assert.equal(IntegerAttr.get(IntegerType.get(0), 5).value, 0n);
  assert.equal(IntegerAttr.get(IntegerType.get(1), 1).value, -1n);
  assert.equal(IntegerAttr.get(IntegerType.get(64, 'unsigned'), -1).value, 2n ** 64n - 1n);
  // Made through the bigint path first, then asked for by number (and back).
  const big = IntegerAttr.get(i64, 1000n);
  assert.equal(IntegerAttr.get(i64, 1000), big);
  const small = IntegerAttr.get(index, -77);
  assert.equal(IntegerAttr.get(index, -77n), small);
  assert.equal(small.value, -77n);
  // Outside the cached range and non-int32 numbers still work.
  assert.equal(IntegerAttr.get(i64, 2 ** 40), IntegerAttr.get(i64, 2n ** 40n));
  assert.equal(IntegerAttr.get(i64, -5000), IntegerAttr.get(i64, -5000n));
  assert.throws(() => IntegerAttr.get(i64, 1.5));
});

test('FloatAttr by double: -0 and 0 apart, NaN and rounding as by bits', () => {
  const f32 = FloatType.f32;
  const f16 = FloatType.f16;
  const pos = FloatAttr.get(f32, 0);
  const neg = FloatAttr.get(f32, -0);
  assert.notEqual(pos, neg);
  assert.equal(FloatAttr.get(f32, -0), neg);
  assert.equal(neg.bits, 0x80000000n);
  assert.equal(FloatAttr.get(f32, NaN), FloatAttr.get(f32, NaN));
  // Two doubles that round to one f16 are one attribute.
  assert.equal(FloatAttr.get(f16, 0.1), FloatAttr.get(f16, 0.10000001));
  assert.equal(FloatAttr.get(f32, 1.5), FloatAttr.getFromBits(f32, 0x3fc00000n));
  assert.notEqual(FloatAttr.get(f32, 1.5), FloatAttr.get(FloatType.f64, 1.5));
});

test('dictionaries and dense arrays walk their caches part by part: one object per structure', () => {
  const a = StringAttr.get('a');
  const b = IntegerAttr.get(IntegerType.get(32), 7);
  const sorted = DictionaryAttr.get([['x', a], ['y', b]]);
  assert.equal(DictionaryAttr.get([['y', b], ['x', a]]), sorted);
  assert.deepEqual(sorted.entries.map((e) => e[0]), ['x', 'y']);
  assert.ok(Object.isFrozen(sorted.entries) && Object.isFrozen(sorted.entries[0]));
  assert.equal(DictionaryAttr.get([]), DictionaryAttr.get());
  assert.notEqual(DictionaryAttr.get([['x', a]]), sorted);
  assert.notEqual(DictionaryAttr.get([['x', UnitAttr.get()]]), DictionaryAttr.get([['x', a]]));
  // A caller's list is not kept or reordered.
  const input: [string, typeof a][] = [['z', a], ['x', a]];
  const d = DictionaryAttr.get(input);
  assert.deepEqual(input.map((e) => e[0]), ['z', 'x']);
  assert.notEqual(d.entries, input);

  const i64 = IntegerType.get(64);
  const seg = DenseArrayAttr.getI64([1, 0, 2]);
  assert.equal(DenseArrayAttr.getI64([1, 0, 2]), seg);
  assert.equal(DenseArrayAttr.getI64([1n, 0n, 2n]), seg);
  assert.equal(DenseArrayAttr.get(i64, [1n, 0n, 2n]), seg);
  assert.deepEqual(seg.values, [1n, 0n, 2n]);
  assert.notEqual(DenseArrayAttr.getI64([1, 0]), seg);
  assert.equal(DenseArrayAttr.getI64([]), DenseArrayAttr.get(i64, []));
  // Normalized per element type: 255 and -1 are one i8 array.
  assert.equal(DenseArrayAttr.get(IntegerType.get(8), [255n]), DenseArrayAttr.get(IntegerType.get(8), [-1n]));
  assert.throws(() => DenseArrayAttr.getI64([1.5]));
});
