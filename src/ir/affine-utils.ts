// Operations on affine expressions and maps beyond construction (affine.ts):
// substitution and shifting of dims/symbols, flattening into sums of
// products with local variables for divisions (MLIR's
// SimpleAffineExprFlattener), the flattening-based simplification
// (simplifyAffineExpr / simplifyAffineMap), constant folding of maps and
// constant bounds of expressions, each as MLIR 22's AffineExpr.cpp and
// AffineMap.cpp compute them (the printed maps depend on the exact forms).

import {
  AffineBinaryExpr,
  AffineConstantExpr,
  AffineDimExpr,
  AffineExpr,
  AffineKind,
  AffineMap,
  AffineSymbolExpr,
  affineAdd,
  affineCeilDiv,
  affineFloorDiv,
  affineMod,
  affineMul,
  constExpr,
  dimExpr,
  symbolExpr,
} from './affine.js';

export type BinaryKind = AffineBinaryExpr['kind'];

/** getAffineBinaryOpExpr: builds `lhs <kind> rhs` with the construction-time simplifications. */
export function binaryExpr(kind: BinaryKind, lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  switch (kind) {
    case AffineKind.Add:
      return affineAdd(lhs, rhs);
    case AffineKind.Mul:
      return affineMul(lhs, rhs);
    case AffineKind.FloorDiv:
      return affineFloorDiv(lhs, rhs);
    case AffineKind.CeilDiv:
      return affineCeilDiv(lhs, rhs);
    default:
      return affineMod(lhs, rhs);
  }
}

export function asBinary(e: AffineExpr): AffineBinaryExpr | undefined {
  return e instanceof AffineBinaryExpr ? e : undefined;
}

export function asConstant(e: AffineExpr): number | undefined {
  return e instanceof AffineConstantExpr ? e.value : undefined;
}

/** Visits every node of `e` in post-order. */
export function walkExpr(e: AffineExpr, fn: (e: AffineExpr) => void): void {
  if (e instanceof AffineBinaryExpr) {
    walkExpr(e.lhs, fn);
    walkExpr(e.rhs, fn);
  }
  fn(e);
}

/** Substitutes dims and symbols (positions beyond the lists are kept). */
export function replaceDimsAndSymbols(
  e: AffineExpr,
  dims: readonly (AffineExpr | undefined)[],
  syms: readonly (AffineExpr | undefined)[],
): AffineExpr {
  if (e instanceof AffineDimExpr) return e.position < dims.length ? (dims[e.position] ?? e) : e;
  if (e instanceof AffineSymbolExpr) return e.position < syms.length ? (syms[e.position] ?? e) : e;
  if (!(e instanceof AffineBinaryExpr)) return e;
  const lhs = replaceDimsAndSymbols(e.lhs, dims, syms);
  const rhs = replaceDimsAndSymbols(e.rhs, dims, syms);
  if (lhs === e.lhs && rhs === e.rhs) return e;
  return binaryExpr(e.kind, lhs, rhs);
}

/** Sparse replacement of sub-expressions (AffineExpr::replace). */
export function replaceExprs(e: AffineExpr, map: ReadonlyMap<AffineExpr, AffineExpr>): AffineExpr {
  const r = map.get(e);
  if (r) return r;
  if (!(e instanceof AffineBinaryExpr)) return e;
  const lhs = replaceExprs(e.lhs, map);
  const rhs = replaceExprs(e.rhs, map);
  if (lhs === e.lhs && rhs === e.rhs) return e;
  return binaryExpr(e.kind, lhs, rhs);
}

/** Replaces dims[offset, numDims) by dims[offset + shift, numDims + shift). */
export function shiftDims(e: AffineExpr, numDims: number, shift: number, offset = 0): AffineExpr {
  const dims: AffineExpr[] = [];
  for (let i = 0; i < offset; i++) dims.push(dimExpr(i));
  for (let i = offset; i < numDims; i++) dims.push(dimExpr(i + shift));
  return replaceDimsAndSymbols(e, dims, []);
}

/** Replaces symbols[offset, numSymbols) by symbols[offset + shift, numSymbols + shift). */
export function shiftSymbols(e: AffineExpr, numSymbols: number, shift: number, offset = 0): AffineExpr {
  const syms: AffineExpr[] = [];
  for (let i = 0; i < offset; i++) syms.push(symbolExpr(i));
  for (let i = offset; i < numSymbols; i++) syms.push(symbolExpr(i + shift));
  return replaceDimsAndSymbols(e, [], syms);
}

