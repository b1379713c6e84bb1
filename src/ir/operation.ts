// The generic IR: values with use-lists, operations, blocks and regions. Every
// operation has the same shape; dialects give meaning to names through the
// OpDefinition registered in the context.
//
// Each IR object is an object literal with its class's prototype, not the
// receiver `new` allocates: V8 (Node 20) decides per allocation site whether
// to allocate straight into the old generation, and only literals have sites.
// The IR a parse or a conversion builds lives, so its sites are pretenured
// and the scavenger no longer copies every op, value and use twice (young,
// then old). Operation, Block and Region constructors return their literal
// (with `new.target`'s prototype, so subclasses still work); values and uses
// are made by the `new*` functions next to their classes. See
// docs/PERFORMANCE.md, "Round 14".

import type { Attribute, Type } from './attributes.js';
import { type Location, UnknownLoc, fuseLocations } from './location.js';
import type { Context, OperationName } from './context.js';

/** An SSA value: an operation result or a block argument. */
export abstract class Value {
  /** The head of the intrusive, doubly linked list of uses. */
  firstUse: OpOperand | null = null;
  /**
   * Scratch owned by one walk at a time (see `newMarkEpoch`): region DCE
   * stamps live values with its epoch (> 0, below PRINT_SLOT_BASE), CSE
   * numbers values with ids < 0 and resets them to 0 when done, the printer
   * keeps `printSlot` here (>= PRINT_SLOT_BASE). One field for the three (8
   * bytes per value less): their ranges are disjoint, so none takes another's
   * leftover for its own, and none runs inside another (a print does not run
   * CSE or region DCE, which print nothing). A walk using it must not call
   * another.
   */
  mark = 0;
  constructor(public type: Type) {}

  /**
   * Printer scratch: the value's row in the name table of the print that
   * named it last, -1 when none (src/syntax/printer.ts checks the row holds
   * this value, so a row lost to another walk only costs a lookup), so naming
   * needs no map keyed by value. Stored in `mark`.
   */
  get printSlot(): number {
    const m = this.mark;
    return m >= PRINT_SLOT_BASE ? m - PRINT_SLOT_BASE : -1;
  }
  set printSlot(row: number) {
    this.mark = row < 0 ? 0 : PRINT_SLOT_BASE + row;
  }

  abstract get definingOp(): Operation | null;
  /** The block in which the value is defined. */
  abstract get parentBlock(): Block | null;

  get hasUses(): boolean {
    return this.firstUse !== null;
  }
  get hasOneUse(): boolean {
    return this.firstUse !== null && this.firstUse.nextUse === null;
  }
  *uses(): IterableIterator<OpOperand> {
    for (let u = this.firstUse; u; ) {
      const next = u.nextUse;
      yield u;
      u = next;
    }
  }
  /** The operations that use this value (with repetition for multiple uses). */
  users(): Operation[] {
    const out: Operation[] = [];
    for (let u = this.firstUse; u; u = u.nextUse) out.push(u.owner);
    return out;
  }
  replaceAllUsesWith(other: Value): void {
    if (other === this) return;
    while (this.firstUse) this.firstUse.set(other);
  }
  /** Replaces the uses for which `pred` holds. */
  replaceUsesWithIf(other: Value, pred: (use: OpOperand) => boolean): void {
    for (let u = this.firstUse; u; ) {
      const next = u.nextUse;
      if (pred(u)) u.set(other);
      u = next;
    }
  }
}

export class OpResult extends Value {
  declare readonly owner: Operation;
  declare readonly index: number;
  /** @internal Use `newOpResult`. */
  private constructor(type: Type) {
    super(type);
  }
  get definingOp(): Operation {
    return this.owner;
  }
  get parentBlock(): Block | null {
    return this.owner.parentBlock;
  }
}

const OP_RESULT_PROTO = OpResult.prototype;
function newOpResult(type: Type, owner: Operation, index: number): OpResult {
  return { __proto__: OP_RESULT_PROTO, firstUse: null, mark: 0, type, owner, index } as unknown as OpResult;
}

export class BlockArgument extends Value {
  // A parsed argument's location is made on first use (most never are), as
  // an op's: `locOffset` >= 0: `loc` is the LocationSource to ask; -1: `loc`
  // is the location.
  declare private loc: Location | LocationSource;
  declare private locOffset: number;
  declare readonly owner: Block;
  declare index: number;
  /** @internal Use `newBlockArgument`. */
  private constructor(type: Type) {
    super(type);
  }
  get location(): Location {
    if (this.locOffset >= 0) {
      this.loc = (this.loc as LocationSource).location(this.locOffset);
      this.locOffset = -1;
    }
    return this.loc as Location;
  }
  set location(l: Location) {
    this.loc = l;
    this.locOffset = -1;
  }
  /** Whether the location is still to be made from where the op was parsed (a file location, so never unknown): asked without making it. */
  get hasParsedLocation(): boolean {
    return this.locOffset >= 0;
  }
  get definingOp(): null {
    return null;
  }
  get parentBlock(): Block {
    return this.owner;
  }
}

const BLOCK_ARGUMENT_PROTO = BlockArgument.prototype;
/**
 * @internal For the parser and `Block` (others add arguments with `Block.addArgument`): `location` is the
 * location, or with `locationOffset` >= 0 where to compute it from on first use.
 */
export function newBlockArgument(type: Type, owner: Block, index: number, location: Location | LocationSource, locationOffset = -1): BlockArgument {
  return { __proto__: BLOCK_ARGUMENT_PROTO, firstUse: null, mark: 0, type, loc: location, locOffset: locationOffset, owner, index } as unknown as BlockArgument;
}

/** One use of a value as an operand. */
export class OpOperand {
  declare nextUse: OpOperand | null;
  declare prevUse: OpOperand | null;
  /**
   * @internal In a short operand list (linked from the owner, no array): the
   * owner's next operand, null for the last; in a long one (an array): the
   * operand's number.
   */
  declare sibling: OpOperand | number | null;
  declare value: Value;
  declare readonly owner: Operation;
  /** @internal Use `newOpOperand`. */
  private constructor() {}
  /** The operand number in the owner's list (counted along a short list). */
  get index(): number {
    const s = this.sibling;
    return typeof s === 'number' ? s : this.owner.operandNumber(this);
  }
  /** @internal */
  link(): void {
    const v = this.value;
    this.nextUse = v.firstUse;
    if (v.firstUse) v.firstUse.prevUse = this;
    v.firstUse = this;
    this.prevUse = null;
  }
  unlink(): void {
    if (this.prevUse) this.prevUse.nextUse = this.nextUse;
    else if (this.value.firstUse === this) this.value.firstUse = this.nextUse;
    if (this.nextUse) this.nextUse.prevUse = this.prevUse;
    this.nextUse = this.prevUse = null;
  }
  /** Makes this a use of `value`, at the front of its use list even when it already uses it (as MLIR's IROperand::set). */
  set(value: Value): void {
    this.unlink();
    this.value = value;
    this.link();
  }
}

