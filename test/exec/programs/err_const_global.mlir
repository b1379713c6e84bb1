memref.global "private" constant @g : memref<2xi32> = dense<[1, 2]>
func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 5 : i32
  %m = memref.get_global @g : memref<2xi32>
  memref.store %v, %m[%c0] : memref<2xi32>
  return
}
