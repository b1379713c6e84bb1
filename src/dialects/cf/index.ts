// The cf dialect: unstructured control flow (branches, switches, assertions):
// its ops (ops.ts) and canonicalization patterns (canonicalize.ts).

import { defineDialect } from '../../ods/index.js';
import './canonicalize.js';
import { CF_OPS } from './ops.js';

export * from './ops.js';

export const cfDialect = defineDialect({ name: 'cf', ops: CF_OPS, isLegalToInline: () => true });
