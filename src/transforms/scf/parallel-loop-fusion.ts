// scf-parallel-loop-fusion (MLIR's SCFParallelLoopFusion): in every region of
// every op, from the innermost outwards, fuses adjacent scf.parallel loops
// (naivelyFuseParallelOps) with the local alias analysis deciding which
// buffers may be the same.

import { PatternRewriter } from '../../ir/pattern.js';
import type { Operation } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { naivelyFuseParallelOps } from '../../dialects/scf/transforms/parallel-loop-fusion.js';
import { mayAlias } from '../alias-analysis.js';

export const ParallelLoopFusionInfo: PassInfo = {
  argument: 'scf-parallel-loop-fusion',
  name: 'SCFParallelLoopFusion',
  description: 'Fuse adjacent parallel loops',
  create: () => new ParallelLoopFusion(),
};

class ParallelLoopFusion extends Pass {
  constructor() {
    super(ParallelLoopFusionInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    // Post-order, as MLIR's walk: a region's loops are fused after those nested in them.
    const ops: Operation[] = [];
    root.walk((op) => void ops.push(op));
    const rewriter = new PatternRewriter(run.ctx);
    for (const op of ops) for (const region of op.regions) naivelyFuseParallelOps(rewriter, region, mayAlias);
  }
}
