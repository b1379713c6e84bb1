// Command line for the conformance ratchets.
//
//   node dist/test/conformance/cli.js report [--golden|--lit] [--filter TEXT] [--failures]
//   node dist/test/conformance/cli.js update [--golden|--lit] [--prune]
//   node dist/test/conformance/cli.js report|update --lit-exec   (execution tests, see lit-exec.ts)
//
// `update` rewrites golden-passing.txt / lit-passing.txt to old ∪ newly passing;
// with --prune, to exactly what passes now, refusing if a listed entry fails.
// The tool under test comes from SCFKIT_TOOL / SCFKIT_TOOL_CMD (see README).
//
// `node --test dist/test/` runs every .js under dist/test as a test file, this
// one included: it must then do nothing, hence the guards below.
import { argv, env, exit } from 'node:process';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertReferenceOpt, formatFailure, formatReport, runGolden } from './golden.js';
import { runLit, runnerOrStub } from './lit.js';
import { corpusRoot, goldenListPath, litListPath, scfRun } from './paths.js';
import { checkRatchet, readList, writeList } from './ratchet.js';
import { LIT_EXEC_HEADER, litExecListPath, runLitExec } from './lit-exec.js';
import { assertExecutable, spawnCommandFromEnv, toolFromEnv } from './tool.js';

export const GOLDEN_HEADER = [
  'Golden conformance cases that pass: file<TAB>chunk<TAB>flags (see test/conformance/golden.ts).',
  'The test fails if one of these fails. Grow with `npm run conformance:update`; never edit by hand.',
  'The early-exit files (newer than MLIR 22) are not golden cases: their CHECK lines decide under lit (corpus.ts, UPSTREAM_CHECKED_FILES).',
];
export const LIT_HEADER = [
  'Corpus files that lit reports PASS with MLIR_OPT=bin/scf-opt (see test/conformance/lit.ts).',
  'The test fails if one of these stops passing. Grow with `npm run conformance:update`.',
];

interface CliOptions { command: string; golden: boolean; lit: boolean; litExec?: boolean; prune: boolean; filter: string | null; failures: boolean }

function parseArgs(args: string[]): CliOptions {
  const o: CliOptions = { command: args[0] ?? 'report', golden: false, lit: false, prune: false, filter: null, failures: false };
  for (let i = 1; i < args.length; i++) {
    const a = args[i];
    if (a === '--golden') o.golden = true;
    else if (a === '--lit') o.lit = true;
    else if (a === '--lit-exec') o.litExec = true;
    else if (a === '--prune') o.prune = true;
    else if (a === '--failures') o.failures = true;
    else if (a === '--filter') o.filter = args[++i] ?? '';
    else throw new Error(`unknown argument ${a}`);
  }
  if (!o.golden && !o.lit && !o.litExec) { o.golden = true; o.lit = true; }
  if (o.command !== 'report' && o.command !== 'update') throw new Error(`unknown command ${o.command} (report | update)`);
  if (o.command === 'update' && o.filter !== null) throw new Error('update runs the whole corpus; --filter is for report');
  return o;
}

async function golden(o: CliOptions): Promise<boolean> {
  assertReferenceOpt();
  const tool = await toolFromEnv('inprocess');
  const filter = o.filter;
  const run = await runGolden({ corpus: corpusRoot(), tool, filter: filter === null ? undefined : (c) => c.file.includes(filter) });
  const listed = readList(goldenListPath, 3);
  const results = new Map(run.results.map((r) => [r.case.key, r.verdict.pass]));
  console.log(formatReport(run, new Set(listed)));
  if (o.failures) for (const r of run.results) if (!r.verdict.pass) console.log(`FAIL ${formatFailure(r)}`);
  const check = checkRatchet(filter === null ? listed : listed.filter((k) => results.has(k)), results);
  for (const k of check.regressions) {
    const r = run.results.find((x) => x.case.key === k);
    console.log(`REGRESSED ${r ? formatFailure(r) : k}`);
  }
  for (const k of check.unknown) console.log(`STALE (listed but not in the corpus) ${k}`);
  console.log(`golden: ${check.newlyPassing.length} newly passing, ${check.regressions.length} regressed, ${check.unknown.length} stale`);
  if (o.command !== 'update') return check.regressions.length === 0 && check.unknown.length === 0;
  if (o.prune) {
    if (check.regressions.length > 0) {
      console.log(`refusing to prune ${goldenListPath}: ${check.regressions.length} listed case(s) fail now (above); fix them first`);
      return false;
    }
    writeList(goldenListPath, [...results].filter(([, ok]) => ok).map(([k]) => k), GOLDEN_HEADER);
    console.log(`pruned ${goldenListPath}: ${[...results.values()].filter(Boolean).length} cases (${check.unknown.length} stale removed)`);
    return true;
  }
  writeList(goldenListPath, [...listed, ...check.newlyPassing], GOLDEN_HEADER);
  console.log(`updated ${goldenListPath}: +${check.newlyPassing.length} cases`);
  return check.regressions.length === 0;
}

