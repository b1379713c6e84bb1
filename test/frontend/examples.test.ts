// Every example in examples/ts: `scf-ts --run` prints what Node prints for the same file.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLES, runNodeBatch, scfTs, scfTsProcess } from './tools.js';

const files = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.ts'))
  .sort();

test('examples/ts: there is an example per construct', () => {
  assert.ok(files.length >= 20, `only ${files.length} examples`);
});

test('examples/ts: scf-ts --run prints what node prints, byte for byte', () => {
  const expected = runNodeBatch(files.map((f) => readFileSync(join(EXAMPLES, f), 'utf8')));
  files.forEach((f, i) => {
    const path = join(EXAMPLES, f);
    const r = scfTs(['--run', path]);
    assert.equal(r.stderr, '', `${f}: stderr`);
    assert.equal(r.code, 0, f);
    assert.ok(expected[i].length > 0, `${f}: node printed nothing`);
    assert.equal(r.stdout, expected[i], f);
  });
});

test('examples/ts: each compiles to MLIR that verifies, and the lowered form has no js or early-exit ops', () => {
  for (const f of files) {
    const path = join(EXAMPLES, f);
    const r = scfTs([path]);
    assert.equal(r.code, 0, `${f}: ${r.stderr}`);
    assert.match(r.stdout, /func\.func @main\(\)/, f);
    const lowered = scfTs(['--emit=mlir-lowered', path]);
    assert.equal(lowered.code, 0, `${f}: ${lowered.stderr}`);
    assert.doesNotMatch(lowered.stdout, /js\.print|scf\.break|scf\.continue|scf\.loop/, f);
  }
});

test('bin/scf-ts: --run, -o, --emit and errors through the executable', () => {
  const path = join(EXAMPLES, 'calls.ts');
  const r = scfTsProcess(['--run', path]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, scfTs(['--run', path]).stdout);
  const bad = scfTsProcess(['--emit=llvm', path]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /--emit/);
  const missing = scfTsProcess(['/nonexistent.ts']);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /could not open input file/);
});
