// The per-op emitters of the WebAssembly backend. Each dialect's exec-wasm.ts
// (src/dialects/<d>/exec-wasm.ts) registers the wasm code of its ops; the
// function compiler (compile.ts) is the driver: functions, regions, values
// and their locals, memory and the runtime imports, and asks this table for
// every op it meets.

import type { OpDefinition } from '../../ir/context.js';
import type { Op, Operation, Value } from '../../ir/operation.js';
import type { OpHandleCore } from '../../ods/index.js';
import type { WasmFunctionCompiler } from './compile.js';

/** Emits the wasm code of one op into the function being compiled. */
export type WasmEmitter = (fc: WasmFunctionCompiler, op: Operation) => void;

/**
 * How an op treats operands that may be poison (the poison analysis decides
 * which values carry a poison marker; compile.ts keeps it in a shadow local
 * beside the value). An op that declares none of these cannot take such
 * operands (the JavaScript backend runs the module then).
 */
export interface WasmPoison<O = Operation> {
  /**
   * Operands checked, in order, before the op's code: poison there is the
   * JavaScript backend's located error `uses a poison value as <what>`.
   */
  checks?: (op: O) => [Value, string][];
  /**
   * The results are poison when an operand is (the first such operand's
   * marker, as the JavaScript backend's elementwise ops), and the op's code
   * is skipped then; the emitter may add its own (fc.setPoison).
   */
  propagates?: boolean;
  /** The emitter moves its operands' and results' markers itself (fc.poisonOf, fc.setPoison, fc.assign). */
  custom?: boolean;
}

const WASM_EMITTERS = new Map<OpDefinition, WasmEmitter>();
const WASM_POISON = new Map<OpDefinition, WasmPoison>();

/** Registers how the ops of `handle` compute in the WebAssembly backend (and how they treat poison). */
export function implementWasmExec<N extends string>(handle: OpHandleCore<N>, emit: (fc: WasmFunctionCompiler, op: Op<N>) => void, poison?: WasmPoison<Op<N>>): void {
  WASM_EMITTERS.set(handle.definition, emit as WasmEmitter);
  if (poison) WASM_POISON.set(handle.definition, poison as WasmPoison);
}

/** Registers one emitter for ops classified by op-kinds.ts (arith's and index's binary ops and casts). */
export function implementWasmExecFor(defs: readonly OpDefinition[], emit: WasmEmitter, poison?: WasmPoison): void {
  for (const d of defs) {
    WASM_EMITTERS.set(d, emit);
    if (poison) WASM_POISON.set(d, poison);
  }
}

/** The emitter registered for ops of `def`, if any. */
export function wasmEmitterOf(def: OpDefinition): WasmEmitter | undefined {
  return WASM_EMITTERS.get(def);
}

/** How ops of `def` treat poison operands (undefined: they cannot take them). */
export function wasmPoisonOf(def: OpDefinition): WasmPoison | undefined {
  return WASM_POISON.get(def);
}
