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
import { join } from 'node:path';
import { CORPUS } from './paths.js';
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

/** addui_extended, mulsi_extended and mului_extended of pairs of samples at each width (through memory: nothing folds). */
function extendedProgram(seed: number): string {
  const rng = new Rng(seed);
  const lines = ['func.func @main() {'];
  let n = 0;
  const v = (): string => `%v${n++}`;
  for (const w of WIDTHS) {
    const t = `i${w}`;
    const vals = samples(rng, w);
    const m = v();
    lines.push(`  ${m} = memref.alloc() : memref<${vals.length}x${t}>`);
    const loaded = vals.map((x, i) => {
      const [c, ic, r] = [v(), v(), v()];
      lines.push(`  ${c} = arith.constant ${w === 1 ? x & 1n : x} : ${t}`, `  ${ic} = arith.constant ${i} : index`, `  memref.store ${c}, ${m}[${ic}] : memref<${vals.length}x${t}>`);
      lines.push(`  ${r} = memref.load ${m}[${ic}] : memref<${vals.length}x${t}>`);
      return r;
    });
    for (let k = 0; k < 40; k++) {
      const a = loaded[rng.int(loaded.length)];
      const b = loaded[rng.int(loaded.length)];
      for (const op of ['mulsi_extended', 'mului_extended', 'addui_extended']) {
        const [r0, r1] = [v(), v()];
        lines.push(`  ${r0}, ${r1} = arith.${op} ${a}, ${b} : ${t}${op === 'addui_extended' ? ', i1' : ''}`, `  vector.print ${r0} : ${t}`, `  vector.print ${r1} : ${op === 'addui_extended' ? 'i1' : t}`);
      }
    }
  }
  lines.push('  return', '}', '');
  return lines.join('\n');
}

