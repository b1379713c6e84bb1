// RFC "let if yield values" (the origin of scf.yield): its two examples and
// the lowering to a CFG with block arguments it proposes, in MLIR 22 spelling.
func.func @test1(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
  %x = scf.if %arg0 -> f32 {
    %x1 = arith.addf %arg1, %arg2 : f32
    scf.yield %x1 : f32
  } else {
    %x2 = arith.subf %arg1, %arg2 : f32
    scf.yield %x2 : f32
  }
  return %x : f32
}
func.func @test2(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
  %x_default = arith.subf %arg1, %arg2 : f32
  %x = scf.if %arg0 -> f32 {
    %x1 = arith.addf %arg1, %arg2 : f32
    scf.yield %x1 : f32
  } else {
    scf.yield %x_default : f32
  }
  return %x : f32
}
func.func @test1_lowered(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
  cf.cond_br %arg0, ^thenBlock, ^elseBlock
^thenBlock:
  %x1 = arith.addf %arg1, %arg2 : f32
  cf.br ^continueBlock(%x1 : f32)
^elseBlock:
  %x2 = arith.subf %arg1, %arg2 : f32
  cf.br ^continueBlock(%x2 : f32)
^continueBlock(%x: f32):
  return %x : f32
}
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %a = arith.constant 2.5 : f32
  %b = arith.constant 0.75 : f32
  %r1 = func.call @test1(%t, %a, %b) : (i1, f32, f32) -> f32
  vector.print %r1 : f32
  %r2 = func.call @test1(%f, %a, %b) : (i1, f32, f32) -> f32
  vector.print %r2 : f32
  %r3 = func.call @test2(%t, %a, %b) : (i1, f32, f32) -> f32
  vector.print %r3 : f32
  %r4 = func.call @test2(%f, %a, %b) : (i1, f32, f32) -> f32
  vector.print %r4 : f32
  %r5 = func.call @test1_lowered(%t, %a, %b) : (i1, f32, f32) -> f32
  vector.print %r5 : f32
  %r6 = func.call @test1_lowered(%f, %a, %b) : (i1, f32, f32) -> f32
  vector.print %r6 : f32
  return
}
