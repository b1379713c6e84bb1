import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../../src/tools/opt-driver.js';

// Expected outputs below were produced by MLIR 22's mlir-opt and are pasted literally.

function opt(input: string, ...args: string[]): { code: number; out: string; err: string } {
  const r = runOpt(args, input);
  return { code: r.exitCode, out: r.stdout, err: r.stderr };
}

/** The first `<stdin>:line:col: error: message` line of stderr. */
function firstError(err: string): string {
  return err.split('\n').find((l) => l.includes(': error: ')) ?? '';
}

test("br, cond_br with weights, and assert print as MLIR does", () => {
  const input = "func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.assert %c, \"must hold\"\n  cf.cond_br %c weights([60, 40]), ^bb1(%x : i32), ^bb2 {hint = 1}\n^bb1(%a: i32):\n  cf.br ^bb2\n^bb2:\n  return\n}\n";
  const r = opt(input);
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: i1, %arg1: i32, %arg2: i64) {\n    cf.assert %arg0, \"must hold\"\n    cf.cond_br %arg0 weights([60, 40]), ^bb1(%arg1 : i32), ^bb2 {hint = 1 : i64}\n  ^bb1(%0: i32):  // pred: ^bb0\n    cf.br ^bb2\n  ^bb2:  // 2 preds: ^bb0, ^bb1\n    return\n  }\n}\n\n");
  // Round trip: printing the output again gives the same text.
  assert.equal(opt(r.out).out, r.out);
});

test("switch prints cases with MLIR 22's unsigned limited values", () => {
  const input = "func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.switch %x : i32, [\n    default: ^bb1(%x : i32),\n    42: ^bb2,\n    -1: ^bb1(%x : i32)\n  ]\n^bb1(%a: i32):\n  return\n^bb2:\n  cf.switch %y : i64, [default: ^bb2]\n\n}\n";
  const r = opt(input);
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: i1, %arg1: i32, %arg2: i64) {\n    cf.switch %arg1 : i32, [\n      default: ^bb1(%arg1 : i32),\n      42: ^bb2,\n      4294967295: ^bb1(%arg1 : i32)\n    ]\n  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0\n    return\n  ^bb2:  // 2 preds: ^bb0, ^bb2\n    cf.switch %arg2 : i64, [\n      default: ^bb2]\n  }\n}\n\n");
  // Round trip: printing the output again gives the same text.
  assert.equal(opt(r.out).out, r.out);
});

test("switch with an i8 flag wraps case values to the flag width", () => {
  const input = "func.func @f(%f: i8) {\n  cf.switch %f : i8, [default: ^bb1, -128: ^bb1, 255: ^bb1]\n^bb1:\n  return\n}\n";
  const r = opt(input);
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: i8) {\n    cf.switch %arg0 : i8, [\n      default: ^bb1,\n      128: ^bb1,\n      255: ^bb1\n    ]\n  ^bb1:  // 3 preds: ^bb0, ^bb0, ^bb0\n    return\n  }\n}\n\n");
  // Round trip: printing the output again gives the same text.
  assert.equal(opt(r.out).out, r.out);
});

test("generic form carries operandSegmentSizes and case_operand_segments", () => {
  const input = "func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.cond_br %c, ^bb1(%x : i32), ^bb2(%x, %x : i32, i32)\n^bb1(%a: i32):\n  cf.switch %a : i32, [default: ^bb2(%a, %a : i32, i32), 7: ^bb1(%a : i32)]\n^bb2(%b: i32, %d: i32):\n  return\n}\n";
  const r = opt(input, "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.out, "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (i1, i32, i64) -> (), sym_name = \"f\"}> ({\n  ^bb0(%arg0: i1, %arg1: i32, %arg2: i64):\n    \"cf.cond_br\"(%arg0, %arg1, %arg1, %arg1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, i32, i32, i32) -> ()\n  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1\n    \"cf.switch\"(%0, %0, %0, %0)[^bb2, ^bb1] <{case_operand_segments = array<i32: 1>, case_values = dense<7> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 2, 1>}> : (i32, i32, i32, i32) -> ()\n  ^bb2(%1: i32, %2: i32):  // 2 preds: ^bb0, ^bb1\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n\n");
});

test("cond_br: weights must match the successor count", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.cond_br %c weights([100]), ^bb1, ^bb2\n^bb1:\n  return\n^bb2:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: expects number of branch weights to match number of successors: 1 vs 2");
});

test("cond_br: weights cannot all be zero", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.cond_br %c weights([0, 0]), ^bb1, ^bb2\n^bb1:\n  return\n^bb2:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: branch weights cannot all be zero");
});

test("branch: operand count must match the block arguments", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.br ^bb1\n^bb1(%a: i32):\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: branch has 0 operands for successor #0, but target block has 1");
});

test("branch: operand types must match the block arguments", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.br ^bb1(%y : i64)\n^bb1(%a: i32):\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: type mismatch for bb argument #0 of successor #0");
});

test("cond_br: the condition must be i1", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  \"cf.cond_br\"(%x)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: 'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'");
});

test("assert: the argument must be i1", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  \"cf.assert\"(%x) <{msg = \"m\"}> : (i32) -> ()\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: 'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'");
});

test("switch: case value type must match the flag", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  \"cf.switch\"(%x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1]> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: 'cf.switch' op 'flag' type ('i32') should match case value type ('i64')");
});

test("switch: case value count must match the destinations", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  \"cf.switch\"(%x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: 'cf.switch' op number of case values (2) should match number of case destinations (1)");
});

test("switch: cases need 'default' first", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.switch %x : i32, [\n    4: ^bb1\n  ]\n^bb1:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:3:5: error: custom op 'cf.switch' expected 'default'");
});

test("switch: case values must be integers", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.switch %x : i32, [\n    default: ^bb1,\n    \"four\": ^bb1\n  ]\n^bb1:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:4:5: error: custom op 'cf.switch' expected integer value");
});

test("switch: case values must fit in 64 bits", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.switch %x : i32, [\n    default: ^bb1,\n    18446744073709551616: ^bb1\n  ]\n^bb1:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:4:5: error: custom op 'cf.switch' integer value too large");
});

test("switch: default operands cannot use result numbers", () => {
  const r = opt("func.func private @g() -> (i32, i32)\nfunc.func @f(%x: i32) {\n  %0:2 = call @g() : () -> (i32, i32)\n  cf.switch %x : i32, [\n    default: ^bb1(%0#0 : i32)\n  ]\n^bb1(%a: i32):\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:5:21: error: result number not allowed in argument list");
});
