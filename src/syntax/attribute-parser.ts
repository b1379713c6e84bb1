// Parsing of builtin attributes, attribute aliases, dialect attributes, affine
// maps/sets and locations, following MLIR's AttributeParser.cpp,
// AffineParser.cpp and LocationParser.cpp.

import type { Attribute, Type } from '../ir/attributes.js';
import {
  AffineExpr,
  AffineMap,
  IntegerSet,
  affineAdd,
  affineCeilDiv,
  affineFloorDiv,
  affineMod,
  affineMul,
  constExpr,
  dimExpr,
  symbolExpr,
} from '../ir/affine.js';
import { FLOAT_SEMANTICS, type FloatSemantics, fromDouble } from '../ir/apfloat.js';
import {
  AffineMapAttr,
  ArrayAttr,
  BoolAttr,
  DenseArrayAttr,
  type DenseElementsAttr,
  DenseIntOrFPElementsAttr,
  DenseResourceElementsAttr,
  DenseStringElementsAttr,
  DictionaryAttr,
  DistinctAttr,
  FloatAttr,
  IntegerAttr,
  IntegerSetAttr,
  type NamedAttribute,
  OpaqueAttr,
  SparseElementsAttr,
  StridedLayoutAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
} from '../ir/builtin-attributes.js';
import {
  ComplexType,
  FloatType,
  IndexType,
  IntegerType,
  NoneType,
  RankedTensorType,
  ShapedType,
  kDynamic,
} from '../ir/builtin-types.js';
import type { AttrTypePrinter } from '../ir/attributes.js';
import { CallSiteLoc, FileLineColLoc, Location, NameLoc, UnknownLoc, fuseLocations } from '../ir/location.js';
import { Tok, type TokenSpan, decodeStringLiteral } from './lexer.js';
import type { Parser } from './parser.js';
import { ParseAbort, type ParserState } from './token-parser.js';
import { makeDialectAsmParser, parseExtendedSymbolToken, relexAt, unregisteredMessage } from './dialect-symbol.js';

// ---- entry points

function canStartAttribute(p: Parser): boolean {
  switch (p.tokKind) {
    case Tok.at_identifier:
    case Tok.floatliteral:
    case Tok.integer:
    case Tok.hash_identifier:
    case Tok.l_brace:
    case Tok.l_square:
    case Tok.minus:
    case Tok.string:
      return true;
    case Tok.keyword:
      switch (p.text) {
        case 'affine_map':
        case 'affine_set':
        case 'dense':
        case 'dense_resource':
        case 'false':
        case 'loc':
        case 'sparse':
        case 'true':
        case 'unit':
        case 'array':
        case 'strided':
        case 'distinct':
          return true;
      }
      return false;
    default:
      return false;
  }
}

export function parseOptionalAttribute(p: Parser, type?: Type): Attribute | undefined {
  if (canStartAttribute(p)) return parseAttribute(p, type);
  const t = p.parseOptionalType();
  return t ? TypeAttr.get(t) : undefined;
}

export function parseAttribute(p: Parser, type?: Type): Attribute {
  switch (p.tokKind) {
    case Tok.integer:
      return parseDecOrHexAttr(p, type, false);
    case Tok.floatliteral:
      return parseFloatAttr(p, type, false);
    case Tok.minus: {
      p.consume();
      if (p.is(Tok.integer)) return parseDecOrHexAttr(p, type, true);
      if (p.is(Tok.floatliteral)) return parseFloatAttr(p, type, true);
      p.errorWrongToken('expected constant integer or floating point value');
    }
    // falls through (unreachable)
    case Tok.string: {
      const v = p.stringValue();
      p.consume();
      if (!type && p.consumeIf(Tok.colon)) type = p.parseType();
      return StringAttr.get(v, type);
    }
    case Tok.l_square: {
      p.consume();
      const elements: Attribute[] = [];
      if (!p.consumeIf(Tok.r_square)) {
        elements.push(parseAttribute(p));
        while (p.consumeIf(Tok.comma)) elements.push(parseAttribute(p));
        p.expect(Tok.r_square, "expected ',' or ']'");
      }
      return ArrayAttr.get(elements);
    }
    case Tok.l_brace:
      return parseDictionaryAttribute(p);
    case Tok.hash_identifier:
      return parseExtendedAttr(p, type);
    case Tok.at_identifier:
      return parseSymbolRef(p);
    case Tok.keyword:
      switch (p.text) {
        case 'true':
          p.consume();
          return BoolAttr.get(true);
        case 'false':
          p.consume();
          return BoolAttr.get(false);
        case 'unit':
          p.consume();
          return UnitAttr.get();
        case 'affine_map': {
          p.consume();
          p.expect(Tok.less, "expected '<' in affine map");
          const r = parseAffineMapOrSet(p);
          if (!(r instanceof AffineMap)) p.error("expected '->' or ':'"); // a set where a map was expected
          p.expect(Tok.greater, "expected '>' in affine map");
          return AffineMapAttr.get(r);
        }
        case 'affine_set': {
          p.consume();
          p.expect(Tok.less, "expected '<' in integer set");
          const r = parseAffineMapOrSet(p);
          if (!(r instanceof IntegerSet)) p.error("expected ':' or '['");
          p.expect(Tok.greater, "expected '>' in integer set");
          return IntegerSetAttr.get(r);
        }
        case 'dense':
          return parseDenseElementsAttr(p, type);
        case 'dense_resource':
          return parseDenseResourceElementsAttr(p, type);
        case 'array':
          return parseDenseArrayAttr(p, type);
        case 'sparse':
          return parseSparseElementsAttr(p, type);
        case 'strided':
          return parseStridedLayoutAttr(p);
        case 'distinct':
          return parseDistinctAttr(p, type);
        case 'loc': {
          p.consume();
          p.expect(Tok.l_paren, "expected '(' in inline location");
          const loc = parseLocationBody(p);
          p.expect(Tok.r_paren, "expected ')' in inline location");
          return loc;
        }
      }
      break;
  }
  const t = p.parseOptionalType();
  if (!t) p.errorWrongToken('expected attribute value');
  return TypeAttr.get(t);
}

// ---- scalars

