// LLVM dialect types in text: printed forms and parse errors, live against
// mlir-opt 22 (target extension types, unsigned parameters with their
// wrap-around and "failed to parse ... parameter" errors).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstError, optAndReference, testOptCases, type OptCase } from '../../opt-cases.js';

const attrs = (...types: string[]): string => `module attributes {${types.map((t, i) => `l.a${i} = ${t}`).join(', ')}} {\n}\n`;

const CASES: OptCase[] = [
  {
    name: 'target extension types print their name escaped and their parameters with prefixes',
    args: ['--allow-unregistered-dialect'],
    input:
      attrs('!llvm.target<"x">', '!llvm.target<"spirv.Image", !llvm.void, i32, 0, 1>', '!llvm.target<"y", 4>', '!llvm.target<"q\\"z", !llvm.ptr, !llvm.struct<(i32)>>') +
      'llvm.func @f(%a: !llvm.target<"spirv.Event">) -> !llvm.target<"x", 3>\n',
  },
  { name: 'target extension type: integers before types', args: [], input: attrs('!llvm.target<"x", 1, i32>') },
  { name: 'target extension type: a name that is not a string', args: [], input: attrs('!llvm.target<x>') },
  { name: "target extension type: a missing ','", args: [], input: attrs('!llvm.target<"x" i32>') },
  { name: 'pointer address space: not an integer', args: [], input: attrs('!llvm.ptr<"x">') },
  { name: 'pointer address space: too large', args: [], input: attrs('!llvm.ptr<99999999999>') },
  { name: 'pointer address space: negative wraps around', args: ['--allow-unregistered-dialect'], input: attrs('!llvm.ptr<-1>') },
  { name: 'array size: not an integer', args: [], input: attrs('!llvm.array<"x" x i32>') },
  { name: "array: a missing 'x'", args: [], input: attrs('!llvm.array<4 y i32>') },
  { name: 'a type given as a string', args: [], input: attrs('!llvm<"bogus">') },
  { name: 'a type given as an integer', args: [], input: attrs('!llvm<123>') },
];

testOptCases(CASES);

test('array sizes beyond 2^53 - 1 are refused with a located error (mlir-opt wraps -1 to 2^64 - 1)', () => {
  const r = optAndReference(attrs('!llvm.array<-1 x i32>'));
  assert.equal(r.code, 1);
  assert.equal(firstError(r.err), "<stdin>:1:39: error: LLVMArrayType parameter 'numElements' of 18446744073709551615 is beyond what scfkit represents (2^53 - 1)");
  assert.match(r.ref.out, /!llvm\.array<18446744073709551615 x i32>/);
});
