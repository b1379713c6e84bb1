// The WebAssembly backend's runtime checks after the speed work: errors leave
// loops through one exit per function, loops that deallocate nothing run in a
// version without liveness checks when every flag is live, and --unchecked
// leaves the checks out. Each program runs on both backends: the WebAssembly
// one must print the same and fail with the same located error, after the same
// output, as the JavaScript one (which checks every access as it happens).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { runOurs, tempDir, writeTemp } from './difftool.js';
import { SCF_RUN } from './paths.js';
import { compileFor, loadModule, parse } from '../../src/index.js';
import { ExecError } from '../../src/exec/engine.js';

/** Runs `src` on both backends; asserts wasm ran it and agrees with js (output, error, exit code). */
function sameOnBoth(name: string, src: string, extra: string[] = []): { code: number; stdout: string; stderr: string } {
  const file = writeTemp(tempDir(), name + '.mlir', src);
  const js = runOurs([file, '--backend=js']);
  const wasm = runOurs([file, '--debug-backend', ...extra]);
  assert.match(wasm.stderr, /^scf-run: backend: wasm\n/, `${name}: ${wasm.stderr}`);
  assert.equal(wasm.stdout, js.stdout, name);
  assert.equal(wasm.stderr.replace(/^scf-run: backend: .*\n/, ''), js.stderr, name);
  assert.equal(wasm.code, js.code, name);
  return js;
}

