// The WebAssembly backend's loop vectorizer (src/exec/wasm/vectorize.ts):
// maps and integer reductions over unit-stride accesses, compared live with
// mlir-runner at the edge trip counts (0, 1, 2, 3, 4, 5, odd, not a multiple
// of 4, lower bound above the upper one), through misaligned and strided
// subviews, with overlapping views (a store through one and a load through
// another must keep their order), and failing accesses (the same located
// error as the JavaScript backend).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOurs, runReference, tempDir, writeTemp } from './difftool.js';
import { parse } from '../../src/index.js';
import { compileWasm } from '../../src/exec/wasm/compile.js';
import '../../src/dialects/exec-wasm.js';

const DECLS = `func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)
`;

/** Trip counts 0..10 from lower bound 1, an empty range (5 to 2) and shifted ranges. */
const RANGES: [number, number][] = [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [1, 7], [1, 8], [1, 9], [1, 10], [1, 11], [5, 2], [2, 11], [3, 10]];

/** Runs `src` with scf-run (WebAssembly) and mlir-runner: same output; returns how many loop copies were vectorized. */
function sameAsMlir(name: string, src: string): number {
  const file = writeTemp(tempDir(), name + '.mlir', src);
  const ours = runOurs([file, '--debug-backend']);
  assert.match(ours.stderr, /^scf-run: backend: wasm\n$/, `${name}: ${ours.stderr}`);
  const ref = runReference(file);
  assert.equal(ref.code, 0, `${name}: mlir-runner failed: ${ref.stderr}`);
  // printMemref's base@ is a real address under mlir-runner.
  const norm = (t: string): string => t.replace(/base@ = 0x[0-9a-f]+/g, 'base@ = <addr>');
  assert.equal(norm(ours.stdout), norm(ref.stdout), name);
  return compileWasm(parse(src)).vectorized;
}

/** Runs `src` on both of our backends: the WebAssembly one must print and fail exactly as the JavaScript one. */
function sameAsJs(name: string, src: string): { code: number; stdout: string; stderr: string } {
  const file = writeTemp(tempDir(), name + '.mlir', src);
  const js = runOurs([file, '--backend=js']);
  const wasm = runOurs([file, '--debug-backend']);
  assert.match(wasm.stderr, /^scf-run: backend: wasm\n/, `${name}: ${wasm.stderr}`);
  assert.equal(wasm.stdout, js.stdout, name);
  assert.equal(wasm.stderr.replace(/^scf-run: backend: .*\n/, ''), js.stderr, name);
  assert.equal(wasm.code, js.code, name);
  return js;
}

/** A main that runs `kernel(args..., lb, ub)` for every range of RANGES after `setup`, then `after`. */
function overRanges(setup: string, call: (lb: string, ub: string) => string): string {
  let body = '';
  RANGES.forEach(([lb, ub], i) => {
    body += `  %lb${i} = arith.constant ${lb} : index\n  %ub${i} = arith.constant ${ub} : index\n${call(`%lb${i}`, `%ub${i}`)}`;
  });
  return `${setup}${body}`;
}

