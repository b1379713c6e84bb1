// The arith folders (MLIR's ArithOps.cpp fold hooks), attached to their ops
// with implementOp: identities and exact constant folding of scalars, splats
// and dense elements, plus the dialect's constant materializer.

import type { Attribute, Type } from '../../ir/attributes.js';
import type { Builder } from '../../ir/builder.js';
import { DenseIntOrFPElementsAttr, ElementsAttr, FloatAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, RankedTensorType, ShapedType, TensorType, VectorType } from '../../ir/builtin-types.js';
import type { FoldResult } from '../../ir/context.js';
import type { Location } from '../../ir/location.js';
import { matchConstant } from '../../ir/matchers.js';
import type { Op, Operation, Value } from '../../ir/operation.js';
import { implementOp, type OpHandleCore } from '../../ods/index.js';
import { PoisonAttr, PoisonOp } from '../ub/index.js';
import * as F from './apfloat-arith.js';
import {
  AddFOp,
  AddUIExtendedOp,
  MulSIExtendedOp,
  MulUIExtendedOp,
  AddIOp,
  AndIOp,
  BitcastOp,
  CeilDivSIOp,
  CeilDivUIOp,
  CmpFOp,
  CmpFPredicate,
  CmpIOp,
  CmpIPredicate,
  ConstantOp,
  DivFOp,
  DivSIOp,
  DivUIOp,
  ExtFOp,
  FastMathFlags,
  ExtSIOp,
  ExtUIOp,
  FloorDivSIOp,
  FPToSIOp,
  FPToUIOp,
  IndexCastOp,
  IndexCastUIOp,
  MaximumFOp,
  MaxNumFOp,
  MaxSIOp,
  MaxUIOp,
  MinimumFOp,
  MinNumFOp,
  MinSIOp,
  MinUIOp,
  MulFOp,
  MulIOp,
  NegFOp,
  OrIOp,
  RemFOp,
  RemSIOp,
  RemUIOp,
  RoundingMode,
  SelectOp,
  ShLIOp,
  ShRSIOp,
  ShRUIOp,
  SIToFPOp,
  SubFOp,
  SubIOp,
  TruncFOp,
  TruncIOp,
  UIToFPOp,
  XOrIOp,
  swapPredicate,
} from './ops.js';

// ---- constants as element lists

interface Const {
  /** The shaped type for dense constants, undefined for scalars. */
  shaped: ShapedType | undefined;
  elem: Type;
  splat: boolean;
  /** Integers (normalized as stored) or float bit patterns; one entry for splats. */
  vals: readonly bigint[];
}

function asConst(a: Attribute | undefined): Const | undefined {
  if (a instanceof IntegerAttr) return { shaped: undefined, elem: a.type, splat: true, vals: [a.value] };
  if (a instanceof FloatAttr) return { shaped: undefined, elem: a.type, splat: true, vals: [a.bits] };
  if (a instanceof DenseIntOrFPElementsAttr) {
    const e = a.elementType;
    if (!(e instanceof IntegerType || e instanceof IndexType || e instanceof FloatType)) return undefined;
    return { shaped: a.type, elem: e, splat: a.isSplat, vals: a.values };
  }
  return undefined;
}

function makeConst(shaped: ShapedType | undefined, elem: Type, vals: readonly bigint[], splat: boolean): Attribute {
  if (!shaped) return elem instanceof FloatType ? FloatAttr.getFromBits(elem, vals[0]) : IntegerAttr.get(elem, vals[0]);
  if (splat) return DenseIntOrFPElementsAttr.getSplat(shaped, vals[0]);
  return DenseIntOrFPElementsAttr.get(shaped, vals);
}

/** The same shape as `t` with element type `elem`. */
function withElement(t: ShapedType, elem: Type): ShapedType {
  if (t instanceof VectorType) return VectorType.get(t.dims, elem, t.scalableDims);
  if (t instanceof RankedTensorType) return RankedTensorType.get(t.dims, elem, t.encoding);
  return t;
}

function expand(c: Const, n: number): readonly bigint[] {
  return c.splat ? new Array<bigint>(n).fill(c.vals[0]) : c.vals;
}

export function bitWidth(t: Type): number {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof IndexType) return 64;
  if (t instanceof FloatType) return t.width;
  return 64;
}

function elementType(t: Type): Type {
  return t instanceof ShapedType ? t.elementType : t;
}

const poison = (operands: readonly (Attribute | undefined)[]): Attribute | undefined => operands.find((a) => a instanceof PoisonAttr);

