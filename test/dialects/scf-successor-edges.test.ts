// scf's RegionBranchOpInterface cleanups collect an op's (successor operand,
// successor input) edges through the interfaces' range forms (no lists made
// per try). Those edges must be the ones the list forms give, edge for edge
// and in order, on every region branch op; and the cleanups must still
// rewrite as mlir-opt 22 does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/index.js';
import type { Operation } from '../../src/ir/operation.js';
import { someGroupAllUnusedForTesting, successorEdgesForTesting } from '../../src/dialects/scf/canonicalize.js';
import { generateModuleText } from '../../bench/gen.js';
import { optAndReference } from '../opt-cases.js';

const BRANCH_OPS = new Set(['scf.while', 'scf.for', 'scf.if', 'scf.index_switch', 'scf.execute_region']);

// Each kind, with and without forwarded values, results, else blocks and
// cases; a while whose regions take different numbers of arguments; values
// forwarded twice and forwarded unchanged (what the cleanups look for).
const HANDWRITTEN = `func.func @f(%x: i32, %y: i32, %c: i1, %lb: index, %ub: index, %s: index, %i: index) -> (i32, i32, i32, i32, i32, i32, i32) {
  %w:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i64) {
    %cmp = arith.cmpi slt, %a, %b : i32
    %e = arith.extsi %a : i32 to i64
    scf.condition(%cmp) %b, %e : i32, i64
  } do {
  ^bb0(%p: i32, %q: i64):
    scf.yield %p, %p : i32, i32
  }
  %w2 = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%p: i32):
    scf.yield %p : i32
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  %r:2 = scf.for %iv = %lb to %ub step %s iter_args(%u = %x, %v = %x) -> (i32, i32) {
    %n = arith.addi %u, %v : i32
    scf.yield %n, %v : i32, i32
  }
  scf.for %iv = %lb to %ub step %s {
    scf.yield
  }
  %if = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  scf.if %c {
    %z = arith.addi %x, %y : i32
  }
  %sw = scf.index_switch %i -> i32
  case 0 {
    scf.yield %x : i32
  }
  case 3 {
    scf.yield %y : i32
  }
  default {
    scf.yield %x : i32
  }
  %ex = scf.execute_region -> i32 {
    scf.yield %y : i32
  }
  return %w#0, %w2, %r#0, %r#1, %if, %sw, %ex : i32, i32, i32, i32, i32, i32, i32
}
`;

function branchOps(text: string): Operation[] {
  const ops: Operation[] = [];
  parse(text).walk((op) => void (BRANCH_OPS.has(op.name.name) && ops.push(op)));
  return ops;
}

const inputs: [string, string][] = [['handwritten', HANDWRITTEN]];
for (let seed = 1; seed <= 8; seed++)
  inputs.push([`generated seed ${seed}`, generateModuleText({ bytes: Infinity, functions: 6, seed, form: 'custom', maxDepth: 2 + (seed % 4), statements: 6 + (seed % 7) })]);

for (const [name, text] of inputs) {
  test(`successor edges through the range forms are the list forms' edges: ${name}`, () => {
    const ops = branchOps(text);
    assert.ok(ops.length > 0);
    let edges = 0;
    for (const op of ops) {
      const lists = successorEdgesForTesting(op, false);
      const ranges = successorEdgesForTesting(op, true);
      const where = `${op.name.name} at ${ops.indexOf(op)}`;
      assert.equal(ranges.operands.length, lists.operands.length, where);
      assert.equal(ranges.inputs.length, lists.inputs.length, where);
      for (let k = 0; k < lists.operands.length; k++) {
        assert.equal(ranges.operands[k], lists.operands[k], `${where}: operand of edge ${k}`);
        assert.equal(ranges.inputs[k], lists.inputs[k], `${where}: input of edge ${k}`);
      }
      edges += lists.operands.length;
    }
    assert.ok(edges > 0);
  });
}