test('wasm simd: element-wise maps over f64, f32, i32 and i64 at every edge trip count', () => {
  const src = `${DECLS}
func.func @stencil(%a: memref<12xf64>, %b: memref<12xf64>, %lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %q = arith.constant 0.25 : f64
  scf.for %j = %lb to %ub step %c1 {
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %x = memref.load %a[%jm] : memref<12xf64>
    %y = memref.load %a[%jp] : memref<12xf64>
    %z = memref.load %a[%j] : memref<12xf64>
    %s = arith.addf %x, %y : f64
    %t = arith.subf %s, %z : f64
    %u = arith.mulf %t, %q : f64
    %v = arith.divf %u, %y : f64
    memref.store %v, %b[%j] : memref<12xf64>
  }
  return
}
func.func @ints(%a: memref<12xi32>, %b: memref<12xi64>, %c: memref<12xi32>, %d: memref<12xf32>, %r: index, %lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %k = arith.constant 2654435761 : index
  %mask = arith.constant 1048575 : index
  %m7 = arith.constant -7 : i32
  %s3 = arith.constant 3 : i32
  %s5 = arith.constant 5 : i64
  %fh = arith.constant 0.5 : f32
  scf.for %j = %lb to %ub step %c1 {
    %jr = arith.addi %j, %r : index
    %h = arith.muli %jr, %k : index
    %l = arith.andi %h, %mask : index
    %v = arith.index_cast %l : index to i32
    %x = memref.load %a[%j] : memref<12xi32>
    %w = arith.muli %x, %m7 : i32
    %y = arith.xori %w, %v : i32
    %y2 = arith.maxsi %y, %x : i32
    %y3 = arith.minui %y2, %w : i32
    %y4 = arith.shrsi %y3, %s3 : i32
    memref.store %y4, %c[%j] : memref<12xi32>
    %e = arith.extsi %w : i32 to i64
    %eu = arith.extui %x : i32 to i64
    %ji = arith.index_cast %j : index to i64
    %p = arith.muli %e, %eu : i64
    %p2 = arith.subi %p, %ji : i64
    %p3 = arith.shli %p2, %s5 : i64
    %p4 = arith.minsi %p3, %p : i64
    memref.store %p4, %b[%j] : memref<12xi64>
    %f = arith.sitofp %y : i32 to f32
    %g = arith.mulf %f, %fh : f32
    %n = arith.negf %g : f32
    memref.store %n, %d[%j] : memref<12xf32>
  }
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %a = memref.alloc() : memref<12xf64>
  %b = memref.alloc() : memref<12xf64>
  %ai = memref.alloc() : memref<12xi32>
  %bi = memref.alloc() : memref<12xi64>
  %ci = memref.alloc() : memref<12xi32>
  %df = memref.alloc() : memref<12xf32>
  %k = arith.constant 40503 : i32
  %zf = arith.constant 0.0 : f64
  %z32 = arith.constant 0 : i32
  %z64 = arith.constant 0 : i64
  %zf32 = arith.constant 0.0 : f32
  %r = arith.constant 977 : index
  scf.for %i = %c0 to %c12 step %c1 {
    %i32 = arith.index_cast %i : index to i32
    %h = arith.muli %i32, %k : i32
    %f = arith.sitofp %h : i32 to f64
    memref.store %f, %a[%i] : memref<12xf64>
    memref.store %h, %ai[%i] : memref<12xi32>
  }
  %bu = memref.cast %b : memref<12xf64> to memref<*xf64>
  %biu = memref.cast %bi : memref<12xi64> to memref<*xi64>
  %ciu = memref.cast %ci : memref<12xi32> to memref<*xi32>
  %dfu = memref.cast %df : memref<12xf32> to memref<*xf32>
${overRanges(
  '',
  (lb, ub) => `  scf.for %i = %c0 to %c12 step %c1 {
    memref.store %zf, %b[%i] : memref<12xf64>
    memref.store %z64, %bi[%i] : memref<12xi64>
    memref.store %z32, %ci[%i] : memref<12xi32>
    memref.store %zf32, %df[%i] : memref<12xf32>
  }
  func.call @stencil(%a, %b, ${lb}, ${ub}) : (memref<12xf64>, memref<12xf64>, index, index) -> ()
  func.call @ints(%ai, %bi, %ci, %df, %r, ${lb}, ${ub}) : (memref<12xi32>, memref<12xi64>, memref<12xi32>, memref<12xf32>, index, index, index) -> ()
  func.call @printMemrefF64(%bu) : (memref<*xf64>) -> ()
  func.call @printMemrefI64(%biu) : (memref<*xi64>) -> ()
  func.call @printMemrefI32(%ciu) : (memref<*xi32>) -> ()
  func.call @printMemrefF32(%dfu) : (memref<*xf32>) -> ()
`,
)}  return
}
`;
  // Both kernels and the zeroing loop, each in its checked and unchecked copies.
  assert.ok(sameAsMlir('maps', src) >= 4);
});