const OP_OPERAND_PROTO = OpOperand.prototype;
function newOpOperand(value: Value, owner: Operation, sibling: OpOperand | number | null): OpOperand {
  const u = { __proto__: OP_OPERAND_PROTO, nextUse: null, prevUse: null, sibling, value, owner } as unknown as OpOperand;
  u.link();
  return u;
}

/** One use of a block as a successor of a terminator. */
export class BlockOperand {
  declare nextUse: BlockOperand | null;
  declare prevUse: BlockOperand | null;
  // No index field (8 bytes per successor use; branches are made by the ten
  // thousand and live): the position is found in the owner's short list.
  declare block: Block;
  declare readonly owner: Operation;
  /** @internal Use `newBlockOperand`. */
  private constructor() {}
  /** The successor number in the owner's list. */
  get index(): number {
    return this.owner.successorList.indexOf(this);
  }
  /** @internal */
  link(): void {
    const b = this.block;
    this.nextUse = b.firstUse;
    if (b.firstUse) b.firstUse.prevUse = this;
    b.firstUse = this;
    this.prevUse = null;
  }
  unlink(): void {
    if (this.prevUse) this.prevUse.nextUse = this.nextUse;
    else if (this.block.firstUse === this) this.block.firstUse = this.nextUse;
    if (this.nextUse) this.nextUse.prevUse = this.prevUse;
    this.nextUse = this.prevUse = null;
  }
  /** Makes this a use of `block`, at the front of its use list even when it already uses it (as MLIR's IROperand::set). */
  set(block: Block): void {
    this.unlink();
    this.block = block;
    this.link();
  }
}

const BLOCK_OPERAND_PROTO = BlockOperand.prototype;
function newBlockOperand(block: Block, owner: Operation): BlockOperand {
  const u = { __proto__: BLOCK_OPERAND_PROTO, nextUse: null, prevUse: null, block, owner } as unknown as BlockOperand;
  u.link();
  return u;
}

/**
 * Where the printer's rows start in `Value.mark` (see there). 2^29: epochs
 * and rows stay small integers (Smis) even where V8 has 31-bit Smis (browsers).
 */
const PRINT_SLOT_BASE = 1 << 29;
let markEpoch = 0;
/**
 * A stamp no `mark` holds yet, for a walk that marks ops or values as "seen
 * in this walk" without clearing them first (mark === epoch). Epochs only
 * grow, one per walk, so they stay small integers; they skip the printer's
 * range (after 2^29 walks).
 */
export function newMarkEpoch(): number {
  if (++markEpoch === PRINT_SLOT_BASE) markEpoch = 2 * PRINT_SLOT_BASE;
  return markEpoch;
}

declare const OP_BRAND: unique symbol;
/** An operation known to be an instance of the op named `N` (what a declared op's `isa` narrows to). */
export type Op<N extends string> = Operation & { readonly [OP_BRAND]: N };

/** A kind of op: its name and a test for its instances (a declared op's handle is one). */
export interface OpKind<N extends string = string> {
  readonly opName: N;
  isa(op: Operation | null | undefined): op is Op<N>;
}

export type WalkOrder = 'pre' | 'post';
/** Returned by a walk callback: 'skip' skips the op's regions (pre-order only), 'interrupt' stops the walk. */
export type WalkResult = void | 'advance' | 'skip' | 'interrupt';

/** What can compute a source location from a byte offset (a parsed buffer). */
export interface LocationSource {
  /** The location of a position in the source: never unknown (`Operation.hasParsedLocation` relies on it). */
  location(offset: number): Location;
}

/** The fusion of several positions of one source, made when first asked (`Operation.fuseLocationsTo`). */
class PendingFusedLocation implements LocationSource {
  constructor(
    private readonly source: LocationSource,
    private readonly offsets: readonly number[],
  ) {}
  location(): Location {
    return fuseLocations(this.offsets.map((o) => this.source.location(o)));
  }
}

export interface OperationInit {
  name: OperationName;
  /** The op's location; or, when absent, `locationSource.location(locationOffset)`, computed on first use. */
  location?: Location;
  locationSource?: LocationSource;
  locationOffset?: number;
  operands?: readonly Value[];
  resultTypes?: readonly Type[];
  /** Inherent attributes (MLIR's properties) of registered ops. */
  properties?: Map<string, Attribute>;
  /**
   * The same as a flat [name, value, name, value, ...] list at its exact
   * size, taken over (the parser builds it so; no Map per parsed op). Used
   * instead of `properties` when given.
   */
  propertyList?: (string | Attribute)[];
  /** The `<...>` properties of an unregistered op, kept as one attribute. */
  opaqueProperties?: Attribute | null;
  attributes?: Map<string, Attribute>;
  successors?: readonly Block[];
  /** The number of regions to create (empty), or regions to take ownership of. */
  regions?: number | Region[];
}

/** What the read-only views return for an op without attributes (never mutated). */
const EMPTY_ATTRIBUTES: ReadonlyMap<string, Attribute> = new Map();

/**
 * Sets `name` in a flat [name, value, ...] property list: in place when
 * present, else in a new list one entry longer (lists stay at their exact
 * size: one grown by push reserves spare room its op would keep).
 */
export function setFlatProperty(list: (string | Attribute)[] | null | undefined, name: string, value: Attribute): (string | Attribute)[] {
  if (list === null || list === undefined) return [name, value];
  for (let i = 0; i < list.length; i += 2)
    if (list[i] === name) {
      list[i + 1] = value;
      return list;
    }
  const out = new Array<string | Attribute>(list.length + 2);
  for (let i = 0; i < list.length; i++) out[i] = list[i];
  out[list.length] = name;
  out[list.length + 1] = value;
  return out;
}

/** What keeps properties as a flat list: an op, or an OperationState while its op is parsed. */
export interface FlatPropertyOwner {
  readonly numProperties: number;
  propertyName(i: number): string;
  propertyValue(i: number): Attribute;
  getProperty(name: string): Attribute | undefined;
  setProperty(name: string, value: Attribute): void;
  removeProperty(name: string): boolean;
}

/**
 * The `Map` view of flat properties (`op.properties`, `op.propertiesView`,
 * an OperationState's `properties`): reads and writes go to the owner's list,
 * with a Map's semantics (insertion order, `set` of a present name keeps its
 * place). Iterators walk a snapshot, so the owner may change while iterating.
 */
