// arith-expand (MLIR's ArithExpandOpsPass): a partial dialect conversion that
// rewrites the arith ops LLVM has no instruction for into simpler arith ops:
// ceil/floor divisions, integer and float min/max, scaling_extf/truncf, and
// (on request) the bf16, f8E8M0FNU and f4E2M1FN conversions through integer
// bit manipulation. As MLIR's conversion driver, an illegal op is folded
// first when it can be.

import type { Attribute, Type } from '../../../ir/attributes.js';
import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr } from '../../../ir/builtin-attributes.js';
import { FloatType, IntegerType, MemRefType, RankedTensorType, ShapedType, UnrankedTensorType, VectorType } from '../../../ir/builtin-types.js';
import type { Location } from '../../../ir/location.js';
import type { Op, OpKind, Operation, Value } from '../../../ir/operation.js';
import { pattern, PatternRewriter, type RewritePattern } from '../../../ir/pattern.js';
import { getElementTypeOrSelf } from '../../../ods/index.js';
import { Pass, type PassInfo, type PassRun } from '../../../passes/pass.js';
import { ConversionTarget } from '../../../transforms/dialect-conversion.js';
import { FrozenPatternSet } from '../../../transforms/greedy.js';
import { emitError, type Context } from '../../../ir/context.js';
import { foldForConversion } from '../../../transforms/fold.js';
import {
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
  ExtUIOp,
  FloorDivSIOp,
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
  OrIOp,
  ScalingExtFOp,
  ScalingTruncFOp,
  SelectOp,
  ShLIOp,
  ShRUIOp,
  SubIOp,
  TruncFOp,
  TruncIOp,
} from '../ops.js';

const F32 = (): FloatType => FloatType.f32;
const isFloatNamed = (t: Type, name: string): boolean => t instanceof FloatType && t.name === name;
const isBF16 = (t: Type): boolean => isFloatNamed(t, 'bf16');
const isF32 = (t: Type): boolean => isFloatNamed(t, 'f32');
const isF8E8M0 = (t: Type): boolean => isFloatNamed(t, 'f8E8M0FNU');
const isF4E2M1 = (t: Type): boolean => isFloatNamed(t, 'f4E2M1FN');
const bitWidth = (t: Type): number => (t instanceof FloatType ? t.width : t instanceof IntegerType ? t.width : 64);

/** `cloneTo` with the shape of `cloneFrom` when that is shaped (MLIR's cloneToShapedType). */
function cloneToShapedType(cloneFrom: Type, cloneTo: Type): Type {
  if (cloneFrom instanceof VectorType) return VectorType.get(cloneFrom.dims, cloneTo, cloneFrom.scalableDims);
  if (cloneFrom instanceof RankedTensorType) return RankedTensorType.get(cloneFrom.dims, cloneTo, cloneFrom.encoding);
  if (cloneFrom instanceof UnrankedTensorType) return UnrankedTensorType.get(cloneTo);
  if (cloneFrom instanceof MemRefType) return MemRefType.get(cloneFrom.dims, cloneTo, cloneFrom.layoutAttr, cloneFrom.memorySpace);
  return cloneTo;
}

/** An integer constant of `type` (splat when shaped); `value` is a C `int`, as MLIR's createConst takes. */
function createConst(b: PatternRewriter, location: Location, type: Type, value: number): Value {
  const v = BigInt(value | 0);
  const elem = getElementTypeOrSelf(type);
  const attr: Attribute & { readonly type: Type } =
    type instanceof ShapedType ? DenseIntOrFPElementsAttr.getSplat(type, IntegerAttr.get(elem, v).value) : IntegerAttr.get(type, v);
  return ConstantOp.create(b, attr, location);
}

function createFloatConst(b: PatternRewriter, location: Location, type: Type, value: number): Value {
  const elem = getElementTypeOrSelf(type) as FloatType;
  const scalar = FloatAttr.get(elem, value);
  const attr: Attribute & { readonly type: Type } = type instanceof ShapedType ? DenseIntOrFPElementsAttr.getSplat(type, scalar.bits) : scalar;
  return ConstantOp.create(b, attr, location);
}

