// scf-run on an LLVM-dialect module: mlir-runner's entry-point checks and
// messages (JitRunner.cpp), then the LLVM engine.

import type { Type } from '../../ir/attributes.js';
import { IntegerType, FloatType } from '../../ir/builtin-types.js';
import { LLVMArrayType, LLVMPointerType, LLVMStructType } from '../../dialects/llvm/types.js';
import type { Operation } from '../../ir/operation.js';
import { UnsupportedError } from '../codegen.js';
import { formatE, wide } from '../numeric.js';
import { ExecError, Poison } from '../runtime.js';
import { LLVMFuncOp } from '../../dialects/llvm/index.js';
import { LLVMExecutionEngine } from './engine.js';
import { LLVMWasmEngine } from './wasm.js';
import { WasmUnsupported } from '../wasm/compile.js';
import { FuncOp } from '../../dialects/func/index.js';

export interface LLVMRunOptions {
  entry: string;
  resultKind: string;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  renderError: (op: Operation | undefined, msg: string) => string;
  /**
   * -dump-object-file: receives the "object" (the generated JavaScript);
   * returns an error message when it cannot be written.
   */
  writeObjectFile?: (source: string) => string | undefined;
  /** Receives the generated JavaScript (scf-run's SCFKIT_DUMP_JS). */
  dumpJs?: (source: string) => void;
  /** 'auto' (the default): WebAssembly when it can express the module, else JavaScript. */
  backend?: 'auto' | 'js' | 'wasm';
  /** Reports the backend chosen (and why) on stderr, as scf-run's --debug-backend. */
  debugBackend?: boolean;
}

/** Whether scf-run should run `module` on the LLVM engine: its top level has llvm ops and no `func.func`. */
export function isLLVMModule(module: Operation): boolean {
  let llvm = false;
  for (const region of module.regions)
    for (const block of region.blocks)
      for (const op of block) {
        if (FuncOp.isa(op)) return false;
        if (op.name.dialectName === 'llvm') llvm = true;
      }
  return llvm;
}

/** The engine for `backend`, and why WebAssembly was not used ('auto' falling back); throws WasmUnsupported for 'wasm' when it cannot. */
export function createLLVMEngine(
  module: Operation,
  backend: 'auto' | 'js' | 'wasm',
  options: { output?: (s: string) => void; errorOutput?: (s: string) => void; dumpJs?: (source: string) => void } = {},
): { engine: LLVMExecutionEngine | LLVMWasmEngine; fallback?: WasmUnsupported } {
  let fallback: WasmUnsupported | undefined;
  if (backend !== 'js') {
    try {
      return { engine: new LLVMWasmEngine(module, { output: options.output, errorOutput: options.errorOutput }) };
    } catch (e) {
      // V8 rejecting the module is a limit of ours too: the JavaScript engine runs it.
      const why = e instanceof WasmUnsupported ? e : e instanceof WebAssembly.CompileError ? new WasmUnsupported(undefined, `an invalid module (${e.message})`) : undefined;
      if (!why) throw e;
      if (backend === 'wasm') throw why;
      fallback = why;
    }
  }
  return { engine: new LLVMExecutionEngine(module, options), fallback };
}

