// How the index ops execute in the WebAssembly backend: the per-op emitters
// registered with the backend (src/exec/wasm/emitters.ts); compile.ts drives
// them. Index values are i64; the binary ops and casts compute as arith's
// (registered with arith's, by op-kinds.ts).

import * as index from './index.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';

implementWasmExec(index.ConstantOp, (fc, op) => {
  fc.body.i64(BigInt.asIntN(64, index.ConstantOp.value(op)));
  fc.pop(index.ConstantOp.result(op));
});
