// Region DCE keeps liveness in the ops' and arguments' `mark` and stops as
// soon as a round gave no answer that it later proved wrong (MLIR runs one
// more round to see nothing change). Cases where liveness reaches a value
// only through a loop's back edge, so later rounds matter, against mlir-opt 22
// run live; and CSE leaves no value ids behind in the marks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testOptCases, type OptCase } from '../opt-cases.js';
import { parse } from '../../src/api/text.js';
import { PassManager } from '../../src/api/passes.js';

const CASES: OptCase[] = [
  {
    name: 'region DCE: a loop-carried value live only through the exit, a dead cycle beside it',
    args: ['--canonicalize'],
    input: `func.func @loop(%n: i32) -> i32 {
  %z = arith.constant 0 : i32
  cf.br ^bb1(%z, %z : i32, i32)
^bb1(%i: i32, %dead: i32):
  %d2 = arith.addi %dead, %n : i32
  %i2 = arith.addi %i, %n : i32
  %cc = arith.cmpi slt, %i2, %n : i32
  cf.cond_br %cc, ^bb1(%i2, %d2 : i32, i32), ^bb2
^bb2:
  return %i : i32
}
`,
  },
  {
    name: 'region DCE: liveness through two nested back edges and a region op',
    args: ['--canonicalize'],
    input: `func.func private @use(i32)
func.func @nested(%n: i32, %c: i1) {
  %z = arith.constant 0 : i32
  cf.br ^bb1(%z, %z, %z : i32, i32, i32)
^bb1(%a: i32, %b: i32, %dead: i32):
  %d = arith.muli %dead, %n : i32
  cf.br ^bb2(%a, %b : i32, i32)
^bb2(%x: i32, %y: i32):
  %x2 = arith.addi %x, %n : i32
  %y2 = scf.if %c -> (i32) {
    %t = arith.addi %y, %x2 : i32
    scf.yield %t : i32
  } else {
    scf.yield %y : i32
  }
  %cc = arith.cmpi slt, %x2, %y2 : i32
  cf.cond_br %cc, ^bb2(%x2, %y2 : i32, i32), ^bb3
^bb3:
  %c2 = arith.cmpi sgt, %x2, %n : i32
  cf.cond_br %c2, ^bb1(%x2, %y2, %d : i32, i32, i32), ^bb4
^bb4:
  func.call @use(%y2) : (i32) -> ()
  return
}
`,
  },
];

testOptCases(CASES);

test('cse: value ids do not outlive the run (every mark is back to 0)', () => {
  const m = parse(`func.func @f(%a: i32, %b: i32) -> (i32, i32, i32) {
  %x = arith.addi %a, %b : i32
  %y = arith.addi %b, %a : i32
  %z = arith.muli %x, %y : i32
  %w = arith.muli %y, %x : i32
  return %z, %w, %x : i32, i32, i32
}
`);
  PassManager.parse('builtin.module(cse)').run(m);
  let values = 0;
  m.walk((op) => {
    for (const r of op.results) {
      values++;
      assert.equal(r.mark, 0);
    }
    for (const region of op.regions) for (const block of region.blocks) for (const a of block.args) assert.equal(a.mark, 0);
  });
  // The commutative pairs were merged: one addi and one muli are left.
  assert.equal(values, 2);
});
