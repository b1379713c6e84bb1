// memref folds and canonicalization patterns (MLIR 22's MemRefOps.cpp):
// memref.cast folded into its consumers, constant sizes/offsets/strides
// folded into alloc/view/subview types (with a cast back to the old type),
// dim of known sizes, the static metadata extract_strided_metadata yields,
// dead allocations, trivial copies and subviews.

import type { Attribute } from '../../ir/attributes.js';
import { Traits, isSimulatingFolds, type FoldResult } from '../../ir/context.js';
import { Interfaces, getInterface, type MemoryEffectsInterface } from '../../ir/interfaces.js';
import { AffineMap, type AffineDimExpr } from '../../ir/affine.js';
import { AffineMapAttr, IntegerAttr, StridedLayoutAttr } from '../../ir/builtin-attributes.js';
import { IndexType, MemRefType, UnrankedMemRefType, kDynamicI64 } from '../../ir/builtin-types.js';
import { Builder } from '../../ir/builder.js';
import { matchConstantInt } from '../../ir/matchers.js';
import type { Op, OpKind, Operation, Value } from '../../ir/operation.js';
import { pattern, type PatternRewriter, type RewritePattern } from '../../ir/pattern.js';
import { implementOp, type OpOf } from '../../ods/index.js';
import { cloneOp } from '../../transforms/clone.js';
import { ConstantOp, IndexCastOp } from '../arith/index.js';
import { isDyn, kDynamic, memrefRankReductionMask, stridesAndOffset } from './layout.js';
import {
  AllocOp,
  AllocaOp,
  AllocaScopeOp,
  AssumeAlignmentOp,
  AtomicRMWOp,
  CastOp,
  CopyOp,
  DeallocOp,
  DimOp,
  DmaStartOp,
  DmaWaitOp,
  ExtractStridedMetadataOp,
  LoadOp,
  MemorySpaceCastOp,
  PrefetchOp,
  RankOp,
  ReallocOp,
  ReinterpretCastOp,
  ReshapeOp,
  StoreOp,
  SubViewOp,
  TransposeOp,
  ViewOp,
  inferSubViewResultType,
  type AllocLikeHandle,
  type OpFoldResult,
} from './ops.js';

const toStatic = (v: bigint): number => (v === kDynamicI64 ? kDynamic : Number(v));
const fromStatic = (v: number): bigint => (isDyn(v) ? kDynamicI64 : BigInt(v));
const indexAttr = (v: number | bigint): IntegerAttr => IntegerAttr.get(IndexType.get(), BigInt(v));

/**
 * MLIR's matchConstantIndex: an `arith.constant` of index type (an
 * `index.constant` does not qualify), as its value.
 */
function constantIndex(v: Value): bigint | undefined {
  const c = ConstantOp.definingOp(v);
  if (!c || !(v.type instanceof IndexType)) return undefined;
  const a = ConstantOp.value(c);
  return a instanceof IntegerAttr ? a.value : undefined;
}
const isConstantIndex = (v: Value): boolean => constantIndex(v) !== undefined;

type AllocLikeName = (typeof AllocOp | typeof AllocaOp)['opName'];

// ---- memref.cast folding into consumers

/** foldMemRefCast: replaces operands produced by a ranked-source memref.cast with the cast's source (except `inner`). */
export function foldMemRefCast(op: Operation, inner?: Value): boolean {
  let folded = false;
  for (let i = 0; i < op.numOperands; i++) {
    const v = op.operand(i);
    const cast = CastOp.definingOp(v);
    if (!cast || v === inner) continue;
    const source = CastOp.source(cast);
    if (source.type instanceof UnrankedMemRefType) continue;
    op.setOperand(i, source);
    folded = true;
  }
  return folded;
}

