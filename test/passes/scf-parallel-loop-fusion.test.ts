// scf-parallel-loop-fusion against MLIR 22: each case runs scf-opt in-process
// and compares stdout, stderr and the exit code with what
// /usr/lib/llvm-22/bin/mlir-opt printed (written here literally).

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
    stdout: `module {
  func.func @cast_alias(%arg0: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %alloc = memref.alloc() : memref<4xf32>
    %cast = memref.cast %alloc : memref<4xf32> to memref<?xf32>
    scf.parallel (%arg1) = (%c0) to (%c4) step (%c1) {
      %0 = memref.load %arg0[%arg1] : memref<4xf32>
      memref.store %0, %alloc[%arg1] : memref<4xf32>
      scf.reduce 
    }
    scf.parallel (%arg1) = (%c0) to (%c4) step (%c1) {
      %0 = memref.load %cast[%arg1] : memref<?xf32>
      memref.store %0, %arg0[%arg1] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @copy_second(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      %0 = memref.load %arg0[%arg2] : memref<4xf32>
      memref.store %0, %alloc[%arg2] : memref<4xf32>
      memref.copy %alloc, %alloc_0 : memref<4xf32> to memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @copy_first(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.copy %alloc_0, %alloc : memref<4xf32> to memref<4xf32>
      %0 = memref.load %arg0[%arg2] : memref<4xf32>
      memref.store %0, %arg1[%arg2] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @alloc_in_second() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    scf.parallel (%arg0) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg0] : memref<4xf32>
      scf.reduce 
    }
    scf.parallel (%arg0) = (%c0) to (%c4) step (%c1) {
      %alloca = memref.alloca() : memref<4xf32>
      %0 = memref.load %alloca[%arg0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @addi_idx() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<5xf32>
    scf.parallel (%arg0) = (%c0) to (%c4) step (%c1) {
      %0 = arith.addi %arg0, %c1 : index
      memref.store %cst, %alloc[%0] : memref<5xf32>
      %1 = arith.addi %arg0, %c1 : index
      %2 = memref.load %alloc[%1] : memref<5xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func private @ext(memref<4xf32>)
  func.func @call_first(%arg0: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %alloc = memref.alloc() : memref<4xf32>
    scf.parallel (%arg1) = (%c0) to (%c4) step (%c1) {
      func.call @ext(%alloc) : (memref<4xf32>) -> ()
      %0 = memref.load %alloc[%arg1] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @subview_full() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %subview = memref.subview %alloc[0] [4] [1] : memref<4xf32> to memref<4xf32, strided<[1]>>
    scf.parallel (%arg0) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg0] : memref<4xf32>
      scf.reduce 
    }
    scf.parallel (%arg0) = (%c0) to (%c4) step (%c1) {
      %0 = memref.load %subview[%arg0] : memref<4xf32, strided<[1]>>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @war(%arg0: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<5xf32>
    scf.parallel (%arg1) = (%c0) to (%c4) step (%c1) {
      %0 = arith.addi %arg1, %c1 : index
      %1 = memref.load %alloc[%0] : memref<5xf32>
      memref.store %1, %arg0[%arg1] : memref<4xf32>
      scf.reduce 
    }
    scf.parallel (%arg1) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg1] : memref<5xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @waw() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<5xf32>
    scf.parallel (%arg0) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg0] : memref<5xf32>
      %0 = arith.addi %arg0, %c1 : index
      memref.store %cst, %alloc[%0] : memref<5xf32>
      scf.reduce 
    }
    return
  }
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
    stdout: `module {
  func.func @e1(%arg0: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    scf.parallel (%arg1) = (%c0) to (%c4) step (%c1) {
      %alloca = memref.alloca() : memref<4xf32>
      memref.store %cst, %alloca[%arg1] : memref<4xf32>
      %0 = memref.load %alloc[%arg1] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @e2() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<5xf32>
    scf.parallel (%arg0) = (%c0) to (%c4) step (%c1) {
      %0 = arith.addi %arg0, %c1 : index
      memref.store %cst, %alloc[%0] : memref<5xf32>
      scf.reduce 
    }
    scf.parallel (%arg0) = (%c0) to (%c4) step (%c1) {
      %0 = arith.addi %c1, %arg0 : index
      %1 = memref.load %alloc[%0] : memref<5xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @e3() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    scf.parallel (%arg0) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg0] : memref<4xf32>
      %alloca = memref.alloca() : memref<4xf32>
      scf.for %arg1 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloca[%arg0] : memref<4xf32>
      }
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @e4(%arg0: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    scf.parallel (%arg1) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %arg0[%arg1] : memref<4xf32>
      %0 = memref.load %alloc[%c0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @e5(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %arg0[%arg2] : memref<4xf32>
      scf.reduce 
    }
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      %0 = memref.load %arg1[%c0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @e6() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<5xf32>
    scf.parallel (%arg0) = (%c0) to (%c4) step (%c1) {
      %0 = arith.addi %arg0, %c1 : index
      %1 = arith.addi %arg0, %c1 : index
      memref.store %cst, %alloc[%0] : memref<5xf32>
      memref.store %cst, %alloc[%1] : memref<5xf32>
      scf.reduce 
    }
    scf.parallel (%arg0) = (%c0) to (%c4) step (%c1) {
      %0 = memref.load %alloc[%arg0] : memref<5xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @e7() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<5xf32>
    scf.parallel (%arg0) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%c1] : memref<5xf32>
      %c1_0 = arith.constant 1 : index
      %0 = memref.load %alloc[%c1_0] : memref<5xf32>
      scf.reduce 
    }
    return
  }
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
    stdout: `module {
  func.func @cast(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %cast = memref.cast %alloc_0 : memref<4xf32> to memref<?xf32>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %0 = memref.load %cast[%c0] : memref<?xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @subview(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %subview = memref.subview %alloc_0[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %0 = memref.load %subview[%c0] : memref<2xf32, strided<[1], offset: 1>>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @transpose(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %transpose = memref.transpose %alloc_1 (d0, d1) -> (d1, d0) : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      scf.reduce 
    }
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      %0 = memref.load %transpose[%c0, %c0] : memref<2x2xf32, strided<[1, 2]>>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @esm(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %alloc_0 : memref<4xf32> -> memref<f32>, index, index, index
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %0 = memref.load %base_buffer[] : memref<f32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @reshape_expand(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %expand_shape = memref.expand_shape %alloc_0 [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %0 = memref.load %expand_shape[%c0, %c0] : memref<2x2xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @collapse(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %collapse_shape = memref.collapse_shape %alloc_1 [[0, 1]] : memref<2x2xf32> into memref<4xf32>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %0 = memref.load %collapse_shape[%c0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @reinterp(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %reinterpret_cast = memref.reinterpret_cast %alloc_0 to offset: [0], sizes: [4], strides: [1] : memref<4xf32> to memref<4xf32>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %0 = memref.load %reinterpret_cast[%c0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @msc(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %memspacecast = memref.memory_space_cast %alloc_0 : memref<4xf32> to memref<4xf32, 1>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %0 = memref.load %memspacecast[%c0] : memref<4xf32, 1>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @assume(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %assume_align = memref.assume_alignment %alloc_0, 16 : memref<4xf32>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %0 = memref.load %assume_align[%c0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @view(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %view = memref.view %alloc_2[%c0][] : memref<16xi8> to memref<4xf32>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %0 = memref.load %view[%c0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @scfif(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %0 = scf.if %arg0 -> (memref<4xf32>) {
      scf.yield %alloc_0 : memref<4xf32>
    } else {
      scf.yield %alloc_0 : memref<4xf32>
    }
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %1 = memref.load %0[%c0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @scfif2(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %0 = scf.if %arg0 -> (memref<4xf32>) {
      scf.yield %alloc_0 : memref<4xf32>
    } else {
      scf.yield %alloc : memref<4xf32>
    }
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      scf.reduce 
    }
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      %1 = memref.load %0[%c0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @realloc(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %0 = memref.realloc %alloc_0 : memref<4xf32> to memref<8xf32>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %1 = memref.load %0[%c0] : memref<8xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @poison(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %0 = ub.poison : memref<4xf32>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %1 = memref.load %0[%c0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @forres(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %0 = scf.for %arg2 = %c0 to %c4 step %c1 iter_args(%arg3 = %alloc_0) -> (memref<4xf32>) {
      scf.yield %arg3 : memref<4xf32>
    }
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %1 = memref.load %0[%c0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @whileres(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %0 = scf.while (%arg2 = %alloc_0) : (memref<4xf32>) -> memref<4xf32> {
      scf.condition(%arg0) %arg2 : memref<4xf32>
    } do {
    ^bb0(%arg2: memref<4xf32>):
      scf.yield %arg2 : memref<4xf32>
    }
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      scf.reduce 
    }
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      %1 = memref.load %0[%c0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @exreg(%arg0: i1, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<2x2xf32>
    %alloc_2 = memref.alloc() : memref<16xi8>
    %0 = scf.execute_region -> memref<4xf32> {
      scf.yield %alloc_0 : memref<4xf32>
    }
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
      %1 = memref.load %0[%c0] : memref<4xf32>
      scf.reduce 
    }
    return
  }
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
    stdout: `module {
  func.func @reductions(%arg0: memref<4xf32>, %arg1: memref<4xi32>) -> (f32, i32, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %c0_i32 = arith.constant 0 : i32
    %0:3 = scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) init (%cst, %c0_i32, %cst) -> (f32, i32, f32) {
      %3 = memref.load %arg0[%arg2] : memref<4xf32>
      %4 = memref.load %arg1[%arg2] : memref<4xi32>
      %5 = memref.load %arg0[%arg2] : memref<4xf32>
      scf.reduce(%3, %4, %5 : f32, i32, f32) {
      ^bb0(%arg3: f32, %arg4: f32):
        %6 = arith.addf %arg3, %arg4 : f32
        scf.reduce.return %6 : f32
      }, {
      ^bb0(%arg3: i32, %arg4: i32):
        %6 = arith.xori %arg3, %arg4 : i32
        scf.reduce.return %6 : i32
      }, {
      ^bb0(%arg3: f32, %arg4: f32):
        %6 = arith.mulf %arg3, %arg4 : f32
        scf.reduce.return %6 : f32
      }
    }
    %1 = arith.addf %0#0, %0#2 : f32
    %2 = scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) init (%1) -> f32 {
      %3 = memref.load %arg0[%arg2] : memref<4xf32>
      scf.reduce(%3 : f32) {
      ^bb0(%arg3: f32, %arg4: f32):
        %4 = arith.maximumf %arg3, %arg4 : f32
        scf.reduce.return %4 : f32
      }
    }
    return %0#0, %0#1, %2 : f32, i32, f32
  }
}

// -----
module {
  func.func @chains(%arg0: memref<4xf32>, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    %0 = arith.addi %arg1, %c1 : index
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      %1 = memref.load %arg0[%arg2] : memref<4xf32>
      memref.store %1, %alloc[%arg2] : memref<4xf32>
      %2 = memref.load %alloc[%arg2] : memref<4xf32>
      memref.store %2, %alloc_0[%arg2] : memref<4xf32>
      scf.reduce 
    }
    memref.store %cst, %alloc_0[%c0] : memref<4xf32>
    scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
      %1 = memref.load %alloc_0[%arg2] : memref<4xf32>
      memref.store %1, %alloc[%arg2] : memref<4xf32>
      scf.reduce 
    }
    scf.for %arg2 = %c0 to %arg1 step %c1 {
      scf.parallel (%arg3) = (%c0) to (%c4) step (%c1) {
        memref.store %cst, %alloc[%arg3] : memref<4xf32>
        %1 = memref.load %alloc[%arg3] : memref<4xf32>
        memref.store %1, %arg0[%arg3] : memref<4xf32>
        scf.reduce 
      }
    }
    return
  }
}

`,
  },
];

testOptCases(CASES);
