// Static trip counts of scf.for loops and the promotion of loops that run at
// most once (MLIR's constantTripCount, ForOp::getStaticTripCount and
// ForOp::promoteIfSingleIteration).
//
// Bounds are read in the loop's signedness at the IV's width, and the count
// is exact. Where MLIR 22 computes a wrong count (it reads a step or a bound
// with the top bit set as negative in unsigned loops, lets ub - lb overflow
// in narrow signed types, and counts zero iterations for a zero or negative
// step) this follows the later upstream fixes: the count is right, or
// unknown for a zero or negative step.

import type { Type } from '../../../ir/attributes.js';
import type { Rewriter } from '../../../ir/builder.js';
import { IndexType, IntegerType } from '../../../ir/builtin-types.js';
import { matchConstantInt } from '../../../ir/matchers.js';
import type { Value } from '../../../ir/operation.js';
import { AddIOp, IntegerOverflowFlags } from '../../arith/index.js';
import { ForOp, YieldOp, mixedConstant, type Mixed } from '../ops.js';
import type { OpOf } from '../../../ods/index.js';

type ForLoop = OpOf<typeof ForOp>;

/** The width MLIR computes trip counts in: the integer width, 64 for index. */
export function loopBitWidth(t: Type): number | undefined {
  if (t instanceof IndexType) return 64;
  if (t instanceof IntegerType) return t.width;
  return undefined;
}

/** `v` read as a signed or unsigned integer of `width` bits. */
export function asLoopInt(v: bigint, width: number, isSigned: boolean): bigint {
  return isSigned ? BigInt.asIntN(width, v) : BigInt.asUintN(width, v);
}

/**
 * MLIR's scf::computeUbMinusLb: `ub - lb` when `ub` is `arith.addi lb, c`
 * without signed (unsigned) wrap-around and `c` a constant.
 */
export function computeUbMinusLb(lb: Value, ub: Value, isSigned: boolean): bigint | undefined {
  const add = AddIOp.definingOp(ub);
  if (!add || AddIOp.lhs(add) !== lb) return undefined;
  const flags = AddIOp.overflowFlags(add);
  if (!(flags & (isSigned ? IntegerOverflowFlags.nsw : IntegerOverflowFlags.nuw))) return undefined;
  const c = matchConstantInt(AddIOp.rhs(add));
  const width = loopBitWidth(lb.type);
  return c === undefined || width === undefined ? undefined : asLoopInt(c, width, isSigned);
}

/**
 * MLIR's constantTripCount: the number of iterations of a loop from `lb` to
 * `ub` by `step`, when it is known statically. Zero when `lb` and `ub` are
 * the same value or `ub <= lb`; unknown for a zero step and, in signed
 * loops, a negative one.
 */
export function constantTripCount(lb: Value, ub: Value, step: Value, isSigned: boolean): bigint | undefined {
  const width = loopBitWidth(lb.type);
  if (width === undefined || lb.type !== ub.type) return undefined;
  if (lb === ub) return 0n;
  const stepCst = matchConstantInt(step);
  const s = stepCst === undefined ? undefined : asLoopInt(stepCst, width, isSigned);
  if (s === 0n) return undefined;
  const lbCst = matchConstantInt(lb);
  const ubCst = matchConstantInt(ub);
  let diff: bigint;
  if (lbCst !== undefined) {
    if (ubCst === undefined) return undefined;
    const l = asLoopInt(lbCst, width, isSigned);
    const u = asLoopInt(ubCst, width, isSigned);
    if (u <= l) return 0n;
    diff = u - l;
  } else {
    if (ubCst !== undefined) return undefined;
    const d = computeUbMinusLb(lb, ub, isSigned);
    if (d === undefined) return undefined;
    if (d <= 0n) return 0n;
    diff = d;
  }
  if (s === undefined || s < 0n) return undefined;
  return (diff + s - 1n) / s;
}

/**
 * ForOp::getStaticTripCount exactly as MLIR 22 computes it, for what must
 * match MLIR 22's output: scf.for's and scf.parallel's canonicalization and
 * the test pass (trip_count.mlir). The transformations use constantTripCount
 * above, with the later upstream fixes. In MLIR 22 a zero or negative
 * constant step (its bits read as signed, for unsigned loops too) counts as
 * zero trips before the bounds are looked at; `ub - lb` wraps in the bounds'
 * width and is negative only for a signed loop, or when it comes from
 * `ub = addi lb, c` (computeUbMinusLb reads `c` as signed); and the count
 * divides those bits, read as the loop compares, by the step, rounding up.
 * Static bounds are scf.forall's (i64 attributes).
 */
