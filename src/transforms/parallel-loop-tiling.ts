// scf-parallel-loop-tiling: every innermost scf.parallel without reductions
// is split into an outer loop stepping by step*tileSize and an inner loop over
// one tile. The inner upper bound is the tile (when the trip count is a known
// multiple of the tile size), an affine.min clamp, or, with
// no-min-max-bounds, the tile with an scf.if in-bounds check around the body.

import { AffineMap, affineAdd, affineMul, constExpr, dimExpr } from '../ir/affine.js';
import { Builder } from '../ir/builder.js';
import { UnknownLoc } from '../ir/location.js';
import { matchConstantInt } from '../ir/matchers.js';
import type { Operation, Value } from '../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { AffineMinOp } from '../dialects/affine/index.js';
import { AddIOp, AndIOp, CmpIOp, CmpIPredicate, ConstantOp, MulIOp } from '../dialects/arith/index.js';
import { IfOp, ParallelOp, YieldOp } from '../dialects/scf/index.js';
import type { OpOf } from '../ods/index.js';

export const ParallelLoopTilingInfo: PassInfo = {
  argument: 'scf-parallel-loop-tiling',
  name: 'SCFParallelLoopTiling',
  description: 'Tile parallel loops',
  opName: undefined,
  options: [
    { name: 'parallel-loop-tile-sizes', kind: 'long-list', description: 'Factors to tile parallel loops by' },
    { name: 'no-min-max-bounds', kind: 'bool', description: 'Perform tiling with fixed upper bound with inbound check inside the internal loops', default: false },
  ],
  create: () => new ParallelLoopTiling(),
};

/** Appends the innermost scf.parallel ops nested in `root`; returns whether `root` encloses any. */
function innermostParallelLoops(root: Operation, out: OpOf<typeof ParallelOp>[]): boolean {
  let encloses = false;
  for (const region of root.regions)
    for (const block of region.blocks)
      for (let op = block.first; op; op = op.next) {
        const nested = innermostParallelLoops(op, out);
        encloses ||= nested;
        if (ParallelOp.isa(op)) {
          encloses = true;
          if (!nested) out.push(op);
        }
      }
  return encloses;
}

/** The value of an `arith.constant` bound (MLIR's dyn_cast<arith::ConstantIndexOp>; bounds are index-typed). */
function arithConstantIndex(v: Value): bigint | undefined {
  return ConstantOp.definingOp(v) ? matchConstantInt(v) : undefined;
}

function divideCeil(a: bigint, b: bigint): bigint {
  // llvm::divideCeil on unsigned operands
  const M = 2n ** 64n;
  const ua = ((a % M) + M) % M;
  const ub = ((b % M) + M) % M;
  return ub === 0n ? 0n : (ua + ub - 1n) / ub;
}

