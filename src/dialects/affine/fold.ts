// Folders of the affine ops (MLIR 22's AffineOps.cpp) and the dialect's
// constant materializer.

import type { Attribute, Type } from '../../ir/attributes.js';
import { AffineDimExpr, AffineSymbolExpr } from '../../ir/affine.js';
import { isSymbolIdentity, partialConstantFold } from '../../ir/affine-utils.js';
import type { Builder } from '../../ir/builder.js';
import { AffineMapAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { IndexType } from '../../ir/builtin-types.js';
import type { FoldResult } from '../../ir/context.js';
import type { Location } from '../../ir/location.js';
import type { Operation } from '../../ir/operation.js';
import { implementOp } from '../../ods/index.js';
import { materializeArithConstant } from '../arith/fold.js';
import { PoisonAttr } from '../ub/index.js';
import { AffineApplyOp, AffineMaxOp, AffineMinOp, type MinMaxHandle } from './ops.js';

type Operands = readonly (Attribute | undefined)[];

const intOf = (a: Attribute | undefined): bigint | undefined => (a instanceof IntegerAttr ? a.value : undefined);
const index = (v: bigint): IntegerAttr => IntegerAttr.get(IndexType.get(), v);

implementOp(AffineApplyOp, {
  fold(op, operands: Operands): FoldResult | undefined {
    const map = AffineApplyOp.map(op);
    const expr = map.results[0];
    if (expr instanceof AffineDimExpr) return [op.operand(expr.position)];
    if (expr instanceof AffineSymbolExpr) return [op.operand(map.numDims + expr.position)];
    const folded = partialConstantFold(map, operands.map(intOf), true);
    if (folded.poison) return [PoisonAttr.get()];
    if (!folded.results) return undefined;
    return [index(folded.results[0])];
  },
});

/** foldMinMaxOp: constant results fold the op, constant operands fold into the map in place. */
function foldMinMax<N extends 'affine.min' | 'affine.max'>(h: MinMaxHandle<N>, isMin: boolean): void {
  implementOp(h, {
    fold(op, operands: Operands): FoldResult | undefined {
      const map = h.map(op);
      const folded = partialConstantFold(map, operands.map(intOf));
      // MLIR's isSymbolIdentity tests for dims: `(d0)[s0] -> (d0)` folds to its first operand.
      if (folded.map.numSymbols === 1 && isSymbolIdentity(folded.map)) return [h.mapOperands(op)[0]];
      if (!folded.results || folded.results.length === 0) {
        if (folded.map === map) return undefined;
        op.setAttr('map', AffineMapAttr.get(folded.map));
        return [op.result(0)];
      }
      let best = folded.results[0];
      for (const v of folded.results) if (isMin ? v < best : v > best) best = v;
      return [index(best)];
    },
  });
}
foldMinMax(AffineMinOp, true);
foldMinMax(AffineMaxOp, false);

/** The affine dialect's materializeConstant: `ub.poison` for poison, else `arith.constant`. */
export function materializeAffineConstant(builder: Builder, value: Attribute, type: Type, location: Location): Operation | undefined {
  return materializeArithConstant(builder, value, type, location);
}
