// Declarative op definitions: a dialect lists its ops as plain specs and gets
// OpDefinitions with the common checks (counts, attribute kinds) built in.

import type { Attribute, Type } from '../ir/attributes.js';
import { Traits, emitOpError, type Context, type OpDefinition } from '../ir/context.js';
import type { Operation } from '../ir/operation.js';

export interface OpSpec extends Omit<OpDefinition, 'traits' | 'inherentAttrNames'> {
  traits?: readonly string[];
  /** Inherent attribute names (stored as properties). */
  attributes?: readonly string[];
}

export function defineOp(spec: OpSpec): OpDefinition {
  const traits = new Set(spec.traits ?? []);
  if (spec.implicitTerminator) traits.add(Traits.SingleBlock);
  return { ...spec, traits, inherentAttrNames: new Set(spec.attributes ?? []) };
}

/** Quotes a type or attribute as MLIR's diagnostics do: `'i32'`. */
export function q(e: Type | Attribute): string {
  return `'${e.key}'`;
}

/** Quotes each element, comma separated: `'f32', 'i32'`. */
export function qList(list: readonly (Type | Attribute)[]): string {
  return list.map(q).join(', ');
}

/** Reports `'name' op message` and returns false, for use in verifiers. */
export function fail(ctx: Context, op: Operation, message: string): false {
  emitOpError(ctx, op, message);
  return false;
}
