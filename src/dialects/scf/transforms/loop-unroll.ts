// Loop unrolling over scf.for and scf.parallel (MLIR 22's SCF Utils:
// generateUnrolledLoop, loopUnrollByFactor, loopUnrollFull,
// loopUnrollJamByFactor, parallelLoopUnrollByFactors).
//
// The IR built is MLIR 22's, op for op and in the same order (so constants
// and SSA names come out as mlir-opt prints them). Where MLIR 22 crashes,
// hangs or computes a wrong result, this does not, as noted at each place:
// static trip counts are exact (trip-count.ts); a static trip count over
// non-constant bounds takes the dynamic path (MLIR 22 aborts); a main loop
// left without iterations is erased without first cloning its body
// unrollFactor - 1 times (same result, no hang for huge factors); an
// unrolled step that overflows the IV type is refused; unroll-and-jam builds
// its constants in the IV type (MLIR 22 mixes index into non-index loops);
// parallel loops with reductions are not unrolled (MLIR 22 crashes).

import { Builder, Rewriter } from '../../../ir/builder.js';
import { matchConstantInt } from '../../../ir/matchers.js';
import { OpResult, type Block, type BlockArgument, type Operation, type Region, type Value } from '../../../ir/operation.js';
import { cloneAt, IRMapping } from '../../../transforms/clone.js';
import { AddIOp, ConstantOp, DivUIOp, MulIOp, RemSIOp, SubIOp } from '../../arith/index.js';
import { ForOp, ParallelOp, YieldOp } from '../ops.js';
import { AffineApplyOp } from '../../affine/ops.js';
import { AffineMap, affineAdd, constExpr, dimExpr } from '../../../ir/affine.js';
import { asLoopInt, constantTripCount, getStaticTripCount, loopBitWidth, promoteIfSingleIteration, staticTripCountFor } from './trip-count.js';
import { replaceWithAdditionalYields } from './loop-utils.js';
import { PatternRewriter } from '../../../ir/pattern.js';
import type { OpOf } from '../../../ods/index.js';

type ForLoop = OpOf<typeof ForOp>;
type ParallelLoop = OpOf<typeof ParallelOp>;

/** Called on every op of every unrolled copy (iteration 0 is the original body), e.g. to tag it. */
export type AnnotateFn = (iteration: number, op: Operation, builder: Builder) => void;
/** The value the induction variable has in unrolled copy `iteration`, built with `builder`. */
export type IvRemapFn = (iteration: number, iv: Value, builder: Builder) => Value;

/**
 * MLIR's generateUnrolledLoop: appends `unrollFactor - 1` copies of the
 * body's ops (its terminator excepted) before the terminator. Copy `i` sees
 * the iter args as the values copy `i - 1` yields and the induction variable
 * as `ivRemapFn(i)` (built only while the IV has uses); the terminator then
 * yields what the last copy yields.
 */
export function generateUnrolledLoop(
  body: Block,
  iv: Value,
  unrollFactor: number,
  ivRemapFn: IvRemapFn,
  annotateFn: AnnotateFn | undefined,
  iterArgs: readonly Value[],
  yieldedValues: readonly Value[],
): void {
  const terminator = body.last!;
  const builder = new Builder(terminator.context);
  builder.setInsertionPointBefore(terminator);
  // The original ops, fixed before copies are added after them.
  const srcOps: Operation[] = [];
  for (let op = body.first; op && op !== terminator; op = op.next) srcOps.push(op);
  let lastYielded = [...yieldedValues];
  for (let i = 1; i < unrollFactor; i++) {
    const mapping = new IRMapping();
    mapping.mapAll(iterArgs, lastYielded);
    if (iv.hasUses) mapping.map(iv, ivRemapFn(i, iv, builder));
    for (const src of srcOps) {
      const copy = cloneAt(builder, src, mapping);
      annotateFn?.(i, copy, builder);
    }
    lastYielded = yieldedValues.map((v) => mapping.lookupOrDefault(v));
  }
  // The originals last, so that their annotations are not copied.
  if (annotateFn) for (const src of srcOps) annotateFn(0, src, builder);
  terminator.setOperands(lastYielded);
}

/** The loops left by loopUnrollByFactor (absent when promoted into the parent block or erased). */
export interface UnrolledLoopInfo {
  mainLoopOp?: ForLoop;
  epilogueLoopOp?: ForLoop;
}

export type UnrollResult = ({ ok: true } & UnrolledLoopInfo) | { ok: false; reason: string };