export class PropertyMap implements Map<string, Attribute> {
  constructor(private readonly op: FlatPropertyOwner) {}
  get size(): number {
    return this.op.numProperties;
  }
  get(name: string): Attribute | undefined {
    return this.op.getProperty(name);
  }
  has(name: string): boolean {
    return this.op.getProperty(name) !== undefined;
  }
  set(name: string, value: Attribute): this {
    this.op.setProperty(name, value);
    return this;
  }
  delete(name: string): boolean {
    return this.op.removeProperty(name);
  }
  clear(): void {
    while (this.op.numProperties) this.op.removeProperty(this.op.propertyName(0));
  }
  private snapshot(): [string, Attribute][] {
    const op = this.op;
    const n = op.numProperties;
    const out = new Array<[string, Attribute]>(n);
    for (let i = 0; i < n; i++) out[i] = [op.propertyName(i), op.propertyValue(i)];
    return out;
  }
  entries(): MapIterator<[string, Attribute]> {
    return this.snapshot()[Symbol.iterator]();
  }
  keys(): MapIterator<string> {
    return this.snapshot().map((e) => e[0])[Symbol.iterator]();
  }
  values(): MapIterator<Attribute> {
    return this.snapshot().map((e) => e[1])[Symbol.iterator]();
  }
  [Symbol.iterator](): MapIterator<[string, Attribute]> {
    return this.entries();
  }
  forEach(callback: (value: Attribute, key: string, map: Map<string, Attribute>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.snapshot()) callback.call(thisArg, v, k, this);
  }
  get [Symbol.toStringTag](): string {
    return 'Map';
  }
}
/** Shared by all ops for their empty lists: they are never mutated in place (frozen to make sure). */
const EMPTY_LIST: never[] = Object.freeze([]) as unknown as never[];

export class Operation {
  declare name: OperationName;
  // A parsed op's location is made on first use (most never are): until then
  // the op keeps where it was parsed.
  // `locOffset` >= 0: `loc` is the LocationSource to ask; -1: `loc` is the location.
  declare private loc: Location | LocationSource | null;
  declare private locOffset: number;
  // Lists are allocated at their exact size: arrays grown by push reserve
  // room for 17 elements, which for millions of ops is most of the heap.
  // The operands: null when none; up to SHORT_OPERANDS as the first of a
  // list linked through `OpOperand.sibling` (most ops: no array, 48 bytes and
  // more less); an array beyond. Replaced, never mutated in place, when the
  // operands change.
  declare private opnds: OpOperand | OpOperand[] | null;
  // The results: the one result itself when there is one (most ops; no
  // array, 56 bytes less), else a list (shared when empty). `results` makes
  // an array for a one-result op on each call: hot paths use
  // `numResults`/`result(i)`.
  declare private res: OpResult | OpResult[];
  // Properties as a flat [name, value, name, value, ...] list in insertion
  // order, allocated at its exact size; null when there are none (a Map per op
  // cost ~200 bytes). A one-property list is shared by every op with that
  // name and value (`singleProperty`): never changed in place. Discardable
  // attributes are rare: their map is created on first use.
  declare private props: (string | Attribute)[] | null;
  // What few ops have (discardable attributes, successors, opaque
  // properties) lives in a side object, null for most ops. An op whose only
  // rare part is its successors (every branch) keeps their list here itself:
  // no side object (48 bytes per branch; conversions make them by the ten
  // thousand, and they live).
  declare private rare: RareParts | BlockOperand[] | null;
  declare readonly regions: Region[];
  declare parentBlock: Block | null;
  declare prev: Operation | null;
  declare next: Operation | null;
  // The greedy rewrite driver's scratch (src/transforms/greedy.ts): > 0 a
  // worklist position, trusted only when that list holds the op there (so no
  // owner field); < 0 a clean mark. One number instead of an owner and an
  // index (8 bytes per op of every module); other drivers keep side tables.
  declare worklistSlot: number;
  /**
   * Scratch owned by one walk at a time, like `Value.mark`: region DCE's
   * epochs (> 0: live when equal to its epoch) and the verifier's marks
   * (`verifyMark`, kept negated: the negative range is the verifier's; other
   * walks stamp positive numbers). One field for both (8 bytes per op less):
   * their ranges are disjoint, and neither runs inside the other (region DCE
   * verifies nothing; the verifier runs no pass).
   */
  declare mark: number;

  /**
   * An op from its parts, positionally (the parser and the builders: no init
   * object per op). `location` is the location, or with `locationOffset` >= 0
   * the source to compute it from on first use. Lists are read, not kept,
   * except `propertyList` (taken over: the flat [name, value, ...] list at its
   * exact size) and `regions` given as a list (taken over).
   */
  constructor(
    name: OperationName,
    location: Location | LocationSource,
    locationOffset: number,
    operands: readonly Value[] | null | undefined,
    resultTypes: readonly Type[] | null | undefined,
    propertyList: (string | Attribute)[] | null | undefined,
    opaqueProperties: Attribute | null | undefined,
    attributes: Map<string, Attribute> | null | undefined,
    successors: readonly Block[] | null | undefined,
    regions: number | Region[] | null | undefined,
  );
  constructor(init: OperationInit);
  constructor(
    nameOrInit: OperationName | OperationInit,
    location?: Location | LocationSource,
    locationOffset = -1,
    operands?: readonly Value[] | null,
    resultTypes?: readonly Type[] | null,
    propertyList?: (string | Attribute)[] | null,
    opaqueProperties?: Attribute | null,
    attributes?: Map<string, Attribute> | null,
    successors?: readonly Block[] | null,
    regions?: number | Region[] | null,
  ) {
    let name: OperationName;
    // An OperationInit's `name` is an OperationName; an OperationName's is a string.
    if (typeof nameOrInit.name !== 'string') {
      const init = nameOrInit as OperationInit;
      name = init.name;
      if (init.location !== undefined || init.locationSource === undefined) {
        location = init.location as Location;
        locationOffset = -1;
      } else {
        location = init.locationSource;
        locationOffset = init.locationOffset ?? 0;
      }
      operands = init.operands;
      resultTypes = init.resultTypes;
      propertyList = init.propertyList ?? (init.properties && init.properties.size ? propList(init.properties) : null);
      opaqueProperties = init.opaqueProperties;
      attributes = init.attributes;
      successors = init.successors;
      regions = init.regions;
    } else name = nameOrInit as OperationName;
    // A literal, not `this` (see the top of the file); `new` returns it.
    const op = {
      __proto__: new.target.prototype, name, loc: location, locOffset: locationOffset, opnds: null, res: EMPTY_LIST, props: null,
      rare: null, regions: EMPTY_LIST, parentBlock: null, prev: null, next: null, worklistSlot: 0, mark: 0,
    } as unknown as Operation & { regions: Region[] };
    op.opnds = operands ? makeOperands(op, operands) : null;
    const nResults = resultTypes ? resultTypes.length : 0;
    if (nResults === 1) op.res = newOpResult(resultTypes![0], op, 0);
    else if (nResults === 0) op.res = EMPTY_LIST;
    else op.res = manyResults(op, resultTypes!, nResults);
    // A one-property list is swapped for the shared one (see SINGLE_PROPERTIES).
    const np = propertyList ? propertyList.length : 0;
    op.props = np === 0 ? null : np === 2 ? singleProperty(propertyList![0] as string, propertyList![1] as Attribute) : propertyList!;
    const initProperties = name.def?.initProperties;
    if (initProperties) initProperties(op.properties);
    const opaque = opaqueProperties ?? null;
    // The attribute map given is taken over (callers do not keep it); empty ones are dropped.
    const attrs = attributes && attributes.size ? attributes : null;
    const nSucc = successors ? successors.length : 0;
    op.rare = opaque !== null || attrs !== null ? rareParts(op, opaque, attrs, successors, nSucc) : nSucc !== 0 ? successorUses(op, successors!, nSucc) : null;
    if (regions === null || regions === undefined || typeof regions === 'number') {
      const n = regions ?? 0;
      // Packed, as the parser's lists (filled `new Array(n)` is holey): one
      // array map for every op's regions, so code optimized on parsed IR is
      // not deoptimized (wrong map) by the first op a rewrite builds.
      op.regions = n === 0 ? EMPTY_LIST : n === 1 ? [new Region(op)] : n === 2 ? [new Region(op), new Region(op)] : packedRegions(op, n);
    } else op.regions = adoptRegions(op, regions);
    return op;
  }

