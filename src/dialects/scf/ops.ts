// The scf dialect's ops (MLIR 22's SCFOps.td): structured control flow —
// for, forall, if, index_switch, parallel/reduce, while/condition,
// execute_region and yield — declared once each, with their typed handles,
// MLIR's custom syntax where ODS has hasCustomAssemblyFormat, the verifiers
// and the op interfaces passes rely on.

import type { Attribute, Type } from '../../ir/attributes.js';
import type { Builder } from '../../ir/builder.js';
import { ArrayAttr, DenseArrayAttr, IntegerAttr, UnitAttr } from '../../ir/builtin-attributes.js';
import { FunctionType, IndexType, IntegerType, TokenType, kDynamicI64 } from '../../ir/builtin-types.js';
import { Traits, emitOpError, fail, failPlain, q, type Context } from '../../ir/context.js';
import {
  Interfaces,
  getInterface,
  type BreakingExitInterface,
  type LoopCarriedRanges,
  type LoopLikeInterface,
  type RegionBranchInterface,
  type RegionBranchTerminatorInterface,
  type RegionSuccessor,
  type RegionSuccessorRange,
  type OperandRange,
  type SpeculatableInterface,
} from '../../ir/interfaces.js';
import { UnknownLoc, type Location } from '../../ir/location.js';
import { matchConstant, matchConstantInt } from '../../ir/matchers.js';
import type { Argument, OpAsmParser, OpAsmPrinter, OperationState, PrintRegionOptions, UnresolvedOperand } from '../../ir/op-asm.js';
import { Block, BlockArgument, Operation, Region, type OpOperand, type OpResult, type Value } from '../../ir/operation.js';
import {
  AllTypesMatch,
  AnyRankedTensor,
  AnyType,
  ArrayAttrC,
  DenseI64ArrayAttrC,
  I1,
  Index,
  SingleBlockTrait,
  AttrSizedOperandSegments,
  allAttrs,
  attr,
  defineOp,
  parseDynamicIndexList,
  printDynamicIndexList,
  implementOp,
  maxSizedRegion,
  operand,
  optionalAttr,
  registerCustomDirective,
  region,
  sizedRegion,
  typeConstraint,
  unitAttr,
  variadicOperand,
  variadicRegion,
  variadicResult,
  verifyImplicitTerminator,
  verifyLoopLike,
  verifyRegionBranch,
  verifySingleBlock,
  type Op,
} from '../../ods/index.js';

/** ShapedType::kDynamic: the marker of a dynamic entry in static index lists. */

const AnySignlessIntegerOrIndex = typeConstraint(
  'signless integer or index',
  (t) => t instanceof IndexType || (t instanceof IntegerType && t.signedness === 'signless'),
);

/** Mixed static/dynamic values (MLIR's OpFoldResult): an integer or an SSA value. */
export type Mixed = bigint | Value;

/** The integer a mixed value is known to be, if any. */
export function mixedConstant(m: Mixed | undefined): bigint | undefined {
  if (m === undefined) return undefined;
  return typeof m === 'bigint' ? m : matchConstantInt(m);
}

function mixed(statics: readonly bigint[], dynamics: readonly Value[]): Mixed[] {
  let d = 0;
  return statics.map((s) => (s === kDynamicI64 ? dynamics[d++] : s));
}

/** Mixed static/dynamic values as OpFoldResults: a value, or an index attribute. */
function foldResults(statics: readonly bigint[], dynamics: readonly Value[]): (Value | Attribute)[] {
  return mixed(statics, dynamics).map((m) => (typeof m === 'bigint' ? IntegerAttr.get(IndexType.get(), m) : m));
}

/** getAsOpFoldResult: a constant value as its attribute. */
function asFoldResult(v: Value): Value | Attribute {
  return matchConstant(v) ?? v;
}

// ============================================================================
// Declarations

export const ConditionOp = defineOp({
  name: 'scf.condition',
  summary: 'loop continuation condition',
  traits: [Traits.Pure, Traits.IsTerminator],
  operands: [operand('condition', I1), variadicOperand('args', AnyType)],
  assemblyFormat: '`(` $condition `)` attr-dict ($args^ `:` type($args))?',
});

export const ExecuteRegionOp = defineOp({
  name: 'scf.execute_region',
  summary: 'operation that executes its region exactly once',
  results: [variadicResult('results', AnyType)],
  attributes: [unitAttr('no_inline')],
  regions: [region('region')],
  traits: [Traits.RecursiveMemoryEffects],
})
  .withAccessors({
    /** The entry block's `token` argument that `scf.break` targets, if the op has one (upstream early exits). */
    token: (op): BlockArgument | undefined => {
      const arg = op.regions[0].blocks[0]?.args[0];
      return arg && arg.type instanceof TokenType ? arg : undefined;
    },
  })
  .withBuilders((self) => ({
    /**
     * An execute_region with one entry block, given a `token` argument when
     * `withToken` (so `scf.break` can target it). `bodyBuilder` fills the
     * block and must end it with `scf.yield` or `scf.break`.
     */
    create(
      b: Builder,
      args: { resultTypes?: readonly Type[]; withToken?: boolean; noInline?: boolean; location?: Location },
      bodyBuilder: (b: Builder, location: Location, token: BlockArgument | undefined) => void,
    ): Op<'scf.execute_region'> {
      const location = args.location ?? UnknownLoc.get();
      const op = self.build(b, { results: args.resultTypes ?? [], no_inline: args.noInline, location });
      const entry = new Block();
      op.regions[0].pushBlock(entry);
      const token = args.withToken ? entry.addArgument(TokenType.get(), location) : undefined;
      fillBody(b, entry, location, () => bodyBuilder(b, location, token), false);
      return op;
    },
  }));

export const ForOp = defineOp({
  name: 'scf.for',
  summary: 'for operation',
  traits: [Traits.AutomaticAllocationScope, AllTypesMatch(['lowerBound', 'upperBound', 'step']), SingleBlockTrait, Traits.RecursiveMemoryEffects],
  operands: [
    operand('lowerBound', AnySignlessIntegerOrIndex),
    operand('upperBound', AnySignlessIntegerOrIndex),
    operand('step', AnySignlessIntegerOrIndex),
    variadicOperand('initArgs', AnyType),
  ],
  results: [variadicResult('results', AnyType)],
  attributes: [unitAttr('unsignedCmp')],
  regions: [sizedRegion('region', 1)],
})
  .withAccessors({
    /** The body block. */
    body: (op) => op.regions[0].entry,
    /** The induction variable (the body's first argument). */
    inductionVar: (op): BlockArgument => op.regions[0].entry.args[0],
    /** The loop-carried values inside the body (the body's other arguments). */
    regionIterArgs: (op): BlockArgument[] => op.regions[0].entry.args.slice(1),
    /** The `scf.yield` ending the body. */
    yieldOp: (op): Operation => op.regions[0].entry.last!,
    /** getLowerBoundMutable/getUpperBoundMutable/getStepMutable: the operands, to set them (setLowerBound, ...). */
    lowerBoundMutable: (op): OpOperand => op.opOperand(0),
    upperBoundMutable: (op): OpOperand => op.opOperand(1),
    stepMutable: (op): OpOperand => op.opOperand(2),
    /** getInitArgsMutable: the init operands, to set them. */
    initArgsMutable: (op): OpOperand[] => op.operandList.slice(3),
  })
  .withBuilders((self) => ({
    /**
     * ForOp::build: a loop with a body block holding the induction variable
     * and one argument per init. The body is filled by `bodyBuilder` (which
     * must end it with `scf.yield` when there are inits); without one, an
     * empty `scf.yield` is added when there are no inits.
     */
    create(
      b: Builder,
      args: { lowerBound: Value; upperBound: Value; step: Value; initArgs?: readonly Value[]; unsignedCmp?: boolean; location?: Location },
      bodyBuilder?: (b: Builder, location: Location, inductionVar: Value, iterArgs: readonly Value[]) => void,
    ): Op<'scf.for'> {
      const inits = args.initArgs ?? [];
      const location = args.location ?? UnknownLoc.get();
      const op = self.build(b, {
        lowerBound: args.lowerBound,
        upperBound: args.upperBound,
        step: args.step,
        initArgs: inits,
        results: inits.map((v) => v.type),
        unsignedCmp: args.unsignedCmp,
        location,
      });
      const body = new Block();
      op.regions[0].pushBlock(body);
      body.addArgument(args.lowerBound.type, location);
      // Each iter arg takes its init value's location (MLIR's v.getLoc()).
      for (const v of inits) body.addArgument(v.type, v instanceof BlockArgument ? v.location : (v as OpResult).owner.location);
      fillBody(b, body, location, bodyBuilder ? () => bodyBuilder(b, location, body.args[0], body.args.slice(1)) : undefined, inits.length === 0);
      return op;
    },
  }));

