// A dialect-conversion driver (MLIR's applyPartialConversion, without pattern
// rollback): ops are visited in pre-order; an illegal op is rewritten by the
// first pattern that applies, and the ops that pattern creates are legalized
// right away, in creation order. Ops no pattern can legalize are reported.
//
// Optionally the ops of each block are visited last first (still parents
// before their regions): a pattern that splits its block at the op (scf-to-cf)
// then moves only the ops up to the sibling lowered before it, not the whole
// rest of the block again, which is quadratic in a long block (MLIR's driver
// is). For patterns that only rewrite the op and its regions the result is
// the same IR; the error reported is still the first failure in pre-order.

import { emitError, type Context } from '../ir/context.js';
import { Block, type Operation, type Value } from '../ir/operation.js';
import { FrozenPatternSet } from './greedy.js';
import { PatternRewriter, type PatternListener, type RewritePattern } from '../ir/pattern.js';

export type Legality = 'legal' | 'illegal' | 'unknown';

/** An op's handle (anything naming a declared op). */
export interface OpKindRef {
  readonly opName: string;
}

export class ConversionTarget {
  private readonly ops = new Map<string, Legality | ((op: Operation) => boolean)>();
  private readonly dialects = new Map<string, Legality>();
  private unknown: ((op: Operation) => boolean) | undefined;

  addLegalOp(...kinds: OpKindRef[]): void {
    for (const k of kinds) this.ops.set(k.opName, 'legal');
  }
  addIllegalOp(...kinds: OpKindRef[]): void {
    for (const k of kinds) this.ops.set(k.opName, 'illegal');
  }
  addDynamicallyLegalOp(kind: OpKindRef, fn: (op: Operation) => boolean): void {
    this.ops.set(kind.opName, fn);
  }
  addLegalDialect(...names: string[]): void {
    for (const n of names) this.dialects.set(n, 'legal');
  }
  addIllegalDialect(...names: string[]): void {
    for (const n of names) this.dialects.set(n, 'illegal');
  }
  markUnknownOpDynamicallyLegal(fn: (op: Operation) => boolean): void {
    this.unknown = fn;
  }
  legality(op: Operation): Legality {
    const o = this.ops.get(op.name.name);
    if (typeof o === 'function') return o(op) ? 'legal' : 'illegal';
    if (o) return o;
    const d = this.dialects.get(op.name.dialectName);
    if (d) return d;
    if (this.unknown) return this.unknown(op) ? 'legal' : 'unknown';
    return 'unknown';
  }
  isExplicitlyIllegal(op: Operation): boolean {
    const o = this.ops.get(op.name.name);
    if (o === 'illegal' || typeof o === 'function') return true;
    return this.dialects.get(op.name.dialectName) === 'illegal';
  }
}

/**
 * Tracks the ops created by the running pattern. Ops the driver already knows
 * (the initial walk, earlier creations) are marked through
 * Operation.worklistOwner, not a Set: a pass over a big module knows every op.
 */
class ConversionListener implements PatternListener {
  /** The owner mark of erased ops (a Set of them cost a hash per erased op). */
  readonly erasedMark = {};
  /** Erased ops, to unmark at the end. */
  readonly erased: Operation[] = [];
  created: Operation[] = [];
  /** The ops marked besides the initial ones, to unmark at the end. */
  readonly marked: Operation[] = [];
  mark(op: Operation): void {
    op.worklistOwner = this;
    this.marked.push(op);
  }
  isErased(op: Operation): boolean {
    return op.worklistOwner === this.erasedMark;
  }
  unmarkAll(initial: readonly Operation[]): void {
    const erased = this.erasedMark;
    for (const op of initial) if (op.worklistOwner === this || op.worklistOwner === erased) op.worklistOwner = null;
    for (const op of this.marked) if (op.worklistOwner === this || op.worklistOwner === erased) op.worklistOwner = null;
    for (const op of this.erased) if (op.worklistOwner === erased) op.worklistOwner = null;
    this.marked.length = 0;
    this.erased.length = 0;
  }
  notifyOperationInserted(op: Operation): void {
    if (op.worklistOwner !== this) {
      this.mark(op);
      this.created.push(op);
    }
  }
  notifyOperationErased(op: Operation): void {
    // An op the driver did not know is remembered for unmarking; a known one is in its lists already.
    if (op.worklistOwner !== this) this.erased.push(op);
    op.worklistOwner = this.erasedMark;
  }
  notifyOperationReplaced(_op: Operation, _values: readonly Value[]): void {}
}

