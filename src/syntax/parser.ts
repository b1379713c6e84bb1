// The parser of the textual format: the token-level machinery of
// TokenParser (token-parser.ts) with types, attributes and locations bound to
// the functions of type-parser.ts and attribute-parser.ts. Operations are
// parsed by OperationParser (op-parser.ts), a subclass.

import type { Attribute, Type } from '../ir/attributes.js';
import type { Location } from '../ir/location.js';
import { TokenParser } from './token-parser.js';
import { parseAttribute, parseLocationInstance, parseOptionalAttribute } from './attribute-parser.js';
import { parseOptionalType, parseType } from './type-parser.js';

export class Parser extends TokenParser {
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

export { ParseAbort, type ParserState } from './token-parser.js';
export { Tok } from './lexer.js';
