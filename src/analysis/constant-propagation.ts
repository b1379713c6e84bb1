// MLIR's SparseConstantPropagation: a constant lattice per SSA value, computed
// by simulating each op's folder on its known constant operands (in-place
// folds are undone and give "unknown"). The dead code analysis reads it to
// prune branches.

import type { Operation } from '../ir/operation.js';
import { isValue } from '../ir/matchers.js';
import { simulateFold } from '../transforms/sccp.js';
import { ConstantValueLattice, DeadCodeAnalysis, SparseForwardDataFlowAnalysis, type DataFlowSolver } from './dataflow.js';

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
