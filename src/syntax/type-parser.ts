// Parsing of builtin types, type aliases and dialect types, following MLIR's
// TypeParser.cpp (grammar, error messages and error locations).

import type { Attribute, Type } from '../ir/attributes.js';
import {
  ComplexType,
  FloatType,
  FunctionType,
  IndexType,
  IntegerType,
  MemRefType,
  NoneType,
  TokenType,
  OpaqueType,
  RankedTensorType,
  TupleType,
  UnrankedMemRefType,
  UnrankedTensorType,
  VectorType,
  kDynamic,
} from '../ir/builtin-types.js';
import { AffineMapAttr, DictionaryAttr, IntegerAttr, OpaqueAttr, StridedLayoutAttr, StringAttr } from '../ir/builtin-attributes.js';
import { Tok } from './lexer.js';
import type { Parser } from './parser.js';
import { makeDialectAsmParser, parseExtendedSymbolToken, relexAt, unregisteredMessage } from './dialect-symbol.js';

const MAX_INT_WIDTH = 16777215;

function isFloatKeyword(p: Parser): FloatType | undefined {
  return FloatType.tryGet(p.text);
}

/** True if the current token can start a type. */
function canStartType(p: Parser): boolean {
  switch (p.tokKind) {
    case Tok.l_paren:
    case Tok.exclamation_identifier:
    case Tok.inttype:
      return true;
    case Tok.keyword: {
      if (simpleKeywordType(p.src, p.tokStart, p.tokEnd) !== undefined) return true;
      const t = p.text;
      return (
        t === 'index' || t === 'none' || t === 'token' || t === 'tensor' || t === 'memref' || t === 'vector' || t === 'complex' || t === 'tuple' ||
        FloatType.tryGet(t) !== undefined
      );
    }
    default:
      return false;
  }
}

export function parseOptionalType(p: Parser): Type | undefined {
  if (!canStartType(p)) return undefined;
  return parseType(p);
}

export function parseType(p: Parser): Type {
  if (p.tokKind === Tok.l_paren) return parseFunctionType(p);
  return parseNonFunctionType(p);
}

/** `(inputs) -> results`. */
export function parseFunctionType(p: Parser): FunctionType {
  const inputs = parseTypeListParens(p);
  p.expect(Tok.arrow, "expected '->' in function type");
  const results = parseFunctionResultTypes(p);
  return FunctionType.get(inputs, results);
}

/** `(t1, t2)` or `()`. */
export function parseTypeListParens(p: Parser): Type[] {
  p.expect(Tok.l_paren, "expected '('");
  if (p.consumeIf(Tok.r_paren)) return [];
  const types = parseTypeListNoParens(p);
  p.expect(Tok.r_paren, "expected ')'");
  return types;
}

/** `t1, t2, ...` (at least one). */
export function parseTypeListNoParens(p: Parser): Type[] {
  const types: Type[] = [parseType(p)];
  while (p.consumeIf(Tok.comma)) types.push(parseType(p));
  return types;
}

/** A function result list: `(t1, t2)` or a single non-function type. */
export function parseFunctionResultTypes(p: Parser): Type[] {
  if (p.is(Tok.l_paren)) return parseTypeListParens(p);
  return [parseNonFunctionType(p)];
}

/**
 * The builtin type a keyword token names by itself (`index`, `f32`, ...), read
 * from the bytes: most types in printed IR are these, and this makes no
 * substring and no string lookup for them. Undefined for the others.
 */
function simpleKeywordType(src: string, start: number, end: number): Type | undefined {
  const len = end - start;
  const c0 = src.charCodeAt(start);
  if (len === 3 && c0 === 102 /* f */) {
    const c1 = src.charCodeAt(start + 1);
    const c2 = src.charCodeAt(start + 2);
    if (c1 === 51 && c2 === 50) return FLOAT_F32;
    if (c1 === 54 && c2 === 52) return FLOAT_F64;
    if (c1 === 49 && c2 === 54) return FLOAT_F16;
    return undefined;
  }
  if (
    len === 5 && c0 === 105 /* i */ && src.charCodeAt(start + 1) === 110 /* n */ && src.charCodeAt(start + 2) === 100 /* d */ &&
    src.charCodeAt(start + 3) === 101 /* e */ && src.charCodeAt(start + 4) === 120 /* x */
  )
    return IndexType.get();
  return undefined;
}
const FLOAT_F16 = FloatType.f16;
const FLOAT_F32 = FloatType.f32;
const FLOAT_F64 = FloatType.f64;

