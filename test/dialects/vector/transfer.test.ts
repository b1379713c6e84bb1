// vector.transfer_read, vector.transfer_write and vector.create_mask: syntax
// (default permutation_map and in_bounds elided), verifier messages, memory
// effects, compared live with /usr/lib/llvm-22/bin/mlir-opt; scf-run rejects
// them with an MLIR-form error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { runOpt } from '../../../src/tools/opt-driver.js';
import { runScfRun } from '../../../src/tools/scf-run-driver.js';
import { MLIR_OPT } from '../../exec/difftool.js';

function sameAsMlirOpt(args: string[], input: string): { stdout: string; stderr: string } {
  const ref = spawnSync(MLIR_OPT, [...args, '-'], { input, encoding: 'utf8' });
  const ours = runOpt([...args, '-'], input);
  assert.equal(ours.stdout, ref.stdout);
  assert.equal(ours.stderr.replaceAll('scf-opt', 'mlir-opt'), ref.stderr);
  assert.equal(ours.exitCode, ref.status);
  return ours;
}

const VALID = `func.func @f(%A: memref<4x4xf32>, %i: index, %m: vector<4xi1>, %pad: f32, %m2: vector<3x4xi1>, %V: memref<4xvector<4xf32>>, %vp: vector<4xf32>, %T: tensor<4x4xf32>) {
  %0 = vector.transfer_read %A[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d1)>, in_bounds = [true]} : memref<4x4xf32>, vector<4xf32>
  %1 = vector.transfer_read %A[%i, %i], %pad, %m : memref<4x4xf32>, vector<4xf32>
  %2 = vector.transfer_read %A[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>, in_bounds = [false]} : memref<4x4xf32>, vector<4xf32>
  %3 = vector.transfer_read %A[%i, %i], %pad, %m2 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x4xf32>, vector<4x3xf32>
  %4 = vector.transfer_read %A[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>, in_bounds = [true, false]} : memref<4x4xf32>, vector<2x4xf32>
  %5 = vector.transfer_read %V[%i], %vp : memref<4xvector<4xf32>>, vector<2x4xf32>
  vector.transfer_write %0, %A[%i, %i] {in_bounds = [true]} : vector<4xf32>, memref<4x4xf32>
  vector.transfer_write %0, %A[%i, %i], %m {permutation_map = affine_map<(d0, d1) -> (d0)>, foo = 1} : vector<4xf32>, memref<4x4xf32>
  %t0 = vector.transfer_read %T[%i, %i], %pad, %m : tensor<4x4xf32>, vector<4xf32>
  %t1 = vector.transfer_write %t0, %T[%i, %i] {in_bounds = [true]} : vector<4xf32>, tensor<4x4xf32>
  %k = vector.create_mask %i, %i : vector<4x3xi1>
  %k0 = vector.create_mask %i : vector<i1>
  return
}
`;

const INVALID = [
  `%1 = vector.transfer_read %A[%i], %pad : memref<4x4xf32>, vector<4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad : memref<4x4xf32>, vector<4xf32>, vector<4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad : vector<4xf32>, vector<4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad : memref<4x4xf32>, memref<4x4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad : memref<4x4xf32>, vector<2x2x4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad {permutation_map = affine_map<(d0) -> (d0)>} : memref<4x4xf32>, vector<4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf32>, vector<4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d0 + d1)>} : memref<4x4xf32>, vector<4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : memref<4x4xf32>, vector<4x4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (1)>} : memref<4x4xf32>, vector<4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad {permutation_map = affine_map<(d0, d1)[s0] -> (d1)>} : memref<4x4xf32>, vector<4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad {in_bounds = [true, true]} : memref<4x4xf32>, vector<4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %i : memref<4x4xf32>, vector<4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad, %m2 : memref<4x4xf32>, vector<4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad : memref<4x4xf32>, vector<3xf16>`,
  `%1 = vector.transfer_read %V[%i], %vp, %m : memref<4xvector<4xf32>>, vector<4xf32>`,
  `%1 = vector.transfer_read %V[%i], %vp : memref<4xvector<4xf32>>, vector<3xf32>`,
  `%1 = vector.transfer_read %V[%i], %vp {permutation_map = affine_map<(d0) -> (d0)>} : memref<4xvector<4xf32>>, vector<4x4xf32>`,
  `vector.transfer_write %vp, %A[%i] : vector<4xf32>, memref<4x4xf32>`,
  `vector.transfer_write %vp, %A[%i, %i] : memref<4x4xf32>, vector<4xf32>`,
  `vector.transfer_write %vp, %A[%i, %i] {in_bounds = [true, false]} : vector<4xf32>, memref<4x4xf32>`,
  `vector.transfer_write %vp, %A[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d0 * 2)>} : vector<4xf32>, memref<4x4xf32>`,
  `%1 = vector.transfer_read %A[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<4x4xf32>, vector<2x4xf32>`,
  `vector.transfer_write %0, %A[%i, %i] {permutation_map = affine_map<(d0, d1) -> (0)>, in_bounds = [true]} : vector<4xf32>, memref<4x4xf32>`,
  `%1 = vector.transfer_read %T[%i, %i], %i : tensor<4x4xf32>, vector<4xf32>`,
  `%1 = vector.transfer_write %vp, %T[%i] : vector<4xf32>, tensor<4x4xf32>`,
  `%k = vector.create_mask %i : vector<4x3xi1>`,
  `%k = vector.create_mask %i : vector<4xi32>`,
];

