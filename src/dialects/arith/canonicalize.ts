// arith canonicalization patterns (MLIR 22's ArithCanonicalization.td and the
// C++ patterns of ArithOps.cpp), keyed by root op name. Declarative patterns
// get MLIR's DRR benefit: the number of ops in their source pattern.

import type { Attribute, Type } from '../../ir/attributes.js';
import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, ShapedType } from '../../ir/builtin-types.js';
import type { Location } from '../../ir/location.js';
import type { Operation, Value } from '../../ir/operation.js';
import { legacyPattern, type PatternRewriter, type RewritePattern } from '../../ir/pattern.js';
import { matchConstant } from '../../ir/matchers.js';
import { getI1SameShape, overflowAttr } from './ops.js';
import * as F from './apfloat-arith.js';

// ---- matching helpers

function def(v: Value, name: string): Operation | undefined {
  const d = v.definingOp;
  return d && d.name.name === name ? d : undefined;
}

/** ConstantLikeMatcher APIntAttr: a scalar integer constant. */
function apInt(v: Value): IntegerAttr | undefined {
  const c = matchConstant(v);
  return c instanceof IntegerAttr ? c : undefined;
}

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
const isOneValue = (a: Attribute | undefined): boolean => {
  const x = intOrSplat(a);
  return !!x && BigInt.asUintN(x.w, x.v) === 1n;
};
/** IsScalarOrSplatOne: strictly positive and one (signed). */
const isSignedOne = (a: Attribute | undefined): boolean => {
  const x = intOrSplat(a);
  return !!x && BigInt.asIntN(x.w, x.v) === 1n;
};
const isZeroValue = (a: Attribute | undefined): boolean => {
  const x = intOrSplat(a);
  return !!x && x.v === 0n;
};

/** An i1 constant with the given value (ConstantAttr<I1Attr, "0"/"1">). */
function isI1Const(v: Value, value: boolean): boolean {
  const c = matchConstant(v);
  return c instanceof IntegerAttr && c.type instanceof IntegerType && c.type.width === 1 && c.value !== 0n === value;
}

function ovf(op: Operation): number {
  const a = op.getAttr('overflowFlags') as { value?: unknown } | undefined;
  return a && typeof a.value === 'number' ? a.value : 0;
}

// ---- building helpers

function create(rewriter: PatternRewriter, name: string, operands: readonly Value[], type: Type, loc: Location, attributes: Record<string, Attribute> = {}): Value {
  return rewriter.create(name, { operands, results: [type], attributes, location: loc }).result(0);
}

function binOvf(rewriter: PatternRewriter, name: string, a: Value, b: Value, flags: number, loc: Location): Value {
  return create(rewriter, name, [a, b], a.type, loc, flags ? { overflowFlags: overflowAttr(flags) } : {});
}

function constant(rewriter: PatternRewriter, value: Attribute, type: Type, loc: Location): Value {
  return create(rewriter, 'arith.constant', [], type, loc, { value });
}

function intConstOf(rewriter: PatternRewriter, res: Value, v: bigint, loc: Location): Value {
  return constant(rewriter, IntegerAttr.get(res.type, v), res.type, loc);
}

function replace(rewriter: PatternRewriter, op: Operation, v: Value): true {
  rewriter.replaceOp(op, [v]);
  return true;
}

type Fn = (op: Operation, rewriter: PatternRewriter) => boolean;
const pat = (root: string, name: string, benefit: number, fn: Fn): RewritePattern => legacyPattern(root, fn, { benefit, name });

// ---- addi / subi / muli reassociation with constants

/** `op(inner(x, c0), c1)` for `inner` of name `innerName`, matched on a constant rhs. */
function constChain(op: Operation, innerName: string, constOnLeft: boolean): { inner: Operation; x: Value; c0: IntegerAttr; c1: IntegerAttr } | undefined {
  const c1 = apInt(op.operand(1));
  if (!c1) return undefined;
  const inner = def(op.operand(0), innerName);
  if (!inner) return undefined;
  const c0 = apInt(inner.operand(constOnLeft ? 0 : 1));
  if (!c0) return undefined;
  return { inner, x: inner.operand(constOnLeft ? 1 : 0), c0, c1 };
}

