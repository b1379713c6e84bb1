// The WebAssembly backend: exact integer semantics at several widths, floats,
// control flow and memrefs against mlir-runner (when installed; else against
// the JavaScript backend), the same output and located errors as the
// JavaScript backend on the exec test programs, and the backend choice
// (--backend, --debug-backend, the fallback).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { MLIR_RUNNER, runOurs, runReference, tempDir, writeTemp } from './difftool.js';
import { PROGRAMS, ROOT } from './paths.js';
import { compileFor, loadModule, parse, WasmUnsupported } from '../../src/index.js';
import { WasmEngine } from '../../src/exec/wasm/engine.js';
import { Rng } from './gen.js';

/** An integer in [lo, hi]. */
const ri = (rng: Rng, lo: number, hi: number): number => lo + rng.int(hi - lo + 1);

const WIDTHS = [1, 8, 13, 16, 32, 33, 48, 64];
const BINARY = ['addi', 'subi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'minsi', 'maxui', 'minui', 'divsi', 'divui', 'remsi', 'remui', 'floordivsi', 'ceildivsi'];
const PREDS = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];

/** Values of width w worth testing (extremes, small, random). */
function samples(rng: Rng, w: number): bigint[] {
  const min = -(1n << BigInt(w - 1));
  const max = (1n << BigInt(w - 1)) - 1n;
  const out = new Set<bigint>([0n, 1n, -1n, min, max, min + 1n, max - 1n]);
  for (let i = 0; i < 3; i++) out.add(BigInt.asIntN(w, BigInt(ri(rng, 0, 2 ** 30)) * BigInt(ri(rng, 1, 2 ** 30)) + BigInt(ri(rng, 0, 1000))));
  return [...out].map((v) => BigInt.asIntN(w, v)).slice(0, w === 1 ? 2 : 10);
}

/**
 * One program printing every binary op and comparison on pairs of values of
 * each width (values go through memory, so nothing folds), casts between
 * widths, shifts by constants, and float arithmetic.
 */
function arithmeticProgram(seed: number): string {
  const rng = new Rng(seed);
  const lines: string[] = ['func.func @main() {', '  %c0 = arith.constant 0 : index', '  %c1 = arith.constant 1 : index'];
  let n = 0;
  const v = (): string => `%v${n++}`;
  for (const w of WIDTHS) {
    const t = `i${w}`;
    const vals = samples(rng, w);
    const m = v();
    lines.push(`  ${m} = memref.alloc() : memref<${vals.length}x${t}>`);
    vals.forEach((x, i) => {
      const c = v();
      const ic = v();
      lines.push(`  ${c} = arith.constant ${w === 1 ? x & 1n : x} : ${t}`, `  ${ic} = arith.constant ${i} : index`, `  memref.store ${c}, ${m}[${ic}] : memref<${vals.length}x${t}>`);
    });
    const loaded = vals.map((_, i) => {
      const ic = v();
      const r = v();
      lines.push(`  ${ic} = arith.constant ${i} : index`, `  ${r} = memref.load ${m}[${ic}] : memref<${vals.length}x${t}>`);
      return r;
    });
    for (let k = 0; k < 24; k++) {
      const i = ri(rng, 0, vals.length - 1);
      const j = ri(rng, 0, vals.length - 1);
      const op = BINARY[ri(rng, 0, BINARY.length - 1)];
      if (w === 1 && (op.includes('div') || op.startsWith('rem'))) continue;
      const [a, b] = [vals[i], vals[j]];
      // Skip undefined behaviour: division by zero and the signed overflow.
      if (op.includes('div') || op.startsWith('rem')) {
        if (b === 0n) continue;
        if (op.endsWith('si') && a === -(1n << BigInt(w - 1)) && b === -1n) continue;
      }
      const r = v();
      lines.push(`  ${r} = arith.${op} ${loaded[i]}, ${loaded[j]} : ${t}`, `  vector.print ${r} : ${t}`);
    }
    for (const p of PREDS) {
      const r = v();
      lines.push(`  ${r} = arith.cmpi ${p}, ${loaded[ri(rng, 0, vals.length - 1)]}, ${loaded[ri(rng, 0, vals.length - 1)]} : ${t}`, `  vector.print ${r} : i1`);
    }
    {
      for (const sh of ['shli', 'shrsi', 'shrui']) {
        const c = v();
        const r = v();
        lines.push(`  ${c} = arith.constant ${ri(rng, 0, w - 1)} : ${t}`, `  ${r} = arith.${sh} ${loaded[ri(rng, 0, vals.length - 1)]}, ${c} : ${t}`, `  vector.print ${r} : ${t}`);
      }
    }
    for (const w2 of WIDTHS) {
      if (w2 === w) continue;
      const x = loaded[ri(rng, 0, vals.length - 1)];
      const r = v();
      if (w2 > w) lines.push(`  ${r} = arith.${ri(rng, 0, 1) ? 'extsi' : 'extui'} ${x} : ${t} to i${w2}`);
      else lines.push(`  ${r} = arith.trunci ${x} : ${t} to i${w2}`);
      lines.push(`  vector.print ${r} : i${w2}`);
    }
    const x = loaded[ri(rng, 0, vals.length - 1)];
    for (const [cast, ft] of [
      ['sitofp', 'f32'],
      ['uitofp', 'f64'],
    ]) {
      if (w === 1 && cast === 'sitofp') continue;
      const r = v();
      lines.push(`  ${r} = arith.${cast} ${x} : ${t} to ${ft}`, `  vector.print ${r} : ${ft}`);
    }
    const ix = v();
    lines.push(`  ${ix} = arith.index_cast ${x} : ${t} to index`, `  vector.print ${ix} : index`);
    lines.push(`  memref.dealloc ${m} : memref<${vals.length}x${t}>`);
  }
  // Floats.
  for (const ft of ['f32', 'f64']) {
    const a = v();
    const b = v();
    lines.push(`  ${a} = arith.constant 1.7 : ${ft}`, `  ${b} = arith.constant -0.3 : ${ft}`);
    for (const op of ['addf', 'subf', 'mulf', 'divf', 'maximumf', 'minimumf', 'remf']) {
      const r = v();
      const r2 = v();
      lines.push(`  ${r} = arith.${op} ${a}, ${b} : ${ft}`, `  vector.print ${r} : ${ft}`);
      lines.push(`  ${r2} = arith.${op} ${b}, ${a} : ${ft}`, `  vector.print ${r2} : ${ft}`);
    }
    const s = v();
    lines.push(`  ${s} = math.sqrt ${a} : ${ft}`, `  vector.print ${s} : ${ft}`);
    for (const p of ['oeq', 'one', 'olt', 'uge', 'ord', 'uno']) {
      const r = v();
      lines.push(`  ${r} = arith.cmpf ${p}, ${a}, ${b} : ${ft}`, `  vector.print ${r} : i1`);
    }
  }
  lines.push('  return', '}');
  return lines.join('\n') + '\n';
}

