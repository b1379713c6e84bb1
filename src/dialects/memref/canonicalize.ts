// memref folds and canonicalization patterns (MLIR 22's MemRefOps.cpp):
// memref.cast folded into its consumers, constant sizes/offsets/strides
// folded into alloc/view/subview types (with a cast back to the old type),
// dim of known sizes, dead allocations, trivial copies and subviews.

import type { Attribute } from '../../ir/attributes.js';
import type { FoldResult } from '../../ir/context.js';
import { DenseArrayAttr, IntegerAttr, StridedLayoutAttr } from '../../ir/builtin-attributes.js';
import { IndexType, IntegerType, MemRefType, UnrankedMemRefType } from '../../ir/builtin-types.js';
import type { Operation, Value } from '../../ir/operation.js';
import { legacyPattern, type PatternRewriter, type RewritePattern } from '../../ir/pattern.js';
import { matchConstant } from '../../ir/matchers.js';
import { isDyn, kDynamic, memrefRankReductionMask, satAdd, satMul, stridesAndOffset } from './layout.js';

const K_DYNAMIC_BIG = -(1n << 63n);
const toStatic = (v: bigint): number => (v === K_DYNAMIC_BIG ? kDynamic : Number(v));
const fromStatic = (v: number): bigint => (isDyn(v) ? K_DYNAMIC_BIG : BigInt(v));
const indexAttr = (v: number | bigint): IntegerAttr => IntegerAttr.get(IndexType.get(), BigInt(v));

function props(op: Operation, name: string): number[] {
  const a = op.propertiesView.get(name);
  return a instanceof DenseArrayAttr ? a.values.map(toStatic) : [];
}

function segments(op: Operation): number[] {
  const a = op.propertiesView.get('operandSegmentSizes');
  return a instanceof DenseArrayAttr ? a.values.map(Number) : [];
}

/** The constant integer value of `v` (any integer-typed constant, as m_ConstantInt). */
function constInt(v: Value): bigint | undefined {
  const c = matchConstant(v);
  return c instanceof IntegerAttr ? c.value : undefined;
}

/** matchConstantIndex: an arith.constant of index type (not index.constant). */
const isConstantIndex = (v: Value): boolean => arithConstantIndex(v) !== undefined;

function arithConstantIndex(v: Value): bigint | undefined {
  const d = v.definingOp;
  if (!d || d.name.name !== 'arith.constant' || !(v.type instanceof IndexType)) return undefined;
  const a = d.getAttr('value');
  return a instanceof IntegerAttr ? a.value : undefined;
}

// ---- memref.cast folding into consumers

/** foldMemRefCast: replaces operands produced by a ranked-source memref.cast with the cast's source. */
function foldMemRefCast(op: Operation, inner?: Value): boolean {
  let folded = false;
  for (let i = 0; i < op.numOperands; i++) {
    const v = op.operand(i);
    const cast = v.definingOp;
    if (!cast || cast.name.name !== 'memref.cast' || v === inner) continue;
    if (cast.operand(0).type instanceof UnrankedMemRefType) continue;
    op.setOperand(i, cast.operand(0));
    folded = true;
  }
  return folded;
}

/** CastOp::canFoldIntoConsumerOp: the cast only makes sizes, offset or strides more dynamic. */
export function canFoldIntoConsumer(cast: Operation): boolean {
  const src = cast.operand(0).type;
  const dst = cast.result(0).type;
  if (!(src instanceof MemRefType) || !(dst instanceof MemRefType)) return false;
  if (src.elementType !== dst.elementType || src.rank !== dst.rank) return false;
  const s = stridesAndOffset(src);
  const d = stridesAndOffset(dst);
  if (!s || !d) return false;
  const moreStatic = (a: number, b: number): boolean => a !== b && isDyn(a) && !isDyn(b);
  if (src.shape.some((x, i) => moreStatic(x, dst.shape[i]))) return false;
  if (moreStatic(s.offset, d.offset)) return false;
  return !s.strides.some((x, i) => moreStatic(x, d.strides[i]));
}

