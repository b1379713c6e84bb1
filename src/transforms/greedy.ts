// The greedy pattern rewrite driver (MLIR's applyPatternsGreedily): a
// worklist of ops, seeded in pre-order (top-down) or post-order, on which dead
// ops are erased, ops are folded (constants materialized through their
// dialect) and patterns are applied until nothing changes; constants are
// uniqued and hoisted, and regions simplified, at each iteration.

import type { Attribute } from '../ir/attributes.js';
import type { Context, OperationName } from '../ir/context.js';
import { Traits, emitOpDiagnostic } from '../ir/context.js';
import { NameLoc, UnknownLoc, type Location } from '../ir/location.js';
import { Block, type Operation, type Region, type Value } from '../ir/operation.js';
import { ConstantFolder, foldOperation, insertionRegion } from './fold.js';
import { PatternRewriter, type PatternListener, type RewritePattern } from '../ir/pattern.js';
import { eraseUnreachableBlocks, simplifyRegions, type RegionSimplifyLevel } from './region-utils.js';
import { deadWhenUnusedByKind, isOpTriviallyDead } from '../ir/side-effects.js';
import { constantValueOfOp, isValue } from '../ir/matchers.js';

export interface GreedyConfig {
  topDown: boolean;
  /** -1: no limit. */
  maxIterations: number;
  /** -1: no limit. */
  maxNumRewrites: number;
  regionSimplification: RegionSimplifyLevel;
  fold: boolean;
  cseConstants: boolean;
  /** 'any': every op; 'existing': only ops present at the start; 'existing-and-new' also ops created meanwhile. */
  strictness: 'any' | 'existing' | 'existing-and-new';
  listener?: PatternListener;
}

/**
 * MLIR's GreedyRewriteConfig defaults. The initial traversal is bottom-up
 * (post-order, processed from the last op back): passes that call
 * applyPatternsGreedily without a config (scf-for-to-while,
 * scf-for-loop-canonicalization) fold and rewrite in that order, which decides
 * where folded constants land. Region simplification is aggressive (identical
 * blocks merged, redundant block arguments dropped). Canonicalize asks for
 * top-down and its `region-simplify` option (normal) itself.
 */
export const DEFAULT_GREEDY_CONFIG: GreedyConfig = {
  topDown: false,
  maxIterations: 10,
  maxNumRewrites: -1,
  regionSimplification: 'aggressive',
  fold: true,
  cseConstants: true,
  strictness: 'any',
};

/** Patterns grouped by root op, ordered by decreasing benefit (stable). */
export class FrozenPatternSet {
  private readonly byRoot = new Map<string, RewritePattern[]>();
  private readonly byName = new Map<OperationName, readonly RewritePattern[]>();
  private readonly anyOp: RewritePattern[];
  constructor(patterns: readonly RewritePattern[]) {
    const sorted = patterns.map((p, i) => [p, i] as const).sort((a, b) => b[0].benefit - a[0].benefit || a[1] - b[1]).map((x) => x[0]);
    this.anyOp = sorted.filter((p) => p.rootName === null);
    for (const p of sorted) {
      if (p.rootName === null) continue;
      let list = this.byRoot.get(p.rootName);
      if (!list) this.byRoot.set(p.rootName, (list = []));
      list.push(p);
    }
  }
  /** Whether every pattern tried on ops named `root` is rooted there and named in `names`. */
  onlyRootedPatterns(root: string, names: ReadonlySet<string>): boolean {
    return this.anyOp.length === 0 && (this.byRoot.get(root) ?? []).every((p) => names.has(p.debugName));
  }
  /** The patterns to try on `op`, in order (shared: not to be changed). */
  patternsFor(op: Operation): readonly RewritePattern[] {
    return this.patternsForName(op.name);
  }
  /** The patterns to try on ops named `name`, in order (shared: not to be changed). */
  patternsForName(name: OperationName): readonly RewritePattern[] {
    // By the interned name object: one identity-hash lookup per call, and the
    // merge with any-op patterns done once per kind rather than per call.
    let list = this.byName.get(name);
    if (list === undefined) this.byName.set(name, (list = this.merged(name.name)));
    return list;
  }
  private merged(root: string): RewritePattern[] {
    const specific = this.byRoot.get(root) ?? [];
    if (!this.anyOp.length) return specific;
    if (!specific.length) return this.anyOp;
    const out: RewritePattern[] = [];
    let i = 0;
    let j = 0;
    while (i < specific.length || j < this.anyOp.length) {
      if (j >= this.anyOp.length || (i < specific.length && specific[i].benefit >= this.anyOp[j].benefit)) out.push(specific[i++]);
      else out.push(this.anyOp[j++]);
    }
    return out;
  }
}

/**
 * What processing an op asks of its kind, found once per kind per driver:
 * its patterns, whether a fold is attempted (a hook or the Commutative trait,
 * and not ConstantLike), and whether it may be marked clean.
 */
class KindInfo {
  constructor(
    readonly patterns: readonly RewritePattern[],
    readonly fold: boolean,
    readonly cleanKind: boolean,
    /** isOpTriviallyDead of an op of the kind without regions: false never, true when unused, undefined asked per op. */
    readonly deadWhenUnused: boolean | undefined,
  ) {}
}

/** A chain of ancestors that leaves the IR without reaching the driver's region. */
const OUTSIDE = Symbol('outside');

/** The clean-mark epochs given so far (see GreedyDriver.cleanEpoch). */
let cleanEpochs = 0;

/**
 * A lazy worklist entry: the ops from `start` up its ancestor chain to `end`
 * (excluded; null: the driver's region), all clean when it was pushed, standing
 * where MLIR would have pushed them one by one, innermost first. While it is
 * pending nothing but the driver's own erasure runs (see GreedyDriver.lazyOk),
 * so popping it is popping each member in turn, outermost first: each a no-op.
 */
class LazyRun {
  index = 0;
  constructor(
    readonly start: Operation,
    readonly end: Operation | null | typeof OUTSIDE,
  ) {}
}

/** The worklists of the drivers running now, outermost first (more than one: a driver inside a pattern). */
const openWorklists: Worklist[] = [];

/**
 * The driver's worklist: an array of ops (and lazy runs of clean ancestors).
 * Membership and position are kept in one number on the op
 * (Operation.worklistSlot: > 0 a list position, see `seeding`), trusted only
 * when the list holds the op at that position: pushing, popping and removing
 * never hash, and a stale slot (left by another driver, or by this one
 * before a pop) means nothing. A driver run from inside another's pattern
 * (the pipeliner does) may take an op the outer worklist holds: the outer
 * slot is saved and given back when the inner one lets the op go.
 */
