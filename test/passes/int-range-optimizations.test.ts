// int-range-optimizations against MLIR 22: each case runs scf-opt in-process
// and compares stdout, stderr and the exit code with mlir-opt 22's for the same
// input, run live. Where MLIR 22 gives wrong ranges, scf-opt does not follow
// it: those cases, at the end, give scf-opt's own (correct) output.

import { testDeviations, testOptCases, type DeviationCase, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "ub.poison has no range in MLIR 22 (Dialect/UB/int-range-interface.mlir)",
    args: ["--int-range-optimizations"],
    input: `// RUN: mlir-opt --int-range-optimizations %s | FileCheck %s

// CHECK-LABEL: func @poison
// CHECK: test.reflect_bounds {smax = -1 : si32, smin = 0 : si32, umax = 0 : ui32, umin = 1 : ui32}
func.func @poison() -> i32 {
    %0 = ub.poison : i32
    %1 = test.reflect_bounds %0 : i32
    func.return %1 : i32
}

// CHECK-LABEL: func @poison_i1
// CHECK: test.reflect_bounds {smax = -1 : si1, smin = 0 : si1, umax = 0 : ui1, umin = 1 : ui1}
func.func @poison_i1() -> i1 {
    %0 = ub.poison : i1
    %1 = test.reflect_bounds %0 : i1
    func.return %1 : i1
}

// CHECK-LABEL: func @poison_non_int
// Check it doesn't crash.
func.func @poison_non_int() -> f32 {
    %0 = ub.poison : f32
    func.return %0 : f32
}
`,
  },
  {
    name: "range arithmetic of arith and index ops on test.with_bounds (random ranges)",
    args: ["--int-range-optimizations"],
    input: `func.func @f0() -> index {
  %a = test.with_bounds {smax = 32 : index, smin = 32 : index, umax = 32 : index, umin = 32 : index} : index
  %b = test.with_bounds {smax = 892318993806839 : index, smin = 63 : index, umax = 892318993806839 : index, umin = 63 : index} : index
  %r = index.ceildivu %a, %b
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f1() -> index {
  %a = test.with_bounds {smax = 9223372036854775807 : i64, smin = 9223372036854775807 : i64, umax = 9223372036854775807 : i64, umin = 9223372036854775807 : i64} : i64
  %r = arith.index_castui %a : i64 to index
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f2() -> i16 {
  %a = test.with_bounds {smax = 2147483646 : i32, smin = 1 : i32, umax = 2147483646 : i32, umin = 1 : i32} : i32
  %r = arith.trunci %a : i32 to i16
  %x = test.reflect_bounds %r : i16
  return %x : i16
}
func.func @f4() -> i8 {
  %a = test.with_bounds {smax = 1 : i8, smin = 1 : i8, umax = 1 : i8, umin = 1 : i8} : i8
  %b = test.with_bounds {smax = 7 : i8, smin = 7 : i8, umax = -128 : i8, umin = 78 : i8} : i8
  %r = arith.shrui %a, %b : i8
  %x = test.reflect_bounds %r : i8
  return %x : i8
}
func.func @f5() -> index {
  %a = test.with_bounds {smax = 2147483647 : i32, smin = 32 : i32, umax = -176 : i32, umin = 64 : i32} : i32
  %r = arith.index_cast %a : i32 to index
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f6() -> index {
  %a = test.with_bounds {smax = 39 : index, smin = 31 : index, umax = 39 : index, umin = 31 : index} : index
  %b = test.with_bounds {smax = 16 : index, smin = 1 : index, umax = 8 : index, umin = 8 : index} : index
  %r = index.ceildivs %a, %b
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f7() -> i16 {
  %a = test.with_bounds {smax = -48 : i16, smin = -48 : i16, umax = -48 : i16, umin = -48 : i16} : i16
  %b = test.with_bounds {smax = 16 : i16, smin = 16 : i16, umax = 16 : i16, umin = 16 : i16} : i16
  %r = arith.shrui %a, %b : i16
  %x = test.reflect_bounds %r : i16
  return %x : i16
}
func.func @f8() -> index {
  %a = test.with_bounds {smax = 4 : index, smin = 2 : index, umax = 4 : index, umin = 2 : index} : index
  %b = test.with_bounds {smax = 167 : index, smin = -2 : index, umax = -1 : index, umin = 0 : index} : index
  %r = index.add %a, %b
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f9() -> i1 {
  %a = test.with_bounds {smax = 7 : i32, smin = -2147483361 : i32, umax = 31 : i32, umin = 8 : i32} : i32
  %r = arith.trunci %a : i32 to i1
  %x = test.reflect_bounds %r : i1
  return %x : i1
}
func.func @f10() -> i1 {
  %a = test.with_bounds {smax = -1 : i1, smin = -1 : i1, umax = -1 : i1, umin = -1 : i1} : i1
  %b = test.with_bounds {smax = 0 : i1, smin = 0 : i1, umax = 0 : i1, umin = 0 : i1} : i1
  %r = arith.minsi %a, %b : i1
  %x = test.reflect_bounds %r : i1
  return %x : i1
}
func.func @f11() -> index {
  %a = test.with_bounds {smax = 191779162734746 : index, smin = 0 : index, umax = 191779162734746 : index, umin = 0 : index} : index
  %b = test.with_bounds {smax = 32 : index, smin = 0 : index, umax = 32 : index, umin = 0 : index} : index
  %r = arith.ori %a, %b : index
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f12() -> i64 {
  %a = test.with_bounds {smax = 9223372036854775513 : i64, smin = 16 : i64, umax = 7 : i64, umin = 2 : i64} : i64
  %b = test.with_bounds {smax = 9223372036854775727 : i64, smin = 3 : i64, umax = 9223372036854775727 : i64, umin = 3 : i64} : i64
  %r = arith.shrsi %a, %b : i64
  %x = test.reflect_bounds %r : i64
  return %x : i64
}
func.func @f13() -> index {
  %a = test.with_bounds {smax = 3 : index, smin = 3 : index, umax = 3 : index, umin = 3 : index} : index
  %b = test.with_bounds {smax = 153 : index, smin = 2 : index, umax = 153 : index, umin = 2 : index} : index
  %r = arith.ori %a, %b : index
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f14() -> i16 {
  %a = test.with_bounds {smax = 38 : i16, smin = 32 : i16, umax = 38 : i16, umin = 32 : i16} : i16
  %b = test.with_bounds {smax = 9 : i16, smin = 0 : i16, umax = 9 : i16, umin = 0 : i16} : i16
  %r = arith.divui %a, %b : i16
  %x = test.reflect_bounds %r : i16
  return %x : i16
}
func.func @f16() -> i8 {
  %a = test.with_bounds {smax = 126 : i8, smin = -128 : i8, umax = -1 : i8, umin = 0 : i8} : i8
  %b = test.with_bounds {smax = 127 : i8, smin = -128 : i8, umax = -79 : i8, umin = 31 : i8} : i8
  %r = arith.xori %a, %b : i8
  %x = test.reflect_bounds %r : i8
  return %x : i8
}
func.func @f17() -> i16 {
  %a = test.with_bounds {smax = 63 : i16, smin = 32 : i16, umax = 63 : i16, umin = 32 : i16} : i16
  %b = test.with_bounds {smax = 0 : i16, smin = 0 : i16, umax = 0 : i16, umin = 0 : i16} : i16
  %r = arith.addi %a, %b : i16
  %x = test.reflect_bounds %r : i16
  return %x : i16
}
func.func @f18() -> index {
  %a = test.with_bounds {smax = -9223372036854775807 : index, smin = -9223372036854775807 : index, umax = -9223372036854775807 : index, umin = -9223372036854775807 : index} : index
  %b = test.with_bounds {smax = 16 : index, smin = -2 : index, umax = -1 : index, umin = 0 : index} : index
  %r = index.maxu %a, %b
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f19() -> i32 {
  %a = test.with_bounds {smax = 63 : i32, smin = 3 : i32, umax = -2147483647 : i32, umin = -2147483647 : i32} : i32
  %b = test.with_bounds {smax = 64 : i32, smin = -2 : i32, umax = -1 : i32, umin = 0 : i32} : i32
  %r = arith.addi %a, %b : i32
  %x = test.reflect_bounds %r : i32
  return %x : i32
}
func.func @f20() -> i32 {
  %a = test.with_bounds {smax = 63 : i32, smin = -2147483556 : i32, umax = -1 : i32, umin = 0 : i32} : i32
  %b = test.with_bounds {smax = 2147483647 : i32, smin = -2147483648 : i32, umax = -2147483647 : i32, umin = 0 : i32} : i32
  %r = arith.floordivsi %a, %b : i32
  %x = test.reflect_bounds %r : i32
  return %x : i32
}
func.func @f21() -> i8 {
  %a = test.with_bounds {smax = 127 : i8, smin = 126 : i8, umax = 127 : i8, umin = 126 : i8} : i8
  %b = test.with_bounds {smax = 7 : i8, smin = -69 : i8, umax = -1 : i8, umin = 0 : i8} : i8
  %r = arith.muli %a, %b overflow<nsw> : i8
  %x = test.reflect_bounds %r : i8
  return %x : i8
}
func.func @f22() -> i1 {
  %a = test.with_bounds {smax = 0 : i1, smin = -1 : i1, umax = -1 : i1, umin = 0 : i1} : i1
  %b = test.with_bounds {smax = 0 : i1, smin = -1 : i1, umax = -1 : i1, umin = 0 : i1} : i1
  %r = arith.minui %a, %b : i1
  %x = test.reflect_bounds %r : i1
  return %x : i1
}
func.func @f23() -> index {
  %a = test.with_bounds {smax = 39 : index, smin = 31 : index, umax = 39 : index, umin = 31 : index} : index
  %b = test.with_bounds {smax = 9223372036854775630 : index, smin = 2 : index, umax = 31 : index, umin = 1 : index} : index
  %r = index.xor %a, %b
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f24() -> index {
  %a = test.with_bounds {smax = -2147483647 : i32, smin = -2147483647 : i32, umax = -2147483647 : i32, umin = -2147483647 : i32} : i32
  %r = arith.index_cast %a : i32 to index
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f25() -> i1 {
  %a = test.with_bounds {smax = -86 : i64, smin = -92 : i64, umax = -86 : i64, umin = -92 : i64} : i64
  %r = arith.trunci %a : i64 to i1
  %x = test.reflect_bounds %r : i1
  return %x : i1
}
func.func @f26() -> i1 {
  %a = test.with_bounds {smax = 0 : i1, smin = -1 : i1, umax = -1 : i1, umin = 0 : i1} : i1
  %b = test.with_bounds {smax = -1 : i1, smin = -1 : i1, umax = -1 : i1, umin = -1 : i1} : i1
  %r = arith.floordivsi %a, %b : i1
  %x = test.reflect_bounds %r : i1
  return %x : i1
}
func.func @f27() -> index {
  %a = test.with_bounds {smax = 9 : index, smin = 1 : index, umax = 9 : index, umin = 1 : index} : index
  %b = test.with_bounds {smax = 157730817794799 : index, smin = 3 : index, umax = 157730817794799 : index, umin = 3 : index} : index
  %r = index.and %a, %b
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f28() -> i16 {
  %a = test.with_bounds {smax = -32758 : i16, smin = -32767 : i16, umax = -32758 : i16, umin = -32767 : i16} : i16
  %b = test.with_bounds {smax = 8 : i16, smin = 2 : i16, umax = 67 : i16, umin = 63 : i16} : i16
  %r = arith.shrui %a, %b : i16
  %x = test.reflect_bounds %r : i16
  return %x : i16
}
func.func @f29() -> i16 {
  %a = test.with_bounds {smax = 7 : i64, smin = 7 : i64, umax = 7 : i64, umin = 7 : i64} : i64
  %r = arith.trunci %a : i64 to i16
  %x = test.reflect_bounds %r : i16
  return %x : i16
}
func.func @f30() -> i32 {
  %a = test.with_bounds {smax = 63 : i8, smin = 5 : i8, umax = 63 : i8, umin = 5 : i8} : i8
  %r = arith.extsi %a : i8 to i32
  %x = test.reflect_bounds %r : i32
  return %x : i32
}
func.func @f31() -> index {
  %a = test.with_bounds {smax = 63 : index, smin = 5 : index, umax = 63 : index, umin = 5 : index} : index
  %b = test.with_bounds {smax = 9223372036854775807 : index, smin = 31 : index, umax = 9223372036854775807 : index, umin = 31 : index} : index
  %r = arith.remsi %a, %b : index
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f32() -> i16 {
  %a = test.with_bounds {smax = 5 : i16, smin = 5 : i16, umax = 5 : i16, umin = 5 : i16} : i16
  %b = test.with_bounds {smax = -2 : i16, smin = -32767 : i16, umax = -2 : i16, umin = -32767 : i16} : i16
  %r = arith.minsi %a, %b : i16
  %x = test.reflect_bounds %r : i16
  return %x : i16
}
func.func @f33() -> i64 {
  %a = test.with_bounds {smax = 64 : i64, smin = 31 : i64, umax = 64 : i64, umin = 31 : i64} : i64
  %b = test.with_bounds {smax = 9223372036854775807 : i64, smin = -9223372036854775808 : i64, umax = -212 : i64, umin = 8 : i64} : i64
  %r = arith.shrui %a, %b : i64
  %x = test.reflect_bounds %r : i64
  return %x : i64
}
func.func @f34() -> i64 {
  %a = test.with_bounds {smax = 32767 : i16, smin = -32768 : i16, umax = -2 : i16, umin = 8 : i16} : i16
  %r = arith.extsi %a : i16 to i64
  %x = test.reflect_bounds %r : i64
  return %x : i64
}
func.func @f35() -> i8 {
  %a = test.with_bounds {smax = 5 : i8, smin = 1 : i8, umax = 5 : i8, umin = 1 : i8} : i8
  %b = test.with_bounds {smax = 5 : i8, smin = 2 : i8, umax = 5 : i8, umin = 2 : i8} : i8
  %r = arith.divsi %a, %b : i8
  %x = test.reflect_bounds %r : i8
  return %x : i8
}
func.func @f36() -> index {
  %a = test.with_bounds {smax = 8 : index, smin = 3 : index, umax = 8 : index, umin = 3 : index} : index
  %b = test.with_bounds {smax = 9223372036854775751 : index, smin = 9223372036854775751 : index, umax = 9223372036854775751 : index, umin = 9223372036854775751 : index} : index
  %r = index.maxs %a, %b
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f37() -> index {
  %a = test.with_bounds {smax = 9223372036854775807 : index, smin = 498805403709411 : index, umax = 9223372036854775807 : index, umin = 498805403709411 : index} : index
  %b = test.with_bounds {smax = 16 : index, smin = 2 : index, umax = 16 : index, umin = 2 : index} : index
  %r = index.ceildivu %a, %b
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f38() -> i32 {
  %a = test.with_bounds {smax = 2 : i32, smin = -1 : i32, umax = -1 : i32, umin = 0 : i32} : i32
  %b = test.with_bounds {smax = 2147483647 : i32, smin = -2147483648 : i32, umax = -512107117 : i32, umin = 2147483647 : i32} : i32
  %r = arith.ceildivsi %a, %b : i32
  %x = test.reflect_bounds %r : i32
  return %x : i32
}
func.func @f39() -> index {
  %a = test.with_bounds {smax = 9223372036854775807 : index, smin = -9223372036854775808 : index, umax = -9223372036854775808 : index, umin = 9223372036854775806 : index} : index
  %b = test.with_bounds {smax = 64 : index, smin = 7 : index, umax = 64 : index, umin = 7 : index} : index
  %r = index.maxu %a, %b
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f40() -> i32 {
  %a = test.with_bounds {smax = 5 : i32, smin = 5 : i32, umax = 5 : i32, umin = 5 : i32} : i32
  %b = test.with_bounds {smax = 299 : i32, smin = -2 : i32, umax = -1 : i32, umin = 0 : i32} : i32
  %r = arith.minsi %a, %b : i32
  %x = test.reflect_bounds %r : i32
  return %x : i32
}
func.func @f41() -> index {
  %a = test.with_bounds {smax = 16 : index, smin = 1 : index, umax = 16 : index, umin = 1 : index} : index
  %b = test.with_bounds {smax = 9223372036854775807 : index, smin = -9223372036854775808 : index, umax = -2 : index, umin = 31 : index} : index
  %r = index.remu %a, %b
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f42() -> index {
  %a = test.with_bounds {smax = 31 : index, smin = 3 : index, umax = 31 : index, umin = 3 : index} : index
  %b = test.with_bounds {smax = 9223372036854775807 : index, smin = 8 : index, umax = 9 : index, umin = 7 : index} : index
  %r = arith.remui %a, %b : index
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f43() -> index {
  %a = test.with_bounds {smax = 9223372036854775807 : index, smin = 64 : index, umax = 9223372036854775807 : index, umin = 64 : index} : index
  %b = test.with_bounds {smax = 100 : index, smin = 7 : index, umax = 100 : index, umin = 7 : index} : index
  %r = index.shl %a, %b
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f44() -> i8 {
  %a = test.with_bounds {smax = -109 : i8, smin = -127 : i8, umax = -109 : i8, umin = -127 : i8} : i8
  %b = test.with_bounds {smax = 32 : i8, smin = -4 : i8, umax = -1 : i8, umin = 0 : i8} : i8
  %r = arith.xori %a, %b : i8
  %x = test.reflect_bounds %r : i8
  return %x : i8
}
func.func @f45() -> i64 {
  %a = test.with_bounds {smax = 9223372036854775806 : i64, smin = 0 : i64, umax = 9223372036854775806 : i64, umin = 0 : i64} : i64
  %b = test.with_bounds {smax = 64 : i64, smin = 16 : i64, umax = 64 : i64, umin = 16 : i64} : i64
  %r = arith.floordivsi %a, %b : i64
  %x = test.reflect_bounds %r : i64
  return %x : i64
}
func.func @f46() -> i32 {
  %a = test.with_bounds {smax = 2147483388 : i32, smin = 0 : i32, umax = 2147483388 : i32, umin = 0 : i32} : i32
  %b = test.with_bounds {smax = 2147483646 : i32, smin = 2147483646 : i32, umax = 2147483646 : i32, umin = 2147483646 : i32} : i32
  %r = arith.remsi %a, %b : i32
  %x = test.reflect_bounds %r : i32
  return %x : i32
}
func.func @f47() -> i64 {
  %a = test.with_bounds {smax = -2 : i64, smin = -9223372036854775807 : i64, umax = -2 : i64, umin = -9223372036854775807 : i64} : i64
  %b = test.with_bounds {smax = 9223372036854775771 : i64, smin = 9223372036854775771 : i64, umax = 9223372036854775771 : i64, umin = 9223372036854775771 : i64} : i64
  %r = arith.ori %a, %b : i64
  %x = test.reflect_bounds %r : i64
  return %x : i64
}
func.func @f48() -> i64 {
  %a = test.with_bounds {smax = 9223372036854775763 : i64, smin = 3 : i64, umax = 9223372036854775763 : i64, umin = 3 : i64} : i64
  %b = test.with_bounds {smax = 63 : i64, smin = 31 : i64, umax = 63 : i64, umin = 31 : i64} : i64
  %r = arith.maxui %a, %b : i64
  %x = test.reflect_bounds %r : i64
  return %x : i64
}
func.func @f49() -> i16 {
  %a = test.with_bounds {smax = 32 : i16, smin = -32719 : i16, umax = -11969 : i16, umin = 32767 : i16} : i16
  %b = test.with_bounds {smax = 23363 : i16, smin = 5 : i16, umax = 102 : i16, umin = 102 : i16} : i16
  %r = arith.subi %a, %b : i16
  %x = test.reflect_bounds %r : i16
  return %x : i16
}
func.func @f50() -> i1 {
  %a = test.with_bounds {smax = 0 : i1, smin = -1 : i1, umax = -1 : i1, umin = 0 : i1} : i1
  %b = test.with_bounds {smax = 0 : i1, smin = -1 : i1, umax = -1 : i1, umin = 0 : i1} : i1
  %r = arith.addi %a, %b overflow<nsw, nuw> : i1
  %x = test.reflect_bounds %r : i1
  return %x : i1
}
func.func @f51() -> i32 {
  %a = test.with_bounds {smax = 313764487 : i32, smin = 3 : i32, umax = -2147483648 : i32, umin = 173 : i32} : i32
  %b = test.with_bounds {smax = 2147483647 : i32, smin = -2147483648 : i32, umax = -1 : i32, umin = 32 : i32} : i32
  %r = arith.minsi %a, %b : i32
  %x = test.reflect_bounds %r : i32
  return %x : i32
}
func.func @f52() -> i16 {
  %a = test.with_bounds {smax = 63 : i64, smin = 31 : i64, umax = 243 : i64, umin = 32 : i64} : i64
  %r = arith.trunci %a : i64 to i16
  %x = test.reflect_bounds %r : i16
  return %x : i16
}
func.func @f53() -> i1 {
  %a = test.with_bounds {smax = 0 : i1, smin = 0 : i1, umax = -1 : i1, umin = 0 : i1} : i1
  %b = test.with_bounds {smax = 0 : i1, smin = -1 : i1, umax = -1 : i1, umin = 0 : i1} : i1
  %r = arith.remsi %a, %b : i1
  %x = test.reflect_bounds %r : i1
  return %x : i1
}
func.func @f54() -> i32 {
  %a = test.with_bounds {smax = 16 : i32, smin = -141 : i32, umax = -1 : i32, umin = 0 : i32} : i32
  %b = test.with_bounds {smax = 8 : i32, smin = -2147483648 : i32, umax = 39 : i32, umin = 31 : i32} : i32
  %r = arith.minui %a, %b : i32
  %x = test.reflect_bounds %r : i32
  return %x : i32
}
func.func @f55() -> i64 {
  %a = test.with_bounds {smax = 238 : i64, smin = 0 : i64, umax = -9223372036854775807 : i64, umin = 3 : i64} : i64
  %b = test.with_bounds {smax = -9223372036854775639 : i64, smin = -9223372036854775807 : i64, umax = 297 : i64, umin = 145 : i64} : i64
  %r = arith.remui %a, %b : i64
  %x = test.reflect_bounds %r : i64
  return %x : i64
}
func.func @f56() -> index {
  %a = test.with_bounds {smax = -2 : index, smin = -2 : index, umax = -2 : index, umin = -2 : index} : index
  %b = test.with_bounds {smax = 9223372036854775807 : index, smin = -9223372036854775808 : index, umax = -9223372036854775808 : index, umin = 32 : index} : index
  %r = index.maxs %a, %b
  %x = test.reflect_bounds %r : index
  return %x : index
}
func.func @f57() -> i8 {
  %a = test.with_bounds {smax = 6 : i32, smin = 2 : i32, umax = 6 : i32, umin = 2 : i32} : i32
  %r = arith.trunci %a : i32 to i8
  %x = test.reflect_bounds %r : i8
  return %x : i8
}
func.func @f58() -> i1 {
  %a = test.with_bounds {smax = 108 : i32, smin = 2 : i32, umax = 108 : i32, umin = 2 : i32} : i32
  %r = arith.trunci %a : i32 to i1
  %x = test.reflect_bounds %r : i1
  return %x : i1
}
func.func @f59() -> i8 {
  %a = test.with_bounds {smax = 127 : i8, smin = 64 : i8, umax = -126 : i8, umin = -127 : i8} : i8
  %b = test.with_bounds {smax = -2 : i8, smin = -88 : i8, umax = -2 : i8, umin = -88 : i8} : i8
  %r = arith.maxui %a, %b : i8
  %x = test.reflect_bounds %r : i8
  return %x : i8
}
`,
  },
  {
    name: "a yielded value that keeps changing is widened",
    args: ["--int-range-optimizations"],
    input: `func.func @f() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%a = %c0) -> index {
    %b = arith.subi %c1, %a : index
    scf.yield %b : index
  }
  %x = test.reflect_bounds %r : index
  return %x : index
}
`,
  },
  {
    name: "a range-only constant condition does not prune an scf.if",
    args: ["--int-range-optimizations"],
    input: `func.func @g(%arg: index) -> index {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %x = arith.remui %arg, %c10 : index
  %cond = arith.cmpi ult, %x, %c10 : index
  %r = scf.if %cond -> index { scf.yield %c0 : index } else { scf.yield %arg : index }
  %y = test.reflect_bounds %r : index
  return %y : index
}
`,
  },
  {
    name: "constant ranges feed the constant lattice (cmpf prunes only through folding)",
    args: ["--int-range-optimizations"],
    input: `func.func @f(%x: i64) -> (i32, i32) {
  %v7 = arith.constant 1.259205e-03 : f32
  %v34 = arith.cmpf oge, %v7, %v7 : f32
  %r = scf.if %v34 -> (i32) {
    %a = arith.constant 12 : i32
    scf.yield %a : i32
  } else {
    %b = arith.constant 13 : i32
    scf.yield %b : i32
  }
  %t = arith.constant true
  %s = scf.if %t -> (i32) {
    %a = arith.constant 12 : i32
    scf.yield %a : i32
  } else {
    %b = arith.constant 13 : i32
    scf.yield %b : i32
  }
  return %r, %s : i32, i32
}
`,
  },
  {
    name: "memref.dim ranges",
    args: ["--int-range-optimizations"],
    input: `func.func @f(%m: memref<4x?xf32>, %i: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %m, %c0 : memref<4x?xf32>
  %d1 = memref.dim %m, %c1 : memref<4x?xf32>
  %d2 = memref.dim %m, %i : memref<4x?xf32>
  %a = test.reflect_bounds %d1 : index
  %b = test.reflect_bounds %d2 : index
  return %d0, %a, %b, %d2 : index, index, index, index
}
`,
  },
  {
    name: "vectors, dense constants and test.constant materialization",
    args: ["--int-range-optimizations"],
    input: `func.func @f(%v: vector<4xi8>, %m: memref<2xi32>) -> (vector<4xi8>, vector<4xi8>, vector<4xi8>) {
  %a = test.reflect_bounds %v : vector<4xi8>
  %c = arith.constant dense<[1, 2, 3, 4]> : vector<4xi8>
  %b = test.reflect_bounds %c : vector<4xi8>
  %s = arith.constant dense<3> : vector<4xi8>
  %d = arith.addi %s, %s : vector<4xi8>
  %e = test.reflect_bounds %d : vector<4xi8>
  %x = arith.index_cast %m : memref<2xi32> to memref<2xindex>
  return %a, %b, %e : vector<4xi8>, vector<4xi8>, vector<4xi8>
}
`,
  },
  {
    name: "bottom-up rewriting: constants through each op dialect",
    args: ["--int-range-optimizations", "--allow-unregistered-dialect"],
    input: `func.func @g(%x: i32) -> i32 {
  %a = test.with_bounds {smax = 3 : i32, smin = 3 : i32, umax = 3 : i32, umin = 3 : i32} : i32
  %r = arith.addi %a, %x : i32
  return %r : i32
}
func.func @h(%x: i1) -> i1 {
  %a = test.with_bounds {smax = -1 : i1, smin = -1 : i1, umax = -1 : i1, umin = -1 : i1} : i1
  %r = arith.divui %x, %a : i1
  return %r : i1
}
func.func @k() -> i1 {
  %a = test.with_bounds {smax = 0 : i1, smin = 0 : i1, umax = 0 : i1, umin = 0 : i1} : i1
  %b = test.with_bounds {smax = -1 : i1, smin = -1 : i1, umax = -1 : i1, umin = -1 : i1} : i1
  %r = arith.divui %a, %b : i1
  %y = "test.use"(%r) : (i1) -> (i1)
  return %y : i1
}
`,
  },
  {
    name: "scf.parallel and scf.forall induction variables",
    args: ["--int-range-optimizations"],
    input: `func.func @f(%m: memref<3xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%a, %b) = (%c0, %c1) to (%c1, %n) step (%c1, %c1) {
    %y = test.reflect_bounds %a : index
    %z2 = test.reflect_bounds %b : index
    scf.reduce
  }
  return
}
func.func @g(%m: memref<3xi64>) {
  %c3 = arith.constant 3 : index
  scf.forall (%a, %b) in (1, 3) {
    %x = arith.muli %a, %c3 : index
    %y = test.reflect_bounds %a : index
    %z = test.reflect_bounds %b : index
    %i = arith.index_cast %x : index to i64
    memref.store %i, %m[%b] : memref<3xi64>
  }
  return
}
`,
  },
  {
    name: "loops, CFG block merging, calls and trivial remainders",
    args: ["--int-range-optimizations"],
    input: `func.func @loops(%n: index, %m: i32) -> (index, i32, i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%a = %c0) -> index {
    %b = arith.addi %a, %i : index
    %in = arith.cmpi ult, %i, %c10 : index
    %s = arith.select %in, %b, %a : index
    scf.yield %s : index
  }
  %w:2 = scf.while (%x = %c0_i32, %y = %c1_i32) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %x, %m : i32
    scf.condition(%c) %x, %y : i32, i32
  } do {
  ^bb0(%x: i32, %y: i32):
    %x1 = arith.addi %x, %c1_i32 : i32
    %y1 = arith.andi %y, %c1_i32 : i32
    scf.yield %x1, %y1 : i32, i32
  }
  %q = scf.for %i = %c10 to %c0 step %c1 iter_args(%a = %c1) -> index {
    %k = arith.remui %i, %c10 : index
    scf.yield %k : index
  }
  return %r, %w#0, %w#1, %q : index, i32, i32, index
}
func.func @cfg(%c: i1, %x: i8) -> i8 {
  %c3 = arith.constant 3 : i8
  %c5 = arith.constant 5 : i8
  cf.cond_br %c, ^a(%c3 : i8), ^b(%c5 : i8)
^a(%p: i8):
  %t = arith.andi %x, %c3 : i8
  cf.br ^c(%t : i8)
^b(%q: i8):
  cf.br ^c(%q : i8)
^c(%r: i8):
  %ult = arith.cmpi ule, %r, %c5 : i8
  %z = arith.extui %ult : i1 to i8
  return %z : i8
}
func.func private @callee(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %r = arith.muli %a, %c2 : i32
  return %r : i32
}
func.func @caller() -> (i32, i32) {
  %c7 = arith.constant 7 : i32
  %c9 = arith.constant 9 : i32
  %x = call @callee(%c7) : (i32) -> i32
  %y = call @callee(%c9) : (i32) -> i32
  %rx = test.reflect_bounds %x : i32
  return %rx, %y : i32, i32
}
func.func @rem(%a: i32, %i: index) -> (i32, i32, index) {
  %c16 = arith.constant 16 : i32
  %c15 = arith.constant 15 : i32
  %lo = arith.andi %a, %c15 : i32
  %r1 = arith.remui %lo, %c16 : i32
  %r2 = arith.remsi %lo, %c16 : i32
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %m = arith.remui %i, %c4 : index
  %r3 = arith.remui %m, %c8 : index
  return %r1, %r2, %r3 : i32, i32, index
}
`,
  },
  {
    name: "a remainder keeps a function argument in use until the function is visited (private callee)",
    args: ["--int-range-optimizations"],
    input: `func.func private @p2_h0(%v0: index, %v1: i64) -> (i8, f32) {
  %v2 = arith.constant 403147440 : i32
  %v3 = arith.constant -1 : index
  %v4 = arith.constant 4 : index
  %v5 = arith.remui %v3, %v4 : index
  %v6 = scf.index_switch %v5 -> i16
  case 0 {
    vector.print str "case 0\\n"
    %v8 = arith.index_cast %v3 : index to i16
    scf.yield %v8 : i16
  }
  case 2 {
    vector.print str "case 2\\n"
    %v9 = arith.constant -3742 : i16
    scf.yield %v9 : i16
  }
  default {
    vector.print str "case default\\n"
    %v10 = arith.xori %v3, %v0 : index
    %v11 = arith.constant 32767 : i16
    scf.yield %v11 : i16
  }
  vector.print %v6 : i16
  %v12 = memref.alloc() : memref<4xbf16>
  %v13 = arith.constant 0 : index
  %v14 = arith.constant 1 : index
  %v15 = arith.constant -9.000000e+00 : bf16
  scf.for %v16 = %v13 to %v4 step %v14 {
    memref.store %v15, %v12[%v16] : memref<4xbf16>
  }
  %v17 = arith.remui %v0, %v4 : index
  memref.store %v15, %v12[%v17] : memref<4xbf16>
  %v18 = arith.remui %v0, %v4 : index
  memref.store %v15, %v12[%v18] : memref<4xbf16>
  %v19 = arith.remui %v0, %v4 : index
  %v20 = memref.load %v12[%v19] : memref<4xbf16>
  %v21 = arith.extf %v20 : bf16 to f32
  vector.print %v21 : f32
  %v22 = memref.subview %v12[0] [2] [2] : memref<4xbf16> to memref<2xbf16, strided<[2]>>
  %v23 = arith.constant 2 : index
  %v24 = arith.remui %v0, %v23 : index
  %v25 = memref.load %v22[%v24] : memref<2xbf16, strided<[2]>>
  %v26 = arith.extf %v25 : bf16 to f32
  vector.print %v26 : f32
  memref.dealloc %v12 : memref<4xbf16>
  %v27 = arith.constant -8.000000e+00 : f64
  %v29 = arith.constant 1.000000e+00 : f64
  %v30 = arith.mulf %v27, %v27 : f64
  %v31 = arith.addf %v30, %v29 : f64
  %v28 = arith.divf %v27, %v31 : f64
  %v32 = arith.constant -1.000000e+06 : f64
  %v33 = arith.constant 1.000000e+06 : f64
  %v34 = arith.maximumf %v28, %v32 : f64
  %v35 = arith.minimumf %v34, %v33 : f64
  %v36 = arith.constant 127 : i8
  %v37 = arith.constant -1.000000e+01 : f32
  return %v36, %v37 : i8, f32
}
func.func @main() -> (i8, f32) {
  %a = arith.constant 1 : index
  %b = arith.constant -1 : i64
  %r:2 = func.call @p2_h0(%a, %b) : (index, i64) -> (i8, f32)
  return %r#0, %r#1 : i8, f32
}
`,
  },
  {
    name: "index_switch on a constant",
    args: ["--int-range-optimizations"],
    input: `func.func @f() -> i16 {
  %c0 = arith.constant 0 : index
  %4 = scf.index_switch %c0 -> i16
  case 0 {
    %a = arith.constant 1 : i16
    scf.yield %a : i16
  }
  default {
    %b = arith.constant 36 : i16
    scf.yield %b : i16
  }
  return %4 : i16
}
`,
  },
  {
    name: "nested in func.func (not interprocedural)",
    args: ["--pass-pipeline=builtin.module(func.func(int-range-optimizations))"],
    input: `func.func @loops(%n: index, %m: i32) -> (index, i32, i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%a = %c0) -> index {
    %b = arith.addi %a, %i : index
    %in = arith.cmpi ult, %i, %c10 : index
    %s = arith.select %in, %b, %a : index
    scf.yield %s : index
  }
  %w:2 = scf.while (%x = %c0_i32, %y = %c1_i32) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %x, %m : i32
    scf.condition(%c) %x, %y : i32, i32
  } do {
  ^bb0(%x: i32, %y: i32):
    %x1 = arith.addi %x, %c1_i32 : i32
    %y1 = arith.andi %y, %c1_i32 : i32
    scf.yield %x1, %y1 : i32, i32
  }
  %q = scf.for %i = %c10 to %c0 step %c1 iter_args(%a = %c1) -> index {
    %k = arith.remui %i, %c10 : index
    scf.yield %k : index
  }
  return %r, %w#0, %w#1, %q : index, i32, i32, index
}
func.func @cfg(%c: i1, %x: i8) -> i8 {
  %c3 = arith.constant 3 : i8
  %c5 = arith.constant 5 : i8
  cf.cond_br %c, ^a(%c3 : i8), ^b(%c5 : i8)
^a(%p: i8):
  %t = arith.andi %x, %c3 : i8
  cf.br ^c(%t : i8)
^b(%q: i8):
  cf.br ^c(%q : i8)
^c(%r: i8):
  %ult = arith.cmpi ule, %r, %c5 : i8
  %z = arith.extui %ult : i1 to i8
  return %z : i8
}
func.func private @callee(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %r = arith.muli %a, %c2 : i32
  return %r : i32
}
func.func @caller() -> (i32, i32) {
  %c7 = arith.constant 7 : i32
  %c9 = arith.constant 9 : i32
  %x = call @callee(%c7) : (i32) -> i32
  %y = call @callee(%c9) : (i32) -> i32
  %rx = test.reflect_bounds %x : i32
  return %rx, %y : i32, i32
}
func.func @rem(%a: i32, %i: index) -> (i32, i32, index) {
  %c16 = arith.constant 16 : i32
  %c15 = arith.constant 15 : i32
  %lo = arith.andi %a, %c15 : i32
  %r1 = arith.remui %lo, %c16 : i32
  %r2 = arith.remsi %lo, %c16 : i32
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %m = arith.remui %i, %c4 : index
  %r3 = arith.remui %m, %c8 : index
  return %r1, %r2, %r3 : i32, i32, index
}
`,
  },
];