export const ForallOp = defineOp({
  name: 'scf.forall',
  summary: 'evaluate a block multiple times in parallel',
  traits: [Traits.AutomaticAllocationScope, Traits.RecursiveMemoryEffects, AttrSizedOperandSegments, SingleBlockTrait],
  operands: [
    variadicOperand('dynamicLowerBound', Index),
    variadicOperand('dynamicUpperBound', Index),
    variadicOperand('dynamicStep', Index),
    variadicOperand('outputs', AnyRankedTensor),
  ],
  results: [variadicResult('results', AnyType)],
  attributes: [
    attr('staticLowerBound', DenseI64ArrayAttrC),
    attr('staticUpperBound', DenseI64ArrayAttrC),
    attr('staticStep', DenseI64ArrayAttrC),
    // No attribute of scfkit implements DeviceMappingAttrInterface: only an empty array qualifies.
    optionalAttr('mapping', { ...ArrayAttrC, summary: 'Device Mapping array attribute', check: (a: Attribute): a is ArrayAttr => a instanceof ArrayAttr && a.elements.length === 0 }),
  ],
  regions: [sizedRegion('region', 1)],
}).withAccessors({
  /** The number of induction variables. */
  rank: (op): number => staticList(op, 'staticLowerBound').length,
  body: (op) => op.regions[0].entry,
  inductionVars: (op): BlockArgument[] => op.regions[0].entry.args.slice(0, staticList(op, 'staticLowerBound').length),
  /** The block arguments standing for the shared outputs. */
  regionOutArgs: (op): BlockArgument[] => op.regions[0].entry.args.slice(staticList(op, 'staticLowerBound').length),
  mixedLowerBound: (op): Mixed[] => mixed(staticList(op, 'staticLowerBound'), ForallOp.dynamicLowerBound(op)),
  mixedUpperBound: (op): Mixed[] => mixed(staticList(op, 'staticUpperBound'), ForallOp.dynamicUpperBound(op)),
  mixedStep: (op): Mixed[] => mixed(staticList(op, 'staticStep'), ForallOp.dynamicStep(op)),
  /** The `scf.forall.in_parallel` ending the body. */
  terminator: (op): Operation => op.regions[0].entry.last!,
});

export const InParallelOp = defineOp({
  name: 'scf.forall.in_parallel',
  summary: 'terminates a `forall` block',
  traits: [Traits.Pure, Traits.IsTerminator, Traits.NoTerminator, Traits.SingleBlock, Traits.GraphRegions],
  regions: [sizedRegion('region', 1)],
});

export const IfOp = defineOp({
  name: 'scf.if',
  summary: 'if-then-else operation',
  traits: [Traits.RecursiveMemoryEffects, SingleBlockTrait],
  operands: [operand('condition', I1)],
  results: [variadicResult('results', AnyType)],
  regions: [sizedRegion('thenRegion', 1), maxSizedRegion('elseRegion', 1)],
})
  .withAccessors({
    /** The condition operand itself (MLIR's getConditionMutable), for folds that update it in place. */
    conditionMutable: (op): OpOperand => op.opOperand(0),
    thenBlock: (op) => op.regions[0].entry,
    /** The else block, if the op has one. */
    elseBlock: (op): Block | undefined => op.regions[1].blocks[0],
    thenYield: (op): Operation => op.regions[0].entry.last!,
    elseYield: (op): Operation | undefined => op.regions[1].blocks[0]?.last ?? undefined,
  })
  .withBuilders((self) => ({
    /**
     * IfOp::build: then block (and else block when asked), each ended by an
     * empty `scf.yield` when there are no results (otherwise the caller
     * fills them). `thenBuilder`/`elseBuilder` fill the blocks.
     */
    create(
      b: Builder,
      args: { condition: Value; resultTypes?: readonly Type[]; withElse?: boolean; location?: Location },
      thenBuilder?: (b: Builder, location: Location) => void,
      elseBuilder?: (b: Builder, location: Location) => void,
    ): Op<'scf.if'> {
      const types = args.resultTypes ?? [];
      const location = args.location ?? UnknownLoc.get();
      const op = self.build(b, { condition: args.condition, results: types, location });
      const thenBlock = new Block();
      op.regions[0].pushBlock(thenBlock);
      fillBody(b, thenBlock, location, thenBuilder ? () => thenBuilder(b, location) : undefined, types.length === 0);
      if (args.withElse || elseBuilder) {
        const elseBlock = new Block();
        op.regions[1].pushBlock(elseBlock);
        fillBody(b, elseBlock, location, elseBuilder ? () => elseBuilder(b, location) : undefined, types.length === 0);
      }
      return op;
    },
  }));

export const IndexSwitchOp = defineOp({
  name: 'scf.index_switch',
  summary: 'switch-case operation on an index argument',
  traits: [Traits.RecursiveMemoryEffects, SingleBlockTrait],
  operands: [operand('arg', Index)],
  results: [variadicResult('results', AnyType)],
  attributes: [attr('cases', DenseI64ArrayAttrC)],
  regions: [sizedRegion('defaultRegion', 1), variadicRegion('caseRegions', 1)],
  assemblyFormat: '$arg attr-dict (`->` type($results)^)? custom<SwitchCases>($cases, $caseRegions) `\\n` `` `default` $defaultRegion',
}).withAccessors({
  defaultBlock: (op) => op.regions[0].entry,
  caseBlocks: (op): Block[] => op.regions.slice(1).map((r) => r.entry),
  /** The region taken for `value` (the default region when no case matches). */
  regionFor: (op) => (value: bigint): Region => {
    const i = staticList(op, 'cases').indexOf(value);
    return op.regions[i >= 0 ? i + 1 : 0];
  },
});

export const ParallelOp = defineOp({
  name: 'scf.parallel',
  summary: 'parallel for operation',
  traits: [Traits.AutomaticAllocationScope, Traits.RecursiveMemoryEffects, AttrSizedOperandSegments, SingleBlockTrait],
  operands: [
    variadicOperand('lowerBound', Index),
    variadicOperand('upperBound', Index),
    variadicOperand('step', Index),
    variadicOperand('initVals', AnyType),
  ],
  results: [variadicResult('results', AnyType)],
  regions: [sizedRegion('region', 1)],
})
  .withAccessors({
    body: (op) => op.regions[0].entry,
    inductionVars: (op): BlockArgument[] => [...op.regions[0].entry.args],
    /** The `scf.reduce` ending the body. */
    reduceOp: (op): Operation => op.regions[0].entry.last!,
    /** The step operands (one per dimension), to replace in place. */
    stepMutable: (op): OpOperand[] => {
      const n = op.regions[0].entry.args.length;
      return op.operandList.slice(2 * n, 3 * n);
    },
  })
  .withBuilders((self) => ({
    /**
     * ParallelOp::build: a body block with one index argument per dimension,
     * filled by `bodyBuilder`; without reductions it then ends with an empty
     * `scf.reduce` unless it already ends with a terminator.
     */
    create(
      b: Builder,
      args: { lowerBound: readonly Value[]; upperBound: readonly Value[]; step: readonly Value[]; initVals?: readonly Value[]; location?: Location },
      bodyBuilder?: (b: Builder, location: Location, inductionVars: readonly Value[]) => void,
    ): Op<'scf.parallel'> {
      const inits = args.initVals ?? [];
      const location = args.location ?? UnknownLoc.get();
      const op = self.build(b, { ...args, initVals: inits, results: inits.map((v) => v.type), location });
      const body = new Block();
      op.regions[0].pushBlock(body);
      for (let i = 0; i < args.lowerBound.length; i++) body.addArgument(IndexType.get(), location);
      const saved = b.insertionPoint;
      b.setInsertionPointToEnd(body);
      if (bodyBuilder) bodyBuilder(b, location, body.args);
      // ensureTerminator: loops without reductions end with an empty scf.reduce.
      if (!inits.length && !body.last?.hasTrait(Traits.IsTerminator)) {
        b.setInsertionPointToEnd(body);
        ReduceOp.build(b, { location });
      }
      b.insertionPoint = saved;
      return op;
    },
  }));

export const ReduceOp = defineOp({
  name: 'scf.reduce',
  summary: 'reduce operation for scf.parallel',
  traits: [Traits.IsTerminator, Traits.RecursiveMemoryEffects],
  operands: [variadicOperand('operands', AnyType)],
  regions: [variadicRegion('reductions', 1)],
  assemblyFormat: '(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict',
});

export const ReduceReturnOp = defineOp({
  name: 'scf.reduce.return',
  summary: 'terminator for reduce operation',
  traits: [Traits.Pure, Traits.IsTerminator],
  operands: [operand('result', AnyType)],
  assemblyFormat: '$result attr-dict `:` type($result)',
});

export const WhileOp = defineOp({
  name: 'scf.while',
  summary: 'a generic \'while\' loop',
  traits: [Traits.RecursiveMemoryEffects, Traits.SingleBlock, SingleBlockTrait],
  operands: [variadicOperand('inits', AnyType)],
  results: [variadicResult('results', AnyType)],
  regions: [sizedRegion('before', 1), sizedRegion('after', 1)],
})
  .withAccessors({
    beforeBody: (op) => op.regions[0].entry,
    afterBody: (op) => op.regions[1].entry,
    beforeArguments: (op): BlockArgument[] => [...op.regions[0].entry.args],
    afterArguments: (op): BlockArgument[] => [...op.regions[1].entry.args],
    /** The `scf.condition` ending the before region. */
    conditionOp: (op): Operation => op.regions[0].entry.last!,
    /** The `scf.yield` ending the after region. */
    yieldOp: (op): Operation => op.regions[1].entry.last!,
  })
  .withBuilders((self) => ({
    /**
     * WhileOp::build: the before block takes the inits' types, the after block
     * the result types; `beforeBuilder` must end with `scf.condition`,
     * `afterBuilder` with `scf.yield`.
     */
    create(
      b: Builder,
      args: { inits: readonly Value[]; resultTypes: readonly Type[]; location?: Location },
      beforeBuilder: (b: Builder, location: Location, args: readonly Value[]) => void,
      afterBuilder: (b: Builder, location: Location, args: readonly Value[]) => void,
    ): Op<'scf.while'> {
      const location = args.location ?? UnknownLoc.get();
      const op = self.build(b, { inits: args.inits, results: args.resultTypes, location });
      const before = new Block();
      op.regions[0].pushBlock(before);
      for (const v of args.inits) before.addArgument(v.type, location);
      const after = new Block();
      op.regions[1].pushBlock(after);
      for (const t of args.resultTypes) after.addArgument(t, location);
      fillBody(b, before, location, () => beforeBuilder(b, location, before.args), false);
      fillBody(b, after, location, () => afterBuilder(b, location, after.args), false);
      return op;
    },
  }));

