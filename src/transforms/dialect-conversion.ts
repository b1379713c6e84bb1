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

import { emitError, type Context, type OperationName } from '../ir/context.js';
import type { Block, Operation, Value } from '../ir/operation.js';
import { FrozenPatternSet } from './greedy.js';
import { PatternRewriter, type PatternListener, type RewritePattern } from '../ir/pattern.js';
import { foldForConversion } from './fold.js';

export type Legality = 'legal' | 'illegal' | 'unknown';

/** An op's handle (anything naming a declared op). */
export interface OpKindRef {
  readonly opName: string;
}

/** What decides an op kind's legality: a fixed answer, a test of the op, or the unknown-op test. */
type KindLegality = Legality | ((op: Operation) => boolean) | typeof UNKNOWN_TEST;
const UNKNOWN_TEST = Symbol('unknown-op test');
const ALWAYS_LEGAL = (): boolean => true;

export class ConversionTarget {
  private readonly ops = new Map<string, Legality | ((op: Operation) => boolean)>();
  private readonly dialects = new Map<string, Legality>();
  private unknown: ((op: Operation) => boolean) | undefined;
  // What decides each op kind, by interned name (one identity lookup per op
  // instead of two string-keyed ones); cleared when the target changes.
  private readonly byKind = new Map<OperationName, KindLegality>();

  addLegalOp(...kinds: OpKindRef[]): void {
    for (const k of kinds) this.ops.set(k.opName, 'legal');
    this.byKind.clear();
  }
  addIllegalOp(...kinds: OpKindRef[]): void {
    for (const k of kinds) this.ops.set(k.opName, 'illegal');
    this.byKind.clear();
  }
  addDynamicallyLegalOp(kind: OpKindRef, fn: (op: Operation) => boolean): void {
    this.ops.set(kind.opName, fn);
    this.byKind.clear();
  }
  addLegalDialect(...names: string[]): void {
    for (const n of names) this.dialects.set(n, 'legal');
    this.byKind.clear();
  }
  addIllegalDialect(...names: string[]): void {
    for (const n of names) this.dialects.set(n, 'illegal');
    this.byKind.clear();
  }
  markUnknownOpDynamicallyLegal(fn: (op: Operation) => boolean): void {
    this.unknown = fn;
    this.byKind.clear();
  }
  /**
   * Every op kind not named otherwise is legal: as markUnknownOpDynamicallyLegal
   * with a test that always holds, but known without asking each op, so the
   * driver need not visit those ops at all.
   */
  markUnknownOpLegal(): void {
    this.unknown = ALWAYS_LEGAL;
    this.byKind.clear();
  }
  private kindLegality(name: OperationName): KindLegality {
    let k = this.byKind.get(name);
    if (k === undefined) {
      k = this.ops.get(name.name) ?? this.dialects.get(name.dialectName) ?? (this.unknown === ALWAYS_LEGAL ? 'legal' : this.unknown ? UNKNOWN_TEST : 'unknown');
      this.byKind.set(name, k);
    }
    return k;
  }
  /** Whether every op of this kind is legal, whatever the op (such ops are never rewritten). */
  isLegalKind(name: OperationName): boolean {
    return this.kindLegality(name) === 'legal';
  }
  legality(op: Operation): Legality {
    const k = this.kindLegality(op.name);
    if (typeof k === 'string') return k;
    if (k === UNKNOWN_TEST) return this.unknown!(op) ? 'legal' : 'unknown';
    return k(op) ? 'legal' : 'illegal';
  }
  isExplicitlyIllegal(op: Operation): boolean {
    const o = this.ops.get(op.name.name);
    if (o === 'illegal' || typeof o === 'function') return true;
    return this.dialects.get(op.name.dialectName) === 'illegal';
  }
}

