// Tests of the conformance harness itself: RUN-line parsing, chunking, the
// judging rules, the ratchet files, and a self-check with mlir-opt as both the
// reference and the tool under test (which must agree with itself).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { crashed, diagnosticSet, firstErrorLocation, judge } from './compare.js';
import { UPSTREAM_CHECKED_FILES, casesForFile, loadCorpus, padChunk, splitChunks } from './corpus.js';
import { assertReferenceOpt, runGolden } from './golden.js';
import { corpusRoot, referenceOpt } from './paths.js';
import { checkRatchet, readList, writeList } from './ratchet.js';
import { findOptInvocations, flagKey, lexShell, parseRunLines, splitMarkerOf } from './runlines.js';
import { InProcessTool, SpawnTool, type ToolRun } from './tool.js';

test('RUN lines: continuations and lit keyword rules', () => {
  const src = [
    '// RUN: mlir-opt --no-implicit-module --mlir-print-skip-regions \\',
    '// RUN:   --split-input-file %s | FileCheck %s',
    '// # RUN: mlir-opt %s -mlir-print-op-generic',
    '// CHECK-RUN: lit matches the keyword anywhere',
    '// RUN : not with a space',
    'func.func @f() // no keyword here',
  ].join('\n');
  assert.deepEqual(parseRunLines(src), [
    'mlir-opt --no-implicit-module --mlir-print-skip-regions  --split-input-file %s | FileCheck %s',
    'mlir-opt %s -mlir-print-op-generic',
    'lit matches the keyword anywhere',
  ]);
});

test('shell lexing: quotes, escapes, pipes and redirections', () => {
  assert.deepEqual(lexShell(`a 'b c' "d \\" e" f\\ g|h 2>&1 > out && i`), [
    { kind: 'word', value: 'a' }, { kind: 'word', value: 'b c' }, { kind: 'word', value: 'd " e' },
    { kind: 'word', value: 'f g' }, { kind: 'op', value: '|' }, { kind: 'word', value: 'h' },
    { kind: 'op', value: '2>&1' }, { kind: 'op', value: '>' }, { kind: 'word', value: 'out' },
    { kind: 'op', value: '&&' }, { kind: 'word', value: 'i' },
  ]);
  assert.deepEqual(lexShell('x=-pass-pipeline="a(b{c=1 d})"'), [{ kind: 'word', value: 'x=-pass-pipeline=a(b{c=1 d})' }]);
});

test('mlir-opt invocations: flags kept in order, inputs/outputs/redirections dropped', () => {
  const invs = findOptInvocations(`not mlir-opt -split-input-file %s -pass-pipeline='builtin.module(func.func(cse))' -o - 2>&1 | FileCheck %s`);
  assert.deepEqual(invs, [{ flags: ['-split-input-file', "-pass-pipeline=builtin.module(func.func(cse))"], inputs: ['%s'], piped: false, fedByOpt: false }]);

  const pipe = findOptInvocations('mlir-opt %s -mlir-print-op-generic | mlir-opt -allow-unregistered-dialect | FileCheck %s --check-prefix=X');
  assert.deepEqual(pipe.map((i) => [i.flags, i.inputs, i.piped, i.fedByOpt]), [
    [['-mlir-print-op-generic'], ['%s'], false, false],
    [['-allow-unregistered-dialect'], [], true, true],
  ]);
  assert.deepEqual(findOptInvocations('mlir-opt < %s -o %t.out --verify-diagnostics && FileCheck %s < %t.out'), [
    { flags: ['--verify-diagnostics'], inputs: ['%s'], piped: false, fedByOpt: false },
  ]);
  assert.deepEqual(findOptInvocations('split-file %s %t'), []);
  assert.deepEqual(findOptInvocations('FileCheck %s --check-prefix=mlir-opt'), []);
  assert.equal(flagKey(['-a', '--b', '-c=x y']), "--a --b '--c=x y'");
  assert.equal(splitMarkerOf(['-split-input-file']), '// -----');
  assert.equal(splitMarkerOf(['--split-input-file=;;']), ';;');
  assert.equal(splitMarkerOf(['--verify-diagnostics']), null);
});

test('chunks keep every position of the original file', () => {
  const src = 'a\nb // -----\nc\n  // -----   d\ne\n// -----\n';
  const chunks = splitChunks(src, '// -----');
  assert.deepEqual(chunks.map((c) => [c.line, c.column, c.body]), [
    [1, 1, 'a\nb '], [2, 11, '\nc\n  '], [4, 11, '   d\ne\n'], [6, 9, '\n'],
  ]);
  const srcLines = src.split('\n');
  for (const chunk of chunks) {
    const padded = padChunk(chunk).split('\n');
    const bodyLines = chunk.body.split('\n');
    // The chunk's first line: the text after the marker, at its original column.
    assert.equal(padded[chunk.line - 1], ' '.repeat(chunk.column - 1) + bodyLines[0]);
    assert.ok(srcLines[chunk.line - 1].slice(chunk.column - 1).startsWith(bodyLines[0]));
    // Its other lines: the original lines, at the original line numbers.
    for (let k = 1; k < bodyLines.length; k++) assert.ok(srcLines[chunk.line - 1 + k].startsWith(bodyLines[k]));
  }
});

