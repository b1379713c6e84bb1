// scf-lower-early-exit (upstream MLIR after 22; the corpus's
// Dialect/SCF/lower-early-exit*.mlir run under lit, see lit-passing.txt):
// programs with early exits print the same before and after the pass, under
// scf-run and under mlir-opt 22 + mlir-runner, and the output is MLIR 22 IR.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runOpt } from '../../src/tools/opt-driver.js';
import { loadModule } from '../../src/api/exec.js';
import { Builder, FunctionType, IntegerType, arith, createContext, func, parse, print, scf, verify } from '../../src/index.js';
import { lowerEarlyExits } from '../../src/dialects/scf/transforms/lower-early-exit.js';
import { MLIR_OPT, runReference, tempDir } from '../exec/difftool.js';
import { repoRoot } from '../conformance/paths.js';

const PROGRAMS = ['early-exit.mlir', 'early-exit-nested.mlir'].map((f) => readFileSync(join(repoRoot, 'test/exec/programs', f), 'utf8'));

function execute(text: string): string {
  let out = '';
  loadModule(text, { output: (s) => void (out += s) }).call('main');
  return out;
}

test('programs print the same after the pass, here and through MLIR 22', () => {
  const dir = tempDir();
  try {
    PROGRAMS.forEach((src, i) => {
      const r = runOpt(['--scf-lower-early-exit'], src);
      assert.equal(r.exitCode, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /scf\.(loop|break|continue)|token/);
      const before = execute(src);
      assert.equal(execute(r.stdout), before);
      const file = join(dir, `p${i}.mlir`);
      writeFileSync(file, r.stdout);
      const ref = runReference(file);
      assert.equal(ref.code, 0, ref.stderr);
      assert.equal(ref.stdout, before);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a loop becomes scf.while whose condition is the continue flag', () => {
  const r = runOpt(['--scf-lower-early-exit'], `func.func @f(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.loop token(%t) iter_args(%i = %c0) : i32 -> i32 {
    %d = arith.cmpi sge, %i, %n : i32
    scf.if %d {
      scf.break [%t] %i : i32
    }
    %i1 = arith.addi %i, %c1 : i32
    scf.continue [%t] %i1 : i32
  }
  return %r : i32
}
`);
  assert.equal(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /%\d+:2 = scf\.while \(%arg1 = %c0_i32\) : \(i32\) -> \(i32, i32\) \{/);
  assert.match(r.stdout, /scf\.yield %false, %0, %arg1 : i1, i32, i32/);
  assert.match(r.stdout, /scf\.yield %true, %\d+, %0 : i1, i32, i32/);
  assert.match(r.stdout, /scf\.condition\(%\d+#0\) %\d+#1, %\d+#2 : i32, i32/);
  assert.match(r.stdout, /return %\d+#1 : i32/);
  assert.equal(spawnSync(MLIR_OPT, ['-o', '/dev/null'], { input: r.stdout }).status, 0);
});

test('a break target holding cf branches is rejected at the op', () => {
  const r = runOpt(['--pass-pipeline=builtin.module(func.func(scf-lower-early-exit))'], `func.func @f(%v: f32) -> f32 {
  %0 = scf.execute_region -> f32 {
  ^bb0(%tok: token):
    cf.br ^bb1
  ^bb1:
    scf.yield %v : f32
  }
  return %0 : f32
}
`);
  assert.equal(r.exitCode, 1);
  assert.match(r.stderr, /^<stdin>:2:8: error: 'scf\.execute_region' op contains unsupported terminator 'cf\.br'; expected 'scf\.yield' or 'scf\.break'/);
});

test('lowerEarlyExits works on IR built with the handles (return from a loop)', () => {
  const ctx = createContext();
  const m = parse('', { ctx });
  const b = new Builder(ctx);
  b.setInsertionPointToEnd(m.regions[0].entry);
  const i32 = IntegerType.get(32);
  const fn = func.FuncOp.build(b, { sym_name: 'first_multiple', function_type: FunctionType.get([i32, i32], [i32]) });
  const entry = b.createBlock(func.FuncOp.body(fn), [i32, i32]);
  const [start, k] = entry.args;
  const er = scf.ExecuteRegionOp.create(b, { resultTypes: [i32], withToken: true }, (b, loc, ret) => {
    scf.LoopOp.create(b, { initArgs: [start], location: loc }, (b, loc, t, [i]) => {
      const r = arith.RemSIOp.build(b, { lhs: i, rhs: k, location: loc });
      const zero = arith.ConstantOp.int(b, 0, i32);
      const hit = arith.CmpIOp.build(b, { predicate: arith.CmpIPredicate.case.eq, lhs: arith.RemSIOp.result(r), rhs: zero, location: loc });
      scf.IfOp.create(b, { condition: arith.CmpIOp.result(hit), location: loc }, (b) => scf.BreakOp.build(b, { token: ret!, results: [i], location: loc }));
      const next = arith.AddIOp.build(b, { lhs: i, rhs: arith.ConstantOp.int(b, 1, i32), location: loc });
      scf.ContinueOp.build(b, { token: t, results: [arith.AddIOp.result(next)], location: loc });
    });
    scf.YieldOp.build(b, { results: [arith.ConstantOp.int(b, -1, i32)], location: loc });
  });
  func.ReturnOp.build(b, { operands: scf.ExecuteRegionOp.results(er) });
  assert.deepEqual(verify(m), []);
  const before = loadModule(print(m)).call('first_multiple', 10, 7);
  assert.ok(lowerEarlyExits(ctx, m));
  assert.deepEqual(verify(m), []);
  const text = print(m);
  assert.doesNotMatch(text, /scf\.(loop|break|continue)|token/);
  assert.equal(loadModule(text).call('first_multiple', 10, 7), before);
  assert.equal(before, 14);
});
