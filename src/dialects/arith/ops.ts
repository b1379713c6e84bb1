// The arith dialect's ops (MLIR 22's ArithOps.td): integer and
// floating-point arithmetic, comparisons, casts and constants, declared with
// the declarative layer (src/ods), with their enums and attributes.

import type { Attribute, Type } from '../../ir/attributes.js';
import { ElementsAttr, FloatAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import {
  FloatType,
  IndexType,
  IntegerType,
  MemRefType,
  RankedTensorType,
  ShapedType,
  TensorType,
  UnrankedTensorType,
  VectorType,
} from '../../ir/builtin-types.js';
import { Traits, fail, failPlain, q, type Context } from '../../ir/context.js';
import type { DialectAsmParser } from '../../ir/op-asm.js';
import type { Builder } from '../../ir/builder.js';
import { UnknownLoc, type Location } from '../../ir/location.js';
import { Interfaces, inferResultRangeOfUnknownOperands, type IntRange, type MemoryEffectsInterface, type SpeculatableInterface } from '../../ir/interfaces.js';
import { matchConstantInt } from '../../ir/matchers.js';
import { Operation, type OpOperand, type Value } from '../../ir/operation.js';
import {
  AllTypesMatch,
  registeredName,
  AnyType,
  BoolLike,
  type EnumAttrDef,
  EnumAttr,
  Elementwise,
  FloatLike,
  type OdsTraitOrName,
  SameOperandsAndResultShape,
  SameOperandsAndResultType,
  SameTypeOperands,
  SignlessFixedWidthIntegerLike,
  SignlessIntegerLike,
  TypedAttrC,
  TypesMatchWith,
  anyTypeOf,
  attr,
  defaultValuedAttr,
  defineEnumAttr,
  defineOp,
  type AttrDecl,
  type OpDeclaration,
  type TypeConstraint,
  type ValueDecl,
  enumAttrConstraint,

  getElementTypeOrSelf,
  i32EnumAttr,
  i64EnumAttr,
  memRefOf,
  AnySignlessInteger,
  Index,
  AnyFloat,
  nativeTrait,
  operand,
  optionalAttr,
  parseEnumAttrBody,
  predOpTrait,
  result,
  SignlessIntegerOrFloatLike,
  unitAttr,
  areCompatibleShapes,
  type Op,
} from '../../ods/index.js';
import type { OpAsmParser } from '../../ir/op-asm.js';
import { tokenParser } from '../../syntax/parser.js';

// ============================================================================
// Enums and attributes

export const FastMathFlags = {
  none: 0,
  reassoc: 1,
  nnan: 2,
  ninf: 4,
  nsz: 8,
  arcp: 16,
  contract: 32,
  afn: 64,
  fast: 127,
} as const;

export const FastMathDef: EnumAttrDef = defineEnumAttr({
  dialect: 'arith',
  mnemonic: 'fastmath',
  attrName: 'Arith_FastMathAttr',
  cppEnum: '::mlir::arith::FastMathFlags',
  summary: 'Floating point fast math flags',
  cases: ['none', 'reassoc', 'nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn'].map((name) => ({
    name,
    value: FastMathFlags[name as keyof typeof FastMathFlags],
  })),
  bitEnum: { separator: ',', groups: [{ name: 'fast', value: 127 }] },
  angled: true,
});

export const IntegerOverflowFlags = { none: 0, nsw: 1, nuw: 2 } as const;

export const IntegerOverflowDef: EnumAttrDef = defineEnumAttr({
  dialect: 'arith',
  mnemonic: 'overflow',
  attrName: 'Arith_IntegerOverflowAttr',
  cppEnum: '::mlir::arith::IntegerOverflowFlags',
  summary: 'Integer overflow arith flags',
  cases: [
    { name: 'none', value: 0 },
    { name: 'nsw', value: 1 },
    { name: 'nuw', value: 2 },
  ],
  bitEnum: { separator: ', ' },
  angled: true,
});

/** `#arith.fastmath<...>` with the given flag bits. */
export function fastMathAttr(flags: number): EnumAttr {
  return EnumAttr.get(FastMathDef, flags);
}
/** `#arith.overflow<...>` with the given flag bits. */
export function overflowAttr(flags: number): EnumAttr {
  return EnumAttr.get(IntegerOverflowDef, flags);
}

export const CmpIPredicate = i64EnumAttr(['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge']);
export const CmpFPredicate = i64EnumAttr([
  'false',
  'oeq',
  'ogt',
  'oge',
  'olt',
  'ole',
  'one',
  'ord',
  'ueq',
  'ugt',
  'uge',
  'ult',
  'ule',
  'une',
  'uno',
  'true',
]);

const { eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge } = CmpIPredicate.case;

/** MLIR's arith::invertPredicate: the cmpi predicate that holds exactly when `pred` does not. */
export function invertPredicate(pred: number): number {
  switch (pred) {
    case eq:
      return ne;
    case ne:
      return eq;
    case slt:
      return sge;
    case sle:
      return sgt;
    case sgt:
      return sle;
    case sge:
      return slt;
    case ult:
      return uge;
    case ule:
      return ugt;
    case ugt:
      return ule;
    case uge:
      return ult;
    default:
      return pred;
  }
}

/** The cmpi predicate that gives the same result with the operands swapped (`a < b` is `b > a`). */
export function swapPredicate(pred: number): number {
  switch (pred) {
    case slt:
      return sgt;
    case sgt:
      return slt;
    case sle:
      return sge;
    case sge:
      return sle;
    case ult:
      return ugt;
    case ugt:
      return ult;
    case ule:
      return uge;
    case uge:
      return ule;
    default:
      return pred;
  }
}

export const RoundingMode = i32EnumAttr(
  ['to_nearest_even', 'downward', 'upward', 'toward_zero', 'to_nearest_away'],
  'Floating point rounding mode',
);

const FastMathC = enumAttrConstraint(FastMathDef);
const OverflowC = enumAttrConstraint(IntegerOverflowDef);
const fastmathNone = fastMathAttr(0);
const overflowNone = overflowAttr(0);

// ============================================================================
// Helpers

/** i1 with the shape of `type` (MLIR's getI1SameShape). */
export function getI1SameShape(type: Type): Type {
  const i1 = IntegerType.get(1);
  if (type instanceof VectorType) return VectorType.get(type.dims, i1, type.scalableDims);
  if (type instanceof RankedTensorType) return RankedTensorType.get(type.dims, i1, type.encoding);
  if (type instanceof UnrankedTensorType) return UnrankedTensorType.get(i1);
  if (type instanceof MemRefType) return MemRefType.get(type.dims, i1, type.layoutAttr, type.memorySpace);
  return i1;
}

const NoEffects: MemoryEffectsInterface = { getEffects: () => [], removableWhenUnused: true };

function signedOf(op: Operation, v: bigint): bigint {
  const t = getElementTypeOrSelf(op.operand(1).type);
  const w = t instanceof IntegerType ? t.width : 64;
  return w === 0 ? 0n : BigInt.asIntN(w, v);
}

/** The divisor's range from its defining op's InferIntRange interface (MLIR's m_IntRange* matchers). */
function divisorRange(op: Operation): IntRange | undefined {
  const def = op.operand(1).definingOp;
  return def ? inferResultRangeOfUnknownOperands(def) : undefined;
}

/** Unsigned division: speculatable when the divisor cannot be zero. */
const UnsignedDivSpeculation: SpeculatableInterface = {
  isSpeculatable: (op) => {
    const c = matchConstantInt(op.operand(1));
    if (c !== undefined) return c !== 0n;
    const r = divisorRange(op);
    return r !== undefined && r.umin > 0n;
  },
};
/** Signed division: also excludes -1 (overflow). */
const SignedDivSpeculation: SpeculatableInterface = {
  isSpeculatable: (op) => {
    const c = matchConstantInt(op.operand(1));
    if (c !== undefined) return c !== 0n && signedOf(op, c) !== -1n;
    const r = divisorRange(op);
    return r !== undefined && (r.smin > 0n || r.smax < 0n) && (r.smax < -1n || r.smin > -1n);
  },
};

/** Traits every arith op gets from Arith_Op (ElementwiseMappable). */
const ARITH_TAIL: OdsTraitOrName[] = [Elementwise];

function arithOp<
  const N extends string,
  const O extends readonly ValueDecl[] = [],
  const R extends readonly ValueDecl[] = [],
  const A extends readonly AttrDecl[] = [],
>(spec: OpDeclaration<N, O, R, A, [], []>) {
  return defineOp<N, O, R, A, [], []>({ ...spec, traits: [...(spec.traits ?? []), ...ARITH_TAIL] });
}

// ============================================================================
// Integer binary ops

interface IntBinaryOptions {
  commutative?: boolean;
  /** False for divisions, which are only conditionally speculatable. */
  pure?: boolean;
  speculation?: SpeculatableInterface;
}

function intBinaryTraits(opts: IntBinaryOptions): OdsTraitOrName[] {
  const traits: OdsTraitOrName[] = [];
  if (opts.commutative) traits.push(Traits.Commutative);
  if (opts.pure !== false) traits.push(Traits.Pure);
  traits.push(SameOperandsAndResultType);
  return traits;
}

function intBinaryInterfaces(opts: IntBinaryOptions): Record<string, unknown> | undefined {
  return opts.pure === false ? { [Interfaces.MemoryEffects]: NoEffects, [Interfaces.Speculatable]: opts.speculation } : undefined;
}

function intBinaryOp<const M extends string>(mnemonic: M, opts: IntBinaryOptions = {}) {
  return arithOp({
    name: `arith.${mnemonic}`,
    traits: intBinaryTraits(opts),
    operands: [operand('lhs', SignlessIntegerLike), operand('rhs', SignlessIntegerLike)],
    results: [result('result', SignlessIntegerLike)],
    assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
    interfaces: intBinaryInterfaces(opts),
  });
}

/** Integer ops with `overflow<nsw, nuw>` flags. */
function intBinaryOverflowOp<const M extends string>(mnemonic: M, opts: IntBinaryOptions = {}) {
  return arithOp({
    name: `arith.${mnemonic}`,
    traits: intBinaryTraits(opts),
    operands: [operand('lhs', SignlessIntegerLike), operand('rhs', SignlessIntegerLike)],
    results: [result('result', SignlessIntegerLike)],
    attributes: [defaultValuedAttr('overflowFlags', OverflowC, overflowNone)],
    assemblyFormat: '$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)',
    interfaces: intBinaryInterfaces(opts),
  });
}

/** Integer ops with an `exact` flag. */
function intBinaryExactOp<const M extends string>(mnemonic: M, opts: IntBinaryOptions = {}) {
  return arithOp({
    name: `arith.${mnemonic}`,
    traits: intBinaryTraits(opts),
    operands: [operand('lhs', SignlessIntegerLike), operand('rhs', SignlessIntegerLike)],
    results: [result('result', SignlessIntegerLike)],
    attributes: [unitAttr('isExact')],
    assemblyFormat: '$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)',
    interfaces: intBinaryInterfaces(opts),
  });
}

// Scratch lists for the Operation constructor, which reads its operand and
// result type lists without keeping them: `create` fills one, makes the op
// and empties it again (a module-level list must not keep IR alive), instead
// of two arrays per op; lowerings make these by the ten thousand.
const TWO_VALUES: (Value | null)[] = [null, null];
const ONE_TYPE: (Type | null)[] = [null];
/** arith.cmpi's property list per predicate (see CmpIOp.create). */
const CMPI_PROPS: (string | Attribute)[][] = [];

export const AddIOp = intBinaryOverflowOp('addi', { commutative: true }).withBuilders((self) => ({
  /**
   * `lhs + rhs` without overflow flags (what `build` makes from lhs and rhs),
   * made directly: lowerings make one per loop, and the generic builder's
   * walk over the declaration cost more than the op (as cf.br's create).
   */
  create(b: Builder, lhs: Value, rhs: Value, location?: Location): Op<'arith.addi'> {
    const name = registeredName(b.ctx, self.opName, self.definition);
    if (name === undefined) return self.build(b, { lhs, rhs, location });
    TWO_VALUES[0] = lhs;
    TWO_VALUES[1] = rhs;
    ONE_TYPE[0] = lhs.type;
    const op = new Operation(name, location ?? UnknownLoc.get(), -1, TWO_VALUES as Value[], ONE_TYPE as Type[], null, null, null, null, null);
    TWO_VALUES[0] = TWO_VALUES[1] = ONE_TYPE[0] = null;
    return b.insert(op) as Op<'arith.addi'>;
  },
}));
export const SubIOp = intBinaryOverflowOp('subi');
export const MulIOp = intBinaryOverflowOp('muli', { commutative: true });
export const DivUIOp = intBinaryExactOp('divui', { pure: false, speculation: UnsignedDivSpeculation });
export const DivSIOp = intBinaryExactOp('divsi', { pure: false, speculation: SignedDivSpeculation });
export const CeilDivUIOp = intBinaryOp('ceildivui', { pure: false, speculation: UnsignedDivSpeculation });
export const CeilDivSIOp = intBinaryOp('ceildivsi', { pure: false, speculation: SignedDivSpeculation });
export const FloorDivSIOp = intBinaryOp('floordivsi');
export const RemUIOp = intBinaryOp('remui');
export const RemSIOp = intBinaryOp('remsi');
export const AndIOp = intBinaryOp('andi', { commutative: true });
export const OrIOp = intBinaryOp('ori', { commutative: true });
export const XOrIOp = intBinaryOp('xori', { commutative: true });
export const ShLIOp = intBinaryOverflowOp('shli');
export const ShRUIOp = intBinaryExactOp('shrui');
export const ShRSIOp = intBinaryExactOp('shrsi');
export const MaxSIOp = intBinaryOp('maxsi', { commutative: true });
export const MaxUIOp = intBinaryOp('maxui', { commutative: true });
export const MinSIOp = intBinaryOp('minsi', { commutative: true });
export const MinUIOp = intBinaryOp('minui', { commutative: true });

// ============================================================================
// Float ops

function floatBinaryOp<const M extends string>(mnemonic: M, commutative = false) {
  const traits: OdsTraitOrName[] = [Traits.Pure];
  if (commutative) traits.push(Traits.Commutative);
  traits.push(SameOperandsAndResultType);
  return arithOp({
    name: `arith.${mnemonic}`,
    traits,
    operands: [operand('lhs', FloatLike), operand('rhs', FloatLike)],
    results: [result('result', FloatLike)],
    attributes: [defaultValuedAttr('fastmath', FastMathC, fastmathNone)],
    assemblyFormat: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  });
}

export const NegFOp = arithOp({
  name: 'arith.negf',
  traits: [Traits.Pure, SameOperandsAndResultType],
  operands: [operand('operand', FloatLike)],
  results: [result('result', FloatLike)],
  attributes: [defaultValuedAttr('fastmath', FastMathC, fastmathNone)],
  assemblyFormat: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
});

// ============================================================================
// Extended arithmetic

export const AddUIExtendedOp = arithOp({
  name: 'arith.addui_extended',
  traits: [Traits.Pure, Traits.Commutative, AllTypesMatch(['lhs', 'rhs', 'sum'])],
  operands: [operand('lhs', SignlessIntegerLike), operand('rhs', SignlessIntegerLike)],
  results: [result('sum', SignlessIntegerLike), result('overflow', BoolLike)],
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)',
});