/** Elementwise fold of two constants; `fn` returns undefined to give up. */
function foldBinary(
  operands: readonly (Attribute | undefined)[],
  fn: (a: bigint, b: bigint, elem: Type) => bigint | undefined,
  resultElem?: (elem: Type) => Type,
): Attribute | undefined {
  const p = poison(operands);
  if (p) return p;
  const a = asConst(operands[0]);
  const b = asConst(operands[1]);
  if (!a || !b || a.elem !== b.elem || !!a.shaped !== !!b.shaped) return undefined;
  const elem = a.elem;
  const rElem = resultElem ? resultElem(elem) : elem;
  if (!a.shaped) {
    const r = fn(a.vals[0], b.vals[0], elem);
    return r === undefined ? undefined : makeConst(undefined, rElem, [r], true);
  }
  if (a.shaped !== b.shaped) return undefined;
  const shaped = rElem === elem ? a.shaped : withElement(a.shaped, rElem);
  if (a.splat && b.splat) {
    const r = fn(a.vals[0], b.vals[0], elem);
    return r === undefined ? undefined : makeConst(shaped, rElem, [r], true);
  }
  const n = a.shaped.numElements;
  const xs = expand(a, n);
  const ys = expand(b, n);
  const out: bigint[] = [];
  for (let i = 0; i < n; i++) {
    const r = fn(xs[i], ys[i], elem);
    if (r === undefined) return undefined;
    out.push(r);
  }
  return makeConst(shaped, rElem, out, false);
}

function foldUnary(operand: Attribute | undefined, fn: (a: bigint, elem: Type) => bigint | undefined, resultType?: Type): Attribute | undefined {
  if (operand instanceof PoisonAttr) return operand;
  const a = asConst(operand);
  if (!a) return undefined;
  const rElem = resultType ? elementType(resultType) : a.elem;
  const shaped = a.shaped ? (resultType instanceof ShapedType ? resultType : a.shaped) : undefined;
  if (!a.shaped || a.splat) {
    const r = fn(a.vals[0], a.elem);
    return r === undefined ? undefined : makeConst(shaped, rElem, [r], true);
  }
  const out: bigint[] = [];
  for (const v of a.vals) {
    const r = fn(v, a.elem);
    if (r === undefined) return undefined;
    out.push(r);
  }
  return makeConst(shaped, rElem, out, false);
}

// ---- matchers

/** Every element of the constant satisfies `pred` (m_Zero, m_One, ...). */
function allElements(a: Attribute | undefined, pred: (v: bigint, elem: Type) => boolean): boolean {
  const c = asConst(a);
  if (!c) return false;
  return c.vals.every((v) => pred(v, c.elem));
}
const u = (v: bigint, elem: Type): bigint => BigInt.asUintN(bitWidth(elem), v);
const s = (v: bigint, elem: Type): bigint => BigInt.asIntN(bitWidth(elem), v);
const isIntElem = (e: Type): boolean => e instanceof IntegerType || e instanceof IndexType;
const isZero = (a: Attribute | undefined): boolean => allElements(a, (v, e) => isIntElem(e) && v === 0n);
const isOne = (a: Attribute | undefined): boolean => allElements(a, (v, e) => isIntElem(e) && u(v, e) === 1n);
const isAllOnes = (a: Attribute | undefined): boolean => allElements(a, (v, e) => isIntElem(e) && u(v, e) === (1n << BigInt(bitWidth(e))) - 1n);
const floatSem = (e: Type) => (e as FloatType).semantics;
const isFloatConst = (a: Attribute | undefined, pred: (bits: bigint, e: FloatType) => boolean): boolean =>
  allElements(a, (v, e) => e instanceof FloatType && pred(v, e));
const isPosZeroF = (a: Attribute | undefined): boolean => isFloatConst(a, (b, e) => F.isZero(e.semantics, b) && !F.isNegative(e.semantics, b));
const isNegZeroF = (a: Attribute | undefined): boolean => isFloatConst(a, (b, e) => F.isZero(e.semantics, b) && F.isNegative(e.semantics, b));
const isOneF = (a: Attribute | undefined): boolean =>
  isFloatConst(a, (b, e) => F.fcompare(e.semantics, b, F.fromInteger(e.semantics, 1n)) === 0);
const isNaNF = (a: Attribute | undefined): boolean => isFloatConst(a, (b, e) => F.isNaN(e.semantics, b));
const isInfF = (a: Attribute | undefined, neg: boolean): boolean =>
  isFloatConst(a, (b, e) => F.isInf(e.semantics, b) && F.isNegative(e.semantics, b) === neg);

/** The zero constant of `type` (scalar or static shape). */
export function zeroAttr(type: Type): Attribute | undefined {
  if (type instanceof ShapedType) {
    if (!(type instanceof VectorType || type instanceof TensorType) || !type.hasRank || (type.shapeOrUndefined ?? []).some((d) => d < 0)) return undefined;
    return DenseIntOrFPElementsAttr.getSplat(type, 0n);
  }
  if (type instanceof FloatType) return FloatAttr.getFromBits(type, 0n);
  return IntegerAttr.get(type, 0n);
}

