// scf-lower-early-exit: rewrites upstream MLIR's early exits (newer than
// MLIR 22: `scf.break`/`scf.continue`, `scf.loop`, token-carrying
// `scf.execute_region`) into structured IR MLIR 22 accepts: flags threaded
// through `scf.if` results, trailing ops sunk into the fall-through branches,
// and `scf.loop` turned into `scf.while`.
//
// Targets (execute_regions and loops) are handled innermost first. For each:
//  1. its own breaks are lowered (an `scf.if` holding one gets the target's
//     result types; a branch that breaks yields the break's values, a branch
//     that falls through gets a copy of the ops after the if);
//  2. for each exit that crosses it towards an outer target (nearest target
//     first), its results grow by (i1 flag, the exit's values): such an exit
//     becomes a break of this op with poison for the other slots, its own
//     exits pass `false` and poison, and a guarded re-break
//     `scf.if %flag { scf.break %outer, %vals }` follows it; then 1. again;
//  3. a loop becomes an `scf.while` whose `before` region runs the body and
//     whose condition says whether the body continued.
// The `false`/`true`/`ub.poison` constants are shared per function and placed
// at its start the way MLIR's OperationFolder orders constants it hoists.

import type { Type } from '../../../ir/attributes.js';
import { IntegerType, TokenType } from '../../../ir/builtin-types.js';
import { Traits, fail, type Context } from '../../../ir/context.js';
import { Rewriter } from '../../../ir/builder.js';
import { Block, type Operation, type Region, type Value } from '../../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../../passes/pass.js';
import { IRMapping, cloneAt } from '../../../transforms/clone.js';
import { ConstantOp } from '../../arith/index.js';
import { PoisonOp } from '../../ub/index.js';
import { BreakOp, ConditionOp, ContinueOp, ExecuteRegionOp, IfOp, LoopOp, WhileOp, YieldOp } from '../ops.js';

/** An exit leaving a target: its break, or (for loops) its continue. */
interface Exit {
  target: Operation;
  isBreak: boolean;
}

/** The values an exit carries: a break's are the target's results, a continue's the loop's iter args. */
function exitTypes(e: Exit): Type[] {
  return e.isBreak ? [...e.target.resultTypes] : LoopOp.regionIterArgs(LoopOp.cast(e.target)).map((a) => a.type);
}

/** The region of a target (an execute_region or a loop). */
function regionOf(target: Operation): Region {
  return LoopOp.isa(target) ? LoopOp.region(target) : ExecuteRegionOp.region(ExecuteRegionOp.cast(target));
}

function tokenOf(target: Operation): Value | undefined {
  return LoopOp.isa(target) ? LoopOp.token(target) : ExecuteRegionOp.token(ExecuteRegionOp.cast(target));
}

/** The exit `op` takes, if it is a `scf.break`/`scf.continue`, with the values it passes. */
function exitOf(op: Operation | null): { exit: Exit; token: Value; values: Value[] } | undefined {
  if (BreakOp.isa(op)) {
    const target = BreakOp.target(op);
    return target ? { exit: { target, isBreak: true }, token: BreakOp.token(op), values: BreakOp.results(op) } : undefined;
  }
  if (ContinueOp.isa(op)) {
    const target = ContinueOp.target(op);
    return target ? { exit: { target, isBreak: false }, token: ContinueOp.token(op), values: ContinueOp.results(op) } : undefined;
  }
  return undefined;
}

class EarlyExitLowering {
  private readonly rewriter: Rewriter;
  private falseValue: Value | undefined;
  private trueValue: Value | undefined;
  private readonly poisons = new Map<Type, Value>();
  private readonly constants: Operation[] = [];

  constructor(
    readonly ctx: Context,
    private readonly entry: Block,
  ) {
    this.rewriter = new Rewriter(ctx);
  }

  // ---- shared constants (ordered by finish())

  private atEntry<T>(build: () => T): T {
    const saved = this.rewriter.insertionPoint;
    this.rewriter.setInsertionPointToStart(this.entry);
    try {
      return build();
    } finally {
      this.rewriter.insertionPoint = saved;
    }
  }
  private bool(v: boolean): Value {
    const cached = v ? this.trueValue : this.falseValue;
    if (cached) return cached;
    const c = this.atEntry(() => ConstantOp.bool(this.rewriter, v));
    this.constants.push(c.definingOp!);
    if (v) this.trueValue = c;
    else this.falseValue = c;
    return c;
  }
  private poison(t: Type): Value {
    let p = this.poisons.get(t);
    if (!p) {
      const op = this.atEntry(() => PoisonOp.build(this.rewriter, { result: t }));
      this.constants.push(op);
      p = PoisonOp.result(op);
      this.poisons.set(t, p);
    }
    return p;
  }

