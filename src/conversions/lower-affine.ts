// lower-affine for the affine ops scfkit has (MLIR 22's AffineToStandard):
// affine.apply becomes the arith expansion of its expression (mod, floordiv
// and ceildiv through remsi/divsi and selects, as MLIR's AffineApplyExpander
// builds them), affine.min/max a minsi/maxsi chain over the expanded results.
// Like MLIR's partial conversion, an op outside the legal dialects (arith,
// memref, scf, vector) is folded first when its fold materializes only legal
// constants, and an in-place fold is followed by another attempt.

import type { AffineExpr, AffineMap } from '../ir/affine.js';
import { AffineBinaryExpr, AffineConstantExpr, AffineDimExpr, AffineKind, AffineSymbolExpr } from '../ir/affine.js';
import { Builder } from '../ir/builder.js';
import type { Location } from '../ir/location.js';
import type { Operation, Value } from '../ir/operation.js';
import type { PatternRewriter } from '../ir/pattern.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import {
  AddIOp,
  CmpIOp,
  CmpIPredicate,
  ConstantOp,
  DivSIOp,
  IntegerOverflowFlags,
  MaxSIOp,
  MinSIOp,
  MulIOp,
  RemSIOp,
  SelectOp,
  SubIOp,
} from '../dialects/arith/index.js';
import { AffineApplyOp, AffineMaxOp, AffineMinOp } from '../dialects/affine/index.js';
import { foldForConversion } from '../transforms/fold.js';

/** The arith ops computing `expr` on the given dim and symbol values (undefined after an error). */
export function expandAffineExpr(b: Builder, loc: Location, expr: AffineExpr, dims: readonly Value[], syms: readonly Value[]): Value | undefined {
  if (expr instanceof AffineDimExpr) return dims[expr.position];
  if (expr instanceof AffineSymbolExpr) return syms[expr.position];
  if (expr instanceof AffineConstantExpr) return ConstantOp.index(b, expr.value, loc);
  const e = expr as AffineBinaryExpr;
  if (e.kind === AffineKind.Add || e.kind === AffineKind.Mul) {
    const lhs = expandAffineExpr(b, loc, e.lhs, dims, syms);
    const rhs = expandAffineExpr(b, loc, e.rhs, dims, syms);
    if (!lhs || !rhs) return undefined;
    if (e.kind === AffineKind.Add) return AddIOp.result(AddIOp.build(b, { lhs, rhs, location: loc }));
    return MulIOp.result(MulIOp.build(b, { lhs, rhs, overflowFlags: IntegerOverflowFlags.nsw, location: loc }));
  }
  const c = e.rhs instanceof AffineConstantExpr ? e.rhs.value : undefined;
  if (c !== undefined && c <= 0) {
    b.ctx.diagnostics.emit('error', loc, e.kind === AffineKind.Mod ? 'modulo by non-positive value is not supported' : 'division by non-positive value is not supported');
    return undefined;
  }
  const lhs = expandAffineExpr(b, loc, e.lhs, dims, syms)!;
  const rhs = expandAffineExpr(b, loc, e.rhs, dims, syms)!;
  const cmp = (predicate: number, l: Value, r: Value): Value => CmpIOp.result(CmpIOp.build(b, { predicate, lhs: l, rhs: r, location: loc }));
  const sub = (l: Value, r: Value): Value => SubIOp.result(SubIOp.build(b, { lhs: l, rhs: r, location: loc }));
  const add = (l: Value, r: Value): Value => AddIOp.result(AddIOp.build(b, { lhs: l, rhs: r, location: loc }));
  const select = (cond: Value, t: Value, f: Value): Value =>
    SelectOp.result(SelectOp.build(b, { condition: cond, true_value: t, false_value: f, location: loc }));
  const divsi = (l: Value, r: Value): Value => DivSIOp.result(DivSIOp.build(b, { lhs: l, rhs: r, location: loc }));
  if (e.kind === AffineKind.Mod) {
    // a mod b = (a rem b) < 0 ? (a rem b) + b : a rem b
    const rem = RemSIOp.result(RemSIOp.build(b, { lhs, rhs, location: loc }));
    const zero = ConstantOp.index(b, 0, loc);
    const negative = cmp(CmpIPredicate.case.slt, rem, zero);
    return select(negative, add(rem, rhs), rem);
  }
  if (e.kind === AffineKind.FloorDiv) {
    // a floordiv b = a < 0 ? -1 - (-1 - a) / b : a / b
    const zero = ConstantOp.index(b, 0, loc);
    const minusOne = ConstantOp.index(b, -1, loc);
    const negative = cmp(CmpIPredicate.case.slt, lhs, zero);
    const dividend = select(negative, sub(minusOne, lhs), lhs);
    const quotient = divsi(dividend, rhs);
    return select(negative, sub(minusOne, quotient), quotient);
  }
  // a ceildiv b = a <= 0 ? -((-a) / b) : (a - 1) / b + 1
  const zero = ConstantOp.index(b, 0, loc);
  const one = ConstantOp.index(b, 1, loc);
  const nonPositive = cmp(CmpIPredicate.case.sle, lhs, zero);
  const dividend = select(nonPositive, sub(zero, lhs), sub(lhs, one));
  const quotient = divsi(dividend, rhs);
  return select(nonPositive, sub(zero, quotient), add(quotient, one));
}