/** Runs the entry point; returns the exit code, or the stack overflow error (the caller may retry with a bigger stack). */
export function runLLVMModule(module: Operation, o: LLVMRunOptions): number | ExecError {
  let engine: LLVMExecutionEngine | LLVMWasmEngine | undefined;
  const backend = o.backend ?? 'auto';
  try {
    let fallback: WasmUnsupported | undefined;
    try {
      ({ engine, fallback } = createLLVMEngine(module, backend, { output: o.stdout, errorOutput: o.stderr, dumpJs: o.dumpJs }));
    } catch (e) {
      if (!(e instanceof WasmUnsupported)) throw e;
      o.stderr(o.renderError(e.op, `the WebAssembly backend does not support ${e.message}`));
      return 1;
    }
    if (o.debugBackend) {
      if (engine instanceof LLVMWasmEngine) o.stderr('scf-run: backend: wasm\n');
      else if (fallback) {
        const flc = fallback.op?.location.fileLineCol();
        const where = flc ? ` at ${flc.filename}:${flc.line}:${flc.column}` : '';
        o.stderr(`scf-run: backend: js (the WebAssembly backend does not support ${fallback.message}${where})\n`);
      } else o.stderr('scf-run: backend: js (asked for)\n');
    }
  } catch (e) {
    if (e instanceof UnsupportedError || e instanceof ExecError) {
      o.stderr(o.renderError(e.op, e.message));
      return 1;
    }
    return internalError(o, e);
  }
  if (o.writeObjectFile) {
    const error = o.writeObjectFile((engine instanceof LLVMWasmEngine ? engine.js : engine).compiled.source);
    if (error !== undefined) {
      o.stderr(error);
      return 1;
    }
  }
  const fn = engine.lookup(o.entry);
  if (!fn) {
    o.stderr('Error: entry point not found\n');
    return 1;
  }
  const sig = engine.signature(fn);
  if (sig.inputs.length) {
    o.stderr("Error: JIT can't invoke a main function expecting arguments\n");
    return 1;
  }
  const r = sig.result;
  switch (o.resultKind) {
    case 'void':
      if (r) {
        o.stderr('Error: expected void function\n');
        return 1;
      }
      break;
    case 'i32':
    case 'i64': {
      const w = o.resultKind === 'i32' ? 32 : 64;
      if (!(r instanceof IntegerType && r.width === w)) {
        o.stderr(`Error: only single ${o.resultKind} function result supported\n`);
        return 1;
      }
      break;
    }
    case 'f32':
      if (!(r instanceof FloatType && r.name === 'f32')) {
        o.stderr('Error: only single f32 function result supported\n');
        return 1;
      }
      break;
    default:
      o.stderr('Error: unsupported function type\n');
      return 1;
  }
  try {
    const v = engine.run(o.entry);
    if (v instanceof Poison) throw new ExecError(fn, `'${LLVMFuncOp.opName}' op returns a poison value`);
    if (o.resultKind === 'i32' || o.resultKind === 'i64') o.stdout(String(v) + '\n');
    else if (o.resultKind === 'f32') o.stdout(formatE(v as number) + '\n');
  } catch (e) {
    if (e instanceof ExecError) {
      if (e.stackOverflow) return e;
      o.stderr(o.renderError(e.op, e.message));
      return 1;
    }
    return internalError(o, e);
  }
  return 0;
}

/** An unexpected failure of the engine itself: reported as an error, never as a JS stack trace. */
function internalError(o: LLVMRunOptions, e: unknown): number {
  o.stderr(o.renderError(undefined, `internal error in the LLVM execution engine: ${e instanceof Error ? e.message : String(e)}`));
  return 1;
}

/** A library caller's argument (number, BigInt, boolean; arrays for structs and arrays) in the LLVM engines' representation of `t`. */
export function llvmArgument(t: Type, v: unknown): unknown {
  if (t instanceof IntegerType) {
    const b = typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v)));
    if (t.width === 1) return Number(b & 1n);
    return t.width <= 32 ? Number(BigInt.asIntN(t.width, b)) : wide(t.width).canon(b);
  }
  if (t instanceof FloatType) return t.name === 'f32' ? Math.fround(Number(v)) : Number(v);
  if (t instanceof LLVMPointerType) return Number(BigInt.asUintN(64, typeof v === 'bigint' ? v : BigInt(Number(v))));
  const fields = t instanceof LLVMStructType ? t.body : t instanceof LLVMArrayType ? Array<Type>(t.numElements).fill(t.elementType) : undefined;
  if (fields && Array.isArray(v) && v.length === fields.length) return fields.map((f, i) => llvmArgument(f, v[i]));
  throw new TypeError(`cannot pass ${String(v)} as ${t.key}`);
}

/** Calls `name` on an LLVM engine with library arguments; a poison result is the JavaScript engine's error. */
export function callLLVM(engine: LLVMExecutionEngine | LLVMWasmEngine, name: string, args: readonly unknown[]): unknown {
  const fn = engine.lookup(name);
  if (!fn) throw new ExecError(undefined, `no function @${name} with a body in the module`);
  const { inputs } = engine.signature(fn);
  if (args.length !== inputs.length) throw new ExecError(fn, `@${name} takes ${inputs.length} arguments, got ${args.length}`);
  const v = engine.invokeRaw(
    name,
    inputs.map((t, i) => llvmArgument(t, args[i])),
  );
  const poison = (x: unknown): boolean => x instanceof Poison || (Array.isArray(x) && x.some(poison));
  if (poison(v)) throw new ExecError(fn, `'${LLVMFuncOp.opName}' op returns a poison value`);
  return v;
}
