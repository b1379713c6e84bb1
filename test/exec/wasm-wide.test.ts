// Integers wider than 64 bits on the WebAssembly backend (wide-int.ts): random
// programs over i65, i96, i128 and i256 (every arith op, casts across the
// 64-bit boundary, comparisons, select, the extended ops, the integer math
// ops, memrefs, globals, loops, calls passing and returning wide values)
// must run on wasm without falling back, and print what mlir-runner prints
// (the JavaScript backend too). Wide values are printed in 64-bit chunks
// (vector.print takes no integer wider than 64 bits, in MLIR as here).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { MLIR_RUNNER, runOurs, runReference, tempDir, writeTemp } from './difftool.js';
import { wideProgram } from './wide-gen.js';
import { parse } from '../../src/index.js';
import { compileWasm } from '../../src/exec/wasm/compile.js';

function lines(s: string): string[] {
  return s.split('\n');
}

/** The first differing line of two outputs, or undefined. */
function firstDiff(a: string, b: string): string | undefined {
  const [x, y] = [lines(a), lines(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) return `line ${i + 1}: ${JSON.stringify(x[i])} vs ${JSON.stringify(y[i])}`;
  return undefined;
}

/** Runs `text` on both backends: it must compile for wasm (no fallback) and print the same on both; returns the output. */
function sameOnBoth(file: string, text: string, label: string): string {
  assert.doesNotThrow(() => compileWasm(parse(text)), label);
  const wasm = runOurs([file, '--backend=wasm']);
  assert.equal(wasm.code, 0, `${label}: ${wasm.stderr}`);
  const js = runOurs([file, '--backend=js']);
  assert.equal(js.code, 0, js.stderr);
  assert.equal(firstDiff(js.stdout, wasm.stdout), undefined, `${label}: js vs wasm`);
  return wasm.stdout;
}

test('wasm: i65/i96/i128/i256 programs run on wasm (no fallback) and print what mlir-runner prints, as the JavaScript backend does', () => {
  const dir = tempDir();
  for (const seed of [1, 2]) {
    const text = wideProgram(seed, true);
    const file = writeTemp(dir, `wide-${seed}.mlir`, text);
    const out = sameOnBoth(file, text, `seed ${seed}`);
    if (existsSync(MLIR_RUNNER)) {
      const ref = runReference(file);
      assert.equal(ref.code, 0, ref.stderr);
      assert.equal(firstDiff(ref.stdout, out), undefined, `seed ${seed}: mlir-runner vs wasm`);
    }
  }
});

test('wasm: what mlir-runner gets wrong beyond 64 bits (memrefs of i65/i96, floordivsi, huge uitofp to f32) runs on wasm as on the JavaScript backend', () => {
  const dir = tempDir();
  for (const seed of [3, 4]) {
    const text = wideProgram(seed, false);
    sameOnBoth(writeTemp(dir, `wide-full-${seed}.mlir`, text), text, `seed ${seed}`);
  }
});
