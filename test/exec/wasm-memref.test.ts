// The WebAssembly backend's memrefs beyond identity layouts: views (subview,
// cast, reinterpret_cast, expand/collapse_shape, extract_strided_metadata,
// view), globals, alloca_scope, copies of any shape, printMemref and the
// other runtime-library calls, memref arguments and results. Each program
// must run on wasm (no fallback), print what mlir-runner prints (addresses
// aside) and exactly what the JavaScript backend prints (its fake addresses
// included); each runtime error must be the JavaScript backend's.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS } from './paths.js';
import { MLIR_RUNNER, runOurs, runReference, tempDir, writeTemp } from './difftool.js';
import { compileFor, loadModule, memrefToArray, MemRef, parse } from '../../src/index.js';

const normalize = (s: string): string => s.replace(/base@ = 0x[0-9a-f]+/g, 'base@ = <addr>');

/** Runs `text` on wasm (asserting no fallback), on the JavaScript backend and (when installed) mlir-runner. */
function expectSame(name: string, text: string): void {
  const file = writeTemp(tempDir(), `${name}.mlir`, text);
  const wasm = runOurs([file, '--debug-backend']);
  assert.equal(wasm.stderr, 'scf-run: backend: wasm\n', `${name}: ${wasm.stderr}`);
  assert.equal(wasm.code, 0);
  const js = runOurs([file, '--backend=js']);
  assert.equal(js.code, 0, js.stderr);
  assert.equal(wasm.stdout, js.stdout, `${name}: wasm vs js`);
  if (existsSync(MLIR_RUNNER)) {
    const ref = runReference(file);
    assert.equal(ref.code, 0, ref.stderr);
    assert.equal(normalize(wasm.stdout), normalize(ref.stdout), `${name}: wasm vs mlir-runner`);
  }
}

/** Runs `text` on wasm (asserting no fallback) and on the JavaScript backend: the same output, then the same located error; returns that error. */
function expectSameError(name: string, text: string): string {
  const file = writeTemp(tempDir(), `${name}.mlir`, text);
  const wasm = runOurs([file, '--debug-backend']);
  const js = runOurs([file, '--backend=js']);
  assert.equal(wasm.code, 1, name);
  assert.equal(wasm.stdout, js.stdout, name);
  assert.equal(wasm.stderr, 'scf-run: backend: wasm\n' + js.stderr, name);
  return js.stderr;
}

const DECLS = `func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printI64(i64)
func.func private @printU64(i64)
func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printOpen()
func.func private @printClose()
func.func private @printComma()
func.func private @printNewline()
`;