export function isFunctionOfDim(e: AffineExpr, pos: number): boolean {
  if (e instanceof AffineDimExpr) return e.position === pos;
  return e instanceof AffineBinaryExpr && (isFunctionOfDim(e.lhs, pos) || isFunctionOfDim(e.rhs, pos));
}

export function isFunctionOfSymbol(e: AffineExpr, pos: number): boolean {
  if (e instanceof AffineSymbolExpr) return e.position === pos;
  return e instanceof AffineBinaryExpr && (isFunctionOfSymbol(e.lhs, pos) || isFunctionOfSymbol(e.rhs, pos));
}

// ============================================================================
// Maps

export function mapReplaceDimsAndSymbols(
  map: AffineMap,
  dims: readonly (AffineExpr | undefined)[],
  syms: readonly (AffineExpr | undefined)[],
  numDims: number,
  numSymbols: number,
): AffineMap {
  return AffineMap.get(
    numDims,
    numSymbols,
    map.results.map((e) => replaceDimsAndSymbols(e, dims, syms)),
  );
}

/** AffineMap::replace(expr, replacement, numDims, numSymbols). */
export function mapReplace(map: AffineMap, from: AffineExpr, to: AffineExpr, numDims: number, numSymbols: number): AffineMap {
  const m = new Map([[from, to]]);
  return AffineMap.get(
    numDims,
    numSymbols,
    map.results.map((e) => replaceExprs(e, m)),
  );
}

export function mapShiftDims(map: AffineMap, shift: number, offset = 0): AffineMap {
  return AffineMap.get(
    map.numDims + shift,
    map.numSymbols,
    map.results.map((e) => shiftDims(e, map.numDims, shift, offset)),
  );
}

export function mapShiftSymbols(map: AffineMap, shift: number, offset = 0): AffineMap {
  return AffineMap.get(
    map.numDims,
    map.numSymbols + shift,
    map.results.map((e) => shiftSymbols(e, map.numSymbols, shift, offset)),
  );
}

export function subMap(map: AffineMap, positions: readonly number[]): AffineMap {
  return AffineMap.get(
    map.numDims,
    map.numSymbols,
    positions.map((i) => map.results[i]),
  );
}

/** AffineMap::inferFromExprList for one list: as many dims and symbols as the expressions use. */
export function inferMap(exprs: readonly AffineExpr[]): AffineMap {
  let maxDim = -1;
  let maxSym = -1;
  for (const e of exprs)
    walkExpr(e, (x) => {
      if (x instanceof AffineDimExpr) maxDim = Math.max(maxDim, x.position);
      else if (x instanceof AffineSymbolExpr) maxSym = Math.max(maxSym, x.position);
    });
  return AffineMap.get(maxDim + 1, maxSym + 1, exprs);
}

/** AffineMap::isSymbolIdentity as MLIR 22 has it: as many results as symbols, result i being *dim* i. */
export function isSymbolIdentity(map: AffineMap): boolean {
  if (map.numSymbols !== map.numResults) return false;
  return map.results.every((e, i) => e instanceof AffineDimExpr && e.position === i);
}

export function walkMapExprs(map: AffineMap, fn: (e: AffineExpr) => void): void {
  for (const e of map.results) walkExpr(e, fn);
}

// ============================================================================
// Flattening (SimpleAffineExprFlattener)

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * Flattens pure affine expressions into coefficient rows
 * `[dims, symbols, locals, constant]`, introducing a local variable for each
 * distinct floordiv/ceildiv/mod quotient; semi-affine sub-expressions become
 * locals too. Subclasses record the constraints of the locals.
 */
export class AffineExprFlattener {
  numLocals = 0;
  /** One row per flattened expression, in walk order. */
  readonly operandExprStack: number[][] = [];
  readonly localExprs: AffineExpr[] = [];
  constructor(
    readonly numDims: number,
    readonly numSymbols: number,
  ) {}

  get numCols(): number {
    return this.numDims + this.numSymbols + this.numLocals + 1;
  }
  get localVarStart(): number {
    return this.numDims + this.numSymbols;
  }