const wrap = (body: string): string =>
  `func.func @f(%A: memref<4x4xf32>, %i: index, %m: vector<4xi1>, %pad: f32, %m2: vector<3x4xi1>, %V: memref<4xvector<4xf32>>, %vp: vector<4xf32>, %T: tensor<4x4xf32>) {\n  ${body}\n  return\n}\n`;

test('vector transfers and create_mask: custom and generic forms match mlir-opt', () => {
  const r = sameAsMlirOpt([], VALID);
  // The defaults are elided: no permutation_map for minor identities, no all-false in_bounds.
  assert.match(r.stdout, /vector\.transfer_read %arg0\[%arg1, %arg1\], %arg3, %arg2 : memref<4x4xf32>, vector<4xf32>/);
  const g = sameAsMlirOpt(['--mlir-print-op-generic'], VALID);
  assert.match(g.stdout, /operandSegmentSizes = array<i32: 1, 2, 1, 1>/);
  // Round trip of our own output.
  sameAsMlirOpt([], r.stdout);
});

test('vector transfers and create_mask: parser and verifier messages match mlir-opt', () => {
  const r = sameAsMlirOpt(['--split-input-file'], INVALID.map(wrap).join('// -----\n'));
  assert.match(r.stderr, /requires a projected permutation_map/);
  assert.match(r.stderr, /must specify an operand for each result vector dimension/);
});

test('vector transfers: effects keep reads and writes under canonicalize and CSE; create_mask is pure', () => {
  const src = `func.func @f(%A: memref<4xf32>, %i: index, %pad: f32) -> vector<4xf32> {
  %unused = vector.transfer_read %A[%i], %pad : memref<4xf32>, vector<4xf32>
  %0 = vector.transfer_read %A[%i], %pad : memref<4xf32>, vector<4xf32>
  vector.transfer_write %0, %A[%i] : vector<4xf32>, memref<4xf32>
  %1 = vector.transfer_read %A[%i], %pad : memref<4xf32>, vector<4xf32>
  %k = vector.create_mask %i : vector<4xi1>
  return %1 : vector<4xf32>
}
`;
  // The first two reads merge; the write between them keeps the third.
  const r = sameAsMlirOpt(['--cse'], src);
  assert.equal(r.stdout.match(/transfer_read/g)?.length, 2);
  // Unused reads and masks are dead; the write stays.
  const c = sameAsMlirOpt(['--canonicalize'], src);
  assert.doesNotMatch(c.stdout, /create_mask/);
  assert.match(c.stdout, /transfer_write/);
});

test('scf-run rejects vector transfers with an MLIR-form error', () => {
  const src = `func.func @main() {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<4xf32>
  %v = vector.transfer_read %A[%c0], %z : memref<4xf32>, vector<4xf32>
  vector.print %v : vector<4xf32>
  return
}
`;
  let stderr = '';
  const code = runScfRun(['-e', 'main', '-entry-point-result=void'], { stdout: () => {}, stderr: (s) => (stderr += s) }, src);
  assert.equal(code, 1);
  assert.match(stderr, /^<stdin>:5:8: error: operation 'vector.transfer_read' is not supported by the execution engine/);
});

test('vector.transfer_read: LICM hoists tensor reads (speculatable, no effects) but not memref reads', () => {
  const src = `func.func @f(%t: tensor<8xf32>, %m: memref<8xf32>, %i: index, %n: index, %pad: f32) -> (vector<4xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant dense<0.0> : vector<4xf32>
  %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%a = %z, %b = %z) -> (vector<4xf32>, vector<4xf32>) {
    %x = vector.transfer_read %t[%i], %pad : tensor<8xf32>, vector<4xf32>
    %y = vector.transfer_read %m[%i], %pad : memref<8xf32>, vector<4xf32>
    vector.transfer_write %a, %m[%i] : vector<4xf32>, memref<8xf32>
    %a2 = arith.addf %a, %x : vector<4xf32>
    %b2 = arith.addf %b, %y : vector<4xf32>
    scf.yield %a2, %b2 : vector<4xf32>, vector<4xf32>
  }
  return %r#0, %r#1 : vector<4xf32>, vector<4xf32>
}
`;
  const r = sameAsMlirOpt(['--loop-invariant-code-motion'], src);
  assert.ok(r.stdout.indexOf('tensor<8xf32>, vector<4xf32>') < r.stdout.indexOf('scf.for'));
  assert.ok(r.stdout.indexOf('memref<8xf32>, vector<4xf32>') > r.stdout.indexOf('scf.for'));
});
