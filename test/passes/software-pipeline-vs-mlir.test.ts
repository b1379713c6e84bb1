// The RFC pipeliner against MLIR 22's, live: on every chunk of the corpus'
// Dialect/SCF/loop-pipelining.mlir whose pipelined loop has constant bounds
// and a schedule MLIR accepts, `scf-opt --scf-software-pipeline
// --canonicalize` (full peeling) must print what `mlir-opt
// --test-scf-pipelining --canonicalize` prints, except on the chunks listed
// in EXPECTED_DIFFERENCES (docs/PIPELINER.md explains them). Chunks MLIR
// rejects must be rejected by the schedule checker at the same op.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, scf } from '../../src/index.js';
import { matchConstantInt } from '../../src/ir/matchers.js';
import type { Operation } from '../../src/ir/operation.js';
import { runOpt } from '../../src/tools/opt-driver.js';
import { corpusRoot } from '../conformance/paths.js';
import { padChunk, splitChunks } from '../conformance/corpus.js';
import { MLIR_OPT } from '../exec/difftool.js';
import { EXPECTED_DIFFERENCES } from './pipeliner-mlir-differences.js';

test('scf-software-pipeline + canonicalize against mlir-opt --test-scf-pipelining + canonicalize on loop-pipelining.mlir', () => {
  const file = join(corpusRoot(), 'Dialect/SCF/loop-pipelining.mlir');
  const chunks = splitChunks(readFileSync(file, 'utf8'), '// -----');
  let same = 0;
  let rejected = 0;
  const differing: string[] = [];
  for (const chunk of chunks) {
    const text = padChunk(chunk);
    let module: Operation;
    try {
      module = parse(text);
    } catch {
      continue; // ops scfkit does not model (linalg)
    }
    let loop: Operation | undefined;
    let fn = '';
    module.walk((op) => {
      if (scf.ForOp.isa(op) && op.getAttr('__test_pipelining_loop__')) loop = op;
    });
    if (!loop) continue;
    for (let p = loop.parentOp; p; p = p.parentOp) {
      const name = p.getAttr('sym_name');
      if (name) fn = String(name).replace(/"/g, '');
    }
    const forOp = scf.ForOp.cast(loop);
    const isStatic = [scf.ForOp.lowerBound(forOp), scf.ForOp.upperBound(forOp), scf.ForOp.step(forOp)].every((v) => matchConstantInt(v) !== undefined);
    if (!isStatic) continue;
    if (matchConstantInt(scf.ForOp.step(forOp))! <= 0n) {
      // MLIR leaves such a loop alone without a word; the pass says why it does not pipeline it.
      const r = runOpt(['-', '--scf-software-pipeline'], text);
      assert.equal(r.exitCode, 1);
      assert.match(r.stderr, /error: 'scf.for' op cannot be pipelined: its step 0 is not positive/);
      continue;
    }
    const ref = spawnSync(MLIR_OPT, ['-', '--test-scf-pipelining', '--canonicalize'], { input: text, encoding: 'utf8' });
    const ours = runOpt(['-', '--scf-software-pipeline', '--canonicalize'], text);
    const refError = /error: (.*)/.exec(ref.stderr);
    if (refError) {
      // MLIR reports a bad schedule (and leaves the loop); the checker must refuse it at the same place.
      assert.equal(ours.exitCode, 1, `${fn}: MLIR rejects the schedule (${refError[1]}), the checker accepts it`);
      if (refError[1] !== 'operation scheduled before its operands') continue;
      const at = (s: string): string => /^(<stdin>:\d+:\d+): error/m.exec(s)?.[1] ?? '?';
      assert.equal(at(ours.stderr), at(ref.stderr), `${fn}: reported at another op`);
      rejected++;
      continue;
    }
    assert.equal(ours.exitCode, 0, `${fn}: ${ours.stderr}`);
    if (ours.stdout === ref.stdout) same++;
    else differing.push(fn);
    if (fn in EXPECTED_DIFFERENCES) assert.notEqual(ours.stdout, ref.stdout, `${fn} now matches: drop it from EXPECTED_DIFFERENCES`);
    else assert.equal(ours.stdout, ref.stdout, `${fn}: output differs from mlir-opt's`);
  }
  assert.ok(same >= 13, `only ${same} chunks identical`);
  assert.ok(rejected >= 3, `only ${rejected} bad schedules compared`);
  assert.deepEqual(differing.sort(), Object.keys(EXPECTED_DIFFERENCES).sort());
});
