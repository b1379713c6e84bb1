// scf --canonicalize patterns exercised with test-dialect ops (WhileMoveIfDown,
// effects of test ops inside scf regions), compared with mlir-opt 22 run live
// on the same input.

import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: "WhileMoveIfDown: the then-part moves into the after region, before-region values it uses become loop results",
    args: ["--canonicalize"],
    input: `func.func @move_if_down(%x: i32) -> i32 {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    %v = "test.get"(%a) : (i32) -> i32
    %w = "test.other"() : () -> i32
    %c = "test.condition"(%v) : (i32) -> i1
    %r = scf.if %c -> (i32) {
      %t = "test.then"(%v, %w, %x) : (i32, i32, i32) -> i32
      test.alloca_scope_region {
        "test.use"(%w) : (i32) -> ()
      }
      scf.yield %t : i32
    } else {
      scf.yield %v : i32
    }
    scf.condition(%c) %r : i32
  } do {
  ^bb0(%b: i32):
    %n = "test.next"(%b) : (i32) -> i32
    scf.yield %n : i32
  }
  return %0 : i32
}
`,
  },
  {
    name: "WhileMoveIfDown does not apply when the else branch computes something or the condition differs",
    args: ["--canonicalize"],
    input: `func.func @no_move(%x: i32, %d: i1) -> (i32, i32) {
  %0 = scf.while () : () -> i32 {
    %c = "test.condition"() : () -> i1
    %r = scf.if %c -> (i32) {
      %t = "test.then"() : () -> i32
      scf.yield %t : i32
    } else {
      %e = "test.else"() : () -> i32
      scf.yield %e : i32
    }
    scf.condition(%c) %r : i32
  } do {
  ^bb0(%b: i32):
    "test.use"(%b) : (i32) -> ()
    scf.yield
  }
  %1 = scf.while () : () -> i32 {
    %c = "test.condition"() : () -> i1
    %r = scf.if %d -> (i32) {
      %t = "test.then"() : () -> i32
      scf.yield %t : i32
    } else {
      scf.yield %x : i32
    }
    scf.condition(%c) %r : i32
  } do {
  ^bb0(%b: i32):
    "test.use"(%b) : (i32) -> ()
    scf.yield
  }
  return %0, %1 : i32, i32
}
`,
  },
  {
    name: "scf canonicalization around test ops: unknown ops keep loops and ifs alive, memread-only bodies do not",
    args: ["--canonicalize"],
    input: `func.func @keep(%c: i1, %lb: index, %ub: index, %s: index) {
  scf.if %c {
    "test.op"() : () -> ()
  }
  scf.for %i = %lb to %ub step %s {
    %v = "test.op_with_memread"() : () -> i32
  }
  scf.if %c {
    %v = "test.op_with_memread"() : () -> i32
  }
  %r = scf.execute_region -> i32 {
    %v = "test.value"() : () -> i32
    scf.yield %v : i32
  }
  "test.use"(%r) : (i32) -> ()
  return
}
`,
  },
];

testOptCases(CASES);
