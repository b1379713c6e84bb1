// scf-opt's driver, in-process: parse, verify and print each input chunk as
// mlir-opt does, returning the exit code and both output streams. It never
// throws: internal failures become diagnostics.

import { readFileSync, writeFileSync } from 'node:fs';
import { Context } from '../ir/context.js';
import { FileLineColLoc } from '../ir/location.js';
import { registerAllDialects } from '../dialects/registry.js';
import { DiagnosticRenderer } from '../syntax/diagnostic-output.js';
import { SourceFile } from '../syntax/source.js';
import { DiagnosticVerifier } from '../syntax/verify-diagnostics.js';
import { parseModule } from '../syntax/module-parser.js';
import { OutputTooLargeError, Printer, printOpForDiagnostic, type PrintOptions } from '../syntax/printer.js';
import { verify } from '../ir/verifier.js';
import { CommandLine, CommandLineError, type OptionSpec } from './cl.js';
import { VERSION } from '../version.js';

export interface OptResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Set when the input nested too deeply for this thread's stack (the result is an error). */
  stackExhausted?: boolean;
}

export interface RunOptions {
  /** `stdin` is already a byte string (one char per byte) rather than text. */
  stdinIsLatin1?: boolean;
}

const TOOL = 'scf-opt';
const DEFAULT_SPLIT_MARKER = '// -----';

export const OPT_OPTIONS: readonly OptionSpec[] = [
  { name: 'o', kind: 'value', valueName: '<filename>', help: 'Output filename' },
  { name: 'split-input-file', kind: 'optional-value', valueName: 'marker', help: 'Split the input file into chunks at the marker (default "// -----") and process each chunk independently' },
  { name: 'output-split-marker', kind: 'value', valueName: 'marker', help: 'Marker placed between the outputs of split chunks' },
  { name: 'verify-diagnostics', kind: 'optional-value', valueName: 'all|only-expected', help: 'Check that emitted diagnostics match expected-* lines in the input' },
  { name: 'allow-unregistered-dialect', kind: 'bool', help: 'Allow operations of unregistered dialects' },
  { name: 'mlir-print-op-generic', kind: 'bool', help: 'Print operations in the generic form' },
  { name: 'mlir-print-debuginfo', kind: 'bool', help: 'Print locations' },
  { name: 'mlir-pretty-debuginfo', kind: 'bool', help: 'Print locations in a pretty, non-parseable form' },
  { name: 'mlir-print-local-scope', kind: 'bool', help: 'Print with local scope and inline information (no aliases)' },
  { name: 'mlir-print-unique-ssa-ids', kind: 'bool', help: 'Print SSA names unique across the whole operation' },
  { name: 'mlir-print-skip-regions', kind: 'bool', help: 'Skip regions when printing ops' },
  { name: 'mlir-print-assume-verified', kind: 'bool', help: 'Skip verification when printing' },
  { name: 'mlir-print-op-on-diagnostic', kind: 'bool', help: 'Attach the operation to diagnostics about it (default true)' },
  { name: 'mlir-very-unsafe-disable-verifier-on-parsing', kind: 'bool', help: 'Do not verify the IR after parsing' },
  { name: 'no-implicit-module', kind: 'bool', help: 'Do not wrap the input in a builtin.module; it must hold exactly one top-level op' },
  { name: 'show-dialects', kind: 'bool', help: 'Print the list of registered dialects and exit' },
  { name: 'mlir-disable-threading', kind: 'bool', help: 'Accepted for compatibility (scf-opt is single-threaded)' },
  { name: 'verify-each', kind: 'bool', help: 'Verify the IR after each pass (default true)' },
  { name: 'help', kind: 'bool', help: 'Display available options', aliases: ['h'] },
  { name: 'version', kind: 'bool', help: 'Display the version of this program' },
];

