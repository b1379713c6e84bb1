// The README promises `bin/scf-opt examples/<file>.mlir` works: each example
// must round-trip through bin/scf-opt exactly as through mlir-opt 22.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { sameBytes } from './compare.js';
import { assertReferenceOpt } from './golden.js';
import { referenceOpt, repoRoot, scfOpt } from './paths.js';
import { assertExecutable, runProcess } from './tool.js';

const examplesDir = join(repoRoot, 'examples');
const examples = readdirSync(examplesDir).filter((f) => f.endsWith('.mlir')).sort();

test('there are examples', () => {
  assert.ok(examples.includes('hello.mlir'), 'examples/hello.mlir is what the README runs');
});

for (const file of examples) {
  for (const flags of [[], ['--mlir-print-op-generic']]) {
    test(`bin/scf-opt examples/${file} ${flags.join(' ')}`.trim(), async () => {
      assertReferenceOpt();
      assertExecutable([scfOpt]);
      const args = [join('examples', file), ...flags];
      const want = await runProcess(referenceOpt, args, { cwd: repoRoot, timeoutMs: 60_000 });
      const got = await runProcess(scfOpt, args, { cwd: repoRoot, timeoutMs: 60_000 });
      assert.equal(want.exitCode, 0, `mlir-opt rejects the example: ${want.stderr}`);
      assert.equal(got.exitCode, 0, got.stderr);
      assert.ok(sameBytes(want.stdout, got.stdout), `output differs from mlir-opt's:\n--- mlir-opt\n${want.stdout}\n--- scf-opt\n${got.stdout}`);
    });
  }
}
