func.func @run(%step: index) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  scf.parallel (%i) = (%c0) to (%c10) step (%step) {
    scf.reduce
  }
  return
}
func.func @main() {
  %m1 = arith.constant -1 : index
  func.call @run(%m1) : (index) -> ()
  return
}
