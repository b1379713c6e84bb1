// Passes: a unit of transformation run on one operation (its anchor), with
// typed options. A pass is anchored on an op name, or on any op when
// `opName` is undefined (MLIR's op-agnostic OperationPass<>).

import type { Context } from '../ir/context.js';
import type { Operation } from '../ir/operation.js';
import { PassOptions, type PassOptionSpec } from './options.js';

/** What the registry knows about a pass. */
export interface PassInfo {
  /** The command-line argument, e.g. `cse`. */
  readonly argument: string;
  /** The class-like name shown in IR dumps and timing, e.g. `CSE`. */
  readonly name: string;
  readonly description: string;
  /** The op the pass is restricted to; undefined for op-agnostic passes. */
  readonly opName?: string;
  readonly options?: readonly PassOptionSpec[];
  create(): Pass;
}

/** The state of one run of a pass on one op. */
export class PassRun {
  failed = false;
  preservedAll = false;
  constructor(
    readonly ctx: Context,
    readonly pass: Pass,
  ) {}
  signalPassFailure(): void {
    this.failed = true;
  }
  markAllAnalysesPreserved(): void {
    this.preservedAll = true;
  }
}

export abstract class Pass {
  readonly options: PassOptions;
  constructor(readonly info: PassInfo) {
    this.options = new PassOptions(info.options ?? []);
  }
  get name(): string {
    return this.info.name;
  }
  get argument(): string {
    return this.info.argument;
  }
  get opName(): string | undefined {
    return this.info.opName;
  }
  /** Called once before the pipeline runs (e.g. to build pattern sets). */
  initialize(_ctx: Context): void {}
  /** Whether the pass may run on an op of this name (registered ops only, as MLIR). */
  canScheduleOn(op: Operation): boolean {
    return op.isRegistered;
  }
  abstract runOnOperation(op: Operation, run: PassRun): void;
  /** The pass as it appears in a textual pipeline: `name{opts}`. */
  printAsTextualPipeline(): string {
    return this.argument + this.options.print();
  }
}
