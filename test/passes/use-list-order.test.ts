// Use-list order after folding, as --mlir-print-value-users shows it: MLIR's
// Commutative trait fold moves OpOperands with std::stable_partition, and a
// moved OpOperand is linked again at the front of its value's use list, even
// when the op is left as it was; SCCP undoes an in-place fold with
// setOperands, which re-links every operand. Every expected output is
// mlir-opt 22's for the same input, run live.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: 'canonicalize: a commutative op with its constant already last re-links that use (index_cast folded, then addi)',
    args: ['--allow-unregistered-dialect', '--canonicalize', '--mlir-print-value-users'],
    input: `func.func @f(%x: i32, %b: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %v = arith.index_cast %c1 : index to i32
  %w = "test.foo"(%v) : (i32) -> i32
  %s = arith.addi %b, %v : i32
  %t = arith.addi %s, %w : i32
  return %t : i32
}
`,
  },
  {
    name: 'canonicalize: constants first, last, shared by several commutative ops (arith and index)',
    args: ['--mlir-print-value-users', '--canonicalize'],
    input: USES(),
  },
  { name: 'test-single-fold: the same', args: ['--mlir-print-value-users', '--test-single-fold'], input: USES() },
  { name: 'sccp: in-place folds undone with setOperands re-link every operand', args: ['--mlir-print-value-users', '--sccp'], input: USES() },
  { name: 'remove-dead-values: the same analysis', args: ['--mlir-print-value-users', '--remove-dead-values'], input: USES() },
];

function USES(): string {
  return `func.func @f(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32) {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %a = arith.addi %c5, %x : i32
  %b = arith.muli %x, %c5 : i32
  %c = arith.maxsi %c5, %y : i32
  %d = arith.andi %y, %c7 : i32
  %e = arith.ori %c7, %x : i32
  %g = arith.subi %c5, %x : i32
  %h = arith.xori %x, %y : i32
  %i = arith.minui %h, %c7 : i32
  return %a, %b, %c, %d, %i : i32, i32, i32, i32, i32
}
func.func @g(%x: index, %y: index) -> (index, index) {
  %c5 = arith.constant 5 : index
  %a = index.add %c5, %x
  %b = index.mul %x, %c5
  %c = index.maxs %c5, %y
  return %a, %c : index, index
}
`;
}

testOptCases(CASES);
