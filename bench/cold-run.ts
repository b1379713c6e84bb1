// Where a cold scf-opt run spends time outside its own code: the young
// generation's scavenges and V8's optimizing compiles (docs/PERFORMANCE.md,
// "Round 13"). It runs a private copy of the tool whose launcher adds V8's
// --trace-gc, --trace-opt and --trace-deopt. The copy records its own code
// cache under those flags, so the cache is accepted as in a normal run (V8
// keys the cache by its flags). Reports, per job, the medians of:
// - wall time (traced, so a little above an untraced run's);
// - scavenges and their time, and full collections;
// - TurboFan compiles, recompiles (a function compiled again after a
//   deoptimization) and their compile time on the background thread;
// - deoptimizations.
//
//   npm run bench:cold
//   node dist/bench/cold-run.js [--sizes 5M] [--passes none,canonicalize,cse,convert-scf-to-cf] [--reps N]
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argv, exit } from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseSize, writeModuleFile } from './gen.js';
import { ensureToolBundle, median, parseOptions, table } from './measure.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const TRACE_FLAGS = '--trace-gc --trace-opt --trace-deopt';

interface Options {
  sizes: number[];
  passes: string[];
  reps: number;
}

/** What one traced run reported. */
interface RunStats {
  ms: number;
  scavenges: number;
  scavengeMs: number;
  fullGcs: number;
  fullGcMs: number;
  compiles: number;
  compileMs: number;
  recompiles: number;
  recompileMs: number;
  deopts: number;
}

function parseArgs(args: string[]): Options {
  const o: Options = { sizes: [parseSize('5M')], passes: ['none', 'canonicalize', 'cse', 'convert-scf-to-cf'], reps: 5 };
  parseOptions(args, (a, value) => {
    if (a === '--sizes') o.sizes = value().split(',').map(parseSize);
    else if (a === '--passes') o.passes = value().split(',').filter(Boolean);
    else if (a === '--reps') o.reps = Number(value());
    else return false;
    return true;
  });
  if (!Number.isInteger(o.reps) || o.reps < 1) throw new Error('--reps must be a positive integer');
  return o;
}

/**
 * A copy of bin/ and the scf-opt bundle in `dir` whose launcher adds the
 * trace flags, with a code cache recorded under them. Returns its bin/scf-opt.
 */