function mulExtendedOp<const M extends string>(mnemonic: M) {
  return arithOp({
    name: `arith.${mnemonic}`,
    traits: [Traits.Pure, Traits.Commutative, AllTypesMatch(['lhs', 'rhs', 'low', 'high'])],
    operands: [operand('lhs', SignlessIntegerLike), operand('rhs', SignlessIntegerLike)],
    results: [result('low', SignlessIntegerLike), result('high', SignlessIntegerLike)],
    assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($lhs)',
  });
}

// ============================================================================
// Casts

/** The element type of a scalar, vector or tensor (not memref), if it satisfies `is`. */
function typeIfLike(t: Type, is: (e: Type) => boolean, allowMemRef = false): Type | undefined {
  if (t instanceof ShapedType && !(t instanceof VectorType || t instanceof TensorType || (allowMemRef && t instanceof MemRefType))) return undefined;
  const e = getElementTypeOrSelf(t);
  return is(e) ? e : undefined;
}

function validCastInputsAndOutputs(op: Operation): boolean {
  if (op.numOperands < 1 || op.numResults !== 1) return false;
  const a = op.operand(0).type;
  const b = op.result(0).type;
  if (a instanceof RankedTensorType && b instanceof RankedTensorType && a.encoding !== b.encoding) return false;
  return areCompatibleShapes(a, b);
}

