// scf-for-loop-range-folding: an induction variable whose only use is an
// addi/muli with loop-invariant operands has that op folded into the loop's
// bounds and step (a muli only by a positive constant, unlike MLIR, which
// also folds factors that may be zero or negative).

import type { Operation } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { Builder } from '../../ir/builder.js';
import { cloneAt, IRMapping } from '../clone.js';
import { IntegerAttr } from '../../ir/builtin-attributes.js';
import { matchConstant } from '../../ir/matchers.js';

function isPositiveConstant(v: import('../../ir/operation.js').Value | undefined): boolean {
  const c = v && matchConstant(v);
  return c instanceof IntegerAttr && c.value > 0n;
}

export const ForLoopRangeFoldingInfo: PassInfo = {
  argument: 'scf-for-loop-range-folding',
  name: 'SCFForLoopRangeFolding',
  description: 'Fold add/mul ops into loop range',
  create: () => new ForLoopRangeFolding(),
};

class ForLoopRangeFolding extends Pass {
  constructor() {
    super(ForLoopRangeFoldingInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const loops: Operation[] = [];
    root.walk((o) => {
      if (o.name.name === 'scf.for') loops.push(o);
    });
    for (const loop of loops) {
      const iv = loop.regions[0].entry.args[0];
      const invariant = (v: import('../../ir/operation.js').Value): boolean => {
        const blk = v.parentBlock;
        const owner = blk?.parentOp;
        return v === iv || !owner || !loop.isAncestorOf(owner);
      };
      for (;;) {
        if (!iv.hasOneUse) break;
        const user = iv.firstUse!.owner;
        const kind = user.name.name;
        if (kind !== 'arith.addi' && kind !== 'arith.muli') break;
        if (!user.operands.every(invariant)) break;
        // Scaling the range by a factor that is not known to be positive would
        // change the trip count (or make the step non-positive): MLIR folds any
        // loop-invariant factor, which changes what such loops compute.
        if (kind === 'arith.muli' && !isPositiveConstant(user.operands.find((v) => v !== iv))) break;
        const b = new Builder(run.ctx);
        b.setInsertionPointBefore(loop);
        const fold = (bound: number): void => {
          const m = new IRMapping();
          m.map(iv, loop.operand(bound));
          const c = cloneAt(b, user, m);
          loop.setOperand(bound, c.result(0));
        };
        if (kind === 'arith.addi') {
          fold(0);
          fold(1);
        } else {
          fold(0);
          fold(1);
          fold(2);
        }
        user.result(0).replaceAllUsesWith(iv);
        user.erase();
      }
    }
  }
}
