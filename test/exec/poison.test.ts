// Poison on both backends: the WebAssembly backend keeps a marker beside the
// values the poison analysis flags and must behave exactly as the
// JavaScript backend (same output, same located error at the same op), for
// poison made by ub.poison, shifts, fptosi/fptoui and violated overflow
// flags, moving through arithmetic, select, scf/cf control flow and calls.
// Programs whose output is defined are compared with mlir-runner too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VECTOR_LOWERING, runOurs, runReference, tempDir, writeTemp, type ToolResult } from './difftool.js';
import { loadModule, ub } from '../../src/index.js';
import { ExecError } from '../../src/exec/runtime.js';

const dir = tempDir();
let n = 0;

/** Runs `program` on both backends (forced); they must agree. Returns the common result and the file. */
function both(program: string, extra: string[] = []): { r: ToolResult; file: string } {
  const file = writeTemp(dir, `p${n++}.mlir`, program);
  const js = runOurs([file, '--backend=js', ...extra]);
  const wasm = runOurs([file, '--backend=wasm', ...extra]);
  assert.equal(wasm.stderr, js.stderr);
  assert.equal(wasm.stdout, js.stdout);
  assert.equal(wasm.code, js.code);
  return { r: js, file };
}

/** The program fails on both backends with `message` at line:col of the program. */
function failsAt(program: string, loc: string, message: string, stdout = ''): void {
  const { r, file } = both(program);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, stdout);
  assert.equal(r.stderr.split('\n')[0], `${file}:${loc}: error: ${message}`);
}

/** The program runs on both backends and prints what mlir-runner prints. */
function likeRunner(program: string): void {
  const { r, file } = both(program);
  const ref = runReference(file);
  assert.equal(ref.code, 0, ref.stderr);
  assert.equal(r.stderr, '');
  assert.equal(r.code, 0);
  assert.equal(r.stdout, ref.stdout);
}

test('poison through scf.if, scf.for iter_args, scf.while, execute_region and index_switch, then printed', () => {
  failsAt(
    `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %t = arith.constant true
  %z = arith.constant 0 : i32
  %p = ub.poison : i32
  %a = scf.if %t -> i32 {
    scf.yield %p : i32
  } else {
    scf.yield %z : i32
  }
  %b = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %z) -> (i32) {
    %y = arith.addi %x, %a : i32
    scf.yield %y : i32
  }
  %w:2 = scf.while (%k = %c0, %v = %b) : (index, i32) -> (index, i32) {
    %c = arith.cmpi slt, %k, %c3 : index
    scf.condition(%c) %k, %v : index, i32
  } do {
  ^bb0(%k: index, %v: i32):
    %k1 = arith.addi %k, %c1 : index
    scf.yield %k1, %v : index, i32
  }
  %e = scf.execute_region -> i32 {
    scf.yield %w#1 : i32
  }
  %s = scf.index_switch %c1 -> i32
  case 1 {
    scf.yield %e : i32
  }
  default {
    scf.yield %z : i32
  }
  vector.print %c1 : index
  vector.print %s : i32
  return
}
`,
    '36:3',
    "'vector.print' op uses a poison value as printed value",
    '1\n',
  );
});

test('poison through cf block arguments reaching a branch condition', () => {
  failsAt(
    `func.func @main() {
  %p = ub.poison : i1
  cf.br ^bb1(%p : i1)
^bb1(%c: i1):
  %n = arith.xori %c, %c : i1
  cf.cond_br %n, ^bb2, ^bb3
^bb2:
  return
^bb3:
  return
}
`,
    '6:3',
    "'cf.cond_br' op uses a poison value as branch condition",
  );
});