function boolAttr(type: Type, v: boolean): Attribute {
  if (type instanceof ShapedType) return DenseIntOrFPElementsAttr.getSplat(type, v ? 1n : 0n);
  return IntegerAttr.get(IntegerType.get(1), v ? 1n : 0n);
}

// ---- what the folders need of an op's handle

type Operands = readonly (Attribute | undefined)[];
const one = (x: Attribute | Value | undefined): FoldResult | undefined => (x === undefined ? undefined : [x]);

/** The handle of a binary op (`lhs`, `rhs` → `result`). */
interface BinaryOp<N extends string> extends OpHandleCore<N> {
  lhs(op: Op<N>): Value;
  rhs(op: Op<N>): Value;
  result(op: Op<N>): Value;
}

/** The handle of a cast (`in` → `out`). */
interface CastOp<N extends string> extends OpHandleCore<N> {
  in(op: Op<N>): Value;
  out(op: Op<N>): Value;
}

// ---- integer folds

const wrap = (v: bigint, e: Type): bigint => BigInt.asIntN(bitWidth(e), v);

function minSigned(e: Type): bigint {
  return -(1n << BigInt(bitWidth(e) - 1));
}

implementOp(AddIOp, {
  fold(op, c) {
    const lhs = AddIOp.lhs(op);
    const rhs = AddIOp.rhs(op);
    if (isZero(c[1])) return [lhs];
    // (a - b) + b -> a, b + (a - b) -> a
    const sub0 = SubIOp.definingOp(lhs);
    if (sub0 && SubIOp.rhs(sub0) === rhs) return [SubIOp.lhs(sub0)];
    const sub1 = SubIOp.definingOp(rhs);
    if (sub1 && SubIOp.rhs(sub1) === lhs) return [SubIOp.lhs(sub1)];
    return one(foldBinary(c, (a, b, e) => wrap(a + b, e)));
  },
});

implementOp(SubIOp, {
  fold(op, c) {
    const lhs = SubIOp.lhs(op);
    const rhs = SubIOp.rhs(op);
    if (lhs === rhs) return one(zeroAttr(SubIOp.result(op).type));
    if (isZero(c[1])) return [lhs];
    // (a + b) - b -> a, (a + b) - a -> b
    const add = AddIOp.definingOp(lhs);
    if (add) {
      if (rhs === AddIOp.rhs(add)) return [AddIOp.lhs(add)];
      if (rhs === AddIOp.lhs(add)) return [AddIOp.rhs(add)];
    }
    return one(foldBinary(c, (a, b, e) => wrap(a - b, e)));
  },
});

implementOp(MulIOp, {
  fold(op, c) {
    if (isZero(c[1])) return [MulIOp.rhs(op)];
    if (isOne(c[1])) return [MulIOp.lhs(op)];
    return one(foldBinary(c, (a, b, e) => wrap(a * b, e)));
  },
});

/** Two results: the low and high halves of the double-width product. */
function foldMulExtended(c: readonly (Attribute | undefined)[], extend: (v: bigint, e: Type) => bigint): FoldResult | undefined {
  if (isZero(c[1])) return [c[1]!, c[1]!];
  const low = foldBinary(c, (a, b, e) => wrap(a * b, e));
  if (!low) return undefined;
  const high = foldBinary(c, (a, b, e) => wrap((extend(a, e) * extend(b, e)) >> BigInt(bitWidth(e)), e))!;
  return [low, high];
}

implementOp(MulSIExtendedOp, { fold: (_op, c) => foldMulExtended(c, s) });
implementOp(MulUIExtendedOp, { fold: (_op, c) => foldMulExtended(c, u) });

// The sum and whether it overflowed (unsigned).
implementOp(AddUIExtendedOp, {
  fold(op, c) {
    if (isZero(c[1])) {
      const no = zeroAttr(AddUIExtendedOp.overflow(op).type);
      return no ? [AddUIExtendedOp.lhs(op), no] : undefined;
    }
    const sum = foldBinary(c, (a, b, e) => wrap(a + b, e));
    if (!sum) return undefined;
    const overflow = foldBinary([sum, c[0]], (x, a, e) => (u(x, e) < u(a, e) ? 1n : 0n), () => IntegerType.get(1));
    return overflow ? [sum, overflow] : undefined;
  },
});

/** Divisions: `x / 1 -> x`, then `fn` on constants (undefined where the result is undefined). */
function implementDivision<N extends string>(h: BinaryOp<N>, fn: (a: bigint, b: bigint, e: Type) => bigint | undefined): void {
  implementOp(h, { fold: (op, c) => (isOne(c[1]) ? [h.lhs(op)] : one(foldBinary(c, fn))) });
}