/** CastOp::canFoldIntoConsumerOp: the cast only makes sizes, offset or strides more dynamic. */
export function canFoldIntoConsumer(cast: OpOf<typeof CastOp>): boolean {
  const src = CastOp.source(cast).type;
  const dst = CastOp.dest(cast).type;
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

/** Folds casts into the operands; the op's results (if any) are the fold result. */
const castFoldInPlace = (op: Operation): FoldResult | undefined => (foldMemRefCast(op) ? (op.numResults ? [...op.results] : []) : undefined);

/** Replaces the operand `from` of `op` with `to` (every occurrence). */
function replaceOperand(op: Operation, from: Value, to: Value): void {
  for (let i = 0; i < op.numOperands; i++) if (op.operand(i) === from) op.setOperand(i, to);
}

/**
 * ExtractStridedMetadataOp::fold: each used offset, size or stride result the
 * source type fixes is replaced by an index constant made before the op (an
 * in-place fold, as in MLIR 22, without telling the driver of the constants);
 * a memref.cast from a ranked memref is looked through.
 */
function foldExtractStridedMetadata(op: OpOf<typeof ExtractStridedMetadataOp>): FoldResult | undefined {
  // MLIR 22 builds the constants even under sccp's simulated folding, which
  // then sees IR it did not visit (remove-dead-values fails with a null
  // operand); scf-opt folds this op only for real.
  if (isSimulatingFolds()) return undefined;
  const X = ExtractStridedMetadataOp;
  const type = X.source(op).type;
  let changed = false;
  const layout = type instanceof MemRefType ? stridesAndOffset(type) : undefined;
  if (type instanceof MemRefType && layout !== undefined) {
    const b = new Builder(op.context);
    b.setInsertionPointBefore(op);
    const index = IndexType.get();
    const constify = (result: Value, known: number): void => {
      if (isDyn(known) || !result.hasUses) return;
      const c = ConstantOp.build(b, { value: IntegerAttr.get(index, BigInt(known)), result: index, locationOf: op });
      result.replaceAllUsesWith(c.results[0]);
      changed = true;
    };
    constify(X.offset(op), layout.offset);
    X.sizes(op).forEach((r, i) => constify(r, type.shape[i]));
    X.strides(op).forEach((r, i) => constify(r, layout.strides[i]));
  }
  const cast = CastOp.definingOp(X.source(op));
  if (cast && CastOp.source(cast).type instanceof MemRefType) {
    replaceOperand(op, X.source(op), CastOp.source(cast));
    changed = true;
  }
  // [] is "updated in place" for an op of several results.
  return changed ? [] : undefined;
}

function foldCast(op: OpOf<typeof CastOp>): FoldResult | undefined {
  const folded = foldMemRefCast(op);
  // CastOpInterface: a cast between identical types is its operand.
  const source = CastOp.source(op);
  if (source.type === CastOp.dest(op).type) return [source];
  return folded ? [CastOp.dest(op)] : undefined;
}

function foldCopy(op: OpOf<typeof CopyOp>): FoldResult | undefined {
  for (let i = 0; i < op.numOperands; i++) {
    const cast = CastOp.definingOp(op.operand(i));
    if (cast && canFoldIntoConsumer(cast)) {
      op.setOperand(i, CastOp.source(cast));
      return [];
    }
  }
  return undefined;
}

// ---- dim

/** Position of dim `i` among the dynamic dims of `shape`. */
const dynamicDimIndex = (shape: readonly number[], i: number): number => shape.slice(0, i).filter(isDyn).length;

function foldDim(op: OpOf<typeof DimOp>, operands: readonly (Attribute | undefined)[]): FoldResult | undefined {
  const index = operands[1];
  if (!(index instanceof IntegerAttr)) return undefined;
  const source = DimOp.source(op);
  const t = source.type;
  if (!(t instanceof MemRefType)) return undefined;
  const i = index.value;
  if (i < 0n || i >= BigInt(t.rank)) return undefined;
  const d = Number(i);
  if (!isDyn(t.shape[d])) return [indexAttr(t.shape[d])];
  const alloc = AllocOp.definingOp(source);
  if (alloc) return [AllocOp.dynamicSizes(alloc)[dynamicDimIndex(t.shape, d)]];
  const alloca = AllocaOp.definingOp(source);
  if (alloca) return [AllocaOp.dynamicSizes(alloca)[dynamicDimIndex(t.shape, d)]];
  const view = ViewOp.definingOp(source);
  if (view) return [ViewOp.sizes(view)[dynamicDimIndex(t.shape, d)]];
  const sub = SubViewOp.definingOp(source);
  if (sub) {
    const unused = SubViewOp.droppedDims(sub);
    const srcRank = (SubViewOp.source(sub).type as MemRefType).rank;
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
    const size = SubViewOp.mixedSizes(sub)[sourceIndex];
    return typeof size === 'number' ? undefined : [size];
  }
  return foldMemRefCast(op) ? [DimOp.result(op)] : undefined;
}

/**
 * dim(reshape(x, shape), i) is shape[i], loaded right after the reshape (the
 * shape buffer may change later); only when `i` is cheaply seen to dominate
 * the reshape.
 */
const dimOfMemRefReshape = pattern(
  DimOp,
  (op, rewriter) => {
    const reshape = ReshapeOp.definingOp(DimOp.source(op));
    if (!reshape) return false;
    const index = DimOp.index(op);
    const indexBlock = index.parentBlock;
    if (indexBlock === reshape.parentBlock) {
      const def = index.definingOp;
      if (def && reshape.isBeforeInBlock(def)) return false;
    } else if (op.parentBlock !== reshape.parentBlock) {
      const indexRegion = indexBlock?.parent;
      const reshapeRegion = reshape.parentRegion;
      if (!indexRegion || !reshapeRegion || indexRegion === reshapeRegion || !indexRegion.isAncestorOf(reshapeRegion)) return false;
    }
    rewriter.setInsertionPointAfter(reshape);
    let value = LoadOp.result(LoadOp.build(rewriter, { memref: ReshapeOp.shape(reshape), indices: [index], location: op.location }));
    const type = DimOp.result(op).type;
    if (value.type !== type) value = IndexCastOp.out(IndexCastOp.build(rewriter, { in: value, out: type, location: op.location }));
    rewriter.replaceOp(op, [value]);
    return true;
  },
  { name: 'DimOfMemRefReshape' },
);

function foldRank(op: OpOf<typeof RankOp>): FoldResult | undefined {
  const t = RankOp.memref(op).type;
  return t instanceof MemRefType ? [indexAttr(t.rank)] : undefined;
}

// ---- alloc / alloca

/** A memref.cast of `source` to `type`, replacing `op`. */
function replaceWithCast(rewriter: PatternRewriter, op: Operation, type: MemRefType, source: Value): void {
  rewriter.replaceOp(op, [CastOp.dest(CastOp.build(rewriter, { source, dest: type, location: op.location }))]);
}

/** SimplifyAllocConst: non-negative constant dynamic sizes become static dims. */
function simplifyAllocConst<N extends AllocLikeName>(handle: AllocLikeHandle<N>): RewritePattern {
  return pattern(
    handle,
    (op, rewriter) => {
      const dyn = handle.dynamicSizes(op);
      const isFoldable = (v: Value): boolean => {
        const c = matchConstantInt(v);
        return c !== undefined && c >= 0n;
      };
      if (!dyn.some(isFoldable)) return false;
      const type = handle.memref(op).type as MemRefType;
      const shape: number[] = [];
      const kept: Value[] = [];
      let pos = 0;
      for (const s of type.shape) {
        if (!isDyn(s)) {
          shape.push(s);
          continue;
        }
        const v = dyn[pos++];
        const c = matchConstantInt(v);
        if (c !== undefined && c >= 0n) shape.push(Number(BigInt.asUintN(64, c)));
        else {
          shape.push(kDynamic);
          kept.push(v);
        }
      }
      const newType = MemRefType.get(shape, type.elementType, type.layoutAttr, type.memorySpace);
      const alloc = handle.build(rewriter, {
        dynamicSizes: kept,
        symbolOperands: handle.symbolOperands(op),
        memref: newType,
        alignment: handle.alignment(op),
        location: op.location,
      });
      replaceWithCast(rewriter, op, type, handle.memref(alloc));
      return true;
    },
    { name: 'SimplifyAllocConst' },
  );
}

/** SimplifyDeadAlloc: an allocation only stored into and deallocated is erased with its users. */
function simplifyDeadAlloc<N extends string>(handle: OpKind<N>, allocated: (op: Op<N>) => Value): RewritePattern {
  return pattern(
    handle,
    (op, rewriter) => {
      const r = allocated(op);
      const users = [...r.uses()].map((u) => u.owner);
      for (const u of users) {
        if (StoreOp.isa(u)) {
          if (StoreOp.value(u) === r) return false;
        } else if (!DeallocOp.isa(u)) return false;
      }
      for (const u of new Set(users)) rewriter.eraseOp(u);
      rewriter.eraseOp(op);
      return true;
    },
    { name: 'SimplifyDeadAlloc' },
  );
}

// ---- alloca_scope

const STACK = 'AutomaticAllocationScopeResource';

/** Whether `op` declares an allocation of one of its results in the enclosing allocation scope. */
function allocatesOnStack(op: Operation): boolean {
  if (op.hasTrait(Traits.Pure)) return false;
  const iface = getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects);
  if (!iface) return false;
  const results = new Set<Value>(op.results);
  return iface.getEffects(op).some((e) => e.kind === 'allocate' && e.resource === STACK && e.value !== undefined && results.has(e.value));
}

