import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Builder, Rewriter } from '../../src/ir/builder.js';
import { IntegerType } from '../../src/ir/builtin-types.js';
import { Context } from '../../src/ir/context.js';
import { Block, BlockArgument, BlockOperand, OpOperand, OpResult, Operation, Region, Value } from '../../src/ir/operation.js';

function setup(): { ctx: Context; b: Builder; block: Block } {
  const ctx = new Context();
  ctx.allowUnregisteredDialects = true;
  const b = new Builder(ctx);
  const region = new Region();
  const block = b.createBlock(region);
  return { ctx, b, block };
}

test('operands keep use-lists consistent through set, replace and erase', () => {
  const { b } = setup();
  const i32 = IntegerType.get(32, 'signless');
  const x = b.create('t.def', { results: [i32] }).result(0);
  const y = b.create('t.def', { results: [i32] }).result(0);
  const user1 = b.create('t.use', { operands: [x, x] });
  const user2 = b.create('t.use', { operands: [x] });
  assert.equal([...x.uses()].length, 3);
  user1.setOperand(1, y);
  assert.deepEqual(x.users(), [user2, user1]);
  assert.deepEqual(y.users(), [user1]);
  x.replaceAllUsesWith(y);
  assert.equal(x.hasUses, false);
  assert.equal([...y.uses()].length, 3);
  user2.erase();
  assert.equal([...y.uses()].length, 2);
  assert.equal(user1.operand(0), y);
});

test('blocks form an ordered intrusive list of ops', () => {
  const { b, block } = setup();
  const a = b.create('t.a');
  const c = b.create('t.c');
  b.setInsertionPointBefore(c);
  const m = b.create('t.b');
  assert.deepEqual(block.ops.map((o) => o.opName), ['t.a', 't.b', 't.c']);
  assert.equal(a.isBeforeInBlock(c), true);
  assert.equal(c.isBeforeInBlock(a), false);
  m.moveAfter(c);
  assert.deepEqual(block.ops.map((o) => o.opName), ['t.a', 't.c', 't.b']);
  assert.equal(block.last, m);
});

test('walk visits nested ops in pre and post order, iteratively', () => {
  const { ctx } = setup();
  // Build a chain nested 20,000 levels deep: recursion would overflow.
  const root = new Operation({ name: ctx.getOperationName('t.root'), location: undefined as never, regions: 1 });
  let cur = root;
  for (let i = 0; i < 20000; i++) {
    const blk = new Block();
    cur.regions[0].pushBlock(blk);
    const inner = new Operation({ name: ctx.getOperationName('t.n'), location: undefined as never, regions: 1 });
    blk.append(inner);
    cur = inner;
  }
  let pre = 0;
  let post = 0;
  let firstPost = '';
  root.walk(() => void pre++, 'pre');
  root.walk((op) => {
    if (post++ === 0) firstPost = op.opName;
  });
  assert.equal(pre, 20001);
  assert.equal(post, 20001);
  assert.equal(firstPost, 't.n');
  let seen = 0;
  const finished = root.walk(() => (++seen === 5 ? 'interrupt' : undefined), 'pre');
  assert.equal(finished, false);
  assert.equal(seen, 5);
});

test('rewriter replaces and erases ops and notifies its listener', () => {
  const { ctx, block } = setup();
  const events: string[] = [];
  const rw = new Rewriter(ctx, {
    notifyOperationErased: (op) => events.push('erase ' + op.opName),
    notifyOperationInserted: (op) => events.push('insert ' + op.opName),
  });
  rw.setInsertionPointToEnd(block);
  const i32 = IntegerType.get(32, 'signless');
  const old = rw.create('t.old', { results: [i32] });
  const user = rw.create('t.use', { operands: [old.result(0)] });
  rw.setInsertionPointBefore(old);
  const repl = rw.create('t.new', { results: [i32] });
  rw.replaceOp(old, [repl.result(0)]);
  assert.equal(user.operand(0), repl.result(0));
  assert.deepEqual(block.ops.map((o) => o.opName), ['t.new', 't.use']);
  assert.deepEqual(events, ['insert t.old', 'insert t.use', 'insert t.new', 'erase t.old']);
  assert.throws(() => rw.eraseOp(repl), /still has uses/);
});

test('block predecessors follow successor operands', () => {
  const { ctx, b } = setup();
  const region = new Region();
  const entry = b.createBlock(region);
  const target = new Block();
  region.pushBlock(target);
  b.setInsertionPointToEnd(entry);
  const br = b.create('t.br', { successors: [target, target] });
  assert.deepEqual(target.predecessors(), [entry, entry]);
  br.setSuccessor(1, entry);
  assert.deepEqual(target.predecessors(), [entry]);
  assert.deepEqual(entry.predecessors(), [entry]);
  void ctx;
});

test('IR objects are made as literals but are instances of their classes, and subclasses keep theirs', () => {
  const { b, block } = setup();
  const i32 = IntegerType.get(32, 'signless');
  const def = b.create('t.def', { results: [i32, i32], regions: 1 });
  const arg = block.addArgument(i32, def.location);
  const use = b.create('t.use', { operands: [def.result(0), arg], successors: [block] });
  assert.ok(def instanceof Operation && def.regions[0] instanceof Region);
  assert.ok(def.result(1) instanceof OpResult && def.result(1) instanceof Value);
  assert.ok(arg instanceof BlockArgument && arg instanceof Value);
  assert.ok(use.operandList[1] instanceof OpOperand && use.operandList[1].value === arg);
  assert.ok(use.successorList[0] instanceof BlockOperand && block.firstUse === use.successorList[0]);
  // The constructors return a literal with `new.target`'s prototype: a subclass's methods and fields are there.
  class TaggedBlock extends Block {
    tag = 'tagged';
    describe(): string {
      return `${this.tag} ${this.args.length}`;
    }
  }
  const tb = new TaggedBlock();
  tb.addArgument(i32, def.location);
  assert.ok(tb instanceof TaggedBlock && tb instanceof Block);
  assert.equal(tb.describe(), 'tagged 1');
  class NamedRegion extends Region {
    label = 'body';
  }
  const nr = new NamedRegion(def);
  assert.ok(nr instanceof NamedRegion && nr.parentOp === def && nr.label === 'body');
  nr.pushBlock(tb);
  assert.equal(nr.firstBlock, tb);
  class CountedOp extends Operation {
    visits = 0;
  }
  const co = new CountedOp({ name: def.name, location: def.location, resultTypes: [i32], regions: 1 });
  assert.ok(co instanceof CountedOp && co.visits === 0 && co.result(0).definingOp === co && co.regions[0].parentOp === co);
});
