// MLIR's test pass for the software pipeliner (TestSCFPipeliningPass in
// mlir/test/lib/Dialect/SCF/TestSCFUtils.cpp): pipelines the loops marked
// `__test_pipelining_loop__` by the schedule their ops carry, as a pattern
// under the greedy driver (so the result is folded), then drops the stage and
// op-order markers.

import type { Attribute } from '../../ir/attributes.js';
import { FloatAttr, IntegerAttr, StringAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType } from '../../ir/builtin-types.js';
import type { Operation, Value } from '../../ir/operation.js';
import { pattern, type PatternRewriter } from '../../ir/pattern.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { ConstantOp } from '../../dialects/arith/index.js';
import { FuncOp } from '../../dialects/func/index.js';
import { SubViewOp } from '../../dialects/memref/index.js';
import { ForOp, IfOp, YieldOp } from '../../dialects/scf/index.js';
import { pipelineForLoop, type PipelinerPart, type PipeliningOption } from '../../dialects/scf/transforms/pipelining/expand.js';
import { readAttributeSchedule, TEST_PIPELINING_OP_ORDER, TEST_PIPELINING_STAGE } from '../../dialects/scf/transforms/pipelining/schedule.js';
import { applyPatternsGreedily, FrozenPatternSet } from '../greedy.js';
import { cloneAt } from '../clone.js';

export const TEST_PIPELINING_PART = '__test_pipelining_part';
export const TEST_PIPELINING_ITERATION = '__test_pipelining_iteration';

/** Builder::getZeroAttr for the scalar types the test predicate meets. */
function zeroAttr(type: Attribute['type'] | undefined): (Attribute & { readonly type: NonNullable<Attribute['type']> }) | undefined {
  if (type instanceof IntegerType || type instanceof IndexType) return IntegerAttr.get(type, 0n);
  if (type instanceof FloatType) return FloatAttr.get(type, 0);
  return undefined;
}

/**
 * The test's predication: `op` moves into the then-branch of an scf.if on
 * `pred`; the else-branch yields zeros (or a copy of a subview).
 */
export function testPredicateOp(rewriter: PatternRewriter, op: Operation, pred: Value): Operation | undefined {
  const location = op.location;
  const ifOp = IfOp.create(rewriter, { condition: pred, resultTypes: op.resultTypes, withElse: true, location });
  const thenBlock = IfOp.thenBlock(ifOp);
  op.remove();
  thenBlock.prepend(op);
  rewriter.setInsertionPointAfter(op);
  if (op.numResults > 0) YieldOp.build(rewriter, { results: op.results, location });
  rewriter.setInsertionPointToStart(IfOp.elseBlock(ifOp)!);
  const elseYield: Value[] = [];
  if (SubViewOp.isa(op)) {
    // Subviews of dynamic sizes: a copy is as good as any value.
    elseYield.push(...cloneAt(rewriter, op).results);
  } else {
    for (const t of op.resultTypes) {
      const z = zeroAttr(t);
      if (!z) return undefined;
      elseYield.push(ConstantOp.create(rewriter, z, location));
    }
  }
  if (op.numResults > 0) YieldOp.build(rewriter, { results: elseYield, location });
  return ifOp;
}

function annotate(op: Operation, part: PipelinerPart, iteration: number): void {
  op.setAttr(TEST_PIPELINING_PART, StringAttr.get(part));
  op.setAttr(TEST_PIPELINING_ITERATION, IntegerAttr.get(IntegerType.get(32), BigInt(iteration)));
}

export const TestSCFPipeliningInfo: PassInfo = {
  argument: 'test-scf-pipelining',
  name: 'TestSCFPipeliningPass',
  description: 'test scf.forOp pipelining',
  opName: FuncOp.opName,
  options: [
    { name: 'annotate', kind: 'bool', description: 'Annote operations during loop pipelining transformation', default: false },
    { name: 'no-epilogue-peeling', kind: 'bool', description: 'Use predicates instead of peeling the epilogue.', default: false },
  ],
  create: () => new TestSCFPipelining(),
};

class TestSCFPipelining extends Pass {
  constructor() {
    super(TestSCFPipeliningInfo);
  }
  runOnOperation(func: Operation, run: PassRun): void {
    const options: PipeliningOption = {
      getScheduleFn: (forOp) => readAttributeSchedule(forOp) ?? [],
      supportDynamicLoops: true,
      predicateFn: testPredicateOp,
      annotateFn: this.options.bool('annotate') ? annotate : undefined,
      peelEpilogue: !this.options.bool('no-epilogue-peeling'),
    };
    const patterns = new FrozenPatternSet([pattern(ForOp, (op, rewriter) => pipelineForLoop(rewriter, op, options).kernel !== undefined)]);
    applyPatternsGreedily(run.ctx, func, patterns);
    func.walk((op) => {
      op.removeAttr(TEST_PIPELINING_STAGE);
      op.removeAttr(TEST_PIPELINING_OP_ORDER);
    });
  }
}
