// Op interfaces: what transformations ask of ops without knowing their names.
// An op definition lists its implementations under `interfaces`, keyed by the
// names below; `getInterface(op, name)` looks one up.

import type { Attribute, Type } from './attributes.js';
import { IndexType, IntegerType, ShapedType } from './builtin-types.js';
import type { Context } from './context.js';
import type { Block, Operation, Region, Value } from './operation.js';

export const Interfaces = {
  MemoryEffects: 'MemoryEffects',
  RegionBranch: 'RegionBranch',
  RegionBranchTerminator: 'RegionBranchTerminator',
  LoopLike: 'LoopLike',
  Branch: 'Branch',
  Speculatable: 'Speculatable',
  ConstantLike: 'ConstantLike',
  SymbolUser: 'SymbolUser',
  CallOp: 'CallOp',
  Callable: 'Callable',
  InferIntRange: 'InferIntRange',
  BreakingExit: 'BreakingExit',
} as const;

/**
 * A terminator that leaves an enclosing op other than its parent (upstream's
 * early exits, newer than MLIR 22: `scf.break`). Analyses treat it as a
 * predecessor of the point after `getTarget(op)` passing `getExitOperands(op)`
 * as that op's results; an exit that does not yield the target's results (a
 * loop's `scf.continue`) has no target here.
 */
export interface BreakingExitInterface {
  getTarget(op: Operation): Operation | undefined;
  getExitOperands(op: Operation): Value[];
}

export function getInterface<T>(op: Operation, name: string): T | undefined {
  return op.name.def?.interfaces?.[name] as T | undefined;
}

// ---- memory effects

export type MemoryEffectKind = 'read' | 'write' | 'allocate' | 'free';

export interface MemoryEffect {
  kind: MemoryEffectKind;
  /** The value (memref) affected, when known. */
  value?: Value;
  /** A named resource for effects not on a value (e.g. 'stdout' for printing). */
  resource?: string;
}

/**
 * Ops with the Pure trait have no effects and need no implementation. Ops with
 * the RecursiveMemoryEffects trait have the effects of the ops they contain.
 */
export interface MemoryEffectsInterface {
  getEffects(op: Operation): MemoryEffect[];
  /**
   * A promise about every op of the kind, when given: whether its own effects
   * allow removing it when unused (only reads, and allocations of its own
   * results). Dead-op queries then answer without building the effect list.
   */
  readonly removableWhenUnused?: boolean;
  /**
   * A promise about every op of the kind, when given: the kinds of the
   * effects getEffects lists, in order (the values may differ per op).
   * Queries that need only the kinds (none? only reads? any write?) then
   * answer without building the list.
   */
  readonly effectKinds?: readonly MemoryEffectKind[];
}

// ---- region control flow (scf.if, scf.for, scf.while, ...)

/** Where control may go: a region of the op, or back to the op's parent ("the results"). */
export interface RegionSuccessor {
  /** The target region, or 'parent' for leaving the op (its results receive `inputs`). */
  region: Region | 'parent';
  /** The values that receive the forwarded operands: region entry arguments or op results. */
  inputs: readonly Value[];
}

/**
 * A region successor as ranges, the allocation-free form of RegionSuccessor
 * the verifier reads (filled in place by `successorRange`).
 */
export interface RegionSuccessorRange {
  /** The target region's number, or -1 for the parent (leaving the op). */
  region: number;
  /** The inputs: the target region's entry-block arguments (the op's results for the parent) [inputStart, inputStart + inputCount). */
  inputStart: number;
  inputCount: number;
}

/** Operands [start, start + count) of an op (filled in place). */
export interface OperandRange {
  start: number;
  count: number;
}

export interface RegionBranchInterface {
  /**
   * The successors when control enters the op from its parent (`from` is
   * 'parent') or leaves region number `from`. Constant operands, where known,
   * let implementations prune (e.g. `scf.if` with a constant condition).
   */
  getSuccessorRegions(op: Operation, from: number | 'parent', constantOperands?: readonly (Attribute | undefined)[]): RegionSuccessor[];
  /** The op's operands forwarded to `successor` when entering from the parent. */
  getEntrySuccessorOperands(op: Operation, successor: RegionSuccessor): Value[];
  /**
   * Optional, for the verifier (nothing allocated): successor `i` of
   * getSuccessorRegions(op, from) without constants, written to `out`;
   * false past the last. Given together with `entryOperandRange`.
   */
  successorRange?(op: Operation, from: number | 'parent', i: number, out: RegionSuccessorRange): boolean;
  /** getEntrySuccessorOperands(op, successor) as a range of the op's operands, written to `out`. */
  entryOperandRange?(op: Operation, successor: RegionSuccessorRange, out: OperandRange): void;
  /**
   * How often each region may run per execution of the op (MLIR's
   * getRegionInvocationBounds); `upper` undefined is unbounded. Ops without
   * it have unknown bounds.
   */
  getRegionInvocationBounds?(op: Operation, constantOperands: readonly (Attribute | undefined)[]): InvocationBounds[];
}

