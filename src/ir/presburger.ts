// A port of the parts of MLIR's Presburger library that affine.min/max
// simplification needs (IntegerRelation as an integer polyhedron, plus
// FlatLinearValueConstraints): equalities and inequalities over dims,
// symbols and local variables, Gaussian and Fourier-Motzkin elimination, the
// emptiness check, constant bounds and symbolic slice bounds. The algorithms
// follow MLIR step for step (including which constraint or variable is picked
// first), because the affine maps that come out of them are printed.
// Coefficients are bigints (MLIR uses arbitrary-precision integers).

import { AffineDimExpr, AffineExpr, AffineMap, affineAdd, affineMul, constExpr, dimExpr, symbolExpr } from './affine.js';
import { AffineExprFlattener, getAffineExprFromFlatForm, mapReplaceDimsAndSymbols, simplifyAffineExpr } from './affine-utils.js';
import type { Value } from './operation.js';

export const enum BoundType {
  EQ,
  LB,
  UB,
}

type Row = bigint[];

const abs = (a: bigint): bigint => (a < 0n ? -a : a);
function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}
const lcm = (a: bigint, b: bigint): bigint => abs(a * b) / gcd(a, b);
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && (a < 0n) !== (b < 0n) ? q - 1n : q;
}
function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && (a < 0n) === (b < 0n) ? q + 1n : q;
}

/** Divides the first `cols` entries by their gcd (if > 1); returns the gcd (Matrix::normalizeRow). */
function normalizeRow(row: Row, cols = row.length): bigint {
  let g = 0n;
  for (let i = 0; i < cols; i++) {
    g = gcd(g, row[i]);
    if (g === 1n) return g;
  }
  if (g === 0n || g === 1n) return g;
  for (let i = 0; i < cols; i++) row[i] /= g;
  return g;
}

/** An integer relation with only set dims (MLIR's IntegerPolyhedron). */
export class IntegerPolyhedron {
  equalities: Row[] = [];
  inequalities: Row[] = [];
  constructor(
    public numDims: number,
    public numSymbols: number,
    public numLocals = 0,
  ) {}

  clone(): IntegerPolyhedron {
    const c = new IntegerPolyhedron(this.numDims, this.numSymbols, this.numLocals);
    c.copyConstraintsFrom(this);
    return c;
  }
  protected copyConstraintsFrom(o: IntegerPolyhedron): void {
    this.equalities = o.equalities.map((r) => [...r]);
    this.inequalities = o.inequalities.map((r) => [...r]);
  }

  get numVars(): number {
    return this.numDims + this.numSymbols + this.numLocals;
  }
  get numCols(): number {
    return this.numVars + 1;
  }
  get numDimAndSymbolVars(): number {
    return this.numDims + this.numSymbols;
  }
  get numConstraints(): number {
    return this.equalities.length + this.inequalities.length;
  }

  // ---- variables

  /** Inserts `num` variables of a kind at `pos` within that kind; returns their absolute position. */
  insertVar(kind: 'dim' | 'symbol' | 'local', pos: number, num = 1): number {
    const offset = kind === 'dim' ? 0 : kind === 'symbol' ? this.numDims : this.numDimAndSymbolVars;
    const abs = offset + pos;
    if (kind === 'dim') this.numDims += num;
    else if (kind === 'symbol') this.numSymbols += num;
    else this.numLocals += num;
    const zeros = new Array<bigint>(num).fill(0n);
    for (const r of this.equalities) r.splice(abs, 0, ...zeros);
    for (const r of this.inequalities) r.splice(abs, 0, ...zeros);
    this.onInsert(abs, num);
    return abs;
  }
  appendVar(kind: 'dim' | 'symbol' | 'local', num = 1): number {
    const n = kind === 'dim' ? this.numDims : kind === 'symbol' ? this.numSymbols : this.numLocals;
    return this.insertVar(kind, n, num);
  }
  /** Hook for subclasses keeping per-variable data. */
  protected onInsert(_pos: number, _num: number): void {}
  protected onRemove(_start: number, _limit: number): void {}

  /** Removes the variables in absolute positions [start, limit). */
  removeVarRange(start: number, limit: number): void {
    if (start >= limit) return;
    const count = (lo: number, hi: number): number => Math.max(0, Math.min(limit, hi) - Math.max(start, lo));
    const d = count(0, this.numDims);
    const s = count(this.numDims, this.numDimAndSymbolVars);
    const l = count(this.numDimAndSymbolVars, this.numVars);
    for (const r of this.equalities) r.splice(start, limit - start);
    for (const r of this.inequalities) r.splice(start, limit - start);
    this.onRemove(start, limit);
    this.numDims -= d;
    this.numSymbols -= s;
    this.numLocals -= l;
  }
  removeVar(pos: number): void {
    this.removeVarRange(pos, pos + 1);
  }

  // ---- constraints