const inPlace = (op: Operation): FoldResult => (op.numResults ? [op.result(0)] : []);
const castFoldInPlace = (op: Operation): FoldResult | undefined => (foldMemRefCast(op) ? inPlace(op) : undefined);

function foldCast(op: Operation): FoldResult | undefined {
  const folded = foldMemRefCast(op);
  // CastOpInterface: a cast between identical types is its operand.
  if (op.operand(0).type === op.result(0).type) return [op.operand(0)];
  return folded ? [op.result(0)] : undefined;
}

function foldCopy(op: Operation): FoldResult | undefined {
  for (let i = 0; i < op.numOperands; i++) {
    const cast = op.operand(i).definingOp;
    if (cast && cast.name.name === 'memref.cast' && canFoldIntoConsumer(cast)) {
      op.setOperand(i, cast.operand(0));
      return [];
    }
  }
  return undefined;
}

// ---- dim

/** Position of dim `i` among the dynamic dims of `shape`. */
const dynamicDimIndex = (shape: readonly number[], i: number): number => shape.slice(0, i).filter(isDyn).length;

/** The rank-reduction mask of a subview (SubViewOp::getDroppedDims). */
export function droppedDims(sub: Operation): Set<number> {
  const src = sub.operand(0).type as MemRefType;
  const res = sub.result(0).type as MemRefType;
  return memrefRankReductionMask(src, res, props(sub, 'static_sizes')) ?? new Set();
}


/** The i-th dynamic entry of an offsets/sizes/strides list (static value kDynamic) as its operand. */
function dynamicEntry(op: Operation, group: 1 | 2 | 3, staticName: string, i: number): Value {
  const seg = segments(op);
  let start = 0;
  for (let g = 0; g < group; g++) start += seg[g];
  const statics = props(op, staticName);
  return op.operand(start + statics.slice(0, i).filter(isDyn).length);
}

function foldDim(op: Operation, operands: readonly (Attribute | undefined)[]): FoldResult | undefined {
  const index = operands[1];
  if (!(index instanceof IntegerAttr)) return undefined;
  const t = op.operand(0).type;
  if (!(t instanceof MemRefType)) return undefined;
  const i = index.value;
  if (i < 0n || i >= BigInt(t.rank)) return undefined;
  const d = Number(i);
  if (!isDyn(t.shape[d])) return [indexAttr(t.shape[d])];
  const def = op.operand(0).definingOp;
  const name = def?.name.name;
  if (def && (name === 'memref.alloc' || name === 'memref.alloca')) return [def.operand(dynamicDimIndex(t.shape, d))];
  if (def && name === 'memref.view') return [def.operand(2 + dynamicDimIndex(t.shape, d))];
  if (def && name === 'memref.subview') {
    const unused = droppedDims(def);
    const srcRank = (def.operand(0).type as MemRefType).rank;
    let resultIndex = 0;
    let sourceIndex = 0;
    for (let k = 0; k < srcRank; k++) {
      if (unused.has(k)) continue;
      if (resultIndex === d) {
        sourceIndex = k;
        break;
      }
      resultIndex++;
    }
    if (!isDyn(props(def, 'static_sizes')[sourceIndex])) return undefined;
    return [dynamicEntry(def, 2, 'static_sizes', sourceIndex)];
  }
  return foldMemRefCast(op) ? [op.result(0)] : undefined;
}

function foldRank(op: Operation): FoldResult | undefined {
  const t = op.operand(0).type;
  return t instanceof MemRefType ? [indexAttr(t.rank)] : undefined;
}

// ---- alloc / alloca

function createCast(rewriter: PatternRewriter, op: Operation, type: MemRefType, source: Value): Operation {
  return rewriter.create('memref.cast', { operands: [source], results: [type], location: op.location });
}

const denseI32 = (v: readonly number[]): DenseArrayAttr => DenseArrayAttr.get(IntegerType.get(32), v.map((x) => BigInt(x)));