/** Op builders at the rewriter's insertion point, all at `location` (MLIR's ImplicitLocOpBuilder). */
function builders(b: PatternRewriter, location: Location) {
  return {
    cmpi: (p: number, lhs: Value, rhs: Value) => CmpIOp.result(CmpIOp.build(b, { predicate: p, lhs, rhs, location })),
    cmpf: (p: number, lhs: Value, rhs: Value) => CmpFOp.result(CmpFOp.build(b, { predicate: p, lhs, rhs, location })),
    select: (condition: Value, t: Value, f: Value) => SelectOp.result(SelectOp.build(b, { condition, true_value: t, false_value: f, location })),
    addi: (lhs: Value, rhs: Value) => AddIOp.result(AddIOp.build(b, { lhs, rhs, location })),
    subi: (lhs: Value, rhs: Value) => SubIOp.result(SubIOp.build(b, { lhs, rhs, location })),
    muli: (lhs: Value, rhs: Value) => MulIOp.result(MulIOp.build(b, { lhs, rhs, location })),
    divsi: (lhs: Value, rhs: Value) => DivSIOp.result(DivSIOp.build(b, { lhs, rhs, location })),
    divui: (lhs: Value, rhs: Value) => DivUIOp.result(DivUIOp.build(b, { lhs, rhs, location })),
    andi: (lhs: Value, rhs: Value) => AndIOp.result(AndIOp.build(b, { lhs, rhs, location })),
    ori: (lhs: Value, rhs: Value) => OrIOp.result(OrIOp.build(b, { lhs, rhs, location })),
    shli: (lhs: Value, rhs: Value) => ShLIOp.result(ShLIOp.build(b, { lhs, rhs, location })),
    shrui: (lhs: Value, rhs: Value) => ShRUIOp.result(ShRUIOp.build(b, { lhs, rhs, location })),
    bitcast: (out: Type, x: Value) => BitcastOp.out(BitcastOp.build(b, { in: x, out, location })),
    extui: (out: Type, x: Value) => ExtUIOp.out(ExtUIOp.build(b, { in: x, out, location })),
    trunci: (out: Type, x: Value) => TruncIOp.out(TruncIOp.build(b, { in: x, out, location })),
    extf: (out: Type, x: Value, fastmath?: number) => ExtFOp.out(ExtFOp.build(b, { in: x, out, fastmath, location })),
    truncf: (out: Type, x: Value, roundingmode?: number, fastmath?: number) =>
      TruncFOp.out(TruncFOp.build(b, { in: x, out, roundingmode, fastmath, location })),
    mulf: (lhs: Value, rhs: Value, fastmath?: number) => MulFOp.result(MulFOp.build(b, { lhs, rhs, fastmath, location })),
    divf: (lhs: Value, rhs: Value, fastmath?: number) => DivFOp.result(DivFOp.build(b, { lhs, rhs, fastmath, location })),
    minnumf: (lhs: Value, rhs: Value) => MinNumFOp.result(MinNumFOp.build(b, { lhs, rhs, location })),
    maxnumf: (lhs: Value, rhs: Value) => MaxNumFOp.result(MaxNumFOp.build(b, { lhs, rhs, location })),
    c: (type: Type, value: number) => createConst(b, location, type, value),
  };
}

const I = CmpIPredicate.case;
const F = CmpFPredicate.case;

// ---- integer division

/** ceildivui(n, m) = n == 0 ? 0 : ((n - 1) / m) + 1. */
const ceilDivUI = pattern(CeilDivUIOp, (op, rewriter) => {
  const x = builders(rewriter, op.location);
  const a = CeilDivUIOp.lhs(op);
  const zero = x.c(a.type, 0);
  const compare = x.cmpi(I.eq, a, zero);
  const one = x.c(a.type, 1);
  const minusOne = x.subi(a, one);
  const quotient = x.divui(minusOne, CeilDivUIOp.rhs(op));
  const plusOne = x.addi(quotient, one);
  rewriter.replaceOp(op, [x.select(compare, zero, plusOne)]);
  return true;
});

/** ceildivsi(a, b): z = a / b; z * b != a && (a < 0) == (b < 0) ? z + 1 : z. */
const ceilDivSI = pattern(CeilDivSIOp, (op, rewriter) => {
  const x = builders(rewriter, op.location);
  const type = CeilDivSIOp.result(op).type;
  const a = CeilDivSIOp.lhs(op);
  const b = CeilDivSIOp.rhs(op);
  const zero = x.c(type, 0);
  const one = x.c(type, 1);
  const quotient = x.divsi(a, b);
  const product = x.muli(quotient, b);
  const notEqualDivisor = x.cmpi(I.ne, a, product);
  const aNeg = x.cmpi(I.slt, a, zero);
  const bNeg = x.cmpi(I.slt, b, zero);
  const signEqual = x.cmpi(I.eq, aNeg, bNeg);
  const cond = x.andi(notEqualDivisor, signEqual);
  const quotientPlusOne = x.addi(quotient, one);
  rewriter.replaceOp(op, [x.select(cond, quotientPlusOne, quotient)]);
  return true;
});

