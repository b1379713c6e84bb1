// MLIR 22's software pipeliner at scale, scf-opt against mlir-opt 22 in the
// same run: --test-scf-pipelining on one loop of about 10, 100 and 1,000 body
// ops (pipelining-gen.ts: loads, f32/i32/i64 arithmetic, scf.if, two
// iteration arguments, a static trip count) with 2, 4 and 8 stages. Reports
// the pass's own time from each tool's --mlir-timing report (the greedy
// driver's folding of the expanded loop included) and the whole run
// (parse + pass + verify + print to /dev/null), medians of alternating runs,
// and scf-opt's pass time per (op x stage), which stays flat when the
// pipeliner is linear in ops x stages. A single scf-opt process spends much
// of a small run compiling JavaScript, so the pass is also timed in this
// process after a warm-up run, in CPU time (the machine may be shared): the
// "CPU" columns, beside mlir-opt's user time of the pass.
//
//   npm run bench:pipelining
//   node dist/bench/pipelining.js [--ops 10,100,1000] [--stages 2,4,8] [--reps N]
//                                 [--tool "node path/cli.js"] [--reference PATH]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argv, exit } from 'node:process';
import { fileURLToPath } from 'node:url';
import { runProcess } from '../test/conformance/tool.js';
import { parse } from '../src/index.js';
import type { Operation } from '../src/ir/operation.js';
import { FuncOp } from '../src/dialects/func/index.js';
import { PassRun } from '../src/passes/pass.js';
import { TestSCFPipeliningInfo } from '../src/transforms/scf/test-pipelining.js';
import { generatePipelinedProgram } from '../test/passes/pipelining-gen.js';
import { executable, median, table, defaultToolComparison, parseToolOptions, type ToolComparison } from './measure.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

interface Options extends ToolComparison {
  ops: number[];
  stages: number[];
}

function parseArgs(args: string[]): Options {
  const o: Options = {
    ...defaultToolComparison(repoRoot, 3),
    ops: [10, 100, 1000],
    stages: [2, 4, 8],
  };
  parseToolOptions(args, o, (a, value) => {
    if (a === '--ops') o.ops = value().split(',').map(Number);
    else if (a === '--stages') o.stages = value().split(',').map(Number);
    else return false;
    return true;
  });
  return o;
}

interface Run {
  totalMs: number;
  /** Wall time of the pass (the report's last time column). */
  passMs: number;
  /** CPU time of the pass when the report has a user-time column (mlir-opt's). */
  passCpuMs: number | undefined;
}

/** One run with --mlir-timing: the wall time and the pass's line of the report (user time first when reported, wall time last). */
async function timed(command: readonly string[], file: string, dir: string): Promise<Run | string> {
  const r = await runProcess(command[0], [...command.slice(1), file, '--test-scf-pipelining', '--mlir-timing', '-o', '/dev/null'], { cwd: dir, timeoutMs: 1_200_000 });
  if (r.exitCode !== 0) return `exit ${r.exitCode ?? r.signal}: ${r.stderr.split('\n')[0]}`;
  const line = r.stderr.split('\n').find((l) => l.includes('TestSCFPipeliningPass'));
  const times = line ? [...line.matchAll(/(\d+\.\d+) \(/g)].map((m) => Number(m[1])) : [];
  if (!times.length) return 'no timing report';
  return { totalMs: r.ms, passMs: times[times.length - 1] * 1000, passCpuMs: times.length > 1 ? times[0] * 1000 : undefined };
}

/**
 * The pass's CPU time (user + system) in this process on a fresh parse of
 * `text`: robust to the load of a shared machine, unlike wall time.
 */
function warmPassCpuMs(text: string): number {
  const module = parse(text);
  const funcs: Operation[] = [];
  module.walk((o) => void (FuncOp.isa(o) && funcs.push(o)));
  const pass = TestSCFPipeliningInfo.create();
  const start = process.cpuUsage();
  for (const f of funcs) pass.runOnOperation(f, new PassRun(module.context, pass));
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const fmt = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2)) + ' ms';

async function main(): Promise<number> {
  const o = parseArgs(argv.slice(2));
  for (const c of [o.reference, o.tool])
    if (!executable(c)) {
      console.error(`not executable: ${c[0]}`);
      return 1;
    }
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-bench-pipelining-'));
  try {
    const rows: string[][] = [
      [
        'ops',
        'stages',
        'body ops',
        'ops x stages',
        'mlir-opt pass',
        'scf-opt pass',
        'ratio',
        'mlir-opt pass CPU',
        'scf-opt warm CPU',
        'CPU ratio',
        'warm CPU us/(op x stage)',
        'mlir-opt run',
        'scf-opt run',
      ],
    ];
    const errors: string[] = [];
    for (const n of o.ops)
      for (const s of o.stages) {
        const p = generatePipelinedProgram(7000 + n + s, { loops: 1, stages: s, bodyOps: n, tripCounts: [2 * s + 8], dynamic: false, iterArgs: 2 });
        const file = `pipe-${n}-${s}.mlir`;
        writeFileSync(join(dir, file), p.text);
        const body = p.loops[0].bodyOps;
        const ref: Run[] = [];
        const tool: Run[] = [];
        for (let k = 0; k < o.reps; k++)
          for (const [list, cmd] of [
            [ref, o.reference],
            [tool, o.tool],
          ] as const) {
            const r = await timed(cmd, file, dir);
            if (typeof r === 'string') errors.push(`${cmd.join(' ')} on ${file}: ${r}`);
            else list.push(r);
          }
        const warm: number[] = [];
        for (let k = 0; k <= o.reps; k++) {
          const w = warmPassCpuMs(p.text);
          if (k > 0) warm.push(w);
        }
        if (!ref.length || !tool.length || !warm.length) continue;
        const m = (rs: Run[], f: (r: Run) => number): number => median(rs.map(f));
        const refPass = m(ref, (r) => r.passMs);
        const refCpu = m(ref, (r) => r.passCpuMs ?? r.passMs);
        const toolPass = m(tool, (r) => r.passMs);
        rows.push([
          String(n),
          String(s),
          String(body),
          String(body * s),
          fmt(refPass),
          fmt(toolPass),
          `${(toolPass / refPass).toFixed(1)}x`,
          fmt(refCpu),
          fmt(median(warm)),
          `${(median(warm) / refCpu).toFixed(1)}x`,
          ((median(warm) * 1000) / (body * s)).toFixed(1),
          fmt(m(ref, (r) => r.totalMs)),
          fmt(m(tool, (r) => r.totalMs)),
        ]);
        process.stderr.write(`  measured ${body} ops x ${s} stages\n`);
      }
    console.log(`\n--test-scf-pipelining on one loop, median of ${o.reps} runs; pass times from --mlir-timing;\nCPU: mlir-opt's user time of the pass, scf-opt's CPU time of the pass in this process after a warm-up; runs are parse + pass + verify + print to /dev/null.`);
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
