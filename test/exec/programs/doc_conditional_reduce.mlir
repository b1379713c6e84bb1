// scf.for with a nested scf.if (scf documentation: conditional reduction).
func.func @conditional_reduce(%buffer: memref<1024xf32>, %lb: index, %ub: index, %step: index) -> (f32) {
  %sum_0 = arith.constant 0.0 : f32
  %c0 = arith.constant 0.0 : f32
  %sum = scf.for %iv = %lb to %ub step %step iter_args(%sum_iter = %sum_0) -> (f32) {
    %t = memref.load %buffer[%iv] : memref<1024xf32>
    %cond = arith.cmpf ugt, %t, %c0 : f32
    %sum_next = scf.if %cond -> (f32) {
      %new_sum = arith.addf %sum_iter, %t : f32
      scf.yield %new_sum : f32
    } else {
      scf.yield %sum_iter : f32
    }
    scf.yield %sum_next : f32
  }
  return %sum : f32
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %c7 = arith.constant 7 : index
  %c3 = arith.constant 3 : index
  %buf = memref.alloc() : memref<1024xf32>
  scf.for %i = %c0 to %c1024 step %c1 {
    %m = arith.remui %i, %c7 : index
    %d = arith.subi %m, %c3 : index
    %di = arith.index_cast %d : index to i32
    %f = arith.sitofp %di : i32 to f32
    memref.store %f, %buf[%i] : memref<1024xf32>
  }
  %s = func.call @conditional_reduce(%buf, %c0, %c1024, %c1) : (memref<1024xf32>, index, index, index) -> f32
  vector.print %s : f32
  memref.dealloc %buf : memref<1024xf32>
  return
}