/** floordivsi(a, b): z = a / b; z * b != a && (a < 0) != (b < 0) ? z - 1 : z. */
const floorDivSI = pattern(FloorDivSIOp, (op, rewriter) => {
  const x = builders(rewriter, op.location);
  const type = FloorDivSIOp.result(op).type;
  const a = FloorDivSIOp.lhs(op);
  const b = FloorDivSIOp.rhs(op);
  const quotient = x.divsi(a, b);
  const product = x.muli(quotient, b);
  const notEqualDivisor = x.cmpi(I.ne, a, product);
  const zero = x.c(type, 0);
  const aNeg = x.cmpi(I.slt, a, zero);
  const bNeg = x.cmpi(I.slt, b, zero);
  const signOpposite = x.cmpi(I.ne, aNeg, bNeg);
  const cond = x.andi(notEqualDivisor, signOpposite);
  const minusOne = x.c(type, -1);
  const quotientMinusOne = x.addi(quotient, minusOne);
  rewriter.replaceOp(op, [x.select(cond, quotientMinusOne, quotient)]);
  return true;
});

// ---- min / max

/** A handle of a binary op with `lhs` and `rhs` operands (the min/max ops). */
type BinaryHandle<N extends string> = OpKind<N> & { lhs(op: Op<N>): Value; rhs(op: Op<N>): Value };

/** maxsi/maxui/minsi/minui(a, b) = select(cmpi pred a, b, a, b). */
function maxMinI<N extends string>(h: BinaryHandle<N>, pred: number): RewritePattern {
  return pattern(h, (op, rewriter) => {
    const x = builders(rewriter, op.location);
    const lhs = h.lhs(op);
    const rhs = h.rhs(op);
    rewriter.replaceOp(op, [x.select(x.cmpi(pred, lhs, rhs), lhs, rhs)]);
    return true;
  });
}

/** maximumf/minimumf: NaN in either operand gives NaN. */
function maximumMinimumF<N extends string>(h: BinaryHandle<N>, pred: number): RewritePattern {
  return pattern(h, (op, rewriter) => {
    const x = builders(rewriter, op.location);
    const lhs = h.lhs(op);
    const rhs = h.rhs(op);
    // A NaN operand makes `cmp` true, so the select gives lhs; a NaN rhs is caught next.
    const select = x.select(x.cmpf(pred, lhs, rhs), lhs, rhs);
    const isNaN = x.cmpf(F.uno, rhs, rhs);
    rewriter.replaceOp(op, [x.select(isNaN, rhs, select)]);
    return true;
  });
}

/** maxnumf/minnumf: a NaN operand gives the other operand. */
function maxNumMinNumF<N extends string>(h: BinaryHandle<N>, pred: number): RewritePattern {
  return pattern(h, (op, rewriter) => {
    const x = builders(rewriter, op.location);
    const lhs = h.lhs(op);
    const rhs = h.rhs(op);
    const select = x.select(x.cmpf(pred, lhs, rhs), lhs, rhs);
    const isNaN = x.cmpf(F.uno, lhs, lhs);
    rewriter.replaceOp(op, [x.select(isNaN, rhs, select)]);
    return true;
  });
}

// ---- bf16

const bf16ExtF = pattern(ExtFOp, (op, rewriter) => {
  const operand = ExtFOp.in(op);
  const resultTy = ExtFOp.out(op).type;
  if (!isBF16(getElementTypeOrSelf(operand.type)) || !isF32(getElementTypeOrSelf(resultTy))) return false;
  const x = builders(rewriter, op.location);
  const i16Ty = cloneToShapedType(operand.type, IntegerType.get(16));
  const i32Ty = cloneToShapedType(operand.type, IntegerType.get(32));
  const bitcast = x.bitcast(i16Ty, operand);
  const exti = x.extui(i32Ty, bitcast);
  const c16 = x.c(i32Ty, 16);
  const shl = x.shli(exti, c16);
  rewriter.replaceOp(op, [x.bitcast(resultTy, shl)]);
  return true;
});

