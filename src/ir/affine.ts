// Affine expressions, maps and integer sets, with the simplifications MLIR
// applies when building expressions and MLIR's textual rendering.

export const enum AffineKind {
  Add,
  Mul,
  Mod,
  FloorDiv,
  CeilDiv,
  Constant,
  Dim,
  Symbol,
}

const interned = new Map<string, AffineExpr>();
let nextId = 0;

function intern(kind: AffineKind, a: number, b: number, make: () => AffineExpr): AffineExpr {
  const k = kind + ':' + a + ':' + b;
  let e = interned.get(k);
  if (!e) interned.set(k, (e = make()));
  return e;
}

export abstract class AffineExpr {
  readonly id = nextId++;
  abstract readonly kind: AffineKind;

  isSymbolicOrConstant(): boolean {
    return true;
  }
  isPureAffine(): boolean {
    return true;
  }
  largestKnownDivisor(): number {
    return 1;
  }
  add(o: AffineExpr | number): AffineExpr {
    return affineAdd(this, toExpr(o));
  }
  mul(o: AffineExpr | number): AffineExpr {
    return affineMul(this, toExpr(o));
  }
  sub(o: AffineExpr | number): AffineExpr {
    return affineAdd(this, affineMul(toExpr(o), constExpr(-1)));
  }
  neg(): AffineExpr {
    return affineMul(this, constExpr(-1));
  }
  floorDiv(o: AffineExpr | number): AffineExpr {
    return affineFloorDiv(this, toExpr(o));
  }
  ceilDiv(o: AffineExpr | number): AffineExpr {
    return affineCeilDiv(this, toExpr(o));
  }
  mod(o: AffineExpr | number): AffineExpr {
    return affineMod(this, toExpr(o));
  }
  toString(): string {
    return printAffineExpr(this);
  }
}

export class AffineConstantExpr extends AffineExpr {
  readonly kind = AffineKind.Constant;
  constructor(readonly value: number) {
    super();
  }
  override largestKnownDivisor(): number {
    return Math.abs(this.value);
  }
}

export class AffineDimExpr extends AffineExpr {
  readonly kind = AffineKind.Dim;
  constructor(readonly position: number) {
    super();
  }
  override isSymbolicOrConstant(): boolean {
    return false;
  }
}

export class AffineSymbolExpr extends AffineExpr {
  readonly kind = AffineKind.Symbol;
  constructor(readonly position: number) {
    super();
  }
}

export class AffineBinaryExpr extends AffineExpr {
  private symOrConst: boolean;
  constructor(
    readonly kind: AffineKind.Add | AffineKind.Mul | AffineKind.Mod | AffineKind.FloorDiv | AffineKind.CeilDiv,
    readonly lhs: AffineExpr,
    readonly rhs: AffineExpr,
  ) {
    super();
    this.symOrConst = lhs.isSymbolicOrConstant() && rhs.isSymbolicOrConstant();
  }
  override isSymbolicOrConstant(): boolean {
    return this.symOrConst;
  }
  override isPureAffine(): boolean {
    switch (this.kind) {
      case AffineKind.Add:
        return this.lhs.isPureAffine() && this.rhs.isPureAffine();
      case AffineKind.Mul:
        return (
          this.lhs.isPureAffine() &&
          this.rhs.isPureAffine() &&
          (this.lhs instanceof AffineConstantExpr || this.rhs instanceof AffineConstantExpr)
        );
      default:
        return this.lhs.isPureAffine() && this.rhs instanceof AffineConstantExpr;
    }
  }
  override largestKnownDivisor(): number {
    switch (this.kind) {
      case AffineKind.Mul:
        return this.lhs.largestKnownDivisor() * this.rhs.largestKnownDivisor();
      case AffineKind.Add:
      case AffineKind.Mod:
        return gcd(this.lhs.largestKnownDivisor(), this.rhs.largestKnownDivisor());
      default: {
        const r = this.rhs;
        if (r instanceof AffineConstantExpr && r.value !== 0) {
          const l = this.lhs.largestKnownDivisor();
          if (l % r.value === 0) return l / r.value;
        }
        return 1;
      }
    }
  }
}

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

