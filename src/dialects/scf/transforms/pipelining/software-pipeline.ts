// The RFC's software pipeliner ("Changing the loop pipeliner
// prologue/epilogue generation"): instead of emitting a prologue, a kernel
// and an epilogue, emit the pipelined loop once and peel iterations off it.
//
// Step 1 (kernel): the loop runs over the widened range
//   [lb - (S-1)*step, ub)   (S stages; an unsigned loop widens upwards instead),
// stage s of kernel iteration k works on original iteration k - s, each stage
// is guarded by a `pipeline.predicate` and each op wrapped in a
// `pipeline.mask`. Values that cross kernel iterations travel in iter_args:
// a result used d stages later goes through a chain of d carried slots
// (poison-initialised), and each loop-carried value of the original loop is
// a register updated only when the stage producing it ran on a real
// iteration (`arith.select`), initialised with the loop's init value. This
// keeps the original loop's results exact for every trip count, zero
// included, and carries dependences of any distance.
// Step 2 (peel): peel N first and M last kernel iterations with the shared
// peelForLoop and fold the predicates this decides (constant masks become
// their op or poison).
// Step 3 (lower): the masks left become their op when it is speculatable
// (poison is refined to its value), a user hook's predicated op, or an
// `scf.if` yielding poison otherwise; predicates become arith comparisons.

import type { Type } from '../../../../ir/attributes.js';
import { IntegerType } from '../../../../ir/builtin-types.js';
import type { Builder } from '../../../../ir/builder.js';
import type { Location } from '../../../../ir/location.js';
import { matchConstantBool, matchConstantInt } from '../../../../ir/matchers.js';
import type { Block, Operation, Value } from '../../../../ir/operation.js';
import type { PatternRewriter } from '../../../../ir/pattern.js';
import { isSpeculatable, isMemoryEffectFree } from '../../../../ir/side-effects.js';
import type { OpOf } from '../../../../ods/index.js';
import { IRMapping, cloneAt } from '../../../../transforms/clone.js';
import { createOrFold } from '../../../../transforms/create-or-fold.js';
import { FrozenPatternSet, applyOpListPatternsGreedily } from '../../../../transforms/greedy.js';
import { AddIOp, AndIOp, CmpIOp, CmpIPredicate, ConstantOp, MulIOp, SelectOp, SubIOp } from '../../../arith/index.js';
import { MaskOp, PredicateOp, YieldOp as PipelineYieldOp } from '../../../pipeline/index.js';
import { PoisonOp } from '../../../ub/index.js';
import { ForOp, IfOp, YieldOp, mixedConstant } from '../../ops.js';
import { peelForLoop } from '../loop-peeling.js';
import { checkSchedule, numStages, type ScheduleError } from './check-schedule.js';
import { carriedProducers, classify, valuesUsedBy } from './dependences.js';
import { TEST_PIPELINING_OP_ORDER, TEST_PIPELINING_STAGE, type PipelineSchedule } from './schedule.js';

type ForLoop = OpOf<typeof ForOp>;

/**
 * Predicates one op (MLIR's PipeliningOption::PredicateOpFn): given the op
 * already in place (unguarded) and the i1 predicate, return an op with the
 * same results that has the op's effect only when the predicate holds (the
 * results may be anything when it does not), or undefined to let the
 * pipeliner lower it. The hook may replace or erase `op`.
 */
export type PredicateOpFn = (rewriter: PatternRewriter, op: Operation, predicate: Value) => Operation | undefined;

export interface SoftwarePipelineOptions {
  /** Kernel iterations to peel off the front, 0..S-1 (default S-1: the whole prologue). */
  peelPrologue?: number;
  /** Kernel iterations to peel off the back, 0..S-1 (default S-1: the whole epilogue). */
  peelEpilogue?: number;
  /** Stop after step 1 (masks and predicates left in the kernel) or step 2 (peeled and folded). */
  stopAfter?: 'kernel' | 'peel';
  /** Lowers the masks of ops that are not speculatable, before the `scf.if` fallback. */
  predicate?: PredicateOpFn;
  /** Fold and erase dead ops among the ones the pipeliner created (default true). */
  simplify?: boolean;
}

