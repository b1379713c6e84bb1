// The loop unrolling passes: MLIR 22's test passes test-loop-unrolling
// (TestLoopUnrolling.cpp) and test-parallel-loop-unrolling
// (TestParallelLoopUnrolling.cpp) over the SCF utilities of
// dialects/scf/transforms/loop-unroll.ts, and scfkit's scf-loop-unroll-jam,
// which applies loopUnrollJamByFactor (what transform.loop.unroll_and_jam
// does to a loop) to every outermost scf.for.

import { IntegerAttr } from '../../ir/builtin-attributes.js';
import { IntegerType } from '../../ir/builtin-types.js';
import { Rewriter } from '../../ir/builder.js';
import { emitError } from '../../ir/context.js';
import { UnknownLoc } from '../../ir/location.js';
import type { Operation } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { ForOp, ParallelOp } from '../../dialects/scf/index.js';
import {
  loopUnrollByFactor,
  loopUnrollFull,
  loopUnrollJamByFactor,
  parallelLoopUnrollByFactors,
  TOO_MANY_CLONES,
  type AnnotateFn,
} from '../../dialects/scf/transforms/loop-unroll.js';
import type { OpOf } from '../../ods/index.js';

type ForLoop = OpOf<typeof ForOp>;
type ParallelLoop = OpOf<typeof ParallelOp>;

/**
 * The most ops one unrolling may clone. MLIR clones whatever it is asked to
 * (an unroll factor of 2^40 never finishes); scfkit reports an error instead.
 */
export const MAX_CLONED_OPS = 1 << 22;

/** The number of ancestors of `op` that `isLoop` accepts (MLIR's getNestingDepth). */
function nestingDepth(op: Operation, isLoop: (o: Operation) => boolean): number {
  let depth = 0;
  for (let p = op.parentOp; p; p = p.parentOp) if (isLoop(p)) depth++;
  return depth;
}

/** Tags an unrolled op with `unrolled_iteration = i : ui32`. */
const annotateIteration: AnnotateFn = (i, op) => op.setAttr('unrolled_iteration', IntegerAttr.get(IntegerType.get(32, 'unsigned'), i));

export const TestLoopUnrollingInfo: PassInfo = {
  argument: 'test-loop-unrolling',
  name: '(anonymous namespace)::TestLoopUnrollingPass',
  description: 'Tests loop unrolling transformation',
  options: [
    { name: 'unroll-factor', kind: 'long', description: 'Loop unroll factor, set it to -1, and it will fully unroll.', default: 1n },
    { name: 'annotate', kind: 'bool', description: 'Annotate unrolled iterations.', default: false },
    { name: 'unroll-up-to-factor', kind: 'bool', description: 'Loop unroll up to factor.', default: false },
    { name: 'loop-depth', kind: 'uint', description: 'Loop depth.', default: 0n },
  ],
  create: () => new TestLoopUnrolling(),
};

class TestLoopUnrolling extends Pass {
  constructor() {
    super(TestLoopUnrollingInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const factor = this.options.int('unroll-factor');
    if (factor === 0n || factor < -1n) {
      run.ctx.diagnostics.emit('error', UnknownLoc.get(), "Invalid option: 'unroll-factor' should be greater than 0 or equal to -1");
      run.signalPassFailure();
      return;
    }
    // MLIR 22 accepts unroll-up-to-factor and ignores it.
    const depth = Number(this.options.int('loop-depth'));
    const loops: ForLoop[] = [];
    root.walk((op) => {
      if (ForOp.isa(op) && nestingDepth(op, (p) => ForOp.isa(p)) === depth) loops.push(op);
    });
    const options = { annotateFn: this.options.bool('annotate') ? annotateIteration : undefined, maxClonedOps: MAX_CLONED_OPS, mlir22TripCount: true };
    for (const loop of loops) {
      const r = factor === -1n ? loopUnrollFull(loop, options) : loopUnrollByFactor(loop, factor, options);
      if (!r.ok && r.reason === TOO_MANY_CLONES) {
        emitError(run.ctx, loop, `unrolling would clone more than ${MAX_CLONED_OPS} operations`);
        run.signalPassFailure();
        return;
      }
    }
  }
}

export const TestParallelLoopUnrollingInfo: PassInfo = {
  argument: 'test-parallel-loop-unrolling',
  name: '(anonymous namespace)::TestParallelLoopUnrollingPass',
  description: 'Tests parallel loop unrolling transformation',
  options: [
    {
      name: 'unroll-factors',
      kind: 'ulong-list',
      description: 'Unroll factors for each parallel loop dim. If fewer factors than loop dims are provided, they are applied to the inner dims.',
    },
    { name: 'loop-depth', kind: 'uint', description: 'Loop depth.', default: 0n },
    { name: 'annotate', kind: 'bool', description: 'Annotate unrolled iterations.', default: false },
  ],
  create: () => new TestParallelLoopUnrolling(),
};

class TestParallelLoopUnrolling extends Pass {
  constructor() {
    super(TestParallelLoopUnrollingInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const factors = this.options.get('unroll-factors') as bigint[];
    if (!factors.length) return;
    const depth = Number(this.options.int('loop-depth'));
    const loops: ParallelLoop[] = [];
    root.walk((op) => {
      if (ParallelOp.isa(op) && nestingDepth(op, (p) => ParallelOp.isa(p)) === depth) loops.push(op);
    });
    const annotateFn = this.options.bool('annotate') ? annotateIteration : undefined;
    const rewriter = new Rewriter(run.ctx);
    for (const loop of loops) {
      const r = parallelLoopUnrollByFactors(loop, factors, rewriter, annotateFn);
      // MLIR 22 divides by the zero factor here (SIGFPE); later versions reject zero factors up front.
      if (!r.ok && r.zeroFactor) {
        run.ctx.diagnostics.emit('error', UnknownLoc.get(), 'unroll factors must be non-zero');
        run.signalPassFailure();
        return;
      }
    }
  }
}

/**
 * Not in registerAllPasses: mlir-opt 22 has no scf-loop-unroll-jam and
 * rejects it as an unknown argument (the golden ratchet records that for
 * loop-unroll-jam-scf.mlir), so scf-opt does too. API users and tests
 * register it with registerPass(LoopUnrollJamInfo).
 */
export const LoopUnrollJamInfo: PassInfo = {
  argument: 'scf-loop-unroll-jam',
  name: 'SCFLoopUnrollAndJam',
  description: 'Unroll and jam scf.for loops',
  options: [{ name: 'unroll-jam-factor', kind: 'uint', description: 'Use this unroll jam factor for all loops (default 4)', default: 4n }],
  create: () => new LoopUnrollJam(),
};

/**
 * scf-loop-unroll-jam: loopUnrollJamByFactor on each outermost scf.for (as
 * transform.loop.unroll_and_jam on those loops). Loops it cannot
 * unroll-and-jam (results, unknown or non-dividing trip counts, bounds
 * defined inside) are left as they are.
 */
class LoopUnrollJam extends Pass {
  constructor() {
    super(LoopUnrollJamInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const factor = this.options.int('unroll-jam-factor');
    if (factor === 0n) {
      run.ctx.diagnostics.emit('error', UnknownLoc.get(), "Invalid option: 'unroll-jam-factor' should be greater than 0");
      run.signalPassFailure();
      return;
    }
    const loops: ForLoop[] = [];
    root.walk((op) => {
      if (ForOp.isa(op) && nestingDepth(op, (p) => ForOp.isa(p)) === 0) loops.push(op);
    });
    for (const loop of loops) loopUnrollJamByFactor(loop, factor);
  }
}
