// The order of a value's uses is what `--mlir-print-value-users` prints, and
// MLIR fixes it by the order in which uses are made: each new use goes to the
// front of its value's list. Three rules decide it in the loop transforms:
// - cloning (Region::cloneInto) makes a region's ops without operands first,
//   then sets each op's operands and clones its regions before the next op's;
// - setting an operand always moves its use to the front, even when the
//   value is unchanged (IROperand::set), as loopUnrollByFactor does with the
//   upper bound of every unrolled loop;
// - promoting a one-trip loop replaces its results by the yielded values
//   before the body's arguments by the inits.
// Checked live against mlir-opt 22 on small cases and on the exec
// generator's random modules, with peeling and unrolling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optAndReference } from '../opt-cases.js';
import { generateModule } from '../exec/gen.js';

function assertSameAsMlir(input: string, what: string, ...args: string[]): string {
  const r = optAndReference(input, ...args, '--mlir-print-value-users');
  assert.equal(r.ref.code, 0, `${what}: mlir-opt failed: ${r.ref.err}`);
  assert.equal(r.err, r.ref.err, what);
  assert.equal(r.out, r.ref.out, what);
  return r.out;
}

test('peeling clones a body whose value is used in a nested region and after it: the nested use is made first', () => {
  const input = `func.func @f(%ub: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %ub step %c4 iter_args(%acc = %x) -> (f32) {
    %a = memref.alloc(%c4) : memref<?xf32>
    scf.for %j = %c0 to %c4 step %c1 {
      memref.store %acc, %a[%j] : memref<?xf32>
    }
    %v = memref.load %a[%c1] : memref<?xf32>
    %s = arith.addf %v, %acc : f32
    memref.dealloc %a : memref<?xf32>
    scf.yield %s : f32
  }
  return %r : f32
}
`;
  const out = assertSameAsMlir(input, 'peeling', '--scf-for-loop-peeling');
  // The loop was peeled: the body and its alloc (users in and after the nested loop) are there twice.
  assert.equal(out.match(/%alloc = memref\.alloc\(%c4\) : memref<\?xf32> \/\/ users: /g)?.length, 2);
});

test('unrolling by a factor that divides the trip count still resets the upper bound (its use moves first)', () => {
  const input = `func.func @f(%m: memref<6xi32>, %x: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  scf.for %i = %c0 to %c6 step %c1 {
    memref.store %x, %m[%i] : memref<6xi32>
  }
  %r = arith.remui %c6, %c1 : index
  return %r : index
}
`;
  const out = assertSameAsMlir(input, 'unroll by 2', '--test-loop-unrolling=unroll-factor=2');
  assert.match(out, /%c6 = arith\.constant 6 : index \/\/ users: /);
});

test('unrolling into one trip promotes the loop: results move to the yielded values before the inits replace the arguments', () => {
  const input = `func.func @f(%x: i32, %y: i32) -> (i32, i32) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %r = scf.for %i = %c2 to %c7 step %c3 iter_args(%a = %x) -> (i32) {
    %s = arith.addi %a, %y : i32
    scf.yield %a : i32
  }
  %u = arith.addi %r, %x : i32
  %w = arith.muli %x, %r : i32
  return %u, %w : i32, i32
}
`;
  assertSameAsMlir(input, 'unroll by 2', '--test-loop-unrolling=unroll-factor=2');
});

test('peeling and unrolling the exec generator random modules keep mlir-opt 22 use lists', () => {
  const variants = [{}, { peelLoops: true }, { forall: true, privateHelpers: true, ivArith: true }];
  const passes = [['--scf-for-loop-peeling'], ['--scf-for-loop-peeling=peel-front=true'], ['--test-loop-unrolling=unroll-factor=2'], ['--test-loop-unrolling=unroll-factor=3']];
  let changed = 0;
  for (let seed = 1; seed <= 2; seed++)
    for (let v = 0; v < variants.length; v++) {
      const input = generateModule(1000 + seed * 7 + v, 3, variants[v]);
      const before = optAndReference(input, '--mlir-print-value-users').ref.out;
      for (const args of passes) {
        const out = assertSameAsMlir(input, `seed ${seed}, variant ${v}, ${args.join(' ')}`, ...args);
        if (out !== before) changed++;
      }
    }
  // Most runs transform something (the comparison is not of unchanged modules).
  assert.ok(changed >= 18, `only ${changed} of 24 runs changed their module`);
});
