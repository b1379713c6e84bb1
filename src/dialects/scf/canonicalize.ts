// scf canonicalization patterns and folders (MLIR's SCF.cpp), keyed by op name.
// So far: scf.if with a constant condition, empty else branches, and the
// `if (!c)` branch swap.

import type { FoldResult } from '../../ir/context.js';
import type { Attribute } from '../../ir/attributes.js';
import { IntegerAttr } from '../../ir/builtin-attributes.js';
import type { Operation, Region, Value } from '../../ir/operation.js';
import { constantOf } from '../../transforms/side-effects.js';
import { pattern, type PatternRewriter, type RewritePattern } from '../../transforms/pattern.js';

/** Inlines the single block of `region` before `op` and replaces `op` with what its terminator yields. */
function replaceOpWithRegion(rewriter: PatternRewriter, op: Operation, region: Region, blockArgs: readonly Value[] = []): void {
  const block = region.entry;
  const terminator = block.last!;
  const results = terminator.operands;
  rewriter.inlineBlockBefore(block, op.parentBlock!, op, blockArgs);
  rewriter.replaceOp(op, results);
  rewriter.eraseOp(terminator);
}

const removeStaticCondition = pattern('scf.if', (op, rewriter) => {
  const c = constantOf(op.operand(0));
  if (!(c instanceof IntegerAttr)) return false;
  if (c.value !== 0n) replaceOpWithRegion(rewriter, op, op.regions[0]);
  else if (!op.regions[1].empty) replaceOpWithRegion(rewriter, op, op.regions[1]);
  else rewriter.eraseOp(op);
  return true;
});

const removeEmptyElseBranch = pattern('scf.if', (op, rewriter) => {
  if (op.numResults) return false;
  const els = op.regions[1];
  if (els.empty || els.blocks.length !== 1 || els.entry.first !== els.entry.last) return false;
  rewriter.modifyOpInPlace(op, () => {
    for (const b of [...els.blocks]) b.erase();
  });
  return true;
});

function isOne(a: Attribute | undefined): boolean {
  return a instanceof IntegerAttr && a.value !== 0n && BigInt.asUintN(1, a.value) === 1n;
}

/** IfOp::fold: `if (!c) A else B` becomes `if c B else A`. */
function foldIf(op: Operation): FoldResult | undefined {
  if (op.regions[1].empty) return undefined;
  const x = op.operand(0).definingOp;
  if (!x || x.name.name !== 'arith.xori' || !isOne(constantOf(x.operand(1)))) return undefined;
  op.setOperand(0, x.operand(0));
  const [thenR, elseR] = op.regions;
  const thenBlocks = [...thenR.blocks];
  const elseBlocks = [...elseR.blocks];
  thenR.blocks.length = 0;
  elseR.blocks.length = 0;
  for (const b of elseBlocks) thenR.pushBlock(b);
  for (const b of thenBlocks) elseR.pushBlock(b);
  return [];
}

export const SCF_PATTERNS: Partial<Record<string, () => readonly RewritePattern[]>> = {
  'scf.if': () => [removeStaticCondition, removeEmptyElseBranch],
};

export const SCF_FOLDS: Partial<Record<string, (op: Operation) => FoldResult | undefined>> = {
  'scf.if': foldIf,
};
