// Parse + verify + print round trip, scf-opt against mlir-opt 22, same inputs,
// same flags, same run. Reports median wall time and peak RSS of each and the
// scf-opt/mlir-opt ratios, plus start-up cost on a tiny file.
//
//   npm run bench                       # 5 MB and 20 MB, 5 repetitions
//   node dist/bench/roundtrip.js [--sizes 5M,20M] [--reps N] [--form generic|custom]
//                                [--tool "node path/cli.js"] [--reference PATH]
//
// The inputs are in the dialects' custom form by default (`--form generic` for
// the generic form); every op in them is registered in both tools.
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argv, exit } from 'node:process';
import { fileURLToPath } from 'node:url';
import { generateModuleText, parseSize, writeModuleFile, type Form } from './gen.js';
import { GNU_TIME, ensureToolBundle, executable, fmtMs, fmtRss, measurePair, ratio, table, defaultToolComparison, parseToolOptions, type ToolComparison } from './measure.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

interface Options extends ToolComparison { sizes: number[]; form: Form }

function parseArgs(args: string[]): Options {
  const o: Options = {
    ...defaultToolComparison(repoRoot, 5),
    sizes: [parseSize('5M'), parseSize('20M')],
    form: 'custom',
  };
  parseToolOptions(args, o, (a, value) => {
    if (a === '--sizes') o.sizes = value().split(',').map(parseSize);
    else if (a === '--form') {
      const f = value();
      if (f !== 'generic' && f !== 'custom') throw new Error('--form is generic or custom');
      o.form = f;
    } else return false;
    return true;
  });
  return o;
}

async function main(): Promise<number> {
  const o = parseArgs(argv.slice(2));
  if (!executable(o.reference)) {
    console.error(`reference mlir-opt not found at ${o.reference[0]}`);
    return 1;
  }
  const haveTool = executable(o.tool);
  if (!haveTool) console.log(`note: ${o.tool[0]} is not there yet; measuring mlir-opt alone`);
  else ensureToolBundle(o.tool, repoRoot);
  if (!existsSync(GNU_TIME)) console.log(`note: ${GNU_TIME} missing; peak RSS not measured`);
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-bench-'));
  try {
    const inputs: { label: string; file: string; reps: number }[] = [];
    // Start-up: a one-function module, so both tools do a little real work.
    writeFileSync(join(dir, 'tiny.mlir'), generateModuleText({ bytes: Infinity, functions: 1, form: o.form, seed: 1 }));
    inputs.push({ label: 'tiny (start-up)', file: 'tiny.mlir', reps: Math.max(o.reps, 10) });
    for (const size of o.sizes) {
      const name = `gen-${size}.mlir`;
      writeModuleFile(join(dir, name), { bytes: size, form: o.form, seed: 1 });
      inputs.push({ label: `${(size / 1024 / 1024).toFixed(size < 1024 * 1024 ? 2 : 0)} MB ${o.form}`, file: name, reps: o.reps });
    }
    const rows: string[][] = [['input', 'bytes', 'mlir-opt', 'rss', 'scf-opt', 'rss', 'time ratio', 'rss ratio']];
    const errors: string[] = [];
    for (const input of inputs) {
      const { ref, tool } = await measurePair({ reference: o.reference, tool: haveTool ? o.tool : null }, [input.file, '-o', '/dev/null'], input.reps, dir, `on ${input.label}`, errors);
      rows.push([
        input.label, String(statSync(join(dir, input.file)).size),
        fmtMs(ref), fmtRss(ref), haveTool ? fmtMs(tool) : 'n/a', haveTool ? fmtRss(tool) : 'n/a',
        ratio(tool, ref, (s) => s.ms), ratio(tool, ref, (s) => s.rssKb),
      ]);
      process.stderr.write(`  measured ${input.label}\n`);
    }
    console.log(`\nRound trip (parse + verify + print to /dev/null), median of ${o.reps} runs (start-up: ${Math.max(o.reps, 10)}); ratios are scf-opt / mlir-opt.`);
    console.log(`mlir-opt: ${o.reference.join(' ')}\nscf-opt:  ${o.tool.join(' ')}\n`);
    console.log(table(rows));
    for (const e of errors) console.log(`failed: ${e}`);
    return errors.length === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then((code) => exit(code), (e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  exit(2);
});
