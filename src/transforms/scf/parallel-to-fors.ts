// scf-parallel-for-to-nested-fors: an scf.parallel without reductions becomes
// a nest of scf.for loops, one per dimension, outermost first.

import type { Operation } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { PatternRewriter } from '../../ir/pattern.js';
import { buildLoopNest, operandSegment } from './build.js';

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
    const loops: Operation[] = [];
    root.walk((o) => {
      if (o.name.name === 'scf.parallel') loops.push(o);
    });
    for (const op of loops) {
      if (op.numResults) continue;
      rewriter.setInsertionPointBefore(op);
      const nest = buildLoopNest(rewriter, op.location, operandSegment(op, 0), operandSegment(op, 1), operandSegment(op, 2));
      const ivs = nest.map((l) => l.regions[0].entry.args[0]);
      const inner = nest[nest.length - 1].regions[0].entry;
      const body = op.regions[0].entry;
      rewriter.eraseOp(body.last!);
      rewriter.inlineBlockBefore(body, inner, inner.last, ivs);
      rewriter.eraseOp(op);
    }
  }
}
