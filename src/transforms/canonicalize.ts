// The canonicalize pass: every dialect's and op's canonicalization patterns
// plus folding, applied greedily to the regions of the op it runs on.

import type { Context } from '../ir/context.js';
import type { Operation } from '../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { applyPatternsGreedily, FrozenPatternSet } from './greedy.js';
import type { RewritePattern } from '../ir/pattern.js';
import type { RegionSimplifyLevel } from './region-utils.js';

/** Every canonicalization pattern the context's dialects and ops provide (dialects, then ops, by name). */
export function collectCanonicalizationPatterns(ctx: Context): RewritePattern[] {
  const out: RewritePattern[] = [];
  for (const name of ctx.dialectNames) {
    const d = ctx.getDialect(name);
    if (d?.getCanonicalizationPatterns) out.push(...d.getCanonicalizationPatterns());
  }
  const defs = ctx.dialectNames.flatMap((n) => ctx.getDialect(n)?.ops ?? []);
  defs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const def of defs) if (def.getCanonicalizationPatterns) out.push(...def.getCanonicalizationPatterns());
  return out;
}

export const CanonicalizerInfo: PassInfo = {
  argument: 'canonicalize',
  name: 'Canonicalizer',
  description: 'Canonicalize operations',
  options: [
    { name: 'top-down', kind: 'bool', description: 'Seed the worklist in general top-down order', default: true },
    {
      name: 'region-simplify',
      kind: 'enum',
      description: 'Perform control flow optimizations to the region tree',
      default: 'normal',
      values: [
        ['disabled', "Don't run any control-flow simplification."],
        ['normal', 'Perform simple control-flow simplifications (e.g. dead args elimination).'],
        ['aggressive', 'Perform aggressive control-flow simplification (e.g. block merging).'],
      ],
    },
    { name: 'max-iterations', kind: 'long', description: 'Max. iterations between applying patterns / simplifying regions', default: 10n },
    { name: 'max-num-rewrites', kind: 'long', description: 'Max. number of pattern rewrites within an iteration', default: -1n },
    { name: 'test-convergence', kind: 'bool', description: 'Test only: Fail pass on non-convergence to detect cyclic pattern', default: false },
    { name: 'disable-patterns', kind: 'string-list', description: 'Labels of patterns that should be filtered out during application' },
    {
      name: 'enable-patterns',
      kind: 'string-list',
      description: 'Labels of patterns that should be used during application, all other patterns are filtered out',
    },
  ],
  create: () => new Canonicalizer(),
};

export class Canonicalizer extends Pass {
  private patterns: FrozenPatternSet | undefined;
  constructor() {
    super(CanonicalizerInfo);
  }
  override initialize(ctx: Context): void {
    const disabled = new Set(this.options.list('disable-patterns'));
    const enabled = this.options.list('enable-patterns');
    const enabledSet = new Set(enabled);
    const all = collectCanonicalizationPatterns(ctx).filter(
      (p) => !disabled.has(p.debugName) && (!enabled.length || enabledSet.has(p.debugName)),
    );
    this.patterns = new FrozenPatternSet(all);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const r = applyPatternsGreedily(run.ctx, op, this.patterns!, {
      topDown: this.options.bool('top-down'),
      maxIterations: Number(this.options.int('max-iterations')),
      maxNumRewrites: Number(this.options.int('max-num-rewrites')),
      regionSimplification: this.options.string('region-simplify') as RegionSimplifyLevel,
    });
    if (this.options.bool('test-convergence') && !r.converged) run.signalPassFailure();
    if (!r.changed) run.markAllAnalysesPreserved();
  }
}
