// The LLVM-dialect engine on WebAssembly (src/exec/llvm/wasm.ts) against the
// JavaScript LLVM engine and mlir-runner, compared live:
// 1. the corpus files of the LLVM engine's tests and the exec programs
//    (test/exec/programs), lowered by mlir-opt 22, on both backends: same
//    output as mlir-runner, and the backend scf-run picks is the expected one;
// 2. runtime errors (memory faults, division, poison, recursion) reported
//    identically by both backends, at the same op;
// 3. generated programs (gen.ts) lowered by mlir-opt: both backends print what
//    mlir-runner prints, and most of them run on WebAssembly;
// 4. the heap growing beyond its first 32 MiB in linear memory.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateModule } from './gen.js';
import { LOWERING, MLIR_OPT, MLIR_RUNNER, SHARED_LIBS, runOurs, tempDir, writeTemp, type ToolResult } from './difftool.js';
import { CORPUS, PROGRAMS } from './paths.js';

const norm = (s: string): string => s.replace(/base@ = 0x[0-9a-f]+/g, 'base@ = <addr>').replace(/^\d+\.\d+ GFLOPS\n/m, '');

function mlirOpt(args: string[], input?: string): string {
  const r = spawnSync(MLIR_OPT, args, { input, encoding: 'latin1', maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, `mlir-opt failed: ${r.stderr.slice(0, 2000)}`);
  return r.stdout;
}

function runner(file: string, args: string[]): ToolResult {
  const r = spawnSync(MLIR_RUNNER, [file, ...args, `-shared-libs=${SHARED_LIBS}`], { encoding: 'latin1', maxBuffer: 1 << 28, timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The backend scf-run picked, from --debug-backend's line. */
function backendOf(stderr: string): string {
  const m = /scf-run: backend: (\w+)/.exec(stderr);
  return m ? m[1] : '?';
}
const withoutDebug = (s: string): string => s.replace(/^scf-run: backend: .*\n/m, '');

/** Runs `file` on the backend scf-run picks and on the JavaScript engine; returns both and the backend picked. */
function both(file: string, args: string[]): { auto: ToolResult; js: ToolResult; backend: string } {
  const auto = runOurs([file, ...args, '--debug-backend']);
  const js = runOurs([file, ...args, '--backend=js']);
  return { auto: { ...auto, stderr: withoutDebug(auto.stderr) }, js, backend: backendOf(auto.stderr) };
}

/** Corpus files (mlir-runner/) with the pipeline of their RUN line, and whether WebAssembly must run them. */
const CORPUS_FILES: [string, boolean][] = [
  ['copy.mlir', true],
  ['memref-reshape.mlir', true],
  ['global-memref.mlir', true],
  ['bare-ptr-call-conv.mlir', true],
  ['expand-arith-ops.mlir', true],
  ['unranked-memref.mlir', true],
  ['sgemm-naive-codegen.mlir', true],
  // Vectors (lane by lane).
  ['math-polynomial-approx.mlir', true],
];

for (const [name, onWasm] of CORPUS_FILES) {
  test(`llvm-wasm corpus: mlir-runner/${name} on both backends as mlir-runner`, () => {
    const path = join(CORPUS, 'mlir-runner', name);
    const text = readFileSync(path, 'latin1');
    const m = /-pass-pipeline="([^"]*)"/.exec(text);
    assert.ok(m);
    const file = writeTemp(tempDir(), name, mlirOpt([path, `-pass-pipeline=${m[1]}`]));
    const args = ['-e', 'main', '-entry-point-result=void'];
    const ref = runner(file, args);
    assert.equal(ref.code, 0, ref.stderr);
    const r = both(file, args);
    assert.equal(r.backend, onWasm ? 'wasm' : 'js', `scf-run picked ${r.backend}`);
    for (const [what, x] of [['auto', r.auto], ['js', r.js]] as const) {
      assert.equal(x.code, 0, `${what}: ${x.stderr}`);
      assert.equal(norm(x.stdout), norm(ref.stdout), `${what} prints differently from mlir-runner`);
    }
    if (!onWasm) {
      const forced = runOurs([file, ...args, '--backend=wasm']);
      assert.equal(forced.code, 1);
      assert.match(forced.stderr, /error: the WebAssembly backend does not support /);
    }
  });
}

test('llvm-wasm corpus: simple.mlir and global-constructors.mlir (LLVM-dialect sources) run on WebAssembly as mlir-runner', () => {
  for (const [name, args] of [
    ['simple.mlir', ['-e', 'main', '-entry-point-result=void']],
    ['simple.mlir', ['--entry-point-result=i32', '-e', 'int32_main']],
    ['simple.mlir', ['--entry-point-result=i64', '-e', 'int64_main']],
    ['simple.mlir', []],
    ['global-constructors.mlir', ['-e', 'entry', '-entry-point-result=void']],
  ] as [string, string[]][]) {
    const file = join(CORPUS, 'mlir-runner', name);
    const ref = runner(file, args);
    const r = both(file, args);
    assert.equal(r.backend, 'wasm', `${name} ${args.join(' ')}`);
    for (const x of [r.auto, r.js]) {
      assert.equal(x.code, ref.code, `${name} ${args.join(' ')}: ${x.stderr}`);
      assert.equal(x.stdout, ref.stdout, `${name} ${args.join(' ')}`);
    }
  }
});

test('llvm-wasm: variadic functions (x86-varargs.mlir) run on WebAssembly as mlir-runner', () => {
  const file = join(CORPUS, 'mlir-runner', 'x86-varargs.mlir');
  const args = ['-e', 'caller', '--entry-point-result=i32'];
  const ref = runner(file, args);
  assert.equal(ref.code, 0, ref.stderr);
  const r = both(file, args);
  assert.equal(r.backend, 'wasm');
  for (const x of [r.auto, r.js]) {
    assert.equal(x.code, 0, x.stderr);
    assert.equal(x.stdout, ref.stdout);
  }
});

/** Exec programs lowered by mlir-opt (difftool's pipeline); `wasm`: WebAssembly must run them. */
const PROGRAM_CASES: { file: string; wasm: boolean }[] = [
  ...['doc_conditional_reduce', 'doc_for_reduce', 'doc_if', 'doc_parallel', 'doc_while', 'rfc_if_yield', 'poison_ok', 'err_oob'].map((f) => ({ file: f, wasm: true })),
];

for (const c of PROGRAM_CASES) {
  test(`llvm-wasm programs: ${c.file}.mlir lowered, on both backends as mlir-runner`, () => {
    const file = writeTemp(tempDir(), `${c.file}.llvm.mlir`, mlirOpt([...LOWERING, join(PROGRAMS, `${c.file}.mlir`)]));
    const args = ['-e', 'main', '-entry-point-result=void'];
    const ref = runner(file, args);
    assert.equal(ref.code, 0, ref.stderr);
    const r = both(file, args);
    if (c.wasm) assert.equal(r.backend, 'wasm');
    for (const x of [r.auto, r.js]) {
      assert.equal(x.code, 0, x.stderr);
      assert.equal(norm(x.stdout), norm(ref.stdout));
    }
  });
}

// ---- runtime errors: both backends report the same error at the same op

/** Exec programs whose lowering fails at run time (use after free, double free, division, recursion...): same output and error on both. */
const ERROR_PROGRAMS = ['err_alloca_scope', 'err_const_global', 'err_div0', 'err_div0_index', 'err_double_free', 'err_oob_store', 'err_ovf', 'err_poison_if', 'err_uaf', 'err_recursion'];

test('llvm-wasm errors: the exec error programs, lowered, fail on WebAssembly as on the JavaScript engine', () => {
  const dir = tempDir();
  for (const name of ERROR_PROGRAMS) {
    const file = writeTemp(dir, `${name}.llvm.mlir`, mlirOpt([...LOWERING, join(PROGRAMS, `${name}.mlir`)]));
    const r = both(file, ['-e', 'main', '-entry-point-result=void']);
    assert.equal(r.backend, 'wasm', name);
    assert.equal(r.auto.code, 1, `${name}: ${r.auto.stderr}`);
    assert.equal(r.auto.code, r.js.code, name);
    assert.equal(r.auto.stdout, r.js.stdout, name);
    assert.equal(r.auto.stderr, r.js.stderr, name);
    assert.match(r.auto.stderr, /\.mlir:\d+:\d+: error: /, name);
    assert.doesNotMatch(r.auto.stderr, /\n\s+at /, `${name}: a JS stack trace leaked`);
  }
});

const PRELUDE = `
  llvm.func @printI64(i64)
  llvm.func @printNewline()
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
`;

/** LLVM-dialect programs failing at run time: [what, body, message]. */
const ERRORS: [string, string, RegExp][] = [
  [
    'out-of-bounds store one past the end',
    `llvm.func @main() {
    %n = llvm.mlir.constant(12 : i64) : i64
    %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
    %q = llvm.getelementptr %p[3] : (!llvm.ptr) -> !llvm.ptr, i32
    %v = llvm.mlir.constant(5 : i32) : i32
    llvm.store %v, %q : i32, !llvm.ptr
    llvm.return
  }`,
    /'llvm.store' op out-of-bounds write of 4 bytes at 0x[0-9a-f]+: offset 12 in an allocation of 12 bytes/,
  ],
  [
    'a load straddling the end',
    `llvm.func @main() {
    %n = llvm.mlir.constant(12 : i64) : i64
    %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
    %q = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, f64
    %v = llvm.load %q : !llvm.ptr -> f64
    llvm.return
  }`,
    /'llvm.load' op out-of-bounds read of 8 bytes/,
  ],
  [
    'a wild pointer far above the heap',
    `llvm.func @main() {
    %a = llvm.mlir.constant(320255973458620 : i64) : i64
    %p = llvm.inttoptr %a : i64 to !llvm.ptr
    %v = llvm.load %p : !llvm.ptr -> i64
    llvm.return
  }`,
    /'llvm.load' op reads 8 bytes at 0x12345678902bc, which is not allocated memory/,
  ],
  [
    'an aggregate store into freed memory',
    `llvm.func @main() {
    %n = llvm.mlir.constant(32 : i64) : i64
    %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    %s = llvm.mlir.zero : !llvm.struct<(i64, f64)>
    llvm.store %s, %p : !llvm.struct<(i64, f64)>, !llvm.ptr
    llvm.return
  }`,
    /'llvm.store' op writes freed memory at 0x[0-9a-f]+ \(use after free\)/,
  ],
  [
    'signed division overflow',
    `llvm.func @main() {
    %a = llvm.mlir.constant(-128 : i8) : i8
    %b = llvm.mlir.constant(-1 : i8) : i8
    %q = llvm.sdiv %a, %b : i8
    llvm.return
  }`,
    /'llvm.sdiv' op signed division overflow/,
  ],
  [
    'an unsigned remainder by zero at width 13',
    `llvm.func @main() {
    %a = llvm.mlir.constant(5 : i13) : i13
    %b = llvm.mlir.constant(0 : i13) : i13
    %q = llvm.urem %a, %b : i13
    llvm.return
  }`,
    /'llvm.urem' op division by zero/,
  ],
  [
    'an nsw overflow used as an address',
    `llvm.func @main() {
    %n = llvm.mlir.constant(16 : i64) : i64
    %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
    %big = llvm.mlir.constant(4611686018427387904 : i64) : i64
    %two = llvm.mlir.constant(2 : i64) : i64
    %i = llvm.mul %big, %two overflow<nsw> : i64
    %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %v = llvm.load %q : !llvm.ptr -> i8
    llvm.return
  }`,
    /error: use of a poison value produced by this operation/,
  ],
  [
    'branching on poison',
    `llvm.func @main() {
    %c = llvm.mlir.poison : i1
    llvm.cond_br %c, ^a, ^b
  ^a:
    llvm.return
  ^b:
    llvm.return
  }`,
    /error: use of a poison value produced by this operation/,
  ],
  [
    'a dynamic extractelement out of range, printed',
    `llvm.func @main() {
    %v = llvm.mlir.constant(dense<[1, 2]> : vector<2xi64>) : vector<2xi64>
    %i = llvm.mlir.constant(2 : i32) : i32
    llvm.br ^b(%i : i32)
  ^b(%j: i32):
    %x = llvm.extractelement %v[%j : i32] : vector<2xi64>
    llvm.call @printI64(%x) : (i64) -> ()
    llvm.return
  }`,
    /error: use of a poison value produced by this operation\n\s+%x = llvm.extractelement/,
  ],
  [
    'reaching llvm.unreachable',
    `llvm.func @main() {
    llvm.unreachable
  }`,
    /'llvm.unreachable' op reached an 'llvm.unreachable'/,
  ],
  [
    'unbounded recursion',
    `llvm.func @f(%x: i64) -> i64 {
    %one = llvm.mlir.constant(1 : i64) : i64
    %y = llvm.add %x, %one : i64
    %r = llvm.call @f(%y) : (i64) -> i64
    llvm.return %r : i64
  }
  llvm.func @main() {
    %z = llvm.mlir.constant(0 : i64) : i64
    %r = llvm.call @f(%z) : (i64) -> i64
    llvm.return
  }`,
    /'llvm.call' op stack overflow/,
  ],
];

for (const [what, body, message] of ERRORS) {
  test(`llvm-wasm errors: ${what} (both backends, same message at the same op)`, () => {
    const file = writeTemp(tempDir(), 'bad.mlir', `module {${PRELUDE}${body}\n}\n`);
    const r = both(file, ['-e', 'main', '-entry-point-result=void']);
    assert.equal(r.backend, 'wasm');
    assert.equal(r.auto.code, 1, r.auto.stderr);
    assert.equal(r.js.code, 1, r.js.stderr);
    assert.match(r.auto.stderr, message);
    assert.match(r.auto.stderr, /^.*bad\.mlir:\d+:\d+: error: /);
    assert.equal(r.auto.stderr, r.js.stderr);
  });
}

test('llvm-wasm: the heap grows past its first 32 MiB in linear memory (data and tags kept) as mlir-runner', () => {
  const file = writeTemp(
    tempDir(),
    'grow.mlir',
    `module {${PRELUDE}
  llvm.func @main() {
    %n = llvm.mlir.constant(1000000 : i64) : i64
    %bytes = llvm.mlir.constant(8000000 : i64) : i64
    %first = llvm.call @malloc(%bytes) : (i64) -> !llvm.ptr
    %z = llvm.mlir.constant(0 : i64) : i64
    %one = llvm.mlir.constant(1 : i64) : i64
    %k = llvm.mlir.constant(7 : i64) : i64
    llvm.br ^fill(%z : i64)
  ^fill(%i: i64):
    %c = llvm.icmp "slt" %i, %n : i64
    llvm.cond_br %c, ^fbody, ^grow(%z, %first : i64, !llvm.ptr)
  ^fbody:
    %q = llvm.getelementptr %first[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v = llvm.mul %i, %k : i64
    llvm.store %v, %q : i64, !llvm.ptr
    %i2 = llvm.add %i, %one : i64
    llvm.br ^fill(%i2 : i64)
  ^grow(%j: i64, %last: !llvm.ptr):
    %six = llvm.mlir.constant(12 : i64) : i64
    %g = llvm.icmp "slt" %j, %six : i64
    llvm.cond_br %g, ^gbody, ^check
  ^gbody:
    %p = llvm.call @malloc(%bytes) : (i64) -> !llvm.ptr
    %j2 = llvm.add %j, %one : i64
    llvm.br ^grow(%j2, %p : i64, !llvm.ptr)
  ^check:
    %idx = llvm.mlir.constant(999999 : i64) : i64
    %q2 = llvm.getelementptr %first[%idx] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %x = llvm.load %q2 : !llvm.ptr -> i64
    llvm.call @printI64(%x) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %mid = llvm.mlir.constant(500000 : i64) : i64
    %lm = llvm.getelementptr %last[%mid] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %k, %lm : i64, !llvm.ptr
    %lv = llvm.load %lm : !llvm.ptr -> i64
    llvm.call @printI64(%lv) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %end = llvm.getelementptr %last[%n] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %y = llvm.load %end : !llvm.ptr -> i64
    llvm.return
  }
}
`,
  );
  const r = both(file, ['-e', 'main', '-entry-point-result=void']);
  assert.equal(r.backend, 'wasm');
  assert.equal(r.auto.stdout, '6999993\n7\n');
  assert.equal(r.auto.code, 1);
  assert.match(r.auto.stderr, /'llvm.load' op out-of-bounds read of 8 bytes at 0x[0-9a-f]+: offset 8000000 in an allocation of 8000000 bytes/);
  assert.equal(r.auto.stderr, r.js.stderr);
  assert.equal(r.auto.stdout, r.js.stdout);
});

test('llvm-wasm: an allocation across the first 32 MiB is written and read back through its whole range (as mlir-runner)', () => {
  const file = writeTemp(
    tempDir(),
    'across.mlir',
    `module {${PRELUDE}
  llvm.func @main() {
    %bytes = llvm.mlir.constant(20000000 : i64) : i64
    %a = llvm.call @malloc(%bytes) : (i64) -> !llvm.ptr
    %b = llvm.call @malloc(%bytes) : (i64) -> !llvm.ptr
    %n = llvm.mlir.constant(10000000 : i64) : i64
    %z = llvm.mlir.constant(0 : i64) : i64
    %one = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^fill(%z : i64)
  ^fill(%i: i64):
    %c = llvm.icmp "slt" %i, %n : i64
    llvm.cond_br %c, ^body, ^sum(%z, %z : i64, i64)
  ^body:
    %q = llvm.getelementptr %b[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i16
    %t = llvm.trunc %i : i64 to i16
    llvm.store %t, %q : i16, !llvm.ptr
    %i2 = llvm.add %i, %one : i64
    llvm.br ^fill(%i2 : i64)
  ^sum(%j: i64, %acc: i64):
    %d = llvm.icmp "slt" %j, %n : i64
    llvm.cond_br %d, ^sbody, ^done
  ^sbody:
    %p = llvm.getelementptr %b[%j] : (!llvm.ptr, i64) -> !llvm.ptr, i16
    %v = llvm.load %p : !llvm.ptr -> i16
    %v64 = llvm.sext %v : i16 to i64
    %acc2 = llvm.add %acc, %v64 : i64
    %j2 = llvm.add %j, %one : i64
    llvm.br ^sum(%j2, %acc2 : i64, i64)
  ^done:
    llvm.call @printI64(%acc) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.call @free(%a) : (!llvm.ptr) -> ()
    llvm.call @free(%b) : (!llvm.ptr) -> ()
    llvm.return
  }
}
`,
  );
  const args = ['-e', 'main', '-entry-point-result=void'];
  const ref = runner(file, args);
  assert.equal(ref.code, 0, ref.stderr);
  const r = both(file, args);
  assert.equal(r.backend, 'wasm');
  assert.equal(r.auto.code, 0, r.auto.stderr);
  assert.equal(r.auto.stdout, ref.stdout);
  assert.equal(r.js.stdout, ref.stdout);
});

test('llvm-wasm differential: generated programs lowered by mlir-opt 22, both backends vs mlir-runner', { timeout: 10 * 60_000 }, () => {
  const modules = Number(process.env.SCFKIT_LLVM_WASM_DIFF_MODULES ?? 12);
  const seed = Number(process.env.SCFKIT_LLVM_DIFF_SEED ?? 20251126);
  const dir = tempDir();
  let onWasm = 0;
  const fallbacks: string[] = [];
  for (let k = 0; k < modules; k++) {
    const opts = k % 2 ? { wasmCore: true, wideInts: true } : { wideInts: true, privateHelpers: true, ivArith: true };
    const src = writeTemp(dir, `gen${k}.mlir`, generateModule(seed + k, 3, opts));
    const file = writeTemp(dir, `gen${k}.llvm.mlir`, mlirOpt([...LOWERING, src]));
    const args = ['-e', 'main', '-entry-point-result=void'];
    const ref = runner(file, args);
    assert.equal(ref.code, 0, `mlir-runner failed on ${file}: ${ref.stderr.slice(0, 2000)}`);
    const r = both(file, args);
    if (r.backend === 'wasm') onWasm++;
    else fallbacks.push(`gen${k}`);
    for (const [what, x] of [['auto', r.auto], ['js', r.js]] as const) {
      assert.equal(x.code, 0, `${what} failed on ${file}: ${x.stderr.slice(0, 2000)}`);
      const a = norm(ref.stdout).split('\n');
      const b = norm(x.stdout).split('\n');
      const i = a.findIndex((l, j) => l !== b[j]);
      assert.ok(i < 0 && a.length === b.length, `${file} (${what}): line ${i + 1}: mlir-runner ${JSON.stringify(a[i])} vs scf-run ${JSON.stringify(b[i])}`);
    }
  }
  console.log(`llvm-wasm differential: ${onWasm} of ${modules} modules on WebAssembly (the others: ${fallbacks.join(', ') || 'none'})`);
  // The wasmCore half has no variable shifts: it must all run on WebAssembly.
  assert.ok(onWasm >= modules / 2, `only ${onWasm} of ${modules} modules ran on WebAssembly`);
});

test('llvm-wasm: control flow: an irreducible loop and a 700-block chain (the br_table dispatcher) and nested loops (wasm loops) as mlir-runner', () => {
  const irreducible = `llvm.func @main() {
    %z = llvm.mlir.constant(0 : i64) : i64
    %one = llvm.mlir.constant(1 : i64) : i64
    %n = llvm.mlir.constant(7 : i64) : i64
    %t = llvm.icmp "slt" %z, %one : i64
    llvm.cond_br %t, ^a(%z : i64), ^b(%one : i64)
  ^a(%i: i64):
    llvm.call @printI64(%i) : (i64) -> ()
    %i2 = llvm.add %i, %one : i64
    %d = llvm.icmp "sge" %i2, %n : i64
    llvm.cond_br %d, ^exit, ^b(%i2 : i64)
  ^b(%j: i64):
    %j2 = llvm.add %j, %one : i64
    llvm.br ^a(%j2 : i64)
  ^exit:
    llvm.call @printNewline() : () -> ()
    llvm.return
  }`;
  const chain = `llvm.func @main() {
    %one = llvm.mlir.constant(1 : i64) : i64
    %z = llvm.mlir.constant(0 : i64) : i64
    llvm.br ^b0(%z : i64)
${Array.from({ length: 700 }, (_, i) => `  ^b${i}(%x${i}: i64):\n    %y${i} = llvm.add %x${i}, %one : i64\n    llvm.br ^b${i + 1}(%y${i} : i64)`).join('\n')}
  ^b700(%r: i64):
    llvm.call @printI64(%r) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }`;
  const nested = `llvm.func @main() {
    %z = llvm.mlir.constant(0 : i64) : i64
    %one = llvm.mlir.constant(1 : i64) : i64
    %n = llvm.mlir.constant(30 : i64) : i64
    llvm.br ^outer(%z, %z : i64, i64)
  ^outer(%i: i64, %acc: i64):
    %c = llvm.icmp "slt" %i, %n : i64
    llvm.cond_br %c, ^inner(%z, %acc : i64, i64), ^done
  ^inner(%j: i64, %a: i64):
    %c2 = llvm.icmp "slt" %j, %i : i64
    llvm.cond_br %c2, ^ibody, ^onext
  ^ibody:
    %p = llvm.mul %i, %j : i64
    %sw = llvm.urem %p, %n : i64
    %sw32 = llvm.trunc %sw : i64 to i32
    llvm.switch %sw32 : i32, ^dflt [
      0: ^zero,
      7: ^seven
    ]
  ^zero:
    %a0 = llvm.add %a, %one : i64
    llvm.br ^join(%a0 : i64)
  ^seven:
    %a7 = llvm.mul %a, %n : i64
    llvm.br ^join(%a7 : i64)
  ^dflt:
    %ad = llvm.xor %a, %p : i64
    llvm.br ^join(%ad : i64)
  ^join(%an: i64):
    %j2 = llvm.add %j, %one : i64
    llvm.br ^inner(%j2, %an : i64, i64)
  ^onext:
    %i2 = llvm.add %i, %one : i64
    llvm.br ^outer(%i2, %a : i64, i64)
  ^done:
    llvm.call @printI64(%acc) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }`;
  const dir = tempDir();
  for (const [name, body] of [
    ['irreducible', irreducible],
    ['chain', chain],
    ['nested', nested],
  ]) {
    const file = writeTemp(dir, `${name}.mlir`, `module {${PRELUDE}${body}\n}\n`);
    const args = ['-e', 'main', '-entry-point-result=void'];
    const ref = runner(file, args);
    assert.equal(ref.code, 0, ref.stderr);
    const r = both(file, args);
    assert.equal(r.backend, 'wasm', name);
    assert.equal(r.auto.stdout, ref.stdout, name);
    assert.equal(r.js.stdout, ref.stdout, name);
  }
});
