// scf-software-pipeline (the RFC's pipeliner) on hand-written loops with
// schedules in MLIR's test attributes (software-pipeline-cases.ts): for
// every (peel-prologue, peel-epilogue) pair, trip counts 0, 1, S-1, S, S+1,
// 17 and a negative range, static and dynamic bounds, steps 1 and 2, the
// engine prints the same before and after, real mlir-opt 22 accepts every
// output (one run), and real mlir-runner prints the original's output on a
// sample; the engine runs the transient ops, so the IR after step 1 and
// step 2 must print the same too. With full peeling and a static trip count
// >= S no predicate or mask survives step 2; with no peeling no iteration is
// peeled.
// schedule=auto must preserve semantics too, and its schedules pass the
// checker. Bad schedules and options give MLIR-form diagnostics.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModule, parse, print, verify, scf } from '../../src/index.js';
import { runOpt } from '../../src/tools/opt-driver.js';
import { PatternRewriter } from '../../src/ir/pattern.js';
import type { Operation } from '../../src/ir/operation.js';
import { checkSchedule } from '../../src/dialects/scf/transforms/pipelining/check-schedule.js';
import { moduloSchedule } from '../../src/dialects/scf/transforms/pipelining/modulo-schedule.js';
import { readAttributeSchedule } from '../../src/dialects/scf/transforms/pipelining/schedule.js';
import { softwarePipeline } from '../../src/dialects/scf/transforms/pipelining/software-pipeline.js';
import { IfOp } from '../../src/dialects/scf/index.js';
import { PoisonOp } from '../../src/dialects/ub/index.js';
import { MLIR_OPT, runReference } from '../exec/difftool.js';
import { LOOP_CASES, caseProgram, type LoopCase } from './software-pipeline-cases.js';

function execute(text: string): string {
  let out = '';
  const m = loadModule(text, { output: (s) => void (out += s) });
  m.call('main');
  return out;
}

const count = (text: string, re: RegExp): number => (text.match(re) ?? []).length;

