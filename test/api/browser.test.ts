// The core runs in any JavaScript host: src/index.ts bundled by esbuild for
// the browser (no Node polyfills) runs parse -> PassManager -> print ->
// execute in a bare V8 context (no Node or Web globals), with the same
// output as the command-line tools.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { LLVM_MODULE } from './llvm-module.js';
import { MLIR_RUNNER, SHARED_LIBS } from '../exec/difftool.js';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const dir = mkdtempSync(join(tmpdir(), 'scfkit-browser-'));
const bundle = join(dir, 'scfkit.js');

const PROGRAM = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0 : i32
  %unused = arith.muli %zero, %zero : i32
  %s = scf.for %i = %c0 to %c10 step %c1 iter_args(%a = %zero) -> (i32) {
    %x = arith.index_cast %i : index to i32
    %sq = arith.muli %x, %x : i32
    %y = arith.addi %a, %sq : i32
    scf.yield %y : i32
  }
  vector.print %s : i32
  %f = arith.sitofp %s : i32 to f64
  vector.print %f : f64
  return
}
`;
const PIPELINE = 'builtin.module(func.func(canonicalize,cse))';

test('esbuild bundles src/index.ts for the browser without Node modules', () => {
  execFileSync(join(root, 'node_modules/.bin/esbuild'), [join(root, 'dist/src/index.js'), '--bundle', '--platform=browser', '--format=iife', '--global-name=scfkit', `--outfile=${bundle}`, '--log-level=error']);
  assert.ok(readFileSync(bundle, 'utf8').length > 100_000);
});

test('parse, pipeline, print and execute in a bare V8 context, as the CLIs do', () => {
  const context = vm.createContext({});
  vm.runInContext(readFileSync(bundle, 'utf8'), context);
  const globals = vm.runInContext('[typeof process, typeof Buffer, typeof require, typeof TextEncoder, typeof performance]', context) as string[];
  assert.deepEqual([...globals], ['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
  context.programText = PROGRAM;
  context.pipelineText = PIPELINE;
  const result = JSON.parse(
    vm.runInContext(
      `(() => {
        const module = scfkit.parse(programText);
        scfkit.PassManager.parse(pipelineText).run(module);
        const printed = scfkit.print(module);
        const out = [];
        scfkit.loadModule(module, { output: (s) => out.push(s) }).call('main');
        return JSON.stringify({ printed, output: out.join('') });
      })()`,
      context,
    ) as string,
  );
  const input = join(dir, 'program.mlir');
  writeFileSync(input, PROGRAM);
  const opt = spawnSync(join(root, 'bin/scf-opt'), [input, `--pass-pipeline=${PIPELINE}`], { encoding: 'utf8' });
  assert.equal(opt.status, 0, opt.stderr);
  // mlir-opt (and so scf-opt) ends its output with an empty line after the module.
  assert.equal(result.printed + '\n', opt.stdout);
  const run = spawnSync(join(root, 'bin/scf-run'), [input, '-e', 'main', '-entry-point-result=void'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(result.output, run.stdout);
  assert.equal(result.output, '285\n285\n');
});

test('an LLVM-dialect module runs on the WebAssembly LLVM engine in a bare V8 context, as mlir-runner prints it', () => {
  const context = vm.createContext({});
  vm.runInContext(readFileSync(bundle, 'utf8'), context);
  context.programText = LLVM_MODULE;
  const result = JSON.parse(
    vm.runInContext(
      `(() => {
        const out = [];
        const m = scfkit.loadModule(programText, { backend: 'wasm', output: (s) => out.push(s) });
        m.call('main');
        return JSON.stringify({ backend: m.backend, output: out.join(''), sum: String(m.call('add', 40, 2)) });
      })()`,
      context,
    ) as string,
  );
  const input = join(dir, 'llvm.mlir');
  writeFileSync(input, LLVM_MODULE);
  const ref = spawnSync(MLIR_RUNNER, [input, '-e', 'main', '-entry-point-result=void', `-shared-libs=${SHARED_LIBS}`], { encoding: 'utf8' });
  assert.equal(ref.status, 0, ref.stderr);
  assert.deepEqual(result, { backend: 'wasm', output: ref.stdout, sum: '42' });
});