/** Loops, while, if, 2-D dynamic memrefs, calls and a 64-bit hash: the shapes of the bench kernels, small. */
const CONTROL = `
func.func @mix(%h: i64, %v: i64) -> i64 {
  %prime = arith.constant 1099511628211 : i64
  %x = arith.xori %h, %v : i64
  %y = arith.muli %x, %prime : i64
  return %y : i64
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 37 : index
  %k = arith.constant 5 : index
  %m = memref.alloc(%n, %k) : memref<?x?xi64>
  %seed = arith.constant 88172645463325252 : i64
  %c13 = arith.constant 13 : i64
  %c7 = arith.constant 7 : i64
  %c17 = arith.constant 17 : i64
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%x = %seed) -> (i64) {
    %r = scf.for %j = %c0 to %k step %c1 iter_args(%y = %x) -> (i64) {
      %a1 = arith.shli %y, %c13 : i64
      %y1 = arith.xori %y, %a1 : i64
      %a2 = arith.shrui %y1, %c7 : i64
      %y2 = arith.xori %y1, %a2 : i64
      %a3 = arith.shli %y2, %c17 : i64
      %y3 = arith.xori %y2, %a3 : i64
      memref.store %y3, %m[%i, %j] : memref<?x?xi64>
      scf.yield %y3 : i64
    }
    scf.yield %r : i64
  }
  vector.print %last : i64
  %basis = arith.constant -3750763034362895579 : i64
  %h = scf.for %i = %c0 to %n step %c1 iter_args(%hh = %basis) -> (i64) {
    %h2 = scf.for %j = %c0 to %k step %c1 iter_args(%g = %hh) -> (i64) {
      %v = memref.load %m[%i, %j] : memref<?x?xi64>
      %g2 = func.call @mix(%g, %v) : (i64, i64) -> i64
      scf.yield %g2 : i64
    }
    scf.yield %h2 : i64
  }
  vector.print %h : i64
  %d = memref.dim %m, %c1 : memref<?x?xi64>
  vector.print %d : index
  %one = arith.constant 1 : i32
  %start = arith.constant 27 : i32
  %z = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  %w:2 = scf.while (%x = %start, %s = %z) : (i32, i32) -> (i32, i32) {
    %ne = arith.cmpi ne, %x, %one : i32
    scf.condition(%ne) %x, %s : i32, i32
  } do {
  ^bb0(%x: i32, %s: i32):
    %odd = arith.andi %x, %one : i32
    %isodd = arith.cmpi ne, %odd, %z : i32
    %nx = scf.if %isodd -> (i32) {
      %t = arith.muli %x, %three : i32
      %t1 = arith.addi %t, %one : i32
      scf.yield %t1 : i32
    } else {
      %t = arith.divui %x, %two : i32
      scf.yield %t : i32
    }
    %s1 = arith.addi %s, %one : i32
    scf.yield %nx, %s1 : i32, i32
  }
  vector.print %w#1 : i32
  vector.print str "done\\n"
  memref.dealloc %m : memref<?x?xi64>
  return
}
`;

