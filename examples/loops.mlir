// Structured control flow: a loop-carried sum, a conditional, and a while loop.
func.func @sum(%buf: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %buf[%i] : memref<?xf32>
    %positive = arith.cmpf ogt, %x, %zero : f32
    %next = scf.if %positive -> (f32) {
      %s = arith.addf %acc, %x : f32
      scf.yield %s : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %next : f32
  }
  return %total : f32
}

func.func @collatz_steps(%start: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %res:2 = scf.while (%v = %start, %steps = %c0) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi ne, %v, %c1 : i64
    scf.condition(%more) %v, %steps : i64, i64
  } do {
  ^bb0(%v: i64, %steps: i64):
    %rem = arith.remui %v, %c2 : i64
    %odd = arith.cmpi ne, %rem, %c0 : i64
    %next = scf.if %odd -> (i64) {
      %t = arith.muli %v, %c3 : i64
      %u = arith.addi %t, %c1 : i64
      scf.yield %u : i64
    } else {
      %h = arith.divui %v, %c2 : i64
      scf.yield %h : i64
    }
    %s = arith.addi %steps, %c1 : i64
    scf.yield %next, %s : i64, i64
  }
  return %res#1 : i64
}
