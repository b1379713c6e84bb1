// Differential testing: random UB-free programs (gen.ts) run by scf-run and by
// MLIR 22 (mlir-opt lowering + mlir-runner) must print identical text. The
// only normalization is the data pointer printed by printMemref*, which is a
// real address in mlir-runner and a deterministic fake one in scf-run.
//
// Both backends: every batch uses every feature of the generator (variable
// shifts and float-to-int conversions, whose possible poison the
// WebAssembly backend tracks as the JavaScript backend does; f16/bf16, views,
// printMemref...) and runs on the backend scf-run picks and, when that is
// the WebAssembly one, on the JavaScript backend too. Every batch has
// wrapping i64 steps and i33.
//
// SCFKIT_DIFF_PROGRAMS (default 1000) sets the number of programs,
// SCFKIT_DIFF_SEED the base seed (default fixed; "random" picks one).

import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { generateModule } from './gen.js';
import { runOurs, runReferenceAsync, tempDir, writeTemp, type ToolResult } from './difftool.js';

const PROGRAMS = Number(process.env.SCFKIT_DIFF_PROGRAMS ?? 1000);
const PER_BATCH = 100;
const seedEnv = process.env.SCFKIT_DIFF_SEED;
const BASE_SEED = seedEnv === 'random' ? (Math.random() * 2 ** 31) | 0 : Number(seedEnv ?? 20240601);

type Backend = 'wasm' | 'js';

const normalize = (s: string): string => s.replace(/base@ = 0x[0-9a-f]+/g, 'base@ = <addr>');

/** The program (pN) in which two outputs first differ, with the lines around the difference. */
function firstDifference(ref: string, ours: string): string {
  const a = ref.split('\n');
  const b = ours.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let prog = '?';
  for (let j = Math.min(i, a.length - 1); j >= 0; j--)
    if (/^p\d+$/.test(a[j])) {
      prog = a[j];
      break;
    }
  return `first difference in ${prog} at output line ${i + 1}: mlir-runner ${JSON.stringify(a[i])} vs scf-run ${JSON.stringify(b[i])}`;
}

test(`differential: ${PROGRAMS} generated programs, scf-run vs mlir-runner (seed ${BASE_SEED})`, { timeout: 15 * 60 * 1000 }, async (t: TestContext) => {
  const dir = tempDir();
  let checked = 0;
  const ranOn = { wasm: 0, js: 0 };
  const batches = Math.ceil(PROGRAMS / PER_BATCH);
  // Two batches in flight: the reference of batch k+1 runs while scf-run runs batch k.
  const prepared = (k: number) => {
    const count = Math.min(PER_BATCH, PROGRAMS - k * PER_BATCH);
    const seed = BASE_SEED + k;
    const text = generateModule(seed, count, { wideInts: true });
    const file = writeTemp(dir, `batch${k}.mlir`, text);
    return { k, count, seed, file, ref: runReferenceAsync(file) };
  };
  let next = prepared(0);
  for (let k = 0; k < batches; k++) {
    const cur = next;
    if (k + 1 < batches) next = prepared(k + 1);
    const args = [cur.file, '-e', 'main', '-entry-point-result=void'];
    // The backend scf-run picks, then the other one when that was wasm.
    const picked = runOurs([...args, '--debug-backend']);
    const backend: Backend = /backend: wasm/.test(picked.stderr) ? 'wasm' : 'js';
    const runs: { backend: Backend; out: ToolResult }[] = [{ backend, out: picked }];
    if (backend === 'wasm') runs.push({ backend: 'js', out: runOurs([...args, '--backend=js']) });
    const ref = await cur.ref;
    assert.equal(ref.code, 0, `mlir-runner failed on ${cur.file} (seed ${cur.seed}): ${ref.stderr.slice(0, 2000)}`);
    const r = normalize(ref.stdout);
    for (const run of runs) {
      assert.equal(run.out.code, 0, `scf-run (${run.backend}) failed on ${cur.file} (seed ${cur.seed}): ${run.out.stderr.slice(0, 2000)}`);
      const o = normalize(run.out.stdout);
      if (r !== o) assert.fail(`batch ${cur.file} (seed ${cur.seed}, ${run.backend} backend): ${firstDifference(r, o)}`);
      ranOn[run.backend] += cur.count;
    }
    const first = k * PER_BATCH;
    t.diagnostic(`p${first}-p${first + cur.count - 1} (batch ${k}): ${runs.map((x) => x.backend).join(' and ')}${backend === 'js' ? ` (${picked.stderr.trim().split('\n')[0]})` : ''}`);
    // Every program printed its marker.
    const markers = r.split('\n').filter((l) => /^p\d+$/.test(l)).length;
    assert.equal(markers, cur.count);
    checked += cur.count;
  }
  assert.equal(checked, PROGRAMS);
  t.diagnostic(`programs run on wasm: ${ranOn.wasm}, on js: ${ranOn.js} (of ${PROGRAMS})`);
  // The WebAssembly backend must really have run (nearly) every program, not fallen back.
  assert.ok(ranOn.wasm >= PROGRAMS * 0.95, `only ${ranOn.wasm} of ${PROGRAMS} programs ran on the WebAssembly backend`);
  assert.equal(ranOn.js, PROGRAMS);
});