function expectSame(file: string, label: string): void {
  const ours = runOurs([file, '--backend=wasm']);
  assert.equal(ours.code, 0, `${label}: ${ours.stderr}`);
  const ref = existsSync(MLIR_RUNNER) ? runReference(file) : runOurs([file, '--backend=js']);
  assert.equal(ref.code, 0, ref.stderr);
  const a = ref.stdout.split('\n');
  const b = ours.stdout.split('\n');
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  assert.ok(i === a.length && a.length === b.length, `${label}: output line ${i + 1}: reference ${JSON.stringify(a[i])} vs wasm ${JSON.stringify(b[i])}`);
}

test('wasm: integer ops at widths 1..64, casts, shifts and floats match mlir-runner', () => {
  const dir = tempDir();
  for (const seed of [1, 2, 3, 4, 5, 6]) expectSame(writeTemp(dir, `arith-${seed}.mlir`, arithmeticProgram(seed)), `seed ${seed}`);
});

test('wasm: loops, while, if, 2-D dynamic memrefs and calls match mlir-runner', () => {
  expectSame(writeTemp(tempDir(), 'control.mlir', CONTROL), 'control');
});

test('wasm: scf.execute_region with results, nested in loops and ifs, matches mlir-runner', () => {
  const prog = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %s = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %c0) -> (index) {
    %r:2 = scf.execute_region -> (index, i1) {
      %two = arith.constant 2 : index
      %q = arith.floordivsi %i, %two : index
      %e = arith.cmpi eq, %q, %c1 : index
      %x = scf.execute_region -> index {
        %p = arith.muli %i, %i : index
        scf.yield %p : index
      }
      %y = arith.addi %acc, %x : index
      scf.yield %y, %e : index, i1
    }
    %z = scf.if %r#1 -> index {
      %m = arith.subi %r#0, %c1 : index
      scf.yield %m : index
    } else {
      scf.yield %r#0 : index
    }
    vector.print %z : index
    scf.yield %z : index
  }
  scf.execute_region {
    vector.print %s : index
    scf.yield
  }
  return
}
`;
  expectSame(writeTemp(tempDir(), 'execute-region.mlir', prog), 'execute_region');
});

/**
 * f16 and bf16: every arithmetic op, sqrt, comparisons, casts to and from
 * integers (up to i64) and other floats, and memory round trips, on random
 * values (f16 subnormals included; bf16 kept to normal values: on bf16
 * subnormals mlir-runner and the JavaScript backend disagree).
 */
function halfProgram(seed: number): string {
  const rng = new Rng(seed);
  const lines = ['func.func @main() {', '  %c0 = arith.constant 0 : index', '  %c1 = arith.constant 1 : index', '  %c8 = arith.constant 8 : index'];
  let n = 0;
  const v = (): string => `%v${n++}`;
  for (const t of ['f16', 'bf16']) {
    // Values: a random sign, significand and exponent within the format's normal range (f16: down to subnormals).
    const val = (): string => {
      const e = t === 'f16' ? ri(rng, -24, 15) : ri(rng, -60, 60);
      return ((rng.chance(0.5) ? -1 : 1) * (1 + rng.next()) * 2 ** e).toExponential(6);
    };
    const m = v();
    lines.push(`  ${m} = memref.alloc() : memref<8x${t}>`);
    for (let i = 0; i < 8; i++) {
      const c = v();
      const idx = v();
      lines.push(`  ${c} = arith.constant ${val()} : ${t}`, `  ${idx} = arith.constant ${i} : index`, `  memref.store ${c}, ${m}[${idx}] : memref<8x${t}>`);
    }
    lines.push(`  scf.for %i${t} = %c0 to %c8 step %c1 {`, `    scf.for %j${t} = %c0 to %c8 step %c1 {`);
    const a = v();
    const b = v();
    lines.push(`      ${a} = memref.load ${m}[%i${t}] : memref<8x${t}>`, `      ${b} = memref.load ${m}[%j${t}] : memref<8x${t}>`);
    for (const op of ['addf', 'subf', 'mulf', 'divf', 'remf', 'maximumf', 'minimumf']) {
      const r = v();
      lines.push(`      ${r} = arith.${op} ${a}, ${b} : ${t}`, `      vector.print ${r} : ${t}`);
    }
    const neg = v();
    const abs = v();
    const sq = v();
    lines.push(`      ${neg} = arith.negf ${a} : ${t}`, `      ${abs} = arith.maximumf ${a}, ${neg} : ${t}`, `      ${sq} = math.sqrt ${abs} : ${t}`, `      vector.print ${sq} : ${t}`);
    for (const pred of ['olt', 'oeq', 'uge']) {
      const r = v();
      lines.push(`      ${r} = arith.cmpf ${pred}, ${a}, ${b} : ${t}`, `      vector.print ${r} : i1`);
    }
    const e32 = v();
    const e64 = v();
    const sum = v();
    const back = v();
    const other = t === 'f16' ? 'bf16' : 'f16';
    const o = v();
    lines.push(
      `      ${e32} = arith.extf ${a} : ${t} to f32`,
      `      ${e64} = arith.extf ${b} : ${t} to f64`,
      `      ${sum} = arith.mulf ${e32}, ${e32} : f32`,
      `      ${back} = arith.truncf ${sum} : f32 to ${t}`,
      `      vector.print ${back} : ${t}`,
      `      ${o} = arith.truncf ${e64} : f64 to ${other}`,
      `      vector.print ${o} : ${other}`,
    );
    // Integers to the format: the loop indices scaled into interesting ranges.
    const ii = v();
    lines.push(`      ${ii} = arith.index_cast %i${t} : index to i32`);
    for (const [w, k] of [[8, 37], [16, 4099], [32, 123457], [64, 7777]] as const) {
      const x = v();
      const y = v();
      const it = `i${w}`;
      const kk = v();
      const cast = w === 32 ? ii : v();
      if (w !== 32) lines.push(w < 32 ? `      ${cast} = arith.trunci ${ii} : i32 to ${it}` : `      ${cast} = arith.extsi ${ii} : i32 to ${it}`);
      const neg1 = v();
      lines.push(`      ${kk} = arith.constant ${k} : ${it}`, `      ${neg1} = arith.constant -3 : ${it}`);
      const p = v();
      const q = v();
      lines.push(`      ${p} = arith.muli ${cast}, ${kk} : ${it}`, `      ${q} = arith.addi ${p}, ${neg1} : ${it}`);
      lines.push(`      ${x} = arith.sitofp ${q} : ${it} to ${t}`, `      ${y} = arith.uitofp ${q} : ${it} to ${t}`, `      vector.print ${x} : ${t}`);
      lines.push(`      vector.print ${y} : ${t}`);
    }
    // Stores back a finite value: NaN signs are not this test's subject (and vary between hosts).
    lines.push(`      memref.store ${sq}, ${m}[%j${t}] : memref<8x${t}>`, '    }', '  }', `  memref.dealloc ${m} : memref<8x${t}>`);
  }
  // 2^60 + 2^52 + 1: just above a bf16 tie, which a conversion through f64 would round to even (down).
  for (const x of [1157425104234217473n, -1157425104234217473n, -(1n << 63n), (1n << 63n) - 1n]) {
    const c = v();
    lines.push(`  ${c} = arith.constant ${x} : i64`);
    for (const [op, t] of [['sitofp', 'bf16'], ['uitofp', 'bf16'], ['sitofp', 'f16']]) {
      const r = v();
      lines.push(`  ${r} = arith.${op} ${c} : i64 to ${t}`, `  vector.print ${r} : ${t}`);
    }
  }
  lines.push('  return', '}', '');
  return lines.join('\n');
}

test('wasm: f16 and bf16 arithmetic, casts and memory round to the format exactly as mlir-runner does', () => {
  const dir = tempDir();
  for (const seed of [11, 12, 13]) expectSame(writeTemp(dir, `half-${seed}.mlir`, halfProgram(seed)), `seed ${seed}`);
});

test('wasm: cf branches in function bodies (a CFG loop, cond_br, switch on i8 with negative cases, returns from several blocks) and a multi-block scf.execute_region match mlir-runner', () => {
  const prog = `func.func @collatz(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  cf.br ^loop(%n, %c0 : i64, i64)
^loop(%x: i64, %steps: i64):
  %one = arith.constant 1 : i64
  %done = arith.cmpi eq, %x, %one : i64
  cf.cond_br %done, ^exit(%steps : i64), ^body
^body:
  %two = arith.constant 2 : i64
  %r = arith.remui %x, %two : i64
  %s1 = arith.addi %steps, %one : i64
  %odd = arith.trunci %r : i64 to i1
  cf.cond_br %odd, ^odd, ^even
^odd:
  %three = arith.constant 3 : i64
  %t = arith.muli %x, %three : i64
  %t1 = arith.addi %t, %one : i64
  cf.br ^loop(%t1, %s1 : i64, i64)
^even:
  %h = arith.divui %x, %two : i64
  cf.br ^loop(%h, %s1 : i64, i64)
^exit(%res: i64):
  return %res : i64
}

func.func @classify(%v: i8) -> i32 {
  cf.switch %v : i8, [
    default: ^d,
    -3: ^a,
    5: ^b(%v : i8),
    127: ^b(%v : i8)
  ]
^a:
  %ca = arith.constant 100 : i32
  return %ca : i32
^b(%w: i8):
  %e = arith.extsi %w : i8 to i32
  return %e : i32
^d:
  %cd = arith.constant -1 : i32
  return %cd : i32
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c12 = arith.constant 12 : index
  scf.for %i = %c1 to %c12 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %k = func.call @collatz(%ii) : (i64) -> i64
    vector.print %k : i64
    %r:2 = scf.execute_region -> (i64, i1) {
      %z = arith.constant 0 : i64
      %c = arith.cmpi sgt, %k, %ii : i64
      cf.cond_br %c, ^big(%k : i64), ^small
    ^big(%q: i64):
      %t = arith.constant true
      %q2 = arith.subi %q, %ii : i64
      scf.yield %q2, %t : i64, i1
    ^small:
      %f = arith.constant false
      scf.yield %z, %f : i64, i1
    }
    vector.print %r#0 : i64
    vector.print %r#1 : i1
    %i8 = arith.index_cast %i : index to i8
    %m = arith.constant 4 : i8
    %p = arith.subi %i8, %m : i8
    %p2 = arith.muli %p, %p : i8
    %n = arith.subi %p2, %m : i8
    %cl = func.call @classify(%n) : (i8) -> i32
    vector.print %cl : i32
    %cl2 = func.call @classify(%p) : (i8) -> i32
    vector.print %cl2 : i32
  }
  %big = arith.constant 127 : i8
  %cb = func.call @classify(%big) : (i8) -> i32
  vector.print %cb : i32
  return
}
`;
  expectSame(writeTemp(tempDir(), 'cf.mlir', prog), 'cf');
});

test('wasm: scf.forall (static and dynamic bounds, nested) matches mlir-runner; a non-positive step is the JavaScript backend\'s located error', () => {
  const dir = tempDir();
  const prog = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %m = memref.alloc() : memref<4x6xi32>
  scf.forall (%i, %j) in (4, 6) {
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %k = arith.constant 10 : i32
    %a = arith.muli %ii, %k : i32
    %b = arith.addi %a, %jj : i32
    memref.store %b, %m[%i, %j] : memref<4x6xi32>
  }
  scf.forall (%i) = (%c1) to (%c7) step (2) {
    scf.forall (%j) = (0) to (%c3) step (%c1) {
      %v = memref.load %m[%j, %i] : memref<4x6xi32>
      vector.print %v : i32
    }
  }
  memref.dealloc %m : memref<4x6xi32>
  return
}
`;
  expectSame(writeTemp(dir, 'forall.mlir', prog), 'forall');
  const bad = writeTemp(
    dir,
    'forall-bad.mlir',
    `func.func @main() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  scf.forall (%i) = (0) to (%c5) step (%c0) {
    vector.print %i : index
  }
  return
}
`,
  );
  const wasm = runOurs([bad, '--backend=wasm']);
  assert.equal(wasm.code, 1);
  assert.match(wasm.stderr, /forall-bad.mlir:4:3: error: 'scf.forall' op step must be positive, got 0/);
  assert.equal(wasm.stderr, runOurs([bad, '--backend=js']).stderr);
});