implementDivision(DivUIOp, (a, b, e) => (u(b, e) === 0n ? undefined : u(a, e) / u(b, e)));
implementDivision(DivSIOp, (a, b, e) => {
  const x = s(a, e);
  const y = s(b, e);
  if (y === 0n || (x === minSigned(e) && y === -1n)) return undefined;
  return x / y;
});
implementDivision(CeilDivUIOp, (a, b, e) => {
  const x = u(a, e);
  const y = u(b, e);
  if (y === 0n) return undefined;
  if (x === 0n) return 0n;
  return (x - 1n) / y + 1n;
});
implementDivision(CeilDivSIOp, (a, b, e) => {
  const x = s(a, e);
  const y = s(b, e);
  if (y === 0n) return undefined;
  if (x === 0n) return 0n;
  // MLIR negates a negative operand first: INT_MIN on either side does not fold.
  if (x === minSigned(e) || y === minSigned(e)) return undefined;
  let q = x / y;
  if (x % y !== 0n && x > 0n === y > 0n) q += 1n;
  if (q !== s(q, e)) return undefined;
  return q;
});
implementDivision(FloorDivSIOp, (a, b, e) => {
  const x = s(a, e);
  const y = s(b, e);
  if (y === 0n) return undefined;
  if (x === 0n) return 0n;
  if (x === minSigned(e) && y === -1n) return undefined;
  let q = x / y;
  if (x % y !== 0n && x > 0n !== y > 0n) q -= 1n;
  return q;
});

/** Remainders: `x % 1 -> 0`, then `fn` on constants. */
function implementRemainder<N extends string>(h: BinaryOp<N>, fn: (a: bigint, b: bigint, e: Type) => bigint | undefined): void {
  implementOp(h, { fold: (op, c) => (isOne(c[1]) ? one(zeroAttr(h.result(op).type)) : one(foldBinary(c, fn))) });
}

implementRemainder(RemUIOp, (a, b, e) => (u(b, e) === 0n ? undefined : u(a, e) % u(b, e)));
implementRemainder(RemSIOp, (a, b, e) => (s(b, e) === 0n ? undefined : s(a, e) % s(b, e)));

/** `v` is `xori x, -1` (either operand order), i.e. `~x`. */
function isNotOf(v: Value, x: Value): boolean {
  const d = XOrIOp.definingOp(v);
  if (!d) return false;
  const lhs = XOrIOp.lhs(d);
  const rhs = XOrIOp.rhs(d);
  return (lhs === x && isAllOnes(matchConstant(rhs))) || (rhs === x && isAllOnes(matchConstant(lhs)));
}

implementOp(AndIOp, {
  fold(op, c) {
    const lhs = AndIOp.lhs(op);
    const rhs = AndIOp.rhs(op);
    if (isZero(c[1])) return [rhs];
    if (isAllOnes(c[1])) return [lhs];
    // x & ~x -> 0, ~x & x -> 0
    if (isNotOf(rhs, lhs) || isNotOf(lhs, rhs)) {
      const z = zeroAttr(AndIOp.result(op).type);
      if (z) return [z];
    }
    // and(a, and(a, b)) -> and(a, b), and(a, and(b, a)), and(and(a, b), a), and(and(b, a), a)
    for (const [x, y] of [
      [lhs, rhs],
      [rhs, lhs],
    ]) {
      const inner = AndIOp.definingOp(y);
      if (inner && (AndIOp.lhs(inner) === x || AndIOp.rhs(inner) === x)) return [AndIOp.result(inner)];
    }
    // and(x, x) -> x is the Idempotent trait's fold: only when the op's own fold fails.
    return one(foldBinary(c, (a, b) => a & b)) ?? (lhs === rhs ? [lhs] : undefined);
  },
});

implementOp(OrIOp, {
  fold(op, c) {
    const lhs = OrIOp.lhs(op);
    const rhs = OrIOp.rhs(op);
    if (isZero(c[1])) return [lhs];
    // or(x, -1) -> -1 as an attribute (MLIR materializes a new constant here).
    if (isAllOnes(c[1])) return [c[1]!];
    // a | ~a -> -1
    for (const [x, y] of [
      [lhs, rhs],
      [rhs, lhs],
    ]) {
      const d = XOrIOp.definingOp(y);
      if (d && XOrIOp.lhs(d) === x && isAllOnes(matchConstant(XOrIOp.rhs(d)))) return [XOrIOp.rhs(d)];
    }
    // or(x, x) -> x is the Idempotent trait's fold: only when the op's own fold fails.
    return one(foldBinary(c, (a, b) => a | b)) ?? (lhs === rhs ? [lhs] : undefined);
  },
});

