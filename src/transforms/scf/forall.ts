// scf-forall-to-for and scf-forall-to-parallel: lower (bufferized) scf.forall
// loops to a nest of scf.for loops or to one scf.parallel.

import { emitOpDiagnostic } from '../../ir/context.js';
import type { Operation } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { PatternRewriter } from '../../ir/pattern.js';
import { buildLoopNest, createParallel, forallBoundValues, operandSegment } from './build.js';

function collect(root: Operation, name: string): Operation[] {
  const out: Operation[] = [];
  root.walk((o) => {
    if (o.name.name === name) out.push(o);
  });
  return out;
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
    for (const op of collect(root, 'scf.forall')) {
      if (operandSegment(op, 3).length) {
        emitOpDiagnostic(run.ctx, op, 'warning', 'skipping scf.forall with outputs, currently not supported');
        continue;
      }
      rewriter.setInsertionPointBefore(op);
      const lbs = forallBoundValues(rewriter, op, 'staticLowerBound');
      const ubs = forallBoundValues(rewriter, op, 'staticUpperBound');
      const steps = forallBoundValues(rewriter, op, 'staticStep');
      const loops = buildLoopNest(rewriter, op.location, lbs, ubs, steps);
      const ivs = loops.map((l) => l.regions[0].entry.args[0]);
      const inner = loops[loops.length - 1].regions[0].entry;
      const body = op.regions[0].entry;
      rewriter.eraseOp(body.last!);
      rewriter.inlineBlockBefore(body, inner, inner.last, ivs);
      rewriter.eraseOp(op);
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
    for (const op of collect(root, 'scf.forall')) {
      if (operandSegment(op, 3).length) continue;
      rewriter.setInsertionPointBefore(op);
      const lbs = forallBoundValues(rewriter, op, 'staticLowerBound');
      const ubs = forallBoundValues(rewriter, op, 'staticUpperBound');
      const steps = forallBoundValues(rewriter, op, 'staticStep');
      const par = createParallel(rewriter, lbs, ubs, steps, [], op.location, false);
      par.regions[0].entry.erase();
      rewriter.inlineRegionBefore(op.regions[0], par.regions[0], par.regions[0].firstBlock);
      const term = par.regions[0].entry.last!;
      rewriter.setInsertionPointToEnd(par.regions[0].entry);
      rewriter.create('scf.reduce', { location: term.location });
      rewriter.eraseOp(term);
      const mapping = op.getAttr('mapping');
      if (mapping) par.setAttr('mapping', mapping);
      rewriter.eraseOp(op);
    }
  }
}
