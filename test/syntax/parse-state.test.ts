// The parser's per-op state since round 6 (docs/PERFORMANCE.md, "Round 6
// (branch parse6)"): one custom-op parser object shared by all ops (it must be
// the outer op's again after a nested region), and SSA definition offsets kept
// in Value.mark while a name is in scope (every mark must be 0 once parsed:
// region DCE and CSE read marks). Diagnostics are compared live with mlir-opt 22.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertParseErrorAsMlirOpt } from '../opt-cases.js';
import type { Value } from '../../src/ir/operation.js';
import { createContext } from '../../src/dialects/registry.js';
import { parseModule } from '../../src/syntax/module-parser.js';
import { SourceFile } from '../../src/syntax/source.js';

test('no value keeps a mark after parsing (nested scopes, multi-results, forward references, block arguments)', () => {
  const text = [
    'func.func @f(%n: index, %c: i32) -> i32 {',
    '  %c0 = arith.constant 0 : index',
    '  %x:2 = "test.two"() : () -> (i32, i32)',
    '  cf.br ^bb1(%y : i32)',
    '^bb1(%b: i32):',
    '  %y = arith.addi %x#1, %b : i32',
    '  %r = scf.for %i = %c0 to %n step %c0 iter_args(%acc = %y) -> (i32) {',
    '    %w = scf.while (%a = %acc) : (i32) -> i32 {',
    '      %t = arith.cmpi slt, %a, %x#0 : i32',
    '      scf.condition(%t) %a : i32',
    '    } do {',
    '    ^bb0(%v: i32):',
    '      %u = scf.if %t2 -> (i32) {',
    '        scf.yield %v : i32',
    '      } else {',
    '        scf.yield %c : i32',
    '      }',
    '      scf.yield %u : i32',
    '    }',
    '    %t2 = arith.cmpi eq, %w, %w : i32',
    '    scf.yield %w : i32',
    '  }',
    '  return %r : i32',
    '}',
  ].join('\n');
  // Parsed without verifying: %y and %t2 are used before their definitions (forward
  // references the parser resolves; dominance is the verifier's concern).
  const ctx = createContext({ allowUnregisteredDialects: true });
  const module = parseModule(ctx, SourceFile.fromText('marks.mlir', text));
  assert.ok(module, ctx.diagnostics.diagnostics.map((d) => d.message).join('\n'));
  const values: Value[] = [];
  module.walk((op) => {
    for (let i = 0; i < op.numResults; i++) values.push(op.result(i));
    for (const r of op.regions) for (let b = r.firstBlock; b; b = b.nextBlock) for (const a of b.args) values.push(a);
  });
  assert.equal(values.length, 16, `walked ${values.length} values`);
  for (const v of values) assert.equal(v.mark, 0);
});

test('errors of an op after its regions name that op, not the last op inside (as mlir-opt 22)', () => {
  const cases: [string, string][] = [
    [
      'scf.while without do',
      'func.func @f(%c: i32) -> i32 {\n  %r = scf.while (%a = %c) : (i32) -> i32 {\n    %t = arith.cmpi slt, %a, %a : i32\n    scf.condition(%t) %a : i32\n  } oops {\n  ^bb0(%b: i32):\n    scf.yield %b : i32\n  }\n  return %r : i32\n}\n',
    ],
    [
      'scf.if with a bad else',
      'func.func @f(%b: i1, %c: i32) {\n  scf.if %b {\n    %x = arith.addi %c, %c : i32\n  } else %c\n  return\n}\n',
    ],
    [
      'redefinition after a nested scope',
      'func.func @f(%c: i32) {\n  scf.execute_region {\n    %v = arith.addi %c, %c : i32\n    scf.yield\n  }\n  %v = arith.addi %c, %c : i32\n  %v = arith.muli %c, %c : i32\n  return\n}\n',
    ],
    [
      'type mismatch with a forward reference',
      'func.func @f() {\n  cf.br ^bb1\n^bb1:\n  %u = arith.addi %z, %z : i32\n  %z = arith.constant 1 : i64\n  return\n}\n',
    ],
  ];
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-parse-state-'));
  try {
    for (const [name, text] of cases) assertParseErrorAsMlirOpt(name, text, join(dir, 'case.mlir'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
