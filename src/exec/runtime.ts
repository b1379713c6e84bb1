// The execution engine's runtime: memref storage and descriptors, poison,
// runtime errors, and the printing functions of MLIR's runner-utils libraries.

import type { Operation } from '../ir/operation.js';
import { formatG, wide, MAXS } from './numeric.js';

/** A runtime failure at an operation: rendered as `file:line:col: error: message`. */
export class ExecError extends Error {
  /** Set when the error is a JS stack overflow (deep recursion). */
  stackOverflow = false;
  constructor(
    readonly op: Operation | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** A poison value. Computing with it (through valueOf) is reported as an error. */
export class Poison {
  constructor(readonly op: Operation | undefined) {}
  valueOf(): number {
    throw new ExecError(this.op, 'use of a poison value produced by this operation');
  }
  toString(): string {
    return this.valueOf().toString();
  }
}

/** How a memref's elements are stored. */
export type ElemKind = 'i1' | 'i8' | 'i16' | 'i32' | 'wide' | 'f32' | 'f64';

type Buf = Uint8Array | Int8Array | Int16Array | Int32Array | Float32Array | Float64Array;

export function newBuffer(kind: ElemKind, n: number): Buf {
  switch (kind) {
    case 'i1':
      return new Uint8Array(n);
    case 'i8':
      return new Int8Array(n);
    case 'i16':
      return new Int16Array(n);
    case 'i32':
      return new Int32Array(n);
    case 'f32':
      return new Float32Array(n);
    case 'wide':
    case 'f64':
      return new Float64Array(n);
  }
}

export const BYTES: Record<ElemKind, number> = { i1: 1, i8: 1, i16: 2, i32: 4, wide: 8, f32: 4, f64: 8 };

let nextAddress = 0x10000000;

/**
 * One allocation. `dead` is set when it is deallocated (or its allocation scope
 * ends); `ro` is set for constant globals and dead allocations (stores check it).
 * `big` holds the values of wide integers that are not safe integers: their
 * slot in `buf` holds NaN. It is allocated at the first such store.
 */
export class Alloc {
  private own = { dead: false, ro: false };
  big: BigStore | null = null;
  get dead(): boolean {
    return this.own.dead;
  }
  set dead(v: boolean) {
    this.own.dead = v;
  }
  get ro(): boolean {
    return this.own.ro;
  }
  set ro(v: boolean) {
    this.own.ro = v;
  }
  /** A fake, deterministic address (printed by printMemref*, returned by extract_aligned_pointer_as_index). */
  readonly addr: number;
  constructor(
    public buf: Buf,
    readonly kind: ElemKind,
    readonly how: 'heap' | 'stack' | 'global' | 'external',
    readonly wideWidth = 64,
    /** For views over another allocation's bytes (memref.view): that allocation, which owns the state. */
    readonly base?: Alloc,
  ) {
    if (base) this.own = base.own;
    this.addr = nextAddress;
    nextAddress += Math.ceil((buf.length * BYTES[kind] + 64) / 64) * 64;
  }
}

/**
 * The exact values of a wide-integer allocation's elements that are not safe
 * integers, in typed storage (no size limit, unlike a Map): one 64-bit word per
 * element up to 64 bits, ceil(width / 64) words beyond. Only slots whose number
 * in the main buffer is NaN are meaningful. Safe values stay in the
 * Float64Array, so loads of them never allocate a BigInt.
 */
export class BigStore {
  private readonly words: BigInt64Array;
  private readonly k: number;
  constructor(
    n: number,
    private readonly width: number,
  ) {
    this.k = Math.ceil(width / 64);
    this.words = new BigInt64Array(n * this.k);
  }
  get(lin: number): bigint {
    if (this.k === 1) return this.words[lin];
    let v = 0n;
    for (let i = this.k - 1; i >= 0; i--) v = (v << 64n) | BigInt.asUintN(64, this.words[lin * this.k + i]);
    return BigInt.asIntN(this.width, v);
  }
  set(lin: number, v: bigint): void {
    if (this.k === 1) {
      this.words[lin] = v;
      return;
    }
    for (let i = 0; i < this.k; i++, v >>= 64n) this.words[lin * this.k + i] = BigInt.asIntN(64, v);
  }
}

/** A memref descriptor: allocation, offset, sizes and strides (in elements). */
export class MemRef {
  readonly b: Buf;
  constructor(
    readonly a: Alloc,
    readonly o: number,
    readonly z: number[],
    readonly s: number[],
  ) {
    this.b = a.buf;
  }
  get rank(): number {
    return this.z.length;
  }
}

export function resetAddresses(): void {
  nextAddress = 0x10000000;
}

export function canonicalStrides(sizes: readonly number[]): number[] {
  const s = new Array<number>(sizes.length);
  let acc = 1;
  for (let i = sizes.length - 1; i >= 0; i--) {
    s[i] = acc;
    acc *= sizes[i];
  }
  return s;
}

/** Reads element `lin` of an allocation in the engine's value representation. */
export function loadElem(a: Alloc, lin: number): number | bigint {
  const v = a.buf[lin];
  if (v !== v && a.kind === 'wide') return a.big!.get(lin)!;
  return v;
}
export function storeElem(a: Alloc, lin: number, v: number | bigint): void {
  if (typeof v === 'bigint') {
    (a.big ??= new BigStore(a.buf.length, a.wideWidth)).set(lin, v);
    a.buf[lin] = NaN;
  } else a.buf[lin] = v;
}

/** The linear indices of every element of a memref, in row-major order. */
export function forEachLinear(m: MemRef, f: (lin: number) => void): void {
  const rank = m.z.length;
  for (const d of m.z) if (d === 0) return;
  if (rank === 0) {
    f(m.o);
    return;
  }
  const idx = new Array<number>(rank).fill(0);
  for (;;) {
    let lin = m.o;
    for (let i = 0; i < rank; i++) lin += idx[i] * m.s[i];
    f(lin);
    let d = rank - 1;
    while (d >= 0) {
      if (++idx[d] < m.z[d]) break;
      idx[d] = 0;
      d--;
    }
    if (d < 0) return;
  }
}

/** Smallest and largest linear index a descriptor can reach (undefined when it has no elements). */
export function extent(z: readonly number[], s: readonly number[], o: number): [number, number] | undefined {
  let lo = o;
  let hi = o;
  for (let i = 0; i < z.length; i++) {
    if (z[i] === 0) return undefined;
    const span = (z[i] - 1) * s[i];
    if (span < 0) lo += span;
    else hi += span;
  }
  return [lo, hi];
}

// ---- printing (MLIR's CRunnerUtils / RunnerUtils text)

export type ElemFormat = 'signed' | 'unsigned' | 'float' | 'bool';

export function formatScalar(v: unknown, fmt: ElemFormat, width = 64): string {
  if (v instanceof Poison) v.valueOf();
  if (fmt === 'float') return formatG(v as number);
  if (fmt === 'bool') return String(v);
  if (fmt === 'unsigned') {
    if (typeof v === 'number' && v >= 0) return String(v);
    return BigInt.asUintN(width, BigInt(v as number | bigint)).toString();
  }
  return typeof v === 'number' ? String(v === 0 ? 0 : v) : String(v);
}

/** The text of printMemref* (RunnerUtils' printMemRef): header plus nested data. */
export function printMemrefText(m: MemRef, fmt: ElemFormat, ranked: boolean): string {
  if (m.a.dead) throw new ExecError(undefined, 'printing a deallocated memref');
  return formatStridedMemref(m.a.addr, m.o, m.z, m.s, ranked, (lin) => {
    if (lin < 0 || lin >= m.a.buf.length) throw new ExecError(undefined, 'printing a memref outside of its allocation');
    return formatScalar(loadElem(m.a, lin), fmt);
  });
}

/**
 * printMemref's text for a strided view whose data starts at address `addr`:
 * `el(lin)` formats the element at linear index `lin` (offset included).
 */
export function formatStridedMemref(addr: number, o: number, z: readonly number[], s: readonly number[], ranked: boolean, el: (lin: number) => string): string {
  const rank = z.length;
  let head = (ranked ? 'Memref ' : 'Unranked Memref ') + 'base@ = 0x' + addr.toString(16) + ' rank = ' + rank + ' offset = ' + o;
  head += ' sizes = [' + z.join(', ') + '] strides = [' + s.join(', ') + '] data = \n';
  const parts: string[] = [];
  const rec = (dim: number, off: number, k: number): void => {
    // dim: dimensions left; k: index of the current dimension.
    if (dim === 0) {
      parts.push(el(off));
      return;
    }
    const size = z[k];
    const stride = s[k];
    parts.push('[');
    rec(dim - 1, off, k + 1);
    if (size <= 1) {
      parts.push(']');
      return;
    }
    parts.push(', ');
    if (dim > 1) parts.push('\n');
    for (let i = 1; i + 1 < size; i++) {
      parts.push(' '.repeat(rank - dim + 1));
      rec(dim - 1, off + i * stride, k + 1);
      parts.push(', ');
      if (dim > 1) parts.push('\n');
    }
    parts.push(' '.repeat(rank - dim + 1));
    rec(dim - 1, off + (size - 1) * stride, k + 1);
    parts.push(']');
  };
  if (rank === 0) parts.push('[');
  rec(rank, o, 0);
  if (rank === 0) parts.push(']');
  return head + parts.join('') + '\n';
}

/** Converts a wide value (number or BigInt) to a JS number when it is safe. */
export function toSafeNumber(v: number | bigint): number | bigint {
  if (typeof v === 'bigint' && v >= -BigInt(MAXS) && v <= BigInt(MAXS)) return Number(v);
  return v;
}

export const W64 = wide(64);
