// MLIR's SparseConstantPropagation: a constant lattice per SSA value, computed
// by simulating each op's folder on its known constant operands (in-place
// folds are undone and give "unknown"). The dead code analysis reads it to
// prune branches.

import type { Attribute } from '../ir/attributes.js';
import type { Block, Operation, Value } from '../ir/operation.js';
import { isValue } from '../ir/matchers.js';
import { Traits, setFoldSimulation, type FoldResult } from '../ir/context.js';
import { foldCommutative, resetOperands } from '../transforms/fold.js';
import {
  ConstantValueLattice,
  DataFlowSolver,
  DeadCodeAnalysis,
  Executable,
  PredecessorState,
  SparseForwardDataFlowAnalysis,
  type ConstantValue,
} from './dataflow.js';

export class SparseConstantPropagation extends SparseForwardDataFlowAnalysis<ConstantValueLattice> {
  constructor(solver: DataFlowSolver) {
    super(solver, ConstantValueLattice);
  }

  protected visitOperationImpl(op: Operation, operands: readonly ConstantValueLattice[], results: readonly ConstantValueLattice[]): boolean {
    // A region op's fold is not guaranteed to be out of place: do not simulate it.
    if (op.regions.length) {
      this.setAllToEntryStates(results);
      return true;
    }
    const constants = [];
    for (const lattice of operands) {
      if (lattice.value === undefined) return true;
      constants.push(lattice.value.attr ?? undefined);
    }
    const folded = simulateFold(op, constants);
    if (!folded) {
      this.setAllToEntryStates(results);
      return true;
    }
    folded.forEach((f, i) => {
      const lattice = results[i];
      if (isValue(f)) this.join(lattice, this.getLatticeElement(f));
      else this.propagateIfChanged(lattice, lattice.joinValue({ attr: f, dialect: op.name.dialectName }));
    });
    return true;
  }

  protected setToEntryState(lattice: ConstantValueLattice): void {
    this.propagateIfChanged(lattice, lattice.joinValue(ConstantValueLattice.unknown));
  }
}

/** MLIR's loadBaselineAnalyses: the dead code analysis and the constant propagation it relies on. */
export function loadBaselineAnalyses(solver: DataFlowSolver): void {
  solver.load((s) => new DeadCodeAnalysis(s));
  solver.load((s) => new SparseConstantPropagation(s));
}

/** A known constant with the dialect of the op that produced it (its materializer). */
export type KnownConstant = ConstantValue & { readonly attr: Attribute };

/**
 * The baseline analyses solved on `top` (what sccp and remove-dead-values
 * ask): which blocks may execute, the call sites of callables, and the
 * constant every value holds. A worklist solver, so linear in the IR for
 * lattices of bounded height.
 */
export class ConstantPropagationSolver {
  readonly solver = new DataFlowSolver();
  constructor(readonly top: Operation) {
    loadBaselineAnalyses(this.solver);
  }
  /** Runs the analyses to their fixpoint; false if one failed. */
  run(): boolean {
    return this.solver.initializeAndRun(this.top);
  }
  /** The constant `v` holds, or undefined (not a constant, or never reached). */
  constant(v: Value): KnownConstant | undefined {
    const c = this.solver.lookupState(ConstantValueLattice, v)?.value;
    return c && c.attr !== null ? (c as KnownConstant) : undefined;
  }
  isLive(b: Block): boolean {
    return this.solver.lookupState(Executable, this.solver.pointBeforeBlock(b))?.live ?? false;
  }
  /** The known call sites of a callable and whether they are all known (undefined: none seen). */
  callSites(callable: Operation): { readonly allKnown: boolean; readonly ops: readonly Operation[] } | undefined {
    const s = this.solver.lookupState(PredecessorState, this.solver.pointAfter(callable));
    return s && { allKnown: s.allKnown, ops: s.knownPredecessors };
  }
}

/**
 * Operation::fold on assumed constant operands, undoing in-place folds; undefined when it does not fold out of place.
 * As MLIR's: the op's folder, then (when that fails or is in place) the
 * Commutative trait's, which re-links operand uses even when it changes
 * nothing; an in-place fold is undone with setOperands, which re-links every
 * operand (--mlir-print-value-users shows the use lists).
 */
export function simulateFold(op: Operation, constants: readonly (Attribute | undefined)[]): (Attribute | Value)[] | undefined {
  const def = op.name.def;
  if (!def) return undefined;
  const commutative = def.traits.has(Traits.Commutative);
  if (!def.fold && !commutative) return undefined;
  const operands = op.operands;
  const props = new Map(op.propertiesView);
  const attrs = new Map(op.attributesView);
  const previous = setFoldSimulation(true);
  let result: FoldResult | undefined;
  try {
    result = def.fold?.(op, constants);
  } finally {
    setFoldSimulation(previous);
  }
  let inPlace = result !== undefined && (result.length === 0 || (op.numResults === 1 && result[0] === op.result(0)));
  if (inPlace || result === undefined) {
    if (commutative && foldCommutative(op, constants)) inPlace = true;
    if (inPlace) {
      if (op.numOperands !== operands.length) op.setOperands(operands);
      else resetOperands(op, operands);
      op.properties = props;
      op.attributes = attrs;
    }
    return undefined;
  }
  if (result.length !== op.numResults) return undefined;
  return result as (Attribute | Value)[];
}
