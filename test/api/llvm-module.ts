// An LLVM-dialect module the API tests run (test/api/llvm.test.ts, browser.test.ts).
export const LLVM_MODULE = `module {
  llvm.func @printI64(i64)
  llvm.func @printF64(f64)
  llvm.func @printNewline()
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @add(%a: i64, %b: i64) -> i64 {
    %r = llvm.add %a, %b : i64
    llvm.return %r : i64
  }
  llvm.func @pair(%a: i32, %x: f64) -> !llvm.struct<(i32, f64)> {
    %u = llvm.mlir.undef : !llvm.struct<(i32, f64)>
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %b = llvm.add %a, %c1 : i32
    %s0 = llvm.insertvalue %b, %u[0] : !llvm.struct<(i32, f64)>
    %y = llvm.fmul %x, %x : f64
    %s1 = llvm.insertvalue %y, %s0[1] : !llvm.struct<(i32, f64)>
    llvm.return %s1 : !llvm.struct<(i32, f64)>
  }
  llvm.func @load(%i: i64) -> i32 {
    %c16 = llvm.mlir.constant(16 : i64) : i64
    %p = llvm.call @malloc(%c16) : (i64) -> !llvm.ptr
    %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v = llvm.load %q : !llvm.ptr -> i32
    llvm.return %v : i32
  }
  llvm.func @main() {
    %c = llvm.mlir.constant(4611686018427387904 : i64) : i64
    %x = llvm.call @add(%c, %c) : (i64, i64) -> i64
    llvm.call @printI64(%x) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %h = llvm.mlir.constant(1.5 : f64) : f64
    llvm.call @printF64(%h) : (f64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }
}
`;
