// Helpers of the front-end tests: scf-ts in process, and Node running the
// same TypeScript (transpiled with the typescript API) for the expected output.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { runScfTs } from '../../src/tools/scf-ts-driver.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root (this file runs from dist/test/frontend). */
export const ROOT = join(here, '..', '..', '..');
export const EXAMPLES = join(ROOT, 'examples', 'ts');
export const SCF_TS = join(ROOT, 'bin', 'scf-ts');
const SCFKIT_INDEX = pathToFileURL(join(ROOT, 'dist', 'src', 'index.js')).href;

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** scf-ts with `args`, in this process. */
export function scfTs(args: string[]): Result {
  let stdout = '';
  let stderr = '';
  const code = runScfTs(args, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) });
  return { code, stdout, stderr };
}

/** The bin/scf-ts executable. */
export function scfTsProcess(args: string[]): Result {
  const r = spawnSync(process.execPath, [SCF_TS, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** TypeScript as the ES module Node runs, importing scfkit from this build. */
export function transpile(source: string): string {
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  return js.replace(/from\s+(['"])scfkit\1/g, `from ${JSON.stringify(SCFKIT_INDEX)}`);
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'scf-ts-'));
}

/** Node's output for each program, running them all in one process (each is imported once, in order). */
export function runNodeBatch(sources: readonly string[], dir = tempDir()): string[] {
  const files = sources.map((src, i) => {
    const f = join(dir, `p${i}.mjs`);
    writeFileSync(f, transpile(src));
    return f;
  });
  const sep = '\u0001scf-ts-sep\u0001';
  const driver = join(dir, 'driver.mjs');
  writeFileSync(
    driver,
    `const files = ${JSON.stringify(files.map((f) => pathToFileURL(f).href))};\n` +
      `for (const f of files) { try { await import(f); } catch (e) { console.log('node threw: ' + e); } console.log(${JSON.stringify(sep)}); }\n`,
  );
  const out = execFileSync(process.execPath, [driver], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const parts = out.split(sep + '\n');
  return parts.slice(0, sources.length);
}
