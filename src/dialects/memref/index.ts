// The memref dialect: buffers, views of buffers, and accesses to them. Its
// ops (ops.ts) with their folders and canonicalization patterns
// (canonicalize.ts, attached when it loads), and arith's constant
// materializer for folded sizes.

import { defineDialect } from '../../ods/index.js';
import { materializeArithConstant } from '../arith/fold.js';
import './canonicalize.js';
import './int-range.js';
import { MEMREF_OPS } from './ops.js';

export * from './ops.js';
export { canFoldIntoConsumer } from './canonicalize.js';

export const memrefDialect = defineDialect({
  name: 'memref',
  ops: MEMREF_OPS,
  // Every op inlines anywhere (an inliner interface that always agrees).
  isLegalToInline: () => true,
  materializeConstant: materializeArithConstant,
});
