// How a tool's run is judged against the reference mlir-opt's run of the same case.
import type { ToolRun } from './tool.js';

export type Verdict = { pass: true; note?: string } | { pass: false; reason: string };

const DIAG_LINE = /^(.+?):(\d+)(?::(\d+))?: (error|warning|note|remark): /;
const ERROR_LOC = /^(.+?):(\d+):(\d+): error: /m;

/** Removes the per-run temp directory from paths, so only the relative name remains. */
export function normalizePaths(text: string, tmpDir: string | null): string {
  if (tmpDir === null || tmpDir === '') return text;
  const withSlash = tmpDir.endsWith('/') ? tmpDir : `${tmpDir}/`;
  return text.split(withSlash).join('');
}

/** Diagnostic lines (`path:line[:col]: error|warning|note|remark: ...`), de-duplicated and sorted. */
export function diagnosticSet(stderr: string, tmpDir: string | null): string[] {
  const lines = normalizePaths(stderr, tmpDir).split('\n').map((l) => l.replace(/\r$/, ''));
  return [...new Set(lines.filter((l) => DIAG_LINE.test(l)))].sort();
}

/** `line:col` of the first `path:line:col: error:` in stderr, or null. */
export function firstErrorLocation(stderr: string): string | null {
  const m = ERROR_LOC.exec(stderr);
  return m ? `${m[2]}:${m[3]}` : null;
}

/** A crash: killed by a signal, timed out, or an exit status beyond MLIR's 0/1. */
export function crashed(run: ToolRun): boolean {
  return run.threw !== null || run.timedOut || run.signal !== null || run.exitCode === null || run.exitCode > 1 || run.exitCode < 0;
}

function describe(run: ToolRun): string {
  if (run.threw !== null) return `threw: ${firstLines(run.threw, 3)}`;
  if (run.timedOut) return `timed out after ${Math.round(run.ms)} ms`;
  if (run.signal !== null) return `killed by ${run.signal}`;
  return `exit ${run.exitCode}`;
}

function firstLines(text: string, n: number): string {
  return text.split('\n').slice(0, n).join(' | ');
}

/** Byte equality (latin1 maps each byte to one char, so equal strings mean equal bytes). */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && a.toString('latin1') === b.toString('latin1');
}

/** First differing line of two outputs, for failure messages. */
export function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      const show = (s: string | undefined): string => (s === undefined ? '<end of output>' : JSON.stringify(s.length > 160 ? `${s.slice(0, 160)}...` : s));
      return `stdout line ${i + 1}: expected ${show(a[i])}, got ${show(b[i])}`;
    }
  }
  return 'outputs differ only in bytes not visible per line';
}

/**
 * The conformance rules:
 * - reference crashed: the tool must still exit 0 or 1 (a crash is never the behaviour to copy);
 * - with --verify-diagnostics: same exit status, same set of diagnostic lines, and on success the same stdout;
 * - reference exit 0: tool exit 0 with byte-identical stdout;
 * - reference exit non-zero: tool exit non-zero, and the first `file:line:col: error:` at the same line:col.
 */
export function judge(reference: ToolRun, tool: ToolRun, verify: boolean, tmpDir: string | null): Verdict {
  if (tool.threw !== null) return { pass: false, reason: `tool ${describe(tool)}` };
  if (crashed(reference)) {
    return crashed(tool)
      ? { pass: false, reason: `reference crashed (${describe(reference)}); tool must exit 0 or 1 but ${describe(tool)}` }
      : { pass: true, note: 'reference crashed' };
  }
  if (crashed(tool)) return { pass: false, reason: `tool ${describe(tool)}; reference exit ${reference.exitCode}` };
  const refExit = reference.exitCode ?? -1;
  const toolExit = tool.exitCode ?? -1;
  if (verify) {
    if (refExit !== toolExit) return { pass: false, reason: `exit ${toolExit}, reference exit ${refExit}; stderr: ${firstLines(tool.stderr, 2)}` };
    const want = diagnosticSet(reference.stderr, tmpDir);
    const got = diagnosticSet(tool.stderr, tmpDir);
    const missing = want.filter((d) => !got.includes(d));
    const extra = got.filter((d) => !want.includes(d));
    if (missing.length > 0 || extra.length > 0) {
      const parts: string[] = [];
      if (missing.length > 0) parts.push(`missing diagnostic ${JSON.stringify(missing[0])}${missing.length > 1 ? ` (+${missing.length - 1})` : ''}`);
      if (extra.length > 0) parts.push(`extra diagnostic ${JSON.stringify(extra[0])}${extra.length > 1 ? ` (+${extra.length - 1})` : ''}`);
      return { pass: false, reason: parts.join('; ') };
    }
    if (refExit === 0 && !sameBytes(reference.stdout, tool.stdout)) {
      return { pass: false, reason: firstDifference(reference.stdout.toString('utf8'), tool.stdout.toString('utf8')) };
    }
    return { pass: true };
  }
  if (refExit === 0) {
    if (toolExit !== 0) return { pass: false, reason: `exit ${toolExit}, reference exit 0; stderr: ${firstLines(tool.stderr, 2)}` };
    if (!sameBytes(reference.stdout, tool.stdout)) {
      return { pass: false, reason: firstDifference(reference.stdout.toString('utf8'), tool.stdout.toString('utf8')) };
    }
    return { pass: true };
  }
  if (toolExit === 0) return { pass: false, reason: `exit 0, reference exit ${refExit}: ${firstLines(reference.stderr, 1)}` };
  const want = firstErrorLocation(reference.stderr);
  const got = firstErrorLocation(tool.stderr);
  if (want !== got) {
    return { pass: false, reason: `first error at ${got ?? '<none>'}, reference at ${want ?? '<none>'}: ${firstLines(reference.stderr, 1)} / tool: ${firstLines(tool.stderr, 1)}` };
  }
  return { pass: true };
}
