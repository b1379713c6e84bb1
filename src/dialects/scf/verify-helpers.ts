// Shared verification pieces of the scf ops: the structural trait checks
// (region/operand/result counts, single-block regions, implicit terminators)
// and the generic verifiers of the RegionBranch and LoopLike interfaces, with
// MLIR 22's messages.

import type { Type } from '../../ir/attributes.js';
import { IntegerAttr } from '../../ir/builtin-attributes.js';
import { IndexType, IntegerType } from '../../ir/builtin-types.js';
import { Traits, emitOpError, type Context } from '../../ir/context.js';
import { fail, q } from '../../ir/context.js';
import { Interfaces, getInterface, type LoopLikeInterface, type RegionBranchInterface, type RegionBranchTerminatorInterface, type RegionSuccessor } from '../../ir/interfaces.js';
import type { Operation, Region, Value } from '../../ir/operation.js';

// ---- counts (OneRegion, NRegions, AtLeastNOperands, ZeroResults, ...)

export interface CountSpec {
  /** Exact region count, or `[n]` for "at least n". */
  regions?: number | [number];
  /** Exact operand count, or `[n]` for "at least n". */
  operands?: number | [number];
  /** 0 when the op has no results. */
  results?: 0;
}

export function verifyCounts(ctx: Context, op: Operation, spec: CountSpec): boolean {
  const r = spec.regions;
  if (typeof r === 'number' && op.regions.length !== r) {
    if (r === 0) return fail(ctx, op, 'requires zero regions');
    if (r === 1) return fail(ctx, op, 'requires one region');
    return fail(ctx, op, `expected ${r} regions`);
  }
  if (Array.isArray(r) && op.regions.length < r[0]) return fail(ctx, op, `expected ${r[0]} or more regions`);
  if (spec.results === 0 && op.numResults !== 0) return fail(ctx, op, 'requires zero results');
  if (op.numSuccessors !== 0) return fail(ctx, op, 'requires zero successors');
  const o = spec.operands;
  if (typeof o === 'number' && op.numOperands !== o) {
    if (o === 0) return fail(ctx, op, 'requires zero operands');
    if (o === 1) return fail(ctx, op, 'requires a single operand');
    return fail(ctx, op, `expected ${o} operands, but found ${op.numOperands}`);
  }
  if (Array.isArray(o) && op.numOperands < o[0]) return fail(ctx, op, `expected ${o[0]} or more operands, but found ${op.numOperands}`);
  return true;
}

/** The SingleBlock trait: every region has 0 or 1 blocks, and that block is not empty. */
export function verifySingleBlock(ctx: Context, op: Operation, noTerminator = false): boolean {
  for (let i = 0; i < op.regions.length; i++) {
    const region = op.regions[i];
    if (region.empty) continue;
    if (region.blocks.length !== 1) return fail(ctx, op, `expects region #${i} to have 0 or 1 blocks`);
    if (!noTerminator && region.entry.empty) return fail(ctx, op, 'expects a non-empty block');
  }
  return true;
}

/** The region part of SingleBlockImplicitTerminator: each region ends with `terminator`. */
export function verifyImplicitTerminator(ctx: Context, op: Operation, terminator: string): boolean {
  for (const region of op.regions) {
    if (region.empty) continue;
    const last = region.entry.last;
    if (!last || last.name.name === terminator) continue;
    const d = emitOpError(ctx, op, `expects regions to end with '${terminator}', found '${last.name.name}'`);
    d.attachNote(`in custom textual format, the absence of terminator implies '${terminator}'`, op.location);
    return false;
  }
  return true;
}

/** ODS region constraints (`SizedRegion<1>` / `MaxSizedRegion<1>`). */
export function verifyRegionSizes(ctx: Context, op: Operation, names: readonly string[], kinds: readonly ('one' | 'max-one')[]): boolean {
  for (let i = 0; i < op.regions.length; i++) {
    const name = names[Math.min(i, names.length - 1)];
    const kind = kinds[Math.min(i, kinds.length - 1)];
    const n = op.regions[i].blocks.length;
    if (kind === 'one' && n !== 1) return fail(ctx, op, `region #${i} ('${name}') failed to verify constraint: region with 1 blocks`);
    if (kind === 'max-one' && n > 1) return fail(ctx, op, `region #${i} ('${name}') failed to verify constraint: region with at most 1 blocks`);
  }
  return true;
}

// ---- type constraints

export function isSignlessIntOrIndex(t: Type): boolean {
  return t instanceof IndexType || (t instanceof IntegerType && t.signedness === 'signless');
}

export function isI1(t: Type): boolean {
  return t instanceof IntegerType && t.signedness === 'signless' && t.width === 1;
}

