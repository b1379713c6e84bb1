// The LLVM engine (src/exec/llvm): scf-run on LLVM-dialect programs.
//
// 1. Corpus files: each RUN line's mlir-opt pipeline is run with the real
//    mlir-opt 22, the LLVM-dialect result is piped into scf-run (in-process)
//    with the RUN line's runner flags, and FileCheck checks the output as lit
//    does (the lit-exec ratchet in test/conformance runs the RUN lines verbatim).
// 2. Round trip: scf-opt prints the lowered files exactly as mlir-opt does
//    (custom and generic forms).
// 3. Semantics: small programs checked against expected values and against
//    mlir-runner (wrap-around at every width, casts, memory), and runtime
//    errors (memory faults, recursion, malformed IR) reported at the op.
// 4. Differential: generated programs (gen.ts) lowered by mlir-opt 22 (the
//    pipeline of difftool.ts: scf-to-cf, expand-strided-metadata, lower-affine,
//    convert-to-llvm, reconcile-unrealized-casts), run by mlir-runner and by
//    scf-run; the outputs must be identical. SCFKIT_LLVM_DIFF_PROGRAMS (default
//    40) and SCFKIT_LLVM_DIFF_SEED change the count and seed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runOpt } from '../../src/tools/opt-driver.js';
import { generateModule } from './gen.js';
import { LOWERING, MLIR_OPT, MLIR_RUNNER, SHARED_LIBS, runOurs, tempDir, writeTemp, type ToolResult } from './difftool.js';
import { CORPUS, PROGRAMS } from './paths.js';

const FILECHECK = '/usr/lib/llvm-22/bin/FileCheck';

/** The `-pass-pipeline="..."` of a corpus file's first RUN line. */
function pipelineOf(text: string): string {
  const m = /-pass-pipeline="([^"]*)"/.exec(text);
  assert.ok(m, 'no pass pipeline in the RUN lines');
  return m[1];
}