test('wasm: arith.addui_extended, mulsi_extended and mului_extended at widths 1..64 match mlir-runner and the JavaScript backend', () => {
  for (const seed of [3, 4]) expectSame(`extended-${seed}`, extendedProgram(seed));
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

/** The atomics of every kind (mulf/muli only against the JavaScript backend: MLIR's LLVM lowering has no atomic multiply) and memref.realloc. */
const ATOMICS_REALLOC = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  // realloc: grow (static), shrink (dynamic)
  %a = memref.alloc() : memref<4xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = arith.index_cast %i : index to i32
    %w = arith.muli %v, %v : i32
    memref.store %w, %a[%i] : memref<4xi32>
  }
  %b = memref.realloc %a : memref<4xi32> to memref<6xi32>
  %seven = arith.constant 7 : i32
  memref.store %seven, %b[%c4] : memref<6xi32>
  memref.store %seven, %b[%c1] : memref<6xi32>
  scf.for %i = %c0 to %c2 step %c1 {
    %x = memref.load %b[%i] : memref<6xi32>
    vector.print %x : i32
  }
  %bd = memref.cast %b : memref<6xi32> to memref<?xi32>
  %c = memref.realloc %bd(%c3) : memref<?xi32> to memref<?xi32>
  %d = memref.dim %c, %c0 : memref<?xi32>
  vector.print %d : index
  scf.for %i = %c0 to %d step %c1 {
    %x = memref.load %c[%i] : memref<?xi32>
    vector.print %x : i32
  }
  memref.dealloc %c : memref<?xi32>
  // atomics
  %f = memref.alloc() : memref<3xf32>
  %g = memref.alloc() : memref<3xi16>
  %fz = arith.constant 1.5 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %iz = arith.constant -5 : i16
  scf.for %i = %c0 to %c3 step %c1 {
    memref.store %fz, %f[%i] : memref<3xf32>
    memref.store %iz, %g[%i] : memref<3xi16>
  }
  %x1 = arith.constant 2.25 : f32
  %r1 = memref.atomic_rmw addf %x1, %f[%c0] : (f32, memref<3xf32>) -> f32
  %r2 = memref.atomic_rmw mulf %x1, %f[%c0] : (f32, memref<3xf32>) -> f32
  %r3 = memref.atomic_rmw maximumf %x1, %f[%c1] : (f32, memref<3xf32>) -> f32
  %r4 = memref.atomic_rmw minimumf %x1, %f[%c1] : (f32, memref<3xf32>) -> f32
  %r5 = memref.atomic_rmw assign %nan, %f[%c2] : (f32, memref<3xf32>) -> f32
  %r6 = memref.atomic_rmw maxnumf %x1, %f[%c2] : (f32, memref<3xf32>) -> f32
  %r7 = memref.atomic_rmw minnumf %nan, %f[%c2] : (f32, memref<3xf32>) -> f32
  vector.print %r1 : f32
  vector.print %r2 : f32
  vector.print %r3 : f32
  vector.print %r4 : f32
  vector.print %r5 : f32
  vector.print %r6 : f32
  vector.print %r7 : f32
  scf.for %i = %c0 to %c3 step %c1 {
    %x = memref.load %f[%i] : memref<3xf32>
    vector.print %x : f32
  }
  %y = arith.constant 30000 : i16
  %s1 = memref.atomic_rmw addi %y, %g[%c0] : (i16, memref<3xi16>) -> i16
  %s2 = memref.atomic_rmw addi %y, %g[%c0] : (i16, memref<3xi16>) -> i16
  %s3 = memref.atomic_rmw muli %y, %g[%c0] : (i16, memref<3xi16>) -> i16
  %s4 = memref.atomic_rmw maxs %y, %g[%c1] : (i16, memref<3xi16>) -> i16
  %s5 = memref.atomic_rmw mins %iz, %g[%c1] : (i16, memref<3xi16>) -> i16
  %s6 = memref.atomic_rmw maxu %iz, %g[%c1] : (i16, memref<3xi16>) -> i16
  %s7 = memref.atomic_rmw minu %y, %g[%c1] : (i16, memref<3xi16>) -> i16
  %s8 = memref.atomic_rmw andi %y, %g[%c2] : (i16, memref<3xi16>) -> i16
  %s9 = memref.atomic_rmw ori %iz, %g[%c2] : (i16, memref<3xi16>) -> i16
  %s10 = memref.atomic_rmw xori %y, %g[%c2] : (i16, memref<3xi16>) -> i16
  %s11 = memref.atomic_rmw assign %y, %g[%c2] : (i16, memref<3xi16>) -> i16
  vector.print %s1 : i16
  vector.print %s2 : i16
  vector.print %s3 : i16
  vector.print %s4 : i16
  vector.print %s5 : i16
  vector.print %s6 : i16
  vector.print %s7 : i16
  vector.print %s8 : i16
  vector.print %s9 : i16
  vector.print %s10 : i16
  vector.print %s11 : i16
  %q = memref.generic_atomic_rmw %g[%c1] : memref<3xi16> {
  ^bb0(%cur: i16):
    %n = arith.muli %cur, %cur : i16
    %n2 = arith.addi %n, %y : i16
    memref.atomic_yield %n2 : i16
  }
  vector.print %q : i16
  scf.for %i = %c0 to %c3 step %c1 {
    %x = memref.load %g[%i] : memref<3xi16>
    vector.print %x : i16
  }
  memref.dealloc %f : memref<3xf32>
  memref.dealloc %g : memref<3xi16>
  return
}
`;

test('wasm: memref.realloc (static, dynamic, growing, shrinking) and memref.atomic_rmw of every kind and generic_atomic_rmw match mlir-runner', () => {
  const withoutMul = ATOMICS_REALLOC.split('\n')
    .filter((l) => !/atomic_rmw mul|print %r2 |print %s3 /.test(l))
    .join('\n');
  assert.notEqual(withoutMul, ATOMICS_REALLOC);
  expectSame('atomics', withoutMul, ['--expand-realloc']);
  // With the multiplications: both backends alike, on wasm.
  const file = writeTemp(tempDir(), 'atomics-mul.mlir', ATOMICS_REALLOC);
  const wasm = runOurs([file, '--debug-backend']);
  assert.equal(wasm.stderr, 'scf-run: backend: wasm\n');
  assert.equal(wasm.stdout, runOurs([file, '--backend=js']).stdout);
  assert.match(wasm.stdout, /^1\.5\n3\.75\n1\.5\n/m);
});

test('wasm: a realloc\'d source is dead (the JavaScript backend\'s errors for its use and its second realloc)', () => {
  const head = `func.func @main() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xi32>
  %b = memref.realloc %a : memref<4xi32> to memref<8xi32>
  vector.print str "ok\\n"
