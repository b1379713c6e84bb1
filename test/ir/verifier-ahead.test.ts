// The parser hands each isolated-from-above op to the verifier as the op is
// complete (`Verifier.verifyNestAhead`, through parseModule's `verifier`):
// the op's nest is verified while it is in cache, and the verification after
// the parse checks only the op itself. A nest that fails, or emits anything,
// is walked again after the parse, so the diagnostics are those of one
// verification after the parse. These cases fail in a nest, in the op
// around a nest that passed, in checks that look above the nest (symbol
// uses, symbol lookups of a symbol defined later), and after a parse error:
// stdout, stderr and the exit code must be mlir-opt 22's (live). The last
// tests check in-process that nests are verified ahead and not walked again,
// and that the verdict is the same with and without verifying ahead.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createContext } from '../../src/dialects/registry.js';
import { Verifier, verify } from '../../src/ir/verifier.js';
import { parseModule } from '../../src/syntax/module-parser.js';
import { SourceFile } from '../../src/syntax/source.js';
import { DiagnosticRenderer } from '../../src/syntax/diagnostic-output.js';
import type { Operation } from '../../src/ir/operation.js';
import { testOptCases, type OptCase } from '../opt-cases.js';

const CASES: OptCase[] = [
  {
    name: 'an error in the second function of a module, between valid ones',
    args: [],
    input: `module {
  func.func @a(%x: i32) -> i32 {
    return %x : i32
  }
  func.func @b(%x: i32) -> i32 {
    %c = arith.constant 1 : i64
    return %c : i64
  }
  func.func @c(%x: i32) -> i32 {
    return %x : i32
  }
}
`,
  },
  {
    name: 'a call to an undefined function in a nest that passed: the module still checks symbol uses',
    args: [],
    input: `func.func @a(%x: i32) -> i32 {
  return %x : i32
}
func.func @b(%x: i32) -> i32 {
  %0 = scf.execute_region -> i32 {
    %1 = func.call @missing(%x) : (i32) -> i32
    scf.yield %1 : i32
  }
  return %0 : i32
}
`,
  },
  {
    name: 'calls to functions defined later, in nested modules',
    args: [],
    input: `module {
  func.func @a(%x: i32) -> i32 {
    %0 = func.call @b(%x) : (i32) -> i32
    return %0 : i32
  }
  module @inner {
    func.func @c(%x: i32) -> i32 {
      %0 = func.call @d(%x) : (i32) -> i32
      return %0 : i32
    }
    func.func @d(%x: i32) -> i32 {
      return %x : i32
    }
  }
  func.func @b(%x: i32) -> i32 {
    return %x : i32
  }
}
`,
  },
  {
    name: 'the function itself wrong after its body passed',
    args: [],
    input: `func.func @a() {
  return
}
"func.func"() <{function_type = (i32) -> (), sym_name = "b"}> ({
^bb0(%x: i64):
  "func.return"() : () -> ()
}) : () -> ()
`,
  },
  {
    name: 'a function redefined after both bodies passed',
    args: [],
    input: `func.func @a(%x: i32) -> i32 {
  return %x : i32
}
func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
`,
  },
  {
    name: 'llvm.mlir.addressof of a global defined after the function (the nest fails ahead, passes after the parse)',
    args: [],
    input: `module {
  llvm.func @f() -> !llvm.ptr {
    %0 = llvm.mlir.addressof @g : !llvm.ptr
    llvm.return %0 : !llvm.ptr
  }
  llvm.mlir.global internal @g(0 : i32) : i32
}
`,
  },
  {
    name: 'llvm.mlir.addressof of a global that is never defined',
    args: [],
    input: `module {
  llvm.func @f() -> !llvm.ptr {
    %0 = llvm.mlir.addressof @g : !llvm.ptr
    llvm.return %0 : !llvm.ptr
  }
  llvm.mlir.global internal @h(0 : i32) : i32
}
`,
  },
  {
    name: 'a parse error after a function whose nest failed: only the parse error',
    args: [],
    input: `func.func @a(%x: i32) -> i32 {
  %c = arith.constant 1 : i64
  return %c : i64
}
func.func @b(%x: i32) -> i32 {
  return %y : i32
}
`,
  },
  {
    name: 'alloca in a function, then alloca in a nested module without a scope',
    args: [],
    input: `func.func @f() {
  %0 = memref.alloca() : memref<4xf32>
  return
}
module {
  func.func @g() {
    %0 = memref.alloca() : memref<4xf32>
    return
  }
  %1 = memref.alloca() : memref<4xf32>
}
`,
  },
  {
    name: 'expected errors in two functions of split chunks',
    args: ['-split-input-file', '-verify-diagnostics'],
    input: `func.func @a(%x: i32) -> i32 {
  %c = arith.constant 1 : i64
  // expected-error @+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @a}}
  return %c : i64
}

// -----

func.func @b(%x: i32) -> i32 {
  return %x : i32
}
func.func @c(%x: i32) {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.forall, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}
`,
  },
];

testOptCases(CASES);

function parseWith(text: string, ahead: boolean): { module: Operation | undefined; verifier: Verifier; render: () => string; ok: boolean } {
  const ctx = createContext({});
  const source = SourceFile.fromText('in.mlir', text);
  const verifier = new Verifier(ctx);
  const module = parseModule(ctx, source, ahead ? { verifier } : {});
  const ok = module !== undefined && verifier.verify(module);
  const renderer = new DiagnosticRenderer([source]);
  return { module, verifier, ok, render: () => ctx.diagnostics.take().map((d) => renderer.render(d)).join('') };
}

const FUNCTIONS = `func.func @a(%x: i32) -> i32 {
  %0 = scf.execute_region -> i32 {
    scf.yield %x : i32
  }
  return %0 : i32
}
func.func @b(%x: i32) -> i32 {
  return %x : i32
}
`;

test('a nest verified ahead is not walked again after the parse', () => {
  const ctx = createContext({});
  const verifier = new Verifier(ctx);
  const module = parseModule(ctx, SourceFile.fromText('in.mlir', FUNCTIONS), { verifier })!;
  // Break @a's body after the parse: its return loses its operand.
  const a = module.regions[0].entry.first!;
  const ret = a.regions[0].entry.last!;
  ret.setOperands([]);
  // The verifier that passed it ahead checks only the function itself.
  assert.equal(verifier.verify(module), true);
  assert.deepEqual(ctx.diagnostics.take(), []);
  // A fresh verification walks the body and finds the error.
  assert.equal(verify(ctx, module), false);
  assert.match(ctx.diagnostics.take()[0].message, /has 0 operands, but enclosing function \(@a\) returns 1/);
});

test('the same verdict and diagnostics with and without verifying ahead', () => {
  const inputs = [
    FUNCTIONS,
    CASES[0].input,
    CASES[1].input,
    CASES[2].input,
    CASES[3].input,
    CASES[5].input,
    CASES[6].input,
    CASES[8].input,
    // Unregistered ops in a function, and an isolated unregistered op.
    `func.func @f() {
  "x.y"() : () -> ()
  return
}
`,
  ];
  for (const text of inputs) {
    const ahead = parseWith(text, true);
    const after = parseWith(text, false);
    assert.equal(ahead.ok, after.ok, text);
    assert.equal(ahead.render(), after.render(), text);
  }
});
