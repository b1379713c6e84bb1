// How ub.poison executes in the WebAssembly backend (the emitter registered
// with src/exec/wasm/emitters.ts; compile.ts drives it): its value is a
// zero, its marker (the shadow local compile.ts keeps beside values that may
// be poison) says poison produced by this op, as the JavaScript backend's
// Poison object does.

import * as ub from './index.js';
import { WasmUnsupported } from '../../exec/wasm/compile.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';

implementWasmExec(
  ub.PoisonOp,
  (fc, op) => {
    const r = ub.PoisonOp.result(op);
    const kind = fc.kind(r, op);
    if (kind.k === 'memref' || kind.k === 'unranked') {
      // Memrefs carry no poison marker; an unused one needs no value at all.
      if (r.hasUses) throw new WasmUnsupported(op, `a used '${op.opName}' of a memref type`);
      return;
    }
    const k = fc.scalar(r, op);
    const f = fc.body;
    if (k.vt === 'i32') f.i32(0);
    else if (k.vt === 'i64') f.i64(0n);
    else if (k.vt === 'f32') f.f32(0);
    else f.f64(0);
    fc.pop(r);
    f.i32(1);
    fc.setPoison(op, r);
  },
  { custom: true },
);