export interface SoftwarePipelineResult {
  /** The pipelined loop (with the peeled iterations, the main part). */
  kernel: ForLoop;
  /** The peeled front kernel iterations, in order (with constant bounds, the ones that run once are inlined and the ones that never run erased: neither is listed). */
  prologue: ForLoop[];
  /** The peeled back kernel iterations, in order (as `prologue`). */
  epilogue: ForLoop[];
  numStages: number;
}

/** An option value outside its range, or a loop the pipeliner cannot take. */
export interface PipelineOptionError {
  readonly op: Operation;
  readonly message: string;
}

/**
 * Pipelines `forOp` with `schedule` (checked first). Returns the parts, or
 * the error that stopped it (IR untouched then).
 */
export function softwarePipeline(
  rewriter: PatternRewriter,
  forOp: ForLoop,
  schedule: PipelineSchedule,
  options: SoftwarePipelineOptions = {},
): SoftwarePipelineResult | { error: ScheduleError | PipelineOptionError } {
  const bad = checkSchedule(forOp, schedule);
  if (bad) return { error: bad };
  const S = numStages(schedule);
  const N = options.peelPrologue ?? S - 1;
  const M = options.peelEpilogue ?? S - 1;
  for (const [n, what] of [
    [N, 'peel-prologue'],
    [M, 'peel-epilogue'],
  ] as const)
    if (!Number.isInteger(n) || n < 0 || n > S - 1) return { error: { op: forOp, message: `${what}=${n} is out of range: the schedule has ${S} stages, so it must be in [0, ${S - 1}]` } };
  const step = mixedConstant(ForOp.step(forOp));
  if (step !== undefined && step <= 0n) return { error: { op: forOp, message: `cannot be pipelined: its step ${step} is not positive` } };

  const block = forOp.parentBlock!;
  const before = new Set(block.ops);
  const finish = (r: SoftwarePipelineResult): SoftwarePipelineResult => {
    if (options.simplify ?? true) simplifyNewOps(rewriter, block, before);
    return r;
  };
  const kernel = emitKernel(rewriter, forOp, schedule, S);
  const result: SoftwarePipelineResult = { kernel, prologue: [], epilogue: [], numStages: S };
  if (options.stopAfter === 'kernel') return finish(result);

  const info = kernelInfo(kernel, S);
  const K = staticKernelTrips(kernel);
  // peelForLoop refuses only non-positive constant steps (rejected above).
  const peeled = peelForLoop(rewriter, kernel, { first: N, last: M });
  const [n, m] = peeled ? [N, M] : [0, 0];
  if (peeled) {
    result.prologue = peeled.first;
    result.epilogue = peeled.last;
  }
  // Fold each part's predicates with what is known of its kernel iterations.
  result.prologue.forEach((part, k) => foldPart(rewriter, part, info, { exact: k, K }));
  foldPart(rewriter, kernel, info, { main: { N: n, M: m } });
  result.epilogue.forEach((part, j) => {
    const exact = K === undefined ? undefined : Math.max(K - m, n) + j;
    foldPart(rewriter, part, info, { exact, last: { N: n, M: m, j }, K });
  });
  if (K !== undefined) {
    result.prologue = result.prologue.filter((p) => inlineOrDropStaticPart(rewriter, p));
    result.epilogue = result.epilogue.filter((p) => inlineOrDropStaticPart(rewriter, p));
  }
  if (options.stopAfter === 'peel') return finish(result);

  for (const loop of [...result.prologue, kernel, ...result.epilogue]) lowerPipelineOps(rewriter, loop, options.predicate);
  // Parts inlined into the parent block: lower what they left there too.
  const parent = kernel.parentBlock;
  if (parent) lowerPipelineOpsIn(rewriter, [...parent.ops], options.predicate);
  return finish(result);
}

/** Folds and erases dead ops among those the pipeliner put in `block` (and their nested ops). */
function simplifyNewOps(rewriter: PatternRewriter, block: Block, before: ReadonlySet<Operation>): void {
  const ops: Operation[] = [];
  for (const op of block.ops) if (!before.has(op)) op.walk((o) => void ops.push(o));
  if (ops.length) applyOpListPatternsGreedily(rewriter.ctx, ops, new FrozenPatternSet([]), { strictness: 'existing' });
}

