// The SSA dependences of an scf.for body that a pipeline schedule must
// respect, as both the schedule checker and the modulo scheduler see them.
// Each top-level body op reads values (as operands or from its nested
// regions) of four kinds: results of other body ops (same iteration), the
// induction variable, the loop-carried arguments (the previous iteration's
// yield), and values from outside the loop.

import { BlockArgument, type Block, type Operation, type Value } from '../../../../ir/operation.js';
import type { OpOf } from '../../../../ods/index.js';
import { ForOp, YieldOp } from '../../ops.js';

type ForLoop = OpOf<typeof ForOp>;

export type Source =
  | { readonly kind: 'op'; readonly op: Operation }
  | { readonly kind: 'iv' }
  | { readonly kind: 'arg'; readonly index: number }
  | { readonly kind: 'outer' };

/** Whether `v` is defined inside one of `op`'s regions. */
function definedInside(v: Value, op: Operation): boolean {
  let block: Block | null = v instanceof BlockArgument ? v.owner : v.definingOp!.parentBlock;
  while (block) {
    const parent = block.parentOp;
    if (!parent) return false;
    if (parent === op) return true;
    block = parent.parentBlock;
  }
  return false;
}

/** The values `op` reads from outside itself: its operands and what its nested ops read from above it, once each, in first-use order. */
export function valuesUsedBy(op: Operation): Value[] {
  const seen = new Set<Value>();
  const out: Value[] = [];
  op.walk((o) => {
    for (const v of o.operands) {
      if (seen.has(v)) continue;
      seen.add(v);
      if (o === op || !definedInside(v, op)) out.push(v);
    }
  }, 'pre');
  return out;
}

/** What a value read by a body op of `forOp` is. */
export function classify(forOp: ForLoop, v: Value): Source {
  const body = ForOp.body(forOp);
  if (v instanceof BlockArgument) {
    if (v.owner === body) return v.index === 0 ? { kind: 'iv' } : { kind: 'arg', index: v.index - 1 };
    return { kind: 'outer' };
  }
  const def = v.definingOp!;
  if (def.parentBlock === body) return { kind: 'op', op: def };
  return { kind: 'outer' };
}

/**
 * For each loop-carried argument r: the body op whose result the loop
 * yields for it (following yields of other carried arguments, as in
 * `scf.yield %b, %a`), or undefined when the yielded value is the induction
 * variable, a value from outside, or a cycle of carried arguments.
 */
export function carriedProducers(forOp: ForLoop): (Operation | undefined)[] {
  const yielded = YieldOp.results(YieldOp.cast(ForOp.yieldOp(forOp)));
  const out: (Operation | undefined)[] = [];
  for (let r = 0; r < yielded.length; r++) {
    let v = yielded[r];
    const visited = new Set<number>();
    let producer: Operation | undefined;
    for (;;) {
      const s = classify(forOp, v);
      if (s.kind === 'op') producer = s.op;
      if (s.kind !== 'arg' || visited.has(s.index)) break;
      visited.add(s.index);
      v = yielded[s.index];
    }
    out.push(producer);
  }
  return out;
}
