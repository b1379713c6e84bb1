// Table-driven scf-opt tests: each case runs the driver in-process on its
// input and must succeed with exactly the expected output (mlir-opt 22's,
// written literally in the test file).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOpt } from '../src/tools/opt-driver.js';

export interface OptCase {
  name: string;
  flags: string[];
  input: string;
  stdout: string;
}

export function testOptCases(cases: readonly OptCase[]): void {
  for (const c of cases) {
    test(c.name, () => {
      const r = runOpt(c.flags, c.input);
      assert.equal(r.stderr, '');
      assert.equal(r.exitCode, 0);
      assert.equal(r.stdout, c.stdout);
    });
  }
}
