// Passes from the library: pipelines parsed from MLIR's textual form or built
// from pass objects, run on an op with diagnostics turned into an exception.
//
//   PassManager.parse('builtin.module(func.func(canonicalize,cse))').run(module);
//   PassManager.on().add('canonicalize', { 'max-iterations': 3 }).add(createPass('cse')).run(module);

import type { Operation } from '../ir/operation.js';
import type { Context } from '../ir/context.js';
import { registerAllPasses } from '../passes/all.js';
import type { PassOptionSpec } from '../passes/options.js';
import { OpPassManager, runPassManager } from '../passes/pass-manager.js';
import type { Pass } from '../passes/pass.js';
import { PipelineError, addPassToPipeline, parsePassPipeline } from '../passes/pipeline.js';
import { lookupPass, registeredPasses } from '../passes/registry.js';
import { renderDiagnostics } from './text.js';

registerAllPasses();

const TOOL = 'scfkit';

/** A value of a pass option given from JavaScript. */
export type PassOptionInput = boolean | number | bigint | string | readonly (string | number | bigint)[];

/** Thrown for an unknown pass, a malformed pipeline or bad options; `message` is MLIR's wording. */
export class PassPipelineError extends Error {}

/** Thrown when a pass fails on the IR; `message` holds the diagnostics in MLIR's form. */
export class PassFailure extends Error {}

/** What the registry knows about a pass, for listing. */
export interface PassDescription {
  /** The pipeline name, e.g. `canonicalize`. */
  readonly argument: string;
  readonly name: string;
  readonly description: string;
  /** The op it is restricted to, if any (e.g. `func.func`). */
  readonly opName?: string;
  readonly options: readonly PassOptionSpec[];
}

/** Every registered pass, sorted by its pipeline name. */
export function listPasses(): PassDescription[] {
  return registeredPasses().map((p) => ({ argument: p.argument, name: p.name, description: p.description, opName: p.opName, options: p.options ?? [] }));
}

/** `{a: 1, b: [x, y]}` as MLIR's `a=1 b=x,y` option text. */
function optionText(options: Readonly<Record<string, PassOptionInput>>): string {
  return Object.entries(options)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
    .join(' ');
}

function unwrap(e: unknown): never {
  if (e instanceof PipelineError) throw new PassPipelineError((e.direct + e.message).trimEnd());
  throw e;
}

/** A pass by its pipeline name, with options; throws PassPipelineError when unknown or invalid. */
export function createPass(argument: string, options: Readonly<Record<string, PassOptionInput>> = {}): Pass {
  const info = lookupPass(argument);
  if (!info) throw new PassPipelineError(`'${argument}' does not refer to a registered pass or pass pipeline`);
  const pm = new OpPassManager('any', 'explicit');
  try {
    addPassToPipeline(TOOL, pm, info, optionText(options));
  } catch (e) {
    unwrap(e);
  }
  return [...pm.allPasses()][0];
}

/**
 * A pass pipeline anchored on an op name (`builtin.module` by default).
 * Passes restricted to another op (e.g. `func.func` passes on a module) are
 * nested implicitly, as mlir-opt's `--pass` flags do.
 */
export class PassManager {
  private constructor(private readonly pm: OpPassManager) {
    // Private to TypeScript only: a JavaScript `new PassManager()` would fail later, at `add`, with no hint.
    if (!(pm instanceof OpPassManager)) throw new TypeError('PassManager: make one with PassManager.on(anchor) or PassManager.parse(pipeline)');
  }

  /** A pipeline on ops named `anchor` (`builtin.module` when omitted); the constructor is private. */
  static on(anchor = 'builtin.module'): PassManager {
    return new PassManager(new OpPassManager(anchor, 'implicit'));
  }

  /** Parses MLIR's textual pipeline, e.g. `builtin.module(func.func(canonicalize,cse))`. */
  static parse(pipeline: string): PassManager {
    try {
      return new PassManager(parsePassPipeline(TOOL, pipeline));
    } catch (e) {
      return unwrap(e);
    }
  }

  /** Adds a pass, by name with options or as a pass object from createPass. */
  add(pass: string | Pass, options: Readonly<Record<string, PassOptionInput>> = {}): this {
    this.pm.addPass(typeof pass === 'string' ? createPass(pass, options) : pass);
    return this;
  }

  /** A nested pipeline running on the ops named `anchor` directly inside this one's. */
  nest(anchor: string): PassManager {
    return new PassManager(this.pm.nest(anchor));
  }

  /** The pipeline in MLIR's textual form. */
  get pipeline(): string {
    return this.pm.printAsTextualPipeline();
  }

  /**
   * Runs the pipeline on `op` (in place), verifying after each pass unless
   * `verifyEach` is false. Throws PassFailure with the diagnostics when a pass
   * fails or leaves invalid IR.
   */
  run(op: Operation, options: { verifyEach?: boolean; ctx?: Context } = {}): void {
    const ctx = options.ctx ?? op.context;
    const ok = runPassManager(ctx, this.pm, op, { verifyEach: options.verifyEach ?? true, instrumentations: [] });
    const diags = ctx.diagnostics.take();
    if (!ok) throw new PassFailure(renderDiagnostics(diags) || 'pass pipeline failed');
  }
}