  addEquality(eq: readonly bigint[]): void {
    this.equalities.push([...eq]);
  }
  addInequality(ineq: readonly bigint[]): void {
    this.inequalities.push([...ineq]);
  }
  atEq(r: number, c: number): bigint {
    return this.equalities[r][c];
  }
  atIneq(r: number, c: number): bigint {
    return this.inequalities[r][c];
  }

  /** `var[pos] (==|>=|<=) value`. */
  addConstBound(type: BoundType, pos: number, value: bigint): void {
    const row = new Array<bigint>(this.numCols).fill(0n);
    if (type === BoundType.EQ) {
      row[pos] = 1n;
      row[this.numCols - 1] = -value;
      this.equalities.push(row);
    } else {
      row[pos] = type === BoundType.LB ? 1n : -1n;
      row[this.numCols - 1] = type === BoundType.LB ? -value : value;
      this.inequalities.push(row);
    }
  }

  /** `expr >= value` (LB) or `expr <= value` (UB). */
  addExprBound(type: BoundType.LB | BoundType.UB, expr: readonly bigint[], value: bigint): void {
    const row = expr.map((v) => (type === BoundType.LB ? v : -v));
    row[this.numCols - 1] += type === BoundType.LB ? -value : value;
    this.inequalities.push(row);
  }

  /** A new local `q = dividend floordiv divisor`: divisor*q <= dividend <= divisor*q + divisor - 1. */
  addLocalFloorDiv(dividend: readonly bigint[], divisor: bigint): void {
    this.appendVar('local');
    const d = [...dividend];
    d.splice(d.length - 1, 0, 0n);
    const at = d.length - 2;
    const lower = d.map((v) => -v);
    lower[at] = divisor;
    lower[lower.length - 1] += divisor - 1n;
    const upper = [...d];
    upper[at] = -divisor;
    this.inequalities.push(lower, upper);
  }

  append(other: IntegerPolyhedron): void {
    for (const r of other.inequalities) this.inequalities.push([...r]);
    for (const r of other.equalities) this.equalities.push([...r]);
  }

  findConstraintWithNonZeroAt(col: number, isEq: boolean): number {
    const rows = isEq ? this.equalities : this.inequalities;
    for (let r = 0; r < rows.length; r++) if (rows[r][col] !== 0n) return r;
    return -1;
  }
  isColZero(pos: number): boolean {
    return this.findConstraintWithNonZeroAt(pos, false) < 0 && this.findConstraintWithNonZeroAt(pos, true) < 0;
  }

  normalizeConstraintsByGCD(): void {
    for (const r of this.equalities) normalizeRow(r);
    for (const r of this.inequalities) normalizeRow(r);
  }

  gcdTightenInequalities(): void {
    const n = this.numCols;
    for (const r of this.inequalities) {
      const g = normalizeRow(r, n - 1);
      if (g > 1n) r[n - 1] = floorDiv(r[n - 1], g);
    }
  }

  hasInvalidConstraint(): boolean {
    const n = this.numCols;
    const check = (rows: Row[], isEq: boolean): boolean => {
      for (const r of rows) {
        let j = 0;
        while (j < n - 1 && r[j] === 0n) j++;
        if (j < n - 1) continue;
        const v = r[n - 1];
        if ((isEq && v !== 0n) || (!isEq && v < 0n)) return true;
      }
      return false;
    };
    return check(this.equalities, true) || check(this.inequalities, false);
  }

  isEmptyByGCDTest(): boolean {
    const n = this.numCols;
    for (const r of this.equalities) {
      let g = abs(r[0]);
      for (let j = 1; j < n - 1; j++) g = gcd(g, r[j]);
      const v = abs(r[n - 1]);
      if (g > 0n && v % g !== 0n) return true;
    }
    return false;
  }

  /** Bounds of var `pos` independent of vars [offset, offset + num) (pos excepted). */
  getLowerAndUpperBoundIndices(pos: number, offset = 0, num = 0): { lb: number[]; ub: number[]; eq: number[] } {
    const dependsOnRange = (r: Row): boolean => {
      for (let c = offset; c < offset + num; c++) if (c !== pos && r[c] !== 0n) return true;
      return false;
    };
    const lb: number[] = [];
    const ub: number[] = [];
    const eq: number[] = [];
    this.inequalities.forEach((r, i) => {
      if (dependsOnRange(r)) return;
      if (r[pos] >= 1n) lb.push(i);
      else if (r[pos] <= -1n) ub.push(i);
    });
    this.equalities.forEach((r, i) => {
      if (r[pos] === 0n || dependsOnRange(r)) return;
      eq.push(i);
    });
    return { lb, ub, eq };
  }

  // ---- elimination

