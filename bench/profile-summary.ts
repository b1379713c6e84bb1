// Summarises a V8 CPU profile (`node --cpu-prof ...`): self time by file and
// by function, and the inclusive time of functions whose name starts with one
// of the given prefixes (e.g. parseModule, verify, printOperation).
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof dist/src/tools/scf-opt.js big.mlir -o /dev/null
//   node dist/bench/profile-summary.js /tmp/prof/*.cpuprofile [--top N] [--inclusive parseModule,printOperation]
import { readFileSync } from 'node:fs';
import { argv, exit } from 'node:process';

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

function frameKey(f: CallFrame): string {
  return `${f.functionName || '(anonymous)'} ${f.url.replace(/.*\/dist\//, '')}:${f.lineNumber + 1}`;
}

function top(m: Map<string, number>, n: number, total: number): string {
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n');
}

function main(args: string[]): number {
  let file: string | undefined;
  let n = 30;
  let prefixes: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--top') n = Number(args[++i]);
    else if (args[i] === '--inclusive') prefixes = (args[++i] ?? '').split(',').filter((s) => s !== '');
    else file = args[i];
  }
  if (file === undefined) {
    console.error('usage: profile-summary PROFILE.cpuprofile [--top N] [--inclusive name,...]');
    return 1;
  }
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const selfUs = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) selfUs.set(p.samples[i], (selfUs.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (const node of p.nodes) {
    const t = selfUs.get(node.id) ?? 0;
    total += t;
    const k = frameKey(node.callFrame);
    byFunction.set(k, (byFunction.get(k) ?? 0) + t);
    const f = node.callFrame.url.replace(/.*\/dist\//, '') || '(program, GC, idle)';
    byFile.set(f, (byFile.get(f) ?? 0) + t);
  }
  console.log(`total ${(total / 1000).toFixed(0)} ms of samples\n\nself time by file\n${top(byFile, 20, total)}\n\nself time by function\n${top(byFunction, n, total)}`);
  if (prefixes.length) {
    // Inclusive time: each sample counts once for every distinct frame on its stack.
    const parent = new Map<number, number>();
    for (const node of p.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
    const byId = new Map(p.nodes.map((x) => [x.id, x]));
    const inclusive = new Map<string, number>();
    for (const [id, t] of selfUs) {
      const seen = new Set<string>();
      for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
        const k = frameKey(byId.get(x)!.callFrame);
        if (seen.has(k) || !prefixes.some((s) => k.startsWith(s + ' '))) continue;
        seen.add(k);
        inclusive.set(k, (inclusive.get(k) ?? 0) + t);
      }
    }
    console.log(`\ninclusive time\n${top(inclusive, 50, total)}`);
  }
  return 0;
}

exit(main(argv.slice(2)));
