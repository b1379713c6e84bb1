// The scf-run executable: mlir-runner's command line over scfkit's execution
// engine (src/exec/run.ts).
//
// Programs run on the main thread with their output buffered. A program that
// overflows the JS stack (deep recursion) before any output was flushed is
// run again on a worker thread with a much larger stack; only a program that
// still overflows there gets the stack-overflow error. node:worker_threads is
// loaded only then (and in that worker), to keep it out of every start-up.

import { readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runScfRun, RETRY_WITH_DEEPER_STACK } from './scf-run-driver.js';

/** Set in the deep-stack worker's environment (confirmed there with isMainThread). */
const WORKER_ENV = 'SCF_RUN_DEEP_STACK_WORKER';

function workerThreads(): typeof import('node:worker_threads') {
  return createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
}

const DEEP_STACK_MB = 256;
const MAX_BUFFERED = 1 << 26;

/** Writes synchronously to a file descriptor (retrying while a pipe is full). */
function writeAll(fd: number, s: string): void {
  const buf = Buffer.from(s, 'latin1');
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
    }
  }
}

const deepWorker = process.env[WORKER_ENV] === '1' ? workerThreads() : undefined;
if (!deepWorker || deepWorker.isMainThread) {
  const args = process.argv.slice(2);
  // Standard input is read at most once, so that a rerun on the worker sees the same bytes.
  let stdin: string | undefined;
  const readStdin = (): string => {
    if (stdin === undefined) {
      try {
        stdin = readFileSync(0).toString('latin1');
      } catch {
        stdin = '';
      }
    }
    return stdin;
  };
  let out: string[] = [];
  let size = 0;
  let flushed = false;
  const flush = (): void => {
    if (out.length) writeAll(1, out.join(''));
    out = [];
    size = 0;
  };
  const code = runScfRun(
    args,
    {
      stdout: (s) => {
        out.push(s);
        size += s.length;
        if (size > MAX_BUFFERED) {
          flush();
          flushed = true;
        }
      },
      stderr: (s) => {
        flush();
        flushed = true;
        writeAll(2, s);
      },
    },
    readStdin,
    { retryOnStackOverflow: () => !flushed },
  );
  if (code === RETRY_WITH_DEEPER_STACK) {
    const { Worker } = workerThreads();
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { args, stdin },
      env: { ...process.env, [WORKER_ENV]: '1' },
      resourceLimits: { stackSizeMb: DEEP_STACK_MB },
      stdout: false,
      stderr: false,
    });
    worker.on('message', (c: number) => (process.exitCode = c));
    worker.on('error', (e) => {
      writeAll(2, `scf-run: error: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    });
  } else {
    flush();
    // Not a natural exit, which would first wait for V8's queued background
    // work (compiles that no longer matter); see src/tools/scf-opt.ts.
    process.exit(code);
  }
} else {
  const { args, stdin } = deepWorker.workerData as { args: string[]; stdin: string | undefined };
  const code = runScfRun(args, { stdout: (s) => writeAll(1, s), stderr: (s) => writeAll(2, s) }, () => stdin ?? readFileSync(0).toString('latin1'));
  deepWorker.parentPort!.postMessage(code);
}
