// Round-trip and error tests for builtin types and attributes, checked live
// against mlir-opt 22: each snippet goes through both tools inside an op, and
// the attribute/type parser and printer on their own must agree with what
// mlir-opt printed (or the error it gave, at the same column).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Parser } from '../../src/syntax/parser.js';
import { Context } from '../../src/ir/context.js';
import { SourceFile } from '../../src/syntax/source.js';
import { PlainAttrTypePrinter } from '../../src/ir/attributes.js';
import { parseAttribute, parseDictionaryAttribute, parseLocationInstance, resolveDeferredLocations } from '../../src/syntax/attribute-parser.js';
import { parseType } from '../../src/syntax/type-parser.js';
import { AliasState, AliasPrinter } from '../../src/syntax/alias-state.js';
import { IntegerType, FloatType, FunctionType, IndexType } from '../../src/ir/builtin-types.js';
import { optAndReference } from '../opt-cases.js';
import { IntegerAttr, FloatAttr, StringAttr, DictionaryAttr, BoolAttr } from '../../src/ir/builtin-attributes.js';

// The oracle saw each snippet followed by a newline, as in a file; MLIR reports
// errors raised at the end of the buffer one character back, so keep it.
function makeParser(text: string, ctx = new Context()): Parser {
  return new Parser({ ctx, source: new SourceFile('x.mlir', text + '\n'), attributeAliases: new Map(), typeAliases: new Map(), deferredLocations: [] });
}

/** Parses `text` as an attribute and prints it, or returns `ERR col: message`. */
function roundTrip(text: string, parse: (p: Parser) => { print(p: PlainAttrTypePrinter): void } = (p) => parseAttribute(p)): string {
  const ctx = new Context();
  ctx.allowUnregisteredDialects = true;
  try {
    const p = makeParser(text, ctx);
    const v = parse(p);
    const pr = new PlainAttrTypePrinter();
    v.print(pr);
    return pr.out;
  } catch (e) {
    const d = ctx.diagnostics.diagnostics[0];
    if (!d) throw e;
    return `ERR ${d.location.fileLineCol()!.column}: ${d.message}`;
  }
}

