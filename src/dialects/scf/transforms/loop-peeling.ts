// Loop peeling for scf.for.
//
// MLIR 22's SCF transforms (LoopSpecialization.cpp), op for op:
// peelForLoopAndSimplifyBounds splits off the partial last iteration (the
// main loop's new upper bound is `ub - (ub - lb) mod step`, so its step
// divides its range) and simplifies the affine.min/max ops that this decides;
// peelForLoopFirstIteration splits off the first iteration. Like MLIR 22,
// the latter assumes the loop runs at least once when its bounds are not
// constant (a dynamic zero-trip loop would run one iteration after it).
//
// peelForLoop is the general form for clients that need the iterations as
// separate loops (e.g. a software pipeliner's prologue and epilogue): it
// peels the first N and the last M iterations of any scf.for into loops of
// one iteration each, exact for every trip count (zero included), and
// returns handles to all the parts.

import { AffineMap, symbolExpr } from '../../../ir/affine.js';
import type { Builder } from '../../../ir/builder.js';
import type { Operation, Value } from '../../../ir/operation.js';
import type { PatternRewriter } from '../../../ir/pattern.js';
import { cloneAt } from '../../../transforms/clone.js';
import { createOrFold } from '../../../transforms/create-or-fold.js';
import { fullyComposeAffineMapAndOperands } from '../../affine/utils.js';
import { AffineApplyOp, AffineMaxOp, AffineMinOp } from '../../affine/ops.js';
import { AddIOp, CeilDivSIOp, CeilDivUIOp, ConstantOp, IndexCastOp, MaxSIOp, MaxUIOp, MinSIOp, MinUIOp, MulIOp, SubIOp } from '../../arith/index.js';
import { ForOp, mixedConstant } from '../ops.js';
import type { OpOf } from '../../../ods/index.js';
import { rewritePeeledMinMaxOp } from './affine-canonicalization.js';

type ForLoop = OpOf<typeof ForOp>;

/**
 * The partial-iteration split of MLIR's peelForLoop: `forOp` keeps the
 * iterations below `ub - (ub - lb) mod step`, a clone after it runs the rest.
 * Undefined when the step is <= 1 or known to divide the range.
 */
function peelPartialIteration(rewriter: PatternRewriter, forOp: ForLoop): { partialIteration: ForLoop; splitBound: Value } | undefined {
  const saved = rewriter.insertionPoint;
  const lb = ForOp.lowerBound(forOp);
  const ub = ForOp.upperBound(forOp);
  const step = ForOp.step(forOp);
  const lbInt = mixedConstant(lb);
  const ubInt = mixedConstant(ub);
  const stepInt = mixedConstant(step);
  // Step 1 needs no peeling; a zero or negative step (folded into the loop) is left alone.
  if (stepInt !== undefined && stepInt <= 1n) return undefined;
  if (lbInt !== undefined && ubInt !== undefined && stepInt !== undefined && (ubInt - lbInt) % stepInt === 0n) return undefined;
  // (ub - lb) mod step, composed with the affine.apply ops defining the bounds.
  const [s0, s1, s2] = [symbolExpr(0), symbolExpr(1), symbolExpr(2)];
  const operands = [lb, ub, step];
  const rem = fullyComposeAffineMapAndOperands(AffineMap.get(0, 3, [s1.sub(s0).mod(s2)]), operands);
  if (rem.constantResults()?.[0] === 0) return undefined;

  const loc = forOp.location;
  rewriter.setInsertionPointBefore(forOp);
  const modMap = AffineMap.get(0, 3, [s1.sub(s1.sub(s0).mod(s2))]);
  let splitBound = createOrFold(rewriter, (b) => AffineApplyOp.create(b, modMap, [lb, ub, step], loc))[0];
  if (splitBound.type !== lb.type) {
    const index = splitBound;
    splitBound = createOrFold(rewriter, (b) => IndexCastOp.build(b, { in: index, out: lb.type, location: loc }))[0];
  }

  rewriter.setInsertionPointAfter(forOp);
  const partialIteration = ForOp.cast(cloneAt(rewriter, forOp));
  // The clone's operands are set directly, as MLIR assigns them (no notification).
  ForOp.lowerBoundMutable(partialIteration).set(splitBound);
  forOp.results.forEach((r, i) => rewriter.replaceAllUsesWith(r, partialIteration.results[i]));
  ForOp.initArgsMutable(partialIteration).forEach((o, i) => o.set(forOp.results[i]));
  rewriter.modifyOpInPlace(forOp, () => ForOp.upperBoundMutable(forOp).set(splitBound));
  rewriter.insertionPoint = saved;
  return { partialIteration, splitBound };
}

/** The affine.min/max ops nested in `op`, in post-order. */
function minMaxOps(op: Operation): Operation[] {
  const out: Operation[] = [];
  op.walk((o) => {
    if (AffineMinOp.isa(o) || AffineMaxOp.isa(o)) out.push(o);
  });
  return out;
}