test('cases: one per chunk for splitting flag sets, one per file otherwise, deduplicated, pipelines too', () => {
  const src = '// RUN: mlir-opt %s -split-input-file | FileCheck %s\n// RUN: mlir-opt %s --split-input-file -o - | mlir-opt | FileCheck %s\nx\n// -----\ny\n';
  const fc = casesForFile('D/x.mlir', src);
  assert.equal(fc.runCommands, 2);
  assert.deepEqual(fc.flagSets.map((s) => s.flagKey), ['--split-input-file', '', '--split-input-file |']);
  assert.deepEqual(fc.cases.map((c) => c.key), [
    'D/x.mlir\t0\t--split-input-file', 'D/x.mlir\t1\t--split-input-file', 'D/x.mlir\t0\t',
    'D/x.mlir\t0\t--split-input-file |', 'D/x.mlir\t1\t--split-input-file |',
  ]);
  assert.equal(fc.cases[1].text, '\n'.repeat(3) + ' '.repeat(8) + '\ny\n');
  assert.equal(fc.cases[2].text, src);
  assert.deepEqual(fc.cases[4].then, [[]]);
  assert.equal(fc.cases[4].text, fc.cases[1].text);
});

test('the corpus yields cases, and every file with an mlir-opt RUN line has some', () => {
  const root = corpusRoot();
  const files = loadCorpus(root);
  assert.ok(files.length > 50, `only ${files.length} corpus files`);
  assert.ok(!files.some((f) => f.file.startsWith('Integration/') || f.file.startsWith('mlir-runner/')));
  for (const f of UPSTREAM_CHECKED_FILES) assert.ok(!files.some((c) => c.file === f), `${f} is checked by lit, not golden`);
  for (const f of files) {
    const mentions = readFileSync(join(root, f.file), 'utf8').split('\n').some((l) => /RUN:.*\bmlir-opt\b/.test(l));
    assert.equal(f.cases.length > 0, mentions, `${f.file}: ${f.cases.length} cases`);
  }
  const keys = files.flatMap((f) => f.cases.map((c) => c.key));
  assert.equal(new Set(keys).size, keys.length, 'case keys must be unique');
});

function run(partial: Partial<ToolRun>): ToolRun {
  return { exitCode: 0, signal: null, stdout: Buffer.from(''), stderr: '', timedOut: false, ms: 1, threw: null, ...partial };
}

test('judging rules', () => {
  const ok = run({ stdout: Buffer.from('module {\n}\n') });
  assert.equal(judge(ok, run({ stdout: Buffer.from('module {\n}\n') }), false, null).pass, true);
  assert.equal(judge(ok, run({ stdout: Buffer.from('module {}\n') }), false, null).pass, false);
  assert.equal(judge(ok, run({ exitCode: 1, stdout: Buffer.from('module {\n}\n') }), false, null).pass, false);
  assert.equal(judge(ok, run({ threw: 'TypeError: x' }), false, null).pass, false);

  const err = run({ exitCode: 1, stderr: 'f.mlir:3:5: error: boom\n  x\n    ^\nf.mlir:9:1: error: later\n' });
  assert.equal(judge(err, run({ exitCode: 1, stderr: 'f.mlir:3:5: error: other words\n' }), false, null).pass, true);
  assert.equal(judge(err, run({ exitCode: 1, stderr: 'f.mlir:3:6: error: boom\n' }), false, null).pass, false);
  assert.equal(judge(err, run({ exitCode: 0 }), false, null).pass, false);
  assert.equal(judge(run({ exitCode: 1, stderr: 'mlir-opt: Unknown command line argument' }), run({ exitCode: 1, stderr: 'scf-opt: unknown' }), false, null).pass, true);
  assert.equal(firstErrorLocation('<unknown>:0: error: x\nf.mlir:1:2: error: y'), '1:2');

  // --verify-diagnostics: exit status, diagnostic set (temp dir removed), stdout on success.
  const vref = run({ exitCode: 1, stderr: '/tmp/q/f.mlir:4:2: error: unexpected error: boom\n/tmp/q/f.mlir:8:3: error: expected error "x" was not produced\n' });
  assert.deepEqual(diagnosticSet(vref.stderr, '/tmp/q'), ['f.mlir:4:2: error: unexpected error: boom', 'f.mlir:8:3: error: expected error "x" was not produced']);
  assert.equal(judge(vref, run({ exitCode: 1, stderr: 'f.mlir:8:3: error: expected error "x" was not produced\nf.mlir:4:2: error: unexpected error: boom\n' }), true, '/tmp/q').pass, true);
  assert.equal(judge(vref, run({ exitCode: 1, stderr: 'f.mlir:4:2: error: unexpected error: boom\n' }), true, '/tmp/q').pass, false);
  assert.equal(judge(run({}), run({ exitCode: 0, stderr: 'f.mlir:1:1: warning: w\n' }), true, null).pass, false);
  assert.equal(judge(run({ stdout: Buffer.from('a') }), run({ stdout: Buffer.from('b') }), true, null).pass, false);

  // A crashing reference is not copied: the tool must exit 0 or 1.
  const crash = run({ exitCode: null, signal: 'SIGSEGV' });
  assert.ok(crashed(crash));
  assert.equal(judge(crash, run({ exitCode: 1, stderr: 'f.mlir:1:1: error: x' }), false, null).pass, true);
  assert.equal(judge(crash, run({ exitCode: null, signal: 'SIGABRT' }), false, null).pass, false);
  assert.equal(judge(ok, run({ exitCode: null, timedOut: true }), false, null).pass, false);
});

