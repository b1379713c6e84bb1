// Small helpers for custom syntax and hand-written ops: attribute
// dictionaries as ODS-generated printers handle them, successor operand
// checks, bare operand lists; and, transitionally, the constraint and
// segment helpers cf still uses (deprecated).

import type { Attribute } from '../ir/attributes.js';
import { DenseArrayAttr } from '../ir/builtin-attributes.js';
import { IntegerType } from '../ir/builtin-types.js';
import { emitError, fail, type Context } from '../ir/context.js';
import type { Block, Operation, Value } from '../ir/operation.js';
import type { OpAsmParser, OperationState, UnresolvedOperand } from '../ir/op-asm.js';
import type { OpAsmPrinter } from '../ir/op-asm.js';

/** The op's inherent and discardable attributes merged, sorted by name (MLIR's getAttrs order). */
export function allAttrs(op: Operation): [string, Attribute][] {
  const out: [string, Attribute][] = [...op.propertiesView.entries(), ...op.attributesView.entries()];
  out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return out;
}

/** `attr-dict`: prints every attribute except `elided`. */
export function printAttrDict(p: OpAsmPrinter, op: Operation, elided: readonly string[] = []): void {
  p.printOptionalAttrDict(allAttrs(op), elided);
}

/** `attr-dict-with-keyword`. */
export function printAttrDictWithKeyword(p: OpAsmPrinter, op: Operation, elided: readonly string[] = []): void {
  p.printOptionalAttrDictWithKeyword(allAttrs(op), elided);
}

// ---- transitional: the constraint and segment helpers of hand-written ops
// (cf). Declared ops get both from the declarative layer: attribute
// constraints from constraints.ts, checked by the declaration's verifier and
// by the format's attr-dict; operand segments from OdsInfo and the typed
// accessors of op.ts.

/**
 * A constraint on an inherent attribute, checked when parsing.
 * @deprecated declare the attribute with defineOp (constraints.ts); only cf still uses this.
 */
export interface AttrConstraint {
  name: string;
  /** The ODS summary used in "failed to satisfy constraint: ..." */
  summary: string;
  check(a: Attribute): boolean;
}

/** `attr-dict` in a hand-written parser: parses the dictionary into state.attributes. */
export function parseAttrDict(p: OpAsmParser, state: OperationState): void;
/**
 * Also checks the inherent attributes the dictionary sets, reporting at the dictionary.
 * @deprecated declare the op with defineOp: its assembly format's attr-dict checks the declared constraints. Only cf still uses this.
 */
export function parseAttrDict(p: OpAsmParser, state: OperationState, constraints: readonly AttrConstraint[]): void;
export function parseAttrDict(p: OpAsmParser, state: OperationState, constraints: readonly AttrConstraint[] = []): void {
  const offset = p.currentOffset();
  const parsed = new Map<string, Attribute>();
  p.parseOptionalAttrDict(parsed);
  for (const [k, v] of parsed) state.attributes.set(k, v);
  for (const c of constraints) {
    const v = parsed.get(c.name);
    if (v !== undefined && !c.check(v)) p.error(`'${state.name.name}' op attribute '${c.name}' failed to satisfy constraint: ${c.summary}`, offset);
  }
}

/** @deprecated use `DenseI32ArrayAttrC.check` / `DenseI64ArrayAttrC.check` (constraints.ts); only cf still uses this. */
export function isDenseArray(a: Attribute | undefined, width: number): a is DenseArrayAttr {
  return a instanceof DenseArrayAttr && a.elementType instanceof IntegerType && a.elementType.width === width;
}

const SEGMENTS = 'operandSegmentSizes';

/** @deprecated declare the op with AttrSizedOperandSegments: `build` and the format set the sizes. Only cf still uses this. */
export function setSegments(state: OperationState, sizes: readonly number[]): void {
  state.attributes.set(SEGMENTS, DenseArrayAttr.get(IntegerType.get(32), sizes.map(BigInt)));
}

/** @deprecated use the declared op's group accessors (OdsInfo.operandSegments); only cf still uses this. */
export function segmentSizes(op: Operation): number[] | undefined {
  const a = op.propertiesView.get(SEGMENTS);
  return isDenseArray(a, 32) ? a.values.map(Number) : undefined;
}

/**
 * The operands of segment `index`, or [] if the sizes are missing/invalid.
 * @deprecated use the declared op's group accessors; only cf still uses this.
 */
export function segment(op: Operation, index: number): Value[] {
  const sizes = segmentSizes(op);
  if (!sizes) return [];
  let start = 0;
  for (let i = 0; i < index; i++) start += sizes[i];
  return op.operands.slice(start, start + (sizes[index] ?? 0));
}

/**
 * The AttrSizedOperandSegments checks.
 * @deprecated declared ops with AttrSizedOperandSegments are checked by their declaration; only cf still uses this.
 */
export function verifySegments(ctx: Context, op: Operation, count: number): boolean {
  const a = op.propertiesView.get(SEGMENTS);
  // MLIR's property starts out all zeros: with operands, the sizes then do not add up.
  if (a === undefined && op.numOperands !== 0)
    return fail(ctx, op, `operand count (${op.numOperands}) does not match with the total size (0) specified in attribute '${SEGMENTS}'`);
  if (a === undefined) return fail(ctx, op, `requires attribute '${SEGMENTS}'`);
  if (!isDenseArray(a, 32)) return fail(ctx, op, `attribute '${SEGMENTS}' failed to satisfy constraint: i32 dense array attribute`);
  if (a.size !== count)
    return fail(ctx, op, `'${SEGMENTS}' attribute for specifying operand segments must have ${count} elements, but got ${a.size}`);
  let total = 0;
  for (const v of a.values) {
    if (v < 0n) return fail(ctx, op, `'${SEGMENTS}' attribute cannot have negative elements`);
    total += Number(v);
  }
  if (total !== op.numOperands)
    return fail(ctx, op, `operand count (${op.numOperands}) does not match with the total size (${total}) specified in attribute '${SEGMENTS}'`);
  return true;
}

// ---- successors (BranchOpInterface)

/** Checks the operands forwarded to each successor against its block arguments. */
export function verifyBranchSuccessors(ctx: Context, op: Operation, operandsOf: (index: number) => Value[]): boolean {
  for (let s = 0; s < op.numSuccessors; s++) {
    const dest: Block = op.successor(s);
    const operands = operandsOf(s);
    if (operands.length !== dest.args.length) {
      emitError(ctx, op, `branch has ${operands.length} operands for successor #${s}, but target block has ${dest.args.length}`);
      return false;
    }
    for (let i = 0; i < operands.length; i++)
      if (operands[i].type !== dest.args[i].type) {
        emitError(ctx, op, `type mismatch for bb argument #${i} of successor #${s}`);
        return false;
      }
  }
  return true;
}

// ---- parsing helpers

/** `%a, %b` without delimiters, rejecting `%x#n`. */
export function parseBareOperandList(p: OpAsmParser, allowResultNumber = true): UnresolvedOperand[] {
  const out: UnresolvedOperand[] = [];
  const first = p.parseOptionalOperand(allowResultNumber);
  if (!first) return out;
  out.push(first);
  while (p.parseOptionalComma()) out.push(p.parseOperand(allowResultNumber));
  return out;
}
