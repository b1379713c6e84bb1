// Utilities of MLIR's SCF Utils (mlir/Dialect/SCF/Utils, Arith/Utils) that
// transformations share: building loop nests and turning mixed static/dynamic
// values into SSA values.

import type { Builder } from '../../ir/builder.js';
import type { Location } from '../../ir/location.js';
import type { Value } from '../../ir/operation.js';
import { ConstantOp } from '../arith/index.js';
import { ForOp, YieldOp, type Mixed } from './ops.js';
import type { OpOf } from '../../ods/index.js';

/** MLIR's getValueOrCreateConstantIndexOp: the value itself, or a new `arith.constant` index for an integer. */
export function getValueOrCreateConstantIndexOp(b: Builder, location: Location, m: Mixed): Value {
  return typeof m === 'bigint' ? ConstantOp.index(b, m, location) : m;
}

/** The same over a list, in order. */
export function getValueOrCreateConstantIndexOps(b: Builder, location: Location, list: readonly Mixed[]): Value[] {
  return list.map((m) => getValueOrCreateConstantIndexOp(b, location, m));
}

/** MLIR's scf::LoopNest: the loops, outermost first, and the values the outermost yields. */
export interface LoopNest {
  loops: OpOf<typeof ForOp>[];
  results: Value[];
}

/**
 * MLIR's scf::buildLoopNest: one `scf.for` per bound, outermost first, at the
 * builder's insertion point (which is restored). Each loop but the innermost
 * yields the results of the next; the innermost yields what `bodyBuilder`
 * returns (called at the start of its body with the induction variables and
 * the innermost iteration arguments), or nothing.
 */
export function buildLoopNest(
  b: Builder,
  location: Location,
  lbs: readonly Value[],
  ubs: readonly Value[],
  steps: readonly Value[],
  iterArgs: readonly Value[] = [],
  bodyBuilder?: (b: Builder, location: Location, ivs: readonly Value[], iterArgs: readonly Value[]) => Value[],
): LoopNest {
  if (!lbs.length) return { loops: [], results: bodyBuilder ? bodyBuilder(b, location, [], iterArgs) : [] };
  const saved = b.insertionPoint;
  const loops: OpOf<typeof ForOp>[] = [];
  const ivs: Value[] = [];
  let currentIterArgs = iterArgs;
  // The loops are created without terminators; the yields follow.
  for (let i = 0; i < lbs.length; i++) {
    const loop = ForOp.create(b, { lowerBound: lbs[i], upperBound: ubs[i], step: steps[i], initArgs: currentIterArgs, location }, (_b, _loc, iv, args) => {
      ivs.push(iv);
      currentIterArgs = args;
    });
    b.setInsertionPointToStart(ForOp.body(loop));
    loops.push(loop);
  }
  for (let i = 0; i + 1 < loops.length; i++) {
    b.setInsertionPointToEnd(ForOp.body(loops[i]));
    YieldOp.build(b, { results: loops[i + 1].results, location });
  }
  const innermost = loops[loops.length - 1];
  b.setInsertionPointToStart(ForOp.body(innermost));
  const results = bodyBuilder ? bodyBuilder(b, location, ivs, ForOp.regionIterArgs(innermost)) : [];
  b.setInsertionPointToEnd(ForOp.body(innermost));
  YieldOp.build(b, { results, location });
  b.insertionPoint = saved;
  return { loops, results: loops[0].results };
}
