// The arith dialect: its ops (ops.ts), folders (fold.ts), canonicalization
// patterns (canonicalize.ts) and constant materializer.

import { defineDialect, implementOp } from '../../ods/index.js';
import { ARITH_PATTERNS } from './canonicalize.js';
import { ARITH_FOLDS, materializeArithConstant } from './fold.js';
import { ARITH_OPS, parseArithAttribute } from './ops.js';
import './int-range.js';

export * from './ops.js';

// Transitional: fold.ts and canonicalize.ts still key their hooks by op name.
for (const h of ARITH_OPS) {
  const fold = (ARITH_FOLDS as Partial<typeof ARITH_FOLDS>)[h.opName];
  const patterns = ARITH_PATTERNS[h.opName];
  if (fold || patterns) implementOp(h, { fold, canonicalizationPatterns: patterns?.() });
}

export const arithDialect = defineDialect({
  name: 'arith',
  ops: ARITH_OPS,
  materializeConstant: materializeArithConstant,
  parseAttribute: parseArithAttribute,
});