export interface ConversionOptions {
  /** Visit the ops of each block last first (see the top of this file). */
  lastSiblingFirst?: boolean;
}

/** Pre-order, but the ops of each block last first (blocks and regions in order). */
function lastSiblingFirstOrder(root: Operation): Operation[] {
  const out: Operation[] = [];
  const stack: Operation[] = [];
  const pushChildren = (op: Operation): void => {
    for (let r = op.regions.length - 1; r >= 0; r--) {
      const blocks = op.regions[r].blocks;
      for (let b = blocks.length - 1; b >= 0; b--) for (let o = blocks[b].first; o; o = o.next) stack.push(o);
    }
  };
  pushChildren(root);
  while (stack.length) {
    const op = stack.pop()!;
    out.push(op);
    pushChildren(op);
  }
  return out;
}

/**
 * The ops nested in `root` in pre-order, each marked as owned by `owner`
 * with its rank as the slot. Iterative, without a callback per op: the
 * stack holds what is left, an op (then its following siblings) or a block.
 */
function preOrderMarked(root: Operation, owner: object): Operation[] {
  const order: Operation[] = [];
  const stack: (Operation | Block)[] = [];
  const pushBlocks = (op: Operation): void => {
    for (let r = op.regions.length - 1; r >= 0; r--) {
      const blocks = op.regions[r].blocks;
      for (let b = blocks.length - 1; b >= 0; b--) stack.push(blocks[b]);
    }
  };
  pushBlocks(root);
  while (stack.length) {
    const item = stack.pop()!;
    for (let o: Operation | null = item instanceof Block ? item.first : item; o; o = o.next) {
      o.worklistOwner = owner;
      o.worklistIndex = order.length;
      order.push(o);
      if (o.regions.length) {
        if (o.next) stack.push(o.next);
        pushBlocks(o);
        break;
      }
    }
  }
  return order;
}

/**
 * Converts the ops nested in `root` until they are legal. Returns false
 * (after an error at the first op, in pre-order, that could not be
 * legalized) on failure.
 */
export function applyPartialConversion(
  ctx: Context,
  root: Operation,
  target: ConversionTarget,
  patterns: readonly RewritePattern[],
  options: ConversionOptions = {},
): boolean {
  const frozen = new FrozenPatternSet(patterns);
  const listener = new ConversionListener();
  // Every op is known from the start (unmarked through `order` at the end);
  // the slot holds the op's rank in pre-order (no Map from op to rank).
  const order = preOrderMarked(root, listener);
  root.worklistOwner = listener;
  listener.marked.push(root);
  const rewriter = new PatternRewriter(ctx, listener);

  /** The op that could not be legalized, or null. */
  const legalize = (op: Operation): Operation | null => {
    if (listener.isErased(op) || !op.parentBlock) return null;
    const legality = target.legality(op);
    if (legality === 'legal') return null;
    for (const p of frozen.patternsFor(op)) {
      listener.created = [];
      rewriter.setInsertionPointBefore(op);
      if (!p.matchAndRewrite(op, rewriter)) continue;
      const created = listener.created;
      for (const c of created) {
        const failed = legalize(c);
        if (failed) return failed;
      }
      return null;
    }
    return legality === 'illegal' ? op : null;
  };
  const report = (op: Operation): false => {
    emitError(ctx, op, `failed to legalize operation '${op.name.name}'${target.isExplicitlyIllegal(op) ? ' that was explicitly marked illegal' : ''}`);
    return false;
  };
  try {
    if (!options.lastSiblingFirst) {
      for (const op of order) {
        const failed = legalize(op);
        if (failed) return report(failed);
      }
      return true;
    }
    // A failure is reported only once no op earlier in pre-order can fail.
    let first: { rank: number; op: Operation } | undefined;
    for (const op of lastSiblingFirstOrder(root)) {
      // The rank set by the initial walk (nothing else writes the slot of an op the listener owns).
      const r = op.worklistIndex;
      if (first && r > first.rank) continue;
      const failed = legalize(op);
      if (failed && (!first || r < first.rank)) first = { rank: r, op: failed };
    }
    return first ? report(first.op) : true;
  } finally {
    listener.unmarkAll(order);
  }
}