function lower(file: string, text: string): string {
  const r = spawnSync(MLIR_OPT, [file, `-pass-pipeline=${pipelineOf(text)}`], { encoding: 'latin1', maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, `mlir-opt failed: ${r.stderr}`);
  return r.stdout;
}

function fileCheck(checkFile: string, input: string, args: string[] = []): void {
  const fc = spawnSync(FILECHECK, [checkFile, ...args], { input, encoding: 'latin1' });
  assert.equal(fc.status, 0, `FileCheck ${args.join(' ')} failed:\n${fc.stderr}\n--- input ---\n${input.slice(0, 3000)}`);
}

interface Run {
  args: string[];
  check?: string[];
  /** `2>&1` in the RUN line. */
  mergeStderr?: boolean;
  /** `not mlir-runner`. */
  fails?: boolean;
}

/** Corpus files, with the runner flags of their RUN lines. `lowered`: the file pipes through mlir-opt first. */
const CORPUS_CASES: { file: string; lowered: boolean; runs: Run[] }[] = [
  { file: 'copy.mlir', lowered: true, runs: [{ args: ['-e', 'main', '-entry-point-result=void'] }] },
  { file: 'memref-reshape.mlir', lowered: true, runs: [{ args: ['-e', 'main', '-entry-point-result=void'] }] },
  { file: 'global-memref.mlir', lowered: true, runs: [{ args: ['-e', 'main', '-entry-point-result=void'] }] },
  { file: 'bare-ptr-call-conv.mlir', lowered: true, runs: [{ args: ['-entry-point-result=void'] }] },
  { file: 'expand-arith-ops.mlir', lowered: true, runs: [{ args: ['-e', 'main', '-entry-point-result=void', '-O0'] }] },
  { file: 'unranked-memref.mlir', lowered: true, runs: [{ args: ['-e', 'main', '-entry-point-result=void'] }] },
  { file: 'sgemm-naive-codegen.mlir', lowered: true, runs: [{ args: ['-O3', '-e', 'main', '-entry-point-result=void'] }] },
  { file: 'math-polynomial-approx.mlir', lowered: true, runs: [{ args: ['-e', 'main', '-entry-point-result=void'] }] },
  {
    file: 'simple.mlir',
    lowered: false,
    runs: [
      { args: [] },
      { args: ['-e', 'foo'], check: ['-check-prefix=NOMAIN'] },
      { args: ['--entry-point-result=i32', '-e', 'int32_main'], check: ['-check-prefix=INT32MAIN'] },
      { args: ['--entry-point-result=i64', '-e', 'int64_main'], check: ['-check-prefix=INT64MAIN'] },
      { args: ['-O3'] },
    ],
  },
  { file: 'global-data.mlir', lowered: false, runs: [{ args: ['-e', 'main', '-entry-point-result=i64'], mergeStderr: true, check: ['--implicit-check-not=JIT session error'] }] },
  { file: 'global-constructors.mlir', lowered: false, runs: [{ args: ['-e', 'entry', '-entry-point-result=void'] }] },
  { file: 'x86-varargs.mlir', lowered: false, runs: [{ args: ['-e', 'caller', '--entry-point-result=i32'] }] },
  { file: 'invalid.mlir', lowered: false, runs: [{ args: ['--no-implicit-module'], fails: true, mergeStderr: true }] },
  { file: 'verify-entry-point-result.mlir', lowered: false, runs: [{ args: ['-e', 'entry', '-entry-point-result=void'], fails: true, mergeStderr: true }] },
  {
    file: 'verify-entry-point.mlir',
    lowered: false,
    runs: [
      ['entry_point_void', 'void', 'CHECK-ENTRY-POINT-VOID'],
      ['entry_inputs_void', 'void', 'CHECK-ENTRY-INPUTS-VOID'],
      ['entry_result_void', 'void', 'CHECK-ENTRY-RESULT-VOID'],
      ['entry_point_i32', 'i32', 'CHECK-ENTRY-POINT-I32'],
      ['entry_inputs_i32', 'i32', 'CHECK-ENTRY-INPUTS-I32'],
      ['entry_result_i32', 'i32', 'CHECK-ENTRY-RESULT-I32'],
      ['entry_result_i64', 'i64', 'CHECK-ENTRY-RESULT-I64'],
      ['entry_result_f32', 'f32', 'CHECK-ENTRY-RESULT-F32'],
    ].map(([e, r, prefix]) => ({ args: ['-e', e, `-entry-point-result=${r}`], fails: true, mergeStderr: true, check: [`--check-prefix=${prefix}`] })),
  },
];

const loweredCache = new Map<string, string>();
function loweredText(file: string): string {
  let t = loweredCache.get(file);
  if (t === undefined) {
    const path = join(CORPUS, 'mlir-runner', file);
    loweredCache.set(file, (t = lower(path, readFileSync(path, 'latin1'))));
  }
  return t;
}

for (const c of CORPUS_CASES) {
  test(`llvm corpus: mlir-runner/${c.file} through scf-run`, () => {
    const path = join(CORPUS, 'mlir-runner', c.file);
    // Each run on the backend scf-run picks (WebAssembly when it can) and on the JavaScript engine.
    c.runs.flatMap((run) => [run, { ...run, args: [...run.args, '--backend=js'] }]).forEach((run) => {
      const r: ToolResult = c.lowered ? runOurs([...run.args, '-'], loweredText(c.file)) : runOurs([path, ...run.args]);
      if (run.fails) assert.notEqual(r.code, 0, `expected a failure for ${run.args.join(' ')}`);
      else assert.equal(r.code, 0, `scf-run ${run.args.join(' ')} failed: ${r.stderr}`);
      if (!run.mergeStderr && !run.fails) assert.equal(r.stderr.replace(/^\d+\.\d+ GFLOPS\n/, ''), '', 'unexpected output on stderr');
      fileCheck(path, run.mergeStderr ? r.stdout + r.stderr : r.stdout, run.check ?? []);
    });
  });
}

test('llvm round trip: scf-opt prints the lowered corpus files as mlir-opt 22 does', () => {
  for (const c of CORPUS_CASES.filter((x) => x.lowered)) {
    const text = loweredText(c.file);
    for (const flags of [[], ['--mlir-print-op-generic']]) {
      const ours = runOpt(['-', ...flags], text);
      assert.equal(ours.exitCode, 0, `${c.file}: scf-opt failed: ${ours.stderr}`);
      const ref = spawnSync(MLIR_OPT, ['-', ...flags], { input: text, encoding: 'latin1', maxBuffer: 1 << 28 });
      assert.equal(ours.stdout, ref.stdout, `${c.file} ${flags.join(' ')}: scf-opt and mlir-opt print differently`);
      // And what scf-opt prints parses back to the same text.
      const again = runOpt(['-', ...flags], ours.stdout);
      assert.equal(again.stdout, ours.stdout, `${c.file} ${flags.join(' ')}: the printed form does not round-trip`);
    }
  }
});

test('llvm round trip: programs/llvm-syntax.mlir (ops beyond the lowering) prints as mlir-opt 22 does', () => {
  const file = join(PROGRAMS, 'llvm-syntax.mlir');
  for (const flags of [[], ['--mlir-print-op-generic']]) {
    const ours = runOpt([file, ...flags]);
    assert.equal(ours.exitCode, 0, `scf-opt failed: ${ours.stderr}`);
    const ref = spawnSync(MLIR_OPT, [file, ...flags], { encoding: 'latin1' });
    assert.equal(ref.status, 0, ref.stderr);
    assert.equal(ours.stdout, ref.stdout, `scf-opt and mlir-opt print ${flags.join(' ') || 'the custom form'} differently`);
    // The generic form parses back to the same custom form.
    if (flags.length) assert.equal(runOpt(['-'], ours.stdout).stdout, runOpt([file]).stdout);
  }
});

// ---- semantics

const PRELUDE = `
  llvm.func @printI64(i64)
  llvm.func @printU64(i64)
  llvm.func @printF64(f64)
  llvm.func @printF32(f32)
  llvm.func @printNewline()
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
`;

/** Runs an LLVM-dialect program with scf-run and with mlir-runner; both must succeed and print the same. */
function runBoth(body: string): string {
  const dir = tempDir();
  const file = writeTemp(dir, 'p.mlir', `module {${PRELUDE}${body}\n}\n`);
  const ref = spawnSync(MLIR_RUNNER, [file, '-e', 'main', '-entry-point-result=void', `-shared-libs=${SHARED_LIBS}`], { encoding: 'latin1' });
  assert.equal(ref.status, 0, `mlir-runner failed: ${ref.stderr}`);
  let out = '';
  // The backend scf-run picks (WebAssembly when it can), then the JavaScript engine.
  for (const backend of [[], ['--backend=js']]) {
    const ours = runOurs([file, '-e', 'main', '-entry-point-result=void', ...backend]);
    assert.equal(ours.code, 0, `scf-run ${backend.join(' ')} failed: ${ours.stderr}`);
    assert.equal(ours.stdout, ref.stdout, `scf-run ${backend.join(' ')} and mlir-runner print differently`);
    out = ours.stdout;
  }
  return out;
}

/** `%name = <int op>` lines printing the i64 (sign-extended) value of each. */
function printInts(lines: [string, string, number][]): string {
  return lines
    .map(([name, expr, width]) => {
      const ext = width === 64 ? `%${name}` : `%${name}_x`;
      const sext = width === 64 ? '' : `\n    %${name}_x = llvm.sext %${name} : i${width} to i64`;
      return `    %${name} = ${expr}${sext}\n    llvm.call @printI64(${ext}) : (i64) -> ()\n    llvm.call @printNewline() : () -> ()`;
    })
    .join('\n');
}

test('llvm semantics: two\'s-complement wrap-around and casts at every width', () => {
  const body = `
  llvm.func @main() {
    %i8max = llvm.mlir.constant(127 : i8) : i8
    %i8one = llvm.mlir.constant(1 : i8) : i8
    %i16a = llvm.mlir.constant(-32768 : i16) : i16
    %i32max = llvm.mlir.constant(2147483647 : i32) : i32
    %i32m1 = llvm.mlir.constant(-1 : i32) : i32
    %i32c28 = llvm.mlir.constant(28 : i32) : i32
    %i64max = llvm.mlir.constant(9223372036854775807 : i64) : i64
    %i64one = llvm.mlir.constant(1 : i64) : i64
    %i64m1 = llvm.mlir.constant(-1 : i64) : i64
    %i64two = llvm.mlir.constant(2 : i64) : i64
    %big = llvm.mlir.constant(4294967301 : i64) : i64
    %i48 = llvm.mlir.constant(140737488355327 : i48) : i48
    %i48one = llvm.mlir.constant(1 : i48) : i48
    %i1t = llvm.mlir.constant(true) : i1
${printInts([
  ['a', 'llvm.add %i8max, %i8one : i8', 8],
  ['b', 'llvm.sub %i16a, %i8one_16 : i16', 16],
  ['c', 'llvm.mul %i32max, %i32max : i32', 32],
  ['d', 'llvm.add %i64max, %i64one : i64', 64],
  ['e', 'llvm.mul %i64max, %i64max : i64', 64],
  ['f', 'llvm.udiv %i64m1, %i64two : i64', 64],
  ['g', 'llvm.lshr %i32m1, %i32c28 : i32', 32],
  ['h', 'llvm.ashr %i32m1, %i32c28 : i32', 32],
  ['i', 'llvm.srem %i32m1, %i32c28 : i32', 32],
  ['j', 'llvm.urem %i32m1, %i32c28 : i32', 32],
  ['k', 'llvm.trunc %big : i64 to i32', 32],
  ['l', 'llvm.add %i48, %i48one : i48', 48],
  ['m', 'llvm.xor %i64max, %i64m1 : i64', 64],
  ['n', 'llvm.shl %i64m1, %i64two : i64', 64],
  ['o', 'llvm.sdiv %i64m1, %i64two : i64', 64],
])}
    %z = llvm.zext %i32m1 : i32 to i64
    llvm.call @printI64(%z) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %zb = llvm.zext %i1t : i1 to i64
    llvm.call @printI64(%zb) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.call @printU64(%i64m1) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %fl = llvm.sitofp %i64max : i64 to f64
    llvm.call @printF64(%fl) : (f64) -> ()
    llvm.call @printNewline() : () -> ()
    %fu = llvm.uitofp %i64m1 : i64 to f32
    llvm.call @printF32(%fu) : (f32) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }`.replace('%i8one_16', '%i16one');
  const withOne = body.replace('%i1t = ', '%i16one = llvm.mlir.constant(1 : i16) : i16\n    %i1t = ');
  const out = runBoth(withOne);
  assert.deepEqual(out.trim().split('\n'), [
    '-128',
    '32767',
    '1',
    '-9223372036854775808',
    '1',
    '9223372036854775807',
    '15',
    '-1',
    '-1',
    '3',
    '5',
    '-140737488355328',
    '-9223372036854775808',
    '-4',
    '0',
    '4294967295',
    '1',
    '18446744073709551615',
    '9.22337e+18',
    '1.84467e+19',
  ]);
});

test('llvm semantics: memory through malloc, structs, arrays, memcpy and globals', () => {
  const out = runBoth(`
  llvm.mlir.global internal constant @tbl(dense<[10, 20, 30]> : tensor<3xi32>) {addr_space = 0 : i32} : !llvm.array<3 x i32>
  llvm.mlir.global internal @counter(5 : i64) {addr_space = 0 : i32} : i64
  llvm.func @main() {
    %n = llvm.mlir.constant(64 : i64) : i64
    %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %v = llvm.mlir.constant(-7 : i16) : i16
    %f = llvm.mlir.constant(2.5 : f64) : f64
    %u = llvm.mlir.poison : !llvm.struct<(i8, i16, f64, array<2 x i32>)>
    %s1 = llvm.insertvalue %v, %u[1] : !llvm.struct<(i8, i16, f64, array<2 x i32>)>
    %s2 = llvm.insertvalue %f, %s1[2] : !llvm.struct<(i8, i16, f64, array<2 x i32>)>
    %i = llvm.mlir.constant(42 : i32) : i32
    %s3 = llvm.insertvalue %i, %s2[3, 1] : !llvm.struct<(i8, i16, f64, array<2 x i32>)>
    %s4 = llvm.insertvalue %i, %s3[3, 0] : !llvm.struct<(i8, i16, f64, array<2 x i32>)>
    %b = llvm.mlir.constant(3 : i8) : i8
    %s5 = llvm.insertvalue %b, %s4[0] : !llvm.struct<(i8, i16, f64, array<2 x i32>)>
    llvm.store %s5, %p : !llvm.struct<(i8, i16, f64, array<2 x i32>)>, !llvm.ptr
    %q = llvm.getelementptr %p[0, 3, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i8, i16, f64, array<2 x i32>)>
    %x = llvm.load %q : !llvm.ptr -> i32
    %x64 = llvm.sext %x : i32 to i64
    llvm.call @printI64(%x64) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %r = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, i16
    %y = llvm.load %r : !llvm.ptr -> i16
    %y64 = llvm.sext %y : i16 to i64
    llvm.call @printI64(%y64) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %p2 = llvm.getelementptr %p[32] : (!llvm.ptr) -> !llvm.ptr, i8
    %c24 = llvm.mlir.constant(24 : i64) : i64
    "llvm.intr.memcpy"(%p2, %p, %c24) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %t = llvm.load %p2 : !llvm.ptr -> !llvm.struct<(i8, i16, f64)>
    %tf = llvm.extractvalue %t[2] : !llvm.struct<(i8, i16, f64)> 
    llvm.call @printF64(%tf) : (f64) -> ()
    llvm.call @printNewline() : () -> ()
    %g = llvm.mlir.addressof @tbl : !llvm.ptr
    %g2 = llvm.getelementptr inbounds %g[0, %c2] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<3 x i32>
    %gv = llvm.load %g2 : !llvm.ptr -> i32
    %gv64 = llvm.sext %gv : i32 to i64
    llvm.call @printI64(%gv64) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %cp = llvm.mlir.addressof @counter : !llvm.ptr
    %cv = llvm.load %cp : !llvm.ptr -> i64
    %cv2 = llvm.add %cv, %c1 : i64
    llvm.store %cv2, %cp : i64, !llvm.ptr
    %cv3 = llvm.load %cp : !llvm.ptr -> i64
    llvm.call @printI64(%cv3) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %big = llvm.mlir.constant(-6917529027641081857 : i64) : i64
    llvm.store %big, %p : i64, !llvm.ptr
    %bl = llvm.load %p : !llvm.ptr -> i64
    llvm.call @printI64(%bl) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    llvm.return
  }`);
  assert.deepEqual(out.trim().split('\n'), ['42', '-7', '2.5', '30', '6', '-6917529027641081857']);
});

test('llvm semantics: variadic functions read their arguments with va_start/va_arg (x86-64 System V)', () => {
  const out = runBoth(`
  llvm.func @sum(%n: i32, ...) -> f64 {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %list = llvm.alloca %c1 x !llvm.array<1 x struct<"struct.va_list", (i32, i32, ptr, ptr)>> {alignment = 8 : i64} : (i32) -> !llvm.ptr
    llvm.intr.vastart %list : !llvm.ptr
    %zero = llvm.mlir.constant(0 : i32) : i32
    %fz = llvm.mlir.constant(0.0 : f64) : f64
    llvm.br ^loop(%zero, %fz : i32, f64)
  ^loop(%i: i32, %acc: f64):
    %done = llvm.icmp "sge" %i, %n : i32
    llvm.cond_br %done, ^exit, ^body
  ^body:
    %x = llvm.va_arg %list : (!llvm.ptr) -> i64
    %d = llvm.va_arg %list : (!llvm.ptr) -> f64
    %xf = llvm.sitofp %x : i64 to f64
    %p = llvm.fmul %xf, %d : f64
    %acc2 = llvm.fadd %acc, %p : f64
    %i2 = llvm.add %i, %c1 : i32
    llvm.br ^loop(%i2, %acc2 : i32, f64)
  ^exit:
    llvm.intr.vaend %list : !llvm.ptr
    llvm.return %acc : f64
  }
  llvm.func @main() {
    %n = llvm.mlir.constant(9 : i32) : i32
${Array.from({ length: 9 }, (_, i) => `    %a${i} = llvm.mlir.constant(${i + 1} : i64) : i64\n    %b${i} = llvm.mlir.constant(${((i + 1) * 0.5).toFixed(1)} : f64) : f64`).join('\n')}
    %r = llvm.call @sum(%n, ${Array.from({ length: 9 }, (_, i) => `%a${i}, %b${i}`).join(', ')}) vararg(!llvm.func<f64 (i32, ...)>) : (i32, ${Array.from({ length: 9 }, () => 'i64, f64').join(', ')}) -> f64
    llvm.call @printF64(%r) : (f64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }`);
  assert.equal(out, '142.5\n');
});

test('llvm semantics: integer intrinsics (abs, ctlz, ctpop, bswap, funnel shifts, saturation, overflow) as mlir-runner', () => {
  const file = join(PROGRAMS, 'llvm-intrinsics.mlir');
  const ours = runOurs([file, '-e', 'main', '-entry-point-result=void']);
  assert.equal(ours.code, 0, ours.stderr);
  const ref = spawnSync(MLIR_RUNNER, [file, '-e', 'main', '-entry-point-result=void', `-shared-libs=${SHARED_LIBS}`], { encoding: 'latin1' });
  assert.equal(ref.status, 0, ref.stderr);
  assert.equal(ours.stdout, ref.stdout);
  assert.equal(ours.stdout.split('\n').length, 15);
});

test('llvm runtime library: ranked printMemrefNd* (C interface) print as mlir-runner', () => {
  const file = join(PROGRAMS, 'llvm-printmemref.mlir');
  const pipeline = 'builtin.module(func.func(convert-linalg-to-loops,convert-scf-to-cf,convert-arith-to-llvm),finalize-memref-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)';
  const lowered = spawnSync(MLIR_OPT, [file, `-pass-pipeline=${pipeline}`], { encoding: 'latin1' });
  assert.equal(lowered.status, 0, lowered.stderr);
  const ours = runOurs(['-', '-e', 'main', '-entry-point-result=void'], lowered.stdout);
  assert.equal(ours.code, 0, ours.stderr);
  const ref = spawnSync(MLIR_RUNNER, ['-e', 'main', '-entry-point-result=void', `-shared-libs=${SHARED_LIBS}`], { input: lowered.stdout, encoding: 'latin1' });
  assert.equal(ref.status, 0, ref.stderr);
  const norm = (t: string): string => t.replace(/base@ = 0x[0-9a-f]+/g, 'base@ = <addr>');
  assert.equal(norm(ours.stdout), norm(ref.stdout));
  assert.match(ours.stdout, /^Memref base@/);
});

/** Runs a program that must fail; returns stderr. */
function runFailing(body: string, extra: string[] = ['-e', 'main', '-entry-point-result=void']): { stderr: string; file: string } {
  const dir = tempDir();
  const file = writeTemp(dir, 'bad.mlir', `module {${PRELUDE}${body}\n}\n`);
  const r = runOurs([file, ...extra]);
  assert.equal(r.code, 1, `expected exit code 1, got ${r.code}: ${r.stderr}`);
  assert.doesNotMatch(r.stderr, /\n\s+at .*\(.*:\d+:\d+\)/, 'a JS stack trace leaked');
  // The JavaScript engine reports the same error (scf-run picks WebAssembly when it can).
  const js = runOurs([file, ...extra, '--backend=js']);
  assert.equal(js.code, 1);
  assert.equal(js.stderr, r.stderr, 'the backends report different errors');
  return { stderr: r.stderr, file };
}

/** The 1-based line of `needle` in the program as written by runFailing. */
function lineOf(body: string, needle: string): number {
  const text = `module {${PRELUDE}${body}\n}\n`;
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

const MEMORY_ERRORS: [string, string, string, RegExp][] = [
  [
    'out-of-bounds read',
    `llvm.func @main() {
    %n = llvm.mlir.constant(16 : i64) : i64
    %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
    %q = llvm.getelementptr %p[4] : (!llvm.ptr) -> !llvm.ptr, i32
    %x = llvm.load %q : !llvm.ptr -> i32
    llvm.return
  }`,
    '%x = llvm.load',
    /'llvm.load' op out-of-bounds read of 4 bytes at 0x[0-9a-f]+: offset 16 in an allocation of 16 bytes/,
  ],
  [
    'use after free',
    `llvm.func @main() {
    %n = llvm.mlir.constant(16 : i64) : i64
    %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    %x = llvm.load %p : !llvm.ptr -> f32
    llvm.return
  }`,
    '%x = llvm.load',
    /'llvm.load' op reads freed memory at 0x[0-9a-f]+ \(use after free\)/,
  ],
  [
    'double free',
    `llvm.func @main() {
    %n = llvm.mlir.constant(16 : i64) : i64
    %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    llvm.return
  }`,
    'llvm.call @free(%p) : (!llvm.ptr) -> ()\n    llvm.return',
    /'llvm.call' op double free of the block at 0x/,
  ],
  [
    'null pointer',
    `llvm.func @main() {
    %p = llvm.mlir.zero : !llvm.ptr
    %v = llvm.mlir.constant(1 : i64) : i64
    llvm.store %v, %p : i64, !llvm.ptr
    llvm.return
  }`,
    'llvm.store',
    /'llvm.store' op writes through a null pointer/,
  ],
  [
    'store to a constant global',
    `llvm.mlir.global private constant @k(7 : i32) {addr_space = 0 : i32} : i32
  llvm.func @main() {
    %p = llvm.mlir.addressof @k : !llvm.ptr
    %v = llvm.mlir.constant(1 : i32) : i32
    llvm.store %v, %p : i32, !llvm.ptr
    llvm.return
  }`,
    'llvm.store',
    /'llvm.store' op writes to constant global memory/,
  ],
  [
    'stack memory after return',
    `llvm.func @leak() -> !llvm.ptr {
    %c = llvm.mlir.constant(4 : i64) : i64
    %a = llvm.alloca %c x f32 : (i64) -> !llvm.ptr
    llvm.return %a : !llvm.ptr
  }
  llvm.func @main() {
    %p = llvm.call @leak() : () -> !llvm.ptr
    %x = llvm.load %p : !llvm.ptr -> f32
    llvm.return
  }`,
    '%x = llvm.load',
    /'llvm.load' op reads stack memory at 0x[0-9a-f]+ after its allocation scope ended/,
  ],
  [
    'division by zero',
    `llvm.func @main() {
    %a = llvm.mlir.constant(7 : i64) : i64
    %z = llvm.mlir.constant(0 : i64) : i64
    %q = llvm.sdiv %a, %z : i64
    llvm.return
  }`,
    '%q = llvm.sdiv',
    /'llvm.sdiv' op division by zero/,
  ],
  [
    'undefined external function',
    `llvm.func @nowhere(i64)
  llvm.func @main() {
    %a = llvm.mlir.constant(7 : i64) : i64
    llvm.call @nowhere(%a) : (i64) -> ()
    llvm.return
  }`,
    'llvm.call @nowhere',
    /'llvm.call' op call to an undefined external function @nowhere/,
  ],
];

for (const [what, body, needle, message] of MEMORY_ERRORS) {
  test(`llvm runtime error: ${what} is reported at the op`, () => {
    const { stderr, file } = runFailing(body);
    const line = lineOf(body, needle);
    assert.match(stderr, new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}:\\d+: error: `), stderr);
    assert.match(stderr, message);
  });
}

test('llvm runtime error: unbounded recursion is a clear error', () => {
  const { stderr } = runFailing(`llvm.func @f(%x: i64) -> i64 {
    %one = llvm.mlir.constant(1 : i64) : i64
    %y = llvm.add %x, %one : i64
    %r = llvm.call @f(%y) : (i64) -> i64
    llvm.return %r : i64
  }
  llvm.func @main() {
    %z = llvm.mlir.constant(0 : i64) : i64
    %r = llvm.call @f(%z) : (i64) -> i64
    llvm.return
  }`);
  assert.match(stderr, /error: 'llvm.call' op stack overflow/);
});

test('llvm: malformed IR gives file:line:col errors and exit code 1', () => {
  for (const [body, message] of [
    ['llvm.func @main() {\n    %0 = llvm.add %x, %y : i32\n    llvm.return\n  }', /error: use of undeclared SSA value name/],
    ['llvm.func @main() {\n    %0 = llvm.mlir.constant(1 : i32) : !llvm.nosuchtype\n    llvm.return\n  }', /error: unknown LLVM type: nosuchtype/],
    ['llvm.func @main() {\n    %0 = llvm.mlir.constant(1 : i32) : i32\n    llvm.return %0 : i32\n  }', /error: 'llvm.return' op mismatching result types|error: 'llvm.return' op expected no operands/],
    ['llvm.func @main() {\n    %0 = llvm.mlir.poison : !llvm.struct<(i32)>\n    %1 = llvm.extractvalue %0[3] : !llvm.struct<(i32)>\n    llvm.return\n  }', /error: .*position out of bounds/],
  ] as [string, RegExp][]) {
    const { stderr } = runFailing(body);
    assert.match(stderr, /^.*bad\.mlir:\d+:\d+: error: /);
    assert.match(stderr, message);
  }
});

test('llvm verifier: invalid IR gives the errors mlir-opt 22 gives (programs/llvm-invalid.mlir)', () => {
  const file = join(PROGRAMS, 'llvm-invalid.mlir');
  const errors = (text: string): string[] => text.split('\n').filter((l) => /: error: /.test(l));
  const ours = runOpt([file, '--split-input-file']);
  const ref = spawnSync(MLIR_OPT, [file, '--split-input-file'], { encoding: 'latin1' });
  assert.equal(ours.exitCode, 1);
  assert.equal(ref.status, 1);
  const expected = errors(ref.stderr);
  assert.ok(expected.length >= 15, 'the reference reports an error per chunk');
  assert.deepEqual(errors(ours.stderr), expected);
});

test('llvm differential: generated programs lowered by mlir-opt 22, scf-run vs mlir-runner', { timeout: 5 * 60_000 }, () => {
  const programs = Number(process.env.SCFKIT_LLVM_DIFF_PROGRAMS ?? 40);
  const seed = Number(process.env.SCFKIT_LLVM_DIFF_SEED ?? 20251121);
  const dir = tempDir();
  for (const [k, opts] of [
    [0, {}],
    [1, { privateHelpers: true, ivArith: true }],
  ] as const) {
    const text = generateModule(seed + k, Math.ceil(programs / 2), opts);
    const file = writeTemp(dir, `gen${k}.mlir`, text);
    const lowered = spawnSync(MLIR_OPT, [...LOWERING, file], { encoding: 'latin1', maxBuffer: 1 << 28 });
    assert.equal(lowered.status, 0, `mlir-opt failed: ${lowered.stderr.slice(0, 2000)}`);
    const llvmFile = writeTemp(dir, `gen${k}.llvm.mlir`, lowered.stdout);
    const ref = spawnSync(MLIR_RUNNER, [llvmFile, '-e', 'main', '-entry-point-result=void', `-shared-libs=${SHARED_LIBS}`], { encoding: 'latin1', maxBuffer: 1 << 28 });
    assert.equal(ref.status, 0, `mlir-runner failed: ${ref.stderr.slice(0, 2000)}`);
    const ours = runOurs([llvmFile, '-e', 'main', '-entry-point-result=void']);
    assert.equal(ours.code, 0, `scf-run failed on ${llvmFile}: ${ours.stderr.slice(0, 2000)}`);
    const norm = (s: string): string => s.replace(/base@ = 0x[0-9a-f]+/g, 'base@ = <addr>');
    const a = norm(ref.stdout).split('\n');
    const b = norm(ours.stdout).split('\n');
    const i = a.findIndex((l, j) => l !== b[j]);
    assert.ok(i < 0 && a.length === b.length, `seed ${seed + k}: outputs differ at line ${i + 1}: mlir-runner ${JSON.stringify(a[i])} vs scf-run ${JSON.stringify(b[i])}`);
    assert.ok(a.filter((l) => /^p\d+$/.test(l)).length === Math.ceil(programs / 2), 'every program printed its marker');
  }
});
