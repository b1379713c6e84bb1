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

  /** 1-based line and column of a byte offset. */
  lineCol(offset: number): { line: number; column: number } {
    const s = this.starts();
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - s[lo] + 1 };
  }

  location(offset: number): FileLineColLoc {
    const { line, column } = this.lineCol(offset);
    return FileLineColLoc.get(this.name, line, column);
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