test('poison stored, used as an index, a loop bound, a while condition; division by poison is poison (no division error)', () => {
  const head = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc() : memref<4xi32>
  %p = ub.poison : i32
  %pi = ub.poison : index
`;
  failsAt(head + '  memref.store %p, %m[%c0] : memref<4xi32>\n  return\n}\n', '7:3', "'memref.store' op uses a poison value as stored value");
  failsAt(head + '  %v = memref.load %m[%pi] : memref<4xi32>\n  return\n}\n', '7:8', "'memref.load' op uses a poison value as index");
  failsAt(head + '  scf.for %i = %c0 to %pi step %c1 {\n  }\n  return\n}\n', '7:3', "'scf.for' op uses a poison value as loop bound");
  failsAt(
    head + '  %z = arith.constant 0 : i32\n  %q = arith.divsi %p, %z : i32\n  %r = arith.remui %z, %p : i32\n  %s = arith.addi %q, %r : i32\n  vector.print %s : i32\n  return\n}\n',
    '11:3',
    "'vector.print' op uses a poison value as printed value",
  );
  failsAt(
    `func.func @main() {
  %p = ub.poison : i1
  scf.while : () -> () {
    scf.condition(%p)
  } do {
    scf.yield
  }
  return
}
`,
    '4:5',
    "'scf.condition' op uses a poison value as loop condition",
  );
});

test('select: a poison condition is poison; a poison value not chosen is not', () => {
  likeRunner(`func.func @main() {
  %t = arith.constant true
  %c7 = arith.constant 7 : i32
  %p = ub.poison : i32
  %a = arith.select %t, %c7, %p : i32
  vector.print %a : i32
  return
}
`);
  failsAt(
    `func.func @main() {
  %pc = ub.poison : i1
  %c7 = arith.constant 7 : i32
  %c8 = arith.constant 8 : i32
  %a = arith.select %pc, %c7, %c8 : i32
  vector.print %a : i32
  return
}
`,
    '6:3',
    "'vector.print' op uses a poison value as printed value",
  );
});

test('overflow flags: a violated nsw/nuw gives poison (add, sub, mul at 8, 32, 48 and 64 bits, shl, trunci); kept flags compute as mlir-runner', () => {
  const cases: [string, string, string][] = [
    ['i32', '2147483647', 'arith.addi %a, %b overflow<nsw> : i32'],
    ['i32', '-1', 'arith.addi %a, %b overflow<nuw> : i32'],
    ['i8', '-128', 'arith.subi %a, %b overflow<nsw> : i8'],
    ['i48', '140737488355327', 'arith.muli %a, %b overflow<nsw> : i48'],
    ['i64', '-9223372036854775808', 'arith.subi %a, %b overflow<nsw> : i64'],
    ['i64', '4611686018427387904', 'arith.muli %a, %b overflow<nsw> : i64'],
    ['i64', '-1', 'arith.muli %a, %b overflow<nuw> : i64'],
    ['i32', '1073741824', 'arith.shli %a, %b overflow<nsw> : i32'],
  ];
  for (const [t, a, expr] of cases) {
    const prog = (bv: string): string => `func.func @main() {
  %a = arith.constant ${a} : ${t}
  %b = arith.constant ${bv} : ${t}
  %r = ${expr}
  vector.print %r : ${t}
  return
}
`;
    // b = 2 overflows every case above (the shift: by 2 bits); b = 0 (by 0 bits) overflows none.
    failsAt(prog('2'), '5:3', "'vector.print' op uses a poison value as printed value");
    likeRunner(prog('0'));
  }
  failsAt(
    `func.func @main() {
  %a = arith.constant 300 : i32
  %r = arith.trunci %a overflow<nuw> : i32 to i8
  vector.print %r : i8
  return
}
`,
    '4:3',
    "'vector.print' op uses a poison value as printed value",
  );
  likeRunner(`func.func @main() {
  %a = arith.constant -100 : i32
  %r = arith.trunci %a overflow<nsw> : i32 to i8
  vector.print %r : i8
  return
}
`);
});

test('fptosi/fptoui: out of range, NaN and infinity are poison; values in range convert as mlir-runner does', () => {
  for (const [v, f, op, t] of [
    ['3.0e9', 'f64', 'fptosi', 'i32'],
    ['-1.0', 'f32', 'fptoui', 'i16'],
    ['0x7FF8000000000000', 'f64', 'fptosi', 'i64'],
    ['0x7F800000', 'f32', 'fptoui', 'i64'],
    ['2.0', 'f64', 'fptosi', 'i1'],
  ]) {
    failsAt(`func.func @main() {\n  %x = arith.constant ${v} : ${f}\n  %r = arith.${op} %x : ${f} to ${t}\n  vector.print %r : ${t}\n  return\n}\n`, '4:3', "'vector.print' op uses a poison value as printed value");
  }
  likeRunner(`func.func @main() {
  %a = arith.constant 3.0e9 : f64
  %b = arith.constant -2.75 : f32
  %c = arith.constant 1.8e19 : f64
  %d = arith.constant -0.5 : f64
  %e = arith.constant -1.0 : f64
  %r1 = arith.fptoui %a : f64 to i32
  %r2 = arith.fptosi %b : f32 to i8
  %r3 = arith.fptoui %c : f64 to i64
  %r4 = arith.fptoui %d : f64 to i33
  %r5 = arith.fptosi %e : f64 to i1
  vector.print %r1 : i32
  vector.print %r2 : i8
  vector.print %r3 : i64
  vector.print %r4 : i33
  vector.print %r5 : i1
  return
}
`);
});

test('variable shift amounts: below the width they compute as mlir-runner; at the width or more they are poison', () => {
  const prog = (amount: number): string => `func.func @sh(%x: i16, %s: i16) -> (i16, i16, i16) {
  %a = arith.shli %x, %s : i16
  %b = arith.shrsi %x, %s : i16
  %c = arith.shrui %x, %s : i16
  return %a, %b, %c : i16, i16, i16
}
func.func @main() {
  %x = arith.constant -12345 : i16
  %s = arith.constant ${amount} : i16
  %r:3 = func.call @sh(%x, %s) : (i16, i16) -> (i16, i16, i16)
  vector.print %r#0 : i16
  vector.print %r#1 : i16
  vector.print %r#2 : i16
  return
}
`;
  for (const amount of [0, 5, 15]) likeRunner(prog(amount));
  failsAt(prog(16), '11:3', "'vector.print' op uses a poison value as printed value");
});

test('poison across calls: passed as an argument, returned, unused, and returned by the entry function', () => {
  // A callee branching on a poison argument reports it there.
  failsAt(
    `func.func @f(%c: i1) -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %r = scf.if %c -> i32 {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}
func.func @main() {
  %p = ub.poison : i1
  %r = func.call @f(%p) : (i1) -> i32
  vector.print %r : i32
  return
}
`,
    '4:8',
    "'scf.if' op uses a poison value as condition",
  );
  // Poison passed through a recursive function and back, never used: fine (and mlir-runner agrees).
  likeRunner(`func.func @f(%n: i32, %x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  %r:2 = scf.if %z -> (i32, i32) {
    scf.yield %n, %x : i32, i32
  } else {
    %m = arith.subi %n, %c1 : i32
    %y:2 = func.call @f(%m, %x) : (i32, i32) -> (i32, i32)
    %k = arith.addi %y#0, %c1 : i32
    scf.yield %k, %y#1 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
func.func @main() {
  %c5 = arith.constant 5 : i32
  %p = ub.poison : i32
  %r:2 = func.call @f(%c5, %p) : (i32, i32) -> (i32, i32)
  vector.print %r#0 : i32
  return
}
`);
  // Returned to the runner by the entry function: the error is at that function.
  const { r, file } = both(
    `func.func @g() -> i32 {
  %p = ub.poison : i32
  return %p : i32
}
func.func @main() -> i32 {
  %r = func.call @g() : () -> i32
  return %r : i32
}
`,
    ['-e', 'main', '-entry-point-result=i32'],
  );
  assert.equal(r.code, 1);
  assert.equal(r.stderr.split('\n')[0], `${file}:5:1: error: 'func.func' op returns a poison value`);
  // Returned to the library's caller: the error is at the op that made the poison, on both backends.
  const text = 'func.func @g(%x: i32) -> (i32, i32) {\n  %p = ub.poison : i32\n  return %x, %p : i32, i32\n}\n';
  const wasm = loadModule(text, { backend: 'wasm', output: () => {} });
  assert.equal(wasm.backend, 'wasm');
  for (const m of [loadModule(text, { output: () => {} }), wasm]) {
    assert.throws(
      () => m.call('g', 3),
      (e: unknown) => e instanceof ExecError && e.message === 'a poison value is returned' && e.op !== undefined && ub.PoisonOp.isa(e.op),
    );
  }
});

test('poison through scf.parallel: an init value and a reduction reaching the results', () => {
  for (const [init, value] of [
    ['%p', '%one'],
    ['%z', '%p'],
  ])
    failsAt(
      `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %p = ub.poison : f32
  %r = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (${init}) -> f32 {
    scf.reduce(${value} : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  vector.print %r : f32
  return
}
`,
      '15:3',
      "'vector.print' op uses a poison value as printed value",
    );
});

// Each op kind with a poison operand runs on the WebAssembly backend (both()
// forces it: a fallback would be its "does not support" error) and behaves as
// the JavaScript backend.

test('math ops, index.cmp and the extended arith ops propagate poison: unused or not selected it is harmless, printed it is the error', () => {
  likeRunner(`func.func @main() {
  %t = arith.constant true
  %pf = ub.poison : f32
  %pi = ub.poison : i32
  %px = ub.poison : index
  %one = arith.constant 1.5 : f32
  %c3 = arith.constant 3 : i32
  %x3 = arith.constant 3 : index
  %a = math.sqrt %pf : f32
  %b = math.fma %one, %pf, %one : f32
  %c = math.absf %b : f32
  %d = math.absi %pi : i32
  %e = math.ctlz %d : i32
  %f = math.ctpop %pi : i32
  %n = math.isnan %pf : f32
  %k = index.cmp slt(%px, %x3)
  %s, %o = arith.addui_extended %pi, %c3 : i32, i1
  %l, %h = arith.mulsi_extended %c3, %pi : i32
  %l2, %h2 = arith.mului_extended %pi, %c3 : i32
  %r1 = arith.select %t, %one, %c : f32
  %r2 = arith.select %t, %c3, %e : i32
  %r3 = arith.select %t, %c3, %h2 : i32
  %r4 = arith.select %t, %t, %k : i1
  vector.print %r1 : f32
  vector.print %r2 : i32
  vector.print %r3 : i32
  vector.print %r4 : i1
  return
}
`);
  const printed: [string, string, string][] = [
    ['f32', 'math.sqrt %p : f32', 'f32'],
    ['f64', 'math.fma %p, %p, %p : f64', 'f64'],
    ['f32', 'math.exp %p : f32', 'f32'],
    ['f64', 'math.isnan %p : f64', 'i1'],
    ['i16', 'math.absi %p : i16', 'i16'],
    ['i64', 'math.cttz %p : i64', 'i64'],
    ['index', 'index.cmp ult(%p, %p)', 'i1'],
  ];
  for (const [t, expr, rt] of printed)
    failsAt(`func.func @main() {\n  %p = ub.poison : ${t}\n  %r = ${expr}\n  vector.print %r : ${rt}\n  return\n}\n`, '4:3', "'vector.print' op uses a poison value as printed value");
  // ipowi's code is skipped: 0 to a poison (negative) power is no division by zero.
  failsAt(
    `func.func @main() {
  %p = ub.poison : i32
  %z = arith.constant 0 : i32
  %r = math.ipowi %z, %p : i32
  vector.print %z : i32
  vector.print %r : i32
  return
}
`,
    '6:3',
    "'vector.print' op uses a poison value as printed value",
    '0\n',
  );
  failsAt(
    `func.func @main() {
  %p = ub.poison : i8
  %c = arith.constant 100 : i8
  %s, %o = arith.addui_extended %c, %p : i8, i1
  %l, %h = arith.mului_extended %c, %c : i8
  vector.print %h : i8
  vector.print %o : i1
  return
}
`,
    '7:3',
    "'vector.print' op uses a poison value as printed value",
    '39\n',
  );
});

test('memref views, reshapes, realloc and atomics with a poison operand: the located error at the op, in the JavaScript backend order', () => {
  const head = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1 : i32
  %m = memref.alloc() : memref<8xi32>
  %d = memref.alloc(%c8) : memref<?xi32>
  %bytes = memref.alloc() : memref<64xi8>
  %p = ub.poison : index
  %pv = ub.poison : i32
`;
  const cases: [string, string][] = [
    ['%v = memref.subview %m[%c0] [%p] [1] : memref<8xi32> to memref<?xi32, strided<[1], offset: ?>>', "'memref.subview' op uses a poison value as operand"],
    ['%v = memref.subview %m[%c1] [2] [%p] : memref<8xi32> to memref<2xi32, strided<[?], offset: ?>>', "'memref.subview' op uses a poison value as operand"],
    ['%v = memref.reinterpret_cast %m to offset: [%p], sizes: [2], strides: [1] : memref<8xi32> to memref<2xi32, strided<[1], offset: ?>>', "'memref.reinterpret_cast' op uses a poison value as operand"],
    ['%v = memref.expand_shape %d [[0, 1]] output_shape [%p, 4] : memref<?xi32> into memref<?x4xi32>', "'memref.expand_shape' op uses a poison value as size"],
    ['%v = memref.view %bytes[%p][] : memref<64xi8> to memref<4xf32>', "'memref.view' op uses a poison value as byte shift"],
    ['%v = memref.view %bytes[%c0][%p] : memref<64xi8> to memref<?xf32>', "'memref.view' op uses a poison value as size"],
    ['%v = memref.realloc %d(%p) : memref<?xi32> to memref<?xi32>', "'memref.realloc' op uses a poison value as size"],
    ['%v = memref.atomic_rmw addi %pv, %m[%p] : (i32, memref<8xi32>) -> i32', "'memref.atomic_rmw' op uses a poison value as operand"],
    ['%v = memref.atomic_rmw maxs %one, %m[%p] : (i32, memref<8xi32>) -> i32', "'memref.atomic_rmw' op uses a poison value as index"],
    ['%v = memref.generic_atomic_rmw %m[%p] : memref<8xi32> {\n  ^bb0(%x: i32):\n    memref.atomic_yield %x : i32\n  }', "'memref.generic_atomic_rmw' op uses a poison value as index"],
  ];
  for (const [line, message] of cases) failsAt(`${head}  ${line}\n  return\n}\n`, '11:8', message);
  // The value a generic_atomic_rmw body yields is stored: checked at the yield (wasm stored 0 before).
  failsAt(
    `${head}  %v = memref.generic_atomic_rmw %m[%c0] : memref<8xi32> {
  ^bb0(%x: i32):
    %y = arith.addi %x, %pv : i32
    memref.atomic_yield %y : i32
  }
  return
}
`,
    '14:5',
    "'memref.atomic_yield' op uses a poison value as stored value",
  );
  // Prefetch is a hint: its indices are not used.
  const { r } = both(`${head}  memref.prefetch %m[%p], read, locality<3>, data : memref<8xi32>\n  vector.print %one : i32\n  return\n}\n`);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '1\n');
});

test('scf.forall with a poison bound is the located error; scf.loop carries poison in its iteration arguments', () => {
  for (const bounds of ['(%i) in (%p)', '(%i) = (%p) to (4) step (1)', '(%i, %j) = (0, 0) to (2, 2) step (1, %p)'])
    failsAt(
      `func.func @main() {
  %p = ub.poison : index
  %c = arith.constant 7 : i32
  scf.forall ${bounds} {
    vector.print %c : i32
  }
  return
}
`,
      '4:3',
      "'scf.forall' op uses a poison value as loop bound",
    );
  failsAt(
    `func.func @main() {
  %p = ub.poison : i32
  %c1 = arith.constant 1 : i32
  %r = scf.loop token(%t) iter_args(%x = %p) : i32 -> i32 {
    %y = arith.addi %x, %c1 : i32
    scf.break [%t] %y : i32
  }
  vector.print %c1 : i32
  vector.print %r : i32
  return
}
`,
    '9:3',
    "'vector.print' op uses a poison value as printed value",
    '1\n',
  );
});

test('poison through call_indirect: passed and returned values are checked where they are used (every function of the type whose address is taken)', () => {
  const callees = `func.func @id(%x: i32) -> i32 {
  return %x : i32
}
func.func @seven(%x: i32) -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}
func.func @bad(%x: i32) -> i32 {
  %p = ub.poison : i32
  return %p : i32
}
`;
  // Passed to @id and printed (before, the JavaScript backend's print met an untracked Poison: "prints a poison value").
  failsAt(
    `${callees}func.func @main() {
  %p = ub.poison : i32
  %fn = func.constant @id : (i32) -> i32
  %r = func.call_indirect %fn(%p) : (i32) -> i32
  vector.print %r : i32
  return
}
`,
    '16:3',
    "'vector.print' op uses a poison value as printed value",
  );
  // Returned by @bad through an indirect call.
  failsAt(
    `${callees}func.func @main() {
  %c = arith.constant 1 : i32
  %fn = func.constant @bad : (i32) -> i32
  %r = func.call_indirect %fn(%c) : (i32) -> i32
  vector.print %r : i32
  return
}
`,
    '16:3',
    "'vector.print' op uses a poison value as printed value",
  );
  // A callee branching on a poison argument reports it there.
  failsAt(
    `func.func @f(%c: i1) -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %r = arith.select %c, %a, %b : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  return %r : i32
}
func.func @main() {
  %p = ub.poison : i1
  %fn = func.constant @f : (i1) -> i32
  %r = func.call_indirect %fn(%p) : (i1) -> i32
  return
}
`,
    '5:3',
    "'cf.cond_br' op uses a poison value as branch condition",
  );
  // The same call site reaching @bad, then @seven and @id with a value that is not poison: only the first result is poison,
  // the markers do not leak from one call into the next (mlir-runner agrees on what is printed).
  likeRunner(`${callees}func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %five = arith.constant 5 : i32
  %f0 = func.constant @bad : (i32) -> i32
  %f1 = func.constant @seven : (i32) -> i32
  %f2 = func.constant @id : (i32) -> i32
  scf.for %i = %c0 to %c3 step %c1 {
    %z = arith.cmpi eq, %i, %c0 : index
    %o = arith.cmpi eq, %i, %c1 : index
    %g = arith.select %o, %f1, %f2 : (i32) -> i32
    %fn = arith.select %z, %f0, %g : (i32) -> i32
    %r = func.call_indirect %fn(%five) : (i32) -> i32
    %t = arith.select %z, %five, %r : i32
    vector.print %t : i32
  }
  return
}
`);
});

test('a poison function value called, a memref picked by a poison condition: located errors (before, JavaScript TypeErrors; wasm called function 0)', () => {
  failsAt(
    `func.func @id(%x: i32) -> i32 {
  return %x : i32
}
func.func @main() {
  %c = arith.constant 1 : i32
  %g = ub.poison : (i32) -> i32
  %r = func.call_indirect %g(%c) : (i32) -> i32
  vector.print %r : i32
  return
}
`,
    '7:8',
    "'func.call_indirect' op uses a poison value as callee",
  );
  // A function value that may be poison returned by a call carries its marker (before: wasm fell back, JavaScript threw a TypeError).
  failsAt(
    `func.func @id(%x: i32) -> i32 {
  return %x : i32
}
func.func @pick(%c: i1) -> ((i32) -> i32) {
  %f = func.constant @id : (i32) -> i32
  %g = arith.select %c, %f, %f : (i32) -> i32
  return %g : (i32) -> i32
}
func.func @main() {
  %pc = ub.poison : i1
  %one = arith.constant 1 : i32
  %g = func.call @pick(%pc) : (i1) -> ((i32) -> i32)
  %r = func.call_indirect %g(%one) : (i32) -> i32
  vector.print %r : i32
  return
}
`,
    '13:8',
    "'func.call_indirect' op uses a poison value as callee",
  );
  // The WebAssembly backend has no select of memrefs: the JavaScript backend alone.
  const file = writeTemp(
    dir,
    `p${n++}.mlir`,
    `func.func @main() {
  %a = memref.alloc() : memref<4xi32>
  %pc = ub.poison : i1
  %m = arith.select %pc, %a, %a : memref<4xi32>
  return
}
`,
  );
  const js = runOurs([file, '--backend=js']);
  assert.equal(js.code, 1);
  assert.equal(js.stderr.split('\n')[0], `${file}:4:8: error: 'arith.select' op uses a poison value as condition`);
});

test('every math op, in process on both backends: a poison operand makes the returned result poison (made by that ub.poison)', () => {
  const unary = ['sqrt', 'absf', 'floor', 'ceil', 'trunc', 'exp', 'exp2', 'log', 'log2', 'log10', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh', 'erf', 'erfc', 'log1p', 'expm1', 'rsqrt', 'round', 'roundeven', 'cbrt'];
  const cases: [string, string][] = [
    ...unary.map((o): [string, string] => [`math.${o} %p : f32`, 'f32']),
    ...['copysign', 'powf', 'atan2'].map((o): [string, string] => [`math.${o} %one, %p : f32`, 'f32']),
    ['math.fma %one, %one, %p : f32', 'f32'],
    ['math.fpowi %one, %q : f32, i32', 'f32'],
    ...['isnan', 'isinf', 'isfinite', 'isnormal'].map((o): [string, string] => [`math.${o} %p : f32`, 'i1']),
    ...['absi', 'ctlz', 'cttz', 'ctpop'].map((o): [string, string] => [`math.${o} %q : i32`, 'i32']),
    ['math.ipowi %c, %q : i32', 'i32'],
  ];
  assert.equal(cases.length, 44);
  for (const [expr, t] of cases) {
    const text = `func.func @f() -> ${t} {\n  %one = arith.constant 1.5 : f32\n  %c = arith.constant 0 : i32\n  %p = ub.poison : f32\n  %q = ub.poison : i32\n  %r = ${expr}\n  return %r : ${t}\n}\n`;
    const wasm = loadModule(text, { backend: 'wasm', output: () => {} });
    assert.equal(wasm.backend, 'wasm', expr);
    for (const [backend, m] of [
      ['js', loadModule(text, { backend: 'js', output: () => {} })],
      ['wasm', wasm],
    ] as const)
      assert.throws(
        () => m.call('f'),
        (e: unknown) => e instanceof ExecError && e.message === 'a poison value is returned' && e.op !== undefined && ub.PoisonOp.isa(e.op),
        `${expr} on ${backend}`,
      );
  }
});

test('ub.poison of a memref type: unused it runs; used it is a freed memref, a located error on both backends (no stack trace)', () => {
  const dir = tempDir();
  const program = (use: string): string =>
    `func.func @main() {\n  %m = ub.poison : memref<4xi32>\n  %c0 = arith.constant 0 : index\n${use}  %x = arith.constant 3 : i32\n  vector.print %x : i32\n  return\n}\n`;
  const unused = writeTemp(dir, 'unused.mlir', program(''));
  const used = writeTemp(dir, 'used.mlir', program('  %v = memref.load %m[%c0] : memref<4xi32>\n'));
  // Used only in code that never runs, as remove-dead-values leaves it.
  const neverRuns = writeTemp(dir, 'never.mlir', program('  %f = arith.constant false\n  scf.if %f {\n    %v = memref.load %m[%c0] : memref<4xi32>\n  }\n'));
  for (const backend of ['--backend=js', '--backend=wasm']) {
    const ok = runOurs([unused, backend]);
    assert.deepEqual([ok.code, ok.stdout, ok.stderr], [0, '3\n', ''], backend);
  }
  for (const args of [[], ['--backend=js']]) {
    const ok = runOurs([neverRuns, ...args]);
    assert.deepEqual([ok.code, ok.stdout, ok.stderr], [0, '3\n', ''], args.join(' '));
  }
  // Used: the wasm backend cannot express it, so the JavaScript backend reports it (or wasm, when forced).
  for (const [args, message] of [
    [[], "'memref.load' op accesses a memref after its deallocation (or after the end of its allocation scope)"],
    [['--backend=js'], "'memref.load' op accesses a memref after its deallocation (or after the end of its allocation scope)"],
    [['--backend=wasm'], "the WebAssembly backend does not support a used 'ub.poison' of a memref type"],
  ] as const) {
    const bad = runOurs([used, ...args]);
    assert.equal(bad.code, 1);
    assert.equal(bad.stdout, '');
    const line = args[0] === '--backend=wasm' ? '2:8' : '4:8';
    assert.ok(bad.stderr.startsWith(`${used}:${line}: error: ${message}\n`), bad.stderr);
    assert.doesNotMatch(bad.stderr, /\n\s+at /);
  }
});

test('poison lanes of vectors propagate lane by lane and printing one is a located error (it printed 0 before)', () => {
  const dir = tempDir();
  const fromPoison = writeTemp(
    dir,
    'vpoison.mlir',
    'func.func @main() {\n  %p = ub.poison : vector<2xi32>\n  %c = arith.constant dense<[1, 2]> : vector<2xi32>\n  %s = arith.addi %p, %c : vector<2xi32>\n  vector.print %c : vector<2xi32>\n  vector.print %s : vector<2xi32>\n  return\n}\n',
  );
  const fromConversion = writeTemp(
    dir,
    'vfptosi.mlir',
    'func.func @main() {\n  %c = arith.constant dense<[1.0e20, 2.0]> : vector<2xf64>\n  %i = arith.fptosi %c : vector<2xf64> to vector<2xi32>\n  %k = arith.constant dense<[3, 4]> : vector<2xi32>\n  %s = arith.addi %i, %k : vector<2xi32>\n  vector.print %k : vector<2xi32>\n  vector.print %s : vector<2xi32>\n  return\n}\n',
  );
  for (const [file, out, line] of [[fromPoison, '( 1, 2 )\n', 6], [fromConversion, '( 3, 4 )\n', 7]] as const)
    for (const args of [[], ['--backend=js']]) {
      const r = runOurs([file, ...args]);
      assert.equal(r.code, 1);
      assert.equal(r.stdout, out);
      assert.ok(r.stderr.startsWith(`${file}:${line}:3: error: 'vector.print' op uses a poison value as printed value\n`), r.stderr);
    }
});

test('overflow flags on vectors: a lane that violates nsw/nuw is poison (the JavaScript backend ignored the flags on vectors); kept flags compute as mlir-runner', () => {
  const dir = tempDir();
  const cases: [string, string, string][] = [
    ['i32', '2147483647', 'arith.addi %a, %b overflow<nsw>'],
    ['i32', '-1', 'arith.addi %a, %b overflow<nuw>'],
    ['i8', '-128', 'arith.subi %a, %b overflow<nsw>'],
    ['i48', '140737488355327', 'arith.muli %a, %b overflow<nsw>'],
    ['i64', '4611686018427387904', 'arith.muli %a, %b overflow<nsw>'],
    ['i32', '1073741824', 'arith.shli %a, %b overflow<nsw>'],
  ];
  let k = 0;
  for (const [t, a, expr] of cases) {
    const vt = `vector<2x${t}>`;
    // Lane 0 adds (subtracts, multiplies, shifts by) b0, lane 1 by 0: b0 = 2 overflows lane 0 only.
    const prog = (b0: string): string => `func.func @main() {
  %a = arith.constant dense<${a}> : ${vt}
  %b = arith.constant dense<[${b0}, 0]> : ${vt}
  %r = ${expr} : ${vt}
  vector.print %r : ${vt}
  return
}
`;
    const overflowing = writeTemp(dir, `vflags${k}.mlir`, prog('2'));
    const kept = writeTemp(dir, `vkept${k++}.mlir`, prog('0'));
    const ref = runReference(kept, 'main', 'void', [], VECTOR_LOWERING);
    assert.equal(ref.code, 0, ref.stderr);
    for (const args of [[], ['--backend=js']]) {
      const bad = runOurs([overflowing, ...args]);
      assert.equal(bad.code, 1, `${expr}: ${bad.stdout}`);
      assert.ok(bad.stderr.startsWith(`${overflowing}:5:3: error: 'vector.print' op uses a poison value as printed value\n`), bad.stderr);
      const good = runOurs([kept, ...args]);
      assert.equal(good.stderr, '');
      assert.equal(good.stdout, ref.stdout);
    }
  }
  const trunc = (flag: string, values: string): string => `func.func @main() {
  %a = arith.constant dense<[${values}]> : vector<2xi32>
  %r = arith.trunci %a overflow<${flag}> : vector<2xi32> to vector<2xi8>
  vector.print %r : vector<2xi8>
  return
}
`;
  const truncBad = writeTemp(dir, 'vtrunc-bad.mlir', trunc('nuw', '300, 7'));
  const truncKept = writeTemp(dir, 'vtrunc-kept.mlir', trunc('nsw', '-100, 7'));
  const ref = runReference(truncKept, 'main', 'void', [], VECTOR_LOWERING);
  assert.equal(ref.code, 0, ref.stderr);
  for (const args of [[], ['--backend=js']]) {
    const bad = runOurs([truncBad, ...args]);
    assert.equal(bad.code, 1);
    assert.ok(bad.stderr.startsWith(`${truncBad}:4:3: error: 'vector.print' op uses a poison value as printed value\n`), bad.stderr);
    const good = runOurs([truncKept, ...args]);
    assert.equal(good.stderr, '');
    assert.equal(good.stdout, ref.stdout);
  }
});
