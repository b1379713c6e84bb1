// MLIR's builtin attributes. Every class is immutable and interned: factories
// return the one instance per structure, so `===` is equality.

import { Attribute, type AttrTypePrinter, ELIDED_ELEMENTS, Type, UniquingCache, noteAliasableElement, shouldElideElements, uniqueAttribute } from './attributes.js';
import { AffineMap, IntegerSet, AffineDimExpr } from './affine.js';
import { formatFloat, fromDouble, toDouble } from './apfloat.js';
import {
  ComplexType,
  FloatType,
  IndexType,
  IntegerType,
  NoneType,
  type ShapedType,
  isDynamic,
  kDynamic,
  memrefHooks,
  printDialectSymbol,
} from './builtin-types.js';
import { escapeString } from './location.js';

type Visit = (e: Attribute | Type) => void;

// ---- small printing helpers

function isBareIdentifier(s: string): boolean {
  if (s.length === 0) return false;
  const c0 = s.charCodeAt(0);
  if (!((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122) || c0 === 95)) return false;
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === 46)) return false;
  }
  return true;
}

/** A name as a bare identifier when it is one, else as an escaped string (MLIR's printKeywordOrString). */
export function keywordOrString(name: string): string {
  return isBareIdentifier(name) ? name : escapeString(name);
}

/** `@name` or `@"name"` (MLIR's printSymbolReference). */
export function symbolReference(name: string): string {
  return '@' + keywordOrString(name);
}

/**
 * Prints an attribute where MLIR allows eliding its type (array elements,
 * memref layouts and memory spaces): `: i64` on integers and `: f64` on floats
 * are dropped.
 */
export function printAttributeElided(p: AttrTypePrinter, a: Attribute): void {
  if (a instanceof IntegerAttr) {
    const t = a.type;
    if (t instanceof IntegerType && t.signedness === 'signless' && t.width === 64) return p.printAttributeWithoutType(a);
  } else if (a instanceof FloatAttr) {
    if (a.type.name === 'f64' && !a.formatted.hex) return p.printAttributeWithoutType(a);
  }
  p.printAttribute(a);
}

/** Normalizes an integer to the value range of `type` (two's complement wrap). */
export function normalizeInt(type: Type, value: bigint): bigint {
  if (type instanceof IntegerType) {
    if (type.width === 0) return 0n;
    return type.signedness === 'unsigned' ? BigInt.asUintN(type.width, value) : BigInt.asIntN(type.width, value);
  }
  return BigInt.asIntN(64, value);
}

function intText(type: Type, v: bigint): string {
  if (type instanceof IntegerType && type.width === 1 && type.signedness === 'signless') return v ? 'true' : 'false';
  return v.toString();
}

// ---- scalars

