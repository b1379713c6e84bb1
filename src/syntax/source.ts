// A source buffer: the byte string of a file plus the map from offsets to lines.

import { FileLineColLoc } from '../ir/location.js';

export class SourceFile {
  private lineStarts: number[] | undefined;
  constructor(
    /** The name diagnostics use, as given on the command line. */
    readonly name: string,
    /** The whole file as a byte string (one char per byte). */
    readonly text: string,
  ) {}

  private starts(): number[] {
    if (!this.lineStarts) {
      const s = [0];
      const t = this.text;
      for (let i = t.indexOf('\n'); i >= 0; i = t.indexOf('\n', i + 1)) s.push(i + 1);
      this.lineStarts = s;
    }
    return this.lineStarts;
  }

  /** The parser asks in increasing order: the last line found is usually right or next. */
  private lastLine = 0;

  /** The 0-based index of the line holding `offset`. */
  private lineIndex(offset: number): number {
    const s = this.starts();
    const last = this.lastLine;
    if (s[last] <= offset) {
      if (last + 1 >= s.length || offset < s[last + 1]) return last;
      if (last + 2 >= s.length || offset < s[last + 2]) return (this.lastLine = last + 1);
    }
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return (this.lastLine = lo);
  }

  /** 1-based line and column of a byte offset. */
  lineCol(offset: number): { line: number; column: number } {
    const i = this.lineIndex(offset);
    return { line: i + 1, column: offset - this.starts()[i] + 1 };
  }

  location(offset: number): FileLineColLoc {
    const i = this.lineIndex(offset);
    return FileLineColLoc.get(this.name, i + 1, offset - this.lineStarts![i] + 1);
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    const s = this.starts();
    if (line < 1 || line > s.length) return '';
    const start = s[line - 1];
    let end = line < s.length ? s[line] - 1 : this.text.length;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return this.text.slice(start, end);
  }
}
