// The schedule checker: whether a pipeline schedule of an scf.for can be
// expanded without reading a value before it exists. Every schedule, written
// by a user or found by the modulo scheduler, goes through it.
//
// In the pipelined kernel, stage s of kernel iteration k works on original
// iteration k - s, and ops run in the schedule's order. So a body op in
// stage s reading a result of another body op in stage t (same iteration)
// needs t <= s, and t < s or the producer listed first; reading a
// loop-carried argument (the previous iteration's yield, produced in stage
// t) needs t <= s + 1, and t < s + 1 or the producer listed first.

import type { Operation } from '../../../../ir/operation.js';
import type { OpOf } from '../../../../ods/index.js';
import { ForOp } from '../../ops.js';
import { carriedProducers, classify, valuesUsedBy } from './dependences.js';
import type { PipelineSchedule } from './schedule.js';

type ForLoop = OpOf<typeof ForOp>;

/** Why a schedule is refused: the op to report at and the message (after `'name' op `). */
export interface ScheduleError {
  readonly op: Operation;
  readonly message: string;
}

const name = (op: Operation): string => `'${op.name.name}'`;

/** Checks `schedule` against the body of `forOp`; undefined when it is valid. */
export function checkSchedule(forOp: ForLoop, schedule: PipelineSchedule): ScheduleError | undefined {
  const body = ForOp.body(forOp);
  const position = new Map<Operation, number>();
  const stage = new Map<Operation, number>();
  for (let i = 0; i < schedule.length; i++) {
    const { op, stage: s } = schedule[i];
    if (op.parentBlock !== body || op === ForOp.yieldOp(forOp)) return { op, message: 'is scheduled but is not an operation of the pipelined loop body' };
    if (position.has(op)) return { op, message: 'is scheduled twice' };
    if (!Number.isInteger(s) || s < 0) return { op, message: `is assigned pipeline stage ${s}, which is not a non-negative integer` };
    position.set(op, i);
    stage.set(op, s);
  }
  for (const op of body) if (op !== ForOp.yieldOp(forOp) && !position.has(op)) return { op, message: 'is not assigned a pipeline stage' };

  const producers = carriedProducers(forOp);
  for (const { op, stage: s } of schedule) {
    for (const v of valuesUsedBy(op)) {
      const src = classify(forOp, v);
      if (src.kind === 'op') {
        const t = stage.get(src.op)!;
        if (t > s) return { op, message: `in stage ${s} uses a result of ${name(src.op)} in the same iteration, which is scheduled later, in stage ${t}` };
        if (t === s && position.get(src.op)! > position.get(op)!)
          return { op, message: `in stage ${s} is scheduled before ${name(src.op)} (same stage), whose result it uses in the same iteration` };
      } else if (src.kind === 'arg') {
        const producer = producers[src.index];
        if (!producer) continue;
        const t = stage.get(producer)!;
        if (t > s + 1)
          return {
            op,
            message: `in stage ${s} uses loop-carried value #${src.index}, which ${name(producer)} produces in stage ${t} of the previous iteration; the producer's stage must be at most ${s + 1}`,
          };
        if (t === s + 1 && position.get(producer)! > position.get(op)!)
          return {
            op,
            message: `in stage ${s} uses loop-carried value #${src.index}, which ${name(producer)} produces in stage ${t} of the previous iteration, in the same kernel iteration but scheduled later`,
          };
      }
    }
  }
  return undefined;
}

/** The number of stages of a schedule (1 + its largest stage; 1 when empty). */
export function numStages(schedule: PipelineSchedule): number {
  let max = 0;
  for (const { stage } of schedule) max = Math.max(max, stage);
  return max + 1;
}
