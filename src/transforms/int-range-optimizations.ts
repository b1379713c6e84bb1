// int-range-optimizations (MLIR's ArithIntRangeOpts): runs the integer range
// analysis (with the dead code analysis and constant propagation it sits on),
// then rewrites greedily: values whose range is a single value become
// constants (ops left dead are erased), and remsi/remui whose dividend is
// already within [0, modulus) are dropped. The solver's states of erased ops
// are forgotten as the rewrites go.

import type { Attribute } from '../ir/attributes.js';
import { DenseIntOrFPElementsAttr, IntegerAttr } from '../ir/builtin-attributes.js';
import { ShapedType } from '../ir/builtin-types.js';
import type { Context } from '../ir/context.js';
import { BlockArgument, type Operation, type Value } from '../ir/operation.js';
import { anyOpPattern, pattern, type PatternListener, type PatternRewriter, type RewritePattern } from '../ir/pattern.js';
import { constantValueOfOp, matchConstantInt } from '../ir/matchers.js';
import { isOpTriviallyDead } from '../ir/side-effects.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { applyPatternsGreedily, FrozenPatternSet } from './greedy.js';
import { DataFlowSolver } from '../analysis/dataflow.js';
import { loadBaselineAnalyses } from '../analysis/constant-propagation.js';
import { IntegerRangeAnalysis, IntegerValueRangeLattice } from '../analysis/integer-range-analysis.js';
import { ConstantIntRanges, toSigned, toUnsigned } from '../analysis/int-range.js';
import { arithDialect, RemSIOp, RemUIOp } from '../dialects/arith/index.js';

/** The value's single possible value, if the analysis found one. */
function maybeConstantValue(solver: DataFlowSolver, value: Value): bigint | undefined {
  const range = solver.lookupState(IntegerValueRangeLattice, value)?.value;
  return range === undefined ? undefined : ConstantIntRanges.of(range).getConstantValue();
}

function copyIntegerRange(solver: DataFlowSolver, oldVal: Value, newVal: Value): void {
  const oldState = solver.lookupState(IntegerValueRangeLattice, oldVal);
  if (!oldState) return;
  solver.getOrCreateState(IntegerValueRangeLattice, newVal).join(oldState);
}

function valueLocation(v: Value) {
  return v instanceof BlockArgument ? v.location : v.definingOp!.location;
}

/** Replaces the uses of `value` with a constant of its single possible value (MLIR's maybeReplaceWithConstant). */
export function maybeReplaceWithConstant(ctx: Context, solver: DataFlowSolver, rewriter: PatternRewriter, value: Value): boolean {
  if (!value.hasUses) return false;
  const c = maybeConstantValue(solver, value);
  if (c === undefined) return false;
  const type = value.type;
  const location = valueLocation(value);
  // The constant comes from the dialect of the value's op (the parent op's for a block argument), else arith.
  const owner = value instanceof BlockArgument ? value.owner.parent?.parentOp : value.definingOp;
  const dialectName = owner?.name.dialectName;
  const constAttr: Attribute =
    type instanceof ShapedType ? DenseIntOrFPElementsAttr.getSplat(type, IntegerAttr.get(type.elementType, c).value) : IntegerAttr.get(type, c);
  let constOp = dialectName ? ctx.getDialect(dialectName)?.materializeConstant?.(rewriter, constAttr, type, location) : undefined;
  constOp ??= ctx.getDialect(arithDialect.name)?.materializeConstant?.(rewriter, constAttr, type, location);
  if (!constOp) return false;
  const res = constOp.result(0);
  solver.eraseState(res);
  copyIntegerRange(solver, value, res);
  rewriter.replaceAllUsesWith(value, res);
  return true;
}

