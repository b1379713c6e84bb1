// index dialect folders (MLIR 22's IndexOps.cpp): constant folding that
// agrees for 32- and 64-bit indices, identities, `cmp` of min/max against
// constants, plus the dialect's constant materializer.

import type { Attribute, Type } from '../../ir/attributes.js';
import type { Builder } from '../../ir/builder.js';
import { IntegerAttr } from '../../ir/builtin-attributes.js';
import { IndexType, IntegerType } from '../../ir/builtin-types.js';
import type { FoldResult } from '../../ir/context.js';
import type { Location } from '../../ir/location.js';
import type { Operation, Value } from '../../ir/operation.js';
import { matchConstantInt } from '../../ir/matchers.js';
import { implementOp } from '../../ods/index.js';
import { ConstantIntRanges, evaluatePred } from '../../analysis/int-range.js';
import {
  AddOp,
  AndOp,
  BoolConstantOp,
  CastSOp,
  CastUOp,
  CeilDivSOp,
  CeilDivUOp,
  CmpOp,
  ConstantOp,
  DivSOp,
  DivUOp,
  FloorDivSOp,
  IndexCmpPredicate,
  MaxSOp,
  MaxUOp,
  MinSOp,
  MinUOp,
  MulOp,
  OrOp,
  RemSOp,
  RemUOp,
  ShlOp,
  ShrSOp,
  ShrUOp,
  SubOp,
  XOrOp,
} from './ops.js';

type Operands = readonly (Attribute | undefined)[];
type Calc = (a: bigint, b: bigint, w: number) => bigint | undefined;

const u = (v: bigint, w: number): bigint => BigInt.asUintN(w, v);
const s = (v: bigint, w: number): bigint => BigInt.asIntN(w, v);
const idx = (v: bigint): IntegerAttr => IntegerAttr.get(IndexType.get(), v);
const i1 = (v: boolean): IntegerAttr => IntegerAttr.get(IntegerType.get(1), v ? 1n : 0n);

function intOf(a: Attribute | undefined): bigint | undefined {
  return a instanceof IntegerAttr ? a.value : undefined;
}

/** Folds when f(trunc a, trunc b) = trunc f(a, b) holds for every input (add, mul, ...). */
function unchecked(c: Operands, f: Calc): Attribute | undefined {
  const a = intOf(c[0]);
  const b = intOf(c[1]);
  if (a === undefined || b === undefined) return undefined;
  const r = f(a, b, 64);
  return r === undefined ? undefined : idx(r);
}

/** Folds only when the 64-bit result truncated matches the 32-bit one. */
function checked(c: Operands, f: Calc): Attribute | undefined {
  const a = intOf(c[0]);
  const b = intOf(c[1]);
  if (a === undefined || b === undefined) return undefined;
  const r64 = f(a, b, 64);
  if (r64 === undefined) return undefined;
  const r32 = f(s(a, 32), s(b, 32), 32);
  if (r32 === undefined) return undefined;
  if (u(r64, 32) !== u(r32, 32)) return undefined;
  return idx(r64);
}

const isZero = (a: Attribute | undefined): boolean => intOf(a) === 0n;
const isOne = (a: Attribute | undefined): boolean => intOf(a) === 1n;

function ceilDivS(n: bigint, m: bigint, w: number): bigint | undefined {
  n = s(n, w);
  m = s(m, w);
  if (m === 0n) return undefined;
  if (n === 0n) return 0n;
  const mGtZ = m > 0n;
  if (n > 0n !== mGtZ) return s(-(-n / m), w);
  const x = mGtZ ? -1n : 1n;
  return s((n + x) / m + 1n, w);
}

function floorDivS(n: bigint, m: bigint, w: number): bigint | undefined {
  n = s(n, w);
  m = s(m, w);
  if (m === 0n) return undefined;
  if (n === 0n) return 0n;
  const mLtZ = m < 0n;
  if (n < 0n === mLtZ) return s(n / m, w);
  const x = mLtZ ? 1n : -1n;
  return s(-1n - (x - n) / m, w);
}

const one = (x: Attribute | Value | undefined): FoldResult | undefined => (x === undefined ? undefined : [x]);

const P = IndexCmpPredicate;

/**
 * Compares `a` and `b` as `width`-bit integers under an integer comparison
 * predicate numbered as arith's CmpIPredicate and index's IndexCmpPredicate
 * (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge): the helper arith.cmpi's
 * folder can share.
 */
