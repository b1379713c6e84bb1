// Rewrite patterns and the pattern rewriter. A pattern matches a root op (by
// name, or any op) and rewrites it through a PatternRewriter, which reports
// every change to the driver's listener. Patterns are tried in order of
// decreasing benefit, then in the order they were added.

import type { Attribute, Type } from './attributes.js';
import { Rewriter, type RewriteListener } from './builder.js';
import type { Context } from './context.js';
import { UnknownLoc, type Location } from './location.js';
import { Block, Operation, Region, type Op, type OpKind, type OpOperand, type Value } from './operation.js';

/** Blocks reachable from `entry` in CFG post-order (successors in order). */
function blockPostOrder(entry: Block): Block[] {
  const out: Block[] = [];
  // The usual case: a lone block without successors.
  if (entry.parent?.numBlocks === 1 && (entry.last === null || entry.last.numSuccessors === 0)) {
    out.push(entry);
    return out;
  }
  const seen = new Set<Block>([entry]);
  const stack: { b: Block; succ: Block[]; i: number }[] = [{ b: entry, succ: entry.successors(), i: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.i < top.succ.length) {
      const s = top.succ[top.i++];
      if (!seen.has(s) && s.parent === entry.parent) {
        seen.add(s);
        stack.push({ b: s, succ: s.successors(), i: 0 });
      }
    } else {
      out.push(top.b);
      stack.pop();
    }
  }
  return out;
}

/** A level of eraseTree's walk: a region op, its region being emptied (last first), and the round's blocks. */
interface EraseFrame {
  op: Operation;
  ri: number;
  blocks: Block[] | null;
  bi: number;
  /** The next op of the current block, last to first. */
  next: Operation | null;
}

function allRegionsEmpty(op: Operation): boolean {
  const regions = op.regions;
  for (let i = 0; i < regions.length; i++) if (!regions[i].empty) return false;
  return true;
}

function newEraseFrame(op: Operation): EraseFrame {
  return { op, ri: op.regions.length - 1, blocks: null, bi: 0, next: null };
}

/** Default lists of createBlockIn (never changed). */
const NO_TYPES: readonly Type[] = Object.freeze([]);
const NO_LOCATIONS: readonly Location[] = Object.freeze([]);

export abstract class RewritePattern {
  constructor(
    /** The root op name, or null to match any op. */
    readonly rootName: string | null,
    readonly benefit = 1,
    /** Label used by canonicalize's enable/disable-patterns. */
    readonly debugName = '',
  ) {}
  /** Matches `op` and rewrites it; returns false (without changing the IR) when it does not apply. */
  abstract matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean;
}

class FnPattern extends RewritePattern {
  constructor(
    root: string | null,
    private readonly fn: (op: Operation, rewriter: PatternRewriter) => boolean,
    benefit: number,
    name: string,
  ) {
    super(root, benefit, name);
  }
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): boolean {
    return this.fn(op, rewriter);
  }
}

export interface PatternOptions {
  /** Tried before patterns of lower benefit (default 1). */
  benefit?: number;
  /** The label canonicalize's enable/disable-patterns options refer to. */
  name?: string;
}

/** A pattern rooted at one kind of op (a declared op's handle), from a function. */
export function pattern<N extends string>(
  root: OpKind<N>,
  fn: (op: Op<N>, rewriter: PatternRewriter) => boolean,
  opts: PatternOptions = {},
): RewritePattern {
  return new FnPattern(root.opName, fn as (op: Operation, rewriter: PatternRewriter) => boolean, opts.benefit ?? 1, opts.name ?? '');
}

/** A pattern tried on every op (MLIR's MatchAnyOpTypeTag), from a function. */
export function anyOpPattern(fn: (op: Operation, rewriter: PatternRewriter) => boolean, opts: PatternOptions = {}): RewritePattern {
  return new FnPattern(null, fn, opts.benefit ?? 1, opts.name ?? '');
}

export type PatternListener = RewriteListener;

/** The rewriter handed to patterns: the Builder/Rewriter API plus MLIR's RewriterBase helpers. */
export class PatternRewriter extends Rewriter {
  constructor(
    ctx: Context,
    override listener: PatternListener = {},
  ) {
    super(ctx, listener);
  }

