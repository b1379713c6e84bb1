// Execution benchmark: each kernel of exec-kernels.ts runs end to end with
// bin/scf-run and with MLIR 22 (mlir-opt lowering + mlir-runner -O2), both as
// separate processes, alternating. Reports the median of N CPU times (user +
// system), wall-clock times and peak resident set sizes (the largest process
// of the pipeline), and the ratios scf-run / mlir-runner. The outputs must
// agree. Runs scf-run from its bundle and code cache (see bin/scf-run),
// rebuilding them when a `tsc` run made them stale meanwhile. A scf-run that
// exceeds the time limit is stopped and reported as such (its kernel's
// remaining runs are skipped).
//
// Usage: npm run bench:exec [-- --runs N] [-- --filter NAME] [-- --scf-run PATH]
// [-- --timeout SECONDS] [-- --args "EXTRA SCF-RUN ARGS"]
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
const timeoutArg = argv.indexOf('--timeout');
const TIMEOUT = timeoutArg >= 0 ? Number(argv[timeoutArg + 1]) : 300;
const argsArg = argv.indexOf('--args');
const EXTRA = argsArg >= 0 ? ' ' + argv[argsArg + 1] : '';

/**
 * Runs a shell pipeline under GNU time: wall clock, CPU (user + system of
 * every process of the pipeline) and peak RSS (of its largest process). CPU
 * time is the primary figure: it is not inflated by other load on the machine.
 * With `limit` (seconds), the pipeline is killed after that long.
 */
