// CSE's op hash and equivalence against MLIR 22 (OperationEquivalence): ops
// are keyed by numbers of uniqued types and attributes and by value ids, so
// these cases check what the numbers must and must not tell apart:
// commutative operands in either order, attributes in any order or
// differing, properties, result types, scopes hidden by an isolated (here:
// unregistered) op and seen again after it, and many distinct constants in
// one scope. Expected outputs are mlir-opt 22's for the same input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

/** One function with `n` distinct constants, each defined twice, and uses of both copies. */
function manyConstants(n: number): string {
  const lines: string[] = [];
  const uses: string[] = [];
  for (let i = 0; i < n; i++) {
    lines.push(`  %a${i} = arith.constant ${i} : i64`);
    lines.push(`  %f${i} = arith.constant ${i}.5 : f32`);
    lines.push(`  %b${i} = arith.constant ${i} : i64`);
    lines.push(`  %s${i} = arith.addi %a${i}, %b${i} : i64`);
    lines.push(`  "test.use"(%s${i}, %f${i}) : (i64, f32) -> ()`);
    uses.push(`%s${i}`);
  }
  return `func.func @many() {\n${lines.join('\n')}\n  return\n}\n`;
}

const CASES: OptCase[] = [
  {
    name: 'cse: commutative operands in either order, attributes in any order, differing attributes, properties and result types',
    args: ['--cse', '--allow-unregistered-dialect'],
    input: `func.func @f(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i1, i1, i32, i32, i32, i64, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.addi %a, %b {x = 1 : i32, y = "s"} : i32
  %3 = arith.addi %a, %b {y = "s", x = 1 : i32} : i32
  %4 = arith.addi %a, %b {x = 2 : i32} : i32
  %5 = arith.cmpi slt, %a, %b : i32
  %6 = arith.cmpi sgt, %a, %b : i32
  %7 = arith.subi %a, %b : i32
  %8 = arith.subi %b, %a : i32
  %c1 = arith.constant 1 : i64
  %9 = arith.addi %a, %b overflow<nsw> : i32
  %10 = arith.addi %a, %b overflow<nsw> : i32
  %11 = arith.constant 1 : i64
  %12 = arith.addi %c1, %11 : i64
  %13 = arith.constant 1 : i32
  %14 = "arith.addi"(%a, %b) <{overflowFlags = #arith.overflow<nsw>}> {z = 0 : i8} : (i32, i32) -> i32
  %15 = "arith.addi"(%b, %a) <{overflowFlags = #arith.overflow<nsw>}> {z = 0 : i8} : (i32, i32) -> i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %10, %12, %15 : i32, i32, i32, i32, i32, i1, i1, i32, i32, i32, i64, i32
}
`,
  },
  {
    name: 'cse: an unregistered region op hides the enclosing scopes from its region, and they are seen again after it; nested scf regions see them',
    args: ['--cse', '--allow-unregistered-dialect'],
    input: `func.func @g(%c: i1) -> (i64, i64) {
  %c1 = arith.constant 1 : i64
  %r = "foo.region_op"() ({
    %c2 = arith.constant 1 : i64
    "test.foo"(%c2) : (i64) -> ()
    %c3 = arith.constant 1 : i64
    "test.foo"(%c3) : (i64) -> ()
    "foo.inner"() ({
      %c5 = arith.constant 1 : i64
      "test.foo"(%c5) : (i64) -> ()
    }) : () -> ()
    %c6 = arith.constant 1 : i64
    "test.foo"(%c6) : (i64) -> ()
  }) : () -> i64
  %c4 = arith.constant 1 : i64
  %x = scf.if %c -> i64 {
    %c7 = arith.constant 1 : i64
    %c8 = arith.constant 2 : i64
    %s = arith.addi %c7, %c8 : i64
    scf.yield %s : i64
  } else {
    %c9 = arith.constant 2 : i64
    %t = arith.addi %c4, %c9 : i64
    scf.yield %t : i64
  }
  %c10 = arith.constant 2 : i64
  %u = arith.addi %c1, %c10 : i64
  return %x, %u : i64, i64
}
`,
  },
  {
    name: 'cse: 2,000 distinct constants in one scope, each defined twice',
    args: ['--cse', '--allow-unregistered-dialect'],
    input: manyConstants(2000),
  },
];

testOptCases(CASES);
