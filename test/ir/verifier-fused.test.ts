// The verifier decides isolation and dominance on its structural walk (marks
// on ops and blocks, src/ir/verifier.ts) and runs the reporting checks only
// where a use may break them. These inputs break several rules at once, or
// are valid only by the slow paths (graph regions, CFG regions, unreachable
// blocks, nested isolated ops), so the first diagnostic and its order must
// stay mlir-opt 22's (run live).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testOptCases, type OptCase } from '../opt-cases.js';
import { Builder, IntegerType, OpResult, type Operation } from '../../src/index.js';
import { createContext } from '../../src/dialects/registry.js';
import { parse, verify } from '../../src/api/text.js';

const CASES: OptCase[] = [
  {
    name: 'dominance error before an invalid op of the same function: the op is reported',
    args: ['-allow-unregistered-dialect'],
    input: `func.func @f(%a: i32) {
  "foo"(%x) : (i32) -> ()
  %x = "bar"() : () -> i32
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return
}
`,
  },
  {
    name: 'dominance error in one function, invalid op in the next: the dominance error',
    args: ['-allow-unregistered-dialect'],
    input: `func.func @f() {
  "foo"(%x) : (i32) -> ()
  %x = "bar"() : () -> i32
  return
}
func.func @g(%a: i32) {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return
}
`,
  },
  {
    name: 'dominance errors at two depths: the one MLIR walks first',
    args: ['-allow-unregistered-dialect'],
    input: `func.func @f() {
  "foo"() ({
    "use.inner"(%y) : (i32) -> ()
    %y = "bar"() : () -> i32
    "foo.end"() : () -> ()
  }) : () -> ()
  "use.outer"(%x) : (i32) -> ()
  %x = "bar"() : () -> i32
  return
}
`,
  },
  {
    name: 'dominance error in an outer function, invalid op in a module nested in it',
    args: ['-allow-unregistered-dialect'],
    input: `func.func @f() {
  "foo"(%x) : (i32) -> ()
  %x = "bar"() : () -> i32
  "test.wrap"() ({
    builtin.module {
      func.func @g(%a: i32) {
        %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
        return
      }
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
`,
  },
  {
    name: 'a result used in its own region',
    args: [],
    input: `func.func @f() -> i32 {
  %0 = scf.execute_region -> i32 {
    scf.yield %0 : i32
  }
  return %0 : i32
}
`,
  },
  {
    name: 'a value of a sibling region',
    args: ['-allow-unregistered-dialect'],
    input: `func.func @f(%c: i1) {
  scf.if %c {
    %x = "bar"() : () -> i32
  } else {
    "use"(%x) : (i32) -> ()
  }
  return
}
`,
  },
  {
    name: 'a later value in a graph region (valid), and a use before its definition in a CFG region nested there',
    args: ['-allow-unregistered-dialect'],
    input: `"use"(%x) : (i32) -> ()
%x = "bar"() : () -> i32
func.func @f() {
^bb0:
  cf.br ^bb2
^bb1:
  "use"(%y) : (i32) -> ()
  cf.br ^bb3
^bb2:
  %y = "bar"() : () -> i32
  cf.br ^bb1
^bb3:
  return
}
`,
  },
  {
    name: 'CFG values used in dominated blocks and nested regions (valid)',
    args: ['-allow-unregistered-dialect'],
    input: `func.func @f(%n: index, %c: i1) -> i32 {
  %a = arith.constant 1 : i32
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%v: i32):
  %s = scf.if %c -> i32 {
    %t = arith.addi %v, %a : i32
    scf.yield %t : i32
  } else {
    scf.yield %a : i32
  }
  cf.br ^bb3(%s : i32)
^bb2:
  cf.br ^bb3(%a : i32)
^bb3(%r: i32):
  return %r : i32
}
`,
  },
  {
    name: 'a use in an unreachable block of a later value (valid)',
    args: ['-allow-unregistered-dialect'],
    input: `func.func @f() {
  return
^bb1:
  "use"(%x) : (i32) -> ()
  %x = "bar"() : () -> i32
  cf.br ^bb1
}
`,
  },
  {
    name: 'a block argument of a later block in the same region',
    args: ['-allow-unregistered-dialect'],
    input: `func.func @f() {
^bb0:
  cf.br ^bb1(%x : i32)
^bb1(%x : i32):
  return
}
`,
  },
  {
    name: 'a call to a missing function in a module with no other symbol users',
    args: [],
    input: `func.func @f() {
  func.call @missing() : () -> ()
  return
}
`,
  },
  {
    name: 'calls resolved in a nested module; the outer module has none',
    args: [],
    input: `module {
  module @inner {
    func.func private @g() -> i32
    func.func @f() -> i32 {
      %0 = func.call @g() : () -> i32
      return %0 : i32
    }
  }
}
`,
  },
  {
    name: 'a symbol redefinition in a module without symbol users',
    args: [],
    input: `func.func @f() {
  return
}
func.func @f() {
  return
}
`,
  },
  {
    name: 'an invalid call after a dominance error in the same function',
    args: ['-allow-unregistered-dialect'],
    input: `func.func @f() {
  "foo"(%x) : (i32) -> ()
  %x = "bar"() : () -> i32
  func.call @missing() : () -> ()
  return
}
`,
  },
];

