// scf-run's command line: mlir-runner's flags, entry-point checks and messages
// (compared live with mlir-runner 22), and result printing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { LOWERING, MLIR_OPT, MLIR_RUNNER, SHARED_LIBS, runOurs, tempDir, writeTemp } from './difftool.js';
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

// Each row runs scf-run on the file and mlir-runner on its lowering (by
// mlir-opt 22) with the same flags; both must agree.
const cases: string[][] = [
  ['-e', 'mi32', '-entry-point-result=i32'],
  ['-e', 'mi64', '-entry-point-result=i64'],
  ['-e', 'mf32', '-entry-point-result=f32'],
  ['-e', 'args', '-entry-point-result=void'],
  ['-e', 'nope', '-entry-point-result=void'],
  ['-e', 'decl', '-entry-point-result=void'],
  ['-e', 'mi32', '-entry-point-result=void'],
  ['-e', 'mi32', '-entry-point-result=i64'],
  ['-e', 'mi64', '-entry-point-result=i32'],
  ['-e', 'mi32', '-entry-point-result=f32'],
  ['-e', 'mi32', '-entry-point-result=i8'],
  // Default entry point @main; mlir-runner's other flags are accepted.
  ['-entry-point-result=void'],
  ['-O3', '-mattr=+avx2', '-e', 'main', '-entry-point-result=void'],
  // -march replaces the host triple's architecture, which leaves no target, as in mlir-runner.
  ['-march=x86-64'],
  ['--O0', '--dump-object-file', `--object-filename=${dir}/x.o`, '--entry-point-result', 'void'],
];

const lowered = writeTemp(dir, 'entry-lowered.mlir', (() => {
  const r = spawnSync(MLIR_OPT, [...LOWERING, file], { encoding: 'latin1' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
})());

for (const args of cases) {
  test(`scf-run ${args.join(' ') || '(no flags)'} as mlir-runner`, () => {
    const r = runOurs([file, ...args]);
    const ref = spawnSync(MLIR_RUNNER, [lowered, ...args, `-shared-libs=${SHARED_LIBS}`], { encoding: 'latin1' });
    assert.equal(r.stderr, ref.stderr.replaceAll(lowered, file));
    assert.equal(r.stdout, ref.stdout);
    assert.equal(r.code, ref.status);
  });
}

// mlir-runner cannot run a func-level module at all; scf-run's default result
// there is void (on LLVM-dialect modules it is mlir-runner's f32).
test('scf-run accepts -shared-libs in all its spellings and loads nothing from them; void is the func-level default', () => {
  const r = runOurs([file, '-shared-libs', 'a.so', '-shared-libs=b.so', `-shared-libs=${SHARED_LIBS}`]);
  assert.equal(r.stderr, '');
  assert.equal(r.stdout, 'hello\n');
  assert.equal(r.code, 0);
});

test('scf-run: unknown flags are rejected with LLVM wording', () => {
  // mlir-runner 22 has no JIT listener flags or --split-input-file (global-data.mlir and
  // simple-split-input-file.mlir of the corpus fail with it for that reason).
  for (const flag of ['--enable-gdb-listener=false', '--split-input-file']) {
    const r = runOurs([file, flag]);
    assert.equal(r.code, 1);
    assert.ok(r.stderr.split('\n').includes(`scf-run: Unknown command line argument '${flag}'.  Try: 'scf-run --help'`), r.stderr);
  }
  // The first starts with -e, which takes a value: LLVM's group message comes first, as from mlir-runner.
  const r = runOurs([file, '--enable-gdb-listener=false']);
  const ref = spawnSync(MLIR_RUNNER, [file, '--enable-gdb-listener=false'], { encoding: 'latin1' });
  assert.equal(r.stderr, ref.stderr.replaceAll(`'${MLIR_RUNNER} --help'`, "'scf-run --help'").replace(/^mlir-runner:/gm, 'scf-run:'));
});

test("scf-run: bad command lines get mlir-runner 22's messages and exit codes", () => {
  // -e takes a value, so it cannot lead a group (`--entry-pointt=main` reads as -e + "ntry-pointt=main").
  for (const args of [['-ex'], ['-e'], ['--entry-pointt=main'], ['--foo', '--bar'], ['-e=main', '-hx'], ['--foo', '--help']]) {
    const ours = runOurs(args, '');
    const ref = spawnSync(MLIR_RUNNER, args, { input: '', encoding: 'latin1' });
    const normalized = ref.stderr.replaceAll(`'${MLIR_RUNNER} --help'`, "'scf-run --help'").replace(/^mlir-runner:/gm, 'scf-run:');
    assert.equal(ours.code, ref.status, args.join(' '));
    assert.equal(ours.stderr, normalized, args.join(' '));
  }
});

test('scf-run: a missing input file and invalid IR are errors', () => {
  for (const input of [dir + '/nope.mlir', dir]) {
    const missing = runOurs([input]);
    const ref = spawnSync(MLIR_RUNNER, [input], { encoding: 'latin1' });
    assert.equal(missing.code, 1);
    assert.equal(ref.status, 1);
    assert.equal(missing.stderr, ref.stderr);
  }
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
