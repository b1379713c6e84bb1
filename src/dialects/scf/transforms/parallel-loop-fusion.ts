// Fusion of adjacent scf.parallel loops (MLIR 22's ParallelLoopFusion.cpp,
// naivelyFuseParallelOps). Loops of one block, with only side-effect free
// ops between them, are fused pairwise in order when they have no nested
// scf.parallel, the same bounds and steps (as SSA values), and no
// conflicting memref accesses: a memref.load in one loop of a buffer the
// other loop stores to must use the store's indices (all stores to that
// buffer using the same index values), may not load a buffer defined in its
// own block, and may not load anything that may alias another stored
// buffer. Only memref.load and memref.store count, as in MLIR 22. The fused
// loop is built before the second one; the first loop's body goes first,
// and reductions are concatenated.

import { DominanceInfo } from '../../../ir/dominance.js';
import type { PatternRewriter } from '../../../ir/pattern.js';
import { Block, type Operation, type Region, type Value } from '../../../ir/operation.js';
import type { OpOf } from '../../../ods/index.js';
import { isMemoryEffectFree } from '../../../ir/side-effects.js';
import { LoadOp, StoreOp } from '../../memref/index.js';
import { ParallelOp, ReduceOp } from '../ops.js';

/** Whether two buffers may be the same memory (`!alias(a, b).isNo()`). */
export type MayAliasFn = (a: Value, b: Value) => boolean;

type Mapping = Map<Value, Value>;
type ParallelLoop = OpOf<typeof ParallelOp>;

const lookup = (m: Mapping, v: Value): Value => m.get(v) ?? v;

function hasNestedParallelOp(ploop: ParallelLoop): boolean {
  const body = ParallelOp.body(ploop);
  for (let op = body.first; op; op = op.next) if (!op.walk((o) => (ParallelOp.isa(o) ? 'interrupt' : 'advance'))) return true;
  return false;
}

function sameValues(a: readonly Value[], b: readonly Value[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function equalIterationSpaces(first: ParallelLoop, second: ParallelLoop): boolean {
  return (
    ParallelOp.body(first).args.length === ParallelOp.body(second).args.length &&
    sameValues(ParallelOp.lowerBound(first), ParallelOp.lowerBound(second)) &&
    sameValues(ParallelOp.upperBound(first), ParallelOp.upperBound(second)) &&
    sameValues(ParallelOp.step(first), ParallelOp.step(second))
  );
}

function attrsEqual(a: ReadonlyMap<string, { key: string }>, b: ReadonlyMap<string, { key: string }>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k)?.key !== v.key) return false;
  return true;
}

/** OperationEquivalence::isRegionEquivalentTo: same structure, values inside mapped one to one. */
function regionsEquivalent(a: Region, b: Region): boolean {
  if (a.blocks.length !== b.blocks.length) return false;
  const map = new Map<Value, Value>();
  const blocks = new Map<Block, Block>();
  for (let i = 0; i < a.blocks.length; i++) {
    const x = a.blocks[i];
    const y = b.blocks[i];
    if (x.args.length !== y.args.length) return false;
    for (let k = 0; k < x.args.length; k++) {
      if (x.args[k].type !== y.args[k].type) return false;
      map.set(x.args[k], y.args[k]);
    }
    blocks.set(x, y);
  }
  for (let i = 0; i < a.blocks.length; i++) {
    let x = a.blocks[i].first;
    let y = b.blocks[i].first;
    for (; x && y; x = x.next, y = y.next) {
      if (x.numSuccessors !== y.numSuccessors) return false;
      for (let s = 0; s < x.numSuccessors; s++) if ((blocks.get(x.successor(s)) ?? x.successor(s)) !== y.successor(s)) return false;
      if (!opsEquivalent(x, y, (u, v) => (map.get(u) ?? u) === v)) return false;
      x.results.forEach((r, k) => map.set(r, y!.results[k]));
    }
    if (x || y) return false;
  }
  return true;
}

