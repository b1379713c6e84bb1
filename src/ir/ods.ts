// ODS-lite: declarative op definitions, like MLIR's ODS (TableGen `Op<...>`).
//
// Usage guide
// -----------
//   import { defineOds, operand, result, attr, defaultValuedAttr, optionalAttr, unitAttr,
//            SignlessIntegerLike, FloatLike, SameOperandsAndResultType, AllTypesMatch } from '../../ir/ods.js';
//
//   const AddIOp = defineOds({
//     name: 'arith.addi',
//     traits: [Traits.Pure, Traits.Commutative, SameOperandsAndResultType],
//     operands: [operand('lhs', SignlessIntegerLike), operand('rhs', SignlessIntegerLike)],
//     results: [result('result', SignlessIntegerLike)],
//     attributes: [defaultValuedAttr('overflowFlags', OverflowAttrC, OverflowFlagsAttr.none)],
//     assemblyFormat: '$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)',
//   });
//
// * operands/results: `operand(name, constraint)`, `optionalOperand`, `variadicOperand` (same for
//   results). With more than one optional/variadic operand, pass `traits: [AttrSizedOperandSegments]`
//   (the `operandSegmentSizes` property, a `array<i32: ...>`), likewise AttrSizedResultSegments.
// * attributes (stored as properties): `attr` (required), `optionalAttr`, `defaultValuedAttr`,
//   `unitAttr`, with constraints `I64Attr`, `I32Attr`, `IndexAttrC`, `BoolAttrC`, `TypedAttrC`,
//   `StrAttrC`, `SymbolNameAttrC`, `FlatSymbolRefAttrC`, `TypeAttrC`, `ArrayAttrC`, `DenseI64ArrayAttrC`,
//   `AnyAttr`, `i64EnumAttr(...)`/`i32EnumAttr(...)` (integer enums printed as keywords) and
//   `enumAttrConstraint(def)` for dialect enum attributes built with `defineEnumAttr`.
// * regions: `region(name)`, `sizedRegion(name, 1)`, `variadicRegion(name)`; successors:
//   `successor(name)`, `variadicSuccessor(name)`.
// * traits: plain strings (Traits.Pure, ...) go to the OpDefinition; trait objects add checks, in
//   MLIR's order: count traits, then (verifyInvariants) attributes, operand/result/region/successor
//   constraints and predicate traits (`AllTypesMatch`, `TypesMatchWith`, `predOpTrait`), then native
//   traits (`SameOperandsAndResultType`, `SameTypeOperands`, `SameOperandsAndResultShape`,
//   `Elementwise`, `nativeTrait(...)`) in declaration order, then `verify`.
// * type constraints: `AnyType`, `AnyInteger`, `AnySignlessInteger`, `Index`, `I1`, `I32`, `I64`,
//   `AnyFloat`, `BoolLike`, `SignlessIntegerLike`, `FloatLike`, `SignlessIntegerOrFloatLike`,
//   `AnyMemRef`, `AnyTensor`, `AnyRankedTensor`, `AnyVector`, `AnyShaped`, ... and combinators
//   `anyTypeOf`, `memRefOf`, `tensorOf`, `vectorOf`, `typeConstraint(summary, pred)`.
// * everything else of OpSpec (verify, getAsmResultNames, interfaces, implicitTerminator, parse and
//   print overrides...) is passed through. Without `assemblyFormat` (and without parse/print) the op
//   only has the generic form.
// * result types absent from the format come from type-matching traits, buildable constraints, or
//   `inferResultTypes(operandTypes, properties)` (MLIR's InferTypeOpInterface); a format whose types
//   cannot be resolved throws when such an op is parsed.
// * dialect files that use `assemblyFormat` must `import '../../syntax/assembly-format.js'` once.
// Accessors: `getOperandGroup(op, 'name')`, `getResultGroup(op, 'name')` for variadic groups.

import type { Attribute, Type } from './attributes.js';
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
} from './builtin-attributes.js';
import {
  FloatType,
  FunctionType,
  IndexType,
  IntegerType,
  MemRefType,
  RankedTensorType,
  ShapedType,
  TensorType,
  UnrankedMemRefType,
  VectorType,
  isDynamic,
  printDialectSymbol,
} from './builtin-types.js';
import { Attribute as AttributeBase, type AttrTypePrinter, uniqueAttribute } from './attributes.js';
import { emitError, type Context, type OpDefinition } from './context.js';
import { defineOp, fail, q, type OpSpec } from './op-definition.js';
import { OpOperand, type Operation, type Value } from './operation.js';
import type { OpAsmParser } from './op-asm.js';
import type { OpAsmPrinter } from './op-asm.js';
import type { Parser } from '../syntax/parser.js';

// ============================================================================
// Type constraints

export interface TypeConstraint {
  /** The description used in "must be <summary>" messages. */
  readonly summary: string;
  check(t: Type): boolean;
  /** A type the format may build when it is fixed (MLIR's buildable types, e.g. I1, Index). */
  readonly buildable?: Type;
}

