// scf folders (MLIR 22's SCF.cpp fold hooks), attached with implementOp.

import { isOneInt } from '../../ir/matchers.js';
import { Region } from '../../ir/operation.js';
import { implementOp } from '../../ods/index.js';
import { XOrIOp } from '../arith/index.js';
import { IfOp } from './ops.js';

// IfOp::fold: `if (!c) A else B` becomes `if c B else A`.
implementOp(IfOp, {
  fold(op) {
    const elseRegion = IfOp.elseRegion(op);
    if (elseRegion.empty) return undefined;
    const not = XOrIOp.definingOp(IfOp.condition(op));
    if (!not || !isOneInt(XOrIOp.rhs(not))) return undefined;
    IfOp.conditionMutable(op).set(XOrIOp.lhs(not));
    const thenRegion = IfOp.thenRegion(op);
    const thenBlocks = new Region();
    thenBlocks.takeBody(thenRegion);
    thenRegion.takeBody(elseRegion);
    elseRegion.takeBody(thenBlocks);
    return [];
  },
});
