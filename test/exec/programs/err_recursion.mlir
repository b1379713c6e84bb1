func.func @f(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %m = arith.addi %n, %c1 : i64
  %r = func.call @f(%m) : (i64) -> i64
  return %r : i64
}
func.func @main() {
  %c0 = arith.constant 0 : i64
  %r = func.call @f(%c0) : (i64) -> i64
  vector.print %r : i64
  return
}
