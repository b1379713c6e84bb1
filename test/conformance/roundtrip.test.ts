// Everything scf-opt prints from a corpus chunk that MLIR 22 accepts must be
// re-printed unchanged by mlir-opt 22 (custom and generic form).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertReferenceOpt } from './golden.js';
import { corpusRoot } from './paths.js';
import { runRoundTrip } from './roundtrip.js';

test('scf-opt output round-trips through mlir-opt unchanged', { timeout: 20 * 60 * 1000 }, async () => {
  assertReferenceOpt();
  const r = await runRoundTrip(corpusRoot());
  const unsupported = [...r.unsupported.values()].reduce((a, b) => a + b, 0);
  console.log(
    `round trip: ${r.foreign} chunk prints skipped (dialects scfkit lacks); ${r.accepted} accepted by mlir-opt; scf-opt printed ${r.printed} of them ` +
      `(${unsupported} rejected: unsupported dialects), ${r.mismatches.length} re-printed differently`,
  );
  for (const m of r.mismatches.slice(0, 20)) console.log(`  ${m.c.file} chunk ${m.c.chunk} (${m.c.mode}): ${m.detail}`);
  assert.ok(r.printed > 0, 'no chunk was printed by scf-opt');
  assert.deepEqual(
    r.mismatches.map((m) => `${m.c.file}#${m.c.chunk} ${m.c.mode}`),
    [],
    'scf-opt printed IR that mlir-opt re-prints differently',
  );
});
