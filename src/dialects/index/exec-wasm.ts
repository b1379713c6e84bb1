// How the index ops execute in the WebAssembly backend: the per-op emitters
// registered with the backend (src/exec/wasm/emitters.ts); compile.ts drives
// them. Index values are i64; the binary ops and casts compute as arith's
// (registered with arith's, by op-kinds.ts).

import { stringifyEnum } from '../../ods/index.js';
import * as index from './index.js';
import { emitCmpI } from '../arith/exec-wasm.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';

implementWasmExec(index.CmpOp, (fc, op) => emitCmpI(fc, op, stringifyEnum(index.IndexCmpPredicateDef, index.CmpOp.pred(op)), index.CmpOp.lhs(op), index.CmpOp.rhs(op), index.CmpOp.result(op)), {
  // Elementwise: a poison operand makes the result poison, as arith.cmpi.
  propagates: true,
});
implementWasmExec(index.BoolConstantOp, (fc, op) => {
  fc.body.i32(index.BoolConstantOp.value(op) ? 1 : 0);
  fc.pop(index.BoolConstantOp.result(op));
});
// The index type's width in bits (MLIR's lowering on a 64-bit target).
implementWasmExec(index.SizeOfOp, (fc, op) => {
  fc.body.i64(64n);
  fc.pop(index.SizeOfOp.result(op));
});

implementWasmExec(index.ConstantOp, (fc, op) => {
  fc.body.i64(BigInt.asIntN(64, index.ConstantOp.value(op)));
  fc.pop(index.ConstantOp.result(op));
});
