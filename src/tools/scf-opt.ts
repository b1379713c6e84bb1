// The scf-opt executable: runs the driver on the process's arguments and streams.

import { runOpt } from './opt-driver.js';

const result = runOpt(process.argv.slice(2));
// Output is a byte string (one char per byte), as read from the input.
// Diagnostics first: mlir-opt's stderr is unbuffered while its stdout is
// flushed at exit, so `2>&1` shows diagnostics before the printed IR.
if (result.stderr) process.stderr.write(Buffer.from(result.stderr, 'latin1'));
if (result.stdout) process.stdout.write(Buffer.from(result.stdout, 'latin1'));
process.exitCode = result.exitCode;
