// arith canonicalization patterns (MLIR 22's ArithCanonicalization.td and the
// C++ patterns of ArithOps.cpp), attached to their root ops with implementOp.
// Declarative patterns get MLIR's DRR benefit (the number of ops in their
// source pattern) and DRR's location for the ops they create (`drrLocation`).

import type { Attribute, Type } from '../../ir/attributes.js';
import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, ShapedType } from '../../ir/builtin-types.js';
import { isOneInt, isZeroInt, matchConstant, matchConstantBool, matchConstantFloat } from '../../ir/matchers.js';
import type { Op, Operation, Value } from '../../ir/operation.js';
import { pattern, type PatternRewriter, type RewritePattern } from '../../ir/pattern.js';
import { implementOp, type OpHandleCore, type OpOf } from '../../ods/index.js';
import type { Builder } from '../../ir/builder.js';
import type { Location } from '../../ir/location.js';
import {
  AddIOp,
  AddUIExtendedOp,
  AndIOp,
  BitcastOp,
  CmpFOp,
  CmpFPredicate,
  CmpIOp,
  CmpIPredicate,
  ConstantOp,
  DivFOp,
  ExtSIOp,
  ExtUIOp,
  IndexCastOp,
  IndexCastUIOp,
  MulFOp,
  MulIOp,
  MulSIExtendedOp,
  MulUIExtendedOp,
  NegFOp,
  OrIOp,
  SelectOp,
  ShRSIOp,
  ShRUIOp,
  SIToFPOp,
  SubIOp,
  TruncFOp,
  TruncIOp,
  UIToFPOp,
  XOrIOp,
  getI1SameShape,
  invertPredicate,
} from './ops.js';
import * as F from './apfloat-arith.js';

// ---- what the patterns need of an op's handle

/** An integer binary op with overflow flags (addi, subi, muli). */
interface OverflowBinaryOp<N extends string> extends OpHandleCore<N> {
  lhs(op: Op<N>): Value;
  rhs(op: Op<N>): Value;
  result(op: Op<N>): Value;
  overflowFlags(op: Op<N>): number;
  build(b: Builder, args: { lhs: Value; rhs: Value; result?: Type; overflowFlags?: number; location?: Location; locationOf?: At }): Op<N>;
}

/** An integer binary op without flags (andi, ori, xori). */
interface BinaryOp<N extends string> extends OpHandleCore<N> {
  lhs(op: Op<N>): Value;
  rhs(op: Op<N>): Value;
  result(op: Op<N>): Value;
  build(b: Builder, args: { lhs: Value; rhs: Value; result?: Type; location?: Location; locationOf?: At }): Op<N>;
}

/** A float binary op with fastmath flags (mulf, divf). */
interface FloatBinaryOp<N extends string> extends BinaryOp<N> {
  fastmath(op: Op<N>): number;
  build(b: Builder, args: { lhs: Value; rhs: Value; result?: Type; fastmath?: number; location?: Location; locationOf?: At }): Op<N>;
}

/** A cast (`in` → `out`). */
interface CastOp<N extends string> extends OpHandleCore<N> {
  in(op: Op<N>): Value;
  out(op: Op<N>): Value;
  build(b: Builder, args: { in: Value; out?: Type; location?: Location; locationOf?: At }): Op<N>;
}

/** Where a created op is: one op's location, or several fused (`drrLocation`). */
type At = Operation | readonly Operation[];

/**
 * The location DRR gives the ops a declarative pattern creates. MLIR's
 * generated matcher records the root, then each nested match after the
 * matches nested in it (ops matched through ConstantLikeMatcher included), and
 * fuses the locations of as many of those as the source pattern has op nodes
 * (constant matchers not counted). `matched` is that record, already cut.
 */
function drrLocation(...matched: Operation[]): readonly Operation[] {
  return matched;
}

/** The op defining a value a constant matcher accepted. */
function constantOp(v: Value): Operation {
  return v.definingOp!;
}

// ---- matching helpers (on constant attributes)

function elementType(t: Type): Type {
  return t instanceof ShapedType ? t.elementType : t;
}

function widthOf(t: Type): number {
  const e = elementType(t);
  if (e instanceof IntegerType) return e.width;
  if (e instanceof IndexType) return 64;
  if (e instanceof FloatType) return e.width;
  return 0;
}

/** getIntOrSplatIntValue: the integer of a scalar or splat integer constant. */
function intOrSplat(a: Attribute | undefined): { v: bigint; w: number } | undefined {
  if (a instanceof IntegerAttr) return { v: a.value, w: widthOf(a.type) };
  if (a instanceof DenseIntOrFPElementsAttr && a.isSplat) {
    const e = a.elementType;
    if (e instanceof IntegerType || e instanceof IndexType) return { v: a.values[0], w: widthOf(e) };
  }
  return undefined;
}

