// The math dialect's syntax and purity against MLIR 22: custom forms print back
// identically, and dead or duplicate math ops are removed by the canonicalizer
// (aggressive region simplification) and CSE. Expected outputs are mlir-opt
// 22's for the same input, run live.

import { testOptCases, type OptCase } from '../../opt-cases.js';

const INDEX_FOLDS = `func.func @f() -> (index, index, index, index, index, index, index, index) {
  %c = arith.constant -3 : index
  %z = arith.constant 0 : index
  %p = arith.constant 5 : index
  %m = arith.constant -9223372036854775808 : index
  %a = math.absi %c : index
  %b = math.ctlz %c : index
  %d = math.cttz %z : index
  %e = math.ctpop %c : index
  %f = math.ipowi %c, %p : index
  %g = math.absi %m : index
  %h = math.ctlz %p : index
  %i = math.ipowi %c, %c : index
  return %a, %b, %d, %e, %f, %g, %h, %i : index, index, index, index, index, index, index, index
}
`;

const CASES: OptCase[] = [
  {
    name: "math: custom and generic forms, fastmath flags, mixed operand types",
    args: [],
    input: `func.func @m(%x: f32, %v: vector<4xf64>, %i: i32, %j: index) -> (f32, vector<4xf64>, i32, i1, f32, f32, i32) {
  %0 = math.exp %x fastmath<fast> : f32
  %1 = math.sqrt %v : vector<4xf64>
  %2 = math.ctlz %i : i32
  %3 = math.isnan %x : f32
  %4 = math.fma %x, %0, %x : f32
  %5 = math.fpowi %x, %i : f32, i32
  %6 = math.ipowi %i, %2 : i32
  %7 = math.atan2 %x, %4 fastmath<nnan,ninf> : f32
  %8 = math.absf %7 : f32
  %9 = "math.exp"(%8) : (f32) -> f32
  %10 = math.exp %x fastmath<fast> : f32
  return %10, %1, %6, %3, %5, %9, %2 : f32, vector<4xf64>, i32, i1, f32, f32, i32
}
`,
  },
  {
    name: "math: dead cycles through block arguments removed",
    args: ["--canonicalize=region-simplify=aggressive"],
    input: `func.func @dead_cycle(%arg0: f32) {
  cf.br ^loop(%arg0: f32)
^loop(%0: f32):
  %1 = math.exp %0 : f32
  cf.br ^loop(%1: f32)
}
func.func @nested(%arg0: f32) -> f32 {
  %0 = math.exp %arg0 : f32
  %1 = math.sqrt %0 fastmath<fast> : f32
  %2 = math.exp %arg0 : f32
  %3 = math.fma %1, %2, %arg0 : f32
  return %3 : f32
}
`,
  },
  {
    name: "math: pure ops are CSE'd",
    args: ["--cse"],
    input: `func.func @dead_cycle(%arg0: f32) {
  cf.br ^loop(%arg0: f32)
^loop(%0: f32):
  %1 = math.exp %0 : f32
  cf.br ^loop(%1: f32)
}
func.func @nested(%arg0: f32) -> f32 {
  %0 = math.exp %arg0 : f32
  %1 = math.sqrt %0 fastmath<fast> : f32
  %2 = math.exp %arg0 : f32
  %3 = math.fma %1, %2, %arg0 : f32
  return %3 : f32
}
`,
  },
  {
    // MLIR folds IntegerAttrs of any type: an index constant is a 64-bit APInt.
    name: 'math: absi, ctlz, cttz, ctpop, ipowi fold index constants (64 bits), in canonicalize and sccp',
    args: ['--canonicalize'],
    input: INDEX_FOLDS,
  },
  { name: 'math: index folds under sccp', args: ['--sccp'], input: INDEX_FOLDS },
];

testOptCases(CASES);