test('ratchet lists: sorted, commented, tolerant of lost trailing tabs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-ratchet-'));
  try {
    const p = join(dir, 'list.txt');
    writeList(p, ['b\t1\t--x', 'a\t0\t', 'b\t1\t--x', 'B\t0\t'], ['header']);
    assert.equal(readFileSync(p, 'utf8'), '# header\nB\t0\t\na\t0\t\nb\t1\t--x\n');
    writeFileSync(p, '# c\na\t0\n\nb\t1\t--x  \r\n');
    assert.deepEqual(readList(p, 3), ['a\t0\t', 'b\t1\t--x']);
    const c = checkRatchet(['a', 'b', 'gone'], new Map([['a', true], ['b', false], ['c', true]]));
    assert.deepEqual(c, { regressions: ['b'], unknown: ['gone'], newlyPassing: ['c'] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('in-process tool: runs in the case directory, captures throws', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-inproc-'));
  const before = process.cwd();
  try {
    writeFileSync(join(dir, 'in.mlir'), 'payload');
    const echo = new InProcessTool((args) => ({ exitCode: 0, stdout: readFileSync(args[0], 'utf8'), stderr: '' }));
    const r = await echo.run(['in.mlir'], { cwd: dir });
    assert.equal(r.stdout.toString(), 'payload');
    assert.equal(process.cwd(), before);
    const thrower = new InProcessTool(() => { throw new RangeError('Maximum call stack size exceeded'); });
    const t = await thrower.run(['in.mlir'], { cwd: dir });
    assert.match(t.threw ?? '', /RangeError/);
    assert.equal(judge(run({}), t, false, null).pass, false);
    assert.equal(process.cwd(), before);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Files covering each rule: exit-0 output, --verify-diagnostics, and plain errors.
const SELF_CHECK_FILES = new Set(['scfkit/scf-ops-22.mlir', 'Dialect/SCF/invalid.mlir', 'IR/invalid-locations.mlir', 'Dialect/Arith/ops.mlir', 'IR/print-op-on-diagnostic.mlir']);

test('self-check: mlir-opt judged against itself passes every case', { timeout: 10 * 60_000 }, async () => {
  assertReferenceOpt();
  const result = await runGolden({ corpus: corpusRoot(), tool: new SpawnTool([referenceOpt]), filter: (c) => SELF_CHECK_FILES.has(c.file) });
  assert.ok(result.results.length > 50, `only ${result.results.length} cases`);
  const kinds = new Set(result.results.map((r) => `${r.case.verify ? 'verify' : 'plain'}-${r.reference.exitCode === 0 ? 'ok' : 'error'}`));
  assert.deepEqual([...kinds].sort(), ['plain-error', 'plain-ok', 'verify-error', 'verify-ok']);
  const failures = result.results.filter((r) => !r.verdict.pass).map((r) => `${r.case.key}: ${r.verdict.pass ? '' : r.verdict.reason}`);
  assert.deepEqual(failures, []);
});

test('self-check: a tool that prints differently is caught', { timeout: 10 * 60_000 }, async () => {
  // mlir-opt forced to print generic form: every successful custom-form case must fail.
  const generic = new SpawnTool([referenceOpt, '--mlir-print-op-generic']);
  const result = await runGolden({ corpus: corpusRoot(), tool: generic, filter: (c) => c.file === 'scfkit/scf-ops-22.mlir' });
  const custom = result.results.filter((r) => !r.case.flags.some((f) => f.endsWith('print-op-generic')));
  assert.ok(custom.length > 0);
  for (const r of custom) assert.equal(r.verdict.pass, false, r.case.key);
});