const isInt = (t: Type): boolean => t instanceof IntegerType;
const isFloat = (t: Type): boolean => t instanceof FloatType;
const widthOf = (t: Type): number => (t instanceof IntegerType || t instanceof FloatType ? t.width : 64);

function widthChangeCompatible(cmp: 'wider' | 'narrower', is: (t: Type) => boolean) {
  return (op: Operation): boolean => {
    if (!validCastInputsAndOutputs(op)) return false;
    const src = typeIfLike(op.operand(0).type, is);
    const dst = typeIfLike(op.result(0).type, is);
    if (!src || !dst) return false;
    return cmp === 'wider' ? widthOf(dst) > widthOf(src) : widthOf(dst) < widthOf(src);
  };
}

function intFloatCompatible(from: (t: Type) => boolean, to: (t: Type) => boolean) {
  return (op: Operation): boolean => {
    if (!validCastInputsAndOutputs(op)) return false;
    return typeIfLike(op.operand(0).type, from) !== undefined && typeIfLike(op.result(0).type, to) !== undefined;
  };
}

// Module-level, not made per verified op.
const isIntOrIndex = (t: Type): boolean => t instanceof IntegerType || t instanceof IndexType;
const isSignless = (t: Type): boolean => t instanceof IntegerType && t.signedness === 'signless';
const isIntOrFloat = (t: Type): boolean => t instanceof IntegerType || t instanceof FloatType;

