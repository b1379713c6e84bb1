// arith dialect: round trips and diagnostics. Every expected string is mlir-opt 22's
// output for the same input (recorded with /usr/lib/llvm-22/bin/mlir-opt).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../../src/tools/opt-driver.js';

function opt(input: string, ...flags: string[]): { code: number; out: string; err: string } {
  const r = runOpt(['-', ...flags], input);
  return { code: r.exitCode, out: r.stdout, err: r.stderr };
}
/** The first `error:` line of the diagnostics. */
function firstError(err: string): string | undefined {
  return err.split('\n').find((l) => l.includes(': error: '));
}

test("int binary ops with overflow and exact flags", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0 = arith.addi %a, %b overflow<nsw, nuw> : i32\n  %1 = arith.subi %a, %b overflow<nuw> : i32\n  %2 = arith.muli %a, %b : i32\n  %3 = arith.divui %a, %b exact : i32\n  %4 = arith.shrsi %a, %b exact : i32\n  %5 = arith.shli %a, %b overflow<nsw> : i32\n  %6 = arith.ceildivsi %a, %b : i32\n  %7 = arith.floordivsi %a, %b : i32\n  %8 = arith.maxsi %a, %b : i32\n  %9 = arith.minui %a, %b : i32\n  %10 = arith.xori %a, %b {tag} : i32\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: i32, %arg1: i32) {\n    %0 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32\n    %1 = arith.subi %arg0, %arg1 overflow<nuw> : i32\n    %2 = arith.muli %arg0, %arg1 : i32\n    %3 = arith.divui %arg0, %arg1 exact : i32\n    %4 = arith.shrsi %arg0, %arg1 exact : i32\n    %5 = arith.shli %arg0, %arg1 overflow<nsw> : i32\n    %6 = arith.ceildivsi %arg0, %arg1 : i32\n    %7 = arith.floordivsi %arg0, %arg1 : i32\n    %8 = arith.maxsi %arg0, %arg1 : i32\n    %9 = arith.minui %arg0, %arg1 : i32\n    %10 = arith.xori %arg0, %arg1 {tag} : i32\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("int binary ops generic form", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0 = arith.addi %a, %b overflow<nsw, nuw> : i32\n  %1 = arith.divsi %a, %b exact : i32\n  %2 = arith.remui %a, %b : i32\n  return\n}\n", "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.out, "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (i32, i32) -> (), sym_name = \"f\"}> ({\n  ^bb0(%arg0: i32, %arg1: i32):\n    %0 = \"arith.addi\"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32\n    %1 = \"arith.divsi\"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32\n    %2 = \"arith.remui\"(%arg0, %arg1) : (i32, i32) -> i32\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n\n");
  assert.equal(opt(r.out, "--mlir-print-op-generic").out, r.out);
});

test("float ops with fastmath", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = arith.addf %x, %y fastmath<fast> : f32\n  %1 = arith.mulf %x, %y fastmath<nnan,ninf> : f32\n  %2 = arith.negf %x fastmath<none> : f32\n  %3 = arith.maximumf %x, %y : f32\n  %4 = arith.minnumf %x, %y fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32\n  %5 = arith.remf %x, %y : f32\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: f32, %arg1: f32) {\n    %0 = arith.addf %arg0, %arg1 fastmath<fast> : f32\n    %1 = arith.mulf %arg0, %arg1 fastmath<nnan,ninf> : f32\n    %2 = arith.negf %arg0 : f32\n    %3 = arith.maximumf %arg0, %arg1 : f32\n    %4 = arith.minnumf %arg0, %arg1 fastmath<fast> : f32\n    %5 = arith.remf %arg0, %arg1 : f32\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("float ops generic form has default fastmath", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = arith.addf %x, %y : f32\n  %1 = arith.divf %x, %y fastmath<arcp> : f32\n  return\n}\n", "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.out, "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (f32, f32) -> (), sym_name = \"f\"}> ({\n  ^bb0(%arg0: f32, %arg1: f32):\n    %0 = \"arith.addf\"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32\n    %1 = \"arith.divf\"(%arg0, %arg1) <{fastmath = #arith.fastmath<arcp>}> : (f32, f32) -> f32\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n\n");
  assert.equal(opt(r.out, "--mlir-print-op-generic").out, r.out);
});

