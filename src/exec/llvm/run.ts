// scf-run on an LLVM-dialect module: mlir-runner's entry-point checks and
// messages (JitRunner.cpp), then the LLVM engine.

import { IntegerType, FloatType } from '../../ir/builtin-types.js';
import type { Operation } from '../../ir/operation.js';
import { UnsupportedError } from '../codegen.js';
import { formatE } from '../numeric.js';
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

/** Runs the entry point; returns the exit code, or the stack overflow error (the caller may retry with a bigger stack). */
export function runLLVMModule(module: Operation, o: LLVMRunOptions): number | ExecError {
  let engine: LLVMExecutionEngine | LLVMWasmEngine | undefined;
  const backend = o.backend ?? 'auto';
  try {
    if (backend !== 'js') {
      try {
        engine = new LLVMWasmEngine(module, { output: o.stdout, errorOutput: o.stderr });
        if (o.debugBackend) o.stderr('scf-run: backend: wasm\n');
      } catch (e) {
        const why = e instanceof WasmUnsupported ? e : e instanceof WebAssembly.CompileError ? new WasmUnsupported(undefined, `an invalid module (${e.message})`) : undefined;
        if (!why) throw e;
        if (backend === 'wasm') {
          o.stderr(o.renderError(why.op, `the WebAssembly backend does not support ${why.message}`));
          return 1;
        }
        if (o.debugBackend) {
          const flc = why.op?.location.fileLineCol();
          const where = flc ? ` at ${flc.filename}:${flc.line}:${flc.column}` : '';
          o.stderr(`scf-run: backend: js (the WebAssembly backend does not support ${why.message}${where})\n`);
        }
      }
    } else if (o.debugBackend) o.stderr('scf-run: backend: js (asked for)\n');
    engine ??= new LLVMExecutionEngine(module, { output: o.stdout, errorOutput: o.stderr, dumpJs: o.dumpJs });
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
