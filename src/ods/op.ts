// The declarative op layer (MLIR's ODS): an op is declared once, with its
// operands, results, attributes, regions, successors, traits and assembly
// format, and the declaration yields a typed handle:
//
//   export const ForOp = defineOp({
//     name: 'scf.for',
//     operands: [operand('lowerBound', SignlessIntegerOrIndex), ..., variadicOperand('initArgs', AnyType)],
//     results: [variadicResult('results', AnyType)],
//     regions: [sizedRegion('region', 1)],
//     traits: [...],
//   }).withAccessors({ inductionVar: (op) => op.regions[0].entry.args[0] });
//
//   if (ForOp.isa(op)) use(ForOp.lowerBound(op), ForOp.inductionVar(op));
//   const loop = ForOp.build(builder, { lowerBound, upperBound, step });
//
// The handle is a type guard (`isa`, `cast`), one accessor per declared
// operand/result group, attribute, region and successor (named as in MLIR),
// a typed builder (`build`), and whatever `withAccessors`/`withBuilders` add.
// Behaviour that needs the op's own handle (custom syntax, verifier,
// interfaces, folder, canonicalization patterns, parent and terminator ops)
// is attached with `implementOp`. The declaration also produces the
// OpDefinition a context registers: ODS verification in MLIR's order,
// default-valued properties, result names and the compiled assembly format.
// docs/DEVELOPING.md walks through an example.

import { Attribute as AttributeBase, type Attribute, type Type } from '../ir/attributes.js';
import { DenseArrayAttr, type DictionaryAttr } from '../ir/builtin-attributes.js';
import { IntegerType } from '../ir/builtin-types.js';
import type { Builder } from '../ir/builder.js';
import { Traits, fail, q, type Context, type FoldResult, type FormatPrinter, type OpDefinition, type OperationName } from '../ir/context.js';
import { UnknownLoc, type Location } from '../ir/location.js';
import { runResumableParse, type OpAsmParser, type OpAsmPrinter, type OperationState, type ResumableParse } from '../ir/op-asm.js';
import { Block, Operation, Region, setFlatProperty, type Op, type OpKind, type Value } from '../ir/operation.js';

export type { Op, OpKind };
import type { RewritePattern } from '../ir/pattern.js';
import { AnyType, UnitAttrC, type AnyAttrConstraint, type AttrConstraint, type TypeConstraint } from './constraints.js';
import { AttrSizedOperandSegments, AttrSizedResultSegments, type OdsTrait, type OdsTraitOrName } from './traits.js';

// ============================================================================
// Declarations of operands, results, attributes, regions and successors

export type ValueKind = 'single' | 'optional' | 'variadic';

export interface ValueDecl<N extends string = string, K extends ValueKind = ValueKind> {
  readonly name: N;
  readonly type: TypeConstraint;
  readonly kind: K;
}
export function operand<const N extends string>(name: N, type: TypeConstraint): ValueDecl<N, 'single'> {
  return { name, type, kind: 'single' };
}
export function optionalOperand<const N extends string>(name: N, type: TypeConstraint): ValueDecl<N, 'optional'> {
  return { name, type, kind: 'optional' };
}
export function variadicOperand<const N extends string>(name: N, type: TypeConstraint): ValueDecl<N, 'variadic'> {
  return { name, type, kind: 'variadic' };
}
export const result = operand;
export const optionalResult = optionalOperand;
export const variadicResult = variadicOperand;

/** How an attribute may be absent: required, optional, default-valued (read as its default), or a unit flag. */
export type AttrKind = 'required' | 'optional' | 'default' | 'unit';

export interface AttrDecl<N extends string = string, C extends AnyAttrConstraint = AnyAttrConstraint, K extends AttrKind = AttrKind> {
  readonly name: N;
  readonly constraint: C;
  readonly kind: K;
  readonly optional: boolean;
  readonly defaultValue?: Attribute;
  /** False for DefaultValuedOptionalAttr: the default is not stored when the attribute is absent. */
  readonly materializeDefault?: boolean;
}
export function attr<const N extends string, C extends AnyAttrConstraint>(name: N, constraint: C): AttrDecl<N, C, 'required'> {
  return { name, constraint, kind: 'required', optional: false };
}
export function optionalAttr<const N extends string, C extends AnyAttrConstraint>(name: N, constraint: C): AttrDecl<N, C, 'optional'> {
  return { name, constraint, kind: 'optional', optional: true };
}
export function defaultValuedAttr<const N extends string, C extends AnyAttrConstraint>(
  name: N,
  constraint: C,
  defaultValue: Attribute,
): AttrDecl<N, C, 'default'> {
  return { name, constraint, kind: 'default', optional: true, defaultValue };
}
/** `DefaultValuedOptionalAttr`: elided from the custom form when equal to the default, never materialized. */
export function defaultValuedOptionalAttr<const N extends string, C extends AnyAttrConstraint>(
  name: N,
  constraint: C,
  defaultValue: Attribute,
): AttrDecl<N, C, 'default'> {
  return { name, constraint, kind: 'default', optional: true, defaultValue, materializeDefault: false };
}
export function unitAttr<const N extends string>(name: N): AttrDecl<N, typeof UnitAttrC, 'unit'> {
  return { name, constraint: UnitAttrC, kind: 'unit', optional: true };
}

export interface RegionDecl<N extends string = string, V extends boolean = boolean> {
  readonly name: N;
  readonly variadic: V;
  /** SizedRegion<n>: number of blocks required. */
  readonly numBlocks?: number;
  /** MaxSizedRegion<n>: at most this many blocks. */
  readonly maxBlocks?: number;
}
export function region<const N extends string>(name: N): RegionDecl<N, false> {
  return { name, variadic: false };
}
export function sizedRegion<const N extends string>(name: N, numBlocks: number): RegionDecl<N, false> {
  return { name, variadic: false, numBlocks };
}
export function maxSizedRegion<const N extends string>(name: N, maxBlocks: number): RegionDecl<N, false> {
  return { name, variadic: false, maxBlocks };
}
export function variadicRegion<const N extends string>(name: N, numBlocks?: number): RegionDecl<N, true> {
  return { name, variadic: true, numBlocks };
}
export interface SuccessorDecl<N extends string = string, V extends boolean = boolean> {
  readonly name: N;
  readonly variadic: V;
}
export function successor<const N extends string>(name: N): SuccessorDecl<N, false> {
  return { name, variadic: false };
}
export function variadicSuccessor<const N extends string>(name: N): SuccessorDecl<N, true> {
  return { name, variadic: true };
}

// ============================================================================
// The declaration and the hooks

/** Hooks an op may have (MLIR's hasCustomAssemblyFormat, hasVerifier, interfaces, ...). */
export interface OpHooks<T extends Operation = Operation> {
  /** Custom assembly (hasCustomAssemblyFormat). Throws (after emitting a diagnostic) on failure. */
  parse?(p: OpAsmParser, state: OperationState): void;
  /** `parse` as a generator yielding each region it needs (instead of `parse`): nests of the op parse without recursion. */
  parseResumable?: ResumableParse;
  print?(p: OpAsmPrinter, op: T): void;
  /** hasVerifier: op-specific invariants after the declared ones. Emits diagnostics and returns false on failure. */
  verify?(op: T, ctx: Context): boolean;
  /**
   * `verify` reads only the op itself: its operand and result types and
   * counts, its properties and its successors' argument types (not its
   * parent, neighbours, operands' defining ops, regions or anything else of
   * its successors). Ops of such a kind (or of one without `verify`) that
   * match one that passed are not checked again (see PassedSignatures).
   */
  localVerifier?: boolean;
  /**
   * For a kind with regions: its checks (`verify`, `verifyRegions`, the
   * declared ones) read only the op itself and its regions' shape: each
   * region's block count, the entry block's argument types, and the kind and
   * operand types of the op ending it (not the ops before it, nor nested ops).
   * Ops of the kind with at most one block per region that match one that
   * passed are not checked again, at entrance and at exit (see PassedSignatures).
   */
  localRegionVerifier?: boolean;
  /** hasRegionVerifier: invariants that need the op's regions verified first. */
  verifyRegions?(op: T, ctx: Context): boolean;
  /** Result name hints (`%c0`, `%cst`). */
  getAsmResultNames?(op: T, setName: (value: Value, name: string) => void): void;
  getAsmBlockArgumentNames?(region: Region, setName: (value: Value, name: string) => void): void;
  getAsmBlockNames?(op: T, setName: (block: Block, name: string) => void): void;
  /** The dialect used to resolve unprefixed op names inside this op's regions. */
  defaultDialect?: string;
  /** Interface implementations keyed by interface name (see ir/interfaces.ts). */
  interfaces?: Readonly<Record<string, unknown>>;
  /** hasFolder: `operands` holds the constant value of each operand where known; undefined when the op does not fold. */
  fold?(op: T, operands: readonly (Attribute | undefined)[]): FoldResult | undefined;
  /** hasCanonicalizer: the op's canonicalization patterns. */
  canonicalizationPatterns?: readonly RewritePattern[];
  /** `HasParent<...>`: the ops this op may be nested in directly. */
  parentOps?: readonly OpRef[];
  /** `SingleBlockImplicitTerminator<...>`: the terminator the custom form may omit. */
  implicitTerminator?: OpRef;
  /**
   * Hand-written property storage (MLIR's native `Property<>`s beyond
   * attributes): defaults of a new op, conversion of the generic `<{...}>`
   * dictionary, and checks of inherent attributes given in an attribute
   * dictionary. They replace what the declared attributes would generate.
   */
  properties?: {
    init?(properties: Map<string, Attribute>): void;
    fromAttr?(dict: DictionaryAttr): Map<string, Attribute> | string;
    convert?(name: string, value: Attribute): boolean;
    verifyInherentAttrs?(attrs: ReadonlyMap<string, Attribute>): string | undefined;
  };
}