export function typeConstraint(summary: string, check: (t: Type) => boolean, buildable?: Type): TypeConstraint {
  return { summary, check, buildable };
}

const isSignlessInt = (t: Type): boolean => t instanceof IntegerType && t.signedness === 'signless';
const elementOf = (t: Type): Type => (t instanceof ShapedType ? t.elementType : t);

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

export interface AttrConstraint {
  /** Used in "attribute 'x' failed to satisfy constraint: <summary>". */
  readonly summary: string;
  check(a: Attribute): boolean;
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
}

export function attrConstraint(summary: string, check: (a: Attribute) => boolean, extra: Partial<AttrConstraint> = {}): AttrConstraint {
  return { summary, check, ...extra };
}

const isSignlessIntAttrOfWidth = (a: Attribute, w: number): boolean =>
  a instanceof IntegerAttr && isSignlessInt(a.type) && (a.type as IntegerType).width === w;

export const AnyAttr = attrConstraint('any attribute', () => true);
export const I64Attr = attrConstraint('64-bit signless integer attribute', (a) => isSignlessIntAttrOfWidth(a, 64), {
  convertible: (a) => a instanceof IntegerAttr,
  valueType: IntegerType.get(64),
});
export const I32Attr = attrConstraint('32-bit signless integer attribute', (a) => isSignlessIntAttrOfWidth(a, 32), {
  convertible: (a) => a instanceof IntegerAttr,
  valueType: IntegerType.get(32),
});
export const IndexAttrC = attrConstraint('index attribute', (a) => a instanceof IntegerAttr && a.type instanceof IndexType, {
  convertible: (a) => a instanceof IntegerAttr,
  valueType: IndexType.get(),
});
export const BoolAttrC = attrConstraint('bool attribute', (a) => a instanceof IntegerAttr && a.isBool, {
  convertible: (a) => a instanceof IntegerAttr && a.isBool,
  valueType: IntegerType.get(1),
});
export const TypedAttrC = attrConstraint('TypedAttr instance', (a) => a.type !== undefined);
export const StrAttrC = attrConstraint('string attribute', (a) => a instanceof StringAttr);
export const SymbolNameAttrC = attrConstraint('string attribute', (a) => a instanceof StringAttr);
export const FlatSymbolRefAttrC = attrConstraint('flat symbol reference attribute', (a) => a instanceof SymbolRefAttr && a.isFlat);
export const SymbolRefAttrC = attrConstraint('symbol reference attribute', (a) => a instanceof SymbolRefAttr);
export const TypeAttrC = attrConstraint('any type attribute', (a) => a instanceof TypeAttr);
export const ArrayAttrC = attrConstraint('array attribute', (a) => a instanceof ArrayAttr);
export const DictionaryAttrC = attrConstraint('dictionary of named attribute values', (a) => a instanceof DictionaryAttr);
export const ElementsAttrC = attrConstraint('constant vector/tensor attribute', (a) => a instanceof ElementsAttr);
export const FloatAttrC = attrConstraint('floating-point attribute', (a) => a instanceof FloatAttr);
export const UnitAttrC = attrConstraint('unit attribute', (a) => a instanceof UnitAttr, { isUnit: true });
function denseArrayOf(width: number): AttrConstraint {
  return attrConstraint(`i${width} dense array attribute`, (a) =>
    a instanceof DenseArrayAttr && a.elementType instanceof IntegerType && a.elementType.width === width,
  );
}
export const DenseI32ArrayAttrC = denseArrayOf(32);
export const DenseI64ArrayAttrC = denseArrayOf(64);
export const DenseBoolArrayAttrC = denseArrayOf(1);

// ---- integer enums (I64EnumAttr / I32EnumAttr): stored as integers, printed as keywords

export interface EnumCase {
  readonly name: string;
  readonly value: number;
}

export interface IntEnumAttrConstraint extends AttrConstraint {
  readonly cases: readonly EnumCase[];
  readonly width: number;
  symbolize(name: string): number | undefined;
  stringify(value: number): string | undefined;
  get(value: number): IntegerAttr;
}

const KEYWORD_RE = /^[A-Za-z_][A-Za-z0-9_$.]*$/;

