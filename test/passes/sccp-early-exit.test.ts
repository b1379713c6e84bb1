// sccp through early exits (upstream MLIR after 22): the early-exit chunks of
// the corpus's Transforms/sccp-structured.mlir, FileChecked against their own
// CHECK lines (the file's first chunk needs the affine dialect, so lit cannot
// pass the whole file). A break's values reach its execute_region's results.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runOpt } from '../../src/tools/opt-driver.js';
import { corpusRoot } from '../conformance/paths.js';
import { LLVM_BIN, tempDir } from '../exec/difftool.js';

test('sccp-structured.mlir: the early-exit chunks meet upstream CHECK lines', () => {
  const text = readFileSync(join(corpusRoot(), 'Transforms/sccp-structured.mlir'), 'utf8');
  const chunks = text.split(/^\/\/ -----$/m).filter((c) => /\btoken\b/.test(c) && /scf\.break/.test(c));
  assert.equal(chunks.length, 3);
  const dir = tempDir();
  try {
    for (const chunk of chunks) {
      const r = runOpt(['--allow-unregistered-dialect', '--pass-pipeline=builtin.module(func.func(sccp))'], chunk);
      assert.equal(r.exitCode, 0, r.stderr);
      const checks = join(dir, 'checks.mlir');
      writeFileSync(checks, chunk);
      const fc = spawnSync(join(LLVM_BIN, 'FileCheck'), [checks], { input: r.stdout, encoding: 'utf8' });
      assert.equal(fc.status, 0, fc.stderr);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
