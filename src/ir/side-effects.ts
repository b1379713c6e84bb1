// Memory-effect queries over the MemoryEffects interface and the Pure /
// RecursiveMemoryEffects traits: what DCE, CSE and code motion ask.

import { Traits, type OperationName } from './context.js';
import { Interfaces, getInterface, type MemoryEffect, type MemoryEffectsInterface, type SpeculatableInterface } from './interfaces.js';
import type { Operation } from './operation.js';

const NO_EFFECTS: readonly MemoryEffect[] = Object.freeze([]);

/**
 * The op's effects (nested ones included for recursive ops), or undefined
 * when unknown. The list is the caller's to read, not to change (it may be
 * shared, or the interface's own).
 */
export function getMemoryEffects(op: Operation): readonly MemoryEffect[] | undefined {
  // Most ops have no nest to walk: their own answer, with no list to gather into.
  if (!op.hasTrait(Traits.RecursiveMemoryEffects)) {
    if (op.hasTrait(Traits.Pure)) return NO_EFFECTS;
    const iface = getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects);
    return iface ? iface.getEffects(op) : undefined;
  }
  if (op.regions.length === 0) return NO_EFFECTS;
  const out: MemoryEffect[] = [];
  const stack: Operation[] = [op];
  while (stack.length) {
    const o = stack.pop()!;
    const recursive = o.hasTrait(Traits.RecursiveMemoryEffects);
    if (o.hasTrait(Traits.Pure) && !recursive) continue;
    if (recursive) {
      const regions = o.regions;
      for (let r = 0; r < regions.length; r++) for (let b = regions[r].firstBlock; b; b = b.nextBlock) for (let n = b.first; n; n = n.next) stack.push(n);
      continue;
    }
    const iface = getInterface<MemoryEffectsInterface>(o, Interfaces.MemoryEffects);
    if (!iface) {
      if (o.hasTrait(Traits.Pure)) continue;
      return undefined;
    }
    const effects = iface.getEffects(o);
    for (let i = 0; i < effects.length; i++) out.push(effects[i]);
  }
  return out;
}

/** One op's part of getMemoryEffects being empty: Pure, or declaring none (RecursiveMemoryEffects ops contribute only their nested ops). */
export function noCollectedEffects(op: Operation): boolean {
  if (op.hasTrait(Traits.RecursiveMemoryEffects)) return true;
  if (op.hasTrait(Traits.Pure)) return true;
  const iface = getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects);
  // A promise of the effects' kinds answers without the list.
  return iface !== undefined && (iface.effectKinds ?? iface.getEffects(op)).length === 0;
}

/** Whether getMemoryEffects(op) is empty (known, and no effect), stopping at the first effect; `memo` as for wouldOpBeTriviallyDead. */
export function hasNoMemoryEffects(op: Operation, memo?: NestVerdicts): boolean {
  return holdsForNest(op, noCollectedEffects, memo);
}

/** Whether `op` has no memory effects of its own (without an interface, RecursiveMemoryEffects ops have only their nested ones). */
function ownEffectFree(op: Operation): boolean {
  if (op.hasTrait(Traits.Pure)) return true;
  const iface = getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects);
  if (iface) return (iface.effectKinds ?? iface.getEffects(op)).length === 0;
  return op.hasTrait(Traits.RecursiveMemoryEffects);
}

/** Whether the op and every op in its RecursiveMemoryEffects regions have no memory effect; `memo` as for wouldOpBeTriviallyDead. */
export function isMemoryEffectFree(op: Operation, memo?: NestVerdicts): boolean {
  return holdsForNest(op, ownEffectFree, memo);
}

/** Whether the op only reads memory (and has at least one effect or none). */
export function onlyReads(op: Operation): boolean {
  const e = getMemoryEffects(op);
  return e !== undefined && e.every((x) => x.kind === 'read');
}