function intEnumAttr(width: number, cases: readonly (string | [string, number])[], summary?: string): IntEnumAttrConstraint {
  const list: EnumCase[] = cases.map((c, i) => (typeof c === 'string' ? { name: c, value: i } : { name: c[0], value: c[1] }));
  const byName = new Map(list.map((c) => [c.name, c.value]));
  const byValue = new Map(list.map((c) => [c.value, c.name]));
  const type = IntegerType.get(width);
  const valid = (a: Attribute): boolean => a instanceof IntegerAttr && a.type === type && byValue.has(Number(a.value));
  const names = list.map((c) => c.name);
  const self: IntEnumAttrConstraint = {
    summary: summary ?? `allowed ${width}-bit signless integer cases: ${list.map((c) => c.value).join(', ')}`,
    check: valid,
    convertible: valid,
    cases: list,
    width,
    symbolize: (n) => byName.get(n),
    stringify: (v) => byValue.get(v),
    get: (v) => IntegerAttr.get(type, v),
    parseOptionalBare(p, attrName) {
      const offset = p.currentOffset();
      const kw = p.parseOptionalKeyword(names);
      if (kw !== undefined) return self.get(byName.get(kw)!);
      void offset;
      void attrName;
      return undefined;
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
      return self.get(v);
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
export function i64EnumAttr(cases: readonly (string | [string, number])[], summary?: string): IntEnumAttrConstraint {
  return intEnumAttr(64, cases, summary);
}
/** `I32EnumAttr<...>`. */
export function i32EnumAttr(cases: readonly (string | [string, number])[], summary?: string): IntEnumAttrConstraint {
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
export class EnumAttr extends AttributeBase {
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
    parser.error(`${prefix}failed to parse ${def.attrName} parameter 'value' which is to be a \`${def.cppEnum}\``, parser.tok.start);
  const parseOne = (): number => {
    const offset = parser.tok.start;
    let word: string | undefined;
    if (parser.tok.kind === TokKinds.bare_identifier || parser.tok.kind === TokKinds.keyword || parser.tok.kind === TokKinds.inttype) {
      word = parser.text;
      parser.consume();
    } else if (parser.tok.kind === TokKinds.string) {
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
  if (def.angled) parser.expect(TokKinds.less, `${prefix}expected '<'`);
  let value = parseOne();
  if (def.bitEnum) while (parser.consumeIf(TokKinds.comma)) value |= parseOne();
  if (def.angled) parser.expect(TokKinds.greater, "expected '>'");
  return EnumAttr.get(def, value);
}

// Token kinds, imported lazily to keep this file free of a static dependency cycle on the lexer.
import { Tok as TokKinds } from '../syntax/lexer.js';
import { tokenParser } from '../syntax/parser.js';

/** The attribute constraint for a dialect enum attribute. */
export function enumAttrConstraint(def: EnumAttrDef): AttrConstraint {
  const is = (a: Attribute): boolean => a instanceof EnumAttr && a.def === def;
  return {
    summary: def.summary,
    check: is,
    convertible: is,
    parseBare(p) {
      if (tokenParser(p).tok.kind === TokKinds.hash_identifier) {
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
  return (p as unknown as { opName?: string }).opName ?? '';
}

// ============================================================================
// Op declarations

export type ValueKind = 'single' | 'optional' | 'variadic';

export interface ValueDecl {
  readonly name: string;
  readonly type: TypeConstraint;
  readonly kind: ValueKind;
}
export function operand(name: string, type: TypeConstraint): ValueDecl {
  return { name, type, kind: 'single' };
}
export function optionalOperand(name: string, type: TypeConstraint): ValueDecl {
  return { name, type, kind: 'optional' };
}
export function variadicOperand(name: string, type: TypeConstraint): ValueDecl {
  return { name, type, kind: 'variadic' };
}
export const result = operand;
export const optionalResult = optionalOperand;
export const variadicResult = variadicOperand;

export interface AttrDecl {
  readonly name: string;
  readonly constraint: AttrConstraint;
  readonly optional: boolean;
  readonly defaultValue?: Attribute;
  /** False for DefaultValuedOptionalAttr: the default is not stored when the attribute is absent. */
  readonly materializeDefault?: boolean;
}
export function attr(name: string, constraint: AttrConstraint): AttrDecl {
  return { name, constraint, optional: false };
}
export function optionalAttr(name: string, constraint: AttrConstraint): AttrDecl {
  return { name, constraint, optional: true };
}
export function defaultValuedAttr(name: string, constraint: AttrConstraint, defaultValue: Attribute): AttrDecl {
  return { name, constraint, optional: true, defaultValue };
}
/** `DefaultValuedOptionalAttr`: elided from the custom form when equal to the default, never materialized. */
export function defaultValuedOptionalAttr(name: string, constraint: AttrConstraint, defaultValue: Attribute): AttrDecl {
  return { name, constraint, optional: true, defaultValue, materializeDefault: false };
}
export function unitAttr(name: string): AttrDecl {
  return { name, constraint: UnitAttrC, optional: true };
}

export interface RegionDecl {
  readonly name: string;
  readonly variadic?: boolean;
  /** SizedRegion<n>: number of blocks required. */
  readonly numBlocks?: number;
}
export function region(name: string): RegionDecl {
  return { name };
}
export function sizedRegion(name: string, numBlocks: number): RegionDecl {
  return { name, numBlocks };
}
export function variadicRegion(name: string): RegionDecl {
  return { name, variadic: true };
}
export interface SuccessorDecl {
  readonly name: string;
  readonly variadic?: boolean;
}
export function successor(name: string): SuccessorDecl {
  return { name };
}
export function variadicSuccessor(name: string): SuccessorDecl {
  return { name, variadic: true };
}

// ---- traits with checks

/** How the format infers types: all names share one type, or `to` is computed from `from`. */
export type TypeInference =
  | { kind: 'same'; names: readonly string[] | 'operands' | 'operands+results' }
  | { kind: 'with'; from: string; to: string; transform: (t: Type) => Type };

export interface OdsTrait {
  readonly name: string;
  /** Predicate checked during verifyInvariants ("failed to verify that <summary>"). */
  readonly pred?: (op: Operation, ods: OdsInfo) => boolean;
  readonly summary?: string;
  /** Native trait verification, after the invariants; returns an error message (emitted as op error). */
  readonly verifyTrait?: (op: Operation, ods: OdsInfo) => string | undefined;
  readonly infer?: TypeInference;
}

export type OdsTraitOrName = string | OdsTrait;

export function getElementTypeOrSelf(t: Type): Type {
  return elementOf(t);
}

/** MLIR's verifyCompatibleShape for two types. */
export function areCompatibleShapes(a: Type, b: Type): boolean {
  const sa = a instanceof ShapedType ? a : undefined;
  const sb = b instanceof ShapedType ? b : undefined;
  if (!sa) return !sb;
  if (!sb) return false;
  const x = sa.shapeOrUndefined;
  const y = sb.shapeOrUndefined;
  if (!x || !y) return true;
  if (x.length !== y.length) return false;
  if (sa instanceof VectorType && sb instanceof VectorType)
    for (let i = 0; i < x.length; i++) if (!!sa.scalableDims[i] !== !!sb.scalableDims[i]) return false;
  for (let i = 0; i < x.length; i++) if (!isDynamic(x[i]) && !isDynamic(y[i]) && x[i] !== y[i]) return false;
  return true;
}

function encodingOf(t: Type): Attribute | undefined {
  return t instanceof RankedTensorType ? t.encoding : undefined;
}

export const SameOperandsAndResultType: OdsTrait = {
  name: 'SameOperandsAndResultType',
  infer: { kind: 'same', names: 'operands+results' },
  verifyTrait(op) {
    if (op.numOperands < 1) return `expected 1 or more operands, but found ${op.numOperands}`;
    if (op.numResults < 1) return `expected 1 or more results, but found ${op.numResults}`;
    const type = op.result(0).type;
    const el = elementOf(type);
    const enc = encodingOf(type);
    const check = (t: Type): string | undefined => {
      if (t === type) return undefined;
      if (elementOf(t) !== el || !areCompatibleShapes(t, type)) return 'requires the same type for all operands and results';
      if (enc && t instanceof RankedTensorType && t.encoding !== enc) return 'requires the same encoding for all operands and results';
      return undefined;
    };
    const results = op.results;
    for (let i = 1; i < results.length; i++) {
      const msg = check(results[i].type);
      if (msg !== undefined) return msg;
    }
    const operands = op.operandList;
    for (let i = 0; i < operands.length; i++) {
      const msg = check(operands[i].value.type);
      if (msg !== undefined) return msg;
    }
    return undefined;
  },
};

export const SameTypeOperands: OdsTrait = {
  name: 'SameTypeOperands',
  infer: { kind: 'same', names: 'operands' },
  verifyTrait(op) {
    const ops = op.operandList;
    for (let i = 1; i < ops.length; i++) if (ops[i].value.type !== ops[0].value.type) return 'requires all operands to have the same type';
    return undefined;
  },
};

export const SameOperandsAndResultShape: OdsTrait = {
  name: 'SameOperandsAndResultShape',
  verifyTrait(op) {
    if (op.numOperands < 1) return `expected 1 or more operands, but found ${op.numOperands}`;
    if (op.numResults < 1) return `expected 1 or more results, but found ${op.numResults}`;
    const type = op.operand(0).type;
    for (const t of op.resultTypes) if (!areCompatibleShapes(t, type)) return 'requires the same shape for all operands and results';
    for (const v of op.operands.slice(1)) if (!areCompatibleShapes(v.type, type)) return 'requires the same shape for all operands and results';
    return undefined;
  },
};

export const SameOperandsShape: OdsTrait = {
  name: 'SameOperandsShape',
  verifyTrait(op) {
    if (op.numOperands < 1) return `expected 1 or more operands, but found ${op.numOperands}`;
    const type = op.operand(0).type;
    for (const v of op.operands) if (!areCompatibleShapes(v.type, type)) return 'requires the same shape for all operands';
    return undefined;
  },
};

export const SameOperandsElementType: OdsTrait = {
  name: 'SameOperandsElementType',
  verifyTrait(op) {
    if (op.numOperands < 1) return `expected 1 or more operands, but found ${op.numOperands}`;
    const el = elementOf(op.operand(0).type);
    for (const v of op.operands) if (elementOf(v.type) !== el) return 'requires the same element type for all operands';
    return undefined;
  },
};

export const SameOperandsAndResultElementType: OdsTrait = {
  name: 'SameOperandsAndResultElementType',
  verifyTrait(op) {
    if (op.numOperands < 1) return `expected 1 or more operands, but found ${op.numOperands}`;
    if (op.numResults < 1) return `expected 1 or more results, but found ${op.numResults}`;
    const el = elementOf(op.result(0).type);
    for (const t of [...op.resultTypes, ...op.operands.map((v) => v.type)])
      if (elementOf(t) !== el) return 'requires the same element type for all operands and results';
    return undefined;
  },
};

/** The `Elementwise` trait (part of ElementwiseMappable). */
export const Elementwise: OdsTrait = {
  name: 'Elementwise',
  verifyTrait(op) {
    const mappable = (t: Type): boolean => t instanceof VectorType || t instanceof TensorType;
    const res = op.resultTypes.filter(mappable);
    const ops = op.operands.map((v) => v.type).filter(mappable);
    if (!res.length && !ops.length) return undefined;
    if (res.length && !ops.length) return 'if a result is non-scalar, then at least one operand must be non-scalar';
    if (!res.length) return 'if an operand is non-scalar, then there must be at least one non-scalar result';
    if (res.length !== op.numResults) return 'if an operand is non-scalar, then all results must be non-scalar';
    const types = [...ops, ...res];
    const base = (t: Type): unknown => (t instanceof VectorType ? VectorType : t instanceof RankedTensorType ? RankedTensorType : t.constructor);
    const b0 = base(types[0]);
    if (!types.every((t) => base(t) === b0) || !types.every((t) => areCompatibleShapes(t, types[0])))
      return 'all non-scalar operands/results must have the same shape and base type';
    return undefined;
  },
};

/** `AllTypesMatch<[names]>`: operands, results or typed attributes share one type. */
export function AllTypesMatch(names: readonly string[]): OdsTrait {
  return {
    name: 'AllTypesMatch',
    summary: `all of {${names.join(', ')}} have same type`,
    infer: { kind: 'same', names },
    pred(op, ods) {
      const types = names.map((n) => ods.typeOfName(op, n));
      return types.every((t) => t !== undefined && t === types[0]);
    },
  };
}

/** `TypesMatchWith<summary, from, to, transform>`. */
export function TypesMatchWith(summary: string, from: string, to: string, transform: (t: Type) => Type): OdsTrait {
  return {
    name: 'TypesMatchWith',
    summary,
    infer: { kind: 'with', from, to, transform },
    pred(op, ods) {
      const f = ods.typeOfName(op, from);
      const t = ods.typeOfName(op, to);
      return f !== undefined && t !== undefined && transform(f) === t;
    },
  };
}

/** `PredOpTrait<summary, pred>`. */
export function predOpTrait(summary: string, pred: (op: Operation, ods: OdsInfo) => boolean): OdsTrait {
  return { name: 'PredOpTrait', summary, pred };
}

/** A native trait (or interface) verifier: returns an error message for `'op' op <message>`. */
export function nativeTrait(name: string, verifyTrait: (op: Operation, ods: OdsInfo) => string | undefined): OdsTrait {
  return { name, verifyTrait };
}

export const AttrSizedOperandSegments = 'AttrSizedOperandSegments';
export const AttrSizedResultSegments = 'AttrSizedResultSegments';

// ---- the op spec

export interface OdsSpec extends Omit<OpSpec, 'traits' | 'attributes'> {
  operands?: readonly ValueDecl[];
  results?: readonly ValueDecl[];
  attributes?: readonly AttrDecl[];
  regions?: readonly RegionDecl[];
  successors?: readonly SuccessorDecl[];
  traits?: readonly OdsTraitOrName[];
  /** MLIR assembly format string; compiled once (see src/syntax/assembly-format.ts). */
  assemblyFormat?: string;
  /** Extra inherent attribute names that are not declared (rare). */
  extraInherentAttrs?: readonly string[];
  /**
   * InferTypeOpInterface: result types from the parsed operands and attributes,
   * used by the format when `type($result)` is absent (e.g. `results = operand types`).
   */
  inferResultTypes?(operandTypes: readonly Type[], properties: ReadonlyMap<string, Attribute>): Type[];
}

/** What the ODS layer knows about an op (used by the format engine and verifiers). */
export class OdsInfo {
  readonly operands: readonly ValueDecl[];
  readonly results: readonly ValueDecl[];
  readonly attributes: readonly AttrDecl[];
  readonly regions: readonly RegionDecl[];
  readonly successors: readonly SuccessorDecl[];
  readonly traits: readonly OdsTrait[];
  readonly traitNames: ReadonlySet<string>;
  readonly attrSizedOperands: boolean;
  readonly attrSizedResults: boolean;
  private readonly attrByName: Map<string, AttrDecl>;
  /** How many operand/result groups are optional or variadic (fixed per op kind). */
  readonly numVariadicOperands: number;
  readonly numVariadicResults: number;
  readonly hasVariadicRegions: boolean;
  readonly hasVariadicSuccessors: boolean;

  constructor(readonly spec: OdsSpec) {
    this.operands = spec.operands ?? [];
    this.results = spec.results ?? [];
    this.attributes = spec.attributes ?? [];
    this.regions = spec.regions ?? [];
    this.successors = spec.successors ?? [];
    this.traits = (spec.traits ?? []).filter((t): t is OdsTrait => typeof t !== 'string');
    this.traitNames = new Set((spec.traits ?? []).map((t) => (typeof t === 'string' ? t : t.name)));
    this.attrSizedOperands = this.traitNames.has(AttrSizedOperandSegments);
    this.attrSizedResults = this.traitNames.has(AttrSizedResultSegments);
    this.attrByName = new Map(this.attributes.map((a) => [a.name, a]));
    this.numVariadicOperands = this.operands.filter((d) => d.kind !== 'single').length;
    this.numVariadicResults = this.results.filter((d) => d.kind !== 'single').length;
    this.hasVariadicRegions = this.regions.some((r) => r.variadic);
    this.hasVariadicSuccessors = this.successors.some((r) => r.variadic);
  }

  get name(): string {
    return this.spec.name;
  }
  attr(name: string): AttrDecl | undefined {
    return this.attrByName.get(name);
  }
  operandIndex(name: string): number {
    return this.operands.findIndex((o) => o.name === name);
  }
  resultIndex(name: string): number {
    return this.results.findIndex((o) => o.name === name);
  }

  /** [start, size] of each operand group of `op`. */
  operandSegments(op: Operation): [number, number][] {
    if (this.numVariadicOperands === 0 && !this.attrSizedOperands) return fixedSegments(this.operands);
    return segments(this.operands, op.numOperands, this.attrSizedOperands ? op.propertiesView.get('operandSegmentSizes') : undefined);
  }
  resultSegments(op: Operation): [number, number][] {
    if (this.numVariadicResults === 0 && !this.attrSizedResults) return fixedSegments(this.results);
    return segments(this.results, op.numResults, this.attrSizedResults ? op.propertiesView.get('resultSegmentSizes') : undefined);
  }
  operandGroup(op: Operation, name: string): Value[] {
    const i = this.operandIndex(name);
    if (i < 0) throw new Error(`${this.name} has no operand '${name}'`);
    const [s, n] = this.operandSegments(op)[i];
    return op.operands.slice(s, s + n);
  }
  resultGroup(op: Operation, name: string): Value[] {
    const i = this.resultIndex(name);
    if (i < 0) throw new Error(`${this.name} has no result '${name}'`);
    const [s, n] = this.resultSegments(op)[i];
    return op.results.slice(s, s + n);
  }
  /** The type of a named single operand/result, or of a typed attribute. */
  typeOfName(op: Operation, name: string): Type | undefined {
    const oi = this.operandIndex(name);
    if (oi >= 0) return this.operandGroup(op, name)[0]?.type;
    const ri = this.resultIndex(name);
    if (ri >= 0) return this.resultGroup(op, name)[0]?.type;
    return op.propertiesView.get(name)?.type ?? op.attributesView.get(name)?.type;
  }
}

function segments(decls: readonly ValueDecl[], total: number, sizesAttr: Attribute | undefined): [number, number][] {
  const out: [number, number][] = [];
  if (sizesAttr instanceof DenseArrayAttr) {
    let s = 0;
    for (let i = 0; i < decls.length; i++) {
      const n = Number(sizesAttr.values[i] ?? 0n);
      out.push([s, n]);
      s += n;
    }
    return out;
  }
  const nVar = decls.filter((d) => d.kind !== 'single').length;
  if (nVar === 0) return fixedSegments(decls);
  const fixed = decls.length - nVar;
  const varSize = nVar ? Math.max(0, Math.floor((total - fixed) / nVar)) : 0;
  let s = 0;
  for (const d of decls) {
    const n = d.kind === 'single' ? 1 : varSize;
    out.push([s, n]);
    s += n;
  }
  return out;
}

/** Segments of groups that are all single values depend only on the declarations: computed once, shared (frozen). */
const FIXED_SEGMENTS = new WeakMap<readonly ValueDecl[], [number, number][]>();
function fixedSegments(decls: readonly ValueDecl[]): [number, number][] {
  let segs = FIXED_SEGMENTS.get(decls);
  if (!segs) {
    segs = decls.map((_, i) => Object.freeze([i, 1]) as [number, number]);
    FIXED_SEGMENTS.set(decls, Object.freeze(segs) as [number, number][]);
  }
  return segs;
}

const ODS_INFO = new WeakMap<OpDefinition, OdsInfo>();

/** The ODS information of an op defined with defineOds. */
export function getOdsInfo(op: Operation | OpDefinition): OdsInfo | undefined {
  const def = 'name' in op && typeof op.name === 'string' ? (op as OpDefinition) : (op as Operation).name.def;
  return def ? ODS_INFO.get(def) : undefined;
}
/** The values of a named operand group. */
export function getOperandGroup(op: Operation, name: string): Value[] {
  return getOdsInfo(op)!.operandGroup(op, name);
}
export function getResultGroup(op: Operation, name: string): Value[] {
  return getOdsInfo(op)!.resultGroup(op, name);
}

// ---- format engine hook (installed by src/syntax/assembly-format.ts to avoid an import cycle)

export interface CompiledFormat {
  parse: NonNullable<OpDefinition['parse']>;
  print: NonNullable<OpDefinition['print']>;
}
export const formatHooks: { compile?: (info: OdsInfo, format: string) => CompiledFormat } = {};

// ---- verification

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
void plural;

function verifyCounts(op: Operation, ctx: Context, info: OdsInfo): boolean {
  // Regions.
  const nR = info.regions.length;
  const varR = info.hasVariadicRegions;
  const r = op.regions.length;
  if (varR) {
    const min = nR - 1;
    if (r < min) return fail(ctx, op, `expected ${min} or more regions`);
  } else if (nR === 0) {
    if (r !== 0) return fail(ctx, op, 'requires zero regions');
  } else if (nR === 1) {
    if (r !== 1) return fail(ctx, op, 'requires one region');
  } else if (r !== nR) return fail(ctx, op, `expected ${nR} regions`);
  // Results.
  const nRes = info.results.length;
  const varRes = info.numVariadicResults;
  const res = op.numResults;
  if (varRes) {
    const min = nRes - varRes;
    if (res < min) return fail(ctx, op, `expected ${min} or more results`);
  } else if (nRes === 0) {
    if (res !== 0) return fail(ctx, op, 'requires zero results');
  } else if (nRes === 1) {
    if (res !== 1) return fail(ctx, op, 'requires one result');
  } else if (res !== nRes) return fail(ctx, op, `expected ${nRes} results`);
  // Successors.
  const nS = info.successors.length;
  const varS = info.hasVariadicSuccessors;
  const s = op.numSuccessors;
  if (varS) {
    const min = nS - 1;
    if (s < min) return fail(ctx, op, `requires at least ${min} successors but found ${s}`);
  } else if (nS === 0) {
    if (s !== 0) return fail(ctx, op, `requires 0 successors but found ${s}`);
  } else if (nS === 1) {
    if (s !== 1) return fail(ctx, op, `requires 1 successor but found ${s}`);
  } else if (s !== nS) return fail(ctx, op, `requires ${nS} successors but found ${s}`);
  // Operands.
  const nO = info.operands.length;
  const varO = info.numVariadicOperands;
  const o = op.numOperands;
  if (varO) {
    const min = nO - varO;
    if (o < min) return fail(ctx, op, `expected ${min} or more operands, but found ${o}`);
  } else if (nO === 0) {
    if (o !== 0) return fail(ctx, op, 'requires zero operands');
  } else if (nO === 1) {
    if (o !== 1) return fail(ctx, op, 'requires a single operand');
  } else if (o !== nO) return fail(ctx, op, `expected ${nO} operands, but found ${o}`);
  return true;
}

function verifySegments(op: Operation, ctx: Context, decls: readonly ValueDecl[], attrName: string, total: number, what: string): boolean {
  const a = op.propertiesView.get(attrName);
  // MLIR's segment-size property starts out all zeros when not given.
  if (!a) return total === 0 || fail(ctx, op, `${what} count (${total}) does not match with the total size (0) specified in attribute '${attrName}'`);
  if (!(a instanceof DenseArrayAttr) || !(a.elementType instanceof IntegerType) || a.elementType.width !== 32)
    return fail(ctx, op, `attribute '${attrName}' failed to satisfy constraint: i32 dense array attribute`);
  if (a.values.length !== decls.length)
    return fail(ctx, op, `'${attrName}' attribute for specifying ${what} segments must have ${decls.length} elements, but got ${a.values.length}`);
  let sum = 0;
  for (const v of a.values) {
    if (v < 0n) return fail(ctx, op, `'${attrName}' attribute cannot have negative elements`);
    sum += Number(v);
  }
  if (sum !== total)
    return fail(ctx, op, `${what} count (${total}) does not match with the total size (${sum}) specified in attribute '${attrName}'`);
  return true;
}

function verifyValueGroups(
  op: Operation,
  ctx: Context,
  decls: readonly ValueDecl[],
  segs: [number, number][],
  values: readonly (Value | OpOperand)[],
  what: string,
): boolean {
  for (let i = 0; i < decls.length; i++) {
    const d = decls[i];
    const seg = segs[i];
    const s = seg[0];
    const n = seg[1];
    if (d.kind === 'optional' && n > 1) return fail(ctx, op, `${what} group starting at #${s} requires 0 or 1 element, but found ${n}`);
    for (let k = s; k < s + n; k++) {
      const v = values[k];
      const t = v instanceof OpOperand ? v.value.type : v.type;
      if (!d.type.check(t)) {
        const summary = d.kind === 'variadic' ? `variadic of ${d.type.summary}` : d.type.summary;
        return fail(ctx, op, `${what} #${k} must be ${summary}, but got ${q(t)}`);
      }
    }
  }
  return true;
}

/** MLIR's verifyInvariantsImpl plus the trait verifiers, in MLIR's order. */
function verifyOds(op: Operation, ctx: Context, info: OdsInfo): boolean {
  if (!verifyCounts(op, ctx, info)) return false;
  // Attributes: required ones first, then constraints.
  if (info.attrSizedOperands && !verifySegments(op, ctx, info.operands, 'operandSegmentSizes', op.numOperands, 'operand')) return false;
  if (info.attrSizedResults && !verifySegments(op, ctx, info.results, 'resultSegmentSizes', op.numResults, 'result')) return false;
  for (const a of info.attributes)
    if (!a.optional && op.propertiesView.get(a.name) === undefined) return fail(ctx, op, `requires attribute '${a.name}'`);
  for (const a of info.attributes) {
    const v = op.propertiesView.get(a.name);
    if (v !== undefined && !a.constraint.check(v))
      return fail(ctx, op, `attribute '${a.name}' failed to satisfy constraint: ${a.constraint.summary}`);
  }
  if (!verifyValueGroups(op, ctx, info.operands, info.operandSegments(op), op.operandList, 'operand')) return false;
  if (!verifyValueGroups(op, ctx, info.results, info.resultSegments(op), op.results, 'result')) return false;
  for (let i = 0; i < info.regions.length && i < op.regions.length; i++) {
    const r = info.regions[i];
    if (r.numBlocks !== undefined && op.regions[i].blocks.length !== r.numBlocks)
      return fail(ctx, op, `region #${i}${r.name ? ` ('${r.name}')` : ''} failed to verify constraint: region with ${r.numBlocks} blocks`);
  }
  for (const t of info.traits)
    if (t.pred && !t.pred(op, info)) return fail(ctx, op, `failed to verify that ${t.summary}`);
  for (const t of info.traits)
    if (t.verifyTrait) {
      const msg = t.verifyTrait(op, info);
      if (msg !== undefined) return fail(ctx, op, msg);
    }
  return true;
}

/** Checks inherent attributes given in an attribute dictionary (MLIR's verifyInherentAttrs). */
function verifyInherentAttrs(info: OdsInfo, attrs: ReadonlyMap<string, Attribute>): string | undefined {
  for (const a of info.attributes) {
    const v = attrs.get(a.name);
    if (v !== undefined && !a.constraint.check(v)) return `attribute '${a.name}' failed to satisfy constraint: ${a.constraint.summary}`;
  }
  return undefined;
}

/**
 * Builds an OpDefinition from a declarative spec: ODS verification, default
 * properties, result names of multi-result ops, and the assembly format.
 */
export function defineOds(spec: OdsSpec): OpDefinition {
  const info = new OdsInfo(spec);
  const stringTraits = (spec.traits ?? []).filter((t): t is string => typeof t === 'string');
  const inherent = info.attributes.map((a) => a.name);
  if (info.attrSizedOperands) inherent.push('operandSegmentSizes');
  if (info.attrSizedResults) inherent.push('resultSegmentSizes');
  inherent.push(...(spec.extraInherentAttrs ?? []));
  const userVerify = spec.verify;
  let parse = spec.parse;
  let print = spec.print;
  if (spec.assemblyFormat !== undefined && (!parse || !print)) {
    if (!formatHooks.compile) throw new Error('assembly formats need src/syntax/assembly-format.ts to be loaded');
    const compiled = formatHooks.compile(info, spec.assemblyFormat);
    parse ??= compiled.parse;
    print ??= compiled.print;
  }
  let getAsmResultNames = spec.getAsmResultNames;
  if (!getAsmResultNames && info.results.length > 1 && info.results.some((r) => r.name)) {
    getAsmResultNames = (op, setName) => {
      const segs = info.resultSegments(op);
      info.results.forEach((r, i) => {
        const [s, n] = segs[i];
        if (r.name && n > 0) setName(op.results[s], r.name);
      });
    };
  }
  const defaults = info.attributes.filter((a) => a.defaultValue !== undefined && a.materializeDefault !== false);
  const def = defineOp({
    ...spec,
    traits: stringTraits,
    attributes: inherent,
    parse,
    print,
    getAsmResultNames,
    verify(op, ctx) {
      if (!verifyOds(op, ctx, info)) return false;
      return userVerify ? userVerify(op, ctx) : true;
    },
    initProperties: defaults.length
      ? (props: Map<string, Attribute>) => {
          for (const a of defaults) if (!props.has(a.name)) props.set(a.name, a.defaultValue!);
        }
      : undefined,
    convertProperty(name: string, value: Attribute): boolean {
      const a = info.attr(name);
      if (!a) return true;
      return (a.constraint.convertible ?? a.constraint.check)(value);
    },
    verifyInherentAttrs(attrs: ReadonlyMap<string, Attribute>) {
      return verifyInherentAttrs(info, attrs);
    },
  } as OpSpec);
  ODS_INFO.set(def, info);
  return def;
}

/** Emits `message` as `op.emitError` (no `'name' op` prefix) and returns false. */
export function failPlain(ctx: Context, op: Operation, message: string): false {
  emitError(ctx, op, message);
  return false;
}
