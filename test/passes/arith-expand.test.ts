// arith-expand against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with what /usr/lib/llvm-22/bin/mlir-opt
// printed (written here literally).

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
    stdout: `module {
  func.func @a(%arg0: i32, %arg1: i32, %arg2: vector<4xi8>, %arg3: vector<4xi8>) -> (i32, i32, i32, i32, vector<4xi8>) {
    %0 = arith.cmpi sgt, %arg0, %arg1 : i32
    %1 = arith.select %0, %arg0, %arg1 : i32
    %2 = arith.cmpi ugt, %arg0, %arg1 : i32
    %3 = arith.select %2, %arg0, %arg1 : i32
    %4 = arith.cmpi slt, %arg0, %arg1 : i32
    %5 = arith.select %4, %arg0, %arg1 : i32
    %6 = arith.cmpi ult, %arg0, %arg1 : i32
    %7 = arith.select %6, %arg0, %arg1 : i32
    %cst = arith.constant dense<0> : vector<4xi8>
    %cst_0 = arith.constant dense<1> : vector<4xi8>
    %8 = arith.divsi %arg2, %arg3 : vector<4xi8>
    %9 = arith.muli %8, %arg3 : vector<4xi8>
    %10 = arith.cmpi ne, %arg2, %9 : vector<4xi8>
    %11 = arith.cmpi slt, %arg2, %cst : vector<4xi8>
    %12 = arith.cmpi slt, %arg3, %cst : vector<4xi8>
    %13 = arith.cmpi eq, %11, %12 : vector<4xi1>
    %14 = arith.andi %10, %13 : vector<4xi1>
    %15 = arith.addi %8, %cst_0 : vector<4xi8>
    %16 = arith.select %14, %15, %8 : vector<4xi1>, vector<4xi8>
    return %1, %3, %5, %7, %16 : i32, i32, i32, i32, vector<4xi8>
  }
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
    stdout: `module {
  func.func @b(%arg0: f32, %arg1: f32, %arg2: vector<2xf64>) -> (f32, f32, vector<2xf64>) {
    %0 = arith.cmpf ult, %arg0, %arg1 : f32
    %1 = arith.select %0, %arg0, %arg1 : f32
    %2 = arith.cmpf uno, %arg0, %arg0 : f32
    %3 = arith.select %2, %arg1, %1 : f32
    %4 = arith.cmpf ugt, %arg0, %arg1 : f32
    %5 = arith.select %4, %arg0, %arg1 : f32
    %6 = arith.cmpf uno, %arg0, %arg0 : f32
    %7 = arith.select %6, %arg1, %5 : f32
    return %3, %7, %arg2 : f32, f32, vector<2xf64>
  }
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
    stdout: `module {
  func.func @c() -> (i32, i32, index) {
    %c7_i32 = arith.constant 7 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    %c3_i32 = arith.constant 3 : i32
    %c5 = arith.constant 5 : index
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    return %c4_i32, %c3_i32, %c2 : i32, i32, index
  }
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
    stdout: `module {
  func.func @e(%arg0: f8E8M0FNU, %arg1: f32, %arg2: f16, %arg3: f64, %arg4: vector<2xf8E8M0FNU>) -> (f32, f8E8M0FNU, f8E8M0FNU, f16, f64, f8E8M0FNU, vector<2xf32>) {
    %0 = arith.bitcast %arg0 : f8E8M0FNU to i8
    %c-1_i8 = arith.constant -1 : i8
    %c-1_i32 = arith.constant -1 : i32
    %c23_i32 = arith.constant 23 : i32
    %1 = arith.extui %0 : i8 to i32
    %2 = arith.shli %1, %c23_i32 : i32
    %3 = arith.cmpi eq, %0, %c-1_i8 : i8
    %4 = arith.select %3, %c-1_i32, %2 : i32
    %5 = arith.bitcast %4 : i32 to f32
    %6 = arith.bitcast %arg1 : f32 to i32
    %c23_i32_0 = arith.constant 23 : i32
    %7 = arith.shrui %6, %c23_i32_0 : i32
    %8 = arith.trunci %7 : i32 to i8
    %9 = arith.bitcast %8 : i8 to f8E8M0FNU
    %10 = arith.extf %arg2 fastmath<fast> : f16 to f32
    %11 = arith.bitcast %10 : f32 to i32
    %c23_i32_1 = arith.constant 23 : i32
    %12 = arith.shrui %11, %c23_i32_1 : i32
    %13 = arith.trunci %12 : i32 to i8
    %14 = arith.bitcast %13 : i8 to f8E8M0FNU
    %15 = arith.bitcast %arg0 : f8E8M0FNU to i8
    %c-1_i8_2 = arith.constant -1 : i8
    %c-1_i32_3 = arith.constant -1 : i32
    %c23_i32_4 = arith.constant 23 : i32
    %16 = arith.extui %15 : i8 to i32
    %17 = arith.shli %16, %c23_i32_4 : i32
    %18 = arith.cmpi eq, %15, %c-1_i8_2 : i8
    %19 = arith.select %18, %c-1_i32_3, %17 : i32
    %20 = arith.bitcast %19 : i32 to f32
    %21 = arith.truncf %20 fastmath<contract> : f32 to f16
    %22 = arith.bitcast %arg0 : f8E8M0FNU to i8
    %c-1_i8_5 = arith.constant -1 : i8
    %c-1_i32_6 = arith.constant -1 : i32
    %c23_i32_7 = arith.constant 23 : i32
    %23 = arith.extui %22 : i8 to i32
    %24 = arith.shli %23, %c23_i32_7 : i32
    %25 = arith.cmpi eq, %22, %c-1_i8_5 : i8
    %26 = arith.select %25, %c-1_i32_6, %24 : i32
    %27 = arith.bitcast %26 : i32 to f32
    %28 = arith.extf %27 : f32 to f64
    %29 = arith.truncf %arg3 : f64 to f32
    %30 = arith.bitcast %29 : f32 to i32
    %c23_i32_8 = arith.constant 23 : i32
    %31 = arith.shrui %30, %c23_i32_8 : i32
    %32 = arith.trunci %31 : i32 to i8
    %33 = arith.bitcast %32 : i8 to f8E8M0FNU
    %34 = arith.bitcast %arg4 : vector<2xf8E8M0FNU> to vector<2xi8>
    %cst = arith.constant dense<-1> : vector<2xi8>
    %cst_9 = arith.constant dense<-1> : vector<2xi32>
    %cst_10 = arith.constant dense<23> : vector<2xi32>
    %35 = arith.extui %34 : vector<2xi8> to vector<2xi32>
    %36 = arith.shli %35, %cst_10 : vector<2xi32>
    %37 = arith.cmpi eq, %34, %cst : vector<2xi8>
    %38 = arith.select %37, %cst_9, %36 : vector<2xi1>, vector<2xi32>
    %39 = arith.bitcast %38 : vector<2xi32> to vector<2xf32>
    return %5, %9, %14, %21, %28, %33, %39 : f32, f8E8M0FNU, f8E8M0FNU, f16, f64, f8E8M0FNU, vector<2xf32>
  }
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
    stdout: ``,
    stderr: `<stdin>:8:8: error: 'arith.extf' op operand type 'f64' and result type 'f32' are cast incompatible
  %6 = arith.truncf %u : f64 to f4E2M1FN
       ^
<stdin>:8:8: note: see current operation: %219 = "arith.extf"(%arg4) : (f64) -> f32
`,
    code: 1,
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
    stdout: ``,
    stderr: `<stdin>:8:8: error: 'arith.extf' op operand type 'f64' and result type 'f32' are cast incompatible
  %6 = arith.truncf %u : f64 to f4E2M1FN
       ^
<stdin>:8:8: note: see current operation: %236 = "arith.extf"(%arg4) : (f64) -> f32
`,
    code: 1,
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
    stdout: `module {
  func.func @g(%arg0: f8E4M3FN, %arg1: f8E8M0FNU, %arg2: f32, %arg3: f16, %arg4: f32, %arg5: vector<4xf4E2M1FN>, %arg6: vector<4xf8E8M0FNU>) -> (f32, f32, f32, f8E4M3FN, f8E4M3FN, vector<4xf32>) {
    %0 = arith.extf %arg1 : f8E8M0FNU to f32
    %1 = arith.extf %arg0 : f8E4M3FN to f32
    %2 = arith.mulf %1, %0 : f32
    %3 = arith.truncf %arg2 fastmath<fast> : f32 to f8E8M0FNU
    %4 = arith.extf %3 fastmath<fast> : f8E8M0FNU to f32
    %5 = arith.extf %arg0 fastmath<fast> : f8E4M3FN to f32
    %6 = arith.mulf %5, %4 fastmath<fast> : f32
    %7 = arith.truncf %arg3 : f16 to f8E8M0FNU
    %8 = arith.extf %7 : f8E8M0FNU to f32
    %9 = arith.extf %arg0 : f8E4M3FN to f32
    %10 = arith.mulf %9, %8 : f32
    %11 = arith.extf %arg1 : f8E8M0FNU to f32
    %12 = arith.divf %arg4, %11 : f32
    %13 = arith.truncf %12 : f32 to f8E4M3FN
    %14 = arith.truncf %arg2 : f32 to f8E8M0FNU
    %15 = arith.extf %14 : f8E8M0FNU to f32
    %16 = arith.divf %arg4, %15 : f32
    %17 = arith.truncf %16 to_nearest_even : f32 to f8E4M3FN
    %18 = arith.extf %arg6 : vector<4xf8E8M0FNU> to vector<4xf32>
    %19 = arith.extf %arg5 : vector<4xf4E2M1FN> to vector<4xf32>
    %20 = arith.mulf %19, %18 : vector<4xf32>
    return %2, %6, %10, %13, %17, %20 : f32, f32, f32, f8E4M3FN, f8E4M3FN, vector<4xf32>
  }
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
    stdout: `module {
  func.func @g(%arg0: f8E4M3FN, %arg1: f8E8M0FNU, %arg2: f32, %arg3: f16, %arg4: f32, %arg5: vector<4xf4E2M1FN>, %arg6: vector<4xf8E8M0FNU>) -> (f32, f32, f32, f8E4M3FN, f8E4M3FN, vector<4xf32>) {
    %0 = arith.bitcast %arg1 : f8E8M0FNU to i8
    %c-1_i8 = arith.constant -1 : i8
    %c-1_i32 = arith.constant -1 : i32
    %c23_i32 = arith.constant 23 : i32
    %1 = arith.extui %0 : i8 to i32
    %2 = arith.shli %1, %c23_i32 : i32
    %3 = arith.cmpi eq, %0, %c-1_i8 : i8
    %4 = arith.select %3, %c-1_i32, %2 : i32
    %5 = arith.bitcast %4 : i32 to f32
    %6 = arith.extf %arg0 : f8E4M3FN to f32
    %7 = arith.mulf %6, %5 : f32
    %8 = arith.bitcast %arg2 : f32 to i32
    %c23_i32_0 = arith.constant 23 : i32
    %9 = arith.shrui %8, %c23_i32_0 : i32
    %10 = arith.trunci %9 : i32 to i8
    %11 = arith.bitcast %10 : i8 to f8E8M0FNU
    %12 = arith.extf %arg0 fastmath<fast> : f8E4M3FN to f32
    %13 = arith.mulf %12, %arg2 fastmath<fast> : f32
    %14 = arith.extf %arg3 : f16 to f32
    %15 = arith.bitcast %14 : f32 to i32
    %c23_i32_1 = arith.constant 23 : i32
    %16 = arith.shrui %15, %c23_i32_1 : i32
    %17 = arith.trunci %16 : i32 to i8
    %18 = arith.bitcast %17 : i8 to f8E8M0FNU
    %19 = arith.bitcast %18 : f8E8M0FNU to i8
    %c-1_i8_2 = arith.constant -1 : i8
    %c-1_i32_3 = arith.constant -1 : i32
    %c23_i32_4 = arith.constant 23 : i32
    %20 = arith.extui %19 : i8 to i32
    %21 = arith.shli %20, %c23_i32_4 : i32
    %22 = arith.cmpi eq, %19, %c-1_i8_2 : i8
    %23 = arith.select %22, %c-1_i32_3, %21 : i32
    %24 = arith.bitcast %23 : i32 to f32
    %25 = arith.extf %arg0 : f8E4M3FN to f32
    %26 = arith.mulf %25, %24 : f32
    %27 = arith.bitcast %arg1 : f8E8M0FNU to i8
    %c-1_i8_5 = arith.constant -1 : i8
    %c-1_i32_6 = arith.constant -1 : i32
    %c23_i32_7 = arith.constant 23 : i32
    %28 = arith.extui %27 : i8 to i32
    %29 = arith.shli %28, %c23_i32_7 : i32
    %30 = arith.cmpi eq, %27, %c-1_i8_5 : i8
    %31 = arith.select %30, %c-1_i32_6, %29 : i32
    %32 = arith.bitcast %31 : i32 to f32
    %33 = arith.divf %arg4, %32 : f32
    %34 = arith.truncf %33 : f32 to f8E4M3FN
    %35 = arith.bitcast %arg2 : f32 to i32
    %c23_i32_8 = arith.constant 23 : i32
    %36 = arith.shrui %35, %c23_i32_8 : i32
    %37 = arith.trunci %36 : i32 to i8
    %38 = arith.bitcast %37 : i8 to f8E8M0FNU
    %39 = arith.bitcast %38 : f8E8M0FNU to i8
    %c-1_i8_9 = arith.constant -1 : i8
    %c-1_i32_10 = arith.constant -1 : i32
    %c23_i32_11 = arith.constant 23 : i32
    %40 = arith.extui %39 : i8 to i32
    %41 = arith.shli %40, %c23_i32_11 : i32
    %42 = arith.cmpi eq, %39, %c-1_i8_9 : i8
    %43 = arith.select %42, %c-1_i32_10, %41 : i32
    %44 = arith.bitcast %43 : i32 to f32
    %45 = arith.divf %arg4, %44 : f32
    %46 = arith.truncf %45 to_nearest_even : f32 to f8E4M3FN
    %47 = arith.bitcast %arg6 : vector<4xf8E8M0FNU> to vector<4xi8>
    %cst = arith.constant dense<-1> : vector<4xi8>
    %cst_12 = arith.constant dense<-1> : vector<4xi32>
    %cst_13 = arith.constant dense<23> : vector<4xi32>
    %48 = arith.extui %47 : vector<4xi8> to vector<4xi32>
    %49 = arith.shli %48, %cst_13 : vector<4xi32>
    %50 = arith.cmpi eq, %47, %cst : vector<4xi8>
    %51 = arith.select %50, %cst_12, %49 : vector<4xi1>, vector<4xi32>
    %52 = arith.bitcast %51 : vector<4xi32> to vector<4xf32>
    %53 = arith.bitcast %arg5 : vector<4xf4E2M1FN> to vector<4xi4>
    %cst_14 = arith.constant dense<0> : vector<4xi4>
    %cst_15 = arith.constant dense<1> : vector<4xi4>
    %cst_16 = arith.constant dense<2> : vector<4xi4>
    %cst_17 = arith.constant dense<4> : vector<4xi4>
    %cst_18 = arith.constant dense<7> : vector<4xi4>
    %54 = arith.andi %53, %cst_18 : vector<4xi4>
    %cst_19 = arith.constant dense<20> : vector<4xi32>
    %55 = arith.shli %54, %cst_16 : vector<4xi4>
    %56 = arith.cmpi eq, %54, %cst_15 : vector<4xi4>
    %57 = arith.select %56, %cst_14, %55 : vector<4xi1>, vector<4xi4>
    %58 = arith.extui %57 : vector<4xi4> to vector<4xi32>
    %59 = arith.shli %58, %cst_19 : vector<4xi32>
    %cst_20 = arith.constant dense<0> : vector<4xi32>
    %cst_21 = arith.constant dense<1073741824> : vector<4xi32>
    %cst_22 = arith.constant dense<1056964608> : vector<4xi32>
    %60 = arith.cmpi uge, %54, %cst_17 : vector<4xi4>
    %61 = arith.select %60, %cst_21, %cst_22 : vector<4xi1>, vector<4xi32>
    %62 = arith.cmpi eq, %54, %cst_14 : vector<4xi4>
    %63 = arith.select %62, %cst_20, %61 : vector<4xi1>, vector<4xi32>
    %cst_23 = arith.constant dense<-2147483648> : vector<4xi32>
    %cst_24 = arith.constant dense<-8> : vector<4xi4>
    %64 = arith.cmpi uge, %53, %cst_24 : vector<4xi4>
    %65 = arith.select %64, %cst_23, %cst_20 : vector<4xi1>, vector<4xi32>
    %66 = arith.addi %59, %63 : vector<4xi32>
    %67 = arith.addi %66, %65 : vector<4xi32>
    %68 = arith.bitcast %67 : vector<4xi32> to vector<4xf32>
    %69 = arith.mulf %68, %52 : vector<4xf32>
    return %7, %13, %26, %34, %46, %69 : f32, f32, f32, f8E4M3FN, f8E4M3FN, vector<4xf32>
  }
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
    stdout: `module {
  func.func @d(%arg0: bf16, %arg1: f32, %arg2: vector<3xbf16>, %arg3: f64) -> (f32, bf16, vector<3xf32>, bf16, f64, bf16) {
    %0 = arith.bitcast %arg0 : bf16 to i16
    %1 = arith.extui %0 : i16 to i32
    %c16_i32 = arith.constant 16 : i32
    %2 = arith.shli %1, %c16_i32 : i32
    %3 = arith.bitcast %2 : i32 to f32
    %4 = arith.cmpf une, %arg1, %arg1 : f32
    %c32767_i32 = arith.constant 32767 : i32
    %c32704_i16 = arith.constant 32704 : i16
    %c16_i32_0 = arith.constant 16 : i32
    %c1_i32 = arith.constant 1 : i32
    %5 = arith.bitcast %arg1 : f32 to i32
    %6 = arith.shrui %5, %c16_i32_0 : i32
    %7 = arith.andi %6, %c1_i32 : i32
    %8 = arith.addi %7, %c32767_i32 : i32
    %9 = arith.addi %5, %8 : i32
    %10 = arith.shrui %9, %c16_i32_0 : i32
    %11 = arith.trunci %10 : i32 to i16
    %12 = arith.select %4, %c32704_i16, %11 : i16
    %13 = arith.bitcast %12 : i16 to bf16
    %14 = arith.bitcast %arg2 : vector<3xbf16> to vector<3xi16>
    %15 = arith.extui %14 : vector<3xi16> to vector<3xi32>
    %cst = arith.constant dense<16> : vector<3xi32>
    %16 = arith.shli %15, %cst : vector<3xi32>
    %17 = arith.bitcast %16 : vector<3xi32> to vector<3xf32>
    %18 = arith.cmpf une, %arg1, %arg1 : f32
    %c32767_i32_1 = arith.constant 32767 : i32
    %c32704_i16_2 = arith.constant 32704 : i16
    %c16_i32_3 = arith.constant 16 : i32
    %c1_i32_4 = arith.constant 1 : i32
    %19 = arith.bitcast %arg1 : f32 to i32
    %20 = arith.shrui %19, %c16_i32_3 : i32
    %21 = arith.andi %20, %c1_i32_4 : i32
    %22 = arith.addi %21, %c32767_i32_1 : i32
    %23 = arith.addi %19, %22 : i32
    %24 = arith.shrui %23, %c16_i32_3 : i32
    %25 = arith.trunci %24 : i32 to i16
    %26 = arith.select %18, %c32704_i16_2, %25 : i16
    %27 = arith.bitcast %26 : i16 to bf16
    %28 = arith.extf %arg0 : bf16 to f64
    %29 = arith.truncf %arg3 : f64 to bf16
    return %3, %13, %17, %27, %28, %29 : f32, bf16, vector<3xf32>, bf16, f64, bf16
  }
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
    stdout: ``,
    stderr: `<stdin>:2:8: error: failed to legalize operation 'arith.scaling_extf' that was explicitly marked illegal
  %0 = arith.scaling_extf %x, %s : f8E4M3FN, f8E5M2 to f32
       ^
<stdin>:2:8: note: see current operation: %0 = "arith.scaling_extf"(%arg0, %arg1) : (f8E4M3FN, f8E5M2) -> f32
`,
    code: 1,
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
    stdout: ``,
    stderr: `<stdin>:5:8: error: failed to legalize operation 'arith.truncf' that was explicitly marked illegal
  %3 = arith.truncf %y to_nearest_away : f32 to bf16
       ^
<stdin>:5:8: note: see current operation: %27 = "arith.truncf"(%arg1) <{roundingmode = 4 : i32}> : (f32) -> bf16
`,
    code: 1,
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
    stdout: `module {
  func.func @ceildivi(%arg0: i32, %arg1: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.divsi %arg0, %arg1 : i32
    %1 = arith.muli %0, %arg1 : i32
    %2 = arith.cmpi ne, %arg0, %1 : i32
    %3 = arith.cmpi slt, %arg0, %c0_i32 : i32
    %4 = arith.cmpi slt, %arg1, %c0_i32 : i32
    %5 = arith.cmpi eq, %3, %4 : i1
    %6 = arith.andi %2, %5 : i1
    %7 = arith.addi %0, %c1_i32 : i32
    %8 = arith.select %6, %7, %0 : i32
    return %8 : i32
  }
}

// -----
module {
  func.func @ceildivi_index(%arg0: index, %arg1: index) -> index {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = arith.divsi %arg0, %arg1 : index
    %1 = arith.muli %0, %arg1 : index
    %2 = arith.cmpi ne, %arg0, %1 : index
    %3 = arith.cmpi slt, %arg0, %c0 : index
    %4 = arith.cmpi slt, %arg1, %c0 : index
    %5 = arith.cmpi eq, %3, %4 : i1
    %6 = arith.andi %2, %5 : i1
    %7 = arith.addi %0, %c1 : index
    %8 = arith.select %6, %7, %0 : index
    return %8 : index
  }
}

// -----
module {
  func.func @floordivi(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.divsi %arg0, %arg1 : i32
    %1 = arith.muli %0, %arg1 : i32
    %2 = arith.cmpi ne, %arg0, %1 : i32
    %c0_i32 = arith.constant 0 : i32
    %3 = arith.cmpi slt, %arg0, %c0_i32 : i32
    %4 = arith.cmpi slt, %arg1, %c0_i32 : i32
    %5 = arith.cmpi ne, %3, %4 : i1
    %6 = arith.andi %2, %5 : i1
    %c-1_i32 = arith.constant -1 : i32
    %7 = arith.addi %0, %c-1_i32 : i32
    %8 = arith.select %6, %7, %0 : i32
    return %8 : i32
  }
}

// -----
module {
  func.func @floordivi_index(%arg0: index, %arg1: index) -> index {
    %0 = arith.divsi %arg0, %arg1 : index
    %1 = arith.muli %0, %arg1 : index
    %2 = arith.cmpi ne, %arg0, %1 : index
    %c0 = arith.constant 0 : index
    %3 = arith.cmpi slt, %arg0, %c0 : index
    %4 = arith.cmpi slt, %arg1, %c0 : index
    %5 = arith.cmpi ne, %3, %4 : i1
    %6 = arith.andi %2, %5 : i1
    %c-1 = arith.constant -1 : index
    %7 = arith.addi %0, %c-1 : index
    %8 = arith.select %6, %7, %0 : index
    return %8 : index
  }
}

// -----
module {
  func.func @floordivi_vec(%arg0: vector<4xi32>, %arg1: vector<4xi32>) -> vector<4xi32> {
    %0 = arith.divsi %arg0, %arg1 : vector<4xi32>
    %1 = arith.muli %0, %arg1 : vector<4xi32>
    %2 = arith.cmpi ne, %arg0, %1 : vector<4xi32>
    %cst = arith.constant dense<0> : vector<4xi32>
    %3 = arith.cmpi slt, %arg0, %cst : vector<4xi32>
    %4 = arith.cmpi slt, %arg1, %cst : vector<4xi32>
    %5 = arith.cmpi ne, %3, %4 : vector<4xi1>
    %6 = arith.andi %2, %5 : vector<4xi1>
    %cst_0 = arith.constant dense<-1> : vector<4xi32>
    %7 = arith.addi %0, %cst_0 : vector<4xi32>
    %8 = arith.select %6, %7, %0 : vector<4xi1>, vector<4xi32>
    return %8 : vector<4xi32>
  }
}

// -----
module {
  func.func @ceildivui(%arg0: i32, %arg1: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi eq, %arg0, %c0_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %1 = arith.subi %arg0, %c1_i32 : i32
    %2 = arith.divui %1, %arg1 : i32
    %3 = arith.addi %2, %c1_i32 : i32
    %4 = arith.select %0, %c0_i32, %3 : i32
    return %4 : i32
  }
}

// -----
module {
  func.func @ceildivui_index(%arg0: index, %arg1: index) -> index {
    %c0 = arith.constant 0 : index
    %0 = arith.cmpi eq, %arg0, %c0 : index
    %c1 = arith.constant 1 : index
    %1 = arith.subi %arg0, %c1 : index
    %2 = arith.divui %1, %arg1 : index
    %3 = arith.addi %2, %c1 : index
    %4 = arith.select %0, %c0, %3 : index
    return %4 : index
  }
}

// -----
module {
  func.func @maximumf(%arg0: f32, %arg1: f32) -> f32 {
    %0 = arith.cmpf ugt, %arg0, %arg1 : f32
    %1 = arith.select %0, %arg0, %arg1 : f32
    %2 = arith.cmpf uno, %arg1, %arg1 : f32
    %3 = arith.select %2, %arg1, %1 : f32
    return %3 : f32
  }
}

// -----
module {
  func.func @maximumf_vector(%arg0: vector<4xf16>, %arg1: vector<4xf16>) -> vector<4xf16> {
    %0 = arith.cmpf ugt, %arg0, %arg1 : vector<4xf16>
    %1 = arith.select %0, %arg0, %arg1 : vector<4xi1>, vector<4xf16>
    %2 = arith.cmpf uno, %arg1, %arg1 : vector<4xf16>
    %3 = arith.select %2, %arg1, %1 : vector<4xi1>, vector<4xf16>
    return %3 : vector<4xf16>
  }
}

// -----
module {
  func.func @maxnumf(%arg0: f32, %arg1: f32) -> f32 {
    %0 = arith.cmpf ugt, %arg0, %arg1 : f32
    %1 = arith.select %0, %arg0, %arg1 : f32
    %2 = arith.cmpf uno, %arg0, %arg0 : f32
    %3 = arith.select %2, %arg1, %1 : f32
    return %3 : f32
  }
}

// -----
module {
  func.func @minimumf(%arg0: f32, %arg1: f32) -> f32 {
    %0 = arith.cmpf ult, %arg0, %arg1 : f32
    %1 = arith.select %0, %arg0, %arg1 : f32
    %2 = arith.cmpf uno, %arg1, %arg1 : f32
    %3 = arith.select %2, %arg1, %1 : f32
    return %3 : f32
  }
}

// -----
module {
  func.func @minnumf(%arg0: f32, %arg1: f32) -> f32 {
    %0 = arith.cmpf ult, %arg0, %arg1 : f32
    %1 = arith.select %0, %arg0, %arg1 : f32
    %2 = arith.cmpf uno, %arg0, %arg0 : f32
    %3 = arith.select %2, %arg1, %1 : f32
    return %3 : f32
  }
}

// -----
module {
  func.func @truncf_f32(%arg0: f32) -> bf16 {
    %0 = arith.cmpf une, %arg0, %arg0 : f32
    %c32767_i32 = arith.constant 32767 : i32
    %c32704_i16 = arith.constant 32704 : i16
    %c16_i32 = arith.constant 16 : i32
    %c1_i32 = arith.constant 1 : i32
    %1 = arith.bitcast %arg0 : f32 to i32
    %2 = arith.shrui %1, %c16_i32 : i32
    %3 = arith.andi %2, %c1_i32 : i32
    %4 = arith.addi %3, %c32767_i32 : i32
    %5 = arith.addi %1, %4 : i32
    %6 = arith.shrui %5, %c16_i32 : i32
    %7 = arith.trunci %6 : i32 to i16
    %8 = arith.select %0, %c32704_i16, %7 : i16
    %9 = arith.bitcast %8 : i16 to bf16
    return %9 : bf16
  }
}

// -----
module {
  func.func @truncf_vector_f32(%arg0: vector<4xf32>) -> vector<4xbf16> {
    %0 = arith.cmpf une, %arg0, %arg0 : vector<4xf32>
    %cst = arith.constant dense<32767> : vector<4xi32>
    %cst_0 = arith.constant dense<32704> : vector<4xi16>
    %cst_1 = arith.constant dense<16> : vector<4xi32>
    %cst_2 = arith.constant dense<1> : vector<4xi32>
    %1 = arith.bitcast %arg0 : vector<4xf32> to vector<4xi32>
    %2 = arith.shrui %1, %cst_1 : vector<4xi32>
    %3 = arith.andi %2, %cst_2 : vector<4xi32>
    %4 = arith.addi %3, %cst : vector<4xi32>
    %5 = arith.addi %1, %4 : vector<4xi32>
    %6 = arith.shrui %5, %cst_1 : vector<4xi32>
    %7 = arith.trunci %6 : vector<4xi32> to vector<4xi16>
    %8 = arith.select %0, %cst_0, %7 : vector<4xi1>, vector<4xi16>
    %9 = arith.bitcast %8 : vector<4xi16> to vector<4xbf16>
    return %9 : vector<4xbf16>
  }
}

`,
  },
];

testOptCases(CASES);
