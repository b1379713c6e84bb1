// MLIR's test passes over the SCF transformations and utilities
// (mlir/test/lib/Dialect/SCF), registered under mlir-opt 22's names. Each
// runs the library function it tests and nothing else.

import type { Operation } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { FuncOp } from '../../dialects/func/index.js';
import { upliftWhileToForPattern } from '../../dialects/scf/transforms/uplift-while-to-for.js';
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

export const SCF_TEST_PASSES: readonly PassInfo[] = [TestSCFUpliftWhileToForInfo];
void FuncOp;
