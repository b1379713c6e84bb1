// Strided layouts of memref types: strides and offsets of identity, strided
// and affine-map layouts (MLIR's getStridesAndOffset), the canonical strided
// layout of a shape, and saturating arithmetic on possibly dynamic values.

import type { Attribute } from '../../ir/attributes.js';
import {
  AffineBinaryExpr,
  AffineConstantExpr,
  AffineDimExpr,
  AffineKind,
  AffineMap,
  AffineSymbolExpr,
  affineAdd,
  affineMul,
  constExpr,
  dimExpr,
  symbolExpr,
  type AffineExpr,
} from '../../ir/affine.js';
import { AffineMapAttr, StridedLayoutAttr } from '../../ir/builtin-attributes.js';
import { MemRefType, kDynamic } from '../../ir/builtin-types.js';

export { kDynamic };
export const isDyn = (v: number): boolean => v === kDynamic;

/** Saturating multiply: dynamic absorbs, except that a static 0 gives 0. */
export function satMul(a: number, b: number): number {
  if ((!isDyn(a) && a === 0) || (!isDyn(b) && b === 0)) return 0;
  if (isDyn(a) || isDyn(b)) return kDynamic;
  return a * b;
}
export function satAdd(a: number, b: number): number {
  return isDyn(a) || isDyn(b) ? kDynamic : a + b;
}

/** Canonical (row-major) strides of a shape; dynamic once an inner size is dynamic or 0. */
export function canonicalStrides(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length);
  let running = 1;
  let poison = false;
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = poison ? kDynamic : running;
    const s = shape[i];
    if (!isDyn(s) && s > 0) running *= s;
    else poison = true;
  }
  return strides;
}

/** MLIR's MemRefLayoutAttrInterface::isIdentity for the type's layout. */
export function layoutIsIdentity(t: MemRefType): boolean {
  const l = t.layoutAttr;
  if (!l) return true;
  if (l instanceof AffineMapAttr) return l.value.isIdentity();
  if (l instanceof StridedLayoutAttr) {
    if (l.offset !== 0) return false;
    if (l.strides.length === 0) return false;
    return l.strides.length === 1 && l.strides[0] === 1;
  }
  return false;
}

/** Strides and offset of a memref type, or undefined if its layout is not strided. */
export function stridesAndOffset(t: MemRefType): { strides: number[]; offset: number } | undefined {
  const l = t.layoutAttr;
  if (!l) return { strides: canonicalStrides(t.shape), offset: 0 };
  if (l instanceof StridedLayoutAttr) return { strides: [...l.strides], offset: l.offset };
  if (l instanceof AffineMapAttr) {
    const m = l.value;
    if (m.isIdentity()) return { strides: canonicalStrides(t.shape), offset: 0 };
    if (m.numResults !== 1) return undefined;
    const strides: AffineExpr[] = t.shape.map(() => constExpr(0));
    const acc = { offset: constExpr(0) as AffineExpr };
    if (!extractStrides(m.results[0], constExpr(1), strides, acc)) return undefined;
    const val = (e: AffineExpr): number => (e instanceof AffineConstantExpr ? e.value : kDynamic);
    return { strides: strides.map(val), offset: val(acc.offset) };
  }
  return undefined;
}

function extractStrides(e: AffineExpr, factor: AffineExpr, strides: AffineExpr[], acc: { offset: AffineExpr }): boolean {
  if (e instanceof AffineDimExpr) {
    if (e.position >= strides.length) return false;
    strides[e.position] = affineAdd(strides[e.position], factor);
    return true;
  }
  if (e instanceof AffineConstantExpr || e instanceof AffineSymbolExpr) {
    acc.offset = affineAdd(acc.offset, affineMul(e, factor));
    return true;
  }
  if (!(e instanceof AffineBinaryExpr)) return false;
  if (e.kind === AffineKind.Add) return extractStrides(e.lhs, factor, strides, acc) && extractStrides(e.rhs, factor, strides, acc);
  if (e.kind === AffineKind.Mul) {
    if (!(e.rhs instanceof AffineConstantExpr || e.rhs instanceof AffineSymbolExpr)) return false;
    return extractStrides(e.lhs, affineMul(factor, e.rhs), strides, acc);
  }
  return false;
}

export function isStrided(t: MemRefType): boolean {
  return stridesAndOffset(t) !== undefined;
}

/** Number of symbols of the layout's affine form (dynamic strides/offset for strided layouts). */
export function layoutNumSymbols(t: MemRefType): number {
  const l = t.layoutAttr;
  if (!l) return 0;
  if (l instanceof AffineMapAttr) return l.value.isIdentity() ? 0 : l.value.numSymbols;
  if (l instanceof StridedLayoutAttr) return (isDyn(l.offset) ? 1 : 0) + l.strides.filter(isDyn).length;
  return 0;
}

