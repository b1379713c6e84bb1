// The parser on deep nests (issue 15): regions are parsed on the parser's own
// stack (resumable op parsers yield each region), so nests far deeper than the
// JavaScript stack parse on the main thread, in custom and generic forms.
// Diagnostics inside a nest mlir-opt 22 can still parse are compared live.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, ParseError } from '../../src/api/text.js';
import type { Block, Operation } from '../../src/ir/operation.js';
import { assertParseErrorAsMlirOpt } from '../opt-cases.js';

const MLIR_OPT = process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt';

type Shape = 'for' | 'if' | 'generic' | 'while';

/** A function holding a `depth`-level nest of `shape`, with `inner` (one line) innermost. */
function nestText(shape: Shape, depth: number, inner: string): string {
  const open: string[] = [];
  const close: string[] = [];
  for (let k = 0; k < depth; k++) {
    if (shape === 'for') {
      open.push(`scf.for %i${k} = %c0 to %n step %c1 {`);
      close.push('}');
    } else if (shape === 'if') {
      open.push('scf.if %b {');
      close.push('} else {\n%e = arith.addi %n, %c1 : index\n}');
    } else if (shape === 'while') {
      open.push(`%w${k} = scf.while (%a${k} = %n) : (index) -> index {\nscf.condition(%b) %a${k} : index\n} do {\n^bb0(%x${k}: index):`);
      close.push(`scf.yield %x${k} : index\n}`);
    } else {
      open.push('"scf.execute_region"() ({');
      close.push('"scf.yield"() : () -> ()\n}) : () -> ()');
    }
  }
  return [
    'func.func @f(%n: index, %b: i1) {',
    '%c0 = arith.constant 0 : index',
    '%c1 = arith.constant 1 : index',
    ...open,
    inner,
    ...close.reverse(),
    'return',
    '}',
    '',
  ].join('\n');
}

/** The depth of the nest: region-holding ops, each inside the previous one's regions (a loop, not recursion). */
function nestDepth(module: Operation): number {
  const withRegions = (block: Block): Operation | undefined => {
    for (let op = block.first; op; op = op.next) if (op.regions.length) return op;
    return undefined;
  };
  let op = withRegions(module.regions[0].entry.first!.regions[0].entry);
  let depth = 0;
  while (op) {
    depth++;
    let inner: Operation | undefined;
    for (const r of op.regions) for (const b of r.blocks) inner ??= withRegions(b);
    op = inner;
  }
  return depth;
}

for (const shape of ['for', 'if', 'generic', 'while'] as const) {
  test(`a 16,000-level ${shape} nest parses and verifies on the main thread`, () => {
    const module = parse(nestText(shape, 16_000, '%z = arith.muli %n, %n : index'));
    assert.equal(nestDepth(module), 16_000);
  });
}

test('a located error at the bottom of a 16,000-level nest', () => {
  const text = nestText('for', 16_000, '%z = arith.muli %n, %undefined : index');
  assert.throws(
    () => parse(text, { fileName: 'deep.mlir' }),
    (e: unknown) => e instanceof ParseError && e.message.startsWith(`deep.mlir:${3 + 16_000 + 1}:21: error: use of undeclared SSA value name`),
  );
});

// Errors inside a nest mlir-opt parses (it overflows its stack at a few thousand levels): same bytes.
const CASES: [string, Shape, string][] = [
  ['undeclared value', 'for', '%z = arith.muli %n, %undefined : index'],
  ['redefinition', 'if', '%c0 = arith.constant 2 : index'],
  ['bad token', 'generic', '%z = arith.muli %n, : index'],
  ['region entry argument in use', 'for', 'scf.for %i3 = %c0 to %n step %c1 {\n}'],
  ['block label in while', 'while', '^bb7:'],
  ['bad type', 'if', '%z = arith.muli %n, %n : f32'],
];

test('diagnostics inside a 300-level nest are the same as mlir-opt 22', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-parse-deep-'));
  try {
    for (const [name, shape, inner] of CASES) assertParseErrorAsMlirOpt(name, nestText(shape, 300, inner), join(dir, `${shape}.mlir`));
    // Truncated inside the nest: the error at the end of the input (MLIR's block body starts an op there).
    const file = join(dir, 'cut.mlir');
    const text = nestText('for', 300, '').slice(0, -40);
    writeFileSync(file, text);
    const r = spawnSync(MLIR_OPT, [file], { encoding: 'latin1', maxBuffer: 1 << 28 });
    assert.throws(() => parse(text, { fileName: file }), (e: unknown) => e instanceof ParseError && e.message === r.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('scf-opt --symbol-dce of a 16,000-level nest stays on the main thread (erasing it does not recurse)', async () => {
  const { runOpt } = await import('../../src/tools/opt-driver.js');
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-parse-deep-'));
  try {
    const file = join(dir, 'nest.mlir');
    writeFileSync(file, `module {\nmodule @m attributes {sym_visibility = "private"} {\n${nestText('if', 16_000, '%z = arith.muli %n, %n : index')}}\n}\n`);
    const r = runOpt([file, '--symbol-dce']);
    assert.equal(r.stackExhausted ?? false, false, r.stderr);
    assert.equal(r.exitCode, 0, r.stderr);
    assert.equal(r.stdout, 'module {\n}\n\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--cse of a 16,000-level nest runs on the default stack (the walk does not recurse), and agrees with mlir-opt at 300 levels', async () => {
  const { runOpt } = await import('../../src/tools/opt-driver.js');
  const { PassManager } = await import('../../src/api/passes.js');
  // Every level computes %n + 1 again and uses it: cse keeps the outermost one.
  const nest = (depth: number): string => {
    const lines = ['func.func private @use(index)', 'func.func @f(%n: index, %b: i1) {', '%c1 = arith.constant 1 : index'];
    for (let k = 0; k < depth; k++) lines.push('scf.if %b {', `%m${k} = arith.addi %n, %c1 : index`, `func.call @use(%m${k}) : (index) -> ()`);
    for (let k = 0; k < depth; k++) lines.push('}');
    return lines.concat('return', '}', '').join('\n');
  };
  // In this thread (no deep-stack worker to fall back to); printing it would be quadratic in bytes.
  const module = parse(nest(16_000));
  PassManager.parse('builtin.module(cse)').run(module);
  let adds = 0;
  let calls = 0;
  module.walk((op) => {
    if (op.opName === 'arith.addi') adds++;
    else if (op.opName === 'func.call') calls++;
  });
  assert.equal(adds, 1);
  assert.equal(calls, 16_000);
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-cse-deep-'));
  try {
    const shallow = join(dir, 'shallow.mlir');
    writeFileSync(shallow, nest(300));
    const ours = runOpt([shallow, '--cse']);
    const ref = spawnSync(MLIR_OPT, [shallow, '--cse'], { encoding: 'latin1', maxBuffer: 1 << 28 });
    assert.equal(ref.status, 0, ref.stderr);
    assert.equal(ours.exitCode, 0, ours.stderr);
    assert.equal(ours.stdout, ref.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
