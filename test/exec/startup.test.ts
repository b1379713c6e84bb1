// Start-up of bin/scf-opt and bin/scf-run (docs/PERFORMANCE.md, "Start-up"):
// they run their bundle with the V8 code cache accepted, the bundles are ASCII
// (read as one-byte strings), and a tiny run loads none of the Node modules
// that were measured to cost start-up time (the ESM loader's module graph,
// perf_hooks, worker_threads) beyond what the tool needs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import { join } from 'node:path';
import { tempDir, writeTemp } from './difftool.js';
import { ROOT, SCF_RUN } from './paths.js';

const SCF_OPT = join(ROOT, 'bin', 'scf-opt');
const SCF_TS = join(ROOT, 'bin', 'scf-ts');
const TINY = 'func.func @main() {\n  %c = arith.constant 7 : i32\n  vector.print %c : i32\n  return\n}\n';

/**
 * Runs `bin` on a tiny file with a preload that reports, at exit, the Node
 * modules loaded after it: as `node <bin>`, or (`direct`) as an executable,
 * through its sh line, with the preload in NODE_OPTIONS.
 */
function tinyRun(bin: string, extraEnv: Record<string, string> = {}, direct = false): { stdout: string; report: string; loaded: string[] } {
  const dir = tempDir();
  const file = writeTemp(dir, 'tiny.mlir', TINY);
  const preload = writeTemp(
    dir,
    'preload.cjs',
    "const before = new Set(process.moduleLoadList);\nprocess.on('exit', () => require('fs').writeSync(2, 'LOADED ' + JSON.stringify(process.moduleLoadList.filter((m) => !before.has(m))) + '\\n'));\n",
  );
  const env = { ...process.env, SCFKIT_REPORT_CODE_CACHE: '1', ...extraEnv };
  const r = direct
    ? spawnSync(bin, [file], { encoding: 'utf8', env: { ...env, NODE_OPTIONS: `--require=${preload}` } })
    : spawnSync(process.execPath, ['-r', preload, bin, file], { encoding: 'utf8', env });
  assert.equal(r.status, 0, r.stderr);
  const line = r.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  assert.ok(line, r.stderr);
  return { stdout: r.stdout, report: r.stderr.split('\n').filter((l) => l.startsWith('code cache: ')).join('\n'), loaded: JSON.parse(line.slice(7)) as string[] };
}

// Streams are not among them: started as `node bin/...`, both tools set V8
// flags through node:v8 (scf-run --no-liftoff, scf-opt a smaller inlining
// budget and its heap sizes), which loads them. Run as an executable, scf-opt
// has its flags from its sh line and loads neither (the test below).
const AVOIDED = [/perf_hooks|internal\/perf\/performance$/, /worker_threads/, /esm\/module_job/];

for (const [name, bin, expected] of [
  ['scf-opt', SCF_OPT, /func\.func @main\(\)/],
  ['scf-run', SCF_RUN, /^7\n$/],
] as const) {
  test(`bin/${name}: a tiny run uses the bundle's code cache and loads no perf_hooks, worker_threads or ESM module graph`, (t) => {
    const r = tinyRun(bin);
    assert.match(r.stdout, expected);
    if (r.report === 'code cache: no fresh bundle') return t.skip('no bundle newer than the compiled modules (npm run bundle)');
    // A first run after a fresh bundle may have had to record the cache.
    const again = r.report === 'code cache: accepted' ? r : tinyRun(bin);
    assert.equal(again.report, 'code cache: accepted');
    for (const re of AVOIDED) assert.deepEqual(again.loaded.filter((m) => re.test(m)), [], `${name} loaded ${re}`);
  });

  test(`bin/${name} started as an executable (its sh line's node flags) accepts the same code cache as \`node bin/${name}\``, (t) => {
    const dir = tempDir();
    const file = writeTemp(dir, 'tiny.mlir', TINY);
    const direct = (): string => {
      const r = spawnSync(bin, [file], { encoding: 'utf8', env: { ...process.env, SCFKIT_REPORT_CODE_CACHE: '1' } });
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, expected);
      return r.stderr.split('\n').filter((l) => l.startsWith('code cache: ')).join('\n');
    };
    const report = direct();
    if (report === 'code cache: no fresh bundle') return t.skip('no bundle newer than the compiled modules (npm run bundle)');
    // Recorded by `node bin/...` (npm run bundle) or by the first run here.
    assert.equal(tinyRun(bin).report, 'code cache: accepted');
    assert.equal(report === 'code cache: accepted' ? report : direct(), 'code cache: accepted');
  });

  test(`dist/${name}.bundle.cjs is ASCII (so it loads as a one-byte string, without UTF-8 decoding)`, (t) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(ROOT, 'dist', `${name}.bundle.cjs`));
    } catch {
      return t.skip('no bundle (npm run bundle)');
    }
    // esbuild escapes non-ASCII in strings and regexes but keeps JSDoc comments on class fields as written.
    const at = bytes.findIndex((b) => b > 0x7f);
    assert.ok(isAscii(bytes), `non-ASCII byte near: ${bytes.toString('utf8', Math.max(0, at - 60), at + 20)}`);
  });
}

