// Dominance: the dominator tree of each region (Cooper-Harvey-Kennedy's
// iterative algorithm over a reverse post-order) and DominanceInfo, the one
// cached query object the verifier (SSA dominance), CSE, control-flow sinking
// and the CFG-to-SCF lifting share. Walks are iterative so that long block
// chains cannot overflow the stack.

import { Traits } from './context.js';
import type { Block, Operation, Region, Value } from './operation.js';

export interface RegionDominators {
  /** The blocks reachable from the entry, in reverse post-order (entry first). */
  order: Block[];
  /** Reverse post-order index of each reachable block. */
  index: Map<Block, number>;
  /** Immediate dominator of each reachable block; the entry maps to itself. */
  idom: Map<Block, Block>;
}

/**
 * Computes the dominator tree of a non-empty region. Successors outside the
 * region (only possible in IR the verifier is about to reject) are ignored.
 */
export function computeDominators(region: Region): RegionDominators {
  const t = computeTree(region);
  const idom = new Map<Block, Block>();
  for (let i = 0; i < t.order.length; i++) idom.set(t.order[i], t.order[t.idom[i]]);
  return { order: t.order, index: t.index, idom };
}

/** The per-region data DominanceInfo caches: blocks by reverse post-order number, trees as arrays over those numbers. */
interface RegionTree {
  /** The blocks reachable from the entry, in reverse post-order (entry first). */
  order: Block[];
  /** Reverse post-order number of each reachable block. */
  index: Map<Block, number>;
  /** Number of the immediate dominator of each block's number; the entry's is itself. */
  idom: Int32Array;
  /** Pre-order number in the dominator tree and size of the subtree, by block number (O(1) dominance); made on first need. */
  pre?: Int32Array;
  size?: Int32Array;
  /** Dominator-tree children, in DFS pre-order of the CFG (as LLVM numbers them); made on first need. */
  children?: Map<Block, Block[]>;
}

const NO_SUCCESSORS: readonly { block: Block }[] = [];

/** The reverse post-order and the immediate dominators (Cooper-Harvey-Kennedy), with arrays, not maps, per block. */
function computeTree(region: Region): RegionTree {
  const entry = region.entry;
  const order: Block[] = [];
  const index = new Map<Block, number>([[entry, -1]]);
  // Depth-first over the terminators' successor lists (read in place), a block
  // and its next successor position per level.
  const stack: Block[] = [entry];
  const next: number[] = [0];
  while (stack.length) {
    const top = stack.length - 1;
    const b = stack[top];
    const succ = b.last === null ? NO_SUCCESSORS : b.last.successorList;
    let i = next[top];
    let pushed = false;
    while (i < succ.length) {
      const s = succ[i++].block;
      if (s.parent === region && !index.has(s)) {
        index.set(s, -1);
        next[top] = i;
        stack.push(s);
        next.push(0);
        pushed = true;
        break;
      }
    }
    if (!pushed) {
      order.push(b);
      stack.pop();
      next.pop();
    }
  }
  order.reverse();
  const n = order.length;
  for (let i = 0; i < n; i++) index.set(order[i], i);
  const idom = new Int32Array(n).fill(-1);
  idom[0] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 1; i < n; i++) {
      let d = -1;
      for (let u = order[i].firstUse; u !== null; u = u.nextUse) {
        const pb = u.owner.parentBlock;
        if (pb === null) continue;
        let p = index.get(pb);
        if (p === undefined || idom[p] < 0) continue;
        d = d >= 0 ? intersectDominators(idom, p, d) : p;
      }
      if (d >= 0 && idom[i] !== d) {
        idom[i] = d;
        changed = true;
      }
    }
  }
  return { order, index, idom };
}

/**
 * Cooper-Harvey-Kennedy's intersect: the nearest common dominator of blocks
 * `p` and `d`, numbered in reverse post-order, from the dominators known so far.
 */
export function intersectDominators(idom: Int32Array, p: number, d: number): number {
  while (p !== d) {
    while (p > d) p = idom[p];
    while (d > p) d = idom[d];
  }
  return p;
}