  get location(): Location {
    if (this.locOffset >= 0) {
      this.loc = (this.loc as LocationSource).location(this.locOffset);
      this.locOffset = -1;
    }
    return this.loc as Location;
  }
  set location(l: Location) {
    this.loc = l;
    this.locOffset = -1;
  }
  /** Whether the location is still to be made from where the op was parsed (a file location, so never unknown): asked without making it. */
  get hasParsedLocation(): boolean {
    return this.locOffset >= 0;
  }
  /**
   * Gives `to` this op's location. A parsed op's is not made: `to` keeps the
   * same source and offset until asked (ops a rewrite creates in a parsed
   * op's place, whose locations are rarely read, cost no location object).
   */
  copyLocationTo(to: Operation): void {
    to.loc = this.loc;
    to.locOffset = this.locOffset;
  }
  /**
   * Gives `to` the fusion of `ops`' locations (`fuseLocations`), as MLIR's
   * declarative rewrite patterns locate the ops they create. While each of
   * `ops` still has a parsed op's pending location in one source, the fusion
   * is pending too: no location is made until one is read.
   */
  static fuseLocationsTo(ops: readonly Operation[], to: Operation): void {
    let source: Location | LocationSource | null = null;
    const offsets: number[] = [];
    for (const op of ops) {
      // Unknown parts fuse to nothing (constants the folder keeps are unknown).
      if (op.locOffset < 0 && op.loc instanceof UnknownLoc) continue;
      source ??= op.loc;
      if (op.locOffset < 0 || op.loc !== source) {
        to.location = fuseLocations(ops.map((o) => o.location));
        return;
      }
      if (!offsets.includes(op.locOffset)) offsets.push(op.locOffset);
    }
    if (source === null) to.location = UnknownLoc.get();
    else {
      to.loc = offsets.length === 1 ? source : new PendingFusedLocation(source as LocationSource, offsets);
      to.locOffset = offsets.length === 1 ? offsets[0] : 0;
    }
  }
  /** Appends an argument to `block` at this op's location (not made until asked, as copyLocationTo). */
  addBlockArgumentAt(block: Block, type: Type): BlockArgument {
    return block.addArgument(type, this.loc!, this.locOffset);
  }

  /** The verifier's scratch: open/visited in one of its walks (src/ir/verifier.ts; its marks are >= 0), kept in `mark` negated. */
  get verifyMark(): number {
    return 0 - this.mark;
  }
  set verifyMark(m: number) {
    this.mark = 0 - m;
  }

  /** Inherent attributes (MLIR's properties) of a registered op, as a live Map view. */
  get properties(): Map<string, Attribute> {
    return new PropertyMap(this);
  }
  /** Replaces the properties with the entries of `m` (copied). */
  set properties(m: ReadonlyMap<string, Attribute>) {
    this.props = m.size ? propList(m) : null;
  }
  /** The number of properties. */
  get numProperties(): number {
    const p = this.props;
    return p === null ? 0 : p.length >> 1;
  }
  /** The name of the i-th property (insertion order). */
  propertyName(i: number): string {
    return this.props![2 * i] as string;
  }
  /** The value of the i-th property (insertion order). */
  propertyValue(i: number): Attribute {
    return this.props![2 * i + 1] as Attribute;
  }
  /** A property by name, without making a view. */
  getProperty(name: string): Attribute | undefined {
    const p = this.props;
    if (p === null) return undefined;
    for (let i = 0; i < p.length; i += 2) if (p[i] === name) return p[i + 1] as Attribute;
    return undefined;
  }
  /** Sets a property; a present one keeps its place, a new one goes last. */
  setProperty(name: string, value: Attribute): void {
    const p = this.props;
    // Single-entry lists may be shared between ops (singleProperty): replaced, never written.
    if (p === null || (p.length === 2 && p[0] === name)) this.props = singleProperty(name, value);
    else this.props = setFlatProperty(p, name, value);
  }
  /** Removes a property; returns whether it was there. */
  removeProperty(name: string): boolean {
    const p = this.props;
    if (p === null) return false;
    for (let i = 0; i < p.length; i += 2)
      if (p[i] === name) {
        if (p.length === 2) this.props = null;
        else p.splice(i, 2);
        return true;
      }
    return false;
  }
  /** The `<...>` properties of an unregistered op, kept as one attribute. */
  get opaqueProperties(): Attribute | null {
    const r = this.rare;
    return r === null || Array.isArray(r) ? null : r.opaque;
  }
  set opaqueProperties(a: Attribute | null) {
    const r = this.rare;
    if (r !== null && !Array.isArray(r)) r.opaque = a;
    else if (a !== null) this.sideObject().opaque = a;
  }
  /** The side object, made (taking over a successor list kept alone) when the op has none. */
  private sideObject(): RareParts {
    const r = this.rare;
    if (r !== null && !Array.isArray(r)) return r;
    return (this.rare = { opaque: null, attrs: null, successors: r ?? EMPTY_LIST });
  }
  /** The successor uses (shared empty list when none; not mutated in place). */
  get successorList(): BlockOperand[] {
    const r = this.rare;
    return r === null ? EMPTY_LIST : Array.isArray(r) ? r : r.successors;
  }
  /** Discardable attributes; created on first use. */
  get attributes(): Map<string, Attribute> {
    const r = this.sideObject();
    return (r.attrs ??= new Map());
  }
  set attributes(m: Map<string, Attribute>) {
    this.sideObject().attrs = m;
  }
  /** The properties for reading, without creating a map. */
  get propertiesView(): ReadonlyMap<string, Attribute> {
    return this.props === null ? EMPTY_ATTRIBUTES : new PropertyMap(this);
  }
  /** The discardable attributes for reading, without creating a map. */
  get attributesView(): ReadonlyMap<string, Attribute> {
    const r = this.rare;
    return r === null || Array.isArray(r) ? EMPTY_ATTRIBUTES : (r.attrs ?? EMPTY_ATTRIBUTES);
  }
  /** False when the op has no discardable attributes, successors or opaque properties (most ops): one field read. */
  get hasRareParts(): boolean {
    return this.rare !== null;
  }

