// MLIR's dataflow framework (DataFlowFramework.h, DeadCodeAnalysis.cpp,
// SparseAnalysis.cpp), transcribed so that analyses evaluate in MLIR's order:
// a FIFO worklist of (program point, analysis) items; analysis states
// anchored at values, program points or CFG edges, each re-enqueueing its
// dependents (in the order they subscribed) when it changes. The order matters
// for analyses whose lattices are not monotone by construction (the integer
// range analysis widens loop results that change after they were first set).
//
// Program points are positions in a block: "after op" is "before the next op"
// (or the end of the block), "before block" is "before its first op", exactly
// as MLIR uniques them.

import { Traits } from '../ir/context.js';
import {
  Interfaces,
  getInterface,
  type BranchInterface,
  type BreakingExitInterface,
  type RegionBranchInterface,
  type RegionBranchTerminatorInterface,
  type RegionSuccessor,
} from '../ir/interfaces.js';
import type { Attribute } from '../ir/attributes.js';
import { Block, OpResult, type BlockArgument, type Operation, type Region, type Value } from '../ir/operation.js';
import {
  callableInterface,
  callInterface,
  getSymbolUses,
  isSymbol,
  lookupSymbolInTable,
  resolveCallable,
  SymbolScopes,
  symbolVisibility,
  walkSymbolTables,
} from '../transforms/call-utils.js';

// ---- program points and anchors

export class ProgramPoint {
  constructor(
    /** The block the point is in (null for a top-level op without one). */
    readonly block: Block | null,
    /** The op after the point (null at the end of the block). */
    readonly next: Operation | null,
    /** For a point of an op without a block: that op. */
    readonly op: Operation | null,
    readonly id: number,
  ) {}
  get isBlockStart(): boolean {
    return this.block !== null && this.block.first === this.next;
  }
  get isBlockEnd(): boolean {
    return this.block !== null && this.next === null;
  }
  /** The op before the point (not at a block start). */
  get prevOp(): Operation {
    if (!this.block) return this.op!;
    return this.next ? this.next.prev! : this.block.last!;
  }
}

/** A CFG edge between two blocks (MLIR's CFGEdge lattice anchor). */
export class CFGEdge {
  constructor(
    readonly from: Block,
    readonly to: Block,
  ) {}
}

export type LatticeAnchor = Value | ProgramPoint | CFGEdge;

/** An ordered set (llvm::SetVector). */
class OrderedSet<T> {
  readonly items: T[] = [];
  private readonly seen = new Set<T>();
  insert(x: T): boolean {
    if (this.seen.has(x)) return false;
    this.seen.add(x);
    this.items.push(x);
    return true;
  }
  has(x: T): boolean {
    return this.seen.has(x);
  }
}

// ---- analysis states

/** What an analysis state is created from: its class. */
export type StateKind<S extends AnalysisState> = new (anchor: LatticeAnchor) => S;

export abstract class AnalysisState {
  /** Dependent work items as (point, analysis) pairs, flattened; created on first use. */
  private dependents: (ProgramPoint | DataFlowAnalysis)[] | undefined;
  private dependentKeys: Set<number> | undefined;
  constructor(readonly anchor: LatticeAnchor) {}
  /** Re-visits `point` with `analysis` whenever this state changes. */
  addDependency(point: ProgramPoint, analysis: DataFlowAnalysis): void {
    const deps = (this.dependents ??= []);
    // Most states have a few dependents: scan them; index larger sets.
    if (this.dependentKeys) {
      const key = point.id * 16 + analysis.index;
      if (this.dependentKeys.has(key)) return;
      this.dependentKeys.add(key);
    } else {
      for (let i = 0; i < deps.length; i += 2) if (deps[i] === point && deps[i + 1] === analysis) return;
      if (deps.length >= 32) {
        this.dependentKeys = new Set();
        for (let i = 0; i < deps.length; i += 2) this.dependentKeys.add((deps[i] as ProgramPoint).id * 16 + (deps[i + 1] as DataFlowAnalysis).index);
        this.dependentKeys.add(point.id * 16 + analysis.index);
      }
    }
    deps.push(point, analysis);
  }
  /** Bookkeeping callbacks run on every change (they must not enqueue or change states). */
  private watchers: (() => void)[] | undefined;
  watch(f: () => void): void {
    (this.watchers ??= []).push(f);
  }
  onUpdate(solver: DataFlowSolver): void {
    const w = this.watchers;
    if (w) for (const f of w) f();
    const deps = this.dependents;
    if (deps) for (let i = 0; i < deps.length; i += 2) solver.enqueue(deps[i] as ProgramPoint, deps[i + 1] as DataFlowAnalysis);
  }
}

