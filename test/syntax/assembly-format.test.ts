// The declarative assembly format engine and the ODS-lite verifier, on a small
// test dialect (variadic/optional operands, segment sizes, regions, successors,
// custom directives) and on real arith/index ops, checked live against
// mlir-opt 22.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Context, Traits, type Dialect } from '../../src/ir/context.js';
import { ALL_DIALECTS, registerAllDialects } from '../../src/dialects/registry.js';
import { jsDialect } from '../../src/dialects/js/index.js';
import {
  AnyInteger,
  AttrSizedOperandSegments,
  I64Attr,
  Index,
  SameOperandsAndResultType,
  AnyType,
  attr,
  defineOp,
  defineDialect,
  getOdsInfo,
  getOperandGroup,
  operand,
  optionalAttr,
  optionalOperand,
  region,
  result,
  successor,
  unitAttr,
  variadicOperand,
  variadicResult,
  i64EnumAttr,
} from '../../src/ods/index.js';
import { compileAssemblyFormat, registerCustomDirective } from '../../src/ods/format.js';
import { parseSourceIntoBlock } from '../../src/syntax/op-parser.js';
import { SourceFile } from '../../src/syntax/source.js';
import { Printer } from '../../src/syntax/printer.js';
import { Verifier } from '../../src/ir/verifier.js';
import { IntegerAttr } from '../../src/ir/builtin-attributes.js';
import { optAndReference } from '../opt-cases.js';

registerCustomDirective('Bracketed', {
  parse(p, args) {
    p.parseLSquare();
    args[0].setOperands!(p.parseOperandList());
    p.parseRSquare();
  },
  print(p, _op, args) {
    p.write('[');
    p.printOperands(args[0].values!);
    p.write(']');
  },
});

const Kind = i64EnumAttr(['small', 'big']);

const testDialect: Dialect = defineDialect({
  name: 'tst',
  ops: [
    defineOp({
      name: 'tst.segments',
      traits: [AttrSizedOperandSegments],
      operands: [variadicOperand('a', AnyInteger), optionalOperand('b', Index), operand('c', AnyInteger)],
      attributes: [unitAttr('flag'), optionalAttr('n', I64Attr)],
      assemblyFormat: '`(` $a `)` (`opt` $b^)? $c (`flag` $flag^)? (`n` `=` $n^)? attr-dict `:` type($c) `(` type($a) `)`',
    }),
    defineOp({
      name: 'tst.same',
      traits: [Traits.Pure, SameOperandsAndResultType],
      operands: [operand('x', AnyType), operand('y', AnyType)],
      results: [result('r', AnyType)],
      attributes: [attr('kind', Kind)],
      assemblyFormat: '$kind $x `,` $y attr-dict `:` type($r)',
    }),
    defineOp({
      name: 'tst.fn',
      operands: [variadicOperand('args', AnyType)],
      results: [variadicResult('res', AnyType)],
      assemblyFormat: 'custom<Bracketed>($args) attr-dict `:` functional-type($args, $res)',
    }),
    defineOp({
      name: 'tst.wrap',
      traits: [Traits.NoTerminator, Traits.SingleBlock],
      regions: [region('body')],
      assemblyFormat: 'attr-dict-with-keyword $body',
    }),
    defineOp({
      name: 'tst.br',
      traits: [Traits.IsTerminator],
      successors: [successor('dest')],
      assemblyFormat: '$dest attr-dict',
    }),
  ],
});

function context(): Context {
  const ctx = new Context();
  registerAllDialects(ctx);
  ctx.registerDialect(testDialect);
  return ctx;
}