  get opName(): string {
    return this.name.name;
  }
  /** The context the op was created in. */
  get context(): Context {
    return this.name.context;
  }
  get isRegistered(): boolean {
    return this.name.def !== undefined;
  }

  // ---- operands
  get numOperands(): number {
    const l = this.opnds;
    if (l === null) return 0;
    if (l instanceof OpOperand) {
      let n = 1;
      for (let o = l.sibling as OpOperand | null; o !== null; o = o.sibling as OpOperand | null) n++;
      return n;
    }
    return l.length;
  }
  /** The i-th operand use (MLIR's getOpOperand); undefined out of range. */
  opOperand(i: number): OpOperand {
    const l = this.opnds;
    if (l instanceof OpOperand) {
      let o: OpOperand | null = l;
      for (let k = 0; k < i && o !== null; k++) o = o.sibling as OpOperand | null;
      return (o ?? undefined) as OpOperand;
    }
    return (l === null ? undefined : l[i]) as OpOperand;
  }
  operand(i: number): Value {
    return this.opOperand(i).value;
  }
  /**
   * The first operand use, null when none. With `operandAfter`, the operands
   * in order at O(1) a step (`operand(i)` counts along a short list).
   */
  get firstOperand(): OpOperand | null {
    const l = this.opnds;
    return l === null || l instanceof OpOperand ? l : l[0];
  }
  /** The operand use after `use` (one of this op's), null after the last. */
  operandAfter(use: OpOperand): OpOperand | null {
    const s = use.sibling;
    if (typeof s !== 'number') return s;
    const l = this.opnds as OpOperand[];
    return s + 1 < l.length ? l[s + 1] : null;
  }
  /** The operand uses in order (a new array for a short list: not to be mutated to change the op). */
  get operandList(): OpOperand[] {
    const l = this.opnds;
    if (l === null) return EMPTY_LIST;
    if (!(l instanceof OpOperand)) return l;
    const out: OpOperand[] = [];
    for (let o: OpOperand | null = l; o !== null; o = o.sibling as OpOperand | null) out.push(o);
    return out;
  }
  /** The number of `use` in this op's operand list (a short list is counted along). */
  operandNumber(use: OpOperand): number {
    const l = this.opnds;
    if (l instanceof OpOperand) {
      let n = 0;
      for (let o: OpOperand | null = l; o !== null; o = o.sibling as OpOperand | null, n++) if (o === use) return n;
      return -1;
    }
    return l === null ? -1 : l.indexOf(use);
  }
  get operands(): Value[] {
    const n = this.numOperands;
    const out = new Array<Value>(n);
    for (let i = 0; i < n; i++) out[i] = this.opOperand(i).value;
    return out;
  }
  setOperand(i: number, v: Value): void {
    this.opOperand(i).set(v);
  }
  /** Replaces the operand list wholesale. */
  setOperands(values: readonly Value[]): void {
    this.unlinkOperands();
    this.opnds = makeOperands(this, values);
  }
  private unlinkOperands(): void {
    const l = this.opnds;
    if (l instanceof OpOperand) for (let o: OpOperand | null = l; o !== null; o = o.sibling as OpOperand | null) o.unlink();
    else if (l !== null) for (let i = 0; i < l.length; i++) l[i].unlink();
  }
  insertOperands(index: number, values: readonly Value[]): void {
    const all = this.operands;
    all.splice(index, 0, ...values);
    this.setOperands(all);
  }
  eraseOperand(index: number): void {
    const all = this.operands;
    all.splice(index, 1);
    this.setOperands(all);
  }

  // ---- results
  /** The results (a new array for a one-result op: not to be mutated to change the op). */
  get results(): OpResult[] {
    const r = this.res;
    return r instanceof OpResult ? [r] : r;
  }
  get numResults(): number {
    const r = this.res;
    return r instanceof OpResult ? 1 : r.length;
  }
  result(i: number): OpResult {
    const r = this.res;
    return r instanceof OpResult ? (i === 0 ? r : (undefined as unknown as OpResult)) : r[i];
  }
  get resultTypes(): Type[] {
    const r = this.res;
    return r instanceof OpResult ? [r.type] : r.map((x) => x.type);
  }
  get hasUses(): boolean {
    // A plain loop: drivers ask this of every op they visit.
    const r = this.res;
    if (r instanceof OpResult) return r.firstUse !== null;
    for (let i = 0; i < r.length; i++) if (r[i].firstUse !== null) return true;
    return false;
  }

  // ---- successors
  get numSuccessors(): number {
    return this.successorList.length;
  }
  successor(i: number): Block {
    return this.successorList[i].block;
  }
  get successors(): Block[] {
    return this.successorList.map((s) => s.block);
  }
  setSuccessor(i: number, b: Block): void {
    this.successorList[i].set(b);
  }

  // ---- attributes
  /** An inherent attribute (property) of a registered op, or a discardable attribute otherwise. */
  getAttr(name: string): Attribute | undefined {
    return this.getProperty(name) ?? this.attributesView.get(name);
  }
  /** Sets an inherent attribute if the op declares it, a discardable one otherwise. */
  setAttr(name: string, value: Attribute): void {
    if (this.name.def?.inherentAttrNames.has(name)) this.setProperty(name, value);
    else this.attributes.set(name, value);
  }
  removeAttr(name: string): boolean {
    if (this.removeProperty(name)) return true;
    const r = this.rare;
    return r !== null && !Array.isArray(r) && r.attrs !== null && r.attrs.delete(name);
  }

