// Semantics preservation: every pass of the passes issue runs (in-process
// scf-opt) on random UB-free programs (test/exec/gen.ts, with scf.forall,
// private helpers and induction-variable arithmetic enabled); the execution
// engine must print the same before and after the pass, and MLIR 22's
// mlir-opt must accept what the pass printed (one mlir-opt run per pass, all
// of its output modules split with `// -----`, started as soon as they are
// ready so that it overlaps with the next pass).
//
// SCFKIT_SEM_PROGRAMS (default 200) sets the programs per pass, in modules of
// 50; SCFKIT_SEM_SEED the base seed (default fixed; "random" picks one);
// SCFKIT_SEM_PASSES a comma-separated subset of the passes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateModule } from '../exec/gen.js';
import { runOpt } from '../../src/tools/opt-driver.js';
import { loadModule } from '../../src/api/exec.js';
import { MLIR_OPT } from '../exec/difftool.js';

interface PassCase {
  name: string;
  args: string[];
  /** Passes run first, whose output is the pass's input (and is checked too). */
  pre?: string[];
  /** Run on the programs with peelable loops (gen.ts peelLoops) instead. */
  peelLoops?: boolean;
}

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

const modules: Program[] = [];
const genOptions = { forall: true, ivArith: true };
for (let k = 0; k * PER_MODULE < PROGRAMS; k++) {
  const seed = BASE_SEED + k;
  const count = Math.min(PER_MODULE, PROGRAMS - k * PER_MODULE);
  // Every other module has private helpers (for the interprocedural passes).
  modules.push({ seed, text: generateModule(seed, count, { ...genOptions, privateHelpers: k % 2 === 0 }), output: '' });
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
  for (const m of modules) m.output = execute(m.text);
  if (!only || PASSES.some((pc) => pc.peelLoops && only.includes(pc.name))) for (const m of peelModules) m.output = execute(m.text);
  for (const pc of PASSES) {
    if (only && !only.includes(pc.name)) continue;
    await t.test(pc.name, () => {
      keep = true;
      const outputs: string[] = [];
      for (const m of pc.peelLoops ? peelModules : modules) {
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
          const file = join(dir, `${pc.name}-${m.seed}.mlir`);
          writeFileSync(file, r.stdout);
          throw new Error(`running the output of ${pc.name} (seed ${m.seed}, kept in ${file}) failed: ${String(e).slice(0, 2000)}`);
        }
        if (got !== m.output) {
          const file = join(dir, `${pc.name}-${m.seed}.mlir`);
          writeFileSync(file, r.stdout);
          assert.fail(`${pc.name} changed what module seed ${m.seed} prints (output kept in ${file}): ${firstDifference(m.output, got)}`);
        }
        outputs.push(r.stdout);
      }
      const file = join(dir, `${pc.name}.mlir`);
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
