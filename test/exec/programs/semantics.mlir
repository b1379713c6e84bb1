memref.global "private" constant @tbl : memref<2x3xi32> = dense<[[1, 2, 3], [4, 5, 6]]>
memref.global "private" @counter : memref<i64> = dense<7>
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printI64(i64)
func.func private @printU64(i64)
func.func private @printF64(f64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  // Integer wrap-around, unsigned ops and shifts.
  %a8 = arith.constant 127 : i8
  %one8 = arith.constant 1 : i8
  %w8 = arith.addi %a8, %one8 : i8
  vector.print %w8 : i8
  %m8 = arith.constant -128 : i8
  %du = arith.divui %m8, %one8 : i8
  %du2 = arith.extui %du : i8 to i32
  vector.print %du2 : i32
  %s3 = arith.constant 3 : i8
  %sh1 = arith.shrui %m8, %s3 : i8
  vector.print %sh1 : i8
  %sh2 = arith.shrsi %m8, %s3 : i8
  vector.print %sh2 : i8
  %sh3 = arith.shli %a8, %s3 : i8
  vector.print %sh3 : i8
  %big = arith.constant 9223372036854775807 : i64
  %one64 = arith.constant 1 : i64
  %wrap = arith.addi %big, %one64 : i64
  vector.print %wrap : i64
  %mul = arith.muli %big, %big : i64
  vector.print %mul : i64
  %neg7 = arith.constant -7 : i64
  %two64 = arith.constant 2 : i64
  %q1 = arith.divsi %neg7, %two64 : i64
  %q2 = arith.remsi %neg7, %two64 : i64
  %q3 = arith.floordivsi %neg7, %two64 : i64
  %q4 = arith.ceildivsi %neg7, %two64 : i64
  %q5 = arith.divui %neg7, %two64 : i64
  %q6 = arith.remui %neg7, %two64 : i64
  %q7 = arith.ceildivui %neg7, %two64 : i64
  vector.print %q1 : i64
  vector.print %q2 : i64
  vector.print %q3 : i64
  vector.print %q4 : i64
  vector.print %q5 : i64
  vector.print %q6 : i64
  vector.print %q7 : i64
  %mx = arith.maxui %neg7, %two64 : i64
  %mn = arith.minsi %neg7, %two64 : i64
  vector.print %mx : i64
  vector.print %mn : i64
  %lo, %hi = arith.mului_extended %big, %big : i64
  vector.print %lo : i64
  vector.print %hi : i64
  %slo, %shi = arith.mulsi_extended %neg7, %big : i64
  vector.print %shi : i64
  %sum, %ovf = arith.addui_extended %big, %big : i64, i1
  vector.print %sum : i64
  vector.print %ovf : i1
  %x17 = arith.constant 65535 : i17
  %x17b = arith.addi %x17, %x17 : i17
  vector.print %x17b : i17
  %t16 = arith.trunci %big : i64 to i16
  vector.print %t16 : i16
  %e48 = arith.extsi %t16 : i16 to i48
  vector.print %e48 : i48
  %ix = arith.index_castui %neg7 : i64 to index
  vector.print %ix : index
  %ixs = arith.index_cast %t16 : i16 to index
  vector.print %ixs : index
  %ia = index.constant 10
  %ib = index.constant -3
  %id = index.divs %ia, %ib
  %ir = index.remu %ia, %ib
  %ishl = index.shl %ia, %ia
  %ic = index.cmp ult(%ia, %ib)
  vector.print %id : index
  vector.print %ir : index
  vector.print %ishl : index
  vector.print %ic : i1
  // Floats: per-type rounding, conversions, comparisons.
  %f1 = arith.constant 0.1 : f32
  %f3 = arith.constant 3.0 : f32
  %fd = arith.divf %f1, %f3 : f32
  vector.print %fd : f32
  %fe = arith.extf %fd : f32 to f64
  call @printF64(%fe) : (f64) -> ()
  call @printNewline() : () -> ()
  %h = arith.truncf %fe : f64 to f16
  %he = arith.extf %h : f16 to f64
  call @printF64(%he) : (f64) -> ()
  call @printNewline() : () -> ()
  %b = arith.truncf %fe : f64 to bf16
  %be = arith.extf %b : bf16 to f64
  call @printF64(%be) : (f64) -> ()
  call @printNewline() : () -> ()
  %hbig = arith.constant 65519.0 : f32
  %hb = arith.truncf %hbig : f32 to f16
  %hbe = arith.extf %hb : f16 to f32
  vector.print %hbe : f32
  %hinf = arith.constant 65520.0 : f32
  %hi2 = arith.truncf %hinf : f32 to f16
  %hie = arith.extf %hi2 : f16 to f32
  vector.print %hie : f32
  %sub = arith.constant 1.0e-45 : f32
  vector.print %sub : f32
  %fr = arith.remf %f3, %f1 : f32
  vector.print %fr : f32
  %mxf = arith.maximumf %f1, %f3 : f32
  vector.print %mxf : f32
  %cmp = arith.cmpf ole, %f1, %f3 : f32
  vector.print %cmp : i1
  %toi = arith.fptosi %fd : f32 to i32
  vector.print %toi : i32
  %nf = arith.constant -2.75 : f64
  %toi2 = arith.fptosi %nf : f64 to i64
  vector.print %toi2 : i64
  %u2f = arith.uitofp %neg7 : i64 to f32
  vector.print %u2f : f32
  %s2f = arith.sitofp %big : i64 to f64
  vector.print %s2f : f64
  %bc = arith.bitcast %f3 : f32 to i32
  vector.print %bc : i32
  %bc2 = arith.bitcast %neg7 : i64 to f64
  vector.print %bc2 : f64
  %g = arith.constant 123456789.0 : f64
  vector.print %g : f64
  %g2 = arith.constant 0.0001 : f64
  vector.print %g2 : f64
  %g3 = arith.constant 100000.0 : f64
  vector.print %g3 : f64
  %g4 = arith.constant 1000000.0 : f64
  vector.print %g4 : f64
  // Memrefs: globals, subviews, reshapes, copies, alloca scopes.
  %tbl = memref.get_global @tbl : memref<2x3xi32>
  %ut = memref.cast %tbl : memref<2x3xi32> to memref<*xi32>
  call @printMemrefI32(%ut) : (memref<*xi32>) -> ()
  %tt = memref.transpose %tbl (i, j) -> (j, i) : memref<2x3xi32> to memref<3x2xi32, strided<[1, 3]>>
  %v21 = memref.load %tt[%c2, %c1] : memref<3x2xi32, strided<[1, 3]>>
  vector.print %v21 : i32
  %col = memref.subview %tbl[0, 1] [2, 1] [1, 1] : memref<2x3xi32> to memref<2xi32, strided<[3], offset: 1>>
  %uc = memref.cast %col : memref<2xi32, strided<[3], offset: 1>> to memref<*xi32>
  call @printMemrefI32(%uc) : (memref<*xi32>) -> ()
  %flat = memref.collapse_shape %tbl [[0, 1]] : memref<2x3xi32> into memref<6xi32>
  %v5 = memref.load %flat[%c3] : memref<6xi32>
  vector.print %v5 : i32
  %cnt = memref.get_global @counter : memref<i64>
  %cv = memref.load %cnt[] : memref<i64>
  %cv2 = arith.addi %cv, %cv : i64
  memref.store %cv2, %cnt[] : memref<i64>
  %cv3 = memref.load %cnt[] : memref<i64>
  vector.print %cv3 : i64
  %dyn = memref.alloc(%c3) : memref<2x?xf32>
  %fz = arith.constant 0.5 : f32
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %ij = arith.addi %i, %j : index
      %iji = arith.index_cast %ij : index to i32
      %ijf = arith.sitofp %iji : i32 to f32
      %v = arith.addf %ijf, %fz : f32
      memref.store %v, %dyn[%i, %j] : memref<2x?xf32>
    }
  }
  %exp = memref.expand_shape %dyn [[0], [1, 2]] output_shape [2, %c3, 1] : memref<2x?xf32> into memref<2x?x1xf32>
  %ue = memref.cast %exp : memref<2x?x1xf32> to memref<*xf32>
  call @printMemrefF32(%ue) : (memref<*xf32>) -> ()
  %cp = memref.alloc(%c3) : memref<2x?xf32>
  memref.copy %dyn, %cp : memref<2x?xf32> to memref<2x?xf32>
  %d1 = memref.dim %cp, %c1 : memref<2x?xf32>
  vector.print %d1 : index
  %uc2 = memref.cast %cp : memref<2x?xf32> to memref<*xf32>
  call @printMemrefF32(%uc2) : (memref<*xf32>) -> ()
  %r = memref.alloca_scope -> (f32) {
    %s = memref.alloca() : memref<4xf32>
    memref.store %f3, %s[%c1] : memref<4xf32>
    %l = memref.load %s[%c1] : memref<4xf32>
    memref.alloca_scope.return %l : f32
  }
  vector.print %r : f32
  // Control flow: index_switch, execute_region with a CFG, forall, while.
  %sw = scf.index_switch %c2 -> i32
  case 1 {
    %k = arith.constant 10 : i32
    scf.yield %k : i32
  }
  case 2 {
    %k = arith.constant 20 : i32
    scf.yield %k : i32
  }
  default {
    %k = arith.constant 30 : i32
    scf.yield %k : i32
  }
  vector.print %sw : i32
  %er = scf.execute_region -> i64 {
    %c = arith.cmpi slt, %neg7, %two64 : i64
    cf.cond_br %c, ^bb1, ^bb2(%two64 : i64)
  ^bb1:
    %n = arith.muli %neg7, %neg7 : i64
    cf.br ^bb2(%n : i64)
  ^bb2(%arg : i64):
    scf.yield %arg : i64
  }
  vector.print %er : i64
  %acc = memref.alloc() : memref<3x2xi32>
  scf.forall (%i, %j) in (3, 2) {
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %k10 = arith.constant 10 : i32
    %t = arith.muli %ii, %k10 : i32
    %v = arith.addi %t, %jj : i32
    memref.store %v, %acc[%i, %j] : memref<3x2xi32>
  }
  %ua = memref.cast %acc : memref<3x2xi32> to memref<*xi32>
  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()
  %w:2 = scf.while (%x = %neg7, %n = %c0) : (i64, index) -> (i64, index) {
    %c = arith.cmpi slt, %x, %big : i64
    %lim = arith.cmpi ult, %n, %c3 : index
    %both = arith.andi %c, %lim : i1
    scf.condition(%both) %x, %n : i64, index
  } do {
  ^bb0(%x: i64, %n: index):
    %x2 = arith.muli %x, %x : i64
    %n2 = arith.addi %n, %c1 : index
    scf.yield %x2, %n2 : i64, index
  }
  vector.print %w#0 : i64
  call @printU64(%w#0) : (i64) -> ()
  call @printNewline() : () -> ()
  %vec = arith.constant dense<[1.5, 2.0, -3.25]> : vector<3xf32>
  vector.print %vec : vector<3xf32>
  %vi = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %vs = arith.addi %vi, %vi : vector<2x2xi32>
  vector.print %vs : vector<2x2xi32>
  vector.print str "done\n"
  memref.dealloc %dyn : memref<2x?xf32>
  memref.dealloc %cp : memref<2x?xf32>
  memref.dealloc %acc : memref<3x2xi32>
  return
}