/**
 * Collects the ops created by the running pattern: an insertion without a
 * previous block is a new op (MLIR's listener tells moves the same way), so
 * the ops already in the IR need no mark. Erased ops need none either: the
 * rewriter erases an op, and each op nested in it, by unlinking it from its
 * block (PatternRewriter.eraseTree), so `parentBlock === null` tells them.
 * A set of them cost a hash insertion per erased op (every lowered op and
 * terminator) and its growing table.
 */
class ConversionListener implements PatternListener {
  created: Operation[] = [];
  notifyOperationInserted(op: Operation, previous?: Block | null): void {
    if (!previous) this.created.push(op);
  }
  // Present so that eraseOp unlinks nested ops one by one (see above).
  notifyOperationErased(_op: Operation): void {}
  notifyOperationReplaced(_op: Operation, _values: readonly Value[]): void {}
}

export interface ConversionOptions {
  /** Visit the ops of each block last first (see the top of this file). */
  lastSiblingFirst?: boolean;
}

/**
 * The ops nested in `root` in pre-order, with each one's depth (1 for ops of
 * root's regions) and whether it is the first op of its block, packed as
 * `depth * 2 + first` in `info`.
 */
interface PreOrder {
  ops: Operation[];
  info: Int32Array;
}

/**
 * One walk, on an explicit stack (the first op of a block, or the op after a
 * region op, each with its depth and whether it is a block's first), that
 * writes nothing on the ops. Ops without regions of a kind `target` holds
 * legal whatever the op are left out (most ops of a partial conversion: they
 * are never rewritten); "first" then marks the first op kept in its block,
 * and the orders over the ops kept are those over all ops, restricted.
 * The walk visits every op of a module, in a cold run mostly in the
 * interpreter: it asks each op's kind inline, the last answer kept.
 */
function preOrder(root: Operation, target: ConversionTarget): PreOrder {
  const ops: Operation[] = [];
  let info = new Int32Array(1024);
  const stack: Operation[] = [];
  // depth * 2 + first, per stack entry.
  const stackInfo: number[] = [];
  const pushRegions = (op: Operation, d: number): void => {
    for (let r = op.regions.length - 1; r >= 0; r--)
      for (let b = op.regions[r].lastBlock; b; b = b.prevBlock)
        if (b.first) {
          stack.push(b.first);
          stackInfo.push(2 * d + 1);
        }
  };
  pushRegions(root, 1);
  let lastName: OperationName | null = null;
  let lastLegal = false;
  while (stack.length) {
    let o: Operation | null = stack.pop()!;
    const si = stackInfo.pop()!;
    const d = si >> 1;
    let first = si & 1;
    for (; o; o = o.next) {
      const nRegions = o.regions.length;
      if (nRegions === 0) {
        const name = o.name;
        if (name !== lastName) {
          lastName = name;
          lastLegal = target.isLegalKind(name);
        }
        if (lastLegal) continue;
      }
      const i = ops.length;
      if (i === info.length) {
        const grown = new Int32Array(2 * i);
        grown.set(info);
        info = grown;
      }
      ops.push(o);
      info[i] = 2 * d + first;
      first = 0;
      if (nRegions) {
        if (o.next) {
          stack.push(o.next);
          stackInfo.push(2 * d);
        }
        pushRegions(o, d + 1);
        break;
      }
    }
  }
  return { ops, info };
}

/**
 * Pre-order ranks in the order that visits the ops of each block last first
 * (parents before their regions, blocks and regions in order), computed from
 * the pre-order alone: the subtree of rank i ends at the first later rank
 * that is not deeper.
 */
