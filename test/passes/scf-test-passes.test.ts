// MLIR's SCF test passes (test-scf-uplift-while-to-for,
// test-wrap-scf-while-loop-in-zero-trip-check, test-scf-for-utils,
// test-scf-if-utils, test-scf-while-op-builder and the diagnostics of
// test-scf-parallel-loop-collapsing) against MLIR 22: each case runs scf-opt
// in-process and compares stdout, stderr and the exit code with what
// /usr/lib/llvm-22/bin/mlir-opt printed (written here literally; the tool's
// name in command-line errors is scf-opt's own).

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "test-scf-uplift-while-to-for: forwarded arguments in any order, swapped sgt, other shapes left alone",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-uplift-while-to-for))", "--split-input-file", "--allow-unregistered-dialect"],
    input: `func.func @p1(%lb: index, %ub: index, %s: index, %x: i32, %y: f32) -> (f32, i32, index) {
  %0:3 = scf.while (%a = %x, %iv = %lb, %b = %y) : (i32, index, f32) -> (f32, i32, index) {
    %1 = arith.cmpi slt, %iv, %ub : index
    scf.condition(%1) %b, %a, %iv : f32, i32, index
  } do {
  ^bb0(%b2: f32, %a2: i32, %iv2: index):
    %n = "test.next"(%a2, %b2, %iv2) : (i32, f32, index) -> i32
    %m = "test.other"(%b2) : (f32) -> f32
    %added = arith.addi %iv2, %s : index
    scf.yield %n, %added, %m : i32, index, f32
  }
  return %0#0, %0#1, %0#2 : f32, i32, index
}
// -----
func.func @dup(%lb: index, %ub: index, %s: index, %x: i32) -> (index, index) {
  %0:2 = scf.while (%iv = %lb, %a = %x) : (index, i32) -> (index, index) {
    %1 = arith.cmpi slt, %iv, %ub : index
    scf.condition(%1) %iv, %iv : index, index
  } do {
  ^bb0(%i2: index, %i3: index):
    %added = arith.addi %i2, %s : index
    %c = arith.constant 0 : i32
    scf.yield %added, %c : index, i32
  }
  return %0#0, %0#1 : index, index
}
// -----
func.func @fewer(%lb: index, %ub: index, %s: index, %x: i32) -> (index) {
  %0 = scf.while (%iv = %lb, %a = %x) : (index, i32) -> (index) {
    %1 = arith.cmpi slt, %iv, %ub : index
    scf.condition(%1) %iv : index
  } do {
  ^bb0(%i2: index):
    %added = arith.addi %i2, %s : index
    %c = arith.constant 0 : i32
    scf.yield %added, %c : index, i32
  }
  return %0 : index
}
// -----
func.func @p2(%lb: index, %ub: index, %s: index, %x: i32, %y: i32) -> (i32, index, i32) {
  %0:3 = scf.while (%iv = %lb, %a = %x, %b = %y) : (index, i32, i32) -> (i32, index, i32) {
    %1 = arith.cmpi sgt, %ub, %iv : index
    scf.condition(%1) %b, %iv, %a : i32, index, i32
  } do {
  ^bb0(%b2: i32, %iv2: index, %a2: i32):
    %added = arith.addi %s, %iv2 : index
    scf.yield %added, %b2, %a2 : index, i32, i32
  }
  return %0#0, %0#1, %0#2 : i32, index, i32
}
`,
    stdout: `module {
  func.func @p1(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: f32) -> (f32, i32, index) {
    %c1 = arith.constant 1 : index
    %0:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3, %arg7 = %arg4) -> (i32, f32) {
      %8 = "test.next"(%arg6, %arg7, %arg5) : (i32, f32, index) -> i32
      %9 = "test.other"(%arg7) : (f32) -> f32
      scf.yield %8, %9 : i32, f32
    }
    %1 = arith.subi %arg2, %c1 : index
    %2 = arith.subi %arg1, %arg0 : index
    %3 = arith.addi %2, %1 : index
    %4 = arith.divsi %3, %arg2 : index
    %5 = arith.subi %4, %c1 : index
    %6 = arith.muli %5, %arg2 : index
    %7 = arith.addi %arg0, %6 : index
    return %0#1, %0#0, %7 : f32, i32, index
  }
}

// -----
module {
  func.func @dup(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) -> (index, index) {
    %c0_i32 = arith.constant 0 : i32
    %0:2 = scf.while (%arg4 = %arg0, %arg5 = %arg3) : (index, i32) -> (index, index) {
      %1 = arith.cmpi slt, %arg4, %arg1 : index
      scf.condition(%1) %arg4, %arg4 : index, index
    } do {
    ^bb0(%arg4: index, %arg5: index):
      %1 = arith.addi %arg4, %arg2 : index
      scf.yield %1, %c0_i32 : index, i32
    }
    return %0#0, %0#1 : index, index
  }
}

// -----
module {
  func.func @fewer(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) -> index {
    %c0_i32 = arith.constant 0 : i32
    %0 = scf.while (%arg4 = %arg0, %arg5 = %arg3) : (index, i32) -> index {
      %1 = arith.cmpi slt, %arg4, %arg1 : index
      scf.condition(%1) %arg4 : index
    } do {
    ^bb0(%arg4: index):
      %1 = arith.addi %arg4, %arg2 : index
      scf.yield %1, %c0_i32 : index, i32
    }
    return %0 : index
  }
}

// -----
module {
  func.func @p2(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32) -> (i32, index, i32) {
    %c1 = arith.constant 1 : index
    %0:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3, %arg7 = %arg4) -> (i32, i32) {
      scf.yield %arg7, %arg6 : i32, i32
    }
    %1 = arith.subi %arg2, %c1 : index
    %2 = arith.subi %arg1, %arg0 : index
    %3 = arith.addi %2, %1 : index
    %4 = arith.divsi %3, %arg2 : index
    %5 = arith.subi %4, %c1 : index
    %6 = arith.muli %5, %arg2 : index
    %7 = arith.addi %arg0, %6 : index
    return %0#1, %7, %0#0 : i32, index, i32
  }
}

`,
  },
  {
    name: "test-wrap-scf-while-loop-in-zero-trip-check: rotation as a pattern, folding included (clones report their nested ops)",
    args: ["--test-wrap-scf-while-loop-in-zero-trip-check"],
    input: `func.func @f(%a: f16, %s: index) -> f16 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %h = arith.constant 0.0 : f16
  %r:2 = scf.while (%i = %c0, %v = %a) : (i32, f16) -> (i32, f16) {
    %sw = scf.index_switch %s -> f16
    case 3 {
      %x = arith.extf %h : f16 to f32
      vector.print %x : f32
      scf.yield %v : f16
    }
    default {
      scf.yield %h : f16
    }
    %c = arith.cmpi slt, %i, %c4 : i32
    scf.condition(%c) %i, %sw : i32, f16
  } do {
  ^bb0(%j: i32, %w: f16):
    %k = arith.addi %j, %c1 : i32
    scf.yield %k, %w : i32, f16
  }
  %y = arith.extf %h : f16 to f32
  vector.print %y : f32
  return %r#1 : f16
}
`,
    stdout: `module {
  func.func @f(%arg0: f16, %arg1: index) -> f16 {
    %true = arith.constant true
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_0 = arith.constant 0.000000e+00 : f16
    %0 = scf.index_switch %arg1 -> f16 
    case 3 {
      vector.print %cst : f32
      scf.yield %arg0 : f16
    }
    default {
      scf.yield %cst_0 : f16
    }
    %1:2 = scf.if %true -> (i32, f16) {
      %2:2 = scf.while (%arg2 = %c0_i32, %arg3 = %0) : (i32, f16) -> (i32, f16) {
        %3 = arith.addi %arg2, %c1_i32 : i32
        %4 = scf.index_switch %arg1 -> f16 
        case 3 {
          vector.print %cst : f32
          scf.yield %arg3 : f16
        }
        default {
          scf.yield %cst_0 : f16
        }
        %5 = arith.cmpi slt, %3, %c4_i32 : i32
        scf.condition(%5) %3, %4 : i32, f16
      } do {
      ^bb0(%arg2: i32, %arg3: f16):
        scf.yield %arg2, %arg3 : i32, f16
      }
      scf.yield %2#0, %2#1 : i32, f16
    } else {
      scf.yield %c0_i32, %0 : i32, f16
    }
    vector.print %cst : f32
    return %1#1 : f16
  }
}

`,
  },
  {
    name: "test-wrap-scf-while-loop-in-zero-trip-check: nested loops, default",
    args: ["--test-wrap-scf-while-loop-in-zero-trip-check"],
    input: `func.func @nested(%a: f16, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %h = arith.constant 0.0 : f16
  %r:2 = scf.while (%i = %c0, %v = %a) : (i32, f16) -> (i32, f16) {
    %t = arith.cmpi slt, %c0, %n : i32
    %e = scf.if %t -> f32 {
      %x = arith.extf %h : f16 to f32
      scf.yield %x : f32
    } else {
      %y = arith.extf %v : f16 to f32
      scf.yield %y : f32
    }
    vector.print %e : f32
    %c = arith.cmpi slt, %i, %c4 : i32
    scf.condition(%c) %i, %v : i32, f16
  } do {
  ^bb0(%j: i32, %w: f16):
    %k = arith.addi %j, %c1 : i32
    %inner:2 = scf.while (%p = %c0, %q = %w) : (i32, f16) -> (i32, f16) {
      %d = arith.cmpi slt, %p, %j : i32
      scf.condition(%d) %p, %q : i32, f16
    } do {
    ^bb0(%p2: i32, %q2: f16):
      %p3 = arith.addi %p2, %c1 : i32
      scf.yield %p3, %q2 : i32, f16
    }
    scf.yield %k, %inner#1 : i32, f16
  }
  %z = arith.extf %r#1 : f16 to f32
  return %z : f32
}
`,
    stdout: `module {
  func.func @nested(%arg0: f16, %arg1: i32) -> f32 {
    %true = arith.constant true
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.cmpi sgt, %arg1, %c0_i32 : i32
    %1 = scf.if %0 -> (f32) {
      scf.yield %cst : f32
    } else {
      %4 = arith.extf %arg0 : f16 to f32
      scf.yield %4 : f32
    }
    vector.print %1 : f32
    %2:2 = scf.if %true -> (i32, f16) {
      %4:2 = scf.while (%arg2 = %c0_i32, %arg3 = %arg0) : (i32, f16) -> (i32, f16) {
        %5 = arith.addi %arg2, %c1_i32 : i32
        %6 = arith.cmpi sgt, %arg2, %c0_i32 : i32
        %7:2 = scf.if %6 -> (i32, f16) {
          %11:2 = scf.while (%arg4 = %c0_i32, %arg5 = %arg3) : (i32, f16) -> (i32, f16) {
            %12 = arith.addi %arg4, %c1_i32 : i32
            %13 = arith.cmpi slt, %12, %arg2 : i32
            scf.condition(%13) %12, %arg5 : i32, f16
          } do {
          ^bb0(%arg4: i32, %arg5: f16):
            scf.yield %arg4, %arg5 : i32, f16
          }
          scf.yield %11#0, %11#1 : i32, f16
        } else {
          scf.yield %c0_i32, %arg3 : i32, f16
        }
        %8 = arith.cmpi sgt, %arg1, %c0_i32 : i32
        %9 = scf.if %8 -> (f32) {
          scf.yield %cst : f32
        } else {
          %11 = arith.extf %7#1 : f16 to f32
          scf.yield %11 : f32
        }
        vector.print %9 : f32
        %10 = arith.cmpi slt, %5, %c4_i32 : i32
        scf.condition(%10) %5, %7#1 : i32, f16
      } do {
      ^bb0(%arg2: i32, %arg3: f16):
        scf.yield %arg2, %arg3 : i32, f16
      }
      scf.yield %4#0, %4#1 : i32, f16
    } else {
      scf.yield %c0_i32, %arg0 : i32, f16
    }
    %3 = arith.extf %2#1 : f16 to f32
    return %3 : f32
  }
}

`,
  },
  {
    name: "test-wrap-scf-while-loop-in-zero-trip-check: nested loops, forced",
    args: ["--test-wrap-scf-while-loop-in-zero-trip-check=force-create-check=true"],
    input: `func.func @nested(%a: f16, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %h = arith.constant 0.0 : f16
  %r:2 = scf.while (%i = %c0, %v = %a) : (i32, f16) -> (i32, f16) {
    %t = arith.cmpi slt, %c0, %n : i32
    %e = scf.if %t -> f32 {
      %x = arith.extf %h : f16 to f32
      scf.yield %x : f32
    } else {
      %y = arith.extf %v : f16 to f32
      scf.yield %y : f32
    }
    vector.print %e : f32
    %c = arith.cmpi slt, %i, %c4 : i32
    scf.condition(%c) %i, %v : i32, f16
  } do {
  ^bb0(%j: i32, %w: f16):
    %k = arith.addi %j, %c1 : i32
    %inner:2 = scf.while (%p = %c0, %q = %w) : (i32, f16) -> (i32, f16) {
      %d = arith.cmpi slt, %p, %j : i32
      scf.condition(%d) %p, %q : i32, f16
    } do {
    ^bb0(%p2: i32, %q2: f16):
      %p3 = arith.addi %p2, %c1 : i32
      scf.yield %p3, %q2 : i32, f16
    }
    scf.yield %k, %inner#1 : i32, f16
  }
  %z = arith.extf %r#1 : f16 to f32
  return %z : f32
}
`,
    stdout: `module {
  func.func @nested(%arg0: f16, %arg1: i32) -> f32 {
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant 0.000000e+00 : f16
    %0 = arith.cmpi slt, %c0_i32, %arg1 : i32
    %1 = scf.if %0 -> (f32) {
      %5 = arith.extf %cst : f16 to f32
      scf.yield %5 : f32
    } else {
      %5 = arith.extf %arg0 : f16 to f32
      scf.yield %5 : f32
    }
    vector.print %1 : f32
    %2 = arith.cmpi slt, %c0_i32, %c4_i32 : i32
    %3:2 = scf.if %2 -> (i32, f16) {
      %5:2 = scf.while (%arg2 = %c0_i32, %arg3 = %arg0) : (i32, f16) -> (i32, f16) {
        %6 = arith.addi %arg2, %c1_i32 : i32
        %7 = arith.cmpi slt, %c0_i32, %arg2 : i32
        %8:2 = scf.if %7 -> (i32, f16) {
          %12:2 = scf.while (%arg4 = %c0_i32, %arg5 = %arg3) : (i32, f16) -> (i32, f16) {
            %13 = arith.addi %arg4, %c1_i32 : i32
            %14 = arith.cmpi slt, %13, %arg2 : i32
            scf.condition(%14) %13, %arg5 : i32, f16
          } do {
          ^bb0(%arg4: i32, %arg5: f16):
            scf.yield %arg4, %arg5 : i32, f16
          }
          scf.yield %12#0, %12#1 : i32, f16
        } else {
          scf.yield %c0_i32, %arg3 : i32, f16
        }
        %9 = arith.cmpi slt, %c0_i32, %arg1 : i32
        %10 = scf.if %9 -> (f32) {
          %12 = arith.extf %cst : f16 to f32
          scf.yield %12 : f32
        } else {
          %12 = arith.extf %8#1 : f16 to f32
          scf.yield %12 : f32
        }
        vector.print %10 : f32
        %11 = arith.cmpi slt, %6, %c4_i32 : i32
        scf.condition(%11) %6, %8#1 : i32, f16
      } do {
      ^bb0(%arg2: i32, %arg3: f16):
        scf.yield %arg2, %arg3 : i32, f16
      }
      scf.yield %5#0, %5#1 : i32, f16
    } else {
      scf.yield %c0_i32, %arg0 : i32, f16
    }
    %4 = arith.extf %3#1 : f16 to f32
    return %4 : f32
  }
}

`,
  },
  {
    name: "test-scf-for-utils: trip counts of every loop-like op",
    args: ["--test-scf-for-utils"],
    input: `func.func @f(%c: i1, %n: index, %m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f0 = arith.constant 0.0 : f32
  %w = scf.while (%x = %c0) : (index) -> index {
    scf.condition(%c) %x : index
  } do {
  ^bb0(%y: index):
    scf.yield %y : index
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %n) step (%c1, %c1) {
    scf.reduce
  }
  scf.forall (%i) in (4) {
  }
  scf.forall (%i, %j) in (4, 5) {
  }
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %f0) -> f32 {
    %r2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%b = %a) -> f32 {
      %v = memref.load %m[%j] : memref<4xf32>
      %s = arith.addf %b, %v : f32
      scf.yield %s : f32
    }
    scf.yield %r2 : f32
  }
  return %r : f32
}
`,
    stdout: `module {
  func.func @f(%arg0: i1, %arg1: index, %arg2: memref<4xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = scf.while (%arg3 = %c0) : (index) -> index {
      scf.condition(%arg0) %arg3 : index
    } do {
    ^bb0(%arg3: index):
      scf.yield %arg3 : index
    } attributes {"test.trip-count" = "none"}
    scf.parallel (%arg3) = (%c0) to (%c4) step (%c1) {
      scf.reduce 
    } {"test.trip-count" = "none"}
    scf.parallel (%arg3, %arg4) = (%c0, %c0) to (%c4, %arg1) step (%c1, %c1) {
      scf.reduce 
    } {"test.trip-count" = "none"}
    scf.forall (%arg3) in (4) {
    } {"test.trip-count" = "none"}
    scf.forall (%arg3, %arg4) in (4, 5) {
    } {"test.trip-count" = "none"}
    %1 = scf.for %arg3 = %c0 to %c4 step %c1 iter_args(%arg4 = %cst) -> (f32) {
      %2 = scf.for %arg5 = %c0 to %c4 step %c1 iter_args(%arg6 = %arg4) -> (f32) {
        %3 = memref.load %arg2[%arg5] : memref<4xf32>
        %4 = arith.addf %arg6, %3 : f32
        scf.yield %4 : f32
      } {"test.trip-count" = 4 : i64}
      scf.yield %2 : f32
    } {"test.trip-count" = 4 : i64}
    return %1 : f32
  }
}

`,
  },
  {
    name: "test-scf-for-utils: replace-with-new-yields (nested loops, attributes kept, init uses replaced)",
    args: ["--test-scf-for-utils=test-replace-with-new-yields"],
    input: `func.func @floats(%m: memref<4xf32>, %init: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init, %b = %init) -> (f32, f32) {
    %v = memref.load %m[%i] : memref<4xf32>
    %s = arith.addf %a, %v : f32
    scf.yield %s, %init : f32, f32
  } {tag = "keep"}
  %e = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (f32) {
    scf.yield %a : f32
  }
  %u = scf.for unsigned %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (f32) {
    %n = scf.for %j = %c0 to %c4 step %c1 iter_args(%x = %a) -> (f32) {
      scf.yield %x : f32
    }
    scf.yield %n : f32
  }
  return %r#0, %u : f32, f32
}
`,
    stdout: `module {
  func.func @floats(%arg0: memref<4xf32>, %arg1: f32) -> (f32, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %0:4 = scf.for %arg2 = %c0 to %c4 step %c1 iter_args(%arg3 = %arg1, %arg4 = %arg1, %arg5 = %arg1, %arg6 = %arg1) -> (f32, f32, f32, f32) {
      %3 = memref.load %arg0[%arg2] : memref<4xf32>
      %4 = arith.addf %arg3, %3 : f32
      %5 = arith.addf %4, %4 : f32
      %6 = arith.addf %arg5, %arg5 : f32
      scf.yield %4, %arg5, %5, %6 : f32, f32, f32, f32
    } {tag = "keep", "test.trip-count" = 4 : i64}
    %1:2 = scf.for %arg2 = %c0 to %c4 step %c1 iter_args(%arg3 = %arg1, %arg4 = %arg1) -> (f32, f32) {
      %3 = arith.addf %arg3, %arg3 : f32
      scf.yield %arg3, %3 : f32, f32
    } {"test.trip-count" = 4 : i64}
    %2:2 = scf.for unsigned %arg2 = %c0 to %c4 step %c1 iter_args(%arg3 = %arg1, %arg4 = %arg1) -> (f32, f32) {
      %3:2 = scf.for %arg5 = %c0 to %c4 step %c1 iter_args(%arg6 = %arg3, %arg7 = %arg3) -> (f32, f32) {
        %5 = arith.addf %arg6, %arg6 : f32
        scf.yield %arg6, %5 : f32, f32
      } {"test.trip-count" = 4 : i64}
      %4 = arith.addf %3#0, %3#0 : f32
      scf.yield %3#0, %4 : f32, f32
    } {"test.trip-count" = 4 : i64}
    return %0#0, %2#0 : f32, f32
  }
}

`,
  },
  {
    name: "test-scf-for-utils: replace-with-new-yields on integers makes invalid arith.addf",
    args: ["--test-scf-for-utils=test-replace-with-new-yields"],
    input: `func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> i32 {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  return %r : i32
}
`,
    stdout: ``,
    stderr: `<stdin>:5:8: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> i32 {
       ^
<stdin>:5:8: note: see current operation: %5 = "arith.addf"(%4, %4) <{fastmath = #arith.fastmath<none>}> : (i32, i32) -> i32
`,
    code: 1,
  },
  {
    name: "test-scf-if-utils: then and else regions outlined before the enclosing function",
    args: ["--test-scf-if-utils", "--split-input-file", "--allow-unregistered-dialect"],
    input: `func.func @outline_if_else(%cond: i1, %a: index, %b: memref<?xf32>, %c: i8) {
  %r = scf.if %cond -> (i8) {
    %r = "some_op"(%cond, %b) : (i1, memref<?xf32>) -> (i8)
    scf.yield %r : i8
  } else {
    scf.yield %c : i8
  }
  return
}

// -----

func.func @outline_if(%cond: i1, %a: index, %b: memref<?xf32>, %c: i8) {
  scf.if %cond {
    "some_op"(%cond, %b) : (i1, memref<?xf32>) -> ()
    scf.yield
  }
  return
}

// -----

func.func @outline_empty_if_else(%cond: i1, %a: index, %b: memref<?xf32>, %c: i8) {
  scf.if %cond {
  } else {
    "some_op"(%cond, %b) : (i1, memref<?xf32>) -> ()
  }
  return
}

// -----

func.func @nested(%cond: i1, %a: index, %b: memref<?xf32>, %c: i8) -> i8 {
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : i32
  %r = scf.if %cond -> (i8) {
    %x = scf.if %cond -> (i8) {
      %v = "some_op"(%a, %c5, %c6) : (index, index, i32) -> (i8)
      scf.yield %v : i8
    } else {
      scf.for %i = %c5 to %a step %c5 {
        "use"(%i, %c, %b, %c5) : (index, i8, memref<?xf32>, index) -> ()
      }
      scf.yield %c : i8
    }
    scf.yield %x : i8
  } else {
    scf.yield %c : i8
  }
  return %r : i8
}
// -----
func.func @two(%cond: i1, %c: i8) -> (i8, i8) {
  %r = scf.if %cond -> (i8) { scf.yield %c : i8 } else { scf.yield %c : i8 }
  %s = scf.if %cond -> (i8) { scf.yield %c : i8 } else { scf.yield %c : i8 }
  return %r, %s : i8, i8
}
func.func @three(%cond: i1, %c: i8) -> (i8) {
  %r = scf.if %cond -> (i8) { scf.yield %c : i8 } else { scf.yield %c : i8 }
  return %r : i8
}
`,
    stdout: `module {
  func.func @outlined_then0(%arg0: i1, %arg1: memref<?xf32>) -> i8 {
    %0 = "some_op"(%arg0, %arg1) : (i1, memref<?xf32>) -> i8
    return %0 : i8
  }
  func.func @outlined_else0(%arg0: i8) -> i8 {
    return %arg0 : i8
  }
  func.func @outline_if_else(%arg0: i1, %arg1: index, %arg2: memref<?xf32>, %arg3: i8) {
    %0 = scf.if %arg0 -> (i8) {
      %1 = func.call @outlined_then0(%arg0, %arg2) : (i1, memref<?xf32>) -> i8
      scf.yield %1 : i8
    } else {
      %1 = func.call @outlined_else0(%arg3) : (i8) -> i8
      scf.yield %1 : i8
    }
    return
  }
}

// -----
module {
  func.func @outlined_then0(%arg0: i1, %arg1: memref<?xf32>) {
    "some_op"(%arg0, %arg1) : (i1, memref<?xf32>) -> ()
    return
  }
  func.func @outline_if(%arg0: i1, %arg1: index, %arg2: memref<?xf32>, %arg3: i8) {
    scf.if %arg0 {
      func.call @outlined_then0(%arg0, %arg2) : (i1, memref<?xf32>) -> ()
    }
    return
  }
}

// -----
module {
  func.func @outlined_then0() {
    return
  }
  func.func @outlined_else0(%arg0: i1, %arg1: memref<?xf32>) {
    "some_op"(%arg0, %arg1) : (i1, memref<?xf32>) -> ()
    return
  }
  func.func @outline_empty_if_else(%arg0: i1, %arg1: index, %arg2: memref<?xf32>, %arg3: i8) {
    scf.if %arg0 {
      func.call @outlined_then0() : () -> ()
    } else {
      func.call @outlined_else0(%arg0, %arg2) : (i1, memref<?xf32>) -> ()
    }
    return
  }
}

// -----
module {
  func.func @outlined_then0(%arg0: index, %arg1: index, %arg2: i32) -> i8 {
    %c5 = arith.constant 5 : index
    %0 = "some_op"(%arg0, %c5, %arg2) : (index, index, i32) -> i8
    return %0 : i8
  }
  func.func @outlined_else0(%arg0: i8, %arg1: memref<?xf32>, %arg2: index, %arg3: index) -> i8 {
    %c5 = arith.constant 5 : index
    scf.for %arg4 = %c5 to %arg3 step %c5 {
      "use"(%arg4, %arg0, %arg1, %c5) : (index, i8, memref<?xf32>, index) -> ()
    }
    return %arg0 : i8
  }
  func.func @outlined_then1(%arg0: index, %arg1: index, %arg2: i32, %arg3: i8, %arg4: memref<?xf32>, %arg5: i1) -> i8 {
    %c5 = arith.constant 5 : index
    %0 = scf.if %arg5 -> (i8) {
      %1 = func.call @outlined_then0(%arg0, %c5, %arg2) : (index, index, i32) -> i8
      scf.yield %1 : i8
    } else {
      %1 = func.call @outlined_else0(%arg3, %arg4, %c5, %arg0) : (i8, memref<?xf32>, index, index) -> i8
      scf.yield %1 : i8
    }
    return %0 : i8
  }
  func.func @outlined_else1(%arg0: i8) -> i8 {
    return %arg0 : i8
  }
  func.func @nested(%arg0: i1, %arg1: index, %arg2: memref<?xf32>, %arg3: i8) -> i8 {
    %c5 = arith.constant 5 : index
    %c6_i32 = arith.constant 6 : i32
    %0 = scf.if %arg0 -> (i8) {
      %1 = func.call @outlined_then1(%arg1, %c5, %c6_i32, %arg3, %arg2, %arg0) : (index, index, i32, i8, memref<?xf32>, i1) -> i8
      scf.yield %1 : i8
    } else {
      %1 = func.call @outlined_else1(%arg3) : (i8) -> i8
      scf.yield %1 : i8
    }
    return %0 : i8
  }
}

// -----
module {
  func.func @outlined_then0(%arg0: i8) -> i8 {
    return %arg0 : i8
  }
  func.func @outlined_else0(%arg0: i8) -> i8 {
    return %arg0 : i8
  }
  func.func @outlined_then1(%arg0: i8) -> i8 {
    return %arg0 : i8
  }
  func.func @outlined_else1(%arg0: i8) -> i8 {
    return %arg0 : i8
  }
  func.func @two(%arg0: i1, %arg1: i8) -> (i8, i8) {
    %0 = scf.if %arg0 -> (i8) {
      %2 = func.call @outlined_then0(%arg1) : (i8) -> i8
      scf.yield %2 : i8
    } else {
      %2 = func.call @outlined_else0(%arg1) : (i8) -> i8
      scf.yield %2 : i8
    }
    %1 = scf.if %arg0 -> (i8) {
      %2 = func.call @outlined_then1(%arg1) : (i8) -> i8
      scf.yield %2 : i8
    } else {
      %2 = func.call @outlined_else1(%arg1) : (i8) -> i8
      scf.yield %2 : i8
    }
    return %0, %1 : i8, i8
  }
  func.func @outlined_then2(%arg0: i8) -> i8 {
    return %arg0 : i8
  }
  func.func @outlined_else2(%arg0: i8) -> i8 {
    return %arg0 : i8
  }
  func.func @three(%arg0: i1, %arg1: i8) -> i8 {
    %0 = scf.if %arg0 -> (i8) {
      %1 = func.call @outlined_then2(%arg1) : (i8) -> i8
      scf.yield %1 : i8
    } else {
      %1 = func.call @outlined_else2(%arg1) : (i8) -> i8
      scf.yield %1 : i8
    }
    return %0 : i8
  }
}

`,
  },
  {
    name: "test-scf-while-op-builder: nested loops, reordered results",
    args: ["--test-scf-while-op-builder"],
    input: `func.func @nested(%a: i32, %b: f32) -> (i32, f32) {
  %c10 = arith.constant 10 : i32
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, f32) -> (f32, i32) {
    %c = arith.cmpi slt, %x, %c10 : i32
    scf.condition(%c) %y, %x : f32, i32
  } do {
  ^bb0(%p: f32, %q: i32):
    %in = scf.while (%z = %q) : (i32) -> i32 {
      %d = arith.cmpi slt, %z, %c10 : i32
      scf.condition(%d) %z : i32
    } do {
    ^bb0(%w: i32):
      scf.yield %w : i32
    }
    scf.yield %in, %p : i32, f32
  }
  return %r#1, %r#0 : i32, f32
}
`,
    stdout: `module {
  func.func @nested(%arg0: i32, %arg1: f32) -> (i32, f32) {
    %c10_i32 = arith.constant 10 : i32
    %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, f32) -> (f32, i32) {
      %2:2 = builtin.unrealized_conversion_cast %arg2, %arg3 : i32, f32 to f32, i32
      %true = arith.constant true
      scf.condition(%true) %2#0, %2#1 : f32, i32
    } do {
    ^bb0(%arg2: f32, %arg3: i32):
      %2:2 = builtin.unrealized_conversion_cast %arg2, %arg3 : f32, i32 to i32, f32
      scf.yield %2#0, %2#1 : i32, f32
    }
    %1:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, f32) -> (f32, i32) {
      %2 = arith.cmpi slt, %arg2, %c10_i32 : i32
      scf.condition(%2) %arg3, %arg2 : f32, i32
    } do {
    ^bb0(%arg2: f32, %arg3: i32):
      %2 = scf.while (%arg4 = %arg3) : (i32) -> i32 {
        %4 = builtin.unrealized_conversion_cast %arg4 : i32 to i32
        %true = arith.constant true
        scf.condition(%true) %4 : i32
      } do {
      ^bb0(%arg4: i32):
        %4 = builtin.unrealized_conversion_cast %arg4 : i32 to i32
        scf.yield %4 : i32
      }
      %3 = scf.while (%arg4 = %arg3) : (i32) -> i32 {
        %4 = arith.cmpi slt, %arg4, %c10_i32 : i32
        scf.condition(%4) %arg4 : i32
      } do {
      ^bb0(%arg4: i32):
        scf.yield %arg4 : i32
      }
      scf.yield %3, %arg2 : i32, f32
    }
    return %1#1, %1#0 : i32, f32
  }
}

`,
  },
  {
    name: "test-scf-parallel-loop-collapsing: no indices",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
func.func @dyn(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  scf.parallel (%i0, %i1, %i2) = (%a, %b, %c) to (%d, %e, %f) step (%a, %b, %c) {
    %result = "magic.op"(%i0, %i1, %i2): (index, index, index) -> index
    scf.reduce
  }
  return
}
`,
    stdout: ``,
    stderr: `No collapsed-indices were specified. This pass is only for testing and does not automatically collapse all parallel loops or similar.No collapsed-indices were specified. This pass is only for testing and does not automatically collapse all parallel loops or similar.`,
    code: 1,
  },
  {
    name: "test-scf-parallel-loop-collapsing: indices 1 without 0",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-1=1}))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
func.func @dyn(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  scf.parallel (%i0, %i1, %i2) = (%a, %b, %c) to (%d, %e, %f) step (%a, %b, %c) {
    %result = "magic.op"(%i0, %i1, %i2): (index, index, index) -> index
    scf.reduce
  }
  return
}
`,
    stdout: ``,
    stderr: `collapsed-indices-1 specified but not collapsed-indices-0collapsed-indices-1 specified but not collapsed-indices-0`,
    code: 1,
  },
  {
    name: "test-scf-parallel-loop-collapsing: indices 2 without 1",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-0=1  collapsed-indices-2=2}))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
