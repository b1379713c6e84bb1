// The math dialect's elementwise ops (MLIR 22's MathOps.td): syntax, types
// and purity only, so that passes can reason about them (dead code, CSE,
// motion). Constant folding and execution are not implemented.

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

const UNARY_FLOAT = [
  'absf', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'cbrt', 'ceil', 'cos', 'cosh', 'erf', 'erfc', 'exp', 'exp2',
  'expm1', 'floor', 'log', 'log10', 'log1p', 'log2', 'round', 'roundeven', 'rsqrt', 'sin', 'sinh', 'sqrt', 'tan', 'tanh', 'trunc',
];

export const mathDialect: Dialect = {
  name: 'math',
  ops: [
    ...UNARY_FLOAT.map(unaryFloat),
    ...['atan2', 'copysign', 'powf'].map(binaryFloat),
    ...['absi', 'ctlz', 'cttz', 'ctpop'].map(unaryInt),
    ...['isfinite', 'isinf', 'isnan', 'isnormal'].map(classification),
    FmaOp,
    IPowIOp,
    FPowIOp,
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
};
