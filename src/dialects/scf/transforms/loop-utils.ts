// Loop utilities of MLIR 22's SCF dialect: static trip counts
// (constantTripCount of StaticValueUtils.cpp with scf's computeUbMinusLb,
// as ForOp::getStaticTripCount uses them) and
// ForOp::replaceWithAdditionalYields.

import { IntegerType } from '../../../ir/builtin-types.js';
import type { Location } from '../../../ir/location.js';
import { matchConstantInt } from '../../../ir/matchers.js';
import type { Value } from '../../../ir/operation.js';
import type { OpOf } from '../../../ods/index.js';
import type { PatternRewriter } from '../../../ir/pattern.js';
import type { Builder } from '../../../ir/builder.js';
import { AddIOp, IntegerOverflowFlags } from '../../arith/index.js';
import { ForOp, YieldOp } from '../ops.js';

/** A trip count as MLIR's APInt: an unsigned value of the loop's bit width (64 for index). */
export interface TripCount {
  value: bigint;
  width: number;
}

function bitWidth(v: Value): number {
  return v.type instanceof IntegerType ? v.type.width : 64;
}

/**
 * scf's computeUbMinusLb: `ub - lb` when `ub` is `arith.addi lb, c` that
 * cannot wrap in the loop's signedness (a signed value, as MLIR's APSInt).
 */
export function computeUbMinusLb(lb: Value, ub: Value, isSigned: boolean): bigint | undefined {
  const add = AddIOp.definingOp(ub);
  if (!add) return undefined;
  const flags = AddIOp.overflowFlags(add);
  if (!(flags & (isSigned ? IntegerOverflowFlags.nsw : IntegerOverflowFlags.nuw))) return undefined;
  if (AddIOp.lhs(add) !== lb) return undefined;
  const c = matchConstantInt(AddIOp.rhs(add));
  return c === undefined ? undefined : BigInt.asIntN(bitWidth(ub), c);
}

/**
 * MLIR 22's constantTripCount: the number of iterations of a loop from `lb`
 * to `ub` by `step` when it can be told statically. `ub - lb` is computed
 * in the bounds' width with the loop's signedness (so a signed difference
 * that wraps counts as negative: zero iterations).
 */
export function constantTripCount(lb: Value, ub: Value, step: Value, isSigned: boolean): TripCount | undefined {
  const width = bitWidth(lb);
  if (width !== bitWidth(ub) || (lb.type instanceof IntegerType) !== (ub.type instanceof IntegerType)) return undefined;
  if (lb === ub) return { value: 0n, width };
  const stepCst = matchConstantInt(step);
  if (stepCst !== undefined && BigInt.asUintN(width, stepCst) === 0n) return undefined;
  const conv = (x: bigint): bigint => (isSigned ? BigInt.asIntN(width, x) : BigInt.asUintN(width, x));
  const lbCst = matchConstantInt(lb);
  const ubCst = matchConstantInt(ub);
  let diff: bigint;
  if (lbCst !== undefined) {
    if (ubCst === undefined) return undefined;
    const l = conv(lbCst);
    const u = conv(ubCst);
    if (u <= l) return { value: 0n, width };
    diff = conv(u - l);
  } else {
    if (ubCst !== undefined) return undefined;
    const d = computeUbMinusLb(lb, ub, isSigned);
    if (d === undefined) return undefined;
    diff = d;
  }
  if (diff < 0n) return { value: 0n, width };
  if (stepCst === undefined) return undefined;
  // A negative step of a signed loop could loop forever.
  if (isSigned && BigInt.asIntN(width, stepCst) < 0n) return undefined;
  const s = BigInt.asUintN(width, stepCst);
  const d = BigInt.asUintN(width, diff);
  return { value: d / s + (d % s === 0n ? 0n : 1n), width };
}

/** ForOp::getStaticTripCount. */
export function getStaticTripCount(forOp: OpOf<typeof ForOp>): TripCount | undefined {
  return constantTripCount(ForOp.lowerBound(forOp), ForOp.upperBound(forOp), ForOp.step(forOp), !ForOp.unsignedCmp(forOp));
}

/** Builds the values yielded for the new iter_args (inserted before the loop's scf.yield). */
export type NewYieldValuesFn = (b: Builder, location: Location, newIterArgs: readonly Value[]) => Value[];

/**
 * ForOp::replaceWithAdditionalYields: a copy of `forOp` with `newInitOperands`
 * as extra iter_args yielding what `newYieldValuesFn` builds; the old loop's
 * results are replaced by the first results of the new one. With
 * `replaceInitOperandUsesInLoop`, uses of the new inits inside the loop become
 * uses of their iter_args.
 */
export function replaceWithAdditionalYields(
  rewriter: PatternRewriter,
  forOp: OpOf<typeof ForOp>,
  newInitOperands: readonly Value[],
  replaceInitOperandUsesInLoop: boolean,
  newYieldValuesFn: NewYieldValuesFn,
): OpOf<typeof ForOp> {
  const saved = rewriter.insertionPoint;
  const location = forOp.location;
  rewriter.setInsertionPointBefore(forOp);
  const discardable = new Map(forOp.attributesView);
  const newLoop = ForOp.create(
    rewriter,
    {
      lowerBound: ForOp.lowerBound(forOp),
      upperBound: ForOp.upperBound(forOp),
      step: ForOp.step(forOp),
      initArgs: [...ForOp.initArgs(forOp), ...newInitOperands],
      unsignedCmp: ForOp.unsignedCmp(forOp),
      location,
    },
    () => {},
  );
  for (const [k, v] of discardable) newLoop.setAttr(k, v);

  const body = ForOp.body(forOp);
  const yieldOp = YieldOp.cast(ForOp.yieldOp(forOp));
  const newBody = ForOp.body(newLoop);
  const newIterArgs = newBody.args.slice(newBody.args.length - newInitOperands.length);
  rewriter.setInsertionPointBefore(yieldOp);
  const newYielded = newYieldValuesFn(rewriter, location, newIterArgs);
  rewriter.modifyOpInPlace(yieldOp, () => yieldOp.setOperands([...YieldOp.results(yieldOp), ...newYielded]));

  rewriter.mergeBlocks(body, newBody, newBody.args.slice(0, body.args.length));
  if (replaceInitOperandUsesInLoop)
    newInitOperands.forEach((init, i) => rewriter.replaceUsesWithIf(init, newIterArgs[i], (use) => newLoop.isProperAncestorOf(use.owner)));
  rewriter.replaceOp(forOp, newLoop.results.slice(0, forOp.numResults));
  rewriter.insertionPoint = saved;
  return newLoop;
}
