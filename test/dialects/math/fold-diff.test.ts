// The math folders against the real mlir-opt 22 (skipped when it is not
// installed): many seeded constant inputs per op, canonicalized by both tools,
// must print identically, every libm function included (libm.ts emulates
// glibc 2.36 bit for bit). A longer run: bench/math-fold-diff.ts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BINARY, Rng, UNARY, binaryCases, compareBatch, haveMlirOpt, hex, miscModule, runMlirOpt, runScfOpt, unaryCases, type Case, type Width } from './fold-diff.js';

const COUNT = Number(process.env.MATH_FOLD_COUNT ?? 300);
const SEED = 20250522;

const skip = haveMlirOpt() ? false : 'mlir-opt 22 not installed';

function describe(c: Case): string {
  return `math.${c.op} ${c.args.map((a) => hex(c.width, a)).join(', ')} : ${c.width}`;
}

test('math folds: scalar f64/f32 inputs print as mlir-opt 22 prints them', { skip }, (t) => {
  const r = new Rng(SEED);
  const cases: Case[] = [];
  for (const w of ['f64', 'f32'] as Width[]) {
    for (const f of UNARY) cases.push(...unaryCases(f, w, COUNT, r));
    for (const f of BINARY) cases.push(...binaryCases(f, w, COUNT, r));
  }
  const bad = [];
  for (let i = 0; i < cases.length; i += 6000) bad.push(...compareBatch(cases.slice(i, i + 6000)));
  t.diagnostic(`${cases.length} cases, ${bad.length} mismatches`);
  assert.equal(bad.length, 0, bad.slice(0, 10).map((m) => `${describe(m.c)}\n  mlir-opt: ${m.expected}\n  scf-opt:  ${m.actual}`).join('\n'));
});

test('math folds: shapes, other widths, integer, classification and non-folding ops', { skip }, () => {
  const text = miscModule(new Rng(SEED + 1), 60);
  const expected = runMlirOpt(text);
  const actual = runScfOpt(text);
  const split = (s: string): string[] => s.split(/^ {2}func\.func /m);
  const e = split(expected);
  const a = split(actual);
  assert.equal(a.length, e.length);
  const src = split(text.replace(/^func\.func /gm, '  func.func '));
  let compared = 0;
  for (let i = 1; i < e.length; i++) {
    compared++;
    assert.equal(a[i], e[i], `function ${i}:\n${src[i]}`);
  }
  assert.ok(compared > 500, `compared ${compared}`);
});
