// How vector.print (of scalars, vectors and strings) execute in the WebAssembly backend: the per-op emitters registered
// with the backend (src/exec/wasm/emitters.ts); compile.ts drives them.

import type { VectorType } from '../../ir/builtin-types.js';
import type { Operation, Value } from '../../ir/operation.js';
import type { OpOf } from '../../ods/index.js';
import type { ElemFormat } from '../../exec/runtime.js';
import * as vector from './index.js';
import { elemFormatOf } from '../../exec/types.js';
import { Op } from '../../exec/wasm/encoder.js';
import { FORMATS, WasmUnsupported, type Scalar, type VectorInfo, type WasmFunctionCompiler } from '../../exec/wasm/compile.js';
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
  const k = fc.kind(x, op);
  if (k.k === 'vector') return printVector(fc, op, x, k, punct);
  printElement(fc, op, fc.scalar(x, op), elemFormatOf(x.type), () => fc.push(x), punct);
}

/** One scalar (pushed by `push`) of kind `s`, then punctuation `punct` (a string index). */
function printElement(fc: WasmFunctionCompiler, op: Operation, s: Scalar, fmt: ElemFormat, push: () => void, punct: number): void {
  const f = fc.body;
  if (s.k === 'float') {
    push();
    if (s.vt === 'f32') f.op(Op.f64_promote_f32);
    f.i32(punct).call(fc.imports.printF);
    return;
  }
  if (fmt === 'float') throw new WasmUnsupported(op, 'this printed type');
  f.i32(fc.K(op));
  push();
  if (s.vt === 'i32') f.op(s.w === 1 ? Op.i64_extend_i32_u : Op.i64_extend_i32_s);
  f.i32(FORMATS.indexOf(fmt)).i32(s.w).i32(punct).call(fc.imports.printI);
}

/**
 * A vector as mlir-runner prints it: `( a, b )` per dimension, nested
 * (`( ( 1, 2 ), ( 3, 4 ) )`), lanes in row-major order (vector dimensions are
 * positive).
 */
function printVector(fc: WasmFunctionCompiler, op: Operation, x: Value, k: VectorInfo, punct: number): void {
  const f = fc.body;
  const l = fc.localsOf(x);
  if (!l) throw new WasmUnsupported(op, 'a value used before its definition');
  const fmt = elemFormatOf((x.type as VectorType).elementType);
  const none = fc.stringId('no_punctuation');
  const write = (s: string): void => void f.i32(fc.stringId(s)).call(fc.imports.write);
  // A 0-d vector prints as one of one element, `( 7 )`, as mlir-runner.
  const shape = k.shape.length ? k.shape : [1];
  // The index of each dimension, innermost last: opens before a lane whose inner indices are 0, closes after one whose are last.
  for (let i = 0; i < k.n; i++) {
    let opens = 0;
    for (let d = shape.length - 1, q = i; d >= 0 && q % shape[d] === 0; d--, q = Math.floor(q / shape[d + 1])) opens++;
    if (i > 0) write(', ');
    if (opens) write('( '.repeat(opens));
    printElement(fc, op, k.elem, fmt, () => void f.get(l[i]), none);
    let closes = 0;
    for (let d = shape.length - 1, q = i + 1; d >= 0 && q % shape[d] === 0; d--, q = Math.floor(q / shape[d + 1])) closes++;
    if (closes) write(' )'.repeat(closes));
  }
  f.i32(punct).call(fc.imports.punct);
}


implementWasmExec(vector.PrintOp, (fc, op) => print(fc, op), {
  checks: (op) => {
    const x = vector.PrintOp.source(op);
    return x ? [[x, 'printed value']] : [];
  },
});
