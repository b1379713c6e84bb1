// The parser modules must not import each other in a cycle at run time: the
// type, attribute and location parsers sit on token-parser.ts and reach each
// other through its abstract methods, bound in parser.ts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { repoRoot } from '../conformance/paths.js';
import { importCycles, runtimeImportEdges, type ImportEdge } from './import-graph.js';

const srcDir = resolve(repoRoot, 'src');

test('the import-graph helper finds cycles and ignores type-only imports', () => {
  const edges: ImportEdge[] = [
    { from: 'a.ts', to: 'b.ts' },
    { from: 'b.ts', to: 'c.ts' },
    { from: 'c.ts', to: 'a.ts' },
    { from: 'c.ts', to: 'd.ts' },
    { from: 'd.ts', to: 'd.ts' },
  ];
  assert.deepEqual(importCycles(edges), [['d.ts'], ['a.ts', 'b.ts', 'c.ts']]);
  assert.deepEqual(importCycles([{ from: 'a.ts', to: 'b.ts' }]), []);
});

test('src/syntax has no run-time import cycles', () => {
  const edges = runtimeImportEdges(srcDir).filter((e) => e.from.startsWith('syntax/') && e.to.startsWith('syntax/'));
  assert.ok(edges.some((e) => e.from === 'syntax/parser.ts' && e.to === 'syntax/type-parser.ts'), 'the graph was read');
  assert.deepEqual(importCycles(edges), []);
});

test('the type and attribute parsers do not import parser.ts at run time', () => {
  const edges = runtimeImportEdges(srcDir);
  for (const file of ['syntax/type-parser.ts', 'syntax/attribute-parser.ts', 'syntax/dialect-symbol.ts', 'syntax/token-parser.ts'])
    assert.deepEqual(
      edges.filter((e) => e.from === file && e.to === 'syntax/parser.ts'),
      [],
      `${file} imports parser.ts`,
    );
});
