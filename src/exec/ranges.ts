// Integer range analysis for the code generator (codegen.ts).
//
// For every integer (and index) SSA value of a function it computes an
// interval [lo, hi] of the *signed* values the value can take, or nothing
// ("any value of the type"). Bounds are JS numbers, always safe integers, so a
// wide (> 32-bit) value with a range is a plain JS number in the engine's
// representation (never a BigInt): the code generator then emits plain number
// arithmetic without representation tests, overflow fallbacks or (when an
// index's range lies within a memref's static size) bounds checks.
//
// The analysis is optimistic (values start unreached) and iterates to a fixed
// point; loop-carried values that keep growing are widened (to the int32 range,
// then to "anything"). An operation whose exact result could leave its type's
// range (that is, wrap around) gets no range. Values of ops the analysis does
// not model get no range.

import { IndexType, IntegerType } from '../ir/builtin-types.js';
import { IntegerAttr } from '../ir/builtin-attributes.js';
import type { OpDefinition } from '../ir/context.js';
import type { Block, Operation, Value } from '../ir/operation.js';
import type { OpOf } from '../ods/index.js';
import * as arith from '../dialects/arith/index.js';
import * as cf from '../dialects/cf/index.js';
import * as func from '../dialects/func/index.js';
import * as index from '../dialects/index/index.js';
import * as memref from '../dialects/memref/index.js';
import * as scf from '../dialects/scf/index.js';
import * as ub from '../dialects/ub/index.js';
import * as vector from '../dialects/vector/index.js';
import { castOf, intBinaryOf, type CastKind, type IntBinaryKind } from './op-kinds.js';
import { AffineBinaryExpr, AffineConstantExpr, AffineDimExpr, AffineKind, AffineSymbolExpr, type AffineExpr, type AffineMap } from '../ir/affine.js';
import { AffineApplyOp, AffineMaxOp, AffineMinOp } from '../dialects/affine/index.js';

export interface Range {
  readonly lo: number;
  readonly hi: number;
}

const MAXS = Number.MAX_SAFE_INTEGER;
const I32: Range = { lo: -2147483648, hi: 2147483647 };

/** Width of an integer-like type (index: 64), or 0. */
function widthOf(v: Value): number {
  const t = v.type;
  if (t instanceof IndexType) return 64;
  if (t instanceof IntegerType) return t.width;
  return 0;
}

/** The full range of a width's signed values, when it is made of safe integers. */
function typeRange(w: number): Range | undefined {
  if (w === 1) return { lo: 0, hi: 1 }; // i1 is stored as 0/1
  if (w <= 53) return { lo: -(2 ** (w - 1)), hi: 2 ** (w - 1) - 1 };
  return undefined;
}

function within(r: Range, o: Range): boolean {
  return r.lo >= o.lo && r.hi <= o.hi;
}

/** A range for an exact result of width w, or undefined when it may wrap or leave the safe integers. */
function fit(w: number, lo: number, hi: number): Range | undefined {
  if (!(lo <= hi)) return undefined;
  if (w === 1) return lo >= 0 && hi <= 1 ? { lo, hi } : undefined;
  if (w > 53) return lo >= -MAXS && hi <= MAXS ? { lo, hi } : undefined;
  return lo >= -(2 ** (w - 1)) && hi <= 2 ** (w - 1) - 1 ? { lo, hi } : undefined;
}

/**
 * The values a binary affine node takes when its operands range over `a` and
 * `b`, evaluated exactly as lower-affine's arith expansion computes it;
 * undefined when unknown or when a step may leave the safe integers (then the
 * expansion may wrap, or be poison for a product).
 */
export function affineBinaryRange(kind: AffineKind, a: Range | undefined, b: Range | undefined): Range | undefined {
  if (!a || !b) return undefined;
  const fit = safe;
  switch (kind) {
    case AffineKind.Add:
      return fit(64, a.lo + b.lo, a.hi + b.hi);
    case AffineKind.Mul: {
      const p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
      return fit(64, Math.min(...p), Math.max(...p));
    }
    case AffineKind.Mod:
      // The expansion's remainder plus divisor is floor modulo for a positive divisor.
      if (b.lo <= 0) return undefined;
      if (b.lo === b.hi && a.lo >= 0 && a.hi < b.lo) return a;
      return { lo: 0, hi: b.hi - 1 };
    default: {
      // floordiv and ceildiv are monotonic in each operand for a positive divisor.
      if (b.lo <= 0) return undefined;
      const f = kind === AffineKind.FloorDiv ? Math.floor : Math.ceil;
      const q = [a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi].map(f);
      // Beyond 2^31 the float quotient may round across an integer.
      const slack = Math.max(-a.lo, a.hi) < 2 ** 31 ? 0 : 1;
      return fit(64, Math.min(...q) - slack, Math.max(...q) + slack);
    }
  }
}

