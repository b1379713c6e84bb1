// Region simplification as the greedy driver runs it after each iteration:
// unreachable-block erasure, liveness-based dead code and dead block argument
// elimination, and (aggressive mode) identical block merging and redundant
// block argument dropping.

import { Traits, type OpDefinition, type OperationName } from '../ir/context.js';
import { Interfaces, getInterface, type BranchInterface } from '../ir/interfaces.js';
import { BlockArgument, OpResult, newMarkEpoch, type Block, type Operation, type Region, type Value } from '../ir/operation.js';
import type { PatternRewriter } from '../ir/pattern.js';
import { deadWhenUnusedByKind, wouldOpBeTriviallyDead, type NestVerdicts } from '../ir/side-effects.js';

/** Blocks reachable from the entry, in CFG post-order (successors in order). */
export function postOrder(region: Region): Block[] {
  const out: Block[] = [];
  if (region.empty) return out;
  const entry = region.entry;
  // Most regions are one block without successors: no set or stack needed.
  if (region.numBlocks === 1 && (entry.last === null || entry.last.numSuccessors === 0)) {
    out.push(entry);
    return out;
  }
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

/** Erases the blocks of `region` missing from `reachable` (MLIR's eraseUnreachableBlocks for one region). */
function eraseBlocksNotIn(rewriter: PatternRewriter, region: Region, reachable: readonly Block[]): void {
  const keep = new Set(reachable);
  for (let block = region.firstBlock; block; ) {
    const next = block.nextBlock;
    if (!keep.has(block)) {
      dropAllDefinedValueUses(block);
      rewriter.eraseBlock(block);
    }
    block = next;
  }
}

/**
 * MLIR's eraseUnreachableBlocks: the blocks of `regions`, and of the regions
 * nested in their reachable blocks, that the entry block does not reach.
 */
export function eraseUnreachableBlocks(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  let erased = false;
  const worklist = [...regions];
  while (worklist.length) {
    const region = worklist.pop()!;
    if (region.empty) continue;
    const reachable = region.numBlocks === 1 ? [region.entry] : postOrder(region);
    if (reachable.length !== region.numBlocks) {
      eraseBlocksNotIn(rewriter, region, reachable);
      erased = true;
    }
    for (const b of reachable) for (let o = b.first; o; o = o.next) for (const r of o.regions) worklist.push(r);
  }
  return erased;
}

// ---- region DCE

/**
 * Liveness on the ops' and block arguments' `mark` (no Set of every live op):
 * `mark === live` is live. A result is live with its op, as in MLIR's LiveMap.
 * A query answered "not live" stamps the op or argument with this round's
 * `asked` epoch; if it is proven live later in the same round, an answer of
 * this round was stale and another round is needed (`changed`). Otherwise the
 * next round would give every answer again and change nothing, so MLIR's
 * confirming round is skipped (same fixed point).
 */
class LiveMap {
  changed = false;
  /**
   * Ops and block arguments left not live by their own visit in this round.
   * After a round that changed nothing this is exactly what deleteDeadness
   * would erase (none was proven live later, or the round would have changed),
   * so 0 means it has nothing to do.
   */
  dead = 0;
  private readonly live = newMarkEpoch();
  private asked = 0;
  newRound(): void {
    this.changed = false;
    this.dead = 0;
    this.asked = newMarkEpoch();
  }
  wasProvenLive(x: Value | Operation): boolean {
    const o = x instanceof OpResult ? x.owner : x;
    if (o.mark === this.live) return true;
    o.mark = this.asked;
    return false;
  }
  /** wasProvenLive of an op (no result check). */
  opWasProvenLive(o: Operation): boolean {
    if (o.mark === this.live) return true;
    o.mark = this.asked;
    return false;
  }
  setProvedLive(x: Value | Operation): void {
    const o = x instanceof OpResult ? x.owner : x;
    const m = o.mark;
    if (m === this.live) return;
    if (m === this.asked) this.changed = true;
    o.mark = this.live;
  }
  /**
   * Whether `x` was proven live, without recording the question: after the
   * analysis, and for an op's or argument's own visit (no other decision
   * rests on that answer; recording it made every round look stale, so each
   * simplification ran a second, confirming round).
   */
  isLive(x: Value | Operation): boolean {
    return (x instanceof OpResult ? x.owner : x).mark === this.live;
  }
  /** isLive of an op (no result check). */
  opIsLive(o: Operation): boolean {
    return o.mark === this.live;
  }
}

function branchOf(op: Operation): BranchInterface | undefined {
  return getInterface<BranchInterface>(op, Interfaces.Branch);
}

/** The block argument a branch operand feeds, if the operand is a successor operand. */
function forwardedArgument(op: Operation, operandIndex: number, br: BranchInterface): Value | undefined {
  const groups = successorOperandIndices(op, br);
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i];
    const k = g.length ? operandIndex - g[0] : -1;
    if (k >= 0 && k < g.length) return op.successor(i).args[k];
  }
  return undefined;
}