class Worklist {
  private list: (Operation | LazyRun | null)[] = [];
  /** The lazy runs in the list, in list order. */
  readonly runs: LazyRun[] = [];
  /** Slots in enclosing drivers' worklists, taken over by this one (rare). */
  private saved: Map<Operation, number> | null = null;
  /** The list position of the entry `pop` last returned. */
  lastIndex = -1;
  /*
   * Seeding pushes everything and then reverses the list (MLIR's top-down
   * order). So that the reversal need not touch every op again to renumber
   * it, an op pushed while `seeding` at length k gets slot 2k + 2 (even):
   * list position negBase - negSign * (1 + k), i.e. k before the reversal
   * and length - 1 - k after it (length at the reversal). An op pushed
   * later at position k gets slot 2k + 1 (odd).
   */
  private seeding = false;
  private negBase = -1;
  private negSign = -1;
  /** While a driver runs: enclosing drivers' worklists can be told apart (see `push`). */
  open(): void {
    openWorklists.push(this);
  }
  close(): void {
    const i = openWorklists.lastIndexOf(this);
    if (i >= 0) openWorklists.splice(i, 1);
  }
  /** The list position slot `s` (> 0) names; maybe out of the list. */
  private position(s: number): number {
    const k = (s - 1) >> 1;
    return s & 1 ? k : this.negBase - this.negSign * (1 + k);
  }
  /** Entries pushed so far, popped or not (a seeding walk's segment bounds). */
  get size(): number {
    return this.list.length;
  }
  get empty(): boolean {
    const list = this.list;
    while (list.length && list[list.length - 1] === null) list.pop();
    return list.length === 0;
  }
  has(op: Operation): boolean {
    const s = op.worklistSlot;
    if (s <= 0) return false;
    const i = this.position(s);
    return i >= 0 && i < this.list.length && this.list[i] === op;
  }
  push(op: Operation): void {
    const s = op.worklistSlot;
    if (s > 0) {
      if (this.has(op)) return;
      // Maybe an enclosing driver's (the slot says which position, the list whose it is).
      if (openWorklists.length > 1) (this.saved ??= new Map()).set(op, s);
    }
    const n = this.list.length;
    op.worklistSlot = this.seeding ? 2 * n + 2 : 2 * n + 1;
    this.list.push(op);
  }
  /** Pushes from now on until `reverse` are numbered from the end (see `seeding`). */
  startSeeding(): void {
    if (this.list.length === 0) this.seeding = true;
  }
  pushRun(run: LazyRun): void {
    run.index = this.list.length;
    this.list.push(run);
    this.runs.push(run);
  }
  /** Takes the last `n` runs off again (they were pushed by a walk that added nothing, as MLIR). */
  dropRuns(n: number): void {
    for (let i = 0; i < n; i++) this.list[this.runs.pop()!.index] = null;
  }
  /**
   * Replaces each pending run in place by its members, innermost first (the
   * order MLIR pushed them in): the list from the first run up is rebuilt.
   */
  expandRuns(members: (run: LazyRun, out: Operation[]) => void): void {
    const runs = this.runs;
    if (!runs.length) return;
    const list = this.list;
    const from = runs[0].index;
    const tail = list.slice(from);
    list.length = from;
    runs.length = 0;
    const ops: Operation[] = [];
    for (const e of tail) {
      if (e === null) continue;
      if (e instanceof LazyRun) {
        ops.length = 0;
        members(e, ops);
        for (const op of ops) this.push(op);
      } else {
        e.worklistSlot = 2 * list.length + 1;
        list.push(e);
      }
    }
  }
  private release(op: Operation): void {
    const saved = this.saved;
    const outer = saved === null ? undefined : saved.get(op);
    if (outer !== undefined) {
      saved!.delete(op);
      op.worklistSlot = outer;
    } else op.worklistSlot = 0;
  }
  /** The last entry: an op (no longer queued) or a lazy run (no longer pending). */
  pop(): Operation | LazyRun | null {
    const list = this.list;
    while (list.length) {
      const e = list.pop()!;
      if (e === null) continue;
      this.lastIndex = list.length;
      if (e instanceof LazyRun) {
        this.runs.pop();
        return e;
      }
      this.release(e);
      return e;
    }
    return null;
  }
  remove(op: Operation): void {
    if (!this.has(op)) return;
    this.list[this.position(op.worklistSlot)] = null;
    this.release(op);
  }
  reverse(): void {
    const list = this.list;
    list.reverse();
    const n = list.length;
    if (this.seeding) {
      // The ops pushed while seeding keep their (even) slot: see `seeding`.
      this.seeding = false;
      this.negBase = n;
      this.negSign = 1;
    } else if (this.negSign === -1)
      for (let i = 0; i < n; i++) {
        const e = list[i];
        if (e !== null && !(e instanceof LazyRun)) e.worklistSlot = 2 * i + 1;
      }
    else throw new Error('Worklist.reverse: reversed twice');
    for (const run of this.runs) run.index = n - 1 - run.index;
    this.runs.reverse();
  }
  clear(): void {
    const list = this.list;
    for (let i = 0; i < list.length; i++) {
      const e = list[i];
      if (e !== null && !(e instanceof LazyRun)) this.release(e);
    }
    this.list = [];
    this.runs.length = 0;
    this.seeding = false;
    this.negBase = -1;
    this.negSign = -1;
  }
}

/**
 * The "false" verdicts of isOpTriviallyDead's nest walk (a nest that holds an
 * op with effects), kept across queries: every change re-queues all the
 * ancestors of the changed op, as MLIR's driver does, and each asked for its
 * whole nest again. A "false" is recorded along the path down to the op whose
 * effects decided it (the witness). Only a change to an op on a recorded path
 * or to a witness can make it true: such an op erased, modified or moved away
 * forgets the verdicts above it; other changes keep them (anything inserted
 * can only keep a "false"), so a change deep in a nest does not send every
 * enclosing op back down the nest. A block moved or erased forgets those
 * above it. "True" verdicts are not kept (a dead op is erased at once, and a
 * stale "true" would erase effects).
 */
class DeadOpVerdicts extends Map<Operation, boolean> {
  private readonly witnesses = new Set<Operation>();
  // The op names of the witnesses (a few kinds with effects): every erased or
  // modified op is asked about, and most are turned away by name, without
  // hashing the op.
  private readonly witnessNames: OperationName[] = [];
  /** Told each op whose verdict is forgotten (a clean op reads its own). */
  onForget: ((op: Operation) => void) | null = null;
  override delete(op: Operation): boolean {
    if (!super.delete(op)) return false;
    this.onForget?.(op);
    return true;
  }
  noteWitness(op: Operation): void {
    this.witnesses.add(op);
    if (!this.witnessNames.includes(op.name)) this.witnessNames.push(op.name);
  }
  override set(op: Operation, verdict: boolean): this {
    if (!verdict) super.set(op, verdict);
    return this;
  }
  override clear(): void {
    // Map.clear allocates a new table even when empty.
    if (this.size) super.clear();
    if (this.witnesses.size) this.witnesses.clear();
  }
  /** `op` was erased, modified or moved away from under `from` (its old parent op). */
  changed(op: Operation, from: Operation | null): void {
    // Verdicts are kept for region ops only.
    if (this.size === 0 || ((op.regions.length === 0 || !this.has(op)) && !this.isWitness(op))) return;
    this.delete(op);
    this.witnesses.delete(op);
    this.forgetFrom(from);
  }
  private isWitness(op: Operation): boolean {
    return this.witnessNames.includes(op.name) && this.witnesses.has(op);
  }
  /** Forgets `op`'s verdict and those of the recorded paths through it. */
  forgetFrom(op: Operation | null): void {
    if (!op || this.size === 0) return;
    this.delete(op);
    for (let o = op.parentOp; o && this.delete(o); ) o = o.parentOp;
  }
}

/**
 * Op kinds whose results-less ops may be marked clean (see GreedyDriver's
 * clean marks), each with the canonicalization patterns audited for it: a
 * dialect declares a kind when, with only those patterns rooted at it, no
 * fold hook and no pattern rooted at any op, processing a results-less op of
 * that kind reads nothing but its own operands and attributes, the defining
 * ops of its operands two levels up, the first and last op of its body
 * block(s), and its dead verdict. Any other pattern on the kind turns the
 * marks off for it.
 */
const cleanMarkAudits = new Map<string, ReadonlySet<string>>();