/** SimplifyAllocConst: non-negative constant dynamic sizes become static dims. */
function simplifyAllocConst(name: string): RewritePattern {
  return legacyPattern(
    name,
    (op, rewriter) => {
      const seg = segments(op);
      const dyn = op.operands.slice(0, seg[0]);
      const syms = op.operands.slice(seg[0], seg[0] + seg[1]);
      const isFoldable = (v: Value): boolean => {
        const c = constInt(v);
        return c !== undefined && c >= 0n;
      };
      if (!dyn.some(isFoldable)) return false;
      const type = op.result(0).type as MemRefType;
      const shape: number[] = [];
      const kept: Value[] = [];
      let pos = 0;
      for (const s of type.shape) {
        if (!isDyn(s)) {
          shape.push(s);
          continue;
        }
        const v = dyn[pos++];
        const c = constInt(v);
        if (c !== undefined && c >= 0n) shape.push(Number(BigInt.asUintN(64, c)));
        else {
          shape.push(kDynamic);
          kept.push(v);
        }
      }
      const newType = MemRefType.get(shape, type.elementType, type.layoutAttr, type.memorySpace);
      const attrs: Record<string, Attribute> = { operandSegmentSizes: denseI32([kept.length, syms.length]) };
      const align = op.propertiesView.get('alignment');
      if (align) attrs.alignment = align;
      const alloc = rewriter.create(name, { operands: [...kept, ...syms], results: [newType], attributes: attrs, location: op.location });
      const cast = createCast(rewriter, op, type, alloc.result(0));
      rewriter.replaceOp(op, cast.results);
      return true;
    },
    { name: 'SimplifyAllocConst' },
  );
}

/** SimplifyDeadAlloc: an allocation only stored into and deallocated is erased with its users. */
function simplifyDeadAlloc(name: string): RewritePattern {
  return legacyPattern(
    name,
    (op, rewriter) => {
      const r = op.result(0);
      const users = [...r.uses()].map((u) => u.owner);
      for (const u of users) {
        if (u.name.name === 'memref.store') {
          if (u.operand(0) === r) return false;
        } else if (u.name.name !== 'memref.dealloc') return false;
      }
      for (const u of new Set(users)) rewriter.eraseOp(u);
      rewriter.eraseOp(op);
      return true;
    },
    { name: 'SimplifyDeadAlloc' },
  );
}

// ---- copy

const foldEmptyCopy = legacyPattern(
  'memref.copy',
  (op, rewriter) => {
    const empty = (v: Value): boolean => v.type instanceof MemRefType && v.type.shape.includes(0);
    if (!empty(op.operand(0)) && !empty(op.operand(1))) return false;
    rewriter.eraseOp(op);
    return true;
  },
  { name: 'FoldEmptyCopy' },
);

const foldSelfCopy = legacyPattern(
  'memref.copy',
  (op, rewriter) => {
    if (op.operand(0) !== op.operand(1)) return false;
    rewriter.eraseOp(op);
    return true;
  },
  { name: 'FoldSelfCopy' },
);

// ---- view

function foldView(op: Operation): FoldResult | undefined {
  const src = op.operand(0).type as MemRefType;
  const res = op.result(0).type as MemRefType;
  if (src === res && !res.shape.some(isDyn)) return [op.operand(0)];
  return undefined;
}

const viewOpShapeFolder = legacyPattern(
  'memref.view',
  (op, rewriter) => {
    if (!op.operands.some(isConstantIndex)) return false;
    const type = op.result(0).type as MemRefType;
    if (!stridesAndOffset(type)) return false;
    const sizes = op.operands.slice(2);
    const shape: number[] = [];
    const kept: Value[] = [];
    let pos = 0;
    for (const s of type.shape) {
      if (!isDyn(s)) {
        shape.push(s);
        continue;
      }
      const v = sizes[pos++];
      const c = arithConstantIndex(v);
      if (c !== undefined) shape.push(Number(c));
      else {
        shape.push(s);
        kept.push(v);
      }
    }
    const newType = MemRefType.get(shape, type.elementType, type.layoutAttr, type.memorySpace);
    if (newType === type) return false;
    const view = rewriter.create('memref.view', { operands: [op.operand(0), op.operand(1), ...kept], results: [newType], location: op.location });
    rewriter.replaceOp(op, createCast(rewriter, op, type, view.result(0)).results);
    return true;
  },
  { name: 'ViewOpShapeFolder' },
);

