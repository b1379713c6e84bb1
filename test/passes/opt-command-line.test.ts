// A misspelt flag gets LLVM's suggestion, as mlir-opt 22 prints it: the
// nearest known flag, pass flags included, with the value given after it.
// And the rest of LLVM's command-line parse: every bad argument reported,
// one-letter options grouped, --help and --version acting where they stand.
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

test('bad command lines get every message mlir-opt 22 prints, in its order, and its exit code', () => {
  const cases = [
    // Every bad argument is reported, then the positional count.
    ['--canonicalise', '--sccpp', '-'],
    ['--mlir-timing=2', '--canonicalise', '-'],
    ['a.mlir', 'b.mlir', '--sccpp'],
    // One-letter options group; one that takes a value cannot be followed by letters.
    ['-o2', '-'],
    ['--o2', '-'],
    ['-px', '-'],
    ['-op=x', '-'],
    // Options are named in messages with the dashes of their names, not of the argument.
    ['-mlir-timing=2'],
    ['--o'],
    ['-pass-pipeline'],
    // --help and --version take no value.
    ['-h=1'],
    ['--help=1'],
    ['--version=1'],
  ];
  for (const args of cases) {
    const ours = runOpt(args, '');
    const ref = spawnSync(MLIR_OPT, args, { input: '', encoding: 'utf8' });
    const normalized = ref.stderr
      .replaceAll(`'${MLIR_OPT} --help'`, "'scf-opt --help'")
      .replaceAll(`See: ${MLIR_OPT} --help`, 'See: scf-opt --help')
      .replace(/^mlir-opt:/gm, 'scf-opt:');
    assert.equal(ref.status, 1, args.join(' '));
    assert.equal(ours.exitCode, 1, args.join(' '));
    assert.equal(ours.stderr, normalized, args.join(' '));
  }
});

test('--help and --version act where they stand: after bad arguments (reported), and before any (not read)', () => {
  const cases = [
    { args: ['--canonicalise', '--help'], out: /^OVERVIEW: / },
    { args: ['--canonicalise', '-hW'], out: /^OVERVIEW: / },
    { args: ['--hlep=1', '-'], out: /^OVERVIEW: / },
    { args: ['--help', '--sccpp'], out: /^OVERVIEW: / },
    { args: ['--sccpp', '--version'], out: /version/ },
  ];
  for (const { args, out } of cases) {
    const ours = runOpt(args, '');
    const ref = spawnSync(MLIR_OPT, args, { input: '', encoding: 'utf8' });
    const normalized = ref.stderr.replaceAll(`'${MLIR_OPT} --help'`, "'scf-opt --help'").replace(/^mlir-opt:/gm, 'scf-opt:');
    assert.equal(ref.status, 0, args.join(' '));
    assert.equal(ours.exitCode, 0, args.join(' '));
    assert.equal(ours.stderr, normalized, args.join(' '));
    assert.match(ref.stdout, out, args.join(' '));
    assert.match(ours.stdout, out, args.join(' '));
  }
});
