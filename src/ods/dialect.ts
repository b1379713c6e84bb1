// A dialect made of declared ops: their definitions, plus the dialect-wide
// hooks of ir/context.ts's Dialect (type and attribute syntax, constants,
// aliases, attribute verification, dialect-wide patterns).

import type { Dialect } from '../ir/context.js';
import type { AnyOpHandle } from './op.js';

export interface DialectDeclaration extends Omit<Dialect, 'ops'> {
  /** The handles of the dialect's ops (from defineOp). */
  readonly ops: readonly AnyOpHandle[];
}

/** Builds a Dialect from its op handles; throws on an op of another dialect or one listed twice. */
export function defineDialect(declaration: DialectDeclaration): Dialect {
  const seen = new Set<string>();
  for (const h of declaration.ops) {
    if (!h.opName.startsWith(`${declaration.name}.`)) throw new Error(`dialect '${declaration.name}': op '${h.opName}' belongs to another dialect`);
    if (seen.has(h.opName)) throw new Error(`dialect '${declaration.name}': op '${h.opName}' is listed twice`);
    seen.add(h.opName);
  }
  return { ...declaration, ops: declaration.ops.map((h) => h.definition) };
}
