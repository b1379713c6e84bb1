// sccp: sparse conditional constant propagation. A dataflow solver computes,
// together, which blocks and CFG edges can execute (dead code analysis over
// branches, region control flow and the call graph) and a constant lattice
// for every SSA value (folding ops on their known constant operands); values
// found constant are then replaced by materialized constants and ops whose
// results all were replaced are erased.
//
// The solver is MLIR's dataflow framework (a worklist of program points and
// analyses) with the dead code analysis and the sparse constant propagation
// loaded, as MLIR's SCCP pass runs it.

import type { Attribute, Type } from '../ir/attributes.js';
import { Builder } from '../ir/builder.js';
import type { Context } from '../ir/context.js';
import { UnknownLoc } from '../ir/location.js';
import type { Block, Operation, Region, Value } from '../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { insertionRegion } from './fold.js';
import { wouldOpBeTriviallyDead } from '../ir/side-effects.js';
import { ConstantPropagationSolver } from '../analysis/constant-propagation.js';

/** Creates and uniques constants at the start of their insertion region (MLIR's OperationFolder::getOrCreateConstant). */
export class ConstantMaterializer {
  private readonly scopes = new Map<Region, Map<string, Operation>>();
  private readonly builder: Builder;
  constructor(readonly ctx: Context) {
    this.builder = new Builder(ctx);
  }
  getOrCreate(block: Block, dialectName: string, value: Attribute, type: Type): Value | undefined {
    const region = insertionRegion(block);
    let scope = this.scopes.get(region);
    if (!scope) this.scopes.set(region, (scope = new Map()));
    const key = (d: string): string => `${d}\u0000${value.key}\u0000${type.key}`;
    const existing = scope.get(key(dialectName));
    if (existing) return existing.result(0);
    const dialect = this.ctx.getDialect(dialectName);
    if (!dialect?.materializeConstant) return undefined;
    this.builder.setInsertionPointToStart(region.entry);
    const op = dialect.materializeConstant(this.builder, value, type, UnknownLoc.get());
    if (!op) return undefined;
    const created = op.name.dialectName;
    if (created === dialectName) {
      scope.set(key(dialectName), op);
      return op.result(0);
    }
    const other = scope.get(key(created));
    if (other) {
      op.erase();
      scope.set(key(dialectName), other);
      return other.result(0);
    }
    scope.set(key(dialectName), op);
    scope.set(key(created), op);
    return op.result(0);
  }
}

/** Replaces values the solver found constant, erasing ops left dead (MLIR's SCCP rewrite). */
export function rewriteWithConstants(ctx: Context, solver: ConstantPropagationSolver, regions: readonly Region[]): void {
  const folder = new ConstantMaterializer(ctx);
  const worklist: Block[] = [];
  const addRegions = (rs: readonly Region[]): void => {
    for (const r of rs) for (let i = r.blocks.length - 1; i >= 0; i--) worklist.push(r.blocks[i]);
  };
  const replace = (block: Block, v: Value): boolean => {
    const cv = solver.constant(v);
    if (!cv) return false;
    const c = folder.getOrCreate(block, cv.dialect, cv.attr, v.type);
    if (!c) return false;
    v.replaceAllUsesWith(c);
    return true;
  };
  addRegions(regions);
  while (worklist.length) {
    const block = worklist.pop()!;
    for (let op = block.first; op; ) {
      const next = op.next;
      let replacedAll = op.numResults !== 0;
      for (const r of op.results) replacedAll = replace(block, r) && replacedAll;
      if (replacedAll && wouldOpBeTriviallyDead(op)) {
        op.erase();
        op = next;
        continue;
      }
      addRegions(op.regions);
      op = next;
    }
    for (const a of block.args) replace(block, a);
  }
}

export const SCCPInfo: PassInfo = {
  argument: 'sccp',
  name: 'SCCP',
  description: 'Sparse Conditional Constant Propagation',
  create: () => new SCCP(),
};

class SCCP extends Pass {
  constructor() {
    super(SCCPInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const solver = new ConstantPropagationSolver(op);
    if (!solver.run()) return run.signalPassFailure();
    rewriteWithConstants(run.ctx, solver, op.regions);
  }
}