async function lit(o: CliOptions): Promise<boolean> {
  const opt = spawnCommandFromEnv();
  assertExecutable(opt);
  const scratch = mkdtempSync(join(tmpdir(), 'scfkit-runner-'));
  try {
    const runner = env.SCFKIT_RUNNER_CMD ?? runnerOrStub(scfRun, scratch).path;
    const run = await runLit({ corpus: corpusRoot(), opt: opt.join(' '), runner, extraArgs: o.filter === null ? [] : ['--filter', o.filter] });
    if (run.discovered === null || run.results.size !== run.discovered) {
      console.log(`lit did not report every test (${run.results.size} of ${run.discovered ?? '?'}): ${run.stderr.slice(-2000)}`);
      return false;
    }
    const passing = new Map([...run.results].map(([k, code]) => [k, code === 'PASS']));
    const counts = new Map<string, number>();
    for (const code of run.results.values()) counts.set(code, (counts.get(code) ?? 0) + 1);
    console.log(`lit with MLIR_OPT=${opt.join(' ')}: ${[...counts].map(([c, n]) => `${c} ${n}`).join(', ')} (${(run.ms / 1000).toFixed(1)} s)`);
    const listed = readList(litListPath);
    const check = checkRatchet(o.filter === null ? listed : listed.filter((k) => passing.has(k)), passing);
    for (const k of check.regressions) console.log(`REGRESSED ${k} (${run.results.get(k)})\n${(run.failureLogs.get(k) ?? '').split('\n').slice(-15).join('\n')}`);
    for (const k of check.unknown) console.log(`STALE (listed but not in the corpus) ${k}`);
    for (const k of check.newlyPassing) console.log(`NEW PASS ${k}`);
    if (o.command !== 'update') return check.regressions.length === 0 && check.unknown.length === 0;
    if (o.prune) {
      if (check.regressions.length > 0) {
        console.log(`refusing to prune ${litListPath}: ${check.regressions.length} listed test(s) fail now`);
        return false;
      }
      writeList(litListPath, [...passing].filter(([, ok]) => ok).map(([k]) => k), LIT_HEADER);
      return true;
    }
    writeList(litListPath, [...listed, ...check.newlyPassing], LIT_HEADER);
    console.log(`updated ${litListPath}: +${check.newlyPassing.length} tests`);
    return check.regressions.length === 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The execution ratchet (lit-exec-passing.txt): report or grow it. */
async function litExec(o: CliOptions): Promise<boolean> {
  const run = await runLitExec(corpusRoot(), env.SCFKIT_RUNNER_CMD ?? scfRun, o.filter ?? undefined);
  const passing = new Map([...run.results].map(([k, code]) => [k, code === 'PASS']));
  const listed = readList(litExecListPath);
  const check = checkRatchet(o.filter === null ? listed : listed.filter((k) => passing.has(k)), passing);
  for (const [k, code] of run.results) console.log(`${code} ${k}`);
  for (const k of check.regressions) console.log(`REGRESSED ${k} (${run.results.get(k)})\n${(run.failureLogs.get(k) ?? '').split('\n').slice(-15).join('\n')}`);
  if (o.command !== 'update') return check.regressions.length === 0 && check.unknown.length === 0;
  writeList(litExecListPath, [...listed, ...check.newlyPassing], LIT_EXEC_HEADER);
  console.log(`updated ${litExecListPath}: +${check.newlyPassing.length} tests`);
  return check.regressions.length === 0;
}

async function main(): Promise<number> {
  const o = parseArgs(argv.slice(2));
  let ok = true;
  if (o.litExec) ok = (await litExec(o)) && ok;
  if (o.golden) ok = (await golden(o)) && ok;
  if (o.lit) ok = (await lit(o)) && ok;
  return ok ? 0 : 1;
}

const isMain = argv[1] !== undefined && fileURLToPath(import.meta.url) === argv[1];
if (isMain && env.NODE_TEST_CONTEXT === undefined) {
  main().then((code) => exit(code), (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    exit(2);
  });
}
