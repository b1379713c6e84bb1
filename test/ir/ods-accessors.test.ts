// Typed accessors of value groups: single groups before a variadic one are
// read at their own index, the others through the op's segments (sizes
// attribute or the variadic split), for ops with and without variadic values.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/api/text.js';
import { createContext } from '../../src/dialects/registry.js';
import type { Operation } from '../../src/ir/operation.js';
import * as scf from '../../src/dialects/scf/index.js';
import * as memref from '../../src/dialects/memref/index.js';
import * as cf from '../../src/dialects/cf/index.js';

function opsOf(text: string): Operation[] {
  const module = parse(text, { ctx: createContext() });
  const out: Operation[] = [];
  module.walk((o) => void out.push(o), 'pre');
  return out;
}

test('single groups before a variadic one, and the variadic group, with 0 and 2 values', () => {
  const ops = opsOf(`func.func @f(%lb: index, %ub: index, %s: index, %x: i32, %m: memref<4x4xi32>) {
  scf.for %i = %lb to %ub step %s { }
  %r:2 = scf.for %i = %ub to %lb step %lb iter_args(%a = %x, %b = %x) -> (i32, i32) {
    scf.yield %b, %a : i32, i32
  }
  memref.store %r#1, %m[%lb, %s] : memref<4x4xi32>
  return
}`);
  const fn = ops[1];
  const [lb, ub, s, x, m] = fn.regions[0].entry.args;
  const [f0, f2] = ops.filter((o) => scf.ForOp.isa(o));
  assert.deepEqual([scf.ForOp.lowerBound(f0), scf.ForOp.upperBound(f0), scf.ForOp.step(f0)], [lb, ub, s]);
  assert.deepEqual(scf.ForOp.initArgs(f0), []);
  assert.deepEqual([scf.ForOp.lowerBound(f2), scf.ForOp.upperBound(f2), scf.ForOp.step(f2)], [ub, lb, lb]);
  assert.deepEqual(scf.ForOp.initArgs(f2), [x, x]);
  const store = ops.find((o) => memref.StoreOp.isa(o))!;
  assert.equal(memref.StoreOp.value(store), f2.results[1]);
  assert.equal(memref.StoreOp.memref(store), m);
  assert.deepEqual(memref.StoreOp.indices(store), [lb, s]);
});

test('groups sized by an attribute are read through the segments', () => {
  const ops = opsOf(`func.func @g(%c: i1, %x: i32, %y: i64) {
  cf.cond_br %c, ^a(%x, %x : i32, i32), ^b(%y : i64)
^a(%p: i32, %q: i32):
  return
^b(%z: i64):
  return
}`);
  const fn = ops[1];
  const [c, x, y] = fn.regions[0].entry.args;
  const br = ops.find((o) => cf.CondBranchOp.isa(o))!;
  assert.equal(cf.CondBranchOp.condition(br), c);
  assert.deepEqual(cf.CondBranchOp.trueDestOperands(br), [x, x]);
  assert.deepEqual(cf.CondBranchOp.falseDestOperands(br), [y]);
});
