// scf-opt's driver, in-process: parse, verify and print each input chunk as
// mlir-opt does, returning the exit code and both output streams. It never
// throws: internal failures become diagnostics.

import { systemErrorMessage } from './system-error.js';
import { closeSync, lstatSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { Context } from '../ir/context.js';
import { FileLineColLoc, UnknownLoc } from '../ir/location.js';
import { createContext } from '../dialects/registry.js';
import { DiagnosticRenderer } from '../syntax/diagnostic-output.js';
import { SourceFile } from '../syntax/source.js';
import { DiagnosticVerifier } from '../syntax/verify-diagnostics.js';
import { parseModule } from '../syntax/module-parser.js';
import { MAX_OUTPUT_CHARS, OutputTooLargeError, Printer, type PrintOptions } from '../syntax/printer.js';
import { Verifier } from '../ir/verifier.js';
import { CommandLine, CommandLineError, HELP_AND_VERSION_OPTIONS, type OptionSpec } from './cl.js';
import { VERSION } from '../version.js';
import { registerAllPasses } from '../passes/all.js';
import { lookupPass, printRegisteredPasses, registeredPasses } from '../passes/registry.js';
import { OpPassManager, runPassManager, type PassInstrumentation } from '../passes/pass-manager.js';
import { PipelineError, addPassToPipeline, parsePassPipeline } from '../passes/pipeline.js';
import { IRPrinterInstrumentation, TimerNode, TimingInstrumentation, formatTimingReport, type IRPrintConfig } from '../passes/instrumentation.js';
import { isStackOverflow } from '../ir/diagnostics.js';

export interface OptResult {
  exitCode: number;
  /** Standard output; empty when it is given as `stdoutBytes` instead (RunOptions.byteOutput). */
  stdout: string;
  stderr: string;
  /** Standard output as byte chunks, in order, when RunOptions.byteOutput asked for it. */
  stdoutBytes?: Uint8Array[];
  /** Set when the input nested too deeply for this thread's stack (the result is an error). */
  stackExhausted?: boolean;
}

export interface RunOptions {
  /** `stdin` is already a byte string (one char per byte) rather than text. */
  stdinIsLatin1?: boolean;
  /**
   * Give standard output as byte chunks (`stdoutBytes`), not as a string: the
   * printed IR is never decoded into a string, so its size has no limit.
   */
  byteOutput?: boolean;
}

/**
 * One output stream: kept in order (a string for the API, bytes for the
 * tool), or, given a path, written to that file as the chunks come (the file
 * is opened at the first write or at close, so an output with nothing in it
 * still makes the file).
 */
class OutputStream {
  private readonly parts: (string | Uint8Array)[] = [];
  private fd: number | undefined;
  /** Why the file could not be written; later chunks are dropped. */
  error: Error | undefined;

  constructor(private readonly path?: string) {}

  readonly bytes = (chunk: Uint8Array): void => {
    if (this.path === undefined) this.parts.push(chunk);
    else this.writeFile(chunk);
  };

  text(s: string): void {
    if (!s) return;
    if (this.path === undefined) this.parts.push(s);
    else this.writeFile(Buffer.from(s, 'latin1'));
  }

  /** Opens (creates or truncates) the file before any work, as mlir-opt does; returns why it could not. */
  open(): Error | undefined {
    try {
      this.fd = openSync(this.path!, 'w');
      return undefined;
    } catch (e) {
      return e as Error;
    }
  }

  private writeFile(chunk: Uint8Array): void {
    if (this.error) return;
    try {
      // The file was opened by open() before the work started.
      for (let at = 0; at < chunk.length; ) at += writeSync(this.fd!, chunk, at);
    } catch (e) {
      this.error = e as Error;
    }
  }

  /** Finishes the file; returns the error if it could not be written. */
  close(): Error | undefined {
    this.release();
    return this.error;
  }

  /**
   * Removes the output file after a failed run, as mlir-opt's ToolOutputFile
   * does (it opened, so truncated, the file at start): only regular files and
   * symlinks, never a device such as /dev/null.
   */
  discard(): void {
    this.release();
    if (this.path === undefined) return;
    try {
      const st = lstatSync(this.path);
      if (st.isFile() || st.isSymbolicLink()) unlinkSync(this.path);
    } catch {
      // Nothing there, or not ours to remove: leave it.
    }
  }

  /** Closes the file without finishing it (after a failure). */
  release(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch (e) {
      this.error ??= e as Error;
    }
    this.fd = undefined;
  }

  /** The stream as a string (one char per byte); throws OutputTooLargeError beyond a string's limit. */
  toText(): string {
    let size = 0;
    for (const p of this.parts) size += p.length;
    if (size > MAX_OUTPUT_CHARS) throw new OutputTooLargeError();
    return this.parts.map((p) => (typeof p === 'string' ? p : Buffer.from(p.buffer, p.byteOffset, p.length).toString('latin1'))).join('');
  }

  /** The stream as byte chunks. */
  toBytes(): Uint8Array[] {
    return this.parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p));
  }
}