/** Checks `operand #i must be <what>, but got 'T'` for operands in [start, end). */
export function verifyOperandTypes(ctx: Context, op: Operation, start: number, end: number, pred: (t: Type) => boolean, what: string): boolean {
  for (let i = start; i < end && i < op.numOperands; i++) {
    const t = op.operand(i).type;
    if (!pred(t)) return fail(ctx, op, `operand #${i} must be ${what}, but got ${q(t)}`);
  }
  return true;
}

/** The integer value of a constant-like defining op, if any (MLIR's getConstantIntValue). */
export function constantIntValue(v: Value): bigint | undefined {
  const def = v.definingOp;
  if (!def || !def.hasTrait(Traits.ConstantLike)) return undefined;
  const a = def.propertiesView.get('value') ?? def.attributesView.get('value');
  return a instanceof IntegerAttr ? a.value : undefined;
}

// ---- RegionBranchOpInterface verification

function successorInputs(s: RegionSuccessor): readonly Value[] {
  return s.inputs;
}

/** Checks that every control-flow edge of a region branch op carries matching values. */
export function verifyRegionBranch(ctx: Context, op: Operation): boolean {
  const iface = getInterface<RegionBranchInterface>(op, Interfaces.RegionBranch);
  if (!iface) return true;
  // Branch points: the parent, then every block terminator implementing the terminator interface.
  const points: (Operation | 'parent')[] = ['parent'];
  for (const region of op.regions)
    for (const block of region.blocks) {
      const last = block.last;
      if (last && getInterface<RegionBranchTerminatorInterface>(last, Interfaces.RegionBranchTerminator)) points.push(last);
    }
  for (const point of points) {
    const from = point === 'parent' ? 'parent' : point.parentRegion!.index;
    const successors = iface.getSuccessorRegions(op, from);
    for (const succ of successors) {
      const operands =
        point === 'parent'
          ? iface.getEntrySuccessorOperands(op, succ)
          : getInterface<RegionBranchTerminatorInterface>(point, Interfaces.RegionBranchTerminator)!.getSuccessorOperands(point, succ);
      const inputs = successorInputs(succ);
      const edge = (): string => {
        const src = point === 'parent' ? 'parent' : `Operation ${point.name.name}`;
        const dst = succ.region === 'parent' ? 'parent' : `Region #${succ.region.index}`;
        return `along control flow edge from ${src} to ${dst}`;
      };
      const report = (message: string): false => {
        const d = emitOpError(ctx, op, `${edge()}: ${message}`);
        d.attachNote('region branch point', point === 'parent' ? op.location : point.location);
        return false;
      };
      if (operands.length !== inputs.length)
        return report(`region branch point has ${operands.length} operands, but region successor needs ${inputs.length} inputs`);
      for (let i = 0; i < operands.length; i++)
        if (operands[i].type !== inputs[i].type)
          return report(`successor operand type #${i} ${q(operands[i].type)} should match successor input type #${i} ${q(inputs[i].type)}`);
    }
  }
  return true;
}

// ---- LoopLikeOpInterface verification

export function verifyLoopLike(ctx: Context, op: Operation): boolean {
  const loop = getInterface<LoopLikeInterface>(op, Interfaces.LoopLike);
  if (!loop) return true;
  const inits = loop.getInits(op);
  const iterArgs = loop.getRegionIterArgs(op);
  const yielded = loop.getYieldedValues(op);
  const results = (loop as LoopLikeInterface & { hasLoopResults?: boolean }).hasLoopResults === false ? undefined : loop.getLoopResults(op);
  if (inits.length !== iterArgs.length)
    return fail(ctx, op, `different number of inits and region iter_args: ${inits.length} != ${iterArgs.length}`);
  if (yielded.length && iterArgs.length !== yielded.length)
    return fail(ctx, op, `different number of region iter_args and yielded values: ${iterArgs.length} != ${yielded.length}`);
  if (results && results.length !== iterArgs.length)
    return fail(ctx, op, `different number of loop results and region iter_args: ${results.length} != ${iterArgs.length}`);
  for (let i = 0; i < inits.length; i++) {
    if (inits[i].type !== iterArgs[i].type)
      return fail(ctx, op, `${i}-th init and ${i}-th region iter_arg have different type: ${q(inits[i].type)} != ${q(iterArgs[i].type)}`);
    if (yielded.length && iterArgs[i].type !== yielded[i].type)
      return fail(ctx, op, `${i}-th region iter_arg and ${i}-th yielded value have different type: ${q(iterArgs[i].type)} != ${q(yielded[i].type)}`);
  }
  // MLIR 22 reports every loop-result mismatch with index 0.
  if (results)
    for (let i = 0; i < iterArgs.length; i++)
      if (iterArgs[i].type !== results[i].type)
        return fail(ctx, op, `0-th region iter_arg and 0-th loop result have different type: ${q(iterArgs[i].type)} != ${q(results[i].type)}`);
  return true;
}

export type { Region };