test("vector and tensor forms", () => {
  const r = opt("func.func @f(%v: vector<4xi32>, %s: vector<[8]xf32>, %t: tensor<?x4xi64>) {\n  %0 = arith.addi %v, %v : vector<4xi32>\n  %1 = arith.subf %s, %s : vector<[8]xf32>\n  %2 = arith.cmpi sge, %t, %t : tensor<?x4xi64>\n  %3 = arith.cmpf ueq, %s, %s : vector<[8]xf32>\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: vector<4xi32>, %arg1: vector<[8]xf32>, %arg2: tensor<?x4xi64>) {\n    %0 = arith.addi %arg0, %arg0 : vector<4xi32>\n    %1 = arith.subf %arg1, %arg1 : vector<[8]xf32>\n    %2 = arith.cmpi sge, %arg2, %arg2 : tensor<?x4xi64>\n    %3 = arith.cmpf ueq, %arg1, %arg1 : vector<[8]xf32>\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("cmpi and cmpf predicates", () => {
  const r = opt("func.func @f(%a: i32, %b: i32, %x: f32, %y: f32) {\n  %i0 = arith.cmpi eq, %a, %b : i32\n  %i1 = arith.cmpi ne, %a, %b : i32\n  %i2 = arith.cmpi slt, %a, %b : i32\n  %i3 = arith.cmpi sle, %a, %b : i32\n  %i4 = arith.cmpi sgt, %a, %b : i32\n  %i5 = arith.cmpi sge, %a, %b : i32\n  %i6 = arith.cmpi ult, %a, %b : i32\n  %i7 = arith.cmpi ule, %a, %b : i32\n  %i8 = arith.cmpi ugt, %a, %b : i32\n  %i9 = arith.cmpi uge, %a, %b : i32\n  %f0 = arith.cmpf false, %x, %y : f32\n  %f1 = arith.cmpf oeq, %x, %y : f32\n  %f2 = arith.cmpf ogt, %x, %y : f32\n  %f3 = arith.cmpf oge, %x, %y : f32\n  %f4 = arith.cmpf olt, %x, %y : f32\n  %f5 = arith.cmpf ole, %x, %y : f32\n  %f6 = arith.cmpf one, %x, %y : f32\n  %f7 = arith.cmpf ord, %x, %y : f32\n  %f8 = arith.cmpf ueq, %x, %y : f32\n  %f9 = arith.cmpf ugt, %x, %y : f32\n  %f10 = arith.cmpf uge, %x, %y : f32\n  %f11 = arith.cmpf ult, %x, %y : f32\n  %f12 = arith.cmpf ule, %x, %y : f32\n  %f13 = arith.cmpf une, %x, %y : f32\n  %f14 = arith.cmpf uno, %x, %y : f32\n  %f15 = arith.cmpf true, %x, %y : f32\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32) {\n    %0 = arith.cmpi eq, %arg0, %arg1 : i32\n    %1 = arith.cmpi ne, %arg0, %arg1 : i32\n    %2 = arith.cmpi slt, %arg0, %arg1 : i32\n    %3 = arith.cmpi sle, %arg0, %arg1 : i32\n    %4 = arith.cmpi sgt, %arg0, %arg1 : i32\n    %5 = arith.cmpi sge, %arg0, %arg1 : i32\n    %6 = arith.cmpi ult, %arg0, %arg1 : i32\n    %7 = arith.cmpi ule, %arg0, %arg1 : i32\n    %8 = arith.cmpi ugt, %arg0, %arg1 : i32\n    %9 = arith.cmpi uge, %arg0, %arg1 : i32\n    %10 = arith.cmpf false, %arg2, %arg3 : f32\n    %11 = arith.cmpf oeq, %arg2, %arg3 : f32\n    %12 = arith.cmpf ogt, %arg2, %arg3 : f32\n    %13 = arith.cmpf oge, %arg2, %arg3 : f32\n    %14 = arith.cmpf olt, %arg2, %arg3 : f32\n    %15 = arith.cmpf ole, %arg2, %arg3 : f32\n    %16 = arith.cmpf one, %arg2, %arg3 : f32\n    %17 = arith.cmpf ord, %arg2, %arg3 : f32\n    %18 = arith.cmpf ueq, %arg2, %arg3 : f32\n    %19 = arith.cmpf ugt, %arg2, %arg3 : f32\n    %20 = arith.cmpf uge, %arg2, %arg3 : f32\n    %21 = arith.cmpf ult, %arg2, %arg3 : f32\n    %22 = arith.cmpf ule, %arg2, %arg3 : f32\n    %23 = arith.cmpf une, %arg2, %arg3 : f32\n    %24 = arith.cmpf uno, %arg2, %arg3 : f32\n    %25 = arith.cmpf true, %arg2, %arg3 : f32\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("cmp generic form stores integer predicates", () => {
  const r = opt("func.func @f(%a: i32, %b: i32, %x: f32, %y: f32) {\n  %0 = arith.cmpi uge, %a, %b : i32\n  %1 = arith.cmpf \"one\", %x, %y fastmath<fast> : f32\n  return\n}\n", "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.out, "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (i32, i32, f32, f32) -> (), sym_name = \"f\"}> ({\n  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32):\n    %0 = \"arith.cmpi\"(%arg0, %arg1) <{predicate = 9 : i64}> : (i32, i32) -> i1\n    %1 = \"arith.cmpf\"(%arg2, %arg3) <{fastmath = #arith.fastmath<fast>, predicate = 6 : i64}> : (f32, f32) -> i1\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n\n");
  assert.equal(opt(r.out, "--mlir-print-op-generic").out, r.out);
});

test("casts", () => {
  const r = opt("func.func @f(%a: i32, %x: f32, %i: index, %m: memref<4xi32>) {\n  %0 = arith.extsi %a : i32 to i64\n  %1 = arith.extui %a : i32 to i64\n  %2 = arith.trunci %a overflow<nsw> : i32 to i8\n  %3 = arith.extf %x fastmath<contract> : f32 to f64\n  %4 = arith.truncf %x downward fastmath<fast> : f32 to bf16\n  %5 = arith.sitofp %a : i32 to f32\n  %6 = arith.fptoui %x : f32 to i16\n  %7 = arith.index_cast %i : index to i32\n  %8 = arith.index_castui %a : i32 to index\n  %9 = arith.bitcast %x : f32 to i32\n  %10 = arith.index_cast %m : memref<4xi32> to memref<4xindex>\n  %11 = arith.scaling_extf %x, %x : f32, f32 to f64\n  %12 = arith.scaling_truncf %x, %x upward : f32, f32 to f16\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: i32, %arg1: f32, %arg2: index, %arg3: memref<4xi32>) {\n    %0 = arith.extsi %arg0 : i32 to i64\n    %1 = arith.extui %arg0 : i32 to i64\n    %2 = arith.trunci %arg0 overflow<nsw> : i32 to i8\n    %3 = arith.extf %arg1 fastmath<contract> : f32 to f64\n    %4 = arith.truncf %arg1 downward fastmath<fast> : f32 to bf16\n    %5 = arith.sitofp %arg0 : i32 to f32\n    %6 = arith.fptoui %arg1 : f32 to i16\n    %7 = arith.index_cast %arg2 : index to i32\n    %8 = arith.index_castui %arg0 : i32 to index\n    %9 = arith.bitcast %arg1 : f32 to i32\n    %10 = arith.index_cast %arg3 : memref<4xi32> to memref<4xindex>\n    %11 = arith.scaling_extf %arg1, %arg1 : f32, f32 to f64\n    %12 = arith.scaling_truncf %arg1, %arg1 upward : f32, f32 to f16\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("casts generic form", () => {
  const r = opt("func.func @f(%a: i32, %x: f32) {\n  %0 = arith.truncf %x to_nearest_away : f32 to f16\n  %1 = arith.trunci %a : i32 to i8\n  %2 = arith.extf %x : f32 to f64\n  return\n}\n", "--mlir-print-op-generic");
  assert.equal(r.err, '');
  assert.equal(r.out, "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (i32, f32) -> (), sym_name = \"f\"}> ({\n  ^bb0(%arg0: i32, %arg1: f32):\n    %0 = \"arith.truncf\"(%arg1) <{roundingmode = 4 : i32}> : (f32) -> f16\n    %1 = \"arith.trunci\"(%arg0) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i8\n    %2 = \"arith.extf\"(%arg1) : (f32) -> f64\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n\n");
  assert.equal(opt(r.out, "--mlir-print-op-generic").out, r.out);
});

test("extended ops name their results", () => {
  const r = opt("func.func @f(%a: i32, %b: i32, %v: vector<4xi32>) {\n  %0:2 = arith.addui_extended %a, %b : i32, i1\n  %1:2 = arith.mulsi_extended %a, %b : i32\n  %2:2 = arith.mului_extended %v, %v : vector<4xi32>\n  %3:2 = arith.addui_extended %v, %v : vector<4xi32>, vector<4xi1>\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: i32, %arg1: i32, %arg2: vector<4xi32>) {\n    %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1\n    %low, %high = arith.mulsi_extended %arg0, %arg1 : i32\n    %low_0, %high_1 = arith.mului_extended %arg2, %arg2 : vector<4xi32>\n    %sum_2, %overflow_3 = arith.addui_extended %arg2, %arg2 : vector<4xi32>, vector<4xi1>\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("select scalar and vector conditions", () => {
  const r = opt("func.func @f(%c: i1, %vc: vector<4xi1>, %v: vector<4xf32>, %x: f32, %y: f32) {\n  %0 = arith.select %c, %x, %y : f32\n  %1 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xf32>\n  %2 = arith.select %c, %v, %v {foo} : vector<4xf32>\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: i1, %arg1: vector<4xi1>, %arg2: vector<4xf32>, %arg3: f32, %arg4: f32) {\n    %0 = arith.select %arg0, %arg3, %arg4 : f32\n    %1 = arith.select %arg1, %arg2, %arg2 : vector<4xi1>, vector<4xf32>\n    %2 = arith.select %arg0, %arg2, %arg2 {foo} : vector<4xf32>\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("constants and their names", () => {
  const r = opt("func.func @f() {\n  %0 = arith.constant 42 : i32\n  %1 = arith.constant -1 : i8\n  %2 = arith.constant true\n  %3 = arith.constant 7 : index\n  %4 = arith.constant 1.5 : f32\n  %5 = arith.constant dense<[1, 2]> : vector<2xi64>\n  %6 = arith.constant {note = 1} 0 : i64\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f() {\n    %c42_i32 = arith.constant 42 : i32\n    %c-1_i8 = arith.constant -1 : i8\n    %true = arith.constant true\n    %c7 = arith.constant 7 : index\n    %cst = arith.constant 1.500000e+00 : f32\n    %cst_0 = arith.constant dense<[1, 2]> : vector<2xi64>\n    %c0_i64 = arith.constant {note = 1 : i64} 0 : i64\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("dialect attributes in attribute dictionaries", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = arith.addf %x, %y {a = #arith.fastmath<fast>, b = #arith.overflow<nuw, nsw>, c = #arith.fastmath<none>, fastmath = #arith.fastmath<none>} : f32\n  return\n}\n");
  assert.equal(r.err, '');
  assert.equal(r.out, "module {\n  func.func @f(%arg0: f32, %arg1: f32) {\n    %0 = arith.addf %arg0, %arg1 {a = #arith.fastmath<fast>, b = #arith.overflow<nsw, nuw>, c = #arith.fastmath<none>} : f32\n    return\n  }\n}\n\n");
  assert.equal(opt(r.out).out, r.out);
});

test("operand constraint", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = arith.addi %x, %y : f32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'");
});

test("operand count", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0 = \"arith.addi\"(%a, %b, %a) : (i32, i32, i32) -> i32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.addi' op expected 2 operands, but found 3");
});

test("single operand count", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = \"arith.negf\"(%x, %x) : (f32, f32) -> f32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.negf' op requires a single operand");
});