// ============================================================================
// Step 1: the kernel

interface KernelInfo {
  lowerBound: Value;
  upperBound: Value;
  step: Value;
  unsigned: boolean;
  numStages: number;
}

function kernelInfo(kernel: ForLoop, S: number): KernelInfo {
  // Every predicate of the kernel carries the original bounds.
  let info: KernelInfo | undefined;
  kernel.walk((o) => {
    if (!info && PredicateOp.isa(o))
      info = { lowerBound: PredicateOp.lowerBound(o), upperBound: PredicateOp.upperBound(o), step: PredicateOp.step(o), unsigned: PredicateOp.unsignedCmp(o), numStages: S };
  });
  return info ?? { lowerBound: ForOp.lowerBound(kernel), upperBound: ForOp.upperBound(kernel), step: ForOp.step(kernel), unsigned: ForOp.unsignedCmp(kernel), numStages: S };
}

function emitKernel(rewriter: PatternRewriter, forOp: ForLoop, schedule: PipelineSchedule, S: number): ForLoop {
  const loc = forOp.location;
  const lb = ForOp.lowerBound(forOp);
  const ub = ForOp.upperBound(forOp);
  const step = ForOp.step(forOp);
  const unsigned = ForOp.unsignedCmp(forOp);
  const type = lb.type;
  const inits = ForOp.initArgs(forOp);
  const yielded = YieldOp.results(YieldOp.cast(ForOp.yieldOp(forOp)));
  const nArgs = inits.length;

  const stageOf = new Map<Operation, number>();
  for (const { op, stage } of schedule) stageOf.set(op, stage);
  const producers = carriedProducers(forOp);
  /** The stage whose run on iteration j makes loop-carried value r of iteration j + 1 known. */
  const argStage = producers.map((p) => (p ? stageOf.get(p)! : 0));

  // How far back (in kernel iterations) each value is read.
  const opDelay = new Map<Value, number>();
  const argDelay = new Array<number>(nArgs).fill(1);
  for (const { op, stage: s } of schedule)
    for (const v of valuesUsedBy(op)) {
      const src = classify(forOp, v);
      if (src.kind === 'op') opDelay.set(v, Math.max(opDelay.get(v) ?? 0, s - stageOf.get(src.op)!));
      else if (src.kind === 'arg') argDelay[src.index] = Math.max(argDelay[src.index], s + 1 - argStage[src.index]);
    }

  rewriter.setInsertionPointBefore(forOp);
  const fold = (build: (b: Builder) => Operation): Value => createOrFold(rewriter, build)[0];
  const cst = (n: number): Value => fold((b) => ConstantOp.int(b, n, type, loc).definingOp!);
  const lag = S > 1 ? fold((b) => MulIOp.build(b, { lhs: cst(S - 1), rhs: step, location: loc })) : undefined;
  const lbW = lag && !unsigned ? fold((b) => SubIOp.build(b, { lhs: lb, rhs: lag, location: loc })) : lb;
  const ubW = lag && unsigned ? fold((b) => AddIOp.build(b, { lhs: ub, rhs: lag, location: loc })) : ub;

  // Iter args: the registers of the loop-carried values first (they are the results), then
  // the delay slots of each value read in a later kernel iteration, in the order of their first
  // such use, oldest slot first (the layout MLIR's pipeliner gives its loop-carried copies).
  const kernelInits: Value[] = [...inits];
  const argSlot: number[][] = inits.map((_, r) => [-1, r]);
  const poisons = new Map<Type, Value>();
  const poison = (t: Type): Value => {
    let p = poisons.get(t);
    if (!p) poisons.set(t, (p = PoisonOp.result(PoisonOp.build(rewriter, { result: t, location: loc }))));
    return p;
  };
  const opSlot = new Map<Value, number[]>();
  const allocate = (depth: number, lowest: number, init: Value): number[] => {
    const slots: number[] = [];
    for (let e = depth; e >= lowest; e--) {
      slots[e] = kernelInits.length;
      kernelInits.push(init);
    }
    return slots;
  };
  for (const { op, stage: s } of schedule)
    for (const v of valuesUsedBy(op)) {
      const src = classify(forOp, v);
      if (src.kind === 'op' && s > stageOf.get(src.op)! && !opSlot.has(v)) opSlot.set(v, allocate(opDelay.get(v)!, 1, poison(v.type)));
      else if (src.kind === 'arg' && s + 1 - argStage[src.index] >= 2 && argSlot[src.index].length === 2) {
        const extra = allocate(argDelay[src.index], 2, inits[src.index]);
        for (let e = 2; e <= argDelay[src.index]; e++) argSlot[src.index][e] = extra[e];
      }
    }

  const kernel = ForOp.create(rewriter, { lowerBound: lbW, upperBound: ubW, step, initArgs: kernelInits, unsignedCmp: unsigned, location: loc }, (b, l, ivK, iterArgs) => {
    const f = (build: (b: Builder) => Operation): Value => createOrFold(b, build)[0];
    const kcst = (n: number): Value => f((bb) => ConstantOp.int(bb, n, type, l).definingOp!);
    const usedStages = new Set<number>(schedule.map((x) => x.stage));
    for (const s of argStage) usedStages.add(s);
    const preds: Value[] = [];
    for (let s = 0; s < S; s++)
      if (usedStages.has(s))
        preds[s] = PredicateOp.result(
          PredicateOp.build(b, { iv: ivK, lowerBound: lb, upperBound: ub, step, stage: BigInt(s), numStages: BigInt(S), unsignedCmp: unsigned, location: l }),
        );
    const ivs: Value[] = [];
    const ivOf = (s: number): Value => {
      if (ivs[s]) return ivs[s];
      const off = unsigned ? -s : S - 1 - s;
      if (off === 0) return (ivs[s] = ivK);
      const delta = f((bb) => MulIOp.build(bb, { lhs: kcst(Math.abs(off)), rhs: step, location: l }));
      return (ivs[s] = f((bb) => (off > 0 ? AddIOp : SubIOp).build(bb, { lhs: ivK, rhs: delta, location: l })));
    };
    const current = new Map<Value, Value>();
    const updated: (Value | undefined)[] = new Array<Value | undefined>(nArgs).fill(undefined);
    const argAt = (r: number, e: number): Value => iterArgs[argSlot[r][e]];
    const read = (v: Value, s: number): Value => {
      const src = classify(forOp, v);
      switch (src.kind) {
        case 'outer':
          return v;
        case 'iv':
          return ivOf(s);
        case 'op': {
          const e = s - stageOf.get(src.op)!;
          return e === 0 ? current.get(v)! : iterArgs[opSlot.get(v)![e]];
        }
        case 'arg': {
          const e = s + 1 - argStage[src.index];
          return e === 0 ? updated[src.index]! : argAt(src.index, e);
        }
      }
    };
    /** The register update of loop-carried value r: the yielded value when its stage ran on a real iteration. */
    const update = (r: number, value: Value): void => {
      updated[r] = f((bb) => SelectOp.build(bb, { condition: preds[argStage[r]], true_value: value, false_value: argAt(r, 1), location: l }));
    };
    // Registers not yielded straight from a body op are updated first (their value is known at the top).
    for (let r = 0; r < nArgs; r++) {
      const src = classify(forOp, yielded[r]);
      if (src.kind === 'op') continue;
      const value = src.kind === 'iv' ? ivOf(0) : src.kind === 'arg' ? argAt(src.index, 1) : yielded[r];
      update(r, value);
    }
    for (const { op, stage: s } of schedule) {
      const mapping = new IRMapping();
      for (const v of valuesUsedBy(op)) mapping.map(v, read(v, s));
      const mask = MaskOp.create(b, { predicate: preds[s], resultTypes: op.resultTypes, location: op.location }, (bb) => {
        const copy = cloneAt(bb, op, mapping);
        // The schedule's own attributes do not belong in the pipelined code (as MLIR's test pass).
        for (const a of [TEST_PIPELINING_STAGE, TEST_PIPELINING_OP_ORDER]) copy.removeAttr(a);
        PipelineYieldOp.build(bb, { results: copy.results, location: op.location });
      });
      op.results.forEach((res, i) => current.set(res, mask.results[i]));
      for (let r = 0; r < nArgs; r++) {
        const src = classify(forOp, yielded[r]);
        if (src.kind === 'op' && src.op === op) update(r, current.get(yielded[r])!);
      }
    }
    const next: Value[] = new Array<Value>(kernelInits.length);
    for (let r = 0; r < nArgs; r++) {
      next[r] = updated[r]!;
      for (let e = 2; e <= argDelay[r]; e++) next[argSlot[r][e]] = argAt(r, e - 1);
    }
    for (const [v, slots] of opSlot) {
      next[slots[1]] = current.get(v)!;
      for (let e = 2; e < slots.length; e++) next[slots[e]] = iterArgs[slots[e - 1]];
    }
    YieldOp.build(b, { results: next, location: l });
  });
  forOp.results.forEach((r, i) => rewriter.replaceAllUsesWith(r, kernel.results[i]));
  rewriter.eraseOp(forOp);
  return kernel;
}

