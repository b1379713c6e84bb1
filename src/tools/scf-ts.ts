// The scf-ts executable: TypeScript to MLIR (src/tools/scf-ts-driver.ts).
// No top-level await: the tool also runs as a CommonJS bundle. A program that
// nests deeper than the main thread's stack allows is compiled again on a
// worker thread with a much larger stack.

import { writeSync } from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { RETRY_WITH_DEEPER_STACK, runScfTs } from './scf-ts-driver.js';

const DEEP_STACK_MB = 1024;

function writeAll(fd: number, s: string): void {
  const buf = Buffer.from(s, 'utf8');
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
    }
  }
}

/** Runs the driver with buffered standard output; returns its exit code. */
function run(args: string[], retry: boolean): number {
  const out: string[] = [];
  let code: number;
  try {
    code = runScfTs(
      args,
      {
        stdout: (s) => out.push(s),
        stderr: (s) => {
          writeAll(1, out.join(''));
          out.length = 0;
          writeAll(2, s);
        },
      },
      { retryOnStackOverflow: retry },
    );
  } catch (e) {
    // A bug of scf-ts: reported as one line, not as a stack trace.
    writeAll(2, `scf-ts: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    code = 1;
  }
  if (code !== RETRY_WITH_DEEPER_STACK) writeAll(1, out.join(''));
  return code;
}

if (isMainThread) {
  const args = process.argv.slice(2);
  const code = run(args, true);
  if (code === RETRY_WITH_DEEPER_STACK) {
    const worker = new Worker(new URL(import.meta.url), { workerData: { args }, resourceLimits: { stackSizeMb: DEEP_STACK_MB }, stdout: false, stderr: false });
    worker.on('message', (c: number) => (process.exitCode = c));
    worker.on('error', (e) => {
      writeAll(2, `scf-ts: error: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    });
  } else {
    // Not a natural exit, which would first wait for V8's queued background
    // work (compiles that no longer matter); see src/tools/scf-opt.ts.
    process.exit(code);
  }
} else {
  parentPort!.postMessage(run((workerData as { args: string[] }).args, false));
}
