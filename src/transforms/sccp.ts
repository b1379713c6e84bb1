// sccp: sparse conditional constant propagation. A dataflow solver computes,
// together, which blocks and CFG edges can execute (dead code analysis over
// branches, region control flow and the call graph) and a constant lattice
// for every SSA value (folding ops on their known constant operands); values
// found constant are then replaced by materialized constants and ops whose
// results all were replaced are erased.
//
// The solver iterates the monotone transfer functions to their fixpoint by
// sweeping the live IR in order until nothing changes, which reaches the
// same least fixpoint as a worklist would.

import type { Attribute } from '../ir/attributes.js';
import { Builder } from '../ir/builder.js';
import { Traits, type Context } from '../ir/context.js';
import {
  Interfaces,
  getInterface,
  type BranchInterface,
  type BreakingExitInterface,
  type RegionBranchInterface,
  type RegionBranchTerminatorInterface,
  type RegionSuccessor,
} from '../ir/interfaces.js';
import { UnknownLoc } from '../ir/location.js';
import { Block, OpResult, type Operation, type Region, type Value } from '../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { callableInterface, callInterface, getSymbolUses, isSymbol, lookupSymbolInTable, resolveCallable, SymbolScopes, symbolVisibility, walkSymbolTables } from './call-utils.js';
import { insertionRegion } from './fold.js';
import { wouldOpBeTriviallyDead } from '../ir/side-effects.js';
import { isValue } from '../ir/matchers.js';

/** A known constant (with the dialect of the op that produced it), or null for "not a constant". Absent: not yet known. */
export type ConstantLattice = { attr: Attribute; dialect: string } | null;

/** Which ops may transfer control to a program point (before a block, or after an op). */
class PredecessorState {
  allKnown = true;
  readonly ops: Operation[] = [];
  readonly inputs = new Map<Operation, readonly Value[]>();
}

type Point = Operation | Block;

/** An early exit (scf.break) and the op whose results it provides. */
function breakingExitOf(op: Operation): { iface: BreakingExitInterface; target: Operation } | undefined {
  const iface = getInterface<BreakingExitInterface>(op, Interfaces.BreakingExit);
  const target = iface?.getTarget(op);
  return iface && target ? { iface, target } : undefined;
}

function sameAttr(a: Attribute, b: Attribute): boolean {
  return a === b || a.key === b.key;
}

export class ConstantPropagationSolver {
  /** Nearest symbol tables, remembered while the IR is analysed (calls resolve in O(1) at any depth). */
  private readonly symbolScopes = new SymbolScopes();
  readonly lattice = new Map<Value, ConstantLattice>();
  readonly liveBlocks = new Set<Block>();
  private readonly liveEdges = new Map<Block, Set<Block>>();
  private readonly preds = new Map<Point, PredecessorState>();
  private changed = false;

  constructor(readonly top: Operation) {}

  // ---- state updates

  private predState(p: Point): PredecessorState {
    let s = this.preds.get(p);
    if (!s) this.preds.set(p, (s = new PredecessorState()));
    return s;
  }
  private predJoin(p: Point, op: Operation, inputs: readonly Value[] = []): void {
    const s = this.predState(p);
    if (!s.ops.includes(op)) {
      s.ops.push(op);
      s.inputs.set(op, inputs);
      this.changed = true;
    }
  }
  private predUnknown(p: Point): void {
    const s = this.predState(p);
    if (s.allKnown) {
      s.allKnown = false;
      this.changed = true;
    }
  }
  private markLive(b: Block): void {
    if (!this.liveBlocks.has(b)) {
      this.liveBlocks.add(b);
      this.changed = true;
    }
  }
  private markEdgeLive(from: Block, to: Block): void {
    this.markLive(to);
    let s = this.liveEdges.get(from);
    if (!s) this.liveEdges.set(from, (s = new Set()));
    if (!s.has(to)) {
      s.add(to);
      this.changed = true;
    }
  }
  private markEntryBlocksLive(op: Operation): void {
    for (const r of op.regions) if (!r.empty) this.markLive(r.entry);
  }
  isLive(b: Block): boolean {
    return this.liveBlocks.has(b);
  }
  /** The known call sites of a callable and whether they are all known (undefined: none seen). */
  callSites(callable: Operation): { readonly allKnown: boolean; readonly ops: readonly Operation[] } | undefined {
    return this.preds.get(callable);
  }

