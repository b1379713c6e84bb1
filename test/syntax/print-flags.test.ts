// Printer flags that annotate or rename SSA values, checked against what
// mlir-opt 22 prints for the same input, run live: --mlir-print-value-users
// and --mlir-use-nameloc-as-prefix.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { runOpt } from '../../src/tools/opt-driver.js';

const MLIR_OPT = process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt';

function sameAsMlirOpt(args: string[], input: string): void {
  const ref = spawnSync(MLIR_OPT, [...args, '-'], { input, encoding: 'utf8' });
  assert.equal(ref.status, 0, ref.stderr);
  const r = runOpt([...args, '-'], input);
  assert.equal(r.stderr, '');
  assert.equal(r.exitCode, 0);
  assert.equal(r.stdout, ref.stdout);
}

test('--mlir-print-value-users comments block arguments, results and ops without results', () => {
  const input = `func.func @foo(%arg0: i32, %arg1: i32, %arg3: i32) -> i32 {
  "test.noop"() : () -> ()
  "test.no_result"(%arg0) {} : (i32) -> ()
  %1 = "test.unused_result"(%arg0, %arg1) {} : (i32, i32) -> i32
  %2 = "test.one_result"(%arg0, %arg1) {} : (i32, i32) -> i32
  %3:2 = "test.many_results"(%2) {} : (i32) -> (i32, i32)
  %7:2 = "test.many_results"() : () -> (i32, i32)
  %4 = "test.foo"(%3#0) {} : (i32) -> i32
  %5 = "test.foo"(%3#1, %4, %4) {} : (i32, i32, i32) -> i32
  %6 = "test.foo"(%3#0, %3#1) {} : (i32, i32) -> i32
  "test.no_result"(%6) {} : (i32) -> ()
  "test.no_result"(%7#0) : (i32) -> ()
  return %6: i32
}`;
  sameAsMlirOpt(['--allow-unregistered-dialect', '--mlir-print-value-users'], input);
});

test('--mlir-print-value-users numbers result-less ops (func.func included), nested regions after their parent region', () => {
  const input = `func.func @f(%c: i1) {
  %x = arith.constant 1 : i32
  scf.if %c {
    "test.use"(%x) : (i32) -> ()
  }
  return
}`;
  sameAsMlirOpt(['--allow-unregistered-dialect', '--mlir-print-value-users'], input);
});

test('--mlir-use-nameloc-as-prefix names results and arguments after NameLocs', () => {
  const input = `func.func private @make_two_results() -> (index, index)
func.func @g(%arg0 : memref<i32> loc("foo"), %cond: i1) {
  %a = memref.load %arg0[] : memref<i32> loc("alice")
  %b = memref.load %arg0[] : memref<i32> loc(fused["x.mlir":1:1, "alice"])
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index loc("one")
  %1, %2 = call @make_two_results() : () -> (index, index) loc("bar")
  %5:2 = scf.while (%arg1 = %1, %arg2 = %1) : (index, index) -> (index, index) {
    %6 = arith.cmpi slt, %arg1, %arg2 : index
    scf.condition(%6) %arg1, %arg2 : index, index
  } do {
  ^bb0(%arg3 : index loc("p"), %arg4: index loc("q")):
    scf.yield %arg4, %arg3 : index, index
  } loc("kevin")
  return
}`;
  sameAsMlirOpt(['--mlir-use-nameloc-as-prefix'], input);
});