test('the handwritten input has every kind, and edges of each shape', () => {
  const ops = branchOps(HANDWRITTEN);
  assert.deepEqual(new Set(ops.map((o) => o.name.name)), BRANCH_OPS);
  // scf.while with two forwarded values: parent -> before (2), condition -> parent (2)
  // and -> after (2), yield -> before (2).
  assert.equal(successorEdgesForTesting(ops[0], true).operands.length, 8);
});

test('the region branch cleanups rewrite as mlir-opt 22 does', () => {
  const r = optAndReference(HANDWRITTEN, '--canonicalize');
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, r.ref.out);
  assert.equal(r.err, r.ref.err);
});

/**
 * Whether some group of successor inputs (inputs fed by a common operand are
 * grouped, transitively) has no uses: RemoveDeadRegionBranchOpSuccessorInputs'
 * grouping, written with maps.
 */
function someGroupAllUnusedByMaps(operands: readonly unknown[], inputs: readonly { hasUses: boolean }[]): boolean {
  const parent = new Map<unknown, unknown>();
  const find = (x: unknown): unknown => {
    while (parent.get(x) !== x) x = parent.get(x);
    return x;
  };
  for (const v of inputs) parent.set(v, v);
  const firstInputOf = new Map<unknown, unknown>();
  operands.forEach((o, k) => {
    const first = firstInputOf.get(o);
    if (first === undefined) firstInputOf.set(o, inputs[k]);
    else {
      const a = find(first);
      const b = find(inputs[k]);
      if (a !== b) parent.set(b, a);
    }
  });
  const used = new Set<unknown>();
  for (const v of inputs) if (v.hasUses) used.add(find(v));
  return inputs.some((v) => find(v) === v && !used.has(v));
}

test('the dead-input guard agrees with the grouping written with maps on every region branch op', () => {
  let yes = 0;
  let no = 0;
  for (const [, text] of inputs)
    for (const op of branchOps(text)) {
      const lists = successorEdgesForTesting(op, false);
      if (lists.operands.length > 48) continue;
      const want = someGroupAllUnusedByMaps(lists.operands, lists.inputs);
      assert.equal(someGroupAllUnusedForTesting(op), want, op.name.name);
      if (want) yes++;
      else no++;
    }
  assert.ok(yes > 0 && no > 0, `${yes} / ${no}`);
});

// scf.while's WhileConditionTruth and WhileCmpCond first check along the
// condition's operands whether it forwards the condition or a compared value.
const WHILE_CONDITION = `func.func @w(%x: i32, %y: i32, %m: memref<?xi1>, %i: index) -> (i32, i32) {
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %cmp = arith.cmpi slt, %a, %b : i32
    %d = arith.muli %a, %b : i32
    scf.condition(%cmp) %a, %d : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %cmp2 = arith.cmpi slt, %p, %y : i32
    %cmp3 = arith.cmpi sge, %p, %y : i32
    %e = arith.extui %cmp2 : i1 to i32
    %f = arith.extui %cmp3 : i1 to i32
    %s = arith.addi %e, %f : i32
    %t = arith.addi %q, %s : i32
    scf.yield %p, %t : i32, i32
  }
  %u = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi ne, %a, %y : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%p: i32):
    %c2 = arith.cmpi eq, %p, %y : i32
    memref.store %c2, %m[%i] : memref<?xi1>
    %p1 = arith.addi %p, %x : i32
    scf.yield %p1 : i32
  }
  %v = scf.while (%a = %x) : (i32) -> i1 {
    %c = arith.cmpi ne, %a, %y : i32
    scf.condition(%c) %c : i1
  } do {
  ^bb0(%p: i1):
    memref.store %p, %m[%i] : memref<?xi1>
    scf.yield %x : i32
  }
  return %r#0, %u : i32, i32
}
`;

test('WhileConditionTruth and WhileCmpCond rewrite as mlir-opt 22 does', () => {
  const r = optAndReference(WHILE_CONDITION, '--canonicalize');
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, r.ref.out);
  // Both fired: the forwarded condition and the repeated comparisons became constants.
  assert.match(r.out, /arith\.constant true/);
  assert.match(r.out, /arith\.constant false/);
  assert.doesNotMatch(r.out, /arith\.cmpi slt, %arg4/);
});
