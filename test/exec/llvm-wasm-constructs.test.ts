// The LLVM-dialect engine on WebAssembly, construct by construct: each
// program below runs on WebAssembly (scf-run's --debug-backend says so) and
// prints what mlir-runner prints, on both backends, compared live.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { MLIR_RUNNER, SHARED_LIBS, runOurs, tempDir, writeTemp, type ToolResult } from './difftool.js';

function runner(file: string, args: string[]): ToolResult {
  const r = spawnSync(MLIR_RUNNER, [file, ...args, `-shared-libs=${SHARED_LIBS}`], { encoding: 'latin1', timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** [what, module, entry-point result]: each must run on WebAssembly. */
export const CONSTRUCTS: [string, string, string][] = [
  [
    'vectors: dense constants, lane-wise integer and float arithmetic, shifts by vectors, compares, select, shufflevector, insertelement, dynamic extractelement, vector loads and stores (unaligned), vector arguments and results, lane bitcasts, casts, fma',
    `module {
  llvm.func @printI64(i64)
  llvm.func @printF64(f64)
  llvm.func @printNewline()
  llvm.func @printComma()
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @show4i(%v: vector<4xi32>) {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c4 = llvm.mlir.constant(4 : i64) : i64
    llvm.br ^h(%c0 : i64)
  ^h(%i: i64):
    %c = llvm.icmp "slt" %i, %c4 : i64
    llvm.cond_br %c, ^b, ^e
  ^b:
    %x = llvm.extractelement %v[%i : i64] : vector<4xi32>
    %y = llvm.sext %x : i32 to i64
    llvm.call @printI64(%y) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %n = llvm.add %i, %c1 : i64
    llvm.br ^h(%n : i64)
  ^e:
    llvm.call @printNewline() : () -> ()
    llvm.return
  }
  llvm.func @show2f(%v: vector<2xf64>) {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.extractelement %v[%c0 : i32] : vector<2xf64>
    %b = llvm.extractelement %v[%c1 : i32] : vector<2xf64>
    llvm.call @printF64(%a) : (f64) -> ()
    llvm.call @printComma() : () -> ()
    llvm.call @printF64(%b) : (f64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }
  llvm.func @twice(%v: vector<4xi32>) -> vector<4xi32> {
    %r = llvm.add %v, %v : vector<4xi32>
    llvm.return %r : vector<4xi32>
  }
  llvm.func @main() {
    %a = llvm.mlir.constant(dense<[1, -2, 3, 2147483647]> : vector<4xi32>) : vector<4xi32>
    %s = llvm.mlir.constant(dense<[0, 1, 4, 31]> : vector<4xi32>) : vector<4xi32>
    llvm.call @show4i(%a) : (vector<4xi32>) -> ()
    %b = llvm.mul %a, %a : vector<4xi32>
    llvm.call @show4i(%b) : (vector<4xi32>) -> ()
    %sh = llvm.shl %a, %s : vector<4xi32>
    llvm.call @show4i(%sh) : (vector<4xi32>) -> ()
    %lr = llvm.lshr %a, %s : vector<4xi32>
    llvm.call @show4i(%lr) : (vector<4xi32>) -> ()
    %ar = llvm.ashr %a, %s : vector<4xi32>
    llvm.call @show4i(%ar) : (vector<4xi32>) -> ()
    %cmp = llvm.icmp "sgt" %a, %s : vector<4xi32>
    %sel = llvm.select %cmp, %a, %b : vector<4xi1>, vector<4xi32>
    llvm.call @show4i(%sel) : (vector<4xi32>) -> ()
    %shuf = llvm.shufflevector %a, %b [7, 0, 5, 2] : vector<4xi32>
    llvm.call @show4i(%shuf) : (vector<4xi32>) -> ()
    %c9 = llvm.mlir.constant(9 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %ins = llvm.insertelement %c9, %a[%c2 : i64] : vector<4xi32>
    llvm.call @show4i(%ins) : (vector<4xi32>) -> ()
    %c64 = llvm.mlir.constant(64 : i64) : i64
    %mem = llvm.call @malloc(%c64) : (i64) -> !llvm.ptr
    llvm.store %shuf, %mem : vector<4xi32>, !llvm.ptr
    %q = llvm.getelementptr %mem[1] : (!llvm.ptr) -> !llvm.ptr, i32
    %ld = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> vector<4xi32>
    llvm.call @show4i(%ld) : (vector<4xi32>) -> ()
    %w = llvm.call @twice(%ld) : (vector<4xi32>) -> vector<4xi32>
    llvm.call @show4i(%w) : (vector<4xi32>) -> ()
    %f = llvm.sitofp %a : vector<4xi32> to vector<4xf32>
    %h = llvm.mlir.constant(dense<0.5> : vector<4xf32>) : vector<4xf32>
    %g = llvm.intr.fma(%f, %h, %h) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %bits = llvm.bitcast %g : vector<4xf32> to vector<4xi32>
    llvm.call @show4i(%bits) : (vector<4xi32>) -> ()
    %d = llvm.mlir.constant(dense<[1.5, -2.0]> : vector<2xf64>) : vector<2xf64>
    %dv = llvm.mlir.constant(dense<[0.5, -0.0]> : vector<2xf64>) : vector<2xf64>
    %e = llvm.fdiv %d, %dv : vector<2xf64>
    %ng = llvm.fneg %d : vector<2xf64>
    llvm.call @show2f(%e) : (vector<2xf64>) -> ()
    llvm.call @show2f(%ng) : (vector<2xf64>) -> ()
    %fc = llvm.fcmp "olt" %d, %e : vector<2xf64>
    %fs = llvm.select %fc, %d, %ng : vector<2xi1>, vector<2xf64>
    llvm.call @show2f(%fs) : (vector<2xf64>) -> ()
    %tr = llvm.trunc %a : vector<4xi32> to vector<4xi8>
    %ex = llvm.zext %tr : vector<4xi8> to vector<4xi32>
    llvm.call @show4i(%ex) : (vector<4xi32>) -> ()
    llvm.return
  }
}
`,
    'void',
  ],
  [
    'variable shift amounts (i64, i32, i13), s/u add/sub/mul.with.overflow (i64, i8), loads and stores of i33/i4/i24/i48 (only their bytes written)',
    `module {
  llvm.func @printI64(i64)
  llvm.func @printNewline()
  llvm.func @printComma()
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @p(%x: i64) {
    llvm.call @printI64(%x) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    llvm.return
  }
  llvm.func @shifts(%x: i64, %s: i64, %y: i32, %t: i32, %z: i13, %u: i13) {
    %a = llvm.shl %x, %s : i64
    %a1 = llvm.xor %a, %x : i64
    llvm.call @p(%a1) : (i64) -> ()
    %b = llvm.lshr %x, %s : i64
    %b1 = llvm.or %b, %s : i64
    llvm.call @p(%b1) : (i64) -> ()
    %c = llvm.ashr %x, %s : i64
    %c1 = llvm.add %c, %s : i64
    llvm.call @p(%c1) : (i64) -> ()
    %d = llvm.ashr %y, %t : i32
    %d1 = llvm.sext %d : i32 to i64
    llvm.call @printI64(%d1) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %e = llvm.lshr %y, %t : i32
    %e1 = llvm.zext %e : i32 to i64
    llvm.call @printI64(%e1) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %f = llvm.shl %z, %u : i13
    %f1 = llvm.sext %f : i13 to i64
    llvm.call @printI64(%f1) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %g = llvm.lshr %z, %u : i13
    %g1 = llvm.zext %g : i13 to i64
    llvm.call @printI64(%g1) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }
  llvm.func @ovf(%a: i64, %b: i64, %c: i8, %d: i8) {
    %r0 = "llvm.intr.sadd.with.overflow"(%a, %b) : (i64, i64) -> !llvm.struct<(i64, i1)>
    %r1 = "llvm.intr.uadd.with.overflow"(%a, %b) : (i64, i64) -> !llvm.struct<(i64, i1)>
    %r2 = "llvm.intr.smul.with.overflow"(%a, %b) : (i64, i64) -> !llvm.struct<(i64, i1)>
    %r3 = "llvm.intr.umul.with.overflow"(%c, %d) : (i8, i8) -> !llvm.struct<(i8, i1)>
    %r4 = "llvm.intr.ssub.with.overflow"(%c, %d) : (i8, i8) -> !llvm.struct<(i8, i1)>
    %r5 = "llvm.intr.usub.with.overflow"(%c, %d) : (i8, i8) -> !llvm.struct<(i8, i1)>
    %v0 = llvm.extractvalue %r0[0] : !llvm.struct<(i64, i1)>
    %o0 = llvm.extractvalue %r0[1] : !llvm.struct<(i64, i1)>
    %v1 = llvm.extractvalue %r1[0] : !llvm.struct<(i64, i1)>
    %o1 = llvm.extractvalue %r1[1] : !llvm.struct<(i64, i1)>
    %v2 = llvm.extractvalue %r2[0] : !llvm.struct<(i64, i1)>
    %o2 = llvm.extractvalue %r2[1] : !llvm.struct<(i64, i1)>
    %v3 = llvm.extractvalue %r3[0] : !llvm.struct<(i8, i1)>
    %o3 = llvm.extractvalue %r3[1] : !llvm.struct<(i8, i1)>
    %v4 = llvm.extractvalue %r4[0] : !llvm.struct<(i8, i1)>
    %o4 = llvm.extractvalue %r4[1] : !llvm.struct<(i8, i1)>
    %v5 = llvm.extractvalue %r5[0] : !llvm.struct<(i8, i1)>
    %o5 = llvm.extractvalue %r5[1] : !llvm.struct<(i8, i1)>
    llvm.call @p(%v0) : (i64) -> ()
    %O0 = llvm.zext %o0 : i1 to i64
    llvm.call @p(%O0) : (i64) -> ()
    llvm.call @p(%v1) : (i64) -> ()
    %O1 = llvm.zext %o1 : i1 to i64
    llvm.call @p(%O1) : (i64) -> ()
    llvm.call @p(%v2) : (i64) -> ()
    %O2 = llvm.zext %o2 : i1 to i64
    llvm.call @p(%O2) : (i64) -> ()
    %V3 = llvm.sext %v3 : i8 to i64
    llvm.call @p(%V3) : (i64) -> ()
    %O3 = llvm.zext %o3 : i1 to i64
    llvm.call @p(%O3) : (i64) -> ()
    %V4 = llvm.sext %v4 : i8 to i64
    llvm.call @p(%V4) : (i64) -> ()
    %O4 = llvm.zext %o4 : i1 to i64
    llvm.call @p(%O4) : (i64) -> ()
    %V5 = llvm.sext %v5 : i8 to i64
    llvm.call @p(%V5) : (i64) -> ()
    %O5 = llvm.zext %o5 : i1 to i64
    llvm.call @p(%O5) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }
  llvm.func @widths(%x: i64) {
    %n = llvm.mlir.constant(64 : i64) : i64
    %m = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
    %ff = llvm.mlir.constant(-1 : i64) : i64
    %q = llvm.getelementptr %m[1] : (!llvm.ptr) -> !llvm.ptr, i64
    llvm.store %ff, %m : i64, !llvm.ptr
    llvm.store %ff, %q : i64, !llvm.ptr
    %a = llvm.trunc %x : i64 to i33
    llvm.store %a, %m : i33, !llvm.ptr
    %b = llvm.trunc %x : i64 to i4
    llvm.store %b, %q : i4, !llvm.ptr
    %r = llvm.getelementptr %m[2] : (!llvm.ptr) -> !llvm.ptr, i64
    %c = llvm.trunc %x : i64 to i24
    llvm.store %c, %r : i24, !llvm.ptr
    %w0 = llvm.load %m : !llvm.ptr -> i64
    llvm.call @p(%w0) : (i64) -> ()
    %w1 = llvm.load %q : !llvm.ptr -> i64
    llvm.call @p(%w1) : (i64) -> ()
    %l0 = llvm.load %m : !llvm.ptr -> i33
    %L0 = llvm.sext %l0 : i33 to i64
    llvm.call @p(%L0) : (i64) -> ()
    %l1 = llvm.load %q : !llvm.ptr -> i4
    %L1 = llvm.sext %l1 : i4 to i64
    llvm.call @p(%L1) : (i64) -> ()
    %l2 = llvm.load %r : !llvm.ptr -> i24
    %L2 = llvm.sext %l2 : i24 to i64
    llvm.call @p(%L2) : (i64) -> ()
    %l4 = llvm.load %m : !llvm.ptr -> i48
    %L4 = llvm.sext %l4 : i48 to i64
    llvm.call @p(%L4) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }
  llvm.func @main() {
    %x = llvm.mlir.constant(-6148914691236517206 : i64) : i64
    %y = llvm.mlir.constant(-123456789 : i32) : i32
    %z = llvm.mlir.constant(-1000 : i13) : i13
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c0i = llvm.mlir.constant(0 : i32) : i32
    %c0s = llvm.mlir.constant(0 : i13) : i13
    %c63 = llvm.mlir.constant(63 : i64) : i64
    %c31 = llvm.mlir.constant(31 : i32) : i32
    %c12 = llvm.mlir.constant(12 : i13) : i13
    %c5 = llvm.mlir.constant(5 : i64) : i64
    %c7 = llvm.mlir.constant(7 : i32) : i32
    %c3 = llvm.mlir.constant(3 : i13) : i13
    llvm.call @shifts(%x, %c0, %y, %c0i, %z, %c0s) : (i64, i64, i32, i32, i13, i13) -> ()
    llvm.call @shifts(%x, %c63, %y, %c31, %z, %c12) : (i64, i64, i32, i32, i13, i13) -> ()
    llvm.call @shifts(%x, %c5, %y, %c7, %z, %c3) : (i64, i64, i32, i32, i13, i13) -> ()
    %max = llvm.mlir.constant(9223372036854775807 : i64) : i64
    %m1 = llvm.mlir.constant(-1 : i64) : i64
    %big = llvm.mlir.constant(4294967296 : i64) : i64
    %i100 = llvm.mlir.constant(100 : i8) : i8
    %im100 = llvm.mlir.constant(-100 : i8) : i8
    %i3 = llvm.mlir.constant(3 : i8) : i8
    llvm.call @ovf(%max, %c5, %i100, %i3) : (i64, i64, i8, i8) -> ()
    llvm.call @ovf(%m1, %m1, %im100, %i100) : (i64, i64, i8, i8) -> ()
    llvm.call @ovf(%big, %big, %i3, %i3) : (i64, i64, i8, i8) -> ()
    llvm.call @ovf(%c5, %c63, %i3, %im100) : (i64, i64, i8, i8) -> ()
    llvm.call @widths(%x) : (i64) -> ()
    %x2 = llvm.mlir.constant(81985529216486895 : i64) : i64
    llvm.call @widths(%x2) : (i64) -> ()
    llvm.return
  }
}
`,
    'void',
  ],
  ['variadic functions: va_start, va_arg of i64 and f64 past the register save area, va_end', `module {
  llvm.func @printI64(i64)
  llvm.func @printF64(f64)
  llvm.func @printNewline()
  llvm.func @sum(%n: i32, ...) -> i64 {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %z = llvm.mlir.constant(0 : i64) : i64
    %l = llvm.alloca %c1 x !llvm.array<1 x struct<"struct.va_list", (i32, i32, ptr, ptr)>> {alignment = 8 : i64} : (i32) -> !llvm.ptr
    llvm.intr.vastart %l : !llvm.ptr
    llvm.br ^loop(%c0, %z : i32, i64)
  ^loop(%i: i32, %acc: i64):
    %c = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %c, ^body, ^done
  ^body:
    %x = llvm.va_arg %l : (!llvm.ptr) -> i64
    %d = llvm.va_arg %l : (!llvm.ptr) -> f64
    %m = llvm.mul %acc, %x : i64
    %a = llvm.add %m, %x : i64
    llvm.call @printF64(%d) : (f64) -> ()
    llvm.call @printNewline() : () -> ()
    %i1 = llvm.add %i, %c1 : i32
    llvm.br ^loop(%i1, %a : i32, i64)
  ^done:
    llvm.intr.vaend %l : !llvm.ptr
    llvm.return %acc : i64
  }
  llvm.func @main() {
    %n = llvm.mlir.constant(9 : i32) : i32
    %a = llvm.mlir.constant(3 : i64) : i64
    %b = llvm.mlir.constant(1.25 : f64) : f64
    %c = llvm.mlir.constant(-7 : i64) : i64
    %d = llvm.mlir.constant(2.5e10 : f64) : f64
    %r = llvm.call @sum(%n, %a, %b, %c, %d, %a, %d, %c, %b, %a, %b, %c, %d, %a, %b, %c, %d, %a, %b) vararg(!llvm.func<i64 (i32, ...)>) : (i32, i64, f64, i64, f64, i64, f64, i64, f64, i64, f64, i64, f64, i64, f64, i64, f64, i64, f64) -> i64
    llvm.call @printI64(%r) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }
}
`, 'void'],
];

for (const [what, text, result] of CONSTRUCTS) {
  test(`llvm-wasm constructs: ${what}`, () => {
    const file = writeTemp(tempDir(), 'construct.mlir', text);
    const args = ['-e', 'main', `-entry-point-result=${result}`];
    const ref = runner(file, args);
    assert.equal(ref.code, 0, ref.stderr);
    const auto = runOurs([file, ...args, '--debug-backend']);
    assert.match(auto.stderr, /^scf-run: backend: wasm\n/);
    const js = runOurs([file, ...args, '--backend=js']);
    for (const x of [auto, js]) {
      assert.equal(x.code, 0, x.stderr);
      assert.equal(x.stdout, ref.stdout);
    }
  });
}

/** Poison made by a variable shift or a dynamic vector position, used right away: the JavaScript engine's error, at the op that made it. */
const POISON_ERRORS: [string, string][] = [
  [
    'a shift by the width',
    `module {
  llvm.func @printI64(i64)
  llvm.func @f(%x: i64, %s: i64) -> i64 {
    %a = llvm.lshr %x, %s : i64
    %b = llvm.add %a, %x : i64
    llvm.return %b : i64
  }
  llvm.func @main() {
    %x = llvm.mlir.constant(5 : i64) : i64
    %s = llvm.mlir.constant(64 : i64) : i64
    %r = llvm.call @f(%x, %s) : (i64, i64) -> i64
    llvm.call @printI64(%r) : (i64) -> ()
    llvm.return
  }
}
`,
  ],
  [
    'an insertelement at a position past the end',
    `module {
  llvm.func @printI64(i64)
  llvm.func @f(%v: vector<2xi64>, %i: i64) -> i64 {
    %x = llvm.mlir.constant(5 : i64) : i64
    %w = llvm.insertelement %x, %v[%i : i64] : vector<2xi64>
    %y = llvm.add %w, %w : vector<2xi64>
    %z = llvm.extractelement %y[%x : i64] : vector<2xi64>
    llvm.return %x : i64
  }
  llvm.func @main() {
    %v = llvm.mlir.constant(dense<[1, 2]> : vector<2xi64>) : vector<2xi64>
    %i = llvm.mlir.constant(7 : i64) : i64
    %r = llvm.call @f(%v, %i) : (vector<2xi64>, i64) -> i64
    llvm.call @printI64(%r) : (i64) -> ()
    llvm.return
  }
}
`,
  ],
];

for (const [what, text] of POISON_ERRORS) {
  test(`llvm-wasm constructs: ${what} is the poison error of the JavaScript engine, on WebAssembly`, () => {
    const file = writeTemp(tempDir(), 'poison.mlir', text);
    const args = ['-e', 'main', '-entry-point-result=void'];
    const auto = runOurs([file, ...args, '--debug-backend']);
    assert.match(auto.stderr, /^scf-run: backend: wasm\n/);
    const js = runOurs([file, ...args, '--backend=js']);
    assert.equal(auto.code, 1);
    assert.equal(js.code, 1);
    assert.match(js.stderr, /poison\.mlir:\d+:\d+: error: use of a poison value produced by this operation/);
    assert.equal(auto.stderr.replace(/^scf-run: backend: wasm\n/, ''), js.stderr);
  });
}

/** Poison passed through block arguments (a shadow local per leaf it reaches): unused, stored (as zeros), or used (the error at the op that made it). */
const POISON_BRANCHES = `module {
  llvm.func @printI64(i64)
  llvm.func @printNewline()
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @pick(%c: i1, %x: i64) -> i64 {
    %p = llvm.mlir.poison : i64
    llvm.cond_br %c, ^a, ^m(%p : i64)
  ^a:
    llvm.br ^m(%x : i64)
  ^m(%v: i64):
    llvm.cond_br %c, ^use, ^skip
  ^use:
    %r = llvm.add %v, %x : i64
    llvm.return %r : i64
  ^skip:
    llvm.return %x : i64
  }
  llvm.func @loop(%n: i64) -> i64 {
    %z = llvm.mlir.constant(0 : i64) : i64
    %one = llvm.mlir.constant(1 : i64) : i64
    %u = llvm.mlir.undef : !llvm.struct<(i64, i64)>
    llvm.br ^h(%z, %u : i64, !llvm.struct<(i64, i64)>)
  ^h(%i: i64, %s: !llvm.struct<(i64, i64)>):
    %c = llvm.icmp "slt" %i, %n : i64
    llvm.cond_br %c, ^b, ^e
  ^b:
    %s1 = llvm.insertvalue %i, %s[0] : !llvm.struct<(i64, i64)>
    %i1 = llvm.add %i, %one : i64
    llvm.br ^h(%i1, %s1 : i64, !llvm.struct<(i64, i64)>)
  ^e:
    %a = llvm.extractvalue %s[0] : !llvm.struct<(i64, i64)>
    %a1 = llvm.add %a, %z : i64
    llvm.return %a1 : i64
  }
  llvm.func @main() {
    %t = llvm.mlir.constant(true) : i1
    %f = llvm.mlir.constant(false) : i1
    %x = llvm.mlir.constant(5 : i64) : i64
    %a = llvm.call @pick(%t, %x) : (i1, i64) -> i64
    llvm.call @printI64(%a) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %b = llvm.call @pick(%f, %x) : (i1, i64) -> i64
    llvm.call @printI64(%b) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %c = llvm.call @loop(%x) : (i64) -> i64
    llvm.call @printI64(%c) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }
}
`;

test('llvm-wasm constructs: poison through block arguments, unused, runs on WebAssembly as mlir-runner', () => {
  const file = writeTemp(tempDir(), 'poison-branches.mlir', POISON_BRANCHES);
  const args = ['-e', 'main', '-entry-point-result=void'];
  const ref = runner(file, args);
  assert.equal(ref.code, 0, ref.stderr);
  const auto = runOurs([file, ...args, '--debug-backend']);
  assert.match(auto.stderr, /^scf-run: backend: wasm\n/);
  const js = runOurs([file, ...args, '--backend=js']);
  for (const x of [auto, js]) {
    assert.equal(x.code, 0, x.stderr);
    assert.equal(x.stdout, ref.stdout);
  }
});

test('llvm-wasm constructs: poison through block arguments, stored: the same error on both backends (a scalar store uses it)', () => {
  const text = POISON_BRANCHES.replace(
    `  ^skip:
    llvm.return %x : i64`,
    `  ^skip:
    %n = llvm.mlir.constant(8 : i64) : i64
    %m = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
    llvm.store %v, %m : i64, !llvm.ptr
    %l = llvm.load %m : !llvm.ptr -> i64
    llvm.call @printI64(%l) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %w = llvm.mul %v, %x : i64
    llvm.return %w : i64`,
  );
  const file = writeTemp(tempDir(), 'poison-branches.mlir', text);
  const args = ['-e', 'main', '-entry-point-result=void'];
  const auto = runOurs([file, ...args, '--debug-backend']);
  assert.match(auto.stderr, /^scf-run: backend: wasm\n/);
  const js = runOurs([file, ...args, '--backend=js']);
  assert.equal(js.code, 1);
  assert.equal(auto.code, 1);
  assert.equal(auto.stdout, js.stdout);
  assert.equal(auto.stdout, '10\n');
  assert.match(js.stderr, /poison-branches\.mlir:6:10: error: use of a poison value produced by this operation/);
  assert.equal(auto.stderr.replace(/^scf-run: backend: wasm\n/, ''), js.stderr);
});
