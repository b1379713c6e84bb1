// The rewrite drivers keep their state in one number per op (the greedy
// driver's worklist slot: position or clean mark) and tables of their own
// (the conversion driver's erased ops), not in an owner and an index on
// every Operation (16 bytes per op of every module). What this must keep: a
// driver run inside another's pattern (the pipeliner does) on ops the outer
// worklist holds leaves the outer one intact; an op erased while queued is
// never visited; a second run starts with nothing left over from the first;
// the conversion driver skips ops erased before it reaches them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, print } from '../../src/api/text.js';
import { applyOpPatternsGreedily, applyPatternsGreedily, FrozenPatternSet } from '../../src/transforms/greedy.js';
import { collectCanonicalizationPatterns } from '../../src/transforms/canonicalize.js';
import { ConversionTarget, applyPartialConversion } from '../../src/transforms/dialect-conversion.js';
import { anyOpPattern } from '../../src/ir/pattern.js';
import { Operation } from '../../src/ir/operation.js';
import { UnitAttr } from '../../src/ir/builtin-attributes.js';

const OPS = `func.func @f() {
  "test.a"() {n = 1} : () -> ()
  "test.a"() {n = 2} : () -> ()
  "test.kill"() : () -> ()
  "test.a"() {n = 3} : () -> ()
  "test.a"() {n = 4} : () -> ()
  return
}
`;

function ops(m: Operation, name: string): Operation[] {
  const out: Operation[] = [];
  m.walk((o) => {
    if (o.name.name === name) out.push(o);
  });
  return out;
}

test('an Operation carries one number of driver state', () => {
  const m = parse(OPS, { allowUnregisteredDialects: true });
  const op = ops(m, 'test.a')[0];
  assert.ok(!('worklistOwner' in op) && !('worklistIndex' in op));
  // name, loc, locOffset, opnds, res, props, rare, regions, parentBlock, prev, next, worklistSlot, mark.
  assert.equal(Object.keys(op).length, 13);
});

test('a driver run inside a pattern on ops the outer worklist holds; an op erased while queued is never visited', () => {
  const m = parse(OPS, { allowUnregisteredDialects: true });
  const ctx = m.context;
  const visited: string[] = [];
  const inner = new FrozenPatternSet([
    anyOpPattern((op, rw) => {
      if (op.name.name !== 'test.a' || op.getAttr('inner')) return false;
      rw.modifyOpInPlace(op, () => op.setAttr('inner', UnitAttr.get()));
      return true;
    }),
  ]);
  const outer = new FrozenPatternSet([
    anyOpPattern((op, rw) => {
      if (op.name.name === 'test.kill') {
        // The op after it is still queued (top-down): erased, it must not be visited.
        visited.push('kill');
        rw.eraseOp(op.next!);
        rw.eraseOp(op);
        return true;
      }
      if (op.name.name !== 'test.a' || op.getAttr('done')) return false;
      visited.push(String(op.getAttr('n')));
      // An inner driver from the next op, which the outer worklist holds too (it runs on the op's region: every test.a).
      const next = op.next!;
      if (next.name.name === 'test.a') applyOpPatternsGreedily(ctx, [next], inner);
      rw.modifyOpInPlace(op, () => op.setAttr('done', UnitAttr.get()));
      return true;
    }),
  ]);
  const r = applyPatternsGreedily(ctx, m, outer, { topDown: true });
  assert.ok(r.changed && r.converged);
  assert.deepEqual(visited, ['1 : i64', '2 : i64', 'kill', '4 : i64']);
  const left = ops(m, 'test.a');
  assert.deepEqual(
    left.map((o) => [String(o.getAttr('n')), o.getAttr('done') !== undefined, o.getAttr('inner') !== undefined]),
    [
      ['1 : i64', true, true],
      ['2 : i64', true, true],
      ['4 : i64', true, true],
    ],
  );
  assert.equal(ops(m, 'test.kill').length, 0);
});

