// The compiled ODS checks (src/ods/op.ts, compileOdsCheck) remember, per op
// kind and position, the last type or attribute that passed. These inputs
// put a valid op before an invalid one of the same kind, so the invalid one
// meets a primed check; stdout, stderr and exit code must be mlir-opt 22's
// (run live), as for the first op of a kind.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: 'operand type after a valid op of the same kind',
    args: [],
    input: `func.func @f(%a: i32, %b: f32) {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%b, %b) : (f32, f32) -> f32
  return
}
`,
  },
  {
    name: 'result type after a valid op of the same kind',
    args: [],
    input: `func.func @f(%a: i32) {
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i1
  %1 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i32
  return
}
`,
  },
  {
    name: 'invalid predicate after a valid op of the same kind',
    args: [],
    input: `func.func @f(%a: i32) {
  %0 = "arith.cmpi"(%a, %a) <{predicate = 1 : i64}> : (i32, i32) -> i1
  %1 = "arith.cmpi"(%a, %a) <{predicate = 42 : i64}> : (i32, i32) -> i1
  return
}
`,
  },
  {
    name: 'missing required attribute and operand count after valid ops',
    args: [],
    input: `func.func @f(%a: i32) {
  %0 = "arith.cmpi"(%a, %a) <{predicate = 1 : i64}> : (i32, i32) -> i1
  %1 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}
`,
  },
  {
    name: 'operand count after a valid op of the same kind',
    args: [],
    input: `func.func @f(%a: i32) {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%a) : (i32) -> i32
  return
}
`,
  },
  {
    name: 'type-matching trait after a valid op of the same kind',
    args: [],
    input: `func.func @f(%a: i32, %b: i64, %c: i1) {
  %0 = "arith.select"(%c, %a, %a) : (i1, i32, i32) -> i32
  %1 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}
`,
  },
  {
    name: 'variadic operand group type after a valid op of the same kind',
    args: [],
    input: `func.func @f(%a: index, %m: memref<4xf32>) {
  %0 = "memref.load"(%m, %a) : (memref<4xf32>, index) -> f32
  %1 = "memref.load"(%m, %0) : (memref<4xf32>, f32) -> f32
  return
}
`,
  },
  {
    name: 'region block count after a valid op of the same kind',
    args: [],
    input: `func.func @f(%c: i1) {
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  return
}
`,
  },
  {
    name: 'segment sizes after a valid op of the same kind',
    args: [],
    input: `func.func @f(%n: index) {
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
  %1 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 1>}> : (index) -> memref<?xf32>
  return
}
`,
  },
  {
    name: 'elementwise vector operands after scalar ones',
    args: [],
    input: `func.func @f(%a: i32, %v: vector<4xi32>) {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%v, %v) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  %2 = "arith.addi"(%v, %a) : (vector<4xi32>, i32) -> vector<4xi32>
  return
}
`,
  },
  // The fixed-operand check counts and types the operands in one walk along the list.
  {
    name: 'too many operands after a valid op of the same kind',
    args: [],
    input: `func.func @f(%a: i32) {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}
`,
  },
  {
    name: 'too few operands after a valid op of the same kind',
    args: [],
    input: `func.func @f(%a: i32) {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%a) : (i32) -> i32
  return
}
`,
  },
  {
    name: 'a variadic operand of the wrong type after a valid op of the same kind',
    args: [],
    input: `func.func @f(%m: memref<4x4xf32>, %i: index, %x: f32) {
  %0 = memref.load %m[%i, %i] : memref<4x4xf32>
  %1 = "memref.load"(%m, %i, %x) : (memref<4x4xf32>, index, f32) -> f32
  return
}
`,
  },
  {
    name: 'operands of different types after a valid op of the same kind (SameTypeOperands)',
    args: [],
    input: `func.func @f(%a: i32, %b: i64) {
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i1
  %1 = "arith.cmpi"(%a, %b) <{predicate = 0 : i64}> : (i32, i64) -> i1
  return
}
`,
  },
  {
    name: 'a result of another type than the operands after a valid op of the same kind (SameOperandsAndResultType)',
    args: [],
    input: `func.func @f(%a: i32) {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return
}
`,
  },
];

testOptCases(CASES);
