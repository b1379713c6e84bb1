// Affine value categorization and map/operand canonicalization (MLIR 22's
// AffineOps.cpp): which SSA values are valid affine dims or symbols, folding
// of producer affine.apply ops into a consumer's map (composition), the
// promotion of symbol-like dims, the dropping of unused and duplicate
// operands, and the operand-aware simplification of floordiv/mod.

import { AffineBinaryExpr, AffineConstantExpr, AffineDimExpr, AffineExpr, AffineKind, AffineMap, AffineSymbolExpr, constExpr, dimExpr, symbolExpr } from '../../ir/affine.js';
import {
  binaryExpr,
  getBoundForAffineExpr,
  isFunctionOfDim,
  isFunctionOfSymbol,
  mapReplace,
  mapReplaceDimsAndSymbols,
  mapShiftDims,
  mapShiftSymbols,
  simplifyAffineMap,
  walkMapExprs,
} from '../../ir/affine-utils.js';
import { IntegerAttr } from '../../ir/builtin-attributes.js';
import { IndexType, MemRefType, UnrankedMemRefType } from '../../ir/builtin-types.js';
import { Traits } from '../../ir/context.js';
import { matchConstant, matchConstantInt } from '../../ir/matchers.js';
import { BlockArgument, type Operation, type Region, type Value } from '../../ir/operation.js';
import { isPure } from '../../ir/side-effects.js';
import { AllocOp, CastOp, DimOp, SubViewOp, ViewOp } from '../memref/ops.js';
import type { Op } from '../../ods/index.js';
import { AffineApplyOp } from './ops.js';

const isIndex = (v: Value): boolean => v.type instanceof IndexType;

/** The apply op defining `v`, if any. */
function definingApply(v: Value): Op<'affine.apply'> | undefined {
  return AffineApplyOp.definingOp(v) ?? undefined;
}

/** Defined (or a block argument) directly in a region held by an AffineScope op. */
export function isTopLevelValue(value: Value): boolean {
  const parent = value instanceof BlockArgument ? value.owner.parentOp : value.definingOp!.parentOp;
  return parent !== null && parent.hasTrait(Traits.AffineScope);
}

function isTopLevelValueIn(value: Value, region: Region): boolean {
  if (value instanceof BlockArgument) return value.owner.parent === region;
  return value.definingOp!.parentRegion === region;
}

/** The closest region around `op` held by an AffineScope op. */
export function getAffineScope(op: Operation): Region | null {
  let cur: Operation = op;
  for (let parent = cur.parentOp; parent; cur = parent, parent = cur.parentOp) if (parent.hasTrait(Traits.AffineScope)) return cur.parentRegion;
  return null;
}

function isDimOpValidSymbol(dimOp: Op<'memref.dim'>, region: Region | null): boolean {
  const source = DimOp.source(dimOp);
  if (isTopLevelValue(source)) return true;
  if (source instanceof BlockArgument) return false;
  const index = matchConstantInt(DimOp.index(dimOp));
  if (index === undefined) return false;
  let op: Operation | null = source.definingOp;
  while (op && CastOp.isa(op)) {
    const src = CastOp.source(op);
    if (src.type instanceof UnrankedMemRefType) return false;
    op = src.definingOp;
    if (!op) return false;
  }
  if (!op) return false;
  const i = Number(index);
  const sizeValid = (type: MemRefType, dynamicSizes: readonly Value[]): boolean => {
    if (i >= type.shape.length) return false;
    if (type.shape[i] >= 0) return true;
    let pos = 0;
    for (let d = 0; d < i; d++) if (type.shape[d] < 0) pos++;
    return isValidSymbolIn(dynamicSizes[pos], region);
  };
  if (ViewOp.isa(op)) return sizeValid(op.result(0).type as MemRefType, ViewOp.sizes(op));
  if (SubViewOp.isa(op)) return sizeValid(op.result(0).type as MemRefType, SubViewOp.sizes(op));
  if (AllocOp.isa(op)) return sizeValid(op.result(0).type as MemRefType, AllocOp.dynamicSizes(op));
  return false;
}

/** isValidSymbol(value): a valid affine symbol at all its uses. */
export function isValidSymbol(value: Value | undefined): boolean {
  if (!value || !isIndex(value)) return false;
  if (isTopLevelValue(value)) return true;
  const def = value.definingOp;
  if (def) return isValidSymbolIn(value, getAffineScope(def));
  return false;
}

