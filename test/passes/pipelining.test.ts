// MLIR 22's software pipeliner (pipelineForLoop, --test-scf-pipelining) on
// generated programs (pipelining-gen.ts: loops with random valid 2-4 stage
// schedules, trip counts 0, 1, S-1, S, S+1 and 17, static and dynamic
// bounds): in each of the test pass's three modes scf-opt prints exactly what
// mlir-opt 22 prints (one mlir-opt run per mode over all programs, split with
// `// -----`), and every pipelined program prints under the engine what the
// original prints; a sample also runs through mlir-opt's lowering and
// mlir-runner. Then the library function's refusals, through its hooks.
//
// SCFKIT_PIPE_PROGRAMS (default 300) and SCFKIT_PIPE_SEED (default fixed;
// "random" picks one) tune the generated part.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePipelinedProgram } from './pipelining-gen.js';
import { runOpt } from '../../src/tools/opt-driver.js';
import { loadModule } from '../../src/api/exec.js';
import { MLIR_OPT, runReferenceAsync } from '../exec/difftool.js';
import { parse, print } from '../../src/index.js';
import { PatternRewriter } from '../../src/ir/pattern.js';
import type { Operation } from '../../src/ir/operation.js';
import { ForOp } from '../../src/dialects/scf/index.js';
import { pipelineForLoop, type PipeliningOption } from '../../src/dialects/scf/transforms/pipelining/expand.js';
import { readAttributeSchedule } from '../../src/dialects/scf/transforms/pipelining/schedule.js';
import { testPredicateOp } from '../../src/transforms/scf/test-pipelining.js';

const PROGRAMS = Number(process.env.SCFKIT_PIPE_PROGRAMS ?? 300);
const seedEnv = process.env.SCFKIT_PIPE_SEED;
const BASE_SEED = seedEnv === 'random' ? (Math.random() * 2 ** 31) | 0 : Number(seedEnv ?? 20261126);
const MODES = ['--test-scf-pipelining', '--test-scf-pipelining=annotate', '--test-scf-pipelining=no-epilogue-peeling'];
const SPLIT = '// -----\n';

function mlirOpt(args: string[], input: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(MLIR_OPT, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    p.stdout.on('data', (d: Buffer) => out.push(d));
    p.stderr.on('data', (d: Buffer) => err.push(d));
    p.on('close', (code) => resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    p.on('error', (e) => resolve({ code: -1, stdout: '', stderr: String(e) }));
    p.stdin.end(input);
  });
}

function execute(text: string): string {
  let out = '';
  loadModule(text, { output: (s) => void (out += s) }).call('main');
  return out;
}

/** printMemref's addresses differ between engines (scf-run's are fake and deterministic). */
const normalize = (s: string): string => s.replace(/base@ = 0x[0-9a-f]+/g, 'base@ = 0x?');