  /** Flattens `expr` onto the stack; false if it has a division by a non-positive constant (or an unsupported form). */
  walkPostOrder(expr: AffineExpr): boolean {
    if (expr instanceof AffineBinaryExpr) {
      if (!this.walkPostOrder(expr.lhs) || !this.walkPostOrder(expr.rhs)) return false;
      switch (expr.kind) {
        case AffineKind.Add:
          return this.visitAdd();
        case AffineKind.Mul:
          return this.visitMul(expr);
        case AffineKind.Mod:
          return this.visitMod(expr);
        case AffineKind.FloorDiv:
          return this.visitDiv(expr, false);
        default:
          return this.visitDiv(expr, true);
      }
    }
    const row = new Array<number>(this.numCols).fill(0);
    if (expr instanceof AffineDimExpr) row[expr.position] = 1;
    else if (expr instanceof AffineSymbolExpr) row[this.numDims + expr.position] = 1;
    else row[row.length - 1] = (expr as AffineConstantExpr).value;
    this.operandExprStack.push(row);
    return true;
  }

  private exprOf(row: readonly number[]): AffineExpr {
    return getAffineExprFromFlatForm(row, this.numDims, this.numSymbols, this.localExprs);
  }

  private visitAdd(): boolean {
    const rhs = this.operandExprStack.pop()!;
    const lhs = this.operandExprStack[this.operandExprStack.length - 1];
    for (let i = 0; i < rhs.length; i++) lhs[i] += rhs[i];
    return true;
  }

  private visitMul(expr: AffineBinaryExpr): boolean {
    const rhs = this.operandExprStack.pop()!;
    const lhs = this.operandExprStack[this.operandExprStack.length - 1];
    if (!(expr.rhs instanceof AffineConstantExpr)) {
      const a = this.exprOf(lhs);
      const b = this.exprOf(rhs);
      return this.addLocalVariableSemiAffine(lhs, rhs, affineMul(a, b), lhs);
    }
    const c = rhs[rhs.length - 1];
    for (let i = 0; i < lhs.length; i++) lhs[i] *= c;
    return true;
  }

  private visitMod(expr: AffineBinaryExpr): boolean {
    const rhs = this.operandExprStack.pop()!;
    const lhs = this.operandExprStack[this.operandExprStack.length - 1];
    if (!(expr.rhs instanceof AffineConstantExpr)) {
      const a = this.exprOf(lhs);
      const b = this.exprOf(rhs);
      return this.addLocalVariableSemiAffine(lhs, rhs, affineMod(a, b), lhs);
    }
    const c = rhs[rhs.length - 1];
    if (c <= 0) return false;
    if (lhs.every((v) => v % c === 0)) {
      lhs.fill(0);
      return true;
    }
    // expr mod c = expr - c * (expr floordiv c), cancelling the gcd first.
    let g = c;
    for (const v of lhs) g = gcd(g, v);
    const dividend = g !== 1 ? lhs.map((v) => Math.trunc(v / g)) : [...lhs];
    const divisor = c / g;
    const floorDiv = affineFloorDiv(this.exprOf(dividend), constExpr(divisor));
    const loc = this.localExprs.indexOf(floorDiv);
    if (loc === -1) {
      this.addLocalFloorDivId(dividend, divisor, floorDiv);
      lhs[this.localVarStart + this.numLocals - 1] = -c;
    } else {
      lhs[this.localVarStart + loc] = -c;
    }
    return true;
  }

  private visitDiv(expr: AffineBinaryExpr, isCeil: boolean): boolean {
    const rhs = this.operandExprStack.pop()!;
    const lhs = this.operandExprStack[this.operandExprStack.length - 1];
    if (!(expr.rhs instanceof AffineConstantExpr)) {
      const a = this.exprOf(lhs);
      const b = this.exprOf(rhs);
      return this.addLocalVariableSemiAffine(lhs, rhs, isCeil ? affineCeilDiv(a, b) : affineFloorDiv(a, b), lhs);
    }
    const c = rhs[rhs.length - 1];
    if (c <= 0) return false;
    let g = Math.abs(c);
    for (const v of lhs) g = gcd(g, v);
    if (g !== 1) for (let i = 0; i < lhs.length; i++) lhs[i] = Math.trunc(lhs[i] / g);
    const divisor = c / g;
    if (divisor === 1) return true;
    const a = this.exprOf(lhs);
    const b = constExpr(divisor);
    const divExpr = isCeil ? affineCeilDiv(a, b) : affineFloorDiv(a, b);
    const loc = this.localExprs.indexOf(divExpr);
    if (loc === -1) {
      const dividend = [...lhs];
      // lhs ceildiv c == (lhs + c - 1) floordiv c
      if (isCeil) dividend[dividend.length - 1] += divisor - 1;
      this.addLocalFloorDivId(dividend, divisor, divExpr);
    }
    lhs.fill(0);
    lhs[this.localVarStart + (loc === -1 ? this.numLocals - 1 : loc)] = 1;
    return true;
  }

