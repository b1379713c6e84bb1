// The arith folders (MLIR's ArithOps.cpp fold hooks): identities and exact
// constant folding of scalars, splats and dense elements, plus the dialect's
// constant materializer.

import type { Attribute, Type } from '../../ir/attributes.js';
import type { Builder } from '../../ir/builder.js';
import { DenseIntOrFPElementsAttr, ElementsAttr, FloatAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, RankedTensorType, ShapedType, TensorType, VectorType } from '../../ir/builtin-types.js';
import type { FoldResult } from '../../ir/context.js';
import type { Location } from '../../ir/location.js';
import type { Operation, Value } from '../../ir/operation.js';
import { PoisonAttr } from '../ub/index.js';
import * as F from './apfloat-arith.js';

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

function def(v: Value, name: string): Operation | undefined {
  const d = v.definingOp;
  return d && d.name.name === name ? d : undefined;
}

// ---- integer folds

type Folder = (op: Operation, operands: readonly (Attribute | undefined)[]) => FoldResult | undefined;
const one = (x: Attribute | Value | undefined): FoldResult | undefined => (x === undefined ? undefined : [x]);

const wrap = (v: bigint, e: Type): bigint => BigInt.asIntN(bitWidth(e), v);

function minSigned(e: Type): bigint {
  return -(1n << BigInt(bitWidth(e) - 1));
}