  /** Replaces every use of `from` with `to`, telling the listener about each user. */
  override replaceAllUsesWith(from: Value, to: Value): void {
    const first = from.firstUse;
    if (!first) return;
    // Nobody to tell (a conversion): each use moves to the front of `to`'s
    // list in turn, the same order as below, with no list of the uses.
    if (this.listener.notifyOperationModified === undefined) {
      for (let u: OpOperand | null = first; u !== null; u = from.firstUse) u.set(to);
      return;
    }
    // Each use is modified in place as modifyOpInPlace does, without a
    // closure, generator or spread per value (this runs for every replaced op).
    if (!first.nextUse) {
      first.set(to);
      this.listener.notifyOperationModified?.(first.owner);
      return;
    }
    const uses: OpOperand[] = [];
    for (let u: OpOperand | null = first; u; u = u.nextUse) uses.push(u);
    for (let i = 0; i < uses.length; i++) {
      const use = uses[i];
      use.set(to);
      this.listener.notifyOperationModified?.(use.owner);
    }
  }
  replaceAllOpUsesWith(op: Operation, values: readonly (Value | null)[]): void {
    for (let i = 0; i < op.numResults; i++) {
      const v = values[i];
      if (v) this.replaceAllUsesWith(op.result(i), v);
    }
  }
  replaceUsesWithIf(from: Value, to: Value, pred: (use: import('./operation.js').OpOperand) => boolean): void {
    for (const use of [...from.uses()]) if (pred(use)) this.modifyOpInPlace(use.owner, () => use.set(to));
  }

  /** Replaces `op` (all results) with the values, erasing it. */
  override replaceOp(op: Operation, values: readonly (Value | null)[]): void {
    if (values.length !== op.numResults) throw new Error(`replaceOp: ${values.length} values for ${op.numResults} results`);
    this.listener.notifyOperationReplaced?.(op, values as Value[]);
    this.replaceAllOpUsesWith(op, values);
    this.eraseOp(op);
  }

  /**
   * Erases an op as MLIR's RewriterBase::eraseOp: nested ops one by one (users
   * before definitions: blocks in post-order, ops in reverse), each reported
   * just before it is unlinked, so listeners always see consistent use-lists.
   */
  override eraseOp(op: Operation): void {
    if (op.hasUses) throw new Error(`eraseOp: '${op.name.name}' still has uses`);
    if (!this.listener.notifyOperationErased) {
      op.erase();
      return;
    }
    this.eraseTree(op);
  }

  /**
   * eraseOp's walk, on an explicit stack of region ops (nests may be deeper
   * than the JavaScript stack): per region, last first, the blocks reachable
   * from the entry in post-order, each block's ops last to first (a region op
   * after everything it holds), then those blocks; repeated while the region
   * still holds (unreachable) blocks. Ops without regions are erased in place.
   */
  private eraseTree(root: Operation): void {
    // Most erased ops hold no regions, or only emptied ones (a lowering
    // inlined them): no stack.
    if (allRegionsEmpty(root)) {
      this.eraseSingle(root);
      return;
    }
    const stack: EraseFrame[] = [newEraseFrame(root)];
    while (stack.length) {
      const f = stack[stack.length - 1];
      if (f.blocks === null) {
        const regions = f.op.regions;
        while (f.ri >= 0 && regions[f.ri].empty) f.ri--;
        if (f.ri < 0) {
          stack.pop();
          this.eraseSingle(f.op);
          continue;
        }
        f.blocks = blockPostOrder(regions[f.ri].entry);
        f.bi = 0;
        f.next = f.blocks[0].last;
        continue;
      }
      const o = f.next;
      if (o !== null) {
        f.next = o.prev;
        if (o.regions.length === 0) this.eraseSingle(o);
        else stack.push(newEraseFrame(o));
        continue;
      }
      if (++f.bi < f.blocks.length) {
        f.next = f.blocks[f.bi].last;
        continue;
      }
      // Every op of this round's blocks is gone: the blocks go, in the same order.
      for (const b of f.blocks) {
        for (const a of b.args) while (a.firstUse) a.firstUse.unlink();
        while (b.firstUse) b.firstUse.unlink();
        this.listener.notifyBlockErased?.(b);
        b.erase();
      }
      f.blocks = null;
    }
  }

  /** Erases one op whose regions are empty: reported, its results' uses dropped, unlinked. */
  private eraseSingle(op: Operation): void {
    this.listener.notifyOperationErased?.(op);
    for (let i = 0; i < op.numResults; i++) {
      const r = op.result(i);
      while (r.firstUse) r.firstUse.unlink();
    }
    op.erase();
  }