/** Where a chunk's output goes. */
interface ChunkSinks {
  /** What passes wrote to the standard output (llvm::outs()): once per chunk, before its IR. */
  passOut(text: string): void;
  /** The chunk's printed IR. */
  ir: OutputStream;
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
  {
    name: 'mlir-elide-elementsattrs-if-larger',
    kind: 'value',
    valueName: '<uint>',
    help: 'Print elements attributes with more elements than this as dense_resource<__elided__> (splats are kept)',
  },
  { name: 'mlir-print-unique-ssa-ids', kind: 'bool', help: 'Print SSA names unique across the whole operation' },
  { name: 'mlir-print-skip-regions', kind: 'bool', help: 'Skip regions when printing ops' },
  { name: 'mlir-print-value-users', kind: 'bool', help: 'Print a comment with the users of each value' },
  { name: 'mlir-use-nameloc-as-prefix', kind: 'bool', help: 'Name SSA values after the NameLocs in their locations' },
  { name: 'mlir-print-assume-verified', kind: 'bool', help: 'Skip verification when printing' },
  { name: 'mlir-print-op-on-diagnostic', kind: 'bool', help: 'Attach the operation to diagnostics about it (default true)' },
  { name: 'mlir-very-unsafe-disable-verifier-on-parsing', kind: 'bool', help: 'Do not verify the IR after parsing' },
  { name: 'no-implicit-module', kind: 'bool', help: 'Do not wrap the input in a builtin.module; it must hold exactly one top-level op' },
  { name: 'show-dialects', kind: 'bool', help: 'Print the list of registered dialects and exit' },
  { name: 'mlir-disable-threading', kind: 'bool', help: 'Accepted for compatibility (scf-opt is single-threaded)' },
  { name: 'verify-each', kind: 'bool', help: 'Run the verifier after each transformation pass (default true)' },
  { name: 'pass-pipeline', kind: 'value', valueName: '<string>', help: 'Textual description of the pass pipeline to run', aliases: ['p'] },
  { name: 'dump-pass-pipeline', kind: 'bool', help: 'Print the pipeline that will be run' },
  { name: 'list-passes', kind: 'bool', help: 'Print the list of registered passes and exit' },
  { name: 'mlir-print-ir-before-all', kind: 'bool', help: 'Print IR before each pass' },
  { name: 'mlir-print-ir-after-all', kind: 'bool', help: 'Print IR after each pass' },
  { name: 'mlir-print-ir-after-change', kind: 'bool', help: 'When printing the IR after a pass, only print if the IR changed' },
  { name: 'mlir-print-ir-after-failure', kind: 'bool', help: 'When printing the IR after a pass, only print if the pass failed' },
  { name: 'mlir-print-ir-module-scope', kind: 'bool', help: 'When printing IR for print-ir-[before|after]{-all} always print the top-level operation' },
  { name: 'mlir-print-ir-before', kind: 'list', valueName: '<pass-arg>', help: 'Print IR before specified passes' },
  { name: 'mlir-print-ir-after', kind: 'list', valueName: '<pass-arg>', help: 'Print IR after specified passes' },
  { name: 'mlir-timing', kind: 'bool', help: 'Display execution times' },
  { name: 'mlir-timing-display', kind: 'value', valueName: '<value>', help: 'Display method for timing data (list or tree)' },
  ...HELP_AND_VERSION_OPTIONS,
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

/** A pass given as a command-line flag (`--canonicalize=opts`), in order. */
interface PassFlag {
  argument: string;
  options: string;
}

interface PassOptionsForChunk {
  pipeline: string | undefined;
  flags: PassFlag[];
  verifyEach: boolean;
  dump: boolean;
  irPrint: Omit<IRPrintConfig, 'print'> | undefined;
  timing: TimerNode | undefined;
}

interface ChunkOptions {
  print: PrintOptions;
  passes: PassOptionsForChunk;
  allowUnregistered: boolean;
  printOpOnDiagnostic: boolean;
  verifyDiagnostics: false | 'all' | 'only-expected';
  implicitModule: boolean;
  verifyAfterParse: boolean;
}

/** Processes one chunk: its printed IR and what passes wrote go to `sinks`; returns the diagnostics. */
function processChunk(source: SourceFile, start: number, end: number, o: ChunkOptions, sinks: ChunkSinks): { ok: boolean; err: string } {
  let sent = false;
  const r = processChunkBody(source, start, end, o, (text) => {
    sent = true;
    sinks.passOut(text);
  }, sinks.ir);
  if (!sent) sinks.passOut(r.passOut);
  return r;
}

function processChunkBody(
  source: SourceFile,
  start: number,
  end: number,
  o: ChunkOptions,
  passOut: (text: string) => void,
  irOut: OutputStream,
): { ok: boolean; err: string; passOut: string } {
  const ctx = createContext({
    allowUnregisteredDialects: o.allowUnregistered,
    printOpOnDiagnostic: o.printOpOnDiagnostic && !o.verifyDiagnostics,
    printOptions: o.print,
  });
  const renderer = new DiagnosticRenderer([source]);
  const verifier = o.verifyDiagnostics ? new DiagnosticVerifier(source, renderer, start, end, o.verifyDiagnostics === 'only-expected') : undefined;

  let ok = true;
  let err = '';
  const drain = (): void => {
    for (const d of ctx.diagnostics.take()) {
      if (verifier) verifier.process(d);
      else err += renderer.render(d);
    }
  };
  const timing = o.passes.timing;
  // mlir-opt 22 rejects a pipeline it cannot build before it parses the
  // chunk. A pass scfkit lacks is the exception: the chunk is parsed first,
  // so that its parse and verifier errors still show as mlir-opt's do.
  if (!buildsBeforeParse(o.passes) && !buildPassManager(ctx, 'builtin.module', o.passes)) {
    drain();
    if (verifier) return { ok: false, err: verifier.finish().output, passOut: '' };
    return { ok: false, err, passOut: '' };
  }
  // `performance` is read only for --mlir-timing: its first use loads Node's perf_hooks (start-up).
  const parseStart = timing ? performance.now() : 0;
  // The verifier checks each function as it is parsed, and the rest after.
  const irVerifier = o.verifyAfterParse ? new Verifier(ctx) : undefined;
  const module = parseModule(ctx, source, { start, end, implicitModule: o.implicitModule, verifier: irVerifier });
  if (module && irVerifier && !irVerifier.verify(module)) ok = false;
  if (!module) ok = false;
  if (timing) timing.child('Parser').elapsed += (performance.now() - parseStart) / 1000;
  let verified = o.verifyAfterParse;
  if (ok && module) {
    const pm = buildPassManager(ctx, module.name.name, o.passes);
    if (!pm) ok = false;
    else if (pm.size) {
      if (o.passes.dump) {
        drain();
        err += pm.dump();
      }
      const instrumentations: PassInstrumentation[] = [];
      if (o.passes.irPrint)
        instrumentations.push(
          new IRPrinterInstrumentation(ctx, { ...o.passes.irPrint, print: o.print }, (text) => {
            drain();
            err += text;
          }),
        );
      if (timing) instrumentations.push(new TimingInstrumentation(timing));
      if (!runPassManager(ctx, pm, module, { verifyEach: o.passes.verifyEach, instrumentations })) ok = false;
      if (!o.passes.verifyEach) verified = false;
    } else if (o.passes.dump) {
      drain();
      err += pm.dump();
    }
  }
  if (ok && module) {
    const outStart = timing ? performance.now() : 0;
    const printer = new Printer(ctx, { ...o.print, assumeVerified: o.print.assumeVerified || verified });
    // Passes are done: what they wrote comes before the IR, which streams.
    passOut(ctx.stdout);
    printer.printOperationTo(module, irOut.bytes);
    irOut.text('\n');
    if (timing) timing.child('Output').elapsed += (performance.now() - outStart) / 1000;
  }
  drain();
  if (verifier) {
    const result = verifier.finish();
    return { ok: result.ok, err: result.output, passOut: ctx.stdout };
  }
  return { ok, err, passOut: ctx.stdout };
}

/** The pass manager for one chunk, or undefined after reporting why it cannot be built. */
function buildPassManager(ctx: Context, rootName: string, o: PassOptionsForChunk): OpPassManager | undefined {
  const report = (e: PipelineError): undefined => {
    ctx.diagnostics.emit('error', UnknownLoc.get(), e.message);
    return undefined;
  };
  try {
    if (o.pipeline !== undefined) {
      if (o.flags.length) return report(new PipelineError("'-pass-pipeline' option can't be used with individual pass options"));
      return parsePassPipeline(TOOL, o.pipeline);
    }
    const pm = new OpPassManager(rootName, 'implicit');
    for (const f of o.flags) addPassToPipeline(TOOL, pm, lookupPass(f.argument)!, f.options);
    return pm;
  } catch (e) {
    if (!(e instanceof PipelineError)) throw e;
    if (e.direct) pendingDirect.push(e.direct);
    return report(e);
  }
}

/** Whether the pipeline builds, or fails only on a pass name scfkit does not register. */
function buildsBeforeParse(o: PassOptionsForChunk): boolean {
  try {
    if (o.pipeline !== undefined) {
      if (o.flags.length) return false;
      parsePassPipeline(TOOL, o.pipeline);
    } else {
      const pm = new OpPassManager('builtin.module', 'implicit');
      for (const f of o.flags) addPassToPipeline(TOOL, pm, lookupPass(f.argument)!, f.options);
    }
    return true;
  } catch (e) {
    if (!(e instanceof PipelineError)) throw e;
    return e.message.includes('does not refer to a registered pass or pass pipeline');
  }
}

/** Text LLVM's cl parsers print straight to stderr while a pipeline is built. */
const pendingDirect: string[] = [];

/**
 * Takes the pass flags (`--cse`, `-canonicalize=max-iterations=3`) out of
 * `args`, in order; everything else is left for the option table.
 */
function extractPassFlags(args: string[]): { rest: string[]; flags: PassFlag[] } {
  const rest: string[] = [];
  const flags: PassFlag[] = [];
  const takesValue = new Set<string>();
  for (const o of OPT_OPTIONS) if (o.kind === 'value' || o.kind === 'list') for (const n of [o.name, ...(o.aliases ?? [])]) takesValue.add(n);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      rest.push(...args.slice(i));
      break;
    }
    if (a.startsWith('-') && a !== '-') {
      const body = a.replace(/^--?/, '');
      const eq = body.indexOf('=');
      const name = eq < 0 ? body : body.slice(0, eq);
      if (lookupPass(name) && !takesValue.has(name)) {
        flags.push({ argument: name, options: eq < 0 ? '' : body.slice(eq + 1) });
        continue;
      }
      rest.push(a);
      if (eq < 0 && takesValue.has(name) && i + 1 < args.length) rest.push(args[++i]);
      continue;
    }
    rest.push(a);
  }
  return { rest, flags };
}

