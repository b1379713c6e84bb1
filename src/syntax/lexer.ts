// The lexer for MLIR's textual format. The source is a "byte string": every
// JavaScript char holds one byte of the file (latin1 decoding), so offsets and
// columns are byte-based exactly as in MLIR, and string literals keep their
// raw bytes.

export const enum Tok {
  eof,
  error,
  bare_identifier,
  keyword,
  at_identifier,
  hash_identifier,
  percent_identifier,
  caret_identifier,
  exclamation_identifier,
  floatliteral,
  integer,
  string,
  inttype,
  arrow,
  colon,
  comma,
  ellipsis,
  equal,
  greater,
  l_brace,
  l_paren,
  l_square,
  less,
  minus,
  plus,
  question,
  r_brace,
  r_paren,
  r_square,
  star,
  vertical_bar,
  file_metadata_begin,
  file_metadata_end,
  /** A lone `/`: no grammar rule takes it, so it ends in the rule's own "expected ..." error, as in MLIR. */
  slash,
}

/** Words the lexer reports as keywords rather than bare identifiers. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  'affine_map', 'affine_set', 'array', 'attributes', 'bf16', 'ceildiv', 'complex',
  'dense', 'dense_resource', 'distinct', 'f16', 'f32', 'f64', 'f80', 'f8E5M2',
  'f8E4M3', 'f8E4M3FN', 'f8E5M2FNUZ', 'f8E4M3FNUZ', 'f8E4M3B11FNUZ', 'f8E3M4',
  'f4E2M1FN', 'f6E2M3FN', 'f6E3M2FN', 'f8E8M0FNU', 'f128', 'false', 'floordiv',
  'for', 'func', 'index', 'loc', 'max', 'memref', 'min', 'mod', 'none', 'offset',
  'size', 'sparse', 'step', 'strided', 'symbol', 'tensor', 'tf32', 'to', 'token',
  'true', 'tuple', 'type', 'unit', 'vector',
]);

const enum Ch {
  tab = 9, nl = 10, vt = 11, ff = 12, cr = 13, space = 32, bang = 33, dquote = 34, hash = 35,
  dollar = 36, percent = 37, lparen = 40, rparen = 41, star = 42, plus = 43, comma = 44,
  minus = 45, dot = 46, slash = 47, d0 = 48, d9 = 57, colon = 58, less = 60, equal = 61,
  greater = 62, question = 63, at = 64, A = 65, E = 69, F = 70, Z = 90, lsquare = 91,
  backslash = 92, rsquare = 93, caret = 94, underscore = 95, a = 97, e = 101, f = 102,
  i = 105, n = 110, s = 115, t = 116, u = 117, x = 120, z = 122, lbrace = 123, bar = 124,
  rbrace = 125,
}

export function isDigit(c: number): boolean {
  return c >= Ch.d0 && c <= Ch.d9;
}
export function isAlpha(c: number): boolean {
  return (c >= Ch.a && c <= Ch.z) || (c >= Ch.A && c <= Ch.Z);
}
export function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= Ch.a && c <= Ch.f) || (c >= Ch.A && c <= Ch.F);
}
function isIdPunct(c: number): boolean {
  return c === Ch.dollar || c === Ch.dot || c === Ch.underscore || c === Ch.minus;
}
function isBareIdChar(c: number): boolean {
  return isAlpha(c) || isDigit(c) || c === Ch.underscore || c === Ch.dollar || c === Ch.dot;
}

/** Character classes, one byte per input byte, so the hot loops test one table entry instead of ranges. */
const enum Cls {
  blank = 1, // space, newline, tab, carriage return, NUL (skipped between tokens)
  bareId = 2, // letters, digits, `_`, `$`, `.`: the rest of a bare or `@` identifier
  suffixId = 4, // bareId plus `-`: the rest of a `%`, `#`, `^`, `!` identifier
  digit = 8,
}
const CLASS: Uint8Array = (() => {
  const t = new Uint8Array(256);
  for (const c of [Ch.space, Ch.nl, Ch.tab, Ch.cr, 0]) t[c] = Cls.blank;
  for (let c = 0; c < 256; c++) {
    if (isAlpha(c) || isDigit(c) || c === Ch.underscore || c === Ch.dollar || c === Ch.dot) t[c] |= Cls.bareId | Cls.suffixId;
    if (isDigit(c)) t[c] |= Cls.digit;
  }
  t[Ch.minus] |= Cls.suffixId;
  return t;
})();

