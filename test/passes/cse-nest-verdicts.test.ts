// CSE decides whether a region op is dead when unused and whether it has no
// memory effects from what its walk saw of the op's regions (the nest
// verdicts), and asks the nest only where the walk does not see every op
// (blocks past the first, which may be unreachable). On random nests of scf.if (with and without
// results), scf.for, scf.execute_region (one block or several) around pure
// ops, loads, stores, allocations, calls, vector loads and prints (effects
// asked per op) and cf.assert, with region ops repeated so that equal
// effect-free nests can be merged, `--cse` must print what mlir-opt 22
// prints, run live.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optAndReference } from '../opt-cases.js';
import { prng } from '../../bench/gen.js';

function randomModule(seed: number): string {
  const rand = prng(seed);
  let n = 0;
  const lines: string[] = [];
  const leaf = (out: string[], ind: string): void => {
    const r = rand();
    if (r < 0.3) out.push(`${ind}%v${n++} = arith.addi %x, %x : i32`);
    else if (r < 0.42) out.push(`${ind}%v${n++} = memref.load %m[%i] : memref<4xi32>`);
    else if (r < 0.48) out.push(`${ind}memref.store %x, %m[%i] : memref<4xi32>`);
    else if (r < 0.56) out.push(`${ind}%v${n++} = memref.alloc() : memref<4xi32>`);
    else if (r < 0.6) out.push(`${ind}func.call @g() : () -> ()`);
    else if (r < 0.68) out.push(`${ind}%v${n++} = vector.load %m[%i] : memref<4xi32>, vector<2xi32>`);
    else if (r < 0.7) out.push(`${ind}vector.print %x : i32`);
    else if (r < 0.72) out.push(`${ind}cf.assert %c, "msg"`);
    else out.push(`${ind}%v${n++} = arith.constant ${n % 5} : i32`);
  };
  const body = (out: string[], ind: string, depth: number): void => {
    const k = 1 + Math.floor(rand() * 4);
    for (let i = 0; i < k; i++) {
      const r = rand();
      if (depth >= 4 || r >= 0.5) {
        leaf(out, ind);
        continue;
      }
      // A region op, sometimes written twice (equal nests, other names).
      const op: string[] = [];
      if (r < 0.15) {
        op.push(`${ind}%v${n++} = scf.if %c -> (i32) {`);
        body(op, ind + '  ', depth + 1);
        op.push(`${ind}  scf.yield %x : i32`, `${ind}} else {`);
        body(op, ind + '  ', depth + 1);
        op.push(`${ind}  scf.yield %x : i32`, `${ind}}`);
      } else if (r < 0.25) {
        op.push(`${ind}scf.if %c {`);
        body(op, ind + '  ', depth + 1);
        op.push(`${ind}}`);
      } else if (r < 0.35) {
        op.push(`${ind}scf.for %iv${n++} = %i to %i step %i {`);
        body(op, ind + '  ', depth + 1);
        op.push(`${ind}}`);
      } else if (r < 0.43) {
        op.push(`${ind}%v${n++} = scf.execute_region -> i32 {`);
        body(op, ind + '  ', depth + 1);
        op.push(`${ind}  scf.yield %x : i32`, `${ind}}`);
      } else {
        // Several blocks, the second reachable or not: the walk follows the
        // dominator tree (unreachable blocks unseen), the nest is asked.
        op.push(`${ind}%v${n++} = scf.execute_region -> i32 {`);
        body(op, ind + '  ', depth + 1);
        op.push(rand() < 0.5 ? `${ind}  cf.br ^bb1` : `${ind}  scf.yield %x : i32`, `${ind}^bb1:`);
        body(op, ind + '  ', depth + 1);
        op.push(`${ind}  scf.yield %x : i32`, `${ind}}`);
      }
      out.push(...op);
      if (rand() < 0.4) out.push(...op.map((l) => l.replace(/%(v|iv)(\d+)/g, (_, p: string, d: string) => `%${p}${d}_${n}`)));
    }
  };
  body(lines, '  ', 0);
  return `func.func private @g()\nfunc.func @f(%m: memref<4xi32>, %x: i32, %i: index, %c: i1) {\n${lines.join('\n')}\n  return\n}\n`;
}

test('cse on random nests prints what mlir-opt 22 prints (region ops dead when unused, merged when effect-free)', () => {
  let changed = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const input = randomModule(seed);
    const r = optAndReference(input, '--cse');
    assert.equal(r.ref.code, 0, `seed ${seed}: mlir-opt failed: ${r.ref.err}`);
    assert.equal(r.err, r.ref.err, `seed ${seed}`);
    assert.equal(r.out, r.ref.out, `seed ${seed}`);
    if (optAndReference(input).out !== r.out) changed++;
  }
  // The modules exercise the pass: most of them change.
  assert.ok(changed >= 30, `only ${changed} of 40 modules changed`);
});