/** Adds `x` to a small ordered set of analyses (created on first use). */
function subscribe(list: DataFlowAnalysis[] | undefined, x: DataFlowAnalysis): DataFlowAnalysis[] {
  const l = list ?? [];
  if (!l.includes(x)) l.push(x);
  return l;
}

/** Whether a program point (or CFG edge) may execute. */
export class Executable extends AnalysisState {
  live = false;
  private subscribers: DataFlowAnalysis[] | undefined;
  setToLive(): boolean {
    if (this.live) return false;
    this.live = true;
    return true;
  }
  /** Re-visits the block and its ops with `analysis` when the block becomes live. */
  blockContentSubscribe(analysis: DataFlowAnalysis): void {
    this.subscribers = subscribe(this.subscribers, analysis);
  }
  override onUpdate(solver: DataFlowSolver): void {
    super.onUpdate(solver);
    const subs = this.subscribers;
    if (!subs) return;
    const a = this.anchor;
    if (a instanceof ProgramPoint) {
      if (!a.isBlockStart) return;
      for (const analysis of subs) solver.enqueue(a, analysis);
      for (const analysis of subs) for (let op = a.block!.first; op; op = op.next) solver.enqueue(solver.pointAfter(op), analysis);
    } else if (a instanceof CFGEdge) {
      for (const analysis of subs) solver.enqueue(solver.pointBeforeBlock(a.to), analysis);
    }
  }
}

/** The ops that may transfer control to a point (call sites of a callable, returns of a call, region branches). */
export class PredecessorState extends AnalysisState {
  allKnown = true;
  private readonly known = new OrderedSet<Operation>();
  private readonly inputs = new Map<Operation, readonly Value[]>();
  get knownPredecessors(): readonly Operation[] {
    return this.known.items;
  }
  setHasUnknownPredecessors(): boolean {
    if (!this.allKnown) return false;
    this.allKnown = false;
    return true;
  }
  join(predecessor: Operation, inputs: readonly Value[] = []): boolean {
    let changed = this.known.insert(predecessor);
    if (inputs.length) {
      const cur = this.inputs.get(predecessor);
      if (!cur || cur.length !== inputs.length || cur.some((v, i) => v !== inputs[i])) {
        this.inputs.set(predecessor, inputs);
        changed = true;
      }
    }
    return changed;
  }
  successorInputs(op: Operation): readonly Value[] {
    return this.inputs.get(op) ?? [];
  }
}

/** A lattice element of an SSA value (MLIR's AbstractSparseLattice). */
export abstract class AbstractSparseLattice extends AnalysisState {
  private useDefSubscribers: DataFlowAnalysis[] | undefined;
  /** Re-visits the users of the value with `analysis` when the lattice changes. */
  useDefSubscribe(analysis: DataFlowAnalysis): void {
    this.useDefSubscribers = subscribe(this.useDefSubscribers, analysis);
  }
  override onUpdate(solver: DataFlowSolver): void {
    super.onUpdate(solver);
    const subs = this.useDefSubscribers;
    if (!subs) return;
    for (let u = (this.anchor as Value).firstUse; u; u = u.nextUse) for (const analysis of subs) solver.enqueue(solver.pointAfter(u.owner), analysis);
  }
  /** Joins `rhs` in; true if this changed. */
  abstract join(rhs: this): boolean;
}

// ---- the solver

export class DataFlowSolver {
  readonly analyses: DataFlowAnalysis[] = [];
  /** Whether analyses follow calls into callees (off when the top op is not a symbol table). */
  interprocedural = true;
  /** The FIFO worklist: points and analyses in parallel arrays. */
  private queuePoints: ProgramPoint[] = [];
  private queueAnalyses: DataFlowAnalysis[] = [];
  private head = 0;
  private readonly states = new Map<StateKind<AnalysisState>, Map<LatticeAnchor, AnalysisState>>();
  private nextPointId = 0;
  private readonly pointsBefore = new Map<Operation, ProgramPoint>();
  private readonly blockEnds = new Map<Block, ProgramPoint>();
  private readonly edges = new Map<Block, Map<Block, CFGEdge>>();

  load<A extends DataFlowAnalysis>(make: (solver: DataFlowSolver) => A): A {
    const a = make(this);
    a.index = this.analyses.length;
    if (a.index >= 16) throw new Error('too many dataflow analyses');
    this.analyses.push(a);
    return a;
  }

  // ---- program points