function lhsConstChain(op: Operation, innerName: string, innerConstOnLeft: boolean): { inner: Operation; x: Value; c0: IntegerAttr; c1: IntegerAttr } | undefined {
  const c1 = apInt(op.operand(0));
  if (!c1) return undefined;
  const inner = def(op.operand(1), innerName);
  if (!inner) return undefined;
  const c0 = apInt(inner.operand(innerConstOnLeft ? 0 : 1));
  if (!c0) return undefined;
  return { inner, x: inner.operand(innerConstOnLeft ? 1 : 0), c0, c1 };
}

const addIAddConstant = pat('arith.addi', 'AddIAddConstant', 2, (op, rw) => {
  const m = constChain(op, 'arith.addi', false);
  if (!m) return false;
  const c = intConstOf(rw, op.result(0), m.c0.value + m.c1.value, op.location);
  return replace(rw, op, binOvf(rw, 'arith.addi', m.x, c, ovf(m.inner) & ovf(op), op.location));
});

const addISubConstantRHS = pat('arith.addi', 'AddISubConstantRHS', 2, (op, rw) => {
  const m = constChain(op, 'arith.subi', false);
  if (!m) return false;
  const c = intConstOf(rw, op.result(0), m.c1.value - m.c0.value, op.location);
  return replace(rw, op, binOvf(rw, 'arith.addi', m.x, c, ovf(m.inner) & ovf(op), op.location));
});

const addISubConstantLHS = pat('arith.addi', 'AddISubConstantLHS', 2, (op, rw) => {
  const m = constChain(op, 'arith.subi', true);
  if (!m) return false;
  const c = intConstOf(rw, op.result(0), m.c0.value + m.c1.value, op.location);
  return replace(rw, op, binOvf(rw, 'arith.subi', c, m.x, ovf(m.inner) & ovf(op), op.location));
});

const addIMulNegativeOneRhs = pat('arith.addi', 'AddIMulNegativeOneRhs', 2, (op, rw) => {
  const mul = def(op.operand(1), 'arith.muli');
  if (!mul) return false;
  const c = matchConstant(mul.operand(1));
  if (c === undefined || !isAllOnes(c)) return false;
  return replace(rw, op, binOvf(rw, 'arith.subi', op.operand(0), mul.operand(0), 0, op.location));
});

const addIMulNegativeOneLhs = pat('arith.addi', 'AddIMulNegativeOneLhs', 2, (op, rw) => {
  const mul = def(op.operand(0), 'arith.muli');
  if (!mul) return false;
  const c = matchConstant(mul.operand(1));
  if (c === undefined || !isAllOnes(c)) return false;
  return replace(rw, op, binOvf(rw, 'arith.subi', op.operand(1), mul.operand(0), 0, op.location));
});

const mulIMulIConstant = pat('arith.muli', 'MulIMulIConstant', 2, (op, rw) => {
  const m = constChain(op, 'arith.muli', false);
  if (!m) return false;
  const t = op.result(0).type;
  if (m.c0.type !== t || m.c1.type !== t) return false;
  const c = intConstOf(rw, op.result(0), m.c0.value * m.c1.value, op.location);
  return replace(rw, op, binOvf(rw, 'arith.muli', m.x, c, ovf(m.inner) & ovf(op), op.location));
});

const subIRHSAddConstant = pat('arith.subi', 'SubIRHSAddConstant', 2, (op, rw) => {
  const m = constChain(op, 'arith.addi', false);
  if (!m) return false;
  const c = intConstOf(rw, op.result(0), m.c0.value - m.c1.value, op.location);
  return replace(rw, op, binOvf(rw, 'arith.addi', m.x, c, 0, op.location));
});

const subILHSAddConstant = pat('arith.subi', 'SubILHSAddConstant', 2, (op, rw) => {
  const m = lhsConstChain(op, 'arith.addi', false);
  if (!m) return false;
  const c = intConstOf(rw, op.result(0), m.c1.value - m.c0.value, op.location);
  return replace(rw, op, binOvf(rw, 'arith.subi', c, m.x, ovf(m.inner) & ovf(op), op.location));
});