const VIEWS = `${DECLS}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %m = memref.alloc() : memref<6x4xf32>
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %k = arith.constant 10 : i32
      %a = arith.muli %ii, %k : i32
      %b = arith.addi %a, %jj : i32
      %f = arith.sitofp %b : i32 to f32
      memref.store %f, %m[%i, %j] : memref<6x4xf32>
    }
  }
  %u = memref.cast %m : memref<6x4xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %sv = memref.subview %m[1, 1] [3, 2] [2, 1] : memref<6x4xf32> to memref<3x2xf32, strided<[8, 1], offset: 5>>
  %su = memref.cast %sv : memref<3x2xf32, strided<[8, 1], offset: 5>> to memref<*xf32>
  func.call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  %x = memref.load %sv[%c2, %c1] : memref<3x2xf32, strided<[8, 1], offset: 5>>
  vector.print %x : f32
  %col = memref.subview %m[0, 2] [6, 1] [1, 1] : memref<6x4xf32> to memref<6xf32, strided<[4], offset: 2>>
  %y = memref.load %col[%c4] : memref<6xf32, strided<[4], offset: 2>>
  vector.print %y : f32
  %dyn = memref.subview %m[%c1, %c0] [%c2, %c4] [%c2, %c1] : memref<6x4xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %e00 = memref.load %dyn[%c1, %c2] : memref<?x?xf32, strided<[?, ?], offset: ?>>
  vector.print %e00 : f32
  %flat = memref.collapse_shape %m [[0, 1]] : memref<6x4xf32> into memref<24xf32>
  %z = memref.load %flat[%c6] : memref<24xf32>
  vector.print %z : f32
  %e = memref.expand_shape %flat [[0, 1, 2]] output_shape [2, 3, 4] : memref<24xf32> into memref<2x3x4xf32>
  %eu = memref.cast %e : memref<2x3x4xf32> to memref<*xf32>
  func.call @printMemrefF32(%eu) : (memref<*xf32>) -> ()
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %sv : memref<3x2xf32, strided<[8, 1], offset: 5>> -> memref<f32>, index, index, index, index, index
  vector.print %off : index
  vector.print %sz#0 : index
  vector.print %st#0 : index
  %r = memref.reinterpret_cast %base to offset: [2], sizes: [2, 2], strides: [4, 1] : memref<f32> to memref<2x2xf32, strided<[4, 1], offset: 2>>
  %ru = memref.cast %r : memref<2x2xf32, strided<[4, 1], offset: 2>> to memref<*xf32>
  func.call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  %d = memref.alloc(%c6) : memref<?xf32>
  memref.copy %col, %d : memref<6xf32, strided<[4], offset: 2>> to memref<?xf32>
  %du = memref.cast %d : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%du) : (memref<*xf32>) -> ()
  %bytes = memref.alloc() : memref<64xi8>
  %fv = memref.view %bytes[%c4][%c2] : memref<64xi8> to memref<?x3xf32>
  %pi = arith.constant 3.25 : f32
  memref.store %pi, %fv[%c1, %c2] : memref<?x3xf32>
  %pv = memref.load %fv[%c1, %c2] : memref<?x3xf32>
  func.call @printF32(%pv) : (f32) -> ()
  func.call @printNewline() : () -> ()
  %rk = memref.rank %e : memref<2x3x4xf32>
  vector.print %rk : index
  memref.dealloc %bytes : memref<64xi8>
  memref.dealloc %d : memref<?xf32>
  memref.dealloc %m : memref<6x4xf32>
  return
}
`;

const GLOBALS_AND_SCOPES = `${DECLS}
memref.global "private" constant @table : memref<2x3xi32> = dense<[[1, 2, 3], [4, 5, 6]]>
memref.global "private" @acc : memref<4xf64> = dense<1.5>
memref.global "private" @wide : memref<2xi64> = dense<[-9000000000000000001, 7]>
func.func @bump(%i: index) {
  %g = memref.get_global @acc : memref<4xf64>
  %v = memref.load %g[%i] : memref<4xf64>
  %w = arith.addf %v, %v : f64
  memref.store %w, %g[%i] : memref<4xf64>
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %t = memref.get_global @table : memref<2x3xi32>
  %tu = memref.cast %t : memref<2x3xi32> to memref<*xi32>
  func.call @printMemrefI32(%tu) : (memref<*xi32>) -> ()
  scf.for %i = %c0 to %c3 step %c1 {
    func.call @bump(%i) : (index) -> ()
    func.call @bump(%c0) : (index) -> ()
  }
  %g = memref.get_global @acc : memref<4xf64>
  %gu = memref.cast %g : memref<4xf64> to memref<*xf64>
  func.call @printMemrefF64(%gu) : (memref<*xf64>) -> ()
  %wd = memref.get_global @wide : memref<2xi64>
  %wu = memref.cast %wd : memref<2xi64> to memref<*xi64>
  func.call @printMemrefI64(%wu) : (memref<*xi64>) -> ()
  %w0 = memref.load %wd[%c0] : memref<2xi64>
  func.call @printOpen() : () -> ()
  func.call @printI64(%w0) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printU64(%w0) : (i64) -> ()
  func.call @printClose() : () -> ()
  func.call @printNewline() : () -> ()
  // Allocas in a scope in a loop: freed at each scope end.
  %z = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> (i64) {
    %r = memref.alloca_scope -> (i64) {
      %b = memref.alloca(%c4) : memref<?xi64>
      %iv = arith.index_cast %i : index to i64
      memref.store %iv, %b[%i] : memref<?xi64>
      %l = memref.load %b[%i] : memref<?xi64>
      %n = arith.addi %a, %l : i64
      memref.alloca_scope.return %n : i64
    }
    scf.yield %r : i64
  }
  vector.print %s : i64
  %after = memref.alloc() : memref<3xf64>
  %au = memref.cast %after : memref<3xf64> to memref<*xf64>
  %half = arith.constant 0.5 : f64
  scf.for %i = %c0 to %c3 step %c1 {
    memref.store %half, %after[%i] : memref<3xf64>
  }
  func.call @printMemrefF64(%au) : (memref<*xf64>) -> ()
  func.call @printF64(%half) : (f64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %after : memref<3xf64>
  return
}
`;