/** OperationEquivalence::isEquivalentTo ignoring locations, operands compared by `same`. */
function opsEquivalent(a: Operation, b: Operation, same: (x: Value, y: Value) => boolean): boolean {
  if (a === b) return true;
  if (!attrsEqual(a.attributesView, b.attributesView)) return false;
  if (a.name !== b.name || a.regions.length !== b.regions.length || a.numSuccessors !== b.numSuccessors) return false;
  if (a.numOperands !== b.numOperands || a.numResults !== b.numResults) return false;
  if (!attrsEqual(a.propertiesView, b.propertiesView)) return false;
  for (let i = 0; i < a.numOperands; i++) {
    const x = a.operand(i);
    const y = b.operand(i);
    if (x === y) continue;
    if (x.type !== y.type || !same(x, y)) return false;
  }
  for (let i = 0; i < a.numResults; i++) if (a.results[i].type !== b.results[i].type) return false;
  for (let i = 0; i < a.regions.length; i++) if (!regionsEquivalent(a.regions[i], b.regions[i])) return false;
  return true;
}

/** Every op nested in `block` (in MLIR's post-order walk order), as a flat list. */
function nestedOps<T extends Operation>(block: Block, pick: (op: Operation) => op is T): T[] {
  const out: T[] = [];
  for (let op = block.first; op; op = op.next)
    op.walk((o) => {
      if (pick(o)) out.push(o);
    });
  return out;
}

/**
 * Whether every memref.load in `second` reads a buffer `first` stores to only
 * at the indices of those stores (mapped to `second`'s induction variables).
 */
function noReadsAfterWriteExceptSameIndex(first: ParallelLoop, second: ParallelLoop, firstToSecond: Mapping, mayAlias: MayAliasFn): boolean {
  const stores = new Map<Value, Value[][]>();
  const storedBuffers: Value[] = [];
  for (const store of nestedOps(ParallelOp.body(first), (o): o is OpOf<typeof StoreOp> => StoreOp.isa(o))) {
    const memref = StoreOp.memref(store);
    let list = stores.get(memref);
    if (!list) stores.set(memref, (list = []));
    list.push(StoreOp.indices(store));
    storedBuffers.push(memref);
  }
  for (const load of nestedOps(ParallelOp.body(second), (o): o is OpOf<typeof LoadOp> => LoadOp.isa(o))) {
    const memref = LoadOp.memref(load);
    // A buffer defined next to the load would need a careful alias analysis.
    const def = memref.definingOp;
    if (def && def.parentBlock === load.parentBlock) return false;
    for (const stored of storedBuffers) if (stored !== memref && mayAlias(stored, memref)) return false;
    const list = stores.get(memref);
    if (!list) continue;
    const storeIndices = list[0];
    // Several stores to one buffer must use the same index values.
    if (list.some((other) => !sameValues(other, storeIndices))) return false;
    const loadIndices = LoadOp.indices(load);
    if (storeIndices.length !== loadIndices.length) return false;
    for (let i = 0; i < storeIndices.length; i++) {
      if (lookup(firstToSecond, storeIndices[i]) === loadIndices[i]) continue;
      const sDef = storeIndices[i].definingOp;
      const lDef = loadIndices[i].definingOp;
      if (!sDef || !lDef) return false;
      if (!isMemoryEffectFree(sDef) || !isMemoryEffectFree(lDef)) return false;
      if (!opsEquivalent(sDef, lDef, (x, y) => lookup(firstToSecond, x) === lookup(firstToSecond, y))) return false;
    }
  }
  return true;
}

function mapBodies(from: ParallelLoop, to: ParallelLoop): Mapping {
  const m: Mapping = new Map();
  const a = ParallelOp.body(from).args;
  const b = ParallelOp.body(to).args;
  for (let i = 0; i < a.length && i < b.length; i++) m.set(a[i], b[i]);
  return m;
}

function isFusionLegal(first: ParallelLoop, second: ParallelLoop, mayAlias: MayAliasFn): boolean {
  return (
    !hasNestedParallelOp(first) &&
    !hasNestedParallelOp(second) &&
    equalIterationSpaces(first, second) &&
    noReadsAfterWriteExceptSameIndex(first, second, mapBodies(first, second), mayAlias) &&
    noReadsAfterWriteExceptSameIndex(second, first, mapBodies(second, first), mayAlias)
  );
}

