// Classification of MLIR types into the engine's value representations.

import type { Type } from '../ir/attributes.js';
import { FloatType, IndexType, IntegerType, MemRefType, UnrankedMemRefType, VectorType, FunctionType } from '../ir/builtin-types.js';
import type { ElemKind, ElemFormat } from './runtime.js';

export type FloatName = 'f16' | 'bf16' | 'f32' | 'f64';

export type Repr =
  | { k: 'int'; w: number } // width <= 32
  | { k: 'wide'; w: number } // width > 32, index = 64
  | { k: 'float'; f: FloatName }
  | { k: 'memref'; ranked: boolean; rank: number }
  | { k: 'vector'; elem: Repr; shape: readonly number[] }
  | { k: 'func' }
  | { k: 'unsupported'; why: string };

export function reprOf(t: Type): Repr {
  if (t instanceof IndexType) return { k: 'wide', w: 64 };
  if (t instanceof IntegerType) {
    if (t.width === 0) return { k: 'unsupported', why: 'zero-width integers' };
    return t.width <= 32 ? { k: 'int', w: t.width } : { k: 'wide', w: t.width };
  }
  if (t instanceof FloatType) {
    const n = t.name;
    if (n === 'f16' || n === 'bf16' || n === 'f32' || n === 'f64') return { k: 'float', f: n };
    return { k: 'unsupported', why: `the float type ${n}` };
  }
  if (t instanceof MemRefType) return { k: 'memref', ranked: true, rank: t.rank };
  if (t instanceof UnrankedMemRefType) return { k: 'memref', ranked: false, rank: -1 };
  if (t instanceof VectorType) {
    if (t.isScalable) return { k: 'unsupported', why: 'scalable vectors' };
    return { k: 'vector', elem: reprOf(t.elementType), shape: t.shape };
  }
  if (t instanceof FunctionType) return { k: 'func' };
  return { k: 'unsupported', why: `values of type ${t.key}` };
}

export function elemKindOf(t: Type): ElemKind | undefined {
  const r = reprOf(t);
  if (r.k === 'int') return r.w === 1 ? 'i1' : r.w <= 8 ? 'i8' : r.w <= 16 ? 'i16' : 'i32';
  if (r.k === 'wide') return 'wide';
  if (r.k === 'float') return r.f === 'f64' ? 'f64' : 'f32';
  return undefined;
}

/** How printMemref / vector.print show an element type. */
export function elemFormatOf(t: Type): ElemFormat {
  if (t instanceof IndexType) return 'unsigned';
  if (t instanceof IntegerType) return t.width === 1 || t.isUnsigned ? 'unsigned' : 'signed';
  return 'float';
}
