// `--verify-diagnostics`: checks emitted diagnostics against `expected-*`
// comments in the input, the way MLIR's SourceMgrDiagnosticVerifierHandler does.

import type { Diagnostic, Severity } from '../ir/diagnostics.js';
import { FileLineColLoc, Location, UnknownLoc } from '../ir/location.js';
import type { DiagnosticRenderer } from './diagnostic-output.js';
import type { SourceFile } from './source.js';

interface ExpectedDiag {
  kind: Severity;
  /** 1-based line the diagnostic is expected on (0 for @unknown). */
  line: number;
  /** Byte offset of `expected-` in the file, for reporting. */
  offset: number;
  message: string;
  regex: RegExp | undefined;
  matched: boolean;
}

const EXPECTED_RE = /expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$/;

/** Turns an expected-*-re message (literal text with `{{regex}}` blocks) into a RegExp. */
function buildRegex(message: string): RegExp | undefined {
  let source = '';
  let rest = message;
  while (rest.length) {
    const open = rest.indexOf('{{');
    if (open < 0) {
      source += escapeRegex(rest);
      break;
    }
    source += escapeRegex(rest.slice(0, open));
    const close = rest.indexOf('}}', open + 2);
    if (close < 0) return undefined;
    source += '(?:' + rest.slice(open + 2, close) + ')';
    rest = rest.slice(close + 2);
  }
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class DiagnosticVerifier {
  private readonly expected: ExpectedDiag[] = [];
  private output = '';
  private ok = true;

  /** Scans the lines of `source` in [start, end) for expectations. */
  constructor(
    private readonly source: SourceFile,
    private readonly renderer: DiagnosticRenderer,
    start: number,
    end: number,
    private readonly onlyExpected = false,
  ) {
    const text = source.text;
    const firstLine = source.lineCol(start).line;
    const lines = text.slice(start, end).split('\n');
    // Lines holding a designator, to resolve @above/@below.
    const isDesignatorLine = lines.map((l) => EXPECTED_RE.test(l.replace(/\r$/, '')));
    let lineOffset = start;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i].replace(/\r$/, '');
      const m = EXPECTED_RE.exec(line);
      if (m) {
        const kind = m[1] as Severity;
        const isRegex = m[2] !== undefined;
        const at = m[4];
        let target = firstLine + i;
        if (at === 'unknown') target = 0;
        else if (at === 'above') {
          let j = i - 1;
          while (j >= 0 && isDesignatorLine[j]) j--;
          target = firstLine + j;
        } else if (at === 'below') {
          let j = i + 1;
          while (j < lines.length && isDesignatorLine[j]) j++;
          target = firstLine + j;
        } else if (at !== undefined) target += Number(at);
        const message = m[5];
        const ed: ExpectedDiag = {
          kind,
          line: target,
          offset: lineOffset + m.index,
          message,
          regex: undefined,
          matched: false,
        };
        if (isRegex) {
          ed.regex = buildRegex(message);
          if (!ed.regex) {
            this.report(ed.offset, 'error', `invalid regex: ${message}`, message.length);
            continue;
          }
        }
        this.expected.push(ed);
      }
      lineOffset += lines[i].length + 1;
    }
  }

  private report(offset: number, severity: Severity, message: string, range = 0): void {
    this.ok = false;
    this.output += this.renderer.renderOne(this.source.location(offset), severity, message, true, range);
  }

  /** Handles one emitted diagnostic (and its notes). */
  process(d: Diagnostic): void {
    if (d.verbatim) {
      this.output += d.message;
      return;
    }
    this.processOne(d.location, d.severity, d.message);
    for (const n of d.notes) this.processOne(n.location, n.severity, n.message);
  }

  private processOne(loc: Location, kind: Severity, message: string): void {
    let line = -1;
    const flc = loc.fileLineCol();
    if (flc instanceof FileLineColLoc && flc.filename === this.source.name) line = flc.line;
    else if (loc instanceof UnknownLoc) line = 0;
    const matches = (e: ExpectedDiag): boolean =>
      e.line === line && (e.regex ? e.regex.test(message) : message.includes(e.message));
    for (const e of this.expected) {
      if (e.kind === kind && matches(e)) {
        e.matched = true;
        return;
      }
    }
    for (const e of this.expected) {
      if (matches(e)) {
        this.ok = false;
        this.output += this.renderer.renderOne(
          this.source.location(e.offset),
          'error',
          `'${kind}' diagnostic emitted when expecting a '${e.kind}'`,
        );
        return;
      }
    }
    if (this.onlyExpected) return;
    this.ok = false;
    this.output += this.renderer.renderOne(loc, 'error', `unexpected ${kind}: ${message}`);
  }

  /** Reports expectations that were never met; returns whether everything matched. */
  finish(): { ok: boolean; output: string } {
    for (const e of this.expected) {
      if (e.matched || e.line === 0) continue;
      this.report(e.offset, 'error', `expected ${e.kind} "${e.message}" was not produced`, e.message.length);
    }
    // @unknown expectations come last, at an unknown location, and (as in mlir-opt 22) twice.
    const unknown = this.expected.filter((e) => !e.matched && e.line === 0);
    for (let pass = 0; pass < 2; pass++)
      for (const e of unknown) {
        this.ok = false;
        this.output += this.renderer.renderOne(UnknownLoc.get(), 'error', `expected ${e.kind} "${e.message}" was not produced`);
      }
    return { ok: this.ok, output: this.output };
  }
}
