// The math ops at run time, against mlir-runner: every op over a few thousand
// inputs per type (random bit patterns — NaN, infinities, subnormals, huge and
// tiny values — and a dense range around zero), printed as bit patterns and
// compared exactly. Four runs of each program: scf-run on the func-level
// module (JavaScript and WebAssembly backends), scf-run's LLVM-dialect engine
// on mlir-opt's lowering, and mlir-runner on that lowering.
//
// Compared exactly, except NaN results, which compare as "a NaN": a JavaScript
// number cannot carry a NaN's sign or payload (x86's default NaN is negative).
// bf16 is not compared here: mlir-runner on hosts with AVX512-BF16 flushes
// subnormal bf16 results to zero (vcvtneps2bf16), and elsewhere it does not.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { MLIR_OPT, MLIR_RUNNER, SHARED_LIBS, runOurs, tempDir, writeTemp } from '../../exec/difftool.js';

type F = 'f64' | 'f32' | 'f16';
const WIDTH: Record<F, number> = { f64: 64, f32: 32, f16: 16 };
const N = 2500;

/** The ops under test: a line of MLIR computing %r from %x, %y, %z (type T) and %n (i32). */
const LOWERED_BY_DEFAULT = [
  'exp', 'exp2', 'log', 'log2', 'log10', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh',
  'sqrt', 'absf', 'floor', 'ceil', 'trunc', 'round', 'roundeven', 'log1p', 'expm1', 'rsqrt',
].map((o) => `math.${o} %x : T`).concat(['math.powf %x, %y : T', 'math.atan2 %x, %y : T', 'math.copysign %x, %y : T', 'math.fma %x, %y, %z : T', 'math.fpowi %x, %n : T, i32']);
// Left alone by convert-to-llvm: the reference lowers them with convert-math-to-libm (f32/f64 only).
const LOWERED_TO_LIBM = ['erf', 'erfc', 'asinh', 'acosh', 'atanh', 'cbrt'].map((o) => `math.${o} %x : T`);

function program(t: F, ops: readonly string[], withPredicates: boolean): string {
  const w = WIDTH[t];
  const iw = `i${w}`;
  const lines: string[] = [];
  const bits = (v: string, ty: string): string => {
    const name = `%b${lines.length}`;
    lines.push(`      ${name} = arith.bitcast ${v} : ${ty} to ${iw}`);
    return name;
  };
  const prints: string[] = [];
  ops.forEach((o, k) => {
    lines.push(`      %r${k} = ${o.replaceAll('T', t)}`);
    prints.push(bits(`%r${k}`, t));
  });
  if (withPredicates) {
    // isinf/isnormal have no lowering in MLIR 22: the reference computes them from arith (see below).
    for (const p of ['isnan', 'isfinite', 'isinf', 'isnormal']) {
      lines.push(`      %p_${p} = math.${p} %x : ${t}`);
      const name = `%pi_${p}`;
      lines.push(`      ${name} = arith.extui %p_${p} : i1 to ${iw}`);
      prints.push(name);
    }
  }
  const scale = t === 'f16' ? '0.0625' : '0.0137';
  return `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant ${N} : index
  %seed = arith.constant 88172645463325252 : i64
  %mul = arith.constant 6364136223846793005 : i64
  %inc = arith.constant 1442695040888963407 : i64
  %c33 = arith.constant 33 : i64
  %half = arith.constant ${N / 2} : index
  %scale = arith.constant ${scale} : ${t}
  %one = arith.constant 1.5 : ${t}
  %c41 = arith.constant 41 : i32
  %c20 = arith.constant 20 : i32
  %r = scf.for %i = %c0 to %cn step %c1 iter_args(%s = %seed) -> (i64) {
      %s1 = arith.muli %s, %mul : i64
      %s2 = arith.addi %s1, %inc : i64
      %hi = arith.shrui %s2, %c33 : i64
      %rb = arith.xori %s2, %hi : i64
${w === 64 ? '' : `      %wb = arith.trunci %rb : i64 to ${iw}\n`}      %xr = arith.bitcast ${w === 64 ? '%rb' : '%wb'} : ${iw} to ${t}
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to ${t}
      %c1250 = arith.constant ${N / 2} : i32
      %fc = arith.subi %ii, %c1250 : i32
      %fcf = arith.sitofp %fc : i32 to ${t}
      %xs = arith.mulf %fcf, %scale : ${t}
      %isr = arith.cmpi ult, %i, %half : index
      %x = arith.select %isr, %xr, %xs : ${t}
      %y0 = arith.mulf %fi, %scale : ${t}
      %y = arith.subf %y0, %one : ${t}
      %z = arith.addf %xs, %one : ${t}
      %nm = arith.remsi %ii, %c41 : i32
      %n = arith.subi %nm, %c20 : i32
${lines.join('\n')}
${prints.map((p, k) => `      vector.print %${p.slice(1)} : ${iw}${k < prints.length - 1 ? ' punctuation <comma>' : ''}`).join('\n')}
      vector.print punctuation <newline>
      scf.yield %s2 : i64
  }
  return
}
`;
}