const isAllOnes = (a: Attribute | undefined): boolean => {
  const x = intOrSplat(a);
  return !!x && BigInt.asUintN(x.w, x.v) === (1n << BigInt(x.w)) - 1n;
};
/** IsScalarOrSplatOne: strictly positive and one (signed). */
const isSignedOne = (a: Attribute | undefined): boolean => {
  const x = intOrSplat(a);
  return !!x && BigInt.asIntN(x.w, x.v) === 1n;
};

function replace(rewriter: PatternRewriter, op: Op<string>, v: Value): true {
  rewriter.replaceOp(op, [v]);
  return true;
}

function zeroAttrOf(t: Type): Attribute | undefined {
  if (t instanceof ShapedType) return DenseIntOrFPElementsAttr.getSplat(t, 0n);
  if (t instanceof FloatType) return FloatAttr.getFromBits(t, 0n);
  if (t instanceof IntegerType || t instanceof IndexType) return IntegerAttr.get(t, 0n);
  return undefined;
}

// ---- addi / subi / muli reassociation with constants

interface ConstChain<N extends string> {
  inner: Op<N>;
  x: Value;
  c0: IntegerAttr;
  c1: IntegerAttr;
  /** DRR's location: the root and the first constant its matcher records (c1 when it is the root's left operand, else c0). */
  at: readonly Operation[];
}

/**
 * `op(inner(x, c0), c1)` (`c1` on the right of `op`) or, with `rootConstOnLeft`,
 * `op(c1, inner(x, c0))`; `innerConstOnLeft` puts `c0` on the left of `inner`.
 * The constants are scalar integers (APIntAttr).
 */
function constChain<R extends string, N extends string>(
  root: BinaryOp<R>,
  op: Op<R>,
  inner: BinaryOp<N>,
  innerConstOnLeft: boolean,
  rootConstOnLeft = false,
): ConstChain<N> | undefined {
  const c1 = matchConstant(rootConstOnLeft ? root.lhs(op) : root.rhs(op));
  if (!(c1 instanceof IntegerAttr)) return undefined;
  const innerOp = inner.definingOp(rootConstOnLeft ? root.rhs(op) : root.lhs(op));
  if (!innerOp) return undefined;
  const c0 = matchConstant(innerConstOnLeft ? inner.lhs(innerOp) : inner.rhs(innerOp));
  if (!(c0 instanceof IntegerAttr)) return undefined;
  const c0Value = innerConstOnLeft ? inner.lhs(innerOp) : inner.rhs(innerOp);
  const c1Value = rootConstOnLeft ? root.lhs(op) : root.rhs(op);
  const at = drrLocation(op, constantOp(rootConstOnLeft ? c1Value : c0Value));
  return { inner: innerOp, x: innerConstOnLeft ? inner.rhs(innerOp) : inner.lhs(innerOp), c0, c1, at };
}

/** An integer constant typed as `res`, at `at` (not made here: a parsed op's location stays a source offset until read). */
function intConst(rewriter: PatternRewriter, res: Value, v: bigint, at: At): Value {
  return ConstantOp.result(ConstantOp.build(rewriter, { value: IntegerAttr.get(res.type, v), result: res.type, locationOf: at }));
}

/** `kind(a, b)` with overflow flags, typed as `a`. */
function binary<N extends string>(rewriter: PatternRewriter, kind: OverflowBinaryOp<N>, a: Value, b: Value, flags: number, at: At): Value {
  return kind.result(kind.build(rewriter, { lhs: a, rhs: b, result: a.type, overflowFlags: flags, locationOf: at }));
}

/** The flags both `a` and `b` carry. */
function commonFlags<A extends string, B extends string>(ka: OverflowBinaryOp<A>, a: Op<A>, kb: OverflowBinaryOp<B>, b: Op<B>): number {
  return ka.overflowFlags(a) & kb.overflowFlags(b);
}

const addIAddConstant = pattern(
  AddIOp,
  (op, rw) => {
    const m = constChain(AddIOp, op, AddIOp, false);
    if (!m) return false;
    const c = intConst(rw, AddIOp.result(op), m.c0.value + m.c1.value, m.at);
    return replace(rw, op, binary(rw, AddIOp, m.x, c, commonFlags(AddIOp, m.inner, AddIOp, op), m.at));
  },
  { benefit: 2, name: 'AddIAddConstant' },
);

const addISubConstantRHS = pattern(
  AddIOp,
  (op, rw) => {
    const m = constChain(AddIOp, op, SubIOp, false);
    if (!m) return false;
    const c = intConst(rw, AddIOp.result(op), m.c1.value - m.c0.value, m.at);
    return replace(rw, op, binary(rw, AddIOp, m.x, c, commonFlags(SubIOp, m.inner, AddIOp, op), m.at));
  },
  { benefit: 2, name: 'AddISubConstantRHS' },
);

const addISubConstantLHS = pattern(
  AddIOp,
  (op, rw) => {
    const m = constChain(AddIOp, op, SubIOp, true);
    if (!m) return false;
    const c = intConst(rw, AddIOp.result(op), m.c0.value + m.c1.value, m.at);
    return replace(rw, op, binary(rw, SubIOp, c, m.x, commonFlags(SubIOp, m.inner, AddIOp, op), m.at));
  },
  { benefit: 2, name: 'AddISubConstantLHS' },
);