  // ---- structure
  get parentRegion(): Region | null {
    return this.parentBlock?.parent ?? null;
  }
  get parentOp(): Operation | null {
    return this.parentBlock?.parent?.parentOp ?? null;
  }
  /** The closest ancestor (not this op) with the given name. */
  parentOfName(name: string): Operation | null {
    for (let p = this.parentOp; p; p = p.parentOp) if (p.name.name === name) return p;
    return null;
  }
  /** True if `this` is `other` or contains it. */
  isAncestorOf(other: Operation): boolean {
    for (let o: Operation | null = other; o; o = o.parentOp) if (o === this) return true;
    return false;
  }
  isProperAncestorOf(other: Operation): boolean {
    return other !== this && this.isAncestorOf(other);
  }
  /** True if this op comes before `other` in the same block. */
  isBeforeInBlock(other: Operation): boolean {
    for (let o = this.next; o; o = o.next) if (o === other) return true;
    return false;
  }

  /** Removes the op from its block without destroying it. */
  remove(): this {
    this.parentBlock?.removeOp(this);
    return this;
  }
  /** Drops every use this op (and everything nested in it) makes of values and blocks. */
  dropAllReferences(): void {
    this.unlinkOperands();
    // Indexed: a for-of allocates an iterator in code not yet optimized (conversions erase ops by the ten thousand).
    const succ = this.successorList;
    for (let i = 0; i < succ.length; i++) succ[i].unlink();
    if (this.regions.length) dropRegionReferences(this.regions);
  }
  /** Removes the op from its block and drops its references; its results must be unused. */
  erase(): void {
    this.remove();
    this.dropAllReferences();
  }
  moveBefore(other: Operation): void {
    this.remove();
    other.parentBlock!.insertBefore(this, other);
  }
  moveAfter(other: Operation): void {
    this.remove();
    other.parentBlock!.insertAfter(this, other);
  }
  replaceAllUsesWith(values: readonly Value[]): void {
    const n = this.numResults;
    for (let i = 0; i < n; i++) this.result(i).replaceAllUsesWith(values[i]);
  }

  /**
   * Walks this op and everything nested in it. Iterative, so arbitrarily deep IR
   * does not exhaust the stack. The callback may return 'skip' (pre-order) or
   * 'interrupt'. Returns false if interrupted.
   */
  walk(callback: (op: Operation) => WalkResult, order: WalkOrder = 'post'): boolean {
    return walkOperations(this, callback, order);
  }

  hasTrait(trait: string): boolean {
    return this.name.def?.traits.has(trait) ?? false;
  }
}

/** The parts of an op that few ops have. */
interface RareParts {
  opaque: Attribute | null;
  attrs: Map<string, Attribute> | null;
  successors: BlockOperand[];
}

/** Longer operand lists are arrays (random access); shorter ones are linked lists. */
const SHORT_OPERANDS = 4;

/** An op's operand storage for `values` (see `Operation.opnds`). */
function makeOperands(owner: Operation, values: readonly Value[]): OpOperand | OpOperand[] | null {
  const n = values.length;
  if (n === 0) return null;
  if (n <= SHORT_OPERANDS) {
    // Made first to last: each joins its value's use list in operand order.
    const first = newOpOperand(values[0], owner, null);
    let last = first;
    for (let i = 1; i < n; i++) last = last.sibling = newOpOperand(values[i], owner, null);
    return first;
  }
  const list = new Array<OpOperand>(n);
  for (let i = 0; i < n; i++) list[i] = newOpOperand(values[i], owner, i);
  return list;
}

/**
 * The one-property lists, by value then name: a third of the ops of a typical
 * module have exactly one property (a constant's value, a comparison's
 * predicate) and few distinct ones (1,618 pairs for 41,410 such ops in the
 * 5 MB benchmark module): sharing them saves a 64-byte list per op. Weak, so
 * a context's attributes are not kept alive by it.
 */
const SINGLE_PROPERTIES = new WeakMap<Attribute, (string | Attribute)[][]>();

/** The shared list [name, value] (see SINGLE_PROPERTIES). */
function singleProperty(name: string, value: Attribute): (string | Attribute)[] {
  const lists = SINGLE_PROPERTIES.get(value);
  if (lists === undefined) {
    const list = [name, value];
    SINGLE_PROPERTIES.set(value, [list]);
    return list;
  }
  for (let i = 0; i < lists.length; i++) if (lists[i][0] === name) return lists[i];
  const list = [name, value];
  lists.push(list);
  return list;
}

/** A property map's entries as a flat list at its exact size (shared for one entry). */
export function propList(m: ReadonlyMap<string, Attribute>): (string | Attribute)[] {
  if (m.size === 1) for (const [k, v] of m) return singleProperty(k, v);
  const out = new Array<string | Attribute>(2 * m.size);
  let i = 0;
  for (const [k, v] of m) {
    out[i++] = k;
    out[i++] = v;
  }
  return out;
}

function walkOperations(root: Operation, callback: (op: Operation) => WalkResult, order: WalkOrder): boolean {
  // Stack frames: an op whose regions are being visited, with a cursor.
  interface Frame {
    op: Operation;
    region: number;
    block: Block | null;
    next: Operation | null;
  }
  if (order === 'pre') {
    const r = callback(root);
    if (r === 'interrupt') return false;
    if (r === 'skip') return true;
  }
  const stack: Frame[] = [{ op: root, region: -1, block: null, next: null }];
  while (stack.length) {
    const f = stack[stack.length - 1];
    // Advance to the next op to visit inside f.op.
    let nextOp: Operation | null = f.next;
    while (!nextOp) {
      if (f.block && f.block.nextBlock) {
        f.block = f.block.nextBlock;
        nextOp = f.block.first;
        continue;
      }
      f.region++;
      if (f.region >= f.op.regions.length) break;
      f.block = f.op.regions[f.region].firstBlock;
      nextOp = f.block?.first ?? null;
    }
    if (!nextOp) {
      stack.pop();
      if (order === 'post' && callback(f.op) === 'interrupt') return false;
      continue;
    }
    f.next = nextOp.next;
    if (order === 'pre') {
      const r = callback(nextOp);
      if (r === 'interrupt') return false;
      if (r === 'skip') continue;
    }
    if (nextOp.regions.length === 0) {
      if (order === 'post' && callback(nextOp) === 'interrupt') return false;
      continue;
    }
    stack.push({ op: nextOp, region: -1, block: null, next: null });
  }
  return true;
}

