// memref folds and canonicalization patterns against MLIR 22: each case runs
// scf-opt in-process and compares with mlir-opt 22's for the same input, run
// live.

import { testOptCases, type OptCase } from '../opt-cases.js';

/** Run under --canonicalize and a fold-only or bottom-up pass: reinterpret_cast folds and patterns. */
const REINTERPRET_CAST_INPUT = `func.func @ident(%arg0: memref<?xf32>, %m: memref<20xf32>) -> (memref<?xf32, strided<[?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<4x5xf32, strided<[?, ?], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %0 = memref.reinterpret_cast %arg0 to offset: [%c0], sizes: [%c4], strides: [%c1] : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
  %1 = memref.reinterpret_cast %arg0 to offset: [%c0], sizes: [%c4, %c5], strides: [%c5, %c1] : memref<?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %base, %off, %sz, %st = memref.extract_strided_metadata %m : memref<20xf32> -> memref<f32>, index, index, index
  %2 = memref.reinterpret_cast %base to offset: [%off], sizes: [4, 5], strides: [%c5, %st] : memref<f32> to memref<4x5xf32, strided<[?, ?], offset: ?>>
  return %0, %1, %2 : memref<?xf32, strided<[?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<4x5xf32, strided<[?, ?], offset: ?>>
}
func.func @loop(%arg0: memref<4x5xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.reinterpret_cast %arg0 to offset: [0], sizes: [20], strides: [1] : memref<4x5xf32> to memref<20xf32>
    %1 = memref.reinterpret_cast %0 to offset: [0], sizes: [4, 5], strides: [5, 1] : memref<20xf32> to memref<4x5xf32>
    %2 = memref.reinterpret_cast %1 to offset: [%i], sizes: [%c1], strides: [%c1] : memref<4x5xf32> to memref<?xf32, strided<[?], offset: ?>>
    "test.use"(%1, %2) : (memref<4x5xf32>, memref<?xf32, strided<[?], offset: ?>>) -> ()
  }
  return
}
`;

/** Run under --canonicalize and a fold-only or bottom-up pass: transpose folds. */
const TRANSPOSE_INPUT = `func.func @transpose(%arg0: memref<3x4x5xf32>, %arg1: memref<3x4xf32>, %arg2: memref<3x4xf32, strided<[4, 1]>>) -> (memref<5x3x4xf32, strided<[1, 20, 5]>>, memref<3x4x5xf32>, memref<3x4xf32, strided<[4, 1]>>, memref<3x4xf32>, memref<3x4xf32, strided<[4, 1]>>) {
  %0 = memref.transpose %arg0 (d0, d1, d2) -> (d1, d2, d0) : memref<3x4x5xf32> to memref<4x5x3xf32, strided<[5, 1, 20]>>
  %1 = memref.transpose %0 (d0, d1, d2) -> (d1, d0, d2) : memref<4x5x3xf32, strided<[5, 1, 20]>> to memref<5x4x3xf32, strided<[1, 5, 20]>>
  %2 = memref.transpose %1 (d0, d1, d2) -> (d0, d2, d1) : memref<5x4x3xf32, strided<[1, 5, 20]>> to memref<5x3x4xf32, strided<[1, 20, 5]>>
  %3 = memref.transpose %arg0 (d0, d1, d2) -> (d2, d0, d1) : memref<3x4x5xf32> to memref<5x3x4xf32, strided<[1, 20, 5]>>
  %4 = memref.transpose %3 (d0, d1, d2) -> (d1, d2, d0) : memref<5x3x4xf32, strided<[1, 20, 5]>> to memref<3x4x5xf32, strided<[20, 5, 1]>>
  %5 = memref.transpose %4 (d0, d1, d2) -> (d0, d1, d2) : memref<3x4x5xf32, strided<[20, 5, 1]>> to memref<3x4x5xf32, strided<[20, 5, 1]>>
  %6 = memref.cast %5 : memref<3x4x5xf32, strided<[20, 5, 1]>> to memref<3x4x5xf32>
  %7 = memref.transpose %arg1 (d0, d1) -> (d0, d1) : memref<3x4xf32> to memref<3x4xf32, strided<[4, 1]>>
  %8 = memref.transpose %arg1 (d0, d1) -> (d0, d1) : memref<3x4xf32> to memref<3x4xf32>
  %9 = memref.transpose %arg2 (d0, d1) -> (d1, d0) : memref<3x4xf32, strided<[4, 1]>> to memref<4x3xf32, strided<[1, 4]>>
  %10 = memref.transpose %9 (d0, d1) -> (d1, d0) : memref<4x3xf32, strided<[1, 4]>> to memref<3x4xf32, strided<[4, 1]>>
  return %2, %6, %7, %8, %10 : memref<5x3x4xf32, strided<[1, 20, 5]>>, memref<3x4x5xf32>, memref<3x4xf32, strided<[4, 1]>>, memref<3x4xf32>, memref<3x4xf32, strided<[4, 1]>>
}
`;