/** The expansion of every result of `map` applied to `operands` (undefined after an error). */
export function expandAffineMap(b: Builder, loc: Location, map: AffineMap, operands: readonly Value[]): Value[] | undefined {
  const dims = operands.slice(0, map.numDims);
  const syms = operands.slice(map.numDims);
  const out: Value[] = [];
  let ok = true;
  for (const e of map.results) {
    const v = expandAffineExpr(b, loc, e, dims, syms);
    if (v) out.push(v);
    else ok = false;
  }
  return ok ? out : undefined;
}

/** minsi/maxsi over the map's results, in order (buildMinMaxReductionSeq). */
function lowerMinMax(b: Builder, loc: Location, map: AffineMap, operands: readonly Value[], isMin: boolean): Value | undefined {
  const values = expandAffineMap(b, loc, map, operands);
  if (!values) return undefined;
  let v = values[0];
  for (let i = 1; i < values.length; i++)
    v = isMin
      ? MinSIOp.result(MinSIOp.build(b, { lhs: v, rhs: values[i], location: loc }))
      : MaxSIOp.result(MaxSIOp.build(b, { lhs: v, rhs: values[i], location: loc }));
  return v;
}

/**
 * The arith values computing an affine.apply/min/max, built before it
 * (undefined, after an error, when an expression cannot be lowered). The op
 * itself is left for the caller to replace.
 */
export function expandAffineOp(b: Builder, op: Operation): Value[] | undefined {
  b.setInsertionPointBefore(op);
  if (AffineApplyOp.isa(op)) return expandAffineMap(b, op.location, AffineApplyOp.map(op), op.operands);
  let map: AffineMap;
  const isMin = AffineMinOp.isa(op);
  if (isMin) map = AffineMinOp.map(op);
  else if (AffineMaxOp.isa(op)) map = AffineMaxOp.map(op);
  else return undefined;
  const v = lowerMinMax(b, op.location, map, op.operands, isMin);
  return v ? [v] : undefined;
}

/** Lowers one affine.apply/min/max to arith and replaces it; false when it cannot. */
export function lowerAffineOp(rewriter: PatternRewriter, op: Operation): boolean {
  const values = expandAffineOp(rewriter, op);
  if (!values) return false;
  rewriter.replaceOp(op, values);
  return true;
}

const LEGAL_DIALECTS = new Set(['arith', 'memref', 'scf', 'vector']);

/**
 * MLIR's legalizeWithFold: folds `op`; constants are materialized before it
 * and must be legal, else the fold is undone (and, as when nothing folds,
 * the op's operand uses are re-linked). Returns the replacement values,
 * 'in-place' or undefined.
 */
function tryFold(b: Builder, op: Operation): Value[] | 'in-place' | undefined {
  const r = foldForConversion(op, b, (c) => LEGAL_DIALECTS.has(c.name.dialectName));
  return r === undefined || r === 'in-place' ? r : r.values;
}

export const LowerAffineInfo: PassInfo = {
  argument: 'lower-affine',
  name: 'LowerAffinePass',
  description: 'Lower Affine operations to a combination of Arith and SCF operations',
  create: () => new LowerAffinePass(),
};

export class LowerAffinePass extends Pass {
  constructor() {
    super(LowerAffineInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const ops: Operation[] = [];
    root.walk((op) => {
      if (op !== root) ops.push(op);
    }, 'pre');
    // As in MLIR's conversion driver, replacements take effect at the end: a
    // later fold still sees the original (non-constant) operands.
    const replaced: [Operation, Value[]][] = [];
    const b = new Builder(run.ctx);
    for (const op of ops) {
      if (LEGAL_DIALECTS.has(op.name.dialectName)) continue;
      for (;;) {
        const r = tryFold(b, op);
        if (r === 'in-place') continue;
        const values = r ?? expandAffineOp(b, op);
        if (values) replaced.push([op, values]);
        break;
      }
    }
    // A replacement may itself be the result of an op replaced before or after.
    const mapping = new Map<Value, Value>();
    for (const [op, values] of replaced) op.results.forEach((r, i) => mapping.set(r, values[i]));
    const resolve = (v: Value): Value => {
      for (let next = mapping.get(v); next; next = mapping.get(v)) v = next;
      return v;
    };
    for (const [op] of replaced) for (const r of op.results) r.replaceAllUsesWith(resolve(r));
    for (let i = replaced.length - 1; i >= 0; i--) replaced[i][0].erase();
  }
}
