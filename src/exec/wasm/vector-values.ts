// Vector values on the WebAssembly backend: a fixed-shape vector is one local
// per element (compile.ts's VectorInfo), so most ops need nothing here (they
// move locals, or run their scalar code per lane: elementwise ops). What
// remains is shared by the dialects' emitters: a dense constant's lanes.

import type { DenseIntOrFPElementsAttr } from '../../ir/builtin-attributes.js';
import { VectorType } from '../../ir/builtin-types.js';
import type { Operation, Value } from '../../ir/operation.js';
import { denseElem } from '../codegen.js';
import { WasmUnsupported, type WasmFunctionCompiler } from './compile.js';

/** Defines vector `r` as the elements of `a` (a splat repeats its one element), as the JavaScript backend's array. */
export function emitDenseVector(fc: WasmFunctionCompiler, op: Operation, a: DenseIntOrFPElementsAttr, r: Value): void {
  const k = fc.kind(r, op);
  if (k.k !== 'vector' || !(r.type instanceof VectorType)) throw new WasmUnsupported(op, `'${op.opName}' of this value`);
  const et = r.type.elementType;
  const e = k.elem;
  const f = fc.body;
  for (let i = 0; i < k.n; i++) {
    const bits = a.values[a.isSplat ? 0 : i];
    // Integers sign-extended from their width (i1: 0 or 1), floats as their value (f16/bf16 in f64), as scalar constants.
    if (e.k === 'int') {
      const x = e.w === 1 ? bits & 1n : BigInt.asIntN(e.w, bits);
      if (e.vt === 'i32') f.i32(Number(x));
      else f.i64(x);
    } else if (e.vt === 'f32') f.f32(Number(denseElem(et, bits)));
    else f.f64(Number(denseElem(et, bits)));
  }
  fc.pop(r);
}
