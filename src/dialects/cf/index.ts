// The cf dialect.

import type { Dialect } from '../../ir/context.js';

export const cfDialect: Dialect = {
  name: 'cf',
  ops: [],
};
