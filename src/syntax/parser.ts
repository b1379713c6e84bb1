// The parser of the textual format: the token-level machinery of
// TokenParser (token-parser.ts) with types, attributes and locations bound to
// the functions of type-parser.ts and attribute-parser.ts. Operations are
// parsed by OperationParser (op-parser.ts), a subclass.

import type { Attribute, Type } from '../ir/attributes.js';
import type { Location } from '../ir/location.js';
import type { AsmTokenParser } from '../ir/op-asm.js';
import { objectList } from '../ir/object-list.js';
import { TokenParser, type ParserState } from './token-parser.js';
import { parseAttribute, parseLocationInstance, parseOptionalAttribute } from './attribute-parser.js';
import { parseOptionalType, parseType } from './type-parser.js';

export class Parser extends TokenParser implements AsmTokenParser {
  /**
   * Shaped types parsed so far by their spelling, as [spelling, type, ...]
   * (type-parser.ts, `memoShapedType`): printed IR repeats a few
   * `memref<?xf32>`-like spellings thousands of times.
   */
  readonly shapedTypeMemo: (string | Type)[] = objectList();
  constructor(state: ParserState, start?: number, end?: number) {
    super(state, start, end);
    // A subclass reads the first token at the end of its own constructor.
    if (new.target === Parser) this.lexFirstToken();
  }
  parseType(): Type {
    return parseType(this);
  }
  parseOptionalType(): Type | undefined {
    return parseOptionalType(this);
  }
  parseAttribute(type?: Type): Attribute {
    return parseAttribute(this, type);
  }
  parseOptionalAttribute(type?: Type): Attribute | undefined {
    return parseOptionalAttribute(this, type);
  }
  parseLocationInstance(): Location {
    return parseLocationInstance(this);
  }
}

/**
 * The token-level parser underneath an op or dialect parser: the IR's
 * interfaces only know it as an `AsmTokenParser`; this is its typed view.
 */
export function tokenParser(p: { readonly parser: AsmTokenParser }): Parser {
  const parser = p.parser;
  if (!(parser instanceof Parser)) throw new Error('tokenParser: not a syntax-layer parser');
  return parser;
}

export { ParseAbort, type ParserState } from './token-parser.js';
export { Tok } from './lexer.js';