export interface InvocationBounds {
  lower: number;
  upper: number | undefined;
}

/** Terminators (scf.yield, scf.condition) that forward values to a region successor. */
export interface RegionBranchTerminatorInterface {
  getSuccessorOperands(op: Operation, successor: RegionSuccessor): Value[];
  /** Optional, for the verifier: getSuccessorOperands as a range of the terminator's operands, written to `out`. */
  successorOperandRange?(op: Operation, successor: RegionSuccessorRange, out: OperandRange): void;
  /**
   * Where control may go from this terminator given its known constant
   * operands (e.g. scf.condition); without it, the parent's
   * getSuccessorRegions from the terminator's region applies.
   */
  getSuccessorRegions?(op: Operation, constantOperands: readonly (Attribute | undefined)[]): RegionSuccessor[];
}

// ---- loops

export interface LoopLikeInterface {
  getLoopRegions(op: Operation): Region[];
  /** Induction variables, if the loop has them (scf.for: one; scf.while: none). */
  getInductionVars(op: Operation): Value[] | undefined;
  getLowerBounds(op: Operation): Value[] | undefined;
  getUpperBounds(op: Operation): Value[] | undefined;
  getSteps(op: Operation): Value[] | undefined;
  /**
   * MLIR's getLoopLowerBounds/UpperBounds/Steps: a bound is a value, or the
   * constant attribute of a static bound. Without them, getLowerBounds & co.
   * give the values.
   */
  getLoopLowerBounds?(op: Operation): (Value | Attribute)[] | undefined;
  getLoopUpperBounds?(op: Operation): (Value | Attribute)[] | undefined;
  getLoopSteps?(op: Operation): (Value | Attribute)[] | undefined;
  /** Loop-carried values: the region arguments, the op's init operands, the yielded values and the results. */
  getRegionIterArgs(op: Operation): Value[];
  getInits(op: Operation): Value[];
  getYieldedValues(op: Operation): Value[];
  getLoopResults(op: Operation): Value[];
  /** True if `value` is defined outside the loop (for hoisting). */
  isDefinedOutsideOfLoop?(op: Operation, value: Value): boolean;
  /**
   * The loop-carried values as ranges (the four lists above, in place): lets
   * the verifier check a valid loop without making them. Optional: without
   * it, the lists are read.
   */
  loopCarriedRanges?(op: Operation, out: LoopCarriedRanges): void;
}

/** LoopLikeInterface's loop-carried values as ranges (filled in place by `loopCarriedRanges`). */
export interface LoopCarriedRanges {
  /** The inits: operands [initStart, initStart + initCount) of the loop. */
  initStart: number;
  initCount: number;
  /** The region iter args: arguments [iterStart, iterStart + iterCount) of the entry block of region `iterRegion`. */
  iterRegion: number;
  iterStart: number;
  iterCount: number;
  /** The yielded values: operands [yieldStart, yieldStart + yieldCount) of `yielder` (null: none, count 0). */
  yielder: Operation | null;
  yieldStart: number;
  yieldCount: number;
  /** The loop results: results [resultStart, resultStart + resultCount) of the loop (read unless `hasLoopResults` is false). */
  resultStart: number;
  resultCount: number;
}

// ---- CFG branches (cf.br, cf.cond_br, cf.switch)

export interface BranchInterface {
  /** The operands forwarded to successor number `index`. */
  getSuccessorOperands(op: Operation, index: number): Value[];
  /**
   * How many leading arguments of successor `index` the branch itself produces
   * (MLIR's produced successor operands); the forwarded operands feed the rest.
   */
  getProducedOperandCount?(op: Operation, index: number): number;
  /** The successor taken for known constant operands, if it can be decided. */
  getSuccessorForOperands?(op: Operation, operands: readonly (Attribute | undefined)[]): Block | undefined;
  /** Replaces the operands forwarded to successor number `index` (for passes that drop or add block arguments). */
  setSuccessorOperands?(op: Operation, index: number, values: readonly Value[]): void;
}

// ---- calls (func.call, func.call_indirect) and callables (func.func)

