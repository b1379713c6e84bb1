// simplifyConstrainedMinMaxOp (MLIR 22's Affine/Analysis/Utils.cpp): proves
// with the Presburger constraints given by the caller (e.g. "this is a full
// iteration of a peeled loop") that an affine.min/max always takes the value
// of one bound, and returns that bound as a map of values.

import { AffineMap, constExpr, dimExpr, symbolExpr } from '../../ir/affine.js';
import { mapReplace, mapShiftDims, subMap } from '../../ir/affine-utils.js';
import { matchConstantInt } from '../../ir/matchers.js';
import type { Operation, Value } from '../../ir/operation.js';
import { alignAffineMapWithValues, BoundType, type FlatLinearConstraints } from '../../ir/presburger.js';
import { AffineMaxOp, AffineMinOp } from './ops.js';
import { canonicalizeMapAndOperands } from './utils.js';

/** Bounds var `pos` by `map` of `operands`, adding symbols for operands the constraints lack (alignAndAddBound). */
function alignAndAddBound(cst: FlatLinearConstraints, type: BoundType, pos: number, map: AffineMap, operands: readonly Value[]): boolean {
  const dims = cst.values.slice(0, cst.numDims);
  const syms = cst.values.slice(cst.numDims, cst.numDimAndSymbolVars);
  const newSyms: (Value | undefined)[] = [];
  const aligned = alignAffineMapWithValues(map, operands, dims, syms, newSyms);
  for (let i = syms.length; i < newSyms.length; i++) cst.appendSymbolVar([newSyms[i]]);
  return cst.addMapBound(type, pos, aligned);
}

function addConstToResults(map: AffineMap, c: number): AffineMap {
  return AffineMap.get(
    map.numDims,
    map.numSymbols,
    map.results.map((r) => r.add(c)),
  );
}

/**
 * The single bound an affine.min (its upper bound) or affine.max (its lower
 * bound) provably equals under `constraints` (which it extends), as a map and
 * its operands; undefined when that cannot be proven.
 */
export function simplifyConstrainedMinMaxOp(op: Operation, constraints: FlatLinearConstraints): { map: AffineMap; operands: Value[] } | undefined {
  const isMin = AffineMinOp.isa(op);
  let map: AffineMap;
  if (isMin) map = AffineMinOp.map(op);
  else if (AffineMaxOp.isa(op)) map = AffineMaxOp.map(op);
  else return undefined;
  const operands = op.operands;
  const numResults = map.numResults;

  const dimOp = constraints.appendDimVar(); // the op's value
  const dimOpBound = constraints.appendDimVar(); // its bound
  const resultDimStart = constraints.appendDimVar(numResults);

  // isMin: op <= expr_i (an exclusive upper bound: + 1); max: op >= expr_i.
  const mapLbUb = isMin ? addConstToResults(map, 1) : map;
  if (!alignAndAddBound(constraints, isMin ? BoundType.UB : BoundType.LB, dimOp, mapLbUb, operands)) return undefined;

  const { lb, ub } = constraints.getSliceBounds(dimOp, 1);
  const sliceBound = isMin ? ub[0] : lb[0];
  if (!sliceBound || sliceBound.numResults !== 1) return undefined;
  const boundMap = isMin ? addConstToResults(sliceBound, -1) : sliceBound;

  // opBound == the bound (the op's dim, dropped by the slice, comes back).
  const alignedBoundMap = mapShiftDims(boundMap, 1, dimOp);
  if (!constraints.addMapBound(BoundType.EQ, dimOpBound, alignedBoundMap)) return undefined;
  // An empty system means inconsistent invariants (e.g. lb > ub).
  if (constraints.isEmpty()) return undefined;

  // Each result r_i must be >= the bound (min) / <= it (max): its negation is infeasible.
  for (let i = resultDimStart; i < resultDimStart + numResults; i++) {
    const c = constraints.clone();
    if (!alignAndAddBound(c, BoundType.EQ, i, subMap(map, [i - resultDimStart]), operands)) return undefined;
    const ineq = new Array<bigint>(c.numCols).fill(0n);
    ineq[dimOpBound] = isMin ? 1n : -1n;
    ineq[i] = isMin ? -1n : 1n;
    ineq[c.numCols - 1] = -1n;
    c.addInequality(ineq);
    if (!c.isEmpty()) return undefined;
  }

  let newMap = alignedBoundMap;
  const newOperands = constraints.values.slice(0, constraints.numDimAndSymbolVars);
  // Vars with a known constant value become that constant.
  for (let i = 0; i < constraints.numDimAndSymbolVars; i++) {
    const v = newOperands[i];
    if (!v || matchConstantInt(v) !== undefined) continue;
    const bound = constraints.getConstantBound(BoundType.EQ, i);
    if (bound === undefined) continue;
    const expr = i < newMap.numDims ? dimExpr(i) : symbolExpr(i - newMap.numDims);
    newMap = mapReplace(newMap, expr, constExpr(Number(bound)), newMap.numDims, newMap.numSymbols);
  }
  const ops = newOperands as Value[];
  newMap = canonicalizeMapAndOperands(newMap, ops);
  return { map: newMap, operands: ops };
}
