func.func @main() {
  %m = memref.alloc() : memref<4xi32>
  memref.dealloc %m : memref<4xi32>
  memref.dealloc %m : memref<4xi32>
  return
}
