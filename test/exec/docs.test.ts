// The programs of the scf documentation and of the seed RFC on `if` yielding
// values (../shared/seeds), in MLIR 22 spelling with a @main that prints. The
// expected text is mlir-runner's output (MLIR 22.1.8, lowered with
// --convert-scf-to-cf --expand-strided-metadata --lower-affine
// --convert-to-llvm --reconcile-unrealized-casts), written literally.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runOurs } from './difftool.js';
import { PROGRAMS } from './paths.js';

const EXPECTED: Record<string, string> = {
  // scf.for with iter_args: the documentation's @reduce, with three ranges.
  doc_for_reduce: '52377.6\n17425.1\n0\n',
  // scf.for + scf.if: @conditional_reduce (cmpf ugt).
  doc_conditional_reduce: '876\n',
  // scf.if with two results, and without results (implicit yield, else).
  doc_if: '5.5\n6\n-2.5\n0.375\nthen\nelse\n',
  // scf.parallel without and with reductions (one and two scf.reduce regions).
  doc_parallel: '2450\n9900\n7.316\n',
  // The three scf.while forms: while-do, do-while, shared computation.
  doc_while: '127\n255\n52\n',
  // RFC: if yielding values (examples 1 and 2) and its proposed CFG lowering.
  rfc_if_yield: '3.25\n1.75\n3.25\n1.75\n3.25\n1.75\n',
};

for (const [name, expected] of Object.entries(EXPECTED)) {
  test(`seed program ${name} prints what mlir-runner prints`, () => {
    const r = runOurs([join(PROGRAMS, name + '.mlir'), '-e', 'main', '-entry-point-result=void']);
    assert.equal(r.stderr, '');
    assert.equal(r.code, 0);
    assert.equal(r.stdout, expected);
  });
}