// ---- Early exits (upstream MLIR after 22: llvm/llvm-project #166688, #199535, #201129)

const Token = typeConstraint('token', (t) => t instanceof TokenType);

export const LoopOp = defineOp({
  name: 'scf.loop',
  summary: 'loop that runs until an `scf.break` exits it',
  traits: [Traits.RecursiveMemoryEffects, SingleBlockTrait],
  operands: [variadicOperand('initArgs', AnyType)],
  results: [variadicResult('results', AnyType)],
  regions: [sizedRegion('region', 1)],
})
  .withAccessors({
    /** The body block. */
    body: (op) => op.regions[0].entry,
    /** The body's `token` argument, which `scf.break`/`scf.continue` name to target this loop. */
    token: (op): BlockArgument => op.regions[0].entry.args[0],
    /** The loop-carried values inside the body (the arguments after the token). */
    regionIterArgs: (op): BlockArgument[] => op.regions[0].entry.args.slice(1),
  })
  .withBuilders((self) => ({
    /**
     * A loop whose body block holds the token and one argument per init;
     * `bodyBuilder` fills it and must end it with `scf.continue` or
     * `scf.break` (an empty body gets `scf.continue` when there are no inits).
     */
    create(
      b: Builder,
      args: { initArgs?: readonly Value[]; resultTypes?: readonly Type[]; location?: Location },
      bodyBuilder?: (b: Builder, location: Location, token: BlockArgument, iterArgs: readonly BlockArgument[]) => void,
    ): Op<'scf.loop'> {
      const inits = args.initArgs ?? [];
      const location = args.location ?? UnknownLoc.get();
      const op = self.build(b, { initArgs: inits, results: args.resultTypes ?? [], location });
      const body = new Block();
      op.regions[0].pushBlock(body);
      const token = body.addArgument(TokenType.get(), location);
      for (const v of inits) body.addArgument(v.type, location);
      const saved = b.insertionPoint;
      b.setInsertionPointToEnd(body);
      if (bodyBuilder) bodyBuilder(b, location, token, body.args.slice(1));
      else if (!inits.length) ContinueOp.build(b, { token, location });
      b.insertionPoint = saved;
      return op;
    },
  }));

export const BreakOp = defineOp({
  name: 'scf.break',
  summary: 'exits the `scf.execute_region` or `scf.loop` its token names',
  // Not Pure: an op holding an early exit transfers control elsewhere, so it must never be
  // erased, hoisted or merged as if side-effect free (effects unknown, as for upstream).
  traits: [Traits.IsTerminator],
  operands: [operand('token', Token), variadicOperand('results', AnyType)],
}).withAccessors({
  /** The op the token belongs to (undefined when the IR is invalid). */
  target: (op): Operation | undefined => earlyExitTarget(op.operands[0]),
});

export const ContinueOp = defineOp({
  name: 'scf.continue',
  summary: 'starts the next iteration of the `scf.loop` its token names',
  traits: [Traits.IsTerminator],
  operands: [operand('token', Token), variadicOperand('results', AnyType)],
}).withAccessors({
  /** The loop the token belongs to (undefined when the IR is invalid). */
  target: (op): Operation | undefined => earlyExitTarget(op.operands[0]),
});

/** The scf.execute_region or scf.loop whose entry-block token `token` is. */
export function earlyExitTarget(token: Value): Operation | undefined {
  if (!(token instanceof BlockArgument) || !(token.type instanceof TokenType)) return undefined;
  const block = token.parentBlock;
  const owner = block.parent?.parentOp;
  if (!owner || (!ExecuteRegionOp.isa(owner) && !LoopOp.isa(owner))) return undefined;
  return owner.regions[0].entry === block && block.args[0] === token ? owner : undefined;
}

/** True for the ops a `scf.break`/`scf.continue` may exit through (PropagateControlFlowBreak upstream). */
export function propagatesControlFlowBreak(op: Operation): boolean {
  return IfOp.isa(op) || ExecuteRegionOp.isa(op) || LoopOp.isa(op);
}

export const YieldOp = defineOp({
  name: 'scf.yield',
  summary: 'loop yield and termination operation',
  traits: [Traits.Pure, Traits.ReturnLike, Traits.IsTerminator],
  operands: [variadicOperand('results', AnyType)],
  assemblyFormat: 'attr-dict ($results^ `:` type($results))?',
});

/** Every scf op, in the order the dialect registers them. */
export const SCF_OPS = [
  ConditionOp,
  ExecuteRegionOp,
  ForOp,
  ForallOp,
  InParallelOp,
  IfOp,
  IndexSwitchOp,
  ParallelOp,
  ReduceOp,
  ReduceReturnOp,
  WhileOp,
  YieldOp,
  LoopOp,
  BreakOp,
  ContinueOp,
] as const;

/**
 * Runs `fill` with the insertion point at the end of `block`, then restores
 * it; with no `fill`, adds an empty `scf.yield` when `yieldIfEmpty`.
 */
function fillBody(b: Builder, block: Block, location: Location, fill: (() => void) | undefined, yieldIfEmpty: boolean): void {
  const saved = b.insertionPoint;
  b.setInsertionPointToEnd(block);
  if (fill) fill();
  else if (yieldIfEmpty) YieldOp.build(b, { location });
  b.insertionPoint = saved;
}

// ============================================================================
// Shared pieces of the implementations

function staticList(op: Operation, name: string): bigint[] {
  const a = op.propertiesView.get(name);
  return a instanceof DenseArrayAttr ? [...a.values] : [];
}

/**
 * MLIR's `ensureTerminator`: gives the region a block if it has none, and
 * appends a terminator op of `kind` to its last block unless that already
 * ends with one.
 */
function ensureTerminator(ctx: Context, region: Region, kind: { readonly opName: string }, state: OperationState, regions = 0): Operation | undefined {
  if (region.empty) region.pushBlock(new Block());
  // The last block by its link: `blocks` would make a snapshot list the region keeps.
  const block = region.lastBlock!;
  const last = block.last;
  if (last && last.hasTrait(Traits.IsTerminator)) return undefined;
  const op = state.newOpHere(ctx.lookupOp(kind.opName)!, null, regions);
  block.append(op);
  return op;
}

/** A region printed without its entry block's header, with or without its terminator (shared: no object per print). */
const BODY_WITH_TERMINATOR: PrintRegionOptions = Object.freeze({ printEntryBlockArgs: false, printBlockTerminators: true });
const BODY_WITHOUT_TERMINATOR: PrintRegionOptions = Object.freeze({ printEntryBlockArgs: false, printBlockTerminators: false });

/** An early exit (`scf.break`/`scf.continue`) ending a branch is never implicit. */
function printsTerminator(r: Region): boolean {
  return !r.empty && !YieldOp.isa(r.entry.last);
}

/** ` name(%a = %b, ...)`: region arguments bound to initial values. */
function printInitializationList(p: OpAsmPrinter, args: readonly Value[], inits: readonly Value[], prefix: string): void {
  if (!inits.length) return;
  p.write(prefix + '(');
  inits.forEach((v, i) => {
    if (i) p.write(', ');
    p.printOperand(args[i]);
    p.write(' = ');
    p.printOperand(v);
  });
  p.write(')');
}

function blockArgs(region: Region | undefined): Value[] {
  if (!region || region.empty) return [];
  // slice(), not a spread: cold code would run the iterator protocol.
  return region.entry.args.slice();
}

/** The operands of the `scf.yield` ending the region, or [] if it does not end with one. */
function yieldedValues(region: Region | undefined): Value[] {
  if (!region || region.empty) return [];
  const t = region.entry.last;
  return YieldOp.isa(t) ? YieldOp.results(t) : [];
}

/** Writes a successor range (the verifier's allocation-free form of RegionSuccessor). */
function setSuccessor(out: RegionSuccessorRange, region: number, inputStart: number, inputCount: number): true {
  out.region = region;
  out.inputStart = inputStart;
  out.inputCount = inputCount;
  return true;
}

function setOperands(out: OperandRange, start: number, count: number): void {
  out.start = start;
  out.count = Math.max(0, count);
}

/** The number of entry-block arguments of `region` (0 when it is empty). */
function numArgs(region: Region): number {
  return region.empty ? 0 : region.entry.args.length;
}

/**
 * Writes a loop's carried values as ranges (LoopLikeInterface.loopCarriedRanges):
 * the inits, the iter args (arguments of `iterRegion`, the op's first region),
 * the yielded values (the operands of the `scf.yield` ending `yieldRegion`,
 * as yieldedValues) and the results (all of the op's).
 */
