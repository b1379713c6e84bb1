// The LLVM dialect's types: !llvm.ptr, !llvm.struct<...>, !llvm.array<...>,
// !llvm.func<...>, !llvm.void and a few opaque keyword types. Inside another
// LLVM type, LLVM types are written without their `!llvm.` prefix, as MLIR does.

import { Type, uniqueType, type AttrTypePrinter } from '../../ir/attributes.js';
import { Tok } from '../../syntax/lexer.js';
import type { Parser } from '../../syntax/parser.js';

/** Base of the LLVM dialect types: printed as `!llvm.` + body. */
export abstract class LLVMType extends Type {
  abstract printBody(p: AttrTypePrinter): void;
  print(p: AttrTypePrinter): void {
    p.write('!llvm.');
    this.printBody(p);
  }
  override get dialect(): string {
    return 'llvm';
  }
}

/** Prints a type nested in an LLVM type: LLVM types lose their prefix. */
function printNested(p: AttrTypePrinter, t: Type): void {
  if (t instanceof LLVMType) t.printBody(p);
  else p.printType(t);
}

export class LLVMPointerType extends LLVMType {
  private constructor(readonly addressSpace: number) {
    super();
  }
  static get(addressSpace = 0): LLVMPointerType {
    return uniqueType(new LLVMPointerType(addressSpace));
  }
  printBody(p: AttrTypePrinter): void {
    p.write(this.addressSpace ? `ptr<${this.addressSpace}>` : 'ptr');
  }
}

export class LLVMVoidType extends LLVMType {
  static get(): LLVMVoidType {
    return uniqueType(new LLVMVoidType());
  }
  printBody(p: AttrTypePrinter): void {
    p.write('void');
  }
}

/** Keyword-only types the engine does not execute (label, metadata, token, ...). */
export class LLVMKeywordType extends LLVMType {
  private constructor(readonly name: string) {
    super();
  }
  static get(name: string): LLVMKeywordType {
    return uniqueType(new LLVMKeywordType(name));
  }
  printBody(p: AttrTypePrinter): void {
    p.write(this.name);
  }
}

export class LLVMArrayType extends LLVMType {
  private constructor(
    readonly numElements: number,
    readonly elementType: Type,
  ) {
    super();
  }
  static get(numElements: number, elementType: Type): LLVMArrayType {
    return uniqueType(new LLVMArrayType(numElements, elementType));
  }
  printBody(p: AttrTypePrinter): void {
    p.write(`array<${this.numElements} x `);
    printNested(p, this.elementType);
    p.write('>');
  }
  override walkImmediateSubElements(visit: (e: Type) => void): void {
    visit(this.elementType);
  }
}

export class LLVMStructType extends LLVMType {
  private constructor(
    /** Empty for literal structs. */
    readonly name: string,
    readonly body: readonly Type[],
    readonly packed: boolean,
    /** Identified structs declared `opaque`. */
    readonly opaque: boolean,
  ) {
    super();
  }
  static getLiteral(body: readonly Type[], packed = false): LLVMStructType {
    return uniqueType(new LLVMStructType('', Object.freeze([...body]), packed, false));
  }
  static getIdentified(name: string, body: readonly Type[], packed = false, opaque = false): LLVMStructType {
    return uniqueType(new LLVMStructType(name, Object.freeze([...body]), packed, opaque));
  }
  get isIdentified(): boolean {
    return this.name !== '';
  }
  printBody(p: AttrTypePrinter): void {
    p.write('struct<');
    if (this.isIdentified) {
      p.write(JSON.stringify(this.name));
      if (this.opaque) {
        p.write(', opaque>');
        return;
      }
      p.write(', ');
    }
    if (this.packed) p.write('packed ');
    p.write('(');
    this.body.forEach((t, i) => {
      if (i) p.write(', ');
      printNested(p, t);
    });
    p.write(')>');
  }
  override walkImmediateSubElements(visit: (e: Type) => void): void {
    for (const t of this.body) visit(t);
  }
}

export class LLVMFunctionType extends LLVMType {
  private constructor(
    readonly returnType: Type,
    readonly params: readonly Type[],
    readonly varArg: boolean,
  ) {
    super();
  }
  static get(returnType: Type, params: readonly Type[], varArg = false): LLVMFunctionType {
    return uniqueType(new LLVMFunctionType(returnType, Object.freeze([...params]), varArg));
  }
  get isVoid(): boolean {
    return this.returnType instanceof LLVMVoidType;
  }
  printBody(p: AttrTypePrinter): void {
    p.write('func<');
    printNested(p, this.returnType);
    p.write(' (');
    this.params.forEach((t, i) => {
      if (i) p.write(', ');
      printNested(p, t);
    });
    if (this.varArg) p.write(this.params.length ? ', ...' : '...');
    p.write(')>');
  }
  override walkImmediateSubElements(visit: (e: Type) => void): void {
    visit(this.returnType);
    for (const t of this.params) visit(t);
  }
}

