// Integers wider than 64 bits in the WebAssembly backend: the value kind and
// its runtime imports (the code of each op is in wide-int.ts). A value of
// width w is n = ceil(w / 64) i64 limbs, least significant first, each in
// its own local (several values through block arguments, iter_args and
// function signatures, as memrefs are); the top limb is sign-extended from
// its w - 64 (n - 1) bits, as narrower integers are in their containers. In
// memory an element takes the next power of two of 8n bytes, limbs in order
// (no view of such elements is possible: the layout is not observable).
// Division, variable shifts, float conversions and overflow flags call the
// runtime's BigInt code (imports), everything else is inline limb code.

import type { Type } from '../../ir/attributes.js';
import { TypeAttr } from '../../ir/builtin-attributes.js';
import { FunctionType, IntegerType, MemRefType, UnrankedMemRefType } from '../../ir/builtin-types.js';
import type { Operation } from '../../ir/operation.js';
import { bigToFloat, fpToSI, fpToUI } from '../numeric.js';
import type { ModuleBuilder, ValType } from './encoder.js';

/** An integer wider than 64 bits: `n` i64 limbs. */
export interface WideInt {
  k: 'wide';
  w: number;
  n: number;
}

/** The most limbs a value takes here (i1024); wider integers run on the JavaScript backend. */
export const MAX_WIDE_LIMBS = 16;

/** The kind of an integer of width w > 64 (undefined beyond MAX_WIDE_LIMBS limbs). */
export function wideKind(w: number): WideInt | undefined {
  const n = Math.ceil(w / 64);
  return n <= MAX_WIDE_LIMBS ? { k: 'wide', w, n } : undefined;
}

/** The bits of the top limb that belong to the value (1..64). */
export function topBits(k: WideInt): number {
  return k.w - 64 * (k.n - 1);
}

/** log2 of an element's bytes in memory: the next power of two of 8n. */
export function wideShift(k: WideInt): number {
  return Math.ceil(Math.log2(8 * k.n));
}

/** An element's bytes in a global's initial data (limbs little-endian, sign-extended). */
export function wideGlobalBytes(k: WideInt, v: bigint): Uint8Array {
  const out = new Uint8Array(8 * k.n);
  const dv = new DataView(out.buffer);
  toLimbs(k.n, k.w, v).forEach((x, i) => dv.setBigInt64(8 * i, x, true));
  return out;
}

/** The runtime imports of one limb count (function indices). */
export interface WideImportSet {
  /** (code, w, a limbs, b limbs) -> limbs: BIN's operations. */
  bin: number;
  /** (code, w, a limbs, b limbs) -> i32: FLAG's conditions. */
  flag: number;
  /** (code, w, limbs) -> f64: sitofp/uitofp, code = 2 * FLOAT_TYPES index + unsigned. */
  toF: number;
  /** (code, w, f64) -> (limbs, ok): fptosi (code 0) / fptoui (1); ok 0 means poison. */
  fromF: number;
}
export type WideImports = ReadonlyMap<number, WideImportSet>;

/** The operations of the `wideBin` imports (their codes). */
export const BIN = { divsi: 0, divui: 1, remsi: 2, remui: 3, floordivsi: 4, ceildivsi: 5, ceildivui: 6, shli: 7, shrsi: 8, shrui: 9, mulhs: 10, mulhu: 11 } as const;
/**
 * The conditions of the `wideFlag` imports: overflow of addi/subi/muli/shli
 * (2 * index + 1 for unsigned), and trunci's nsw/nuw (b's first limb: the
 * result's width).
 */
export const FLAG = { addi: 0, subi: 2, muli: 4, shli: 6, trunci: 8 } as const;
export const FLOAT_TYPES = ['f16', 'bf16', 'f32', 'f64'] as const;

/** The limb count of wide integers in type `t` (memref elements and function types looked into). */
function limbsOf(t: Type, out: Set<number>): void {
  if (t instanceof IntegerType && t.width > 64) {
    const k = wideKind(t.width);
    if (k) out.add(k.n);
  } else if (t instanceof MemRefType || t instanceof UnrankedMemRefType) limbsOf(t.elementType, out);
  else if (t instanceof FunctionType) for (const x of [...t.inputs, ...t.results]) limbsOf(x, out);
}

/** Declares the imports for each limb count the module's values use (imports come before the module's functions). */
export function declareWideImports(m: ModuleBuilder, module: Operation): WideImports {
  const counts = new Set<number>();
  module.walk((op) => {
    for (const r of op.results) limbsOf(r.type, counts);
    for (const rg of op.regions) for (const b of rg.blocks) for (const a of b.args) limbsOf(a.type, counts);
    // func.func's function_type, memref.global's type.
    for (const a of op.propertiesView.values()) if (a instanceof TypeAttr) limbsOf(a.value, counts);
  });
  const out = new Map<number, WideImportSet>();
  for (const n of [...counts].sort((a, b) => a - b)) {
    const limbs = new Array<ValType>(n).fill('i64');
    out.set(n, {
      bin: m.importFunc('env', `wideBin${n}`, { params: ['i32', 'i32', ...limbs, ...limbs], results: limbs }),
      flag: m.importFunc('env', `wideFlag${n}`, { params: ['i32', 'i32', ...limbs, ...limbs], results: ['i32'] }),
      toF: m.importFunc('env', `wideToF${n}`, { params: ['i32', 'i32', ...limbs], results: ['f64'] }),
      fromF: m.importFunc('env', `wideFromF${n}`, { params: ['i32', 'i32', 'f64'], results: [...limbs, 'i32'] }),
    });
  }
  return out;
}

