// convert-scf-to-cf: lowers scf.for / if / while / index_switch /
// execute_region / parallel to a CFG of cf branches, with MLIR's block layout
// (each op's block is split at the op; regions are inlined before the
// continuation).

import { DenseArrayAttr, DenseIntOrFPElementsAttr, IntegerAttr, UnitAttr } from '../ir/builtin-attributes.js';
import { IntegerType, VectorType } from '../ir/builtin-types.js';
import { Block, type Operation, type Value } from '../ir/operation.js';
import type { Type } from '../ir/attributes.js';
import { BranchOp, CondBranchOp } from '../dialects/cf/index.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { ConversionTarget, applyPartialConversion } from '../transforms/dialect-conversion.js';
import { legacyPattern, type PatternRewriter, type RewritePattern } from '../ir/pattern.js';

const CMPI_SLT = 2n;
const CMPI_ULT = 6n;

function createYield(rewriter: PatternRewriter, operands: readonly Value[], op: Operation): Operation {
  return rewriter.create('scf.yield', { operands, location: op.location });
}

const forLowering = legacyPattern('scf.for', (forOp, rewriter) => {
  const loc = forOp.location;
  const initBlock = forOp.parentBlock!;
  const endBlock = rewriter.splitBlock(initBlock, forOp);
  const region = forOp.regions[0];
  const conditionBlock = region.entry;
  const firstBodyBlock = rewriter.splitBlock(conditionBlock, conditionBlock.first);
  const lastBodyBlock = region.blocks[region.blocks.length - 1];
  rewriter.inlineRegionBefore(region, initBlock.parent!, endBlock);
  const iv = conditionBlock.args[0];
  const terminator = lastBodyBlock.last!;
  rewriter.setInsertionPointToEnd(lastBodyBlock);
  const stepped = rewriter.create('arith.addi', { operands: [iv, forOp.operand(2)], results: [iv.type], location: loc }).result(0);
  const br = BranchOp.create(rewriter, conditionBlock, [stepped, ...terminator.operands], loc);
  for (const [k, v] of forOp.attributes) if (k.startsWith('llvm.')) br.attributes.set(k, v);
  rewriter.eraseOp(terminator);
  rewriter.setInsertionPointToEnd(initBlock);
  BranchOp.create(rewriter, conditionBlock, [forOp.operand(0), ...forOp.operands.slice(3)], loc);
  rewriter.setInsertionPointToEnd(conditionBlock);
  const pred = forOp.getAttr('unsignedCmp') ? CMPI_ULT : CMPI_SLT;
  const cmp = rewriter.create('arith.cmpi', {
    operands: [iv, forOp.operand(1)],
    results: [IntegerType.get(1)],
    attributes: { predicate: IntegerAttr.get(IntegerType.get(64), pred) },
    location: loc,
  });
  CondBranchOp.create(rewriter, cmp.result(0), firstBodyBlock, [], endBlock, [], loc);
  rewriter.replaceOp(forOp, conditionBlock.args.slice(1));
  return true;
});

/** Appends a block with `types` arguments before `before` in its region. */
function createBlockBefore(rewriter: PatternRewriter, before: Block, types: readonly Type[], op: Operation): Block {
  return rewriter.createBlockIn(before.parent!, before, types, types.map(() => op.location));
}

const ifLowering = legacyPattern('scf.if', (ifOp, rewriter) => {
  const loc = ifOp.location;
  const condBlock = ifOp.parentBlock!;
  const remaining = rewriter.splitBlock(condBlock, ifOp);
  let continueBlock: Block;
  if (ifOp.numResults === 0) continueBlock = remaining;
  else {
    continueBlock = createBlockBefore(rewriter, remaining, ifOp.resultTypes, ifOp);
    BranchOp.create(rewriter, remaining, [], loc);
  }
  const thenRegion = ifOp.regions[0];
  const thenBlock = thenRegion.entry;
  const thenLast = thenRegion.blocks[thenRegion.blocks.length - 1];
  const thenTerm = thenLast.last!;
  rewriter.setInsertionPointToEnd(thenLast);
  BranchOp.create(rewriter, continueBlock, thenTerm.operands, loc);
  rewriter.eraseOp(thenTerm);
  rewriter.inlineRegionBefore(thenRegion, continueBlock.parent!, continueBlock);
  let elseBlock = continueBlock;
  const elseRegion = ifOp.regions[1];
  if (!elseRegion.empty) {
    elseBlock = elseRegion.entry;
    const elseLast = elseRegion.blocks[elseRegion.blocks.length - 1];
    const elseTerm = elseLast.last!;
    rewriter.setInsertionPointToEnd(elseLast);
    BranchOp.create(rewriter, continueBlock, elseTerm.operands, loc);
    rewriter.eraseOp(elseTerm);
    rewriter.inlineRegionBefore(elseRegion, continueBlock.parent!, continueBlock);
  }
  rewriter.setInsertionPointToEnd(condBlock);
  CondBranchOp.create(rewriter, ifOp.operand(0), thenBlock, [], elseBlock, [], loc);
  rewriter.replaceOp(ifOp, continueBlock.args);
  return true;
});

