// Pass managers: an ordered list of passes and nested pass managers anchored on
// an op name (or `any`), run the way MLIR's OpPassManager runs them: nested
// managers run on the immediate children of the op whose name they match,
// the IR is verified after each pass, and instrumentations (IR printing,
// timing) see every pass execution.

import type { Context } from '../ir/context.js';
import type { Operation } from '../ir/operation.js';
import { verify } from '../ir/verifier.js';
import { Pass, PassRun } from './pass.js';

/** Hooks around pass executions (IR printing, timing). */
export interface PassInstrumentation {
  runBeforePass?(pass: Pass, op: Operation): void;
  runAfterPass?(pass: Pass, op: Operation): void;
  runAfterPassFailed?(pass: Pass, op: Operation): void;
  runBeforePipeline?(pm: OpPassManager, op: Operation): void;
  runAfterPipeline?(pm: OpPassManager, op: Operation): void;
}

/** A nested pass manager as an element of its parent's pass list. */
export class NestedPipeline {
  constructor(readonly managers: OpPassManager[]) {}
}

export type PipelineElement = Pass | NestedPipeline;

export class OpPassManager {
  readonly elements: PipelineElement[] = [];
  constructor(
    /** The op name this manager runs on, or 'any'. */
    readonly anchor: string,
    public nesting: 'implicit' | 'explicit' = 'explicit',
  ) {}

  get isOpAgnostic(): boolean {
    return this.anchor === 'any';
  }

  /** A new nested manager for ops named `name`, added to this one. */
  nest(name: string): OpPassManager {
    const nested = new OpPassManager(name, this.nesting);
    this.elements.push(new NestedPipeline([nested]));
    return nested;
  }

  /** Adds a pass; with implicit nesting, passes restricted to another op get a nested manager. */
  addPass(pass: Pass): void {
    const passOp = pass.opName;
    if (passOp && !this.isOpAgnostic && passOp !== this.anchor) {
      if (this.nesting === 'implicit') return this.nest(passOp).addPass(pass);
    }
    this.elements.push(pass);
  }

  get size(): number {
    return this.elements.length;
  }

  /** Every pass, nested ones included. */
  *allPasses(): IterableIterator<Pass> {
    for (const e of this.elements) {
      if (e instanceof Pass) yield e;
      else for (const m of e.managers) yield* m.allPasses();
    }
  }

  /** Merges adjacent nested pipelines as MLIR does before running. */
  finalize(): void {
    const out: PipelineElement[] = [];
    for (const e of this.elements) {
      const prev = out[out.length - 1];
      if (e instanceof NestedPipeline && prev instanceof NestedPipeline) {
        for (const m of e.managers) {
          const same = prev.managers.find((x) => x.anchor === m.anchor);
          if (same) same.elements.push(...m.elements);
          else prev.managers.push(m);
        }
      } else out.push(e instanceof NestedPipeline ? new NestedPipeline([...e.managers]) : e);
    }
    this.elements.splice(0, this.elements.length, ...out);
    for (const e of this.elements) if (e instanceof NestedPipeline) for (const m of e.managers) m.finalize();
  }

  /** `anchor(p1, p2{opts}, nested(...))` on one line. */
  printAsTextualPipeline(): string {
    const parts = this.elements.map((e) => (e instanceof Pass ? e.printAsTextualPipeline() : e.managers.map((m) => m.printAsTextualPipeline()).join(',')));
    return `${this.anchor}(${parts.join(',')})`;
  }

  /** The `--dump-pass-pipeline` rendering (multi-line, two-space indents). */
  dump(): string {
    let out = `Pass Manager with ${this.size} passes:\n`;
    const rec = (pm: OpPassManager, indent: number): void => {
      out += ' '.repeat(indent) + pm.anchor + '(\n';
      pm.elements.forEach((e, i) => {
        if (e instanceof Pass) out += ' '.repeat(indent + 2) + e.printAsTextualPipeline();
        else
          e.managers.forEach((m, j) => {
            if (j) out += ',\n';
            rec(m, indent + 2);
          });
        out += i + 1 < pm.elements.length ? ',\n' : '\n';
      });
      out += ' '.repeat(indent) + ')';
    };
    rec(this, 0);
    return out + '\n\n';
  }
}