/** DominanceInfo::properlyDominates(a, b, enclosingOpOk = false) for ops. */
function properlyDominatesOp(dom: DominanceInfo, a: Operation, b: Operation): boolean {
  const region = a.parentRegion;
  let anc: Operation | null = b;
  while (anc && anc.parentRegion !== region) anc = anc.parentOp;
  if (!anc || anc === a) return false;
  if (anc.parentBlock === a.parentBlock) return a.isBeforeInBlock(anc);
  return dom.properlyDominates(a.parentBlock!, anc.parentBlock!);
}

/**
 * Fuses `first` into `second` if legal and returns the fused loop (which
 * replaces both), or undefined.
 */
export function fuseParallelLoopsIfLegal(rewriter: PatternRewriter, first: ParallelLoop, second: ParallelLoop, mayAlias: MayAliasFn): ParallelLoop | undefined {
  if (!isFusionLegal(first, second, mayAlias)) return undefined;
  // The first loop's results may only be used after the second loop.
  const dom = new DominanceInfo();
  for (const r of first.results) for (const user of r.users()) if (!properlyDominatesOp(dom, second, user)) return undefined;

  const inits1 = ParallelOp.initVals(first);
  const inits2 = ParallelOp.initVals(second);
  const location = second.location;
  rewriter.setInsertionPointBefore(second);
  const fused = ParallelOp.create(rewriter, {
    lowerBound: ParallelOp.lowerBound(second),
    upperBound: ParallelOp.upperBound(second),
    step: ParallelOp.step(second),
    initVals: [...inits1, ...inits2],
    location,
  });
  const block1 = ParallelOp.body(first);
  const block2 = ParallelOp.body(second);
  const term1 = ReduceOp.cast(ParallelOp.reduceOp(first));
  const term2 = ReduceOp.cast(ParallelOp.reduceOp(second));
  const newBlock = ParallelOp.body(fused);
  rewriter.inlineBlockBefore(block2, newBlock, newBlock.first, newBlock.args);
  rewriter.inlineBlockBefore(block1, newBlock, newBlock.first, newBlock.args);

  if (fused.numResults) {
    rewriter.setInsertionPointToEnd(newBlock);
    const operands = [...ReduceOp.operands(term1), ...ReduceOp.operands(term2)];
    const reduce = ReduceOp.build(rewriter, { operands, reductions: operands.length, location: term2.location });
    const reductions = [...ReduceOp.reductions(term1), ...ReduceOp.reductions(term2)];
    const targets = ReduceOp.reductions(reduce);
    operands.forEach((v, i) => {
      const target = new Block();
      targets[i].pushBlock(target);
      target.addArgument(v.type, term2.location);
      target.addArgument(v.type, term2.location);
      rewriter.inlineBlockBefore(reductions[i].entry, target, null, target.args);
    });
    first.replaceAllUsesWith(fused.results.slice(0, inits1.length));
    second.replaceAllUsesWith(fused.results.slice(inits1.length));
  }
  rewriter.eraseOp(term1);
  rewriter.eraseOp(term2);
  rewriter.eraseOp(first);
  rewriter.eraseOp(second);
  return fused;
}

/** MLIR's naivelyFuseParallelOps: fuses adjacent scf.parallel loops in every block of `region`. */
export function naivelyFuseParallelOps(rewriter: PatternRewriter, region: Region, mayAlias: MayAliasFn): void {
  for (const block of region.blocks) {
    // Loops separated by ops with effects (or regions) are in different chains.
    const chains: ParallelLoop[][] = [[]];
    let noSideEffects = true;
    for (let op = block.first; op; op = op.next) {
      if (ParallelOp.isa(op)) {
        if (noSideEffects) chains[chains.length - 1].push(op);
        else {
          chains.push([op]);
          noSideEffects = true;
        }
        continue;
      }
      noSideEffects &&= isMemoryEffectFree(op) && op.regions.length === 0;
    }
    for (const loops of chains)
      for (let i = 0; i + 1 < loops.length; i++) {
        const fused = fuseParallelLoopsIfLegal(rewriter, loops[i], loops[i + 1], mayAlias);
        if (fused) loops[i + 1] = fused;
      }
  }
}
