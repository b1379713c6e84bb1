// lift-cf-to-scf against MLIR 22: each case runs scf-opt in-process and
// compares stdout, stderr and the exit code with what
// /usr/lib/llvm-22/bin/mlir-opt printed (written here literally).

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "scf.for with a nested scf.if, lowered by convert-scf-to-cf, lifts to scf.while with scf.if",
    args: ["--lift-cf-to-scf"],
    input: `func.func @f(%arg0: index, %arg1: i1, %arg2: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0, %arg2 : index, i32)
^bb1(%0: index, %1: i32):
  %2 = arith.cmpi slt, %0, %arg0 : index
  cf.cond_br %2, ^bb2, ^bb7
^bb2:
  cf.cond_br %arg1, ^bb3, ^bb4
^bb3:
  %3 = arith.addi %1, %1 : i32
  cf.br ^bb5(%3 : i32)
^bb4:
  cf.br ^bb5(%1 : i32)
^bb5(%4: i32):
  cf.br ^bb6
^bb6:
  %5 = arith.addi %0, %c1 : index
  cf.br ^bb1(%5, %4 : index, i32)
^bb7:
  return %1 : i32
}
`,
    stdout: `module {
  func.func @f(%arg0: index, %arg1: i1, %arg2: i32) -> i32 {
    %0 = ub.poison : i32
    %1 = ub.poison : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %2:3 = scf.while (%arg3 = %c0, %arg4 = %arg2, %arg5 = %0) : (index, i32, i32) -> (index, i32, i32) {
      %3 = arith.cmpi slt, %arg3, %arg0 : index
      %4:4 = scf.if %3 -> (index, i32, i32, i32) {
        %6 = scf.if %arg1 -> (i32) {
          %8 = arith.addi %arg4, %arg4 : i32
          scf.yield %8 : i32
        } else {
          scf.yield %arg4 : i32
        }
        %7 = arith.addi %arg3, %c1 : index
        scf.yield %7, %6, %c0_i32, %c1_i32 : index, i32, i32, i32
      } else {
        scf.yield %1, %0, %c1_i32, %c0_i32 : index, i32, i32, i32
      }
      %5 = arith.trunci %4#3 : i32 to i1
      scf.condition(%5) %4#0, %4#1, %arg4 : index, i32, i32
    } do {
    ^bb0(%arg3: index, %arg4: i32, %arg5: i32):
      scf.yield %arg3, %arg4, %arg5 : index, i32, i32
    }
    return %2#2 : i32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "returns from inside a loop are combined into one exit",
    args: ["--lift-cf-to-scf"],
    input: `func.func @g(%n: i32, %x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^head(%c0 : i32)
^head(%i: i32):
  %done = arith.cmpi sge, %i, %n : i32
  cf.cond_br %done, ^out, ^body
^body:
  %hit = arith.cmpi eq, %i, %x : i32
  cf.cond_br %hit, ^found, ^next
^found:
  return %i : i32
^next:
  %j = arith.addi %i, %c1 : i32
  cf.br ^head(%j : i32)
^out:
  %m = arith.subi %c0, %c1 : i32
  return %m : i32
}
`,
    stdout: `module {
  func.func @g(%arg0: i32, %arg1: i32) -> i32 {
    %c2_i32 = arith.constant 2 : i32
    %0 = ub.poison : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %1:3 = scf.while (%arg2 = %c0_i32_0, %arg3 = %0, %arg4 = %0) : (i32, i32, i32) -> (i32, i32, i32) {
      %4 = arith.cmpi sge, %arg2, %arg0 : i32
      %5:3 = scf.if %4 -> (i32, i32, i32) {
        scf.yield %0, %c2_i32, %c0_i32 : i32, i32, i32
      } else {
        %7 = arith.cmpi eq, %arg2, %arg1 : i32
        %8:3 = scf.if %7 -> (i32, i32, i32) {
          scf.yield %0, %c1_i32, %c0_i32 : i32, i32, i32
        } else {
          %9 = arith.addi %arg2, %c1_i32_1 : i32
          scf.yield %9, %c0_i32, %c1_i32 : i32, i32, i32
        }
        scf.yield %8#0, %8#1, %8#2 : i32, i32, i32
      }
      %6 = arith.trunci %5#2 : i32 to i1
      scf.condition(%6) %5#0, %arg2, %5#1 : i32, i32, i32
    } do {
    ^bb0(%arg2: i32, %arg3: i32, %arg4: i32):
      scf.yield %arg2, %arg3, %arg4 : i32, i32, i32
    }
    %2 = arith.index_castui %1#2 : i32 to index
    %3 = scf.index_switch %2 -> i32 
    case 1 {
      scf.yield %1#1 : i32
    }
    default {
      %4 = arith.subi %c0_i32_0, %c1_i32_1 : i32
      scf.yield %4 : i32
    }
    return %3 : i32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "cf.switch becomes scf.index_switch",
    args: ["--lift-cf-to-scf"],
    input: `func.func @s(%flag: i32, %a: f32, %b: f32) -> f32 {
  cf.switch %flag : i32, [
    default: ^d(%a : f32),
    3: ^c3,
    7: ^c7(%b : f32)
  ]
^c3:
  %s = arith.addf %a, %b : f32
  cf.br ^join(%s : f32)
^c7(%y: f32):
  %m = arith.mulf %y, %y : f32
  cf.br ^join(%m : f32)
^d(%z: f32):
  cf.br ^join(%z : f32)
^join(%r: f32):
  return %r : f32
}
`,
    stdout: `module {
  func.func @s(%arg0: i32, %arg1: f32, %arg2: f32) -> f32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.index_castui %arg0 : i32 to index
    %1 = scf.index_switch %0 -> f32 
    case 3 {
      %2 = arith.addf %arg1, %arg2 : f32
      scf.yield %2 : f32
    }
    case 7 {
      %2 = arith.mulf %arg2, %arg2 : f32
      scf.yield %2 : f32
    }
    default {
      scf.yield %arg1 : f32
    }
    return %1 : f32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "a cycle with two entries (irreducible) gets a multiplexer header",
    args: ["--lift-cf-to-scf"],
    input: `func.func @irr(%c: i1, %d: i1, %x: i64) -> i64 {
  cf.cond_br %c, ^a(%x : i64), ^b(%x : i64)
^a(%p: i64):
  %p1 = arith.addi %p, %p : i64
  cf.br ^b(%p1 : i64)
^b(%q: i64):
  %q1 = arith.muli %q, %q : i64
  cf.cond_br %d, ^a(%q1 : i64), ^exit
^exit:
  return %q1 : i64
}
`,
    stdout: `module {
  func.func @irr(%arg0: i1, %arg1: i1, %arg2: i64) -> i64 {
    %0 = ub.poison : i32
    %c1_i32 = arith.constant 1 : i32
    %1 = ub.poison : i64
    %c0_i32 = arith.constant 0 : i32
    %2:4 = scf.if %arg0 -> (i64, i64, i32, i64) {
      scf.yield %1, %arg2, %c1_i32, %1 : i64, i64, i32, i64
    } else {
      scf.yield %arg2, %1, %c0_i32, %1 : i64, i64, i32, i64
    }
    %3:4 = scf.while (%arg3 = %2#0, %arg4 = %2#1, %arg5 = %2#2, %arg6 = %2#3) : (i64, i64, i32, i64) -> (i64, i64, i32, i64) {
      %4 = arith.index_castui %arg5 : i32 to index
      %5:6 = scf.index_switch %4 -> i64, i64, i32, i32, i32, i64 
      case 0 {
        %7 = arith.muli %arg3, %arg3 : i64
        %8:6 = scf.if %arg1 -> (i64, i64, i32, i32, i32, i64) {
          scf.yield %1, %7, %c1_i32, %c0_i32, %c1_i32, %7 : i64, i64, i32, i32, i32, i64
        } else {
          scf.yield %1, %1, %0, %c1_i32, %c0_i32, %7 : i64, i64, i32, i32, i32, i64
        }
        scf.yield %8#0, %8#1, %8#2, %8#3, %8#4, %8#5 : i64, i64, i32, i32, i32, i64
      }
      default {
        %7 = arith.addi %arg4, %arg4 : i64
        scf.yield %7, %1, %c0_i32, %c0_i32, %c1_i32, %1 : i64, i64, i32, i32, i32, i64
      }
      %6 = arith.trunci %5#4 : i32 to i1
      scf.condition(%6) %5#0, %5#1, %5#2, %5#5 : i64, i64, i32, i64
    } do {
    ^bb0(%arg3: i64, %arg4: i64, %arg5: i32, %arg6: i64):
      scf.yield %arg3, %arg4, %arg5, %arg6 : i64, i64, i32, i64
    }
    return %3#3 : i64
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "a loop without exit returns poison after it",
    args: ["--lift-cf-to-scf"],
    input: `func.func @inf(%m: memref<i32>) -> (i32, f32) {
  %c = arith.constant 1 : i32
  cf.br ^loop
^loop:
  memref.store %c, %m[] : memref<i32>
  cf.br ^loop
}
`,
    stdout: `module {
  func.func @inf(%arg0: memref<i32>) -> (i32, f32) {
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32_0 = arith.constant 1 : i32
    scf.while : () -> () {
      memref.store %c1_i32_0, %arg0[] : memref<i32>
      %2 = arith.trunci %c1_i32 : i32 to i1
      scf.condition(%2)
    } do {
      scf.yield
    }
    %0 = ub.poison : i32
    %1 = ub.poison : f32
    return %0, %1 : i32, f32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "structured input is left alone",
    args: ["--lift-cf-to-scf"],
    input: `func.func @one(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
`,
    stdout: `module {
  func.func @one(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    return %0 : i32
  }
}

`,
    stderr: ``,
    code: 0,
  },
  {
    name: "unreachable blocks are not supported",
    args: ["--lift-cf-to-scf"],
    input: `func.func @u(%a: i32) -> i32 {
  cf.br ^bb2
^bb1:
  return %a : i32
^bb2:
  return %a : i32
}
`,
    stdout: ``,
    stderr: `<stdin>:4:3: error: 'func.return' op transformation does not support unreachable blocks
  return %a : i32
  ^
<stdin>:4:3: note: see current operation: "func.return"(%arg0) : (i32) -> ()
`,
    code: 1,
  },
];

testOptCases(CASES);
