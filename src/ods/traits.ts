// Traits of the declarative op layer that carry checks (MLIR's
// SameOperandsAndResultType, AllTypesMatch, PredOpTrait, ... and the native
// structural traits), and the type inference the assembly format draws from
// them. Plain string traits (Pure, IsTerminator, ...) live in ir/context.ts.

import type { Attribute, Type } from '../ir/attributes.js';
import { RankedTensorType, ShapedType, TensorType, VectorType, isDynamic } from '../ir/builtin-types.js';
import { emitOpError, fail, q, type Context } from '../ir/context.js';
import {
  Interfaces,
  getInterface,
  type LoopCarriedRanges,
  type LoopLikeInterface,
  type OperandRange,
  type RegionBranchInterface,
  type RegionBranchTerminatorInterface,
  type RegionSuccessor,
  type RegionSuccessorRange,
} from '../ir/interfaces.js';
import type { OpOperand, Operation, Value } from '../ir/operation.js';
import type { OdsInfo } from './op.js';

const elementOf = (t: Type): Type => (t instanceof ShapedType ? t.elementType : t);

/** How the format infers types: all names share one type, or `to` is computed from `from`. */
export type TypeInference =
  | { kind: 'same'; names: readonly string[] | 'operands' | 'operands+results' }
  | { kind: 'with'; from: string; to: string; transform: (t: Type) => Type };

export interface OdsTrait {
  readonly name: string;
  /** Predicate checked during verifyInvariants ("failed to verify that <summary>"). */
  readonly pred?: (op: Operation, ods: OdsInfo) => boolean;
  readonly summary?: string;
  /** Native trait verification, after the invariants; returns an error message (emitted as op error). */
  readonly verifyTrait?: (op: Operation, ods: OdsInfo) => string | undefined;
  readonly infer?: TypeInference;
  /** A structural trait (ODS's StructuralOpTrait): verified before the declared invariants. */
  readonly structural?: boolean;
}

export type OdsTraitOrName = string | OdsTrait;

export function getElementTypeOrSelf(t: Type): Type {
  return elementOf(t);
}

/** MLIR's verifyCompatibleShape for two types. */
export function areCompatibleShapes(a: Type, b: Type): boolean {
  const sa = a instanceof ShapedType ? a : undefined;
  const sb = b instanceof ShapedType ? b : undefined;
  if (!sa) return !sb;
  if (!sb) return false;
  const x = sa.shapeOrUndefined;
  const y = sb.shapeOrUndefined;
  if (!x || !y) return true;
  if (x.length !== y.length) return false;
  if (sa instanceof VectorType && sb instanceof VectorType)
    for (let i = 0; i < x.length; i++) if (!!sa.scalableDims[i] !== !!sb.scalableDims[i]) return false;
  for (let i = 0; i < x.length; i++) if (!isDynamic(x[i]) && !isDynamic(y[i]) && x[i] !== y[i]) return false;
  return true;
}

function encodingOf(t: Type): Attribute | undefined {
  return t instanceof RankedTensorType ? t.encoding : undefined;
}

/** Why `t` (not identical to `type`) breaks SameOperandsAndResultType, if it does. */
function sameTypeMismatch(t: Type, type: Type): string | undefined {
  if (elementOf(t) !== elementOf(type) || !areCompatibleShapes(t, type)) return 'requires the same type for all operands and results';
  const enc = encodingOf(type);
  if (enc && t instanceof RankedTensorType && t.encoding !== enc) return 'requires the same encoding for all operands and results';
  return undefined;
}

