// The execution engine's library entry points: load MLIR text into an engine
// and call its functions with JS values.
//
//   const m = loadModule(text);
//   m.call('add', 1, 2n);                        // integers: numbers or BigInts
//   m.call('scale', new Float32Array([1, 2]), 2); // typed arrays become memrefs
//
// Integer results are numbers when they are safe integers and BigInts
// otherwise; i1 results are 0 or 1; memref results are MemRef descriptors
// (memrefToArray reads their elements).

import { Context } from '../ir/context.js';
import { registerAllDialects } from '../dialects/registry.js';
import { verify } from '../ir/verifier.js';
import { DiagnosticRenderer } from '../syntax/diagnostic-output.js';
import { parseModule } from '../syntax/module-parser.js';
import { printOpForDiagnostic } from '../syntax/printer.js';
import { SourceFile } from '../syntax/source.js';
import { UnknownLoc } from '../ir/location.js';
import { ExecError, ExecutionEngine, type OutputSink } from './engine.js';
import { UnsupportedError } from './codegen.js';

export interface LoadOptions {
  fileName?: string;
  /** Where vector.print and the print* functions write (default: process.stdout). */
  output?: OutputSink;
}

/** Thrown by loadModule when the text does not parse or verify; `message` holds MLIR diagnostics. */
export class LoadError extends Error {}

/**
 * Parses, verifies and compiles `text`. Throws LoadError for invalid IR and
 * UnsupportedError (with an MLIR-style message) for ops the engine cannot run.
 * Runtime errors of calls are ExecErrors; `formatExecError` renders them.
 */
export function loadModule(text: string, options: LoadOptions = {}): ExecutionEngine {
  const ctx = new Context();
  registerAllDialects(ctx);
  ctx.printOpForDiagnostic = (op) => printOpForDiagnostic(ctx, op);
  const source = new SourceFile(options.fileName ?? '<string>', Buffer.from(text, 'utf8').toString('latin1'));
  const module = parseModule(ctx, source);
  const ok = module !== undefined && verify(ctx, module);
  const diags = ctx.diagnostics.take();
  if (!ok || !module) {
    const r = new DiagnosticRenderer([source]);
    throw new LoadError(diags.map((d) => r.render(d)).join(''));
  }
  return new ExecutionEngine(module, { output: options.output });
}

/** `file:line:col: error: message` for an ExecError or UnsupportedError. */
export function formatExecError(e: ExecError | UnsupportedError): string {
  return new DiagnosticRenderer([]).renderOne(e.op?.location ?? UnknownLoc.get(), 'error', e.message, false);
}
