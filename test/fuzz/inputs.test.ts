// The fuzzer's and benchmarks' inputs are what they claim to be: mutations are
// deterministic and do change the text; deep inputs are as deep as stated and,
// when shallow, valid MLIR; generated modules are valid MLIR 22 in both forms
// and describe the same program.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { generateModuleText, parseSize, prng, writeModuleFile } from '../../bench/gen.js';
import { referenceOpt } from '../conformance/paths.js';
import { runProcess } from '../conformance/tool.js';
import { deepInputs, MUTATION_NAMES, MUTATIONS, mutate } from './mutate.js';

const SAMPLE = 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n';

test('mutations are deterministic for a seed and change the input', () => {
  const a = prng(7);
  const b = prng(7);
  for (let k = 0; k < 50; k++) assert.deepEqual(mutate(SAMPLE, SAMPLE, a), mutate(SAMPLE, SAMPLE, b));
  for (const name of MUTATION_NAMES) {
    const rnd = prng(3);
    const changed = Array.from({ length: 20 }, () => MUTATIONS[name](SAMPLE, rnd, 'scf.for %i = %c0 to %c9 step %c1 { }')).some((t) => t !== SAMPLE);
    assert.ok(changed, `${name} never changed the input`);
  }
});

async function mlirOpt(dir: string, text: string, ...flags: string[]): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  writeFileSync(join(dir, 'in.mlir'), text);
  const r = await runProcess(referenceOpt, ['in.mlir', ...flags], { cwd: dir, timeoutMs: 60_000 });
  return { exitCode: r.exitCode, stdout: r.stdout.toString('utf8'), stderr: r.stderr };
}

test('deep inputs: depth as asked; the balanced ones are valid MLIR when shallow', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-deep-check-'));
  try {
    for (const [name, text] of deepInputs(1000)) {
      assert.ok(text.length > 1000, `${name} is not 1000 deep`);
    }
    for (const [name, text] of deepInputs(5)) {
      const r = await mlirOpt(dir, text, '--allow-unregistered-dialect');
      const shouldParse = !name.startsWith('unclosed');
      if (shouldParse) assert.equal(r.exitCode, 0, `${name}: ${r.stderr}`);
      else assert.equal(r.exitCode, 1, `${name} should be rejected`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('generated modules: valid for MLIR 22, same program in generic and custom form', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-gen-check-'));
  try {
    for (const seed of [1, 2]) {
      const generic = generateModuleText({ bytes: Infinity, functions: 40, seed, form: 'generic' });
      const custom = generateModuleText({ bytes: Infinity, functions: 40, seed, form: 'custom' });
      assert.match(generic, /"scf\.for"\(/);
      assert.match(generic, /"scf\.while"\(/);
      assert.match(generic, /"scf\.if"\(/);
      assert.match(generic, /"memref\.alloc"\(/);
      assert.doesNotMatch(generic, /^\s*scf\.for /m);
      assert.match(custom, /^\s*(%\w+ = )?scf\.for /m);
      const g = await mlirOpt(dir, generic);
      assert.equal(g.exitCode, 0, g.stderr);
      const c = await mlirOpt(dir, custom);
      assert.equal(c.exitCode, 0, c.stderr);
      assert.equal(g.stdout, c.stdout, 'the two forms print differently after parsing: they are not the same program');
    }
    assert.equal(generateModuleText({ bytes: 10_000, seed: 5 }), generateModuleText({ bytes: 10_000, seed: 5 }));
    assert.notEqual(generateModuleText({ bytes: 10_000, seed: 5 }), generateModuleText({ bytes: 10_000, seed: 6 }));
    const path = join(dir, 'sized.mlir');
    const n = writeModuleFile(path, { bytes: parseSize('256k') });
    assert.equal(statSync(path).size, n);
    assert.ok(n >= 256 * 1024 && n < 300 * 1024, `${n} bytes`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
