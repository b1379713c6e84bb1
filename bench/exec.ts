// Execution benchmark: each kernel of exec-kernels.ts runs end to end with
// bin/scf-run and with MLIR 22 (mlir-opt lowering + mlir-runner -O2), both as
// separate processes, alternating. Reports the median of N CPU times (user +
// system) and wall-clock times and the ratios scf-run / mlir-runner. The
// outputs must agree. Runs scf-run from its bundle and code cache (see
// bin/scf-run), rebuilding them when a `tsc` run made them stale meanwhile.
//
// Usage: npm run bench:exec [-- --runs N] [-- --filter NAME] [-- --scf-run PATH]
// (--scf-run: another scf-run to measure, e.g. an older build's bin/scf-run;
// --compare PATH: also measure that scf-run, interleaved, for a before/after)

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KERNELS } from './exec-kernels.js';

const BIN = '/usr/lib/llvm-22/bin';
const LIB = '/usr/lib/llvm-22/lib';
const SHARED = `${LIB}/libmlir_runner_utils.so.22.1,${LIB}/libmlir_c_runner_utils.so.22.1`;
const LOWERING = '--convert-scf-to-cf --expand-strided-metadata --lower-affine --convert-to-llvm --reconcile-unrealized-casts';
const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '..', '..');
const scfRunArg = process.argv.indexOf('--scf-run');
const SCF_RUN = scfRunArg >= 0 ? process.argv[scfRunArg + 1] : join(ROOT, 'bin', 'scf-run');

const argv = process.argv.slice(2);
const runsArg = argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(argv[runsArg + 1]) : 5;
const compareArg = argv.indexOf('--compare');
const COMPARE = compareArg >= 0 ? argv[compareArg + 1] : undefined;
const filterArg = argv.indexOf('--filter');
const FILTER = filterArg >= 0 ? argv[filterArg + 1] : undefined;

/**
 * Runs a shell pipeline and measures it with bash's `time`: wall clock and CPU
 * (user + system of every process of the pipeline). CPU time is the primary
 * figure: it is not inflated by other load on the machine.
 */
function timeCmd(cmd: string): { ms: number; cpu: number; out: string } {
  const script = `TIMEFORMAT='%R %U %S'; { time ( ${cmd} ) > "$OUT" ; } 2> "$TIMES"`;
  const out = join(dir, 'out.txt');
  const times = join(dir, 'times.txt');
  const r = spawnSync('bash', ['-o', 'pipefail', '-c', script], { encoding: 'utf8', env: { ...process.env, OUT: out, TIMES: times } });
  const t = readFileSync(times, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  if (r.status !== 0) throw new Error(`command failed (${r.status}): ${cmd}\n${readFileSync(times, 'utf8')}`);
  return { ms: t[0] * 1000, cpu: (t[1] + t[2]) * 1000, out: readFileSync(out, 'utf8') };
}

/** bin/scf-run runs the bundle (not the modules) only when it is newer than the compiled entry module. */
function ensureBundle(): void {
  const m = (f: string): number => statSync(join(ROOT, f)).mtimeMs;
  let fresh = false;
  try {
    fresh = m('dist/scf-run.bundle.cjs') >= m('dist/src/tools/scf-run.js') && m('dist/scf-run.bundle.cjs.cache') >= m('dist/scf-run.bundle.cjs');
  } catch {
    // Missing: build.
  }
  if (fresh) return;
  process.stderr.write('(re)building the scf-run bundle and code cache\n');
  const r = spawnSync('npm', ['run', '--silent', 'bundle:run'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run bundle:run failed:\n${r.stdout}${r.stderr}`);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const dir = mkdtempSync(join(tmpdir(), 'scfkit-bench-exec-'));
const rows: string[][] = [['kernel', 'scf-run cpu ms', 'mlir -O2 cpu ms', 'cpu ratio', 'scf-run wall', 'mlir wall', 'wall ratio', 'runner-only cpu', 'ratio vs runner-only', ...(COMPARE ? ['compared cpu ms', 'compared cpu ratio'] : [])]];
let worst = 0;
let worstWall = 0;
for (const k of KERNELS) {
  if (FILTER && !k.name.includes(FILTER)) continue;
  const file = join(dir, k.name + '.mlir');
  writeFileSync(file, k.mlir);
  const lowered = join(dir, k.name + '.ll.mlir');
  spawnSync('bash', ['-c', `${BIN}/mlir-opt ${LOWERING} ${file} > ${lowered}`]);
  const refCmd = `${BIN}/mlir-opt ${LOWERING} ${file} | ${BIN}/mlir-runner -O2 -e main -entry-point-result=void -shared-libs=${SHARED}`;
  const runnerOnly = `${BIN}/mlir-runner -O2 -e main -entry-point-result=void -shared-libs=${SHARED} ${lowered}`;
  const oursCmd = `${SCF_RUN} ${file} -O2 -e main -entry-point-result=void -shared-libs=${SHARED}`;
  const t = { ours: [] as number[], ref: [] as number[], runner: [] as number[], oursWall: [] as number[], refWall: [] as number[], other: [] as number[] };
  let outs = { ours: '', ref: '' };
  for (let i = 0; i < RUNS; i++) {
    const r = timeCmd(refCmd);
    if (scfRunArg < 0) ensureBundle();
    const o = timeCmd(oursCmd);
    const ro = timeCmd(runnerOnly);
    t.ours.push(o.cpu);
    if (COMPARE) {
      const c = timeCmd(oursCmd.replace(SCF_RUN, COMPARE));
      if (c.out !== o.out) throw new Error(`${k.name}: ${COMPARE} prints something else`);
      t.other.push(c.cpu);
    }
    t.ref.push(r.cpu);
    t.runner.push(ro.cpu);
    t.oursWall.push(o.ms);
    t.refWall.push(r.ms);
    outs = { ours: o.out, ref: r.out };
  }
  const best = { ours: median(t.ours), ref: median(t.ref), runner: median(t.runner), oursWall: median(t.oursWall), refWall: median(t.refWall) };
  if (outs.ours !== outs.ref) throw new Error(`${k.name}: outputs differ\nmlir-runner:\n${outs.ref}\nscf-run:\n${outs.ours}`);
  const ratio = best.ours / best.ref;
  const wallRatio = best.oursWall / best.refWall;
  // Extras (the BigInt-path LCG) are shown but not part of the goal.
  if (!k.description.startsWith('(extra)')) {
    worst = Math.max(worst, ratio);
    worstWall = Math.max(worstWall, wallRatio);
  }
  rows.push([
    k.name,
    best.ours.toFixed(0),
    best.ref.toFixed(0),
    ratio.toFixed(2) + 'x',
    best.oursWall.toFixed(0),
    best.refWall.toFixed(0),
    wallRatio.toFixed(2) + 'x',
    best.runner.toFixed(0),
    (best.ours / best.runner).toFixed(2) + 'x',
    ...(COMPARE ? [median(t.other).toFixed(0), (median(t.other) / best.ref).toFixed(2) + 'x'] : []),
  ]);
  process.stderr.write(`${k.name}: ${k.description}: ok\n`);
}
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const r of rows) console.log(r.map((x, c) => (c === 0 ? x.padEnd(widths[c]) : x.padStart(widths[c]))).join('  '));
console.log(`medians of ${RUNS} runs; load average at the end: ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cpus`);
console.log(`worst ratio (extras aside), end to end vs mlir-opt | mlir-runner -O2: cpu ${worst.toFixed(2)}x, wall ${worstWall.toFixed(2)}x (goal: within 3x)`);