const KEYWORD_TYPES = ['label', 'metadata', 'token', 'x86_amx', 'ppc_fp128'];
const LLVM_TYPE_WORDS = new Set(['ptr', 'void', 'array', 'struct', 'func', ...KEYWORD_TYPES]);

/** Parses a type inside an LLVM type: an LLVM type body (`ptr`, `struct<...>`) or any builtin type. */
export function parseNestedType(parser: Parser): Type {
  const k = parser.tokKind;
  if ((k === Tok.bare_identifier || k === Tok.keyword) && LLVM_TYPE_WORDS.has(parser.text)) return parseLLVMTypeBody(parser);
  return parser.parseType();
}

function parseSmallInt(parser: Parser, what: string): number {
  if (!parser.is(Tok.integer)) parser.error(`expected ${what}`);
  const v = Number(parser.integerValue());
  parser.consume();
  return v;
}

/** Parses the body of an LLVM type, starting at its keyword. */
export function parseLLVMTypeBody(parser: Parser): Type {
  const offset = parser.tokStart;
  const word = parser.is(Tok.bare_identifier) || parser.is(Tok.keyword) ? parser.text : '';
  if (!word) parser.error('expected LLVM type');
  parser.consume();
  switch (word) {
    case 'ptr': {
      if (!parser.consumeIf(Tok.less)) return LLVMPointerType.get(0);
      const as = parseSmallInt(parser, 'address space');
      parser.expect(Tok.greater, "expected '>'");
      return LLVMPointerType.get(as);
    }
    case 'void':
      return LLVMVoidType.get();
    case 'array': {
      parser.expect(Tok.less, "expected '<'");
      const n = parseSmallInt(parser, 'array size');
      if (!parser.consumeKeywordIf('x')) parser.error("expected 'x' in array type");
      const elem = parseNestedType(parser);
      parser.expect(Tok.greater, "expected '>'");
      return LLVMArrayType.get(n, elem);
    }
    case 'func': {
      parser.expect(Tok.less, "expected '<'");
      const ret = parseNestedType(parser);
      parser.expect(Tok.l_paren, "expected '('");
      const params: Type[] = [];
      let varArg = false;
      if (!parser.consumeIf(Tok.r_paren)) {
        do {
          if (parser.consumeIf(Tok.ellipsis)) {
            varArg = true;
            break;
          }
          params.push(parseNestedType(parser));
        } while (parser.consumeIf(Tok.comma));
        parser.expect(Tok.r_paren, "expected ')'");
      }
      parser.expect(Tok.greater, "expected '>'");
      return LLVMFunctionType.get(ret, params, varArg);
    }
    case 'struct': {
      parser.expect(Tok.less, "expected '<'");
      let name = '';
      if (parser.is(Tok.string)) {
        name = parser.stringValue();
        parser.consume();
        parser.expect(Tok.comma, "expected ','");
        if (parser.consumeKeywordIf('opaque')) {
          parser.expect(Tok.greater, "expected '>'");
          return LLVMStructType.getIdentified(name, [], false, true);
        }
      }
      const packed = parser.consumeKeywordIf('packed');
      parser.expect(Tok.l_paren, "expected '('");
      const body: Type[] = [];
      if (!parser.consumeIf(Tok.r_paren)) {
        do body.push(parseNestedType(parser));
        while (parser.consumeIf(Tok.comma));
        parser.expect(Tok.r_paren, "expected ')'");
      }
      parser.expect(Tok.greater, "expected '>'");
      return name ? LLVMStructType.getIdentified(name, body, packed) : LLVMStructType.getLiteral(body, packed);
    }
  }
  if (KEYWORD_TYPES.includes(word)) return LLVMKeywordType.get(word);
  return parser.error(`unknown LLVM type: ${word}`, offset);
}

// ---- queries used by the verifier and the engine

export function isLLVMPointer(t: Type): t is LLVMPointerType {
  return t instanceof LLVMPointerType;
}

/** The element type at `position` of an aggregate, or undefined when the position is invalid. */
export function aggregateElementType(t: Type, position: readonly number[]): Type | undefined {
  let cur: Type = t;
  for (const i of position) {
    if (cur instanceof LLVMStructType) {
      if (i < 0 || i >= cur.body.length) return undefined;
      cur = cur.body[i];
    } else if (cur instanceof LLVMArrayType) {
      if (i < 0 || i >= cur.numElements) return undefined;
      cur = cur.elementType;
    } else return undefined;
  }
  return cur;
}