const executeRegionLowering = legacyPattern('scf.execute_region', (op, rewriter) => {
  const loc = op.location;
  const condBlock = op.parentBlock!;
  const remaining = rewriter.splitBlock(condBlock, op);
  const region = op.regions[0];
  rewriter.setInsertionPointToEnd(condBlock);
  BranchOp.create(rewriter, region.entry, [], loc);
  for (const block of [...region.blocks]) {
    const term = block.last;
    if (term && term.name.name === 'scf.yield') {
      rewriter.setInsertionPointToEnd(block);
      BranchOp.create(rewriter, remaining, term.operands, loc);
      rewriter.eraseOp(term);
    }
  }
  rewriter.inlineRegionBefore(region, remaining.parent!, remaining);
  const vals = op.resultTypes.map((t) => remaining.addArgument(t, loc));
  rewriter.replaceOp(op, vals);
  return true;
});

const whileLowering = legacyPattern('scf.while', (whileOp, rewriter) => {
  const loc = whileOp.location;
  const current = whileOp.parentBlock!;
  const continuation = rewriter.splitBlock(current, whileOp);
  const before = whileOp.regions[0].entry;
  const beforeLast = whileOp.regions[0].blocks[whileOp.regions[0].blocks.length - 1];
  const after = whileOp.regions[1].entry;
  const afterLast = whileOp.regions[1].blocks[whileOp.regions[1].blocks.length - 1];
  rewriter.inlineRegionBefore(whileOp.regions[1], continuation.parent!, continuation);
  rewriter.inlineRegionBefore(whileOp.regions[0], after.parent!, after);
  rewriter.setInsertionPointToEnd(current);
  BranchOp.create(rewriter, before, whileOp.operands, loc);
  const condOp = beforeLast.last!;
  const args = condOp.operands.slice(1);
  rewriter.setInsertionPointBefore(condOp);
  CondBranchOp.create(rewriter, condOp.operand(0), after, args, continuation, [], condOp.location);
  rewriter.eraseOp(condOp);
  const yieldOp = afterLast.last!;
  rewriter.setInsertionPointBefore(yieldOp);
  const backEdge = BranchOp.create(rewriter, before, yieldOp.operands, yieldOp.location);
  // The back edge carries the loop's LLVM metadata (e.g. llvm.loop_annotation), as in MLIR.
  for (const [k, v] of whileOp.attributes) if (k.startsWith('llvm.')) backEdge.attributes.set(k, v);
  rewriter.eraseOp(yieldOp);
  rewriter.replaceOp(whileOp, args);
  return true;
});

const doWhileLowering = legacyPattern(
  'scf.while',
  (whileOp, rewriter) => {
    const afterBlock = whileOp.regions[1].entry;
    if (afterBlock.first !== afterBlock.last) return false;
    const y = afterBlock.first;
    if (!y || y.name.name !== 'scf.yield') return false;
    const ys = y.operands;
    if (ys.length !== afterBlock.args.length || ys.some((v, i) => v !== afterBlock.args[i])) return false;
    const current = whileOp.parentBlock!;
    const continuation = rewriter.splitBlock(current, whileOp);
    const before = whileOp.regions[0].entry;
    const beforeLast = whileOp.regions[0].blocks[whileOp.regions[0].blocks.length - 1];
    rewriter.inlineRegionBefore(whileOp.regions[0], continuation.parent!, continuation);
    rewriter.setInsertionPointToEnd(current);
    BranchOp.create(rewriter, before, whileOp.operands, whileOp.location);
    const condOp = beforeLast.last!;
    const args = condOp.operands.slice(1);
    rewriter.setInsertionPointBefore(condOp);
    const latch = CondBranchOp.create(rewriter, condOp.operand(0), before, args, continuation, [], condOp.location);
    for (const [k, v] of whileOp.attributes) if (k.startsWith('llvm.')) latch.attributes.set(k, v);
    rewriter.eraseOp(condOp);
    rewriter.replaceOp(whileOp, args);
    return true;
  },
  { benefit: 2 },
);

const indexSwitchLowering = legacyPattern('scf.index_switch', (op, rewriter) => {
  const loc = op.location;
  const condBlock = op.parentBlock!;
  const continueBlock = rewriter.splitBlock(condBlock, op);
  const results = op.resultTypes.map((t) => continueBlock.addArgument(t, loc));
  const convertRegion = (index: number): Block => {
    const region = op.regions[index];
    const block = region.entry;
    const y = block.last!;
    rewriter.setInsertionPointBefore(y);
    BranchOp.create(rewriter, continueBlock, y.operands, y.location);
    rewriter.eraseOp(y);
    rewriter.inlineRegionBefore(region, continueBlock.parent!, continueBlock);
    return block;
  };
  const cases = op.getAttr('cases') as unknown as { values: readonly bigint[] } | undefined;
  const caseValues = cases ? [...cases.values] : [];
  const caseSuccessors: Block[] = [];
  for (let i = 0; i < caseValues.length; i++) caseSuccessors.push(convertRegion(i + 1));
  const defaultBlock = convertRegion(0);
  rewriter.setInsertionPointToEnd(condBlock);
  const i32 = IntegerType.get(32);
  const caseValue = rewriter.create('arith.index_cast', { operands: [op.operand(0)], results: [i32], location: loc }).result(0);
  const segs = (sizes: readonly number[]) => denseI32Array(sizes);
  const attrs: Record<string, import('../ir/attributes.js').Attribute> = {
    case_operand_segments: segs(caseSuccessors.map(() => 0)),
    operandSegmentSizes: segs([1, 0, 0]),
  };
  if (caseValues.length) attrs.case_values = DenseIntOrFPElementsAttr.get(VectorType.get([caseValues.length], i32), caseValues.map((v) => BigInt.asIntN(32, v)));
  rewriter.create('cf.switch', { operands: [caseValue], successors: [defaultBlock, ...caseSuccessors], attributes: attrs, location: loc });
  rewriter.replaceOp(op, results);
  return true;
});