export class IntegerAttr extends Attribute {
  private static readonly cache = new Map<Type, Map<bigint, IntegerAttr>>();
  private constructor(
    private readonly ty: Type,
    readonly value: bigint,
  ) {
    super();
  }
  static get(type: Type, value: bigint | number): IntegerAttr {
    if (typeof value === 'number') {
      if ((value | 0) === value) {
        const small = IntegerAttr.getSmall(type, value);
        if (small !== undefined) return small;
      }
    } else if (value >= -128n && value < 1024n) {
      // Folders hand over bigints; small ones take the same cache.
      const small = IntegerAttr.getSmall(type, Number(value));
      if (small !== undefined) return small;
    }
    const v = normalizeInt(type, BigInt(value));
    let m = IntegerAttr.cache.get(type);
    if (!m) IntegerAttr.cache.set(type, (m = new Map()));
    let a = m.get(v);
    if (!a) m.set(v, (a = new IntegerAttr(type, v)));
    return a;
  }
  /**
   * Attributes of small values by type, in front of the bigint-keyed table:
   * constants are mostly small, and a lookup here makes no bigint. Entries are
   * what `get` returned, so identity is unchanged.
   */
  private static readonly smallCache = new Map<Type, (IntegerAttr | undefined)[]>();
  private static readonly SMALL_MIN = -128;
  private static readonly SMALL_END = 1024;
  /**
   * The attribute of the int32 `value` (before normalization to `type`), or
   * undefined when the normalized value is outside the small range or `type`
   * is not an integer or index type.
   */
  static getSmall(type: Type, value: number): IntegerAttr | undefined {
    let v = value;
    if (type instanceof IntegerType) {
      // The two's complement wrap of normalizeInt, in numbers (|value| < 2^31).
      const w = type.width;
      if (w === 0) v = 0;
      else if (w < 32) {
        const span = 2 ** w;
        v = ((v % span) + span) % span;
        if (type.signedness !== 'unsigned' && v >= span / 2) v -= span;
      } else if (v < 0 && type.signedness === 'unsigned') return undefined;
    } else if (!(type instanceof IndexType)) return undefined;
    if (v < IntegerAttr.SMALL_MIN || v >= IntegerAttr.SMALL_END) return undefined;
    let table = IntegerAttr.smallCache.get(type);
    if (table === undefined) {
      table = new Array<IntegerAttr | undefined>(IntegerAttr.SMALL_END - IntegerAttr.SMALL_MIN).fill(undefined);
      IntegerAttr.smallCache.set(type, table);
    }
    const i = v - IntegerAttr.SMALL_MIN;
    let a = table[i];
    if (a === undefined) {
      const bv = BigInt(v);
      let m = IntegerAttr.cache.get(type);
      if (!m) IntegerAttr.cache.set(type, (m = new Map()));
      a = m.get(bv);
      if (!a) m.set(bv, (a = new IntegerAttr(type, bv)));
      table[i] = a;
    }
    return a;
  }
  override get type(): Type {
    return this.ty;
  }
  /** The value as a JS number (may lose precision beyond 2^53). */
  get number(): number {
    return Number(this.value);
  }
  get isBool(): boolean {
    const t = this.ty;
    return t instanceof IntegerType && t.width === 1 && t.signedness === 'signless';
  }
  /** The printed value, made on first print (interned: printing makes no BigInt string per use). */
  private text: string | undefined = undefined;
  private get valueText(): string {
    return (this.text ??= intText(this.ty, this.value));
  }
  print(p: AttrTypePrinter): void {
    if (this.isBool) return p.write(this.value ? 'true' : 'false');
    p.write(this.valueText);
    p.write(' : ');
    p.printType(this.ty);
  }
  override printWithoutType(p: AttrTypePrinter): void {
    p.write(this.valueText);
  }
}

/** `true` / `false`: i1 integer attributes. */
export const BoolAttr = {
  get(b: boolean): IntegerAttr {
    return IntegerAttr.get(IntegerType.get(1), b ? 1n : 0n);
  },
  isBool(a: Attribute): a is IntegerAttr {
    return a instanceof IntegerAttr && a.isBool;
  },
};

export class FloatAttr extends Attribute {
  private static readonly cache = new Map<FloatType, Map<bigint, FloatAttr>>();
  private constructor(
    private readonly ty: FloatType,
    /** The bit pattern of the value in the type's format. */
    readonly bits: bigint,
  ) {
    super();
  }
  /** The attribute of `value` rounded to `type` (as MLIR's FloatAttr::get(type, double)). */
  static get(type: FloatType, value: number): FloatAttr {
    // By the double first: rounding to the type's bits (bigint arithmetic)
    // happens once per value. -0 is kept apart (a Map key equates it with 0);
    // every NaN rounds to the same bits, so sharing their key is right.
    if (value === 0 && 1 / value < 0) return FloatAttr.getFromBits(type, fromDouble(type.semantics, value));
    let m = FloatAttr.byDouble.get(type);
    if (m === undefined) FloatAttr.byDouble.set(type, (m = new Map()));
    let a = m.get(value);
    if (a === undefined) m.set(value, (a = FloatAttr.getFromBits(type, fromDouble(type.semantics, value))));
    return a;
  }
  private static readonly byDouble = new Map<FloatType, Map<number, FloatAttr>>();
  static getFromBits(type: FloatType, bits: bigint): FloatAttr {
    let m = FloatAttr.cache.get(type);
    if (!m) FloatAttr.cache.set(type, (m = new Map()));
    let a = m.get(bits);
    if (!a) m.set(bits, (a = new FloatAttr(type, bits)));
    return a;
  }
  override get type(): FloatType {
    return this.ty;
  }
  get value(): number {
    return toDouble(this.ty.semantics, this.bits);
  }
  /** The printed value, made on first use (interned: formatting checks the shortest form by parsing it back). */
  private printed: { text: string; hex: boolean } | undefined = undefined;
  /** The value as printed, and whether that is the hexadecimal bit pattern. */
  get formatted(): { readonly text: string; readonly hex: boolean } {
    return (this.printed ??= formatFloat(this.ty.semantics, this.bits));
  }
  print(p: AttrTypePrinter): void {
    p.write(this.formatted.text);
    p.write(' : ');
    p.printType(this.ty);
  }
  override printWithoutType(p: AttrTypePrinter): void {
    p.write(this.formatted.text);
  }
}

