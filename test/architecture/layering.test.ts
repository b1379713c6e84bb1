// The layering of src/: no run-time import cycles, and the IR core imports
// nothing outside src/ir/ at run time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { externalImports, findCycles, layerOf, runtimeImports } from './imports.js';
import { srcDir } from './paths.js';

const edges = runtimeImports(srcDir);

test('src/ has no run-time import cycle', () => {
  const cycles = findCycles(edges);
  assert.deepEqual(
    cycles.map((c) => c.join(' -> ')),
    [],
  );
});

test('src/ir/ imports nothing outside src/ir/ at run time', () => {
  const outward = edges.filter((e) => layerOf(e.from) === 'ir' && layerOf(e.to) !== 'ir').map((e) => `${e.from} -> ${e.to}`);
  assert.deepEqual(outward, []);
});

test('the cycle finder finds cycles, self-imports included', () => {
  const cycles = findCycles([
    { from: 'a.ts', to: 'b.ts' },
    { from: 'b.ts', to: 'c.ts' },
    { from: 'c.ts', to: 'a.ts' },
    { from: 'c.ts', to: 'd.ts' },
    { from: 'd.ts', to: 'd.ts' },
  ]);
  assert.deepEqual(cycles.map((c) => c.join(' -> ')).sort(), ['a.ts -> b.ts -> c.ts -> a.ts', 'd.ts -> d.ts']);
  assert.deepEqual(findCycles([{ from: 'a.ts', to: 'b.ts' }]), []);
});

test('the import reader sees real imports (sanity)', () => {
  assert.ok(edges.length > 300, `only ${edges.length} imports found`);
  assert.ok(edges.some((e) => e.from === 'ods/op.ts' && e.to === 'ir/operation.ts'));
});

test('only the command-line tools and the Node entry use Node modules or globals', () => {
  const nodeOnly = (file: string): boolean => file.startsWith('tools/') || file === 'node.ts';
  const imports = externalImports(srcDir).filter((i) => !nodeOnly(i.file)).map((i) => `${i.file}: ${i.module}`);
  assert.deepEqual(imports, []);
  const globals: string[] = [];
  for (const file of new Set(runtimeImports(srcDir).map((e) => e.from))) {
    if (nodeOnly(file)) continue;
    readFileSync(join(srcDir, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, '');
        if (/\b(process|Buffer)\s*\.|\brequire\s*\(|\b__dirname\b|\b__filename\b/.test(code)) globals.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(globals, []);
});
