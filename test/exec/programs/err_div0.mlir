func.func @main() {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<1xi32>
  %z = arith.constant 0 : i32
  memref.store %z, %m[%c0] : memref<1xi32>
  %d = memref.load %m[%c0] : memref<1xi32>
  %one = arith.constant 7 : i32
  %q = arith.divsi %one, %d : i32
  vector.print %q : i32
  return
}