/** Declares `opName`'s audited patterns (see cleanMarkAudits); called by the dialect that owns them. */
export function declareCleanMarkPatterns(opName: string, patterns: ReadonlySet<string>): void {
  cleanMarkAudits.set(opName, patterns);
}

/** The audited pattern names declared for `opName`, if any (for tests). */
export function cleanMarkPatternsOf(opName: string): ReadonlySet<string> | undefined {
  return cleanMarkAudits.get(opName);
}

/** The op kinds whose ops may be marked clean by a driver with `patterns`. */
function auditedCleanKinds(ctx: Context, patterns: FrozenPatternSet): Set<OperationName> {
  const kinds = new Set<OperationName>();
  for (const [opName, audited] of cleanMarkAudits) {
    const name = ctx.lookupOp(opName);
    const def = name?.def;
    if (!name || !def || def.fold || def.traits.has(Traits.Commutative) || def.traits.has(Traits.ConstantLike)) continue;
    if (patterns.onlyRootedPatterns(name.name, audited)) kinds.add(name);
  }
  return kinds;
}

/** For tests: ops processed, lazy runs pushed, dropped unexpanded at the top, expanded in place. */
export const lazyRequeueStats = { processed: 0, pushed: 0, dropped: 0, expanded: 0 };

let lazyRequeue = true;
/**
 * Turns the clean marks and lazy re-queues off (tests compare the driver's
 * output with them against the plain MLIR order); returns the old setting.
 */
export function setLazyRequeueForTesting(on: boolean): boolean {
  const old = lazyRequeue;
  lazyRequeue = on;
  return old;
}

let settledUnits = true;
/**
 * Turns the skipping of settled units off (tests compare the driver's output
 * with it against the plain MLIR order); returns the old setting.
 */
export function setSettledUnitsForTesting(on: boolean): boolean {
  const old = settledUnits;
  settledUnits = on;
  return old;
}

/** For tests: top-level ops seeded and skipped as settled, over all iterations. */
export const settledUnitStats = { seeded: 0, skipped: 0 };

/**
 * Whether `op` may be a unit of the settled-unit scheme (see GreedyDriver):
 * nothing outside it can read or be read through values (isolated, no
 * operands or results) and it is never dead (a symbol), so region DCE of
 * the driver's region is that of each such op's regions.
 */
function isUnitOp(op: Operation): boolean {
  return op.isRegistered && op.numOperands === 0 && op.numResults === 0 && op.hasTrait(Traits.IsolatedFromAbove) && op.hasTrait(Traits.Symbol);
}

/** The fewest steps of a walk up blocked ancestors that records skip pointers (see firstUnblocked). */
let skipMinWalk = 4;
/** Sets skipMinWalk (tests: Infinity records none); returns the old value. */
export function setSkipMinWalkForTesting(n: number): number {
  const old = skipMinWalk;
  skipMinWalk = n;
  return old;
}
/** For tests: steps taken by walks up blocked ancestors, over all drivers. */
export const skipWalkStats = { steps: 0 };

let checkWatched = false;
/**
 * Tests: when a modified op is not watched (see GreedyDriver.watched), runs
 * the skipped walk anyway and counts in `watchStats.missed` the times it
 * would have dropped a clean mark (never, if the watch is right).
 */
export function setCheckWatchedForTesting(on: boolean): boolean {
  const old = checkWatched;
  checkWatched = on;
  return old;
}
/** For tests: modifications whose use-list walk the watch skipped, and those where it would have dropped a mark. */
export const watchStats = { skipped: 0, missed: 0 };

/** What GreedyDriver.processOp did: changed the IR, by a fold, by a pattern. */
const CHANGED = 1;
const FOLDED = 2;
const REWRITTEN = 4;

/** Driver runs started (a pattern that runs a driver of its own changes the IR unseen). */
let driverRuns = 0;

class GreedyDriver implements PatternListener {
  readonly rewriter: PatternRewriter;
  private readonly worklist = new Worklist();
  private folder: ConstantFolder;
  private readonly strictOps = new Set<Operation>();
  private readonly deadVerdicts = new DeadOpVerdicts();
  /**
   * Whether the IR changed (a notification) since region simplification last
   * ran. Constants the seeding walk hoists move silently: a move changes
   * neither reachability nor liveness, which is all simplification decides on.
   */
  private changedSinceSimplify = true;
  /**
   * Skip pointers over ancestors that are queued (or may not be): for an op o
   * in the map, every op from o (included) up its ancestor chain to the
   * entry (excluded; null: the driver's region) is. addToWorklist follows
   * them, so that the ancestors of many ops changed by one pattern
   * (ConditionPropagation resets every use of a condition shared by a nest)
   * are not walked once per op. Pushing keeps them true; taking an op off the
   * worklist or moving IR forgets them all.
   */
  private readonly skip = new Map<Operation, Operation | null>();
  private readonly skipPath: Operation[] = [];
  private readonly pushed: Operation[] = [];

  /*
   * Clean ops and lazy re-queues. Erasing a dead op re-queues the defining op
   * of an operand with all its ancestors (MLIR's addOperandsToWorklist), most
   * of which were processed already and did nothing: on a nest of D loops
   * that is D^2/2 pushes and pops of ops whose processing is a no-op.
   *
   * An op is clean when its last processing did nothing (not dead, no fold,
   * every pattern failed, no notification) and nothing it reads has been
   * reported changed since: processing it again would do nothing again, as
   * fold and patterns are functions of what they read, and popping it changes
   * no other state (the insertion point is set before every pattern). Only
   * results-less ops of `cleanKinds` are marked (their reads are listed at
   * cleanMarkAudits; with no results, no use of theirs can change
   * unseen), and only under strictness 'any'. Marks are dropped by: a push
   * (the op is then processed at its place), its own modification, erasure
   * or move, a modification of an op up to two use levels above its operands,
   * an op inserted into, erased from or moved out of its body, a block
   * inserted into, moved out of or erased from its regions, its dead verdict
   * forgotten, a new driver iteration, or a driver run inside a pattern.
   *
   * Lazy runs: while the driver erases a dead op (the only time nothing but
   * that erasure can run before the next pop), addWithAncestors pushes each
   * run of clean ancestors as one LazyRun entry, found through `cleanUp`
   * pointers instead of a walk. MLIR would push each member there; before any
   * other pop or any notification the runs are expanded in place (each member
   * then pushed where MLIR pushed it), and a run that reaches the top of the
   * worklist unexpanded is dropped: popping each member would have been a
   * no-op, and until then no member could become dirty (no notification) nor
   * be pushed again (every push comes from a notification).
   */
  private readonly cleanKinds: Set<OperationName>;
  /**
   * A clean op's Operation.worklistSlot is minus this (worklists take any
   * slot <= 0 as "not queued"): a number no driver gave before, so a new
   * iteration (or driver) drops every old mark at once.
   */
  private cleanEpoch = ++cleanEpochs;
  private numClean = 0;
  /**
   * The ops a clean op read up its operands when it was marked (a superset
   * of what the clean ops read now: an op whose operands change since is
   * modified, and dirtied); cleared with the marks.
   */
  private readonly watched = new Set<Operation>();
  /**
   * Clean-run pointers: for o in the map, every op from o (included) up its
   * ancestor chain to the entry (excluded) is clean. Set by path compression
   * as chains are walked, so each op the pointers pass over is itself in the
   * map; hence an op that is not in the map lies on no pointer's path, and the
   * map is cleared only when an op in it stops being clean or moves (or a
   * block moves).
   */
  private readonly cleanUp = new Map<Operation, Operation | null | typeof OUTSIDE>();
  private readonly cleanPath: Operation[] = [];
  /** Set while the driver erases a dead op: clean ancestors are then pushed as lazy runs. */
  private lazyOk = false;
  /** Notifications received (a processing that received none changed nothing). */
  private notifications = 0;
  private readonly kinds = new Map<OperationName, KindInfo>();

