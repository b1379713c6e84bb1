// scf-fold-constant-loops: evaluates scf.for / scf.while / scf.if / scf.loop
// / scf.execute_region ops whose inputs are all constants (operands and every
// value they use from outside) by abstract interpretation, and replaces their
// results with constants. Loops are tried outermost first, so a whole nest
// folds at once; ops whose evaluation needs a non-constant fail and their
// nested loops are tried next; rounds repeat until nothing folds (a folded
// loop's constants may feed the next one).
//
// The interpreter runs the ops' own folders (the semantics canonicalize uses)
// on constant attributes; an op without a folder result (division by zero,
// side effects, unknown ops) stops the evaluation and leaves the IR alone.
// Each evaluation may execute at most `max-ops` operations.
//
// Two bugs of Kirin's constant propagation through loops are avoided by
// construction: nested loops unroll to a fixpoint within one run (#450), and
// no analysis state outlives a rewrite (each fold re-reads the IR; #646).

import { Attribute } from '../../../ir/attributes.js';
import { IntegerAttr } from '../../../ir/builtin-attributes.js';
import { IndexType, IntegerType } from '../../../ir/builtin-types.js';
import { Traits, type Context } from '../../../ir/context.js';
import { matchConstant } from '../../../ir/matchers.js';
import type { Block, Operation, Region, Value } from '../../../ir/operation.js';
import { PatternRewriter } from '../../../ir/pattern.js';
import { isMemoryEffectFree } from '../../../ir/side-effects.js';
import { Pass, type PassInfo, type PassRun } from '../../../passes/pass.js';
import {
  BreakOp,
  ConditionOp,
  ContinueOp,
  ExecuteRegionOp,
  ForOp,
  IfOp,
  LoopOp,
  WhileOp,
  YieldOp,
} from '../ops.js';

export const DEFAULT_MAX_OPS = 100_000;

/** Why an evaluation stopped: the IR is left unchanged. */
class GiveUp {}
const GIVE_UP = new GiveUp();

/** How a block ended: by its yield (or condition), or by an early exit to `token`. */
type Outcome = { kind: 'yield'; values: Attribute[] } | { kind: 'exit'; token: Value; isBreak: boolean; values: Attribute[] };

function intValue(a: Attribute | undefined): bigint {
  if (!(a instanceof IntegerAttr)) throw GIVE_UP;
  return a.value;
}

function boolValue(a: Attribute | undefined): boolean {
  return intValue(a) !== 0n;
}

/** Evaluates structured ops over constant attributes, within a budget of executed ops. */
class Evaluator {
  private readonly env = new Map<Value, Attribute>();
  private steps = 0;
  constructor(private readonly maxOps: number) {}

  get(v: Value): Attribute {
    const a = this.env.get(v) ?? matchConstant(v);
    if (a === undefined) throw GIVE_UP;
    return a;
  }
  private bind(vs: readonly Value[], as: readonly Attribute[]): void {
    if (vs.length !== as.length) throw GIVE_UP;
    for (let i = 0; i < vs.length; i++) this.env.set(vs[i], as[i]);
  }
  private tick(): void {
    if (++this.steps > this.maxOps) throw GIVE_UP;
  }

  /** Runs `block` (its arguments bound to `args`) to its terminator. */
  runBlock(block: Block, args: readonly Attribute[]): Outcome {
    this.bind(block.args, args);
    for (let op = block.first; op; op = op.next) {
      this.tick();
      if (op === block.last && op.hasTrait(Traits.IsTerminator)) return this.terminator(op);
      const exit = this.runOp(op);
      if (exit) return exit;
    }
    throw GIVE_UP;
  }

  private terminator(op: Operation): Outcome {
    if (YieldOp.isa(op)) return { kind: 'yield', values: YieldOp.results(op).map((v) => this.get(v)) };
    if (ConditionOp.isa(op)) return { kind: 'yield', values: [ConditionOp.condition(op), ...ConditionOp.args(op)].map((v) => this.get(v)) };
    if (BreakOp.isa(op)) return { kind: 'exit', token: BreakOp.token(op), isBreak: true, values: BreakOp.results(op).map((v) => this.get(v)) };
    if (ContinueOp.isa(op)) return { kind: 'exit', token: ContinueOp.token(op), isBreak: false, values: ContinueOp.results(op).map((v) => this.get(v)) };
    throw GIVE_UP;
  }

