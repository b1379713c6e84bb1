// scf-forall-to-for and scf-forall-to-parallel against MLIR 22: each case runs
// scf-opt in-process and compares stdout, stderr and the exit code with mlir-
// opt 22's for the same input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "forall to nested fors",
    args: ["--pass-pipeline=builtin.module(func.func(scf-forall-to-for))"],
    input: `func.func @f(%n: index, %m: memref<?x?xf32>, %v: f32) {
  scf.forall (%i, %j) = (0, %n) to (%n, 64) step (1, 4) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  return
}
`,
  },
  {
    name: "forall to for then canonicalize",
    args: ["--pass-pipeline=builtin.module(func.func(scf-forall-to-for,canonicalize))"],
    input: `func.func @f(%n: index, %m: memref<?x?xf32>, %v: f32) {
  scf.forall (%i, %j) in (%n, 8) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  return
}
`,
  },
  {
    name: "forall to parallel",
    args: ["--pass-pipeline=builtin.module(func.func(scf-forall-to-parallel))"],
    input: `func.func @f(%n: index, %m: memref<?x?xf32>, %v: f32) {
  scf.forall (%i, %j) = (0, %n) to (%n, 64) step (1, 4) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  return
}
`,
  },
  {
    name: "convert-scf-to-cf lowers forall through scf.parallel (static and dynamic bounds, steps, nested)",
    args: ["--convert-scf-to-cf"],
    input: `func.func @f(%m: memref<?x?xf32>, %v: f32, %lb: index, %ub: index, %s: index) {
  scf.forall (%i, %j) in (4, 5) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  scf.forall (%i) = (%lb) to (%ub) step (%s) {
    scf.forall (%j) = (1) to (%ub) step (2) {
      memref.store %v, %m[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
`,
  },
];

testOptCases(CASES);
