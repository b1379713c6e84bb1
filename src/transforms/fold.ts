// Folding: running an op's fold hook (then its traits' folds) and keeping
// constants unique and hoisted per region (MLIR's OperationFolder).

import type { Attribute } from '../ir/attributes.js';
import { Traits, type FoldResult, type OperationName } from '../ir/context.js';
import { UnknownLoc } from '../ir/location.js';
import { Block, type Operation, type Region, type OpOperand, type Value } from '../ir/operation.js';
import type { PatternRewriter } from '../ir/pattern.js';
import { isValue, matchConstant } from '../ir/matchers.js';
import type { Builder } from '../ir/builder.js';

/** The constant values of the op's operands, where known. */
export function constantOperands(op: Operation): (Attribute | undefined)[] {
  const n = op.numOperands;
  const out = new Array<Attribute | undefined>(n);
  for (let i = 0; i < n; i++) out[i] = matchConstant(op.operand(i));
  return out;
}

// Shared all-unknown operand lists by length (fold hooks take them readonly).
const NO_CONSTANTS: (readonly undefined[])[] = [];
for (let n = 0; n <= 8; n++) NO_CONSTANTS.push(Object.freeze(new Array<undefined>(n).fill(undefined)));

/** constantOperands for a fold hook: a shared list when no operand is constant (most ops), so folding allocates nothing then. */
function foldOperands(op: Operation): readonly (Attribute | undefined)[] {
  // Along the operand list: operand(i) counts along a short one, and so does
  // numOperands (counted on the way unless an operand is constant).
  let i = 0;
  for (let u = op.firstOperand; u !== null; i++, u = op.operandAfter(u)) {
    const c = matchConstant(u.value);
    if (c === undefined) continue;
    const out = new Array<Attribute | undefined>(op.numOperands).fill(undefined);
    out[i] = c;
    for (let j = i + 1, w = op.operandAfter(u); w !== null; j++, w = op.operandAfter(w)) out[j] = matchConstant(w.value);
    return out;
  }
  return i < NO_CONSTANTS.length ? NO_CONSTANTS[i] : new Array<undefined>(i).fill(undefined);
}

/**
 * Moves constant operands of a commutative op to the end (the Commutative
 * trait's fold). MLIR does it with std::stable_partition over the OpOperands
 * from the first constant on, and moving an OpOperand in C++ unlinks it and
 * links it again at the front of its value's use list. So even when nothing
 * moves, the operands in that range are re-linked, which --mlir-print-value-users
 * shows. libstdc++ (mlir-opt 22's) first builds a temporary buffer, which
 * moves the first constant out and back (its use goes to the front); with two
 * or more operands in the range it then places the non-constants, in order,
 * and after them the constants, in order: each placement goes to the front.
 */
export function foldCommutative(op: Operation, operands: readonly (Attribute | undefined)[]): boolean {
  const n = op.numOperands;
  if (n < 2) return false;
  let firstConst = -1;
  let moves = false;
  for (let i = 0; i < n; i++) {
    if (operands[i] !== undefined) {
      if (firstConst < 0) firstConst = i;
    } else if (firstConst >= 0) {
      moves = true;
      break;
    }
  }
  if (firstConst < 0) return false;
  if (!moves) {
    // Nothing changes place: only the buffer's round trip of the first
    // constant, then (range of 2+) every operand of the range placed again.
    relinkUse(op.opOperand(firstConst));
    for (let i = firstConst; i < n && n - firstConst > 1; i++) relinkUse(op.opOperand(i));
    return false;
  }
  relinkUse(op.opOperand(firstConst));
  const values = op.operands;
  const order: Value[] = [];
  for (let i = firstConst; i < n; i++) if (operands[i] === undefined) order.push(values[i]);
  for (let i = firstConst; i < n; i++) if (operands[i] !== undefined) order.push(values[i]);
  for (let k = 0; k < order.length; k++) op.opOperand(firstConst + k).set(order[k]);
  return true;
}

/**
 * Sets every operand of `op` to `values` as MLIR's Operation::setOperands does
 * for a list of the same length: each OpOperand::set unlinks and links again,
 * even to the value it holds, so every use goes to the front of its list, in
 * operand order.
 */
export function resetOperands(op: Operation, values: readonly Value[]): void {
  for (let i = 0; i < values.length; i++) op.opOperand(i).set(values[i]);
}

/** Unlinks a use and links it again, at the front of its value's use list (a moved OpOperand in C++). */
function relinkUse(use: OpOperand): void {
  use.set(use.value);
}

/**
 * Folds `op` as Operation::fold does: the op's folder, then trait folds when
 * that fails or updates in place. Returns undefined if nothing folded, [] for
 * an in-place update, else one entry per result.
 */
export function foldOperation(op: Operation): FoldResult | undefined {
  const def = op.name.def;
  if (!def) return undefined;
  // Nothing can fold: skip matching the operands (an array per op).
  if (!def.fold && !def.traits.has(Traits.Commutative)) return undefined;
  const operands = foldOperands(op);
  const result = def.fold?.(op, operands);
  const inPlace = result !== undefined && (result.length === 0 || (op.numResults === 1 && result[0] === op.result(0)));
  if (result === undefined || inPlace) {
    if (op.hasTrait(Traits.Commutative) && foldCommutative(op, operands)) return [];
    return inPlace ? [] : undefined;
  }
  return result;
}

/** The region constants of `block` are hoisted into (MLIR's getInsertionRegion). */
export function insertionRegion(block: Block): Region {
  let b: Block = block;
  for (;;) {
    const region = b.parent!;
    const parent = region.parentOp;
    if (!parent || !parent.parentBlock || !parent.isRegistered || parent.hasTrait(Traits.IsolatedFromAbove)) return region;
    b = parent.parentBlock;
  }
}

