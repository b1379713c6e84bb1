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
  return op.walk((child) => {
    for (const operand of child.operandList) {
      const owner = operand.value.parentBlock?.parentOp;
      if (owner && op.isAncestorOf(owner)) continue;
      if (!outside(operand.value)) return 'interrupt';
    }
    return 'advance';
  });
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
    (v) => isDefinedOutsideOfLoop(loop, iface, v),
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
