// CSE drops the operand uses of an op it erases when it queues it (the
// values it uses were just walked), not after the walk as MLIR does: the
// values' remaining uses must keep MLIR's order, and ops decided later must
// see the same use counts. On random functions where values have many users,
// some dead, some duplicates (also inside scf.if and scf.for), `--cse` with
// `--mlir-print-value-users` (which prints each value's users in use-list
// order) must print what mlir-opt 22 prints, run live.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optAndReference } from '../opt-cases.js';
import { prng } from '../../bench/gen.js';

function randomModule(seed: number): string {
  const rand = prng(seed);
  let n = 0;
  const pick = (vals: string[]): string => vals[Math.floor(rand() * vals.length)];
  const OPS = ['arith.addi', 'arith.muli', 'arith.subi', 'arith.xori', 'arith.maxsi'];
  const block = (out: string[], ind: string, outer: string[], depth: number): string[] => {
    const vals = [...outer];
    const start = out.length;
    const k = 3 + Math.floor(rand() * 8);
    for (let i = 0; i < k; i++) {
      const r = rand();
      if (depth < 3 && r < 0.12) {
        out.push(`${ind}scf.if %c {`);
        block(out, ind + '  ', vals, depth + 1);
        out.push(`${ind}}`);
      } else if (depth < 3 && r < 0.2) {
        out.push(`${ind}scf.for %iv${n++} = %i to %i step %i {`);
        block(out, ind + '  ', vals, depth + 1);
        out.push(`${ind}}`);
      } else if (r < 0.3 && vals.length > 2) {
        // A duplicate of an earlier op (CSE replaces it), written with the same operands.
        const line = out.slice(start).filter((l) => l.includes(' = arith.') && l.startsWith(ind + '%')).pop();
        if (line) {
          const v = `%v${n++}`;
          out.push(line.replace(/^(\s*)%v\d+/, `$1${v}`));
          vals.push(v);
        }
      } else if (r < 0.4) {
        const v = `%v${n++}`;
        out.push(`${ind}${v} = arith.constant ${Math.floor(rand() * 3)} : i32`);
        vals.push(v);
      } else {
        const v = `%v${n++}`;
        out.push(`${ind}${v} = ${pick(OPS)} ${pick(vals)}, ${pick(vals)} : i32`);
        vals.push(v);
      }
    }
    if (depth > 0 && rand() < 0.5) out.push(`${ind}memref.store ${pick(vals)}, %m[%i] : memref<4xi32>`);
    return vals;
  };
  const lines: string[] = [];
  const vals = block(lines, '  ', ['%a', '%b'], 0);
  return `func.func @f(%a: i32, %b: i32, %c: i1, %i: index, %m: memref<4xi32>) -> (i32, i32) {\n${lines.join('\n')}\n  return ${pick(vals)}, ${pick(vals)} : i32, i32\n}\n`;
}

test('cse keeps the use lists mlir-opt 22 leaves (--mlir-print-value-users) on 40 random functions', () => {
  let changed = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const input = randomModule(seed);
    const r = optAndReference(input, '--cse', '--mlir-print-value-users');
    assert.equal(r.ref.code, 0, `seed ${seed}: mlir-opt failed: ${r.ref.err}`);
    assert.equal(r.err, r.ref.err, `seed ${seed}`);
    assert.equal(r.out, r.ref.out, `seed ${seed}`);
    if (optAndReference(input, '--mlir-print-value-users').out !== r.out) changed++;
  }
  assert.ok(changed >= 35, `only ${changed} of 40 functions changed`);
});

test('cse in a graph region: a def after a nested use keeps that use until the end, as in mlir-opt 22', () => {
  // The module's body is a graph region: %d is used (by the dead %u) before
  // it is defined, so it is not dead when the walk reaches it.
  const input = `%r = scf.execute_region -> i32 {
  %u = arith.addi %d, %d : i32
  %w = arith.muli %e, %e : i32
  scf.yield %e : i32
}
%d = arith.constant 1 : i32
%e = arith.constant 2 : i32
%k = arith.addi %e, %e : i32
`;
  const r = optAndReference(input, '--cse', '--mlir-print-value-users');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
  assert.match(r.out, /%c1_i32 = arith.constant 1 : i32 \/\/ unused/);
});