  /** Eliminates var `pivotCol` from row `rowIdx` using equality `pivotRow` (cols [elimColStart, pivotCol) are skipped). */
  private eliminateFromConstraint(rowIdx: number, pivotRow: number, pivotCol: number, elimColStart: number, isEq: boolean): void {
    if (isEq && rowIdx === pivotRow) return;
    const row = isEq ? this.equalities[rowIdx] : this.inequalities[rowIdx];
    const lead = row[pivotCol];
    if (lead === 0n) return;
    const pivot = this.equalities[pivotRow];
    const pivotCoeff = pivot[pivotCol];
    const sign = lead * pivotCoeff > 0n ? -1n : 1n;
    const l = lcm(pivotCoeff, lead);
    const pivotMul = sign * (l / abs(pivotCoeff));
    const rowMul = l / abs(lead);
    for (let j = 0; j < this.numCols; j++) {
      if (j >= elimColStart && j < pivotCol) continue;
      row[j] = pivotMul * pivot[j] + rowMul * row[j];
    }
  }

  /** Eliminates the vars [posStart, posLimit) with equalities; returns how many were eliminated. */
  gaussianEliminateVars(posStart: number, posLimit: number): number {
    if (posStart >= posLimit) return 0;
    this.gcdTightenInequalities();
    let pivotCol = posStart;
    for (; pivotCol < posLimit; pivotCol++) {
      const pivotRow = this.findConstraintWithNonZeroAt(pivotCol, true);
      if (pivotRow < 0) {
        if (this.findConstraintWithNonZeroAt(pivotCol, false) < 0) continue;
        break;
      }
      for (let i = 0; i < this.equalities.length; i++) {
        this.eliminateFromConstraint(i, pivotRow, pivotCol, posStart, true);
        normalizeRow(this.equalities[i]);
      }
      for (let i = 0; i < this.inequalities.length; i++) {
        this.eliminateFromConstraint(i, pivotRow, pivotCol, posStart, false);
        normalizeRow(this.inequalities[i]);
      }
      this.equalities.splice(pivotRow, 1);
      this.gcdTightenInequalities();
    }
    this.removeVarRange(posStart, pivotCol);
    return pivotCol - posStart;
  }

  /** Removes locals defined by an equality with a unit coefficient. */
  removeRedundantLocalVars(): void {
    for (const r of this.equalities) normalizeRow(r);
    for (;;) {
      let i = 0;
      let j = 0;
      const e = this.equalities.length;
      for (; i < e; i++) {
        for (j = this.numDimAndSymbolVars; j < this.numVars; j++) if (abs(this.equalities[i][j]) === 1n) break;
        if (j < this.numVars) break;
      }
      if (i === e) break;
      for (let k = 0; k < this.equalities.length; k++) {
        if (this.equalities[k][j] !== 0n) {
          this.eliminateFromConstraint(k, i, j, j, true);
          normalizeRow(this.equalities[k]);
        }
      }
      for (let k = 0; k < this.inequalities.length; k++) this.eliminateFromConstraint(k, i, j, j, false);
      this.removeVar(j);
      this.equalities.splice(i, 1);
    }
  }

  /** Duplicates, trivially true rows and rows dominated by one differing only in the constant go away. */
  removeTrivialRedundancy(): void {
    this.gcdTightenInequalities();
    this.normalizeConstraintsByGCD();
    const n = this.numCols;
    const byCoeffs = new Map<string, [number, bigint]>();
    const seen = new Set<string>();
    const redundant = new Array<boolean>(this.inequalities.length).fill(false);
    this.inequalities.forEach((r, i) => {
      let trivial = true;
      for (let c = 0; c < n - 1; c++)
        if (r[c] !== 0n) {
          trivial = false;
          break;
        }
      const key = r.join(',');
      if ((trivial && r[n - 1] >= 0n) || seen.has(key)) {
        redundant[i] = true;
        return;
      }
      seen.add(key);
      const coeffKey = r.slice(0, n - 1).join(',');
      const constTerm = r[n - 1];
      const prev = byCoeffs.get(coeffKey);
      if (!prev) byCoeffs.set(coeffKey, [i, constTerm]);
      else if (prev[1] > constTerm) {
        redundant[prev[0]] = true;
        byCoeffs.set(coeffKey, [i, constTerm]);
      } else redundant[i] = true;
    });
    this.inequalities = this.inequalities.filter((_, i) => !redundant[i]);
  }

