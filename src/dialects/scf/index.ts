// The scf dialect.

import type { Dialect } from '../../ir/context.js';

export const scfDialect: Dialect = {
  name: 'scf',
  ops: [],
};