/** `offset + sum(d_i * stride_i)` with a symbol per dynamic value (MLIR's makeStridedLinearLayoutMap). */
export function stridedLinearLayoutMap(strides: readonly number[], offset: number): AffineMap {
  let nSym = 0;
  let expr: AffineExpr = isDyn(offset) ? symbolExpr(nSym++) : constExpr(offset);
  strides.forEach((s, i) => {
    const mult = isDyn(s) ? symbolExpr(nSym++) : constExpr(s);
    expr = affineAdd(expr, affineMul(dimExpr(i), mult));
  });
  return AffineMap.get(strides.length, nSym, [expr]);
}

// ---- a normal form for single-result layout expressions (polynomials in dims and symbols)

type Poly = Map<string, number>;

function polyOf(e: AffineExpr): Poly | undefined {
  if (e instanceof AffineConstantExpr) return new Map(e.value ? [['', e.value]] : []);
  if (e instanceof AffineDimExpr) return new Map([[`d${e.position}`, 1]]);
  if (e instanceof AffineSymbolExpr) return new Map([[`s${e.position}`, 1]]);
  if (!(e instanceof AffineBinaryExpr)) return undefined;
  const a = polyOf(e.lhs);
  const b = polyOf(e.rhs);
  if (!a || !b) return undefined;
  if (e.kind === AffineKind.Add) {
    const out = new Map(a);
    for (const [k, v] of b) out.set(k, (out.get(k) ?? 0) + v);
    return out;
  }
  if (e.kind === AffineKind.Mul) {
    const out: Poly = new Map();
    for (const [ka, va] of a)
      for (const [kb, vb] of b) {
        const k = [...ka.split('*'), ...kb.split('*')].filter((x) => x).sort().join('*');
        out.set(k, (out.get(k) ?? 0) + va * vb);
      }
    return out;
  }
  return undefined;
}

function polyKey(p: Poly): string {
  return [...p.entries()]
    .filter(([, v]) => v !== 0)
    .map(([k, v]) => `${k}:${v}`)
    .sort()
    .join('+');
}

/** A key equal for two memref types iff MLIR's canonicalizeStridedLayout makes them equal (best effort). */
export function canonicalLayoutKey(t: MemRefType): string {
  const base = `${t.shape.join('x')}|${t.elementType.key}|${t.memorySpace?.key ?? ''}|`;
  let map: AffineMap;
  const l: Attribute | undefined = t.layoutAttr;
  if (!l) return base + 'id';
  if (l instanceof AffineMapAttr) map = l.value;
  else if (l instanceof StridedLayoutAttr) map = stridedLinearLayoutMap(l.strides, l.offset);
  else return base + l.key;
  if (map.isIdentity()) return base + 'id';
  if (map.numResults !== 1) return base + map.toString();
  const p = polyOf(map.results[0]);
  if (!p) return base + map.toString();
  const k = polyKey(p);
  return base + (t.shape.length && k === polyKey(canonicalPoly(t.shape)) ? 'id' : `${map.numDims},${map.numSymbols}:${k}`);
}

/** MLIR's makeCanonicalStridedLayoutExpr as a polynomial (symbols numbered from the innermost dim). */
function canonicalPoly(shape: readonly number[]): Poly {
  const out: Poly = new Map();
  let running = 1;
  let poison = false;
  let nSym = 0;
  for (let i = shape.length - 1; i >= 0; i--) {
    if (poison) out.set([`d${i}`, `s${nSym++}`].sort().join('*'), 1);
    else out.set(`d${i}`, running);
    const s = shape[i];
    if (!isDyn(s) && s > 0) running *= s;
    else poison = true;
  }
  return out;
}

/**
 * MLIR's computeMemRefRankReductionMask: which unit dims of `orig` (with the
 * given static sizes) are dropped in the rank-reduced `reduced`, or undefined
 * when `reduced` is not such a reduction.
 */
export function memrefRankReductionMask(orig: MemRefType, reduced: MemRefType, sizes: readonly number[]): Set<number> | undefined {
  const unused = new Set<number>();
  if (orig.rank === reduced.rank) return unused;
  sizes.forEach((s, i) => {
    if (s === 1) unused.add(i);
  });
  if (unused.size + reduced.rank === orig.rank) return unused;
  const a = stridesAndOffset(orig);
  const b = stridesAndOffset(reduced);
  if (!a || !b) return undefined;
  const count = (l: number[]): Map<number, number> => {
    const m = new Map<number, number>();
    for (const x of l) m.set(x, (m.get(x) ?? 0) + 1);
    return m;
  };
  const cur = count(a.strides);
  const cand = count(b.strides);
  for (let d = 0; d < orig.rank; d++) {
    if (!unused.has(d)) continue;
    const s = a.strides[d];
    const c = cur.get(s) ?? 0;
    const k = cand.get(s) ?? 0;
    if (c > k) cur.set(s, c - 1);
    else if (c === k) unused.delete(d);
    else return undefined;
  }
  if (unused.size + reduced.rank !== orig.rank) return undefined;
  return unused;
}