export class StringAttr extends Attribute {
  private static readonly cache = new Map<string, StringAttr>();
  private constructor(
    readonly value: string,
    private readonly ty: Type,
  ) {
    super();
  }
  static get(value: string, type?: Type): StringAttr {
    if (!type || type instanceof NoneType) {
      let a = StringAttr.cache.get(value);
      if (!a) StringAttr.cache.set(value, (a = new StringAttr(value, NoneType.get())));
      return a;
    }
    return uniqueAttribute(new StringAttr(value, type));
  }
  override get type(): Type {
    return this.ty;
  }
  print(p: AttrTypePrinter): void {
    p.write(escapeString(this.value));
    if (!(this.ty instanceof NoneType)) {
      p.write(' : ');
      p.printType(this.ty);
    }
  }
  override printWithoutType(p: AttrTypePrinter): void {
    p.write(escapeString(this.value));
  }
  override walkImmediateSubElements(visit: Visit): void {
    if (!(this.ty instanceof NoneType)) visit(this.ty);
  }
}

export class UnitAttr extends Attribute {
  private static instance: UnitAttr | undefined;
  static get(): UnitAttr {
    return (UnitAttr.instance ??= new UnitAttr());
  }
  print(p: AttrTypePrinter): void {
    p.write('unit');
  }
}

export class TypeAttr extends Attribute {
  private static readonly cache = new Map<Type, TypeAttr>();
  private constructor(readonly value: Type) {
    super();
  }
  static get(type: Type): TypeAttr {
    let a = TypeAttr.cache.get(type);
    if (!a) TypeAttr.cache.set(type, (a = new TypeAttr(type)));
    return a;
  }
  print(p: AttrTypePrinter): void {
    p.printType(this.value);
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.value);
  }
}

/**
 * `distinct[N]<attr>`: an attribute unique by identity, not by structure (MLIR's
 * DistinctAttr). Each `create` makes a new one; N is assigned when printing.
 */
export class DistinctAttr extends Attribute {
  private constructor(readonly referencedAttr: Attribute) {
    super();
  }
  static create(referencedAttr: Attribute): DistinctAttr {
    noteAliasableElement();
    return new DistinctAttr(referencedAttr);
  }
  print(p: AttrTypePrinter): void {
    p.write(`distinct[${p.distinctId ? p.distinctId(this) : 0}]<`);
    if (!(this.referencedAttr instanceof UnitAttr)) p.printAttribute(this.referencedAttr);
    p.write('>');
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.referencedAttr);
  }
}

// ---- containers

export class ArrayAttr extends Attribute {
  private constructor(readonly elements: readonly Attribute[]) {
    super();
  }
  static get(elements: readonly Attribute[]): ArrayAttr {
    return uniqueAttribute(new ArrayAttr(Object.freeze([...elements])));
  }
  get length(): number {
    return this.elements.length;
  }
  print(p: AttrTypePrinter): void {
    p.write('[');
    const e = this.elements;
    for (let i = 0; i < e.length; i++) {
      if (i) p.write(', ');
      printAttributeElided(p, e[i]);
    }
    p.write(']');
  }
  override walkImmediateSubElements(visit: Visit): void {
    for (const e of this.elements) visit(e);
  }
}

