// Loop specialization for unrolling and vectorization (MLIR 22's
// LoopSpecialization.cpp): a loop whose upper bound is an affine.min with a
// constant result is duplicated under an scf.if, the "then" copy using that
// constant as its bound (the common, full-size case), the "else" copy the
// original bound.

import { IntegerAttr } from '../../../ir/builtin-attributes.js';
import { AffineConstantExpr } from '../../../ir/affine.js';
import type { Value } from '../../../ir/operation.js';
import type { Builder } from '../../../ir/builder.js';
import { cloneAt, IRMapping } from '../../../transforms/clone.js';
import { AffineMinOp } from '../../affine/ops.js';
import { AndIOp, CmpIOp, CmpIPredicate, ConstantOp } from '../../arith/index.js';
import { ForOp, IfOp, ParallelOp } from '../ops.js';
import type { OpOf } from '../../../ods/index.js';

/** The smallest constant result of the affine.min defining `bound`, if any. */
function minConstantOf(bound: Value): bigint | undefined {
  const minOp = AffineMinOp.definingOp(bound);
  if (!minOp) return undefined;
  let best: number | undefined;
  for (const e of AffineMinOp.map(minOp).results) if (e instanceof AffineConstantExpr && (best === undefined || e.value < best)) best = e.value;
  return best === undefined ? undefined : BigInt(best);
}

/** Builds `scf.if cond { clone(op, map) } else { clone(op) }` before `op`, then erases `op`. */
function specialize(b: Builder, op: OpOf<typeof ForOp> | OpOf<typeof ParallelOp>, cond: Value, map: IRMapping): void {
  const ifOp = IfOp.create(b, { condition: cond, withElse: true, location: op.location });
  b.setInsertionPointBefore(IfOp.thenBlock(ifOp).last!);
  cloneAt(b, op, map);
  b.setInsertionPointBefore(IfOp.elseBlock(ifOp)!.last!);
  cloneAt(b, op);
  op.erase();
}

/**
 * specializeForLoopForUnrolling: `scf.for ... to %ub` with `%ub = affine.min`
 * having a constant result c becomes `scf.if (%ub == c)` over a copy bounded
 * by c and the original loop. Returns whether it applied (loops with results
 * are left alone: MLIR 22 erases them with their results still used).
 */
export function specializeForLoopForUnrolling(b: Builder, op: OpOf<typeof ForOp>): boolean {
  const bound = ForOp.upperBound(op);
  const c = minConstantOf(bound);
  if (c === undefined || op.numResults) return false;
  const loc = op.location;
  b.setInsertionPointBefore(op);
  const constant = ConstantOp.create(b, IntegerAttr.get(bound.type, c), loc);
  const cond = CmpIOp.result(CmpIOp.build(b, { predicate: CmpIPredicate.case.eq, lhs: bound, rhs: constant, location: loc }));
  const map = new IRMapping();
  map.map(bound, constant);
  specialize(b, op, cond, map);
  return true;
}

/**
 * specializeParallelLoopForUnrolling: the same for scf.parallel, when every
 * upper bound is an affine.min with a constant result (the conditions are
 * and-ed).
 */
export function specializeParallelLoopForUnrolling(b: Builder, op: OpOf<typeof ParallelOp>): boolean {
  const bounds = ParallelOp.upperBound(op);
  const constants: bigint[] = [];
  for (const bound of bounds) {
    const c = minConstantOf(bound);
    if (c === undefined) return false;
    constants.push(c);
  }
  if (op.numResults) return false;
  const loc = op.location;
  b.setInsertionPointBefore(op);
  const map = new IRMapping();
  let cond: Value | undefined;
  bounds.forEach((bound, i) => {
    const constant = ConstantOp.index(b, constants[i], loc);
    const cmp = CmpIOp.result(CmpIOp.build(b, { predicate: CmpIPredicate.case.eq, lhs: bound, rhs: constant, location: loc }));
    cond = cond ? AndIOp.result(AndIOp.build(b, { lhs: cond, rhs: cmp, location: loc })) : cmp;
    map.map(bound, constant);
  });
  specialize(b, op, cond!, map);
  return true;
}