`;
  expectSameError('realloc-use', head + '  %x = memref.load %a[%c0] : memref<4xi32>\n  return\n}\n', /realloc-use.mlir:6:8: error: 'memref.load' op accesses a memref after its deallocation/);
  expectSameError('realloc-twice', head + '  %d = memref.realloc %a : memref<4xi32> to memref<2xi32>\n  return\n}\n', /realloc-twice.mlir:6:8: error: 'memref.realloc' op reallocates a deallocated memref/);
});

const SCOPES_AND_MORE = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  // allocas in scf.forall bodies: released per iteration
  %out = memref.alloc() : memref<3x4xi64>
  scf.forall (%i, %j) in (3, 4) {
    %t = memref.alloca() : memref<2xi64>
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    memref.store %ii, %t[%c0] : memref<2xi64>
    memref.store %jj, %t[%c1] : memref<2xi64>
    %a = memref.load %t[%c0] : memref<2xi64>
    %b = memref.load %t[%c1] : memref<2xi64>
    %k = arith.constant 10 : i64
    %m = arith.muli %a, %k : i64
    %s = arith.addi %m, %b : i64
    scf.for %q = %c0 to %c1 step %c1 {
      %u = memref.alloca(%c3) : memref<?xi64>
      memref.store %s, %u[%c0] : memref<?xi64>
      %v = memref.load %u[%c0] : memref<?xi64>
      memref.store %v, %out[%i, %j] : memref<3x4xi64>
    }
  }
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %x = memref.load %out[%i, %j] : memref<3x4xi64>
      vector.print %x : i64
    }
  }
  // memory spaces, memory_space_cast, prefetch, distinct_objects
  %ms = memref.alloc() : memref<4xf32, 1>
  %f = arith.constant 2.5 : f32
  memref.store %f, %ms[%c1] : memref<4xf32, 1>
  memref.prefetch %ms[%c1], read, locality<3>, data : memref<4xf32, 1>
  %g = memref.memory_space_cast %ms : memref<4xf32, 1> to memref<4xf32>
  %h = memref.load %g[%c1] : memref<4xf32>
  vector.print %h : f32
  memref.dealloc %g : memref<4xf32>
  memref.dealloc %out : memref<3x4xi64>
  // cf.assert that holds; index.cmp, index.bool.constant, index.sizeof; ceildivui
  %true = index.bool.constant true
  cf.assert %true, "never"
  %lt = index.cmp ult(%c1, %c4)
  cf.assert %lt, "1 < 4"
  vector.print %lt : i1
  %sz = index.sizeof
  vector.print %sz : index
  %n7 = arith.constant -7 : i8
  %n2 = arith.constant 3 : i8
  %mm = memref.alloc() : memref<2xi8>
  memref.store %n7, %mm[%c0] : memref<2xi8>
  memref.store %n2, %mm[%c1] : memref<2xi8>
  %l7 = memref.load %mm[%c0] : memref<2xi8>
  %l2 = memref.load %mm[%c1] : memref<2xi8>
  %cd = arith.ceildivui %l7, %l2 : i8
  vector.print %cd : i8
  %cd2 = arith.ceildivui %l2, %l7 : i8
  vector.print %cd2 : i8
  %ie = arith.index_cast %l7 : i8 to index
  %ic = index.ceildivu %ie, %c3
  vector.print %ic : index
  memref.dealloc %mm : memref<2xi8>
  return
}
`;

