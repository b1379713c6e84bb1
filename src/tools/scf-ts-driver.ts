// scf-ts's driver, in-process (Node only: it reads and writes files): a
// TypeScript file compiled by the front end (src/frontend), printed as MLIR
// or run with the execution engine. Returns the exit code; output goes to the
// given sinks.

import { readFileSync, writeFileSync } from 'node:fs';
import { compileTS } from '../frontend/compile.js';
import { lowerJsOps } from '../frontend/lower-js.js';
import { PassManager, PassFailure, listPasses } from '../api/passes.js';
import { compile, formatExecError } from '../api/exec.js';
import { ExecError } from '../exec/engine.js';
import { UnsupportedError } from '../exec/codegen.js';
import type { Operation } from '../ir/operation.js';
import { print, verify } from '../api/text.js';
import { CommandLine, CommandLineError, HELP_AND_VERSION_OPTIONS, type OptionSpec } from './cl.js';
import { VERSION } from '../version.js';

const TOOL = 'scf-ts';

export const TS_OPTIONS: readonly OptionSpec[] = [
  { name: 'o', kind: 'value', valueName: '<filename>', help: 'Output filename' },
  { name: 'emit', kind: 'value', valueName: '<mlir|mlir-lowered>', help: 'What to print: the front end\'s MLIR (default), or plain MLIR 22 (early exits lowered, js.print as vector.print)' },
  { name: 'run', kind: 'bool', help: 'Run the entry function with the execution engine instead of printing' },
  { name: 'e', kind: 'value', valueName: '<function name>', help: 'The function --run calls (default: main; it takes no arguments)' },
  { name: 'O0', kind: 'bool', help: 'Do not fold constant loops (skip scf-fold-constant-loops)' },
  { name: 'mlir-print-debuginfo', kind: 'bool', help: 'Print the locations of ops' },
  ...HELP_AND_VERSION_OPTIONS,
];

export interface TsSinks {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

/** Runs `pipeline` on `module` when all its passes are registered. */
function runPasses(module: Operation, passes: string[]): void {
  const known = new Set(listPasses().map((p) => p.argument));
  const available = passes.filter((p) => known.has(p));
  if (available.length) PassManager.parse(`builtin.module(func.func(${available.join(',')}))`).run(module);
}

/** Returned by runScfTs, when asked, instead of reporting an exhausted stack (scf-ts.ts reruns on a deeper stack). */
export const RETRY_WITH_DEEPER_STACK = -2;

export function runScfTs(args: readonly string[], sinks: TsSinks, opts: { retryOnStackOverflow?: boolean } = {}): number {
  const cl = new CommandLine(TOOL, TS_OPTIONS);
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
    sinks.stdout(cl.help('TypeScript to MLIR (func/scf/arith/memref), with JavaScript semantics'));
    return 0;
  }
  if (v.get('version')) {
    sinks.stdout(`scfkit ${VERSION}\n  scf-ts\n`);
    return 0;
  }
  const input = parsed.positionals[0];
  if (!input) {
    sinks.stderr(`${TOOL}: error: no input file\n`);
    return 1;
  }
  const emit = (v.get('emit') as string | undefined) ?? 'mlir';
  if (emit !== 'mlir' && emit !== 'mlir-lowered') {
    sinks.stderr(`${TOOL}: for the --emit option: Cannot find option named '${emit}'!\n`);
    return 1;
  }
  let source: string;
  try {
    source = readFileSync(input, 'utf8');
  } catch {
    sinks.stderr(`${TOOL}: error: could not open input file '${input}'\n`);
    return 1;
  }
  const { module, diagnostics } = compileTS(source, { fileName: input });
  if (!module) {
    if (opts.retryOnStackOverflow && diagnostics.some((d) => d.stackExhausted)) return RETRY_WITH_DEEPER_STACK;
    sinks.stderr(diagnostics.map((d) => d.text).join(''));
    return 1;
  }
  const problems = verify(module);
  if (problems.length) {
    // The front end built invalid IR: a bug, reported rather than run.
    sinks.stderr(`${TOOL}: internal error: the generated IR does not verify:\n${problems.join('')}`);
    return 1;
  }
  const fold = v.get('O0') ? [] : ['scf-fold-constant-loops'];
  const run = v.get('run') === true;
  try {
    if (run || emit === 'mlir-lowered') runPasses(module, ['scf-lower-early-exit', ...fold]);
    else runPasses(module, fold);
  } catch (e) {
    if (e instanceof PassFailure) {
      sinks.stderr(e.message);
      return 1;
    }
    throw e;
  }
  if (run) {
    const entry = (v.get('e') as string | undefined) ?? 'main';
    try {
      const engine = compile(module, { output: (s: string) => sinks.stdout(s) });
      const fn = engine.lookup(entry);
      if (!fn) {
        sinks.stderr(`${TOOL}: error: no function '${entry}' to run\n`);
        return 1;
      }
      engine.invokeRaw(entry, []);
      return 0;
    } catch (e) {
      if (e instanceof ExecError || e instanceof UnsupportedError) {
        sinks.stderr(formatExecError(e));
        return 1;
      }
      throw e;
    }
  }
  if (emit === 'mlir-lowered') lowerJsOps(module);
  const text = print(module, { debugInfo: v.get('mlir-print-debuginfo') === true });
  const out = v.get('o') as string | undefined;
  if (out && out !== '-') writeFileSync(out, text);
  else sinks.stdout(text);
  return 0;
}