function denseI32Array(sizes: readonly number[]): DenseArrayAttr {
  return DenseArrayAttr.get(IntegerType.get(32), sizes.map(BigInt));
}

/** Builds `scf.for` with an empty body (block with iv and iter args), ending in scf.yield when there are no iter args. */
function createFor(rewriter: PatternRewriter, loc: Operation, lb: Value, ub: Value, step: Value, inits: readonly Value[], unsigned: boolean): Operation {
  const forOp = rewriter.create('scf.for', {
    operands: [lb, ub, step, ...inits],
    results: inits.map((v) => v.type),
    regions: 1,
    location: loc.location,
  });
  if (unsigned) forOp.properties.set('unsignedCmp', UnitAttr.get());
  const body = new Block();
  forOp.regions[0].pushBlock(body);
  body.addArgument(lb.type, loc.location);
  for (const v of inits) body.addArgument(v.type, loc.location);
  if (!inits.length) {
    const saved = rewriter.insertionPoint;
    rewriter.setInsertionPointToEnd(body);
    createYield(rewriter, [], loc);
    rewriter.insertionPoint = saved;
  }
  return forOp;
}

const parallelLowering = legacyPattern('scf.parallel', (par, rewriter) => {
  const body = par.regions[0].entry;
  const reduce = body.last;
  if (!reduce || reduce.name.name !== 'scf.reduce') return false;
  const segments = (par.getAttr('operandSegmentSizes') as unknown as { values: readonly bigint[] }).values.map(Number);
  const ops = par.operands;
  const n = segments[0];
  const lbs = ops.slice(0, n);
  const ubs = ops.slice(n, n + segments[1]);
  const steps = ops.slice(n + segments[1], n + segments[1] + segments[2]);
  let iterArgs: Value[] = ops.slice(n + segments[1] + segments[2]);
  const ivs: Value[] = [];
  let first = true;
  let loopResults: Value[] = [...iterArgs];
  const unsigned = par.getAttr('unsignedCmp') !== undefined;
  for (let i = 0; i < n; i++) {
    const forOp = createFor(rewriter, par, lbs[i], ubs[i], steps[i], iterArgs, unsigned);
    const forBody = forOp.regions[0].entry;
    ivs.push(forBody.args[0]);
    iterArgs = forBody.args.slice(1);
    if (first) {
      loopResults = [...forOp.results];
      first = false;
    } else if (forOp.numResults) {
      rewriter.setInsertionPointToEnd(forOp.parentBlock!);
      createYield(rewriter, forOp.results, par);
    }
    rewriter.setInsertionPointToStart(forBody);
  }
  const yieldOperands: Value[] = [];
  for (let i = 0; i < par.numResults; i++) {
    const rb = reduce.regions[i].entry;
    const arg = iterArgs[yieldOperands.length];
    const ret = rb.last!;
    yieldOperands.push(ret.operand(0));
    rewriter.eraseOp(ret);
    rewriter.inlineBlockBefore(rb, reduce.parentBlock!, reduce, [arg, reduce.operand(i)]);
  }
  rewriter.eraseOp(reduce);
  const newBody = rewriter.insertionPoint!.block;
  if (newBody.empty) rewriter.inlineBlockBefore(body, newBody, null, ivs);
  else rewriter.inlineBlockBefore(body, newBody, newBody.last, ivs);
  if (yieldOperands.length) {
    rewriter.setInsertionPointToEnd(newBody);
    createYield(rewriter, yieldOperands, par);
  }
  rewriter.replaceOp(par, loopResults);
  return true;
});

export function scfToControlFlowPatterns(): RewritePattern[] {
  return [forLowering, ifLowering, executeRegionLowering, whileLowering, doWhileLowering, indexSwitchLowering, parallelLowering];
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
    target.addIllegalOp('scf.forall', 'scf.for', 'scf.if', 'scf.index_switch', 'scf.parallel', 'scf.while', 'scf.execute_region');
    target.markUnknownOpDynamicallyLegal(() => true);
    if (!applyPartialConversion(run.ctx, op, target, scfToControlFlowPatterns())) run.signalPassFailure();
  }
}
