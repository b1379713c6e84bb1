// control-flow-sink against MLIR 22: each case runs scf-opt in-process and compares
// stdout, stderr and the exit code with what /usr/lib/llvm-22/bin/mlir-opt
// printed (written here literally).

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "ops used only in one branch sink into it",
    args: ["--control-flow-sink"],
    input: `func.func @f(%a: i32, %b: i32, %c: i1, %i: index) -> i32 {
  %x = arith.addi %a, %b : i32
  %y = arith.muli %a, %b : i32
  %z = arith.subi %a, %b : i32
  %r = scf.execute_region -> i32 {
    scf.yield %x : i32
  }
  %s = scf.index_switch %i -> i32
  case 0 {
    scf.yield %y : i32
  }
  default {
    scf.yield %a : i32
  }
  %t = scf.if %c -> i32 {
    scf.yield %z : i32
  } else {
    scf.yield %a : i32
  }
  %u = arith.addi %r, %s : i32
  %v = arith.addi %u, %t : i32
  return %v : i32
}
`,
    stdout: `module {
  func.func @f(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: index) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = scf.execute_region -> i32 {
      scf.yield %0 : i32
    }
    %2 = scf.index_switch %arg3 -> i32 
    case 0 {
      %6 = arith.muli %arg0, %arg1 : i32
      scf.yield %6 : i32
    }
    default {
      scf.yield %arg0 : i32
    }
    %3 = scf.if %arg2 -> (i32) {
      %6 = arith.subi %arg0, %arg1 : i32
      scf.yield %6 : i32
    } else {
      scf.yield %arg0 : i32
    }
    %4 = arith.addi %1, %2 : i32
    %5 = arith.addi %4, %3 : i32
    return %5 : i32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "ops used outside, with effects, or in both branches stay",
    args: ["--control-flow-sink"],
    input: `func.func @g(%c: i1, %a: i32, %m: memref<i32>) -> i32 {
  %x = arith.addi %a, %a : i32
  %y = arith.muli %x, %a : i32
  %v = memref.load %m[] : memref<i32>
  %w = arith.subi %a, %a : i32
  %r = scf.if %c -> i32 {
    %s = arith.addi %y, %v : i32
    scf.yield %s : i32
  } else {
    scf.yield %w : i32
  }
  %t = scf.if %c -> i32 {
    scf.yield %w : i32
  } else {
    scf.yield %a : i32
  }
  %u = arith.addi %r, %t : i32
  return %u : i32
}
`,
    stdout: `module {
  func.func @g(%arg0: i1, %arg1: i32, %arg2: memref<i32>) -> i32 {
    %0 = memref.load %arg2[] : memref<i32>
    %1 = arith.subi %arg1, %arg1 : i32
    %2 = scf.if %arg0 -> (i32) {
      %5 = arith.addi %arg1, %arg1 : i32
      %6 = arith.muli %5, %arg1 : i32
      %7 = arith.addi %6, %0 : i32
      scf.yield %7 : i32
    } else {
      scf.yield %1 : i32
    }
    %3 = scf.if %arg0 -> (i32) {
      scf.yield %1 : i32
    } else {
      scf.yield %arg1 : i32
    }
    %4 = arith.addi %2, %3 : i32
    return %4 : i32
  }
}

`,
    stderr: ``,
    code: 0,
  },
];

testOptCases(CASES);
