// How vector.print (of scalars and strings) execute in the WebAssembly backend: the per-op emitters registered
// with the backend (src/exec/wasm/emitters.ts); compile.ts drives them.

import type { OpOf } from '../../ods/index.js';
import * as vector from './index.js';
import { elemFormatOf } from '../../exec/types.js';
import { Op } from '../../exec/wasm/encoder.js';
import { FORMATS, WasmUnsupported, type WasmFunctionCompiler } from '../../exec/wasm/compile.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';

function print(fc: WasmFunctionCompiler, op: OpOf<typeof vector.PrintOp>): void {
  const f = fc.body;
  const punct = fc.stringId(String(vector.PrintOp.punctuation(op)));
  const str = vector.PrintOp.stringLiteral(op);
  if (str !== undefined) {
    f.i32(fc.stringId(str)).call(fc.imports.write);
    return;
  }
  const x = vector.PrintOp.source(op);
  if (x === undefined) {
    f.i32(punct).call(fc.imports.punct);
    return;
  }
  const s = fc.scalar(x, op);
  if (s.k === 'float') {
    fc.push(x);
    if (s.vt === 'f32') f.op(Op.f64_promote_f32);
    f.i32(punct).call(fc.imports.printF);
    return;
  }
  const fmt = elemFormatOf(x.type);
  if (fmt === 'float') throw new WasmUnsupported(op, 'this printed type');
  f.i32(fc.K(op));
  fc.push(x);
  if (s.vt === 'i32') f.op(s.w === 1 ? Op.i64_extend_i32_u : Op.i64_extend_i32_s);
  f.i32(FORMATS.indexOf(fmt)).i32(s.w).i32(punct).call(fc.imports.printI);
}


implementWasmExec(vector.PrintOp, (fc, op) => print(fc, op), {
  checks: (op) => {
    const x = vector.PrintOp.source(op);
    return x ? [[x, 'printed value']] : [];
  },
});