test("result count", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  \"arith.addi\"(%a, %b) : (i32, i32) -> ()\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:3: error: 'arith.addi' op requires one result");
});

test("zero regions", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0 = \"arith.addi\"(%a, %b) ({}) : (i32, i32) -> i32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.addi' op requires zero regions");
});

test("same operands and result type", () => {
  const r = opt("func.func @f(%a: i32, %b: i64) {\n  %0 = \"arith.addi\"(%a, %b) : (i32, i64) -> i32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.addi' op requires the same type for all operands and results");
});

test("required attribute", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0 = \"arith.cmpi\"(%a, %b) : (i32, i32) -> i1\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.cmpi' op requires attribute 'predicate'");
});

test("enum attribute constraint in generic attribute dictionary", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0 = \"arith.cmpi\"(%a, %b) {predicate = 12 : i64} : (i32, i32) -> i1\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9");
});

test("property conversion", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0 = \"arith.cmpi\"(%a, %b) <{predicate = 1 : i32}> : (i32, i32) -> i1\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: invalid properties {predicate = 1 : i32} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 1 : i32");
});

test("fastmath attribute constraint", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = \"arith.addf\"(%x, %y) <{fastmath = #arith.overflow<nsw>}> : (f32, f32) -> f32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: invalid properties {fastmath = #arith.overflow<nsw>} for op arith.addf: Invalid attribute `fastmath` in property conversion: #arith.overflow<nsw>");
});

