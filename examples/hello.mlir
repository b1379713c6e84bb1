// A first scfkit program. Try:
//   bin/scf-opt examples/hello.mlir
//   bin/scf-opt examples/hello.mlir --mlir-print-op-generic
module {
  func.func @answer() -> i32 {
    %c42 = arith.constant 42 : i32
    return %c42 : i32
  }

  func.func @hello() -> i32 {
    %0 = func.call @answer() : () -> i32
    return %0 : i32
  }
}