/** f32 to bf16 rounding to nearest even by adding a bias that may carry into the exponent. */
const bf16TruncF = pattern(TruncFOp, (op, rewriter) => {
  const operand = TruncFOp.in(op);
  const resultTy = TruncFOp.out(op).type;
  if (!isF32(getElementTypeOrSelf(operand.type)) || !isBF16(getElementTypeOrSelf(resultTy))) return false;
  if (TruncFOp.roundingmode(op) !== undefined) return false;
  const x = builders(rewriter, op.location);
  const i16Ty = cloneToShapedType(operand.type, IntegerType.get(16));
  const i32Ty = cloneToShapedType(operand.type, IntegerType.get(32));
  const isNan = x.cmpf(F.une, operand, operand);
  const c7FFF = x.c(i32Ty, 0x7fff);
  const c7FC0I16 = x.c(i16Ty, 0x7fc0);
  const c16 = x.c(i32Ty, 16);
  const c1 = x.c(i32Ty, 1);
  const bitcast = x.bitcast(i32Ty, operand);
  const bit16 = x.andi(x.shrui(bitcast, c16), c1);
  const roundingBias = x.addi(bit16, c7FFF);
  const biased = x.addi(bitcast, roundingBias);
  const biasedAndShifted = x.shrui(biased, c16);
  const normalCaseResultI16 = x.trunci(i16Ty, biasedAndShifted);
  const select = x.select(isNan, c7FC0I16, normalCaseResultI16);
  rewriter.replaceOp(op, [x.bitcast(resultTy, select)]);
  return true;
});

// ---- f4E2M1FN

/** f4E2M1FN to f32 by assembling the f32 bits from the 3 magnitude bits and the sign. */
const f4E2M1ExtF = pattern(ExtFOp, (op, rewriter) => {
  const operand = ExtFOp.in(op);
  const resultTy = ExtFOp.out(op).type;
  if (!isF4E2M1(getElementTypeOrSelf(operand.type))) return false;
  const x = builders(rewriter, op.location);
  const f32Ty = cloneToShapedType(operand.type, F32());
  const i4Ty = cloneToShapedType(operand.type, IntegerType.get(4));
  const i32Ty = cloneToShapedType(operand.type, IntegerType.get(32));
  const i4Bits = x.bitcast(i4Ty, operand);
  const c0x0 = x.c(i4Ty, 0x0);
  const c0x1 = x.c(i4Ty, 0x1);
  const c0x2 = x.c(i4Ty, 0x2);
  const c0x4 = x.c(i4Ty, 0x4);
  const c0x7 = x.c(i4Ty, 0x7);
  const i4BitsNoSign = x.andi(i4Bits, c0x7);
  // The last exponent bit and the mantissa.
  const c0x00000014 = x.c(i32Ty, 0x14);
  let bits1To24 = x.shli(i4BitsNoSign, c0x2);
  const isHalf = x.cmpi(I.eq, i4BitsNoSign, c0x1);
  bits1To24 = x.select(isHalf, c0x0, bits1To24);
  bits1To24 = x.extui(i32Ty, bits1To24);
  bits1To24 = x.shli(bits1To24, c0x00000014);
  // The first 7 exponent bits.
  const zeroExpBits = x.c(i32Ty, 0x00000000);
  const highExpBits = x.c(i32Ty, 0x40000000);
  const lowExpBits = x.c(i32Ty, 0x3f000000);
  const useLargerExp = x.cmpi(I.uge, i4BitsNoSign, c0x4);
  let bits25To31 = x.select(useLargerExp, highExpBits, lowExpBits);
  const zeroExp = x.cmpi(I.eq, i4BitsNoSign, c0x0);
  bits25To31 = x.select(zeroExp, zeroExpBits, bits25To31);
  // The sign.
  const c0x80000000 = x.c(i32Ty, 0x80000000);
  const c0x8 = x.c(i4Ty, 0x8);
  const negative = x.cmpi(I.uge, i4Bits, c0x8);
  const bit32 = x.select(negative, c0x80000000, zeroExpBits);
  const bits1To31 = x.addi(bits1To24, bits25To31);
  const bits1To32 = x.addi(bits1To31, bit32);
  let result = x.bitcast(f32Ty, bits1To32);
  if (!isF32(getElementTypeOrSelf(resultTy))) result = x.truncf(resultTy, result);
  rewriter.replaceOp(op, [result]);
  return true;
});