export function tileParallelLoop(b: Builder, op: OpOf<typeof ParallelOp>, tileSizes: readonly bigint[], noMinMaxBounds: boolean): void {
  const location = op.location;
  b.setInsertionPointBefore(op);
  const lbs = ParallelOp.lowerBound(op);
  const ubs = ParallelOp.upperBound(op);
  const steps = ParallelOp.step(op);
  const addi = (lhs: Value, rhs: Value): Value => AddIOp.result(AddIOp.build(b, { lhs, rhs, location }));
  const muli = (lhs: Value, rhs: Value): Value => MulIOp.result(MulIOp.build(b, { lhs, rhs, location }));
  const zero = ConstantOp.index(b, 0, location);
  const tiles = ubs.map((_, i) => ConstantOp.index(b, i < tileSizes.length ? tileSizes[i] : 1n, location));
  const newSteps = steps.map((s, i) => muli(s, tiles[i]));
  const outer = ParallelOp.create(b, { lowerBound: lbs, upperBound: ubs, step: newSteps, location });
  const outerBody = ParallelOp.body(outer);
  const outerIvs = outerBody.args;
  b.setInsertionPointToStart(outerBody);
  const newBounds: Value[] = [];
  let needInboundCheck = false;
  for (let i = 0; i < ubs.length; i++) {
    const lbC = arithConstantIndex(lbs[i]);
    const ubC = arithConstantIndex(ubs[i]);
    const stepC = arithConstantIndex(steps[i]);
    const tile = arithConstantIndex(tiles[i])!;
    if (lbC !== undefined && ubC !== undefined && stepC !== undefined) {
      const n = BigInt.asIntN(64, divideCeil(ubC - lbC, stepC));
      if (BigInt.asIntN(64, n % tile) === 0n) {
        newBounds.push(newSteps[i]);
        continue;
      }
    }
    if (noMinMaxBounds) {
      newBounds.push(newSteps[i]);
      needInboundCheck = true;
      continue;
    }
    const map = AffineMap.get(3, 0, [dimExpr(0), affineAdd(dimExpr(1), affineMul(dimExpr(2), constExpr(-1)))]);
    newBounds.push(AffineMinOp.create(b, map, [newSteps[i], ubs[i], outerIvs[i]], location).result(0));
  }
  // ParallelOp.create ends the body with an empty scf.reduce (MLIR's ensureTerminator).
  const inner = ParallelOp.create(b, { lowerBound: newBounds.map(() => zero), upperBound: newBounds, step: steps, location });
  const innerBody = ParallelOp.body(inner);
  const innerIvs = innerBody.args;
  const oldBody = ParallelOp.body(op);
  if (noMinMaxBounds && needInboundCheck) {
    b.setInsertionPointBefore(innerBody.last!);
    let inbound = ConstantOp.bool(b, true, location);
    for (let i = 0; i < innerIvs.length; i++) {
      const index = addi(muli(innerIvs[i], steps[i]), outerIvs[i]);
      const dim = CmpIOp.result(CmpIOp.build(b, { predicate: CmpIPredicate.case.ult, lhs: index, rhs: ubs[i], location }));
      inbound = AndIOp.result(AndIOp.build(b, { lhs: inbound, rhs: dim, location }));
    }
    const ifOp = IfOp.create(b, { condition: inbound, location });
    const thenRegion = IfOp.thenRegion(ifOp);
    thenRegion.entry.erase();
    oldBody.remove();
    thenRegion.pushBlock(oldBody);
    const term = oldBody.last!;
    const y = new Builder(b.ctx);
    y.setInsertionPointToEnd(oldBody);
    YieldOp.build(y, { location: term.location });
    term.erase();
    b.setInsertionPointToStart(innerBody);
    for (let i = 0; i < innerIvs.length; i++) {
      const idx = addi(innerIvs[i], outerIvs[i]);
      oldBody.args[i].replaceAllUsesWith(idx);
    }
    while (oldBody.args.length) oldBody.eraseArgument(oldBody.args.length - 1);
  } else {
    innerBody.erase();
    oldBody.remove();
    ParallelOp.region(inner).pushBlock(oldBody);
    b.setInsertionPointToStart(oldBody);
    for (const iv of [...oldBody.args]) {
      const idx = addi(iv, outerIvs[oldBody.args.indexOf(iv)]);
      iv.replaceUsesWithIf(idx, (u) => u.owner !== idx.definingOp);
    }
  }
  op.erase();
}

export class ParallelLoopTiling extends Pass {
  constructor() {
    super(ParallelLoopTilingInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const sizes = (this.options.get('parallel-loop-tile-sizes') as bigint[]) ?? [];
    if (sizes.some((s) => s === 0n)) {
      run.ctx.diagnostics.emit('error', UnknownLoc.get(), 'tile size cannot be 0');
      return run.signalPassFailure();
    }
    const loops: OpOf<typeof ParallelOp>[] = [];
    innermostParallelLoops(op, loops);
    const b = new Builder(run.ctx);
    for (const loop of loops) if (loop.numResults === 0) tileParallelLoop(b, loop, sizes, this.options.bool('no-min-max-bounds'));
  }
}
