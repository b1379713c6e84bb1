// cf canonicalization patterns (MLIR 22's ControlFlowOps.cpp): branches to
// single-predecessor blocks merged, pass-through branches collapsed, constant
// and redundant conditions folded, switch simplifications.

import type { OpDefinition } from '../../ir/context.js';
import { DenseArrayAttr, DenseIntOrFPElementsAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { IntegerType } from '../../ir/builtin-types.js';
import type { Block, Operation, Value } from '../../ir/operation.js';
import { legacyPattern, type PatternRewriter, type RewritePattern } from '../../ir/pattern.js';
import { matchConstant } from '../../ir/matchers.js';
import { createBr, createCondBr, createSwitch } from './build.js';

function sizes(op: Operation, name: string): number[] {
  const a = op.propertiesView.get(name);
  return a instanceof DenseArrayAttr ? a.values.map(Number) : [];
}

function condBrParts(op: Operation): { cond: Value; trueOps: Value[]; falseOps: Value[] } {
  const [, t, f] = sizes(op, 'operandSegmentSizes');
  const all = op.operands;
  return { cond: all[0], trueOps: all.slice(1, 1 + t), falseOps: all.slice(1 + t, 1 + t + f) };
}

interface SwitchParts {
  flag: Value;
  defaultDest: Block;
  defaultOps: Value[];
  caseValues: bigint[];
  caseDests: Block[];
  caseOps: Value[][];
}

function switchParts(op: Operation): SwitchParts {
  const [, d] = sizes(op, 'operandSegmentSizes');
  const caseSizes = sizes(op, 'case_operand_segments');
  const all = op.operands;
  const caseOps: Value[][] = [];
  let start = 1 + d;
  for (const n of caseSizes) {
    caseOps.push(all.slice(start, start + n));
    start += n;
  }
  const cv = op.propertiesView.get('case_values');
  const caseValues = cv instanceof DenseIntOrFPElementsAttr ? (cv.isSplat ? new Array<bigint>(op.numSuccessors - 1).fill(cv.values[0]) : [...cv.values]) : [];
  return { flag: all[0], defaultDest: op.successor(0), defaultOps: all.slice(1, 1 + d), caseValues, caseDests: op.successors.slice(1), caseOps };
}

const sameValues = (a: readonly Value[], b: readonly Value[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/** Block::getSinglePredecessor: the unique predecessor block if every use comes from it (with repetition allowed only once). */
function singlePredecessor(b: Block): Block | null {
  const u = b.firstUse;
  if (!u || u.nextUse) return null;
  return u.owner.parentBlock;
}

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
  const br = dest.last;
  if (br.name.name !== 'cf.br') return undefined;
  for (const a of dest.args) for (const u of a.uses()) if (u.owner !== br) return undefined;
  const next = br.successor(0);
  if (next === dest) return undefined;
  // A chain of unconditional branches that loops back would make collapsing
  // alternate forever between the blocks of the cycle (MLIR 22 bails out too).
  const visited = new Set<Block>([dest, next]);
  for (let t = next.last; t && t.name.name === 'cf.br'; ) {
    const d = t.successor(0);
    if (visited.has(d)) return undefined;
    visited.add(d);
    t = d.last;
  }
  const brOps = br.operands;
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
  const br = createBr(rewriter, dest, operands, op.location);
  rewriter.replaceOp(op, br.results);
}

// ---- cf.br

const brCanonicalize = legacyPattern(
  'cf.br',
  (op, rewriter) => {
    // Merge a successor with a single predecessor.
    const succ = op.successor(0);
    const parent = op.parentBlock!;
    if (succ !== parent && succ.firstUse && !succ.firstUse.nextUse) {
      rewriter.mergeBlocks(succ, parent, op.operands);
      rewriter.eraseOp(op);
      return true;
    }
    if (succ === parent) return false;
    const c = collapseBranch(succ, op.operands);
    if (!c) return false;
    replaceWithBr(rewriter, op, c.dest, c.operands);
    return true;
  },
  { name: 'BranchOp::canonicalize' },
);

// ---- cf.cond_br

const i1 = (): IntegerType => IntegerType.get(1);

const simplifyConstCondBranchPred = legacyPattern(
  'cf.cond_br',
  (op, rewriter) => {
    const c = matchConstant(op.operand(0));
    if (!(c instanceof IntegerAttr)) return false;
    const { trueOps, falseOps } = condBrParts(op);
    if (c.value !== 0n) replaceWithBr(rewriter, op, op.successor(0), trueOps);
    else replaceWithBr(rewriter, op, op.successor(1), falseOps);
    return true;
  },
  { name: 'SimplifyConstCondBranchPred' },
);

const simplifyPassThroughCondBranch = legacyPattern(
  'cf.cond_br',
  (op, rewriter) => {
    const { cond, trueOps, falseOps } = condBrParts(op);
    const t = collapseBranch(op.successor(0), trueOps);
    const f = collapseBranch(op.successor(1), falseOps);
    if (!t && !f) return false;
    rewriter.setInsertionPointBefore(op);
    const nb = createCondBr(
      rewriter,
      cond,
      t ? t.dest : op.successor(0),
      t ? t.operands : trueOps,
      f ? f.dest : op.successor(1),
      f ? f.operands : falseOps,
      op.location,
    );
    const w = op.propertiesView.get('branch_weights');
    if (w) nb.properties.set('branch_weights', w);
    rewriter.replaceOp(op, nb.results);
    return true;
  },
  { name: 'SimplifyPassThroughCondBranch' },
);

const simplifyCondBranchIdenticalSuccessors = legacyPattern(
  'cf.cond_br',
  (op, rewriter) => {
    const trueDest = op.successor(0);
    if (trueDest !== op.successor(1)) return false;
    const { cond, trueOps, falseOps } = condBrParts(op);
    if (sameValues(trueOps, falseOps)) {
      replaceWithBr(rewriter, op, trueDest, trueOps);
      return true;
    }
    if (uniquePredecessor(trueDest) !== op.parentBlock) return false;
    rewriter.setInsertionPointBefore(op);
    const merged = trueOps.map((t, i) =>
      t === falseOps[i] ? t : rewriter.create('arith.select', { operands: [cond, t, falseOps[i]], results: [t.type], location: op.location }).result(0),
    );
    replaceWithBr(rewriter, op, trueDest, merged);
    return true;
  },
  { name: 'SimplifyCondBranchIdenticalSuccessors' },
);

const simplifyCondBranchFromCondBranchOnSameCondition = legacyPattern(
  'cf.cond_br',
  (op, rewriter) => {
    const current = op.parentBlock!;
    const pred = singlePredecessor(current);
    if (!pred) return false;
    const pb = pred.last;
    if (!pb || pb.name.name !== 'cf.cond_br' || pb.operand(0) !== op.operand(0)) return false;
    const { trueOps, falseOps } = condBrParts(op);
    if (current === pb.successor(0)) replaceWithBr(rewriter, op, op.successor(0), trueOps);
    else replaceWithBr(rewriter, op, op.successor(1), falseOps);
    return true;
  },
  { name: 'SimplifyCondBranchFromCondBranchOnSameCondition' },
);

const condBranchTruthPropagation = legacyPattern(
  'cf.cond_br',
  (op, rewriter) => {
    let replaced = false;
    let cTrue: Value | null = null;
    let cFalse: Value | null = null;
    const cond = op.operand(0);
    const mk = (v: boolean): Value =>
      rewriter.create('arith.constant', { results: [i1()], attributes: { value: IntegerAttr.get(i1(), v ? 1n : 0n) }, location: op.location }).result(0);
    if (singlePredecessor(op.successor(0))) {
      for (const use of [...cond.uses()]) {
        if (use.owner.parentBlock === op.successor(0)) {
          replaced = true;
          if (!cTrue) cTrue = mk(true);
          const v = cTrue;
          rewriter.modifyOpInPlace(use.owner, () => use.set(v));
        }
      }
    }
    if (singlePredecessor(op.successor(1))) {
      for (const use of [...cond.uses()]) {
        if (use.owner.parentBlock === op.successor(1)) {
          replaced = true;
          if (!cFalse) cFalse = mk(false);
          const v = cFalse;
          rewriter.modifyOpInPlace(use.owner, () => use.set(v));
        }
      }
    }
    return replaced;
  },
  { name: 'CondBranchTruthPropagation' },
);

// ---- cf.switch

function replaceWithSwitch(rewriter: PatternRewriter, op: Operation, p: SwitchParts, values: bigint[], dests: Block[], ops: Value[][], defaultDest = p.defaultDest, defaultOps = p.defaultOps): void {
  rewriter.setInsertionPointBefore(op);
  const ns = createSwitch(rewriter, p.flag, defaultDest, defaultOps, values, dests, ops, op.location);
  rewriter.replaceOp(op, ns.results);
}

function foldSwitch(rewriter: PatternRewriter, op: Operation, p: SwitchParts, value: bigint): void {
  const w = (p.flag.type as IntegerType).width ?? 64;
  const i = p.caseValues.findIndex((v) => BigInt.asUintN(w, v) === BigInt.asUintN(w, value));
  if (i >= 0) replaceWithBr(rewriter, op, p.caseDests[i], p.caseOps[i]);
  else replaceWithBr(rewriter, op, p.defaultDest, p.defaultOps);
}

const switchPatterns: RewritePattern[] = [
  legacyPattern(
    'cf.switch',
    (op, rewriter) => {
      const p = switchParts(op);
      if (p.caseDests.length) return false;
      replaceWithBr(rewriter, op, p.defaultDest, p.defaultOps);
      return true;
    },
    { name: 'simplifySwitchWithOnlyDefault' },
  ),
  legacyPattern(
    'cf.switch',
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
  ),
  legacyPattern(
    'cf.switch',
    (op, rewriter) => {
      const c = matchConstant(op.operand(0));
      if (!(c instanceof IntegerAttr)) return false;
      foldSwitch(rewriter, op, switchParts(op), c.value);
      return true;
    },
    { name: 'simplifyConstSwitchValue' },
  ),
  legacyPattern(
    'cf.switch',
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
  ),
  legacyPattern(
    'cf.switch',
    (op, rewriter) => {
      const current = op.parentBlock!;
      const pred = singlePredecessor(current);
      if (!pred) return false;
      const ps = pred.last;
      if (!ps || ps.name.name !== 'cf.switch' || ps.operand(0) !== op.operand(0) || ps.successor(0) === current) return false;
      const pp = switchParts(ps);
      const i = pp.caseDests.indexOf(current);
      const p = switchParts(op);
      if (i >= 0) foldSwitch(rewriter, op, p, pp.caseValues[i]);
      else replaceWithBr(rewriter, op, p.defaultDest, p.defaultOps);
      return true;
    },
    { name: 'simplifySwitchFromSwitchOnSameCondition' },
  ),
  legacyPattern(
    'cf.switch',
    (op, rewriter) => {
      const current = op.parentBlock!;
      const pred = singlePredecessor(current);
      if (!pred) return false;
      const ps = pred.last;
      if (!ps || ps.name.name !== 'cf.switch' || ps.operand(0) !== op.operand(0) || ps.successor(0) !== current) return false;
      const pp = switchParts(ps);
      const remove = new Set<bigint>();
      pp.caseValues.forEach((v, i) => {
        if (pp.caseDests[i] !== current) remove.add(v);
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
  ),
];

// ---- cf.assert

const assertCanonicalize = legacyPattern(
  'cf.assert',
  (op, rewriter) => {
    const c = matchConstant(op.operand(0));
    if (!(c instanceof IntegerAttr) || c.value === 0n) return false;
    rewriter.eraseOp(op);
    return true;
  },
  { name: 'AssertOp::canonicalize' },
);

const CF_PATTERNS: Partial<Record<string, () => readonly RewritePattern[]>> = {
  'cf.assert': () => [assertCanonicalize],
  'cf.br': () => [brCanonicalize],
  'cf.cond_br': () => [
    simplifyConstCondBranchPred,
    simplifyPassThroughCondBranch,
    simplifyCondBranchIdenticalSuccessors,
    simplifyCondBranchFromCondBranchOnSameCondition,
    condBranchTruthPropagation,
  ],
  'cf.switch': () => switchPatterns,
};

/** Attaches the canonicalization patterns to the cf op definitions. */
export function withCfCanonicalization(def: OpDefinition): OpDefinition {
  const patterns = CF_PATTERNS[def.name];
  return patterns ? { ...def, getCanonicalizationPatterns: patterns } : def;
}