  private addLocalVariableSemiAffine(lhs: readonly number[], rhs: readonly number[], expr: AffineExpr, result: number[]): boolean {
    const loc = this.localExprs.indexOf(expr);
    if (loc === -1 && !this.addLocalIdSemiAffine(lhs, rhs, expr)) return false;
    result.fill(0);
    result[this.localVarStart + (loc === -1 ? this.numLocals - 1 : loc)] = 1;
    return true;
  }

  private insertLocalColumn(expr: AffineExpr): void {
    const at = this.localVarStart + this.numLocals;
    for (const row of this.operandExprStack) row.splice(at, 0, 0);
    this.localExprs.push(expr);
    this.numLocals++;
  }

  /** A new local `q = dividend floordiv divisor` (dividend sized before the new column). */
  protected addLocalFloorDivId(_dividend: readonly number[], _divisor: number, localExpr: AffineExpr): void {
    this.insertLocalColumn(localExpr);
  }

  /** A new local standing for a semi-affine sub-expression; false if unsupported. */
  protected addLocalIdSemiAffine(_lhs: readonly number[], _rhs: readonly number[], localExpr: AffineExpr): boolean {
    this.insertLocalColumn(localExpr);
    return true;
  }
}

/** Rebuilds an expression from `[dims, symbols, locals, constant]` coefficients. */
export function getAffineExprFromFlatForm(
  flat: readonly number[],
  numDims: number,
  numSymbols: number,
  localExprs: readonly AffineExpr[],
): AffineExpr {
  let expr: AffineExpr = constExpr(0);
  for (let j = 0; j < numDims + numSymbols; j++) {
    if (flat[j] === 0) continue;
    const id = j < numDims ? dimExpr(j) : symbolExpr(j - numDims);
    expr = affineAdd(expr, affineMul(id, constExpr(flat[j])));
  }
  for (let j = numDims + numSymbols; j < flat.length - 1; j++) {
    if (flat[j] === 0) continue;
    expr = affineAdd(expr, affineMul(localExprs[j - numDims - numSymbols], constExpr(flat[j])));
  }
  const c = flat[flat.length - 1];
  if (c !== 0) expr = affineAdd(expr, constExpr(c));
  return expr;
}

/** getSemiAffineExprFromFlatForm: terms sorted by dim/symbol position (MLIR 22's key scheme). */
function getSemiAffineExprFromFlatForm(
  flat: readonly number[],
  numDims: number,
  numSymbols: number,
  localExprs: readonly AffineExpr[],
): AffineExpr {
  type Key = [number, number];
  const entries: { key: Key; coeff: number; expr: AffineExpr }[] = [];
  let offsetSym = 0;
  let offsetDim = -1;
  const big = Math.max(numDims, numSymbols);
  for (let j = numDims; j < numDims + numSymbols; j++) {
    if (flat[j] === 0) continue;
    entries.push({ key: [j - numDims, big + offsetSym++], coeff: flat[j], expr: symbolExpr(j - numDims) });
  }
  const added = new Array<boolean>(localExprs.length).fill(false);
  localExprs.forEach((expr, i) => {
    const coeff = flat[numDims + numSymbols + i];
    if (coeff === 0) return;
    const b = expr as AffineBinaryExpr;
    const lhs = b.lhs;
    const rhs = b.rhs;
    const lhsId = lhs instanceof AffineDimExpr || lhs instanceof AffineSymbolExpr;
    const rhsOk = rhs instanceof AffineDimExpr || rhs instanceof AffineSymbolExpr || rhs instanceof AffineConstantExpr;
    if (!lhsId || !rhsOk) return;
    if (rhs instanceof AffineConstantExpr) {
      if (lhs instanceof AffineDimExpr) entries.push({ key: [lhs.position, offsetDim--], coeff, expr });
      else entries.push({ key: [(lhs as AffineSymbolExpr).position, big + offsetSym++], coeff, expr });
    } else if (lhs instanceof AffineDimExpr) {
      entries.push({ key: [lhs.position, (rhs as AffineSymbolExpr).position], coeff, expr });
    } else {
      entries.push({ key: [(lhs as AffineSymbolExpr).position, big + offsetSym++], coeff, expr });
    }
    added[i] = true;
  });
  for (let j = 0; j < numDims; j++) {
    if (flat[j] === 0) continue;
    entries.push({ key: [j, offsetDim--], coeff: flat[j], expr: dimExpr(j) });
  }
  entries.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1]);
  let expr: AffineExpr = constExpr(0);
  for (const e of entries) expr = affineAdd(expr, affineMul(e.expr, constExpr(e.coeff)));
  for (let j = numDims + numSymbols; j < flat.length - 1; j++) {
    if (flat[j] === 0 || added[j - numDims - numSymbols]) continue;
    expr = affineAdd(expr, affineMul(localExprs[j - numDims - numSymbols], constExpr(flat[j])));
  }
  const c = flat[flat.length - 1];
  if (c !== 0) expr = affineAdd(expr, constExpr(c));
  return expr;
}