  /*
   * Settled units. When every op of the driver's region is a unit op
   * (isUnitOp: a function, in practice), what processing an op reads and
   * changes lies within its unit: values do not cross isolated ops, and
   * patterns do not reach outside their isolated ancestor (MLIR runs
   * canonicalize on functions in parallel). A unit whose processing and
   * region simplification in one iteration changed nothing (no notification,
   * no pattern or fold success, simplification false) is settled: in the next
   * iterations, until something changes it, popping each of its ops would do
   * nothing (each read the IR as it is now), simplifying it would change
   * nothing, and seeding it would move nothing: seeding is idempotent (the
   * walk leaves each insertion region's known constants as a run at the
   * front of its entry block, and no two equal; a second walk meets them in
   * that order and leaves them), and its erasures are notifications (charged
   * to the unit) while its moves, silent, are done before any processing. So it is not seeded, processed or
   * simplified; the other units' ops are processed in the same order as before.
   * The iteration count is unchanged (MLIR's: an iteration that changes
   * nothing ends the run).
   *
   * Changes are charged to `unit`, the unit being seeded, simplified, or
   * holding the op being processed: the worklist is a stack and the seeding
   * walk pushes each unit's ops as one segment, so every op above the seeded
   * entries was pushed while the unit of the last seeded entry popped was
   * processed, and lies in it.
   */
  private readonly unitsOn: boolean;
  /** Ops seeded per unit at its last seeding (kept while settled: the rewrite budget counts them). */
  private readonly unitOps = new Map<Operation, number>();
  /** Units changed during the current iteration. */
  private readonly dirtyUnits = new Set<Operation>();
  /** The unit changes are charged to; null: none (every unit is then dirty). */
  private unit: Operation | null = null;
  /** Whether the current iteration tracks units. */
  private unitsLive = false;
  /** The seeded units in list order (lowest positions first) and the first list position of each. */
  private readonly segUnits: Operation[] = [];
  private readonly segStarts: number[] = [];
  /** Seeding: ops left in place so far (processWorklist's budget), and the count when the current unit began. */
  private seedNumOps = 0;
  private unitNumOps = 0;
  /** seedWalk's stack of items to visit and, beside each, its constants' insertion region (kept between walks). */
  private readonly seedStack: (Operation | Block)[] = [];
  private readonly seedInserts: Region[] = [];

  constructor(
    readonly ctx: Context,
    private readonly region: Region,
    private readonly patterns: FrozenPatternSet,
    private readonly config: GreedyConfig,
  ) {
    this.rewriter = new PatternRewriter(ctx, this);
    this.folder = new ConstantFolder(this.rewriter);
    if (config.strictness !== 'any') region.parentOp?.walk((op) => void this.strictOps.add(op));
    this.cleanKinds = lazyRequeue && config.strictness === 'any' ? auditedCleanKinds(ctx, patterns) : new Set();
    this.unitsOn = settledUnits && config.strictness === 'any' && config.regionSimplification !== 'aggressive' && config.listener === undefined;
    if (this.cleanKinds.size) this.deadVerdicts.onForget = (op) => this.dirty(op);
  }

  private kindOf(name: OperationName): KindInfo {
    // The lookup alone, small enough to inline into each pop; a kind's first
    // sight out of line.
    return this.kinds.get(name) ?? this.newKind(name);
  }
  private newKind(name: OperationName): KindInfo {
    const def = name.def;
    const fold =
      this.config.fold && def !== undefined && !def.traits.has(Traits.ConstantLike) && (def.fold !== undefined || def.traits.has(Traits.Commutative));
    const info = new KindInfo(this.patterns.patternsForName(name), fold, this.cleanKinds.has(name), deadWhenUnusedByKind(name));
    this.kinds.set(name, info);
    return info;
  }

  // ---- settled units

  private unitChanged(): void {
    const u = this.unit;
    if (u === null) this.unitsLive = false;
    else this.dirtyUnits.add(u);
  }
  /** Whether every op of the driver's region is a unit op (checked per iteration: top-level ops may change). */
  private unitsApply(): boolean {
    if (!this.unitsOn) return false;
    const b = this.region.firstBlock;
    // One block without arguments: region DCE of it is then that of its ops' regions.
    if (!b || b.nextBlock || b.args.length) return false;
    for (let o = b.first; o; o = o.next) if (!isUnitOp(o)) return false;
    return true;
  }
  /** The unit holding the seeded entry at list position `index`, given the last one found at segment `from`. */
  private segmentAt(index: number, from: number): number {
    const starts = this.segStarts;
    let i = from;
    while (i > 0 && index < starts[i]) i--;
    return i;
  }

  // ---- clean marks

  private isClean(op: Operation): boolean {
    return op.worklistSlot === -this.cleanEpoch;
  }
  private markClean(op: Operation): void {
    op.worklistSlot = -this.cleanEpoch;
    this.numClean++;
    // The ops it reads up its operands (two levels): only their modification
    // needs dirtyUsers' walk down the use lists.
    for (let u = op.firstOperand; u !== null; u = op.operandAfter(u)) {
      const d = u.value.definingOp;
      if (d === null) continue;
      this.watched.add(d);
      for (let w = d.firstOperand; w !== null; w = d.operandAfter(w)) {
        const d2 = w.value.definingOp;
        if (d2 !== null) this.watched.add(d2);
      }
    }
  }
  /** Forgets the clean-run pointers (Map.clear allocates a new table even when empty: most calls find none). */
  private clearCleanUp(): void {
    if (this.cleanUp.size) this.cleanUp.clear();
  }
  /** Drops `op`'s clean mark, if it has one. */
  private dirty(op: Operation | null): void {
    if (op === null || op.worklistSlot !== -this.cleanEpoch) return;
    op.worklistSlot = 0;
    this.numClean--;
    if (this.cleanUp.size && this.cleanUp.has(op)) this.clearCleanUp();
  }
  /**
   * Drops the marks of the users of `op`'s results and of their users (the
   * two use levels a clean op reads up); with `dryRun`, only says whether
   * there were any.
   */
  private dirtyUsers(op: Operation, dryRun = false): boolean {
    const token = -this.cleanEpoch;
    let found = false;
    for (let i = 0, n = op.numResults; i < n; i++)
      for (let u = op.result(i).firstUse; u; u = u.nextUse) {
        const user = u.owner;
        if (user.worklistSlot === token) {
          found = true;
          if (!dryRun) this.dirty(user);
        }
        for (let j = 0, m = user.numResults; j < m; j++)
          for (let w = user.result(j).firstUse; w; w = w.nextUse)
            if (w.owner.worklistSlot === token) {
              found = true;
              if (!dryRun) this.dirty(w.owner);
            }
      }
    return found;
  }
  private resetClean(): void {
    this.cleanEpoch = ++cleanEpochs;
    this.numClean = 0;
    this.clearCleanUp();
    if (this.watched.size) this.watched.clear();
  }
  /** `op`'s parent op, null when `op` is in the driver's region, OUTSIDE when it is in none. */
  private parentOf(op: Operation): Operation | null | typeof OUTSIDE {
    const r: Region | null = op.parentRegion;
    return r === this.region ? null : (r?.parentOp ?? OUTSIDE);
  }
  /** The first op above the run of clean ops starting at `op` (clean); records pointers. */
  private cleanRunEnd(op: Operation): Operation | null | typeof OUTSIDE {
    const path = this.cleanPath;
    path.length = 0;
    let o: Operation | null | typeof OUTSIDE = op;
    while (o !== null && o !== OUTSIDE && this.isClean(o)) {
      path.push(o);
      const to = this.cleanUp.get(o);
      o = to !== undefined ? to : this.parentOf(o);
    }
    for (let i = 0; i < path.length; i++) this.cleanUp.set(path[i], o);
    return o;
  }
  /** Replaces the pending lazy runs by their members, each pushed where MLIR pushed it. */
  private expandRuns(): void {
    this.worklist.expandRuns((run, out) => {
      lazyRequeueStats.expanded++;
      let o: Operation | null | typeof OUTSIDE = run.start;
      while (o !== run.end && o !== null && o !== OUTSIDE) {
        this.dirty(o);
        out.push(o);
        o = this.parentOf(o);
      }
    });
  }
  /** Every notification: counted, and lazy runs expanded before anything changes around them. */
  private noteChange(): void {
    this.notifications++;
    if (this.unitsLive) this.unitChanged();
    if (this.worklist.runs.length) this.expandRuns();
  }
  private pushOp(op: Operation): void {
    this.dirty(op);
    this.worklist.push(op);
  }

