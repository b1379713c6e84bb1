// One scratch field per op and per value (`mark`): region DCE's epochs, CSE's
// value ids, the verifier's marks (ops, negated) and the printer's rows
// (values, from 2^29) share it. Each must ignore what the others leave behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, print, verify } from '../../src/api/text.js';
import { PassManager } from '../../src/api/passes.js';
import { newMarkEpoch, type Operation } from '../../src/ir/operation.js';
import { PatternRewriter } from '../../src/ir/pattern.js';
import { runRegionDCE } from '../../src/transforms/region-utils.js';

const INPUT = `func.func private @use(i32)
func.func @loop(%n: i32, %c: i1) -> i32 {
  %z = arith.constant 0 : i32
  %z2 = arith.constant 0 : i32
  cf.br ^bb1(%z, %z2 : i32, i32)
^bb1(%i: i32, %dead: i32):
  %d2 = arith.addi %dead, %n : i32
  %i2 = arith.addi %i, %n : i32
  %i3 = arith.addi %i, %n : i32
  %cc = arith.cmpi slt, %i2, %n : i32
  cf.cond_br %cc, ^bb1(%i2, %d2 : i32, i32), ^bb2
^bb2:
  func.call @use(%i3) : (i32) -> ()
  return %i : i32
}
`;

function run(m: Operation, pipeline: string): string {
  PassManager.parse(`builtin.module(${pipeline})`).run(m);
  return print(m);
}

test('printer rows left in the marks do not read as region DCE epochs or CSE ids', () => {
  for (const pipeline of ['canonicalize', 'cse', 'cse,canonicalize', 'canonicalize,cse']) {
    const fresh = run(parse(INPUT), pipeline);
    // Printed first: every value holds a printer row; epochs handed out
    // meanwhile reach the small rows a print uses.
    const m = parse(INPUT);
    print(m);
    for (let i = 0; i < 40; i++) newMarkEpoch();
    print(m);
    assert.equal(run(m, pipeline), fresh, pipeline);
    // And a print after the passes names every value as a fresh parse would.
    assert.equal(print(m), print(parse(fresh)), pipeline);
  }
});

test('printer rows are kept in the mark above the epochs', () => {
  const m = parse(INPUT);
  print(m);
  let values = 0;
  m.walk((op) => {
    for (let i = 0; i < op.numResults; i++) {
      const v = op.result(i);
      assert.ok(v.printSlot >= 0 && v.mark >= 2 ** 29, `${v.printSlot} ${v.mark}`);
      values++;
    }
  });
  assert.ok(values > 5);
  assert.ok(newMarkEpoch() < 2 ** 29);
});

test('region DCE epochs left on ops do not read as verifier marks, nor verifier marks as epochs', () => {
  const m = parse(INPUT);
  assert.deepEqual(verify(m), []);
  // Verified first (verifier marks on every op), then canonicalized: as fresh.
  assert.equal(run(m, 'canonicalize'), run(parse(INPUT), 'canonicalize'));
  // Region DCE alone (no verification after it): it leaves its epochs on the live ops.
  const func = m.regions[0].entry.last!;
  runRegionDCE(new PatternRewriter(m.context), func.regions);
  let stamped = 0;
  func.walk((op) => {
    if (op.mark > 0) stamped++;
  });
  assert.ok(stamped > 0, 'region DCE stamped the live ops');
  assert.deepEqual(verify(m), []);
  // Again, then dominance broken: the first op using a value defined before it in its block moves above that definition.
  runRegionDCE(new PatternRewriter(m.context), func.regions);
  let moved = false;
  func.walk((op) => {
    if (moved || op.numOperands === 0) return;
    const def = op.operand(0).definingOp;
    if (def && def.parentBlock === op.parentBlock && op.numSuccessors === 0 && op.next !== null) {
      op.moveBefore(def);
      moved = true;
    }
  });
  assert.ok(moved);
  const errors = verify(m);
  assert.ok(errors.some((e) => e.includes('does not dominate')), errors.join('\n'));
});
