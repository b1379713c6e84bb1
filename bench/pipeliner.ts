// The RFC pipeliner's cost: softwarePipeline (check, kernel, full peeling,
// folding, lowering, clean-up) in-process on one loop of N ops split into S
// stages, N = 10, 100, 1000 and S = 2, 4, 8. Prints the median time and the
// time per (op x stage): flat when the work is linear in ops x stages (the
// output holds about 2S-1 copies of the body).
//
//   npm run bench:pipeliner
//   node dist/bench/pipeliner.js [--ops 10,100,1000] [--stages 2,4,8] [--reps N]

import { argv } from 'node:process';
import { performance } from 'node:perf_hooks';
import { parse, scf } from '../src/index.js';
import { PatternRewriter } from '../src/ir/pattern.js';
import type { Operation } from '../src/ir/operation.js';
import { readAttributeSchedule, type ScheduledOp } from '../src/dialects/scf/transforms/pipelining/schedule.js';
import { softwarePipeline } from '../src/dialects/scf/transforms/pipelining/software-pipeline.js';
import { median, parseOptions, table } from './measure.js';

/** A loop of `n` ops: a load, a chain of addf, and the accumulator in the last op; stages rise along the chain. */
function loopText(n: number, stages: number): string {
  const at = (k: number): string => `{__test_pipelining_stage__ = ${Math.floor((k * stages) / n)}, __test_pipelining_op_order__ = ${k}}`;
  const body: string[] = [`%x0 = memref.load %A[%i] ${at(0)} : memref<?xf32>`];
  for (let k = 1; k < n - 1; k++) body.push(`%x${k} = arith.addf %x${k - 1}, %cst ${at(k)} : f32`);
  body.push(`%x${n - 1} = arith.addf %x${n - 2}, %acc ${at(n - 1)} : f32`);
  return `func.func @f(%A: memref<?xf32>, %ub: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %cst) -> f32 {
    ${body.join('\n    ')}
    scf.yield %x${n - 1} : f32
  } {__test_pipelining_loop__}
  return %r : f32
}`;
}

function timeOnce(text: string): number {
  const module = parse(text);
  let loop: Operation | undefined;
  module.walk((op) => void (scf.ForOp.isa(op) && (loop = op)));
  const forOp = scf.ForOp.cast(loop!);
  const schedule = readAttributeSchedule(forOp)!.filter((s): s is ScheduledOp => s !== undefined);
  const rewriter = new PatternRewriter(module.context);
  const t0 = performance.now();
  const r = softwarePipeline(rewriter, forOp, schedule);
  const t = performance.now() - t0;
  if ('error' in r) throw new Error(r.error.message);
  return t;
}

const opts = { ops: [10, 100, 1000], stages: [2, 4, 8], reps: 5 };
parseOptions(argv.slice(2), (a, value) => {
  if (a === '--ops') opts.ops = value().split(',').map(Number);
  else if (a === '--stages') opts.stages = value().split(',').map(Number);
  else if (a === '--reps') opts.reps = Math.max(1, Number(value()));
  else return false;
  return true;
});

const rows: string[][] = [];
for (const n of opts.ops)
  for (const s of opts.stages) {
    const text = loopText(n, s);
    // Warm up (V8 tiers up over the first runs): at least 3 runs and 300 ms.
    const start = performance.now();
    for (let w = 0; w < 3 || performance.now() - start < 300; w++) timeOnce(text);
    const times: number[] = [];
    for (let r = 0; r < opts.reps; r++) times.push(timeOnce(text));
    const m = median(times);
    rows.push([String(n), String(s), `${m.toFixed(1)} ms`, `${((m * 1000) / (n * s)).toFixed(2)} µs`]);
  }
console.log(table([['ops', 'stages', 'median', 'per op x stage'], ...rows], 2));