/** MLIR's buildAttributeAPInt: the value of an integer literal for `type`, or undefined on overflow. */
export function buildAttributeInt(type: Type, negative: boolean, spelling: string): bigint | undefined {
  let v: bigint;
  try {
    v = BigInt(spelling);
  } catch {
    return undefined;
  }
  const width = type instanceof IndexType ? 64 : (type as IntegerType | FloatType).width;
  if (v >> BigInt(width) !== 0n) return undefined;
  if (width === 0) return negative ? undefined : 0n;
  const signBit = 1n << BigInt(width - 1);
  if (negative) {
    const neg = BigInt.asUintN(width, -v);
    if ((neg & signBit) === 0n) return undefined;
    return -v;
  }
  const signedLike = (type instanceof IntegerType && type.signedness === 'signed') || type instanceof IndexType;
  if (signedLike && (v & signBit) !== 0n) return undefined;
  return v;
}

function isHexSpelling(s: string): boolean {
  return s.length > 1 && s.charCodeAt(1) === 120;
}

/** An integer token used as a float: only hex bit patterns are allowed. */
function parseFloatFromIntegerLiteral(p: Parser, spelling: string, at: number, negative: boolean, sem: FloatSemantics): bigint {
  if (!isHexSpelling(spelling)) {
    const d = p.ctx.diagnostics.emit('error', p.location(at), 'unexpected decimal integer literal for a floating point value');
    d.attachNote('add a trailing dot to make the literal a float');
    throwAbort(p);
  }
  if (negative) p.error('hexadecimal float literal should not have a leading minus', at);
  const v = BigInt(spelling);
  if (v.toString(2).length > sem.sizeInBits && v !== 0n) p.error('hexadecimal float constant out of range for type', at);
  return v;
}

function throwAbort(_p: Parser): never {
  throw new ParseAbort();
}

/** A float literal token (or hex integer) as bits of `sem`. */
function parseFloatFromLiteral(p: Parser, tok: TokenSpan, negative: boolean, sem: FloatSemantics): bigint {
  if (tok.kind === Tok.floatliteral) {
    const v = Number(p.tokenText(tok));
    return fromDouble(sem, negative ? -v : v);
  }
  if (tok.kind === Tok.integer) return parseFloatFromIntegerLiteral(p, p.tokenText(tok), tok.start, negative, sem);
  p.error('expected floating point literal', tok.start);
}

/**
 * The value of a decimal integer token of up to 9 digits (below 2^30, so exact
 * in int32 arithmetic), read from the bytes; -1 for other tokens.
 */
function smallDecimalValue(src: string, start: number, end: number): number {
  if (end - start > 9 || (end - start > 1 && src.charCodeAt(start + 1) === 120 /* x */)) return -1;
  let v = 0;
  for (let i = start; i < end; i++) v = v * 10 + (src.charCodeAt(i) - 48);
  return v;
}

/**
 * buildAttributeInt's answer for a small magnitude `v` (< 2^30), in numbers:
 * true when the literal fits `type` (an integer or index type).
 */
function smallIntFits(type: IntegerType | IndexType, negative: boolean, v: number): boolean {
  const width = type instanceof IndexType ? 64 : type.width;
  if (width === 0) return v === 0 && !negative;
  if (v >= 2 ** width) return false;
  // A negative literal's negation must have the sign bit set (so -0 does not fit).
  if (negative) return v > 0 && v <= 2 ** (width - 1);
  const signedLike = type instanceof IndexType || type.signedness === 'signed';
  return !signedLike || v < 2 ** (width - 1);
}

function parseDecOrHexAttr(p: Parser, type: Type | undefined, negative: boolean): Attribute {
  const at = p.tokStart;
  const end = p.tokEnd;
  const small = smallDecimalValue(p.src, at, end);
  p.consume();
  if (!type) {
    if (!p.consumeIf(Tok.colon)) type = IntegerType.get(64);
    else type = p.parseType();
  }
  if (
    small >= 0 &&
    (type instanceof IndexType || (type instanceof IntegerType && !(negative && type.signedness === 'unsigned'))) &&
    smallIntFits(type, negative, small)
  )
    return IntegerAttr.get(type, negative ? -small : small);
  const spelling = p.src.slice(at, end);
  if (type instanceof FloatType) return FloatAttr.getFromBits(type, parseFloatFromIntegerLiteral(p, spelling, at, negative, type.semantics));
  if (!(type instanceof IntegerType || type instanceof IndexType)) p.error('integer literal not valid for specified type', at);
  if (negative && type instanceof IntegerType && type.signedness === 'unsigned')
    p.error('negative integer literal not valid for unsigned integer type', at);
  const v = buildAttributeInt(type, negative, spelling);
  if (v === undefined) p.error('integer constant out of range for attribute', at);
  return IntegerAttr.get(type, v);
}

function parseFloatAttr(p: Parser, type: Type | undefined, negative: boolean): Attribute {
  const v = Number(p.text);
  p.consume();
  if (!type) {
    if (!p.consumeIf(Tok.colon)) type = FloatType.f64;
    else type = p.parseType();
  }
  if (!(type instanceof FloatType)) p.error('floating point value not valid for specified type');
  return FloatAttr.get(type, negative ? -v : v);
}

function parseSymbolRef(p: Parser): SymbolRefAttr {
  const root = p.symbolValue();
  p.consume();
  const nested: string[] = [];
  while (p.is(Tok.colon)) {
    const m = p.mark();
    p.consume();
    if (!p.consumeIf(Tok.colon)) {
      p.reset(m);
      break;
    }
    if (!p.is(Tok.at_identifier)) p.error('expected nested symbol reference identifier');
    nested.push(p.symbolValue());
    p.consume();
  }
  return SymbolRefAttr.get(root, nested);
}

// ---- dictionaries

/** `{a = 1, b}`; the current token must be `{`. */
export function parseDictionaryAttribute(p: Parser): DictionaryAttr {
  return DictionaryAttr.get(parseNamedAttributeList(p));
}

