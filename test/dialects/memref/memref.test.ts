import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../../src/tools/opt-driver.js';

// Expected outputs below were produced by MLIR 22's mlir-opt and are pasted literally.

function opt(input: string, ...args: string[]): { code: number; out: string; err: string } {
  const r = runOpt(args, input);
  return { code: r.exitCode, out: r.stdout, err: r.stderr };
}

/** The first `<stdin>:line:col: error: message` line of stderr. */
function firstError(err: string): string {
  return err.split('\n').find((l) => l.includes(': error: ')) ?? '';
}

test("memref core ops print with MLIR's result names", () => {
  const input = "memref.global \"private\" constant @g : memref<2xf32> = dense<[0.0, 1.0]>\nmemref.global @u : memref<4xi32> = uninitialized\nfunc.func @f(%m: memref<8x16xf32>, %i: index, %j: index, %v: f32, %u: memref<*xf32>, %b: memref<2048xi8>) {\n  %a = memref.alloc(%i) {alignment = 64} : memref<4x?xf32>\n  %s = memref.alloca() : memref<2xf32>\n  %0 = memref.load %m[%i, %j] : memref<8x16xf32>\n  memref.store %0, %m[%j, %i] {nontemporal = true} : memref<8x16xf32>\n  %d = memref.dim %a, %j : memref<4x?xf32>\n  %r = memref.rank %u : memref<*xf32>\n  %c = memref.cast %m : memref<8x16xf32> to memref<?x16xf32>\n  memref.copy %m, %m : memref<8x16xf32> to memref<8x16xf32>\n  %sv = memref.subview %m[%i, 4] [2, %j] [1, 2] : memref<8x16xf32> to memref<2x?xf32, strided<[16, 2], offset: ?>>\n  %rc = memref.reinterpret_cast %u to offset: [0], sizes: [%i, 4], strides: [4, 1] : memref<*xf32> to memref<?x4xf32, strided<[4, 1]>>\n  %vw = memref.view %b[%i][%j] : memref<2048xi8> to memref<?x4xf32>\n  %cs = memref.collapse_shape %m [[0, 1]] : memref<8x16xf32> into memref<128xf32>\n  %es = memref.expand_shape %cs [[0, 1]] output_shape [32, 4] : memref<128xf32> into memref<32x4xf32>\n  %gg = memref.get_global @g : memref<2xf32>\n  %x = memref.atomic_rmw maximumf %v, %m[%i, %j] : (f32, memref<8x16xf32>) -> f32\n  %t = memref.transpose %m (i, j) -> (j, i) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>\n  memref.alloca_scope {\n    %in = memref.alloca() : memref<4xf32>\n  }\n  memref.dealloc %a : memref<4x?xf32>\n  return\n}\n";
  const r = opt(input);
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  memref.global \"private\" constant @g : memref<2xf32> = dense<[0.000000e+00, 1.000000e+00]>\n  memref.global @u : memref<4xi32> = uninitialized\n  func.func @f(%arg0: memref<8x16xf32>, %arg1: index, %arg2: index, %arg3: f32, %arg4: memref<*xf32>, %arg5: memref<2048xi8>) {\n    %alloc = memref.alloc(%arg1) {alignment = 64 : i64} : memref<4x?xf32>\n    %alloca = memref.alloca() : memref<2xf32>\n    %0 = memref.load %arg0[%arg1, %arg2] : memref<8x16xf32>\n    memref.store %0, %arg0[%arg2, %arg1] {nontemporal = true} : memref<8x16xf32>\n    %dim = memref.dim %alloc, %arg2 : memref<4x?xf32>\n    %1 = memref.rank %arg4 : memref<*xf32>\n    %cast = memref.cast %arg0 : memref<8x16xf32> to memref<?x16xf32>\n    memref.copy %arg0, %arg0 : memref<8x16xf32> to memref<8x16xf32>\n    %subview = memref.subview %arg0[%arg1, 4] [2, %arg2] [1, 2] : memref<8x16xf32> to memref<2x?xf32, strided<[16, 2], offset: ?>>\n    %reinterpret_cast = memref.reinterpret_cast %arg4 to offset: [0], sizes: [%arg1, 4], strides: [4, 1] : memref<*xf32> to memref<?x4xf32, strided<[4, 1]>>\n    %view = memref.view %arg5[%arg1][%arg2] : memref<2048xi8> to memref<?x4xf32>\n    %collapse_shape = memref.collapse_shape %arg0 [[0, 1]] : memref<8x16xf32> into memref<128xf32>\n    %expand_shape = memref.expand_shape %collapse_shape [[0, 1]] output_shape [32, 4] : memref<128xf32> into memref<32x4xf32>\n    %2 = memref.get_global @g : memref<2xf32>\n    %3 = memref.atomic_rmw maximumf %arg3, %arg0[%arg1, %arg2] : (f32, memref<8x16xf32>) -> f32\n    %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>\n    memref.alloca_scope  {\n      %alloca_0 = memref.alloca() : memref<4xf32>\n    }\n    memref.dealloc %alloc : memref<4x?xf32>\n    return\n  }\n}\n\n");
  // Round trip: printing the output again gives the same text.
  assert.equal(opt(r.out).out, r.out);
});

