func.func @f(%a: index, %b: index) -> index {
  %r = arith.remui %a, %b : index
  return %r : index
}
func.func @main() {
  %c5 = arith.constant 5 : index
  %c0 = arith.constant 0 : index
  %r = func.call @f(%c5, %c0) : (index, index) -> index
  vector.print %r : index
  return
}
