// Printer flags that annotate or rename SSA values, checked against what
// /usr/lib/llvm-22/bin/mlir-opt prints for the same input (written here
// literally): --mlir-print-value-users and --mlir-use-nameloc-as-prefix.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../src/tools/opt-driver.js';

function opt(args: string[], input: string): string {
  const r = runOpt([...args, '-'], input);
  assert.equal(r.stderr, '');
  assert.equal(r.exitCode, 0);
  return r.stdout;
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
  assert.equal(
    opt(['--allow-unregistered-dialect', '--mlir-print-value-users'], input),
    `module {
  func.func @foo(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
    // %arg0 is used by %4, %3, %2
    // %arg1 is used by %4, %3
    // %arg2 is unused
    "test.noop"() : () -> ()
    "test.no_result"(%arg0) : (i32) -> () // id: %2
    %3 = "test.unused_result"(%arg0, %arg1) : (i32, i32) -> i32 // unused
    %4 = "test.one_result"(%arg0, %arg1) : (i32, i32) -> i32 // users: %5#0, %5#1
    %5:2 = "test.many_results"(%4) : (i32) -> (i32, i32) // users: (%9, %7), (%9, %8)
    %6:2 = "test.many_results"() : () -> (i32, i32) // users: (%11), (unused)
    %7 = "test.foo"(%5#0) : (i32) -> i32 // user: %8
    %8 = "test.foo"(%5#1, %7, %7) : (i32, i32, i32) -> i32 // unused
    %9 = "test.foo"(%5#0, %5#1) : (i32, i32) -> i32 // users: %12, %10
    "test.no_result"(%9) : (i32) -> () // id: %10
    "test.no_result"(%6#0) : (i32) -> () // id: %11
    return %9 : i32 // id: %12
  }
}

`,
  );
});

test('--mlir-print-value-users numbers result-less ops (func.func included), nested regions after their parent region', () => {
  const input = `func.func @f(%c: i1) {
  %x = arith.constant 1 : i32
  scf.if %c {
    "test.use"(%x) : (i32) -> ()
  }
  return
}`;
  assert.equal(
    opt(['--allow-unregistered-dialect', '--mlir-print-value-users'], input),
    `module {
  func.func @f(%arg0: i1) {
    // %arg0 is used by %1
    %c1_i32 = arith.constant 1 : i32 // user: %3
    scf.if %arg0 {
      "test.use"(%c1_i32) : (i32) -> () // id: %3
    } // id: %1
    return
  }
}

`,
  );
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
  assert.equal(
    opt(['--mlir-use-nameloc-as-prefix'], input),
    `module {
  func.func private @make_two_results() -> (index, index)
  func.func @g(%foo: memref<i32>, %arg1: i1) {
    %alice = memref.load %foo[] : memref<i32>
    %alice_0 = memref.load %foo[] : memref<i32>
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : index
    %bar:2 = call @make_two_results() : () -> (index, index)
    %kevin:2 = scf.while (%arg2 = %bar#0, %arg3 = %bar#0) : (index, index) -> (index, index) {
      %0 = arith.cmpi slt, %arg2, %arg3 : index
      scf.condition(%0) %arg2, %arg3 : index, index
    } do {
    ^bb0(%p: index, %q: index):
      scf.yield %q, %p : index, index
    }
    return
  }
}

`,
  );
});
