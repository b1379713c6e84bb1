// The IR test passes that write to the standard output (test-print-nesting,
// test-print-invalid): scf-opt in-process against /usr/lib/llvm-22/bin/mlir-opt
// run on the same input, stdout and exit code byte for byte; and deep
// nesting walked without recursion.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOpt } from '../../src/tools/opt-driver.js';
import { MLIR_OPT } from '../exec/difftool.js';
import { printNesting } from '../../src/transforms/test-ir-passes.js';
import { OutputTooLargeError } from '../../src/syntax/printer.js';
import { createContext } from '../../src/dialects/registry.js';
import { Builder } from '../../src/ir/builder.js';
import type { Operation } from '../../src/ir/operation.js';

function sameAsMlirOpt(args: string[], input: string): string {
  const ref = spawnSync(MLIR_OPT, [...args, '-'], { input, encoding: 'utf8' });
  const ours = runOpt([...args, '-'], input);
  assert.equal(ours.stdout, ref.stdout);
  assert.equal(ours.exitCode, ref.status);
  return ours.stdout;
}

const NESTED = `func.func @f(%a: i32, %t: i1) -> i32 attributes {foo = 1 : i64, bar} {
  %0 = arith.addi %a, %a {x = "s"} : i32
  %1 = arith.addi %a, %0 overflow<nsw> : i32
  cf.cond_br %t, ^bb1(%0 : i32), ^bb2
^bb1(%b: i32):
  %c = scf.if %t -> i32 { scf.yield %b : i32 } else { scf.yield %1 : i32 }
  return %c : i32
^bb2:
  %r:2 = "test.op"() ({ "test.inner"() : () -> () }, {}) {"with space" = [1, 2]} : () -> (i32, f32)
  return %r#0 : i32
}
// -----
module attributes {m = "x"} {
  func.func private @decl()
}
`;

test('test-print-nesting: operations, regions, blocks, attributes (inherent and discardable) as mlir-opt 22', () => {
  const out = sameAsMlirOpt(['--test-print-nesting', '--split-input-file', '--allow-unregistered-dialect'], NESTED);
  assert.match(out, /visiting op: 'cf\.cond_br' with 2 operands and 0 results/);
  assert.match(out, /Block with 2 arguments, 2 successors, and 3 operations/);
});

test('test-print-nesting: nested under func.func in a pipeline', () => {
  sameAsMlirOpt(['--pass-pipeline=builtin.module(func.func(test-print-nesting))', '--allow-unregistered-dialect'], NESTED.split('// -----')[0]);
});

test('test-print-invalid: the generic form while the function lacks its terminator, the custom form after', () => {
  const out = sameAsMlirOpt(['--test-print-invalid'], 'module {}\n');
  assert.ok(out.startsWith('Invalid operation:\n"func.func"()'));
  // The function is erased again: the module prints empty.
  assert.ok(out.endsWith('}\nmodule {\n}\n\n'));
});

/** `depth` unregistered ops each nested in the single region of the previous one. */
function nest(depth: number): Operation {
  const ctx = createContext({ allowUnregisteredDialects: true });
  const b = new Builder(ctx);
  const root = b.create('test.op', { regions: 1 });
  let op = root;
  for (let i = 1; i < depth; i++) {
    b.setInsertionPointToEnd(b.createBlock(op.regions[0]));
    op = b.create('test.op', { regions: 1 });
  }
  return root;
}

test('test-print-nesting: deep nesting walked without recursion; output past the printer limit refused', () => {
  const depth = 5000;
  const lines = printNesting(nest(depth)).split('\n');
  const visits = lines.filter((l) => l.includes("visiting op: 'test.op'"));
  assert.equal(visits.length, depth);
  assert.equal(visits[depth - 1], `${'  '.repeat(3 * (depth - 1))}visiting op: 'test.op' with 0 operands and 0 results`);
  assert.throws(() => printNesting(nest(20000)), OutputTooLargeError);
  // Through the driver, on what the parser takes.
  const input = '"test.op"() ({\n'.repeat(300) + '}) : () -> ()\n'.repeat(300);
  assert.equal(runOpt(['--test-print-nesting', '--allow-unregistered-dialect', '-'], input).exitCode, 0);
});

test('test-print-nesting with -o: the IR goes to the file, what the pass printed stays on stdout (as mlir-opt 22)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-ir-passes-'));
  try {
    const input = 'module {}\n// -----\nfunc.func @g() {\n  return\n}\n';
    const args = ['--test-print-nesting', '--split-input-file', '-o'];
    const ref = spawnSync(MLIR_OPT, [...args, join(dir, 'ref.mlir'), '-'], { input, encoding: 'utf8' });
    const ours = runOpt([...args, join(dir, 'ours.mlir'), '-'], input);
    assert.equal(ours.exitCode, 0);
    assert.equal(ours.stdout, ref.stdout);
    assert.match(ours.stdout, /visiting op: 'func\.func'/);
    assert.equal(readFileSync(join(dir, 'ours.mlir'), 'utf8'), readFileSync(join(dir, 'ref.mlir'), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