test('wasm: allocas in scf.forall bodies (freed per iteration), memory spaces, prefetch, cf.assert, index.cmp/bool.constant/sizeof and ceildivui match mlir-runner', () => {
  expectSame('scopes', SCOPES_AND_MORE);
});

// MLIR's lowering does not reclaim these allocas (mlir-runner overflows its stack): compared with the JavaScript backend only.
test('wasm: an scf.forall body frees its allocas every iteration (6000 iterations of 1 MiB allocas, 6 GiB in all, run)', () => {
  const file = writeTemp(
    tempDir(),
    'forall-churn.mlir',
    `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.alloc() : memref<1xi64>
  %z = arith.constant 0 : i64
  memref.store %z, %s[%c0] : memref<1xi64>
  scf.forall (%i) in (6000) {
    %t = memref.alloca() : memref<131072xi64>
    %v = arith.index_cast %i : index to i64
    memref.store %v, %t[%c1] : memref<131072xi64>
    %w = memref.load %t[%c1] : memref<131072xi64>
    %o = memref.load %s[%c0] : memref<1xi64>
    %n = arith.addi %o, %w : i64
    memref.store %n, %s[%c0] : memref<1xi64>
  }
  %r = memref.load %s[%c0] : memref<1xi64>
  vector.print %r : i64
  memref.dealloc %s : memref<1xi64>
  return
}
`,
  );
  const wasm = runOurs([file, '--debug-backend']);
  assert.equal(wasm.stderr, 'scf-run: backend: wasm\n');
  assert.equal(wasm.stdout, '17997000\n');
  assert.equal(runOurs([file, '--backend=js']).stdout, wasm.stdout);
});

test('wasm: a failing cf.assert is the JavaScript backend\'s located error with its message', () => {
  expectSameError(
    'assert',
    `func.func @main() {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<1xi1>
  %f = arith.constant false
  memref.store %f, %m[%c0] : memref<1xi1>
  %x = memref.load %m[%c0] : memref<1xi1>
  vector.print str "before\\n"
  cf.assert %x, "x must hold"
  vector.print str "after\\n"
  return
}
`,
    /assert.mlir:8:3: error: 'cf.assert' op assertion failed: x must hold/,
  );
});