/** Anything that names a declared op (a handle). */
export type OpRef = Pick<OpKind, 'opName'>;

export interface OpDeclaration<
  N extends string = string,
  O extends readonly ValueDecl[] = readonly ValueDecl[],
  R extends readonly ValueDecl[] = readonly ValueDecl[],
  A extends readonly AttrDecl[] = readonly AttrDecl[],
  G extends readonly RegionDecl[] = readonly RegionDecl[],
  S extends readonly SuccessorDecl[] = readonly SuccessorDecl[],
> extends OpHooks<Op<N>> {
  readonly name: N;
  /** One line, as ODS's `summary`. */
  readonly summary?: string;
  readonly operands?: O;
  readonly results?: R;
  readonly attributes?: A;
  readonly regions?: G;
  readonly successors?: S;
  readonly traits?: readonly OdsTraitOrName[];
  /** MLIR assembly format string; compiled once (see format.ts). */
  readonly assemblyFormat?: string;
  /** Extra inherent attribute names that are not declared (rare). */
  readonly extraInherentAttrs?: readonly string[];
  /**
   * InferTypeOpInterface: result types from the operands and properties,
   * used by the format when `type($result)` is absent and by `build`.
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
  /** The attributes sorted by name (the order MLIR verifies them in). */
  readonly attributesByName: readonly AttrDecl[];
  /** How many operand/result groups are optional or variadic (fixed per op kind). */
  readonly numVariadicOperands: number;
  readonly numVariadicResults: number;
  readonly hasVariadicRegions: boolean;
  readonly hasVariadicSuccessors: boolean;

  /** The definition made from this declaration (set by defineOp). */
  definition!: OpDefinition;

  constructor(readonly spec: OpDeclaration) {
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
    this.attributesByName = [...this.attributes].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.numVariadicOperands = this.operands.filter((d) => d.kind !== 'single').length;
    this.numVariadicResults = this.results.filter((d) => d.kind !== 'single').length;
    this.hasVariadicRegions = this.regions.some((r) => r.variadic);
    this.hasVariadicSuccessors = this.successors.some((r) => r.variadic);
    // What verifyOds runs per op, sorted out once per op kind.
    this.structuralChecks = (spec.traits ?? []).filter(
      (t) => t === AttrSizedOperandSegments || t === AttrSizedResultSegments || (typeof t !== 'string' && !!t.structural && !!t.verifyTrait),
    );
    this.predTraits = this.traits.filter((t) => !!t.pred);
    this.nativeVerifiers = this.traits.filter((t) => !!t.verifyTrait && !t.structural);
  }
  /** The segment-size traits and structural trait verifiers, in declaration order. */
  readonly structuralChecks: readonly OdsTraitOrName[];
  readonly predTraits: readonly OdsTrait[];
  readonly nativeVerifiers: readonly OdsTrait[];

  get name(): string {
    return this.spec.name;
  }
  attr(name: string): AttrDecl | undefined {
    return this.attrByName.get(name);
  }
  operandIndex(name: string): number {
    return indexByName(this.operands, name);
  }
  resultIndex(name: string): number {
    return indexByName(this.results, name);
  }

  /** The declaration of region number `index` of an op with `count` regions. */
  regionDeclAt(index: number, count: number): RegionDecl | undefined {
    const decls = this.regions;
    if (!this.hasVariadicRegions) return decls[index];
    const at = decls.findIndex((r) => r.variadic);
    if (index < at) return decls[index];
    const after = decls.length - 1 - at;
    if (index < count - after) return decls[at];
    return decls[decls.length - (count - index)];
  }

  // Segments depend only on the (uniqued, immutable) segment-size attribute or
  // on the value count: computed once per key and shared (frozen), so the
  // accessors, printers and verifiers that ask for them per op allocate nothing.
  private readonly operandSegmentCache = new Map<Attribute | number, [number, number][]>();
  private readonly resultSegmentCache = new Map<Attribute | number, [number, number][]>();

  /** [start, size] of each operand group of `op` (shared: do not mutate). */
  operandSegments(op: Operation): [number, number][] {
    if (this.numVariadicOperands === 0 && !this.attrSizedOperands) return fixedSegments(this.operands);
    return cachedSegments(this.operandSegmentCache, this.operands, op.numOperands, this.attrSizedOperands ? op.getProperty('operandSegmentSizes') : undefined);
  }
  resultSegments(op: Operation): [number, number][] {
    if (this.numVariadicResults === 0 && !this.attrSizedResults) return fixedSegments(this.results);
    return cachedSegments(this.resultSegmentCache, this.results, op.numResults, this.attrSizedResults ? op.getProperty('resultSegmentSizes') : undefined);
  }
  operandGroup(op: Operation, name: string): Value[] {
    const i = this.operandIndex(name);
    if (i < 0) throw new Error(`${this.name} has no operand '${name}'`);
    const seg = this.operandSegments(op)[i];
    // Clamped like slice(): unverified ops may have fewer operands than their segments say.
    const m = Math.max(0, Math.min(seg[1], op.numOperands - seg[0]));
    const out = new Array<Value>(m);
    for (let k = 0; k < m; k++) out[k] = op.operand(seg[0] + k);
    return out;
  }
  resultGroup(op: Operation, name: string): Value[] {
    const i = this.resultIndex(name);
    if (i < 0) throw new Error(`${this.name} has no result '${name}'`);
    const [s, n] = this.resultSegments(op)[i];
    return op.results.slice(s, s + n);
  }
  // The `operandSegmentSizes` attributes made by the builder, by their sizes
  // packed in one small integer (up to three groups of fewer than 255 operands): the
  // attribute is uniqued, but its lookup builds a key per call.
  private readonly operandSizesAttrs = new Map<number, Attribute>();
  /** The `operandSegmentSizes` attribute for `sizes`. */
  operandSegmentSizesAttr(sizes: readonly number[]): Attribute {
    let key = sizes.length <= 3 ? sizes.length : -1;
    for (let i = 0; key >= 0 && i < sizes.length; i++) key = sizes[i] < 255 ? key * 256 + sizes[i] : -1;
    let attr = key >= 0 ? this.operandSizesAttrs.get(key) : undefined;
    if (attr === undefined) {
      attr = DenseArrayAttr.get(IntegerType.get(32), sizes.map(BigInt));
      if (key >= 0) this.operandSizesAttrs.set(key, attr);
    }
    return attr;
  }
  private readonly typeGetters = new Map<string, (op: Operation) => Type | undefined>();
  /**
   * `typeOfName(op, name)` as a closure decided once per name (type-matching
   * traits ask it of every op): a fixed operand or result is read at its index.
   */
  typeGetter(name: string): (op: Operation) => Type | undefined {
    let get = this.typeGetters.get(name);
    if (get) return get;
    const oi = this.operandIndex(name);
    const ri = oi >= 0 ? -1 : this.resultIndex(name);
    // A single value preceded only by single ones (no sizes attribute) sits at
    // its own index whatever the variadic groups after it hold (memref.store's
    // value and memref): read there, with no segment lookup.
    if (oi >= 0 && leadingSingle(this.operands, oi, this.attrSizedOperands))
      // opOperand: undefined past the end, without counting the whole list first.
      get = (op) => op.opOperand(oi)?.value.type;
    else if (ri >= 0 && leadingSingle(this.results, ri, this.attrSizedResults))
      get = (op) => (ri < op.numResults ? op.result(ri).type : undefined);
    else get = (op) => this.typeOfName(op, name);
    this.typeGetters.set(name, get);
    return get;
  }

  /** The type of a named single operand/result, or of a typed attribute. */
  typeOfName(op: Operation, name: string): Type | undefined {
    const oi = this.operandIndex(name);
    if (oi >= 0) {
      const seg = this.operandSegments(op)[oi];
      return seg[1] > 0 ? op.opOperand(seg[0])?.value.type : undefined;
    }
    const ri = this.resultIndex(name);
    if (ri >= 0) {
      const seg = this.resultSegments(op)[ri];
      return seg[1] > 0 ? op.result(seg[0])?.type : undefined;
    }
    return op.getProperty(name)?.type ?? op.attributesView.get(name)?.type;
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

/** Whether group `index` is a single value with only single ones before it and no sizes attribute (its position is its index). */
function leadingSingle(decls: readonly ValueDecl[], index: number, attrSized: boolean): boolean {
  if (attrSized) return false;
  for (let i = 0; i <= index; i++) if (decls[i].kind !== 'single') return false;
  return true;
}

function indexByName(decls: readonly ValueDecl[], name: string): number {
  for (let i = 0; i < decls.length; i++) if (decls[i].name === name) return i;
  return -1;
}

function cachedSegments(
  cache: Map<Attribute | number, [number, number][]>,
  decls: readonly ValueDecl[],
  total: number,
  sizesAttr: Attribute | undefined,
): [number, number][] {
  const key = sizesAttr instanceof DenseArrayAttr ? sizesAttr : total;
  let segs = cache.get(key);
  if (segs === undefined) {
    segs = segments(decls, total, sizesAttr);
    for (const s of segs) Object.freeze(s);
    cache.set(key, Object.freeze(segs) as [number, number][]);
  }
  return segs;
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


// ---- verification

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
  const a = op.getProperty(attrName);
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
  what: 'operand' | 'result',
): boolean {
  for (let i = 0; i < decls.length; i++) {
    const d = decls[i];
    const seg = segs[i];
    const s = seg[0];
    const n = seg[1];
    if (d.kind === 'optional' && n > 1) return fail(ctx, op, `${what} group starting at #${s} requires 0 or 1 element, but found ${n}`);
    for (let k = s; k < s + n; k++) {
      const t = what === 'operand' ? op.operand(k).type : op.result(k).type;
      if (!d.type.check(t)) {
        const summary = d.kind === 'variadic' ? `variadic of ${d.type.summary}` : d.type.summary;
        return fail(ctx, op, `${what} #${k} must be ${summary}, but got ${q(t)}`);
      }
    }
  }
  return true;
}

/**
 * The declared invariants, in the order MLIR's generated verifier checks them:
 * the count traits, the structural traits in declaration order (segment
 * sizes, SingleBlock, ...), then OpInvariants (required attributes and
 * attribute constraints, both by attribute name; operand and result
 * constraints; predicate traits; region constraints), then the other native
 * traits.
 */
function verifyOds(op: Operation, ctx: Context, info: OdsInfo): boolean {
  if (!verifyCounts(op, ctx, info)) return false;
  const structural = info.structuralChecks;
  for (let i = 0; i < structural.length; i++) {
    const t = structural[i];
    if (t === AttrSizedOperandSegments) {
      if (!verifySegments(op, ctx, info.operands, 'operandSegmentSizes', op.numOperands, 'operand')) return false;
    } else if (t === AttrSizedResultSegments) {
      if (!verifySegments(op, ctx, info.results, 'resultSegmentSizes', op.numResults, 'result')) return false;
    } else if (typeof t !== 'string' && t.structural && t.verifyTrait) {
      const msg = t.verifyTrait(op, info);
      if (msg !== undefined) return fail(ctx, op, msg);
    }
  }
  const attrs = info.attributesByName;
  for (const a of attrs)
    if (!a.optional && op.getProperty(a.name) === undefined) return fail(ctx, op, `requires attribute '${a.name}'`);
  for (const a of attrs) {
    const v = op.getProperty(a.name);
    if (v !== undefined && !a.constraint.check(v))
      return fail(ctx, op, `attribute '${a.name}' failed to satisfy constraint: ${a.constraint.summary}`);
  }
  if (!verifyValueGroups(op, ctx, info.operands, info.operandSegments(op), 'operand')) return false;
  if (!verifyValueGroups(op, ctx, info.results, info.resultSegments(op), 'result')) return false;
  const preds = info.predTraits;
  for (let i = 0; i < preds.length; i++) {
    const t = preds[i];
    if (!t.pred!(op, info)) return fail(ctx, op, `failed to verify that ${t.summary}`);
  }
  for (let i = 0; i < op.regions.length; i++) {
    const r = info.regionDeclAt(i, op.regions.length);
    if (!r) break;
    const n = op.regions[i].numBlocks;
    const label = `region #${i}${r.name ? ` ('${r.name}')` : ''} failed to verify constraint`;
    if (r.numBlocks !== undefined && n !== r.numBlocks) return fail(ctx, op, `${label}: region with ${r.numBlocks} blocks`);
    if (r.maxBlocks !== undefined && n > r.maxBlocks) return fail(ctx, op, `${label}: region with at most ${r.maxBlocks} blocks`);
  }
  const natives = info.nativeVerifiers;
  for (let i = 0; i < natives.length; i++) {
    const msg = natives[i].verifyTrait!(op, info);
    if (msg !== undefined) return fail(ctx, op, msg);
  }
  return true;
}

/** verifySegments without reporting. */
function segmentsHold(op: Operation, decls: readonly ValueDecl[], attrName: string, total: number): boolean {
  const a = op.getProperty(attrName);
  if (!a) return total === 0;
  if (!(a instanceof DenseArrayAttr) || !(a.elementType instanceof IntegerType) || a.elementType.width !== 32) return false;
  if (a.values.length !== decls.length) return false;
  let sum = 0;
  for (const v of a.values) {
    if (v < 0n) return false;
    sum += Number(v);
  }
  return sum === total;
}

/**
 * The operand check of an op kind whose operands are all single: their
 * count and the types of the constrained ones (the last type that passed at
 * each position is remembered), in one walk along the operand list.
 */
function fixedOperandCheck(decls: readonly ValueDecl[]): (op: Operation) => boolean {
  const n = decls.length;
  const cs: (TypeConstraint | undefined)[] = decls.map((d) => (d.type === AnyType ? undefined : d.type));
  const ok: (Type | undefined)[] = decls.map(() => undefined);
  return (op) => {
    let i = 0;
    for (let u = op.firstOperand; u !== null; u = op.operandAfter(u), i++) {
      if (i === n) return false;
      const c = cs[i];
      if (c === undefined) continue;
      const t = u.value.type;
      if (t === ok[i]) continue;
      if (!c.check(t)) return false;
      ok[i] = t;
    }
    return i === n;
  };
}

/**
 * verifyOds compiled once per op kind into a check that reports nothing:
 * counts compared with constants, only the constraints that can fail
 * (AnyType is skipped), and each operand/result/attribute position
 * remembering the last type or attribute that passed (both are uniqued and
 * immutable, so a hit needs no check). It returns true only when verifyOds
 * would; on false the caller runs verifyOds, which reports the first failure
 * in MLIR's order.
 */
function compileOdsCheck(info: OdsInfo): (op: Operation) => boolean {
  const nR = info.regions.length;
  const exactR = !info.hasVariadicRegions;
  const minR = exactR ? nR : nR - 1;
  const nRes = info.results.length;
  const exactRes = info.numVariadicResults === 0;
  const minRes = nRes - info.numVariadicResults;
  const nS = info.successors.length;
  const exactS = !info.hasVariadicSuccessors;
  const minS = exactS ? nS : nS - 1;
  const nO = info.operands.length;
  const exactO = info.numVariadicOperands === 0;
  const minO = nO - info.numVariadicOperands;

  const structural = info.structuralChecks;
  const required = info.attributesByName.filter((a) => !a.optional).map((a) => a.name);
  const attrNames = info.attributesByName.map((a) => a.name);
  const attrChecks = info.attributesByName.map((a) => a.constraint);
  const attrOk: (Attribute | undefined)[] = attrNames.map(() => undefined);

  // Fixed groups (no variadic, no segment attribute): the positions to check.
  const valueCheck = (decls: readonly ValueDecl[], fixed: boolean, results: boolean): ((op: Operation) => boolean) | undefined => {
    if (fixed) {
      const at: number[] = [];
      const cs: TypeConstraint[] = [];
      decls.forEach((d, i) => {
        if (d.type !== AnyType) {
          at.push(i);
          cs.push(d.type);
        }
      });
      if (!at.length) return undefined;
      const ok: (Type | undefined)[] = at.map(() => undefined);
      return (op) => {
        for (let k = 0; k < at.length; k++) {
          const t = results ? op.result(at[k]).type : op.operand(at[k]).type;
          if (t === ok[k]) continue;
          if (!cs[k].check(t)) return false;
          ok[k] = t;
        }
        return true;
      };
    }
    const ok: (Type | undefined)[] = decls.map(() => undefined);
    const sized = results ? info.attrSizedResults : info.attrSizedOperands;
    const variadic = decls.findIndex((d) => d.kind !== 'single');
    if (!sized && decls.every((d, i) => d.kind === 'single' || i === variadic)) {
      // One variadic or optional group, no segment sizes (memref.load's
      // indices, scf.yield's values): positions follow from the count, with
      // no segment table looked up per op.
      const before = variadic;
      const after = decls.length - variadic - 1;
      const d = decls[variadic];
      if (!results)
        return (op) => {
          const size = op.numOperands - before - after;
          if (d.kind === 'optional' && size > 1) return false;
          // Along the list (operand(k) counts along a short one): decl i for position k.
          let k = 0;
          for (let u = op.firstOperand; u !== null; u = op.operandAfter(u), k++) {
            const i = k < before ? k : k < before + size ? variadic : k - size + 1;
            const c = decls[i].type;
            if (c === AnyType) continue;
            const t = u.value.type;
            if (t === ok[i]) continue;
            if (!c.check(t)) return false;
            ok[i] = t;
          }
          return true;
        };
      return (op) => {
        const n = results ? op.numResults : op.numOperands;
        const size = n - before - after;
        if (d.kind === 'optional' && size > 1) return false;
        for (let i = 0; i < decls.length; i++) {
          const c = decls[i].type;
          if (c === AnyType) continue;
          const s = i < variadic ? i : i === variadic ? variadic : i + size - 1;
          const e = i === variadic ? s + size : s + 1;
          for (let k = s; k < e; k++) {
            const t = results ? op.result(k).type : op.operand(k).type;
            if (t === ok[i]) continue;
            if (!c.check(t)) return false;
            ok[i] = t;
          }
        }
        return true;
      };
    }
    return (op) => {
      const segs = results ? info.resultSegments(op) : info.operandSegments(op);
      for (let i = 0; i < decls.length; i++) {
        const d = decls[i];
        const s = segs[i][0];
        const n = segs[i][1];
        if (d.kind === 'optional' && n > 1) return false;
        if (d.type === AnyType) continue;
        for (let k = s; k < s + n; k++) {
          const t = results ? op.result(k).type : op.operand(k).type;
          if (t === ok[i]) continue;
          if (!d.type.check(t)) return false;
          ok[i] = t;
        }
      }
      return true;
    };
  };
  // Fixed operands: one walk along the list checks their count and types
  // (where the count is checked: nothing after it reads a missing operand).
  const fixedOperands = exactO && !info.attrSizedOperands ? fixedOperandCheck(info.operands) : undefined;
  const operandsHold = fixedOperands === undefined ? valueCheck(info.operands, false, false) : undefined;
  const resultsHold = valueCheck(info.results, exactRes && !info.attrSizedResults, true);
  const preds = info.predTraits;
  // Region block counts: fixed regions are checked at their index.
  const sizedRegions: number[] = [];
  info.regions.forEach((r, i) => {
    if (r.numBlocks !== undefined || r.maxBlocks !== undefined) sizedRegions.push(i);
  });
  const natives = info.nativeVerifiers;
  let operandSegsOk: Attribute | undefined;
  let operandSegsTotal = -1;
  let resultSegsOk: Attribute | undefined;
  let resultSegsTotal = -1;

  return (op) => {
    const r = op.regions.length;
    const res = op.numResults;
    const s = op.numSuccessors;
    // Counted only when the fixed-operand check does not walk them anyway.
    const o = fixedOperands !== undefined ? nO : op.numOperands;
    if (exactR ? r !== nR : r < minR) return false;
    if (exactRes ? res !== nRes : res < minRes) return false;
    if (exactS ? s !== nS : s < minS) return false;
    if (fixedOperands !== undefined ? !fixedOperands(op) : exactO ? o !== nO : o < minO) return false;
    for (let i = 0; i < structural.length; i++) {
      const t = structural[i];
      if (t === AttrSizedOperandSegments) {
        // The attribute is uniqued and immutable: the last one that passed with the same count passes again.
        const a = op.getProperty('operandSegmentSizes');
        if (a === undefined || a !== operandSegsOk || o !== operandSegsTotal) {
          if (!segmentsHold(op, info.operands, 'operandSegmentSizes', o)) return false;
          operandSegsOk = a;
          operandSegsTotal = o;
        }
      } else if (t === AttrSizedResultSegments) {
        const a = op.getProperty('resultSegmentSizes');
        if (a === undefined || a !== resultSegsOk || res !== resultSegsTotal) {
          if (!segmentsHold(op, info.results, 'resultSegmentSizes', res)) return false;
          resultSegsOk = a;
          resultSegsTotal = res;
        }
      } else if (typeof t !== 'string' && t.verifyTrait!(op, info) !== undefined) return false;
    }
    if (attrNames.length) {
      for (let i = 0; i < required.length; i++) if (op.getProperty(required[i]) === undefined) return false;
      for (let i = 0; i < attrNames.length; i++) {
        const v = op.getProperty(attrNames[i]);
        if (v === undefined || v === attrOk[i]) continue;
        if (!attrChecks[i].check(v)) return false;
        attrOk[i] = v;
      }
    }
    if (operandsHold !== undefined && !operandsHold(op)) return false;
    if (resultsHold && !resultsHold(op)) return false;
    for (let i = 0; i < preds.length; i++) if (!preds[i].pred!(op, info)) return false;
    if (!exactR) {
      for (let i = 0; i < r; i++) {
        const d = info.regionDeclAt(i, r);
        if (!d) break;
        const n = op.regions[i].numBlocks;
        if (d.numBlocks !== undefined && n !== d.numBlocks) return false;
        if (d.maxBlocks !== undefined && n > d.maxBlocks) return false;
      }
    } else if (sizedRegions.length) {
      for (let k = 0; k < sizedRegions.length; k++) {
        const i = sizedRegions[k];
        const d = info.regions[i];
        const n = op.regions[i].numBlocks;
        if (d.numBlocks !== undefined && n !== d.numBlocks) return false;
        if (d.maxBlocks !== undefined && n > d.maxBlocks) return false;
      }
    }
    for (let i = 0; i < natives.length; i++) if (natives[i].verifyTrait!(op, info) !== undefined) return false;
    return true;
  };
}

/**
 * Signatures (operand types, result types, properties) of ops of one kind
 * that passed `verify`, for kinds whose checks read nothing else (the
 * declared ones all do; a hand-written hook says so with `localVerifier`):
 * an op with a remembered signature and no regions, discardable attributes
 * or opaque properties passes again, so most ops skip the compiled check,
 * the traits and the hook (less work, and fewer functions hot enough for
 * TurboFan in a cold run). Types and attributes are uniqued and immutable:
 * identity is equality. Entries are flat lists: operand types, SIG_END,
 * result types, SIG_END, property names and values; for an op with
 * successors (branches: half the ops after convert-scf-to-cf) then
 * SUCCESSORS and each successor's argument types followed by SIG_END (what
 * the branch hooks compare the forwarded operands with).
 */
class PassedSignatures {
  /** `withRegions`: ops with regions of a remembered shape pass too (the kind's checks read no more of them). */
  constructor(private readonly withRegions = false) {}

  /** Ops with one property (a constant's value, a comparison's predicate), by its value. */
  private readonly byValue = new Map<Attribute, unknown[][]>();
  /** Ops with none or several. */
  private readonly others: unknown[][] = [];
  /** Which entry of a full list the next signature replaces. */
  private turn = 0;

  /** The entries an op's signature would be among (undefined: none yet). */
  private listOf(op: Operation): unknown[][] | undefined {
    return op.numProperties === 1 ? this.byValue.get(op.propertyValue(0)) : this.others;
  }

  has(op: Operation): boolean {
    if (op.hasRareParts ? !onlySuccessors(op) : op.regions.length !== 0 && !(this.withRegions && shapeRememberable(op))) return false;
    const list = this.listOf(op);
    if (list === undefined) return false;
    for (let i = 0; i < list.length; i++) if (sameSignature(list[i], op)) return true;
    return false;
  }

  /** Remembers the signature of `op`, which passed. */
  add(op: Operation): void {
    if (op.hasRareParts ? !onlySuccessors(op) : op.regions.length !== 0 && !(this.withRegions && shapeRememberable(op))) return;
    let list = this.listOf(op);
    if (list === undefined) {
      // Bounded: a kind with many distinct values (constants) keeps the first ones.
      if (this.byValue.size === MAX_VALUES) return;
      this.byValue.set(op.propertyValue(0), (list = []));
    }
    let e: unknown[];
    if (list.length < SIGNATURES) list.push((e = []));
    else {
      e = list[this.turn];
      this.turn = (this.turn + 1) % SIGNATURES;
      e.length = 0;
    }
    for (let u = op.firstOperand; u !== null; u = op.operandAfter(u)) e.push(u.value.type);
    e.push(SIG_END);
    for (let i = 0, n = op.numResults; i < n; i++) e.push(op.result(i).type);
    e.push(SIG_END);
    for (let i = 0, n = op.numProperties; i < n; i++) e.push(op.propertyName(i), op.propertyValue(i));
    if (op.regions.length !== 0) pushShape(e, op);
    else if (op.hasRareParts) pushSuccessors(e, op);
  }
}

/**
 * Whether the rare parts of `op` (which has some) are successors alone, on
 * an op without regions: no discardable attribute or opaque property for
 * a signature to miss.
 */
function onlySuccessors(op: Operation): boolean {
  return op.regions.length === 0 && op.opaqueProperties === null && op.attributesView.size === 0;
}

/** Appends SUCCESSORS and, per successor, its block's argument types and SIG_END. */
function pushSuccessors(e: unknown[], op: Operation): void {
  e.push(SUCCESSORS);
  const succ = op.successorList;
  for (let s = 0; s < succ.length; s++) {
    const args = succ[s].block.args;
    for (let a = 0; a < args.length; a++) e.push(args[a].type);
    e.push(SIG_END);
  }
}

/** Whether the successors of `op` match those recorded in `e` from position `k` (at SUCCESSORS) to its end. */
function sameSuccessors(e: readonly unknown[], k: number, op: Operation): boolean {
  const n = e.length;
  if (k === n || e[k++] !== SUCCESSORS) return false;
  const succ = op.successorList;
  for (let s = 0; s < succ.length; s++) {
    const args = succ[s].block.args;
    for (let a = 0; a < args.length; a++) if (k === n || e[k++] !== args[a].type) return false;
    if (k === n || e[k++] !== SIG_END) return false;
  }
  return k === n;
}

/**
 * Whether a signature can hold the shape of `op`'s regions: at most one
 * block each, ended by an op without rare parts or properties (what
 * pushShape records of it is then all there is to read).
 */
function shapeRememberable(op: Operation): boolean {
  for (let i = 0; i < op.regions.length; i++) {
    const block = op.regions[i].firstBlock;
    if (block === null) continue;
    if (block.nextBlock !== null) return false;
    const last = block.last;
    if (last !== null && (last.hasRareParts || last.numProperties !== 0)) return false;
  }
  return true;
}

/** The kind of the op ending a block in a signature: its definition, or its name when unregistered. */
function kindOf(op: Operation): unknown {
  return op.name.def ?? op.name.name;
}

/**
 * Appends the regions' shape: per region NO_BLOCK, or the entry block's
 * argument types, SIG_END, the kind of its last op (EMPTY_BLOCK when none),
 * that op's operand types, SIG_END.
 */
function pushShape(e: unknown[], op: Operation): void {
  for (let i = 0; i < op.regions.length; i++) {
    const block = op.regions[i].firstBlock;
    if (block === null) {
      e.push(NO_BLOCK);
      continue;
    }
    const args = block.args;
    for (let a = 0; a < args.length; a++) e.push(args[a].type);
    e.push(SIG_END);
    const last = block.last;
    if (last === null) e.push(EMPTY_BLOCK);
    else {
      e.push(kindOf(last));
      for (let u = last.firstOperand; u !== null; u = last.operandAfter(u)) e.push(u.value.type);
    }
    e.push(SIG_END);
  }
}

/** Whether the shape of `op`'s regions equals the one recorded in `e` from position `k` to its end. */
function sameShape(e: readonly unknown[], k: number, op: Operation): boolean {
  const n = e.length;
  for (let i = 0; i < op.regions.length; i++) {
    const block = op.regions[i].firstBlock;
    if (block === null) {
      if (k === n || e[k++] !== NO_BLOCK) return false;
      continue;
    }
    const args = block.args;
    for (let a = 0; a < args.length; a++) if (k === n || e[k++] !== args[a].type) return false;
    if (k === n || e[k++] !== SIG_END) return false;
    const last = block.last;
    if (last === null) {
      if (k === n || e[k++] !== EMPTY_BLOCK) return false;
    } else {
      if (k === n || e[k++] !== kindOf(last)) return false;
      for (let u = last.firstOperand; u !== null; u = last.operandAfter(u)) if (k === n || e[k++] !== u.value.type) return false;
    }
    if (k === n || e[k++] !== SIG_END) return false;
  }
  return k === n;
}

/**
 * A `verifyRegions` hook of a kind marked `localRegionVerifier`: ops whose
 * signature and region shape match one that passed pass again.
 */
function rememberedRegionVerifier(hook: NonNullable<OpHooks['verifyRegions']>): NonNullable<OpHooks['verifyRegions']> {
  const passed = new PassedSignatures(true);
  return (op, ctx) => {
    if (passed.has(op)) return true;
    if (!hook(op, ctx)) return false;
    passed.add(op);
    return true;
  };
}

/** Signatures kept per list (gen.ts's modules: one or two per kind and property value, e.g. arith.addi on i32 and on index). */
const SIGNATURES = 4;
/** Property values kept per kind (gen.ts's 5 MB module: 106 distinct constants). */
const MAX_VALUES = 1024;
const SIG_END = {};
/** A region without blocks, and an entry block without ops, in a shape. */
const NO_BLOCK = {};
const EMPTY_BLOCK = {};
/** Where an op's successors start in a signature. */
const SUCCESSORS = {};

function sameSignature(e: readonly unknown[], op: Operation): boolean {
  const n = e.length;
  let k = 0;
  for (let u = op.firstOperand; u !== null; u = op.operandAfter(u)) if (k === n || e[k++] !== u.value.type) return false;
  if (k === n || e[k++] !== SIG_END) return false;
  for (let i = 0, r = op.numResults; i < r; i++) if (k === n || e[k++] !== op.result(i).type) return false;
  if (k === n || e[k++] !== SIG_END) return false;
  const np = op.numProperties;
  if (op.regions.length === 0 && !op.hasRareParts) {
    if (n - k !== 2 * np) return false;
    for (let i = 0; i < np; i++) if (e[k++] !== op.propertyName(i) || e[k++] !== op.propertyValue(i)) return false;
    return true;
  }
  if (n - k < 2 * np) return false;
  for (let i = 0; i < np; i++) if (e[k++] !== op.propertyName(i) || e[k++] !== op.propertyValue(i)) return false;
  // Rare parts here are successors alone (onlySuccessors), on an op without regions.
  return op.regions.length === 0 ? sameSuccessors(e, k, op) : sameShape(e, k, op);
}

/** Checks inherent attributes given in an attribute dictionary (MLIR's verifyInherentAttrs). */
function verifyInherentAttrs(info: OdsInfo, attrs: ReadonlyMap<string, Attribute>): string | undefined {
  for (const a of info.attributes) {
    const v = attrs.get(a.name);
    if (v !== undefined && !a.constraint.check(v)) return `attribute '${a.name}' failed to satisfy constraint: ${a.constraint.summary}`;
  }
  return undefined;
}


// ============================================================================
// Typed handles

/** The operation type a handle narrows to. */
export type OpOf<H extends OpRef> = Op<H['opName']>;

type ValueOf<D extends ValueDecl> = D['kind'] extends 'single' ? Value : D['kind'] extends 'optional' ? Value | undefined : Value[];
type AttrValueOf<D extends AttrDecl> =
  D['constraint'] extends AttrConstraint<infer _A, infer V>
    ? D['kind'] extends 'unit'
      ? boolean
      : D['kind'] extends 'optional'
        ? V | undefined
        : V
    : never;
type RegionOf<D extends RegionDecl> = D['variadic'] extends true ? Region[] : Region;
type SuccessorOf<D extends SuccessorDecl> = D['variadic'] extends true ? Block[] : Block;

type ValueAccessors<N extends string, L extends readonly ValueDecl[]> = { readonly [D in L[number] as D['name']]: (op: Op<N>) => ValueOf<D> };
type AttrAccessors<N extends string, L extends readonly AttrDecl[]> = { readonly [D in L[number] as D['name']]: (op: Op<N>) => AttrValueOf<D> };
type RegionAccessors<N extends string, L extends readonly RegionDecl[]> = { readonly [D in L[number] as D['name']]: (op: Op<N>) => RegionOf<D> };
type SuccessorAccessors<N extends string, L extends readonly SuccessorDecl[]> = {
  readonly [D in L[number] as D['name']]: (op: Op<N>) => SuccessorOf<D>;
};

type AttrBuildValue<D extends AttrDecl> = D['constraint'] extends AttrConstraint<infer A, infer V> ? A | V : never;

/** What `build` takes: operands, successors and required attributes by name; results when they cannot be inferred. */
export type BuildArgs<
  O extends readonly ValueDecl[],
  R extends readonly ValueDecl[],
  A extends readonly AttrDecl[],
  G extends readonly RegionDecl[],
  S extends readonly SuccessorDecl[],
> = { [D in O[number] as D['kind'] extends 'single' ? D['name'] : never]: Value } & {
  [D in O[number] as D['kind'] extends 'single' ? never : D['name']]?: D['kind'] extends 'optional' ? Value | undefined : readonly Value[];
} & { [D in R[number] as D['name']]?: D['kind'] extends 'variadic' ? readonly Type[] : Type } & {
  [D in A[number] as D['kind'] extends 'required' ? D['name'] : never]: AttrBuildValue<D>;
} & { [D in A[number] as D['kind'] extends 'required' ? never : D['name']]?: AttrBuildValue<D> | undefined } & {
  [D in G[number] as D['name']]?: D['variadic'] extends true ? readonly Region[] | number : Region;
} & { [D in S[number] as D['variadic'] extends true ? D['name'] : never]?: readonly Block[] } & {
  [D in S[number] as D['variadic'] extends true ? never : D['name']]: Block;
} & {
  /** Where the op is; unknown when absent. */
  location?: Location;
  /**
   * Instead of `location`: this op's location, not made until read while it is
   * a parsed op's source offset; or several ops' locations fused (MLIR's
   * `getFusedLoc`, which its declarative patterns give the ops they create).
   */
  locationOf?: Operation | readonly Operation[];
  /** Discardable attributes. */
  discardable?: Readonly<Record<string, Attribute>>;
};

/** What every handle has: the op's name, definition and declaration, type guards and the generic builder. */
export interface OpHandleCore<N extends string> extends OpKind<N> {
  /** The op's full name, e.g. `scf.for`. */
  readonly opName: N;
  /** What a context registers for this op. */
  readonly definition: OpDefinition;
  /** The declared operands, results, attributes, ... (for the format engine and generic code). */
  readonly ods: OdsInfo;
  /** Whether `op` is an instance of this op (registered). */
  isa(op: Operation | null | undefined): op is Op<N>;
  /** `op` as this op; throws when it is another op (MLIR's cast<>). */
  cast(op: Operation): Op<N>;
  /** `op` as this op, or undefined (MLIR's dyn_cast<>). */
  dynCast(op: Operation | null | undefined): Op<N> | undefined;
  /** The op defining `value`, when it is this op. */
  definingOp(value: Value): Op<N> | undefined;
}

/** Ways to add derived accessors and custom builders to a handle. */
export interface OpHandleExtensions<N extends string> {
  /** Adds accessors computed from the op (`inductionVar`, `thenBlock`, ...). */
  withAccessors<X extends Record<string, (op: Op<N>) => unknown>>(accessors: X): this & X;
  /** Adds builders; the factory receives the handle built so far. */
  withBuilders<B extends Record<string, (builder: Builder, ...args: never[]) => unknown>>(factory: (self: this) => B): this & B;
}

export type OpHandle<
  N extends string,
  O extends readonly ValueDecl[],
  R extends readonly ValueDecl[],
  A extends readonly AttrDecl[],
  G extends readonly RegionDecl[],
  S extends readonly SuccessorDecl[],
> = OpHandleCore<N> &
  OpHandleExtensions<N> &
  ValueAccessors<N, O> &
  ValueAccessors<N, R> &
  AttrAccessors<N, A> &
  RegionAccessors<N, G> &
  SuccessorAccessors<N, S> & {
    /** Creates the op at the builder's insertion point, with empty regions unless given. */
    build(builder: Builder, args: BuildArgs<O, R, A, G, S>): Op<N>;
  };

/** Any handle (for code that takes handles generically, e.g. `pattern`). */
export type AnyOpHandle = OpHandleCore<string>;

const RESERVED = new Set(['opName', 'definition', 'ods', 'isa', 'cast', 'dynCast', 'definingOp', 'withAccessors', 'withBuilders', 'build']);

/** The declaration behind an op's definition (undefined for ops not declared here, e.g. unregistered ones). */
export function getOdsInfo(op: Operation | OpDefinition): OdsInfo | undefined {
  const def = op instanceof Operation ? op.name.def : op;
  const slots = def ? SLOTS.get(def) : undefined;
  return slots ? slots.info() : undefined;
}

/**
 * Declares an op. Returns its typed handle; its `definition` goes into the
 * dialect's op list (see defineDialect).
 */
export function defineOp<
  const N extends string,
  const O extends readonly ValueDecl[] = [],
  const R extends readonly ValueDecl[] = [],
  const A extends readonly AttrDecl[] = [],
  const G extends readonly RegionDecl[] = [],
  const S extends readonly SuccessorDecl[] = [],
>(declaration: OpDeclaration<N, O, R, A, G, S>): OpHandle<N, O, R, A, G, S> {
  // The OdsInfo is made on first use: a run uses few of the ~400 op kinds, and
  // making all of them was a sizeable part of start-up (docs/PERFORMANCE.md).
  let info: OdsInfo | undefined;
  const getInfo = (): OdsInfo => {
    if (info) return info;
    info = new OdsInfo(declaration);
    info.definition = def;
    return info;
  };
  const shape = declShape(declaration);
  const def = makeDefinition(declaration, shape, getInfo);
  const name = declaration.name;
  const handle: Record<string, unknown> = {
    opName: name,
    definition: def,
    get ods(): OdsInfo {
      return getInfo();
    },
    isa: (op: Operation | null | undefined): boolean => op !== null && op !== undefined && op.name.def === def,
    cast(op: Operation): Operation {
      if (op.name.def !== def) throw new Error(`cast: expected '${name}', got '${op.name.name}'`);
      return op;
    },
    dynCast: (op: Operation | null | undefined): Operation | undefined => (op && op.name.def === def ? op : undefined),
    definingOp(value: Value): Operation | undefined {
      const d = value.definingOp;
      return d && d.name.def === def ? d : undefined;
    },
    withAccessors(this: Record<string, unknown>, accessors: Record<string, unknown>) {
      for (const [k, f] of Object.entries(accessors)) addMember(this, name, k, f);
      return this;
    },
    withBuilders(this: Record<string, unknown>, factory: (self: unknown) => Record<string, unknown>) {
      for (const [k, f] of Object.entries(factory(this))) addMember(this, name, k, f);
      return this;
    },
    build: (builder: Builder, args: Record<string, unknown>): Operation => buildOp(builder, getInfo(), def, args),
  };
  const { operands, results, attributes, regions, successors } = shape;
  for (let i = 0; i < operands.length; i++) addMember(handle, name, operands[i].name, valueGroupAccessor(getInfo, operands, shape.fixedOperands, shape.attrSizedOperands, i, 'operand'));
  for (let i = 0; i < results.length; i++) addMember(handle, name, results[i].name, valueGroupAccessor(getInfo, results, shape.fixedResults, shape.attrSizedResults, i, 'result'));
  for (const a of attributes) addMember(handle, name, a.name, attributeAccessor(a));
  for (let i = 0; i < regions.length; i++) addMember(handle, name, regions[i].name, regionAccessor(regions, i));
  for (let i = 0; i < successors.length; i++) addMember(handle, name, successors[i].name, successorAccessor(successors, i));
  return handle as unknown as OpHandle<N, O, R, A, G, S>;
}

/** What defineOp needs of a declaration without its OdsInfo (made on first use). */
interface DeclShape {
  readonly operands: readonly ValueDecl[];
  readonly results: readonly ValueDecl[];
  readonly attributes: readonly AttrDecl[];
  readonly regions: readonly RegionDecl[];
  readonly successors: readonly SuccessorDecl[];
  /** The trait names (the definition's `traits`). */
  readonly traits: Set<string>;
  readonly attrSizedOperands: boolean;
  readonly attrSizedResults: boolean;
  /** No optional or variadic group and no segment sizes: group i is value i (as OdsInfo decides). */
  readonly fixedOperands: boolean;
  readonly fixedResults: boolean;
}

function declShape(spec: OpDeclaration): DeclShape {
  const specTraits = spec.traits ?? [];
  const traits = new Set<string>();
  for (const t of specTraits) {
    if (typeof t === 'string') traits.add(t);
    else if (t.name === undefined) throw new Error(`${spec.name}: a trait without a name`);
    else traits.add(t.name);
  }
  const operands = spec.operands ?? [];
  const results = spec.results ?? [];
  const attrSizedOperands = traits.has(AttrSizedOperandSegments);
  const attrSizedResults = traits.has(AttrSizedResultSegments);
  return {
    operands,
    results,
    attributes: spec.attributes ?? [],
    regions: spec.regions ?? [],
    successors: spec.successors ?? [],
    traits,
    attrSizedOperands,
    attrSizedResults,
    fixedOperands: !attrSizedOperands && operands.every((d) => d.kind === 'single'),
    fixedResults: !attrSizedResults && results.every((d) => d.kind === 'single'),
  };
}

function addMember(handle: Record<string, unknown>, opName: string, key: string, value: unknown): void {
  if (RESERVED.has(key) || key in handle) throw new Error(`${opName}: the accessor '${key}' clashes with another member of its handle`);
  handle[key] = value;
}

function valueGroupAccessor(
  getInfo: () => OdsInfo,
  decls: readonly ValueDecl[],
  fixed: boolean,
  attrSized: boolean,
  index: number,
  what: 'operand' | 'result',
): (op: Operation) => Value | Value[] | undefined {
  const kind = decls[index].kind;
  // Without a sizes attribute, a group preceded only by single ones starts at
  // its own index whatever the variadic groups after it hold (scf.for's
  // bounds and step): no segment lookup for it.
  let singlesBefore = !attrSized;
  for (let i = 0; singlesBefore && i < index; i++) if (decls[i].kind !== 'single') singlesBefore = false;
  const direct = fixed || (singlesBefore && kind === 'single');
  // Segments are read by index: destructuring a frozen pair goes through the iterator protocol.
  if (what === 'operand') {
    if (direct) return (op) => op.operand(index);
    return (op) => {
      const seg = getInfo().operandSegments(op)[index];
      const s = seg[0];
      if (kind === 'single') return op.operand(s);
      const n = seg[1];
      if (kind === 'optional') return n ? op.operand(s) : undefined;
      const out = new Array<Value>(n);
      for (let i = 0; i < n; i++) out[i] = op.operand(s + i);
      return out;
    };
  }
  if (direct) return (op) => op.result(index);
  return (op) => {
    const seg = getInfo().resultSegments(op)[index];
    const s = seg[0];
    if (kind === 'single') return op.result(s);
    const n = seg[1];
    if (kind === 'optional') return n ? op.result(s) : undefined;
    return op.results.slice(s, s + n);
  };
}

function attributeAccessor(decl: AttrDecl): (op: Operation) => unknown {
  const name = decl.name;
  const decode = decl.constraint.decode as ((a: Attribute) => unknown) | undefined;
  if (decl.kind === 'unit') return (op) => op.getAttr(name) !== undefined;
  const fallback = decl.defaultValue;
  return (op) => {
    const a = op.getAttr(name) ?? fallback;
    if (a === undefined) return undefined;
    return decode ? decode(a) : a;
  };
}

function regionAccessor(decls: readonly RegionDecl[], index: number): (op: Operation) => Region | Region[] {
  if (!decls.some((r) => r.variadic)) return (op) => op.regions[index];
  // At most one variadic group: regions after it are counted from the end.
  const variadicAt = decls.findIndex((r) => r.variadic);
  if (index < variadicAt) return (op) => op.regions[index];
  if (index === variadicAt) {
    const after = decls.length - 1 - variadicAt;
    return (op) => op.regions.slice(variadicAt, op.regions.length - after);
  }
  const fromEnd = decls.length - index;
  return (op) => op.regions[op.regions.length - fromEnd];
}

function successorAccessor(decls: readonly SuccessorDecl[], index: number): (op: Operation) => Block | Block[] {
  if (!decls.some((s) => s.variadic)) return (op) => op.successorList[index].block;
  const variadicAt = decls.findIndex((s) => s.variadic);
  if (index < variadicAt) return (op) => op.successorList[index].block;
  if (index === variadicAt) {
    const after = decls.length - 1 - variadicAt;
    return (op) => op.successors.slice(variadicAt, op.numSuccessors - after);
  }
  const fromEnd = decls.length - index;
  return (op) => op.successorList[op.numSuccessors - fromEnd].block;
}

// ============================================================================
// Building

/**
 * The name `ctx` registers for the op `opName` when it registers this very
 * definition `def` of it (undefined when it registers none, or another one):
 * what a builder constructs the op with.
 */
export function registeredName(ctx: Context, opName: string, def: OpDefinition): OperationName | undefined {
  const name = ctx.lookupOp(opName);
  return name !== undefined && name.def === def ? name : undefined;
}

function buildOp(builder: Builder, info: OdsInfo, def: OpDefinition, args: Record<string, unknown>): Operation {
  const opName = registeredName(builder.ctx, info.name, def);
  if (!opName) throw new Error(`build: '${info.name}' is not registered in this context`);
  // Lists are made at their exact size (a pushed-to array reserves room for
  // 17), and only when needed: ops are built by the ten thousand in passes.
  const decls = info.operands;
  const nGroups = decls.length;
  let operands: readonly Value[];
  // The size of each operand group; only when a group is optional or variadic.
  let operandSizes: number[] | undefined;
  if (info.numVariadicOperands === 0) {
    const list = new Array<Value>(nGroups);
    for (let i = 0; i < nGroups; i++) {
      const v = args[decls[i].name];
      if (v === undefined) throw new Error(`${info.name}.build: missing operand '${decls[i].name}'`);
      list[i] = v as Value;
    }
    operands = list;
  } else if (nGroups === 1 && decls[0].kind === 'variadic') {
    // One variadic group: its list is the operand list (the op copies it into its own storage).
    const v = args[decls[0].name] as readonly Value[] | undefined;
    operands = v ?? EMPTY_VALUES;
    operandSizes = [operands.length];
  } else {
    operandSizes = new Array<number>(nGroups);
    let total = 0;
    for (let i = 0; i < nGroups; i++) {
      const d = decls[i];
      const v = args[d.name];
      let n: number;
      if (d.kind === 'single') {
        if (v === undefined) throw new Error(`${info.name}.build: missing operand '${d.name}'`);
        n = 1;
      } else if (d.kind === 'optional') n = v === undefined ? 0 : 1;
      else n = v === undefined ? 0 : (v as readonly Value[]).length;
      operandSizes[i] = n;
      total += n;
    }
    const list = new Array<Value>(total);
    let k = 0;
    for (let i = 0; i < nGroups; i++) {
      const d = decls[i];
      const v = args[d.name];
      if (d.kind === 'variadic') {
        if (v !== undefined) for (const x of v as readonly Value[]) list[k++] = x;
      } else if (v !== undefined) list[k++] = v as Value;
    }
    operands = list;
  }
  // Properties as the op's flat list, in the order the Map used to take them:
  // given attributes in declaration order, then the segment sizes.
  let props: (string | Attribute)[] | null = null;
  const attrDecls = info.attributes;
  for (let i = 0; i < attrDecls.length; i++) {
    const a = attrDecls[i];
    const v = args[a.name];
    if (v === undefined || v === false) {
      if (a.kind === 'required') throw new Error(`${info.name}.build: missing attribute '${a.name}'`);
      continue;
    }
    const encode = a.constraint.encode as ((x: unknown) => Attribute) | undefined;
    props = setFlatProperty(props, a.name, isAttribute(v) ? v : encode ? encode(v) : (v as Attribute));
  }
  if (info.attrSizedOperands) props = setFlatProperty(props, 'operandSegmentSizes', info.operandSegmentSizesAttr(operandSizes ?? new Array<number>(nGroups).fill(1)));
  const resultTypes = buildResultTypes(info, args, operands, operandSizes, props);
  if (resultTypes.sizes) props = setFlatProperty(props, 'resultSegmentSizes', resultTypes.sizes);
  // Most ops have no successors, regions or discardable attributes: nothing is allocated for them.
  const sdecls = info.successors;
  let successors: Block[] | undefined;
  if (sdecls.length) {
    let n = 0;
    for (let i = 0; i < sdecls.length; i++) {
      const s = sdecls[i];
      const v = args[s.name];
      if (s.variadic) n += v === undefined ? 0 : (v as readonly Block[]).length;
      else if (v === undefined) throw new Error(`${info.name}.build: missing successor '${s.name}'`);
      else n++;
    }
    successors = new Array<Block>(n);
    let k = 0;
    for (let i = 0; i < sdecls.length; i++) {
      const v = args[sdecls[i].name];
      if (!sdecls[i].variadic) successors[k++] = v as Block;
      else if (v !== undefined) for (const b of v as readonly Block[]) successors[k++] = b;
    }
  }
  const regions: Region[] | undefined = info.regions.length ? [] : undefined;
  for (const r of info.regions) {
    const v = args[r.name];
    if (r.variadic) {
      if (typeof v === 'number') for (let i = 0; i < v; i++) regions!.push(new Region());
      else if (v !== undefined) regions!.push(...(v as readonly Region[]));
    } else regions!.push(v instanceof Region ? v : new Region());
  }
  const discardable = args.discardable as Record<string, Attribute> | undefined;
  const attributes = discardable ? new Map<string, Attribute>(Object.entries(discardable)) : undefined;
  const location = (args.location as Location | undefined) ?? UnknownLoc.get();
  const op = new Operation(opName, location, -1, operands, resultTypes.types, props, null, attributes, successors, regions);
  const from = args.locationOf as Operation | readonly Operation[] | undefined;
  if (from instanceof Operation) from.copyLocationTo(op);
  else if (from !== undefined) Operation.fuseLocationsTo(from, op);
  return builder.insert(op);
}

const EMPTY_VALUES: readonly Value[] = Object.freeze([]);
const EMPTY_TYPES: readonly Type[] = Object.freeze([]);

function isAttribute(v: unknown): v is Attribute {
  return v instanceof AttributeBase;
}

/** A new op's result types, with the `resultSegmentSizes` attribute when the op has one. */
interface BuiltResultTypes {
  types: readonly Type[];
  sizes?: Attribute;
}

const NO_RESULTS: BuiltResultTypes = Object.freeze({ types: EMPTY_TYPES });

/** The result types of a new op: given, inferred (InferTypeOpInterface, type-matching traits) or buildable. */
function buildResultTypes(
  info: OdsInfo,
  args: Record<string, unknown>,
  operands: readonly Value[],
  operandSizes: readonly number[] | undefined,
  props: readonly (string | Attribute)[] | null,
): BuiltResultTypes {
  const rs = info.results;
  const n = rs.length;
  if (n === 0 && !info.attrSizedResults) return NO_RESULTS;
  // Single results only, without an interface: each given or inferred on its own
  // (a type given as a list takes the general path below).
  fast: if (info.numVariadicResults === 0 && !info.attrSizedResults && !info.spec.inferResultTypes) {
    const types = new Array<Type>(n);
    for (let i = 0; i < n; i++) {
      const g = args[rs[i].name];
      if (Array.isArray(g)) break fast;
      if (g !== undefined) types[i] = g as Type;
      else {
        const inferred = inferResultType(info, rs[i].name, operands, operandSizes);
        if (!inferred) throw new Error(`${info.name}.build: the type of result '${rs[i].name}' must be given`);
        types[i] = inferred;
      }
    }
    return { types };
  }
  const given = rs.map((r) => args[r.name] as Type | readonly Type[] | undefined);
  if (given.every((g, i) => g !== undefined || rs[i].kind !== 'single') || !n) {
    if (given.every((g) => g !== undefined) || !info.spec.inferResultTypes) {
      const out: Type[] = [];
      const sizes: number[] = [];
      rs.forEach((r, i) => {
        const g = given[i];
        const list = g === undefined ? [] : Array.isArray(g) ? (g as readonly Type[]) : [g as Type];
        out.push(...list);
        sizes.push(list.length);
      });
      return { types: out, sizes: info.attrSizedResults ? DenseArrayAttr.get(IntegerType.get(32), sizes.map(BigInt)) : undefined };
    }
  }
  if (info.spec.inferResultTypes) {
    const map = new Map<string, Attribute>();
    if (props) for (let i = 0; i < props.length; i += 2) map.set(props[i] as string, props[i + 1] as Attribute);
    return { types: info.spec.inferResultTypes(operands.map((v) => v.type), map) };
  }
  return {
    types: rs.map((r, i) => {
      const g = given[i];
      if (g !== undefined) return g as Type;
      const inferred = inferResultType(info, r.name, operands, operandSizes);
      if (inferred) return inferred;
      throw new Error(`${info.name}.build: the type of result '${r.name}' must be given`);
    }),
  };
}

function inferResultType(info: OdsInfo, resultName: string, operands: readonly Value[], operandSizes: readonly number[] | undefined): Type | undefined {
  const typeOfOperand = (name: string): Type | undefined => {
    const i = info.operandIndex(name);
    if (i < 0) return undefined;
    // Without sizes every group is one operand.
    if (!operandSizes) return operands[i].type;
    if (!operandSizes[i]) return undefined;
    let start = 0;
    for (let k = 0; k < i; k++) start += operandSizes[k];
    return operands[start].type;
  };
  for (const t of info.traits) {
    const inf = t.infer;
    if (!inf) continue;
    if (inf.kind === 'with') {
      if (inf.to !== resultName) continue;
      const from = typeOfOperand(inf.from);
      if (from) return inf.transform(from);
    } else if (inf.names === 'operands+results') {
      if (operands.length) return operands[0].type;
    } else if (inf.names !== 'operands' && inf.names.includes(resultName)) {
      for (const n of inf.names) {
        const t2 = typeOfOperand(n);
        if (t2) return t2;
      }
    }
  }
  return info.results.find((r) => r.name === resultName)?.type.buildable;
}

// ============================================================================
// Implementations

type MutableDefinition = { -readonly [K in keyof OpDefinition]: OpDefinition[K] };

/** The op-specific code behind a definition, and which hooks were given (each may be given once). */
interface Slots {
  verify?: OpHooks['verify'];
  localVerifier?: boolean;
  localRegionVerifier?: boolean;
  verifyRegions?: OpHooks['verifyRegions'];
  /** The op's OdsInfo (made on first use). */
  readonly info: () => OdsInfo;
  readonly spec: OpDeclaration;
  readonly given: Set<string>;
  /** Set once the declaration's own hooks are applied: from then on only implementOp adds hooks. */
  declared: boolean;
}

const SLOTS = new WeakMap<OpDefinition, Slots>();

/**
 * Attaches behaviour to a declared op: custom syntax, verifiers, interfaces,
 * folder, canonicalization patterns, parent and implicit-terminator ops.
 * Each hook may be given once (in the declaration or here); giving it again
 * throws, as does custom syntax for an op with an assembly format.
 */
export function implementOp<N extends string>(handle: OpHandleCore<N>, hooks: OpHooks<Op<N>>): void {
  applyHooks(handle.definition as MutableDefinition, hooks as OpHooks);
}

function applyHooks(def: MutableDefinition, hooks: OpHooks): void {
  const slots = SLOTS.get(def)!;
  const spec = slots.spec;
  const name = spec.name;
  const claim = (key: string): void => {
    if (slots.given.has(key)) throw new Error(`${name}: '${key}' is given twice`);
    slots.given.add(key);
  };
  if ((hooks.parse || hooks.parseResumable || hooks.print) && slots.declared && spec.assemblyFormat !== undefined)
    throw new Error(`${name}: custom syntax for an op with an assembly format`);
  if (hooks.parse) {
    claim('parse');
    def.parse = hooks.parse;
  }
  const resumable = hooks.parseResumable;
  if (resumable) {
    claim('parse');
    def.parseResumable = resumable;
    def.parse = (p, state) => runResumableParse(resumable, p, state);
  }
  if (hooks.print) {
    claim('print');
    def.print = hooks.print;
  }
  if (hooks.verify) {
    claim('verify');
    slots.verify = hooks.verify;
  }
  if (hooks.localVerifier) {
    claim('localVerifier');
    slots.localVerifier = true;
  }
  if (hooks.localRegionVerifier) {
    claim('localRegionVerifier');
    slots.localRegionVerifier = true;
  }
  if (hooks.verifyRegions) {
    claim('verifyRegions');
    slots.verifyRegions = hooks.verifyRegions;
    def.verifyRegions = hooks.verifyRegions;
  }
  // Either key may come first (declaration, then implementOp).
  if ((hooks.verifyRegions || hooks.localRegionVerifier) && slots.localRegionVerifier && slots.verifyRegions !== undefined)
    def.verifyRegions = rememberedRegionVerifier(slots.verifyRegions);
  if (hooks.getAsmResultNames) {
    claim('getAsmResultNames');
    def.getAsmResultNames = hooks.getAsmResultNames;
  }
  if (hooks.getAsmBlockArgumentNames) {
    claim('getAsmBlockArgumentNames');
    def.getAsmBlockArgumentNames = hooks.getAsmBlockArgumentNames;
  }
  if (hooks.getAsmBlockNames) {
    claim('getAsmBlockNames');
    def.getAsmBlockNames = hooks.getAsmBlockNames;
  }
  if (hooks.defaultDialect !== undefined) {
    claim('defaultDialect');
    def.defaultDialect = hooks.defaultDialect;
  }
  if (hooks.interfaces) {
    for (const k of Object.keys(hooks.interfaces)) claim(`interfaces.${k}`);
    def.interfaces = { ...(def.interfaces ?? {}), ...hooks.interfaces };
  }
  if (hooks.fold) {
    claim('fold');
    def.fold = hooks.fold;
  }
  if (hooks.canonicalizationPatterns) {
    claim('canonicalizationPatterns');
    const patterns = hooks.canonicalizationPatterns;
    def.getCanonicalizationPatterns = () => patterns;
  }
  if (hooks.parentOps) {
    claim('parentOps');
    def.parentOps = hooks.parentOps.map((h) => h.opName);
  }
  if (hooks.properties) {
    claim('properties');
    const h = hooks.properties;
    if (h.init) def.initProperties = h.init;
    if (h.fromAttr) def.propertiesFromAttr = h.fromAttr;
    if (h.convert) def.convertProperty = h.convert;
    if (h.verifyInherentAttrs) def.verifyInherentAttrs = h.verifyInherentAttrs;
  }
  if (hooks.implicitTerminator) {
    claim('implicitTerminator');
    def.implicitTerminator = hooks.implicitTerminator.opName;
    (def.traits as Set<string>).add(Traits.SingleBlock);
  }
}

/** Builds the OpDefinition of a declaration: ODS verification, default properties, result names, the assembly format. */
function makeDefinition(spec: OpDeclaration, shape: DeclShape, getInfo: () => OdsInfo): OpDefinition {
  const traits = shape.traits;
  // The segment-size properties, each with its number of groups.
  const segments: [string, number][] = [];
  if (shape.attrSizedOperands) segments.push(['operandSegmentSizes', shape.operands.length]);
  if (shape.attrSizedResults) segments.push(['resultSegmentSizes', shape.results.length]);
  const inherent = [...shape.attributes.map((a) => a.name), ...segments.map(([name]) => name)];
  if (spec.extraInherentAttrs) inherent.push(...spec.extraInherentAttrs);
  const slots: Slots = { info: getInfo, spec, given: new Set(), declared: false };
  const defaults = shape.attributes.filter((a) => a.defaultValue !== undefined && a.materializeDefault !== false);
  // Compiled on the first op verified (a run verifies few of the op kinds).
  let odsCheck: ((op: Operation) => boolean) | undefined;
  // Made on the first op verified, when every check of the kind reads only the op (null: not).
  let passed: PassedSignatures | null | undefined;
  let passedFor: OpHooks['verify'];
  // Every member is present (undefined when not given), in one order: all
  // definitions then share one hidden class, made without a transition per hook.
  const def: MutableDefinition = {
    name: spec.name,
    traits,
    inherentAttrNames: new Set(inherent),
    implicitTerminator: undefined,
    parentOps: undefined,
    verifyRegions: undefined,
    parse: undefined,
    parseResumable: undefined,
    print: undefined,
    formatPrinter: undefined,
    getAsmResultNames: undefined,
    getAsmBlockArgumentNames: undefined,
    getAsmBlockNames: undefined,
    defaultDialect: undefined,
    interfaces: undefined,
    fold: undefined,
    getCanonicalizationPatterns: undefined,
    propertiesFromAttr: undefined,
    segmentSizeProperties: segments.length ? new Map(segments) : undefined,
    verify(op, ctx) {
      // Set again if a hook was added since (implementOp after a first verify).
      if (passed === undefined || passedFor !== slots.verify) {
        passedFor = slots.verify;
        const regions = slots.localRegionVerifier === true;
        passed = slots.verify === undefined || slots.localVerifier === true || regions ? new PassedSignatures(regions) : null;
      }
      if (passed !== null && passed.has(op)) return true;
      if (!(odsCheck ??= compileOdsCheck(getInfo()))(op) && !verifyOds(op, ctx, getInfo())) return false;
      if (slots.verify !== undefined && !slots.verify(op, ctx)) return false;
      if (passed !== null) passed.add(op);
      return true;
    },
    initProperties: defaults.length
      ? (props: Map<string, Attribute>) => {
          for (const a of defaults) if (!props.has(a.name)) props.set(a.name, a.defaultValue!);
        }
      : undefined,
    convertProperty(name: string, value: Attribute): boolean {
      const a = getInfo().attr(name);
      if (!a) return true;
      return (a.constraint.convertible ?? a.constraint.check)(value);
    },
    verifyInherentAttrs(attrs: ReadonlyMap<string, Attribute>) {
      return verifyInherentAttrs(getInfo(), attrs);
    },
  };
  SLOTS.set(def, slots);
  // The declaration is its own hooks (applyHooks reads only the hook members).
  applyHooks(def, spec);
  const assemblyFormat = spec.assemblyFormat;
  slots.declared = true;
  if (assemblyFormat !== undefined && (!def.parse || !def.print)) {
    // Compiled on first use: a run parses or prints few of the op kinds, and
    // compiling every format when the dialects load cost ~10 ms of start-up.
    let compiled: CompiledFormat | undefined;
    const format = (): CompiledFormat => (compiled ??= compileFormat(getInfo(), assemblyFormat));
    if (!def.parse) {
      def.parse = (p, state) => format().parse(p, state);
      // Only ops with regions: a generator per op costs about 2x a plain call.
      if (shape.regions.length) def.parseResumable = (p, state) => format().parseResumable(p, state);
    }
    if (!def.print)
      def.print = (p, op) => {
        const f = format();
        // The printer calls the compiled format directly from now on.
        def.formatPrinter = f.printer;
        f.print(p, op);
      };
  }
  if (!def.getAsmResultNames && shape.results.length > 1 && shape.results.some((r) => r.name)) {
    def.getAsmResultNames = (op, setName) => {
      const info = getInfo();
      const segs = info.resultSegments(op);
      info.results.forEach((r, i) => {
        const [s, n] = segs[i];
        if (r.name && n > 0) setName(op.result(s), r.name);
      });
    };
  }
  return def;
}

// ---- the assembly format compiler, installed by format.ts (which imports this file)

export interface CompiledFormat {
  parse: NonNullable<OpDefinition['parse']>;
  parseResumable: ResumableParse;
  print: NonNullable<OpDefinition['print']>;
  printer: FormatPrinter;
}
let formatCompiler: ((info: OdsInfo, format: string) => CompiledFormat) | undefined;

/** Called once by format.ts. */
export function setFormatCompiler(compile: (info: OdsInfo, format: string) => CompiledFormat): void {
  formatCompiler = compile;
}

function compileFormat(info: OdsInfo, format: string): CompiledFormat {
  if (!formatCompiler) throw new Error('assembly formats need src/ods/format.ts to be loaded (import src/ods/index.ts)');
  return formatCompiler(info, format);
}

/** The values of a named operand group of a declared op (what its handle's accessor returns, for generic code). */
export function getOperandGroup(op: Operation, name: string): Value[] {
  const info = getOdsInfo(op);
  if (!info) throw new Error(`getOperandGroup: '${op.name.name}' is not a declared op`);
  return info.operandGroup(op, name);
}

/** The values of a named result group of a declared op. */
export function getResultGroup(op: Operation, name: string): Value[] {
  const info = getOdsInfo(op);
  if (!info) throw new Error(`getResultGroup: '${op.name.name}' is not a declared op`);
  return info.resultGroup(op, name);
}
