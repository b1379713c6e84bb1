// The programs of the scf documentation and of the seed RFC on `if` yielding
// values (../shared/seeds), in MLIR 22 spelling with a @main that prints,
// compared with mlir-runner 22 run live (through difftool's LOWERING), on both
// backends.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runOurs, runReference } from './difftool.js';
import { PROGRAMS } from './paths.js';

const PROGRAM_NAMES = [
  // scf.for with iter_args: the documentation's @reduce, with three ranges.
  'doc_for_reduce',
  // scf.for + scf.if: @conditional_reduce (cmpf ugt).
  'doc_conditional_reduce',
  // scf.if with two results, and without results (implicit yield, else).
  'doc_if',
  // scf.parallel without and with reductions (one and two scf.reduce regions).
  'doc_parallel',
  // The three scf.while forms: while-do, do-while, shared computation.
  'doc_while',
  // RFC: if yielding values (examples 1 and 2) and its proposed CFG lowering.
  'rfc_if_yield',
];

for (const name of PROGRAM_NAMES) {
  test(`seed program ${name} prints what mlir-runner prints`, () => {
    const file = join(PROGRAMS, name + '.mlir');
    const ref = runReference(file);
    assert.equal(ref.code, 0, ref.stderr);
    assert.notEqual(ref.stdout, '');
    for (const backend of ['js', 'wasm']) {
      const r = runOurs([file, '-e', 'main', '-entry-point-result=void', `--backend=${backend}`]);
      assert.equal(r.stderr, '', backend);
      assert.equal(r.code, 0, backend);
      assert.equal(r.stdout, ref.stdout, backend);
    }
  });
}
