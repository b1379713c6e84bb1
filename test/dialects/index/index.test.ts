// index dialect: round trips and diagnostics. Every expected string is mlir-opt 22's
// output for the same input (recorded with /usr/lib/llvm-22/bin/mlir-opt).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../../src/tools/opt-driver.js';
import { testOptCases } from '../../opt-cases.js';

function opt(input: string, ...flags: string[]): { code: number; out: string; err: string } {
  const r = runOpt(['-', ...flags], input);
  return { code: r.exitCode, out: r.stdout, err: r.stderr };
}
/** The first `error:` line of the diagnostics. */
function firstError(err: string): string | undefined {
  return err.split('\n').find((l) => l.includes(': error: '));
}

test("binary ops", () => {
  const r = opt("func.func @f(%a: index, %b: index) {\n  %0 = index.add %a, %b\n  %1 = index.sub %a, %b\n  %2 = index.mul %a, %b\n  %3 = index.divs %a, %b\n  %4 = index.divu %a, %b\n  %5 = index.ceildivs %a, %b\n  %6 = index.ceildivu %a, %b\n  %7 = index.floordivs %a, %b\n  %8 = index.rems %a, %b\n  %9 = index.remu %a, %b\n  %10 = index.maxs %a, %b\n  %11 = index.maxu %a, %b\n  %12 = index.mins %a, %b\n  %13 = index.minu %a, %b\n  %14 = index.shl %a, %b\n  %15 = index.shrs %a, %b\n  %16 = index.shru %a, %b\n  %17 = index.and %a, %b\n  %18 = index.or %a, %b\n  %19 = index.xor %a, %b\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: index, %arg1: index) {\n    %0 = index.add %arg0, %arg1\n    %1 = index.sub %arg0, %arg1\n    %2 = index.mul %arg0, %arg1\n    %3 = index.divs %arg0, %arg1\n    %4 = index.divu %arg0, %arg1\n    %5 = index.ceildivs %arg0, %arg1\n    %6 = index.ceildivu %arg0, %arg1\n    %7 = index.floordivs %arg0, %arg1\n    %8 = index.rems %arg0, %arg1\n    %9 = index.remu %arg0, %arg1\n    %10 = index.maxs %arg0, %arg1\n    %11 = index.maxu %arg0, %arg1\n    %12 = index.mins %arg0, %arg1\n    %13 = index.minu %arg0, %arg1\n    %14 = index.shl %arg0, %arg1\n    %15 = index.shrs %arg0, %arg1\n    %16 = index.shru %arg0, %arg1\n    %17 = index.and %arg0, %arg1\n    %18 = index.or %arg0, %arg1\n    %19 = index.xor %arg0, %arg1\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("binary ops generic form", () => {
  const r = opt("func.func @f(%a: index, %b: index) {\n  %0 = index.add %a, %b\n  %1 = index.shru %a, %b {tag}\n  return\n}\n", "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.out, "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (index, index) -> (), sym_name = \"f\"}> ({\n  ^bb0(%arg0: index, %arg1: index):\n    %0 = \"index.add\"(%arg0, %arg1) : (index, index) -> index\n    %1 = \"index.shru\"(%arg0, %arg1) {tag} : (index, index) -> index\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n\n");
  assert.equal(opt(r.out, "--mlir-print-op-generic").out, r.out);
});

test("cmp predicates", () => {
  const r = opt("func.func @f(%a: index, %b: index) {\n  %0 = index.cmp eq(%a, %b)\n  %1 = index.cmp ne(%a, %b)\n  %2 = index.cmp slt(%a, %b)\n  %3 = index.cmp sle(%a, %b)\n  %4 = index.cmp sgt(%a, %b)\n  %5 = index.cmp sge(%a, %b)\n  %6 = index.cmp ult(%a, %b)\n  %7 = index.cmp ule(%a, %b)\n  %8 = index.cmp ugt(%a, %b)\n  %9 = index.cmp uge(%a, %b)\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: index, %arg1: index) {\n    %0 = index.cmp eq(%arg0, %arg1)\n    %1 = index.cmp ne(%arg0, %arg1)\n    %2 = index.cmp slt(%arg0, %arg1)\n    %3 = index.cmp sle(%arg0, %arg1)\n    %4 = index.cmp sgt(%arg0, %arg1)\n    %5 = index.cmp sge(%arg0, %arg1)\n    %6 = index.cmp ult(%arg0, %arg1)\n    %7 = index.cmp ule(%arg0, %arg1)\n    %8 = index.cmp ugt(%arg0, %arg1)\n    %9 = index.cmp uge(%arg0, %arg1)\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("cmp generic form", () => {
  const r = opt("func.func @f(%a: index, %b: index) {\n  %0 = index.cmp sle(%a, %b)\n  return\n}\n", "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.out, "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (index, index) -> (), sym_name = \"f\"}> ({\n  ^bb0(%arg0: index, %arg1: index):\n    %0 = \"index.cmp\"(%arg0, %arg1) <{pred = #index<cmp_predicate sle>}> : (index, index) -> i1\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n\n");
  assert.equal(opt(r.out, "--mlir-print-op-generic").out, r.out);
});

test("constants and names", () => {
  const r = opt("func.func @f() {\n  %0 = index.constant 42\n  %1 = index.constant -3\n  %2 = index.constant 0\n  %3 = index.bool.constant true\n  %4 = index.bool.constant false\n  %5 = index.sizeof\n  %6 = index.constant {x} 1\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f() {\n    %idx42 = index.constant 42\n    %idx-3 = index.constant -3\n    %idx0 = index.constant 0\n    %true = index.bool.constant true\n    %false = index.bool.constant false\n    %0 = index.sizeof\n    %idx1 = index.constant {x} 1\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("constants generic form", () => {
  const r = opt("func.func @f() {\n  %0 = index.constant 42\n  %1 = index.bool.constant true\n  %2 = index.sizeof\n  return\n}\n", "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.out, "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = () -> (), sym_name = \"f\"}> ({\n    %0 = \"index.constant\"() <{value = 42 : index}> : () -> index\n    %1 = \"index.bool.constant\"() <{value = true}> : () -> i1\n    %2 = \"index.sizeof\"() : () -> index\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n\n");
  assert.equal(opt(r.out, "--mlir-print-op-generic").out, r.out);
});

test("casts", () => {
  const r = opt("func.func @f(%a: index, %b: i32, %c: i64) {\n  %0 = index.casts %a : index to i64\n  %1 = index.casts %b : i32 to index\n  %2 = index.castu %a : index to i32\n  %3 = index.castu %c : i64 to index\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: index, %arg1: i32, %arg2: i64) {\n    %0 = index.casts %arg0 : index to i64\n    %1 = index.casts %arg1 : i32 to index\n    %2 = index.castu %arg0 : index to i32\n    %3 = index.castu %arg2 : i64 to index\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("cmp predicate attribute in a dictionary", () => {
  const r = opt("func.func @f(%a: index, %b: index) {\n  %0 = index.add %a, %b {p = #index<cmp_predicate uge>}\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: index, %arg1: index) {\n    %0 = index.add %arg0, %arg1 {p = #index<cmp_predicate uge>}\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("operand constraint", () => {
  const r = opt("func.func @f(%a: i32) {\n  %0 = \"index.add\"(%a, %a) : (i32, i32) -> index\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'index.add' op operand #0 must be index, but got 'i32'");
});

test("result constraint", () => {
  const r = opt("func.func @f(%a: index) {\n  %0 = \"index.cmp\"(%a, %a) {pred = #index<cmp_predicate eq>} : (index, index) -> i32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'index.cmp' op result #0 must be 1-bit signless integer, but got 'i32'");
});

test("required predicate", () => {
  const r = opt("func.func @f(%a: index) {\n  %0 = \"index.cmp\"(%a, %a) : (index, index) -> i1\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'index.cmp' op requires attribute 'pred'");
});

test("predicate constraint", () => {
  const r = opt("func.func @f(%a: index) {\n  %0 = \"index.cmp\"(%a, %a) {pred = 1} : (index, index) -> i1\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'index.cmp' op attribute 'pred' failed to satisfy constraint: index comparison predicate kind");
});

test("bad predicate keyword", () => {
  const r = opt("func.func @f(%a: index) {\n  %0 = index.cmp foo(%a, %a)\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:18: error: custom op 'index.cmp' expected ::mlir::index::IndexCmpPredicate to be one of: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge");
});

test("bad predicate in attribute", () => {
  const r = opt("func.func @f(%a: index) {\n  %0 = \"index.cmp\"(%a, %a) <{pred = #index<cmp_predicate foo>}> : (index, index) -> i1\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:58: error: expected ::mlir::index::IndexCmpPredicate to be one of: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge");
});

test("constant attribute kind", () => {
  const r = opt("func.func @f() {\n  %0 = \"index.constant\"() {value = 1} : () -> index\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'index.constant' op attribute 'value' failed to satisfy constraint: index attribute");
});

test("constant attribute after conversion", () => {
  const r = opt("func.func @f() {\n  %0 = \"index.constant\"() <{value = 1}> : () -> index\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'index.constant' op attribute 'value' failed to satisfy constraint: index attribute");
});

test("bool constant attribute", () => {
  const r = opt("func.func @f() {\n  %0 = \"index.bool.constant\"() {value = 1} : () -> i1\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'index.bool.constant' op attribute 'value' failed to satisfy constraint: bool attribute");
});

test("cast operand constraint", () => {
  const r = opt("func.func @f(%a: f32) {\n  %0 = index.casts %a : f32 to index\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'index.casts' op operand #0 must be integer or index, but got 'f32'");
});

test("cast incompatible", () => {
  const r = opt("func.func @f(%a: i32) {\n  %0 = index.castu %a : i32 to i64\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'index.castu' op operand type 'i32' and result type 'i64' are cast incompatible");
});

test("sizeof operands", () => {
  const r = opt("func.func @f(%a: index) {\n  %0 = \"index.sizeof\"(%a) : (index) -> index\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'index.sizeof' op requires zero operands");
});

// index.mul by zero folds to the zero attribute (a new constant at the mul's
// location), by one to its operand: live against mlir-opt 22 with locations.
testOptCases([
  {
    name: 'index.mul by 0 and 1: folded constants and their locations',
    args: ['--canonicalize', '--mlir-print-debuginfo'],
    input: `func.func @mul_identity(%arg0: index) -> (index, index) {
  %idx0 = index.constant 0
  %idx1 = index.constant 1
  %0 = index.mul %arg0, %idx0
  %1 = index.mul %arg0, %idx1
  return %0, %1 : index, index
}
`,
  },
]);