  private join(v: Value, incoming: ConstantLattice | undefined): void {
    if (incoming === undefined) return;
    if (!this.lattice.has(v)) {
      this.lattice.set(v, incoming);
      this.changed = true;
      return;
    }
    const cur = this.lattice.get(v)!;
    if (cur === null) return;
    if (incoming !== null && sameAttr(cur.attr, incoming.attr)) return;
    this.lattice.set(v, null);
    this.changed = true;
  }
  private joinValue(v: Value, from: Value): void {
    this.join(v, this.lattice.get(from));
  }
  private setUnknown(values: readonly Value[]): void {
    for (const v of values) this.join(v, null);
  }

  /** The constant operands of `op`, or undefined while some operand is not yet known. */
  private operandValues(op: Operation): (Attribute | undefined)[] | undefined {
    const out: (Attribute | undefined)[] = [];
    for (const o of op.operandList) {
      if (!this.lattice.has(o.value)) return undefined;
      out.push(this.lattice.get(o.value)?.attr ?? undefined);
    }
    return out;
  }

  // ---- driver

  run(): void {
    for (const r of this.top.regions) {
      if (r.empty) continue;
      this.markLive(r.entry);
      this.setUnknown(r.entry.args);
    }
    this.initializeSymbolCallables();
    do {
      this.changed = false;
      this.visitOp(this.top);
    } while (this.changed);
  }

  private initializeSymbolCallables(): void {
    const top = this.top;
    walkSymbolTables(top, !top.parentBlock, (table, allUsesVisible) => {
      // A symbol table has one region with one block (the SymbolTable trait).
      const regions = table.regions.filter((r) => !r.empty);
      if (!regions.length) return;
      let found = false;
      for (const region of regions)
        for (let op = region.entry.first; op; op = op.next) {
          const ci = callableInterface(op);
          if (!ci || !ci.getCallableRegion(op) || !isSymbol(op)) continue;
          const vis = symbolVisibility(op);
          if (vis === 'public' || (!allUsesVisible && vis === 'nested')) this.predUnknown(op);
          found = true;
        }
      if (!found) return;
      const uses = getSymbolUses(regions);
      if (!uses) {
        top.walk((o) => {
          if (callableInterface(o)) this.predUnknown(o);
        });
        return;
      }
      for (const use of uses) {
        if (callInterface(use.user)) continue;
        const sym = lookupSymbolInTable(top, use.ref);
        if (sym) this.predUnknown(sym);
      }
    });
  }

  private visitOp(op: Operation): void {
    const blk = op.parentBlock;
    if (blk && op !== this.top && !this.liveBlocks.has(blk)) return;
    if (op !== this.top || !blk) this.visitControlFlow(op);
    if (op !== this.top) this.visitResults(op);
    for (const region of op.regions)
      for (const block of region.blocks) {
        if (!this.liveBlocks.has(block)) continue;
        this.visitBlockArguments(block);
        for (let o = block.first; o; o = o.next) this.visitOp(o);
      }
  }

  // ---- dead code analysis

  private visitControlFlow(op: Operation): void {
    if (callInterface(op)) this.visitCall(op);
    if (op.regions.length) {
      const branch = getInterface<RegionBranchInterface>(op, Interfaces.RegionBranch);
      const callable = callableInterface(op);
      if (branch) this.visitRegionBranch(op, branch);
      else if (callable) {
        const cs = this.predState(op);
        if (!cs.allKnown || cs.ops.length) this.markEntryBlocksLive(op);
      } else this.markEntryBlocksLive(op);
    }
    // An early exit (scf.break, newer than MLIR 22) reaches the point after the op it leaves, not its parent.
    const exit = breakingExitOf(op);
    if (exit) {
      if (this.operandValues(op)) this.predJoin(exit.target, op, exit.target.results);
    } else if (isRegionOrCallableReturn(op)) {
      const parent = op.parentOp!;
      const branch = getInterface<RegionBranchInterface>(parent, Interfaces.RegionBranch);
      if (branch) this.visitRegionTerminator(op, parent, branch);
      else if (callableInterface(parent)) this.visitCallableTerminator(op, parent);
    }
    if (op.numSuccessors) {
      const br = getInterface<BranchInterface>(op, Interfaces.Branch);
      const block = op.parentBlock!;
      if (br) {
        const operands = this.operandValues(op);
        if (!operands) return;
        const succ = br.getSuccessorForOperands?.(op, operands);
        if (succ) this.markEdgeLive(block, succ);
        else for (const s of op.successors) this.markEdgeLive(block, s);
      } else for (const s of op.successors) this.markEdgeLive(block, s);
    }
  }

