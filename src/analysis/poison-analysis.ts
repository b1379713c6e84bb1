// Which values may be poison: a sparse forward analysis on the dataflow
// framework (MLIR has none; the execution backends and their range queries
// need one). A value may be poison because
//   - `Produced`: an op yields poison itself for some inputs — ub.poison, a
//     false pipeline mask, shifts by the width or more (unless the integer
//     range analysis bounds the amount), fptosi/fptoui — the backends compute
//     a poison marker there (the JavaScript backend's Poison object);
//   - `Overflow`: an op's nsw/nuw flags may be violated; the value may lie
//     outside the range MLIR's range inference derives from the flags (the
//     execution backends compute a poison marker there too).
// Other ops are poison where an operand is; reasons join by union. Load the
// IntegerRangeAnalysis into the same solver: shifts consult its ranges.

import type { Type } from '../ir/attributes.js';
import { ShapedType } from '../ir/builtin-types.js';
import { Traits } from '../ir/context.js';
import { Interfaces, getInterface, intRangeStorageWidth, type IntRanges, type LoopLikeInterface, type RegionSuccessor } from '../ir/interfaces.js';
import type { Operation, Value } from '../ir/operation.js';
import * as pipeline from '../dialects/pipeline/index.js';
import * as ub from '../dialects/ub/index.js';
import { castOf, intBinaryOf } from '../exec/op-kinds.js';
import { AbstractSparseLattice, SparseForwardDataFlowAnalysis, type DataFlowSolver, type ProgramPoint } from './dataflow.js';
import { IntegerValueRangeLattice } from './integer-range-analysis.js';

export const PoisonReason = { None: 0, Produced: 1, Overflow: 2 } as const;
/** A union of PoisonReason bits. */
export type PoisonReasons = number;

export class PoisonLattice extends AbstractSparseLattice {
  /** Undefined: not reached yet. */
  value: PoisonReasons | undefined;
  join(rhs: PoisonLattice): boolean {
    return this.joinValue(rhs.value);
  }
  joinValue(rhs: PoisonReasons | undefined): boolean {
    if (rhs === undefined) return false;
    const next = (this.value ?? 0) | rhs;
    if (next === this.value) return false;
    this.value = next;
    return true;
  }
}

export interface PoisonAnalysisOptions {
  /**
   * What values the analysis knows nothing about may be (arguments of the
   * top op's regions, results of calls it does not follow). Default: Produced.
   * The execution engines pass None: they run one function at a time, the
   * runner's arguments are never poison and a poison marker reaching a call
   * is the callee's responsibility (see src/exec/ranges.ts).
   */
  entry?: PoisonReasons;
  /**
   * Further reasons of such a value (a function's argument, a call's result)
   * known from outside the analysed op: the engines' summary of what calls
   * pass and return across the module (src/exec/ranges.ts's ModulePoison).
   */
  entryOf?: (v: Value) => PoisonReasons;
  /** Further reasons for `op`'s results (extensions for ops MLIR gives no semantics to here). */
  extraReasons?: (op: Operation, rangeOf: (v: Value) => IntRanges | undefined) => PoisonReasons;
}

function elementWidth(t: Type): number {
  return intRangeStorageWidth(t instanceof ShapedType ? t.elementType : t);
}

export class PoisonAnalysis extends SparseForwardDataFlowAnalysis<PoisonLattice> {
  private readonly entry: PoisonReasons;
  constructor(
    solver: DataFlowSolver,
    private readonly options: PoisonAnalysisOptions = {},
  ) {
    super(solver, PoisonLattice);
    this.entry = options.entry ?? PoisonReason.Produced;
  }

  protected setToEntryState(lattice: PoisonLattice): void {
    const extra = this.options.entryOf?.(lattice.anchor as Value) ?? PoisonReason.None;
    this.propagateIfChanged(lattice, lattice.joinValue(this.entry | extra));
  }

  protected visitOperationImpl(op: Operation, operands: readonly PoisonLattice[], results: readonly PoisonLattice[]): boolean {
    let reasons = 0;
    for (const l of operands) reasons |= l.value ?? 0;
    reasons |= this.producedBy(op);
    // An op with regions that is no region branch: what its regions yield may reach its results.
    if (op.regions.length) reasons |= this.yieldedReasons(op, this.pointAfter(op));
    for (const r of results) this.propagateIfChanged(r, r.joinValue(reasons));
    return true;
  }

