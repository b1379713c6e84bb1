// Loop unrolling at scale, scf-opt against mlir-opt 22 on the same input:
// `--test-loop-unrolling=unroll-factor=8` on a function whose one scf.for has
// a body of N ops (1,000 by default, then 4x and 16x that), a trip count
// that leaves an epilogue, and an iter_arg threaded through the body. The
// output holds about 9N ops (8 copies in the main loop, one in the
// epilogue); time per output op stays flat when unrolling is linear.
//
//   npm run bench:unroll
//   node dist/bench/loop-unroll.js [--body-ops 1000,4000,16000] [--factor 8] [--reps N]
//                                  [--tool "node path/cli.js"] [--reference PATH]
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argv, exit } from 'node:process';
import { fileURLToPath } from 'node:url';
import { GNU_TIME, executable, fmtMs, fmtRss, measurePair, median, ratio, table, type Measurement, defaultToolComparison, parseToolOptions, type ToolComparison } from './measure.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

interface Options extends ToolComparison {
  bodyOps: number[];
  factor: number;
}

function parseArgs(args: string[]): Options {
  const o: Options = {
    ...defaultToolComparison(repoRoot, 3),
    bodyOps: [1000, 4000, 16000],
    factor: 8,
  };
  parseToolOptions(args, o, (a, value) => {
    if (a === '--body-ops') o.bodyOps = value().split(',').map(Number);
    else if (a === '--factor') o.factor = Number(value());
    else return false;
    return true;
  });
  return o;
}

/**
 * One function with one loop of `bodyOps` ops (the yield included): a chain
 * through the iter_arg mixing in the IV, loads and stores, so that no copy
 * is dead and each copy's operands are remapped.
 */
export function unrollInput(bodyOps: number, factor: number): string {
  const lines: string[] = [
    'func.func @body(%m: memref<1024xi64>, %init: i64) -> i64 {',
    '  %c0 = arith.constant 0 : index',
    '  %c1 = arith.constant 1 : index',
    `  %ub = arith.constant ${64 * factor + factor - 1} : index`,
    '  %k = arith.constant 7 : i64',
    '  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (i64) {',
    '    %iv = arith.index_cast %i : index to i64',
  ];
  let prev = '%acc';
  let n = 1;
  const kinds = ['addi', 'muli', 'xori', 'subi', 'andi', 'ori'];
  while (n < bodyOps - 1) {
    const v = `%v${n}`;
    if (n % 10 === 5 && n + 1 < bodyOps - 1) {
      lines.push(`    memref.store ${prev}, %m[%i] : memref<1024xi64>`);
      lines.push(`    ${v} = memref.load %m[%i] : memref<1024xi64>`);
      n += 2;
    } else {
      const rhs = n % 3 === 0 ? '%iv' : n % 3 === 1 ? '%k' : '%acc';
      lines.push(`    ${v} = arith.${kinds[n % kinds.length]} ${prev}, ${rhs} : i64`);
      n++;
    }
    prev = v;
  }
  lines.push(`    scf.yield ${prev} : i64`, '  }', '  return %r : i64', '}', '');
  return lines.join('\n');
}

async function main(): Promise<number> {
  const o = parseArgs(argv.slice(2));
  for (const c of [o.reference, o.tool])
    if (!executable(c)) {
      console.error(`not executable: ${c[0]}`);
      return 1;
    }
  if (!existsSync(GNU_TIME)) console.log(`note: ${GNU_TIME} missing; peak RSS not measured`);
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-bench-unroll-'));
  const perOp = (m: Measurement, ops: number): string => (m.error !== null ? '-' : `${((median(m.samples.map((s) => s.ms)) * 1000) / ops).toFixed(1)} us`);
  try {
    const rows: string[][] = [['body ops', 'output ops', 'mlir-opt', 'rss', 'per out op', 'scf-opt', 'rss', 'per out op', 'time ratio', 'rss ratio']];
    const errors: string[] = [];
    for (const bodyOps of o.bodyOps) {
      const file = `unroll-${bodyOps}.mlir`;
      writeFileSync(join(dir, file), unrollInput(bodyOps, o.factor));
      // The main loop's body holds `factor` copies, the epilogue one more.
      const outOps = (o.factor + 1) * bodyOps;
      const args = [file, `--test-loop-unrolling=unroll-factor=${o.factor}`, '-o', '/dev/null'];
      const { ref, tool } = await measurePair(o, args, o.reps, dir, `unrolling ${bodyOps} ops by ${o.factor}`, errors);
      rows.push([
        String(bodyOps),
        String(outOps),
        fmtMs(ref),
        fmtRss(ref),
        perOp(ref, outOps),
        fmtMs(tool),
        fmtRss(tool),
        perOp(tool, outOps),
        ratio(tool, ref, (s) => s.ms),
        ratio(tool, ref, (s) => s.rssKb),
      ]);
      process.stderr.write(`  measured ${bodyOps} body ops\n`);
    }
    console.log(`\n--test-loop-unrolling=unroll-factor=${o.factor} (parse + unroll + verify + print to /dev/null), median of ${o.reps} runs; ratios are scf-opt / mlir-opt.`);
    console.log(`mlir-opt: ${o.reference.join(' ')}\nscf-opt:  ${o.tool.join(' ')}\n`);
    console.log(table(rows, 0));
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