const INT_FOLDS: Record<string, Folder> = {
  'arith.addi': (op, c) => {
    if (isZero(c[1])) return [op.operand(0)];
    const sub0 = def(op.operand(0), 'arith.subi');
    if (sub0 && sub0.operand(1) === op.operand(1)) return [sub0.operand(0)];
    const sub1 = def(op.operand(1), 'arith.subi');
    if (sub1 && sub1.operand(1) === op.operand(0)) return [sub1.operand(0)];
    return one(foldBinary(c, (a, b, e) => wrap(a + b, e)));
  },
  'arith.subi': (op, c) => {
    if (op.operand(0) === op.operand(1)) return one(zeroAttr(op.result(0).type));
    if (isZero(c[1])) return [op.operand(0)];
    const add = def(op.operand(0), 'arith.addi');
    if (add) {
      if (op.operand(1) === add.operand(1)) return [add.operand(0)];
      if (op.operand(1) === add.operand(0)) return [add.operand(1)];
    }
    return one(foldBinary(c, (a, b, e) => wrap(a - b, e)));
  },
  'arith.muli': (op, c) => {
    if (isZero(c[1])) return [op.operand(1)];
    if (isOne(c[1])) return [op.operand(0)];
    return one(foldBinary(c, (a, b, e) => wrap(a * b, e)));
  },
  // Two results: the low and high halves of the double-width product.
  'arith.mulsi_extended': (_op, c) => {
    if (isZero(c[1])) return [c[1]!, c[1]!];
    const low = foldBinary(c, (a, b, e) => wrap(a * b, e));
    if (!low) return undefined;
    const high = foldBinary(c, (a, b, e) => wrap((s(a, e) * s(b, e)) >> BigInt(bitWidth(e)), e))!;
    return [low, high];
  },
  'arith.mului_extended': (_op, c) => {
    if (isZero(c[1])) return [c[1]!, c[1]!];
    const low = foldBinary(c, (a, b, e) => wrap(a * b, e));
    if (!low) return undefined;
    const high = foldBinary(c, (a, b, e) => wrap((u(a, e) * u(b, e)) >> BigInt(bitWidth(e)), e))!;
    return [low, high];
  },
  // The sum and whether it overflowed (unsigned).
  'arith.addui_extended': (op, c) => {
    if (isZero(c[1])) {
      const no = zeroAttr(op.result(1).type);
      return no ? [op.operand(0), no] : undefined;
    }
    const sum = foldBinary(c, (a, b, e) => wrap(a + b, e));
    if (!sum) return undefined;
    const overflow = foldBinary([sum, c[0]], (x, a, e) => (u(x, e) < u(a, e) ? 1n : 0n), () => IntegerType.get(1));
    return overflow ? [sum, overflow] : undefined;
  },
  'arith.divui': (op, c) => {
    if (isOne(c[1])) return [op.operand(0)];
    return one(foldBinary(c, (a, b, e) => (u(b, e) === 0n ? undefined : u(a, e) / u(b, e))));
  },
  'arith.divsi': (op, c) => {
    if (isOne(c[1])) return [op.operand(0)];
    return one(
      foldBinary(c, (a, b, e) => {
        const x = s(a, e);
        const y = s(b, e);
        if (y === 0n || (x === minSigned(e) && y === -1n)) return undefined;
        return x / y;
      }),
    );
  },
  'arith.ceildivui': (op, c) => {
    if (isOne(c[1])) return [op.operand(0)];
    return one(
      foldBinary(c, (a, b, e) => {
        const x = u(a, e);
        const y = u(b, e);
        if (y === 0n) return undefined;
        if (x === 0n) return 0n;
        return (x - 1n) / y + 1n;
      }),
    );
  },
  'arith.ceildivsi': (op, c) => {
    if (isOne(c[1])) return [op.operand(0)];
    return one(
      foldBinary(c, (a, b, e) => {
        const x = s(a, e);
        const y = s(b, e);
        if (y === 0n) return undefined;
        if (x === 0n) return 0n;
        // MLIR negates the negative operands first and does not fold when that overflows.
        if (x === minSigned(e) || y === minSigned(e)) return undefined;
        let q = x / y;
        if (x % y !== 0n && x > 0n === y > 0n) q += 1n;
        if (q !== s(q, e)) return undefined;
        return q;
      }),
    );
  },
  'arith.floordivsi': (op, c) => {
    if (isOne(c[1])) return [op.operand(0)];
    return one(
      foldBinary(c, (a, b, e) => {
        const x = s(a, e);
        const y = s(b, e);
        if (y === 0n) return undefined;
        if (x === 0n) return 0n;
        if (x === minSigned(e) && y === -1n) return undefined;
        let q = x / y;
        if (x % y !== 0n && x > 0n !== y > 0n) q -= 1n;
        return q;
      }),
    );
  },
  'arith.remui': (op, c) => {
    if (isOne(c[1])) return one(zeroAttr(op.result(0).type));
    return one(foldBinary(c, (a, b, e) => (u(b, e) === 0n ? undefined : u(a, e) % u(b, e))));
  },
  'arith.remsi': (op, c) => {
    if (isOne(c[1])) return one(zeroAttr(op.result(0).type));
    return one(foldBinary(c, (a, b, e) => (s(b, e) === 0n ? undefined : s(a, e) % s(b, e))));
  },
  'arith.andi': (op, c) => {
    if (isZero(c[1])) return [op.operand(1)];
    if (isAllOnes(c[1])) return [op.operand(0)];
    // x & ~x -> 0, ~x & x -> 0 (~x spelled xori x, -1)
    const isNotOf = (v: Value, x: Value): boolean => {
      const d = def(v, 'arith.xori');
      if (!d) return false;
      const allOnes = (w: Value): boolean => {
        const cd = w.definingOp;
        return !!cd && isAllOnes(cd.getAttr('value'));
      };
      return (d.operand(0) === x && allOnes(d.operand(1))) || (d.operand(1) === x && allOnes(d.operand(0)));
    };
    if (isNotOf(op.operand(1), op.operand(0)) || isNotOf(op.operand(0), op.operand(1))) {
      const z = zeroAttr(op.result(0).type);
      if (z) return [z];
    }
    // and(a, and(a, b)) -> and(a, b), and(a, and(b, a)), and(and(a, b), a), and(and(b, a), a)
    for (const [x, y] of [
      [0, 1],
      [1, 0],
    ]) {
      const inner = def(op.operand(y), 'arith.andi');
      if (inner && (inner.operand(0) === op.operand(x) || inner.operand(1) === op.operand(x))) return [inner.result(0)];
    }
    // and(x, x) -> x is the Idempotent trait's fold: only when the op's own fold fails.
    return one(foldBinary(c, (a, b) => a & b)) ?? (op.operand(0) === op.operand(1) ? [op.operand(0)] : undefined);
  },
  'arith.ori': (op, c) => {
    if (isZero(c[1])) return [op.operand(0)];
    // or(x, -1) -> -1 as an attribute (MLIR materializes a new constant here).
    if (isAllOnes(c[1])) return [c[1]!];
    // a | ~a -> -1
    for (const [x, y] of [
      [0, 1],
      [1, 0],
    ]) {
      const d = def(op.operand(y), 'arith.xori');
      if (d && d.operand(0) === op.operand(x)) {
        const cd = d.operand(1).definingOp;
        if (cd && isAllOnes(cd.getAttr('value'))) return [d.operand(1)];
      }
    }
    // or(x, x) -> x is the Idempotent trait's fold: only when the op's own fold fails.
    return one(foldBinary(c, (a, b) => a | b)) ?? (op.operand(0) === op.operand(1) ? [op.operand(0)] : undefined);
  },
  'arith.xori': (op, c) => {
    if (isZero(c[1])) return [op.operand(0)];
    if (op.operand(0) === op.operand(1)) return one(zeroAttr(op.result(0).type));
    const inner = def(op.operand(0), 'arith.xori');
    if (inner) {
      if (inner.operand(1) === op.operand(1)) return [inner.operand(0)];
      if (inner.operand(0) === op.operand(1)) return [inner.operand(1)];
    }
    const rinner = def(op.operand(1), 'arith.xori');
    if (rinner) {
      if (rinner.operand(1) === op.operand(0)) return [rinner.operand(0)];
      if (rinner.operand(0) === op.operand(0)) return [rinner.operand(1)];
    }
    return one(foldBinary(c, (a, b) => a ^ b));
  },
  'arith.shli': (op, c) => {
    if (isZero(c[1])) return [op.operand(0)];
    return one(foldBinary(c, (a, b, e) => (u(b, e) >= BigInt(bitWidth(e)) ? undefined : wrap(a << u(b, e), e))));
  },
  'arith.shrui': (op, c) => {
    if (isZero(c[1])) return [op.operand(0)];
    return one(foldBinary(c, (a, b, e) => (u(b, e) >= BigInt(bitWidth(e)) ? undefined : u(a, e) >> u(b, e))));
  },
  'arith.shrsi': (op, c) => {
    if (isZero(c[1])) return [op.operand(0)];
    return one(foldBinary(c, (a, b, e) => (u(b, e) >= BigInt(bitWidth(e)) ? undefined : s(a, e) >> u(b, e))));
  },
  'arith.maxsi': minMax((x, y) => (x > y ? x : y), 'signed', 'max'),
  'arith.minsi': minMax((x, y) => (x < y ? x : y), 'signed', 'min'),
  'arith.maxui': minMax((x, y) => (x > y ? x : y), 'unsigned', 'max'),
  'arith.minui': minMax((x, y) => (x < y ? x : y), 'unsigned', 'min'),
};

