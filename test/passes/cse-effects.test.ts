// CSE of ops with memory effects against MLIR 22: only ops that declare read-
// only effects themselves are merged (not region ops whose bodies read), and
// only writes in between (not allocations or frees) keep them apart. Expected
// outputs are mlir-opt 22's for the same input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    // memref.prefetch and memref.dma_wait declare no memory effects in MLIR 22:
    // never dead, and no load is merged across them.
    name: 'memref.prefetch and memref.dma_wait are unknown effects',
    args: ['--cse'],
    input: `func.func @f(%m: memref<8xf32>, %t: memref<1xi32>, %i: index) -> (f32, f32, f32) {
  %a = memref.load %m[%i] : memref<8xf32>
  memref.prefetch %m[%i], read, locality<3>, data : memref<8xf32>
  %b = memref.load %m[%i] : memref<8xf32>
  %c0 = arith.constant 0 : index
  memref.dma_wait %t[%c0], %i : memref<1xi32>
  %c = memref.load %m[%i] : memref<8xf32>
  return %a, %b, %c : f32, f32, f32
}
func.func @dead(%m: memref<8xf32>, %t: memref<1xi32>, %i: index) {
  memref.prefetch %m[%i], write, locality<0>, instr : memref<8xf32>
  memref.dma_wait %t[%i], %i : memref<1xi32>
  return
}
`,
  },
  {
    name: "cse: reads across allocs/frees merged, not across nested writes; scf.if with reads not merged",
    args: ["--cse"],
    input: `func.func @f(%m: memref<4xf32>, %c: i1, %i: index) -> (f32, f32, f32, f32, f32, f32) {
  %0 = scf.if %c -> f32 {
    %a = memref.load %m[%i] : memref<4xf32>
    scf.yield %a : f32
  } else {
    %b = memref.load %m[%i] : memref<4xf32>
    scf.yield %b : f32
  }
  %1 = scf.if %c -> f32 {
    %a = memref.load %m[%i] : memref<4xf32>
    scf.yield %a : f32
  } else {
    %b = memref.load %m[%i] : memref<4xf32>
    scf.yield %b : f32
  }
  %2 = memref.load %m[%i] : memref<4xf32>
  %x = memref.alloc() : memref<4xf32>
  %3 = memref.load %m[%i] : memref<4xf32>
  memref.dealloc %x : memref<4xf32>
  %4 = memref.load %m[%i] : memref<4xf32>
  scf.if %c {
    memref.store %4, %m[%i] : memref<4xf32>
  }
  %5 = memref.load %m[%i] : memref<4xf32>
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}
`,
  },
];

testOptCases(CASES);
