// Test dialect ops that exercise the textual format (src/dialects/test/syntax-
// ops.ts): native properties, custom directives, prop-dict, stripped dialect
// types, symbol names and result names. Every expected output is mlir-opt 22's
// for the same input, run live.

import { testOptCases, type OptCase } from '../../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "test.with_properties: custom form, defaults, and an inherent attribute from the attribute dictionary",
    args: [],
    input: `test.with_properties a = 32, b = "foo", c = "bar", flag = true, array = [1, 2, 3, 4], array32 = [5, 6] {z = 1}
"test.with_properties"() <{b = "foo", zz = 3}> : () -> ()
"test.with_properties"() <{flag = true}> {b = "q", a = 3} : () -> ()
"test.with_properties"() <{b = "x"}> {b = "y"} : () -> ()
"test.with_properties"() <{flag = false, a = true, b = "q", c = "x" : i32}> : () -> ()
`,
  },
  {
    name: "test.with_properties: generic form",
    args: ["--mlir-print-op-generic"],
    input: `test.with_properties a = -1, b = "foo", c = "", flag = 0, array = [], array32 = [7]
`,
  },
  {
    name: "test.with_properties: property conversions are checked b, a, c, flag, array, array32",
    args: ["--split-input-file"],
    input: `"test.with_properties"() <{a = "x", array = 1, b = 3, c = 4, flag = 5}> : () -> ()
// -----
"test.with_properties"() <{a = "x", c = 4}> : () -> ()
// -----
"test.with_properties"() <{array = 1, array32 = 2, flag = 5}> : () -> ()
// -----
"test.with_properties"() <{array = 1, array32 = 2}> : () -> ()
// -----
"test.with_properties"() <{array32 = array<i64: 1>}> : () -> ()
// -----
"test.with_properties"() {b = 3} : () -> ()
// -----
"test.with_properties"() : () -> ()
`,
  },
  {
    name: "test.with_properties: a bad property value adds 'invalid value for property'",
    args: ["--split-input-file"],
    input: `test.with_properties a = x
// -----
test.with_properties a = 1, b = "2", c = 3
// -----
test.with_properties a = 1, b = "2", c = "3", flag = -1, array = [], array32 = []
// -----
test.with_properties a = 1, b = "2", c = "3", flag = true, array = [x]
// -----
test.with_properties a = 1, b = "2", c = "3", flag = true, array = [], array32 = [99999999999]
// -----
test.with_properties a = 1, b = 2
// -----
test.with_properties a = 1, b = "2", c = "3", flag = 1
`,
  },
  {
    name: "test.custom_dimension_list_attr: round trip",
    args: [],
    input: `test.custom_dimension_list_attr dimension_list = []
test.custom_dimension_list_attr dimension_list = 3
test.custom_dimension_list_attr dimension_list = ?x?x4 {a}
test.custom_dimension_list_attr dimension_list = 0x3
`,
  },
  {
    name: "test.custom_dimension_list_attr: errors",
    args: ["--split-input-file"],
    input: `test.custom_dimension_list_attr dimension_list = 1x-1
// -----
test.custom_dimension_list_attr dimension_list = -1
// -----
test.custom_dimension_list_attr dimension_list = [2x3]
// -----
test.custom_dimension_list_attr dimension_list = 2x
// -----
test.custom_dimension_list_attr
// -----
"test.custom_dimension_list_attr"() <{dimension_list = array<i32: 1>}> : () -> ()
`,
  },
  {
    name: "test.optional_custom_attr: attr-dict first, then foo <i1> or bar",
    args: [],
    input: `test.optional_custom_attr {a} foo true
test.optional_custom_attr bar
"test.optional_custom_attr"() <{attr = false}> {z} : () -> ()
`,
  },
  {
    name: "test.optional_custom_attr: errors",
    args: ["--split-input-file"],
    input: `test.optional_custom_attr foo
// -----
test.optional_custom_attr foo 3
// -----
test.optional_custom_attr foo 1.0
// -----
test.optional_custom_attr
`,
  },
  {
    name: "test.op_with_enum_prop_attr_form: prop-dict",
    args: [],
    input: `test.op_with_enum_prop_attr_form <{value = 1 : i32}> {value = 2 : i32}
test.op_with_enum_prop_attr_form <{value = 4294967298}>
"test.op_with_enum_prop_attr_form"() : () -> ()
"test.op_with_enum_prop_attr_form"() <{value = 0 : i32, foo}> : () -> ()
`,
  },
  {
    name: "test.op_with_enum_prop_attr_form: prop-dict errors",
    args: ["--split-input-file"],
    input: `test.op_with_enum_prop_attr_form <{value = 0 : i32, foo}>
// -----
test.op_with_enum_prop_attr_form
// -----
test.op_with_enum_prop_attr_form <{value = "x", foo}>
// -----
test.op_with_enum_prop_attr_form <3>
// -----
test.op_with_enum_prop_attr_form <{value = 5 : i32}>
`,
  },
  {
    name: "test.variadic_args_types_split",
    args: [],
    input: `func.func @f(%a: i32, %b: i64) {
  test.variadic_args_types_split "x", %a, %b : i32, i64
  test.variadic_args_types_split "y", {w}
  "test.variadic_args_types_split"(%b) <{str = "z"}> {v} : (i64) -> ()
  return
}
`,
  },
  {
    name: "test.variadic_args_types_split: operand/type count mismatches",
    args: ["--split-input-file"],
    input: `test.variadic_args_types_split "hello_world" : i32
// -----
func.func @f(%a: i32) {
  test.variadic_args_types_split "x", %a : i32, i32
  return
}
// -----
test.variadic_args_types_split 3
// -----
"test.variadic_args_types_split"() {str = 1}: () -> ()
`,
  },
  {
    name: "test.format_symbol_name_attr_op: the attribute dictionary overrides the written symbol",
    args: [],
    input: `test.format_symbol_name_attr_op @name { attr = "xx" }
test.format_symbol_name_attr_op @"a b" {z}
"test.format_symbol_name_attr_op"() <{attr = "a"}> {attr = "b"} : () -> ()
`,
  },
  {
    name: "test.format_maybe_empty_type: types printed without their prefix unless empty",
    args: [],
    input: `func.func @test(%arg0 : !test.optional_value_type, %arg1 : !test.optional_value_type<3>) {
  test.format_maybe_empty_type %arg0 : !test.optional_value_type
  test.format_maybe_empty_type %arg1 : <3> {x}
  test.format_maybe_empty_type %arg0 : <>
  return
}
`,
  },
  {
    name: "test.format_maybe_empty_type: wrong operand type",
    args: [],
    input: `func.func @f(%a: i32) {
  "test.format_maybe_empty_type"(%a) : (i32) -> ()
  return
}
`,
  },
  {
    name: "test.custom_result_name: result names from the names attribute",
    args: ["--allow-unregistered-dialect"],
    input: `func.func @f(%a: i32) {
  %p:2, %q = "test.custom_result_name"(%a) {names = ["p", "p", "q"]} : (i32) -> (i32, i32, i32)
  %0:3 = "test.custom_result_name"(%a) {names = ["r", ""]} : (i32) -> (i32, i32, i32)
  "test.use"(%p#1, %q, %0#1) : (i32, i32, i32) -> ()
  return
}
`,
  },
  {
    name: "test.custom_result_name: names must be strings",
    args: [],
    input: `func.func @f(%a: i32) {
  %0:2 = "test.custom_result_name"(%a) {names = ["p", 3]} : (i32) -> (i32, i32)
  return
}
`,
  },
];

testOptCases(CASES);
