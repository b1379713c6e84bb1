// Runs LLVM's lit over the shared corpus with our tools substituted for
// mlir-opt / mlir-runner, and reads back one result per test file.
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { litCommand, repoRoot } from './paths.js';
import { runProcess } from './tool.js';

export interface LitRun {
  /** Corpus-relative test path -> lit result code (PASS, FAIL, XFAIL, UNSUPPORTED, ...). */
  results: Map<string, string>;
  /** lit's "Total Discovered Tests", or null when lit printed no summary. */
  discovered: number | null;
  /** Failure output per test, from `-v`. */
  failureLogs: Map<string, string>;
  exitCode: number | null;
  stderr: string;
  ms: number;
}

export interface LitOptions {
  corpus: string;
  /** Value for MLIR_OPT (an absolute path, or a command with leading arguments). */
  opt: string;
  /** Value for MLIR_RUNNER. */
  runner: string;
  jobs?: number;
  timeoutMs?: number;
  /** Extra lit arguments, e.g. ['--filter', 'Dialect/SCF']. */
  extraArgs?: string[];
}

const RESULT_LINE = /^([A-Z]+): MLIR-conformance :: (.+) \(\d+ of \d+\)$/;
const FAILED_BLOCK = /^\*{20} TEST 'MLIR-conformance :: (.+)' FAILED \*{20}$/;

export async function runLit(options: LitOptions): Promise<LitRun> {
  const execRoot = mkdtempSync(join(tmpdir(), 'scfkit-lit-'));
  try {
    const args = [
      '-v', `-j${options.jobs ?? availableParallelism()}`, '--no-progress-bar',
      // lit 22 prints only failures unless told otherwise; we need every verdict.
      '--show-pass', '--show-xfail', '--show-xpass', '--show-unsupported', '--show-skipped', '--show-excluded', '--show-flakypass',
      ...(options.extraArgs ?? []), options.corpus,
    ];
    const run = await runProcess(litCommand, args, {
      cwd: repoRoot,
      timeoutMs: options.timeoutMs ?? 20 * 60_000,
      env: { MLIR_OPT: options.opt, MLIR_RUNNER: options.runner, LIT_EXEC_ROOT: execRoot },
    });
    return { ...parseLitOutput(run.stdout.toString('utf8')), exitCode: run.exitCode, stderr: run.stderr, ms: run.ms };
  } finally {
    rmSync(execRoot, { recursive: true, force: true });
  }
}

export function parseLitOutput(out: string): Pick<LitRun, 'results' | 'discovered' | 'failureLogs'> {
  const results = new Map<string, string>();
  const failureLogs = new Map<string, string>();
  const lines = out.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = RESULT_LINE.exec(lines[i]);
    if (m) {
      results.set(m[2], m[1]);
      continue;
    }
    const f = FAILED_BLOCK.exec(lines[i]);
    if (f) {
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== '*'.repeat(20); i++) body.push(lines[i]);
      failureLogs.set(f[1], body.join('\n'));
    }
  }
  const d = /^Total Discovered Tests: (\d+)$/m.exec(out);
  return { results, discovered: d ? Number(d[1]) : null, failureLogs };
}

/**
 * The runner to substitute for mlir-runner: bin/scf-run when it exists, else a
 * stub in `dir` that fails every run (lit.cfg.py refuses a missing executable,
 * and runner tests must then fail rather than vanish).
 */
export function runnerOrStub(scfRunPath: string, dir: string): { path: string; stub: boolean } {
  if (existsSync(scfRunPath)) return { path: scfRunPath, stub: false };
  const stub = join(dir, 'scf-run-missing');
  writeFileSync(stub, '#!/bin/sh\necho "scf-run: not built yet (bin/scf-run is missing)" >&2\nexit 1\n');
  chmodSync(stub, 0o755);
  return { path: stub, stub: true };
}