export function constExpr(v: number): AffineConstantExpr {
  return intern(AffineKind.Constant, v, 0, () => new AffineConstantExpr(v)) as AffineConstantExpr;
}
export function dimExpr(pos: number): AffineDimExpr {
  return intern(AffineKind.Dim, pos, 0, () => new AffineDimExpr(pos)) as AffineDimExpr;
}
export function symbolExpr(pos: number): AffineSymbolExpr {
  return intern(AffineKind.Symbol, pos, 0, () => new AffineSymbolExpr(pos)) as AffineSymbolExpr;
}
function toExpr(o: AffineExpr | number): AffineExpr {
  return typeof o === 'number' ? constExpr(o) : o;
}
/** Builds a binary expression without simplification. */
export function rawBinary(kind: AffineBinaryExpr['kind'], lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return intern(kind, lhs.id, rhs.id, () => new AffineBinaryExpr(kind, lhs, rhs));
}

function asConst(e: AffineExpr): number | undefined {
  return e instanceof AffineConstantExpr ? e.value : undefined;
}
function asBin(e: AffineExpr, kind: AffineKind): AffineBinaryExpr | undefined {
  return e instanceof AffineBinaryExpr && e.kind === kind ? e : undefined;
}
/** 64-bit wrapping like int64_t arithmetic in MLIR (values stay within safe range in practice). */
function wrap(v: number): number {
  return v;
}
function floorDivInt(a: number, b: number): number {
  return Math.floor(a / b);
}
function ceilDivInt(a: number, b: number): number {
  return Math.ceil(a / b);
}
function modInt(a: number, b: number): number {
  const m = a % b;
  return m < 0 ? m + b : m;
}