const CALLS = `${DECLS}
func.func @fill(%m: memref<?x?xi32, strided<[?, ?], offset: ?>>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?x?xi32, strided<[?, ?], offset: ?>>
  %k = memref.dim %m, %c1 : memref<?x?xi32, strided<[?, ?], offset: ?>>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %k step %c1 {
      %ii = arith.index_cast %i : index to i32
      %x = arith.addi %v, %ii : i32
      memref.store %x, %m[%i, %j] : memref<?x?xi32, strided<[?, ?], offset: ?>>
    }
  }
  return
}
func.func @make(%n: index) -> memref<?xi32> {
  %m = memref.alloc(%n) : memref<?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.index_cast %i : index to i32
    %y = arith.muli %x, %x : i32
    memref.store %y, %m[%i] : memref<?xi32>
  }
  return %m : memref<?xi32>
}
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %m = memref.alloc() : memref<5x5xi32>
  %z = arith.constant 0 : i32
  %all = memref.cast %m : memref<5x5xi32> to memref<?x?xi32, strided<[?, ?], offset: ?>>
  func.call @fill(%all, %z) : (memref<?x?xi32, strided<[?, ?], offset: ?>>, i32) -> ()
  %sv = memref.subview %m[1, 1] [3, 2] [1, 2] : memref<5x5xi32> to memref<3x2xi32, strided<[5, 2], offset: 6>>
  %svd = memref.cast %sv : memref<3x2xi32, strided<[5, 2], offset: 6>> to memref<?x?xi32, strided<[?, ?], offset: ?>>
  %h = arith.constant 100 : i32
  func.call @fill(%svd, %h) : (memref<?x?xi32, strided<[?, ?], offset: ?>>, i32) -> ()
  %u = memref.cast %m : memref<5x5xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %r = func.call @make(%c5) : (index) -> memref<?xi32>
  %ru = memref.cast %r : memref<?xi32> to memref<*xi32>
  func.call @printMemrefI32(%ru) : (memref<*xi32>) -> ()
  %x = memref.load %r[%c2] : memref<?xi32>
  vector.print %x : i32
  memref.dealloc %r : memref<?xi32>
  memref.dealloc %m : memref<5x5xi32>
  return
}
`;

test('wasm memrefs: views, casts, reshapes, view, copy of a strided view, printMemref match mlir-runner and the JavaScript backend', () => {
  expectSame('views', VIEWS);
});

const RESHAPE = `${DECLS}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %m = memref.alloc() : memref<2x3xf32>
  %flat = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  scf.for %i = %c0 to %c6 step %c1 {
    %x = arith.index_cast %i : index to i32
    %f = arith.sitofp %x : i32 to f32
    memref.store %f, %flat[%i] : memref<6xf32>
  }
  %shape = memref.alloc() : memref<2xindex>
  memref.store %c3, %shape[%c0] : memref<2xindex>
  memref.store %c2, %shape[%c1] : memref<2xindex>
  %r = memref.reshape %m(%shape) : (memref<2x3xf32>, memref<2xindex>) -> memref<3x2xf32>
  %ru = memref.cast %r : memref<3x2xf32> to memref<*xf32>
  func.call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  %dshape = memref.cast %shape : memref<2xindex> to memref<?xindex>
  %u = memref.reshape %m(%dshape) : (memref<2x3xf32>, memref<?xindex>) -> memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %back = memref.cast %u : memref<*xf32> to memref<?x?xf32>
  %y = memref.load %back[%c2, %c1] : memref<?x?xf32>
  vector.print %y : f32
  %t = memref.transpose %m (d0, d1) -> (d1, d0) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  %tu = memref.cast %t : memref<3x2xf32, strided<[1, 3]>> to memref<*xf32>
  func.call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  %z = memref.load %t[%c2, %c0] : memref<3x2xf32, strided<[1, 3]>>
  vector.print %z : f32
  memref.dealloc %shape : memref<2xindex>
  memref.dealloc %m : memref<2x3xf32>
  return
}
`;