implementOp(XOrIOp, {
  fold(op, c) {
    const lhs = XOrIOp.lhs(op);
    const rhs = XOrIOp.rhs(op);
    if (isZero(c[1])) return [lhs];
    if (lhs === rhs) return one(zeroAttr(XOrIOp.result(op).type));
    // (a ^ b) ^ b -> a, (a ^ b) ^ a -> b, and with the inner xor on the right
    const inner = XOrIOp.definingOp(lhs);
    if (inner) {
      if (XOrIOp.rhs(inner) === rhs) return [XOrIOp.lhs(inner)];
      if (XOrIOp.lhs(inner) === rhs) return [XOrIOp.rhs(inner)];
    }
    const rinner = XOrIOp.definingOp(rhs);
    if (rinner) {
      if (XOrIOp.rhs(rinner) === lhs) return [XOrIOp.lhs(rinner)];
      if (XOrIOp.lhs(rinner) === lhs) return [XOrIOp.rhs(rinner)];
    }
    return one(foldBinary(c, (a, b) => a ^ b));
  },
});

/** Shifts: `x << 0 -> x`, then `fn` on constants (undefined for amounts of at least the width). */
function implementShift<N extends string>(h: BinaryOp<N>, fn: (a: bigint, b: bigint, e: Type) => bigint | undefined): void {
  implementOp(h, { fold: (op, c) => (isZero(c[1]) ? [h.lhs(op)] : one(foldBinary(c, fn))) });
}

implementShift(ShLIOp, (a, b, e) => (u(b, e) >= BigInt(bitWidth(e)) ? undefined : wrap(a << u(b, e), e)));
implementShift(ShRUIOp, (a, b, e) => (u(b, e) >= BigInt(bitWidth(e)) ? undefined : u(a, e) >> u(b, e)));
implementShift(ShRSIOp, (a, b, e) => (u(b, e) >= BigInt(bitWidth(e)) ? undefined : s(a, e) >> u(b, e)));

function implementMinMax<N extends string>(
  h: BinaryOp<N>,
  pick: (x: bigint, y: bigint) => bigint,
  signedness: 'signed' | 'unsigned',
  kind: 'max' | 'min',
): void {
  implementOp(h, {
    fold(op, c) {
      const lhs = h.lhs(op);
      const rhs = h.rhs(op);
      if (lhs === rhs) return [lhs];
      const conv = signedness === 'signed' ? s : u;
      const w = (e: Type): number => bitWidth(e);
      const maxV = (e: Type): bigint => (signedness === 'signed' ? (1n << BigInt(w(e) - 1)) - 1n : (1n << BigInt(w(e))) - 1n);
      const minV = (e: Type): bigint => (signedness === 'signed' ? -(1n << BigInt(w(e) - 1)) : 0n);
      // max(x, MAX) -> MAX, max(x, MIN) -> x (and the converse for min)
      if (allElements(c[1], (v, e) => conv(v, e) === (kind === 'max' ? maxV(e) : minV(e)))) return [rhs];
      if (allElements(c[1], (v, e) => conv(v, e) === (kind === 'max' ? minV(e) : maxV(e)))) return [lhs];
      return one(foldBinary(c, (a, b, e) => pick(conv(a, e), conv(b, e))));
    },
  });
}

implementMinMax(MaxSIOp, (x, y) => (x > y ? x : y), 'signed', 'max');
implementMinMax(MinSIOp, (x, y) => (x < y ? x : y), 'signed', 'min');
implementMinMax(MaxUIOp, (x, y) => (x > y ? x : y), 'unsigned', 'max');
implementMinMax(MinUIOp, (x, y) => (x < y ? x : y), 'unsigned', 'min');

// ---- float folds

type FloatSemantics = ReturnType<typeof floatSem>;

function floatBinary(c: Operands, fn: (sem: FloatSemantics, a: bigint, b: bigint) => bigint | undefined): Attribute | undefined {
  return foldBinary(c, (a, b, e) => (e instanceof FloatType ? fn(e.semantics, a, b) : undefined));
}

function fmaximum(sem: FloatSemantics, a: bigint, b: bigint, max: boolean, propagateNaN: boolean): bigint {
  const an = F.isNaN(sem, a);
  const bn = F.isNaN(sem, b);
  if (an || bn) {
    if (propagateNaN) return an ? a : b;
    return an ? b : a;
  }
  const cmp = F.fcompare(sem, a, b)!;
  if (cmp === 0) {
    // Signed zeros: maximum(+0, -0) = +0, minimum = -0.
    const aNeg = F.isNegative(sem, a);
    const bNeg = F.isNegative(sem, b);
    if (aNeg !== bNeg) return max ? (aNeg ? b : a) : aNeg ? a : b;
    return a;
  }
  return (cmp > 0) === max ? a : b;
}

