// Exact semantics of many ops at once (integer wrap-around at several widths,
// unsigned/ceil/floor division, extended multiplication, shifts, the index
// dialect, f16/bf16/f32 rounding, float printing, casts, bitcasts, globals,
// subviews, transposes, reshapes, copies, alloca scopes, index_switch,
// execute_region with a CFG, forall, while, vectors). The expected text is
// mlir-runner's output (MLIR 22.1.8; lowered with --convert-vector-to-scf
// --convert-scf-to-cf --expand-strided-metadata --lower-affine
// --convert-to-llvm --reconcile-unrealized-casts), written literally; only the
// printMemref data pointers are normalized (scf-run prints fake addresses).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runOurs } from './difftool.js';
import { PROGRAMS } from './paths.js';

const EXPECTED = [
  "-128\n",
  "128\n",
  "16\n",
  "-16\n",
  "-8\n",
  "-9223372036854775808\n",
  "1\n",
  "-3\n",
  "-1\n",
  "-4\n",
  "-3\n",
  "9223372036854775804\n",
  "1\n",
  "9223372036854775805\n",
  "-7\n",
  "-7\n",
  "1\n",
  "4611686018427387903\n",
  "-4\n",
  "-2\n",
  "0\n",
  "-2\n",
  "-1\n",
  "-1\n",
  "18446744073709551609\n",
  "18446744073709551615\n",
  "18446744073709551613\n",
  "10\n",
  "10240\n",
  "1\n",
  "0.0333333\n",
  "0.0333333\n",
  "0.0333252\n",
  "0.0334473\n",
  "65504\n",
  "inf\n",
  "1.4013e-45\n",
  "0.1\n",
  "3\n",
  "1\n",
  "0\n",
  "-2\n",
  "1.84467e+19\n",
  "9.22337e+18\n",
  "1077936128\n",
  "-nan\n",
  "1.23457e+08\n",
  "0.0001\n",
  "100000\n",
  "1e+06\n",
  "Unranked Memref base@ = <addr> rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = \n",
  "[[1,   2,   3], \n",
  " [4,   5,   6]]\n",
  "6\n",
  "Unranked Memref base@ = <addr> rank = 1 offset = 1 sizes = [2] strides = [3] data = \n",
  "[2,  5]\n",
  "4\n",
  "14\n",
  "Unranked Memref base@ = <addr> rank = 3 offset = 0 sizes = [2, 3, 1] strides = [3, 1, 1] data = \n",
  "[[[0.5], \n",
  "  [1.5], \n",
  "  [2.5]], \n",
  " [[1.5], \n",
  "  [2.5], \n",
  "  [3.5]]]\n",
  "3\n",
  "Unranked Memref base@ = <addr> rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = \n",
  "[[0.5,   1.5,   2.5], \n",
  " [1.5,   2.5,   3.5]]\n",
  "3\n",
  "20\n",
  "49\n",
  "Unranked Memref base@ = <addr> rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data = \n",
  "[[0,   1], \n",
  " [10,   11], \n",
  " [20,   21]]\n",
  "5764801\n",
  "5764801\n",
  "( 1.5, 2, -3.25 )\n",
  "( ( 2, 4 ), ( 6, 8 ) )\n",
  "done\n",
].join('');

test('semantics: a program exercising most ops prints what mlir-runner prints', () => {
  const r = runOurs([join(PROGRAMS, 'semantics.mlir'), '-e', 'main', '-entry-point-result=void']);
  assert.equal(r.stderr, '');
  assert.equal(r.code, 0);
  assert.equal(r.stdout.replace(/base@ = 0x[0-9a-f]+/g, 'base@ = <addr>'), EXPECTED);
});

test('semantics: printMemref prints a deterministic fake data pointer', () => {
  const a = runOurs([join(PROGRAMS, 'semantics.mlir')]);
  const b = runOurs([join(PROGRAMS, 'semantics.mlir')]);
  assert.equal(a.stdout, b.stdout);
  assert.match(a.stdout, /^Unranked Memref base@ = 0x10000000 rank = 2 offset = 0 sizes = \[2, 3\] strides = \[3, 1\] data = $/m);
});
