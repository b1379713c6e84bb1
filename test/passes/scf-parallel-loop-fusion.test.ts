// scf-parallel-loop-fusion against MLIR 22: each case runs scf-opt in-process
// and compares stdout, stderr and the exit code with mlir-opt 22's for the same
// input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "memref accesses: only loads and stores count; casts, allocs in the body, commuted index ops and several stores block fusion",
    args: ["--pass-pipeline=builtin.module(func.func(scf-parallel-loop-fusion))", "--split-input-file", "--allow-unregistered-dialect"],
    input: `// cast alias: fused if skipFullyAliasingOperations
func.func @cast_alias(%A: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<4xf32>
  %cast = memref.cast %buf : memref<4xf32> to memref<?xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %A[%i] : memref<4xf32>
    memref.store %v, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %cast[%i] : memref<?xf32>
    memref.store %v, %A[%i] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
// copy in second loop (reads buf) => new version blocks
func.func @copy_second(%A: memref<4xf32>, %B: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<4xf32>
  %buf2 = memref.alloc() : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %A[%i] : memref<4xf32>
    memref.store %v, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.copy %buf, %buf2 : memref<4xf32> to memref<4xf32>
    scf.reduce
  }
  return
}
// -----
// copy in first loop (writes) => new version blocks
func.func @copy_first(%A: memref<4xf32>, %B: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<4xf32>
  %buf2 = memref.alloc() : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.copy %buf2, %buf : memref<4xf32> to memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %A[%i] : memref<4xf32>
    memref.store %v, %B[%i] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
// alloc in second loop body, load from it
func.func @alloc_in_second() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %t = memref.alloca() : memref<4xf32>
    %v = memref.load %t[%i] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
// index equivalence through addi
func.func @addi_idx() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<5xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %k = arith.addi %i, %c1 : index
    memref.store %f, %buf[%k] : memref<5xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %k = arith.addi %i, %c1 : index
    %v = memref.load %buf[%k] : memref<5xf32>
    scf.reduce
  }
  return
}
// -----
// call in first loop 
func.func private @ext(memref<4xf32>)
func.func @call_first(%A: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    func.call @ext(%buf) : (memref<4xf32>) -> ()
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %buf[%i] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
// subview zero offset unit stride same rank
func.func @subview_full() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %sub = memref.subview %buf[0][4][1] : memref<4xf32> to memref<4xf32, strided<[1]>>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %sub[%i] : memref<4xf32, strided<[1]>>
    scf.reduce
  }
  return
}
// -----
// loads in first loop of buffer written in second loop with different idx => no fuse
func.func @war(%A: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<5xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %k = arith.addi %i, %c1 : index
    %v = memref.load %buf[%k] : memref<5xf32>
    memref.store %v, %A[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<5xf32>
    scf.reduce
  }
  return
}
// -----
// second loop stores to buffer written in first loop, different idx (WAW), no loads
func.func @waw() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<5xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<5xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %k = arith.addi %i, %c1 : index
    memref.store %f, %buf[%k] : memref<5xf32>
    scf.reduce
  }
  return
}
`,
  },
  {
    name: "alias analysis: allocations, arguments, constant and equivalent indices",
    args: ["--pass-pipeline=builtin.module(func.func(scf-parallel-loop-fusion))", "--split-input-file"],
    input: `func.func @e1(%A: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %t = memref.alloca() : memref<4xf32>
    memref.store %f, %t[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %buf[%i] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
func.func @e2() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<5xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %k = arith.addi %i, %c1 : index
    memref.store %f, %buf[%k] : memref<5xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %k = arith.addi %c1, %i : index
    %v = memref.load %buf[%k] : memref<5xf32>
    scf.reduce
  }
  return
}
// -----
// load memref defined in second loop but in nested block
func.func @e3() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %t = memref.alloca() : memref<4xf32>
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %t[%i] : memref<4xf32>
    }
    scf.reduce
  }
  return
}
// -----
// arg vs alloc; store to arg in first, load alloc in second
func.func @e4(%A: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %A[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %buf[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
// two args
func.func @e5(%A: memref<4xf32>, %B: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %A[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %B[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
// store indices: two different stores to same buffer with same index values
func.func @e6() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<5xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %k = arith.addi %i, %c1 : index
    %k2 = arith.addi %i, %c1 : index
    memref.store %f, %buf[%k] : memref<5xf32>
    memref.store %f, %buf[%k2] : memref<5xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %buf[%i] : memref<5xf32>
    scf.reduce
  }
  return
}
// -----
// load with constant index, store with same constant
func.func @e7() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<5xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%c1] : memref<5xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %c1b = arith.constant 1 : index
    %v = memref.load %buf[%c1b] : memref<5xf32>
    scf.reduce
  }
  return
}
`,
  },
  {
    name: "alias analysis through view-like ops and region control flow",
    args: ["--pass-pipeline=builtin.module(func.func(scf-parallel-loop-fusion))", "--split-input-file"],
    input: `func.func @cast(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = memref.cast %A : memref<4xf32> to memref<?xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<?xf32>
    scf.reduce
  }
  return
}
// -----
func.func @subview(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = memref.subview %A[1][2][1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<2xf32, strided<[1], offset: 1>>
    scf.reduce
  }
  return
}
// -----
func.func @transpose(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = memref.transpose %A2 (i, j) -> (j, i) : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0, %c0] : memref<2x2xf32, strided<[1, 2]>>
    scf.reduce
  }
  return
}
// -----
func.func @esm(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x, %o, %s, %st = memref.extract_strided_metadata %A : memref<4xf32> -> memref<f32>, index, index, index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[] : memref<f32>
    scf.reduce
  }
  return
}
// -----
func.func @reshape_expand(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = memref.expand_shape %A [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0, %c0] : memref<2x2xf32>
    scf.reduce
  }
  return
}
// -----
func.func @collapse(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = memref.collapse_shape %A2 [[0, 1]] : memref<2x2xf32> into memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
func.func @reinterp(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = memref.reinterpret_cast %A to offset: [0], sizes: [4], strides: [1] : memref<4xf32> to memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
func.func @msc(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = memref.memory_space_cast %A : memref<4xf32> to memref<4xf32, 1>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<4xf32, 1>
    scf.reduce
  }
  return
}
// -----
func.func @assume(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = memref.assume_alignment %A, 16 : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
func.func @view(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = memref.view %Ab[%c0][] : memref<16xi8> to memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
func.func @scfif(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = scf.if %cond -> memref<4xf32> { scf.yield %A : memref<4xf32> } else { scf.yield %A : memref<4xf32> }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
func.func @scfif2(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = scf.if %cond -> memref<4xf32> { scf.yield %A : memref<4xf32> } else { scf.yield %buf : memref<4xf32> }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
func.func @realloc(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = memref.realloc %A : memref<4xf32> to memref<8xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<8xf32>
    scf.reduce
  }
  return
}
// -----
func.func @poison(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = ub.poison : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
func.func @forres(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = scf.for %k = %c0 to %c4 step %c1 iter_args(%it = %A) -> memref<4xf32> { scf.yield %it : memref<4xf32> }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
func.func @whileres(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = scf.while (%it = %A) : (memref<4xf32>) -> memref<4xf32> { scf.condition(%cond) %it : memref<4xf32> } do { ^bb0(%y: memref<4xf32>): scf.yield %y : memref<4xf32> }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
// -----
func.func @exreg(%cond: i1, %sz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  %A = memref.alloc() : memref<4xf32>
  %A2 = memref.alloc() : memref<2x2xf32>
  %Ab = memref.alloc() : memref<16xi8>
  %x = scf.execute_region -> memref<4xf32> { scf.yield %A : memref<4xf32> }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %buf[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
`,
  },
  {
    name: "reductions, result uses, chains and nested loops",
    args: ["--scf-parallel-loop-fusion", "--split-input-file"],
    input: `// Reductions are concatenated; a first-loop result used between the loops or
// in the second loop prevents fusion.
func.func @reductions(%A: memref<4xf32>, %B: memref<4xi32>) -> (f32, i32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %z = arith.constant 0 : i32
  %r1 = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%f) -> f32 {
    %a = memref.load %A[%i] : memref<4xf32>
    scf.reduce(%a : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  %r2:2 = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%z, %f) -> (i32, f32) {
    %b = memref.load %B[%i] : memref<4xi32>
    %a = memref.load %A[%i] : memref<4xf32>
    scf.reduce(%b, %a : i32, f32) {
    ^bb0(%l: i32, %r: i32):
      %s = arith.xori %l, %r : i32
      scf.reduce.return %s : i32
    }, {
    ^bb0(%l: f32, %r: f32):
      %s = arith.mulf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  %x = arith.addf %r1, %r2#1 : f32
  %r3 = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%x) -> f32 {
    %a = memref.load %A[%i] : memref<4xf32>
    scf.reduce(%a : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.maximumf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  return %r1, %r2#0, %r3 : f32, i32, f32
}

// -----

// Chains: fused in order, broken by ops with effects or regions; loops
// nested in other ops are fused too.
func.func @chains(%A: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %B = memref.alloc() : memref<4xf32>
  %C = memref.alloc() : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %a = memref.load %A[%i] : memref<4xf32>
    memref.store %a, %B[%i] : memref<4xf32>
    scf.reduce
  }
  %k = arith.addi %n, %c1 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %b = memref.load %B[%i] : memref<4xf32>
    memref.store %b, %C[%i] : memref<4xf32>
    scf.reduce
  }
  memref.store %f, %C[%c0] : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %b = memref.load %C[%i] : memref<4xf32>
    memref.store %b, %B[%i] : memref<4xf32>
    scf.reduce
  }
  scf.for %j = %c0 to %n step %c1 {
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      memref.store %f, %B[%i] : memref<4xf32>
      scf.reduce
    }
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      %b = memref.load %B[%i] : memref<4xf32>
      memref.store %b, %A[%i] : memref<4xf32>
      scf.reduce
    }
  }
  return
}
`,
  },
];

testOptCases(CASES);