/** `x + y * -1 -> x - y` (`mulOnLeft`: `y * -1 + x`). */
function addIMulNegativeOne(mulOnLeft: boolean, name: string): RewritePattern {
  return pattern(
    AddIOp,
    (op, rw) => {
      const mul = MulIOp.definingOp(mulOnLeft ? AddIOp.lhs(op) : AddIOp.rhs(op));
      if (!mul) return false;
      const c = matchConstant(MulIOp.rhs(mul));
      if (c === undefined || !isAllOnes(c)) return false;
      const x = mulOnLeft ? AddIOp.rhs(op) : AddIOp.lhs(op);
      return replace(rw, op, binary(rw, SubIOp, x, MulIOp.lhs(mul), 0, drrLocation(op, constantOp(MulIOp.rhs(mul)))));
    },
    { benefit: 2, name },
  );
}

const addIMulNegativeOneRhs = addIMulNegativeOne(false, 'AddIMulNegativeOneRhs');
const addIMulNegativeOneLhs = addIMulNegativeOne(true, 'AddIMulNegativeOneLhs');

const mulIMulIConstant = pattern(
  MulIOp,
  (op, rw) => {
    const m = constChain(MulIOp, op, MulIOp, false);
    if (!m) return false;
    const t = MulIOp.result(op).type;
    if (m.c0.type !== t || m.c1.type !== t) return false;
    const c = intConst(rw, MulIOp.result(op), m.c0.value * m.c1.value, m.at);
    return replace(rw, op, binary(rw, MulIOp, m.x, c, commonFlags(MulIOp, m.inner, MulIOp, op), m.at));
  },
  { benefit: 2, name: 'MulIMulIConstant' },
);

const subIRHSAddConstant = pattern(
  SubIOp,
  (op, rw) => {
    const m = constChain(SubIOp, op, AddIOp, false);
    if (!m) return false;
    const c = intConst(rw, SubIOp.result(op), m.c0.value - m.c1.value, m.at);
    return replace(rw, op, binary(rw, AddIOp, m.x, c, 0, m.at));
  },
  { benefit: 2, name: 'SubIRHSAddConstant' },
);

const subILHSAddConstant = pattern(
  SubIOp,
  (op, rw) => {
    const m = constChain(SubIOp, op, AddIOp, false, true);
    if (!m) return false;
    const c = intConst(rw, SubIOp.result(op), m.c1.value - m.c0.value, m.at);
    return replace(rw, op, binary(rw, SubIOp, c, m.x, commonFlags(AddIOp, m.inner, SubIOp, op), m.at));
  },
  { benefit: 2, name: 'SubILHSAddConstant' },
);

const subIRHSSubConstantRHS = pattern(
  SubIOp,
  (op, rw) => {
    const m = constChain(SubIOp, op, SubIOp, false);
    if (!m) return false;
    const c = intConst(rw, SubIOp.result(op), m.c0.value + m.c1.value, m.at);
    return replace(rw, op, binary(rw, SubIOp, m.x, c, commonFlags(SubIOp, m.inner, SubIOp, op), m.at));
  },
  { benefit: 2, name: 'SubIRHSSubConstantRHS' },
);

const subIRHSSubConstantLHS = pattern(
  SubIOp,
  (op, rw) => {
    const m = constChain(SubIOp, op, SubIOp, true);
    if (!m) return false;
    const c = intConst(rw, SubIOp.result(op), m.c0.value - m.c1.value, m.at);
    return replace(rw, op, binary(rw, SubIOp, c, m.x, commonFlags(SubIOp, m.inner, SubIOp, op), m.at));
  },
  { benefit: 2, name: 'SubIRHSSubConstantLHS' },
);

const subILHSSubConstantRHS = pattern(
  SubIOp,
  (op, rw) => {
    const m = constChain(SubIOp, op, SubIOp, false, true);
    if (!m) return false;
    const c = intConst(rw, SubIOp.result(op), m.c0.value + m.c1.value, m.at);
    return replace(rw, op, binary(rw, SubIOp, c, m.x, commonFlags(SubIOp, m.inner, SubIOp, op), m.at));
  },
  { benefit: 2, name: 'SubILHSSubConstantRHS' },
);

const subILHSSubConstantLHS = pattern(
  SubIOp,
  (op, rw) => {
    const m = constChain(SubIOp, op, SubIOp, true, true);
    if (!m) return false;
    const c = intConst(rw, SubIOp.result(op), m.c1.value - m.c0.value, m.at);
    return replace(rw, op, binary(rw, AddIOp, m.x, c, commonFlags(SubIOp, m.inner, SubIOp, op), m.at));
  },
  { benefit: 2, name: 'SubILHSSubConstantLHS' },
);

