// Lit ratchet: the corpus run through LLVM's lit with MLIR_OPT=bin/scf-opt;
// every file in lit-passing.txt must still PASS. Also checks, once, that lit and
// the reference tools reproduce the corpus's recorded MLIR 22 baseline, so a
// broken environment cannot pass as "no regressions".
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { runLit, runnerOrStub } from './lit.js';
import { corpusRoot, litListPath, llvmBin, scfRun } from './paths.js';
import { checkRatchet, readList } from './ratchet.js';
import { assertExecutable, spawnCommandFromEnv } from './tool.js';

test('lit: listed corpus files still pass with scf-opt', { timeout: 20 * 60_000 }, async () => {
  const root = corpusRoot();
  const opt = spawnCommandFromEnv();
  assertExecutable(opt);
  const scratch = mkdtempSync(join(tmpdir(), 'scfkit-runner-'));
  try {
    const runner = process.env.SCFKIT_RUNNER_CMD ?? (() => {
      const r = runnerOrStub(scfRun, scratch);
      if (r.stub) console.log('bin/scf-run is missing: mlir-runner tests run against a stub that always fails');
      return r.path;
    })();
    const run = await runLit({ corpus: root, opt: opt.join(' '), runner });
    assert.ok(run.discovered !== null && run.discovered > 0, `lit reported no tests (exit ${run.exitCode}):\n${run.stderr.slice(-3000)}`);
    assert.equal(run.results.size, run.discovered, 'lit printed a verdict for fewer tests than it discovered');

    const counts = new Map<string, number>();
    for (const code of run.results.values()) counts.set(code, (counts.get(code) ?? 0) + 1);
    console.log(`lit, MLIR_OPT=${opt.join(' ')}: ${[...counts].map(([c, n]) => `${c} ${n}`).join(', ')} in ${(run.ms / 1000).toFixed(1)} s`);

    const passing = new Map([...run.results].map(([k, code]) => [k, code === 'PASS']));
    const check = checkRatchet(readList(litListPath), passing);
    for (const k of check.newlyPassing) console.log(`  NEW PASS ${k} (run \`npm run conformance:update\` to lock it in)`);
    assert.deepEqual(check.unknown, [], 'lit-passing.txt lists files lit did not run');
    const details = check.regressions.map((k) => `${k}: ${run.results.get(k)}\n${(run.failureLogs.get(k) ?? '').split('\n').slice(-20).join('\n')}`);
    assert.equal(check.regressions.length, 0, `listed lit tests regressed:\n${details.join('\n\n')}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test('lit: MLIR 22 itself reproduces BASELINE-mlir22.tsv', { timeout: 10 * 60_000 }, async () => {
  const root = corpusRoot();
  const run = await runLit({ corpus: root, opt: join(llvmBin, 'mlir-opt'), runner: join(llvmBin, 'mlir-runner') });
  assert.ok(run.discovered !== null && run.discovered > 0, `lit reported no tests (exit ${run.exitCode}):\n${run.stderr.slice(-3000)}`);
  const baseline = new Map<string, string>();
  for (const line of readFileSync(join(root, 'BASELINE-mlir22.tsv'), 'utf8').split('\n').slice(1)) {
    const [path, result] = line.split('\t');
    if (path && result) baseline.set(path, result);
  }
  assert.ok(baseline.size > 0, 'BASELINE-mlir22.tsv is empty');
  const differences = [...baseline]
    .filter(([path, result]) => run.results.get(path) !== result)
    .map(([path, result]) => `${path}: baseline ${result}, now ${run.results.get(path) ?? 'not run'}`);
  assert.deepEqual(differences, [], 'lit with mlir-opt 22 no longer matches the baseline: the environment or the harness is broken');
  assert.equal(run.results.size, baseline.size, 'lit ran tests the baseline does not list');
});