function minMax(pick: (x: bigint, y: bigint) => bigint, signedness: 'signed' | 'unsigned', kind: 'max' | 'min'): Folder {
  return (op, c) => {
    if (op.operand(0) === op.operand(1)) return [op.operand(0)];
    const conv = signedness === 'signed' ? s : u;
    const w = (e: Type): number => bitWidth(e);
    const maxV = (e: Type): bigint => (signedness === 'signed' ? (1n << BigInt(w(e) - 1)) - 1n : (1n << BigInt(w(e))) - 1n);
    const minV = (e: Type): bigint => (signedness === 'signed' ? -(1n << BigInt(w(e) - 1)) : 0n);
    // max(x, MAX) -> MAX, max(x, MIN) -> x (and the converse for min)
    if (allElements(c[1], (v, e) => conv(v, e) === (kind === 'max' ? maxV(e) : minV(e)))) return [op.operand(1)];
    if (allElements(c[1], (v, e) => conv(v, e) === (kind === 'max' ? minV(e) : maxV(e)))) return [op.operand(0)];
    return one(foldBinary(c, (a, b, e) => pick(conv(a, e), conv(b, e))));
  };
}

// ---- float folds

function floatBinary(fn: (sem: ReturnType<typeof floatSem>, a: bigint, b: bigint) => bigint | undefined): (c: readonly (Attribute | undefined)[]) => Attribute | undefined {
  return (c) => foldBinary(c, (a, b, e) => (e instanceof FloatType ? fn(e.semantics, a, b) : undefined));
}