  pointBefore(op: Operation): ProgramPoint {
    let p = this.pointsBefore.get(op);
    if (!p) this.pointsBefore.set(op, (p = new ProgramPoint(op.parentBlock, op.parentBlock ? op : null, op.parentBlock ? null : op, this.nextPointId++)));
    return p;
  }
  pointAfter(op: Operation): ProgramPoint {
    const block = op.parentBlock;
    if (!block) return this.pointBefore(op);
    return op.next ? this.pointBefore(op.next) : this.pointAfterBlock(block);
  }
  pointBeforeBlock(block: Block): ProgramPoint {
    return block.first ? this.pointBefore(block.first) : this.pointAfterBlock(block);
  }
  pointAfterBlock(block: Block): ProgramPoint {
    let p = this.blockEnds.get(block);
    if (!p) this.blockEnds.set(block, (p = new ProgramPoint(block, null, null, this.nextPointId++)));
    return p;
  }
  edge(from: Block, to: Block): CFGEdge {
    let m = this.edges.get(from);
    if (!m) this.edges.set(from, (m = new Map()));
    let e = m.get(to);
    if (!e) m.set(to, (e = new CFGEdge(from, to)));
    return e;
  }

  // ---- states

  getOrCreateState<S extends AnalysisState>(kind: StateKind<S>, anchor: LatticeAnchor): S {
    let m = this.states.get(kind);
    if (!m) this.states.set(kind, (m = new Map()));
    let s = m.get(anchor) as S | undefined;
    if (!s) m.set(anchor, (s = new kind(anchor)));
    return s;
  }
  lookupState<S extends AnalysisState>(kind: StateKind<S>, anchor: LatticeAnchor): S | undefined {
    return this.states.get(kind)?.get(anchor) as S | undefined;
  }
  /** Forgets every state anchored at `anchor` (for IR the rewrites erased). */
  eraseState(anchor: LatticeAnchor): void {
    for (const m of this.states.values()) m.delete(anchor);
  }

  // ---- running

  enqueue(point: ProgramPoint, analysis: DataFlowAnalysis): void {
    this.queuePoints.push(point);
    this.queueAnalyses.push(analysis);
  }
  propagateIfChanged(state: AnalysisState, changed: boolean): void {
    if (changed) state.onUpdate(this);
  }

  /** Initializes every analysis on `top`, then runs the worklist to a fixpoint; false if an analysis failed. */
  initializeAndRun(top: Operation): boolean {
    const interprocedural = this.interprocedural;
    if (interprocedural && !top.hasTrait(Traits.SymbolTable)) this.interprocedural = false;
    try {
      for (const a of this.analyses) if (!a.initialize(top)) return false;
      while (this.head < this.queuePoints.length) {
        const point = this.queuePoints[this.head];
        const analysis = this.queueAnalyses[this.head++];
        // Keep memory bounded on long runs.
        if (this.head > 65536 && this.head * 2 > this.queuePoints.length) {
          this.queuePoints = this.queuePoints.slice(this.head);
          this.queueAnalyses = this.queueAnalyses.slice(this.head);
          this.head = 0;
        }
        if (!analysis.visit(point)) return false;
      }
      return true;
    } finally {
      this.interprocedural = interprocedural;
    }
  }
}

// ---- analyses

export abstract class DataFlowAnalysis {
  /** Nearest symbol tables, remembered while the IR is analysed (calls resolve in O(1) at any depth). */
  protected readonly symbolScopes = new SymbolScopes();
  index = 0;
  constructor(readonly solver: DataFlowSolver) {}
  abstract initialize(top: Operation): boolean;
  abstract visit(point: ProgramPoint): boolean;

  protected addDependency(state: AnalysisState, point: ProgramPoint): void {
    state.addDependency(point, this);
  }
  protected propagateIfChanged(state: AnalysisState, changed: boolean): void {
    this.solver.propagateIfChanged(state, changed);
  }
  protected getOrCreate<S extends AnalysisState>(kind: StateKind<S>, anchor: LatticeAnchor): S {
    return this.solver.getOrCreateState(kind, anchor);
  }
  /** The state at `anchor`, re-visiting `dependent` when it changes. */
  protected getOrCreateFor<S extends AnalysisState>(kind: StateKind<S>, dependent: ProgramPoint, anchor: LatticeAnchor): S {
    const s = this.getOrCreate(kind, anchor);
    this.addDependency(s, dependent);
    return s;
  }
  protected pointBefore(op: Operation): ProgramPoint {
    return this.solver.pointBefore(op);
  }
  protected pointAfter(op: Operation): ProgramPoint {
    return this.solver.pointAfter(op);
  }
  protected pointBeforeBlock(block: Block): ProgramPoint {
    return this.solver.pointBeforeBlock(block);
  }
}

export function regionBranchOf(op: Operation): RegionBranchInterface | undefined {
  return getInterface<RegionBranchInterface>(op, Interfaces.RegionBranch);
}
function regionTerminatorOf(op: Operation): RegionBranchTerminatorInterface | undefined {
  return getInterface<RegionBranchTerminatorInterface>(op, Interfaces.RegionBranchTerminator);
}
/** An early exit (scf.break) and the op whose results it provides. */
function breakingExitOf(op: Operation): { iface: BreakingExitInterface; target: Operation } | undefined {
  const iface = getInterface<BreakingExitInterface>(op, Interfaces.BreakingExit);
  const target = iface?.getTarget(op);
  return iface && target ? { iface, target } : undefined;
}
function branchOf(op: Operation): BranchInterface | undefined {
  return getInterface<BranchInterface>(op, Interfaces.Branch);
}

