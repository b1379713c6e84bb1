// Runtime errors: what native code would leave undefined is reported as an
// MLIR diagnostic at the operation (`file:line:col: error: ...`, exit code 1),
// the same on both backends (each case runs with `--backend=js` and
// `--backend=wasm`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runOurs } from './difftool.js';
import { PROGRAMS, SCF_RUN } from './paths.js';

const CASES: [file: string, location: string, message: string, what: string][] = [
  ['err_oob', '4:8', "'memref.load' op out-of-bounds access into memref<4xf32>", 'out-of-bounds load'],
  ['err_oob_store', '9:5', "'memref.store' op out-of-bounds access into memref<3x?xf64>", 'out-of-bounds store in a dynamic dimension, inside a loop'],
  ['err_uaf', '6:8', "'memref.load' op accesses a memref after its deallocation (or after the end of its allocation scope)", 'load through a subview after dealloc'],
  ['err_alloca_scope', '9:3', "'memref.store' op accesses a memref after its deallocation (or after the end of its allocation scope)", 'alloca used after its function returned'],
  ['err_double_free', '4:3', "'memref.dealloc' op deallocates a memref that was already deallocated", 'double dealloc'],
  ['err_const_global', '6:3', "'memref.store' op stores into a constant global memref", 'store to a constant global'],
  ['err_div0', '8:8', "'arith.divsi' op division by zero", 'i32 division by zero'],
  ['err_div0_index', '2:8', "'arith.remui' op division by zero", 'index remainder by zero'],
  ['err_ovf', '4:8', "'arith.divsi' op signed division overflow (the minimum value divided by -1)", 'INT_MIN / -1'],
  ['err_step0', '4:3', "'scf.for' op step must be positive, got 0", 'scf.for step 0'],
  ['err_stepneg', '4:3', "'scf.parallel' op step must be positive, got -1", 'scf.parallel negative dynamic step'],
  ['err_poison_if', '3:3', "'scf.if' op uses a poison value as condition", 'branch on ub.poison'],
  // Poison from a shift or an fptosi propagates through arithmetic like
  // ub.poison's (the poison analysis knows both) and is reported where it is used.
  ['err_poison_print', '6:3', "'vector.print' op uses a poison value as printed value", 'arithmetic on an out-of-range shift (poison), then printing it'],
  ['err_fptosi', '4:3', "'vector.print' op uses a poison value as printed value", 'printing an out-of-range fptosi'],
];

const BACKENDS = ['js', 'wasm'] as const;

for (const [file, loc, message, what] of CASES) {
  for (const backend of BACKENDS)
    test(`runtime error (${backend}): ${what}`, () => {
      const path = join(PROGRAMS, file + '.mlir');
      const r = runOurs([path, '-e', 'main', '-entry-point-result=void', `--backend=${backend}`]);
      assert.equal(r.code, 1);
      const first = r.stderr.split('\n')[0];
      assert.equal(first, `${path}:${loc}: error: ${message}`);
      // The source line and a caret follow, as in MLIR's diagnostics.
      assert.match(r.stderr.split('\n')[2] ?? '', /^\s*\^$/);
    });
}

for (const backend of BACKENDS)
  test(`poison that is never used in an undefined way is fine (${backend})`, () => {
    const r = runOurs([join(PROGRAMS, 'poison_ok.mlir'), `--backend=${backend}`]);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, '5\n');
  });

for (const backend of BACKENDS)
  test(`runtime error (${backend}): unbounded recursion is a stack-overflow error, not a JS stack trace (bin/scf-run)`, () => {
    const path = join(PROGRAMS, 'err_recursion.mlir');
    const r = spawnSync(SCF_RUN, [path, '-e', 'main', '-entry-point-result=void', `--backend=${backend}`], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.equal(
      r.stderr.split('\n')[0],
      `${path}:4:8: error: 'func.call' op stack overflow: the call depth exceeds what the engine can execute (unbounded recursion?)`,
    );
    assert.doesNotMatch(r.stderr, /RangeError|at f\d|node:internal/);
  });

for (const backend of BACKENDS)
  test(`deep (bounded) recursion runs: 200000 nested calls (${backend})`, () => {
  const src = `func.func @f(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %z = arith.cmpi eq, %n, %c0 : i64
  %r = scf.if %z -> i64 {
    scf.yield %c0 : i64
  } else {
    %m = arith.subi %n, %c1 : i64
    %x = func.call @f(%m) : (i64) -> i64
    %y = arith.addi %x, %c1 : i64
    scf.yield %y : i64
  }
  return %r : i64
}
func.func @main() {
  %n = arith.constant 200000 : i64
  %r = func.call @f(%n) : (i64) -> i64
  vector.print %r : i64
  return
}
`;
  const r = spawnSync(SCF_RUN, ['-', '-e', 'main', '-entry-point-result=void', `--backend=${backend}`], { input: src, encoding: 'utf8' });
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  assert.equal(r.stdout, '200000\n');
});
