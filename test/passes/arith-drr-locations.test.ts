// arith's declarative (DRR) canonicalization patterns locate the ops they
// create as MLIR's generated code does: the locations of the root and of the
// first matches its matcher records, fused. Live against mlir-opt 22 with
// --mlir-print-debuginfo, one case per pattern (every op on a line of its own,
// so every location differs) and random chains of the patterns' ops.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testOptCases, optAndReference } from '../opt-cases.js';
import { prng } from '../../bench/gen.js';

const ARGS = ['--canonicalize', '--mlir-print-debuginfo'];

/** A function of `%x, %y: i32`, `%p: i1`, `%f, %g: f32` returning `%r: type`. */
function fn(body: string, type = 'i32'): string {
  return `func.func @f(%x: i32, %y: i32, %p: i1, %q: i1, %f: f32, %g: f32, %w: i64) -> ${type} {\n${body.trim()}\n  return %r : ${type}\n}\n`;
}

const CASES: Array<[string, string, string?]> = [
  ['AddIAddConstant', '%c1 = arith.constant 1 : i32\n%c2 = arith.constant 2 : i32\n%a = arith.addi %x, %c1 : i32\n%r = arith.addi %a, %c2 : i32'],
  ['AddISubConstantRHS', '%c1 = arith.constant 1 : i32\n%c2 = arith.constant 5 : i32\n%a = arith.subi %x, %c1 : i32\n%r = arith.addi %a, %c2 : i32'],
  ['AddISubConstantLHS', '%c1 = arith.constant 1 : i32\n%c2 = arith.constant 5 : i32\n%a = arith.subi %c1, %x : i32\n%r = arith.addi %a, %c2 : i32'],
  ['AddIMulNegativeOneRhs', '%m1 = arith.constant -1 : i32\n%a = arith.muli %y, %m1 : i32\n%r = arith.addi %x, %a : i32'],
  ['AddIMulNegativeOneLhs', '%m1 = arith.constant -1 : i32\n%a = arith.muli %y, %m1 : i32\n%r = arith.addi %a, %x : i32'],
  ['MulIMulIConstant', '%c3 = arith.constant 3 : i32\n%c5 = arith.constant 5 : i32\n%a = arith.muli %x, %c3 : i32\n%r = arith.muli %a, %c5 : i32'],
  ['SubIRHSAddConstant', '%c1 = arith.constant 7 : i32\n%c2 = arith.constant 2 : i32\n%a = arith.addi %x, %c1 : i32\n%r = arith.subi %a, %c2 : i32'],
  ['SubILHSAddConstant', '%c1 = arith.constant 7 : i32\n%c2 = arith.constant 2 : i32\n%a = arith.addi %x, %c1 : i32\n%r = arith.subi %c2, %a : i32'],
  ['SubIRHSSubConstantRHS', '%c1 = arith.constant 7 : i32\n%c2 = arith.constant 2 : i32\n%a = arith.subi %x, %c1 : i32\n%r = arith.subi %a, %c2 : i32'],
  ['SubIRHSSubConstantLHS', '%c1 = arith.constant 7 : i32\n%c2 = arith.constant 2 : i32\n%a = arith.subi %c1, %x : i32\n%r = arith.subi %a, %c2 : i32'],
  ['SubILHSSubConstantRHS', '%c1 = arith.constant 7 : i32\n%c2 = arith.constant 2 : i32\n%a = arith.subi %x, %c1 : i32\n%r = arith.subi %c2, %a : i32'],
  ['SubILHSSubConstantLHS', '%c1 = arith.constant 7 : i32\n%c2 = arith.constant 2 : i32\n%a = arith.subi %c1, %x : i32\n%r = arith.subi %c2, %a : i32'],
  ['SubISubILHSRHSLHS', '%a = arith.subi %x, %y : i32\n%r = arith.subi %a, %x : i32'],
  ['XOrINotCmpI', '%t = arith.constant true\n%c = arith.cmpi slt, %x, %y : i32\n%r = arith.xori %c, %t : i1', 'i1'],
  ['XOrIOfExtUI', '%a = arith.extui %p : i1 to i32\n%b = arith.extui %q : i1 to i32\n%r = arith.xori %a, %b : i32'],
  ['AndOfExtSI', '%a = arith.extsi %p : i1 to i32\n%b = arith.extsi %q : i1 to i32\n%r = arith.andi %a, %b : i32'],
  ['OrOfExtUI', '%a = arith.extui %p : i1 to i32\n%b = arith.extui %q : i1 to i32\n%r = arith.ori %a, %b : i32'],
  ['CmpIExtSI', '%a = arith.extsi %x : i32 to i64\n%b = arith.extsi %y : i32 to i64\n%r = arith.cmpi eq, %a, %b : i64', 'i1'],
  ['CmpIExtUI', '%a = arith.extui %x : i32 to i64\n%b = arith.extui %y : i32 to i64\n%r = arith.cmpi ne, %a, %b : i64', 'i1'],
  ['SelectNotCond', '%t = arith.constant true\n%n = arith.xori %p, %t : i1\n%r = arith.select %n, %x, %y : i32'],
  ['RedundantSelectTrue', '%s = arith.select %p, %x, %y : i32\n%r = arith.select %p, %s, %y : i32'],
  ['RedundantSelectFalse', '%s = arith.select %p, %x, %y : i32\n%r = arith.select %p, %x, %s : i32'],
  ['SelectI1ToNot', '%f0 = arith.constant false\n%t1 = arith.constant true\n%r = arith.select %p, %f0, %t1 : i1', 'i1'],
  ['IndexCastOfExtSI', '%a = arith.extsi %x : i32 to i64\n%r = arith.index_cast %a : i64 to index', 'index'],
  ['IndexCastUIOfExtUI', '%a = arith.extui %x : i32 to i64\n%r = arith.index_castui %a : i64 to index', 'index'],
  ['BitcastOfBitcast', '%a = arith.bitcast %f : f32 to i32\n%r = arith.bitcast %a : i32 to f32', 'f32'],
  ['ExtSIOfExtUI', '%a = arith.extui %p : i1 to i32\n%r = arith.extsi %a : i32 to i64', 'i64'],
  ['TruncIExtSIToExtSI', '%a = arith.extsi %p : i1 to i64\n%r = arith.trunci %a : i64 to i32'],
  ['TruncIShrSIToTrunciShrUI', '%c32 = arith.constant 32 : i64\n%a = arith.shrsi %w, %c32 : i64\n%r = arith.trunci %a : i64 to i32'],
  ['TruncFSIToFPToSIToFP', '%a = arith.sitofp %x : i32 to f64\n%r = arith.truncf %a : f64 to f32', 'f32'],
  ['MulFOfNegF', '%a = arith.negf %f : f32\n%b = arith.negf %g : f32\n%r = arith.mulf %a, %b : f32', 'f32'],
  ['DivFOfNegF', '%a = arith.negf %f : f32\n%b = arith.negf %g : f32\n%r = arith.divf %a, %b fastmath<fast> : f32', 'f32'],
  ['chained constants', '%c1 = arith.constant 1 : i32\n%c2 = arith.constant 2 : i32\n%a = arith.addi %x, %c1 : i32\n%b = arith.addi %a, %c2 : i32\n%s = arith.subi %b, %c1 : i32\n%r = arith.muli %s, %c2 : i32'],
];

