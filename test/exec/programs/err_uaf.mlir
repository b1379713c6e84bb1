func.func @main() {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<4xi32>
  %s = memref.subview %m[1] [2] [1] : memref<4xi32> to memref<2xi32, strided<[1], offset: 1>>
  memref.dealloc %m : memref<4xi32>
  %v = memref.load %s[%c0] : memref<2xi32, strided<[1], offset: 1>>
  vector.print %v : i32
  return
}
