// Block dominance (MLIR's DominanceInfo for blocks): per-region dominator
// trees computed on demand with the Cooper-Harvey-Kennedy algorithm over a
// reverse post-order of the region's CFG.

import type { Block, Operation, Region } from '../ir/operation.js';

interface RegionDom {
  /** Reverse post-order index of each reachable block. */
  index: Map<Block, number>;
  idom: Map<Block, Block>;
}

export class DominanceInfo {
  private readonly regions = new Map<Region, RegionDom>();

  /** Forgets computed trees (after the CFG changed). */
  invalidate(region?: Region): void {
    if (region) this.regions.delete(region);
    else this.regions.clear();
  }

  private info(region: Region): RegionDom {
    let d = this.regions.get(region);
    if (!d) this.regions.set(region, (d = computeRegionDom(region)));
    return d;
  }

  /** Whether `a` dominates `b` (blocks of any regions; a block dominates itself). */
  dominates(a: Block, b: Block): boolean {
    if (a === b) return true;
    const region = a.parent;
    if (!region) return false;
    let blk: Block | null = b;
    while (blk && blk.parent !== region) {
      const op: Operation | null = blk.parent?.parentOp ?? null;
      blk = op?.parentBlock ?? null;
    }
    if (!blk) return false;
    if (blk === a) return true;
    if (region.blocks.length === 1) return true;
    const d = this.info(region);
    if (!d.index.has(blk)) return true;
    if (!d.index.has(a)) return false;
    for (let x: Block | undefined = blk; x; ) {
      if (x === a) return true;
      const p = d.idom.get(x);
      if (!p || p === x) break;
      x = p;
    }
    return false;
  }

  properlyDominates(a: Block, b: Block): boolean {
    return a !== b && this.dominates(a, b);
  }

  /** Immediate dominator of a reachable block (undefined for the entry or unreachable blocks). */
  idom(b: Block): Block | undefined {
    const region = b.parent;
    if (!region) return undefined;
    const d = this.info(region);
    const p = d.idom.get(b);
    return p === b ? undefined : p;
  }

  isReachable(b: Block): boolean {
    const region = b.parent;
    if (!region) return false;
    if (region.entry === b) return true;
    return this.info(region).index.has(b);
  }
}

function computeRegionDom(region: Region): RegionDom {
  const entry = region.entry;
  const rpo: Block[] = [];
  const visited = new Set<Block>([entry]);
  const stack: { b: Block; s: Block[]; i: number }[] = [{ b: entry, s: entry.successors(), i: 0 }];
  while (stack.length) {
    const t = stack[stack.length - 1];
    if (t.i < t.s.length) {
      const n = t.s[t.i++];
      if (!visited.has(n)) {
        visited.add(n);
        stack.push({ b: n, s: n.successors(), i: 0 });
      }
    } else {
      rpo.push(t.b);
      stack.pop();
    }
  }
  rpo.reverse();
  const index = new Map(rpo.map((b, i) => [b, i]));
  const idom = new Map<Block, Block>([[entry, entry]]);
  const intersect = (x: Block, y: Block): Block => {
    while (x !== y) {
      while (index.get(x)! > index.get(y)!) x = idom.get(x)!;
      while (index.get(y)! > index.get(x)!) y = idom.get(y)!;
    }
    return x;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 1; i < rpo.length; i++) {
      const b = rpo[i];
      let n: Block | undefined;
      for (const p of b.predecessors()) if (idom.has(p) && index.has(p)) n = n ? intersect(p, n) : p;
      if (n && idom.get(b) !== n) {
        idom.set(b, n);
        changed = true;
      }
    }
  }
  return { index, idom };
}
