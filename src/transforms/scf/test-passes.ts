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

export const SCF_TEST_PASSES: readonly PassInfo[] = [TestSCFUpliftWhileToForInfo, TestWrapWhileLoopInZeroTripCheckInfo];
