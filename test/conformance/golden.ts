// The golden harness: runs every (file, chunk, flag set) case with the reference
// mlir-opt and the tool under test, and judges the pair.
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { judge, type Verdict } from './compare.js';
import { loadCorpus, type CorpusFileCases, type GoldenCase } from './corpus.js';
import { referenceOpt } from './paths.js';
import { hasVerifyDiagnostics } from './runlines.js';
import { mapLimit, SpawnTool, type OptTool, type ToolRun } from './tool.js';

export interface CaseResult {
  case: GoldenCase;
  verdict: Verdict;
  reference: ToolRun;
  tool: ToolRun;
}

export interface GoldenRun {
  files: CorpusFileCases[];
  results: CaseResult[];
  ms: number;
  toolName: string;
}

export interface GoldenOptions {
  corpus: string;
  tool: OptTool;
  reference?: OptTool;
  /** Parallel cases; default: $SCFKIT_JOBS, else the number of cores. */
  jobs?: number;
  /** Only run cases for which this returns true. */
  filter?: (c: GoldenCase) => boolean;
  /** Per-run limit for spawned tools. */
  timeoutMs?: number;
  onResult?: (r: CaseResult, done: number, total: number) => void;
}

/** Throws unless the reference mlir-opt is MLIR 22: CI installs it, so its absence is an error, not a skip. */
export function assertReferenceOpt(exe: string = referenceOpt): string {
  let version: string;
  try {
    version = execFileSync(exe, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    throw new Error(`reference mlir-opt not runnable at ${exe} (install mlir-22-tools; see .ci/run): ${(e as Error).message}`);
  }
  if (!/LLVM version 22\./.test(version)) throw new Error(`reference ${exe} is not MLIR 22: ${version.trim()}`);
  return version.trim();
}

export async function runGolden(options: GoldenOptions): Promise<GoldenRun> {
  const t0 = performance.now();
  const reference = options.reference ?? new SpawnTool([referenceOpt]);
  const files = loadCorpus(options.corpus);
  const cases = files.flatMap((f) => f.cases).filter(options.filter ?? (() => true));
  const root = mkdtempSync(join(tmpdir(), 'scfkit-golden-'));
  const timeoutMs = options.timeoutMs ?? 60_000;
  let done = 0;
  try {
    const jobs = options.jobs ?? (Number(process.env.SCFKIT_JOBS) || availableParallelism());
    const results = await mapLimit(cases, jobs, async (c, i) => {
      // Same basename as the original, in its own folder, passed relatively:
      // diagnostics and debug locations then read exactly as upstream's.
      const dir = join(root, `c${i}`);
      mkdirSync(dir);
      const name = basename(c.file);
      writeFileSync(join(dir, name), c.text, 'latin1');
      const args = [name, ...c.flags];
      let ref = await reference.run(args, { cwd: dir, timeoutMs });
      let got = await options.tool.run(args, { cwd: dir, timeoutMs });
      let verdict = judge(ref, got, c.verify, dir);
      // Pipelines: each tool reads its own previous output on stdin.
      for (const next of c.then) {
        if (!verdict.pass || ref.exitCode !== 0 || got.exitCode !== 0) break;
        ref = await reference.run(next, { cwd: dir, stdin: ref.stdout.toString('utf8'), timeoutMs });
        got = await options.tool.run(next, { cwd: dir, stdin: got.stdout.toString('utf8'), timeoutMs });
        verdict = judge(ref, got, hasVerifyDiagnostics(next), dir);
      }
      rmSync(dir, { recursive: true, force: true });
      const result: CaseResult = { case: c, verdict, reference: ref, tool: got };
      options.onResult?.(result, ++done, cases.length);
      return result;
    });
    return { files, results, ms: performance.now() - t0, toolName: options.tool.name };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Per-file table: cases, passing, and how many of them the ratchet lists. */
export function formatReport(run: GoldenRun, listed: ReadonlySet<string>): string {
  const byFile = new Map<string, CaseResult[]>();
  for (const r of run.results) {
    const list = byFile.get(r.case.file) ?? [];
    list.push(r);
    byFile.set(r.case.file, list);
  }
  const rows: string[][] = [['file', 'cases', 'pass', 'listed']];
  let total = 0;
  let pass = 0;
  let listedCount = 0;
  let shown = 0;
  for (const f of run.files) {
    const rs = byFile.get(f.file) ?? [];
    if (rs.length === 0 && f.runCommands > 0) continue; // filtered out
    shown++;
    const p = rs.filter((r) => r.verdict.pass).length;
    const l = rs.filter((r) => listed.has(r.case.key)).length;
    total += rs.length;
    pass += p;
    listedCount += l;
    rows.push([f.file + (f.runCommands === 0 ? ' (no RUN line)' : ''), String(rs.length), String(p), String(l)]);
  }
  rows.push(['TOTAL', String(total), String(pass), String(listedCount)]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const lines = rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  // Agreeing on a rejection (say, of an unknown pass) is cheap; matching output is not. Show both.
  const succeeding = run.results.filter((r) => r.reference.exitCode === 0);
  const matched = succeeding.filter((r) => r.verdict.pass).length;
  lines.push(`tool under test: ${run.toolName}; ${total} cases, ${pass} pass (${matched} of the ${succeeding.length} where mlir-opt succeeds), ${shown} files, ${(run.ms / 1000).toFixed(1)} s`);
  return lines.join('\n');
}

/** One line per failing case, for logs. */
export function formatFailure(r: CaseResult): string {
  const why = r.verdict.pass ? 'passes' : r.verdict.reason;
  return `${r.case.file} chunk ${r.case.chunk} (line ${r.case.startLine}) [${r.case.flagKey}]: ${why}`;
}