/** Whether `op` itself (not what it contains) may allocate on the stack: unknown effects count. */
function mayAllocateOnStack(op: Operation): boolean {
  if (op.hasTrait(Traits.RecursiveMemoryEffects)) return false;
  if (!op.hasTrait(Traits.Pure) && !getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects)) return true;
  return allocatesOnStack(op);
}

/** The op is the only one before the terminator's position at the end of a single-block region (moving past it cannot extend lifetimes). */
function lastNonTerminatorInRegion(op: Operation): boolean {
  const block = op.parentBlock!;
  const last = block.last;
  const mightBeTerminator = last !== null && (last.hasTrait(Traits.IsTerminator) || !last.isRegistered);
  const region = block.parent!;
  return mightBeTerminator && op.next === last && region.firstBlock === region.lastBlock;
}

/** An alloca_scope whose body cannot allocate, or whose end is its parent scope's end, is inlined. */
const allocaScopeInliner = pattern(
  AllocaScopeOp,
  (op, rewriter) => {
    const mayAllocate = !op.walk((inner) => {
      if (inner === op) return 'advance';
      if (mayAllocateOnStack(inner)) return 'interrupt';
      return inner.hasTrait(Traits.AutomaticAllocationScope) ? 'skip' : 'advance';
    }, 'pre');
    if (mayAllocate) {
      if (!op.parentOp?.hasTrait(Traits.AutomaticAllocationScope)) return false;
      if (!lastNonTerminatorInRegion(op)) return false;
    }
    const body = AllocaScopeOp.bodyRegion(op).firstBlock!;
    const terminator = body.terminator!;
    const results = terminator.operands;
    rewriter.inlineBlockBefore(body, op.parentBlock!, op);
    rewriter.replaceOp(op, results);
    rewriter.eraseOp(terminator);
    return true;
  },
  { name: 'AllocaScopeInliner' },
);

