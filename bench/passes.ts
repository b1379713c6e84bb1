// Pass throughput, scf-opt against mlir-opt 22 in the same run: --canonicalize,
// --cse and --convert-scf-to-cf on the generated 5 MB and 20 MB modules
// (custom form), output to /dev/null. Reports median wall time and peak RSS
// (GNU time's `%e %M`) of both tools and the scf-opt/mlir-opt ratios.
//
//   npm run bench:passes
//   node dist/bench/passes.js [--sizes 5M,20M] [--reps N] [--passes canonicalize,cse]
//                             [--tool "node path/cli.js"] [--reference PATH]
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { argv, exit } from 'node:process';
import { fileURLToPath } from 'node:url';
import { runProcess } from '../test/conformance/tool.js';
import { parseSize, writeModuleFile } from './gen.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const GNU_TIME = '/usr/bin/time';

interface Options {
  sizes: number[];
  reps: number;
  passes: string[];
  tool: string[];
  reference: string[];
}
interface Sample {
  ms: number;
  rssKb: number | null;
}
interface Measurement {
  samples: Sample[];
  error: string | null;
}

function parseArgs(args: string[]): Options {
  const o: Options = {
    sizes: [parseSize('5M'), parseSize('20M')],
    reps: 3,
    passes: ['canonicalize', 'cse', 'convert-scf-to-cf'],
    tool: (process.env.SCFKIT_TOOL_CMD ?? resolve(repoRoot, 'bin/scf-opt')).trim().split(/\s+/),
    reference: [process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'],
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (): string => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--sizes') o.sizes = value().split(',').map(parseSize);
    else if (a === '--reps') o.reps = Math.max(1, Number(value()));
    else if (a === '--passes') o.passes = value().split(',').filter(Boolean);
    else if (a === '--tool') o.tool = value().trim().split(/\s+/);
    else if (a === '--reference') o.reference = value().trim().split(/\s+/);
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

function executable(command: string[]): boolean {
  try {
    accessSync(command[0], constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function measureOnce(command: string[], pass: string, file: string, dir: string): Promise<Sample | string> {
  const args = [...command.slice(1), file, `--${pass}`, '-o', '/dev/null'];
  const haveTime = existsSync(GNU_TIME);
  const timeFile = join(dir, 'time.txt');
  const r = haveTime
    ? await runProcess(GNU_TIME, ['-f', '%e %M', '-o', timeFile, command[0], ...args], { cwd: dir, timeoutMs: 1_200_000 })
    : await runProcess(command[0], args, { cwd: dir, timeoutMs: 1_200_000 });
  if (r.exitCode !== 0) return `exit ${r.exitCode ?? r.signal}: ${r.stderr.split('\n').find((l) => l.trim() !== '' && !l.startsWith('Command exited')) ?? ''}`;
  let rssKb: number | null = null;
  if (haveTime) {
    const m = /(\d+(?:\.\d+)?) (\d+)\s*$/.exec(readFileSync(timeFile, 'utf8'));
    if (m) rssKb = Number(m[2]);
  }
  return { ms: r.ms, rssKb };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
function fmtMs(m: Measurement): string {
  if (m.error !== null) return 'failed';
  const v = median(m.samples.map((s) => s.ms));
  return v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(0)} ms`;
}
function fmtRss(m: Measurement): string {
  if (m.error !== null) return '-';
  const r = m.samples.map((s) => s.rssKb).filter((x): x is number => x !== null);
  return r.length === 0 ? 'n/a' : `${(median(r) / 1024).toFixed(0)} MB`;
}
function ratio(a: Measurement, b: Measurement, pick: (s: Sample) => number | null): string {
  if (a.error !== null || b.error !== null) return '-';
  const xa = a.samples.map(pick).filter((x): x is number => x !== null);
  const xb = b.samples.map(pick).filter((x): x is number => x !== null);
  if (xa.length === 0 || xb.length === 0) return 'n/a';
  return `${(median(xa) / median(xb)).toFixed(2)}x`;
}
function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const lines = rows.map((r) => r.map((cell, c) => (c <= 1 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return lines.join('\n');
}

async function main(): Promise<number> {
  const o = parseArgs(argv.slice(2));
  for (const c of [o.reference, o.tool])
    if (!executable(c)) {
      console.error(`not executable: ${c[0]}`);
      return 1;
    }
  if (!existsSync(GNU_TIME)) console.log(`note: ${GNU_TIME} missing; peak RSS not measured`);
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-bench-passes-'));
  try {
    const rows: string[][] = [['pass', 'input', 'mlir-opt', 'rss', 'scf-opt', 'rss', 'time ratio', 'rss ratio']];
    const errors: string[] = [];
    for (const size of o.sizes) {
      const file = `gen-${size}.mlir`;
      writeModuleFile(join(dir, file), { bytes: size, form: 'custom', seed: 1 });
      const label = `${(size / 1024 / 1024).toFixed(0)} MB (${statSync(join(dir, file)).size} bytes)`;
      for (const pass of o.passes) {
        const ref: Measurement = { samples: [], error: null };
        const tool: Measurement = { samples: [], error: null };
        // Alternate the tools so that drift in machine load hits both alike.
        for (let k = 0; k < o.reps; k++)
          for (const [m, command] of [
            [ref, o.reference],
            [tool, o.tool],
          ] as const) {
            if (m.error !== null) continue;
            const s = await measureOnce([...command], pass, file, dir);
            if (typeof s === 'string') {
              m.error = s;
              errors.push(`${command.join(' ')} --${pass} on ${label}: ${s}`);
            } else m.samples.push(s);
          }
        rows.push([`--${pass}`, label, fmtMs(ref), fmtRss(ref), fmtMs(tool), fmtRss(tool), ratio(tool, ref, (s) => s.ms), ratio(tool, ref, (s) => s.rssKb)]);
        process.stderr.write(`  measured --${pass} on ${label}\n`);
      }
    }
    console.log(`\nPasses (parse + pass + verify + print to /dev/null), median of ${o.reps} runs; ratios are scf-opt / mlir-opt.`);
    console.log(`mlir-opt: ${o.reference.join(' ')}\nscf-opt:  ${o.tool.join(' ')}\n`);
    console.log(table(rows));
    for (const e of errors) console.log(`failed: ${e}`);
    return errors.length === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    exit(2);
  },
);