/**
 * The values `expr` takes when its dims and symbols range over `dims` and
 * `syms` (null: unknown); see affineBinaryRange. Iterative: expressions may be deep.
 */
export function affineExprRange(expr: AffineExpr, dims: readonly (Range | null)[], syms: readonly (Range | null)[]): Range | undefined {
  const done = new Map<AffineExpr, Range | undefined>();
  const stack: AffineExpr[] = [expr];
  while (stack.length) {
    const e = stack[stack.length - 1];
    if (done.has(e)) {
      stack.pop();
      continue;
    }
    if (e instanceof AffineBinaryExpr) {
      if (!done.has(e.lhs) || !done.has(e.rhs)) {
        if (!done.has(e.rhs)) stack.push(e.rhs);
        if (!done.has(e.lhs)) stack.push(e.lhs);
        continue;
      }
      done.set(e, affineBinaryRange(e.kind, done.get(e.lhs), done.get(e.rhs)));
    } else done.set(e, affineLeafRange(e, dims, syms));
    stack.pop();
  }
  return done.get(expr);
}

/** The range of a constant, dim or symbol expression. */
export function affineLeafRange(e: AffineExpr, dims: readonly (Range | null)[], syms: readonly (Range | null)[]): Range | undefined {
  const r = e instanceof AffineConstantExpr ? { lo: e.value, hi: e.value } : e instanceof AffineDimExpr ? dims[e.position] : e instanceof AffineSymbolExpr ? syms[e.position] : undefined;
  return r ? safe(64, r.lo, r.hi) : undefined;
}

/** [lo, hi] if within the safe integers (values then are JS numbers, and exact). */
function safe(_w: number, lo: number, hi: number): Range | undefined {
  return lo >= -Number.MAX_SAFE_INTEGER && hi <= Number.MAX_SAFE_INTEGER ? { lo, hi } : undefined;
}

/** The range of each result of `map` applied to operands of the given ranges (see affineExprRange). */
export function affineMapRanges(map: AffineMap, operands: readonly (Range | null)[]): (Range | undefined)[] {
  const dims = operands.slice(0, map.numDims);
  const syms = operands.slice(map.numDims);
  return map.results.map((e) => affineExprRange(e, dims, syms));
}

/** Ops whose results are poison only when an operand is (or as makesPoison says). */
const NO_POISON_OPS = new Set<OpDefinition>([...arith.ARITH_OPS, ...index.INDEX_OPS, ...memref.MEMREF_OPS, ...scf.SCF_OPS, vector.PrintOp].map((h) => h.definition));

/** Smallest 2^k - 1 >= hi (hi >= 0). */
function ones(hi: number): number {
  let m = 1;
  while (m - 1 < hi) m *= 2;
  return m - 1;
}

export class RangeAnalysis {
  private ranges = new Map<Value, Range | null>(); // null: any value; absent: unreached
  /** Values that may hold a Poison object (they get no range). */
  private poison = new Set<Value>();
  private changes = new Map<Value, number>();
  private changed = false;

  constructor(readonly fn: OpOf<typeof func.FuncOp>) {
    this.run();
  }

  /** The range of `v`, if known. Unreached values have none. */
  get(v: Value): Range | undefined {
    if (this.poison.has(v)) return undefined;
    return this.ranges.get(v) ?? undefined;
  }

  private markPoison(v: Value): void {
    if (!this.poison.has(v)) {
      this.poison.add(v);
      this.changed = true;
    }
  }

  private run(): void {
    const entry: Block | undefined = func.FuncOp.body(this.fn).blocks[0];
    if (!entry) return;
    for (const a of entry.args) {
      this.set(a, null);
      this.markPoison(a);
    }
    for (let iter = 0; iter < 50; iter++) {
      this.changed = false;
      this.fn.walk((op) => {
        if (op !== this.fn) this.visit(op);
      });
      if (!this.changed) return;
    }
    // No fixed point (cannot happen with widening): forget everything.
    this.ranges.clear();
    this.fn.walk((op) => {
      for (const r of op.results) this.poison.add(r);
    });
  }

