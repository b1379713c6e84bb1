// Block dominance (MLIR's DominanceInfo for blocks): per-region dominator
// trees (src/ir/dominance.ts) computed on demand and cached per region.

import { computeDominators, type RegionDominators } from '../ir/dominance.js';
import type { Block, Operation, Region } from '../ir/operation.js';

export class DominanceInfo {
  private readonly regions = new Map<Region, RegionDominators>();

  /** Forgets computed trees (after the CFG changed). */
  invalidate(region?: Region): void {
    if (region) this.regions.delete(region);
    else this.regions.clear();
  }

  private info(region: Region): RegionDominators {
    let d = this.regions.get(region);
    if (!d) this.regions.set(region, (d = computeDominators(region)));
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
