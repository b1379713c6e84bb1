// convert-cf-to-llvm's type conversion (MLIR's LLVMTypeConverter) for the
// block arguments and operands of branches, live against mlir-opt 22: stdout,
// stderr and exit code for each type. Memrefs become descriptor structs,
// vectors 1-D vectors (in arrays), complex numbers structs, function values
// pointers, the small float formats integers; a type with no counterpart
// (tensors, tuples, tf32, a non-strided layout, a memory space that is not an
// integer) leaves the branch unconverted, which fails the pass ("failed to
// legalize ... explicitly marked illegal") instead of producing llvm branches
// that do not verify.
import { testOptCases, type OptCase } from '../opt-cases.js';

const TYPES = [
  'i32',
  'si32',
  'ui8',
  'f8E4M3FN',
  'f4E2M1FN',
  'bf16',
  'f80',
  'tf32',
  'vector<4xindex>',
  'vector<2x3xf32>',
  'vector<f32>',
  'vector<[4]xf32>',
  'vector<[2]x4xf32>',
  'complex<f32>',
  'memref<f32>',
  'memref<?x?xf32, strided<[?, 1], offset: ?>>',
  'memref<4x?xi8, 3>',
  'memref<4xindex>',
  'memref<*xf32, 2>',
  'memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>',
  'memref<4xf32, "foo">',
  'memref<4xtf32>',
  '(tensor<4xf32>) -> i32',
  'tensor<4xf32>',
  'tuple<i32>',
  'none',
];

/** A diamond whose blocks take and pass a `t`, used after the join by an unregistered op. */
function diamond(t: string): string {
  return `func.func @d(%c: i1, %x: ${t}, %y: ${t}) {
  cf.cond_br %c, ^bb1(%x : ${t}), ^bb2(%y : ${t})
^bb1(%a : ${t}):
  cf.br ^bb2(%a : ${t})
^bb2(%b : ${t}):
  "test.use"(%b) : (${t}) -> ()
  return
}
`;
}

const SWITCH = `func.func @s(%flag: i32, %m: memref<?xf32>, %n: memref<?xf32>) {
  cf.switch %flag : i32, [
    default: ^bb1(%m : memref<?xf32>),
    4: ^bb1(%n : memref<?xf32>),
    7: ^bb2
  ]
^bb1(%a : memref<?xf32>):
  "test.use"(%a) : (memref<?xf32>) -> ()
  return
^bb2:
  return
}
`;

const CASES: OptCase[] = [
  ...TYPES.map((t) => ({ name: `block arguments of type ${t}`, args: ['--allow-unregistered-dialect', '--convert-cf-to-llvm'], input: diamond(t) })),
  { name: 'a memref through a 32-bit index', args: ['--allow-unregistered-dialect', '--convert-cf-to-llvm=index-bitwidth=32'], input: diamond('memref<?x4xf32>') },
  { name: 'cf.switch with memref operands', args: ['--allow-unregistered-dialect', '--convert-cf-to-llvm'], input: SWITCH },
  // Locations: MLIR's assert lowering declares `abort` at an unknown location, `puts` at the module's.
  {
    name: 'cf.assert lowered, with locations',
    args: ['--convert-cf-to-llvm', '--mlir-print-debuginfo'],
    input: `func.func @a(%arg: i1) {
  cf.assert %arg, "Computer says no"
  return
}
`,
  },
  // The casts of converted operands are at the branch that first needs them
  // (one per value, reused by the other branch), a converted block
  // argument's cast at the argument's location; vector.print's operand cast at the print.
  {
    name: 'conversion casts at their branches and block arguments, with locations',
    args: ['--convert-cf-to-llvm', '--mlir-print-debuginfo'],
    input: `func.func @b(%c: i1, %a: index, %b: index) -> index {
  cf.cond_br %c, ^bb1(%a, %a : index, index), ^bb2
^bb1(%x: index, %y: index):
  return %x : index
^bb2:
  cf.br ^bb1(%a, %b : index, index)
}
`,
  },
  {
    name: 'vector.print of an index: the cast at the print, with locations',
    args: ['--convert-to-llvm=filter-dialects=vector', '--mlir-print-debuginfo'],
    input: `func.func @p(%a: index) {
  vector.print %a : index
  return
}
`,
  },
  // Use-list order: a converted argument's uses move to its cast in order;
  // in a block whose signature changes, the unchanged arguments' uses are
  // reversed (MLIR 22 replaces them with a new block's arguments); a block
  // whose signature stays keeps them.
  {
    name: 'block signature conversion: use-list order of converted and unchanged arguments',
    args: ['--allow-unregistered-dialect', '--convert-cf-to-llvm', '--mlir-print-value-users'],
    input: `func.func @u(%a: f32, %b: index) {
  cf.br ^bb1(%a : f32)
^bb1(%x: f32):
  "test.u1"(%x) : (f32) -> ()
  "test.u2"(%x) : (f32) -> ()
  cf.br ^bb2(%a, %b : f32, index)
^bb2(%y: f32, %z: index):
  "test.v1"(%y, %z) : (f32, index) -> ()
  "test.v2"(%y, %z) : (f32, index) -> ()
  "test.v3"(%z) : (index) -> ()
  return
}
`,
  },
  // The unchanged argument's old uses are reversed, and the new branch that
  // forwards it comes after them (MLIR 22 replaces it when it commits).
  {
    name: 'block signature conversion: an unchanged argument forwarded by a converted branch',
    args: ['--allow-unregistered-dialect', '--convert-cf-to-llvm', '--mlir-print-value-users'],
    input: `func.func @k(%c: i1, %a: f32, %b: index) {
  cf.br ^bb1(%a, %b : f32, index)
^bb1(%y: f32, %z: index):
  "test.v1"(%y) : (f32) -> ()
  "test.v2"(%y) : (f32) -> ()
  cf.cond_br %c, ^bb1(%y, %z : f32, index), ^bb2
^bb2:
  return
}
`,
  },
  // Casts as MLIR 22 rebuilds them when it commits: a target cast used by
  // two branches lists them last converted last; a used source cast comes
  // first among its argument's uses (the branch forwarding it after).
  {
    name: 'conversion casts: use-list order of their uses and of their inputs',
    args: ['--allow-unregistered-dialect', '--convert-cf-to-llvm', '--mlir-print-value-users'],
    input: `func.func @t(%c: i1) {
  %c0 = arith.constant 0 : index
  cf.br ^bb1(%c0 : index)
^bb1(%a: index):
  "test.u"(%a) : (index) -> ()
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  cf.br ^bb1(%c0 : index)
^bb3:
  return
}
func.func @s(%c: i1, %x: index) {
  cf.br ^bb1(%x : index)
^bb1(%a: index):
  "test.u"(%a) : (index) -> ()
  cf.cond_br %c, ^bb1(%a : index), ^bb2
^bb2:
  return
}
`,
  },
];

testOptCases(CASES);
