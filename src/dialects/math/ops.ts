// The math dialect's ops (MLIR 22's MathOps.td): elementwise float and
// integer math, declared with their typed handles (syntax, types and purity,
// so that passes can reason about them). Their folders are in fold.ts;
// execution is not implemented.

import { Traits } from '../../ir/context.js';
import {
  AllTypesMatch,
  BoolLike,
  Elementwise,
  FloatLike,
  SameOperandsAndResultShape,
  SameOperandsAndResultType,
  SignlessIntegerLike,
  TypesMatchWith,
  defaultValuedAttr,
  defineOp,
  enumAttrConstraint,
  operand,
  result,
  type OdsTraitOrName,
} from '../../ods/index.js';
import { FastMathDef, fastMathAttr, getI1SameShape } from '../arith/index.js';

const FastMathC = enumAttrConstraint(FastMathDef);
const fastmathNone = fastMathAttr(0);
/** Math_Op: Pure and ElementwiseMappable. */
const MATH_OP: OdsTraitOrName[] = [Traits.Pure, Elementwise];

/** Math_FloatUnaryOp. */
function floatUnaryOp<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `math.${mnemonic}`,
    traits: [...MATH_OP, SameOperandsAndResultType],
    operands: [operand('operand', FloatLike)],
    results: [result('result', FloatLike)],
    attributes: [defaultValuedAttr('fastmath', FastMathC, fastmathNone)],
    assemblyFormat: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  });
}

/** Math_FloatBinaryOp. */
function floatBinaryOp<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `math.${mnemonic}`,
    traits: [...MATH_OP, SameOperandsAndResultType],
    operands: [operand('lhs', FloatLike), operand('rhs', FloatLike)],
    results: [result('result', FloatLike)],
    attributes: [defaultValuedAttr('fastmath', FastMathC, fastmathNone)],
    assemblyFormat: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  });
}

/** Math_IntegerUnaryOp. */
function integerUnaryOp<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `math.${mnemonic}`,
    traits: [...MATH_OP, SameOperandsAndResultType],
    operands: [operand('operand', SignlessIntegerLike)],
    results: [result('result', SignlessIntegerLike)],
    assemblyFormat: '$operand attr-dict `:` type($result)',
  });
}

/** Math_FloatClassificationOp: an i1 (of the operand's shape) per element. */
function floatClassificationOp<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `math.${mnemonic}`,
    traits: [
      ...MATH_OP,
      SameOperandsAndResultShape,
      TypesMatchWith('result type has i1 element type and same shape as operands', 'operand', 'result', getI1SameShape),
    ],
    operands: [operand('operand', FloatLike)],
    results: [result('result', BoolLike)],
    attributes: [defaultValuedAttr('fastmath', FastMathC, fastmathNone)],
    assemblyFormat: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)',
  });
}

export const AbsFOp = floatUnaryOp('absf');
export const AbsIOp = integerUnaryOp('absi');
export const AcosOp = floatUnaryOp('acos');
export const AcoshOp = floatUnaryOp('acosh');
export const AsinOp = floatUnaryOp('asin');
export const AsinhOp = floatUnaryOp('asinh');
export const AtanOp = floatUnaryOp('atan');
export const Atan2Op = floatBinaryOp('atan2');
export const AtanhOp = floatUnaryOp('atanh');
export const CbrtOp = floatUnaryOp('cbrt');
export const CeilOp = floatUnaryOp('ceil');
export const CopySignOp = floatBinaryOp('copysign');
export const CosOp = floatUnaryOp('cos');
export const CoshOp = floatUnaryOp('cosh');
export const CountLeadingZerosOp = integerUnaryOp('ctlz');
export const CtPopOp = integerUnaryOp('ctpop');
export const CountTrailingZerosOp = integerUnaryOp('cttz');
export const ErfOp = floatUnaryOp('erf');
export const ErfcOp = floatUnaryOp('erfc');
export const ExpOp = floatUnaryOp('exp');
export const Exp2Op = floatUnaryOp('exp2');
export const ExpM1Op = floatUnaryOp('expm1');
export const FloorOp = floatUnaryOp('floor');

export const FmaOp = defineOp({
  name: 'math.fma',
  traits: [...MATH_OP, SameOperandsAndResultType],
  operands: [operand('a', FloatLike), operand('b', FloatLike), operand('c', FloatLike)],
  results: [result('result', FloatLike)],
  attributes: [defaultValuedAttr('fastmath', FastMathC, fastmathNone)],
  assemblyFormat: '$a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
});

export const FPowIOp = defineOp({
  name: 'math.fpowi',
  traits: [...MATH_OP, SameOperandsAndResultShape, AllTypesMatch(['lhs', 'result'])],
  operands: [operand('lhs', FloatLike), operand('rhs', SignlessIntegerLike)],
  results: [result('result', FloatLike)],
  attributes: [defaultValuedAttr('fastmath', FastMathC, fastmathNone)],
  assemblyFormat: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)',
});

export const IPowIOp = defineOp({
  name: 'math.ipowi',
  traits: [...MATH_OP, SameOperandsAndResultType],
  operands: [operand('lhs', SignlessIntegerLike), operand('rhs', SignlessIntegerLike)],
  results: [result('result', SignlessIntegerLike)],
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
});

export const IsFiniteOp = floatClassificationOp('isfinite');
export const IsInfOp = floatClassificationOp('isinf');
export const IsNaNOp = floatClassificationOp('isnan');
export const IsNormalOp = floatClassificationOp('isnormal');
export const LogOp = floatUnaryOp('log');
export const Log10Op = floatUnaryOp('log10');
export const Log1pOp = floatUnaryOp('log1p');
export const Log2Op = floatUnaryOp('log2');
export const PowFOp = floatBinaryOp('powf');
export const RoundOp = floatUnaryOp('round');
export const RoundEvenOp = floatUnaryOp('roundeven');
export const RsqrtOp = floatUnaryOp('rsqrt');
export const SinOp = floatUnaryOp('sin');
export const SinhOp = floatUnaryOp('sinh');
export const SqrtOp = floatUnaryOp('sqrt');
export const TanOp = floatUnaryOp('tan');
export const TanhOp = floatUnaryOp('tanh');
export const TruncOp = floatUnaryOp('trunc');

/** Every math op, sorted by name (the order the dialect registers them). */
export const MATH_OPS = [
  AbsFOp,
  AbsIOp,
  AcosOp,
  AcoshOp,
  AsinOp,
  AsinhOp,
  AtanOp,
  Atan2Op,
  AtanhOp,
  CbrtOp,
  CeilOp,
  CopySignOp,
  CosOp,
  CoshOp,
  CountLeadingZerosOp,
  CtPopOp,
  CountTrailingZerosOp,
  ErfOp,
  ErfcOp,
  ExpOp,
  Exp2Op,
  ExpM1Op,
  FloorOp,
  FmaOp,
  FPowIOp,
  IPowIOp,
  IsFiniteOp,
  IsInfOp,
  IsNaNOp,
  IsNormalOp,
  LogOp,
  Log10Op,
  Log1pOp,
  Log2Op,
  PowFOp,
  RoundOp,
  RoundEvenOp,
  RsqrtOp,
  SinOp,
  SinhOp,
  SqrtOp,
  TanOp,
  TanhOp,
  TruncOp,
] as const;