/** Run under --canonicalize and a fold-only or bottom-up pass: collapse_shape/expand_shape folds and compositions. */
const RESHAPE_INPUT = `func.func @folds(%a: memref<4x5xf32>, %b: memref<?x5xf32>, %c: memref<?x?xf32>, %n: index, %m: index) -> (memref<4x5xf32>, memref<?x5xf32>, memref<?x?xf32>, memref<20xf32>, memref<?x?xf32>) {
  %0 = memref.collapse_shape %a [[0, 1]] : memref<4x5xf32> into memref<20xf32>
  %1 = memref.expand_shape %0 [[0, 1]] output_shape [4, 5] : memref<20xf32> into memref<4x5xf32>
  %2 = memref.collapse_shape %b [[0, 1]] : memref<?x5xf32> into memref<?xf32>
  %3 = memref.expand_shape %2 [[0, 1]] output_shape [%n, 5] : memref<?xf32> into memref<?x5xf32>
  %4 = memref.collapse_shape %c [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  %5 = memref.expand_shape %4 [[0, 1]] output_shape [%n, %m] : memref<?xf32> into memref<?x?xf32>
  %6 = memref.expand_shape %0 [[0, 1]] output_shape [2, 10] : memref<20xf32> into memref<2x10xf32>
  %7 = memref.collapse_shape %6 [[0, 1]] : memref<2x10xf32> into memref<20xf32>
  %8 = memref.collapse_shape %7 [[0]] : memref<20xf32> into memref<20xf32>
  %9 = memref.expand_shape %4 [[0, 1]] output_shape [%m, %n] : memref<?xf32> into memref<?x?xf32>
  %10 = memref.collapse_shape %9 [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  %11 = memref.expand_shape %10 [[0, 1]] output_shape [%n, %m] : memref<?xf32> into memref<?x?xf32>
  return %1, %3, %5, %8, %11 : memref<4x5xf32>, memref<?x5xf32>, memref<?x?xf32>, memref<20xf32>, memref<?x?xf32>
}
func.func @compose(%a: memref<2x3x4x5xf32>, %d: memref<?x3x4xf32>, %n: index) -> (memref<120xf32>, memref<2x3x4x5xf32>, memref<?xf32>, memref<?x3x2x2xf32>) {
  %0 = memref.collapse_shape %a [[0, 1], [2], [3]] : memref<2x3x4x5xf32> into memref<6x4x5xf32>
  %1 = memref.collapse_shape %0 [[0, 1, 2]] : memref<6x4x5xf32> into memref<120xf32>
  %2 = memref.expand_shape %1 [[0, 1]] output_shape [6, 20] : memref<120xf32> into memref<6x20xf32>
  %3 = memref.expand_shape %2 [[0, 1], [2, 3]] output_shape [2, 3, 4, 5] : memref<6x20xf32> into memref<2x3x4x5xf32>
  %4 = memref.collapse_shape %d [[0, 1], [2]] : memref<?x3x4xf32> into memref<?x4xf32>
  %5 = memref.collapse_shape %4 [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  %6 = memref.expand_shape %d [[0], [1], [2, 3]] output_shape [%n, 3, 2, 2] : memref<?x3x4xf32> into memref<?x3x2x2xf32>
  return %1, %3, %5, %6 : memref<120xf32>, memref<2x3x4x5xf32>, memref<?xf32>, memref<?x3x2x2xf32>
}
func.func @collapse_of_expand(%a: memref<6x20xf32>, %d: memref<?x20xf32>, %n: index, %e: memref<?xf32>, %m: index) -> (memref<6x4x5xf32>, memref<24x5xf32>, memref<?x5xf32>, memref<?x4x5xf32>, memref<?xf32>, memref<6x20xf32>) {
  %0 = memref.expand_shape %a [[0, 1], [2, 3, 4]] output_shape [2, 3, 2, 2, 5] : memref<6x20xf32> into memref<2x3x2x2x5xf32>
  %1 = memref.collapse_shape %0 [[0, 1], [2, 3], [4]] : memref<2x3x2x2x5xf32> into memref<6x4x5xf32>
  %2 = memref.collapse_shape %0 [[0, 1, 2, 3], [4]] : memref<2x3x2x2x5xf32> into memref<24x5xf32>
  %3 = memref.expand_shape %d [[0, 1], [2, 3]] output_shape [%n, 2, 4, 5] : memref<?x20xf32> into memref<?x2x4x5xf32>
  %4 = memref.collapse_shape %3 [[0, 1, 2], [3]] : memref<?x2x4x5xf32> into memref<?x5xf32>
  %5 = memref.collapse_shape %3 [[0, 1], [2], [3]] : memref<?x2x4x5xf32> into memref<?x4x5xf32>
  %6 = memref.expand_shape %e [[0, 1, 2]] output_shape [%n, 3, %m] : memref<?xf32> into memref<?x3x?xf32>
  %7 = memref.collapse_shape %6 [[0, 1, 2]] : memref<?x3x?xf32> into memref<?xf32>
  %8 = memref.collapse_shape %0 [[0, 1], [2, 3, 4]] : memref<2x3x2x2x5xf32> into memref<6x20xf32>
  return %1, %2, %4, %5, %7, %8 : memref<6x4x5xf32>, memref<24x5xf32>, memref<?x5xf32>, memref<?x4x5xf32>, memref<?xf32>, memref<6x20xf32>
}
`;