function simplifyAdd(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | undefined {
  const lc = asConst(lhs);
  const rc = asConst(rhs);
  if (lc !== undefined && rc !== undefined) return constExpr(wrap(lc + rc));
  if (lc !== undefined || (lhs.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant())) return affineAdd(rhs, lhs);
  if (rc === 0) return lhs;
  const lAdd = asBin(lhs, AffineKind.Add);
  if (lAdd && rc !== undefined) {
    const lrc = asConst(lAdd.rhs);
    if (lrc !== undefined) return affineAdd(lAdd.lhs, constExpr(lrc + rc));
  }
  // c1 * e + c2 * e -> (c1 + c2) * e
  let c1: number;
  let first: AffineExpr;
  const lMul = asBin(lhs, AffineKind.Mul);
  if (lMul && asConst(lMul.rhs) !== undefined) {
    c1 = asConst(lMul.rhs)!;
    first = lMul.lhs;
  } else {
    c1 = 1;
    first = lhs;
  }
  let c2: number;
  let second: AffineExpr;
  const rMul = asBin(rhs, AffineKind.Mul);
  if (rMul && asConst(rMul.rhs) !== undefined) {
    c2 = asConst(rMul.rhs)!;
    second = rMul.lhs;
  } else {
    c2 = 1;
    second = rhs;
  }
  if (first === second) return affineMul(first, constExpr(c1 + c2));
  if (lAdd) {
    const lrc = asConst(lAdd.rhs);
    if (lrc !== undefined) return affineAdd(affineAdd(lAdd.lhs, rhs), constExpr(lrc));
  }
  // expr - q * (expr floordiv q) -> expr mod q
  const rBin = rhs instanceof AffineBinaryExpr ? rhs : undefined;
  if (!rBin) return undefined;
  const lrhs = rBin.lhs;
  const rrhs = rBin.rhs;
  const lrhsBin = lrhs instanceof AffineBinaryExpr ? lrhs : undefined;
  if (asConst(rrhs) === -1 && lrhsBin && lrhsBin.kind === AffineKind.Mul) {
    const llrhs = lrhsBin.lhs;
    const rlrhs = lrhsBin.rhs;
    const fd = asBin(llrhs, AffineKind.FloorDiv);
    if (!fd) return undefined;
    if (fd.rhs === rlrhs && lhs === fd.lhs) return affineMod(lhs, rlrhs);
  }
  // expr + (expr floordiv c) * -c -> expr mod c (c a positive constant).
  const lrFd = asBin(lrhs, AffineKind.FloorDiv);
  if (!lrFd || rBin.kind !== AffineKind.Mul) return undefined;
  const q = asConst(lrFd.rhs);
  if (q !== undefined && q > 0 && lhs === lrFd.lhs && asConst(rrhs) === -q) return affineMod(lhs, lrFd.rhs);
  // (a + b) + (e floordiv q) * m -> a + s when b + (e floordiv q) * m
  // simplifies to s (e.g. (a + e) + (e floordiv c) * -c -> a + e mod c).
  if (lAdd) {
    const inner = simplifyAdd(lAdd.rhs, rhs);
    if (inner) return affineAdd(lAdd.lhs, inner);
  }
  return undefined;
}

/**
 * Operands of a new add/mul node: dims and symbols ordered by position, dims
 * before symbols (MLIR 22 orders them when it creates the node).
 */
function commutative(kind: AffineKind.Add | AffineKind.Mul, lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  const ld = lhs instanceof AffineDimExpr;
  const ls = lhs instanceof AffineSymbolExpr;
  const rd = rhs instanceof AffineDimExpr;
  const rs = rhs instanceof AffineSymbolExpr;
  let swap = false;
  if ((ld && rd) || (ls && rs)) swap = (lhs as AffineDimExpr).position > (rhs as AffineDimExpr).position;
  else if (ls && rd) swap = true;
  return swap ? rawBinary(kind, rhs, lhs) : rawBinary(kind, lhs, rhs);
}

export function affineAdd(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyAdd(lhs, rhs) ?? commutative(AffineKind.Add, lhs, rhs);
}

function simplifyMul(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | undefined {
  const lc = asConst(lhs);
  const rc = asConst(rhs);
  if (lc !== undefined && rc !== undefined) return constExpr(wrap(lc * rc));
  // A product of two dim-dependent expressions is not affine; it can still
  // come out of composition (MLIR keeps it as built).
  if (!lhs.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant()) return undefined;
  if (!rhs.isSymbolicOrConstant() || lc !== undefined) return affineMul(rhs, lhs);
  if (rc !== undefined) {
    if (rc === 1) return lhs;
    if (rc === 0) return rhs;
  }
  const lMul = asBin(lhs, AffineKind.Mul);
  if (lMul && rc !== undefined) {
    const lrc = asConst(lMul.rhs);
    if (lrc !== undefined) return affineMul(lMul.lhs, constExpr(lrc * rc));
  }
  if (lMul) {
    const lrc = asConst(lMul.rhs);
    if (lrc !== undefined) return affineMul(affineMul(lMul.lhs, rhs), constExpr(lrc));
  }
  return undefined;
}

export function affineMul(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyMul(lhs, rhs) ?? commutative(AffineKind.Mul, lhs, rhs);
}

function simplifyFloorDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | undefined {
  const rc = asConst(rhs);
  // Negative divisors simplify too (MLIR 22); division by zero is kept as written.
  if (rc === undefined || rc === 0) return undefined;
  const lc = asConst(lhs);
  if (lc !== undefined) return constExpr(floorDivInt(lc, rc));
  if (rc === 1) return lhs;
  const lMul = asBin(lhs, AffineKind.Mul);
  if (lMul) {
    const lrc = asConst(lMul.rhs);
    if (lrc !== undefined && lrc % rc === 0) return affineMul(lMul.lhs, constExpr(lrc / rc + 0));
  }
  const lAdd = asBin(lhs, AffineKind.Add);
  if (lAdd) {
    const a = lAdd.lhs.largestKnownDivisor();
    const b = lAdd.rhs.largestKnownDivisor();
    if (a % rc === 0 || b % rc === 0) return affineAdd(affineFloorDiv(lAdd.lhs, constExpr(rc)), affineFloorDiv(lAdd.rhs, constExpr(rc)));
  }
  return undefined;
}

export function affineFloorDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyFloorDiv(lhs, rhs) ?? rawBinary(AffineKind.FloorDiv, lhs, rhs);
}

function simplifyCeilDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | undefined {
  const rc = asConst(rhs);
  if (rc === undefined || rc === 0) return undefined;
  const lc = asConst(lhs);
  if (lc !== undefined) return constExpr(ceilDivInt(lc, rc));
  if (rc === 1) return lhs;
  const lMul = asBin(lhs, AffineKind.Mul);
  if (lMul) {
    const lrc = asConst(lMul.rhs);
    if (lrc !== undefined && lrc % rc === 0) return affineMul(lMul.lhs, constExpr(lrc / rc + 0));
  }
  return undefined;
}

export function affineCeilDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyCeilDiv(lhs, rhs) ?? rawBinary(AffineKind.CeilDiv, lhs, rhs);
}

