// MLIR's test passes over the SCF transformations and utilities
// (mlir/test/lib/Dialect/SCF), registered under mlir-opt 22's names. Each
// runs the library function it tests and nothing else.

import type { Operation } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { FuncOp } from '../../dialects/func/index.js';
import { upliftWhileToForPattern } from '../../dialects/scf/transforms/uplift-while-to-for.js';
import { rotateWhileLoopPattern, wrapWhileLoopInZeroTripCheck } from '../../dialects/scf/transforms/wrap-in-zero-trip-check.js';
import { WhileOp } from '../../dialects/scf/index.js';
import { PatternRewriter } from '../../ir/pattern.js';
import { IntegerAttr, StringAttr } from '../../ir/builtin-attributes.js';
import { IntegerType } from '../../ir/builtin-types.js';
import { getInterface, Interfaces } from '../../ir/interfaces.js';
import { ConstantOp, AddFOp } from '../../dialects/arith/index.js';
import { UnrealizedConversionCastOp } from '../../dialects/builtin/index.js';
import { ConditionOp, ForOp, YieldOp } from '../../dialects/scf/index.js';
import { replaceWithAdditionalYields } from '../../dialects/scf/transforms/loop-utils.js';
import { loopBitWidth, mlir22TripCount } from '../../dialects/scf/transforms/trip-count.js';
import { outlineIfOp } from '../../dialects/scf/transforms/outline.js';
import { ModuleOp } from '../../dialects/builtin/index.js';
import { IfOp, ParallelOp } from '../../dialects/scf/index.js';
import { collapseParallelLoops } from '../../dialects/scf/transforms/parallel-loop-collapsing.js';
import { emitOpError } from '../../ir/context.js';
import { applyPatternsGreedily, FrozenPatternSet } from '../greedy.js';

// ---- test-scf-uplift-while-to-for

export const TestSCFUpliftWhileToForInfo: PassInfo = {
  argument: 'test-scf-uplift-while-to-for',
  name: 'TestSCFUpliftWhileToFor',
  description: 'test scf while to for uplifting',
  create: () => new TestSCFUpliftWhileToFor(),
};

