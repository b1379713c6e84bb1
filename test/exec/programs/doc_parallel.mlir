// scf.parallel with a reduction, and scf.reduce (scf documentation).
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c100 = arith.constant 100 : index
  %buffer = memref.alloc() : memref<100xf32>
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %buffer[%i] : memref<100xf32>
    scf.reduce
  }
  %init = arith.constant 0.0 : f32
  %sum = scf.parallel (%iv) = (%c0) to (%c100) step (%c2) init (%init) -> f32 {
    %elem_to_reduce = memref.load %buffer[%iv] : memref<100xf32>
    scf.reduce(%elem_to_reduce : f32) {
      ^bb0(%lhs : f32, %rhs: f32):
        %res = arith.addf %lhs, %rhs : f32
        scf.reduce.return %res : f32
    }
  }
  vector.print %sum : f32
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0 : i64
  %count, %prod = scf.parallel (%a, %b) = (%c0, %c0) to (%c2, %c100) step (%c1, %c1) init (%zero, %one) -> (i64, f32) {
    %bi = arith.index_cast %b : index to i64
    %operand = arith.constant 1.01 : f32
    scf.reduce(%bi, %operand : i64, f32) {
      ^bb0(%lhs : i64, %rhs: i64):
        %res = arith.addi %lhs, %rhs : i64
        scf.reduce.return %res : i64
    }, {
      ^bb0(%lhs : f32, %rhs: f32):
        %res = arith.mulf %lhs, %rhs : f32
        scf.reduce.return %res : f32
    }
  }
  vector.print %count : i64
  vector.print %prod : f32
  memref.dealloc %buffer : memref<100xf32>
  return
}