testOptCases(CASES);

// Isolation cannot be broken in text (the parser scopes names by isolated
// ops), so these build the IR; the diagnostics are MLIR's wording.
function isolationModule(alsoDominance: boolean): { module: Operation; use: Operation } {
  const ctx = createContext({ allowUnregisteredDialects: true });
  const module = parse('func.func @f() {\n  return\n}\n', { ctx });
  const func = module.regions[0].entry.first!;
  const entry = func.regions[0].entry;
  const b = new Builder(ctx);
  const i32 = IntegerType.get(32);
  // An unregistered op at module level defines a value; the function uses it.
  b.setInsertionPointToStart(module.regions[0].entry);
  const outside = b.create('test.def', { results: [i32] });
  b.setInsertionPointToStart(entry);
  const use = b.create('test.use', { operands: [outside.results[0]] });
  if (alsoDominance) {
    // Also, ahead of it, a use of a value defined after it (a dominance error).
    b.setInsertionPointToStart(entry);
    const early = b.create('test.use', { operands: [outside.results[0]] });
    b.setInsertionPointAfter(use);
    const later = b.create('test.def', { results: [i32] });
    early.setOperand(0, later.results[0]);
  }
  return { module, use };
}

test('a value from outside an isolated function is an isolation error', () => {
  const { module } = isolationModule(false);
  const errors = verify(module);
  assert.equal(errors.length, 1);
  assert.match(errors[0], /'test\.use' op using value defined outside the region/);
  assert.match(errors[0], /required by region isolation constraints/);
});

test('isolation is reported before a dominance error of the same function', () => {
  const { module } = isolationModule(true);
  const errors = verify(module);
  assert.equal(errors.length, 1);
  assert.match(errors[0], /using value defined outside the region/);
});

test('a dominance error in built IR is reported without an isolation error', () => {
  const { module, use } = isolationModule(true);
  // Make the outside value local again: only the dominance error remains.
  const outside = (use.operandList[0].value as OpResult).owner;
  outside.parentBlock!.removeOp(outside);
  use.parentBlock!.insertAfter(outside, use);
  const errors = verify(module);
  assert.equal(errors.length, 1);
  assert.match(errors[0], /operand #0 does not dominate this use/);
});

test('verifying twice and after changes gives the same answers (the marks of one walk do not leak into the next)', () => {
  const ctx = createContext({ allowUnregisteredDialects: true });
  const module = parse('func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.muli %0, %a : i32\n  return %1 : i32\n}\n', { ctx });
  assert.deepEqual(verify(module), []);
  assert.deepEqual(verify(module), []);
  const block = module.regions[0].entry.first!.regions[0].entry;
  const add = block.first!;
  const mul = add.next!;
  // Swap: %1 now comes before %0, its operand.
  block.removeOp(add);
  block.insertAfter(add, mul);
  const errors = verify(module);
  assert.equal(errors.length, 1);
  assert.match(errors[0], /operand #0 does not dominate this use/);
  block.removeOp(add);
  block.insertBefore(add, mul);
  assert.deepEqual(verify(module), []);
});