class TestSCFUpliftWhileToFor extends Pass {
  private readonly patterns = new FrozenPatternSet([upliftWhileToForPattern]);
  constructor() {
    super(TestSCFUpliftWhileToForInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    if (!applyPatternsGreedily(run.ctx, op, this.patterns).converged) run.signalPassFailure();
  }
}

// ---- test-wrap-scf-while-loop-in-zero-trip-check

export const TestWrapWhileLoopInZeroTripCheckInfo: PassInfo = {
  argument: 'test-wrap-scf-while-loop-in-zero-trip-check',
  name: 'TestWrapWhileLoopInZeroTripCheckPass',
  description: 'test scf::wrapWhileLoopInZeroTripCheck',
  opName: FuncOp.opName,
  options: [{ name: 'force-create-check', kind: 'bool', description: 'Force to create zero-trip-check.', default: false }],
  create: () => new TestWrapWhileLoopInZeroTripCheck(),
};

class TestWrapWhileLoopInZeroTripCheck extends Pass {
  private readonly patterns = new FrozenPatternSet([rotateWhileLoopPattern]);
  constructor() {
    super(TestWrapWhileLoopInZeroTripCheckInfo);
  }
  runOnOperation(func: Operation, run: PassRun): void {
    if (!this.options.bool('force-create-check')) {
      // Rotation as a pattern, with the greedy driver's folding.
      applyPatternsGreedily(run.ctx, func, this.patterns);
      return;
    }
    const loops: Operation[] = [];
    func.walk((op) => void (WhileOp.isa(op) && loops.push(op)));
    const rewriter = new PatternRewriter(run.ctx);
    for (const loop of loops) wrapWhileLoopInZeroTripCheck(WhileOp.cast(loop), rewriter, true);
  }
}

// ---- test-scf-for-utils

export const TestSCFForUtilsInfo: PassInfo = {
  argument: 'test-scf-for-utils',
  name: 'TestSCFForUtilsPass',
  description: 'test scf.for utils',
  opName: FuncOp.opName,
  options: [
    {
      name: 'test-replace-with-new-yields',
      kind: 'bool',
      description: 'Test replacing a loop with a new loop that returns new additional yield values',
      default: false,
    },
  ],
  create: () => new TestSCFForUtils(),
};

class TestSCFForUtils extends Pass {
  constructor() {
    super(TestSCFForUtilsInfo);
  }
  runOnOperation(func: Operation, run: PassRun): void {
    if (this.options.bool('test-replace-with-new-yields')) {
      const loops: Operation[] = [];
      func.walk((op) => void (ForOp.isa(op) && loops.push(op)));
      const rewriter = new PatternRewriter(run.ctx);
      for (const loop of loops) {
        const forOp = ForOp.cast(loop);
        if (!forOp.numResults) continue;
        const inits = ForOp.initArgs(forOp);
        if (!inits.length) continue;
        // Each loop gets its inits again as iter_args, yielding twice what it yielded.
        const yielded = YieldOp.results(YieldOp.cast(ForOp.yieldOp(forOp)));
        replaceWithAdditionalYields(rewriter, forOp, inits, true, (b, location) =>
          yielded.map((v) => AddFOp.result(AddFOp.build(b, { lhs: v, rhs: v, location }))),
        );
      }
    }
    // Every loop-like op gets its static trip count, or "none".
    func.walk((op) => {
      if (!getInterface(op, Interfaces.LoopLike)) return;
      const tc = ForOp.isa(op) ? mlir22TripCount(ForOp.lowerBound(op), ForOp.upperBound(op), ForOp.step(op), !ForOp.unsignedCmp(op)) : undefined;
      const width = ForOp.isa(op) ? (loopBitWidth(ForOp.lowerBound(op).type) ?? 64) : 64;
      op.setAttr('test.trip-count', tc !== undefined ? IntegerAttr.get(IntegerType.get(width), tc) : StringAttr.get('none'));
    });
  }
}

// ---- test-scf-while-op-builder

export const TestSCFWhileOpBuilderInfo: PassInfo = {
  argument: 'test-scf-while-op-builder',
  name: 'TestSCFWhileOpBuilderPass',
  description: 'test build functions of scf.while',
  opName: FuncOp.opName,
  create: () => new TestSCFWhileOpBuilder(),
};

class TestSCFWhileOpBuilder extends Pass {
  constructor() {
    super(TestSCFWhileOpBuilderInfo);
  }
  runOnOperation(func: Operation, run: PassRun): void {
    const loops: Operation[] = [];
    func.walk((op) => void (WhileOp.isa(op) && loops.push(op)));
    const b = new PatternRewriter(run.ctx);
    for (const loop of loops) {
      // A second loop with the same operands and result types, built with WhileOp's builder.
      const location = loop.location;
      const resultTypes = loop.results.map((r) => r.type);
      const inits = WhileOp.inits(WhileOp.cast(loop));
      b.setInsertionPointBefore(loop);
      WhileOp.create(
        b,
        { inits, resultTypes, location },
        (bb, _loc, args) => {
          const cast = UnrealizedConversionCastOp.build(bb, { inputs: args, outputs: resultTypes, location });
          const cond = ConstantOp.bool(bb, true, location);
          ConditionOp.build(bb, { condition: cond, args: cast.results, location });
        },
        (bb, _loc, args) => {
          const cast = UnrealizedConversionCastOp.build(bb, { inputs: args, outputs: inits.map((v) => v.type), location });
          YieldOp.build(bb, { results: cast.results, location });
        },
      );
    }
  }
}

// ---- test-scf-if-utils

export const TestSCFIfUtilsInfo: PassInfo = {
  argument: 'test-scf-if-utils',
  name: 'TestSCFIfUtilsPass',
  description: 'test scf.if utils',
  opName: ModuleOp.opName,
  create: () => new TestSCFIfUtils(),
};

class TestSCFIfUtils extends Pass {
  constructor() {
    super(TestSCFIfUtilsInfo);
  }
  runOnOperation(module: Operation, run: PassRun): void {
    const ifs: Operation[] = [];
    module.walk((op) => void (IfOp.isa(op) && ifs.push(op)));
    const rewriter = new PatternRewriter(run.ctx);
    let count = 0;
    for (const ifOp of ifs) {
      const n = count++;
      if (!outlineIfOp(rewriter, IfOp.cast(ifOp), `outlined_then${n}`, `outlined_else${n}`)) {
        run.signalPassFailure();
        return;
      }
    }
  }
}

// ---- test-scf-parallel-loop-collapsing

export const TestSCFParallelLoopCollapsingInfo: PassInfo = {
  argument: 'test-scf-parallel-loop-collapsing',
  name: 'TestSCFParallelLoopCollapsing',
  description: 'Test parallel loops collapsing transformation',
  options: [
    { name: 'collapsed-indices-0', kind: 'uint-list', description: 'Which loop indices to combine 0th loop index' },
    { name: 'collapsed-indices-1', kind: 'uint-list', description: 'Which loop indices to combine into the position 1 loop index' },
    { name: 'collapsed-indices-2', kind: 'uint-list', description: 'Which loop indices to combine into the position 2 loop index' },
  ],
  create: () => new TestSCFParallelLoopCollapsing(),
};

class TestSCFParallelLoopCollapsing extends Pass {
  constructor() {
    super(TestSCFParallelLoopCollapsingInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const indices = [0, 1, 2].map((i) => (this.options.get(`collapsed-indices-${i}`) as bigint[]).map(Number));
    // The messages go straight to the error stream, as the pass writes them to llvm::errs().
    const fail = (message: string): void => {
      run.ctx.diagnostics.emitVerbatim(message);
      run.signalPassFailure();
    };
    const combined: number[][] = [];
    if (indices[0].length) combined.push(indices[0]);
    if (indices[1].length) {
      if (!indices[0].length) return fail('collapsed-indices-1 specified but not collapsed-indices-0');
      combined.push(indices[1]);
    }
    if (indices[2].length) {
      if (!indices[1].length) return fail('collapsed-indices-2 specified but not collapsed-indices-1');
      combined.push(indices[2]);
    }
    if (!combined.length)
      return fail('No collapsed-indices were specified. This pass is only for testing and does not automatically collapse all parallel loops or similar.');
    // The indices must be exactly 0..N-1 (repetitions allowed).
    const flattened = new Set(combined.flat());
    const max = Math.max(0, ...flattened);
    if (max !== flattened.size - 1 || !flattened.has(max)) return fail('collapsed-indices arguments must include all values [0,N).');

    const loops: Operation[] = [];
    root.walk((op) => void (ParallelOp.isa(op) && loops.push(op)));
    const rewriter = new PatternRewriter(run.ctx);
    for (const op of loops) {
      const loop = ParallelOp.cast(op);
      const numLoops = ParallelOp.body(loop).args.length;
      if (flattened.size !== numLoops) {
        emitOpError(
          run.ctx,
          loop,
          `has ${numLoops} iter args while this limited functionality testing pass was configured only for loops with exactly ${flattened.size} iter args.`,
        );
        continue;
      }
      collapseParallelLoops(rewriter, loop, combined);
    }
  }
}

export const SCF_TEST_PASSES: readonly PassInfo[] = [
  TestSCFParallelLoopCollapsingInfo,
  TestSCFIfUtilsInfo,
  TestSCFUpliftWhileToForInfo,
  TestWrapWhileLoopInZeroTripCheckInfo,
  TestSCFForUtilsInfo,
  TestSCFWhileOpBuilderInfo,
];
