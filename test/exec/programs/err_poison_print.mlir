func.func @main() {
  %a = arith.constant 1 : i32
  %s = arith.constant 40 : i32
  %p = arith.shli %a, %s : i32
  %q = arith.addi %p, %a : i32
  vector.print %q : i32
  return
}
