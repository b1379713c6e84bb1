// scf-software-pipeline on generated programs (pipelining-gen.ts: random
// pipelinable loops with random valid schedules in MLIR's test attributes,
// 2-4 stages, trip counts 0, 1, S-1, S, S+1, 17, static and dynamic bounds,
// memref loads/stores, f32/i32/i64 arith, iter_args, scf.if): for every
// (peel-prologue, peel-epilogue) pair the engine prints what the original
// prints and real mlir-opt 22 accepts the output (batched); one output of
// every program runs under real mlir-runner and prints the same. With N = M = S-1 and only static trip counts >= S
// no pipeline op survives step 2; with N = M = 0 no iteration is peeled.
// schedule=auto results pass the checker and keep the output.
//
// SCFKIT_SWP_PROGRAMS (default 300) and SCFKIT_SWP_SEED tune it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModule, parse, scf } from '../../src/index.js';
import { runOpt } from '../../src/tools/opt-driver.js';
import { checkSchedule } from '../../src/dialects/scf/transforms/pipelining/check-schedule.js';
import { moduloSchedule } from '../../src/dialects/scf/transforms/pipelining/modulo-schedule.js';
import { MLIR_OPT, runReferenceAsync } from '../exec/difftool.js';
import { generatePipelinedProgram } from './pipelining-gen.js';

const PROGRAMS = Number(process.env.SCFKIT_SWP_PROGRAMS ?? 300);
const seedEnv = process.env.SCFKIT_SWP_SEED;
const BASE_SEED = seedEnv === 'random' ? (Math.random() * 2 ** 31) | 0 : Number(seedEnv ?? 71200);

function execute(text: string): string {
  let out = '';
  const m = loadModule(text, { output: (s) => void (out += s) });
  m.call('main');
  return out;
}
const count = (text: string, re: RegExp): number => (text.match(re) ?? []).length;

