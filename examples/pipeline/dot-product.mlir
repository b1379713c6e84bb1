// A dot product: no memory writes, one recurrence (the addf, 2 cycles).
// bin/scf-opt --scf-software-pipeline=schedule=auto examples/pipeline/dot-product.mlir
func.func @dot(%A: memref<?xf32>, %B: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %n = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %a = memref.load %A[%i] : memref<?xf32>
    %b = memref.load %B[%i] : memref<?xf32>
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    scf.yield %s : f32
  }
  return %r : f32
}