/** The failure reason when `maxClonedOps` refuses an unrolling. */
export const TOO_MANY_CLONES = 'too many operations to clone';

export interface UnrollOptions {
  annotateFn?: AnnotateFn;
  /**
   * Refuse (before changing anything) an unrolling that would clone more
   * ops than this: MLIR clones them all, which for huge factors never ends.
   */
  maxClonedOps?: number;
  /**
   * Count a zero constant step (or a negative one in a signed loop) as zero
   * trips, as MLIR 22's ForOp::getStaticTripCount does (staticTripCountFor):
   * the test pass, whose output is compared with mlir-opt 22's. Other users
   * keep the later upstream count.
   */
  mlir22TripCount?: boolean;
}

/** The ops in `block` (nested ones included), its terminator excepted. */
function countBodyOps(block: Block): number {
  let n = 0;
  for (let op = block.first; op && op !== block.last; op = op.next) op.walk(() => void n++);
  return n;
}

/** The largest value of the loop's IV type in its signedness. */
function maxLoopInt(width: number, isSigned: boolean): bigint {
  return isSigned ? (1n << BigInt(width - 1)) - 1n : (1n << BigInt(width)) - 1n;
}

/**
 * MLIR's loopUnrollByFactor: unrolls `forOp` by `unrollFactor` into a main
 * loop stepping by `step * unrollFactor` and, when the trip count may not be
 * a multiple of the factor, an epilogue loop for the remaining iterations
 * (carrying the iter args on). With constant bounds the new bounds are
 * constants; otherwise they are computed in front of the loop. Loops left
 * with one iteration are promoted, with none erased. A body with nothing but
 * its terminator is left alone.
 */