export interface RunConfig {
  verifyEach: boolean;
  instrumentations: PassInstrumentation[];
}

/** Runs a top-level pass manager on `op`. Returns false on failure (diagnostics already emitted). */
export function runPassManager(ctx: Context, pm: OpPassManager, op: Operation, config: RunConfig): boolean {
  if (!checkAnchor(ctx, pm, op)) return false;
  initializePassManager(ctx, pm);
  return runPipeline(ctx, pm, op, config);
}

/**
 * Finalizes `pm` and initializes its passes (canonicalize builds its pattern
 * set here). A caller that runs one pipeline many times, as the inliner runs
 * its optimizer pipeline on each callable, does this once and then calls
 * `runInitializedPassManager`.
 */
export function initializePassManager(ctx: Context, pm: OpPassManager): void {
  pm.finalize();
  for (const p of pm.allPasses()) p.initialize(ctx);
}

/** `runPassManager` without the initialization (see `initializePassManager`). */
export function runInitializedPassManager(ctx: Context, pm: OpPassManager, op: Operation, config: RunConfig): boolean {
  return checkAnchor(ctx, pm, op) && runPipeline(ctx, pm, op, config);
}

function checkAnchor(ctx: Context, pm: OpPassManager, op: Operation): boolean {
  if (pm.isOpAgnostic || pm.anchor === op.name.name) return true;
  ctx.diagnostics.emit('error', op.location, `can't run '${pm.anchor}' pass manager on '${op.name.name}' op`);
  return false;
}

function runPipeline(ctx: Context, pm: OpPassManager, op: Operation, config: RunConfig): boolean {
  for (const i of config.instrumentations) i.runBeforePipeline?.(pm, op);
  let ok = true;
  for (const e of pm.elements) {
    if (!(e instanceof Pass ? runPass(ctx, e, op, config) : runNested(ctx, e, op, config))) {
      ok = false;
      break;
    }
  }
  for (const i of config.instrumentations) i.runAfterPipeline?.(pm, op);
  return ok;
}

function runPass(ctx: Context, pass: Pass, op: Operation, config: RunConfig): boolean {
  for (const i of config.instrumentations) i.runBeforePass?.(pass, op);
  const run = new PassRun(ctx, pass);
  pass.runOnOperation(op, run);
  let failed = run.failed;
  if (!failed && config.verifyEach && !run.preservedAll) failed = !verify(ctx, op);
  for (const i of config.instrumentations) {
    if (failed) i.runAfterPassFailed?.(pass, op);
    else i.runAfterPass?.(pass, op);
  }
  return !failed;
}

function findManager(managers: readonly OpPassManager[], op: Operation): OpPassManager | undefined {
  for (const m of managers) if (m.anchor === op.name.name) return m;
  if (!op.isRegistered) return undefined;
  for (const m of managers) if (m.isOpAgnostic) return m;
  return undefined;
}

function runNested(ctx: Context, nested: NestedPipeline, op: Operation, config: RunConfig): boolean {
  // Collect first: passes may not add or remove siblings of the ops they run on.
  const work: [OpPassManager, Operation][] = [];
  for (const region of op.regions)
    for (const block of region.blocks)
      for (let child = block.first; child; child = child.next) {
        const m = findManager(nested.managers, child);
        if (m) work.push([m, child]);
      }
  // Like MLIR's OpToOpPassAdaptor, every child runs its pipeline even after
  // another failed (each failure reports its own diagnostics); the adaptor
  // fails if any did.
  let ok = true;
  for (const [m, child] of work) if (!runPipeline(ctx, m, child, config)) ok = false;
  return ok;
}
