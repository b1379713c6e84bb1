// MLIR's IntegerRangeAnalysis (as in MLIR 22): a sparse forward analysis
// giving every integer (or index, or vector of them) value the range of
// values it may take, through the ops' InferIntRangeInterface. Ops without it
// give unknown (full) ranges; loop induction variables get their range from
// the loop bounds; a result used by a terminator whose range grows after it
// was first set is widened to the full range, so loops converge.

import type { Attribute } from '../ir/attributes.js';
import { IntegerAttr } from '../ir/builtin-attributes.js';
import { ShapedType } from '../ir/builtin-types.js';
import { Traits } from '../ir/context.js';
import {
  Interfaces,
  getInterface,
  inferResultRangesFromOptional,
  intRangeStorageWidth,
  maxIntRanges,
  type InferIntRangeInterface,
  type IntRanges,
  type LoopLikeInterface,
  type RegionSuccessor,
} from '../ir/interfaces.js';
import { isValue } from '../ir/matchers.js';
import { BlockArgument, OpResult, type Block, type Operation, type Value } from '../ir/operation.js';
import { AbstractSparseLattice, ConstantValueLattice, SparseForwardDataFlowAnalysis, type DataFlowSolver } from './dataflow.js';
import { ConstantIntRanges, joinRanges, sameRanges, toSigned } from './int-range.js';

export class IntegerValueRangeLattice extends AbstractSparseLattice {
  /** Undefined: uninitialized (MLIR's empty IntegerValueRange). */
  value: IntRanges | undefined;
  join(rhs: IntegerValueRangeLattice): boolean {
    return this.joinValue(rhs.value);
  }
  joinValue(rhs: IntRanges | undefined): boolean {
    const next = joinRanges(this.value, rhs);
    if (sameRanges(next, this.value)) return false;
    this.value = next;
    return true;
  }
  /**
   * As MLIR 22 does, a range that is a single value also sets the constant
   * lattice of the value (the dead code analysis then prunes on it), and any
   * other range sets it to unknown.
   */
  override onUpdate(solver: DataFlowSolver): void {
    super.onUpdate(solver);
    const value = this.anchor as Value;
    const constant = this.value === undefined ? undefined : ConstantIntRanges.of(this.value).getConstantValue();
    const cv = solver.getOrCreateState(ConstantValueLattice, value);
    if (constant === undefined || value.type instanceof ShapedType) {
      solver.propagateIfChanged(cv, cv.joinValue(ConstantValueLattice.unknown));
      return;
    }
    const owner = value instanceof OpResult ? value.owner : (value as BlockArgument).owner.parent?.parentOp;
    const dialect = owner?.name.dialectName ?? '';
    solver.propagateIfChanged(cv, cv.joinValue({ attr: IntegerAttr.get(value.type, constant), dialect }));
  }
}

function inferIntRangeOf(op: Operation): InferIntRangeInterface | undefined {
  return getInterface<InferIntRangeInterface>(op, Interfaces.InferIntRange);
}

/** Whether a terminator uses `v` (it is yielded out of a loop body, say). */
function isYielded(v: Value): boolean {
  for (let u = v.firstUse; u; u = u.nextUse) if (u.owner.hasTrait(Traits.IsTerminator)) return true;
  return false;
}

type Bound = Value | Attribute;

/**
 * Additions to MLIR's analysis for the execution engines (never used by
 * int-range-optimizations, whose output must match mlir-opt's).
 */
export interface IntegerRangeExtensions {
  /**
   * Result ranges of an op without InferIntRange (an undefined entry: MLIR's
   * unknown range), from its operands' ranges (undefined: not reached yet).
   * Undefined: the op is not extended; null: wait for the operands.
   */
  inferResultRanges?(op: Operation, argRanges: readonly (IntRanges | undefined)[]): (IntRanges | undefined)[] | null | undefined;
  /** A narrower (still sound) range than MLIR infers for `op`'s result. */
  refineResultRange?(op: Operation, argRanges: readonly (IntRanges | undefined)[], inferred: IntRanges): IntRanges;
  /**
   * Whether an induction variable's range may be derived from its loop's
   * bounds as MLIR does (signed): false for a loop comparing unsigned whose
   * bounds may be negative, where MLIR's range is wrong.
   */
  signedLoopBounds?(loop: Operation, lowerBound: IntRanges | undefined, upperBound: IntRanges | undefined): boolean;
}

export class IntegerRangeAnalysis extends SparseForwardDataFlowAnalysis<IntegerValueRangeLattice> {
  constructor(
    solver: DataFlowSolver,
    private readonly extensions: IntegerRangeExtensions = {},
  ) {
    super(solver, IntegerValueRangeLattice);
  }

  protected setToEntryState(lattice: IntegerValueRangeLattice): void {
    this.propagateIfChanged(lattice, lattice.joinValue(maxIntRanges((lattice.anchor as Value).type)));
  }

  /** Joins `range` into `lattice`, widening a yielded value whose range changes again to the full range. */
  private joinWidening(lattice: IntegerValueRangeLattice, v: Value, range: IntRanges | undefined): void {
    const oldRange = lattice.value;
    let changed = lattice.joinValue(range);
    if (isYielded(v) && oldRange !== undefined && !sameRanges(lattice.value, oldRange)) changed = lattice.joinValue(maxIntRanges(v.type)) || changed;
    this.propagateIfChanged(lattice, changed);
  }

