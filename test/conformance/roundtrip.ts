// Round trip against MLIR 22: for every corpus chunk that mlir-opt accepts,
// what scf-opt prints must be read back by mlir-opt and printed unchanged, in
// both the custom and the generic form. This checks that our output is valid
// MLIR meaning the same thing, independently of the golden comparison.

import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listCorpusFiles, splitChunks, padChunk } from './corpus.js';
import { optDriverUrl, referenceOpt } from './paths.js';

export interface RoundTripCase {
  file: string;
  chunk: number;
  mode: 'custom' | 'generic';
  text: string;
}

/**
 * Dialects mlir-opt registers but scfkit does not. Chunks using them are out of
 * scfkit's domain: mlir-opt gives their ops custom syntax and aliases that an
 * unregistered op cannot reproduce.
 */
function foreignDialects(ours: readonly string[]): string[] {
  const out = execFileSync(referenceOpt, ['--show-dialects'], { encoding: 'utf8' });
  const theirs = out.replace(/^.*?:/s, '').split(/[,\s]+/).filter(Boolean);
  return theirs.filter((d) => !ours.includes(d));
}

function usesDialect(text: string, dialects: readonly string[]): boolean {
  return dialects.some((d) => new RegExp(`(^|[^A-Za-z0-9_$.])["!#]?${d}\\.[A-Za-z_]`, 'm').test(text));
}

/**
 * scfkit's `test` dialect defines only some of the ops of MLIR's, and none of
 * its types and attributes. A chunk using any other `test` op, type or
 * attribute is out of scfkit's domain like one of a foreign dialect: mlir-opt
 * gives those a custom syntax, properties or result names of their own.
 */
function usesUndefinedTestEntity(text: string, definedOps: ReadonlySet<string>): boolean {
  if (/(^|[^A-Za-z0-9_$.])[!#]test\.[A-Za-z_]/m.test(text)) return true;
  for (const m of text.matchAll(/(?:^|[^A-Za-z0-9_$.!#])"?(test\.[A-Za-z_][A-Za-z0-9_$.]*)/gm)) if (!definedOps.has(m[1])) return true;
  return false;
}

export interface RoundTripResult {
  /** Chunks skipped because they use dialects mlir-opt has and scfkit lacks. */
  foreign: number;
  /** Chunks MLIR 22 accepts. */
  accepted: number;
  /** ...of which scf-opt also accepts and prints. */
  printed: number;
  /** Printed chunks whose re-print by mlir-opt differs (must be empty). */
  mismatches: { c: RoundTripCase; detail: string }[];
  /** MLIR-accepted chunks scf-opt rejects (dialects not supported yet), by file. */
  unsupported: Map<string, number>;
}

type RunOpt = (args: string[], stdin?: string, o?: { stdinIsLatin1?: boolean }) => { exitCode: number; stdout: string; stderr: string };

function runMlirOpt(args: string[], input: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(referenceOpt, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, out: Buffer.concat(chunks).toString('latin1') }));
    child.stdin.on('error', () => {});
    child.stdin.end(Buffer.from(input, 'latin1'));
  });
}

/** Every chunk of every corpus file, in both print modes. */
export function roundTripCases(root: string): RoundTripCase[] {
  const cases: RoundTripCase[] = [];
  for (const file of listCorpusFiles(root)) {
    const source = readFileSync(join(root, file), 'latin1');
    const split = /split-input-file/.test(source);
    const chunks = split ? splitChunks(source, '// -----') : [{ body: source, line: 1, column: 1 }];
    chunks.forEach((chunk, index) => {
      const text = padChunk(chunk);
      for (const mode of ['custom', 'generic'] as const) cases.push({ file, chunk: index, mode, text });
    });
  }
  return cases;
}

export async function runRoundTrip(root: string, concurrency = 2): Promise<RoundTripResult> {
  const mod = (await import(optDriverUrl.href)) as { runOpt: RunOpt };
  const registry = (await import(new URL('../../src/dialects/registry.js', import.meta.url).href)) as {
    ALL_DIALECTS: readonly { name: string; ops: readonly { name: string }[] }[];
  };
  const foreign = foreignDialects(registry.ALL_DIALECTS.filter((d) => d.ops.length).map((d) => d.name));
  const testOps = new Set(registry.ALL_DIALECTS.find((d) => d.name === 'test')?.ops.map((o) => o.name) ?? []);
  const all = roundTripCases(root);
  const cases = all.filter((c) => !usesDialect(c.text, foreign) && !usesUndefinedTestEntity(c.text, testOps));
  const result: RoundTripResult = { foreign: all.length - cases.length, accepted: 0, printed: 0, mismatches: [], unsupported: new Map() };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const c = cases[next++];
      const flags = ['--allow-unregistered-dialect', ...(c.mode === 'generic' ? ['--mlir-print-op-generic'] : [])];
      const ref = await runMlirOpt([...flags, '-'], c.text);
      if (ref.code !== 0) continue;
      result.accepted++;
      const ours = mod.runOpt([...flags, '-'], c.text, { stdinIsLatin1: true });
      if (ours.exitCode !== 0) {
        result.unsupported.set(c.file, (result.unsupported.get(c.file) ?? 0) + 1);
        continue;
      }
      result.printed++;
      const again = await runMlirOpt([...flags, '-'], ours.stdout);
      if (again.code !== 0) {
        result.mismatches.push({ c, detail: 'mlir-opt rejects what scf-opt printed' });
      } else if (again.out !== ours.stdout) {
        const a = again.out.split('\n');
        const b = ours.stdout.split('\n');
        let i = 0;
        while (i < a.length && a[i] === b[i]) i++;
        result.mismatches.push({ c, detail: `line ${i + 1}: scf-opt printed ${JSON.stringify(b[i])}, mlir-opt re-prints ${JSON.stringify(a[i])}` });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return result;
}