test("unit attribute constraint", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0 = \"arith.divui\"(%a, %b) {isExact = 1} : (i32, i32) -> i32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.divui' op attribute 'isExact' failed to satisfy constraint: unit attribute");
});

test("same type operands", () => {
  const r = opt("func.func @f(%a: i32, %b: i64) {\n  %0 = \"arith.cmpi\"(%a, %b) {predicate = 1 : i64} : (i32, i64) -> i1\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.cmpi' op requires all operands to have the same type");
});

test("cmp result type", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0 = \"arith.cmpi\"(%a, %b) {predicate = 1 : i64} : (i32, i32) -> vector<2xi1>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands");
});

test("result constraint", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0 = \"arith.cmpi\"(%a, %b) {predicate = 1 : i64} : (i32, i32) -> i32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.cmpi' op result #0 must be bool-like, but got 'i32'");
});

test("all types match", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0:2 = \"arith.mulsi_extended\"(%a, %b) : (i32, i32) -> (i32, i64)\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:10: error: 'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type");
});

test("elementwise shapes", () => {
  const r = opt("func.func @f(%v: vector<4xi32>) {\n  %0:2 = \"arith.addui_extended\"(%v, %v) : (vector<4xi32>, vector<4xi32>) -> (vector<4xi32>, i1)\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:10: error: 'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar");
});