// ---- semi-affine simplification

function isDivisibleBySymbol(expr: AffineExpr, symbolPos: number, opKind: AffineKind): boolean {
  if (expr instanceof AffineConstantExpr) return expr.value === 0;
  if (expr instanceof AffineDimExpr) return false;
  if (expr instanceof AffineSymbolExpr) return expr.position === symbolPos;
  const b = expr as AffineBinaryExpr;
  switch (b.kind) {
    case AffineKind.Add:
      return isDivisibleBySymbol(b.lhs, symbolPos, opKind) && isDivisibleBySymbol(b.rhs, symbolPos, opKind);
    case AffineKind.Mod:
      return isDivisibleBySymbol(b.lhs, symbolPos, AffineKind.Mod) && isDivisibleBySymbol(b.rhs, symbolPos, AffineKind.Mod);
    case AffineKind.Mul:
      return isDivisibleBySymbol(b.lhs, symbolPos, opKind) || isDivisibleBySymbol(b.rhs, symbolPos, opKind);
    default:
      if (opKind !== b.kind) return false;
      return isDivisibleBySymbol(b.lhs, symbolPos, b.kind);
  }
}

function symbolicDivide(expr: AffineExpr, symbolPos: number, opKind: AffineKind): AffineExpr | undefined {
  if (expr instanceof AffineConstantExpr) return expr.value !== 0 ? undefined : constExpr(0);
  if (expr instanceof AffineDimExpr) return undefined;
  if (expr instanceof AffineSymbolExpr) return constExpr(1);
  const b = expr as AffineBinaryExpr;
  const bin = (k: BinaryKind, l: AffineExpr | undefined, r: AffineExpr | undefined): AffineExpr | undefined =>
    l && r ? binaryExpr(k, l, r) : undefined;
  switch (b.kind) {
    case AffineKind.Add:
      return bin(b.kind, symbolicDivide(b.lhs, symbolPos, opKind), symbolicDivide(b.rhs, symbolPos, opKind));
    case AffineKind.Mod:
      return bin(b.kind, symbolicDivide(b.lhs, symbolPos, b.kind), symbolicDivide(b.rhs, symbolPos, b.kind));
    case AffineKind.Mul:
      if (!isDivisibleBySymbol(b.lhs, symbolPos, opKind)) return bin(AffineKind.Mul, b.lhs, symbolicDivide(b.rhs, symbolPos, opKind));
      return bin(AffineKind.Mul, symbolicDivide(b.lhs, symbolPos, opKind), b.rhs);
    default:
      return bin(b.kind, symbolicDivide(b.lhs, symbolPos, b.kind), b.rhs);
  }
}

function summands(e: AffineExpr, out: AffineExpr[]): void {
  const b = asBinary(e);
  if (!b || b.kind !== AffineKind.Add) {
    out.push(e);
    return;
  }
  summands(b.lhs, out);
  summands(b.rhs, out);
}

function negated(e: AffineExpr): AffineExpr | undefined {
  const b = asBinary(e);
  if (!b || b.kind !== AffineKind.Mul) return undefined;
  if (asConstant(b.lhs) === -1) return b.rhs;
  if (asConstant(b.rhs) === -1) return b.lhs;
  return undefined;
}

