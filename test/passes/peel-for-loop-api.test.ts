// The library function peelForLoop (src/dialects/scf/transforms/loop-peeling.ts)
// on any scf.for: peeling N first and M last iterations into single-iteration
// loops keeps what a program prints, whatever the trip count (0, 1, fewer
// than N + M, dynamic bounds and steps). Random programs (gen.ts, with
// peelable loops) are parsed, every innermost loop is peeled in place through the API,
// and the execution engine must print the same before and after.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateModule } from '../exec/gen.js';
import { loadModule, parse, print, verify, scf } from '../../src/index.js';
import { PatternRewriter } from '../../src/ir/pattern.js';
import { peelForLoop } from '../../src/dialects/scf/transforms/loop-peeling.js';
import type { Operation } from '../../src/ir/operation.js';

function execute(text: string): string {
  let out = '';
  const m = loadModule(text, { output: (s) => void (out += s) });
  m.call('main');
  return out;
}

const SPLITS: [number, number][] = [
  [0, 1],
  [1, 0],
  [1, 1],
  [2, 3],
  [3, 0],
  [0, 4],
];

for (const [first, last] of SPLITS) {
  test(`peelForLoop first=${first} last=${last} on every innermost loop of 50 random programs keeps their output`, () => {
    for (const seed of [6201]) {
      const text = generateModule(seed + first * 10 + last, 50, { peelLoops: true });
      const before = execute(text);
      const module = parse(text);
      const loops: Operation[] = [];
      // Innermost loops only: peeling nested loops copies bodies (1 + first + last)^depth times.
      module.walk((op) => {
        if (!scf.ForOp.isa(op)) return;
        let inner = false;
        op.walk((x) => {
          if (x !== op && scf.ForOp.isa(x)) inner = true;
        });
        if (!inner) loops.push(op);
      });
      assert.ok(loops.length > 50);
      const rewriter = new PatternRewriter(module.context);
      let peeled = 0;
      for (const op of loops) {
        const forOp = scf.ForOp.cast(op);
        rewriter.setInsertionPointBefore(forOp);
        const r = peelForLoop(rewriter, forOp, { first, last });
        assert.ok(r, 'signed loops with positive steps can always be peeled');
        assert.equal(r.first.length, first);
        assert.equal(r.last.length, last);
        peeled++;
      }
      assert.ok(verify(module), 'the peeled module verifies');
      const after = execute(print(module));
      assert.equal(after, before, `seed ${seed}: ${peeled} loops peeled`);
    }
  });
}
