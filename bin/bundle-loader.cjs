// Starts a tool (scf-opt, scf-run, scf-ts) from its one-file bundle with V8's
// code cache, or from the compiled modules when there is no fresh bundle.
//
// CommonJS, like the bins that require it (bin/package.json): an ES module
// entry costs Node's ESM loader at every start (~8 ms CPU).
//
// Parsing and compiling the bundle is a large part of a short run, and the
// code cache (the bytecode of the functions a typical run compiles, which
// `npm run bundle` records with a warm-up run) removes most of it. The bundle
// is used only when it is at least as new as the compiled entry module, which
// every `tsc` run rewrites, so a build without the bundling step never runs
// stale code. The cache is used only with the bundle it was made from (its
// size and mtime are in the cache's first line): V8 itself checks little more
// than the source's length. V8 rejects a cache from another version or with
// other flags, and the bundle is then compiled as usual. Without a cache for
// this bundle (e.g. after an install reset the mtimes), a run records one
// when it ends, if it can.
'use strict';
const { readFileSync, renameSync, statSync, writeFileSync, writeSync } = require('node:fs');
const { isAscii } = require('node:buffer');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const stampOf = (st) => `scfkit-code-cache ${st.size} ${st.mtimeMs}\n`;

/**
 * Runs `dist/<tool>.bundle.cjs` (cached) or `dist/src/tools/<tool>.js`.
 * `v8Flags`: the V8 flags the tool runs with. The bin's sh line passes them to
 * node; started as `node bin/<tool>` they are missing and are set here, before
 * the bundle is compiled: V8 keys its code cache by the flags (heap sizes
 * included), so both ways of starting must end with the same ones to accept
 * the cache that `npm run bundle` records. Only that second way loads
 * node:v8, which brings Node's streams with it (~4 ms of start-up).
 */
function runTool(tool, { v8Flags } = {}) {
  if (v8Flags && !v8Flags.split(' ').every((flag) => process.execArgv.includes(flag))) require('node:v8').setFlagsFromString(v8Flags);
  const dist = join(__dirname, '..', 'dist');
  const entry = join(dist, 'src', 'tools', `${tool}.js`);
  const bundle = join(dist, `${tool}.bundle.cjs`);
  let stamp;
  let source;
  try {
    const st = statSync(bundle);
    if (st.mtimeMs >= statSync(entry).mtimeMs) {
      stamp = stampOf(st);
      const bytes = readFileSync(bundle);
      // An ASCII bundle becomes a one-byte string without UTF-8 decoding.
      source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
      // Rewritten meanwhile: run what was read, without a cache.
      if (stampOf(statSync(bundle)) !== stamp) stamp = '';
    }
  } catch {
    // No bundle: use the modules.
  }
  // SCFKIT_REPORT_CODE_CACHE=1: says on stderr whether the cache was used (a test checks it is).
  const report = process.env.SCFKIT_REPORT_CODE_CACHE ? (s) => writeSync(2, `code cache: ${s}\n`) : () => {};
  if (source === undefined) {
    report('no fresh bundle');
    // A failure to load is an unhandled rejection: reported, exit code 1.
    import(pathToFileURL(entry).href);
    return;
  }
  const cacheFile = bundle + '.cache';
  let cachedData;
  try {
    const buf = stamp ? readFileSync(cacheFile) : Buffer.alloc(0);
    const nl = buf.indexOf(10);
    if (nl > 0 && buf.toString('latin1', 0, nl + 1) === stamp) cachedData = buf.subarray(nl + 1);
  } catch {
    // No cache: compile.
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData });
  report(cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted');
  const write = process.env.SCFKIT_WRITE_CODE_CACHE;
  if (stamp && (write || cachedData === undefined)) {
    // `npm run bundle` runs a warm-up input this way: the cache then holds what it compiled.
    process.on('exit', () => {
      try {
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(tmp, Buffer.concat([Buffer.from(stamp, 'latin1'), script.createCachedData()]));
        renameSync(tmp, cacheFile);
      } catch (e) {
        if (write) throw e;
      }
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

module.exports = { runTool };
