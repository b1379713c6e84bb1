// The three scf.while forms of the scf documentation: "while-do", "do-while",
// and a condition computed from a value shared with the "after" region.
func.func @evaluate_condition(%x: f32) -> i1 {
  %lim = arith.constant 100.0 : f32
  %c = arith.cmpf olt, %x, %lim : f32
  return %c : i1
}
func.func @payload(%x: f32) -> f32 {
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %y = arith.mulf %x, %two : f32
  %z = arith.addf %y, %one : f32
  return %z : f32
}
func.func @shared_compute(%x: f32) -> i64 {
  %i = arith.fptosi %x : f32 to i64
  return %i : i64
}
func.func @evaluate_condition2(%x: f32, %s: i64) -> i1 {
  %lim = arith.constant 50 : i64
  %c = arith.cmpi slt, %s, %lim : i64
  return %c : i1
}
func.func @payload2(%s: i64) -> f32 {
  %f = arith.sitofp %s : i64 to f32
  %three = arith.constant 3.0 : f32
  %r = arith.addf %f, %three : f32
  return %r : f32
}
func.func @main() {
  %init1 = arith.constant 1.0 : f32
  %res = scf.while (%arg1 = %init1) : (f32) -> f32 {
    %condition = func.call @evaluate_condition(%arg1) : (f32) -> i1
    scf.condition(%condition) %arg1 : f32
  } do {
  ^bb0(%arg2: f32):
    %next = func.call @payload(%arg2) : (f32) -> f32
    scf.yield %next : f32
  }
  vector.print %res : f32
  %res2 = scf.while (%arg1 = %init1) : (f32) -> f32 {
    %next = func.call @payload(%arg1) : (f32) -> f32
    %condition = func.call @evaluate_condition(%arg1) : (f32) -> i1
    scf.condition(%condition) %next : f32
  } do {
  ^bb0(%arg2: f32):
    scf.yield %arg2 : f32
  }
  vector.print %res2 : f32
  %res3 = scf.while (%arg1 = %init1) : (f32) -> i64 {
    %shared = func.call @shared_compute(%arg1) : (f32) -> i64
    %condition = func.call @evaluate_condition2(%arg1, %shared) : (f32, i64) -> i1
    scf.condition(%condition) %shared : i64
  } do {
  ^bb0(%arg2: i64):
    %r = func.call @payload2(%arg2) : (i64) -> f32
    scf.yield %r : f32
  }
  vector.print %res3 : i64
  return
}