// ============================================================================
// Step 2: fold the predicates of the peeled parts

/** A constant bound as the loop compares it (unsigned loops: as an unsigned number of the type's width). */
function loopConstant(v: Value, unsigned: boolean): bigint | undefined {
  const c = matchConstantInt(v);
  if (c === undefined || !unsigned) return c;
  const t = v.type;
  return BigInt.asUintN(t instanceof IntegerType ? t.width : 64, c);
}

/** The kernel's trip count when its bounds are constants. */
function staticKernelTrips(kernel: ForLoop): number | undefined {
  const unsigned = ForOp.unsignedCmp(kernel);
  const lb = loopConstant(ForOp.lowerBound(kernel), unsigned);
  const ub = loopConstant(ForOp.upperBound(kernel), unsigned);
  const step = loopConstant(ForOp.step(kernel), unsigned);
  if (lb === undefined || ub === undefined || step === undefined || step <= 0n) return undefined;
  return ub > lb ? Number((ub - lb + step - 1n) / step) : 0;
}

interface PartKnowledge {
  /** The part's kernel iteration index, when known. */
  exact?: number;
  /** The kernel's trip count, when static. */
  K?: number;
  /** The main loop, after N front and M back iterations were peeled. */
  main?: { N: number; M: number };
  /** Back part j after N front and M back iterations were peeled. */
  last?: { N: number; M: number; j: number };
}

