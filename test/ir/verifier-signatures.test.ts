// Ops of a kind whose checks read only the op itself (operand and result
// types, properties) pass again without being checked when an op of the same
// kind and signature passed before (src/ods/op.ts, PassedSignatures). These
// cases put a valid op before an invalid one that differs from it only where
// a remembered signature must not decide: its parent (hooks that look
// outside the op are not remembered), one type, one property value, an
// attribute of its own. Stdout, stderr and exit code must be mlir-opt 22's
// (live). The last tests change built IR between two verifications.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IntegerType } from '../../src/ir/builtin-types.js';
import { IntegerAttr } from '../../src/ir/builtin-attributes.js';
import type { Operation } from '../../src/ir/operation.js';
import { parse, verify } from '../../src/api/text.js';
import { arith, cf, memref, scf } from '../../src/index.js';
import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: 'alloca without an allocation scope after the same alloca in a function',
    args: [],
    // The nested module is verified after the function (both at the outer module's exit).
    input: `func.func @f() {
  %0 = memref.alloca() : memref<4xf32>
  return
}
module {
  %1 = memref.alloca() : memref<4xf32>
}
`,
  },
  {
    name: 'func.return of the same type into a function of another result type',
    args: [],
    input: `func.func @f(%a: i32) -> i32 {
  return %a : i32
}
func.func @g(%a: i32) -> i64 {
  return %a : i32
}
`,
  },
  {
    name: 'constant of the same value with another result type',
    args: [],
    input: `func.func @f() {
  %0 = arith.constant 1 : i32
  %1 = "arith.constant"() <{value = 1 : i32}> : () -> i64
  return
}
`,
  },
  {
    name: 'comparison with a remembered predicate and types but another result type',
    args: [],
    input: `func.func @f(%a: i32) {
  %0 = arith.cmpi slt, %a, %a : i32
  %1 = arith.cmpi sgt, %a, %a : i32
  %2 = "arith.cmpi"(%a, %a) <{predicate = 2 : i64}> : (i32, i32) -> i32
  return
}
`,
  },
  {
    name: 'store with an index too many after valid stores and loads',
    args: [],
    input: `func.func @f(%m: memref<4xf32>, %i: index, %x: f32) {
  memref.store %x, %m[%i] : memref<4xf32>
  %0 = memref.load %m[%i] : memref<4xf32>
  memref.store %0, %m[%i] : memref<4xf32>
  "memref.store"(%x, %m, %i, %i) : (f32, memref<4xf32>, index, index) -> ()
  return
}
`,
  },
  {
    name: 'select of a remembered signature then a vector condition of another shape',
    args: [],
    input: `func.func @f(%c: i1, %a: vector<4xi32>, %v: vector<2xi1>) {
  %0 = arith.select %c, %a, %a : vector<4xi32>
  %1 = arith.select %c, %a, %a : vector<4xi32>
  %2 = arith.select %v, %a, %a : vector<2xi1>, vector<4xi32>
  return
}
`,
  },
  {
    name: 'a property of several after the same op with valid ones',
    args: [],
    input: `func.func @f(%m: memref<4xf32>, %i: index) {
  %0 = memref.load %m[%i] {nontemporal = true} : memref<4xf32>
  %1 = "memref.load"(%m, %i) <{nontemporal = true, alignment = 16 : i64}> : (memref<4xf32>, index) -> f32
  %2 = "memref.load"(%m, %i) <{nontemporal = true, alignment = 3 : i64}> : (memref<4xf32>, index) -> f32
  return
}
`,
  },
  {
    name: 'a terminator in the middle of a block after the same terminator at the end',
    args: [],
    input: `func.func @f(%c: i1) {
  scf.if %c {
    scf.yield
  }
  scf.if %c {
    scf.yield
    scf.yield
  }
  return
}
`,
  },
  // Region ops of kinds marked localRegionVerifier (scf.for, scf.if,
  // scf.while) are remembered with their regions' shape: the second op of
  // each pair differs from the first only there.
  {
    name: 'for loops of one signature, the second yielding another type',
    args: [],
    input: `func.func @f(%lb: index, %a: i32, %b: i64) {
  %0 = scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> (i32) {
    scf.yield %x : i32
  }
  %1 = scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> (i32) {
    scf.yield %b : i64
  }
  return
}
`,
  },
  {
    name: 'a for loop whose induction variable has another type than the bounds',
    args: [],
    input: `func.func @f(%lb: index) {
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, index, index) -> ()
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}
`,
  },
  {
    name: 'if with results, the second one\'s else branch yielding another type',
    args: [],
    input: `func.func @f(%c: i1, %a: i32, %b: i64) {
  %0 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i64
  }
  return
}
`,
  },
  {
    name: 'an if whose region has an argument after the same if without',
    args: [],
    input: `func.func @f(%c: i1) {
  "scf.if"(%c) ({
    scf.yield
  }, {
  }) : (i1) -> ()
  "scf.if"(%c) ({
  ^bb0(%x: i1):
    scf.yield
  }, {
  }) : (i1) -> ()
  return
}
`,
  },
  {
    name: 'while loops, the second forwarding another type to its after region',
    args: [],
    input: `func.func @f(%a: i32, %b: i64, %c: i1) {
  %0 = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  %1 = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %b : i64
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return
}
`,
  },
  {
    name: 'a while loop whose after region ends in another terminator',
    args: [],
    input: `func.func @f(%a: i32, %c: i1) {
  %0 = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  %1 = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.condition(%c) %y : i32
  }
  return
}
`,
  },
  // Branches (cf.br, cf.cond_br: hooks marked localVerifier) are remembered
  // with their successors' argument types: the second branch of each case
  // forwards the same operand types as a valid one before it, to a block
  // whose arguments differ.
  {
    name: 'a branch of a remembered signature to a block whose argument has another type',
    args: [],
    input: `func.func @f(%a: i32) {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  cf.br ^bb2(%a : i32)
^bb2(%y: i64):
  return
}
`,
  },
  {
    name: 'a branch of a remembered signature to a block with one argument more',
    args: [],
    input: `func.func @f(%a: i32) {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  cf.br ^bb2(%a : i32)
^bb2(%y: i32, %z: i32):
  return
}
`,
  },
  {
    name: 'a conditional branch of a remembered signature whose false destination differs',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.cond_br %c, ^bb2, ^bb3(%a : i32)
^bb2:
  cf.cond_br %c, ^bb1(%a : i32), ^bb4
^bb3(%y: i32):
  return
^bb4(%z: i32):
  return
}
`,
  },
  {
    name: 'a conditional branch of a remembered signature with its destinations swapped',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1, ^bb2(%a : i32)
^bb1:
  cf.cond_br %c, ^bb2(%a : i32), ^bb1
^bb2(%y: i32):
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

test('a remembered signature does not settle an op whose hook looks at its parent', () => {
  const m = parse(`func.func @f() {
  %0 = memref.alloca() : memref<4xf32>
  return
}
`);
  assert.deepEqual(verify(m), []);
  // The same alloca moved out of the function: no allocation scope above it.
  const alloca = find(m, (op) => memref.AllocaOp.isa(op));
  alloca.moveBefore(m.regions[0].entry.first!);
  const diags = verify(m);
  assert.equal(diags.length, 1);
  assert.match(diags[0], /requires an ancestor op with AutomaticAllocationScope trait/);
});

test('an op changed after it passed is checked again', () => {
  const m = parse(`func.func @f(%m: memref<4xf32>, %i: index, %j: i32) {
  %0 = memref.load %m[%i] : memref<4xf32>
  %1 = arith.addi %i, %i : index
  return
}
`);
  assert.deepEqual(verify(m), []);
  const load = find(m, (op) => memref.LoadOp.isa(op));
  const add = find(m, (op) => arith.AddIOp.isa(op));
  const [mem, i] = [load.operand(0), load.operand(1)];
  // An index too many: a new signature, so the load's hook runs.
  load.setOperands([mem, i, i]);
  let diags = verify(m);
  assert.equal(diags.length, 1);
  assert.match(diags[0], /incorrect number of indices for load, expected 1 but got 2/);
  load.setOperands([mem, i]);
  assert.deepEqual(verify(m), []);
  // The addition's operands of two types (the result type kept): a new signature, checked.
  const j = m.regions[0].entry.first!.regions[0].entry.args[2];
  add.setOperands([i, j]);
  diags = verify(m);
  assert.equal(diags.length, 1);
  assert.match(diags[0], /requires the same type for all operands and results/);
  add.setOperands([i, i]);
  assert.deepEqual(verify(m), []);
  // A property changed to an invalid value after the op passed with a valid one.
  load.setProperty('alignment', IntegerAttr.get(IntegerType.get(64), 3));
  diags = verify(m);
  assert.equal(diags.length, 1);
  assert.match(diags[0], /attribute 'alignment' failed to satisfy constraint/);
});

test('a branch whose destination changed after it passed is checked again', () => {
  const m = parse(`func.func @f(%a: i32) {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  return
^bb2(%y: i64):
  return
}
`);
  assert.deepEqual(verify(m), []);
  const br = find(m, (op) => cf.BranchOp.isa(op));
  const body = m.regions[0].entry.first!.regions[0];
  const bb2 = body.blocks[2];
  // The same operands sent to a block expecting another type: its successor's arguments are part of the signature.
  br.setSuccessor(0, bb2);
  let diags = verify(m);
  assert.equal(diags.length, 1);
  assert.match(diags[0], /type mismatch for bb argument #0 of successor #0/);
  br.setSuccessor(0, body.blocks[1]);
  assert.deepEqual(verify(m), []);
  // A discardable attribute keeps a branch out of the remembered signatures (and is checked).
  br.attributes.set('cf.x', IntegerAttr.get(IntegerType.get(64), 1));
  br.setSuccessor(0, bb2);
  diags = verify(m);
  assert.equal(diags.length, 1);
  assert.match(diags[0], /type mismatch for bb argument #0 of successor #0/);
});

test('a region op whose terminator changed after it passed is checked again', () => {
  const m = parse(`func.func @f(%lb: index, %a: i32, %b: i64) {
  %0 = scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> (i32) {
    %1 = arith.addi %x, %x : i32
    scf.yield %1 : i32
  }
  return
}
`);
  assert.deepEqual(verify(m), []);
  const loop = find(m, (op) => scf.ForOp.isa(op));
  const yieldOp = scf.ForOp.body(scf.ForOp.cast(loop)).last!;
  const b = m.regions[0].entry.first!.regions[0].entry.args[2];
  const kept = yieldOp.operand(0);
  // The yield given a value of another type: a new shape, so the loop's checks run.
  yieldOp.setOperands([b]);
  const diags = verify(m);
  assert.equal(diags.length, 1);
  assert.match(diags[0], /yielded value have different type/);
  yieldOp.setOperands([kept]);
  assert.deepEqual(verify(m), []);
});
