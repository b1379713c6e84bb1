// Turns the shared corpus into golden cases: (file, chunk, flag set).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { findOptInvocations, flagKey, hasVerifyDiagnostics, parseRunLines, splitMarkerOf } from './runlines.js';

/** Folders whose tests are for mlir-runner, not mlir-opt. */
const SKIPPED_DIRS = new Set(['Integration', 'mlir-runner']);

/**
 * Files whose ops are newer than MLIR 22 (upstream's early exits: scf.loop,
 * scf.break/continue, token execute_regions; llvm/llvm-project #166688,
 * #199535, #201129). mlir-opt 22 rejects them, so it cannot be the reference:
 * upstream's CHECK lines decide instead, under lit with scf-opt/scf-run
 * (lit-passing.txt). Integration/Dialect/SCF/early_exit.mlir is the fifth.
 */
export const UPSTREAM_CHECKED_FILES: ReadonlySet<string> = new Set([
  'Conversion/SCFToControlFlow/convert-early-exit-to-cfg.mlir',
  // Upstream's SCFToControlFlow refusing token execute_regions (same ops, same reason).
  'Conversion/SCFToControlFlow/convert-to-cfg-unsupported.mlir',
  'Dialect/SCF/lower-early-exit-invalid.mlir',
  'Dialect/SCF/lower-early-exit.mlir',
  // Its only chunks MLIR 22 could judge are the token ones (sccp through scf.break); the
  // first chunk needs the affine dialect, so the file fails lit: test/passes/sccp-early-exit.test.ts FileChecks those chunks.
  'Transforms/sccp-structured.mlir',
]);

export interface GoldenCase {
  /** Path inside the corpus, with `/` separators. */
  file: string;
  /** 0-based chunk index (0 when the flag set does not split). */
  chunk: number;
  /** Flags as first written in the RUN lines. */
  flags: string[];
  /**
   * Flags of the mlir-opt stages this one pipes into (`mlir-opt %s A | mlir-opt B`),
   * each fed the previous stage's stdout; empty for a single invocation.
   */
  then: string[][];
  /** Normalised flag string (`--x` spelling, order kept; stages joined by ` | `). */
  flagKey: string;
  /** `file<TAB>chunk<TAB>flagKey`: the ratchet key. */
  key: string;
  /** Chunk text padded with newlines/spaces so positions match the original file. */
  text: string;
  /** 1-based line where the chunk starts in the original file. */
  startLine: number;
  verify: boolean;
}

export function caseKey(file: string, chunk: number, key: string): string {
  return `${file}\t${chunk}\t${key}`;
}

/** All `.mlir` files meant for mlir-opt, sorted, as corpus-relative `/` paths. */
export function listCorpusFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, top: boolean): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (top && SKIPPED_DIRS.has(e.name)) continue;
        walk(join(dir, e.name), false);
      } else if (e.isFile() && e.name.endsWith('.mlir')) {
        const file = relative(root, join(dir, e.name)).split(sep).join('/');
        if (!UPSTREAM_CHECKED_FILES.has(file)) out.push(file);
      }
    }
  };
  walk(root, true);
  return out.sort();
}

export interface Chunk {
  /** Text of the chunk, without padding. */
  body: string;
  /** 1-based line and column where the body starts. */
  line: number;
  column: number;
}

/**
 * Splits like MLIR's splitAndProcessBuffer: at every occurrence of the marker,
 * anywhere in a line (MLIR 22 does the same, so `"J// -----` and `// ------` split too).
 */
export function splitChunks(source: string, marker: string): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  let line = 1;
  let column = 1;
  for (;;) {
    const at = source.indexOf(marker, start);
    const end = at < 0 ? source.length : at;
    chunks.push({ body: source.slice(start, end), line, column });
    if (at < 0) break;
    // Advance the line/column counters over the body and the marker.
    const consumed = source.slice(start, at + marker.length);
    const newlines = consumed.split('\n').length - 1;
    if (newlines > 0) {
      line += newlines;
      column = consumed.length - consumed.lastIndexOf('\n');
    } else {
      column += consumed.length;
    }
    start = at + marker.length;
  }
  return chunks;
}

/** Body preceded by padding so that its first character sits at (line, column). */
export function padChunk(chunk: Chunk): string {
  return '\n'.repeat(chunk.line - 1) + ' '.repeat(chunk.column - 1) + chunk.body;
}

export interface CorpusFileCases {
  file: string;
  /** RUN commands found (after joining continuations). */
  runCommands: number;
  /** Distinct flag sets (and pipelines of them), by key, in first-seen order. */
  flagSets: { flags: string[]; then: string[][]; flagKey: string }[];
  cases: GoldenCase[];
}

/** Cases of one file, from its source text. */
export function casesForFile(file: string, source: string): CorpusFileCases {
  const commands = parseRunLines(source);
  const seen = new Map<string, { flags: string[]; then: string[][] }>();
  const add = (stages: string[][]): void => {
    // No trailing space when the last stage has no flags: editors strip it.
    const k = stages.map(flagKey).join(' | ').trimEnd();
    if (!seen.has(k)) seen.set(k, { flags: stages[0], then: stages.slice(1) });
  };
  for (const command of commands) {
    const invs = findOptInvocations(command);
    // Every invocation on its own...
    for (const inv of invs) add([inv.flags]);
    // ...and every mlir-opt | mlir-opt chain, which checks that the tool reads its own output.
    for (let i = 0; i < invs.length; i++) {
      if (invs[i].fedByOpt) continue;
      let j = i;
      while (j + 1 < invs.length && invs[j + 1].fedByOpt) j++;
      if (j > i) add(invs.slice(i, j + 1).map((inv) => inv.flags));
    }
  }
  const flagSets = [...seen].map(([k, v]) => ({ ...v, flagKey: k }));
  const cases: GoldenCase[] = [];
  for (const { flags, then, flagKey: fk } of flagSets) {
    const marker = splitMarkerOf(flags);
    const chunks = marker === null ? [{ body: source, line: 1, column: 1 }] : splitChunks(source, marker);
    chunks.forEach((chunk, index) => {
      cases.push({
        file,
        chunk: index,
        flags,
        then,
        flagKey: fk,
        key: caseKey(file, index, fk),
        text: padChunk(chunk),
        startLine: chunk.line,
        verify: hasVerifyDiagnostics(flags),
      });
    });
  }
  return { file, runCommands: commands.length, flagSets, cases };
}

/**
 * Every case in the corpus, grouped by file (files sorted). Files are read as
 * latin1 so that one char is one byte: chunk files are written back byte-exact
 * and padding columns count bytes, as MLIR's locations do.
 */
export function loadCorpus(root: string): CorpusFileCases[] {
  return listCorpusFiles(root).map((file) => casesForFile(file, readFileSync(join(root, file), 'latin1')));
}
