// scf-parallel-for-to-nested-fors against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with what /usr/lib/llvm-22/bin/mlir-opt
// printed (written here literally).

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "parallel to nested fors, reductions kept",
    args: ["--pass-pipeline=builtin.module(func.func(scf-parallel-for-to-nested-fors))"],
    input: `func.func @f(%lb: index, %ub: index, %s: index, %m: memref<?x?xf32>, %v: f32) -> f32 {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%v) -> f32 {
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      scf.reduce.return %c : f32
    }
  }
  return %r : f32
}
`,
    stdout: `module {
  func.func @f(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<?x?xf32>, %arg4: f32) -> f32 {
    scf.for %arg5 = %arg0 to %arg1 step %arg2 {
      scf.for %arg6 = %arg0 to %arg1 step %arg2 {
        memref.store %arg4, %arg3[%arg5, %arg6] : memref<?x?xf32>
      }
    }
    %0 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg4) -> f32 {
      scf.reduce(%arg4 : f32) {
      ^bb0(%arg6: f32, %arg7: f32):
        %1 = arith.addf %arg6, %arg7 : f32
        scf.reduce.return %1 : f32
      }
    }
    return %0 : f32
  }
}

`,
    stderr: ``,
    code: 0,
  },
];

testOptCases(CASES);