/** A returning terminator of region control flow or of a callable (the last op of its block, as MLIR's getTerminator). */
function isRegionOrCallableReturn(op: Operation): boolean {
  const block = op.parentBlock;
  if (!block || op.numSuccessors || block.last !== op) return false;
  const parent = op.parentOp;
  return !!parent && (!!regionBranchOf(parent) || !!callableInterface(parent));
}

// ---- dead code analysis

/** The constant value lattice of the sparse constant propagation (read by the dead code analysis). */
export interface ConstantValue {
  /** The constant, or null when the value is not a known constant. */
  readonly attr: Attribute | null;
  /** The dialect of the op that produced it (its constant materializer). */
  readonly dialect: string;
}

export class ConstantValueLattice extends AbstractSparseLattice {
  /** Undefined: uninitialized. */
  value: ConstantValue | undefined;
  static unknown: ConstantValue = { attr: null, dialect: '' };
  join(rhs: ConstantValueLattice): boolean {
    return this.joinValue(rhs.value);
  }
  joinValue(rhs: ConstantValue | undefined): boolean {
    if (rhs === undefined) return false;
    const cur = this.value;
    if (cur === undefined) {
      this.value = rhs;
      return true;
    }
    if (sameConstant(cur, rhs)) return false;
    if (cur.attr === null) return false;
    this.value = ConstantValueLattice.unknown;
    return true;
  }
}

/** ConstantValue::operator==: the constants only (a join keeps the dialect it had). */
function sameConstant(a: ConstantValue, b: ConstantValue): boolean {
  if (a.attr === null || b.attr === null) return a.attr === b.attr;
  return a.attr === b.attr || a.attr.key === b.attr.key;
}

/**
 * Which blocks and CFG edges may execute, and the predecessors of region
 * successors, callables and call results: branches are followed through the
 * constant lattice of their operands, calls through the symbol table.
 */
export class DeadCodeAnalysis extends DataFlowAnalysis {
  private analysisScope: Operation | undefined;

  initialize(top: Operation): boolean {
    for (const region of top.regions) {
      if (region.empty) continue;
      const state = this.getOrCreate(Executable, this.pointBeforeBlock(region.entry));
      this.propagateIfChanged(state, state.setToLive());
    }
    this.initializeSymbolCallables(top);
    return this.initializeRecursively(top);
  }

  private initializeSymbolCallables(top: Operation): void {
    this.analysisScope = top;
    walkSymbolTables(top, !top.parentBlock, (symTable, allUsesVisible) => {
      // A symbol table has a single region.
      const [region] = symTable.regions;
      if (!region || region.empty) return;
      let foundSymbolCallable = false;
      for (let op = region.entry.first; op; op = op.next) {
        const callable = callableInterface(op);
        if (!callable || !callable.getCallableRegion(op) || !isSymbol(op)) continue;
        const visibility = symbolVisibility(op);
        // Public callables, and nested ones whose uses are not all visible, have unknown call sites.
        if (visibility === 'public' || (!allUsesVisible && visibility === 'nested')) {
          const state = this.getOrCreate(PredecessorState, this.pointAfter(op));
          this.propagateIfChanged(state, state.setHasUnknownPredecessors());
        }
        foundSymbolCallable = true;
      }
      if (!foundSymbolCallable) return;
      const uses = getSymbolUses([region]);
      if (!uses) {
        top.walk((op) => {
          if (!callableInterface(op)) return;
          const state = this.getOrCreate(PredecessorState, this.pointAfter(op));
          this.propagateIfChanged(state, state.setHasUnknownPredecessors());
        });
        return;
      }
      for (const use of uses) {
        if (callInterface(use.user)) continue;
        // A callable with a non-call use may be called from anywhere.
        const symbol = lookupSymbolInTable(top, use.ref);
        if (!symbol) continue;
        const state = this.getOrCreate(PredecessorState, this.pointAfter(symbol));
        this.propagateIfChanged(state, state.setHasUnknownPredecessors());
      }
    });
  }

  /** Visits the ops that transfer control, in pre-order (iterative: nests may be deep). */
  private initializeRecursively(top: Operation): boolean {
    const stack: Operation[] = [top];
    while (stack.length) {
      const op = stack.pop()!;
      if (op.regions.length || op.numSuccessors || isRegionOrCallableReturn(op) || callInterface(op) || breakingExitOf(op)) {
        if (op.parentBlock) this.getOrCreate(Executable, this.pointBeforeBlock(op.parentBlock)).blockContentSubscribe(this);
        if (!this.visit(this.pointAfter(op))) return false;
      }
      pushNestedOpsReversed(op, stack);
    }
    return true;
  }

