// Data layout of LLVM types (x86-64 defaults: natural alignment, 8-byte
// pointers) and reading/writing values of any type at a DataView offset, in
// the engine's value representation (see compile.ts).

import type { Type } from '../../ir/attributes.js';
import { FloatType, IntegerType, VectorType } from '../../ir/builtin-types.js';
import { LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMStructType } from '../../dialects/llvm/types.js';
import { bf16Bits, bitsBF16, bitsF16, f16Bits, wide } from '../numeric.js';
import { Poison } from '../runtime.js';

export type Scalar = 'i1' | 'i8' | 'i16' | 'i32' | 'i64' | 'ptr' | 'f16' | 'bf16' | 'f32' | 'f64' | 'iN';

/** How a value of a type sits in memory. */
export type Desc =
  | { k: 'scalar'; s: Scalar; size: number; align: number; w: number }
  | { k: 'agg'; size: number; align: number; fields: { off: number; d: Desc }[] }
  | { k: 'vec'; size: number; align: number; n: number; d: Desc };

export class LayoutError extends Error {}

const cache = new Map<Type, Desc>();

function pow2AtLeast(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

export function descOf(t: Type): Desc {
  let d = cache.get(t);
  if (!d) cache.set(t, (d = computeDesc(t)));
  return d;
}

function computeDesc(t: Type): Desc {
  if (t instanceof IntegerType) {
    const w = t.width;
    if (w === 1) return { k: 'scalar', s: 'i1', size: 1, align: 1, w };
    if (w === 8) return { k: 'scalar', s: 'i8', size: 1, align: 1, w };
    if (w === 16) return { k: 'scalar', s: 'i16', size: 2, align: 2, w };
    if (w === 32) return { k: 'scalar', s: 'i32', size: 4, align: 4, w };
    if (w === 64) return { k: 'scalar', s: 'i64', size: 8, align: 8, w };
    const store = Math.ceil(w / 8);
    const align = Math.min(pow2AtLeast(store), 16);
    return { k: 'scalar', s: 'iN', size: Math.ceil(store / align) * align, align, w };
  }
  if (t instanceof FloatType) {
    switch (t.name) {
      case 'f16':
        return { k: 'scalar', s: 'f16', size: 2, align: 2, w: 16 };
      case 'bf16':
        return { k: 'scalar', s: 'bf16', size: 2, align: 2, w: 16 };
      case 'f32':
        return { k: 'scalar', s: 'f32', size: 4, align: 4, w: 32 };
      case 'f64':
        return { k: 'scalar', s: 'f64', size: 8, align: 8, w: 64 };
    }
    throw new LayoutError(`values of type ${t.key} are not supported by the execution engine`);
  }
  if (t instanceof LLVMPointerType || t instanceof LLVMFunctionType) return { k: 'scalar', s: 'ptr', size: 8, align: 8, w: 64 };
  if (t instanceof LLVMArrayType) {
    const e = descOf(t.elementType);
    const fields = [];
    for (let i = 0; i < t.numElements; i++) fields.push({ off: i * e.size, d: e });
    return { k: 'agg', size: t.numElements * e.size, align: e.align, fields };
  }
  if (t instanceof LLVMStructType) {
    let off = 0;
    let align = 1;
    const fields = [];
    for (const ft of t.body) {
      const d = descOf(ft);
      const a = t.packed ? 1 : d.align;
      off = Math.ceil(off / a) * a;
      fields.push({ off, d });
      off += d.size;
      align = Math.max(align, a);
    }
    return { k: 'agg', size: Math.ceil(off / align) * align, align, fields };
  }
  if (t instanceof VectorType && !t.isScalable && t.shape.length === 1) {
    const e = descOf(t.elementType);
    if (e.k !== 'scalar') throw new LayoutError(`vectors of ${t.elementType.key} are not supported`);
    const n = t.shape[0];
    const bits = e.s === 'i1' ? n : n * e.size * 8;
    const size = pow2AtLeast(Math.ceil(bits / 8));
    return { k: 'vec', size, align: size, n, d: e };
  }
  throw new LayoutError(`values of type ${t.key} are not supported by the execution engine`);
}

const W64 = wide(64);
const TWO32 = 4294967296;

/** A 64-bit integer in the engine's form from its two 32-bit halves. */
export function fromHalves(hi: number, lo: number): number | bigint {
  if (hi > -2097152 && hi < 2097152) return hi * TWO32 + lo;
  return W64.canon((BigInt(hi) << 32n) | BigInt(lo));
}

function intOfWidth(w: number, b: bigint): number | bigint {
  if (w <= 32) return w === 1 ? Number(b & 1n) : Number(BigInt.asIntN(w, b));
  return wide(w).canon(b);
}

export function readValue(dv: DataView, o: number, d: Desc): unknown {
  if (d.k === 'scalar') {
    switch (d.s) {
      case 'i1':
        return dv.getUint8(o) & 1;
      case 'i8':
        return dv.getInt8(o);
      case 'i16':
        return dv.getInt16(o, true);
      case 'i32':
        return dv.getInt32(o, true);
      case 'i64':
        return fromHalves(dv.getInt32(o + 4, true), dv.getUint32(o, true));
      case 'ptr':
        return dv.getUint32(o + 4, true) * TWO32 + dv.getUint32(o, true);
      case 'f16':
        return bitsF16(dv.getUint16(o, true));
      case 'bf16':
        return bitsBF16(dv.getUint16(o, true));
      case 'f32':
        return dv.getFloat32(o, true);
      case 'f64':
        return dv.getFloat64(o, true);
      case 'iN': {
        let b = 0n;
        const n = Math.ceil(d.w / 8);
        for (let i = n - 1; i >= 0; i--) b = (b << 8n) | BigInt(dv.getUint8(o + i));
        return intOfWidth(d.w, b);
      }
    }
  }
  if (d.k === 'agg') return d.fields.map((f) => readValue(dv, o + f.off, f.d));
  const out = new Array<unknown>(d.n);
  if (d.d.k === 'scalar' && d.d.s === 'i1') {
    for (let i = 0; i < d.n; i++) out[i] = (dv.getUint8(o + (i >> 3)) >> (i & 7)) & 1;
    return out;
  }
  for (let i = 0; i < d.n; i++) out[i] = readValue(dv, o + i * d.d.size, d.d);
  return out;
}

/** Writes `v`; poison parts are written as zeros (loading them back gives zeros, not poison). */
export function writeValue(dv: DataView, o: number, d: Desc, v: unknown): void {
  if (v instanceof Poison) {
    for (let i = 0; i < d.size; i++) dv.setUint8(o + i, 0);
    return;
  }
  if (d.k === 'scalar') {
    switch (d.s) {
      case 'i1':
      case 'i8':
        dv.setUint8(o, Number(v) & 255);
        return;
      case 'i16':
        dv.setUint16(o, Number(v) & 65535, true);
        return;
      case 'i32':
        dv.setInt32(o, Number(v), true);
        return;
      case 'i64':
      case 'ptr':
        if (typeof v === 'number') {
          dv.setUint32(o, v >>> 0, true);
          dv.setInt32(o + 4, Math.floor(v / TWO32) | 0, true);
        } else dv.setBigInt64(o, BigInt.asIntN(64, v as bigint), true);
        return;
      case 'f16':
        dv.setUint16(o, f16Bits(v as number), true);
        return;
      case 'bf16':
        dv.setUint16(o, bf16Bits(v as number), true);
        return;
      case 'f32':
        dv.setFloat32(o, v as number, true);
        return;
      case 'f64':
        dv.setFloat64(o, v as number, true);
        return;
      case 'iN': {
        let b = BigInt.asUintN(d.w, BigInt(v as number | bigint));
        const n = Math.ceil(d.w / 8);
        for (let i = 0; i < n; i++) {
          dv.setUint8(o + i, Number(b & 255n));
          b >>= 8n;
        }
        return;
      }
    }
  }
  const arr = v as unknown[];
  if (d.k === 'agg') {
    d.fields.forEach((f, i) => writeValue(dv, o + f.off, f.d, arr[i]));
    return;
  }
  if (d.d.k === 'scalar' && d.d.s === 'i1') {
    for (let i = 0; i < d.size; i++) dv.setUint8(o + i, 0);
    for (let i = 0; i < d.n; i++) if (arr[i] instanceof Poison ? 0 : Number(arr[i]) & 1) dv.setUint8(o + (i >> 3), dv.getUint8(o + (i >> 3)) | (1 << (i & 7)));
    return;
  }
  for (let i = 0; i < d.n; i++) writeValue(dv, o + i * d.d.size, d.d, arr[i]);
}

/** The zero value of a type (llvm.mlir.zero). */
export function zeroValue(d: Desc): unknown {
  if (d.k === 'scalar') return 0;
  if (d.k === 'agg') return d.fields.map((f) => zeroValue(f.d));
  return new Array<unknown>(d.n).fill(0);
}

/** The poison value of a type: aggregates hold poison leaves. */
export function poisonValue(d: Desc, p: Poison): unknown {
  if (d.k === 'scalar') return p;
  if (d.k === 'agg') return d.fields.map((f) => poisonValue(f.d, p));
  return new Array<unknown>(d.n).fill(p);
}