export function applyCmpPredicate(pred: number, a: bigint, b: bigint, width: number): boolean {
  const unsigned = pred >= P.ult;
  const x = unsigned ? u(a, width) : s(a, width);
  const y = unsigned ? u(b, width) : s(b, width);
  switch (pred) {
    case P.eq:
      return x === y;
    case P.ne:
      return x !== y;
    case P.slt:
    case P.ult:
      return x < y;
    case P.sle:
    case P.ule:
      return x <= y;
    case P.sgt:
    case P.ugt:
      return x > y;
    default:
      return x >= y;
  }
}

type MinMaxKind = 'maxs' | 'mins' | 'maxu' | 'minu';

/** The min/max op defining `v` and its right operand. */
function minMaxOf(v: Value): { kind: MinMaxKind; rhs: Value } | undefined {
  const d = v.definingOp;
  if (MinSOp.isa(d)) return { kind: 'mins', rhs: MinSOp.rhs(d) };
  if (MinUOp.isa(d)) return { kind: 'minu', rhs: MinUOp.rhs(d) };
  if (MaxSOp.isa(d)) return { kind: 'maxs', rhs: MaxSOp.rhs(d) };
  if (MaxUOp.isa(d)) return { kind: 'maxu', rhs: MaxUOp.rhs(d) };
  return undefined;
}

/** `cmp(minmax(x, cstA), cstB)`, decided from the range of the min/max alone. */
function cmpOfMaxOrMin(kind: MinMaxKind, cstA: bigint, cstB: bigint, w: number, pred: number): boolean | undefined {
  const smin = -(1n << BigInt(w - 1));
  const smax = (1n << BigInt(w - 1)) - 1n;
  const umax = (1n << BigInt(w)) - 1n;
  let l: ConstantIntRanges;
  switch (kind) {
    case 'maxs':
      l = ConstantIntRanges.fromSigned(s(cstA, w), smax, w);
      break;
    case 'mins':
      l = ConstantIntRanges.fromSigned(smin, s(cstA, w), w);
      break;
    case 'maxu':
      l = ConstantIntRanges.fromUnsigned(u(cstA, w), umax, w);
      break;
    default:
      l = ConstantIntRanges.fromUnsigned(0n, u(cstA, w), w);
  }
  const b = s(cstB, w);
  return evaluatePred(pred, l, ConstantIntRanges.fromSigned(b, b, w));
}

function castFold(c: Operands, to: Type, signed: boolean): FoldResult | undefined {
  const a = c[0];
  if (!(a instanceof IntegerAttr)) return undefined;
  const from = a.type;
  const fw = from instanceof IntegerType ? from.width : 64;
  const v = signed ? s(a.value, fw) : u(a.value, fw);
  if (to instanceof IndexType || to instanceof IntegerType) return [IntegerAttr.get(to, v)];
  return undefined;
}

// ---- the folders

