// memref.dim's InferIntRangeInterface (MLIR's DimOp::inferResultRangesFromOptional):
// the sizes of the dimensions the index may select, [0, max] where dynamic.

import { ShapedType } from '../../ir/builtin-types.js';
import { Interfaces, intRangeStorageWidth, type InferIntRangeInterface } from '../../ir/interfaces.js';
import { implementOp } from '../../ods/index.js';
import { inferShapedDim } from '../../analysis/int-range.js';
import { DimOp } from './ops.js';

implementOp(DimOp, {
  interfaces: {
    [Interfaces.InferIntRange]: {
      inferResultRangesFromOptional(op, [, dim], setResultRange) {
        const dimOp = DimOp.cast(op);
        const result = DimOp.result(dimOp);
        const type = DimOp.source(dimOp).type;
        const shape = type instanceof ShapedType ? type.shapeOrUndefined : undefined;
        setResultRange(result, inferShapedDim(intRangeStorageWidth(result.type), shape, dim));
      },
    } satisfies InferIntRangeInterface,
  },
});