/** The token kind of bytes that are always a one-character token (0: not one). */
const SINGLE: Uint8Array = (() => {
  const t = new Uint8Array(256);
  const pairs: [number, Tok][] = [
    [Ch.colon, Tok.colon], [Ch.comma, Tok.comma], [Ch.lparen, Tok.l_paren], [Ch.rparen, Tok.r_paren],
    [Ch.rbrace, Tok.r_brace], [Ch.lsquare, Tok.l_square], [Ch.rsquare, Tok.r_square], [Ch.less, Tok.less],
    [Ch.greater, Tok.greater], [Ch.equal, Tok.equal], [Ch.plus, Tok.plus], [Ch.star, Tok.star],
    [Ch.question, Tok.question], [Ch.bar, Tok.vertical_bar],
  ];
  for (const [c, k] of pairs) t[c] = k;
  return t;
})();

/**
 * A token kept after the lexer has moved on (`TokenParser.snapshot()`): only
 * the few paths that look back at an earlier token make one.
 */
export interface TokenSpan {
  readonly kind: Tok;
  readonly start: number;
  readonly end: number;
}

/**
 * Keywords by first character, so that recognising one needs no string per
 * bare identifier: a length test and a `startsWith` against a few candidates.
 */
const KEYWORDS_BY_FIRST: readonly (readonly string[] | undefined)[] = (() => {
  const table: string[][] = [];
  for (const w of KEYWORDS) (table[w.charCodeAt(0)] ??= []).push(w);
  return table;
})();

/**
 * The lexer. It holds the current token in its own fields (`tokKind`,
 * `tokStart`, `tokEnd`) instead of making an object per token: code that
 * needs a token after the next `lex()` keeps the fields it needs. The token
 * parser (token-parser.ts) extends it, so the fields are read straight off the
 * parser. Lexing errors go to `lexError`, which the subclass reports.
 */
export abstract class Lexer {
  /** The kind of the current token. */
  tokKind: Tok = Tok.eof;
  /** Byte offset of the current token's first character. */
  tokStart = 0;
  /** Byte offset one past the current token's last character. */
  tokEnd = 0;
  /** Where lexing resumes. */
  private lexPos: number;

  constructor(
    /** The whole buffer as a byte string (one char per byte). */
    readonly src: string,
    start: number,
    private readonly lexLimit: number,
  ) {
    this.lexPos = start;
  }

  /** Reports a lexing error at a byte offset (the token becomes `Tok.error`). */
  protected abstract lexError(offset: number, message: string): void;

  /** The offset where lexing resumes. */
  get lexOffset(): number {
    return this.lexPos;
  }

  /** Where lexing stops (the end of the buffer or of its chunk). */
  get lexEnd(): number {
    return this.lexLimit;
  }

  /** Moves lexing to `offset`; the next `lex()` reads the token there. */
  lexFrom(offset: number): void {
    this.lexPos = offset;
  }

  private setTok(kind: Tok, start: number): void {
    this.tokKind = kind;
    this.tokStart = start;
    this.tokEnd = this.lexPos;
  }

  private failTok(at: number, message: string): void {
    this.lexError(at, message);
    this.tokKind = Tok.error;
    this.tokStart = at;
    this.tokEnd = at;
  }

  private byteAt(p: number): number {
    return p < this.lexLimit ? this.src.charCodeAt(p) : 0;
  }