  /** Joins r into v's range, widening values that keep changing. */
  private join(v: Value, r: Range | null | undefined): void {
    const w = widthOf(v);
    if (!w) return;
    if (r === undefined) r = null;
    if (r && w <= 53) {
      const t = typeRange(w)!;
      if (!within(r, t)) r = null;
    }
    if (r === null && w <= 53) r = typeRange(w)!;
    const old = this.ranges.get(v);
    if (old === null) return;
    let next: Range | null;
    if (old === undefined) next = r;
    else if (r === null) next = null;
    else {
      if (within(r, old)) return;
      next = { lo: Math.min(old.lo, r.lo), hi: Math.max(old.hi, r.hi) };
      const n = (this.changes.get(v) ?? 0) + 1;
      this.changes.set(v, n);
      if (n > 6) next = null;
      else if (n > 3) next = within(next, I32) ? I32 : null;
    }
    if (next === null && w <= 53) next = typeRange(w)!;
    if (old !== undefined && old !== null && next !== null && old.lo === next.lo && old.hi === next.hi) return;
    this.ranges.set(v, next);
    this.changed = true;
  }
  private set(v: Value, r: Range | null | undefined): void {
    this.join(v, r);
  }
  /** Operand range: undefined when unreached, null when unknown. */
  private r(v: Value): Range | null | undefined {
    if (!widthOf(v)) return null;
    return this.ranges.get(v);
  }

  private visit(op: Operation): void {
    // Region-carrying ops: bind block arguments.
    if (scf.ForOp.isa(op)) return this.visitFor(op);
    if (scf.WhileOp.isa(op)) return this.visitWhile(op);
    if (scf.IfOp.isa(op) || scf.IndexSwitchOp.isa(op) || scf.ExecuteRegionOp.isa(op)) {
      // An `scf.break` passes values to its execute_region that no yield shows.
      if (scf.ExecuteRegionOp.isa(op) && scf.ExecuteRegionOp.token(op)) return this.unknownAll(op);
      for (const reg of op.regions)
        for (const b of reg.blocks) {
          const t = scf.YieldOp.dynCast(b.last);
          if (t) scf.YieldOp.results(t).forEach((x, i) => i < op.numResults && this.joinFrom(op.result(i), x));
          else if (scf.ExecuteRegionOp.isa(op)) this.unknownAll(op);
        }
      return;
    }
    if (scf.ParallelOp.isa(op)) return this.visitParallel(op);
    if (scf.ForallOp.isa(op)) {
      const body: Block | undefined = scf.ForallOp.region(op).blocks[0];
      if (body) for (const a of body.args) this.set(a, null);
      this.unknownAll(op);
      return;
    }
    if (cf.BranchOp.isa(op) || cf.CondBranchOp.isa(op) || cf.SwitchOp.isa(op)) return this.bindBranch(op);
    if (op.regions.length) {
      // Other ops with regions: arguments and results unknown.
      for (const reg of op.regions)
        for (const b of reg.blocks)
          for (const a of b.args) {
            this.set(a, null);
            this.markPoison(a);
          }
      return this.unknownAll(op);
    }
    if (op.numResults === 0) return;
    if (op.numResults !== 1) return this.unknownAll(op);
    const res = op.result(0);
    if (op.operands.some((x) => this.poison.has(x)) || this.makesPoison(op)) this.markPoison(res);
    const w = widthOf(res);
    if (!w) return;
    if (op.operands.some((x) => this.r(x) === undefined)) return; // an operand is not reached yet
    this.set(res, this.transfer(op, w));
  }

  private visitFor(op: OpOf<typeof scf.ForOp>): void {
    const rl = this.r(scf.ForOp.lowerBound(op));
    const ru = this.r(scf.ForOp.upperBound(op));
    const rs = this.r(scf.ForOp.step(op));
    const unsigned = scf.ForOp.unsignedCmp(op);
    const iv = scf.ForOp.inductionVar(op);
    const w = widthOf(iv);
    if (rl === undefined || ru === undefined || rs === undefined) return;
    let ivr: Range | null = null;
    if (rl && ru && rs && rs.lo > 0 && (!unsigned || (rl.lo >= 0 && ru.lo >= 0))) ivr = fit(w, rl.lo, Math.max(rl.lo, ru.hi - 1)) ?? null;
    if (w === 1) ivr = null;
    this.set(iv, ivr);
    const iterArgs = scf.ForOp.regionIterArgs(op);
    const results = scf.ForOp.results(op);
    scf.ForOp.initArgs(op).forEach((x, i) => {
      this.joinFrom(iterArgs[i], x);
      this.joinFrom(results[i], x);
    });
    const term = scf.YieldOp.dynCast(scf.ForOp.body(op).last);
    if (term)
      scf.YieldOp.results(term).forEach((x, i) => {
        this.joinFrom(iterArgs[i], x);
        this.joinFrom(results[i], x);
      });
  }