test("memref core ops in generic form (properties, operandSegmentSizes)", () => {
  const input = "memref.global \"private\" constant @g : memref<2xf32> = dense<[0.0, 1.0]>\nmemref.global @u : memref<4xi32> = uninitialized\nfunc.func @f(%m: memref<8x16xf32>, %i: index, %j: index, %v: f32, %u: memref<*xf32>, %b: memref<2048xi8>) {\n  %a = memref.alloc(%i) {alignment = 64} : memref<4x?xf32>\n  %s = memref.alloca() : memref<2xf32>\n  %0 = memref.load %m[%i, %j] : memref<8x16xf32>\n  memref.store %0, %m[%j, %i] {nontemporal = true} : memref<8x16xf32>\n  %d = memref.dim %a, %j : memref<4x?xf32>\n  %r = memref.rank %u : memref<*xf32>\n  %c = memref.cast %m : memref<8x16xf32> to memref<?x16xf32>\n  memref.copy %m, %m : memref<8x16xf32> to memref<8x16xf32>\n  %sv = memref.subview %m[%i, 4] [2, %j] [1, 2] : memref<8x16xf32> to memref<2x?xf32, strided<[16, 2], offset: ?>>\n  %rc = memref.reinterpret_cast %u to offset: [0], sizes: [%i, 4], strides: [4, 1] : memref<*xf32> to memref<?x4xf32, strided<[4, 1]>>\n  %vw = memref.view %b[%i][%j] : memref<2048xi8> to memref<?x4xf32>\n  %cs = memref.collapse_shape %m [[0, 1]] : memref<8x16xf32> into memref<128xf32>\n  %es = memref.expand_shape %cs [[0, 1]] output_shape [32, 4] : memref<128xf32> into memref<32x4xf32>\n  %gg = memref.get_global @g : memref<2xf32>\n  %x = memref.atomic_rmw maximumf %v, %m[%i, %j] : (f32, memref<8x16xf32>) -> f32\n  %t = memref.transpose %m (i, j) -> (j, i) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>\n  memref.alloca_scope {\n    %in = memref.alloca() : memref<4xf32>\n  }\n  memref.dealloc %a : memref<4x?xf32>\n  return\n}\n";
  const r = opt(input, "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.out, "#map = affine_map<(d0, d1) -> (d1, d0)>\n\"builtin.module\"() ({\n  \"memref.global\"() <{constant, initial_value = dense<[0.000000e+00, 1.000000e+00]> : tensor<2xf32>, sym_name = \"g\", sym_visibility = \"private\", type = memref<2xf32>}> : () -> ()\n  \"memref.global\"() <{initial_value, sym_name = \"u\", type = memref<4xi32>}> : () -> ()\n  \"func.func\"() <{function_type = (memref<8x16xf32>, index, index, f32, memref<*xf32>, memref<2048xi8>) -> (), sym_name = \"f\"}> ({\n  ^bb0(%arg0: memref<8x16xf32>, %arg1: index, %arg2: index, %arg3: f32, %arg4: memref<*xf32>, %arg5: memref<2048xi8>):\n    %0 = \"memref.alloc\"(%arg1) <{alignment = 64 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<4x?xf32>\n    %1 = \"memref.alloca\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2xf32>\n    %2 = \"memref.load\"(%arg0, %arg1, %arg2) : (memref<8x16xf32>, index, index) -> f32\n    \"memref.store\"(%2, %arg0, %arg2, %arg1) <{nontemporal = true}> : (f32, memref<8x16xf32>, index, index) -> ()\n    %3 = \"memref.dim\"(%0, %arg2) : (memref<4x?xf32>, index) -> index\n    %4 = \"memref.rank\"(%arg4) : (memref<*xf32>) -> index\n    %5 = \"memref.cast\"(%arg0) : (memref<8x16xf32>) -> memref<?x16xf32>\n    \"memref.copy\"(%arg0, %arg0) : (memref<8x16xf32>, memref<8x16xf32>) -> ()\n    %6 = \"memref.subview\"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 4>, static_sizes = array<i64: 2, -9223372036854775808>, static_strides = array<i64: 1, 2>}> : (memref<8x16xf32>, index, index) -> memref<2x?xf32, strided<[16, 2], offset: ?>>\n    %7 = \"memref.reinterpret_cast\"(%arg4, %arg1) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 4, 1>}> : (memref<*xf32>, index) -> memref<?x4xf32, strided<[4, 1]>>\n    %8 = \"memref.view\"(%arg5, %arg1, %arg2) : (memref<2048xi8>, index, index) -> memref<?x4xf32>\n    %9 = \"memref.collapse_shape\"(%arg0) <{reassociation = [[0, 1]]}> : (memref<8x16xf32>) -> memref<128xf32>\n    %10 = \"memref.expand_shape\"(%9) <{reassociation = [[0, 1]], static_output_shape = array<i64: 32, 4>}> : (memref<128xf32>) -> memref<32x4xf32>\n    %11 = \"memref.get_global\"() <{name = @g}> : () -> memref<2xf32>\n    %12 = \"memref.atomic_rmw\"(%arg3, %arg0, %arg1, %arg2) <{kind = 4 : i64}> : (f32, memref<8x16xf32>, index, index) -> f32\n    %13 = \"memref.transpose\"(%arg0) <{permutation = #map}> : (memref<8x16xf32>) -> memref<16x8xf32, strided<[1, 16]>>\n    \"memref.alloca_scope\"() ({\n      %14 = \"memref.alloca\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>\n      \"memref.alloca_scope.return\"() : () -> ()\n    }) : () -> ()\n    \"memref.dealloc\"(%0) : (memref<4x?xf32>) -> ()\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n\n");
});

test("more memref ops: metadata, casts, realloc, prefetch, atomics, scopes", () => {
  const input = "func.func @g(%m: memref<10xf32>, %i: index, %src: memref<4xf32>, %h: memref<4x4xf16>) -> f32 {\n  %base, %offset, %sizes, %strides = memref.extract_strided_metadata %m : memref<10xf32> -> memref<f32>, index, index, index\n  %p = memref.extract_aligned_pointer_as_index %m : memref<10xf32> -> index\n  %sp = memref.memory_space_cast %m : memref<10xf32> to memref<10xf32, 1>\n  %re = memref.realloc %src(%i) : memref<4xf32> to memref<?xf32>\n  %al = memref.assume_alignment %h, 16 : memref<4x4xf16>\n  memref.prefetch %m[%i], read, locality<3>, data : memref<10xf32>\n  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {\n  ^bb0(%old: f32):\n    memref.atomic_yield %old : f32\n  }\n  %r = memref.alloca_scope -> (f32) {\n    memref.alloca_scope.return %x : f32\n  }\n  return %r : f32\n}\n";
  const r = opt(input);
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @g(%arg0: memref<10xf32>, %arg1: index, %arg2: memref<4xf32>, %arg3: memref<4x4xf16>) -> f32 {\n    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %arg0 : memref<10xf32> -> memref<f32>, index, index, index\n    %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<10xf32> -> index\n    %memspacecast = memref.memory_space_cast %arg0 : memref<10xf32> to memref<10xf32, 1>\n    %0 = memref.realloc %arg2(%arg1) : memref<4xf32> to memref<?xf32>\n    %assume_align = memref.assume_alignment %arg3, 16 : memref<4x4xf16>\n    memref.prefetch %arg0[%arg1], read, locality<3>, data : memref<10xf32>\n    %1 = memref.generic_atomic_rmw %arg0[%arg1] : memref<10xf32> {\n    ^bb0(%arg4: f32):\n      memref.atomic_yield %arg4 : f32\n    }\n    %2 = memref.alloca_scope  -> (f32) {\n      memref.alloca_scope.return %1 : f32\n    }\n    return %2 : f32\n  }\n}\n\n");
  // Round trip: printing the output again gives the same text.
  assert.equal(opt(r.out).out, r.out);
});

