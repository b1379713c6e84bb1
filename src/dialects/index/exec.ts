// How the index: constants, comparisons, sizeof and casts execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import { stringifyEnum } from '../../ods/index.js';
import * as index from './index.js';
import { intLit } from '../../exec/scalar.js';
import { castOf } from '../../exec/op-kinds.js';
import { implementJsExec } from '../../exec/emitters.js';

implementJsExec(index.ConstantOp, (cg, op) => cg.define(op, intLit({ k: 'wide', w: 64 }, index.ConstantOp.value(op))));
implementJsExec(index.BoolConstantOp, (cg, op) => cg.define(op, index.BoolConstantOp.value(op) ? '1' : '0'));
implementJsExec(index.CmpOp, (cg, op) => cg.emitCmpI(op, stringifyEnum(index.IndexCmpPredicateDef, index.CmpOp.pred(op)), index.CmpOp.lhs(op), index.CmpOp.rhs(op)));
// The index type's width in bits (MLIR's lowering on a 64-bit target).
implementJsExec(index.SizeOfOp, (cg, op) => cg.define(op, '64'));
implementJsExec(index.CastSOp, (cg, op) => cg.emitIndexCast(op, castOf(op)!));
implementJsExec(index.CastUOp, (cg, op) => cg.emitIndexCast(op, castOf(op)!));