test('wasm simd: integer reductions of scf.for and scf.parallel (sum, product, and/or/xor, signed and unsigned min/max)', () => {
  const src = `${DECLS}
func.func @red(%a: memref<12xi32>, %lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %z64 = arith.constant 5 : i64
  %min = arith.constant -2147483648 : i32
  %one = arith.constant 1 : i32
  %ones = arith.constant -1 : i64
  %big = arith.constant 4000000000 : i32
  %r:6 = scf.for %j = %lb to %ub step %c1 iter_args(%s = %z64, %mx = %min, %p = %one, %x = %ones, %mu = %big, %o = %z64) -> (i64, i32, i32, i64, i32, i64) {
    %v = memref.load %a[%j] : memref<12xi32>
    %w = arith.extsi %v : i32 to i64
    %s2 = arith.addi %s, %w : i64
    %mx2 = arith.maxsi %mx, %v : i32
    %p2 = arith.muli %v, %p : i32
    %x2 = arith.andi %x, %w : i64
    %mu2 = arith.minui %mu, %v : i32
    %o2 = arith.xori %w, %o : i64
    scf.yield %s2, %mx2, %p2, %x2, %mu2, %o2 : i64, i32, i32, i64, i32, i64
  }
  vector.print %r#0 : i64
  vector.print %r#1 : i32
  vector.print %r#2 : i32
  vector.print %r#3 : i64
  vector.print %r#4 : i32
  vector.print %r#5 : i64
  %z = arith.constant 0 : i64
  %q:3 = scf.parallel (%j) = (%lb) to (%ub) step (%c1) init (%z, %min, %z64) -> (i64, i32, i64) {
    %v = memref.load %a[%j] : memref<12xi32>
    %w = arith.extui %v : i32 to i64
    %ji = arith.index_cast %j : index to i64
    %m = arith.muli %w, %ji : i64
    scf.reduce(%m, %v, %w : i64, i32, i64) {
    ^bb0(%l: i64, %rr: i64):
      %t = arith.addi %l, %rr : i64
      scf.reduce.return %t : i64
    }, {
    ^bb0(%l: i32, %rr: i32):
      %t = arith.minsi %rr, %l : i32
      scf.reduce.return %t : i32
    }, {
    ^bb0(%l: i64, %rr: i64):
      %t = arith.maxsi %l, %rr : i64
      scf.reduce.return %t : i64
    }
  }
  vector.print %q#0 : i64
  vector.print %q#1 : i32
  vector.print %q#2 : i64
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %a = memref.alloc() : memref<12xi32>
  %k = arith.constant 1103515245 : i32
  %inc = arith.constant 12345 : i32
  scf.for %i = %c0 to %c12 step %c1 {
    %i32 = arith.index_cast %i : index to i32
    %h = arith.muli %i32, %k : i32
    %h2 = arith.addi %h, %inc : i32
    memref.store %h2, %a[%i] : memref<12xi32>
  }
${overRanges('', (lb, ub) => `  func.call @red(%a, ${lb}, ${ub}) : (memref<12xi32>, index, index) -> ()\n`)}  return
}
`;
  assert.ok(sameAsMlir('reductions', src) >= 2);
});