test('wasm memrefs: reshape (to ranked, and to unranked by a shape cast from a static length), transpose match mlir-runner and the JavaScript backend', () => {
  expectSame('reshape', RESHAPE);
});

test('wasm memrefs: globals (constant, mutable, i64), alloca_scope in a loop and the print* runtime functions match mlir-runner and the JavaScript backend', () => {
  expectSame('globals-scopes', GLOBALS_AND_SCOPES);
});

const HALF = `memref.global "private" constant @h : memref<4xf16> = dense<[1.5, -2.25, 3.0e3, 0.1]>
memref.global "private" @b : memref<2x2xbf16> = dense<[[1.5, 7.1], [-0.5, 100.0]]>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = memref.get_global @h : memref<4xf16>
  %s = memref.subview %g[1] [2] [2] : memref<4xf16> to memref<2xf16, strided<[2], offset: 1>>
  %x = memref.load %s[%c1] : memref<2xf16, strided<[2], offset: 1>>
  vector.print %x : f16
  %bb = memref.get_global @b : memref<2x2xbf16>
  %col = memref.subview %bb[0, 1] [2, 1] [1, 1] : memref<2x2xbf16> to memref<2xbf16, strided<[2], offset: 1>>
  %z = memref.load %col[%c1] : memref<2xbf16, strided<[2], offset: 1>>
  vector.print %z : bf16
  %t = arith.addf %z, %z : bf16
  memref.store %t, %col[%c0] : memref<2xbf16, strided<[2], offset: 1>>
  %u = memref.load %bb[%c0, %c1] : memref<2x2xbf16>
  vector.print %u : bf16
  return
}
`;

test('wasm memrefs: f16 and bf16 globals read and written through strided subviews match mlir-runner and the JavaScript backend', () => {
  expectSame('half', HALF);
});

test('wasm memrefs: functions taking strided memrefs and returning memrefs match mlir-runner and the JavaScript backend', () => {
  expectSame('calls', CALLS);
});

