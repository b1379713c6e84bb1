// The scf-ts executable: TypeScript to MLIR (src/tools/scf-ts-driver.ts).
// No top-level await: the tool also runs as a CommonJS bundle.

import { writeSync } from 'node:fs';
import { runScfTs } from './scf-ts-driver.js';

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

const out: string[] = [];
let code: number;
try {
  code = runScfTs(process.argv.slice(2), {
    stdout: (s) => out.push(s),
    stderr: (s) => {
      writeAll(1, out.join(''));
      out.length = 0;
      writeAll(2, s);
    },
  });
} catch (e) {
  // A bug of scf-ts: reported as one line, not as a stack trace.
  writeAll(2, `scf-ts: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
  code = 1;
}
writeAll(1, out.join(''));
process.exitCode = code;