  private markEdgeLive(from: Block, to: Block): void {
    const state = this.getOrCreate(Executable, this.pointBeforeBlock(to));
    this.propagateIfChanged(state, state.setToLive());
    const edgeState = this.getOrCreate(Executable, this.solver.edge(from, to));
    this.propagateIfChanged(edgeState, edgeState.setToLive());
  }

  private markEntryBlocksLive(op: Operation): void {
    for (const region of op.regions) {
      if (region.empty) continue;
      const state = this.getOrCreate(Executable, this.pointBeforeBlock(region.entry));
      this.propagateIfChanged(state, state.setToLive());
    }
  }

  visit(point: ProgramPoint): boolean {
    if (point.isBlockStart) return true;
    const op = point.prevOp;
    if (op.parentBlock && !this.getOrCreate(Executable, this.pointBeforeBlock(op.parentBlock)).live) return true;
    if (callInterface(op)) this.visitCallOperation(op);
    if (op.regions.length) {
      const branch = regionBranchOf(op);
      if (branch) this.visitRegionBranchOperation(op, branch);
      else if (callableInterface(op)) {
        const callsites = this.getOrCreateFor(PredecessorState, this.pointAfter(op), this.pointAfter(op));
        // A callable runs when its call sites are unknown or some are known.
        if (!callsites.allKnown || callsites.knownPredecessors.length) this.markEntryBlocksLive(op);
      } else this.markEntryBlocksLive(op);
    }
    // An early exit reaches the point after the op it leaves (upstream, after MLIR 22), not its parent.
    const exit = breakingExitOf(op);
    if (exit) {
      const predecessors = this.getOrCreate(PredecessorState, this.pointAfter(exit.target));
      this.propagateIfChanged(predecessors, predecessors.join(op, exit.target.results));
    }
    if (isRegionOrCallableReturn(op) && !exit) {
      const parent = op.parentOp!;
      const branch = regionBranchOf(parent);
      if (branch) this.visitRegionTerminator(op, parent, branch);
      else if (callableInterface(parent)) this.visitCallableTerminator(op, parent);
    }
    if (op.numSuccessors) {
      const branch = branchOf(op);
      if (branch) this.visitBranchOperation(op, branch);
      else for (const s of op.successors) this.markEdgeLive(op.parentBlock!, s);
    }
    return true;
  }

  private visitCallOperation(call: Operation): void {
    const callableOp = resolveCallable(call, this.symbolScopes);
    const isExternalCallable = (op: Operation): boolean => {
      if (!this.analysisScope!.isAncestorOf(op)) return true;
      const callable = callableInterface(op);
      return callable ? !callable.getCallableRegion(op) : false;
    };
    if (callableOp && isSymbol(callableOp) && !isExternalCallable(callableOp)) {
      const callsites = this.getOrCreate(PredecessorState, this.pointAfter(callableOp));
      this.propagateIfChanged(callsites, callsites.join(call));
    } else {
      const predecessors = this.getOrCreate(PredecessorState, this.pointAfter(call));
      this.propagateIfChanged(predecessors, predecessors.setHasUnknownPredecessors());
    }
  }

  /** The constant operands of `op`, or undefined (bail out) at the first operand not yet known. */
  private getOperandValues(op: Operation): (Attribute | undefined)[] | undefined {
    const out: (Attribute | undefined)[] = [];
    for (const operand of op.operandList) {
      const lattice = this.getOrCreate(ConstantValueLattice, operand.value);
      lattice.useDefSubscribe(this);
      const v = lattice.value;
      if (v === undefined) return undefined;
      out.push(v.attr ?? undefined);
    }
    return out;
  }

  private visitBranchOperation(op: Operation, branch: BranchInterface): void {
    const operands = this.getOperandValues(op);
    if (!operands) return;
    const successor = branch.getSuccessorForOperands?.(op, operands);
    if (successor) this.markEdgeLive(op.parentBlock!, successor);
    else for (const s of op.successors) this.markEdgeLive(op.parentBlock!, s);
  }

  private visitRegionBranchOperation(op: Operation, branch: RegionBranchInterface): void {
    const operands = this.getOperandValues(op);
    if (!operands) return;
    for (const successor of branch.getSuccessorRegions(op, 'parent', operands)) {
      if (successor.region !== 'parent' && successor.region.empty) continue;
      const point = successor.region === 'parent' ? this.pointAfter(op) : this.pointBeforeBlock(successor.region.entry);
      const state = this.getOrCreate(Executable, point);
      this.propagateIfChanged(state, state.setToLive());
      const predecessors = this.getOrCreate(PredecessorState, point);
      this.propagateIfChanged(predecessors, predecessors.join(op, successor.inputs));
    }
  }