export type NamedAttribute = readonly [string, Attribute];

export class DictionaryAttr extends Attribute {
  private constructor(readonly entries: readonly NamedAttribute[]) {
    super();
  }
  /** Builds a dictionary; entries are sorted by name (later duplicates are the caller's problem). */
  private static readonly cache = new UniquingCache<DictionaryAttr>();
  static get(entries: readonly NamedAttribute[] = []): DictionaryAttr {
    let sorted = entries;
    for (let i = 1; i < entries.length; i++) {
      if (entries[i - 1][0] > entries[i][0]) {
        sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
        break;
      }
    }
    // The trie walked by [name, value, name, value, ...], with no key list per lookup.
    const cache = DictionaryAttr.cache;
    let node = cache.root;
    for (let i = 0; i < sorted.length; i++) node = UniquingCache.step(UniquingCache.step(node, sorted[i][0]), sorted[i][1]);
    return (
      cache.found(node) ??
      cache.store(node, uniqueAttribute(new DictionaryAttr(Object.freeze(sorted.map((e) => Object.freeze([e[0], e[1]]) as NamedAttribute)))))
    );
  }
  get(name: string): Attribute | undefined {
    for (const [n, v] of this.entries) if (n === name) return v;
    return undefined;
  }
  get empty(): boolean {
    return this.entries.length === 0;
  }
  print(p: AttrTypePrinter): void {
    p.write('{');
    printNamedAttributes(p, this.entries);
    p.write('}');
  }
  override walkImmediateSubElements(visit: Visit): void {
    for (const [, v] of this.entries) visit(v);
  }
}

/** Prints `a = 1 : i64, b` (the inside of an attribute dictionary). */
export function printNamedAttributes(p: AttrTypePrinter, entries: readonly NamedAttribute[]): void {
  for (let i = 0; i < entries.length; i++) {
    if (i) p.write(', ');
    const [name, value] = entries[i];
    p.write(keywordOrString(name));
    if (value instanceof UnitAttr) continue;
    p.write(' = ');
    p.printAttribute(value);
  }
}

export class SymbolRefAttr extends Attribute {
  private constructor(
    readonly root: string,
    readonly nested: readonly string[],
  ) {
    super();
  }
  static get(root: string, nested: readonly string[] = []): SymbolRefAttr {
    return uniqueAttribute(new SymbolRefAttr(root, Object.freeze([...nested])));
  }
  get isFlat(): boolean {
    return this.nested.length === 0;
  }
  /** The innermost referenced name. */
  get leaf(): string {
    return this.nested.length ? this.nested[this.nested.length - 1] : this.root;
  }
  print(p: AttrTypePrinter): void {
    let s = symbolReference(this.root);
    for (const n of this.nested) s += '::' + symbolReference(n);
    p.write(s);
  }
}
/** MLIR's FlatSymbolRefAttr is a SymbolRefAttr without nested references. */
export const FlatSymbolRefAttr = {
  get(name: string): SymbolRefAttr {
    return SymbolRefAttr.get(name);
  },
};

// ---- elements

export abstract class ElementsAttr extends Attribute {
  abstract override get type(): ShapedType;
  get numElements(): number {
    return this.type.numElements;
  }
}

function elementBitWidth(t: Type): number {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof IndexType) return 64;
  if (t instanceof FloatType) return t.width;
  if (t instanceof ComplexType) return elementBitWidth(t.elementType);
  throw new Error('bad dense element type');
}

/** Storage bytes of one scalar of `bitWidth` bits in MLIR's raw buffers (i1 is bit-packed). */
function storageBytes(bitWidth: number): number {
  return Math.ceil(bitWidth / 8);
}

