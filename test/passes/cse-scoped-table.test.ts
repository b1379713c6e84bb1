// CSE's scoped table (entries chained per bucket, dropped newest first when
// a scope closes) against mlir-opt 22, run live: the table grows while a
// nested scope is open (more distinct ops than its first size), then the
// scope closes, and what the enclosing scope knows must be exactly what it
// knew before: ops of the closed scope are not found, the enclosing ones are.
// Read-only ops (memref.load) take the effects path: equal loads with no
// write in between are replaced, with a store in between they are not.

import { testOptCases, type OptCase } from '../opt-cases.js';

/** Outer constants, an scf.if whose region defines `inner` distinct constants (and uses them), then copies of both. */
function growInNestedScope(inner: number): string {
  const lines: string[] = [];
  for (let i = 0; i < 50; i++) lines.push(`  %o${i} = arith.constant ${i} : i32`);
  lines.push('  scf.if %c {');
  for (let i = 0; i < inner; i++) {
    lines.push(`    %i${i} = arith.constant ${1000 + i} : i32`);
    // A copy of an outer constant: found in the enclosing scope.
    if (i < 50) lines.push(`    %d${i} = arith.constant ${i} : i32`, `    "test.use"(%i${i}, %d${i}) : (i32, i32) -> ()`);
    else lines.push(`    "test.use"(%i${i}) : (i32) -> ()`);
  }
  lines.push('  }');
  // After the scope: outer copies are replaced, copies of inner constants are not.
  for (let i = 0; i < 50; i++) lines.push(`  %p${i} = arith.constant ${i} : i32`, `  %q${i} = arith.constant ${1000 + i} : i32`, `  "test.use"(%o${i}, %p${i}, %q${i}) : (i32, i32, i32) -> ()`);
  return `func.func @grow(%c: i1) {\n${lines.join('\n')}\n  return\n}\n`;
}

const CASES: OptCase[] = [
  {
    name: 'cse: the table grows inside a nested scope; closing it restores what the enclosing scope knows',
    args: ['--cse', '--allow-unregistered-dialect'],
    input: growInNestedScope(3000),
  },
  {
    name: 'cse: equal loads replaced with no write between them, kept across a store',
    args: ['--cse', '--allow-unregistered-dialect'],
    input: `func.func @loads(%m: memref<4xf32>, %i: index, %v: f32) {
  %a = memref.load %m[%i] : memref<4xf32>
  %b = memref.load %m[%i] : memref<4xf32>
  %buf = memref.alloc() : memref<4xf32>
  %c = memref.load %m[%i] : memref<4xf32>
  memref.store %v, %m[%i] : memref<4xf32>
  %d = memref.load %m[%i] : memref<4xf32>
  %unused = memref.load %m[%i] : memref<4xf32>
  %dead = memref.alloc() : memref<4xf32>
  "test.use"(%a, %b, %c, %d, %buf) : (f32, f32, f32, f32, memref<4xf32>) -> ()
  return
}
`,
  },
];

testOptCases(CASES);
