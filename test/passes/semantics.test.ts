// Semantics preservation: every pass of the passes issue runs (in-process
// scf-opt) on random UB-free programs (test/exec/gen.ts, with scf.forall,
// private helpers and induction-variable arithmetic enabled, plus the shapes
// a pass needs: scf.while variety, parallel loops of a fixed rank, chains of
// adjacent parallel loops); the execution
// engine must print the same before and after the pass, and MLIR 22's
// mlir-opt must accept what the pass printed (one mlir-opt run per pass, all
// of its output modules split with `// -----`, started as soon as they are
// ready so that it overlaps with the next pass).
//
// SCFKIT_SEM_PROGRAMS (default 200) sets the programs per pass (a case may
// take a share of them: the cases of one pass add up to at least that), in
// modules of 50; SCFKIT_SEM_SEED the base seed (default fixed; "random" picks one);
// SCFKIT_SEM_PASSES a comma-separated subset of the passes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateModule, type GenOptions } from '../exec/gen.js';
import { registerPass } from '../../src/passes/registry.js';
import { LoopUnrollJamInfo } from '../../src/transforms/scf/loop-unroll.js';
import { runOpt } from '../../src/tools/opt-driver.js';
import { loadModule } from '../../src/api/exec.js';
import { MLIR_OPT } from '../exec/difftool.js';

interface PassCase {
  name: string;
  args: string[];
  /** Passes run first, whose output is the pass's input (and is checked too). */
  pre?: string[];
  /** Extra generator options (program shapes the pass needs). */
  gen?: GenOptions;
  /** The share of SCFKIT_SEM_PROGRAMS this case runs (default 1). */
  share?: number;
  /** Added to the module seeds, so that the cases of one pass run on different programs. */
  seedOffset?: number;
  /** Runs on programs with upstream's early exits (gen's earlyExits) instead of the shared ones. */
  earlyExits?: boolean;
  /** Run on the programs with peelable loops (gen.ts peelLoops) instead. */
  peelLoops?: boolean;
}

const collapse = (indices: string): string[] => [`--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{${indices}}))`];

const PASSES: PassCase[] = [
  { name: 'canonicalize', args: ['--canonicalize'] },
  { name: 'cse', args: ['--cse'] },
  { name: 'sccp', args: ['--sccp'] },
  { name: 'loop-invariant-code-motion', args: ['--loop-invariant-code-motion'] },
  { name: 'control-flow-sink', args: ['--control-flow-sink'] },
  { name: 'symbol-dce', args: ['--symbol-dce'] },
  { name: 'remove-dead-values', args: ['--remove-dead-values'] },
  { name: 'inline', args: ['--inline'] },
  // MLIR's convert-scf-to-cf does not take scf.forall (neither does scf-opt's): lower it to scf.parallel first.
  { name: 'convert-scf-to-cf', pre: ['--scf-forall-to-parallel'], args: ['--convert-scf-to-cf'] },
  // Block merging and redundant-argument dropping need CFGs to work on.
  { name: 'canonicalize-aggressive', pre: ['--scf-forall-to-parallel', '--convert-scf-to-cf'], args: ['--canonicalize=region-simplify=aggressive'] },
  { name: 'lift-cf-to-scf', pre: ['--scf-forall-to-parallel', '--convert-scf-to-cf'], args: ['--lift-cf-to-scf'] },
  { name: 'scf-for-to-while', args: ['--scf-for-to-while'] },
  { name: 'scf-forall-to-for', args: ['--scf-forall-to-for'] },
  { name: 'scf-forall-to-parallel', args: ['--scf-forall-to-parallel'] },
  { name: 'scf-parallel-for-to-nested-fors', args: ['--scf-parallel-for-to-nested-fors'] },
  { name: 'scf-for-loop-canonicalization', args: ['--scf-for-loop-canonicalization'] },
  { name: 'scf-for-loop-range-folding', args: ['--scf-for-loop-range-folding'] },
  { name: 'int-range-optimizations', args: ['--int-range-optimizations'] },
  { name: 'arith-expand', args: ['--arith-expand=include-bf16=true include-f8e8m0=true include-f4e2m1=true'] },
  { name: 'duplicate-function-elimination', args: ['--duplicate-function-elimination'] },
  // Early exits (newer than MLIR 22): the lowered output is what mlir-opt 22 must accept.
  { name: 'scf-lower-early-exit', args: ['--scf-lower-early-exit'], earlyExits: true },
  { name: 'scf-fold-constant-loops', args: ['--scf-fold-constant-loops'] },
  { name: 'scf-fold-constant-loops-max-ops-20', args: ['--scf-fold-constant-loops=max-ops=20'] },
  { name: 'scf-fold-constant-loops-early-exit', args: ['--scf-fold-constant-loops', '--scf-lower-early-exit'], earlyExits: true },
  { name: 'scf-parallel-loop-fusion', args: ['--scf-parallel-loop-fusion'], gen: { parallelChains: true } },
  // Collapsing keeps the order of the iterations (the generated reductions depend on it) with these indices;
  // 300 distinct programs in all (seed offsets keep the cases' programs apart).
  { name: 'test-scf-parallel-loop-collapsing{0,1}', args: collapse('collapsed-indices-0=0,1'), gen: { parallelDims: 2 }, share: 0.5 },
  { name: 'test-scf-parallel-loop-collapsing{0|1}', args: collapse('collapsed-indices-0=0 collapsed-indices-1=1'), gen: { parallelDims: 2 }, share: 0.25, seedOffset: 2 },
  { name: 'test-scf-parallel-loop-collapsing{0,1,2}', args: collapse('collapsed-indices-0=0,1,2'), gen: { parallelDims: 3 }, share: 0.25 },
  { name: 'test-scf-parallel-loop-collapsing{0|1,2}', args: collapse('collapsed-indices-0=0 collapsed-indices-1=1,2'), gen: { parallelDims: 3 }, share: 0.25, seedOffset: 1 },
  { name: 'test-scf-parallel-loop-collapsing{0,1|2}', args: collapse('collapsed-indices-0=0,1 collapsed-indices-1=2'), gen: { parallelDims: 3 }, share: 0.25, seedOffset: 2 },
  { name: 'test-scf-uplift-while-to-for', args: ['--test-scf-uplift-while-to-for'], gen: { whileShapes: true } },
  { name: 'test-wrap-scf-while-loop-in-zero-trip-check', args: ['--test-wrap-scf-while-loop-in-zero-trip-check'], gen: { whileShapes: true } },
  {
    name: 'test-wrap-scf-while-loop-in-zero-trip-check{force-create-check}',
    args: ['--test-wrap-scf-while-loop-in-zero-trip-check=force-create-check=true'],
    gen: { whileShapes: true },
  },
  ...PEELING_PASSES(),
];

