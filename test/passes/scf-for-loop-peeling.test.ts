// scf-for-loop-peeling (each option combination) and scf-for-loop-canonicalization
// print byte for byte what mlir-opt 22 prints, on random programs whose loops
// have dynamic bounds and steps and compute affine.min/max/apply of their
// induction variables (gen.ts peelLoops).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { generateModule } from '../exec/gen.js';
import { MLIR_OPT } from '../exec/difftool.js';
import { runOpt } from '../../src/tools/opt-driver.js';

const ARGS = [
  '--scf-for-loop-peeling',
  '--scf-for-loop-peeling=peel-front=true',
  '--scf-for-loop-peeling=skip-partial=false',
  '--scf-for-loop-peeling=peel-front=true skip-partial=false',
  '--scf-for-loop-canonicalization',
];

for (const seed of [5101, 5102]) {
  const text = generateModule(seed, 40, { peelLoops: true });
  for (const arg of ARGS) {
    test(`${arg} prints what mlir-opt 22 prints (40 random programs, seed ${seed})`, () => {
      const ref = spawnSync(MLIR_OPT, ['-', arg], { input: text, encoding: 'utf8', maxBuffer: 1 << 28 });
      assert.equal(ref.status, 0, ref.stderr);
      const ours = runOpt(['-', arg], text);
      assert.equal(ours.exitCode, 0, ours.stderr);
      const a = ref.stdout.split('\n');
      const b = ours.stdout.split('\n');
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      assert.ok(i === a.length && a.length === b.length, `line ${i + 1}: mlir-opt ${JSON.stringify(a[i])}, scf-opt ${JSON.stringify(b[i])}`);
    });
  }
}
