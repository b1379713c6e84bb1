// Robustness: whatever the input, scf-opt exits 0 or 1, says `error:` when it
// fails, never shows a JavaScript stack trace, and answers in seconds.
//
// - mutated corpus chunks (seeded, hundreds per run) through the in-process
//   runOpt, which must not throw either;
// - 100,000-level nestings and a ~100 MB module through a spawned bin/scf-opt,
//   where stack overflows and memory exhaustion would show.
//
// SCFKIT_FUZZ_SEED / SCFKIT_FUZZ_ITERATIONS change the mutation run; failing
// inputs are saved for reproduction (the path is printed).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { prng, writeModuleFile } from '../../bench/gen.js';
import { listCorpusFiles, splitChunks } from '../conformance/corpus.js';
import { corpusRoot, referenceOpt } from '../conformance/paths.js';
import { assertExecutable, spawnCommandFromEnv, SpawnTool, toolFromEnv, type OptTool, type ToolRun } from '../conformance/tool.js';
import { deepInputs, EDGE_INPUTS, int, mutate } from './mutate.js';

const SEED = Number(process.env.SCFKIT_FUZZ_SEED ?? 20250101);
const ITERATIONS = Number(process.env.SCFKIT_FUZZ_ITERATIONS ?? 400);
const SMALL_LIMIT_MS = 5_000;
/**
 * 100,000-level inputs answer in about 2 s on an idle machine (the rerun on a
 * worker thread with a deep stack included); test files run concurrently, so
 * allow headroom before calling it a hang.
 */
const DEEP_LIMIT_MS = 15_000;
const BIG_LIMIT_MS = Number(process.env.SCFKIT_FUZZ_BIG_LIMIT_MS ?? 20_000);
/** The 100 MB module may take at most this many times mlir-opt's own time on it. */
const BIG_FACTOR = 10;
const DEPTH = 100_000;

