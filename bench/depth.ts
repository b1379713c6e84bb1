// Linear cost on deep and long input (issue 15), scf-opt against mlir-opt 22 in
// the same run. Inputs:
//   if N   - N nested scf.if (no results), three ops per level;
//   for N  - N nested scf.for, four ops per level, one of them invariant in its
//            loop (LICM hoists it one level), values used across levels;
//   flat N - one function with N ops (straight-line arithmetic, calls, and
//            shallow scf.if/scf.for), N counting nested ops.
// Every level calls a private @inc (work for --inline) and the innermost level
// passes its value to an external @sink, so the nest stays live. Input text is
// not indented, so input bytes grow linearly with depth.
//
// Rows (each a separate process, output to /dev/null):
//   roundtrip  - parse + verify + print;
//   parse      - parse + verify, then --symbol-dce: everything is in a private,
//                unused nested module, so it is all erased and the printed
//                module is empty. mlir-opt has no parse-only mode; this is the closest
//                (symbol-dce's cost is one walk of the top-level symbols and
//                their uses, plus erasing);
//   <pass>     - parse + verify + pass + verify, then --symbol-dce as above, so
//                the (quadratic-in-depth, through indentation) printing does
//                not hide the pass's own cost.
// The printer's share is roundtrip - parse.
//
// Fits: the slope of log(time) against log(size) (least squares over the sizes
// where the tool succeeded), size being depth or op count; a slope near 1 is
// linear, 2 quadratic. "net" fits subtract the tool's start-up (median time and
// peak RSS on a tiny file) first, since a constant offset flattens the slope.
// For roundtrip the printed output grows with depth squared (two spaces of
// indentation per level per line), so it is also fitted against output bytes.
//
//   npm run bench:depth                               # default set, ~3 min
//   node dist/bench/depth.js --full                   # depths 1,000-16,000, 10^5-4*10^5 ops
//   node dist/bench/depth.js [--depths 1000,2000] [--ops 100000] [--shapes if,for,flat]
//        [--rows roundtrip,parse,cse] [--reps N] [--no-reference] [--timeout S]
//        [--tool "node path/cli.js"] [--reference PATH] [--keep DIR]
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { argv, exit } from 'node:process';
import { fileURLToPath } from 'node:url';
import { GNU_TIME, executable, median, table, defaultToolComparison, parseToolOptions, type ToolComparison } from './measure.js';
import { runProcess } from '../test/conformance/tool.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export type Shape = 'if' | 'for' | 'flat';
export const PASSES = ['canonicalize', 'cse', 'convert-scf-to-cf', 'remove-dead-values', 'sccp', 'inline', 'loop-invariant-code-motion'];
const ALL_ROWS = ['roundtrip', 'parse', ...PASSES];

const PRELUDE = `func.func private @inc(%x: i32) -> i32 {
%c1 = arith.constant 1 : i32
%y = arith.addi %x, %c1 : i32
return %y : i32
}
func.func private @sink(i32)
`;

