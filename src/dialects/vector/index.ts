// The vector dialect. Only `vector.print` is defined; the dialect accepts its
// other operations unregistered (generic form) so IR using them still parses.

import { Attribute, type AttrTypePrinter, type Type, uniqueAttribute } from '../../ir/attributes.js';
import { StringAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, VectorType } from '../../ir/builtin-types.js';
import type { MemoryEffectsInterface } from '../../ir/interfaces.js';
import {
  attrConstraint,
  defaultValuedAttr,
  defineDialect,
  defineOp,
  implementOp,
  optionalAttr,
  optionalOperand,
  predOpTrait,
  printAttrDict,
  typeConstraint,
} from '../../ods/index.js';
import { Tok } from '../../syntax/lexer.js';
import type { DialectAsmParser } from '../../ir/op-asm.js';
import type { Parser } from '../../syntax/parser.js';
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
    p.parseOptionalAttrDict(state.attributes);
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

export const vectorDialect = defineDialect({
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
});