/** Splits a buffer at `marker` as mlir-opt does; returns [start, end) ranges and near-miss offsets. */
export function splitInput(text: string, marker: string): { chunks: [number, number][]; nearMisses: number[] } {
  const checkLen = 2;
  const head = marker.slice(0, marker.length - checkLen);
  const tail = marker.slice(marker.length - checkLen);
  const chunks: [number, number][] = [];
  const nearMisses: number[] = [];
  if (!head.length) return { chunks: [[0, text.length]], nearMisses };
  let chunkStart = 0;
  let searchFrom = 0;
  for (;;) {
    const i = text.indexOf(head, searchFrom);
    if (i < 0) break;
    const after = i + head.length;
    if (text.startsWith(tail, after) && text.length - after > checkLen && text[after + checkLen] !== '0') {
      chunks.push([chunkStart, i]);
      chunkStart = after + checkLen;
    } else {
      nearMisses.push(after);
    }
    searchFrom = after;
  }
  chunks.push([chunkStart, text.length]);
  return { chunks, nearMisses };
}

interface ChunkOptions {
  print: PrintOptions;
  allowUnregistered: boolean;
  printOpOnDiagnostic: boolean;
  verifyDiagnostics: false | 'all' | 'only-expected';
  implicitModule: boolean;
  verifyAfterParse: boolean;
}

function processChunk(source: SourceFile, start: number, end: number, o: ChunkOptions): { ok: boolean; out: string; err: string } {
  const ctx = new Context();
  registerAllDialects(ctx);
  ctx.allowUnregisteredDialects = o.allowUnregistered;
  ctx.printOpOnDiagnostic = o.printOpOnDiagnostic && !o.verifyDiagnostics;
  ctx.printOpForDiagnostic = (op) => printOpForDiagnostic(ctx, op, o.print);
  const renderer = new DiagnosticRenderer([source]);
  const verifier = o.verifyDiagnostics ? new DiagnosticVerifier(source, renderer, start, end, o.verifyDiagnostics === 'only-expected') : undefined;

  let out = '';
  let ok = true;
  const module = parseModule(ctx, source, { start, end, implicitModule: o.implicitModule });
  if (module && o.verifyAfterParse && !verify(ctx, module)) ok = false;
  if (!module) ok = false;
  if (ok && module) {
    const printer = new Printer(ctx, { ...o.print, assumeVerified: o.print.assumeVerified || o.verifyAfterParse });
    out = printer.printOperation(module) + '\n';
  }
  let err = '';
  for (const d of ctx.diagnostics.take()) {
    if (verifier) verifier.process(d);
    else err += renderer.render(d);
  }
  if (verifier) {
    const result = verifier.finish();
    return { ok: result.ok, out: ok ? out : '', err: result.output };
  }
  return { ok, out, err };
}

/** Runs scf-opt with command-line `args` (without the program name). Never throws. */
export function runOpt(args: string[], stdin?: string, runOptions: RunOptions = {}): OptResult {
  try {
    return runOptUnchecked(args, stdin, runOptions);
  } catch (e) {
    if (e instanceof OutputTooLargeError) return { exitCode: 1, stdout: '', stderr: `${TOOL}: error: ${e.message}\n` };
    if (e instanceof RangeError && /call stack/i.test(e.message))
      return { exitCode: 1, stdout: '', stderr: `${TOOL}: error: the input is nested too deeply to process\n`, stackExhausted: true };
    return { exitCode: 1, stdout: '', stderr: `${TOOL}: error: internal error: ${e instanceof Error ? e.message : String(e)}\n` };
  }
}