function setLoopCarried(out: LoopCarriedRanges, op: Operation, initStart: number, iterRegion: Region, iterStart: number, yieldRegion: Region): void {
  out.initStart = initStart;
  out.initCount = op.numOperands - initStart;
  out.iterRegion = 0;
  out.iterStart = iterStart;
  out.iterCount = Math.max(0, numArgs(iterRegion) - iterStart);
  const t = yieldRegion.empty ? null : yieldRegion.entry.last;
  const yielder = t !== null && YieldOp.isa(t) ? t : null;
  out.yielder = yielder;
  out.yieldStart = 0;
  out.yieldCount = yielder === null ? 0 : yielder.numOperands;
  out.resultStart = 0;
  out.resultCount = op.numResults;
}

function toParent(op: Operation): RegionSuccessor {
  return { region: 'parent', inputs: op.results };
}

function toRegion(region: Region, inputs: readonly Value[] = []): RegionSuccessor {
  return { region, inputs };
}

/** True if every op nested in `op` may be speculated (RecursivelySpeculatable). */
function nestedSpeculatable(op: Operation): boolean {
  for (const region of op.regions)
    for (const block of region.blocks)
      for (let o = block.first; o; o = o.next) {
        if (o.hasTrait(Traits.Pure) && !o.regions.length) continue;
        const iface = getInterface<SpeculatableInterface>(o, Interfaces.Speculatable);
        if (iface?.isSpeculatable(o)) continue;
        if (o.hasTrait(Traits.Pure)) continue;
        return false;
      }
  return true;
}

/** True if `v` is defined inside one of `op`'s regions. */
function isInside(op: Operation, v: Value): boolean {
  const block = v.parentBlock;
  for (let r: Region | null = block?.parent ?? null; r; r = r.parentOp?.parentRegion ?? null) if (r.parentOp === op) return true;
  return false;
}

function isTrueAttr(c: Attribute | undefined): boolean | undefined {
  return c instanceof IntegerAttr && c.type === IntegerType.get(1) ? c.value !== 0n : undefined;
}

/**
 * forall and parallel share their region structure: one body region with an
 * implicit terminator that runs any number of times, then control returns to
 * the parent with no values passed along the region edge.
 */
function verifyParallelLoopRegions(ctx: Context, op: Operation, terminator: { readonly opName: string }): boolean {
  if (!verifyImplicitTerminator(ctx, op, terminator.opName)) return false;
  if (!verifyLoopLike(ctx, op)) return false;
  return verifyRegionBranch(ctx, op);
}

const parallelLoopRegionBranch: RegionBranchInterface = {
  getSuccessorRegions(op) {
    return [toRegion(op.regions[0]), { region: 'parent', inputs: [] }];
  },
  getEntrySuccessorOperands() {
    return [];
  },
  successorRange: (_op, _from, i, out) => i < 2 && setSuccessor(out, i === 0 ? 0 : -1, 0, 0),
  entryOperandRange: (_op, _s, out) => setOperands(out, 0, 0),
};

/** scf.forall: entered from the parent (zero threads may skip the body); its body only returns to the parent (MLIR's ForallOp::getSuccessorRegions). */
const forallRegionBranch: RegionBranchInterface = {
  getSuccessorRegions(op, from) {
    if (from === 'parent') return [toRegion(op.regions[0]), { region: 'parent', inputs: [] }];
    return [{ region: 'parent', inputs: [] }];
  },
  getEntrySuccessorOperands() {
    return [];
  },
  successorRange: (_op, from, i, out) => (from === 'parent' ? i < 2 && setSuccessor(out, i === 0 ? 0 : -1, 0, 0) : i === 0 && setSuccessor(out, -1, 0, 0)),
  entryOperandRange: (_op, _s, out) => setOperands(out, 0, 0),
};

// ============================================================================
// scf.condition

implementOp(ConditionOp, {
  parentOps: [WhileOp],
  interfaces: {
    [Interfaces.RegionBranchTerminator]: {
      getSuccessorOperands(op) {
        return ConditionOp.args(ConditionOp.cast(op));
      },
      successorOperandRange: (op, _s, out) => setOperands(out, 1, op.numOperands - 1),
      getSuccessorRegions(op, constants) {
        const whileOp = WhileOp.cast(op.parentOp!);
        const known = isTrueAttr(constants[0]);
        const out: RegionSuccessor[] = [];
        if (known !== false) out.push(toRegion(whileOp.regions[1], blockArgs(whileOp.regions[1])));
        if (known !== true) out.push(toParent(whileOp));
        return out;
      },
    } satisfies RegionBranchTerminatorInterface,
  },
});

// ============================================================================
// scf.execute_region

implementOp(ExecuteRegionOp, {
  *parseResumable(p, state) {
    state.types = p.parseOptionalArrowTypeList() ?? [];
    if (p.parseOptionalKeyword('no_inline')) state.attributes.set('no_inline', UnitAttr.get());
    const body = state.addRegion(new Region());
    yield { region: body };
    p.parseOptionalAttrDict(state);
  },
  print(p, op) {
    p.printArrowTypeList(op.resultTypes);
    if (ExecuteRegionOp.no_inline(op)) p.write(' no_inline');
    p.write(' ');
    // The token argument (early exits) is printed as the entry block's header.
    p.printRegion(op.regions[0], { printEntryBlockArgs: ExecuteRegionOp.token(op) !== undefined, printBlockTerminators: true });
    p.printOptionalAttrDict(allAttrs(op), ['no_inline']);
  },
  verify(op, ctx) {
    const region = op.regions[0];
    if (region.empty) return fail(ctx, op, 'region needs to have at least one block');
    const args = region.entry.args;
    // Upstream (after MLIR 22) allows one `token` argument, the target of `scf.break`.
    if (args.length > 1 || (args.length === 1 && !(args[0].type instanceof TokenType))) return fail(ctx, op, 'region cannot have any arguments');
    return true;
  },
  verifyRegions: (op, ctx) => verifyRegionBranch(ctx, op),
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op, from) {
        if (from === 'parent') return [toRegion(op.regions[0])];
        return [toParent(op)];
      },
      getEntrySuccessorOperands() {
        return [];
      },
      successorRange: (op, from, i, out) => i === 0 && (from === 'parent' ? setSuccessor(out, 0, 0, 0) : setSuccessor(out, -1, 0, op.numResults)),
      entryOperandRange: (_op, _s, out) => setOperands(out, 0, 0),
    } satisfies RegionBranchInterface,
  },
});

// ============================================================================
// scf.for

implementOp(ForOp, {
  implicitTerminator: YieldOp,
  *parseResumable(p, state) {
    const ctx = p.parser.ctx;
    if (p.parseOptionalKeyword('unsigned')) state.attributes.set('unsignedCmp', UnitAttr.get());
    const iv: Argument = { ssaName: p.parseOperand(), type: IndexType.get() };
    p.parseEqual();
    const lb = p.parseOperand();
    p.parseKeyword('to');
    const ub = p.parseOperand();
    p.parseKeyword('step');
    const step = p.parseOperand();
    const regionArgs: Argument[] = [iv];
    let inits: UnresolvedOperand[] = [];
    if (p.parseOptionalKeyword('iter_args')) {
      const list = p.parseOptionalAssignmentList() ?? p.error("expected '('");
      regionArgs.push(...list.lhs);
      inits = list.rhs;
      state.types = p.parseArrowTypeList();
    }
    if (regionArgs.length !== state.types.length + 1)
      p.error('mismatch in number of loop-carried values and defined values', p.nameOffset);
    let type: Type = IndexType.get();
    if (p.parseOptionalColon()) type = p.parseType();
    iv.type = type;
    for (let i = 0; i < inits.length; i++) regionArgs[i + 1].type = state.types[i];
    const body = state.addRegion(new Region());
    yield { region: body, args: regionArgs };
    ensureTerminator(ctx, body, YieldOp, state);
    // Resolved after the body, as MLIR's parser does: a value the body
    // defines is out of scope by then, so using one is an undeclared name.
    const operands = [p.resolveOperand(lb, type), p.resolveOperand(ub, type), p.resolveOperand(step, type)];
    for (let i = 0; i < inits.length; i++) operands.push(p.resolveOperand(inits[i], state.types[i]));
    state.operands = operands;
    p.parseOptionalAttrDict(state);
  },
  print(p, op) {
    const iv = ForOp.inductionVar(op);
    const inits = ForOp.initArgs(op);
    if (ForOp.unsignedCmp(op)) p.write(' unsigned');
    p.write(' ');
    p.printOperand(iv);
    p.write(' = ');
    p.printOperand(ForOp.lowerBound(op));
    p.write(' to ');
    p.printOperand(ForOp.upperBound(op));
    p.write(' step ');
    p.printOperand(ForOp.step(op));
    if (inits.length) {
      printInitializationList(p, ForOp.regionIterArgs(op), inits, ' iter_args');
      p.write(' -> (');
      p.printTypes(inits.map((v) => v.type));
      p.write(')');
    }
    p.write(' ');
    if (!(iv.type instanceof IndexType)) {
      p.write(' : ');
      p.printType(iv.type);
      p.write(' ');
    }
    p.printRegion(op.regions[0], inits.length > 0 ? BODY_WITH_TERMINATOR : BODY_WITHOUT_TERMINATOR);
    p.printOptionalAttrDict(allAttrs(op), ['unsignedCmp']);
  },
  verify(op, ctx) {
    if (ForOp.initArgs(op).length !== op.numResults) return fail(ctx, op, 'mismatch in number of loop-carried values and defined values');
    return true;
  },
  // Its checks read the bounds' and inits' types, the body's argument types and its yield's operand types.
  localRegionVerifier: true,
  verifyRegions(op, ctx) {
    if (!verifyImplicitTerminator(ctx, op, YieldOp.opName)) return false;
    if (!verifyLoopLike(ctx, op)) return false;
    if (!verifyRegionBranch(ctx, op)) return false;
    const iv = blockArgs(op.regions[0])[0];
    if (!iv || iv.type !== ForOp.lowerBound(op).type) return fail(ctx, op, 'expected induction variable to be same type as bounds and step');
    return true;
  },
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op) {
        return [toRegion(op.regions[0], blockArgs(op.regions[0]).slice(1)), toParent(op)];
      },
      getEntrySuccessorOperands(op) {
        return ForOp.initArgs(ForOp.cast(op));
      },
      successorRange: (op, _from, i, out) =>
        i === 0 ? setSuccessor(out, 0, 1, Math.max(0, numArgs(ForOp.region(ForOp.cast(op))) - 1)) : i === 1 && setSuccessor(out, -1, 0, op.numResults),
      // The init args follow the three bounds.
      entryOperandRange: (op, _s, out) => setOperands(out, 3, op.numOperands - 3),
    } satisfies RegionBranchInterface,
    [Interfaces.LoopLike]: {
      getLoopRegions: (op) => [op.regions[0]],
      getInductionVars: (op) => blockArgs(op.regions[0]).slice(0, 1),
      getLowerBounds: (op) => [ForOp.lowerBound(ForOp.cast(op))],
      getUpperBounds: (op) => [ForOp.upperBound(ForOp.cast(op))],
      getSteps: (op) => [ForOp.step(ForOp.cast(op))],
      getRegionIterArgs: (op) => blockArgs(op.regions[0]).slice(1),
      getInits: (op) => ForOp.initArgs(ForOp.cast(op)),
      getYieldedValues: (op) => yieldedValues(op.regions[0]),
      getLoopResults: (op) => op.results,
      isDefinedOutsideOfLoop: (op, v) => !isInside(op, v),
      // The inits follow the three bounds; the iter args follow the induction variable.
      loopCarriedRanges: (op, out) => {
        const body = ForOp.region(ForOp.cast(op));
        setLoopCarried(out, op, 3, body, 1, body);
      },
    } satisfies LoopLikeInterface,
    [Interfaces.Speculatable]: {
      isSpeculatable(op) {
        return matchConstantInt(ForOp.step(ForOp.cast(op))) === 1n && nestedSpeculatable(op);
      },
    } satisfies SpeculatableInterface,
  },
});