export function loopUnrollByFactor(forOp: ForLoop, unrollFactor: bigint, options: UnrollOptions = {}): UnrollResult {
  if (unrollFactor < 1n) throw new Error('loopUnrollByFactor: expected a positive unroll factor');
  const body = ForOp.body(forOp);
  if (body.first === body.last) return { ok: true, mainLoopOp: forOp };

  const ctx = forOp.context;
  const loc = forOp.location;
  const rewriter = new Rewriter(ctx);
  const boundsBuilder = new Builder(ctx);
  boundsBuilder.setInsertionPointBefore(forOp);
  const lb = ForOp.lowerBound(forOp);
  const ub = ForOp.upperBound(forOp);
  const step = ForOp.step(forOp);
  const ivType = lb.type;
  const isSigned = !ForOp.unsignedCmp(forOp);
  const width = loopBitWidth(ivType)!;

  let upperBoundUnrolled: Value;
  let stepUnrolled: Value;
  let generateEpilogueLoop = true;
  let mainLoopHasNoIteration = false;

  const tripCount = staticTripCountFor(forOp, options.mlir22TripCount ?? false);
  const lbCst = matchConstantInt(lb);
  const ubCst = matchConstantInt(ub);
  const stepCst = matchConstantInt(step);
  // A static trip count over non-constant bounds (lb == ub, ub = lb + c) takes the dynamic path.
  if (tripCount !== undefined && lbCst !== undefined && ubCst !== undefined && stepCst !== undefined) {
    const l = asLoopInt(lbCst, width, isSigned);
    const u = asLoopInt(ubCst, width, isSigned);
    const s = asLoopInt(stepCst, width, isSigned);
    if (unrollFactor === 1n) {
      if (tripCount === 1n && promoteIfSingleIteration(rewriter, forOp, options.mlir22TripCount)) return { ok: true };
      return { ok: true, mainLoopOp: forOp };
    }
    const tripCountEvenMultiple = tripCount - (tripCount % unrollFactor);
    const upperBoundUnrolledCst = l + tripCountEvenMultiple * s;
    const stepUnrolledCst = s * unrollFactor;
    mainLoopHasNoIteration = tripCountEvenMultiple === 0n;
    if (!mainLoopHasNoIteration && stepUnrolledCst > maxLoopInt(width, isSigned))
      return { ok: false, reason: 'the unrolled step overflows the induction variable type' };
    if (!mainLoopHasNoIteration && options.maxClonedOps !== undefined && countBodyOps(body) * Number(unrollFactor - 1n) > options.maxClonedOps)
      return { ok: false, reason: TOO_MANY_CLONES };
    generateEpilogueLoop = upperBoundUnrolledCst < u;
    upperBoundUnrolled = generateEpilogueLoop ? ConstantOp.int(boundsBuilder, upperBoundUnrolledCst, ivType, loc) : ub;
    stepUnrolled = stepUnrolledCst === s ? step : ConstantOp.int(boundsBuilder, stepUnrolledCst, ivType, loc);
  } else {
    if (options.maxClonedOps !== undefined && countBodyOps(body) * Number(unrollFactor - 1n) > options.maxClonedOps)
      return { ok: false, reason: TOO_MANY_CLONES };
    // tripCount = ceilDiv(ub - lb, step), by (ub - lb + step - 1) divui step.
    const diff = SubIOp.result(SubIOp.build(boundsBuilder, { lhs: ub, rhs: lb, location: loc }));
    const one = ConstantOp.int(boundsBuilder, 1, ivType, loc);
    const stepMinusOne = SubIOp.result(SubIOp.build(boundsBuilder, { lhs: step, rhs: one, location: loc }));
    const sum = AddIOp.result(AddIOp.build(boundsBuilder, { lhs: diff, rhs: stepMinusOne, location: loc }));
    const dynTripCount = DivUIOp.result(DivUIOp.build(boundsBuilder, { lhs: sum, rhs: step, location: loc }));
    const factorCst = ConstantOp.int(boundsBuilder, unrollFactor, ivType, loc);
    const rem = RemSIOp.result(RemSIOp.build(boundsBuilder, { lhs: dynTripCount, rhs: factorCst, location: loc }));
    const evenMultiple = SubIOp.result(SubIOp.build(boundsBuilder, { lhs: dynTripCount, rhs: rem, location: loc }));
    const span = MulIOp.result(MulIOp.build(boundsBuilder, { lhs: evenMultiple, rhs: step, location: loc }));
    upperBoundUnrolled = AddIOp.result(AddIOp.build(boundsBuilder, { lhs: lb, rhs: span, location: loc }));
    stepUnrolled = MulIOp.result(MulIOp.build(boundsBuilder, { lhs: step, rhs: factorCst, location: loc }));
  }

  const info: UnrolledLoopInfo = {};
  if (generateEpilogueLoop) {
    // The epilogue runs from upperBoundUnrolled with the original step, starting from the main loop's results.
    const after = new Builder(ctx);
    after.setInsertionPointAfter(forOp);
    const epilogue = cloneAt(after, forOp) as ForLoop;
    ForOp.lowerBoundMutable(epilogue).set(upperBoundUnrolled);
    forOp.results.forEach((r, i) => r.replaceAllUsesWith(epilogue.results[i]));
    ForOp.initArgsMutable(epilogue).forEach((operand, i) => operand.set(forOp.results[i]));
    if (!promoteIfSingleIteration(rewriter, epilogue, options.mlir22TripCount)) info.epilogueLoopOp = epilogue;
  }
  // Set even when unchanged, as MLIR does: the use moves to the front of its value's list.
  ForOp.upperBoundMutable(forOp).set(upperBoundUnrolled);
  ForOp.stepMutable(forOp).set(stepUnrolled);

  if (mainLoopHasNoIteration) {
    // MLIR clones the body into the empty main loop before erasing it: same result.
    rewriter.replaceOp(forOp, ForOp.initArgs(forOp));
    return { ok: true, ...info };
  }
  generateUnrolledLoop(
    body,
    ForOp.inductionVar(forOp),
    Number(unrollFactor),
    (i, iv, b) => {
      // iv' = iv + step * i
      const index = ConstantOp.int(b, i, iv.type, loc);
      const stride = MulIOp.result(MulIOp.build(b, { lhs: step, rhs: index, location: loc }));
      return AddIOp.result(AddIOp.build(b, { lhs: iv, rhs: stride, location: loc }));
    },
    options.annotateFn,
    ForOp.regionIterArgs(forOp),
    YieldOp.results(YieldOp.cast(ForOp.yieldOp(forOp))),
  );
  if (!promoteIfSingleIteration(rewriter, forOp, options.mlir22TripCount)) info.mainLoopOp = forOp;
  return { ok: true, ...info };
}

/**
 * MLIR's loopUnrollFull: a loop with a static trip count is replaced by that
 * many copies of its body (none: left alone; one: promoted). Fails when the
 * trip count is unknown.
 */