/** Writes the input of `shape` at `size` (depth or op count) to `file`, in chunks; returns its op count. */
export function writeInput(file: string, shape: Shape, size: number): number {
  const out: string[] = [];
  const chunks: string[] = [];
  const line = (s: string): void => {
    out.push(s);
    if (out.length >= 4096) {
      chunks.push(out.join('\n') + '\n');
      out.length = 0;
    }
  };
  let ops = 0;
  // A private nested module: --symbol-dce erases it whole, while @nest itself
  // stays public (so --inline and --remove-dead-values treat it as an entry).
  line('module {');
  line('module @m attributes {sym_visibility = "private"} {');
  for (const l of PRELUDE.trimEnd().split('\n')) line(l);
  ops += 5;
  if (shape === 'if') {
    line('func.func @nest(%arg0: i32, %cond: i1) {');
    line('%v0 = arith.addi %arg0, %arg0 : i32');
    ops += 2;
    for (let k = 1; k <= size; k++) {
      // w repeats at every level (CSE and canonicalize fold it into the outermost);
      // v chains through the levels to the innermost @sink.
      line(`%w${k} = arith.muli %arg0, %arg0 : i32`);
      line(`%v${k} = arith.addi %v${k - 1}, %w${k} : i32`);
      line(`%c${k} = func.call @inc(%v${k}) : (i32) -> i32`);
      line('scf.if %cond {');
      ops += 5; // w, v, call, if, its yield
    }
    line(`func.call @sink(%v${size}) : (i32) -> ()`);
    for (let k = 1; k <= size; k++) line('}');
    line('return');
    line('}');
    ops += 3;
  } else if (shape === 'for') {
    line('func.func @nest(%arg0: i32, %lb: index, %ub: index, %st: index) {');
    line('%t0 = arith.addi %arg0, %arg0 : i32');
    line('%v0 = arith.addi %t0, %arg0 : i32');
    ops += 3;
    for (let k = 1; k <= size; k++) {
      line(`scf.for %i${k} = %lb to %ub step %st {`);
      line(`%t${k} = arith.index_cast %i${k} : index to i32`);
      // Invariant in loop k (uses only the enclosing level's value): hoisted one level.
      line(`%w${k} = arith.muli %t${k - 1}, %t${k - 1} : i32`);
      line(`%v${k} = arith.addi %v${k - 1}, %w${k} : i32`);
      line(`%c${k} = func.call @inc(%v${k}) : (i32) -> i32`);
      ops += 6; // for, t, w, v, call, yield
    }
    line(`func.call @sink(%v${size}) : (i32) -> ()`);
    for (let k = 1; k <= size; k++) line('}');
    line('return');
    line('}');
    ops += 3;
  } else {
    line('func.func @nest(%arg0: i32, %lb: index, %ub: index, %st: index) {');
    line('%h0 = arith.addi %arg0, %arg0 : i32');
    ops += 2;
    for (let j = 1; ops < size; j++) {
      const p = `%h${j - 1}`;
      line(`%a${j} = arith.constant ${j % 97} : i32`);
      line(`%b${j} = arith.addi ${p}, %a${j} : i32`);
      line(`%c${j} = arith.muli %b${j}, %arg0 : i32`);
      line(`%d${j} = arith.muli %arg0, %arg0 : i32`);
      line(`%e${j} = func.call @inc(%c${j}) : (i32) -> i32`);
      line(`%f${j} = arith.cmpi slt, %e${j}, %b${j} : i32`);
      line(`%g${j} = arith.select %f${j}, %e${j}, %d${j} : i32`);
      line(`%h${j} = scf.if %f${j} -> (i32) {`);
      line(`%x${j} = arith.addi %g${j}, %d${j} : i32`);
      line(`scf.yield %x${j} : i32`);
      line('} else {');
      line(`scf.yield %g${j} : i32`);
      line('}');
      line('scf.for %i = %lb to %ub step %st {');
      line(`%n${j} = arith.muli %h${j}, %h${j} : i32`);
      line(`%t${j} = arith.index_cast %i : index to i32`);
      line(`%s${j} = arith.addi %n${j}, %t${j} : i32`);
      line(`func.call @sink(%s${j}) : (i32) -> ()`);
      line('}');
      ops += 17;
    }
    line('return');
    line('}');
    ops += 1;
  }
  line('}');
  line('}');
  chunks.push(out.join('\n') + '\n');
  writeFileSync(file, chunks.join(''));
  return ops;
}

interface Options extends ToolComparison {
  depths: number[];
  ops: number[];
  shapes: Shape[];
  rows: string[];
  /** Whether mlir-opt is measured too (--no-reference turns it off). */
  withReference: boolean;
  timeoutS: number;
  keep: string | undefined;
}

