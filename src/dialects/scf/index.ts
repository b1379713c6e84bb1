// The scf dialect: its ops (ops.ts) with their folders (fold.ts) and
// canonicalization patterns (canonicalize.ts).

import { defineDialect } from '../../ods/index.js';
import './canonicalize.js';
import './fold.js';
import { SCF_OPS } from './ops.js';

export * from './ops.js';

export const scfDialect = defineDialect({ name: 'scf', ops: SCF_OPS, isLegalToInline: () => true });