export function loopUnrollFull(forOp: ForLoop, options: Pick<UnrollOptions, 'maxClonedOps'> = {}): UnrollResult {
  const tripCount = getStaticTripCount(forOp);
  if (tripCount === undefined) return { ok: false, reason: 'unknown trip count' };
  if (tripCount === 0n) return { ok: true, mainLoopOp: forOp };
  if (tripCount === 1n) {
    promoteIfSingleIteration(new Rewriter(forOp.context), forOp);
    return { ok: true };
  }
  // Without annotations, as in MLIR.
  return loopUnrollByFactor(forOp, tripCount, { maxClonedOps: options.maxClonedOps });
}

// ---- unroll and jam

/** The region a value is defined in (an op result's block's, or a block argument's). */
function parentRegion(v: Value): Region | null {
  return v instanceof OpResult ? v.definingOp.parentRegion : (v as BlockArgument).owner.parent;
}

/** Whether every loop nested in `forOp` (itself included) has bounds and step defined outside it. */
function areInnerBoundsInvariant(forOp: ForLoop): boolean {
  const region = ForOp.region(forOp);
  const outside = (v: Value): boolean => {
    const r = parentRegion(v);
    return !r || !region.isAncestorOf(r);
  };
  return forOp.walk((op) => {
    if (!ForOp.isa(op)) return 'advance';
    return outside(ForOp.lowerBound(op)) && outside(ForOp.upperBound(op)) && outside(ForOp.step(op)) ? 'advance' : 'interrupt';
  });
}

/**
 * MLIR's JamBlockGatherer: the maximal runs of ops other than scf.for (first
 * and last op) in `root`'s blocks and, recursively, in the bodies of the
 * scf.for ops between them, in program order (terminators left out); and
 * those scf.for ops, `root` included.
 */
function gatherJamBlocks(root: Operation): { subBlocks: [Operation, Operation][]; loops: Set<Operation> } {
  const out: [Operation, Operation][] = [];
  const loops = new Set<Operation>([root]);
  interface Frame {
    blocks: Block[];
    index: number;
    /** The next op to look at in blocks[index]; null before its start. */
    next: Operation | null;
  }
  const blocksOf = (op: Operation): Block[] => op.regions.flatMap((r) => r.blocks);
  const frames: Frame[] = [{ blocks: blocksOf(root), index: 0, next: null }];
  while (frames.length) {
    const top = frames[frames.length - 1];
    if (top.index >= top.blocks.length) {
      frames.pop();
      continue;
    }
    const block = top.blocks[top.index];
    const end = block.last;
    let it = top.next ?? block.first;
    const start = it;
    while (it && it !== end && !ForOp.isa(it)) it = it.next;
    if (it !== start && start && it) out.push([start, it.prev!]);
    if (!it || it === end) {
      top.index++;
      top.next = null;
      continue;
    }
    // A loop: its blocks next, then the rest of this block.
    top.next = it.next;
    loops.add(it);
    frames.push({ blocks: blocksOf(it), index: 0, next: null });
  }
  return { subBlocks: out, loops };
}

/** Whether `def` comes before `user` or an op enclosing it, in the same block. */
function properlyDominates(def: Operation, user: Operation): boolean {
  for (let o: Operation | null = user; o; o = o.parentOp)
    if (o.parentBlock === def.parentBlock) return o !== def && def.isBeforeInBlock(o);
  return false;
}

/**
 * MLIR's loopUnrollJamByFactor: unrolls `forOp` by `unrollJamFactor` and
 * jams the copies: each run of ops between nested loops is followed by its
 * copies, and every nested loop carries its iter args once per copy. Needs a
 * static trip count that is a multiple of the factor (a larger factor is cut
 * to the trip count), bounds of the nested loops defined outside `forOp`,
 * and no results on `forOp`; returns false (IR untouched) otherwise.
 */