export function printDenseScalar(t: Type, v: bigint): string {
  if (t instanceof FloatType) return formatFloat(t.semantics, v).text;
  return intText(t, v);
}

/** Longest dense elements body text kept on its attribute after printing. */
const MAX_KEPT_BODY = 4096;

/**
 * Dense integer, index, float or complex elements. `values` holds one entry per
 * scalar (two per complex element): integers normalized to the element type's
 * range, floats as bit patterns. A splat holds a single element.
 */
export class DenseIntOrFPElementsAttr extends ElementsAttr {
  private constructor(
    private readonly ty: ShapedType,
    readonly splat: boolean,
    readonly values: readonly bigint[],
  ) {
    super();
  }
  static get(type: ShapedType, values: readonly bigint[]): DenseIntOrFPElementsAttr {
    const et = type.elementType;
    const perElement = et instanceof ComplexType ? 2 : 1;
    const scalarType = et instanceof ComplexType ? et.elementType : et;
    const norm = scalarType instanceof FloatType ? values : values.map((v) => normalizeInt(scalarType, v));
    let splat = norm.length === perElement;
    if (!splat && norm.length >= perElement) {
      splat = true;
      for (let i = perElement; i < norm.length && splat; i++) if (norm[i] !== norm[i % perElement]) splat = false;
    }
    const stored = splat ? norm.slice(0, perElement) : norm;
    return uniqueAttribute(new DenseIntOrFPElementsAttr(type, splat, Object.freeze([...stored])));
  }
  static getSplat(type: ShapedType, value: bigint | readonly bigint[]): DenseIntOrFPElementsAttr {
    return DenseIntOrFPElementsAttr.get(type, typeof value === 'bigint' ? [value] : value);
  }
  override get type(): ShapedType {
    return this.ty;
  }
  get isSplat(): boolean {
    return this.splat;
  }
  get elementType(): Type {
    return this.ty.elementType;
  }
  /** The raw bytes in MLIR's layout (what the hex form spells). */
  rawData(): Uint8Array {
    const et = this.ty.elementType;
    const bw = elementBitWidth(et);
    const vals = this.values;
    if (bw === 1 && !(et instanceof ComplexType)) {
      if (this.splat) return Uint8Array.of(vals[0] ? 0xff : 0);
      const out = new Uint8Array(Math.ceil(vals.length / 8));
      vals.forEach((v, i) => {
        if (v & 1n) out[i >> 3] |= 1 << (i & 7);
      });
      return out;
    }
    const nb = storageBytes(bw);
    const out = new Uint8Array(nb * vals.length);
    for (let i = 0; i < vals.length; i++) {
      let v = BigInt.asUintN(nb * 8, vals[i]);
      for (let b = 0; b < nb; b++) {
        out[i * nb + b] = Number(v & 0xffn);
        v >>= 8n;
      }
    }
    return out;
  }
  private printElementAt(i: number): string {
    const et = this.ty.elementType;
    if (et instanceof ComplexType) {
      return '(' + printDenseScalar(et.elementType, this.values[2 * i]) + ',' + printDenseScalar(et.elementType, this.values[2 * i + 1]) + ')';
    }
    return printDenseScalar(et, this.values[i]);
  }
  /**
   * The body text as printed with and without the hex form, kept from the
   * first print when short (floats are re-formatted otherwise; a long text
   * is not kept alive beside the attribute).
   */
  private bodyText: string | undefined = undefined;
  private bodyTextNoHex: string | undefined = undefined;
  /** Prints the `dense<...>` body contents (without `dense<`/`>`), optionally allowing the hex form. */
  printBody(p: AttrTypePrinter, allowHex = true): void {
    let text = allowHex ? this.bodyText : this.bodyTextNoHex;
    if (text === undefined) {
      text = this.formatBody(allowHex);
      if (text.length <= MAX_KEPT_BODY) {
        if (allowHex) this.bodyText = text;
        else this.bodyTextNoHex = text;
      }
    }
    p.write(text);
  }
  private formatBody(allowHex: boolean): string {
    if (this.splat) return this.printElementAt(0);
    const n = this.ty.numElements;
    if (allowHex && n > 100) {
      let hex = '"0x';
      for (const b of this.rawData()) hex += (b < 16 ? '0' : '') + b.toString(16).toUpperCase();
      return hex + '"';
    }
    if (n === 0) return '';
    return printNested(this.ty.shape, (i) => this.printElementAt(i));
  }
  print(p: AttrTypePrinter): void {
    this.printWithoutType(p);
    p.write(' : ');
    p.printType(this.ty);
  }
  override printWithoutType(p: AttrTypePrinter): void {
    if (shouldElideElements(p, this.ty.numElements, this.splat)) return p.write(ELIDED_ELEMENTS);
    p.write('dense<');
    this.printBody(p);
    p.write('>');
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.ty);
  }
  /** The integer values of all elements (splats expanded). */
  intValues(): bigint[] {
    const n = this.ty.numElements;
    if (this.splat) return new Array<bigint>(n).fill(this.values[0]);
    return [...this.values];
  }
}

