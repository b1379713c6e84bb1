// Loop utilities of MLIR's SCF dialect: ForOp::replaceWithAdditionalYields.
// (Static trip counts are in trip-count.ts.)

import type { Location } from '../../../ir/location.js';
import type { Value } from '../../../ir/operation.js';
import type { OpOf } from '../../../ods/index.js';
import type { PatternRewriter } from '../../../ir/pattern.js';
import type { Builder } from '../../../ir/builder.js';
import { ForOp, YieldOp } from '../ops.js';

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