/** What is known of a predicate's two sides (original iteration >= lb, and < ub) in a part. */
function predicateSides(stage: number, S: number, k: PartKnowledge): { lower?: boolean; upper?: boolean } {
  if (k.exact !== undefined && k.K !== undefined) {
    const j = k.exact - stage;
    const tc = k.K - (S - 1);
    return { lower: j >= 0, upper: j < tc };
  }
  if (k.exact !== undefined) return { lower: k.exact >= stage };
  if (k.main) return { lower: stage <= k.main.N ? true : undefined, upper: S - 1 - stage <= k.main.M ? true : undefined };
  if (k.last) {
    const { N, M, j } = k.last;
    return { lower: N + j >= stage ? true : undefined, upper: j >= M - (S - 1 - stage) ? false : undefined };
  }
  return {};
}

function foldPart(rewriter: PatternRewriter, part: ForLoop, info: KernelInfo, knowledge: PartKnowledge): void {
  const preds: Operation[] = [];
  part.walk((o) => {
    if (PredicateOp.isa(o)) preds.push(o);
  });
  for (const p of preds) {
    if (!PredicateOp.isa(p)) continue;
    const sides = predicateSides(Number(PredicateOp.stage(p)), info.numStages, knowledge);
    if (sides.lower === false || sides.upper === false || (sides.lower && sides.upper)) {
      rewriter.setInsertionPointBefore(p);
      const c = ConstantOp.bool(rewriter, !(sides.lower === false || sides.upper === false), p.location);
      rewriter.replaceOp(p, [c]);
    } else if (sides.lower || sides.upper) {
      rewriter.setInsertionPointBefore(p);
      rewriter.replaceOp(p, [emitPredicate(rewriter, p, { lower: !sides.lower, upper: !sides.upper })]);
    }
  }
  foldConstantMasks(rewriter, part);
}