const viewOpMemrefCastFolder = legacyPattern(
  'memref.view',
  (op, rewriter) => {
    const cast = op.operand(0).definingOp;
    if (!cast || cast.name.name !== 'memref.cast') return false;
    const alloc = cast.operand(0).definingOp;
    if (!alloc || alloc.name.name !== 'memref.alloc') return false;
    const view = rewriter.create('memref.view', {
      operands: [cast.operand(0), ...op.operands.slice(1)],
      results: [op.result(0).type],
      location: op.location,
    });
    rewriter.replaceOp(op, view.results);
    return true;
  },
  { name: 'ViewOpMemrefCastFolder' },
);

// ---- subview

interface Mixed {
  offsets: (Value | number)[];
  sizes: (Value | number)[];
  strides: (Value | number)[];
}

/** Offsets, sizes and strides with static entries as numbers and dynamic ones as their operands. */
function mixedOf(op: Operation): Mixed {
  const seg = segments(op);
  let pos = seg[0];
  const one = (name: string, n: number): (Value | number)[] => {
    const vals = op.operands.slice(pos, pos + n);
    pos += n;
    let k = 0;
    return props(op, name).map((s) => (isDyn(s) ? vals[k++] : s));
  };
  const offsets = one('static_offsets', seg[1]);
  const sizes = one('static_sizes', seg[2]);
  const strides = one('static_strides', seg[3]);
  return { offsets, sizes, strides };
}

const staticOf = (l: readonly (Value | number)[]): number[] => l.map((x) => (typeof x === 'number' ? x : kDynamic));
const dynamicOf = (l: readonly (Value | number)[]): Value[] => l.filter((x): x is Value => typeof x !== 'number');

/** foldDynamicIndexList: constant operands become static entries. */
function foldDynamicIndexList(l: (Value | number)[], onlyNonNegative: boolean): boolean {
  let changed = false;
  for (let i = 0; i < l.length; i++) {
    const x = l[i];
    if (typeof x === 'number') continue;
    const c = constInt(x);
    if (c === undefined) continue;
    if (onlyNonNegative && c < 0n) continue;
    l[i] = toStatic(BigInt.asIntN(64, c));
    changed = true;
  }
  return changed;
}

/** verifyInBoundsSlice on static entries. */
function inBoundsSlice(shape: readonly number[], m: Mixed): boolean {
  const offsets = staticOf(m.offsets);
  const sizes = staticOf(m.sizes);
  const strides = staticOf(m.strides);
  for (let i = 0; i < shape.length; i++) {
    if (isDyn(shape[i]) || isDyn(offsets[i])) continue;
    if (offsets[i] >= shape[i]) return false;
    if (isDyn(sizes[i]) || isDyn(strides[i])) continue;
    if (offsets[i] + (sizes[i] - 1) * strides[i] >= shape[i]) return false;
  }
  return true;
}

function inferSubViewType(src: MemRefType, m: Mixed): MemRefType | undefined {
  const so = stridesAndOffset(src);
  if (!so) return undefined;
  const offsets = staticOf(m.offsets);
  const strides = staticOf(m.strides);
  let offset = so.offset;
  offsets.forEach((o, i) => (offset = satAdd(offset, satMul(o, so.strides[i]))));
  const targetStrides = so.strides.map((s, i) => satMul(s, strides[i]));
  return MemRefType.get(staticOf(m.sizes), src.elementType, StridedLayoutAttr.get(offset, targetStrides), src.memorySpace);
}

