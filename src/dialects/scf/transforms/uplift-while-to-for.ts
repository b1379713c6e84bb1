// scf.while to scf.for uplifting (MLIR 22's UpliftWhileToFor.cpp): a while
// loop whose `before` block is a single `arith.cmpi slt` (or `sgt` with the
// operands swapped) of a forwarded argument against a bound defined above the
// loop, and whose `after` block advances that argument by an `arith.addi` of
// a step defined above the loop, becomes an scf.for over the other
// arguments. The induction variable's final value is recomputed after the
// loop as lb + ((ub - lb + step - 1) / step - 1) * step.

import { DominanceInfo } from '../../../ir/dominance.js';
import { IndexType } from '../../../ir/builtin-types.js';
import { BlockArgument, type Value } from '../../../ir/operation.js';
import type { OpOf } from '../../../ods/index.js';
import { pattern, type PatternRewriter, type RewritePattern } from '../../../ir/pattern.js';
import { AddIOp, CmpIOp, CmpIPredicate, ConstantOp, DivSIOp, MulIOp, SubIOp } from '../../arith/index.js';
import { ConditionOp, ForOp, WhileOp, YieldOp } from '../ops.js';

function useCount(v: Value): number {
  let n = 0;
  for (let u = v.firstUse; u; u = u.nextUse) n++;
  return n;
}

/** MLIR's upliftWhileToForLoop: the new scf.for replacing `loop`, or undefined when `loop` does not fit. */
export function upliftWhileToForLoop(rewriter: PatternRewriter, loop: OpOf<typeof WhileOp>): OpOf<typeof ForOp> | undefined {
  const beforeBody = WhileOp.beforeBody(loop);
  const cmp = beforeBody.first;
  // The before block holds one op besides its terminator: the comparison.
  if (!cmp || cmp.next !== beforeBody.last || !CmpIOp.isa(cmp)) return undefined;
  const beforeTerm = ConditionOp.cast(WhileOp.conditionOp(loop));
  if (!CmpIOp.result(cmp).hasOneUse || ConditionOp.condition(beforeTerm) !== CmpIOp.result(cmp)) return undefined;
  // Every before argument is forwarded (in any order); they become iter_args (but the induction variable).
  // perm[j]: the before argument forwarded as condition operand j (and after argument j).
  const forwarded = ConditionOp.args(beforeTerm);
  if (forwarded.length !== beforeBody.args.length) return undefined;
  const perm: number[] = [];
  const seen = new Set<number>();
  for (const v of forwarded) {
    if (!(v instanceof BlockArgument) || v.owner !== beforeBody || seen.has(v.index)) return undefined;
    seen.add(v.index);
    perm.push(v.index);
  }

  const predicate = CmpIOp.predicate(cmp);
  if (predicate !== CmpIPredicate.case.slt && predicate !== CmpIPredicate.case.sgt) return undefined;
  const dom = new DominanceInfo();
  let inductionVar: BlockArgument | undefined;
  let ub: Value | undefined;
  for (const reverse of [false, true]) {
    if (predicate !== (reverse ? CmpIPredicate.case.sgt : CmpIPredicate.case.slt)) continue;
    const arg1 = reverse ? CmpIOp.rhs(cmp) : CmpIOp.lhs(cmp);
    const arg2 = reverse ? CmpIOp.lhs(cmp) : CmpIOp.rhs(cmp);
    if (!(arg1 instanceof BlockArgument) || arg1.owner !== beforeBody) continue;
    if (!dom.valueDominates(arg2, loop)) continue;
    inductionVar = arg1;
    ub = arg2;
    break;
  }
  // The induction variable is used by the comparison and the condition only.
  if (!inductionVar || !ub || useCount(inductionVar) !== 2) return undefined;

  const afterBody = WhileOp.afterBody(loop);
  const argNumber = inductionVar.index;
  const afterYield = YieldOp.cast(WhileOp.yieldOp(loop));
  const next = YieldOp.results(afterYield)[argNumber];
  const ivAfter = afterBody.args[perm.indexOf(argNumber)];
  const addOp = AddIOp.definingOp(next);
  if (!addOp) return undefined;
  let step: Value | undefined;
  if (AddIOp.lhs(addOp) === ivAfter) step = AddIOp.rhs(addOp);
  else if (AddIOp.rhs(addOp) === ivAfter) step = AddIOp.lhs(addOp);
  if (!step || !dom.valueDominates(step, loop)) return undefined;

  const inits = WhileOp.inits(loop);
  const lb = inits[argNumber];
  const location = loop.location;
  rewriter.setInsertionPointBefore(loop);
  // An empty body builder: the moved `after` block brings the terminator.
  const newLoop = ForOp.create(rewriter, { lowerBound: lb, upperBound: ub, step, initArgs: inits.filter((_, i) => i !== argNumber), location }, () => {});
  const newBody = ForOp.body(newLoop);
  const bodyArgs = newBody.args;
  // The iter_arg (or result) position of before argument k.
  const slot = (k: number): number => (k < argNumber ? k : k - 1);
  const argsForAfter = perm.map((k) => (k === argNumber ? bodyArgs[0] : bodyArgs[1 + slot(k)]));
  rewriter.inlineBlockBefore(afterBody, newBody, null, argsForAfter);
  const term = YieldOp.cast(newBody.last!);
  rewriter.setInsertionPointBefore(term);
  YieldOp.build(rewriter, { results: YieldOp.results(term).filter((_, i) => i !== argNumber), location: term.location });
  rewriter.eraseOp(term);

  // The induction variable's value after the loop.
  rewriter.setInsertionPointAfter(newLoop);
  const one = step.type instanceof IndexType ? ConstantOp.index(rewriter, 1, location) : ConstantOp.int(rewriter, 1, step.type, location);
  const sub = (lhs: Value, rhs: Value): Value => SubIOp.result(SubIOp.build(rewriter, { lhs, rhs, location }));
  const add = (lhs: Value, rhs: Value): Value => AddIOp.result(AddIOp.build(rewriter, { lhs, rhs, location }));
  const stepDec = sub(step, one);
  let len = sub(ub, lb);
  len = add(len, stepDec);
  len = DivSIOp.result(DivSIOp.build(rewriter, { lhs: len, rhs: step, location }));
  len = sub(len, one);
  const res = add(lb, MulIOp.result(MulIOp.build(rewriter, { lhs: len, rhs: step, location })));

  const results = perm.map((k) => (k === argNumber ? res : newLoop.results[slot(k)]));
  rewriter.replaceOp(loop, results);
  return newLoop;
}

/** MLIR's populateUpliftWhileToForPatterns. */
export const upliftWhileToForPattern: RewritePattern = pattern(WhileOp, (loop, rewriter) => upliftWhileToForLoop(rewriter, loop) !== undefined, {
  name: 'UpliftWhileOp',
});
