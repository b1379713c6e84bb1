// Constant matchers (MLIR's m_Constant family): what a value is known to be
// when its defining op is ConstantLike. The one place transformations ask
// "is this value a constant, and which one".

import type { Attribute } from './attributes.js';
import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr } from './builtin-attributes.js';
import { IndexType, IntegerType } from './builtin-types.js';
import { Traits } from './context.js';
import { Interfaces, getInterface, type ConstantLikeInterface } from './interfaces.js';
import type { Operation, Value } from './operation.js';

/** Whether `x` is an SSA value (rather than an attribute), e.g. in a fold result. */
export function isValue(x: unknown): x is Value {
  return typeof x === 'object' && x !== null && 'firstUse' in x;
}

/** The constant attribute a ConstantLike op materializes, if it is one. */
export function constantValueOfOp(op: Operation): Attribute | undefined {
  if (!op.hasTrait(Traits.ConstantLike)) return undefined;
  const iface = getInterface<ConstantLikeInterface>(op, Interfaces.ConstantLike);
  if (iface) return iface.getValue(op);
  const folded = op.name.def?.fold?.(op, []);
  if (folded && folded.length === 1 && !isValue(folded[0])) return folded[0] as Attribute;
  return op.getAttr('value');
}

/** `m_Constant`: the constant attribute `v` holds, if its defining op is ConstantLike. */
export function matchConstant(v: Value): Attribute | undefined {
  const d = v.definingOp;
  return d ? constantValueOfOp(d) : undefined;
}

/**
 * `m_ConstantInt` / getConstantIntValue: the integer a constant integer, index
 * or integer splat holds (as stored, i.e. sign-extended from its width).
 */
export function matchConstantInt(v: Value): bigint | undefined {
  const c = matchConstant(v);
  if (c instanceof IntegerAttr) return c.value;
  if (c instanceof DenseIntOrFPElementsAttr && c.isSplat && (c.elementType instanceof IntegerType || c.elementType instanceof IndexType))
    return c.values[0];
  return undefined;
}

/** The value of a constant `i1` (scalar only), as a boolean. */
export function matchConstantBool(v: Value): boolean | undefined {
  const c = matchConstant(v);
  if (c instanceof IntegerAttr && c.type instanceof IntegerType && c.type.width === 1) return c.value !== 0n;
  return undefined;
}

/** The scalar float constant `v` holds. */
export function matchConstantFloat(v: Value): FloatAttr | undefined {
  const c = matchConstant(v);
  return c instanceof FloatAttr ? c : undefined;
}

/** `m_ConstantInt(n)` on the value's bits: true if `v` is the constant `n` (compared modulo its width). */
export function isConstantIntValue(v: Value, n: bigint): boolean {
  const c = matchConstantInt(v);
  if (c === undefined) return false;
  const t = v.type;
  const width = t instanceof IntegerType ? t.width : 64;
  return BigInt.asUintN(width, c) === BigInt.asUintN(width, n);
}

/** `m_Zero`. */
export function isZeroInt(v: Value): boolean {
  return isConstantIntValue(v, 0n);
}

/** `m_One`. */
export function isOneInt(v: Value): boolean {
  return isConstantIntValue(v, 1n);
}
