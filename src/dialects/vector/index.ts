// The vector dialect. `vector.print`, `vector.load`, `vector.store` and the
// transfer/create_mask ops (transfer.ts) are defined; the dialect accepts its other operations unregistered (generic
// form) so IR using them still parses.

import { Attribute, type AttrTypePrinter, type Type, uniqueAttribute } from '../../ir/attributes.js';
import { IntegerAttr, StringAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, MemRefType, VectorType } from '../../ir/builtin-types.js';
import { fail, type Context } from '../../ir/context.js';
import type { MemoryEffectsInterface } from '../../ir/interfaces.js';
import type { Operation } from '../../ir/operation.js';
import {
  attrConstraint,
  BoolAttrC,
  defaultValuedAttr,
  defaultValuedOptionalAttr,
  defineDialect,
  defineOp,
  implementOp,
  Index,
  operand,
  optionalAttr,
  optionalOperand,
  predOpTrait,
  printAttrDict,
  result,
  typeConstraint,
  variadicOperand,
} from '../../ods/index.js';
import { stridesAndOffset } from '../memref/layout.js';
import { foldMemRefCast } from '../memref/canonicalize.js';
import { Tok } from '../../syntax/lexer.js';
import type { DialectAsmParser } from '../../ir/op-asm.js';
import type { Parser } from '../../syntax/parser.js';
import { tokenParser } from '../../syntax/parser.js';
import { CreateMaskOp, TransferReadOp, TransferWriteOp } from './transfer.js';

export { CreateMaskOp, TransferReadOp, TransferWriteOp, inferTransferOpMaskType, transferMinorIdentityMap } from './transfer.js';

export const PUNCTUATIONS = ['no_punctuation', 'newline', 'comma', 'open', 'close'] as const;
export type Punctuation = (typeof PUNCTUATIONS)[number];

/** `#vector.punctuation<comma>`: what `vector.print` emits after (or instead of) its value. */
export class PrintPunctuationAttr extends Attribute {
  private constructor(readonly value: Punctuation) {
    super();
  }
  static get(value: Punctuation): PrintPunctuationAttr {
    return uniqueAttribute(new PrintPunctuationAttr(value));
  }
  override get dialect(): string {
    return 'vector';
  }
  print(p: AttrTypePrinter): void {
    p.write(`#vector.punctuation<${this.value}>`);
  }
  /** The `<comma>` form the op's assembly uses. */
  printBody(p: AttrTypePrinter): void {
    p.write(`<${this.value}>`);
  }
}

/** `<keyword>` of the punctuation enum; reports MLIR's messages. */
function parsePunctuationBody(parser: Parser, error: (msg: string, offset?: number) => never): Punctuation {
  if (!parser.consumeIf(Tok.less)) error("expected '<'");
  const offset = parser.tokStart;
  const word = parser.is(Tok.bare_identifier) || parser.is(Tok.keyword) ? parser.text : '';
  if (!word) error('expected keyword for Punctuation mode for printing', offset);
  parser.consume();
  if (!(PUNCTUATIONS as readonly string[]).includes(word)) error(`expected ::mlir::vector::PrintPunctuation to be one of: ${PUNCTUATIONS.join(', ')}`, offset);
  if (!parser.consumeIf(Tok.greater)) error("expected '>'");
  return word as Punctuation;
}

function isPrintable(t: Type): boolean {
  return t instanceof VectorType || t instanceof IntegerType || t instanceof IndexType || t instanceof FloatType;
}

const printEffects: MemoryEffectsInterface = { getEffects: () => [{ kind: 'write', resource: 'default' }] };

const PunctuationC = attrConstraint<PrintPunctuationAttr, Punctuation>(
  'Punctuation for separating vectors or vector elements',
  (a) => a instanceof PrintPunctuationAttr,
  { decode: (a) => a.value, encode: (v) => PrintPunctuationAttr.get(v) },
);
const StringLiteralC = attrConstraint<StringAttr, string>('An Attribute containing a string', (a) => a instanceof StringAttr, {
  decode: (a) => a.value,
  encode: (v) => StringAttr.get(v),
});