  // ---- listener

  notifyOperationInserted(op: Operation, previous?: Block | null): void {
    this.config.listener?.notifyOperationInserted?.(op, previous);
    this.noteChange();
    // The units themselves change: no unit to charge.
    if (op.parentBlock?.parent === this.region || previous?.parent === this.region) this.unitsLive = false;
    this.dirty(op);
    this.dirty(op.parentOp);
    if (previous) this.dirty(previous.parentOp);
    this.changedSinceSimplify = true;
    if (previous) this.deadVerdicts.changed(op, previous.parentOp);
    if (this.config.strictness === 'existing-and-new') this.strictOps.add(op);
    // Also for a new op: a pattern may have moved regions into it without
    // telling (none of the canonicalization patterns does since
    // ConvertTrivialIfToSelect reports its blocks; other pattern sets may).
    this.forgetSkips();
    if (op.regions.length) this.clearCleanUp();
    this.addToWorklist(op);
  }
  notifyOperationModified(op: Operation): void {
    this.config.listener?.notifyOperationModified?.(op);
    this.noteChange();
    this.dirty(op);
    if (this.numClean > 0) {
      if (this.watched.has(op)) this.dirtyUsers(op);
      else if (checkWatched) {
        watchStats.skipped++;
        if (this.dirtyUsers(op, true)) watchStats.missed++;
      }
    }
    this.changedSinceSimplify = true;
    this.deadVerdicts.changed(op, op.parentOp);
    this.addToWorklist(op);
  }
  notifyBlockInserted(block: Block, previous?: Region | null): void {
    this.config.listener?.notifyBlockInserted?.(block, previous);
    this.noteChange();
    if (block.parent === this.region || previous === this.region) this.unitsLive = false;
    this.dirty(block.parentOp);
    if (previous) {
      this.dirty(previous.parentOp);
      this.clearCleanUp();
    }
    this.changedSinceSimplify = true;
    if (previous) {
      this.deadVerdicts.forgetFrom(previous.parentOp);
      this.forgetSkips();
    }
  }
  notifyBlockErased(block: Block): void {
    this.config.listener?.notifyBlockErased?.(block);
    this.noteChange();
    if (block.parent === this.region) this.unitsLive = false;
    this.dirty(block.parentOp);
    this.clearCleanUp();
    this.changedSinceSimplify = true;
    this.deadVerdicts.forgetFrom(block.parentOp);
    this.forgetSkips();
  }
  notifyOperationReplaced(op: Operation, values: readonly Value[]): void {
    this.config.listener?.notifyOperationReplaced?.(op, values);
    this.noteChange();
    this.changedSinceSimplify = true;
  }
  notifyOperationErased(op: Operation): void {
    this.config.listener?.notifyOperationErased?.(op);
    this.noteChange();
    if (op.parentBlock?.parent === this.region) this.unitsLive = false;
    this.dirty(op);
    this.dirty(op.parentOp);
    this.changedSinceSimplify = true;
    this.deadVerdicts.changed(op, op.parentOp);
    this.addOperandsToWorklist(op);
    // Skip pointers stay: an erased op is on no live op's ancestor chain.
    this.worklist.remove(op);
    this.folder.notifyRemoval(op);
    if (this.config.strictness !== 'any') this.strictOps.delete(op);
  }

  private addOperandsToWorklist(op: Operation): void {
    // Along the operand list (opOperand(i) counts along a short one).
    for (let operand = op.firstOperand; operand !== null; operand = op.operandAfter(operand)) {
      const def = operand.value.definingOp;
      if (!def) continue;
      let other: Operation | null = null;
      let more = false;
      // The use list is walked directly: this runs for every erased op, and a
      // generator costs more than the loop's own work.
      for (let u = operand.value.firstUse; u; u = u.nextUse) {
        const user = u.owner;
        if (user === op || user === other) continue;
        if (!other) {
          other = user;
          continue;
        }
        more = true;
        break;
      }
      if (!more) this.addToWorklist(def);
    }
  }

  private addSingle(op: Operation): void {
    if (this.config.strictness !== 'any' && !this.strictOps.has(op)) return;
    this.pushOp(op);
  }

  /** Empties the worklist with everything kept about it: skip pointers and clean marks. */
  private clearWorklist(): void {
    this.worklist.clear();
    this.forgetSkips();
    this.resetClean();
  }

  private forgetSkips(): void {
    if (this.skip.size) this.skip.clear();
  }

  /** Whether adding `op` is a no-op: it is queued, or the strictness excludes it. */
  private blocked(op: Operation): boolean {
    return this.worklist.has(op) || (this.config.strictness !== 'any' && !this.strictOps.has(op));
  }

  /**
   * The first op at or above `op` on its ancestor chain that is not blocked;
   * null past the driver's region, OUTSIDE when the chain leaves the IR
   * without reaching it. Records skip pointers along the way.
   */
  private firstUnblocked(op: Operation): Operation | null | typeof OUTSIDE {
    if (!this.blocked(op)) return op;
    // Filled by count: storing an array's `length` is a V8 runtime call
    // (~150 ns) even in optimized code. Stale entries past `n` are ignored.
    const path = this.skipPath;
    let n = 0;
    let o: Operation | null | typeof OUTSIDE = op;
    while (o !== null && o !== OUTSIDE && this.blocked(o)) {
      path[n++] = o;
      const to = this.skip.get(o);
      if (to !== undefined) {
        o = to;
        continue;
      }
      o = this.parentOf(o);
    }
    // A short walk records nothing: it costs about what a map insertion does
    // (an op's first one also gives it a hash), and most are short (an op in a
    // function's body, a level or two down). Walks of skipMinWalk steps or
    // more compress as before, so deep nests stay linear.
    skipWalkStats.steps += n;
    if (o !== OUTSIDE && n >= skipMinWalk) for (let i = 0; i < n; i++) this.skip.set(path[i], o);
    return o;
  }