function indexCastCompatible(op: Operation): boolean {
  if (!validCastInputsAndOutputs(op)) return false;
  const src = typeIfLike(op.operand(0).type, isIntOrIndex, true);
  const dst = typeIfLike(op.result(0).type, isIntOrIndex, true);
  if (!src || !dst) return false;
  return (src instanceof IndexType && isSignless(dst)) || (isSignless(src) && dst instanceof IndexType);
}

function bitcastCompatible(op: Operation): boolean {
  if (!validCastInputsAndOutputs(op)) return false;
  const src = typeIfLike(op.operand(0).type, isIntOrFloat, true);
  const dst = typeIfLike(op.result(0).type, isIntOrFloat, true);
  if (!src || !dst) return false;
  return widthOf(src) === widthOf(dst);
}

/** CastOpInterface verification (verifyCastInterfaceOp). */
function castOpInterface(compatible: (op: Operation) => boolean) {
  return nativeTrait('CastOpInterface', (op) => {
    if (op.numResults === 0) return 'expected at least one result for cast operation';
    if (compatible(op)) return undefined;
    const ins = op.operands.map((v) => v.type);
    const outs = op.resultTypes;
    let msg = 'operand type';
    if (ins.length === 0) msg += 's []';
    else if (ins.length === 1) msg += ' ' + q(ins[0]);
    else msg += 's ' + ins.map(q).join(', ');
    msg += ' and result type' + (outs.length === 1 ? ' ' : 's ') + outs.map(q).join(', ') + ' are cast incompatible';
    return msg;
  });
}