/** The signed value of width w whose limbs are `l` (least significant first). */
export function fromLimbs(w: number, l: readonly bigint[]): bigint {
  let v = 0n;
  for (let i = l.length - 1; i >= 0; i--) v = (v << 64n) | BigInt.asUintN(64, l[i]);
  return BigInt.asIntN(w, v);
}

/** The n limbs of `v` wrapped to width w (the top one sign-extended). */
export function toLimbs(n: number, w: number, v: bigint): bigint[] {
  let x = BigInt.asIntN(w, v);
  const out: bigint[] = [];
  for (let i = 0; i < n; i++, x >>= 64n) out.push(BigInt.asIntN(64, x));
  return out;
}

function bin(code: number, w: number, a: bigint, b: bigint): bigint {
  const W = BigInt(w);
  const ua = BigInt.asUintN(w, a);
  const ub = BigInt.asUintN(w, b);
  // The division codes run after the code's checks (zero divisors, the signed overflow); without checks (--unchecked) they give 0.
  const zero = b === 0n;
  switch (code) {
    case BIN.divsi:
      return zero ? 0n : a / b;
    case BIN.divui:
      return zero ? 0n : ua / ub;
    case BIN.remsi:
      return zero ? 0n : a % b;
    case BIN.remui:
      return zero ? 0n : ua % ub;
    case BIN.floordivsi: {
      if (zero) return 0n;
      const q = a / b;
      return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
    }
    case BIN.ceildivsi: {
      if (zero) return 0n;
      const q = a / b;
      return a % b !== 0n && a < 0n === b < 0n ? q + 1n : q;
    }
    case BIN.ceildivui:
      return zero ? 0n : (ua + ub - 1n) / ub;
    // Shift amounts at or beyond the width are poison (the code marks them); the value is then 0.
    case BIN.shli:
      return ub >= W ? 0n : a << ub;
    case BIN.shrsi:
      return ub >= W ? 0n : a >> ub;
    case BIN.shrui:
      return ub >= W ? 0n : ua >> ub;
    case BIN.mulhs:
      return (a * b) >> W;
    default:
      return (ua * ub) >> W;
  }
}

function flag(code: number, w: number, a: bigint, b: bigint): boolean {
  const signed = (code & 1) === 0;
  const base = code & ~1;
  if (base === FLAG.trunci) {
    const to = Number(b);
    return signed ? BigInt.asIntN(to, a) !== a : BigInt.asUintN(to, BigInt.asUintN(w, a)) !== BigInt.asUintN(w, a);
  }
  const [x, y] = signed ? [a, b] : [BigInt.asUintN(w, a), BigInt.asUintN(w, b)];
  const r = base === FLAG.addi ? x + y : base === FLAG.subi ? x - y : base === FLAG.muli ? x * y : x << BigInt.asUintN(w, b);
  return signed ? BigInt.asIntN(w, r) !== r : BigInt.asUintN(w, r) !== r;
}

/** The runtime side of the imports: BigInt code on the limbs (numeric.ts for float conversions, as the JavaScript backend). */
export function wideRuntimeImports(): Record<string, (...args: never[]) => unknown> {
  const env: Record<string, (...args: never[]) => unknown> = {};
  for (let n = 2; n <= MAX_WIDE_LIMBS; n++) {
    const one = (r: bigint[]): bigint | bigint[] => r;
    env[`wideBin${n}`] = (code: number, w: number, ...l: bigint[]) => one(toLimbs(n, w, bin(code, w, fromLimbs(w, l.slice(0, n)), fromLimbs(w, l.slice(n)))));
    env[`wideFlag${n}`] = (code: number, w: number, ...l: bigint[]) => {
      // trunci's target width is b's first limb (not a value of width w).
      const b = (code & ~1) === FLAG.trunci ? l[n] : fromLimbs(w, l.slice(n));
      return flag(code, w, fromLimbs(w, l.slice(0, n)), b) ? 1 : 0;
    };
    env[`wideToF${n}`] = (code: number, w: number, ...l: bigint[]) => {
      const v = fromLimbs(w, l);
      return bigToFloat(code & 1 ? BigInt.asUintN(w, v) : v, FLOAT_TYPES[code >> 1]);
    };
    env[`wideFromF${n}`] = (code: number, w: number, x: number) => {
      const v = code === 0 ? fpToSI(x, w) : fpToUI(x, w);
      return v === undefined ? [...new Array<bigint>(n).fill(0n), 0] : [...toLimbs(n, w, BigInt(v)), 1];
    };
  }
  return env;
}

/** An element's bytes in memory for width w > 64. */
export function wideElemBytes(w: number): number {
  return 1 << wideShift({ k: 'wide', w, n: Math.ceil(w / 64) });
}

/** The value of width w at byte address `at` (the host's view of the layout). */
export function readWide(dv: DataView, at: number, w: number): bigint {
  const n = Math.ceil(w / 64);
  const l: bigint[] = [];
  for (let i = 0; i < n; i++) l.push(dv.getBigInt64(at + 8 * i, true));
  return fromLimbs(w, l);
}

export function writeWide(dv: DataView, at: number, w: number, v: bigint): void {
  toLimbs(Math.ceil(w / 64), w, v).forEach((x, i) => dv.setBigInt64(at + 8 * i, x, true));
}

/** A host argument (number, BigInt, boolean) of width w > 64 as the function's limb parameters. */
export function wideToWasm(x: unknown, w: number): bigint[] {
  let b: bigint;
  if (typeof x === 'boolean') b = x ? 1n : 0n;
  else if (typeof x === 'number' && Number.isInteger(x)) b = BigInt(x);
  else if (typeof x === 'bigint') b = x;
  else throw new TypeError(`expected an integer for i${w}`);
  return toLimbs(Math.ceil(w / 64), w, b);
}