  /** Runs `region`'s single block. */
  private runRegion(region: Region, args: readonly Attribute[]): Outcome {
    if (region.blocks.length !== 1) throw GIVE_UP;
    return this.runBlock(region.entry, args);
  }

  /** Evaluates `op`, binding its results; returns an early exit leaving it, if any. */
  runOp(op: Operation): Outcome | undefined {
    if (ForOp.isa(op)) return this.runFor(op);
    if (WhileOp.isa(op)) return this.runWhile(op);
    if (LoopOp.isa(op)) return this.runLoop(op);
    if (IfOp.isa(op)) {
      const region = boolValue(this.get(IfOp.condition(op))) ? IfOp.thenRegion(op) : IfOp.elseRegion(op);
      if (region.empty) return undefined;
      const out = this.runRegion(region, []);
      if (out.kind === 'exit') return out;
      this.bind(op.results, out.values);
      return undefined;
    }
    if (ExecuteRegionOp.isa(op)) {
      const token = ExecuteRegionOp.token(op);
      const out = this.runRegion(ExecuteRegionOp.region(op), token ? [IntegerAttr.get(IntegerType.get(1), 0n)] : []);
      if (out.kind === 'exit' && out.token !== token) return out;
      this.bind(op.results, out.values);
      return undefined;
    }
    if (op.regions.length || !isMemoryEffectFree(op)) throw GIVE_UP;
    const constant = op.hasTrait(Traits.ConstantLike) ? matchConstant(op.result(0)) : undefined;
    if (constant !== undefined) {
      this.env.set(op.result(0), constant);
      return undefined;
    }
    const folded = op.name.def?.fold?.(op, op.operands.map((v) => this.get(v)));
    if (!folded || folded.length !== op.numResults || (folded.length === 1 && folded[0] === op.result(0))) throw GIVE_UP;
    folded.forEach((f, i) => this.env.set(op.result(i), f instanceof Attribute ? f : this.get(f)));
    return undefined;
  }

  private runFor(op: Operation): Outcome | undefined {
    const forOp = ForOp.cast(op);
    const ivType = ForOp.inductionVar(forOp).type;
    const width = ivType instanceof IndexType ? 64 : ivType instanceof IntegerType ? ivType.width : 0;
    if (!width) throw GIVE_UP;
    const unsigned = ForOp.unsignedCmp(forOp);
    const norm = (x: bigint): bigint => (unsigned ? BigInt.asUintN(width, x) : BigInt.asIntN(width, x));
    let iv = norm(intValue(this.get(ForOp.lowerBound(forOp))));
    const ub = norm(intValue(this.get(ForOp.upperBound(forOp))));
    const step = norm(intValue(this.get(ForOp.step(forOp))));
    if (step <= 0n) throw GIVE_UP;
    let iters = ForOp.initArgs(forOp).map((v) => this.get(v));
    while (iv < ub) {
      this.tick();
      const out = this.runBlock(ForOp.body(forOp), [IntegerAttr.get(ivType, BigInt.asIntN(width, iv)), ...iters]);
      if (out.kind === 'exit') throw GIVE_UP;
      iters = out.values;
      iv += step;
      // Wrapping past the type's range is left to run time.
      if (norm(iv) !== iv) throw GIVE_UP;
    }
    this.bind(op.results, iters);
    return undefined;
  }

  private runWhile(op: Operation): Outcome | undefined {
    const w = WhileOp.cast(op);
    let args = WhileOp.inits(w).map((v) => this.get(v));
    for (;;) {
      this.tick();
      const before = this.runRegion(WhileOp.before(w), args);
      if (before.kind === 'exit') throw GIVE_UP;
      const [cond, ...forwarded] = before.values;
      if (!boolValue(cond)) {
        this.bind(op.results, forwarded);
        return undefined;
      }
      const after = this.runRegion(WhileOp.after(w), forwarded);
      if (after.kind === 'exit') throw GIVE_UP;
      args = after.values;
    }
  }

  private runLoop(op: Operation): Outcome | undefined {
    const loop = LoopOp.cast(op);
    const token = LoopOp.token(loop);
    let iters = LoopOp.initArgs(loop).map((v) => this.get(v));
    for (;;) {
      this.tick();
      const out = this.runRegion(LoopOp.region(loop), [IntegerAttr.get(IntegerType.get(1), 0n), ...iters]);
      if (out.kind !== 'exit') throw GIVE_UP;
      if (out.token !== token) return out;
      if (out.isBreak) {
        this.bind(op.results, out.values);
        return undefined;
      }
      iters = out.values;
    }
  }
}

