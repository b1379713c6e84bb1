// Builtin attribute and type fidelity: distinct attributes, sparse elements
// verification, memref memory spaces, dense literal diagnostics and the
// resource sections of file metadata. Every expected output is mlir-opt 22's
// for the same input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const BUILTIN_CASES: OptCase[] = [
  {
    // Each chunk's implicit module is where its buffer begins: 0:0 for the
    // first, right after the marker for the others.
    name: 'split-input-file: locations of the chunks\' implicit modules',
    args: ['--split-input-file', '--mlir-print-debuginfo'],
    input: 'func.func @a() {\n  return\n}\n  // -----   \nfunc.func @c() {\n  return\n}\n\t// -----\n// comment\n\nfunc.func @d() {\n  return\n}\n// -----\nmodule {\n}\n',
  },
  {
    name: "distinct attributes: numbered in print order, aliased unless they refer to unit",
    args: ["--allow-unregistered-dialect"],
    input: `#a = distinct[5]<42 : i32>
"test.op"() {a = distinct[7]<>, b = #a, c = distinct[3]<"x">, d = distinct[7]<>, e = [distinct[9]<{z}>]} : () -> ()
`,
  },
  {
    name: "distinct attributes in the generic form",
    args: ["--allow-unregistered-dialect","--mlir-print-op-generic"],
    input: `"test.op"() {a = distinct[1]<>, b = distinct[0]<[1, 2]>} : () -> ()
`,
  },
  {
    name: "distinct attribute redefined with another attribute",
    args: ["--allow-unregistered-dialect"],
    input: `#a = distinct[0]<42 : i32>
#b = distinct[0]<43 : i32>
`,
  },
  {
    name: "distinct attribute with a bad nested attribute reports both errors",
    args: ["--allow-unregistered-dialect"],
    input: `#a = distinct[8]<attribute
`,
  },
  {
    name: "distinct ID out of range",
    args: [],
    input: `#a = distinct[0x10000000000000000]<1>
`,
  },
  {
    name: "sparse elements: values must be 1-d",
    args: ["--allow-unregistered-dialect"],
    input: `"t"() {a = sparse<[[0, 0, 0]], [[-2.0]]> : vector<1x1x1xf16>} : () -> ()
`,
  },
  {
    name: "sparse elements: index out of the shape (read as unsigned)",
    args: ["--allow-unregistered-dialect"],
    input: `"t"() {a = sparse<[[0, 1], [1, -1]], [1, 2]> : tensor<2x2xi16>} : () -> ()
`,
  },
  {
    name: "sparse elements: shape mismatch",
    args: ["--allow-unregistered-dialect"],
    input: `"t"() {a = sparse<[[0, 0, 0]], [1]> : tensor<2x2xi16>} : () -> ()
`,
  },
  {
    name: "sparse elements: splat index, and empty sparse for a scalar",
    args: ["--allow-unregistered-dialect"],
    input: `"t"() {a = sparse<1, 10> : tensor<2x2xi16>, b = sparse<0, 1> : tensor<i16>} : () -> ()
`,
  },
  {
    name: "memref memory spaces: builtin attributes other than integer/string/dictionary are rejected",
    args: ["--allow-unregistered-dialect"],
    input: `func.func private @f(memref<2xi8, "s">, memref<2xi8, {a}>, memref<*xi8, 3>)
func.func private @g(memref<2xi8, [1]>)
`,
  },
  {
    name: "memref memory space: an unregistered dialect attribute is opaque, hence builtin",
    args: ["--allow-unregistered-dialect"],
    input: `func.func private @g(memref<*xi8, #foo.bar>)
`,
  },
  {
    name: "memref: empty layout/memory space list",
    args: [],
    input: `func.func private @g(memref<2xi8, >)
`,
  },
  {
    name: "dense_resource needs a shaped type (reported at the colon)",
    args: ["--allow-unregistered-dialect"],
    input: `"t"() {a = dense_resource<r> : i32} : () -> ()
`,
  },
  {
    name: "dense elements: type quoted in element-count errors",
    args: ["--allow-unregistered-dialect"],
    input: `"t"() {a = dense<1> : tensor<2xcomplex<i64>>} : () -> ()
`,
  },
];

const RESOURCE_CASES: OptCase[] = [
  {
    name: "resources: referenced builtin blobs and every external resource are printed back",
    args: ["--allow-unregistered-dialect"],
    input: `"test.op"() {a = dense_resource<zz> : tensor<2xi32>, b = dense_resource<aa> : tensor<1xi8>, c = dense_resource<nob> : tensor<1xi8>, d = dense_resource<"a b"> : tensor<1xi8>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      aa: "0x08000000ab",
      zz: "0x04000000010000000200000a",
      zz: "0x0400000001000000ffffffff",
      "a b": "0x0100000001",
      unused: "0x0100000001"
    },
    test: { t: "0x01000000" }
  },
  external_resources: {
    x: {
      s: "str\\n",
      s: "dup"
    }
  },
  external_resources: {
    x: {
      t: false,
      b: "0x01000000FF"
    },
    y: {}
  }
#-}
`,
  },
  {
    name: "resources after deferred location aliases",
    args: ["--allow-unregistered-dialect","--mlir-print-debuginfo"],
    input: `"test.op"() : () -> ()
{-# external_resources: { x: { a: true } } #-}
`,
  },
  {
    name: "resources of each split chunk",
    args: ["--allow-unregistered-dialect","--split-input-file"],
    input: `{-# external_resources: { x: { a: true } } #-}
// -----
"test.op"() : () -> ()
`,
  },
  {
    name: "dialect resources of an unknown dialect",
    args: [],
    input: `{-# dialect_resources: { foo: { a: "0x01000000" } } #-}
`,
  },
  {
    name: "dialect resources of a dialect without resources",
    args: [],
    input: `{-# dialect_resources: { arith: { a: "0x01000000" } } #-}
`,
  },
  {
    name: "blob key must be an identifier or a string",
    args: [],
    input: `{-# dialect_resources: { builtin: { 10: "0x01000000" } } #-}
`,
  },
  {
    name: "blob must be a hex string",
    args: [],
    input: `{-# dialect_resources: { builtin: { k: "0X01000000" } } #-}
`,
  },
  {
    name: "blob must start with a 4-byte alignment",
    args: [],
    input: `{-# dialect_resources: { test: { k: "0x010000" } } #-}
`,
  },
  {
    name: "blob alignment must be a power of 2",
    args: [],
    input: `{-# dialect_resources: { builtin: { k: "0x03000000" } } #-}
`,
  },
  {
    name: "external resource: not a bool, blob or string",
    args: [],
    input: `{-# external_resources: { x: { a: 10 } } #-}
`,
  },
  {
    name: "external resource: a 0x string is a blob",
    args: [],
    input: `{-# external_resources: { x: { a: "0x" } } #-}
`,
  },
];

testOptCases(BUILTIN_CASES);
testOptCases(RESOURCE_CASES);