/**
 * peelForLoopAndSimplifyBounds: peels the partial last iteration off `forOp`
 * (which keeps the full iterations) and rewrites the affine.min/max ops in
 * both loops that peeling decides. Returns the loop of the partial
 * iteration, or undefined when nothing was peeled.
 */
export function peelForLoopAndSimplifyBounds(rewriter: PatternRewriter, forOp: ForLoop): ForLoop | undefined {
  const previousUb = ForOp.upperBound(forOp);
  const peeled = peelPartialIteration(rewriter, forOp);
  if (!peeled) return undefined;
  const { partialIteration } = peeled;
  const step = ForOp.step(forOp);
  for (const op of minMaxOps(forOp)) rewritePeeledMinMaxOp(rewriter, op, ForOp.inductionVar(forOp), previousUb, step, true);
  for (const op of minMaxOps(partialIteration)) rewritePeeledMinMaxOp(rewriter, op, ForOp.inductionVar(partialIteration), previousUb, step, false);
  return partialIteration;
}

/**
 * peelForLoopFirstIteration: a clone of `forOp` before it runs the first
 * iteration (lb to lb + step) and `forOp` starts at lb + step. Refused when
 * the bounds are constant and give at most one iteration. With dynamic
 * bounds the loop must run at least once (as in MLIR 22).
 */
export function peelForLoopFirstIteration(rewriter: PatternRewriter, forOp: ForLoop): ForLoop | undefined {
  const saved = rewriter.insertionPoint;
  const lb = ForOp.lowerBound(forOp);
  const ub = ForOp.upperBound(forOp);
  const step = ForOp.step(forOp);
  const lbInt = mixedConstant(lb);
  const ubInt = mixedConstant(ub);
  const stepInt = mixedConstant(step);
  // MLIR computes ceil(float(ub - lb) / step) in single precision.
  if (lbInt !== undefined && ubInt !== undefined && stepInt !== undefined && Math.ceil(Math.fround(Math.fround(Number(ubInt - lbInt)) / Math.fround(Number(stepInt)))) <= 1)
    return undefined;

  const loc = forOp.location;
  rewriter.setInsertionPointBefore(forOp);
  const ubMap = AffineMap.get(0, 2, [symbolExpr(0).add(symbolExpr(1))]);
  let splitBound = createOrFold(rewriter, (b) => AffineApplyOp.create(b, ubMap, [lb, step], loc))[0];
  if (splitBound.type !== ub.type) {
    const index = splitBound;
    splitBound = createOrFold(rewriter, (b) => IndexCastOp.build(b, { in: index, out: ub.type, location: loc }))[0];
  }
  // The clone reads the split bound where the loop read its upper bound.
  const firstIteration = ForOp.cast(cloneAt(rewriter, forOp));
  ForOp.upperBoundMutable(firstIteration).set(splitBound);
  rewriter.modifyOpInPlace(forOp, () => {
    ForOp.initArgsMutable(forOp).forEach((o, i) => o.set(firstIteration.results[i]));
    ForOp.lowerBoundMutable(forOp).set(splitBound);
  });
  rewriter.insertionPoint = saved;
  return firstIteration;
}

// ============================================================================
// peelForLoop: any number of first and last iterations

export interface PeelOptions {
  /** How many iterations to peel off the front (default 0). */
  first?: number;
  /** How many iterations to peel off the back (default 0). */
  last?: number;
}

/** The parts of a peeled loop, in execution order: `first`, then `main`, then `last`. */
export interface PeeledLoop {
  /** The original op, left with the iterations in between (possibly none). */
  main: ForLoop;
  /** One loop per peeled front iteration (iteration i in `first[i]`). */
  first: ForLoop[];
  /** One loop per peeled back iteration (the last iteration in `last[last.length - 1]`). */
  last: ForLoop[];
}

/**
 * Peels the first `options.first` and the last `options.last` iterations of
 * `forOp` into single-iteration loops around it. Each part runs exactly the
 * iterations it stands for whatever the trip count: a part whose iteration
 * does not exist (a loop of fewer iterations) runs zero times, and no
 * iteration runs twice. Loop-carried values flow through the parts in order
 * and the last part's results replace the loop's. The bounds are arith ops
 * in the induction variable's type, folded when the loop's bounds are
 * constants. `unsigned` loops get unsigned bound arithmetic (exact while
 * `ub + step` does not wrap). Returns undefined (IR untouched) for constant
 * non-positive steps.
 */