// ============================================================================
// scf.forall and scf.forall.in_parallel

function isNormalized(op: Op<'scf.forall'>): boolean {
  return ForallOp.mixedLowerBound(op).every((m) => mixedConstant(m) === 0n) && ForallOp.mixedStep(op).every((m) => mixedConstant(m) === 1n);
}

implementOp(ForallOp, {
  implicitTerminator: InParallelOp,
  *parseResumable(p, state) {
    const ctx = p.parser.ctx;
    const index = IndexType.get();
    const ivs = p.parseArgumentList('paren');
    let lbs: { values: UnresolvedOperand[]; statics: bigint[] } = { values: [], statics: [] };
    let ubs: typeof lbs;
    let steps: typeof lbs = { values: [], statics: [] };
    const operands: Value[] = [];
    if (p.parseOptionalKeyword('in')) {
      ubs = parseDynamicIndexList(p, 'paren');
      operands.push(...ubs.values.map((v) => p.resolveOperand(v, index)));
      lbs.statics = ivs.map(() => 0n);
      steps.statics = ivs.map(() => 1n);
    } else {
      p.parseEqual();
      lbs = parseDynamicIndexList(p, 'paren');
      operands.push(...lbs.values.map((v) => p.resolveOperand(v, index)));
      p.parseKeyword('to');
      ubs = parseDynamicIndexList(p, 'paren');
      operands.push(...ubs.values.map((v) => p.resolveOperand(v, index)));
      p.parseKeyword('step');
      steps = parseDynamicIndexList(p, 'paren');
      operands.push(...steps.values.map((v) => p.resolveOperand(v, index)));
    }
    let outArgs: Argument[] = [];
    let outs: UnresolvedOperand[] = [];
    const outOffset = p.currentOffset();
    if (p.parseOptionalKeyword('shared_outs')) {
      const list = p.parseOptionalAssignmentList() ?? p.error("expected '('");
      outArgs = list.lhs;
      outs = list.rhs;
      state.types = p.parseOptionalArrowTypeList() ?? [];
      operands.push(...p.resolveOperands(outs, state.types, outOffset));
    }
    state.operands = operands;
    for (const iv of ivs) iv.type = index;
    outArgs.forEach((a, i) => (a.type = state.types[i]));
    const body = state.addRegion(new Region());
    yield { region: body, args: [...ivs, ...outArgs] };
    const term = ensureTerminator(ctx, body, InParallelOp, state, 1);
    if (term && term.regions[0].empty) term.regions[0].pushBlock(new Block());
    else {
      const last = body.lastBlock!.last;
      if (InParallelOp.isa(last) && last.regions[0].empty) last.regions[0].pushBlock(new Block());
    }
    p.parseOptionalAttrDict(state);
    state.attributes.set('staticLowerBound', DenseArrayAttr.getI64(lbs.statics));
    state.attributes.set('staticUpperBound', DenseArrayAttr.getI64(ubs.statics));
    state.attributes.set('staticStep', DenseArrayAttr.getI64(steps.statics));
    state.attributes.set(
      'operandSegmentSizes',
      DenseArrayAttr.get(IntegerType.get(32), [lbs.values.length, ubs.values.length, steps.values.length, outs.length].map(BigInt)),
    );
  },
  print(p, op) {
    p.write(' (');
    p.printOperands(ForallOp.inductionVars(op));
    if (isNormalized(op)) {
      p.write(') in ');
      printDynamicIndexList(p, 'paren', ForallOp.staticUpperBound(op), ForallOp.dynamicUpperBound(op));
    } else {
      p.write(') = ');
      printDynamicIndexList(p, 'paren', ForallOp.staticLowerBound(op), ForallOp.dynamicLowerBound(op));
      p.write(' to ');
      printDynamicIndexList(p, 'paren', ForallOp.staticUpperBound(op), ForallOp.dynamicUpperBound(op));
      p.write(' step ');
      printDynamicIndexList(p, 'paren', ForallOp.staticStep(op), ForallOp.dynamicStep(op));
    }
    const outArgs = ForallOp.regionOutArgs(op);
    printInitializationList(p, outArgs, ForallOp.outputs(op), ' shared_outs');
    p.write(' ');
    if (outArgs.length) {
      p.write('-> (');
      p.printTypes(op.resultTypes);
      p.write(') ');
    }
    p.printRegion(op.regions[0], { printEntryBlockArgs: false, printBlockTerminators: op.numResults > 0 });
    p.printOptionalAttrDict(allAttrs(op), ['operandSegmentSizes', 'staticLowerBound', 'staticUpperBound', 'staticStep']);
  },
  verify(op, ctx) {
    const rank = ForallOp.rank(op);
    const outs = ForallOp.outputs(op);
    if (op.numResults !== outs.length) return fail(ctx, op, `produces ${op.numResults} results, but has only ${outs.length} outputs`);
    const args = op.regions[0].entry.args;
    if (args.length !== rank + outs.length) return fail(ctx, op, `region expects ${rank} arguments`);
    for (let i = 0; i < rank; i++) if (!(args[i].type instanceof IndexType)) return fail(ctx, op, `expects ${i}-th block argument to be an index`);
    for (let i = 0; i < outs.length; i++)
      if (args[i + rank].type !== outs[i].type) return fail(ctx, op, `type mismatch between ${i}-th output and corresponding block argument`);
    const lists: [string, readonly bigint[], number][] = [
      ['lower bound', ForallOp.staticLowerBound(op), ForallOp.dynamicLowerBound(op).length],
      ['upper bound', ForallOp.staticUpperBound(op), ForallOp.dynamicUpperBound(op).length],
      ['step', ForallOp.staticStep(op), ForallOp.dynamicStep(op).length],
    ];
    for (const [what, statics, ndyn] of lists) {
      if (statics.length !== rank) return failPlain(ctx, op, `expected ${rank} ${what} values, got ${statics.length}`);
      const expected = statics.filter((s) => s === kDynamicI64).length;
      if (ndyn !== expected) return failPlain(ctx, op, `expected ${expected} dynamic ${what} values`);
    }
    return true;
  },
  verifyRegions: (op, ctx) => verifyParallelLoopRegions(ctx, op, InParallelOp),
  interfaces: {
    [Interfaces.RegionBranch]: forallRegionBranch,
    [Interfaces.LoopLike]: {
      getLoopRegions: (op) => [op.regions[0]],
      getInductionVars: (op) => ForallOp.inductionVars(ForallOp.cast(op)),
      getLowerBounds: () => undefined,
      getUpperBounds: () => undefined,
      getSteps: () => undefined,
      // Static bounds are index attributes (MLIR's getMixedValues).
      getLoopLowerBounds: (op) => foldResults(ForallOp.staticLowerBound(ForallOp.cast(op)), ForallOp.dynamicLowerBound(ForallOp.cast(op))),
      getLoopUpperBounds: (op) => foldResults(ForallOp.staticUpperBound(ForallOp.cast(op)), ForallOp.dynamicUpperBound(ForallOp.cast(op))),
      getLoopSteps: (op) => foldResults(ForallOp.staticStep(ForallOp.cast(op)), ForallOp.dynamicStep(ForallOp.cast(op))),
      getRegionIterArgs: (op) => ForallOp.regionOutArgs(ForallOp.cast(op)),
      getInits: (op) => ForallOp.outputs(ForallOp.cast(op)),
      getYieldedValues: () => [],
      getLoopResults: (op) => op.results,
      isDefinedOutsideOfLoop: (op, v) => !isInside(op, v),
      hasLoopResults: false,
    } as LoopLikeInterface,
  },
});