/** Masks with a constant predicate become their op (true) or poison (false); selects on constants fold. */
function foldConstantMasks(rewriter: PatternRewriter, root: Operation): void {
  const masks: Operation[] = [];
  const selects: Operation[] = [];
  root.walk((o) => {
    if (MaskOp.isa(o)) masks.push(o);
    else if (SelectOp.isa(o)) selects.push(o);
  });
  for (const m of masks) {
    if (!MaskOp.isa(m)) continue;
    const c = matchConstantBool(MaskOp.predicate(m));
    if (c === true) unwrapMask(rewriter, m);
    else if (c === false) dropMask(rewriter, m);
  }
  for (const s of selects) {
    if (!SelectOp.isa(s)) continue;
    const c = matchConstantBool(SelectOp.condition(s));
    if (c !== undefined) rewriter.replaceOp(s, [c ? SelectOp.true_value(s) : SelectOp.false_value(s)]);
  }
}

/** Replaces a mask by its op, moved in front of it. */
function unwrapMask(rewriter: PatternRewriter, m: OpOf<typeof MaskOp>): void {
  const y = MaskOp.yieldOp(m);
  const values = PipelineYieldOp.results(y);
  const body = MaskOp.body(m);
  for (const o of body.ops) if (o !== y) rewriter.moveOpBefore(o, m);
  rewriter.replaceOp(m, values);
}

/** Replaces a mask whose op never runs by poison. */
function dropMask(rewriter: PatternRewriter, m: OpOf<typeof MaskOp>): void {
  rewriter.setInsertionPointBefore(m);
  const values = m.results.map((r) => PoisonOp.result(PoisonOp.build(rewriter, { result: r.type, location: m.location })));
  rewriter.replaceOp(m, values);
}

/** A peeled part with constant bounds: inlined when it runs once, erased when it never runs. False when it is gone. */
function inlineOrDropStaticPart(rewriter: PatternRewriter, part: ForLoop): boolean {
  const unsigned = ForOp.unsignedCmp(part);
  const lb = loopConstant(ForOp.lowerBound(part), unsigned);
  const ub = loopConstant(ForOp.upperBound(part), unsigned);
  const step = loopConstant(ForOp.step(part), unsigned);
  if (lb === undefined || ub === undefined || step === undefined || step <= 0n) return true;
  if (lb >= ub) {
    rewriter.replaceOp(part, ForOp.initArgs(part));
    return false;
  }
  if (lb + step < ub) return true;
  const body = ForOp.body(part);
  const y = ForOp.yieldOp(part);
  rewriter.inlineBlockBefore(body, part.parentBlock!, part, [ForOp.lowerBound(part), ...ForOp.initArgs(part)]);
  // Read after inlining: yielded block arguments are now the part's operands.
  rewriter.replaceOp(part, YieldOp.results(YieldOp.cast(y)));
  rewriter.eraseOp(y);
  return false;
}

// ============================================================================
// Step 3: lowering

/**
 * The comparisons a predicate stands for (only the sides asked for): the
 * original iteration of its stage is >= lb and < ub.
 */
function emitPredicate(rewriter: PatternRewriter, p: OpOf<typeof PredicateOp>, sides: { lower: boolean; upper: boolean }): Value {
  const loc: Location = p.location;
  const iv = PredicateOp.iv(p);
  const type = iv.type;
  const S = Number(PredicateOp.numStages(p));
  const s = Number(PredicateOp.stage(p));
  const unsigned = PredicateOp.unsignedCmp(p);
  const fold = (build: (b: Builder) => Operation): Value => createOrFold(rewriter, build)[0];
  const off = unsigned ? -s : S - 1 - s;
  let it = iv;
  if (off !== 0) {
    const c = fold((b) => ConstantOp.int(b, Math.abs(off), type, loc).definingOp!);
    const delta = fold((b) => MulIOp.build(b, { lhs: c, rhs: PredicateOp.step(p), location: loc }));
    it = fold((b) => (off > 0 ? AddIOp : SubIOp).build(b, { lhs: iv, rhs: delta, location: loc }));
  }
  const conds: Value[] = [];
  if (sides.lower && unsigned) {
    // iv - s*step may wrap below zero; the kernel's iv never is below lb, so compare iv - lb with s*step.
    const c = fold((b) => ConstantOp.int(b, s, type, loc).definingOp!);
    const delta = fold((b) => MulIOp.build(b, { lhs: c, rhs: PredicateOp.step(p), location: loc }));
    const offset = fold((b) => SubIOp.build(b, { lhs: iv, rhs: PredicateOp.lowerBound(p), location: loc }));
    conds.push(fold((b) => CmpIOp.build(b, { predicate: CmpIPredicate.case.uge, lhs: offset, rhs: delta, location: loc })));
  } else if (sides.lower) conds.push(fold((b) => CmpIOp.build(b, { predicate: CmpIPredicate.case.sge, lhs: it, rhs: PredicateOp.lowerBound(p), location: loc })));
  if (sides.upper)
    conds.push(fold((b) => CmpIOp.build(b, { predicate: unsigned ? CmpIPredicate.case.ult : CmpIPredicate.case.slt, lhs: it, rhs: PredicateOp.upperBound(p), location: loc })));
  if (conds.length === 0) return ConstantOp.bool(rewriter, true, loc);
  if (conds.length === 1) return conds[0];
  return fold((b) => AndIOp.build(b, { lhs: conds[0], rhs: conds[1], location: loc }));
}