// scf.loop, scf.break and scf.continue (and execute_region's token) are not in MLIR 22: compared with the JavaScript backend.
test('wasm: scf.loop, scf.break/continue and execute_region tokens (nested loops, a break through two loops, a versioned loop over a memref, its located use after free) run as on the JavaScript backend', () => {
  const text = `func.func @search(%m: memref<4x5xi32>, %key: i32) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %none = arith.constant 99 : index
  %r:2 = scf.execute_region -> (index, index) {
  ^bb0(%ret: token):
    scf.loop token(%ti) iter_args(%i = %c0) : index {
      %idone = arith.cmpi sge, %i, %c4 : index
      scf.if %idone {
        scf.break [%ti]
      }
      scf.loop token(%tj) iter_args(%j = %c0) : index {
        %jdone = arith.cmpi sge, %j, %c5 : index
        scf.if %jdone {
          scf.break [%tj]
        }
        %x = memref.load %m[%i, %j] : memref<4x5xi32>
        %hit = arith.cmpi eq, %x, %key : i32
        scf.if %hit {
          scf.break %ret, %i, %j : index, index
        }
        %j1 = arith.addi %j, %c1 : index
        scf.continue [%tj] %j1 : index
      }
      %i1 = arith.addi %i, %c1 : index
      scf.continue [%ti] %i1 : index
    }
    scf.yield %none, %none : index, index
  }
  return %r#0, %r#1 : index, index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %m = memref.alloc() : memref<4x5xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %p = arith.muli %i, %c5 : index
      %q = arith.addi %p, %j : index
      %v = arith.index_cast %q : index to i32
      %v2 = arith.muli %v, %v : i32
      memref.store %v2, %m[%i, %j] : memref<4x5xi32>
    }
  }
  %k1 = arith.constant 49 : i32
  %k2 = arith.constant 50 : i32
  %a:2 = func.call @search(%m, %k1) : (memref<4x5xi32>, i32) -> (index, index)
  %b:2 = func.call @search(%m, %k2) : (memref<4x5xi32>, i32) -> (index, index)
  vector.print %a#0 : index
  vector.print %a#1 : index
  vector.print %b#0 : index
  // A loop reading a memref that another loop deallocates on its way out: the use after free is located.
  %z = arith.constant 0 : i32
  %lim = arith.constant 300 : i32
  %s:2 = scf.loop token(%t) iter_args(%i = %c0, %acc = %z) : index, i32 -> (index, i32) {
    %i4 = arith.remui %i, %c4 : index
    %x = memref.load %m[%i4, %c4] : memref<4x5xi32>
    %a2 = arith.addi %acc, %x : i32
    %big = arith.cmpi sgt, %a2, %lim : i32
    scf.if %big {
      scf.break [%t] %i, %a2 : index, i32
    }
    %i1 = arith.addi %i, %c1 : index
    scf.continue [%t] %i1, %a2 : index, i32
  }
  vector.print %s#0 : index
  vector.print %s#1 : i32
  memref.dealloc %m : memref<4x5xi32>
  scf.loop token(%u) iter_args(%i = %c0) : index {
    vector.print %i : index
    %x = memref.load %m[%c0, %i] : memref<4x5xi32>
    %i1 = arith.addi %i, %c1 : index
    scf.continue [%u] %i1 : index
  }
  return
}
`;
  expectSameError('early-exit', text, /early-exit.mlir:76:10: error: 'memref.load' op accesses a memref after its deallocation/);
  const file = writeTemp(tempDir(), 'early-exit-2.mlir', text);
  const r = runOurs([file, '--debug-backend']);
  assert.match(r.stderr, /^scf-run: backend: wasm\n/);
  assert.equal(r.stdout, '1\n2\n99\n3\n654\n0\n');
});

const UNRANKED = `func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @describe(%u: memref<*xf32>) -> index {
  %c0 = arith.constant 0 : index
  %r = memref.rank %u : memref<*xf32>
  vector.print %r : index
  %d0 = memref.dim %u, %c0 : memref<*xf32>
  vector.print %d0 : index
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return %r : index
}

func.func @fill(%u: memref<*xf32>, %v: f32) -> memref<*xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.cast %u : memref<*xf32> to memref<?x?xf32>
  %n0 = memref.dim %m, %c0 : memref<?x?xf32>
  %n1 = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %n0 step %c1 {
    scf.for %j = %c0 to %n1 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %g = arith.addf %f, %v : f32
      memref.store %g, %m[%i, %j] : memref<?x?xf32>
    }
  }
  %r = func.call @describe(%u) : (memref<*xf32>) -> index
  return %u : memref<*xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<3x4xf32>
  %u = memref.cast %a : memref<3x4xf32> to memref<*xf32>
  %half = arith.constant 0.5 : f32
  %back = func.call @fill(%u, %half) : (memref<*xf32>, f32) -> memref<*xf32>
  func.call @printMemrefF32(%back) : (memref<*xf32>) -> ()
  // A strided view through an unranked argument.
  %sv = memref.subview %a[1, 1] [2, 2] [1, 2] : memref<3x4xf32> to memref<2x2xf32, strided<[4, 2], offset: 5>>
  %su = memref.cast %sv : memref<2x2xf32, strided<[4, 2], offset: 5>> to memref<*xf32>
  %r2 = func.call @describe(%su) : (memref<*xf32>) -> index
  memref.dealloc %back : memref<*xf32>
  return
}
`;