/** The entries of `{...}` in source order (MLIR's parseAttributeDict). */
export function parseNamedAttributeList(p: Parser): NamedAttribute[] {
  const entries: NamedAttribute[] = [];
  const seen = new Set<string>();
  const parseElt = (): void => {
    let name: string;
    const k = p.tokKind;
    if (k === Tok.string) name = p.stringValue();
    else if (k === Tok.bare_identifier || k === Tok.inttype || k === Tok.keyword) name = p.text;
    else p.errorWrongToken('expected attribute name');
    if (name.length === 0) p.error('expected valid attribute name');
    if (seen.has(name)) p.error(`duplicate key '${name}' in dictionary attribute`);
    seen.add(name);
    p.consume();
    if (!p.consumeIf(Tok.equal)) {
      entries.push([name, UnitAttr.get()]);
      return;
    }
    entries.push([name, parseAttribute(p)]);
  };
  p.expect(Tok.l_brace, "expected '{' in attribute dictionary");
  if (p.consumeIf(Tok.r_brace)) return entries;
  parseElt();
  while (p.consumeIf(Tok.comma)) parseElt();
  p.expect(Tok.r_brace, "expected '}' in attribute dictionary");
  return entries;
}

// ---- extended attributes

function parseExtendedAttr(p: Parser, type: Type | undefined): Attribute {
  const sym = parseExtendedSymbolToken(p);
  let attr: Attribute;
  if (sym.alias) {
    const a = p.state.attributeAliases.get(sym.identifier);
    if (!a) p.errorWrongToken(`undefined symbol alias id '${sym.identifier}'`);
    attr = a;
  } else {
    let attrType = type;
    if (p.consumeIf(Tok.colon)) attrType = p.parseType();
    const dialect = p.ctx.getDialect(sym.dialect);
    if (dialect?.parseAttribute) {
      const d = makeDialectAsmParser(p, sym);
      attr = dialect.parseAttribute(d, attrType);
      } else {
      const t = attrType ?? NoneType.get();
      if (!dialect && !p.ctx.allowUnregisteredDialects) {
        p.error(unregisteredMessage('#', sym.dialect, sym.data, ` : '${t.key}'`), sym.reportLoc);
      }
      attr = OpaqueAttr.get(sym.dialect, sym.data, t);
    }
  }
  const at = attr.type;
  if (type && at && at !== type) p.error(`attribute type different than expected: expected ${type.key}, but got ${at.key}`);
  return attr;
}

// ---- dense elements

/** An element token of a dense literal, kept flat (no token object). */
interface LiteralElement extends TokenSpan {
  readonly negative: boolean;
}

/** MLIR's TensorLiteralParser: collects element tokens and the inferred shape. */
class TensorLiteral {
  storage: LiteralElement[] = [];
  shape: number[] = [];
  hex: TokenSpan | undefined;
  constructor(private readonly p: Parser) {}

  parse(allowHex: boolean): void {
    const p = this.p;
    if (allowHex && p.is(Tok.string)) {
      this.hex = p.snapshot();
      p.consume();
      return;
    }
    if (p.is(Tok.l_square)) this.shape = this.parseList();
    else this.parseElement();
  }

  private parseElement(): void {
    const p = this.p;
    switch (p.tokKind) {
      case Tok.floatliteral:
      case Tok.integer:
      case Tok.string:
        this.storage.push({ negative: false, kind: p.tokKind, start: p.tokStart, end: p.tokEnd });
        p.consume();
        return;
      case Tok.keyword:
        if (p.isKeyword('true') || p.isKeyword('false')) {
          this.storage.push({ negative: false, kind: p.tokKind, start: p.tokStart, end: p.tokEnd });
          p.consume();
          return;
        }
        break;
      case Tok.minus:
        p.consume();
        if (!p.is(Tok.floatliteral) && !p.is(Tok.integer)) p.error('expected integer or floating point literal');
        this.storage.push({ negative: true, kind: p.tokKind, start: p.tokStart, end: p.tokEnd });
        p.consume();
        return;
      case Tok.l_paren:
        p.consume();
        this.parseElement();
        p.expect(Tok.comma, "expected ',' between complex elements");
        this.parseElement();
        p.expect(Tok.r_paren, "expected ')' after complex elements");
        return;
    }
    p.error('expected element literal of primitive type');
  }

  private parseList(): number[] {
    const p = this.p;
    let first = true;
    let newDims: number[] = [];
    let size = 0;
    const parseOne = (): void => {
      let thisDims: number[] = [];
      if (p.is(Tok.l_square)) thisDims = this.parseList();
      else this.parseElement();
      size++;
      if (!first) {
        if (thisDims.length !== newDims.length || thisDims.some((d, i) => d !== newDims[i]))
          p.error('tensor literal is invalid; ranks are not consistent between elements');
        return;
      }
      newDims = thisDims;
      first = false;
    };
    p.expect(Tok.l_square, "expected '['");
    if (!p.consumeIf(Tok.r_square)) {
      parseOne();
      while (p.consumeIf(Tok.comma)) parseOne();
      p.expect(Tok.r_square, "expected ']'");
    }
    return [size, ...newDims];
  }