function fmaximum(sem: ReturnType<typeof floatSem>, a: bigint, b: bigint, max: boolean, propagateNaN: boolean): bigint {
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

const FLOAT_FOLDS: Record<string, Folder> = {
  'arith.addf': (op, c) => {
    if (isNegZeroF(c[1])) return [op.operand(0)];
    return one(floatBinary((sem, a, b) => F.fadd(sem, a, b))(c));
  },
  'arith.subf': (op, c) => {
    if (isPosZeroF(c[1])) return [op.operand(0)];
    return one(floatBinary((sem, a, b) => F.fadd(sem, a, b, true))(c));
  },
  'arith.mulf': (op, c) => {
    if (isOneF(c[1])) return [op.operand(0)];
    return one(floatBinary((sem, a, b) => F.fmul(sem, a, b))(c));
  },
  'arith.divf': (op, c) => {
    if (isOneF(c[1])) return [op.operand(0)];
    return one(floatBinary((sem, a, b) => F.fdiv(sem, a, b))(c));
  },
  'arith.remf': (_op, c) => one(floatBinary((sem, a, b) => F.frem(sem, a, b))(c)),
  'arith.maximumf': (op, c) => {
    if (op.operand(0) === op.operand(1)) return [op.operand(0)];
    if (isInfF(c[1], true)) return [op.operand(0)];
    return one(floatBinary((sem, a, b) => fmaximum(sem, a, b, true, true))(c));
  },
  'arith.minimumf': (op, c) => {
    if (op.operand(0) === op.operand(1)) return [op.operand(0)];
    if (isInfF(c[1], false)) return [op.operand(0)];
    return one(floatBinary((sem, a, b) => fmaximum(sem, a, b, false, true))(c));
  },
  'arith.maxnumf': (op, c) => {
    if (op.operand(0) === op.operand(1)) return [op.operand(0)];
    if (isInfF(c[1], true) || isNaNF(c[1])) return [op.operand(0)];
    return one(floatBinary((sem, a, b) => fmaximum(sem, a, b, true, false))(c));
  },
  'arith.minnumf': (op, c) => {
    if (op.operand(0) === op.operand(1)) return [op.operand(0)];
    if (isInfF(c[1], false) || isNaNF(c[1])) return [op.operand(0)];
    return one(floatBinary((sem, a, b) => fmaximum(sem, a, b, false, false))(c));
  },
  'arith.negf': (op, c) => {
    const inner = def(op.operand(0), 'arith.negf');
    if (inner) return [inner.operand(0)];
    return one(foldUnary(c[0], (a, e) => (e instanceof FloatType ? F.fneg(e.semantics, a) : undefined)));
  },
};

// ---- comparisons and select

const CMPI = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];

function applyCmpI(pred: string, a: bigint, b: bigint, e: Type): boolean {
  const [x, y] = pred.startsWith('u') ? [u(a, e), u(b, e)] : [s(a, e), s(b, e)];
  switch (pred) {
    case 'eq':
      return x === y;
    case 'ne':
      return x !== y;
    case 'slt':
    case 'ult':
      return x < y;
    case 'sle':
    case 'ule':
      return x <= y;
    case 'sgt':
    case 'ugt':
      return x > y;
    default:
      return x >= y;
  }
}

function predicateOf(op: Operation, names: readonly string[]): string {
  const a = op.getAttr('predicate');
  return a instanceof IntegerAttr ? names[Number(a.value)] : 'eq';
}

const SWAPPED: Record<string, string> = { slt: 'sgt', sgt: 'slt', sle: 'sge', sge: 'sle', ult: 'ugt', ugt: 'ult', ule: 'uge', uge: 'ule', eq: 'eq', ne: 'ne' };

const isI1 = (t: Type): boolean => {
  const e = elementType(t);
  return e instanceof IntegerType && e.width === 1;
};

const CMPF = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'];