/** f32 to f4E2M1FN (OCP microscaling spec, round to nearest even), clamping to ±6 first. */
const f4E2M1TruncF = pattern(TruncFOp, (op, rewriter) => {
  let operand = TruncFOp.in(op);
  const operandTy = operand.type;
  const resultTy = TruncFOp.out(op).type;
  const x = builders(rewriter, op.location);
  const i4Ty = cloneToShapedType(operandTy, IntegerType.get(4));
  const i8Ty = cloneToShapedType(operandTy, IntegerType.get(8));
  const i32Ty = cloneToShapedType(operandTy, IntegerType.get(32));
  const f32Ty = cloneToShapedType(operandTy, F32());
  if (!isF4E2M1(getElementTypeOrSelf(resultTy))) return false;
  if (!isF32(getElementTypeOrSelf(operandTy))) operand = x.extf(f32Ty, operand);
  const c0x1 = x.c(i4Ty, 1);
  const c0x3 = x.c(i4Ty, 3);
  const c0x00000016 = x.c(i32Ty, 22);
  const c0x00 = x.c(i8Ty, 0x00);
  const c0xff = x.c(i8Ty, 0xff);
  const zeroExpBits = x.c(i32Ty, 0);
  // Clamp to the representable bounds.
  const cHigherBound = createFloatConst(rewriter, op.location, f32Ty, 6.0);
  const cLowerBound = createFloatConst(rewriter, op.location, f32Ty, -6.0);
  let operandClamped = x.minnumf(cHigherBound, operand);
  operandClamped = x.maxnumf(cLowerBound, operandClamped);
  const f32Bits = x.bitcast(i32Ty, operandClamped);
  // The sign bit.
  const cF32ExpManWidth = x.c(i32Ty, 31);
  const f32Sign = x.shrui(f32Bits, cF32ExpManWidth);
  const f4Sign = x.trunci(i4Ty, f32Sign);
  let f4Bits = x.shli(f4Sign, c0x3);
  // The exponent, with its bias adjusted.
  const biasAdjustment = x.c(i32Ty, 0x7e);
  const cF4MantissaWidth = c0x1;
  const cF32MantissaWidth = x.c(i32Ty, 23);
  const f32SignExp = x.shrui(f32Bits, cF32MantissaWidth);
  const biasAdjustedSignExp = x.subi(f32SignExp, biasAdjustment);
  let f4Exp = x.trunci(i4Ty, biasAdjustedSignExp);
  f4Exp = x.shli(f4Exp, cF4MantissaWidth);
  f4Bits = x.addi(f4Bits, f4Exp);
  // The mantissa is the first mantissa bit.
  const cF32FirstBitMask = x.c(i32Ty, 0x400000);
  let man1Bit = x.andi(f32Bits, cF32FirstBitMask);
  man1Bit = x.shrui(man1Bit, c0x00000016);
  const f4Man = x.trunci(i4Ty, man1Bit);
  f4Bits = x.addi(f4Bits, f4Man);
  // Subnormals and the conversion to 0.5.
  const cF32MantissaMask = x.c(i32Ty, 0x7fffff);
  const f8Exp = x.trunci(i8Ty, biasAdjustedSignExp);
  const isSubnormal = x.cmpi(I.sle, f8Exp, c0x00);
  const isNegOneExp = x.cmpi(I.eq, f8Exp, c0xff);
  const man23Bits = x.andi(f32Bits, cF32MantissaMask);
  const isNonZeroMan = x.cmpi(I.ugt, man23Bits, zeroExpBits);
  const roundToHalf = x.andi(isNegOneExp, isNonZeroMan);
  const isZeroExp = x.cmpi(I.eq, f8Exp, c0x00);
  const subnormalF4Bits = x.c(i4Ty, 0xf);
  const halfF4Bits = x.c(i4Ty, 0x0);
  let subResult = x.select(isSubnormal, subnormalF4Bits, f4Bits);
  subResult = x.select(roundToHalf, halfF4Bits, subResult);
  f4Bits = x.select(isZeroExp, f4Bits, subResult);
  // Round up when the dropped bits call for it.
  const cF32Last22BitMask = x.c(i32Ty, 0x3fffff);
  const cRound = x.c(i32Ty, 0x200000);
  const man22Bits = x.andi(f32Bits, cF32Last22BitMask);
  let shouldRound = x.cmpi(I.uge, man22Bits, cRound);
  shouldRound = x.ori(shouldRound, isSubnormal);
  const roundedF4Bits = x.addi(f4Bits, c0x1);
  f4Bits = x.select(shouldRound, roundedF4Bits, f4Bits);
  rewriter.replaceOp(op, [x.bitcast(resultTy, f4Bits)]);
  return true;
});

// ---- f8E8M0FNU