/**
 * The operand indices a branch forwards to each successor. The groups follow
 * each other, in successor order, at the end of the operands (cf.cond_br:
 * condition, true operands, false operands), so positions tell
 * `^bb1(%a), ^bb2(%a)` apart where matching values could not.
 */
export function successorOperandIndices(op: Operation, br: BranchInterface): number[][] {
  const sizes: number[] = [];
  let total = 0;
  for (let s = 0; s < op.numSuccessors; s++) {
    const n = br.getSuccessorOperands(op, s).length;
    sizes.push(n);
    total += n;
  }
  let at = op.numOperands - total;
  return sizes.map((n) => {
    const idx = new Array<number>(n);
    for (let k = 0; k < n; k++) idx[k] = at++;
    return idx;
  });
}

function isUseSpecificallyKnownDead(op: Operation, operandIndex: number, live: LiveMap): boolean {
  // Only successor operands can be known dead: most users have no successors (no interface lookup).
  if (op.numSuccessors === 0) return false;
  const br = branchOf(op);
  if (!br) return false;
  const arg = forwardedArgument(op, operandIndex, br);
  if (arg) return !live.wasProvenLive(arg);
  return false;
}

function processValue(v: Value, live: LiveMap): void {
  for (let use = v.firstUse; use; use = use.nextUse) {
    if (isUseSpecificallyKnownDead(use.owner, use.index, live)) continue;
    if (live.opWasProvenLive(use.owner)) {
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

/** What region DCE asks of every op's kind, found once per kind (the definition is kept to notice a kind registered later). */
interface KindFacts {
  def: OpDefinition | undefined;
  terminator: boolean;
  /** deadWhenUnusedByKind: the dead verdict of a region-less op when unused, undefined when asked per op. */
  deadWhenUnused: boolean | undefined;
}
const kindFacts = new WeakMap<OperationName, KindFacts>();
function factsOf(name: OperationName): KindFacts {
  let f = kindFacts.get(name);
  if (f === undefined || f.def !== name.def) {
    f = { def: name.def, terminator: name.def?.traits.has(Traits.IsTerminator) ?? false, deadWhenUnused: deadWhenUnusedByKind(name) };
    kindFacts.set(name, f);
  }
  return f;
}

function propagateOwnLiveness(op: Operation, live: LiveMap, memo: NestVerdicts): void {
  const facts = factsOf(op.name);
  // Only a registered terminator (an unregistered op with successors is not one:
  // the arguments of its successors are not kept live for it, as in MLIR 22).
  if (facts.terminator) return propagateTerminatorLiveness(op, live);
  if (live.opIsLive(op)) return;
  // A result used by a live op (not as a successor operand, which may feed a
  // dead argument) makes the op live whatever its effects: most ops are
  // decided here, without the effect query (trait and interface lookups, an
  // effect list per call). The questions skipped could only have been
  // answered before a "live" that is reached anyway.
  if (hasLiveUserWithoutSuccessors(op, live)) return live.setProvedLive(op);
  // Without regions, the kind's answer where it has one (wouldOpBeTriviallyDead records nothing for such ops).
  const known = op.regions.length === 0 ? facts.deadWhenUnused : undefined;
  if (known !== undefined ? !known : !wouldOpBeTriviallyDead(op, memo)) return live.setProvedLive(op);
  for (let i = 0; i < op.numResults; i++) processValue(op.result(i), live);
  if (!live.isLive(op)) live.dead++;
}

/** Whether a result of `op` has a user already proven live that has no successors (nothing recorded). */
function hasLiveUserWithoutSuccessors(op: Operation, live: LiveMap): boolean {
  for (let i = 0, n = op.numResults; i < n; i++)
    for (let use = op.result(i).firstUse; use; use = use.nextUse) {
      const user = use.owner;
      if (live.opIsLive(user) && user.numSuccessors === 0) return true;
    }
  return false;
}

/** A level of propagateRegionLiveness's walk: the regions of one op (or the root). */
interface LivenessFrame {
  /** The op whose regions these are (its own liveness comes after them), or null for the root. */
  owner: Operation | null;
  regions: readonly Region[];
  /** The region being walked, its blocks in post-order, and the block being walked. */
  ri: number;
  blocks: Block[] | null;
  bi: number;
  /** The next op of the current block, walking last to first. */
  next: Operation | null;
}

/**
 * MLIR's propagateLiveness over `root`: per block in post-order, its ops last
 * to first (each op's regions before the op itself), then the arguments of a
 * non-entry block. An explicit stack of region ops, not recursion: nests may
 * be deeper than the JavaScript stack; ops without regions are handled in
 * place. `memo` keeps nest verdicts (the IR does not change here).
 */
function propagateRegionLiveness(root: Region, live: LiveMap, memo: NestVerdicts, eraser: PatternRewriter | null): boolean {
  let erased = false;
  const stack: LivenessFrame[] = [{ owner: null, regions: [root], ri: 0, blocks: null, bi: 0, next: null }];
  while (stack.length) {
    const f = stack[stack.length - 1];
    if (f.blocks === null) {
      if (f.ri >= f.regions.length) {
        stack.pop();
        if (f.owner) propagateOwnLiveness(f.owner, live, memo);
        continue;
      }
      if (f.regions[f.ri].empty) {
        f.ri++;
        continue;
      }
      const region = f.regions[f.ri];
      f.blocks = postOrder(region);
      if (eraser && f.blocks.length < region.numBlocks) {
        eraseBlocksNotIn(eraser, region, f.blocks);
        erased = true;
      }
      f.bi = 0;
      f.next = f.blocks[0].last;
      continue;
    }
    const o = f.next;
    if (o === null) {
      // The block's ops are done: its arguments, then the next block.
      const block = f.blocks[f.bi];
      if (!block.isEntryBlock)
        for (const a of block.args)
          if (!live.isLive(a)) {
            processValue(a, live);
            if (!live.isLive(a)) live.dead++;
          }
      if (++f.bi >= f.blocks.length) {
        f.ri++;
        f.blocks = null;
      } else f.next = f.blocks[f.bi].last;
      continue;
    }
    f.next = o.prev;
    if (o.regions.length === 0) propagateOwnLiveness(o, live, memo);
    else stack.push({ owner: o, regions: o.regions, ri: 0, blocks: null, bi: 0, next: null });
  }
  return erased;
}

function eraseTerminatorSuccessorOperands(term: Operation | null, live: LiveMap): void {
  if (!term) return;
  const br = branchOf(term);
  if (!br || !br.setSuccessorOperands) return;
  for (let s = term.numSuccessors - 1; s >= 0; s--) {
    const ops = br.getSuccessorOperands(term, s);
    const succ = term.successor(s);
    const kept = ops.filter((_, k) => live.isLive(succ.args[k]));
    if (kept.length !== ops.length) br.setSuccessorOperands(term, s, kept);
  }
}

/** A level of deleteDeadness's walk: the regions of one live op (or the roots). */
interface DeadnessFrame {
  regions: readonly Region[];
  /** The region being walked, its blocks in post-order, and the block being walked. */
  ri: number;
  blocks: Block[] | null;
  bi: number;
  /** The next op of the current block, walking last to first. */
  next: Operation | null;
}

/** Erases what `live` did not prove live; live region ops are walked on an explicit stack, in MLIR's order. */
function deleteDeadness(rewriter: PatternRewriter, regions: readonly Region[], live: LiveMap): boolean {
  let erased = false;
  const stack: DeadnessFrame[] = [{ regions, ri: 0, blocks: null, bi: 0, next: null }];
  while (stack.length) {
    const f = stack[stack.length - 1];
    if (f.blocks === null) {
      if (f.ri >= f.regions.length) {
        stack.pop();
        continue;
      }
      if (f.regions[f.ri].empty) {
        f.ri++;
        continue;
      }
      f.blocks = postOrder(f.regions[f.ri]);
      f.bi = -1;
      f.next = null;
    }
    const region = f.regions[f.ri];
    if (f.next === null) {
      if (++f.bi >= f.blocks.length) {
        for (let block = region.entry.nextBlock; block; block = block.nextBlock) {
          for (let i = block.args.length - 1; i >= 0; i--) {
            const a = block.args[i];
            if (!live.isLive(a)) {
              for (const u of [...a.uses()]) u.unlink();
              block.eraseArgument(i);
            }
          }
        }
        f.ri++;
        f.blocks = null;
        continue;
      }
      const block = f.blocks[f.bi];
      if (region.numBlocks !== 1) eraseTerminatorSuccessorOperands(block.last, live);
      f.next = block.last;
      continue;
    }
    const o = f.next;
    f.next = o.prev;
    if (!live.isLive(o)) {
      erased = true;
      for (const r of o.results) for (const u of [...r.uses()]) u.unlink();
      rewriter.eraseOp(o);
    } else if (o.regions.length) stack.push({ regions: o.regions, ri: 0, blocks: null, bi: 0, next: null });
  }
  return erased;
}

/**
 * Region DCE. With `eraseUnreachable`, the first liveness round also erases
 * the unreachable blocks of each region as it enters it, before walking any of
 * its blocks (what MLIR's eraseUnreachableBlocks before it does, without a walk
 * of its own): every use of a value is in a block its definition dominates,
 * so the unreachable blocks holding uses of a value are gone before the value
 * is asked about, and the liveness is that of the IR without them.
 */
export function runRegionDCE(rewriter: PatternRewriter, regions: readonly Region[], eraseUnreachable = false): boolean {
  let erasedBlocks = false;
  const live = new LiveMap();
  // Nest verdicts of wouldOpBeTriviallyDead: inner nests are asked first, so
  // each nest is walked once per round rather than once per enclosing op.
  const memo: NestVerdicts = new Map();
  // The marks belong to this analysis until deleteDeadness is done: nothing
  // called in between may use them.
  let eraser = eraseUnreachable ? rewriter : null;
  do {
    live.newRound();
    for (const r of regions) if (propagateRegionLiveness(r, live, memo, eraser)) erasedBlocks = true;
    eraser = null;
  } while (live.changed);
  // Most runs (every iteration after the first few) find nothing dead: the
  // deletion walk over the whole nest is skipped then.
  if (live.dead === 0) return erasedBlocks;
  return deleteDeadness(rewriter, regions, live) || erasedBlocks;
}

export type RegionSimplifyLevel = 'disabled' | 'normal' | 'aggressive';

/** MLIR's simplifyRegions. */
export function simplifyRegions(rewriter: PatternRewriter, regions: readonly Region[], mergeBlocks: boolean): boolean {
  // eraseUnreachableBlocks, then runRegionDCE, in one walk.
  const b = runRegionDCE(rewriter, regions, true);
  let c = false;
  let d = false;
  if (mergeBlocks) {
    c = mergeIdenticalBlocks(rewriter, regions);
    d = dropRedundantArguments(rewriter, regions);
  }
  return b || c || d;
}

// ---- block merging (aggressive mode)

let nextBlockId = 1;
const blockIds = new WeakMap<Block, number>();
function blockId(b: Block): number {
  let id = blockIds.get(b);
  if (id === undefined) blockIds.set(b, (id = nextBlockId++));
  return id;
}

function attrDictKey(op: Operation): string {
  const key = (m: ReadonlyMap<string, { key: string }>): string =>
    [...m.entries()]
      .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
      .map(([k, v]) => `${k}=${v.key}`)
      .join(',');
  return `${key(op.properties)}|${key(op.attributes)}`;
}

/** OperationEquivalence::isEquivalentTo ignoring operand values and locations (regions are empty here). */
function opsShapeEquivalent(a: Operation, b: Operation): boolean {
  if (a.name !== b.name || a.regions.length !== b.regions.length || a.numSuccessors !== b.numSuccessors) return false;
  if (a.numOperands !== b.numOperands || a.numResults !== b.numResults) return false;
  if (attrDictKey(a) !== attrDictKey(b)) return false;
  for (let i = 0; i < a.numOperands; i++) if (a.operand(i).type !== b.operand(i).type) return false;
  for (let i = 0; i < a.numResults; i++) if (a.result(i).type !== b.result(i).type) return false;
  return true;
}

/** Position of a value defined in `block`: argument number, or the count of values defined before it. */
function orderIndex(block: Block): (v: Value) => number {
  const order = new Map<Operation, number>();
  let n = block.args.length;
  for (let o = block.first; o; o = o.next) {
    if (o.numResults) {
      order.set(o, n);
      n += o.numResults;
    }
  }
  return (v) => (v instanceof OpResult ? order.get(v.owner)! + v.index : v instanceof BlockArgument ? v.index : -1);
}

function predecessorBlocks(b: Block): Block[] {
  const out: Block[] = [];
  for (let u = b.firstUse; u; u = u.nextUse) out.push(u.owner.parentBlock!);
  return out;
}

function usedOutsideOf(v: Value, block: Block): boolean {
  for (const u of v.uses()) if (u.owner.parentBlock !== block) return true;
  return false;
}

class MergeCluster {
  readonly toMerge: Block[] = [];
  /** (op index, operand index) pairs that become new leader arguments, sorted. */
  private readonly operandsToMerge = new Map<string, [number, number]>();
  private readonly leaderOrder: (v: Value) => number;
  constructor(readonly leader: Block) {
    this.leaderOrder = orderIndex(leader);
  }

  add(block: Block): boolean {
    const leader = this.leader;
    if (leader.args.length !== block.args.length || leader.args.some((a, i) => a.type !== block.args[i].type)) return false;
    const order = orderIndex(block);
    const mismatched: [number, number][] = [];
    let l = leader.first;
    let r = block.first;
    let opI = 0;
    for (; l && r; l = l.next, r = r.next, opI++) {
      if (!opsShapeEquivalent(l, r)) return false;
      for (let k = 0; k < l.numOperands; k++) {
        const lv = l.operand(k);
        const rv = r.operand(k);
        if (lv === rv) continue;
        if (lv.type !== rv.type) return false;
        const lIn = lv.parentBlock === leader;
        const rIn = rv.parentBlock === block;
        if (lIn !== rIn) return false;
        if (!lIn) {
          // A value produced by a predecessor's terminator cannot be passed along that edge.
          const valid = (target: Block, v: Value): boolean => {
            const def = v.definingOp;
            if (!def || def !== v.parentBlock?.last) return true;
            return !predecessorBlocks(target).includes(v.parentBlock!);
          };
          if (!valid(leader, lv) || !valid(block, rv)) return false;
          mismatched.push([opI, k]);
          continue;
        }
        if (this.leaderOrder(lv) !== order(rv)) return false;
      }
      if (r.results.some((v) => usedOutsideOf(v, block)) || l.results.some((v) => usedOutsideOf(v, leader))) return false;
    }
    if (l || r) return false;
    for (const m of mismatched) this.operandsToMerge.set(`${m[0]},${m[1]}`, m);
    if (!this.toMerge.includes(block)) this.toMerge.push(block);
    return true;
  }

  merge(rewriter: PatternRewriter): boolean {
    if (!this.toMerge.length) return false;
    const leader = this.leader;
    const pairs = [...this.operandsToMerge.values()].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    if (pairs.length) {
      const branchPreds = (b: Block): boolean => {
        for (let u = b.firstUse; u; u = u.nextUse) if (!branchOf(u.owner)) return false;
        return true;
      };
      if (!branchPreds(leader) || !this.toMerge.every(branchPreds)) return false;
      const blocks = [leader, ...this.toMerge];
      const opsOf = blocks.map((b) => b.ops);
      const newArgs: Value[][] = blocks.map(() => []);
      const numOld = leader.args.length;
      for (const [opI, k] of pairs) {
        blocks.forEach((_, i) => {
          const op = opsOf[i][opI];
          const v = op.operand(k);
          newArgs[i].push(v);
          if (i === 0) op.setOperand(k, leader.addArgument(v.type, v instanceof BlockArgument ? v.location : v.definingOp!.location));
        });
      }
      const pruned = pruneRedundantArguments(newArgs, rewriter, numOld, leader);
      const update = (b: Block, args: readonly Value[]): void => {
        for (let u = b.firstUse; u; u = u.nextUse) {
          const br = branchOf(u.owner)!;
          const ops = br.getSuccessorOperands(u.owner, u.index);
          br.setSuccessorOperands?.(u.owner, u.index, [...ops, ...args]);
        }
      };
      update(leader, pruned[0]);
      this.toMerge.forEach((b, i) => update(b, pruned[i + 1]));
    }
    for (const b of this.toMerge) {
      for (let u = b.firstUse; u; u = b.firstUse) u.set(leader);
      rewriter.eraseBlock(b);
    }
    return true;
  }
}

/** Drops new arguments that receive the same values as an earlier one in every list. */
function pruneRedundantArguments(newArgs: Value[][], rewriter: PatternRewriter, numOld: number, block: Block): Value[][] {
  if (!newArgs.length) return newArgs;
  const numArgs = newArgs[0].length;
  const first = new Map<Value, number>();
  newArgs[0].forEach((v, j) => {
    if (!first.has(v)) first.set(v, j);
  });
  const replacement = new Map<number, number>();
  for (let j = 0; j < numArgs; j++) {
    const k = first.get(newArgs[0][j])!;
    if (k === j) continue;
    if (newArgs.every((list) => list[k] === list[j])) replacement.set(j, k);
  }
  const pruned = newArgs.map((list) => list.filter((_, j) => !replacement.has(j)));
  const toErase: number[] = [];
  for (const [j, k] of [...replacement.entries()].sort((x, y) => x[0] - y[0])) {
    rewriter.replaceAllUsesWith(block.args[numOld + j], block.args[numOld + k]);
    toErase.push(numOld + j);
  }
  for (let i = toErase.length - 1; i >= 0; i--) block.eraseArgument(toErase[i]);
  return pruned;
}

function mergeIdenticalBlocksIn(rewriter: PatternRewriter, region: Region): boolean {
  if (region.blocks.length <= 1) return false;
  // Candidate groups: non-entry blocks with the same successor list.
  const groups = new Map<string, Block[]>();
  for (const b of region.blocks.slice(1)) {
    const key = b.successors().map(blockId).join(',');
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(b);
  }
  let merged = false;
  for (const blocks of groups.values()) {
    if (blocks.length === 1) continue;
    const clusters: MergeCluster[] = [];
    for (const b of blocks) {
      if (b.ops.some((o) => o.regions.some((r) => !r.empty))) continue;
      if (b.args.some((a) => usedOutsideOf(a, b))) continue;
      if (!clusters.some((c) => c.add(b))) clusters.push(new MergeCluster(b));
    }
    for (const c of clusters) if (c.merge(rewriter)) merged = true;
  }
  return merged;
}

function nestedRegions(region: Region): Region[] {
  const out: Region[] = [];
  for (const b of region.blocks) for (let o = b.first; o; o = o.next) out.push(...o.regions);
  return out;
}

/** MLIR's mergeIdenticalBlocks over a region tree (a set-vector worklist, last in first out). */
export function mergeIdenticalBlocks(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  const worklist: Region[] = [];
  const push = (r: Region): void => {
    if (!worklist.includes(r)) worklist.push(r);
  };
  regions.forEach(push);
  let changed = false;
  while (worklist.length) {
    const region = worklist.pop()!;
    if (mergeIdenticalBlocksIn(rewriter, region)) {
      push(region);
      changed = true;
    }
    nestedRegions(region).forEach(push);
  }
  return changed;
}

/** Drops block arguments that receive the same value from every predecessor. */
function dropRedundantBlockArguments(rewriter: PatternRewriter, block: Block): boolean {
  const toErase: number[] = [];
  block.args.forEach((arg, idx) => {
    let same = true;
    let common: Value | undefined;
    for (let u = block.firstUse; u; u = u.nextUse) {
      const br = branchOf(u.owner);
      if (!br) {
        same = false;
        break;
      }
      const produced = br.getProducedOperandCount?.(u.owner, u.index) ?? 0;
      const v = br.getSuccessorOperands(u.owner, u.index)[idx - produced];
      if (common === undefined) {
        common = v;
        continue;
      }
      if (v !== common) {
        same = false;
        break;
      }
    }
    if (common !== undefined && same) {
      toErase.push(idx);
      rewriter.replaceAllUsesWith(arg, common);
    }
  });
  for (let i = toErase.length - 1; i >= 0; i--) {
    const idx = toErase[i];
    block.eraseArgument(idx);
    for (let u = block.firstUse; u; u = u.nextUse) {
      const br = branchOf(u.owner)!;
      const produced = br.getProducedOperandCount?.(u.owner, u.index) ?? 0;
      const ops = br.getSuccessorOperands(u.owner, u.index);
      br.setSuccessorOperands?.(u.owner, u.index, ops.filter((_, k) => k !== idx - produced));
    }
  }
  return toErase.length > 0;
}

export function dropRedundantArguments(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  const worklist: Region[] = [];
  const push = (r: Region): void => {
    if (!worklist.includes(r)) worklist.push(r);
  };
  regions.forEach(push);
  let changed = false;
  while (worklist.length) {
    const region = worklist.pop()!;
    for (const b of region.blocks) {
      if (dropRedundantBlockArguments(rewriter, b)) changed = true;
      for (let o = b.first; o; o = o.next) o.regions.forEach(push);
    }
  }
  return changed;
}
