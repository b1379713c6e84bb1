// Diagnostics for malformed input, live against mlir-opt 22: cases found by
// mutating the corpus and comparing both tools' answers (a lone `/`, an empty
// variadic type list, a malformed scalable dimension, op names ending in a
// dot, dynamic index lists of scf.forall and memref.subview, source lines
// with non-ASCII bytes). Each compares stdout, stderr and the exit code.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testOptCases, type OptCase } from '../opt-cases.js';
import { ROOT } from '../exec/paths.js';

const fn = (body: string): string => `func.func @f(%a: i32) -> i32 {\n${body}\n}\n`;

const CASES: OptCase[] = [
  { name: 'a lone slash at the top level is a token no rule takes', args: [], input: '/ CHECK-LABEL: @f\nfunc.func @f() { return }\n' },
  { name: 'a lone slash in a block is reported after the token before it', args: [], input: 'func.func @f() {\n  %0 = arith.constant 1 : i32 /\n  return\n}\n' },
  { name: 'a lone slash in a generic op', args: ['--allow-unregistered-dialect'], input: '"a.b"() / : () -> ()\n' },
  { name: 'a lone slash in an affine map', args: [], input: '#m = affine_map<(d0) -> (d0 / 2)>\n' },
  { name: 'a variadic type list takes at least one type (func.return)', args: [], input: fn('  return %a : \n') },
  { name: 'a variadic type list takes at least one type (cf.br)', args: [], input: 'func.func @f(%a: i32) {\n  cf.br ^bb1(%a : )\n^bb1(%b: i32):\n  return\n}\n' },
  { name: 'a variadic type list takes at least one type (scf.yield)', args: [], input: 'func.func @f(%a: i32) {\n  %0 = scf.execute_region -> i32 {\n    scf.yield %a : \n  }\n  return\n}\n' },
  { name: 'a scalable dimension without an integer', args: [], input: 'func.func @f(%a: vector<[xi1>) { return }\n' },
  { name: 'an empty scalable dimension', args: [], input: 'func.func @f(%a: vector<4x[]xi1>) { return }\n' },
  { name: 'a scalable dimension after a fixed one, unclosed', args: [], input: 'func.func @f(%a: vector<[4]x[>) { return }\n' },
  { name: 'a custom op name ending in a dot is looked up in the default dialect', args: [], input: fn('  %0 = memref. : i32\n  return %a : i32') },
  { name: 'a custom op name ending in a dot, unknown dialect', args: ['--allow-unregistered-dialect'], input: fn('  %0 = foo. : i32\n  return %a : i32') },
  { name: 'a custom op name ending in a dot at the top level', args: [], input: 'memref.\n' },
  { name: 'a generic op name ending in a dot refers to no dialect', args: [], input: fn('  %0 = "memref."() : () -> i32\n  return %a : i32') },
  { name: 'a generic op name ending in a dot, unregistered dialects allowed', args: ['--allow-unregistered-dialect'], input: fn('  %0 = "arith."() : () -> i32\n  return %a : i32') },
  { name: 'a generic op name with an empty op part after a known dialect', args: [], input: fn('  %0 = "memref..x"() : () -> i32\n  return %a : i32') },
  { name: 'scf.forall: a dynamic index list without its parenthesis', args: [], input: 'func.func @f(%n: index) {\n  scf.forall (%i) = (0) to %n step (1) {\n  }\n  return\n}\n' },
  { name: 'scf.forall: a dynamic index list left open', args: [], input: 'func.func @f(%n: index) {\n  scf.forall (%i) in (%n 4) {\n  }\n  return\n}\n' },
  { name: 'scf.forall: a bound past 64 bits', args: [], input: 'func.func @f(%n: index) {\n  scf.forall (%i) in (99999999999999999999) {\n  }\n  return\n}\n' },
  { name: 'memref.subview: offsets without their bracket', args: [], input: 'func.func @f(%n: index) {\n  %0 = memref.alloc() : memref<4xf32>\n  %1 = memref.subview %0 4 [1] [1] : memref<4xf32> to memref<1xf32, strided<[1], offset: 4>>\n  return\n}\n' },
  { name: 'memref.subview: a malformed result number in an index list is followed by the integer and list errors', args: [], input: 'func.func @f(%m: memref<?xf32>, %s: index) {\n  %0 = memref.subview %m[%s#99999999999999999999] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>\n  return\n}\n' },
  // An index-list entry followed by `[` is a scalable one that must close with `]`; a lexer error silences the parser's own.
  { name: 'memref.subview: a `[` after an entry needs its `]`', args: [], input: 'func.func @f(%m: memref<8xf32>, %i: index) {\n  %1 = memref.subview %m[%i[%i] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: ?>>\n  return\n}\n' },
  { name: 'memref.subview: a scalable static entry in brackets', args: [], input: 'func.func @f(%m: memref<8xf32>, %i: index) {\n  %1 = memref.subview %m[[4]] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: 4>>\n  return\n}\n' },
  { name: 'memref.subview: a lone % in an index list is the lexer\'s error alone', args: [], input: 'func.func @f(%m: memref<8xf32>, %i: index) {\n  %1 = memref.subview %m[%i][%\n' },
  { name: 'memref.subview: offsets left open', args: [], input: 'func.func @f(%n: index) {\n  %0 = memref.alloc() : memref<4xf32>\n  %1 = memref.subview %0[4 [1] [1] : memref<4xf32> to memref<1xf32, strided<[1], offset: 4>>\n  return\n}\n' },
  { name: 'a generic op with more operand types than operands (one operand: MLIR writes a NUL byte for the plural)', args: ['--allow-unregistered-dialect'], input: 'func.func @f(%a: i32) {\n  "test.x"(%a) : (i32, i32) -> ()\n  return\n}\n' },
  // An enum attribute's `<` is the parser's punctuation: its error has no custom op prefix.
  { name: 'arith.addi: overflow flags without their <', args: [], input: fn('  %0 = arith.addi %a, %a overflow %a : i32\n  return %a : i32') },
  { name: 'arith.addf: fastmath flags without their <', args: [], input: 'func.func @f(%x: f32) {\n  %0 = arith.addf %x, %x fastmath : f32\n  return\n}\n' },
  // `type($x)` of a memref constraint parses MLIR's C++ type class: MemRefType (named) or BaseMemRefType (unnamed).
  ...(
    [
      ['memref.load', '%0 = memref.load %a[] : i32'],
      ['memref.alloc', '%0 = memref.alloc() : i32'],
      ['memref.get_global', '%0 = memref.get_global @g : i32'],
      ['memref.cast', '%0 = memref.cast %a : i32 to memref<?xf32>'],
      ['memref.dealloc', 'memref.dealloc %a : i32'],
      ['memref.prefetch', 'memref.prefetch %a[], read, locality<3>, data : i32'],
    ] as const
  ).map(([op, line]) => ({ name: `${op} with a type that is no memref`, args: [], input: `func.func @f(%a: i32) {\n  ${line}\n  return\n}\n` })),
  // Operands read by a format are resolved where their list starts; cf.switch's cases as one list, at its `default`.
  { name: 'func.call_indirect: operands and types counted at the operand list', args: [], input: 'func.func @f(%f: (i32) -> i32) {\n  %0 = call_indirect %f() : (i32) -> i32\n  return\n}\n' },
  { name: 'cf.switch: a case with types and no operands, counted over all cases at the default', args: [], input: 'func.func @f(%flag: i32, %a: i32) {\n  cf.switch %flag : i32, [\n    default: ^bb1(%a : i32),\n    42: ^bb2( : i32),\n    43: ^bb2(%a : i32)\n  ]\n^bb1(%x: i32):\n  return\n^bb2(%y: i32):\n  return\n}\n' },
  { name: 'cf.switch: cases whose operand and type counts balance only together', args: [], input: 'func.func @f(%flag: i32, %a: i32, %b: f32) {\n  cf.switch %flag : i32, [\n    default: ^bb1(%a : i32),\n    42: ^bb2(%a, %b : i32),\n    43: ^bb3( : f32)\n  ]\n^bb1(%x: i32):\n  return\n^bb2(%y: i32, %z: f32):\n  return\n^bb3(%w: f32):\n  return\n}\n' },
  // A dense i32 array whose element fails still reads its `]` (MLIR's DenseArrayAttr parser).
  ...(['[1.0e, 70]', '[99999999999, 1]', '[x]'] as const).map((w) => ({
    name: `cf.cond_br weights(${w})`,
    args: [],
    input: `func.func @f(%c: i1) {\n  cf.cond_br %c weights(${w}), ^bb1, ^bb1\n^bb1:\n  return\n}\n`,
  })),
  // Segment sizes are fixed-size i32 array properties in MLIR: a `<{...}>` entry of another kind or length fails
  // property conversion at parse time; one in the attribute dictionary is dropped; none at all leaves zeros.
  ...(['array<i32: 1, 1, 1, 0>', 'array<i64: 1, 1, 1>', '3 : i32'] as const).map((v) => ({
    name: `cf.cond_br with <{operandSegmentSizes = ${v}}>`,
    args: [],
    input: `func.func @f(%c: i1, %a: i32) {\n  "cf.cond_br"(%c, %a, %a) [^bb1, ^bb1] <{operandSegmentSizes = ${v}}> : (i1, i32, i32) -> ()\n^bb1(%x: i32):\n  return\n}\n`,
  })),
  { name: 'cf.cond_br with segment sizes of the wrong length in its attribute dictionary', args: [], input: 'func.func @f(%c: i1, %a: i32) {\n  "cf.cond_br"(%c, %a, %a) [^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (i1, i32, i32) -> ()\n^bb1(%x: i32):\n  return\n}\n' },
  { name: 'cf.cond_br without segment sizes', args: [], input: 'func.func @f(%c: i1, %a: i32) {\n  "cf.cond_br"(%c, %a, %a) [^bb1, ^bb1] : (i1, i32, i32) -> ()\n^bb1(%x: i32):\n  return\n}\n' },
  // A location with no file position (a name, a fused or call-site location of names): `<unknown>:0:`, the location leading the message.
  { name: 'a verifier error at a name location without a file position', args: [], input: 'func.func @f(%a: memref<i32>) {\n  %0 = arith.addi %a, %a : memref<i32> loc("alice")\n  return\n}\n' },
  { name: 'a missing terminator at a fused location of names', args: [], input: 'func.func @f(%a: memref<i32>) {\n  %0 = memref.load %a[] : memref<i32> loc(fused["a", "b"])\n}\n' },
  // An undefined alias is reported as a wrong token: at the token after it, or the end of the line before that token's line.
  { name: 'an undefined attribute alias is reported at the token after it', args: ['--allow-unregistered-dialect'], input: 'func.func @f() {\n  "test.x"() {a = [#no_unroll], b = #other} : () -> ()\n  return\n}\n' },
  { name: 'an undefined type alias followed by a token on a later line', args: [], input: 'func.func @f(%a: !foo\n  // c\n) {\n  return\n}\n' },
  // LLVM's caret line: a caret or range mark on a tab repeats up to the tab's 8-column stop.
  { name: 'a caret on a tab fills the tab\'s columns', args: [], input: 'func.func @f(%a: i1) -> (i32\ti32) {\n  return\n}\n' },
  { name: 'a caret on the second of two tabs, after a tab-indented line', args: [], input: 'func.func @f() {\n\t%0 = arith.constant 1 : i32\t\t+\n\treturn\n}\n' },
  // An operand naming a value that the op's own region defines: the region's
  // definition takes the forward reference's slot while the op is not built
  // yet, so the op keeps a placeholder that is in no block.
  { name: 'an operand defined in the op\'s own region (scf.if) is unlinked', args: [], input: 'func.func @t() {\n  scf.if %c {\n    %c = arith.constant true\n  }\n  return\n}\n' },
  { name: 'an operand defined in the op\'s own region (memref.generic_atomic_rmw) is unlinked', args: [], input: 'func.func @t(%m: memref<4xf32>) {\n  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {\n  ^bb0(%cur: f32):\n    %i = arith.constant 0 : index\n    memref.atomic_yield %cur : f32\n  }\n  return\n}\n' },
  // scf.for resolves its operands after its body, when the body's names are out of scope.
  { name: 'scf.for: a bound defined in the loop body is an undeclared name', args: [], input: 'func.func @t(%n: index) {\n  %c1 = arith.constant 1 : index\n  scf.for %i = %z to %n step %c1 {\n    %z = arith.constant 0 : index\n  }\n  return\n}\n' },
  { name: 'scf.for: an init value defined in the loop body is an undeclared name', args: [], input: 'func.func @t(%n: index) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %s) -> (index) {\n    %s = arith.addi %acc, %i : index\n    scf.yield %s : index\n  }\n  return\n}\n' },
  { name: 'scf.for: a step of another type is reported after the body is parsed', args: [], input: 'func.func @t(%a: i32) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : i32\n  scf.for %i = %c0 to %c0 step %c1(iter_args %x = %a) -> i32 : i32 {\n  }\n  return\n}\n' },
];