/** The non-rank-reduced inferred type with the `dropped` dims removed. */
function dropDims(t: MemRefType, dropped: ReadonlySet<number>): MemRefType {
  if (!dropped.size) return t;
  const so = stridesAndOffset(t)!;
  const shape: number[] = [];
  const strides: number[] = [];
  t.shape.forEach((s, i) => {
    if (dropped.has(i)) return;
    shape.push(s);
    strides.push(so.strides[i]);
  });
  return MemRefType.get(shape, t.elementType, StridedLayoutAttr.get(so.offset, strides), t.memorySpace);
}

function createSubView(rewriter: PatternRewriter, op: Operation, type: MemRefType, source: Value, m: Mixed): Operation {
  const offs = dynamicOf(m.offsets);
  const sizes = dynamicOf(m.sizes);
  const strides = dynamicOf(m.strides);
  const attrs: Record<string, Attribute> = {
    operandSegmentSizes: denseI32([1, offs.length, sizes.length, strides.length]),
    static_offsets: DenseArrayAttr.getI64(staticOf(m.offsets).map(fromStatic)),
    static_sizes: DenseArrayAttr.getI64(staticOf(m.sizes).map(fromStatic)),
    static_strides: DenseArrayAttr.getI64(staticOf(m.strides).map(fromStatic)),
  };
  return rewriter.create('memref.subview', { operands: [source, ...offs, ...sizes, ...strides], results: [type], attributes: attrs, location: op.location });
}

const subViewConstantArgumentFolder = legacyPattern(
  'memref.subview',
  (op, rewriter) => {
    const m = mixedOf(op);
    const a = foldDynamicIndexList(m.offsets, true);
    const b = foldDynamicIndexList(m.sizes, true);
    const c = foldDynamicIndexList(m.strides, false);
    if (!a && !b && !c) return false;
    const src = op.operand(0).type as MemRefType;
    if (!inBoundsSlice(src.shape, m)) return false;
    const inferred = inferSubViewType(src, m);
    if (!inferred) return false;
    const type = dropDims(inferred, droppedDims(op));
    const sub = createSubView(rewriter, op, type, op.operand(0), m);
    rewriter.replaceOp(op, createCast(rewriter, op, op.result(0).type as MemRefType, sub.result(0)).results);
    return true;
  },
  { name: 'OpWithOffsetSizesAndStridesConstantArgumentFolder' },
);

const subViewOpMemRefCastFolder = legacyPattern(
  'memref.subview',
  (op, rewriter) => {
    if (op.operands.some(isConstantIndex)) return false;
    const cast = op.operand(0).definingOp;
    if (!cast || cast.name.name !== 'memref.cast' || !canFoldIntoConsumer(cast)) return false;
    const m = mixedOf(op);
    const castSrc = cast.operand(0).type as MemRefType;
    const inferred = inferSubViewType(castSrc, m);
    const unused = memrefRankReductionMask(op.operand(0).type as MemRefType, op.result(0).type as MemRefType, staticOf(m.sizes));
    if (!inferred || !unused) return false;
    const type = dropDims(inferred, unused);
    const sub = createSubView(rewriter, op, type, cast.operand(0), m);
    rewriter.replaceOp(op, createCast(rewriter, op, op.result(0).type as MemRefType, sub.result(0)).results);
    return true;
  },
  { name: 'SubViewOpMemRefCastFolder' },
);

function isTrivialSubView(op: Operation): boolean {
  const src = op.operand(0).type as MemRefType;
  const res = op.result(0).type as MemRefType;
  if (src.rank !== res.rank) return false;
  const m = mixedOf(op);
  const cst = (x: Value | number): number | undefined => {
    if (typeof x === 'number') return isDyn(x) ? undefined : x;
    const c = constInt(x);
    return c === undefined ? undefined : Number(c);
  };
  if (m.offsets.some((x) => cst(x) !== 0)) return false;
  if (m.strides.some((x) => cst(x) !== 1)) return false;
  return m.sizes.every((x, i) => {
    const c = cst(x);
    return c !== undefined && c === src.shape[i];
  });
}