test("more memref ops in generic form", () => {
  const input = "func.func @g(%m: memref<10xf32>, %i: index, %src: memref<4xf32>, %h: memref<4x4xf16>) -> f32 {\n  %base, %offset, %sizes, %strides = memref.extract_strided_metadata %m : memref<10xf32> -> memref<f32>, index, index, index\n  %p = memref.extract_aligned_pointer_as_index %m : memref<10xf32> -> index\n  %sp = memref.memory_space_cast %m : memref<10xf32> to memref<10xf32, 1>\n  %re = memref.realloc %src(%i) : memref<4xf32> to memref<?xf32>\n  %al = memref.assume_alignment %h, 16 : memref<4x4xf16>\n  memref.prefetch %m[%i], read, locality<3>, data : memref<10xf32>\n  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {\n  ^bb0(%old: f32):\n    memref.atomic_yield %old : f32\n  }\n  %r = memref.alloca_scope -> (f32) {\n    memref.alloca_scope.return %x : f32\n  }\n  return %r : f32\n}\n";
  const r = opt(input, "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.out, "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (memref<10xf32>, index, memref<4xf32>, memref<4x4xf16>) -> f32, sym_name = \"g\"}> ({\n  ^bb0(%arg0: memref<10xf32>, %arg1: index, %arg2: memref<4xf32>, %arg3: memref<4x4xf16>):\n    %0:4 = \"memref.extract_strided_metadata\"(%arg0) : (memref<10xf32>) -> (memref<f32>, index, index, index)\n    %1 = \"memref.extract_aligned_pointer_as_index\"(%arg0) : (memref<10xf32>) -> index\n    %2 = \"memref.memory_space_cast\"(%arg0) : (memref<10xf32>) -> memref<10xf32, 1>\n    %3 = \"memref.realloc\"(%arg2, %arg1) : (memref<4xf32>, index) -> memref<?xf32>\n    %4 = \"memref.assume_alignment\"(%arg3) <{alignment = 16 : i32}> : (memref<4x4xf16>) -> memref<4x4xf16>\n    \"memref.prefetch\"(%arg0, %arg1) <{isDataCache = true, isWrite = false, localityHint = 3 : i32}> : (memref<10xf32>, index) -> ()\n    %5 = \"memref.generic_atomic_rmw\"(%arg0, %arg1) ({\n    ^bb0(%arg4: f32):\n      \"memref.atomic_yield\"(%arg4) : (f32) -> ()\n    }) : (memref<10xf32>, index) -> f32\n    %6 = \"memref.alloca_scope\"() ({\n      \"memref.alloca_scope.return\"(%5) : (f32) -> ()\n    }) : () -> f32\n    \"func.return\"(%6) : (f32) -> ()\n  }) : () -> ()\n}) : () -> ()\n\n");
});