/** `x op c -> x` when `identity(c)`, then `fn` on constants. */
function implementFloatBinary<N extends string>(
  h: BinaryOp<N>,
  identity: ((c: Attribute | undefined) => boolean) | undefined,
  fn: (sem: FloatSemantics, a: bigint, b: bigint) => bigint | undefined,
): void {
  implementOp(h, { fold: (op, c) => (identity?.(c[1]) ? [h.lhs(op)] : one(floatBinary(c, fn))) });
}

implementFloatBinary(AddFOp, isNegZeroF, (sem, a, b) => F.fadd(sem, a, b));
implementFloatBinary(SubFOp, isPosZeroF, (sem, a, b) => F.fadd(sem, a, b, true));
implementFloatBinary(MulFOp, isOneF, (sem, a, b) => F.fmul(sem, a, b));
implementFloatBinary(DivFOp, isOneF, (sem, a, b) => F.fdiv(sem, a, b));
implementFloatBinary(RemFOp, undefined, (sem, a, b) => F.frem(sem, a, b));

/** maximumf/minimumf/maxnumf/minnumf: `op(x, x) -> x`, `op(x, neutral) -> x`, then constants. */
function implementFloatMinMax<N extends string>(h: BinaryOp<N>, neutral: (c: Attribute | undefined) => boolean, max: boolean, propagateNaN: boolean): void {
  implementOp(h, {
    fold(op, c) {
      const lhs = h.lhs(op);
      if (lhs === h.rhs(op)) return [lhs];
      if (neutral(c[1])) return [lhs];
      return one(floatBinary(c, (sem, a, b) => fmaximum(sem, a, b, max, propagateNaN)));
    },
  });
}

implementFloatMinMax(MaximumFOp, (c) => isInfF(c, true), true, true);
implementFloatMinMax(MinimumFOp, (c) => isInfF(c, false), false, true);
implementFloatMinMax(MaxNumFOp, (c) => isInfF(c, true) || isNaNF(c), true, false);
implementFloatMinMax(MinNumFOp, (c) => isInfF(c, false) || isNaNF(c), false, false);

implementOp(NegFOp, {
  fold(op, c) {
    // -(-x) -> x
    const inner = NegFOp.definingOp(NegFOp.operand(op));
    if (inner) return [NegFOp.operand(inner)];
    return one(foldUnary(c[0], (a, e) => (e instanceof FloatType ? F.fneg(e.semantics, a) : undefined)));
  },
});

// ---- comparisons and select

const { eq, ne, sle, sge, ult, ule, ugt, uge } = CmpIPredicate.case;

const isUnsignedPredicate = (pred: number): boolean => pred === ult || pred === ule || pred === ugt || pred === uge;

function applyCmpI(pred: number, a: bigint, b: bigint, e: Type): boolean {
  const [x, y] = isUnsignedPredicate(pred) ? [u(a, e), u(b, e)] : [s(a, e), s(b, e)];
  switch (pred) {
    case eq:
      return x === y;
    case ne:
      return x !== y;
    case CmpIPredicate.case.slt:
    case ult:
      return x < y;
    case sle:
    case ule:
      return x <= y;
    case CmpIPredicate.case.sgt:
    case ugt:
      return x > y;
    default:
      return x >= y;
  }
}

/** The predicates that hold when both operands are the same value. */
const REFLEXIVE = new Set([eq, sle, sge, ule, uge]);

const isI1 = (t: Type): boolean => {
  const e = elementType(t);
  return e instanceof IntegerType && e.width === 1;
};

/** `x` when `v` is `extsi x` or `extui x`. */
function extensionSource(v: Value): Value | undefined {
  const si = ExtSIOp.definingOp(v);
  if (si) return ExtSIOp.in(si);
  const ui = ExtUIOp.definingOp(v);
  return ui ? ExtUIOp.in(ui) : undefined;
}

const FP = CmpFPredicate.case;

/** The outcome of cmpf `pred` given how the operands compare (undefined: unordered, a NaN is involved). */
export function applyCmpF(pred: number, cmp: -1 | 0 | 1 | undefined): boolean {
  const unordered = cmp === undefined;
  switch (pred) {
    case FP.false:
      return false;
    case FP.true:
      return true;
    case FP.ord:
      return !unordered;
    case FP.uno:
      return unordered;
  }
  // Ordered predicates fail on NaN, unordered ones hold.
  if (unordered) return pred === FP.ueq || pred === FP.ugt || pred === FP.uge || pred === FP.ult || pred === FP.ule || pred === FP.une;
  switch (pred) {
    case FP.oeq:
    case FP.ueq:
      return cmp === 0;
    case FP.ogt:
    case FP.ugt:
      return cmp === 1;
    case FP.oge:
    case FP.uge:
      return cmp !== -1;
    case FP.olt:
    case FP.ult:
      return cmp === -1;
    case FP.ole:
    case FP.ule:
      return cmp !== 1;
    case FP.one:
    case FP.une:
      return cmp !== 0;
  }
  return false;
}

