// scfkit's library API: build, parse, verify and print MLIR IR from TypeScript.

import { Context } from './ir/context.js';
import type { Operation } from './ir/operation.js';
import { verify as verifyOp } from './ir/verifier.js';
import { registerAllDialects } from './dialects/registry.js';
import { DiagnosticRenderer } from './syntax/diagnostic-output.js';
import { parseModule } from './syntax/module-parser.js';
import { Printer, printOpForDiagnostic, type PrintOptions } from './syntax/printer.js';
import { SourceFile } from './syntax/source.js';

export * from './ir/attributes.js';
export * from './ir/builtin-attributes.js';
export * from './ir/builtin-types.js';
export * from './ir/location.js';
export * from './ir/operation.js';
export { Context, Traits, type Dialect, type OpDefinition, OperationName } from './ir/context.js';
export { Diagnostic, DiagnosticEngine, type Severity } from './ir/diagnostics.js';
export { defineOp } from './ods/define-op-legacy.js';
export { Verifier } from './ir/verifier.js';
export { DominanceInfo } from './ir/dominance.js';
export { lookupNearestSymbolFrom, lookupSymbolIn, symbolName } from './ir/symbol-table.js';
export { Builder } from './ir/builder.js';
export { runOpt, type OptResult } from './tools/opt-driver.js';
export type { PrintOptions } from './syntax/printer.js';

// The execution engine (src/exec): run functions of a module from JS.
export { loadModule, formatExecError, LoadError, type LoadOptions } from './exec/api.js';
export { ExecutionEngine, ExecError, MemRef, Poison, UnsupportedError, memrefFromArray, memrefToArray, type OutputSink } from './exec/engine.js';
export { runScfRun } from './exec/run.js';

/** A context with every scfkit dialect registered. */
export function createContext(options: { allowUnregisteredDialects?: boolean } = {}): Context {
  const ctx = new Context();
  registerAllDialects(ctx);
  ctx.allowUnregisteredDialects = options.allowUnregisteredDialects ?? false;
  ctx.printOpForDiagnostic = (op) => printOpForDiagnostic(ctx, op);
  return ctx;
}

/** Thrown by `parse` when the text is invalid; `message` holds MLIR-style diagnostics. */
export class ParseError extends Error {}

/**
 * Parses MLIR text into a top-level op (a `builtin.module`), verified.
 * Throws ParseError with the diagnostics on failure.
 */
export function parse(text: string, options: { ctx?: Context; fileName?: string; verify?: boolean } = {}): Operation {
  const ctx = options.ctx ?? createContext();
  const source = new SourceFile(options.fileName ?? '<string>', Buffer.from(text, 'utf8').toString('latin1'));
  const module = parseModule(ctx, source);
  const ok = module !== undefined && (options.verify === false || verifyOp(ctx, module));
  const diags = ctx.diagnostics.take();
  if (!ok || !module) {
    const renderer = new DiagnosticRenderer([source]);
    throw new ParseError(Buffer.from(diags.map((d) => renderer.render(d)).join(''), 'latin1').toString('utf8'));
  }
  return module;
}

/** Prints an op as mlir-opt would (custom form unless `generic`). */
export function print(op: Operation, options: PrintOptions & { ctx?: Context } = {}): string {
  const ctx = options.ctx ?? createContext();
  return Buffer.from(new Printer(ctx, options).printOperation(op), 'latin1').toString('utf8');
}

/** Verifies an op; returns the diagnostics (empty when valid). */
export function verify(op: Operation, ctx: Context = createContext()): string[] {
  const ok = verifyOp(ctx, op);
  const diags = ctx.diagnostics.take();
  return ok ? [] : diags.map((d) => new DiagnosticRenderer([]).render(d));
}
