// The scf-run executable. The execution engine is the execution milestone's
// work; until it lands, scf-run checks its input like mlir-runner does before
// JIT compilation (parse and verify) and then reports that it cannot execute.

import { runOpt } from './opt-driver.js';

const args = process.argv.slice(2);
const input = args.find((a) => !a.startsWith('-')) ?? '-';
const check = runOpt([input]);
if (check.exitCode !== 0) {
  process.stderr.write(Buffer.from(check.stderr, 'latin1'));
  process.exitCode = 1;
} else {
  process.stderr.write('scf-run: error: the execution engine is not available in this version of scfkit\n');
  process.exitCode = 1;
}