// (x - y) - x -> 0 - y
const subISubILHSRHSLHS = pattern(
  SubIOp,
  (op, rw) => {
    const inner = SubIOp.definingOp(SubIOp.lhs(op));
    if (!inner || SubIOp.lhs(inner) !== SubIOp.rhs(op)) return false;
    const y = SubIOp.rhs(inner);
    const zero = zeroAttrOf(y.type);
    if (!zero) return false;
    const at = drrLocation(op, inner);
    const c = ConstantOp.result(ConstantOp.build(rw, { value: zero, result: y.type, locationOf: at }));
    return replace(rw, op, binary(rw, SubIOp, c, y, commonFlags(SubIOp, inner, SubIOp, op), at));
  },
  { benefit: 2, name: 'SubISubILHSRHSLHS' },
);

// ---- extended arithmetic

const addUIExtendedToAddI = pattern(
  AddUIExtendedOp,
  (op, rw) => {
    if (AddUIExtendedOp.overflow(op).hasUses) return false;
    const lhs = AddUIExtendedOp.lhs(op);
    const sum = binary(rw, AddIOp, lhs, AddUIExtendedOp.rhs(op), 0, op);
    rw.replaceOp(op, [sum, lhs]);
    return true;
  },
  { name: 'AddUIExtendedToAddI' },
);

const mulSIExtendedToMulI = pattern(
  MulSIExtendedOp,
  (op, rw) => {
    if (MulSIExtendedOp.high(op).hasUses) return false;
    const lhs = MulSIExtendedOp.lhs(op);
    const prod = binary(rw, MulIOp, lhs, MulSIExtendedOp.rhs(op), 0, op);
    rw.replaceOp(op, [prod, lhs]);
    return true;
  },
  { name: 'MulSIExtendedToMulI' },
);

// mulsi_extended(x, 1) -> (x, extsi(x < 0))
const mulSIExtendedRHSOne = pattern(
  MulSIExtendedOp,
  (op, rw) => {
    const c = matchConstant(MulSIExtendedOp.rhs(op));
    if (c === undefined || !isSignedOne(c)) return false;
    const x = MulSIExtendedOp.lhs(op);
    const zero = zeroAttrOf(x.type);
    if (!zero) return false;
    const location = op.location;
    const z = ConstantOp.result(ConstantOp.build(rw, { value: zero, result: x.type, location }));
    const cmp = CmpIOp.build(rw, { predicate: CmpIPredicate.case.slt, lhs: x, rhs: z, result: i1Like(x.type), location });
    const ext = ExtSIOp.build(rw, { in: CmpIOp.result(cmp), out: x.type, location });
    rw.replaceOp(op, [x, ExtSIOp.out(ext)]);
    return true;
  },
  { name: 'MulSIExtendedRHSOne' },
);

const mulUIExtendedToMulI = pattern(
  MulUIExtendedOp,
  (op, rw) => {
    if (MulUIExtendedOp.high(op).hasUses) return false;
    const lhs = MulUIExtendedOp.lhs(op);
    const prod = binary(rw, MulIOp, lhs, MulUIExtendedOp.rhs(op), 0, op);
    rw.replaceOp(op, [prod, lhs]);
    return true;
  },
  { name: 'MulUIExtendedToMulI' },
);

function i1Like(t: Type): Type {
  if (t instanceof ShapedType) return getI1SameShape(t);
  return IntegerType.get(1);
}

// ---- xori / andi / ori

// xori(cmpi(p, a, b), true) -> cmpi(!p, a, b)
const xorINotCmpI = pattern(
  XOrIOp,
  (op, rw) => {
    const cmp = CmpIOp.definingOp(XOrIOp.lhs(op));
    if (!cmp || matchConstantBool(XOrIOp.rhs(op)) !== true) return false;
    const predicate = invertPredicate(CmpIOp.predicate(cmp));
    const inverted = CmpIOp.build(rw, { predicate, lhs: CmpIOp.lhs(cmp), rhs: CmpIOp.rhs(cmp), result: XOrIOp.result(op).type, locationOf: drrLocation(op, cmp) });
    return replace(rw, op, CmpIOp.result(inverted));
  },
  { benefit: 2, name: 'XOrINotCmpI' },
);

/** The sources of `ext(a), ext(b)` when both operands are `ext` of the same type, and DRR's location (the root and both exts). */
function extPair<N extends string, E extends string>(root: BinaryOp<N>, op: Op<N>, ext: CastOp<E>): { x: Value; y: Value; at: readonly Operation[] } | undefined {
  const a = ext.definingOp(root.lhs(op));
  const b = ext.definingOp(root.rhs(op));
  if (!a || !b) return undefined;
  const x = ext.in(a);
  const y = ext.in(b);
  if (x.type !== y.type) return undefined;
  return { x, y, at: drrLocation(op, a, b) };
}