test('wasm: recursion (fib, mutual recursion across blocks) runs on wasm and matches mlir-runner; unbounded recursion is the JavaScript backend\'s located stack overflow', () => {
  const dir = tempDir();
  const prog = `func.func @fib(%n: i64) -> i64 {
  %c2 = arith.constant 2 : i64
  %small = arith.cmpi slt, %n, %c2 : i64
  %r = scf.if %small -> i64 {
    scf.yield %n : i64
  } else {
    %c1 = arith.constant 1 : i64
    %a = arith.subi %n, %c1 : i64
    %b = arith.subi %n, %c2 : i64
    %fa = func.call @fib(%a) : (i64) -> i64
    %fb = func.call @fib(%b) : (i64) -> i64
    %s = arith.addi %fa, %fb : i64
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @even(%n: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  cf.cond_br %z, ^yes, ^no
^yes:
  %t = arith.constant true
  return %t : i1
^no:
  %c1 = arith.constant 1 : i32
  %m = arith.subi %n, %c1 : i32
  %o = func.call @odd(%m) : (i32) -> i1
  return %o : i1
}

func.func @odd(%n: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  cf.cond_br %z, ^yes, ^no
^yes:
  %f = arith.constant false
  return %f : i1
^no:
  %c1 = arith.constant 1 : i32
  %m = arith.subi %n, %c1 : i32
  %e = func.call @even(%m) : (i32) -> i1
  return %e : i1
}

func.func @main() {
  %c20 = arith.constant 20 : i64
  %f = func.call @fib(%c20) : (i64) -> i64
  vector.print %f : i64
  %c7 = arith.constant 7 : i32
  %e = func.call @even(%c7) : (i32) -> i1
  vector.print %e : i1
  %c1000 = arith.constant 1000 : i32
  %e2 = func.call @even(%c1000) : (i32) -> i1
  vector.print %e2 : i1
  return
}
`;
  expectSame(writeTemp(dir, 'rec.mlir', prog), 'recursion');
  const bad = writeTemp(
    dir,
    'rec-bad.mlir',
    `func.func @down(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %m = arith.addi %n, %c1 : i64
  %r = func.call @down(%m) : (i64) -> i64
  return %r : i64
}

func.func @main() {
  vector.print str "start\\n"
  %c0 = arith.constant 0 : i64
  %r = func.call @down(%c0) : (i64) -> i64
  vector.print %r : i64
  return
}
`,
  );
  const wasm = runOurs([bad, '--backend=wasm']);
  assert.equal(wasm.code, 1);
  assert.equal(wasm.stdout, 'start\n');
  assert.match(wasm.stderr, /rec-bad.mlir:4:8: error: 'func.call' op stack overflow: the call depth exceeds/);
  assert.equal(wasm.stderr, runOurs([bad, '--backend=js']).stderr);
});

