// PatternRewriter.eraseOp with a listener walks the erased nest on an explicit
// stack: the order of notifications must be MLIR's (per region, last first,
// blocks reachable from the entry in post-order, each block's ops last to
// first, a region op after what it holds, then those blocks; again while
// unreachable blocks remain), and a nest deeper than the JavaScript stack
// must not overflow it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/api/text.js';
import { PatternRewriter } from '../../src/ir/pattern.js';
import type { Block, Operation } from '../../src/ir/operation.js';

/** Names for every op and block of `m`, numbered in pre-order. */
function nameIR(m: Operation): Map<Operation | Block, string> {
  const names = new Map<Operation | Block, string>();
  let n = 0;
  m.walk((op) => {
    names.set(op, `${op.name.name}#${n++}`);
    for (const r of op.regions) for (let b = r.firstBlock; b; b = b.nextBlock) names.set(b, `block#${n++}`);
  }, 'pre');
  return names;
}

/** The events `eraseOp` reports for the first op of the module's body named `root`. */
function eraseEvents(text: string): string[] {
  const m = parse(text, { allowUnregisteredDialects: true });
  const names = nameIR(m);
  const events: string[] = [];
  const rw = new PatternRewriter(m.context, {
    notifyOperationErased: (op) => void events.push(`op ${names.get(op)} uses=${op.hasUses}`),
    notifyBlockErased: (b) => void events.push(`block ${names.get(b)} ops=${b.first === null}`),
  });
  const root = m.regions[0].entry.first!;
  rw.eraseOp(root);
  assert.equal(m.regions[0].entry.first, null, 'root erased');
  return events;
}

/** The same order, computed by a straightforward recursion (the order the driver relies on). */
function expectedEvents(text: string): string[] {
  const m = parse(text, { allowUnregisteredDialects: true });
  const names = nameIR(m);
  const out: string[] = [];
  const postOrder = (entry: Block): Block[] => {
    const seen = new Set<Block>();
    const res: Block[] = [];
    const visit = (b: Block): void => {
      seen.add(b);
      for (const s of b.successors()) if (!seen.has(s) && s.parent === entry.parent) visit(s);
      res.push(b);
    };
    visit(entry);
    return res;
  };
  const erase = (op: Operation): void => {
    for (let ri = op.regions.length - 1; ri >= 0; ri--) {
      const r = op.regions[ri];
      while (!r.empty) {
        const blocks = postOrder(r.entry);
        for (const b of blocks)
          for (let o = b.last; o; ) {
            const prev = o.prev;
            erase(o);
            o = prev;
          }
        for (const b of blocks) {
          for (const a of b.args) while (a.firstUse) a.firstUse.unlink();
          while (b.firstUse) b.firstUse.unlink();
          out.push(`block ${names.get(b)} ops=${b.first === null}`);
          b.erase();
        }
      }
    }
    out.push(`op ${names.get(op)} uses=${op.hasUses}`);
    for (let i = 0; i < op.numResults; i++) while (op.result(i).firstUse) op.result(i).firstUse!.unlink();
    op.erase();
  };
  erase(m.regions[0].entry.first!);
  return out;
}

test('eraseOp reports nested ops and blocks in MLIR order (multi-block regions, unreachable blocks, nests)', () => {
  const text = `func.func @f(%a: i32, %c: i1) -> i32 {
  %one = arith.constant 1 : i32
  cf.cond_br %c, ^bb1, ^bb2(%a : i32)
^bb1:
  %x = arith.addi %a, %one : i32
  %r = scf.if %c -> (i32) {
    %y = arith.muli %x, %x : i32
    scf.yield %y : i32
  } else {
    %z = "test.op"() ({
      "test.inner"() : () -> ()
    ^dead:
      "test.inner2"(%x) : (i32) -> ()
    }, {
      "test.other"() : () -> ()
    }) : () -> i32
    scf.yield %z : i32
  }
  cf.br ^bb2(%r : i32)
^bb2(%t: i32):
  return %t : i32
^bb9:
  %u = arith.subi %a, %one : i32
  cf.br ^bb2(%u : i32)
}
`;
  const got = eraseEvents(text);
  assert.deepEqual(got, expectedEvents(text));
  // Every op and block once; the function last. Only the constant still has a
  // use when reported (in the unreachable block, erased in the second round).
  assert.equal(got[got.length - 1].startsWith('op func.func'), true);
  assert.equal(got.filter((e) => e.startsWith('op ')).length, 16);
  assert.equal(got.filter((e) => e.startsWith('block ')).length, 9);
  assert.deepEqual(got.filter((e) => e.includes('uses=true')), ['op arith.constant#7 uses=true']);
});

test('eraseOp on a nest deeper than the JavaScript stack', () => {
  const depth = 20_000;
  const text = `func.func @f(%c: i1) {\n${'scf.if %c {\n'.repeat(depth)}${'}\n'.repeat(depth)}return\n}\n`;
  const events = eraseEvents(text);
  // Each scf.if and its implicit yield, the return and the function; one block per region.
  assert.equal(events.filter((e) => e.startsWith('op ')).length, 2 * depth + 2);
  assert.equal(events.filter((e) => e.startsWith('block ')).length, depth + 1);
  // The return first (last op of the body), each level's yield on the way
  // down (last op first), then the innermost block and if, out to the function.
  assert.match(events[0], /^op func\.return/);
  for (let i = 1; i <= depth; i++) assert.match(events[i], /^op scf\.yield/);
  assert.match(events[depth + 1], /^block /);
  assert.match(events[depth + 2], /^op scf\.if/);
  assert.match(events[depth + 3], /^block /);
  assert.match(events[events.length - 1], /^op func\.func/);
});
