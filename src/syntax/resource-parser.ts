// The resource sections of file metadata (`{-# dialect_resources: {...},
// external_resources: {...} #-}`), read as MLIR's TopLevelOperationParser does:
// blobs for the dialects that take resources (builtin, test), and any group of
// external resources, which mlir-opt keeps and prints back.

import { resourceStore, type ResourceValue } from '../ir/resources.js';
import { Tok, type TokenSpan, decodeStringLiteral } from './lexer.js';
import type { Parser } from './parser.js';

/** Dialects with a resource handler (OpAsmDialectInterface) in mlir-opt 22, among those scfkit knows. */
const RESOURCE_DIALECTS = new Set(['builtin', 'test']);

function isKeyword(p: Parser): boolean {
  return p.is(Tok.bare_identifier) || p.is(Tok.keyword);
}

/** `{ name: { entries }, ... }` after `dialect_resources:` or `external_resources:`. */
export function parseResourceSection(p: Parser, kind: 'dialect_resources' | 'external_resources'): void {
  p.parseDelimitedList(Tok.l_brace, Tok.r_brace, () => {
    const nameLoc = p.tokStart;
    if (!isKeyword(p)) p.error("expected identifier key for 'resource' entry");
    const name = p.text;
    p.consume();
    p.expect(Tok.colon, "expected ':'");
    p.expect(Tok.l_brace, "expected '{'");
    if (kind === 'dialect_resources') parseDialectResources(p, name, nameLoc);
    else parseExternalResources(p, name);
  });
}

/** Entries up to the closing `}` (which may come at once). */
function parseEntriesUntilBrace(p: Parser, parseEntry: () => void): void {
  if (p.consumeIf(Tok.r_brace)) return;
  p.parseCommaSeparatedList(parseEntry);
  p.expect(Tok.r_brace, "expected ',' or '}'");
}

function parseKeyOrString(p: Parser, what: string): string {
  let key: string;
  if (p.is(Tok.string)) key = p.stringValue();
  else if (isKeyword(p)) key = p.text;
  else p.error(`expected identifier key for '${what}' entry`);
  p.consume();
  return key;
}

function parseDialectResources(p: Parser, dialect: string, nameLoc: number): void {
  if (dialect !== 'builtin' && !p.ctx.getDialect(dialect)) p.error(`dialect '${dialect}' is unknown`, nameLoc);
  if (!RESOURCE_DIALECTS.has(dialect)) p.error(`unexpected 'resource' section for dialect '${dialect}'`);
  parseEntriesUntilBrace(p, () => {
    const key = parseKeyOrString(p, 'resource');
    p.expect(Tok.colon, "expected ':'");
    const value = p.snapshot();
    p.consume();
    const hex = blobValue(p, key, value);
    // Test dialect blobs only feed test attributes scfkit does not model: checked, then dropped.
    if (dialect === 'builtin') resourceStore(p.ctx).builtinBlobs.set(key, hex);
  });
}

function parseExternalResources(p: Parser, group: string): void {
  parseEntriesUntilBrace(p, () => {
    const key = parseKeyOrString(p, 'external_resources');
    p.expect(Tok.colon, "expected ':'");
    const value = p.snapshot();
    p.consume();
    resourceStore(p.ctx).addExternal(group, key, externalValue(p, key, value));
  });
}

/** The kind MLIR infers from the value token: bool, blob (`"0x...`) or string. */
function externalValue(p: Parser, key: string, tok: TokenSpan): ResourceValue {
  const spelling = p.tokenText(tok);
  if (tok.kind === Tok.keyword && (spelling === 'true' || spelling === 'false')) return { kind: 'bool', value: spelling === 'true' };
  if (spelling.startsWith('"0x')) return { kind: 'blob', hex: blobValue(p, key, tok) };
  if (tok.kind !== Tok.string) p.error(`expected string value for key '${key}'`, tok.start);
  return { kind: 'string', value: decodeString(p, tok) };
}

function decodeString(p: Parser, tok: TokenSpan): string {
  return decodeStringLiteral(p.src, tok.start, tok.end);
}

/** A hex blob `"0x<alignment: 4 bytes LE><data>"`, checked as MLIR does; returns it as printed (upper case). */
function blobValue(p: Parser, key: string, tok: TokenSpan): string {
  const spelling = p.tokenText(tok);
  const digits = spelling.slice(3, -1);
  const isHex = tok.kind === Tok.string && spelling.startsWith('"0x') && digits.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(digits);
  if (!isHex) p.error(`expected hex string blob for key '${key}'`, tok.start);
  if (digits.length < 8) p.error(`expected hex string blob for key '${key}' to encode alignment in first 4 bytes`, tok.start);
  let alignment = 0;
  for (let i = 3; i >= 0; i--) alignment = alignment * 256 + parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  if (alignment !== 0 && (alignment & (alignment - 1)) !== 0)
    p.error(`expected hex string blob for key '${key}' to encode alignment in first 4 bytes, but got non-power-of-2 value: ${alignment}`, tok.start);
  return '0x' + digits.toUpperCase();
}
