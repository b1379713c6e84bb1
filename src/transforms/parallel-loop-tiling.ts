// scf-parallel-loop-tiling: registered for its options and their validation
// (MLIR's "tile size cannot be 0"); the tiling itself is not implemented yet
// and reports so instead of leaving the IR unchanged.

import { UnknownLoc } from '../ir/location.js';
import type { Operation } from '../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';

export const ParallelLoopTilingInfo: PassInfo = {
  argument: 'scf-parallel-loop-tiling',
  name: 'SCFParallelLoopTiling',
  description: 'Tile parallel loops',
  opName: undefined,
  options: [
    { name: 'parallel-loop-tile-sizes', kind: 'long-list', description: 'Factors to tile parallel loops by' },
    { name: 'no-min-max-bounds', kind: 'bool', description: 'Perform tiling with fixed upper bound with inbound check inside the internal loops', default: false },
  ],
  create: () => new ParallelLoopTiling(),
};

export class ParallelLoopTiling extends Pass {
  constructor() {
    super(ParallelLoopTilingInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const sizes = (this.options.get('parallel-loop-tile-sizes') as bigint[]) ?? [];
    if (sizes.some((s) => s === 0n)) {
      run.ctx.diagnostics.emit('error', UnknownLoc.get(), 'tile size cannot be 0');
      return run.signalPassFailure();
    }
    let hasParallel = false;
    op.walk((o) => {
      if (o.name.name === 'scf.parallel') hasParallel = true;
    });
    if (!hasParallel) return run.markAllAnalysesPreserved();
    run.ctx.diagnostics.emit('error', op.location, 'scf-parallel-loop-tiling: tiling is not implemented in scfkit yet');
    run.signalPassFailure();
  }
}
