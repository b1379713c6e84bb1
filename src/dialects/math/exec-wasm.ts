// How the math ops execute in the WebAssembly backend: the per-op emitters
// registered with the backend (src/exec/wasm/emitters.ts); compile.ts drives
// them. Only sqrt so far (wasm's own instruction, correctly rounded).

import * as math from './index.js';
import { Op } from '../../exec/wasm/encoder.js';
import { WasmUnsupported } from '../../exec/wasm/compile.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';

implementWasmExec(math.SqrtOp, (fc, op) => {
  const s = fc.scalar(math.SqrtOp.result(op), op);
  if (s.k !== 'float') throw new WasmUnsupported(op, `'${op.opName}' of this type`);
  fc.push(math.SqrtOp.operand(op));
  fc.body.op(s.vt === 'f32' ? Op.f32_sqrt : Op.f64_sqrt);
  fc.roundFloat(s);
  fc.pop(math.SqrtOp.result(op));
});