test('wasm: the exec test programs print the same and fail with the same located errors on both backends', () => {
  let wasm = 0;
  const programs = readdirSync(PROGRAMS).filter((x) => x.endsWith('.mlir') && !x.startsWith('llvm-'));
  for (const f of programs) {
    const file = join(PROGRAMS, f);
    const js = runOurs([file, '--backend=js']);
    const auto = runOurs([file, '--debug-backend']);
    if (auto.stderr.startsWith('scf-run: backend: wasm')) wasm++;
    const autoErr = auto.stderr.replace(/^scf-run: backend: .*\n/, '');
    assert.equal(auto.code, js.code, f);
    assert.equal(auto.stdout, js.stdout, f);
    assert.equal(autoErr, js.stderr, f);
  }
  // Every program runs on wasm: the runtime-error ones, the memref ones (views, globals, printMemref), the early exits (scf.loop), the poison ones and semantics.mlir's vector values.
  assert.ok(programs.length >= 25, `only ${programs.length} func-level exec programs`);
  assert.equal(wasm, programs.length, `only ${wasm} of ${programs.length} programs ran on the WebAssembly backend`);
});

test('wasm: the backend choice and its report', () => {
  const dir = tempDir();
  const simple = writeTemp(dir, 'simple.mlir', 'func.func @main() {\n  %c = arith.constant 7 : i32\n  vector.print %c : i32\n  return\n}\n');
  const r = runOurs([simple, '--debug-backend']);
  assert.equal(r.stdout, '7\n');
  assert.equal(r.stderr, 'scf-run: backend: wasm\n');
  assert.equal(runOurs([simple, '--backend=js', '--debug-backend']).stderr, 'scf-run: backend: js (asked for)\n');
  // Integers wider than 64 bits stay with the JavaScript backend.
  const poison = writeTemp(dir, 'wide.mlir', 'func.func @main() {\n  %p = arith.constant 1 : i128\n  return\n}\n');
  const f = runOurs([poison, '--debug-backend']);
  assert.equal(f.code, 0);
  assert.match(f.stderr, /^scf-run: backend: js \(the WebAssembly backend does not support i128 values at .*wide.mlir:2:8\)\n$/);
  const forced = runOurs([poison, '--backend=wasm']);
  assert.equal(forced.code, 1);
  assert.match(forced.stderr, /wide.mlir:2:8: error: the WebAssembly backend does not support i128 values/);
  assert.equal(runOurs([simple, '--backend=x']).code, 1);
});

