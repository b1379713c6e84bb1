// Static trip counts as MLIR 22 computes them (zero or negative constant
// steps, wrapping differences, unsigned loops, `ub = addi lb, c` bounds):
// what test-scf-for-utils prints for each scf.for, and what scf.for's,
// scf.parallel's and scf.forall's canonicalizations do with zero- and
// one-trip loops. Live against mlir-opt 22 on random loops.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optAndReference, testDeviations } from '../opt-cases.js';
import { prng } from '../../bench/gen.js';

const VALUES = [-3n, -1n, 0n, 1n, 2n, 5n, 7n, 2147483647n, -2147483648n, 4294967295n, 127n, -128n];

/**
 * `count` functions of one scf.for each over index, i32 or i8: bounds and step
 * constant (any of VALUES, wrapped to the type) or arguments, `ub` sometimes
 * `addi lb, c` or `lb` itself. `withResult`: the loop carries an i32 (kept,
 * inlined or replaced by its init after canonicalize); else it is empty.
 */
function randomLoops(seed: number, count: number, withResult = false): string {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    const type = pick(['index', 'i32', 'i8']);
    const wrap = (v: bigint): bigint => (type === 'i8' ? BigInt.asIntN(8, v) : type === 'i32' ? BigInt.asIntN(32, v) : v);
    const lines = [`func.func @f${n}(%a: ${type}, %b: ${type}, %s: ${type}${withResult ? ', %x: i32) -> i32 {' : ') {'}`];
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
    const typeSuffix = type === 'index' ? '' : ` : ${type}`;
    if (withResult) {
      lines.push(`  %r = scf.for${unsigned} %i = ${lb} to ${ub} step ${step} iter_args(%acc = %x) -> (i32)${typeSuffix} {`);
      lines.push('    %n = arith.muli %acc, %acc : i32\n    scf.yield %n : i32\n  }\n  return %r : i32\n}');
    } else {
      lines.push(`  scf.for${unsigned} %i = ${lb} to ${ub} step ${step}${typeSuffix} {\n  }`);
      lines.push('  return\n}');
    }
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

test('scf.for canonicalization: zero- and one-trip loops of random bounds, as mlir-opt 22', () => {
  for (const seed of [4, 5]) {
    const input = randomLoops(seed, 150, true);
    const r = optAndReference(input, '--canonicalize');
    assert.equal(r.ref.code, 0, r.ref.err);
    assert.equal(r.out, r.ref.out, `seed ${seed}`);
  }
});

// Index constants other than INT64_MIN, which the static bound lists of
// scf.forall spell "dynamic" (see the deviation below).
const INDEX_VALUES = [-3n, -1n, 0n, 1n, 2n, 5n, 7n, 2147483647n, -2147483648n, 4294967295n, 9223372036854775807n];
const POSITIVE_STEPS = [1n, 2n, 3n, 7n, 2147483647n, 4294967295n, 9223372036854775807n];

/** `count` two-dimensional scf.parallel and scf.forall loops over random index bounds. */
function randomParallelLoops(seed: number, count: number): string {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    const lines = [`func.func @p${n}(%a: index, %b: index, %s: index, %x: i32, %m: memref<?xi32>) {`];
    const operand = (name: string, arg: string, values: readonly bigint[]): string => {
      if (rand() < 0.3) return arg;
      lines.push(`  %${name} = arith.constant ${pick(values)} : index`);
      return `%${name}`;
    };
    const lbs: string[] = [];
    const ubs: string[] = [];
    const steps: string[] = [];
    for (let d = 0; d < 2; d++) {
      const lb = operand(`lb${d}`, '%a', INDEX_VALUES);
      if (lb === '%a' && rand() < 0.3) {
        lines.push(`  %k${d} = arith.constant ${pick(INDEX_VALUES)} : index`);
        lines.push(`  %ub${d} = arith.addi %a, %k${d}${pick(['', ' overflow<nsw>'])} : index`);
        ubs.push(`%ub${d}`);
      } else ubs.push(operand(`ub${d}`, '%b', INDEX_VALUES));
      lbs.push(lb);
      steps.push(operand(`st${d}`, '%s', POSITIVE_STEPS));
    }
    const bounds = `(%i, %j) = (${lbs.join(', ')}) to (${ubs.join(', ')}) step (${steps.join(', ')})`;
    const store = 'memref.store %x, %m[%i] : memref<?xi32>';
    lines.push(n % 2 ? `  scf.forall ${bounds} {\n    ${store}\n  }` : `  scf.parallel ${bounds} {\n    ${store}\n    scf.reduce\n  }`);
    lines.push('  return\n}');
    out.push(lines.join('\n'));
  }
  return out.join('\n') + '\n';
}

test('scf.parallel and scf.forall canonicalization: zero- and one-trip dimensions of random bounds, as mlir-opt 22', () => {
  const input = randomParallelLoops(6, 200);
  const r = optAndReference(input, '--canonicalize');
  assert.equal(r.ref.code, 0, r.ref.err);
  assert.equal(r.out, r.ref.out);
});

// scf.forall's static bound lists spell "dynamic" as INT64_MIN. MLIR 22 folds
// a constant INT64_MIN bound into the static list anyway and then reads past
// its list of dynamic bounds (here the first dimension becomes a one-trip
// loop). scf-opt keeps that constant as an operand, and the loop as it is: a
// static bound against a dynamic one gives MLIR 22 no trip count.
testDeviations([
  {
    name: 'scf.forall with a constant INT64_MIN bound keeps it as an operand',
    args: ['--canonicalize'],
    input: `func.func @p(%x: i32, %m: memref<?xi32>) {
  %lb = arith.constant 1 : index
  %ub = arith.constant -9223372036854775808 : index
  %st = arith.constant 2 : index
  %ub2 = arith.constant 10 : index
  scf.forall (%i, %j) = (%lb, %lb) to (%ub, %ub2) step (%st, %st) {
    memref.store %x, %m[%i] : memref<?xi32>
  }
  return
}
`,
    stdout: `module {
  func.func @p(%arg0: i32, %arg1: memref<?xi32>) {
    %c-9223372036854775808 = arith.constant -9223372036854775808 : index
    scf.forall (%arg2, %arg3) = (1, 1) to (%c-9223372036854775808, 10) step (2, 2) {
      memref.store %arg0, %arg1[%arg2] : memref<?xi32>
    }
    return
  }
}

`,
  },
]);
