// The greedy driver's skip pointers over queued ancestors are recorded only
// for walks of a few steps or more (short walks cost less than recording):
// the output is the same whichever walks record, and the steps taken on
// bench/depth.ts's nests still grow linearly with depth (quadratically when
// no walk records).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOpt } from '../../src/tools/opt-driver.js';
import { writeInput } from '../../bench/depth.js';
import { generateModuleText } from '../../bench/gen.js';
import { setSkipMinWalkForTesting, skipWalkStats } from '../../src/transforms/greedy.js';

const dir = mkdtempSync(join(tmpdir(), 'scfkit-skip-pointers-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/** scf-opt in-process with `minWalk` as the recording threshold: its output and the walk steps taken. */
function run(file: string, args: readonly string[], minWalk: number): { stdout: string; steps: number } {
  const old = setSkipMinWalkForTesting(minWalk);
  const before = skipWalkStats.steps;
  try {
    const r = runOpt([file, ...args]);
    assert.equal(r.exitCode, 0, r.stderr);
    return { stdout: r.stdout, steps: skipWalkStats.steps - before };
  } finally {
    setSkipMinWalkForTesting(old);
  }
}

// The pass whose walks each nest exercises: ConditionPropagation on the `if`
// nest, the dead calls --inline leaves in the `for` nest.
for (const [shape, counted] of [['if', '--canonicalize'], ['for', '--inline']] as const)
  test(`bench:depth ${shape} nest: ${counted}'s walk steps grow linearly with depth; same output whichever walks record`, () => {
    const steps: number[] = [];
    const none: number[] = [];
    for (const depth of [300, 600]) {
      const file = join(dir, `${shape}-${depth}.mlir`);
      writeInput(file, shape, depth);
      for (const args of [['--canonicalize'], ['--inline']]) {
        const got = run(file, args, 4);
        for (const minWalk of [1, 2, Infinity]) assert.equal(run(file, args, minWalk).stdout, got.stdout, `${shape}-${depth} ${args} minWalk ${minWalk}`);
        if (args[0] === counted) {
          steps.push(got.steps);
          none.push(run(file, args, Infinity).steps);
        }
      }
    }
    assert.ok(steps[1] / steps[0] < 2.3, `steps ${steps[0]} at 300 levels, ${steps[1]} at 600`);
    // The count measures the walks: recording nothing makes them quadratic.
    assert.ok(none[1] / none[0] > 3, `no pointers: steps ${none[0]} at 300 levels, ${none[1]} at 600`);
  });

test('random benchmark modules, deep nests: same output whichever walks record', () => {
  for (let seed = 1; seed <= 8; seed++) {
    const file = join(dir, `gen-${seed}.mlir`);
    writeFileSync(file, generateModuleText({ bytes: Infinity, functions: 6, seed, form: 'custom', maxDepth: 3 + (seed % 5), statements: 4 + (seed % 9) }));
    for (const args of [['--canonicalize'], ['--canonicalize=top-down=false'], ['--canonicalize', '--cse', '--canonicalize']]) {
      const got = run(file, args, 4).stdout;
      for (const minWalk of [1, Infinity]) assert.equal(run(file, args, minWalk).stdout, got, `seed ${seed} ${args} minWalk ${minWalk}`);
    }
  }
});
