// The memref dialect.

import type { Dialect } from '../../ir/context.js';

export const memrefDialect: Dialect = {
  name: 'memref',
  ops: [],
};
