// The test dialect as mlir-opt 22 registers it: TestOps.td ops with their
// syntax, effects, speculation and verifiers, unknown test ops accepted like
// unregistered ones. Each case is compared with mlir-opt 22 run live on the
// same input and arguments.

import { testOptCases, type OptCase } from '../../opt-cases.js';

const CASES: OptCase[] = [
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
  },
  {
    name: "verifier: TestOps.td operand and result constraints",
    args: [],
    input: `func.func @bad() {
  %0 = "test.op_with_memread"() : () -> f32
  return
}
`,
  },
  {
    name: "an unknown custom-form test op is an error, other unknown dialects still need the flag",
    args: [],
    input: `func.func @bad() {
  test.not_an_op
  return
}
`,
  },
  {
    name: "other unregistered dialects still need --allow-unregistered-dialect",
    args: [],
    input: `func.func @bad() {
  "foo.bar"() : () -> ()
  return
}
`,
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
  },
  {
    name: "verifier: with_bounds result type",
    args: [],
    input: `func.func @f() {
  %0 = test.with_bounds {umin = 0 : i32, umax = 3 : i32, smin = 0 : i32, smax = 3 : i32} : f32
  return
}
`,
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
  },
];

testOptCases(CASES);