implementOp(CmpIOp, {
  fold(op, c) {
    const pred = CmpIOp.predicate(op);
    const lhs = CmpIOp.lhs(op);
    const rhs = CmpIOp.rhs(op);
    if (lhs === rhs) return [boolAttr(CmpIOp.result(op).type, REFLEXIVE.has(pred))];
    if (isZero(c[1]) && pred === ne) {
      // ext(x : i1) != 0 -> x, x : i1 != 0 -> x
      const src = extensionSource(lhs);
      if (src && isI1(src.type)) return [src];
      if (isI1(lhs.type)) return [lhs];
    }
    if (isOne(c[1]) && isI1(lhs.type) && pred === eq) return [lhs];
    // A constant moves to the right-hand side.
    if (c[0] !== undefined && c[1] === undefined) {
      op.setAttr('predicate', CmpIPredicate.get(swapPredicate(pred)));
      CmpIOp.lhsMutable(op).set(rhs);
      CmpIOp.rhsMutable(op).set(lhs);
      return [];
    }
    if (c[0] === undefined) return undefined;
    return one(foldBinary(c, (a, b, e) => (applyCmpI(pred, a, b, e) ? 1n : 0n), () => IntegerType.get(1)));
  },
});

implementOp(CmpFOp, {
  fold(op, c) {
    let l = c[0] instanceof FloatAttr ? c[0] : undefined;
    let r = c[1] instanceof FloatAttr ? c[1] : undefined;
    if (l && F.isNaN(l.type.semantics, l.bits)) r = l;
    if (r && F.isNaN(r.type.semantics, r.bits)) l = r;
    if (!l || !r) return undefined;
    const holds = applyCmpF(CmpFOp.predicate(op), F.fcompare(l.type.semantics, l.bits, r.bits));
    return [IntegerAttr.get(IntegerType.get(1), holds ? 1n : 0n)];
  },
});

implementOp(SelectOp, {
  fold(op, c) {
    const cond = SelectOp.condition(op);
    const tv = SelectOp.true_value(op);
    const fv = SelectOp.false_value(op);
    if (tv === fv) return [tv];
    if (isOne(c[0])) return [tv];
    if (isZero(c[0])) return [fv];
    if (c[1] instanceof PoisonAttr) return [fv];
    if (c[2] instanceof PoisonAttr) return [tv];
    const t = SelectOp.result(op).type;
    if (t instanceof IntegerType && t.width === 1 && isOne(c[1]) && isZero(c[2])) return [cond];
    // select(a == b, a, b) -> b, select(a != b, a, b) -> a
    const cmp = CmpIOp.definingOp(cond);
    if (cmp) {
      const pred = CmpIOp.predicate(cmp);
      if (pred === eq || pred === ne) {
        const a = CmpIOp.lhs(cmp);
        const b = CmpIOp.rhs(cmp);
        if ((a === tv && b === fv) || (b === tv && a === fv)) return [pred === ne ? tv : fv];
      }
    }
    const cc = asConst(c[0]);
    const tc = asConst(c[1]);
    const fc = asConst(c[2]);
    if (cc && cc.shaped && tc && fc && tc.shaped && fc.shaped) {
      const n = cc.shaped.numElements;
      const cv = expand(cc, n);
      const tvs = expand(tc, n);
      const fvs = expand(fc, n);
      return [makeConst(tc.shaped, tc.elem, cv.map((x, i) => (x !== 0n ? tvs[i] : fvs[i])), false)];
    }
    return undefined;
  },
});

// ---- casts

/** Folds the cast of a constant elementwise: `fn` maps a value of the source element type to the result's. */
function foldCast<N extends string>(h: CastOp<N>, op: Op<N>, c: Operands, fn: (v: bigint, from: Type, to: Type) => bigint | undefined): FoldResult | undefined {
  const type = h.out(op).type;
  const to = elementType(type);
  return one(foldUnary(c[0], (v, e) => fn(v, e, to), type));
}

function implementCast<N extends string>(h: CastOp<N>, fn: (v: bigint, from: Type, to: Type) => bigint | undefined): void {
  implementOp(h, { fold: (op, c) => foldCast(h, op, c, fn) });
}

implementOp(ExtUIOp, {
  fold(op, c) {
    // extui(extui(x)) -> extui(x)
    const inner = ExtUIOp.definingOp(ExtUIOp.in(op));
    if (inner) {
      ExtUIOp.inMutable(op).set(ExtUIOp.in(inner));
      return [];
    }
    return foldCast(ExtUIOp, op, c, (v, from) => u(v, from));
  },
});

