// Dominance: the dominator tree of each region (Cooper-Harvey-Kennedy's
// iterative algorithm over a reverse post-order) and DominanceInfo, the one
// cached query object the verifier (SSA dominance), CSE, control-flow sinking
// and the CFG-to-SCF lifting share. Walks are iterative so that long block
// chains cannot overflow the stack.

import { Traits } from './context.js';
import type { Block, BlockArgument, Operation, Region, Value } from './operation.js';

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
  const entry = region.entry;
  const order: Block[] = [];
  const visited = new Set<Block>([entry]);
  const stack: { block: Block; succ: Block[]; next: number }[] = [{ block: entry, succ: entry.successors(), next: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.next < top.succ.length) {
      const s = top.succ[top.next++];
      if (!visited.has(s) && s.parent === region) {
        visited.add(s);
        stack.push({ block: s, succ: s.successors(), next: 0 });
      }
    } else {
      order.push(top.block);
      stack.pop();
    }
  }
  order.reverse();
  const index = new Map<Block, number>();
  for (let i = 0; i < order.length; i++) index.set(order[i], i);
  const idom = new Map<Block, Block>([[entry, entry]]);
  const intersect = (a: Block, b: Block): Block => {
    while (a !== b) {
      while (index.get(a)! > index.get(b)!) a = idom.get(a)!;
      while (index.get(b)! > index.get(a)!) b = idom.get(b)!;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 1; i < order.length; i++) {
      const b = order[i];
      let next: Block | undefined;
      for (const p of b.predecessors()) if (idom.has(p) && index.has(p)) next = next ? intersect(p, next) : p;
      if (next && idom.get(b) !== next) {
        idom.set(b, next);
        changed = true;
      }
    }
  }
  return { order, index, idom };
}

/** The per-region data DominanceInfo caches. */
interface RegionTree extends RegionDominators {
  /** Dominator-tree children, in DFS pre-order of the CFG (as LLVM numbers them); made on first need. */
  children?: Map<Block, Block[]>;
  /** Entry and exit numbers of a depth-first walk of the dominator tree (O(1) dominance); made on first need. */
  dfsIn?: Map<Block, number>;
  dfsOut?: Map<Block, number>;
}

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
  }

  private tree(region: Region): RegionTree {
    let t = this.trees.get(region);
    if (!t) {
      t = region.empty ? { order: [], index: new Map(), idom: new Map() } : computeDominators(region);
      this.trees.set(region, t);
    }
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
    const d = this.tree(region).idom.get(block);
    return d === block ? undefined : d;
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
    const t = this.tree(region);
    if (!t.index.has(bb)) return true;
    if (!t.index.has(a)) return false;
    // A walk up the idom chain is O(tree depth): long CFG chains (lowered
    // structured code) make that linear per query, so number the tree.
    const { dfsIn, dfsOut } = this.dfsNumbers(region, t);
    return dfsIn.get(a)! <= dfsIn.get(bb)! && dfsOut.get(bb)! <= dfsOut.get(a)!;
  }

  /** Depth-first entry/exit numbers of the dominator tree of `region` (a dominates b iff a's interval contains b's). */
  private dfsNumbers(region: Region, t: RegionTree): { dfsIn: Map<Block, number>; dfsOut: Map<Block, number> } {
    if (t.dfsIn && t.dfsOut) return { dfsIn: t.dfsIn, dfsOut: t.dfsOut };
    const children = this.children(region);
    const dfsIn = new Map<Block, number>();
    const dfsOut = new Map<Block, number>();
    let n = 0;
    const stack: { block: Block; next: number }[] = [{ block: region.entry, next: 0 }];
    dfsIn.set(region.entry, n++);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const ch = children.get(top.block);
      if (ch && top.next < ch.length) {
        const c = ch[top.next++];
        dfsIn.set(c, n++);
        stack.push({ block: c, next: 0 });
      } else {
        dfsOut.set(top.block, n++);
        stack.pop();
      }
    }
    t.dfsIn = dfsIn;
    t.dfsOut = dfsOut;
    return { dfsIn, dfsOut };
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
      const d = t.idom.get(b);
      if (d !== undefined && d !== b) children.get(d)?.push(b);
      const succ = b.successors();
      for (let i = succ.length - 1; i >= 0; i--) if (!seen.has(succ[i]) && succ[i].parent === region) stack.push(succ[i]);
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
      const owner = (value as BlockArgument).owner;
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
