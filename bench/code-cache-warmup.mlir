// The program `npm run bundle` runs to record scf-run's V8 code cache (see
// bin/scf-run): whatever scf-run compiles for it starts precompiled later, so
// it uses the common dialects, types and printing paths.
func.func @step(%x: i64, %k: i64) -> i64 {
  %y = arith.muli %x, %k : i64
  %one = arith.constant 1 : i64
  %z = arith.addi %y, %one : i64
  return %z : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = arith.constant 16 : index
  %zf = arith.constant 0.0 : f32
  %zd = arith.constant 0.0 : f64
  %z32 = arith.constant 0 : i32
  %z64 = arith.constant 0 : i64
  %k = arith.constant 6364136223846793005 : i64
  %a = memref.alloc() : memref<16x16xf32>
  %b = memref.alloc(%n) : memref<?xf64>
  %c = memref.alloca() : memref<16xi64>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %s = arith.addi %i, %j : index
      %si = arith.index_cast %s : index to i32
      %f = arith.sitofp %si : i32 to f32
      memref.store %f, %a[%i, %j] : memref<16x16xf32>
    }
    %ii = arith.index_cast %i : index to i64
    %d = arith.sitofp %ii : i64 to f64
    %h = arith.constant 0.5 : f64
    %dh = arith.mulf %d, %h : f64
    memref.store %dh, %b[%i] : memref<?xf64>
    %w = func.call @step(%ii, %k) : (i64, i64) -> i64
    memref.store %w, %c[%i] : memref<16xi64>
  }
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%sf = %zf, %sd = %zd, %sx = %z64) -> (f32, f64, i64) {
    %x = memref.load %a[%i, %i] : memref<16x16xf32>
    %y = memref.load %b[%i] : memref<?xf64>
    %v = memref.load %c[%i] : memref<16xi64>
    %sf2 = arith.addf %sf, %x : f32
    %sd2 = arith.addf %sd, %y : f64
    %sx2 = arith.xori %sx, %v : i64
    scf.yield %sf2, %sd2, %sx2 : f32, f64, i64
  }
  vector.print %r#0 : f32
  vector.print %r#1 : f64
  vector.print %r#2 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %start = arith.constant 27 : i64
  %w:2 = scf.while (%x = %start, %st = %z32) : (i64, i32) -> (i64, i32) {
    %ne = arith.cmpi ne, %x, %one : i64
    scf.condition(%ne) %x, %st : i64, i32
  } do {
  ^bb0(%x: i64, %st: i32):
    %odd = arith.andi %x, %one : i64
    %isodd = arith.cmpi ne, %odd, %z64 : i64
    %nx = scf.if %isodd -> (i64) {
      %t = arith.muli %x, %three : i64
      %t1 = arith.addi %t, %one : i64
      scf.yield %t1 : i64
    } else {
      %h = arith.divui %x, %two : i64
      scf.yield %h : i64
    }
    %c1i = arith.constant 1 : i32
    %st1 = arith.addi %st, %c1i : i32
    scf.yield %nx, %st1 : i64, i32
  }
  vector.print %w#1 : i32
  %q = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z32) -> (i32) {
    %sel = arith.remui %i, %c4 : index
    %ii = arith.index_cast %i : index to i32
    %v = scf.index_switch %sel -> i32
    case 0 {
      %t = arith.addi %acc, %ii : i32
      scf.yield %t : i32
    }
    case 1 {
      %t = arith.xori %acc, %ii : i32
      scf.yield %t : i32
    }
    default {
      %k7 = arith.constant 7 : i32
      %t = arith.shrui %acc, %k7 : i32
      scf.yield %t : i32
    }
    %gt = arith.cmpi ugt, %v, %ii : i32
    %m = arith.select %gt, %v, %ii : i32
    scf.yield %m : i32
  }
  vector.print %q : i32
  %p = arith.cmpi slt, %q, %z32 : i32
  vector.print %p : i1
  memref.copy %b, %b : memref<?xf64> to memref<?xf64>
  memref.dealloc %a : memref<16x16xf32>
  memref.dealloc %b : memref<?xf64>
  return
}
