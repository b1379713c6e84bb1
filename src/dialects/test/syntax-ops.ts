// Test dialect ops that exercise the textual format (TestOps.td,
// TestOpsSyntax.td) as mlir-opt 22 parses, verifies and prints them: native
// properties and their conversions, custom directives, stripped dialect
// types, symbol names, and result names taken from an attribute.

import type { Attribute, Type } from '../../ir/attributes.js';
import { ArrayAttr, DenseArrayAttr, DictionaryAttr, IntegerAttr, StringAttr } from '../../ir/builtin-attributes.js';
import { IndexType, IntegerType, NoneType, kDynamicI64 } from '../../ir/builtin-types.js';
import { escapeString } from '../../ir/location.js';
import { fail } from '../../ir/context.js';
import {
  DenseI64ArrayAttrC,
  StrAttrC,
  SymbolNameAttrC,
  attr,
  attrConstraint,
  defineOp,
  implementOp,
  operand,
  optionalAttr,
  typeConstraint,
  variadicOperand,
  variadicResult,
} from '../../ods/index.js';
import type { Operation } from '../../ir/operation.js';
import { Tok } from '../../syntax/lexer.js';
import type { OpAsmParser } from '../../ir/op-asm.js';
import { relexAt } from '../../syntax/dialect-symbol.js';
import { tokenParser } from '../../syntax/parser.js';
import { ParseAbort } from '../../syntax/token-parser.js';
import { TestOptionalValueType, parseOptionalValueTypeParameters } from './types.js';

// ---- helpers