const subIRHSSubConstantRHS = pat('arith.subi', 'SubIRHSSubConstantRHS', 2, (op, rw) => {
  const m = constChain(op, 'arith.subi', false);
  if (!m) return false;
  const c = intConstOf(rw, op.result(0), m.c0.value + m.c1.value, op.location);
  return replace(rw, op, binOvf(rw, 'arith.subi', m.x, c, ovf(m.inner) & ovf(op), op.location));
});

const subIRHSSubConstantLHS = pat('arith.subi', 'SubIRHSSubConstantLHS', 2, (op, rw) => {
  const m = constChain(op, 'arith.subi', true);
  if (!m) return false;
  const c = intConstOf(rw, op.result(0), m.c0.value - m.c1.value, op.location);
  return replace(rw, op, binOvf(rw, 'arith.subi', c, m.x, ovf(m.inner) & ovf(op), op.location));
});

const subILHSSubConstantRHS = pat('arith.subi', 'SubILHSSubConstantRHS', 2, (op, rw) => {
  const m = lhsConstChain(op, 'arith.subi', false);
  if (!m) return false;
  const c = intConstOf(rw, op.result(0), m.c0.value + m.c1.value, op.location);
  return replace(rw, op, binOvf(rw, 'arith.subi', c, m.x, ovf(m.inner) & ovf(op), op.location));
});

const subILHSSubConstantLHS = pat('arith.subi', 'SubILHSSubConstantLHS', 2, (op, rw) => {
  const m = lhsConstChain(op, 'arith.subi', true);
  if (!m) return false;
  const c = intConstOf(rw, op.result(0), m.c1.value - m.c0.value, op.location);
  return replace(rw, op, binOvf(rw, 'arith.addi', m.x, c, ovf(m.inner) & ovf(op), op.location));
});

const subISubILHSRHSLHS = pat('arith.subi', 'SubISubILHSRHSLHS', 2, (op, rw) => {
  const inner = def(op.operand(0), 'arith.subi');
  if (!inner || inner.operand(0) !== op.operand(1)) return false;
  const y = inner.operand(1);
  const zero = zeroAttrOf(y.type);
  if (!zero) return false;
  const c = constant(rw, zero, y.type, op.location);
  return replace(rw, op, binOvf(rw, 'arith.subi', c, y, ovf(inner) & ovf(op), op.location));
});

function zeroAttrOf(t: Type): Attribute | undefined {
  if (t instanceof ShapedType) return DenseIntOrFPElementsAttr.getSplat(t, 0n);
  if (t instanceof FloatType) return FloatAttr.getFromBits(t, 0n);
  if (t instanceof IntegerType || t instanceof IndexType) return IntegerAttr.get(t, 0n);
  return undefined;
}

// ---- extended arithmetic

const addUIExtendedToAddI = pat('arith.addui_extended', 'AddUIExtendedToAddI', 1, (op, rw) => {
  if (op.result(1).hasUses) return false;
  const sum = binOvf(rw, 'arith.addi', op.operand(0), op.operand(1), 0, op.location);
  rw.replaceOp(op, [sum, op.operand(0)]);
  return true;
});

const mulSIExtendedToMulI = pat('arith.mulsi_extended', 'MulSIExtendedToMulI', 1, (op, rw) => {
  if (op.result(1).hasUses) return false;
  const prod = binOvf(rw, 'arith.muli', op.operand(0), op.operand(1), 0, op.location);
  rw.replaceOp(op, [prod, op.operand(0)]);
  return true;
});

const mulSIExtendedRHSOne = pat('arith.mulsi_extended', 'MulSIExtendedRHSOne', 1, (op, rw) => {
  const c = matchConstant(op.operand(1));
  if (c === undefined || !isSignedOne(c)) return false;
  const x = op.operand(0);
  const zero = zeroAttrOf(x.type);
  if (!zero) return false;
  const z = constant(rw, zero, x.type, op.location);
  const i1t = i1Like(x.type);
  const cmp = create(rw, 'arith.cmpi', [x, z], i1t, op.location, { predicate: IntegerAttr.get(IntegerType.get(64), 2n) });
  const ext = create(rw, 'arith.extsi', [cmp], x.type, op.location);
  rw.replaceOp(op, [x, ext]);
  return true;
});

