// Pass throughput, scf-opt against mlir-opt 22 in the same run: --canonicalize,
// --cse and --convert-scf-to-cf on the generated 5 MB and 20 MB modules
// (custom form), output to /dev/null. Reports median wall time and peak RSS
// (GNU time's `%e %M`) of both tools and the scf-opt/mlir-opt ratios, and the
// pass alone (its line in both tools' `--mlir-timing` report, in-process; it
// includes the verifier run after the pass, as mlir-opt's does).
//
//   npm run bench:passes
//   node dist/bench/passes.js [--sizes 5M,20M] [--reps N] [--passes canonicalize,cse]
//                             [--tool "node path/cli.js"] [--reference PATH]
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argv, exit } from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseSize, writeModuleFile } from './gen.js';
import { GNU_TIME, ensureToolBundle, executable, fmtMs, fmtRss, measurePair, median, ratio, table, type Measurement, type Sample, defaultToolComparison, parseToolOptions, type ToolComparison } from './measure.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

interface Options extends ToolComparison {
  sizes: number[];
  passes: string[];
}

function parseArgs(args: string[]): Options {
  const o: Options = {
    ...defaultToolComparison(repoRoot, 3),
    sizes: [parseSize('5M'), parseSize('20M')],
    passes: ['canonicalize', 'cse', 'convert-scf-to-cf'],
  };
  parseToolOptions(args, o, (a, value) => {
    if (a === '--sizes') o.sizes = value().split(',').map(parseSize);
    else if (a === '--passes') o.passes = value().split(',').filter(Boolean);
    else return false;
    return true;
  });
  return o;
}

const TIMING_PHASES = new Set(['Parser', 'Output', 'Rest', 'Total']);

/** The pass's wall time in a `--mlir-timing` report (ms), or null. */
function passMs(s: Sample): number | null {
  for (const line of s.stderr.split('\n')) {
    const m = /^\s*(\d+\.\d+) \(\s*[\d.]+%\)\s+(\S.*?)\s*$/.exec(line);
    if (m && !TIMING_PHASES.has(m[2])) return Number(m[1]) * 1000;
  }
  return null;
}

function fmtPassMs(m: Measurement): string {
  if (m.error !== null) return '-';
  const xs = m.samples.map(passMs).filter((x): x is number => x !== null);
  return xs.length ? `${median(xs).toFixed(0)} ms` : 'n/a';
}

async function main(): Promise<number> {
  const o = parseArgs(argv.slice(2));
  for (const c of [o.reference, o.tool])
    if (!executable(c)) {
      console.error(`not executable: ${c[0]}`);
      return 1;
    }
  ensureToolBundle(o.tool, repoRoot);
  if (!existsSync(GNU_TIME)) console.log(`note: ${GNU_TIME} missing; peak RSS not measured`);
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-bench-passes-'));
  try {
    const rows: string[][] = [
      ['pass', 'input', 'mlir-opt', 'rss', 'scf-opt', 'rss', 'time ratio', 'rss ratio', 'pass: mlir-opt', 'scf-opt', 'ratio'],
    ];
    const errors: string[] = [];
    for (const size of o.sizes) {
      const file = `gen-${size}.mlir`;
      writeModuleFile(join(dir, file), { bytes: size, form: 'custom', seed: 1 });
      const label = `${(size / 1024 / 1024).toFixed(0)} MB (${statSync(join(dir, file)).size} bytes)`;
      for (const pass of o.passes) {
        const { ref, tool } = await measurePair(o, [file, `--${pass}`, '-o', '/dev/null', '--mlir-timing'], o.reps, dir, `--${pass} on ${label}`, errors);
        rows.push([`--${pass}`, label, fmtMs(ref), fmtRss(ref), fmtMs(tool), fmtRss(tool), ratio(tool, ref, (s) => s.ms), ratio(tool, ref, (s) => s.rssKb), fmtPassMs(ref), fmtPassMs(tool), ratio(tool, ref, passMs)]);
        process.stderr.write(`  measured --${pass} on ${label}\n`);
      }
    }
    console.log(`\nPasses (parse + pass + verify + print to /dev/null), median of ${o.reps} runs; ratios are scf-opt / mlir-opt.`);
    console.log('The "pass" columns are the pass alone (with its verification), from each tool\'s --mlir-timing report.');
    console.log(`mlir-opt: ${o.reference.join(' ')}\nscf-opt:  ${o.tool.join(' ')}\n`);
    console.log(table(rows, 2));
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
