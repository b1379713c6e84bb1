// The token-level parser shared by every part of the textual format: it owns
// the lexer, the current token, the alias tables and error reporting. It sits
// below the type, attribute and location parsers (type-parser.ts,
// attribute-parser.ts), which reach each other only through the abstract
// methods declared here; parser.ts binds them. This keeps the run-time import
// graph of src/syntax acyclic.

import type { Attribute, Type } from '../ir/attributes.js';
import type { DistinctAttr } from '../ir/builtin-attributes.js';
import type { Context } from '../ir/context.js';
import type { Location } from '../ir/location.js';
import { Lexer, Tok, type TokenSpan, decodeStringLiteral } from './lexer.js';
import type { SourceFile } from './source.js';

/** Thrown to unwind the parser after a diagnostic has been emitted. */
export class ParseAbort extends Error {
  constructor() {
    super('parse aborted');
  }
}

/** State shared by all parsers of one buffer (nested parsers for dialect syntax reuse it). */
export interface ParserState {
  readonly ctx: Context;
  readonly source: SourceFile;
  readonly attributeAliases: Map<string, Attribute>;
  readonly typeAliases: Map<string, Type>;
  /** Location aliases used before their definition (`loc(#loc3)`), resolved at the end of the file. */
  readonly deferredLocations: { name: string; offset: number; resolve: (loc: Location) => void }[];
  /** `distinct[N]<...>` attributes seen so far, by N (made on first use). */
  distinctAttributes?: Map<bigint, DistinctAttr>;
}

/** A saved parser position (`mark`/`reset`). */
export interface ParserMark {
  readonly kind: Tok;
  readonly start: number;
  readonly end: number;
  readonly prevEnd: number;
  readonly offset: number;
}

export abstract class TokenParser extends Lexer {
  /** The end offset of the previous token (for errors reported "after" it). */
  prevEnd: number;

  constructor(
    readonly state: ParserState,
    start = 0,
    end = state.source.text.length,
  ) {
    super(state.source.text, start, end);
    this.prevEnd = start;
  }

  /**
   * Reads the first token. The most-derived constructor calls it last: the
   * lexer's optimized code then only meets the parser in its final shape (a
   * parser still under construction has other maps, and a second parse in a
   * process would deoptimize the lexer on its first token).
   */
  protected lexFirstToken(): void {
    this.lex();
    if (this.tokKind === Tok.error) throw new ParseAbort();
  }

  get ctx(): Context {
    return this.state.ctx;
  }

  protected lexError(offset: number, message: string): void {
    this.emitErrorAt(offset, message);
  }

  // ---- tokens

  /** The spelling of the current token. */
  get text(): string {
    return this.src.slice(this.tokStart, this.tokEnd);
  }
  /** The spelling of a kept token. */
  tokenText(t: TokenSpan): string {
    return this.src.slice(t.start, t.end);
  }
  /** The current token, kept (for the paths that need it after `consume()`). */
  snapshot(): TokenSpan {
    return { kind: this.tokKind, start: this.tokStart, end: this.tokEnd };
  }
  is(kind: Tok): boolean {
    return this.tokKind === kind;
  }
  /** True if the current token is the keyword (or bare identifier) `word`. */
  isKeyword(word: string): boolean {
    const k = this.tokKind;
    return (
      (k === Tok.keyword || k === Tok.bare_identifier || k === Tok.inttype) &&
      this.tokEnd - this.tokStart === word.length &&
      this.src.startsWith(word, this.tokStart)
    );
  }
  consume(): void {
    this.prevEnd = this.tokEnd;
    this.lex();
    if (this.tokKind === Tok.error) throw new ParseAbort();
  }
  consumeIf(kind: Tok): boolean {
    if (this.tokKind !== kind) return false;
    this.consume();
    return true;
  }
  consumeKeywordIf(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.consume();
    return true;
  }
  /** Consumes a token of `kind` or reports `message` as MLIR's parseToken does. */
  expect(kind: Tok, message: string): void {
    if (this.tokKind === kind) this.consume();
    else this.errorWrongToken(message);
  }
  /** Re-lexes from `offset` (used to split tokens like `x4xf32`). */
  relexAt(offset: number, prevEnd = offset): void {
    this.lexFrom(offset);
    this.prevEnd = prevEnd;
    this.lex();
    if (this.tokKind === Tok.error) throw new ParseAbort();
  }
  /** A snapshot of the position, for bounded lookahead. */
  mark(): ParserMark {
    return { kind: this.tokKind, start: this.tokStart, end: this.tokEnd, prevEnd: this.prevEnd, offset: this.lexOffset };
  }
  reset(m: ParserMark): void {
    this.tokKind = m.kind;
    this.tokStart = m.start;
    this.tokEnd = m.end;
    this.prevEnd = m.prevEnd;
    this.lexFrom(m.offset);
  }