function simplifyMod(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | undefined {
  const rc = asConst(rhs);
  if (rc === undefined || rc < 1) return undefined;
  const lc = asConst(lhs);
  if (lc !== undefined) return constExpr(modInt(lc, rc));
  if (lhs.largestKnownDivisor() % rc === 0) return constExpr(0);
  const lAdd = asBin(lhs, AffineKind.Add);
  if (lAdd) {
    if (lAdd.lhs.largestKnownDivisor() % rc === 0) return affineMod(lAdd.rhs, constExpr(rc));
    if (lAdd.rhs.largestKnownDivisor() % rc === 0) return affineMod(lAdd.lhs, constExpr(rc));
  }
  const lMod = asBin(lhs, AffineKind.Mod);
  if (lMod) {
    const inner = asConst(lMod.rhs);
    if (inner !== undefined && inner >= 1 && modInt(inner, rc) === 0) return affineMod(lMod.lhs, constExpr(rc));
  }
  return undefined;
}

export function affineMod(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyMod(lhs, rhs) ?? rawBinary(AffineKind.Mod, lhs, rhs);
}

// ---- printing

const enum Strength {
  Weak,
  Strong,
}

export function printAffineExpr(e: AffineExpr): string {
  let out = '';
  const emit = (e: AffineExpr, strength: Strength): void => {
    switch (e.kind) {
      case AffineKind.Dim:
        out += 'd' + (e as AffineDimExpr).position;
        return;
      case AffineKind.Symbol:
        out += 's' + (e as AffineSymbolExpr).position;
        return;
      case AffineKind.Constant:
        out += String((e as AffineConstantExpr).value);
        return;
    }
    const b = e as AffineBinaryExpr;
    const strong = strength === Strength.Strong;
    if (b.kind !== AffineKind.Add) {
      if (strong) out += '(';
      if (b.kind === AffineKind.Mul && asConst(b.rhs) === -1) {
        out += '-';
        emit(b.lhs, Strength.Strong);
      } else {
        emit(b.lhs, Strength.Strong);
        out += b.kind === AffineKind.Mul ? ' * ' : b.kind === AffineKind.FloorDiv ? ' floordiv ' : b.kind === AffineKind.CeilDiv ? ' ceildiv ' : ' mod ';
        emit(b.rhs, Strength.Strong);
      }
      if (strong) out += ')';
      return;
    }
    if (strong) out += '(';
    const rMul = asBin(b.rhs, AffineKind.Mul);
    const rrc = rMul ? asConst(rMul.rhs) : undefined;
    if (rMul && rrc !== undefined && rrc === -1) {
      emit(b.lhs, Strength.Weak);
      out += ' - ';
      emit(rMul.lhs, rMul.lhs.kind === AffineKind.Add ? Strength.Strong : Strength.Weak);
    } else if (rMul && rrc !== undefined && rrc < -1) {
      emit(b.lhs, Strength.Weak);
      out += ' - ';
      emit(rMul.lhs, Strength.Strong);
      out += ' * ' + String(-rrc);
    } else if (asConst(b.rhs) !== undefined && asConst(b.rhs)! < 0) {
      emit(b.lhs, Strength.Weak);
      out += ' - ' + String(-asConst(b.rhs)!);
    } else {
      emit(b.lhs, Strength.Weak);
      out += ' + ';
      emit(b.rhs, Strength.Weak);
    }
    if (strong) out += ')';
  };
  emit(e, Strength.Weak);
  return out;
}

function printDimsAndSymbols(numDims: number, numSymbols: number): string {
  let s = '(';
  for (let i = 0; i < numDims; i++) s += (i ? ', ' : '') + 'd' + i;
  s += ')';
  if (numSymbols) {
    s += '[';
    for (let i = 0; i < numSymbols; i++) s += (i ? ', ' : '') + 's' + i;
    s += ']';
  }
  return s;
}

const mapCache = new Map<string, AffineMap>();

export class AffineMap {
  private constructor(
    readonly numDims: number,
    readonly numSymbols: number,
    readonly results: readonly AffineExpr[],
  ) {}
  static get(numDims: number, numSymbols: number, results: readonly AffineExpr[]): AffineMap {
    const k = numDims + ',' + numSymbols + ':' + results.map((r) => r.id).join(',');
    let m = mapCache.get(k);
    if (!m) mapCache.set(k, (m = new AffineMap(numDims, numSymbols, Object.freeze([...results]))));
    return m;
  }
  static identity(rank: number): AffineMap {
    const r: AffineExpr[] = [];
    for (let i = 0; i < rank; i++) r.push(dimExpr(i));
    return AffineMap.get(rank, 0, r);
  }
  get numResults(): number {
    return this.results.length;
  }
  get numInputs(): number {
    return this.numDims + this.numSymbols;
  }
  isIdentity(): boolean {
    if (this.numDims !== this.results.length) return false;
    for (let i = 0; i < this.results.length; i++) {
      const r = this.results[i];
      if (!(r instanceof AffineDimExpr) || r.position !== i) return false;
    }
    return true;
  }
  /** The constant results, if every result is a constant. */
  constantResults(): number[] | undefined {
    const out: number[] = [];
    for (const r of this.results) {
      if (!(r instanceof AffineConstantExpr)) return undefined;
      out.push(r.value);
    }
    return out;
  }
  toString(): string {
    return printDimsAndSymbols(this.numDims, this.numSymbols) + ' -> (' + this.results.map(printAffineExpr).join(', ') + ')';
  }
}

const setCache = new Map<string, IntegerSet>();

export class IntegerSet {
  private constructor(
    readonly numDims: number,
    readonly numSymbols: number,
    readonly constraints: readonly AffineExpr[],
    readonly eqFlags: readonly boolean[],
  ) {}
  static get(numDims: number, numSymbols: number, constraints: readonly AffineExpr[], eqFlags: readonly boolean[]): IntegerSet {
    const k = numDims + ',' + numSymbols + ':' + constraints.map((c, i) => c.id + (eqFlags[i] ? '=' : '>')).join(',');
    let s = setCache.get(k);
    if (!s) setCache.set(k, (s = new IntegerSet(numDims, numSymbols, Object.freeze([...constraints]), Object.freeze([...eqFlags]))));
    return s;
  }
  toString(): string {
    let s = printDimsAndSymbols(this.numDims, this.numSymbols) + ' : (';
    if (this.constraints.length === 0) s += '1 == 0';
    for (let i = 0; i < this.constraints.length; i++) {
      if (i) s += ', ';
      s += printAffineExpr(this.constraints[i]) + (this.eqFlags[i] ? ' == 0' : ' >= 0');
    }
    return s + ')';
  }
}