function parseArgs(args: string[]): Options {
  const o: Options = {
    ...defaultToolComparison(repoRoot, 3),
    depths: [1000, 2000, 4000],
    ops: [100_000, 200_000],
    shapes: ['if', 'for', 'flat'],
    rows: ALL_ROWS,
    withReference: true,
    timeoutS: 300,
    keep: undefined,
  };
  const nums = (s: string): number[] => s.split(',').filter(Boolean).map((x) => Math.round(Number(x)));
  for (let i = 0; i < args.length; i++)
    if (args[i] === '--full') {
      o.depths = [1000, 2000, 4000, 8000, 16000];
      o.ops = [100_000, 200_000, 400_000];
      args.splice(i--, 1);
    }
  parseToolOptions(args, o, (a, value) => {
    if (a === '--depths') o.depths = nums(value());
    else if (a === '--ops') o.ops = nums(value());
    else if (a === '--shapes') {
      o.shapes = value().split(',').filter(Boolean) as Shape[];
      for (const s of o.shapes) if (s !== 'if' && s !== 'for' && s !== 'flat') throw new Error(`unknown shape ${s}`);
    } else if (a === '--rows') {
      o.rows = value().split(',').filter(Boolean);
      for (const r of o.rows) if (!ALL_ROWS.includes(r)) throw new Error(`unknown row ${r}`);
    } else if (a === '--reps') o.reps = Math.max(1, Number(value()));
    else if (a === '--no-reference') {
      o.withReference = false;
    } else if (a === '--timeout') o.timeoutS = Number(value());
    else if (a === '--keep') o.keep = value();
    else return false;
    return true;
  });
  return o;
}

/** Least-squares slope of log(y) against log(x). */
export function logSlope(points: readonly (readonly [number, number])[]): number | undefined {
  const ps = points.filter(([x, y]) => x > 0 && y > 0);
  if (ps.length < 2) return undefined;
  const lx = ps.map(([x]) => Math.log(x));
  const ly = ps.map(([, y]) => Math.log(y));
  const mx = lx.reduce((a, b) => a + b, 0) / ps.length;
  const my = ly.reduce((a, b) => a + b, 0) / ps.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < ps.length; i++) {
    num += (lx[i] - mx) * (ly[i] - my);
    den += (lx[i] - mx) ** 2;
  }
  return den === 0 ? undefined : num / den;
}

function rowArgs(row: string): string[] {
  if (row === 'roundtrip') return [];
  if (row === 'parse') return ['--symbol-dce'];
  return [`--${row}`, '--symbol-dce'];
}

/** Bytes the tool prints for a round trip of `file` (one extra run). */
function outputBytes(command: readonly string[], file: string, dir: string): Promise<number | undefined> {
  return new Promise((done) => {
    const child = spawn(command[0], [...command.slice(1), file], { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] });
    let n = 0;
    child.stdout.on('data', (d: Uint8Array) => (n += d.length));
    child.on('close', (code) => done(code === 0 ? n : undefined));
    child.on('error', () => done(undefined));
  });
}

/** One run: wall and CPU (user + sys, all threads) time, peak RSS. */
interface Sample {
  ms: number;
  cpuMs: number;
  rssKb: number;
}
interface Measurement {
  samples: Sample[];
  error: string | null;
}
interface Cell {
  ms: number | undefined;
  cpuMs: number | undefined;
  rssKb: number | undefined;
  error: string | undefined;
}

function cell(m: Measurement): Cell {
  if (m.error !== null || m.samples.length === 0) return { ms: undefined, cpuMs: undefined, rssKb: undefined, error: m.error ?? 'no samples' };
  return { ms: median(m.samples.map((s) => s.ms)), cpuMs: median(m.samples.map((s) => s.cpuMs)), rssKb: median(m.samples.map((s) => s.rssKb)), error: undefined };
}

const fmtMs = (ms: number | undefined): string => (ms === undefined ? '-' : ms >= 10_000 ? `${(ms / 1000).toFixed(1)}s` : `${ms.toFixed(0)}`);
const fmtT = (c: Cell | undefined): string => (c === undefined ? '' : fmtMs(c.ms));
const fmtC = (c: Cell | undefined): string => (c === undefined ? '' : fmtMs(c.cpuMs));
const fmtM = (c: Cell | undefined): string => (c === undefined ? '' : c.rssKb === undefined ? '-' : `${(c.rssKb / 1024).toFixed(0)}`);
const fmtS = (s: number | undefined): string => (s === undefined ? '-' : s.toFixed(2));

async function measureTool(command: readonly string[], args: readonly string[], reps: number, dir: string, timeoutS: number): Promise<Measurement> {
  const m: Measurement = { samples: [], error: null };
  for (let k = 0; k < reps; k++) {
    const s = await measureOnceWithTimeout(command, args, dir, timeoutS);
    if (typeof s === 'string') {
      m.error = s;
      break;
    }
    m.samples.push(s);
  }
  return m;
}

