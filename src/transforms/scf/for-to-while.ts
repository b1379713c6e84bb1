// scf-for-to-while: rewrites every scf.for into an scf.while whose `before`
// region compares the induction variable with the upper bound and whose
// `after` region holds the body plus the increment (applied greedily).

import type { Operation } from '../../ir/operation.js';
import { Block } from '../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import { applyPatternsGreedily, FrozenPatternSet } from '../greedy.js';
import { legacyPattern } from '../../ir/pattern.js';
import { binary, cmpi, valueLoc } from './build.js';

export const forToWhilePattern = legacyPattern('scf.for', (forOp, rewriter) => {
  const loc = forOp.location;
  const body = forOp.regions[0].entry;
  const iv = body.args[0];
  const inits = forOp.operands.slice(3);
  const types = [iv.type, ...inits.map((v) => v.type)];
  const locs = [iv.location, ...inits.map(valueLoc)];
  const attrs = [...forOp.propertiesView.entries(), ...forOp.attributesView.entries()];
  const whileOp = rewriter.create('scf.while', { operands: [forOp.operand(0), ...inits], results: types, attributes: attrs, regions: 2, location: loc });
  const before = new Block();
  whileOp.regions[0].pushBlock(before);
  types.forEach((t, i) => before.addArgument(t, locs[i]));
  rewriter.listener.notifyBlockInserted?.(before);
  rewriter.setInsertionPointToStart(before);
  const cond = cmpi(rewriter, forOp.propertiesView.has('unsignedCmp') ? 'ult' : 'slt', before.args[0], forOp.operand(1), loc);
  rewriter.create('scf.condition', { operands: [cond, ...before.args], location: loc });
  const after = new Block();
  whileOp.regions[1].pushBlock(after);
  types.forEach((t, i) => after.addArgument(t, locs[i]));
  rewriter.listener.notifyBlockInserted?.(after);
  rewriter.setInsertionPointToEnd(after);
  const next = binary(rewriter, 'arith.addi', after.args[0], forOp.operand(2), loc);
  body.args.forEach((a, i) => rewriter.replaceAllUsesWith(a, after.args[i]));
  for (const op of body.ops) {
    op.remove();
    after.append(op);
  }
  for (const op of after.ops)
    if (op.name.name === 'scf.yield') rewriter.modifyOpInPlace(op, () => op.setOperands([next, ...op.operands]));
  forOp.results.forEach((r, i) => rewriter.replaceAllUsesWith(r, whileOp.result(i + 1)));
  rewriter.eraseOp(forOp);
  return true;
});

export const ForToWhileLoopInfo: PassInfo = {
  argument: 'scf-for-to-while',
  name: 'SCFForToWhileLoop',
  description: 'Convert SCF for loops to SCF while loops',
  create: () => new ForToWhileLoop(),
};

class ForToWhileLoop extends Pass {
  constructor() {
    super(ForToWhileLoopInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    applyPatternsGreedily(run.ctx, op, new FrozenPatternSet([forToWhilePattern]));
  }
}
