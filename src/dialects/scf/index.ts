// The scf dialect: its ops (ops.ts) with their folders and canonicalization
// patterns (canonicalize.ts).

import { defineDialect } from '../../ods/index.js';
import { implementOp } from '../../ods/index.js';
import { SCF_FOLDS, SCF_PATTERNS } from './canonicalize.js';
import { SCF_OPS } from './ops.js';

export * from './ops.js';

// Transitional: canonicalize.ts still keys its folders and patterns by op name.
for (const h of SCF_OPS) {
  const fold = SCF_FOLDS[h.opName];
  const patterns = SCF_PATTERNS[h.opName];
  if (fold || patterns) implementOp(h, { fold, canonicalizationPatterns: patterns?.() });
}

export const scfDialect = defineDialect({ name: 'scf', ops: SCF_OPS });