test('wasm simd: misaligned, strided and 2-d subviews', () => {
  const src = `${DECLS}
func.func @scale(%v: memref<?xf64, strided<[?], offset: ?>>, %w: memref<?xf64, strided<[?], offset: ?>>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 3.0 : f64
  scf.for %j = %c0 to %n step %c1 {
    %x = memref.load %v[%j] : memref<?xf64, strided<[?], offset: ?>>
    %y = arith.mulf %x, %k : f64
    memref.store %y, %w[%j] : memref<?xf64, strided<[?], offset: ?>>
  }
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c12 = arith.constant 12 : index
  %a = memref.alloc() : memref<12xf64>
  %b = memref.alloc() : memref<12xf64>
  %zf = arith.constant 0.0 : f64
  scf.for %i = %c0 to %c12 step %c1 {
    %i64 = arith.index_cast %i : index to i64
    %f = arith.sitofp %i64 : i64 to f64
    memref.store %f, %a[%i] : memref<12xf64>
    memref.store %zf, %b[%i] : memref<12xf64>
  }
  %bu = memref.cast %b : memref<12xf64> to memref<*xf64>
  // Offset 1 and 3 (not 16-byte aligned), unit stride: vectorized.
  %v1 = memref.subview %a[1] [9] [1] : memref<12xf64> to memref<9xf64, strided<[1], offset: 1>>
  %w1 = memref.subview %b[3] [9] [1] : memref<12xf64> to memref<9xf64, strided<[1], offset: 3>>
  %v1d = memref.cast %v1 : memref<9xf64, strided<[1], offset: 1>> to memref<?xf64, strided<[?], offset: ?>>
  %w1d = memref.cast %w1 : memref<9xf64, strided<[1], offset: 3>> to memref<?xf64, strided<[?], offset: ?>>
  func.call @scale(%v1d, %w1d, %c9) : (memref<?xf64, strided<[?], offset: ?>>, memref<?xf64, strided<[?], offset: ?>>, index) -> ()
  func.call @printMemrefF64(%bu) : (memref<*xf64>) -> ()
  // Stride 2: the scalar loop runs.
  %v2 = memref.subview %a[1] [5] [2] : memref<12xf64> to memref<5xf64, strided<[2], offset: 1>>
  %w2 = memref.subview %b[0] [5] [2] : memref<12xf64> to memref<5xf64, strided<[2]>>
  %v2d = memref.cast %v2 : memref<5xf64, strided<[2], offset: 1>> to memref<?xf64, strided<[?], offset: ?>>
  %w2d = memref.cast %w2 : memref<5xf64, strided<[2]>> to memref<?xf64, strided<[?], offset: ?>>
  func.call @scale(%v2d, %w2d, %c5) : (memref<?xf64, strided<[?], offset: ?>>, memref<?xf64, strided<[?], offset: ?>>, index) -> ()
  func.call @printMemrefF64(%bu) : (memref<*xf64>) -> ()
  // A 2-d buffer: inner loop over a row of a column window.
  %m = memref.alloc() : memref<7x9xi64>
  scf.for %i = %c0 to %c7 step %c1 {
    scf.for %j = %c0 to %c9 step %c1 {
      %ij = arith.muli %i, %c12 : index
      %s = arith.addi %ij, %j : index
      %x = arith.index_cast %s : index to i64
      memref.store %x, %m[%i, %j] : memref<7x9xi64>
    }
  }
  %sv = memref.subview %m[1, 2] [5, 7] [1, 1] : memref<7x9xi64> to memref<5x7xi64, strided<[9, 1], offset: 11>>
  %k = arith.constant 1000 : i64
  scf.for %i = %c0 to %c5 step %c1 {
    %ip = arith.addi %i, %c1 : index
    %ipc = arith.minsi %ip, %c3 : index
    scf.for %j = %c1 to %c7 step %c1 {
      %jm = arith.subi %j, %c1 : index
      %x = memref.load %sv[%ipc, %jm] : memref<5x7xi64, strided<[9, 1], offset: 11>>
      %y = arith.addi %x, %k : i64
      memref.store %y, %sv[%i, %j] : memref<5x7xi64, strided<[9, 1], offset: 11>>
    }
  }
  %mu = memref.cast %m : memref<7x9xi64> to memref<*xi64>
  func.call @printMemrefI64(%mu) : (memref<*xi64>) -> ()
  return
}
`;
  assert.ok(sameAsMlir('views', src) >= 2);
});