/** SameInputOutputTensorDims: tensor shapes of `in` and `out` are identical. */
const SameInputOutputTensorDims = predOpTrait('input and output have the same tensor dimensions', (op) => {
  const shapeOf = (t: Type): string => (t instanceof TensorType ? (t.shapeOrUndefined?.join('x') ?? '*') : '');
  return shapeOf(op.operand(0).type) === shapeOf(op.result(0).type);
});

function extVerifier(is: 'int' | 'float') {
  void is;
  return (op: Operation, ctx: Context): boolean => {
    const src = getElementTypeOrSelf(op.operand(0).type);
    const dst = getElementTypeOrSelf(op.result(0).type);
    if (widthOf(src) >= widthOf(dst)) return failPlain(ctx, op, `result type ${q(dst)} must be wider than operand type ${q(src)}`);
    return true;
  };
}
function truncVerifier() {
  return (op: Operation, ctx: Context): boolean => {
    const src = getElementTypeOrSelf(op.operand(0).type);
    const dst = getElementTypeOrSelf(op.result(0).type);
    if (widthOf(src) <= widthOf(dst)) return failPlain(ctx, op, `result type ${q(dst)} must be shorter than operand type ${q(src)}`);
    return true;
  };
}

const CAST_FORMAT = '$in attr-dict `:` type($in) `to` type($out)';

function castOp<const M extends string, const A extends readonly AttrDecl[] = []>(
  mnemonic: M,
  from: TypeConstraint,
  to: TypeConstraint,
  compatible: (op: Operation) => boolean,
  extra: { attributes?: A; assemblyFormat?: string; verify?: (op: Operation, ctx: Context) => boolean } = {},
) {
  return arithOp({
    name: `arith.${mnemonic}`,
    traits: [Traits.Pure, SameOperandsAndResultShape, SameInputOutputTensorDims, castOpInterface(compatible)],
    operands: [operand('in', from)],
    results: [result('out', to)],
    assemblyFormat: CAST_FORMAT,
    ...extra,
  }).withAccessors({
    /** The operand itself (MLIR's getInMutable), for folds that update it in place. */
    inMutable: (op): OpOperand => op.opOperand(0),
  });
}

const IndexCastTypeConstraint = anyTypeOf(
  [SignlessIntegerLike, memRefOf([AnySignlessInteger, Index])],
  'signless-integer-like or memref of signless-integer',
);
const BitcastTypeConstraint = anyTypeOf(
  [
    SignlessIntegerOrFloatLike,
    memRefOf([AnySignlessInteger, AnyFloat]),
  ],
  'signless-integer-or-float-like or memref of signless-integer or float',
);

