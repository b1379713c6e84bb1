// Differential runner: a batch of generated programs through MLIR 22
// (mlir-opt lowering + mlir-runner) and through scf-run, in-process.

import { spawnSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScfRun } from '../../src/tools/scf-run-driver.js';

export const LLVM_BIN = '/usr/lib/llvm-22/bin';
export const LLVM_LIB = '/usr/lib/llvm-22/lib';
export const MLIR_OPT = `${LLVM_BIN}/mlir-opt`;
export const MLIR_RUNNER = `${LLVM_BIN}/mlir-runner`;
export const SHARED_LIBS = `${LLVM_LIB}/libmlir_runner_utils.so.22.1,${LLVM_LIB}/libmlir_c_runner_utils.so.22.1`;
/** The lowering pipeline used as the oracle. */
export const LOWERING = ['--convert-scf-to-cf', '--expand-strided-metadata', '--lower-affine', '--convert-to-llvm', '--reconcile-unrealized-casts'];
/** MLIR's lowering of programs that print vectors: vector.print of a vector needs convert-vector-to-scf first (and its shape_casts convert-vector-to-llvm). */
export const VECTOR_LOWERING = ['--convert-vector-to-scf', '--convert-vector-to-llvm', ...LOWERING];

export interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the reference: mlir-opt lowering piped into mlir-runner (synchronously). */
export function runReference(file: string, entry = 'main', result = 'void', extra: string[] = [], lowering: readonly string[] = LOWERING): ToolResult {
  const opt = spawnSync(MLIR_OPT, [...lowering, file], { encoding: 'latin1', maxBuffer: 1 << 30 });
  if (opt.status !== 0) return { code: opt.status ?? -1, stdout: '', stderr: 'mlir-opt: ' + opt.stderr };
  const run = spawnSync(MLIR_RUNNER, ['-e', entry, `-entry-point-result=${result}`, `-shared-libs=${SHARED_LIBS}`, ...extra], {
    input: Buffer.from(opt.stdout, 'latin1'),
    encoding: 'latin1',
    maxBuffer: 1 << 30,
  });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

/** The same, asynchronously (so the reference runs while scf-run computes). */
export function runReferenceAsync(file: string, entry = 'main', result = 'void'): Promise<ToolResult> {
  return new Promise((resolve) => {
    const cmd = `'${MLIR_OPT}' ${LOWERING.join(' ')} '${file}' | '${MLIR_RUNNER}' -e ${entry} -entry-point-result=${result} -shared-libs=${SHARED_LIBS}`;
    const p = spawn('bash', ['-o', 'pipefail', '-c', cmd]);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    p.stdout.on('data', (d: Buffer) => out.push(d));
    p.stderr.on('data', (d: Buffer) => err.push(d));
    p.on('close', (code) => resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString('latin1'), stderr: Buffer.concat(err).toString('latin1') }));
  });
}

/** Runs scf-run in-process. */
export function runOurs(args: string[], stdin?: string): ToolResult {
  let stdout = '';
  let stderr = '';
  const code = runScfRun(args, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) }, stdin);
  return { code, stdout, stderr };
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'scfkit-exec-'));
}

export function writeTemp(dir: string, name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}
