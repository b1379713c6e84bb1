// The js dialect: what JavaScript's semantics need and MLIR has no op for.
// One op, `js.print`: console.log's output for numbers, booleans, bigints and
// string literals, formatted exactly as Node prints them (vector.print prints
// f64 with C's %g and i1 as 1/0, which is not what a TypeScript program prints).
//
//   js.print ["x = ", " and ", "\0A"] %x, %b : f64, i1
//
// prints strings[0], value 0, strings[1], ..., value n-1, strings[n] (so
// `strings` has one element more than `values`). Values format by type:
// floats as JavaScript's Number::toString (f32 widened first), except that
// -0 prints as "-0" (console.log goes through util.inspect); i1 as
// true/false; other integers and index as signed decimals (a bigint's "n"
// suffix is part of the following string).
//
// `js.exp`, `js.log`, `js.sin`, `js.cos` and `js.pow` are Math.exp, Math.log,
// Math.sin, Math.cos and Math.pow: V8's results, which differ from glibc's
// (what MLIR's math folders and libm compute, and so the engine's math ops) in
// the last bit on a few percent of inputs (about 10% for exp). They have no
// folder, so constant folding never replaces JavaScript's result by glibc's;
// plain MLIR output (scf-ts --emit=mlir-lowered) turns them into math.exp,
// math.log, math.sin, math.cos and math.powf.

import { ArrayAttr, StringAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, NoneType } from '../../ir/builtin-types.js';
import { fail } from '../../ir/context.js';
import type { MemoryEffectsInterface } from '../../ir/interfaces.js';
import { Traits } from '../../ir/context.js';
import { SameOperandsAndResultType, attr, attrConstraint, defineOp, implementOp, operand, result, typeConstraint, variadicOperand } from '../../ods/index.js';

const Printable = typeConstraint('float, integer or index', (t) => t instanceof FloatType || t instanceof IntegerType || t instanceof IndexType);

const StrArrayAttrC = attrConstraint<ArrayAttr, string[]>(
  'string array attribute',
  (a) => a instanceof ArrayAttr && a.elements.every((e) => e instanceof StringAttr),
  {
    valueType: NoneType.get(),
    decode: (a) => a.elements.map((e) => (e as StringAttr).value),
    encode: (v) => ArrayAttr.get(v.map((s) => StringAttr.get(s))) },
);

const printEffects: MemoryEffectsInterface = { getEffects: () => [{ kind: 'write', resource: 'default' }] };

export const PrintOp = defineOp({
  name: 'js.print',
  summary: 'prints values and strings as JavaScript\'s console.log does',
  operands: [variadicOperand('values', Printable)],
  attributes: [attr('strings', StrArrayAttrC)],
  assemblyFormat: '$strings ($values^ `:` type($values))? attr-dict',
});

implementOp(PrintOp, {
  interfaces: { MemoryEffects: printEffects },
  verify(op, ctx) {
    if (PrintOp.strings(op).length !== PrintOp.values(op).length + 1) return fail(ctx, op, 'requires one more string than values');
    return true;
  },
});

const F64 = typeConstraint('64-bit float', (t) => t === FloatType.f64);

/** `js.exp %x : f64`: Math.exp. */
export const ExpOp = defineOp({
  name: 'js.exp',
  summary: "JavaScript's Math.exp",
  traits: [Traits.Pure, SameOperandsAndResultType],
  operands: [operand('operand', F64)],
  results: [result('result', F64)],
  assemblyFormat: '$operand attr-dict `:` type($result)',
});

/** `js.log %x : f64`: Math.log. */
export const LogOp = defineOp({
  name: 'js.log',
  summary: "JavaScript's Math.log",
  traits: [Traits.Pure, SameOperandsAndResultType],
  operands: [operand('operand', F64)],
  results: [result('result', F64)],
  assemblyFormat: '$operand attr-dict `:` type($result)',
});

/** JavaScript's text for a number, as console.log prints it. */
export function formatJsNumber(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

/** `js.sin %x : f64`: Math.sin. */
export const SinOp = defineOp({
  name: 'js.sin',
  summary: "JavaScript's Math.sin",
  traits: [Traits.Pure, SameOperandsAndResultType],
  operands: [operand('operand', F64)],
  results: [result('result', F64)],
  assemblyFormat: '$operand attr-dict `:` type($result)',
});

/** `js.cos %x : f64`: Math.cos. */
export const CosOp = defineOp({
  name: 'js.cos',
  summary: "JavaScript's Math.cos",
  traits: [Traits.Pure, SameOperandsAndResultType],
  operands: [operand('operand', F64)],
  results: [result('result', F64)],
  assemblyFormat: '$operand attr-dict `:` type($result)',
});

/** `js.pow %x, %y : f64`: Math.pow (NaN for a base of ±1 with an infinite or NaN exponent, unlike C's pow). */
export const PowOp = defineOp({
  name: 'js.pow',
  summary: "JavaScript's Math.pow",
  traits: [Traits.Pure, SameOperandsAndResultType],
  operands: [operand('lhs', F64), operand('rhs', F64)],
  results: [result('result', F64)],
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
});

export const JS_OPS = [PrintOp, ExpOp, LogOp, SinOp, CosOp, PowOp];
