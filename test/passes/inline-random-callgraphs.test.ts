// --inline on random call graphs, live against mlir-opt 22: a few private
// and public functions calling each other (recursion and mutual recursion
// included) directly and inside scf.if, under the default simplification
// pipeline and none. Which calls are inlined, in which order, how often a
// recursive cycle unrolls (MLIR's inline history) and which callables die
// all show in the output.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prng } from '../../bench/gen.js';
import { optAndReference } from '../opt-cases.js';

function randomCallGraph(seed: number): string {
  const r = prng(seed);
  const pick = (n: number): number => Math.floor(r() * n);
  const n = 2 + pick(4);
  const out = ['module {'];
  for (let f = 0; f < n; f++) {
    const visibility = f === 0 || r() < 0.8 ? 'private ' : '';
    out.push(`  func.func ${visibility}@f${f}(%a: i32, %c: i1) -> i32 {`);
    let v = '%a';
    const ops = 1 + pick(3);
    for (let k = 0; k < ops; k++) {
      const t = r();
      if (t < 0.45) out.push(`    %v${k} = func.call @f${pick(n)}(${v}, %c) : (i32, i1) -> i32`);
      else if (t < 0.75)
        out.push(
          `    %v${k} = scf.if %c -> (i32) {`,
          `      %w${k} = func.call @f${pick(n)}(${v}, %c) : (i32, i1) -> i32`,
          `      scf.yield %w${k} : i32`,
          '    } else {',
          `      %w${k} = arith.muli ${v}, ${v} : i32`,
          `      scf.yield %w${k} : i32`,
          '    }',
        );
      else out.push(`    %v${k} = arith.addi ${v}, %a : i32`);
      v = `%v${k}`;
    }
    out.push(`    return ${v} : i32`, '  }');
  }
  out.push('  func.func @main(%a: i32, %c: i1) -> i32 {', `    %r = func.call @f${pick(n)}(%a, %c) : (i32, i1) -> i32`, '    return %r : i32', '  }', '}');
  return out.join('\n') + '\n';
}

// Seed 13 draws a cycle whose bodies call into it several times: every
// iteration multiplies the inlined copies, and mlir-opt 22 takes 21 s to print
// 17 MB (96 MB without the pipeline). It is left out for time, not for a
// difference.
const EXPLODING = new Set([13]);

test('--inline on 39 random call graphs matches mlir-opt 22, with and without the simplification pipeline', () => {
  for (let seed = 1; seed <= 40; seed++) {
    if (EXPLODING.has(seed)) continue;
    const input = randomCallGraph(seed);
    for (const args of [['--inline'], ['--inline=default-pipeline=']]) {
      const r = optAndReference(input, ...args);
      assert.deepEqual({ code: r.code, out: r.out, err: r.err }, r.ref, `seed ${seed}, ${args.join(' ')}:\n${input}`);
    }
  }
});
