// The index ops' InferIntRangeInterface (MLIR's Index
// InferIntRangeInterfaceImpls.cpp): arithmetic is inferred both at 64 and at
// 32 bits (index has either width), the 64-bit result kept when both agree,
// casts to index take the union of both widths, and comparisons must be
// decided at both widths.

import type { Type } from '../../ir/attributes.js';
import { IndexType } from '../../ir/builtin-types.js';
import { implementOp, type OpHandleCore } from '../../ods/index.js';
import { Interfaces, intRangeStorageWidth, type InferIntRangeInterface, type IntRanges } from '../../ir/interfaces.js';
import {
  ConstantIntRanges,
  evaluatePred,
  extRange,
  extSIRange,
  extUIRange,
  indexMaxWidth,
  indexMinWidth,
  inferAdd,
  inferAnd,
  inferCeilDivS,
  inferCeilDivU,
  inferCmpResult,
  inferDivS,
  inferDivU,
  inferFloorDivS,
  inferIndexOp,
  inferMaxS,
  inferMaxU,
  inferMinS,
  inferMinU,
  inferMul,
  inferOr,
  inferRemS,
  inferRemU,
  inferShl,
  inferShrS,
  inferShrU,
  inferSub,
  inferXor,
  OverflowFlags,
  truncRange,
  type CmpMode,
} from '../../analysis/int-range.js';
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
  SizeOfOp,
  SubOp,
  XOrOp,
} from './ops.js';

type RangeFn = (args: readonly IntRanges[]) => ConstantIntRanges;
const noFlags =
  (fn: (args: readonly IntRanges[], flags: number) => ConstantIntRanges): RangeFn =>
  (args) =>
    fn(args, OverflowFlags.None);

function attach<N extends string>(h: OpHandleCore<N>, iface: InferIntRangeInterface): void {
  implementOp(h, { interfaces: { [Interfaces.InferIntRange]: iface } });
}

/** An index binary op: its range at both widths of index. */
function arithmetic<N extends string>(h: OpHandleCore<N>, fn: RangeFn, mode: CmpMode): void {
  attach(h, { inferResultRanges: (op, args, set) => set(op.result(0), inferIndexOp(fn, args, mode)) });
}

arithmetic(AddOp, noFlags(inferAdd), 'both');
arithmetic(SubOp, noFlags(inferSub), 'both');
arithmetic(MulOp, noFlags(inferMul), 'both');
arithmetic(DivUOp, inferDivU, 'unsigned');
arithmetic(DivSOp, inferDivS, 'signed');
arithmetic(CeilDivUOp, inferCeilDivU, 'unsigned');
arithmetic(CeilDivSOp, inferCeilDivS, 'signed');
arithmetic(FloorDivSOp, inferFloorDivS, 'signed');
arithmetic(RemSOp, inferRemS, 'signed');
arithmetic(RemUOp, inferRemU, 'unsigned');
arithmetic(MaxSOp, inferMaxS, 'signed');
arithmetic(MaxUOp, inferMaxU, 'unsigned');
arithmetic(MinSOp, inferMinS, 'signed');
arithmetic(MinUOp, inferMinU, 'unsigned');
arithmetic(ShlOp, noFlags(inferShl), 'both');
arithmetic(ShrSOp, inferShrS, 'signed');
arithmetic(ShrUOp, inferShrU, 'unsigned');
arithmetic(AndOp, inferAnd, 'unsigned');
arithmetic(OrOp, inferOr, 'unsigned');
arithmetic(XOrOp, inferXor, 'unsigned');

function makeLikeDest(range: IntRanges, srcWidth: number, destWidth: number, isSigned: boolean): ConstantIntRanges {
  if (srcWidth < destWidth) return isSigned ? extSIRange(range, destWidth) : extUIRange(range, destWidth);
  if (srcWidth > destWidth) return truncRange(range, destWidth);
  return ConstantIntRanges.of(range);
}

/** A cast to index is the union of the casts to 32 and to 64 bits. */
function inferIndexCast(range: IntRanges, sourceType: Type, destType: Type, isSigned: boolean): ConstantIntRanges {
  const srcWidth = intRangeStorageWidth(sourceType);
  const destWidth = intRangeStorageWidth(destType);
  if (sourceType instanceof IndexType) return makeLikeDest(range, srcWidth, destWidth, isSigned);
  const storageRange = makeLikeDest(range, srcWidth, destWidth, isSigned);
  const minWidthExt = extRange(makeLikeDest(range, srcWidth, indexMinWidth, isSigned), destWidth);
  return storageRange.rangeUnion(minWidthExt);
}

attach(CastSOp, {
  inferResultRanges(op, [arg], set) {
    const cast = CastSOp.cast(op);
    set(CastSOp.output(cast), inferIndexCast(arg, CastSOp.input(cast).type, CastSOp.output(cast).type, true));
  },
});
attach(CastUOp, {
  inferResultRanges(op, [arg], set) {
    const cast = CastUOp.cast(op);
    set(CastUOp.output(cast), inferIndexCast(arg, CastUOp.input(cast).type, CastUOp.output(cast).type, false));
  },
});

/** index.cmp: decided only when the 64-bit and the 32-bit comparisons agree. */
attach(CmpOp, {
  inferResultRanges(op, [lhs, rhs], set) {
    const cmp = CmpOp.cast(op);
    const pred = CmpOp.pred(cmp);
    const truth64 = evaluatePred(pred, lhs, rhs);
    const truth32 = evaluatePred(pred, truncRange(lhs, indexMinWidth), truncRange(rhs, indexMinWidth));
    set(CmpOp.result(cmp), inferCmpResult(truth64 === truth32 ? truth64 : undefined));
  },
});

attach(ConstantOp, {
  inferResultRanges(op, _args, set) {
    const c = ConstantOp.cast(op);
    set(ConstantOp.result(c), ConstantIntRanges.constant(ConstantOp.value(c), indexMaxWidth));
  },
});

attach(BoolConstantOp, {
  inferResultRanges(op, _args, set) {
    const c = BoolConstantOp.cast(op);
    set(BoolConstantOp.result(c), ConstantIntRanges.constant(BoolConstantOp.value(c) ? 1n : 0n, 1));
  },
});

/** index.sizeof is 32 or 64. */
attach(SizeOfOp, {
  inferResultRanges(op, _args, set) {
    const result = SizeOfOp.result(SizeOfOp.cast(op));
    set(result, ConstantIntRanges.fromUnsigned(BigInt(indexMinWidth), BigInt(indexMaxWidth), intRangeStorageWidth(result.type)));
  },
});