function timeCmd(cmd: string, limit?: number): { ms: number; cpu: number; rssMB: number; out: string; timedOut: boolean } {
  const out = join(dir, 'out.txt');
  const times = join(dir, 'times.txt');
  const inner = limit ? ['timeout', '-s', 'KILL', String(limit), 'bash', '-o', 'pipefail', '-c', cmd] : ['bash', '-o', 'pipefail', '-c', cmd];
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', '-o', times, ...inner], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
  writeFileSync(out, r.stdout ?? '');
  const t = readFileSync(times, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  const timedOut = limit !== undefined && (r.status === 137 || /signal 9/.test(readFileSync(times, 'utf8')));
  if (r.status !== 0 && !timedOut) throw new Error(`command failed (${r.status}): ${cmd}\n${r.stderr}${readFileSync(times, 'utf8')}`);
  return { ms: t[0] * 1000, cpu: (t[1] + t[2]) * 1000, rssMB: t[3] / 1024, out: r.stdout, timedOut };
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
const rows: string[][] = [
  [
    'kernel',
    'scf-run cpu ms',
    'mlir -O2 cpu ms',
    'cpu ratio',
    'scf-run wall',
    'mlir wall',
    'wall ratio',
    'scf-run MB',
    'mlir MB',
    'RSS ratio',
    'runner-only cpu',
    ...(COMPARE ? ['compared cpu ms', 'compared cpu ratio', 'compared MB'] : []),
  ],
];
let worst = 0;
let worstWall = 0;
let worstRss = 0;
const timedOut: string[] = [];
for (const k of KERNELS) {
  if (FILTER && !k.name.includes(FILTER)) continue;
  const file = join(dir, k.name + '.mlir');
  writeFileSync(file, k.mlir);
  const lowered = join(dir, k.name + '.ll.mlir');
  spawnSync('bash', ['-c', `${BIN}/mlir-opt ${LOWERING} ${file} > ${lowered}`]);
  const refCmd = `${BIN}/mlir-opt ${LOWERING} ${file} | ${BIN}/mlir-runner -O2 -e main -entry-point-result=void -shared-libs=${SHARED}`;
  const runnerOnly = `${BIN}/mlir-runner -O2 -e main -entry-point-result=void -shared-libs=${SHARED} ${lowered}`;
  const oursCmd = `${SCF_RUN} ${file} -O2 -e main -entry-point-result=void -shared-libs=${SHARED}${EXTRA}`;
  const t = { ours: [] as number[], ref: [] as number[], runner: [] as number[], oursWall: [] as number[], refWall: [] as number[], oursRss: [] as number[], refRss: [] as number[], other: [] as number[], otherRss: [] as number[] };
  let outs = { ours: '', ref: '' };
  let oursOut = false;
  let otherOut = false;
  for (let i = 0; i < RUNS; i++) {
    const r = timeCmd(refCmd);
    if (scfRunArg < 0) ensureBundle();
    t.ref.push(r.cpu);
    t.refWall.push(r.ms);
    t.refRss.push(r.rssMB);
    outs.ref = r.out;
    if (!oursOut) {
      const o = timeCmd(oursCmd, TIMEOUT);
      if (o.timedOut) oursOut = true;
      else {
        t.ours.push(o.cpu);
        t.oursWall.push(o.ms);
        t.oursRss.push(o.rssMB);
        outs.ours = o.out;
      }
    }
    if (COMPARE && !otherOut) {
      const c = timeCmd(oursCmd.replace(SCF_RUN, COMPARE), TIMEOUT);
      if (c.timedOut) otherOut = true;
      else {
        if (!oursOut && c.out !== outs.ours) throw new Error(`${k.name}: ${COMPARE} prints something else`);
        t.other.push(c.cpu);
        t.otherRss.push(c.rssMB);
      }
    }
    t.runner.push(timeCmd(runnerOnly).cpu);
    if (oursOut && (!COMPARE || otherOut)) break;
  }
  const ref = median(t.ref);
  const refWall = median(t.refWall);
  const refRss = median(t.refRss);
  const cells = [k.name];
  if (oursOut) {
    timedOut.push(k.name);
    cells.push(`>${TIMEOUT * 1000}`, ref.toFixed(0), `>${((TIMEOUT * 1000) / ref).toFixed(0)}x`, `>${TIMEOUT * 1000}`, refWall.toFixed(0), '-', '-', refRss.toFixed(0), '-');
  } else {
    if (outs.ours !== outs.ref) throw new Error(`${k.name}: outputs differ\nmlir-runner:\n${outs.ref}\nscf-run:\n${outs.ours}`);
    const ours = median(t.ours);
    const oursWall = median(t.oursWall);
    const oursRss = median(t.oursRss);
    worst = Math.max(worst, ours / ref);
    worstWall = Math.max(worstWall, oursWall / refWall);
    worstRss = Math.max(worstRss, oursRss / refRss);
    cells.push(ours.toFixed(0), ref.toFixed(0), (ours / ref).toFixed(2) + 'x', oursWall.toFixed(0), refWall.toFixed(0), (oursWall / refWall).toFixed(2) + 'x', oursRss.toFixed(0), refRss.toFixed(0), (oursRss / refRss).toFixed(2) + 'x');
  }
  cells.push(median(t.runner).toFixed(0));
  if (COMPARE) {
    if (otherOut) cells.push(`>${TIMEOUT * 1000}`, '-', '-');
    else cells.push(median(t.other).toFixed(0), (median(t.other) / ref).toFixed(2) + 'x', median(t.otherRss).toFixed(0));
  }
  rows.push(cells);
  process.stderr.write(`${k.name}: ${k.description}: ${oursOut ? 'timed out' : 'ok'}\n`);
}
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const r of rows) console.log(r.map((x, c) => (c === 0 ? x.padEnd(widths[c]) : x.padStart(widths[c]))).join('  '));
console.log(`medians of up to ${RUNS} runs (${SCF_RUN}${EXTRA}); load average at the end: ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cpus`);
console.log(
  `worst ratio, end to end vs mlir-opt | mlir-runner -O2: cpu ${worst.toFixed(2)}x, wall ${worstWall.toFixed(2)}x, peak RSS ${worstRss.toFixed(2)}x (goal: 1.5x time, 2x memory)` +
    (timedOut.length ? `; over the ${TIMEOUT} s limit: ${timedOut.join(', ')}` : ''),
);
