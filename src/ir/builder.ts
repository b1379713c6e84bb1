// Builders and rewriters: the one way to create and mutate IR. Every mutation
// goes through the use-list aware primitives of operation.ts, so def-use chains
// stay consistent; the rewriter also tells a listener what changed.

import type { Attribute, Type } from './attributes.js';
import type { Context } from './context.js';
import { Location, UnknownLoc } from './location.js';
import { Block, Operation, Region, propList, type Value } from './operation.js';

/** Where new ops go: before `op`, or at the end of `block` when `op` is null. */
export interface InsertionPoint {
  block: Block;
  before: Operation | null;
}

export interface CreateOpOptions {
  operands?: readonly Value[];
  results?: readonly Type[];
  /** Attributes; inherent ones (declared by the op) become properties. */
  attributes?: Record<string, Attribute> | Iterable<[string, Attribute]>;
  successors?: readonly Block[];
  regions?: number;
  location?: Location;
}

export class Builder {
  // The insertion point as two fields, not an object: rewrites move it
  // several times per op (a lowering, every pattern the greedy driver runs).
  private ipBlock: Block | null = null;
  private ipBefore: Operation | null = null;
  constructor(readonly ctx: Context) {}

  /** Where new ops go (a snapshot: setting it, or another setInsertionPoint call, moves it), null for nowhere. */
  get insertionPoint(): InsertionPoint | null {
    return this.ipBlock === null ? null : { block: this.ipBlock, before: this.ipBefore };
  }
  set insertionPoint(ip: InsertionPoint | null) {
    this.ipBlock = ip === null ? null : ip.block;
    this.ipBefore = ip === null ? null : (ip.before ?? null);
  }

  setInsertionPointToEnd(block: Block): void {
    this.ipBlock = block;
    this.ipBefore = null;
  }
  setInsertionPointToStart(block: Block): void {
    this.ipBlock = block;
    this.ipBefore = block.first;
  }
  setInsertionPointBefore(op: Operation): void {
    this.ipBlock = op.parentBlock!;
    this.ipBefore = op;
  }
  setInsertionPointAfter(op: Operation): void {
    this.ipBlock = op.parentBlock!;
    this.ipBefore = op.next;
  }

  /** Inserts a detached op at the insertion point (if any) and returns it. */
  insert<T extends Operation>(op: T): T {
    const block = this.ipBlock;
    if (block !== null) {
      const before = this.ipBefore;
      if (before !== null) block.insertBefore(op, before);
      else block.append(op);
    }
    return op;
  }

  /** Creates an op by name and inserts it at the insertion point. */
  create(name: string, options: CreateOpOptions = {}): Operation {
    const opName = this.ctx.getOperationName(name);
    const properties = new Map<string, Attribute>();
    const attributes = new Map<string, Attribute>();
    const attrs = options.attributes;
    const entries: Iterable<[string, Attribute]> =
      attrs === undefined ? [] : Symbol.iterator in Object(attrs) ? (attrs as Iterable<[string, Attribute]>) : Object.entries(attrs);
    for (const [k, v] of entries) {
      if (opName.def?.inherentAttrNames.has(k)) properties.set(k, v);
      else attributes.set(k, v);
    }
    const props = properties.size ? propList(properties) : null;
    const op = new Operation(opName, options.location ?? UnknownLoc.get(), -1, options.operands, options.results, props, null, attributes, options.successors, options.regions ?? 0);
    return this.insert(op);
  }

  /** Creates a block at the end of `region` with arguments of the given types. */
  createBlock(region: Region, argTypes: readonly Type[] = [], location: Location = UnknownLoc.get()): Block {
    const block = new Block();
    region.pushBlock(block);
    for (const t of argTypes) block.addArgument(t, location);
    this.setInsertionPointToEnd(block);
    return block;
  }
}

/** Notified of every change a rewriter makes, e.g. by a pattern driver's worklist. */
export interface RewriteListener {
  /** `previous`: for an op moved (not created), the block it was in (MLIR's previous insertion point). */
  notifyOperationInserted?(op: Operation, previous?: Block | null): void;
  notifyOperationErased?(op: Operation): void;
  notifyOperationReplaced?(op: Operation, values: readonly Value[]): void;
  notifyOperationModified?(op: Operation): void;
  /** `previous`: for a block moved (not created), the region it was in. */
  notifyBlockInserted?(block: Block, previous?: Region | null): void;
  notifyBlockErased?(block: Block): void;
}

export class Rewriter extends Builder {
  constructor(
    ctx: Context,
    public listener: RewriteListener = {},
  ) {
    super(ctx);
  }

  override insert<T extends Operation>(op: T): T {
    super.insert(op);
    this.listener.notifyOperationInserted?.(op);
    return op;
  }

  /** Replaces all uses of the op's results with `values`, then erases it. */
  replaceOp(op: Operation, values: readonly Value[]): void {
    if (values.length !== op.numResults) throw new Error(`replaceOp: ${values.length} values for ${op.numResults} results`);
    this.listener.notifyOperationReplaced?.(op, values);
    for (let i = 0; i < values.length; i++) this.replaceAllUsesWith(op.result(i), values[i]);
    this.eraseOp(op);
  }

  /** Replaces every use of `from` with `to` (each moves to the front of `to`'s list), telling the listener about each user. */
  replaceAllUsesWith(from: Value, to: Value): void {
    for (const use of [...from.uses()]) {
      use.set(to);
      this.listener.notifyOperationModified?.(use.owner);
    }
  }

  /** Erases an op whose results are unused, and everything nested in it. */
  eraseOp(op: Operation): void {
    if (op.hasUses) throw new Error(`eraseOp: '${op.name.name}' still has uses`);
    op.walk((nested) => {
      if (nested !== op) this.listener.notifyOperationErased?.(nested);
    });
    this.listener.notifyOperationErased?.(op);
    op.erase();
  }

  /** Changes an op in place, telling the listener. */
  modifyOpInPlace(op: Operation, change: () => void): void {
    change();
    this.listener.notifyOperationModified?.(op);
  }

  /** Moves the blocks of `region` before `before` in `dest` (or to its end), reporting each as moved (as MLIR's moveBlockBefore). */
  inlineRegionBefore(region: Region, dest: Region, before: Block | null = null): void {
    // All blocks leave `region` first, then each is inserted and reported.
    const blocks = region.blocks;
    for (const b of blocks) region.removeBlock(b);
    for (const b of blocks) {
      dest.insertBlockBefore(b, before);
      this.listener.notifyBlockInserted?.(b, region);
    }
  }

  /** Moves the ops of `source` before `before` (or to the end of `dest`), replacing its arguments with `args`; each move is reported. */
  mergeBlocks(source: Block, dest: Block, args: readonly Value[] = [], before: Operation | null = null): void {
    source.args.forEach((a, i) => a.replaceAllUsesWith(args[i]));
    for (const op of source.ops) {
      op.remove();
      if (before) dest.insertBefore(op, before);
      else dest.append(op);
      this.listener.notifyOperationInserted?.(op, source);
    }
    this.listener.notifyBlockErased?.(source);
    source.erase();
  }
}