export const ExtUIOp = castOp('extui', SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike, widthChangeCompatible('wider', isInt), {
  verify: extVerifier('int'),
});
export const ExtSIOp = castOp('extsi', SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike, widthChangeCompatible('wider', isInt), {
  verify: extVerifier('int'),
});
export const ExtFOp = castOp('extf', FloatLike, FloatLike, widthChangeCompatible('wider', isFloat), {
  attributes: [optionalAttr('fastmath', FastMathC)],
  assemblyFormat: '$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)',
  verify: extVerifier('float'),
});
export const TruncIOp = castOp('trunci', SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike, widthChangeCompatible('narrower', isInt), {
  attributes: [defaultValuedAttr('overflowFlags', OverflowC, overflowNone)],
  assemblyFormat: '$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)',
  verify: truncVerifier(),
});
export const TruncFOp = castOp('truncf', FloatLike, FloatLike, widthChangeCompatible('narrower', isFloat), {
  attributes: [optionalAttr('roundingmode', RoundingMode), optionalAttr('fastmath', FastMathC)],
  assemblyFormat: '$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)',
  verify: truncVerifier(),
});
export const UIToFPOp = castOp('uitofp', SignlessFixedWidthIntegerLike, FloatLike, intFloatCompatible(isInt, isFloat));
export const SIToFPOp = castOp('sitofp', SignlessFixedWidthIntegerLike, FloatLike, intFloatCompatible(isInt, isFloat));
export const FPToUIOp = castOp('fptoui', FloatLike, SignlessFixedWidthIntegerLike, intFloatCompatible(isFloat, isInt));
export const FPToSIOp = castOp('fptosi', FloatLike, SignlessFixedWidthIntegerLike, intFloatCompatible(isFloat, isInt));
export const IndexCastOp = castOp('index_cast', IndexCastTypeConstraint, IndexCastTypeConstraint, indexCastCompatible);
export const IndexCastUIOp = castOp('index_castui', IndexCastTypeConstraint, IndexCastTypeConstraint, indexCastCompatible);
export const BitcastOp = castOp('bitcast', BitcastTypeConstraint, BitcastTypeConstraint, bitcastCompatible);

function scalingCompatible(cmp: 'wider' | 'narrower') {
  return (op: Operation): boolean => {
    if (op.numOperands < 1 || op.numResults !== 1) return false;
    const a = op.operand(0).type;
    const b = op.result(0).type;
    if (!areCompatibleShapes(a, b)) return false;
    const src = typeIfLike(a, isFloat);
    const dst = typeIfLike(b, isFloat);
    if (!src || !dst) return false;
    return cmp === 'wider' ? widthOf(dst) > widthOf(src) : widthOf(dst) < widthOf(src);
  };
}

export const ScalingExtFOp = arithOp({
  name: 'arith.scaling_extf',
  traits: [Traits.Pure, SameInputOutputTensorDims, castOpInterface(scalingCompatible('wider'))],
  operands: [operand('in', FloatLike), operand('scale', FloatLike)],
  results: [result('out', FloatLike)],
  attributes: [optionalAttr('fastmath', FastMathC)],
  assemblyFormat: '$in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)',
  verify: extVerifier('float'),
});
export const ScalingTruncFOp = arithOp({
  name: 'arith.scaling_truncf',
  traits: [Traits.Pure, SameInputOutputTensorDims, castOpInterface(scalingCompatible('narrower'))],
  operands: [operand('in', FloatLike), operand('scale', FloatLike)],
  results: [result('out', FloatLike)],
  attributes: [optionalAttr('roundingmode', RoundingMode), optionalAttr('fastmath', FastMathC)],
  assemblyFormat:
    '$in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)',
  verify: truncVerifier(),
});

// ============================================================================
// Comparisons and select

const I1SameShape = TypesMatchWith('result type has i1 element type and same shape as operands', 'lhs', 'result', getI1SameShape);

export const CmpIOp = arithOp({
  name: 'arith.cmpi',
  traits: [Traits.Pure, SameTypeOperands, I1SameShape],
  operands: [operand('lhs', SignlessIntegerLike), operand('rhs', SignlessIntegerLike)],
  results: [result('result', BoolLike)],
  attributes: [attr('predicate', CmpIPredicate)],
  assemblyFormat: '$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)',
}).withAccessors({
  /** The operands themselves (MLIR's getLhsMutable/getRhsMutable), for folds that update them in place. */
  lhsMutable: (op): OpOperand => op.opOperand(0),
  rhsMutable: (op): OpOperand => op.opOperand(1),
}).withBuilders((self) => ({
  /** What `build` makes from predicate, lhs and rhs, made directly as AddIOp.create. */
  create(b: Builder, predicate: number, lhs: Value, rhs: Value, location?: Location): Op<'arith.cmpi'> {
    const name = registeredName(b.ctx, self.opName, self.definition);
    if (name === undefined) return self.build(b, { predicate, lhs, rhs, location });
    // One shared list per predicate (the constructor swaps a one-property list for its shared one).
    const props = (CMPI_PROPS[predicate] ??= ['predicate', CmpIPredicate.get(predicate)]);
    TWO_VALUES[0] = lhs;
    TWO_VALUES[1] = rhs;
    ONE_TYPE[0] = getI1SameShape(lhs.type);
    const op = new Operation(name, location ?? UnknownLoc.get(), -1, TWO_VALUES as Value[], ONE_TYPE as Type[], props, null, null, null, null);
    TWO_VALUES[0] = TWO_VALUES[1] = ONE_TYPE[0] = null;
    return b.insert(op) as Op<'arith.cmpi'>;
  },
}));