const mulUIExtendedToMulI = pat('arith.mului_extended', 'MulUIExtendedToMulI', 1, (op, rw) => {
  if (op.result(1).hasUses) return false;
  const prod = binOvf(rw, 'arith.muli', op.operand(0), op.operand(1), 0, op.location);
  rw.replaceOp(op, [prod, op.operand(0)]);
  return true;
});

function i1Like(t: Type): Type {
  if (t instanceof ShapedType) return getI1SameShape(t);
  return IntegerType.get(1);
}

// ---- xori / andi / ori

const CMPI_INVERT = [1, 0, 5, 4, 3, 2, 9, 8, 7, 6];

const xorINotCmpI = pat('arith.xori', 'XOrINotCmpI', 2, (op, rw) => {
  const cmp = def(op.operand(0), 'arith.cmpi');
  if (!cmp || !isI1Const(op.operand(1), true)) return false;
  const pred = Number((cmp.getAttr('predicate') as IntegerAttr).value);
  const v = create(rw, 'arith.cmpi', [cmp.operand(0), cmp.operand(1)], op.result(0).type, op.location, {
    predicate: IntegerAttr.get(IntegerType.get(64), BigInt(CMPI_INVERT[pred])),
  });
  return replace(rw, op, v);
});

function extPair(op: Operation, ext: string): [Value, Value] | undefined {
  const a = def(op.operand(0), ext);
  const b = def(op.operand(1), ext);
  if (!a || !b) return undefined;
  if (a.operand(0).type !== b.operand(0).type) return undefined;
  return [a.operand(0), b.operand(0)];
}

function extOfBinary(root: string, name: string, ext: string): RewritePattern {
  return pat(root, name, 3, (op, rw) => {
    const p = extPair(op, ext);
    if (!p) return false;
    const inner = create(rw, root, [p[0], p[1]], p[0].type, op.location);
    return replace(rw, op, create(rw, ext, [inner], op.result(0).type, op.location));
  });
}

// ---- cmpi

function cmpIExt(name: string, ext: string): RewritePattern {
  return pat('arith.cmpi', name, 3, (op, rw) => {
    const p = extPair(op, ext);
    if (!p) return false;
    const pred = op.getAttr('predicate') as IntegerAttr;
    if (pred.value !== 0n && pred.value !== 1n) return false;
    return replace(rw, op, create(rw, 'arith.cmpi', [p[0], p[1]], op.result(0).type, op.location, { predicate: pred }));
  });
}

// ---- select

const selectNotCond = pat('arith.select', 'SelectNotCond', 2, (op, rw) => {
  const x = def(op.operand(0), 'arith.xori');
  if (!x) return false;
  const ones = apInt(x.operand(1));
  if (!ones || !isAllOnes(ones)) return false;
  return replace(rw, op, create(rw, 'arith.select', [x.operand(0), op.operand(2), op.operand(1)], op.result(0).type, op.location));
});

const redundantSelectTrue = pat('arith.select', 'RedundantSelectTrue', 2, (op, rw) => {
  const inner = def(op.operand(1), 'arith.select');
  if (!inner || inner.operand(0) !== op.operand(0)) return false;
  return replace(rw, op, create(rw, 'arith.select', [op.operand(0), inner.operand(1), op.operand(2)], op.result(0).type, op.location));
});

const redundantSelectFalse = pat('arith.select', 'RedundantSelectFalse', 2, (op, rw) => {
  const inner = def(op.operand(2), 'arith.select');
  if (!inner || inner.operand(0) !== op.operand(0)) return false;
  return replace(rw, op, create(rw, 'arith.select', [op.operand(0), op.operand(1), inner.operand(2)], op.result(0).type, op.location));
});

const selectI1ToNot = pat('arith.select', 'SelectI1ToNot', 1, (op, rw) => {
  if (!isI1Const(op.operand(1), false) || !isI1Const(op.operand(2), true)) return false;
  const i1 = IntegerType.get(1);
  const one = constant(rw, IntegerAttr.get(i1, 1n), i1, op.location);
  return replace(rw, op, create(rw, 'arith.xori', [op.operand(0), one], op.result(0).type, op.location));
});

