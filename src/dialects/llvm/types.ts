// The LLVM dialect's types: !llvm.ptr, !llvm.struct<...>, !llvm.array<...>,
// !llvm.func<...>, !llvm.void and a few opaque keyword types. Inside another
// LLVM type, LLVM types are written without their `!llvm.` prefix, as MLIR does.

import { Type, uniqueType, type AttrTypePrinter } from '../../ir/attributes.js';
import { Tok } from '../../syntax/lexer.js';
import type { Parser } from '../../syntax/parser.js';
import { escapeString } from '../../ir/location.js';

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

/** A target extension type (`!llvm.target<"name", types..., ints...>`): opaque to the engine. */
export class LLVMTargetExtType extends LLVMType {
  private constructor(
    readonly extName: string,
    readonly typeParams: readonly Type[],
    readonly intParams: readonly number[],
  ) {
    super();
  }
  static get(extName: string, typeParams: readonly Type[], intParams: readonly number[]): LLVMTargetExtType {
    return uniqueType(new LLVMTargetExtType(extName, Object.freeze([...typeParams]), Object.freeze([...intParams])));
  }
  printBody(p: AttrTypePrinter): void {
    p.write(`target<${escapeString(this.extName)}`);
    // Unlike other LLVM types' parameters, these print with their prefix.
    for (const t of this.typeParams) {
      p.write(', ');
      p.printType(t);
    }
    for (const n of this.intParams) p.write(`, ${n}`);
    p.write('>');
  }
  override walkImmediateSubElements(visit: (e: Type) => void): void {
    for (const t of this.typeParams) visit(t);
  }
}

const KEYWORD_TYPES = ['label', 'metadata', 'token', 'x86_amx', 'ppc_fp128'];
const LLVM_TYPE_WORDS = new Set(['ptr', 'void', 'array', 'struct', 'func', 'target', ...KEYWORD_TYPES]);

/** Parses a type inside an LLVM type: an LLVM type body (`ptr`, `struct<...>`) or any builtin type. */
export function parseNestedType(parser: Parser): Type {
  const k = parser.tokKind;
  if ((k === Tok.bare_identifier || k === Tok.keyword) && LLVM_TYPE_WORDS.has(parser.text)) return parseLLVMTypeBody(parser);
  return parser.parseType();
}

/**
 * An unsigned type parameter, as MLIR's generated type parsers read one: an
 * optionally negative integer wrapped to the C++ type's width, and on failure
 * a second error naming the parameter, at the token where parsing stopped.
 */
function parseUnsignedParam(parser: Parser, typeName: string, param: string, cppType: string, bits: number): number {
  const fail = (at: number, message: string): never => {
    parser.emitErrorAt(at, message);
    return parser.error(`failed to parse ${typeName} parameter '${param}' which is to be a \`${cppType}\``, parser.tokStart);
  };
  const at = parser.tokStart;
  const negative = parser.consumeIf(Tok.minus);
  if (!parser.is(Tok.integer)) return fail(parser.tokStart, 'expected integer value');
  const magnitude = parser.integerValue();
  parser.consume();
  const v = negative ? -magnitude : magnitude;
  if (v >= 1n << BigInt(bits) || v < -(1n << BigInt(bits - 1))) return fail(at, 'integer value too large');
  const wrapped = BigInt.asUintN(bits, v);
  // Sizes are JavaScript numbers here: refuse what they cannot hold exactly.
  if (wrapped > BigInt(Number.MAX_SAFE_INTEGER)) return parser.error(`${typeName} parameter '${param}' of ${wrapped} is beyond what scfkit represents (2^53 - 1)`, at);
  return Number(wrapped);
}

/** Parses the body of an LLVM type, starting at its keyword. */
export function parseLLVMTypeBody(parser: Parser): Type {
  const offset = parser.tokStart;
  const word = parser.is(Tok.bare_identifier) || parser.is(Tok.keyword) ? parser.text : '';
  if (!word) parser.error('expected valid keyword'); // MLIR's dispatchParse: no builtin type, then no keyword
  parser.consume();
  switch (word) {
    case 'ptr': {
      if (!parser.consumeIf(Tok.less)) return LLVMPointerType.get(0);
      const as = parseUnsignedParam(parser, 'LLVMPointerType', 'addressSpace', 'unsigned', 32);
      parser.expect(Tok.greater, "expected '>'");
      return LLVMPointerType.get(as);
    }
    case 'void':
      return LLVMVoidType.get();
    case 'array': {
      parser.expect(Tok.less, "expected '<'");
      const n = parseUnsignedParam(parser, 'LLVMArrayType', 'numElements', 'uint64_t', 64);
      if (!parser.consumeKeywordIf('x')) parser.error("expected 'x'");
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
  if (word === 'target') {
    // `<` name (`,` type)* (`,` unsigned)* `>`: types first, then integers.
    parser.expect(Tok.less, "expected '<'");
    if (!parser.is(Tok.string)) {
      parser.emitErrorAt(parser.tokStart, 'expected string');
      parser.error("failed to parse LLVMTargetExtType parameter 'extTypeName' which is to be a `::llvm::StringRef`");
    }
    const extName = parser.stringValue();
    parser.consume();
    const typeParams: Type[] = [];
    const intParams: number[] = [];
    while (parser.consumeIf(Tok.comma)) {
      if (parser.is(Tok.integer) || parser.is(Tok.minus)) intParams.push(parseUnsignedParam(parser, 'LLVMTargetExtType', 'intParams', 'unsigned', 32));
      else if (intParams.length) parser.error('failed to parse parameter list for target extension type');
      else typeParams.push(parseNestedType(parser));
    }
    parser.expect(Tok.greater, "expected '>'");
    return LLVMTargetExtType.get(extName, typeParams, intParams);
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