export class Block {
  /**
   * The arguments. Shared (frozen, empty) until the first is added, and the
   * first makes a one-element list: blocks without arguments cost no list,
   * and one grown by push from [] reserves 17 slots. Read it after adding
   * arguments, not before (a list taken from a block without arguments does
   * not grow with it).
   */
  declare readonly args: BlockArgument[];
  declare first: Operation | null;
  declare last: Operation | null;
  declare parent: Region | null;
  /** Intrusive list of the block's uses as a successor. */
  declare firstUse: BlockOperand | null;
  /** The verifier's scratch: open/visited in one of its walks (see src/ir/verifier.ts). */
  declare verifyMark: number;
  constructor() {
    // A literal, not `this` (see the top of the file); `new` returns it.
    return {
      __proto__: new.target.prototype, args: EMPTY_LIST, first: null, last: null, parent: null, firstUse: null, verifyMark: 0, prevBlock: null, nextBlock: null,
    } as unknown as Block;
  }

  get parentOp(): Operation | null {
    return this.parent?.parentOp ?? null;
  }
  get isEntryBlock(): boolean {
    return this.parent !== null && this.parent.firstBlock === this;
  }
  // Links in the parent region's intrusive list of blocks (null when unlinked).
  declare prevBlock: Block | null;
  declare nextBlock: Block | null;

  /** With `locationOffset` >= 0, `location` is where to compute the location from on first use (the parser). */
  addArgument(type: Type, location: Location | LocationSource, locationOffset = -1): BlockArgument {
    const args = this.args;
    const a = newBlockArgument(type, this, args.length, location, locationOffset);
    if (args.length === 0) (this as { args: BlockArgument[] }).args = [a];
    else args.push(a);
    return a;
  }
  /**
   * @internal The parser: takes over `list` (at its exact size, indexes and
   * owners already this block's) as the arguments of a block without any.
   */
  adoptArguments(list: BlockArgument[]): void {
    if (this.args.length !== 0) throw new Error('adoptArguments: the block has arguments');
    (this as { args: BlockArgument[] }).args = list;
  }
  insertArgument(index: number, type: Type, location: Location): BlockArgument {
    const a = newBlockArgument(type, this, index, location);
    if (this.args.length === 0) {
      (this as { args: BlockArgument[] }).args = [a];
      return a;
    }
    this.args.splice(index, 0, a);
    for (let i = index + 1; i < this.args.length; i++) this.args[i].index = i;
    return a;
  }
  eraseArgument(index: number): void {
    if (index >= this.args.length) return;
    this.args.splice(index, 1);
    for (let i = index; i < this.args.length; i++) this.args[i].index = i;
  }

  get empty(): boolean {
    return this.first === null;
  }
  /** The operations of the block, in order (a snapshot, safe to mutate while iterating). */
  get ops(): Operation[] {
    const out: Operation[] = [];
    for (let o = this.first; o; o = o.next) out.push(o);
    return out;
  }
  *[Symbol.iterator](): IterableIterator<Operation> {
    for (let o = this.first; o; ) {
      const next = o.next;
      yield o;
      o = next;
    }
  }
  get terminator(): Operation | null {
    return this.last;
  }

  append(op: Operation): void {
    op.parentBlock = this;
    op.prev = this.last;
    op.next = null;
    if (this.last) this.last.next = op;
    else this.first = op;
    this.last = op;
  }
  prepend(op: Operation): void {
    if (this.first) this.insertBefore(op, this.first);
    else this.append(op);
  }
  insertBefore(op: Operation, before: Operation): void {
    op.parentBlock = this;
    op.next = before;
    op.prev = before.prev;
    if (before.prev) before.prev.next = op;
    else this.first = op;
    before.prev = op;
  }
  insertAfter(op: Operation, after: Operation): void {
    if (after.next) this.insertBefore(op, after.next);
    else this.append(op);
  }
  /** Moves `from` (one of this block's ops) and every op after it, in order, into `dest`, which must be empty: one splice, each op's parent reset. */
  moveTailInto(from: Operation, dest: Block): void {
    const last = this.last!;
    const prev = from.prev;
    if (prev) prev.next = null;
    else this.first = null;
    this.last = prev;
    from.prev = null;
    dest.first = from;
    dest.last = last;
    for (let o: Operation | null = from; o; o = o.next) o.parentBlock = dest;
  }
  removeOp(op: Operation): void {
    if (op.prev) op.prev.next = op.next;
    else this.first = op.next;
    if (op.next) op.next.prev = op.prev;
    else this.last = op.prev;
    op.prev = op.next = null;
    op.parentBlock = null;
  }

  /** The blocks branching to this one (with repetition). */
  predecessors(): Block[] {
    const out: Block[] = [];
    for (let u = this.firstUse; u; u = u.nextUse) if (u.owner.parentBlock) out.push(u.owner.parentBlock);
    return out;
  }
  get hasPredecessors(): boolean {
    return this.firstUse !== null;
  }
  /** The successors of the block's terminator. */
  successors(): Block[] {
    return this.last ? this.last.successors : [];
  }

  dropAllReferences(): void {
    const regions: Region[] = [];
    for (let o = this.first; o; o = o.next) dropOpReferences(o, regions);
    if (regions.length) dropRegionReferences(regions);
  }
  /** Removes the block from its region. */
  remove(): void {
    this.parent?.removeBlock(this);
  }
  erase(): void {
    this.dropAllReferences();
    this.remove();
  }
}

/**
 * The blocks of a region form an intrusive doubly linked list (like the ops of
 * a block): inserting, removing and stepping are O(1) at any position.
 * `blocks` is an array snapshot for the many readers that index or iterate;
 * it is made on first read after a change and shared until the next one.
 */
export class Region {
  declare firstBlock: Block | null;
  declare lastBlock: Block | null;
  declare private count: number;
  declare private snapshot: Block[] | null;
  declare parentOp: Operation | null;
  constructor(parentOp: Operation | null = null) {
    // A literal, not `this` (see the top of the file); `new` returns it.
    return { __proto__: new.target.prototype, firstBlock: null, lastBlock: null, count: 0, snapshot: null, parentOp } as unknown as Region;
  }

