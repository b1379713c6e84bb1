// Dominance between blocks of one region that the verifier's walk leaves for
// the unit's end is decided on dominator trees numbered in the blocks' marks
// (src/ir/verifier.ts, BlockTree): a fresh range of numbers per tree, no map.
// These cases need a tree per region, two regions' pairs interleaved,
// unreachable users, and verification again after the IR changed (stale
// numbers from the first verification must not be read as the second's).
// Stdout, stderr and the exit code must be mlir-opt 22's (live).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block, Operation } from '../../src/ir/operation.js';
import { parse, verify } from '../../src/api/text.js';
import { arith } from '../../src/index.js';
import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: 'a value of one arm of a diamond used at the join',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %a : i32
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %y = arith.addi %x, %a : i32
  return %y : i32
}
`,
  },
  {
    name: 'a value of a loop body used in the loop header',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb2, ^bb4
^bb2:
  %x = arith.addi %a, %a : i32
  cf.br ^bb3
^bb3:
  %y = arith.addi %x, %x : i32
  cf.br ^bb1
^bb4:
  %z = arith.addi %y, %a : i32
  return
}
`,
  },
  {
    name: 'a non-dominating value used only in unreachable blocks',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %a : i32
  cf.br ^bb2
^bb2:
  return
^bb3:
  %y = arith.addi %x, %a : i32
  cf.br ^bb4
^bb4:
  %z = arith.addi %x, %y : i32
  cf.br ^bb3
}
`,
  },
  {
    name: 'a non-dominating value used in a region nested in an unreachable block, then in a reachable one',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %a : i32
  cf.br ^bb2
^bb2:
  scf.if %c {
    %y = arith.addi %x, %a : i32
  }
  return
^bb3:
  scf.if %c {
    %z = arith.addi %x, %a : i32
  }
  cf.br ^bb3
}
`,
  },
  {
    name: 'a non-dominating value used in an unreachable block of a region nested in a reachable block',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %a : i32
  cf.br ^bb2
^bb2:
  scf.execute_region {
    cf.br ^bb2
  ^bb1:
    %y = arith.addi %x, %a : i32
    cf.br ^bb2
  ^bb2:
    scf.yield
  }
  return
}
`,
  },
  {
    name: 'the same value used in a reachable block of that nested region',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %a : i32
  cf.br ^bb2
^bb2:
  scf.execute_region {
    cf.br ^bb1
  ^bb1:
    %y = arith.addi %x, %a : i32
    cf.br ^bb2
  ^bb2:
    scf.yield
  }
  return
}
`,
  },
  {
    name: 'pairs of an inner multi-block region between pairs of the outer one, the last one wrong',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) -> i32 {
  cf.br ^bb1
^bb1:
  %x = arith.addi %a, %a : i32
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  %r = scf.execute_region -> i32 {
    cf.br ^bb1
  ^bb1:
    %p = arith.addi %x, %a : i32
    cf.cond_br %c, ^bb2, ^bb3
  ^bb2:
    %q = arith.addi %p, %x : i32
    cf.br ^bb3
  ^bb3:
    %s = arith.addi %p, %x : i32
    scf.yield %s : i32
  }
  %t = arith.addi %x, %r : i32
  cf.br ^bb4
^bb3:
  %u = arith.addi %x, %x : i32
  cf.br ^bb4
^bb4:
  %v = arith.addi %x, %u : i32
  return %v : i32
}
`,
  },
  {
    name: 'an inner region wrong between valid pairs of the outer one',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) -> i32 {
  cf.br ^bb1
^bb1:
  %x = arith.addi %a, %a : i32
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %p = arith.addi %x, %a : i32
    cf.br ^bb3
  ^bb2:
    cf.br ^bb3
  ^bb3:
    %s = arith.addi %p, %x : i32
    scf.yield %s : i32
  }
  cf.br ^bb3
^bb3:
  %u = arith.addi %x, %x : i32
  return %u : i32
}
`,
  },
  {
    name: 'functions verified one after another, the third one wrong',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %a : i32
  cf.br ^bb2
^bb2:
  return
}
func.func @g(%c: i1, %a: i32) {
  cf.br ^bb1
^bb1:
  %x = arith.addi %a, %a : i32
  cf.br ^bb2
^bb2:
  %y = arith.addi %x, %a : i32
  return
}
func.func @h(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %a : i32
  cf.br ^bb2
^bb2:
  %y = arith.addi %x, %a : i32
  return
}
`,
  },
];

testOptCases(CASES);

function find(m: Operation, isa: (op: Operation) => boolean): Operation {
  let found: Operation | undefined;
  m.walk((op) => {
    if (found === undefined && isa(op)) found = op;
  });
  assert.ok(found);
  return found;
}

test('dominance between blocks is decided again after the IR changed', () => {
  const m = parse(`func.func @f(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %x = arith.addi %a, %a : i32
  %y = arith.addi %x, %a : i32
  return %y : i32
}
`);
  assert.deepEqual(verify(m), []);
  assert.deepEqual(verify(m), []);
  const body = m.regions[0].entry.first!.regions[0];
  const blocks: readonly Block[] = body.blocks;
  const x = find(m, (op) => arith.AddIOp.isa(op));
  // %x moved into one arm: it no longer dominates its use at the join.
  x.moveBefore(blocks[1].last!);
  const diags = verify(m);
  assert.equal(diags.length, 1);
  assert.match(diags[0], /operand #0 does not dominate this use/);
  // Back at the join, and valid again.
  x.moveBefore(blocks[3].first!);
  assert.deepEqual(verify(m), []);
  // Into the entry block: dominates everything.
  x.moveBefore(blocks[0].last!);
  assert.deepEqual(verify(m), []);
});