/** Run under --canonicalize and a fold-only or bottom-up pass: expand-of-collapse regrouping. */
const EXPAND_OF_COLLAPSE_INPUT = `func.func @regroup(%a: memref<?x2x3x?xf32>, %b: memref<?x?x?xf32>, %c: memref<2x2x?xf32>, %d: memref<1x4x1x5xf32>, %e: memref<6x?xf32>, %n: index, %m: index) -> (memref<?x6x?xf32>, memref<?x?xf32>, memref<2x?xf32>, memref<4x5xf32>, memref<2x3x?xf32>) {
  %0 = memref.collapse_shape %a [[0, 1, 2], [3]] : memref<?x2x3x?xf32> into memref<?x?xf32>
  %1 = memref.expand_shape %0 [[0, 1], [2]] output_shape [%n, 6, %m] : memref<?x?xf32> into memref<?x6x?xf32>
  %2 = memref.collapse_shape %b [[0, 1, 2]] : memref<?x?x?xf32> into memref<?xf32>
  %3 = memref.expand_shape %2 [[0, 1]] output_shape [%n, %m] : memref<?xf32> into memref<?x?xf32>
  %4 = memref.collapse_shape %c [[0, 1, 2]] : memref<2x2x?xf32> into memref<?xf32>
  %5 = memref.expand_shape %4 [[0, 1]] output_shape [2, %n] : memref<?xf32> into memref<2x?xf32>
  %6 = memref.collapse_shape %d [[0, 1, 2, 3]] : memref<1x4x1x5xf32> into memref<20xf32>
  %7 = memref.expand_shape %6 [[0, 1]] output_shape [4, 5] : memref<20xf32> into memref<4x5xf32>
  %8 = memref.collapse_shape %e [[0, 1]] : memref<6x?xf32> into memref<?xf32>
  %9 = memref.expand_shape %8 [[0, 1, 2]] output_shape [2, 3, %n] : memref<?xf32> into memref<2x3x?xf32>
  return %1, %3, %5, %7, %9 : memref<?x6x?xf32>, memref<?x?xf32>, memref<2x?xf32>, memref<4x5xf32>, memref<2x3x?xf32>
}
func.func @regroup2(%a: memref<?x2x3x6x?xf32>, %b: memref<2x3x5xf32>, %c: memref<1x1xf32>, %n: index, %m: index) -> (memref<?x6x?xf32>, memref<6x5xf32>, memref<1xf32>, memref<?x3x?xf32>) {
  %0 = memref.collapse_shape %a [[0, 1, 2, 3, 4]] : memref<?x2x3x6x?xf32> into memref<?xf32>
  %1 = memref.expand_shape %0 [[0, 1, 2]] output_shape [%n, 6, %m] : memref<?xf32> into memref<?x6x?xf32>
  %2 = memref.collapse_shape %b [[0, 1, 2]] : memref<2x3x5xf32> into memref<30xf32>
  %3 = memref.expand_shape %2 [[0, 1]] output_shape [6, 5] : memref<30xf32> into memref<6x5xf32>
  %4 = memref.collapse_shape %c [] : memref<1x1xf32> into memref<f32>
  %5 = memref.expand_shape %4 [] output_shape [1] : memref<f32> into memref<1xf32>
  %6 = memref.collapse_shape %a [[0, 1], [2], [3, 4]] : memref<?x2x3x6x?xf32> into memref<?x3x?xf32>
  %7 = memref.collapse_shape %6 [[0, 1, 2]] : memref<?x3x?xf32> into memref<?xf32>
  %8 = memref.expand_shape %7 [[0, 1, 2]] output_shape [%n, 3, %m] : memref<?xf32> into memref<?x3x?xf32>
  return %1, %3, %5, %8 : memref<?x6x?xf32>, memref<6x5xf32>, memref<1xf32>, memref<?x3x?xf32>
}
`;

