// scf-for-loop-range-folding: an induction variable whose only use is an
// addi/muli with loop-invariant operands has that op folded into the loop's
// bounds and step (a muli only by a positive constant, unlike MLIR, which
// also folds factors that may be zero or negative).

import type { OpOperand, Operation, Value } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { Builder } from '../../ir/builder.js';
import { cloneAt, IRMapping } from '../clone.js';
import { matchConstantInt } from '../../ir/matchers.js';
import { AddIOp, MulIOp } from '../../dialects/arith/index.js';
import { ForOp } from '../../dialects/scf/index.js';
import type { OpOf } from '../../ods/index.js';

function isPositiveConstant(v: Value | undefined): boolean {
  const c = v && matchConstantInt(v);
  return c !== undefined && c > 0n;
}

/** MLIR's foldLoopBounds on one loop. */
function foldLoopBounds(b: Builder, loop: OpOf<typeof ForOp>): void {
  const iv = ForOp.inductionVar(loop);
  const invariant = (v: Value): boolean => {
    const owner = v.parentBlock?.parentOp;
    return v === iv || !owner || !loop.isAncestorOf(owner);
  };
  for (;;) {
    if (!iv.hasOneUse) break;
    const user = iv.firstUse!.owner;
    const isAdd = AddIOp.isa(user);
    if (!isAdd && !MulIOp.isa(user)) break;
    if (!user.operands.every(invariant)) break;
    // Scaling the range by a factor that is not known to be positive would
    // change the trip count (or make the step non-positive): MLIR folds any
    // loop-invariant factor, which changes what such loops compute.
    if (!isAdd && !isPositiveConstant(user.operands.find((v) => v !== iv))) break;
    b.setInsertionPointBefore(loop);
    const fold = (bound: OpOperand): void => {
      const m = new IRMapping();
      m.map(iv, bound.value);
      bound.set(cloneAt(b, user, m).results[0]);
    };
    fold(ForOp.lowerBoundMutable(loop));
    fold(ForOp.upperBoundMutable(loop));
    if (!isAdd) fold(ForOp.stepMutable(loop));
    user.results[0].replaceAllUsesWith(iv);
    user.erase();
  }
}

export const ForLoopRangeFoldingInfo: PassInfo = {
  argument: 'scf-for-loop-range-folding',
  name: 'SCFForLoopRangeFolding',
  description: 'Fold add/mul ops into loop range',
  create: () => new ForLoopRangeFolding(),
};

class ForLoopRangeFolding extends Pass {
  constructor() {
    super(ForLoopRangeFoldingInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const loops: OpOf<typeof ForOp>[] = [];
    root.walk((o) => {
      if (ForOp.isa(o)) loops.push(o);
    });
    const b = new Builder(run.ctx);
    for (const loop of loops) foldLoopBounds(b, loop);
  }
}