/** Lowers every pipeline op nested in `root`. */
export function lowerPipelineOps(rewriter: PatternRewriter, root: Operation, hook?: PredicateOpFn): void {
  const ops: Operation[] = [];
  root.walk((o) => {
    if (MaskOp.isa(o) || PredicateOp.isa(o)) ops.push(o);
  });
  lowerPipelineOpsIn(rewriter, ops, hook);
}

function lowerPipelineOpsIn(rewriter: PatternRewriter, ops: readonly Operation[], hook?: PredicateOpFn): void {
  // Predicates first, so masks see constants where the bounds are constants.
  for (const p of ops)
    if (PredicateOp.isa(p)) {
      rewriter.setInsertionPointBefore(p);
      rewriter.replaceOp(p, [emitPredicate(rewriter, p, { lower: true, upper: true })]);
    }
  for (const m of ops) if (MaskOp.isa(m)) lowerMask(rewriter, m, hook);
}

function lowerMask(rewriter: PatternRewriter, m: OpOf<typeof MaskOp>, hook?: PredicateOpFn): void {
  const pred = MaskOp.predicate(m);
  const c = matchConstantBool(pred);
  if (c === false) return dropMask(rewriter, m);
  if (c === true) return unwrapMask(rewriter, m);
  const y = MaskOp.yieldOp(m);
  const inner = MaskOp.body(m).ops.filter((o) => o !== y);
  const single = inner.length === 1 ? inner[0] : undefined;
  // Poison may be refined to any value: a speculatable op can simply run.
  if (single && single.regions.length === 0 && isSpeculatable(single) && isMemoryEffectFree(single)) return unwrapMask(rewriter, m);
  if (hook && single) {
    // The hook sees the op unguarded, in the mask's place.
    rewriter.moveOpBefore(single, m);
    rewriter.setInsertionPointBefore(m);
    const predicated = hook(rewriter, single, pred);
    if (predicated) {
      const values = PipelineYieldOp.results(y).map((v) => {
        const i = single.results.findIndex((r) => r === v);
        return i >= 0 ? predicated.results[i] : v;
      });
      rewriter.replaceOp(m, values);
      if (!predicated.isAncestorOf(single) && !single.hasUses) rewriter.eraseOp(single);
      return;
    }
    rewriter.moveOpBefore(single, y);
  }
  rewriter.setInsertionPointBefore(m);
  const types = m.resultTypes;
  const ifOp = IfOp.create(
    rewriter,
    { condition: pred, resultTypes: types, withElse: types.length > 0, location: m.location },
    (b) => {
      const block = b.insertionPoint!.block;
      for (const o of inner) rewriter.moveOpToEnd(o, block);
      YieldOp.build(b, { results: PipelineYieldOp.results(y), location: m.location });
    },
    types.length
      ? (b) => {
          const ps = types.map((t) => PoisonOp.result(PoisonOp.build(b, { result: t, location: m.location })));
          YieldOp.build(b, { results: ps, location: m.location });
        }
      : undefined,
  );
  rewriter.replaceOp(m, ifOp.results);
}
