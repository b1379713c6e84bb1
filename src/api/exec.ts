// The execution engine's library entry points: compile a module (parsed or
// built in memory) and call its functions with JS values.
//
//   const m = loadModule(text);                  // or loadModule(module), compile(module)
//   m.call('add', 1, 2n);                        // integers: numbers or BigInts
//   m.call('scale', new Float32Array([1, 2]), 2); // typed arrays become memrefs
//
// Integer results are numbers when they are safe integers and BigInts
// otherwise; i1 results are 0 or 1; memref results are MemRef descriptors
// (memrefToArray reads their elements).
//
// An LLVM-dialect module (what convert-to-llvm produces) runs on the
// LLVM-dialect engine, as in scf-run: pass `backend` ('auto', 'wasm' or
// 'js'); its functions take and return numbers/BigInts, pointers as numbers
// and structs as arrays of their fields.

import type { Operation } from '../ir/operation.js';
import { UnknownLoc } from '../ir/location.js';
import { parse, ParseError } from './text.js';
import { DiagnosticRenderer } from '../syntax/diagnostic-output.js';
import { ExecError, ExecutionEngine, type EngineOptions } from '../exec/engine.js';
import { UnsupportedError } from '../exec/codegen.js';
import { WasmEngine, WasmUnsupported } from '../exec/wasm/engine.js';
import type { Backend } from '../exec/wasm/run.js';
import { LLVMExecutionEngine } from '../exec/llvm/engine.js';
import { LLVMWasmEngine } from '../exec/llvm/wasm.js';
import { callLLVM, createLLVMEngine, isLLVMModule } from '../exec/llvm/run.js';

/** What loadModule returns when given a backend: the engine that runs it, and why WebAssembly was not used. */
export interface LoadedModule {
  readonly backend: 'js' | 'wasm';
  readonly fallback?: WasmUnsupported;
  /** The func-level engines, or (for an LLVM-dialect module) the LLVM-dialect engine's. */
  readonly engine: ExecutionEngine | WasmEngine | LLVMExecutionEngine | LLVMWasmEngine;
  call(name: string, ...args: unknown[]): unknown;
}

export interface LoadOptions extends EngineOptions {
  /**
   * As compileFor's: 'auto' runs on the WebAssembly backend when it can
   * express the module, else on the JavaScript one; 'wasm' throws
   * WasmUnsupported when it cannot; 'js' the JavaScript backend. Given,
   * loadModule returns a LoadedModule. Left out, a func-level module gets
   * the JavaScript ExecutionEngine (memref arguments and results, MemRef
   * descriptors and `compiled.source`); an LLVM-dialect module needs it.
   */
  backend?: Backend;
  /** The WebAssembly backend leaves out its runtime checks (docs/WASM.md); the JavaScript backend keeps them. */
  unchecked?: boolean;
  /** The file name of `text` in diagnostics (default `<string>`). */
  fileName?: string;
}

/** Thrown by loadModule when the text does not parse or verify; `message` holds MLIR diagnostics. */
export class LoadError extends Error {}

/**
 * Compiles a verified module for execution. Throws UnsupportedError (with an
 * MLIR-style message) for ops the engine cannot run. Runtime errors of calls
 * are ExecErrors; `formatExecError` renders them.
 */
export function compile(module: Operation, options: EngineOptions = {}): ExecutionEngine {
  return new ExecutionEngine(module, options);
}

/**
 * Parses (when given text), verifies and compiles a module. Throws LoadError
 * for invalid IR and UnsupportedError for ops the engine cannot run.
 */
export function loadModule(moduleOrText: Operation | string, options?: LoadOptions & { backend?: undefined }): ExecutionEngine;
export function loadModule(moduleOrText: Operation | string, options: LoadOptions & { backend: Backend }): LoadedModule;
export function loadModule(moduleOrText: Operation | string, options: LoadOptions = {}): ExecutionEngine | LoadedModule {
  let module: Operation;
  if (typeof moduleOrText === 'string') {
    try {
      module = parse(moduleOrText, { fileName: options.fileName });
    } catch (e) {
      if (e instanceof ParseError) throw new LoadError(e.message);
      throw e;
    }
  } else module = moduleOrText;
  if (isLLVMModule(module)) return loadLLVM(module, options);
  const backend = options.backend;
  if (backend === undefined) return compile(module, options);
  if (backend === 'js') {
    const engine = compile(module, options);
    return { backend: 'js', engine, call: (name, ...args) => engine.call(name, ...args) };
  }
  let fallback: WasmUnsupported | undefined;
  try {
    const engine = new WasmEngine(module, { output: options.output, unchecked: options.unchecked });
    return { backend: 'wasm', engine, call: (name, ...args) => engine.call(name, ...args) };
  } catch (err) {
    if (!(err instanceof WasmUnsupported) || backend === 'wasm') throw err;
    fallback = err;
  }
  const engine = compile(module, options);
  return { backend: 'js', fallback, engine, call: (name, ...args) => engine.call(name, ...args) };
}

/** An LLVM-dialect module on the LLVM-dialect engine: WebAssembly or JavaScript as scf-run picks them; global constructors run once here; `unchecked` does not apply (the LLVM-dialect engine keeps its checks). */
function loadLLVM(module: Operation, options: LoadOptions): LoadedModule {
  if (options.backend === undefined) throw new LoadError("an LLVM-dialect module runs on the LLVM-dialect engine: pass `backend` ('auto', 'wasm' or 'js') to loadModule");
  const { engine, fallback } = createLLVMEngine(module, options.backend, { output: options.output, dumpJs: options.dumpJs });
  const compiled = engine instanceof LLVMWasmEngine ? engine.js.compiled : engine.compiled;
  for (const c of compiled.ctors) engine.invokeRaw(c);
  return { backend: engine instanceof LLVMWasmEngine ? 'wasm' : 'js', fallback, engine, call: (name, ...args) => callLLVM(engine, name, args) };
}

/** `file:line:col: error: message` for an ExecError or UnsupportedError. */
export function formatExecError(e: ExecError | UnsupportedError): string {
  return new DiagnosticRenderer([]).renderOne(e.op?.location ?? UnknownLoc.get(), 'error', e.message, false);
}
