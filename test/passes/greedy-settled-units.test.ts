// The greedy driver's settled units (issue 15): a function that one
// iteration of canonicalize left unchanged is not seeded, processed or
// simplified again until something changes it. Outputs compared with the
// driver with the scheme off (the plain MLIR order) on random modules of the
// benchmark's kind, iteration by iteration (max-iterations 1-4), both seeding
// orders and without region simplification, and live against mlir-opt 22.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOpt } from '../../src/tools/opt-driver.js';
import { generateModuleText } from '../../bench/gen.js';
import { setSettledUnitsForTesting, settledUnitStats } from '../../src/transforms/greedy.js';

const MLIR_OPT = process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt';
const dir = mkdtempSync(join(tmpdir(), 'scfkit-settled-units-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

interface Run {
  exitCode: number;
  stdout: string;
  stderr: string;
}

function reference(file: string, args: readonly string[]): Run {
  const r = spawnSync(MLIR_OPT, [file, ...args], { encoding: 'latin1', maxBuffer: 1 << 30 });
  if (r.error) throw r.error;
  return { exitCode: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** scf-opt in-process, with settled units on or off. */
function ours(file: string, args: readonly string[], on: boolean): Run {
  const old = setSettledUnitsForTesting(on);
  try {
    return runOpt([file, ...args]);
  } finally {
    setSettledUnitsForTesting(old);
  }
}

function sameAs(what: string, got: Run, want: Run): void {
  assert.equal(got.stderr, want.stderr, `stderr: ${what}`);
  assert.equal(got.stdout, want.stdout, `stdout: ${what}`);
  assert.equal(got.exitCode, want.exitCode, `exit code: ${what}`);
}

const VARIANTS: readonly string[][] = [
  ['--canonicalize'],
  ['--canonicalize=max-iterations=1'],
  ['--canonicalize=max-iterations=2'],
  ['--canonicalize=max-iterations=3'],
  ['--canonicalize=max-iterations=4'],
  ['--canonicalize=top-down=false'],
  ['--canonicalize=top-down=false max-iterations=3'],
  ['--canonicalize=region-simplify=disabled'],
  ['--canonicalize=region-simplify=aggressive'],
  ['--canonicalize', '--cse', '--canonicalize'],
];

test('random modules: the same output with settled units as without (80 modules, 10 pipelines), and as mlir-opt (12)', () => {
  const before = { ...settledUnitStats };
  for (let seed = 1; seed <= 80; seed++) {
    const file = join(dir, `gen-${seed}.mlir`);
    // Deeper nests and longer bodies on some seeds: more iterations, more units changed late.
    writeFileSync(file, generateModuleText({ bytes: Infinity, functions: 12, seed, form: 'custom', maxDepth: 2 + (seed % 4), statements: 4 + (seed % 9) }));
    for (const args of VARIANTS) {
      const got = ours(file, args, true);
      assert.equal(got.exitCode, 0, `seed ${seed} ${args.join(' ')}: ${got.stderr}`);
      sameAs(`seed ${seed} ${args.join(' ')} (plain order)`, got, ours(file, args, false));
      if (seed <= 12 && args.length === 1 && !args[0].includes('aggressive')) sameAs(`seed ${seed} ${args.join(' ')} (mlir-opt)`, got, reference(file, args));
    }
  }
  // The scheme did skip units (else this compared the plain order with itself).
  const skipped = settledUnitStats.skipped - before.skipped;
  const seeded = settledUnitStats.seeded - before.seeded;
  assert.ok(skipped > 1000, `skipped ${skipped}, seeded ${seeded}`);
});

test('a top-level op that is not a unit (a global, a func nested in canonicalize) turns the scheme off, output unchanged', () => {
  const body = generateModuleText({ bytes: Infinity, functions: 6, seed: 7, form: 'custom', maxDepth: 3 });
  const file = join(dir, 'global.mlir');
  writeFileSync(file, `memref.global "private" @g : memref<4xf32> = dense<0.0>\n${body}`);
  const before = { ...settledUnitStats };
  const got = ours(file, ['--canonicalize'], true);
  assert.equal(got.exitCode, 0, got.stderr);
  assert.equal(settledUnitStats.skipped + settledUnitStats.seeded, before.skipped + before.seeded);
  sameAs('global (plain order)', got, ours(file, ['--canonicalize'], false));
  sameAs('global (mlir-opt)', got, reference(file, ['--canonicalize']));
  const nested = ['--pass-pipeline=builtin.module(func.func(canonicalize))'];
  const plainFile = join(dir, 'nested.mlir');
  writeFileSync(plainFile, body);
  const before2 = { ...settledUnitStats };
  const got2 = ours(plainFile, nested, true);
  assert.equal(got2.exitCode, 0, got2.stderr);
  assert.equal(settledUnitStats.skipped + settledUnitStats.seeded, before2.skipped + before2.seeded);
  sameAs('nested (mlir-opt)', got2, reference(plainFile, nested));
});
