// Unsupported constructs: each gives `file.ts:line:col: error: ...` naming
// the construct, with the source line and a caret, and no module (scf-ts
// exits 1). Type errors are the checker's, located the same way.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileTS } from '../../src/frontend/compile.js';
import { scfTs, tempDir } from './tools.js';

interface Case {
  name: string;
  /** The program; `@` marks where the diagnostic points (removed before compiling). */
  source: string;
  message: RegExp;
}

const CASES: Case[] = [
  { name: 'closure', source: 'function main(): void {\n  const f = @(x: number) => x + 1;\n}\n', message: /function expressions \(closures\) are not supported/ },
  { name: 'function expression', source: 'function main(): void {\n  const f = @function (x: number) { return x; };\n}\n', message: /function expressions \(closures\) are not supported/ },
  { name: 'nested function', source: 'function main(): void {\n  @function g(): number { return 1; }\n}\n', message: /nested functions \(closures\) are not supported/ },
  { name: 'object literal', source: 'function main(): void {\n  const o = @{ a: 1 };\n}\n', message: /object literals are not supported/ },
  { name: 'object literal argument', source: 'function f(x: number): void {}\nfunction main(): void {\n  console.log(@{ a: 1 });\n}\n', message: /object literals are not supported/ },
  { name: 'string variable', source: 'function f(@s: string): void {}\n', message: /cannot map parameter type 'string'/ },
  { name: 'string expression', source: 'function main(): void {\n  console.log(@"a" + "b");\n}\n', message: /strings are supported only as arguments of console\.log/ },
  { name: 'throw', source: 'function main(): void {\n  @throw 1;\n}\n', message: /exceptions \(throw\/try\) are not supported/ },
  { name: 'try', source: 'function main(): void {\n  @try {\n  } finally {\n  }\n}\n', message: /exceptions \(throw\/try\) are not supported/ },
  { name: 'class', source: '@class A {}\nfunction main(): void {}\n', message: /class declarations are not supported/ },
  { name: 'enum', source: '@enum E { A }\nfunction main(): void {}\n', message: /enum declarations are not supported/ },
  { name: 'switch', source: 'function main(): void {\n  const x = 1 + 1;\n  @switch (x) {\n  }\n}\n', message: /switch statements are not supported/ },
  { name: 'for...in', source: 'function main(): void {\n  const a = new Float64Array(2);\n  @for (const k in a) {\n  }\n}\n', message: /for\.\.\.in loops are not supported/ },
  { name: 'array literal', source: 'function main(): void {\n  let a = @[1, 2];\n}\n', message: /array literals are supported only as the list of a for\.\.\.of loop/ },
  { name: 'array literal value', source: 'function f(a: number): void {}\nfunction main(): void {\n  console.log(@[1, 2]);\n}\n', message: /array literals are supported only as the list of a for\.\.\.of loop/ },
  { name: 'null', source: 'function main(): void {\n  console.log(@null);\n}\n', message: /null and undefined are not supported/ },
  { name: 'generic function', source: '@function id<T>(x: T): T {\n  return x;\n}\n', message: /generic functions are not supported/ },
  { name: 'async function', source: '@async function f(): Promise<void> {}\n', message: /async functions are not supported/ },
  { name: 'generator function', source: '@function* g(): Iterable<number> {}\n', message: /generator functions are not supported/ },
  { name: 'top-level let', source: '@let counter = 0;\nfunction main(): void {}\n', message: /top-level variables must be const/ },
  { name: 'import', source: "import { x } from @'./other';\nfunction main(): void {}\n", message: /imports are supported only from 'scfkit'|Cannot find module/ },
  { name: 'format directive', source: 'function main(): void {\n  console.log(@"%d items", 3);\n}\n', message: /console\.log format directives/ },
  { name: 'nullish', source: 'function main(): void {\n  const a = 1 + 1;\n  console.log(a @?? 2);\n}\n', message: /'\?\?' is not supported/ },
  { name: 'range step', source: "import { range } from 'scfkit';\nfunction main(): void {\n  const s = 1 + 1;\n  for (const i of range(0, 10, @s)) {\n  }\n}\n", message: /range's step must be a positive integer literal/ },
  { name: 'labelled block', source: 'function main(): void {\n  @lbl: {\n    break lbl;\n  }\n}\n', message: /labels are supported on loops only/ },
  { name: 'function value', source: 'function g(): number { return 1; }\nfunction main(): void {\n  const h = @g;\n}\n', message: /functions as values are not supported/ },
  { name: 'mixed bigint', source: 'function main(): void {\n  const a = 1n;\n  console.log(@a * 2n > 0);\n}\n', message: /Operator '>' cannot be applied|comparing bigint with number/ },
  { name: 'type error', source: 'function main(): void {\n  const @x: number = true;\n}\n', message: /Type 'boolean' is not assignable to type 'number'/ },
  { name: 'unknown Math function', source: 'function main(): void {\n  console.log(Math.@tan(1));\n}\n', message: /Property 'tan' does not exist on type 'Math'/ },
  { name: 'syntax error', source: 'function main(): void {\n  let x = @;\n}\n', message: /Expression expected/ },
  { name: 'BigInt.asUintN', source: 'function main(): void {\n  console.log(@BigInt.asUintN(64, 5n));\n}\n', message: /only BigInt\.asIntN\(64, x\) is supported/ },
  { name: 'typed array printed', source: 'function main(): void {\n  const a = new Float64Array(1);\n  console.log(@a);\n}\n', message: /console\.log of Float64Array is not supported/ },
  { name: 'unsupported property', source: 'function main(): void {\n  const a = new Float64Array(1);\n  console.log(a.@byteLength);\n}\n', message: /Property 'byteLength' does not exist/ },
];

for (const c of CASES) {
  test(`diagnostic: ${c.name}`, () => {
    const at = c.source.indexOf('@');
    assert.ok(at >= 0);
    const source = c.source.slice(0, at) + c.source.slice(at + 1);
    const before = source.slice(0, at).split('\n');
    const line = before.length;
    const column = before[before.length - 1].length + 1;
    const { module, diagnostics } = compileTS(source, { fileName: 'case.ts' });
    assert.equal(module, undefined, 'no module');
    assert.ok(diagnostics.length >= 1);
    const d = diagnostics[0];
    assert.match(d.message, c.message);
    assert.equal(`${d.line}:${d.column}`, `${line}:${column}`, `${d.text}`);
    const srcLine = source.split('\n')[line - 1];
    assert.equal(d.text, `case.ts:${line}:${column}: error: ${d.message}\n${srcLine}\n${' '.repeat(column - 1)}^\n`);
  });
}

test('scf-ts: an unsupported construct exits 1 with the diagnostic, no stack trace', () => {
  const dir = tempDir();
  const file = join(dir, 'bad.ts');
  writeFileSync(file, 'function main(): void {\n  try {\n  } catch (e) {\n  }\n}\nmain();\n');
  for (const args of [[file], ['--run', file], ['--emit=mlir-lowered', file]]) {
    const r = scfTs(args);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, `${file}:2:3: error: exceptions (throw/try) are not supported\n  try {\n  ^\n`);
  }
});
