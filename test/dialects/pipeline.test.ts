// The pipeline dialect: its ops print, parse back and verify, with
// MLIR-form diagnostics for the invariants the verifiers add.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../src/tools/opt-driver.js';

const ok = `func.func @f(%a: memref<?xf32>, %iv: index, %lb: index, %ub: index, %st: index, %x: i32, %y: i32) -> i32 {
  %p = pipeline.predicate stage 1 of 3, %iv, %lb, %ub, %st : index
  %q = pipeline.predicate stage 0 of 2, %x, %y, %y, %x unsigned : i32
  %m = pipeline.mask %p -> (f32) {
    %0 = memref.load %a[%iv] : memref<?xf32>
    pipeline.yield %0 : f32
  }
  pipeline.mask %q {
    memref.store %m, %a[%iv] : memref<?xf32>
    pipeline.yield
  }
  %r = pipeline.mask %q -> (i32) {
    pipeline.yield %x : i32
  }
  return %r : i32
}
`;

test('pipeline ops round-trip (custom and generic form)', () => {
  const once = runOpt(['-'], ok);
  assert.equal(once.exitCode, 0, once.stderr);
  assert.match(once.stdout, /pipeline\.predicate stage 1 of 3, %arg1, %arg2, %arg3, %arg4 : index/);
  assert.match(once.stdout, /pipeline\.predicate stage 0 of 2, %arg5, %arg6, %arg6, %arg5 unsigned : i32/);
  assert.equal(runOpt(['-'], once.stdout).stdout, once.stdout);
  const generic = runOpt(['-', '--mlir-print-op-generic'], ok);
  assert.equal(generic.exitCode, 0);
  assert.equal(runOpt(['-'], generic.stdout).stdout, once.stdout);
});

test('pipeline op verifiers', () => {
  const bad = (text: string, message: RegExp): void => {
    const r = runOpt(['-'], text);
    assert.equal(r.exitCode, 1, text);
    assert.match(r.stderr, message);
  };
  bad(ok.replace('stage 1 of 3', 'stage 3 of 3'), /^<stdin>:2:8: error: 'pipeline.predicate' op stage 3 is out of range \[0, 3\)$/m);
  bad(ok.replace('stage 1 of 3', 'stage 0 of 0'), /'pipeline.predicate' op requires a positive number of stages, got 0/);
  bad(ok.replace('pipeline.yield %0 : f32', 'pipeline.yield'), /'pipeline.mask' op yields 0 values but has 1 results/);
  bad(ok.replace('pipeline.yield %x : i32', 'pipeline.yield %m : f32'), /'pipeline.mask' op result #0 has type 'i32' but the region yields 'f32'/);
  bad(ok.replace('    pipeline.yield\n', '    memref.store %m, %a[%iv] : memref<?xf32>\n'), /error: /);
  bad('func.func @g() {\n  pipeline.yield\n}\n', /'pipeline.yield' op expects parent op 'pipeline.mask'/);
});
