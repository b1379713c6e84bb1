// test-scf-for-utils prints each scf.for's static trip count as MLIR 22's
// ForOp::getStaticTripCount computes it (zero or negative constant steps,
// wrapping differences, unsigned loops, `ub = addi lb, c` bounds). Live
// against mlir-opt 22 on random loops over index, i32 and i8.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optAndReference } from '../opt-cases.js';
import { prng } from '../../bench/gen.js';

const VALUES = [-3n, -1n, 0n, 1n, 2n, 5n, 7n, 2147483647n, -2147483648n, 4294967295n, 127n, -128n];

/** `count` functions of one loop each: bounds and step constant (any of VALUES, wrapped to the type) or arguments. */
function randomLoops(seed: number, count: number): string {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    const type = pick(['index', 'i32', 'i8']);
    const wrap = (v: bigint): bigint => (type === 'i8' ? BigInt.asIntN(8, v) : type === 'i32' ? BigInt.asIntN(32, v) : v);
    const lines = [`func.func @f${n}(%a: ${type}, %b: ${type}, %s: ${type}) {`];
    const operand = (name: string, arg: string): string => {
      if (rand() < 0.25) return arg;
      lines.push(`  %${name} = arith.constant ${wrap(pick(VALUES))} : ${type}`);
      return `%${name}`;
    };
    const lb = operand('lb', '%a');
    let ub: string;
    if (lb === '%a' && rand() < 0.3) {
      lines.push(`  %k = arith.constant ${wrap(pick(VALUES))} : ${type}`);
      lines.push(`  %ub = arith.addi %a, %k${pick(['', ' overflow<nsw>', ' overflow<nuw>', ' overflow<nsw, nuw>'])} : ${type}`);
      ub = '%ub';
    } else ub = rand() < 0.1 ? lb : operand('ub', '%b');
    const step = operand('st', '%s');
    const unsigned = rand() < 0.5 ? ' unsigned' : '';
    lines.push(`  scf.for${unsigned} %i = ${lb} to ${ub} step ${step}${type === 'index' ? '' : ` : ${type}`} {\n  }`);
    lines.push('  return\n}');
    out.push(lines.join('\n'));
  }
  return out.join('\n') + '\n';
}

test('test-scf-for-utils trip counts: random loops, as mlir-opt 22', () => {
  for (const seed of [1, 2, 3]) {
    const input = randomLoops(seed, 120);
    const r = optAndReference(input, '--test-scf-for-utils');
    assert.equal(r.ref.code, 0, r.ref.err);
    assert.equal(r.err, '');
    assert.equal(r.out, r.ref.out, `seed ${seed}`);
    // The loops must reach the interesting answers, not only "none".
    for (const shape of ['= 0 : i8', '= 0 : i64', '"none"'])
      assert.ok(r.out.includes(shape), `seed ${seed} printed no ${shape}`);
  }
});
