// What a software pipeliner is given: for one scf.for, every op of its body
// (the terminator excepted) with the pipeline stage it runs in, listed in the
// order the pipelined kernel emits them. Both pipeliners (MLIR 22's
// expansion and the RFC's predicated kernel) consume this shape, whether the
// schedule was written by the user as attributes or found by a scheduler.

import { IntegerAttr } from '../../../../ir/builtin-attributes.js';
import type { Operation } from '../../../../ir/operation.js';
import type { OpOf } from '../../../../ods/index.js';
import { ForOp } from '../../ops.js';

export interface ScheduledOp {
  readonly op: Operation;
  readonly stage: number;
}

/** Ops of the loop body with their stages, in kernel emission order. */
export type PipelineSchedule = readonly ScheduledOp[];

/** The attributes MLIR's test pass reads; one annotated file drives both pipeliners. */
export const TEST_PIPELINING_LOOP = '__test_pipelining_loop__';
export const TEST_PIPELINING_STAGE = '__test_pipelining_stage__';
export const TEST_PIPELINING_OP_ORDER = '__test_pipelining_op_order__';

function intAttr(op: Operation, name: string): number | undefined {
  const a = op.getAttr(name);
  return a instanceof IntegerAttr ? Number(a.value) : undefined;
}

/**
 * The schedule written on a loop marked `__test_pipelining_loop__`: every op
 * nested in it that carries both a stage and an op-order attribute, placed at
 * its op order (as MLIR's test pass collects it, walking the loop in
 * post-order: a later op claiming the same slot wins). Undefined when the
 * loop is not marked. Slots no op claims stay empty; the pipeliner diagnoses
 * the ops left out.
 */
export function readAttributeSchedule(forOp: OpOf<typeof ForOp>): (ScheduledOp | undefined)[] | undefined {
  if (!forOp.getAttr(TEST_PIPELINING_LOOP)) return undefined;
  let bodyOps = 0;
  for (const _ of ForOp.body(forOp)) bodyOps++;
  const slots = new Array<ScheduledOp | undefined>(Math.max(0, bodyOps - 1)).fill(undefined);
  forOp.walk((op) => {
    const stage = intAttr(op, TEST_PIPELINING_STAGE);
    const order = intAttr(op, TEST_PIPELINING_OP_ORDER);
    // MLIR writes past its vector for an order out of range (undefined
    // behaviour, in practice a crash at exit after the run); the op is simply
    // left unscheduled here, which the pipeliner diagnoses as mlir-opt does.
    if (stage !== undefined && order !== undefined && order >= 0 && order < slots.length) slots[order] = { op, stage };
  });
  return slots;
}
