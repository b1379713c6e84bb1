// Types of MLIR's test dialect (TestTypeDefs.td) as mlir-opt 22 parses and
// prints them: the ones the corpus relies on are modelled (`!test.smpla`,
// `!test.int<signed, 7>`, `!test.optional_value_type<3>`, a few singletons);
// the other mnemonics mlir-opt 22 knows are kept as written, and any other
// mnemonic is an error, as in mlir-opt.

import { Type, uniqueType, type AttrTypePrinter } from '../../ir/attributes.js';
import { OpaqueType } from '../../ir/builtin-types.js';
import { Tok } from '../../syntax/lexer.js';
import type { Parser } from '../../syntax/parser.js';
import type { DialectAsmParser } from '../../ir/op-asm.js';
import { tokenParser } from '../../syntax/parser.js';

/** Base of the modelled test types: printed as `!test.` + mnemonic + parameters. */
export abstract class TestDialectType extends Type {
  abstract readonly mnemonic: string;
  /** The parameters after the mnemonic (`<signed, 7>`), possibly empty. */
  abstract printParameters(p: AttrTypePrinter): void;
  print(p: AttrTypePrinter): void {
    p.write('!test.' + this.mnemonic);
    this.printParameters(p);
  }
  override get dialect(): string {
    return 'test';
  }
}

/** A type with no parameters (`!test.smpla`, `!test.test_type`, ...). */
export class TestSingletonType extends TestDialectType {
  private constructor(readonly mnemonic: string) {
    super();
  }
  static get(mnemonic: string): TestSingletonType {
    return uniqueType(new TestSingletonType(mnemonic));
  }
  printParameters(): void {}
}

/** Mnemonics of the parameterless test types that are modelled. */
const SINGLETONS = new Set(['smpla', 'test_type', 'memref_element', 'test_type_with_trait', 'i32', 'dynamic_singleton']);

export type TestSignedness = 'signless' | 'signed' | 'unsigned';

/** `!test.int<signed, 7>`: TestIntegerType, an integer of at most 8 bits. */
export class TestIntegerType extends TestDialectType {
  readonly mnemonic = 'int';
  private constructor(
    readonly width: number,
    readonly signedness: TestSignedness,
  ) {
    super();
  }
  static get(width: number, signedness: TestSignedness): TestIntegerType {
    return uniqueType(new TestIntegerType(width, signedness));
  }
  printParameters(p: AttrTypePrinter): void {
    p.write(`<${this.signedness === 'signless' ? 'none' : this.signedness}, ${this.width}>`);
  }
}

/** `!test.optional_value_type` / `!test.optional_value_type<3>`: an optional integer parameter. */
export class TestOptionalValueType extends TestDialectType {
  readonly mnemonic = 'optional_value_type';
  private constructor(readonly value: number | undefined) {
    super();
  }
  static get(value: number | undefined): TestOptionalValueType {
    return uniqueType(new TestOptionalValueType(value));
  }
  printParameters(p: AttrTypePrinter): void {
    if (this.value !== undefined) p.write(`<${this.value}>`);
  }
}

/** Every type mnemonic of mlir-opt 22's test dialect (TestTypeDefs.td, dynamic and recursive types). */
const KNOWN_TYPE_MNEMONICS = new Set([
  ...SINGLETONS,
  'int',
  'optional_value_type',
  'cmpnd_a',
  'cmpnd_inner',
  'cmpnd_nested_outer',
  'cmpnd_nested_outer_qual',
  'struct',
  'test_type_with_layout',
  'type_with_format',
  'no_parser',
  'struct_capture_all',
  'optional_param',
  'optional_params',
  'optional_params_after',
  'optional_struct',
  'all_optional_params',
  'all_optional_struct',
  'optional_group',
  'optional_group_params',
  'optional_group_struct',
  'spaces',
  'ap_float',
  'default_valued_type',
  'custom_type',
  'custom_type_spacing',
  'custom_type_string',
  'optional_type_string',
  'else_anchor',
  'else_anchor_struct',
  'test_rec_alias',
  'type_verification',
  'op_asm_type_interface',
  'test_rec',
  'dynamic_pair',
  'dynamic_custom_assembly_format',
]);

