// Constraints of the declarative op layer (MLIR's ODS type and attribute
// constraints): what an operand, result or attribute may be, the summary
// MLIR's verifier messages quote, and for attributes how the declaration's
// accessors decode them (`I64Attr` reads as a bigint, `UnitAttr` as a
// boolean, an enum as its case value) and how builders encode them back.

import { Attribute, type AttrTypePrinter, type Type, uniqueAttribute } from '../ir/attributes.js';
import {
  ArrayAttr,
  DenseArrayAttr,
  DictionaryAttr,
  ElementsAttr,
  FloatAttr,
  IntegerAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
} from '../ir/builtin-attributes.js';
import {
  FloatType,
  FunctionType,
  IndexType,
  IntegerType,
  MemRefType,
  NoneType,
  RankedTensorType,
  ShapedType,
  TensorType,
  UnrankedMemRefType,
  VectorType,
  printDialectSymbol,
} from '../ir/builtin-types.js';
import type { OpAsmParser, OpAsmPrinter } from '../ir/op-asm.js';
import { Tok } from '../syntax/lexer.js';
import { ParseAbort, tokenParser, type Parser } from '../syntax/parser.js';

// ============================================================================
// Type constraints

export interface TypeConstraint {
  /** The description used in "must be <summary>" messages. */
  readonly summary: string;
  check(t: Type): boolean;
  /** A type the format may build when it is fixed (MLIR's buildable types, e.g. I1, Index). */
  readonly buildable?: Type;
  /**
   * The type class `type($x)` parses as (ODS's cppType, e.g. VectorType):
   * another kind of type is an error at the type, naming the class when it
   * has a name (MemRefType does, BaseMemRefType does not).
   */
  readonly typeClass?: { readonly name?: string; is(t: Type): boolean };
}

/** MLIR's parseType<TypeT> error when the type parsed is not a `cls`. */
export function typeClassMismatch(cls: NonNullable<TypeConstraint['typeClass']>, t: Type): string {
  return cls.name === undefined ? 'invalid kind of type specified' : `invalid kind of type specified: expected ${cls.name}, but found '${t.key}'`;
}

/** `c` parsed as the type class `typeClass` by a format's type directive. */
export function withTypeClass(c: TypeConstraint, typeClass: NonNullable<TypeConstraint['typeClass']>): TypeConstraint {
  return { ...c, typeClass };
}

export function typeConstraint(summary: string, check: (t: Type) => boolean, buildable?: Type): TypeConstraint {
  return { summary, check, buildable };
}

const isSignlessInt = (t: Type): boolean => t instanceof IntegerType && t.signedness === 'signless';

export const AnyType = typeConstraint('any type', () => true);
export const AnyInteger = typeConstraint('integer', (t) => t instanceof IntegerType);
export const AnySignlessInteger = typeConstraint('signless integer', isSignlessInt);
export const Index = typeConstraint('index', (t) => t instanceof IndexType, IndexType.get());
export const AnyFloat = typeConstraint('floating-point', (t) => t instanceof FloatType);
export function signlessIntOfWidth(width: number): TypeConstraint {
  return typeConstraint(`${width}-bit signless integer`, (t) => isSignlessInt(t) && (t as IntegerType).width === width, IntegerType.get(width));
}
export const I1 = signlessIntOfWidth(1);
export const I8 = signlessIntOfWidth(8);
export const I16 = signlessIntOfWidth(16);
export const I32 = signlessIntOfWidth(32);
export const I64 = signlessIntOfWidth(64);
export const F32 = typeConstraint('32-bit float', (t) => t instanceof FloatType && t.name === 'f32', FloatType.f32);
export const F64 = typeConstraint('64-bit float', (t) => t instanceof FloatType && t.name === 'f64', FloatType.f64);

/** Vectors (of any rank, scalable or not) or tensors whose elements satisfy `pred`. */
const vectorOrTensorOf = (t: Type, pred: (e: Type) => boolean): boolean =>
  (t instanceof VectorType || t instanceof TensorType) && pred((t as ShapedType).elementType);

function likeConstraint(summary: string, scalar: (t: Type) => boolean): TypeConstraint {
  return typeConstraint(summary, (t) => scalar(t) || vectorOrTensorOf(t, scalar));
}

