// The verifier's walk keeps one frame for all the blocks of a region op
// (moved on at each block's exit) and one set of stacks for a whole
// verification, which nested isolated units use above the frames of the
// unit around them (src/ir/verifier.ts). These cases walk many blocks and
// regions, and fail in one nested unit before others: stdout, stderr and the
// exit code must be mlir-opt 22's (live).

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: 'blocks of two regions, then an error in the last block of the second',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) {
  %0 = "scf.while"(%a) ({
  ^bb0(%x: i32):
    cf.br ^bb1(%x : i32)
  ^bb1(%y: i32):
    "scf.condition"(%c, %y) : (i1, i32) -> ()
  }, {
  ^bb0(%x: i32):
    cf.br ^bb1
  ^bb1:
    cf.br ^bb2
  ^bb2:
    %b = arith.addi %x, %c : i32
    "scf.yield"(%b) : (i32) -> ()
  }) : (i32) -> i32
  return
}
`,
  },
  {
    name: 'a value used in a block it does not dominate, after many valid blocks',
    args: [],
    input: `func.func @f(%c: i1, %a: i32) -> i32 {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  %x = arith.addi %a, %a : i32
  cf.br ^bb4
^bb3:
  cf.br ^bb4
^bb4:
  cf.br ^bb5
^bb5:
  return %x : i32
}
`,
  },
  {
    name: 'two nested modules with an invalid function each, and a valid one after',
    args: [],
    input: `module {
  func.func @f(%a: i32) -> i64 {
    return %a : i32
  }
}
module {
  func.func @g(%a: i32) {
    cf.br ^bb1(%a : i32)
  ^bb1(%b: i64):
    return
  }
}
func.func @h(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%b: i32):
  return %b : i32
}
`,
  },
  {
    name: 'functions in a nested module, the first invalid in a deep nest',
    args: [],
    input: `module {
  func.func @f(%lb: index, %c: i1) {
    scf.for %i = %lb to %lb step %lb {
      scf.if %c {
        scf.for %j = %lb to %lb step %lb {
          %x = arith.addi %i, %c : index
        }
      }
    }
    return
  }
  func.func @g(%a: i32) -> i32 {
    return %a : i32
  }
}
`,
  },
];

testOptCases(CASES);