/** `root(ext(a), ext(b)) -> ext(root(a, b))`. */
function extOfBinary<N extends string, E extends string>(root: BinaryOp<N>, name: string, ext: CastOp<E>): RewritePattern {
  return pattern(
    root,
    (op, rw) => {
      const p = extPair(root, op, ext);
      if (!p) return false;
      const inner = root.build(rw, { lhs: p.x, rhs: p.y, result: p.x.type, locationOf: p.at });
      const outer = ext.build(rw, { in: root.result(inner), out: root.result(op).type, locationOf: p.at });
      return replace(rw, op, ext.out(outer));
    },
    { benefit: 3, name },
  );
}

// ---- cmpi

/** `cmpi eq/ne (ext(a), ext(b)) -> cmpi eq/ne (a, b)`. */
function cmpIExt<E extends string>(name: string, ext: CastOp<E>): RewritePattern {
  return pattern(
    CmpIOp,
    (op, rw) => {
      const p = extPair(CmpIOp, op, ext);
      if (!p) return false;
      const predicate = CmpIOp.predicate(op);
      if (predicate !== CmpIPredicate.case.eq && predicate !== CmpIPredicate.case.ne) return false;
      const cmp = CmpIOp.build(rw, { predicate, lhs: p.x, rhs: p.y, result: CmpIOp.result(op).type, locationOf: p.at });
      return replace(rw, op, CmpIOp.result(cmp));
    },
    { benefit: 3, name },
  );
}

// ---- select

function select(rw: PatternRewriter, op: OpOf<typeof SelectOp>, condition: Value, trueValue: Value, falseValue: Value, at: At): Value {
  const s = SelectOp.build(rw, { condition, true_value: trueValue, false_value: falseValue, result: SelectOp.result(op).type, locationOf: at });
  return SelectOp.result(s);
}

// select(not(c), a, b) -> select(c, b, a)
const selectNotCond = pattern(
  SelectOp,
  (op, rw) => {
    const x = XOrIOp.definingOp(SelectOp.condition(op));
    if (!x) return false;
    const ones = matchConstant(XOrIOp.rhs(x));
    if (!(ones instanceof IntegerAttr) || !isAllOnes(ones)) return false;
    return replace(rw, op, select(rw, op, XOrIOp.lhs(x), SelectOp.false_value(op), SelectOp.true_value(op), drrLocation(op, constantOp(XOrIOp.rhs(x)))));
  },
  { benefit: 2, name: 'SelectNotCond' },
);

// select(c, select(c, a, b), d) -> select(c, a, d)
const redundantSelectTrue = pattern(
  SelectOp,
  (op, rw) => {
    const inner = SelectOp.definingOp(SelectOp.true_value(op));
    if (!inner || SelectOp.condition(inner) !== SelectOp.condition(op)) return false;
    return replace(rw, op, select(rw, op, SelectOp.condition(op), SelectOp.true_value(inner), SelectOp.false_value(op), drrLocation(op, inner)));
  },
  { benefit: 2, name: 'RedundantSelectTrue' },
);

// select(c, a, select(c, b, d)) -> select(c, a, d)
const redundantSelectFalse = pattern(
  SelectOp,
  (op, rw) => {
    const inner = SelectOp.definingOp(SelectOp.false_value(op));
    if (!inner || SelectOp.condition(inner) !== SelectOp.condition(op)) return false;
    return replace(rw, op, select(rw, op, SelectOp.condition(op), SelectOp.true_value(op), SelectOp.false_value(inner), drrLocation(op, inner)));
  },
  { benefit: 2, name: 'RedundantSelectFalse' },
);

// select(c, false, true) -> xori(c, true)
const selectI1ToNot = pattern(
  SelectOp,
  (op, rw) => {
    if (matchConstantBool(SelectOp.true_value(op)) !== false || matchConstantBool(SelectOp.false_value(op)) !== true) return false;
    const one = ConstantOp.bool(rw, true, op.location);
    const not = XOrIOp.build(rw, { lhs: SelectOp.condition(op), rhs: one, result: SelectOp.result(op).type, locationOf: op });
    return replace(rw, op, XOrIOp.result(not));
  },
  { name: 'SelectI1ToNot' },
);

// select(c, 1, 0) -> extui(c), select(c, 0, 1) -> extui(not(c))
const selectToExtUI = pattern(
  SelectOp,
  (op, rw) => {
    const t = SelectOp.result(op).type;
    if (!(t instanceof IntegerType) || t.width === 1) return false;
    const cond = SelectOp.condition(op);
    const tv = SelectOp.true_value(op);
    const fv = SelectOp.false_value(op);
    if (isOneInt(tv) && isZeroInt(fv)) {
      const ext = ExtUIOp.build(rw, { in: cond, out: t, locationOf: op });
      return replace(rw, op, ExtUIOp.out(ext));
    }
    if (isZeroInt(tv) && isOneInt(fv)) {
      const one = ConstantOp.int(rw, 1, cond.type, op.location);
      const not = XOrIOp.build(rw, { lhs: cond, rhs: one, result: cond.type, locationOf: op });
      const ext = ExtUIOp.build(rw, { in: XOrIOp.result(not), out: t, locationOf: op });
      return replace(rw, op, ExtUIOp.out(ext));
    }
    return false;
  },
  { name: 'SelectToExtUI' },
);

