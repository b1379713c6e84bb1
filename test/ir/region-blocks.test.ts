// The blocks of a region as an intrusive linked list: order, links, counts and
// the `blocks` snapshot after every kind of change; a block moved between
// regions leaves the old list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Block, Region } from '../../src/ir/operation.js';

/** The region's blocks by links in both directions, checked against each other, the count and the snapshot. */
function order(r: Region, names: Map<Block, string>): string[] {
  const fwd: Block[] = [];
  for (let b = r.firstBlock; b; b = b.nextBlock) {
    assert.equal(b.parent, r);
    fwd.push(b);
  }
  const back: Block[] = [];
  for (let b = r.lastBlock; b; b = b.prevBlock) back.push(b);
  assert.deepEqual(back.reverse(), fwd);
  assert.equal(r.numBlocks, fwd.length);
  assert.deepEqual([...r.blocks], fwd);
  assert.equal(r.empty, fwd.length === 0);
  fwd.forEach((b, i) => {
    assert.equal(r.blockAt(i), b);
    assert.equal(r.indexOfBlock(b), i);
    assert.equal(b.isEntryBlock, i === 0);
  });
  return fwd.map((b) => names.get(b)!);
}

test('region blocks: insert, remove, move and take keep links, count and snapshot in step', () => {
  const names = new Map<Block, string>();
  const mk = (n: string): Block => {
    const b = new Block();
    names.set(b, n);
    return b;
  };
  const r = new Region();
  const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map(mk);
  assert.deepEqual(order(r, names), []);
  assert.equal(r.blockAt(0), undefined);
  r.pushBlock(b);
  r.insertBlockBefore(a, b);
  r.insertBlockAfter(d, b);
  r.insertBlock(2, c);
  r.insertBlock(99, e);
  assert.deepEqual(order(r, names), ['a', 'b', 'c', 'd', 'e']);
  const snapshot = r.blocks;
  assert.equal(r.blocks, snapshot, 'unchanged region: the same array');
  r.removeBlock(a);
  assert.equal(a.parent, null);
  assert.equal(a.nextBlock, null);
  assert.deepEqual(snapshot.map((x) => names.get(x)), ['a', 'b', 'c', 'd', 'e'], 'a snapshot is never changed in place');
  assert.deepEqual(order(r, names), ['b', 'c', 'd', 'e']);
  e.remove();
  c.erase();
  assert.deepEqual(order(r, names), ['b', 'd']);
  r.removeBlock(c); // not in the region: nothing happens
  assert.deepEqual(order(r, names), ['b', 'd']);

  // Inserting a block held by another region moves it.
  const other = new Region();
  other.pushBlock(a);
  other.pushBlock(c);
  r.insertBlockBefore(c, d);
  assert.deepEqual(order(r, names), ['b', 'c', 'd']);
  assert.deepEqual(order(other, names), ['a']);
  r.insertBlockBefore(d, b); // within the region
  assert.deepEqual(order(r, names), ['d', 'b', 'c']);

  other.pushBlock(e);
  r.takeBody(other);
  assert.deepEqual(order(r, names), ['d', 'b', 'c', 'a', 'e']);
  assert.deepEqual(order(other, names), []);
  other.takeBody(r);
  assert.deepEqual(order(other, names), ['d', 'b', 'c', 'a', 'e']);
  assert.deepEqual(order(r, names), []);
  r.takeBody(r);
  assert.deepEqual([...other.ops()], []);
});

test('region blocks: a long region built at the front, thinned while stepping', () => {
  // The shape of convert-scf-to-cf on one long function (each lowering puts
  // blocks near the front); bench/depth.ts measures its cost.
  const names = new Map<Block, string>();
  const r = new Region();
  const n = 10_000;
  let front = r.pushBlock(new Block());
  names.set(front, String(n - 1));
  for (let i = n - 2; i >= 0; i--) {
    const b = new Block();
    names.set(b, String(i));
    r.insertBlockBefore(b, front);
    front = b;
  }
  assert.deepEqual(order(r, names), Array.from({ length: n }, (_, i) => String(i)));
  for (let b = r.firstBlock, i = 0; b; i++) {
    const next = b.nextBlock;
    if (i % 2) r.removeBlock(b);
    b = next;
  }
  assert.deepEqual(order(r, names), Array.from({ length: n / 2 }, (_, i) => String(2 * i)));
});
