// The vector dialect. Only `vector.print` is defined; the dialect accepts its
// other operations unregistered (generic form) so IR using them still parses.

import { Attribute, type AttrTypePrinter, type Type, uniqueAttribute } from '../../ir/attributes.js';
import { StringAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, VectorType } from '../../ir/builtin-types.js';
import type { Dialect } from '../../ir/context.js';
import type { MemoryEffectsInterface } from '../../ir/interfaces.js';
import { fail, q } from '../../ir/context.js';
import { defineRawOp } from '../../ods/index.js';
import { Tok } from '../../syntax/lexer.js';
import type { DialectAsmParser } from '../../ir/op-asm.js';
import type { Parser } from '../../syntax/parser.js';
import { parseAttrDict, printAttrDict } from '../../ods/helpers.js';
import { tokenParser } from '../../syntax/parser.js';

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
  const offset = parser.tok.start;
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

const PrintOp = defineRawOp({
  name: 'vector.print',
  attributes: ['punctuation', 'stringLiteral'],
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
      const offset = p.currentOffset();
      const kw = p.parseOptionalKeyword(['str', 'punctuation']);
      if (!kw) break;
      if (seen.has(kw)) p.error(`\`${kw}\` clause can appear at most once in the expansion of the oilist directive`, p.nameOffset);
      void offset;
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
    parseAttrDict(p, state);
    if (!state.attributes.has('punctuation')) state.attributes.set('punctuation', PrintPunctuationAttr.get('newline'));
  },
  print(p, op) {
    if (op.numOperands) {
      p.write(' ');
      p.printOperand(op.operand(0));
      p.write(' : ');
      p.printType(op.operand(0).type);
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
  verify(op, ctx) {
    const punct = op.propertiesView.get('punctuation');
    if (punct !== undefined && !(punct instanceof PrintPunctuationAttr))
      return fail(ctx, op, "attribute 'punctuation' failed to satisfy constraint: Punctuation for separating vectors or vector elements");
    const str = op.propertiesView.get('stringLiteral');
    if (str !== undefined && !(str instanceof StringAttr))
      return fail(ctx, op, "attribute 'stringLiteral' failed to satisfy constraint: An Attribute containing a string");
    if (op.numOperands > 1) return fail(ctx, op, `expected 0 or 1 operand, but found ${op.numOperands}`);
    if (op.numOperands === 1 && !isPrintable(op.operand(0).type))
      return fail(
        ctx,
        op,
        `operand #0 must be , but got ${q(op.operand(0).type)}`,
      );
    if (str && (op.numOperands || (punct instanceof PrintPunctuationAttr && punct.value !== 'newline')))
      return fail(ctx, op, 'failed to verify that `source` or `punctuation` are not set when printing strings');
    return true;
  },
});

export const vectorDialect: Dialect = {
  name: 'vector',
  ops: [PrintOp],
  allowUnknownOperations: true,
  parseAttribute(d: DialectAsmParser): Attribute {
    const parser = tokenParser(d);
    if (d.mnemonic === 'punctuation') {
      parser.consume();
      return PrintPunctuationAttr.get(parsePunctuationBody(parser, (m, o) => parser.error(m, o)));
    }
    return parser.error(`unknown attribute \`${d.mnemonic}\` in dialect \`vector\``);
  },
};
