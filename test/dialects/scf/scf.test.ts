// The scf dialect against MLIR 22: the documentation's examples (in MLIR 22
// spelling) round-trip to mlir-opt's printed text, and every verifier rule
// reports mlir-opt's diagnostic at mlir-opt's position. Expected texts were
// produced by /usr/lib/llvm-22/bin/mlir-opt and are written here literally.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../../src/tools/opt-driver.js';
import { Context } from '../../../src/ir/context.js';
import { registerAllDialects } from '../../../src/dialects/registry.js';

/** Ops other dialects provide; examples using them run once those ops are registered. */
function missingOps(needs: string): string[] {
  const ctx = new Context();
  registerAllDialects(ctx);
  const wanted: Record<string, string[]> = {
    arith: ['arith.constant', 'arith.addf', 'arith.subf', 'arith.mulf', 'arith.divf', 'arith.cmpf'],
    memref: ['memref.load'],
  };
  return needs
    .split(',')
    .filter((d) => d)
    .flatMap((d) => wanted[d] ?? [])
    .filter((name) => !ctx.lookupOp(name));
}

function diagnosticLines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => /^<stdin>:\d+:\d+: (error|note|warning)/.test(l));
}

interface Example { name: string; needs: string; input: string; printed: string; generic: string }

const EXAMPLES: Example[] = [
  {
    name: "for_iter_args_reduce",
    needs: "arith,memref",
    input: `func.func @reduce(%buffer: memref<1024xf32>, %lb: index,
                  %ub: index, %step: index) -> (f32) {
  // Initial sum set to 0.
  %sum_0 = arith.constant 0.0 : f32
  // iter_args binds initial values to the loop's region arguments.
  %sum = scf.for %iv = %lb to %ub step %step
      iter_args(%sum_iter = %sum_0) -> (f32) {
    %t = memref.load %buffer[%iv] : memref<1024xf32>
    %sum_next = arith.addf %sum_iter, %t : f32
    // Yield current iteration sum to next iteration %sum_iter or to %sum
    // if final iteration.
    scf.yield %sum_next : f32
  }
  return %sum : f32
}
`,
    printed: `module {
  func.func @reduce(%arg0: memref<1024xf32>, %arg1: index, %arg2: index, %arg3: index) -> f32 {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = scf.for %arg4 = %arg1 to %arg2 step %arg3 iter_args(%arg5 = %cst) -> (f32) {
      %1 = memref.load %arg0[%arg4] : memref<1024xf32>
      %2 = arith.addf %arg5, %1 : f32
      scf.yield %2 : f32
    }
    return %0 : f32
  }
}

`,
    generic: `"builtin.module"() ({
  "func.func"() <{function_type = (memref<1024xf32>, index, index, index) -> f32, sym_name = "reduce"}> ({
  ^bb0(%arg0: memref<1024xf32>, %arg1: index, %arg2: index, %arg3: index):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "scf.for"(%arg1, %arg2, %arg3, %0) ({
    ^bb0(%arg4: index, %arg5: f32):
      %2 = "memref.load"(%arg0, %arg4) : (memref<1024xf32>, index) -> f32
      %3 = "arith.addf"(%arg5, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "scf.yield"(%3) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

`,
  },
  {
    name: "for_conditional_reduce",
    needs: "arith,memref",
    input: `func.func @conditional_reduce(%buffer: memref<1024xf32>, %lb: index,
                              %ub: index, %step: index) -> (f32) {
  %sum_0 = arith.constant 0.0 : f32
  %c0 = arith.constant 0.0 : f32
  %sum = scf.for %iv = %lb to %ub step %step
      iter_args(%sum_iter = %sum_0) -> (f32) {
    %t = memref.load %buffer[%iv] : memref<1024xf32>
    %cond = arith.cmpf ugt, %t, %c0 : f32
    %sum_next = scf.if %cond -> (f32) {
      %new_sum = arith.addf %sum_iter, %t : f32
      scf.yield %new_sum : f32
    } else {
      scf.yield %sum_iter : f32
    }
    scf.yield %sum_next : f32
  }
  return %sum : f32
}
`,
    printed: `module {
  func.func @conditional_reduce(%arg0: memref<1024xf32>, %arg1: index, %arg2: index, %arg3: index) -> f32 {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = scf.for %arg4 = %arg1 to %arg2 step %arg3 iter_args(%arg5 = %cst) -> (f32) {
      %1 = memref.load %arg0[%arg4] : memref<1024xf32>
      %2 = arith.cmpf ugt, %1, %cst_0 : f32
      %3 = scf.if %2 -> (f32) {
        %4 = arith.addf %arg5, %1 : f32
        scf.yield %4 : f32
      } else {
        scf.yield %arg5 : f32
      }
      scf.yield %3 : f32
    }
    return %0 : f32
  }
}

`,
    generic: `"builtin.module"() ({
  "func.func"() <{function_type = (memref<1024xf32>, index, index, index) -> f32, sym_name = "conditional_reduce"}> ({
  ^bb0(%arg0: memref<1024xf32>, %arg1: index, %arg2: index, %arg3: index):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %2 = "scf.for"(%arg1, %arg2, %arg3, %0) ({
    ^bb0(%arg4: index, %arg5: f32):
      %3 = "memref.load"(%arg0, %arg4) : (memref<1024xf32>, index) -> f32
      %4 = "arith.cmpf"(%3, %1) <{fastmath = #arith.fastmath<none>, predicate = 9 : i64}> : (f32, f32) -> i1
      %5 = "scf.if"(%4) ({
        %6 = "arith.addf"(%arg5, %3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "scf.yield"(%6) : (f32) -> ()
      }, {
        "scf.yield"(%arg5) : (f32) -> ()
      }) : (i1) -> f32
      "scf.yield"(%5) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    "func.return"(%2) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

`,
  },
  {
    name: "for_simple_body",
    needs: "",
    input: `func.func @simple(%lb: index, %ub: index, %step: index) {
  scf.for %iv = %lb to %ub step %step {
    func.call @body(%iv) : (index) -> ()
  }
  return
}
func.func private @body(index)
`,
    printed: `module {
  func.func @simple(%arg0: index, %arg1: index, %arg2: index) {
    scf.for %arg3 = %arg0 to %arg1 step %arg2 {
      func.call @body(%arg3) : (index) -> ()
    }
    return
  }
  func.func private @body(index)
}

`,
    generic: `"builtin.module"() ({
  "func.func"() <{function_type = (index, index, index) -> (), sym_name = "simple"}> ({
  ^bb0(%arg0: index, %arg1: index, %arg2: index):
    "scf.for"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: index):
      "func.call"(%arg3) <{callee = @body}> : (index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (index) -> (), sym_name = "body", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

`,
  },
  {
    name: "if_two_results",
    needs: "arith",
    input: `func.func @select_pair(%b: i1, %p: f32, %q: f32) -> (f32, f32) {
  %x, %y = scf.if %b -> (f32, f32) {
    %x_true = arith.addf %p, %q : f32
    %y_true = arith.mulf %p, %q : f32
    scf.yield %x_true, %y_true : f32, f32
  } else {
    %x_false = arith.subf %p, %q : f32
    %y_false = arith.divf %p, %q : f32
    scf.yield %x_false, %y_false : f32, f32
  }
  return %x, %y : f32, f32
}
`,
    printed: `module {
  func.func @select_pair(%arg0: i1, %arg1: f32, %arg2: f32) -> (f32, f32) {
    %0:2 = scf.if %arg0 -> (f32, f32) {
      %1 = arith.addf %arg1, %arg2 : f32
      %2 = arith.mulf %arg1, %arg2 : f32
      scf.yield %1, %2 : f32, f32
    } else {
      %1 = arith.subf %arg1, %arg2 : f32
      %2 = arith.divf %arg1, %arg2 : f32
      scf.yield %1, %2 : f32, f32
    }
    return %0#0, %0#1 : f32, f32
  }
}

`,
    generic: `"builtin.module"() ({
  "func.func"() <{function_type = (i1, f32, f32) -> (f32, f32), sym_name = "select_pair"}> ({
  ^bb0(%arg0: i1, %arg1: f32, %arg2: f32):
    %0:2 = "scf.if"(%arg0) ({
      %3 = "arith.addf"(%arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %4 = "arith.mulf"(%arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "scf.yield"(%3, %4) : (f32, f32) -> ()
    }, {
      %1 = "arith.subf"(%arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %2 = "arith.divf"(%arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "scf.yield"(%1, %2) : (f32, f32) -> ()
    }) : (i1) -> (f32, f32)
    "func.return"(%0#0, %0#1) : (f32, f32) -> ()
  }) : () -> ()
}) : () -> ()

`,
  },
  {
    name: "if_two_results_forwarding",
    needs: "",
    input: `func.func @swap_if(%b: i1, %p: f32, %q: f32) -> (f32, f32) {
  %x, %y = scf.if %b -> (f32, f32) {
    scf.yield %p, %q : f32, f32
  } else {
    scf.yield %q, %p : f32, f32
  }
  return %x, %y : f32, f32
}
`,
    printed: `module {
  func.func @swap_if(%arg0: i1, %arg1: f32, %arg2: f32) -> (f32, f32) {
    %0:2 = scf.if %arg0 -> (f32, f32) {
      scf.yield %arg1, %arg2 : f32, f32
    } else {
      scf.yield %arg2, %arg1 : f32, f32
    }
    return %0#0, %0#1 : f32, f32
  }
}

`,
    generic: `"builtin.module"() ({
  "func.func"() <{function_type = (i1, f32, f32) -> (f32, f32), sym_name = "swap_if"}> ({
  ^bb0(%arg0: i1, %arg1: f32, %arg2: f32):
    %0:2 = "scf.if"(%arg0) ({
      "scf.yield"(%arg1, %arg2) : (f32, f32) -> ()
    }, {
      "scf.yield"(%arg2, %arg1) : (f32, f32) -> ()
    }) : (i1) -> (f32, f32)
    "func.return"(%0#0, %0#1) : (f32, f32) -> ()
  }) : () -> ()
}) : () -> ()

`,
  },
  {
    name: "if_implicit_yield",
    needs: "",
    input: `func.func @maybe(%b: i1) {
  scf.if %b {
    func.call @then_side_effect() : () -> ()
  }
  scf.if %b {
    func.call @then_side_effect() : () -> ()
  } else {
    func.call @else_side_effect() : () -> ()
  }
  return
}
func.func private @then_side_effect()
func.func private @else_side_effect()
`,
    printed: `module {
  func.func @maybe(%arg0: i1) {
    scf.if %arg0 {
      func.call @then_side_effect() : () -> ()
    }
    scf.if %arg0 {
      func.call @then_side_effect() : () -> ()
    } else {
      func.call @else_side_effect() : () -> ()
    }
    return
  }
  func.func private @then_side_effect()
  func.func private @else_side_effect()
}

`,
    generic: `"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "maybe"}> ({
  ^bb0(%arg0: i1):
    "scf.if"(%arg0) ({
      "func.call"() <{callee = @then_side_effect}> : () -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "scf.if"(%arg0) ({
      "func.call"() <{callee = @then_side_effect}> : () -> ()
      "scf.yield"() : () -> ()
    }, {
      "func.call"() <{callee = @else_side_effect}> : () -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "then_side_effect", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "else_side_effect", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

`,
  },
  {
    name: "while_loop",
    needs: "",
    input: `func.func @while_loop(%init1: f32) -> f32 {
  %res = scf.while (%arg1 = %init1) : (f32) -> f32 {
    // "Before" region.
    // In a "while" loop, this region computes the condition.
    %condition = func.call @evaluate_condition(%arg1) : (f32) -> i1

    // Forward the argument (as result or "after" region argument).
    scf.condition(%condition) %arg1 : f32

  } do {
  ^bb0(%arg2: f32):
    // "After" region.
    // In a "while" loop, this region is the loop body.
    %next = func.call @payload(%arg2) : (f32) -> f32

    // Forward the new value to the "before" region.
    // The operand types must match the types of the \`scf.while\` operands.
    scf.yield %next : f32
  }
  return %res : f32
}
func.func private @evaluate_condition(f32) -> i1
func.func private @payload(f32) -> f32
`,
    printed: `module {
  func.func @while_loop(%arg0: f32) -> f32 {
    %0 = scf.while (%arg1 = %arg0) : (f32) -> f32 {
      %1 = func.call @evaluate_condition(%arg1) : (f32) -> i1
      scf.condition(%1) %arg1 : f32
    } do {
    ^bb0(%arg1: f32):
      %1 = func.call @payload(%arg1) : (f32) -> f32
      scf.yield %1 : f32
    }
    return %0 : f32
  }
  func.func private @evaluate_condition(f32) -> i1
  func.func private @payload(f32) -> f32
}

`,
    generic: `"builtin.module"() ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "while_loop"}> ({
  ^bb0(%arg0: f32):
    %0 = "scf.while"(%arg0) ({
    ^bb0(%arg2: f32):
      %2 = "func.call"(%arg2) <{callee = @evaluate_condition}> : (f32) -> i1
      "scf.condition"(%2, %arg2) : (i1, f32) -> ()
    }, {
    ^bb0(%arg1: f32):
      %1 = "func.call"(%arg1) <{callee = @payload}> : (f32) -> f32
      "scf.yield"(%1) : (f32) -> ()
    }) : (f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f32) -> i1, sym_name = "evaluate_condition", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (f32) -> f32, sym_name = "payload", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

`,
  },
  {
    name: "do_while_loop",
    needs: "",
    input: `func.func @do_while_loop(%init1: f32) -> f32 {
  %res = scf.while (%arg1 = %init1) : (f32) -> f32 {
    // "Before" region.
    // In a "do-while" loop, this region contains the loop body.
    %next = func.call @payload(%arg1) : (f32) -> f32

    // And also evaluates the condition.
    %condition = func.call @evaluate_condition(%arg1) : (f32) -> i1

    // Loop through the "after" region.
    scf.condition(%condition) %next : f32

  } do {
  ^bb0(%arg2: f32):
    // "After" region.
    // Forwards the values back to "before" region unmodified.
    scf.yield %arg2 : f32
  }
  return %res : f32
}
func.func private @evaluate_condition(f32) -> i1
func.func private @payload(f32) -> f32
`,
    printed: `module {
  func.func @do_while_loop(%arg0: f32) -> f32 {
    %0 = scf.while (%arg1 = %arg0) : (f32) -> f32 {
      %1 = func.call @payload(%arg1) : (f32) -> f32
      %2 = func.call @evaluate_condition(%arg1) : (f32) -> i1
      scf.condition(%2) %1 : f32
    } do {
    ^bb0(%arg1: f32):
      scf.yield %arg1 : f32
    }
    return %0 : f32
  }
  func.func private @evaluate_condition(f32) -> i1
  func.func private @payload(f32) -> f32
}

`,
    generic: `"builtin.module"() ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "do_while_loop"}> ({
  ^bb0(%arg0: f32):
    %0 = "scf.while"(%arg0) ({
    ^bb0(%arg2: f32):
      %1 = "func.call"(%arg2) <{callee = @payload}> : (f32) -> f32
      %2 = "func.call"(%arg2) <{callee = @evaluate_condition}> : (f32) -> i1
      "scf.condition"(%2, %1) : (i1, f32) -> ()
    }, {
    ^bb0(%arg1: f32):
      "scf.yield"(%arg1) : (f32) -> ()
    }) : (f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f32) -> i1, sym_name = "evaluate_condition", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (f32) -> f32, sym_name = "payload", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

`,
  },
  {
    name: "while_shared_computation",
    needs: "",
    input: `func.func @shared(%init1: f32) -> i64 {
  %res = scf.while (%arg1 = %init1) : (f32) -> i64 {
    // One can perform some computations, e.g., necessary to evaluate the
    // condition, in the "before" region and forward their results to the
    // "after" region.
    %shared = func.call @shared_compute(%arg1) : (f32) -> i64

    // Evaluate the condition.
    %condition = func.call @evaluate_condition(%arg1, %shared) : (f32, i64) -> i1

    // Forward the result of the shared computation to the "after" region.
    // The types must match the arguments of the "after" region as well as
    // those of the \`scf.while\` results.
    scf.condition(%condition) %shared : i64

  } do {
  ^bb0(%arg2: i64):
    // Use the partial result to compute the rest of the payload in the
    // "after" region.
    %res = func.call @payload(%arg2) : (i64) -> f32

    // Forward the new value to the "before" region.
    // The operand types must match the types of the \`scf.while\` operands.
    scf.yield %res : f32
  }
  return %res : i64
}
func.func private @shared_compute(f32) -> i64
func.func private @evaluate_condition(f32, i64) -> i1
func.func private @payload(i64) -> f32
`,
    printed: `module {
  func.func @shared(%arg0: f32) -> i64 {
    %0 = scf.while (%arg1 = %arg0) : (f32) -> i64 {
      %1 = func.call @shared_compute(%arg1) : (f32) -> i64
      %2 = func.call @evaluate_condition(%arg1, %1) : (f32, i64) -> i1
      scf.condition(%2) %1 : i64
    } do {
    ^bb0(%arg1: i64):
      %1 = func.call @payload(%arg1) : (i64) -> f32
      scf.yield %1 : f32
    }
    return %0 : i64
  }
  func.func private @shared_compute(f32) -> i64
  func.func private @evaluate_condition(f32, i64) -> i1
  func.func private @payload(i64) -> f32
}

`,
    generic: `"builtin.module"() ({
  "func.func"() <{function_type = (f32) -> i64, sym_name = "shared"}> ({
  ^bb0(%arg0: f32):
    %0 = "scf.while"(%arg0) ({
    ^bb0(%arg2: f32):
      %2 = "func.call"(%arg2) <{callee = @shared_compute}> : (f32) -> i64
      %3 = "func.call"(%arg2, %2) <{callee = @evaluate_condition}> : (f32, i64) -> i1
      "scf.condition"(%3, %2) : (i1, i64) -> ()
    }, {
    ^bb0(%arg1: i64):
      %1 = "func.call"(%arg1) <{callee = @payload}> : (i64) -> f32
      "scf.yield"(%1) : (f32) -> ()
    }) : (f32) -> i64
    "func.return"(%0) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f32) -> i64, sym_name = "shared_compute", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (f32, i64) -> i1, sym_name = "evaluate_condition", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (i64) -> f32, sym_name = "payload", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

`,
  },
  {
    name: "parallel_reduce",
    needs: "arith,memref",
    input: `func.func @parallel_sum(%buffer: memref<100xf32>, %lb: index, %ub: index,
                        %step: index) -> f32 {
  %init = arith.constant 0.0 : f32
  %res = scf.parallel (%iv) = (%lb) to (%ub) step (%step) init (%init) -> f32 {
    %elem_to_reduce = memref.load %buffer[%iv] : memref<100xf32>
    scf.reduce(%elem_to_reduce : f32) {
      ^bb0(%lhs : f32, %rhs: f32):
        %res = arith.addf %lhs, %rhs : f32
        scf.reduce.return %res : f32
    }
  }
  return %res : f32
}
`,
    printed: `module {
  func.func @parallel_sum(%arg0: memref<100xf32>, %arg1: index, %arg2: index, %arg3: index) -> f32 {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = scf.parallel (%arg4) = (%arg1) to (%arg2) step (%arg3) init (%cst) -> f32 {
      %1 = memref.load %arg0[%arg4] : memref<100xf32>
      scf.reduce(%1 : f32) {
      ^bb0(%arg5: f32, %arg6: f32):
        %2 = arith.addf %arg5, %arg6 : f32
        scf.reduce.return %2 : f32
      }
    }
    return %0 : f32
  }
}

`,
    generic: `"builtin.module"() ({
  "func.func"() <{function_type = (memref<100xf32>, index, index, index) -> f32, sym_name = "parallel_sum"}> ({
  ^bb0(%arg0: memref<100xf32>, %arg1: index, %arg2: index, %arg3: index):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "scf.parallel"(%arg1, %arg2, %arg3, %0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
    ^bb0(%arg4: index):
      %2 = "memref.load"(%arg0, %arg4) : (memref<100xf32>, index) -> f32
      "scf.reduce"(%2) ({
      ^bb0(%arg5: f32, %arg6: f32):
        %3 = "arith.addf"(%arg5, %arg6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "scf.reduce.return"(%3) : (f32) -> ()
      }) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

`,
  },
  {
    name: "parallel_reduce_forwarding",
    needs: "",
    input: `func.func @parallel_keep(%lb: index, %ub: index, %step: index, %init: f32,
                         %v: f32) -> f32 {
  %res = scf.parallel (%iv) = (%lb) to (%ub) step (%step) init (%init) -> f32 {
    scf.reduce(%v : f32) {
      ^bb0(%lhs : f32, %rhs: f32):
        scf.reduce.return %rhs : f32
    }
  }
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%step, %step) {
    func.call @visit(%i, %j) : (index, index) -> ()
  }
  return %res : f32
}
func.func private @visit(index, index)
`,
    printed: `module {
  func.func @parallel_keep(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: f32) -> f32 {
    %0 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> f32 {
      scf.reduce(%arg4 : f32) {
      ^bb0(%arg6: f32, %arg7: f32):
        scf.reduce.return %arg7 : f32
      }
    }
    scf.parallel (%arg5, %arg6) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
      func.call @visit(%arg5, %arg6) : (index, index) -> ()
      scf.reduce 
    }
    return %0 : f32
  }
  func.func private @visit(index, index)
}

`,
    generic: `"builtin.module"() ({
  "func.func"() <{function_type = (index, index, index, f32, f32) -> f32, sym_name = "parallel_keep"}> ({
  ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: f32):
    %0 = "scf.parallel"(%arg0, %arg1, %arg2, %arg3) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
    ^bb0(%arg7: index):
      "scf.reduce"(%arg4) ({
      ^bb0(%arg8: f32, %arg9: f32):
        "scf.reduce.return"(%arg9) : (f32) -> ()
      }) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    "scf.parallel"(%arg0, %arg0, %arg1, %arg1, %arg2, %arg2) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
    ^bb0(%arg5: index, %arg6: index):
      "func.call"(%arg5, %arg6) <{callee = @visit}> : (index, index) -> ()
      "scf.reduce"() : () -> ()
    }) : (index, index, index, index, index, index) -> ()
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (index, index) -> (), sym_name = "visit", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

`,
  },
];

