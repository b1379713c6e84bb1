// Extended symbols (`!alias`, `#alias`, `!dialect.mnemonic<...>`,
// `#dialect<"...">`): scanning their bodies and handing them to dialect hooks.
// Shared by type-parser.ts and attribute-parser.ts, below both.

import { Tok } from './lexer.js';
import type { Parser } from './parser.js';
import type { DialectAsmParser } from '../ir/op-asm.js';

/** Re-lexes from `offset` (used to split tokens like `x4xf32`). */
export function relexAt(p: Parser, offset: number, prevEnd = offset): void {
  p.relexAt(offset, prevEnd);
}

export interface ExtendedSymbol {
  /** Identifier without the prefix (`foo.bar`). */
  identifier: string;
  /** Offset of the `!`/`#` token. */
  loc: number;
  /**
   * Where mlir-opt reports the symbol as a whole (an unregistered dialect):
   * the data of a pretty name (`bar` in `!foo.bar`), else the `!`/`#` token.
   */
  reportLoc: number;
  /** Set when the symbol is an alias reference. */
  alias: boolean;
  dialect: string;
  /** The symbol data (`bar<1>` for `!foo.bar<1>`, `"x"` for `!foo<"x">`). */
  data: string;
  dataStart: number;
  dataEnd: number;
}

/**
 * Scans a `<...>` body starting at the current `<` token (adjacent to the
 * previous token), returning the offset just past the matching `>`.
 */
export function scanDialectBody(p: Parser): number {
  const src = p.src;
  const end = p.src.length;
  let pos = p.tokStart;
  const stack: string[] = [];
  let errLoc = p.tokStart;
  const punctError = (): never => p.error(`unbalanced '${stack[stack.length - 1]}' character in pretty dialect name`, errLoc);
  const check = (open: string): void => {
    if (stack[stack.length - 1] !== open) punctError();
    stack.pop();
  };
  do {
    if (pos >= end) {
      if (stack.length) punctError();
      p.error('unexpected nul or EOF in pretty dialect name', errLoc);
    }
    const c = src[pos++];
    switch (c) {
      case '\0':
        if (stack.length) punctError();
        p.error('unexpected nul or EOF in pretty dialect name', errLoc);
        break;
      case '<':
      case '[':
      case '(':
      case '{':
        stack.push(c);
        continue;
      case '-':
        if (src[pos] === '>') pos++;
        continue;
      case '>':
        check('<');
        break;
      case ']':
        check('[');
        break;
      case ')':
        check('(');
        break;
      case '}':
        check('{');
        break;
      case '"': {
        relexAt(p, pos - 1);
        if (p.tokKind !== Tok.string) p.error('expected string literal');
        errLoc = p.tokStart;
        pos = p.tokEnd;
        break;
      }
      default:
        continue;
    }
  } while (stack.length);
  return pos;
}

/** Parses the `!foo.bar<...>` / `#foo<...>` / `!alias` token(s); current token is the identifier. */
export function parseExtendedSymbolToken(p: Parser): ExtendedSymbol {
  const tokStart = p.tokStart;
  const tokEnd = p.tokEnd;
  const identifier = p.src.slice(tokStart + 1, tokEnd);
  const loc = tokStart;
  p.consume();
  const dot = identifier.indexOf('.');
  const dialect = dot < 0 ? identifier : identifier.slice(0, dot);
  const isPretty = dot >= 0;
  const hasTrailing = p.tokKind === Tok.less && p.tokStart === tokEnd;
  if (!hasTrailing && !isPretty) return { identifier, loc, reportLoc: loc, alias: true, dialect, data: '', dataStart: tokEnd, dataEnd: tokEnd };
  let dataStart: number;
  let dataEnd: number;
  if (!isPretty) {
    const after = scanDialectBody(p);
    dataStart = tokEnd + 1;
    dataEnd = after - 1;
    relexAt(p, after);
  } else if (hasTrailing) {
    const after = scanDialectBody(p);
    dataStart = tokStart + 1 + dot + 1;
    dataEnd = after;
    relexAt(p, after);
  } else {
    dataStart = tokStart + 1 + dot + 1;
    dataEnd = tokEnd;
  }
  return { identifier, loc, reportLoc: isPretty ? dataStart : loc, alias: false, dialect, data: p.src.slice(dataStart, dataEnd), dataStart, dataEnd };
}

/** Builds the parser view a dialect hook receives for a symbol. */
export function makeDialectAsmParser(p: Parser, sym: ExtendedSymbol): DialectAsmParser {
  // Lazy import avoided: Parser is constructed through the outer parser's class.
  const Ctor = p.constructor as new (state: Parser['state'], start: number, end: number) => Parser;
  const parser = new Ctor(p.state, sym.dataStart, sym.dataEnd);
  const m = /^[A-Za-z_][A-Za-z0-9_$.]*/.exec(sym.data);
  return {
    parser,
    dialect: sym.dialect,
    mnemonic: m ? m[0] : '',
    body: sym.data,
    bodyStart: sym.dataStart,
    bodyEnd: sym.dataEnd,
    nameLoc: sym.loc,
  };
}

export function unregisteredMessage(prefix: '!' | '#', dialect: string, data: string, suffix: string): string {
  const what = prefix === '!' ? 'type' : 'attribute';
  const body = `${prefix}"${dialect}"<"${data}">`;
  return `${prefix === '!' ? '`' + body + '`' : body + suffix} ${what} created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used`;
}