test("alloc: dynamic size count must match the type", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.alloc(%i) : memref<4xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0");
});

test("alloc: symbol operands must match the layout", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.alloc(%i) : memref<2x?xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0");
});

test("alloc: alignment is checked when parsing, at the attribute dictionary", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.alloc() {alignment = 3} : memref<4xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:23: error: custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0");
});

test("load: index count must match the rank", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.load %m[%i] : memref<8x16xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.load' op incorrect number of indices for load, expected 2 but got 1");
});

test("store: zero results", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index, %f: f32) {\n  \"memref.store\"(%f, %m, %i, %i) : (f32, memref<8x16xf32>, index, index) -> f32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: 'memref.store' op requires zero results");
});

test("dim: operand must not be 0-ranked", () => {
  const r = opt("func.func @f(%z: memref<f32>, %i: index) {\n  %0 = memref.dim %z, %i : memref<f32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'");
});

test("cast: incompatible types", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.cast %m : memref<8x16xf32> to memref<8x8xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.cast' op operand type 'memref<8x16xf32>' and result type 'memref<8x8xf32>' are cast incompatible");
});

test("copy: shapes must agree", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %n: memref<8x8xf32>) {\n  memref.copy %m, %n : memref<8x16xf32> to memref<8x8xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: 'memref.copy' op requires the same shape for all operands");
});

test("subview: offsets are non-negative", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.subview %m[-1, 0] [2, 2] [1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[16, 1]>>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: expected offsets to be non-negative, but got -1");
});

test("subview: mixed ranks must agree", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.subview %m[0, 0] [2, 2, 2] [1, 1] : memref<8x16xf32> to memref<2x2xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: expected mixed offsets rank to match mixed sizes rank (2 vs 3) so the rank of the result type is well-formed.");
});

test("subview: result layout must match the inferred one", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[16, 1]>>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: expected result type to be 'memref<2x2xf32, strided<[16, 1], offset: 17>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32, strided<[16, 1]>>'");
});

test("subview: result sizes must match", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x16xf32> to memref<3x2xf32, strided<[16, 1]>>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: expected result type to be 'memref<2x2xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<3x2xf32, strided<[16, 1]>>'");
});

