// The index dialect: its ops (ops.ts) with their folders and constant
// materializer (fold.ts) and canonicalization patterns (canonicalize.ts).

import { defineDialect } from '../../ods/index.js';
import './canonicalize.js';
import './int-range.js';
import { materializeIndexConstant } from './fold.js';
import { INDEX_OPS, parseIndexAttribute } from './ops.js';

export * from './ops.js';

export const indexDialect = defineDialect({
  name: 'index',
  ops: INDEX_OPS,
  // Every op inlines anywhere (an inliner interface that always agrees).
  isLegalToInline: () => true,
  materializeConstant: materializeIndexConstant,
  parseAttribute: parseIndexAttribute,
});
