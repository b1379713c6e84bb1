// Parsing a whole buffer into a top-level op, with mlir-opt's implicit module.

import type { Context } from '../ir/context.js';
import { FileLineColLoc } from '../ir/location.js';
import { Block, Operation } from '../ir/operation.js';
import { parseSourceIntoBlock, type NestVerifier } from './op-parser.js';
import type { SourceFile } from './source.js';

export interface ParseModuleOptions {
  start?: number;
  end?: number;
  /** Wrap the top-level ops in a `builtin.module` unless the input is exactly one module (default true). */
  implicitModule?: boolean;
  /**
   * The verifier that will verify the result: each isolated op's nest is
   * verified by it as the op is parsed (then `verify` skips it), while its
   * IR is in cache.
   */
  verifier?: NestVerifier;
}

/** Creates an empty `builtin.module` with one block. */
export function createModule(ctx: Context, location = FileLineColLoc.get('', 0, 0)): Operation {
  const module = new Operation({ name: ctx.getOperationName('builtin.module'), location, regions: 1 });
  module.regions[0].pushBlock(new Block());
  return module;
}

/**
 * Parses `source` (or its [start, end) chunk). Returns the top-level op, or
 * undefined after reporting diagnostics. The result is not verified.
 */
export function parseModule(ctx: Context, source: SourceFile, options: ParseModuleOptions = {}): Operation | undefined {
  const block = parseSourceIntoBlock(ctx, source, { start: options.start, end: options.end, verifier: options.verifier });
  if (!block) return undefined;
  const implicit = options.implicitModule ?? true;
  const first = block.first;
  if (!implicit) {
    const count = block.ops.length;
    if (count !== 1) {
      ctx.diagnostics.emit(
        'error',
        FileLineColLoc.get(source.name, 0, 0),
        `source must contain a single top-level operation, found: ${count}`,
      );
      return undefined;
    }
    first!.remove();
    return first!;
  }
  if (first && first === block.last && first.name.name === 'builtin.module') {
    first.remove();
    return first;
  }
  // The implicit module is at the buffer's start: 0:0 for a whole file, and
  // where the chunk begins (right after the split marker) for a later chunk.
  const at = options.start ? source.location(options.start) : FileLineColLoc.get(source.name, 0, 0);
  const module = createModule(ctx, at);
  const body = module.regions[0].entry;
  for (const op of block.ops) {
    op.remove();
    body.append(op);
  }
  return module;
}
