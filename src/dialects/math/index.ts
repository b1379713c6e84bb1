// The math dialect: its elementwise ops (ops.ts) with their constant folders
// and constant materializer (fold.ts).

import { defineDialect } from '../../ods/index.js';
import { materializeMathConstant } from './fold.js';
import { MATH_OPS } from './ops.js';

export * from './ops.js';

export const mathDialect = defineDialect({ name: 'math', ops: MATH_OPS, materializeConstant: materializeMathConstant, isLegalToInline: () => true });
