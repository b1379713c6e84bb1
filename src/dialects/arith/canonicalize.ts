// arith canonicalization patterns (MLIR's ArithCanonicalization.td and the
// C++ patterns of ArithOps.cpp), keyed by root op name.

import type { RewritePattern } from '../../transforms/pattern.js';

export const ARITH_PATTERNS: Partial<Record<string, () => readonly RewritePattern[]>> = {};
