// docs/PIPELINER.md shows the tool's current output: it must equal what
// test/passes/pipeliner-doc.ts generates (`npm run docs:pipeliner` rewrites it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DOC_PATH, renderPipelinerDoc } from './pipeliner-doc.js';

test('docs/PIPELINER.md matches the pipeliner output (npm run docs:pipeliner)', () => {
  assert.equal(readFileSync(DOC_PATH, 'utf8'), renderPipelinerDoc(), 'docs/PIPELINER.md is out of date: run npm run docs:pipeliner');
});