// Attribute snippets, each tried as the value `a` of an op's attribute dictionary.
const ATTRIBUTES: string[] = [
  "1",
  "-5 : i8",
  "255 : i8",
  "1 : ui8",
  "-1 : ui8",
  "256 : i8",
  "0x10 : i32",
  "7 : index",
  "true",
  "false",
  "1 : i1",
  "3 : si4",
  "1.0",
  "1.5 : f32",
  "0.1 : f32",
  "0.1",
  "3.14159265",
  "-0.0",
  "1.0e20 : f64",
  "1.0e-7 : f32",
  "123456789.0 : f32",
  "0x7FC00000 : f32",
  "0x7FF0000000000000 : f64",
  "0xFF800000 : f32",
  "1.0 : f16",
  "0.1 : bf16",
  "65504.0 : f16",
  "1.0e-40 : f32",
  "2.5 : f8E4M3FN",
  "0.3 : f8E5M2",
  "1.0 : f80",
  "0.1 : f128",
  "100.0 : tf32",
  "-0x1 : f32",
  "0x100000000 : f32",
  "1.5 : i32",
  "1 : f32",
  "\"hello\"",
  "\"a\\\"b\\\\c\\n\\09\\FF\"",
  "\"s\" : i32",
  "[]",
  "[1, 2 : i32, 1.0, 2.0 : f32, \"x\", true]",
  "{}",
  "{b = 1, a, \"c d\" = 2}",
  "{a = 1, a = 2}",
  "@foo",
  "@foo::@bar::@\"baz q\"",
  "@\"x y\"",
  "i32",
  "(i32, f32) -> (i1)",
  "() -> ()",
  "(i32) -> ((f32) -> f32)",
  "tensor<4x?xf32>",
  "tensor<*xi8>",
  "tensor<f32>",
  "tensor<4xf32, \"enc\">",
  "memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>",
  "memref<4xf32, 0>",
  "memref<4xf32, 1>",
  "memref<4xf32, 1 : i32>",
  "memref<?x?xf32, strided<[?, 1], offset: ?>>",
  "memref<*xf32, 3>",
  "memref<0x4xf32>",
  "vector<[4]x8xf32>",
  "vector<f32>",
  "vector<0xi32>",
  "complex<f32>",
  "complex<index>",
  "tuple<i32, tuple<>>",
  "none",
  "index",
  "!t.foo<bar>",
  "!t<\"x y\">",
  "#t.foo<\"x\">",
  "#t<\"a\"> : i32",
  "tensor<4xtensor<2xi32>>",
  "memref<4xtuple<i32>>",
  "i16777216",
  "!foo<\"a\"",
  "unit",
  "affine_map<(d0, d1)[s0] -> (d0 + s0 * 2, d1 floordiv 4)>",
  "affine_map<(d0) -> (-d0, 3 - d0, d0 - 2 * d0, (d0 + 1) * -1, d0 * -3 + 2, -(d0 floordiv 2), d0 mod 4 - 1, (d0 + 4) floordiv 2, d0 * 4 mod 2, 2 + d0 * 3 + 5)>",
  "affine_map<(d0, d1)[s0, s1] -> (d0 * s0 + d1 * s1, s0 * d0, (d0 + d1) * 4, d0 ceildiv 2, d0 - d0 floordiv 4 * 4, d1 * 2 + d0 * 2, -(d0 - d1))>",
  "affine_map<(i, j) -> (j, i)>",
  "affine_map<() -> (0)>",
  "affine_map<(d0) -> ()>",
  "affine_set<(d0)[s0] : (d0 >= 0, d0 <= s0, d0 == 2, -d0 + s0 - 1 >= 0)>",
  "affine_set<(d0) : ()>",
  "affine_map<(d0, d0) -> (d0)>",
  "affine_map<(d0) -> (d0 * d0)>",
  "affine_map<(d0) -> (d1)>",
  "affine_map<(d0)[s0] -> (d0 floordiv d0)>",
  "affine_map<(d0) -> (d0 +)>",
  "affine_map<(d0) -> (-)>",
  "dense<[1, 2]> : tensor<2xi32>",
  "dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>",
  "dense<[1, 1]> : tensor<2xi8>",
  "dense<5> : tensor<i64>",
  "dense<> : tensor<0xi32>",
  "dense<[]> : tensor<0xi32>",
  "dense<1.0> : tensor<4xf32>",
  "dense<[1.5, -2.0]> : vector<2xf16>",
  "dense<[true, false, true]> : tensor<3xi1>",
  "dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>",
  "dense<(1, 2)> : tensor<2xcomplex<i32>>",
  "dense<[\"a\", \"b\"]> : tensor<2x!t.s>",
  "dense<\"0x01020304\"> : tensor<4xi8>",
  "dense<\"0x0101\"> : tensor<2xi8>",
  "dense<\"0x02\"> : tensor<2xi1>",
  "dense<[1, 2]> : tensor<3xi32>",
  "dense<1> : tensor<2xf32>",
  "dense<[[1, 2], [3]]> : tensor<2x2xi32>",
  "dense<[1, -2]> : tensor<2xui8>",
  "dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]> : tensor<10xi4>",
  "dense<[0x7FC00000, 1.0]> : tensor<2xf32>",
  "dense<1> : tensor<?xi32>",
  "dense<1> : i32",
  "array<i32: 1, 2>",
  "array<i32>",
  "array<i1: true, false>",
  "array<f32: 1.0, 2.5>",
  "array<i64: -1>",
  "array<i3: 1>",
  "array<i32: 1.0>",
  "strided<[?, 1], offset: ?>",
  "strided<[1]>",
  "strided<[], offset: 3>",
  "sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>",
  "sparse<[], []> : tensor<3xf32>",
  "sparse<0, 1.0> : tensor<3xf32>",
  "loc(\"a\":1:2)",
  "loc(\"a\":1:2 to 3:4)",
  "loc(\"a\":1:2 to :5)",
  "loc(fused[\"a\":1:2])",
  "loc(fused[])",
  "loc(unknown)",
  "dense_resource<blob1> : tensor<4xi32>",
  "-}",
  "[1, 2}",
];