  /**
   * Places the constants at the start of the function as MLIR's folder leaves
   * constants created next to their uses: each, in order of first use, moved
   * to the front (so the last first-used ends up first). Unused ones go.
   */
  finish(root: Operation): void {
    const mine = new Set(this.constants);
    const order: Operation[] = [];
    const seen = new Set<Operation>();
    root.walk((op) => {
      for (const v of op.operands) {
        const d = v.definingOp;
        if (d && mine.has(d) && !seen.has(d)) {
          seen.add(d);
          order.push(d);
        }
      }
    }, 'pre');
    for (const c of this.constants) if (!seen.has(c)) this.rewriter.eraseOp(c);
    for (const c of order) if (this.entry.first !== c) c.moveBefore(this.entry.first!);
  }

  // ---- checks

  /** Blocks of a target execute_region may end only with `scf.yield` or `scf.break`. */
  checkTerminators(op: Operation): boolean {
    for (const block of regionOf(op).blocks) {
      const t = block.last;
      if (t && !YieldOp.isa(t) && !BreakOp.isa(t))
        return fail(this.ctx, op, `contains unsupported terminator '${t.opName}'; expected '${YieldOp.opName}' or '${BreakOp.opName}'`);
    }
    return true;
  }

  // ---- sinking: exits of one target, through scf.if

  /**
   * Lowers the exits of the target whose token is `token` in `block`, a block
   * whose end produces the target's values (`types`): `selfExit` gives the
   * values to yield for such an exit. An `scf.if` holding one becomes an
   * `scf.if` yielding `types`, the ops after it copied into its fall-through
   * branches; `block` then yields its results.
   */
  private lowerBlock(block: Block, token: Value, types: readonly Type[], selfExit: (exit: { exit: Exit; values: Value[] }) => Value[]): void {
    const term = block.last;
    const own = exitOf(term);
    if (own && own.token === token) {
      const values = selfExit(own);
      this.rewriter.setInsertionPointBefore(term!);
      YieldOp.build(this.rewriter, { results: values, location: term!.location });
      this.rewriter.eraseOp(term!);
    }
    for (let op = block.first; op && op !== block.last; op = op.next) {
      if (IfOp.isa(op) && this.holdsExit(op, token)) {
        this.sinkIf(block, op, token, types, selfExit);
        return;
      }
    }
  }

  private holdsExit(op: Operation, token: Value): boolean {
    for (const user of token.users()) for (let p = user.parentOp; p; p = p.parentOp) if (p === op) return true;
    return false;
  }

  private sinkIf(block: Block, ifOp: Operation, token: Value, types: readonly Type[], selfExit: (exit: { exit: Exit; values: Value[] }) => Value[]): void {
    const x = IfOp.cast(ifOp);
    const term = block.last!;
    const rest: Operation[] = [];
    for (let o = x.next; o && o !== term; o = o.next) rest.push(o);
    const r = this.rewriter;
    r.setInsertionPointBefore(x);
    const newIf = IfOp.build(r, { condition: IfOp.condition(x), results: types, location: x.location });
    const regions = [IfOp.thenRegion(x), IfOp.elseRegion(x)];
    const dests = [IfOp.thenRegion(newIf), IfOp.elseRegion(newIf)];
    for (let i = 0; i < 2; i++) {
      const src = regions[i];
      if (src.empty) {
        // A missing else falls through with no values.
        const b = new Block();
        src.pushBlock(b);
        r.setInsertionPointToEnd(b);
        YieldOp.build(r, { location: x.location });
      }
      r.inlineRegionBefore(src, dests[i], null);
      const branch = dests[i].entry;
      const last = branch.last;
      if (YieldOp.isa(last)) {
        const mapping = new IRMapping();
        mapping.mapAll(x.results, YieldOp.results(last));
        r.eraseOp(last);
        r.setInsertionPointToEnd(branch);
        for (const o of [...rest, term]) cloneAt(r, o, mapping);
      }
      this.lowerBlock(branch, token, types, selfExit);
    }
    r.eraseOp(term);
    for (let i = rest.length - 1; i >= 0; i--) r.eraseOp(rest[i]);
    r.eraseOp(x);
    r.setInsertionPointToEnd(block);
    YieldOp.build(r, { results: newIf.results, location: newIf.location });
  }

