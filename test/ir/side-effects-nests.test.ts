// The nest queries (hasNoMemoryEffects, isMemoryEffectFree,
// wouldOpBeTriviallyDead) walk a nest on a queue reused from one query to the
// next: on random nests, asked in several orders, with and without a memo,
// their answers must agree with each other and hasNoMemoryEffects with
// getMemoryEffects, whatever an earlier query left in the queue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/api/text.js';
import type { Operation } from '../../src/ir/operation.js';
import { getMemoryEffects, hasNoMemoryEffects, isMemoryEffectFree, wouldOpBeTriviallyDead, type NestVerdicts } from '../../src/ir/side-effects.js';
import { prng } from '../../bench/gen.js';

/** A function whose body nests scf.if/scf.for/scf.execute_region around pure ops, loads, stores, allocations and calls. */
function randomModule(seed: number): string {
  const rand = prng(seed);
  let n = 0;
  const lines: string[] = [];
  const leaf = (ind: string): void => {
    const r = rand();
    if (r < 0.4) lines.push(`${ind}%v${n++} = arith.addi %x, %x : i32`);
    else if (r < 0.6) lines.push(`${ind}%v${n++} = memref.load %m[%i] : memref<4xi32>`);
    else if (r < 0.7) lines.push(`${ind}memref.store %x, %m[%i] : memref<4xi32>`);
    else if (r < 0.85) lines.push(`${ind}%v${n++} = memref.alloc() : memref<4xi32>`);
    else if (r < 0.92) lines.push(`${ind}func.call @g() : () -> ()`);
    else lines.push(`${ind}%v${n++} = arith.constant ${n} : i32`);
  };
  const body = (ind: string, depth: number): void => {
    const k = 1 + Math.floor(rand() * 4);
    for (let i = 0; i < k; i++) {
      const r = rand();
      if (depth < 5 && r < 0.2) {
        lines.push(`${ind}scf.if %c {`);
        body(ind + '  ', depth + 1);
        lines.push(`${ind}}`);
      } else if (depth < 5 && r < 0.35) {
        lines.push(`${ind}scf.for %iv${n++} = %i to %i step %i {`);
        body(ind + '  ', depth + 1);
        lines.push(`${ind}}`);
      } else if (depth < 5 && r < 0.45) {
        lines.push(`${ind}scf.execute_region {`);
        body(ind + '  ', depth + 1);
        lines.push(`${ind}  scf.yield`);
        lines.push(`${ind}}`);
      } else leaf(ind);
    }
  };
  body('  ', 0);
  return `func.func private @g()\nfunc.func @f(%m: memref<4xi32>, %x: i32, %i: index, %c: i1) {\n${lines.join('\n')}\n  return\n}\n`;
}

function regionOps(root: Operation): Operation[] {
  const out: Operation[] = [];
  root.walk((op) => {
    if (op.regions.length && op !== root) out.push(op);
  }, 'pre');
  return out;
}

type Query = (op: Operation, memo?: NestVerdicts) => boolean;
const QUERIES: [string, Query][] = [
  ['hasNoMemoryEffects', hasNoMemoryEffects],
  ['isMemoryEffectFree', isMemoryEffectFree],
  ['wouldOpBeTriviallyDead', wouldOpBeTriviallyDead],
];

test('nest queries: the same answers in any order, with or without a memo, on 60 random nests', () => {
  let walked = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const m = parse(randomModule(seed));
    const ops = regionOps(m).filter((o) => o.name.name !== 'func.func');
    for (const [name, query] of QUERIES) {
      // Fresh, one op at a time, outermost first: each query's queue starts from what the last one left.
      const plain = ops.map((o) => query(o));
      // Innermost first with a memo (as CSE asks), then outermost first with another.
      const inner = new Map() as NestVerdicts;
      const fromInside = [...ops].reverse().map((o) => query(o, inner)).reverse();
      const outer = new Map() as NestVerdicts;
      const fromOutside = ops.map((o) => query(o, outer));
      assert.deepEqual(fromInside, plain, `${name}, seed ${seed}, innermost first with a memo`);
      assert.deepEqual(fromOutside, plain, `${name}, seed ${seed}, outermost first with a memo`);
      if (name === 'hasNoMemoryEffects')
        ops.forEach((o, i) => {
          const e = getMemoryEffects(o);
          assert.equal(plain[i], e !== undefined && e.length === 0, `seed ${seed}: ${o.name.name} #${i}`);
        });
      walked += ops.length;
    }
  }
  assert.ok(walked > 500, `only ${walked} queries`);
});

test('nest queries: answers mix true and false on these nests (the test can tell them apart)', () => {
  let t = 0;
  let f = 0;
  for (let seed = 1; seed <= 20; seed++) {
    const m = parse(randomModule(seed));
    for (const o of regionOps(m)) if (o.name.name !== 'func.func') (hasNoMemoryEffects(o) ? t++ : f++);
  }
  assert.ok(t > 10 && f > 10, `${t} true, ${f} false`);
});