/**
 * Stack allocations in an alloca_scope that ends its non-scope parents are
 * hoisted before the outermost such parent, when their operands are
 * available there.
 */
const allocaScopeHoister = pattern(
  AllocaScopeOp,
  (op, rewriter) => {
    const hasScope = (o: Operation | null): boolean => o !== null && o.hasTrait(Traits.AutomaticAllocationScope);
    let scope = op.parentOp;
    while (scope && !hasScope(scope)) scope = scope.parentOp;
    if (!scope) return false;
    let outer = op.parentOp;
    if (!outer || hasScope(outer)) return false;
    if (!lastNonTerminatorInRegion(op) || !lastNonTerminatorInRegion(outer)) return false;
    while (!hasScope(outer.parentOp)) {
      outer = outer.parentOp;
      if (!outer || !lastNonTerminatorInRegion(outer)) return false;
    }
    const innerRegion = op.parentRegion!;
    const containing = outer.regions.find((r) => r.isAncestorOf(innerRegion))!;
    const toHoist: Operation[] = [];
    // Post-order, as MLIR's walk: nested scopes are not skipped.
    op.walk((inner) => {
      if (!allocatesOnStack(inner)) return 'skip';
      for (const v of inner.operands) {
        const r = v.parentBlock?.parent;
        if (r && containing.isAncestorOf(r)) return 'skip';
      }
      toHoist.push(inner);
      return 'advance';
    });
    if (!toHoist.length) return false;
    rewriter.setInsertionPointBefore(outer);
    for (const alloc of toHoist) {
      const copy = rewriter.insert(cloneOp(alloc));
      rewriter.replaceOp(alloc, copy.results);
    }
    return true;
  },
  { name: 'AllocaScopeHoister' },
);

// ---- copy

const foldEmptyCopy = pattern(
  CopyOp,
  (op, rewriter) => {
    const empty = (v: Value): boolean => v.type instanceof MemRefType && v.type.shape.includes(0);
    if (!empty(CopyOp.source(op)) && !empty(CopyOp.target(op))) return false;
    rewriter.eraseOp(op);
    return true;
  },
  { name: 'FoldEmptyCopy' },
);