for (const ex of EXAMPLES) {
  test(`documentation example ${ex.name}: parses, verifies and prints as mlir-opt 22`, () => {
    // Every op the example needs must be registered: a missing one is a failure, not a skip.
    assert.deepEqual(missingOps(ex.needs), []);
    const r = runOpt([], ex.input);
    assert.equal(r.stderr, '');
    assert.equal(r.exitCode, 0);
    assert.equal(r.stdout, ex.printed);
    const again = runOpt([], r.stdout);
    assert.equal(again.stdout, ex.printed, 'printed form round-trips');
  });
  test(`documentation example ${ex.name}: generic form`, () => {
    const r = runOpt(['--mlir-print-op-generic'], ex.input);
    assert.equal(r.exitCode, 0);
    assert.equal(r.stdout, ex.generic);
    const back = runOpt([], r.stdout);
    assert.equal(back.stdout, ex.printed, 'generic form parses back to the same IR');
  });
}

interface Rule { rule: string; input: string; diagnostics: string[] }

const RULES: Rule[] = [
  {
    rule: "for: bounds must be signless integer or index",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%x, %a, %a) ({}) : (f32, index, index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.for' op operand #0 must be signless integer or index, but got 'f32'"
    ],
  },
  {
    rule: "for: bounds and step have the same type",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%a, %i, %a) ({}) : (index, i32, index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type"
    ],
  },
  {
    rule: "for: at least three operands",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%a, %a) ({}) : (index, index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.for' op expected 3 or more operands, but found 2"
    ],
  },
  {
    rule: "for: exactly one region",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%a, %a, %a) ({
  ^bb0(%iv: index):
    scf.yield
  }, {
  }) : (index, index, index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.for' op requires one region"
    ],
  },
  {
    rule: "for: single block (SingleBlock)",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%a, %a, %a) ({
  ^bb0(%iv: index):
    scf.yield
  ^bb1:
    scf.yield
  }) : (index, index, index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.for' op expects region #0 to have 0 or 1 blocks"
    ],
  },
  {
    rule: "for: non-empty block (SingleBlock)",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%a, %a, %a) ({
  ^bb0(%iv: index):
  }) : (index, index, index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.for' op expects a non-empty block"
    ],
  },
  {
    rule: "for: region with one block (SizedRegion)",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%a, %a, %a) ({}) : (index, index, index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks"
    ],
  },
  {
    rule: "for: init and result counts",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%iv: index, %v: f32):
    scf.yield %v : f32
  }) : (index, index, index, f32) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.for' op mismatch in number of loop-carried values and defined values"
    ],
  },
  {
    rule: "for: implicit terminator kind",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%a, %a, %a) ({
  ^bb0(%iv: index):
    "test.terminator"() : () -> ()
  }) : (index, index, index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.for' op expects regions to end with 'scf.yield', found 'test.terminator'",
      "<stdin>:2:3: note: in custom textual format, the absence of terminator implies 'scf.yield'"
    ],
  },
  {
    rule: "for: inits vs region iter_args count",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%iv: index, %v: f32, %w: f32):
    scf.yield %v, %w : f32, f32
  }) : (index, index, index, f32) -> f32
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.for' op different number of inits and region iter_args: 1 != 2"
    ],
  },
  {
    rule: "for: region iter_args vs yielded count",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r:2 = "scf.for"(%a, %a, %a, %x, %x) ({
  ^bb0(%iv: index, %v: f32, %w: f32):
    scf.yield %v : f32
  }) : (index, index, index, f32, f32) -> (f32, f32)
  return
}
`,
    diagnostics: [
      "<stdin>:2:10: error: 'scf.for' op different number of region iter_args and yielded values: 2 != 1"
    ],
  },
  {
    rule: "for: init vs region iter_arg type",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%iv: index, %v: i32):
    scf.yield %v : i32
  }) : (index, index, index, f32) -> f32
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'"
    ],
  },
  {
    rule: "for: region iter_arg vs yielded type",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.for %iv = %a to %a step %a iter_args(%v = %x) -> (f32) {
    scf.yield %i : i32
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'"
    ],
  },
  {
    rule: "for: region iter_arg vs loop result type (reported as 0-th)",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r:2 = "scf.for"(%a, %a, %a, %x, %x) ({
  ^bb0(%iv: index, %v: f32, %w: f32):
    scf.yield %v, %w : f32, f32
  }) : (index, index, index, f32, f32) -> (f32, i32)
  return
}
`,
    diagnostics: [
      "<stdin>:2:10: error: 'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'i32'"
    ],
  },
  {
    rule: "for: induction variable type",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%a, %a, %a) ({
  ^bb0(%iv: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.for' op expected induction variable to be same type as bounds and step"
    ],
  },
  {
    rule: "for: custom form result count",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r:2 = scf.for %iv = %a to %a step %a iter_args(%v = %x) -> (f32, f32) {
    scf.yield %v, %v : f32, f32
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:10: error: custom op 'scf.for' mismatch in number of loop-carried values and defined values"
    ],
  },
  {
    rule: "for: custom form iter_args list",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.for %iv = %a to %a step %a iter_args %x {
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:44: error: custom op 'scf.for' expected '('"
    ],
  },
  {
    rule: "if: condition is i1",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.if"(%a) ({}, {}) : (index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.if' op operand #0 must be 1-bit signless integer, but got 'index'"
    ],
  },
  {
    rule: "if: two regions",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.if"(%c) ({}, {}, {}) : (i1) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.if' op expected 2 regions"
    ],
  },
  {
    rule: "if: no region arguments",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.if"(%c) ({
  ^bb0(%v: index):
    scf.yield
  }, {}) : (i1) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.if' op region #0 should have no arguments"
    ],
  },
  {
    rule: "if: else needed for results",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.if' op must have an else block if defining values"
    ],
  },
  {
    rule: "if: yield count matches results",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.if %c -> (f32) {
    scf.yield %x, %x : f32, f32
  } else {
    scf.yield %x : f32
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs",
      "<stdin>:3:5: note: region branch point"
    ],
  },
  {
    rule: "if: yield types match results",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %i : i32
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'",
      "<stdin>:5:5: note: region branch point"
    ],
  },
  {
    rule: "if: implicit terminator kind",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.if"(%c) ({
    "test.terminator"() : () -> ()
  }, {}) : (i1) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.if' op expects regions to end with 'scf.yield', found 'test.terminator'",
      "<stdin>:2:3: note: in custom textual format, the absence of terminator implies 'scf.yield'"
    ],
  },
  {
    rule: "while: input types match operands (parser)",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.while : (i32) -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:13: error: custom op 'scf.while' expected as many input types as operands (expected 0 got 1)"
    ],
  },
  {
    rule: "while: before region ends with scf.condition",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.while : () -> () {
    "test.terminator"() : () -> ()
  } do {
    scf.yield
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.while' op expects the 'before' region to terminate with 'scf.condition'",
      "<stdin>:3:5: note: terminator here"
    ],
  },
  {
    rule: "while: after region ends with scf.yield",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    "test.terminator"() : () -> ()
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.while' op expects the 'after' region to terminate with 'scf.yield'",
      "<stdin>:5:5: note: terminator here"
    ],
  },
  {
    rule: "while: regions have one block",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.while : () -> () {
  } do {
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks"
    ],
  },
  {
    rule: "while: blocks are not empty",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.while : () -> () {
  ^bb0:
  } do {
  ^bb0:
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.while' op expects a non-empty block"
    ],
  },
  {
    rule: "while: condition operands vs after arguments",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.while : () -> () {
    scf.condition(%c)
  } do {
  ^bb0(%v: i32):
    scf.yield
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.while' op along control flow edge from Operation scf.condition to Region #1: region branch point has 0 operands, but region successor needs 1 inputs",
      "<stdin>:3:5: note: region branch point"
    ],
  },
  {
    rule: "while: condition operands vs results",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.while : () -> () {
    scf.condition(%c) %c : i1
  } do {
  ^bb0(%v: i1):
    scf.yield
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 1 operands, but region successor needs 0 inputs",
      "<stdin>:3:5: note: region branch point"
    ],
  },
  {
    rule: "while: condition operand types vs after arguments",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.while : () -> (i1) {
    scf.condition(%c) %c : i1
  } do {
  ^bb0(%v: i32):
    scf.yield
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i1' should match successor input type #0 'i32'",
      "<stdin>:3:5: note: region branch point"
    ],
  },
  {
    rule: "while: yield vs before arguments",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.while (%v = %x) : (f32) -> f32 {
    scf.condition(%c) %v : f32
  } do {
  ^bb0(%w: f32):
    scf.yield %i : i32
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'i32' should match successor input type #0 'f32'",
      "<stdin>:6:5: note: region branch point"
    ],
  },
  {
    rule: "while: operands vs before arguments",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = "scf.while"(%x) ({
  ^bb0(%v: i32):
    scf.condition(%c) %v : i32
  }, {
  ^bb0(%w: i32):
    scf.yield %w : i32
  }) : (f32) -> i32
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'f32' should match successor input type #0 'i32'",
      "<stdin>:2:8: note: region branch point"
    ],
  },
  {
    rule: "condition: parent is scf.while",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.condition(%c)
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.condition' op expects parent op 'scf.while'"
    ],
  },
  {
    rule: "condition: condition is i1",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.while : () -> () {
    "scf.condition"(%x) : (f32) -> ()
  } do {
    scf.yield
  }
  return
}
`,
    diagnostics: [
      "<stdin>:3:5: error: 'scf.condition' op operand #0 must be 1-bit signless integer, but got 'f32'"
    ],
  },
  {
    rule: "parallel: bound counts (parser)",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.parallel (%p) = (%a) to (%a, %a) step () {
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:31: error: custom op 'scf.parallel' expected 1 operands"
    ],
  },
  {
    rule: "parallel: init values vs result types (parser)",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.parallel (%p) = (%a) to (%a) step (%a) -> f32 {
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: custom op 'scf.parallel' number of operands and types do not match: got 0 operands and 1 types"
    ],
  },
  {
    rule: "parallel: at least one loop",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.parallel () = () to () step () {
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step"
    ],
  },
  {
    rule: "parallel: constant step is positive",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %zero = arith.constant 0 : index
  scf.parallel (%p) = (%a) to (%a) step (%zero) {
  }
  return
}
`,
    diagnostics: [
      "<stdin>:3:3: error: 'scf.parallel' op constant step operand must be positive"
    ],
  },
  {
    rule: "parallel: induction variable count",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%p: index, %q: index):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1"
    ],
  },
  {
    rule: "parallel: induction variables are index",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%p: f32):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.parallel' op expects arguments for the induction variable to be of index type"
    ],
  },
  {
    rule: "parallel: body ends with scf.reduce",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.parallel (%p) = (%a) to (%a) step (%a) {
    scf.yield
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.parallel' op expects body to terminate with 'scf.reduce'",
      "<stdin>:3:5: note: terminator here"
    ],
  },
  {
    rule: "parallel: results vs reductions",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.parallel (%p) = (%a) to (%a) step (%a) {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.parallel' op expects number of results: 0 to be the same as number of reductions: 1"
    ],
  },
  {
    rule: "parallel: results vs initial values",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = "scf.parallel"(%a, %a, %a) ({
  ^bb0(%p: index):
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: f32):
      scf.reduce.return %l : f32
    }
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> f32
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.parallel' op expects number of results: 1 to be the same as number of initial values: 0"
    ],
  },
  {
    rule: "parallel: reduction operand type vs result type",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.parallel (%p) = (%a) to (%a) step (%a) init (%x) -> f32 {
    scf.reduce(%i : i32) {
    ^bb0(%l: i32, %m: i32):
      scf.reduce.return %l : i32
    }
  }
  return
}
`,
    diagnostics: [
      "<stdin>:3:5: error: 'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'"
    ],
  },
  {
    rule: "reduce: parent is scf.parallel",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.reduce(%x : f32) {
  ^bb0(%l: f32, %m: f32):
    scf.reduce.return %l : f32
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.reduce' op expects parent op 'scf.parallel'"
    ],
  },
  {
    rule: "reduce: two block arguments of the operand type",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.parallel (%p) = (%a) to (%a) step (%a) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: i32):
      scf.reduce.return %l : f32
    }
  }
  return
}
`,
    diagnostics: [
      "<stdin>:3:5: error: 'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region"
    ],
  },
  {
    rule: "reduce: bodies end with scf.reduce.return",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.parallel (%p) = (%a) to (%a) step (%a) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: f32):
      "test.terminator"() : () -> ()
    }
  }
  return
}
`,
    diagnostics: [
      "<stdin>:3:5: error: 'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op"
    ],
  },
  {
    rule: "reduce.return: type of the reduction inputs",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.parallel (%p) = (%a) to (%a) step (%a) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: f32):
      scf.reduce.return %i : i32
    }
  }
  return
}
`,
    diagnostics: [
      "<stdin>:5:7: error: 'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)"
    ],
  },
  {
    rule: "reduce.return: parent is scf.reduce",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "test.region"() ({
    scf.reduce.return %x : f32
  }) : () -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:3:5: error: 'scf.reduce.return' op expects parent op 'scf.reduce'"
    ],
  },
  {
    rule: "forall: shared_outs vs result types (parser)",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r:2 = scf.forall (%p) in (%a) shared_outs(%o = %t) -> (tensor<4xf32>, tensor<4xf32>) {
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:34: error: custom op 'scf.forall' number of operands and types do not match: got 1 operands and 2 types"
    ],
  },
  {
    rule: "forall: outputs are ranked tensors",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.forall (%p) in (%a) shared_outs(%o = %x) -> (f32) {
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.forall' op operand #1 must be variadic of ranked tensor of any type values, but got 'f32'"
    ],
  },
  {
    rule: "forall: block arguments",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%p: index, %q: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.forall' op region expects 1 arguments"
    ],
  },
  {
    rule: "forall: induction variables are index",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%p: i32):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.forall' op expects 0-th block argument to be an index"
    ],
  },
  {
    rule: "forall: static list sizes",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0, 0>, staticStep = array<i64: 1, 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%p: index, %q: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: expected 2 upper bound values, got 1"
    ],
  },
  {
    rule: "forall: mapping attribute",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.forall (%p) in (%a) {
  } {mapping = [1]}
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.forall' op attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute"
    ],
  },
  {
    rule: "forall: terminator is scf.forall.in_parallel",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%p: index):
    "test.terminator"() : () -> ()
  }) : (index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.forall' op expects regions to end with 'scf.forall.in_parallel', found 'test.terminator'",
      "<stdin>:2:3: note: in custom textual format, the absence of terminator implies 'scf.forall.in_parallel'"
    ],
  },
  {
    rule: "in_parallel: only parallel-combining ops",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.forall (%p) in (%a) {
    scf.forall.in_parallel {
      "test.op"() : () -> ()
    }
  }
  return
}
`,
    diagnostics: [
      "<stdin>:3:5: error: 'scf.forall.in_parallel' op expected only ParallelCombiningOpInterface ops"
    ],
  },
  {
    rule: "in_parallel: parent is scf.forall",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.forall.in_parallel {
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.forall.in_parallel' op expects parent op 'scf.forall'"
    ],
  },
  {
    rule: "index_switch: case values vs case regions",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.index_switch"(%a) ({
    scf.yield
  }) {cases = array<i64: 1>} : (index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.index_switch' op has 0 case regions but 1 case values"
    ],
  },
  {
    rule: "index_switch: duplicate case values",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.index_switch %a
  case 0 {
    scf.yield
  }
  case 0 {
    scf.yield
  }
  default {
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.index_switch' op has duplicate case value: 0"
    ],
  },
  {
    rule: "index_switch: yield count",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.index_switch %a
  default {
    scf.yield %a : index
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.index_switch' op expected each region to return 0 values, but default region returns 1",
      "<stdin>:4:5: note: see yield operation here"
    ],
  },
  {
    rule: "index_switch: yield types",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.index_switch %a -> index
  case 0 {
    scf.yield %i : i32
  }
  default {
    scf.yield %a : index
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.index_switch' op expected result #0 of each region to be 'index'",
      "<stdin>:4:5: note: case region #0 returns 'i32' here"
    ],
  },
  {
    rule: "index_switch: regions end with scf.yield",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.index_switch"(%a) ({
    scf.yield
  }, {
    "test.terminator"() : () -> ()
  }) {cases = array<i64: 1>} : (index) -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.index_switch' op expected region to end with scf.yield, but got test.terminator"
    ],
  },
  {
    rule: "index_switch: argument is index",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.index_switch %i
  default {
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:20: error: use of value '%i' expects different type than prior uses: 'index' vs 'i32'",
      "<stdin>:1:25: note: prior use here"
    ],
  },
  {
    rule: "index_switch: case regions have one block",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.index_switch %a
  case 1 {
  }
  default {
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.index_switch' op region #1 ('caseRegions') failed to verify constraint: region with 1 blocks"
    ],
  },
  {
    rule: "execute_region: at least one block",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.execute_region"() ({
  }) : () -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.execute_region' op region needs to have at least one block"
    ],
  },
  {
    rule: "execute_region: no region arguments",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.execute_region"() ({
  ^bb0(%v: i32):
    scf.yield
  }) : () -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:2:3: error: 'scf.execute_region' op region cannot have any arguments"
    ],
  },
  {
    rule: "execute_region: yields match results",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.execute_region -> f32 {
    scf.yield %i : i32
  }
  return
}
`,
    diagnostics: [
      "<stdin>:2:8: error: 'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'",
      "<stdin>:3:5: note: region branch point"
    ],
  },
  {
    rule: "yield: parent op",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "test.region"() ({
    scf.yield
  }) : () -> ()
  return
}
`,
    diagnostics: [
      "<stdin>:3:5: error: 'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'"
    ],
  },
];

for (const r of RULES) {
  test(`verifier rule: ${r.rule}`, () => {
    const out = runOpt(['--allow-unregistered-dialect', '--mlir-print-op-on-diagnostic=false'], r.input);
    assert.equal(out.exitCode, 1);
    assert.deepEqual(diagnosticLines(out.stderr), r.diagnostics);
  });
}
