// The linalg dialect (a minimal subset; see ops.ts). The execution engine
// does not run linalg ops.

import { defineDialect } from '../../ods/index.js';
import { LINALG_OPS, parseLinalgAttribute } from './ops.js';

export * from './ops.js';

export const linalgDialect = defineDialect({
  name: 'linalg',
  ops: LINALG_OPS,
  parseAttribute: parseLinalgAttribute,
});