export function loopUnrollJamByFactor(forOp: ForLoop, unrollJamFactor: bigint): boolean {
  if (unrollJamFactor < 1n) throw new Error('loopUnrollJamByFactor: expected a positive unroll-jam factor');
  if (unrollJamFactor === 1n) return true;
  if (!areInnerBoundsInvariant(forOp)) return false;
  if (forOp.numResults > 0) return false;
  const tripCount = getStaticTripCount(forOp);
  if (tripCount === undefined) return false;
  if (tripCount === 0n) return true;
  let factorBig = unrollJamFactor;
  if (factorBig > tripCount) factorBig = tripCount;
  else if (tripCount % factorBig !== 0n) return false;
  if (ForOp.body(forOp).first === ForOp.body(forOp).last) return true;
  const factor = Number(factorBig);

  const { subBlocks, loops: jammedLoops } = gatherJamBlocks(forOp);
  // Loops nested in other ops of a run are copied with it: MLIR 22 gives them
  // extra iter args too, which leaves the copies invalid.
  const innerLoops: ForLoop[] = [];
  forOp.walk((op) => {
    if (ForOp.isa(op) && jammedLoops.has(op)) innerLoops.push(op);
  });

  // operandMaps[i - 1]: old values to those of copy i.
  const operandMaps = Array.from({ length: factor - 1 }, () => new IRMapping());
  const rewriter = new PatternRewriter(forOp.context);
  const newInnerLoops: ForLoop[] = [];
  for (const oldForOp of innerLoops) {
    const oldInits = ForOp.initArgs(oldForOp);
    const oldYields = YieldOp.results(YieldOp.cast(ForOp.yieldOp(oldForOp)));
    const dupInits: Value[] = [];
    const dupYields: Value[] = [];
    for (let i = factor - 1; i >= 1; i--) {
      dupInits.push(...oldInits);
      dupYields.push(...oldYields);
    }
    const isRoot = oldForOp === forOp;
    const newForOp = replaceWithAdditionalYields(rewriter, oldForOp, dupInits, false, () => dupYields);
    newInnerLoops.push(newForOp);
    if (isRoot) forOp = newForOp;
    const newIterArgs = ForOp.regionIterArgs(newForOp);
    const newResults = newForOp.results;
    const n = oldInits.length;
    for (let i = factor - 1; i >= 1; i--)
      for (let j = 0; j < n; j++) {
        operandMaps[i - 1].map(newIterArgs[j], newIterArgs[i * n + j]);
        operandMaps[i - 1].map(newResults[j], newResults[i * n + j]);
      }
  }

  // The step times the factor: createOrFold of arith.muli on two constants is a new constant.
  rewriter.setInsertionPointBefore(forOp);
  const loc = forOp.location;
  const ivType = ForOp.inductionVar(forOp).type;
  const step = matchConstantInt(ForOp.step(forOp))!;
  ConstantOp.int(rewriter, factorBig, ivType, loc);
  ForOp.stepMutable(forOp).set(ConstantOp.int(rewriter, step * factorBig, ivType, loc));
  const iv = ForOp.inductionVar(forOp);

  for (let i = factor - 1; i >= 1; i--) {
    for (const [first, last] of subBlocks) {
      // Copies go right after the run; later copies were inserted there before.
      const builder = new Builder(forOp.context);
      builder.setInsertionPointAfter(last);
      if (iv.hasUses) {
        const tag = ConstantOp.int(builder, step * BigInt(i), ivType, loc);
        operandMaps[i - 1].map(iv, AddIOp.result(AddIOp.build(builder, { lhs: iv, rhs: tag, location: loc })));
      }
      for (let op: Operation | null = first; op; op = op === last ? null : op.next) cloneAt(builder, op, operandMaps[i - 1]);
    }
    // The copies' inits and yields of every loop with iter args. The IV maps
    // to the copy made after the last run; where that does not dominate the
    // use (MLIR 22 leaves such invalid IR), the copy's IV is built in place.
    const copyOf = (v: Value, user: Operation): Value => {
      const mapped = operandMaps[i - 1].lookupOrDefault(v);
      if (v !== iv || (mapped instanceof OpResult && properlyDominates(mapped.definingOp, user))) return mapped;
      const builder = new Builder(forOp.context);
      builder.setInsertionPointBefore(user);
      const tag = ConstantOp.int(builder, step * BigInt(i), ivType, loc);
      return AddIOp.result(AddIOp.build(builder, { lhs: iv, rhs: tag, location: loc }));
    };
    for (const loop of newInnerLoops) {
      const inits = ForOp.initArgsMutable(loop);
      const n = inits.length / factor;
      const yieldOp = YieldOp.cast(ForOp.yieldOp(loop));
      const yields = [...YieldOp.results(yieldOp)];
      for (let j = 0; j < n; j++) {
        inits[i * n + j].set(copyOf(inits[j].value, loop));
        yields[i * n + j] = copyOf(yields[j], yieldOp);
      }
      yieldOp.setOperands(yields);
    }
  }
  promoteIfSingleIteration(rewriter, forOp);
  return true;
}

// ---- scf.parallel