export function peelForLoop(rewriter: PatternRewriter, forOp: ForLoop, options: PeelOptions = {}): PeeledLoop | undefined {
  const nFirst = options.first ?? 0;
  const nLast = options.last ?? 0;
  if (!Number.isInteger(nFirst) || !Number.isInteger(nLast) || nFirst < 0 || nLast < 0) throw new RangeError('peelForLoop: iteration counts must be non-negative integers');
  const unsigned = ForOp.unsignedCmp(forOp);
  const stepInt = mixedConstant(ForOp.step(forOp));
  if (stepInt !== undefined && stepInt <= 0n) return undefined;
  const result: PeeledLoop = { main: forOp, first: [], last: [] };
  if (nFirst === 0 && nLast === 0) return result;

  const saved = rewriter.insertionPoint;
  const loc = forOp.location;
  const lb = ForOp.lowerBound(forOp);
  const ub = ForOp.upperBound(forOp);
  const step = ForOp.step(forOp);
  const type = lb.type;
  const fold = (build: (b: Builder) => Operation): Value => createOrFold(rewriter, build)[0];
  const cst = (n: number): Value => fold((b) => ConstantOp.int(b, n, type, loc).definingOp!);
  const add = (l: Value, r: Value): Value => fold((b) => AddIOp.build(b, { lhs: l, rhs: r, location: loc }));
  const mul = (l: Value, r: Value): Value => fold((b) => MulIOp.build(b, { lhs: l, rhs: r, location: loc }));
  const min = (l: Value, r: Value): Value => fold((b) => (unsigned ? MinUIOp : MinSIOp).build(b, { lhs: l, rhs: r, location: loc }));
  const max = (l: Value, r: Value): Value => fold((b) => (unsigned ? MaxUIOp : MaxSIOp).build(b, { lhs: l, rhs: r, location: loc }));
  const sub = (l: Value, r: Value): Value => fold((b) => SubIOp.build(b, { lhs: l, rhs: r, location: loc }));
  /** The value of the induction variable at iteration `k` (lb + k * step). */
  const ivAt = (k: Value): Value => add(lb, mul(k, step));
  /** A single-iteration copy of the loop over [from, min(from + step, ub)), before the insertion point. */
  const peelOne = (from: Value, inits: readonly Value[]): ForLoop => {
    const to = min(add(from, step), ub);
    const part = ForOp.cast(cloneAt(rewriter, forOp));
    rewriter.modifyOpInPlace(part, () => {
      ForOp.lowerBoundMutable(part).set(from);
      ForOp.upperBoundMutable(part).set(to);
      ForOp.initArgsMutable(part).forEach((o, i) => o.set(inits[i]));
    });
    return part;
  };

  rewriter.setInsertionPointBefore(forOp);
  let inits: readonly Value[] = ForOp.initArgs(forOp);
  for (let k = 0; k < nFirst; k++) {
    const part = peelOne(k === 0 ? lb : ivAt(cst(k)), inits);
    result.first.push(part);
    inits = part.results;
  }
  // Main iterations: [first, max(tripCount - last, first)).
  const mainFrom = nFirst ? ivAt(cst(nFirst)) : lb;
  let backStart: Value | undefined;
  if (nLast) {
    if (unsigned) {
      // max(tripCount - last, first) without wrapping below zero: max(tripCount, first + last) - last.
      const tripCount = fold((b) => CeilDivUIOp.build(b, { lhs: sub(max(ub, lb), lb), rhs: step, location: loc }));
      backStart = sub(max(tripCount, cst(nFirst + nLast)), cst(nLast));
    } else {
      const tripCount = fold((b) => CeilDivSIOp.build(b, { lhs: sub(ub, lb), rhs: step, location: loc }));
      backStart = max(sub(tripCount, cst(nLast)), cst(nFirst));
    }
  }
  const mainTo = backStart ? ivAt(backStart) : ub;
  rewriter.modifyOpInPlace(forOp, () => {
    ForOp.lowerBoundMutable(forOp).set(mainFrom);
    ForOp.upperBoundMutable(forOp).set(mainTo);
    ForOp.initArgsMutable(forOp).forEach((o, i) => o.set(inits[i]));
  });
  if (backStart) {
    const kb = backStart;
    const originalResults = [...forOp.results];
    rewriter.setInsertionPointAfter(forOp);
    let prev: readonly Value[] = forOp.results;
    const parts: ForLoop[] = [];
    for (let j = 0; j < nLast; j++) {
      const from = ivAt(j === 0 ? kb : add(kb, cst(j)));
      const part = peelOne(from, prev);
      parts.push(part);
      prev = part.results;
      rewriter.setInsertionPointAfter(part);
    }
    result.last = parts;
    // Uses of the loop's results (except by the first back part) now read the last part's.
    const lastResults = parts[parts.length - 1].results;
    originalResults.forEach((r, i) => rewriter.replaceUsesWithIf(r, lastResults[i], (use) => use.owner !== parts[0]));
  }
  rewriter.insertionPoint = saved;
  return result;
}