testOptCases(CASES.map(([name, body, type]) => ({ name: `DRR location: ${name}`, args: ARGS, input: fn(body, type) })));

/** A random chain over `%x, %y` of the ops the integer patterns rewrite, constants inline. */
function randomChain(seed: number): string {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const values = ['%x', '%y'];
  const lines: string[] = [];
  for (let i = 0; i < 14; i++) {
    const v = `%v${i}`;
    // Mostly the last value, so constants chain through consecutive ops.
    const a = rand() < 0.7 ? values[values.length - 1] : pick(values);
    const op = pick(['addi', 'subi', 'muli', 'addi', 'subi']);
    if (rand() < 0.6) {
      const c = `%k${i}`;
      lines.push(`${c} = arith.constant ${rand() < 0.2 ? -1 : 1 + Math.floor(rand() * 60)} : i32`);
      lines.push(rand() < 0.7 ? `${v} = arith.${op} ${a}, ${c} : i32` : `${v} = arith.${op} ${c}, ${a} : i32`);
    } else lines.push(`${v} = arith.${op} ${a}, ${pick(values)} : i32`);
    values.push(v);
  }
  lines.push(`%r = arith.addi ${values[values.length - 1]}, ${values[values.length - 2]} : i32`);
  return fn(lines.join('\n'));
}

test('DRR locations: random chains of addi/subi/muli with constants, as mlir-opt', () => {
  let rewritten = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const input = randomChain(seed);
    const r = optAndReference(input, ...ARGS);
    assert.equal(r.ref.code, 0, `mlir-opt failed on seed ${seed}`);
    assert.equal(r.out, r.ref.out, `seed ${seed}:\n${input}`);
    if (r.out.includes('fused[')) rewritten++;
  }
  // The chains must exercise the fused locations, not only plain ones.
  assert.ok(rewritten >= 20, `only ${rewritten} of 40 chains printed a fused location`);
});