  /** Reads the next token into the token fields. */
  lex(): void {
    const src = this.src;
    const limit = this.lexLimit;
    for (;;) {
      // Blanks in a tight loop: indentation is most of the bytes of printed IR.
      let start = this.lexPos;
      let c = 0;
      while (start < limit && CLASS[(c = src.charCodeAt(start))] === Cls.blank) start++;
      if (start >= limit) {
        this.lexPos = limit;
        this.tokKind = Tok.eof;
        this.tokStart = this.tokEnd = limit;
        return;
      }
      // (Bytes only: a char above 255 reads undefined, which is no class and no token.)
      const single = SINGLE[c];
      if (single > 0) {
        this.tokKind = single;
        this.tokStart = start;
        this.tokEnd = this.lexPos = start + 1;
        return;
      }
      this.lexPos = start + 1;
      switch (c) {
        case Ch.percent: return this.lexPrefixedIdentifier(start, c);
        case Ch.dot: {
          if (this.byteAt(this.lexPos) !== Ch.dot || this.byteAt(this.lexPos + 1) !== Ch.dot)
            return this.failTok(this.lexPos, 'expected three consecutive dots for an ellipsis');
          this.lexPos += 2;
          return this.setTok(Tok.ellipsis, start);
        }
        case Ch.lbrace:
          if (this.byteAt(this.lexPos) === Ch.minus && this.byteAt(this.lexPos + 1) === Ch.hash) {
            this.lexPos += 2;
            return this.setTok(Tok.file_metadata_begin, start);
          }
          return this.setTok(Tok.l_brace, start);
        case Ch.minus:
          if (this.byteAt(this.lexPos) === Ch.greater) {
            this.lexPos++;
            return this.setTok(Tok.arrow, start);
          }
          return this.setTok(Tok.minus, start);
        case Ch.slash:
          if (this.byteAt(this.lexPos) === Ch.slash) {
            this.skipComment();
            continue;
          }
          return this.setTok(Tok.slash, start);
        case Ch.at: return this.lexAtIdentifier(start);
        case Ch.hash:
          if (this.byteAt(this.lexPos) === Ch.minus && this.byteAt(this.lexPos + 1) === Ch.rbrace) {
            this.lexPos += 2;
            return this.setTok(Tok.file_metadata_end, start);
          }
          return this.lexPrefixedIdentifier(start, c);
        case Ch.bang: case Ch.caret:
          return this.lexPrefixedIdentifier(start, c);
        case Ch.dquote: return this.lexString(start);
        case Ch.underscore: return this.lexBareIdentifier(start);
        default:
          if (isDigit(c)) return this.lexNumber(start);
          if (isAlpha(c)) return this.lexBareIdentifier(start);
          return this.failTok(start, 'unexpected character');
      }
    }
  }

  private skipComment(): void {
    const src = this.src;
    let p = this.lexPos + 1;
    while (p < this.lexLimit) {
      const c = src.charCodeAt(p);
      if (c === Ch.nl || c === Ch.cr) break;
      p++;
    }
    this.lexPos = p;
  }

  private lexAtIdentifier(start: number): void {
    const c = this.byteAt(this.lexPos);
    this.lexPos++;
    if (c === Ch.dquote) {
      this.lexString(this.lexPos - 1);
      if (this.tokKind === Tok.error) return;
      return this.setTok(Tok.at_identifier, start);
    }
    if (!isAlpha(c) && c !== Ch.underscore)
      return this.failTok(this.lexPos - 1, "@ identifier expected to start with letter or '_'");
    while (isBareIdChar(this.byteAt(this.lexPos))) this.lexPos++;
    return this.setTok(Tok.at_identifier, start);
  }

  private lexBareIdentifier(start: number): void {
    const src = this.src;
    const limit = this.lexLimit;
    let end = this.lexPos;
    while (end < limit && (CLASS[src.charCodeAt(end)] & Cls.bareId) !== 0) end++;
    this.lexPos = end;
    const len = end - start;
    const c0 = src.charCodeAt(start);
    // i123, si456, ui789
    if (len > 1 && c0 === Ch.i && allDigits(src, start + 1, end)) return this.setTok(Tok.inttype, start);
    if (len > 2 && (c0 === Ch.s || c0 === Ch.u) && src.charCodeAt(start + 1) === Ch.i && allDigits(src, start + 2, end))
      return this.setTok(Tok.inttype, start);
    const candidates = KEYWORDS_BY_FIRST[c0];
    if (candidates !== undefined) {
      for (let k = 0; k < candidates.length; k++) {
        const w = candidates[k];
        if (w.length === len && sameBytes(src, start, w)) return this.setTok(Tok.keyword, start);
      }
    }
    return this.setTok(Tok.bare_identifier, start);
  }