export const BoolLike = likeConstraint('bool-like', (t) => isSignlessInt(t) && (t as IntegerType).width === 1);
export const SignlessIntegerLike = likeConstraint('signless-integer-like', (t) => isSignlessInt(t) || t instanceof IndexType);
/** MLIR's SignlessIntegerOrIndexLike (same summary as SignlessIntegerLike). */
export const SignlessIntegerOrIndexLike = SignlessIntegerLike;
export const SignlessFixedWidthIntegerLike = likeConstraint('signless-fixed-width-integer-like', isSignlessInt);
export const FloatLike = likeConstraint('floating-point-like', (t) => t instanceof FloatType);
export const SignlessIntegerOrFloatLike = likeConstraint(
  'signless-integer-or-float-like',
  (t) => isSignlessInt(t) || t instanceof FloatType,
);

export const AnyMemRef = typeConstraint('memref of any type values', (t) => t instanceof MemRefType || t instanceof UnrankedMemRefType);
export const AnyRankedMemRef = typeConstraint('ranked memref of any type values', (t) => t instanceof MemRefType);
export const AnyTensor = typeConstraint('tensor of any type values', (t) => t instanceof TensorType);
export const AnyRankedTensor = typeConstraint('ranked tensor of any type values', (t) => t instanceof RankedTensorType);
export const AnyVector = typeConstraint('vector of any type values', (t) => t instanceof VectorType);
export const AnyShaped = typeConstraint('shaped of any type values', (t) => t instanceof ShapedType);
export const AnyFunction = typeConstraint('function type', (t) => t instanceof FunctionType);

/** `AnyTypeOf<[...]>`: summaries joined with " or ". */
export function anyTypeOf(list: readonly TypeConstraint[], summary?: string): TypeConstraint {
  return typeConstraint(summary ?? list.map((c) => c.summary).join(' or '), (t) => list.some((c) => c.check(t)));
}
function elementsSummary(list: readonly TypeConstraint[]): string {
  return list.map((c) => c.summary).join(' or ');
}
/** `MemRefOf<[...]>`. */
export function memRefOf(list: readonly TypeConstraint[], summary?: string): TypeConstraint {
  return typeConstraint(summary ?? `memref of ${elementsSummary(list)} values`, (t) =>
    (t instanceof MemRefType || t instanceof UnrankedMemRefType) && list.some((c) => c.check((t as ShapedType).elementType)),
  );
}
/** `TensorOf<[...]>`. */
export function tensorOf(list: readonly TypeConstraint[], summary?: string): TypeConstraint {
  return typeConstraint(summary ?? `tensor of ${elementsSummary(list)} values`, (t) =>
    t instanceof TensorType && list.some((c) => c.check(t.elementType)),
  );
}
/** `VectorOfAnyRankOf<[...]>`. */
export function vectorOf(list: readonly TypeConstraint[], summary?: string): TypeConstraint {
  return typeConstraint(summary ?? `vector of ${elementsSummary(list)} values`, (t) =>
    t instanceof VectorType && list.some((c) => c.check(t.elementType)),
  );
}

// ============================================================================
// Attribute constraints

/**
 * An attribute constraint. `A` is the attribute class it admits; `V` is what
 * a declaration's accessor returns for it (the attribute itself unless the
 * constraint decodes it, e.g. `I64Attr` to a bigint).
 */
export interface AttrConstraint<A extends Attribute = Attribute, V = A> {
  /** Used in "attribute 'x' failed to satisfy constraint: <summary>". */
  readonly summary: string;
  check(a: Attribute): a is A;
  /**
   * Whether the attribute can be stored in the property (MLIR's property
   * conversion, checked for `<{...}>`). Defaults to `check`.
   */
  convertible?(a: Attribute): boolean;
  /** A fixed type: the format parses the value with it and prints it without its type. */
  readonly valueType?: Type;
  /** Custom-format parsing of the bare value (enums as keywords, dialect attrs without `#dialect.`). */
  parseBare?(p: OpAsmParser, attrName: string): Attribute;
  /** For optional groups anchored on the attribute: undefined when absent. */
  parseOptionalBare?(p: OpAsmParser, attrName: string): Attribute | undefined;
  printBare?(p: OpAsmPrinter, a: Attribute): void;
  /** The attribute is a UnitAttr (presence only). */
  readonly isUnit?: boolean;
  /** The accessor's view of a (valid) attribute; the attribute itself when absent. */
  decode?(a: A): V;
  /** Builds the attribute from the accessor's view (for builders). */
  encode?(v: V): A;
}

