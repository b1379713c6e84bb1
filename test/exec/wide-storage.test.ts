// Memrefs of integers wider than 32 bits keep values beyond 2^53 in typed
// storage (the JavaScript backend's BigStore, runtime.ts; the WebAssembly
// backend's linear memory), with no size limit: a 10^7-element
// memref<?xi64> whose every element is above 2^53 (a Map beside the memref
// used to hold them, and ran out at 2^24 entries), and widths above 64 bits.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { IntegerType, loadModule, memrefFromArray, memrefToArray } from '../../src/index.js';
import { Alloc, BigStore, loadElem, newBuffer, storeElem } from '../../src/exec/runtime.js';
import { MLIR_RUNNER, runOurs, runReference, tempDir, writeTemp } from './difftool.js';

const N = 10_000_000;
const K = -7046029254386353131n;
const LOW = (1n << 60n) - 1n;
const TOP = 1n << 61n;

// Fills %m[i] = ((i * K) & (2^60 - 1)) | 2^61 (all in [2^61, 2^62)), then folds
// the elements back into a sum and a rotating xor, and prints one element.
const BIG = `
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant ${N} : index
  %m = memref.alloc(%n) : memref<?xi64>
  %k = arith.constant ${K} : i64
  %low = arith.constant ${LOW} : i64
  %top = arith.constant ${TOP} : i64
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %h = arith.muli %ii, %k : i64
    %l = arith.andi %h, %low : i64
    %v = arith.ori %l, %top : i64
    memref.store %v, %m[%i] : memref<?xi64>
  }
  %zero = arith.constant 0 : i64
  %c13 = arith.constant 13 : i64
  %c51 = arith.constant 51 : i64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero, %x = %zero) -> (i64, i64) {
    %v = memref.load %m[%i] : memref<?xi64>
    %s2 = arith.addi %s, %v : i64
    %x1 = arith.xori %x, %v : i64
    %x2 = arith.shli %x1, %c13 : i64
    %x3 = arith.shrui %x1, %c51 : i64
    %x4 = arith.ori %x2, %x3 : i64
    scf.yield %s2, %x4 : i64, i64
  }
  vector.print %r#0 : i64
  vector.print %r#1 : i64
  %c9 = arith.constant ${N - 1} : index
  %last = memref.load %m[%c9] : memref<?xi64>
  vector.print %last : i64
  memref.dealloc %m : memref<?xi64>
  return
}
`;

/** The program's output, computed here with BigInt (the oracle when mlir-runner is absent). */
function expected(): string {
  let s = 0n;
  let x = 0n;
  let v = 0n;
  for (let i = 0n; i < BigInt(N); i++) {
    v = ((i * K) & LOW) | TOP;
    s = BigInt.asIntN(64, s + v);
    const x1 = x ^ v;
    x = BigInt.asIntN(64, (x1 << 13n) | BigInt.asUintN(64, x1) >> 51n);
  }
  return `${s}\n${x}\n${v}\n`;
}

test('a 10^7-element memref<?xi64> of values above 2^53 runs correctly on both backends', { timeout: 5 * 60 * 1000 }, () => {
  const file = writeTemp(tempDir(), 'big-i64.mlir', BIG);
  const want = existsSync(MLIR_RUNNER) ? runReference(file) : { code: 0, stdout: expected(), stderr: '' };
  assert.equal(want.code, 0, want.stderr);
  for (const backend of ['js', 'wasm']) {
    const ours = runOurs([file, '-e', 'main', '-entry-point-result=void', `--backend=${backend}`]);
    assert.equal(ours.code, 0, ours.stderr);
    assert.equal(ours.stdout, want.stdout, backend);
  }
  // The oracle computed here agrees with mlir-runner, so it is a valid fallback.
  if (existsSync(MLIR_RUNNER)) assert.equal(expected(), want.stdout);
});

test('an allocation holds more than 2^24 values beyond 2^53 (the size limit of a Map)', () => {
  const n = (1 << 24) + 3;
  const a = new Alloc(newBuffer('wide', n), 'wide', 'heap', 64);
  const base = 1n << 62n;
  for (let i = 0; i < n; i++) storeElem(a, i, base + BigInt(i));
  for (const i of [0, 1 << 23, n - 1]) assert.equal(loadElem(a, i), base + BigInt(i));
  storeElem(a, 5, 42);
  assert.equal(loadElem(a, 5), 42);
});

test('BigStore round-trips values of widths up to and beyond 64 bits', () => {
  for (const w of [33, 54, 64, 65, 100, 128, 129, 200]) {
    const st = new BigStore(5, w);
    const vals = [-(1n << BigInt(w - 1)), (1n << BigInt(w - 1)) - 1n, -1n, 1n << BigInt(w - 2), BigInt.asIntN(w, 0x123456789abcdef0123456789abcdef0123456789n)];
    vals.forEach((v, i) => st.set(i, v));
    vals.forEach((v, i) => assert.equal(st.get(i), v, `i${w} element ${i}`));
  }
});

test('memrefs of i64 and i128 passed from JS keep values beyond 2^53 and 2^64', () => {
  const mod = loadModule(`
func.func @bump(%m: memref<?xi128>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi128>
  %one = arith.constant 1 : i128
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] : memref<?xi128>
    %y = arith.addi %x, %one : i128
    memref.store %y, %m[%i] : memref<?xi128>
  }
  return
}
func.func @dbl(%m: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] : memref<?xi64>
    %y = arith.addi %x, %x : i64
    memref.store %y, %m[%i] : memref<?xi64>
  }
  return
}
`);
  const run = (fn: string, w: number, vals: bigint[]): bigint[] => {
    const m = memrefFromArray(vals, IntegerType.get(w));
    mod.call(fn, m);
    return memrefToArray(m).map((v) => BigInt(v));
  };
  const big = [(1n << 100n) + 5n, -(1n << 127n), (1n << 64n) - 1n, 7n];
  assert.deepEqual(
    run('bump', 128, big),
    big.map((v) => BigInt.asIntN(128, v + 1n)),
  );
  assert.deepEqual(run('dbl', 64, [1n << 60n, -(1n << 62n), 3n, (1n << 53n) + 1n]), [1n << 61n, -(1n << 63n), 6n, (1n << 54n) + 2n]);
});
