// PatternRewriter takes shorter paths when its listener does not ask for a
// report (a conversion's listener): replaceAllUsesWith without a list of the
// uses, inlineRegionBefore without a snapshot of the blocks. The IR they
// leave must be the one the reporting paths leave: the same block order and
// the same order of every use list (later rewrites and the printer read both).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, print } from '../../src/api/text.js';
import { PatternRewriter } from '../../src/ir/pattern.js';
import type { Block, Operation, Value } from '../../src/ir/operation.js';

const SOURCE = `func.func @f(%a: i32, %b: i32) -> i32 {
  %x = "test.def"() : () -> i32
  "test.use"(%x, %a) {n = 1} : (i32, i32) -> ()
  "test.use"(%b, %x) {n = 2} : (i32, i32) -> ()
  "test.use"(%x, %x) {n = 3} : (i32, i32) -> ()
  "test.region"() ({
    "test.use"(%x) {n = 4} : (i32) -> ()
    "test.br"() [^bb1] : () -> ()
  ^bb1:
    "test.use"(%b) {n = 5} : (i32) -> ()
    "test.br"() [^bb2] : () -> ()
  ^bb2:
    "test.end"() : () -> ()
  }) : () -> ()
  "test.target"() ({
    "test.end"() {n = 6} : () -> ()
  ^bb1:
    "test.end"() {n = 7} : () -> ()
  }) : () -> ()
  return %a : i32
}
`;

/** An op's `n`, or its name. */
function tag(op: Operation): string {
  const n = op.getAttr('n');
  return n === undefined ? op.name.name : String(n).split(' ')[0];
}

/** Each use of `v`, first to last, as "n:operand number". */
function useOrder(v: Value): string[] {
  const out: string[] = [];
  for (let u = v.firstUse; u !== null; u = u.nextUse) out.push(`${tag(u.owner)}:${u.index}`);
  return out;
}

function setUp(): { m: Operation; fn: Block } {
  const m = parse(SOURCE, { allowUnregisteredDialects: true });
  return { m, fn: m.regions[0].entry.first!.regions[0].entry };
}

/** Replaces %x's uses with %b and inlines test.region's blocks into test.target before its second block. */
function rewrite(rw: PatternRewriter, fn: Block): void {
  const def = fn.first!;
  const b = fn.args[1];
  rw.replaceAllUsesWith(def.result(0), b);
  let region = fn.first!;
  while (region.name.name !== 'test.region') region = region.next!;
  const target = region.next!;
  rw.inlineRegionBefore(region.regions[0], target.regions[0], target.regions[0].entry.nextBlock);
}

test('replaceAllUsesWith and inlineRegionBefore leave the same IR and use lists with and without reports', () => {
  const quiet = setUp();
  rewrite(new PatternRewriter(quiet.m.context, {}), quiet.fn);
  const told = setUp();
  const modified: string[] = [];
  const inserted: Block[] = [];
  rewrite(
    new PatternRewriter(told.m.context, {
      notifyOperationModified: (op) => modified.push(tag(op)),
      notifyBlockInserted: (b) => inserted.push(b),
    }),
    told.fn,
  );
  // The reporting paths did report (so both paths ran).
  assert.deepEqual(modified, ['4', '3', '3', '2', '1']);
  assert.equal(inserted.length, 3);
  assert.equal(print(quiet.m), print(told.m));
  for (const [q, t] of [
    [quiet.fn.args[1], told.fn.args[1]],
    [quiet.fn.args[0], told.fn.args[0]],
    [quiet.fn.first!.result(0), told.fn.first!.result(0)],
  ] as const) {
    assert.deepEqual(useOrder(q), useOrder(t));
  }
  // %b's uses: %x's, each moved to the front in %x's list order (so reversed), then its own.
  assert.deepEqual(useOrder(quiet.fn.args[1]), ['1:0', '2:1', '3:0', '3:1', '4:0', '5:0', '2:0']);
  // The target region: its entry, the three inlined blocks in order, then its old second block.
  let target = quiet.fn.first!;
  while (target.name.name !== 'test.target') target = target.next!;
  const firsts: string[] = [];
  for (let blk = target.regions[0].firstBlock; blk !== null; blk = blk.nextBlock) firsts.push(tag(blk.first!));
  assert.deepEqual(firsts, ['6', '4', '5', 'test.end', '7']);
  for (let blk = target.regions[0].firstBlock; blk !== null; blk = blk.nextBlock) assert.equal(blk.parent, target.regions[0]);
  assert.equal(target.prev!.regions[0].empty, true);
  assert.equal(target.regions[0].numBlocks, 5);
});