  /** The reasons `op` itself adds (whatever its operands are). */
  private producedBy(op: Operation): PoisonReasons {
    let reasons = 0;
    if (ub.PoisonOp.isa(op) || pipeline.MaskOp.isa(op)) reasons |= PoisonReason.Produced;
    const bin = intBinaryOf(op);
    const cast = castOf(op);
    if ((bin ?? cast)?.overflowFlags(op)) reasons |= PoisonReason.Overflow;
    if (cast && (cast.kind === 'fptosi' || cast.kind === 'fptoui')) reasons |= PoisonReason.Produced;
    if (bin && (bin.kind === 'shli' || bin.kind === 'shrsi' || bin.kind === 'shrui')) {
      const amount = this.rangeOf(op, bin.rhs(op));
      // Not reached yet: decided when the range arrives (the lattice re-visits op).
      if (amount !== undefined && !(amount.umax < BigInt(elementWidth(bin.result(op).type)))) reasons |= PoisonReason.Produced;
    }
    if (this.options.extraReasons) reasons |= this.options.extraReasons(op, (v) => this.rangeOf(op, v));
    return reasons;
  }

  /**
   * The union of the reasons of the terminators' operands in `op`'s regions
   * (and in their terminators' regions: scf.reduce's reductions, whose
   * results are scf.parallel's), re-visiting `point` when they change.
   */
  private yieldedReasons(op: Operation, point: ProgramPoint): PoisonReasons {
    let reasons = 0;
    const ops = [op];
    while (ops.length)
      for (const region of ops.pop()!.regions)
        for (const block of region.blocks) {
          const t = block.last;
          if (!t || !t.hasTrait(Traits.IsTerminator)) continue;
          for (const v of t.operands) reasons |= this.getLatticeElementFor(point, v).value ?? 0;
          if (t.regions.length) ops.push(t);
        }
    return reasons;
  }

  /** The integer range of `v`, re-visiting `op` when it changes. */
  private rangeOf(op: Operation, v: Value): IntRanges | undefined {
    const state = this.solver.getOrCreateState(IntegerValueRangeLattice, v);
    this.addDependency(state, this.pointAfter(op));
    return state.value;
  }

  /**
   * Values control flow does not forward: an induction variable is never
   * poison (the backends check loop bounds, and a poison bound is undefined
   * behaviour, as branching on poison is); other region arguments and results
   * (scf.parallel's reductions, ops that are no region branch) may be poison
   * where the op's operands or its regions' terminators' operands are.
   */
  protected override visitNonControlFlowArguments(op: Operation, successor: RegionSuccessor, argLattices: readonly PoisonLattice[], firstIndex: number): void {
    const targets = [...argLattices.slice(0, firstIndex), ...argLattices.slice(firstIndex + successor.inputs.length)];
    if (!targets.length) return;
    const ivs = new Set<Value>(getInterface<LoopLikeInterface>(op, Interfaces.LoopLike)?.getInductionVars(op) ?? []);
    const point = successor.region === 'parent' ? this.pointAfter(op) : this.pointBeforeBlock(successor.region.entry);
    let reasons = this.yieldedReasons(op, point);
    for (const v of op.operands) reasons |= this.getLatticeElementFor(point, v).value ?? 0;
    // A terminator's regions (scf.reduce's) also see what its parent op starts from (scf.parallel's inits).
    const parent = op.hasTrait(Traits.IsTerminator) ? op.parentOp : null;
    if (parent) for (const v of parent.operands) reasons |= this.getLatticeElementFor(point, v).value ?? 0;
    for (const l of targets) {
      const v = l.anchor as Value;
      this.propagateIfChanged(l, l.joinValue(ivs.has(v) ? PoisonReason.None : reasons));
    }
  }
}

/** The reasons `value` may be poison for (None if not reached). */
export function poisonReasons(solver: DataFlowSolver, value: Value): PoisonReasons {
  return solver.lookupState(PoisonLattice, value)?.value ?? PoisonReason.None;
}

/** Whether `value` may be poison. */
export function mayBePoison(solver: DataFlowSolver, value: Value): boolean {
  return poisonReasons(solver, value) !== PoisonReason.None;
}
