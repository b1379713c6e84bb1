// A module for the symbol-aware passes (inline, remove-dead-values,
// symbol-dce): a dead private callee beside a live one, and an unregistered
// one-region op of a dialect mlir-opt 22 has loaded (test.*), which is not a
// potentially unknown symbol table.
export const TEST_REGION_OP_MODULE = `func.func private @g() -> i32 {
  %c = arith.constant 1 : i32
  return %c : i32
}
func.func private @h() -> i32 {
  %c = arith.constant 2 : i32
  return %c : i32
}
func.func @f(%c: i1) -> i32 {
  "test.r"() ({
    "test.a"() : () -> ()
  }) : () -> ()
  %r = func.call @g() : () -> i32
  return %r : i32
}
`;