  protected visitOperationImpl(op: Operation, operands: readonly IntegerValueRangeLattice[], results: readonly IntegerValueRangeLattice[]): boolean {
    const inferrable = inferIntRangeOf(op);
    if (!inferrable) {
      const extra = this.extensions.inferResultRanges?.(op, operands.map((l) => l.value));
      if (extra === null) return true;
      if (extra) results.forEach((l, i) => this.joinWidening(l, l.anchor as Value, extra[i] ?? maxIntRanges((l.anchor as Value).type)));
      else this.setAllToEntryStates(results);
      return true;
    }
    const argRanges = operands.map((l) => l.value);
    const refine = this.extensions.refineResultRange;
    inferResultRangesFromOptional(op, inferrable, argRanges, (v, range) => {
      if (!(v instanceof OpResult) || v.owner !== op) return;
      this.joinWidening(results[v.index], v, refine && range ? refine(op, argRanges, range) : range);
    });
    return true;
  }

  protected override visitNonControlFlowArguments(op: Operation, successor: RegionSuccessor, argLattices: readonly IntegerValueRangeLattice[], firstIndex: number): void {
    const inferrable = inferIntRangeOf(op);
    if (inferrable) {
      const point = this.pointAfter(op);
      const argRanges = op.operands.map((v) => this.getLatticeElementFor(point, v).value);
      inferResultRangesFromOptional(op, inferrable, argRanges, (v, range) => {
        if (!(v instanceof BlockArgument) || successor.region === 'parent') return;
        if (successor.region.empty || v.owner !== successor.region.entry) return;
        this.joinWidening(argLattices[v.index], v, range);
      });
      return;
    }
    const loop = getInterface<LoopLikeInterface>(op, Interfaces.LoopLike);
    // MLIR 22 leaves a loop's results that control flow does not forward (the
    // reductions of scf.parallel) uninitialized, so joins ignore them and
    // their users get ranges that are wrong; they are unknown here.
    if (loop && successor.region === 'parent') return super.visitNonControlFlowArguments(op, successor, argLattices, firstIndex);
    if (loop) {
      const ivs = loop.getInductionVars(op);
      if (!ivs) return super.visitNonControlFlowArguments(op, successor, argLattices, firstIndex);
      const lowerBounds = loop.getLoopLowerBounds?.(op) ?? loop.getLowerBounds(op) ?? [];
      const upperBounds = loop.getLoopUpperBounds?.(op) ?? loop.getUpperBounds(op) ?? [];
      const steps = loop.getLoopSteps?.(op) ?? loop.getSteps(op) ?? [];
      ivs.forEach((iv, i) => {
        const block = (iv as BlockArgument).owner;
        if (this.extensions.signedLoopBounds) {
          const range = (b: Bound | undefined): IntRanges | undefined => (b !== undefined && isValue(b) ? this.getLatticeElementFor(this.pointBeforeBlock(block), b).value : undefined);
          if (!this.extensions.signedLoopBounds(op, range(lowerBounds[i]), range(upperBounds[i]))) {
            const ivEntry = this.getLatticeElement(iv);
            this.propagateIfChanged(ivEntry, ivEntry.joinValue(maxIntRanges(iv.type)));
            return;
          }
        }
        const width = intRangeStorageWidth(iv.type);
        let min = this.loopBound(lowerBounds[i], width, block, false);
        let max = this.loopBound(upperBounds[i], width, block, true);
        // A step that is not known is assumed positive.
        const stepVal = this.loopBound(steps[i], width, block, true);
        if (stepVal < 0n) [min, max] = [max, min];
        // Loops do not include their upper bound.
        else max = toSigned(max - 1n, width);
        // Bounds in the wrong order give no range.
        if (max >= min) {
          const ivEntry = this.getLatticeElement(iv);
          this.propagateIfChanged(ivEntry, ivEntry.joinValue(ConstantIntRanges.fromSigned(min, max, width)));
        }
      });
      return;
    }
    super.visitNonControlFlowArguments(op, successor, argLattices, firstIndex);
  }

  /** A loop bound as a signed number: a constant's value, a value's signed min (or max), else the extreme of the type. */
  private loopBound(bound: Bound | undefined, width: number, block: Block, getUpper: boolean): bigint {
    if (bound !== undefined && !isValue(bound)) {
      if (bound instanceof IntegerAttr) return toSigned(bound.value, width);
    } else if (bound !== undefined) {
      const lattice = this.getLatticeElementFor(this.pointBeforeBlock(block), bound);
      if (lattice.value !== undefined) return getUpper ? lattice.value.smax : lattice.value.smin;
    }
    const half = 1n << BigInt(width - 1);
    return getUpper ? half - 1n : -half;
  }
}

/** The range found for `value`, if the analysis reached it. */
export function lookupIntegerRange(solver: DataFlowSolver, value: Value): IntRanges | undefined {
  return solver.lookupState(IntegerValueRangeLattice, value)?.value;
}
