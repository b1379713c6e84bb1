// MLIR text from the library: parse, print and verify, with MLIR's
// diagnostics rendered as exceptions' messages. Strings are JavaScript
// strings (UTF-16); the syntax layer works on UTF-8 bytes underneath.

import type { Context } from '../ir/context.js';
import type { Diagnostic } from '../ir/diagnostics.js';
import type { Operation } from '../ir/operation.js';
import { Verifier, verify as verifyOp } from '../ir/verifier.js';
import { createContext, type ContextOptions } from '../dialects/registry.js';
import { DiagnosticRenderer } from '../syntax/diagnostic-output.js';
import { parseModule } from '../syntax/module-parser.js';
import { Printer, type PrintOptions } from '../syntax/printer.js';
import { SourceFile, textFromByteString } from '../syntax/source.js';

/** Thrown by `parse` when the text is invalid; `message` holds MLIR-style diagnostics. */
export class ParseError extends Error {}

/** Thrown by `verifyOrThrow`; `message` holds MLIR-style diagnostics. */
export class VerifyError extends Error {}

/** Diagnostics as mlir-opt prints them, with source excerpts where `sources` has the file. */
export function renderDiagnostics(diagnostics: readonly Diagnostic[], sources: readonly SourceFile[] = []): string {
  const r = new DiagnosticRenderer(sources);
  return textFromByteString(diagnostics.map((d) => r.render(d)).join(''));
}

export interface ParseOptions extends ContextOptions {
  /** The context to parse into (default: a new one with every dialect). */
  ctx?: Context;
  /** The file name diagnostics and locations use (default `<string>`). */
  fileName?: string;
  /** Verify after parsing (default true), as mlir-opt does. */
  verify?: boolean;
  /** Wrap top-level ops in a `builtin.module` unless the text is one module (default true). */
  implicitModule?: boolean;
}

/**
 * Parses MLIR text into its top-level op (a `builtin.module`), verified.
 * Throws ParseError with the diagnostics on failure.
 */
export function parse(text: string, options: ParseOptions = {}): Operation {
  const ctx = options.ctx ?? createContext(options);
  const source = SourceFile.fromText(options.fileName ?? '<string>', text);
  const verifier = options.verify === false ? undefined : new Verifier(ctx);
  const module = parseModule(ctx, source, { implicitModule: options.implicitModule, verifier });
  const ok = module !== undefined && (verifier === undefined || verifier.verify(module));
  const diags = ctx.diagnostics.take();
  if (!ok || !module) throw new ParseError(renderDiagnostics(diags, [source]));
  return module;
}

/** Prints an op as mlir-opt would (custom form unless `generic`). */
export function print(op: Operation, options: PrintOptions = {}): string {
  return textFromByteString(new Printer(op.context, options).printOperation(op));
}

/** Verifies an op and everything in it; returns the diagnostics (empty when valid). */
export function verify(op: Operation): string[] {
  const ctx = op.context;
  const ok = verifyOp(ctx, op);
  const diags = ctx.diagnostics.take();
  return ok ? [] : diags.map((d) => renderDiagnostics([d]));
}

/** Verifies an op; throws VerifyError with the diagnostics when invalid. */
export function verifyOrThrow(op: Operation): void {
  const errors = verify(op);
  if (errors.length) throw new VerifyError(errors.join(''));
}