/** Any attribute constraint, whatever it admits and decodes to. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAttrConstraint = AttrConstraint<any, any>;

export function attrConstraint<A extends Attribute = Attribute, V = A>(
  summary: string,
  check: (a: Attribute) => boolean,
  extra: Partial<Omit<AttrConstraint<A, V>, 'summary' | 'check'>> = {},
): AttrConstraint<A, V> {
  return { summary, check: check as (a: Attribute) => a is A, ...extra };
}

const isSignlessIntAttrOfWidth = (a: Attribute, w: number): boolean =>
  a instanceof IntegerAttr && isSignlessInt(a.type) && (a.type as IntegerType).width === w;

function integerAttrOf(summary: string, type: IntegerType | IndexType, check: (a: Attribute) => boolean): AttrConstraint<IntegerAttr, bigint> {
  return attrConstraint<IntegerAttr, bigint>(summary, check, {
    convertible: (a) => a instanceof IntegerAttr,
    valueType: type,
    decode: (a) => a.value,
    encode: (v) => IntegerAttr.get(type, v),
  });
}

export const AnyAttr = attrConstraint('any attribute', () => true);
export const I64Attr = integerAttrOf('64-bit signless integer attribute', IntegerType.get(64), (a) => isSignlessIntAttrOfWidth(a, 64));
export const I32Attr = integerAttrOf('32-bit signless integer attribute', IntegerType.get(32), (a) => isSignlessIntAttrOfWidth(a, 32));
export const IndexAttrC = integerAttrOf('index attribute', IndexType.get(), (a) => a instanceof IntegerAttr && a.type instanceof IndexType);
export const BoolAttrC = attrConstraint<IntegerAttr, boolean>('bool attribute', (a) => a instanceof IntegerAttr && a.isBool, {
  convertible: (a) => a instanceof IntegerAttr && a.isBool,
  valueType: IntegerType.get(1),
  decode: (a) => a.value !== 0n,
  encode: (v) => IntegerAttr.get(IntegerType.get(1), v ? 1n : 0n),
});
export const TypedAttrC = attrConstraint('TypedAttr instance', (a) => a.type !== undefined);
// As in MLIR's ODS, string, symbol-reference, type, array, dictionary and unit
// attributes have the value type NoneType: a format parses `3` where one is
// expected as MLIR does ("integer literal not valid for specified type").
const stringAttr = (summary: string): AttrConstraint<StringAttr, string> =>
  attrConstraint<StringAttr, string>(summary, (a) => a instanceof StringAttr, {
    valueType: NoneType.get(),
    decode: (a) => a.value,
    encode: (v) => StringAttr.get(v),
  });
export const StrAttrC = stringAttr('string attribute');
export const SymbolNameAttrC = stringAttr('string attribute');
export const FlatSymbolRefAttrC = attrConstraint<SymbolRefAttr, string>('flat symbol reference attribute', (a) => a instanceof SymbolRefAttr && a.isFlat, {
  valueType: NoneType.get(),
  decode: (a) => a.root,
  encode: (v) => SymbolRefAttr.get(v),
});
export const SymbolRefAttrC = attrConstraint<SymbolRefAttr>('symbol reference attribute', (a) => a instanceof SymbolRefAttr, { valueType: NoneType.get() });
export const TypeAttrC = attrConstraint<TypeAttr, Type>('any type attribute', (a) => a instanceof TypeAttr, {
  valueType: NoneType.get(),
  decode: (a) => a.value,
  encode: (v) => TypeAttr.get(v),
});
export const ArrayAttrC = attrConstraint<ArrayAttr>('array attribute', (a) => a instanceof ArrayAttr, { valueType: NoneType.get() });
export const DictionaryAttrC = attrConstraint<DictionaryAttr>('dictionary of named attribute values', (a) => a instanceof DictionaryAttr, {
  valueType: NoneType.get(),
});
export const ElementsAttrC = attrConstraint<ElementsAttr>('constant vector/tensor attribute', (a) => a instanceof ElementsAttr);
export const FloatAttrC = attrConstraint<FloatAttr>('floating-point attribute', (a) => a instanceof FloatAttr);
export const UnitAttrC = attrConstraint<UnitAttr, boolean>('unit attribute', (a) => a instanceof UnitAttr, {
  isUnit: true,
  valueType: NoneType.get(),
  decode: () => true,
  encode: () => UnitAttr.get(),
});
/**
 * `DenseI<n>ArrayAttr`. In an assembly format the value is spelled bare, as
 * MLIR's DenseArrayAttrImpl::parse/print do (`[1, 2]`, `[]`), or as a full
 * attribute after `#` (an alias); elements are parsed as AsmParser::parseInteger
 * of the C++ element type (bool takes only 0, 1, true, false).
 */
