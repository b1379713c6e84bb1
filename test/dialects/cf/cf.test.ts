import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstError, optAndReference } from '../../opt-cases.js';

// Every expectation is mlir-opt 22's output on the same input and arguments,
// run live: `opt` runs both tools (`ref`: mlir-opt's).

const opt = optAndReference;

test("br, cond_br with weights, and assert print as MLIR does", () => {
  const input = "func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.assert %c, \"must hold\"\n  cf.cond_br %c weights([60, 40]), ^bb1(%x : i32), ^bb2 {hint = 1}\n^bb1(%a: i32):\n  cf.br ^bb2\n^bb2:\n  return\n}\n";
  const r = opt(input);
  assert.equal(r.err, '');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
  // Round trip: printing the output again gives the same text.
  assert.equal(opt(r.out).out, r.out);
});

test("switch prints cases with MLIR 22's unsigned limited values", () => {
  const input = "func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.switch %x : i32, [\n    default: ^bb1(%x : i32),\n    42: ^bb2,\n    -1: ^bb1(%x : i32)\n  ]\n^bb1(%a: i32):\n  return\n^bb2:\n  cf.switch %y : i64, [default: ^bb2]\n\n}\n";
  const r = opt(input);
  assert.equal(r.err, '');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
  // Round trip: printing the output again gives the same text.
  assert.equal(opt(r.out).out, r.out);
});

test("switch with an i8 flag wraps case values to the flag width", () => {
  const input = "func.func @f(%f: i8) {\n  cf.switch %f : i8, [default: ^bb1, -128: ^bb1, 255: ^bb1]\n^bb1:\n  return\n}\n";
  const r = opt(input);
  assert.equal(r.err, '');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
  // Round trip: printing the output again gives the same text.
  assert.equal(opt(r.out).out, r.out);
});

test("generic form carries operandSegmentSizes and case_operand_segments", () => {
  const input = "func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.cond_br %c, ^bb1(%x : i32), ^bb2(%x, %x : i32, i32)\n^bb1(%a: i32):\n  cf.switch %a : i32, [default: ^bb2(%a, %a : i32, i32), 7: ^bb1(%a : i32)]\n^bb2(%b: i32, %d: i32):\n  return\n}\n";
  const r = opt(input, "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
});

test("cond_br: weights must match the successor count", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.cond_br %c weights([100]), ^bb1, ^bb2\n^bb1:\n  return\n^bb2:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("cond_br: weights cannot all be zero", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.cond_br %c weights([0, 0]), ^bb1, ^bb2\n^bb1:\n  return\n^bb2:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("branch: operand count must match the block arguments", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.br ^bb1\n^bb1(%a: i32):\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("branch: operand types must match the block arguments", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.br ^bb1(%y : i64)\n^bb1(%a: i32):\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("cond_br: the condition must be i1", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  \"cf.cond_br\"(%x)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("assert: the argument must be i1", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  \"cf.assert\"(%x) <{msg = \"m\"}> : (i32) -> ()\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("switch: case value type must match the flag", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  \"cf.switch\"(%x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1]> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("switch: case value count must match the destinations", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  \"cf.switch\"(%x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("switch: cases need 'default' first", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.switch %x : i32, [\n    4: ^bb1\n  ]\n^bb1:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("switch: case values must be integers", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.switch %x : i32, [\n    default: ^bb1,\n    \"four\": ^bb1\n  ]\n^bb1:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("switch: case values must fit in 64 bits", () => {
  const r = opt("func.func @f(%c: i1, %x: i32, %y: i64) {\n  cf.switch %x : i32, [\n    default: ^bb1,\n    18446744073709551616: ^bb1\n  ]\n^bb1:\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("switch: default operands cannot use result numbers", () => {
  const r = opt("func.func private @g() -> (i32, i32)\nfunc.func @f(%x: i32) {\n  %0:2 = call @g() : () -> (i32, i32)\n  cf.switch %x : i32, [\n    default: ^bb1(%0#0 : i32)\n  ]\n^bb1(%a: i32):\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});