export type ParallelUnrollResult =
  | { ok: true; loop: ParallelLoop }
  /** `zeroFactor`: a factor of 0 reached the divisibility check (where MLIR 22 divides by zero). */
  | { ok: false; reason: string; zeroFactor?: boolean };

/**
 * The default IV remapping of parallelLoopUnrollByFactors, as MLIR's:
 * `affine.apply (d0) -> (d0 + step * i)` of the induction variable.
 */
export function affineParallelIvRemap(origStep: bigint): IvRemapFn {
  return (i, iv, b) => {
    const loc = (iv as BlockArgument).location;
    const map = AffineMap.get(1, 0, [affineAdd(dimExpr(0), constExpr(Number(origStep * BigInt(i))))]);
    return AffineApplyOp.result(AffineApplyOp.create(b, map, [iv], loc));
  };
}

/** An IV remapping without the affine dialect: `iv + step * i` as `arith.addi` of an index constant. */
export function arithParallelIvRemap(origStep: bigint): IvRemapFn {
  return (i, iv, b) => {
    const loc = (iv as BlockArgument).location;
    const offset = ConstantOp.index(b, origStep * BigInt(i), loc);
    return AddIOp.result(AddIOp.build(b, { lhs: iv, rhs: offset, location: loc }));
  };
}

/**
 * MLIR's parallelLoopUnrollByFactors: unrolls the innermost dimensions of an
 * scf.parallel (the last `unrollFactors.length` ones) by the given factors,
 * which must divide their constant trip counts; the copies of each unrolled
 * dimension follow the body, and its step is multiplied by the factor.
 * `ivRemap(step)` builds the IV of each copy (affineParallelIvRemap by default).
 */
export function parallelLoopUnrollByFactors(
  op: ParallelLoop,
  unrollFactors: readonly bigint[],
  rewriter: Rewriter,
  annotateFn?: AnnotateFn,
  ivRemap: (origStep: bigint) => IvRemapFn = affineParallelIvRemap,
): ParallelUnrollResult {
  const ivs = ParallelOp.inductionVars(op);
  const numLoops = ivs.length;
  if (!unrollFactors.length || unrollFactors.length > numLoops)
    return { ok: false, reason: 'Expected non-empty unroll factors of size <= to the number of loops' };
  if (unrollFactors.every((f) => f === 1n)) return { ok: false, reason: 'Unrolling not applied if all factors are 1' };
  const body = ParallelOp.body(op);
  if (body.first === body.last) return { ok: false, reason: 'Cannot unroll an empty loop body' };
  // MLIR 22 crashes on these; the reduced values of all copies would have to be combined.
  if (ParallelOp.initVals(op).length) return { ok: false, reason: 'Unrolling loops with reductions is not supported' };

  const firstLoopDimIdx = numLoops - unrollFactors.length;
  const lbs = ParallelOp.lowerBound(op);
  const ubs = ParallelOp.upperBound(op);
  const stepValues = ParallelOp.step(op);
  const tripCounts: bigint[] = [];
  for (let d = 0; d < numLoops; d++) {
    const tc = constantTripCount(lbs[d], ubs[d], stepValues[d], true);
    if (tc === undefined)
      return { ok: false, reason: 'Failed to compute constant trip counts for the loop. Note that dynamic loop sizes are not supported.' };
    tripCounts.push(tc);
  }
  for (let d = firstLoopDimIdx; d < numLoops; d++) {
    const factor = unrollFactors[d - firstLoopDimIdx];
    if (factor === 0n) return { ok: false, reason: 'unroll factors must be non-zero', zeroFactor: true };
    if (tripCounts[d] % factor !== 0n) return { ok: false, reason: "Unroll factors don't divide the iteration space evenly" };
  }
  const steps = stepValues.map((s) => matchConstantInt(s));
  if (steps.some((s) => s === undefined)) return { ok: false, reason: 'Failed to retrieve loop steps' };

  for (let d = firstLoopDimIdx; d < numLoops; d++) {
    const factor = unrollFactors[d - firstLoopDimIdx];
    if (factor === 1n) continue;
    const origStep = steps[d]!;
    generateUnrolledLoop(body, ivs[d], Number(factor), ivRemap(origStep), annotateFn, [], []);
    const saved = rewriter.insertionPoint;
    rewriter.setInsertionPointBefore(op);
    ParallelOp.stepMutable(op)[d].set(ConstantOp.index(rewriter, BigInt.asIntN(64, origStep * factor), op.location));
    rewriter.insertionPoint = saved;
  }
  return { ok: true, loop: op };
}