  /** Fourier-Motzkin elimination of var `pos` (Gaussian when an equality has it). */
  fourierMotzkinEliminate(pos: number): void {
    for (const r of this.equalities)
      if (r[pos] !== 0n) {
        this.gaussianEliminateVars(pos, pos + 1);
        return;
      }
    this.gcdTightenInequalities();
    if (this.isColZero(pos)) {
      this.removeVar(pos);
      return;
    }
    const lbs: number[] = [];
    const ubs: number[] = [];
    const nbs: number[] = [];
    this.inequalities.forEach((r, i) => {
      if (r[pos] === 0n) nbs.push(i);
      else if (r[pos] >= 1n) lbs.push(i);
      else ubs.push(i);
    });
    const newIneqs: Row[] = [];
    for (const u of ubs)
      for (const l of lbs) {
        const lbRow = this.inequalities[l];
        const ubRow = this.inequalities[u];
        const lbCoeff = lbRow[pos];
        const ubCoeff = -ubRow[pos];
        const m = lcm(lbCoeff, ubCoeff);
        const ineq: Row = [];
        for (let c = 0; c < this.numCols; c++) {
          if (c === pos) continue;
          ineq.push(ubRow[c] * (m / ubCoeff) + lbRow[c] * (m / lbCoeff));
        }
        newIneqs.push(ineq);
      }
    for (const nb of nbs) newIneqs.push(this.inequalities[nb].filter((_, c) => c !== pos));
    const newEqs = this.equalities.map((r) => r.filter((_, c) => c !== pos));
    this.inequalities = newIneqs;
    this.equalities = newEqs;
    // The column is gone from the rows already: only update the bookkeeping.
    const ineqs = this.inequalities;
    const eqs = this.equalities;
    this.inequalities = [];
    this.equalities = [];
    this.removeVar(pos);
    this.inequalities = ineqs;
    this.equalities = eqs;
    this.gcdTightenInequalities();
    this.normalizeConstraintsByGCD();
    this.removeTrivialRedundancy();
  }

  private bestVarToEliminate(start: number, end: number): number {
    const product = (pos: number): number => {
      let nl = 0;
      let nu = 0;
      for (const r of this.inequalities) {
        if (r[pos] > 0n) nl++;
        else if (r[pos] < 0n) nu++;
      }
      return nl * nu;
    };
    let minLoc = start;
    let min = product(start);
    for (let c = start + 1; c < end; c++) {
      const p = product(c);
      if (p < min) {
        min = p;
        minLoc = c;
      }
    }
    return minLoc;
  }

  /** Projects out vars [pos, pos + num). */
  projectOut(pos: number, num: number): void {
    if (num === 0) return;
    let currentPos = pos;
    let numToEliminate = num;
    let numGaussian = 0;
    while (currentPos < this.numVars) {
      const n = this.gaussianEliminateVars(currentPos, currentPos + numToEliminate);
      currentPos++;
      numToEliminate -= n + 1;
      numGaussian += n;
    }
    for (let i = 0; i < num - numGaussian; i++) {
      const remaining = num - numGaussian - i;
      this.fourierMotzkinEliminate(this.bestVarToEliminate(pos, pos + remaining));
    }
    this.gcdTightenInequalities();
    this.normalizeConstraintsByGCD();
  }

  /** Emptiness by GCD tests and elimination (exact over the rationals, conservative over the integers). */
  isEmpty(): boolean {
    if (this.isEmptyByGCDTest() || this.hasInvalidConstraint()) return true;
    const tmp = this.clone();
    tmp.removeRedundantLocalVars();
    if (tmp.isEmptyByGCDTest() || tmp.hasInvalidConstraint()) return true;
    let currentPos = 0;
    while (currentPos < tmp.numVars) {
      tmp.gaussianEliminateVars(currentPos, tmp.numVars);
      currentPos++;
      if (tmp.hasInvalidConstraint() || tmp.isEmptyByGCDTest()) return true;
    }
    const explosion = 32 * this.numVars;
    for (let i = 0, e = tmp.numVars; i < e; i++) {
      tmp.fourierMotzkinEliminate(tmp.bestVarToEliminate(0, tmp.numVars));
      if (tmp.numConstraints >= explosion) return false;
      if (tmp.hasInvalidConstraint()) return true;
    }
    return false;
  }

  /** Drops each inequality whose complement makes the system empty. */
  removeRedundantInequalities(): void {
    const n = this.numCols;
    const tmp = this.clone();
    const redundant = new Array<boolean>(this.inequalities.length).fill(false);
    for (let r = 0; r < this.inequalities.length; r++) {
      const row = tmp.inequalities[r];
      for (let c = 0; c < n; c++) row[c] = -row[c];
      row[n - 1] -= 1n;
      if (tmp.isEmpty()) {
        redundant[r] = true;
        this.inequalities[r].fill(0n);
        row.fill(0n);
      } else {
        row[n - 1] += 1n;
        for (let c = 0; c < n; c++) row[c] = -row[c];
      }
    }
    this.inequalities = this.inequalities.filter((_, i) => !redundant[i]);
  }

  private findEqualityToConstant(pos: number, symbolic: boolean): number {
    for (let r = 0; r < this.equalities.length; r++) {
      const v = this.equalities[r][pos];
      if (v * v !== 1n) continue;
      const f = symbolic ? this.numDims : this.numVars;
      let c = 0;
      for (; c < f; c++) if (c !== pos && this.equalities[r][c] !== 0n) break;
      if (c === f) return r;
    }
    return -1;
  }

