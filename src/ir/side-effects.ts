// Memory-effect queries over the MemoryEffects interface and the Pure /
// RecursiveMemoryEffects traits: what DCE, CSE and code motion ask.

import { Traits } from './context.js';
import { Interfaces, getInterface, type MemoryEffect, type MemoryEffectsInterface, type SpeculatableInterface } from './interfaces.js';
import type { Operation } from './operation.js';

/** The op's effects (nested ones included for recursive ops), or undefined when unknown. */
export function getMemoryEffects(op: Operation): MemoryEffect[] | undefined {
  const out: MemoryEffect[] = [];
  const stack: Operation[] = [op];
  while (stack.length) {
    const o = stack.pop()!;
    const recursive = o.hasTrait(Traits.RecursiveMemoryEffects);
    if (o.hasTrait(Traits.Pure) && !recursive) continue;
    if (recursive) {
      for (const r of o.regions) for (const b of r.blocks) for (let n = b.first; n; n = n.next) stack.push(n);
      continue;
    }
    const iface = getInterface<MemoryEffectsInterface>(o, Interfaces.MemoryEffects);
    if (!iface) {
      if (o.hasTrait(Traits.Pure)) continue;
      return undefined;
    }
    // Interfaces that report nested effects themselves (scf ops) are fine as-is.
    out.push(...iface.getEffects(o));
  }
  return out;
}

export function isMemoryEffectFree(op: Operation): boolean {
  const e = getMemoryEffects(op);
  return e !== undefined && e.length === 0;
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
function ownEffectsRemovable(op: Operation): boolean {
  const iface = getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects);
  if (!iface) return op.hasTrait(Traits.Pure) || op.hasTrait(Traits.RecursiveMemoryEffects);
  const effects = iface.getEffects(op);
  for (const e of effects) {
    if (e.kind === 'read') continue;
    if (e.value && e.value.definingOp === op && effects.some((a) => a.kind === 'allocate' && a.value === e.value)) continue;
    return false;
  }
  return true;
}

/**
 * Verdicts of wouldOpBeTriviallyDead's region walk, kept by a pass that asks
 * about nested ops before their parents and does not change a nest while it
 * asks (CSE, which erases at the end): each nest is then walked once, not
 * once per enclosing op.
 */
export type RemovabilityMemo = Map<Operation, boolean>;

/** Whether `root` and everything its RecursiveMemoryEffects regions hold could go with it (MLIR's wouldOpBeTriviallyDeadImpl). */
function removableWithNested(root: Operation, memo?: RemovabilityMemo): boolean {
  // Only region-holding ops are remembered: the others cost one lookup either way.
  const remember = memo !== undefined && root.regions.length > 0;
  const known = remember ? memo.get(root) : undefined;
  if (known !== undefined) return known;
  let result = true;
  const stack: Operation[] = [root];
  while (stack.length) {
    const op = stack.pop()!;
    if (op !== root && memo && op.regions.length) {
      const v = memo.get(op);
      if (v === false) {
        result = false;
        break;
      }
      if (v === true) continue;
    }
    if (!ownEffectsRemovable(op)) {
      result = false;
      break;
    }
    if (op.hasTrait(Traits.RecursiveMemoryEffects))
      for (const r of op.regions) for (const b of r.blocks) for (let n = b.first; n; n = n.next) stack.push(n);
  }
  if (remember) memo.set(root, result);
  return result;
}

/** MLIR's wouldOpBeTriviallyDead: removable if unused (no effects beyond reads and own allocations, nested ops included). */
export function wouldOpBeTriviallyDead(op: Operation, memo?: RemovabilityMemo): boolean {
  if (op.hasTrait(Traits.IsTerminator)) return false;
  if (op.hasTrait(Traits.Symbol)) return false;
  if (!op.isRegistered) return false;
  return removableWithNested(op, memo);
}

export function isOpTriviallyDead(op: Operation, memo?: RemovabilityMemo): boolean {
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
