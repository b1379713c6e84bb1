// MLIR's builtin types. Every class is immutable and interned: factories return
// the one instance per structure, so `===` is equality.

import { Attribute, type AttrTypePrinter, Type, UniquingCache, noteAliasableElement, uniqueType } from './attributes.js';
import { FLOAT_SEMANTICS, type FloatSemantics } from './apfloat.js';

type Visit = (e: Attribute | Type) => void;

export type Signedness = 'signless' | 'signed' | 'unsigned';

export class IntegerType extends Type {
  private static readonly cache = new Map<number, IntegerType>();
  private constructor(
    readonly width: number,
    readonly signedness: Signedness,
  ) {
    super();
  }
  /** Signless types of the common widths by width: one array load, as the parser asks for `i32` at every other op. */
  private static readonly signlessByWidth: (IntegerType | undefined)[] = new Array<IntegerType | undefined>(256).fill(undefined);
  static get(width: number, signedness: Signedness = 'signless'): IntegerType {
    if (signedness === 'signless' && (width & 255) === width) {
      const t = IntegerType.signlessByWidth[width];
      if (t !== undefined) return t;
      return (IntegerType.signlessByWidth[width] = IntegerType.getKeyed(width, signedness));
    }
    return IntegerType.getKeyed(width, signedness);
  }
  private static getKeyed(width: number, signedness: Signedness): IntegerType {
    const k = width * 4 + (signedness === 'signless' ? 0 : signedness === 'signed' ? 1 : 2);
    let t = IntegerType.cache.get(k);
    if (!t) IntegerType.cache.set(k, (t = new IntegerType(width, signedness)));
    return t;
  }
  get isSignless(): boolean {
    return this.signedness === 'signless';
  }
  get isSigned(): boolean {
    return this.signedness === 'signed';
  }
  get isUnsigned(): boolean {
    return this.signedness === 'unsigned';
  }
  print(p: AttrTypePrinter): void {
    p.write((this.signedness === 'signless' ? 'i' : this.signedness === 'signed' ? 'si' : 'ui') + this.width);
  }
}

export class IndexType extends Type {
  private static instance: IndexType | undefined;
  static get(): IndexType {
    return (IndexType.instance ??= new IndexType());
  }
  /** The bit width MLIR uses for index values in attributes. */
  static readonly internalStorageBitWidth = 64;
  print(p: AttrTypePrinter): void {
    p.write('index');
  }
}

export class NoneType extends Type {
  private static instance: NoneType | undefined;
  static get(): NoneType {
    return (NoneType.instance ??= new NoneType());
  }
  print(p: AttrTypePrinter): void {
    p.write('none');
  }
}

/**
 * `token`: the builtin token type of upstream MLIR's early-exit work (newer
 * than MLIR 22), naming the op a `scf.break`/`scf.continue` targets.
 */
export class TokenType extends Type {
  private static instance: TokenType | undefined;
  static get(): TokenType {
    return (TokenType.instance ??= new TokenType());
  }
  print(p: AttrTypePrinter): void {
    p.write('token');
  }
}

export class FloatType extends Type {
  private static readonly cache = new Map<string, FloatType>();
  readonly semantics: FloatSemantics;
  private constructor(readonly name: string) {
    super();
    this.semantics = FLOAT_SEMANTICS.get(name)!;
  }
  /** The float type named `name` (`f32`, `bf16`, `f8E4M3FN`, ...), or undefined. */
  static tryGet(name: string): FloatType | undefined {
    let t = FloatType.cache.get(name);
    if (!t && FLOAT_SEMANTICS.has(name)) FloatType.cache.set(name, (t = new FloatType(name)));
    return t;
  }
  static get(name: string): FloatType {
    const t = FloatType.tryGet(name);
    if (!t) throw new Error(`unknown float type ${name}`);
    return t;
  }
  static get f16(): FloatType { return FloatType.get('f16'); }
  static get bf16(): FloatType { return FloatType.get('bf16'); }
  static get f32(): FloatType { return FloatType.get('f32'); }
  static get f64(): FloatType { return FloatType.get('f64'); }
  static get f80(): FloatType { return FloatType.get('f80'); }
  static get f128(): FloatType { return FloatType.get('f128'); }
  static get tf32(): FloatType { return FloatType.get('tf32'); }
  get width(): number {
    return this.semantics.sizeInBits;
  }
  /** Number of significand bits (including the implicit one). */
  get fpMantissaWidth(): number {
    return this.semantics.precision;
  }
  print(p: AttrTypePrinter): void {
    p.write(this.name);
  }
}