test('wasm simd: stores through one view and loads through an overlapping one keep their order', () => {
  const src = `${DECLS}
func.func @shift(%src: memref<?xf64, strided<[1], offset: ?>>, %dst: memref<?xf64, strided<[1], offset: ?>>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 2.0 : f64
  scf.for %j = %c0 to %n step %c1 {
    %x = memref.load %src[%j] : memref<?xf64, strided<[1], offset: ?>>
    %y = arith.addf %x, %k : f64
    memref.store %y, %dst[%j] : memref<?xf64, strided<[1], offset: ?>>
  }
  return
}
func.func @same(%a: memref<?xi32>, %b: memref<?xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  %three = arith.constant 3 : i32
  scf.for %j = %c1 to %n step %c1 {
    %jm = arith.subi %j, %c1 : index
    %x = memref.load %a[%jm] : memref<?xi32>
    %y = arith.muli %x, %three : i32
    memref.store %y, %b[%j] : memref<?xi32>
  }
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %a = memref.alloc() : memref<12xf64>
  %ai = memref.alloc(%c12) : memref<?xi32>
  %bi = memref.alloc(%c12) : memref<?xi32>
  %reset = arith.constant 1.0 : f64
  %one = arith.constant 1 : i32
  %au = memref.cast %a : memref<12xf64> to memref<*xf64>
  %aiu = memref.cast %ai : memref<?xi32> to memref<*xi32>
  %biu = memref.cast %bi : memref<?xi32> to memref<*xi32>
  // dst = src shifted by +1, +2 (a recurrence), -1, 0 and disjoint halves.
  %off = memref.alloc() : memref<5x2xindex>
  %o0 = arith.constant 0 : index
  %o3 = arith.constant 3 : index
  %o7 = arith.constant 7 : index
  memref.store %o0, %off[%c0, %c0] : memref<5x2xindex>
  memref.store %c1, %off[%c0, %c1] : memref<5x2xindex>
  memref.store %o0, %off[%c1, %c0] : memref<5x2xindex>
  memref.store %c2, %off[%c1, %c1] : memref<5x2xindex>
  memref.store %c1, %off[%c2, %c0] : memref<5x2xindex>
  memref.store %o0, %off[%c2, %c1] : memref<5x2xindex>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  memref.store %o3, %off[%c3, %c0] : memref<5x2xindex>
  memref.store %o3, %off[%c3, %c1] : memref<5x2xindex>
  memref.store %o0, %off[%c4, %c0] : memref<5x2xindex>
  memref.store %c6, %off[%c4, %c1] : memref<5x2xindex>
  scf.for %t = %c0 to %c4 step %c1 {
    %t1 = arith.addi %t, %c1 : index
    scf.for %i = %c0 to %c12 step %c1 {
      %i64 = arith.index_cast %i : index to i64
      %f = arith.sitofp %i64 : i64 to f64
      memref.store %f, %a[%i] : memref<12xf64>
    }
    %so = memref.load %off[%t, %c0] : memref<5x2xindex>
    %do = memref.load %off[%t, %c1] : memref<5x2xindex>
    %sv = memref.subview %a[%so] [%c6] [1] : memref<12xf64> to memref<?xf64, strided<[1], offset: ?>>
    %dv = memref.subview %a[%do] [%c6] [1] : memref<12xf64> to memref<?xf64, strided<[1], offset: ?>>
    func.call @shift(%sv, %dv, %c6) : (memref<?xf64, strided<[1], offset: ?>>, memref<?xf64, strided<[1], offset: ?>>, index) -> ()
    func.call @printMemrefF64(%au) : (memref<*xf64>) -> ()
  }
  // The same allocation as both arguments (a recurrence), then two allocations.
  scf.for %i = %c0 to %c12 step %c1 {
    memref.store %one, %ai[%i] : memref<?xi32>
    memref.store %one, %bi[%i] : memref<?xi32>
  }
  func.call @same(%ai, %ai, %c11) : (memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @printMemrefI32(%aiu) : (memref<*xi32>) -> ()
  func.call @same(%ai, %bi, %c12) : (memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @printMemrefI32(%biu) : (memref<*xi32>) -> ()
  return
}
`;
  assert.ok(sameAsMlir('aliasing', src) >= 2);
});