test('wasm checks: a use after free inside a versioned loop fails at the same access, after the same output', () => {
  // Freed before the loop: the fast version is not taken; iterations before the access print.
  const forLoop = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<8xi32>
  %b = memref.alloc() : memref<8xi32>
  memref.dealloc %b : memref<8xi32>
  scf.for %i = %c0 to %c8 step %c1 {
    %x = arith.index_cast %i : index to i32
    memref.store %x, %a[%i] : memref<8xi32>
    vector.print %x : i32
    %late = arith.cmpi eq, %i, %c3 : index
    scf.if %late {
      memref.store %x, %b[%i] : memref<8xi32>
    }
  }
  return
}
`;
  const r = sameOnBoth('uaf-for', forLoop);
  assert.equal(r.stdout, '0\n1\n2\n3\n');
  assert.match(r.stderr, /uaf-for\.mlir:15:7: error: .*after its deallocation/);
  // Nested: the inner loop of an outer loop over live memrefs, a while loop, and a parallel loop.
  const nested = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %lim = arith.constant 3 : i64
  %a = memref.alloc() : memref<4x4xi64>
  %d = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = arith.index_cast %j : index to i64
      memref.store %v, %a[%i, %j] : memref<4x4xi64>
    }
  }
  %w = scf.while (%k = %z) : (i64) -> i64 {
    %go = arith.cmpi slt, %k, %lim : i64
    scf.condition(%go) %k : i64
  } do {
  ^bb0(%k: i64):
    %ki = arith.index_cast %k : i64 to index
    %e = memref.load %a[%ki, %ki] : memref<4x4xi64>
    vector.print %e : i64
    %k2 = arith.addi %k, %one : i64
    scf.yield %k2 : i64
  }
  vector.print %w : i64
  %s = scf.parallel (%p) = (%c0) to (%c4) step (%c1) init (%z) -> i64 {
    %e = memref.load %a[%p, %c1] : memref<4x4xi64>
    scf.reduce(%e : i64) {
    ^bb0(%l: i64, %r: i64):
      %t = arith.addi %l, %r : i64
      scf.reduce.return %t : i64
    }
  }
  vector.print %s : i64
  memref.dealloc %d : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    vector.print %i : index
    %e = memref.load %a[%i, %c0] : memref<4x4xi64>
    scf.for %j = %c0 to %c4 step %c1 {
      memref.store %e, %d[%j] : memref<4xi64>
    }
  }
  return
}
`;
  const n = sameOnBoth('uaf-nested', nested);
  assert.equal(n.stdout, '0\n1\n2\n3\n4\n0\n');
  assert.match(n.stderr, /uaf-nested\.mlir:42:7: error: /);
  // A loop that deallocates is not versioned: its accesses check the flag in memory.
  const freeing = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2xf32>
  %f = arith.constant 1.5 : f32
  scf.for %i = %c0 to %c2 step %c1 {
    memref.store %f, %a[%i] : memref<2xf32>
    vector.print %f : f32
    memref.dealloc %a : memref<2xf32>
  }
  return
}
`;
  const fr = sameOnBoth('uaf-freeing', freeing);
  assert.equal(fr.stdout, '1.5\n');
  assert.equal(fr.code, 1);
});

test('wasm checks: errors deep in loops, ifs and switches leave through the function exit with their location and value', () => {
  const prog = (body: string): string => `func.func @f(%n: index, %d: i32, %st: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i32
  %m = memref.alloc(%n) : memref<?xi32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (i32) {
    %sel = arith.remui %i, %c2 : index
    %v = scf.index_switch %sel -> i32
    case 1 {
      %nz = arith.cmpi ne, %acc, %z : i32
      %w = scf.if %nz -> (i32) {
${body}
      } else {
        scf.yield %z : i32
      }
      scf.yield %w : i32
    }
    default {
      %o = arith.constant 1 : i32
      scf.yield %o : i32
    }
    %acc2 = arith.addi %acc, %v : i32
    vector.print %acc2 : i32
    scf.yield %acc2 : i32
  }
  return %r : i32
}
func.func @main() {
  %n = arith.constant 3 : index
  %d = arith.constant 0 : i32
  %st = arith.constant -2 : index
  %r = func.call @f(%n, %d, %st) : (index, i32, index) -> i32
  vector.print %r : i32
  return
}
`;
  const cases: Record<string, string> = {
    oob: `        %big = arith.constant 7 : index
        %x = memref.load %m[%big] : memref<?xi32>
        scf.yield %x : i32`,
    div0: `        %q = arith.divsi %acc, %d : i32
        scf.yield %q : i32`,
    step: `        %q = scf.for %j = %c0 to %n step %st iter_args(%t = %acc) -> (i32) {
          scf.yield %t : i32
        }
        scf.yield %q : i32`,
    size: `        %neg = arith.subi %c0, %n : index
        %bad = memref.alloc(%neg) : memref<?xi8>
        scf.yield %acc : i32`,
  };
  for (const [name, body] of Object.entries(cases)) {
    const r = sameOnBoth('deep-' + name, prog(body));
    assert.equal(r.code, 1, name);
    assert.equal(r.stdout, '1\n', name);
    assert.match(r.stderr, /deep-\w+\.mlir:1[3-5]:\d+: error: /, name);
  }
});

test('wasm checks: --unchecked runs valid programs the same, and an invalid one ends in an error, not a stack trace', () => {
  const valid = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100 : index
  %m = memref.alloc(%n) : memref<?xi64>
  %k = arith.constant 6364136223846793005 : i64
  %seven = arith.constant 7 : i64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%x = %seven) -> (i64) {
    %y = arith.muli %x, %k : i64
    memref.store %y, %m[%i] : memref<?xi64>
    %q = arith.divsi %y, %seven : i64
    scf.yield %q : i64
  }
  %e = memref.load %m[%c1] : memref<?xi64>
  vector.print %s : i64
  vector.print %e : i64
  memref.dealloc %m : memref<?xi64>
  return
}
`;
  const dir = tempDir();
  const file = writeTemp(dir, 'valid.mlir', valid);
  const checked = runOurs([file]);
  const unchecked = runOurs([file, '--unchecked', '--debug-backend']);
  assert.equal(checked.code, 0);
  assert.equal(unchecked.stdout, checked.stdout);
  assert.equal(unchecked.stderr, 'scf-run: backend: wasm\n');
  const div0 = writeTemp(dir, 'div0.mlir', 'func.func @f(%a: i32, %b: i32) -> i32 {\n  %q = arith.divsi %a, %b : i32\n  return %q : i32\n}\nfunc.func @main() {\n  %a = arith.constant 5 : i32\n  %b = arith.constant 0 : i32\n  %q = func.call @f(%a, %b) : (i32, i32) -> i32\n  vector.print %q : i32\n  return\n}\n');
  assert.match(runOurs([div0]).stderr, /div0\.mlir:2:8: error: /);
  const u = runOurs([div0, '--unchecked']);
  assert.equal(u.code, 1);
  assert.match(u.stderr, /error: the WebAssembly code trapped \(.*\); run without --unchecked to locate the error\n$/);
  assert.doesNotMatch(u.stderr, /\n\s+at /);
  // The API option.
  const mod = parse(valid);
  let out = '';
  const runner = compileFor(mod, { backend: 'wasm', unchecked: true, output: (s) => (out += s) });
  runner.invokeRaw('main');
  assert.equal(out, checked.stdout);
  const lm = loadModule('func.func @f(%a: i32, %b: i32) -> i32 {\n  %q = arith.remui %a, %b : i32\n  return %q : i32\n}\n', { backend: 'wasm', unchecked: true });
  assert.equal(lm.call('f', 7, 3), 1);
  assert.throws(() => lm.call('f', 7, 0), (e: unknown) => e instanceof ExecError && /trapped/.test(e.message));
});

test('scf-run start-up: the bundle\'s V8 code cache is accepted (it is recorded under the flags scf-run runs with)', (t) => {
  const dir = tempDir();
  const file = writeTemp(dir, 'tiny.mlir', 'func.func @main() {\n  %c = arith.constant 7 : i32\n  vector.print %c : i32\n  return\n}\n');
  const run = (): string => {
    const r = spawnSync(SCF_RUN, [file], { encoding: 'utf8', env: { ...process.env, SCFKIT_REPORT_CODE_CACHE: '1' } });
    assert.equal(r.stdout, '7\n');
    return r.stderr;
  };
  // The first run records a cache when there is none.
  const first = run();
  if (first === 'code cache: no fresh bundle\n') return t.skip('no bundle newer than the compiled modules (npm run bundle)');
  assert.equal(run(), 'code cache: accepted\n');
});