  /** Lowers an execute_region's own breaks: they become yields of their values. */
  private lowerOwnBreaks(er: Operation): void {
    const token = ExecuteRegionOp.token(ExecuteRegionOp.cast(er));
    if (!token || !token.hasUses) return;
    for (const block of regionOf(er).blocks) this.lowerBlock(block, token, er.resultTypes, (e) => e.values);
  }

  // ---- widening a target for an exit crossing it

  /** The exits crossing `op` (to targets outside it), nearest target first, breaks before continues. */
  private crossingExits(op: Operation): Exit[] {
    const found: Exit[] = [];
    op.walk((inner) => {
      const e = exitOf(inner);
      if (e && e.exit.target !== op && !found.some((f) => f.target === e.exit.target && f.isBreak === e.exit.isBreak)) found.push(e.exit);
    });
    const depth = (t: Operation): number => {
      let d = 0;
      for (let p = op.parentOp; p && p !== t; p = p.parentOp) d++;
      return d;
    };
    return found.sort((a, b) => depth(a.target) - depth(b.target) || Number(b.isBreak) - Number(a.isBreak));
  }

  /**
   * Gives `op` (an execute_region or a loop) the results (i1, exit values)
   * for `exit`, turns the exit inside it into its own break and re-breaks
   * after it; returns the new op.
   */
  private widen(op: Operation, exit: Exit): Operation {
    const r = this.rewriter;
    const loc = op.location;
    const old = op.numResults;
    const extra = exitTypes(exit);
    const types = [...op.resultTypes, IntegerType.get(1), ...extra];
    r.setInsertionPointBefore(op);
    let widened: Operation;
    if (LoopOp.isa(op)) {
      widened = LoopOp.build(r, { initArgs: LoopOp.initArgs(op), results: types, discardable: Object.fromEntries(op.attributesView), location: loc });
    } else {
      const er = ExecuteRegionOp.cast(op);
      widened = ExecuteRegionOp.build(r, { results: types, no_inline: ExecuteRegionOp.no_inline(er), discardable: Object.fromEntries(op.attributesView), location: loc });
    }
    r.inlineRegionBefore(regionOf(op), regionOf(widened), null);
    const entry = regionOf(widened).entry;
    let token = tokenOf(widened);
    if (!token) token = entry.insertArgument(0, TokenType.get(), loc);
    const notTaken = [this.bool(false), ...extra.map((t) => this.poison(t))];
    // Its own exits pass "not taken".
    if (ExecuteRegionOp.isa(widened))
      for (const block of regionOf(widened).blocks) {
        const y = block.last;
        if (YieldOp.isa(y)) y.setOperands([...YieldOp.results(y), ...notTaken]);
      }
    for (const user of token.users()) if (BreakOp.isa(user)) user.setOperands([token, ...BreakOp.results(user), ...notTaken]);
    // The crossing exit becomes its own break.
    const targetToken = tokenOf(exit.target)!;
    for (const user of targetToken.users()) {
      const e = exitOf(user);
      if (!e || e.exit.isBreak !== exit.isBreak || !this.isInside(user, widened)) continue;
      r.setInsertionPointBefore(user);
      BreakOp.build(r, { token, results: [...op.resultTypes.map((t) => this.poison(t)), this.bool(true), ...e.values], location: user.location });
      r.eraseOp(user);
    }
    // The guarded re-exit after it.
    r.setInsertionPointAfter(widened);
    const flag = widened.results[old];
    const values = widened.results.slice(old + 1);
    IfOp.create(r, { condition: flag, location: loc }, (b, l) => {
      if (exit.isBreak) BreakOp.build(b, { token: targetToken, results: values, location: l });
      else ContinueOp.build(b, { token: targetToken, results: values, location: l });
    });
    r.replaceOp(op, widened.results.slice(0, old));
    return widened;
  }

  private isInside(op: Operation, ancestor: Operation): boolean {
    for (let p = op.parentOp; p; p = p.parentOp) if (p === ancestor) return true;
    return false;
  }

  // ---- scf.loop to scf.while