  getAttr(loc: number, type: ShapedType): DenseElementsAttr {
    const p = this.p;
    let eltType = type.elementType;
    if (this.hex && (eltType instanceof IntegerType || eltType instanceof IndexType || eltType instanceof FloatType || eltType instanceof ComplexType))
      return this.getHexAttr(loc, type);
    const shape = type.shape;
    if (this.shape.length && (this.shape.length !== shape.length || this.shape.some((d, i) => d !== shape[i])))
      p.error(`inferred shape of elements literal ([${this.shape.join(', ')}]) does not match type ([${shape.join(', ')}])`, loc);
    const n = type.numElements;
    if (!this.hex && this.storage.length === 0 && n) p.error(`parsed zero elements, but type ('${type.key}') expected at least 1`, loc);
    let isComplex = false;
    if (eltType instanceof ComplexType) {
      const ct = eltType;
      eltType = ct.elementType;
      isComplex = true;
      const isSplat = this.shape.length === 0 && n !== 0;
      if (isSplat && this.storage.length !== 2) p.error(`parsed ${this.storage.length} elements, but type ('${ct.key}') expected 2 elements`, loc);
      if (this.shape.length && this.storage.length !== n * 2)
        p.error(`parsed ${this.storage.length} elements, but type ('${type.key}') expected ${n * 2} elements`, loc);
    }
    void isComplex;
    if (eltType instanceof IntegerType || eltType instanceof IndexType) {
      const values: bigint[] = [];
      const isUnsigned = eltType instanceof IntegerType && eltType.signedness === 'unsigned';
      for (const tok of this.storage) {
        const negative = tok.negative;
        if (negative && isUnsigned) p.error('expected unsigned integer elements, but parsed negative value', tok.start);
        if (tok.kind === Tok.floatliteral) p.error('expected integer elements, but parsed floating-point', tok.start);
        if (tok.kind === Tok.keyword) {
          if (!(eltType instanceof IntegerType && eltType.width === 1)) p.error("expected i1 type for 'true' or 'false' values", tok.start);
          values.push(p.tokenText(tok) === 'true' ? 1n : 0n);
          continue;
        }
        if (tok.kind === Tok.string) p.error('expected integer elements, but parsed string', tok.start);
        const v = buildAttributeInt(eltType, negative, p.tokenText(tok));
        if (v === undefined) return p.error('integer constant out of range for type', tok.start);
        values.push(v);
      }
      return DenseIntOrFPElementsAttr.get(type, values);
    }
    if (eltType instanceof FloatType) {
      const values: bigint[] = [];
      for (const tok of this.storage) values.push(parseFloatFromLiteral(p, tok, tok.negative, eltType.semantics));
      return DenseIntOrFPElementsAttr.get(type, values);
    }
    // Strings.
    const strings: string[] = [];
    for (const tok of this.storage) {
      if (tok.kind !== Tok.string) p.error(`expected string token, got ${p.tokenText(tok)}`, loc);
      strings.push(p.src.slice(tok.start, tok.end));
    }
    if (this.hex) p.error('expected string token, got hex literal', loc);
    const decoded = strings.map((_, i) => {
      const t = this.storage[i];
      return decodeToken(p, t);
    });
    if (this.shape.length === 0 && decoded.length === 1) return DenseStringElementsAttr.get(type, decoded);
    return DenseStringElementsAttr.get(type, decoded);
  }

  private getHexAttr(loc: number, type: ShapedType): DenseElementsAttr {
    const p = this.p;
    const tok = this.hex!;
    const s = decodeToken(p, tok);
    if (!/^0x[0-9a-fA-F]*$/.test(s) || s.length % 2 !== 0)
      p.error('expected string containing hex digits starting with `0x`', tok.start);
    const bytes: number[] = [];
    for (let i = 2; i < s.length; i += 2) bytes.push(parseInt(s.slice(i, i + 2), 16));
    const values = decodeRawBuffer(type, bytes);
    if (!values) return p.error(`elements hex data size is invalid for provided type: '${type.key}'`, loc);
    return DenseIntOrFPElementsAttr.get(type, values);
  }
}

function decodeToken(p: Parser, tok: TokenSpan): string {
  return decodeStringLiteral(p.src, tok.start, tok.end);
}

/** Decodes MLIR's raw dense buffer layout; undefined when the size does not fit the type. */
function decodeRawBuffer(type: ShapedType, bytes: number[]): bigint[] | undefined {
  const et = type.elementType;
  const scalar = et instanceof ComplexType ? et.elementType : et;
  const perElt = et instanceof ComplexType ? 2 : 1;
  const bw = scalar instanceof IndexType ? 64 : (scalar as IntegerType | FloatType).width;
  const n = type.numElements;
  if (bw === 1 && perElt === 1) {
    if (bytes.length === 1 && (bytes[0] === 0 || bytes[0] === 0xff)) return [bytes[0] ? 1n : 0n];
    if (bytes.length !== Math.ceil(n / 8)) return undefined;
    const out: bigint[] = [];
    for (let i = 0; i < n; i++) out.push(BigInt((bytes[i >> 3] >> (i & 7)) & 1));
    return out;
  }
  const nb = Math.ceil(bw / 8);
  const eltBytes = nb * perElt;
  let count: number;
  if (bytes.length === eltBytes * n) count = n * perElt;
  else if (bytes.length === eltBytes) count = perElt;
  else return undefined;
  const out: bigint[] = [];
  for (let i = 0; i < count; i++) {
    let v = 0n;
    for (let b = nb - 1; b >= 0; b--) v = (v << 8n) | BigInt(bytes[i * nb + b]);
    if (scalar instanceof FloatType) out.push(BigInt.asUintN(bw, v));
    else if (scalar instanceof IntegerType && scalar.signedness === 'unsigned') out.push(BigInt.asUintN(bw, v));
    else out.push(BigInt.asIntN(Math.max(bw, 1), v));
  }
  return out;
}

function parseElementsLiteralType(p: Parser, type: Type | undefined, loc?: number): ShapedType {
  if (!type) {
    p.expect(Tok.colon, "expected ':'");
    type = p.parseType();
  }
  if (!(type instanceof ShapedType)) p.error('elements literal must be a shaped type', loc);
  if (!type.hasStaticShape) p.error('elements literal type must have static shape', loc);
  return type;
}

function parseDenseElementsAttr(p: Parser, attrType: Type | undefined): Attribute {
  const attribLoc = p.tokStart;
  p.consume();
  p.expect(Tok.less, "expected '<' after 'dense'");
  const lit = new TensorLiteral(p);
  if (!p.consumeIf(Tok.greater)) {
    lit.parse(true);
    p.expect(Tok.greater, "expected '>'");
  }
  const loc = attribLoc;
  const type = parseElementsLiteralType(p, attrType, loc);
  return lit.getAttr(loc, type);
}

function parseDenseResourceElementsAttr(p: Parser, attrType: Type | undefined): Attribute {
  const loc = p.tokStart;
  p.consume();
  p.expect(Tok.less, "expected '<' after 'dense_resource'");
  let handle: string;
  if (p.is(Tok.string)) handle = p.stringValue();
  else if (p.is(Tok.bare_identifier) || p.is(Tok.keyword) || p.is(Tok.inttype)) handle = p.text;
  else p.errorWrongToken('expected identifier key for \'resource\' entry');
  p.consume();
  p.expect(Tok.greater, "expected '>'");
  let type = attrType;
  let typeLoc = loc;
  if (!type) {
    typeLoc = p.tokStart;
    p.expect(Tok.colon, "expected ':'");
    type = p.parseType();
  }
  if (!(type instanceof ShapedType)) p.error('`dense_resource` expected a shaped type', typeLoc);
  return DenseResourceElementsAttr.get(type, handle);
}

