// scf-software-pipeline: the RFC's software pipeliner
// (dialects/scf/transforms/pipelining/software-pipeline.ts) as a pass. The
// schedule comes from MLIR's test attributes (loops marked
// `__test_pipelining_loop__`, as --test-scf-pipelining reads them) or from
// the modulo scheduler (`schedule=auto`: every innermost scf.for).

import { UnknownLoc } from '../../ir/location.js';
import { emitOpError } from '../../ir/context.js';
import type { Operation } from '../../ir/operation.js';
import { PatternRewriter } from '../../ir/pattern.js';
import { Pass, type PassInfo, type PassRun } from '../../passes/pass.js';
import type { OpOf } from '../../ods/index.js';
import { ForOp } from '../../dialects/scf/index.js';
import { readAttributeSchedule, type ScheduledOp } from '../../dialects/scf/transforms/pipelining/schedule.js';
import { moduloSchedule } from '../../dialects/scf/transforms/pipelining/modulo-schedule.js';
import { softwarePipeline } from '../../dialects/scf/transforms/pipelining/software-pipeline.js';

type ForLoop = OpOf<typeof ForOp>;

export const SoftwarePipelineInfo: PassInfo = {
  argument: 'scf-software-pipeline',
  name: 'SCFSoftwarePipeline',
  description: 'Software-pipeline scf.for loops: one predicated kernel over a widened range, then peeled prologue/epilogue iterations',
  options: [
    { name: 'peel-prologue', kind: 'int', description: 'Kernel iterations to peel off the front (0..stages-1; -1: all stages-1)', default: -1n },
    { name: 'peel-epilogue', kind: 'int', description: 'Kernel iterations to peel off the back (0..stages-1; -1: all stages-1)', default: -1n },
    {
      name: 'schedule',
      kind: 'enum',
      description: 'Where the schedule comes from',
      default: 'attributes',
      values: [
        ['attributes', 'The __test_pipelining_* attributes of marked loops (as --test-scf-pipelining)'],
        ['auto', 'A modulo schedule of every innermost scf.for, from the latency model'],
      ],
    },
    {
      name: 'stop-after',
      kind: 'enum',
      description: 'Stop after a step to show the intermediate IR',
      default: 'none',
      values: [
        ['none', 'Run all three steps'],
        ['kernel', 'After emitting the predicated kernel'],
        ['peel', 'After peeling and folding'],
      ],
    },
    { name: 'latency', kind: 'string-list', description: 'Latencies for schedule=auto, as op-name:cycles (cycles >= 1)' },
  ],
  create: () => new SoftwarePipeline(),
};

/** Parses `latency=` entries; an error message for a malformed one. */
export function parseLatencies(entries: readonly string[]): Record<string, number> | string {
  const out: Record<string, number> = {};
  for (const e of entries) {
    const m = /^([A-Za-z_][\w$.]*):(\d+)$/.exec(e.trim());
    if (!m || Number(m[2]) < 1) return `invalid latency '${e}': expected op-name:cycles with cycles >= 1`;
    out[m[1]] = Number(m[2]);
  }
  return out;
}

class SoftwarePipeline extends Pass {
  constructor() {
    super(SoftwarePipelineInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const latencies = parseLatencies(this.options.list('latency'));
    if (typeof latencies === 'string') {
      run.ctx.diagnostics.emit('error', UnknownLoc.get(), latencies);
      return run.signalPassFailure();
    }
    const auto = this.options.string('schedule') === 'auto';
    const loops: ForLoop[] = [];
    root.walk((op) => {
      if (!ForOp.isa(op)) return;
      if (auto) {
        let inner = false;
        op.walk((o) => void (o !== op && ForOp.isa(o) && (inner = true)));
        if (!inner) loops.push(op);
      } else if (readAttributeSchedule(op)) loops.push(op);
    });
    const peel = (name: string): number | undefined => {
      const v = this.options.int(name);
      return v === -1n ? undefined : Number(v);
    };
    const stop = this.options.string('stop-after');
    const rewriter = new PatternRewriter(run.ctx);
    for (const loop of loops) {
      const schedule = auto ? moduloSchedule(loop, latencies).schedule : readAttributeSchedule(loop)!.filter((s): s is ScheduledOp => s !== undefined);
      const r = softwarePipeline(rewriter, loop, schedule, {
        peelPrologue: peel('peel-prologue'),
        peelEpilogue: peel('peel-epilogue'),
        stopAfter: stop === 'kernel' || stop === 'peel' ? stop : undefined,
      });
      if ('error' in r) {
        emitOpError(run.ctx, r.error.op, r.error.message);
        return run.signalPassFailure();
      }
    }
  }
}
