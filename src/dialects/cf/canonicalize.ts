// cf canonicalization patterns (MLIR 22's ControlFlowOps.cpp): branches to
// single-predecessor blocks merged, pass-through branches collapsed, constant
// and redundant conditions folded, switch simplifications.

import type { Block, Operation, Value } from '../../ir/operation.js';
import { pattern, type PatternRewriter, type RewritePattern } from '../../ir/pattern.js';
import { matchConstantBool, matchConstantInt } from '../../ir/matchers.js';
import { IntegerType } from '../../ir/builtin-types.js';
import { implementOp, type OpOf } from '../../ods/index.js';
import { ConstantOp, SelectOp } from '../arith/index.js';
import { AssertOp, BranchOp, CondBranchOp, SwitchOp } from './ops.js';

const sameValues = (a: readonly Value[], b: readonly Value[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/** Block::getSinglePredecessor: the predecessor block if the block has exactly one use as a successor. */
function singlePredecessor(b: Block): Block | null {
  const u = b.firstUse;
  if (!u || u.nextUse) return null;
  return u.owner.parentBlock;
}

/** Block::getUniquePredecessor: the one block all uses come from (repetition allowed). */
function uniquePredecessor(b: Block): Block | null {
  let pred: Block | null = null;
  for (let u = b.firstUse; u; u = u.nextUse) {
    const p = u.owner.parentBlock;
    if (pred && p !== pred) return null;
    pred = p;
  }
  return pred;
}

/** collapseBranch: follows a successor that only holds an unconditional branch. */
function collapseBranch(dest: Block, operands: readonly Value[]): { dest: Block; operands: Value[] } | undefined {
  if (!dest.first || dest.first !== dest.last) return undefined;
  const br = BranchOp.dynCast(dest.last);
  if (!br) return undefined;
  for (const a of dest.args) for (const u of a.uses()) if (u.owner !== br) return undefined;
  const next = BranchOp.dest(br);
  if (next === dest) return undefined;
  // A chain of unconditional branches that loops back would make collapsing
  // alternate forever between the blocks of the cycle (MLIR 22 bails out too).
  const visited = new Set<Block>([dest, next]);
  for (let t = BranchOp.dynCast(next.last); t; ) {
    const d = BranchOp.dest(t);
    if (visited.has(d)) return undefined;
    visited.add(d);
    t = BranchOp.dynCast(d.last);
  }
  const brOps = BranchOp.destOperands(br);
  if (!dest.args.length) return { dest: next, operands: brOps };
  return {
    dest: next,
    operands: brOps.map((v) => {
      const i = dest.args.indexOf(v as never);
      return i >= 0 ? operands[i] : v;
    }),
  };
}

function replaceWithBr(rewriter: PatternRewriter, op: Operation, dest: Block, operands: readonly Value[]): void {
  rewriter.setInsertionPointBefore(op);
  const br = BranchOp.create(rewriter, dest, operands, op.location);
  rewriter.replaceOp(op, br.results);
}

// ---- cf.assert

const assertCanonicalize = pattern(
  AssertOp,
  (op, rewriter) => {
    if (matchConstantBool(AssertOp.arg(op)) !== true) return false;
    rewriter.eraseOp(op);
    return true;
  },
  { name: 'AssertOp::canonicalize' },
);

implementOp(AssertOp, { canonicalizationPatterns: [assertCanonicalize] });

// ---- cf.br

const brCanonicalize = pattern(
  BranchOp,
  (op, rewriter) => {
    // Merge a successor with a single predecessor.
    const succ = BranchOp.dest(op);
    const parent = op.parentBlock!;
    if (succ !== parent && succ.firstUse && !succ.firstUse.nextUse) {
      rewriter.mergeBlocks(succ, parent, BranchOp.destOperands(op));
      rewriter.eraseOp(op);
      return true;
    }
    if (succ === parent) return false;
    const c = collapseBranch(succ, BranchOp.destOperands(op));
    if (!c) return false;
    replaceWithBr(rewriter, op, c.dest, c.operands);
    return true;
  },
  { name: 'BranchOp::canonicalize' },
);

implementOp(BranchOp, { canonicalizationPatterns: [brCanonicalize] });

// ---- cf.cond_br

const simplifyConstCondBranchPred = pattern(
  CondBranchOp,
  (op, rewriter) => {
    const c = matchConstantBool(CondBranchOp.condition(op));
    if (c === undefined) return false;
    if (c) replaceWithBr(rewriter, op, CondBranchOp.trueDest(op), CondBranchOp.trueDestOperands(op));
    else replaceWithBr(rewriter, op, CondBranchOp.falseDest(op), CondBranchOp.falseDestOperands(op));
    return true;
  },
  { name: 'SimplifyConstCondBranchPred' },
);

const simplifyPassThroughCondBranch = pattern(
  CondBranchOp,
  (op, rewriter) => {
    const trueOps = CondBranchOp.trueDestOperands(op);
    const falseOps = CondBranchOp.falseDestOperands(op);
    const t = collapseBranch(CondBranchOp.trueDest(op), trueOps);
    const f = collapseBranch(CondBranchOp.falseDest(op), falseOps);
    if (!t && !f) return false;
    rewriter.setInsertionPointBefore(op);
    const nb = CondBranchOp.build(rewriter, {
      condition: CondBranchOp.condition(op),
      trueDestOperands: t ? t.operands : trueOps,
      falseDestOperands: f ? f.operands : falseOps,
      branch_weights: CondBranchOp.branch_weights(op),
      trueDest: t ? t.dest : CondBranchOp.trueDest(op),
      falseDest: f ? f.dest : CondBranchOp.falseDest(op),
      location: op.location,
    });
    rewriter.replaceOp(op, nb.results);
    return true;
  },
  { name: 'SimplifyPassThroughCondBranch' },
);

const simplifyCondBranchIdenticalSuccessors = pattern(
  CondBranchOp,
  (op, rewriter) => {
    const trueDest = CondBranchOp.trueDest(op);
    if (trueDest !== CondBranchOp.falseDest(op)) return false;
    const trueOps = CondBranchOp.trueDestOperands(op);
    const falseOps = CondBranchOp.falseDestOperands(op);
    if (sameValues(trueOps, falseOps)) {
      replaceWithBr(rewriter, op, trueDest, trueOps);
      return true;
    }
    if (uniquePredecessor(trueDest) !== op.parentBlock) return false;
    rewriter.setInsertionPointBefore(op);
    const cond = CondBranchOp.condition(op);
    const merged = trueOps.map((t, i) =>
      t === falseOps[i] ? t : SelectOp.build(rewriter, { condition: cond, true_value: t, false_value: falseOps[i], result: t.type, location: op.location }).results[0],
    );
    replaceWithBr(rewriter, op, trueDest, merged);
    return true;
  },
  { name: 'SimplifyCondBranchIdenticalSuccessors' },
);

const simplifyCondBranchFromCondBranchOnSameCondition = pattern(
  CondBranchOp,
  (op, rewriter) => {
    const current = op.parentBlock!;
    const pred = singlePredecessor(current);
    if (!pred) return false;
    const pb = CondBranchOp.dynCast(pred.last);
    if (!pb || CondBranchOp.condition(pb) !== CondBranchOp.condition(op)) return false;
    if (current === CondBranchOp.trueDest(pb)) replaceWithBr(rewriter, op, CondBranchOp.trueDest(op), CondBranchOp.trueDestOperands(op));
    else replaceWithBr(rewriter, op, CondBranchOp.falseDest(op), CondBranchOp.falseDestOperands(op));
    return true;
  },
  { name: 'SimplifyCondBranchFromCondBranchOnSameCondition' },
);

const condBranchTruthPropagation = pattern(
  CondBranchOp,
  (op, rewriter) => {
    let replaced = false;
    const cond = CondBranchOp.condition(op);
    // Uses of the condition in a successor reached only from here see its known value.
    const propagate = (dest: Block, value: boolean): void => {
      if (!singlePredecessor(dest)) return;
      let constant: Value | undefined;
      for (const use of [...cond.uses()]) {
        if (use.owner.parentBlock !== dest) continue;
        replaced = true;
        constant ??= ConstantOp.bool(rewriter, value, op.location);
        const v = constant;
        rewriter.modifyOpInPlace(use.owner, () => use.set(v));
      }
    };
    propagate(CondBranchOp.trueDest(op), true);
    propagate(CondBranchOp.falseDest(op), false);
    return replaced;
  },
  { name: 'CondBranchTruthPropagation' },
);

implementOp(CondBranchOp, {
  canonicalizationPatterns: [
    simplifyConstCondBranchPred,
    simplifyPassThroughCondBranch,
    simplifyCondBranchIdenticalSuccessors,
    simplifyCondBranchFromCondBranchOnSameCondition,
    condBranchTruthPropagation,
  ],
});

// ---- cf.switch

interface SwitchParts {
  flag: Value;
  defaultDest: Block;
  defaultOps: Value[];
  caseValues: readonly bigint[];
  caseDests: Block[];
  caseOps: Value[][];
}

function switchParts(op: OpOf<typeof SwitchOp>): SwitchParts {
  return {
    flag: SwitchOp.flag(op),
    defaultDest: SwitchOp.defaultDestination(op),
    defaultOps: SwitchOp.defaultOperands(op),
    caseValues: SwitchOp.case_values(op) ?? [],
    caseDests: SwitchOp.caseDestinations(op),
    caseOps: SwitchOp.caseOperands(op),
  };
}

function replaceWithSwitch(
  rewriter: PatternRewriter,
  op: Operation,
  p: SwitchParts,
  values: readonly bigint[],
  dests: readonly Block[],
  ops: readonly Value[][],
  defaultDest = p.defaultDest,
  defaultOps = p.defaultOps,
): void {
  rewriter.setInsertionPointBefore(op);
  const ns = SwitchOp.create(rewriter, p.flag, defaultDest, defaultOps, values, dests, ops, op.location);
  rewriter.replaceOp(op, ns.results);
}

/** Branches to the destination of `value`: its case, else the default. */
function foldSwitch(rewriter: PatternRewriter, op: Operation, p: SwitchParts, value: bigint): void {
  const t = p.flag.type;
  const w = t instanceof IntegerType ? t.width : 64;
  const i = p.caseValues.findIndex((v) => BigInt.asUintN(w, v) === BigInt.asUintN(w, value));
  if (i >= 0) replaceWithBr(rewriter, op, p.caseDests[i], p.caseOps[i]);
  else replaceWithBr(rewriter, op, p.defaultDest, p.defaultOps);
}

/** The switch ending the single predecessor of `op`'s block, on the same flag. */
function switchOnSameFlagBefore(op: OpOf<typeof SwitchOp>): OpOf<typeof SwitchOp> | undefined {
  const pred = singlePredecessor(op.parentBlock!);
  const ps = pred ? SwitchOp.dynCast(pred.last) : undefined;
  return ps && SwitchOp.flag(ps) === SwitchOp.flag(op) ? ps : undefined;
}

const simplifySwitchWithOnlyDefault = pattern(
  SwitchOp,
  (op, rewriter) => {
    if (SwitchOp.caseDestinations(op).length) return false;
    replaceWithBr(rewriter, op, SwitchOp.defaultDestination(op), SwitchOp.defaultOperands(op));
    return true;
  },
  { name: 'simplifySwitchWithOnlyDefault' },
);

const dropSwitchCasesThatMatchDefault = pattern(
  SwitchOp,
  (op, rewriter) => {
    const p = switchParts(op);
    const values: bigint[] = [];
    const dests: Block[] = [];
    const ops: Value[][] = [];
    let change = false;
    p.caseValues.forEach((v, i) => {
      if (p.caseDests[i] === p.defaultDest && sameValues(p.caseOps[i], p.defaultOps)) {
        change = true;
        return;
      }
      values.push(v);
      dests.push(p.caseDests[i]);
      ops.push(p.caseOps[i]);
    });
    if (!change) return false;
    replaceWithSwitch(rewriter, op, p, values, dests, ops);
    return true;
  },
  { name: 'dropSwitchCasesThatMatchDefault' },
);

const simplifyConstSwitchValue = pattern(
  SwitchOp,
  (op, rewriter) => {
    const c = matchConstantInt(SwitchOp.flag(op));
    if (c === undefined) return false;
    foldSwitch(rewriter, op, switchParts(op), c);
    return true;
  },
  { name: 'simplifyConstSwitchValue' },
);

const simplifyPassThroughSwitch = pattern(
  SwitchOp,
  (op, rewriter) => {
    const p = switchParts(op);
    let change = false;
    const dests: Block[] = [];
    const ops: Value[][] = [];
    p.caseDests.forEach((d, i) => {
      const c = collapseBranch(d, p.caseOps[i]);
      if (c) change = true;
      dests.push(c ? c.dest : d);
      ops.push(c ? c.operands : p.caseOps[i]);
    });
    const dc = collapseBranch(p.defaultDest, p.defaultOps);
    if (dc) change = true;
    if (!change) return false;
    replaceWithSwitch(rewriter, op, p, p.caseValues, dests, ops, dc ? dc.dest : p.defaultDest, dc ? dc.operands : p.defaultOps);
    return true;
  },
  { name: 'simplifyPassThroughSwitch' },
);

const simplifySwitchFromSwitchOnSameCondition = pattern(
  SwitchOp,
  (op, rewriter) => {
    const ps = switchOnSameFlagBefore(op);
    const current = op.parentBlock!;
    if (!ps || SwitchOp.defaultDestination(ps) === current) return false;
    const i = SwitchOp.caseDestinations(ps).indexOf(current);
    if (i >= 0) foldSwitch(rewriter, op, switchParts(op), SwitchOp.case_values(ps)![i]);
    else replaceWithBr(rewriter, op, SwitchOp.defaultDestination(op), SwitchOp.defaultOperands(op));
    return true;
  },
  { name: 'simplifySwitchFromSwitchOnSameCondition' },
);

const simplifySwitchFromDefaultSwitchOnSameCondition = pattern(
  SwitchOp,
  (op, rewriter) => {
    const ps = switchOnSameFlagBefore(op);
    const current = op.parentBlock!;
    if (!ps || SwitchOp.defaultDestination(ps) !== current) return false;
    // Values the predecessor sends elsewhere cannot reach this switch.
    const predDests = SwitchOp.caseDestinations(ps);
    const remove = new Set<bigint>();
    (SwitchOp.case_values(ps) ?? []).forEach((v, i) => {
      if (predDests[i] !== current) remove.add(v);
    });
    const p = switchParts(op);
    const values: bigint[] = [];
    const dests: Block[] = [];
    const ops: Value[][] = [];
    let change = false;
    p.caseValues.forEach((v, i) => {
      if (remove.has(v)) {
        change = true;
        return;
      }
      values.push(v);
      dests.push(p.caseDests[i]);
      ops.push(p.caseOps[i]);
    });
    if (!change) return false;
    replaceWithSwitch(rewriter, op, p, values, dests, ops);
    return true;
  },
  { name: 'simplifySwitchFromDefaultSwitchOnSameCondition' },
);

const switchPatterns: RewritePattern[] = [
  simplifySwitchWithOnlyDefault,
  dropSwitchCasesThatMatchDefault,
  simplifyConstSwitchValue,
  simplifyPassThroughSwitch,
  simplifySwitchFromSwitchOnSameCondition,
  simplifySwitchFromDefaultSwitchOnSameCondition,
];

implementOp(SwitchOp, { canonicalizationPatterns: switchPatterns });
