// Canonicalization patterns of the affine ops (MLIR 22's AffineOps.cpp):
// composing producer affine.apply ops into the map and simplifying it
// (SimplifyAffineOp), and for min/max: single-result maps become
// affine.apply, duplicate results go, min(min(...)) merges, and the results
// are sorted by their flattened form.

import type { AffineExpr, AffineMap } from '../../ir/affine.js';
import { AffineMap as Map_ } from '../../ir/affine.js';
import { AffineDimExpr, AffineSymbolExpr } from '../../ir/affine.js';
import { AffineExprFlattener, shiftDims, shiftSymbols } from '../../ir/affine-utils.js';
import type { Value } from '../../ir/operation.js';
import { pattern, type PatternRewriter, type RewritePattern } from '../../ir/pattern.js';
import { implementOp, type Op } from '../../ods/index.js';
import { AffineApplyOp, AffineMaxOp, AffineMinOp, type MinMaxHandle } from './ops.js';
import { canonicalizeMapAndOperands, composeAffineMapAndOperands, simplifyMapWithOperands } from './utils.js';

const sameValues = (a: readonly Value[], b: readonly Value[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/** The map and operands after composition, canonicalization and operand-aware simplification; undefined if unchanged. */
export function simplifiedMapAndOperands(map: AffineMap, oldOperands: readonly Value[]): { map: AffineMap; operands: Value[] } | undefined {
  const operands = [...oldOperands];
  let m = composeAffineMapAndOperands(map, operands);
  m = canonicalizeMapAndOperands(m, operands);
  m = simplifyMapWithOperands(m, operands);
  if (m === map && sameValues(oldOperands, operands)) return undefined;
  return { map: m, operands };
}

const simplifyApply = pattern(AffineApplyOp, (op, rewriter) => {
  const r = simplifiedMapAndOperands(AffineApplyOp.map(op), op.operands);
  if (!r) return false;
  rewriter.setInsertionPointBefore(op);
  const repl = AffineApplyOp.create(rewriter, r.map, r.operands, op.location);
  rewriter.replaceOp(op, repl.results);
  return true;
});

implementOp(AffineApplyOp, { canonicalizationPatterns: [simplifyApply] });

/** Replaces `op` by a new op of the same kind (`h`) with `map` and `operands`. */
function replaceMinMax<N extends 'affine.min' | 'affine.max'>(h: MinMaxHandle<N>, op: Op<N>, rewriter: PatternRewriter, map: AffineMap, operands: readonly Value[]): void {
  rewriter.setInsertionPointBefore(op);
  const repl = h.create(rewriter, map, operands, op.location);
  rewriter.replaceOp(op, repl.results);
}

/**
 * canonicalizeMapExprAndTermOrder: the results sorted by their flattened
 * coefficients (dims, symbols, constant); undefined when already sorted or
 * some result is not pure affine or needs a local variable.
 */
export function sortedByFlatForm(map: AffineMap): AffineMap | undefined {
  const flat: number[][] = [];
  for (const e of map.results) {
    if (!e.isPureAffine()) return undefined;
    const f = new AffineExprFlattener(map.numDims, map.numSymbols);
    if (!f.walkPostOrder(e)) return undefined;
    const row = f.operandExprStack[f.operandExprStack.length - 1];
    if (row.length !== map.numDims + map.numSymbols + 1) return undefined;
    flat.push(row);
  }
  const less = (a: readonly number[], b: readonly number[]): boolean => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
    return false;
  };
  let sorted = true;
  for (let i = 1; i < flat.length; i++) if (less(flat[i], flat[i - 1])) sorted = false;
  if (sorted) return undefined;
  const perm = flat.map((_, i) => i);
  perm.sort((x, y) => (less(flat[x], flat[y]) ? -1 : less(flat[y], flat[x]) ? 1 : 0));
  return Map_.get(
    map.numDims,
    map.numSymbols,
    perm.map((i) => map.results[i]),
  );
}

function minMaxPatterns<N extends 'affine.min' | 'affine.max'>(h: MinMaxHandle<N>): RewritePattern[] {
  const singleResult = pattern(h, (op, rewriter) => {
    const map = h.map(op);
    if (map.numResults !== 1) return false;
    rewriter.setInsertionPointBefore(op);
    const repl = AffineApplyOp.create(rewriter, map, op.operands, op.location);
    rewriter.replaceOp(op, repl.results);
    return true;
  });

  const deduplicate = pattern(h, (op, rewriter) => {
    const map = h.map(op);
    const exprs: AffineExpr[] = [];
    for (const e of map.results) if (!exprs.includes(e)) exprs.push(e);
    if (exprs.length === map.numResults) return false;
    replaceMinMax(h, op, rewriter, Map_.get(map.numDims, map.numSymbols, exprs), op.operands);
    return true;
  });

  // min(min(a, b), c) -> min(a, b, c) when the inner op stands alone as a result.
  const merge = pattern(h, (op, rewriter) => {
    const oldMap = h.map(op);
    const dimOperands = h.dimOperands(op);
    const symOperands = h.symbolOperands(op);
    const newDims = [...dimOperands];
    const newSyms = [...symOperands];
    const exprs: AffineExpr[] = [];
    const producers: Op<N>[] = [];
    for (const e of oldMap.results) {
      const v = e instanceof AffineSymbolExpr ? symOperands[e.position] : e instanceof AffineDimExpr ? dimOperands[e.position] : undefined;
      const producer = v ? h.definingOp(v) : null;
      if (producer) {
        producers.push(producer);
        continue;
      }
      exprs.push(e);
    }
    if (!producers.length) return false;
    let numDims = oldMap.numDims;
    let numSyms = oldMap.numSymbols;
    for (const p of producers) {
      const pm = h.map(p);
      newDims.push(...h.dimOperands(p));
      newSyms.push(...h.symbolOperands(p));
      for (const e of pm.results) exprs.push(shiftSymbols(shiftDims(e, pm.numDims, numDims), pm.numSymbols, numSyms));
      numDims += pm.numDims;
      numSyms += pm.numSymbols;
    }
    replaceMinMax(h, op, rewriter, Map_.get(numDims, numSyms, exprs), [...newDims, ...newSyms]);
    return true;
  });

  const simplify = pattern(h, (op, rewriter) => {
    const r = simplifiedMapAndOperands(h.map(op), op.operands);
    if (!r) return false;
    replaceMinMax(h, op, rewriter, r.map, r.operands);
    return true;
  });

  const order = pattern(h, (op, rewriter) => {
    const map = sortedByFlatForm(h.map(op));
    if (!map) return false;
    replaceMinMax(h, op, rewriter, map, op.operands);
    return true;
  });

  return [singleResult, deduplicate, merge, simplify, order];
}

implementOp(AffineMinOp, { canonicalizationPatterns: minMaxPatterns(AffineMinOp) });
implementOp(AffineMaxOp, { canonicalizationPatterns: minMaxPatterns(AffineMaxOp) });
