// A source buffer: the byte string of a file plus the map from offsets to lines.

import { FileLineColLoc } from '../ir/location.js';

// Text from the API arrives as JavaScript (UTF-16) strings; the lexer and the
// printer work on byte strings (one char per UTF-8 byte). The conversions are
// written out rather than taken from TextEncoder/TextDecoder, which a bare
// JavaScript engine (no Web or Node APIs) does not have.

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** A JavaScript string as its UTF-8 bytes in a byte string (lone surrogates become U+FFFD). */
export function byteStringFromText(text: string): string {
  if (isAscii(text)) return text;
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else c = 0xfffd;
    } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return byteStringFromBytes(Uint8Array.from(out));
}

/** Bytes as a byte string (one char per byte). */
export function byteStringFromBytes(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let out = '';
  for (let i = 0; i < bytes.length; i += CHUNK) out += String.fromCharCode(...bytes.subarray(i, Math.min(i + CHUNK, bytes.length)));
  return out;
}

/** A byte string of UTF-8 (as the printer writes) as a JavaScript string; invalid sequences become U+FFFD. */
export function textFromByteString(s: string): string {
  if (isAscii(s)) return s;
  let out = '';
  for (let i = 0; i < s.length; ) {
    const b = s.charCodeAt(i);
    const n = b < 0x80 ? 0 : b >= 0xf0 && b < 0xf8 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : -1;
    if (n === 0) {
      out += s[i++];
      continue;
    }
    if (n < 0 || i + n >= s.length) {
      out += '\ufffd';
      i++;
      continue;
    }
    let c = b & (0x3f >> n);
    let ok = true;
    for (let k = 1; k <= n; k++) {
      const x = s.charCodeAt(i + k);
      if ((x & 0xc0) !== 0x80) {
        ok = false;
        break;
      }
      c = (c << 6) | (x & 63);
    }
    if (!ok) {
      out += '\ufffd';
      i++;
      continue;
    }
    out += String.fromCodePoint(c);
    i += n + 1;
  }
  return out;
}

export class SourceFile {
  /** A source from a JavaScript (UTF-16) string, e.g. text a user passed to the API. */
  static fromText(name: string, text: string): SourceFile {
    return new SourceFile(name, byteStringFromText(text));
  }

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
