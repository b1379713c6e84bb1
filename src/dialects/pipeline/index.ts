// The pipeline dialect (ops.ts): the software pipeliner's transient ops.

import { defineDialect } from '../../ods/index.js';
import { PIPELINE_OPS } from './ops.js';

export * from './ops.js';

export const pipelineDialect = defineDialect({ name: 'pipeline', ops: PIPELINE_OPS });