test("subview: slices stay in bounds", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.subview %m[0, 10] [2, 4] [1, 2] : memref<8x16xf32> to memref<2x4xf32, strided<[16, 2], offset: 10>>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: slice along dimension 1 runs out-of-bounds: 16 >= 16");
});

test("subview: base must be strided", () => {
  const r = opt("func.func @f(%m: memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>>) {\n  %0 = memref.subview %m[0] [2] [1] : memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>> to memref<2xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: base type 'memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>>' is not strided");
});

test("reinterpret_cast: offset must match the result layout", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.reinterpret_cast %m to offset: [3], sizes: [4], strides: [1] : memref<8x16xf32> to memref<4xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: expected result type with offset = 3 instead of 0");
});

test("reinterpret_cast: one offset only", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.reinterpret_cast %m to offset: [0, 0], sizes: [4], strides: [1] : memref<8x16xf32> to memref<4xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.");
});

test("view: dynamic sizes must match", () => {
  const r = opt("func.func @f(%b: memref<64xi8>, %i: index) {\n  %0 = memref.view %b[%i][] : memref<64xi8> to memref<?xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.view' op incorrect number of dynamic sizes, has 0, expected 1");
});

test("expand_shape: group sizes must multiply out", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.expand_shape %m [[0], [1, 2]] output_shape [8, 4, 3] : memref<8x16xf32> into memref<8x4x3xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.expand_shape' op collapsed dim size (16) must equal reassociation group size (12)");
});

test("collapse_shape: indices must be contiguous", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.collapse_shape %m [[1], [0]] : memref<8x16xf32> into memref<16x8xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.collapse_shape' op reassociation indices must be contiguous");
});

test("collapse_shape: non-contiguous dims cannot collapse", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32, strided<[32, 1]>>) {\n  %0 = memref.collapse_shape %m [[0, 1]] : memref<8x16xf32, strided<[32, 1]>> into memref<128xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims");
});

test("global: type must be a static memref", () => {
  const r = opt("memref.global @x : memref<?xf32>\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:1:1: error: custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'");
});

test("get_global: symbol must be a memref.global", () => {
  const r = opt("func.func @f() {\n  %0 = memref.get_global @nope : memref<2xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.get_global' op 'nope' does not reference a valid global memref");
});

test("get_global: type must match the global", () => {
  const r = opt("memref.global @x : memref<2xf32>\nfunc.func @f() {\n  %0 = memref.get_global @x : memref<2xi32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:3:8: error: 'memref.get_global' op result type 'memref<2xi32>' does not match type 'memref<2xf32>' of the global memref @x");
});

test("alloca: needs an automatic allocation scope", () => {
  const r = opt("%0 = memref.alloca() : memref<1xf32>\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:1:6: error: 'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait");
});

test("atomic_rmw: float kinds need floats", () => {
  const r = opt("func.func @f(%m: memref<4xi32>, %i: index, %v: i32) {\n  %0 = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<4xi32>) -> i32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.atomic_rmw' op with kind 'addf' expects a floating-point type");
});

test("prefetch: rw specifier", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  memref.prefetch %m[%i, %i], rw, locality<1>, data : memref<8x16xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: custom op 'memref.prefetch' rw specifier has to be 'read' or 'write'");
});

test("transpose: map must be a permutation", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.transpose %m (i, j) -> (i, i) : memref<8x16xf32> to memref<8x16xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.transpose' op expected a permutation map");
});

test("assume_alignment: power of two", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %0 = memref.assume_alignment %m, 12 : memref<8x16xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'memref.assume_alignment' op alignment must be power of 2");
});

test("generic_atomic_rmw: body must be side-effect free", () => {
  const r = opt("func.func @f(%m: memref<8x16xf32>, %i: index) {\n  %x = memref.generic_atomic_rmw %m[%i, %i] : memref<8x16xf32> {\n  ^bb0(%old: f32):\n    %b = memref.alloc() : memref<2xf32>\n    memref.atomic_yield %old : f32\n  }\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:4:10: error: body of 'memref.generic_atomic_rmw' should contain only operations with no side effects");
});

test("dma_wait: tag indices must match the rank", () => {
  const r = opt("func.func @f(%t: memref<2x2xi32>, %i: index) {\n  \"memref.dma_wait\"(%t, %i, %i) : (memref<2x2xi32>, index, index) -> ()\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: 'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 2, but got 1");
});

test("realloc: missing dimension operand", () => {
  const r = opt("func.func @f(%s: memref<2xf32>) {\n  %0 = memref.realloc %s : memref<2xf32> to memref<?xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: missing dimension operand for result type 'memref<?xf32>'");
});
