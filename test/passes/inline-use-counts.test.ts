// The inliner's bookkeeping, live against mlir-opt 22: its symbol use counts,
// kept up to date as calls are inlined (issue 15: recounting the whole module
// after each inlined call made --inline on a deep nest of calls quadratic),
// and the calls that inlining brings in, inlined in the same iteration unless
// their history says recursion. Cases: bodies that call or name other
// callables, calls through function constants, mutual recursion, a nested
// symbol table; and the counting work growing linearly with depth.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOpt } from '../../src/tools/opt-driver.js';
import { writeInput } from '../../bench/depth.js';
import { inlinerStats } from '../../src/transforms/inliner.js';
import { optAndReference } from '../opt-cases.js';

const dir = mkdtempSync(join(tmpdir(), 'scfkit-inline-counts-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

function compare(name: string, input: string, args: string[]): void {
  const r = optAndReference(input, ...args);
  assert.deepEqual({ code: r.code, out: r.out, err: r.err }, r.ref, `${name} ${args.join(' ')}`);
}

const CASES: Record<string, string> = {
  // @leaf's last direct call goes with @mid's inlining, but copies of @mid's
  // body bring new calls and references to it.
  copies: `module {
  func.func private @leaf(%x: i32) -> i32 {
    %c1 = arith.constant 1 : i32
    %y = arith.addi %x, %c1 : i32
    return %y : i32
  }
  func.func private @named(%x: i32) -> i32 {
    return %x : i32
  }
  func.func private @mid(%x: i32, %c: i1) -> i32 {
    %a = func.call @leaf(%x) : (i32) -> i32
    %f = func.constant @named : (i32) -> i32
    %r = scf.if %c -> (i32) {
      %b = func.call_indirect %f(%a) : (i32) -> i32
      scf.yield %b : i32
    } else {
      scf.yield %a : i32
    }
    return %r : i32
  }
  func.func @main(%x: i32, %c: i1) -> i32 {
    %1 = func.call @mid(%x, %c) : (i32, i1) -> i32
    %2 = func.call @mid(%1, %c) : (i32, i1) -> i32
    %3 = func.call @leaf(%2) : (i32) -> i32
    return %3 : i32
  }
}
`,
  // Calls through function constants become direct calls when canonicalized
  // (func.call_indirect's SimplifyIndirectCallWithKnownCallee), which the
  // inliner's simplification then inlines.
  indirect: `func.func private @named(%x: i32) -> i32 {
  return %x : i32
}
func.func private @two(%x: i32, %y: f32) -> (i32, f32)
func.func @mid(%x: i32, %y: f32) -> (i32, i32, f32) {
  %f = func.constant @named : (i32) -> i32
  %b = func.call_indirect %f(%x) {tag = 1 : i32} : (i32) -> i32
  %g = func.constant @two : (i32, f32) -> (i32, f32)
  %c:2 = func.call_indirect %g(%b, %y) : (i32, f32) -> (i32, f32)
  %h = func.constant @named : (i32) -> i32
  %d = func.call_indirect %h(%x) : (i32) -> i32
  func.call_indirect %f(%x) : (i32) -> i32
  return %b, %c#0, %c#1 : i32, i32, f32
}
`,
  // Mutual recursion: a call is not inlined into a copy of its own callee's
  // body within one iteration (MLIR's inline history), so each iteration
  // unrolls one more level; the helper's body is copied into both.
  recursion: `module {
  func.func private @even(%n: i32, %c: i1) -> i32 {
    %r = scf.if %c -> (i32) {
      %o = func.call @odd(%n, %c) : (i32, i1) -> i32
      scf.yield %o : i32
    } else {
      %h = func.call @helper(%n) : (i32) -> i32
      scf.yield %h : i32
    }
    return %r : i32
  }
  func.func private @odd(%n: i32, %c: i1) -> i32 {
    %e = func.call @even(%n, %c) : (i32, i1) -> i32
    %h = func.call @helper(%e) : (i32) -> i32
    return %h : i32
  }
  func.func private @helper(%x: i32) -> i32 {
    %y = arith.muli %x, %x : i32
    return %y : i32
  }
  func.func @main(%n: i32, %c: i1) -> i32 {
    %r = func.call @even(%n, %c) : (i32, i1) -> i32
    return %r : i32
  }
}
`,
  // A caller holding a nested symbol table: its calls resolve from more than one table.
  nested: `module {
  func.func private @twice(%x: i32) -> i32 {
    %y = arith.addi %x, %x : i32
    return %y : i32
  }
  func.func @main(%x: i32) -> i32 {
    %a = func.call @twice(%x) : (i32) -> i32
    %b = func.call @twice(%a) : (i32) -> i32
    return %b : i32
  }
  module @inner {
    func.func private @twice(%x: i32) -> i32 {
      %y = arith.muli %x, %x : i32
      return %y : i32
    }
    func.func @f(%x: i32) -> i32 {
      %a = func.call @twice(%x) : (i32) -> i32
      return %a : i32
    }
  }
}
`,
};

for (const [name, input] of Object.entries(CASES))
  test(`inline: use counts decide the dead callables as mlir-opt's (${name})`, () => {
    compare(name, input, ['--inline']);
    compare(name, input, ['--inline=default-pipeline=']);
    compare(name, input, ['--inline', '--canonicalize']);
  });

test('inline: the benchmark`s `for` nest inlines as mlir-opt does, and counting uses grows linearly with its depth', () => {
  const file = join(dir, 'for-150.mlir');
  writeInput(file, 'for', 150);
  compare('for-150', readFileSync(file, 'utf8'), ['--inline']);
  const tallied = (depth: number): number => {
    const f = join(dir, `for-count-${depth}.mlir`);
    writeInput(f, 'for', depth);
    const before = inlinerStats.usesTallied;
    const got = runOpt([f, '--inline', '--symbol-dce']);
    assert.equal(got.exitCode, 0, got.stderr);
    return inlinerStats.usesTallied - before;
  };
  const [a, b] = [tallied(200), tallied(400)];
  assert.ok(a >= 200, `at least one use per level counted: ${a}`);
  assert.ok(b / a < 2.5, `uses counted: ${a} at 200 levels, ${b} at 400`);
});

// A chain of private callables, each calling the next: one SCC per callable,
// each simplified by the optimizer pipeline. The counts must follow each
// simplification by recounting that callable's body only (recounting the
// whole module after every one made this quadratic: 45 s for 4,000 callables).
function callChain(n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = i + 1 < n ? `  %r = func.call @f${i + 1}(%x) : (i32) -> i32\n  return %r : i32` : '  return %x : i32';
    out.push(`func.func private @f${i}(%x: i32) -> i32 {\n${body}\n}`);
  }
  out.push('func.func @main(%x: i32) -> i32 {\n  %r = func.call @f0(%x) : (i32) -> i32\n  return %r : i32\n}');
  return out.join('\n') + '\n';
}

test('inline: a chain of callables inlines as mlir-opt does, and counting uses grows linearly with its length', () => {
  compare('chain-40', callChain(40), ['--inline']);
  const tallied = (n: number): number => {
    const f = join(dir, `chain-${n}.mlir`);
    writeFileSync(f, callChain(n));
    const before = inlinerStats.usesTallied;
    const got = runOpt([f, '--inline']);
    assert.equal(got.exitCode, 0, got.stderr);
    return inlinerStats.usesTallied - before;
  };
  const [a, b] = [tallied(300), tallied(600)];
  assert.ok(a >= 300, `at least one use per callable counted: ${a}`);
  assert.ok(b / a < 2.5, `uses counted: ${a} for 300 callables, ${b} for 600`);
});
