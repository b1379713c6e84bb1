// convert-scf-to-cf: lowers scf.for / if / while / index_switch /
// execute_region / parallel to a CFG of cf branches, with MLIR's block layout
// (each op's block is split at the op; regions are inlined before the
// continuation).

import { IntegerType } from '../ir/builtin-types.js';
import type { Block, OpOperand, Operation, Region, Value } from '../ir/operation.js';
import { pattern, type PatternRewriter, type RewritePattern } from '../ir/pattern.js';
import { AddIOp, CmpIOp, CmpIPredicate, IndexCastOp } from '../dialects/arith/index.js';
import { BranchOp, CondBranchOp, SwitchOp } from '../dialects/cf/index.js';
import {
  BreakOp,
  ConditionOp,
  ContinueOp,
  ExecuteRegionOp,
  LoopOp,
  ForallOp,
  ForOp,
  IfOp,
  IndexSwitchOp,
  ParallelOp,
  ReduceOp,
  ReduceReturnOp,
  WhileOp,
  YieldOp,
} from '../dialects/scf/index.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { ConversionTarget, applyPartialConversion } from '../transforms/dialect-conversion.js';
import { forallToParallelLoop } from '../transforms/scf/forall.js';

/**
 * `op`, given `from`'s location. The location of a parsed op is not made for
 * this (see Operation.copyLocationTo): the output prints none, and making one
 * per lowered op cost a line lookup and a uniqued object each.
 */
function at<T extends Operation>(from: Operation, op: T): T {
  from.copyLocationTo(op);
  return op;
}

/** Copies the loop's `llvm.*` attributes (loop metadata) onto the branch that closes it, as MLIR does. */
function copyLLVMAttrs(from: Operation, to: Operation): void {
  // Read through the view: `attributes` would create a map on an op that has none (most loops).
  const attrs = from.attributesView;
  if (attrs.size === 0) return;
  for (const [k, v] of attrs) if (k.startsWith('llvm.')) to.attributes.set(k, v);
}

/** No values (never changed: only read by the builders and replaceOp). */
const NO_VALUES: readonly Value[] = [];

/**
 * The values of the operand `u` of `op` and those after it, after `first`
 * when given: a list at its exact size for up to three (pushing to a short
 * list reserves room for 17), made without an operand array to spread (a
 * lowering makes several per loop).
 */
function valuesFrom(op: Operation, u: OpOperand | null, first?: Value): Value[] {
  let a = first;
  if (a === undefined) {
    if (u === null) return [];
    a = u.value;
    u = op.operandAfter(u);
  }
  if (u === null) return [a];
  const b = u.value;
  u = op.operandAfter(u);
  if (u === null) return [a, b];
  const c = u.value;
  u = op.operandAfter(u);
  if (u === null) return [a, b, c];
  const out = [a, b, c];
  for (; u !== null; u = op.operandAfter(u)) out.push(u.value);
  return out;
}

/** The use of operand number `i` of `op` (counted along the list), null past the end. */
function operandUse(op: Operation, i: number): OpOperand | null {
  let u = op.firstOperand;
  for (let k = 0; k < i && u !== null; k++) u = op.operandAfter(u);
  return u;
}

// Scratch lists of one to three values for the branches made below: the
// branch builder hands its list to the Operation constructor, which reads it
// without keeping it. Filled per branch and emptied after (a module-level
// list must not keep IR alive), instead of an array per branch: short-lived
// arrays cost scavenges, which also copy the new IR (Round 11).
const SCRATCH: (Value | undefined)[][] = [[], [undefined], [undefined, undefined], [undefined, undefined, undefined]];

/**
 * A `cf.br` to `dest` at `locOf`'s location, forwarding `first` (when
 * given) and then the operands of `op` from the use `u` on.
 */