  private computeConstantLowerOrUpperBound(pos: number, isLower: boolean): bigint | undefined {
    this.projectOut(0, pos);
    this.projectOut(1, this.numVars - 1);
    const n = this.numCols;
    const eqRow = this.findEqualityToConstant(0, false);
    if (eqRow !== -1) return -this.equalities[eqRow][n - 1] / this.equalities[eqRow][0];
    if (!this.inequalities.some((r) => r[0] !== 0n)) return undefined;
    let best: bigint | undefined;
    for (const r of this.inequalities) {
      if (isLower ? r[0] <= 0n : r[0] >= 0n) continue;
      let c = 1;
      for (; c < n - 1; c++) if (r[c] !== 0n) break;
      if (c < n - 1) continue;
      const bound = isLower ? ceilDiv(-r[n - 1], r[0]) : floorDiv(r[n - 1], -r[0]);
      if (best === undefined || (isLower ? bound > best : bound < best)) best = bound;
    }
    return best;
  }

  /** A constant bound of var `pos` (EQ: when the lower and upper ones agree). */
  getConstantBound(type: BoundType, pos: number): bigint | undefined {
    if (type !== BoundType.EQ) return this.clone().computeConstantLowerOrUpperBound(pos, type === BoundType.LB);
    const lb = this.clone().computeConstantLowerOrUpperBound(pos, true);
    const ub = this.clone().computeConstantLowerOrUpperBound(pos, false);
    return lb !== undefined && ub !== undefined && lb === ub ? ub : undefined;
  }
}

// ============================================================================
// FlatLinearConstraints: bounds given by affine maps, slice bounds

/** Flattener that also records the constraints of the locals it introduces (semi-affine maps fail). */
class ConstraintFlattener extends AffineExprFlattener {
  readonly localVarCst: IntegerPolyhedron;
  constructor(numDims: number, numSymbols: number) {
    super(numDims, numSymbols);
    this.localVarCst = new IntegerPolyhedron(numDims, numSymbols);
  }
  protected override addLocalFloorDivId(dividend: readonly number[], divisor: number, localExpr: AffineExpr): void {
    super.addLocalFloorDivId(dividend, divisor, localExpr);
    this.localVarCst.addLocalFloorDiv(dividend.map(BigInt), BigInt(divisor));
  }
  protected override addLocalIdSemiAffine(): boolean {
    return false;
  }
}

/** Flattens the map's results (sharing locals); undefined for semi-affine maps. */
function flattenMap(map: AffineMap): { rows: number[][]; locals: IntegerPolyhedron } | undefined {
  const f = new ConstraintFlattener(map.numDims, map.numSymbols);
  for (const e of map.results) if (!f.walkPostOrder(e)) return undefined;
  return { rows: f.operandExprStack, locals: f.localVarCst };
}

function toNumber(v: bigint): number {
  return Number(v);
}

/**
 * FlatLinearValueConstraints: an IntegerPolyhedron whose dims and symbols may
 * stand for SSA values.
 */
export class FlatLinearConstraints extends IntegerPolyhedron {
  /** The value of each dim and symbol, if any. */
  values: (Value | undefined)[] = [];

  override clone(): FlatLinearConstraints {
    const c = new FlatLinearConstraints(this.numDims, this.numSymbols, this.numLocals);
    c.copyConstraintsFrom(this);
    c.values = [...this.values];
    return c;
  }
  protected override onInsert(pos: number, num: number): void {
    if (pos <= this.values.length) this.values.splice(pos, 0, ...new Array<Value | undefined>(num).fill(undefined));
    this.values.length = this.numDimAndSymbolVars;
  }
  protected override onRemove(start: number, limit: number): void {
    if (start < this.values.length) this.values.splice(start, Math.min(limit, this.values.length) - start);
  }

  /** Appends dims: one per value, or `count` without values. Returns the first position. */
  appendDimVar(vals: readonly (Value | undefined)[] | number = 1): number {
    const list = typeof vals === 'number' ? new Array<undefined>(vals).fill(undefined) : vals;
    const pos = this.insertVar('dim', this.numDims, list.length);
    list.forEach((v, i) => (this.values[pos + i] = v));
    return pos;
  }
  appendSymbolVar(vals: readonly (Value | undefined)[] | number = 1): number {
    const list = typeof vals === 'number' ? new Array<undefined>(vals).fill(undefined) : vals;
    const pos = this.insertVar('symbol', this.numSymbols, list.length);
    list.forEach((v, i) => (this.values[pos + i] = v));
    return pos;
  }