// ---- casts

/** `cast(cast(x)) -> x` when `x` has the result type. */
function castOfSameCast<N extends string>(cast: CastOp<N>, name: string): RewritePattern {
  return pattern(
    cast,
    (op, rw) => {
      const inner = cast.definingOp(cast.in(op));
      if (!inner || cast.in(inner).type !== cast.out(op).type) return false;
      return replace(rw, op, cast.in(inner));
    },
    { benefit: 2, name },
  );
}

/** `cast(ext(x)) -> cast(x)`. */
function castOfExt<N extends string, E extends string>(cast: CastOp<N>, ext: CastOp<E>, name: string): RewritePattern {
  return pattern(
    cast,
    (op, rw) => {
      const inner = ext.definingOp(cast.in(op));
      if (!inner) return false;
      const c = cast.build(rw, { in: ext.in(inner), out: cast.out(op).type, locationOf: drrLocation(op, inner) });
      return replace(rw, op, cast.out(c));
    },
    { benefit: 2, name },
  );
}

const bitcastOfBitcast = castOfExt(BitcastOp, BitcastOp, 'BitcastOfBitcast');

// extsi(extui(x)) -> extui(x): the value is already zero-extended.
const extSIOfExtUI = pattern(
  ExtSIOp,
  (op, rw) => {
    const inner = ExtUIOp.definingOp(ExtSIOp.in(op));
    if (!inner) return false;
    const ext = ExtUIOp.build(rw, { in: ExtUIOp.in(inner), out: ExtSIOp.out(op).type, locationOf: drrLocation(op, inner) });
    return replace(rw, op, ExtUIOp.out(ext));
  },
  { benefit: 2, name: 'ExtSIOfExtUI' },
);

/** `trunci(ext(x)) -> ext(x)` when the trunc lands between the widths of `x` and of the ext. */
function truncIExtToExt<E extends string>(ext: CastOp<E>, name: string): RewritePattern {
  return pattern(
    TruncIOp,
    (op, rw) => {
      const e = ext.definingOp(TruncIOp.in(op));
      if (!e) return false;
      const x = ext.in(e);
      const we = widthOf(ext.out(e).type);
      const wt = widthOf(TruncIOp.out(op).type);
      const wx = widthOf(x.type);
      if (!(we > wt && wt > 0 && wt > wx && wx > 0)) return false;
      const c = ext.build(rw, { in: x, out: TruncIOp.out(op).type, locationOf: drrLocation(op, e) });
      return replace(rw, op, ext.out(c));
    },
    { benefit: 2, name },
  );
}

// trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when the shift drops exactly the truncated bits
const truncIShrSIToTrunciShrUI = pattern(
  TruncIOp,
  (op, rw) => {
    const sh = ShRSIOp.definingOp(TruncIOp.in(op));
    if (!sh) return false;
    const c0 = matchConstant(ShRSIOp.rhs(sh));
    if (c0 === undefined) return false;
    const amount = intOrSplat(c0);
    if (!amount) return false;
    const x = ShRSIOp.lhs(sh);
    if (BigInt(widthOf(x.type) - widthOf(TruncIOp.out(op).type)) !== amount.v) return false;
    const at = drrLocation(op, constantOp(ShRSIOp.rhs(sh)));
    const c = ConstantOp.result(ConstantOp.build(rw, { value: c0, result: ShRSIOp.rhs(sh).type, locationOf: at }));
    const shr = ShRUIOp.build(rw, { lhs: x, rhs: c, result: x.type, locationOf: at });
    const trunc = TruncIOp.build(rw, { in: ShRUIOp.result(shr), out: TruncIOp.out(op).type, overflowFlags: TruncIOp.overflowFlags(op), locationOf: at });
    return replace(rw, op, TruncIOp.out(trunc));
  },
  { benefit: 2, name: 'TruncIShrSIToTrunciShrUI' },
);

/** `truncf(itofp(x)) -> itofp(x)` without a rounding mode. */
function truncFOfIToFP<S extends string>(src: CastOp<S>, name: string): RewritePattern {
  return pattern(
    TruncFOp,
    (op, rw) => {
      const fp = src.definingOp(TruncFOp.in(op));
      if (!fp) return false;
      if (TruncFOp.roundingmode(op) !== undefined) return false;
      const c = src.build(rw, { in: src.in(fp), out: TruncFOp.out(op).type, locationOf: drrLocation(op, fp) });
      return replace(rw, op, src.out(c));
    },
    { benefit: 2, name },
  );
}

// ---- mulf / divf of negf