function branchForwarding(rewriter: PatternRewriter, dest: Block, op: Operation, u: OpOperand | null, first: Value | undefined, locOf: Operation): Operation {
  let n = first === undefined ? 0 : 1;
  for (let w = u; w !== null && n <= 3; w = op.operandAfter(w)) n++;
  if (n === 0) return at(locOf, BranchOp.create(rewriter, dest, NO_VALUES));
  if (n > 3) return at(locOf, BranchOp.create(rewriter, dest, valuesFrom(op, u, first)));
  const list = SCRATCH[n];
  let k = 0;
  if (first !== undefined) list[k++] = first;
  for (; u !== null; u = op.operandAfter(u)) list[k++] = u.value;
  const br = at(locOf, BranchOp.create(rewriter, dest, list as Value[]));
  for (let i = 0; i < n; i++) list[i] = undefined;
  return br;
}

/** `scf.condition`'s forwarded values (the operands after the condition), as ConditionOp.args without the segment lookup. */
function conditionArgs(condOp: Operation): Value[] {
  return valuesFrom(condOp, condOp.operandAfter(condOp.firstOperand!));
}


const forLowering = pattern(ForOp, (forOp, rewriter) => {
  const initBlock = forOp.parentBlock!;
  const endBlock = rewriter.splitBlock(initBlock, forOp);
  const region = ForOp.region(forOp);
  const conditionBlock = region.entry;
  const firstBodyBlock = rewriter.splitBlock(conditionBlock, conditionBlock.first);
  const lastBodyBlock = region.lastBlock!;
  rewriter.inlineRegionBefore(region, initBlock.parent!, endBlock);
  const iv = conditionBlock.args[0];
  const terminator = lastBodyBlock.last!;
  rewriter.setInsertionPointToEnd(lastBodyBlock);
  const stepped = AddIOp.result(at(forOp, AddIOp.create(rewriter, iv, ForOp.step(forOp))));
  const br = branchForwarding(rewriter, conditionBlock, terminator, terminator.firstOperand, stepped, forOp);
  copyLLVMAttrs(forOp, br);
  rewriter.eraseOp(terminator);
  rewriter.setInsertionPointToEnd(initBlock);
  // The operands after the bounds and step are the init args.
  branchForwarding(rewriter, conditionBlock, forOp, operandUse(forOp, 3), ForOp.lowerBound(forOp), forOp);
  rewriter.setInsertionPointToEnd(conditionBlock);
  const predicate = ForOp.unsignedCmp(forOp) ? CmpIPredicate.case.ult : CmpIPredicate.case.slt;
  const cmp = at(forOp, CmpIOp.create(rewriter, predicate, iv, ForOp.upperBound(forOp)));
  at(forOp, CondBranchOp.create(rewriter, CmpIOp.result(cmp), firstBodyBlock, NO_VALUES, endBlock, NO_VALUES));
  rewriter.replaceOp(forOp, forOp.numResults ? conditionBlock.args.slice(1) : NO_VALUES);
  return true;
});

/** Appends a block before `before` in its region with an argument of each result type of `op`, at its location. */
function createBlockForResults(rewriter: PatternRewriter, before: Block, op: Operation): Block {
  const block = rewriter.createBlockIn(before.parent!, before);
  const n = op.numResults;
  for (let i = 0; i < n; i++) op.addBlockArgumentAt(block, op.result(i).type);
  return block;
}

/**
 * Ends `block` with a branch to `continueBlock` in place of its `scf.yield`.
 * A branch ending with an early exit (`scf.break`/`scf.continue`, or the
 * `cf.br` its target's lowering already made of it) keeps it.
 */
function branchToContinuation(rewriter: PatternRewriter, block: Block, continueBlock: Block, locOf: Operation): void {
  const term = block.last!;
  if (!YieldOp.isa(term)) return;
  rewriter.setInsertionPointToEnd(block);
  branchForwarding(rewriter, continueBlock, term, term.firstOperand, undefined, locOf);
  rewriter.eraseOp(term);
}

/**
 * Replaces every `scf.break`/`scf.continue` naming a loop's `token` with a
 * branch: breaks to `exit`, continues to `header` (run by the loop's lowering,
 * before the ifs around them are lowered, which keep these branches).
 */
function lowerEarlyExits(rewriter: PatternRewriter, token: Value, exit: Block, header: Block): void {
  for (const user of token.users()) {
    const brk = BreakOp.dynCast(user);
    const cont = ContinueOp.dynCast(user);
    const dest = brk ? exit : cont ? header : undefined;
    if (!dest) continue;
    rewriter.setInsertionPointBefore(user);
    at(user, BranchOp.create(rewriter, dest, brk ? BreakOp.results(brk) : ContinueOp.results(cont!)));
    rewriter.eraseOp(user);
  }
}