function parseSparseElementsAttr(p: Parser, attrType: Type | undefined): Attribute {
  const loc = p.tokStart;
  p.consume();
  p.expect(Tok.less, "Expected '<' after 'sparse'");
  const i64 = IntegerType.get(64);
  if (p.consumeIf(Tok.greater)) {
    const type = parseElementsLiteralType(p, attrType, loc);
    const indices = DenseIntOrFPElementsAttr.get(RankedTensorType.get([0, type.rank], i64), []);
    const valuesType = RankedTensorType.get([0], type.elementType);
    const values =
      type.elementType instanceof IntegerType || type.elementType instanceof IndexType || type.elementType instanceof FloatType || type.elementType instanceof ComplexType
        ? DenseIntOrFPElementsAttr.get(valuesType, [])
        : DenseStringElementsAttr.get(valuesType, []);
    return SparseElementsAttr.get(type, indices, values);
  }
  const indicesLoc = p.tokStart;
  const indiceParser = new TensorLiteral(p);
  indiceParser.parse(false);
  p.expect(Tok.comma, "expected ','");
  const valuesLoc = p.tokStart;
  const valuesParser = new TensorLiteral(p);
  valuesParser.parse(true);
  p.expect(Tok.greater, "expected '>'");
  const type = parseElementsLiteralType(p, attrType, loc);
  const indicesType = indiceParser.shape.length === 0 ? RankedTensorType.get([1, type.rank], i64) : RankedTensorType.get(indiceParser.shape, i64);
  const indices = indiceParser.getAttr(indicesLoc, indicesType) as DenseIntOrFPElementsAttr;
  const valuesType =
    valuesParser.shape.length === 0 ? RankedTensorType.get([indicesType.shape[0]], type.elementType) : RankedTensorType.get(valuesParser.shape, type.elementType);
  const values = valuesParser.getAttr(valuesLoc, valuesType);
  const invalid = verifySparseElements(type, indices, values);
  if (invalid !== undefined) p.error(invalid, loc);
  return SparseElementsAttr.get(type, indices, values);
}

/** MLIR's SparseElementsAttr::verify: the message for an invalid attribute, if it is. */
function verifySparseElements(type: ShapedType, indices: DenseIntOrFPElementsAttr, values: DenseElementsAttr): string | undefined {
  const valuesType = values.type;
  if (valuesType.rank !== 1) return 'expected 1-d tensor for sparse element values';
  const indicesType = indices.type;
  const shapeError =
    `expected shape ([${type.shape.join(', ')}]); inferred shape of indices literal ([${indicesType.shape.join(', ')}]); ` +
    `inferred shape of values literal ([${valuesType.shape.join(', ')}])`;
  const rank = type.rank;
  if (indicesType.rank === 2) {
    if (indicesType.shape[1] !== rank) return shapeError;
  } else if (indicesType.rank !== 1 || rank !== 1) {
    return shapeError;
  }
  const count = indicesType.shape[0];
  if (count !== valuesType.shape[0]) return shapeError;
  // Indices are read as unsigned 64-bit values, as MLIR does.
  const flat = indices.values.map((v) => BigInt.asUintN(64, v));
  const check = (n: number, index: bigint[]): string | undefined => {
    const valid = index.length === rank && index.every((v, d) => v < BigInt(type.shape[d]));
    if (valid) return undefined;
    return `sparse index #${n} is not contained within the value shape, with index=[${index.join(', ')}], and type='${type.key}'`;
  };
  if (indices.isSplat) return check(0, new Array<bigint>(rank).fill(flat[0] ?? 0n));
  for (let i = 0; i < count; i++) {
    const message = check(i, flat.slice(i * rank, i * rank + rank));
    if (message !== undefined) return message;
  }
  return undefined;
}

function parseDenseArrayAttr(p: Parser, attrType: Type | undefined): Attribute {
  p.consume();
  p.expect(Tok.less, "expected '<' after 'array'");
  const typeLoc = p.tokStart;
  const type = attrType ?? p.parseType();
  if (!(type instanceof IntegerType || type instanceof FloatType)) p.error(`expected integer or float type, got: '${type.key}'`, typeLoc);
  if (!(type instanceof IntegerType && type.width === 1) && type.width % 8 !== 0) p.error('element type bitwidth must be a multiple of 8', typeLoc);
  if (p.consumeIf(Tok.greater)) return DenseArrayAttr.get(type, []);
  p.expect(Tok.colon, "expected ':' after dense array type");
  const values: bigint[] = [];
  const parseElt = (): void => {
    const negative = p.consumeIf(Tok.minus);
    if (type instanceof IntegerType) {
      if (p.isKeyword('true') || p.isKeyword('false')) {
        if (type.width !== 1) p.error("expected i1 type for 'true' or 'false' values");
        values.push(p.isKeyword('true') ? 1n : 0n);
        p.consume();
      } else if (p.is(Tok.integer)) {
        const spelling = p.text;
        p.consume();
        const v = buildAttributeInt(type, negative, spelling);
        if (v === undefined) p.error('integer constant out of range');
        values.push(v);
      } else {
        p.error('expected integer literal');
      }
    } else {
      values.push(parseFloatFromLiteral(p, p.snapshot(), negative, type.semantics));
      p.consume();
    }
  };
  parseElt();
  while (p.consumeIf(Tok.comma)) parseElt();
  p.expect(Tok.greater, "expected '>' to close an array attribute");
  return DenseArrayAttr.get(type, values);
}