export const SameOperandsAndResultType: OdsTrait = {
  name: 'SameOperandsAndResultType',
  infer: { kind: 'same', names: 'operands+results' },
  verifyTrait(op) {
    // Operands along their list (operand(i) counts along a short one).
    const first = op.firstOperand;
    if (first === null) return 'expected 1 or more operands, but found 0';
    const nRes = op.numResults;
    if (nRes < 1) return `expected 1 or more results, but found ${nRes}`;
    const type = op.result(0).type;
    for (let i = 1; i < nRes; i++) {
      const t = op.result(i).type;
      if (t !== type) {
        const msg = sameTypeMismatch(t, type);
        if (msg !== undefined) return msg;
      }
    }
    for (let u: OpOperand | null = first; u !== null; u = op.operandAfter(u)) {
      const t = u.value.type;
      if (t !== type) {
        const msg = sameTypeMismatch(t, type);
        if (msg !== undefined) return msg;
      }
    }
    return undefined;
  },
};

export const SameTypeOperands: OdsTrait = {
  name: 'SameTypeOperands',
  infer: { kind: 'same', names: 'operands' },
  verifyTrait(op) {
    const first = op.firstOperand;
    if (first === null) return undefined;
    const type = first.value.type;
    for (let u = op.operandAfter(first); u !== null; u = op.operandAfter(u)) if (u.value.type !== type) return 'requires all operands to have the same type';
    return undefined;
  },
};

export const SameOperandsAndResultShape: OdsTrait = {
  name: 'SameOperandsAndResultShape',
  verifyTrait(op) {
    const first = op.firstOperand;
    if (first === null) return 'expected 1 or more operands, but found 0';
    if (op.numResults < 1) return `expected 1 or more results, but found ${op.numResults}`;
    const type = first.value.type;
    // Identical types have compatible shapes: only others are compared (no lists made).
    for (let i = 0, n = op.numResults; i < n; i++) {
      const t = op.result(i).type;
      if (t !== type && !areCompatibleShapes(t, type)) return 'requires the same shape for all operands and results';
    }
    for (let u = op.operandAfter(first); u !== null; u = op.operandAfter(u)) {
      const t = u.value.type;
      if (t !== type && !areCompatibleShapes(t, type)) return 'requires the same shape for all operands and results';
    }
    return undefined;
  },
};

export const SameOperandsShape: OdsTrait = {
  name: 'SameOperandsShape',
  verifyTrait(op) {
    const first = op.firstOperand;
    if (first === null) return 'expected 1 or more operands, but found 0';
    const type = first.value.type;
    for (let u = op.operandAfter(first); u !== null; u = op.operandAfter(u)) {
      const t = u.value.type;
      if (t !== type && !areCompatibleShapes(t, type)) return 'requires the same shape for all operands';
    }
    return undefined;
  },
};

export const SameOperandsElementType: OdsTrait = {
  name: 'SameOperandsElementType',
  verifyTrait(op) {
    const first = op.firstOperand;
    if (first === null) return 'expected 1 or more operands, but found 0';
    const el = elementOf(first.value.type);
    for (let u = op.operandAfter(first); u !== null; u = op.operandAfter(u)) if (elementOf(u.value.type) !== el) return 'requires the same element type for all operands';
    return undefined;
  },
};

export const SameOperandsAndResultElementType: OdsTrait = {
  name: 'SameOperandsAndResultElementType',
  verifyTrait(op) {
    const first = op.firstOperand;
    if (first === null) return 'expected 1 or more operands, but found 0';
    if (op.numResults < 1) return `expected 1 or more results, but found ${op.numResults}`;
    const el = elementOf(op.result(0).type);
    for (let i = 1, n = op.numResults; i < n; i++) if (elementOf(op.result(i).type) !== el) return 'requires the same element type for all operands and results';
    for (let u: OpOperand | null = first; u !== null; u = op.operandAfter(u)) if (elementOf(u.value.type) !== el) return 'requires the same element type for all operands and results';
    return undefined;
  },
};

const mappable = (t: Type): boolean => t instanceof VectorType || t instanceof TensorType;