test("cast incompatible", () => {
  const r = opt("func.func @f(%a: i32) {\n  %0 = arith.extsi %a : i32 to i16\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible");
});

test("cast shapes", () => {
  const r = opt("func.func @f(%a: i32) {\n  %0 = arith.extsi %a : i32 to vector<2xi64>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.extsi' op requires the same shape for all operands and results");
});

test("tensor dims", () => {
  const r = opt("func.func @f(%t: tensor<2xindex>) {\n  %0 = arith.index_cast %t : tensor<2xindex> to tensor<?xi64>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.index_cast' op failed to verify that input and output have the same tensor dimensions");
});

test("scalable shapes differ", () => {
  const r = opt("func.func @f(%v: vector<4xi32>) {\n  %0 = arith.trunci %v : vector<4xi32> to vector<[4]xi8>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.trunci' op requires the same shape for all operands and results");
});

test("bitcast index", () => {
  const r = opt("func.func @f(%a: i64) {\n  %0 = arith.bitcast %a : i64 to index\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.bitcast' op result #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'");
});

test("select condition", () => {
  const r = opt("func.func @f(%c: i32, %x: f32) {\n  %0 = \"arith.select\"(%c, %x, %x) : (i32, f32, f32) -> f32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.select' op operand #0 must be bool-like, but got 'i32'");
});

test("select condition shape", () => {
  const r = opt("func.func @f(%c: vector<2xi1>, %v: vector<4xf32>) {\n  %0 = arith.select %c, %v, %v : vector<2xi1>, vector<4xf32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.select' op failed to verify that condition is signless i1 or has matching shape");
});

test("constant type", () => {
  const r = opt("func.func @f() {\n  %0 = \"arith.constant\"() {value = 1 : i64} : () -> i32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.constant' op failed to verify that all of {value, result} have same type");
});

test("constant signless", () => {
  const r = opt("func.func @f() {\n  %0 = arith.constant 1 : si32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.constant' op integer return type must be signless");
});

