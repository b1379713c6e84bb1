// Ops that canonicalize creates in a parsed op's place (folded constants,
// scf's and arith's rewrites) take that op's location without making it: the
// pass builds no line table and no FileLineColLoc. What they print with
// --mlir-print-debuginfo must be what they printed when the pass made the
// location first (every op's location forced before the pass).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, print, PassManager } from '../../src/index.js';
import { SourceFile } from '../../src/syntax/source.js';
import { generateModuleText } from '../../bench/gen.js';

const HANDWRITTEN = `func.func @f(%x: i32, %c: i1, %d: i1, %m: memref<?xi32>) -> (i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.addi %c1, %c2 : i32
  %a = arith.addi %x, %c1 : i32
  %b = arith.addi %a, %c2 : i32
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %sel = arith.select %n, %x, %b : i32
  %r = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %b : i32
  }
  %r2 = scf.if %c -> (i32) {
    %q = scf.if %d -> (i32) {
      %u = arith.muli %x, %x : i32
      scf.yield %u : i32
    } else {
      scf.yield %x : i32
    }
    scf.yield %q : i32
  } else {
    scf.yield %x : i32
  }
  %s_idx = arith.constant 0 : index
  scf.if %c {
    %k = arith.select %c, %x, %b : i32
    memref.store %k, %m[%s_idx] : memref<?xi32>
  }
  return %s, %sel, %r, %r2 : i32, i32, i32, i32
}
func.func @w(%x: i32, %y: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %cmp = arith.cmpi slt, %a, %y : i32
    scf.condition(%cmp) %a : i32
  } do {
  ^bb0(%a: i32):
    %cmp2 = arith.cmpi slt, %a, %y : i32
    %e = arith.extui %cmp2 : i1 to i32
    %n = arith.addi %a, %e : i32
    scf.yield %n : i32
  }
  return %r : i32
}
`;

/** Counts SourceFile.location calls (each makes a location) while `f` runs. */
function countLocations<T>(f: () => T): { value: T; made: number } {
  const original = SourceFile.prototype.location;
  let made = 0;
  SourceFile.prototype.location = function (this: SourceFile, offset: number) {
    made++;
    return original.call(this, offset);
  };
  try {
    return { value: f(), made };
  } finally {
    SourceFile.prototype.location = original;
  }
}

/** The canonicalized module printed with locations; `forceFirst`: every op's location made before the pass. */
function canonicalize(text: string, forceFirst: boolean): { out: string; made: number } {
  const module = parse(text, { fileName: 'in.mlir' });
  if (forceFirst) module.walk((op) => void op.location);
  const { made } = countLocations(() => PassManager.parse('builtin.module(canonicalize)').run(module));
  return { out: print(module, { debugInfo: true }), made };
}

const inputs: [string, string][] = [['handwritten', HANDWRITTEN]];
for (let seed = 1; seed <= 6; seed++)
  inputs.push([`generated seed ${seed}`, generateModuleText({ bytes: Infinity, functions: 5, seed, form: 'custom', maxDepth: 2 + (seed % 4), statements: 5 + (seed % 7) })]);

for (const [name, text] of inputs) {
  test(`canonicalize keeps rewritten ops' locations lazy, same debuginfo output: ${name}`, () => {
    const lazy = canonicalize(text, false);
    const forced = canonicalize(text, true);
    assert.equal(lazy.made, 0, 'the pass made source locations');
    assert.equal(lazy.out, forced.out);
    assert.match(lazy.out, /loc\("in\.mlir":\d+:\d+\)/);
  });
}

test('the handwritten input exercises rewrites that build ops at a parsed op\'s location', () => {
  // With every location forced first, the pass reads them: here it must have
  // something to read (folded constants, arith and scf rewrites).
  const module = parse(HANDWRITTEN, { fileName: 'in.mlir' });
  let lazyBefore = 0;
  module.walk((op) => void (op.hasParsedLocation && lazyBefore++));
  PassManager.parse('builtin.module(canonicalize)').run(module);
  const out = print(module);
  assert.match(out, /arith\.andi/); // CombineNestedIfs
  assert.match(out, /arith\.constant 3 : i32/); // folded and reassociated addi
  assert.match(out, /arith\.select %arg1, %arg0/); // ConvertTrivialIfToSelect
  assert.ok(lazyBefore > 0);
});