const f8E8M0ExtF = pattern(ExtFOp, (op, rewriter) => {
  const operand = ExtFOp.in(op);
  const resultTy = ExtFOp.out(op).type;
  const resultETy = getElementTypeOrSelf(resultTy);
  if (!isF8E8M0(getElementTypeOrSelf(operand.type))) return false;
  const x = builders(rewriter, op.location);
  const i8Ty = cloneToShapedType(operand.type, IntegerType.get(8));
  const i32Ty = cloneToShapedType(operand.type, IntegerType.get(32));
  const f32Ty = cloneToShapedType(operand.type, F32());
  const fastmath = ExtFOp.fastmath(op);
  const bitcast = x.bitcast(i8Ty, operand);
  const cF8NaN = x.c(i8Ty, 0xff);
  const cF32NaN = x.c(i32Ty, 0xffffffff);
  const cF32MantissaWidth = x.c(i32Ty, 23);
  const exti = x.extui(i32Ty, bitcast);
  let f32Bits = x.shli(exti, cF32MantissaWidth);
  const isNan = x.cmpi(I.eq, bitcast, cF8NaN);
  f32Bits = x.select(isNan, cF32NaN, f32Bits);
  let result = x.bitcast(f32Ty, f32Bits);
  if (bitWidth(resultETy) < 32) result = x.truncf(resultTy, result, undefined, fastmath);
  else if (bitWidth(resultETy) > 32) result = x.extf(resultTy, result, fastmath);
  rewriter.replaceOp(op, [result]);
  return true;
});

/** To f8E8M0FNU: the f32 exponent bits (every Inf and NaN becomes NaN). */
const f8E8M0TruncF = pattern(TruncFOp, (op, rewriter) => {
  let operand = TruncFOp.in(op);
  const operandTy = operand.type;
  const operandETy = getElementTypeOrSelf(operandTy);
  const resultTy = TruncFOp.out(op).type;
  if (!isF8E8M0(getElementTypeOrSelf(resultTy))) return false;
  if (TruncFOp.roundingmode(op) !== undefined) return false;
  const x = builders(rewriter, op.location);
  const i8Ty = cloneToShapedType(operandTy, IntegerType.get(8));
  const i32Ty = cloneToShapedType(operandTy, IntegerType.get(32));
  const f32Ty = cloneToShapedType(operandTy, F32());
  const fastmath = TruncFOp.fastmath(op);
  // The rounding mode is known to be unset here.
  if (bitWidth(operandETy) < 32) operand = x.extf(f32Ty, operand, fastmath);
  else if (bitWidth(operandETy) > 32) operand = x.truncf(f32Ty, operand, undefined, fastmath);
  const f32Bits = x.bitcast(i32Ty, operand);
  const cF32MantissaWidth = x.c(i32Ty, 23);
  const f32SignExp = x.shrui(f32Bits, cF32MantissaWidth);
  const exp8Bits = x.trunci(i8Ty, f32SignExp);
  rewriter.replaceOp(op, [x.bitcast(resultTy, exp8Bits)]);
  return true;
});

// ---- scaling_extf / scaling_truncf

/** A 16- or 32-bit float scale is truncated to f8E8M0FNU (its exponent); other scales must be f8E8M0FNU. */
function scaleToF8E8M0(x: ReturnType<typeof builders>, scale: Value, fastmath: number | undefined): Value | undefined {
  const scaleETy = getElementTypeOrSelf(scale.type);
  if (bitWidth(scaleETy) >= 16) {
    const f8 = FloatType.get('f8E8M0FNU');
    return x.truncf(cloneToShapedType(scale.type, f8), scale, undefined, fastmath);
  }
  return isF8E8M0(scaleETy) ? scale : undefined;
}

/** scaling_extf(in, scale) = extf(in) * extf(scale), the latter being 2^scale. */
const scalingExtF = pattern(ScalingExtFOp, (op, rewriter) => {
  const x = builders(rewriter, op.location);
  const fastmath = ScalingExtFOp.fastmath(op);
  const scale = ScalingExtFOp.scale(op);
  // The check precedes any IR change for scales that need no truncation.
  if (bitWidth(getElementTypeOrSelf(scale.type)) < 16 && !isF8E8M0(getElementTypeOrSelf(scale.type))) return false;
  const scaleOperand = scaleToF8E8M0(x, scale, fastmath)!;
  const resultTy = ScalingExtFOp.out(op).type;
  const scaleExt = x.extf(resultTy, scaleOperand, fastmath);
  const inputExt = x.extf(resultTy, ScalingExtFOp.in(op), fastmath);
  rewriter.replaceOp(op, [x.mulf(inputExt, scaleExt, fastmath)]);
  return true;
});

