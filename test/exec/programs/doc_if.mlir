// scf.if with and without results (scf documentation).
func.func @select2(%b: i1, %a: f32, %c: f32) -> (f32, f32) {
  %x, %y = scf.if %b -> (f32, f32) {
    %x_true = arith.addf %a, %c : f32
    %y_true = arith.mulf %a, %c : f32
    scf.yield %x_true, %y_true : f32, f32
  } else {
    %x_false = arith.subf %a, %c : f32
    %y_false = arith.divf %a, %c : f32
    scf.yield %x_false, %y_false : f32, f32
  }
  return %x, %y : f32, f32
}
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %a = arith.constant 1.5 : f32
  %c = arith.constant 4.0 : f32
  %r:2 = func.call @select2(%t, %a, %c) : (i1, f32, f32) -> (f32, f32)
  vector.print %r#0 : f32
  vector.print %r#1 : f32
  %s:2 = func.call @select2(%f, %a, %c) : (i1, f32, f32) -> (f32, f32)
  vector.print %s#0 : f32
  vector.print %s#1 : f32
  scf.if %t {
    vector.print str "then\n"
  }
  scf.if %f {
    vector.print str "not printed\n"
  } else {
    vector.print str "else\n"
  }
  return
}
