// test-scf-parallel-loop-collapsing on programs that record the order of
// their iterations (stores at a running position, order-sensitive
// reductions, prints): the collapsed program must print the same as the
// original and as MLIR 22's own collapsing (which uses affine.apply: run
// here after mlir-opt's --lower-affine), and mlir-opt must accept it. Bounds
// are static and dynamic, with lower bounds, steps that do not divide the
// range, empty dimensions, and reductions (which MLIR 22 crashes on: there
// only the programs without them are compared with it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { runOpt } from '../../src/tools/opt-driver.js';
import { loadModule } from '../../src/api/exec.js';
import { MLIR_OPT } from '../exec/difftool.js';

function execute(text: string): string {
  let out = '';
  loadModule(text, { output: (s) => void (out += s) }).call('main');
  return out;
}

function mlirOpt(args: string[], input: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(MLIR_OPT, [...args, '-'], { input, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** A loop nest of `dims` (lb, count, step; `dyn` makes the bound an SSA value the pass cannot see through). */
interface Dim {
  lb: number;
  count: number;
  step: number;
  dyn?: boolean;
}

function program(dims: Dim[], reduce: boolean): string {
  const lines: string[] = ['func.func @main() {'];
  const c = (v: number): string => {
    const n = `%k${lines.length}`;
    lines.push(`  ${n} = arith.constant ${v} : index`);
    return n;
  };
  const zero = c(0);
  const bound = (v: number, dyn: boolean | undefined): string => {
    if (!dyn) return c(v);
    // v = (v + 1) - 1: not a constant to the pass.
    const a = c(v + 1);
    const n = `%d${lines.length}`;
    lines.push(`  ${n} = arith.subi ${a}, ${c(1)} : index`);
    return n;
  };
  const lbs = dims.map((d) => bound(d.lb, d.dyn));
  const ubs = dims.map((d) => bound(d.lb + d.count, d.dyn));
  const steps = dims.map((d) => bound(d.step, d.dyn));
  const ivs = dims.map((_, i) => `%i${i}`);
  // The value of an iteration: its induction variables in base 100.
  lines.push(`  %pos = memref.alloca() : memref<1xindex>`);
  lines.push(`  memref.store ${zero}, %pos[${zero}] : memref<1xindex>`);
  lines.push(`  %m = memref.alloca() : memref<64xindex>`);
  const init = reduce ? ` init (${zero}) -> index` : '';
  lines.push(`  ${reduce ? '%r = ' : ''}scf.parallel (${ivs.join(', ')}) = (${lbs.join(', ')}) to (${ubs.join(', ')}) step (${steps.join(', ')})${init} {`);
  let v = ivs[0];
  ivs.slice(1).forEach((iv, i) => {
    lines.push(`    %s${i} = arith.muli ${v}, ${c(100)} : index`);
    lines.push(`    %t${i} = arith.addi %s${i}, ${iv} : index`);
    v = `%t${i}`;
  });
  lines.push(`    vector.print ${v} : index`);
  lines.push(`    %p = memref.load %pos[${zero}] : memref<1xindex>`);
  lines.push(`    memref.store ${v}, %m[%p] : memref<64xindex>`);
  lines.push(`    %p1 = arith.addi %p, ${c(1)} : index`);
  lines.push(`    memref.store %p1, %pos[${zero}] : memref<1xindex>`);
  if (reduce) {
    lines.push(`    scf.reduce(${v} : index) {`);
    lines.push('    ^bb0(%a: index, %b: index):');
    lines.push('      %x = arith.muli %a, %b : index');
    lines.push('      %y = arith.subi %x, %b : index');
    lines.push('      scf.reduce.return %y : index');
    lines.push('    }');
  }
  lines.push('  }');
  if (reduce) lines.push('  vector.print %r : index');
  lines.push(`  %n = memref.load %pos[${zero}] : memref<1xindex>`);
  lines.push('  vector.print %n : index');
  lines.push('  return');
  lines.push('}');
  return lines.join('\n') + '\n';
}

const CASES: { dims: Dim[]; options: string[] }[] = [
  { dims: [{ lb: 3, count: 8, step: 3 }, { lb: 7, count: 22, step: 4 }], options: ['collapsed-indices-0=0,1', 'collapsed-indices-0=0 collapsed-indices-1=1'] },
  { dims: [{ lb: 0, count: 5, step: 1 }, { lb: 0, count: 3, step: 1 }], options: ['collapsed-indices-0=0,1'] },
  { dims: [{ lb: 2, count: 5, step: 2, dyn: true }, { lb: 1, count: 4, step: 3, dyn: true }], options: ['collapsed-indices-0=0,1', 'collapsed-indices-0=1,0'] },
  { dims: [{ lb: 1, count: 0, step: 1 }, { lb: 0, count: 3, step: 1, dyn: true }], options: ['collapsed-indices-0=0,1'] },
  {
    dims: [{ lb: 1, count: 3, step: 1 }, { lb: 0, count: 4, step: 2, dyn: true }, { lb: 5, count: 3, step: 1 }],
    options: ['collapsed-indices-0=0,1,2', 'collapsed-indices-0=0,1 collapsed-indices-1=2', 'collapsed-indices-0=0 collapsed-indices-1=1,2', 'collapsed-indices-0=0 collapsed-indices-1=1 collapsed-indices-2=2'],
  },
];

for (const [n, { dims, options }] of CASES.entries())
  for (const reduce of [false, true])
    for (const opts of options)
      test(`case ${n}${reduce ? ' with a reduction' : ''}: ${opts}`, () => {
        const input = program(dims, reduce);
        const before = execute(input);
        const pipeline = `--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{${opts}}))`;
        const r = runOpt([pipeline, '-'], input);
        assert.equal(r.exitCode, 0, r.stderr);
        assert.equal(r.stderr, '');
        // Reordered dimensions (1,0) reorder the iterations; the rest keep them.
        const ordered = !opts.includes('1,0');
        if (ordered) assert.equal(execute(r.stdout), before);
        const groups = opts.split(' ').length;
        // One dimension per group.
        const ivs = /scf\.parallel \(([^)]*)\)/.exec(r.stdout)?.[1].split(',') ?? [];
        assert.equal(ivs.length, groups);
        assert.equal(mlirOpt(['-o', '/dev/null'], r.stdout).code, 0, 'mlir-opt rejects the output');
        if (!reduce && ordered) {
          // MLIR's own result, with its affine.apply lowered to arith.
          const ref = mlirOpt([pipeline], input);
          assert.equal(ref.code, 0, ref.stderr);
          const lowered = mlirOpt(['--lower-affine'], ref.stdout);
          assert.equal(execute(lowered.stdout), before);
        }
      });
