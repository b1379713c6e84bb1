// The RFC's example: a load, an addf and a store in three stages.
// bin/scf-opt --scf-software-pipeline examples/pipeline/rfc-example.mlir
func.func @rfc_example(%arg0: memref<?xf32>, %arg1: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %cst = arith.constant 1.000000e+00 : f32
  scf.for %arg2 = %c0 to %c8 step %c1 {
    %0 = memref.load %arg0[%arg2] {__test_pipelining_stage__ = 0, __test_pipelining_op_order__ = 0} : memref<?xf32>
    %1 = arith.addf %0, %cst {__test_pipelining_stage__ = 1, __test_pipelining_op_order__ = 1} : f32
    memref.store %1, %arg1[%arg2] {__test_pipelining_stage__ = 2, __test_pipelining_op_order__ = 2} : memref<?xf32>
  } {__test_pipelining_loop__}
  return
}
