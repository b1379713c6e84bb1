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
import { getStaticTripCount, replaceWithAdditionalYields } from '../../dialects/scf/transforms/loop-utils.js';
import { outlineIfOp } from '../../dialects/scf/transforms/outline.js';
import { ModuleOp } from '../../dialects/builtin/index.js';
import { IfOp } from '../../dialects/scf/index.js';
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
        replaceWithAdditionalYields(rewriter, forOp, inits, false, (b, location) =>
          yielded.map((v) => AddFOp.result(AddFOp.build(b, { lhs: v, rhs: v, location }))),
        );
      }
    }
    // Every loop-like op gets its static trip count, or "none".
    func.walk((op) => {
      if (!getInterface(op, Interfaces.LoopLike)) return;
      const tc = ForOp.isa(op) ? getStaticTripCount(op) : undefined;
      op.setAttr('test.trip-count', tc ? IntegerAttr.get(IntegerType.get(tc.width), tc.value) : StringAttr.get('none'));
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

export const SCF_TEST_PASSES: readonly PassInfo[] = [
  TestSCFIfUtilsInfo,
  TestSCFUpliftWhileToForInfo,
  TestWrapWhileLoopInZeroTripCheckInfo,
  TestSCFForUtilsInfo,
  TestSCFWhileOpBuilderInfo,
];