function denseArrayOf(width: number): AttrConstraint<DenseArrayAttr, readonly bigint[]> {
  const elementType = IntegerType.get(width);
  const is = (a: Attribute): a is DenseArrayAttr => a instanceof DenseArrayAttr && a.elementType instanceof IntegerType && a.elementType.width === width;
  const min = width === 1 ? 0n : -(1n << BigInt(width - 1));
  const max = width === 1 ? 1n : (1n << BigInt(width - 1)) - 1n;
  const parseBare = (p: OpAsmParser): Attribute => {
    const offset = p.currentOffset();
    if (tokenParser(p).is(Tok.hash_identifier)) {
      const a = p.parseAttribute();
      if (!is(a)) p.error('invalid kind of attribute specified', offset);
      return a;
    }
    p.parseLSquare();
    const values: bigint[] = [];
    if (!p.parseOptionalRSquare()) {
      try {
        do {
          const at = p.currentOffset();
          const v = p.parseInteger();
          if (v < min || v > max) p.error('integer value too large', at);
          values.push(v);
        } while (p.parseOptionalComma());
      } catch (e) {
        // MLIR's DenseArrayAttr parser still reads its `]` after a failed element.
        const tp = tokenParser(p);
        if (e instanceof ParseAbort && !tp.is(Tok.r_square)) tp.emitWrongTokenError("expected ']'");
        throw e;
      }
      p.parseRSquare();
    }
    return DenseArrayAttr.get(elementType, values);
  };
  return attrConstraint<DenseArrayAttr, readonly bigint[]>(`i${width} dense array attribute`, is, {
    decode: (a) => a.values,
    encode: (v) => DenseArrayAttr.get(elementType, v),
    parseBare,
    parseOptionalBare: (p) => (tokenParser(p).is(Tok.l_square) ? parseBare(p) : undefined),
    printBare: (p, a) => (a instanceof DenseArrayAttr ? a.printWithoutType(p) : p.printAttribute(a)),
  });
}
export const DenseI32ArrayAttrC = denseArrayOf(32);
export const DenseI64ArrayAttrC = denseArrayOf(64);
export const DenseBoolArrayAttrC = denseArrayOf(1);

// ---- integer enums (I64EnumAttr / I32EnumAttr): stored as integers, printed as keywords

export interface EnumCase {
  readonly name: string;
  readonly value: number;
}

/**
 * An integer enum attribute constraint. Its cases are named on `case`
 * (`CmpIPredicate.case.slt`); accessors decode the attribute to the case value.
 */
export interface IntEnumAttrConstraint<C extends string = string> extends AttrConstraint<IntegerAttr, number> {
  readonly cases: readonly EnumCase[];
  /** The value of each case, by name. */
  readonly case: { readonly [K in C]: number };
  readonly width: number;
  symbolize(name: string): number | undefined;
  stringify(value: number): string | undefined;
  get(value: number): IntegerAttr;
}

const KEYWORD_RE = /^[A-Za-z_][A-Za-z0-9_$.]*$/;

type EnumCaseSpec = string | readonly [string, number];
type CaseName<S> = S extends readonly [infer N extends string, number] ? N : S extends string ? S : never;

