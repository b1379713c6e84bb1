// Table-driven scf-opt tests against mlir-opt 22, run live: each case runs
// scf-opt in-process on its input (as standard input) and mlir-opt on the
// same input with the same arguments, and stdout, stderr and the exit code
// must be the same (the tool's own name in diagnostics aside).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parse, print, ParseError } from '../src/api/text.js';
import { runOpt } from '../src/tools/opt-driver.js';

const MLIR_OPT = process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt';

export interface OptCase {
  name: string;
  args: string[];
  input: string;
}

/** A case where scf-opt deliberately differs from mlir-opt 22 (a bug of MLIR 22's, explained where it is listed). */
export interface DeviationCase extends OptCase {
  stdout: string;
  /** Defaults to no diagnostics. */
  stderr?: string;
  /** Defaults to success. */
  code?: number;
}

interface ToolRun {
  stdout: string;
  stderr: string;
  code: number;
}

function runMlirOpt(c: OptCase): ToolRun {
  const r = spawnSync(MLIR_OPT, [...c.args, '-'], { input: c.input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.error) throw new Error(`cannot run ${MLIR_OPT}: ${r.error.message}`);
  // Option errors name the tool ("mlir-opt: for the --x option: ...").
  return { stdout: r.stdout, stderr: r.stderr.replace(/^mlir-opt:/gm, 'scf-opt:'), code: r.status ?? -1 };
}

function runScfOpt(c: OptCase): ToolRun {
  const r = runOpt([...c.args, '-'], c.input);
  return { stdout: r.stdout, stderr: r.stderr, code: r.exitCode };
}

/** A tool's exit code, stdout and stderr. */
export interface OptRun {
  code: number;
  out: string;
  err: string;
}

/** scf-opt (in-process) and, as `ref`, mlir-opt 22 on the same input and arguments. */
export function optAndReference(input: string, ...args: string[]): OptRun & { ref: OptRun } {
  const c = { name: '', args, input };
  const ours = runScfOpt(c);
  const ref = runMlirOpt(c);
  return { code: ours.code, out: ours.stdout, err: ours.stderr, ref: { code: ref.code, out: ref.stdout, err: ref.stderr } };
}

/** The first `<stdin>:line:col: error: message` line of stderr. */
export function firstError(err: string): string {
  return err.split('\n').find((l) => l.includes(': error: ')) ?? '';
}

export function testOptCases(cases: readonly OptCase[]): void {
  for (const c of cases) {
    test(c.name, () => {
      const ours = runScfOpt(c);
      const ref = runMlirOpt(c);
      assert.equal(ours.stdout, ref.stdout);
      assert.equal(ours.stderr, ref.stderr);
      assert.equal(ours.code, ref.code);
    });
  }
}

/**
 * Deviations: scf-opt must print what the case says, and mlir-opt 22 must
 * still print something else (when it stops doing so, the case belongs with
 * the others).
 */
export function testDeviations(cases: readonly DeviationCase[]): void {
  for (const c of cases) {
    test(c.name, () => {
      const ours = runScfOpt(c);
      assert.equal(ours.stdout, c.stdout);
      assert.equal(ours.stderr, c.stderr ?? '');
      assert.equal(ours.code, c.code ?? 0);
      assert.notDeepEqual(runMlirOpt(c), ours, 'mlir-opt 22 now agrees: move the case to the live cases');
    });
  }
}

/**
 * Writes `text` to `file`, then asserts that mlir-opt 22 rejects it and that
 * `parse` (with that file name) throws a ParseError whose message is
 * mlir-opt's stderr exactly.
 */
export function assertParseErrorAsMlirOpt(name: string, text: string, file: string): void {
  writeFileSync(file, text);
  const r = spawnSync(MLIR_OPT, [file], { encoding: 'latin1', maxBuffer: 1 << 28 });
  assert.notEqual(r.status, 0, `${name}: mlir-opt accepted the input`);
  let ours = '';
  try {
    parse(text, { fileName: file });
  } catch (e) {
    assert.ok(e instanceof ParseError, `${name}: ${String(e)}`);
    ours = e.message;
  }
  assert.equal(ours, r.stderr, name);
}

/**
 * Writes `text` to `file`, then asserts that `parse` + `print` (with that file
 * name) gives what mlir-opt 22 (given `mlirOptArgs` too) prints for it, or,
 * when mlir-opt rejects it, that `parse` throws a ParseError whose message is
 * mlir-opt's stderr.
 */
export function assertParsePrintAsMlirOpt(name: string, text: string, file: string, mlirOptArgs: readonly string[] = []): void {
  writeFileSync(file, text);
  const r = spawnSync(MLIR_OPT, [file, ...mlirOptArgs], { encoding: 'latin1', maxBuffer: 1 << 28 });
  let ours: string;
  try {
    // mlir-opt ends its output with a newline after the module.
    ours = print(parse(text, { fileName: file })) + '\n';
  } catch (e) {
    assert.ok(e instanceof ParseError, `${name}: ${String(e)}`);
    ours = e.message;
  }
  assert.equal(ours, r.status === 0 ? r.stdout : r.stderr, name);
}
