// The engine runs the early-exit ops (scf.loop, scf.break, scf.continue,
// token-carrying scf.execute_region) as written, and agrees with the same
// program after convert-scf-to-cf (and scf-lower-early-exit).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadModule } from '../../src/index.js';
import { runOpt } from '../../src/tools/opt-driver.js';
import { corpusRoot, repoRoot } from '../conformance/paths.js';
import { LLVM_BIN, runReference, tempDir } from './difftool.js';

const SRC = readFileSync(join(repoRoot, 'test/exec/programs/early-exit.mlir'), 'utf8');

function run(text: string): string {
  let out = '';
  loadModule(text, { output: (s) => (out += s) }).call('main');
  return out;
}

test('scf.loop with break/continue and execute_region breaks execute', () => {
  // collatz(27) takes 111 steps; first_neg picks the first negative argument, else 0.
  assert.equal(run(SRC), '111\n-2\n-1\n0\n');
  const m = loadModule(SRC, { output: () => {} });
  assert.equal(Number(m.call('collatz', 6n)), 8);
  assert.equal(Number(m.call('first_neg', 3n, -7n)), -7);
});

test('convert-scf-to-cf lowers scf.loop; token execute_regions it refuses, as upstream', () => {
  const loops = SRC.slice(0, SRC.indexOf('func.func @first_neg')) + 'func.func @main() {\n  %c = arith.constant 27 : i64\n  %r = func.call @collatz(%c) : (i64) -> i64\n  vector.print %r : i64\n  return\n}\n';
  const lowered = runOpt(['--convert-scf-to-cf'], loops);
  assert.equal(lowered.exitCode, 0, lowered.stderr);
  assert.doesNotMatch(lowered.stdout, /scf\./);
  assert.equal(run(lowered.stdout), '111\n');
  const refused = runOpt(['--convert-scf-to-cf'], SRC);
  assert.equal(refused.exitCode, 1);
  assert.match(refused.stderr, /error: failed to legalize operation 'scf\.execute_region'/);
  const viaLowering = runOpt(['--scf-lower-early-exit', '--convert-scf-to-cf'], SRC);
  assert.equal(viaLowering.exitCode, 0, viaLowering.stderr);
  assert.equal(run(viaLowering.stdout), run(SRC));
});

test('nested loops: continue and break of the outer loop from the inner one', () => {
  const src = `func.func @main() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %r = scf.loop token(%outer) iter_args(%i = %c0) : i32 -> i32 {
    %j0 = arith.addi %i, %c1 : i32
    scf.loop token(%inner) iter_args(%j = %j0) : i32 {
      vector.print %j : i32
      %big = arith.cmpi sge, %j, %c5 : i32
      scf.if %big {
        scf.break [%outer] %j : i32
      }
      %e = arith.cmpi eq, %j, %c3 : i32
      scf.if %e {
        scf.continue [%outer] %j : i32
      }
      %j1 = arith.addi %j, %c1 : i32
      scf.continue [%inner] %j1 : i32
    }
    scf.continue [%outer] %i : i32
  }
  vector.print %r : i32
  return
}
`;
  assert.equal(run(src), '1\n2\n3\n4\n5\n5\n');
  assert.equal(run(runOpt(['--convert-scf-to-cf'], src).stdout), '1\n2\n3\n4\n5\n5\n');
});

// Integration/Dialect/SCF/early_exit.mlir lowers with -convert-cf-to-llvm/-convert-to-llvm,
// which scf-opt does not have; its program, with the llvm.* scalar ops spelled in arith,
// must print its CHECK lines, run here and through scf-lower-early-exit + MLIR 22.
test('the Integration early_exit.mlir program meets its CHECK lines', () => {
  const file = join(corpusRoot(), 'Integration/Dialect/SCF/early_exit.mlir');
  const src = readFileSync(file, 'utf8')
    .replace('llvm.func @entry()', 'func.func @entry()')
    .replace('llvm.return', 'return')
    .replace(/llvm\.mlir\.constant\((\d+) : i64\) : i64/g, 'arith.constant $1 : i64')
    .replace(/llvm\.add /g, 'arith.addi ')
    .replace(/llvm\.icmp "(\w+)"/g, 'arith.cmpi $1,');
  assert.doesNotMatch(src.replace(/^\/\/.*$/gm, ''), /llvm\./);
  let out = '';
  loadModule(src, { output: (s) => (out += s) }).call('entry');
  const fc = (input: string): number | null => spawnSync(join(LLVM_BIN, 'FileCheck'), [file], { input, encoding: 'utf8' }).status;
  assert.equal(fc(out), 0, out);
  const lowered = runOpt(['--scf-lower-early-exit'], src);
  assert.equal(lowered.exitCode, 0, lowered.stderr);
  const dir = tempDir();
  try {
    const f = join(dir, 'lowered.mlir');
    writeFileSync(f, lowered.stdout);
    const ref = runReference(f, 'entry');
    assert.equal(ref.code, 0, ref.stderr);
    assert.equal(ref.stdout, out);
    assert.equal(fc(ref.stdout), 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
