// Invalid llvm dialect IR: test/exec/llvm.test.ts checks that scf-opt --split-input-file reports
// the same errors (file:line:col and message) as mlir-opt 22.
llvm.func @f() -> i32 {
  %0 = llvm.mlir.constant(1 : i64) : i64
  llvm.return %0 : i64
}
// -----
llvm.func @g() {
  %0 = llvm.mlir.constant(1 : i64) : i64
  llvm.return %0 : i64
}
// -----
llvm.func @h(i32)
llvm.func @k() {
  %0 = llvm.mlir.constant(1 : i64) : i64
  llvm.call @h(%0) : (i64) -> ()
  llvm.return
}
// -----
llvm.func @k2() {
  %0 = llvm.mlir.constant(1 : i64) : i64
  llvm.call @nope(%0) : (i64) -> ()
  llvm.return
}
// -----
llvm.func @k3() {
  %0 = llvm.mlir.constant(1 : i64) : i64
  %1 = llvm.add %0, %0 : f32
  llvm.return
}
// -----
llvm.func @k4() {
  %0 = llvm.mlir.constant(1.0 : f32) : i32
  llvm.return
}
// -----
llvm.func @k5() {
  %0 = llvm.mlir.addressof @nope : !llvm.ptr
  llvm.return
}
// -----
llvm.func @k6(%p: !llvm.ptr) {
  %0 = llvm.mlir.poison : !llvm.struct<(i32, f32)>
  %1 = llvm.insertvalue %p, %0[0] : !llvm.struct<(i32, f32)>
  llvm.return
}
// -----
llvm.func internal @k7()
// -----
llvm.func @k4() {
  %0 = llvm.mlir.constant(1.0 : f32) : i64
  llvm.return
}
// -----
llvm.func @k4() {
  %0 = llvm.mlir.constant(1 : i32) : f32
  llvm.return
}
// -----
llvm.func @k4() {
  %0 = llvm.mlir.constant("abc") : i32
  llvm.return
}
// -----
llvm.func @k4() {
  %0 = llvm.mlir.constant(dense<1> : vector<2xi32>) : i32
  llvm.return
}
// -----
llvm.func @k4() {
  %0 = llvm.mlir.constant(1 : i32) : !llvm.ptr
  llvm.return
}
// -----
llvm.func @f(%a: i32) {
  %0 = "llvm.icmp"(%a, %a) : (i32, i32) -> i1
  llvm.return
}
// -----
llvm.func @f(%a: i32) {
  %0 = "llvm.getelementptr"(%a) : (i32) -> !llvm.ptr
  llvm.return
}
// -----
llvm.func @f(%a: i32) {
  %0 = "llvm.alloca"(%a) : (i32) -> !llvm.ptr
  llvm.return
}
// -----
llvm.func @f(%a: i32) {
  %0 = "llvm.mlir.constant"() : () -> i32
  llvm.return
}
// -----
llvm.func @f(%a: i32) {
  "llvm.call"(%a) : (i32) -> ()
  llvm.return
}
// -----
"llvm.func"() ({}) : () -> ()
// -----
llvm.func @f(%a: !llvm.ptr) {
  %0 = "llvm.load"(%a) : (!llvm.ptr) -> i32
  "llvm.br"()[^bb1] : () -> ()
^bb1:
  llvm.return
}
// -----
llvm.func @f(%a: i32) {
  %0 = llvm.intr.stacksave : i32
  llvm.return
}
// -----
llvm.func @f(%a: i32) {
  llvm.intr.stackrestore %a : i32
  llvm.return
}
// -----
llvm.func @f(%a: i32, %v: vector<2xf32>) {
  %0 = llvm.extractelement %v[%a : i32] : vector<2xf32>
  %1 = llvm.extractelement %a[%a : i32] : i32
  llvm.return
}
