// Builtin attribute and type fidelity: distinct attributes, sparse elements
// verification, memref memory spaces, dense literal diagnostics and the
// resource sections of file metadata. Every expected output is what
// /usr/lib/llvm-22/bin/mlir-opt printed for the same input.

import { testOptCases, type OptCase } from '../opt-cases.js';

const BUILTIN_CASES: OptCase[] = [
  {
    name: "distinct attributes: numbered in print order, aliased unless they refer to unit",
    args: ["--allow-unregistered-dialect"],
    input: `#a = distinct[5]<42 : i32>
"test.op"() {a = distinct[7]<>, b = #a, c = distinct[3]<"x">, d = distinct[7]<>, e = [distinct[9]<{z}>]} : () -> ()
`,
    stdout: `#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<"x">
#distinct2 = distinct[2]<{z}>
module {
  "test.op"() {a = distinct[3]<>, b = #distinct, c = #distinct1, d = distinct[3]<>, e = [#distinct2]} : () -> ()
}

`,
  },
  {
    name: "distinct attributes in the generic form",
    args: ["--allow-unregistered-dialect","--mlir-print-op-generic"],
    input: `"test.op"() {a = distinct[1]<>, b = distinct[0]<[1, 2]>} : () -> ()
`,
    stdout: `#distinct = distinct[0]<[1, 2]>
"builtin.module"() ({
  "test.op"() {a = distinct[1]<>, b = #distinct} : () -> ()
}) : () -> ()

`,
  },
  {
    name: "distinct attribute redefined with another attribute",
    args: ["--allow-unregistered-dialect"],
    input: `#a = distinct[0]<42 : i32>
#b = distinct[0]<43 : i32>
`,
    stdout: ``,
    stderr: `<stdin>:2:6: error: referenced attribute does not match previous definition: 42 : i32
#b = distinct[0]<43 : i32>
     ^
`,
    code: 1,
  },
  {
    name: "distinct attribute with a bad nested attribute reports both errors",
    args: ["--allow-unregistered-dialect"],
    input: `#a = distinct[8]<attribute
`,
    stdout: ``,
    stderr: `<stdin>:1:18: error: expected attribute value
#a = distinct[8]<attribute
                 ^
<stdin>:1:18: error: expected attribute
#a = distinct[8]<attribute
                 ^
`,
    code: 1,
  },
  {
    name: "distinct ID out of range",
    args: [],
    input: `#a = distinct[0x10000000000000000]<1>
`,
    stdout: ``,
    stderr: `<stdin>:1:34: error: expected an unsigned 64-bit integer
#a = distinct[0x10000000000000000]<1>
                                 ^
`,
    code: 1,
  },
  {
    name: "sparse elements: values must be 1-d",
    args: ["--allow-unregistered-dialect"],
    input: `"t"() {a = sparse<[[0, 0, 0]], [[-2.0]]> : vector<1x1x1xf16>} : () -> ()
`,
    stdout: ``,
    stderr: `<stdin>:1:12: error: expected 1-d tensor for sparse element values
"t"() {a = sparse<[[0, 0, 0]], [[-2.0]]> : vector<1x1x1xf16>} : () -> ()
           ^
`,
    code: 1,
  },
  {
    name: "sparse elements: index out of the shape (read as unsigned)",
    args: ["--allow-unregistered-dialect"],
    input: `"t"() {a = sparse<[[0, 1], [1, -1]], [1, 2]> : tensor<2x2xi16>} : () -> ()
`,
    stdout: ``,
    stderr: `<stdin>:1:12: error: sparse index #1 is not contained within the value shape, with index=[1, 18446744073709551615], and type='tensor<2x2xi16>'
"t"() {a = sparse<[[0, 1], [1, -1]], [1, 2]> : tensor<2x2xi16>} : () -> ()
           ^
`,
    code: 1,
  },
  {
    name: "sparse elements: shape mismatch",
    args: ["--allow-unregistered-dialect"],
    input: `"t"() {a = sparse<[[0, 0, 0]], [1]> : tensor<2x2xi16>} : () -> ()
`,
    stdout: ``,
    stderr: `<stdin>:1:12: error: expected shape ([2, 2]); inferred shape of indices literal ([1, 3]); inferred shape of values literal ([1])
"t"() {a = sparse<[[0, 0, 0]], [1]> : tensor<2x2xi16>} : () -> ()
           ^
`,
    code: 1,
  },
  {
    name: "sparse elements: splat index, and empty sparse for a scalar",
    args: ["--allow-unregistered-dialect"],
    input: `"t"() {a = sparse<1, 10> : tensor<2x2xi16>, b = sparse<0, 1> : tensor<i16>} : () -> ()
`,
    stdout: `module {
  "t"() {a = sparse<1, 10> : tensor<2x2xi16>, b = sparse<> : tensor<i16>} : () -> ()
}

`,
  },
  {
    name: "memref memory spaces: builtin attributes other than integer/string/dictionary are rejected",
    args: ["--allow-unregistered-dialect"],
    input: `func.func private @f(memref<2xi8, "s">, memref<2xi8, {a}>, memref<*xi8, 3>)
func.func private @g(memref<2xi8, [1]>)
`,
    stdout: ``,
    stderr: `<stdin>:2:22: error: unsupported memory space Attribute
func.func private @g(memref<2xi8, [1]>)
                     ^
`,
    code: 1,
  },
  {
    name: "memref memory space: an unregistered dialect attribute is opaque, hence builtin",
    args: ["--allow-unregistered-dialect"],
    input: `func.func private @g(memref<*xi8, #foo.bar>)
`,
    stdout: ``,
    stderr: `<stdin>:1:22: error: unsupported memory space Attribute
func.func private @g(memref<*xi8, #foo.bar>)
                     ^
`,
    code: 1,
  },
  {
    name: "memref: empty layout/memory space list",
    args: [],
    input: `func.func private @g(memref<2xi8, >)
`,
    stdout: ``,
    stderr: `<stdin>:1:34: error: expected list element
func.func private @g(memref<2xi8, >)
                                 ^
`,
    code: 1,
  },
  {
    name: "dense_resource needs a shaped type (reported at the colon)",
    args: ["--allow-unregistered-dialect"],
    input: `"t"() {a = dense_resource<r> : i32} : () -> ()
`,
    stdout: ``,
    stderr: `<stdin>:1:30: error: \`dense_resource\` expected a shaped type
"t"() {a = dense_resource<r> : i32} : () -> ()
                             ^
`,
    code: 1,
  },
  {
    name: "dense elements: type quoted in element-count errors",
    args: ["--allow-unregistered-dialect"],
    input: `"t"() {a = dense<1> : tensor<2xcomplex<i64>>} : () -> ()
`,
    stdout: ``,
    stderr: `<stdin>:1:12: error: parsed 1 elements, but type ('complex<i64>') expected 2 elements
"t"() {a = dense<1> : tensor<2xcomplex<i64>>} : () -> ()
           ^
`,
    code: 1,
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
    stdout: `module {
  "test.op"() {a = dense_resource<zz> : tensor<2xi32>, b = dense_resource<aa> : tensor<1xi8>, c = dense_resource<nob> : tensor<1xi8>, d = dense_resource<"a b"> : tensor<1xi8>} : () -> ()
}

{-#
  dialect_resources: {
    builtin: {
      zz: "0x0400000001000000FFFFFFFF",
      aa: "0x08000000AB",
      "a b": "0x0100000001"
    }
  },
  external_resources: {
    x: {
      s: "str\\0A",
      s: "dup",
      t: false,
      b: "0x01000000FF"
    }
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
    stdout: `module {
  "test.op"() : () -> () loc(#loc1)
} loc(#loc)
#loc = loc("<stdin>":0:0)
#loc1 = loc("<stdin>":1:1)

{-#
  external_resources: {
    x: {
      a: true
    }
  }
#-}

`,
  },
  {
    name: "resources of each split chunk",
    args: ["--allow-unregistered-dialect","--split-input-file"],
    input: `{-# external_resources: { x: { a: true } } #-}
// -----
"test.op"() : () -> ()
`,
    stdout: `module {
}

{-#
  external_resources: {
    x: {
      a: true
    }
  }
#-}

// -----
module {
  "test.op"() : () -> ()
}

`,
  },
  {
    name: "dialect resources of an unknown dialect",
    args: [],
    input: `{-# dialect_resources: { foo: { a: "0x01000000" } } #-}
`,
    stdout: ``,
    stderr: `<stdin>:1:26: error: dialect 'foo' is unknown
{-# dialect_resources: { foo: { a: "0x01000000" } } #-}
                         ^
`,
    code: 1,
  },
  {
    name: "dialect resources of a dialect without resources",
    args: [],
    input: `{-# dialect_resources: { arith: { a: "0x01000000" } } #-}
`,
    stdout: ``,
    stderr: `<stdin>:1:35: error: unexpected 'resource' section for dialect 'arith'
{-# dialect_resources: { arith: { a: "0x01000000" } } #-}
                                  ^
`,
    code: 1,
  },
  {
    name: "blob key must be an identifier or a string",
    args: [],
    input: `{-# dialect_resources: { builtin: { 10: "0x01000000" } } #-}
`,
    stdout: ``,
    stderr: `<stdin>:1:37: error: expected identifier key for 'resource' entry
{-# dialect_resources: { builtin: { 10: "0x01000000" } } #-}
                                    ^
`,
    code: 1,
  },
  {
    name: "blob must be a hex string",
    args: [],
    input: `{-# dialect_resources: { builtin: { k: "0X01000000" } } #-}
`,
    stdout: ``,
    stderr: `<stdin>:1:40: error: expected hex string blob for key 'k'
{-# dialect_resources: { builtin: { k: "0X01000000" } } #-}
                                       ^
`,
    code: 1,
  },
  {
    name: "blob must start with a 4-byte alignment",
    args: [],
    input: `{-# dialect_resources: { test: { k: "0x010000" } } #-}
`,
    stdout: ``,
    stderr: `<stdin>:1:37: error: expected hex string blob for key 'k' to encode alignment in first 4 bytes
{-# dialect_resources: { test: { k: "0x010000" } } #-}
                                    ^
`,
    code: 1,
  },
  {
    name: "blob alignment must be a power of 2",
    args: [],
    input: `{-# dialect_resources: { builtin: { k: "0x03000000" } } #-}
`,
    stdout: ``,
    stderr: `<stdin>:1:40: error: expected hex string blob for key 'k' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3
{-# dialect_resources: { builtin: { k: "0x03000000" } } #-}
                                       ^
`,
    code: 1,
  },
  {
    name: "external resource: not a bool, blob or string",
    args: [],
    input: `{-# external_resources: { x: { a: 10 } } #-}
`,
    stdout: ``,
    stderr: `<stdin>:1:35: error: expected string value for key 'a'
{-# external_resources: { x: { a: 10 } } #-}
                                  ^
`,
    code: 1,
  },
  {
    name: "external resource: a 0x string is a blob",
    args: [],
    input: `{-# external_resources: { x: { a: "0x" } } #-}
`,
    stdout: ``,
    stderr: `<stdin>:1:35: error: expected hex string blob for key 'a' to encode alignment in first 4 bytes
{-# external_resources: { x: { a: "0x" } } #-}
                                  ^
`,
    code: 1,
  },
];

testOptCases(BUILTIN_CASES);
testOptCases(RESOURCE_CASES);