implementOp(InParallelOp, {
  parentOps: [ForallOp],
  parse(p, state) {
    const region = state.addRegion(new Region());
    p.parseRegion(region, []);
    if (region.empty) region.pushBlock(new Block());
    p.parseOptionalAttrDict(state);
  },
  print(p, op) {
    p.write(' ');
    p.printRegion(op.regions[0], { printEntryBlockArgs: false, printBlockTerminators: false });
    p.printOptionalAttrDict(op.attributesView);
  },
  verify(op, ctx) {
    if (!verifySingleBlock(ctx, op, true)) return false;
    if (op.regions[0].entry.first) return fail(ctx, op, 'expected only ParallelCombiningOpInterface ops');
    return true;
  },
});

// ============================================================================
// scf.if

implementOp(IfOp, {
  implicitTerminator: YieldOp,
  *parseResumable(p, state) {
    const ctx = p.parser.ctx;
    const thenRegion = state.addRegion(new Region());
    const elseRegion = state.addRegion(new Region());
    const cond = p.parseOperand();
    state.operands = [p.resolveOperand(cond, IntegerType.get(1))];
    state.types = p.parseOptionalArrowTypeList() ?? [];
    yield { region: thenRegion };
    ensureTerminator(ctx, thenRegion, YieldOp, state);
    if (p.parseOptionalKeyword('else')) {
      yield { region: elseRegion };
      ensureTerminator(ctx, elseRegion, YieldOp, state);
    }
    p.parseOptionalAttrDict(state);
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(IfOp.condition(op));
    const hasResults = op.numResults > 0;
    if (hasResults) {
      p.write(' -> (');
      p.printTypes(op.resultTypes);
      p.write(')');
    }
    p.write(' ');
    const thenRegion = IfOp.thenRegion(op);
    p.printRegion(thenRegion, hasResults || printsTerminator(thenRegion) ? BODY_WITH_TERMINATOR : BODY_WITHOUT_TERMINATOR);
    const elseRegion = IfOp.elseRegion(op);
    if (!elseRegion.empty) {
      p.write(' else ');
      p.printRegion(elseRegion, hasResults || printsTerminator(elseRegion) ? BODY_WITH_TERMINATOR : BODY_WITHOUT_TERMINATOR);
    }
    p.printOptionalAttrDict(allAttrs(op));
  },
  verify(op, ctx) {
    for (let i = 0; i < op.regions.length; i++)
      if (!op.regions[i].empty && op.regions[i].entry.args.length) return fail(ctx, op, `region #${i} should have no arguments`);
    if (op.numResults !== 0 && IfOp.elseRegion(op).empty) return fail(ctx, op, 'must have an else block if defining values');
    return true;
  },
  // Its checks read the regions' argument counts and the kinds and operand types of their terminators.
  localRegionVerifier: true,
  verifyRegions(op, ctx) {
    // A branch may also end with an early exit to an enclosing target (upstream, after MLIR 22).
    for (const r of op.regions) {
      const last = r.empty ? null : r.entry.last;
      if (last && !YieldOp.isa(last) && !BreakOp.isa(last) && !ContinueOp.isa(last)) return verifyImplicitTerminator(ctx, op, YieldOp.opName);
    }
    return verifyRegionBranch(ctx, op);
  },
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op, from, constants) {
        if (from !== 'parent') return [toParent(op)];
        const known = isTrueAttr(constants?.[0]);
        const out: RegionSuccessor[] = [];
        if (known !== false) out.push(toRegion(op.regions[0]));
        if (known !== true) out.push(op.regions[1].empty ? toParent(op) : toRegion(op.regions[1]));
        return out;
      },
      getEntrySuccessorOperands() {
        return [];
      },
      successorRange(op, from, i, out) {
        if (from !== 'parent') return i === 0 && setSuccessor(out, -1, 0, op.numResults);
        if (i === 0) return setSuccessor(out, 0, 0, 0);
        return i === 1 && (IfOp.elseRegion(IfOp.cast(op)).empty ? setSuccessor(out, -1, 0, op.numResults) : setSuccessor(out, 1, 0, 0));
      },
      entryOperandRange: (_op, _s, out) => setOperands(out, 0, 0),
      getRegionInvocationBounds(_op, constants) {
        const known = isTrueAttr(constants[0]);
        if (known !== undefined) {
          const t = known ? 1 : 0;
          return [
            { lower: 0, upper: t },
            { lower: 0, upper: 1 - t },
          ];
        }
        return [
          { lower: 0, upper: 1 },
          { lower: 0, upper: 1 },
        ];
      },
    } satisfies RegionBranchInterface,
    [Interfaces.Speculatable]: { isSpeculatable: nestedSpeculatable } satisfies SpeculatableInterface,
  },
});

// ============================================================================
// scf.index_switch

// `custom<SwitchCases>($cases, $caseRegions)`: `case <int> <region>` repeated.
registerCustomDirective('SwitchCases', {
  parse(p, args) {
    const cases: bigint[] = [];
    while (p.parseOptionalKeyword('case')) {
      const offset = p.currentOffset();
      const v = p.parseInteger();
      if (v < kDynamicI64 || v >= -kDynamicI64) p.error('integer value too large', offset);
      p.parseRegion(args[1].newRegion!(), []);
      cases.push(v);
    }
    args[0].setAttr!(DenseArrayAttr.getI64(cases));
  },
  print(p, _op, args) {
    const cases = args[0].attr instanceof DenseArrayAttr ? args[0].attr.values : [];
    const regions = args[1].regions ?? [];
    cases.forEach((v, i) => {
      p.printNewline();
      p.write(`case ${v} `);
      p.printRegion(regions[i], { printEntryBlockArgs: false });
    });
  },
});

implementOp(IndexSwitchOp, {
  implicitTerminator: YieldOp,
  verify(op, ctx) {
    const values = IndexSwitchOp.cases(op);
    const nCases = op.regions.length - 1;
    if (values.length !== nCases) return fail(ctx, op, `has ${nCases} case regions but ${values.length} case values`);
    const seen = new Set<bigint>();
    for (const v of values) {
      if (seen.has(v)) return fail(ctx, op, `has duplicate case value: ${v}`);
      seen.add(v);
    }
    const check = (region: Region, name: string): boolean => {
      const last = region.entry.last!;
      if (!YieldOp.isa(last)) return fail(ctx, op, `expected region to end with scf.yield, but got ${last.name.name}`);
      const yielded = YieldOp.results(last);
      if (yielded.length !== op.numResults) {
        const d = emitOpError(ctx, op, `expected each region to return ${op.numResults} values, but ${name} returns ${yielded.length}`);
        d.attachNote('see yield operation here', last.location);
        return false;
      }
      for (let i = 0; i < op.numResults; i++) {
        if (op.result(i).type === yielded[i].type) continue;
        const d = emitOpError(ctx, op, `expected result #${i} of each region to be ${q(op.result(i).type)}`);
        d.attachNote(`${name} returns ${q(yielded[i].type)} here`, last.location);
        return false;
      }
      return true;
    };
    if (!check(IndexSwitchOp.defaultRegion(op), 'default region')) return false;
    const caseRegions = IndexSwitchOp.caseRegions(op);
    for (let i = 0; i < caseRegions.length; i++) if (!check(caseRegions[i], `case region #${i}`)) return false;
    return true;
  },
  verifyRegions(op, ctx) {
    if (!verifyImplicitTerminator(ctx, op, YieldOp.opName)) return false;
    return verifyRegionBranch(ctx, op);
  },
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op, from, constants) {
        if (from !== 'parent') return [toParent(op)];
        const c = constants?.[0];
        if (c instanceof IntegerAttr) return [toRegion(IndexSwitchOp.regionFor(IndexSwitchOp.cast(op))(c.value))];
        return op.regions.map((r) => toRegion(r));
      },
      getEntrySuccessorOperands() {
        return [];
      },
      successorRange(op, from, i, out) {
        if (from !== 'parent') return i === 0 && setSuccessor(out, -1, 0, op.numResults);
        return i < op.regions.length && setSuccessor(out, i, 0, 0);
      },
      entryOperandRange: (_op, _s, out) => setOperands(out, 0, 0),
      getRegionInvocationBounds(op, constants) {
        const c = constants[0];
        if (!(c instanceof IntegerAttr)) return op.regions.map(() => ({ lower: 0, upper: 1 }));
        const live = IndexSwitchOp.regionFor(IndexSwitchOp.cast(op))(c.value);
        return op.regions.map((r) => ({ lower: 0, upper: r === live ? 1 : 0 }));
      },
    } satisfies RegionBranchInterface,
  },
});

// ============================================================================
// scf.parallel, scf.reduce, scf.reduce.return