implementOp(ConstantOp, { fold: (op) => [idx(ConstantOp.value(op))] });
implementOp(BoolConstantOp, { fold: (op) => [i1(BoolConstantOp.value(op))] });
implementOp(AddOp, { fold: (op, c) => one(unchecked(c, (a, b, w) => s(a + b, w)) ?? (isZero(c[1]) ? AddOp.lhs(op) : undefined)) });
implementOp(SubOp, { fold: (op, c) => one(unchecked(c, (a, b, w) => s(a - b, w)) ?? (isZero(c[1]) ? SubOp.lhs(op) : undefined)) });
implementOp(MulOp, {
  fold: (op, c) => {
    const r = unchecked(c, (a, b, w) => s(a * b, w));
    if (r) return [r];
    if (isOne(c[1])) return [MulOp.lhs(op)];
    // The zero attribute, not the operand: a new constant at this op's location (MLIR 22).
    if (isZero(c[1])) return [c[1]!];
    return undefined;
  },
});
implementOp(DivSOp, {
  fold: (op, c) => one(checked(c, (a, b, w) => (s(b, w) === 0n ? undefined : s(s(a, w) / s(b, w), w))) ?? (isOne(c[1]) ? DivSOp.lhs(op) : undefined)),
});
implementOp(DivUOp, {
  fold: (op, c) => one(checked(c, (a, b, w) => (u(b, w) === 0n ? undefined : u(a, w) / u(b, w))) ?? (isOne(c[1]) ? DivUOp.lhs(op) : undefined)),
});
implementOp(CeilDivSOp, { fold: (_op, c) => one(checked(c, ceilDivS)) });
implementOp(CeilDivUOp, {
  fold: (_op, c) =>
    one(
      checked(c, (n, m, w) => {
        if (u(m, w) === 0n) return undefined;
        if (u(n, w) === 0n) return 0n;
        return (u(n, w) - 1n) / u(m, w) + 1n;
      }),
    ),
});
implementOp(FloorDivSOp, { fold: (_op, c) => one(checked(c, floorDivS)) });
implementOp(RemSOp, { fold: (_op, c) => one(checked(c, (a, b, w) => (s(b, w) === 0n ? undefined : s(a, w) % s(b, w)))) });
implementOp(RemUOp, { fold: (_op, c) => one(checked(c, (a, b, w) => (u(b, w) === 0n ? undefined : u(a, w) % u(b, w)))) });
implementOp(MaxSOp, { fold: (_op, c) => one(checked(c, (a, b, w) => (s(a, w) > s(b, w) ? a : b))) });
implementOp(MaxUOp, { fold: (_op, c) => one(checked(c, (a, b, w) => (u(a, w) > u(b, w) ? a : b))) });
implementOp(MinSOp, { fold: (_op, c) => one(checked(c, (a, b, w) => (s(a, w) < s(b, w) ? a : b))) });
implementOp(MinUOp, { fold: (_op, c) => one(checked(c, (a, b, w) => (u(a, w) < u(b, w) ? a : b))) });
implementOp(ShlOp, { fold: (_op, c) => one(unchecked(c, (a, b, w) => (u(b, w) >= 32n ? undefined : s(a << u(b, w), w)))) });
implementOp(ShrSOp, { fold: (_op, c) => one(checked(c, (a, b, w) => (u(b, w) >= 32n ? undefined : s(a, w) >> u(b, w)))) });
implementOp(ShrUOp, { fold: (_op, c) => one(checked(c, (a, b, w) => (u(b, w) >= 32n ? undefined : u(a, w) >> u(b, w)))) });
implementOp(AndOp, { fold: (_op, c) => one(unchecked(c, (a, b, w) => s(a & b, w))) });
implementOp(OrOp, { fold: (_op, c) => one(unchecked(c, (a, b, w) => s(a | b, w))) });
implementOp(XOrOp, { fold: (_op, c) => one(unchecked(c, (a, b, w) => s(a ^ b, w))) });
implementOp(CastSOp, { fold: (op, c) => castFold(c, CastSOp.output(op).type, true) });
implementOp(CastUOp, { fold: (op, c) => castFold(c, CastUOp.output(op).type, false) });
implementOp(CmpOp, {
  fold: (op, c) => {
    const pred = CmpOp.pred(op);
    const a = intOf(c[0]);
    const b = intOf(c[1]);
    // Only when the comparison agrees for 32- and 64-bit indices.
    if (a !== undefined && b !== undefined) {
      const r64 = applyCmpPredicate(pred, a, b, 64);
      const r32 = applyCmpPredicate(pred, a, b, 32);
      if (r64 === r32) return [i1(r64)];
    }
    const minMax = minMaxOf(CmpOp.lhs(op));
    if (minMax && b !== undefined) {
      const cstA = matchConstantInt(minMax.rhs);
      if (cstA !== undefined) {
        const r64 = cmpOfMaxOrMin(minMax.kind, cstA, b, 64, pred);
        const r32 = cmpOfMaxOrMin(minMax.kind, s(cstA, 32), s(b, 32), 32, pred);
        if (r64 !== undefined && r32 !== undefined && r64 === r32) return [i1(r64)];
      }
    }
    if (CmpOp.lhs(op) === CmpOp.rhs(op)) return [i1(pred === P.eq || pred === P.sge || pred === P.sle || pred === P.uge || pred === P.ule)];
    return undefined;
  },
});

/** The index dialect's materializeConstant: index.constant / index.bool.constant. */
export function materializeIndexConstant(builder: Builder, value: Attribute, type: Type, location: Location): Operation | undefined {
  if (!(value instanceof IntegerAttr)) return undefined;
  if (type instanceof IndexType) return ConstantOp.build(builder, { value: IntegerAttr.get(type, value.value), result: type, location });
  if (type instanceof IntegerType && type.width === 1)
    return BoolConstantOp.build(builder, { value: IntegerAttr.get(type, value.value), result: type, location });
  return undefined;
}