const CANDIDATES = [ForOp, WhileOp, IfOp, LoopOp, ExecuteRegionOp];

function isCandidate(op: Operation): boolean {
  return CANDIDATES.some((h) => h.isa(op));
}

/** No op nested in `op` has a side effect (early exits, whose effects are unknown to others, are control flow here). */
function effectFree(op: Operation): boolean {
  let ok = true;
  op.walk((inner) => {
    if (!ok || inner.regions.length || BreakOp.isa(inner) || ContinueOp.isa(inner)) return;
    if (!isMemoryEffectFree(inner)) ok = false;
  });
  return ok;
}

/** True if every value `op` uses from outside itself is a constant. */
function inputsConstant(op: Operation): boolean {
  for (const v of op.operands) if (matchConstant(v) === undefined) return false;
  let ok = true;
  op.walk((inner) => {
    if (!ok || inner === op) return;
    for (const v of inner.operands) {
      if (isDefinedInside(v, op)) continue;
      if (matchConstant(v) === undefined) ok = false;
    }
  });
  return ok;
}

function isDefinedInside(v: Value, op: Operation): boolean {
  for (let r: Region | null = v.parentBlock?.parent ?? null; r; r = r.parentOp?.parentRegion ?? null) if (r.parentOp === op) return true;
  return false;
}

/**
 * Evaluates `op` (an scf.for/while/if/loop/execute_region with constant
 * inputs and no side effects) and replaces it with constants. Returns false,
 * leaving the IR unchanged, when it cannot (non-constant input, an op without
 * a folder result, a budget of `maxOps` executed ops exceeded).
 */
export function foldConstantLoop(rewriter: PatternRewriter, op: Operation, maxOps = DEFAULT_MAX_OPS): boolean {
  if (!isCandidate(op) || !effectFree(op) || !inputsConstant(op)) return false;
  const ev = new Evaluator(maxOps);
  const results = new Map<Value, Attribute>();
  try {
    const exit = ev.runOp(op);
    if (exit) return false;
    for (const r of op.results) results.set(r, ev.get(r));
  } catch (e) {
    if (e instanceof GiveUp) return false;
    throw e;
  }
  rewriter.setInsertionPointBefore(op);
  const replacements: Value[] = [];
  const created: Operation[] = [];
  for (const r of op.results) {
    const c = rewriter.materializeConstant('arith', results.get(r)!, r.type, op.location);
    if (!c) {
      for (const x of created) rewriter.eraseOp(x);
      return false;
    }
    created.push(c);
    replacements.push(c.result(0));
  }
  rewriter.replaceOp(op, replacements);
  return true;
}

/** Folds constant loops in `root` to a fixpoint (outermost first each round); returns how many folded. */
export function foldConstantLoops(ctx: Context, root: Operation, options: { maxOps?: number } = {}): number {
  const rewriter = new PatternRewriter(ctx);
  let total = 0;
  for (;;) {
    const candidates: Operation[] = [];
    root.walk((op) => {
      if (op !== root && isCandidate(op)) candidates.push(op);
    }, 'pre');
    let folded = 0;
    for (const op of candidates) {
      if (!isAttached(op, root)) continue;
      if (foldConstantLoop(rewriter, op, options.maxOps)) folded++;
    }
    if (!folded) return total;
    total += folded;
  }
}

/** Whether `op` is still in `root` (an enclosing op may have been folded away). */
function isAttached(op: Operation, root: Operation): boolean {
  for (let o: Operation | null = op; o; o = o.parentOp) if (o === root) return true;
  return false;
}

export const FoldConstantLoopsInfo: PassInfo = {
  argument: 'scf-fold-constant-loops',
  name: 'SCFFoldConstantLoops',
  description: 'Evaluate scf loops and ifs whose inputs are constants and replace their results with constants',
  options: [
    {
      name: 'max-ops',
      kind: 'ulong',
      description: 'Maximum number of operations evaluated to fold one loop (larger loops are left alone)',
      default: BigInt(DEFAULT_MAX_OPS),
    },
  ],
  create: () => new FoldConstantLoopsPass(),
};

export class FoldConstantLoopsPass extends Pass {
  constructor() {
    super(FoldConstantLoopsInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    foldConstantLoops(run.ctx, op, { maxOps: Number(this.options.int('max-ops')) });
  }
}
