// scf-parallel-for-to-nested-fors: an scf.parallel without reductions becomes
// a nest of scf.for loops, one per dimension, outermost first.

import type { Operation } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { PatternRewriter } from '../../ir/pattern.js';
import { ForOp, ParallelOp } from '../../dialects/scf/index.js';
import { buildLoopNest, type LoopNest } from '../../dialects/scf/utils.js';
import type { OpOf } from '../../ods/index.js';

/** MLIR's scf::parallelForToNestedFors; undefined (IR untouched) for a loop with results. */
export function parallelForToNestedFors(rewriter: PatternRewriter, op: OpOf<typeof ParallelOp>): LoopNest | undefined {
  if (op.numResults) return undefined;
  rewriter.setInsertionPointBefore(op);
  const nest = buildLoopNest(rewriter, op.location, ParallelOp.lowerBound(op), ParallelOp.upperBound(op), ParallelOp.step(op));
  const ivs = nest.loops.map((l) => ForOp.inductionVar(l));
  const inner = ForOp.body(nest.loops[nest.loops.length - 1]);
  const body = ParallelOp.body(op);
  rewriter.eraseOp(ParallelOp.reduceOp(op));
  rewriter.inlineBlockBefore(body, inner, inner.last, ivs);
  rewriter.eraseOp(op);
  return nest;
}

export const ParallelForToNestedForsInfo: PassInfo = {
  argument: 'scf-parallel-for-to-nested-fors',
  name: 'SCFParallelForToNestedFors',
  description: 'Convert SCF parallel for loops to nested SCF for loops',
  create: () => new ParallelForToNestedFors(),
};

class ParallelForToNestedFors extends Pass {
  constructor() {
    super(ParallelForToNestedForsInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const rewriter = new PatternRewriter(run.ctx);
    const loops: OpOf<typeof ParallelOp>[] = [];
    root.walk((o) => {
      if (ParallelOp.isa(o)) loops.push(o);
    });
    for (const op of loops) parallelForToNestedFors(rewriter, op);
  }
}