  /** Adds `var[pos] (== | >= | <) map` for each result (`isClosedBound` false: exclusive upper bound). */
  addMapBound(type: BoundType, pos: number, boundMap: AffineMap, isClosedBound = type !== BoundType.UB): boolean {
    const lower = type === BoundType.LB || type === BoundType.EQ;
    const flat = this.flattenAlignedMapAndMergeLocals(boundMap);
    if (!flat) return false;
    for (const f of flat) {
      const ineq = new Array<bigint>(this.numCols).fill(0n);
      for (let j = 0; j < boundMap.numInputs; j++) ineq[j] = BigInt(lower ? -f[j] : f[j]);
      if (ineq[pos] !== 0n) continue;
      ineq[pos] = lower ? 1n : -1n;
      let j = this.numDimAndSymbolVars;
      for (let i = boundMap.numInputs; i < f.length - 1; i++, j++) ineq[j] = BigInt(lower ? -f[i] : f[i]);
      const adjust = isClosedBound || type === BoundType.EQ ? 0n : -1n;
      ineq[this.numCols - 1] = BigInt(lower ? -f[f.length - 1] : f[f.length - 1]) + adjust;
      if (type === BoundType.EQ) this.addEquality(ineq);
      else this.addInequality(ineq);
    }
    return true;
  }

  private flattenAlignedMapAndMergeLocals(map: AffineMap): number[][] | undefined {
    const r = flattenMap(map);
    if (!r) return undefined;
    if (r.locals.numLocals > 0) {
      const numLocals = this.numLocals;
      this.insertVar('local', 0, r.locals.numLocals);
      r.locals.appendVar('local', numLocals);
      this.append(r.locals);
    }
    return r.rows;
  }

  /** getSliceBounds for one variable: its lower and (exclusive) upper bound maps in terms of the others. */
  getSliceBounds(offset: number, num: number): { lb: (AffineMap | undefined)[]; ub: (AffineMap | undefined)[] } {
    this.normalizeConstraintsByGCD();
    const memo = new Array<AffineExpr | undefined>(this.numVars).fill(undefined);
    for (let i = 0; i < this.numDims; i++) {
      if (i < offset) memo[i] = dimExpr(i);
      else if (i >= offset + num) memo[i] = dimExpr(i - num);
    }
    for (let i = this.numDims; i < this.numDimAndSymbolVars; i++) memo[i] = symbolExpr(i - this.numDims);
    let changed: boolean;
    do {
      changed = false;
      for (let pos = 0; pos < this.numVars; pos++) {
        if (memo[pos]) continue;
        const lbConst = this.getConstantBound(BoundType.LB, pos);
        const ubConst = this.getConstantBound(BoundType.UB, pos);
        if (lbConst !== undefined && ubConst !== undefined) {
          if (lbConst === ubConst) {
            memo[pos] = constExpr(toNumber(lbConst));
            changed = true;
            continue;
          }
          if (this.detectAsMod(pos, offset, num, lbConst, ubConst, memo)) {
            changed = true;
            continue;
          }
        }
        if (this.detectAsFloorDiv(pos, memo)) {
          changed = true;
          continue;
        }
        const idx = this.findConstraintWithNonZeroAt(pos, true);
        if (idx < 0) continue;
        let expr: AffineExpr = constExpr(0);
        let j = 0;
        for (; j < this.numVars; j++) {
          if (j === pos) continue;
          const c = this.atEq(idx, j);
          if (c === 0n) continue;
          const m = memo[j];
          if (!m) break;
          expr = affineAdd(expr, affineMul(m, constExpr(toNumber(c))));
        }
        if (j < this.numVars) continue;
        expr = affineAdd(expr, constExpr(toNumber(this.atEq(idx, this.numVars))));
        const vPos = this.atEq(idx, pos);
        expr = vPos > 0n ? expr.neg().floorDiv(toNumber(vPos)) : expr.floorDiv(toNumber(-vPos));
        memo[pos] = expr;
        changed = true;
      }
    } while (changed);

    const lbMaps: (AffineMap | undefined)[] = [];
    const ubMaps: (AffineMap | undefined)[] = [];
    let tmpClone: FlatLinearConstraints | undefined;
    for (let pos = 0; pos < num; pos++) {
      const numMapDims = this.numDims - num;
      const numMapSymbols = this.numSymbols;
      let expr = memo[pos + offset];
      if (expr) expr = simplifyAffineExpr(expr, numMapDims, numMapSymbols);
      let lbMap: AffineMap | undefined;
      let ubMap: AffineMap | undefined;
      if (expr) {
        lbMap = AffineMap.get(numMapDims, numMapSymbols, [expr]);
        ubMap = AffineMap.get(numMapDims, numMapSymbols, [expr.add(1)]);
      } else {
        if (this.numLocals === 0) {
          if (!tmpClone) {
            tmpClone = this.clone();
            tmpClone.removeRedundantInequalities();
          }
          [lbMap, ubMap] = tmpClone.getLowerAndUpperBound(pos, offset, num, this.numDims);
        }
        if (!lbMap || lbMap.numResults > 1) {
          const c = this.getConstantBound(BoundType.LB, pos + offset);
          if (c !== undefined) lbMap = AffineMap.get(numMapDims, numMapSymbols, [constExpr(toNumber(c))]);
        }
        if (!ubMap || ubMap.numResults > 1) {
          const c = this.getConstantBound(BoundType.UB, pos + offset);
          if (c !== undefined) ubMap = AffineMap.get(numMapDims, numMapSymbols, [constExpr(toNumber(c) + 1)]);
        }
      }
      lbMaps.push(lbMap);
      ubMaps.push(ubMap);
    }
    return { lb: lbMaps, ub: ubMaps };
  }

