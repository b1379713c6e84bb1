// The test dialect as mlir-opt 22 registers it: TestOps.td ops with their
// syntax, effects, speculation and verifiers, unknown test ops accepted like
// unregistered ones. Expected output is what /usr/lib/llvm-22/bin/mlir-opt
// printed for the same arguments (written here literally).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../../src/tools/opt-driver.js';

interface Case {
  name: string;
  args: string[];
  input: string;
  stdout: string;
  stderr: string;
  exitCode: number;
}

const CASES: Case[] = [
  {
    name: "custom forms of the TestOps.td ops round-trip; unknown test ops need no flag",
    args: [],
    input: `func.func @f(%a: i32, %f: f32) -> i32 {
  %0 = "test.value0"() : () -> i32
  %1 = test.region_if %a : i32 -> (i32) then {
  ^bb0(%x: i32):
    test.region_if_yield %x : i32
  } else {
  ^bb0(%x: i32):
    test.region_if_yield %x : i32
  } join {
  ^bb0(%x: i32):
    test.region_if_yield %x : i32
  }
  %2 = test.with_bounds {umin = 0 : i32, umax = 3 : i32, smin = 0 : i32, smax = 3 : i32} : i32
  %3 = test.cse_of_single_block_op inputs(%a) {
  ^bb0(%y: i32):
    test.region_yield %y : i32
  } : i32 -> i32
  test.graph_region {
    %g = "test.use"(%g) : (i32) -> i32
  }
  test.single_no_terminator_op : {
    "test.foo"() : () -> ()
  }
  test.alloca_scope_region {
    "test.bar"() : () -> ()
  }
  %4 = test.loop_block %a : (i32) -> f32 {
  ^bb0(%i: i32):
    test.loop_block_term iter %i exit %f
  }
  %5 = test.graph_loop %a {
  ^bb0(%i: i32):
    "test.foo"(%i) : (i32) -> ()
  } : (i32) -> i32
  test.call_on_device @callee(%a), %a : (i32, i32) -> ()
  "test.br"(%a)[^bb1] : (i32) -> ()
^bb1(%z: i32):
  return %z : i32
}
func.func private @callee(i32)
`,
    stdout: `module {
  func.func @f(%arg0: i32, %arg1: f32) -> i32 {
    %0 = "test.value0"() : () -> i32
    %1 = test.region_if %arg0: i32 -> i32 then {
    ^bb0(%arg2: i32):
      test.region_if_yield %arg2 : i32
    } else {
    ^bb0(%arg2: i32):
      test.region_if_yield %arg2 : i32
    } join {
    ^bb0(%arg2: i32):
      test.region_if_yield %arg2 : i32
    }
    %2 = test.with_bounds {smax = 3 : i32, smin = 0 : i32, umax = 3 : i32, umin = 0 : i32} : i32
    %3 = test.cse_of_single_block_op inputs(%arg0) {
    ^bb0(%arg2: i32):
      test.region_yield %arg2 : i32
    } : i32 -> i32
    test.graph_region {
      %7 = "test.use"(%7) : (i32) -> i32
    }
    test.single_no_terminator_op : {
      "test.foo"() : () -> ()
    }
    test.alloca_scope_region {
      "test.bar"() : () -> ()
    }
    %4 = test.loop_block %arg0 : (i32) -> f32 {
    ^bb0(%arg2: i32):
      test.loop_block_term iter %arg2 exit %arg1
    }
    %5 = test.graph_loop %arg0 {
    ^bb0(%arg2: i32):
      "test.foo"(%arg2) : (i32) -> ()
    } : (i32) -> i32
    test.call_on_device @callee(%arg0), %arg0 : (i32, i32) -> ()
    "test.br"(%arg0)[^bb1] : (i32) -> ()
  ^bb1(%6: i32):  // pred: ^bb0
    return %6 : i32
  }
  func.func private @callee(i32)
}

`,
    stderr: ``,
    exitCode: 0,
  },
  {
    name: "generic form of the same ops",
    args: ["--mlir-print-op-generic"],
    input: `func.func @g(%a: i32) -> i32 {
  %1 = test.region_if %a : i32 -> (i32) then {
  ^bb0(%x: i32):
    test.region_if_yield %x : i32
  } else {
  ^bb0(%x: i32):
    test.region_if_yield %x : i32
  } join {
  ^bb0(%x: i32):
    test.region_if_yield %x : i32
  }
  %2 = test.with_bounds {umin = 0 : i32, umax = 3 : i32, smin = 0 : i32, smax = 3 : i32} : i32
  return %2 : i32
}
`,
    stdout: `"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "g"}> ({
  ^bb0(%arg0: i32):
    %0 = "test.region_if"(%arg0) ({
    ^bb0(%arg3: i32):
      "test.region_if_yield"(%arg3) : (i32) -> ()
    }, {
    ^bb0(%arg2: i32):
      "test.region_if_yield"(%arg2) : (i32) -> ()
    }, {
    ^bb0(%arg1: i32):
      "test.region_if_yield"(%arg1) : (i32) -> ()
    }) : (i32) -> i32
    %1 = "test.with_bounds"() <{smax = 3 : i32, smin = 0 : i32, umax = 3 : i32, umin = 0 : i32}> : () -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

`,
    stderr: ``,
    exitCode: 0,
  },
  {
    name: "canonicalize: effects decide what dies; unknown ops stay",
    args: ["--canonicalize"],
    input: `func.func @effects() {
  %0 = "test.value0"() : () -> i32
  %1 = "test.op_with_memread"() : () -> i32
  %2 = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i32
  %3 = "test.side_effect_op"() {effects = [{effect = "write"}]} : () -> i32
  %4 = "test.side_effect_op"() {effects = [{effect = "allocate", on_result}, {effect = "write", on_result}]} : () -> i32
  %5 = "test.test_effects_result"() : () -> i32
  %6 = "test.always_speculatable_op"() : () -> i32
  %7 = "test.never_speculatable_op"() : () -> i32
  %8 = test.with_bounds {umin = 0 : i32, umax = 3 : i32, smin = 0 : i32, smax = 3 : i32} : i32
  "test.op_with_memwrite"() : () -> ()
  return
}
`,
    stdout: `module {
  func.func @effects() {
    %0 = "test.value0"() : () -> i32
    %1 = "test.side_effect_op"() {effects = [{effect = "write"}]} : () -> i32
    %2 = "test.never_speculatable_op"() : () -> i32
    "test.op_with_memwrite"() : () -> ()
    return
  }
}

`,
    stderr: ``,
    exitCode: 0,
  },
  {
    name: "loop-invariant-code-motion: speculation of test ops and of divisions by a bounded value",
    args: ["--loop-invariant-code-motion"],
    input: `func.func @licm(%lb: index, %ub: index, %s: index, %n: i8) {
  %c = arith.constant 5 : i32
  %d0 = test.with_bounds {umin = 0 : i8, umax = 255 : i8, smin = -128 : i8, smax = 127 : i8} : i8
  %d1 = test.with_bounds {umin = 1 : i8, umax = 255 : i8, smin = -128 : i8, smax = 127 : i8} : i8
  %d2 = test.with_bounds {umin = 0 : i8, umax = 255 : i8, smin = 1 : i8, smax = 127 : i8} : i8
  scf.for %i = %lb to %ub step %s {
    %0 = "test.always_speculatable_op"() : () -> i32
    %1 = "test.never_speculatable_op"() : () -> i32
    %2 = "test.conditionally_speculatable_op"(%c) : (i32) -> i32
    %3 = "test.conditionally_speculatable_op"(%0) : (i32) -> i32
    %4 = arith.divui %n, %d0 : i8
    %5 = arith.divui %n, %d1 : i8
    %6 = arith.divsi %n, %d1 : i8
    %7 = arith.divsi %n, %d2 : i8
    "test.use"(%1, %2, %3, %4, %5, %6, %7) : (i32, i32, i32, i8, i8, i8, i8) -> ()
  }
  return
}
`,
    stdout: `module {
  func.func @licm(%arg0: index, %arg1: index, %arg2: index, %arg3: i8) {
    %c5_i32 = arith.constant 5 : i32
    %0 = test.with_bounds {smax = 127 : i8, smin = -128 : i8, umax = -1 : i8, umin = 0 : i8} : i8
    %1 = test.with_bounds {smax = 127 : i8, smin = -128 : i8, umax = -1 : i8, umin = 1 : i8} : i8
    %2 = test.with_bounds {smax = 127 : i8, smin = 1 : i8, umax = -1 : i8, umin = 0 : i8} : i8
    %3 = "test.always_speculatable_op"() : () -> i32
    %4 = "test.conditionally_speculatable_op"(%c5_i32) : (i32) -> i32
    %5 = arith.divui %arg3, %1 : i8
    %6 = arith.divsi %arg3, %2 : i8
    scf.for %arg4 = %arg0 to %arg1 step %arg2 {
      %7 = "test.never_speculatable_op"() : () -> i32
      %8 = "test.conditionally_speculatable_op"(%3) : (i32) -> i32
      %9 = arith.divui %arg3, %0 : i8
      %10 = arith.divsi %arg3, %1 : i8
      "test.use"(%7, %4, %8, %9, %5, %10, %6) : (i32, i32, i32, i8, i8, i8, i8) -> ()
    }
    return
  }
}

`,
    stderr: ``,
    exitCode: 0,
  },
  {
    name: "sccp: test.internal_br with legacy segment sizes produces one error-path operand",
    args: ["--sccp"],
    input: `func.func @produced() -> (i32, i32) {
  %1 = arith.constant 1 : i32
  "test.internal_br"(%1) [^bb1, ^bb2] {operand_segment_sizes = array<i32: 0, 1>} : (i32) -> ()
^bb1:
  cf.br ^bb2(%1, %1 : i32, i32)
^bb2(%a: i32, %b: i32):
  return %a, %b : i32, i32
}
`,
    stdout: `module {
  func.func @produced() -> (i32, i32) {
    %c1_i32 = arith.constant 1 : i32
    "test.internal_br"(%c1_i32)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 0, 1>}> : (i32) -> ()
  ^bb1:  // pred: ^bb0
    cf.br ^bb2(%c1_i32, %c1_i32 : i32, i32)
  ^bb2(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb1
    return %0, %c1_i32 : i32, i32
  }
}

`,
    stderr: ``,
    exitCode: 0,
  },
  {
    name: "verifier: test.br successor operand count",
    args: [],
    input: `func.func @bad(%a: i32) {
  "test.br"(%a, %a)[^bb1] : (i32, i32) -> ()
^bb1(%z: i32):
  return
}
`,
    stdout: ``,
    stderr: `<stdin>:2:3: error: branch has 2 operands for successor #0, but target block has 1
  "test.br"(%a, %a)[^bb1] : (i32, i32) -> ()
  ^
<stdin>:2:3: note: see current operation: "test.br"(%arg0, %arg0)[^bb1] : (i32, i32) -> ()
`,
    exitCode: 1,
  },
  {
    name: "verifier: TestOps.td operand and result constraints",
    args: [],
    input: `func.func @bad() {
  %0 = "test.op_with_memread"() : () -> f32
  return
}
`,
    stdout: ``,
    stderr: `<stdin>:2:8: error: 'test.op_with_memread' op result #0 must be integer, but got 'f32'
  %0 = "test.op_with_memread"() : () -> f32
       ^
<stdin>:2:8: note: see current operation: %0 = "test.op_with_memread"() : () -> f32
`,
    exitCode: 1,
  },
  {
    name: "an unknown custom-form test op is an error, other unknown dialects still need the flag",
    args: [],
    input: `func.func @bad() {
  test.not_an_op
  return
}
`,
    stdout: ``,
    stderr: `<stdin>:2:3: error: custom op 'test.not_an_op' is unknown
  test.not_an_op
  ^
`,
    exitCode: 1,
  },
  {
    name: "other unregistered dialects still need --allow-unregistered-dialect",
    args: [],
    input: `func.func @bad() {
  "foo.bar"() : () -> ()
  return
}
`,
    stdout: ``,
    stderr: `<stdin>:2:12: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
  "foo.bar"() : () -> ()
           ^
`,
    exitCode: 1,
  },
  {
    name: "region-shape ops: custom region syntax, region counts and sizes",
    args: ["--allow-unregistered-dialect"],
    input: `test.single_no_terminator_custom_asm_op {
  "important_dont_drop"() : () -> ()
}
test.dummy_op_with_region_ref {
  ^bb0:
}
"test.two_region_op"() ({"work"() : () -> ()}, {"work"() : () -> ()}) : () -> ()
"test.variadic_no_terminator_op"() ({
  %foo = arith.constant 1 : i32
}, {
  %bar = arith.constant 1 : i32
}) : () -> ()
`,
    stdout: `module {
  test.single_no_terminator_custom_asm_op{
    "important_dont_drop"() : () -> ()
  }
  test.dummy_op_with_region_ref {
  } 
  "test.two_region_op"() ({
    "work"() : () -> ()
  }, {
    "work"() : () -> ()
  }) : () -> ()
  test.variadic_no_terminator_op : {
    %c1_i32 = arith.constant 1 : i32
  }, {
    %c1_i32 = arith.constant 1 : i32
  }
}

`,
    stderr: ``,
    exitCode: 0,
  },
  {
    name: "verifier: sized regions name only named regions",
    args: ["--allow-unregistered-dialect"],
    input: `"test.sized_region_op"() ({
  "work"() : () -> ()
  cf.br ^next1
^next1:
  "work"() : () -> ()
}, {
  "work"() : () -> ()
  cf.br ^next2
^next2:
  "work"() : () -> ()
}) : () -> ()
`,
    stdout: ``,
    stderr: `<stdin>:1:1: error: 'test.sized_region_op' op region #1 failed to verify constraint: region with 1 blocks
"test.sized_region_op"() ({
^
<stdin>:1:1: note: see current operation: 
"test.sized_region_op"() ({
  "work"() : () -> ()
  "cf.br"()[^bb1] : () -> ()
^bb1:  // pred: ^bb0
  "work"() : () -> ()
}, {
  "work"() : () -> ()
  "cf.br"()[^bb1] : () -> ()
^bb1:  // pred: ^bb0
  "work"() : () -> ()
}) : () -> ()
`,
    exitCode: 1,
  },
  {
    name: "verifier: with_bounds result type",
    args: [],
    input: `func.func @f() {
  %0 = test.with_bounds {umin = 0 : i32, umax = 3 : i32, smin = 0 : i32, smax = 3 : i32} : f32
  return
}
`,
    stdout: ``,
    stderr: `<stdin>:2:8: error: 'test.with_bounds' op result #0 must be integer or index or vector of integer or index values, but got 'f32'
  %0 = test.with_bounds {umin = 0 : i32, umax = 3 : i32, smin = 0 : i32, smax = 3 : i32} : f32
       ^
<stdin>:2:8: note: see current operation: %0 = "test.with_bounds"() <{smax = 3 : i32, smin = 0 : i32, umax = 3 : i32, umin = 0 : i32}> : () -> f32
`,
    exitCode: 1,
  },
  {
    name: "string_attr_pretty_name: result names from and to the names attribute",
    args: ["--allow-unregistered-dialect"],
    input: `func.func @names() {
  %x = test.string_attr_pretty_name
  %YY = test.string_attr_pretty_name attributes { names = ["y"] }
  %0 = "test.string_attr_pretty_name"() { names = ["y"]} : () -> i32
  %1 = "test.string_attr_pretty_name"() { names = ["space name"]} : () -> i32
  "unknown.use"(%x, %YY, %0, %1) : (i32, i32, i32, i32) -> ()
  %a, %b, %c = test.string_attr_pretty_name
  %q:3, %r = test.string_attr_pretty_name
  return
}
`,
    stdout: `module {
  func.func @names() {
    %x = test.string_attr_pretty_name
    %y = test.string_attr_pretty_name
    %y_0 = test.string_attr_pretty_name attributes {names = ["y"]}
    %space_name = test.string_attr_pretty_name attributes {names = ["space name"]}
    "unknown.use"(%x, %y, %y_0, %space_name) : (i32, i32, i32, i32) -> ()
    %a, %b, %c = test.string_attr_pretty_name
    %q, %q_1, %q_2, %r = test.string_attr_pretty_name attributes {names = ["q", "q", "q", "r"]}
    return
  }
}

`,
    stderr: ``,
    exitCode: 0,
  },
  {
    name: "test.invalid_attr is rejected on ops and on function results",
    args: ["--split-input-file"],
    input: `module attributes {test.invalid_attr} {}
// -----
func.func @f(%arg0: i64) -> (i64 {test.invalid_attr}) {
  return %arg0 : i64
}
`,
    stdout: `// -----
`,
    stderr: `<stdin>:1:1: error: invalid to use 'test.invalid_attr'
module attributes {test.invalid_attr} {}
^
<stdin>:1:1: note: see current operation: 
"builtin.module"() ({
^bb0:
}) {test.invalid_attr} : () -> ()
<stdin>:3:1: error: invalid to use 'test.invalid_attr'
func.func @f(%arg0: i64) -> (i64 {test.invalid_attr}) {
^
<stdin>:3:1: note: see current operation: 
"func.func"() <{function_type = (i64) -> i64, res_attrs = [{test.invalid_attr}], sym_name = "f"}> ({
^bb0(%arg0: i64):
  "func.return"(%arg0) : (i64) -> ()
}) : () -> ()
`,
    exitCode: 1,
  },
];

for (const c of CASES)
  test(c.name, () => {
    const r = runOpt(c.args, c.input);
    assert.equal(r.stdout, c.stdout);
    assert.equal(r.stderr, c.stderr);
    assert.equal(r.exitCode, c.exitCode);
  });
