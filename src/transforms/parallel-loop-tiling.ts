// scf-parallel-loop-tiling: every innermost scf.parallel without reductions
// is split into an outer loop stepping by step*tileSize and an inner loop over
// one tile. The inner upper bound is the tile (when the trip count is a known
// multiple of the tile size), an affine.min clamp, or, with
// no-min-max-bounds, the tile with an scf.if in-bounds check around the body.

import { AffineMapAttr, IntegerAttr } from '../ir/builtin-attributes.js';
import { IndexType } from '../ir/builtin-types.js';
import { AffineMap, affineAdd, affineMul, constExpr, dimExpr } from '../ir/affine.js';
import { Builder } from '../ir/builder.js';
import { UnknownLoc } from '../ir/location.js';
import type { Operation, Value } from '../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { binary, cmpi, constantBool, constantIndex, createIf, createParallel, operandSegment } from './scf/build.js';

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
function innermostParallelLoops(root: Operation, out: Operation[]): boolean {
  let encloses = false;
  for (const region of root.regions)
    for (const block of region.blocks)
      for (let op = block.first; op; op = op.next) {
        const nested = innermostParallelLoops(op, out);
        encloses ||= nested;
        if (op.name.name === 'scf.parallel') {
          encloses = true;
          if (!nested) out.push(op);
        }
      }
  return encloses;
}

function constantIndexValue(v: Value): bigint | undefined {
  const d = v.definingOp;
  if (!d || d.name.name !== 'arith.constant' || !(d.result(0).type instanceof IndexType)) return undefined;
  const a = d.getAttr('value');
  return a instanceof IntegerAttr ? a.value : undefined;
}

function divideCeil(a: bigint, b: bigint): bigint {
  // llvm::divideCeil on unsigned operands
  const M = 2n ** 64n;
  const ua = ((a % M) + M) % M;
  const ub = ((b % M) + M) % M;
  return ub === 0n ? 0n : (ua + ub - 1n) / ub;
}

export function tileParallelLoop(b: Builder, op: Operation, tileSizes: readonly bigint[], noMinMaxBounds: boolean): void {
  const loc = op.location;
  b.setInsertionPointBefore(op);
  const lbs = operandSegment(op, 0);
  const ubs = operandSegment(op, 1);
  const steps = operandSegment(op, 2);
  const zero = constantIndex(b, 0, loc);
  const tiles = ubs.map((_, i) => constantIndex(b, i < tileSizes.length ? tileSizes[i] : 1n, loc));
  const newSteps = steps.map((s, i) => binary(b, 'arith.muli', s, tiles[i], loc));
  const outer = createParallel(b, lbs, ubs, newSteps, [], loc);
  const outerBody = outer.regions[0].entry;
  const outerIvs = outerBody.args;
  b.setInsertionPointToStart(outerBody);
  const newBounds: Value[] = [];
  let needInboundCheck = false;
  for (let i = 0; i < ubs.length; i++) {
    const lbC = constantIndexValue(lbs[i]);
    const ubC = constantIndexValue(ubs[i]);
    const stepC = constantIndexValue(steps[i]);
    const tile = constantIndexValue(tiles[i])!;
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
    newBounds.push(
      b.create('affine.min', { operands: [newSteps[i], ubs[i], outerIvs[i]], results: [IndexType.get()], attributes: { map: AffineMapAttr.get(map) }, location: loc }).result(0),
    );
  }
  const inner = createParallel(b, newBounds.map(() => zero), newBounds, steps, [], loc, false);
  const innerBody = inner.regions[0].entry;
  const innerIvs = innerBody.args;
  const oldBody = op.regions[0].entry;
  if (noMinMaxBounds && needInboundCheck) {
    const reduce = new Builder(b.ctx);
    reduce.setInsertionPointToEnd(innerBody);
    reduce.create('scf.reduce', { location: loc });
    b.setInsertionPointBefore(innerBody.last!);
    let inbound = constantBool(b, true, loc);
    for (let i = 0; i < innerIvs.length; i++) {
      const index = binary(b, 'arith.addi', binary(b, 'arith.muli', innerIvs[i], steps[i], loc), outerIvs[i], loc);
      const dim = cmpi(b, 'ult', index, ubs[i], loc);
      inbound = binary(b, 'arith.andi', inbound, dim, loc);
    }
    const ifOp = createIf(b, inbound, [], false, loc);
    const thenRegion = ifOp.regions[0];
    thenRegion.entry.erase();
    oldBody.remove();
    thenRegion.pushBlock(oldBody);
    const term = oldBody.last!;
    const y = new Builder(b.ctx);
    y.setInsertionPointToEnd(oldBody);
    y.create('scf.yield', { location: term.location });
    term.erase();
    b.setInsertionPointToStart(innerBody);
    for (let i = 0; i < innerIvs.length; i++) {
      const idx = binary(b, 'arith.addi', innerIvs[i], outerIvs[i], loc);
      oldBody.args[i].replaceAllUsesWith(idx);
    }
    while (oldBody.args.length) oldBody.eraseArgument(oldBody.args.length - 1);
  } else {
    innerBody.erase();
    oldBody.remove();
    inner.regions[0].pushBlock(oldBody);
    b.setInsertionPointToStart(oldBody);
    for (const iv of [...oldBody.args]) {
      const idx = binary(b, 'arith.addi', iv, outerIvs[oldBody.args.indexOf(iv)], loc);
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
    const loops: Operation[] = [];
    innermostParallelLoops(op, loops);
    const b = new Builder(run.ctx);
    for (const loop of loops) if (loop.numResults === 0) tileParallelLoop(b, loop, sizes, this.options.bool('no-min-max-bounds'));
  }
}