const selectToExtUI = pat('arith.select', 'SelectToExtUI', 1, (op, rw) => {
  const t = op.result(0).type;
  if (!(t instanceof IntegerType) || t.width === 1) return false;
  const tv = matchConstant(op.operand(1));
  const fv = matchConstant(op.operand(2));
  if (isOneValue(tv) && isZeroValue(fv)) {
    return replace(rw, op, create(rw, 'arith.extui', [op.operand(0)], t, op.location));
  }
  if (isZeroValue(tv) && isOneValue(fv)) {
    const ct = op.operand(0).type;
    const one = constant(rw, IntegerAttr.get(ct, 1n), ct, op.location);
    const x = create(rw, 'arith.xori', [op.operand(0), one], ct, op.location);
    return replace(rw, op, create(rw, 'arith.extui', [x], t, op.location));
  }
  return false;
});

// ---- casts

const indexCastOfIndexCast = (root: string, name: string): RewritePattern =>
  pat(root, name, 2, (op, rw) => {
    const inner = def(op.operand(0), root);
    if (!inner || inner.operand(0).type !== op.result(0).type) return false;
    return replace(rw, op, inner.operand(0));
  });

const castOfExt = (root: string, ext: string, name: string): RewritePattern =>
  pat(root, name, 2, (op, rw) => {
    const inner = def(op.operand(0), ext);
    if (!inner) return false;
    return replace(rw, op, create(rw, root, [inner.operand(0)], op.result(0).type, op.location));
  });

const bitcastOfBitcast = pat('arith.bitcast', 'BitcastOfBitcast', 2, (op, rw) => {
  const inner = def(op.operand(0), 'arith.bitcast');
  if (!inner) return false;
  return replace(rw, op, create(rw, 'arith.bitcast', [inner.operand(0)], op.result(0).type, op.location));
});

const extSIOfExtUI = pat('arith.extsi', 'ExtSIOfExtUI', 2, (op, rw) => {
  const inner = def(op.operand(0), 'arith.extui');
  if (!inner) return false;
  return replace(rw, op, create(rw, 'arith.extui', [inner.operand(0)], op.result(0).type, op.location));
});

const truncIExtToExt = (ext: string, name: string): RewritePattern =>
  pat('arith.trunci', name, 2, (op, rw) => {
    const e = def(op.operand(0), ext);
    if (!e) return false;
    const x = e.operand(0);
    const we = widthOf(e.result(0).type);
    const wt = widthOf(op.result(0).type);
    const wx = widthOf(x.type);
    if (!(we > wt && wt > 0 && wt > wx && wx > 0)) return false;
    return replace(rw, op, create(rw, ext, [x], op.result(0).type, op.location));
  });

const truncIShrSIToTrunciShrUI = pat('arith.trunci', 'TruncIShrSIToTrunciShrUI', 2, (op, rw) => {
  const sh = def(op.operand(0), 'arith.shrsi');
  if (!sh) return false;
  const c0 = matchConstant(sh.operand(1));
  if (c0 === undefined) return false;
  const amount = intOrSplat(c0);
  if (!amount) return false;
  const x = sh.operand(0);
  if (BigInt(widthOf(x.type) - widthOf(op.result(0).type)) !== amount.v) return false;
  const c = constant(rw, c0, sh.operand(1).type, op.location);
  const shr = create(rw, 'arith.shrui', [x, c], x.type, op.location);
  const flags = op.getAttr('overflowFlags');
  return replace(rw, op, create(rw, 'arith.trunci', [shr], op.result(0).type, op.location, flags ? { overflowFlags: flags } : {}));
});

const truncFOfIToFP = (src: string, name: string): RewritePattern =>
  pat('arith.truncf', name, 2, (op, rw) => {
    const fp = def(op.operand(0), src);
    if (!fp) return false;
    if (op.getAttr('roundingmode') !== undefined) return false;
    return replace(rw, op, create(rw, src, [fp.operand(0)], op.result(0).type, op.location));
  });

// ---- mulf / divf of negf

