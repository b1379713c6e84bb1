// The math dialect's elementwise ops (MLIR 22's MathOps.td): syntax, types
// and purity, so that passes can reason about them (dead code, CSE, motion),
// and the constant folders of fold.ts. Execution is not implemented.

import { Traits, type Dialect, type OpDefinition } from '../../ir/context.js';
import {
  AllTypesMatch,
  BoolLike,
  Elementwise,
  TypesMatchWith,
  FloatLike,
  SameOperandsAndResultShape,
  SameOperandsAndResultType,
  SignlessIntegerLike,
  defaultValuedAttr,
  defineOds,
  enumAttrConstraint,
  operand,
  result,
  type OdsTraitOrName,
} from '../../ods/index.js';
import { FastMathDef, fastMathAttr, getI1SameShape } from '../arith/index.js';
import * as Fold from './fold.js';

const FastMathC = enumAttrConstraint(FastMathDef);
const fastmath = () => defaultValuedAttr('fastmath', FastMathC, fastMathAttr(0));
const PURE: OdsTraitOrName[] = [Traits.Pure, Elementwise];

function unaryFloat(mnemonic: string): OpDefinition {
  return defineOds({
    name: `math.${mnemonic}`,
    traits: [...PURE, SameOperandsAndResultType],
    operands: [operand('operand', FloatLike)],
    results: [result('result', FloatLike)],
    attributes: [fastmath()],
    assemblyFormat: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  });
}

function binaryFloat(mnemonic: string): OpDefinition {
  return defineOds({
    name: `math.${mnemonic}`,
    traits: [...PURE, SameOperandsAndResultType],
    operands: [operand('lhs', FloatLike), operand('rhs', FloatLike)],
    results: [result('result', FloatLike)],
    attributes: [fastmath()],
    assemblyFormat: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  });
}

function unaryInt(mnemonic: string): OpDefinition {
  return defineOds({
    name: `math.${mnemonic}`,
    traits: [...PURE, SameOperandsAndResultType],
    operands: [operand('operand', SignlessIntegerLike)],
    results: [result('result', SignlessIntegerLike)],
    assemblyFormat: '$operand attr-dict `:` type($result)',
  });
}

function classification(mnemonic: string): OpDefinition {
  return defineOds({
    name: `math.${mnemonic}`,
    traits: [...PURE, SameOperandsAndResultShape, TypesMatchWith('result type has i1 element type and same shape as operands', 'operand', 'result', getI1SameShape)],
    operands: [operand('operand', FloatLike)],
    results: [result('result', BoolLike)],
    attributes: [fastmath()],
    assemblyFormat: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)',
  });
}

const FmaOp = defineOds({
  name: 'math.fma',
  traits: [...PURE, SameOperandsAndResultType],
  operands: [operand('a', FloatLike), operand('b', FloatLike), operand('c', FloatLike)],
  results: [result('result', FloatLike)],
  attributes: [fastmath()],
  assemblyFormat: '$a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
});

const IPowIOp = defineOds({
  name: 'math.ipowi',
  traits: [...PURE, SameOperandsAndResultType],
  operands: [operand('lhs', SignlessIntegerLike), operand('rhs', SignlessIntegerLike)],
  results: [result('result', SignlessIntegerLike)],
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
});

const FPowIOp = defineOds({
  name: 'math.fpowi',
  traits: [...PURE, SameOperandsAndResultShape, AllTypesMatch(['lhs', 'result'])],
  operands: [operand('lhs', FloatLike), operand('rhs', SignlessIntegerLike)],
  results: [result('result', FloatLike)],
  attributes: [fastmath()],
  assemblyFormat: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)',
});

// Each op with its folder (fold.ts); cbrt, rsqrt, fma and fpowi do not fold in MLIR 22.
type Folded = readonly [mnemonic: string, fold?: Fold.MathFolder];

const UNARY_FLOAT: readonly Folded[] = [
  ['absf', Fold.foldAbsF], ['acos', Fold.foldAcos], ['acosh', Fold.foldAcosh], ['asin', Fold.foldAsin], ['asinh', Fold.foldAsinh],
  ['atan', Fold.foldAtan], ['atanh', Fold.foldAtanh], ['cbrt'], ['ceil', Fold.foldCeil], ['cos', Fold.foldCos], ['cosh', Fold.foldCosh],
  ['erf', Fold.foldErf], ['erfc', Fold.foldErfc], ['exp', Fold.foldExp], ['exp2', Fold.foldExp2], ['expm1', Fold.foldExpM1],
  ['floor', Fold.foldFloor], ['log', Fold.foldLog], ['log10', Fold.foldLog10], ['log1p', Fold.foldLog1p], ['log2', Fold.foldLog2],
  ['round', Fold.foldRound], ['roundeven', Fold.foldRoundEven], ['rsqrt'], ['sin', Fold.foldSin], ['sinh', Fold.foldSinh],
  ['sqrt', Fold.foldSqrt], ['tan', Fold.foldTan], ['tanh', Fold.foldTanh], ['trunc', Fold.foldTrunc],
];
const BINARY_FLOAT: readonly Folded[] = [['atan2', Fold.foldAtan2], ['copysign', Fold.foldCopySign], ['powf', Fold.foldPowF]];
const UNARY_INT: readonly Folded[] = [['absi', Fold.foldAbsI], ['ctlz', Fold.foldCtlz], ['cttz', Fold.foldCttz], ['ctpop', Fold.foldCtpop]];
const CLASSIFICATION: readonly Folded[] = [
  ['isfinite', Fold.foldIsFinite], ['isinf', Fold.foldIsInf], ['isnan', Fold.foldIsNaN], ['isnormal', Fold.foldIsNormal],
];

function withFold(define: (mnemonic: string) => OpDefinition): (f: Folded) => OpDefinition {
  return ([mnemonic, fold]) => (fold ? { ...define(mnemonic), fold } : define(mnemonic));
}

export const mathDialect: Dialect = {
  name: 'math',
  ops: [
    ...UNARY_FLOAT.map(withFold(unaryFloat)),
    ...BINARY_FLOAT.map(withFold(binaryFloat)),
    ...UNARY_INT.map(withFold(unaryInt)),
    ...CLASSIFICATION.map(withFold(classification)),
    FmaOp,
    { ...IPowIOp, fold: Fold.foldIPowI },
    FPowIOp,
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  materializeConstant: Fold.materializeMathConstant,
};