export function parseNonFunctionType(p: Parser): Type {
  const k = p.tokKind;
  if (k === Tok.inttype) return parseIntegerType(p);
  if (k === Tok.keyword) {
    const simple = simpleKeywordType(p.src, p.tokStart, p.tokEnd);
    if (simple !== undefined) {
      p.consume();
      return simple;
    }
    if (p.src.charCodeAt(p.tokEnd) === 60 /* < */) {
      const memo = memoShapedType(p);
      if (memo !== undefined) return memo;
    }
    const start = p.tokStart;
    const t = p.text;
    switch (t) {
      case 'index':
        p.consume();
        return IndexType.get();
      case 'none':
        p.consume();
        return NoneType.get();
      case 'token':
        p.consume();
        return TokenType.get();
      case 'tensor':
        return rememberShapedType(p, start, parseTensorType(p));
      case 'memref':
        return rememberShapedType(p, start, parseMemRefType(p));
      case 'vector':
        return rememberShapedType(p, start, parseVectorType(p));
      case 'complex':
        return rememberShapedType(p, start, parseComplexType(p));
      case 'tuple':
        return parseTupleType(p);
      default: {
        const f = isFloatKeyword(p);
        if (f) {
          p.consume();
          return f;
        }
      }
    }
  }
  if (k === Tok.exclamation_identifier) return parseExtendedType(p);
  p.errorWrongToken('expected non-function type');
}

/** At most this many spellings are kept (a linear scan; printed IR has a few per file). */
const MAX_MEMO = 16;

/**
 * The type at the current `tensor<`/`memref<`/`vector<`/`complex<` token if
 * the same spelling was parsed before (then the parser moves past it), else
 * undefined. Only spellings of letters, digits and `?*<>` are kept: they
 * cannot name an alias or a dialect, so the same bytes always parse to the
 * same type with no diagnostic, and the closing `>` ends the type whatever
 * follows it.
 */
function memoShapedType(p: Parser): Type | undefined {
  const memo = p.shapedTypeMemo;
  const src = p.src;
  const start = p.tokStart;
  for (let i = 0; i < memo.length; i += 2) {
    const spelling = memo[i] as string;
    const end = start + spelling.length;
    if (end <= p.lexEnd && src.startsWith(spelling, start)) {
      p.relexAt(end, end);
      return memo[i + 1] as Type;
    }
  }
  return undefined;
}

function rememberShapedType(p: Parser, start: number, type: Type): Type {
  const memo = p.shapedTypeMemo;
  if (memo.length >= 2 * MAX_MEMO) return type;
  const src = p.src;
  const end = p.prevEnd;
  for (let i = start; i < end; i++) {
    const c = src.charCodeAt(i);
    const plain =
      (c >= 97 && c <= 122) /* a-z */ || (c >= 48 && c <= 57) /* 0-9 */ || c === 63 /* ? */ || c === 42 /* * */ || c === 60 /* < */ || c === 62; /* > */
    if (!plain) return type;
  }
  memo.push(src.slice(start, end), type);
  return type;
}

function parseIntegerType(p: Parser): IntegerType {
  const src = p.src;
  const start = p.tokStart;
  const len = p.tokEnd - start;
  if (len <= 4 && src.charCodeAt(start) === 105 /* i */) {
    // `i1` to `i999`: the width from the bytes, no substring.
    let width = 0;
    for (let i = start + 1; i < start + len; i++) width = width * 10 + (src.charCodeAt(i) - 48);
    p.consume();
    return IntegerType.get(width);
  }
  const t = p.text;
  const c0 = t.charCodeAt(0);
  const signedness = c0 === 105 ? 'signless' : c0 === 115 ? 'signed' : 'unsigned';
  const digits = t.slice(c0 === 105 ? 1 : 2);
  const width = digits.length > 10 ? Infinity : Number(digits);
  if (width > MAX_INT_WIDTH) {
    if (digits.length > 10) p.error('invalid integer width');
    p.error(`integer bitwidth is limited to ${MAX_INT_WIDTH} bits`);
  }
  p.consume();
  return IntegerType.get(width, signedness);
}

function parseXInDimensionList(p: Parser): void {
  if (p.tokKind !== Tok.bare_identifier || p.src.charCodeAt(p.tokStart) !== 120 /* x */)
    p.errorWrongToken("expected 'x' in dimension list");
  const start = p.tokStart;
  if (p.tokEnd - start !== 1) relexAt(p, start + 1);
  else p.consume();
}