/**
 * Pre-order numbers and subtree sizes of the dominator tree of `n` blocks
 * numbered in reverse post-order (a dominator precedes what it dominates),
 * written into `pre` and `size`; `free` is scratch of at least `n`.
 */
export function numberDominatorTree(idom: Int32Array, n: number, pre: Int32Array, size: Int32Array, free: Int32Array): void {
  size.fill(1, 0, n);
  for (let i = n - 1; i >= 1; i--) size[idom[i]] += size[i];
  if (n !== 0) free[0] = 1;
  for (let i = 1; i < n; i++) {
    const p = idom[i];
    pre[i] = free[p];
    free[p] += size[i];
    free[i] = pre[i] + 1;
  }
}

/** Pre-order numbers and subtree sizes of the dominator tree (a dominator precedes what it dominates in reverse post-order). */
function numberTree(t: RegionTree): { pre: Int32Array; size: Int32Array } {
  if (t.pre !== undefined && t.size !== undefined) return { pre: t.pre, size: t.size };
  const n = t.order.length;
  const size = new Int32Array(n);
  const pre = new Int32Array(n);
  numberDominatorTree(t.idom, n, pre, size, new Int32Array(n));
  t.pre = pre;
  t.size = size;
  return { pre, size };
}

const EMPTY_TREE: RegionTree = { order: [], index: new Map(), idom: new Int32Array(0) };

/** True if the op's regions are graph regions (no dominance, no terminator needed). */
export function isGraphRegionOwner(op: Operation | null): boolean {
  return op !== null && op.hasTrait(Traits.GraphRegions);
}

/**
 * MLIR's DominanceInfo: dominance between blocks (of any nesting) and between
 * values and their users, from per-region dominator trees computed on demand.
 * Call `invalidate` after changing a region's CFG.
 */
export class DominanceInfo {
  private readonly trees = new Map<Region, RegionTree>();
  /** Positions of the ops of long blocks, numbered on first need. */
  private readonly orders = new Map<Block, Map<Operation, number>>();

  /** Forgets what was computed for `region` (or for every region). */
  invalidate(region?: Region): void {
    if (region) this.trees.delete(region);
    else this.trees.clear();
    this.orders.clear();
    this.lastRegion = null;
  }

  // The last region asked for, and its tree: queries come in runs for one region.
  private lastRegion: Region | null = null;
  private lastTree: RegionTree = EMPTY_TREE;

  private tree(region: Region): RegionTree {
    if (region === this.lastRegion) return this.lastTree;
    let t = this.trees.get(region);
    if (!t) {
      t = region.empty ? { order: [], index: new Map(), idom: new Int32Array(0) } : computeTree(region);
      this.trees.set(region, t);
    }
    this.lastRegion = region;
    this.lastTree = t;
    return t;
  }

  /** Whether `block` is reachable from its region's entry. */
  isReachable(block: Block): boolean {
    const region = block.parent;
    return region !== null && this.tree(region).index.has(block);
  }

  /** The immediate dominator of a reachable block (undefined for the entry and unreachable blocks). */
  idom(block: Block): Block | undefined {
    const region = block.parent;
    if (!region) return undefined;
    const t = this.tree(region);
    const i = t.index.get(block);
    return i === undefined || i === 0 ? undefined : t.order[t.idom[i]];
  }

  /** The ancestor of `block` (or itself) whose parent region is `region`. */
  private ancestorBlockIn(region: Region, block: Block): Block | null {
    let b: Block | null = block;
    while (b && b.parent !== region) b = b.parentOp?.parentBlock ?? null;
    return b;
  }

  /**
   * Whether block `a` dominates `b` or a block `b` is nested in. A block
   * dominates itself; unreachable blocks are dominated by everything.
   */
  dominates(a: Block, b: Block): boolean {
    if (a === b) return true;
    const region = a.parent;
    if (!region) return false;
    const bb = this.ancestorBlockIn(region, b);
    if (!bb) return false;
    if (bb === a) return true;
    return this.dominatesInRegion(region, a, bb);
  }