  private visitWhile(op: OpOf<typeof scf.WhileOp>): void {
    const before: Block | undefined = scf.WhileOp.before(op).blocks[0];
    const after: Block | undefined = scf.WhileOp.after(op).blocks[0];
    if (!before || !after) return this.unknownAll(op);
    scf.WhileOp.inits(op).forEach((x, i) => this.joinFrom(before.args[i], x));
    const cond = scf.ConditionOp.dynCast(before.last);
    if (cond) {
      const results = scf.WhileOp.results(op);
      scf.ConditionOp.args(cond).forEach((x, i) => {
        this.joinFrom(after.args[i], x);
        this.joinFrom(results[i], x);
      });
    }
    const y = scf.YieldOp.dynCast(after.last);
    if (y) scf.YieldOp.results(y).forEach((x, i) => this.joinFrom(before.args[i], x));
  }

  private visitParallel(op: OpOf<typeof scf.ParallelOp>): void {
    const body: Block | undefined = scf.ParallelOp.region(op).blocks[0];
    if (!body) return this.unknownAll(op);
    const lbs = scf.ParallelOp.lowerBound(op);
    const ubs = scf.ParallelOp.upperBound(op);
    const steps = scf.ParallelOp.step(op);
    for (let i = 0; i < lbs.length; i++) {
      const rl = this.r(lbs[i]);
      const ru = this.r(ubs[i]);
      const rs = this.r(steps[i]);
      if (rl === undefined || ru === undefined || rs === undefined) continue;
      this.set(body.args[i], rl && ru && rs && rs.lo > 0 ? (fit(64, rl.lo, Math.max(rl.lo, ru.hi - 1)) ?? null) : null);
    }
    this.unknownAll(op);
  }

  /** Ops whose result may be poison even when their operands are not. */
  private makesPoison(op: Operation): boolean {
    if (ub.PoisonOp.isa(op) || arith.FPToSIOp.isa(op) || arith.FPToUIOp.isa(op) || func.CallOp.isa(op) || func.CallIndirectOp.isa(op)) return true;
    const bin = intBinaryOf(op);
    if ((bin ?? castOf(op))?.overflowFlags(op)) return true;
    if (bin && (bin.kind === 'shli' || bin.kind === 'shrsi' || bin.kind === 'shrui')) {
      const amt = this.r(bin.rhs(op));
      const w = widthOf(bin.result(op));
      return !(amt && amt.lo >= 0 && amt.hi < w);
    }
    // An affine product may overflow (its expansion multiplies with nsw) unless
    // ranges bound it; operands not reached yet are decided on a later visit.
    const map = AffineApplyOp.isa(op) ? AffineApplyOp.map(op) : AffineMinOp.isa(op) ? AffineMinOp.map(op) : AffineMaxOp.isa(op) ? AffineMaxOp.map(op) : undefined;
    if (map) {
      const ranges = op.operands.map((x) => this.r(x));
      if (ranges.some((x) => x === undefined)) return false;
      return affineMapRanges(map, ranges as (Range | null)[]).some((x) => x === undefined) && map.results.some(hasMul);
    }
    const def = op.name.def;
    return !(def !== undefined && NO_POISON_OPS.has(def));
  }

