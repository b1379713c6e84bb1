// The scf dialect against MLIR 22: the documentation's examples (in MLIR 22
// spelling) print as mlir-opt 22 prints them, in the custom and the generic
// form, and every verifier rule reports mlir-opt 22's diagnostics at its
// positions; mlir-opt runs live on the same input.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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

const MLIR_OPT = process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt';

/** mlir-opt 22 on `input` (standard input) with `args`. */
function mlirOpt(args: string[], input: string): { stdout: string; stderr: string; code: number } {
  const r = spawnSync(MLIR_OPT, [...args, '-'], { input, encoding: 'utf8' });
  if (r.error) throw new Error(`cannot run ${MLIR_OPT}: ${r.error.message}`);
  return { stdout: r.stdout, stderr: r.stderr, code: r.status ?? -1 };
}

interface Example { name: string; needs: string; input: string }

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
  },
];

for (const ex of EXAMPLES) {
  test(`documentation example ${ex.name}: parses, verifies and prints as mlir-opt 22`, () => {
    // Every op the example needs must be registered: a missing one is a failure, not a skip.
    assert.deepEqual(missingOps(ex.needs), []);
    const ref = mlirOpt([], ex.input);
    assert.equal(ref.code, 0, ref.stderr);
    const r = runOpt([], ex.input);
    assert.equal(r.stderr, '');
    assert.equal(r.exitCode, 0);
    assert.equal(r.stdout, ref.stdout);
    const again = runOpt([], r.stdout);
    assert.equal(again.stdout, ref.stdout, 'printed form round-trips');
  });
  test(`documentation example ${ex.name}: generic form`, () => {
    const ref = mlirOpt(['--mlir-print-op-generic'], ex.input);
    const r = runOpt(['--mlir-print-op-generic'], ex.input);
    assert.equal(r.exitCode, 0);
    assert.equal(r.stdout, ref.stdout);
    const back = runOpt([], r.stdout);
    assert.equal(back.stdout, mlirOpt([], ex.input).stdout, 'generic form parses back to the same IR');
  });
}

interface Rule { rule: string; input: string }

const RULES: Rule[] = [
  {
    rule: "for: bounds must be signless integer or index",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%x, %a, %a) ({}) : (f32, index, index) -> ()
  return
}
`,
  },
  {
    rule: "for: bounds and step have the same type",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%a, %i, %a) ({}) : (index, i32, index) -> ()
  return
}
`,
  },
  {
    rule: "for: at least three operands",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%a, %a) ({}) : (index, index) -> ()
  return
}
`,
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
  },
  {
    rule: "for: region with one block (SizedRegion)",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.for"(%a, %a, %a) ({}) : (index, index, index) -> ()
  return
}
`,
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
  },
  {
    rule: "for: custom form iter_args list",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.for %iv = %a to %a step %a iter_args %x {
  }
  return
}
`,
  },
  {
    rule: "if: condition is i1",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.if"(%a) ({}, {}) : (index) -> ()
  return
}
`,
  },
  {
    rule: "if: two regions",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.if"(%c) ({}, {}, {}) : (i1) -> ()
  return
}
`,
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
  },
  {
    rule: "condition: parent is scf.while",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.condition(%c)
  return
}
`,
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
  },
  {
    rule: "parallel: bound counts (parser)",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.parallel (%p) = (%a) to (%a, %a) step () {
  }
  return
}
`,
  },
  {
    rule: "parallel: init values vs result types (parser)",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.parallel (%p) = (%a) to (%a) step (%a) -> f32 {
  }
  return
}
`,
  },
  {
    rule: "parallel: at least one loop",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.parallel () = () to () step () {
  }
  return
}
`,
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
  },
  {
    rule: "forall: shared_outs vs result types (parser)",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r:2 = scf.forall (%p) in (%a) shared_outs(%o = %t) -> (tensor<4xf32>, tensor<4xf32>) {
  }
  return
}
`,
  },
  {
    rule: "forall: outputs are ranked tensors",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  %r = scf.forall (%p) in (%a) shared_outs(%o = %x) -> (f32) {
  }
  return
}
`,
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
  },
  {
    rule: "forall: mapping attribute",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.forall (%p) in (%a) {
  } {mapping = [1]}
  return
}
`,
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
  },
  {
    rule: "in_parallel: parent is scf.forall",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  scf.forall.in_parallel {
  }
  return
}
`,
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
  },
  {
    rule: "execute_region: at least one block",
    input: `func.func @f(%a: index, %i: i32, %x: f32, %c: i1, %t: tensor<4xf32>) {
  "scf.execute_region"() ({
  }) : () -> ()
  return
}
`,
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
  },
];

for (const r of RULES) {
  test(`verifier rule: ${r.rule}`, () => {
    const args = ['--allow-unregistered-dialect', '--mlir-print-op-on-diagnostic=false'];
    const ref = mlirOpt(args, r.input);
    assert.equal(ref.code, 1, 'mlir-opt 22 rejects the input');
    assert.notDeepEqual(diagnosticLines(ref.stderr), []);
    const out = runOpt(args, r.input);
    assert.equal(out.exitCode, 1);
    assert.deepEqual(diagnosticLines(out.stderr), diagnosticLines(ref.stderr));
  });
}
