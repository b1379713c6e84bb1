// Simplification of affine.min/max inside SCF loops (MLIR 22's
// SCF/Utils/AffineCanonicalizationUtils.cpp): what the loop bounds and step
// imply about the induction variables, or what loop peeling guarantees, is
// written as Presburger constraints, under which a min/max may provably equal
// one of its bounds and becomes an affine.apply of it.

import { AffineMap, constExpr, symbolExpr, type AffineExpr } from '../../../ir/affine.js';
import type { PatternRewriter } from '../../../ir/pattern.js';
import { BlockArgument, type Operation, type Value } from '../../../ir/operation.js';
import { BoundType, FlatLinearConstraints } from '../../../ir/presburger.js';
import { simplifyConstrainedMinMaxOp } from '../../affine/analysis.js';
import { AffineApplyOp } from '../../affine/ops.js';
import { ForallOp, ForOp, ParallelOp, mixedConstant, type Mixed } from '../ops.js';

/** The range of a loop induction variable: lower bound, upper bound, step. */
export interface LoopRange {
  lb: Mixed;
  ub: Mixed;
  step: Mixed;
}

/** Finds the range of `iv` if it is a loop induction variable (MLIR's LoopMatcherFn). */
export type LoopMatcher = (iv: Value) => LoopRange | undefined;

/** matchForLikeLoop: induction variables of scf.for, scf.parallel and scf.forall. */
export function matchForLikeLoop(iv: Value): LoopRange | undefined {
  if (!(iv instanceof BlockArgument)) return undefined;
  const owner = iv.owner.parentOp;
  if (!owner) return undefined;
  if (ForOp.isa(owner)) {
    if (ForOp.inductionVar(owner) !== iv) return undefined;
    return { lb: ForOp.lowerBound(owner), ub: ForOp.upperBound(owner), step: ForOp.step(owner) };
  }
  if (ParallelOp.isa(owner)) {
    const i = ParallelOp.inductionVars(owner).indexOf(iv);
    if (i < 0) return undefined;
    return { lb: ParallelOp.lowerBound(owner)[i], ub: ParallelOp.upperBound(owner)[i], step: ParallelOp.step(owner)[i] };
  }
  if (ForallOp.isa(owner)) {
    const i = ForallOp.inductionVars(owner).indexOf(iv);
    if (i < 0) return undefined;
    return { lb: ForallOp.mixedLowerBound(owner)[i], ub: ForallOp.mixedUpperBound(owner)[i], step: ForallOp.mixedStep(owner)[i] };
  }
  return undefined;
}

/**
 * addLoopRangeConstraints: `iv >= lb` and `iv < lb + step * ((ub - lb - 1)
 * floordiv step) + 1` (the last iteration's value + 1). Only constant steps
 * can be expressed.
 */
function addLoopRangeConstraints(cst: FlatLinearConstraints, iv: Value, range: LoopRange): boolean {
  const stepInt = mixedConstant(range.step);
  if (stepInt === undefined) return false;
  const dimIv = cst.appendDimVar([iv]);
  const symLb = typeof range.lb === 'bigint' ? cst.appendSymbolVar(1) : cst.appendSymbolVar([range.lb]);
  const symUb = typeof range.ub === 'bigint' ? cst.appendSymbolVar(1) : cst.appendSymbolVar([range.ub]);
  const lbInt = mixedConstant(range.lb);
  const ubInt = mixedConstant(range.ub);
  if (lbInt !== undefined) cst.addConstBound(BoundType.EQ, symLb, lbInt);
  if (ubInt !== undefined) cst.addConstBound(BoundType.EQ, symUb, ubInt);
  const ineqLb = new Array<bigint>(cst.numCols).fill(0n);
  ineqLb[dimIv] = 1n;
  ineqLb[symLb] = -1n;
  cst.addInequality(ineqLb);
  let ivUb: AffineExpr;
  const step = Number(stepInt);
  if (lbInt !== undefined && ubInt !== undefined && lbInt + stepInt >= ubInt) {
    // At most one iteration: iv < lb + 1.
    ivUb = symbolExpr(symLb - cst.numDims).add(1);
  } else {
    const exprLb = lbInt !== undefined ? constExpr(Number(lbInt)) : symbolExpr(symLb - cst.numDims);
    const exprUb = ubInt !== undefined ? constExpr(Number(ubInt)) : symbolExpr(symUb - cst.numDims);
    ivUb = exprLb.add(1).add(exprUb.sub(exprLb).sub(1).floorDiv(step).mul(step));
  }
  return cst.addMapBound(BoundType.UB, dimIv, AffineMap.get(cst.numDims, cst.numSymbols, [ivUb]));
}

/** canonicalizeMinMaxOp: replaces `op` by an affine.apply of the bound it provably equals. */
function canonicalizeMinMaxOp(rewriter: PatternRewriter, op: Operation, constraints: FlatLinearConstraints): boolean {
  const simplified = simplifyConstrainedMinMaxOp(op, constraints);
  if (!simplified) return false;
  rewriter.setInsertionPointBefore(op);
  const apply = AffineApplyOp.create(rewriter, simplified.map, simplified.operands, op.location);
  rewriter.replaceOp(op, apply.results);
  return true;
}

/**
 * canonicalizeMinMaxOpInLoop: simplifies an affine.min/max whose operands
 * include loop induction variables (found by `loopMatcher`), using the
 * ranges of those loops. Loops with a non-constant step make it fail.
 */
export function canonicalizeMinMaxOpInLoop(rewriter: PatternRewriter, op: Operation, loopMatcher: LoopMatcher = matchForLikeLoop): boolean {
  const constraints = new FlatLinearConstraints(0, 0);
  const ivs = new Set<Value>();
  for (const operand of op.operands) {
    if (ivs.has(operand)) continue;
    const range = loopMatcher(operand);
    if (!range) continue;
    ivs.add(operand);
    if (!addLoopRangeConstraints(constraints, operand, range)) return false;
  }
  return canonicalizeMinMaxOp(rewriter, op, constraints);
}

/**
 * rewritePeeledMinMaxOp: after peeling a loop at `ub` (its old upper bound),
 * inside the main loop `ub - iv >= step` holds (`insideLoop`), inside the
 * partial iteration `ub - iv < step`; an affine.min/max that this decides
 * becomes an affine.apply. Returns whether `op` was replaced.
 */
export function rewritePeeledMinMaxOp(rewriter: PatternRewriter, op: Operation, iv: Value, ub: Value, step: Value, insideLoop: boolean): boolean {
  const constraints = new FlatLinearConstraints(0, 0);
  constraints.appendDimVar([iv]);
  constraints.appendSymbolVar([ub, step]);
  const constUb = mixedConstant(ub);
  if (constUb !== undefined) constraints.addConstBound(BoundType.EQ, 1, constUb);
  const constStep = mixedConstant(step);
  if (constStep !== undefined) constraints.addConstBound(BoundType.EQ, 2, constStep);
  // Inside the loop: -iv + ub - step >= 0; in the partial iteration: iv - ub + step - 1 >= 0.
  constraints.addInequality(insideLoop ? [-1n, 1n, -1n, 0n] : [1n, -1n, 1n, -1n]);
  return canonicalizeMinMaxOp(rewriter, op, constraints);
}