test("constant scalable splat", () => {
  const r = opt("func.func @f() {\n  %0 = arith.constant dense<[1, 2]> : vector<[2]xi32>\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat");
});

test("constant typed attribute", () => {
  const r = opt("func.func @f() {\n  %0 = \"arith.constant\"() {value = @foo} : () -> i1\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: 'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance");
});

test("custom form: bad predicate keyword", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0 = arith.cmpi foo, %a, %b : i32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:19: error: custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]");
});

test("custom form: bad predicate string", () => {
  const r = opt("func.func @f(%a: i32, %b: i32) {\n  %0 = arith.cmpi \"foo\", %a, %b : i32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:19: error: custom op 'arith.cmpi' invalid predicate attribute specification: \"foo\"");
});

test("custom form: type constraint before inference", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = arith.cmpi eq, %x, %y : f32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:8: error: custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'");
});

test("custom form: bad fastmath flag", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = arith.addf %x, %y fastmath<foo> : f32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:35: error: custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast");
});

test("custom form: empty fastmath", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = arith.addf %x, %y fastmath<> : f32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:35: error: custom op 'arith.addf' expected valid keyword or string");
});

test("custom form: wrong attribute kind", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = arith.addf %x, %y fastmath #arith.overflow<nsw> : f32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:35: error: custom op 'arith.addf' invalid kind of attribute specified");
});

test("custom form: inherent attribute in dictionary", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = arith.addf %x, %y {fastmath = 1 : i32} : f32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:26: error: custom op 'arith.addf' 'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags");
});

test("custom form: unknown rounding mode", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = arith.truncf %x foo : f32 to f16\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:23: error: expected ':'");
});

test("custom form: missing colon", () => {
  const r = opt("func.func @f(%x: f32, %y: f32) {\n  %0 = arith.addf %x, %y, %x : f32\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:25: error: expected ':'");
});

test("custom form: missing constant value", () => {
  const r = opt("func.func @f() {\n  %0 = arith.constant\n  return\n}\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:2:22: error: expected attribute value");
});

test("unknown arith attribute", () => {
  const r = opt("#x = #arith.foo<1>\n");
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:1:13: error: unknown attribute `foo` in dialect `arith`");
});

test("ceildivsi does not fold when negating an operand overflows (as MLIR)", () => {
  const r = opt("func.func @f() -> (i8, i8, i8, i8, i8, i8) {\n  %min = arith.constant -128 : i8\n  %m2 = arith.constant -2 : i8\n  %p2 = arith.constant 2 : i8\n  %m1 = arith.constant -1 : i8\n  %p3 = arith.constant 3 : i8\n  %m3 = arith.constant -3 : i8\n  %a = arith.ceildivsi %min, %m2 : i8\n  %b = arith.ceildivsi %min, %p2 : i8\n  %c = arith.ceildivsi %m3, %min : i8\n  %d = arith.ceildivsi %p3, %min : i8\n  %e = arith.ceildivsi %m3, %p2 : i8\n  %f = arith.ceildivsi %min, %m1 : i8\n  return %a, %b, %c, %d, %e, %f : i8, i8, i8, i8, i8, i8\n}\n", "--canonicalize");
  assert.equal(r.code, 0);
  assert.equal(r.out, "module {\n  func.func @f() -> (i8, i8, i8, i8, i8, i8) {\n    %c-128_i8 = arith.constant -128 : i8\n    %c-2_i8 = arith.constant -2 : i8\n    %c2_i8 = arith.constant 2 : i8\n    %c-1_i8 = arith.constant -1 : i8\n    %c3_i8 = arith.constant 3 : i8\n    %c-3_i8 = arith.constant -3 : i8\n    %0 = arith.ceildivsi %c-128_i8, %c-2_i8 : i8\n    %1 = arith.ceildivsi %c-128_i8, %c2_i8 : i8\n    %2 = arith.ceildivsi %c-3_i8, %c-128_i8 : i8\n    %3 = arith.ceildivsi %c3_i8, %c-128_i8 : i8\n    %4 = arith.ceildivsi %c-128_i8, %c-1_i8 : i8\n    return %0, %1, %2, %3, %c-1_i8, %4 : i8, i8, i8, i8, i8, i8\n  }\n}\n\n");
});
