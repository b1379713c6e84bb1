// The index dialect's ops (MLIR 22's IndexOps.td): arithmetic, comparisons,
// casts and constants on `index` values, declared with their typed handles,
// and the `#index<cmp_predicate ...>` enum attribute.

import type { Attribute, Type } from '../../ir/attributes.js';
import { IntegerAttr } from '../../ir/builtin-attributes.js';
import { IndexType } from '../../ir/builtin-types.js';
import { Traits, q } from '../../ir/context.js';
import { Interfaces } from '../../ir/interfaces.js';
import type { DialectAsmParser } from '../../ir/op-asm.js';
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
  defineOp,
  enumAttrConstraint,
  nativeTrait,
  operand,
  parseEnumAttrBody,
  result,
} from '../../ods/index.js';
import { tokenParser } from '../../syntax/parser.js';

// ============================================================================
// The comparison predicate

/** IndexCmpPredicate: the case values (numbered as arith's CmpIPredicate). */
export const IndexCmpPredicate = { eq: 0, ne: 1, slt: 2, sle: 3, sgt: 4, sge: 5, ult: 6, ule: 7, ugt: 8, uge: 9 } as const;

export const IndexCmpPredicateDef: EnumAttrDef = defineEnumAttr({
  dialect: 'index',
  mnemonic: 'cmp_predicate',
  attrName: 'IndexCmpPredicateAttr',
  cppEnum: '::mlir::index::IndexCmpPredicate',
  summary: 'index comparison predicate kind',
  cases: Object.entries(IndexCmpPredicate).map(([name, value]) => ({ name, value })),
  angled: false,
});

/** `#index<cmp_predicate ...>` of a predicate case value. */
export function indexCmpPredicateAttr(value: number): EnumAttr {
  return EnumAttr.get(IndexCmpPredicateDef, value);
}

/** Parses `#index<cmp_predicate ...>`. */
export function parseIndexAttribute(d: DialectAsmParser): Attribute {
  const p = tokenParser(d);
  if (d.mnemonic === 'cmp_predicate') {
    p.consume();
    return parseEnumAttrBody(p, IndexCmpPredicateDef);
  }
  return p.error(`unknown attribute \`${d.mnemonic}\` in dialect \`index\``);
}

// ============================================================================
// Declarations

function binaryOp<const M extends string>(mnemonic: M, commutative = false) {
  return defineOp({
    name: `index.${mnemonic}`,
    traits: commutative ? [Traits.Pure, Traits.Commutative] : [Traits.Pure],
    operands: [operand('lhs', Index), operand('rhs', Index)],
    results: [result('result', Index)],
    assemblyFormat: '$lhs `,` $rhs attr-dict',
  });
}

/** The handle of an index binary op (`index.add`, `index.maxs`, ...). */
export type IndexBinaryOp<M extends string> = ReturnType<typeof binaryOp<M>>;

export const AddOp = binaryOp('add', true);
export const SubOp = binaryOp('sub');
export const MulOp = binaryOp('mul', true);
export const DivSOp = binaryOp('divs');
export const DivUOp = binaryOp('divu');
export const CeilDivSOp = binaryOp('ceildivs');
export const CeilDivUOp = binaryOp('ceildivu');
export const FloorDivSOp = binaryOp('floordivs');
export const RemSOp = binaryOp('rems');
export const RemUOp = binaryOp('remu');
export const MaxSOp = binaryOp('maxs', true);
export const MaxUOp = binaryOp('maxu', true);
export const MinSOp = binaryOp('mins', true);
export const MinUOp = binaryOp('minu', true);
export const ShlOp = binaryOp('shl');
export const ShrSOp = binaryOp('shrs');
export const ShrUOp = binaryOp('shru');
export const AndOp = binaryOp('and', true);
export const OrOp = binaryOp('or', true);
export const XOrOp = binaryOp('xor', true);

const IntOrIndex = anyTypeOf([AnyInteger, Index]);

/** CastOpInterface: exactly one side is `index`. */
const castCompatible = nativeTrait('CastOpInterface', (op: Operation) => {
  if (op.numResults === 0) return 'expected at least one result for cast operation';
  const a: Type = op.operand(0).type;
  const b: Type = op.result(0).type;
  if (a instanceof IndexType !== b instanceof IndexType) return undefined;
  return `operand type ${q(a)} and result type ${q(b)} are cast incompatible`;
});

function castOp<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `index.${mnemonic}`,
    traits: [Traits.Pure, castCompatible],
    operands: [operand('input', IntOrIndex)],
    results: [result('output', IntOrIndex)],
    assemblyFormat: '$input attr-dict `:` type($input) `to` type($output)',
  });
}

export const CastSOp = castOp('casts');
export const CastUOp = castOp('castu');

export const CmpOp = defineOp({
  name: 'index.cmp',
  traits: [Traits.Pure],
  operands: [operand('lhs', Index), operand('rhs', Index)],
  results: [result('result', I1)],
  attributes: [attr('pred', enumAttrConstraint(IndexCmpPredicateDef))],
  assemblyFormat: '`` $pred `(` $lhs `,` $rhs `)` attr-dict',
});

export const SizeOfOp = defineOp({
  name: 'index.sizeof',
  traits: [Traits.Pure],
  results: [result('result', Index)],
  assemblyFormat: 'attr-dict',
});

export const ConstantOp = defineOp({
  name: 'index.constant',
  traits: [Traits.Pure, Traits.ConstantLike],
  results: [result('result', Index)],
  attributes: [attr('value', IndexAttrC)],
  assemblyFormat: 'attr-dict $value',
  getAsmResultNames(op, setName) {
    const v = op.propertiesView.get('value');
    if (v instanceof IntegerAttr) setName(op.result(0), 'idx' + BigInt.asIntN(64, v.value).toString());
  },
  interfaces: { [Interfaces.ConstantLike]: { getValue: (op: Operation) => op.getProperty('value')! } },
});

export const BoolConstantOp = defineOp({
  name: 'index.bool.constant',
  traits: [Traits.Pure, Traits.ConstantLike],
  results: [result('result', I1)],
  attributes: [attr('value', BoolAttrC)],
  assemblyFormat: 'attr-dict $value',
  getAsmResultNames(op, setName) {
    const v = op.propertiesView.get('value');
    if (v instanceof IntegerAttr) setName(op.result(0), v.value !== 0n ? 'true' : 'false');
  },
  interfaces: { [Interfaces.ConstantLike]: { getValue: (op: Operation) => op.getProperty('value')! } },
});

/** Every index op, in the order the dialect registers them. */
export const INDEX_OPS = [
  AddOp,
  SubOp,
  MulOp,
  DivSOp,
  DivUOp,
  CeilDivSOp,
  CeilDivUOp,
  FloorDivSOp,
  RemSOp,
  RemUOp,
  MaxSOp,
  MaxUOp,
  MinSOp,
  MinUOp,
  ShlOp,
  ShrSOp,
  ShrUOp,
  AndOp,
  OrOp,
  XOrOp,
  CastSOp,
  CastUOp,
  CmpOp,
  SizeOfOp,
  ConstantOp,
  BoolConstantOp,
] as const;