  eraseBlock(block: Block): void {
    for (let o = block.last; o; ) {
      const prev = o.prev;
      this.eraseOp(o);
      o = prev;
    }
    this.listener.notifyBlockErased?.(block);
    block.dropAllReferences();
    for (const a of block.args) if (a.hasUses) for (const u of [...a.uses()]) u.unlink();
    block.remove();
  }

  /** Moves `op` before `before`, as a (re)insertion. */
  moveOpBefore(op: Operation, before: Operation): void {
    const previous = op.parentBlock;
    op.remove();
    before.parentBlock!.insertBefore(op, before);
    this.listener.notifyOperationInserted?.(op, previous);
  }
  moveOpAfter(op: Operation, after: Operation): void {
    const previous = op.parentBlock;
    op.remove();
    after.parentBlock!.insertAfter(op, after);
    this.listener.notifyOperationInserted?.(op, previous);
  }
  moveOpToEnd(op: Operation, block: Block): void {
    const previous = op.parentBlock;
    op.remove();
    block.append(op);
    this.listener.notifyOperationInserted?.(op, previous);
  }

  /**
   * Moves the ops of `source` into `dest` before `before` (or at its end),
   * replacing the block's arguments with `args`, then erases `source`.
   */
  inlineBlockBefore(source: Block, dest: Block, before: Operation | null, args: readonly Value[] = []): void {
    source.args.forEach((a, i) => this.replaceAllUsesWith(a, args[i]));
    for (const op of source.ops) {
      op.remove();
      if (before) dest.insertBefore(op, before);
      else dest.append(op);
      this.listener.notifyOperationInserted?.(op, source);
    }
    this.eraseBlock(source);
  }
  override mergeBlocks(source: Block, dest: Block, args: readonly Value[] = [], before: Operation | null = null): void {
    this.inlineBlockBefore(source, dest, before, args);
  }

  /** Splits `block` before `before`: the ops from `before` on move to a new block right after it (last op first, as MLIR). */
  splitBlock(block: Block, before: Operation | null): Block {
    const nb = new Block();
    const region = block.parent!;
    region.insertBlockAfter(nb, block);
    this.listener.notifyBlockInserted?.(nb);
    if (!before) return nb;
    // One splice, then each move reported, last op first (as MLIR moves them).
    block.moveTailInto(before, nb);
    const notify = this.listener.notifyOperationInserted;
    if (notify) for (let o = nb.last; o; o = o.prev) notify.call(this.listener, o, block);
    return nb;
  }

  /** Creates a block in `region` before `before` (or at the end) and sets the insertion point to its end. */
  createBlockIn(region: Region, before: Block | null, argTypes: readonly Type[] = NO_TYPES, locs: readonly Location[] = NO_LOCATIONS): Block {
    const b = new Block();
    region.insertBlockBefore(b, before);
    for (let i = 0; i < argTypes.length; i++) b.addArgument(argTypes[i], locs[i] ?? UnknownLoc.get());
    this.listener.notifyBlockInserted?.(b);
    this.setInsertionPointToEnd(b);
    return b;
  }

  /** Moves the blocks of `region` before `before` in `dest`; only block insertions are reported (as MLIR). */
  override inlineRegionBefore(region: Region, dest: Region, before: Block | null = null): void {
    // Nobody to tell (a conversion): the blocks move one by one, first
    // first, with no snapshot of the list (an array per inlined region).
    if (this.listener.notifyBlockInserted === undefined) {
      for (let b = region.firstBlock; b !== null; b = region.firstBlock) dest.insertBlockBefore(b, before);
      return;
    }
    // All blocks leave `region` first, then each is inserted and reported.
    const blocks = region.blocks;
    for (const b of blocks) region.removeBlock(b);
    for (const b of blocks) {
      dest.insertBlockBefore(b, before);
      this.listener.notifyBlockInserted?.(b, region);
    }
  }

  /** Creates a constant through `dialect`'s materializer. */
  materializeConstant(dialectName: string, value: Attribute, type: Type, location: Location): Operation | undefined {
    const d = this.ctx.getDialect(dialectName);
    return d?.materializeConstant?.(this, value, type, location);
  }

  /** Pattern failure with a reason (kept for parity with MLIR; the reason is dropped). */
  notifyMatchFailure(_reason?: string): false {
    return false;
  }
}