/** `vector.print`: prints a scalar or vector, a string, or punctuation (as mlir-runner does). */
export const PrintOp = defineOp({
  name: 'vector.print',
  summary: 'print operation (for testing and debugging)',
  traits: [
    predOpTrait('`source` or `punctuation` are not set when printing strings', (op) => {
      if (!op.propertiesView.has('stringLiteral')) return true;
      const punct = op.propertiesView.get('punctuation');
      return op.numOperands === 0 && (!(punct instanceof PrintPunctuationAttr) || punct.value === 'newline');
    }),
  ],
  operands: [optionalOperand('source', typeConstraint('', isPrintable))],
  attributes: [
    defaultValuedAttr('punctuation', PunctuationC, PrintPunctuationAttr.get('newline')),
    optionalAttr('stringLiteral', StringLiteralC),
  ],
});

// MLIR's format uses `oilist(...)`, which the format engine does not implement: the syntax is written out.
implementOp(PrintOp, {
  interfaces: { MemoryEffects: printEffects },
  parse(p, state) {
    const source = p.parseOptionalOperand();
    if (source) {
      p.parseColon();
      const t = p.parseType();
      state.operands = [p.resolveOperand(source, t)];
    }
    // oilist(`str` $stringLiteral | `punctuation` $punctuation), each at most once.
    const seen = new Set<string>();
    for (;;) {
      const kw = p.parseOptionalKeyword(['str', 'punctuation']);
      if (!kw) break;
      if (seen.has(kw)) p.error(`\`${kw}\` clause can appear at most once in the expansion of the oilist directive`, p.nameOffset);
      seen.add(kw);
      if (kw === 'str') {
        const o = p.currentOffset();
        const s = p.parseOptionalAttribute();
        if (!(s instanceof StringAttr)) p.error('invalid kind of attribute specified', o);
        state.attributes.set('stringLiteral', s as StringAttr);
      } else {
        state.attributes.set('punctuation', PrintPunctuationAttr.get(parsePunctuationBody(tokenParser(p), (m, o) => p.error(m, o))));
      }
    }
    p.parseOptionalAttrDict(state);
    if (!state.attributes.has('punctuation')) state.attributes.set('punctuation', PrintPunctuationAttr.get('newline'));
  },
  print(p, op) {
    const source = PrintOp.source(op);
    if (source) {
      p.write(' ');
      p.printOperand(source);
      p.write(' : ');
      p.printType(source.type);
    }
    const str = op.propertiesView.get('stringLiteral');
    if (str) {
      p.write(' str ');
      p.printAttribute(str);
    }
    const punct = op.propertiesView.get('punctuation');
    if (punct instanceof PrintPunctuationAttr && punct.value !== 'newline') {
      p.write(' punctuation ');
      punct.printBody(p);
    }
    printAttrDict(p, op, ['punctuation', 'stringLiteral']);
  },
});

// ---- vector.load / vector.store

/** MLIR's AnyMemRef (ranked memrefs). */
// Typed (MemRefType/VectorType in MLIR's C++): the format parses them as that class.
const RankedMemRef = {
  ...typeConstraint('memref of any type values', (t) => t instanceof MemRefType),
  typeClass: { name: 'builtin.memref', is: (t: Type) => t instanceof MemRefType },
};
const AnyVectorOfAnyRank = {
  ...typeConstraint('vector of any type values', (t) => t instanceof VectorType),
  typeClass: { name: 'builtin.vector', is: (t: Type) => t instanceof VectorType },
};
const i64 = IntegerType.get(64);
const I64PositivePow2 = attrConstraint<IntegerAttr, bigint>(
  '64-bit signless integer attribute whose value is positive and whose value is a power of two > 0',
  (a) => a instanceof IntegerAttr && a.type === i64 && a.value > 0n && (a.value & (a.value - 1n)) === 0n,
  { convertible: (a) => a instanceof IntegerAttr, valueType: i64, decode: (a) => a.value, encode: (v) => IntegerAttr.get(i64, v) },
);
const nontemporal = defaultValuedOptionalAttr('nontemporal', BoolAttrC, IntegerAttr.get(IntegerType.get(1), 0));

