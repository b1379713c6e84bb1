// The index dialect: arithmetic, comparisons and casts on `index` values,
// declared with the ODS-lite layer (src/ir/ods.ts).

import type { Type } from '../../ir/attributes.js';
import { IntegerAttr } from '../../ir/builtin-attributes.js';
import { IndexType } from '../../ir/builtin-types.js';
import { Traits, type Dialect, type OpDefinition } from '../../ir/context.js';
import { Interfaces } from '../../ir/interfaces.js';
import { q } from '../../ir/context.js';
import type { Operation } from '../../ir/operation.js';
import {
  AnyInteger,
  BoolAttrC,
  EnumAttr,
  type EnumAttrDef,
  I1,
  Index,
  IndexAttrC,
  anyTypeOf,
  attr,
  defineEnumAttr,
  defineOds,
  enumAttrConstraint,
  nativeTrait,
  operand,
  parseEnumAttrBody,
  result,
} from '../../ods/index.js';
import { materializeIndexConstant, withIndexFolds } from './fold.js';
import { withIndexIntRange } from './int-range.js';
import { tokenParser } from '../../syntax/parser.js';

export const IndexCmpPredicateDef: EnumAttrDef = defineEnumAttr({
  dialect: 'index',
  mnemonic: 'cmp_predicate',
  attrName: 'IndexCmpPredicateAttr',
  cppEnum: '::mlir::index::IndexCmpPredicate',
  summary: 'index comparison predicate kind',
  cases: ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'].map((name, value) => ({ name, value })),
  angled: false,
});

/** `#index<cmp_predicate slt>`. */
export function indexCmpPredicate(name: string): EnumAttr {
  const c = IndexCmpPredicateDef.cases.find((x) => x.name === name);
  if (!c) throw new Error(`unknown index comparison predicate ${name}`);
  return EnumAttr.get(IndexCmpPredicateDef, c.value);
}

function binaryOp(mnemonic: string, commutative = false): OpDefinition {
  return defineOds({
    name: `index.${mnemonic}`,
    traits: commutative ? [Traits.Pure, Traits.Commutative] : [Traits.Pure],
    operands: [operand('lhs', Index), operand('rhs', Index)],
    results: [result('result', Index)],
    assemblyFormat: '$lhs `,` $rhs attr-dict',
  });
}

const IntOrIndex = anyTypeOf([AnyInteger, Index]);

const castCompatible = nativeTrait('CastOpInterface', (op: Operation) => {
  if (op.numResults === 0) return 'expected at least one result for cast operation';
  const a: Type = op.operand(0).type;
  const b: Type = op.result(0).type;
  if ((a instanceof IndexType) !== (b instanceof IndexType)) return undefined;
  return `operand type ${q(a)} and result type ${q(b)} are cast incompatible`;
});

function castOp(mnemonic: string): OpDefinition {
  return defineOds({
    name: `index.${mnemonic}`,
    traits: [Traits.Pure, castCompatible],
    operands: [operand('input', IntOrIndex)],
    results: [result('output', IntOrIndex)],
    assemblyFormat: '$input attr-dict `:` type($input) `to` type($output)',
  });
}

const CmpOp = defineOds({
  name: 'index.cmp',
  traits: [Traits.Pure],
  operands: [operand('lhs', Index), operand('rhs', Index)],
  results: [result('result', I1)],
  attributes: [attr('pred', enumAttrConstraint(IndexCmpPredicateDef))],
  assemblyFormat: '`` $pred `(` $lhs `,` $rhs `)` attr-dict',
});

const SizeOfOp = defineOds({
  name: 'index.sizeof',
  traits: [Traits.Pure],
  results: [result('result', Index)],
  assemblyFormat: 'attr-dict',
});

const ConstantOp = defineOds({
  name: 'index.constant',
  traits: [Traits.Pure, Traits.ConstantLike],
  results: [result('result', Index)],
  attributes: [attr('value', IndexAttrC)],
  assemblyFormat: 'attr-dict $value',
  getAsmResultNames(op, setName) {
    const v = op.propertiesView.get('value');
    if (v instanceof IntegerAttr) setName(op.result(0), 'idx' + BigInt.asIntN(64, v.value).toString());
  },
  interfaces: { [Interfaces.ConstantLike]: { getValue: (op: Operation) => op.propertiesView.get('value')! } },
});

const BoolConstantOp = defineOds({
  name: 'index.bool.constant',
  traits: [Traits.Pure, Traits.ConstantLike],
  results: [result('result', I1)],
  attributes: [attr('value', BoolAttrC)],
  assemblyFormat: 'attr-dict $value',
  getAsmResultNames(op, setName) {
    const v = op.propertiesView.get('value');
    if (v instanceof IntegerAttr) setName(op.result(0), v.value !== 0n ? 'true' : 'false');
  },
  interfaces: { [Interfaces.ConstantLike]: { getValue: (op: Operation) => op.propertiesView.get('value')! } },
});

export const indexDialect: Dialect = {
  name: 'index',
  ops: [
    binaryOp('add', true),
    binaryOp('sub'),
    binaryOp('mul', true),
    binaryOp('divs'),
    binaryOp('divu'),
    binaryOp('ceildivs'),
    binaryOp('ceildivu'),
    binaryOp('floordivs'),
    binaryOp('rems'),
    binaryOp('remu'),
    binaryOp('maxs', true),
    binaryOp('maxu', true),
    binaryOp('mins', true),
    binaryOp('minu', true),
    binaryOp('shl'),
    binaryOp('shrs'),
    binaryOp('shru'),
    binaryOp('and', true),
    binaryOp('or', true),
    binaryOp('xor', true),
    castOp('casts'),
    castOp('castu'),
    CmpOp,
    SizeOfOp,
    ConstantOp,
    BoolConstantOp,
  ]
    .map(withIndexFolds)
    .map(withIndexIntRange),
  materializeConstant: materializeIndexConstant,
  parseAttribute(d) {
    const p = tokenParser(d);
    if (d.mnemonic === 'cmp_predicate') {
      p.consume();
      return parseEnumAttrBody(p, IndexCmpPredicateDef);
    }
    return p.error(`unknown attribute \`${d.mnemonic}\` in dialect \`index\``);
  },
};
