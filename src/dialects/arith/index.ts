// The arith dialect: its ops (ops.ts), folders (fold.ts), canonicalization
// patterns (canonicalize.ts) and constant materializer.

import { defineDialect } from '../../ods/index.js';
import './canonicalize.js';
import { materializeArithConstant } from './fold.js';
import { ARITH_OPS, parseArithAttribute } from './ops.js';
import './int-range.js';

export * from './ops.js';

export const arithDialect = defineDialect({
  name: 'arith',
  ops: ARITH_OPS,
  // Every op inlines anywhere (an inliner interface that always agrees).
  isLegalToInline: () => true,
  materializeConstant: materializeArithConstant,
  parseAttribute: parseArithAttribute,
});
