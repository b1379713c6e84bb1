// scf-run's driver, in-process (Node only: it reads files): mlir-runner's flags and messages over the
// execution engine. Returns the exit code; output goes to the given sinks.

import { systemErrorMessage } from './system-error.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { createContext } from '../dialects/registry.js';
import { IntegerType, FloatType } from '../ir/builtin-types.js';
import { ModuleOp } from '../dialects/builtin/index.js';
import { FuncOp } from '../dialects/func/index.js';
import type { Operation } from '../ir/operation.js';
import { verify } from '../ir/verifier.js';
import { DiagnosticRenderer } from '../syntax/diagnostic-output.js';
import { parseModule } from '../syntax/module-parser.js';
import { SourceFile } from '../syntax/source.js';
import { CommandLine, CommandLineError, HELP_AND_VERSION_OPTIONS, type OptionSpec } from './cl.js';
import { VERSION } from '../version.js';
import { UnsupportedError } from '../exec/codegen.js';
import { ExecError, ExecutionEngine } from '../exec/engine.js';
import { WasmEngine, WasmUnsupported } from '../exec/wasm/engine.js';
import { setFlagsFromString } from 'node:v8';
import { formatE } from '../exec/numeric.js';
import { UnknownLoc } from '../ir/location.js';
import { isLLVMModule, runLLVMModule } from '../exec/llvm/run.js';
import { isStackOverflow } from '../ir/diagnostics.js';

const TOOL = 'scf-run';

export const RUN_OPTIONS: readonly OptionSpec[] = [
  { name: 'e', kind: 'value', valueName: '<function name>', help: 'The function to be called (default: main)' },
  { name: 'entry-point-result', kind: 'value', valueName: '<f32 | i32 | i64 | void>', help: 'Textual description of the function type to be called' },
  { name: 'shared-libs', kind: 'list', valueName: '<string>', help: 'Libraries to link dynamically (accepted and ignored: the runner-utils functions are built in)' },
  { name: 'O0', kind: 'bool', help: 'Run opt passes and codegen at O0 (ignored)' },
  { name: 'O1', kind: 'bool', help: 'Run opt passes and codegen at O1 (ignored)' },
  { name: 'O2', kind: 'bool', help: 'Run opt passes and codegen at O2 (ignored)' },
  { name: 'O3', kind: 'bool', help: 'Run opt passes and codegen at O3 (ignored)' },
  { name: 'march', kind: 'value', valueName: '<string>', help: 'Architecture to generate code for (ignored)' },
  { name: 'mattr', kind: 'value', valueName: '<a1,+a2,-a3,...>', help: 'Target specific attributes (ignored)' },
  { name: 'mcpu', kind: 'value', valueName: '<cpu-name>', help: 'Target a specific cpu type (ignored)' },
  { name: 'dump-object-file', kind: 'bool', help: 'Dump JITted-compiled object to file (ignored: there is no object file)' },
  { name: 'object-filename', kind: 'value', valueName: '<string>', help: 'Dump JITted-compiled object to file <input file>.o (ignored)' },
  { name: 'host-supports-jit', kind: 'bool', help: 'Report host JIT support' },
  { name: 'no-implicit-module', kind: 'bool', help: 'Disable implicit addition of a top-level module op during parsing' },
  { name: 'argext-abi-check', kind: 'bool', help: 'Verify that narrow int args are properly extended per the SystemZ ABI (ignored)' },
  { name: 'debug-only', kind: 'value', valueName: '<debug string>', help: 'Enable a specific type of debug output (ignored)' },
  { name: 'mlir-disable-threading', kind: 'bool', help: 'Accepted for compatibility' },
  { name: 'backend', kind: 'value', valueName: '<js | wasm>', help: 'Execute with this backend (default: WebAssembly when it can express the module, else JavaScript)' },
  { name: 'debug-backend', kind: 'bool', help: 'Report the backend chosen (and why) on standard error' },
  { name: 'unchecked', kind: 'bool', help: 'Leave out the WebAssembly backend\'s runtime checks (bounds, use after free, division): faster; an invalid access is then undefined behaviour' },
  ...HELP_AND_VERSION_OPTIONS,
];

