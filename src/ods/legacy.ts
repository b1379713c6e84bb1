// Transitional: the op-definition entry points of before the typed handles,
// kept only while dialects move to defineOp/implementOp. To be deleted.

import type { OpDefinition } from '../ir/context.js';
import { defineOp, type OpDeclaration, type OpHooks } from './op.js';

/** A declaration whose parent and terminator ops are given by name. */
export interface LegacyOdsSpec extends Omit<OpDeclaration, 'parentOps' | 'implicitTerminator'> {
  parentOps?: readonly string[];
  implicitTerminator?: string;
}

/** @deprecated declare with defineOp and register the handle. */
export function defineOds(spec: LegacyOdsSpec): OpDefinition {
  const hooks: Pick<OpHooks, 'parentOps' | 'implicitTerminator'> = {
    parentOps: spec.parentOps?.map((opName) => ({ opName })),
    implicitTerminator: spec.implicitTerminator !== undefined ? { opName: spec.implicitTerminator } : undefined,
  };
  return defineOp({ ...spec, ...hooks } as OpDeclaration).definition;
}

export type { LegacyOdsSpec as OdsSpec };
export { defineOp as defineRawOp, type OpSpec as RawOpSpec } from './define-op-legacy.js';
