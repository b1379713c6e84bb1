// The per-op emitters of the WebAssembly backend. Each dialect's exec-wasm.ts
// (src/dialects/<d>/exec-wasm.ts) registers the wasm code of its ops; the
// function compiler (compile.ts) is the driver: functions, regions, values
// and their locals, memory and the runtime imports, and asks this table for
// every op it meets.

import type { OpDefinition } from '../../ir/context.js';
import type { Op, Operation } from '../../ir/operation.js';
import type { OpHandleCore } from '../../ods/index.js';
import type { WasmFunctionCompiler } from './compile.js';

/** Emits the wasm code of one op into the function being compiled. */
export type WasmEmitter = (fc: WasmFunctionCompiler, op: Operation) => void;

const WASM_EMITTERS = new Map<OpDefinition, WasmEmitter>();

/** Registers how the ops of `handle` compute in the WebAssembly backend. */
export function implementWasmExec<N extends string>(handle: OpHandleCore<N>, emit: (fc: WasmFunctionCompiler, op: Op<N>) => void): void {
  WASM_EMITTERS.set(handle.definition, emit as WasmEmitter);
}

/** Registers one emitter for ops classified by op-kinds.ts (arith's and index's binary ops and casts). */
export function implementWasmExecFor(defs: readonly OpDefinition[], emit: WasmEmitter): void {
  for (const d of defs) WASM_EMITTERS.set(d, emit);
}

/** The emitter registered for ops of `def`, if any. */
export function wasmEmitterOf(def: OpDefinition): WasmEmitter | undefined {
  return WASM_EMITTERS.get(def);
}
