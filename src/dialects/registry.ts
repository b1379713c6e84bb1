// Every dialect scfkit ships, registered into a context in one call.

import { Context, type Dialect } from '../ir/context.js';
import { printOpForDiagnostic, type PrintOptions } from '../syntax/printer.js';
import { affineDialect } from './affine/index.js';
import { arithDialect } from './arith/index.js';
import { builtinDialect } from './builtin/index.js';
import { cfDialect } from './cf/index.js';
import { funcDialect } from './func/index.js';
import { indexDialect } from './index/index.js';
import { linalgDialect } from './linalg/index.js';
import { llvmDialect } from './llvm/index.js';
import { mathDialect } from './math/index.js';
import { memrefDialect } from './memref/index.js';
import { pipelineDialect } from './pipeline/index.js';
import { scfDialect } from './scf/index.js';
import { testDialect } from './test/index.js';
import { ubDialect } from './ub/index.js';
import { vectorDialect } from './vector/index.js';

export const ALL_DIALECTS: readonly Dialect[] = [
  affineDialect,
  arithDialect,
  builtinDialect,
  cfDialect,
  funcDialect,
  indexDialect,
  linalgDialect,
  llvmDialect,
  mathDialect,
  memrefDialect,
  pipelineDialect,
  scfDialect,
  testDialect,
  ubDialect,
  vectorDialect,
];

export function registerAllDialects(ctx: Context): void {
  for (const d of ALL_DIALECTS) if (d.ops.length || d.name === 'builtin') ctx.registerDialect(d);
}

export interface ContextOptions {
  /** Accept ops of dialects that are not registered (mlir-opt's --allow-unregistered-dialect). */
  allowUnregisteredDialects?: boolean;
  /** Attach the failing op to op diagnostics as a note (mlir-opt's default: true). */
  printOpOnDiagnostic?: boolean;
  /** How that note prints the op (generic form unless told otherwise, as mlir-opt). */
  printOptions?: PrintOptions;
}

/** A context with every scfkit dialect registered, printing ops in diagnostics as mlir-opt does. */
export function createContext(options: ContextOptions = {}): Context {
  const ctx = new Context();
  registerAllDialects(ctx);
  ctx.allowUnregisteredDialects = options.allowUnregisteredDialects ?? false;
  ctx.printOpOnDiagnostic = options.printOpOnDiagnostic ?? true;
  ctx.printOpForDiagnostic = (op) => printOpForDiagnostic(ctx, op, options.printOptions);
  return ctx;
}