function intEnumAttr<const S extends readonly EnumCaseSpec[]>(width: number, cases: S, summary?: string): IntEnumAttrConstraint<CaseName<S[number]>> {
  const list: EnumCase[] = cases.map((c, i) => (typeof c === 'string' ? { name: c, value: i } : { name: c[0], value: c[1] }));
  const byName = new Map(list.map((c) => [c.name, c.value]));
  const byValue = new Map(list.map((c) => [c.value, c.name]));
  const type = IntegerType.get(width);
  const valid = (a: Attribute): a is IntegerAttr => a instanceof IntegerAttr && a.type === type && byValue.has(Number(a.value));
  const names = list.map((c) => c.name);
  const get = (v: number): IntegerAttr => IntegerAttr.get(type, v);
  const self: IntEnumAttrConstraint<CaseName<S[number]>> = {
    summary: summary ?? `allowed ${width}-bit signless integer cases: ${list.map((c) => c.value).join(', ')}`,
    check: valid,
    convertible: valid,
    cases: list,
    case: Object.freeze(Object.fromEntries(list.map((c) => [c.name, c.value]))) as { readonly [K in CaseName<S[number]>]: number },
    width,
    symbolize: (n) => byName.get(n),
    stringify: (v) => byValue.get(v),
    get,
    decode: (a) => Number(a.value),
    encode: get,
    parseOptionalBare(p) {
      const kw = p.parseOptionalKeyword(names);
      return kw !== undefined ? get(byName.get(kw)!) : undefined;
    },
    parseBare(p, attrName) {
      const offset = p.currentOffset();
      let text = p.parseOptionalKeyword(names);
      if (text === undefined) {
        text = p.parseOptionalString();
        if (text === undefined)
          p.error(
            `expected string or keyword containing one of the following enum values for attribute '${attrName}' [${names.join(', ')}]`,
            offset,
          );
      }
      const v = byName.get(text!);
      if (v === undefined) return p.error(`invalid ${attrName} attribute specification: "${text}"`, offset);
      return get(v);
    },
    printBare(p, a) {
      const name = a instanceof IntegerAttr ? byValue.get(Number(a.value)) : undefined;
      if (name === undefined) return p.printAttribute(a);
      p.write(KEYWORD_RE.test(name) ? name : `"${name}"`);
    },
  };
  return self;
}

/** `I64EnumAttr<...>`: cases as names (values 0, 1, ...) or [name, value] pairs. */
export function i64EnumAttr<const S extends readonly EnumCaseSpec[]>(cases: S, summary?: string): IntEnumAttrConstraint<CaseName<S[number]>> {
  return intEnumAttr(64, cases, summary);
}
/** `I32EnumAttr<...>`. */
export function i32EnumAttr<const S extends readonly EnumCaseSpec[]>(cases: S, summary?: string): IntEnumAttrConstraint<CaseName<S[number]>> {
  return intEnumAttr(32, cases, summary);
}

// ---- dialect enum attributes (EnumAttr<Dialect, Enum, "mnemonic">), e.g. #arith.fastmath<fast>

export interface EnumAttrDef {
  readonly dialect: string;
  readonly mnemonic: string;
  /** The ODS record name, for "failed to parse <attrName> parameter 'value' ..." (e.g. Arith_FastMathAttr). */
  readonly attrName: string;
  /** The C++ enum name in messages (e.g. ::mlir::arith::FastMathFlags). */
  readonly cppEnum: string;
  /** Constraint summary (the enum's description). */
  readonly summary: string;
  readonly cases: readonly EnumCase[];
  /** Bit enum: cases are bits (value 0 is "none"); `groups` are printed first when fully set. */
  readonly bitEnum?: { separator: string; groups?: readonly EnumCase[] };
  /** `<$value>` (true) or ` $value` (false). */
  readonly angled: boolean;
}