test('wasm: the engine runs in a host without Node globals (WebAssembly only)', () => {
  let out = '';
  const e = new WasmEngine(parse('func.func @f(%a: i64) -> i64 {\n  %k = arith.constant 6364136223846793005 : i64\n  %r = arith.muli %a, %k : i64\n  vector.print %r : i64\n  return %r : i64\n}\n'), { output: (s) => (out += s) });
  const r = e.invokeRaw('f', [3n]);
  assert.equal(BigInt(r as bigint), BigInt.asIntN(64, 3n * 6364136223846793005n));
  assert.equal(out, `${BigInt.asIntN(64, 3n * 6364136223846793005n)}\n`);
});

test('wasm: a browser bundle runs a module on the WebAssembly backend in a bare V8 context', () => {
  const dir = tempDir();
  const entry = writeTemp(
    dir,
    'entry.js',
    `import { parse } from ${JSON.stringify(join(ROOT, 'dist/src/index.js'))};
import { WasmEngine } from ${JSON.stringify(join(ROOT, 'dist/src/exec/wasm/engine.js'))};
globalThis.runWasm = (text) => {
  const out = [];
  new WasmEngine(parse(text), { output: (s) => out.push(s) }).invokeRaw('main');
  return out.join('');
};
`,
  );
  const bundle = join(dir, 'bundle.js');
  execFileSync(join(ROOT, 'node_modules/.bin/esbuild'), [entry, '--bundle', '--platform=browser', '--format=iife', `--outfile=${bundle}`, '--log-level=error']);
  const context = vm.createContext({});
  vm.runInContext(readFileSync(bundle, 'utf8'), context);
  assert.deepEqual([...(vm.runInContext('[typeof process, typeof TextEncoder, typeof WebAssembly]', context) as string[])], ['undefined', 'undefined', 'object']);
  context.programText = CONTROL;
  const out = vm.runInContext('runWasm(programText)', context) as string;
  assert.equal(out, runOurs([writeTemp(dir, 'control.mlir', CONTROL), '--backend=js']).stdout);
});

