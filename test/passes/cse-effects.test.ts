// CSE of ops with memory effects against MLIR 22: only ops that declare
// read-only effects themselves are merged (not region ops whose bodies read),
// and only writes in between (not allocations or frees) keep them apart.
// Expected outputs are /usr/lib/llvm-22/bin/mlir-opt's, written literally.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
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
    stdout: `module {
  func.func @f(%arg0: memref<4xf32>, %arg1: i1, %arg2: index) -> (f32, f32, f32, f32, f32, f32) {
    %0 = scf.if %arg1 -> (f32) {
      %4 = memref.load %arg0[%arg2] : memref<4xf32>
      scf.yield %4 : f32
    } else {
      %4 = memref.load %arg0[%arg2] : memref<4xf32>
      scf.yield %4 : f32
    }
    %1 = scf.if %arg1 -> (f32) {
      %4 = memref.load %arg0[%arg2] : memref<4xf32>
      scf.yield %4 : f32
    } else {
      %4 = memref.load %arg0[%arg2] : memref<4xf32>
      scf.yield %4 : f32
    }
    %2 = memref.load %arg0[%arg2] : memref<4xf32>
    %alloc = memref.alloc() : memref<4xf32>
    memref.dealloc %alloc : memref<4xf32>
    scf.if %arg1 {
      memref.store %2, %arg0[%arg2] : memref<4xf32>
    }
    %3 = memref.load %arg0[%arg2] : memref<4xf32>
    return %0, %1, %2, %2, %2, %3 : f32, f32, f32, f32, f32, f32
  }
}

`,
  },
];

testOptCases(CASES);