  private joinFrom(target: Value, src: Value): void {
    const r = this.r(src);
    if (r !== undefined) this.join(target, r);
    if (this.poison.has(src)) this.markPoison(target);
  }
  private unknownAll(op: Operation): void {
    for (const r of op.results) {
      this.set(r, null);
      this.markPoison(r);
    }
  }
  private bindBranch(op: Operation): void {
    if (cf.BranchOp.isa(op)) {
      const dest = cf.BranchOp.dest(op);
      cf.BranchOp.destOperands(op).forEach((x, i) => this.joinFrom(dest.args[i], x));
      return;
    }
    if (cf.CondBranchOp.isa(op)) {
      const t = cf.CondBranchOp.trueDest(op);
      const f = cf.CondBranchOp.falseDest(op);
      cf.CondBranchOp.trueDestOperands(op).forEach((x, i) => this.joinFrom(t.args[i], x));
      cf.CondBranchOp.falseDestOperands(op).forEach((x, i) => this.joinFrom(f.args[i], x));
      return;
    }
    // cf.switch: successor arguments unknown.
    for (const s of op.successors)
      for (const a of s.args) {
        this.set(a, null);
        this.markPoison(a);
      }
  }

  /** The range of the single integer result (of width w) of `op`, whose operands are all reached. */
  private transfer(op: Operation, w: number): Range | null | undefined {
    const bin = intBinaryOf(op);
    if (bin) return binaryRange(bin.kind, w, this.r(bin.lhs(op)) ?? null, this.r(bin.rhs(op)) ?? null);
    const cast = castOf(op);
    if (cast) {
      const x = cast.input(op);
      return castRange(cast.kind, w, widthOf(x), this.r(x) ?? null);
    }
    if (arith.ConstantOp.isa(op)) {
      const v = arith.ConstantOp.value(op);
      return v instanceof IntegerAttr ? constantRange(v.value, w) : null;
    }
    if (index.ConstantOp.isa(op)) return constantRange(index.ConstantOp.value(op), w);
    if (index.BoolConstantOp.isa(op)) return constantRange(index.BoolConstantOp.value(op) ? 1n : 0n, w);
    if (arith.CmpIOp.isa(op) || arith.CmpFOp.isa(op) || index.CmpOp.isa(op)) return { lo: 0, hi: 1 };
    if (arith.SelectOp.isa(op)) {
      const x = this.r(arith.SelectOp.true_value(op));
      const y = this.r(arith.SelectOp.false_value(op));
      if (!x || !y) return null;
      return { lo: Math.min(x.lo, y.lo), hi: Math.max(x.hi, y.hi) };
    }
    if (index.SizeOfOp.isa(op)) return { lo: 8, hi: 8 };
    if (AffineApplyOp.isa(op)) return affineMapRanges(AffineApplyOp.map(op), op.operands.map((x) => this.r(x) ?? null))[0] ?? null;
    const isMin = AffineMinOp.isa(op);
    if (isMin || AffineMaxOp.isa(op)) {
      const rs = affineMapRanges(isMin ? AffineMinOp.map(op) : AffineMaxOp.map(op), op.operands.map((x) => this.r(x) ?? null));
      if (rs.some((x) => x === undefined)) return null;
      const lo = rs.map((x) => x!.lo);
      const hi = rs.map((x) => x!.hi);
      return isMin ? { lo: Math.min(...lo), hi: Math.min(...hi) } : { lo: Math.max(...lo), hi: Math.max(...hi) };
    }
    return null;
  }
}

/** Whether `e` has a product (iterative: expressions may be deep). */
function hasMul(e: AffineExpr): boolean {
  const stack = [e];
  while (stack.length) {
    const x = stack.pop()!;
    if (!(x instanceof AffineBinaryExpr)) continue;
    if (x.kind === AffineKind.Mul) return true;
    stack.push(x.lhs, x.rhs);
  }
  return false;
}

/** The value of an integer constant of width w, if a safe integer. */
function constantRange(v: bigint, w: number): Range | null {
  let x = v;
  if (w === 1) x &= 1n;
  else x = BigInt.asIntN(w, x);
  if (x < -BigInt(MAXS) || x > BigInt(MAXS)) return null;
  return { lo: Number(x), hi: Number(x) };
}

/** The result of a cast of width w from an operand of width fw and range a. */
function castRange(n: CastKind, w: number, fw: number, a: Range | null): Range | null | undefined {
  switch (n) {
    case 'extsi':
    case 'index_cast':
    case 'trunci': {
      let x = a ?? typeRange(fw) ?? null;
      if (fw === 1 && x && n !== 'trunci') x = { lo: -x.hi, hi: -x.lo }; // i1 0/1 is 0/-1 signed
      if (!x) return null;
      return fit(w, x.lo, x.hi) ?? null;
    }
    case 'extui':
    case 'index_castui': {
      if (a && a.lo >= 0) return fit(w, a.lo, a.hi) ?? null;
      if (fw <= 52 && w > fw) return { lo: 0, hi: 2 ** fw - 1 };
      return null;
    }
  }
  return null;
}