export interface CallOpInterface {
  /** The callee: a symbol reference attribute, or the SSA value called. */
  getCallee(op: Operation): Attribute | Value;
  /** The operands passed as the callee's arguments. */
  getArgOperands(op: Operation): Value[];
  /** Replaces the argument operands (for passes that drop arguments). */
  setArgOperands?(op: Operation, values: readonly Value[]): void;
}

export interface CallableInterface {
  /** The body, or undefined for a declaration. */
  getCallableRegion(op: Operation): Region | undefined;
  getArgumentTypes(op: Operation): import('./attributes.js').Type[];
  getResultTypes(op: Operation): import('./attributes.js').Type[];
}

// ---- integer ranges

/** Signed and unsigned bounds of an integer value (values already normalized to each view). */
export interface IntRange {
  umin: bigint;
  umax: bigint;
  smin: bigint;
  smax: bigint;
}

/**
 * MLIR's ConstantIntRanges: the bounds of a `width`-bit integer (`index` has
 * width 64, a non-integer width 0), umin/umax as unsigned, smin/smax as signed
 * numbers.
 */
export interface IntRanges extends IntRange {
  readonly width: number;
}

/** Receives an inferred range; undefined is MLIR's uninitialized IntegerValueRange. */
export type SetIntRange = (value: Value, range: IntRanges) => void;
export type SetIntLattice = (value: Value, range: IntRanges | undefined) => void;

/**
 * MLIR's InferIntRangeInterface: an op implements `inferResultRanges` (called
 * only when every operand's range is known) or `inferResultRangesFromOptional`
 * (operands may be unknown); use `inferResultRangesFromOptional` below to call
 * either.
 */
export interface InferIntRangeInterface {
  inferResultRanges?(op: Operation, argRanges: readonly IntRanges[], setResultRange: SetIntRange): void;
  inferResultRangesFromOptional?(op: Operation, argRanges: readonly (IntRanges | undefined)[], setResultRange: SetIntLattice): void;
}

/** InferIntRangeInterface::inferResultRangesFromOptional, with MLIR's default for ops that only implement inferResultRanges. */
export function inferResultRangesFromOptional(
  op: Operation,
  iface: InferIntRangeInterface,
  argRanges: readonly (IntRanges | undefined)[],
  setResultRange: SetIntLattice,
): void {
  if (iface.inferResultRangesFromOptional) return iface.inferResultRangesFromOptional(op, argRanges, setResultRange);
  if (!iface.inferResultRanges) return;
  const known: IntRanges[] = [];
  for (const r of argRanges) {
    if (r === undefined) return;
    known.push(r);
  }
  iface.inferResultRanges(op, known, setResultRange);
}

/** ConstantIntRanges::getStorageBitwidth: index is 64 bits, integers their width (of the element type), anything else 0. */
export function intRangeStorageWidth(type: Type): number {
  const t = type instanceof ShapedType ? type.elementType : type;
  if (t instanceof IndexType) return 64;
  if (t instanceof IntegerType) return t.width;
  return 0;
}

/** IntegerValueRange::getMaxRange: every value of the type, or undefined for a non-integer. */
export function maxIntRanges(type: Type): IntRanges | undefined {
  const width = intRangeStorageWidth(type);
  if (width === 0) return undefined;
  const half = 1n << BigInt(width - 1);
  return { width, umin: 0n, umax: 2n * half - 1n, smin: -half, smax: half - 1n };
}

/** MLIR's m_IntRange* matchers: the range of result 0 of `op` when nothing is known about its operands. */
export function inferResultRangeOfUnknownOperands(op: Operation): IntRanges | undefined {
  const iface = getInterface<InferIntRangeInterface>(op, Interfaces.InferIntRange);
  if (!iface) return undefined;
  let found: IntRanges | undefined;
  const result = op.numResults ? op.result(0) : undefined;
  inferResultRangesFromOptional(
    op,
    iface,
    op.operands.map((v) => maxIntRanges(v.type)),
    (v, r) => {
      if (r !== undefined && v === result) found = r;
    },
  );
  return found;
}

// ---- speculation and constants

export interface SpeculatableInterface {
  /** Whether executing the op when it would not have run is safe (no UB, no effects). */
  isSpeculatable(op: Operation): boolean;
}

export interface ConstantLikeInterface {
  /** The constant value the op materializes. */
  getValue(op: Operation): Attribute;
}

/** Builds a constant op of a dialect for folding (MLIR's materializeConstant). */
export type MaterializeConstant = (ctx: Context, value: Attribute, type: import('./attributes.js').Type) => Operation | undefined;
