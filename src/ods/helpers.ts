// Small helpers for custom syntax: attribute dictionaries as ODS-generated
// printers handle them, successor operand checks, bare operand lists.

import type { Attribute } from '../ir/attributes.js';
import { emitError, type Context } from '../ir/context.js';
import type { Operation, Value } from '../ir/operation.js';
import type { OpAsmParser, OpAsmPrinter, UnresolvedOperand } from '../ir/op-asm.js';
import { ParseAbort } from '../syntax/parser.js';
import { kDynamicI64 } from '../ir/builtin-types.js';

const NO_ATTRS: readonly (readonly [string, Attribute])[] = Object.freeze([]);

/** The op's inherent and discardable attributes merged, sorted by name (MLIR's getAttrs order). */
export function allAttrs(op: Operation): readonly (readonly [string, Attribute])[] {
  // Most ops printed with it (scf.for, scf.if) have none: no arrays, no iterators.
  if (op.numProperties === 0 && op.attributesView.size === 0) return NO_ATTRS;
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

// ---- successors (BranchOpInterface)

/** Checks the operands forwarded to each successor against its block arguments. */
export function verifyBranchSuccessors(ctx: Context, op: Operation, operandsOf: (index: number) => Value[]): boolean {
  for (let s = 0; s < op.numSuccessors; s++) {
    const operands = operandsOf(s);
    if (!verifySuccessorOperands(ctx, op, s, operands, 0, operands.length)) return false;
  }
  return true;
}

/**
 * verifyBranchSuccessors for successor `s` alone, fed by operands
 * [start, start + count) of `op`: the same diagnostics, no operand list made
 * (the verifier runs it on every branch).
 */
export function verifyBranchSuccessorRange(ctx: Context, op: Operation, s: number, start: number, count: number): boolean {
  return verifySuccessorOperands(ctx, op, s, null, start, count);
}

/** Successor `s`'s arguments against `operands`, or against `op`'s operands [start, start + count) when null. */
function verifySuccessorOperands(ctx: Context, op: Operation, s: number, operands: readonly Value[] | null, start: number, count: number): boolean {
  const args = op.successor(s).args;
  if (count !== args.length) {
    emitError(ctx, op, `branch has ${count} operands for successor #${s}, but target block has ${args.length}`);
    return false;
  }
  // Along the operand list from `start` (operand(i) counts along a short list each time).
  let u = operands || count === 0 ? null : op.opOperand(start);
  for (let i = 0; i < count; i++) {
    const v = operands ? operands[i] : u!.value;
    if (u !== null) u = op.operandAfter(u);
    if (v.type !== args[i].type) {
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

/**
 * MLIR's parseDynamicIndexList: `(%a, 4, %b)` or `[%a, 4, %b]`, SSA values
 * and 64-bit integers. Returns the values and the static entries
 * (`kDynamicI64` where a value stands). On an error, MLIR's second one,
 * "expected SSA value or integer" at the op name, follows.
 */
export function parseDynamicIndexList(p: OpAsmParser, delimiter: 'paren' | 'square'): { values: UnresolvedOperand[]; statics: bigint[] } {
  const values: UnresolvedOperand[] = [];
  const statics: bigint[] = [];
  try {
    p.parseCommaSeparatedList(
      delimiter,
      () => {
        let operand: UnresolvedOperand | undefined;
        try {
          operand = p.parseOptionalOperand();
        } catch (e) {
          // A malformed `%x#n` fails MLIR's optional operand; it then reads
          // an integer there, so "expected integer value" follows.
          if (!(e instanceof ParseAbort)) throw e;
        }
        // `[` after an entry marks a scalable one (MLIR reads and drops the
        // mark for lists without scalable flags); its `]` must follow, or the
        // entry fails without a message of its own.
        const scalable = p.parseOptionalLSquare();
        if (operand) {
          values.push(operand);
          statics.push(kDynamicI64);
        } else {
          const offset = p.currentOffset();
          const v = p.parseInteger();
          if (v < kDynamicI64 || v >= 1n << 63n) p.error('integer value too large', offset);
          statics.push(v);
        }
        if (scalable && !p.parseOptionalRSquare()) throw new ParseAbort();
      },
      ' in dynamic index list',
    );
  } catch (e) {
    if (e instanceof ParseAbort) p.error('expected SSA value or integer', p.nameOffset);
    throw e;
  }
  return { values, statics };
}

/** Prints what `parseDynamicIndexList` reads. */
export function printDynamicIndexList(p: OpAsmPrinter, delimiter: 'paren' | 'square', statics: readonly bigint[], dynamics: readonly Value[]): void {
  p.write(delimiter === 'paren' ? '(' : '[');
  let d = 0;
  statics.forEach((s, i) => {
    if (i) p.write(', ');
    if (s === kDynamicI64) p.printOperand(dynamics[d++]);
    else p.write(s.toString());
  });
  p.write(delimiter === 'paren' ? ')' : ']');
}