/** The op's attributes as a custom printer's attr-dict sees them: inherent ones (properties) and discardable ones. */
function attrDictEntries(op: Operation): [string, Attribute][] {
  return [...op.propertiesView, ...op.attributesView].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Reports `invalid properties <dict> for op <name>: <why>` at the op name, as MLIR's property setters do. */
function invalidProperties(p: OpAsmParser, dict: Attribute, opName: string, why: string): never {
  return tokenParser(p).error(`invalid properties ${dict.key} for op ${opName}: ${why}`, p.nameOffset);
}

/** Reports a custom-op error at `offset`, as CustomOpAsmParser::emitError does (no move at the end of the buffer). */
function customError(p: OpAsmParser, opName: string, message: string, offset: number): never {
  tokenParser(p).emitErrorAt(offset, `custom op '${opName}' ${message}`);
  throw new ParseAbort();
}

/** The value of a signed integer attribute as a 64-bit integer (sign-extended from its width, then truncated). */
function int64Of(a: IntegerAttr): bigint {
  const t = a.type;
  const width = t instanceof IntegerType ? t.width : 64;
  return BigInt.asIntN(64, width === 0 ? 0n : BigInt.asIntN(width, a.value));
}

const AnyTypeC = typeConstraint('any type', () => true);

const I32 = IntegerType.get(32);
const I64 = IntegerType.get(64);

/** `[1, 2, 3]` of integers that must fit `width` bits (signed). */
function parseIntegerArray(p: OpAsmParser, opName: string, width: number): bigint[] {
  const values: bigint[] = [];
  p.parseLSquare();
  if (p.parseOptionalRSquare()) return values;
  do {
    const offset = p.currentOffset();
    const v = p.parseInteger();
    if (v !== BigInt.asIntN(width, v)) customError(p, opName, 'integer value too large', offset);
    values.push(v);
  } while (p.parseOptionalComma());
  p.parseRSquare();
  return values;
}

/** A string attribute where the format expects one, parsed with no type (ODS passes NoneType). */
function parseStringAttr(p: OpAsmParser, opName: string): StringAttr {
  const offset = p.currentOffset();
  const a = p.parseAttribute(NoneType.get());
  if (!(a instanceof StringAttr)) customError(p, opName, 'invalid kind of attribute specified', offset);
  return a;
}

// ---- test.with_properties: native properties next to an inherent attribute

const WITH_PROPERTIES = 'test.with_properties';

const withPropertiesDefaults: readonly [string, Attribute][] = [
  ['a', IntegerAttr.get(I64, 0n)],
  ['c', StringAttr.get('')],
  ['flag', IntegerAttr.get(IntegerType.get(1), 0n)],
  ['array', DenseArrayAttr.get(I64, [])],
  ['array32', DenseArrayAttr.get(I32, [])],
];

/** `a = 32, b = "foo", c = "bar", flag = true, array = [1, 2], array32 = [3]` */
/** The generic `<{...}>` dictionary of test.with_properties as its properties, or MLIR's error. */
function withPropertiesFromAttr(dict: DictionaryAttr): Map<string, Attribute> | string {
  const out = new Map<string, Attribute>();
  const b = dict.get('b');
  if (b !== undefined) {
    if (!(b instanceof StringAttr)) return `Invalid attribute \`b\` in property conversion: ${b.key}`;
    out.set('b', b);
  }
  const a = dict.get('a');
  if (a !== undefined) {
    if (!(a instanceof IntegerAttr) || !(a.type instanceof IntegerType || a.type instanceof IndexType)) return 'expected IntegerAttr for key `value`';
    out.set('a', IntegerAttr.get(I64, int64Of(a)));
  }
  const c = dict.get('c');
  if (c !== undefined) {
    if (!(c instanceof StringAttr)) return 'expected string property to come from string attribute';
    out.set('c', StringAttr.get(c.value));
  }
  const flag = dict.get('flag');
  if (flag !== undefined) {
    // mlir-opt 22 reports a bad bool property with the string property's message.
    if (!(flag instanceof IntegerAttr && flag.type instanceof IntegerType && flag.type.width === 1))
      return 'expected string property to come from string attribute';
    out.set('flag', flag);
  }
  for (const [key, width] of [['array', 64], ['array32', 32]] as const) {
    const v = dict.get(key);
    if (v === undefined) continue;
    const et = v instanceof DenseArrayAttr ? v.elementType : undefined;
    if (!(et instanceof IntegerType && et.width === width && et.signedness === 'signless')) return `expected DenseI${width}ArrayAttr for key \`value\``;
    out.set(key, v);
  }
  return out;
}

// `b` is an attribute stored as a property; the others are native properties.
export const WithPropertiesOp = defineOp({ name: WITH_PROPERTIES, attributes: [attr('b', StrAttrC)] });

implementOp(WithPropertiesOp, {
  properties: {
    init(props) {
      for (const [k, v] of withPropertiesDefaults) if (!props.has(k)) props.set(k, v);
    },
    fromAttr: withPropertiesFromAttr,
  },
  parse(p, state) {
    const props = state.properties;
    const field = (name: string, first = false): void => {
      if (!first) p.parseComma();
      p.parseKeyword(name);
      p.parseEqual();
    };
    /** A native property's value; a failure adds MLIR's `invalid value for property` error. */
    const property = (name: string, expected: string, parse: () => Attribute): void => {
      const offset = p.currentOffset();
      try {
        props.set(name, parse());
      } catch (e) {
        if (e instanceof ParseAbort) tokenParser(p).emitErrorAt(offset, `custom op '${WITH_PROPERTIES}' invalid value for property ${name}, expected ${expected}`);
        throw e;
      }
    };
    field('a', true);
    property('a', 'int64_t', () => {
      const offset = p.currentOffset();
      const a = p.parseInteger();
      if (a !== BigInt.asIntN(64, a)) customError(p, WITH_PROPERTIES, 'integer value too large', offset);
      return IntegerAttr.get(I64, a);
    });
    field('b');
    props.set('b', parseStringAttr(p, WITH_PROPERTIES));
    field('c');
    property('c', 'string', () => StringAttr.get(p.parseString()));
    field('flag');
    // A bool property is read as an integer: `true`, `false`, 0 or 1.
    property('flag', 'boolean', () => {
      const offset = p.currentOffset();
      const flag = p.parseInteger();
      if (flag !== 0n && flag !== 1n) customError(p, WITH_PROPERTIES, 'integer value too large', offset);
      return IntegerAttr.get(IntegerType.get(1), flag);
    });
    field('array');
    property('array', 'array of int64_t', () => DenseArrayAttr.get(I64, parseIntegerArray(p, WITH_PROPERTIES, 64)));
    field('array32');
    property('array32', 'array of int32_t', () => DenseArrayAttr.get(I32, parseIntegerArray(p, WITH_PROPERTIES, 32)));
    p.parseOptionalAttrDict(state);
  },
  print(p, op) {
    const get = (k: string): Attribute | undefined => op.propertiesView.get(k);
    const a = get('a');
    const flag = get('flag');
    const ints = (k: string): string => {
      const v = get(k);
      return v instanceof DenseArrayAttr ? v.values.join(', ') : '';
    };
    const c = get('c');
    p.write(` a = ${a instanceof IntegerAttr ? int64Of(a) : 0}, b = `);
    const b = get('b');
    if (b) p.printAttribute(b);
    p.write(`, c = ${escapeString(c instanceof StringAttr ? c.value : '')}`);
    p.write(`, flag = ${flag instanceof IntegerAttr && flag.value !== 0n ? 'true' : 'false'}`);
    p.write(`, array = [${ints('array')}], array32 = [${ints('array32')}]`);
    p.printOptionalAttrDict(op.attributesView);
  },
});

// ---- test.custom_dimension_list_attr: `dimension_list = 1x?x3` through a custom directive

const DIMENSION_LIST = 'test.custom_dimension_list_attr';

/** MLIR's parseDimensionList without a trailing `x`: `dim (x dim)*`, possibly empty. */
function parseDimensions(p: OpAsmParser): bigint[] | undefined {
  const q = tokenParser(p);
  const dims: bigint[] = [];
  const dim = (): boolean => {
    if (q.consumeIf(Tok.question)) {
      dims.push(kDynamicI64);
      return true;
    }
    const text = q.is(Tok.integer) ? q.text : '';
    if (text.length > 1 && text[1] === 'x') {
      // `0x3` is `0`, `x`, `3` here.
      dims.push(0n);
      relexAt(q, q.tokStart + 1);
      return true;
    }
    const v = text === '' ? undefined : BigInt(text);
    if (v === undefined || v > (1n << 63n) - 1n) {
      q.emitErrorAt(q.is(Tok.eof) && q.tokStart > 0 ? q.tokStart - 1 : q.tokStart, 'invalid dimension');
      return false;
    }
    q.consume();
    dims.push(v);
    return true;
  };
  if (!q.is(Tok.integer) && !q.is(Tok.question)) return dims;
  if (!dim()) return undefined;
  while (q.is(Tok.bare_identifier) && q.text.startsWith('x')) {
    // `x4` lexes as one identifier: step over the `x` alone.
    const start = q.tokStart;
    if (q.tokEnd - start > 1) relexAt(q, start + 1);
    else q.consume();
    if (!dim()) return undefined;
  }
  return dims;
}

export const CustomDimensionListAttrOp = defineOp({ name: DIMENSION_LIST, attributes: [attr('dimension_list', DenseI64ArrayAttrC)] });

implementOp(CustomDimensionListAttrOp, {
  parse(p, state) {
    p.parseKeyword('dimension_list');
    p.parseEqual();
    let dims: bigint[] | undefined;
    if (p.parseOptionalLSquare()) {
      if (!tokenParser(p).is(Tok.r_square)) {
        tokenParser(p).emitWrongTokenError("expected ']'");
        customError(p, DIMENSION_LIST, 'Failed parsing dimension list.', p.currentOffset());
      }
      p.parseRSquare();
      dims = [];
    } else {
      dims = parseDimensions(p);
      if (dims === undefined) customError(p, DIMENSION_LIST, 'Failed parsing dimension list.', p.currentOffset());
      if (dims.length === 0)
        customError(p, DIMENSION_LIST, 'Failed parsing dimension list. Did you mean an empty list? It must be denoted by "[]".', p.currentOffset());
    }
    state.properties.set('dimension_list', DenseArrayAttr.get(I64, dims));
    p.parseOptionalAttrDict(state);
  },
  print(p, op) {
    const dims = op.propertiesView.get('dimension_list');
    const values = dims instanceof DenseArrayAttr ? dims.values : [];
    p.write(' dimension_list = ');
    p.write(values.length ? values.map((v) => (v === kDynamicI64 ? '?' : String(v))).join('x') : '[]');
    p.printOptionalAttrDict(attrDictEntries(op), ['dimension_list']);
  },
});

// ---- test.optional_custom_attr: `attr-dict` then `foo <i1>` when the attribute is there, `bar` otherwise

const OPTIONAL_CUSTOM_ATTR = 'test.optional_custom_attr';

function isI1Attr(a: Attribute): boolean {
  return a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 1 && a.type.signedness === 'signless';
}

const I1AttrC = attrConstraint<IntegerAttr>('1-bit signless integer attribute', isI1Attr);

export const OptionalCustomAttrOp = defineOp({ name: OPTIONAL_CUSTOM_ATTR, attributes: [optionalAttr('attr', I1AttrC)] });

implementOp(OptionalCustomAttrOp, {
  parse(p, state) {
    p.parseOptionalAttrDict(state);
    if (p.parseOptionalKeyword('foo') !== undefined) {
      const offset = p.currentOffset();
      const attr = p.parseAttribute();
      if (!(attr instanceof IntegerAttr)) customError(p, OPTIONAL_CUSTOM_ATTR, 'invalid kind of attribute specified', offset);
      state.properties.set('attr', attr);
    } else {
      p.parseKeyword('bar');
    }
  },
  print(p, op) {
    p.printOptionalAttrDict(attrDictEntries(op), ['attr']);
    const attr = op.propertiesView.get('attr');
    if (attr !== undefined) {
      p.write(' foo ');
      p.printAttribute(attr);
    } else {
      p.write(' bar');
    }
  },
});

// ---- test.op_with_enum_prop_attr_form: an enum property written as its attribute, in `prop-dict`

const ENUM_PROP_ATTR_FORM = 'test.op_with_enum_prop_attr_form';

/** The stored i32 of a TestEnum property given as an attribute, or the conversion error. */
function enumPropertyFrom(value: Attribute): IntegerAttr | string {
  if (value instanceof IntegerAttr) return IntegerAttr.get(I32, BigInt.asIntN(32, value.value));
  return 'expected ::test::TestEnumAttr or IntegerAttr storage for test::TestEnum';
}

export const OpWithEnumPropAttrForm = defineOp({ name: ENUM_PROP_ATTR_FORM });

implementOp(OpWithEnumPropAttrForm, {
  properties: {
    init(props) {
      if (!props.has('value')) props.set('value', IntegerAttr.get(I32, 0n));
    },
    fromAttr(dict) {
      const v = dict.get('value');
      if (v === undefined) return new Map();
      const converted = enumPropertyFrom(v);
      return typeof converted === 'string' ? converted : new Map([['value', converted]]);
    },
  },
  parse(p, state) {
    // `prop-dict`: the properties as a dictionary, all of them required and no others.
    let dict: Attribute = DictionaryAttr.get([]);
    if (p.parseOptionalLess()) {
      dict = p.parseAttribute();
      p.parseGreater();
    }
    p.parseOptionalAttrDict(state);
    if (!(dict instanceof DictionaryAttr)) invalidProperties(p, dict, ENUM_PROP_ATTR_FORM, 'expected DictionaryAttr to set properties');
    const value = dict.get('value');
    if (value === undefined) invalidProperties(p, dict, ENUM_PROP_ATTR_FORM, 'expected key entry for value in DictionaryAttr to set Properties.');
    const converted = enumPropertyFrom(value);
    if (typeof converted === 'string') invalidProperties(p, dict, ENUM_PROP_ATTR_FORM, converted);
    for (const [k] of dict.entries)
      if (k !== 'value') invalidProperties(p, dict, ENUM_PROP_ATTR_FORM, `unknown key '${escapeString(k)}' when parsing properties dictionary`);
    state.properties.set('value', converted);
  },
  print(p, op) {
    p.write(' <');
    p.printAttribute(DictionaryAttr.get([...op.propertiesView]));
    p.write('>');
    p.printOptionalAttrDict(op.attributesView);
  },
  verify(op, ctx) {
    const v = op.propertiesView.get('value');
    const n = v instanceof IntegerAttr ? v.value : -1n;
    if (n < 0n || n > 2n) return fail(ctx, op, "property 'value' failed to satisfy constraint: a test enum");
    return true;
  },
});

// ---- test.variadic_args_types_split: `"str" (, %args)? attr-dict (: types)?`

const VARIADIC_ARGS_TYPES_SPLIT = 'test.variadic_args_types_split';

export const VariadicArgsTypesSplitOp = defineOp({
  name: VARIADIC_ARGS_TYPES_SPLIT,
  attributes: [attr('str', StrAttrC)],
  operands: [variadicOperand('args', AnyTypeC)],
});

implementOp(VariadicArgsTypesSplitOp, {
  parse(p, state) {
    state.properties.set('str', parseStringAttr(p, VARIADIC_ARGS_TYPES_SPLIT));
    // Without the operand group, mismatches are reported at the op name.
    let operandsOffset = p.nameOffset;
    let operands: ReturnType<OpAsmParser['parseOperandList']> = [];
    if (p.parseOptionalComma()) {
      operandsOffset = p.currentOffset();
      operands = p.parseOperandList();
    }
    p.parseOptionalAttrDict(state);
    const types = p.parseOptionalColon() ? p.parseTypeList() : [];
    if (operands.length !== types.length)
      customError(p, VARIADIC_ARGS_TYPES_SPLIT, `number of operands and types do not match: got ${operands.length} operands and ${types.length} types`, operandsOffset);
    state.operands = operands.map((o, i) => p.resolveOperand(o, types[i]));
  },
  print(p, op) {
    p.write(' ');
    const str = op.propertiesView.get('str');
    if (str) p.printAttributeWithoutType(str);
    if (op.numOperands) {
      p.write(', ');
      p.printOperands(op.operands);
    }
    p.printOptionalAttrDict(attrDictEntries(op), ['str']);
    if (op.numOperands) {
      p.write(' : ');
      p.printTypes(op.operands.map((v) => v.type));
    }
  },
});

// ---- test.format_symbol_name_attr_op: `@name attr-dict`

export const FormatSymbolNameAttrOp = defineOp({ name: 'test.format_symbol_name_attr_op', attributes: [attr('attr', SymbolNameAttrC)] });

implementOp(FormatSymbolNameAttrOp, {
  parse(p, state) {
    state.properties.set('attr', StringAttr.get(p.parseSymbolName()));
    p.parseOptionalAttrDict(state);
  },
  print(p, op) {
    const attr = op.propertiesView.get('attr');
    p.write(' ');
    if (attr instanceof StringAttr) p.printSymbolName(attr.value);
    else if (attr) p.printAttribute(attr);
    p.printOptionalAttrDict(attrDictEntries(op), ['attr']);
  },
});

// ---- test.format_maybe_empty_type: a dialect type printed without its `!test.` prefix

const FORMAT_MAYBE_EMPTY_TYPE = 'test.format_maybe_empty_type';

// The constraint's summary is empty in TestOpsSyntax.td.
export const FormatMaybeEmptyTypeOp = defineOp({
  name: FORMAT_MAYBE_EMPTY_TYPE,
  operands: [operand('in', typeConstraint('', (t) => t instanceof TestOptionalValueType))],
});

implementOp(FormatMaybeEmptyTypeOp, {
  parse(p, state) {
    const operand = p.parseOperand();
    p.parseColon();
    // parseCustomTypeWithFallback: a full type after `!`, else the type's own parameters.
    let type: Type;
    if (tokenParser(p).is(Tok.exclamation_identifier)) {
      const offset = p.currentOffset();
      type = p.parseType();
      if (!(type instanceof TestOptionalValueType)) customError(p, FORMAT_MAYBE_EMPTY_TYPE, 'invalid kind of type specified', offset);
    } else {
      type = parseOptionalValueTypeParameters(tokenParser(p));
    }
    p.parseOptionalAttrDict(state);
    state.operands = [p.resolveOperand(operand, type)];
  },
  print(p, op) {
    p.write(' ');
    const value = FormatMaybeEmptyTypeOp.in(op);
    p.printOperand(value);
    p.write(' : ');
    // printStrippedAttrOrType: the alias, else the parameters, else the full type when they print nothing.
    const type = value.type;
    if (!p.tryPrintAlias?.(type)) {
      if (type instanceof TestOptionalValueType && type.value !== undefined) type.printParameters(p);
      else p.printType(type);
    }
    p.printOptionalAttrDict(op.attributesView);
  },
});

// ---- test.custom_result_name: results named after its `names` attribute (generic form only)

function isStringArray(a: Attribute): boolean {
  return a instanceof ArrayAttr && a.elements.every((e) => e instanceof StringAttr);
}

function isIntegerType(t: Type): boolean {
  return t instanceof IntegerType;
}

const IntegerC = typeConstraint('integer', isIntegerType);

export const CustomResultsNameOp = defineOp({
  name: 'test.custom_result_name',
  attributes: [attr('names', attrConstraint<ArrayAttr>('string array attribute', isStringArray))],
  operands: [variadicOperand('optional', IntegerC)],
  results: [variadicResult('r', IntegerC)],
});

implementOp(CustomResultsNameOp, {
  getAsmResultNames(op, setName) {
    const names = op.getAttr('names');
    if (!(names instanceof ArrayAttr)) return;
    // mlir-opt 22 prints garbage for names beyond the results; scfkit ignores them.
    const n = Math.min(names.elements.length, op.numResults);
    for (let i = 0; i < n; i++) {
      const name = names.elements[i];
      if (name instanceof StringAttr && name.value !== '') setName(op.result(i), name.value);
    }
  },
});

/** The ops of this file, registered with the test dialect. */
export const TEST_SYNTAX_OPS = [
  WithPropertiesOp,
  CustomDimensionListAttrOp,
  OptionalCustomAttrOp,
  OpWithEnumPropAttrForm,
  VariadicArgsTypesSplitOp,
  FormatSymbolNameAttrOp,
  FormatMaybeEmptyTypeOp,
  CustomResultsNameOp,
] as const;