function printList(p: AttrTypePrinter, types: readonly Type[]): void {
  for (let i = 0; i < types.length; i++) {
    if (i) p.write(', ');
    p.printType(types[i]);
  }
}

export class FunctionType extends Type {
  private constructor(
    readonly inputs: readonly Type[],
    readonly results: readonly Type[],
  ) {
    super();
  }
  private static readonly cache = new UniquingCache<FunctionType>();
  static get(inputs: readonly Type[], results: readonly Type[]): FunctionType {
    const cache = FunctionType.cache;
    let n = UniquingCache.step(cache.root, inputs.length);
    for (let i = 0; i < inputs.length; i++) n = UniquingCache.step(n, inputs[i]);
    for (let i = 0; i < results.length; i++) n = UniquingCache.step(n, results[i]);
    return cache.found(n) ?? cache.store(n, uniqueType(new FunctionType(Object.freeze([...inputs]), Object.freeze([...results]))));
  }
  print(p: AttrTypePrinter): void {
    p.write('(');
    printList(p, this.inputs);
    p.write(') -> ');
    printFunctionResults(p, this.results);
  }
  override walkImmediateSubElements(visit: Visit): void {
    for (const t of this.inputs) visit(t);
    for (const t of this.results) visit(t);
  }
}

/** Prints a result type list as in function types: bare when it is one non-function type. */
export function printFunctionResults(p: AttrTypePrinter, results: readonly Type[]): void {
  if (results.length === 1 && !(results[0] instanceof FunctionType)) {
    p.printType(results[0]);
    return;
  }
  p.write('(');
  printList(p, results);
  p.write(')');
}

export class ComplexType extends Type {
  private constructor(readonly elementType: Type) {
    super();
  }
  static get(elementType: Type): ComplexType {
    return uniqueType(new ComplexType(elementType));
  }
  print(p: AttrTypePrinter): void {
    p.write('complex<');
    p.printType(this.elementType);
    p.write('>');
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.elementType);
  }
}

export class TupleType extends Type {
  private constructor(readonly types: readonly Type[]) {
    super();
    if (types.length > 16) noteAliasableElement();
  }
  static get(types: readonly Type[]): TupleType {
    return uniqueType(new TupleType(Object.freeze([...types])));
  }
  get size(): number {
    return this.types.length;
  }
  print(p: AttrTypePrinter): void {
    p.write('tuple<');
    printList(p, this.types);
    p.write('>');
  }
  override walkImmediateSubElements(visit: Visit): void {
    for (const t of this.types) visit(t);
  }
}

/** The marker of a dynamic dimension (`?`) in shapes; MLIR's ShapedType::kDynamic. */
export const kDynamic = Number.MIN_SAFE_INTEGER;

/**
 * kDynamic as MLIR stores it in a static index list (a DenseI64ArrayAttr of
 * offsets, sizes, strides or loop bounds): INT64_MIN, where an SSA value
 * stands instead.
 */
export const kDynamicI64 = -(1n << 63n);

export function isDynamic(dim: number): boolean {
  return dim === kDynamic;
}

function printShape(p: AttrTypePrinter, shape: readonly number[], scalable?: readonly boolean[]): void {
  let s = '';
  for (let i = 0; i < shape.length; i++) {
    const d = shape[i] === kDynamic ? '?' : String(shape[i]);
    s += scalable && scalable[i] ? '[' + d + ']x' : d + 'x';
  }
  p.write(s);
}

/** Types with a shape and an element type (tensors, memrefs, vectors). */
export abstract class ShapedType extends Type {
  abstract get elementType(): Type;
  /** The shape, or undefined when unranked. */
  abstract get shapeOrUndefined(): readonly number[] | undefined;
  get hasRank(): boolean {
    return this.shapeOrUndefined !== undefined;
  }
  get shape(): readonly number[] {
    const s = this.shapeOrUndefined;
    if (!s) throw new Error('unranked shaped type has no shape');
    return s;
  }
  get rank(): number {
    return this.shape.length;
  }
  /** Number of elements (static shapes only). */
  get numElements(): number {
    let n = 1;
    for (const d of this.shape) n *= d;
    return n;
  }
  get hasStaticShape(): boolean {
    const s = this.shapeOrUndefined;
    return s !== undefined && !s.includes(kDynamic);
  }
}

export abstract class TensorType extends ShapedType {}

