// The vector dialect.

import type { Dialect } from '../../ir/context.js';

export const vectorDialect: Dialect = {
  name: 'vector',
  ops: [],
};