test('bin/scf-opt run as an executable: its V8 flags come from its sh line, so node:v8 and the streams it loads (~4 ms) stay out of a tiny run', (t) => {
  const r = tinyRun(SCF_OPT, {}, true);
  assert.match(r.stdout, /func\.func @main\(\)/);
  if (r.report === 'code cache: no fresh bundle') return t.skip('no bundle newer than the compiled modules (npm run bundle)');
  const again = r.report === 'code cache: accepted' ? r : tinyRun(SCF_OPT, {}, true);
  assert.equal(again.report, 'code cache: accepted');
  assert.deepEqual(again.loaded.filter((m) => /^NativeModule (v8|stream|internal\/streams\/)/.test(m)), []);
});

// Run directly, the bins start node without NODE_EXTRA_CA_CERTS (see the top of
// bin/scf-opt): with it, node parses all CA certificates first (~40 ms CPU).
// A file that does not exist makes node warn when it loads the certificates,
// so the warning shows whether node was started with the variable.
test('bin/*: run directly (also through a symlink, as npm installs them), node starts without NODE_EXTRA_CA_CERTS; run as `node bin/...` it is kept', () => {
  const dir = tempDir();
  const file = writeTemp(dir, 'tiny.mlir', TINY);
  const env = { ...process.env, NODE_EXTRA_CA_CERTS: join(dir, 'no-such-ca.pem') };
  const warning = /extra certs/;
  const linked = join(dir, 'scf-opt-link');
  symlinkSync(SCF_OPT, linked);
  for (const [bin, args, expected] of [
    [SCF_OPT, [file], /func\.func @main\(\)/],
    [linked, [file], /func\.func @main\(\)/],
    [SCF_RUN, [file], /^7\n$/],
    [SCF_TS, ['--version'], /scf-ts/],
  ] as const) {
    const r = spawnSync(bin, args, { encoding: 'utf8', env });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, expected);
    assert.doesNotMatch(r.stderr, warning, bin);
  }
  // The control: started by node itself, the variable is seen (so the check above can fail).
  const viaNode = spawnSync(process.execPath, [SCF_OPT, file], { encoding: 'utf8', env });
  assert.equal(viaNode.status, 0, viaNode.stderr);
  assert.match(viaNode.stderr, warning);
});

test('bin/*: the sh line runs with the arguments and exit status intact (spaces, an error exit)', () => {
  const dir = tempDir();
  const file = writeTemp(dir, 'a file with spaces.mlir', 'func.func @f() {\n  "foo.nope"() : () -> ()\n}\n');
  const r = spawnSync(SCF_OPT, [file, '--allow-unregistered-dialect', '-o', '-'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /"foo\.nope"\(\)/);
  const bad = spawnSync(SCF_OPT, [file], { encoding: 'utf8' });
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /a file with spaces\.mlir:2:\d+: error: /);
});