/** `root(-a, -b) -> root(a, b)`, keeping the fastmath flags. */
function ofNegF<N extends string>(root: FloatBinaryOp<N>, name: string): RewritePattern {
  return pattern(
    root,
    (op, rw) => {
      const a = NegFOp.definingOp(root.lhs(op));
      const b = NegFOp.definingOp(root.rhs(op));
      if (!a || !b) return false;
      const x = NegFOp.operand(a);
      const y = NegFOp.operand(b);
      if (x.type !== y.type) return false;
      const r = root.build(rw, { lhs: x, rhs: y, result: root.result(op).type, fastmath: root.fastmath(op), locationOf: drrLocation(op, a, b) });
      return replace(rw, op, root.result(r));
    },
    { benefit: 3, name },
  );
}

// ---- cmpf(sitofp/uitofp(x), c) -> cmpi (CmpFIntToFPConst)

const FP = CmpFPredicate.case;
const IP = CmpIPredicate.case;

/** The cmpi predicate of an ordered/unordered cmpf predicate on converted integers. */
function toCmpI(pred: number, unsigned: boolean): number {
  switch (pred) {
    case FP.ueq:
    case FP.oeq:
      return IP.eq;
    case FP.ugt:
    case FP.ogt:
      return unsigned ? IP.ugt : IP.sgt;
    case FP.uge:
    case FP.oge:
      return unsigned ? IP.uge : IP.sge;
    case FP.ult:
    case FP.olt:
      return unsigned ? IP.ult : IP.slt;
    case FP.ule:
    case FP.ole:
      return unsigned ? IP.ule : IP.sle;
    default:
      return IP.ne;
  }
}

const cmpFIntToFPConst = pattern(
  CmpFOp,
  (op, rw) => {
    const flt = matchConstantFloat(CmpFOp.rhs(op));
    if (!flt) return false;
    const sem = flt.type.semantics;
    const rhs = flt.bits;
    if (F.isNaN(sem, rhs)) return false;
    const mantissaWidth = sem.precision;
    if (mantissaWidth <= 0) return false;
    const lhs = CmpFOp.lhs(op);
    let intVal: Value;
    let isUnsigned: boolean;
    const si = SIToFPOp.definingOp(lhs);
    const ui = UIToFPOp.definingOp(lhs);
    if (si) {
      intVal = SIToFPOp.in(si);
      isUnsigned = false;
    } else if (ui) {
      intVal = UIToFPOp.in(ui);
      isUnsigned = true;
    } else return false;
    const intTy = intVal.type;
    if (!(intTy instanceof IntegerType)) return false;
    const intWidth = intTy.width;
    const valueBits = isUnsigned ? intWidth : intWidth - 1;
    if (intWidth > mantissaWidth) {
      if (F.isInf(sem, rhs)) {
        if (sem.maxExponent < valueBits) return false;
      } else {
        const big = 1n << 20000n;
        const q = F.toInteger(sem, rhs, -big, big) ?? 0n;
        const mag = q < 0n ? -q : q;
        const exponent = mag === 0n ? -1 : mag.toString(2).length - 1;
        if (mantissaWidth <= exponent && exponent <= valueBits) return false;
      }
    }
    const boolConst = (v: boolean): boolean => {
      rw.replaceOp(op, [ConstantOp.bool(rw, v, op.location)]);
      return true;
    };
    const fpred = CmpFOp.predicate(op);
    if (fpred === FP.ord) return boolConst(true);
    if (fpred === FP.uno) return boolConst(false);
    let pred = toCmpI(fpred, isUnsigned);
    const less = (a: bigint, b: bigint): boolean => F.fcompare(sem, a, b) === -1;
    if (!isUnsigned) {
      const smax = F.fromInteger(sem, (1n << BigInt(intWidth - 1)) - 1n);
      if (less(smax, rhs)) return boolConst(pred === IP.ne || pred === IP.slt || pred === IP.sle);
    } else {
      const umax = F.fromInteger(sem, (1n << BigInt(intWidth)) - 1n);
      if (less(umax, rhs)) return boolConst(pred === IP.ne || pred === IP.ult || pred === IP.ule);
    }
    if (!isUnsigned) {
      const smin = F.fromInteger(sem, -(1n << BigInt(intWidth - 1)));
      if (less(rhs, smin)) return boolConst(pred === IP.ne || pred === IP.sgt || pred === IP.sge);
    } else {
      const umin = F.fromInteger(sem, 0n);
      if (less(rhs, umin)) return boolConst(pred === IP.ne || pred === IP.ugt || pred === IP.uge);
    }
    const lo = isUnsigned ? 0n : -(1n << BigInt(intWidth - 1));
    const hi = isUnsigned ? (1n << BigInt(intWidth)) - 1n : (1n << BigInt(intWidth - 1)) - 1n;
    const rhsInt = F.toInteger(sem, rhs, lo, hi);
    if (rhsInt === undefined) return false;
    const neg = F.isNegative(sem, rhs);
    if (!F.isZero(sem, rhs)) {
      const apf = F.fromInteger(sem, rhsInt);
      if (F.fcompare(sem, apf, rhs) !== 0) {
        // The constant is not an integer: adjust the predicate to the integer below or above it.
        switch (pred) {
          case IP.ne:
            return boolConst(true);
          case IP.eq:
            return boolConst(false);
          case IP.ule:
            if (neg) return boolConst(false);
            break;
          case IP.sle:
            if (neg) pred = IP.slt;
            break;
          case IP.ult:
            if (neg) return boolConst(false);
            pred = IP.ule;
            break;
          case IP.slt:
            if (!neg) pred = IP.sle;
            break;
          case IP.ugt:
            if (neg) return boolConst(true);
            break;
          case IP.sgt:
            if (neg) pred = IP.sge;
            break;
          case IP.uge:
            if (neg) return boolConst(true);
            pred = IP.ugt;
            break;
          case IP.sge:
            if (!neg) pred = IP.sgt;
            break;
        }
      }
    }
    const location = op.location;
    const c = ConstantOp.int(rw, rhsInt, intTy, location);
    const cmp = CmpIOp.build(rw, { predicate: pred, lhs: intVal, rhs: c, result: IntegerType.get(1), location });
    return replace(rw, op, CmpIOp.result(cmp));
  },
  { name: 'CmpFIntToFPConst' },
);

