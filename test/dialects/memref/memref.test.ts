import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstError, optAndReference } from '../../opt-cases.js';

// Every expectation is mlir-opt 22's output on the same input and arguments,
// run live: `opt` runs both tools (`ref`: mlir-opt's).

const opt = optAndReference;

test("memref core ops print with MLIR's result names", () => {
  const input = "memref.global \"private\" constant @g : memref<2xf32> = dense<[0.0, 1.0]>\nmemref.global @u : memref<4xi32> = uninitialized\nfunc.func @f(%m: memref<8x16xf32>, %i: index, %j: index, %v: f32, %u: memref<*xf32>, %b: memref<2048xi8>) {\n  %a = memref.alloc(%i) {alignment = 64} : memref<4x?xf32>\n  %s = memref.alloca() : memref<2xf32>\n  %0 = memref.load %m[%i, %j] : memref<8x16xf32>\n  memref.store %0, %m[%j, %i] {nontemporal = true} : memref<8x16xf32>\n  %d = memref.dim %a, %j : memref<4x?xf32>\n  %r = memref.rank %u : memref<*xf32>\n  %c = memref.cast %m : memref<8x16xf32> to memref<?x16xf32>\n  memref.copy %m, %m : memref<8x16xf32> to memref<8x16xf32>\n  %sv = memref.subview %m[%i, 4] [2, %j] [1, 2] : memref<8x16xf32> to memref<2x?xf32, strided<[16, 2], offset: ?>>\n  %rc = memref.reinterpret_cast %u to offset: [0], sizes: [%i, 4], strides: [4, 1] : memref<*xf32> to memref<?x4xf32, strided<[4, 1]>>\n  %vw = memref.view %b[%i][%j] : memref<2048xi8> to memref<?x4xf32>\n  %cs = memref.collapse_shape %m [[0, 1]] : memref<8x16xf32> into memref<128xf32>\n  %es = memref.expand_shape %cs [[0, 1]] output_shape [32, 4] : memref<128xf32> into memref<32x4xf32>\n  %gg = memref.get_global @g : memref<2xf32>\n  %x = memref.atomic_rmw maximumf %v, %m[%i, %j] : (f32, memref<8x16xf32>) -> f32\n  %t = memref.transpose %m (i, j) -> (j, i) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>\n  memref.alloca_scope {\n    %in = memref.alloca() : memref<4xf32>\n  }\n  memref.dealloc %a : memref<4x?xf32>\n  return\n}\n";
  const r = opt(input);
  assert.equal(r.err, '');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
  // Round trip: printing the output again gives the same text.
  assert.equal(opt(r.out).out, r.out);
});