/** Parses, verifies and prints `text` (custom form); returns the printed text or the diagnostics. */
function roundTrip(text: string, generic = false): string {
  const ctx = context();
  const messages: string[] = [];
  return ctx.diagnostics.withHandler(
    (d) => {
      const loc = d.location.fileLineCol();
      messages.push(`${loc ? `${loc.line}:${loc.column}: ` : ''}${d.message}`);
      return true;
    },
    () => {
      const block = parseSourceIntoBlock(ctx, new SourceFile('t.mlir', text));
      if (!block) return messages.join('\n');
      const out: string[] = [];
      for (let op = block.first; op; op = op.next) {
        if (!new Verifier(ctx).verify(op)) return messages.join('\n');
        out.push(new Printer(ctx, { generic }).printOperation(op));
      }
      return out.join('');
    },
  );
}

const wrap = (body: string): string => `func.func @f(%i: i32, %j: i64, %k: index) {\n${body}\n  return\n}\n`;
const printed = (body: string): string =>
  `func.func @f(%arg0: i32, %arg1: i64, %arg2: index) {\n${body.replace(/^  /gm, '')}\n  return\n}`;

test('variadic and optional operands with segment sizes', () => {
  const out = roundTrip(wrap('  tst.segments (%i, %i) opt %k %j flag n = 3 : i64 (i32, i32)'));
  assert.equal(out, printed('    tst.segments(%arg0, %arg0) opt %arg2 %arg1 flag n = 3 : i64(i32, i32)'));
  const generic = roundTrip(wrap('  tst.segments (%i) %j : i64 (i32)'), true);
  assert.match(generic, /"tst.segments"\(%arg0, %arg1\) <\{operandSegmentSizes = array<i32: 1, 0, 1>\}> : \(i32, i64\) -> \(\)/);
  // A variadic type directive takes at least one type, as MLIR's parseTypeList
  // (an empty list belongs in an optional group).
  assert.equal(roundTrip(wrap('  tst.segments () %j : i64 ()')), '2:29: expected non-function type');
});

test('optional groups print nothing when the anchor is absent', () => {
  assert.equal(roundTrip(wrap('  tst.segments (%i) %j : i64 (i32)')), printed('    tst.segments(%arg0) %arg1 : i64(i32)'));
});

test('segment sizes are verified', () => {
  const out = roundTrip(wrap('  "tst.segments"(%i, %j) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32, i64) -> ()'));
  assert.equal(out, "2:3: 'tst.segments' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'");
});

test('operand groups are available by name', () => {
  const ctx = context();
  const block = parseSourceIntoBlock(ctx, new SourceFile('t.mlir', wrap('  tst.segments (%i, %i) %j : i64 (i32, i32)')))!;
  const fn = block.first!;
  const op = fn.regions[0].entry.first!;
  assert.equal(getOperandGroup(op, 'a').length, 2);
  assert.equal(getOperandGroup(op, 'b').length, 0);
  assert.equal(getOperandGroup(op, 'c')[0].type.key, 'i64');
});

test('enum keywords and type inference from SameOperandsAndResultType', () => {
  assert.equal(roundTrip(wrap('  %0 = tst.same big %i, %i : i32')), printed('    %0 = tst.same big %arg0, %arg0 : i32'));
  const generic = roundTrip(wrap('  %0 = tst.same small %i, %i : i32'), true);
  assert.match(generic, /"tst.same"\(%arg0, %arg0\) <\{kind = 0 : i64\}> : \(i32, i32\) -> i32/);
});

test('inferred operand types are checked at resolution', () => {
  assert.equal(
    roundTrip(wrap('  %0 = tst.same big %i, %j : i32')),
    "2:25: use of value '%j' expects different type than prior uses: 'i32' vs 'i64'",
  );
});

test('custom directives and functional-type', () => {
  assert.equal(
    roundTrip(wrap('  %0:2 = tst.fn [%i, %k] : (i32, index) -> (i32, i32)')),
    printed('    %0:2 = tst.fn [%arg0, %arg2] : (i32, index) -> (i32, i32)'),
  );
  assert.equal(roundTrip(wrap('  tst.fn [] {a} : () -> ()')), printed('    tst.fn [] {a} : () -> ()'));
});

