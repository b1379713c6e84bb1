// Renders diagnostics as mlir-opt does (SourceMgrDiagnosticHandler): the
// location prefix, the severity, the message, and for locations inside a known
// buffer the source line with a caret.

import type { Diagnostic, Severity } from '../ir/diagnostics.js';
import { CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, UnknownLoc } from '../ir/location.js';
import type { SourceFile } from './source.js';

/** The location MLIR shows for a diagnostic (findLocToShow). */
function locToShow(loc: Location): FileLineColLoc | undefined {
  if (loc instanceof FileLineColLoc) return loc;
  if (loc instanceof NameLoc) return locToShow(loc.child);
  if (loc instanceof CallSiteLoc) return locToShow(loc.callee);
  if (loc instanceof FusedLoc) {
    for (const l of loc.locations) {
      const s = locToShow(l);
      if (s) return s;
    }
  }
  return undefined;
}

/** Expands tabs to 8-column stops as LLVM's SMDiagnostic does. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let text = '';
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\t') {
      do text += ' ';
      while (text.length % 8 !== 0);
    } else text += line[i];
  }
  return text;
}

/**
 * The line under the source line, as LLVM's SMDiagnostic builds it: `~` over
 * the range (clipped to the line), `^` at the column (or just past the line),
 * trailing blanks dropped; a mark on a tab repeats up to the tab's stop, so
 * it lines up with the expanded source line.
 */
function caretLine(line: string, col: number, rangeLength: number): string {
  const marks = new Array<string>(line.length + 1).fill(' ');
  for (let i = col; i < Math.min(col + rangeLength, line.length); i++) marks[i] = '~';
  marks[Math.min(col, line.length)] = '^';
  let end = marks.length;
  while (end > 0 && marks[end - 1] === ' ') end--;
  let out = '';
  for (let i = 0; i < end; i++) {
    if (line[i] !== '\t') out += marks[i];
    else
      do out += marks[i];
      while (out.length % 8 !== 0);
  }
  return out;
}

export class DiagnosticRenderer {
  constructor(private readonly sources: readonly SourceFile[]) {}

  private findSource(name: string): SourceFile | undefined {
    return this.sources.find((s) => s.name === name);
  }

  /** One diagnostic line (plus source excerpt when `showSource`). */
  renderOne(loc: Location, severity: Severity, message: string, showSource = true, rangeLength = 0): string {
    const fileLoc = locToShow(loc);
    if (!fileLoc) {
      // As SourceMgrDiagnosticHandler: no source position, the location (unless unknown) leads the message.
      if (loc instanceof UnknownLoc) return `<unknown>:0: ${severity}: ${message}\n`;
      return `<unknown>:0: ${severity}: ${loc.key}: ${message}\n`;
    }
    let out = `${fileLoc.filename}:${fileLoc.line}:${fileLoc.column}: ${severity}: ${message}\n`;
    const src = showSource ? this.findSource(fileLoc.filename) : undefined;
    if (src && fileLoc.line >= 1) {
      const raw = src.lineText(fileLoc.line);
      const col = fileLoc.column - 1;
      // As LLVM's SourceMgr: a column past a carriage return (or past the
      // line) has no source line; the line shown ends at a carriage return.
      if (col <= raw.length && !raw.slice(0, col).includes('\r')) {
        const cr = raw.indexOf('\r', col);
        const line = cr < 0 ? raw : raw.slice(0, cr);
        const text = expandTabs(line);
        // A line with a byte past ASCII is shown without a caret line (its
        // columns would not line up).
        if (/[^\x00-\x7f]/.test(line)) out += text + '\n';
        else out += text + '\n' + caretLine(line, col, rangeLength) + '\n';
      }
    }
    return out;
  }

  /** A diagnostic with its notes, as SourceMgrDiagnosticHandler::emitDiagnostic prints it. */
  render(d: Diagnostic): string {
    if (d.verbatim) return d.message;
    let out = this.renderOne(d.location, d.severity, d.message);
    let prev: Location = d.location;
    for (const note of d.notes) {
      out += this.renderOne(note.location, note.severity, note.message, prev !== note.location);
      prev = note.location;
    }
    return out;
  }
}