// scf.loop: the body becomes the loop header (its token argument dropped);
// the op's block is split at it, the rest becoming the exit block whose
// arguments are the loop's results.
const loopLowering = pattern(LoopOp, (op, rewriter) => {
  const initBlock = op.parentBlock!;
  const exitBlock = rewriter.splitBlock(initBlock, op);
  const region = LoopOp.region(op);
  const header = region.entry;
  const results = op.resultTypes.map((t) => op.addBlockArgumentAt(exitBlock, t));
  lowerEarlyExits(rewriter, LoopOp.token(op), exitBlock, header);
  header.eraseArgument(0);
  rewriter.inlineRegionBefore(region, initBlock.parent!, exitBlock);
  rewriter.setInsertionPointToEnd(initBlock);
  at(op, BranchOp.create(rewriter, header, LoopOp.initArgs(op)));
  rewriter.replaceOp(op, results);
  return true;
});

const ifLowering = pattern(IfOp, (ifOp, rewriter) => {
  const condBlock = ifOp.parentBlock!;
  const remaining = rewriter.splitBlock(condBlock, ifOp);
  let continueBlock: Block;
  if (ifOp.numResults === 0) continueBlock = remaining;
  else {
    continueBlock = createBlockForResults(rewriter, remaining, ifOp);
    at(ifOp, BranchOp.create(rewriter, remaining, NO_VALUES));
  }
  const thenRegion = IfOp.thenRegion(ifOp);
  const thenBlock = thenRegion.entry;
  const thenLast = thenRegion.lastBlock!;
  branchToContinuation(rewriter, thenLast, continueBlock, ifOp);
  rewriter.inlineRegionBefore(thenRegion, continueBlock.parent!, continueBlock);
  let elseBlock = continueBlock;
  const elseRegion = IfOp.elseRegion(ifOp);
  if (!elseRegion.empty) {
    elseBlock = elseRegion.entry;
    const elseLast = elseRegion.lastBlock!;
    branchToContinuation(rewriter, elseLast, continueBlock, ifOp);
    rewriter.inlineRegionBefore(elseRegion, continueBlock.parent!, continueBlock);
  }
  rewriter.setInsertionPointToEnd(condBlock);
  at(ifOp, CondBranchOp.create(rewriter, IfOp.condition(ifOp), thenBlock, NO_VALUES, elseBlock, NO_VALUES));
  rewriter.replaceOp(ifOp, continueBlock.args);
  return true;
});

const executeRegionLowering = pattern(ExecuteRegionOp, (op, rewriter) => {
  // Upstream's SCFToControlFlow does not lower breaking exits from execute_regions
  // (corpus: convert-to-cfg-unsupported.mlir); scf-lower-early-exit removes them first.
  if (ExecuteRegionOp.token(op)) return false;
  const loc = op.location;
  const condBlock = op.parentBlock!;
  const remaining = rewriter.splitBlock(condBlock, op);
  const region = ExecuteRegionOp.region(op);
  rewriter.setInsertionPointToEnd(condBlock);
  BranchOp.create(rewriter, region.entry, [], loc);
  for (const block of [...region.blocks]) {
    const term = block.last;
    if (YieldOp.isa(term)) {
      rewriter.setInsertionPointToEnd(block);
      BranchOp.create(rewriter, remaining, YieldOp.results(term), loc);
      rewriter.eraseOp(term);
    }
  }
  const vals = op.resultTypes.map((t) => remaining.addArgument(t, loc));
  rewriter.inlineRegionBefore(region, remaining.parent!, remaining);
  rewriter.replaceOp(op, vals);
  return true;
});

function lastBlock(region: Region): Block {
  return region.lastBlock!;
}

