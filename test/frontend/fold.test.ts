// scf-ts runs scf-fold-constant-loops by default (-O0 skips it): Kirin's
// `for i in range(10): j = j + i` becomes `return 45`, a constant triple nest
// with an early exit becomes its value, and a loop with a non-constant input
// stays a loop. Folding never changes what a program prints.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLES, scfTs, tempDir } from './tools.js';

const file = join(EXAMPLES, 'kirin-constant-loop.ts');

/** The body of function `name` in printed MLIR. */
function body(mlir: string, name: string): string {
  const start = mlir.indexOf(`func.func @${name}(`);
  assert.ok(start >= 0, `no @${name}`);
  return mlir.slice(start, mlir.indexOf('\n  }\n', start));
}

test("fold: Kirin's constant loop folds to 45, the constant triple nest to its value", () => {
  const r = scfTs([file]);
  assert.equal(r.code, 0, r.stderr);
  const simple = body(r.stdout, 'simple_loop');
  assert.doesNotMatch(simple, /scf\./);
  assert.match(simple, /%(\w+) = arith\.constant 4\.500000e\+01 : f64\n\s+return %\1 : f64/);
  const nest = body(r.stdout, 'nest');
  assert.doesNotMatch(nest, /scf\./);
  assert.match(nest, /arith\.constant 5\.760000e\+03 : f64\n\s+return/);
});

test('fold: -O0 keeps the loops; both print the same', () => {
  const r = scfTs(['-O0', file]);
  assert.match(body(r.stdout, 'simple_loop'), /scf\.for/);
  assert.match(body(r.stdout, 'nest'), /scf\.loop/);
  assert.equal(scfTs(['--run', file]).stdout, '45 5760\n');
  assert.equal(scfTs(['--run', '-O0', file]).stdout, '45 5760\n');
});

test('fold: a loop with a non-constant input is left alone', () => {
  const dir = tempDir();
  const f = join(dir, 'dyn.ts');
  writeFileSync(f, "import { range } from 'scfkit';\nfunction sum(n: number): number {\n  let j = 0;\n  for (const i of range(n)) j = j + i;\n  return j;\n}\n");
  assert.equal(scfTs([f]).stdout, scfTs(['-O0', f]).stdout);
  assert.match(scfTs([f]).stdout, /scf\.for/);
});

test('fold: Math.exp and Math.log keep V8\'s results in folded loops', () => {
  const dir = tempDir();
  const f = join(dir, 'exp.ts');
  writeFileSync(f, "import { range } from 'scfkit';\nfunction main(): void {\n  let s = 0;\n  for (const i of range(50)) s = s + Math.exp(i / 7 - 3) + Math.log(i + 0.5);\n  console.log(s);\n}\n");
  let expected = 0;
  for (let i = 0; i < 50; i++) expected = expected + Math.exp(i / 7 - 3) + Math.log(i + 0.5);
  assert.equal(scfTs(['--run', f]).stdout, `${expected}\n`);
  assert.equal(scfTs(['--run', '-O0', f]).stdout, `${expected}\n`);
});