const foldSelfCopy = pattern(
  CopyOp,
  (op, rewriter) => {
    if (CopyOp.source(op) !== CopyOp.target(op)) return false;
    rewriter.eraseOp(op);
    return true;
  },
  { name: 'FoldSelfCopy' },
);

// ---- view

function foldView(op: OpOf<typeof ViewOp>): FoldResult | undefined {
  const source = ViewOp.source(op);
  const res = ViewOp.result(op).type as MemRefType;
  if (source.type === res && !res.shape.some(isDyn)) return [source];
  return undefined;
}

const viewOpShapeFolder = pattern(
  ViewOp,
  (op, rewriter) => {
    if (!op.operands.some(isConstantIndex)) return false;
    const type = ViewOp.result(op).type as MemRefType;
    if (!stridesAndOffset(type)) return false;
    const sizes = ViewOp.sizes(op);
    const shape: number[] = [];
    const kept: Value[] = [];
    let pos = 0;
    for (const s of type.shape) {
      if (!isDyn(s)) {
        shape.push(s);
        continue;
      }
      const v = sizes[pos++];
      const c = constantIndex(v);
      if (c !== undefined) shape.push(Number(c));
      else {
        shape.push(s);
        kept.push(v);
      }
    }
    const newType = MemRefType.get(shape, type.elementType, type.layoutAttr, type.memorySpace);
    if (newType === type) return false;
    const view = ViewOp.build(rewriter, {
      source: ViewOp.source(op),
      byte_shift: ViewOp.byte_shift(op),
      sizes: kept,
      result: newType,
      location: op.location,
    });
    replaceWithCast(rewriter, op, type, ViewOp.result(view));
    return true;
  },
  { name: 'ViewOpShapeFolder' },
);

const viewOpMemrefCastFolder = pattern(
  ViewOp,
  (op, rewriter) => {
    const cast = CastOp.definingOp(ViewOp.source(op));
    if (!cast) return false;
    const alloc = AllocOp.definingOp(CastOp.source(cast));
    if (!alloc) return false;
    const view = ViewOp.build(rewriter, {
      source: CastOp.source(cast),
      byte_shift: ViewOp.byte_shift(op),
      sizes: ViewOp.sizes(op),
      result: ViewOp.result(op).type,
      location: op.location,
    });
    rewriter.replaceOp(op, [ViewOp.result(view)]);
    return true;
  },
  { name: 'ViewOpMemrefCastFolder' },
);

// ---- subview

interface Mixed {
  offsets: OpFoldResult[];
  sizes: OpFoldResult[];
  strides: OpFoldResult[];
}

function mixedOf(op: OpOf<typeof SubViewOp>): Mixed {
  return { offsets: SubViewOp.mixedOffsets(op), sizes: SubViewOp.mixedSizes(op), strides: SubViewOp.mixedStrides(op) };
}

const staticOf = (l: readonly OpFoldResult[]): number[] => l.map((x) => (typeof x === 'number' ? x : kDynamic));
const dynamicOf = (l: readonly OpFoldResult[]): Value[] => l.filter((x): x is Value => typeof x !== 'number');

