// The pipeline dialect: the transient ops of the software pipeliner RFC
// ("Changing the loop pipeliner prologue/epilogue generation"). The RFC's
// pipeliner emits the pipelined loop once over a widened range; in each
// kernel iteration `pipeline.predicate` says whether a stage works on a real
// iteration of the original loop, and `pipeline.mask` runs one op only when
// it does. Peeling iterations off the kernel makes most predicates constant,
// which folds the masks; the rest are lowered to arith/scf.

import type { Type } from '../../ir/attributes.js';
import type { Builder } from '../../ir/builder.js';
import { IndexType, IntegerType } from '../../ir/builtin-types.js';
import { Traits, fail, q } from '../../ir/context.js';
import { UnknownLoc, type Location } from '../../ir/location.js';
import { Block, type Operation, type Value } from '../../ir/operation.js';
import {
  AllTypesMatch,
  AnyType,
  I1,
  I64Attr,
  SingleBlockTrait,
  attr,
  defineOp,
  implementOp,
  operand,
  result,
  sizedRegion,
  typeConstraint,
  unitAttr,
  variadicOperand,
  variadicResult,
} from '../../ods/index.js';

const SignlessIntegerOrIndex = typeConstraint(
  'signless integer or index',
  (t) => t instanceof IndexType || (t instanceof IntegerType && t.signedness === 'signless'),
);

/**
 * `pipeline.predicate stage s of S, %iv, %lb, %ub, %step : t`: whether the
 * kernel iteration at `%iv` runs stage `s` on an iteration of the original
 * loop `[lb, ub) step step`. The kernel's induction variable stands for the
 * iteration its last stage works on, so stage s works on
 * `iv + (S - 1 - s) * step`; the result is `lb <= that < ub`. With `unsigned`
 * (a kernel of an unsigned loop, widened upwards) the induction variable
 * stands for the first stage's iteration, stage s works on `iv - s * step`
 * (real when `iv - lb >= s * step`, as the kernel's iv is never below lb,
 * and `iv - s * step < ub`), the comparisons unsigned.
 */
export const PredicateOp = defineOp({
  name: 'pipeline.predicate',
  summary: 'whether a pipeline stage runs a real iteration in this kernel iteration',
  traits: [Traits.Pure, AllTypesMatch(['iv', 'lowerBound', 'upperBound', 'step'])],
  operands: [
    operand('iv', SignlessIntegerOrIndex),
    operand('lowerBound', SignlessIntegerOrIndex),
    operand('upperBound', SignlessIntegerOrIndex),
    operand('step', SignlessIntegerOrIndex),
  ],
  results: [result('result', I1)],
  attributes: [attr('stage', I64Attr), attr('numStages', I64Attr), unitAttr('unsignedCmp')],
  assemblyFormat: '`stage` $stage `of` $numStages `,` $iv `,` $lowerBound `,` $upperBound `,` $step (`unsigned` $unsignedCmp^)? attr-dict `:` type($iv)',
});

implementOp(PredicateOp, {
  verify(op, ctx) {
    const stage = PredicateOp.stage(op);
    const stages = PredicateOp.numStages(op);
    if (stages < 1n) return fail(ctx, op, `requires a positive number of stages, got ${stages}`);
    if (stage < 0n || stage >= stages) return fail(ctx, op, `stage ${stage} is out of range [0, ${stages})`);
    return true;
  },
});

/** `pipeline.yield`: ends a `pipeline.mask` region with the masked op's results. */
export const YieldOp = defineOp({
  name: 'pipeline.yield',
  summary: 'terminator of pipeline.mask',
  traits: [Traits.Pure, Traits.ReturnLike, Traits.IsTerminator],
  operands: [variadicOperand('results', AnyType)],
  assemblyFormat: 'attr-dict ($results^ `:` type($results))?',
});

/**
 * `%r = pipeline.mask %p -> (t...) { op; pipeline.yield ... }`: runs its
 * region (one guarded op and its yield) when `%p` is true and gives the
 * yielded values; when `%p` is false nothing runs and the results are poison.
 */
export const MaskOp = defineOp({
  name: 'pipeline.mask',
  summary: 'runs one operation when a predicate holds, else yields poison',
  traits: [Traits.RecursiveMemoryEffects, SingleBlockTrait],
  operands: [operand('predicate', I1)],
  results: [variadicResult('results', AnyType)],
  regions: [sizedRegion('region', 1)],
  assemblyFormat: '$predicate (`->` `(` type($results)^ `)`)? $region attr-dict',
})
  .withAccessors({
    body: (op): Block => op.regions[0].entry,
    yieldOp: (op) => YieldOp.cast(op.regions[0].entry.last!),
    /** The guarded op (the region's first op; the yield when the region holds no op). */
    maskedOp: (op): Operation => op.regions[0].entry.first!,
  })
  .withBuilders((self) => ({
    /** A mask over an empty block; `bodyBuilder` fills it and ends it with `pipeline.yield`. */
    create(b: Builder, args: { predicate: Value; resultTypes: readonly Type[]; location?: Location }, bodyBuilder: (b: Builder) => void): Operation {
      const location = args.location ?? UnknownLoc.get();
      const op = self.build(b, { predicate: args.predicate, results: [...args.resultTypes], location });
      const block = new Block();
      op.regions[0].pushBlock(block);
      const saved = b.insertionPoint;
      b.setInsertionPointToEnd(block);
      bodyBuilder(b);
      b.insertionPoint = saved;
      return op;
    },
  }));

implementOp(YieldOp, { parentOps: [MaskOp] });

implementOp(MaskOp, {
  verify(op, ctx) {
    const term = op.regions[0].entry.last;
    if (!term || !YieldOp.isa(term)) return fail(ctx, op, "expects its region to end with 'pipeline.yield'");
    const yielded = YieldOp.results(term);
    if (yielded.length !== op.results.length) return fail(ctx, op, `yields ${yielded.length} values but has ${op.results.length} results`);
    for (let i = 0; i < yielded.length; i++)
      if (yielded[i].type !== op.results[i].type) return fail(ctx, op, `result #${i} has type ${q(op.results[i].type)} but the region yields ${q(yielded[i].type)}`);
    return true;
  },
});

export const PIPELINE_OPS = [MaskOp, PredicateOp, YieldOp];