/** Where each snippet sits in the file both tools read: one line per split chunk. */
const PREFIX = '"t.op"() {a = ';
const SUFFIX = '} : () -> ()';

/**
 * Runs scf-opt and mlir-opt 22 on every snippet (as the attribute `a` of an
 * op, one split chunk each), asserts the tools agree, and returns what
 * mlir-opt made of each snippet: the printed value, or `ERR col: message`
 * with the column counted within the snippet.
 */
function mlirOptVerdicts(snippets: readonly string[]): string[] {
  const input = snippets.map((s) => PREFIX + s + SUFFIX).join('\n// -----\n') + '\n';
  // Local scope: values print inline instead of through #map/!tuple aliases.
  const r = optAndReference(input, '--allow-unregistered-dialect', '--split-input-file', '--mlir-print-local-scope');
  assert.equal(r.out, r.ref.out);
  assert.equal(r.err, r.ref.err);
  assert.equal(r.code, r.ref.code);
  const verdicts: (string | undefined)[] = snippets.map(() => undefined);
  for (const m of r.ref.err.matchAll(/^<stdin>:(\d+):(\d+): error: (.*)$/gm)) {
    const chunk = (Number(m[1]) - 1) / 2;
    verdicts[chunk] ??= `ERR ${Number(m[2]) - PREFIX.length}: ${m[3]}`;
  }
  const outputs = r.ref.out.split('// -----\n');
  assert.equal(outputs.length, snippets.length);
  return verdicts.map((v, i) => {
    if (v !== undefined) return v;
    const lines = outputs[i]!.split('\n').map((l) => l.trim());
    // A unit attribute prints as the bare name.
    if (lines.includes('"t.op"() {a} : () -> ()')) return 'unit';
    const line = lines.find((l) => l.startsWith(PREFIX) && l.endsWith(SUFFIX));
    assert.ok(line, `no printed op for ${snippets[i]}: ${outputs[i]}`);
    return line.slice(PREFIX.length, line.length - SUFFIX.length);
  });
}

test('attributes round-trip like mlir-opt 22', () => {
  const want = mlirOptVerdicts(ATTRIBUTES);
  ATTRIBUTES.forEach((input, i) => assert.equal(roundTrip(input), want[i], input));
});

// Types, each tried as a type attribute.
const TYPES: string[] = [
  '(i32, f32) -> (i1)',
  '() -> (i32, i64)',
  '(i32) -> ((i32) -> i32)',
  'memref<2x0xf32>',
  'tensor<4x4xf32>',
  'vector<4x?xf32>',
  'tensor<4xf32}',
  'memref<4xf32 1>',
  'memref<4xf32, affine_map<(d0, d1) -> (d0)>>',
  'tensor<*xf32, 1>',
  'memref<4x4xf32, strided<[1]>>',
  'vector<4xcomplex<f32>>',
];

test('parseType: function types and errors, like mlir-opt 22', () => {
  const want = mlirOptVerdicts(TYPES);
  TYPES.forEach((input, i) => assert.equal(roundTrip(input, (p) => parseType(p)), want[i], input));
});

test('unregistered dialect types and attributes need allowUnregisteredDialects, as in mlir-opt 22', () => {
  const snippets: [text: string, isAttribute: boolean][] = [
    ['!foo.bar', false],
    ['!foo<"bar">', false],
    ['!foo.bar<1>', false],
    ['#foo<"a">', true],
    ['#foo.bar', true],
    ['#foo.bar<1>', true],
  ];
  const r = optAndReference(snippets.map(([t]) => `module attributes {a = ${t}} {}`).join('\n// -----\n') + '\n', '--split-input-file');
  assert.equal(r.out, r.ref.out);
  assert.equal(r.err, r.ref.err);
  assert.equal(r.code, r.ref.code);
  const messages = [...r.ref.err.matchAll(/: error: (.*)$/gm)].map((m) => m[1]);
  assert.equal(messages.length, snippets.length);
  // The parsers on their own, without the tool, give the same message.
  snippets.forEach(([text, isAttribute], i) => {
    const ctx = new Context();
    assert.throws(() => (isAttribute ? parseAttribute(makeParser(text, ctx)) : parseType(makeParser(text, ctx))));
    assert.equal(ctx.diagnostics.diagnostics[0]?.message, messages[i]);
  });
});

