// The test dialect's types, attributes and alias hook as mlir-opt 22 has them.
// Every expected output is mlir-opt 22's for the same input, run live.

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
  },
  {
    name: "test types: an unknown mnemonic",
    args: [],
    input: `func.func private @f(!test.smplb)
`,
  },
  {
    name: "test types: a bad signedness",
    args: [],
    input: `func.func private @f(!test.int<x, 8>)
`,
  },
  {
    name: "test types: the signedness must be a keyword",
    args: [],
    input: `func.func private @f(!test.int<3, 8>)
`,
  },
  {
    name: "test types: an optional value that is not an integer",
    args: [],
    input: `func.func private @f(!test.optional_value_type<x>)
`,
  },
  {
    name: "test types: trailing text after a parameterless type is ignored",
    args: [],
    input: `func.func private @f(!test.smpla<1>)
`,
  },
  {
    name: "test attributes: self-typed and conditionally aliased attributes",
    args: ["--allow-unregistered-dialect"],
    input: `#a = "alias_test:dot_in_name"
#b = "plain"
"test.op"() {a = #test.attr_with_self_type_param, b = #test.attr_with_self_type_param : !test.int<unsigned, 8>, c = #test.conditional_alias<"a b">, d = #test.conditional_alias<foo>, e = #test.conditional_alias<#a>, f = #test.conditional_alias<#b>} : () -> ()
`,
  },
  {
    name: "test attributes: conditional_alias takes only strings",
    args: [],
    input: `"test.op"() {c = #test.conditional_alias<3>} : () -> ()
`,
  },
  {
    name: "test attributes: an unknown mnemonic",
    args: [],
    input: `"test.op"() {a = #test.nested_polynomial<x>} : () -> ()
`,
  },
  {
    name: "test aliases: alias_test strings (conflicts resolved as mlir-opt 22 does), test tuples over builtin tuples, !test_ui8",
    args: ["--allow-unregistered-dialect"],
    input: `"test.op"() {a = ["alias_test:trailing_digit_conflict_a", "alias_test:trailing_digit_conflict_b","alias_test:trailing_digit_conflict_c","alias_test:trailing_digit_conflict_d","alias_test:trailing_digit_conflict_e","alias_test:trailing_digit_conflict_f","alias_test:trailing_digit_conflict_g","alias_test:trailing_digit_conflict_h", "alias_test:trailing_digit", "alias_test:prefixed_symbol", "alias_test:sanitize_conflict_a"]} : () -> ()
"test.op"() {a = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i1>, b = tuple<!test.smpla>, c = tuple<!test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla, !test.smpla>} : () -> tensor<2x!test.int<unsigned, 8>>
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
