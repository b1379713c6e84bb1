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

test("vector.print forms print as MLIR does", () => {
  const input = "func.func @f(%v: vector<4xf32>, %i: i32, %x: index) {\n  vector.print %v : vector<4xf32>\n  vector.print %i : i32 punctuation <comma>\n  vector.print punctuation <open>\n  vector.print punctuation <close>\n  vector.print punctuation <newline>\n  vector.print punctuation <no_punctuation>\n  vector.print str \"hello\\n\"\n  vector.print\n  vector.print %x : index {tag = 1}\n  return\n}\n";
  const r = opt(input);
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: vector<4xf32>, %arg1: i32, %arg2: index) {\n    vector.print %arg0 : vector<4xf32>\n    vector.print %arg1 : i32 punctuation <comma>\n    vector.print punctuation <open>\n    vector.print punctuation <close>\n    vector.print\n    vector.print punctuation <no_punctuation>\n    vector.print str \"hello\\0A\"\n    vector.print\n    vector.print %arg2 : index {tag = 1 : i64}\n    return\n  }\n}\n\n");
  // Round trip: printing the output again gives the same text.
  assert.equal(opt(r.out).out, r.out);
});

test("vector.print generic form always carries the punctuation property", () => {
  const input = "func.func @f(%v: vector<4xf32>, %i: i32, %x: index) {\n  vector.print %v : vector<4xf32>\n  vector.print %i : i32 punctuation <comma>\n  vector.print punctuation <open>\n  vector.print punctuation <close>\n  vector.print punctuation <newline>\n  vector.print punctuation <no_punctuation>\n  vector.print str \"hello\\n\"\n  vector.print\n  vector.print %x : index {tag = 1}\n  return\n}\n";
  const r = opt(input, "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.out, "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (vector<4xf32>, i32, index) -> (), sym_name = \"f\"}> ({\n  ^bb0(%arg0: vector<4xf32>, %arg1: i32, %arg2: index):\n    \"vector.print\"(%arg0) <{punctuation = #vector.punctuation<newline>}> : (vector<4xf32>) -> ()\n    \"vector.print\"(%arg1) <{punctuation = #vector.punctuation<comma>}> : (i32) -> ()\n    \"vector.print\"() <{punctuation = #vector.punctuation<open>}> : () -> ()\n    \"vector.print\"() <{punctuation = #vector.punctuation<close>}> : () -> ()\n    \"vector.print\"() <{punctuation = #vector.punctuation<newline>}> : () -> ()\n    \"vector.print\"() <{punctuation = #vector.punctuation<no_punctuation>}> : () -> ()\n    \"vector.print\"() <{punctuation = #vector.punctuation<newline>, stringLiteral = \"hello\\0A\"}> : () -> ()\n    \"vector.print\"() <{punctuation = #vector.punctuation<newline>}> : () -> ()\n    \"vector.print\"(%arg2) <{punctuation = #vector.punctuation<newline>}> {tag = 1 : i64} : (index) -> ()\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n\n");
});

test("other vector ops stay usable in generic form", () => {
  const input = "func.func @f(%a: f32) -> vector<4xf32> {\n  %0 = \"vector.broadcast\"(%a) : (f32) -> vector<4xf32>\n  vector.print %0 : vector<4xf32>\n  return %0 : vector<4xf32>\n}\n";
  const r = opt(input, "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.out, "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (f32) -> vector<4xf32>, sym_name = \"f\"}> ({\n  ^bb0(%arg0: f32):\n    %0 = \"vector.broadcast\"(%arg0) : (f32) -> vector<4xf32>\n    \"vector.print\"(%0) <{punctuation = #vector.punctuation<newline>}> : (vector<4xf32>) -> ()\n    \"func.return\"(%0) : (vector<4xf32>) -> ()\n  }) : () -> ()\n}) : () -> ()\n\n");
});

test("vector.print: a string cannot be printed with a source", () => {
  const r = opt("func.func @f(%i: i32) {\n  \"vector.print\"(%i) <{punctuation = #vector.punctuation<newline>, stringLiteral = \"x\"}> : (i32) -> ()\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: 'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings");
});

test("vector.print: the source must be a vector or scalar", () => {
  const r = opt("func.func @f(%m: memref<f32>) {\n  vector.print %m : memref<f32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: 'vector.print' op operand #0 must be , but got 'memref<f32>'");
});

test("vector.print: unknown punctuation", () => {
  const r = opt("func.func @f() {\n  vector.print punctuation <semicolon>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:29: error: custom op 'vector.print' expected ::mlir::vector::PrintPunctuation to be one of: no_punctuation, newline, comma, open, close");
});

test("vector.print: clauses appear at most once", () => {
  const r = opt("func.func @f() {\n  vector.print punctuation <comma> punctuation <open>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: custom op 'vector.print' `punctuation` clause can appear at most once in the expansion of the oilist directive");
});
