// How func.call (of functions of the module) execute in the WebAssembly backend: the per-op emitters registered
// with the backend (src/exec/wasm/emitters.ts); compile.ts drives them.

import type { OpOf } from '../../ods/index.js';
import * as func from './index.js';
import { WasmUnsupported, type WasmFunctionCompiler } from '../../exec/wasm/compile.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';

function call(fc: WasmFunctionCompiler, op: OpOf<typeof func.CallOp>): void {
  const callee = fc.callee(func.CallOp.callee(op));
  if (!callee) throw new WasmUnsupported(op, `calls of @${func.CallOp.callee(op)}`);
  for (const a of func.CallOp.operands(op)) fc.push(a);
  fc.noteCall(op);
  fc.body.call(callee.index);
  const results = func.CallOp.results(op);
  for (let i = results.length - 1; i >= 0; i--) fc.pop(results[i]);
}

implementWasmExec(func.CallOp, (fc, op) => call(fc, op));