test('a second canonicalize of the same module starts clean and changes nothing', () => {
  const m = parse(`func.func @g(%lb: index, %ub: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %true = arith.constant true
  %r = scf.for %i = %lb to %ub step %lb iter_args(%a = %x) -> (i32) {
    %y = arith.addi %a, %c0 : i32
    %t = scf.if %true -> (i32) {
      scf.yield %y : i32
    } else {
      scf.yield %a : i32
    }
    scf.yield %t : i32
  }
  return %r : i32
}
`);
  const ctx = m.context;
  const patterns = new FrozenPatternSet(collectCanonicalizationPatterns(ctx));
  assert.ok(applyPatternsGreedily(ctx, m, patterns).changed);
  const once = print(m);
  // The loop folds to its init value: the if, the addi and the loop go.
  assert.doesNotMatch(once, /scf\.(if|for)|arith\.addi/);
  assert.equal(applyPatternsGreedily(ctx, m, patterns).changed, false);
  assert.equal(print(m), once);
});

/**
 * A conversion where only `test.kill` is illegal, recording in `asked` each
 * op whose legality is asked (`test.a` by its `n`); its pattern erases the
 * op `victim` names (through the rewriter), then the kill.
 */
function killConversion(victim: (kill: Operation) => Operation): { asked: string[]; target: ConversionTarget; patterns: ReturnType<typeof anyOpPattern>[] } {
  const asked: string[] = [];
  const target = new ConversionTarget();
  target.markUnknownOpDynamicallyLegal((op) => {
    asked.push(op.name.name === 'test.a' ? String(op.getAttr('n')) : op.name.name);
    return op.name.name !== 'test.kill';
  });
  const patterns = [
    anyOpPattern((op, rw) => {
      if (op.name.name !== 'test.kill') return false;
      rw.eraseOp(victim(op));
      rw.eraseOp(op);
      return true;
    }),
  ];
  return { asked, target, patterns };
}

test('the conversion driver skips an op erased before it is reached; a second run sees only what is left', () => {
  const m = parse(OPS, { allowUnregisteredDialects: true });
  const ctx = m.context;
  const { asked, target, patterns } = killConversion((kill) => kill.next!);
  assert.equal(applyPartialConversion(ctx, m, target, patterns), true);
  assert.deepEqual(asked, ['func.func', '1 : i64', '2 : i64', 'test.kill', '4 : i64', 'func.return']);
  asked.length = 0;
  assert.equal(applyPartialConversion(ctx, m, target, patterns), true);
  assert.deepEqual(asked, ['func.func', '1 : i64', '2 : i64', '4 : i64', 'func.return']);
});

test('the conversion driver skips the ops nested in a region op erased before it reaches them (no erased-op table)', () => {
  const region = `"test.region"() ({
    "test.a"() {n = 1} : () -> ()
    "test.region"() ({
      "test.a"() {n = 2} : () -> ()
      "test.end"() : () -> ()
    }) : () -> ()
    "test.end"() : () -> ()
  }) : () -> ()`;
  // Pre-order reaches the kill first when it comes before the region op; last sibling first, when it comes after.
  for (const lastSiblingFirst of [false, true]) {
    const body = lastSiblingFirst ? `  ${region}\n  "test.kill"() : () -> ()` : `  "test.kill"() : () -> ()\n  ${region}`;
    const m = parse(`func.func @f() {\n${body}\n  "test.a"() {n = 3} : () -> ()\n  return\n}\n`, { allowUnregisteredDialects: true });
    // The region op beside the kill, and everything in it, through the rewriter.
    const { asked, target, patterns } = killConversion((kill) => (lastSiblingFirst ? kill.prev! : kill.next!));
    assert.equal(applyPartialConversion(m.context, m, target, patterns, { lastSiblingFirst }), true);
    assert.deepEqual(asked, lastSiblingFirst ? ['func.func', 'func.return', '3 : i64', 'test.kill'] : ['func.func', 'test.kill', '3 : i64', 'func.return']);
    assert.doesNotMatch(print(m), /test\.(region|kill)|n = [12]/);
  }
});