implementOp(ExtSIOp, {
  fold(op, c) {
    // extsi(extsi(x)) -> extsi(x)
    const inner = ExtSIOp.definingOp(ExtSIOp.in(op));
    if (inner) {
      ExtSIOp.inMutable(op).set(ExtSIOp.in(inner));
      return [];
    }
    return foldCast(ExtSIOp, op, c, (v, from) => s(v, from));
  },
});

implementOp(TruncIOp, {
  fold(op, c) {
    const input = TruncIOp.in(op);
    const resultElem = elementType(TruncIOp.out(op).type);
    // trunci(ext(x)): truncate x directly when it is wider, x itself when of the result type.
    const x = extensionSource(input);
    if (x) {
      const sw = bitWidth(elementType(x.type));
      const dw = bitWidth(resultElem);
      if (sw > dw) {
        TruncIOp.inMutable(op).set(x);
        return [];
      }
      if (elementType(x.type) === resultElem) return [x];
    }
    // trunci(trunci(x)) -> trunci(x)
    const inner = TruncIOp.definingOp(input);
    if (inner) {
      TruncIOp.inMutable(op).set(TruncIOp.in(inner));
      return [];
    }
    return foldCast(TruncIOp, op, c, (v) => v);
  },
});

implementCast(IndexCastOp, (v, from) => s(v, from));
implementCast(IndexCastUIOp, (v, from) => u(v, from));
implementCast(SIToFPOp, (v, from, to) => F.fromInteger((to as FloatType).semantics, s(v, from)));
implementCast(UIToFPOp, (v, from, to) => F.fromInteger((to as FloatType).semantics, u(v, from)));
implementCast(FPToSIOp, (v, from, to) => {
  const w = bitWidth(to);
  return F.toInteger(floatSem(from), v, -(1n << BigInt(w - 1)), (1n << BigInt(w - 1)) - 1n);
});
implementCast(FPToUIOp, (v, from, to) => F.toInteger(floatSem(from), v, 0n, (1n << BigInt(bitWidth(to))) - 1n));
implementOp(ExtFOp, {
  fold(op, c) {
    // extf(truncf(x)) -> x when both may contract.
    const trunc = TruncFOp.definingOp(ExtFOp.in(op));
    if (trunc && TruncFOp.in(trunc).type === ExtFOp.out(op).type) {
      const contract = (flags: number | undefined): boolean => ((flags ?? 0) & FastMathFlags.contract) !== 0;
      if (contract(TruncFOp.fastmath(trunc)) && contract(ExtFOp.fastmath(op))) return [TruncFOp.in(trunc)];
    }
    return foldCast(ExtFOp, op, c, (v, from, to) => F.fconvert(floatSem(from), (to as FloatType).semantics, v));
  },
});

implementOp(TruncFOp, {
  fold(op, c) {
    const resElem = elementType(TruncFOp.out(op).type) as FloatType;
    // truncf(extf(x)): truncate x directly when it is wider, x itself when of the result type.
    const ext = ExtFOp.definingOp(TruncFOp.in(op));
    if (ext) {
      const x = ExtFOp.in(ext);
      const src = elementType(x.type) as FloatType;
      if (src.width > resElem.width) {
        TruncFOp.inMutable(op).set(x);
        return [];
      }
      if (src === resElem) return [x];
    }
    const mode = TruncFOp.roundingmode(op);
    if (mode !== undefined && mode !== RoundingMode.case.to_nearest_even) return undefined;
    return foldCast(TruncFOp, op, c, (v, from) => {
      const r = F.fconvert(floatSem(from), resElem.semantics, v);
      // MLIR folds only conversions that lose no information.
      if (F.fconvert(resElem.semantics, floatSem(from), r) !== v) return undefined;
      return r;
    });
  },
});

implementOp(BitcastOp, {
  fold(op, c) {
    const input = BitcastOp.in(op);
    const type = BitcastOp.out(op).type;
    if (input.type === type) return [input];
    // bitcast(bitcast(x)) is not a fold in MLIR 22 but the BitcastOfBitcast
    // pattern: passes that only fold leave the pair.
    return foldCast(BitcastOp, op, c, (v, from, to) => (to instanceof FloatType ? BigInt.asUintN(bitWidth(from), v) : BigInt.asIntN(bitWidth(to), v)));
  },
});

implementOp(ConstantOp, { fold: (op) => [ConstantOp.value(op)] });

/** arith's materializeConstant: `ub.poison` for poison, else `arith.constant` when buildable. */
export function materializeArithConstant(builder: Builder, value: Attribute, type: Type, location: Location): Operation | undefined {
  if (value instanceof PoisonAttr) return PoisonOp.build(builder, { value, result: type, location });
  if (!(value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof ElementsAttr)) return undefined;
  if (value.type !== type) return undefined;
  if (type instanceof IntegerType && type.signedness !== 'signless') return undefined;
  return ConstantOp.build(builder, { value, result: type, location });
}