test('wasm: the library API makes the same backend choice', () => {
  const out: string[] = [];
  const simple = compileFor(parse('func.func @main() {\n  %c = arith.constant 7 : i32\n  vector.print %c : i32\n  return\n}\n'), { output: (s) => out.push(s) });
  assert.equal(simple.backend, 'wasm');
  simple.invokeRaw('main');
  assert.equal(out.join(''), '7\n');
  const poisonText = 'func.func @main() {\n  %p = arith.constant 1 : i128\n  return\n}\n';
  const fallback = compileFor(parse(poisonText), { output: () => {} });
  assert.equal(fallback.backend, 'js');
  assert.match(fallback.fallback?.message ?? '', /i128/);
  assert.equal(compileFor(parse(poisonText), { backend: 'js' }).fallback, undefined);
  assert.throws(() => compileFor(parse(poisonText), { backend: 'wasm' }), WasmUnsupported);
});

test('wasm: bounds checks left out only where the loop bound is the size itself', () => {
  const dir = tempDir();
  const prog = (ub: string): string => `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4 : index
  %m = arith.constant 5 : index
  %a = memref.alloc(%n) : memref<?xi32>
  %z = arith.constant 3 : i32
  scf.for %i = %c0 to ${ub} step %c1 {
    memref.store %z, %a[%i] : memref<?xi32>
  }
  vector.print %z : i32
  memref.dealloc %a : memref<?xi32>
  return
}
`;
  const ok = runOurs([writeTemp(dir, 'ok.mlir', prog('%n')), '--backend=wasm']);
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(ok.stdout, '3\n');
  const bad = runOurs([writeTemp(dir, 'bad.mlir', prog('%m')), '--backend=wasm']);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /bad.mlir:9:5: error: 'memref.store' op out-of-bounds access into memref<\?xi32>/);
  assert.equal(bad.stderr, runOurs([writeTemp(dir, 'bad.mlir', prog('%m')), '--backend=js']).stderr);
});

test('wasm: loadModule takes the same backend choice and converts arguments and results as the JavaScript backend does', () => {
  const src = `
func.func @add(%a: i32, %b: i32) -> i32 {
  %r = arith.addi %a, %b : i32
  return %r : i32
}
func.func @mul64(%a: i64, %b: i64) -> i64 {
  %r = arith.muli %a, %b : i64
  return %r : i64
}
func.func @divmod(%a: index, %b: index) -> (index, index, i1) {
  %q = arith.divui %a, %b : index
  %r = arith.remui %a, %b : index
  %z = arith.cmpi eq, %r, %a : index
  return %q, %r, %z : index, index, i1
}
func.func @narrow(%a: i48, %x: f32) -> (i48, f32) {
  %k = arith.constant 3 : i48
  %r = arith.muli %a, %k : i48
  %y = arith.mulf %x, %x : f32
  return %r, %y : i48, f32
}
`;
  const wasm = loadModule(src, { backend: 'auto', output: () => {} });
  assert.equal(wasm.backend, 'wasm');
  assert.equal(wasm.fallback, undefined);
  const js = loadModule(src, { output: () => {} });
  const calls: [string, unknown[]][] = [
    ['add', [2147483647, 1]],
    ['add', [-5, true]],
    ['mul64', [6364136223846793005n, 3]],
    ['mul64', [2 ** 40, 2 ** 20]],
    ['divmod', [17, 5]],
    ['divmod', [3, 7]],
    ['narrow', [2n ** 46n + 5n, 1.1]],
  ];
  for (const [name, args] of calls) assert.deepEqual(wasm.call(name, ...args), js.call(name, ...args), `${name}(${args.join(', ')})`);
  assert.equal(wasm.call('mul64', 2 ** 40, 2 ** 20), 2n ** 60n);
  // A function taking a memref runs on wasm too (wasm-memref.test.ts tests memref arguments and results).
  const withMemref = src + 'func.func @first(%m: memref<?xi32>) -> i32 {\n  %c0 = arith.constant 0 : index\n  %v = memref.load %m[%c0] : memref<?xi32>\n  return %v : i32\n}\n';
  const fb = loadModule(withMemref, { backend: 'auto', output: () => {} });
  assert.equal(fb.backend, 'wasm');
  assert.equal(fb.call('first', new Int32Array([42])), 42);
  // What the backend cannot express still falls back, with the reason.
  const poison = loadModule(src + 'func.func @p() -> i32 {\n  %p = arith.constant 1 : i128\n  %q = arith.trunci %p : i128 to i32\n  return %q : i32\n}\n', { backend: 'auto', output: () => {} });
  assert.equal(poison.backend, 'js');
  assert.match(poison.fallback?.message ?? '', /i128/);
  assert.equal(poison.call('p'), 1);
});

