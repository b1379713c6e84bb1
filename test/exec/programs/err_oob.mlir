func.func @main() {
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<4xf32>
  %v = memref.load %m[%c4] : memref<4xf32>
  return
}