/** Programs failing at run time: the error is the JavaScript backend's, raised on wasm. */
const HEAD = `func.func private @printMemrefF32(memref<*xf32>)
memref.global "private" constant @k : memref<2xf32> = dense<1.0>
memref.global "private" @g : memref<2xf32> = dense<1.0>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %f = arith.constant 1.0 : f32
`;
const ERRORS: [string, string, RegExp][] = [
  [
    'oob-view',
    `%m = memref.alloc() : memref<4x4xf32>
  %s = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  %x = memref.load %s[%c2, %c0] : memref<2x2xf32, strided<[4, 1], offset: 5>>`,
    /'memref.load' op out-of-bounds access into memref<2x2xf32, strided<\[4, 1\], offset: 5>>/,
  ],
  [
    'uaf-view',
    `%m = memref.alloc() : memref<4x4xf32>
  %s = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  memref.dealloc %m : memref<4x4xf32>
  memref.store %f, %s[%c1, %c0] : memref<2x2xf32, strided<[4, 1], offset: 5>>`,
    /'memref.store' op accesses a memref after its deallocation/,
  ],
  ['subview-oob', `%m = memref.alloc(%c3) : memref<?xf32>\n  %s = memref.subview %m[%c2] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1], offset: ?>>`, /runs out of bounds of dimension 0 of size 3/],
  [
    'reinterpret-oob',
    `%m = memref.alloc() : memref<8xf32>\n  %r = memref.reinterpret_cast %m to offset: [%c5], sizes: [2, 2], strides: [2, 1] : memref<8xf32> to memref<2x2xf32, strided<[2, 1], offset: ?>>`,
    /out of the bounds of its allocation of 8 elements/,
  ],
  ['cast-size', `%m = memref.alloc(%c3) : memref<?xf32>\n  %r = memref.cast %m : memref<?xf32> to memref<4xf32>`, /casts a memref with size 3 in dimension 0 to a type with size 4/],
  [
    'cast-stride',
    `%m = memref.alloc() : memref<4x4xf32>
  %s = memref.subview %m[0, 0] [2, 2] [2, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[8, 1]>>
  %d = memref.cast %s : memref<2x2xf32, strided<[8, 1]>> to memref<2x2xf32, strided<[?, ?], offset: ?>>
  %e = memref.cast %d : memref<2x2xf32, strided<[?, ?], offset: ?>> to memref<2x2xf32, strided<[4, 1]>>`,
    /casts a memref with stride 8 in dimension 0 to a type with stride 4/,
  ],
  ['expand', `%m = memref.alloc(%c5) : memref<?xf32>\n  %e = memref.expand_shape %m [[0, 1]] output_shape [%c2, %c3] : memref<?xf32> into memref<?x?xf32>`, /expands dimension 0 of size 5 into sizes whose product is 6/],
  [
    'collapse',
    `%m = memref.alloc() : memref<4x4xf32>
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  %d = memref.cast %s : memref<2x2xf32, strided<[4, 1]>> to memref<?x?xf32, strided<[?, 1]>>
  %c = memref.collapse_shape %d [[0, 1]] : memref<?x?xf32, strided<[?, 1]>> into memref<?xf32, strided<[?]>>`,
    /collapses dimensions that are not contiguous/,
  ],
  ['store-constant', `%k = memref.get_global @k : memref<2xf32>\n  memref.store %f, %k[%c0] : memref<2xf32>`, /'memref.store' op stores into a constant global memref/],
  ['dealloc-global', `%g = memref.get_global @g : memref<2xf32>\n  memref.dealloc %g : memref<2xf32>`, /'memref.dealloc' op deallocates a global memref/],
  ['copy-constant', `%g = memref.get_global @g : memref<2xf32>\n  %k = memref.get_global @k : memref<2xf32>\n  memref.copy %g, %k : memref<2xf32> to memref<2xf32>`, /copies into a constant global memref/],
  ['copy-shape', `%m = memref.alloc(%c3) : memref<?xf32>\n  %n = memref.alloc(%c2) : memref<?xf32>\n  memref.copy %m, %n : memref<?xf32> to memref<?xf32>`, /copies between memrefs of different shapes \[3\] and \[2\]/],
  [
    'scope-end',
    `%m = memref.alloca_scope -> (memref<2xf32>) {
    %t = memref.alloca() : memref<2xf32>
    memref.alloca_scope.return %t : memref<2xf32>
  }
  %x = memref.load %m[%c0] : memref<2xf32>`,
    /'memref.load' op accesses a memref after its deallocation/,
  ],
  ['view-bounds', `%b = memref.alloc() : memref<16xi8>\n  %v = memref.view %b[%c4][] : memref<16xi8> to memref<4xf32>`, /creates a view out of the bounds of its allocation/],
  ['view-align', `%b = memref.alloc() : memref<16xi8>\n  %v = memref.view %b[%c1][] : memref<16xi8> to memref<2xf32>`, /byte shift 1 is not aligned to the element size 4/],
  ['print-dead', `%m = memref.alloc() : memref<2xf32>\n  memref.dealloc %m : memref<2xf32>\n  %u = memref.cast %m : memref<2xf32> to memref<*xf32>\n  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()`, /'func.call' op printing a deallocated memref/],
];

