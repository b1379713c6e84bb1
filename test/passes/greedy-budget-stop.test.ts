// The greedy driver's safety budget. A fold that reports an in-place change
// without making one (`test.op_in_place_fold_success`, from MLIR's sccp.mlir)
// keeps MLIR 22's driver busy forever: `mlir-opt --canonicalize` on the input
// below does not finish. scf-opt stops after its budget and says so with a
// warning at the op, so that a pass failing on non-convergence does not exit
// 1 without a word. Without the budget being hit, nothing is added (every
// differential test against mlir-opt checks stderr).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../src/tools/opt-driver.js';

const INPUT = `func.func @f() -> i1 {
  %0 = "test.op_in_place_fold_success"() : () -> i1
  return %0 : i1
}
`;

const WARNING =
  /^<stdin>:2:8: warning: greedy pattern rewriting stopped without converging after \d+ folds and 0 rewrites in one sweep: a fold or pattern keeps reporting a change\n/;

function warnings(stderr: string): number {
  return stderr.split('\n').filter((l) => l.includes(': warning: ')).length;
}

test('canonicalize: a fold that never converges stops with one warning, and the IR is printed', () => {
  const r = runOpt(['--allow-unregistered-dialect', '--canonicalize', '-'], INPUT);
  assert.equal(r.exitCode, 0, r.stderr);
  assert.match(r.stderr, WARNING);
  assert.match(r.stderr, /note: see current operation: %0 = "test\.op_in_place_fold_success"\(\) : \(\) -> i1/);
  assert.equal(warnings(r.stderr), 1, r.stderr);
  assert.match(r.stdout, /%0 = "test\.op_in_place_fold_success"\(\) : \(\) -> i1\n\s+return %0 : i1/);
});

test('scf-for-loop-canonicalization: the pass fails on non-convergence, and the warning says why', () => {
  const r = runOpt(['--allow-unregistered-dialect', '--scf-for-loop-canonicalization', '-'], INPUT);
  assert.equal(r.exitCode, 1);
  assert.match(r.stderr, WARNING);
  assert.equal(r.stdout, '');
});

test('a limit the user sets is MLIR 22 behaviour: no warning when max-num-rewrites stops the driver', () => {
  const input = `func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %0, %c0 : i32
  return %1 : i32
}
`;
  const r = runOpt(['--canonicalize=test-convergence max-iterations=1 max-num-rewrites=1', '-'], input);
  assert.equal(r.exitCode, 1);
  assert.equal(r.stderr, '');
});