/** Renders elements nested by shape: `[[1, 2], [3, 4]]` (rank 0: the element). */
function printNested(shape: readonly number[], elem: (i: number) => string): string {
  if (shape.length === 0) return elem(0);
  let out = '';
  let idx = 0;
  const rec = (dim: number): void => {
    out += '[';
    for (let i = 0; i < shape[dim]; i++) {
      if (i) out += ', ';
      if (dim === shape.length - 1) out += elem(idx++);
      else rec(dim + 1);
    }
    out += ']';
  };
  rec(0);
  return out;
}

export class DenseStringElementsAttr extends ElementsAttr {
  private constructor(
    private readonly ty: ShapedType,
    readonly splat: boolean,
    readonly values: readonly string[],
  ) {
    super();
  }
  static get(type: ShapedType, values: readonly string[]): DenseStringElementsAttr {
    let splat = values.length === 1 || (values.length > 0 && values.every((v) => v === values[0]));
    if (values.length === 0) splat = false;
    return uniqueAttribute(new DenseStringElementsAttr(type, splat, Object.freeze(splat ? [values[0]] : [...values])));
  }
  override get type(): ShapedType {
    return this.ty;
  }
  get isSplat(): boolean {
    return this.splat;
  }
  printBody(p: AttrTypePrinter): void {
    if (this.splat) return p.write(escapeString(this.values[0]));
    if (this.ty.numElements === 0) return;
    p.write(printNested(this.ty.shape, (i) => escapeString(this.values[i])));
  }
  print(p: AttrTypePrinter): void {
    this.printWithoutType(p);
    p.write(' : ');
    p.printType(this.ty);
  }
  override printWithoutType(p: AttrTypePrinter): void {
    if (shouldElideElements(p, this.ty.numElements, this.splat)) return p.write(ELIDED_ELEMENTS);
    p.write('dense<');
    this.printBody(p);
    p.write('>');
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.ty);
  }
}

/** MLIR's DenseElementsAttr: either kind of dense elements. */
export type DenseElementsAttr = DenseIntOrFPElementsAttr | DenseStringElementsAttr;
export const DenseElementsAttr = {
  isDense(a: Attribute): a is DenseElementsAttr {
    return a instanceof DenseIntOrFPElementsAttr || a instanceof DenseStringElementsAttr;
  },
};

/** `dense_resource<handle> : type`; the blob itself lives in the file's resource section. */
export class DenseResourceElementsAttr extends ElementsAttr {
  private constructor(
    private readonly ty: ShapedType,
    readonly handle: string,
  ) {
    super();
  }
  static get(type: ShapedType, handle: string): DenseResourceElementsAttr {
    return uniqueAttribute(new DenseResourceElementsAttr(type, handle));
  }
  override get type(): ShapedType {
    return this.ty;
  }
  print(p: AttrTypePrinter): void {
    p.write('dense_resource<' + keywordOrString(this.handle) + '> : ');
    p.printType(this.ty);
  }
  override printWithoutType(p: AttrTypePrinter): void {
    p.write('dense_resource<' + keywordOrString(this.handle) + '>');
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.ty);
  }
}

