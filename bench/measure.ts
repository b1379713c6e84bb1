// Measurement shared by the scf-opt benchmarks (roundtrip.ts, passes.ts): runs
// a tool under GNU time for wall time and peak RSS, alternates scf-opt and
// mlir-opt so that drift in machine load hits both alike, and formats medians
// and scf-opt/mlir-opt ratios as a table.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runProcess } from '../test/conformance/tool.js';

export const GNU_TIME = '/usr/bin/time';

export interface Sample {
  ms: number;
  rssKb: number | null;
  /** The tool's stderr (e.g. an `--mlir-timing` report). */
  stderr: string;
}
export interface Measurement {
  samples: Sample[];
  error: string | null;
}

/**
 * Rebuilds scf-opt's bundle and code cache (`npm run bundle:opt`) when
 * `command` is this repository's bin/scf-opt and they are older than the
 * compiled entry module. The benchmarks' npm scripts run `tsc` first, and
 * bin/scf-opt runs the compiled modules instead of a stale bundle: without
 * this, start-up would be measured on what users never run.
 */
export function ensureToolBundle(command: readonly string[], repoRoot: string): void {
  if (command.length !== 1 || resolve(command[0]) !== resolve(repoRoot, 'bin/scf-opt')) return;
  const mtime = (f: string): number => statSync(join(repoRoot, f)).mtimeMs;
  try {
    const bundle = mtime('dist/scf-opt.bundle.cjs');
    if (bundle >= mtime('dist/src/tools/scf-opt.js') && mtime('dist/scf-opt.bundle.cjs.cache') >= bundle) return;
  } catch {
    // Missing: build.
  }
  process.stderr.write('(re)building the scf-opt bundle and code cache\n');
  const r = spawnSync('npm', ['run', '--silent', 'bundle:opt'], { cwd: repoRoot, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run bundle:opt failed:\n${r.stdout}${r.stderr}`);
}

export function executable(command: readonly string[]): boolean {
  try {
    accessSync(command[0], constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** One timed run of `command ...args` in `dir`; RSS from GNU time, written to its own file apart from the tool's stderr. */
export async function measureOnce(command: readonly string[], args: readonly string[], dir: string): Promise<Sample | string> {
  const full = [...command.slice(1), ...args];
  const haveTime = existsSync(GNU_TIME);
  const timeFile = join(dir, 'time.txt');
  const r = haveTime
    ? await runProcess(GNU_TIME, ['-f', '%e %M', '-o', timeFile, command[0], ...full], { cwd: dir, timeoutMs: 1_200_000 })
    : await runProcess(command[0], full, { cwd: dir, timeoutMs: 1_200_000 });
  if (r.exitCode !== 0) return `exit ${r.exitCode ?? r.signal}: ${r.stderr.split('\n').find((l) => l.trim() !== '' && !l.startsWith('Command exited')) ?? ''}`;
  let rssKb: number | null = null;
  if (haveTime) {
    const m = /(\d+(?:\.\d+)?) (\d+)\s*$/.exec(readFileSync(timeFile, 'utf8'));
    if (m) rssKb = Number(m[2]);
  }
  return { ms: r.ms, rssKb, stderr: r.stderr };
}

/**
 * Measures the reference and the tool `reps` times each on the same arguments,
 * alternating them. A tool that fails stops being measured; its error is added
 * to `errors` with `label`.
 */
export async function measurePair(
  tools: { reference: readonly string[]; tool: readonly string[] | null },
  args: readonly string[],
  reps: number,
  dir: string,
  label: string,
  errors: string[],
): Promise<{ ref: Measurement; tool: Measurement }> {
  const ref: Measurement = { samples: [], error: null };
  const tool: Measurement = { samples: [], error: tools.tool ? null : 'missing' };
  for (let k = 0; k < reps; k++)
    for (const [m, command] of [[ref, tools.reference], [tool, tools.tool]] as const) {
      if (m.error !== null || command === null) continue;
      const s = await measureOnce(command, args, dir);
      if (typeof s === 'string') {
        m.error = s;
        errors.push(`${command.join(' ')} ${label}: ${s}`);
      } else m.samples.push(s);
    }
  return { ref, tool };
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function fmtMs(m: Measurement): string {
  if (m.error !== null) return m.error === 'missing' ? 'n/a' : 'failed';
  const v = median(m.samples.map((s) => s.ms));
  return v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(0)} ms`;
}

export function fmtRss(m: Measurement): string {
  if (m.error !== null) return m.error === 'missing' ? 'n/a' : '-';
  const r = m.samples.map((s) => s.rssKb).filter((x): x is number => x !== null);
  return r.length === 0 ? 'n/a' : `${(median(r) / 1024).toFixed(0)} MB`;
}

/** Median of `a` over median of `b`, e.g. scf-opt / mlir-opt. */
export function ratio(a: Measurement, b: Measurement, pick: (s: Sample) => number | null): string {
  if (a.error !== null || b.error !== null) return '-';
  const xa = a.samples.map(pick).filter((x): x is number => x !== null);
  const xb = b.samples.map(pick).filter((x): x is number => x !== null);
  if (xa.length === 0 || xb.length === 0) return 'n/a';
  return `${(median(xa) / median(xb)).toFixed(2)}x`;
}

/** Formats rows (the first is the header) as aligned columns; the first `leftColumns` are left-aligned. */
export function table(rows: string[][], leftColumns = 1): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const lines = rows.map((r) => r.map((cell, c) => (c < leftColumns ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return lines.join('\n');
}

/** What every benchmark of scf-opt against mlir-opt is told: repetitions, and the two commands. */
export interface ToolComparison {
  reps: number;
  /** The scf-opt command (argv words): $SCFKIT_TOOL_CMD or this repository's bin/scf-opt. */
  tool: string[];
  /** The mlir-opt command: $SCFKIT_MLIR_OPT or MLIR 22's. */
  reference: string[];
}

export function defaultToolComparison(repoRoot: string, reps: number): ToolComparison {
  return {
    reps,
    tool: splitCommand(process.env.SCFKIT_TOOL_CMD ?? resolve(repoRoot, 'bin/scf-opt')),
    reference: [process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'],
  };
}

function splitCommand(text: string): string[] {
  return text.trim().split(/\s+/);
}

/** `parseOptions` that also reads `--reps N`, `--tool CMD` and `--reference CMD` into `o`. */
export function parseToolOptions(args: readonly string[], o: ToolComparison, extra: (name: string, value: () => string) => boolean): void {
  parseOptions(args, (a, value) => {
    if (a === '--reps') o.reps = Math.max(1, Number(value()));
    else if (a === '--tool') o.tool = splitCommand(value());
    else if (a === '--reference') o.reference = splitCommand(value());
    else return extra(a, value);
    return true;
  });
}

/** Reads `--name value` options common to the benchmarks; `extra` handles the rest and returns false for unknown ones. */
export function parseOptions(args: readonly string[], extra: (name: string, value: () => string) => boolean): void {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (): string => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (!extra(a, value)) throw new Error(`unknown argument ${a}`);
  }
}