test('wasm simd: a failing access in a vectorizable loop fails at the same iteration as on the JavaScript backend', () => {
  const oob = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c11 = arith.constant 11 : index
  %a = memref.alloc(%c8) : memref<?xi32>
  %b = memref.alloc(%c11) : memref<?xi32>
  %seven = arith.constant 7 : i32
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %seven, %a[%i] : memref<?xi32>
  }
  %x = memref.load %a[%c1] : memref<?xi32>
  vector.print %x : i32
  scf.for %i = %c0 to %c11 step %c1 {
    %v = memref.load %b[%i] : memref<?xi32>
    %w = arith.addi %v, %seven : i32
    memref.store %w, %a[%i] : memref<?xi32>
  }
  return
}
`;
  const r = sameAsJs('oob', oob);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /oob\.mlir:17:5: error: .*out-of-bounds/);
  assert.ok(compileWasm(parse(oob)).vectorized >= 2);
  const uaf = oob.replace('  %x = memref.load', '  memref.dealloc %b : memref<?xi32>\n  %x = memref.load');
  const u = sameAsJs('uaf', uaf);
  assert.equal(u.code, 1);
  assert.match(u.stderr, /uaf\.mlir:16:10: error: .*after its deallocation/);
});

test('wasm unroll: LCG recurrences of every width, unrolled and reassociated, at every trip count', () => {
  const kernel = (t: string, a: string, c: string): string => `
func.func @lcg_${t}(%m: memref<20x${t}>, %seed: ${t}, %lb: index, %ub: index) -> ${t} {
  %c1 = arith.constant 1 : index
  %a = arith.constant ${a} : ${t}
  %c = arith.constant ${c} : ${t}
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%x = %seed) -> (${t}) {
    %y = arith.muli %x, %a : ${t}
    %z = arith.addi %c, %y : ${t}
    memref.store %z, %m[%i] : memref<20x${t}>
    scf.yield %z : ${t}
  }
  return %r : ${t}
}`;
  const types: [string, string, string, string][] = [
    ['i8', '-91', '77', 'i8'],
    ['i16', '25173', '13849', 'i16'],
    ['i32', '1103515245', '12345', 'i32'],
    ['i64', '6364136223846793005', '1442695040888963407', 'i64'],
    ['index', '2862933555777941757', '3037000493', 'index'],
  ];
  let calls = '';
  for (const [lb, ub] of [[0, 0], [0, 1], [0, 7], [0, 8], [0, 9], [3, 20], [1, 17], [0, 20], [9, 4]]) {
    for (const [t] of types) {
      const print = t === 'index' ? `%p_${t}_${lb}_${ub} = arith.index_cast %r_${t}_${lb}_${ub} : index to i64\n  vector.print %p_${t}_${lb}_${ub} : i64` : `vector.print %r_${t}_${lb}_${ub} : ${t}`;
      calls += `  %r_${t}_${lb}_${ub} = func.call @lcg_${t}(%m_${t}, %s_${t}, %k${lb}, %k${ub}) : (memref<20x${t}>, ${t}, index, index) -> ${t}\n  ${print}\n`;
      if (t === 'i32') calls += `  func.call @printMemrefI32(%u_i32) : (memref<*xi32>) -> ()\n`;
    }
  }
  const consts = Array.from({ length: 21 }, (_, i) => `  %k${i} = arith.constant ${i} : index\n`).join('');
  const src = `${DECLS}${types.map(([t, a, c]) => kernel(t, a, c)).join('\n')}
func.func @main() {
${consts}${types
    .map(
      ([t]) =>
        `  %m_${t} = memref.alloc() : memref<20x${t}>\n  %s_${t} = arith.constant 7 : ${t}\n  %z_${t} = arith.constant 0 : ${t}\n` +
        `  scf.for %i = %k0 to %k20 step %k1 {\n    memref.store %z_${t}, %m_${t}[%i] : memref<20x${t}>\n  }\n`,
    )
    .join('')}  %u_i32 = memref.cast %m_i32 : memref<20xi32> to memref<*xi32>
${calls}  return
}
`;
  assert.ok(sameAsMlir('lcg', src) >= 1);
  // An i32 LCG whose values are truncated into i8 and i16 memrefs (vectorized: packed lane stores).
  const narrow = `${DECLS}