export class SparseElementsAttr extends ElementsAttr {
  private constructor(
    private readonly ty: ShapedType,
    readonly indices: DenseIntOrFPElementsAttr,
    readonly values: DenseElementsAttr,
  ) {
    super();
  }
  static get(type: ShapedType, indices: DenseIntOrFPElementsAttr, values: DenseElementsAttr): SparseElementsAttr {
    return uniqueAttribute(new SparseElementsAttr(type, indices, values));
  }
  override get type(): ShapedType {
    return this.ty;
  }
  private printBody(p: AttrTypePrinter): void {
    p.write('sparse<');
    if (this.indices.type.numElements !== 0) {
      this.indices.printBody(p, false);
      p.write(', ');
      if (this.values instanceof DenseIntOrFPElementsAttr) this.values.printBody(p, true);
      else this.values.printBody(p);
    }
    p.write('>');
  }
  print(p: AttrTypePrinter): void {
    this.printWithoutType(p);
    p.write(' : ');
    p.printType(this.ty);
  }
  override printWithoutType(p: AttrTypePrinter): void {
    const v = this.values;
    if (shouldElideElements(p, this.indices.type.numElements, this.indices.isSplat) || shouldElideElements(p, v.type.numElements, v.isSplat))
      return p.write(ELIDED_ELEMENTS);
    this.printBody(p);
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.ty);
  }
}

/** `array<i32: 1, 2>`: a dense array of int or float scalars. */
export class DenseArrayAttr extends Attribute {
  private constructor(
    readonly elementType: IntegerType | FloatType,
    /** Integers (normalized) or float bit patterns. */
    readonly values: readonly bigint[],
  ) {
    super();
  }
  private static readonly cache = new UniquingCache<DenseArrayAttr>();
  static get(elementType: IntegerType | FloatType, values: readonly bigint[]): DenseArrayAttr {
    // The trie walked part by part ([elementType, ...normalized values]): no key list or closure per lookup.
    const cache = DenseArrayAttr.cache;
    const isInt = elementType instanceof IntegerType;
    let node = UniquingCache.step(cache.root, elementType);
    for (let i = 0; i < values.length; i++) node = UniquingCache.step(node, isInt ? normalizeInt(elementType, values[i]) : values[i]);
    const found = cache.found(node);
    if (found !== undefined) return found;
    const norm = isInt ? values.map((v) => normalizeInt(elementType, v)) : values;
    return cache.store(node, uniqueAttribute(new DenseArrayAttr(elementType, Object.freeze([...norm]))));
  }
  /** i64 arrays given as numbers (segment sizes), by those numbers: no bigint per lookup. */
  private static readonly i64ByNumber = new UniquingCache<DenseArrayAttr>();
  static getI64(values: readonly (number | bigint)[]): DenseArrayAttr {
    const cache = DenseArrayAttr.i64ByNumber;
    let node = cache.root;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      // Bigints go the general way (1 and 1n are different Map keys).
      if (typeof v !== 'number') return DenseArrayAttr.get(IntegerType.get(64), values.map((x) => BigInt(x)));
      node = UniquingCache.step(node, v);
    }
    return cache.found(node) ?? cache.store(node, DenseArrayAttr.get(IntegerType.get(64), values.map((x) => BigInt(x))));
  }
  static getF64(values: readonly number[]): DenseArrayAttr {
    return DenseArrayAttr.get(FloatType.f64, values.map((v) => fromDouble(FloatType.f64.semantics, v)));
  }
  get size(): number {
    return this.values.length;
  }
  /** Values as JS numbers (floats decoded). */
  numbers(): number[] {
    const et = this.elementType;
    return et instanceof FloatType ? this.values.map((b) => toDouble(et.semantics, b)) : this.values.map(Number);
  }
  private printElements(p: AttrTypePrinter): void {
    const et = this.elementType;
    let s = '';
    for (let i = 0; i < this.values.length; i++) s += (i ? ', ' : '') + printDenseScalar(et, this.values[i]);
    p.write(s);
  }
  print(p: AttrTypePrinter): void {
    p.write('array<');
    p.printType(this.elementType);
    if (this.values.length) {
      p.write(': ');
      this.printElements(p);
    }
    p.write('>');
  }
  /** Without type: `[1, 2]` (as custom op printers use). */
  override printWithoutType(p: AttrTypePrinter): void {
    p.write('[');
    this.printElements(p);
    p.write(']');
  }
}

