// The arith ops' InferIntRangeInterface (MLIR's Arith
// InferIntRangeInterfaceImpls.cpp): each op's result range from its
// operands' ranges, through the shared range arithmetic of analysis/int-range.

import { DenseIntOrFPElementsAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { IndexType, IntegerType } from '../../ir/builtin-types.js';
import { Interfaces, intRangeStorageWidth, type InferIntRangeInterface, type IntRanges } from '../../ir/interfaces.js';
import type { Op, Value } from '../../ir/operation.js';
import { implementOp, type OpHandleCore } from '../../ods/index.js';
import {
  ConstantIntRanges,
  evaluatePred,
  extSIRange,
  extUIRange,
  inferAdd,
  inferAnd,
  inferCeilDivS,
  inferCeilDivU,
  inferCmpResult,
  inferDivS,
  inferDivU,
  inferFloorDivS,
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
  joinRanges,
  truncRange,
} from '../../analysis/int-range.js';
import {
  AddIOp,
  AndIOp,
  CeilDivSIOp,
  CeilDivUIOp,
  CmpIOp,
  ConstantOp,
  DivSIOp,
  DivUIOp,
  ExtSIOp,
  ExtUIOp,
  FloorDivSIOp,
  IndexCastOp,
  IndexCastUIOp,
  MaxSIOp,
  MaxUIOp,
  MinSIOp,
  MinUIOp,
  MulIOp,
  OrIOp,
  RemSIOp,
  RemUIOp,
  SelectOp,
  ShLIOp,
  ShRSIOp,
  ShRUIOp,
  SubIOp,
  TruncIOp,
  XOrIOp,
} from './ops.js';

type RangeFn = (args: readonly IntRanges[]) => ConstantIntRanges;

function attach<N extends string>(h: OpHandleCore<N>, inferResultRanges: (op: Op<N>, args: readonly IntRanges[], set: (v: Value, r: IntRanges) => void) => void): void {
  const iface: InferIntRangeInterface = {
    inferResultRanges: (op, args, set) => inferResultRanges(h.cast(op), args, set),
  };
  implementOp(h, { interfaces: { [Interfaces.InferIntRange]: iface } });
}

/** A binary op whose single result's range is `fn` of the operands' ranges. */
function binary<N extends string>(h: OpHandleCore<N>, fn: RangeFn): void {
  attach(h, (op, args, set) => set(op.result(0), fn(args)));
}

/** A binary op with overflow flags (nsw, nuw) that refine its range. */
function withOverflowFlags<N extends string>(
  h: OpHandleCore<N> & { overflowFlags(op: Op<N>): number },
  fn: (args: readonly IntRanges[], flags: number) => ConstantIntRanges,
): void {
  attach(h, (op, args, set) => set(op.result(0), fn(args, h.overflowFlags(op))));
}

/** A constant's range: its value, or the union of the elements of a dense integer constant. */
implementOp(ConstantOp, {
  interfaces: {
    [Interfaces.InferIntRange]: {
      inferResultRanges(op, _args, set) {
        const value = ConstantOp.value(ConstantOp.cast(op));
        const result = ConstantOp.result(ConstantOp.cast(op));
        if (value instanceof IntegerAttr) {
          set(result, ConstantIntRanges.constant(value.value, intRangeStorageWidth(value.type)));
          return;
        }
        if (value instanceof DenseIntOrFPElementsAttr) {
          const elem = value.elementType;
          if (!(elem instanceof IntegerType || elem instanceof IndexType)) return;
          const width = intRangeStorageWidth(elem);
          let range: ConstantIntRanges | undefined;
          for (const v of value.values) {
            const c = ConstantIntRanges.constant(v, width);
            range = range ? range.rangeUnion(c) : c;
          }
          if (range) set(result, range);
        }
      },
    } satisfies InferIntRangeInterface,
  },
});

withOverflowFlags(AddIOp, inferAdd);
withOverflowFlags(SubIOp, inferSub);
withOverflowFlags(MulIOp, inferMul);
binary(DivUIOp, inferDivU);
binary(DivSIOp, inferDivS);
binary(CeilDivUIOp, inferCeilDivU);
binary(CeilDivSIOp, inferCeilDivS);
binary(FloorDivSIOp, inferFloorDivS);
binary(RemUIOp, inferRemU);
binary(RemSIOp, inferRemS);
binary(AndIOp, inferAnd);
binary(OrIOp, inferOr);
binary(XOrIOp, inferXor);
binary(MaxSIOp, inferMaxS);
binary(MaxUIOp, inferMaxU);
binary(MinSIOp, inferMinS);
binary(MinUIOp, inferMinU);
withOverflowFlags(ShLIOp, inferShl);
binary(ShRUIOp, inferShrU);
binary(ShRSIOp, inferShrS);

attach(ExtUIOp, (op, [arg], set) => set(op.result(0), extUIRange(arg, intRangeStorageWidth(ExtUIOp.out(op).type))));
attach(ExtSIOp, (op, [arg], set) => set(op.result(0), extSIRange(arg, intRangeStorageWidth(ExtSIOp.out(op).type))));
attach(TruncIOp, (op, [arg], set) => {
  const destWidth = intRangeStorageWidth(TruncIOp.out(op).type);
  if (destWidth === 0) return;
  set(op.result(0), truncRange(arg, destWidth));
});

/** index_cast(ui): sign- (zero-) extends or truncates the range to the other width. */
function indexCast<N extends string>(h: OpHandleCore<N> & { in(op: Op<N>): Value; out(op: Op<N>): Value }, signed: boolean): void {
  attach(h, (op, [arg], set) => {
    const srcWidth = intRangeStorageWidth(h.in(op).type);
    const destWidth = intRangeStorageWidth(h.out(op).type);
    if (srcWidth < destWidth) set(op.result(0), signed ? extSIRange(arg, destWidth) : extUIRange(arg, destWidth));
    else if (srcWidth > destWidth) set(op.result(0), truncRange(arg, destWidth));
    else set(op.result(0), arg);
  });
}
indexCast(IndexCastOp, true);
indexCast(IndexCastUIOp, false);

attach(CmpIOp, (op, [lhs, rhs], set) => set(op.result(0), inferCmpResult(evaluatePred(CmpIOp.predicate(op), lhs, rhs))));

/** select: the chosen operand's range for a known condition, else the union (where an unknown one is ignored). */
implementOp(SelectOp, {
  interfaces: {
    [Interfaces.InferIntRange]: {
      inferResultRangesFromOptional(op, [cond, trueCase, falseCase], set) {
        const condVal = cond === undefined ? undefined : ConstantIntRanges.of(cond).getConstantValue();
        const result = SelectOp.result(SelectOp.cast(op));
        if (condVal !== undefined) {
          set(result, condVal === 0n ? falseCase : trueCase);
          return;
        }
        set(result, joinRanges(trueCase, falseCase));
      },
    } satisfies InferIntRangeInterface,
  },
});

