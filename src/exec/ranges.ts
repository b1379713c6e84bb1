// The engines' view of the integer range and poison analyses
// (src/analysis/integer-range-analysis.ts, src/analysis/poison-analysis.ts),
// run on the dataflow framework for one function at a time.
//
// For every integer (and index) SSA value it answers the interval [lo, hi] of
// the *signed* values the value can take, when that interval lies within the
// safe integers and the value cannot be poison: a wide (> 32-bit) value with a
// range is a plain JS number in the engine's representation (never a BigInt
// or a poison marker), so the code generators emit plain number arithmetic
// without representation tests, overflow fallbacks or (when an index's range
// lies within a memref's static size) bounds checks. Values the analysis does
// not reach (dead code) have no range.
//
// Extensions to MLIR's analysis (see IntegerRangeExtensions): affine.apply,
// affine.min and affine.max get ranges (MLIR infers none), evaluated as
// lower-affine's arith expansion computes them, and a loop comparing unsigned
// whose bounds may be negative gives its induction variable no range (MLIR's
// signed range would be wrong there).

import { FloatType, FunctionType, IndexType, IntegerType } from '../ir/builtin-types.js';
import type { IntRanges } from '../ir/interfaces.js';
import { BlockArgument, OpResult, type Operation, type Value } from '../ir/operation.js';
import type { OpOf } from '../ods/index.js';
import type * as func from '../dialects/func/index.js';
import * as funcOps from '../dialects/func/index.js';
import * as scf from '../dialects/scf/index.js';
import { AffineBinaryExpr, AffineConstantExpr, AffineDimExpr, AffineKind, AffineSymbolExpr, type AffineExpr, type AffineMap } from '../ir/affine.js';
import { AffineApplyOp, AffineMaxOp, AffineMinOp } from '../dialects/affine/index.js';
import { DataFlowSolver } from '../analysis/dataflow.js';
import { loadBaselineAnalyses } from '../analysis/constant-propagation.js';
import { ConstantIntRanges, numSignBits } from '../analysis/int-range.js';
import { intBinaryOf } from './op-kinds.js';
import { IntegerRangeAnalysis, lookupIntegerRange, type IntegerRangeExtensions } from '../analysis/integer-range-analysis.js';
import { PoisonAnalysis, PoisonReason, poisonReasons, type PoisonReasons } from '../analysis/poison-analysis.js';

export interface Range {
  readonly lo: number;
  readonly hi: number;
}

const MAXS = Number.MAX_SAFE_INTEGER;

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


/** A range as safe-integer bounds (i1, stored as 0/1, by its unsigned view); undefined beyond the safe integers. */
function toRange(r: IntRanges): Range | undefined {
  const [lo, hi] = r.width === 1 ? [r.umin, r.umax] : [r.smin, r.smax];
  return lo >= -BigInt(MAXS) && hi <= BigInt(MAXS) ? { lo: Number(lo), hi: Number(hi) } : undefined;
}

function affineMapOf(op: Operation): AffineMap | undefined {
  return AffineApplyOp.isa(op) ? AffineApplyOp.map(op) : AffineMinOp.isa(op) ? AffineMinOp.map(op) : AffineMaxOp.isa(op) ? AffineMaxOp.map(op) : undefined;
}

const ENGINE_RANGES: IntegerRangeExtensions = {
  inferResultRanges(op, argRanges) {
    const map = affineMapOf(op);
    if (!map) return undefined;
    if (argRanges.some((r) => r === undefined)) return null;
    const rs = affineMapRanges(map, argRanges.map((r) => toRange(r!) ?? null));
    let r: Range | undefined;
    if (AffineApplyOp.isa(op)) r = rs[0];
    else if (!rs.some((x) => x === undefined)) {
      const lo = rs.map((x) => x!.lo);
      const hi = rs.map((x) => x!.hi);
      r = AffineMinOp.isa(op) ? { lo: Math.min(...lo), hi: Math.min(...hi) } : { lo: Math.max(...lo), hi: Math.max(...hi) };
    }
    return [r && ConstantIntRanges.fromSigned(BigInt(r.lo), BigInt(r.hi), 64)];
  },
  // MLIR bounds andi/ori/xori through their unsigned ranges, so operands that
  // may be negative give the full range; but a bitwise op keeps as many
  // leading sign bits as its operands share (xorshift and hash kernels mix
  // values sign-extended from 32 bits or fewer).
  refineResultRange(op, argRanges, inferred) {
    const bin = intBinaryOf(op);
    if (!bin || (bin.kind !== 'andi' && bin.kind !== 'ori' && bin.kind !== 'xori')) return inferred;
    const [a, b] = argRanges;
    const w = inferred.width;
    if (!a || !b || w < 2) return inferred;
    const signBits = Math.min(numSignBits(a.smin, w), numSignBits(a.smax, w), numSignBits(b.smin, w), numSignBits(b.smax, w));
    const half = 1n << BigInt(w - signBits);
    let r = ConstantIntRanges.of(inferred).intersection(ConstantIntRanges.fromSigned(-half, half - 1n, w));
    // x & y lies in [0, y] for a non-negative y (MLIR rounds up to the next 2^k - 1).
    if (bin.kind === 'andi') {
      const nonNeg = [a, b].filter((x) => x.smin >= 0n).map((x) => x.smax);
      if (nonNeg.length) r = r.intersection(ConstantIntRanges.fromSigned(0n, nonNeg.reduce((x, y) => (x < y ? x : y)), w));
    }
    return r;
  },
  signedLoopBounds(loop, lb, ub) {
    if (!scf.ForOp.isa(loop) || !scf.ForOp.unsignedCmp(loop)) return true;
    return lb !== undefined && ub !== undefined && lb.smin >= 0n && ub.smin >= 0n;
  },
};

