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
import { IntegerType, loadModule, memrefFromArray, memrefToArray, parse } from '../../src/index.js';
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

test('wasm: the API passes and returns wide integers (scalars and memref elements) as the JavaScript backend does', () => {
  const src = `
func.func @mix(%a: i128, %b: i96) -> (i128, i96, i1) {
  %x = arith.extsi %b : i96 to i128
  %p = arith.muli %a, %x : i128
  %q = arith.trunci %p : i128 to i96
  %c = arith.cmpi ult, %a, %x : i128
  return %p, %q, %c : i128, i96, i1
}
func.func @scale(%m: memref<?xi256>, %k: i256) -> i256 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi256>
  %zero = arith.constant 0 : i256
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i256) {
    %x = memref.load %m[%i] : memref<?xi256>
    %y = arith.muli %x, %k : i256
    memref.store %y, %m[%i] : memref<?xi256>
    %acc2 = arith.addi %acc, %y : i256
    scf.yield %acc2 : i256
  }
  return %s : i256
}
`;
  const wasm = loadModule(src, { backend: 'auto', output: () => {} });
  assert.equal(wasm.backend, 'wasm');
  const js = loadModule(src, { backend: 'js', output: () => {} });
  for (const args of [
    [3, 5],
    [-(1n << 127n), -1],
    [(1n << 100n) + 12345n, (1n << 90n) - 7n],
    [true, 2n ** 95n],
  ])
    assert.deepEqual(wasm.call('mix', ...args), js.call('mix', ...args), `mix(${args.join(', ')})`);
  const vals = [1n, -(1n << 200n), (1n << 255n) - 1n, 42n];
  const run = (mod: { call: (name: string, ...a: unknown[]) => unknown }): [unknown, bigint[]] => {
    const m = memrefFromArray(vals, IntegerType.get(256));
    const s = mod.call('scale', m, (1n << 70n) + 3n);
    return [s, memrefToArray(m).map((v) => BigInt(v))];
  };
  assert.deepEqual(run(wasm), run(js));
});

test('wasm: poison and runtime errors of wide integers (shift amounts, nsw/nuw, trunci flags, fptosi out of range, division by zero, MIN / -1) are the JavaScript backend\'s', () => {
  const dir = tempDir();
  const cases: [string, string][] = [
    ['shli by the width', '%a = arith.constant 128 : i128\n  %r = arith.shli %x, %a : i128'],
    ['shrui beyond', '%a = arith.constant 300 : i128\n  %r = arith.shrui %x, %a : i128'],
    ['addi nsw', '%a = arith.constant 170141183460469231731687303715884105727 : i128\n  %r = arith.addi %x, %a overflow<nsw> : i128'],
    ['subi nuw', '%a = arith.constant 5 : i128\n  %r = arith.subi %x, %a overflow<nuw> : i128'],
    ['muli nsw', '%a = arith.constant 85070591730234615865843651857942052864 : i128\n  %r = arith.muli %x, %a overflow<nsw> : i128'],
    ['shli nuw', '%a = arith.constant 127 : i128\n  %r = arith.shli %x, %a overflow<nuw> : i128'],
    ['trunci nsw', '%a = arith.constant 9223372036854775807 : i128\n  %b = arith.muli %x, %a : i128\n  %r = arith.trunci %b overflow<nsw> : i128 to i64'],
    ['fptosi', '%f = arith.constant 1.0e+40 : f64\n  %r = arith.fptosi %f : f64 to i128'],
    ['divsi by zero', '%a = arith.constant 0 : i128\n  %r = arith.divsi %x, %a : i128'],
    ['remui by zero', '%z = arith.subi %x, %x : i128\n  %r = arith.remui %x, %z : i128'],
    ['MIN / -1', '%m = arith.constant -170141183460469231731687303715884105728 : i128\n  %n = arith.constant 4 : i128\n  %o = arith.subi %x, %n : i128\n  %r = arith.divsi %m, %o : i128'],
  ];
  for (const [label, body] of cases) {
    // %x = 3 from memory (nothing folds); the result is used (printed in chunks).
    const text = `func.func @main() {
  %m0 = memref.alloc() : memref<1xi128>
  %c0 = arith.constant 0 : index
  %three = arith.constant 3 : i128
  memref.store %three, %m0[%c0] : memref<1xi128>
  %x = memref.load %m0[%c0] : memref<1xi128>
  ${body}
  %t = arith.trunci %r : ${body.includes('to i64') ? 'i64 to i32' : 'i128 to i64'}
  vector.print %t : ${body.includes('to i64') ? 'i32' : 'i64'}
  return
}
`;
    assert.doesNotThrow(() => compileWasm(parse(text)), label);
    const file = writeTemp(dir, 'p.mlir', text);
    const wasm = runOurs([file, '--backend=wasm']);
    const js = runOurs([file, '--backend=js']);
    assert.equal(js.code, 1, `${label}: the JavaScript backend reports an error (${js.stdout})`);
    assert.deepEqual(wasm, js, label);
  }
});

test('wasm: ub.poison of a wide type selected away runs on wasm; printed, it is the JavaScript backend\'s error', () => {
  const dir = tempDir();
  for (const pick of ['%c', '%p']) {
    const text = `func.func @main() {
  %p = ub.poison : i128
  %c = arith.constant 5 : i128
  %m = memref.alloc() : memref<1xi1>
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  memref.store %t, %m[%c0] : memref<1xi1>
  %b = memref.load %m[%c0] : memref<1xi1>
  %s = arith.select %b, ${pick}, %p : i128
  %r = arith.trunci %s : i128 to i64
  vector.print %r : i64
  return
}
`;
    assert.doesNotThrow(() => compileWasm(parse(text)), pick);
    const file = writeTemp(dir, 'p.mlir', text);
    assert.deepEqual(runOurs([file, '--backend=wasm']), runOurs([file, '--backend=js']), pick);
  }
});