/** The result (of width w) of an integer binary operation on operands of ranges a and b. */
function binaryRange(n: IntBinaryKind, w: number, a: Range | null, b: Range | null): Range | null | undefined {
  if (w === 1) return null;
  switch (n) {
    case 'shrsi':
    case 'shrui':
      if (b && b.lo === b.hi && b.lo >= 0 && b.lo < w) {
        const s = 2 ** b.lo;
        if (a && (n === 'shrsi' || a.lo >= 0)) return { lo: Math.floor(a.lo / s), hi: Math.floor(a.hi / s) };
        if (b.lo === 0) return a;
        // Any value of the width shifted right.
        if (n === 'shrsi') return fit(w, -(2 ** (w - 1 - b.lo)), 2 ** (w - 1 - b.lo) - 1) ?? null;
        return fit(w, 0, 2 ** (w - b.lo) - 1) ?? null;
      }
      return null;
  }
  if (!a || !b) {
    if (n === 'andi') {
      const x = a && a.lo >= 0 ? a : b && b.lo >= 0 ? b : undefined;
      if (x) return { lo: 0, hi: x.hi };
    }
    if ((n === 'remui' || n === 'remsi') && b && b.lo > 0) return n === 'remui' ? { lo: 0, hi: b.hi - 1 } : { lo: -(b.hi - 1), hi: b.hi - 1 };
    return null;
  }
  switch (n) {
    case 'addi':
      return fit(w, a.lo + b.lo, a.hi + b.hi);
    case 'subi':
      return fit(w, a.lo - b.hi, a.hi - b.lo);
    case 'muli': {
      const p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
      return fit(w, Math.min(...p), Math.max(...p));
    }
    case 'divsi':
    case 'divui': {
      if (n === 'divui' && (a.lo < 0 || b.lo < 0)) return null;
      if (b.lo <= 0 && b.hi >= 0) return null; // the divisor may be zero (or change sign)
      const q = [a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi].map(Math.trunc);
      // Quotients of large operands may be rounded (by at most one).
      const e = Math.max(-a.lo, a.hi) < 2 ** 31 ? 0 : 1;
      return fit(w, Math.min(...q) - e, Math.max(...q) + e);
    }
    case 'remsi':
    case 'remui': {
      if (n === 'remui' && (a.lo < 0 || b.lo < 0)) return null;
      if (b.lo <= 0 && b.hi >= 0) return null;
      const m = Math.max(Math.abs(b.lo), Math.abs(b.hi)) - 1;
      const lo = a.lo >= 0 ? 0 : Math.max(-m, a.lo);
      const hi = a.hi <= 0 ? 0 : Math.min(m, a.hi);
      return { lo, hi };
    }
    case 'maxsi':
      return { lo: Math.max(a.lo, b.lo), hi: Math.max(a.hi, b.hi) };
    case 'minsi':
      return { lo: Math.min(a.lo, b.lo), hi: Math.min(a.hi, b.hi) };
    case 'maxui':
    case 'minui':
      if (a.lo < 0 || b.lo < 0) return null;
      return n === 'maxui' ? { lo: Math.max(a.lo, b.lo), hi: Math.max(a.hi, b.hi) } : { lo: Math.min(a.lo, b.lo), hi: Math.min(a.hi, b.hi) };
    case 'andi':
      if (a.lo >= 0 && b.lo >= 0) return { lo: 0, hi: Math.min(a.hi, b.hi) };
      if (a.lo >= 0) return { lo: 0, hi: a.hi };
      if (b.lo >= 0) return { lo: 0, hi: b.hi };
      if (within(a, I32) && within(b, I32)) return I32;
      return null;
    case 'ori':
    case 'xori':
      if (a.lo >= 0 && b.lo >= 0) return fit(w, 0, ones(Math.max(a.hi, b.hi)));
      if (within(a, I32) && within(b, I32)) return fit(w, I32.lo, I32.hi) ?? null;
      return null;
    case 'shli':
      if (b.lo === b.hi && b.lo >= 0 && b.lo < w) return fit(w, a.lo * 2 ** b.lo, a.hi * 2 ** b.lo);
      return null;
    case 'ceildivsi':
    case 'floordivsi':
    case 'ceildivui':
      return null;
  }
  return null;
}