/** scaling_truncf(in, scale) = truncf(in / extf(scale)). */
const scalingTruncF = pattern(ScalingTruncFOp, (op, rewriter) => {
  const x = builders(rewriter, op.location);
  const fastmath = ScalingTruncFOp.fastmath(op);
  const scale = ScalingTruncFOp.scale(op);
  if (bitWidth(getElementTypeOrSelf(scale.type)) < 16 && !isF8E8M0(getElementTypeOrSelf(scale.type))) return false;
  let scaleOperand = scaleToF8E8M0(x, scale, fastmath)!;
  const input = ScalingTruncFOp.in(op);
  scaleOperand = x.extf(input.type, scaleOperand, fastmath);
  const result = x.divf(input, scaleOperand, fastmath);
  rewriter.replaceOp(op, [x.truncf(ScalingTruncFOp.out(op).type, result, ScalingTruncFOp.roundingmode(op), fastmath)]);
  return true;
});

// ---- the pass

export interface ArithExpandOptions {
  includeBf16?: boolean;
  includeF8E8M0?: boolean;
  includeF4E2M1?: boolean;
}

/** MLIR's populateArithExpandOpsPatterns, plus the optional float conversions in the pass's order. */
export function arithExpandOpsPatterns(opts: ArithExpandOptions = {}): RewritePattern[] {
  const patterns: RewritePattern[] = [
    ceilDivSI,
    ceilDivUI,
    floorDivSI,
    scalingExtF,
    scalingTruncF,
    maxMinI(MaxSIOp, I.sgt),
    maxMinI(MaxUIOp, I.ugt),
    maxMinI(MinSIOp, I.slt),
    maxMinI(MinUIOp, I.ult),
    maximumMinimumF(MaximumFOp, F.ugt),
    maximumMinimumF(MinimumFOp, F.ult),
    maxNumMinNumF(MaxNumFOp, F.ugt),
    maxNumMinNumF(MinNumFOp, F.ult),
  ];
  if (opts.includeBf16) patterns.push(bf16ExtF, bf16TruncF);
  if (opts.includeF8E8M0) patterns.push(f8E8M0ExtF, f8E8M0TruncF);
  if (opts.includeF4E2M1) patterns.push(f4E2M1ExtF, f4E2M1TruncF);
  return patterns;
}

/** The pass's conversion target: arith and vector legal, the expanded ops illegal. */
export function arithExpandTarget(opts: ArithExpandOptions = {}): ConversionTarget {
  const target = new ConversionTarget();
  target.addLegalDialect('arith', 'vector');
  target.addIllegalOp(
    ...[CeilDivSIOp, CeilDivUIOp, FloorDivSIOp, MaxSIOp, MaxUIOp, MinSIOp, MinUIOp, MaximumFOp, MinimumFOp, MaxNumFOp, MinNumFOp, ScalingExtFOp, ScalingTruncFOp],
  );
  target.addDynamicallyLegalOp(ExtFOp, (op) => {
    const extf = ExtFOp.cast(op);
    const inETy = getElementTypeOrSelf(ExtFOp.in(extf).type);
    const outETy = getElementTypeOrSelf(ExtFOp.out(extf).type);
    let legal = true;
    if (opts.includeBf16) legal &&= !(isBF16(inETy) && isF32(outETy));
    if (opts.includeF8E8M0) legal &&= !isF8E8M0(inETy);
    if (opts.includeF4E2M1) legal &&= !isF4E2M1(inETy);
    return legal;
  });
  target.addDynamicallyLegalOp(TruncFOp, (op) => {
    const truncf = TruncFOp.cast(op);
    const inETy = getElementTypeOrSelf(TruncFOp.in(truncf).type);
    const outETy = getElementTypeOrSelf(TruncFOp.out(truncf).type);
    let legal = true;
    if (opts.includeBf16) legal &&= !(isF32(inETy) && isBF16(outETy));
    if (opts.includeF8E8M0) legal &&= !isF8E8M0(outETy);
    if (opts.includeF4E2M1) legal &&= !isF4E2M1(outETy);
    return legal;
  });
  return target;
}

/**
 * The rewriter of the conversion: as MLIR's ConversionPatternRewriter, a
 * replaced op stays in the IR (and its users keep using it) until the
 * conversion is done, so folders still see it behind the values it defined.
 */