// ---- parsing helpers (MLIR's AsmParser messages)

/** `parseOptionalInteger` into a 32-bit int: undefined when there is no integer. */
export function parseOptionalInt32(p: Parser): number | undefined {
  if (p.consumeKeywordIf('true')) return 1;
  if (p.consumeKeywordIf('false')) return 0;
  if (!p.is(Tok.integer) && !p.is(Tok.minus)) return undefined;
  const start = p.tokStart;
  const negative = p.consumeIf(Tok.minus);
  const digitsStart = p.tokStart;
  const digitsEnd = p.tokEnd;
  p.expect(Tok.integer, 'expected integer value');
  const magnitude = BigInt(p.src.slice(digitsStart, digitsEnd));
  const value = negative ? -magnitude : magnitude;
  if (value < -(2n ** 31n) || value >= 2n ** 31n) p.error('integer value too large', start);
  return Number(value);
}

function parseInt32(p: Parser): number {
  const start = p.tokStart;
  const v = parseOptionalInt32(p);
  if (v === undefined) p.error('expected integer value', start);
  return v;
}

function parseKeyword(p: Parser): string {
  if (!p.is(Tok.bare_identifier) && !p.is(Tok.keyword)) p.error('expected valid keyword');
  const word = p.text;
  p.consume();
  return word;
}

// ---- the types' own syntax (what follows the mnemonic)

function parseTestInteger(p: Parser, nameLoc: number): Type {
  p.expect(Tok.less, "expected '<'");
  const loc = p.tokStart;
  const word = parseKeyword(p).toLowerCase();
  let signedness: TestSignedness;
  if (word === 'u' || word === 'unsigned') signedness = 'unsigned';
  else if (word === 's' || word === 'signed') signedness = 'signed';
  else if (word === 'n' || word === 'none') signedness = 'signless';
  else p.error('expected signed, unsigned, or none', loc);
  p.expect(Tok.comma, "expected ','");
  const width = parseInt32(p);
  p.expect(Tok.greater, "expected '>'");
  // TestIntegerType::verify rejects widths above 8 without a message; say why.
  if (width < 0 || width > 8) p.error(`test.int width must be at most 8, got ${width}`, nameLoc);
  return TestIntegerType.get(width, signedness);
}

/** The parameters of `!test.optional_value_type` (`(<N?>)?`), for the full and the stripped form. */
export function parseOptionalValueTypeParameters(p: Parser): TestOptionalValueType {
  let value: number | undefined;
  if (p.consumeIf(Tok.less)) {
    value = parseOptionalInt32(p);
    p.expect(Tok.greater, "expected '>'");
  }
  return TestOptionalValueType.get(value);
}

/** The test dialect's type parser hook. */
export function parseTestType(d: DialectAsmParser): Type {
  const p = tokenParser(d);
  const mnemonic = d.mnemonic;
  if (!KNOWN_TYPE_MNEMONICS.has(mnemonic)) p.error('unknown type!');
  const nameLoc = p.tokStart;
  if (SINGLETONS.has(mnemonic)) {
    p.consume();
    // Generated parsers of parameterless types stop after the mnemonic.
    return TestSingletonType.get(mnemonic);
  }
  if (mnemonic === 'int') {
    p.consume();
    return parseTestInteger(p, nameLoc);
  }
  if (mnemonic === 'optional_value_type') {
    p.consume();
    return parseOptionalValueTypeParameters(p);
  }
  // A type mlir-opt knows but scfkit does not model: kept as written.
  while (!p.is(Tok.eof)) p.consume();
  return OpaqueType.get('test', d.body);
}