  /**
   * Adds `op` and its ancestors up to the driver's region, innermost first. While
   * seeding (`seeding`: only pushes so far, every op added with its ancestors, no
   * strictness filter), an ancestor already queued means the rest are too:
   * stopping there keeps seeding linear in nesting depth.
   */
  addToWorklist(op: Operation, seeding = false): void {
    if (!seeding) {
      this.addWithAncestors(op);
      return;
    }
    // First find how far to go (an op outside the driver's region adds
    // nothing), then add without collecting the ancestors in an array.
    let o: Operation | null = op;
    let stop: Operation | null = null;
    for (;;) {
      if (!o) return;
      if (seeding && o !== op && this.worklist.has(o)) {
        stop = o;
        break;
      }
      const r: Region | null = o.parentRegion;
      if (r === this.region) break;
      if (!r) return;
      o = r.parentOp;
    }
    for (o = op; o && o !== stop; ) {
      this.addSingle(o);
      const r: Region | null = o.parentRegion;
      if (r === this.region) return;
      o = r!.parentOp;
    }
  }

  /**
   * MLIR's addToWorklist: `op` and its ancestors up to the driver's region,
   * innermost first, or nothing when `op` is not inside that region. Queued
   * ancestors are passed through skip pointers; while the driver erases a
   * dead op, runs of clean ancestors are pushed as lazy runs (see `cleanKinds`).
   * The ops are added as the chain is walked; if it turns out to leave the IR
   * without reaching the region, those just added are taken off again (MLIR
   * adds none).
   */
  private addWithAncestors(op: Operation): void {
    // A run pending from an earlier walk: its members must count as queued.
    if (this.worklist.runs.length) this.expandRuns();
    // By count, as firstUnblocked's path (no `length` store per call).
    const pushed = this.pushed;
    let n = 0;
    let runs = 0;
    let o: Operation | null | typeof OUTSIDE = op;
    for (;;) {
      o = this.firstUnblocked(o);
      if (o === null) return;
      if (o === OUTSIDE) break;
      if (this.lazyOk && this.isClean(o)) {
        const end = this.cleanRunEnd(o);
        this.worklist.pushRun(new LazyRun(o, end));
        lazyRequeueStats.pushed++;
        runs++;
        if (end === null) return;
        if (end === OUTSIDE) break;
        o = end;
        continue;
      }
      this.pushOp(o);
      pushed[n++] = o;
      o = this.parentOf(o);
      if (o === null) return;
      if (o === OUTSIDE) break;
    }
    for (let i = n - 1; i >= 0; i--) this.worklist.remove(pushed[i]);
    this.worklist.dropRuns(runs);
    this.forgetSkips();
  }

  // ---- driver

  /** MLIR's MultiOpPatternRewriteDriver: one worklist run seeded with `ops` (the driver's region is the scope). */
  simplifyOps(ops: readonly Operation[]): boolean {
    driverRuns++;
    this.clearWorklist();
    this.folder = new ConstantFolder(this.rewriter);
    this.deadVerdicts.clear();
    if (this.config.strictness !== 'any') {
      this.strictOps.clear();
      for (const op of ops) this.strictOps.add(op);
    }
    for (const op of ops) this.addSingle(op);
    const changed = this.processWorklist(this.countOps());
    this.reportBudgetStop();
    // Ops left over (a rewrite limit was hit) must not keep pointing here.
    this.clearWorklist();
    return changed;
  }

  simplify(): { changed: boolean; converged: boolean } {
    this.worklist.open();
    try {
      return this.simplifyOpen();
    } finally {
      this.worklist.close();
    }
  }
  private simplifyOpen(): { changed: boolean; converged: boolean } {
    let changedAny = false;
    let iteration = 0;
    let continueRewrites = false;
    do {
      if (++iteration > this.config.maxIterations && this.config.maxIterations !== -1) break;
      driverRuns++;
      this.clearWorklist();
      this.folder = new ConstantFolder(this.rewriter);
      // Region simplification changed the IR without telling the verdicts.
      this.deadVerdicts.clear();
      const units = this.unitsApply();
      if (!units) this.unitOps.clear();
      this.unitsLive = units;
      this.unit = null;
      this.dirtyUnits.clear();
      this.segUnits.length = 0;
      this.segStarts.length = 0;
      // The ops the seeding walk leaves in place, counted for processWorklist's budget.
      this.seedNumOps = 0;
      if (!this.config.topDown) this.seedBottomUp(units);
      else this.seedTopDown(units);
      // MLIR 22 erases unreachable blocks after seeding, at every iteration
      // and whatever the region simplification level (patterns are unsafe on
      // unreachable code). With simplification on, the simplifyRegions after
      // each iteration erases them instead (only blocks unreachable in the
      // input could tell the two apart; none did in the cases checked), so
      // this walk runs only when it is off.
      const erased = this.config.regionSimplification === 'disabled' && this.eraseUnreachableUnits();
      continueRewrites = this.processWorklist(this.seedNumOps) || erased;
      // Left over (a rewrite limit): its units were not all processed.
      if (!this.worklist.empty) this.unitsLive = false;
      // Simplification is deterministic: on the IR it last left unchanged it
      // would change nothing again (the last iteration usually only confirms).
      if (this.config.regionSimplification !== 'disabled' && (continueRewrites || this.changedSinceSimplify)) {
        this.changedSinceSimplify = false;
        if (this.simplifyUnits()) {
          continueRewrites = true;
          this.changedSinceSimplify = true;
        }
      }
      // The units changed are not settled; nor is any, if a change could not be charged.
      if (!this.unitsLive) this.unitOps.clear();
      else for (const u of this.dirtyUnits) this.unitOps.delete(u);
      this.unitsLive = false;
      this.unit = null;
      changedAny = changedAny || continueRewrites;
    } while (continueRewrites);
    this.clearWorklist();
    if (continueRewrites) this.reportBudgetStop();
    return { changed: changedAny, converged: !continueRewrites };
  }

  /*
   * Seeding. The walks are methods called once per unit (or block), not one
   * loop in simplifyOpen: V8 then optimizes them as ordinary hot functions
   * with full type feedback, instead of compiling the whole iteration on
   * stack (OSR) in the first walk and deoptimizing on reaching its untried
   * tail (the worklist run, region simplification), in every cold run.
   */

  /** Before seeding unit `o`: false when it is settled (then skipped, its ops still counted). */
  private beginUnit(o: Operation): boolean {
    const settled = this.unitOps.get(o);
    if (settled !== undefined) {
      this.seedNumOps += settled;
      settledUnitStats.skipped++;
      return false;
    }
    settledUnitStats.seeded++;
    this.unit = o;
    this.segUnits.push(o);
    this.segStarts.push(this.worklist.size);
    this.unitNumOps = this.seedNumOps;
    return true;
  }
  private endUnit(o: Operation): void {
    this.unitOps.set(o, this.seedNumOps - this.unitNumOps);
  }
  /** Whether seeding took `op` out as a known constant (erased or moved: not queued); counts it otherwise. */
  private seedConstant(op: Operation, region?: Region): boolean {
    const value = constantValueOfOp(op);
    if (value !== undefined && !this.folder.insertKnownConstant(op, value, region)) return true;
    this.seedNumOps++;
    return false;
  }

  /** Post-order seeding (each top-level op with its nest, as MLIR: a region op comes before the ops it holds). */
  private seedBottomUp(units: boolean): void {
    for (const b of this.region.blocks)
      for (let o = b.first; o; ) {
        const next = o.next;
        if (units && !this.beginUnit(o)) {
          o = next;
          continue;
        }
        o.walk((n) => {
          if (!this.config.cseConstants) this.seedNumOps++;
          if (!this.config.cseConstants || !this.seedConstant(n)) this.addToWorklist(n, this.config.strictness === 'any');
        });
        if (units) this.endUnit(o);
        o = next;
      }
  }

