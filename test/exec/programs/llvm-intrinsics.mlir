// Integer intrinsics run by test/exec/llvm.test.ts on scf-run and on mlir-runner (outputs must match).
llvm.func @printI64(i64)
llvm.func @printNewline()
llvm.func @p32(%x: i32) {
  %e = llvm.sext %x : i32 to i64
  llvm.call @printI64(%e) : (i64) -> ()
  llvm.call @printNewline() : () -> ()
  llvm.return
}
llvm.func @p64(%x: i64) {
  llvm.call @printI64(%x) : (i64) -> ()
  llvm.call @printNewline() : () -> ()
  llvm.return
}
llvm.func @main() {
  %a = llvm.mlir.constant(-123456 : i32) : i32
  %b = llvm.mlir.constant(2000000000 : i32) : i32
  %s = llvm.mlir.constant(5 : i32) : i32
  %w = llvm.mlir.constant(-81985529216486896 : i64) : i64
  %0 = "llvm.intr.abs"(%a) <{is_int_min_poison = false}> : (i32) -> i32
  llvm.call @p32(%0) : (i32) -> ()
  %1 = "llvm.intr.ctlz"(%b) <{is_zero_poison = false}> : (i32) -> i32
  llvm.call @p32(%1) : (i32) -> ()
  %2 = "llvm.intr.cttz"(%a) <{is_zero_poison = false}> : (i32) -> i32
  llvm.call @p32(%2) : (i32) -> ()
  %3 = llvm.intr.ctpop(%w) : (i64) -> i64
  llvm.call @p64(%3) : (i64) -> ()
  %4 = llvm.intr.bswap(%w) : (i64) -> i64
  llvm.call @p64(%4) : (i64) -> ()
  %5 = llvm.intr.bitreverse(%a) : (i32) -> i32
  llvm.call @p32(%5) : (i32) -> ()
  %6 = llvm.intr.fshl(%a, %b, %s) : (i32, i32, i32) -> i32
  llvm.call @p32(%6) : (i32) -> ()
  %7 = llvm.intr.fshr(%a, %b, %s) : (i32, i32, i32) -> i32
  llvm.call @p32(%7) : (i32) -> ()
  %8 = llvm.intr.sadd.sat(%b, %b) : (i32, i32) -> i32
  llvm.call @p32(%8) : (i32) -> ()
  %9 = llvm.intr.usub.sat(%s, %b) : (i32, i32) -> i32
  llvm.call @p32(%9) : (i32) -> ()
  %10 = "llvm.intr.umul.with.overflow"(%b, %b) : (i32, i32) -> !llvm.struct<(i32, i1)>
  %11 = llvm.extractvalue %10[0] : !llvm.struct<(i32, i1)>
  %12 = llvm.extractvalue %10[1] : !llvm.struct<(i32, i1)>
  %13 = llvm.zext %12 : i1 to i32
  llvm.call @p32(%11) : (i32) -> ()
  llvm.call @p32(%13) : (i32) -> ()
  %14 = llvm.intr.smax(%a, %b) : (i32, i32) -> i32
  llvm.call @p32(%14) : (i32) -> ()
  %15 = llvm.intr.umin(%a, %b) : (i32, i32) -> i32
  llvm.call @p32(%15) : (i32) -> ()
  llvm.return
}