test('wasm: unranked memref arguments and results (rank, dim, printMemref, casts to ranked, passed on, returned, a strided view, dealloc) match mlir-runner', () => {
  expectSame('unranked', UNRANKED);
});

test('wasm: casting an unranked argument to the wrong rank, and its dim out of range, are the JavaScript backend\'s located errors', () => {
  // The same program, then a 1-D memref passed where @fill casts to rank 2.
  const oneD = `  // A 1-D and a 0-D one.
  %b = memref.alloc() : memref<5xf32>
  %bu = memref.cast %b : memref<5xf32> to memref<*xf32>
  %nan = arith.constant 7.0 : f32
  %b2 = func.call @fill(%bu, %nan) : (memref<*xf32>, f32) -> memref<*xf32>
  vector.print str "unreachable\\n"
`;
  expectSameError('unranked-rank', UNRANKED.replace('  memref.dealloc %back : memref<*xf32>\n', oneD + '  memref.dealloc %back : memref<*xf32>\n'), /unranked-rank.mlir:17:8: error: 'memref.cast' op casts a memref of rank 1 to rank 2/);
  expectSameError(
    'unranked-dim',
    UNRANKED.replace('%d0 = memref.dim %u, %c0 : memref<*xf32>', '%c3 = arith.constant 3 : index\n  %d0 = memref.dim %u, %c3 : memref<*xf32>'),
    /unranked-dim.mlir:9:9: error: 'memref.dim' op dimension index 3 is out of bounds for a memref of rank 2/,
  );
});

test('wasm: the corpus\' unranked-memref.mlir (linalg lowered by mlir-opt) runs on wasm and matches mlir-runner', { skip: !existsSync(join(CORPUS, 'mlir-runner/unranked-memref.mlir')) && 'corpus missing' }, () => {
  const lowered = spawnSync(MLIR_OPT, ['--convert-linalg-to-loops', join(CORPUS, 'mlir-runner/unranked-memref.mlir')], { encoding: 'utf8' });
  assert.equal(lowered.status, 0, lowered.stderr);
  // printMemrefI8 is not among the runtime functions either backend binds.
  expectSame('unranked-corpus', lowered.stdout.split('\n').filter((l) => !l.includes('call @printMemrefI8')).join('\n'));
});

test('wasm: func.constant and func.call_indirect (selected function values, a memref argument) match mlir-runner', () => {
  expectSame('indirect', `func.func @sq(%x: i32) -> i32 {
  %r = arith.muli %x, %x : i32
  return %r : i32
}
func.func @neg(%x: i32) -> i32 {
  %z = arith.constant 0 : i32
  %r = arith.subi %z, %x : i32
  return %r : i32
}
func.func @apply(%f: (i32) -> i32, %x: i32) -> i32 {
  %r = func.call_indirect %f(%x) : (i32) -> i32
  %r2 = func.call_indirect %f(%r) : (i32) -> i32
  return %r2 : i32
}
func.func @show(%m: memref<2xf32>) {
  %c1 = arith.constant 1 : index
  %v = memref.load %m[%c1] : memref<2xf32>
  vector.print %v : f32
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = func.constant @sq : (i32) -> i32
  %b = func.constant @neg : (i32) -> i32
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %two = arith.constant 2 : index
    %r = arith.remui %i, %two : index
    %even = arith.cmpi eq, %r, %c0 : index
    %f = arith.select %even, %a, %b : (i32) -> i32
    %y = func.call @apply(%f, %ii) : ((i32) -> i32, i32) -> i32
    vector.print %y : i32
  }
  %m = memref.alloc() : memref<2xf32>
  %h = arith.constant 1.5 : f32
  memref.store %h, %m[%c1] : memref<2xf32>
  %s = func.constant @show : (memref<2xf32>) -> ()
  func.call_indirect %s(%m) : (memref<2xf32>) -> ()
  memref.dealloc %m : memref<2xf32>
  return
}
`);
});

