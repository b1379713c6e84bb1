func.func @main() {
  %f = arith.constant 1.0e10 : f32
  %i = arith.fptosi %f : f32 to i32
  vector.print %i : i32
  return
}