export const LoadOp = defineOp({
  name: 'vector.load',
  summary: 'reads an n-D slice of memory into an n-D vector',
  operands: [operand('base', RankedMemRef), variadicOperand('indices', Index)],
  results: [result('result', AnyVectorOfAnyRank)],
  attributes: [nontemporal, optionalAttr('alignment', I64PositivePow2)],
  assemblyFormat: '$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)',
});

export const StoreOp = defineOp({
  name: 'vector.store',
  summary: 'writes an n-D vector to an n-D slice of memory',
  operands: [operand('valueToStore', AnyVectorOfAnyRank), operand('base', RankedMemRef), variadicOperand('indices', Index)],
  attributes: [nontemporal, optionalAttr('alignment', I64PositivePow2)],
  assemblyFormat: '$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)',
});

/** MLIR's verifyLoadStoreMemRefLayout, then the rank, element type and index checks of LoadOp/StoreOp::verify. */
function verifyLoadStore(ctx: Context, op: Operation, vecTy: VectorType, memTy: MemRefType, numIndices: number, what: 'result' | 'valueToStore'): boolean {
  const scalable = vecTy.scalableDims.some((b) => b);
  if (scalable || (vecTy.rank !== 0 && vecTy.dims.reduce((a, b) => a * b, 1) !== 1)) {
    const layout = stridesAndOffset(memTy);
    if (!layout || (layout.strides.length && layout.strides[layout.strides.length - 1] !== 1)) return fail(ctx, op, 'most minor memref dim must have unit stride');
  }
  if (memTy.rank < vecTy.rank)
    return fail(ctx, op, what === 'result' ? 'destination memref has lower rank than the result vector' : 'source memref has lower rank than the vector to store');
  let memElemTy = memTy.elementType;
  if (memElemTy instanceof VectorType) {
    if (memElemTy !== vecTy) return fail(ctx, op, `base memref and ${what === 'result' ? 'result' : 'valueToStore'} vector types should match`);
    memElemTy = memElemTy.elementType;
  }
  if (vecTy.elementType !== memElemTy) return fail(ctx, op, what === 'result' ? 'base and result element types should match' : 'base and valueToStore element type should match');
  if (numIndices !== memTy.rank) return fail(ctx, op, `requires ${memTy.rank} indices`);
  return true;
}

const loadEffects: MemoryEffectsInterface = { getEffects: (op) => [{ kind: 'read', value: LoadOp.base(LoadOp.cast(op)) }] };
const storeEffects: MemoryEffectsInterface = { getEffects: (op) => [{ kind: 'write', value: StoreOp.base(StoreOp.cast(op)) }] };

implementOp(LoadOp, {
  interfaces: { MemoryEffects: loadEffects },
  verify: (op, ctx) => verifyLoadStore(ctx, op, LoadOp.result(op).type as VectorType, LoadOp.base(op).type as MemRefType, LoadOp.indices(op).length, 'result'),
  fold: (op) => (foldMemRefCast(op) ? [LoadOp.result(op)] : undefined),
});

implementOp(StoreOp, {
  interfaces: { MemoryEffects: storeEffects },
  verify: (op, ctx) =>
    verifyLoadStore(ctx, op, StoreOp.valueToStore(op).type as VectorType, StoreOp.base(op).type as MemRefType, StoreOp.indices(op).length, 'valueToStore'),
  fold: (op) => (foldMemRefCast(op) ? [] : undefined),
});

export const vectorDialect = defineDialect({
  name: 'vector',
  ops: [PrintOp, LoadOp, StoreOp, TransferReadOp, TransferWriteOp, CreateMaskOp],
  // Every op inlines anywhere (an inliner interface that always agrees).
  isLegalToInline: () => true,
  allowUnknownOperations: true,
  parseAttribute(d: DialectAsmParser): Attribute {
    const parser = tokenParser(d);
    if (d.mnemonic === 'punctuation') {
      parser.consume();
      return PrintPunctuationAttr.get(parsePunctuationBody(parser, (m, o) => parser.error(m, o)));
    }
    return parser.error(`unknown attribute \`${d.mnemonic}\` in dialect \`vector\``);
  },
});
