// Golden conformance ratchet: every case listed in golden-passing.txt must still
// agree with MLIR 22's mlir-opt. Newly passing cases are printed, not required.
// Tool under test: in-process runOpt by default; SCFKIT_TOOL=spawn runs bin/scf-opt
// (or SCFKIT_TOOL_CMD) instead.
import assert from 'node:assert/strict';
import test from 'node:test';
import { assertReferenceOpt, formatFailure, formatReport, runGolden } from './golden.js';
import { corpusRoot, goldenListPath } from './paths.js';
import { checkRatchet, readList } from './ratchet.js';
import { toolFromEnv } from './tool.js';

test('golden conformance: listed cases still match mlir-opt 22', { timeout: 30 * 60_000 }, async () => {
  // Missing prerequisites are failures, not skips: CI installs all of them.
  const root = corpusRoot();
  assertReferenceOpt();
  const tool = await toolFromEnv('inprocess');

  const run = await runGolden({ corpus: root, tool });
  assert.ok(run.results.length > 0, `no golden cases found under ${root}`);

  const listed = readList(goldenListPath, 3);
  const results = new Map(run.results.map((r) => [r.case.key, r.verdict.pass]));
  const check = checkRatchet(listed, results);
  console.log(formatReport(run, new Set(listed)));

  if (check.newlyPassing.length > 0) {
    const shown = check.newlyPassing.slice(0, 40);
    console.log(`${check.newlyPassing.length} case(s) pass but are not in golden-passing.txt; run \`npm run conformance:update\` to lock them in:`);
    for (const k of shown) console.log(`  NEW ${k.replace(/\t/g, '  ')}`);
    if (shown.length < check.newlyPassing.length) console.log(`  ... and ${check.newlyPassing.length - shown.length} more`);
  }
  assert.deepEqual(check.unknown, [], 'golden-passing.txt lists cases the corpus no longer produces (keys changed?); `npm run conformance:update -- --prune` drops them');
  const byKey = new Map(run.results.map((r) => [r.case.key, r]));
  const regressions = check.regressions.map((k) => {
    const r = byKey.get(k);
    return r ? formatFailure(r) : k;
  });
  assert.equal(regressions.length, 0, `${regressions.length} listed case(s) regressed:\n${regressions.slice(0, 50).join('\n')}`);
});