test('regions and attr-dict-with-keyword', () => {
  assert.equal(
    roundTrip('tst.wrap attributes {x = 1 : i64} {\n  %c = arith.constant 1 : i32\n}\n'),
    'tst.wrap attributes {x = 1 : i64} {\n  %c1_i32 = arith.constant 1 : i32\n}',
  );
});

test('successors', () => {
  assert.equal(
    roundTrip('func.func @g() {\n  tst.br ^bb1\n^bb1:\n  return\n}\n'),
    'func.func @g() {\n  tst.br ^bb1\n^bb1:  // pred: ^bb0\n  return\n}',
  );
});

test('ODS count and constraint diagnostics', () => {
  assert.equal(roundTrip('func.func @g() {\n  "tst.br"() : () -> ()\n}\n'), "2:3: 'tst.br' op requires 1 successor but found 0");
  assert.equal(roundTrip(wrap('  %0 = "tst.same"(%i, %i) : (i32, i32) -> i32')), "2:8: 'tst.same' op requires attribute 'kind'");
  assert.equal(
    roundTrip(wrap('  %0 = "tst.same"(%i, %i) {kind = 5 : i64} : (i32, i32) -> i32')),
    "2:8: 'tst.same' op attribute 'kind' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1",
  );
  assert.equal(
    roundTrip(wrap('  %0 = "tst.same"(%i, %j) <{kind = 1 : i64}> : (i32, i64) -> i32')),
    "2:8: 'tst.same' op requires the same type for all operands and results",
  );
  assert.equal(roundTrip(wrap('  "tst.wrap"() : () -> ()')), "2:3: 'tst.wrap' op requires one region");
});

test('bad formats are rejected when first used (formats compile lazily, for start-up)', () => {
  const bad = defineOp({ name: 'tst.bad', operands: [operand('x', Index)], assemblyFormat: '$y attr-dict' });
  // The format is compiled before the arguments are looked at.
  assert.throws(() => bad.definition.print!(undefined as never, undefined as never), /unknown variable '\$y'/);
  assert.throws(() => bad.definition.parse!(undefined as never, undefined as never), /unknown variable '\$y'/);
  const bad2 = defineOp({ name: 'tst.bad2', operands: [operand('x', Index)], assemblyFormat: '($x attr-dict' });
  assert.throws(() => bad2.definition.parse!(undefined as never, undefined as never), /assembly format/);
});

test("every shipped op's assembly format compiles", () => {
  let n = 0;
  for (const d of [...ALL_DIALECTS, jsDialect])
    for (const def of d.ops) {
      const info = getOdsInfo(def);
      const format = info?.spec.assemblyFormat;
      if (format === undefined) continue;
      assert.doesNotThrow(() => compileAssemblyFormat(info!, format), `${def.name}: ${format}`);
      n++;
    }
  assert.ok(n >= 300, `only ${n} formats`);
});

test('default-valued properties are set on new ops', () => {
  const ctx = context();
  const block = parseSourceIntoBlock(ctx, new SourceFile('t.mlir', 'func.func @f(%x: f32) {\n  %0 = arith.addf %x, %x : f32\n  return\n}\n'))!;
  const op = block.first!.regions[0].entry.first!;
  assert.equal(op.properties.get('fastmath')!.key, '#arith.fastmath<none>');
  assert.ok(!(op.properties.get('fastmath') instanceof IntegerAttr));
});

// Spacing rules of literals (OpFormatGen's shouldEmitSpaceBefore), checked on real ops against mlir-opt 22.
test('literal spacing: keyword after ``, punctuation, and enum after ``', () => {
  const input =
    'func.func @f(%a: index, %x: f32) {\n  %0 = index.cmp ult(%a, %a)\n  %1 = arith.addf %x, %x fastmath<fast> : f32\n  %2 = arith.truncf %x upward : f32 to f16\n  return\n}\n';
  const r = optAndReference(input);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
  // The three spacing rules are visible in the output (not just equal to an empty one).
  assert.match(r.out, /index\.cmp ult\(%arg0, %arg0\)\n[^]*fastmath<fast> : f32\n[^]*upward : f32 to f16/);
});