func.func @dyn(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  scf.parallel (%i0, %i1, %i2) = (%a, %b, %c) to (%d, %e, %f) step (%a, %b, %c) {
    %result = "magic.op"(%i0, %i1, %i2): (index, index, index) -> index
    scf.reduce
  }
  return
}
`,
    stdout: ``,
    stderr: `collapsed-indices-2 specified but not collapsed-indices-1collapsed-indices-2 specified but not collapsed-indices-1`,
    code: 1,
  },
  {
    name: "test-scf-parallel-loop-collapsing: indices not from 0",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-0=1  collapsed-indices-1=2}))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
func.func @dyn(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  scf.parallel (%i0, %i1, %i2) = (%a, %b, %c) to (%d, %e, %f) step (%a, %b, %c) {
    %result = "magic.op"(%i0, %i1, %i2): (index, index, index) -> index
    scf.reduce
  }
  return
}
`,
    stdout: ``,
    stderr: `collapsed-indices arguments must include all values [0,N).collapsed-indices arguments must include all values [0,N).`,
    code: 1,
  },
  {
    name: "test-scf-parallel-loop-collapsing: indices with a gap",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-0=0  collapsed-indices-1=2}))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
func.func @dyn(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  scf.parallel (%i0, %i1, %i2) = (%a, %b, %c) to (%d, %e, %f) step (%a, %b, %c) {
    %result = "magic.op"(%i0, %i1, %i2): (index, index, index) -> index
    scf.reduce
  }
  return
}
`,
    stdout: ``,
    stderr: `collapsed-indices arguments must include all values [0,N).collapsed-indices arguments must include all values [0,N).`,
    code: 1,
  },
  {
    name: "test-scf-parallel-loop-collapsing: not a number",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-0=x}))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
func.func @dyn(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  scf.parallel (%i0, %i1, %i2) = (%a, %b, %c) to (%d, %e, %f) step (%a, %b, %c) {
    %result = "magic.op"(%i0, %i1, %i2): (index, index, index) -> index
    scf.reduce
  }
  return
}
`,
    stdout: ``,
    stderr: `scf-opt: for the --collapsed-indices-0 option: 'x' value invalid for uint argument!
<unknown>:0: error: 
failed to add \`test-scf-parallel-loop-collapsing\` with options \`collapsed-indices-0=x\`
failed to add \`func.func\` with options \`\` to inner pipeline

`,
    code: 1,
  },
  {
    name: "test-scf-parallel-loop-collapsing: loops of another rank are reported, not changed",
    args: ["--pass-pipeline=builtin.module(func.func(test-scf-parallel-loop-collapsing{collapsed-indices-0=0,1,2}))", "--allow-unregistered-dialect"],
    input: `func.func @collapse_to_single() {
  %c0 = arith.constant 3 : index
  %c1 = arith.constant 7 : index
  %c2 = arith.constant 11 : index
  %c3 = arith.constant 29 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 4 : index
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
    %result = "magic.op"(%i0, %i1): (index, index) -> index
    scf.reduce
  }
  return
}
`,
    stdout: `module {
  func.func @collapse_to_single() {
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %c29 = arith.constant 29 : index
    %c3_0 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    scf.parallel (%arg0, %arg1) = (%c3, %c7) to (%c11, %c29) step (%c3_0, %c4) {
      %0 = "magic.op"(%arg0, %arg1) : (index, index) -> index
      scf.reduce 
    }
    return
  }
}

`,
    stderr: `<stdin>:8:3: error: 'scf.parallel' op has 2 iter args while this limited functionality testing pass was configured only for loops with exactly 3 iter args.
  scf.parallel (%i0, %i1) = (%c0, %c1) to (%c2, %c3) step (%c4, %c5) {
  ^
<stdin>:8:3: note: see current operation: 
"scf.parallel"(%0, %1, %2, %3, %4, %5) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
^bb0(%arg0: index, %arg1: index):
  %6 = "magic.op"(%arg0, %arg1) : (index, index) -> index
  "scf.reduce"() : () -> ()
}) : (index, index, index, index, index, index) -> ()
`,
  },
];

testOptCases(CASES);
