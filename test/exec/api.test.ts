// The library API: load a module, call functions with JS numbers, BigInts and
// typed arrays (as memrefs), get results back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ExecError, LoadError, MemRef, formatExecError, loadModule, memrefToArray } from '../../src/index.js';

const SRC = `
func.func @add(%a: i32, %b: i32) -> i32 {
  %r = arith.addi %a, %b : i32
  return %r : i32
}
func.func @mul64(%a: i64, %b: i64) -> i64 {
  %r = arith.muli %a, %b : i64
  return %r : i64
}
func.func @divmod(%a: index, %b: index) -> (index, index) {
  %q = arith.divui %a, %b : index
  %r = arith.remui %a, %b : index
  return %q, %r : index, index
}
func.func @scale(%m: memref<?xf32>, %k: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %m[%i] : memref<?xf32>
    %y = arith.mulf %x, %k : f32
    memref.store %y, %m[%i] : memref<?xf32>
    %acc2 = arith.addf %acc, %y : f32
    scf.yield %acc2 : f32
  }
  return %s : f32
}
func.func @make(%n: index) -> memref<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc(%n) : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %v = arith.index_cast %i : index to i64
    %big = arith.constant 4611686018427387904 : i64
    %w = arith.muli %v, %big : i64
    memref.store %w, %m[%i] : memref<?xi64>
  }
  return %m : memref<?xi64>
}
func.func @hello() {
  vector.print str "hi\\n"
  %c = arith.constant 2.5 : f64
  vector.print %c : f64
  return
}
func.func @oob(%m: memref<4xi32>, %i: index) -> i32 {
  %v = memref.load %m[%i] : memref<4xi32>
  return %v : i32
}
`;

test('api: scalar arguments and results (wrap-around, BigInt beyond 2^53, several results)', () => {
  const m = loadModule(SRC, { output: () => {} });
  assert.equal(m.call('add', 2147483647, 1), -2147483648);
  assert.equal(m.call('mul64', 3, 5), 15);
  assert.equal(m.call('mul64', 2n ** 40n, 2n ** 30n), 0); // 2^70 wraps to 0
  assert.equal(m.call('mul64', 2n ** 40n, 2n ** 20n), 2n ** 60n);
  assert.equal(m.call('mul64', 2n ** 62n, 2), -(2n ** 63n));
  assert.deepEqual(m.call('divmod', 17, 5), [3, 2]);
});

test('api: typed arrays are memrefs shared with the caller', () => {
  const m = loadModule(SRC, { output: () => {} });
  const data = new Float32Array([1, 2, 3.5]);
  assert.equal(m.call('scale', data, 2), 13);
  assert.deepEqual([...data], [2, 4, 7]);
});

test('api: memref results can be read back', () => {
  const m = loadModule(SRC, { output: () => {} });
  const r = m.call('make', 3);
  assert.ok(r instanceof MemRef);
  assert.deepEqual(memrefToArray(r as MemRef), [0, 2n ** 62n, -(2n ** 63n)]);
});

test('api: output goes to the given sink', () => {
  let out = '';
  const m = loadModule(SRC, { output: (s) => (out += s) });
  m.call('hello');
  assert.equal(out, 'hi\n2.5\n');
});

test('api: runtime errors are ExecErrors with MLIR locations; invalid IR is a LoadError', () => {
  const m = loadModule(SRC, { fileName: 'api.mlir', output: () => {} });
  const line = SRC.split('\n').findIndex((l) => l.includes('%v = memref.load %m[%i]')) + 1;
  assert.throws(
    () => m.call('oob', new Int32Array(4), 4),
    (e: unknown) => e instanceof ExecError && formatExecError(e) === `api.mlir:${line}:8: error: 'memref.load' op out-of-bounds access into memref<4xi32>\n`,
  );
  assert.equal(m.call('oob', new Int32Array([5, 6, 7, 8]), 3), 8);
  assert.throws(() => loadModule('func.func @f() {\n  %x = arith.addi : i32\n}\n'), LoadError);
});