  /** Whether block `a` dominates block `b` of the same region `region` (a !== b). */
  dominatesInRegion(region: Region, a: Block, b: Block): boolean {
    const t = this.tree(region);
    const ib = t.index.get(b);
    if (ib === undefined) return true;
    const ia = t.index.get(a);
    if (ia === undefined) return false;
    // A walk up the idom chain is O(tree depth): long CFG chains (lowered
    // structured code) make that linear per query, so number the tree.
    const { pre, size } = numberTree(t);
    const pa = pre[ia];
    const pb = pre[ib];
    return pa <= pb && pb < pa + size[ia];
  }

  properlyDominates(a: Block, b: Block): boolean {
    return a !== b && this.dominates(a, b);
  }

  /** The blocks `block` dominates (itself first), in pre-order of the dominator tree. */
  dominated(block: Block): Block[] {
    const children = this.children(block.parent!);
    const out: Block[] = [];
    const stack = [block];
    while (stack.length) {
      const x = stack.pop()!;
      out.push(x);
      const ch = children.get(x);
      if (ch) for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]);
    }
    return out;
  }

  /** Dominator-tree children of each reachable block of `region`, in DFS pre-order of the CFG. */
  children(region: Region): Map<Block, Block[]> {
    const t = this.tree(region);
    if (t.children) return t.children;
    const children = new Map<Block, Block[]>();
    t.children = children;
    if (region.empty) return children;
    const seen = new Set<Block>();
    const stack: Block[] = [region.entry];
    while (stack.length) {
      const b = stack.pop()!;
      if (seen.has(b)) continue;
      seen.add(b);
      children.set(b, []);
      const i = t.index.get(b);
      if (i !== undefined && i !== 0) children.get(t.order[t.idom[i]])?.push(b);
      const succ = b.last === null ? NO_SUCCESSORS : b.last.successorList;
      for (let k = succ.length - 1; k >= 0; k--) {
        const s = succ[k].block;
        if (!seen.has(s) && s.parent === region) stack.push(s);
      }
    }
    return children;
  }

  /** Whether `a` comes before `b` in their (same) block: a short scan, else the block's numbering. */
  private isBeforeInBlock(a: Operation, b: Operation): boolean {
    let o = a.next;
    for (let steps = 0; steps < 32 && o !== null; steps++, o = o.next) if (o === b) return true;
    if (o === null) return false;
    const block = a.parentBlock!;
    let order = this.orders.get(block);
    if (!order) {
      order = new Map();
      let i = 0;
      for (let x = block.first; x; x = x.next) order.set(x, i++);
      this.orders.set(block, order);
    }
    const ia = order.get(a);
    const ib = order.get(b);
    if (ia === undefined || ib === undefined) return a.isBeforeInBlock(b); // the block changed since
    return ia < ib;
  }

  /** Block dominance for SSA values: in graph regions every block dominates every other. */
  private properlyDominatesBlockForValues(a: Block, b: Block): boolean {
    if (a === b) return false;
    const region = a.parent!;
    const bb = this.ancestorBlockIn(region, b);
    if (!bb) return false;
    if (bb === a) return true;
    if (isGraphRegionOwner(region.parentOp)) return true;
    return this.properlyDominates(a, bb);
  }

  /** MLIR's properlyDominates(Value, Operation*): whether `value` is visible at `user`. */
  valueDominates(value: Value, user: Operation): boolean {
    const def = value.definingOp;
    if (!def) {
      const owner = value.parentBlock;
      // No block: a value that is in no IR (a parser's unresolved placeholder) dominates nothing.
      if (owner === null) return false;
      return user.parentBlock !== null && (owner === user.parentBlock || this.properlyDominatesBlockForValues(owner, user.parentBlock));
    }
    const region = def.parentRegion;
    if (!region) return false;
    // In a graph region an op may use its own results.
    if (user === def) return isGraphRegionOwner(region.parentOp);
    let b: Operation | null = user;
    while (b && b.parentRegion !== region) b = b.parentOp;
    if (!b) return false;
    if (b === def) return false; // a result does not dominate its own op or its regions
    const aBlock = def.parentBlock!;
    const bBlock = b.parentBlock!;
    if (aBlock === bBlock) return isGraphRegionOwner(region.parentOp) || this.isBeforeInBlock(def, b);
    return this.properlyDominatesBlockForValues(aBlock, bBlock);
  }
}
