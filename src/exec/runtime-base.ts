// What the runtime objects of both engines (the func-level one, engine.ts, and
// the LLVM-dialect one, llvm/engine.ts) offer the generated code through `$rt`:
// buffered output, errors located at an op, one poison value per op, float
// rounding and bit casts, exact wide integers and ceil/floor division.
import type { Operation } from '../ir/operation.js';
import {
  bf16Bits,
  bigToFloat,
  bitsBF16,
  bitsF16,
  bitsF32,
  bitsF64,
  f16Bits,
  f32Bits,
  f64Bits,
  fpToSI,
  fpToUI,
  roundBF16,
  roundF16,
  wide,
} from './numeric.js';
import { ExecError, Poison } from './runtime.js';
import * as cLibm from '../dialects/math/libm.js';
import * as mathSemantics from '../dialects/math/semantics.js';

/** Where program output goes. */
export type OutputSink = (text: string) => void;

interface HostStream {
  write(text: string): unknown;
}

/**
 * Where program output goes when the caller gives no sink: the host's
 * standard output when it has one (Node), else the console line by line
 * (browsers). A host with neither must be given a sink.
 */
export function defaultOutput(stream: 'stdout' | 'stderr' = 'stdout'): OutputSink {
  const host = globalThis as { process?: { stdout?: HostStream; stderr?: HostStream }; console?: { log(s: string): void } };
  const s = host.process?.[stream];
  if (s) return (text) => void s.write(text);
  const log = host.console?.log;
  if (!log) return () => {
    throw new Error('no output sink: this JavaScript host has no standard output; pass one in the options');
  };
  let pending = '';
  return (text) => {
    pending += text;
    for (let i = pending.indexOf('\n'); i >= 0; i = pending.indexOf('\n')) {
      log(pending.slice(0, i));
      pending = pending.slice(i + 1);
    }
  };
}

/** A clock in nanoseconds (mlir-runner's nanoTime): the host's `performance` when it has one. */
export function nanoTime(): number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return Math.round((perf ? perf.now() : Date.now()) * 1e6);
}

/** The `'name' op ` prefix of a runtime error at `op`. */
export function opLabel(op: Operation | undefined): string {
  return op ? `'${op.opName}' op ` : '';
}

export class RuntimeBase {
  private chunks: string[] = [];
  private size = 0;
  private poisons = new Map<number, Poison>();
  readonly Poison = Poison;
  /** The C library's math functions and the math ops' other run-time semantics (the math dialect's). */
  readonly libm = cLibm;
  readonly math = mathSemantics;

  /** `ops[K]` is the op that generated code refers to by index K. */
  constructor(
    readonly ops: readonly Operation[],
    readonly sink: OutputSink,
  ) {}

  // ---- output
  write = (s: string): void => {
    this.chunks.push(s);
    this.size += s.length;
    if (this.size > 1 << 16) this.flush();
  };
  flush(): void {
    if (this.chunks.length) {
      this.sink(this.chunks.join(''));
      this.chunks = [];
      this.size = 0;
    }
  }

  // ---- errors
  error(K: number | undefined, msg: string): never {
    const op = K === undefined || K < 0 ? undefined : this.ops[K];
    throw new ExecError(op, opLabel(op) + msg);
  }
  err = (K: number, msg: string): never => this.error(K, msg);
  div0 = (K: number): never => this.error(K, 'division by zero');
  ovf = (K: number): never => this.error(K, 'signed division overflow (the minimum value divided by -1)');
  poison = (K: number): Poison => {
    let p = this.poisons.get(K);
    if (!p) this.poisons.set(K, (p = new Poison(this.ops[K])));
    return p;
  };

  // ---- scalar helpers
  roundF16 = roundF16;
  roundBF16 = roundBF16;
  bigToFloat = bigToFloat;
  fptosi = fpToSI;
  fptoui = fpToUI;
  f32Bits = f32Bits;
  bitsF32 = bitsF32;
  f64Bits = f64Bits;
  bitsF64 = bitsF64;
  f16Bits = f16Bits;
  bitsF16 = bitsF16;
  bf16Bits = bf16Bits;
  bitsBF16 = bitsBF16;
  wide = wide;
  /** Signed division rounding toward +infinity, on exact integers held as numbers. */
  cdivs = (a: number, b: number): number => {
    const q = Math.trunc(a / b);
    return q * b !== a && a < 0 === b < 0 ? q + 1 : q;
  };
  /** Signed division rounding toward -infinity. */
  fdivs = (a: number, b: number): number => {
    const q = Math.trunc(a / b);
    return q * b !== a && a < 0 !== b < 0 ? q - 1 : q;
  };
}
