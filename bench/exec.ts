// Execution benchmark: each kernel of exec-kernels.ts runs end to end with
// bin/scf-run and with MLIR 22 (mlir-opt lowering + mlir-runner -O2), both as
// separate processes. Reports the best of N wall-clock times and the ratio
// scf-run / mlir-runner. The outputs must agree.
//
// Usage: npm run bench:exec [-- --runs N] [-- --filter NAME]

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KERNELS } from './exec-kernels.js';

const BIN = '/usr/lib/llvm-22/bin';
const LIB = '/usr/lib/llvm-22/lib';
const SHARED = `${LIB}/libmlir_runner_utils.so.22.1,${LIB}/libmlir_c_runner_utils.so.22.1`;
const LOWERING = '--convert-scf-to-cf --expand-strided-metadata --lower-affine --convert-to-llvm --reconcile-unrealized-casts';
const here = dirname(fileURLToPath(import.meta.url));
const SCF_RUN = join(here, '..', '..', 'bin', 'scf-run');

const argv = process.argv.slice(2);
const runsArg = argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(argv[runsArg + 1]) : 3;
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

const dir = mkdtempSync(join(tmpdir(), 'scfkit-bench-exec-'));
const rows: string[][] = [['kernel', 'scf-run cpu ms', 'mlir -O2 cpu ms', 'cpu ratio', 'scf-run wall', 'mlir wall', 'wall ratio', 'runner-only cpu', 'ratio vs runner-only']];
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
  const best = { ours: Infinity, ref: Infinity, runner: Infinity, oursWall: Infinity, refWall: Infinity };
  let outs = { ours: '', ref: '' };
  for (let i = 0; i < RUNS; i++) {
    const r = timeCmd(refCmd);
    const o = timeCmd(oursCmd);
    const ro = timeCmd(runnerOnly);
    best.ours = Math.min(best.ours, o.cpu);
    best.ref = Math.min(best.ref, r.cpu);
    best.runner = Math.min(best.runner, ro.cpu);
    best.oursWall = Math.min(best.oursWall, o.ms);
    best.refWall = Math.min(best.refWall, r.ms);
    outs = { ours: o.out, ref: r.out };
  }
  if (outs.ours !== outs.ref) throw new Error(`${k.name}: outputs differ\nmlir-runner:\n${outs.ref}\nscf-run:\n${outs.ours}`);
  const ratio = best.ours / best.ref;
  const wallRatio = best.oursWall / best.refWall;
  worst = Math.max(worst, ratio);
  worstWall = Math.max(worstWall, wallRatio);
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
  ]);
  process.stderr.write(`${k.name}: ${k.description}: ok\n`);
}
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const r of rows) console.log(r.map((x, c) => (c === 0 ? x.padEnd(widths[c]) : x.padStart(widths[c]))).join('  '));
console.log(`worst ratio, end to end vs mlir-opt | mlir-runner -O2: cpu ${worst.toFixed(2)}x, wall ${worstWall.toFixed(2)}x (goal: within 3x)`);