const CASES: OptCase[] = [
  {
    name: "memref: cast folding into load/store/dim/copy/dealloc, constant alloc sizes, dead allocs, subview constants and casts",
    args: ["--allow-unregistered-dialect", "--canonicalize"],
    input: `func.func @casts(%arg0: memref<4x5xf32>, %i: index) -> f32 {
  %0 = memref.cast %arg0 : memref<4x5xf32> to memref<?x?xf32>
  %1 = memref.cast %0 : memref<?x?xf32> to memref<?x5xf32>
  %2 = memref.load %1[%i, %i] : memref<?x5xf32>
  %3 = memref.cast %arg0 : memref<4x5xf32> to memref<4x5xf32>
  memref.store %2, %3[%i, %i] : memref<4x5xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %0, %c0 : memref<?x?xf32>
  %d1 = memref.dim %1, %c1 : memref<?x5xf32>
  %s = arith.addi %d0, %d1 : index
  memref.store %2, %0[%s, %s] : memref<?x?xf32>
  return %2 : f32
}
func.func @allocs(%n: index) -> (memref<?x?xf32>, index, index) {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%c4, %n) : memref<?x?xf32>
  %d = memref.dim %a, %c1 : memref<?x?xf32>
  %e = memref.dim %a, %c0 : memref<?x?xf32>
  %b = memref.alloc() : memref<8xf32>
  %f = arith.constant 1.0 : f32
  memref.store %f, %b[%c0] : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  %s = memref.alloca(%n) : memref<?xi32>
  %r = memref.rank %a : memref<?x?xf32>
  %d2 = arith.addi %d, %r : index
  return %a, %d2, %e : memref<?x?xf32>, index, index
}
func.func @copies(%a: memref<4xf32>, %b: memref<0xf32>, %c: memref<?xf32>) {
  memref.copy %a, %a : memref<4xf32> to memref<4xf32>
  memref.copy %b, %b : memref<0xf32> to memref<0xf32>
  %x = memref.cast %a : memref<4xf32> to memref<?xf32>
  memref.copy %x, %c : memref<?xf32> to memref<?xf32>
  %y = memref.cast %c : memref<?xf32> to memref<4xf32>
  memref.copy %y, %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %x : memref<?xf32>
  return
}
func.func @subviews(%arg0: memref<16x16xf32>, %i: index) -> (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<16x16xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = memref.cast %arg0 : memref<16x16xf32> to memref<?x?xf32>
  %1 = memref.subview %0[%i, %i][%i, %i][%i, %i]: memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %2 = memref.subview %arg0[%c1, %i][%c4, %i][%c2, %c1]: memref<16x16xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %3 = memref.subview %arg0[0, 0][16, 16][1, 1]: memref<16x16xf32> to memref<16x16xf32>
  %4 = memref.subview %arg0[%c0, %c0][16, %i][1, 1]: memref<16x16xf32> to memref<16x?xf32, strided<[16, 1], offset: ?>>
  %d = memref.dim %4, %c1 : memref<16x?xf32, strided<[16, 1], offset: ?>>
  %5 = memref.subview %arg0[0, %i][1, %c4][1, 1]: memref<16x16xf32> to memref<?xf32, strided<[1], offset: ?>>
  "test.use"(%5) : (memref<?xf32, strided<[1], offset: ?>>) -> ()
  return %1, %2, %3, %d : memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<16x16xf32>, index
}
`,
  },
  {
    name: "memref: view shape folding and cast-of-alloc folding, dead stores into allocs, memory_space_cast/assume_alignment folds, subview of subview",
    args: ["--allow-unregistered-dialect", "--canonicalize"],
    input: `func.func @view(%arg0 : index) -> (f32, f32, f32, f32, index) {
  %0 = memref.alloc() : memref<2048xi8>
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c15 = arith.constant 15 : index
  %1 = memref.view %0[%c15][%c7, %c11] : memref<2048xi8> to memref<?x?xf32>
  %r0 = memref.load %1[%c0, %c0] : memref<?x?xf32>
  %2 = memref.view %0[%c15][%arg0, %arg0, %c7] : memref<2048xi8> to memref<?x?x?xf32>
  %r1 = memref.load %2[%c0, %c0, %c0] : memref<?x?x?xf32>
  %d = memref.dim %2, %c0 : memref<?x?x?xf32>
  %3 = memref.view %0[%c15][%c7] : memref<2048xi8> to memref<?x4xf32>
  %r2 = memref.load %3[%c0, %c0] : memref<?x4xf32>
  %4 = memref.cast %0 : memref<2048xi8> to memref<?xi8>
  %5 = memref.view %4[%c15][%c15, %c7] : memref<?xi8> to memref<?x?xf32>
  %r3 = memref.load %5[%c0, %c0] : memref<?x?xf32>
  %n = memref.alloca() : memref<4xi8>
  %m = memref.view %n[%c0][] : memref<4xi8> to memref<4xi8>
  %neg = arith.constant -1 : index
  %q = memref.alloc(%neg) : memref<?xf32>
  "test.use"(%q, %m) : (memref<?xf32>, memref<4xi8>) -> ()
  return %r0, %r1, %r2, %r3, %d : f32, f32, f32, f32, index
}
func.func @dead(%v: f32, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %b = memref.alloca() : memref<4xf32>
  %x = memref.load %b[%c0] : memref<4xf32>
  memref.store %x, %m[%c0] : memref<?xf32>
  %c = memref.alloc() : memref<memref<4xf32>>
  memref.store %a, %c[] : memref<memref<4xf32>>
  %ms = memref.memory_space_cast %m : memref<?xf32> to memref<?xf32, 1>
  %ms2 = memref.memory_space_cast %ms : memref<?xf32, 1> to memref<?xf32, 2>
  %al = memref.assume_alignment %m, 16 : memref<?xf32>
  %al2 = memref.assume_alignment %al, 16 : memref<?xf32>
  "test.use"(%ms2, %al2) : (memref<?xf32, 2>, memref<?xf32>) -> ()
  return
}
func.func @sv2(%arg0: memref<8x8xf32>, %i: index) -> memref<4x4xf32, strided<[8, 1], offset: ?>> {
  %0 = memref.subview %arg0[%i, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  %1 = memref.subview %0[0, 0][4, 4][1, 1] : memref<4x4xf32, strided<[8, 1], offset: ?>> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  %c9 = arith.constant 9 : index
  %2 = memref.subview %arg0[%c9, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  "test.use"(%2) : (memref<4x4xf32, strided<[8, 1], offset: ?>>) -> ()
  return %1 : memref<4x4xf32, strided<[8, 1], offset: ?>>
}
`,
  },
  {
    name: "memref: reinterpret_cast folds (chains, casts, zero-offset subviews, no-op casts)",
    args: ["--canonicalize"],
    input: `func.func @fold(%arg0: memref<4x5xf32>, %u: memref<*xf32>, %i: index) -> (memref<4x5xf32>, memref<20xf32>, memref<4x5xf32, strided<[5, 1]>>, memref<8xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>) {
  %0 = memref.reinterpret_cast %arg0 to offset: [0], sizes: [4, 5], strides: [5, 1] : memref<4x5xf32> to memref<4x5xf32>
  %1 = memref.reinterpret_cast %arg0 to offset: [0], sizes: [20], strides: [1] : memref<4x5xf32> to memref<20xf32>
  %2 = memref.reinterpret_cast %1 to offset: [0], sizes: [4, 5], strides: [5, 1] : memref<20xf32> to memref<4x5xf32, strided<[5, 1]>>
  %3 = memref.cast %u : memref<*xf32> to memref<?xf32>
  %4 = memref.reinterpret_cast %3 to offset: [%i], sizes: [8], strides: [1] : memref<?xf32> to memref<8xf32, strided<[1], offset: ?>>
  %5 = memref.subview %arg0[0, 1][2, 2][1, 1] : memref<4x5xf32> to memref<2x2xf32, strided<[5, 1], offset: 1>>
  %6 = memref.reinterpret_cast %5 to offset: [%i], sizes: [4], strides: [1] : memref<2x2xf32, strided<[5, 1], offset: 1>> to memref<4xf32, strided<[1], offset: ?>>
  return %0, %1, %2, %4, %6 : memref<4x5xf32>, memref<20xf32>, memref<4x5xf32, strided<[5, 1]>>, memref<8xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>
}
func.func @esm(%arg0: memref<4x5xf32>, %d: memref<?x?xf32, strided<[?, ?], offset: ?>>, %i: index) -> (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x5xf32, strided<[5, ?]>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>) {
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %arg0 : memref<4x5xf32> -> memref<f32>, index, index, index, index, index
  %0 = memref.reinterpret_cast %base to offset: [%off], sizes: [%sz#0, %sz#1], strides: [%st#0, %st#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %c4 = arith.constant 4 : index
  %1 = memref.reinterpret_cast %base to offset: [0], sizes: [%c4, 5], strides: [5, %st#1] : memref<f32> to memref<?x5xf32, strided<[5, ?]>>
  %b2, %o2, %s2:2, %t2:2 = memref.extract_strided_metadata %d : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
  %2 = memref.reinterpret_cast %b2 to offset: [%o2], sizes: [%s2#0, %s2#1], strides: [%t2#0, %t2#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %3 = memref.reinterpret_cast %b2 to offset: [%o2], sizes: [%s2#1, %s2#0], strides: [%t2#0, %t2#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %0, %1, %2, %3 : memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x5xf32, strided<[5, ?]>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>
}
func.func @consts(%arg0: memref<?xf32>, %i: index) -> (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %0 = memref.reinterpret_cast %arg0 to offset: [%c3], sizes: [%c4, %i], strides: [%i, %c1] : memref<?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %1 = memref.reinterpret_cast %arg0 to offset: [%i], sizes: [%c4], strides: [%c1] : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
  return %0, %1 : memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>
}
`,
  },
  {
    name: "memref: reinterpret_cast constant folding and extract_strided_metadata round trips",
    args: ["--allow-unregistered-dialect", "--canonicalize"],
    input: REINTERPRET_CAST_INPUT,
  },
  {
    name: "memref: reinterpret_cast folds only under --scf-for-loop-canonicalization",
    args: ["--allow-unregistered-dialect", "--scf-for-loop-canonicalization"],
    input: REINTERPRET_CAST_INPUT,
  },
  {
    name: "memref: transpose folds (identity, composed chains)",
    args: ["--canonicalize"],
    input: TRANSPOSE_INPUT,
  },
  {
    name: "memref: transpose folds only under --scf-for-loop-canonicalization",
    args: ["--scf-for-loop-canonicalization"],
    input: TRANSPOSE_INPUT,
  },
  {
    name: "memref: dim of memref.reshape becomes a load of the shape (where the index dominates), dead reallocs",
    args: ["--canonicalize"],
    input: `func.func @dim_reshape(%src: memref<*xf32>, %shape: memref<?xindex>, %shape32: memref<3xi32>, %i: index) -> (index, index, index) {
  %c1 = arith.constant 1 : index
  %0 = memref.reshape %src(%shape) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
  %d0 = memref.dim %0, %i : memref<*xf32>
  %1 = memref.reshape %src(%shape32) : (memref<*xf32>, memref<3xi32>) -> memref<?x?x?xf32>
  %c2 = arith.constant 2 : index
  %d1 = memref.dim %1, %c2 : memref<?x?x?xf32>
  %2 = memref.reshape %src(%shape32) : (memref<*xf32>, memref<3xi32>) -> memref<?x?x?xf32>
  %d2 = memref.dim %2, %c1 : memref<?x?x?xf32>
  return %d0, %d1, %d2 : index, index, index
}
func.func @dim_reshape_late(%src: memref<*xf32>, %shape: memref<?xindex>, %j: index) -> index {
  %0 = memref.reshape %src(%shape) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
  %k = arith.addi %j, %j : index
  %d = memref.dim %0, %k : memref<*xf32>
  return %d : index
}
func.func @dim_reshape_nested(%src: memref<*xf32>, %shape: memref<?xindex>, %n: index, %c: i1) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %0 = memref.reshape %src(%shape) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
    %x = scf.if %c -> (index) {
      %d = memref.dim %0, %iv : memref<*xf32>
      scf.yield %d : index
    } else {
      %k = arith.addi %iv, %c1 : index
      %d = memref.dim %0, %k : memref<*xf32>
      scf.yield %d : index
    }
    %s = arith.addi %acc, %x : index
    scf.yield %s : index
  }
  return %r : index
}
func.func @realloc(%a: memref<4xf32>, %v: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %0 = memref.realloc %a : memref<4xf32> to memref<8xf32>
  memref.store %v, %0[%c0] : memref<8xf32>
  memref.dealloc %0 : memref<8xf32>
  %1 = memref.alloc() : memref<4xf32>
  %2 = memref.realloc %1(%n) : memref<4xf32> to memref<?xf32>
  %3 = memref.realloc %2 : memref<?xf32> to memref<16xf32>
  return
}
`,
  },
  {
    name: "memref: alloca_scope inlining (no allocation, or last in an allocation scope) and hoisting of stack allocations",
    args: ["--allow-unregistered-dialect", "--canonicalize"],
    input: `func.func @inline_no_alloc(%a: index) -> index {
  %r = memref.alloca_scope -> (index) {
    %b = arith.addi %a, %a : index
    memref.alloca_scope.return %b : index
  }
  %s = arith.muli %r, %r : index
  return %s : index
}
func.func @inline_last(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = memref.alloca_scope -> (f32) {
    %m = memref.alloca() : memref<4xf32>
    memref.store %v, %m[%c0] : memref<4xf32>
    %x = memref.load %m[%c0] : memref<4xf32>
    memref.alloca_scope.return %x : f32
  }
  return %r : f32
}
func.func @keep_not_last(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = memref.alloca_scope -> (f32) {
    %m = memref.alloca() : memref<4xf32>
    memref.store %v, %m[%c0] : memref<4xf32>
    %x = memref.load %m[%c0] : memref<4xf32>
    memref.alloca_scope.return %x : f32
  }
  %y = arith.addf %r, %v : f32
  return %y : f32
}
func.func @unknown_op(%v: f32) {
  memref.alloca_scope {
    "test.op"() : () -> ()
  }
  "test.after"() : () -> ()
  return
}
func.func @hoist(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.alloca_scope {
      %m = memref.alloca() : memref<4xf32>
      %d = memref.alloca(%i) : memref<?xf32>
      %e = memref.alloca(%n) : memref<?xf32>
      memref.store %v, %m[%c0] : memref<4xf32>
      memref.store %v, %d[%c0] : memref<?xf32>
      memref.store %v, %e[%c0] : memref<?xf32>
      "test.use"(%m, %d, %e) : (memref<4xf32>, memref<?xf32>, memref<?xf32>) -> ()
    }
  }
  return
}
func.func @hoist_nested(%n: index, %v: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      memref.alloca_scope {
        %m = memref.alloca() : memref<8xf32>
        memref.alloca_scope {
          %k = memref.alloca() : memref<2xf32>
          "test.use"(%k) : (memref<2xf32>) -> ()
        }
        "test.use"(%m) : (memref<8xf32>) -> ()
      }
    }
  }
  return
}
func.func @hoist_operands(%n: index, %c: i1) {
  scf.if %c {
    %k = arith.addi %n, %n : index
    memref.alloca_scope {
      %a = memref.alloca(%k) : memref<?xf32>
      %b = memref.alloca(%n) : memref<?xf32>
      "test.use"(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
    }
  }
  return
}
func.func @not_last(%n: index, %c: i1) {
  scf.if %c {
    memref.alloca_scope {
      %b = memref.alloca(%n) : memref<?xf32>
      "test.use"(%b) : (memref<?xf32>) -> ()
    }
    "test.after"() : () -> ()
  }
  return
}
func.func @in_execute_region(%n: index) -> index {
  %r = scf.execute_region -> index {
    memref.alloca_scope {
      %b = memref.alloca(%n) : memref<?xf32>
      "test.use"(%b) : (memref<?xf32>) -> ()
    }
    scf.yield %n : index
  }
  return %r : index
}
`,
  },
  {
    name: "memref: collapse_shape/expand_shape folds of inverse pairs, composition of consecutive reshapes, collapse of expand",
    args: ["--canonicalize"],
    input: RESHAPE_INPUT,
  },
  {
    name: "memref: expand of collapse, memref.cast folded into collapse_shape, strided layouts, rank 0",
    args: ["--canonicalize"],
    input: `func.func @expand_of_collapse(%a: memref<2x3x4x5xf32>, %b: memref<?x4x5xf32>, %n: index, %c: memref<8x1x?xf32>, %m: index) -> (memref<6x20xf32>, memref<6x4x5xf32>, memref<2x3x20xf32>, memref<?x5xf32>, memref<2x12x5xf32>, memref<8x?xf32>) {
  %0 = memref.collapse_shape %a [[0, 1, 2, 3]] : memref<2x3x4x5xf32> into memref<120xf32>
  %1 = memref.expand_shape %0 [[0, 1]] output_shape [6, 20] : memref<120xf32> into memref<6x20xf32>
  %2 = memref.expand_shape %0 [[0, 1, 2]] output_shape [6, 4, 5] : memref<120xf32> into memref<6x4x5xf32>
  %3 = memref.collapse_shape %a [[0], [1], [2, 3]] : memref<2x3x4x5xf32> into memref<2x3x20xf32>
  %4 = memref.collapse_shape %a [[0, 1], [2, 3]] : memref<2x3x4x5xf32> into memref<6x20xf32>
  %5 = memref.expand_shape %4 [[0, 1], [2]] output_shape [2, 3, 20] : memref<6x20xf32> into memref<2x3x20xf32>
  %6 = memref.collapse_shape %b [[0, 1, 2]] : memref<?x4x5xf32> into memref<?xf32>
  %7 = memref.expand_shape %6 [[0, 1]] output_shape [%n, 5] : memref<?xf32> into memref<?x5xf32>
  %8 = memref.collapse_shape %a [[0], [1, 2], [3]] : memref<2x3x4x5xf32> into memref<2x12x5xf32>
  %9 = memref.collapse_shape %8 [[0, 1, 2]] : memref<2x12x5xf32> into memref<120xf32>
  %10 = memref.expand_shape %9 [[0, 1, 2]] output_shape [2, 12, 5] : memref<120xf32> into memref<2x12x5xf32>
  %11 = memref.collapse_shape %c [[0, 1], [2]] : memref<8x1x?xf32> into memref<8x?xf32>
  %12 = memref.expand_shape %11 [[0], [1, 2]] output_shape [8, 1, %m] : memref<8x?xf32> into memref<8x1x?xf32>
  %13 = memref.collapse_shape %12 [[0], [1, 2]] : memref<8x1x?xf32> into memref<8x?xf32>
  return %1, %2, %5, %7, %10, %13 : memref<6x20xf32>, memref<6x4x5xf32>, memref<2x3x20xf32>, memref<?x5xf32>, memref<2x12x5xf32>, memref<8x?xf32>
}
func.func @casts(%a: memref<4x5xf32>, %s: memref<4x5xf32, strided<[10, 1]>>) -> (memref<?xf32>, memref<20xf32>, memref<?x?xf32, strided<[?, 1]>>) {
  %0 = memref.cast %a : memref<4x5xf32> to memref<?x5xf32>
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<?x5xf32> into memref<?xf32>
  %2 = memref.cast %a : memref<4x5xf32> to memref<4x5xf32>
  %3 = memref.collapse_shape %2 [[0, 1]] : memref<4x5xf32> into memref<20xf32>
  %4 = memref.collapse_shape %s [[0], [1]] : memref<4x5xf32, strided<[10, 1]>> into memref<4x5xf32, strided<[10, 1]>>
  %5 = memref.cast %s : memref<4x5xf32, strided<[10, 1]>> to memref<?x?xf32, strided<[?, 1]>>
  %6 = memref.collapse_shape %5 [[0], [1]] : memref<?x?xf32, strided<[?, 1]>> into memref<?x?xf32, strided<[?, 1]>>
  return %1, %3, %6 : memref<?xf32>, memref<20xf32>, memref<?x?xf32, strided<[?, 1]>>
}
func.func @layouts(%s: memref<4x5xf32, strided<[5, 1], offset: 3>>, %t: memref<2x3xf32, strided<[3, 1], offset: ?>>) -> (memref<4x5xf32, strided<[5, 1], offset: 3>>, memref<2x3xf32, strided<[3, 1], offset: ?>>, memref<3x2xf32, strided<[2, 1], offset: ?>>) {
  %0 = memref.collapse_shape %s [[0, 1]] : memref<4x5xf32, strided<[5, 1], offset: 3>> into memref<20xf32, strided<[1], offset: 3>>
  %1 = memref.expand_shape %0 [[0, 1]] output_shape [4, 5] : memref<20xf32, strided<[1], offset: 3>> into memref<4x5xf32, strided<[5, 1], offset: 3>>
  %2 = memref.collapse_shape %t [[0, 1]] : memref<2x3xf32, strided<[3, 1], offset: ?>> into memref<6xf32, strided<[1], offset: ?>>
  %3 = memref.expand_shape %2 [[0, 1]] output_shape [3, 2] : memref<6xf32, strided<[1], offset: ?>> into memref<3x2xf32, strided<[2, 1], offset: ?>>
  %4 = memref.expand_shape %2 [[0, 1]] output_shape [2, 3] : memref<6xf32, strided<[1], offset: ?>> into memref<2x3xf32, strided<[3, 1], offset: ?>>
  return %1, %4, %3 : memref<4x5xf32, strided<[5, 1], offset: 3>>, memref<2x3xf32, strided<[3, 1], offset: ?>>, memref<3x2xf32, strided<[2, 1], offset: ?>>
}
func.func @rank0(%a: memref<1x1xf32>, %b: memref<f32>) -> (memref<f32>, memref<1x1x1xf32>, memref<1x1xf32>) {
  %0 = memref.collapse_shape %a [] : memref<1x1xf32> into memref<f32>
  %1 = memref.expand_shape %b [] output_shape [1, 1, 1] : memref<f32> into memref<1x1x1xf32>
  %2 = memref.collapse_shape %1 [[0, 1], [2]] : memref<1x1x1xf32> into memref<1x1xf32>
  %3 = memref.collapse_shape %2 [] : memref<1x1xf32> into memref<f32>
  %4 = memref.expand_shape %0 [] output_shape [1, 1, 1] : memref<f32> into memref<1x1x1xf32>
  %5 = memref.expand_shape %3 [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  return %3, %4, %5 : memref<f32>, memref<1x1x1xf32>, memref<1x1xf32>
}
`,
  },
  {
    name: "memref: expand of collapse regrouped through static and dynamic sub-shapes (unit dims, ambiguous groups)",
    args: ["--canonicalize"],
    input: EXPAND_OF_COLLAPSE_INPUT,
  },
  {
    name: "memref: collapse_shape/expand_shape folds only under --scf-for-loop-canonicalization",
    args: ["--scf-for-loop-canonicalization"],
    input: RESHAPE_INPUT,
  },
  {
    name: "memref: alloca_scope with calls, nested allocation scopes, scf.while bodies and multi-block parents",
    args: ["--allow-unregistered-dialect", "--canonicalize"],
    input: `func.func private @ext() -> ()
func.func @calls(%c: i1) {
  scf.if %c {
    memref.alloca_scope {
      func.call @ext() : () -> ()
    }
    func.call @ext() : () -> ()
  }
  return
}
func.func @nested_scope_ok(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    memref.alloca_scope {
      scf.for %i = %c0 to %n step %c1 {
        %a = memref.alloca() : memref<4xf32>
        memref.dealloc %a : memref<4xf32>
      }
    }
    %x = arith.addi %n, %n : index
  }
  return
}
func.func @stores(%c: i1, %m: memref<4xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (f32) {
    %y = memref.alloca_scope -> (f32) {
      memref.store %v, %m[%c0] : memref<4xf32>
      %l = memref.load %m[%c0] : memref<4xf32>
      %s = arith.addf %l, %v : f32
      memref.alloca_scope.return %s : f32
    }
    %z = arith.mulf %y, %y : f32
    scf.yield %z : f32
  } else {
    scf.yield %v : f32
  }
  return %r : f32
}
func.func @while_hoist(%n: index) {
  scf.while (%i = %n) : (index) -> () {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond)
  } do {
    memref.alloca_scope {
      %a = memref.alloca(%n) : memref<?xf32>
      "test.use"(%a) : (memref<?xf32>) -> ()
    }
    scf.yield %n : index
  }
  return
}
func.func @multi_block(%n: index, %c: i1) {
  %r = scf.execute_region -> index {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    memref.alloca_scope {
      %a = memref.alloca(%n) : memref<?xf32>
      "test.use"(%a) : (memref<?xf32>) -> ()
    }
    scf.yield %n : index
  ^bb2:
    scf.yield %n : index
  }
  return
}
`,
  },
  {
    name: "memref: expand-of-collapse regrouping under a bottom-up canonicalizer",
    args: ["--allow-unregistered-dialect", "--canonicalize=top-down=false"],
    input: EXPAND_OF_COLLAPSE_INPUT,
  },
  {
    name: "memref: collapse of expand multiplying dynamic output sizes, reinterpret_cast with a negative constant stride",
    args: ["--allow-unregistered-dialect", "--canonicalize"],
    input: `func.func @muls(%e: memref<?xf32>, %a: index, %b: index, %c: index) -> (memref<?x?xf32>, memref<?x5xf32>) {
  %0 = memref.expand_shape %e [[0, 1, 2, 3]] output_shape [%a, 3, %b, 2] : memref<?xf32> into memref<?x3x?x2xf32>
  %1 = memref.collapse_shape %0 [[0, 1], [2, 3]] : memref<?x3x?x2xf32> into memref<?x?xf32>
  %2 = memref.expand_shape %e [[0, 1, 2, 3]] output_shape [%a, %c, %b, 5] : memref<?xf32> into memref<?x?x?x5xf32>
  %3 = memref.collapse_shape %2 [[0, 1, 2], [3]] : memref<?x?x?x5xf32> into memref<?x5xf32>
  %c7 = arith.constant 7 : index
  %4 = memref.expand_shape %e [[0, 1, 2]] output_shape [%c7, %a, 4] : memref<?xf32> into memref<?x?x4xf32>
  %5 = memref.collapse_shape %4 [[0, 1], [2]] : memref<?x?x4xf32> into memref<?x4xf32>
  "test.use"(%5) : (memref<?x4xf32>) -> ()
  return %1, %3 : memref<?x?xf32>, memref<?x5xf32>
}
func.func @rc_neg(%arg0: memref<?xf32>) -> memref<?xf32, strided<[?], offset: ?>> {
  %cm1 = arith.constant -1 : index
  %c3 = arith.constant 3 : index
  %0 = memref.reinterpret_cast %arg0 to offset: [%c3], sizes: [%c3], strides: [%cm1] : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
  return %0 : memref<?xf32, strided<[?], offset: ?>>
}
`,
  },
  {
    name: "memref: alloca_scope inlined over nested regions without stack allocations",
    args: ["--canonicalize"],
    input: `func.func @terms(%c: i1, %n: index, %m: memref<4xf32>) -> index {
  %r = memref.alloca_scope -> (index) {
    %x = scf.if %c -> (index) {
      scf.yield %n : index
    } else {
      %w = scf.while (%i = %n) : (index) -> (index) {
        %cond = arith.cmpi slt, %i, %n : index
        scf.condition(%cond) %i : index
      } do {
      ^bb0(%j: index):
        %k = arith.addi %j, %n : index
        scf.yield %k : index
      }
      scf.yield %w : index
    }
    %e = scf.execute_region -> index {
      cf.br ^bb1
    ^bb1:
      scf.yield %x : index
    }
    %v = memref.load %m[%e] : memref<4xf32>
    %p = memref.alloca_scope -> (index) {
      %q = index.add %e, %n
      memref.alloca_scope.return %q : index
    }
    memref.alloca_scope.return %p : index
  }
  %s = arith.addi %r, %r : index
  return %s : index
}
`,
  },
];

testOptCases(CASES);
