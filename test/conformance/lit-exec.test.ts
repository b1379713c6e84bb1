// Execution ratchet: every file listed in lit-exec-passing.txt must still PASS
// under lit with MLIR_RUNNER=bin/scf-run (MLIR_OPT stays the real mlir-opt 22),
// as scf-run picks its backend, with the JavaScript backend forced, and with
// the WebAssembly backend forced (where it cannot express a file, the file is
// listed below with the reason, and must fail saying so).
import assert from 'node:assert/strict';
import test from 'node:test';
import { existsSync } from 'node:fs';
import { litExecListPath, runLitExec } from './lit-exec.js';
import { corpusRoot, scfRun } from './paths.js';
import { checkRatchet, readList } from './ratchet.js';

/** Listed files the WebAssembly backend does not express (scf-run falls back to JavaScript for them). */
// None left: math-polynomial-approx (vectors) and x86-varargs (variadic functions) run on the WebAssembly LLVM engine.
const NOT_ON_WASM = new Map<string, string>([]);

const RUNNERS: [label: string, args: string, notExpressed: Map<string, string>][] = [
  ['scf-run', '', new Map()],
  ['scf-run --backend=js', ' --backend=js', new Map()],
  ['scf-run --backend=wasm', ' --backend=wasm', NOT_ON_WASM],
];

for (const [label, args, notExpressed] of RUNNERS) {
  test(`lit-exec: listed execution tests still pass with ${label}`, { timeout: 10 * 60_000 }, async () => {
    assert.ok(existsSync(scfRun), 'bin/scf-run is missing');
    const listed = readList(litExecListPath);
    assert.ok(listed.length > 0, 'lit-exec-passing.txt is empty');
    const run = await runLitExec(corpusRoot(), (process.env.SCFKIT_RUNNER_CMD ?? scfRun) + args);
    assert.ok(run.discovered !== null && run.discovered > 0, `lit reported no tests (exit ${run.exitCode}):\n${run.stderr.slice(-3000)}`);
    assert.equal(run.results.size, run.discovered, 'lit printed a verdict for fewer tests than it discovered');
    const counts = new Map<string, number>();
    for (const code of run.results.values()) counts.set(code, (counts.get(code) ?? 0) + 1);
    console.log(`lit-exec, MLIR_RUNNER=${label}: ${[...counts].map(([c, n]) => `${c} ${n}`).join(', ')} in ${(run.ms / 1000).toFixed(1)} s`);
    for (const [file, reason] of notExpressed) {
      assert.ok(listed.includes(file), `${file} is not in lit-exec-passing.txt`);
      assert.notEqual(run.results.get(file), 'PASS', `${file} now passes with ${label}: remove it from the list of files it cannot express`);
      assert.match(run.failureLogs.get(file) ?? '', /the WebAssembly backend does not support/, `${file} should fail for want of ${reason}`);
    }
    const expected = listed.filter((k) => !notExpressed.has(k));
    const passing = new Map([...run.results].map(([k, code]) => [k, code === 'PASS']));
    const check = checkRatchet(expected, passing);
    if (!args) for (const k of check.newlyPassing) console.log(`  NEW PASS ${k} (run \`node dist/test/conformance/cli.js update --lit-exec\`)`);
    assert.deepEqual(check.unknown, [], 'lit-exec-passing.txt lists files lit did not run');
    const details = check.regressions.map((k) => `${k}: ${run.results.get(k)}\n${(run.failureLogs.get(k) ?? '').split('\n').slice(-20).join('\n')}`);
    assert.equal(check.regressions.length, 0, `listed execution tests regressed:\n${details.join('\n\n')}`);
  });
}