const dir = mkdtempSync(join(tmpdir(), 'scfkit-swp-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** Every output module, for one mlir-opt run. */
const accepted: string[] = [];
/** A few (output, expected print) pairs for mlir-runner. */
const runnerSample: { text: string; expected: string; what: string }[] = [];

function tripCounts(c: LoopCase): number[] {
  const S = c.stages;
  // A negative range is a long loop for an unsigned one.
  return c.unsigned ? [0, 1, S - 1, S, S + 1, 17] : [0, 1, S - 1, S, S + 1, 17, -2];
}

for (const c of LOOP_CASES) {
  test(`scf-software-pipeline: ${c.name} (${c.stages} stages), every (N, M), trip counts and bounds`, () => {
    const S = c.stages;
    let runs = 0;
    for (const tc of tripCounts(c))
      for (const dynamic of [false, true])
        for (const step of [1, 2]) {
          const src = caseProgram(c, { lb: 3, ub: 3 + tc * step, step, dynamic });
          const expected = execute(src);
          for (let N = 0; N < S; N++)
            for (let M = 0; M < S; M++) {
              const what = `${c.name} tc=${tc} step=${step} ${dynamic ? 'dynamic' : 'static'} N=${N} M=${M}`;
              const r = runOpt(['-', `--scf-software-pipeline=peel-prologue=${N} peel-epilogue=${M}`], src);
              assert.equal(r.exitCode, 0, `${what}: ${r.stderr}`);
              assert.equal(execute(r.stdout), expected, `${what} changed the output`);
              assert.equal(count(r.stdout, /pipeline\./g), 0, `${what}: pipeline ops left after lowering`);
              accepted.push(r.stdout);
              runs++;
              if (runs % 97 === 0) runnerSample.push({ text: r.stdout, expected, what });

              const peeled = runOpt(['-', `--scf-software-pipeline=peel-prologue=${N} peel-epilogue=${M} stop-after=peel`], src);
              assert.equal(peeled.exitCode, 0, `${what} stop-after=peel: ${peeled.stderr}`);
              // The engine runs the transient ops: the peeled, folded IR means the same.
              assert.equal(execute(peeled.stdout), expected, `${what} stop-after=peel changed the output`);
              if (N === S - 1 && M === S - 1 && !dynamic && tc >= S) {
                assert.equal(count(peeled.stdout, /pipeline\.|arith\.select/g), 0, `${what}: a predicate, mask or register select survived full peeling`);
                assert.equal(count(r.stdout, /scf\.if/g), count(peeled.stdout, /scf\.if/g), `${what}: a mask became an scf.if`);
              }
              if (N === 0 && M === 0) {
                assert.equal(count(peeled.stdout, /scf\.for/g), count(src, /scf\.for/g), `${what}: an iteration was peeled`);
                assert.equal(count(peeled.stdout, /pipeline\.mask/g) >= 1, true, `${what}: the kernel lost its masks`);
              }
            }
        }
    assert.ok(runs > 0);
  });
}

test('scf-software-pipeline: step 1 and step 2 outputs verify, run, and keep their masks until lowered', () => {
  for (const c of LOOP_CASES) {
    const src = caseProgram(c, { lb: 3, ub: 20, step: 1, dynamic: true });
    const expected = execute(src);
    for (const stop of ['kernel', 'peel']) {
      const r = runOpt(['-', `--scf-software-pipeline=stop-after=${stop}`], src);
      assert.equal(r.exitCode, 0, r.stderr);
      assert.equal(execute(r.stdout), expected, `${c.name} stop-after=${stop} changed the output`);
      // Our own printer/parser/verifier round trip of the transient ops.
      assert.ok(verify(parse(r.stdout)));
      if (stop === 'kernel') {
        assert.equal(count(r.stdout, /pipeline\.mask/g), c.body.match(/__test_pipelining_stage__/g)!.length, `${c.name}: one mask per scheduled op`);
        assert.ok(count(r.stdout, /pipeline\.predicate stage/g) >= 1);
        assert.ok(r.stdout.includes('ub.poison') || c.iterArgs.length > 0 || !r.stdout.includes('iter_args'));
      }
    }
  }
});

test('schedule=auto: semantics preserved and every schedule passes the checker', () => {
  for (const c of LOOP_CASES)
    for (const tc of tripCounts(c))
      for (const dynamic of [false, true]) {
        const src = caseProgram(c, { lb: 3, ub: 3 + tc, step: 1, dynamic });
        const expected = execute(src);
        for (const opts of ['schedule=auto', 'schedule=auto peel-prologue=0 peel-epilogue=0', 'schedule=auto latency=memref.load:7,arith.addi:3']) {
          const r = runOpt(['-', `--scf-software-pipeline=${opts}`], src);
          assert.equal(r.exitCode, 0, `${c.name} ${opts}: ${r.stderr}`);
          assert.equal(execute(r.stdout), expected, `${c.name} tc=${tc} ${opts} changed the output`);
          accepted.push(r.stdout);
        }
        // Through the API: the schedule of every innermost loop passes the checker.
        const module = parse(src);
        module.walk((op) => {
          if (!scf.ForOp.isa(op)) return;
          const { schedule } = moduloSchedule(op);
          assert.equal(checkSchedule(op, schedule), undefined);
        });
      }
});

test('schedule=auto: the initiation interval is the recurrence bound', () => {
  // acc += A[i] * B[i] in f32: the recurrence is one addf (latency 2) per iteration.
  const src = `func.func @f(%n: index) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0.0 : f32
    %A = memref.alloc(%n) : memref<?xf32>
    %B = memref.alloc(%n) : memref<?xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
      %a = memref.load %A[%i] : memref<?xf32>
      %b = memref.load %B[%i] : memref<?xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %m : f32
      scf.yield %s : f32
    }
    memref.dealloc %A : memref<?xf32>
    memref.dealloc %B : memref<?xf32>
    return %r : f32
  }`;
  const module = parse(src);
  let loop: Operation | undefined;
  module.walk((op) => void (scf.ForOp.isa(op) && (loop = op)));
  const forOp = scf.ForOp.cast(loop!);
  const ms = moduloSchedule(forOp);
  assert.equal(ms.initiationInterval, 2);
  // load (3) then mulf (3): the addf starts at cycle 6 = stage 3 with II 2.
  const stageOf = (name: string): number => ms.schedule.find((s) => s.op.name.name === name)!.stage;
  assert.equal(stageOf('memref.load'), 0);
  assert.equal(stageOf('arith.addf'), 3);
  assert.equal(moduloSchedule(forOp, { 'arith.addf': 5 }).initiationInterval, 5);
  // Stores and loads of one buffer keep their order across iterations: II covers load -> add -> store -> next load.
  const inPlace = parse(`func.func @g(%A: memref<?xi32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %k = arith.constant 3 : i32
    scf.for %i = %c0 to %n step %c1 {
      %a = memref.load %A[%c0] : memref<?xi32>
      %b = arith.addi %a, %k : i32
      memref.store %b, %A[%c0] : memref<?xi32>
    }
    return
  }`);
  inPlace.walk((op) => {
    if (scf.ForOp.isa(op)) assert.equal(moduloSchedule(op).initiationInterval, 3 + 1 + 1);
  });
});

test('softwarePipeline API: the predication hook lowers masks of ops that are not speculatable', () => {
  const c = LOOP_CASES.find((x) => x.name === 'if-and-division')!;
  const src = caseProgram(c, { lb: 3, ub: 20, step: 1, dynamic: true });
  const expected = execute(src);
  const module = parse(src);
  let loop: Operation | undefined;
  module.walk((op) => void (scf.ForOp.isa(op) && op.getAttr('__test_pipelining_loop__') && (loop = op)));
  const forOp = scf.ForOp.cast(loop!);
  const rewriter = new PatternRewriter(module.context);
  const hooked: string[] = [];
  const r = softwarePipeline(rewriter, forOp, readAttributeSchedule(forOp)!.filter((x) => x !== undefined), {
    peelPrologue: 0,
    peelEpilogue: 0,
    // Guard each op with its own scf.if, as a user hook would (the default's shape, but counted).
    predicate: (rw, op, p) => {
      hooked.push(op.name.name);
      const types = op.resultTypes;
      return IfOp.create(
        rw,
        { condition: p, resultTypes: types, withElse: types.length > 0 },
        (b) => {
          op.remove();
          b.insert(op);
          scf.YieldOp.build(b, { results: op.results });
        },
        types.length ? (b) => scf.YieldOp.build(b, { results: types.map((t) => PoisonOp.result(PoisonOp.build(b, { result: t }))) }) : undefined,
      );
    },
  });
  assert.ok(!('error' in r));
  assert.ok(verify(module), 'the hooked module verifies');
  assert.ok(hooked.includes('memref.load') && hooked.includes('memref.store'), `hooked: ${hooked.join(', ')}`);
  assert.ok(!hooked.includes('arith.addi'), 'speculatable ops never reach the hook');
  assert.equal(execute(print(module)), expected);
});

test('scf-software-pipeline: diagnostics for bad schedules and options', () => {
  const c = LOOP_CASES.find((x) => x.name === 'reduction-and-distance-3')!;
  const src = caseProgram(c, { lb: 3, ub: 20, step: 1, dynamic: false });
  const bad = (text: string, args: string, message: RegExp): void => {
    const r = runOpt(['-', args ? `--scf-software-pipeline=${args}` : '--scf-software-pipeline'], text);
    assert.equal(r.exitCode, 1, `expected failure for ${args}`);
    assert.match(r.stderr, message);
    assert.doesNotMatch(r.stderr, /at .*\.js:\d+/, 'no JS stack trace');
  };
  // The multiply moved to stage 0 while the load it reads stays... (reads a later stage's value).
  bad(
    src.replace('%y = arith.muli %x, %c2 {__test_pipelining_stage__ = 1', '%y = arith.muli %x, %c2 {__test_pipelining_stage__ = 0').replace('%x = memref.load %A[%i] {__test_pipelining_stage__ = 0', '%x = memref.load %A[%i] {__test_pipelining_stage__ = 1'),
    '',
    /^<stdin>:\d+:\d+: error: 'arith.muli' op in stage 0 uses a result of 'memref.load' in the same iteration, which is scheduled later, in stage 1$/m,
  );
  // Same stage, wrong order.
  bad(src.replace('__test_pipelining_op_order__ = 1}', '__test_pipelining_op_order__ = 9}').replace('__test_pipelining_op_order__ = 2}', '__test_pipelining_op_order__ = 1}').replace('__test_pipelining_op_order__ = 9}', '__test_pipelining_op_order__ = 2}'), '', /error: 'arith.addi' op in stage 1 is scheduled before 'arith.muli' \(same stage\)/);
  // The accumulator's producer two stages after its consumer: a loop-carried dependence broken.
  const carried = `func.func @f(%n: index) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %i0 = arith.constant 0 : i32
    %i2 = arith.constant 2 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %i0) -> i32 {
      %a = arith.addi %acc, %i2 {__test_pipelining_stage__ = 0, __test_pipelining_op_order__ = 0} : i32
      %b = arith.muli %a, %i2 {__test_pipelining_stage__ = 1, __test_pipelining_op_order__ = 1} : i32
      %c = arith.addi %b, %i2 {__test_pipelining_stage__ = 2, __test_pipelining_op_order__ = 2} : i32
      scf.yield %c : i32
    } {__test_pipelining_loop__}
    return %r : i32
  }`;
  bad(carried, '', /^<stdin>:7:12: error: 'arith.addi' op in stage 0 uses loop-carried value #0, which 'arith.addi' produces in stage 2 of the previous iteration; the producer's stage must be at most 1$/m);
  // Producer one stage later but listed after the consumer in the kernel.
  bad(carried.replace('stage__ = 2, __test_pipelining_op_order__ = 2', 'stage__ = 1, __test_pipelining_op_order__ = 2'), '', /in stage 0 uses loop-carried value #0, which 'arith.addi' produces in stage 1 of the previous iteration, in the same kernel iteration but scheduled later/);
  // Stage numbers must be integers >= 0.
  bad(carried.replace('stage__ = 0, __test_pipelining_op_order__ = 0', 'stage__ = -1, __test_pipelining_op_order__ = 0'), '', /'arith.addi' op is assigned pipeline stage -1, which is not a non-negative integer/);
  // An op without a stage.
  bad(src.replace(' {__test_pipelining_stage__ = 2, __test_pipelining_op_order__ = 4}', ''), '', /error: 'memref.store' op is not assigned a pipeline stage/);
  bad(src, 'peel-prologue=3', /error: 'scf.for' op peel-prologue=3 is out of range: the schedule has 3 stages, so it must be in \[0, 2\]/);
  bad(src, 'peel-epilogue=7', /peel-epilogue=7 is out of range/);
  bad(src, 'schedule=auto latency=memref.load:0', /error: invalid latency 'memref.load:0'/);
  bad(src, 'schedule=auto latency=memref.load', /error: invalid latency 'memref.load'/);
  const unknown = runOpt(['-', '--scf-software-pipeline=stop-after=never'], src);
  assert.equal(unknown.exitCode, 1);
  assert.match(unknown.stderr, /Cannot find option named 'never'/);
});

test('real mlir-opt 22 accepts every output; real mlir-runner prints what the original prints (sample)', { skip: spawnSync(MLIR_OPT, ['--version']).status !== 0 && 'mlir-opt 22 is not installed' }, () => {
  assert.ok(accepted.length > 1000, `only ${accepted.length} outputs collected`);
  const file = join(dir, 'all.mlir');
  writeFileSync(file, accepted.join('\n// -----\n'));
  const r = spawnSync(MLIR_OPT, [file, '--split-input-file', '-o', '/dev/null'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, r.stderr.slice(0, 3000));
  assert.ok(runnerSample.length >= 8, `runner sample of ${runnerSample.length}`);
  for (const [i, s] of runnerSample.slice(0, 12).entries()) {
    const f = join(dir, `run${i}.mlir`);
    writeFileSync(f, s.text);
    const ref = runReference(f);
    assert.equal(ref.code, 0, `${s.what}: ${ref.stderr.slice(0, 2000)}`);
    assert.equal(ref.stdout, s.expected, `${s.what}: mlir-runner prints something else`);
  }
});