/** Loop peeling and the loop specializations (issue 11), on loops with dynamic bounds and affine.min/max of their IVs. */
function PEELING_PASSES(): PassCase[] {
  const peel = ['--scf-for-loop-peeling', '--scf-for-loop-peeling=peel-front=true', '--scf-for-loop-peeling=skip-partial=false', '--scf-for-loop-peeling=peel-front=true skip-partial=false'];
  return [
    ...peel.map((a) => ({ name: a.slice(2).replace(/=/g, ':').replace(/ /g, '+'), args: [a], peelLoops: true })),
    { name: 'scf-for-loop-specialization', args: ['--scf-for-loop-specialization'], peelLoops: true },
    { name: 'scf-parallel-loop-specialization', args: ['--scf-parallel-loop-specialization'], peelLoops: true },
    { name: 'scf-for-loop-canonicalization:affine', args: ['--scf-for-loop-canonicalization'], peelLoops: true },
  ];
}

const PROGRAMS = Number(process.env.SCFKIT_SEM_PROGRAMS ?? 200);
const PER_MODULE = 50;
const seedEnv = process.env.SCFKIT_SEM_SEED;
const BASE_SEED = seedEnv === 'random' ? (Math.random() * 2 ** 31) | 0 : Number(seedEnv ?? 20250301);
const only = process.env.SCFKIT_SEM_PASSES?.split(',').filter(Boolean);

interface Program {
  seed: number;
  text: string;
  output: string;
}

function execute(text: string): string {
  let out = '';
  const m = loadModule(text, { output: (s) => void (out += s) });
  m.call('main');
  return out;
}

/** The program (pN) in which two outputs first differ, with the differing lines. */
function firstDifference(ref: string, got: string): string {
  const a = ref.split('\n');
  const b = got.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let prog = '?';
  for (let j = Math.min(i, a.length - 1); j >= 0; j--)
    if (/^p\d+$/.test(a[j])) {
      prog = a[j];
      break;
    }
  return `first difference in ${prog} at output line ${i + 1}: before ${JSON.stringify(a[i])}, after ${JSON.stringify(b[i])}`;
}

/** Runs mlir-opt on `file` (split input); resolves to its exit code and stderr. */
function mlirOptAccepts(file: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(MLIR_OPT, [file, '--split-input-file', '-o', '/dev/null'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    p.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 20000) stderr += d.toString('utf8');
    });
    p.on('close', (code) => resolve({ code: code ?? -1, stderr }));
    p.on('error', (e) => resolve({ code: -1, stderr: String(e) }));
  });
}

