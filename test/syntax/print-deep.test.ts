// The printer on deep IR (issue 15): it keeps its own stack, so a nest far
// deeper than the JavaScript stack prints on the main thread, to a string and
// streamed, in the custom and generic forms and with locations (the alias
// collection pass). The same builder's nest at a depth mlir-opt 22 handles is
// checked live: mlir-opt's round trip of our output is our output.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext } from '../../src/dialects/registry.js';
import { IfOp } from '../../src/dialects/scf/index.js';
import { Builder } from '../../src/ir/builder.js';
import { FileLineColLoc } from '../../src/ir/location.js';
import type { Operation } from '../../src/ir/operation.js';
import { Printer, type PrintOptions } from '../../src/syntax/printer.js';
import { parse } from '../../src/api/text.js';

const MLIR_OPT = process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt';

/** `@f` holding `depth` nested scf.if, each with a location of its own (built without recursion). */
function nest(depth: number): Operation {
  const ctx = createContext();
  const module = parse('func.func @f(%c: i1) {\n  return\n}\n', { ctx });
  const body = module.regions[0].entry.first!.regions[0].entry;
  const b = new Builder(ctx);
  b.setInsertionPointBefore(body.last!);
  for (let k = 0; k < depth; k++) {
    const op = IfOp.create(b, { condition: body.args[0], withElse: true, location: FileLineColLoc.get('deep.mlir', k + 1, k % 7) });
    b.setInsertionPointBefore(op.regions[0].entry.last!);
  }
  return module;
}

function printBoth(module: Operation, options: PrintOptions): string {
  const text = new Printer(module.context, options).printOperation(module);
  const chunks: Uint8Array[] = [];
  new Printer(module.context, options).printOperationTo(module, (c) => chunks.push(c));
  assert.ok(Buffer.concat(chunks).toString('latin1') === text, 'the streamed print is the string print');
  return text;
}

const FORMS: [string, PrintOptions, string[]][] = [
  ['custom', {}, []],
  ['generic', { generic: true }, ['--mlir-print-op-generic']],
  ['locations', { debugInfo: true }, ['--mlir-print-debuginfo']],
];

test('a nest mlir-opt handles: mlir-opt reprints our output unchanged (custom, generic, locations)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-print-deep-'));
  try {
    const module = nest(150);
    for (const [name, options, flags] of FORMS) {
      const ours = printBoth(module, options);
      const file = join(dir, `${name}.mlir`);
      writeFileSync(file, ours);
      const r = spawnSync(MLIR_OPT, [file, ...flags], { encoding: 'latin1', maxBuffer: 1 << 28 });
      assert.equal(r.status, 0, r.stderr);
      // (mlir-opt ends its output with one more newline than the printer's text.)
      assert.ok(r.stdout === ours + '\n', `${name}: mlir-opt prints it differently`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// The recursive printer this replaces overflowed the main thread's stack at
// 3,000 levels of this nest (the output grows with depth squared: 48 MB here).
test('4,000 levels print on the main thread, each level where the shallow print puts it', () => {
  const depth = 4_000;
  const module = nest(depth);
  const shallow = nest(3);
  for (const [name, options] of FORMS) {
    const lines = printBoth(module, options).split('\n');
    // Levels 1-3 exactly as in the shallow nest's print; then every level k
    // is its opening line indented two spaces more than level k - 1's.
    const few = printBoth(shallow, options).split('\n');
    const opening = (l: string): boolean => /scf\.if|"scf\.if"/.test(l);
    const openDeep = lines.filter(opening);
    const openFew = few.filter(opening);
    assert.equal(openDeep.length, depth, name);
    for (let k = 0; k < 3; k++) assert.equal(openDeep[k], openFew[k], `${name}: level ${k + 1}`);
    for (let k = 1; k < depth; k++) {
      const indent = openDeep[k].length - openDeep[k].trimStart().length;
      const before = openDeep[k - 1].length - openDeep[k - 1].trimStart().length;
      if (indent !== before + 2) assert.fail(`${name}: level ${k + 1} indented ${indent}, level ${k} ${before}`);
    }
    // Every region closed, the function and module after it.
    const none = printBoth(nest(0), options).split('\n').length;
    assert.equal(lines.length - none, (depth * (few.length - none)) / 3, name);
  }
});
