// Immediate dominators of the blocks of one region, shared by the verifier
// (SSA dominance) and the transforms (CSE scoping, block dominance queries).
// Cooper-Harvey-Kennedy's iterative algorithm over a reverse post-order; the
// walks are iterative so that long block chains cannot overflow the stack.

import type { Block, Region } from './operation.js';

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