const genOptions: GenOptions = { forall: true, ivArith: true };
/** The generated modules (with their output) per generator options and program count. */
const moduleSets = new Map<string, Program[]>();
function modulesFor(extra: GenOptions | undefined, programs: number, seedOffset = 0): Program[] {
  const key = JSON.stringify([extra ?? {}, programs, seedOffset]);
  let set = moduleSets.get(key);
  if (set) return set;
  set = [];
  for (let k = 0; k * PER_MODULE < programs; k++) {
    const seed = BASE_SEED + seedOffset + k;
    const count = Math.min(PER_MODULE, programs - k * PER_MODULE);
    // Every other module has private helpers (for the interprocedural passes).
    const text = generateModule(seed, count, { ...genOptions, ...extra, privateHelpers: k % 2 === 0 });
    set.push({ seed, text, output: execute(text) });
  }
  moduleSets.set(key, set);
  return set;
}
/** Programs with early exits, made on first use (only early-exit passes take them). */
let earlyModules: Program[] | undefined;
function earlyExitModules(): Program[] {
  if (earlyModules) return earlyModules;
  earlyModules = [];
  for (let k = 0; k * PER_MODULE < PROGRAMS; k++) {
    const seed = BASE_SEED + 1000 + k;
    const text = generateModule(seed, Math.min(PER_MODULE, PROGRAMS - k * PER_MODULE), { ivArith: true, earlyExits: true });
    earlyModules.push({ seed, text, output: execute(text) });
  }
  return earlyModules;
}
const peelModules: Program[] = [];
for (let k = 0; k * PER_MODULE < PROGRAMS; k++) {
  const seed = BASE_SEED + 1000 + k;
  peelModules.push({ seed, text: generateModule(seed, Math.min(PER_MODULE, PROGRAMS - k * PER_MODULE), { peelLoops: true }), output: '' });
}
const dir = mkdtempSync(join(tmpdir(), 'scfkit-semantics-'));
const checks: Promise<void>[] = [];
/** Set while a pass is being checked and left set when it fails: its files are kept. */
let keep = false;
let failedAny = false;

test(`semantics: ${PROGRAMS} generated programs per pass, before and after (seed ${BASE_SEED})`, { timeout: 30 * 60 * 1000 }, async (t) => {
  if (!only || PASSES.some((pc) => pc.peelLoops && only.includes(pc.name))) for (const m of peelModules) m.output = execute(m.text);
  for (const pc of PASSES) {
    if (only && !only.some((o) => pc.name === o || pc.name.startsWith(o + '{'))) continue;
    await t.test(pc.name, () => {
      keep = true;
      const outputs: string[] = [];
      for (const m of pc.peelLoops ? peelModules : pc.earlyExits ? earlyExitModules() : modulesFor(pc.gen, Math.ceil(PROGRAMS * (pc.share ?? 1)), pc.seedOffset)) {
        let input = m.text;
        if (pc.pre) {
          const pre = runOpt(['-', ...pc.pre], input);
          assert.equal(pre.exitCode, 0, `${pc.pre.join(' ')} failed (seed ${m.seed}): ${pre.stderr.slice(0, 2000)}`);
          input = pre.stdout;
        }
        const r = runOpt(['-', ...pc.args], input);
        assert.equal(r.exitCode, 0, `${pc.args.join(' ')} failed (seed ${m.seed}): ${r.stderr.slice(0, 2000)}`);
        let got: string;
        try {
          got = execute(r.stdout);
        } catch (e) {
          const file = join(dir, `${pc.name.replace(/[^\w.-]/g, '_')}-${m.seed}.mlir`);
          writeFileSync(file, r.stdout);
          throw new Error(`running the output of ${pc.name} (seed ${m.seed}, kept in ${file}) failed: ${String(e).slice(0, 2000)}`);
        }
        if (got !== m.output) {
          const file = join(dir, `${pc.name.replace(/[^\w.-]/g, '_')}-${m.seed}.mlir`);
          writeFileSync(file, r.stdout);
          assert.fail(`${pc.name} changed what module seed ${m.seed} prints (output kept in ${file}): ${firstDifference(m.output, got)}`);
        }
        outputs.push(r.stdout);
      }
      const file = join(dir, `${pc.name.replace(/[^\w.-]/g, '_')}.mlir`);
      writeFileSync(file, outputs.join('// -----\n'));
      checks.push(
        mlirOptAccepts(file).then(({ code, stderr }) => {
          if (code !== 0) throw new Error(`mlir-opt rejects the output of ${pc.name} (${file}): ${stderr.slice(0, 3000)}`);
        }),
      );
      keep = false;
    });
    if (keep) failedAny = true;
  }
  await t.test('mlir-opt accepts every output', async () => {
    const results = await Promise.allSettled(checks);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => String(r.reason));
    keep = failedAny || failures.length > 0;
    assert.deepEqual(failures, []);
  });
  if (!keep) rmSync(dir, { recursive: true, force: true });
});