  private lexNumber(start: number): void {
    const src = this.src;
    if (src.charCodeAt(start) === Ch.d0 && this.byteAt(this.lexPos) === Ch.x) {
      if (!isHexDigit(this.byteAt(this.lexPos + 1))) return this.setTok(Tok.integer, start);
      this.lexPos += 2;
      while (isHexDigit(this.byteAt(this.lexPos))) this.lexPos++;
      return this.setTok(Tok.integer, start);
    }
    while (isDigit(this.byteAt(this.lexPos))) this.lexPos++;
    if (this.byteAt(this.lexPos) !== Ch.dot) return this.setTok(Tok.integer, start);
    this.lexPos++;
    while (isDigit(this.byteAt(this.lexPos))) this.lexPos++;
    const e = this.byteAt(this.lexPos);
    if (e === Ch.e || e === Ch.E) {
      const c1 = this.byteAt(this.lexPos + 1);
      if (isDigit(c1) || ((c1 === Ch.minus || c1 === Ch.plus) && isDigit(this.byteAt(this.lexPos + 2)))) {
        this.lexPos += 2;
        while (isDigit(this.byteAt(this.lexPos))) this.lexPos++;
      }
    }
    return this.setTok(Tok.floatliteral, start);
  }

  private lexPrefixedIdentifier(start: number, prefix: number): void {
    const src = this.src;
    const limit = this.lexLimit;
    let p = this.lexPos;
    const c = p < limit ? src.charCodeAt(p) : 0;
    if (isDigit(c)) {
      do p++;
      while (p < limit && isDigit(src.charCodeAt(p)));
      this.lexPos = p;
    } else if (isAlpha(c) || isIdPunct(c)) {
      do p++;
      while (p < limit && (CLASS[src.charCodeAt(p)] & Cls.suffixId) !== 0);
      this.lexPos = p;
    } else {
      const errorKind =
        prefix === Ch.hash ? 'invalid attribute name'
        : prefix === Ch.percent ? 'invalid SSA name'
        : prefix === Ch.caret ? 'invalid block name'
        : 'invalid type identifier';
      return this.failTok(this.lexPos - 1, errorKind);
    }
    const kind =
      prefix === Ch.percent ? Tok.percent_identifier
      : prefix === Ch.hash ? Tok.hash_identifier
      : prefix === Ch.caret ? Tok.caret_identifier
      : Tok.exclamation_identifier;
    return this.setTok(kind, start);
  }

  private lexString(start: number): void {
    const src = this.src;
    for (;;) {
      if (this.lexPos >= this.lexLimit) return this.failTok(this.lexPos, 'expected \'"\' in string literal');
      const c = src.charCodeAt(this.lexPos++);
      switch (c) {
        case Ch.dquote:
          return this.setTok(Tok.string, start);
        case Ch.nl: case Ch.vt: case Ch.ff:
          return this.failTok(this.lexPos - 1, 'expected \'"\' in string literal');
        case Ch.backslash: {
          const n = this.byteAt(this.lexPos);
          if (n === Ch.dquote || n === Ch.backslash || n === Ch.n || n === Ch.t) this.lexPos++;
          else if (isHexDigit(n) && isHexDigit(this.byteAt(this.lexPos + 1))) this.lexPos += 2;
          else return this.failTok(this.lexPos - 1, 'unknown escape in string literal');
          continue;
        }
        default:
          continue;
      }
    }
  }
}

/** True if `src` holds `word` at `at` (no substring made). */
function sameBytes(src: string, at: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (src.charCodeAt(at + k) !== word.charCodeAt(k)) return false;
  return true;
}

function allDigits(src: string, from: number, to: number): boolean {
  for (let p = from; p < to; p++) if (!isDigit(src.charCodeAt(p))) return false;
  return true;
}

/** Decodes the body of a string token (with its quotes) to its byte string. */
export function decodeStringLiteral(src: string, start: number, end: number): string {
  // Fast path: no escapes.
  const body = src.slice(start + 1, end - 1);
  if (body.indexOf('\\') < 0) return body;
  let out = '';
  for (let p = 0; p < body.length; p++) {
    const c = body[p];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = body[++p];
    if (n === '"' || n === '\\') out += n;
    else if (n === 'n') out += '\n';
    else if (n === 't') out += '\t';
    else {
      out += String.fromCharCode(parseInt(body.substr(p, 2), 16));
      p++;
    }
  }
  return out;
}