const trivialSubViewOpFolder = legacyPattern(
  'memref.subview',
  (op, rewriter) => {
    if (!isTrivialSubView(op)) return false;
    const src = op.operand(0);
    if (src.type === op.result(0).type) {
      rewriter.replaceOp(op, [src]);
      return true;
    }
    rewriter.replaceOp(op, createCast(rewriter, op, op.result(0).type as MemRefType, src).results);
    return true;
  },
  { name: 'TrivialSubViewOpFolder' },
);

function hasStaticLayout(t: MemRefType): boolean {
  const l = t.layoutAttr;
  if (!(l instanceof StridedLayoutAttr)) return true;
  return !isDyn(l.offset) && !l.strides.some(isDyn);
}

function foldSubView(op: Operation): FoldResult | undefined {
  const src = op.operand(0).type as MemRefType;
  const res = op.result(0).type as MemRefType;
  if (res === src && !res.shape.some(isDyn) && hasStaticLayout(res)) return [op.operand(0)];
  const prev = op.operand(0).definingOp;
  if (prev && prev.name.name === 'memref.subview') {
    const m = mixedOf(op);
    const pm = mixedOf(prev);
    const isConst = (x: Value | number, n: number): boolean => (typeof x === 'number' ? x === n : constInt(x) === BigInt(n));
    const sameSizes = m.sizes.length === pm.sizes.length && m.sizes.every((x, i) => x === pm.sizes[i]);
    if (m.offsets.every((x) => isConst(x, 0)) && m.strides.every((x) => isConst(x, 1)) && sameSizes && res === src) return [op.operand(0)];
  }
  return undefined;
}

// ---- small folds

function foldAssumeAlignment(op: Operation): FoldResult | undefined {
  const src = op.operand(0).definingOp;
  if (!src || src.name.name !== 'memref.assume_alignment') return undefined;
  return src.propertiesView.get('alignment') === op.propertiesView.get('alignment') ? [op.operand(0)] : undefined;
}

function foldMemorySpaceCast(op: Operation): FoldResult | undefined {
  const src = op.operand(0).definingOp;
  if (!src || src.name.name !== 'memref.memory_space_cast') return undefined;
  op.setOperand(0, src.operand(0));
  return [op.result(0)];
}

export const MEMREF_FOLDS: Partial<Record<string, (op: Operation, operands: readonly (Attribute | undefined)[]) => FoldResult | undefined>> = {
  'memref.assume_alignment': foldAssumeAlignment,
  'memref.atomic_rmw': (op) => (foldMemRefCast(op, op.operand(0)) ? [op.result(0)] : undefined),
  'memref.cast': foldCast,
  'memref.copy': foldCopy,
  'memref.dealloc': castFoldInPlace,
  'memref.dim': foldDim,
  'memref.dma_start': castFoldInPlace,
  'memref.dma_wait': castFoldInPlace,
  'memref.load': castFoldInPlace,
  'memref.memory_space_cast': foldMemorySpaceCast,
  'memref.prefetch': castFoldInPlace,
  'memref.rank': foldRank,
  'memref.store': (op) => (foldMemRefCast(op, op.operand(0)) ? [] : undefined),
  'memref.subview': foldSubView,
  'memref.view': foldView,
};

export const MEMREF_PATTERNS: Partial<Record<string, () => readonly RewritePattern[]>> = {
  'memref.alloc': () => [simplifyAllocConst('memref.alloc'), simplifyDeadAlloc('memref.alloc')],
  'memref.alloca': () => [simplifyAllocConst('memref.alloca'), simplifyDeadAlloc('memref.alloca')],
  'memref.copy': () => [foldEmptyCopy, foldSelfCopy],
  'memref.subview': () => [subViewConstantArgumentFolder, subViewOpMemRefCastFolder, trivialSubViewOpFolder],
  'memref.view': () => [viewOpShapeFolder, viewOpMemrefCastFolder],
};
