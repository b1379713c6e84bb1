// The WebAssembly backend's ops beyond its first landing (issue 14's
// remaining fallbacks): math's integer ops (absi, ctlz, cttz, ctpop, ipowi)
// at widths 1..64, cbrt, cf.assert, arith.ceildivui, memref.realloc, the
// atomics, memory spaces, allocas in scf.forall bodies and unranked memref
// arguments. Each program must run on wasm (no fallback), print what
// mlir-runner prints after MLIR's lowering and exactly what the JavaScript
// backend prints; each runtime error must be the JavaScript backend's.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { MLIR_OPT, MLIR_RUNNER, SHARED_LIBS, LOWERING, runOurs, tempDir, writeTemp, type ToolResult } from './difftool.js';
import { Rng } from './gen.js';

const normalize = (s: string): string => s.replace(/base@ = 0x[0-9a-f]+/g, 'base@ = <addr>');

/** mlir-opt (`pre` passes, then the usual lowering) piped into mlir-runner. */
function reference(file: string, pre: string[]): ToolResult {
  const opt = spawnSync(MLIR_OPT, [...pre, ...LOWERING, file], { encoding: 'latin1', maxBuffer: 1 << 30 });
  if (opt.status !== 0) return { code: opt.status ?? -1, stdout: '', stderr: 'mlir-opt: ' + opt.stderr };
  const run = spawnSync(MLIR_RUNNER, ['-e', 'main', '-entry-point-result=void', `-shared-libs=${SHARED_LIBS}`], { input: Buffer.from(opt.stdout, 'latin1'), encoding: 'latin1', maxBuffer: 1 << 30 });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

/** Runs `text` on wasm (asserting no fallback), on the JavaScript backend and (when installed) mlir-runner. */
function expectSame(name: string, text: string, pre: string[] = []): string {
  const file = writeTemp(tempDir(), `${name}.mlir`, text);
  const wasm = runOurs([file, '--debug-backend']);
  assert.equal(wasm.stderr, 'scf-run: backend: wasm\n', `${name}: ${wasm.stderr}`);
  assert.equal(wasm.code, 0);
  const js = runOurs([file, '--backend=js']);
  assert.equal(js.code, 0, js.stderr);
  assert.equal(wasm.stdout, js.stdout, `${name}: wasm vs js`);
  if (existsSync(MLIR_RUNNER)) {
    const ref = reference(file, pre);
    assert.equal(ref.code, 0, ref.stderr);
    const a = normalize(ref.stdout).split('\n');
    const b = normalize(wasm.stdout).split('\n');
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    assert.ok(i === a.length && a.length === b.length, `${name}: output line ${i + 1}: mlir-runner ${JSON.stringify(a[i])} vs wasm ${JSON.stringify(b[i])}`);
  }
  return wasm.stdout;
}

/** Runs `text` on both backends: the same output before the same located error (exit 1), on wasm without fallback. */
function expectSameError(name: string, text: string, message: RegExp): void {
  const file = writeTemp(tempDir(), `${name}.mlir`, text);
  const wasm = runOurs([file, '--backend=wasm']);
  const js = runOurs([file, '--backend=js']);
  assert.equal(wasm.code, 1, `${name}: ${wasm.stderr}`);
  assert.equal(js.code, 1, `${name} (js): ${js.stderr}`);
  assert.match(wasm.stderr, message);
  assert.equal(wasm.stderr, js.stderr, name);
  assert.equal(wasm.stdout, js.stdout, name);
}

const WIDTHS = [1, 8, 13, 16, 32, 33, 48, 64];

/** Values of width w worth testing (extremes, small, powers of two, random). */
function samples(rng: Rng, w: number): bigint[] {
  if (w === 1) return [0n, 1n];
  const min = -(1n << BigInt(w - 1));
  const max = (1n << BigInt(w - 1)) - 1n;
  const out = new Set<bigint>([0n, 1n, -1n, 2n, 3n, -2n, -3n, 7n, min, max, min + 1n, 1n << BigInt(w - 2), BigInt.asIntN(w, 0x00f0n << BigInt(w >> 2))]);
  for (let i = 0; i < 4; i++) out.add(BigInt.asIntN(w, BigInt(rng.int(2 ** 30)) * BigInt(rng.int(2 ** 30) + 1) + BigInt(rng.int(1000))));
  return [...out].map((v) => BigInt.asIntN(w, v));
}

/**
 * absi, ctlz, cttz and ctpop of every sample, and ipowi of pairs (small and
 * large exponents, negative ones except for base 0), at each width; the
 * values go through memory, so nothing folds.
 */
function intMathProgram(seed: number): string {
  const rng = new Rng(seed);
  const lines = ['func.func @main() {'];
  let n = 0;
  const v = (): string => `%v${n++}`;
  for (const w of WIDTHS) {
    const t = `i${w}`;
    const vals = samples(rng, w);
    const exps = w === 1 ? [0n, 1n] : [0n, 1n, 2n, 3n, 5n, 13n, 63n, 64n, -1n, -2n, -7n, BigInt.asIntN(w, (1n << BigInt(w - 1)) - 1n)].map((x) => BigInt.asIntN(w, x));
    const all = [...vals, ...exps];
    const m = v();
    lines.push(`  ${m} = memref.alloc() : memref<${all.length}x${t}>`);
    const loaded = all.map((x, i) => {
      const c = v();
      const ic = v();
      const r = v();
      lines.push(`  ${c} = arith.constant ${w === 1 ? x & 1n : x} : ${t}`, `  ${ic} = arith.constant ${i} : index`, `  memref.store ${c}, ${m}[${ic}] : memref<${all.length}x${t}>`);
      lines.push(`  ${r} = memref.load ${m}[${ic}] : memref<${all.length}x${t}>`);
      return r;
    });
    const bases = loaded.slice(0, vals.length);
    const powers = loaded.slice(vals.length);
    for (const x of bases)
      for (const op of ['absi', 'ctlz', 'cttz', 'ctpop']) {
        const r = v();
        lines.push(`  ${r} = math.${op} ${x} : ${t}`, `  vector.print ${r} : ${t}`);
      }
    bases.forEach((b, i) => {
      exps.forEach((p, j) => {
        // 0 to a negative power divides by zero (undefined behaviour in MLIR's lowering).
        if (vals[i] === 0n && (w === 1 ? p === 1n : p < 0n)) return;
        const r = v();
        lines.push(`  ${r} = math.ipowi ${b}, ${powers[j]} : ${t}`, `  vector.print ${r} : ${t}`);
      });
    });
  }
  lines.push('  return', '}', '');
  return lines.join('\n');
}

test('wasm: math.absi/ctlz/cttz/ctpop/ipowi at widths 1..64 match mlir-runner and the JavaScript backend', () => {
  for (const seed of [1, 2]) expectSame(`intmath-${seed}`, intMathProgram(seed), ['--convert-math-to-funcs']);
});

test('wasm: math.ipowi of 0 to a negative power is the JavaScript backend\'s located division by zero', () => {
  expectSameError(
    'ipowi-div0',
    `func.func @main() {
  %m = memref.alloc() : memref<2xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %n = arith.constant -3 : i32
  memref.store %z, %m[%c0] : memref<2xi32>
  memref.store %n, %m[%c1] : memref<2xi32>
  %b = memref.load %m[%c0] : memref<2xi32>
  %p = memref.load %m[%c1] : memref<2xi32>
  vector.print str "before\\n"
  %r = math.ipowi %b, %p : i32
  vector.print %r : i32
  return
}
`,
    /ipowi-div0.mlir:12:8: error: 'math.ipowi' op division by zero/,
  );
});

test('wasm: math.cbrt of f32 and f64 is glibc\'s cbrtf/cbrt bit for bit (convert-math-to-libm), on both backends', () => {
  const rng = new Rng(7);
  const xs = [0, -0, 1, -1, 8, 27, -27, 0.001, 3, 2 ** -1060, -(2 ** -1070), 2 ** -140, 1e300, -1e-300, 123.456, Infinity, -Infinity, NaN];
  for (let i = 0; i < 40; i++) xs.push((rng.next() - 0.5) * 10 ** (rng.int(40) - 20));
  const lines = ['func.func @main() {', '  %c0 = arith.constant 0 : index'];
  let n = 0;
  for (const [t, it] of [
    ['f64', 'i64'],
    ['f32', 'i32'],
  ] as const) {
    lines.push(`  %m${t} = memref.alloc() : memref<1x${t}>`);
    for (const x of xs) {
      const lit = Number.isNaN(x) ? (t === 'f64' ? '0x7FF8000000000000' : '0x7FC00000') : x === Infinity ? (t === 'f64' ? '0x7FF0000000000000' : '0x7F800000') : x === -Infinity ? (t === 'f64' ? '0xFFF0000000000000' : '0xFF800000') : Object.is(x, -0) ? '-0.0' : x.toExponential(17);
      const k = n++;
      lines.push(
        `  %x${k} = arith.constant ${lit} : ${t}`,
        `  memref.store %x${k}, %m${t}[%c0] : memref<1x${t}>`,
        `  %l${k} = memref.load %m${t}[%c0] : memref<1x${t}>`,
        `  %r${k} = math.cbrt %l${k} : ${t}`,
        `  %b${k} = arith.bitcast %r${k} : ${t} to ${it}`,
        `  vector.print %b${k} : ${it}`,
      );
    }
  }
  lines.push('  return', '}', '');
  expectSame('cbrt', lines.join('\n'), ['--convert-math-to-libm']);
});