/** isValidSymbol(value, region): a valid symbol for the affine scope `region`. */
export function isValidSymbolIn(value: Value, region: Region | null): boolean {
  // The walk up the regions is iterative: values can sit deep in nested ops.
  for (;;) {
    if (!isIndex(value)) return false;
    if (region && isTopLevelValueIn(value, region)) return true;
    const def = value.definingOp;
    if (def) {
      if (matchConstant(value) !== undefined) return true;
      if (isPure(def) && def.operands.every((o) => isValidSymbolIn(o, region))) return true;
      if (DimOp.isa(def)) return isDimOpValidSymbol(def, region);
    }
    const regionOp = region?.parentOp ?? null;
    if (!regionOp || regionOp.hasTrait(Traits.IsolatedFromAbove)) return false;
    const parentRegion = regionOp.parentRegion;
    if (!parentRegion) return false;
    region = parentRegion;
  }
}

/** isValidDim(value): a valid affine dim (scfkit has no affine loops, so: a valid symbol or an apply of dims). */
export function isValidDim(value: Value): boolean {
  if (!isIndex(value)) return false;
  const def = value.definingOp;
  if (def) return isValidDimIn(value, getAffineScope(def));
  const parent = (value as BlockArgument).owner.parentOp;
  return parent !== null && parent.hasTrait(Traits.AffineScope);
}

export function isValidDimIn(value: Value, region: Region | null): boolean {
  if (!isIndex(value)) return false;
  if (isValidSymbolIn(value, region)) return true;
  const def = value.definingOp;
  if (!def) return false;
  if (definingApply(value)) return def.operands.every((o) => isValidDimIn(o, region));
  if (DimOp.isa(def)) return isTopLevelValue(DimOp.source(def));
  return false;
}

// ============================================================================
// Map and operand canonicalization

/** A symbol may appear as a dim: such dims become symbols (canonicalizePromotedSymbols). */
function canonicalizePromotedSymbols(map: AffineMap, operands: Value[]): AffineMap {
  if (operands.length === 0) return map;
  const result: Value[] = [];
  const remapped: Value[] = [];
  let nextDim = 0;
  let nextSym = 0;
  const oldNumSyms = map.numSymbols;
  const dimRemap: AffineExpr[] = [];
  for (let i = 0; i < map.numInputs; i++) {
    if (i < map.numDims) {
      if (isValidSymbol(operands[i])) {
        dimRemap.push(symbolExpr(oldNumSyms + nextSym++));
        remapped.push(operands[i]);
      } else {
        dimRemap.push(dimExpr(nextDim++));
        result.push(operands[i]);
      }
    } else result.push(operands[i]);
  }
  result.push(...remapped);
  operands.splice(0, operands.length, ...result);
  return mapReplaceDimsAndSymbols(map, dimRemap, [], nextDim, oldNumSyms + nextSym);
}

/** A valid dim that is not a valid symbol appearing as a symbol becomes a dim (legalizeDemotedDims). */
function legalizeDemotedDims(map: AffineMap, operands: Value[]): AffineMap {
  if (operands.length === 0) return map;
  const oldNumDims = map.numDims;
  const result = operands.slice(0, oldNumDims);
  const remappedDims: Value[] = [];
  const symOperands: Value[] = [];
  let nextSym = 0;
  let nextDim = 0;
  const symRemap: AffineExpr[] = [];
  for (let i = oldNumDims; i < map.numInputs; i++) {
    const v = operands[i];
    if (v && isValidDim(v) && !isValidSymbol(v)) {
      symRemap.push(dimExpr(oldNumDims + nextDim++));
      remappedDims.push(v);
    } else {
      symRemap.push(symbolExpr(nextSym++));
      symOperands.push(v);
    }
  }
  operands.splice(0, operands.length, ...result, ...remappedDims, ...symOperands);
  return mapReplaceDimsAndSymbols(map, [], symRemap, oldNumDims + nextDim, nextSym);
}

/**
 * canonicalizeMapAndOperands: promotes symbol-like dims, folds constant
 * symbols into the map and drops unused and duplicate operands. `operands` is
 * updated in place; returns the new map.
 */
