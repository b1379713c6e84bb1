// #llvm.memory_effects (what convert-math-to-libm puts on the libm declarations):
// printed form and diagnostics, live against mlir-opt 22.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { MLIR_OPT, tempDir, writeTemp } from '../../exec/difftool.js';
import { runOpt } from '../../../src/tools/opt-driver.js';

const CASES = [
  '<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>',
  '<targetMem1 = read, argMem = write, other = readwrite, inaccessibleMem = none, errnoMem = read, targetMem0 = write>',
  '<other = none, argMem = read>',
  '<other = foo, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>',
  '<other = none, bogus = none>',
  '<other = none, other = none>',
  '<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none, x = none>',
];

for (const [i, body] of CASES.entries()) {
  test(`#llvm.memory_effects${body} as mlir-opt`, () => {
    const file = writeTemp(tempDir(), `me${i}.mlir`, `llvm.func @f(f64) -> f64 attributes {memory_effects = #llvm.memory_effects${body}}\n`);
    const ref = spawnSync(MLIR_OPT, [file], { encoding: 'utf8' });
    const { exitCode: code, stdout, stderr } = runOpt([file]);
    assert.equal(code === 0, ref.status === 0, stderr);
    if (ref.status === 0) assert.equal(stdout, ref.stdout);
    // mlir-opt may add a second error about the parameter; the first is the one at the fault.
    else assert.equal(stderr.split('\n')[0], ref.stderr.split('\n')[0]);
  });
}