function parseStridedLayoutAttr(p: Parser): Attribute {
  p.consume();
  p.expect(Tok.less, "expected '<' after 'strided'");
  p.expect(Tok.l_square, "expected '['");
  const parseValue = (): number => {
    if (p.consumeIf(Tok.question)) return kDynamic;
    const loc = p.tokStart;
    const negative = p.consumeIf(Tok.minus);
    if (p.is(Tok.integer)) {
      const v = BigInt(p.text);
      if (v > 0x7fffffffffffffffn) p.error("expected a 64-bit signed integer or '?'", loc);
      p.consume();
      return Number(negative ? -v : v);
    }
    p.error("expected a 64-bit signed integer or '?'", loc);
  };
  const strides: number[] = [];
  if (!p.is(Tok.r_square)) {
    do strides.push(parseValue());
    while (p.consumeIf(Tok.comma));
  }
  p.expect(Tok.r_square, "expected ']'");
  if (p.consumeIf(Tok.greater)) return StridedLayoutAttr.get(0, strides);
  p.expect(Tok.comma, "expected ','");
  if (!p.consumeKeywordIf('offset')) p.errorWrongToken("expected 'offset' after comma");
  p.expect(Tok.colon, "expected ':' after 'offset'");
  const offset = parseValue();
  p.expect(Tok.greater, "expected '>'");
  return StridedLayoutAttr.get(offset, strides);
}

/** `distinct[N]<attr>` (`distinct[N]<>` refers to a unit attribute). */
function parseDistinctAttr(p: Parser, type: Type | undefined): Attribute {
  const loc = p.tokStart;
  p.consume();
  p.expect(Tok.l_square, "expected '[' after 'distinct'");
  const idSpelling = p.text;
  p.expect(Tok.integer, 'expected distinct ID');
  let id: bigint | undefined;
  try {
    id = BigInt(idSpelling);
  } catch {
    id = undefined;
  }
  if (id === undefined || id >= 1n << 64n) p.error('expected an unsigned 64-bit integer');
  p.expect(Tok.r_square, "expected ']' to close distinct ID");
  p.expect(Tok.less, "expected '<' after distinct ID");
  let referenced: Attribute;
  if (p.consumeIf(Tok.greater)) {
    referenced = UnitAttr.get();
  } else {
    try {
      referenced = p.parseAttribute(type);
    } catch (e) {
      // MLIR adds its own error after the nested one (unless the lexer failed).
      if (e instanceof ParseAbort && p.tokKind !== Tok.error) p.emitErrorAt(p.tokKind === Tok.eof && p.tokStart > 0 ? p.tokStart - 1 : p.tokStart, 'expected attribute');
      throw e;
    }
    p.expect(Tok.greater, "expected '>' to close distinct attribute");
  }
  const table = (p.state.distinctAttributes ??= new Map());
  const known = table.get(id);
  if (known === undefined) {
    const attr = DistinctAttr.create(referenced);
    table.set(id, attr);
    return attr;
  }
  if (known.referencedAttr !== referenced) p.error(`referenced attribute does not match previous definition: ${known.referencedAttr.key}`, loc);
  return known;
}

// ---- affine maps and integer sets

function isAffineIdentifier(p: Parser): boolean {
  const k = p.tokKind;
  return k === Tok.bare_identifier || k === Tok.inttype || k === Tok.keyword;
}

/** Parses `(dims)[syms] -> (exprs)` or `(dims)[syms] : (constraints)`. */
export function parseAffineMapOrSet(p: Parser): AffineMap | IntegerSet {
  const ids: [string, AffineExpr][] = [];
  const define = (e: AffineExpr): void => {
    if (!isAffineIdentifier(p)) p.errorWrongToken('expected bare identifier');
    const name = p.text;
    for (const [n] of ids) if (n === name) p.error(`redefinition of identifier '${name}'`);
    p.consume();
    ids.push([name, e]);
  };
  let numDims = 0;
  let numSymbols = 0;
  p.expect(Tok.l_paren, "expected '(' in dimensional identifier list");
  if (!p.consumeIf(Tok.r_paren)) {
    define(dimExpr(numDims++));
    while (p.consumeIf(Tok.comma)) define(dimExpr(numDims++));
    p.expect(Tok.r_paren, "expected ')' in dimensional identifier list");
  }
  if (p.is(Tok.l_square)) {
    p.consume();
    if (!p.consumeIf(Tok.r_square)) {
      define(symbolExpr(numSymbols++));
      while (p.consumeIf(Tok.comma)) define(symbolExpr(numSymbols++));
      p.expect(Tok.r_square, "expected ']' in symbol list");
    }
  }
  const ap = new AffineExprParser(p, ids);
  if (p.is(Tok.arrow)) {
    p.consume();
    const exprs: AffineExpr[] = [];
    p.expect(Tok.l_paren, "expected '(' in affine map range");
    if (!p.consumeIf(Tok.r_paren)) {
      exprs.push(ap.parseExpr());
      while (p.consumeIf(Tok.comma)) exprs.push(ap.parseExpr());
      p.expect(Tok.r_paren, "expected ')' in affine map range");
    }
    return AffineMap.get(numDims, numSymbols, exprs);
  }
  if (!p.is(Tok.colon)) p.errorWrongToken("expected '->' or ':'");
  p.consume();
  const constraints: AffineExpr[] = [];
  const eqs: boolean[] = [];
  const parseConstraint = (): void => {
    const lhs = ap.parseExpr();
    if (p.consumeIf(Tok.greater) && p.consumeIf(Tok.equal)) {
      constraints.push(lhs.sub(ap.parseExpr()));
      eqs.push(false);
      return;
    }
    if (p.consumeIf(Tok.less) && p.consumeIf(Tok.equal)) {
      constraints.push(ap.parseExpr().sub(lhs));
      eqs.push(false);
      return;
    }
    if (p.consumeIf(Tok.equal) && p.consumeIf(Tok.equal)) {
      constraints.push(lhs.sub(ap.parseExpr()));
      eqs.push(true);
      return;
    }
    p.error("expected '== affine-expr' or '>= affine-expr' at end of affine constraint");
  };
  p.expect(Tok.l_paren, "expected '(' in integer set constraint list");
  if (!p.consumeIf(Tok.r_paren)) {
    parseConstraint();
    while (p.consumeIf(Tok.comma)) parseConstraint();
    p.expect(Tok.r_paren, "expected ')' in integer set constraint list");
  }
  if (constraints.length === 0) return IntegerSet.get(numDims, numSymbols, [constExpr(0)], [true]);
  return IntegerSet.get(numDims, numSymbols, constraints, eqs);
}

const enum Low {
  None,
  Add,
  Sub,
}
const enum High {
  None,
  Mul,
  FloorDiv,
  CeilDiv,
  Mod,
}

/** Recursive-descent affine expression parser mirroring MLIR's AffineParser. */
export class AffineExprParser {
  constructor(
    private readonly p: Parser,
    private readonly ids: readonly (readonly [string, AffineExpr])[],
  ) {}