// ---- the patterns of each op, in MLIR's registration order

implementOp(AddIOp, {
  canonicalizationPatterns: [addIAddConstant, addISubConstantRHS, addISubConstantLHS, addIMulNegativeOneRhs, addIMulNegativeOneLhs],
});
implementOp(SubIOp, {
  canonicalizationPatterns: [
    subIRHSAddConstant,
    subILHSAddConstant,
    subIRHSSubConstantRHS,
    subIRHSSubConstantLHS,
    subILHSSubConstantRHS,
    subILHSSubConstantLHS,
    subISubILHSRHSLHS,
  ],
});
implementOp(MulIOp, { canonicalizationPatterns: [mulIMulIConstant] });
implementOp(AddUIExtendedOp, { canonicalizationPatterns: [addUIExtendedToAddI] });
implementOp(MulSIExtendedOp, { canonicalizationPatterns: [mulSIExtendedToMulI, mulSIExtendedRHSOne] });
implementOp(MulUIExtendedOp, { canonicalizationPatterns: [mulUIExtendedToMulI] });
implementOp(XOrIOp, {
  canonicalizationPatterns: [xorINotCmpI, extOfBinary(XOrIOp, 'XOrIOfExtUI', ExtUIOp), extOfBinary(XOrIOp, 'XOrIOfExtSI', ExtSIOp)],
});
implementOp(AndIOp, { canonicalizationPatterns: [extOfBinary(AndIOp, 'AndOfExtUI', ExtUIOp), extOfBinary(AndIOp, 'AndOfExtSI', ExtSIOp)] });
implementOp(OrIOp, { canonicalizationPatterns: [extOfBinary(OrIOp, 'OrOfExtUI', ExtUIOp), extOfBinary(OrIOp, 'OrOfExtSI', ExtSIOp)] });
implementOp(CmpIOp, { canonicalizationPatterns: [cmpIExt('CmpIExtSI', ExtSIOp), cmpIExt('CmpIExtUI', ExtUIOp)] });
implementOp(CmpFOp, { canonicalizationPatterns: [cmpFIntToFPConst] });
implementOp(SelectOp, { canonicalizationPatterns: [redundantSelectFalse, redundantSelectTrue, selectNotCond, selectI1ToNot, selectToExtUI] });
implementOp(IndexCastOp, {
  canonicalizationPatterns: [castOfSameCast(IndexCastOp, 'IndexCastOfIndexCast'), castOfExt(IndexCastOp, ExtSIOp, 'IndexCastOfExtSI')],
});
implementOp(IndexCastUIOp, {
  canonicalizationPatterns: [castOfSameCast(IndexCastUIOp, 'IndexCastUIOfIndexCastUI'), castOfExt(IndexCastUIOp, ExtUIOp, 'IndexCastUIOfExtUI')],
});
implementOp(BitcastOp, { canonicalizationPatterns: [bitcastOfBitcast] });
implementOp(ExtSIOp, { canonicalizationPatterns: [extSIOfExtUI] });
implementOp(TruncIOp, {
  canonicalizationPatterns: [truncIExtToExt(ExtSIOp, 'TruncIExtSIToExtSI'), truncIExtToExt(ExtUIOp, 'TruncIExtUIToExtUI'), truncIShrSIToTrunciShrUI],
});
implementOp(TruncFOp, {
  canonicalizationPatterns: [truncFOfIToFP(SIToFPOp, 'TruncFSIToFPToSIToFP'), truncFOfIToFP(UIToFPOp, 'TruncFUIToFPToUIToFP')],
});
implementOp(MulFOp, { canonicalizationPatterns: [ofNegF(MulFOp, 'MulFOfNegF')] });
implementOp(DivFOp, { canonicalizationPatterns: [ofNegF(DivFOp, 'DivFOfNegF')] });
