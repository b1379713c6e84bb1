func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %n = arith.constant 2 : index
  %f = arith.constant 1.0 : f64
  %m = memref.alloc(%n) : memref<3x?xf64>
  scf.for %i = %c0 to %c8 step %c3 {
    memref.store %f, %m[%c0, %i] : memref<3x?xf64>
  }
  return
}