export interface RunSinks {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

/** Runs scf-run with `args`; `stdin` is the standard input as a byte string when the input is '-'. */
/** Returned by runScfRun when asked to report stack overflows instead of printing them (see scf-run.ts). */
export const RETRY_WITH_DEEPER_STACK = -2;

export function runScfRun(
  args: readonly string[],
  sinks: RunSinks,
  stdin?: string | (() => string),
  opts: { retryOnStackOverflow?: () => boolean } = {},
): number {
  try {
    return runScfRunOnStack(args, sinks, stdin, opts);
  } catch (e) {
    // Deeply nested input can exhaust the stack in the parser, the verifier or an
    // analysis (the program's own recursion is the engine's located error).
    if (!isStackOverflow(e)) throw e;
    if (opts.retryOnStackOverflow?.()) return RETRY_WITH_DEEPER_STACK;
    sinks.stderr(`${TOOL}: error: the input is nested too deeply to process\n`);
    return 1;
  }
}

function runScfRunOnStack(
  args: readonly string[],
  sinks: RunSinks,
  stdin: string | (() => string) | undefined,
  opts: { retryOnStackOverflow?: () => boolean },
): number {
  const cl = new CommandLine(TOOL, RUN_OPTIONS);
  let parsed;
  try {
    parsed = cl.parse(args);
  } catch (e) {
    if (e instanceof CommandLineError) {
      sinks.stderr(e.message + '\n');
      return 1;
    }
    throw e;
  }
  const v = parsed.values;
  // Bad arguments before --help or --version are reported, and the flag still acts (LLVM's printers exit 0).
  if (parsed.errors) sinks.stderr(parsed.errors + '\n');
  if (v.get('help')) {
    sinks.stdout(cl.help('MLIR CPU execution driver (scfkit: a JavaScript execution engine for func/arith/cf/scf/memref/index/ub/vector.print and for the llvm dialect)'));
    return 0;
  }
  if (v.get('version')) {
    sinks.stdout(`scfkit ${VERSION}\n  scf-run (mlir-runner compatible)\n`);
    return 0;
  }
  if (v.get('host-supports-jit')) {
    sinks.stdout('true\n');
    return 0;
  }
  const input = parsed.positionals[0] ?? '-';
  let text: string;
  try {
    text = input === '-' ? (typeof stdin === 'function' ? stdin() : (stdin ?? readFileSync(0).toString('latin1'))) : readFileSync(input).toString('latin1');
  } catch (e) {
    sinks.stderr(`cannot open input file '${input}': ${systemErrorMessage(e)}\ncould not parse the input IR\n`);
    return 1;
  }
  const fileName = input === '-' ? '<stdin>' : input;
  const source = new SourceFile(fileName, text);
  const ctx = createContext();
  const renderer = new DiagnosticRenderer([source]);
  const module = parseModule(ctx, source, { implicitModule: v.get('no-implicit-module') !== true });
  const ok = module !== undefined && verify(ctx, module);
  const diags = ctx.diagnostics.take();
  if (!ok || !module) {
    sinks.stderr(diags.map((d) => renderer.render(d)).join(''));
    sinks.stderr('could not parse the input IR\n');
    return 1;
  }
  if (v.get('no-implicit-module') && !ModuleOp.isa(module)) {
    sinks.stderr('Error: top-level op must be a symbol table.\n');
    return 1;
  }
  const renderError = (op: Operation | undefined, msg: string): string => renderer.renderOne(op?.location ?? UnknownLoc.get(), 'error', msg);

  const entryName = (v.get('e') as string | undefined) ?? 'main';
  const resultKind = (v.get('entry-point-result') as string | undefined) ?? 'void';
  // -march replaces the host triple's architecture; only the host's own (x86_64) has a target.
  const march = v.get('march') as string | undefined;
  if (march !== undefined && march !== 'x86_64') {
    sinks.stderr(`Failed to create a TargetMachine for the host\nNo available targets are compatible with triple "${march}-pc-linux-gnu"\n`);
    return 1;
  }
  if (isLLVMModule(module)) {
    // mlir-runner's default entry point result is f32 (the func-level engine keeps its own default).
    const llvmKind = (v.get('entry-point-result') as string | undefined) ?? 'f32';
    const objectFile = v.get('dump-object-file') ? ((v.get('object-filename') as string | undefined) ?? `${input}.o`) : undefined;
    const writeObjectFile = objectFile
      ? (source: string): string | undefined => {
          try {
            writeFileSync(objectFile, source);
            return undefined;
          } catch (e) {
            return `Error: could not write ${objectFile}: ${(e as Error).message}\n`;
          }
        }
      : undefined;
    const dump = process.env.SCFKIT_DUMP_JS;
    const dumpJs = dump ? (source: string): void => writeFileSync(dump, source) : undefined;
    const llvmBackend = (v.get('backend') as string | undefined) ?? 'auto';
    if (llvmBackend !== 'auto' && llvmBackend !== 'js' && llvmBackend !== 'wasm') {
      sinks.stderr(`scf-run: unknown backend '${llvmBackend}' (expected js or wasm)\n`);
      return 1;
    }
    // The module runs once: V8's optimizing tier from the start (as for the func-level backend).
    if (llvmBackend !== 'js') setFlagsFromString('--no-liftoff');
    const r = runLLVMModule(module, {
      entry: entryName,
      resultKind: llvmKind,
      stdout: sinks.stdout,
      stderr: sinks.stderr,
      renderError,
      writeObjectFile,
      dumpJs,
      backend: llvmBackend,
      debugBackend: v.get('debug-backend') === true,
    });
    if (typeof r === 'number') return r;
    if (opts.retryOnStackOverflow?.()) return RETRY_WITH_DEEPER_STACK;
    sinks.stderr(renderError(r.op, r.message));
    return 1;
  }
  const backend = (v.get('backend') as string | undefined) ?? 'auto';
  if (backend !== 'auto' && backend !== 'js' && backend !== 'wasm') {
    sinks.stderr(`scf-run: unknown backend '${backend}' (expected js or wasm)\n`);
    return 1;
  }
  let engine: Pick<ExecutionEngine, 'lookup' | 'invokeRaw'> | undefined;
  if (backend !== 'js') {
    try {
      // The module runs once: V8's optimizing tier from the start (no on-stack replacement out of the baseline tier).
      setFlagsFromString('--no-liftoff');
      engine = new WasmEngine(module, { output: sinks.stdout, unchecked: v.get('unchecked') === true });
      if (v.get('debug-backend')) sinks.stderr('scf-run: backend: wasm\n');
    } catch (e) {
      const why = e instanceof WasmUnsupported ? e : e instanceof WebAssembly.CompileError ? new WasmUnsupported(undefined, `an invalid module (${e.message})`) : undefined;
      if (!why) throw e;
      const flc = why.op?.location.fileLineCol();
      const where = flc ? `${flc.filename}:${flc.line}:${flc.column}` : '';
      if (backend === 'wasm') {
        sinks.stderr(renderError(why.op, `the WebAssembly backend does not support ${why.message}`));
        return 1;
      }
      if (v.get('debug-backend')) sinks.stderr(`scf-run: backend: js (the WebAssembly backend does not support ${why.message}${where ? ' at ' + where : ''})\n`);
    }
  } else if (v.get('debug-backend')) sinks.stderr('scf-run: backend: js (asked for)\n');
  try {
    // SCFKIT_DUMP_JS=<file>: writes the generated JavaScript there (to look at what V8 gets).
    const dump = process.env.SCFKIT_DUMP_JS;
    engine ??= new ExecutionEngine(module, { output: sinks.stdout, dumpJs: dump ? (source) => writeFileSync(dump, source) : undefined });
  } catch (e) {
    if (e instanceof UnsupportedError) {
      sinks.stderr(renderError(e.op, e.message));
      return 1;
    }
    throw e;
  }
  const fn = engine.lookup(entryName);
  if (!fn) {
    sinks.stderr('Error: entry point not found\n');
    return 1;
  }
  const type = FuncOp.function_type(fn);
  if (type.inputs.length) {
    sinks.stderr("Error: JIT can't invoke a main function expecting arguments\n");
    return 1;
  }
  const results = type.results;
  const single = (check: (t: (typeof results)[number]) => boolean): boolean => results.length === 1 && check(results[0]);
  switch (resultKind) {
    case 'void':
      if (results.length) {
        sinks.stderr('Error: expected void function\n');
        return 1;
      }
      break;
    case 'i32':
    case 'i64': {
      const w = resultKind === 'i32' ? 32 : 64;
      if (!single((t) => t instanceof IntegerType && t.width === w)) {
        sinks.stderr(`Error: only single ${resultKind} function result supported\n`);
        return 1;
      }
      break;
    }
    case 'f32':
      if (!single((t) => t instanceof FloatType && t.name === 'f32')) {
        sinks.stderr('Error: only single f32 function result supported\n');
        return 1;
      }
      break;
    default:
      sinks.stderr('Error: unsupported function type\n');
      return 1;
  }
  try {
    const r = engine.invokeRaw(entryName, []);
    if (resultKind === 'i32' || resultKind === 'i64') {
      if (typeof r === 'object') throw new ExecError(fn, `'${fn.opName}' op returns a poison value`);
      sinks.stdout(String(r) + '\n');
    } else if (resultKind === 'f32') {
      if (typeof r === 'object') throw new ExecError(fn, `'${fn.opName}' op returns a poison value`);
      sinks.stdout(formatE(r as number) + '\n');
    }
  } catch (e) {
    if (e instanceof ExecError) {
      if (e.stackOverflow && opts.retryOnStackOverflow?.()) return RETRY_WITH_DEEPER_STACK;
      sinks.stderr(renderError(e.op, e.message));
      return 1;
    }
    throw e;
  }
  return 0;
}