implementOp(ParallelOp, {
  implicitTerminator: ReduceOp,
  *parseResumable(p, state) {
    const ctx = p.parser.ctx;
    const index = IndexType.get();
    const ivs = p.parseArgumentList('paren');
    p.parseEqual();
    const resolveIndex = (list: UnresolvedOperand[]): Value[] => list.map((v) => p.resolveOperand(v, index));
    const lower = p.parseOperandList('paren', ivs.length);
    const operands = resolveIndex(lower);
    p.parseKeyword('to');
    const upper = p.parseOperandList('paren', ivs.length);
    operands.push(...resolveIndex(upper));
    p.parseKeyword('step');
    const steps = p.parseOperandList('paren', ivs.length);
    operands.push(...resolveIndex(steps));
    let inits: UnresolvedOperand[] = [];
    if (p.parseOptionalKeyword('init')) inits = p.parseOperandList('paren');
    state.types = p.parseOptionalArrowTypeList() ?? [];
    for (const iv of ivs) iv.type = index;
    const body = state.addRegion(new Region());
    yield { region: body, args: ivs };
    state.attributes.set(
      'operandSegmentSizes',
      DenseArrayAttr.get(IntegerType.get(32), [lower.length, upper.length, steps.length, inits.length].map(BigInt)),
    );
    p.parseOptionalAttrDict(state);
    operands.push(...p.resolveOperands(inits, state.types, p.nameOffset));
    state.operands = operands;
    ensureTerminator(ctx, body, ReduceOp, state);
  },
  print(p, op) {
    p.write(' (');
    p.printOperands(ParallelOp.inductionVars(op));
    p.write(') = (');
    p.printOperands(ParallelOp.lowerBound(op));
    p.write(') to (');
    p.printOperands(ParallelOp.upperBound(op));
    p.write(') step (');
    p.printOperands(ParallelOp.step(op));
    p.write(')');
    const inits = ParallelOp.initVals(op);
    if (inits.length) {
      p.write(' init (');
      p.printOperands(inits);
      p.write(')');
    }
    p.printArrowTypeList(op.resultTypes);
    p.write(' ');
    p.printRegion(op.regions[0], { printEntryBlockArgs: false });
    p.printOptionalAttrDict(allAttrs(op), ['operandSegmentSizes']);
  },
  verify(op, ctx) {
    const steps = ParallelOp.step(op);
    if (!steps.length) return fail(ctx, op, 'needs at least one tuple element for lowerBound, upperBound and step');
    for (const s of steps) {
      const c = matchConstantInt(s);
      if (c !== undefined && c <= 0n) return fail(ctx, op, 'constant step operand must be positive');
    }
    const body = op.regions[0].entry;
    if (body.args.length !== steps.length)
      return fail(ctx, op, `expects the same number of induction variables: ${body.args.length} as bound and step values: ${steps.length}`);
    for (const a of body.args) if (!(a.type instanceof IndexType)) return fail(ctx, op, 'expects arguments for the induction variable to be of index type');
    const reduce = body.last;
    if (!ReduceOp.isa(reduce)) {
      const d = emitOpError(ctx, op, "expects body to terminate with 'scf.reduce'");
      if (reduce) d.attachNote('terminator here', reduce.location);
      return false;
    }
    const nResults = op.numResults;
    const nReductions = ReduceOp.reductions(reduce).length;
    const nInits = ParallelOp.initVals(op).length;
    if (nResults !== nReductions)
      return fail(ctx, op, `expects number of results: ${nResults} to be the same as number of reductions: ${nReductions}`);
    if (nResults !== nInits) return fail(ctx, op, `expects number of results: ${nResults} to be the same as number of initial values: ${nInits}`);
    const reduced = ReduceOp.operands(reduce);
    for (let i = 0; i < nReductions; i++) {
      const rt = op.result(i).type;
      const ot = reduced[i]?.type;
      if (ot !== rt) {
        emitOpError(ctx, reduce, `expects type of ${i}-th reduction operand: ${ot ? q(ot) : "'<<NULL TYPE>>'"} to be the same as the ${i}-th result type: ${q(rt)}`);
        return false;
      }
    }
    return true;
  },
  verifyRegions: (op, ctx) => verifyParallelLoopRegions(ctx, op, ReduceOp),
  interfaces: {
    [Interfaces.RegionBranch]: parallelLoopRegionBranch,
    [Interfaces.LoopLike]: {
      getLoopRegions: (op) => [op.regions[0]],
      getInductionVars: (op) => ParallelOp.inductionVars(ParallelOp.cast(op)),
      getLowerBounds: (op) => ParallelOp.lowerBound(ParallelOp.cast(op)),
      getUpperBounds: (op) => ParallelOp.upperBound(ParallelOp.cast(op)),
      getSteps: (op) => ParallelOp.step(ParallelOp.cast(op)),
      // Constant bounds are their attributes (MLIR's getAsOpFoldResult).
      getLoopLowerBounds: (op) => ParallelOp.lowerBound(ParallelOp.cast(op)).map(asFoldResult),
      getLoopUpperBounds: (op) => ParallelOp.upperBound(ParallelOp.cast(op)).map(asFoldResult),
      getLoopSteps: (op) => ParallelOp.step(ParallelOp.cast(op)).map(asFoldResult),
      getRegionIterArgs: () => [],
      getInits: () => [],
      getYieldedValues: () => [],
      getLoopResults: (op) => op.results,
      isDefinedOutsideOfLoop: (op, v) => !isInside(op, v),
      hasLoopResults: false,
    } as LoopLikeInterface,
  },
});

implementOp(ReduceOp, {
  parentOps: [ParallelOp],
  verifyRegions(op, ctx) {
    const operands = ReduceOp.operands(op);
    const reductions = ReduceOp.reductions(op);
    for (let i = 0; i < reductions.length; i++) {
      const type = operands[i]?.type;
      const block = reductions[i].entry;
      if (block.empty) return fail(ctx, op, `${i}-th reduction has an empty body`);
      if (block.args.length !== 2 || block.args.some((a) => a.type !== type))
        return fail(ctx, op, `expected two block arguments with type ${type ? q(type) : "'<<NULL TYPE>>'"} in the ${i}-th reduction region`);
      if (!ReduceReturnOp.isa(block.last)) return fail(ctx, op, "reduction bodies must be terminated with an 'scf.reduce.return' op");
    }
    return true;
  },
  interfaces: {
    [Interfaces.RegionBranchTerminator]: {
      getSuccessorOperands() {
        return [];
      },
      successorOperandRange: (_op, _s, out) => setOperands(out, 0, 0),
    } satisfies RegionBranchTerminatorInterface,
  },
});

implementOp(ReduceReturnOp, {
  parentOps: [ReduceOp],
  verify(op, ctx) {
    const expected = op.parentBlock!.args[0]?.type;
    const type = ReduceReturnOp.result(op).type;
    if (expected !== type) return fail(ctx, op, `must have type ${expected ? q(expected) : "'<<NULL TYPE>>'"} (the type of the reduction inputs)`);
    return true;
  },
});

// ============================================================================
// scf.while

implementOp(WhileOp, {
  *parseResumable(p, state) {
    const before = state.addRegion(new Region());
    const after = state.addRegion(new Region());
    const list = p.parseOptionalAssignmentList();
    const args = list?.lhs ?? [];
    const operands = list?.rhs ?? [];
    const typeOffset = p.currentOffset();
    p.parseColon();
    const parsed = p.parseType();
    const fnType =
      parsed instanceof FunctionType ? parsed : p.error(`invalid kind of type specified: expected builtin.function, but found ${q(parsed)}`, typeOffset);
    state.types = [...fnType.results];
    if (fnType.inputs.length !== operands.length)
      p.error(`expected as many input types as operands (expected ${operands.length} got ${fnType.inputs.length})`, typeOffset);
    state.operands = p.resolveOperands(operands, fnType.inputs, p.currentOffset());
    args.forEach((a, i) => (a.type = fnType.inputs[i]));
    yield { region: before, args: args };
    p.parseKeyword('do');
    yield { region: after };
    p.parseOptionalAttrDictWithKeyword(state);
  },
  print(p, op) {
    const inits = WhileOp.inits(op);
    printInitializationList(p, blockArgs(WhileOp.before(op)), inits, ' ');
    p.write(' : ');
    p.printFunctionType(
      inits.map((v) => v.type),
      op.resultTypes,
    );
    p.write(' ');
    p.printRegion(WhileOp.before(op), { printEntryBlockArgs: false });
    p.write(' do ');
    p.printRegion(WhileOp.after(op));
    p.printOptionalAttrDictWithKeyword(op.attributesView);
  },
  verify(op, ctx) {
    const check = (region: Region, kind: { readonly opName: string; isa(o: Operation | null): boolean }, message: string): boolean => {
      const last = region.entry.last;
      if (kind.isa(last)) return true;
      const d = emitOpError(ctx, op, message);
      if (last) d.attachNote('terminator here', last.location);
      return false;
    };
    if (!check(WhileOp.before(op), ConditionOp, "expects the 'before' region to terminate with 'scf.condition'")) return false;
    return check(WhileOp.after(op), YieldOp, "expects the 'after' region to terminate with 'scf.yield'");
  },
  // Its checks read the inits' types, both regions' argument types and their terminators' kinds and operand types.
  localRegionVerifier: true,
  verifyRegions(op, ctx) {
    if (!verifyRegionBranch(ctx, op)) return false;
    return verifyLoopLike(ctx, op);
  },
  interfaces: {
    [Interfaces.RegionBranch]: {
      getSuccessorRegions(op, from) {
        const [before, after] = op.regions;
        if (from === 'parent' || from === 1) return [toRegion(before, blockArgs(before))];
        return [toParent(op), toRegion(after, blockArgs(after))];
      },
      getEntrySuccessorOperands(op) {
        return WhileOp.inits(WhileOp.cast(op));
      },
      successorRange(op, from, i, out) {
        const w = WhileOp.cast(op);
        if (from === 'parent' || from === 1) return i === 0 && setSuccessor(out, 0, 0, numArgs(WhileOp.before(w)));
        return i === 0 ? setSuccessor(out, -1, 0, op.numResults) : i === 1 && setSuccessor(out, 1, 0, numArgs(WhileOp.after(w)));
      },
      entryOperandRange: (op, _s, out) => setOperands(out, 0, op.numOperands),
    } satisfies RegionBranchInterface,
    [Interfaces.LoopLike]: {
      getLoopRegions: (op) => [...op.regions],
      getInductionVars: () => undefined,
      getLowerBounds: () => undefined,
      getUpperBounds: () => undefined,
      getSteps: () => undefined,
      getRegionIterArgs: (op) => blockArgs(op.regions[0]),
      getInits: (op) => WhileOp.inits(WhileOp.cast(op)),
      getYieldedValues: (op) => yieldedValues(op.regions[1]),
      getLoopResults: (op) => op.results,
      isDefinedOutsideOfLoop: (op, v) => !isInside(op, v),
      loopCarriedRanges: (op, out) => {
        const w = WhileOp.cast(op);
        setLoopCarried(out, op, 0, WhileOp.before(w), 0, WhileOp.after(w));
      },
      hasLoopResults: false,
    } as LoopLikeInterface,
  },
});