/** One run under GNU time (wall, user, sys, peak RSS), killed after `timeoutS`; a string says why it failed. */
async function measureOnceWithTimeout(command: readonly string[], args: readonly string[], dir: string, timeoutS: number): Promise<Sample | string> {
  const timeFile = join(dir, 'time.txt');
  // `timeout` inside GNU time, so a run that is too slow is killed itself (and still timed).
  const limit = existsSync('/usr/bin/timeout') ? ['/usr/bin/timeout', '-s', 'KILL', String(timeoutS)] : [];
  const r = await runProcess(GNU_TIME, ['-f', '%e %U %S %M', '-o', timeFile, ...limit, ...command, ...args], { cwd: dir, timeoutMs: timeoutS * 1000 + 60_000 });
  if (r.exitCode === null) return r.signal ? `killed (${r.signal})` : `timeout after ${timeoutS} s`;
  if (r.exitCode === 137 && limit.length) return `timeout after ${timeoutS} s`;
  if (r.exitCode !== 0) {
    const text = readFileSync(timeFile, 'utf8');
    const sig = /Command terminated by signal (\d+)/.exec(text);
    const first = r.stderr.split('\n').find((l) => l.trim() !== '' && !l.startsWith('Command ') && !/^\s*#\d|Stack dump|PLEASE submit|Program arguments/.test(l)) ?? '';
    return sig ? `signal ${sig[1]}${Number(sig[1]) === 11 ? ' (SIGSEGV)' : ''}` : `exit ${r.exitCode}: ${first.slice(0, 100)}`;
  }
  const m = /([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(readFileSync(timeFile, 'utf8'));
  if (!m) return 'no GNU time output';
  return { ms: r.ms, cpuMs: (Number(m[2]) + Number(m[3])) * 1000, rssKb: Number(m[4]) };
}

async function main(): Promise<number> {
  const o = parseArgs(argv.slice(2));
  if (!executable(o.tool)) {
    console.error(`not executable: ${o.tool[0]}`);
    return 1;
  }
  if (o.withReference && !executable(o.reference)) {
    console.log(`note: ${o.reference[0]} missing; measuring scf-opt alone`);
    o.withReference = false;
  }
  if (!existsSync(GNU_TIME)) {
    console.error(`${GNU_TIME} (GNU time) is needed for CPU time and peak RSS`);
    return 1;
  }
  const dir = o.keep ?? mkdtempSync(join(tmpdir(), 'scfkit-bench-depth-'));
  if (o.keep) mkdirSync(dir, { recursive: true });
  const tools: { name: string; command: readonly string[] }[] = [{ name: 'scf-opt', command: o.tool }];
  if (o.withReference) tools.unshift({ name: 'mlir-opt', command: o.reference });
  try {
    // Start-up: the same rows on the smallest input would include work; use an empty module.
    writeFileSync(join(dir, 'tiny.mlir'), 'module {\n}\n');
    const startup = new Map<string, Cell>();
    for (const t of tools) startup.set(t.name, cell(await measureTool(t.command, ['tiny.mlir', '-o', '/dev/null'], Math.max(5, o.reps), dir, o.timeoutS)));

    // results[shape][row][tool][sizeIndex]
    type Series = { sizes: number[]; inBytes: number[]; outBytes: (number | undefined)[]; cells: Map<string, Map<string, Cell[]>> };
    const series = new Map<Shape, Series>();
    const failures: string[] = [];
    // A tool that timed out on a row is not run on that row at larger sizes.
    const givenUp = new Set<string>();
    for (const shape of o.shapes) {
      const sizes = shape === 'flat' ? o.ops : o.depths;
      const s: Series = { sizes, inBytes: [], outBytes: [], cells: new Map() };
      series.set(shape, s);
      for (const row of o.rows) s.cells.set(row, new Map(tools.map((t) => [t.name, []])));
      for (const size of sizes) {
        const file = `${shape}-${size}.mlir`;
        const nOps = writeInput(join(dir, file), shape, size);
        s.inBytes.push(statSync(join(dir, file)).size);
        s.outBytes.push(o.rows.includes('roundtrip') ? await outputBytes(o.tool, file, dir) : undefined);
        for (const row of o.rows) {
          // Alternate the tools per repetition so load drift hits both alike.
          const ms = new Map<string, Measurement>(tools.map((t) => [t.name, { samples: [], error: givenUp.has(`${shape} ${row} ${t.name}`) ? 'skipped after a timeout' : null }]));
          for (let k = 0; k < o.reps; k++)
            for (const t of tools) {
              const m = ms.get(t.name)!;
              if (m.error !== null) continue;
              const r = await measureOnceWithTimeout(t.command, [file, ...rowArgs(row), '-o', '/dev/null'], dir, o.timeoutS);
              if (typeof r === 'string') {
                m.error = r;
                failures.push(`${t.name} ${row} on ${shape} ${size}: ${r}`);
                if (r.startsWith('timeout')) givenUp.add(`${shape} ${row} ${t.name}`);
              } else m.samples.push(r);
            }
          for (const t of tools) s.cells.get(row)!.get(t.name)!.push(cell(ms.get(t.name)!));
          process.stderr.write(`  ${shape} ${size} (${nOps} ops) ${row}: ${tools.map((t) => `${t.name} ${fmtC(cell(ms.get(t.name)!))} ms cpu`).join(', ')}\n`);
        }
        rmSync(join(dir, file), { force: true });
      }
    }

    console.log(`\nLinear cost on deep and long input: median of ${o.reps} runs of CPU ms (user + sys) and peak RSS MB (GNU time), output to /dev/null.`);
    for (const t of tools) {
      const st = startup.get(t.name)!;
      console.log(`${t.name}: ${t.command.join(' ')} (start-up on an empty module: ${fmtC(st)} ms CPU, ${fmtT(st)} ms wall, ${fmtM(st)} MB)`);
    }
    for (const [shape, s] of series) {
      const sizeName = shape === 'flat' ? 'ops' : 'depth';
      console.log(`\n${shape === 'if' ? 'nested scf.if' : shape === 'for' ? 'nested scf.for' : 'one function'}, ${sizeName} ${s.sizes.join(' / ')}; input bytes ${s.inBytes.join(' / ')}` +
        (s.outBytes.some((b) => b !== undefined) ? `; round-trip output bytes ${s.outBytes.map((b) => b ?? '?').join(' / ')}` : ''));
      const header = ['row', 'tool', ...s.sizes.map((n) => `cpu@${n}`), ...s.sizes.map((n) => `MB@${n}`), 'cpu', 'net cpu', 'last', 'net wall', 'net MB'];
      if (shape !== 'flat') header.push('cpu/out B');
      const rows: string[][] = [header];
      for (const [row, byTool] of s.cells)
        for (const t of tools) {
          const cs = byTool.get(t.name)!;
          const st = startup.get(t.name)!;
          const pts = (f: (c: Cell) => number | undefined, base = 0, xs: readonly (number | undefined)[] = s.sizes): [number, number][] =>
            cs.flatMap((c, i) => {
              const y = f(c);
              const x = xs[i];
              return y === undefined || x === undefined ? [] : [[x, y - base] as [number, number]];
            });
          const netCpu = pts((c) => c.cpuMs, st.cpuMs ?? 0);
          const r = [
            row, t.name,
            ...cs.map(fmtC), ...cs.map(fmtM),
            fmtS(logSlope(pts((c) => c.cpuMs))), fmtS(logSlope(netCpu)), fmtS(netCpu.length >= 2 ? logSlope(netCpu.slice(-2)) : undefined),
            fmtS(logSlope(pts((c) => c.ms, st.ms ?? 0))), fmtS(logSlope(pts((c) => c.rssKb, st.rssKb ?? 0))),
          ];
          if (shape !== 'flat') r.push(row === 'roundtrip' ? fmtS(logSlope(pts((c) => c.cpuMs, 0, s.outBytes))) : '');
          rows.push(r);
        }
      console.log(table(rows, 2));
    }
    console.log('\ncpu: log-log slope of CPU time against size; net cpu: the same after subtracting start-up; last: net cpu slope over the last');
    console.log('doubling; net wall: wall time (noisy on a loaded machine); net MB: peak RSS above start-up; cpu/out B: round-trip CPU time');
    console.log('against printed bytes (which grow with depth squared through indentation).');
    for (const f of failures) console.log(`failed: ${f}`);
    return 0;
  } finally {
    if (!o.keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().then(
    (code) => exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      exit(2);
    },
  );