  /** Bounds of var `pos + offset` read off single constraints (no locals), as maps of the remaining vars. */
  private getLowerAndUpperBound(pos: number, offset: number, num: number, symStartPos: number): [AffineMap, AffineMap] {
    const { lb: lbIdx, ub: ubIdx, eq: eqIdx } = this.getLowerAndUpperBoundIndices(pos + offset, offset, num);
    const coeffs = (a: readonly bigint[]): number[] => {
      const out: number[] = [];
      a.forEach((v, i) => {
        if (i < offset || i >= offset + num) out.push(toNumber(v));
      });
      return out;
    };
    const dimCount = symStartPos - num;
    const symCount = this.numDimAndSymbolVars - symStartPos;
    const lbExprs: AffineExpr[] = [];
    const ubExprs: AffineExpr[] = [];
    for (const i of lbIdx) {
      const ineq = this.inequalities[i];
      const lb = coeffs(ineq).map((v) => -v);
      const divisor = toNumber(abs(ineq[pos + offset]));
      lbExprs.push(getAffineExprFromFlatForm(lb, dimCount, symCount, []).add(divisor - 1).floorDiv(divisor));
    }
    for (const i of ubIdx) {
      const ineq = this.inequalities[i];
      const ub = coeffs(ineq);
      ubExprs.push(getAffineExprFromFlatForm(ub, dimCount, symCount, []).floorDiv(toNumber(abs(ineq[pos + offset]))).add(1));
    }
    for (const i of eqIdx) {
      const eq = this.equalities[i];
      let b = coeffs(eq);
      if (eq[pos + offset] > 0n) b = b.map((v) => -v);
      const d = toNumber(abs(eq[pos + offset]));
      ubExprs.push(getAffineExprFromFlatForm(b, dimCount, symCount, []).floorDiv(d).add(1));
      lbExprs.push(getAffineExprFromFlatForm(b, dimCount, symCount, []).ceilDiv(d));
    }
    return [AffineMap.get(dimCount, symCount, lbExprs), AffineMap.get(dimCount, symCount, ubExprs)];
  }

  /** detectAsMod: `0 <= var <= c - 1` and `n - c*q = var` make var `n mod c` (and q `n floordiv c`). */
  private detectAsMod(pos: number, offset: number, num: number, lbConst: bigint, ubConst: bigint, memo: (AffineExpr | undefined)[]): boolean {
    if (lbConst !== 0n || ubConst < 1n) return false;
    const divisor = ubConst + 1n;
    const n = this.numCols;
    for (let e = 0; e < this.equalities.length; e++) {
      const row = this.equalities[e];
      const coeffAtPos = row[pos];
      if (coeffAtPos === 0n) continue;
      if (row[n - 1] !== 0n) continue;
      let dividend: AffineExpr = constExpr(0);
      let quotientCount = 0;
      let quotientPosition = -1;
      let quotientSign = 1;
      let cur = 0;
      const e2 = this.numDimAndSymbolVars;
      for (; cur < e2; cur++) {
        if (cur === pos) continue;
        const c = row[cur];
        if (c === 0n) continue;
        if (c % (divisor * coeffAtPos) === 0n) {
          quotientCount++;
          quotientPosition = cur;
          quotientSign = c * coeffAtPos > 0n ? 1 : -1;
          continue;
        }
        const m = memo[cur];
        if (!m) break;
        dividend = affineAdd(dividend, affineMul(m, constExpr(toNumber(c))));
      }
      if (cur < e2) continue;
      dividend = coeffAtPos > 0n ? dividend.neg().floorDiv(toNumber(coeffAtPos)) : dividend.floorDiv(toNumber(-coeffAtPos));
      dividend = simplifyAffineExpr(dividend, this.numDims, this.numSymbols);
      if (!(dividend instanceof AffineDimExpr)) continue;
      if (quotientCount >= 1) {
        const dimPos = dividend.position;
        const dimCol = dimPos < offset ? dimPos : dimPos + num;
        const ub = this.getConstantBound(BoundType.UB, dimCol);
        memo[pos] = ub !== undefined && ub < divisor ? dividend : dividend.mod(toNumber(divisor));
        if (quotientCount === 1 && !memo[quotientPosition]) memo[quotientPosition] = dividend.floorDiv(toNumber(divisor)).mul(quotientSign);
        return true;
      }
    }
    return false;
  }