// ============================================================================
// scf.loop, scf.break, scf.continue (early exits)

implementOp(LoopOp, {
  // `token(%t) (iter_args(%a = %init, ...) : types)? (-> types)? region attr-dict`
  *parseResumable(p, state) {
    const ctx = p.parser.ctx;
    // An unlanded upstream branch spelled loops without a token (`scf.loop -> index`,
    // `scf.break 2`); like mlir-opt 22, which knows no scf.loop, reject it at the op.
    if (!p.parseOptionalKeyword('token')) p.error("expected 'token'", p.nameOffset);
    p.parseLParen();
    const token = p.parseArgument(false);
    token.type = TokenType.get();
    p.parseRParen();
    const regionArgs: Argument[] = [token];
    let inits: UnresolvedOperand[] = [];
    if (p.parseOptionalKeyword('iter_args')) {
      const list = p.parseOptionalAssignmentList() ?? p.error("expected '('");
      const offset = p.currentOffset();
      const types = p.parseColonTypeList();
      if (types.length !== list.lhs.length) p.error(`expected ${list.lhs.length} types, got ${types.length}`, offset);
      list.lhs.forEach((a, i) => (a.type = types[i]));
      regionArgs.push(...list.lhs);
      inits = list.rhs;
      state.operands = p.resolveOperands(inits, types, offset);
    }
    state.types = p.parseOptionalArrowTypeList() ?? [];
    const body = state.addRegion(new Region());
    yield { region: body, args: regionArgs };
    // The implicit terminator: `scf.continue` to this loop (valid without iter_args).
    if (body.empty) body.pushBlock(new Block());
    const block = body.lastBlock!;
    if (!block.last || !block.last.hasTrait(Traits.IsTerminator))
      block.append(state.newOpHere(ctx.lookupOp(ContinueOp.opName)!, [body.entry.args[0]]));
    p.parseOptionalAttrDict(state);
  },
  print(p, op) {
    p.write(' token(');
    p.printOperand(LoopOp.token(op));
    p.write(')');
    const inits = LoopOp.initArgs(op);
    printInitializationList(p, LoopOp.regionIterArgs(op), inits, ' iter_args');
    if (inits.length) {
      p.write(' : ');
      p.printTypes(inits.map((v) => v.type));
    }
    p.printArrowTypeList(op.resultTypes);
    p.write(' ');
    const last = op.regions[0].entry.last;
    const implicit = ContinueOp.isa(last) && ContinueOp.results(last).length === 0 && ContinueOp.token(last) === LoopOp.token(op) && !last.attributesView.size;
    p.printRegion(op.regions[0], { printEntryBlockArgs: false, printBlockTerminators: !implicit });
    p.printOptionalAttrDict(allAttrs(op));
  },
  verify(op, ctx) {
    const region = op.regions[0];
    if (region.empty) return fail(ctx, op, 'region needs to have at least one block');
    const args = region.entry.args;
    const inits = LoopOp.initArgs(op);
    if (!args.length || !(args[0].type instanceof TokenType)) return fail(ctx, op, "expects the body's first argument to be a 'token'");
    if (args.length !== inits.length + 1) return fail(ctx, op, 'mismatch in number of loop-carried values and region arguments');
    for (let i = 0; i < inits.length; i++)
      if (args[i + 1].type !== inits[i].type)
        return fail(ctx, op, `type mismatch between init #${i} ${q(inits[i].type)} and region argument ${q(args[i + 1].type)}`);
    return true;
  },
  verifyRegions(op, ctx) {
    const last = op.regions[0].entry.last;
    if (!BreakOp.isa(last) && !ContinueOp.isa(last)) return fail(ctx, op, "expects its body to end with 'scf.break' or 'scf.continue'");
    return true;
  },
  interfaces: {
  },
});

/** `scf.break`/`scf.continue`: the target must enclose the op through ops that propagate breaks, and the values must fit it. */
function verifyEarlyExit(op: Operation, ctx: Context, isBreak: boolean): boolean {
  const token = op.operands[0];
  const target = earlyExitTarget(token);
  if (!target) return fail(ctx, op, "expects its token to be the token argument of an enclosing 'scf.execute_region' or 'scf.loop'");
  if (!isBreak && !LoopOp.isa(target)) return fail(ctx, op, "expects its token to belong to an 'scf.loop'");
  for (let parent = op.parentOp; parent !== target; parent = parent.parentOp) {
    if (!parent) return fail(ctx, op, 'must be nested in the op its token belongs to');
    if (!propagatesControlFlowBreak(parent)) return fail(ctx, op, `cannot exit through '${parent.opName}', which does not propagate breaking control flow`);
  }
  const expected = isBreak ? target.resultTypes : LoopOp.regionIterArgs(LoopOp.cast(target)).map((a) => a.type);
  const values = op.operands.slice(1);
  const what = isBreak ? `results of '${target.opName}'` : "loop-carried values of 'scf.loop'";
  if (values.length !== expected.length) return fail(ctx, op, `has ${values.length} values, but the ${what} number ${expected.length}`);
  for (let i = 0; i < values.length; i++)
    if (values[i].type !== expected[i]) return fail(ctx, op, `value #${i} has type ${q(values[i].type)}, but the ${what} expect ${q(expected[i])}`);
  return true;
}

/** `scf.break %tok, %v : t` (execute_region spelling) or `scf.break [%tok] %v : t` (scf.loop spelling); both parse. */
function parseEarlyExit(p: OpAsmParser, state: OperationState): void {
  let values: UnresolvedOperand[] = [];
  let token: UnresolvedOperand;
  const parseValues = (): UnresolvedOperand[] => {
    const out: UnresolvedOperand[] = [];
    const first = p.parseOptionalOperand();
    if (!first) return out;
    out.push(first);
    while (p.parseOptionalComma()) out.push(p.parseOperand());
    return out;
  };
  if (p.parseOptionalLSquare()) {
    token = p.parseOperand();
    p.parseRSquare();
    values = parseValues();
  } else {
    token = p.parseOperand();
    if (p.parseOptionalComma()) {
      values.push(p.parseOperand());
      while (p.parseOptionalComma()) values.push(p.parseOperand());
    }
  }
  p.parseOptionalAttrDict(state);
  const offset = p.currentOffset();
  const types = values.length ? p.parseColonTypeList() : [];
  state.operands = [p.resolveOperand(token, TokenType.get()), ...p.resolveOperands(values, types, offset)];
}

/** Prints the spelling of the target's tests: `[%tok] %v : t` for scf.loop, `%tok, %v : t` for scf.execute_region. */
function printEarlyExit(p: OpAsmPrinter, op: Operation): void {
  const [token, ...values] = op.operands;
  const loopSpelling = LoopOp.isa(earlyExitTarget(token));
  p.write(loopSpelling ? ' [' : ' ');
  p.printOperand(token);
  if (loopSpelling) p.write(']');
  if (values.length) {
    p.write(loopSpelling ? ' ' : ', ');
    p.printOperands(values);
  }
  p.printOptionalAttrDict(allAttrs(op));
  if (values.length) {
    p.write(' : ');
    p.printTypes(values.map((v) => v.type));
  }
}

implementOp(BreakOp, {
  parse: parseEarlyExit,
  print: printEarlyExit,
  verify: (op, ctx) => verifyEarlyExit(op, ctx, true),
  interfaces: {
    [Interfaces.BreakingExit]: {
      getTarget: (op) => BreakOp.target(BreakOp.cast(op)),
      getExitOperands: (op) => BreakOp.results(BreakOp.cast(op)),
    } satisfies BreakingExitInterface,
  },
});

implementOp(ContinueOp, {
  parse: parseEarlyExit,
  print: printEarlyExit,
  verify: (op, ctx) => verifyEarlyExit(op, ctx, false),
});

// ============================================================================
// scf.yield

implementOp(YieldOp, {
  parentOps: [ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, WhileOp],
  interfaces: {
    [Interfaces.RegionBranchTerminator]: {
      getSuccessorOperands(op) {
        return YieldOp.results(YieldOp.cast(op));
      },
      successorOperandRange: (op, _s, out) => setOperands(out, 0, op.numOperands),
    } satisfies RegionBranchTerminatorInterface,
  },
});