  private visitRegionTerminator(op: Operation, parent: Operation, branch: RegionBranchInterface): void {
    const operands = this.getOperandValues(op);
    if (!operands) return;
    const terminator = regionTerminatorOf(op);
    const successors = terminator?.getSuccessorRegions
      ? terminator.getSuccessorRegions(op, operands)
      : branch.getSuccessorRegions(parent, op.parentRegion!.index);
    for (const successor of successors) {
      let predecessors: PredecessorState;
      if (successor.region !== 'parent') {
        if (successor.region.empty) continue;
        const state = this.getOrCreate(Executable, this.pointBeforeBlock(successor.region.entry));
        this.propagateIfChanged(state, state.setToLive());
        predecessors = this.getOrCreate(PredecessorState, this.pointBeforeBlock(successor.region.entry));
      } else predecessors = this.getOrCreate(PredecessorState, this.pointAfter(parent));
      this.propagateIfChanged(predecessors, predecessors.join(op, successor.inputs));
    }
  }

  /** Per callable terminator, how many of the callable's call sites it has been joined into. */
  private readonly terminatorCursor = new Map<Operation, number>();

  private visitCallableTerminator(op: Operation, callable: Operation): void {
    const callsites = this.getOrCreateFor(PredecessorState, this.pointAfter(op), this.pointAfter(callable));
    const canResolve = op.hasTrait(Traits.ReturnLike);
    // Joining the terminator into a call site again changes nothing: only the
    // call sites found since the last visit (else quadratic in calls to one callee).
    const known = callsites.knownPredecessors;
    const from = this.terminatorCursor.get(op) ?? 0;
    this.terminatorCursor.set(op, known.length);
    for (let i = from; i < known.length; i++) {
      const predecessor = known[i];
      const predecessors = this.getOrCreate(PredecessorState, this.pointAfter(predecessor));
      // A terminator that is not return-like cannot be resolved.
      this.propagateIfChanged(predecessors, canResolve ? predecessors.join(op) : predecessors.setHasUnknownPredecessors());
    }
  }
}

// ---- sparse forward analyses

/** MLIR's SparseForwardDataFlowAnalysis: a lattice per SSA value, propagated along def-use chains and control flow. */
export abstract class SparseForwardDataFlowAnalysis<L extends AbstractSparseLattice> extends DataFlowAnalysis {
  constructor(
    solver: DataFlowSolver,
    protected readonly latticeKind: StateKind<L>,
  ) {
    super(solver);
  }

  /** The transfer function of an op that is neither a region branch nor a call. */
  protected abstract visitOperationImpl(op: Operation, operands: readonly L[], results: readonly L[]): boolean;
  /** The lattice an entry point (unknown caller, unknown control flow) gives. */
  protected abstract setToEntryState(lattice: L): void;
  /** Results of a call to a callable without a body. */
  protected visitExternalCall(_call: Operation, _operands: readonly L[], results: readonly L[]): void {
    this.setAllToEntryStates(results);
  }
  /** Region arguments or results not forwarded by control flow (an induction variable, say). */
  protected visitNonControlFlowArguments(_op: Operation, successor: RegionSuccessor, argLattices: readonly L[], firstIndex: number): void {
    this.setAllToEntryStates(argLattices.slice(0, firstIndex));
    this.setAllToEntryStates(argLattices.slice(firstIndex + successor.inputs.length));
  }

  protected getLatticeElement(value: Value): L {
    return this.getOrCreate(this.latticeKind, value);
  }
  /** The lattice of `value`, re-visiting `point` when it changes. */
  protected getLatticeElementFor(point: ProgramPoint, value: Value): L {
    const state = this.getLatticeElement(value);
    this.addDependency(state, point);
    return state;
  }
  protected setAllToEntryStates(lattices: readonly L[]): void {
    for (const l of lattices) this.setToEntryState(l);
  }
  protected join(lhs: L, rhs: L): void {
    this.propagateIfChanged(lhs, lhs.join(rhs));
  }

  initialize(top: Operation): boolean {
    // Entry block arguments of the top op are unknown.
    for (const region of top.regions) {
      if (region.empty) continue;
      for (const arg of region.entry.args) this.setToEntryState(this.getLatticeElement(arg));
    }
    return this.initializeRecursively(top);
  }