  /**
   * Pre-order seeding, then the list reversed (MLIR's top-down order). With
   * settled units, each unit not settled is walked alone; otherwise each
   * block of the driver's region. Top-level ops are read before any walk
   * (a walk moves and erases only constants below the top level).
   */
  private seedTopDown(units: boolean): void {
    this.worklist.startSeeding();
    const regionOp = this.region;
    const top = regionOp.firstBlock ? insertionRegion(regionOp.firstBlock) : regionOp;
    if (units) {
      for (let o = regionOp.firstBlock!.first; o; ) {
        const next: Operation | null = o.next;
        if (this.beginUnit(o)) {
          this.seedWalk(o, top, o);
          this.endUnit(o);
        }
        o = next;
      }
    } else for (let b = regionOp.firstBlock; b; b = b.nextBlock) this.seedWalk(b, top, null);
    this.worklist.reverse();
    if (units) {
      // Segments in list order after the reversal: the last unit lowest.
      const starts = this.segStarts;
      const n = this.worklist.size;
      for (let i = 0; i < starts.length; i++) starts[i] = n - (i + 1 < starts.length ? starts[i + 1] : n);
      starts.reverse();
      this.segUnits.reverse();
    }
  }

  /**
   * Pre-order, iteratively (no walk frame or callback per op), from `start`
   * (a block, or an op: then its following siblings, unless it is `root`).
   * The stack holds what is left to visit: an op (then its following
   * siblings) or a block (read when reached, as a walk would). Each op's next
   * sibling is read before it is visited: a known constant may move or go.
   * Beside each item, the insertion region of the constants in its block
   * (fold.ts's insertionRegion, known on the way down instead of walked up
   * per constant: D^2/2 steps on a nest of D levels). Seeding moves and
   * erases only constants, so these stay true.
   */
  private seedWalk(start: Operation | Block, startRegion: Region, root: Operation | null): void {
    const stack = this.seedStack;
    const inserts = this.seedInserts;
    // Empty unless a walk threw (stale items must not be visited).
    if (stack.length) {
      stack.length = 0;
      inserts.length = 0;
    }
    stack.push(start);
    inserts.push(startRegion);
    const cse = this.config.cseConstants;
    while (stack.length) {
      const item = stack.pop()!;
      const ins = inserts.pop()!;
      let o: Operation | null = item instanceof Block ? item.first : item;
      while (o) {
        const next: Operation | null = o === root ? null : o.next;
        if (!cse) this.seedNumOps++;
        if (cse && this.seedConstant(o, ins)) {
          o = next;
          continue;
        }
        this.addSingle(o);
        const regions = o.regions;
        if (regions.length === 0) {
          o = next;
          continue;
        }
        if (next) {
          stack.push(next);
          inserts.push(ins);
        }
        const boundary = !o.isRegistered || o.hasTrait(Traits.IsolatedFromAbove);
        // Blocks by link, last first (`region.blocks` would build an array per region per iteration).
        for (let r = regions.length - 1; r >= 0; r--)
          for (let b = regions[r].lastBlock; b; b = b.prevBlock) {
            stack.push(b);
            inserts.push(boundary ? regions[r] : ins);
          }
        break;
      }
    }
  }

  /**
   * simplifyRegions of the driver's region; with settled units, of the units
   * seeded this iteration only, one by one (the others would not change).
   */
  private simplifyUnits(): boolean {
    if (!this.unitsLive) return simplifyRegions(this.rewriter, [this.region], this.config.regionSimplification === 'aggressive');
    let changed = false;
    for (const u of this.segUnits) {
      this.unit = u;
      if (simplifyRegions(this.rewriter, u.regions, false)) {
        changed = true;
        this.dirtyUnits.add(u);
      }
    }
    return changed;
  }

  /** eraseUnreachableBlocks of the driver's region; with settled units, of the units seeded this iteration. */
  private eraseUnreachableUnits(): boolean {
    if (!this.unitsLive) return eraseUnreachableBlocks(this.rewriter, [this.region]);
    let changed = false;
    for (const u of this.segUnits) {
      this.unit = u;
      if (eraseUnreachableBlocks(this.rewriter, u.regions)) {
        changed = true;
        this.dirtyUnits.add(u);
      }
    }
    this.unit = null;
    return changed;
  }

  /** The ops in the driver's region. */
  private countOps(): number {
    let n = 0;
    for (const block of this.region.blocks) for (let o = block.first; o; o = o.next) o.walk(() => void n++);
    return n;
  }

  /** Runs the worklist; `numOps` is the number of ops in the region (sizes the safety budget). */
  private processWorklist(numOps: number): boolean {
    let changed = false;
    let numRewrites = 0;
    // Patterns that undo each other would rewrite forever; a tool must answer,
    // so an unbounded run still stops after a generous number of rewrites
    // (reported as not converged by the caller's next iteration).
    const budget = 10_000 + 10 * numOps;
    const limit = this.config.maxNumRewrites === -1 ? budget : this.config.maxNumRewrites;
    // Folds that feed themselves (a value folded into its own operand in an
    // unreachable loop) never stop either: they share the safety budget.
    let numFolds = 0;
    // Settled units: entries below `bound` are the seeding walk's (see `unit`).
    let bound = this.worklist.size;
    let seg = this.segUnits.length - 1;
    let last: Operation | null = null;
    while (!this.worklist.empty && numRewrites < limit && numFolds < budget) {
      const entry = this.worklist.pop();
      if (!entry) break;
      if (this.unitsLive && this.worklist.lastIndex < bound) {
        bound = this.worklist.lastIndex;
        seg = this.segmentAt(bound, seg);
        this.unit = this.segUnits[seg];
      }
      // An unexpanded run: its members are clean, each pop a no-op.
      if (entry instanceof LazyRun) {
        lazyRequeueStats.dropped++;
        continue;
      }
      const done = this.processOp(entry);
      if (done !== 0) {
        changed = true;
        last = entry;
        if (done & FOLDED) numFolds++;
        if (done & REWRITTEN) numRewrites++;
      }
    }
    if (this.budgetStop === null && (numFolds >= budget || (numRewrites >= budget && this.config.maxNumRewrites === -1)))
      this.budgetStop = { last, numFolds, numRewrites };
    return changed;
  }

  /** The first sweep the safety budget stopped (where MLIR's driver would never have returned), if any. */
  private budgetStop: { last: Operation | null; numFolds: number; numRewrites: number } | null = null;
  /**
   * Says that the driver gave up, when a sweep was stopped by the budget and
   * no later one converged: at the op changed last (or the region's owner if
   * that op is gone), so that the result, or a pass failing on
   * non-convergence, does not come unexplained.
   */
  private reportBudgetStop(): void {
    const stop = this.budgetStop;
    if (stop === null) return;
    this.budgetStop = null;
    const at = stop.last !== null && stop.last.parentBlock !== null ? stop.last : this.region.parentOp;
    if (at === null) return;
    emitOpDiagnostic(
      this.ctx,
      at,
      'warning',
      `greedy pattern rewriting stopped without converging after ${stop.numFolds} folds and ${stop.numRewrites} rewrites in one sweep: a fold or pattern keeps reporting a change`,
    );
  }

