// Early-exit ops (upstream MLIR after 22: scf.loop, scf.break, scf.continue,
// scf.execute_region with a token): both corpus spellings parse, print
// round-trips, the handles build them, and the verifier rejects misuse.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../../src/tools/opt-driver.js';
import { Builder, FunctionType, IntegerType, arith, createContext, func, parse, print, scf, verify } from '../../../src/index.js';

const LOOP = `func.func @f(%init: i32, %c: i1) -> i32 {
  %r = scf.loop token(%t) iter_args(%a = %init) : i32 -> i32 {
    scf.if %c {
      scf.break [%t] %a : i32
    }
    scf.continue [%t] %a : i32
  }
  return %r : i32
}
`;

const REGION = `func.func @g(%c: i1, %v: f32, %w: f32) -> f32 {
  %0 = scf.execute_region -> f32 {
  ^bb0(%tok: token):
    scf.if %c {
      scf.break %tok, %v : f32
    }
    scf.yield %w : f32
  }
  return %0 : f32
}
`;

test('both spellings parse and print stably', () => {
  for (const src of [LOOP, REGION]) {
    const r = runOpt([], src);
    assert.equal(r.exitCode, 0, r.stderr);
    const again = runOpt([], r.stdout);
    assert.equal(again.stdout, r.stdout);
  }
  const loop = runOpt([], LOOP).stdout;
  assert.match(loop, /scf\.loop token\(%arg2\) iter_args\(%arg3 = %arg0\) : i32 -> i32 \{/);
  assert.match(loop, /scf\.break \[%arg2\] %arg3 : i32/);
  const region = runOpt([], REGION).stdout;
  assert.match(region, /\^bb0\(%arg3: token\):/);
  assert.match(region, /scf\.break %arg3, %arg1 : f32/);
  // The execute_region spelling also targets loops, and the loop one execute_regions.
  const swapped = LOOP.replace('scf.break [%t] %a', 'scf.break %t, %a');
  assert.equal(runOpt([], swapped).stdout, loop);
});

test('a loop body without a terminator continues implicitly', () => {
  const r = runOpt(['--mlir-print-op-generic'], 'func.func @h() {\n  scf.loop token(%t) {\n    "test.x"() : () -> ()\n  }\n  return\n}\n');
  assert.equal(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /"scf\.continue"\(%arg0\) : \(token\) -> \(\)/);
});

function diag(src: string): string {
  const r = runOpt([], src);
  assert.equal(r.exitCode, 1);
  return r.stderr.split('\n')[0];
}

test('verifier diagnostics', () => {
  assert.match(
    diag('func.func @a(%v: f32) -> f32 {\n  %0 = scf.execute_region -> f32 {\n  ^bb0(%t: token):\n    scf.continue [%t]\n  }\n  return %0 : f32\n}\n'),
    /^<stdin>:4:5: error: 'scf.continue' op expects its token to belong to an 'scf.loop'/,
  );
  assert.match(
    diag('func.func @b(%v: f32, %n: index) -> f32 {\n  %0 = scf.execute_region -> f32 {\n  ^bb0(%t: token):\n    scf.for %i = %n to %n step %n {\n      scf.break %t, %v : f32\n    }\n    scf.yield %v : f32\n  }\n  return %0 : f32\n}\n'),
    /^<stdin>:5:7: error: 'scf.break' op cannot exit through 'scf.for', which does not propagate breaking control flow/,
  );
  assert.match(
    diag('func.func @c(%v: f32) {\n  scf.loop token(%t) iter_args(%a = %v) : f32 {\n    scf.continue [%t] %v, %v : f32, f32\n  }\n  return\n}\n'),
    /^<stdin>:3:5: error: 'scf.continue' op has 2 values, but the loop-carried values of 'scf.loop' number 1/,
  );
  assert.match(
    diag('func.func @d(%v: f32, %w: i32) -> f32 {\n  %0 = scf.execute_region -> f32 {\n  ^bb0(%t: token):\n    scf.break %t, %w : i32\n  }\n  return %0 : f32\n}\n'),
    /^<stdin>:4:5: error: 'scf.break' op value #0 has type 'i32', but the results of 'scf.execute_region' expect 'f32'/,
  );
  assert.match(
    diag('func.func @e(%v: f32) {\n  scf.loop token(%t) iter_args(%a = %v) : f32 {\n    "test.x"() : () -> ()\n  }\n  return\n}\n'),
    /^<stdin>:2:3: error: 'scf.continue' op has 0 values/,
  );
});

test('the handles build a loop with break and continue', () => {
  const ctx = createContext();
  const m = parse('', { ctx });
  const b = new Builder(ctx);
  b.setInsertionPointToEnd(m.regions[0].entry);
  const i32 = IntegerType.get(32);
  const fn = func.FuncOp.build(b, { sym_name: 'count', function_type: FunctionType.get([i32], [i32]) });
  const entry = b.createBlock(func.FuncOp.body(fn), [i32]);
  const zero = arith.ConstantOp.int(b, 0, i32);
  const loop = scf.LoopOp.create(b, { initArgs: [zero], resultTypes: [i32] }, (b, loc, token, [i]) => {
    const done = arith.CmpIOp.build(b, { predicate: arith.CmpIPredicate.case.sge, lhs: i, rhs: entry.args[0], location: loc });
    scf.IfOp.create(b, { condition: arith.CmpIOp.result(done), location: loc }, (b) => {
      scf.BreakOp.build(b, { token, results: [i], location: loc });
    });
    const one = arith.ConstantOp.int(b, 1, i32);
    const next = arith.AddIOp.build(b, { lhs: i, rhs: one, location: loc });
    scf.ContinueOp.build(b, { token, results: [arith.AddIOp.result(next)], location: loc });
  });
  func.ReturnOp.build(b, { operands: scf.LoopOp.results(loop) });
  assert.deepEqual(verify(m), []);
  assert.equal(scf.BreakOp.target(scf.BreakOp.cast(scf.IfOp.thenBlock(scf.IfOp.cast(scf.LoopOp.body(loop).first!.next!)).last!)), loop);
  const text = print(m);
  assert.match(text, /scf\.break \[%arg1\] %arg2 : i32/);
  assert.match(text, /scf\.continue \[%arg1\] %\d+ : i32/);
});
