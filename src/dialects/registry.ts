// Every dialect scfkit ships, registered into a context in one call.

import type { Context } from '../ir/context.js';
import { arithDialect } from './arith/index.js';
import { builtinDialect } from './builtin/index.js';
import { funcDialect } from './func/index.js';
import { ubDialect } from './ub/index.js';

export const ALL_DIALECTS = [arithDialect, builtinDialect, funcDialect, ubDialect];

export function registerAllDialects(ctx: Context): void {
  for (const d of ALL_DIALECTS) ctx.registerDialect(d);
}
