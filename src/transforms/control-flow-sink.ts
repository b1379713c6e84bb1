// control-flow-sink: side-effect free ops whose users all sit in one region
// of a RegionBranch op that runs at most once (e.g. a branch of scf.if) move
// into that region, so they only run when the region does.

import type { Attribute } from '../ir/attributes.js';
import { Interfaces, getInterface, type RegionBranchInterface } from '../ir/interfaces.js';
import type { Operation, Region } from '../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { DominanceInfo } from '../ir/dominance.js';
import { isMemoryEffectFree } from '../ir/side-effects.js';
import { matchConstant } from '../ir/matchers.js';

/** The regions of a RegionBranch op known to run at most once per execution of the op. */
export function singlyExecutedRegionsToSink(op: Operation): Region[] {
  const iface = getInterface<RegionBranchInterface>(op, Interfaces.RegionBranch);
  if (!iface?.getRegionInvocationBounds) return [];
  const constants: (Attribute | undefined)[] = op.operands.map((v) => matchConstant(v));
  const bounds = iface.getRegionInvocationBounds(op, constants);
  return op.regions.filter((_, i) => bounds[i]?.upper !== undefined && bounds[i].upper! <= 1);
}

/** MLIR's controlFlowSink: sinks into each region; returns the number of ops moved. */
export function controlFlowSink(
  regions: readonly Region[],
  dom: DominanceInfo,
  shouldMove: (op: Operation, r: Region) => boolean,
  move: (op: Operation, r: Region) => void,
): number {
  let sunk = 0;
  const allUsersDominated = (op: Operation, region: Region): boolean => {
    for (const r of op.results) for (const u of r.users()) if (!u.parentBlock || !dom.dominates(region.entry, u.parentBlock)) return false;
    return true;
  };
  for (const region of regions) {
    if (region.empty) continue;
    const stack: Operation[] = [...region.ops()];
    while (stack.length) {
      const user = stack.pop()!;
      for (const v of user.operands) {
        const op = v.definingOp;
        if (!op || op.parentRegion === region) continue;
        if (!shouldMove(op, region) || !allUsersDominated(op, region)) continue;
        move(op, region);
        sunk++;
        stack.push(op);
      }
    }
  }
  return sunk;
}

export const ControlFlowSinkInfo: PassInfo = {
  argument: 'control-flow-sink',
  name: 'ControlFlowSink',
  description: 'Sink operations into conditional blocks',
  create: () => new ControlFlowSink(),
};

class ControlFlowSink extends Pass {
  constructor() {
    super(ControlFlowSinkInfo);
  }
  runOnOperation(root: Operation, _run: PassRun): void {
    const dom = new DominanceInfo();
    const branches: Operation[] = [];
    root.walk((o) => {
      if (getInterface(o, Interfaces.RegionBranch)) branches.push(o);
    });
    for (const branch of branches) {
      controlFlowSink(
        singlyExecutedRegionsToSink(branch),
        dom,
        (op) => isMemoryEffectFree(op),
        (op, region) => {
          op.remove();
          region.entry.prepend(op);
        },
      );
    }
  }
}