function parseIntegerInDimensionList(p: Parser): number {
  const start = p.tokStart;
  if (p.tokEnd - start > 1 && p.src.charCodeAt(start + 1) === 120) {
    // `0xf32` is `0`, `x`, `f32` here.
    relexAt(p, start + 1);
    return 0;
  }
  // After a scalable dimension's `[` the token may be anything.
  if (p.tokKind !== Tok.integer) p.error('invalid dimension');
  const end = p.tokEnd;
  if (end - start <= 15) {
    // Up to 15 decimal digits fit a double exactly: no substring or bigint per dimension.
    const src = p.src;
    let v = 0;
    for (let i = start; i < end; i++) v = v * 10 + (src.charCodeAt(i) - 48);
    p.consume();
    return v;
  }
  const v = BigInt(p.text);
  if (v > 0x7fffffffffffffffn) p.error('invalid dimension');
  p.consume();
  return Number(v);
}

/**
 * Dimensions are gathered here and copied out at their exact count: a list
 * grown from `[]` reserves 17 slots, and shapes have one or two. (The copy is
 * made before the element type is parsed, which may use this again.)
 */
const dimScratch: number[] = [];

/** `4x?x` style dimension prefixes (with the trailing `x`). */
export function parseDimensionListRanked(p: Parser, allowDynamic = true): number[] {
  let n = 0;
  while (p.tokKind === Tok.integer || p.tokKind === Tok.question) {
    if (p.tokKind === Tok.question) {
      if (!allowDynamic) p.error('expected static shape');
      p.consume();
      dimScratch[n++] = kDynamic;
    } else {
      dimScratch[n++] = parseIntegerInDimensionList(p);
    }
    parseXInDimensionList(p);
  }
  return dimScratch.slice(0, n);
}

function isValidTensorElementType(t: Type): boolean {
  return (
    t instanceof ComplexType ||
    t instanceof FloatType ||
    t instanceof IntegerType ||
    t instanceof OpaqueType ||
    t instanceof VectorType ||
    t instanceof IndexType ||
    t.dialect !== 'builtin'
  );
}

function isValidMemRefElementType(t: Type): boolean {
  return (
    t instanceof ComplexType ||
    t instanceof FloatType ||
    t instanceof IntegerType ||
    t instanceof IndexType ||
    t instanceof VectorType ||
    t instanceof MemRefType ||
    t instanceof UnrankedMemRefType ||
    t.dialect !== 'builtin'
  );
}

/** MLIR's isSupportedMemorySpace: none, an integer, string or dictionary, or a dialect attribute. */
function isSupportedMemorySpace(space: Attribute | undefined): boolean {
  if (space === undefined) return true;
  if (space instanceof IntegerAttr || space instanceof StringAttr || space instanceof DictionaryAttr) return true;
  // Unregistered-dialect attributes are builtin OpaqueAttrs to MLIR.
  return !(space instanceof OpaqueAttr) && space.dialect !== 'builtin';
}

function parseTensorType(p: Parser): Type {
  p.consume();
  p.expect(Tok.less, "expected '<' in tensor type");
  let unranked = false;
  let dims: number[] = [];
  if (p.consumeIf(Tok.star)) {
    unranked = true;
    parseXInDimensionList(p);
  } else {
    dims = parseDimensionListRanked(p);
  }
  const eltLoc = p.tokStart;
  const elementType = parseType(p);
  let encoding: Attribute | undefined;
  if (p.consumeIf(Tok.comma)) {
    const encLoc = p.tokStart;
    encoding = p.parseAttribute();
    void encLoc;
  }
  p.expect(Tok.greater, "expected '>' in tensor type");
  if (!isValidTensorElementType(elementType)) p.error('invalid tensor element type', eltLoc);
  if (unranked) {
    if (encoding) p.error('cannot apply encoding to unranked tensor');
    return UnrankedTensorType.get(elementType);
  }
  return RankedTensorType.get(dims, elementType, encoding);
}

