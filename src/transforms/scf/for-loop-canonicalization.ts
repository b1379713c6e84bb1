// scf-for-loop-canonicalization: cross-dialect simplifications of scf.for
// bodies applied greedily: `memref.dim` of a loop-carried value (or of a loop
// result) whose shape the loop preserves reads the init value instead, and an
// affine.min/max of loop induction variables that the loop ranges decide
// becomes an affine.apply. (MLIR also does the former for tensor.dim, through
// tensor.insert_slice; scfkit has no tensor dialect.)

import { OpResult, type Operation, type Value } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { applyPatternsGreedily, FrozenPatternSet } from '../greedy.js';
import { pattern } from '../../ir/pattern.js';
import { AffineMaxOp, AffineMinOp } from '../../dialects/affine/index.js';
import { DimOp } from '../../dialects/memref/index.js';
import { canonicalizeMinMaxOpInLoop } from '../../dialects/scf/transforms/affine-canonicalization.js';
import { ForOp } from '../../dialects/scf/index.js';
import type { OpOf } from '../../ods/index.js';

/** Whether iteration argument `arg` of `forOp` keeps its shape across iterations (conservatively). */
function isShapePreserving(forOp: OpOf<typeof ForOp>, arg: number): boolean {
  const yielded = ForOp.yieldOp(forOp).operands;
  if (arg >= yielded.length) return false;
  const iterArg = ForOp.regionIterArgs(forOp)[arg];
  let value: Value | undefined = yielded[arg];
  while (value) {
    if (value === iterArg) return true;
    if (!(value instanceof OpResult)) return false;
    const owner: Operation = value.owner;
    const index: number = value.index;
    value = ForOp.isa(owner) && isShapePreserving(owner, index) ? ForOp.initArgs(owner)[index] : undefined;
  }
  return false;
}

/** dim(%iterArg) of a shape-preserving iteration argument reads the matching init value. */
const dimOfIterArg = pattern(DimOp, (dim, rewriter) => {
  const src = DimOp.source(dim);
  if (src instanceof OpResult) return false;
  const forOp = src.parentBlock?.parentOp;
  if (!ForOp.isa(forOp) || src.parentBlock !== ForOp.body(forOp)) return false;
  const index = ForOp.regionIterArgs(forOp).indexOf(src as never);
  if (index < 0 || !isShapePreserving(forOp, index)) return false;
  const init = ForOp.initArgs(forOp)[index];
  rewriter.replaceUsesWithIf(src, init, (use) => use.owner === dim);
  return true;
});

/** dim(%loopResult) of a shape-preserving loop reads the matching init value. */
const dimOfLoopResult = pattern(DimOp, (dim, rewriter) => {
  const src = DimOp.source(dim);
  const forOp = src instanceof OpResult ? src.owner : undefined;
  if (!ForOp.isa(forOp) || !isShapePreserving(forOp, (src as OpResult).index)) return false;
  const init = ForOp.initArgs(forOp)[(src as OpResult).index];
  rewriter.replaceUsesWithIf(src, init, (use) => use.owner === dim);
  return true;
});

/** AffineOpSCFCanonicalizationPattern: affine.min/max tightened by the ranges of the loops around them. */
const minInLoop = pattern(AffineMinOp, (op, rewriter) => canonicalizeMinMaxOpInLoop(rewriter, op));
const maxInLoop = pattern(AffineMaxOp, (op, rewriter) => canonicalizeMinMaxOpInLoop(rewriter, op));

export const ForLoopCanonicalizationInfo: PassInfo = {
  argument: 'scf-for-loop-canonicalization',
  name: 'SCFForLoopCanonicalization',
  description: 'Canonicalize operations within scf.for loop bodies',
  create: () => new ForLoopCanonicalization(),
};

class ForLoopCanonicalization extends Pass {
  private readonly patterns = new FrozenPatternSet([minInLoop, maxInLoop, dimOfIterArg, dimOfLoopResult]);
  constructor() {
    super(ForLoopCanonicalizationInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const r = applyPatternsGreedily(run.ctx, op, this.patterns);
    if (!r.converged) run.signalPassFailure();
  }
}
