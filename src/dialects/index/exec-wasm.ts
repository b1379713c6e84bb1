// How the index ops execute in the WebAssembly backend: the per-op emitters
// registered with the backend (src/exec/wasm/emitters.ts); compile.ts drives
// them. Index values are i64; the binary ops and casts compute as arith's.

import type { OpHandleCore } from '../../ods/index.js';
import * as index from './index.js';
import { emitCastOp, emitIntBinaryOp } from '../arith/exec-wasm.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';

implementWasmExec(index.ConstantOp, (fc, op) => {
  fc.body.i64(BigInt.asIntN(64, index.ConstantOp.value(op)));
  fc.pop(index.ConstantOp.result(op));
});
const BINARY_OPS: readonly OpHandleCore<string>[] = [
  index.AddOp,
  index.SubOp,
  index.MulOp,
  index.DivSOp,
  index.DivUOp,
  index.CeilDivSOp,
  index.CeilDivUOp,
  index.FloorDivSOp,
  index.RemSOp,
  index.RemUOp,
  index.AndOp,
  index.OrOp,
  index.XOrOp,
  index.ShlOp,
  index.ShrSOp,
  index.ShrUOp,
  index.MaxSOp,
  index.MaxUOp,
  index.MinSOp,
  index.MinUOp,
];
for (const h of BINARY_OPS) implementWasmExec(h, emitIntBinaryOp);
implementWasmExec(index.CastSOp, emitCastOp);
implementWasmExec(index.CastUOp, emitCastOp);
