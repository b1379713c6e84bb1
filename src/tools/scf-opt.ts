// The scf-opt executable: runs the driver on the process's arguments and streams.
//
// The driver is recursive over nesting. The main thread's stack covers any
// realistic input; when an input nests deeper than that, the work is redone on
// a worker thread with a stack large enough for about a million levels.
// node:worker_threads is loaded only then (and in that worker), to keep it out
// of every start-up. There is no top-level await: the tool also runs as a
// CommonJS bundle (see bin/bundle-loader.cjs).

import { readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runOpt, type OptResult } from './opt-driver.js';

const DEEP_STACK_MB = 4000;
/** Set in the deep-stack worker's environment (confirmed there with isMainThread). */
const WORKER_ENV = 'SCF_OPT_DEEP_STACK_WORKER';

function emit(result: OptResult): void {
  // Diagnostics first: mlir-opt's stderr is unbuffered while its stdout is
  // flushed at exit, so `2>&1` shows diagnostics before the printed IR.
  // Text is a byte string (one char per byte), as read from the input; the
  // printed IR comes as bytes. Written synchronously to the descriptors:
  // process.stdout and process.stderr would load Node's stream modules (~3 ms
  // of start-up).
  if (result.stderr) writeAll(2, Buffer.from(result.stderr, 'latin1'));
  if (result.stdout) writeAll(1, Buffer.from(result.stdout, 'latin1'));
  for (const chunk of result.stdoutBytes ?? []) writeAll(1, chunk);
  // Exit now rather than when the event loop empties: a natural exit first
  // waits for every task queued on V8's worker threads (optimizing compiles
  // of functions that will never run again, GC work), up to ~100 ms after a
  // 5 MB conversion; process.exit drops the queued ones. Everything was
  // written synchronously above, and the 'exit' listeners (the code cache's)
  // still run. See docs/PERFORMANCE.md, "Round 12".
  process.exit(result.exitCode);
}

/** Writes bytes to a file descriptor, retrying while a non-blocking pipe is full. */
function writeAll(fd: number, buf: Uint8Array): void {
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue;
      // The reader went away (e.g. `scf-opt ... | head`): stop writing, as mlir-opt's output is lost too.
      if (code === 'EPIPE') return;
      throw e;
    }
  }
}

function workerThreads(): typeof import('node:worker_threads') {
  return createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
}

function main(): void {
  const args = process.argv.slice(2);
  // Read standard input once so a rerun on the worker sees the same bytes.
  const usesStdin = !args.some((a) => !a.startsWith('-')) || args.includes('-');
  const stdin = usesStdin && !args.some((a) => /^--?(help|h|version|show-dialects)$/.test(a)) ? readStdinLatin1() : undefined;
  const result = runOpt(args, stdin, { stdinIsLatin1: true, byteOutput: true });
  if (result.stackExhausted) {
    const { Worker } = workerThreads();
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { args, stdin },
      env: { ...process.env, [WORKER_ENV]: '1' },
      // A deep stack makes every young-generation collection scan it, so collect rarely.
      resourceLimits: { stackSizeMb: DEEP_STACK_MB, maxYoungGenerationSizeMb: 256 },
    });
    worker.on('message', (r: OptResult) => emit(r));
    worker.on('error', (e) => emit({ exitCode: 1, stdout: '', stderr: `scf-opt: error: ${e.message}\n` }));
  } else {
    emit(result);
  }
}

const worker = process.env[WORKER_ENV] === '1' ? workerThreads() : undefined;
if (worker && !worker.isMainThread) {
  const { args, stdin } = worker.workerData as { args: string[]; stdin: string | undefined };
  const r = runOpt(args, stdin, { stdinIsLatin1: true, byteOutput: true });
  worker.parentPort!.postMessage({ exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr, stdoutBytes: r.stdoutBytes });
} else {
  main();
}

function readStdinLatin1(): string {
  try {
    return readFileSync(0).toString('latin1');
  } catch {
    return '';
  }
}