test(`test-scf-pipelining: ${PROGRAMS} generated programs in three modes (seed ${BASE_SEED})`, { timeout: 20 * 60 * 1000 }, async (t) => {
  const programs = Array.from({ length: PROGRAMS }, (_, k) => generatePipelinedProgram(BASE_SEED + k));
  const input = programs.map((p) => p.text).join(SPLIT);
  // Every loop shape the generator promises shows up.
  const loops = programs.flatMap((p) => p.loops);
  for (const trip of ['0', '1', 'S-1', 'S', 'S+1', '17']) {
    const want = (l: (typeof loops)[number]): number => (trip === 'S-1' ? l.stages - 1 : trip === 'S' ? l.stages : trip === 'S+1' ? l.stages + 1 : Number(trip));
    assert.ok(loops.some((l) => l.tripCount === want(l)), `no loop with trip count ${trip}`);
  }
  assert.ok(loops.some((l) => l.dynamic) && loops.some((l) => !l.dynamic), 'static and dynamic bounds');
  for (const s of [2, 3, 4]) assert.ok(programs.some((p) => p.stages === s), `no program with ${s} stages`);

  const reference = MODES.map((m) => mlirOpt(['-split-input-file', m], input));
  const original = programs.map((p) => execute(p.text));
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-pipelining-'));
  let keep = false;
  const pipelined: string[][] = [];
  for (let mi = 0; mi < MODES.length; mi++) {
    const mode = MODES[mi];
    await t.test(`${mode} prints what mlir-opt 22 prints`, async () => {
      const ours = runOpt(['-', '-split-input-file', mode], input);
      const ref = await reference[mi];
      assert.equal(ref.code, 0, `mlir-opt failed: ${ref.stderr.slice(0, 2000)}`);
      assert.equal(ours.exitCode, 0, `scf-opt failed: ${ours.stderr.slice(0, 2000)}`);
      assert.equal(ours.stderr, ref.stderr);
      const a = ref.stdout.split(SPLIT);
      const b = ours.stdout.split(SPLIT);
      assert.equal(b.length, programs.length);
      const bad = a.findIndex((x, k) => x !== b[k]);
      if (bad >= 0) {
        keep = true;
        const file = join(dir, `seed-${BASE_SEED + bad}.mlir`);
        writeFileSync(file, programs[bad].text);
        assert.equal(b[bad], a[bad], `program seed ${BASE_SEED + bad} (kept in ${file})`);
      }
      // Every loop was pipelined (the marker goes with the original loop).
      for (let k = 0; k < b.length; k++) if (mi !== 1) assert.ok(!b[k].includes('__test_pipelining_loop__'), `seed ${BASE_SEED + k}: a loop was left alone`);
      pipelined.push(b);
    });
  }
  await t.test('every pipelined program prints what the original prints', () => {
    for (let mi = 0; mi < pipelined.length; mi++)
      for (let k = 0; k < programs.length; k++) {
        const got = execute(pipelined[mi][k]);
        if (got !== original[k]) {
          keep = true;
          const file = join(dir, `seed-${BASE_SEED + k}${MODES[mi].replace(/[^\w]+/g, '_')}.mlir`);
          writeFileSync(file, pipelined[mi][k]);
          assert.equal(got, original[k], `seed ${BASE_SEED + k} ${MODES[mi]} (pipelined program kept in ${file})`);
        }
      }
  });
  await t.test('mlir-runner agrees on a sample', async () => {
    const sample = [0, 1, 2, 3].map((k) => Math.floor((k * programs.length) / 4));
    const runs: Promise<void>[] = [];
    for (let mi = 0; mi < pipelined.length; mi++)
      for (const k of sample) {
        const file = join(dir, `run-${k}-${mi}.mlir`);
        writeFileSync(file, pipelined[mi][k]);
        runs.push(
          runReferenceAsync(file).then((r) => {
            assert.equal(r.code, 0, `mlir-runner on seed ${BASE_SEED + k} ${MODES[mi]}: ${r.stderr.slice(0, 2000)}`);
            assert.equal(normalize(r.stdout), normalize(original[k]), `seed ${BASE_SEED + k} ${MODES[mi]} under mlir-runner`);
          }),
        );
      }
    await Promise.all(runs);
  });
  if (!keep) rmSync(dir, { recursive: true, force: true });
});

// ---- the library function and its refusals

const LOOP = `func.func @f(%A: memref<?xf32>, %R: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cf = arith.constant 1.0 : f32
  scf.for %i = %c0 to UB step %c1 {
    %a = memref.load %A[%i] { __test_pipelining_stage__ = 0, __test_pipelining_op_order__ = 2 } : memref<?xf32>
    %b = arith.addf %a, %cf { __test_pipelining_stage__ = 1, __test_pipelining_op_order__ = 0 } : f32
    memref.store %b, %R[%i] { __test_pipelining_stage__ = 1, __test_pipelining_op_order__ = 1 } : memref<?xf32>
  } ATTRS
  return
}
`;

function setup(text: string): { module: Operation; loop: Operation } {
  const module = parse(text);
  let loop: Operation | undefined;
  module.walk((o) => void (ForOp.isa(o) && (loop = o)));
  return { module, loop: loop! };
}

function pipeline(text: string, opts: Partial<PipeliningOption> = {}): { kernel: boolean; modified: boolean; errors: string[]; printed: string } {
  const { module, loop } = setup(text);
  const ctx = module.context;
  const rewriter = new PatternRewriter(ctx);
  rewriter.setInsertionPointBefore(loop);
  const r = pipelineForLoop(rewriter, ForOp.cast(loop), {
    getScheduleFn: (f) => readAttributeSchedule(f) ?? [],
    predicateFn: testPredicateOp,
    supportDynamicLoops: true,
    ...opts,
  });
  const errors = ctx.diagnostics
    .take()
    .filter((d) => d.severity === 'error')
    .map((d) => d.message);
  return { kernel: r.kernel !== undefined, modified: r.modifiedIR, errors, printed: print(module) };
}

const MARK = '{ __test_pipelining_loop__ }';

