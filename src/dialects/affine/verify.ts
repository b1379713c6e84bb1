// The affine ops' verifiers (MLIR 22's hasVerifier hooks), separate from the
// declarations because they need the dim/symbol rules of utils.ts.

import { fail, failPlain } from '../../ir/context.js';
import { implementOp } from '../../ods/index.js';
import { AffineApplyOp, AffineMaxOp, AffineMinOp, type MinMaxHandle } from './ops.js';
import { getAffineScope, isValidDimIn, isValidSymbolIn } from './utils.js';

implementOp(AffineApplyOp, {
  verify(op, ctx) {
    const map = AffineApplyOp.map(op);
    if (op.numOperands !== map.numDims + map.numSymbols) return fail(ctx, op, 'operand count and affine map dimension and symbol count must match');
    if (map.numResults !== 1) return fail(ctx, op, 'mapping must produce one value');
    // Valid dims may not stand in symbol positions (values that are neither may).
    const region = getAffineScope(op);
    for (const v of AffineApplyOp.symbolOperands(op))
      if (isValidDimIn(v, region) && !isValidSymbolIn(v, region)) return failPlain(ctx, op, 'dimensional operand cannot be used as a symbol');
    return true;
  },
});

function verifyMinMax<N extends 'affine.min' | 'affine.max'>(h: MinMaxHandle<N>): void {
  implementOp(h, {
    verify(op, ctx) {
      const map = h.map(op);
      if (op.numOperands !== map.numDims + map.numSymbols) return fail(ctx, op, 'operand count and affine map dimension and symbol count must match');
      if (map.numResults === 0) return fail(ctx, op, 'affine map expect at least one result');
      return true;
    },
  });
}
verifyMinMax(AffineMinOp);
verifyMinMax(AffineMaxOp);