export class RankedTensorType extends TensorType {
  private constructor(
    readonly dims: readonly number[],
    readonly elementType: Type,
    readonly encoding: Attribute | undefined,
  ) {
    super();
  }
  private static readonly cache = new UniquingCache<RankedTensorType>();
  static get(shape: readonly number[], elementType: Type, encoding?: Attribute): RankedTensorType {
    const cache = RankedTensorType.cache;
    let n = UniquingCache.step(UniquingCache.step(cache.root, elementType), encoding);
    for (let i = 0; i < shape.length; i++) n = UniquingCache.step(n, shape[i]);
    return cache.found(n) ?? cache.store(n, uniqueType(new RankedTensorType(Object.freeze([...shape]), elementType, encoding)));
  }
  get shapeOrUndefined(): readonly number[] {
    return this.dims;
  }
  override get shape(): readonly number[] {
    return this.dims;
  }
  print(p: AttrTypePrinter): void {
    p.write('tensor<');
    printShape(p, this.dims);
    p.printType(this.elementType);
    if (this.encoding) {
      p.write(', ');
      p.printAttribute(this.encoding);
    }
    p.write('>');
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.elementType);
    if (this.encoding) visit(this.encoding);
  }
}

export class UnrankedTensorType extends TensorType {
  private constructor(readonly elementType: Type) {
    super();
  }
  static get(elementType: Type): UnrankedTensorType {
    return uniqueType(new UnrankedTensorType(elementType));
  }
  get shapeOrUndefined(): undefined {
    return undefined;
  }
  print(p: AttrTypePrinter): void {
    p.write('tensor<*x');
    p.printType(this.elementType);
    p.write('>');
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.elementType);
  }
}

export abstract class BaseMemRefType extends ShapedType {
  abstract get memorySpace(): Attribute | undefined;
}

/**
 * Hooks the attribute module installs so memref types can recognize identity
 * layouts and print memory spaces with MLIR's type elision (no import cycle).
 */
export const memrefHooks: {
  isIdentityLayout(layout: Attribute, rank: number): boolean;
  identityLayout(rank: number): Attribute | undefined;
  isDefaultMemorySpace(space: Attribute): boolean;
  printElided(p: AttrTypePrinter, a: Attribute): void;
} = {
  isIdentityLayout: () => false,
  identityLayout: () => undefined,
  isDefaultMemorySpace: () => false,
  printElided: (p, a) => p.printAttribute(a),
};

export class MemRefType extends BaseMemRefType {
  private constructor(
    readonly dims: readonly number[],
    readonly elementType: Type,
    /** The layout; undefined means the identity map. */
    readonly layoutAttr: Attribute | undefined,
    readonly memorySpace: Attribute | undefined,
  ) {
    super();
  }
  private static readonly cache = new UniquingCache<MemRefType>();
  static get(shape: readonly number[], elementType: Type, layout?: Attribute, memorySpace?: Attribute): MemRefType {
    if (layout && memrefHooks.isIdentityLayout(layout, shape.length)) layout = undefined;
    if (memorySpace && memrefHooks.isDefaultMemorySpace(memorySpace)) memorySpace = undefined;
    const cache = MemRefType.cache;
    let n = UniquingCache.step(UniquingCache.step(UniquingCache.step(cache.root, elementType), layout), memorySpace);
    for (let i = 0; i < shape.length; i++) n = UniquingCache.step(n, shape[i]);
    return cache.found(n) ?? cache.store(n, uniqueType(new MemRefType(Object.freeze([...shape]), elementType, layout, memorySpace)));
  }
  get shapeOrUndefined(): readonly number[] {
    return this.dims;
  }
  override get shape(): readonly number[] {
    return this.dims;
  }
  /** The layout attribute (an identity affine map when none was given). */
  get layout(): Attribute {
    return this.layoutAttr ?? memrefHooks.identityLayout(this.dims.length)!;
  }
  print(p: AttrTypePrinter): void {
    p.write('memref<');
    printShape(p, this.dims);
    p.printType(this.elementType);
    if (this.layoutAttr) {
      p.write(', ');
      memrefHooks.printElided(p, this.layoutAttr);
    }
    if (this.memorySpace) {
      p.write(', ');
      memrefHooks.printElided(p, this.memorySpace);
    }
    p.write('>');
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.elementType);
    if (this.layoutAttr) visit(this.layoutAttr);
    if (this.memorySpace) visit(this.memorySpace);
  }
}

