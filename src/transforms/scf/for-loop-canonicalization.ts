// scf-for-loop-canonicalization: cross-dialect simplifications of scf.for
// bodies applied greedily: `dim` of a loop-carried value (or of a loop result)
// whose shape the loop preserves reads the init value instead. (MLIR also
// tightens affine.min/max in loops here; scfkit has no affine dialect.)

import { OpResult, type Operation, type Value } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { applyPatternsGreedily, FrozenPatternSet } from '../greedy.js';
import { legacyPattern, type RewritePattern } from '../../ir/pattern.js';

const DIM_OPS = ['memref.dim', 'tensor.dim'];

/** Whether iteration argument `arg` of `forOp` keeps its shape across iterations (conservatively). */
function isShapePreserving(forOp: Operation, arg: number): boolean {
  const body = forOp.regions[0].entry;
  const yieldOp = body.last;
  if (!yieldOp || arg >= yieldOp.numOperands) return false;
  let value: Value | undefined = yieldOp.operand(arg);
  while (value) {
    if (value === body.args[arg + 1]) return true;
    if (!(value instanceof OpResult)) return false;
    const owner: Operation = value.owner;
    if (owner.name.name === 'tensor.insert_slice') value = owner.operand(1);
    else if (owner.name.name === 'scf.for') value = isShapePreserving(owner, value.index) ? owner.operand(3 + value.index) : undefined;
    else value = undefined;
  }
  return false;
}

function dimOfIterArg(name: string): RewritePattern {
  return legacyPattern(name, (dim, rewriter) => {
    const src = dim.operand(0);
    if (src instanceof OpResult) return false;
    const block = src.parentBlock;
    const forOp = block?.parentOp;
    if (!forOp || forOp.name.name !== 'scf.for' || block !== forOp.regions[0].entry) return false;
    const index = block.args.indexOf(src as never);
    if (index < 1 || !isShapePreserving(forOp, index - 1)) return false;
    rewriter.modifyOpInPlace(dim, () => dim.setOperand(0, forOp.operand(3 + index - 1)));
    return true;
  });
}

function dimOfLoopResult(name: string): RewritePattern {
  return legacyPattern(name, (dim, rewriter) => {
    const src = dim.operand(0);
    if (!(src instanceof OpResult) || src.owner.name.name !== 'scf.for') return false;
    if (!isShapePreserving(src.owner, src.index)) return false;
    rewriter.modifyOpInPlace(dim, () => dim.setOperand(0, src.owner.operand(3 + src.index)));
    return true;
  });
}

export const ForLoopCanonicalizationInfo: PassInfo = {
  argument: 'scf-for-loop-canonicalization',
  name: 'SCFForLoopCanonicalization',
  description: 'Canonicalize operations within scf.for loop bodies',
  create: () => new ForLoopCanonicalization(),
};

class ForLoopCanonicalization extends Pass {
  private readonly patterns = new FrozenPatternSet([...DIM_OPS.map(dimOfIterArg), ...DIM_OPS.map(dimOfLoopResult)]);
  constructor() {
    super(ForLoopCanonicalizationInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const r = applyPatternsGreedily(run.ctx, op, this.patterns);
    if (!r.converged) run.signalPassFailure();
  }
}