/** foldDynamicIndexList: constant operands become static entries. */
function foldDynamicIndexList(l: OpFoldResult[], onlyNonNegative: boolean): boolean {
  let changed = false;
  for (let i = 0; i < l.length; i++) {
    const x = l[i];
    if (typeof x === 'number') continue;
    const c = matchConstantInt(x);
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
  if (!stridesAndOffset(src)) return undefined;
  return inferSubViewResultType(src, staticOf(m.offsets), staticOf(m.sizes), staticOf(m.strides));
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

/** A subview of `source` with `m` and result `type`, cast back to `op`'s result type, replacing `op`. */
function replaceWithSubView(rewriter: PatternRewriter, op: OpOf<typeof SubViewOp>, type: MemRefType, source: Value, m: Mixed): void {
  const sub = SubViewOp.build(rewriter, {
    source,
    offsets: dynamicOf(m.offsets),
    sizes: dynamicOf(m.sizes),
    strides: dynamicOf(m.strides),
    static_offsets: staticOf(m.offsets).map(fromStatic),
    static_sizes: staticOf(m.sizes).map(fromStatic),
    static_strides: staticOf(m.strides).map(fromStatic),
    result: type,
    location: op.location,
  });
  replaceWithCast(rewriter, op, SubViewOp.result(op).type as MemRefType, SubViewOp.result(sub));
}

const subViewConstantArgumentFolder = pattern(
  SubViewOp,
  (op, rewriter) => {
    const m = mixedOf(op);
    const a = foldDynamicIndexList(m.offsets, true);
    const b = foldDynamicIndexList(m.sizes, true);
    const c = foldDynamicIndexList(m.strides, false);
    if (!a && !b && !c) return false;
    const source = SubViewOp.source(op);
    const src = source.type as MemRefType;
    if (!inBoundsSlice(src.shape, m)) return false;
    const inferred = inferSubViewType(src, m);
    if (!inferred) return false;
    replaceWithSubView(rewriter, op, dropDims(inferred, SubViewOp.droppedDims(op)), source, m);
    return true;
  },
  { name: 'OpWithOffsetSizesAndStridesConstantArgumentFolder' },
);

const subViewOpMemRefCastFolder = pattern(
  SubViewOp,
  (op, rewriter) => {
    if (op.operands.some(isConstantIndex)) return false;
    const cast = CastOp.definingOp(SubViewOp.source(op));
    if (!cast || !canFoldIntoConsumer(cast)) return false;
    const m = mixedOf(op);
    const castSource = CastOp.source(cast);
    const inferred = inferSubViewType(castSource.type as MemRefType, m);
    const unused = memrefRankReductionMask(SubViewOp.source(op).type as MemRefType, SubViewOp.result(op).type as MemRefType, staticOf(m.sizes));
    if (!inferred || !unused) return false;
    replaceWithSubView(rewriter, op, dropDims(inferred, unused), castSource, m);
    return true;
  },
  { name: 'SubViewOpMemRefCastFolder' },
);

function isTrivialSubView(op: OpOf<typeof SubViewOp>): boolean {
  const src = SubViewOp.source(op).type as MemRefType;
  const res = SubViewOp.result(op).type as MemRefType;
  if (src.rank !== res.rank) return false;
  const m = mixedOf(op);
  const cst = (x: OpFoldResult): number | undefined => {
    if (typeof x === 'number') return isDyn(x) ? undefined : x;
    const c = matchConstantInt(x);
    return c === undefined ? undefined : Number(c);
  };
  if (m.offsets.some((x) => cst(x) !== 0)) return false;
  if (m.strides.some((x) => cst(x) !== 1)) return false;
  return m.sizes.every((x, i) => {
    const c = cst(x);
    return c !== undefined && c === src.shape[i];
  });
}

const trivialSubViewOpFolder = pattern(
  SubViewOp,
  (op, rewriter) => {
    if (!isTrivialSubView(op)) return false;
    const src = SubViewOp.source(op);
    const type = SubViewOp.result(op).type as MemRefType;
    if (src.type === type) rewriter.replaceOp(op, [src]);
    else replaceWithCast(rewriter, op, type, src);
    return true;
  },
  { name: 'TrivialSubViewOpFolder' },
);

function hasStaticLayout(t: MemRefType): boolean {
  const l = t.layoutAttr;
  if (!(l instanceof StridedLayoutAttr)) return true;
  return !isDyn(l.offset) && !l.strides.some(isDyn);
}

function foldSubView(op: OpOf<typeof SubViewOp>): FoldResult | undefined {
  const source = SubViewOp.source(op);
  const src = source.type as MemRefType;
  const res = SubViewOp.result(op).type as MemRefType;
  if (res === src && !res.shape.some(isDyn) && hasStaticLayout(res)) return [source];
  const prev = SubViewOp.definingOp(source);
  if (prev) {
    const m = mixedOf(op);
    const pm = mixedOf(prev);
    const isConst = (x: OpFoldResult, n: number): boolean => (typeof x === 'number' ? x === n : matchConstantInt(x) === BigInt(n));
    const sameSizes = m.sizes.length === pm.sizes.length && m.sizes.every((x, i) => x === pm.sizes[i]);
    if (m.offsets.every((x) => isConst(x, 0)) && m.strides.every((x) => isConst(x, 1)) && sameSizes && res === src) return [source];
  }
  return undefined;
}

// ---- reinterpret_cast

const R = ReinterpretCastOp;

/** isZeroInteger: a static 0 or a constant 0 operand. */
const isZeroOfr = (x: OpFoldResult): boolean => (typeof x === 'number' ? x === 0 : matchConstantInt(x) === 0n);

/**
 * constifyIndexValues: an entry the type fixes (`known`) becomes that number,
 * a constant operand its value; other operands stay.
 */
function constify(l: readonly OpFoldResult[], known: readonly number[]): OpFoldResult[] {
  return l.map((x, i) => {
    if (!isDyn(known[i])) return known[i];
    if (typeof x === 'number') return x;
    const c = matchConstantInt(x);
    return c === undefined ? x : toStatic(BigInt.asIntN(64, c));
  });
}

/** The offset, sizes and strides of a value of `type` as far as its type and `m` tell. */
function constifiedMetadata(type: MemRefType, m: Mixed): Mixed {
  const so = stridesAndOffset(type)!;
  return { offsets: constify(m.offsets, [so.offset]), sizes: constify(m.sizes, type.shape), strides: constify(m.strides, so.strides) };
}

function reinterpretCastMixed(op: OpOf<typeof R>): Mixed {
  return { offsets: R.mixedOffsets(op), sizes: R.mixedSizes(op), strides: R.mixedStrides(op) };
}

const sameList = (a: readonly OpFoldResult[], b: readonly OpFoldResult[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

function foldReinterpretCast(op: OpOf<typeof R>): FoldResult | undefined {
  const source = R.source(op);
  // Only the base pointer of the source matters: look through views that keep it.
  let base: Value | undefined;
  const rc = R.definingOp(source);
  const cast = CastOp.definingOp(source);
  const sub = SubViewOp.definingOp(source);
  if (rc) base = R.source(rc);
  else if (cast) base = CastOp.source(cast);
  else if (sub && SubViewOp.mixedOffsets(sub).every(isZeroOfr)) base = SubViewOp.source(sub);
  if (base) {
    replaceOperand(op, source, base);
    return [R.result(op)];
  }
  const res = R.result(op).type as MemRefType;
  if (res.hasStaticShape && source.type === res && R.mixedOffsets(op)[0] === 0) return [source];
  return undefined;
}

/**
 * reinterpret_cast(extract_strided_metadata(x)) rebuilding x's own metadata
 * is x (with a cast when the types differ); otherwise the cast reads x directly.
 */
const reinterpretCastOpExtractStridedMetadataFolder = pattern(
  R,
  (op, rewriter) => {
    const meta = ExtractStridedMetadataOp.definingOp(R.source(op));
    if (!meta) return false;
    const X = ExtractStridedMetadataOp;
    const x = X.source(meta);
    const xType = x.type as MemRefType;
    const have = constifiedMetadata(xType, { offsets: [X.offset(meta)], sizes: X.sizes(meta), strides: X.strides(meta) });
    const want = constifiedMetadata(R.result(op).type as MemRefType, reinterpretCastMixed(op));
    const noop = sameList(have.strides, want.strides) && sameList(have.sizes, want.sizes) && have.offsets[0] === want.offsets[0];
    if (!noop) {
      rewriter.modifyOpInPlace(op, () => replaceOperand(op, R.source(op), x));
      return true;
    }
    const type = R.result(op).type as MemRefType;
    if (xType === type) rewriter.replaceOp(op, [x]);
    else replaceWithCast(rewriter, op, type, x);
    return true;
  },
  { name: 'ReinterpretCastOpExtractStridedMetadataFolder' },
);

/** Constant operands (and entries the result type fixes) become static, with a cast back to the old type. */
const reinterpretCastOpConstantFolder = pattern(
  R,
  (op, rewriter) => {
    const m = reinterpretCastMixed(op);
    const statics = (x: Mixed): number => [...x.offsets, ...x.sizes, ...x.strides].filter((e) => typeof e === 'number').length;
    const c = constifiedMetadata(R.result(op).type as MemRefType, m);
    if (statics(c) === statics(m)) return false;
    const source = R.source(op);
    const srcType = source.type as MemRefType | UnrankedMemRefType;
    const offset = staticOf(c.offsets)[0];
    const type = MemRefType.get(staticOf(c.sizes), srcType.elementType, StridedLayoutAttr.get(offset, staticOf(c.strides)), srcType.memorySpace);
    const folded = R.build(rewriter, {
      source,
      offsets: dynamicOf(c.offsets),
      sizes: dynamicOf(c.sizes),
      strides: dynamicOf(c.strides),
      static_offsets: staticOf(c.offsets).map(fromStatic),
      static_sizes: staticOf(c.sizes).map(fromStatic),
      static_strides: staticOf(c.strides).map(fromStatic),
      result: type,
      location: op.location,
    });
    replaceWithCast(rewriter, op, R.result(op).type as MemRefType, R.result(folded));
    return true;
  },
  { name: 'ReinterpretCastOpConstantFolder' },
);

// ---- transpose

function foldTranspose(op: OpOf<typeof TransposeOp>): FoldResult | undefined {
  const input = TransposeOp.in(op);
  const perm = TransposeOp.permutation(op);
  if (perm.isIdentity() && TransposeOp.result(op).type === input.type) return [input];
  // Two transposes are one, with the permutations composed (both are permutations: the verifier says so).
  const prev = TransposeOp.definingOp(input);
  if (!prev) return undefined;
  const inner = TransposeOp.permutation(prev);
  const composed = AffineMap.get(
    inner.numDims,
    inner.numSymbols,
    perm.results.map((e) => inner.results[(e as AffineDimExpr).position]),
  );
  replaceOperand(op, input, TransposeOp.in(prev));
  op.setAttr('permutation', AffineMapAttr.get(composed));
  return [TransposeOp.result(op)];
}

// ---- small folds

function foldAssumeAlignment(op: OpOf<typeof AssumeAlignmentOp>): FoldResult | undefined {
  const source = AssumeAlignmentOp.memref(op);
  const src = AssumeAlignmentOp.definingOp(source);
  if (!src) return undefined;
  return AssumeAlignmentOp.alignment(src) === AssumeAlignmentOp.alignment(op) ? [source] : undefined;
}

function foldMemorySpaceCast(op: OpOf<typeof MemorySpaceCastOp>): FoldResult | undefined {
  const source = MemorySpaceCastOp.source(op);
  const src = MemorySpaceCastOp.definingOp(source);
  if (!src) return undefined;
  replaceOperand(op, source, MemorySpaceCastOp.source(src));
  return [MemorySpaceCastOp.dest(op)];
}

// ============================================================================
// Hookup (patterns in MLIR's order and with its benefits)

implementOp(AllocOp, { canonicalizationPatterns: [simplifyAllocConst(AllocOp), simplifyDeadAlloc(AllocOp, AllocOp.memref)] });
implementOp(AllocaOp, { canonicalizationPatterns: [simplifyAllocConst(AllocaOp), simplifyDeadAlloc(AllocaOp, AllocaOp.memref)] });
implementOp(AllocaScopeOp, { canonicalizationPatterns: [allocaScopeInliner, allocaScopeHoister] });
implementOp(AssumeAlignmentOp, { fold: foldAssumeAlignment });
implementOp(AtomicRMWOp, { fold: (op) => (foldMemRefCast(op, AtomicRMWOp.value(op)) ? [AtomicRMWOp.result(op)] : undefined) });
implementOp(CastOp, { fold: foldCast });
implementOp(CopyOp, { fold: foldCopy, canonicalizationPatterns: [foldEmptyCopy, foldSelfCopy] });
implementOp(DeallocOp, { fold: castFoldInPlace });
implementOp(DimOp, { fold: foldDim, canonicalizationPatterns: [dimOfMemRefReshape] });
implementOp(ExtractStridedMetadataOp, { fold: foldExtractStridedMetadata });
implementOp(DmaStartOp, { fold: castFoldInPlace });
implementOp(DmaWaitOp, { fold: castFoldInPlace });
implementOp(LoadOp, { fold: castFoldInPlace });
implementOp(MemorySpaceCastOp, { fold: foldMemorySpaceCast });
implementOp(PrefetchOp, { fold: castFoldInPlace });
implementOp(RankOp, { fold: foldRank });
implementOp(ReallocOp, { canonicalizationPatterns: [simplifyDeadAlloc(ReallocOp, ReallocOp.result)] });
implementOp(ReinterpretCastOp, {
  fold: foldReinterpretCast,
  canonicalizationPatterns: [reinterpretCastOpExtractStridedMetadataFolder, reinterpretCastOpConstantFolder],
});
implementOp(StoreOp, { fold: (op) => (foldMemRefCast(op, StoreOp.value(op)) ? [] : undefined) });
implementOp(SubViewOp, {
  fold: foldSubView,
  canonicalizationPatterns: [subViewConstantArgumentFolder, subViewOpMemRefCastFolder, trivialSubViewOpFolder],
});
implementOp(TransposeOp, { fold: foldTranspose });
implementOp(ViewOp, { fold: foldView, canonicalizationPatterns: [viewOpShapeFolder, viewOpMemrefCastFolder] });
