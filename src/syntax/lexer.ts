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

export interface Token {
  kind: Tok;
  /** Byte offset of the first character. */
  start: number;
  /** Byte offset one past the last character. */
  end: number;
}

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

/** Reports a lexing error at a byte offset. */
export type LexErrorSink = (offset: number, message: string) => void;

export class Lexer {
  private pos = 0;
  constructor(
    readonly source: string,
    private readonly onError: LexErrorSink,
    start = 0,
    private readonly limit = source.length,
  ) {
    this.pos = start;
  }

  /** The offset where lexing resumes. */
  get offset(): number {
    return this.pos;
  }

  resetTo(offset: number): void {
    this.pos = offset;
  }

  private form(kind: Tok, start: number): Token {
    return { kind, start, end: this.pos };
  }

  private error(at: number, message: string): Token {
    this.onError(at, message);
    return { kind: Tok.error, start: at, end: at };
  }

  private code(p: number): number {
    return p < this.limit ? this.source.charCodeAt(p) : 0;
  }

  next(): Token {
    const src = this.source;
    for (;;) {
      const start = this.pos;
      if (start >= this.limit) return { kind: Tok.eof, start: this.limit, end: this.limit };
      const c = src.charCodeAt(start);
      this.pos = start + 1;
      switch (c) {
        case Ch.space: case Ch.tab: case Ch.nl: case Ch.cr:
          continue;
        case 0:
          continue;
        case Ch.colon: return this.form(Tok.colon, start);
        case Ch.comma: return this.form(Tok.comma, start);
        case Ch.dot: {
          if (this.code(this.pos) !== Ch.dot || this.code(this.pos + 1) !== Ch.dot)
            return this.error(this.pos, 'expected three consecutive dots for an ellipsis');
          this.pos += 2;
          return this.form(Tok.ellipsis, start);
        }
        case Ch.lparen: return this.form(Tok.l_paren, start);
        case Ch.rparen: return this.form(Tok.r_paren, start);
        case Ch.lbrace:
          if (this.code(this.pos) === Ch.minus && this.code(this.pos + 1) === Ch.hash) {
            this.pos += 2;
            return this.form(Tok.file_metadata_begin, start);
          }
          return this.form(Tok.l_brace, start);
        case Ch.rbrace: return this.form(Tok.r_brace, start);
        case Ch.lsquare: return this.form(Tok.l_square, start);
        case Ch.rsquare: return this.form(Tok.r_square, start);
        case Ch.less: return this.form(Tok.less, start);
        case Ch.greater: return this.form(Tok.greater, start);
        case Ch.equal: return this.form(Tok.equal, start);
        case Ch.plus: return this.form(Tok.plus, start);
        case Ch.star: return this.form(Tok.star, start);
        case Ch.minus:
          if (this.code(this.pos) === Ch.greater) {
            this.pos++;
            return this.form(Tok.arrow, start);
          }
          return this.form(Tok.minus, start);
        case Ch.question: return this.form(Tok.question, start);
        case Ch.bar: return this.form(Tok.vertical_bar, start);
        case Ch.slash:
          if (this.code(this.pos) === Ch.slash) {
            this.skipComment();
            continue;
          }
          return this.error(start, 'unexpected character');
        case Ch.at: return this.lexAtIdentifier(start);
        case Ch.hash:
          if (this.code(this.pos) === Ch.minus && this.code(this.pos + 1) === Ch.rbrace) {
            this.pos += 2;
            return this.form(Tok.file_metadata_end, start);
          }
          return this.lexPrefixedIdentifier(start);
        case Ch.bang: case Ch.caret: case Ch.percent:
          return this.lexPrefixedIdentifier(start);
        case Ch.dquote: return this.lexString(start);
        case Ch.underscore: return this.lexBareIdentifier(start);
        default:
          if (isDigit(c)) return this.lexNumber(start);
          if (isAlpha(c)) return this.lexBareIdentifier(start);
          return this.error(start, 'unexpected character');
      }
    }
  }

  private skipComment(): void {
    const src = this.source;
    let p = this.pos + 1;
    while (p < this.limit) {
      const c = src.charCodeAt(p);
      if (c === Ch.nl || c === Ch.cr) break;
      p++;
    }
    this.pos = p;
  }

