// Test dialect ops that exercise the textual format (src/dialects/test/syntax-ops.ts):
// native properties, custom directives, prop-dict, stripped dialect types,
// symbol names and result names. Every expected output is what
// /usr/lib/llvm-22/bin/mlir-opt printed for the same input.

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
    stdout: `module {
  test.with_properties a = 32, b = "foo", c = "bar", flag = true, array = [1, 2, 3, 4], array32 = [5, 6] {z = 1 : i64}
  test.with_properties a = 0, b = "foo", c = "", flag = false, array = [], array32 = []
  test.with_properties a = 0, b = "q", c = "", flag = true, array = [], array32 = [] {a = 3 : i64}
  test.with_properties a = 0, b = "x", c = "", flag = false, array = [], array32 = []
  test.with_properties a = -1, b = "q", c = "x", flag = false, array = [], array32 = []
}

`,
  },
  {
    name: "test.with_properties: generic form",
    args: ["--mlir-print-op-generic"],
    input: `test.with_properties a = -1, b = "foo", c = "", flag = 0, array = [], array32 = [7]
`,
    stdout: `"builtin.module"() ({
  "test.with_properties"() <{a = -1 : i64, array = array<i64>, array32 = array<i32: 7>, b = "foo", c = "", flag = false}> : () -> ()
}) : () -> ()

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
    stdout: `// -----
// -----
// -----
// -----
// -----
// -----
`,
    stderr: `<stdin>:1:1: error: invalid properties {a = "x", array = 1 : i64, b = 3 : i64, c = 4 : i64, flag = 5 : i64} for op test.with_properties: Invalid attribute \`b\` in property conversion: 3 : i64
"test.with_properties"() <{a = "x", array = 1, b = 3, c = 4, flag = 5}> : () -> ()
^
<stdin>:3:1: error: invalid properties {a = "x", c = 4 : i64} for op test.with_properties: expected IntegerAttr for key \`value\`
"test.with_properties"() <{a = "x", c = 4}> : () -> ()
^
<stdin>:5:1: error: invalid properties {array = 1 : i64, array32 = 2 : i64, flag = 5 : i64} for op test.with_properties: expected string property to come from string attribute
"test.with_properties"() <{array = 1, array32 = 2, flag = 5}> : () -> ()
^
<stdin>:7:1: error: invalid properties {array = 1 : i64, array32 = 2 : i64} for op test.with_properties: expected DenseI64ArrayAttr for key \`value\`
"test.with_properties"() <{array = 1, array32 = 2}> : () -> ()
^
<stdin>:9:1: error: invalid properties {array32 = array<i64: 1>} for op test.with_properties: expected DenseI32ArrayAttr for key \`value\`
"test.with_properties"() <{array32 = array<i64: 1>}> : () -> ()
^
<stdin>:11:1: error: 'test.with_properties' op attribute 'b' failed to satisfy constraint: string attribute
"test.with_properties"() {b = 3} : () -> ()
^
<stdin>:13:1: error: 'test.with_properties' op requires attribute 'b'
"test.with_properties"() : () -> ()
^
<stdin>:13:1: note: see current operation: "test.with_properties"() <{a = 0 : i64, array = array<i64>, array32 = array<i32>, c = "", flag = false}> : () -> ()
`,
    code: 1,
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
    stdout: `// -----
// -----
// -----
// -----
// -----
// -----
`,
    stderr: `<stdin>:1:26: error: custom op 'test.with_properties' expected integer value
test.with_properties a = x
                         ^
<stdin>:1:26: error: custom op 'test.with_properties' invalid value for property a, expected int64_t
test.with_properties a = x
                         ^
<stdin>:3:42: error: custom op 'test.with_properties' expected string
test.with_properties a = 1, b = "2", c = 3
                                         ^
<stdin>:3:42: error: custom op 'test.with_properties' invalid value for property c, expected string
test.with_properties a = 1, b = "2", c = 3
                                         ^
<stdin>:5:54: error: custom op 'test.with_properties' integer value too large
test.with_properties a = 1, b = "2", c = "3", flag = -1, array = [], array32 = []
                                                     ^
<stdin>:5:54: error: custom op 'test.with_properties' invalid value for property flag, expected boolean
test.with_properties a = 1, b = "2", c = "3", flag = -1, array = [], array32 = []
                                                     ^
<stdin>:7:69: error: custom op 'test.with_properties' expected integer value
test.with_properties a = 1, b = "2", c = "3", flag = true, array = [x]
                                                                    ^
<stdin>:7:68: error: custom op 'test.with_properties' invalid value for property array, expected array of int64_t
test.with_properties a = 1, b = "2", c = "3", flag = true, array = [x]
                                                                   ^
<stdin>:9:83: error: custom op 'test.with_properties' integer value too large
test.with_properties a = 1, b = "2", c = "3", flag = true, array = [], array32 = [99999999999]
                                                                                  ^
<stdin>:9:82: error: custom op 'test.with_properties' invalid value for property array32, expected array of int32_t
test.with_properties a = 1, b = "2", c = "3", flag = true, array = [], array32 = [99999999999]
                                                                                 ^
<stdin>:11:33: error: integer literal not valid for specified type
test.with_properties a = 1, b = 2
                                ^
<stdin>:13:55: error: expected ','
test.with_properties a = 1, b = "2", c = "3", flag = 1
                                                      ^
`,
    code: 1,
  },
  {
    name: "test.custom_dimension_list_attr: round trip",
    args: [],
    input: `test.custom_dimension_list_attr dimension_list = []
test.custom_dimension_list_attr dimension_list = 3
test.custom_dimension_list_attr dimension_list = ?x?x4 {a}
test.custom_dimension_list_attr dimension_list = 0x3
`,
    stdout: `module {
  test.custom_dimension_list_attr dimension_list = []
  test.custom_dimension_list_attr dimension_list = 3
  test.custom_dimension_list_attr dimension_list = ?x?x4 {a}
  test.custom_dimension_list_attr dimension_list = 0x3
}

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
    stdout: `// -----
// -----
// -----
// -----
// -----
`,
    stderr: `<stdin>:1:52: error: invalid dimension
test.custom_dimension_list_attr dimension_list = 1x-1
                                                   ^
<stdin>:1:52: error: custom op 'test.custom_dimension_list_attr' Failed parsing dimension list.
test.custom_dimension_list_attr dimension_list = 1x-1
                                                   ^
<stdin>:3:50: error: custom op 'test.custom_dimension_list_attr' Failed parsing dimension list. Did you mean an empty list? It must be denoted by "[]".
test.custom_dimension_list_attr dimension_list = -1
                                                 ^
<stdin>:5:51: error: expected ']'
test.custom_dimension_list_attr dimension_list = [2x3]
                                                  ^
<stdin>:5:51: error: custom op 'test.custom_dimension_list_attr' Failed parsing dimension list.
test.custom_dimension_list_attr dimension_list = [2x3]
                                                  ^
<stdin>:7:52: error: invalid dimension
test.custom_dimension_list_attr dimension_list = 2x
                                                   ^
<stdin>:8:1: error: custom op 'test.custom_dimension_list_attr' Failed parsing dimension list.
// -----
^
<stdin>:10:1: error: custom op 'test.custom_dimension_list_attr' expected 'dimension_list'
// -----
^
<stdin>:11:1: error: invalid properties {dimension_list = array<i32: 1>} for op test.custom_dimension_list_attr: Invalid attribute \`dimension_list\` in property conversion: array<i32: 1>
"test.custom_dimension_list_attr"() <{dimension_list = array<i32: 1>}> : () -> ()
^
`,
    code: 1,
  },
  {
    name: "test.optional_custom_attr: attr-dict first, then foo <i1> or bar",
    args: [],
    input: `test.optional_custom_attr {a} foo true
test.optional_custom_attr bar
"test.optional_custom_attr"() <{attr = false}> {z} : () -> ()
`,
    stdout: `module {
  test.optional_custom_attr {a} foo true
  test.optional_custom_attr bar
  test.optional_custom_attr {z} foo false
}

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
    stdout: `// -----
// -----
// -----
`,
    stderr: `<stdin>:1:30: error: expected attribute value
test.optional_custom_attr foo
                             ^
<stdin>:3:1: error: 'test.optional_custom_attr' op attribute 'attr' failed to satisfy constraint: 1-bit signless integer attribute
test.optional_custom_attr foo 3
^
<stdin>:3:1: note: see current operation: "test.optional_custom_attr"() <{attr = 3 : i64}> : () -> ()
<stdin>:5:31: error: custom op 'test.optional_custom_attr' invalid kind of attribute specified
test.optional_custom_attr foo 1.0
                              ^
<stdin>:8:1: error: custom op 'test.optional_custom_attr' expected 'bar'

^
`,
    code: 1,
  },
  {
    name: "test.op_with_enum_prop_attr_form: prop-dict",
    args: [],
    input: `test.op_with_enum_prop_attr_form <{value = 1 : i32}> {value = 2 : i32}
test.op_with_enum_prop_attr_form <{value = 4294967298}>
"test.op_with_enum_prop_attr_form"() : () -> ()
"test.op_with_enum_prop_attr_form"() <{value = 0 : i32, foo}> : () -> ()
`,
    stdout: `module {
  test.op_with_enum_prop_attr_form <{value = 1 : i32}> {value = 2 : i32}
  test.op_with_enum_prop_attr_form <{value = 2 : i32}>
  test.op_with_enum_prop_attr_form <{value = 0 : i32}>
  test.op_with_enum_prop_attr_form <{value = 0 : i32}>
}

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
    stdout: `// -----
// -----
// -----
// -----
`,
    stderr: `<stdin>:1:1: error: invalid properties {foo, value = 0 : i32} for op test.op_with_enum_prop_attr_form: unknown key '"foo"' when parsing properties dictionary
test.op_with_enum_prop_attr_form <{value = 0 : i32, foo}>
^
<stdin>:3:1: error: invalid properties {} for op test.op_with_enum_prop_attr_form: expected key entry for value in DictionaryAttr to set Properties.
test.op_with_enum_prop_attr_form
^
<stdin>:5:1: error: invalid properties {foo, value = "x"} for op test.op_with_enum_prop_attr_form: expected ::test::TestEnumAttr or IntegerAttr storage for test::TestEnum
test.op_with_enum_prop_attr_form <{value = "x", foo}>
^
<stdin>:7:1: error: invalid properties 3 : i64 for op test.op_with_enum_prop_attr_form: expected DictionaryAttr to set properties
test.op_with_enum_prop_attr_form <3>
^
<stdin>:9:1: error: 'test.op_with_enum_prop_attr_form' op property 'value' failed to satisfy constraint: a test enum
test.op_with_enum_prop_attr_form <{value = 5 : i32}>
^
<stdin>:9:1: note: see current operation: "test.op_with_enum_prop_attr_form"() <{value = 5 : i32}> : () -> ()
`,
    code: 1,
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
    stdout: `module {
  func.func @f(%arg0: i32, %arg1: i64) {
    test.variadic_args_types_split "x", %arg0, %arg1 : i32, i64
    test.variadic_args_types_split "y" {w}
    test.variadic_args_types_split "z", %arg1 {v} : i64
    return
  }
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
    stdout: `// -----
// -----
// -----
`,
    stderr: `<stdin>:1:1: error: custom op 'test.variadic_args_types_split' number of operands and types do not match: got 0 operands and 1 types
test.variadic_args_types_split "hello_world" : i32
^
<stdin>:4:39: error: custom op 'test.variadic_args_types_split' number of operands and types do not match: got 1 operands and 2 types
  test.variadic_args_types_split "x", %a : i32, i32
                                      ^
<stdin>:8:32: error: integer literal not valid for specified type
test.variadic_args_types_split 3
                               ^
<stdin>:10:1: error: 'test.variadic_args_types_split' op attribute 'str' failed to satisfy constraint: string attribute
"test.variadic_args_types_split"() {str = 1}: () -> ()
^
`,
    code: 1,
  },
  {
    name: "test.format_symbol_name_attr_op: the attribute dictionary overrides the written symbol",
    args: [],
    input: `test.format_symbol_name_attr_op @name { attr = "xx" }
test.format_symbol_name_attr_op @"a b" {z}
"test.format_symbol_name_attr_op"() <{attr = "a"}> {attr = "b"} : () -> ()
`,
    stdout: `module {
  test.format_symbol_name_attr_op @xx
  test.format_symbol_name_attr_op @"a b" {z}
  test.format_symbol_name_attr_op @a
}

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
    stdout: `module {
  func.func @test(%arg0: !test.optional_value_type, %arg1: !test.optional_value_type<3>) {
    test.format_maybe_empty_type %arg0 : !test.optional_value_type
    test.format_maybe_empty_type %arg1 : <3> {x}
    test.format_maybe_empty_type %arg0 : !test.optional_value_type
    return
  }
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
    stdout: ``,
    stderr: `<stdin>:2:3: error: 'test.format_maybe_empty_type' op operand #0 must be , but got 'i32'
  "test.format_maybe_empty_type"(%a) : (i32) -> ()
  ^
<stdin>:2:3: note: see current operation: "test.format_maybe_empty_type"(%arg0) : (i32) -> ()
`,
    code: 1,
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
    stdout: `module {
  func.func @f(%arg0: i32) {
    %p, %p_0, %q = "test.custom_result_name"(%arg0) <{names = ["p", "p", "q"]}> : (i32) -> (i32, i32, i32)
    %r:3 = "test.custom_result_name"(%arg0) <{names = ["r", ""]}> : (i32) -> (i32, i32, i32)
    "test.use"(%p_0, %q, %r#1) : (i32, i32, i32) -> ()
    return
  }
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
    stdout: ``,
    stderr: `<stdin>:2:10: error: 'test.custom_result_name' op attribute 'names' failed to satisfy constraint: string array attribute
  %0:2 = "test.custom_result_name"(%a) {names = ["p", 3]} : (i32) -> (i32, i32)
         ^
`,
    code: 1,
  },
];

testOptCases(CASES);
