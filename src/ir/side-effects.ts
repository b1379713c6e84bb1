// Memory-effect queries over the MemoryEffects interface and the Pure /
// RecursiveMemoryEffects traits: what DCE, CSE and code motion ask.

import { Traits } from './context.js';
import { Interfaces, getInterface, type MemoryEffect, type MemoryEffectsInterface, type SpeculatableInterface } from './interfaces.js';
import type { Operation, Value } from './operation.js';

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

/** MLIR's wouldOpBeTriviallyDead: removable if unused (no effects beyond reads and own allocations). */
export function wouldOpBeTriviallyDead(op: Operation): boolean {
  if (op.hasTrait(Traits.IsTerminator)) return false;
  if (op.hasTrait(Traits.Symbol)) return false;
  if (!op.isRegistered) return false;
  const effects = getMemoryEffects(op);
  if (!effects) return false;
  // Any effect on a result the op itself allocates is dropped with the op.
  const allocated = new Set<Value>();
  for (const e of effects) if (e.kind === 'allocate' && e.value && e.value.definingOp === op) allocated.add(e.value);
  for (const e of effects) {
    if (e.value && allocated.has(e.value)) continue;
    if (e.kind === 'read') continue;
    return false;
  }
  return true;
}

export function isOpTriviallyDead(op: Operation): boolean {
  return !op.hasUses && wouldOpBeTriviallyDead(op);
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