export const CmpFOp = arithOp({
  name: 'arith.cmpf',
  traits: [Traits.Pure, SameTypeOperands, I1SameShape],
  operands: [operand('lhs', FloatLike), operand('rhs', FloatLike)],
  results: [result('result', BoolLike)],
  attributes: [attr('predicate', CmpFPredicate), defaultValuedAttr('fastmath', FastMathC, fastmathNone)],
  assemblyFormat: '$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)',
});

const isI1 = (t: Type): boolean => t instanceof IntegerType && t.signedness === 'signless' && t.width === 1;

const BooleanConditionOrMatchingShape = predOpTrait('condition is signless i1 or has matching shape', (op) => {
  const c = op.operand(0).type;
  const r = op.result(0).type;
  if (isI1(c)) return true;
  if (!(c instanceof ShapedType) || !(r instanceof ShapedType)) return false;
  const a = c.shapeOrUndefined;
  const b = r.shapeOrUndefined;
  if (!a || !b) return a === b;
  return a.length === b.length && a.every((d, i) => d === b[i]);
});

export const SelectOp = arithOp({
  name: 'arith.select',
  traits: [Traits.Pure, AllTypesMatch(['true_value', 'false_value', 'result']), BooleanConditionOrMatchingShape],
  operands: [operand('condition', BoolLike), operand('true_value', AnyType), operand('false_value', AnyType)],
  results: [result('result', AnyType)],
  parse(p: OpAsmParser, state) {
    const operands = p.parseOperandList('none', 3);
    p.parseOptionalAttrDict(state);
    p.parseColon();
    let resultType = p.parseType();
    let conditionType: Type = IntegerType.get(1);
    if (p.parseOptionalComma()) {
      conditionType = resultType;
      resultType = p.parseType();
    }
    state.types = [resultType];
    state.operands = p.resolveOperands(operands, [conditionType, resultType, resultType], p.nameOffset);
  },
  print(p, op) {
    p.write(' ');
    p.printOperands(op.operands);
    p.printOptionalAttrDict([...op.attributesView.entries(), ...op.propertiesView.entries()]);
    p.write(' : ');
    const c = op.operand(0).type;
    if (c instanceof ShapedType) {
      p.printType(c);
      p.write(', ');
    }
    p.printType(op.result(0).type);
  },
  localVerifier: true,
  verify(op, ctx) {
    const c = op.operand(0).type;
    if (isI1(c)) return true;
    const r = op.result(0).type;
    if (!(r instanceof TensorType || r instanceof VectorType))
      return fail(ctx, op, `expected condition to be a signless i1, but got ${q(c)}`);
    const expected = getI1SameShape(r);
    if (c !== expected)
      return fail(ctx, op, `expected condition type to have the same shape as the result type, expected ${q(expected)}, but got ${q(c)}`);
    return true;
  },
});

// ============================================================================
// Constants

/** The value of a constant, interpreted as signed for naming (`%c-1_i8`). */
function signedValue(a: IntegerAttr): bigint {
  const t = a.type;
  if (t instanceof IntegerType) return t.width === 0 ? 0n : BigInt.asIntN(t.width, a.value);
  return BigInt.asIntN(64, a.value);
}

/** `arith.constant`'s result names (`c42_i32`), per integer attribute: printing makes no BigInt string per op. */
const constantNames = new Map<IntegerAttr, string>();

function isSplat(a: Attribute): boolean {
  return (a as { isSplat?: boolean }).isSplat === true;
}