  /** detectAsFloorDiv: a pair of inequalities `c*q <= e <= c*q + c - 1` makes q `e floordiv c`. */
  private detectAsFloorDiv(pos: number, memo: (AffineExpr | undefined)[]): boolean {
    const found = memo.map((m) => m !== undefined);
    const repr = computeSingleVarRepr(this, found, pos);
    if (!repr || repr.kind === 'equality') return false;
    let expr: AffineExpr = constExpr(toNumber(repr.dividend[repr.dividend.length - 1]));
    for (let c = 0; c < this.numVars; c++)
      if (repr.dividend[c] !== 0n) expr = affineAdd(expr, affineMul(memo[c]!, constExpr(toNumber(repr.dividend[c]))));
    memo[pos] = expr.floorDiv(toNumber(repr.divisor));
    return true;
  }
}

/** A division representation of var `pos`: from an inequality pair or an equality. */
function computeSingleVarRepr(
  cst: IntegerPolyhedron,
  foundRepr: readonly boolean[],
  pos: number,
): { kind: 'inequality' | 'equality'; dividend: bigint[]; divisor: bigint } | undefined {
  const { lb, ub, eq } = cst.getLowerAndUpperBoundIndices(pos);
  const n = cst.numCols;
  const explicit = (dividend: readonly bigint[]): boolean => {
    for (let c = 0; c < cst.numVars; c++) if (c !== pos && !foundRepr[c] && dividend[c] !== 0n) return false;
    return true;
  };
  for (const u of ub)
    for (const l of lb) {
      const lbRow = cst.inequalities[l];
      const ubRow = cst.inequalities[u];
      let divisor = lbRow[pos];
      let i = 0;
      for (; i < cst.numVars; i++) if (ubRow[i] !== -lbRow[i]) break;
      if (i < cst.numVars) continue;
      const constantSum = lbRow[n - 1] + ubRow[n - 1];
      const c = divisor - 1n - constantSum;
      if (!(0n <= c && c <= divisor - 1n)) continue;
      const dividend = new Array<bigint>(n).fill(0n);
      for (let k = 0; k < cst.numVars; k++) if (k !== pos) dividend[k] = ubRow[k];
      dividend[n - 1] = ubRow[n - 1] + c;
      divisor = normalizeDivision(dividend, divisor);
      if (!explicit(dividend)) continue;
      return { kind: 'inequality', dividend, divisor };
    }
  for (const e of eq) {
    const row = cst.equalities[e];
    const temp = row[pos];
    if (temp === 0n) continue;
    const sign = temp < 0n ? -1n : 1n;
    let divisor = temp * sign;
    const dividend = new Array<bigint>(n).fill(0n);
    for (let k = 0; k < cst.numVars; k++) if (k !== pos) dividend[k] = -sign * row[k];
    dividend[n - 1] = -sign * row[n - 1];
    divisor = normalizeDivision(dividend, divisor);
    if (!explicit(dividend)) continue;
    return { kind: 'equality', dividend, divisor };
  }
  return undefined;
}

/** normalizeDivisionByGCD: divides dividend (constant floored) and divisor by the gcd of the divisor and the coefficients. */
function normalizeDivision(dividend: bigint[], divisor: bigint): bigint {
  if (divisor === 0n || dividend.length === 0) return divisor;
  let g = gcd(dividend[0], divisor);
  for (let i = 1; i < dividend.length - 1; i++) {
    g = gcd(dividend[i], g);
    if (g === 1n) return divisor;
  }
  for (let i = 0; i < dividend.length; i++) dividend[i] = floorDiv(dividend[i], g);
  return divisor / g;
}

/**
 * alignAffineMapWithValues: rewrites `map` (applied to `operands`) in terms of
 * the given dims and symbols; operands found in neither become new symbols,
 * appended to `newSyms`.
 */
export function alignAffineMapWithValues(
  map: AffineMap,
  operands: readonly Value[],
  dims: readonly (Value | undefined)[],
  syms: readonly (Value | undefined)[],
  newSyms: (Value | undefined)[],
): AffineMap {
  const dimRepl = new Array<AffineExpr | undefined>(map.numDims).fill(undefined);
  const symRepl = new Array<AffineExpr | undefined>(map.numSymbols).fill(undefined);
  let numSymbols = syms.length;
  newSyms.length = 0;
  newSyms.push(...syms);
  operands.forEach((v, i) => {
    let repl: AffineExpr;
    const d = dims.indexOf(v);
    const s = syms.indexOf(v);
    if (d >= 0) repl = dimExpr(d);
    else if (s >= 0) repl = symbolExpr(s);
    else {
      repl = symbolExpr(numSymbols++);
      newSyms.push(v);
    }
    if (i < map.numDims) dimRepl[i] = repl;
    else symRepl[i - map.numDims] = repl;
  });
  return mapReplaceDimsAndSymbols(map, dimRepl, symRepl, dims.length, numSymbols);
}

