// Math.exp/log/sin/cos/pow in a compiled program print what Node prints:
// the engine's math ops follow glibc bit for bit (as mlir-runner does), which
// differs from V8 in the last bit on some inputs, so the front end emits the
// js dialect's ops for them, run with V8's Math (and never folded).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runNodeBatch, scfTs, tempDir } from './tools.js';
import * as libm from '../../src/dialects/math/libm.js';

const PROGRAM = `function main(): void {
  let x = -40.0;
  for (let i = 0; i < 400; i++) {
    const y = x * 0.37 + 0.001 * i;
    console.log(Math.exp(y / 8), Math.log(Math.abs(y) + 1e-3), Math.sin(y), Math.cos(y), Math.pow(Math.abs(y), 1.37), Math.pow(y, 3));
    x = x + 0.2;
  }
  console.log(Math.sin(1e22), Math.cos(1e22), Math.pow(1, Infinity), Math.pow(NaN, 0), Math.pow(-8, 1 / 3));
}
main();
`;

test('Math.exp/log/sin/cos/pow print exactly as in Node, with and without folding', () => {
  const dir = tempDir();
  const file = join(dir, 'math.ts');
  writeFileSync(file, PROGRAM);
  const [expected] = runNodeBatch([PROGRAM], dir);
  for (const opt of [[], ['-O0']]) {
    const r = scfTs([file, '--run', ...opt]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, expected, `scf-ts --run ${opt.join(' ')}`);
  }
  // glibc's results (the math ops') do differ from V8's on these inputs, so the comparison above can fail.
  let differ = 0;
  for (let i = 0, x = -40.0; i < 400; i++, x += 0.2) {
    const y = x * 0.37 + 0.001 * i;
    if (libm.sin(y) !== Math.sin(y) || libm.cos(y) !== Math.cos(y) || libm.pow(Math.abs(y), 1.37) !== Math.pow(Math.abs(y), 1.37)) differ++;
  }
  assert.ok(differ > 0, 'glibc and V8 agree on every input: the test inputs do not exercise the difference');
  const lowered = scfTs([file, '--emit=mlir-lowered']);
  assert.equal(lowered.code, 0, lowered.stderr);
  assert.match(lowered.stdout, /math\.sin/);
  assert.doesNotMatch(lowered.stdout, /js\./);
});
