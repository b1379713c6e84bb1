// A misspelt flag gets LLVM's suggestion, as mlir-opt 22 prints it: the
// nearest known flag, pass flags included, with the value given after it.
// Live against mlir-opt; only the tool's name (and mlir-opt's path in
// "Try:") differ. Far misspellings are not compared: the nearest flag
// depends on the whole option set, and mlir-opt has options scf-opt lacks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { runOpt } from '../../src/tools/opt-driver.js';

const MLIR_OPT = process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt';

test('misspelt flags and pass flags are answered with the suggestion mlir-opt 22 makes', () => {
  const typos = [
    '--canonicalise',
    '--canonicalise=top-down=false',
    '-cse2',
    '--sccpp',
    '--loop-invariant-code-motio',
    '--convert-scf-to-cff',
    '--mlir-timingg=1',
    '--split-input-fil=x',
    '--verify-diagnostic',
    '--mlir-print-debuginf',
  ];
  for (const flag of typos) {
    const ours = runOpt([flag, '-'], '');
    const ref = spawnSync(MLIR_OPT, [flag, '-'], { input: '', encoding: 'utf8' });
    assert.equal(ours.exitCode, 1, flag);
    assert.equal(ref.status, 1, flag);
    const normalized = ref.stderr.replaceAll(`'${MLIR_OPT} --help'`, "'scf-opt --help'").replace(/^mlir-opt:/gm, 'scf-opt:');
    assert.equal(ours.stderr, normalized, flag);
    assert.match(ours.stderr, /Did you mean '--/, flag);
  }
});