// ---- Loop unrolling (issue 11): test-loop-unrolling, test-parallel-loop-unrolling
// and scf-loop-unroll-jam on programs with the loop shapes they need
// (GenOptions.loopShapes: trip counts 0-6, i.e. f - 1, f, f + 1 for every
// factor f up to 5, and dynamic bounds; jamNests: nests unroll-and-jam may
// reorder). Each option combination gets its own modules (own seeds); the
// SCFKIT_SEM_PROGRAMS programs per pass are split among its combinations.

registerPass(LoopUnrollJamInfo);

const UNROLL_PASSES: { name: string; gen: GenOptions; variants: string[] }[] = [
  {
    name: 'test-loop-unrolling',
    gen: { loopShapes: true, ivArith: true },
    variants: [
      'unroll-factor=1',
      'unroll-factor=2',
      'unroll-factor=3',
      'unroll-factor=4',
      'unroll-factor=5',
      'unroll-factor=-1',
      'unroll-factor=3 unroll-up-to-factor=true',
      'unroll-factor=2 loop-depth=1',
      'unroll-factor=4 loop-depth=1 annotate=true',
      'unroll-factor=-1 loop-depth=1',
    ],
  },
  {
    name: 'test-parallel-loop-unrolling',
    gen: { loopShapes: true, forall: true },
    variants: ['unroll-factors=2', 'unroll-factors=3', 'unroll-factors=2,2', 'unroll-factors=1,3 annotate=true', 'unroll-factors=2 loop-depth=1'],
  },
  {
    name: 'scf-loop-unroll-jam',
    gen: { jamNests: true },
    variants: ['unroll-jam-factor=1', 'unroll-jam-factor=2', 'unroll-jam-factor=3', 'unroll-jam-factor=4', 'unroll-jam-factor=5'],
  },
];

test(`semantics of the unrolling passes: ${PROGRAMS} generated programs per pass (seed ${BASE_SEED})`, { timeout: 30 * 60 * 1000 }, async (t) => {
  const unrollDir = mkdtempSync(join(tmpdir(), 'scfkit-semantics-unroll-'));
  const unrollChecks: Promise<void>[] = [];
  let kept = false;
  let failedUnroll = false;
  for (const [p, pc] of UNROLL_PASSES.entries()) {
    if (only && !only.includes(pc.name)) continue;
    await t.test(pc.name, () => {
      kept = true;
      const perVariant = Math.ceil(PROGRAMS / pc.variants.length);
      const outputs: string[] = [];
      for (const [v, options] of pc.variants.entries()) {
        const args = [`--${pc.name}=${options}`];
        for (let k = 0; k * PER_MODULE < perVariant; k++) {
          const seed = BASE_SEED + 1000 * (p + 1) + 50 * v + k;
          const text = generateModule(seed, Math.min(PER_MODULE, perVariant - k * PER_MODULE), pc.gen);
          const before = execute(text);
          const r = runOpt(['-', ...args], text);
          assert.equal(r.exitCode, 0, `${args[0]} failed (seed ${seed}): ${r.stderr.slice(0, 2000)}`);
          const file = join(unrollDir, `${pc.name}-${seed}.mlir`);
          let after: string;
          try {
            after = execute(r.stdout);
          } catch (e) {
            writeFileSync(file, r.stdout);
            throw new Error(`running the output of ${args[0]} (seed ${seed}, kept in ${file}) failed: ${String(e).slice(0, 2000)}`);
          }
          if (after !== before) {
            writeFileSync(file, r.stdout);
            assert.fail(`${args[0]} changed what module seed ${seed} prints (output kept in ${file}): ${firstDifference(before, after)}`);
          }
          outputs.push(r.stdout);
        }
      }
      const file = join(unrollDir, `${pc.name}.mlir`);
      writeFileSync(file, outputs.join('// -----\n'));
      unrollChecks.push(
        mlirOptAccepts(file).then(({ code, stderr }) => {
          if (code !== 0) throw new Error(`mlir-opt rejects the output of ${pc.name} (${file}): ${stderr.slice(0, 3000)}`);
        }),
      );
      kept = false;
    });
    if (kept) failedUnroll = true;
  }
  await t.test('mlir-opt accepts every unrolled output', async () => {
    const results = await Promise.allSettled(unrollChecks);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => String(r.reason));
    kept = failedUnroll || failures.length > 0;
    assert.deepEqual(failures, []);
  });
  if (!kept) rmSync(unrollDir, { recursive: true, force: true });
});