/** Replaces results and region arguments known to be constant; erases the op when nothing else uses it. */
export function materializeKnownConstantValues(ctx: Context, solver: DataFlowSolver): RewritePattern {
  return anyOpPattern((op, rewriter) => {
    if (constantValueOfOp(op) !== undefined) return false;
    const needsReplacing = (v: Value): boolean => maybeConstantValue(solver, v) !== undefined && v.hasUses;
    const hasConstantResults = op.results.some(needsReplacing);
    if (op.regions.length === 0 && !hasConstantResults) return false;
    let hasConstantRegionArgs = false;
    for (const region of op.regions) for (const block of region.blocks) if (block.args.some(needsReplacing)) hasConstantRegionArgs = true;
    if (!hasConstantResults && !hasConstantRegionArgs) return false;
    let replacedAll = op.numResults !== 0;
    for (const v of op.results) replacedAll = (maybeReplaceWithConstant(ctx, solver, rewriter, v) || !v.hasUses) && replacedAll;
    if (replacedAll && isOpTriviallyDead(op)) {
      rewriter.eraseOp(op);
      return true;
    }
    for (const region of op.regions)
      for (const block of region.blocks) {
        rewriter.setInsertionPointToStart(block);
        for (const arg of block.args) maybeReplaceWithConstant(ctx, solver, rewriter, arg);
      }
    return true;
  });
}

/** remsi/remui by a positive constant of a dividend already in [0, modulus): the dividend itself. */
function deleteTrivialRem(solver: DataFlowSolver, unsigned: boolean) {
  return (op: Operation, lhs: Value, rhs: Value, rewriter: PatternRewriter): boolean => {
    const constant = matchConstantInt(rhs);
    if (constant === undefined) return false;
    // MLIR reads the modulus as an int64_t.
    const modulus = BigInt.asIntN(64, constant);
    if (modulus <= 0n) return false;
    const range = solver.lookupState(IntegerValueRangeLattice, lhs)?.value;
    if (range === undefined) return false;
    const w = range.width;
    const min = unsigned ? range.umin : range.smin;
    const max = unsigned ? range.umax : range.smax;
    const isNegative = (x: bigint): boolean => toSigned(x, w) < 0n;
    if (isNegative(min) || toUnsigned(min, w) >= modulus) return false;
    if (isNegative(max) || toUnsigned(max, w) >= modulus) return false;
    if (!(toUnsigned(min, w) <= toUnsigned(max, w))) return false;
    rewriter.replaceOp(op, [lhs]);
    return true;
  };
}

/** MLIR's populateIntRangeOptimizationsPatterns. */
export function intRangeOptimizationsPatterns(ctx: Context, solver: DataFlowSolver): RewritePattern[] {
  const signed = deleteTrivialRem(solver, false);
  const unsigned = deleteTrivialRem(solver, true);
  return [
    materializeKnownConstantValues(ctx, solver),
    pattern(RemSIOp, (op, rewriter) => signed(op, RemSIOp.lhs(op), RemSIOp.rhs(op), rewriter)),
    pattern(RemUIOp, (op, rewriter) => unsigned(op, RemUIOp.lhs(op), RemUIOp.rhs(op), rewriter)),
  ];
}

/** Forgets the solver's states of what the rewrites erase. */
function dataFlowListener(solver: DataFlowSolver): PatternListener {
  return {
    notifyOperationErased(op) {
      solver.eraseState(solver.pointAfter(op));
      for (const r of op.results) solver.eraseState(r);
    },
  };
}

/** Runs the integer range analysis on `op` (with its baseline analyses); undefined if an analysis failed. */
export function runIntegerRangeAnalysis(op: Operation): DataFlowSolver | undefined {
  const solver = new DataFlowSolver();
  loadBaselineAnalyses(solver);
  solver.load((s) => new IntegerRangeAnalysis(s));
  return solver.initializeAndRun(op) ? solver : undefined;
}

export const IntRangeOptimizationsInfo: PassInfo = {
  argument: 'int-range-optimizations',
  name: 'ArithIntRangeOpts',
  description: 'Do optimizations based on integer range analysis',
  create: () => new IntRangeOptimizations(),
};

class IntRangeOptimizations extends Pass {
  constructor() {
    super(IntRangeOptimizationsInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const solver = runIntegerRangeAnalysis(op);
    if (!solver) return run.signalPassFailure();
    const patterns = new FrozenPatternSet(intRangeOptimizationsPatterns(run.ctx, solver));
    // MLIR's default GreedyRewriteConfig, with the solver told of each change.
    const { converged } = applyPatternsGreedily(run.ctx, op, patterns, { listener: dataFlowListener(solver) });
    if (!converged) run.signalPassFailure();
  }
}