testOptCases(CASES);

/**
 * Where MLIR 22 is wrong, and scf-opt is not:
 * - ceildivsi of INT_MIN by a divisor above 1: InferIntRangeCommon negates the
 *   quotient (to match a lowering MLIR 22 no longer has); MLIR 22's own
 *   lowering and folder give the true quotient, -2^62 here, not 2^62.
 * - the reductions of scf.parallel: MLIR 22 leaves their range uninitialized,
 *   so a select (or a loop) joining one ignores it and may fold to the other
 *   operand; here they are unknown.
 * - a divisor whose range is empty (`0 - [1, 9]` cannot be nuw): MLIR 22
 *   divides by the zero endpoint of that range and crashes (SIGFPE); here the
 *   quotient is unknown and the IR stays as it is.
 */
const DEVIATIONS: DeviationCase[] = [
  {
    name: 'MLIR 22 differs: ceildivsi of INT_MIN, reductions of scf.parallel',
    args: ['--int-range-optimizations'],
    input: `func.func @ceildiv_int_min() -> (index, i8) {
  %a = test.with_bounds {smax = -9223372036854775808 : index, smin = -9223372036854775808 : index, umax = -9223372036854775808 : index, umin = -9223372036854775808 : index} : index
  %b = test.with_bounds {smax = 2 : index, smin = 2 : index, umax = 2 : index, umin = 2 : index} : index
  %r = arith.ceildivsi %a, %b : index
  %x = test.reflect_bounds %r : index
  %c = test.with_bounds {smax = 0 : i8, smin = -128 : i8, umax = 255 : i8, umin = 0 : i8} : i8
  %d = test.with_bounds {smax = 3 : i8, smin = 3 : i8, umax = 3 : i8, umin = 3 : i8} : i8
  %s = arith.ceildivsi %c, %d : i8
  %y = test.reflect_bounds %s : i8
  return %x, %y : index, i8
}
func.func @reduction(%cond: i1, %z: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : i32
  %r = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%z) -> i32 {
    %v = arith.index_cast %i : index to i32
    scf.reduce(%v : i32) {
    ^bb0(%l: i32, %rr: i32):
      %s = arith.addi %l, %rr : i32
      scf.reduce.return %s : i32
    }
  }
  %x = test.reflect_bounds %r : i32
  %sel = arith.select %cond, %r, %c5 : i32
  %y = test.reflect_bounds %sel : i32
  return %y : i32
}
`,
    stdout: `module {
  func.func @ceildiv_int_min() -> (index, i8) {
    %0 = "test.constant"() <{value = 3 : i8}> : () -> i8
    %c-4611686018427387904 = arith.constant -4611686018427387904 : index
    %1 = "test.constant"() <{value = -4611686018427387904 : index}> : () -> index
    %2 = test.reflect_bounds {smax = -4611686018427387904 : index, smin = -4611686018427387904 : index, umax = -4611686018427387904 : index, umin = -4611686018427387904 : index} %c-4611686018427387904 : index
    %3 = test.with_bounds {smax = 0 : i8, smin = -128 : i8, umax = -1 : i8, umin = 0 : i8} : i8
    %4 = arith.ceildivsi %3, %0 : i8
    %5 = test.reflect_bounds {smax = 0 : si8, smin = -42 : si8, umax = 255 : ui8, umin = 0 : ui8} %4 : i8
    return %1, %5 : index, i8
  }
  func.func @reduction(%arg0: i1, %arg1: i32) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c5_i32 = arith.constant 5 : i32
    %0 = scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) init (%arg1) -> i32 {
      %4 = arith.index_cast %arg2 : index to i32
      scf.reduce(%4 : i32) {
      ^bb0(%arg3: i32, %arg4: i32):
        %5 = arith.addi %arg3, %arg4 : i32
        scf.reduce.return %5 : i32
      }
    }
    %1 = test.reflect_bounds {smax = 2147483647 : si32, smin = -2147483648 : si32, umax = 4294967295 : ui32, umin = 0 : ui32} %0 : i32
    %2 = arith.select %arg0, %0, %c5_i32 : i32
    %3 = test.reflect_bounds {smax = 2147483647 : si32, smin = -2147483648 : si32, umax = 4294967295 : ui32, umin = 0 : ui32} %2 : i32
    return %3 : i32
  }
}

`,
  },
  {
    name: 'MLIR 22 crashes: signed division by a divisor with an empty range',
    args: ['--int-range-optimizations'],
    input: `func.func @main(%a: i64, %b: i64) -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %c9 = arith.constant 9 : i64
  %b0 = arith.maxsi %b, %one : i64
  %b1 = arith.minsi %b0, %c9 : i64
  %d = arith.subi %z, %b1 overflow<nsw,nuw> : i64
  %q = arith.divsi %a, %d : i64
  return %q : i64
}
`,
    stdout: `module {
  func.func @main(%arg0: i64, %arg1: i64) -> i64 {
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c9_i64 = arith.constant 9 : i64
    %0 = arith.maxsi %arg1, %c1_i64 : i64
    %1 = arith.minsi %0, %c9_i64 : i64
    %2 = arith.subi %c0_i64, %1 overflow<nsw, nuw> : i64
    %3 = arith.divsi %arg0, %2 : i64
    return %3 : i64
  }
}

`,
  },
];

testDeviations(DEVIATIONS);