testOptCases(CASES);

// Bytes, not characters: both tools run on the same file and their stderr is
// compared byte for byte (in-process runs see the text decoded). Lines with
// non-ASCII bytes are shown without a caret line; a carriage return ends the
// line shown, and an error past one shows no line at all (LLVM's SourceMgr).
test('the source line shown with an error: non-ASCII bytes and carriage returns, as mlir-opt 22', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-error-fidelity-'));
  try {
    const lines = [
      '%0 = "x.y"() {a = "caf\xc3\xa9"} : () -> i32 $',
      '%0 = "x.y"() {a = "\xff"} : () -> i32 $',
      '%0 = "x.y"() {a = "ok"\t"\xc2\x9b"} : () -> i32',
      '%0 = "x.y"() : () -> i32\r+ 1',
      '%0 = "x.y"() : () -> i32\r  foo',
    ];
    for (const [k, line] of lines.entries()) {
      const file = join(dir, `in${k}.mlir`);
      writeFileSync(file, Buffer.from(`func.func @f() {\n  ${line}\n  return\n}\n`, 'latin1'));
      const run = (exe: string): string => spawnSync(exe, [file, '--allow-unregistered-dialect'], { encoding: 'latin1' }).stderr;
      const ref = run(process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt');
      assert.ok(ref.includes('error:'), `mlir-opt 22 rejects it: ${ref}`);
      assert.equal(run(join(ROOT, 'bin', 'scf-opt')), ref, JSON.stringify(line));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
