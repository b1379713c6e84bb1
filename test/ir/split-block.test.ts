// PatternRewriter.splitBlock moves the tail of a block with one splice, then
// reports each moved op to the listener, last op first, with the block it
// came from (as MLIR's moves): the IR and the reports must be as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/api/text.js';
import { PatternRewriter } from '../../src/ir/pattern.js';
import type { Block, Operation } from '../../src/ir/operation.js';

const names = (b: Block): string[] => b.ops.map((o) => String(o.getAttr('n') ?? o.name.name));

test('splitBlock: the tail in order in the new block, each op re-parented, moves reported last first', () => {
  const m = parse(
    `func.func @f() {
  "test.op"() {n = "a"} : () -> ()
  "test.op"() {n = "b"} : () -> ()
  "test.op"() {n = "c"} : () -> ()
  "test.op"() {n = "d"} : () -> ()
  return
}
`,
    { allowUnregisteredDialects: true },
  );
  const block = m.regions[0].entry.first!.regions[0].entry;
  const reports: [Operation, Block | null | undefined][] = [];
  const blocksInserted: Block[] = [];
  const rw = new PatternRewriter(m.context, {
    notifyOperationInserted: (op, previous) => reports.push([op, previous]),
    notifyBlockInserted: (b) => blocksInserted.push(b),
  });
  const c = block.first!.next!.next!;
  const nb = rw.splitBlock(block, c);
  assert.deepEqual(names(block), ['"a"', '"b"']);
  assert.deepEqual(names(nb), ['"c"', '"d"', 'func.return']);
  assert.equal(block.last!.next, null);
  assert.equal(nb.first!.prev, null);
  assert.equal(block.nextBlock, nb);
  for (const o of nb.ops) assert.equal(o.parentBlock, nb);
  for (const o of block.ops) assert.equal(o.parentBlock, block);
  assert.deepEqual(blocksInserted, [nb]);
  assert.deepEqual(
    reports.map(([o]) => String(o.getAttr('n') ?? o.name.name)),
    ['func.return', '"d"', '"c"'],
  );
  assert.ok(reports.every(([, prev]) => prev === block));
  // Splitting at the first op moves everything; at null, nothing.
  const all = rw.splitBlock(nb, nb.first);
  assert.equal(nb.empty, true);
  assert.deepEqual(names(all), ['"c"', '"d"', 'func.return']);
  const none = rw.splitBlock(all, null);
  assert.equal(none.empty, true);
  assert.equal(all.ops.length, 3);
});