  parseExpr(): AffineExpr {
    return this.parseLow(undefined, Low.None);
  }

  private consumeLow(): Low {
    if (this.p.consumeIf(Tok.plus)) return Low.Add;
    if (this.p.consumeIf(Tok.minus)) return Low.Sub;
    return Low.None;
  }
  private consumeHigh(): High {
    const p = this.p;
    if (p.consumeIf(Tok.star)) return High.Mul;
    if (p.consumeKeywordIf('floordiv')) return High.FloorDiv;
    if (p.consumeKeywordIf('ceildiv')) return High.CeilDiv;
    if (p.consumeKeywordIf('mod')) return High.Mod;
    return High.None;
  }
  private low(op: Low, lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
    return op === Low.Add ? affineAdd(lhs, rhs) : lhs.sub(rhs);
  }
  private high(op: High, lhs: AffineExpr, rhs: AffineExpr, opLoc: number): AffineExpr {
    const p = this.p;
    switch (op) {
      case High.Mul:
        if (!lhs.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant())
          p.error('non-affine expression: at least one of the multiply operands has to be either a constant or symbolic', opLoc);
        return affineMul(lhs, rhs);
      case High.FloorDiv:
        if (!rhs.isSymbolicOrConstant()) p.error('non-affine expression: right operand of floordiv has to be either a constant or symbolic', opLoc);
        return affineFloorDiv(lhs, rhs);
      case High.CeilDiv:
        if (!rhs.isSymbolicOrConstant()) p.error('non-affine expression: right operand of ceildiv has to be either a constant or symbolic', opLoc);
        return affineCeilDiv(lhs, rhs);
      default:
        if (!rhs.isSymbolicOrConstant()) p.error('non-affine expression: right operand of mod has to be either a constant or symbolic', opLoc);
        return affineMod(lhs, rhs);
    }
  }

  private parseLow(llhs: AffineExpr | undefined, llhsOp: Low): AffineExpr {
    const lhs = this.parseOperand(llhs);
    const lOp = this.consumeLow();
    if (lOp !== Low.None) {
      if (llhs) return this.parseLow(this.low(llhsOp, llhs, lhs), lOp);
      return this.parseLow(lhs, lOp);
    }
    const opLoc = this.p.tokStart;
    const hOp = this.consumeHigh();
    if (hOp !== High.None) {
      const highRes = this.parseHigh(lhs, hOp, opLoc);
      const expr = llhs ? this.low(llhsOp, llhs, highRes) : highRes;
      const next = this.consumeLow();
      if (next !== Low.None) return this.parseLow(expr, next);
      return expr;
    }
    if (llhs) return this.low(llhsOp, llhs, lhs);
    return lhs;
  }

  private parseHigh(llhs: AffineExpr | undefined, llhsOp: High, llhsOpLoc: number): AffineExpr {
    const lhs = this.parseOperand(llhs);
    const opLoc = this.p.tokStart;
    const op = this.consumeHigh();
    if (op !== High.None) {
      if (llhs) return this.parseHigh(this.high(llhsOp, llhs, lhs, llhsOpLoc), op, opLoc);
      return this.parseHigh(lhs, op, opLoc);
    }
    if (llhs) return this.high(llhsOp, llhs, lhs, llhsOpLoc);
    return lhs;
  }

  private parseOperand(lhs: AffineExpr | undefined): AffineExpr {
    const p = this.p;
    switch (p.tokKind) {
      case Tok.integer: {
        const v = BigInt(p.text);
        if (v > 0x7fffffffffffffffn) p.error('constant too large for index');
        p.consume();
        return constExpr(Number(v));
      }
      case Tok.l_paren: {
        p.consume();
        if (p.is(Tok.r_paren)) p.error('no expression inside parentheses');
        const e = this.parseExpr();
        p.expect(Tok.r_paren, "expected ')'");
        return e;
      }
      case Tok.minus: {
        p.consume();
        const operand = this.parseOperandForNegation(lhs);
        return affineMul(constExpr(-1), operand);
      }
      case Tok.plus:
      case Tok.star:
        p.error(lhs ? 'missing right operand of binary operator' : 'missing left operand of binary operator');
    }
    if (isAffineIdentifier(p)) return this.parseBareId();
    return p.error(lhs ? 'missing right operand of binary operator' : 'expected affine expression');
  }

  private parseOperandForNegation(lhs: AffineExpr | undefined): AffineExpr {
    const p = this.p;
    const diags = p.ctx.diagnostics;
    const before = diags.diagnostics.length;
    try {
      return this.parseOperand(lhs);
    } catch (e) {
      if (diags.diagnostics.length > before) {
        // MLIR adds a second diagnostic for a failed negation operand.
        diags.emit('error', p.location(), 'missing operand of negation');
      }
      throw e;
    }
  }

  private parseBareId(): AffineExpr {
    const p = this.p;
    const name = p.text;
    for (const [n, e] of this.ids) {
      if (n === name) {
        p.consume();
        return e;
      }
    }
    return p.errorWrongToken('use of undeclared identifier');
  }
}

// ---- locations

/**
 * A reference to a location alias not yet defined (`loc(#loc3)` before
 * `#loc3 = ...`). `resolveDeferredLocations` fills in `resolved`.
 */
export class DeferredLocation extends Location {
  resolved: Location | undefined;
  private readonly callbacks: ((loc: Location) => void)[] = [];
  constructor(
    readonly name: string,
    readonly offset: number,
  ) {
    super();
  }
  /** Registers a callback run with the real location once it is known. */
  onResolve(cb: (loc: Location) => void): void {
    if (this.resolved) cb(this.resolved);
    else this.callbacks.push(cb);
  }
  resolve(loc: Location): void {
    this.resolved = loc;
    for (const cb of this.callbacks) cb(loc);
    this.callbacks.length = 0;
  }
  printBody(p: AttrTypePrinter): void {
    if (this.resolved) this.resolved.printBody(p);
    else p.write('#' + this.name);
  }
  override print(p: AttrTypePrinter): void {
    if (this.resolved) p.printAttribute(this.resolved);
    else p.write('loc(#' + this.name + ')');
  }
  fileLineCol(): FileLineColLoc | undefined {
    return this.resolved?.fileLineCol();
  }
  // Not interned: identity is the reference itself.
  override get key(): string {
    return this.resolved ? this.resolved.key : 'loc(#' + this.name + ')';
  }
}