/** `(x - x mod rhs) mod rhs` and the like are 0. */
function isModOfModSubtraction(lhs: AffineExpr, rhs: AffineExpr, numDims: number, numSymbols: number): boolean {
  const terms: AffineExpr[] = [];
  summands(lhs, terms);
  for (let i = 0; i < terms.length; i++) {
    const before = negated(terms[i]);
    if (!before) continue;
    const inner = asBinary(before);
    if (!inner || inner.kind !== AffineKind.Mod || inner.rhs !== rhs) continue;
    let diff: AffineExpr = constExpr(0);
    for (let j = 0; j < terms.length; j++) if (i !== j) diff = affineAdd(diff, terms[j]);
    diff = diff.sub(inner.lhs);
    diff = simplifyAffineExpr(diff, numDims, numSymbols);
    if (asConstant(diff) === 0) return true;
  }
  return false;
}

function simplifySemiAffine(expr: AffineExpr, numDims: number, numSymbols: number): AffineExpr {
  const b = asBinary(expr);
  if (!b) return expr;
  if (b.kind === AffineKind.Add || b.kind === AffineKind.Mul)
    return binaryExpr(b.kind, simplifySemiAffine(b.lhs, numDims, numSymbols), simplifySemiAffine(b.rhs, numDims, numSymbols));
  const sLHS = simplifySemiAffine(b.lhs, numDims, numSymbols);
  const sRHS = simplifySemiAffine(b.rhs, numDims, numSymbols);
  if (isModOfModSubtraction(sLHS, sRHS, numDims, numSymbols)) return constExpr(0);
  if (!(sRHS instanceof AffineSymbolExpr)) return binaryExpr(b.kind, sLHS, sRHS);
  const pos = sRHS.position;
  if (!isDivisibleBySymbol(b.lhs, pos, b.kind)) return binaryExpr(b.kind, sLHS, sRHS);
  if (b.kind === AffineKind.Mod) return constExpr(0);
  // MLIR builds from a null expression when the division fails; keep the input then.
  return symbolicDivide(sLHS, pos, b.kind) ?? binaryExpr(b.kind, sLHS, sRHS);
}

/** simplifyAffineExpr: flattens and rebuilds (semi-affine parts simplified separately). */
export function simplifyAffineExpr(expr: AffineExpr, numDims: number, numSymbols: number): AffineExpr {
  if (!expr.isPureAffine()) expr = simplifySemiAffine(expr, numDims, numSymbols);
  const f = new AffineExprFlattener(numDims, numSymbols);
  if (!f.walkPostOrder(expr)) return expr;
  const flat = f.operandExprStack[f.operandExprStack.length - 1];
  if (expr.isPureAffine()) return getAffineExprFromFlatForm(flat, numDims, numSymbols, f.localExprs);
  if (expr === getAffineExprFromFlatForm(flat, numDims, numSymbols, f.localExprs)) return expr;
  return getSemiAffineExprFromFlatForm(flat, numDims, numSymbols, f.localExprs);
}

export function simplifyAffineMap(map: AffineMap): AffineMap {
  return AffineMap.get(
    map.numDims,
    map.numSymbols,
    map.results.map((e) => simplifyAffineExpr(e, map.numDims, map.numSymbols)),
  );
}

// ============================================================================
// Bounds and constant folding

const floorDivNum = (a: number, b: number): number => Math.floor(a / b);
const ceilDivNum = (a: number, b: number): number => Math.ceil(a / b);
const modNum = (a: number, b: number): number => {
  const m = a % b;
  return m < 0 ? m + b : m;
};

/**
 * getBoundForAffineExpr: a constant (inclusive) upper or lower bound of `expr`
 * from constant bounds of its inputs, if one can be derived.
 */
