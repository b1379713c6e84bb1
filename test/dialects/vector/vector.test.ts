import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstError, optAndReference } from '../../opt-cases.js';

// Every expectation is mlir-opt 22's output on the same input and arguments,
// run live: `opt` runs both tools (`ref`: mlir-opt's).

const opt = optAndReference;

test("vector.print forms print as MLIR does", () => {
  const input = "func.func @f(%v: vector<4xf32>, %i: i32, %x: index) {\n  vector.print %v : vector<4xf32>\n  vector.print %i : i32 punctuation <comma>\n  vector.print punctuation <open>\n  vector.print punctuation <close>\n  vector.print punctuation <newline>\n  vector.print punctuation <no_punctuation>\n  vector.print str \"hello\\n\"\n  vector.print\n  vector.print %x : index {tag = 1}\n  return\n}\n";
  const r = opt(input);
  assert.equal(r.err, '');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
  // Round trip: printing the output again gives the same text.
  assert.equal(opt(r.out).out, r.out);
});

test("vector.print generic form always carries the punctuation property", () => {
  const input = "func.func @f(%v: vector<4xf32>, %i: i32, %x: index) {\n  vector.print %v : vector<4xf32>\n  vector.print %i : i32 punctuation <comma>\n  vector.print punctuation <open>\n  vector.print punctuation <close>\n  vector.print punctuation <newline>\n  vector.print punctuation <no_punctuation>\n  vector.print str \"hello\\n\"\n  vector.print\n  vector.print %x : index {tag = 1}\n  return\n}\n";
  const r = opt(input, "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
});

test("other vector ops stay usable in generic form", () => {
  const input = "func.func @f(%a: f32) -> vector<4xf32> {\n  %0 = \"vector.broadcast\"(%a) : (f32) -> vector<4xf32>\n  vector.print %0 : vector<4xf32>\n  return %0 : vector<4xf32>\n}\n";
  const r = opt(input, "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
});

test("vector.print: a string cannot be printed with a source", () => {
  const r = opt("func.func @f(%i: i32) {\n  \"vector.print\"(%i) <{punctuation = #vector.punctuation<newline>, stringLiteral = \"x\"}> : (i32) -> ()\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("vector.print: the source must be a vector or scalar", () => {
  const r = opt("func.func @f(%m: memref<f32>) {\n  vector.print %m : memref<f32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("vector.print: unknown punctuation", () => {
  const r = opt("func.func @f() {\n  vector.print punctuation <semicolon>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});

test("vector.print: clauses appear at most once", () => {
  const r = opt("func.func @f() {\n  vector.print punctuation <comma> punctuation <open>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(r.ref.code, 1);
  assert.notEqual(firstError(r.ref.err), '');
  assert.equal(firstError(r.err), firstError(r.ref.err));
});