const whileLowering = pattern(WhileOp, (whileOp, rewriter) => {
  const current = whileOp.parentBlock!;
  const continuation = rewriter.splitBlock(current, whileOp);
  const beforeRegion = WhileOp.before(whileOp);
  const afterRegion = WhileOp.after(whileOp);
  const before = beforeRegion.entry;
  const beforeLast = lastBlock(beforeRegion);
  const after = afterRegion.entry;
  const afterLast = lastBlock(afterRegion);
  rewriter.inlineRegionBefore(afterRegion, continuation.parent!, continuation);
  rewriter.inlineRegionBefore(beforeRegion, after.parent!, after);
  rewriter.setInsertionPointToEnd(current);
  branchForwarding(rewriter, before, whileOp, whileOp.firstOperand, undefined, whileOp);
  const condOp = ConditionOp.cast(beforeLast.last!);
  const args = conditionArgs(condOp);
  rewriter.setInsertionPointBefore(condOp);
  at(condOp, CondBranchOp.create(rewriter, ConditionOp.condition(condOp), after, args, continuation, NO_VALUES));
  rewriter.eraseOp(condOp);
  const yieldOp = afterLast.last!;
  rewriter.setInsertionPointBefore(yieldOp);
  const backEdge = branchForwarding(rewriter, before, yieldOp, yieldOp.firstOperand, undefined, yieldOp);
  // The back edge carries the loop's LLVM metadata (e.g. llvm.loop_annotation), as in MLIR.
  copyLLVMAttrs(whileOp, backEdge);
  rewriter.eraseOp(yieldOp);
  rewriter.replaceOp(whileOp, args);
  return true;
});

const doWhileLowering = pattern(
  WhileOp,
  (whileOp, rewriter) => {
    const afterBlock = WhileOp.afterBody(whileOp);
    if (afterBlock.first !== afterBlock.last) return false;
    const y = afterBlock.first;
    if (!YieldOp.isa(y)) return false;
    // The yield forwards the block's arguments in order (read along its operands: no lists).
    const bargs = afterBlock.args;
    let u = y.firstOperand;
    for (let i = 0; i < bargs.length; i++, u = y.operandAfter(u)) if (u === null || u.value !== bargs[i]) return false;
    if (u !== null) return false;
    const current = whileOp.parentBlock!;
    const continuation = rewriter.splitBlock(current, whileOp);
    const beforeRegion = WhileOp.before(whileOp);
    const before = beforeRegion.entry;
    const beforeLast = lastBlock(beforeRegion);
    rewriter.inlineRegionBefore(beforeRegion, continuation.parent!, continuation);
    rewriter.setInsertionPointToEnd(current);
    branchForwarding(rewriter, before, whileOp, whileOp.firstOperand, undefined, whileOp);
    const condOp = ConditionOp.cast(beforeLast.last!);
    const args = conditionArgs(condOp);
    rewriter.setInsertionPointBefore(condOp);
    const latch = at(condOp, CondBranchOp.create(rewriter, ConditionOp.condition(condOp), before, args, continuation, NO_VALUES));
    copyLLVMAttrs(whileOp, latch);
    rewriter.eraseOp(condOp);
    rewriter.replaceOp(whileOp, args);
    return true;
  },
  { benefit: 2 },
);

const indexSwitchLowering = pattern(IndexSwitchOp, (op, rewriter) => {
  const loc = op.location;
  const condBlock = op.parentBlock!;
  const continueBlock = rewriter.splitBlock(condBlock, op);
  const results = op.resultTypes.map((t) => continueBlock.addArgument(t, loc));
  const convertRegion = (region: Region): Block => {
    const block = region.entry;
    const y = block.last!;
    rewriter.setInsertionPointBefore(y);
    BranchOp.create(rewriter, continueBlock, y.operands, y.location);
    rewriter.eraseOp(y);
    rewriter.inlineRegionBefore(region, continueBlock.parent!, continueBlock);
    return block;
  };
  const caseValues = IndexSwitchOp.cases(op);
  const caseSuccessors = IndexSwitchOp.caseRegions(op).map(convertRegion);
  const defaultBlock = convertRegion(IndexSwitchOp.defaultRegion(op));
  rewriter.setInsertionPointToEnd(condBlock);
  const i32 = IntegerType.get(32);
  const caseValue = IndexCastOp.out(IndexCastOp.build(rewriter, { in: IndexSwitchOp.arg(op), out: i32, location: loc }));
  SwitchOp.create(
    rewriter,
    caseValue,
    defaultBlock,
    [],
    caseValues.map((v) => BigInt.asIntN(32, v)),
    caseSuccessors,
    caseSuccessors.map(() => []),
    loc,
  );
  rewriter.replaceOp(op, results);
  return true;
});

