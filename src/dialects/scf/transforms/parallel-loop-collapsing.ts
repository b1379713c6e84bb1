// Collapsing of scf.parallel dimensions (MLIR 22's collapseParallelLoops of
// SCF Utils.cpp). Every dimension is normalized to run from 0 by 1 (its
// induction variable recomputed as iv * step + lb at the start of the body),
// then each group of `combinedDimensions` becomes one dimension whose upper
// bound is the product of the group's iteration counts; the original
// induction variables are recovered with remsi/divsi, the group's last
// dimension varying fastest.
//
// Where MLIR 22 computes with affine.apply (a dialect scfkit does not have),
// this computes the same values with arith: ceildivsi(ub - lb, step) for an
// iteration count (folded to a constant when the bounds are constants, as
// MLIR's affine folding does) and muli/addi for an induction variable. Unlike
// MLIR 22, which crashes on them, loops with reductions keep them.

import { Block, type Operation, type Value } from '../../../ir/operation.js';
import type { OpOf } from '../../../ods/index.js';
import { matchConstantInt } from '../../../ir/matchers.js';
import type { PatternRewriter } from '../../../ir/pattern.js';
import type { Location } from '../../../ir/location.js';
import { AddIOp, CeilDivSIOp, ConstantOp, DivSIOp, MulIOp, RemSIOp, SubIOp } from '../../arith/index.js';
import { ParallelOp, ReduceOp } from '../ops.js';

/** ceil(a / b) for b > 0, as affine ceildiv folds it (in 64 bits). */
function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a > 0n === b > 0n ? q + 1n : q;
}

/** The number of iterations of dimension lb..ub by step, from 0 (MLIR's emitNormalizedLoopBounds size). */
function normalizedUpperBound(rewriter: PatternRewriter, location: Location, lb: Value, ub: Value, step: Value): Value {
  const lbCst = matchConstantInt(lb);
  const ubCst = matchConstantInt(ub);
  const stepCst = matchConstantInt(step);
  const isZeroBased = lbCst === 0n;
  const isStepOne = stepCst === 1n;
  if (isZeroBased && isStepOne) return ub;
  if (lbCst !== undefined && ubCst !== undefined && stepCst !== undefined)
    return ConstantOp.index(rewriter, BigInt.asIntN(64, ceilDiv(BigInt.asIntN(64, ubCst - lbCst), stepCst)), location);
  let diff = ub;
  if (!isZeroBased) diff = SubIOp.result(SubIOp.build(rewriter, { lhs: ub, rhs: lb, location }));
  if (isStepOne) return diff;
  return CeilDivSIOp.result(CeilDivSIOp.build(rewriter, { lhs: diff, rhs: step, location }));
}

/** Recomputes `iv` as iv * step + lb at the rewriter's insertion point (MLIR's denormalizeInductionVariable). */
function denormalizeInductionVariable(rewriter: PatternRewriter, location: Location, iv: Value, lb: Value, step: Value): void {
  const isStepOne = matchConstantInt(step) === 1n;
  const isZeroBased = matchConstantInt(lb) === 0n;
  if (isStepOne && isZeroBased) return;
  const preserve = new Set<Operation>();
  let scaled = iv;
  if (!isStepOne) {
    const mul = MulIOp.build(rewriter, { lhs: iv, rhs: step, location });
    preserve.add(mul);
    scaled = MulIOp.result(mul);
  }
  let denormalized = scaled;
  if (!isZeroBased) {
    const add = AddIOp.build(rewriter, { lhs: scaled, rhs: lb, location });
    preserve.add(add);
    denormalized = AddIOp.result(add);
  }
  rewriter.replaceUsesWithIf(iv, denormalized, (use) => !preserve.has(use.owner));
}

/**
 * MLIR's collapseParallelLoops: `combinedDimensions[i]` lists the dimensions
 * of `loops` that form dimension i of the new loop. Returns the new loop.
 */
export function collapseParallelLoops(rewriter: PatternRewriter, loops: OpOf<typeof ParallelOp>, combinedDimensions: readonly (readonly number[])[]): OpOf<typeof ParallelOp> {
  const saved = rewriter.insertionPoint;
  const location = loops.location;
  const sortedDimensions = combinedDimensions.map((dims) => [...dims].sort((a, b) => a - b));
  const lbs = ParallelOp.lowerBound(loops);
  const ubs = ParallelOp.upperBound(loops);
  const steps = ParallelOp.step(loops);
  const body = ParallelOp.body(loops);
  const ivs = [...body.args];

  // Normalize every dimension.
  const normalizedUpperBounds: Value[] = [];
  for (let i = 0; i < ivs.length; i++) {
    rewriter.setInsertionPointBefore(loops);
    normalizedUpperBounds.push(normalizedUpperBound(rewriter, location, lbs[i], ubs[i], steps[i]));
    rewriter.setInsertionPointToStart(body);
    denormalizeInductionVariable(rewriter, location, ivs[i], lbs[i], steps[i]);
  }

  // Combine the iteration spaces.
  rewriter.setInsertionPointBefore(loops);
  const cst0 = ConstantOp.index(rewriter, 0, location);
  const cst1 = ConstantOp.index(rewriter, 1, location);
  const lowerBounds: Value[] = [];
  const upperBounds: Value[] = [];
  const newSteps: Value[] = [];
  for (const dims of sortedDimensions) {
    let ub = ConstantOp.index(rewriter, 1, location);
    for (const idx of dims) ub = MulIOp.result(MulIOp.build(rewriter, { lhs: ub, rhs: normalizedUpperBounds[idx], location }));
    lowerBounds.push(cst0);
    newSteps.push(cst1);
    upperBounds.push(ub);
  }

  const inits = ParallelOp.initVals(loops);
  const reduce = ReduceOp.cast(ParallelOp.reduceOp(loops));
  const newLoop = ParallelOp.create(
    rewriter,
    { lowerBound: lowerBounds, upperBound: upperBounds, step: newSteps, initVals: inits, location },
    (b, _loc, newIvs) => {
      // The original induction variables from the new ones: remainders and quotients.
      combinedDimensions.forEach((dims, i) => {
        let previous = newIvs[i];
        for (let j = dims.length - 1; j > 0; j--) {
          const idx = dims[j];
          const iv = RemSIOp.result(RemSIOp.build(b, { lhs: previous, rhs: normalizedUpperBounds[idx], location }));
          ivs[idx].replaceAllUsesWith(iv);
          previous = DivSIOp.result(DivSIOp.build(b, { lhs: previous, rhs: normalizedUpperBounds[idx], location }));
        }
        ivs[dims[0]].replaceAllUsesWith(previous);
      });
    },
  );
  const newBody: Block = ParallelOp.body(newLoop);
  // The old body, without its terminator unless it carries reductions, goes before the new terminator.
  if (!inits.length) rewriter.eraseOp(reduce);
  const before = inits.length ? null : newBody.last;
  for (const op of [...body]) {
    op.remove();
    if (before) newBody.insertBefore(op, before);
    else newBody.append(op);
    rewriter.listener.notifyOperationInserted?.(op);
  }
  rewriter.replaceOp(loops, newLoop.results);
  rewriter.insertionPoint = saved;
  return newLoop;
}