export function canonicalizeMapAndOperands(map: AffineMap, operands: Value[]): AffineMap {
  if (operands.length === 0) return map;
  map = canonicalizePromotedSymbols(map, operands);
  map = legalizeDemotedDims(map, operands);
  const usedDims = new Array<boolean>(map.numDims).fill(false);
  const usedSyms = new Array<boolean>(map.numSymbols).fill(false);
  walkMapExprs(map, (e) => {
    if (e instanceof AffineDimExpr) usedDims[e.position] = true;
    else if (e instanceof AffineSymbolExpr) usedSyms[e.position] = true;
  });
  const result: Value[] = [];
  const seenDims = new Map<Value, AffineExpr>();
  const dimRemap = new Array<AffineExpr | undefined>(map.numDims).fill(undefined);
  let nextDim = 0;
  for (let i = 0; i < map.numDims; i++) {
    if (!usedDims[i]) continue;
    const seen = seenDims.get(operands[i]);
    if (seen) dimRemap[i] = seen;
    else {
      dimRemap[i] = dimExpr(nextDim++);
      result.push(operands[i]);
      seenDims.set(operands[i], dimRemap[i]!);
    }
  }
  const seenSyms = new Map<Value, AffineExpr>();
  const symRemap = new Array<AffineExpr | undefined>(map.numSymbols).fill(undefined);
  let nextSym = 0;
  for (let i = 0; i < map.numSymbols; i++) {
    if (!usedSyms[i]) continue;
    const v = operands[i + map.numDims];
    const c = v ? matchConstant(v) : undefined;
    if (c instanceof IntegerAttr) {
      symRemap[i] = constExpr(Number(BigInt.asIntN(64, c.value)));
      continue;
    }
    const seen = seenSyms.get(v);
    if (seen) symRemap[i] = seen;
    else {
      symRemap[i] = symbolExpr(nextSym++);
      result.push(v);
      seenSyms.set(v, symRemap[i]!);
    }
  }
  map = mapReplaceDimsAndSymbols(map, dimRemap, symRemap, nextDim, nextSym);
  operands.splice(0, operands.length, ...result);
  return map;
}

/** Replaces dim/symbol `pos` by the map of the affine.apply defining it (replaceDimOrSym). */
function replaceDimOrSym(state: { map: AffineMap }, pos: number, dims: (Value | undefined)[], syms: (Value | undefined)[]): boolean {
  const isDim = pos < dims.length;
  const p = isDim ? pos : pos - dims.length;
  const v = isDim ? dims[p] : syms[p];
  if (!v) return false;
  const apply = definingApply(v);
  if (!apply) return false;
  if (isDim) dims[p] = undefined;
  else syms[p] = undefined;
  const composeOperands = [...apply.operands];
  let composeMap = canonicalizeMapAndOperands(AffineApplyOp.map(apply), composeOperands);
  composeMap = mapShiftSymbols(mapShiftDims(composeMap, dims.length), syms.length);
  const replacement = composeMap.results[0];
  const toReplace = isDim ? dimExpr(p) : symbolExpr(p);
  const nd = composeMap.numDims - dims.length;
  dims.push(...composeOperands.slice(0, nd));
  syms.push(...composeOperands.slice(nd));
  state.map = mapReplace(state.map, toReplace, replacement, dims.length, syms.length);
  return true;
}

/**
 * composeAffineMapAndOperands: folds the affine.apply ops producing operands
 * into the map, then canonicalizes and simplifies it.
 */
export function composeAffineMapAndOperands(map: AffineMap, operands: Value[]): AffineMap {
  if (map.numResults === 0) {
    map = canonicalizeMapAndOperands(map, operands);
    return simplifyAffineMap(map);
  }
  const dims: (Value | undefined)[] = operands.slice(0, map.numDims);
  const syms: (Value | undefined)[] = operands.slice(map.numDims);
  const state = { map };
  for (;;) {
    let changed = false;
    for (let pos = 0; pos !== dims.length + syms.length; pos++)
      if (replaceDimOrSym(state, pos, dims, syms)) {
        changed = true;
        break;
      }
    if (!changed) break;
  }
  map = state.map;
  operands.length = 0;
  let nDims = 0;
  let nSyms = 0;
  const dimRepl: AffineExpr[] = [];
  const symRepl: AffineExpr[] = [];
  dims.forEach((v, i) => {
    if (!v) {
      if (map.results.some((e) => isFunctionOfDim(e, i))) throw new Error('composeAffineMapAndOperands: map uses a replaced dim');
      dimRepl.push(constExpr(0));
      return;
    }
    dimRepl.push(dimExpr(nDims++));
    operands.push(v);
  });
  syms.forEach((v, i) => {
    if (!v) {
      if (map.results.some((e) => isFunctionOfSymbol(e, i))) throw new Error('composeAffineMapAndOperands: map uses a replaced symbol');
      symRepl.push(constExpr(0));
      return;
    }
    symRepl.push(symbolExpr(nSyms++));
    operands.push(v);
  });
  map = mapReplaceDimsAndSymbols(map, dimRepl, symRepl, nDims, nSyms);
  map = canonicalizeMapAndOperands(map, operands);
  return simplifyAffineMap(map);
}

