// The LLVM-dialect engine: bench/exec's kernels lowered to the LLVM dialect by
// mlir-opt 22 (bench/exec's pipeline), then run by bin/scf-run on WebAssembly
// (its default), by bin/scf-run --backend=js (the JavaScript LLVM engine) and
// by mlir-runner -O2, each on the same lowered file (the lowering is not
// timed). CPU time (user + system) and peak RSS, medians of N runs; the
// outputs must agree. A run over the time limit is reported as such.
//
// Usage: npm run bench:exec-llvm [-- --runs N] [-- --filter NAME] [-- --timeout SECONDS]

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KERNELS } from './exec-kernels.js';

const BIN = '/usr/lib/llvm-22/bin';
const LIB = '/usr/lib/llvm-22/lib';
const SHARED = `${LIB}/libmlir_runner_utils.so.22.1,${LIB}/libmlir_c_runner_utils.so.22.1`;
const LOWERING = ['--convert-scf-to-cf', '--expand-strided-metadata', '--lower-affine', '--convert-to-llvm', '--reconcile-unrealized-casts'];
const here = dirname(fileURLToPath(import.meta.url));
const SCF_RUN = join(here, '..', '..', 'bin', 'scf-run');

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const RUNS = Number(opt('--runs') ?? 3);
const FILTER = opt('--filter');
const TIMEOUT = Number(opt('--timeout') ?? 120);
const dir = mkdtempSync(join(tmpdir(), 'scfkit-bench-llvm-'));

function timeCmd(cmd: string): { cpu: number; rssMB: number; out: string; timedOut: boolean } {
  const times = join(dir, 'times.txt');
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', '-o', times, 'timeout', '-s', 'KILL', String(TIMEOUT), 'bash', '-o', 'pipefail', '-c', cmd], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const t = readFileSync(times, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  const timedOut = r.status === 137 || /signal 9/.test(readFileSync(times, 'utf8'));
  if (r.status !== 0 && !timedOut) throw new Error(`command failed (${r.status}): ${cmd}\n${r.stderr}`);
  return { cpu: (t[1] + t[2]) * 1000, rssMB: t[3] / 1024, out: r.stdout, timedOut };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log('| kernel | wasm ms | JS LLVM engine ms | mlir-runner -O2 ms | wasm / runner | JS / runner | wasm RSS MB | runner RSS MB |');
console.log('|---|---|---|---|---|---|---|---|');
for (const k of KERNELS) {
  if (FILTER && !k.name.includes(FILTER)) continue;
  const src = join(dir, `${k.name}.mlir`);
  writeFileSync(src, k.mlir);
  const lowered = join(dir, `${k.name}.llvm.mlir`);
  const low = spawnSync(`${BIN}/mlir-opt`, [...LOWERING, src, '-o', lowered], { encoding: 'utf8' });
  if (low.status !== 0) throw new Error(low.stderr);
  const args = `-e main -entry-point-result=void`;
  const cmds = {
    wasm: `${SCF_RUN} ${lowered} ${args} --backend=wasm`,
    js: `${SCF_RUN} ${lowered} ${args} --backend=js`,
    ref: `${BIN}/mlir-runner -O2 ${args} -shared-libs=${SHARED} ${lowered}`,
  };
  const res: Record<string, { cpu: number[]; rss: number[]; out?: string; timedOut: boolean }> = {};
  for (const key of Object.keys(cmds) as (keyof typeof cmds)[]) res[key] = { cpu: [], rss: [], timedOut: false };
  for (let i = 0; i < RUNS; i++)
    for (const key of Object.keys(cmds) as (keyof typeof cmds)[]) {
      const r = res[key];
      if (r.timedOut) continue;
      const t = timeCmd(cmds[key]);
      if (t.timedOut) {
        r.timedOut = true;
        continue;
      }
      r.cpu.push(t.cpu);
      r.rss.push(t.rssMB);
      const out = t.out.replace(/base@ = 0x[0-9a-f]+/g, 'base@');
      if (r.out !== undefined && r.out !== out) throw new Error(`${k.name} (${key}): output changed between runs`);
      r.out = out;
    }
  for (const key of ['wasm', 'js'] as const)
    if (res[key].out !== undefined && res[key].out !== res.ref.out) throw new Error(`${k.name}: ${key} prints differently from mlir-runner\n${res[key].out}\nvs\n${res.ref.out}`);
  const ms = (key: string): string => (res[key].timedOut ? `>${TIMEOUT} s` : median(res[key].cpu).toFixed(0));
  const ratio = (key: string): string => (res[key].timedOut ? `>${(TIMEOUT * 1000 / median(res.ref.cpu)).toFixed(0)}x` : (median(res[key].cpu) / median(res.ref.cpu)).toFixed(2) + 'x');
  console.log(`| ${k.name} | ${ms('wasm')} | ${ms('js')} | ${ms('ref')} | ${ratio('wasm')} | ${ratio('js')} | ${res.wasm.timedOut ? '-' : median(res.wasm.rss).toFixed(0)} | ${median(res.ref.rss).toFixed(0)} |`);
}
console.log(`CPU ms, medians of ${RUNS} runs; load average at the end: ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cpus`);
