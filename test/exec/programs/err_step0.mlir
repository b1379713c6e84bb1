func.func @main() {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c10 step %c0 {
    vector.print %i : index
  }
  return
}
