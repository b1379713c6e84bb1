// Every dialect scfkit ships, registered into a context in one call.

import type { Context, Dialect } from '../ir/context.js';
import { arithDialect } from './arith/index.js';
import { builtinDialect } from './builtin/index.js';
import { cfDialect } from './cf/index.js';
import { funcDialect } from './func/index.js';
import { indexDialect } from './index/index.js';
import { llvmDialect } from './llvm/index.js';
import { mathDialect } from './math/index.js';
import { memrefDialect } from './memref/index.js';
import { scfDialect } from './scf/index.js';
import { testDialect } from './test/index.js';
import { ubDialect } from './ub/index.js';
import { vectorDialect } from './vector/index.js';

export const ALL_DIALECTS: readonly Dialect[] = [
  arithDialect,
  builtinDialect,
  cfDialect,
  funcDialect,
  indexDialect,
  llvmDialect,
  mathDialect,
  memrefDialect,
  scfDialect,
  testDialect,
  ubDialect,
  vectorDialect,
];

export function registerAllDialects(ctx: Context): void {
  for (const d of ALL_DIALECTS) if (d.ops.length || d.name === 'builtin') ctx.registerDialect(d);
}
