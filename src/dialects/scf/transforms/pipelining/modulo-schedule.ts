// `schedule=auto`: a modulo scheduler for the RFC's pipeliner. From a
// latency per op it finds the smallest initiation interval (II) the loop's
// recurrences allow, then gives each op a start time t (t(consumer) >=
// t(producer) + latency - II * distance for every dependence), its stage
// floor(t / II), and a kernel order by (t mod II, original position). There
// are no resource constraints (every op may issue in any cycle), so a time
// assignment exists exactly when the dependence graph with weights
// latency - II * distance has no positive cycle.
//
// Dependences: SSA uses (distance 0), loop-carried SSA values (distance 1:
// the checker's conservative reading of longer chains), and memory: two ops
// that may touch the same memory, one of them writing, keep their order in
// an iteration (distance 0) and across iterations (distance 1). Two memrefs
// may alias unless they are different values and one is a fresh allocation.

import type { Operation, Value } from '../../../../ir/operation.js';
import { getMemoryEffects } from '../../../../ir/side-effects.js';
import type { OpOf } from '../../../../ods/index.js';
import { AddFOp, CeilDivSIOp, DivFOp, DivSIOp, DivUIOp, FloorDivSIOp, MulFOp, MulIOp, RemSIOp, RemUIOp, SubFOp } from '../../../arith/index.js';
import { ExpOp, SqrtOp } from '../../../math/ops.js';
import { AllocOp, AllocaOp, LoadOp } from '../../../memref/ops.js';
import { ForOp } from '../../ops.js';
import { carriedProducers, classify, valuesUsedBy } from './dependences.js';
import type { PipelineSchedule } from './schedule.js';

type ForLoop = OpOf<typeof ForOp>;

/** Cycles per op when `latency=` does not say otherwise (1 for every other op). */
export const DEFAULT_LATENCIES: Readonly<Record<string, number>> = Object.fromEntries(
  (
    [
      [LoadOp, 3],
      [AddFOp, 2],
      [SubFOp, 2],
      [MulFOp, 3],
      [DivFOp, 8],
      [MulIOp, 2],
      [DivSIOp, 8],
      [DivUIOp, 8],
      [RemSIOp, 8],
      [RemUIOp, 8],
      [CeilDivSIOp, 8],
      [FloorDivSIOp, 8],
      [SqrtOp, 8],
      [ExpOp, 8],
    ] as const
  ).map(([handle, cycles]) => [handle.opName, cycles]),
);

interface Edge {
  from: number;
  to: number;
  latency: number;
  distance: number;
}

interface Access {
  writes: boolean;
  /** The memrefs touched; undefined when unknown (anything). */
  values: Value[] | undefined;
}

function accessOf(op: Operation): Access | undefined {
  const effects = getMemoryEffects(op);
  if (effects === undefined) return { writes: true, values: undefined };
  let writes = false;
  let any = false;
  const values: Value[] = [];
  let unknown = false;
  for (const e of effects) {
    if (e.kind === 'allocate' && e.value?.definingOp === op) continue;
    any = true;
    if (e.kind !== 'read') writes = true;
    if (e.value) values.push(e.value);
    else unknown = true;
  }
  if (!any) return undefined;
  return { writes, values: unknown ? undefined : values };
}

const isFresh = (v: Value): boolean => AllocOp.isa(v.definingOp) || AllocaOp.isa(v.definingOp);

function mayAlias(a: Access, b: Access): boolean {
  if (!a.values || !b.values) return true;
  for (const x of a.values) for (const y of b.values) if (x === y || !(isFresh(x) || isFresh(y))) return true;
  return false;
}

/** The dependence graph of the body's ops (terminator excluded). */
function dependenceGraph(forOp: ForLoop, ops: readonly Operation[], latency: (op: Operation) => number): Edge[] {
  const index = new Map<Operation, number>();
  ops.forEach((o, i) => index.set(o, i));
  const producers = carriedProducers(forOp);
  const edges: Edge[] = [];
  ops.forEach((op, i) => {
    for (const v of valuesUsedBy(op)) {
      const src = classify(forOp, v);
      if (src.kind === 'op') edges.push({ from: index.get(src.op)!, to: i, latency: latency(src.op), distance: 0 });
      else if (src.kind === 'arg' && producers[src.index]) {
        const p = producers[src.index]!;
        edges.push({ from: index.get(p)!, to: i, latency: latency(p), distance: 1 });
      }
    }
  });
  const accesses = ops.map(accessOf);
  for (let a = 0; a < ops.length; a++)
    for (let b = a + 1; b < ops.length; b++) {
      const x = accesses[a];
      const y = accesses[b];
      if (!x || !y || !(x.writes || y.writes) || !mayAlias(x, y)) continue;
      edges.push({ from: a, to: b, latency: 1, distance: 0 });
      edges.push({ from: b, to: a, latency: 1, distance: 1 });
    }
  return edges;
}

/** Longest start times for `ii`, or undefined when a recurrence needs a larger II (a positive cycle). */
function startTimes(n: number, edges: readonly Edge[], ii: number): number[] | undefined {
  const t = new Array<number>(n).fill(0);
  // Bellman-Ford for longest paths: n rounds at most; one more change means a positive cycle.
  for (let round = 0; round <= n; round++) {
    let changed = false;
    for (const e of edges) {
      const w = t[e.from] + e.latency - ii * e.distance;
      if (w > t[e.to]) {
        t[e.to] = w;
        changed = true;
      }
    }
    if (!changed) return t;
  }
  return undefined;
}

export interface ModuloSchedule {
  schedule: PipelineSchedule;
  initiationInterval: number;
}

/**
 * Schedules the body of `forOp`: the smallest II with a valid time
 * assignment, stages and kernel order. `latencies` overrides
 * DEFAULT_LATENCIES by op name (cycles >= 1).
 */
export function moduloSchedule(forOp: ForLoop, latencies: Readonly<Record<string, number>> = {}): ModuloSchedule {
  const body = ForOp.body(forOp);
  const ops = body.ops.slice(0, -1);
  const latency = (op: Operation): number => latencies[op.name.name] ?? DEFAULT_LATENCIES[op.name.name] ?? 1;
  const edges = dependenceGraph(forOp, ops, latency);
  // Every cycle crosses an iteration (distance >= 1), so II = sum of latencies always works.
  let hi = Math.max(1, ops.reduce((s, o) => s + latency(o), 0));
  let lo = 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (startTimes(ops.length, edges, mid)) hi = mid;
    else lo = mid + 1;
  }
  const ii = lo;
  const t = startTimes(ops.length, edges, ii)!;
  const order = ops.map((_, i) => i).sort((a, b) => (t[a] % ii) - (t[b] % ii) || a - b);
  return { schedule: order.map((i) => ({ op: ops[i], stage: Math.floor(t[i] / ii) })), initiationInterval: ii };
}
