// The backend choice of scf-run, for the library: runs a module's function on
// the WebAssembly backend when it can express the module, else (or when
// asked) on the JavaScript backend, and says which ran and why.

import type { Operation } from '../../ir/operation.js';
import { ExecutionEngine, type EngineOptions } from '../engine.js';
import { WasmEngine, WasmUnsupported } from './engine.js';
import { createLLVMEngine, isLLVMModule } from '../llvm/run.js';
import { LLVMWasmEngine } from '../llvm/wasm.js';

export type Backend = 'auto' | 'js' | 'wasm';

export interface RunOptions extends EngineOptions {
  /** 'auto' (default): WebAssembly when possible, else JavaScript. 'wasm' throws WasmUnsupported when it cannot. */
  backend?: Backend;
  /** The WebAssembly backend leaves out its runtime checks (see docs/WASM.md); the JavaScript backend keeps them. */
  unchecked?: boolean;
}

export interface Runner {
  /** The backend that runs the module. */
  readonly backend: 'js' | 'wasm';
  /** Why the WebAssembly backend was not used (for 'auto' falling back). */
  readonly fallback?: WasmUnsupported;
  /** Calls `name` with arguments in the engine's representation (numbers/BigInts; MemRefs or arrays for memrefs, on both backends). */
  invokeRaw(name: string, args?: unknown[]): unknown;
}

/** Compiles `module` for the chosen backend. Runtime errors of calls are ExecErrors. */
export function compileFor(module: Operation, options: RunOptions = {}): Runner {
  const backend = options.backend ?? 'auto';
  if (isLLVMModule(module)) {
    // The LLVM-dialect engine, as scf-run runs such a module.
    const { engine, fallback } = createLLVMEngine(module, backend, { output: options.output, dumpJs: options.dumpJs });
    return { backend: engine instanceof LLVMWasmEngine ? 'wasm' : 'js', fallback, invokeRaw: (name, args = []) => engine.invokeRaw(name, args) };
  }
  let fallback: WasmUnsupported | undefined;
  if (backend !== 'js') {
    try {
      const e = new WasmEngine(module, { output: options.output, unchecked: options.unchecked });
      return { backend: 'wasm', invokeRaw: (name, args = []) => e.invokeRaw(name, args) };
    } catch (err) {
      if (!(err instanceof WasmUnsupported) || backend === 'wasm') throw err;
      fallback = err;
    }
  }
  const e = new ExecutionEngine(module, options);
  return { backend: 'js', fallback, invokeRaw: (name, args = []) => e.invokeRaw(name, args) };
}