  /** Visits every op, and every block before its ops, in pre-order (iterative: nests may be deep). */
  private initializeRecursively(top: Operation): boolean {
    const stack: (Operation | Block)[] = [top];
    while (stack.length) {
      const item = stack.pop()!;
      if (item instanceof Block) {
        this.getOrCreate(Executable, this.pointBeforeBlock(item)).blockContentSubscribe(this);
        this.visitBlock(item);
        for (let o = item.last; o; o = o.prev) stack.push(o);
        continue;
      }
      const op = item as Operation;
      if (!this.visitOperation(op)) return false;
      for (let r = op.regions.length - 1; r >= 0; r--) {
        const blocks = op.regions[r].blocks;
        for (let b = blocks.length - 1; b >= 0; b--) stack.push(blocks[b]);
      }
    }
    return true;
  }

  visit(point: ProgramPoint): boolean {
    if (!point.isBlockStart) return this.visitOperation(point.prevOp);
    this.visitBlock(point.block!);
    return true;
  }

  private visitOperation(op: Operation): boolean {
    if (op.numResults === 0) return true;
    if (op.parentBlock && !this.getOrCreate(Executable, this.pointBeforeBlock(op.parentBlock)).live) return true;
    const resultLattices = op.results.map((r) => this.getLatticeElement(r));
    // The results of a region branch op come from control flow.
    const branch = regionBranchOf(op);
    if (branch) {
      this.visitRegionSuccessors(this.pointAfter(op), op, branch, { region: 'parent', inputs: op.results }, resultLattices);
      return true;
    }
    const operandLattices: L[] = [];
    for (const operand of op.operandList) {
      const lattice = this.getLatticeElement(operand.value);
      lattice.useDefSubscribe(this);
      operandLattices.push(lattice);
    }
    if (callInterface(op)) return this.visitCallOperation(op, operandLattices, resultLattices);
    return this.visitOperationImpl(op, operandLattices, resultLattices);
  }

  private visitBlock(block: Block): void {
    if (!block.args.length) return;
    if (!this.getOrCreate(Executable, this.pointBeforeBlock(block)).live) return;
    const argLattices = block.args.map((a) => this.getLatticeElement(a));
    if (block.isEntryBlock) {
      const region = block.parent!;
      const parent = region.parentOp;
      if (!parent) return;
      const callable = callableInterface(parent);
      if (callable && callable.getCallableRegion(parent) === region) return this.visitCallableOperation(parent, block, argLattices);
      const branch = regionBranchOf(parent);
      if (branch) return this.visitRegionSuccessors(this.pointBeforeBlock(block), parent, branch, { region, inputs: block.args }, argLattices);
      return this.visitNonControlFlowArguments(parent, { region, inputs: [] }, argLattices, 0);
    }
    // Non-entry blocks: every live CFG edge into the block.
    for (let use = block.firstUse; use; use = use.nextUse) {
      const terminator = use.owner;
      const predecessor = terminator.parentBlock!;
      const edgeExecutable = this.getOrCreate(Executable, this.solver.edge(predecessor, block));
      edgeExecutable.blockContentSubscribe(this);
      if (!edgeExecutable.live) continue;
      const branch = branchOf(terminator);
      if (!branch) return this.setAllToEntryStates(argLattices);
      const forwarded = branch.getSuccessorOperands(terminator, use.index);
      const produced = branch.getProducedOperandCount?.(terminator, use.index) ?? 0;
      argLattices.forEach((lattice, idx) => {
        // Arguments the branch produces itself are entry points.
        if (idx < produced) return this.setAllToEntryStates([lattice]);
        const operand = forwarded[idx - produced];
        if (operand) this.join(lattice, this.getLatticeElementFor(this.pointBeforeBlock(block), operand));
      });
    }
  }

  private visitCallOperation(call: Operation, operandLattices: readonly L[], resultLattices: readonly L[]): boolean {
    const callee = resolveCallable(call, this.symbolScopes);
    const callable = callee && callableInterface(callee);
    if (!this.solver.interprocedural || (callable && !callable.getCallableRegion(callee!))) {
      this.visitExternalCall(call, operandLattices, resultLattices);
      return true;
    }
    // The results come from the returns the call reaches.
    const predecessors = this.getOrCreateFor(PredecessorState, this.pointAfter(call), this.pointAfter(call));
    if (!predecessors.allKnown) {
      this.setAllToEntryStates(resultLattices);
      return true;
    }
    for (const predecessor of predecessors.knownPredecessors) {
      const operands = predecessor.operands;
      for (let i = 0; i < operands.length && i < resultLattices.length; i++)
        this.join(resultLattices[i], this.getLatticeElementFor(this.pointAfter(call), operands[i]));
    }
    return true;
  }

  private readonly callSiteJoins = new Map<Block, CallSiteJoins>();