/** The `Elementwise` trait (part of ElementwiseMappable). */
export const Elementwise: OdsTrait = {
  name: 'Elementwise',
  verifyTrait(op) {
    // All scalar (the usual case): nothing to check, nothing allocated.
    let any = false;
    for (let i = 0, n = op.numResults; i < n && !any; i++) any = mappable(op.result(i).type);
    for (let u = op.firstOperand; u !== null && !any; u = op.operandAfter(u)) any = mappable(u.value.type);
    if (!any) return undefined;
    const res = op.resultTypes.filter(mappable);
    const ops = op.operands.map((v) => v.type).filter(mappable);
    if (!res.length && !ops.length) return undefined;
    if (res.length && !ops.length) return 'if a result is non-scalar, then at least one operand must be non-scalar';
    if (!res.length) return 'if an operand is non-scalar, then there must be at least one non-scalar result';
    if (res.length !== op.numResults) return 'if an operand is non-scalar, then all results must be non-scalar';
    const types = [...ops, ...res];
    const base = (t: Type): unknown => (t instanceof VectorType ? VectorType : t instanceof RankedTensorType ? RankedTensorType : t.constructor);
    const b0 = base(types[0]);
    if (!types.every((t) => base(t) === b0) || !types.every((t) => areCompatibleShapes(t, types[0])))
      return 'all non-scalar operands/results must have the same shape and base type';
    return undefined;
  },
};

/** `AllTypesMatch<[names]>`: operands, results or typed attributes share one type. */
export function AllTypesMatch(names: readonly string[]): OdsTrait {
  let lastOds: OdsInfo | undefined;
  let getters: ((op: Operation) => Type | undefined)[] = [];
  return {
    name: 'AllTypesMatch',
    summary: `all of {${names.join(', ')}} have same type`,
    infer: { kind: 'same', names },
    pred(op, ods) {
      // The trait belongs to one op kind: its getters are made once.
      if (ods !== lastOds) {
        getters = names.map((n) => ods.typeGetter(n));
        lastOds = ods;
      }
      // Types are uniqued: compare each with the first, without a list per op.
      const first = getters[0](op);
      if (first === undefined) return false;
      for (let i = 1; i < getters.length; i++) if (getters[i](op) !== first) return false;
      return true;
    },
  };
}

/** `TypesMatchWith<summary, from, to, transform>`. */
export function TypesMatchWith(summary: string, from: string, to: string, transform: (t: Type) => Type): OdsTrait {
  let lastOds: OdsInfo | undefined;
  let getFrom: ((op: Operation) => Type | undefined) | undefined;
  let getTo: ((op: Operation) => Type | undefined) | undefined;
  return {
    name: 'TypesMatchWith',
    summary,
    infer: { kind: 'with', from, to, transform },
    pred(op, ods) {
      if (ods !== lastOds) {
        getFrom = ods.typeGetter(from);
        getTo = ods.typeGetter(to);
        lastOds = ods;
      }
      const f = getFrom!(op);
      const t = getTo!(op);
      return f !== undefined && t !== undefined && transform(f) === t;
    },
  };
}

/** `PredOpTrait<summary, pred>`. */
export function predOpTrait(summary: string, pred: (op: Operation, ods: OdsInfo) => boolean): OdsTrait {
  return { name: 'PredOpTrait', summary, pred };
}

/** A native trait (or interface) verifier: returns an error message for `'op' op <message>`. */
export function nativeTrait(name: string, verifyTrait: (op: Operation, ods: OdsInfo) => string | undefined): OdsTrait {
  return { name, verifyTrait };
}

export const AttrSizedOperandSegments = 'AttrSizedOperandSegments';
export const AttrSizedResultSegments = 'AttrSizedResultSegments';

// ============================================================================
// Structural traits and interface verifiers that hand-written verifiers call
// at the point MLIR runs them (SingleBlock, SingleBlockImplicitTerminator,
// RegionBranchOpInterface, LoopLikeOpInterface).