/** The reference's text for the predicates MLIR cannot lower: isinf and isnormal from arith. */
function referenceText(src: string, t: F): string {
  const minNormal = { f64: '2.2250738585072014E-308', f32: '1.17549435E-38', f16: '6.103515625E-5' }[t];
  return src
    .replace(`%p_isinf = math.isinf %x : ${t}`, `%ax_i = math.absf %x : ${t}\n      %inf_i = arith.constant 0x${t === 'f64' ? '7FF0000000000000' : t === 'f32' ? '7F800000' : '7C00'} : ${t}\n      %p_isinf = arith.cmpf oeq, %ax_i, %inf_i : ${t}`)
    .replace(
      `%p_isnormal = math.isnormal %x : ${t}`,
      `%ax_n = math.absf %x : ${t}\n      %mn_n = arith.constant ${minNormal} : ${t}\n      %ge_n = arith.cmpf oge, %ax_n, %mn_n : ${t}\n      %lt_n = arith.cmpf olt, %ax_n, %inf_i : ${t}\n      %p_isnormal = arith.andi %ge_n, %lt_n : i1`,
    );
}

function lower(file: string, mathToLibm: boolean): string {
  const pre = mathToLibm ? ['--convert-math-to-libm'] : [];
  const r = spawnSync(MLIR_OPT, [...pre, '--convert-scf-to-cf', '--convert-to-llvm', '--reconcile-unrealized-casts', file], { encoding: 'latin1', maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

function mlirRunner(lowered: string): string {
  const r = spawnSync(MLIR_RUNNER, ['-e', 'main', '-entry-point-result=void', `-shared-libs=${SHARED_LIBS}`], { input: lowered, encoding: 'latin1', maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

function isNaNBits(t: F, b: bigint): boolean {
  const w = WIDTH[t];
  const u = BigInt.asUintN(w, b);
  const [expBits, manBits] = t === 'f64' ? [11, 52] : t === 'f32' ? [8, 23] : [5, 10];
  const exp = (u >> BigInt(manBits)) & ((1n << BigInt(expBits)) - 1n);
  return exp === (1n << BigInt(expBits)) - 1n && (u & ((1n << BigInt(manBits)) - 1n)) !== 0n;
}

function compare(t: F, names: readonly string[], what: string, ref: string, ours: string): void {
  const rl = ref.trimEnd().split('\n');
  const ol = ours.trimEnd().split('\n');
  assert.equal(ol.length, rl.length, `${what}: ${ol.length} lines, mlir-runner ${rl.length}`);
  const bad: string[] = [];
  for (let i = 0; i < rl.length; i++) {
    const rf = rl[i].split(', ');
    const of = ol[i].split(', ');
    for (let k = 0; k < rf.length; k++) {
      if (rf[k] === of[k]) continue;
      const isFloat = k < names.length;
      if (isFloat && isNaNBits(t, BigInt(rf[k])) && isNaNBits(t, BigInt(of[k] ?? '0'))) continue;
      bad.push(`${names[k] ?? `predicate ${k - names.length}`} line ${i}: ${of[k]} (mlir-runner ${rf[k]})`);
    }
  }
  assert.deepEqual(bad.slice(0, 10), [], `${what}: ${bad.length} mismatches`);
}

function check(t: F, ops: readonly string[], mathToLibm: boolean, withPredicates: boolean): void {
  const dir = tempDir();
  const src = program(t, ops, withPredicates);
  const file = writeTemp(dir, `math-${t}.mlir`, src);
  const refFile = writeTemp(dir, `math-${t}-ref.mlir`, referenceText(src, t));
  const lowered = lower(refFile, mathToLibm);
  const ref = mlirRunner(lowered);
  const names = ops.map((o) => o.split(' ')[0]);
  // Both backends of the func-level engine (--backend=wasm fails rather than fall back).
  for (const backend of ['js', 'wasm']) {
    const ours = runOurs([file, `--backend=${backend}`]);
    assert.equal(ours.code, 0, ours.stderr);
    compare(t, names, `scf-run (func level, ${backend}, ${t})`, ref, ours.stdout);
  }
  // The LLVM-dialect engine on the same lowering (isinf/isnormal already in arith form there).
  const llvmFile = writeTemp(dir, `math-${t}-llvm.mlir`, lowered);
  const viaLLVM = runOurs([llvmFile, '-e', 'main', '-entry-point-result=void']);
  assert.equal(viaLLVM.code, 0, viaLLVM.stderr);
  compare(t, names, `scf-run (LLVM dialect, ${t})`, ref, viaLLVM.stdout);
}

for (const t of ['f64', 'f32', 'f16'] as const) {
  test(`math ops at run time match mlir-runner bit for bit (${t}, standard lowering)`, () => check(t, LOWERED_BY_DEFAULT, false, true));
}
for (const t of ['f64', 'f32'] as const) {
  test(`math ops outside the standard lowering match mlir-runner through libm (${t})`, () => check(t, LOWERED_TO_LIBM, true, false));
}

test('math integer ops at run time match mlir-runner (i8, i13, i32, i33, i64)', () => {
  const dir = tempDir();
  const widths = [8, 13, 32, 33, 64];
  const body = widths
    .map((w) => {
      const x = w === 64 ? '%rb' : `%t${w}`;
      const lines = w === 64 ? [] : [`      %t${w} = arith.trunci %rb : i64 to i${w}`];
      for (const o of ['absi', 'ctlz', 'cttz', 'ctpop']) {
        lines.push(`      %${o}${w} = math.${o} ${x} : i${w}`);
        lines.push(`      vector.print %${o}${w} : i${w} punctuation <comma>`);
      }
      return lines.join('\n');
    })
    .join('\n');
  const src = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant ${N} : index
  %seed = arith.constant 88172645463325252 : i64
  %mul = arith.constant 6364136223846793005 : i64
  %inc = arith.constant 1442695040888963407 : i64
  %c33 = arith.constant 33 : i64
  %r = scf.for %i = %c0 to %cn step %c1 iter_args(%s = %seed) -> (i64) {
      %s1 = arith.muli %s, %mul : i64
      %s2 = arith.addi %s1, %inc : i64
      %hi = arith.shrui %s2, %c33 : i64
      %x0 = arith.xori %s2, %hi : i64
      %ii = arith.index_cast %i : index to i64
      %sh = arith.remui %ii, %c33 : i64
      %rb = arith.shrui %x0, %sh : i64
${body}
      vector.print punctuation <newline>
      scf.yield %s2 : i64
  }
  return
}
`;
  const file = writeTemp(dir, 'math-int.mlir', src);
  const lowered = lower(file, false);
  const ref = mlirRunner(lowered);
  const ours = runOurs([file, '--backend=js']);
  assert.equal(ours.code, 0, ours.stderr);
  assert.equal(ours.stdout, ref);
  const viaLLVM = runOurs([writeTemp(dir, 'math-int-llvm.mlir', lowered), '-e', 'main', '-entry-point-result=void']);
  assert.equal(viaLLVM.code, 0, viaLLVM.stderr);
  assert.equal(viaLLVM.stdout, ref);
});
