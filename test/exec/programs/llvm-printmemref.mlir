// Lowered by test/exec/llvm.test.ts with the real mlir-opt; scf-run must print what mlir-runner prints
// (the ranked printMemrefNd* runner functions, through their _mlir_ciface_ forms).
func.func private @printMemref2dF32(memref<?x?xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemref1dI64(memref<?xi64>) attributes {llvm.emit_c_interface}
func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %f = arith.constant 1.5 : f32
  %i = arith.constant -7 : i64
  %m = memref.alloc(%c2, %c3) : memref<?x?xf32>
  linalg.fill ins(%f : f32) outs(%m : memref<?x?xf32>)
  call @printMemref2dF32(%m) : (memref<?x?xf32>) -> ()
  %n = memref.alloc(%c3) : memref<?xi64>
  linalg.fill ins(%i : i64) outs(%n : memref<?xi64>)
  call @printMemref1dI64(%n) : (memref<?xi64>) -> ()
  memref.dealloc %m : memref<?x?xf32>
  memref.dealloc %n : memref<?xi64>
  return
}