const ofNegF = (root: string, name: string): RewritePattern =>
  pat(root, name, 3, (op, rw) => {
    const a = def(op.operand(0), 'arith.negf');
    const b = def(op.operand(1), 'arith.negf');
    if (!a || !b || a.operand(0).type !== b.operand(0).type) return false;
    const fmf = op.getAttr('fastmath');
    return replace(rw, op, create(rw, root, [a.operand(0), b.operand(0)], op.result(0).type, op.location, fmf ? { fastmath: fmf } : {}));
  });

// ---- cmpf(sitofp/uitofp(x), c) -> cmpi (CmpFIntToFPConst)

const CMPF = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'];
const CMPI_NUM: Record<string, bigint> = { eq: 0n, ne: 1n, slt: 2n, sle: 3n, sgt: 4n, sge: 5n, ult: 6n, ule: 7n, ugt: 8n, uge: 9n };

function toCmpI(pred: string, unsigned: boolean): string {
  switch (pred) {
    case 'ueq':
    case 'oeq':
      return 'eq';
    case 'ugt':
    case 'ogt':
      return unsigned ? 'ugt' : 'sgt';
    case 'uge':
    case 'oge':
      return unsigned ? 'uge' : 'sge';
    case 'ult':
    case 'olt':
      return unsigned ? 'ult' : 'slt';
    case 'ule':
    case 'ole':
      return unsigned ? 'ule' : 'sle';
    default:
      return 'ne';
  }
}

const cmpFIntToFPConst = pat('arith.cmpf', 'CmpFIntToFPConst', 1, (op, rw) => {
  const flt = matchConstant(op.operand(1));
  if (!(flt instanceof FloatAttr)) return false;
  const sem = flt.type.semantics;
  const rhs = flt.bits;
  if (F.isNaN(sem, rhs)) return false;
  const mantissaWidth = sem.precision;
  if (mantissaWidth <= 0) return false;
  const lhsOp = op.operand(0).definingOp;
  if (!lhsOp) return false;
  let isUnsigned: boolean;
  if (lhsOp.name.name === 'arith.sitofp') isUnsigned = false;
  else if (lhsOp.name.name === 'arith.uitofp') isUnsigned = true;
  else return false;
  const intVal = lhsOp.operand(0);
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
  const i1 = IntegerType.get(1);
  const boolConst = (v: boolean): boolean => {
    const c = constant(rw, IntegerAttr.get(i1, v ? 1n : 0n), i1, op.location);
    rw.replaceOp(op, [c]);
    return true;
  };
  const fpred = CMPF[Number((op.getAttr('predicate') as IntegerAttr).value)];
  if (fpred === 'ord') return boolConst(true);
  if (fpred === 'uno') return boolConst(false);
  let pred = toCmpI(fpred, isUnsigned);
  const less = (a: bigint, b: bigint): boolean => F.fcompare(sem, a, b) === -1;
  if (!isUnsigned) {
    const smax = F.fromInteger(sem, (1n << BigInt(intWidth - 1)) - 1n);
    if (less(smax, rhs)) return boolConst(pred === 'ne' || pred === 'slt' || pred === 'sle');
  } else {
    const umax = F.fromInteger(sem, (1n << BigInt(intWidth)) - 1n);
    if (less(umax, rhs)) return boolConst(pred === 'ne' || pred === 'ult' || pred === 'ule');
  }
  if (!isUnsigned) {
    const smin = F.fromInteger(sem, -(1n << BigInt(intWidth - 1)));
    if (less(rhs, smin)) return boolConst(pred === 'ne' || pred === 'sgt' || pred === 'sge');
  } else {
    const umin = F.fromInteger(sem, 0n);
    if (less(rhs, umin)) return boolConst(pred === 'ne' || pred === 'ugt' || pred === 'uge');
  }
  const lo = isUnsigned ? 0n : -(1n << BigInt(intWidth - 1));
  const hi = isUnsigned ? (1n << BigInt(intWidth)) - 1n : (1n << BigInt(intWidth - 1)) - 1n;
  const rhsInt = F.toInteger(sem, rhs, lo, hi);
  if (rhsInt === undefined) return false;
  const neg = F.isNegative(sem, rhs);
  if (!F.isZero(sem, rhs)) {
    const apf = F.fromInteger(sem, rhsInt);
    if (F.fcompare(sem, apf, rhs) !== 0) {
      switch (pred) {
        case 'ne':
          return boolConst(true);
        case 'eq':
          return boolConst(false);
        case 'ule':
          if (neg) return boolConst(false);
          break;
        case 'sle':
          if (neg) pred = 'slt';
          break;
        case 'ult':
          if (neg) return boolConst(false);
          pred = 'ule';
          break;
        case 'slt':
          if (!neg) pred = 'sle';
          break;
        case 'ugt':
          if (neg) return boolConst(true);
          break;
        case 'sgt':
          if (neg) pred = 'sge';
          break;
        case 'uge':
          if (neg) return boolConst(true);
          pred = 'ugt';
          break;
        case 'sge':
          if (!neg) pred = 'sgt';
          break;
      }
    }
  }
  const c = constant(rw, IntegerAttr.get(intTy, rhsInt), intTy, op.location);
  return replace(rw, op, create(rw, 'arith.cmpi', [intVal, c], i1, op.location, { predicate: IntegerAttr.get(IntegerType.get(64), CMPI_NUM[pred]) }));
});

