// loop-invariant-code-motion: for every op implementing LoopLike (innermost
// loops first), ops of the loop regions that are memory-effect free and
// speculatable, and whose operands (including those of nested ops) are all
// defined outside the loop, move before the loop; their users are then
// reconsidered.

import { Traits } from '../ir/context.js';
import { Interfaces, getInterface, type LoopLikeInterface } from '../ir/interfaces.js';
import type { Operation, Region, Value } from '../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { isMemoryEffectFree, isSpeculatable } from '../ir/side-effects.js';

/** LoopLikeOpInterface::isDefinedOutsideOfLoop (default: not defined in the loop op). */
export function isDefinedOutsideOfLoop(loop: Operation, iface: LoopLikeInterface, v: Value): boolean {
  if (iface.isDefinedOutsideOfLoop) return iface.isDefinedOutsideOfLoop(loop, v);
  const owner = v.parentBlock?.parentOp;
  return !owner || !loop.isAncestorOf(owner);
}

/** Whether `op` (not a terminator) only uses values for which `outside` holds, nested uses of values defined inside `op` aside. */
export function canBeHoisted(op: Operation, outside: (v: Value) => boolean): boolean {
  if (op.hasTrait(Traits.IsTerminator)) return false;
  if (op.regions.length === 0) {
    for (const operand of op.operandList) if (!outside(operand.value)) return false;
    return true;
  }
  // Regions inside `op`, collected pre-order: a nested use sees only values of
  // regions entered on the way down (or from above `op`), so a set lookup
  // replaces a walk from each definition up to the root.
  const inner = new Set<Region>();
  return op.walk((child) => {
    for (const r of child.regions) inner.add(r);
    for (const operand of child.operandList) {
      const region = operand.value.parentBlock?.parent;
      if (region && inner.has(region)) continue;
      if (!outside(operand.value)) return 'interrupt';
    }
    return 'advance';
  }, 'pre');
}

/** MLIR's moveLoopInvariantCode over explicit regions; returns the number of ops moved. */
export function moveLoopInvariantCodeIn(
  regions: readonly Region[],
  definedOutside: (v: Value, r: Region) => boolean,
  shouldMove: (op: Operation, r: Region) => boolean,
  move: (op: Operation, r: Region) => void,
): number {
  let moved = 0;
  for (const region of regions) {
    const worklist: Operation[] = [...region.ops()];
    const outside = (v: Value): boolean => definedOutside(v, region);
    for (let i = 0; i < worklist.length; i++) {
      const op = worklist[i];
      if (op.parentRegion !== region) continue;
      if (!shouldMove(op, region) || !canBeHoisted(op, outside)) continue;
      move(op, region);
      moved++;
      for (const r of op.results) for (const user of r.users()) if (user.parentRegion === region) worklist.push(user);
    }
  }
  return moved;
}

export function moveLoopInvariantCode(loop: Operation): number {
  const iface = getInterface<LoopLikeInterface>(loop, Interfaces.LoopLike);
  if (!iface) return 0;
  return moveLoopInvariantCodeIn(
    iface.getLoopRegions(loop),
    // Only values visible in loop region `r` are asked (canBeHoisted skips those
    // defined inside the candidate): such a value is inside the loop exactly
    // when it belongs to `r` itself, since the loop's other regions are not
    // visible there and everything else is above the loop. This is O(1) where
    // the interface walks from the definition to the root.
    (v, r) => v.parentBlock?.parent !== r,
    (op) => isMemoryEffectFree(op) && isSpeculatable(op),
    (op) => op.moveBefore(loop),
  );
}

export const LoopInvariantCodeMotionInfo: PassInfo = {
  argument: 'loop-invariant-code-motion',
  name: 'LoopInvariantCodeMotion',
  description: 'Hoist loop invariant instructions outside of the loop',
  create: () => new LoopInvariantCodeMotion(),
};

class LoopInvariantCodeMotion extends Pass {
  constructor() {
    super(LoopInvariantCodeMotionInfo);
  }
  runOnOperation(root: Operation, _run: PassRun): void {
    const loops: Operation[] = [];
    root.walk((o) => {
      if (getInterface(o, Interfaces.LoopLike)) loops.push(o);
    });
    for (const loop of loops) moveLoopInvariantCode(loop);
  }
}
