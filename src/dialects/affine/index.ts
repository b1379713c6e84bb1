// The affine dialect, restricted to the ops that express computed loop
// bounds: affine.apply, affine.min and affine.max (ops.ts), with their
// verifiers (verify.ts), folders (fold.ts) and canonicalization patterns
// (canonicalize.ts).

import { Traits } from '../../ir/context.js';
import { defineDialect } from '../../ods/index.js';
import './canonicalize.js';
import { materializeAffineConstant } from './fold.js';
import { AFFINE_OPS } from './ops.js';
import './verify.js';

export * from './ops.js';

export const affineDialect = defineDialect({
  name: 'affine',
  ops: AFFINE_OPS,
  materializeConstant: materializeAffineConstant,
  // Only directly into an affine scope (a function body, say): there the
  // ops' operands stay valid dims and symbols.
  isLegalToInline: (_op, dest) => dest.parentOp?.hasTrait(Traits.AffineScope) ?? false,
});