/** fullyComposeAffineMapAndOperands: composes until no operand comes from an affine.apply. */
export function fullyComposeAffineMapAndOperands(map: AffineMap, operands: Value[]): AffineMap {
  while (operands.some((v) => definingApply(v) !== undefined)) map = composeAffineMapAndOperands(map, operands);
  return map;
}

// ============================================================================
// Operand-aware simplification of floordiv/ceildiv/mod (simplifyMapWithOperands)

// Constant bounds of operands come from affine.for induction variables only:
// scfkit has none, so every operand is unbounded here.
const noBound = (operands: readonly Value[]): undefined[] => operands.map(() => undefined);

function exprBound(expr: AffineExpr, numDims: number, numSymbols: number, operands: readonly Value[], isUpper: boolean): number | undefined {
  if (expr instanceof AffineConstantExpr) return expr.value;
  return getBoundForAffineExpr(expr, numDims, numSymbols, noBound(operands), noBound(operands), isUpper);
}

/** The largest known divisor of `e` (operands add nothing without affine loops). */
const largestKnownDivisor = (e: AffineExpr): number => (e instanceof AffineDimExpr ? 1 : e.largestKnownDivisor());

/** 0 <= e < k, for a constant `e` (dims would need affine loop bounds). */
function isNonNegativeBoundedBy(e: AffineExpr, k: number): boolean {
  return e instanceof AffineConstantExpr && e.value >= 0 && e.value < k;
}

const floorDivNum = (a: number, b: number): number => Math.floor(a / b);
const ceilDivNum = (a: number, b: number): number => Math.ceil(a / b);

function simplifyExprAndOperands(expr: AffineExpr, numDims: number, numSymbols: number, operands: readonly Value[]): AffineExpr {
  if (!(expr instanceof AffineBinaryExpr)) return expr;
  const l = simplifyExprAndOperands(expr.lhs, numDims, numSymbols, operands);
  const r = simplifyExprAndOperands(expr.rhs, numDims, numSymbols, operands);
  expr = binaryExpr(expr.kind, l, r);
  if (!(expr instanceof AffineBinaryExpr) || (expr.kind !== AffineKind.FloorDiv && expr.kind !== AffineKind.CeilDiv && expr.kind !== AffineKind.Mod)) return expr;
  const lhs = expr.lhs;
  const rhs = expr.rhs;
  if (!(rhs instanceof AffineConstantExpr)) return expr;
  const c = rhs.value;
  if (c <= 0) return expr;
  const lb = exprBound(lhs, numDims, numSymbols, operands, false);
  const ub = exprBound(lhs, numDims, numSymbols, operands, true);
  if (lb !== undefined && ub !== undefined) {
    if (expr.kind === AffineKind.FloorDiv && floorDivNum(lb, c) === floorDivNum(ub, c)) return constExpr(floorDivNum(lb, c));
    if (expr.kind === AffineKind.CeilDiv && ceilDivNum(lb, c) === ceilDivNum(ub, c)) return constExpr(ceilDivNum(lb, c));
    if (expr.kind === AffineKind.Mod && lb >= 0 && lb < c && ub < c) return lhs;
  }
  // (q*d + r) floordiv/mod c with 0 <= r < d.
  if (lhs instanceof AffineBinaryExpr && lhs.kind === AffineKind.Add) {
    let d = largestKnownDivisor(lhs.lhs);
    let quotient: AffineExpr | undefined;
    let rem: AffineExpr | undefined;
    if (isNonNegativeBoundedBy(lhs.rhs, d)) [quotient, rem] = [lhs.lhs, lhs.rhs];
    else {
      d = largestKnownDivisor(lhs.rhs);
      if (isNonNegativeBoundedBy(lhs.lhs, d)) [quotient, rem] = [lhs.rhs, lhs.lhs];
    }
    if (quotient && rem) {
      if (c % d === 0 && expr.kind === AffineKind.FloorDiv) return quotient.floorDiv(rhs);
      if (d % c === 0 && expr.kind === AffineKind.Mod) return rem.mod(rhs);
      return expr;
    }
  }
  if ((isNonNegativeBoundedBy(lhs, c) && expr.kind === AffineKind.FloorDiv) || (largestKnownDivisor(lhs) % c === 0 && expr.kind === AffineKind.Mod))
    return constExpr(0);
  return expr;
}

export function simplifyMapWithOperands(map: AffineMap, operands: readonly Value[]): AffineMap {
  return AffineMap.get(
    map.numDims,
    map.numSymbols,
    map.results.map((e) => simplifyExprAndOperands(e, map.numDims, map.numSymbols, operands)),
  );
}
