// The index ops' InferIntRangeInterface (MLIR's Index
// InferIntRangeInterfaceImpls.cpp): arithmetic is inferred both at 64 and at
// 32 bits (index has either width), the 64-bit result kept when both agree,
// casts to index take the union of both widths, and comparisons must be
// decided at both widths.

import type { Type } from '../../ir/attributes.js';
import type { IntegerAttr } from '../../ir/builtin-attributes.js';
import type { EnumAttr } from '../../ods/index.js';
import { IndexType } from '../../ir/builtin-types.js';
import type { OpDefinition } from '../../ir/context.js';
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

type RangeFn = (args: readonly IntRanges[]) => ConstantIntRanges;
const noFlags =
  (fn: (args: readonly IntRanges[], flags: number) => ConstantIntRanges): RangeFn =>
  (args) =>
    fn(args, OverflowFlags.None);

function arithmetic(fn: RangeFn, mode: CmpMode): InferIntRangeInterface {
  return { inferResultRanges: (op, args, set) => set(op.result(0), inferIndexOp(fn, args, mode)) };
}

export const IndexAddRange = arithmetic(noFlags(inferAdd), 'both');
export const IndexSubRange = arithmetic(noFlags(inferSub), 'both');
export const IndexMulRange = arithmetic(noFlags(inferMul), 'both');
export const IndexDivURange = arithmetic(inferDivU, 'unsigned');
export const IndexDivSRange = arithmetic(inferDivS, 'signed');
export const IndexCeilDivURange = arithmetic(inferCeilDivU, 'unsigned');
export const IndexCeilDivSRange = arithmetic(inferCeilDivS, 'signed');
export const IndexFloorDivSRange = arithmetic(inferFloorDivS, 'signed');
export const IndexRemSRange = arithmetic(inferRemS, 'signed');
export const IndexRemURange = arithmetic(inferRemU, 'unsigned');
export const IndexMaxSRange = arithmetic(inferMaxS, 'signed');
export const IndexMaxURange = arithmetic(inferMaxU, 'unsigned');
export const IndexMinSRange = arithmetic(inferMinS, 'signed');
export const IndexMinURange = arithmetic(inferMinU, 'unsigned');
export const IndexShlRange = arithmetic(noFlags(inferShl), 'both');
export const IndexShrSRange = arithmetic(inferShrS, 'signed');
export const IndexShrURange = arithmetic(inferShrU, 'unsigned');
export const IndexAndRange = arithmetic(inferAnd, 'unsigned');
export const IndexOrRange = arithmetic(inferOr, 'unsigned');
export const IndexXOrRange = arithmetic(inferXor, 'unsigned');

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

function cast(isSigned: boolean): InferIntRangeInterface {
  return {
    inferResultRanges(op, [arg], set) {
      const [input] = op.operands;
      set(op.result(0), inferIndexCast(arg, input.type, op.result(0).type, isSigned));
    },
  };
}
export const IndexCastSRange = cast(true);
export const IndexCastURange = cast(false);

/** index.cmp: decided only when the 64-bit and the 32-bit comparisons agree. */
export const IndexCmpRange: InferIntRangeInterface = {
  inferResultRanges(op, [lhs, rhs], set) {
    const pred = (op.getAttr('pred') as EnumAttr).value;
    const truth64 = evaluatePred(pred, lhs, rhs);
    const truth32 = evaluatePred(pred, truncRange(lhs, indexMinWidth), truncRange(rhs, indexMinWidth));
    set(op.result(0), inferCmpResult(truth64 === truth32 ? truth64 : undefined));
  },
};

export const IndexConstantRange: InferIntRangeInterface = {
  inferResultRanges(op, _args, set) {
    const v = op.getAttr('value') as IntegerAttr;
    set(op.result(0), ConstantIntRanges.constant(v.value, indexMaxWidth));
  },
};

export const IndexBoolConstantRange: InferIntRangeInterface = {
  inferResultRanges(op, _args, set) {
    const v = op.getAttr('value') as IntegerAttr;
    set(op.result(0), ConstantIntRanges.constant(v.value !== 0n ? 1n : 0n, 1));
  },
};

/** index.sizeof is 32 or 64. */
export const IndexSizeOfRange: InferIntRangeInterface = {
  inferResultRanges(op, _args, set) {
    const width = intRangeStorageWidth(op.result(0).type);
    set(op.result(0), ConstantIntRanges.fromUnsigned(BigInt(indexMinWidth), BigInt(indexMaxWidth), width));
  },
};

/** Transitional, while the index ops are declared with defineOds: their implementations by mnemonic. */
const BY_MNEMONIC: Readonly<Record<string, InferIntRangeInterface>> = {
  add: IndexAddRange,
  sub: IndexSubRange,
  mul: IndexMulRange,
  divs: IndexDivSRange,
  divu: IndexDivURange,
  ceildivs: IndexCeilDivSRange,
  ceildivu: IndexCeilDivURange,
  floordivs: IndexFloorDivSRange,
  rems: IndexRemSRange,
  remu: IndexRemURange,
  maxs: IndexMaxSRange,
  maxu: IndexMaxURange,
  mins: IndexMinSRange,
  minu: IndexMinURange,
  shl: IndexShlRange,
  shrs: IndexShrSRange,
  shru: IndexShrURange,
  and: IndexAndRange,
  or: IndexOrRange,
  xor: IndexXOrRange,
  casts: IndexCastSRange,
  castu: IndexCastURange,
  cmp: IndexCmpRange,
  sizeof: IndexSizeOfRange,
  constant: IndexConstantRange,
  'bool.constant': IndexBoolConstantRange,
};

/** Gives an index op definition its InferIntRange implementation. */
export function withIndexIntRange(def: OpDefinition): OpDefinition {
  const impl = BY_MNEMONIC[def.name.slice(def.name.indexOf('.') + 1)];
  if (!impl) return def;
  return { ...def, interfaces: { ...(def.interfaces ?? {}), [Interfaces.InferIntRange]: impl } };
}