  /**
   * The loop's body, its exits lowered to yields of (continue?, iter values,
   * results), becomes the `before` region of an `scf.while` whose condition
   * is the continue flag; the `after` region passes the iter values back.
   */
  private loopToWhile(op: Operation): void {
    const loop = LoopOp.cast(op);
    const r = this.rewriter;
    const loc = op.location;
    const iterTypes = LoopOp.regionIterArgs(loop).map((a) => a.type);
    const resultTypes = [...op.resultTypes];
    const token = LoopOp.token(loop);
    const body = LoopOp.body(loop);
    const types = [IntegerType.get(1), ...iterTypes, ...resultTypes];
    this.lowerBlock(body, token, types, (e) =>
      e.exit.isBreak
        ? [this.bool(false), ...iterTypes.map((t) => this.poison(t)), ...e.values]
        : [this.bool(true), ...e.values, ...resultTypes.map((t) => this.poison(t))],
    );
    r.setInsertionPointBefore(op);
    const whileOp = WhileOp.build(r, { inits: LoopOp.initArgs(loop), results: [...iterTypes, ...resultTypes], discardable: Object.fromEntries(op.attributesView), location: loc });
    r.inlineRegionBefore(LoopOp.region(loop), WhileOp.before(whileOp), null);
    body.eraseArgument(0);
    const y = body.last!;
    const vals = YieldOp.results(YieldOp.cast(y));
    r.setInsertionPointBefore(y);
    ConditionOp.build(r, { condition: vals[0], args: vals.slice(1), location: y.location });
    r.eraseOp(y);
    const after = r.createBlock(WhileOp.after(whileOp), [...iterTypes, ...resultTypes], loc);
    YieldOp.build(r, { results: after.args.slice(0, iterTypes.length), location: loc });
    r.replaceOp(op, whileOp.results.slice(iterTypes.length));
  }

  // ---- driver

  /** Lowers the early exits of `targets` (post-order, all under `root`); false (after a diagnostic) on unsupported IR. */
  run(root: Operation, targets: Operation[]): boolean {
    for (const t of targets) if (ExecuteRegionOp.isa(t) && ExecuteRegionOp.token(t) && !this.checkTerminators(t)) return false;
    for (let t of targets) {
      const isLoop = LoopOp.isa(t);
      const crossing = this.crossingExits(t);
      if (!isLoop && crossing.length && !this.checkTerminators(t)) return false;
      if (!isLoop) this.lowerOwnBreaks(t);
      for (const exit of crossing) {
        t = this.widen(t, exit);
        if (!isLoop) this.lowerOwnBreaks(t);
      }
      if (isLoop) this.loopToWhile(t);
      else {
        const token = ExecuteRegionOp.token(ExecuteRegionOp.cast(t));
        if (token && !token.hasUses) regionOf(t).entry.eraseArgument(0);
      }
    }
    this.finish(root);
    return true;
  }
}

/**
 * Lowers the early exits nested in `root` (e.g. a func.func) to MLIR 22
 * structured control flow. Returns false, after reporting, when an
 * execute_region that is a break target holds other terminators (cf.br, ...).
 */
export function lowerEarlyExits(ctx: Context, root: Operation): boolean {
  // Targets by the isolated op (function) whose start receives the shared constants.
  const groups = new Map<Operation, Operation[]>();
  root.walk((op) => {
    if (!ExecuteRegionOp.isa(op) && !LoopOp.isa(op)) return;
    let scope = op.parentOp!;
    while (scope !== root && !scope.hasTrait(Traits.IsolatedFromAbove)) scope = scope.parentOp!;
    let list = groups.get(scope);
    if (!list) groups.set(scope, (list = []));
    list.push(op);
  }, 'post');
  for (const [scope, targets] of groups) {
    // The isolated op's body: its first non-empty region (a function has one).
    const entry = scope.regions.find((r) => !r.empty)?.entry;
    if (entry && !new EarlyExitLowering(ctx, entry).run(scope, targets)) return false;
  }
  return true;
}

export const LowerEarlyExitInfo: PassInfo = {
  argument: 'scf-lower-early-exit',
  name: 'SCFLowerEarlyExit',
  description: 'Lower early exits (scf.break, scf.continue, scf.loop) to structured control flow without early exits',
  create: () => new LowerEarlyExitPass(),
};

export class LowerEarlyExitPass extends Pass {
  constructor() {
    super(LowerEarlyExitInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    if (!lowerEarlyExits(run.ctx, op)) run.signalPassFailure();
  }
}
