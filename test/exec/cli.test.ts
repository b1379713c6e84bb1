// scf-run's command line: mlir-runner's flags, entry-point checks and messages
// (the expected texts are mlir-runner 22's), and result printing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { runOurs, tempDir, writeTemp } from './difftool.js';
import { SCF_RUN } from './paths.js';

const dir = tempDir();
const file = writeTemp(
  dir,
  'entry.mlir',
  `func.func @mi32() -> i32 {
  %c = arith.constant -7 : i32
  return %c : i32
}
func.func @mi64() -> i64 {
  %c = arith.constant -9000000000000000000 : i64
  return %c : i64
}
func.func @mf32() -> f32 {
  %c = arith.constant 1.5e-7 : f32
  return %c : f32
}
func.func @args(%a: i32) {
  return
}
func.func private @decl()
func.func @main() {
  vector.print str "hello\\n"
  return
}
`,
);

const cases: [args: string[], code: number, stdout: string, stderr: string][] = [
  [['-e', 'mi32', '-entry-point-result=i32'], 0, '-7\n', ''],
  [['-e', 'mi64', '-entry-point-result=i64'], 0, '-9000000000000000000\n', ''],
  [['-e', 'mf32', '-entry-point-result=f32'], 0, '1.500000e-07\n', ''],
  [['-e', 'args', '-entry-point-result=void'], 1, '', "Error: JIT can't invoke a main function expecting arguments\n"],
  [['-e', 'nope', '-entry-point-result=void'], 1, '', 'Error: entry point not found\n'],
  [['-e', 'decl', '-entry-point-result=void'], 1, '', 'Error: entry point not found\n'],
  [['-e', 'mi32', '-entry-point-result=void'], 1, '', 'Error: expected void function\n'],
  [['-e', 'mi32', '-entry-point-result=i64'], 1, '', 'Error: only single i64 function result supported\n'],
  [['-e', 'mi64', '-entry-point-result=i32'], 1, '', 'Error: only single i32 function result supported\n'],
  [['-e', 'mi32', '-entry-point-result=f32'], 1, '', 'Error: only single f32 function result supported\n'],
  [['-e', 'mi32', '-entry-point-result=i8'], 1, '', 'Error: unsupported function type\n'],
  // Default entry point @main and result void; mlir-runner's other flags are accepted.
  [[], 0, 'hello\n', ''],
  [['-O3', '-shared-libs=/usr/lib/llvm-22/lib/libmlir_runner_utils.so.22.1,/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so.22.1', '-mattr=+avx2', '-e', 'main'], 0, 'hello\n', ''],
  // -march replaces the host triple's architecture, which leaves no target, as in mlir-runner.
  [['-march=x86-64'], 1, '', 'Failed to create a TargetMachine for the host\nNo available targets are compatible with triple "x86-64-pc-linux-gnu"\n'],
  [['--O0', '-shared-libs', 'a.so', '-shared-libs=b.so', '--dump-object-file', '--object-filename=x.o', '--entry-point-result', 'void'], 0, 'hello\n', ''],
];

for (const [args, code, stdout, stderr] of cases) {
  test(`scf-run ${args.join(' ') || '(no flags)'}`, () => {
    const r = runOurs([file, ...args]);
    assert.equal(r.stderr, stderr);
    assert.equal(r.stdout, stdout);
    assert.equal(r.code, code);
  });
}

test('scf-run: unknown flags are rejected with LLVM wording', () => {
  // mlir-runner 22 has no JIT listener flags or --split-input-file (global-data.mlir and
  // simple-split-input-file.mlir of the corpus fail with it for that reason).
  for (const flag of ['--enable-gdb-listener=false', '--split-input-file']) {
    const r = runOurs([file, flag]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr.split('\n')[0], `scf-run: Unknown command line argument '${flag}'.  Try: 'scf-run --help'`);
  }
});

test('scf-run: a missing input file and invalid IR are errors', () => {
  const missing = runOurs([dir + '/nope.mlir']);
  assert.equal(missing.code, 1);
  assert.equal(missing.stderr, `cannot open input file '${dir}/nope.mlir': No such file or directory\n`);
  const bad = writeTemp(dir, 'bad.mlir', 'func.func @main() {\n  %0 = arith.addi %a : i32\n}\n');
  const r = runOurs([bad]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^.*bad\.mlir:2:\d+: error: /);
  assert.match(r.stderr, /could not parse the input IR\n$/);
});

test('bin/scf-run reads standard input and prints the result', () => {
  const r = spawnSync(SCF_RUN, ['-e', 'mi32', '-entry-point-result=i32'], {
    input: 'func.func @mi32() -> i32 {\n  %c = arith.constant 42 : i32\n  return %c : i32\n}\n',
    encoding: 'utf8',
  });
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  assert.equal(r.stdout, '42\n');
});

test('scf-run: operations the engine does not support are reported at the op', () => {
  const f = writeTemp(dir, 'unsup.mlir', 'func.func @main() {\n  %c = arith.constant 1.0 : f80\n  return\n}\n');
  const r = runOurs([f]);
  assert.equal(r.code, 1);
  assert.equal(r.stderr.split('\n')[0], `${f}:2:8: error: 'arith.constant' of the float type f80 is not supported by the execution engine`);
});

test('bin/scf-run runs deeply nested input (the parser and analyses retry on a deeper stack, no stack trace)', () => {
  const depth = 3000;
  const ifs = Array.from({ length: depth }, () => 'scf.if %c {').join('\n');
  const text = `func.func @main() {\n  %c = arith.constant true\n${ifs}\n  %x = arith.constant 7 : i32\n  vector.print %x : i32\n${'}\n'.repeat(depth)}  return\n}\n`;
  const deep = writeTemp(dir, 'deep.mlir', text);
  for (const backend of ['js', 'wasm']) {
    const r = spawnSync(SCF_RUN, [deep, `--backend=${backend}`], { encoding: 'utf8' });
    assert.equal(r.stderr, '', backend);
    assert.equal(r.stdout, '7\n', backend);
    assert.equal(r.status, 0, backend);
  }
});