/** lower-affine multiplies with nsw: an affine product whose range is not bounded may overflow. */
function affinePoison(op: Operation, rangeOf: (v: Value) => IntRanges | undefined): PoisonReasons {
  const map = affineMapOf(op);
  if (!map || !map.results.some(hasMul)) return PoisonReason.None;
  const r = rangeOf(op.result(0));
  return r !== undefined && toRange(r) === undefined ? PoisonReason.Overflow : PoisonReason.None;
}

export class RangeAnalysis {
  private readonly solver = new DataFlowSolver();
  /** False when an analysis failed: nothing is known. */
  private readonly ok: boolean;

  /** `entryOf`: the poison reasons of `fn`'s arguments and of its calls' results (ModulePoison's summary; default none). */
  constructor(
    readonly fn: OpOf<typeof func.FuncOp>,
    entryOf?: (v: Value) => PoisonReasons,
  ) {
    loadBaselineAnalyses(this.solver);
    this.solver.load((s) => new IntegerRangeAnalysis(s, ENGINE_RANGES));
    // Arguments and call results: see PoisonAnalysisOptions.entry.
    this.solver.load((s) => new PoisonAnalysis(s, { entry: PoisonReason.None, entryOf, extraReasons: affinePoison }));
    this.ok = this.solver.initializeAndRun(fn);
  }

  /** The range of `v`, if known (then a plain JS number, never poison). */
  get(v: Value): Range | undefined {
    if (!this.ok || !(v.type instanceof IntegerType || v.type instanceof IndexType)) return undefined;
    if (poisonReasons(this.solver, v) !== PoisonReason.None) return undefined;
    const r = lookupIntegerRange(this.solver, v);
    return r && toRange(r);
  }

  /** Whether `v` may be poison (for any reason). */
  mayBePoison(v: Value): boolean {
    return !this.ok || poisonReasons(this.solver, v) !== PoisonReason.None;
  }