function parseMemRefType(p: Parser): Type {
  const loc = p.tokStart;
  p.consume();
  p.expect(Tok.less, "expected '<' in memref type");
  let unranked = false;
  let dims: number[] = [];
  if (p.consumeIf(Tok.star)) {
    unranked = true;
    parseXInDimensionList(p);
  } else {
    dims = parseDimensionListRanked(p);
  }
  const typeLoc = p.tokStart;
  const elementType = parseType(p);
  if (!isValidMemRefElementType(elementType)) p.error('invalid memref element type', typeLoc);
  let layout: Attribute | undefined;
  let memorySpace: Attribute | undefined;
  if (!p.consumeIf(Tok.greater)) {
    p.expect(Tok.comma, "expected ',' or '>' in memref type");
    if (p.is(Tok.greater)) p.errorWrongToken('expected list element');
    const parseElt = (): void => {
      const attr = p.parseAttribute();
      if (attr instanceof AffineMapAttr || attr instanceof StridedLayoutAttr) {
        layout = attr;
      } else if (memorySpace) {
        p.error('multiple memory spaces specified in memref type');
      } else {
        memorySpace = attr;
        return;
      }
      if (unranked) p.error('cannot have affine map for unranked memref type');
      if (memorySpace) p.error('expected memory space to be last in memref type');
    };
    parseElt();
    while (p.consumeIf(Tok.comma)) parseElt();
    p.expect(Tok.greater, "expected ',' or '>'");
  }
  if (unranked) {
    if (!isSupportedMemorySpace(memorySpace)) p.error('unsupported memory space Attribute', loc);
    return UnrankedMemRefType.get(elementType, memorySpace);
  }
  if (layout instanceof AffineMapAttr && layout.value.numDims !== dims.length)
    p.error(`memref layout mismatch between rank and affine map: ${dims.length} != ${layout.value.numDims}`, loc);
  if (layout instanceof StridedLayoutAttr && layout.strides.length !== dims.length)
    p.error('expected the number of strides to match the rank', loc);
  if (!isSupportedMemorySpace(memorySpace)) p.error('unsupported memory space Attribute', loc);
  return MemRefType.get(dims, elementType, layout, memorySpace);
}

function parseVectorType(p: Parser): Type {
  const loc = p.tokStart;
  p.consume();
  p.expect(Tok.less, "expected '<' in vector type");
  const dims: number[] = [];
  const scalable: boolean[] = [];
  while (p.tokKind === Tok.integer || p.tokKind === Tok.l_square) {
    const isScalable = p.consumeIf(Tok.l_square);
    dims.push(parseIntegerInDimensionList(p));
    if (isScalable && !p.consumeIf(Tok.r_square)) p.errorWrongToken("missing ']' closing scalable dimension");
    scalable.push(isScalable);
    parseXInDimensionList(p);
  }
  const elementType = parseType(p);
  p.expect(Tok.greater, "expected '>' in vector type");
  for (const d of dims) if (d <= 0) p.error(`vector types must have positive constant sizes but got ${dims.join(', ')}`, loc);
  if (!(elementType instanceof IntegerType || elementType instanceof IndexType || elementType instanceof FloatType || elementType.dialect !== 'builtin'))
    p.error("failed to verify 'elementType': VectorElementTypeInterface instance", loc);
  return VectorType.get(dims, elementType, scalable);
}

function parseComplexType(p: Parser): Type {
  p.consume();
  p.expect(Tok.less, "expected '<' in complex type");
  const loc = p.tokStart;
  const elementType = parseType(p);
  p.expect(Tok.greater, "expected '>' in complex type");
  if (!(elementType instanceof FloatType || elementType instanceof IntegerType)) p.error('invalid element type for complex', loc);
  return ComplexType.get(elementType);
}

function parseTupleType(p: Parser): Type {
  p.consume();
  p.expect(Tok.less, "expected '<' in tuple type");
  if (p.consumeIf(Tok.greater)) return TupleType.get([]);
  const types = parseTypeListNoParens(p);
  p.expect(Tok.greater, "expected '>' in tuple type");
  return TupleType.get(types);
}

function parseExtendedType(p: Parser): Type {
  const sym = parseExtendedSymbolToken(p);
  if (sym.alias) {
    const t = p.state.typeAliases.get(sym.identifier);
    if (!t) p.errorWrongToken(`undefined symbol alias id '${sym.identifier}'`);
    return t;
  }
  const dialect = p.ctx.getDialect(sym.dialect);
  if (dialect?.parseType) {
    const d = makeDialectAsmParser(p, sym);
    const t = dialect.parseType(d);
    return t;
  }
  if (!dialect && !p.ctx.allowUnregisteredDialects) p.error(unregisteredMessage('!', sym.dialect, sym.data, ''), sym.reportLoc);
  return OpaqueType.get(sym.dialect, sym.data);
}