test('pipelineForLoop pipelines and refuses as MLIR 22 does', () => {
  const base = LOOP.replace('UB', '%c4').replace('ATTRS', MARK);
  const ok = pipeline(base);
  assert.ok(ok.kernel && ok.modified, 'a plain loop is pipelined');
  assert.deepEqual(ok.errors, []);

  // Unsigned loops are left alone.
  const u = pipeline(base.replace('scf.for %i', 'scf.for unsigned %i'));
  assert.ok(!u.kernel && !u.modified && u.errors.length === 0);

  // Dynamic bounds need supportDynamicLoops (and a predicate).
  const dyn = LOOP.replace('UB', '%n').replace('ATTRS', MARK);
  assert.ok(!pipeline(dyn, { supportDynamicLoops: false }).kernel);
  assert.ok(!pipeline(dyn, { predicateFn: undefined }).kernel);
  assert.ok(pipeline(dyn).kernel);
  // A static trip count below maxStage (here 0 < 1) is treated as a dynamic loop.
  const short = LOOP.replace('UB', '%c0').replace('ATTRS', MARK);
  assert.ok(!pipeline(short, { supportDynamicLoops: false }).kernel);
  assert.ok(pipeline(short).kernel);
  // No epilogue peeling needs a predicate.
  assert.ok(!pipeline(base, { peelEpilogue: false, predicateFn: undefined }).kernel);

  // An empty schedule: nothing to do.
  assert.ok(!pipeline(base, { getScheduleFn: () => [] }).kernel);

  // An op without a stage, and an op scheduled before its operands, are diagnosed.
  const missing = pipeline(base, { getScheduleFn: (f) => (readAttributeSchedule(f) ?? []).filter((s) => s?.op.name.name !== 'memref.store') });
  assert.ok(!missing.kernel);
  assert.deepEqual(missing.errors, ["'memref.store' op not assigned a pipeline stage"]);
  const early = pipeline(base.replace('__test_pipelining_stage__ = 1, __test_pipelining_op_order__ = 0', '__test_pipelining_stage__ = 0, __test_pipelining_op_order__ = 0'));
  assert.ok(!early.kernel);
  assert.deepEqual(early.errors, ['operation scheduled before its operands']);

  // Stages given to the terminator or to a nested op are refused with MLIR's diagnostics.
  const withTerminator = pipeline(base, {
    getScheduleFn: (f) => {
      const s = readAttributeSchedule(f) ?? [];
      return [...s, { op: ForOp.yieldOp(f), stage: 1 }];
    },
  });
  assert.deepEqual(withTerminator.errors, ['terminator should not be assigned a stage']);

  // A loop-carried value of distance > 1 (an iteration argument yielded as is) is refused silently.
  const carried = `func.func @g(%A: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cf = arith.constant 1.0 : f32
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %cf, %y = %cf) -> (f32, f32) {
    %a = memref.load %A[%i] { __test_pipelining_stage__ = 0, __test_pipelining_op_order__ = 0 } : memref<?xf32>
    %b = arith.addf %a, %x { __test_pipelining_stage__ = 1, __test_pipelining_op_order__ = 1 } : f32
    scf.yield %b, %x : f32, f32
  } { __test_pipelining_loop__ }
  return %r#1 : f32
}
`;
  const c = pipeline(carried);
  assert.ok(!c.kernel && !c.modified && c.errors.length === 0);
  // ... while a value from outside the loop may be yielded.
  assert.ok(pipeline(carried.replace('scf.yield %b, %x', 'scf.yield %b, %cf')).kernel);

  // Non-positive constant steps are refused.
  assert.ok(!pipeline(base.replace('step %c1', 'step %c0')).kernel);
});

test('pipelineForLoop: the hooks see every emitted op once, by part and iteration', () => {
  const base = LOOP.replace('UB', '%c4').replace('ATTRS', MARK);
  const seen: string[] = [];
  const r = pipeline(base, { annotateFn: (op, part, it) => void seen.push(`${part}${it}:${op.name.name}`) });
  assert.ok(r.kernel);
  // Two stages: one prologue iteration (stage 0), the kernel in op order, one epilogue iteration (stage 1).
  assert.deepEqual(seen, ['prologue0:memref.load', 'kernel0:arith.addf', 'kernel0:memref.store', 'kernel0:memref.load', 'epilogue0:arith.addf', 'epilogue0:memref.store']);
});

test('test-scf-pipelining: refused and diagnosed loops print what mlir-opt 22 prints', async () => {
  const cases = [
    LOOP.replace('UB', '%c4').replace('scf.for %i', 'scf.for unsigned %i').replace('ATTRS', '{ __test_pipelining_loop__ }'),
    // An op order past the body: the op is left without a stage.
    LOOP.replace('UB', '%c4').replace('__test_pipelining_op_order__ = 1 }', '__test_pipelining_op_order__ = 7 }').replace('ATTRS', '{ __test_pipelining_loop__ }'),
    // Two ops claiming one slot.
    LOOP.replace('UB', '%c4').replace('__test_pipelining_op_order__ = 1 }', '__test_pipelining_op_order__ = 0 }').replace('ATTRS', '{ __test_pipelining_loop__ }'),
    // Not marked: untouched (markers on its ops removed all the same).
    LOOP.replace('UB', '%c4').replace('ATTRS', ''),
  ];
  for (const text of cases) {
    for (const mode of MODES) {
      const ours = runOpt(['-', mode], text);
      const ref = await mlirOpt([mode], text);
      assert.equal(ours.exitCode, ref.code, `${mode} exit code on\n${text}`);
      assert.equal(ours.stdout, ref.stdout, `${mode} on\n${text}`);
      assert.equal(ours.stderr.replace(/<stdin>/g, '-'), ref.stderr.replace(/<stdin>/g, '-'), `${mode} diagnostics on\n${text}`);
    }
  }
});