const dir = mkdtempSync(join(tmpdir(), 'scfkit-swp-gen-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

test(`scf-software-pipeline on ${PROGRAMS} generated programs, every (N, M) (seed ${BASE_SEED})`, { timeout: 30 * 60 * 1000 }, async () => {
  const outputs: string[] = [];
  const sample: { text: string; expected: string; what: string }[] = [];
  let fullyPeeledChecked = 0;
  let autoLoops = 0;
  const tripCounts = new Set<string>();
  for (let p = 0; p < PROGRAMS; p++) {
    const seed = BASE_SEED + p;
    const stages = 2 + (p % 3);
    const prog = generatePipelinedProgram(seed, { stages });
    const S = prog.stages;
    for (const l of prog.loops) tripCounts.add(l.dynamic ? 'dynamic' : String(l.tripCount - S));
    const expected = execute(prog.text);
    const where = (N: number, M: number): string => `seed ${seed} (S=${S}) N=${N} M=${M}`;
    const keep = (text: string, what: string): string => {
      const f = join(dir, `${what.replace(/[^\w=]+/g, '_')}.mlir`);
      writeFileSync(f, text);
      return f;
    };
    for (let N = 0; N < S; N++)
      for (let M = 0; M < S; M++) {
        const what = where(N, M);
        const r = runOpt(['-', `--scf-software-pipeline=peel-prologue=${N} peel-epilogue=${M}`], prog.text);
        assert.equal(r.exitCode, 0, `${what}: ${r.stderr.slice(0, 2000)}`);
        let got: string;
        try {
          got = execute(r.stdout);
        } catch (e) {
          throw new Error(`${what}: running the output (kept in ${keep(r.stdout, what)}) failed: ${String(e).slice(0, 1000)}`);
        }
        if (got !== expected) assert.fail(`${what} changed the output (kept in ${keep(r.stdout, what)}, input ${keep(prog.text, `${what}-in`)})`);
        assert.equal(count(r.stdout, /pipeline\./g), 0, `${what}: pipeline ops left`);
        outputs.push(r.stdout);
        // One output per program for mlir-runner, (N, M) varying with the program.
        if (N === p % S && M === (p >> 1) % S) sample.push({ text: r.stdout, expected, what });
        const full = N === S - 1 && M === S - 1;
        if (full || (N === 0 && M === 0)) {
          const peeled = runOpt(['-', `--scf-software-pipeline=peel-prologue=${N} peel-epilogue=${M} stop-after=peel`], prog.text);
          assert.equal(peeled.exitCode, 0, `${what} stop-after=peel: ${peeled.stderr.slice(0, 2000)}`);
          assert.equal(execute(peeled.stdout), expected, `${what} stop-after=peel changed the output (kept in ${keep(peeled.stdout, `${what}-peel`)})`);
          if (full && prog.loops.every((l) => !l.dynamic && l.tripCount >= S)) {
            assert.equal(count(peeled.stdout, /pipeline\./g), 0, `${what}: a predicate or mask survived full peeling (kept in ${keep(peeled.stdout, what)})`);
            fullyPeeledChecked++;
          }
          if (!full) assert.equal(count(peeled.stdout, /scf\.for /g), count(prog.text, /scf\.for /g), `${what}: an iteration was peeled`);
        }
      }
    // schedule=auto: checker on every innermost loop, then the pass keeps the output.
    const module = parse(prog.text);
    module.walk((op) => {
      if (!scf.ForOp.isa(op)) return;
      let inner = false;
      op.walk((o) => void (o !== op && scf.ForOp.isa(o) && (inner = true)));
      if (inner) return;
      assert.equal(checkSchedule(op, moduloSchedule(op).schedule), undefined, `seed ${seed}: the modulo schedule fails the checker`);
      autoLoops++;
    });
    const auto = runOpt(['-', '--scf-software-pipeline=schedule=auto'], prog.text);
    assert.equal(auto.exitCode, 0, `seed ${seed} schedule=auto: ${auto.stderr.slice(0, 2000)}`);
    assert.equal(execute(auto.stdout), expected, `seed ${seed} schedule=auto changed the output (kept in ${keep(auto.stdout, `auto-${seed}`)})`);
    outputs.push(auto.stdout);
  }
  assert.ok(fullyPeeledChecked >= PROGRAMS / 10, `only ${fullyPeeledChecked} fully peeled static programs checked`);
  assert.ok(autoLoops >= PROGRAMS, `only ${autoLoops} loops auto-scheduled`);
  assert.ok(tripCounts.size >= 5, `trip counts covered: ${[...tripCounts].join(', ')}`);

  if (spawnSync(MLIR_OPT, ['--version']).status !== 0) return;
  // Real mlir-opt 22 accepts every output (a few files, one run each).
  for (let i = 0; i < outputs.length; i += 1000) {
    const f = join(dir, `accept${i}.mlir`);
    writeFileSync(f, outputs.slice(i, i + 1000).join('\n// -----\n'));
    const r = spawnSync(MLIR_OPT, [f, '--split-input-file', '-o', '/dev/null'], { encoding: 'utf8', maxBuffer: 1 << 28 });
    assert.equal(r.status, 0, `mlir-opt rejects an output (${f}): ${r.stderr.slice(0, 3000)}`);
  }
  // Real mlir-runner on one output of every program (two at a time).
  assert.equal(sample.length, PROGRAMS, `runner sample of ${sample.length}`);
  // printMemref's base address is the engine's fake one.
  const noAddress = (t: string): string => t.replace(/base@ = 0x[0-9a-f]+/g, 'base@ = 0x?');
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < sample.length; i = next++) {
      const s = sample[i];
      const f = join(dir, `run${i}.mlir`);
      writeFileSync(f, s.text);
      const ref = await runReferenceAsync(f);
      assert.equal(ref.code, 0, `${s.what} (${f}): ${ref.stderr.slice(0, 2000)}`);
      assert.equal(noAddress(ref.stdout), noAddress(s.expected), `${s.what} (${f}): mlir-runner prints something else`);
    }
  };
  await Promise.all([worker(), worker()]);
});