  private isExternalCallable(op: Operation): boolean {
    if (!this.top.isAncestorOf(op)) return true;
    const ci = callableInterface(op);
    return ci ? !ci.getCallableRegion(op) : false;
  }

  private visitCall(call: Operation): void {
    const callable = resolveCallable(call, this.symbolScopes);
    if (callable && isSymbol(callable) && !this.isExternalCallable(callable)) this.predJoin(callable, call);
    else this.predUnknown(call);
  }

  private visitRegionBranch(op: Operation, branch: RegionBranchInterface): void {
    const operands = this.operandValues(op);
    if (!operands) return;
    for (const s of branch.getSuccessorRegions(op, 'parent', operands)) {
      if (s.region === 'parent') this.predJoin(op, op, s.inputs);
      else {
        if (s.region.empty) continue;
        this.markLive(s.region.entry);
        this.predJoin(s.region.entry, op, s.inputs);
      }
    }
  }

  private visitRegionTerminator(op: Operation, parent: Operation, branch: RegionBranchInterface): void {
    const operands = this.operandValues(op);
    if (!operands) return;
    const term = getInterface<RegionBranchTerminatorInterface>(op, Interfaces.RegionBranchTerminator);
    const succs = term?.getSuccessorRegions ? term.getSuccessorRegions(op, operands) : branch.getSuccessorRegions(parent, op.parentRegion!.index, operands);
    for (const s of succs) {
      if (s.region === 'parent') this.predJoin(parent, op, s.inputs);
      else {
        if (s.region.empty) continue;
        this.markLive(s.region.entry);
        this.predJoin(s.region.entry, op, s.inputs);
      }
    }
  }

  private visitCallableTerminator(op: Operation, callable: Operation): void {
    const cs = this.predState(callable);
    const canResolve = op.hasTrait(Traits.ReturnLike);
    for (const call of cs.ops) {
      if (canResolve) this.predJoin(call, op);
      else this.predUnknown(call);
    }
  }

  // ---- constant propagation

  private visitResults(op: Operation): void {
    if (!op.numResults) return;
    const branch = getInterface<RegionBranchInterface>(op, Interfaces.RegionBranch);
    if (branch) {
      this.visitRegionSuccessors(op, op, branch, op.results);
      return;
    }
    if (callInterface(op)) {
      const callable = resolveCallable(op, this.symbolScopes);
      const ci = callable && callableInterface(callable);
      if (ci && !ci.getCallableRegion(callable)) return this.setUnknown(op.results);
      const p = this.preds.get(op);
      if (p && !p.allKnown) return this.setUnknown(op.results);
      for (const ret of p?.ops ?? []) op.results.forEach((r, i) => i < ret.numOperands && this.joinValue(r, ret.operand(i)));
      return;
    }
    if (op.regions.length) return this.setUnknown(op.results);
    const constants = this.operandValues(op);
    if (!constants) return;
    const folded = simulateFold(op, constants);
    if (!folded) return this.setUnknown(op.results);
    folded.forEach((f, i) => {
      if (isValue(f)) this.joinValue(op.result(i), f);
      else this.join(op.result(i), { attr: f, dialect: op.name.dialectName });
    });
  }