test('wasm memrefs: runtime errors through views, globals, scopes and copies are the JavaScript backend\'s located errors', () => {
  const dir = tempDir();
  for (const [name, body, re] of ERRORS) {
    const file = writeTemp(dir, `${name}.mlir`, `${HEAD}  ${body}\n  return\n}\n`);
    const wasm = runOurs([file, '--debug-backend']);
    const js = runOurs([file, '--backend=js']);
    assert.match(wasm.stderr, /^scf-run: backend: wasm\n/, name);
    assert.equal(wasm.code, 1, name);
    assert.match(wasm.stderr, re, name);
    assert.match(wasm.stderr, new RegExp(`${name}\\.mlir:\\d+:\\d+: error: `), name);
    assert.equal(wasm.stderr.replace(/^scf-run: backend: wasm\n/, ''), js.stderr, name);
  }
});

test('wasm memrefs: the API passes memref arguments (stores seen by the caller) and returns memrefs, as the JavaScript backend', () => {
  const src = `
func.func @scale(%m: memref<?xf32>, %k: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f32) {
    %v = memref.load %m[%i] : memref<?xf32>
    %w = arith.mulf %v, %k : f32
    memref.store %w, %m[%i] : memref<?xf32>
    %b = arith.addf %a, %w : f32
    scf.yield %b : f32
  }
  return %s : f32
}
func.func @iota(%n: index) -> (memref<?x2xi64>, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc(%n) : memref<?x2xi64>
  %big = arith.constant 9007199254740993 : i64
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.index_cast %i : index to i64
    %y = arith.addi %x, %big : i64
    memref.store %x, %m[%i, %c0] : memref<?x2xi64>
    memref.store %y, %m[%i, %c1] : memref<?x2xi64>
  }
  return %m, %big : memref<?x2xi64>, i64
}
func.func @free(%m: memref<3xi32>) {
  memref.dealloc %m : memref<3xi32>
  return
}
`;
  const wasm = loadModule(src, { backend: 'auto', output: () => {} });
  assert.equal(wasm.backend, 'wasm', wasm.fallback?.message);
  const js = loadModule(src, { output: () => {} });
  const a = new Float32Array([1, 2, 3.5]);
  const b = new Float32Array([1, 2, 3.5]);
  assert.equal(wasm.call('scale', a, 2), js.call('scale', b, 2));
  assert.deepEqual([...a], [...b]);
  assert.deepEqual([...a], [2, 4, 7]);
  assert.equal(wasm.call('scale', [0.5, 0.25], 4), js.call('scale', [0.5, 0.25], 4));
  const [wm, wb] = wasm.call('iota', 3) as [MemRef, bigint];
  const [jm, jb] = js.call('iota', 3) as [MemRef, bigint];
  assert.ok(wm instanceof MemRef);
  assert.deepEqual(wm.z, jm.z);
  assert.deepEqual(wm.s, jm.s);
  assert.deepEqual(memrefToArray(wm), memrefToArray(jm));
  assert.equal(wb, jb);
  // compileFor's invokeRaw takes and returns MemRefs for memrefs too, as the JavaScript backend's.
  const runner = compileFor(parse(src), { backend: 'wasm', output: () => {} });
  const arr = new Float32Array([1.5, 2]);
  assert.equal(runner.invokeRaw('scale', [arr, 2]), 7);
  assert.deepEqual([...arr], [3, 4]);
  const raw = runner.invokeRaw('iota', [2]) as [MemRef, bigint];
  assert.deepEqual(memrefToArray(raw[0]), memrefToArray((js.call('iota', 2) as [MemRef, bigint])[0]));
  // Deallocating the caller's array is the JavaScript backend's error.
  assert.throws(() => wasm.call('free', new Int32Array(3)), /deallocates a memref that the program did not allocate/);
  assert.throws(() => js.call('free', new Int32Array(3)), /deallocates a memref that the program did not allocate/);
});

