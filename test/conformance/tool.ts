// The tool under test, pluggable: a spawned command (mlir-opt, bin/scf-opt, ...)
// or the in-process driver `runOpt` from dist/src/tools/opt-driver.js.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { optDriverUrl, scfOpt } from './paths.js';

export interface ToolRun {
  /** Exit status; null when the process died from a signal or timed out. */
  exitCode: number | null;
  signal: string | null;
  stdout: Buffer;
  stderr: string;
  timedOut: boolean;
  /** Wall time in milliseconds. */
  ms: number;
  /** Set when an in-process driver threw or returned a malformed result (it must do neither). */
  threw: string | null;
}

export interface RunOptions {
  /** Working directory: inputs are passed relative to it. */
  cwd: string;
  stdin?: string;
  timeoutMs?: number;
  /** Extra environment variables for a spawned process. */
  env?: Record<string, string>;
}

export interface OptTool {
  readonly name: string;
  run(args: readonly string[], options: RunOptions): Promise<ToolRun>;
}

/** Output beyond this is dropped (and flagged) so a runaway tool cannot exhaust memory. */
const MAX_CAPTURE = 256 * 1024 * 1024;

/** Runs `command[0] ...command[1..] ...args` as a child process. */
export class SpawnTool implements OptTool {
  readonly name: string;
  constructor(readonly command: readonly string[]) {
    if (command.length === 0) throw new Error('SpawnTool: empty command');
    this.name = command.join(' ');
  }

  run(args: readonly string[], options: RunOptions): Promise<ToolRun> {
    return runProcess(this.command[0], [...this.command.slice(1), ...args], options);
  }
}

export function runProcess(exe: string, args: readonly string[], options: RunOptions): Promise<ToolRun> {
  return new Promise((resolvePromise) => {
    const t0 = performance.now();
    const child = spawn(exe, args, {
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: options.env ? { ...process.env, ...options.env } : process.env,
    });
    // Chunks typed as Uint8Array: @types/node 20's Buffer does not satisfy TS 5.9's Uint8Array<ArrayBufferLike>.
    const out: Uint8Array[] = [];
    const err: Uint8Array[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let timedOut = false;
    let spawnError: string | null = null;
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (d: Uint8Array) => { if ((outBytes += d.length) <= MAX_CAPTURE) out.push(d); });
    child.stderr.on('data', (d: Uint8Array) => { if ((errBytes += d.length) <= MAX_CAPTURE) err.push(d); });
    child.stdin.on('error', () => { /* the tool may exit without reading stdin */ });
    child.stdin.end(options.stdin ?? '');
    child.on('error', (e) => { spawnError = `${exe}: ${e.message}`; });
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      let stderr = Buffer.concat(err).toString('utf8');
      if (spawnError !== null) stderr += spawnError;
      if (outBytes > MAX_CAPTURE || errBytes > MAX_CAPTURE) stderr += `\n[harness: output over ${MAX_CAPTURE} bytes dropped]`;
      resolvePromise({
        exitCode: timedOut ? null : spawnError !== null ? 127 : code,
        signal: signal ?? null,
        stdout: Buffer.concat(out),
        stderr,
        timedOut,
        ms: performance.now() - t0,
        threw: null,
      });
    });
  });
}

/**
 * What src/tools/opt-driver.ts exports. stdout/stderr are byte strings (one
 * char per byte, as bin/scf-opt writes them with Buffer.from(s, 'latin1')).
 */
export interface OptResult { exitCode: number; stdout: string; stderr: string }
export type RunOptFn = (args: string[], stdin?: string) => OptResult;

/**
 * Calls the driver's `runOpt` in this process. It resolves input paths against
 * process.cwd(), so we chdir around each (synchronous) call; nothing else runs
 * on this thread meanwhile, so the change is never observed elsewhere.
 */
export class InProcessTool implements OptTool {
  readonly name = 'runOpt (in-process)';
  constructor(private readonly runOpt: RunOptFn) {}

  static async load(url: URL = optDriverUrl): Promise<InProcessTool> {
    if (!existsSync(fileURLToPath(url))) {
      throw new Error(`in-process driver not built: ${fileURLToPath(url)} is missing (run tsc; src/tools/opt-driver.ts must export runOpt)`);
    }
    const mod: unknown = await import(url.href);
    const fn = (mod as { runOpt?: unknown }).runOpt;
    if (typeof fn !== 'function') throw new Error(`${url.href} does not export a function runOpt`);
    return new InProcessTool(fn as RunOptFn);
  }

  run(args: readonly string[], options: RunOptions): Promise<ToolRun> {
    const previous = process.cwd();
    const t0 = performance.now();
    let result: OptResult | null = null;
    let threw: string | null = null;
    try {
      process.chdir(options.cwd);
      const r: unknown = this.runOpt([...args], options.stdin);
      if (isOptResult(r)) result = r;
      else threw = `runOpt returned a malformed result: ${JSON.stringify(r)?.slice(0, 200)}`;
    } catch (e) {
      threw = e instanceof Error ? (e.stack ?? e.message) : String(e);
    } finally {
      process.chdir(previous);
    }
    const ms = performance.now() - t0;
    return Promise.resolve({
      exitCode: result ? result.exitCode : null,
      signal: null,
      stdout: Buffer.from(result ? result.stdout : '', 'latin1'),
      // Decoded as a spawned tool's stderr is, so both kinds compare alike.
      stderr: result ? Buffer.from(result.stderr, 'latin1').toString('utf8') : (threw ?? ''),
      timedOut: false,
      ms,
      threw,
    });
  }
}

function isOptResult(r: unknown): r is OptResult {
  if (typeof r !== 'object' || r === null) return false;
  const o = r as Record<string, unknown>;
  return typeof o.exitCode === 'number' && typeof o.stdout === 'string' && typeof o.stderr === 'string';
}

export type ToolKind = 'inprocess' | 'spawn';

/** The command `SCFKIT_TOOL_CMD` names (words split on spaces), default bin/scf-opt. */
export function spawnCommandFromEnv(): string[] {
  const cmd = process.env.SCFKIT_TOOL_CMD;
  return cmd && cmd.trim() !== '' ? cmd.trim().split(/\s+/) : [scfOpt];
}

/** Fails loudly when the executable of a command is missing. */
export function assertExecutable(command: readonly string[]): void {
  const exe = command[0];
  if (!exe.includes('/')) return; // looked up on PATH by spawn
  try {
    accessSync(exe, constants.X_OK);
  } catch {
    throw new Error(`tool under test not found or not executable: ${exe}`);
  }
}

/** The tool under test chosen by SCFKIT_TOOL (`inprocess` | `spawn`), else `fallback`. */
export async function toolFromEnv(fallback: ToolKind): Promise<OptTool> {
  const kind = process.env.SCFKIT_TOOL ?? fallback;
  if (kind === 'inprocess') return InProcessTool.load();
  if (kind === 'spawn') {
    const command = spawnCommandFromEnv();
    assertExecutable(command);
    return new SpawnTool(command);
  }
  throw new Error(`SCFKIT_TOOL must be 'inprocess' or 'spawn', not '${kind}'`);
}

/** Runs `fn` over `items` with at most `limit` in flight; results keep input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
