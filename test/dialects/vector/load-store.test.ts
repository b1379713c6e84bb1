// vector.load and vector.store: syntax, verifier (MLIR 22's messages), memory
// effects (unused loads erased) and memref.cast folding, compared with
// /usr/lib/llvm-22/bin/mlir-opt run on the same input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { runOpt } from '../../../src/tools/opt-driver.js';
import { MLIR_OPT } from '../../exec/difftool.js';

function sameAsMlirOpt(args: string[], input: string): { stdout: string; stderr: string } {
  const ref = spawnSync(MLIR_OPT, [...args, '-'], { input, encoding: 'utf8' });
  const ours = runOpt([...args, '-'], input);
  assert.equal(ours.stdout, ref.stdout);
  assert.equal(ours.stderr.replaceAll('scf-opt', 'mlir-opt'), ref.stderr);
  assert.equal(ours.exitCode, ref.status);
  return ours;
}

const VALID = `func.func @f(%m: memref<8x8xf32>, %i: index, %v: vector<4xf32>, %s: memref<8x8xf32, strided<[1, 8]>>, %mv: memref<8xvector<4xf32>>) -> vector<4xf32> {
  %0 = vector.load %m[%i, %i] {alignment = 8, nontemporal = false} : memref<8x8xf32>, vector<4xf32>
  vector.store %v, %m[%i, %i] {nontemporal = true} : memref<8x8xf32>, vector<4xf32>
  %1 = vector.load %mv[%i] : memref<8xvector<4xf32>>, vector<4xf32>
  %2 = vector.load %m[%i, %i] : memref<8x8xf32>, vector<2x4xf32>
  %3 = vector.load %m[%i, %i] : memref<8x8xf32>, vector<f32>
  %c = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>
  %4 = vector.load %c[%i, %i] : memref<?x?xf32>, vector<4xf32>
  vector.store %4, %c[%i, %i] : memref<?x?xf32>, vector<4xf32>
  %5 = vector.load %m[%i, %i] : memref<8x8xf32>, vector<[4]xf32>
  return %0 : vector<4xf32>
}
`;

const INVALID = `func.func @a(%m: memref<8x8xf32, strided<[1, 8]>>, %i: index) {
  %0 = vector.load %m[%i, %i] : memref<8x8xf32, strided<[1, 8]>>, vector<4xf32>
  return
}
// -----
func.func @b(%m: memref<8xf32>, %i: index) {
  %0 = vector.load %m[%i] : memref<8xf32>, vector<2x4xf32>
  return
}
// -----
func.func @c(%m: memref<8xvector<4xf32>>, %i: index) {
  %0 = vector.load %m[%i] : memref<8xvector<4xf32>>, vector<8xf32>
  return
}
// -----
func.func @d(%m: memref<8xf32>, %i: index) {
  %0 = vector.load %m[%i] : memref<8xf32>, vector<4xi32>
  return
}
// -----
func.func @e(%m: memref<8x8xf32>, %i: index) {
  %0 = vector.load %m[%i] : memref<8x8xf32>, vector<4xf32>
  return
}
// -----
func.func @f(%m: memref<8xf32>, %i: index, %v: vector<2x4xf32>) {
  vector.store %v, %m[%i] : memref<8xf32>, vector<2x4xf32>
  return
}
// -----
func.func @g(%m: memref<8xvector<4xf32>>, %i: index, %v: vector<8xf32>) {
  vector.store %v, %m[%i] : memref<8xvector<4xf32>>, vector<8xf32>
  return
}
// -----
func.func @h(%m: memref<8xf32>, %i: index, %v: vector<4xi32>) {
  vector.store %v, %m[%i] : memref<8xf32>, vector<4xi32>
  return
}
// -----
func.func @i(%m: memref<8x8xf32>, %i: index, %v: vector<4xf32>) {
  vector.store %v, %m[%i] : memref<8x8xf32>, vector<4xf32>
  return
}
// -----
func.func @j(%m: memref<8x8xf32, strided<[1, 8]>>, %i: index, %v: vector<1xf32>) {
  vector.store %v, %m[%i, %i] {alignment = 3} : memref<8x8xf32, strided<[1, 8]>>, vector<1xf32>
  return
}
// -----
func.func @k(%m: memref<*xf32>, %i: index, %v: vector<1xf32>) {
  vector.store %v, %m[%i, %i] : memref<*xf32>, vector<1xf32>
  return
}
// -----
func.func @l(%m: memref<8x8xf32, strided<[1, 8]>>, %i: index) {
  %0 = vector.load %m[%i, %i] : memref<8x8xf32, strided<[1, 8]>>, vector<1x1xf32>
  %1 = vector.load %m[%i, %i] : memref<8x8xf32, strided<[1, 8]>>, vector<[1]xf32>
  return
}
// -----
func.func @k(%m: memref<8xf32>, %i: index, %v: tensor<1xf32>) {
  vector.store %v, %m[%i] : memref<8xf32>, tensor<1xf32>
  return
}
`;

test('vector.load/vector.store: custom and generic forms, attributes, 0-d, vector-element and scalable', () => {
  const r = sameAsMlirOpt([], VALID);
  assert.match(r.stdout, /vector\.load %arg0\[%arg1, %arg1\] \{alignment = 8 : i64\}/);
  sameAsMlirOpt(['--mlir-print-op-generic'], VALID);
});

test('vector.load/vector.store: canonicalize erases unused loads and folds memref.cast', () => {
  const r = sameAsMlirOpt(['--canonicalize'], VALID);
  assert.doesNotMatch(r.stdout, /memref\.cast/);
});

test('vector.load/vector.store: verifier messages', () => {
  const r = sameAsMlirOpt(['--split-input-file'], INVALID);
  assert.match(r.stderr, /most minor memref dim must have unit stride/);
});