export function mlir22TripCount(lb: Mixed, ub: Mixed, step: Mixed, isSigned: boolean): bigint | undefined {
  const [width, isIndex] = boundKind(lb);
  const [ubWidth, ubIsIndex] = boundKind(ub);
  if (width !== ubWidth || isIndex !== ubIsIndex) return undefined;
  if (lb === ub) return 0n;
  const stepBits = mixedConstant(step);
  const signedStep = stepBits === undefined ? undefined : BigInt.asIntN(width, stepBits);
  if (signedStep !== undefined && signedStep <= 0n) return 0n;
  const lbCst = mixedConstant(lb);
  const ubCst = mixedConstant(ub);
  let diff: bigint;
  let diffSigned: boolean;
  if (lbCst !== undefined) {
    if (ubCst === undefined) return undefined;
    const conv = (x: bigint): bigint => (isSigned ? BigInt.asIntN(width, x) : BigInt.asUintN(width, x));
    if (conv(ubCst) <= conv(lbCst)) return 0n;
    diff = ubCst - lbCst;
    diffSigned = isSigned;
  } else {
    if (ubCst !== undefined) return undefined;
    const add = AddIOp.definingOp(ub as Value);
    if (!add || !(AddIOp.overflowFlags(add) & (isSigned ? IntegerOverflowFlags.nsw : IntegerOverflowFlags.nuw)) || AddIOp.lhs(add) !== lb) return undefined;
    const c = matchConstantInt(AddIOp.rhs(add));
    if (c === undefined) return undefined;
    diff = c;
    diffSigned = true;
  }
  if (diffSigned && BigInt.asIntN(width, diff) < 0n) return 0n;
  if (signedStep === undefined) return undefined;
  // The division reads the bits as the loop compares them (the step is positive here).
  const d = isSigned ? BigInt.asIntN(width, diff) : BigInt.asUintN(width, diff);
  const q = d / signedStep;
  const count = d % signedStep === 0n ? q : q + 1n;
  return BigInt.asUintN(width, count);
}

/**
 * getStaticTripCount, or with `mlir22` also MLIR 22's zero trips for a zero
 * constant step, or a negative one in a signed loop (where the later count
 * knows none): what the test unrolling pass must match. Where MLIR 22
 * miscompiles (narrow unsigned loops whose step reads negative) the later
 * count stays.
 */
export function staticTripCountFor(forOp: ForLoop, mlir22: boolean): bigint | undefined {
  const tc = getStaticTripCount(forOp);
  if (tc !== undefined || !mlir22) return tc;
  const step = ForOp.step(forOp);
  const width = loopBitWidth(step.type);
  const s = matchConstantInt(step);
  if (s === undefined || width === undefined) return undefined;
  const v = asLoopInt(s, width, !ForOp.unsignedCmp(forOp));
  return v <= 0n ? 0n : undefined;
}

/** ForOp::getStaticTripCount: the loop's constant trip count in its own signedness. */
export function getStaticTripCount(forOp: ForLoop): bigint | undefined {
  return constantTripCount(ForOp.lowerBound(forOp), ForOp.upperBound(forOp), ForOp.step(forOp), !ForOp.unsignedCmp(forOp));
}

/**
 * ForOp::promoteIfSingleIteration (`mlir22`: see staticTripCountFor): a loop known to run zero times is
 * replaced by its inits; one known to run once is replaced by its body (the
 * IV becoming the lower bound, the iter args the inits) and the values it
 * yields. Returns false (leaving the loop alone) otherwise.
 */
export function promoteIfSingleIteration(rewriter: Rewriter, forOp: ForLoop, mlir22 = false): boolean {
  const tripCount = staticTripCountFor(forOp, mlir22);
  if (tripCount === undefined || tripCount > 1n) return false;
  if (tripCount === 0n) {
    rewriter.replaceOp(forOp, ForOp.initArgs(forOp));
    return true;
  }
  const body = ForOp.body(forOp);
  const yieldOp = YieldOp.cast(ForOp.yieldOp(forOp));
  const parent = forOp.parentBlock!;
  // MLIR's order, which fixes the use lists' order: the results' uses move
  // to the yielded values (perhaps the body's arguments), then the body's
  // arguments are replaced by the lower bound and the inits as it is merged.
  const yielded = YieldOp.results(yieldOp);
  for (let i = 0; i < yielded.length; i++) rewriter.replaceAllUsesWith(forOp.result(i), yielded[i]);
  rewriter.mergeBlocks(body, parent, [ForOp.lowerBound(forOp), ...ForOp.initArgs(forOp)], forOp);
  rewriter.eraseOp(yieldOp);
  rewriter.eraseOp(forOp);
  return true;
}

/**
 * The width a trip count of `m` is computed in, and whether it is an index
 * (MLIR's constantTripCount). scf.forall's static bounds are i64 attributes,
 * so a static bound never matches a dynamic index one: no count.
 */
function boundKind(m: Mixed): [number, boolean] {
  if (typeof m === 'bigint') return [64, false];
  return m.type instanceof IntegerType ? [m.type.width, false] : [64, true];
}
