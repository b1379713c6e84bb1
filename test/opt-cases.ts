// Table-driven scf-opt tests: each case runs the driver in-process on its
// input (as standard input) and must give exactly the expected stdout, stderr
// and exit code (mlir-opt 22's, written literally in the test file).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../src/tools/opt-driver.js';

export interface OptCase {
  name: string;
  args: string[];
  input: string;
  stdout: string;
  /** Defaults to no diagnostics. */
  stderr?: string;
  /** Defaults to success. */
  code?: number;
}

export function testOptCases(cases: readonly OptCase[]): void {
  for (const c of cases) {
    test(c.name, () => {
      const r = runOpt([...c.args, '-'], c.input);
      assert.equal(r.stdout, c.stdout);
      assert.equal(r.stderr, c.stderr ?? '');
      assert.equal(r.exitCode, c.code ?? 0);
    });
  }
}
