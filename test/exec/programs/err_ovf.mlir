func.func @main() {
  %min = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %q = arith.divsi %min, %m1 : i32
  vector.print %q : i32
  return
}