  private lexAtIdentifier(start: number): Token {
    const c = this.code(this.pos);
    this.pos++;
    if (c === Ch.dquote) {
      const str = this.lexString(this.pos - 1);
      if (str.kind === Tok.error) return str;
      return this.form(Tok.at_identifier, start);
    }
    if (!isAlpha(c) && c !== Ch.underscore)
      return this.error(this.pos - 1, "@ identifier expected to start with letter or '_'");
    while (isBareIdChar(this.code(this.pos))) this.pos++;
    return this.form(Tok.at_identifier, start);
  }

  private lexBareIdentifier(start: number): Token {
    const src = this.source;
    while (isBareIdChar(this.code(this.pos))) this.pos++;
    const len = this.pos - start;
    const c0 = src.charCodeAt(start);
    // i123, si456, ui789
    if (len > 1 && c0 === Ch.i && allDigits(src, start + 1, this.pos)) return this.form(Tok.inttype, start);
    if (len > 2 && (c0 === Ch.s || c0 === Ch.u) && src.charCodeAt(start + 1) === Ch.i && allDigits(src, start + 2, this.pos))
      return this.form(Tok.inttype, start);
    if (KEYWORDS.has(src.slice(start, this.pos))) return this.form(Tok.keyword, start);
    return this.form(Tok.bare_identifier, start);
  }

  private lexNumber(start: number): Token {
    const src = this.source;
    if (src.charCodeAt(start) === Ch.d0 && this.code(this.pos) === Ch.x) {
      if (!isHexDigit(this.code(this.pos + 1))) return this.form(Tok.integer, start);
      this.pos += 2;
      while (isHexDigit(this.code(this.pos))) this.pos++;
      return this.form(Tok.integer, start);
    }
    while (isDigit(this.code(this.pos))) this.pos++;
    if (this.code(this.pos) !== Ch.dot) return this.form(Tok.integer, start);
    this.pos++;
    while (isDigit(this.code(this.pos))) this.pos++;
    const e = this.code(this.pos);
    if (e === Ch.e || e === Ch.E) {
      const c1 = this.code(this.pos + 1);
      if (isDigit(c1) || ((c1 === Ch.minus || c1 === Ch.plus) && isDigit(this.code(this.pos + 2)))) {
        this.pos += 2;
        while (isDigit(this.code(this.pos))) this.pos++;
      }
    }
    return this.form(Tok.floatliteral, start);
  }

  private lexPrefixedIdentifier(start: number): Token {
    const prefix = this.source.charCodeAt(start);
    let kind: Tok;
    let errorKind: string;
    switch (prefix) {
      case Ch.hash: kind = Tok.hash_identifier; errorKind = 'invalid attribute name'; break;
      case Ch.percent: kind = Tok.percent_identifier; errorKind = 'invalid SSA name'; break;
      case Ch.caret: kind = Tok.caret_identifier; errorKind = 'invalid block name'; break;
      default: kind = Tok.exclamation_identifier; errorKind = 'invalid type identifier'; break;
    }
    const c = this.code(this.pos);
    if (isDigit(c)) {
      while (isDigit(this.code(this.pos))) this.pos++;
    } else if (isAlpha(c) || isIdPunct(c)) {
      do this.pos++;
      while (isAlpha(this.code(this.pos)) || isDigit(this.code(this.pos)) || isIdPunct(this.code(this.pos)));
    } else {
      return this.error(this.pos - 1, errorKind);
    }
    return this.form(kind, start);
  }

  private lexString(start: number): Token {
    const src = this.source;
    for (;;) {
      if (this.pos >= this.limit) return this.error(this.pos, 'expected \'"\' in string literal');
      const c = src.charCodeAt(this.pos++);
      switch (c) {
        case Ch.dquote:
          return this.form(Tok.string, start);
        case Ch.nl: case Ch.vt: case Ch.ff:
          return this.error(this.pos - 1, 'expected \'"\' in string literal');
        case Ch.backslash: {
          const n = this.code(this.pos);
          if (n === Ch.dquote || n === Ch.backslash || n === Ch.n || n === Ch.t) this.pos++;
          else if (isHexDigit(n) && isHexDigit(this.code(this.pos + 1))) this.pos += 2;
          else return this.error(this.pos - 1, 'unknown escape in string literal');
          continue;
        }
        default:
          continue;
      }
    }
  }
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
