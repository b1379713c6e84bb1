func.func @leak() -> memref<2xi64> {
  %m = memref.alloca() : memref<2xi64>
  return %m : memref<2xi64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i64
  %m = func.call @leak() : () -> memref<2xi64>
  memref.store %c1, %m[%c0] : memref<2xi64>
  return
}
