// The TypeScript front end's compile time: `scf-ts FILE.ts -o /dev/null` on
// generated files of 1,000 to 4,000 lines (test/frontend/gen.ts programs),
// beside `tsc --noEmit` (the typescript package's own checker with the full
// lib.d.ts) on the same files. Medians of alternating runs (wall time and
// peak RSS through GNU time), with the scf-ts/tsc ratio; 2,000 lines is the
// headline. `npm run bench:ts [-- --reps N --lines 2000,4000]`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateProgram } from '../test/frontend/gen.js';
import { ROOT } from '../test/frontend/tools.js';
import { fmtMs, fmtRss, measureOnce, parseOptions, ratio, table, type Measurement } from './measure.js';

let reps = 5;
let sizes = [1000, 2000, 4000];
parseOptions(process.argv.slice(2), (name, value) => {
  if (name === '--reps') reps = Number(value());
  else if (name === '--lines') sizes = value().split(',').map(Number);
  else return false;
  return true;
});

/** Generated programs (distinct function names) until the file has at least `lines` lines. */
function sourceOf(lines: number): string {
  const parts: string[] = ["import { range } from 'scfkit';"];
  let n = 1;
  for (let i = 0; n < lines; i++) {
    const p = generateProgram({ prefix: `p${i}_`, seed: 4242 + i }).replace("import { range } from 'scfkit';\n", '');
    parts.push(p);
    n += p.split('\n').length;
  }
  return parts.join('\n');
}

// Inside the package, so that both tools resolve 'scfkit' (tsc through package.json's exports).
const dir = join(ROOT, 'dist', 'bench-ts');
mkdirSync(dir, { recursive: true });
const tsc = [process.execPath, join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')];
const scfTs = [process.execPath, join(ROOT, 'bin', 'scf-ts')];
const rows = [['lines', 'scf-ts', 'tsc --noEmit', 'ratio', 'scf-ts RSS', 'tsc RSS']];
const errors: string[] = [];
for (const lines of sizes) {
  const file = join(dir, `gen-${lines}.ts`);
  const text = sourceOf(lines);
  writeFileSync(file, text);
  const tscArgs = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', file];
  // Alternating runs, so that drift in machine load hits both alike.
  const ref: Measurement = { samples: [], error: null };
  const ours: Measurement = { samples: [], error: null };
  for (let k = 0; k < reps; k++)
    for (const [m, command, args] of [
      [ref, tsc, tscArgs],
      [ours, scfTs, [file, '-o', '/dev/null']],
    ] as const) {
      if (m.error !== null) continue;
      const r = await measureOnce(command, args, dir);
      if (typeof r === 'string') {
        m.error = r;
        errors.push(`${command.join(' ')} (${lines} lines): ${r}`);
      } else m.samples.push(r);
    }
  rows.push([String(text.split('\n').length), fmtMs(ours), fmtMs(ref), ratio(ours, ref, (s) => s.ms), fmtRss(ours), fmtRss(ref)]);
}
console.log(table(rows));
if (errors.length) {
  console.error(errors.join('\n'));
  process.exitCode = 1;
}