/** Uniques constants per insertion region, as the greedy driver's OperationFolder. */
export class ConstantFolder {
  // Per insertion region, the known constants by their value's `uid`
  // (attributes are uniqued, so one number per value: no key string to hash);
  // a bucket holds one op per dialect and result type.
  private readonly scopes = new Map<Region, Map<number, Operation[]>>();
  /** Each known constant's bucket. */
  private readonly owned = new Map<Operation, Operation[]>();
  // The op names of known constants (one or two): every erased op is
  // reported here, and most are not constants, so they are turned away
  // without hashing the op.
  private readonly ownedNames: OperationName[] = [];
  constructor(private readonly rewriter: PatternRewriter) {}

  isFolderOwned(op: Operation | null): boolean {
    return op !== null && this.ownedNames.includes(op.name) && this.owned.has(op);
  }

  notifyRemoval(op: Operation): void {
    if (!this.ownedNames.includes(op.name)) return;
    const bucket = this.owned.get(op);
    if (!bucket) return;
    this.owned.delete(op);
    const i = bucket.indexOf(op);
    if (i >= 0) bucket.splice(i, 1);
  }

  /**
   * Records a constant op: returns false if it duplicated a known constant
   * (it is then replaced and erased), true if it is now the known one
   * (moved to the front of its insertion region's entry block). `region`:
   * that insertion region, when the caller knows it (a walk down a deep nest).
   */
  insertKnownConstant(op: Operation, value: Attribute, knownRegion?: Region): boolean {
    const block = op.parentBlock!;
    if (this.isFolderOwned(op)) {
      if (block.first !== op && !this.isFolderOwned(op.prev)) {
        op.remove();
        block.prepend(op);
        op.location = UnknownLoc.get();
      }
      return true;
    }
    const region = knownRegion ?? insertionRegion(block);
    let scope = this.scopes.get(region);
    if (!scope) this.scopes.set(region, (scope = new Map<number, Operation[]>()));
    const dialect = op.name.dialectName;
    const type = op.result(0).type;
    let bucket = scope.get(value.uid);
    if (!bucket) scope.set(value.uid, (bucket = []));
    let existing: Operation | undefined;
    for (let i = 0; i < bucket.length; i++) {
      const o = bucket[i];
      const t = o.result(0).type;
      if (o.name.dialectName === dialect && (t === type || t.key === type.key)) {
        existing = o;
        break;
      }
    }
    if (existing) {
      this.rewriter.replaceOp(op, existing.results);
      existing.location = UnknownLoc.get();
      return false;
    }
    // A constant moved to another block loses its location; one moved up its
    // own block keeps it (MLIR 22's OperationFolder).
    const insertBlock = region.entry;
    if (block !== insertBlock) {
      op.remove();
      insertBlock.prepend(op);
      op.location = UnknownLoc.get();
    } else if (block.first !== op && !this.isFolderOwned(op.prev)) {
      op.remove();
      block.prepend(op);
    }
    bucket.push(op);
    this.owned.set(op, bucket);
    if (!this.ownedNames.includes(op.name)) this.ownedNames.push(op.name);
    return true;
  }
}

/**
 * What MLIR's ModifyOperationRewrite::rollback does to an op it leaves as it
 * was: setOperands and setSuccessor with the same values and blocks, which
 * re-link every operand and successor use at the front of its list, in order.
 */
export function relinkOperandsAndSuccessors(op: Operation): void {
  // Along the list (no array of the values, no O(i) lookup per operand).
  for (let u = op.firstOperand; u !== null; u = op.operandAfter(u)) relinkUse(u);
  const succs = op.successorList;
  for (let i = 0; i < succs.length; i++) succs[i].set(succs[i].block);
}

/** A successful fold in a conversion: the replacement values and the constants made for them. */
export interface ConversionFold {
  readonly values: Value[];
  readonly created: Operation[];
}

/**
 * MLIR's OperationLegalizer::legalizeWithFold, up to the replacement: `op`
 * (not legal) is folded; constants are materialized before it with its
 * location, and the fold is undone unless `keepConstant` accepts each one
 * (MLIR legalizes them and rolls back when one fails). 'in-place': the op was
 * updated (legalize it again). undefined: no fold; as MLIR cancels the op
 * modification it started, the op's operands and successors are re-linked.
 */
export function foldForConversion(op: Operation, b: Builder, keepConstant: (c: Operation) => boolean): ConversionFold | 'in-place' | undefined {
  const folded = op.hasTrait(Traits.ConstantLike) ? undefined : foldOperation(op);
  if (folded !== undefined && folded.length === 0) return 'in-place';
  if (folded !== undefined) {
    const dialect = op.parentBlock ? b.ctx.getDialect(op.name.dialectName) : undefined;
    const created: Operation[] = [];
    const values: Value[] = [];
    b.setInsertionPointBefore(op);
    let ok = true;
    for (let i = 0; i < folded.length && ok; i++) {
      const f = folded[i];
      if (isValue(f)) {
        values.push(f);
        continue;
      }
      const c = dialect?.materializeConstant?.(b, f as Attribute, op.result(i).type, op.location);
      if (c) created.push(c);
      if (!c || !keepConstant(c)) ok = false;
      else values.push(c.result(0));
    }
    if (ok) return { values, created };
    for (let i = created.length - 1; i >= 0; i--) created[i].erase();
  }
  relinkOperandsAndSuccessors(op);
  return undefined;
}