  private visitBlockArguments(block: Block): void {
    if (!block.args.length) return;
    const region = block.parent!;
    const parent = region.parentOp;
    if (block.isEntryBlock) {
      if (!parent) return this.setUnknown(block.args);
      const ci = callableInterface(parent);
      if (ci && ci.getCallableRegion(parent) === region) {
        const cs = this.predState(parent);
        if (!cs.allKnown) return this.setUnknown(block.args);
        for (const call of cs.ops) {
          const args = callInterface(call)!.getArgOperands(call);
          block.args.forEach((a, i) => i < args.length && this.joinValue(a, args[i]));
        }
        return;
      }
      const branch = getInterface<RegionBranchInterface>(parent, Interfaces.RegionBranch);
      if (branch) return this.visitRegionSuccessors(block, parent, branch, block.args);
      return this.setUnknown(block.args);
    }
    for (let u = block.firstUse; u; u = u.nextUse) {
      const term = u.owner;
      const pred = term.parentBlock;
      if (!pred || !this.liveEdges.get(pred)?.has(block)) continue;
      const br = getInterface<BranchInterface>(term, Interfaces.Branch);
      if (!br) return this.setUnknown(block.args);
      const operands = br.getSuccessorOperands(term, u.index);
      const produced = br.getProducedOperandCount?.(term, u.index) ?? 0;
      block.args.forEach((a, i) => {
        if (i >= produced && i - produced < operands.length) this.joinValue(a, operands[i - produced]);
        else this.setUnknown([a]);
      });
    }
  }

  private visitRegionSuccessors(point: Point, branch: Operation, iface: RegionBranchInterface, lattices: readonly Value[]): void {
    const p = this.preds.get(point);
    if (!p) return;
    const successor: RegionSuccessor = point instanceof Block ? { region: point.parent!, inputs: point.args } : { region: 'parent', inputs: branch.results };
    for (const pred of p.ops) {
      let operands: Value[] | undefined;
      if (pred === branch) operands = iface.getEntrySuccessorOperands(branch, successor);
      else {
        const exit = breakingExitOf(pred);
        if (exit) operands = exit.target === branch ? exit.iface.getExitOperands(pred) : undefined;
        else operands = getInterface<RegionBranchTerminatorInterface>(pred, Interfaces.RegionBranchTerminator)?.getSuccessorOperands(pred, successor);
      }
      if (!operands) return this.setUnknown(lattices);
      const inputs = p.inputs.get(pred) ?? [];
      let first = 0;
      if (inputs.length !== lattices.length) {
        if (inputs.length) {
          const i0 = inputs[0];
          first = i0 instanceof OpResult ? i0.index : (i0 as unknown as { index: number }).index;
        }
        this.setUnknown(lattices.slice(0, first));
        this.setUnknown(lattices.slice(first + inputs.length));
      }
      for (let k = 0; k < operands.length && first + k < lattices.length; k++) this.joinValue(lattices[first + k], operands[k]);
    }
  }
}

function isRegionOrCallableReturn(op: Operation): boolean {
  const block = op.parentBlock;
  if (!block || op.numSuccessors || block.last !== op) return false;
  if (!op.hasTrait(Traits.IsTerminator) && op.isRegistered) return false;
  const parent = op.parentOp;
  return !!parent && (!!getInterface(parent, Interfaces.RegionBranch) || !!callableInterface(parent));
}

/** Operation::fold on assumed constant operands, undoing in-place folds; undefined when it does not fold out of place. */
export function simulateFold(op: Operation, constants: readonly (Attribute | undefined)[]): (Attribute | Value)[] | undefined {
  const def = op.name.def;
  if (!def?.fold) return undefined;
  const operands = op.operands;
  const props = new Map(op.propertiesView);
  const attrs = new Map(op.attributesView);
  const result = def.fold(op, constants);
  const inPlace = result !== undefined && (result.length === 0 || (op.numResults === 1 && result[0] === op.result(0)));
  if (inPlace || result === undefined) {
    if (op.operands.some((v, i) => v !== operands[i]) || op.numOperands !== operands.length) op.setOperands(operands);
    op.properties = props;
    op.attributes = attrs;
    return undefined;
  }
  if (result.length !== op.numResults) return undefined;
  return result as (Attribute | Value)[];
}

/** Creates and uniques constants at the start of their insertion region (MLIR's OperationFolder::getOrCreateConstant). */
export class ConstantMaterializer {
  private readonly scopes = new Map<Region, Map<string, Operation>>();
  private readonly builder: Builder;
  constructor(readonly ctx: Context) {
    this.builder = new Builder(ctx);
  }
  getOrCreate(block: Block, dialectName: string, value: Attribute, type: import('../ir/attributes.js').Type): Value | undefined {
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
    const cv = solver.lattice.get(v);
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
    solver.run();
    rewriteWithConstants(run.ctx, solver, op.regions);
  }
}