// ---- affine

export class AffineMapAttr extends Attribute {
  private static readonly cache = new Map<AffineMap, AffineMapAttr>();
  private constructor(readonly value: AffineMap) {
    super();
    noteAliasableElement();
  }
  static get(map: AffineMap): AffineMapAttr {
    let a = AffineMapAttr.cache.get(map);
    if (!a) AffineMapAttr.cache.set(map, (a = new AffineMapAttr(map)));
    return a;
  }
  get map(): AffineMap {
    return this.value;
  }
  print(p: AttrTypePrinter): void {
    p.write('affine_map<' + this.value.toString() + '>');
  }
}

export class IntegerSetAttr extends Attribute {
  private static readonly cache = new Map<IntegerSet, IntegerSetAttr>();
  private constructor(readonly value: IntegerSet) {
    super();
    noteAliasableElement();
  }
  static get(set: IntegerSet): IntegerSetAttr {
    let a = IntegerSetAttr.cache.get(set);
    if (!a) IntegerSetAttr.cache.set(set, (a = new IntegerSetAttr(set)));
    return a;
  }
  print(p: AttrTypePrinter): void {
    p.write('affine_set<' + this.value.toString() + '>');
  }
}

export class StridedLayoutAttr extends Attribute {
  private constructor(
    readonly offset: number,
    readonly strides: readonly number[],
  ) {
    super();
  }
  static get(offset: number, strides: readonly number[]): StridedLayoutAttr {
    return uniqueAttribute(new StridedLayoutAttr(offset, Object.freeze([...strides])));
  }
  print(p: AttrTypePrinter): void {
    const dim = (d: number): string => (isDynamic(d) ? '?' : String(d));
    let s = 'strided<[' + this.strides.map(dim).join(', ') + ']';
    if (this.offset !== 0) s += ', offset: ' + dim(this.offset);
    p.write(s + '>');
  }
}

// ---- other dialects' attributes kept opaque

/** An attribute of an unregistered dialect: `#dialect.body` / `#dialect<body>`. */
export class OpaqueAttr extends Attribute {
  private constructor(
    readonly dialectNamespace: string,
    readonly attrData: string,
    private readonly ty: Type,
  ) {
    super();
  }
  static get(dialectNamespace: string, attrData: string, type: Type = NoneType.get()): OpaqueAttr {
    return uniqueAttribute(new OpaqueAttr(dialectNamespace, attrData, type));
  }
  override get dialect(): string {
    return this.dialectNamespace;
  }
  override get type(): Type {
    return this.ty;
  }
  override printWithoutType(p: AttrTypePrinter): void {
    printDialectSymbol(p, '#', this.dialectNamespace, this.attrData);
  }
  print(p: AttrTypePrinter): void {
    this.printWithoutType(p);
    if (!(this.ty instanceof NoneType)) {
      p.write(' : ');
      p.printType(this.ty);
    }
  }
  override walkImmediateSubElements(visit: Visit): void {
    if (!(this.ty instanceof NoneType)) visit(this.ty);
  }
}

// ---- hooks for memref types

memrefHooks.isIdentityLayout = (layout, rank) => layout instanceof AffineMapAttr && layout.value.isIdentity() && layout.value.numDims === rank;
memrefHooks.identityLayout = (rank) => AffineMapAttr.get(AffineMap.identity(rank));
memrefHooks.isDefaultMemorySpace = (space) => space instanceof IntegerAttr && space.value === 0n;
memrefHooks.printElided = printAttributeElided;

export { kDynamic, AffineDimExpr };
