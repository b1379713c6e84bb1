// The test dialect's types, attributes and alias hook as mlir-opt 22 has them.
// Every expected output is what /usr/lib/llvm-22/bin/mlir-opt printed for the
// same input.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../../src/tools/opt-driver.js';
import { testOptCases, type OptCase } from '../../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "test types: !test.int signedness spellings, singletons, optional values",
    args: [],
    input: `func.func private @f(!test.int<SIGNED, 8>, !test.int<N, 1>, !test.int<u, 0>, !test.smpla, !test.test_type_with_trait, memref<1x?x!test.memref_element>)
func.func private @g(!test.optional_value_type<>, !test.optional_value_type< 3 >, !test.optional_value_type<-3>, !test.optional_value_type)
`,
    stdout: `module {
  func.func private @f(!test.int<signed, 8>, !test.int<none, 1>, !test.int<unsigned, 0>, !test.smpla, !test.test_type_with_trait, memref<1x?x!test.memref_element>)
  func.func private @g(!test.optional_value_type, !test.optional_value_type<3>, !test.optional_value_type<-3>, !test.optional_value_type)
}

`,
  },
  {
    name: "test types: an unknown mnemonic",
    args: [],
    input: `func.func private @f(!test.smplb)
`,
    stdout: ``,
    stderr: `<stdin>:1:28: error: unknown type!
func.func private @f(!test.smplb)
                           ^
`,
    code: 1,
  },
  {
    name: "test types: a bad signedness",
    args: [],
    input: `func.func private @f(!test.int<x, 8>)
`,
    stdout: ``,
    stderr: `<stdin>:1:32: error: expected signed, unsigned, or none
func.func private @f(!test.int<x, 8>)
                               ^
`,
    code: 1,
  },
  {
    name: "test types: the signedness must be a keyword",
    args: [],
    input: `func.func private @f(!test.int<3, 8>)
`,
    stdout: ``,
    stderr: `<stdin>:1:32: error: expected valid keyword
func.func private @f(!test.int<3, 8>)
                               ^
`,
    code: 1,
  },
  {
    name: "test types: an optional value that is not an integer",
    args: [],
    input: `func.func private @f(!test.optional_value_type<x>)
`,
    stdout: ``,
    stderr: `<stdin>:1:48: error: expected '>'
func.func private @f(!test.optional_value_type<x>)
                                               ^
`,
    code: 1,
  },
  {
    name: "test types: trailing text after a parameterless type is ignored",
    args: [],
    input: `func.func private @f(!test.smpla<1>)
`,
    stdout: `module {
  func.func private @f(!test.smpla)
}

`,
  },
  {
    name: "test attributes: self-typed and conditionally aliased attributes",
    args: ["--allow-unregistered-dialect"],
    input: `#a = "alias_test:dot_in_name"
#b = "plain"
"test.op"() {a = #test.attr_with_self_type_param, b = #test.attr_with_self_type_param : !test.int<unsigned, 8>, c = #test.conditional_alias<"a b">, d = #test.conditional_alias<foo>, e = #test.conditional_alias<#a>, f = #test.conditional_alias<#b>} : () -> ()
`,
    stdout: `!test_ui8 = !test.int<unsigned, 8>
#test2Ealias = "alias_test:dot_in_name"
module {
  "test.op"() {a = #test.attr_with_self_type_param, b = #test.attr_with_self_type_param : !test_ui8, c = #test.conditional_alias<"a b">, d = #test.conditional_alias<foo>, e = #test.conditional_alias<#test2Ealias>, f = #test.conditional_alias<plain>} : () -> ()
}

`,
  },
  {
    name: "test attributes: conditional_alias takes only strings",
    args: [],
    input: `"test.op"() {c = #test.conditional_alias<3>} : () -> ()
`,
    stdout: ``,
    stderr: `<stdin>:1:42: error: invalid kind of attribute specified
"test.op"() {c = #test.conditional_alias<3>} : () -> ()
                                         ^
`,
    code: 1,
  },
  {
    name: "test attributes: an unknown mnemonic",
    args: [],
    input: `"test.op"() {a = #test.nested_polynomial<x>} : () -> ()
`,
    stdout: ``,
    stderr: `<stdin>:1:24: error: unknown attribute \`nested_polynomial\` in dialect \`test\`
"test.op"() {a = #test.nested_polynomial<x>} : () -> ()
                       ^
`,
    code: 1,
  },
  {
    name: "test aliases: alias_test strings (conflicts resolved as mlir-opt 22 does), test tuples over builtin tuples, !test_ui8",
    args: ["--allow-unregistered-dialect"],
    input: `"test.op"() {a = ["alias_test:trailing_digit_conflict_a", "alias_test:trailing_digit_conflict_b","alias_test:trailing_digit_conflict_c","alias_test:trailing_digit_conflict_d","alias_test:trailing_digit_conflict_e","alias_test:trailing_digit_conflict_f","alias_test:trailing_digit_conflict_g","alias_test:trailing_digit_conflict_h", "alias_test:trailing_digit", "alias_test:prefixed_symbol", "alias_test:sanitize_conflict_a"]} : () -> ()
"test.op"() {a = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i1>, b = tuple<!test.smpla>, c = tuple<!test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla>} : () -> tensor<2x!test.int<unsigned, 8>>
`,
    stdout: `!test_tuple = tuple<!test.smpla>
!test_tuple1 = tuple<!test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla>
!test_ui8 = !test.int<unsigned, 8>
!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i1>
#_25test = "alias_test:prefixed_symbol"
#test_alias0 = "alias_test:trailing_digit"
#test_alias_conflict0 = "alias_test:trailing_digit_conflict_b"
#test_alias_conflict0_1 = "alias_test:trailing_digit_conflict_c"
#test_alias_conflict0_ = "alias_test:trailing_digit_conflict_d"
#test_alias_conflict0_1_1 = "alias_test:trailing_digit_conflict_e"
#test_alias_conflict0_1_2 = "alias_test:trailing_digit_conflict_f"
#test_alias_conflict0_1_ = "alias_test:trailing_digit_conflict_g"
#test_alias_conflict0_1_1_1 = "alias_test:trailing_digit_conflict_h"
#test_alias_conflict0_1_1_1_1 = "alias_test:trailing_digit_conflict_a"
module {
  "test.op"() {a = [#test_alias_conflict0_1_1_1_1, #test_alias_conflict0, #test_alias_conflict0_1, #test_alias_conflict0_, #test_alias_conflict0_1_1, #test_alias_conflict0_1_2, #test_alias_conflict0_1_, #test_alias_conflict0_1_1_1, #test_alias0, #_25test, "alias_test:sanitize_conflict_a"]} : () -> ()
  %0 = "test.op"() {a = !tuple, b = !test_tuple, c = !test_tuple1} : () -> tensor<2x!test_ui8>
}

`,
  },
];

testOptCases(CASES);

// mlir-opt 22 rejects a test.int wider than 8 bits without any message (its
// verifier emits none); scfkit names the problem so that no failure is silent.
test('test types: a test.int wider than 8 bits fails with a diagnostic', () => {
  const r = runOpt(['-'], 'func.func private @f(!test.int<u, 9>)\n');
  assert.equal(r.exitCode, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^<stdin>:1:28: error: test\.int width must be at most 8, got 9\n/);
});