  /**
   * Processes one popped op: erased when dead, else folded, else its patterns
   * tried in order. Returns what happened (CHANGED, FOLDED, REWRITTEN bits;
   * 0: nothing). A method of its own, called per pop, so that V8 optimizes it
   * as an ordinary function with full type feedback rather than compiling
   * processWorklist's whole loop on stack in the first, cold iteration.
   */
  private processOp(op: Operation): number {
    lazyRequeueStats.processed++;
    this.forgetSkips();
    const kind = this.kindOf(op.name);
    // Without regions, the kind's answer where it has one (no trait or
    // effect queries per pop; isOpTriviallyDead records nothing for such ops).
    const known = op.regions.length === 0 ? kind.deadWhenUnused : undefined;
    if (known !== undefined ? known && !op.hasUses : isOpTriviallyDead(op, this.deadVerdicts)) {
      this.lazyOk = this.cleanKinds.size !== 0;
      if (this.unitsLive) this.unitChanged();
      try {
        this.rewriter.eraseOp(op);
      } finally {
        this.lazyOk = false;
      }
      return CHANGED;
    }
    // Patterns may move IR before they tell: no run stays lazy across them.
    if (this.worklist.runs.length) this.expandRuns();
    const notifications = this.notifications;
    const runs = driverRuns;
    let done = 0;
    if (kind.fold) {
      const folded = foldOperation(op);
      if (folded) {
        if (this.unitsLive) this.unitChanged();
        done = CHANGED | FOLDED;
        if (folded.length === 0) {
          // An in-place fold may move blocks between the op's regions
          // (scf.if's swaps them, as MLIR's, with no rewriter to tell):
          // ancestors stay, but nothing cached about them is kept.
          if (op.regions.length) {
            this.forgetSkips();
            this.clearCleanUp();
          }
          this.notifyOperationModified(op);
          return done;
        }
        if (this.replaceWithFolded(op, folded)) return done;
      }
    }
    let applied = false;
    const patterns = kind.patterns;
    for (let i = 0; i < patterns.length; i++) {
      const p = patterns[i];
      this.rewriter.setInsertionPointBefore(op);
      if (p.matchAndRewrite(op, this.rewriter)) {
        if (this.unitsLive) this.unitChanged();
        done |= CHANGED | REWRITTEN;
        applied = true;
        break;
      }
    }
    if (runs !== driverRuns) {
      // A driver run inside a pattern changed the IR unseen.
      this.resetClean();
      this.unitsLive = false;
    } else if (
      !applied &&
      kind.cleanKind &&
      op.numResults === 0 &&
      this.notifications === notifications &&
      this.deadVerdicts.get(op) === false
    )
      this.markClean(op);
    return done;
  }

  private replaceWithFolded(op: Operation, folded: readonly (Attribute | Value)[]): boolean {
    this.rewriter.setInsertionPointBefore(op);
    const replacements: Value[] = [];
    const dialect = this.ctx.getDialect(op.name.dialectName);
    for (let i = 0; i < folded.length; i++) {
      const f = folded[i];
      if (isValue(f)) {
        replacements.push(f);
        continue;
      }
      // A parsed op's location is not made for its constant (it would build
      // the file's line table mid-pass): the constant is built at a
      // placeholder and given the op's source offset, when it is a new op.
      const lazy = op.hasParsedLocation;
      const at = lazy ? pendingLocation() : op.location;
      const c = dialect?.materializeConstant?.(this.rewriter, f as Attribute, op.result(i).type, at);
      if (lazy && c && c.location === at) op.copyLocationTo(c);
      if (!c) {
        for (const r of replacements) {
          const d = r.definingOp;
          if (d && !d.hasUses && d.parentBlock && d !== op && !folded.includes(r)) this.rewriter.eraseOp(d);
        }
        return false;
      }
      replacements.push(c.result(0));
    }
    this.rewriter.replaceOp(op, replacements);
    return true;
  }
}

let pending: Location | undefined;
/** The placeholder replaceWithFolded builds constants at: a returned op that has it is the one just built. */
function pendingLocation(): Location {
  return (pending ??= NameLoc.get('scfkit: pending location', UnknownLoc.get()));
}

/** Applies `patterns` greedily to each region of `op` (MLIR's applyPatternsGreedily(Operation*)). */
export function applyPatternsGreedily(
  ctx: Context,
  op: Operation,
  patterns: FrozenPatternSet,
  config: Partial<GreedyConfig> = {},
): { changed: boolean; converged: boolean } {
  const full = { ...DEFAULT_GREEDY_CONFIG, ...config };
  let changed = false;
  let converged = true;
  for (const region of op.regions) {
    const r = new GreedyDriver(ctx, region, patterns, full).simplify();
    changed = changed || r.changed;
    converged = converged && r.converged;
  }
  return { changed, converged };
}

/** Applies patterns to exactly `ops` (and, depending on strictness, what they create). */
export function applyOpPatternsGreedily(ctx: Context, ops: readonly Operation[], patterns: FrozenPatternSet, config: Partial<GreedyConfig> = {}): boolean {
  // A simplified version: run the region driver on each op's parent region, limited to these ops.
  let changed = false;
  for (const op of ops) {
    const region = op.parentRegion;
    if (!region) continue;
    const driver = new GreedyDriver(ctx, region, patterns, { ...DEFAULT_GREEDY_CONFIG, ...config, strictness: config.strictness ?? 'existing', regionSimplification: 'disabled' });
    changed = driver.simplify().changed || changed;
  }
  return changed;
}

/**
 * The innermost region holding all of `ops`. Linear in the ops plus the
 * regions above them: the answer's ancestor chain is kept (root first), and
 * every region seen below the answer is remembered as inside it, so each walk
 * up from an op stops at the first region already known.
 */
function commonAncestorRegion(ops: readonly Operation[]): Region | null {
  const first = ops[0]?.parentRegion;
  if (!first) return null;
  const chain: Region[] = [];
  for (let r: Region | null = first; r; r = r.parentOp?.parentRegion ?? null) chain.push(r);
  chain.reverse();
  const depth = new Map<Region, number>();
  chain.forEach((r, i) => depth.set(r, i));
  const inside = new Set<Region>();
  const path: Region[] = [];
  for (const op of ops) {
    path.length = 0;
    let meet = -1;
    for (let r: Region | null = op.parentRegion; r; r = r.parentOp?.parentRegion ?? null) {
      if (inside.has(r)) {
        meet = chain.length - 1;
        break;
      }
      const d = depth.get(r);
      if (d !== undefined) {
        meet = d;
        break;
      }
      path.push(r);
    }
    if (meet < 0) return null;
    // The answer moves up to chain[meet]: what was below it on the chain, and
    // the path just walked, lie inside the new answer.
    for (let i = meet + 1; i < chain.length; i++) {
      depth.delete(chain[i]);
      inside.add(chain[i]);
    }
    chain.length = meet + 1;
    for (const r of path) inside.add(r);
  }
  return chain[chain.length - 1];
}

/**
 * MLIR's applyOpPatternsGreedily: the worklist is seeded with exactly `ops`
 * and run once; what the rewrites touch within the ops' common ancestor
 * region is processed too unless the strictness excludes it.
 */
export function applyOpListPatternsGreedily(ctx: Context, ops: readonly Operation[], patterns: FrozenPatternSet, config: Partial<GreedyConfig> = {}): boolean {
  const scope = commonAncestorRegion(ops);
  if (!scope) return false;
  const full = { ...DEFAULT_GREEDY_CONFIG, ...config, regionSimplification: 'disabled' as const };
  return new GreedyDriver(ctx, scope, patterns, full).simplifyOps(ops);
}