/** An attribute holding one value of a dialect enum. */
export class EnumAttr extends Attribute {
  private constructor(
    readonly def: EnumAttrDef,
    readonly value: number,
  ) {
    super();
  }
  private static readonly cache = new Map<EnumAttrDef, Map<number, EnumAttr>>();
  private bare: string | undefined;
  static get(def: EnumAttrDef, value: number): EnumAttr {
    let m = EnumAttr.cache.get(def);
    if (!m) EnumAttr.cache.set(def, (m = new Map()));
    let a = m.get(value);
    if (!a) m.set(value, (a = uniqueAttribute(new EnumAttr(def, value))));
    return a;
  }
  override get dialect(): string {
    return this.def.dialect;
  }
  /** The text after the mnemonic: `<fast>` or ` slt`. */
  bareText(): string {
    if (this.bare === undefined) {
      const s = stringifyEnum(this.def, this.value);
      this.bare = this.def.angled ? `<${s}>` : ` ${s}`;
    }
    return this.bare;
  }
  print(p: AttrTypePrinter): void {
    printDialectSymbol(p, '#', this.def.dialect, this.def.mnemonic + this.bareText());
  }
  /** True if `flag` bits are all set (bit enums). */
  has(flag: number): boolean {
    return (this.value & flag) === flag;
  }
}

export function stringifyEnum(def: EnumAttrDef, value: number): string {
  if (!def.bitEnum) return def.cases.find((c) => c.value === value)?.name ?? String(value);
  if (value === 0) return def.cases.find((c) => c.value === 0)?.name ?? 'none';
  const parts: string[] = [];
  let rest = value;
  for (const g of def.bitEnum.groups ?? [])
    if ((rest & g.value) === g.value) {
      parts.push(g.name);
      rest &= ~g.value;
    }
  for (const c of def.cases) if (c.value !== 0 && (rest & c.value) === c.value && isPow2(c.value)) parts.push(c.name);
  return parts.join(def.bitEnum.separator);
}

function isPow2(v: number): boolean {
  return v > 0 && (v & (v - 1)) === 0;
}

export function defineEnumAttr(def: EnumAttrDef): EnumAttrDef {
  return def;
}

/** Parses the value part of an enum attribute (after the mnemonic): `<a, b>` or `a`. */
export function parseEnumAttrBody(parser: Parser, def: EnumAttrDef, prefix = ''): EnumAttr {
  const all = [...def.cases, ...(def.bitEnum?.groups ?? [])];
  const failParam = (): never =>
    parser.error(`${prefix}failed to parse ${def.attrName} parameter 'value' which is to be a \`${def.cppEnum}\``, parser.tokStart);
  const parseOne = (): number => {
    const offset = parser.tokStart;
    let word: string | undefined;
    if (parser.tokKind === Tok.bare_identifier || parser.tokKind === Tok.keyword || parser.tokKind === Tok.inttype) {
      word = parser.text;
      parser.consume();
    } else if (parser.tokKind === Tok.string) {
      word = parser.stringValue();
      parser.consume();
    } else {
      parser.emitErrorAt(offset, `${prefix}expected valid keyword or string`);
      failParam();
    }
    const c = all.find((x) => x.name === word);
    if (!c) {
      parser.emitErrorAt(offset, `${prefix}expected ${def.cppEnum} to be one of: ${all.map((x) => x.name).join(', ')}`);
      failParam();
    }
    return c!.value;
  };
  // Punctuation is read by the parser itself (MLIR's parseLess/parseGreater): no custom op prefix.
  if (def.angled) parser.expect(Tok.less, "expected '<'");
  let value = parseOne();
  if (def.bitEnum) while (parser.consumeIf(Tok.comma)) value |= parseOne();
  if (def.angled) parser.expect(Tok.greater, "expected '>'");
  return EnumAttr.get(def, value);
}

/** The attribute constraint for a dialect enum attribute; accessors decode it to the enum value. */
export function enumAttrConstraint(def: EnumAttrDef): AttrConstraint<EnumAttr, number> {
  const is = (a: Attribute): a is EnumAttr => a instanceof EnumAttr && a.def === def;
  return {
    summary: def.summary,
    check: is,
    convertible: is,
    decode: (a) => a.value,
    encode: (v) => EnumAttr.get(def, v),
    parseBare(p) {
      if (tokenParser(p).tokKind === Tok.hash_identifier) {
        const offset = p.currentOffset();
        const a = p.parseAttribute();
        if (!is(a)) p.error('invalid kind of attribute specified', offset);
        return a;
      }
      return parseEnumAttrBody(tokenParser(p), def, `custom op '${opNameOf(p)}' `);
    },
    printBare(p, a) {
      if (a instanceof EnumAttr && a.def === def) p.write(a.bareText());
      else p.printAttribute(a);
    },
  };
}

function opNameOf(p: OpAsmParser): string {
  return p.opName;
}