test('wasm: memref.alloca (static, dynamic, in a loop and in a callee) matches mlir-runner; its dealloc is the JavaScript backend\'s error', () => {
  const dir = tempDir();
  const prog = `func.func @sum(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloca(%n) : memref<?xi64>
  %big = arith.constant 6364136223846793005 : i64
  scf.for %i = %c0 to %n step %c1 {
    %v = arith.index_cast %i : index to i64
    %w = arith.muli %v, %big : i64
    memref.store %w, %a[%i] : memref<?xi64>
  }
  %z = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %v = memref.load %a[%i] : memref<?xi64>
    %t = arith.xori %acc, %v : i64
    scf.yield %t : i64
  }
  return %s : i64
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %b = memref.alloca() : memref<3x2xi16>
  scf.for %i = %c0 to %c3 step %c1 {
    %t = memref.alloca() : memref<2xf32>
    %x = arith.index_cast %i : index to i16
    memref.store %x, %b[%i, %c1] : memref<3x2xi16>
    memref.store %x, %b[%i, %c0] : memref<3x2xi16>
    %f = arith.sitofp %x : i16 to f32
    memref.store %f, %t[%c1] : memref<2xf32>
    %g = memref.load %t[%c1] : memref<2xf32>
    vector.print %g : f32
    %n = arith.addi %i, %c3 : index
    %s = func.call @sum(%n) : (index) -> i64
    vector.print %s : i64
  }
  %y = memref.load %b[%c1, %c1] : memref<3x2xi16>
  vector.print %y : i16
  return
}
`;
  expectSame(writeTemp(dir, 'alloca.mlir', prog), 'alloca');
  const bad = writeTemp(dir, 'dealloc-alloca.mlir', 'func.func @main() {\n  %a = memref.alloca() : memref<2xi32>\n  memref.dealloc %a : memref<2xi32>\n  return\n}\n');
  const w = runOurs([bad, '--backend=wasm']);
  const j = runOurs([bad, '--backend=js']);
  assert.equal(w.code, 1);
  assert.match(w.stderr, /dealloc-alloca.mlir:3:3: error: .*deallocates a memref allocated by 'memref.alloca'/);
  assert.equal(w.stderr, j.stderr);
});

test('wasm: allocation churn beyond 4 GiB reuses freed blocks once the memory cannot grow, and matches mlir-runner', () => {
  // 72 iterations of a 64 MiB block and a 1..5 MiB one (~4.7 GiB in all),
  // freed in alternating orders (the first-fit search skips and unlinks
  // blocks in the middle of the freed list). --backend=wasm: no fallback.
  const prog = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %n = arith.constant 72 : index
  %mib = arith.constant 262144 : index
  %bigLast = arith.constant 16777215 : index
  %z = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %big = memref.alloc() : memref<16777216xi32>
    %r = arith.remui %i, %c5 : index
    %k = arith.addi %r, %c1 : index
    %sz = arith.muli %k, %mib : index
    %small = memref.alloc(%sz) : memref<?xi32>
    %last = arith.subi %sz, %c1 : index
    %iv = arith.index_cast %i : index to i32
    %iv2 = arith.muli %iv, %iv : i32
    memref.store %iv, %big[%bigLast] : memref<16777216xi32>
    memref.store %iv2, %small[%last] : memref<?xi32>
    %a = memref.load %big[%bigLast] : memref<16777216xi32>
    %b = memref.load %small[%last] : memref<?xi32>
    %ab = arith.addi %a, %b : i32
    %ab64 = arith.extsi %ab : i32 to i64
    %t = arith.addi %acc, %ab64 : i64
    %odd = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %odd, %c0 : index
    scf.if %even {
      memref.dealloc %small : memref<?xi32>
      memref.dealloc %big : memref<16777216xi32>
    } else {
      memref.dealloc %big : memref<16777216xi32>
      memref.dealloc %small : memref<?xi32>
    }
    scf.yield %t : i64
  }
  vector.print %s : i64
  return
}
`;
  expectSame(writeTemp(tempDir(), 'churn.mlir', prog), 'churn');
});

test('wasm: a callee\'s alloca is reclaimed at its return, so 1100 calls allocating 4 MiB each (4.4 GiB) run and match mlir-runner', () => {
  const prog = `func.func @work(%i: index) -> i32 {
  %c0 = arith.constant 0 : index
  %last = arith.constant 1048575 : index
  %a = memref.alloca() : memref<1048576xi32>
  %iv = arith.index_cast %i : index to i32
  memref.store %iv, %a[%last] : memref<1048576xi32>
  memref.store %iv, %a[%c0] : memref<1048576xi32>
  %x = memref.load %a[%last] : memref<1048576xi32>
  %y = memref.load %a[%c0] : memref<1048576xi32>
  %r = arith.addi %x, %y : i32
  return %r : i32
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1100 : index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %r = func.call @work(%i) : (index) -> i32
    %t = arith.addi %acc, %r : i32
    scf.yield %t : i32
  }
  vector.print %s : i32
  return
}
`;
  expectSame(writeTemp(tempDir(), 'callee-alloca.mlir', prog), 'callee-alloca');
});