function runOptUnchecked(args: string[], stdin: string | undefined, runOptions: RunOptions): OptResult {
  const cl = new CommandLine(TOOL, OPT_OPTIONS);
  let parsed;
  try {
    parsed = cl.parse(args);
  } catch (e) {
    if (e instanceof CommandLineError) return { exitCode: 1, stdout: '', stderr: e.message + '\n' };
    throw e;
  }
  const v = parsed.values;
  const flag = (name: string): boolean => v.get(name) === true;
  if (flag('help'))
    return { exitCode: 0, stdout: cl.help('scfkit optimizer driver (MLIR-compatible: a drop-in for mlir-opt on the scf dialect and its surroundings)'), stderr: '' };
  if (flag('version')) return { exitCode: 0, stdout: `scfkit ${TOOL} version ${VERSION} (MLIR 22 compatible)\n`, stderr: '' };
  if (flag('show-dialects')) {
    const ctx = new Context();
    registerAllDialects(ctx);
    return { exitCode: 0, stdout: `Available Dialects: ${ctx.dialectNames.join(',')}\n`, stderr: '' };
  }

  const inputName = parsed.positionals[0] ?? '-';
  let text: string;
  if (inputName === '-') {
    if (stdin === undefined) text = readStdin();
    else text = runOptions.stdinIsLatin1 ? stdin : Buffer.from(stdin, 'utf8').toString('latin1');
  } else {
    try {
      text = readFileSync(inputName).toString('latin1');
    } catch (e) {
      const reason = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'No such file or directory' : (e as Error).message;
      return { exitCode: 1, stdout: '', stderr: `cannot open input file '${inputName}': ${reason}\n` };
    }
  }
  const source = new SourceFile(inputName === '-' ? '<stdin>' : inputName, text);

  const vd = v.get('verify-diagnostics');
  const options: ChunkOptions = {
    print: {
      generic: flag('mlir-print-op-generic'),
      debugInfo: flag('mlir-print-debuginfo') || flag('mlir-pretty-debuginfo'),
      prettyDebugInfo: flag('mlir-pretty-debuginfo'),
      localScope: flag('mlir-print-local-scope'),
      uniqueSSAIds: flag('mlir-print-unique-ssa-ids'),
      skipRegions: flag('mlir-print-skip-regions'),
      assumeVerified: flag('mlir-print-assume-verified'),
    },
    allowUnregistered: flag('allow-unregistered-dialect'),
    printOpOnDiagnostic: v.get('mlir-print-op-on-diagnostic') !== false,
    verifyDiagnostics: vd === undefined || vd === false ? false : vd === 'only-expected' ? 'only-expected' : 'all',
    implicitModule: !flag('no-implicit-module'),
    verifyAfterParse: !flag('mlir-very-unsafe-disable-verifier-on-parsing'),
  };

  let stdout = '';
  let stderr = '';
  let failed = false;
  const split = v.get('split-input-file');
  if (split !== undefined && split !== false) {
    const marker = typeof split === 'string' ? split : DEFAULT_SPLIT_MARKER;
    const outMarker = (v.get('output-split-marker') as string | undefined) ?? DEFAULT_SPLIT_MARKER;
    const { chunks, nearMisses } = splitInput(text, marker);
    const renderer = new DiagnosticRenderer([source]);
    for (const offset of nearMisses) stderr += renderer.renderOne(source.location(offset), 'warning', 'near miss with file split marker');
    chunks.forEach(([start, end], i) => {
      if (i) stdout += outMarker + '\n';
      const r = processChunk(source, start, end, options);
      stdout += r.out;
      stderr += r.err;
      if (!r.ok) failed = true;
    });
  } else {
    const r = processChunk(source, 0, text.length, options);
    stdout = r.out;
    stderr = r.err;
    failed = !r.ok;
  }

  const outputName = v.get('o') as string | undefined;
  if (outputName !== undefined && outputName !== '-') {
    try {
      writeFileSync(outputName, Buffer.from(stdout, 'latin1'));
    } catch (e) {
      return { exitCode: 1, stdout: '', stderr: stderr + `${TOOL}: error: cannot write output file '${outputName}': ${(e as Error).message}\n` };
    }
    stdout = '';
  }
  return { exitCode: failed ? 1 : 0, stdout, stderr };
}

function readStdin(): string {
  try {
    return readFileSync(0).toString('latin1');
  } catch {
    return '';
  }
}

export { FileLineColLoc };
