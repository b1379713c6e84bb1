// Syntax of llvm dialect ops beyond what the corpus lowering produces:
// test/exec/llvm.test.ts checks that scf-opt prints this file exactly as
// mlir-opt 22 does (custom and generic form).
#no_unroll = #llvm.loop_annotation<unroll = <disable = true>, mustProgress = true>
module {
  llvm.mlir.global internal @value(42 : i64) : i64
  llvm.mlir.global private constant @str("hello\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global external @g2() : !llvm.array<2 x i32> {
    %0 = llvm.mlir.undef : !llvm.array<2 x i32>
    llvm.return %0 : !llvm.array<2 x i32>
  }
  llvm.mlir.global_ctors ctors = [@ctor], priorities = [0 : i32], data = [#llvm.zero]
  llvm.mlir.global_dtors dtors = [@ctor], priorities = [65535 : i32], data = [#llvm.zero]
  llvm.func @ctor() { llvm.return }
  llvm.func internal @f(%a: i32, %b: f32, %p: !llvm.ptr) -> i32 {
    %0 = llvm.add %a, %a overflow<nsw> : i32
    %1 = llvm.fadd %b, %b {fastmathFlags = #llvm.fastmath<fast>} : f32
    %2 = llvm.fcmp "olt" %b, %b {fastmathFlags = #llvm.fastmath<nnan>} : f32
    %3 = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> i32
    llvm.store %3, %p {alignment = 4 : i64} : i32, !llvm.ptr
    %4 = llvm.trunc %a overflow<nuw> : i32 to i8
    %5 = llvm.zext nneg %4 : i8 to i32
    %6 = llvm.uitofp nneg %4 : i8 to f32
    %c = llvm.mlir.constant(1 : i64) : i64
    %7 = llvm.alloca %c x i32 {alignment = 8 : i64} : (i64) -> !llvm.ptr
    %8 = llvm.select %2, %a, %5 : i1, i32
    %9 = llvm.intr.smax(%a, %5) : (i32, i32) -> i32
    %10 = llvm.call @f(%a, %b, %p) {fastmathFlags = #llvm.fastmath<fast>} : (i32, f32, !llvm.ptr) -> i32
    %11 = llvm.mlir.addressof @value : !llvm.ptr
    %12 = llvm.getelementptr inbounds %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"foo", (i32, f32)>
    %13 = llvm.getelementptr %p[%c, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<packed (i8, i32)>
    %14 = llvm.fneg %b : f32
    %15 = llvm.intr.stacksave : !llvm.ptr
    llvm.intr.stackrestore %15 : !llvm.ptr
    "llvm.intr.memset"(%p, %4, %c) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
    %16 = "llvm.intr.ctlz"(%a) <{is_zero_poison = false}> : (i32) -> i32
    %17 = llvm.sdiv exact %a, %a : i32
    %18 = llvm.or disjoint %a, %a : i32
    llvm.switch %a : i32, ^bb1 [
      0: ^bb2(%a : i32),
      5: ^bb1
    ]
  ^bb1:
    llvm.return %a : i32
  ^bb2(%x: i32):
    %u = llvm.mlir.undef : i32
    %v = llvm.mlir.poison : vector<4xf32>
    %e = llvm.extractelement %v[%c : i64] : vector<4xf32>
    %ie = llvm.insertelement %e, %v[%c : i64] : vector<4xf32>
    %sv = llvm.shufflevector %v, %v [0, 1] : vector<4xf32>
    %pt = llvm.inttoptr %c : i64 to !llvm.ptr
    %fr = llvm.frem %b, %b : f32
    %sx = llvm.sext %4 : i8 to i32
    %ff = llvm.fptrunc %b : f32 to f16
    %fe = llvm.fpext %b : f32 to f64
    %cv = llvm.mlir.constant(dense<[1.0, 2.0]> : vector<2xf32>) : vector<2xf32>
    %ft = llvm.fcmp "_true" %cv, %cv : vector<2xf32>
    llvm.call @vf(%a) vararg(!llvm.func<void (i32, ...)>) : (i32) -> ()
    %fp = llvm.mlir.addressof @ctor : !llvm.ptr
    llvm.call %fp() : !llvm.ptr, () -> ()
    llvm.unreachable
  }
  llvm.func @vf(i32, ...)
  llvm.func weak @w() attributes {passthrough = ["noinline"]} { llvm.return }
  llvm.func @l() -> !llvm.struct<(i32, ptr<1>)>
  llvm.func @v(%a: !llvm.ptr, %b: !llvm.ptr) {
    llvm.intr.vastart %a : !llvm.ptr
    llvm.intr.vacopy %b to %a : !llvm.ptr, !llvm.ptr
    llvm.intr.vaend %a : !llvm.ptr
    %x = llvm.va_arg %a : (!llvm.ptr) -> i32
    llvm.return
  }
  llvm.func @annotated(%c: i1) {
    llvm.br ^bb1 {loop_annotation = #no_unroll}
  ^bb1:
    llvm.cond_br %c, ^bb1, ^bb2 {loop_annotation = #no_unroll}
  ^bb2:
    llvm.return
  }
}
