// Attributes of MLIR's test dialect (TestAttrDefs.td) as mlir-opt 22 parses
// and prints them, and the dialect's alias hook (TestOpAsmInterface::getAlias).
// The attributes the corpus relies on are modelled; the other mnemonics
// mlir-opt 22 knows are kept as written; any other mnemonic is an error.

import { Attribute, type AttrTypePrinter, type Type, uniqueAttribute } from '../../ir/attributes.js';
import { OpaqueAttr, StringAttr, keywordOrString } from '../../ir/builtin-attributes.js';
import { NoneType, TupleType } from '../../ir/builtin-types.js';
import { Tok } from '../../syntax/lexer.js';
import type { DialectAsmParser } from '../../ir/op-asm.js';
import { TestIntegerType, TestSingletonType } from './types.js';
import { tokenParser } from '../../syntax/parser.js';

type Visit = (e: Attribute | Type) => void;

/** A parameterless test attribute (`#test.smpla`, `#test.attr_with_trait`, ...). */
export class TestSingletonAttr extends Attribute {
  private constructor(readonly mnemonic: string) {
    super();
  }
  static get(mnemonic: string): TestSingletonAttr {
    return uniqueAttribute(new TestSingletonAttr(mnemonic));
  }
  print(p: AttrTypePrinter): void {
    p.write('#test.' + this.mnemonic);
  }
  override get dialect(): string {
    return 'test';
  }
}

const SINGLETONS = new Set(['smpla', 'attr_with_trait', 'const_memory_space']);

/** `#test.attr_with_self_type_param : type`: an attribute whose only parameter is its type. */
export class TestAttrWithSelfTypeParam extends Attribute {
  private constructor(private readonly selfType: Type) {
    super();
  }
  static get(type: Type): TestAttrWithSelfTypeParam {
    return uniqueAttribute(new TestAttrWithSelfTypeParam(type));
  }
  override get type(): Type {
    return this.selfType;
  }
  override printWithoutType(p: AttrTypePrinter): void {
    p.write('#test.attr_with_self_type_param');
  }
  print(p: AttrTypePrinter): void {
    this.printWithoutType(p);
    if (!(this.selfType instanceof NoneType)) {
      p.write(' : ');
      p.printType(this.selfType);
    }
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.selfType);
  }
  override get dialect(): string {
    return 'test';
  }
}

/** `#test.conditional_alias<value>`: a string printed as its alias when it has one, else as a keyword or string. */
export class TestConditionalAliasAttr extends Attribute {
  private constructor(readonly value: StringAttr) {
    super();
  }
  static get(value: StringAttr): TestConditionalAliasAttr {
    return uniqueAttribute(new TestConditionalAliasAttr(value));
  }
  print(p: AttrTypePrinter): void {
    p.write('#test.conditional_alias<');
    if (!p.tryPrintAlias?.(this.value)) p.write(keywordOrString(this.value.value));
    p.write('>');
  }
  override walkImmediateSubElements(visit: Visit): void {
    visit(this.value);
  }
  override get dialect(): string {
    return 'test';
  }
}

/** Every attribute mnemonic of mlir-opt 22's test dialect (TestAttrDefs.td and the enum attributes). */
const KNOWN_ATTRIBUTE_MNEMONICS = new Set([
  ...SINGLETONS,
  'attr_with_self_type_param',
  'conditional_alias',
  'cmpnd_a',
  'cmpnd_nested',
  'attr_with_type_builder',
  'decimal_shape',
  'i64_elements',
  'sub_elements_access',
  'cmpnd_nested_inner',
  'cmpnd_nested_outer',
  'cmpnd_nested_outer_qual',
  'attr_with_format',
  'attr_with_optional_signed',
  'attr_with_optional_unsigned',
  'attr_ugly',
  'attr_params',
  'attr_with_type',
  'attr_self_type_format',
  'attr_self_type_struct_format',
  'override_builder',
  'e1di64_elements',
  'array_of_ugly',
  'array_of_ints',
  'simple_enum',
  'array_of_enums',
  'custom_anchor',
  'iterator_type',
  'copy_count',
  'custom_float',
  'enum',
  'bit_enum',
  'bit_enum_vbar',
  'op_asm_attr_interface',
  'tensor_encoding',
]);

/** The test dialect's attribute parser hook. */
export function parseTestAttribute(d: DialectAsmParser, type: Type | undefined): Attribute {
  const p = tokenParser(d);
  const mnemonic = d.mnemonic;
  if (!KNOWN_ATTRIBUTE_MNEMONICS.has(mnemonic)) p.error(`unknown attribute \`${mnemonic}\` in dialect \`test\``);
  if (SINGLETONS.has(mnemonic)) {
    p.consume();
    return TestSingletonAttr.get(mnemonic);
  }
  if (mnemonic === 'attr_with_self_type_param') {
    p.consume();
    return TestAttrWithSelfTypeParam.get(type ?? NoneType.get());
  }
  if (mnemonic === 'conditional_alias') {
    p.consume();
    p.expect(Tok.less, "expected '<'");
    let value: StringAttr;
    if (p.is(Tok.string)) {
      value = StringAttr.get(p.stringValue());
      p.consume();
    } else if (p.is(Tok.bare_identifier) || p.is(Tok.keyword)) {
      value = StringAttr.get(p.text);
      p.consume();
    } else {
      const loc = p.tokStart;
      const attr: Attribute = p.parseAttribute();
      if (!(attr instanceof StringAttr)) return p.error('invalid kind of attribute specified', loc);
      value = attr;
    }
    p.expect(Tok.greater, "expected '>'");
    return TestConditionalAliasAttr.get(value);
  }
  // An attribute mlir-opt knows but scfkit does not model: kept as written.
  while (!p.is(Tok.eof)) p.consume();
  return OpaqueAttr.get('test', d.body, type ?? NoneType.get());
}

/** Aliases for strings spelled `alias_test:...` (mlir-opt 22's TestOpAsmInterface). */
const STRING_ALIASES: Readonly<Record<string, string>> = {
  'alias_test:dot_in_name': 'test.alias',
  'alias_test:trailing_digit': 'test_alias0',
  'alias_test:prefixed_digit': '0_test_alias',
  'alias_test:prefixed_symbol': '%test',
  'alias_test:tensor_encoding': 'test_encoding',
  'alias_test:trailing_digit_conflict_a': 'test_alias_conflict0_1_1_1',
  'alias_test:trailing_digit_conflict_b': 'test_alias_conflict0',
  'alias_test:trailing_digit_conflict_c': 'test_alias_conflict0',
  'alias_test:trailing_digit_conflict_d': 'test_alias_conflict0_',
  'alias_test:trailing_digit_conflict_e': 'test_alias_conflict0_1',
  'alias_test:trailing_digit_conflict_f': 'test_alias_conflict0_1',
  'alias_test:trailing_digit_conflict_g': 'test_alias_conflict0_1_',
  'alias_test:trailing_digit_conflict_h': 'test_alias_conflict0_1_1',
};

/** The test dialect's alias hook; its aliases win over the builtin dialect's. */
export function testGetAlias(element: Attribute | Type): string | undefined {
  if (element instanceof StringAttr) return Object.hasOwn(STRING_ALIASES, element.value) ? STRING_ALIASES[element.value] : undefined;
  if (element instanceof TupleType) {
    const types = element.types;
    if (types.length > 0 && types.every((t) => t instanceof TestSingletonType && t.mnemonic === 'smpla')) return 'test_tuple';
    return undefined;
  }
  if (element instanceof TestIntegerType && element.signedness === 'unsigned' && element.width === 8) return 'test_ui8';
  return undefined;
}