/** A native trait checking `verifySingleBlock` where MLIR's SingleBlock trait sits in the trait list. */
export const SingleBlockTrait: OdsTrait = {
  name: 'SingleBlock',
  structural: true,
  verifyTrait(op) {
    for (let i = 0; i < op.regions.length; i++) {
      const region = op.regions[i];
      if (region.empty) continue;
      if (region.numBlocks !== 1) return `expects region #${i} to have 0 or 1 blocks`;
      if (region.entry.empty && !op.hasTrait('NoTerminator')) return 'expects a non-empty block';
    }
    return undefined;
  },
};

/** The SingleBlock trait: every region has 0 or 1 blocks, and that block is not empty. */
export function verifySingleBlock(ctx: Context, op: Operation, noTerminator = false): boolean {
  for (let i = 0; i < op.regions.length; i++) {
    const region = op.regions[i];
    if (region.empty) continue;
    if (region.numBlocks !== 1) return fail(ctx, op, `expects region #${i} to have 0 or 1 blocks`);
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

function successorInputs(s: RegionSuccessor): readonly Value[] {
  return s.inputs;
}

// Reused by regionBranchHolds (one verification at a time; nothing in it re-enters).
const SUCC: RegionSuccessorRange = { region: 0, inputStart: 0, inputCount: 0 };
const OPERANDS: OperandRange = { start: 0, count: 0 };

/**
 * Whether every edge from branch point `point` (null: the parent) carries
 * matching values, through the interfaces' range forms (nothing allocated);
 * undefined when an implementation lacks them.
 */
function branchPointHolds(op: Operation, iface: RegionBranchInterface, point: Operation | null, from: number | 'parent'): boolean | undefined {
  let term: RegionBranchTerminatorInterface | undefined;
  if (point !== null) {
    term = getInterface<RegionBranchTerminatorInterface>(point, Interfaces.RegionBranchTerminator);
    if (term === undefined) return true;
    if (term.successorOperandRange === undefined) return undefined;
  }
  const src = point === null ? op : point;
  for (let s = 0; iface.successorRange!(op, from, s, SUCC); s++) {
    if (term === undefined) iface.entryOperandRange!(op, SUCC, OPERANDS);
    else term.successorOperandRange!(point!, SUCC, OPERANDS);
    const n = SUCC.inputCount;
    if (OPERANDS.count !== n) return false;
    if (n === 0) continue;
    const start = OPERANDS.start;
    const at = SUCC.inputStart;
    // The operands along their list from the range's first (operand(i) counts along a short one).
    let u: OpOperand | null = src.opOperand(start);
    if (SUCC.region < 0) {
      for (let i = 0; i < n; i++, u = src.operandAfter(u!)) if (u!.value.type !== op.result(at + i).type) return false;
    } else {
      const args = op.regions[SUCC.region].entry.args;
      for (let i = 0; i < n; i++, u = src.operandAfter(u!)) if (u!.value.type !== args[at + i].type) return false;
    }
  }
  return true;
}

/** Whether verifyRegionBranch would pass, when the implementations have the range forms; undefined otherwise. */
function regionBranchHolds(op: Operation, iface: RegionBranchInterface): boolean | undefined {
  if (iface.successorRange === undefined || iface.entryOperandRange === undefined) return undefined;
  const parent = branchPointHolds(op, iface, null, 'parent');
  if (parent !== true) return parent;
  for (let r = 0; r < op.regions.length; r++)
    for (let block = op.regions[r].firstBlock; block; block = block.nextBlock) {
      const last = block.last;
      if (last === null) continue;
      const holds = branchPointHolds(op, iface, last, r);
      if (holds !== true) return holds;
    }
  return true;
}

/** Checks that every control-flow edge of a region branch op carries matching values. */
export function verifyRegionBranch(ctx: Context, op: Operation): boolean {
  const iface = getInterface<RegionBranchInterface>(op, Interfaces.RegionBranch);
  if (!iface) return true;
  // Valid ops are settled without lists; any other is checked (and reported) below.
  if (regionBranchHolds(op, iface) === true) return true;
  // Branch points: the parent, then every block terminator implementing the terminator interface.
  if (!verifyBranchPoint(ctx, op, iface, null)) return false;
  for (const region of op.regions)
    for (let block = region.firstBlock; block; block = block.nextBlock) {
      const last = block.last;
      if (last && !verifyBranchPoint(ctx, op, iface, last)) return false;
    }
  return true;
}

/** The edges from one branch point (null: the parent); a terminator without the interface is none. */
function verifyBranchPoint(ctx: Context, op: Operation, iface: RegionBranchInterface, point: Operation | null): boolean {
  let term: RegionBranchTerminatorInterface | undefined;
  if (point !== null) {
    term = getInterface<RegionBranchTerminatorInterface>(point, Interfaces.RegionBranchTerminator);
    if (!term) return true;
  }
  const successors = iface.getSuccessorRegions(op, point === null ? 'parent' : point.parentRegion!.index);
  for (let s = 0; s < successors.length; s++) {
    const succ = successors[s];
    const operands = term === undefined ? iface.getEntrySuccessorOperands(op, succ) : term.getSuccessorOperands(point!, succ);
    const inputs = successorInputs(succ);
    if (operands.length !== inputs.length)
      return reportBranchEdge(ctx, op, point, succ, `region branch point has ${operands.length} operands, but region successor needs ${inputs.length} inputs`);
    for (let i = 0; i < operands.length; i++)
      if (operands[i].type !== inputs[i].type)
        return reportBranchEdge(
          ctx,
          op,
          point,
          succ,
          `successor operand type #${i} ${q(operands[i].type)} should match successor input type #${i} ${q(inputs[i].type)}`,
        );
  }
  return true;
}

function reportBranchEdge(ctx: Context, op: Operation, point: Operation | null, succ: RegionSuccessor, message: string): false {
  const src = point === null ? 'parent' : `Operation ${point.name.name}`;
  const dst = succ.region === 'parent' ? 'parent' : `Region #${succ.region.index}`;
  const d = emitOpError(ctx, op, `along control flow edge from ${src} to ${dst}: ${message}`);
  d.attachNote('region branch point', point === null ? op.location : point.location);
  return false;
}

// Reused by loopCarriedHold (one verification at a time).
const LOOP: LoopCarriedRanges = { initStart: 0, initCount: 0, iterRegion: 0, iterStart: 0, iterCount: 0, yielder: null, yieldStart: 0, yieldCount: 0, resultStart: 0, resultCount: 0 };

/** Whether verifyLoopLike's checks pass, read through the range form (no lists made). */
function loopCarriedHold(op: Operation, loop: LoopLikeInterface, results: boolean): boolean {
  const r = LOOP;
  loop.loopCarriedRanges!(op, r);
  const n = r.iterCount;
  const yielder = r.yielder;
  const yielded = yielder === null ? 0 : r.yieldCount;
  if (r.initCount !== n || (yielded !== 0 && yielded !== n) || (results && r.resultCount !== n)) return false;
  if (n === 0) return true;
  const args = op.regions[r.iterRegion].entry.args;
  // Operands along their lists (operand(i) counts along a short one).
  let init: OpOperand | null = op.opOperand(r.initStart);
  let y: OpOperand | null = yielded === 0 ? null : yielder!.opOperand(r.yieldStart);
  for (let i = 0; i < n; i++) {
    const t = args[r.iterStart + i].type;
    if (init!.value.type !== t) return false;
    init = op.operandAfter(init!);
    if (y !== null) {
      if (y.value.type !== t) return false;
      y = yielder!.operandAfter(y);
    }
    if (results && op.result(r.resultStart + i).type !== t) return false;
  }
  return true;
}

export function verifyLoopLike(ctx: Context, op: Operation): boolean {
  const loop = getInterface<LoopLikeInterface>(op, Interfaces.LoopLike);
  if (!loop) return true;
  // A valid loop is settled by the ranges; the lists below report the first failure.
  if (loop.loopCarriedRanges !== undefined && loopCarriedHold(op, loop, (loop as { hasLoopResults?: boolean }).hasLoopResults !== false)) return true;
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