export const ARITH_PATTERNS: Partial<Record<string, () => readonly RewritePattern[]>> = {
  'arith.addi': () => [addIAddConstant, addISubConstantRHS, addISubConstantLHS, addIMulNegativeOneRhs, addIMulNegativeOneLhs],
  'arith.subi': () => [
    subIRHSAddConstant,
    subILHSAddConstant,
    subIRHSSubConstantRHS,
    subIRHSSubConstantLHS,
    subILHSSubConstantRHS,
    subILHSSubConstantLHS,
    subISubILHSRHSLHS,
  ],
  'arith.muli': () => [mulIMulIConstant],
  'arith.addui_extended': () => [addUIExtendedToAddI],
  'arith.mulsi_extended': () => [mulSIExtendedToMulI, mulSIExtendedRHSOne],
  'arith.mului_extended': () => [mulUIExtendedToMulI],
  'arith.xori': () => [xorINotCmpI, extOfBinary('arith.xori', 'XOrIOfExtUI', 'arith.extui'), extOfBinary('arith.xori', 'XOrIOfExtSI', 'arith.extsi')],
  'arith.andi': () => [extOfBinary('arith.andi', 'AndOfExtUI', 'arith.extui'), extOfBinary('arith.andi', 'AndOfExtSI', 'arith.extsi')],
  'arith.ori': () => [extOfBinary('arith.ori', 'OrOfExtUI', 'arith.extui'), extOfBinary('arith.ori', 'OrOfExtSI', 'arith.extsi')],
  'arith.cmpi': () => [cmpIExt('CmpIExtSI', 'arith.extsi'), cmpIExt('CmpIExtUI', 'arith.extui')],
  'arith.cmpf': () => [cmpFIntToFPConst],
  'arith.select': () => [redundantSelectFalse, redundantSelectTrue, selectNotCond, selectI1ToNot, selectToExtUI],
  'arith.index_cast': () => [indexCastOfIndexCast('arith.index_cast', 'IndexCastOfIndexCast'), castOfExt('arith.index_cast', 'arith.extsi', 'IndexCastOfExtSI')],
  'arith.index_castui': () => [
    indexCastOfIndexCast('arith.index_castui', 'IndexCastUIOfIndexCastUI'),
    castOfExt('arith.index_castui', 'arith.extui', 'IndexCastUIOfExtUI'),
  ],
  'arith.bitcast': () => [bitcastOfBitcast],
  'arith.extsi': () => [extSIOfExtUI],
  'arith.trunci': () => [truncIExtToExt('arith.extsi', 'TruncIExtSIToExtSI'), truncIExtToExt('arith.extui', 'TruncIExtUIToExtUI'), truncIShrSIToTrunciShrUI],
  'arith.truncf': () => [truncFOfIToFP('arith.sitofp', 'TruncFSIToFPToSIToFP'), truncFOfIToFP('arith.uitofp', 'TruncFUIToFPToUIToFP')],
  'arith.mulf': () => [ofNegF('arith.mulf', 'MulFOfNegF')],
  'arith.divf': () => [ofNegF('arith.divf', 'DivFOfNegF')],
};