test('wasm: unbounded recursion through a function value is a located stack overflow, as on the JavaScript backend', () => {
  const file = writeTemp(tempDir(), 'indirect-rec.mlir', `func.func @loop(%f: (i32) -> i32, %x: i32) -> i32 {
  %r = func.call_indirect %f(%x) : (i32) -> i32
  return %r : i32
}
func.func @down(%x: i32) -> i32 {
  %f = func.constant @down : (i32) -> i32
  %one = arith.constant 1 : i32
  %y = arith.addi %x, %one : i32
  %r = func.call @loop(%f, %y) : ((i32) -> i32, i32) -> i32
  return %r : i32
}
func.func @main() {
  vector.print str "start\\n"
  %z = arith.constant 0 : i32
  %r = func.call @down(%z) : (i32) -> i32
  vector.print %r : i32
  return
}
`);
  for (const backend of ['wasm', 'js']) {
    const r = runOurs([file, `--backend=${backend}`]);
    assert.equal(r.code, 1, backend);
    assert.equal(r.stdout, 'start\n', backend);
    // Which of the two calls in the cycle overflows depends on the engine's stack.
    assert.match(r.stderr, /^.*indirect-rec.mlir:(9:8: error: 'func.call'|2:8: error: 'func.call_indirect') op stack overflow: the call depth exceeds/, backend);
  }
});

const UNRANKED_COPY = `func.func private @printMemrefF32(memref<*xf32>)
func.func @cp(%a: memref<*xf32>, %b: memref<*xf32>) {
  memref.copy %a, %b : memref<*xf32> to memref<*xf32>
  return
}
func.func @cp2(%a: memref<*xf32>, %b: memref<2x3xf32>) {
  memref.copy %a, %b : memref<*xf32> to memref<2x3xf32>
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2x3xf32>
  %b = memref.alloc() : memref<2x3xf32>
  %c = memref.alloc() : memref<2x3xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %p = arith.muli %i, %c3 : index
      %q = arith.addi %p, %j : index
      %v = arith.index_cast %q : index to i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %a[%i, %j] : memref<2x3xf32>
    }
  }
  %au = memref.cast %a : memref<2x3xf32> to memref<*xf32>
  %bu = memref.cast %b : memref<2x3xf32> to memref<*xf32>
  func.call @cp(%au, %bu) : (memref<*xf32>, memref<*xf32>) -> ()
  func.call @printMemrefF32(%bu) : (memref<*xf32>) -> ()
  %t = memref.transpose %a (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  %tu = memref.cast %t : memref<3x2xf32, strided<[1, 3]>> to memref<*xf32>
  %cu = memref.cast %c : memref<2x3xf32> to memref<*xf32>
  func.call @cp2(%au, %c) : (memref<*xf32>, memref<2x3xf32>) -> ()
  func.call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<2x3xf32>
  memref.dealloc %b : memref<2x3xf32>
  memref.dealloc %c : memref<2x3xf32>
  return
}
`;

test('wasm: memref.copy from and to unranked arguments matches mlir-runner; copying between different shapes is the JavaScript backend\'s located error', () => {
  expectSame('unranked-copy', UNRANKED_COPY);
  const bad = UNRANKED_COPY.replace('func.call @cp2(%au, %c)', 'func.call @cp(%tu, %bu) : (memref<*xf32>, memref<*xf32>) -> ()\n  func.call @cp2(%au, %c)');
  assert.notEqual(bad, UNRANKED_COPY);
  expectSameError('unranked-copy-bad', bad, /unranked-copy-bad.mlir:3:3: error: 'memref.copy' op copies between memrefs of different shapes \[3, 2\] and \[2, 3\]/);
});