test("memref core ops in generic form (properties, operandSegmentSizes)", () => {
  const input = "memref.global \"private\" constant @g : memref<2xf32> = dense<[0.0, 1.0]>\nmemref.global @u : memref<4xi32> = uninitialized\nfunc.func @f(%m: memref<8x16xf32>, %i: index, %j: index, %v: f32, %u: memref<*xf32>, %b: memref<2048xi8>) {\n  %a = memref.alloc(%i) {alignment = 64} : memref<4x?xf32>\n  %s = memref.alloca() : memref<2xf32>\n  %0 = memref.load %m[%i, %j] : memref<8x16xf32>\n  memref.store %0, %m[%j, %i] {nontemporal = true} : memref<8x16xf32>\n  %d = memref.dim %a, %j : memref<4x?xf32>\n  %r = memref.rank %u : memref<*xf32>\n  %c = memref.cast %m : memref<8x16xf32> to memref<?x16xf32>\n  memref.copy %m, %m : memref<8x16xf32> to memref<8x16xf32>\n  %sv = memref.subview %m[%i, 4] [2, %j] [1, 2] : memref<8x16xf32> to memref<2x?xf32, strided<[16, 2], offset: ?>>\n  %rc = memref.reinterpret_cast %u to offset: [0], sizes: [%i, 4], strides: [4, 1] : memref<*xf32> to memref<?x4xf32, strided<[4, 1]>>\n  %vw = memref.view %b[%i][%j] : memref<2048xi8> to memref<?x4xf32>\n  %cs = memref.collapse_shape %m [[0, 1]] : memref<8x16xf32> into memref<128xf32>\n  %es = memref.expand_shape %cs [[0, 1]] output_shape [32, 4] : memref<128xf32> into memref<32x4xf32>\n  %gg = memref.get_global @g : memref<2xf32>\n  %x = memref.atomic_rmw maximumf %v, %m[%i, %j] : (f32, memref<8x16xf32>) -> f32\n  %t = memref.transpose %m (i, j) -> (j, i) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>\n  memref.alloca_scope {\n    %in = memref.alloca() : memref<4xf32>\n  }\n  memref.dealloc %a : memref<4x?xf32>\n  return\n}\n";
  const r = opt(input, "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
});

test("more memref ops: metadata, casts, realloc, prefetch, atomics, scopes", () => {
  const input = "func.func @g(%m: memref<10xf32>, %i: index, %src: memref<4xf32>, %h: memref<4x4xf16>) -> f32 {\n  %base, %offset, %sizes, %strides = memref.extract_strided_metadata %m : memref<10xf32> -> memref<f32>, index, index, index\n  %p = memref.extract_aligned_pointer_as_index %m : memref<10xf32> -> index\n  %sp = memref.memory_space_cast %m : memref<10xf32> to memref<10xf32, 1>\n  %re = memref.realloc %src(%i) : memref<4xf32> to memref<?xf32>\n  %al = memref.assume_alignment %h, 16 : memref<4x4xf16>\n  memref.prefetch %m[%i], read, locality<3>, data : memref<10xf32>\n  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {\n  ^bb0(%old: f32):\n    memref.atomic_yield %old : f32\n  }\n  %r = memref.alloca_scope -> (f32) {\n    memref.alloca_scope.return %x : f32\n  }\n  return %r : f32\n}\n";
  const r = opt(input);
  assert.equal(r.err, '');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
  // Round trip: printing the output again gives the same text.
  assert.equal(opt(r.out).out, r.out);
});

test("more memref ops in generic form", () => {
  const input = "func.func @g(%m: memref<10xf32>, %i: index, %src: memref<4xf32>, %h: memref<4x4xf16>) -> f32 {\n  %base, %offset, %sizes, %strides = memref.extract_strided_metadata %m : memref<10xf32> -> memref<f32>, index, index, index\n  %p = memref.extract_aligned_pointer_as_index %m : memref<10xf32> -> index\n  %sp = memref.memory_space_cast %m : memref<10xf32> to memref<10xf32, 1>\n  %re = memref.realloc %src(%i) : memref<4xf32> to memref<?xf32>\n  %al = memref.assume_alignment %h, 16 : memref<4x4xf16>\n  memref.prefetch %m[%i], read, locality<3>, data : memref<10xf32>\n  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {\n  ^bb0(%old: f32):\n    memref.atomic_yield %old : f32\n  }\n  %r = memref.alloca_scope -> (f32) {\n    memref.alloca_scope.return %x : f32\n  }\n  return %r : f32\n}\n";
  const r = opt(input, "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
});

test("alloc: dynamic size count must match the type", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.alloc(%i) : memref<4xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("alloc: symbol operands must match the layout", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.alloc(%i) : memref<2x?xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("alloc: alignment is checked when parsing, at the attribute dictionary", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.alloc() {alignment = 3} : memref<4xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("load: index count must match the rank", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.load %m[%i] : memref<8x16xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("store: zero results", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index, %f: f32) {\n  \"memref.store\"(%f, %m, %i, %i) : (f32, memref<8x16xf32>, index, index) -> f32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("dim: operand must not be 0-ranked", () => {
  const r = opt("func.func @f(%z: memref<f32>, %i: index) {\n  %0 = memref.dim %z, %i : memref<f32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("cast: incompatible types", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.cast %m : memref<8x16xf32> to memref<8x8xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("copy: shapes must agree", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %n: memref<8x8xf32>) {\n  memref.copy %m, %n : memref<8x16xf32> to memref<8x8xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("subview: offsets are non-negative", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.subview %m[-1, 0] [2, 2] [1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[16, 1]>>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("subview: mixed ranks must agree", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.subview %m[0, 0] [2, 2, 2] [1, 1] : memref<8x16xf32> to memref<2x2xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("subview: result layout must match the inferred one", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[16, 1]>>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("subview: result sizes must match", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x16xf32> to memref<3x2xf32, strided<[16, 1]>>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("subview: slices stay in bounds", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.subview %m[0, 10] [2, 4] [1, 2] : memref<8x16xf32> to memref<2x4xf32, strided<[16, 2], offset: 10>>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("subview: base must be strided", () => {
  const r = opt("func.func @f(%m: memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>>) {\n  %0 = memref.subview %m[0] [2] [1] : memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>> to memref<2xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("reinterpret_cast: offset must match the result layout", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.reinterpret_cast %m to offset: [3], sizes: [4], strides: [1] : memref<8x16xf32> to memref<4xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("reinterpret_cast: one offset only", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.reinterpret_cast %m to offset: [0, 0], sizes: [4], strides: [1] : memref<8x16xf32> to memref<4xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("view: dynamic sizes must match", () => {
  const r = opt("func.func @f(%b: memref<64xi8>, %i: index) {\n  %0 = memref.view %b[%i][] : memref<64xi8> to memref<?xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("expand_shape: group sizes must multiply out", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.expand_shape %m [[0], [1, 2]] output_shape [8, 4, 3] : memref<8x16xf32> into memref<8x4x3xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("collapse_shape: indices must be contiguous", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.collapse_shape %m [[1], [0]] : memref<8x16xf32> into memref<16x8xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("collapse_shape: non-contiguous dims cannot collapse", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32, strided<[32, 1]>>) {\n  %0 = memref.collapse_shape %m [[0, 1]] : memref<8x16xf32, strided<[32, 1]>> into memref<128xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("global: type must be a static memref", () => {
  const r = opt("memref.global @x : memref<?xf32>\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("get_global: symbol must be a memref.global", () => {
  const r = opt("func.func @f() {\n  %0 = memref.get_global @nope : memref<2xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("get_global: type must match the global", () => {
  const r = opt("memref.global @x : memref<2xf32>\nfunc.func @f() {\n  %0 = memref.get_global @x : memref<2xi32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("alloca: needs an automatic allocation scope", () => {
  const r = opt("%0 = memref.alloca() : memref<1xf32>\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("atomic_rmw: float kinds need floats", () => {
  const r = opt("func.func @f(%m: memref<4xi32>, %i: index, %v: i32) {\n  %0 = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<4xi32>) -> i32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("prefetch: rw specifier", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  memref.prefetch %m[%i, %i], rw, locality<1>, data : memref<8x16xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("transpose: map must be a permutation", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.transpose %m (i, j) -> (i, i) : memref<8x16xf32> to memref<8x16xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("assume_alignment: power of two", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.assume_alignment %m, 12 : memref<8x16xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("generic_atomic_rmw: body must be side-effect free", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %x = memref.generic_atomic_rmw %m[%i, %i] : memref<8x16xf32> {\n  ^bb0(%old: f32):\n    %b = memref.alloc() : memref<2xf32>\n    memref.atomic_yield %old : f32\n  }\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("dma_wait: tag indices must match the rank", () => {
  const r = opt("func.func @f(%t: memref<2x2xi32>, %i: index) {\n  \"memref.dma_wait\"(%t, %i, %i) : (memref<2x2xi32>, index, index) -> ()\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("realloc: missing dimension operand", () => {
  const r = opt("func.func @f(%s: memref<2xf32>) {\n  %0 = memref.realloc %s : memref<2xf32> to memref<?xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test('memref.distinct_objects: custom syntax, result types from the operands', () => {
  const input =
    'func.func @f(%a: memref<4xf32>, %b: memref<8xf32>) -> (memref<4xf32>, memref<8xf32>) {\n  %0:2 = memref.distinct_objects %a, %b {x = 1} : memref<4xf32>, memref<8xf32>\n  return %0#0, %0#1 : memref<4xf32>, memref<8xf32>\n}\n';
  for (const flags of [[], ['--mlir-print-op-generic']]) {
    const r = opt(input, ...flags);
    assert.equal(r.ref.code, 0, r.ref.err);
    assert.equal(r.err, '');
    assert.equal(r.out, r.ref.out);
  }
});