const parallelLowering = pattern(ParallelOp, (par, rewriter) => {
  const body = ParallelOp.body(par);
  const reduce = body.last;
  if (!ReduceOp.isa(reduce)) return false;
  const lbs = ParallelOp.lowerBound(par);
  const ubs = ParallelOp.upperBound(par);
  const steps = ParallelOp.step(par);
  let iterArgs: Value[] = ParallelOp.initVals(par);
  const ivs: Value[] = [];
  let first = true;
  let loopResults: Value[] = [...iterArgs];
  const unsignedCmp = par.getAttr('unsignedCmp') !== undefined;
  for (let i = 0; i < lbs.length; i++) {
    const forOp = ForOp.create(rewriter, { lowerBound: lbs[i], upperBound: ubs[i], step: steps[i], initArgs: iterArgs, unsignedCmp, location: par.location });
    const forBody = ForOp.body(forOp);
    ivs.push(ForOp.inductionVar(forOp));
    iterArgs = ForOp.regionIterArgs(forOp);
    if (first) {
      loopResults = [...forOp.results];
      first = false;
    } else if (forOp.numResults) {
      rewriter.setInsertionPointToEnd(forOp.parentBlock!);
      YieldOp.build(rewriter, { results: forOp.results, location: par.location });
    }
    rewriter.setInsertionPointToStart(forBody);
  }
  const yieldOperands: Value[] = [];
  const reductions = ReduceOp.reductions(reduce);
  const reduced = ReduceOp.operands(reduce);
  for (let i = 0; i < par.numResults; i++) {
    const rb = reductions[i].entry;
    const arg = iterArgs[yieldOperands.length];
    const ret = ReduceReturnOp.cast(rb.last!);
    yieldOperands.push(ReduceReturnOp.result(ret));
    rewriter.eraseOp(ret);
    rewriter.inlineBlockBefore(rb, reduce.parentBlock!, reduce, [arg, reduced[i]]);
  }
  rewriter.eraseOp(reduce);
  const newBody = rewriter.insertionPoint!.block;
  if (newBody.empty) rewriter.inlineBlockBefore(body, newBody, null, ivs);
  else rewriter.inlineBlockBefore(body, newBody, newBody.last, ivs);
  if (yieldOperands.length) {
    rewriter.setInsertionPointToEnd(newBody);
    YieldOp.build(rewriter, { results: yieldOperands, location: par.location });
  }
  rewriter.replaceOp(par, loopResults);
  return true;
});

/** scf.forall without shared outputs becomes scf.parallel (lowered next), as MLIR's ForallLowering. */
const forallLowering = pattern(ForallOp, (op, rewriter) => {
  if (ForallOp.outputs(op).length) return false;
  forallToParallelLoop(rewriter, op);
  return true;
});

export function scfToControlFlowPatterns(): RewritePattern[] {
  return [forLowering, ifLowering, executeRegionLowering, loopLowering, whileLowering, doWhileLowering, indexSwitchLowering, forallLowering, parallelLowering];
}

export const SCFToControlFlowInfo: PassInfo = {
  argument: 'convert-scf-to-cf',
  name: 'SCFToControlFlowPass',
  description: 'Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG',
  options: [{ name: 'allow-pattern-rollback', kind: 'bool', description: 'Experimental performance flag to disallow pattern rollback', default: true }],
  create: () => new SCFToControlFlowPass(),
};

export class SCFToControlFlowPass extends Pass {
  constructor() {
    super(SCFToControlFlowInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const target = new ConversionTarget();
    target.addIllegalOp(ForallOp, ForOp, IfOp, IndexSwitchOp, ParallelOp, WhileOp, ExecuteRegionOp, LoopOp, BreakOp, ContinueOp);
    target.markUnknownOpLegal();
    if (!applyPartialConversion(run.ctx, op, target, scfToControlFlowPatterns(), { lastSiblingFirst: true })) run.signalPassFailure();
  }
}