export function getBoundForAffineExpr(
  expr: AffineExpr,
  numDims: number,
  numSymbols: number,
  lowerBounds: readonly (number | undefined)[],
  upperBounds: readonly (number | undefined)[],
  isUpper: boolean,
): number | undefined {
  const b = asBinary(expr);
  if (b) {
    const c = asConstant(b.rhs);
    if (b.kind === AffineKind.FloorDiv) {
      if (c === undefined || c < 1) return undefined;
      const bound = getBoundForAffineExpr(b.lhs, numDims, numSymbols, lowerBounds, upperBounds, isUpper);
      return bound === undefined ? undefined : floorDivNum(bound, c);
    }
    if (b.kind === AffineKind.CeilDiv) {
      if (c !== undefined && c >= 1) {
        const bound = getBoundForAffineExpr(b.lhs, numDims, numSymbols, lowerBounds, upperBounds, isUpper);
        return bound === undefined ? undefined : ceilDivNum(bound, c);
      }
      return undefined;
    }
    if (b.kind === AffineKind.Mod && c !== undefined && c >= 1) {
      const lb = getBoundForAffineExpr(b.lhs, numDims, numSymbols, lowerBounds, upperBounds, false);
      const ub = getBoundForAffineExpr(b.lhs, numDims, numSymbols, lowerBounds, upperBounds, isUpper);
      if (ub !== undefined && lb !== undefined && floorDivNum(lb, c) === floorDivNum(ub, c)) return isUpper ? modNum(ub, c) : modNum(lb, c);
      return isUpper ? c - 1 : 0;
    }
  }
  const f = new AffineExprFlattener(numDims, numSymbols);
  if (!f.walkPostOrder(expr)) return undefined;
  const flat = f.operandExprStack[f.operandExprStack.length - 1];
  if (f.numLocals > 0) return undefined;
  let bound = 0;
  for (let i = 0; i < numDims + numSymbols; i++) {
    if (flat[i] > 0) {
      const cb = isUpper ? upperBounds[i] : lowerBounds[i];
      if (cb === undefined) return undefined;
      bound += cb * flat[i];
    } else if (flat[i] < 0) {
      const cb = isUpper ? lowerBounds[i] : upperBounds[i];
      if (cb === undefined) return undefined;
      bound += cb * flat[i];
    }
  }
  return bound + flat[flat.length - 1];
}

const I64_MIN = -(2n ** 63n);
const wrap64 = (v: bigint): bigint => BigInt.asIntN(64, v);

/** Evaluates `expr` on constant inputs (undefined: not constant); sets poison on a division by zero / non-positive modulus. */
function foldExpr(expr: AffineExpr, numDims: number, operands: readonly (bigint | undefined)[], state: { poison: boolean }): bigint | undefined {
  if (expr instanceof AffineConstantExpr) return BigInt(expr.value);
  if (expr instanceof AffineDimExpr) return operands[expr.position];
  if (expr instanceof AffineSymbolExpr) return operands[numDims + expr.position];
  const b = expr as AffineBinaryExpr;
  const l = foldExpr(b.lhs, numDims, operands, state);
  if (l === undefined) return undefined;
  const r = foldExpr(b.rhs, numDims, operands, state);
  if (r === undefined) return undefined;
  switch (b.kind) {
    case AffineKind.Add:
      return wrap64(l + r);
    case AffineKind.Mul:
      return wrap64(l * r);
    case AffineKind.Mod: {
      if (r < 1n) {
        state.poison = true;
        return undefined;
      }
      const m = l % r;
      return m < 0n ? m + r : m;
    }
    case AffineKind.FloorDiv: {
      if (r === 0n) {
        state.poison = true;
        return undefined;
      }
      if (l === I64_MIN && r === -1n) return l;
      const q = l / r;
      return (l % r !== 0n && (l < 0n) !== (r < 0n)) ? q - 1n : q;
    }
    default: {
      if (r === 0n) {
        state.poison = true;
        return undefined;
      }
      if (l === I64_MIN && r === -1n) return l;
      const q = l / r;
      return (l % r !== 0n && (l < 0n) === (r < 0n)) ? q + 1n : q;
    }
  }
}

export interface PartialFold {
  /** The map with every result that folded replaced by its constant. */
  map: AffineMap;
  /** The constant of every result, when all of them folded. */
  results: bigint[] | undefined;
  /** A result divides by zero (only reported when asked for). */
  poison: boolean;
}

/** AffineMap::partialConstantFold: `operands` holds the constant value of each input where known. */
export function partialConstantFold(map: AffineMap, operands: readonly (bigint | undefined)[], detectPoison = false): PartialFold {
  const exprs: AffineExpr[] = [];
  let results: bigint[] | undefined = [];
  const state = { poison: false };
  for (const e of map.results) {
    const v = foldExpr(e, map.numDims, operands, state);
    if (state.poison && detectPoison) return { map, results: undefined, poison: true };
    if (v !== undefined) {
      exprs.push(constExpr(Number(v)));
      results?.push(v);
    } else {
      exprs.push(e);
      results = undefined;
    }
  }
  return { map: AffineMap.get(map.numDims, map.numSymbols, exprs), results, poison: false };
}
