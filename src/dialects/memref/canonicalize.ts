// memref folds and canonicalization patterns (MLIR 22's MemRefOps.cpp):
// memref.cast folded into its consumers, constant sizes/offsets/strides
// folded into alloc/view/subview/reinterpret_cast types (with a cast back to
// the old type), dim of known sizes and of memref.reshape, the static
// metadata extract_strided_metadata yields and reinterpret_casts that rebuild
// it, dead allocations and reallocs, trivial copies and subviews, composed
// and cancelled collapse_shape/expand_shape pairs and transposes, and
// alloca_scopes inlined or emptied of their stack allocations.

import type { Attribute, Type } from '../../ir/attributes.js';
import { Traits, isSimulatingFolds, type FoldResult } from '../../ir/context.js';
import { Interfaces, getInterface, type MemoryEffectsInterface } from '../../ir/interfaces.js';
import { AffineMap, type AffineDimExpr } from '../../ir/affine.js';
import { AffineMapAttr, ArrayAttr, IntegerAttr, StridedLayoutAttr } from '../../ir/builtin-attributes.js';
import { IndexType, IntegerType, MemRefType, UnrankedMemRefType, kDynamicI64 } from '../../ir/builtin-types.js';
import { Builder } from '../../ir/builder.js';
import { matchConstantInt } from '../../ir/matchers.js';
import type { Op, OpKind, Operation, Value } from '../../ir/operation.js';
import { pattern, type PatternRewriter, type RewritePattern } from '../../ir/pattern.js';
import { implementOp, type OpOf } from '../../ods/index.js';
import { cloneOp } from '../../transforms/clone.js';
import { ConstantOp, IndexCastOp, MulIOp } from '../arith/index.js';
import { isDyn, kDynamic, layoutIsIdentity, memrefRankReductionMask, satMul, stridesAndOffset } from './layout.js';
import {
  AllocOp,
  AllocaOp,
  AllocaScopeOp,
  AssumeAlignmentOp,
  AtomicRMWOp,
  CastOp,
  CollapseShapeOp,
  CopyOp,
  DeallocOp,
  DimOp,
  DmaStartOp,
  DmaWaitOp,
  ExpandShapeOp,
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
  castCompatible,
  computeCollapsedLayout,
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

/** The op is followed only by its block's terminator, in a single-block region: ending its scope there extends no lifetime. */
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

// ---- collapse_shape / expand_shape

type Groups = number[][];

const C = CollapseShapeOp;
const E = ExpandShapeOp;

const i64 = IntegerType.get(64);
const reassociationAttr = (groups: Groups): ArrayAttr => ArrayAttr.get(groups.map((g) => ArrayAttr.get(g.map((d) => IntegerAttr.get(i64, BigInt(d))))));
const sameGroups = (a: Groups, b: Groups): boolean => a.length === b.length && a.every((g, i) => sameList(g, b[i]));
const countDynamic = (shape: readonly number[]): number => shape.filter(isDyn).length;
const nonIdentityLayout = (t: Type): boolean => t instanceof MemRefType && !layoutIsIdentity(t);

/** CollapseShapeOp::computeCollapsedType (the layout is assumed computable). */
function computeCollapsedType(src: MemRefType, groups: Groups): MemRefType {
  const shape = groups.map((g) => g.reduce((n, d) => satMul(n, src.shape[d]), 1));
  const layout = layoutIsIdentity(src) ? undefined : computeCollapsedLayout(src, groups);
  return MemRefType.get(shape, src.elementType, layout, src.memorySpace);
}

interface ReshapeView {
  src: Value;
  result: Value;
  groups: Groups;
}
const collapseView = (op: OpOf<typeof C>): ReshapeView => ({ src: C.src(op), result: C.result(op), groups: C.reassociationIndices(op) });
const expandView = (op: OpOf<typeof E>): ReshapeView => ({ src: E.src(op), result: E.result(op), groups: E.reassociationIndices(op) });

/**
 * foldReshapeOp: a reshape to its own type is its source, and a reshape of
 * the inverse reshape is the original value when the types match and the
 * dynamic dims cannot be regrouped differently.
 */
function foldReshape(op: ReshapeView, inverse: ReshapeView | undefined): FoldResult | undefined {
  if (op.src.type === op.result.type) return [op.src];
  if (!inverse) return undefined;
  const srcType = inverse.src.type as MemRefType;
  if (srcType !== op.result.type) return undefined;
  if (countDynamic(srcType.shape) < 2) return [inverse.src];
  if (!sameGroups(op.groups, inverse.groups)) return undefined;
  // Expanding then collapsing back is always the identity.
  if (srcType.rank < (inverse.result.type as MemRefType).rank) return [inverse.src];
  if (op.groups.every((g) => countDynamic(srcType.shape.slice(g[0], g[0] + g.length)) < 2)) return [inverse.src];
  return undefined;
}

/** composeReassociationIndices: the groups of two reshapes in the same direction as one. */
function composeReassociation(producer: Groups, consumer: Groups): Groups | undefined {
  if (producer.length === consumer.length) return undefined;
  if (producer.length < consumer.length) [producer, consumer] = [consumer, producer];
  if (!consumer.length) return [];
  if (producer.length !== consumer.reduce((n, g) => n + g.length, 0)) return undefined;
  return consumer.map((g) => g.flatMap((d) => producer[d]));
}

/** A collapse_shape of `src` into `type`, replacing `op`. */
function replaceWithCollapse(rewriter: PatternRewriter, op: Operation, type: MemRefType, src: Value, groups: Groups): void {
  const c = C.build(rewriter, { src, reassociation: reassociationAttr(groups), result: type, location: op.location });
  rewriter.replaceOp(op, [C.result(c)]);
}

/** An expand_shape of `src` into `type` with the given output shape, replacing `op`. */
function replaceWithExpand(rewriter: PatternRewriter, op: Operation, type: MemRefType, src: Value, groups: Groups, shape: readonly OpFoldResult[]): void {
  const e = E.build(rewriter, {
    src,
    reassociation: reassociationAttr(groups),
    output_shape: dynamicOf(shape),
    static_output_shape: staticOf(shape).map(fromStatic),
    result: type,
    location: op.location,
  });
  rewriter.replaceOp(op, [E.result(e)]);
}

/** ComposeReassociativeReshapeOps: two collapses (or two expands) in a row are one. */
function composeReassociativeReshapes(rewriter: PatternRewriter, op: Operation, view: ReshapeView, prev: ReshapeView | undefined, outputShape?: OpFoldResult[]): boolean {
  if (!prev) return false;
  if (nonIdentityLayout(prev.src.type) || nonIdentityLayout(view.src.type) || nonIdentityLayout(view.result.type)) return false;
  const groups = composeReassociation(prev.groups, view.groups);
  if (!groups) return false;
  const type = view.result.type as MemRefType;
  if (outputShape) replaceWithExpand(rewriter, op, type, prev.src, groups, outputShape);
  else replaceWithCollapse(rewriter, op, type, prev.src, groups);
  return true;
}

const composeCollapses = pattern(
  C,
  (op, rewriter) => {
    const prev = C.definingOp(C.src(op));
    return composeReassociativeReshapes(rewriter, op, collapseView(op), prev && collapseView(prev));
  },
  { name: 'ComposeReassociativeReshapeOps' },
);

const composeExpands = pattern(
  E,
  (op, rewriter) => {
    const prev = E.definingOp(E.src(op));
    return composeReassociativeReshapes(rewriter, op, expandView(op), prev && expandView(prev), E.mixedOutputShape(op));
  },
  { name: 'ComposeReassociativeReshapeOps' },
);

/** getConstantIntValue of an OpFoldResult. */
const constantOfr = (x: OpFoldResult): bigint | undefined => (typeof x === 'number' ? BigInt(x) : matchConstantInt(x));

/**
 * ComposeCollapseOfExpandOp: collapse(expand(x)) is one collapse or expand
 * of x (or a cast) when each group of the smaller side is a union of groups
 * of the larger one.
 */
const composeCollapseOfExpand = pattern(
  C,
  (op, rewriter) => {
    const expand = E.definingOp(C.src(op));
    if (!expand) return false;
    const x = E.src(expand);
    const srcType = x.type as MemRefType;
    const resultType = C.result(op).type as MemRefType;
    if (nonIdentityLayout(C.src(op).type) || nonIdentityLayout(x.type) || nonIdentityLayout(E.result(expand).type)) return false;
    if (srcType === resultType) return false;
    const collapseGroups = C.reassociationIndices(op);
    const expandGroups = E.reassociationIndices(expand);
    const [higher, lower] = srcType.rank > resultType.rank ? [expandGroups, collapseGroups] : [collapseGroups, expandGroups];
    let id = 0;
    const composed: Groups = [];
    for (const g of lower) {
      const last = g[g.length - 1];
      const ids: number[] = [];
      while (id < higher.length) {
        const rightmost = higher[id][higher[id].length - 1];
        if (rightmost > last) return false;
        ids.push(id++);
        if (rightmost === last) break;
      }
      composed.push(ids);
    }
    if (srcType.rank > resultType.rank) {
      replaceWithCollapse(rewriter, op, resultType, x, composed);
    } else if (srcType.rank < resultType.rank) {
      // Each new output size is the product of the expand's sizes the collapse joins.
      const sizes = E.mixedOutputShape(expand);
      const location = op.location;
      const shape: OpFoldResult[] = collapseGroups.map((g) => {
        let statics = 1n;
        const dynamic: Value[] = [];
        for (const d of g) {
          const c = constantOfr(sizes[d]);
          if (c !== undefined) statics = BigInt.asIntN(64, statics * c);
          else dynamic.push(sizes[d] as Value);
        }
        if (!dynamic.length) return toStatic(statics);
        let v = dynamic[0];
        for (const w of dynamic.slice(1)) v = MulIOp.result(MulIOp.build(rewriter, { lhs: v, rhs: w, location }));
        if (statics !== 1n) {
          const c = ConstantOp.build(rewriter, { value: indexAttr(statics), result: IndexType.get(), location });
          v = MulIOp.result(MulIOp.build(rewriter, { lhs: v, rhs: ConstantOp.result(c), location }));
        }
        return v;
      });
      replaceWithExpand(rewriter, op, resultType, x, composed, shape);
    } else {
      replaceWithCast(rewriter, op, resultType, x);
    }
    return true;
  },
  { name: 'ComposeCollapseOfExpandOp' },
);

/**
 * findReassociationRangeForDynamicDim: from `start`, the first run of source
 * dims that holds a dynamic one (greedily: up to the end).
 */
function rangeForDynamicDim(shape: readonly number[], start: number, greedy: boolean): [number, number] | undefined {
  if (start < 0 || start >= shape.length) return undefined;
  let result: [number, number] = [start, start];
  let found = false;
  for (let right = start; right < shape.length; right++) {
    if (found && !greedy) break;
    if (isDyn(shape[right])) found = true;
    result = [start, right];
  }
  return found ? result : undefined;
}

/**
 * findReassociationRangeForSize: from `start`, the first run of static
 * source dims whose product is `target` (greedily: with the unit dims after it).
 */
function rangeForSize(shape: readonly number[], start: number, target: number, greedy: boolean): [number, number] | undefined {
  if (start < 0 || start >= shape.length) return undefined;
  let left = start;
  let right = start;
  let result: [number, number] = [left, right];
  let product = 1;
  let reached = false;
  while (left >= 0 && right < shape.length && left <= right) {
    const size = shape[right];
    if (reached && !greedy) break;
    if (isDyn(size)) {
      if (reached) break;
      // A static target cannot take a dynamic dim: start over after it.
      product = 1;
      left = right = right + 1;
      result = [left, right];
      continue;
    }
    product *= size;
    if (product > target && reached) break;
    while (product > target && left !== right) {
      product /= shape[left];
      left++;
    }
    result = [left, right];
    if (product === target) reached = true;
    right++;
  }
  return reached ? result : undefined;
}

/** findReassociationRangesForCollapse, left to right. */
function rangesForCollapse(source: readonly number[], target: readonly number[]): [number, number][] | undefined {
  const ranges: [number, number][] = [];
  let prevTarget: number | undefined;
  let start = 0;
  for (let t = 0; t < target.length; t++) {
    const greedy = t === target.length - 1;
    const r = isDyn(target[t]) ? rangeForDynamicDim(source, start, greedy) : rangeForSize(source, start, target[t], greedy);
    if (!r || r[0] < 0 || r[0] > r[1] || r[1] >= source.length) return undefined;
    if (r[0] > start) {
      // Skipped source dims go to the preceding dynamic target dim.
      if (prevTarget === undefined || !isDyn(prevTarget)) return undefined;
      ranges[ranges.length - 1][1] = r[0] - 1;
    }
    prevTarget = target[t];
    start = r[1] + 1;
    ranges.push(r);
  }
  if (ranges[ranges.length - 1][1] < source.length - 1) return undefined;
  return ranges;
}

/** getReassociationIndicesForCollapse: groups collapsing `source` into `target`, when unambiguous. */
function reassociationForCollapse(source: readonly number[], target: readonly number[]): Groups | undefined {
  if (source.length <= target.length) return undefined;
  if (!target.length) return source.every((s) => s === 1 || isDyn(s)) ? [source.map((_, i) => i)] : undefined;
  const forward = rangesForCollapse(source, target);
  if (!forward) return undefined;
  const reversed = rangesForCollapse([...source].reverse(), [...target].reverse());
  if (!reversed) return undefined;
  const n = source.length;
  const backward = reversed.map(([l, r]): [number, number] => [n - 1 - r, n - 1 - l]).reverse();
  if (forward.length !== target.length || backward.length !== target.length) return undefined;
  const groups: Groups = [];
  for (let t = 0; t < target.length; t++) {
    const [l1, r1] = forward[t];
    const [l2, r2] = backward[t];
    const differing: number[] = [];
    for (let d = l1; d <= r1; d++) if (d < l2 || d > r2) differing.push(d);
    for (let d = l2; d <= r2; d++) if (d < l1 || d > r1) differing.push(d);
    // The ranges must overlap, and may differ only in unit dims.
    if (differing.length === r1 - l1 + 1 + (r2 - l2 + 1)) return undefined;
    if (differing.some((d) => source[d] !== 1)) return undefined;
    const g: number[] = [];
    for (let d = l1; d <= r1; d++) g.push(d);
    groups.push(g);
  }
  return groups;
}

/** findCollapsingReassociation of ComposeExpandOfCollapseOp. */
function findCollapsingReassociation(srcGroups: Groups, resultGroups: Groups, srcShape: readonly number[], resultShape: readonly number[]): Groups | undefined {
  if (!srcGroups.length) return reassociationForCollapse(srcShape, resultShape);
  const composed: Groups = [];
  const n = Math.min(srcGroups.length, resultGroups.length);
  for (let i = 0; i < n; i++) {
    const s = srcGroups[i];
    const r = resultGroups[i];
    const srcSub = srcShape.slice(s[0], s[0] + s.length);
    const resSub = resultShape.slice(r[0], r[0] + r.length);
    if (countDynamic(srcSub) >= 2 && countDynamic(resSub) >= 2) return undefined;
    if (srcSub.length === resSub.length) {
      if (!sameList(srcSub, resSub)) return undefined;
      for (let k = 0; k < srcSub.length; k++) composed.push([s[0] + k]);
      continue;
    }
    const sub = reassociationForCollapse(srcSub, resSub);
    if (!sub) return undefined;
    for (const g of sub) composed.push(g.map((d) => s[0] + d));
  }
  return composed;
}

/** ComposeExpandOfCollapseOp: expand(collapse(x)) as one collapse or expand of x, or a cast. */
const composeExpandOfCollapse = pattern(
  E,
  (op, rewriter) => {
    const collapse = C.definingOp(E.src(op));
    if (!collapse) return false;
    const x = C.src(collapse);
    const srcType = x.type as MemRefType;
    const resultType = E.result(op).type as MemRefType;
    if (nonIdentityLayout(E.src(op).type) || nonIdentityLayout(x.type) || nonIdentityLayout(C.result(collapse).type)) {
      if (!srcType.hasStaticShape || !castCompatible(srcType, resultType)) return false;
      replaceWithCast(rewriter, op, resultType, x);
      return true;
    }
    if (srcType.rank === resultType.rank) return false;
    const srcGroups = C.reassociationIndices(collapse);
    const resultGroups = E.reassociationIndices(op);
    if (srcType.rank > resultType.rank) {
      const groups = findCollapsingReassociation(srcGroups, resultGroups, srcType.shape, resultType.shape);
      if (!groups) return false;
      replaceWithCollapse(rewriter, op, resultType, x, groups);
      return true;
    }
    const groups = findCollapsingReassociation(resultGroups, srcGroups, resultType.shape, srcType.shape);
    if (!groups) return false;
    replaceWithExpand(rewriter, op, resultType, x, groups, E.mixedOutputShape(op));
    return true;
  },
  { name: 'ComposeExpandOfCollapseOp' },
);

/** A memref.cast that only makes the source more dynamic is folded into the collapse (cast back when the type changes). */
const collapseShapeOpMemRefCastFolder = pattern(
  C,
  (op, rewriter) => {
    const cast = CastOp.definingOp(C.src(op));
    if (!cast || !canFoldIntoConsumer(cast)) return false;
    const source = CastOp.source(cast);
    const groups = C.reassociationIndices(op);
    const type = computeCollapsedType(source.type as MemRefType, groups);
    const resultType = C.result(op).type as MemRefType;
    if (type === resultType) {
      rewriter.modifyOpInPlace(op, () => replaceOperand(op, C.src(op), source));
      return true;
    }
    const c = C.build(rewriter, { src: source, reassociation: reassociationAttr(groups), result: type, location: op.location });
    replaceWithCast(rewriter, op, resultType, C.result(c));
    return true;
  },
  { name: 'CollapseShapeOpMemRefCastFolder' },
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
implementOp(CollapseShapeOp, {
  fold: (op) => {
    const prev = E.definingOp(C.src(op));
    return foldReshape(collapseView(op), prev && expandView(prev));
  },
  canonicalizationPatterns: [composeCollapses, composeCollapseOfExpand, collapseShapeOpMemRefCastFolder],
});
implementOp(CopyOp, { fold: foldCopy, canonicalizationPatterns: [foldEmptyCopy, foldSelfCopy] });
implementOp(DeallocOp, { fold: castFoldInPlace });
implementOp(DimOp, { fold: foldDim, canonicalizationPatterns: [dimOfMemRefReshape] });
implementOp(ExpandShapeOp, {
  fold: (op) => {
    const prev = C.definingOp(E.src(op));
    return foldReshape(expandView(op), prev && collapseView(prev));
  },
  canonicalizationPatterns: [composeExpands, composeExpandOfCollapse],
});
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
