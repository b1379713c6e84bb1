// Region simplification as the greedy driver runs it after each iteration:
// unreachable-block erasure, liveness-based dead code and dead block argument
// elimination, and (aggressive mode) identical block merging and redundant
// block argument dropping.

import { Traits } from '../ir/context.js';
import { Interfaces, getInterface, type BranchInterface } from '../ir/interfaces.js';
import { OpResult, type Block, type Operation, type Region, type Value } from '../ir/operation.js';
import type { PatternRewriter } from './pattern.js';
import { wouldOpBeTriviallyDead } from './side-effects.js';

/** Blocks reachable from the entry, in CFG post-order (successors in order). */
export function postOrder(region: Region): Block[] {
  const out: Block[] = [];
  if (region.empty) return out;
  const entry = region.entry;
  const seen = new Set<Block>([entry]);
  const stack: { b: Block; succ: Block[]; i: number }[] = [{ b: entry, succ: entry.successors(), i: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.i < top.succ.length) {
      const s = top.succ[top.i++];
      if (!seen.has(s)) {
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

function dropAllDefinedValueUses(block: Block): void {
  for (const a of block.args) for (const u of [...a.uses()]) u.unlink();
  for (let o = block.first; o; o = o.next) for (const r of o.results) for (const u of [...r.uses()]) u.unlink();
}

export function eraseUnreachableBlocks(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  let erased = 0;
  const worklist: Region[] = [...regions];
  while (worklist.length) {
    const region = worklist.pop()!;
    if (region.empty) continue;
    if (region.blocks.length === 1) {
      for (let o = region.entry.first; o; o = o.next) worklist.push(...o.regions);
      continue;
    }
    const reachable = new Set(postOrder(region));
    for (const block of [...region.blocks]) {
      if (!reachable.has(block)) {
        dropAllDefinedValueUses(block);
        rewriter.eraseBlock(block);
        erased++;
        continue;
      }
      for (let o = block.first; o; o = o.next) worklist.push(...o.regions);
    }
  }
  return erased > 0;
}

// ---- region DCE

class LiveMap {
  changed = false;
  private readonly live = new Set<Value | Operation>();
  wasProvenLive(x: Value | Operation): boolean {
    if (x instanceof OpResult) return this.live.has(x.owner);
    return this.live.has(x);
  }
  setProvedLive(x: Value | Operation): void {
    if (x instanceof OpResult) x = x.owner;
    if (!this.live.has(x)) {
      this.live.add(x);
      this.changed = true;
    }
  }
}

function branchOf(op: Operation): BranchInterface | undefined {
  return getInterface<BranchInterface>(op, Interfaces.Branch);
}

/** The block argument a branch operand feeds, if the operand is a successor operand. */
function forwardedArgument(op: Operation, operandIndex: number, br: BranchInterface): Value | undefined {
  const operand = op.operandList[operandIndex];
  for (let i = 0; i < op.numSuccessors; i++) {
    const ops = br.getSuccessorOperands(op, i);
    // Identify the operand by position within the op's operand list.
    const start = successorOperandStart(op, i, br);
    if (start < 0) continue;
    const k = operandIndex - start;
    if (k >= 0 && k < ops.length && op.operandList[start + k] === operand) return op.successor(i).args[k];
  }
  return undefined;
}

/** The index of the first operand forwarded to successor `i` (they are contiguous). */
export function successorOperandStart(op: Operation, i: number, br: BranchInterface): number {
  const ops = br.getSuccessorOperands(op, i);
  if (!ops.length) return -1;
  // Successor operand groups follow each other; find the group's offset from the end of the operands.
  let end = op.numOperands;
  for (let j = op.numSuccessors - 1; j > i; j--) end -= br.getSuccessorOperands(op, j).length;
  return end - ops.length;
}

function isUseSpecificallyKnownDead(op: Operation, operandIndex: number, live: LiveMap): boolean {
  const br = branchOf(op);
  if (!br) return false;
  const arg = forwardedArgument(op, operandIndex, br);
  if (arg) return !live.wasProvenLive(arg);
  return false;
}

function processValue(v: Value, live: LiveMap): void {
  for (const use of v.uses()) {
    if (isUseSpecificallyKnownDead(use.owner, use.index, live)) continue;
    if (live.wasProvenLive(use.owner)) {
      live.setProvedLive(v);
      return;
    }
  }
}

function propagateTerminatorLiveness(op: Operation, live: LiveMap): void {
  live.setProvedLive(op);
  const br = branchOf(op);
  if (!br) {
    for (const s of op.successors) for (const a of s.args) live.setProvedLive(a);
    return;
  }
  // Produced (non-forwarded) successor operands: none for the cf ops.
}

function propagateOpLiveness(op: Operation, live: LiveMap): void {
  for (const r of op.regions) propagateRegionLiveness(r, live);
  if (op.hasTrait(Traits.IsTerminator) || (!op.isRegistered && op.numSuccessors > 0)) return propagateTerminatorLiveness(op, live);
  if (live.wasProvenLive(op)) return;
  if (!wouldOpBeTriviallyDead(op)) return live.setProvedLive(op);
  for (const r of op.results) processValue(r, live);
}

function propagateRegionLiveness(region: Region, live: LiveMap): void {
  if (region.empty) return;
  for (const block of postOrder(region)) {
    for (let o = block.last; o; o = o.prev) propagateOpLiveness(o, live);
    if (block.isEntryBlock) continue;
    for (const a of block.args) if (!live.wasProvenLive(a)) processValue(a, live);
  }
}

function eraseTerminatorSuccessorOperands(term: Operation | null, live: LiveMap): void {
  if (!term) return;
  const br = branchOf(term);
  if (!br || !br.setSuccessorOperands) return;
  for (let s = term.numSuccessors - 1; s >= 0; s--) {
    const ops = br.getSuccessorOperands(term, s);
    const succ = term.successor(s);
    const kept = ops.filter((_, k) => live.wasProvenLive(succ.args[k]));
    if (kept.length !== ops.length) br.setSuccessorOperands(term, s, kept);
  }
}

function deleteDeadness(rewriter: PatternRewriter, regions: readonly Region[], live: LiveMap): boolean {
  let erased = false;
  for (const region of regions) {
    if (region.empty) continue;
    const single = region.blocks.length === 1;
    for (const block of postOrder(region)) {
      if (!single) eraseTerminatorSuccessorOperands(block.last, live);
      for (let o = block.last; o; ) {
        const prev = o.prev;
        if (!live.wasProvenLive(o)) {
          erased = true;
          for (const r of o.results) for (const u of [...r.uses()]) u.unlink();
          rewriter.eraseOp(o);
        } else if (o.regions.length) {
          erased = deleteDeadness(rewriter, o.regions, live) || erased;
        }
        o = prev;
      }
    }
    for (const block of region.blocks.slice(1)) {
      for (let i = block.args.length - 1; i >= 0; i--) {
        const a = block.args[i];
        if (!live.wasProvenLive(a)) {
          for (const u of [...a.uses()]) u.unlink();
          block.eraseArgument(i);
        }
      }
    }
  }
  return erased;
}

export function runRegionDCE(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  const live = new LiveMap();
  do {
    live.changed = false;
    for (const r of regions) propagateRegionLiveness(r, live);
  } while (live.changed);
  return deleteDeadness(rewriter, regions, live);
}

export type RegionSimplifyLevel = 'disabled' | 'normal' | 'aggressive';

/** MLIR's simplifyRegions. */
export function simplifyRegions(rewriter: PatternRewriter, regions: readonly Region[], mergeBlocks: boolean): boolean {
  const a = eraseUnreachableBlocks(rewriter, regions);
  const b = runRegionDCE(rewriter, regions);
  let c = false;
  if (mergeBlocks) {
    c = mergeIdenticalBlocksHook(rewriter, regions);
  }
  return a || b || c;
}

/** Block merging for aggressive simplification; installed by block-merge.ts. */
export let mergeIdenticalBlocksHook: (rewriter: PatternRewriter, regions: readonly Region[]) => boolean = () => false;
export function setMergeIdenticalBlocksHook(fn: typeof mergeIdenticalBlocksHook): void {
  mergeIdenticalBlocksHook = fn;
}
