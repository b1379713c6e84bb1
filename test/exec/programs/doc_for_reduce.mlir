// scf.for with iter_args (scf documentation: "to sum-reduce a memref").
func.func @reduce(%buffer: memref<1024xf32>, %lb: index, %ub: index, %step: index) -> (f32) {
  %sum_0 = arith.constant 0.0 : f32
  %sum = scf.for %iv = %lb to %ub step %step iter_args(%sum_iter = %sum_0) -> (f32) {
    %t = memref.load %buffer[%iv] : memref<1024xf32>
    %sum_next = arith.addf %sum_iter, %t : f32
    scf.yield %sum_next : f32
  }
  return %sum : f32
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c1024 = arith.constant 1024 : index
  %buf = memref.alloc() : memref<1024xf32>
  scf.for %i = %c0 to %c1024 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %tenth = arith.constant 0.1 : f32
    %v = arith.mulf %f, %tenth : f32
    memref.store %v, %buf[%i] : memref<1024xf32>
  }
  %s1 = func.call @reduce(%buf, %c0, %c1024, %c1) : (memref<1024xf32>, index, index, index) -> f32
  vector.print %s1 : f32
  %s2 = func.call @reduce(%buf, %c1, %c1024, %c3) : (memref<1024xf32>, index, index, index) -> f32
  vector.print %s2 : f32
  %s3 = func.call @reduce(%buf, %c1024, %c0, %c1) : (memref<1024xf32>, index, index, index) -> f32
  vector.print %s3 : f32
  memref.dealloc %buf : memref<1024xf32>
  return
}