class ConversionRewriter extends PatternRewriter {
  readonly replacements: [Operation, readonly Value[]][] = [];
  readonly replaced = new Set<Operation>();
  override replaceOp(op: Operation, values: readonly (Value | null)[]): void {
    this.listener.notifyOperationReplaced?.(op, values as Value[]);
    this.replacements.push([op, values as Value[]]);
    this.replaced.add(op);
  }
  /** Applies the replacements (through chains of replaced values) and erases the replaced ops. */
  commit(): void {
    const mapping = new Map<Value, Value>();
    for (const [op, values] of this.replacements) op.results.forEach((r, i) => mapping.set(r, values[i]));
    const resolve = (v: Value): Value => {
      let x = v;
      for (let next = mapping.get(x); next; next = mapping.get(x)) x = next;
      return x;
    };
    for (const [op] of this.replacements) for (const r of op.results) r.replaceAllUsesWith(resolve(r));
    for (let i = this.replacements.length - 1; i >= 0; i--) this.replacements[i][0].erase();
  }
}

/**
 * MLIR's applyPartialConversion for patterns that need no type conversion:
 * ops are visited in pre-order; an op that is not legal (illegal or unknown) is folded if it can
 * be (DialectConversionFoldingMode::BeforePatterns), else rewritten by the
 * first pattern that applies, and the ops the rewrite creates are legalized
 * right away, in creation order. Fails (with MLIR's error) on an op marked
 * illegal that nothing legalizes.
 */
export function applyConversion(ctx: Context, root: Operation, target: ConversionTarget, patterns: readonly RewritePattern[]): boolean {
  const frozen = new FrozenPatternSet(patterns);
  const order: Operation[] = [];
  root.walk((op) => {
    if (op !== root) order.push(op);
  }, 'pre');
  let created: Operation[] = [];
  const rewriter = new ConversionRewriter(ctx, { notifyOperationInserted: (op) => void created.push(op) });
  // A folded op's constants must be legal or have patterns (MLIR undoes the fold when one cannot be legalized).
  const keepConstant = (c: Operation): boolean => target.legality(c) === 'legal' || frozen.patternsFor(c).length > 0;
  const legalize = (op: Operation): boolean => {
    if (rewriter.replaced.has(op)) return true;
    const legality = target.legality(op);
    if (legality === 'legal') return true;
    created = [];
    // Any op that is not legal (unknown ones too) is folded first; when
    // nothing folds, MLIR re-links its operand uses (the cancelled modification).
    const folded = foldForConversion(op, rewriter, keepConstant);
    if (folded === 'in-place') return legalize(op);
    if (folded !== undefined) {
      rewriter.replaceOp(op, folded.values);
      for (const c of folded.created) if (!legalize(c)) return false;
      return true;
    }
    for (const p of frozen.patternsFor(op)) {
      created = [];
      rewriter.setInsertionPointBefore(op);
      if (!p.matchAndRewrite(op, rewriter)) continue;
      for (const c of created) if (!legalize(c)) return false;
      return true;
    }
    if (legality === 'illegal') {
      emitError(ctx, op, `failed to legalize operation '${op.name.name}' that was explicitly marked illegal`);
      return false;
    }
    return true;
  };
  for (const op of order) if (!legalize(op)) return false;
  rewriter.commit();
  return true;
}

export const ArithExpandOpsInfo: PassInfo = {
  argument: 'arith-expand',
  name: 'ArithExpandOpsPass',
  description: 'Legalize Arith ops to be convertible to LLVM.',
  options: [
    { name: 'include-bf16', kind: 'bool', description: 'Enable the BF16 expansion patterns', default: false },
    { name: 'include-f8e8m0', kind: 'bool', description: 'Enable the F8E8M0 expansion patterns', default: false },
    { name: 'include-f4e2m1', kind: 'bool', description: 'Enable the F4E2M1 expansion patterns', default: false },
  ],
  create: () => new ArithExpandOps(),
};

class ArithExpandOps extends Pass {
  constructor() {
    super(ArithExpandOpsInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    const opts: ArithExpandOptions = {
      includeBf16: this.options.bool('include-bf16'),
      includeF8E8M0: this.options.bool('include-f8e8m0'),
      includeF4E2M1: this.options.bool('include-f4e2m1'),
    };
    const target = arithExpandTarget(opts);
    if (!applyConversion(run.ctx, op, target, arithExpandOpsPatterns(opts))) run.signalPassFailure();
  }
}