/**
 * Whether `op`'s own effects allow removing it when unused: none beyond
 * reads and the allocation of its own results (MLIR drops those with the op).
 * Ops with RecursiveMemoryEffects and no interface have no effects of their own.
 */
export function ownEffectsRemovable(op: Operation): boolean {
  const iface = getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects);
  if (!iface) return op.hasTrait(Traits.Pure) || op.hasTrait(Traits.RecursiveMemoryEffects);
  return iface.removableWhenUnused ?? effectsRemovable(op, iface.getEffects(op));
}

/**
 * What wouldOpBeTriviallyDead answers for any op of kind `name` that holds no
 * regions, from the kind alone: false (never dead), true (dead when unused),
 * or undefined (ask per op). A driver looks it up once per kind.
 */
export function deadWhenUnusedByKind(name: OperationName): boolean | undefined {
  const def = name.def;
  if (def === undefined || def.traits.has(Traits.IsTerminator) || def.traits.has(Traits.Symbol)) return false;
  const iface = def.interfaces?.[Interfaces.MemoryEffects] as MemoryEffectsInterface | undefined;
  if (!iface) return def.traits.has(Traits.Pure) || def.traits.has(Traits.RecursiveMemoryEffects);
  return iface.removableWhenUnused;
}

/** Whether `effects` (the op's own, from its interface) allow removing `op` when unused (see ownEffectsRemovable). */
export function effectsRemovable(op: Operation, effects: readonly MemoryEffect[]): boolean {
  for (let i = 0; i < effects.length; i++) {
    const e = effects[i];
    if (e.kind === 'read') continue;
    if (e.value && e.value.definingOp === op && allocates(effects, e.value)) continue;
    return false;
  }
  return true;
}

/** Whether `effects` allocate `value` (a loop, not a closure: one per effect asked otherwise). */
function allocates(effects: readonly MemoryEffect[], value: unknown): boolean {
  for (let i = 0; i < effects.length; i++) if (effects[i].kind === 'allocate' && effects[i].value === value) return true;
  return false;
}

/**
 * Verdicts of a query over a nest (wouldOpBeTriviallyDead,
 * isMemoryEffectFree), kept by a pass that asks about nested ops before their
 * parents and does not change a nest while it asks (CSE, which erases at the
 * end; analyses), or that forgets them on change (the greedy driver, which
 * keeps only "false" verdicts): each nest is then walked once, not once per
 * enclosing op. One memo per query. A query records the verdicts of the
 * region ops it walks: for "false", those on the path from the root down to
 * the op that decided it (each is false for the same reason), so a false
 * verdict stays valid until something on that path changes.
 */
export type NestVerdicts = Map<Operation, boolean> & {
  /** Told the op whose own effects decided a "false" (the greedy driver keeps a verdict until its path or this op changes). */
  noteWitness?(op: Operation): void;
};

/**
 * holdsForNest's queue and parent indices, reused from call to call (CSE asks
 * about every region op: a list or two per call was most of its garbage);
 * a nested call (an effects hook asking in turn) makes its own.
 */
const nestQueue: (Operation | null)[] = [];
const nestFrom: number[] = [];
let nestListsBusy = false;

/** Whether `ownOk` holds for `root` and every op its RecursiveMemoryEffects regions hold. */
function holdsForNest(root: Operation, ownOk: (op: Operation) => boolean, memo?: NestVerdicts): boolean {
  // Most ops hold no regions: their own effects decide, with no queue to allocate.
  if (root.regions.length === 0) return ownOk(root);
  // Only region-holding ops are remembered: the others cost one lookup either way.
  const remember = memo !== undefined && root.regions.length > 0;
  const known = remember ? memo.get(root) : undefined;
  if (known !== undefined) return known;
  if (nestListsBusy) return walkNest(root, ownOk, memo, [], []);
  nestListsBusy = true;
  try {
    return walkNest(root, ownOk, memo, nestQueue, nestFrom);
  } finally {
    // Cleared in place (no op kept alive after the query; setting the length
    // to 0 would drop the storage). Outside a query every entry is null, and
    // a query fills a prefix: the first null ends it.
    for (let i = 0; i < nestQueue.length && nestQueue[i] !== null; i++) nestQueue[i] = null;
    nestListsBusy = false;
  }
}

