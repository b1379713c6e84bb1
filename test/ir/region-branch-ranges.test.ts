// The verifier checks region-branch edges through the interfaces' range forms
// (`successorRange`, `entryOperandRange`, `successorOperandRange`: nothing
// allocated) and falls back to the list forms, which report, when an edge
// does not match. The two forms must describe the same edges: checked here on
// every scf op kind, from every branch point; the invalid edges' diagnostics
// are compared live with mlir-opt 22.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testOptCases, type OptCase } from '../opt-cases.js';
import { createContext } from '../../src/dialects/registry.js';
import { parse } from '../../src/api/text.js';
import {
  Interfaces,
  getInterface,
  type OperandRange,
  type RegionBranchInterface,
  type RegionBranchTerminatorInterface,
  type RegionSuccessor,
  type RegionSuccessorRange,
} from '../../src/ir/interfaces.js';
import type { Operation, Value } from '../../src/ir/operation.js';

const INPUT = `func.func @f(%c: i1, %i: index, %n: index, %x: f32, %m: memref<4xf32>) -> f32 {
  %0 = scf.if %c -> f32 {
    scf.yield %x : f32
  } else {
    scf.yield %x : f32
  }
  scf.if %c {
    memref.store %x, %m[%i] : memref<4xf32>
  }
  %1:2 = scf.for %k = %i to %n step %i iter_args(%a = %x, %b = %i) -> (f32, index) {
    scf.yield %a, %b : f32, index
  }
  scf.for %k = %i to %n step %i {
  }
  %2 = scf.while (%w = %x) : (f32) -> f32 {
    scf.condition(%c) %w : f32
  } do {
  ^bb0(%w: f32):
    scf.yield %w : f32
  }
  %3 = scf.index_switch %i -> f32
  case 1 {
    scf.yield %x : f32
  }
  default {
    scf.yield %x : f32
  }
  %4 = scf.execute_region -> f32 {
    scf.yield %x : f32
  }
  %5 = scf.parallel (%p) = (%i) to (%n) step (%i) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  scf.forall (%q) in (%n) {
  }
  return %0 : f32
}
`;

function listFromRange(op: Operation, src: Operation, succ: RegionSuccessorRange, operands: OperandRange): { operands: Value[]; inputs: Value[] } {
  const ops: Value[] = [];
  for (let i = 0; i < operands.count; i++) ops.push(src.operand(operands.start + i));
  const inputs: Value[] = [];
  for (let i = 0; i < succ.inputCount; i++)
    inputs.push(succ.region < 0 ? op.result(succ.inputStart + i) : op.regions[succ.region].entry.args[succ.inputStart + i]);
  return { operands: ops, inputs };
}

test('region-branch range forms describe the same edges as the list forms (every scf op kind, every branch point)', () => {
  const ctx = createContext();
  const module = parse(INPUT, { ctx });
  const seen = new Set<string>();
  const stack: Operation[] = [module];
  while (stack.length) {
    const op = stack.pop()!;
    for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) stack.push(o);
    const iface = getInterface<RegionBranchInterface>(op, Interfaces.RegionBranch);
    if (!iface) continue;
    assert.ok(iface.successorRange && iface.entryOperandRange, `${op.name.name} has the range forms`);
    seen.add(op.name.name);
    const points: (Operation | null)[] = [null];
    for (const r of op.regions) for (const b of r.blocks) if (b.last) points.push(b.last);
    for (const point of points) {
      const term = point === null ? undefined : getInterface<RegionBranchTerminatorInterface>(point, Interfaces.RegionBranchTerminator);
      if (point !== null && !term) continue;
      const from = point === null ? 'parent' : point.parentRegion!.index;
      const lists = iface.getSuccessorRegions(op, from);
      const succ: RegionSuccessorRange = { region: 0, inputStart: 0, inputCount: 0 };
      const range: OperandRange = { start: 0, count: 0 };
      let n = 0;
      for (; iface.successorRange!(op, from, n, succ); n++) {
        const want: RegionSuccessor | undefined = lists[n];
        assert.ok(want, `${op.name.name} from ${from}: no successor #${n} in the list form`);
        assert.equal(succ.region, want.region === 'parent' ? -1 : want.region.index, `${op.name.name} from ${from}: successor #${n}`);
        if (term) term.successorOperandRange!(point!, succ, range);
        else iface.entryOperandRange!(op, succ, range);
        const got = listFromRange(op, point ?? op, succ, range);
        const operands: Value[] = term ? term.getSuccessorOperands(point!, want) : iface.getEntrySuccessorOperands(op, want);
        assert.deepEqual(got.inputs, [...want.inputs], `${op.name.name} from ${from}: inputs of successor #${n}`);
        assert.deepEqual(got.operands, operands, `${op.name.name} from ${from}: operands of successor #${n}`);
      }
      assert.equal(n, lists.length, `${op.name.name} from ${from}: successor count`);
    }
  }
  assert.deepEqual([...seen].sort(), ['scf.execute_region', 'scf.for', 'scf.forall', 'scf.if', 'scf.index_switch', 'scf.parallel', 'scf.while']);
});

// Invalid edges: the range forms find the mismatch, the list forms report it as mlir-opt does.
const CASES: OptCase[] = [
  {
    name: 'scf.while: condition forwards the wrong type to the after region',
    args: [],
    input: `func.func @f(%c: i1, %x: f32, %y: i32) {
  %0 = scf.while (%w = %x) : (f32) -> f32 {
    scf.condition(%c) %w : f32
  } do {
  ^bb0(%w: i32):
    scf.yield %x : f32
  }
  return
}
`,
  },
  {
    name: 'scf.while: inits do not match the before region',
    args: [],
    input: `func.func @f(%c: i1, %x: f32, %y: i32) {
  %0 = scf.while (%w = %y) : (i32) -> f32 {
  ^bb0(%w: f32):
    scf.condition(%c) %w : f32
  } do {
  ^bb0(%w: f32):
    scf.yield %w : f32
  }
  return
}
`,
  },
  {
    name: 'scf.execute_region: yield count does not match the results',
    args: [],
    input: `func.func @f(%x: f32) {
  %0 = scf.execute_region -> f32 {
    scf.yield %x, %x : f32, f32
  }
  return
}
`,
  },
  {
    name: 'scf.index_switch: a case yields the wrong type',
    args: [],
    input: `func.func @f(%i: index, %x: f32, %y: i32) {
  %0 = scf.index_switch %i -> f32
  case 1 {
    scf.yield %y : i32
  }
  default {
    scf.yield %x : f32
  }
  return
}
`,
  },
  {
    name: 'scf.while: after region yields the wrong type back to the before region',
    args: [],
    input: `func.func @f(%c: i1, %x: f32, %y: i32) {
  %0 = scf.while (%w = %x) : (f32) -> f32 {
    scf.condition(%c) %w : f32
  } do {
  ^bb0(%w: f32):
    scf.yield %y : i32
  }
  return
}
`,
  },
];

testOptCases(CASES);
