// The index dialect.

import type { Dialect } from '../../ir/context.js';

export const indexDialect: Dialect = {
  name: 'index',
  ops: [],
};