/** holdsForNest past the quick answers, on `queue` and `from` (written from index 0 on, whatever they hold). */
function walkNest(root: Operation, ownOk: (op: Operation) => boolean, memo: NestVerdicts | undefined, queue: (Operation | null)[], from: number[]): boolean {
  const remember = memo !== undefined;
  // Breadth-first: a nest's own ops are asked before what they hold, so a
  // verdict decided near the top (a call with unknown effects at each level)
  // does not walk down to the innermost level first. The verdict is the same
  // in any order.
  queue[0] = root;
  let size = 1;
  // With a memo, the queue index of each op's parent (to mark the path to a "false").
  from[0] = -1;
  let failedAt = -1;
  // Only region ops are queued: an op without regions is asked as its parent
  // is expanded, so a long block whose first ops decide is not copied whole.
  walk: for (let head = 0; head < size; head++) {
    const op = queue[head]!;
    if (op !== root && memo) {
      const v = memo.get(op);
      if (v === false) {
        failedAt = head;
        break;
      }
      if (v === true) continue;
    }
    if (!ownOk(op)) {
      failedAt = head;
      memo?.noteWitness?.(op);
      break;
    }
    if (op.hasTrait(Traits.RecursiveMemoryEffects))
      // Blocks by their links: `blocks` would make an array per region.
      for (let ri = 0, regions = op.regions; ri < regions.length; ri++)
        for (let b = regions[ri].firstBlock; b; b = b.nextBlock)
          for (let n = b.first; n; n = n.next) {
            if (n.regions.length) {
              queue[size] = n;
              from[size++] = head;
            } else if (!ownOk(n)) {
              // The path to a witness without regions ends at its parent.
              failedAt = head;
              memo?.noteWitness?.(n);
              break walk;
            }
          }
  }
  if (remember) {
    if (failedAt >= 0) {
      for (let i = failedAt; i >= 0; i = from[i]) if (queue[i]!.regions.length) memo.set(queue[i]!, false);
    } else for (let i = 0; i < size; i++) if (queue[i]!.regions.length) memo.set(queue[i]!, true);
  }
  return failedAt < 0;
}

/** MLIR's wouldOpBeTriviallyDead: removable if unused (no effects beyond reads and own allocations, nested ops included). */
export function wouldOpBeTriviallyDead(op: Operation, memo?: NestVerdicts): boolean {
  if (op.hasTrait(Traits.IsTerminator)) return false;
  if (op.hasTrait(Traits.Symbol)) return false;
  if (!op.isRegistered) return false;
  return holdsForNest(op, ownEffectsRemovable, memo);
}

/** wouldOpBeTriviallyDead without its checks of the root's kind (terminator, symbol, registered): what a nested op contributes to its parent's answer. */
export function nestRemovable(op: Operation, memo?: NestVerdicts): boolean {
  return holdsForNest(op, ownEffectsRemovable, memo);
}

export function isOpTriviallyDead(op: Operation, memo?: NestVerdicts): boolean {
  return !op.hasUses && wouldOpBeTriviallyDead(op, memo);
}

/** Whether the op can be executed speculatively (MLIR's isSpeculatable + isPure). */
export function isSpeculatable(op: Operation): boolean {
  const iface = getInterface<SpeculatableInterface>(op, Interfaces.Speculatable);
  if (iface) return iface.isSpeculatable(op);
  return op.hasTrait(Traits.Pure) && op.regions.length === 0;
}

export function isPure(op: Operation): boolean {
  return isSpeculatable(op) && isMemoryEffectFree(op);
}
