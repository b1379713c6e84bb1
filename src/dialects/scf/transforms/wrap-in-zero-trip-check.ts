// Zero-trip check and rotation of scf.while (MLIR 22's
// WrapInZeroTripCheck.cpp). The `before` block is evaluated once ahead of
// the loop (cloned, its arguments bound to the inits); an scf.if on that
// condition runs a rotated loop (`after` block then `before` block in the
// new `before` region, a pass-through `after` region) or yields the values
// the condition forwarded. Loops already in do-while form (the `after`
// block only yields) are left alone unless the check is forced.

import type { Value } from '../../../ir/operation.js';
import type { OpOf } from '../../../ods/index.js';
import { pattern, type PatternRewriter, type RewritePattern } from '../../../ir/pattern.js';
import { cloneAt, IRMapping } from '../../../transforms/clone.js';
import { ConditionOp, IfOp, WhileOp, YieldOp } from '../ops.js';

/**
 * MLIR's scf::wrapWhileLoopInZeroTripCheck: returns the rotated loop, or
 * `whileOp` itself when it is left as it is.
 */
export function wrapWhileLoopInZeroTripCheck(whileOp: OpOf<typeof WhileOp>, rewriter: PatternRewriter, forceCreateCheck = false): OpOf<typeof WhileOp> {
  const afterBody = WhileOp.afterBody(whileOp);
  if (!forceCreateCheck && YieldOp.isa(afterBody.first)) return whileOp;

  const saved = rewriter.insertionPoint;
  const beforeBody = WhileOp.beforeBody(whileOp);
  const mapper = new IRMapping();
  mapper.mapAll(beforeBody.args, WhileOp.inits(whileOp));
  rewriter.setInsertionPointBefore(whileOp);
  for (let op = beforeBody.first; op && !ConditionOp.isa(op); op = op.next) {
    const clone = cloneAt(rewriter, op, mapper);
    // OpBuilder::clone also reports the ops nested in the copy (pre-order).
    for (const r of clone.regions) for (const b of r.blocks) for (let o = b.first; o; o = o.next) o.walk((n) => void rewriter.listener.notifyOperationInserted?.(n), 'pre');
  }

  const condOp = ConditionOp.cast(WhileOp.conditionOp(whileOp));
  const clonedCondition = mapper.lookupOrDefault(ConditionOp.condition(condOp));
  const clonedCondArgs = ConditionOp.args(condOp).map((v) => mapper.lookupOrDefault(v));
  const location = whileOp.location;
  const resultTypes = whileOp.results.map((r) => r.type);

  let newLoop: OpOf<typeof WhileOp> | undefined;
  // As MLIR's builder, the scf.if is filled before it is inserted (so a
  // pattern driver does not see the ops moved into it).
  const insertAt = rewriter.insertionPoint;
  rewriter.insertionPoint = null;
  const ifOp = IfOp.create(
    rewriter,
    { condition: clonedCondition, resultTypes, location },
    (b) => {
      // The loop, rotated: the old `after` block, then the old `before` block.
      newLoop = WhileOp.create(
        b,
        { inits: clonedCondArgs, resultTypes, location },
        (_b, _loc, args) => {
          const newBlock = rewriter.insertionPoint!.block;
          rewriter.mergeBlocks(afterBody, newBlock, args);
          const yieldOp = YieldOp.cast(newBlock.last!);
          rewriter.mergeBlocks(beforeBody, newBlock, YieldOp.results(yieldOp));
          rewriter.eraseOp(yieldOp);
        },
        (bb, _loc, args: readonly Value[]) => void YieldOp.build(bb, { results: args, location }),
      );
      YieldOp.build(b, { results: newLoop.results, location });
    },
    (b) => void YieldOp.build(b, { results: clonedCondArgs, location }),
  );
  rewriter.insertionPoint = insertAt;
  rewriter.insert(ifOp);
  rewriter.replaceOp(whileOp, ifOp.results);
  rewriter.insertionPoint = saved;
  return newLoop!;
}

/** MLIR's populateSCFRotateWhileLoopPatterns: rotates while loops not in do-while form. */
export const rotateWhileLoopPattern: RewritePattern = pattern(WhileOp, (whileOp, rewriter) => wrapWhileLoopInZeroTripCheck(whileOp, rewriter) !== whileOp, {
  name: 'RotateWhileLoopPattern',
});
