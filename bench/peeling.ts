// Loop peeling at scale, scf-opt against mlir-opt 22 in the same run:
// --scf-for-loop-peeling (and peel-front=true) on one function holding N
// tiled loops (dynamic bounds, constant steps 2..9, an affine.min tile size
// and a store in each body), N = 1000, 2000, 4000 by default. Reports median
// wall time (parse + pass + verify + print to /dev/null) of both tools, the
// scf-opt/mlir-opt ratios and scf-opt's time per loop (flat when linear).
//
//   npm run bench:peeling
//   node dist/bench/peeling.js [--loops 1000,2000,4000] [--reps N]
//                              [--tool "node path/cli.js"] [--reference PATH]
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argv, exit } from 'node:process';
import { fileURLToPath } from 'node:url';
import { executable, fmtMs, measurePair, median, ratio, table, defaultToolComparison, parseToolOptions, type ToolComparison } from './measure.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

interface Options extends ToolComparison {
  loops: number[];
}

function parseArgs(args: string[]): Options {
  const o: Options = {
    ...defaultToolComparison(repoRoot, 3),
    loops: [1000, 2000, 4000],
  };
  parseToolOptions(args, o, (a, value) => {
    if (a === '--loops') o.loops = value().split(',').map(Number);
    else return false;
    return true;
  });
  return o;
}

/** One function with `n` sibling tiled loops over [%lb, %ubK). */
function peelingInput(n: number): string {
  const out = ['func.func @loops(%lb: index, %ub: index, %A: memref<?xi32>) {'];
  for (let s = 2; s <= 9; s++) out.push(`  %c${s} = arith.constant ${s} : index`);
  for (let k = 0; k < n; k++) {
    const s = 2 + (k % 8);
    out.push(`  %ub${k} = arith.addi %ub, %c${s} : index`);
    out.push(`  scf.for %i${k} = %lb to %ub${k} step %c${s} {`);
    out.push(`    %m${k} = affine.min affine_map<(d0)[s0, s1] -> (s1, s0 - d0)>(%i${k})[%ub${k}, %c${s}]`);
    out.push(`    %x${k} = arith.index_cast %m${k} : index to i32`);
    out.push(`    memref.store %x${k}, %A[%i${k}] : memref<?xi32>`);
    out.push('  }');
  }
  out.push('  return', '}');
  return out.join('\n') + '\n';
}

async function main(): Promise<number> {
  const o = parseArgs(argv.slice(2));
  for (const c of [o.reference, o.tool])
    if (!executable(c)) {
      console.error(`not executable: ${c[0]}`);
      return 1;
    }
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-bench-peeling-'));
  try {
    const rows: string[][] = [['pass', 'loops', 'input', 'mlir-opt', 'scf-opt', 'time ratio', 'scf-opt per loop', 'mlir-opt per loop']];
    const errors: string[] = [];
    for (const pass of ['--scf-for-loop-peeling', '--scf-for-loop-peeling=peel-front=true']) {
      for (const n of o.loops) {
        const file = `peel-${n}.mlir`;
        writeFileSync(join(dir, file), peelingInput(n));
        const label = `${(statSync(join(dir, file)).size / 1024).toFixed(0)} KB`;
        const { ref, tool } = await measurePair(o, [file, pass, '-o', '/dev/null'], o.reps, dir, `${pass} on ${n} loops`, errors);
        const perLoop = (m: typeof ref): string => (m.error !== null ? 'n/a' : `${((median(m.samples.map((s) => s.ms)) * 1000) / n).toFixed(0)} us`);
        rows.push([pass, String(n), label, fmtMs(ref), fmtMs(tool), ratio(tool, ref, (s) => s.ms), perLoop(tool), perLoop(ref)]);
        process.stderr.write(`  measured ${pass} on ${n} loops\n`);
      }
    }
    console.log(`\nLoop peeling (parse + pass + verify + print to /dev/null), median of ${o.reps} runs; ratios are scf-opt / mlir-opt.`);
    console.log(`mlir-opt: ${o.reference.join(' ')}\nscf-opt:  ${o.tool.join(' ')}\n`);
    console.log(table(rows, 3));
    for (const e of errors) console.log(`failed: ${e}`);
    return errors.length === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    exit(2);
  },
);
