func.func @collatz(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %r = scf.loop token(%t) iter_args(%x = %n, %k = %c0) : i64, i64 -> i64 {
    %done = arith.cmpi eq, %x, %c1 : i64
    scf.if %done {
      scf.break [%t] %k : i64
    }
    %k1 = arith.addi %k, %c1 : i64
    %rem = arith.remsi %x, %c2 : i64
    %even = arith.cmpi eq, %rem, %c0 : i64
    scf.if %even {
      %h = arith.divsi %x, %c2 : i64
      scf.continue [%t] %h, %k1 : i64, i64
    }
    %m = arith.muli %x, %c3 : i64
    %p = arith.addi %m, %c1 : i64
    scf.continue [%t] %p, %k1 : i64, i64
  }
  return %r : i64
}
func.func @first_neg(%a: i64, %b: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %0 = scf.execute_region -> i64 {
  ^bb0(%tok: token):
    %n = arith.cmpi slt, %a, %c0 : i64
    scf.if %n {
      scf.break %tok, %a : i64
    }
    %m = arith.cmpi slt, %b, %c0 : i64
    %v = scf.if %m -> i64 {
      scf.break %tok, %b : i64
    } else {
      scf.yield %c0 : i64
    }
    scf.yield %v : i64
  }
  return %0 : i64
}
func.func @main() {
  %c27 = arith.constant 27 : i64
  %r = func.call @collatz(%c27) : (i64) -> i64
  vector.print %r : i64
  %m1 = arith.constant -1 : i64
  %m2 = arith.constant -2 : i64
  %p = arith.constant 5 : i64
  %a = func.call @first_neg(%p, %m2) : (i64, i64) -> i64
  %b = func.call @first_neg(%m1, %m2) : (i64, i64) -> i64
  %c = func.call @first_neg(%p, %p) : (i64, i64) -> i64
  vector.print %a : i64
  vector.print %b : i64
  vector.print %c : i64
  return
}