function lastSiblingFirstRanks(p: PreOrder): Int32Array {
  const n = p.ops.length;
  const info = p.info;
  const end = new Int32Array(n);
  const open: number[] = [];
  for (let i = 0; i < n; i++) {
    const d = info[i] >> 1;
    while (open.length && info[open[open.length - 1]] >> 1 >= d) end[open.pop()!] = i;
    open.push(i);
  }
  while (open.length) end[open.pop()!] = n;
  const out = new Int32Array(n);
  let k = 0;
  // Ranks still to visit, popped last pushed first: each op's children are
  // pushed blocks last to first, the ops of a block first to last.
  const stack: number[] = [];
  const children: number[] = [];
  const pushChildren = (from: number, to: number): void => {
    // `children` is reused; its first `nc` entries are this op's.
    let nc = 0;
    for (let c = from; c < to; c = end[c]) children[nc++] = c;
    let segEnd = nc;
    for (let j = nc - 1; j >= 0; j--) {
      if (!(info[children[j]] & 1)) continue;
      for (let m = j; m < segEnd; m++) stack.push(children[m]);
      segEnd = j;
    }
  };
  pushChildren(0, n);
  while (stack.length) {
    const i = stack.pop()!;
    out[k++] = i;
    if (end[i] > i + 1) pushChildren(i + 1, end[i]);
  }
  return out;
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
  const pre = preOrder(root, target);
  const order = pre.ops;
  const rewriter = new PatternRewriter(ctx, listener);
  // The lists of created ops, one per level of legalize's recursion, reused
  // (one list per rewrite was most of the driver's own garbage).
  const createdLists: Operation[][] = [];
  let level = 0;

  const foldScratch: Operation[] = [];
  // A folded op's constants must be legal or have patterns (MLIR undoes the
  // fold when one cannot be legalized; a constant's own fold never applies).
  const keepConstant = (c: Operation): boolean => target.legality(c) === 'legal' || frozen.patternsFor(c).length > 0;

  /** The op that could not be legalized, or null. */
  const legalize = (op: Operation): Operation | null => {
    // Erased (by the rewriter, possibly inside an erased region op): unlinked.
    if (!op.parentBlock) return null;
    const legality = target.legality(op);
    if (legality === 'legal') return null;
    // MLIR folds an op that is not legal before trying patterns (and re-links
    // its operand uses when nothing folds).
    listener.created = foldScratch;
    const folded = foldForConversion(op, rewriter, keepConstant);
    foldScratch.length = 0;
    if (folded === 'in-place') return legalize(op);
    if (folded !== undefined) {
      rewriter.replaceOp(op, folded.values);
      let failed: Operation | null = null;
      for (let c = 0; c < folded.created.length && failed === null; c++) failed = legalize(folded.created[c]);
      return failed;
    }
    const ps = frozen.patternsFor(op);
    for (let i = 0; i < ps.length; i++) {
      const created = level < createdLists.length ? createdLists[level] : (createdLists[level] = []);
      created.length = 0;
      listener.created = created;
      rewriter.setInsertionPointBefore(op);
      if (!ps[i].matchAndRewrite(op, rewriter)) continue;
      level++;
      let failed: Operation | null = null;
      for (let c = 0; c < created.length && failed === null; c++) failed = legalize(created[c]);
      level--;
      return failed;
    }
    return legality === 'illegal' ? op : null;
  };
  const report = (op: Operation): false => {
    emitError(ctx, op, `failed to legalize operation '${op.name.name}'${target.isExplicitlyIllegal(op) ? ' that was explicitly marked illegal' : ''}`);
    return false;
  };
  if (!options.lastSiblingFirst) {
    for (let i = 0; i < order.length; i++) {
      const failed = legalize(order[i]);
      if (failed) return report(failed);
    }
    return true;
  }
  // A failure is reported only once no op earlier in pre-order can fail.
  let firstRank = order.length;
  let firstOp: Operation | null = null;
  const ranks = lastSiblingFirstRanks(pre);
  for (let k = 0; k < ranks.length; k++) {
    const r = ranks[k];
    if (r > firstRank) continue;
    const failed = legalize(order[r]);
    if (failed && r < firstRank) {
      firstRank = r;
      firstOp = failed;
    }
  }
  return firstOp ? report(firstOp) : true;
}
