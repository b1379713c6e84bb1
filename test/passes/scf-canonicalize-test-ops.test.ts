// scf --canonicalize patterns exercised with test-dialect ops (WhileMoveIfDown,
// effects of test ops inside scf regions), compared with what
// /usr/lib/llvm-22/bin/mlir-opt printed (written here literally).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../../src/tools/opt-driver.js';

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
    stdout: `module {
  func.func @move_if_down(%arg0: i32) -> i32 {
    %0:2 = scf.while (%arg1 = %arg0) : (i32) -> (i32, i32) {
      %1 = "test.get"(%arg1) : (i32) -> i32
      %2 = "test.other"() : () -> i32
      %3 = "test.condition"(%1) : (i32) -> i1
      scf.condition(%3) %1, %2 : i32, i32
    } do {
    ^bb0(%arg1: i32, %arg2: i32):
      %1 = "test.then"(%arg1, %arg2, %arg0) : (i32, i32, i32) -> i32
      test.alloca_scope_region {
        "test.use"(%arg2) : (i32) -> ()
      }
      %2 = "test.next"(%1) : (i32) -> i32
      scf.yield %2 : i32
    }
    return %0#0 : i32
  }
}

`,
    stderr: ``,
    exitCode: 0,
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
    stdout: `module {
  func.func @no_move(%arg0: i32, %arg1: i1) -> (i32, i32) {
    %0 = scf.while : () -> i32 {
      %2 = "test.condition"() : () -> i1
      %3 = scf.if %2 -> (i32) {
        %4 = "test.then"() : () -> i32
        scf.yield %4 : i32
      } else {
        %4 = "test.else"() : () -> i32
        scf.yield %4 : i32
      }
      scf.condition(%2) %3 : i32
    } do {
    ^bb0(%arg2: i32):
      "test.use"(%arg2) : (i32) -> ()
      scf.yield
    }
    %1 = scf.while : () -> i32 {
      %2 = "test.condition"() : () -> i1
      %3 = scf.if %arg1 -> (i32) {
        %4 = "test.then"() : () -> i32
        scf.yield %4 : i32
      } else {
        scf.yield %arg0 : i32
      }
      scf.condition(%2) %3 : i32
    } do {
    ^bb0(%arg2: i32):
      "test.use"(%arg2) : (i32) -> ()
      scf.yield
    }
    return %0, %1 : i32, i32
  }
}

`,
    stderr: ``,
    exitCode: 0,
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
    stdout: `module {
  func.func @keep(%arg0: i1, %arg1: index, %arg2: index, %arg3: index) {
    scf.if %arg0 {
      "test.op"() : () -> ()
    }
    %0 = "test.value"() : () -> i32
    "test.use"(%0) : (i32) -> ()
    return
  }
}

`,
    stderr: ``,
    exitCode: 0,
  },
];

for (const c of CASES)
  test(c.name, () => {
    const r = runOpt(c.args, c.input);
    assert.equal(r.stdout, c.stdout);
    assert.equal(r.stderr, c.stderr);
    assert.equal(r.exitCode, c.exitCode);
  });