export function applyCmpF(pred: string, cmp: -1 | 0 | 1 | undefined): boolean {
  const unordered = cmp === undefined;
  switch (pred) {
    case 'false':
      return false;
    case 'true':
      return true;
    case 'ord':
      return !unordered;
    case 'uno':
      return unordered;
  }
  const ordered = pred.startsWith('o');
  if (unordered) return !ordered;
  switch (pred.slice(1)) {
    case 'eq':
      return cmp === 0;
    case 'gt':
      return cmp === 1;
    case 'ge':
      return cmp !== -1;
    case 'lt':
      return cmp === -1;
    case 'le':
      return cmp !== 1;
    case 'ne':
      return cmp !== 0;
  }
  return false;
}

const CMP_FOLDS: Record<string, Folder> = {
  'arith.cmpi': (op, c) => {
    const pred = predicateOf(op, CMPI);
    const resultType = op.result(0).type;
    if (op.operand(0) === op.operand(1)) return [boolAttr(resultType, ['eq', 'sle', 'sge', 'ule', 'uge'].includes(pred))];
    if (isZero(c[1])) {
      for (const ext of ['arith.extsi', 'arith.extui']) {
        const d = def(op.operand(0), ext);
        if (d && isI1(d.operand(0).type) && pred === 'ne') return [d.operand(0)];
      }
      if (isI1(op.operand(0).type) && pred === 'ne') return [op.operand(0)];
    }
    if (isOne(c[1]) && isI1(op.operand(0).type) && pred === 'eq') return [op.operand(0)];
    if (c[0] !== undefined && c[1] === undefined) {
      const swapped = SWAPPED[pred];
      op.setAttr('predicate', IntegerAttr.get(IntegerType.get(64), BigInt(CMPI.indexOf(swapped))));
      const lhs = op.operand(0);
      const rhs = op.operand(1);
      op.setOperand(0, rhs);
      op.setOperand(1, lhs);
      return [];
    }
    if (c[0] === undefined) return undefined;
    return one(foldBinary(c, (a, b, e) => (applyCmpI(pred, a, b, e) ? 1n : 0n), () => IntegerType.get(1)));
  },
  'arith.cmpf': (op, c) => {
    let l = c[0] instanceof FloatAttr ? c[0] : undefined;
    let r = c[1] instanceof FloatAttr ? c[1] : undefined;
    if (l && F.isNaN(l.type.semantics, l.bits)) r = l;
    if (r && F.isNaN(r.type.semantics, r.bits)) l = r;
    if (!l || !r) return undefined;
    const pred = predicateOf(op, CMPF);
    return [IntegerAttr.get(IntegerType.get(1), applyCmpF(pred, F.fcompare(l.type.semantics, l.bits, r.bits)) ? 1n : 0n)];
  },
  'arith.select': (op, c) => {
    const [cond, tv, fv] = op.operands;
    if (tv === fv) return [tv];
    if (isOne(c[0])) return [tv];
    if (isZero(c[0])) return [fv];
    if (c[1] instanceof PoisonAttr) return [fv];
    if (c[2] instanceof PoisonAttr) return [tv];
    const t = op.result(0).type;
    if (t instanceof IntegerType && t.width === 1 && isOne(c[1]) && isZero(c[2])) return [cond];
    const cmp = def(cond, 'arith.cmpi');
    if (cmp) {
      const pred = predicateOf(cmp, CMPI);
      if (pred === 'eq' || pred === 'ne') {
        const [a, b] = cmp.operands;
        if ((a === tv && b === fv) || (b === tv && a === fv)) return [pred === 'ne' ? tv : fv];
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
};

// ---- casts

function intCast(fn: (v: bigint, from: Type, to: Type) => bigint | undefined): Folder {
  return (op, c) => one(foldUnary(c[0], (v, e) => fn(v, e, elementType(op.result(0).type)), op.result(0).type));
}

const CAST_FOLDS: Record<string, Folder> = {
  'arith.extui': (op, c) => {
    const inner = def(op.operand(0), 'arith.extui');
    if (inner) {
      op.setOperand(0, inner.operand(0));
      return [];
    }
    return intCast((v, from) => u(v, from))(op, c);
  },
  'arith.extsi': (op, c) => {
    const inner = def(op.operand(0), 'arith.extsi');
    if (inner) {
      op.setOperand(0, inner.operand(0));
      return [];
    }
    return intCast((v, from) => s(v, from))(op, c);
  },
  'arith.trunci': (op, c) => {
    const src = op.operand(0).definingOp;
    if (src && (src.name.name === 'arith.extui' || src.name.name === 'arith.extsi')) {
      const x = src.operand(0);
      const sw = bitWidth(elementType(x.type));
      const dw = bitWidth(elementType(op.result(0).type));
      if (sw > dw) {
        op.setOperand(0, x);
        return [];
      }
      if (elementType(x.type) === elementType(op.result(0).type)) return [x];
    }
    if (src && src.name.name === 'arith.trunci') {
      op.setOperand(0, src.operand(0));
      return [];
    }
    return intCast((v) => v)(op, c);
  },
  'arith.index_cast': intCast((v, from) => s(v, from)),
  'arith.index_castui': intCast((v, from) => u(v, from)),
  'arith.sitofp': (op, c) =>
    one(foldUnary(c[0], (v, e) => F.fromInteger((elementType(op.result(0).type) as FloatType).semantics, s(v, e)), op.result(0).type)),
  'arith.uitofp': (op, c) =>
    one(foldUnary(c[0], (v, e) => F.fromInteger((elementType(op.result(0).type) as FloatType).semantics, u(v, e)), op.result(0).type)),
  'arith.fptosi': (op, c) => {
    const w = bitWidth(elementType(op.result(0).type));
    return one(foldUnary(c[0], (v, e) => F.toInteger(floatSem(e), v, -(1n << BigInt(w - 1)), (1n << BigInt(w - 1)) - 1n), op.result(0).type));
  },
  'arith.fptoui': (op, c) => {
    const w = bitWidth(elementType(op.result(0).type));
    return one(foldUnary(c[0], (v, e) => F.toInteger(floatSem(e), v, 0n, (1n << BigInt(w)) - 1n), op.result(0).type));
  },
  'arith.extf': (op, c) => {
    const to = elementType(op.result(0).type) as FloatType;
    return one(foldUnary(c[0], (v, e) => F.fconvert(floatSem(e), to.semantics, v), op.result(0).type));
  },
  'arith.truncf': (op, c) => {
    const ext = def(op.operand(0), 'arith.extf');
    const resElem = elementType(op.result(0).type) as FloatType;
    if (ext) {
      const src = elementType(ext.operand(0).type) as FloatType;
      if (src.width > resElem.width) {
        op.setOperand(0, ext.operand(0));
        return [];
      }
      if (src === resElem) return [ext.operand(0)];
    }
    const mode = op.getAttr('roundingmode');
    if (mode instanceof IntegerAttr && mode.value !== 0n) return undefined;
    return one(
      foldUnary(
        c[0],
        (v, e) => {
          const r = F.fconvert(floatSem(e), resElem.semantics, v);
          // MLIR folds only conversions that lose no information.
          if (F.fconvert(resElem.semantics, floatSem(e), r) !== v) return undefined;
          return r;
        },
        op.result(0).type,
      ),
    );
  },
  'arith.bitcast': (op, c) => {
    if (op.operand(0).type === op.result(0).type) return [op.operand(0)];
    const inner = def(op.operand(0), 'arith.bitcast');
    if (inner && inner.operand(0).type === op.result(0).type) return [inner.operand(0)];
    const to = elementType(op.result(0).type);
    return one(foldUnary(c[0], (v, e) => (to instanceof FloatType ? BigInt.asUintN(bitWidth(e), v) : BigInt.asIntN(bitWidth(to), v)), op.result(0).type));
  },
};

export const ARITH_FOLDS: Record<string, Folder> = {
  'arith.constant': (op) => [op.getAttr('value')!],
  ...INT_FOLDS,
  ...FLOAT_FOLDS,
  ...CMP_FOLDS,
  ...CAST_FOLDS,
};

/** arith's materializeConstant: `ub.poison` for poison, else `arith.constant` when buildable. */
export function materializeArithConstant(builder: Builder, value: Attribute, type: Type, location: Location): Operation | undefined {
  if (value instanceof PoisonAttr) return builder.create('ub.poison', { results: [type], attributes: { value }, location });
  if (!(value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof ElementsAttr)) return undefined;
  if (value.type !== type) return undefined;
  if (type instanceof IntegerType && type.signedness !== 'signless') return undefined;
  return builder.create('arith.constant', { results: [type], attributes: { value }, location });
}