export const ConstantOp = defineOp({
  name: 'arith.constant',
  traits: [Traits.ConstantLike, Traits.Pure, AllTypesMatch(['value', 'result'])],
  results: [result('result', AnyType)],
  attributes: [attr('value', TypedAttrC)],
  assemblyFormat: 'attr-dict $value',
  getAsmResultNames(op, setName) {
    const value = op.getProperty('value');
    const result = op.result(0);
    const type = result.type;
    if (value instanceof IntegerAttr) {
      // Named once per uniqued attribute (of the result's type, as verified IR has it).
      const cached = type === value.type ? constantNames.get(value) : undefined;
      if (cached !== undefined) {
        setName(result, cached);
        return;
      }
      let name: string;
      if (type instanceof IntegerType && type.width === 1) name = value.value !== 0n ? 'true' : 'false';
      else {
        name = 'c' + signedValue(value).toString();
        if (type instanceof IntegerType) name += '_' + type.key;
      }
      if (type === value.type) constantNames.set(value, name);
      setName(result, name);
    } else {
      setName(op.result(0), 'cst');
    }
  },
  localVerifier: true,
  verify(op, ctx) {
    const value = op.propertiesView.get('value')!;
    const type = op.result(0).type;
    if (type instanceof IntegerType && type.signedness !== 'signless') return fail(ctx, op, 'integer return type must be signless');
    if (!(value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof ElementsAttr))
      return fail(ctx, op, 'value must be an integer, float, or elements attribute');
    if (type instanceof VectorType && type.scalableDims?.some((s: boolean) => s) && !isSplat(value))
      return fail(ctx, op, "intializing scalable vectors with elements attribute is not supported unless it's a vector splat");
    return true;
  },
  interfaces: {
    [Interfaces.ConstantLike]: { getValue: (op: Operation) => op.getProperty('value')! },
  },
}).withBuilders((self) => ({
  /** `arith.constant` of any typed attribute (its type is the result type). */
  create(b: Builder, value: Attribute & { readonly type: Type }, location: Location = UnknownLoc.get()): Value {
    return self.build(b, { value, result: value.type, location }).results[0];
  },
  /** MLIR's arith::ConstantIndexOp. */
  index(b: Builder, value: bigint | number, location: Location = UnknownLoc.get()): Value {
    const t = IndexType.get();
    return self.build(b, { value: IntegerAttr.get(t, BigInt(value)), result: t, location }).results[0];
  },
  /** MLIR's arith::ConstantIntOp: an integer (or index) constant of `type`. */
  int(b: Builder, value: bigint | number, type: Type, location: Location = UnknownLoc.get()): Value {
    return self.build(b, { value: IntegerAttr.get(type, BigInt(value)), result: type, location }).results[0];
  },
  /** An `i1` constant. */
  bool(b: Builder, value: boolean, location: Location = UnknownLoc.get()): Value {
    const t = IntegerType.get(1);
    return self.build(b, { value: IntegerAttr.get(t, value ? 1n : 0n), result: t, location }).results[0];
  },
}));

// ============================================================================

export const AddFOp = floatBinaryOp('addf', true);
export const SubFOp = floatBinaryOp('subf');
export const MulFOp = floatBinaryOp('mulf', true);
export const DivFOp = floatBinaryOp('divf');
export const RemFOp = floatBinaryOp('remf');
export const MaximumFOp = floatBinaryOp('maximumf', true);
export const MaxNumFOp = floatBinaryOp('maxnumf', true);
export const MinimumFOp = floatBinaryOp('minimumf', true);
export const MinNumFOp = floatBinaryOp('minnumf', true);
export const MulSIExtendedOp = mulExtendedOp('mulsi_extended');
export const MulUIExtendedOp = mulExtendedOp('mului_extended');

/** Every arith op, in the order the dialect registers them. */
export const ARITH_OPS = [
  ConstantOp,
  AddIOp,
  AddUIExtendedOp,
  SubIOp,
  MulIOp,
  MulSIExtendedOp,
  MulUIExtendedOp,
  DivUIOp,
  DivSIOp,
  CeilDivUIOp,
  CeilDivSIOp,
  FloorDivSIOp,
  RemUIOp,
  RemSIOp,
  AndIOp,
  OrIOp,
  XOrIOp,
  ShLIOp,
  ShRUIOp,
  ShRSIOp,
  MaxSIOp,
  MaxUIOp,
  MinSIOp,
  MinUIOp,
  NegFOp,
  AddFOp,
  SubFOp,
  MulFOp,
  DivFOp,
  RemFOp,
  MaximumFOp,
  MaxNumFOp,
  MinimumFOp,
  MinNumFOp,
  ExtUIOp,
  ExtSIOp,
  ExtFOp,
  ScalingExtFOp,
  TruncIOp,
  TruncFOp,
  ScalingTruncFOp,
  UIToFPOp,
  SIToFPOp,
  FPToUIOp,
  FPToSIOp,
  IndexCastOp,
  IndexCastUIOp,
  BitcastOp,
  CmpIOp,
  CmpFOp,
  SelectOp,
] as const;

/** Parses `#arith.fastmath<...>` and `#arith.overflow<...>`. */
export function parseArithAttribute(d: DialectAsmParser): Attribute {
  const p = tokenParser(d);
  if (d.mnemonic === 'fastmath' || d.mnemonic === 'overflow') {
    p.consume();
    return parseEnumAttrBody(p, d.mnemonic === 'fastmath' ? FastMathDef : IntegerOverflowDef);
  }
  return p.error(`unknown attribute \`${d.mnemonic}\` in dialect \`arith\``);
}