  // ---- literal values

  /** The decoded bytes of the current string token. */
  stringValue(): string {
    return decodeStringLiteral(this.src, this.tokStart, this.tokEnd);
  }
  /** The symbol name of an `@foo` or `@"foo"` token. */
  symbolValue(): string {
    const start = this.tokStart;
    if (this.src.charCodeAt(start + 1) === 34) return decodeStringLiteral(this.src, start + 1, this.tokEnd);
    return this.src.slice(start + 1, this.tokEnd);
  }
  /** The value of an integer token (decimal or hex), as a bigint. */
  integerValue(): bigint {
    return BigInt(this.text);
  }

  // ---- diagnostics

  location(offset: number = this.tokStart): Location {
    return this.state.source.location(offset);
  }
  emitErrorAt(offset: number, message: string): void {
    // As MLIR's Parser::emitError: at a token the lexer rejected, the lexer's
    // error is the one reported (it is emitted before the token is marked).
    if (this.tokKind === Tok.error) return;
    this.ctx.diagnostics.emit('error', this.state.source.location(offset), message);
  }
  /** Reports an error at `offset` (the current token by default) and aborts. */
  error(message: string, offset?: number): never {
    if (offset === undefined) {
      // At the end of the buffer MLIR reports one character back.
      offset = this.tokStart;
      if (this.tokKind === Tok.eof && offset > 0) offset--;
    }
    this.emitErrorAt(offset, message);
    throw new ParseAbort();
  }
  /**
   * Reports an error about the current token the way MLIR does for unexpected
   * tokens: at the end of the previous non-blank, non-comment text when the
   * token starts a new line.
   */
  errorWrongToken(message: string): never {
    this.error(message, this.wrongTokenOffset());
  }
  /** Reports like errorWrongToken without aborting (for a parser that adds its own error next). */
  emitWrongTokenError(message: string): void {
    this.emitErrorAt(this.wrongTokenOffset(), message);
  }
  private wrongTokenOffset(): number {
    const src = this.src;
    let loc = this.tokStart;
    if (this.tokKind === Tok.eof && loc > 0) loc--;
    const original = loc;
    let end = loc; // exclusive end of the text we back up through
    for (;;) {
      while (end > 0 && (src.charCodeAt(end - 1) === 32 || src.charCodeAt(end - 1) === 9)) end--;
      if (end === 0) return original;
      const c = src.charCodeAt(end - 1);
      if (c !== 10 && c !== 13) return end;
      end--;
      let lineStart = end;
      while (lineStart > 0 && src.charCodeAt(lineStart - 1) !== 10 && src.charCodeAt(lineStart - 1) !== 13) lineStart--;
      // The line we are backing into: MLIR keeps the newline before it in the searched text.
      const searchFrom = lineStart > 0 ? lineStart - 1 : 0;
      const comment = src.slice(searchFrom, end).indexOf('//');
      if (comment >= 0) end = searchFrom + comment;
    }
  }

  // ---- types, attributes and locations (bound by Parser in parser.ts)

  abstract parseType(): Type;
  abstract parseOptionalType(): Type | undefined;
  abstract parseAttribute(type?: Type): Attribute;
  abstract parseOptionalAttribute(type?: Type): Attribute | undefined;
  /** Parses `loc(...)` (the current token must be the `loc` keyword). */
  abstract parseLocationInstance(): Location;

  /** Parses a comma-separated list; `parseElement` is called for each element. */
  parseCommaSeparatedList(parseElement: () => void): void {
    parseElement();
    while (this.consumeIf(Tok.comma)) parseElement();
  }
  /**
   * Parses `open (elem (, elem)*)? close` (or with an empty list allowed).
   * `context` names what is parsed, for the error message.
   */
  parseDelimitedList(open: Tok, close: Tok, parseElement: () => void, context = '', allowEmpty = true): void {
    const closeSpelling = close === Tok.r_paren ? ')' : close === Tok.r_square ? ']' : close === Tok.greater ? '>' : '}';
    const openSpelling = open === Tok.l_paren ? '(' : open === Tok.l_square ? '[' : open === Tok.less ? '<' : '{';
    this.expect(open, `expected '${openSpelling}'${context ? ' ' + context : ''}`);
    if (allowEmpty && this.consumeIf(close)) return;
    this.parseCommaSeparatedList(parseElement);
    this.expect(close, `expected ',' or '${closeSpelling}'${context ? ' ' + context : ''}`);
  }
}

export { Tok };