func.func @fill(%d8: memref<?xi8>, %d16: memref<?xi16>, %seed: i32, %lb: index, %ub: index) -> i32 {
  %c1 = arith.constant 1 : index
  %a = arith.constant 1103515245 : i32
  %inc = arith.constant 12345 : i32
  %c16 = arith.constant 16 : i32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%x = %seed) -> (i32) {
    %y = arith.muli %x, %a : i32
    %z = arith.addi %y, %inc : i32
    %hi = arith.shrui %z, %c16 : i32
    %b8 = arith.trunci %hi : i32 to i8
    %b16 = arith.trunci %z : i32 to i16
    memref.store %b8, %d8[%i] : memref<?xi8>
    memref.store %b16, %d16[%i] : memref<?xi16>
    scf.yield %z : i32
  }
  return %r : i32
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c19 = arith.constant 19 : index
  %d8 = memref.alloc(%c19) : memref<?xi8>
  %d16 = memref.alloc(%c19) : memref<?xi16>
  %w = memref.alloc(%c19) : memref<?xi32>
  %wu = memref.cast %w : memref<?xi32> to memref<*xi32>
  %z8 = arith.constant 0 : i8
  %z16 = arith.constant 0 : i16
  %seed = arith.constant 7 : i32
${RANGES.map(
  ([lb, ub], i) => `  scf.for %i = %c0 to %c19 step %c1 {
    memref.store %z8, %d8[%i] : memref<?xi8>
    memref.store %z16, %d16[%i] : memref<?xi16>
  }
  %lb${i} = arith.constant ${lb} : index
  %ub${i} = arith.constant ${ub + 8} : index
  %r${i} = func.call @fill(%d8, %d16, %seed, %lb${i}, %ub${i}) : (memref<?xi8>, memref<?xi16>, i32, index, index) -> i32
  vector.print %r${i} : i32
  scf.for %i = %c0 to %c19 step %c1 {
    %v8 = memref.load %d8[%i] : memref<?xi8>
    %v16 = memref.load %d16[%i] : memref<?xi16>
    %e8 = arith.extsi %v8 : i8 to i32
    %e16 = arith.extui %v16 : i16 to i32
    %s = arith.addi %e8, %e16 : i32
    memref.store %s, %w[%i] : memref<?xi32>
  }
  func.call @printMemrefI32(%wu) : (memref<*xi32>) -> ()
`,
).join('')}  return
}
`;
  assert.ok(sameAsMlir('lcg-narrow', narrow) >= 2);
  // An access failing in the middle of the unrolled copies: the same iteration fails, after the same output.
  const oob = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c13 = arith.constant 13 : index
  %c30 = arith.constant 30 : index
  %m = memref.alloc(%c13) : memref<?xi32>
  %a = arith.constant 1103515245 : i32
  %c = arith.constant 12345 : i32
  %s = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %c30 step %c1 iter_args(%x = %s) -> (i32) {
    %y = arith.muli %x, %a : i32
    %z = arith.addi %y, %c : i32
    memref.store %z, %m[%i] : memref<?xi32>
    scf.yield %z : i32
  }
  vector.print %r : i32
  return
}
`;
  const r = sameAsJs('lcg-oob', oob);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /lcg-oob\.mlir:13:5: error: .*out-of-bounds/);
});

test('wasm simd: an upper bound near -2^63 runs no iteration (no wrap-around in the vector loop test)', () => {
  const src = `${DECLS}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c3 = arith.constant 3 : index
  %lo = arith.constant -9223372036854775807 : index
  %m = memref.alloc() : memref<8xi32>
  %z = arith.constant 0 : i32
  %k = arith.constant 5 : i32
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %z, %m[%i] : memref<8xi32>
  }
  scf.for %i = %c3 to %lo step %c1 {
    memref.store %k, %m[%i] : memref<8xi32>
  }
  %s = scf.for %i = %c3 to %lo step %c1 iter_args(%a = %z) -> (i32) {
    %v = memref.load %m[%i] : memref<8xi32>
    %w = arith.addi %a, %v : i32
    scf.yield %w : i32
  }
  vector.print %s : i32
  %u = memref.cast %m : memref<8xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
`;
  assert.ok(sameAsMlir('far-bound', src) >= 2);
});