const STACK_TRACE = [
  /\n\s+at .*\(.*:\d+:\d+\)/,
  /\n\s+at [^\s(]+:\d+:\d+/,
  /TypeError/,
  /RangeError/,
  /ReferenceError/,
  /Maximum call stack/,
  /FATAL ERROR/,
  /heap out of memory/,
];

/** Why a run breaks the robustness contract, or null if it keeps it. */
export function violation(r: ToolRun, limitMs: number): string | null {
  if (r.threw !== null) return `runOpt threw: ${r.threw.split('\n')[0]}`;
  if (r.timedOut) return `no answer within ${limitMs} ms`;
  if (r.ms > limitMs) return `took ${Math.round(r.ms)} ms (limit ${limitMs})`;
  if (r.signal !== null) return `killed by ${r.signal}`;
  if (r.exitCode !== 0 && r.exitCode !== 1) return `exit ${r.exitCode}`;
  const out = r.stdout.toString('latin1');
  for (const re of STACK_TRACE) {
    if (re.test(r.stderr)) return `stderr shows ${re}: ${r.stderr.slice(0, 300)}`;
    if (re.test(out.slice(0, 1 << 20))) return `stdout shows ${re}`;
  }
  if (r.exitCode === 1 && !/error:/.test(r.stderr)) return `exit 1 without an error: diagnostic; stderr: ${JSON.stringify(r.stderr.slice(0, 200))}`;
  return null;
}

const FLAG_SETS: string[][] = [
  [],
  ['--allow-unregistered-dialect'],
  ['--allow-unregistered-dialect', '--mlir-print-op-generic'],
  ['--split-input-file'],
  ['--split-input-file', '--verify-diagnostics', '--allow-unregistered-dialect'],
  ['--mlir-print-debuginfo', '--mlir-print-local-scope'],
  ['--no-implicit-module'],
];

interface Failure { name: string; flags: string[]; why: string; input: string }

/** Saves failing inputs for reproduction; returns the folder. */
function saveFailures(kind: string, failures: Failure[]): string {
  const dir = join(tmpdir(), `scfkit-fuzz-failures-${kind}-${SEED}`);
  mkdirSync(dir, { recursive: true });
  failures.forEach((f, k) => {
    writeFileSync(join(dir, `${k}.mlir`), f.input, 'latin1');
    writeFileSync(join(dir, `${k}.txt`), `${f.name}\nflags: ${f.flags.join(' ')}\n${f.why}\n`);
  });
  return dir;
}

async function runInput(tool: OptTool, dir: string, text: string, flags: string[], timeoutMs: number): Promise<ToolRun> {
  writeFileSync(join(dir, 'input.mlir'), text, 'latin1');
  return tool.run(['input.mlir', ...flags], { cwd: dir, timeoutMs });
}

function report(kind: string, total: number, failures: Failure[]): void {
  if (failures.length === 0) return;
  const where = saveFailures(kind, failures);
  const lines = failures.slice(0, 25).map((f) => `  ${f.name} [${f.flags.join(' ')}]: ${f.why}`);
  assert.fail(`${failures.length} of ${total} ${kind} inputs broke the contract (inputs saved in ${where}):\n${lines.join('\n')}`);
}

test(`mutated corpus inputs (seed ${SEED}, ${ITERATIONS} mutations) and edge cases`, { timeout: 20 * 60_000 }, async () => {
  const tool = await toolFromEnv('inprocess');
  const root = corpusRoot();
  // Chunks, not whole files: mutations then hit one small test input at a time.
  const pool = listCorpusFiles(root)
    .flatMap((f) => splitChunks(readFileSync(join(root, f), 'latin1'), '// -----').map((c, k) => ({ name: `${f}#${k}`, text: c.body })))
    .filter((c) => c.text.trim().length > 20);
  assert.ok(pool.length > 100, `only ${pool.length} corpus chunks to mutate`);
  const rnd = prng(SEED);
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-fuzz-'));
  const failures: Failure[] = [];
  let total = 0;
  const outcomes = { exit0: 0, exit1: 0 };
  try {
    const check = async (name: string, text: string, flags: string[]): Promise<void> => {
      total++;
      const r = await runInput(tool, dir, text, flags, SMALL_LIMIT_MS);
      const why = violation(r, SMALL_LIMIT_MS);
      if (why !== null) failures.push({ name, flags, why, input: text });
      else if (r.exitCode === 0) outcomes.exit0++;
      else outcomes.exit1++;
    };
    for (const [name, text] of Object.entries(EDGE_INPUTS)) {
      for (const flags of [FLAG_SETS[0], FLAG_SETS[1]]) await check(`edge:${name}`, text, flags);
    }
    for (let k = 0; k < ITERATIONS; k++) {
      const source = pool[int(rnd, pool.length)];
      const donor = pool[int(rnd, pool.length)];
      const m = mutate(source.text, donor.text, rnd);
      await check(`#${k} ${source.name} ${m.steps.join('+')}`, m.text, FLAG_SETS[int(rnd, FLAG_SETS.length)]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`fuzz (${tool.name}): ${total} inputs, ${outcomes.exit0} accepted, ${outcomes.exit1} rejected, ${failures.length} broke the contract`);
  report('mutated', total, failures);
});

/** The spawned tool for deep and big inputs: bin/scf-opt unless SCFKIT_TOOL_CMD says otherwise. */
function spawnedTool(): SpawnTool {
  const command = spawnCommandFromEnv();
  assertExecutable(command);
  return new SpawnTool(command);
}

test(`${DEPTH.toLocaleString('en-US')}-level nesting, spawned`, { timeout: 10 * 60_000 }, async () => {
  const tool = spawnedTool();
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-deep-'));
  const failures: Failure[] = [];
  const inputs = deepInputs(DEPTH);
  try {
    for (const [name, text] of inputs) {
      const flags = ['--allow-unregistered-dialect', '-o', '/dev/null'];
      const r = await runInput(tool, dir, text, flags, DEEP_LIMIT_MS);
      const why = violation(r, DEEP_LIMIT_MS);
      console.log(`  ${name}: ${why ?? `exit ${r.exitCode} in ${Math.round(r.ms)} ms`}`);
      if (why !== null) failures.push({ name, flags, why, input: text });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  report('deep', inputs.length, failures);
});

test('a ~100 MB module of many small functions, spawned', { timeout: 30 * 60_000 }, async () => {
  const tool = spawnedTool();
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-big-'));
  try {
    const path = join(dir, 'big.mlir');
    const bytes = writeModuleFile(path, { bytes: 100 * 1024 * 1024, seed: SEED, statements: 4, maxDepth: 2 });
    assert.ok(bytes >= 100 * 1024 * 1024);
    const flags = ['--allow-unregistered-dialect', '-o', '/dev/null'];
    // This is a robustness check (an answer, no crash, no hang), not a benchmark:
    // speed is measured by bench/. The time allowed scales with what mlir-opt 22
    // itself needs for the file on this machine, measured in the same run.
    const reference = await new SpawnTool([referenceOpt]).run(['big.mlir', ...flags], { cwd: dir, timeoutMs: 10 * 60_000 });
    const limitMs = Math.max(BIG_LIMIT_MS, BIG_FACTOR * reference.ms);
    const r = await tool.run(['big.mlir', ...flags], { cwd: dir, timeoutMs: limitMs });
    const why = violation(r, limitMs);
    console.log(
      `  100 MB module (${(bytes / 1024 / 1024).toFixed(0)} MiB): mlir-opt ${(reference.ms / 1000).toFixed(1)} s; ` +
        `scf-opt ${why ?? `exit ${r.exitCode} in ${(r.ms / 1000).toFixed(1)} s`} (limit ${(limitMs / 1000).toFixed(0)} s)`,
    );
    assert.equal(why, null, `${why}\n${r.stderr.slice(0, 1000)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