test('wasm memrefs: the corpus programs of copies, globals and reshapes run on wasm and pass their FileCheck lines', () => {
  const FILECHECK = '/usr/lib/llvm-22/bin/FileCheck';
  for (const name of ['copy', 'global-memref', 'memref-reshape']) {
    const file = join(CORPUS, 'mlir-runner', `${name}.mlir`);
    assert.ok(existsSync(file), `corpus file missing: ${file}`);
    const wasm = runOurs([file, '-e', 'main', '-entry-point-result=void', '--debug-backend']);
    assert.equal(wasm.stderr, 'scf-run: backend: wasm\n', name);
    assert.equal(wasm.code, 0, name);
    assert.equal(wasm.stdout, runOurs([file, '-e', 'main', '-entry-point-result=void', '--backend=js']).stdout, name);
    const fc = spawnSync(FILECHECK, [file], { input: wasm.stdout, encoding: 'utf8' });
    assert.equal(fc.status, 0, `${name}: ${fc.stderr}`);
  }
});

test('wasm memrefs: memref.dim with an index known only when it runs matches mlir-runner and the JavaScript backend; an index out of range is their located error', () => {
  const dims = (rank: string) => `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %m = memref.alloc(%c7) : memref<2x?x5xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    %d = memref.dim %m, %i : memref<2x?x5xf32>
    vector.print %d : index
  }
  %one = memref.alloc() : memref<4xi8>
  %e = memref.dim %one, %c0 : memref<4xi8>
  vector.print %e : index
${rank}  return
}
`;
  expectSame('dim-dynamic', dims(''));
  const err = expectSameError('dim-range', dims('  %bad = arith.addi %c3, %c1 : index\n  %x = memref.dim %m, %bad : memref<2x?x5xf32>\n  vector.print %x : index\n'));
  assert.match(err, /dim-range\.mlir:15:8: error: 'memref\.dim' op dimension index 4 is out of bounds for a memref of rank 3\n/);
});

test('wasm memrefs: arith.select of memrefs (plain and strided views) matches mlir-runner and the JavaScript backend; a freed pick is their located error', () => {
  const program = (tail: string) => `func.func private @printMemrefF32(memref<*xf32>)
func.func @pick(%c: i1, %a: memref<4x4xf32>, %b: memref<4x4xf32>) {
  %s = arith.select %c, %a, %b : memref<4x4xf32>
  %u = memref.cast %s : memref<4x4xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %va = memref.subview %a[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  %vb = memref.subview %b[0, 2] [2, 2] [2, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[8, 1], offset: 2>>
  %vb2 = memref.cast %vb : memref<2x2xf32, strided<[8, 1], offset: 2>> to memref<2x2xf32, strided<[?, 1], offset: ?>>
  %va2 = memref.cast %va : memref<2x2xf32, strided<[4, 1], offset: 5>> to memref<2x2xf32, strided<[?, 1], offset: ?>>
  %sv = arith.select %c, %va2, %vb2 : memref<2x2xf32, strided<[?, 1], offset: ?>>
  %uv = memref.cast %sv : memref<2x2xf32, strided<[?, 1], offset: ?>> to memref<*xf32>
  func.call @printMemrefF32(%uv) : (memref<*xf32>) -> ()
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4x4xf32>
  %b = memref.alloc() : memref<4x4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %k = arith.muli %i, %c4 : index
      %n = arith.addi %k, %j : index
      %x = arith.index_cast %n : index to i32
      %f = arith.sitofp %x : i32 to f32
      %g = arith.negf %f : f32
      memref.store %f, %a[%i, %j] : memref<4x4xf32>
      memref.store %g, %b[%i, %j] : memref<4x4xf32>
    }
  }
  %t = arith.constant true
  %ff = arith.constant false
  func.call @pick(%t, %a, %b) : (i1, memref<4x4xf32>, memref<4x4xf32>) -> ()
  func.call @pick(%ff, %a, %b) : (i1, memref<4x4xf32>, memref<4x4xf32>) -> ()
${tail}  return
}
`;
  expectSame('select-memref', program(''));
  const err = expectSameError('select-freed', program('  memref.dealloc %b : memref<4x4xf32>\n  func.call @pick(%ff, %a, %b) : (i1, memref<4x4xf32>, memref<4x4xf32>) -> ()\n'));
  assert.match(err, /select-freed\.mlir:\d+:\d+: error: .*dealloc/);
});
