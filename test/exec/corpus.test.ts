// Execution tests of the corpus (../shared/mlir-tests/mlir-runner) whose
// programs use only scfkit's dialects, run *as written* by the func-level
// engine: scf-run runs the file and FileCheck checks its CHECK lines.
//
// Their RUN lines lower to the LLVM dialect with mlir-opt before mlir-runner;
// that path is covered too: scf-run runs LLVM-dialect IR on the LLVM engine
// (src/exec/llvm). test/exec/llvm.test.ts pipes the real mlir-opt 22 lowering
// of these files (and of sgemm-naive-codegen, unranked-memref,
// math-polynomial-approx) into scf-run and runs the files written in the llvm
// dialect (simple, global-data, global-constructors, invalid,
// verify-entry-point(-result), x86-varargs); the lit-exec ratchet
// (test/conformance/lit-exec.test.ts, lit-exec-passing.txt) runs every RUN line
// verbatim with MLIR_RUNNER=bin/scf-run.
//
// Not run here (as written they need dialects the func-level engine lacks):
// - the files written in the llvm dialect (see above; also verify-flags, which
//   needs an LLVM build with assertions, and simple-split-input-file, whose RUN
//   line passes --split-input-file, a flag mlir-runner 22 does not have);
// - async*: the async dialect and its runtime;
// - sgemm-naive-codegen, unranked-memref, utils, affine-loop-fusion,
//   math-polynomial-approx, test-expand-math-approx, X86*: linalg, affine or
//   math ops, vector ops other than vector.print, or test-only passes;
// - memref-reinterpret-cast: invalid for MLIR 22 itself (fails its verifier);
// - test-convert-breakable-loop-to-scf: test.* ops;
// - Integration/Dialect/SCF/early_exit: uses `scf.loop`, which MLIR 22 does not have.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runOurs } from './difftool.js';
import { CORPUS } from './paths.js';

const FILECHECK = '/usr/lib/llvm-22/bin/FileCheck';

const CASES: [file: string, entry: string][] = [
  ['mlir-runner/copy.mlir', 'main'],
  ['mlir-runner/global-memref.mlir', 'main'],
  ['mlir-runner/memref-reshape.mlir', 'main'],
  ['mlir-runner/bare-ptr-call-conv.mlir', 'main'],
  ['mlir-runner/expand-arith-ops.mlir', 'main'],
];

test('the corpus and FileCheck are present', () => {
  assert.ok(existsSync(CORPUS), `corpus missing at ${CORPUS}`);
  assert.ok(existsSync(FILECHECK), `FileCheck missing at ${FILECHECK}`);
});

for (const [file, entry] of CASES) {
  test(`corpus: ${file} (run directly by scf-run, checked by FileCheck)`, () => {
    const path = join(CORPUS, file);
    const r = runOurs([path, '-e', entry, '-entry-point-result=void']);
    assert.equal(r.stderr, '');
    assert.equal(r.code, 0);
    const fc = spawnSync(FILECHECK, [path], { input: r.stdout, encoding: 'utf8' });
    assert.equal(fc.status, 0, fc.stderr);
  });
}
