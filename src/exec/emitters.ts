// The per-op emitters of the JavaScript backend. Each dialect's exec.ts
// (src/dialects/<d>/exec.ts) registers how its ops compute; the code generator
// (codegen.ts) is the driver: functions, regions, control flow, values and
// their representation, and asks this table for every op it meets.

import type { OpDefinition } from '../ir/context.js';
import type { Op, Operation } from '../ir/operation.js';
import type { OpHandleCore } from '../ods/index.js';
import type { FunctionCompiler } from './codegen.js';

/** Emits the JavaScript of one op into the function being compiled. */
export type JsEmitter = (cg: FunctionCompiler, op: Operation) => void;

const JS_EMITTERS = new Map<OpDefinition, JsEmitter>();

/** Registers how the ops of `handle` compute in the JavaScript backend. */
export function implementJsExec<N extends string>(handle: OpHandleCore<N>, emit: (cg: FunctionCompiler, op: Op<N>) => void): void {
  JS_EMITTERS.set(handle.definition, emit as JsEmitter);
}

/** The emitter registered for ops of `def`, if any. */
export function jsEmitterOf(def: OpDefinition): JsEmitter | undefined {
  return JS_EMITTERS.get(def);
}
