// The library API on LLVM-dialect modules: loadModule and compileFor run them
// on the LLVM-dialect engine with the backend choice of the func-level engine
// ('auto' | 'wasm' | 'js', the fallback reported); outputs compared live with
// mlir-runner, results and errors identical on both backends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { ExecError, LoadError, WasmUnsupported, compileFor, formatExecError, loadModule, parse } from '../../src/index.js';
import { MLIR_RUNNER, SHARED_LIBS, tempDir, writeTemp } from '../exec/difftool.js';
import { LLVM_MODULE } from './llvm-module.js';

/** An indirect call: what the WebAssembly LLVM engine does not express. */
const INDIRECT = `module {
  llvm.func @seven() -> i32 {
    %c = llvm.mlir.constant(7 : i32) : i32
    llvm.return %c : i32
  }
  llvm.func @main() -> i32 {
    %f = llvm.mlir.addressof @seven : !llvm.ptr
    %r = llvm.call %f() : !llvm.ptr, () -> i32
    llvm.return %r : i32
  }
}
`;

function mlirRunner(text: string): string {
  const file = writeTemp(tempDir(), 'api-llvm.mlir', text);
  const r = spawnSync(MLIR_RUNNER, [file, '-e', 'main', '-entry-point-result=void', `-shared-libs=${SHARED_LIBS}`], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('api llvm: loadModule runs an LLVM-dialect module on both backends as mlir-runner does', () => {
  const expected = mlirRunner(LLVM_MODULE);
  for (const backend of ['auto', 'wasm', 'js'] as const) {
    const out: string[] = [];
    const m = loadModule(LLVM_MODULE, { backend, output: (s) => out.push(s) });
    assert.equal(m.backend, backend === 'js' ? 'js' : 'wasm', backend);
    assert.equal(m.fallback, undefined);
    assert.equal(m.call('main'), undefined);
    assert.equal(out.join(''), expected, backend);
    // Integers: numbers when safe, BigInts beyond; wrapping at 64 bits.
    assert.equal(m.call('add', 2, 3), 5);
    assert.equal(m.call('add', 2n ** 62n, 2n ** 62n), -(2n ** 63n));
    assert.equal(m.call('add', 2 ** 52, 2 ** 52), 2n ** 53n);
    // Structs come back as arrays of their fields.
    assert.deepEqual(m.call('pair', 41, 1.5), [42, 2.25]);
  }
});

test('api llvm: runtime errors are the same ExecError on both backends', () => {
  const messages = (['wasm', 'js'] as const).map((backend) => {
    const m = loadModule(LLVM_MODULE, { backend, fileName: 'mod.mlir' });
    assert.equal(m.call('load', 3), 0);
    try {
      m.call('load', 4);
    } catch (e) {
      assert.ok(e instanceof ExecError, String(e));
      return formatExecError(e);
    }
    assert.fail(`${backend}: no error for an out-of-bounds load`);
  });
  assert.match(messages[0], /^mod\.mlir:\d+:\d+: error: 'llvm.load' op out-of-bounds read of 4 bytes/);
  assert.equal(messages[0], messages[1]);
});

test("api llvm: 'auto' falls back to the JavaScript engine and says why; 'wasm' throws WasmUnsupported", () => {
  const m = loadModule(INDIRECT, { backend: 'auto', fileName: 'ind.mlir' });
  assert.equal(m.backend, 'js');
  assert.ok(m.fallback instanceof WasmUnsupported);
  assert.match(m.fallback.message, /indirect calls/);
  assert.equal(m.fallback.op?.location.fileLineCol()?.line, 8);
  assert.equal(m.call('main'), 7);
  assert.throws(() => loadModule(INDIRECT, { backend: 'wasm' }), (e: unknown) => e instanceof WasmUnsupported && /indirect calls/.test(e.message));
  assert.equal(loadModule(INDIRECT, { backend: 'js' }).call('main'), 7);
});

test('api llvm: compileFor picks the backend as scf-run does; loadModule without a backend says to give one', () => {
  const r = compileFor(parse(LLVM_MODULE), { output: () => {} });
  assert.equal(r.backend, 'wasm');
  assert.equal(r.invokeRaw('add', [40, 2]), 42);
  const j = compileFor(parse(LLVM_MODULE), { backend: 'js', output: () => {} });
  assert.equal(j.backend, 'js');
  assert.equal(j.invokeRaw('add', [40, 2]), 42);
  const f = compileFor(parse(INDIRECT));
  assert.equal(f.backend, 'js');
  assert.match(f.fallback?.message ?? '', /indirect calls/);
  assert.throws(() => loadModule(LLVM_MODULE), (e: unknown) => e instanceof LoadError && /pass `backend`/.test(e.message));
});
