func.func @main() {
  %p = ub.poison : i32
  %c = arith.constant 5 : i32
  %t = arith.constant false
  %x = arith.addi %p, %c : i32
  %y = arith.select %t, %x, %c : i32
  vector.print %y : i32
  return
}