function tracedTool(dir: string): string {
  cpSync(join(repoRoot, 'bin'), join(dir, 'bin'), { recursive: true });
  copyFileSync(join(repoRoot, 'package.json'), join(dir, 'package.json'));
  mkdirSync(join(dir, 'dist/src/tools'), { recursive: true });
  // The loader uses the bundle only when it is at least as new as the compiled entry.
  copyFileSync(join(repoRoot, 'dist/src/tools/scf-opt.js'), join(dir, 'dist/src/tools/scf-opt.js'));
  copyFileSync(join(repoRoot, 'dist/scf-opt.bundle.cjs'), join(dir, 'dist/scf-opt.bundle.cjs'));
  const now = new Date();
  utimesSync(join(dir, 'dist/src/tools/scf-opt.js'), now, now);
  utimesSync(join(dir, 'dist/scf-opt.bundle.cjs'), now, now);
  const launcher = join(dir, 'bin/scf-opt');
  const text = readFileSync(launcher, 'utf8');
  const traced = text.replace('exec node ', `exec node ${TRACE_FLAGS} `);
  if (traced === text) throw new Error(`bin/scf-opt has no "exec node " line to add ${TRACE_FLAGS} to`);
  writeFileSync(launcher, traced);
  // Recorded as `npm run bundle:opt` records the real one, then checked.
  const warmup = join(repoRoot, 'bench/code-cache-warmup.mlir');
  const record = spawnSync(launcher, [warmup, '--canonicalize', '-o', '/dev/null'], {
    env: { ...process.env, SCFKIT_WRITE_CODE_CACHE: '1' },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (record.status !== 0) throw new Error(`recording the traced copy's code cache failed:\n${record.stderr}`);
  const check = spawnSync(launcher, [warmup, '-o', '/dev/null'], { env: { ...process.env, SCFKIT_REPORT_CODE_CACHE: '1' }, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (!/code cache: accepted/.test(check.stderr)) throw new Error(`the traced copy's code cache is not accepted:\n${check.stderr}`);
  return launcher;
}

/** V8's trace lines (on stdout: the IR goes to /dev/null) summed up. */
function statsOf(trace: string, ms: number): RunStats {
  const s: RunStats = { ms, scavenges: 0, scavengeMs: 0, fullGcs: 0, fullGcMs: 0, compiles: 0, compileMs: 0, recompiles: 0, recompileMs: 0, deopts: 0 };
  const compiled = new Set<string>();
  for (const line of trace.split('\n')) {
    const gc = /: (Scavenge|Mark-Compact|Mark-sweep)\b.* MB, ([0-9.]+) \/ [0-9.]+ ms/.exec(line);
    if (gc) {
      if (gc[1] === 'Scavenge') {
        s.scavenges++;
        s.scavengeMs += Number(gc[2]);
      } else {
        s.fullGcs++;
        s.fullGcMs += Number(gc[2]);
      }
      continue;
    }
    // "[completed compiling 0x… <JSFunction f (sfi = 0x…)> (target TURBOFAN) - took 0.1, 3.2, 0.1 ms]": setup, compile, install.
    const opt = /^\[completed compiling .*\(sfi = (0x[0-9a-f]+)\)>.*TURBOFAN.* took ([0-9.]+), ([0-9.]+), ([0-9.]+) ms\]/.exec(line);
    if (opt) {
      const t = Number(opt[2]) + Number(opt[3]) + Number(opt[4]);
      s.compiles++;
      s.compileMs += t;
      if (compiled.has(opt[1])) {
        s.recompiles++;
        s.recompileMs += t;
      } else compiled.add(opt[1]);
      continue;
    }
    if (line.startsWith('[bailout (kind: deopt')) s.deopts++;
  }
  return s;
}

function main(args: string[]): number {
  const o = parseArgs(args);
  ensureToolBundle([join(repoRoot, 'bin/scf-opt')], repoRoot);
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-bench-cold-'));
  try {
    const tool = tracedTool(join(dir, 'tool'));
    const rows: string[][] = [['job', 'input', 'wall (traced)', 'scavenges', 'their ms', 'full GCs', 'TurboFan compiles', 'compile ms', 'recompiles', 'their ms', 'deopts']];
    for (const size of o.sizes) {
      const file = join(dir, `gen-${size}.mlir`);
      writeModuleFile(file, { bytes: size, form: 'custom', seed: 1 });
      for (const pass of o.passes) {
        const runs: RunStats[] = [];
        for (let r = 0; r < o.reps; r++) {
          const t0 = performance.now();
          const run = spawnSync(tool, [file, ...(pass === 'none' ? [] : [`--${pass}`]), '-o', '/dev/null'], { encoding: 'utf8', maxBuffer: 1 << 28 });
          const ms = performance.now() - t0;
          if (run.status !== 0) throw new Error(`scf-opt ${pass} on ${size} bytes failed (exit ${run.status}):\n${run.stderr.slice(0, 2000)}`);
          runs.push(statsOf(run.stdout, ms));
        }
        const m = (f: (s: RunStats) => number, digits = 0): string => median(runs.map(f)).toFixed(digits);
        rows.push([
          pass === 'none' ? 'round trip' : `--${pass}`,
          `${(size / 2 ** 20).toFixed(0)} MB`,
          `${m((s) => s.ms)} ms`,
          m((s) => s.scavenges),
          m((s) => s.scavengeMs),
          m((s) => s.fullGcs),
          m((s) => s.compiles),
          m((s) => s.compileMs),
          m((s) => s.recompiles),
          m((s) => s.recompileMs),
          m((s) => s.deopts),
        ]);
        process.stderr.write(`  measured ${pass} on ${size} bytes\n`);
      }
    }
    console.log(`\nCold scf-opt runs under V8's ${TRACE_FLAGS}, median of ${o.reps}; times in ms (compiles: on V8's background thread).`);
    console.log(table(rows, 2));
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  exit(main(argv.slice(2)));
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  exit(2);
}