  /**
   * MLIR joins the arguments of every known call site on each visit, which is
   * quadratic in the calls to one callee. Joins are idempotent, so only the
   * call sites found since the last visit and those whose argument lattices
   * changed since they were joined can change anything: those are joined, in
   * the same order, so the states change exactly as MLIR's loop changes them.
   */
  private visitCallableOperation(callable: Operation, entryBlock: Block, argLattices: readonly L[]): void {
    const point = this.pointBeforeBlock(entryBlock);
    const callsites = this.getOrCreateFor(PredecessorState, point, this.pointAfter(callable));
    if (!callsites.allKnown || !this.solver.interprocedural) return this.setAllToEntryStates(argLattices);
    let joins = this.callSiteJoins.get(entryBlock);
    if (!joins) this.callSiteJoins.set(entryBlock, (joins = new CallSiteJoins()));
    const st = joins;
    const known = callsites.knownPredecessors;
    const firstNew = st.cursor;
    st.cursor = known.length;
    const pending = st.dirty.sort((a, b) => a - b);
    st.dirty = [];
    for (let i = firstNew; i < known.length; i++) pending.push(i);
    st.pending = pending;
    for (let k = 0; k < pending.length; k++) {
      const idx = pending[k];
      st.pos = k;
      st.flag[idx] = false;
      const callsite = known[idx];
      const args = callInterface(callsite)!.getArgOperands(callsite);
      for (let i = 0; i < args.length && i < argLattices.length; i++) {
        const lattice = this.getLatticeElementFor(point, args[i]);
        if (idx >= firstNew) lattice.watch(() => st.markDirty(idx));
        this.join(argLattices[i], lattice);
      }
    }
    st.pending = undefined;
  }

  private visitRegionSuccessors(point: ProgramPoint, branch: Operation, iface: RegionBranchInterface, successor: RegionSuccessor, lattices: readonly L[]): void {
    const predecessors = this.getOrCreateFor(PredecessorState, point, point);
    for (const op of predecessors.knownPredecessors) {
      let operands: readonly Value[] | undefined;
      if (op === branch) operands = iface.getEntrySuccessorOperands(branch, successor);
      else {
        const exit = breakingExitOf(op);
        operands = exit ? (exit.target === branch ? exit.iface.getExitOperands(op) : undefined) : regionTerminatorOf(op)?.getSuccessorOperands(op, successor);
      }
      // Control flow we cannot reason about.
      if (!operands) return this.setAllToEntryStates(lattices);
      const inputs = predecessors.successorInputs(op);
      let firstIndex = 0;
      if (inputs.length !== lattices.length) {
        if (!point.isBlockStart) {
          if (inputs.length) firstIndex = (inputs[0] as OpResult).index;
          const results = branch.results.slice(firstIndex, firstIndex + inputs.length);
          this.visitNonControlFlowArguments(branch, { region: 'parent', inputs: results }, lattices, firstIndex);
        } else {
          if (inputs.length) firstIndex = argIndex(inputs[0]);
          const region: Region = point.block!.parent!;
          const args = region.entry.args.slice(firstIndex, firstIndex + inputs.length);
          this.visitNonControlFlowArguments(branch, { region, inputs: args }, lattices, firstIndex);
        }
      }
      for (let k = 0; k < operands.length && firstIndex + k < lattices.length; k++)
        this.join(lattices[firstIndex + k], this.getLatticeElementFor(point, operands[k]));
    }
  }
}

/** Which call sites of one callable have to be joined again (see visitCallableOperation). */
class CallSiteJoins {
  /** Known call sites [0, cursor) have been joined and are watched. */
  cursor = 0;
  /** Joined call sites whose argument lattices changed since, for the next visit. */
  dirty: number[] = [];
  readonly flag: boolean[] = [];
  /** During a visit: the sorted call sites it joins, and the position reached. */
  pending: number[] | undefined;
  pos = 0;
  markDirty(idx: number): void {
    if (this.flag[idx]) return;
    this.flag[idx] = true;
    const p = this.pending;
    // A call site later in the running loop is joined by it (as MLIR's loop would); others wait for the next visit.
    if (p && idx > p[this.pos]) {
      let lo = this.pos + 1;
      let hi = p.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (p[mid] < idx) lo = mid + 1;
        else hi = mid;
      }
      if (p[lo] !== idx) p.splice(lo, 0, idx);
    } else this.dirty.push(idx);
  }
}

/** Pushes the ops nested in `op` so that popping gives them in order (regions, blocks, ops). */
function pushNestedOpsReversed(op: Operation, stack: Operation[]): void {
  for (let r = op.regions.length - 1; r >= 0; r--) {
    const blocks = op.regions[r].blocks;
    for (let b = blocks.length - 1; b >= 0; b--) for (let o = blocks[b].last; o; o = o.prev) stack.push(o);
  }
}

function argIndex(v: Value): number {
  return v instanceof OpResult ? v.index : (v as BlockArgument).index;
}