  /**
   * The blocks in order: an array shared until the region's blocks change,
   * never updated in place (a holder keeps the blocks as they were). O(n)
   * after a change, so code that inserts or removes blocks as it goes should
   * step with `firstBlock`/`nextBlock` instead.
   */
  get blocks(): readonly Block[] {
    let s = this.snapshot;
    if (s === null) {
      s = new Array<Block>(this.count);
      let i = 0;
      for (let b = this.firstBlock; b; b = b.nextBlock) s[i++] = b;
      this.snapshot = s;
    }
    return s;
  }
  get numBlocks(): number {
    return this.count;
  }
  get empty(): boolean {
    return this.firstBlock === null;
  }
  /** The entry block; the region must not be empty. */
  get entry(): Block {
    return this.firstBlock!;
  }
  /** The i-th block (O(i)), or undefined. */
  blockAt(i: number): Block | undefined {
    let b = this.firstBlock;
    while (b && i-- > 0) b = b.nextBlock;
    return b ?? undefined;
  }
  /** The position of `block` in the region (O(position)), or -1. */
  indexOfBlock(block: Block): number {
    let i = 0;
    for (let b = this.firstBlock; b; b = b.nextBlock, i++) if (b === block) return i;
    return -1;
  }
  get index(): number {
    return this.parentOp ? this.parentOp.regions.indexOf(this) : -1;
  }
  /** Appends `block` (taken out of the region holding it, if any). */
  pushBlock(block: Block): Block {
    this.insertBlockBefore(block, null);
    return block;
  }
  /** Inserts `block` at position `index` (O(index); see insertBlockBefore/After). */
  insertBlock(index: number, block: Block): void {
    this.insertBlockBefore(block, index >= this.count ? null : (this.blockAt(index) ?? null));
  }
  /** Inserts `block` before `before` (a block of this region), or at the end when null. */
  insertBlockBefore(block: Block, before: Block | null): void {
    if (block.parent) block.parent.removeBlock(block);
    block.parent = this;
    const prev = before ? before.prevBlock : this.lastBlock;
    block.prevBlock = prev;
    block.nextBlock = before;
    if (prev) prev.nextBlock = block;
    else this.firstBlock = block;
    if (before) before.prevBlock = block;
    else this.lastBlock = block;
    this.count++;
    this.snapshot = null;
  }
  /** Inserts `block` after `after` (a block of this region). */
  insertBlockAfter(block: Block, after: Block): void {
    this.insertBlockBefore(block, after.nextBlock);
  }
  removeBlock(block: Block): void {
    if (block.parent !== this) return;
    const { prevBlock: prev, nextBlock: next } = block;
    if (prev) prev.nextBlock = next;
    else this.firstBlock = next;
    if (next) next.prevBlock = prev;
    else this.lastBlock = prev;
    block.prevBlock = block.nextBlock = null;
    block.parent = null;
    this.count--;
    this.snapshot = null;
  }
  dropAllReferences(): void {
    dropRegionReferences([this]);
  }
  /** Moves all blocks of `other` to the end of this region. */
  takeBody(other: Region): void {
    if (other === this || other.firstBlock === null) return;
    for (let b: Block | null = other.firstBlock; b; b = b.nextBlock) b.parent = this;
    const first = other.firstBlock;
    first.prevBlock = this.lastBlock;
    if (this.lastBlock) this.lastBlock.nextBlock = first;
    else this.firstBlock = first;
    this.lastBlock = other.lastBlock;
    this.count += other.count;
    other.firstBlock = other.lastBlock = null;
    other.count = 0;
    this.snapshot = other.snapshot = null;
  }
  /** True if this region is `other` or contains it. */
  isAncestorOf(other: Region): boolean {
    for (let r: Region | null = other; r; r = r.parentOp?.parentRegion ?? null) if (r === this) return true;
    return false;
  }
  /** The ops directly in the region's blocks. */
  *ops(): IterableIterator<Operation> {
    for (let b = this.firstBlock; b; ) {
      const next = b.nextBlock;
      yield* b;
      b = next;
    }
  }
}

// The constructor's less common parts, out of line: a smaller constructor
// (every op goes through it) is a smaller TurboFan job, and these are
// compiled (or inlined) only where they run.

/** The result list of an op with two or more results. */
function manyResults(op: Operation, types: readonly Type[], n: number): OpResult[] {
  // Packed and frozen: the map of EMPTY_LIST, so code optimized before
  // the first multi-result op is not deoptimized by it (a filled
  // `new Array(n)` is holey, another map).
  const results: OpResult[] = n === 2 ? [newOpResult(types[0], op, 0), newOpResult(types[1], op, 1)] : [];
  for (let i = results.length; i < n; i++) results.push(newOpResult(types[i], op, i));
  return Object.freeze(results) as OpResult[];
}

/** The side object of an op with discardable attributes or opaque properties (and maybe successors). */
function rareParts(
  op: Operation,
  opaque: Attribute | null,
  attrs: Map<string, Attribute> | null,
  successors: readonly Block[] | null | undefined,
  nSucc: number,
): RareParts {
  return { opaque, attrs, successors: nSucc === 0 ? EMPTY_LIST : successorUses(op, successors!, nSucc) };
}

/** The successor uses of a new op (nSucc > 0). */
function successorUses(op: Operation, successors: readonly Block[], nSucc: number): BlockOperand[] {
  // Packed, at exact size for one or two (cf.br, cf.cond_br: push
  // reserves 16 slots). Not frozen like the results: Object.freeze is a
  // runtime call (~0.3 us), and conversions build tens of thousands of
  // branches.
  const succ: BlockOperand[] =
    nSucc === 1
      ? [newBlockOperand(successors[0], op)]
      : nSucc === 2
        ? [newBlockOperand(successors[0], op), newBlockOperand(successors[1], op)]
        : [];
  for (let i = succ.length; i < nSucc; i++) succ.push(newBlockOperand(successors[i], op));
  return succ;
}

/** A region list given to the constructor, taken over. */
function adoptRegions(op: Operation, regions: Region[]): Region[] {
  for (const r of regions) r.parentOp = op;
  return regions;
}

function packedRegions(op: Operation, n: number): Region[] {
  const out: Region[] = [];
  for (let i = 0; i < n; i++) out.push(new Region(op));
  return out;
}

/** Unlinks the operands and successors of every op in `regions`, nested ones included (a worklist: nests can be deeper than the stack). */
function dropRegionReferences(regions: Region[]): void {
  for (let r = regions.pop(); r !== undefined; r = regions.pop())
    for (let b = r.firstBlock; b; b = b.nextBlock) for (let o = b.first; o; o = o.next) dropOpReferences(o, regions);
}

/** Unlinks `o`'s operands and successors and queues its regions on `regions`. */
function dropOpReferences(o: Operation, regions: Region[]): void {
  for (let u = o.firstOperand; u !== null; u = o.operandAfter(u)) u.unlink();
  const succ = o.successorList;
  for (let i = 0; i < succ.length; i++) succ[i].unlink();
  const inner = o.regions;
  for (let i = 0; i < inner.length; i++) regions.push(inner[i]);
}