/** Runs scf-opt with command-line `args` (without the program name). Never throws. */
export function runOpt(args: string[], stdin?: string, runOptions: RunOptions = {}): OptResult {
  try {
    return runOptUnchecked(args, stdin, runOptions);
  } catch (e) {
    if (e instanceof OutputTooLargeError) return { exitCode: 1, stdout: '', stderr: `${TOOL}: error: ${e.message}\n` };
    if (isStackOverflow(e))
      return { exitCode: 1, stdout: '', stderr: `${TOOL}: error: the input is nested too deeply to process\n`, stackExhausted: true };
    return { exitCode: 1, stdout: '', stderr: `${TOOL}: error: internal error: ${e instanceof Error ? e.message : String(e)}\n` };
  }
}

function runOptUnchecked(args: string[], stdin: string | undefined, runOptions: RunOptions): OptResult {
  registerAllPasses();
  const cl = new CommandLine(TOOL, OPT_OPTIONS, 1, () => registeredPasses().map((p) => p.argument));
  const { rest, flags: passFlags } = extractPassFlags(args);
  let parsed;
  try {
    parsed = cl.parse(rest);
  } catch (e) {
    if (e instanceof CommandLineError) return { exitCode: 1, stdout: '', stderr: e.message + '\n' };
    throw e;
  }
  const v = parsed.values;
  const flag = (name: string): boolean => v.get(name) === true;
  // Bad arguments before --help or --version are reported, and the flag still acts (LLVM's printers exit 0).
  const earlier = parsed.errors && parsed.errors + '\n';
  if (flag('help'))
    return { exitCode: 0, stdout: cl.help('scfkit optimizer driver (MLIR-compatible: a drop-in for mlir-opt on the scf dialect and its surroundings)'), stderr: earlier };
  if (flag('version')) return { exitCode: 0, stdout: `scfkit ${TOOL} version ${VERSION} (MLIR 22 compatible)\n`, stderr: earlier };
  if (flag('list-passes')) return { exitCode: 0, stdout: printRegisteredPasses(), stderr: '' };
  for (const which of ['mlir-print-ir-before', 'mlir-print-ir-after']) {
    const list = v.get(which) as string[] | undefined;
    for (const name of list ?? [])
      if (!lookupPass(name)) return { exitCode: 1, stdout: '', stderr: `${TOOL}: for the --${which} option: Cannot find option named '${name}'!\n` };
  }
  // LLVM's cl::opt<unsigned>: decimal, 0x hex or 0 octal, within 32 bits.
  let elideElementsAttrsIfLarger: number | undefined;
  const elide = v.get('mlir-elide-elementsattrs-if-larger');
  if (typeof elide === 'string') {
    const m = /^(?:0[xX]([0-9a-fA-F]+)|(0[0-7]*)|([1-9][0-9]*))$/.exec(elide);
    const n = m ? (m[1] !== undefined ? parseInt(m[1], 16) : m[2] !== undefined ? parseInt(m[2], 8) : Number(m[3])) : NaN;
    if (!(n <= 0xffffffff)) return { exitCode: 1, stdout: '', stderr: `${TOOL}: for the --mlir-elide-elementsattrs-if-larger option: '${elide}' value invalid for uint argument!\n` };
    elideElementsAttrsIfLarger = n;
  }
  if (flag('show-dialects')) {
    return { exitCode: 0, stdout: `Available Dialects: ${createContext().dialectNames.join(',')}\n`, stderr: '' };
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
      return { exitCode: 1, stdout: '', stderr: `cannot open input file '${inputName}': ${systemErrorMessage(e)}\n` };
    }
  }
  const source = new SourceFile(inputName === '-' ? '<stdin>' : inputName, text);

  const vd = v.get('verify-diagnostics');
  const listOf = (name: string): Set<string> | undefined => {
    const l = v.get(name) as string[] | undefined;
    return l ? new Set(l) : undefined;
  };
  const printBefore = flag('mlir-print-ir-before-all') ? ('all' as const) : listOf('mlir-print-ir-before');
  const printAfter = flag('mlir-print-ir-after-all') || flag('mlir-print-ir-after-failure') ? ('all' as const) : listOf('mlir-print-ir-after');
  const timing = flag('mlir-timing') ? new TimerNode('root') : undefined;
  const runStart = timing ? performance.now() : 0;
  const passes: PassOptionsForChunk = {
    pipeline: v.get('pass-pipeline') as string | undefined,
    flags: passFlags,
    verifyEach: v.get('verify-each') !== false,
    dump: flag('dump-pass-pipeline'),
    irPrint:
      printBefore || printAfter
        ? {
            before: printBefore,
            after: printAfter,
            afterOnlyOnChange: flag('mlir-print-ir-after-change'),
            afterOnlyOnFailure: flag('mlir-print-ir-after-failure'),
            moduleScope: flag('mlir-print-ir-module-scope'),
          }
        : undefined,
    timing,
  };
  const options: ChunkOptions = {
    passes,
    print: {
      generic: flag('mlir-print-op-generic'),
      debugInfo: flag('mlir-print-debuginfo') || flag('mlir-pretty-debuginfo'),
      prettyDebugInfo: flag('mlir-pretty-debuginfo'),
      localScope: flag('mlir-print-local-scope'),
      uniqueSSAIds: flag('mlir-print-unique-ssa-ids'),
      skipRegions: flag('mlir-print-skip-regions'),
      printValueUsers: flag('mlir-print-value-users'),
      useNameLocAsPrefix: flag('mlir-use-nameloc-as-prefix'),
      assumeVerified: flag('mlir-print-assume-verified'),
      elideElementsAttrsIfLarger,
    },
    allowUnregistered: flag('allow-unregistered-dialect'),
    printOpOnDiagnostic: v.get('mlir-print-op-on-diagnostic') !== false,
    verifyDiagnostics: vd === undefined || vd === false ? false : vd === 'only-expected' ? 'only-expected' : 'all',
    implicitModule: !flag('no-implicit-module'),
    verifyAfterParse: !flag('mlir-very-unsafe-disable-verifier-on-parsing'),
  };

  // With -o, the IR goes to the file (written as it is printed) and what
  // passes wrote stays on stdout.
  const outputName = v.get('o') as string | undefined;
  const stdout = new OutputStream();
  const file = outputName !== undefined && outputName !== '-' ? new OutputStream(outputName) : undefined;
  const openError = file?.open();
  if (openError) return { exitCode: 1, stdout: '', stderr: `cannot open output file '${outputName}': ${systemErrorMessage(openError)}\n` };
  try {
    const sinks: ChunkSinks = { passOut: (t) => stdout.text(t), ir: file ?? stdout };
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
        if (i) sinks.ir.text(outMarker + '\n');
        const r = processChunk(source, start, end, options, sinks);
        stderr += r.err;
        if (!r.ok) failed = true;
      });
    } else {
      const r = processChunk(source, 0, text.length, options, sinks);
      stderr = r.err;
      failed = !r.ok;
    }

    if (pendingDirect.length) {
      stderr = pendingDirect.join('') + stderr;
      pendingDirect.length = 0;
    }
    if (timing) {
      const total = (performance.now() - runStart) / 1000;
      const accounted = timing.children.reduce((n, c) => n + c.elapsed, 0);
      timing.child('Rest').elapsed = Math.max(0, total - accounted);
      stderr += formatTimingReport(timing, total);
    }

    const result = (exitCode: number, err: string): OptResult =>
      runOptions.byteOutput ? { exitCode, stdout: '', stderr: err, stdoutBytes: stdout.toBytes() } : { exitCode, stdout: stdout.toText(), stderr: err };
    if (failed) {
      file?.discard();
      return result(1, stderr);
    }
    const fileError = file?.close();
    if (fileError) return result(1, stderr + `${TOOL}: error: cannot write output file '${outputName}': ${fileError.message}\n`);
    return result(0, stderr);
  } finally {
    // After a failure (a stack overflow included, before the rerun on the worker).
    file?.release();
  }
}

function readStdin(): string {
  try {
    return readFileSync(0).toString('latin1');
  } catch {
    return '';
  }
}

export { FileLineColLoc };