  /**
   * Whether the engines may compute a poison marker for `v`: for every
   * reason, violated overflow flags included (both backends compute a marker
   * there, and a marker must be tracked wherever it can flow).
   */
  mayBePoisonMarker(v: Value): boolean {
    return this.mayBePoison(v);
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


/**
 * Poison across calls: which arguments and results of the module's
 * functions may be poison (a scalar a call passes or a return returns that
 * may be), by a fixpoint over the functions, each analysed alone (a
 * function is analysed again when what it receives or what its callees
 * return grows). Without poison crossing calls each function is analysed
 * once, as before. Both backends take their analyses from here: a poison
 * marker passed to a function or returned by one keeps being tracked. A
 * call_indirect calls every function of its type whose address a
 * func.constant takes.
 */
export class ModulePoison {
  /** Per function symbol: whether each argument (each result) may be poison. */
  readonly args = new Map<string, boolean[]>();
  readonly results = new Map<string, boolean[]>();
  private readonly analyses = new Map<Operation, RangeAnalysis>();
  /** The functions each call_indirect may call. */
  private readonly indirectTargets = new Map<Operation, string[]>();

  constructor(funcs: readonly OpOf<typeof func.FuncOp>[]) {
    const byName = new Map(funcs.map((f) => [funcOps.FuncOp.sym_name(f), f]));
    const callers = new Map<string, Set<OpOf<typeof func.FuncOp>>>();
    const calls = new Map<Operation, { op: Operation; callee: string; operands: Value[] }[]>();
    const returns = new Map<Operation, Operation[]>();
    const calledBy = (callee: string, f: OpOf<typeof func.FuncOp>): void => {
      if (!callers.has(callee)) callers.set(callee, new Set());
      callers.get(callee)!.add(f);
    };
    // The functions whose address is taken: what a call_indirect of their type may call.
    const taken = new Set<string>();
    for (const f of funcs)
      f.walk((op) => {
        if (funcOps.ConstantOp.isa(op) && byName.has(funcOps.ConstantOp.value(op))) taken.add(funcOps.ConstantOp.value(op));
      });
    for (const f of funcs) {
      const name = funcOps.FuncOp.sym_name(f);
      const ft = funcOps.FuncOp.function_type(f);
      this.args.set(name, ft.inputs.map(() => false));
      this.results.set(name, ft.results.map(() => false));
      const cs: { op: Operation; callee: string; operands: Value[] }[] = [];
      const rs: Operation[] = [];
      f.walk((op) => {
        if (funcOps.CallOp.isa(op) && byName.has(funcOps.CallOp.callee(op))) {
          const c = funcOps.CallOp.callee(op);
          cs.push({ op, callee: c, operands: funcOps.CallOp.operands(op) });
          calledBy(c, f);
        } else if (funcOps.CallIndirectOp.isa(op)) {
          const key = funcOps.CallIndirectOp.callee(op).type.key;
          const targets = [...taken].filter((t) => funcOps.FuncOp.function_type(byName.get(t)!).key === key);
          this.indirectTargets.set(op, targets);
          for (const t of targets) {
            cs.push({ op, callee: t, operands: funcOps.CallIndirectOp.callee_operands(op) });
            calledBy(t, f);
          }
        } else if (funcOps.ReturnOp.isa(op)) rs.push(op);
      });
      calls.set(f, cs);
      returns.set(f, rs);
    }
    const queue = [...funcs];
    const queued = new Set<Operation>(funcs);
    const enqueue = (f: OpOf<typeof func.FuncOp> | undefined): void => {
      if (f && !queued.has(f)) {
        queued.add(f);
        queue.push(f);
      }
    };
    while (queue.length) {
      const f = queue.shift()!;
      queued.delete(f);
      const name = funcOps.FuncOp.sym_name(f);
      const ra = new RangeAnalysis(f, (v) => this.entryOf(f, v));
      this.analyses.set(f, ra);
      const res = this.results.get(name)!;
      let grew = false;
      for (const r of returns.get(f)!)
        r.operands.forEach((x, i) => {
          if (i < res.length && !res[i] && scalar(x) && ra.mayBePoisonMarker(x)) grew = res[i] = true;
        });
      if (grew) for (const c of callers.get(name) ?? []) enqueue(c);
      for (const { callee, operands } of calls.get(f)!) {
        const args = this.args.get(callee)!;
        operands.forEach((x, i) => {
          if (i < args.length && !args[i] && scalar(x) && ra.mayBePoisonMarker(x)) {
            args[i] = true;
            enqueue(byName.get(callee));
          }
        });
      }
    }
  }

  /** The analysis of `fn` (with what crosses its calls). */
  rangesOf(fn: OpOf<typeof func.FuncOp>): RangeAnalysis {
    return this.analyses.get(fn) ?? new RangeAnalysis(fn);
  }

  /** Poison reasons of `fn`'s entry arguments and of its calls' results, from the summary. */
  private entryOf(fn: Operation, v: Value): PoisonReasons {
    if (v instanceof BlockArgument) {
      const f = fn as OpOf<typeof func.FuncOp>;
      if (v.owner !== funcOps.FuncOp.entryBlock(f)) return PoisonReason.None;
      return this.args.get(funcOps.FuncOp.sym_name(f))?.[v.index] ? PoisonReason.Produced : PoisonReason.None;
    }
    if (v instanceof OpResult && funcOps.CallOp.isa(v.owner)) return this.results.get(funcOps.CallOp.callee(v.owner))?.[v.index] ? PoisonReason.Produced : PoisonReason.None;
    if (!(v instanceof OpResult)) return PoisonReason.None;
    const i = v.index;
    return this.indirectTargets.get(v.owner)?.some((t) => this.results.get(t)?.[i]) ? PoisonReason.Produced : PoisonReason.None;
  }
}

/** Scalars and function values carry poison markers across calls (memrefs are checked where they are made). */
function scalar(v: Value): boolean {
  return v.type instanceof IntegerType || v.type instanceof IndexType || v.type instanceof FloatType || v.type instanceof FunctionType;
}
