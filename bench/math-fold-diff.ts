// The long offline differential run of the math folders against mlir-opt 22:
//   node dist/bench/math-fold-diff.js [count per op and width] [seed] [op,op,...] [f64,f32]
// Prints cases and mismatches per op; exits 1 on any mismatch.

import { BINARY, Rng, UNARY, binaryCases, compareBatch, haveMlirOpt, hex, unaryCases, type Case, type Mismatch } from '../test/dialects/math/fold-diff.js';

const count = Number(process.argv[2] ?? 100000);
const seed = Number(process.argv[3] ?? 1);
const only = process.argv[4]?.split(',');
const widths = (process.argv[5]?.split(',') ?? ['f64', 'f32']) as ('f64' | 'f32')[];
const BATCH = 4000;

if (!haveMlirOpt()) {
  console.error('mlir-opt 22 not found (set MLIR_OPT)');
  process.exit(2);
}

let total = 0;
let bad = 0;
const fns = [...UNARY.map((f) => ({ op: f.op, gen: (w: 'f64' | 'f32', r: Rng) => unaryCases(f, w, count, r) })), ...BINARY.map((f) => ({ op: f.op, gen: (w: 'f64' | 'f32', r: Rng) => binaryCases(f, w, count, r) }))];
for (const fn of fns) {
  if (only && !only.includes(fn.op)) continue;
  for (const w of widths) {
    const t0 = Date.now();
    const cases: Case[] = fn.gen(w, new Rng(seed * 7919 + fn.op.length * 31 + (w === 'f32' ? 1 : 0) + fn.op.charCodeAt(0) * 131 + fn.op.charCodeAt(fn.op.length - 1)));
    const mism: Mismatch[] = [];
    for (let i = 0; i < cases.length; i += BATCH) mism.push(...compareBatch(cases.slice(i, i + BATCH)));
    total += cases.length;
    bad += mism.length;
    console.log(`${fn.op.padEnd(10)} ${w}  cases ${cases.length}  mismatches ${mism.length}  (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    for (const m of mism.slice(0, 5)) console.log(`    ${m.c.args.map((a) => hex(w, a)).join(', ')}\n      mlir-opt: ${m.expected.replace(/\s+/g, ' ')}\n      scf-opt:  ${m.actual.replace(/\s+/g, ' ')}`);
  }
}
console.log(`total cases ${total}, mismatches ${bad}`);
process.exit(bad ? 1 : 0);
