// Small helpers shared by hand-written op definitions (cf, memref, vector):
// attribute dictionaries as ODS-generated parsers/printers handle them,
// operand segments, and the common verifier messages.

import type { Attribute, Type } from '../ir/attributes.js';
import { DenseArrayAttr, IntegerAttr } from '../ir/builtin-attributes.js';
import { IntegerType } from '../ir/builtin-types.js';
import { emitError, type Context } from '../ir/context.js';
import { fail, q } from '../ir/context.js';
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

/** A constraint on an inherent attribute, checked when parsing and verifying. */
export interface AttrConstraint {
  name: string;
  /** The ODS summary used in "failed to satisfy constraint: ..." */
  summary: string;
  check(a: Attribute): boolean;
}

export function attrConstraintMessage(c: AttrConstraint): string {
  return `attribute '${c.name}' failed to satisfy constraint: ${c.summary}`;
}

/**
 * `attr-dict` in an ODS parser: parses the dictionary into state.attributes
 * and checks the inherent attributes it sets, reporting at the dictionary.
 */
export function parseAttrDict(p: OpAsmParser, state: OperationState, constraints: readonly AttrConstraint[] = [], withKeyword = false): void {
  const offset = p.currentOffset();
  const parsed = new Map<string, Attribute>();
  if (withKeyword) p.parseOptionalAttrDictWithKeyword(parsed);
  else p.parseOptionalAttrDict(parsed);
  for (const [k, v] of parsed) state.attributes.set(k, v);
  checkParsedAttrs(p, state, constraints, parsed, offset);
}

export function checkParsedAttrs(
  p: OpAsmParser,
  state: OperationState,
  constraints: readonly AttrConstraint[],
  parsed: ReadonlyMap<string, Attribute>,
  offset: number,
): void {
  for (const c of constraints) {
    const v = parsed.get(c.name);
    if (v !== undefined && !c.check(v)) p.error(`'${state.name.name}' op ${attrConstraintMessage(c)}`, offset);
  }
}

/** Verifies inherent attribute constraints on a built op (generic form). */
export function verifyAttrConstraints(ctx: Context, op: Operation, constraints: readonly AttrConstraint[]): boolean {
  for (const c of constraints) {
    const v = op.propertiesView.get(c.name);
    if (v !== undefined && !c.check(v)) return fail(ctx, op, attrConstraintMessage(c));
  }
  return true;
}

export function verifyRequiredAttrs(ctx: Context, op: Operation, names: readonly string[]): boolean {
  for (const n of names) if (!op.propertiesView.has(n)) return fail(ctx, op, `requires attribute '${n}'`);
  return true;
}

// ---- common attribute constraints

const isSignlessInt = (a: Attribute, width: number): a is IntegerAttr =>
  a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === width && a.type.signedness === 'signless';

export const I64Attr = (name: string): AttrConstraint => ({
  name,
  summary: '64-bit signless integer attribute',
  check: (a) => isSignlessInt(a, 64),
});
export const I64AttrNonNegative = (name: string): AttrConstraint => ({
  name,
  summary: '64-bit signless integer attribute whose minimum value is 0',
  check: (a) => isSignlessInt(a, 64) && a.value >= 0n,
});
export const I64AttrPositivePow2 = (name: string): AttrConstraint => ({
  name,
  summary: '64-bit signless integer attribute whose value is positive and whose value is a power of two > 0',
  check: (a) => isSignlessInt(a, 64) && a.value > 0n && (a.value & (a.value - 1n)) === 0n,
});
export const DenseI32ArrayAttrC = (name: string): AttrConstraint => ({
  name,
  summary: 'i32 dense array attribute',
  check: (a) => isDenseArray(a, 32),
});
export const DenseI64ArrayAttrC = (name: string): AttrConstraint => ({
  name,
  summary: 'i64 dense array attribute',
  check: (a) => isDenseArray(a, 64),
});

export function isDenseArray(a: Attribute | undefined, width: number): a is DenseArrayAttr {
  return a instanceof DenseArrayAttr && a.elementType instanceof IntegerType && a.elementType.width === width;
}

// ---- operand segments (AttrSizedOperandSegments)

export const SEGMENTS = 'operandSegmentSizes';

export function setSegments(state: OperationState, sizes: readonly number[]): void {
  state.attributes.set(SEGMENTS, DenseArrayAttr.get(IntegerType.get(32), sizes.map(BigInt)));
}

export function segmentSizes(op: Operation): number[] | undefined {
  const a = op.propertiesView.get(SEGMENTS);
  return isDenseArray(a, 32) ? a.values.map(Number) : undefined;
}

/** The operands of segment `index`, or [] if the sizes are missing/invalid. */
export function segment(op: Operation, index: number): Value[] {
  const sizes = segmentSizes(op);
  if (!sizes) return [];
  let start = 0;
  for (let i = 0; i < index; i++) start += sizes[i];
  return op.operands.slice(start, start + (sizes[index] ?? 0));
}

/** The AttrSizedOperandSegments checks. */
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

// ---- operand/result type constraints

export interface TypeConstraint {
  summary: string;
  check(t: Type): boolean;
}

/** `operand #i must be <summary>, but got 'T'` for each operand in `values` (starting at index `first`). */
export function verifyOperandTypes(ctx: Context, op: Operation, first: number, values: readonly Value[], c: TypeConstraint, variadic = false): boolean {
  for (let i = 0; i < values.length; i++) {
    const t = values[i].type;
    if (!c.check(t)) return fail(ctx, op, `operand #${first + i} must be ${variadic ? 'variadic of ' : ''}${c.summary}, but got ${q(t)}`);
  }
  return true;
}

export function verifyResultTypes(ctx: Context, op: Operation, first: number, types: readonly Type[], c: TypeConstraint, variadic = false): boolean {
  for (let i = 0; i < types.length; i++) {
    const t = types[i];
    if (!c.check(t)) return fail(ctx, op, `result #${first + i} must be ${variadic ? 'variadic of ' : ''}${c.summary}, but got ${q(t)}`);
  }
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
