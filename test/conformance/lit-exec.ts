// The execution ratchet: lit over the corpus's execution tests (mlir-runner/
// and Integration/) with MLIR_RUNNER=bin/scf-run and the real mlir-opt 22 as
// MLIR_OPT, so RUN lines lower with MLIR's own passes and scf-run executes the
// LLVM-dialect result. Passing files are listed in lit-exec-passing.txt.
import { join, resolve } from 'node:path';
import { runLit, type LitRun } from './lit.js';
import { llvmBin, repoRoot } from './paths.js';

export const litExecListPath: string = resolve(repoRoot, 'test/conformance/lit-exec-passing.txt');
export const LIT_EXEC_DIRS = ['mlir-runner', 'Integration'];
export const LIT_EXEC_HEADER = [
  'Execution tests (mlir-runner/, Integration/) that lit reports PASS with MLIR_RUNNER=bin/scf-run and',
  'MLIR_OPT=the real mlir-opt 22 (see test/conformance/lit-exec.ts). The test fails if one stops passing.',
  'Grow with `node dist/test/conformance/cli.js update --lit-exec`.',
];

/** Runs lit over the execution directories of the corpus with `runner` as mlir-runner. */
export function runLitExec(corpus: string, runner: string, filter?: string): Promise<LitRun> {
  const [first, ...rest] = LIT_EXEC_DIRS.map((d) => join(corpus, d));
  return runLit({
    corpus: first,
    opt: join(llvmBin, 'mlir-opt'),
    runner,
    extraArgs: [...rest, ...(filter ? ['--filter', filter] : [])],
    timeoutMs: 10 * 60_000,
  });
}
