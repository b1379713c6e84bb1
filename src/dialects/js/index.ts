// The js dialect (ops.ts): JavaScript semantics MLIR has no op for, used by
// the TypeScript front end (src/frontend).

import { defineDialect } from '../../ods/index.js';
import { JS_OPS } from './ops.js';

export * from './ops.js';

export const jsDialect = defineDialect({ name: 'js', ops: JS_OPS });
