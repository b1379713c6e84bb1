// The passes of MLIR 22's LoopSpecialization.cpp over the library functions
// of dialects/scf/transforms: scf-for-loop-peeling (greedy, loops marked as
// peeled so each is peeled once), scf-for-loop-specialization and
// scf-parallel-loop-specialization (a walk over the loops).

import { Builder } from '../../ir/builder.js';
import { UnitAttr } from '../../ir/builtin-attributes.js';
import type { Operation } from '../../ir/operation.js';
import { pattern } from '../../ir/pattern.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { ForOp, ParallelOp } from '../../dialects/scf/index.js';
import { peelForLoopAndSimplifyBounds, peelForLoopFirstIteration } from '../../dialects/scf/transforms/loop-peeling.js';
import { specializeForLoopForUnrolling, specializeParallelLoopForUnrolling } from '../../dialects/scf/transforms/loop-specialization.js';
import type { OpOf } from '../../ods/index.js';
import { applyPatternsGreedily, FrozenPatternSet } from '../greedy.js';

const PEELED_LOOP = '__peeled_loop__';
const PARTIAL_ITERATION = '__partial_iteration__';

/** ForLoopPeelingPattern: peels every loop once (front or back); loops in partial iterations are skipped when asked. */
export function forLoopPeelingPattern(peelFront: boolean, skipPartial: boolean) {
  return pattern(ForOp, (forOp, rewriter) => {
    if (ForOp.unsignedCmp(forOp)) return rewriter.notifyMatchFailure('unsigned loops are not supported');
    if (forOp.getAttr(PEELED_LOOP)) return false;
    let partial: OpOf<typeof ForOp> | undefined;
    if (peelFront) partial = peelForLoopFirstIteration(rewriter, forOp);
    else {
      if (skipPartial) for (let p = forOp.parentOp; p; p = p.parentOp) if (ForOp.isa(p) && p.getAttr(PARTIAL_ITERATION)) return false;
      partial = peelForLoopAndSimplifyBounds(rewriter, forOp);
    }
    if (!partial) return false;
    const part = partial;
    rewriter.modifyOpInPlace(part, () => {
      part.setAttr(PEELED_LOOP, UnitAttr.get());
      part.setAttr(PARTIAL_ITERATION, UnitAttr.get());
    });
    rewriter.modifyOpInPlace(forOp, () => forOp.setAttr(PEELED_LOOP, UnitAttr.get()));
    return true;
  });
}

export const ForLoopPeelingInfo: PassInfo = {
  argument: 'scf-for-loop-peeling',
  name: 'SCFForLoopPeeling',
  description: 'Peel `for` loops at their upper bounds.',
  options: [
    { name: 'peel-front', kind: 'bool', description: 'Peel the first iteration out of the loop.', default: false },
    { name: 'skip-partial', kind: 'bool', description: 'Do not peel loops inside of the last, partial iteration of another already peeled loop.', default: true },
  ],
  create: () => new ForLoopPeeling(),
};

class ForLoopPeeling extends Pass {
  constructor() {
    super(ForLoopPeelingInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const patterns = new FrozenPatternSet([forLoopPeelingPattern(this.options.bool('peel-front'), this.options.bool('skip-partial'))]);
    // MLIR's default config: its bottom-up traversal decides which loop is peeled first.
    applyPatternsGreedily(run.ctx, op, patterns);
    op.walk((o) => {
      o.removeAttr(PEELED_LOOP);
      o.removeAttr(PARTIAL_ITERATION);
    });
  }
}

export const ForLoopSpecializationInfo: PassInfo = {
  argument: 'scf-for-loop-specialization',
  name: 'SCFForLoopSpecialization',
  description: 'Specialize `for` loops for vectorization',
  create: () => new ForLoopSpecialization(),
};

class ForLoopSpecialization extends Pass {
  constructor() {
    super(ForLoopSpecializationInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const loops: OpOf<typeof ForOp>[] = [];
    op.walk((o) => {
      if (ForOp.isa(o)) loops.push(o);
    });
    const b = new Builder(run.ctx);
    for (const loop of loops) specializeForLoopForUnrolling(b, loop);
  }
}

export const ParallelLoopSpecializationInfo: PassInfo = {
  argument: 'scf-parallel-loop-specialization',
  name: 'SCFParallelLoopSpecialization',
  description: 'Specialize parallel loops for vectorization',
  create: () => new ParallelLoopSpecialization(),
};

class ParallelLoopSpecialization extends Pass {
  constructor() {
    super(ParallelLoopSpecializationInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const loops: OpOf<typeof ParallelOp>[] = [];
    op.walk((o) => {
      if (ParallelOp.isa(o)) loops.push(o);
    });
    const b = new Builder(run.ctx);
    for (const loop of loops) specializeParallelLoopForUnrolling(b, loop);
  }
}
