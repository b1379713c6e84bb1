// Diagnostics: errors, warnings, notes and remarks attached to locations.

import { FileLineColLoc, Location, UnknownLoc } from './location.js';

export type Severity = 'error' | 'warning' | 'note' | 'remark';

export class Diagnostic {
  readonly notes: Diagnostic[] = [];
  /** Text a pass writes straight to the error stream (llvm::errs()), printed as it is. */
  verbatim = false;
  constructor(
    readonly severity: Severity,
    readonly location: Location,
    public message: string,
  ) {}

  /** Attaches a note (at `location`, or at this diagnostic's location) and returns it. */
  attachNote(message: string, location?: Location): Diagnostic {
    const note = new Diagnostic('note', location ?? this.location, message);
    this.notes.push(note);
    return note;
  }
  append(text: string): this {
    this.message += text;
    return this;
  }
}

/**
 * Collects the diagnostics emitted while processing one input. Consumers read
 * them after each phase; diagnostics are never reported half-built.
 */
export class DiagnosticEngine {
  readonly diagnostics: Diagnostic[] = [];
  /** Handlers run when a diagnostic is emitted; one returning true consumes it. */
  private readonly handlers: ((d: Diagnostic) => boolean)[] = [];

  emit(severity: Severity, location: Location, message: string): Diagnostic {
    const d = new Diagnostic(severity, location, message);
    for (let i = this.handlers.length - 1; i >= 0; i--) if (this.handlers[i](d)) return d;
    this.diagnostics.push(d);
    return d;
  }
  /** Text written straight to the error stream, in order with the diagnostics (handlers do not see it). */
  emitVerbatim(text: string): void {
    const d = new Diagnostic('note', UnknownLoc.get(), text);
    d.verbatim = true;
    this.diagnostics.push(d);
  }
  /** Runs `fn` with a handler installed; the handler sees diagnostics before they are collected. */
  withHandler<T>(handler: (d: Diagnostic) => boolean, fn: () => T): T {
    this.handlers.push(handler);
    try {
      return fn();
    } finally {
      this.handlers.pop();
    }
  }
  get errorCount(): number {
    let n = 0;
    for (const d of this.diagnostics) if (d.severity === 'error') n++;
    return n;
  }
  take(): Diagnostic[] {
    return this.diagnostics.splice(0);
  }
}

/** MLIR's rendering of a location in a diagnostic's prefix. */
export function locationPrefix(loc: Location): string {
  const flc = loc.fileLineCol();
  if (flc) return `${flc.filename}:${flc.line}:${flc.column}`;
  if (loc instanceof UnknownLoc) return 'loc(unknown)';
  return loc.key;
}

export { FileLineColLoc };

/** Whether `e` is the JavaScript engine's stack overflow (deep recursion on nested input, or a program's own). */
export function isStackOverflow(e: unknown): e is RangeError {
  return e instanceof RangeError && /call stack/i.test(e.message);
}
