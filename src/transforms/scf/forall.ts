// scf-forall-to-for and scf-forall-to-parallel: lower (bufferized) scf.forall
// loops to a nest of scf.for loops or to one scf.parallel.

import { emitOpDiagnostic } from '../../ir/context.js';
import type { Operation, Value } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { PatternRewriter } from '../../ir/pattern.js';
import { ForallOp, ForOp, ParallelOp, ReduceOp } from '../../dialects/scf/index.js';
import { buildLoopNest, getValueOrCreateConstantIndexOps } from '../../dialects/scf/utils.js';
import type { OpOf } from '../../ods/index.js';

function collectForalls(root: Operation): OpOf<typeof ForallOp>[] {
  const out: OpOf<typeof ForallOp>[] = [];
  root.walk((o) => {
    if (ForallOp.isa(o)) out.push(o);
  });
  return out;
}

/** ForallOp::getLowerBound/getUpperBound/getStep(OpBuilder&): the bounds as values, static ones as new constants. */
function boundValues(rewriter: PatternRewriter, op: OpOf<typeof ForallOp>): { lbs: Value[]; ubs: Value[]; steps: Value[] } {
  const loc = op.location;
  const lbs = getValueOrCreateConstantIndexOps(rewriter, loc, ForallOp.mixedLowerBound(op));
  const ubs = getValueOrCreateConstantIndexOps(rewriter, loc, ForallOp.mixedUpperBound(op));
  const steps = getValueOrCreateConstantIndexOps(rewriter, loc, ForallOp.mixedStep(op));
  return { lbs, ubs, steps };
}

/** MLIR's scf::forallToForLoop. */
export function forallToForLoop(rewriter: PatternRewriter, op: OpOf<typeof ForallOp>): OpOf<typeof ForOp>[] {
  rewriter.setInsertionPointBefore(op);
  const { lbs, ubs, steps } = boundValues(rewriter, op);
  const { loops } = buildLoopNest(rewriter, op.location, lbs, ubs, steps);
  const ivs = loops.map((l) => ForOp.inductionVar(l));
  const inner = ForOp.body(loops[loops.length - 1]);
  const body = ForallOp.body(op);
  rewriter.eraseOp(ForallOp.terminator(op));
  rewriter.inlineBlockBefore(body, inner, inner.last, ivs);
  rewriter.eraseOp(op);
  return loops;
}

/** MLIR's scf::forallToParallelLoop (the caller checks that the loop has no outputs). */
export function forallToParallelLoop(rewriter: PatternRewriter, op: OpOf<typeof ForallOp>): OpOf<typeof ParallelOp> {
  rewriter.setInsertionPointBefore(op);
  const { lbs, ubs, steps } = boundValues(rewriter, op);
  const par = ParallelOp.create(rewriter, { lowerBound: lbs, upperBound: ubs, step: steps, location: op.location });
  const region = ParallelOp.region(par);
  region.entry.erase();
  rewriter.inlineRegionBefore(ForallOp.region(op), region, region.firstBlock);
  const term = ParallelOp.body(par).last!;
  rewriter.setInsertionPointToEnd(ParallelOp.body(par));
  ReduceOp.build(rewriter, { location: term.location });
  rewriter.eraseOp(term);
  const mapping = ForallOp.mapping(op);
  if (mapping) par.setAttr('mapping', mapping);
  rewriter.eraseOp(op);
  return par;
}

export const ForallToForInfo: PassInfo = {
  argument: 'scf-forall-to-for',
  name: 'SCFForallToForLoop',
  description: 'Convert SCF forall loops to SCF for loops',
  create: () => new ForallToFor(),
};

class ForallToFor extends Pass {
  constructor() {
    super(ForallToForInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const rewriter = new PatternRewriter(run.ctx);
    for (const op of collectForalls(root)) {
      if (ForallOp.outputs(op).length) {
        emitOpDiagnostic(run.ctx, op, 'warning', 'skipping scf.forall with outputs, currently not supported');
        continue;
      }
      forallToForLoop(rewriter, op);
    }
  }
}

export const ForallToParallelInfo: PassInfo = {
  argument: 'scf-forall-to-parallel',
  name: 'SCFForallToParallelLoop',
  description: 'Convert SCF forall loops to SCF parallel loops',
  create: () => new ForallToParallel(),
};

class ForallToParallel extends Pass {
  constructor() {
    super(ForallToParallelInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const rewriter = new PatternRewriter(run.ctx);
    for (const op of collectForalls(root)) {
      if (ForallOp.outputs(op).length) continue;
      forallToParallelLoop(rewriter, op);
    }
  }
}