test('factories intern and keep MLIR semantics', () => {
  assert.equal(IntegerType.get(32), IntegerType.get(32, 'signless'));
  assert.equal(IntegerAttr.get(IntegerType.get(8), 255n).value, -1n);
  assert.equal(BoolAttr.get(true), IntegerAttr.get(IntegerType.get(1), 1n));
  assert.equal(FloatAttr.get(FloatType.f32, 0.1), FloatAttr.get(FloatType.get('f32'), 0.1));
  assert.equal(FloatAttr.get(FloatType.f32, 0.1).value, Math.fround(0.1));
  assert.equal(StringAttr.get('x'), StringAttr.get('x'));
  assert.equal(FunctionType.get([IndexType.get()], []), FunctionType.get([IndexType.get()], []));
  const d = DictionaryAttr.get([['b', StringAttr.get('1')], ['a', StringAttr.get('2')]]);
  assert.deepEqual(d.entries.map((e) => e[0]), ['a', 'b']);
  assert.equal(d.get('b'), StringAttr.get('1'));
  assert.equal(DictionaryAttr.get([['a', StringAttr.get('2')], ['b', StringAttr.get('1')]]), d);
});

test('locations: trailing specifiers, forward alias references', () => {
  const p = makeParser('loc(#loc3)');
  const loc = parseLocationInstance(p);
  p.state.attributeAliases.set('loc3', parseAttribute(makeParser('loc("f.mlir":3:4)')));
  assert.equal(resolveDeferredLocations(p.state), true);
  assert.equal(loc.fileLineCol()!.line, 3);
  const q = makeParser('loc(#nope)');
  parseLocationInstance(q);
  assert.equal(resolveDeferredLocations(q.state), false);
  assert.equal(q.ctx.diagnostics.diagnostics[0].message, 'operation location alias was never defined');
});

// An attribute dictionary whose values need every kind of alias.
const ALIAS_INPUT = "{a = affine_map<(d0) -> (d0 + 1)>, b = memref<4xf32, affine_map<(d0) -> (d0 * 2)>>, c = [affine_map<(d0) -> (d0 + 1)>, affine_set<(d0) : (d0 >= 0)>], d = tuple<i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32>, e = memref<4xf32, affine_map<(d0) -> (d0 * 3)>>, f = affine_map<(d0)[s0] -> (d0 + s0)>, g = loc(\"x\":1:2), h = loc(fused[\"a\":1:2, \"b\":3:4]), i = tuple<i8, tuple<i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32>>}";

test('alias generation matches mlir-opt 22', () => {
  // mlir-opt's alias definitions and the op's dictionary that uses them.
  const r = optAndReference(`"t.op"() ${ALIAS_INPUT} : () -> ()\n`, '--allow-unregistered-dialect', '--mlir-print-op-generic');
  assert.equal(r.out, r.ref.out);
  assert.equal(r.code, r.ref.code);
  const lines = r.ref.out.split('\n');
  const ALIAS_EXPECTED = lines.filter((l) => l.startsWith('#') || l.startsWith('!')).join('\n') + '\n';
  const opLine = lines.find((l) => l.trim().startsWith('"t.op"() {'))!.trim();
  const ALIAS_USES = opLine.slice('"t.op"() '.length, opLine.length - ' : () -> ()'.length);
  const ctx = new Context();
  ctx.allowUnregisteredDialects = true;
  const d = parseDictionaryAttribute(makeParser(ALIAS_INPUT, ctx));
  const aliases = new AliasState(ctx, { printDebugInfo: false });
  for (const [, v] of d.entries) aliases.visitAttribute(v);
  aliases.finalize();
  assert.equal(aliases.printDefinitions(undefined, false), ALIAS_EXPECTED);
  assert.equal(aliases.printDefinitions(undefined, true), '');
  const pr = new AliasPrinter(aliases);
  pr.write('{');
  d.entries.forEach(([n, v], i) => {
    if (i) pr.write(', ');
    pr.write(n + ' = ');
    pr.printAttribute(v);
  });
  pr.write('}');
  assert.equal(pr.out, ALIAS_USES);
});