export class UnrankedMemRefType extends BaseMemRefType {
  private constructor(
    readonly elementType: Type,
    readonly memorySpace: Attribute | undefined,
  ) {
    super();
  }
  static get(elementType: Type, memorySpace?: Attribute): UnrankedMemRefType {
    if (memorySpace && memrefHooks.isDefaultMemorySpace(memorySpace)) memorySpace = undefined;
    return uniqueType(new UnrankedMemRefType(elementType, memorySpace));
  }
  get shapeOrUndefined(): undefined {
    return undefined;
  }
  print(p: AttrTypePrinter): void {
    p.write('memref<*x');
    p.printType(this.elementType);
    if (this.memorySpace) {
      p.write(', ');
      memrefHooks.printElided(p, this.memorySpace);
    }
    p.write('>');
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.elementType);
    if (this.memorySpace) visit(this.memorySpace);
  }
}

export class VectorType extends ShapedType {
  private constructor(
    readonly dims: readonly number[],
    readonly elementType: Type,
    readonly scalableDims: readonly boolean[],
  ) {
    super();
  }
  private static readonly cache = new UniquingCache<VectorType>();
  static get(shape: readonly number[], elementType: Type, scalableDims?: readonly boolean[]): VectorType {
    // Key: element type, rank, dims, then the scalable flags (all false when none is set).
    const scalable = scalableDims !== undefined && scalableDims.some((b) => b);
    if (scalable && scalableDims.length !== shape.length) return uniqueType(new VectorType(Object.freeze([...shape]), elementType, Object.freeze([...scalableDims])));
    const cache = VectorType.cache;
    let n = UniquingCache.step(UniquingCache.step(cache.root, elementType), shape.length);
    for (let i = 0; i < shape.length; i++) n = UniquingCache.step(n, shape[i]);
    for (let i = 0; i < shape.length; i++) n = UniquingCache.step(n, scalable && scalableDims[i] === true);
    const found = cache.found(n);
    if (found !== undefined) return found;
    const sc = scalable ? Object.freeze([...scalableDims]) : Object.freeze(shape.map(() => false));
    return cache.store(n, uniqueType(new VectorType(Object.freeze([...shape]), elementType, sc)));
  }
  get shapeOrUndefined(): readonly number[] {
    return this.dims;
  }
  override get shape(): readonly number[] {
    return this.dims;
  }
  get isScalable(): boolean {
    return this.scalableDims.some((b) => b);
  }
  print(p: AttrTypePrinter): void {
    p.write('vector<');
    printShape(p, this.dims, this.scalableDims);
    p.printType(this.elementType);
    p.write('>');
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.elementType);
  }
}

/** True if `name` can be printed as `prefix dialect.name` rather than `prefix dialect<name>`. */
export function isSimpleDialectSymbol(name: string): boolean {
  if (name.length === 0) return false;
  const c0 = name.charCodeAt(0);
  if (!((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122))) return false;
  let i = 0;
  for (; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const ok = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 46 || c === 95;
    if (!ok) break;
  }
  if (i === name.length) return true;
  return name[i] === '<' && name[name.length - 1] === '>';
}

export function printDialectSymbol(p: AttrTypePrinter, prefix: string, dialect: string, body: string): void {
  if (isSimpleDialectSymbol(body)) p.write(prefix + dialect + '.' + body);
  else p.write(prefix + dialect + '<' + body + '>');
}

/** A type of an unregistered dialect, kept as its text: `!dialect.body` / `!dialect<body>`. */
export class OpaqueType extends Type {
  private constructor(
    readonly dialectNamespace: string,
    readonly typeData: string,
  ) {
    super();
  }
  static get(dialectNamespace: string, typeData: string): OpaqueType {
    return uniqueType(new OpaqueType(dialectNamespace, typeData));
  }
  override get dialect(): string {
    return this.dialectNamespace;
  }
  print(p: AttrTypePrinter): void {
    printDialectSymbol(p, '!', this.dialectNamespace, this.typeData);
  }
}

// ---- helpers

export function isIntOrIndex(t: Type): boolean {
  return t instanceof IntegerType || t instanceof IndexType;
}
export function isIntOrIndexOrFloat(t: Type): boolean {
  return t instanceof IntegerType || t instanceof IndexType || t instanceof FloatType;
}
/** Bit width of int/float types; 64 for index. */
export function getIntOrFloatBitWidth(t: Type): number {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof FloatType) return t.width;
  if (t instanceof IndexType) return 64;
  throw new Error('not an int or float type: ' + t.key);
}

/** Whether `t` is signless integer `i<width>` (any width when omitted). */
export function isSignlessInteger(t: Type, width?: number): t is IntegerType {
  return t instanceof IntegerType && t.signedness === 'signless' && (width === undefined || t.width === width);
}

export const i1 = (): IntegerType => IntegerType.get(1);
export const i64 = (): IntegerType => IntegerType.get(64);