/** The resolved location behind a deferred reference (or the location itself). */
export function realLocation(loc: Location): Location {
  while (loc instanceof DeferredLocation && loc.resolved) loc = loc.resolved;
  return loc;
}

/**
 * Parses `loc(...)` as a trailing location specifier: the current token is
 * the `loc` keyword. `loc(#alias)` of an alias not yet defined returns a
 * DeferredLocation registered in `state.deferredLocations`.
 */
export function parseLocationInstance(p: Parser): Location {
  if (!p.consumeKeywordIf('loc')) p.errorWrongToken("expected 'loc'");
  p.expect(Tok.l_paren, "expected '(' in location");
  let loc: Location;
  const at = p.tokStart;
  if (p.tokKind === Tok.hash_identifier && p.text.indexOf('.') < 0) {
    const name = p.text.slice(1);
    p.consume();
    const attr = p.state.attributeAliases.get(name);
    if (attr) {
      if (!(attr instanceof Location)) p.error(`expected location, but found '${attr.key}'`, at);
      loc = attr;
    } else {
      const d = new DeferredLocation(name, at);
      p.state.deferredLocations.push({ name, offset: at, resolve: (l) => d.resolve(l) });
      loc = d;
    }
  } else {
    loc = parseLocationBody(p);
  }
  p.expect(Tok.r_paren, "expected ')' in location");
  return loc;
}

/**
 * Resolves the forward location alias references of a finished file. Emits
 * MLIR's errors for undefined aliases or non-location values; returns false
 * if any failed.
 */
export function resolveDeferredLocations(state: ParserState): boolean {
  let ok = true;
  for (const ref of state.deferredLocations) {
    const attr = state.attributeAliases.get(ref.name);
    if (!attr) {
      state.ctx.diagnostics.emit('error', state.source.location(ref.offset), 'operation location alias was never defined');
      ok = false;
      continue;
    }
    if (!(attr instanceof Location)) {
      state.ctx.diagnostics.emit('error', state.source.location(ref.offset), `expected location, but found '${attr.key}'`);
      ok = false;
      continue;
    }
    ref.resolve(attr);
  }
  state.deferredLocations.length = 0;
  return ok;
}

/** The inside of `loc(...)` (MLIR's parseLocationInstance). */
export function parseLocationBody(p: Parser): Location {
  if (p.is(Tok.hash_identifier)) {
    const at = p.tokStart;
    const a = parseExtendedAttr(p, undefined);
    if (!(a instanceof Location)) p.error(`expected location attribute, but got${a.key}`, at);
    return a;
  }
  if (p.is(Tok.string)) return parseNameOrFileLineCol(p);
  if (!p.is(Tok.bare_identifier)) p.errorWrongToken('expected location instance');
  const word = p.text;
  if (word === 'callsite') {
    p.consume();
    p.expect(Tok.l_paren, "expected '(' in callsite location");
    const callee = parseLocationBody(p);
    if (!p.is(Tok.bare_identifier) || p.text !== 'at') p.errorWrongToken("expected 'at' in callsite location");
    p.consume();
    const caller = parseLocationBody(p);
    p.expect(Tok.r_paren, "expected ')' in callsite location");
    return CallSiteLoc.get(callee, caller);
  }
  if (word === 'fused') {
    p.consume();
    let metadata: Attribute | undefined;
    if (p.consumeIf(Tok.less)) {
      metadata = parseAttribute(p);
      p.expect(Tok.greater, "expected '>' after fused location metadata");
    }
    const locs: Location[] = [];
    p.expect(Tok.l_square, "expected '[' in fused location");
    if (!p.consumeIf(Tok.r_square)) {
      locs.push(parseLocationBody(p));
      while (p.consumeIf(Tok.comma)) locs.push(parseLocationBody(p));
      p.expect(Tok.r_square, "expected ']' in fused location");
    }
    return fuseLocations(locs, metadata);
  }
  if (word === 'unknown') {
    p.consume();
    return UnknownLoc.get();
  }
  return p.errorWrongToken('expected location instance');
}

/** The inside of `loc(...)`, the `(` consumed (alias references must be defined). */
export const parseLocationAfterParen = parseLocationBody;

function parseUnsigned(p: Parser, what: string): number {
  if (!p.is(Tok.integer)) p.errorWrongToken(what);
  const v = BigInt(p.text);
  if (v > 0xffffffffn) p.errorWrongToken(what);
  p.consume();
  return Number(v);
}

function parseNameOrFileLineCol(p: Parser): Location {
  const str = p.stringValue();
  p.consume();
  if (p.consumeIf(Tok.colon)) {
    const line = parseUnsigned(p, 'expected integer line number in FileLineColRange');
    if (!p.is(Tok.colon)) return FileLineColLoc.get(str, line, 0);
    p.consume();
    const col = parseUnsigned(p, 'expected integer column number in FileLineColRange');
    if (!p.isKeyword('to')) return FileLineColLoc.get(str, line, col);
    p.consume();
    if (p.is(Tok.integer)) {
      const endLine = parseUnsigned(p, 'expected integer line number in FileLineColRange');
      if (!p.is(Tok.colon)) p.errorWrongToken('expected either integer or `to` after start column in FileLineColRange');
      p.consume();
      const endCol = parseUnsigned(p, 'expected integer column number in FileLineColRange');
      return FileLineColLoc.get(str, line, col, endLine, endCol);
    }
    if (!p.is(Tok.colon)) p.errorWrongToken('expected either integer or `to` after start column in FileLineColRange');
    p.consume();
    const endCol = parseUnsigned(p, 'expected integer column number in FileLineColRange');
    return FileLineColLoc.get(str, line, col, line, endCol);
  }
  if (p.consumeIf(Tok.l_paren)) {
    const child = parseLocationBody(p);
    p.expect(Tok.r_paren, "expected ')' after child location of NameLoc");
    return NameLoc.get(str, child);
  }
  return NameLoc.get(str);
}

export { relexAt, FLOAT_SEMANTICS };
