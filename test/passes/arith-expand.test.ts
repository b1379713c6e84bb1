// arith-expand against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with mlir-opt 22's for the same input, run
// live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "integer min/max and vector ceildivsi",
    args: ["--arith-expand"],
    input: `func.func @a(%a: i32, %b: i32, %v: vector<4xi8>, %w: vector<4xi8>) -> (i32, i32, i32, i32, vector<4xi8>) {
  %0 = arith.maxsi %a, %b : i32
  %1 = arith.maxui %a, %b : i32
  %2 = arith.minsi %a, %b : i32
  %3 = arith.minui %a, %b : i32
  %4 = arith.ceildivsi %v, %w : vector<4xi8>
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, vector<4xi8>
}
`,
  },
  {
    name: "float min/max (NaN handling, fastmath kept on the float op only)",
    args: ["--arith-expand"],
    input: `func.func @b(%a: f32, %b: f32, %c: vector<2xf64>) -> (f32, f32, vector<2xf64>) {
  %0 = arith.minnumf %a, %b fastmath<nnan> : f32
  %1 = arith.maxnumf %a, %b : f32
  %2 = arith.minimumf %c, %c : vector<2xf64>
  return %0, %1, %2 : f32, f32, vector<2xf64>
}
`,
  },
  {
    name: "illegal ops with constant operands fold first",
    args: ["--arith-expand"],
    input: `func.func @c() -> (i32, i32, index) {
  %c7 = arith.constant 7 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.ceildivsi %c7, %c2 : i32
  %1 = arith.floordivsi %c7, %c2 : i32
  %i = arith.constant 5 : index
  %j = arith.constant 3 : index
  %2 = arith.ceildivui %i, %j : index
  return %0, %1, %2 : i32, i32, index
}
`,
  },
  {
    name: "f8E8M0FNU conversions (include-f8e8m0=true)",
    args: ["--arith-expand=include-f8e8m0=true"],
    input: `func.func @e(%x: f8E8M0FNU, %y: f32, %z: f16, %w: f64, %v: vector<2xf8E8M0FNU>) -> (f32, f8E8M0FNU, f8E8M0FNU, f16, f64, f8E8M0FNU, vector<2xf32>) {
  %0 = arith.extf %x : f8E8M0FNU to f32
  %1 = arith.truncf %y : f32 to f8E8M0FNU
  %2 = arith.truncf %z fastmath<fast> : f16 to f8E8M0FNU
  %3 = arith.extf %x fastmath<contract> : f8E8M0FNU to f16
  %4 = arith.extf %x : f8E8M0FNU to f64
  %5 = arith.truncf %w : f64 to f8E8M0FNU
  %6 = arith.extf %v : vector<2xf8E8M0FNU> to vector<2xf32>
  return %0, %1, %2, %3, %4, %5, %6 : f32, f8E8M0FNU, f8E8M0FNU, f16, f64, f8E8M0FNU, vector<2xf32>
}
`,
  },
  {
    name: "f4E2M1FN conversions (include-f4e2m1=true)",
    args: ["--arith-expand=include-f4e2m1=true"],
    input: `func.func @f(%x: f4E2M1FN, %y: f32, %z: bf16, %w: vector<2xf4E2M1FN>, %u: f64) -> (f32, f4E2M1FN, f4E2M1FN, bf16, vector<2xf32>, f16, f4E2M1FN) {
  %0 = arith.extf %x : f4E2M1FN to f32
  %1 = arith.truncf %y : f32 to f4E2M1FN
  %2 = arith.truncf %z : bf16 to f4E2M1FN
  %3 = arith.extf %x : f4E2M1FN to bf16
  %4 = arith.extf %w : vector<2xf4E2M1FN> to vector<2xf32>
  %5 = arith.extf %x : f4E2M1FN to f16
  %6 = arith.truncf %u : f64 to f4E2M1FN
  return %0, %1, %2, %3, %4, %5, %6 : f32, f4E2M1FN, f4E2M1FN, bf16, vector<2xf32>, f16, f4E2M1FN
}
`,
  },
  {
    name: "f4E2M1FN conversions (include-bf16=true include-f4e2m1=true)",
    args: ["--arith-expand=include-bf16=true include-f4e2m1=true"],
    input: `func.func @f(%x: f4E2M1FN, %y: f32, %z: bf16, %w: vector<2xf4E2M1FN>, %u: f64) -> (f32, f4E2M1FN, f4E2M1FN, bf16, vector<2xf32>, f16, f4E2M1FN) {
  %0 = arith.extf %x : f4E2M1FN to f32
  %1 = arith.truncf %y : f32 to f4E2M1FN
  %2 = arith.truncf %z : bf16 to f4E2M1FN
  %3 = arith.extf %x : f4E2M1FN to bf16
  %4 = arith.extf %w : vector<2xf4E2M1FN> to vector<2xf32>
  %5 = arith.extf %x : f4E2M1FN to f16
  %6 = arith.truncf %u : f64 to f4E2M1FN
  return %0, %1, %2, %3, %4, %5, %6 : f32, f4E2M1FN, f4E2M1FN, bf16, vector<2xf32>, f16, f4E2M1FN
}
`,
  },
  {
    name: "scaling_extf and scaling_truncf",
    args: ["--arith-expand"],
    input: `func.func @g(%x: f8E4M3FN, %s: f8E8M0FNU, %t: f32, %u: f16, %y: f32, %v: vector<4xf4E2M1FN>, %vs: vector<4xf8E8M0FNU>) -> (f32, f32, f32, f8E4M3FN, f8E4M3FN, vector<4xf32>) {
  %0 = arith.scaling_extf %x, %s : f8E4M3FN, f8E8M0FNU to f32
  %1 = arith.scaling_extf %x, %t fastmath<fast> : f8E4M3FN, f32 to f32
  %2 = arith.scaling_extf %x, %u : f8E4M3FN, f16 to f32
  %3 = arith.scaling_truncf %y, %s : f32, f8E8M0FNU to f8E4M3FN
  %4 = arith.scaling_truncf %y, %t to_nearest_even : f32, f32 to f8E4M3FN
  %5 = arith.scaling_extf %v, %vs : vector<4xf4E2M1FN>, vector<4xf8E8M0FNU> to vector<4xf32>
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f8E4M3FN, f8E4M3FN, vector<4xf32>
}
`,
  },
  {
    name: "scaling_extf and scaling_truncf (include-f8e8m0=true include-f4e2m1=true; extf(truncf) with contract folds away)",
    args: ["--arith-expand=include-f8e8m0=true include-f4e2m1=true"],
    input: `func.func @g(%x: f8E4M3FN, %s: f8E8M0FNU, %t: f32, %u: f16, %y: f32, %v: vector<4xf4E2M1FN>, %vs: vector<4xf8E8M0FNU>) -> (f32, f32, f32, f8E4M3FN, f8E4M3FN, vector<4xf32>) {
  %0 = arith.scaling_extf %x, %s : f8E4M3FN, f8E8M0FNU to f32
  %1 = arith.scaling_extf %x, %t fastmath<fast> : f8E4M3FN, f32 to f32
  %2 = arith.scaling_extf %x, %u : f8E4M3FN, f16 to f32
  %3 = arith.scaling_truncf %y, %s : f32, f8E8M0FNU to f8E4M3FN
  %4 = arith.scaling_truncf %y, %t to_nearest_even : f32, f32 to f8E4M3FN
  %5 = arith.scaling_extf %v, %vs : vector<4xf4E2M1FN>, vector<4xf8E8M0FNU> to vector<4xf32>
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f8E4M3FN, f8E4M3FN, vector<4xf32>
}
`,
  },
  {
    name: "bf16 conversions",
    args: ["--arith-expand=include-bf16=true"],
    input: `func.func @d(%x: bf16, %y: f32, %z: vector<3xbf16>, %w: f64) -> (f32, bf16, vector<3xf32>, bf16, f64, bf16) {
  %0 = arith.extf %x : bf16 to f32
  %1 = arith.truncf %y : f32 to bf16
  %2 = arith.extf %z : vector<3xbf16> to vector<3xf32>
  %3 = arith.truncf %y : f32 to bf16
  %4 = arith.extf %x : bf16 to f64
  %5 = arith.truncf %w : f64 to bf16
  return %0, %1, %2, %3, %4, %5 : f32, bf16, vector<3xf32>, bf16, f64, bf16
}
`,
  },
  {
    name: "a scale that cannot become f8E8M0FNU is not legalized",
    args: ["--arith-expand"],
    input: `func.func @h(%x: f8E4M3FN, %s: f8E5M2) -> f32 {
  %0 = arith.scaling_extf %x, %s : f8E4M3FN, f8E5M2 to f32
  return %0 : f32
}
`,
  },
  {
    name: "a bf16 truncf with a rounding mode is not legalized (the note counts the replaced ops still in place)",
    args: ["--arith-expand=include-bf16=true"],
    input: `func.func @d(%x: bf16, %y: f32, %z: vector<3xbf16>, %w: f64) -> (f32, bf16, vector<3xf32>, bf16, f64, bf16) {
  %0 = arith.extf %x : bf16 to f32
  %1 = arith.truncf %y : f32 to bf16
  %2 = arith.extf %z : vector<3xbf16> to vector<3xf32>
  %3 = arith.truncf %y to_nearest_away : f32 to bf16
  %4 = arith.extf %x : bf16 to f64
  %5 = arith.truncf %w : f64 to bf16
  return %0, %1, %2, %3, %4, %5 : f32, bf16, vector<3xf32>, bf16, f64, bf16
}
`,
  },
  {
    name: "expand-ops corpus file",
    args: ["-arith-expand=include-bf16=true", "-split-input-file"],
    input: `// RUN: mlir-opt %s -arith-expand="include-bf16=true" -split-input-file | FileCheck %s

// Test ceil divide with signed integer
// CHECK-LABEL:       func @ceildivi
// CHECK-SAME:     ([[ARG0:%.+]]: i32, [[ARG1:%.+]]: i32) -> i32 {
func.func @ceildivi(%arg0: i32, %arg1: i32) -> (i32) {
  %res = arith.ceildivsi %arg0, %arg1 : i32
  return %res : i32

// CHECK:           [[ONE:%.+]] = arith.constant 1 : i32
// CHECK:           [[ZERO:%.+]] = arith.constant 0 : i32
// CHECK:           [[MINONE:%.+]] = arith.constant -1 : i32
// CHECK:           [[CMP1:%.+]] = arith.cmpi sgt, [[ARG1]], [[ZERO]] : i32
// CHECK:           [[X:%.+]] = arith.select [[CMP1]], [[MINONE]], [[ONE]] : i32
// CHECK:           [[TRUE1:%.+]] = arith.addi [[X]], [[ARG0]] : i32
// CHECK:           [[TRUE2:%.+]] = arith.divsi [[TRUE1]], [[ARG1]] : i32
// CHECK:           [[TRUE3:%.+]] = arith.addi [[ONE]], [[TRUE2]] : i32
// CHECK:           [[FALSE1:%.+]] = arith.subi [[ZERO]], [[ARG0]] : i32
// CHECK:           [[FALSE2:%.+]] = arith.divsi [[FALSE1]], [[ARG1]] : i32
// CHECK:           [[FALSE3:%.+]] = arith.subi [[ZERO]], [[FALSE2]] : i32
// CHECK:           [[NNEG:%.+]] = arith.cmpi slt, [[ARG0]], [[ZERO]] : i32
// CHECK:           [[NPOS:%.+]] = arith.cmpi sgt, [[ARG0]], [[ZERO]] : i32
// CHECK:           [[MNEG:%.+]] = arith.cmpi slt, [[ARG1]], [[ZERO]] : i32
// CHECK:           [[MPOS:%.+]] = arith.cmpi sgt, [[ARG1]], [[ZERO]] : i32
// CHECK:           [[TERM1:%.+]] = arith.andi [[NNEG]], [[MNEG]] : i1
// CHECK:           [[TERM2:%.+]] = arith.andi [[NPOS]], [[MPOS]] : i1
// CHECK:           [[CMP2:%.+]] = arith.ori [[TERM1]], [[TERM2]] : i1
// CHECK:           [[RES:%.+]] = arith.select [[CMP2]], [[TRUE3]], [[FALSE3]] : i32
}

// -----

// Test ceil divide with index type
// CHECK-LABEL:       func @ceildivi_index
// CHECK-SAME:     ([[ARG0:%.+]]: index, [[ARG1:%.+]]: index) -> index {
func.func @ceildivi_index(%arg0: index, %arg1: index) -> (index) {
  %res = arith.ceildivsi %arg0, %arg1 : index
  return %res : index

// CHECK:           [[ONE:%.+]] = arith.constant 1 : index
// CHECK:           [[ZERO:%.+]] = arith.constant 0 : index
// CHECK:           [[MINONE:%.+]] = arith.constant -1 : index
// CHECK:           [[CMP1:%.+]] = arith.cmpi sgt, [[ARG1]], [[ZERO]] : index
// CHECK:           [[X:%.+]] = arith.select [[CMP1]], [[MINONE]], [[ONE]] : index
// CHECK:           [[TRUE1:%.+]] = arith.addi [[X]], [[ARG0]] : index
// CHECK:           [[TRUE2:%.+]] = arith.divsi [[TRUE1]], [[ARG1]] : index
// CHECK:           [[TRUE3:%.+]] = arith.addi [[ONE]], [[TRUE2]] : index
// CHECK:           [[FALSE1:%.+]] = arith.subi [[ZERO]], [[ARG0]] : index
// CHECK:           [[FALSE2:%.+]] = arith.divsi [[FALSE1]], [[ARG1]] : index
// CHECK:           [[FALSE3:%.+]] = arith.subi [[ZERO]], [[FALSE2]] : index
// CHECK:           [[NNEG:%.+]] = arith.cmpi slt, [[ARG0]], [[ZERO]] : index
// CHECK:           [[NPOS:%.+]] = arith.cmpi sgt, [[ARG0]], [[ZERO]] : index
// CHECK:           [[MNEG:%.+]] = arith.cmpi slt, [[ARG1]], [[ZERO]] : index
// CHECK:           [[MPOS:%.+]] = arith.cmpi sgt, [[ARG1]], [[ZERO]] : index
// CHECK:           [[TERM1:%.+]] = arith.andi [[NNEG]], [[MNEG]] : i1
// CHECK:           [[TERM2:%.+]] = arith.andi [[NPOS]], [[MPOS]] : i1
// CHECK:           [[CMP2:%.+]] = arith.ori [[TERM1]], [[TERM2]] : i1
// CHECK:           [[RES:%.+]] = arith.select [[CMP2]], [[TRUE3]], [[FALSE3]] : index
}

// -----

// Test floor divide with signed integer
// CHECK-LABEL:       func @floordivi
// CHECK-SAME:     ([[ARG0:%.+]]: i32, [[ARG1:%.+]]: i32) -> i32 {
func.func @floordivi(%arg0: i32, %arg1: i32) -> (i32) {
  %res = arith.floordivsi %arg0, %arg1 : i32
  return %res : i32
// CHECK:           [[ONE:%.+]] = arith.constant 1 : i32
// CHECK:           [[ZERO:%.+]] = arith.constant 0 : i32
// CHECK:           [[MIN1:%.+]] = arith.constant -1 : i32
// CHECK:           [[CMP1:%.+]] = arith.cmpi slt, [[ARG1]], [[ZERO]] : i32
// CHECK:           [[X:%.+]] = arith.select [[CMP1]], [[ONE]], [[MIN1]] : i32
// CHECK:           [[TRUE1:%.+]] = arith.subi [[X]], [[ARG0]] : i32
// CHECK:           [[TRUE2:%.+]] = arith.divsi [[TRUE1]], [[ARG1]] : i32
// CHECK:           [[TRUE3:%.+]] = arith.subi [[MIN1]], [[TRUE2]] : i32
// CHECK:           [[FALSE:%.+]] = arith.divsi [[ARG0]], [[ARG1]] : i32
// CHECK:           [[NNEG:%.+]] = arith.cmpi slt, [[ARG0]], [[ZERO]] : i32
// CHECK:           [[NPOS:%.+]] = arith.cmpi sgt, [[ARG0]], [[ZERO]] : i32
// CHECK:           [[MNEG:%.+]] = arith.cmpi slt, [[ARG1]], [[ZERO]] : i32
// CHECK:           [[MPOS:%.+]] = arith.cmpi sgt, [[ARG1]], [[ZERO]] : i32
// CHECK:           [[TERM1:%.+]] = arith.andi [[NNEG]], [[MPOS]] : i1
// CHECK:           [[TERM2:%.+]] = arith.andi [[NPOS]], [[MNEG]] : i1
// CHECK:           [[CMP2:%.+]] = arith.ori [[TERM1]], [[TERM2]] : i1
// CHECK:           [[RES:%.+]] = arith.select [[CMP2]], [[TRUE3]], [[FALSE]] : i32
}

// -----

// Test floor divide with index type
// CHECK-LABEL:       func @floordivi_index
// CHECK-SAME:     ([[ARG0:%.+]]: index, [[ARG1:%.+]]: index) -> index {
func.func @floordivi_index(%arg0: index, %arg1: index) -> (index) {
  %res = arith.floordivsi %arg0, %arg1 : index
  return %res : index
// CHECK:           [[ONE:%.+]] = arith.constant 1 : index
// CHECK:           [[ZERO:%.+]] = arith.constant 0 : index
// CHECK:           [[MIN1:%.+]] = arith.constant -1 : index
// CHECK:           [[CMP1:%.+]] = arith.cmpi slt, [[ARG1]], [[ZERO]] : index
// CHECK:           [[X:%.+]] = arith.select [[CMP1]], [[ONE]], [[MIN1]] : index
// CHECK:           [[TRUE1:%.+]] = arith.subi [[X]], [[ARG0]] : index
// CHECK:           [[TRUE2:%.+]] = arith.divsi [[TRUE1]], [[ARG1]] : index
// CHECK:           [[TRUE3:%.+]] = arith.subi [[MIN1]], [[TRUE2]] : index
// CHECK:           [[FALSE:%.+]] = arith.divsi [[ARG0]], [[ARG1]] : index
// CHECK:           [[NNEG:%.+]] = arith.cmpi slt, [[ARG0]], [[ZERO]] : index
// CHECK:           [[NPOS:%.+]] = arith.cmpi sgt, [[ARG0]], [[ZERO]] : index
// CHECK:           [[MNEG:%.+]] = arith.cmpi slt, [[ARG1]], [[ZERO]] : index
// CHECK:           [[MPOS:%.+]] = arith.cmpi sgt, [[ARG1]], [[ZERO]] : index
// CHECK:           [[TERM1:%.+]] = arith.andi [[NNEG]], [[MPOS]] : i1
// CHECK:           [[TERM2:%.+]] = arith.andi [[NPOS]], [[MNEG]] : i1
// CHECK:           [[CMP2:%.+]] = arith.ori [[TERM1]], [[TERM2]] : i1
// CHECK:           [[RES:%.+]] = arith.select [[CMP2]], [[TRUE3]], [[FALSE]] : index
}

// -----

// Test floor divide with vector
// CHECK-LABEL:   func.func @floordivi_vec(
// CHECK-SAME:                             %[[VAL_0:.*]]: vector<4xi32>,
// CHECK-SAME:                             %[[VAL_1:.*]]: vector<4xi32>) -> vector<4xi32> {
func.func @floordivi_vec(%arg0: vector<4xi32>, %arg1: vector<4xi32>) -> (vector<4xi32>) {
  %res = arith.floordivsi %arg0, %arg1 : vector<4xi32>
  return %res : vector<4xi32>
// CHECK:           %[[VAL_2:.*]] = arith.constant dense<1> : vector<4xi32>
// CHECK:           %[[VAL_3:.*]] = arith.constant dense<0> : vector<4xi32>
// CHECK:           %[[VAL_4:.*]] = arith.constant dense<-1> : vector<4xi32>
// CHECK:           %[[VAL_5:.*]] = arith.cmpi slt, %[[VAL_1]], %[[VAL_3]] : vector<4xi32>
// CHECK:           %[[VAL_6:.*]] = arith.select %[[VAL_5]], %[[VAL_2]], %[[VAL_4]] : vector<4xi1>, vector<4xi32>
// CHECK:           %[[VAL_7:.*]] = arith.subi %[[VAL_6]], %[[VAL_0]] : vector<4xi32>
// CHECK:           %[[VAL_8:.*]] = arith.divsi %[[VAL_7]], %[[VAL_1]] : vector<4xi32>
// CHECK:           %[[VAL_9:.*]] = arith.subi %[[VAL_4]], %[[VAL_8]] : vector<4xi32>
// CHECK:           %[[VAL_10:.*]] = arith.divsi %[[VAL_0]], %[[VAL_1]] : vector<4xi32>
// CHECK:           %[[VAL_11:.*]] = arith.cmpi slt, %[[VAL_0]], %[[VAL_3]] : vector<4xi32>
// CHECK:           %[[VAL_12:.*]] = arith.cmpi sgt, %[[VAL_0]], %[[VAL_3]] : vector<4xi32>
// CHECK:           %[[VAL_13:.*]] = arith.cmpi slt, %[[VAL_1]], %[[VAL_3]] : vector<4xi32>
// CHECK:           %[[VAL_14:.*]] = arith.cmpi sgt, %[[VAL_1]], %[[VAL_3]] : vector<4xi32>
// CHECK:           %[[VAL_15:.*]] = arith.andi %[[VAL_11]], %[[VAL_14]] : vector<4xi1>
// CHECK:           %[[VAL_16:.*]] = arith.andi %[[VAL_12]], %[[VAL_13]] : vector<4xi1>
// CHECK:           %[[VAL_17:.*]] = arith.ori %[[VAL_15]], %[[VAL_16]] : vector<4xi1>
// CHECK:           %[[VAL_18:.*]] = arith.select %[[VAL_17]], %[[VAL_9]], %[[VAL_10]] : vector<4xi1>, vector<4xi32>
}

// -----

// Test ceil divide with unsigned integer
// CHECK-LABEL:       func @ceildivui
// CHECK-SAME:     ([[ARG0:%.+]]: i32, [[ARG1:%.+]]: i32) -> i32 {
func.func @ceildivui(%arg0: i32, %arg1: i32) -> (i32) {
  %res = arith.ceildivui %arg0, %arg1 : i32
  return %res : i32
// CHECK:           [[ZERO:%.+]] = arith.constant 0 : i32
// CHECK:           [[ISZERO:%.+]] = arith.cmpi eq, %arg0, [[ZERO]] : i32
// CHECK:           [[ONE:%.+]] = arith.constant 1 : i32
// CHECK:           [[SUB:%.+]] = arith.subi %arg0, [[ONE]] : i32
// CHECK:           [[DIV:%.+]] = arith.divui [[SUB]], %arg1 : i32
// CHECK:           [[REM:%.+]] = arith.addi [[DIV]], [[ONE]] : i32
// CHECK:           [[RES:%.+]] = arith.select [[ISZERO]], [[ZERO]], [[REM]] : i32
}

// -----

// Test unsigned ceil divide with index
// CHECK-LABEL:       func @ceildivui_index
// CHECK-SAME:     ([[ARG0:%.+]]: index, [[ARG1:%.+]]: index) -> index {
func.func @ceildivui_index(%arg0: index, %arg1: index) -> (index) {
  %res = arith.ceildivui %arg0, %arg1 : index
  return %res : index
// CHECK:           [[ZERO:%.+]] = arith.constant 0 : index
// CHECK:           [[ISZERO:%.+]] = arith.cmpi eq, %arg0, [[ZERO]] : index
// CHECK:           [[ONE:%.+]] = arith.constant 1 : index
// CHECK:           [[SUB:%.+]] = arith.subi %arg0, [[ONE]] : index
// CHECK:           [[DIV:%.+]] = arith.divui [[SUB]], %arg1 : index
// CHECK:           [[REM:%.+]] = arith.addi [[DIV]], [[ONE]] : index
// CHECK:           [[RES:%.+]] = arith.select [[ISZERO]], [[ZERO]], [[REM]] : index
}

// -----

// CHECK-LABEL: func @maximumf
func.func @maximumf(%a: f32, %b: f32) -> f32 {
  %result = arith.maximumf %a, %b : f32
  return %result : f32
}
// CHECK-SAME: %[[LHS:.*]]: f32, %[[RHS:.*]]: f32)
// CHECK-NEXT: %[[CMP:.*]] = arith.cmpf ugt, %[[LHS]], %[[RHS]] : f32
// CHECK-NEXT: %[[SELECT:.*]] = arith.select %[[CMP]], %[[LHS]], %[[RHS]] : f32
// CHECK-NEXT: %[[IS_NAN:.*]] = arith.cmpf uno, %[[RHS]], %[[RHS]] : f32
// CHECK-NEXT: %[[RESULT:.*]] = arith.select %[[IS_NAN]], %[[RHS]], %[[SELECT]] : f32
// CHECK-NEXT: return %[[RESULT]] : f32

// -----

// CHECK-LABEL: func @maximumf_vector
func.func @maximumf_vector(%a: vector<4xf16>, %b: vector<4xf16>) -> vector<4xf16> {
  %result = arith.maximumf %a, %b : vector<4xf16>
  return %result : vector<4xf16>
}
// CHECK-SAME: %[[LHS:.*]]: vector<4xf16>, %[[RHS:.*]]: vector<4xf16>)
// CHECK-NEXT: %[[CMP:.*]] = arith.cmpf ugt, %[[LHS]], %[[RHS]] : vector<4xf16>
// CHECK-NEXT: %[[SELECT:.*]] = arith.select %[[CMP]], %[[LHS]], %[[RHS]]
// CHECK-NEXT: %[[IS_NAN:.*]] = arith.cmpf uno, %[[RHS]], %[[RHS]] : vector<4xf16>
// CHECK-NEXT: %[[RESULT:.*]] = arith.select %[[IS_NAN]], %[[RHS]], %[[SELECT]]
// CHECK-NEXT: return %[[RESULT]] : vector<4xf16>

// -----

// CHECK-LABEL: func @maxnumf
func.func @maxnumf(%a: f32, %b: f32) -> f32 {
  %result = arith.maxnumf %a, %b : f32
  return %result : f32
}

// CHECK-SAME: %[[LHS:.*]]: f32, %[[RHS:.*]]: f32)
// CHECK-NEXT: %[[CMP:.*]] = arith.cmpf ugt, %[[LHS]], %[[RHS]] : f32
// CHECK-NEXT: %[[SELECT:.*]] = arith.select %[[CMP]], %[[LHS]], %[[RHS]] : f32
// CHECK-NEXT: %[[IS_NAN:.*]] = arith.cmpf uno, %[[LHS]], %[[LHS]] : f32
// CHECK-NEXT: %[[RESULT:.*]] = arith.select %[[IS_NAN]], %[[RHS]], %[[SELECT]] : f32
// CHECK-NEXT: return %[[RESULT]] : f32

// -----

// CHECK-LABEL: func @minimumf
func.func @minimumf(%a: f32, %b: f32) -> f32 {
  %result = arith.minimumf %a, %b : f32
  return %result : f32
}

// CHECK-SAME: %[[LHS:.*]]: f32, %[[RHS:.*]]: f32)
// CHECK-NEXT: %[[CMP:.*]] = arith.cmpf ult, %[[LHS]], %[[RHS]] : f32
// CHECK-NEXT: %[[SELECT:.*]] = arith.select %[[CMP]], %[[LHS]], %[[RHS]] : f32
// CHECK-NEXT: %[[IS_NAN:.*]] = arith.cmpf uno, %[[RHS]], %[[RHS]] : f32
// CHECK-NEXT: %[[RESULT:.*]] = arith.select %[[IS_NAN]], %[[RHS]], %[[SELECT]] : f32
// CHECK-NEXT: return %[[RESULT]] : f32

// -----

// CHECK-LABEL: func @minnumf
func.func @minnumf(%a: f32, %b: f32) -> f32 {
  %result = arith.minnumf %a, %b : f32
  return %result : f32
}

// CHECK-SAME: %[[LHS:.*]]: f32, %[[RHS:.*]]: f32)
// CHECK-NEXT: %[[CMP:.*]] = arith.cmpf ult, %[[LHS]], %[[RHS]] : f32
// CHECK-NEXT: %[[SELECT:.*]] = arith.select %[[CMP]], %[[LHS]], %[[RHS]] : f32
// CHECK-NEXT: %[[IS_NAN:.*]] = arith.cmpf uno, %[[LHS]], %[[LHS]] : f32
// CHECK-NEXT: %[[RESULT:.*]] = arith.select %[[IS_NAN]], %[[RHS]], %[[SELECT]] : f32
// CHECK-NEXT: return %[[RESULT]] : f32

// -----

func.func @truncf_f32(%arg0 : f32) -> bf16 {
    %0 = arith.truncf %arg0 : f32 to bf16
    return %0 : bf16
}

// CHECK-LABEL: @truncf_f32
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : i32
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : i32
// CHECK-DAG: %[[C7FC0_i16:.+]] = arith.constant 32704 : i16
// CHECK-DAG: %[[C7FFF:.+]] = arith.constant 32767 : i32
// CHECK-DAG: %[[ISNAN:.+]] = arith.cmpf une, %arg0, %arg0 : f32
// CHECK-DAG: %[[BITCAST:.+]] = arith.bitcast %arg0 : f32 to i32
// CHECK-DAG: %[[SHRUI:.+]] = arith.shrui %[[BITCAST]], %[[C16]] : i32
// CHECK-DAG: %[[BIT16:.+]] = arith.andi %[[SHRUI]], %[[C1]] : i32
// CHECK-DAG: %[[ROUNDING_BIAS:.+]] = arith.addi %[[BIT16]], %[[C7FFF]] : i32
// CHECK-DAG: %[[BIASED:.+]] = arith.addi %[[BITCAST]], %[[ROUNDING_BIAS]] : i32
// CHECK-DAG: %[[BIASED_SHIFTED:.+]] = arith.shrui %[[BIASED]], %[[C16]] : i32
// CHECK-DAG: %[[NORMAL_CASE_RESULT_i16:.+]] = arith.trunci %[[BIASED_SHIFTED]] : i32 to i16
// CHECK-DAG: %[[SELECT:.+]] = arith.select %[[ISNAN]], %[[C7FC0_i16]], %[[NORMAL_CASE_RESULT_i16]] : i16
// CHECK-DAG: %[[RESULT:.+]] = arith.bitcast %[[SELECT]] : i16 to bf16
// CHECK: return %[[RESULT]]

// -----

func.func @truncf_vector_f32(%arg0 : vector<4xf32>) -> vector<4xbf16> {
    %0 = arith.truncf %arg0 : vector<4xf32> to vector<4xbf16>
    return %0 : vector<4xbf16>
}

// CHECK-LABEL: @truncf_vector_f32
// CHECK-NOT: arith.truncf
`,
  },
  {
    // MLIR's conversion driver folds every op that is not legal, unknown
    // ones too (math, index, scf here), before trying patterns: a fold to a
    // legal constant stays, one to a constant that cannot be legalized is
    // undone, an in-place fold (a commutative op's constant moved last, an
    // scf.if on a negated condition) stays.
    name: 'arith-expand folds ops of unknown legality (math.absi of a constant, index.add in place, scf.if on xori true)',
    args: ['--arith-expand'],
    input: `func.func @f(%x: i32, %i: index, %c: i1) -> (i32, i32, index, index, i32) {
  %k = arith.constant -5 : i32
  %a = math.absi %k : i32
  %b = math.absi %x : i32
  %c1 = index.constant 1
  %c2 = index.constant 2
  %s = index.add %c1, %c2
  %t = index.add %c1, %i
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  %r = scf.if %n -> i32 {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  } else {
    scf.yield %x : i32
  }
  return %a, %b, %s, %t, %r : i32, i32, index, index, i32
}
`,
  },
  {
    name: 'arith-expand --mlir-print-value-users: an op that does not fold has its operand uses re-linked (the cancelled modification)',
    args: ['--arith-expand', '--allow-unregistered-dialect', '--mlir-print-value-users'],
    input: `func.func @f(%x: i32, %c: i1) -> i32 {
  "test.r"(%c) ({
    "test.a"(%c) : (i1) -> ()
  }) : (i1) -> ()
  %v = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.if %c {
      "test.foo"(%x) : (i32) -> ()
    }
    scf.yield %x : i32
  }
  return %v : i32
}
`,
  },
];

testOptCases(CASES);
