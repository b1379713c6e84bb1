// How the memref: loads and stores (bounds, liveness and constness checks), allocation, views, copies, atomics execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import { MemRefType, kDynamic, kDynamicI64 } from '../../ir/builtin-types.js';
import type { Operation, Value } from '../../ir/operation.js';
import type { OpOf } from '../../ods/index.js';
import * as memref from './index.js';
import { stridesAndOffset } from './layout.js';
import { floatBinary, intBinary } from '../../exec/scalar.js';
import type { IntBinaryKind } from '../../exec/op-kinds.js';
import { elemKindOf, reprOf, type FloatName } from '../../exec/types.js';
import { staticLayout, viewSource, type FunctionCompiler } from '../../exec/codegen.js';
import { implementJsExec } from '../../exec/emitters.js';

/**
 * Emits the bounds check of an access and returns the linear index expression.
 * Static sizes, strides and offsets (from the memref type) are literals.
 * Liveness is checked through the buffer: deallocation detaches it (length 0).
 */
function memIndex(cg: FunctionCompiler, op: Operation, m: Value, indices: Value[]): string {
  const n = cg.v(m);
  const t = m.type as MemRefType;
  const so = staticLayout(t);
  const idx = indices.map((x) => cg.v(x));
  indices.forEach((x) => cg.checkPoison(op, x, 'index'));
  const size = (d: number): string => (t.shape[d] !== kDynamic ? String(t.shape[d]) : `${n}_z${d}`);
  const stride = (d: number): string => (so && so.strides[d] !== kDynamic ? String(so.strides[d]) : `${n}_s${d}`);
  const offset = so && so.offset !== kDynamic ? String(so.offset) : `${n}_o`;
  const conds: string[] = [];
  idx.forEach((i, d) => {
    // Checks that the index's range proves unnecessary are left out.
    const r = cg.range(indices[d]);
    if (!r || r.lo < 0) conds.push(`${i} >= 0`);
    if (!r || t.shape[d] === kDynamic || r.hi >= t.shape[d]) conds.push(`${i} < ${size(d)}`);
  });
  // Failed checks throw a number (op index * 4 + kind): a call on the cold path
  // would slow the hot path down (engine.ts turns the number into an error).
  if (conds.length) cg.emit(`if (!(${conds.join(' && ')})) throw ${cg.K(op) * 4};`);
  const terms: string[] = [];
  if (offset !== '0') terms.push(offset);
  idx.forEach((i, d) => terms.push(stride(d) === '1' ? i : `${i} * ${stride(d)}`));
  return terms.length ? terms.join(' + ') : '0';
}

/** True if `m` is (a view of) a constant global: stores into it are errors. */
function isConstantGlobal(cg: FunctionCompiler, m: Value): boolean {
  for (let v: Value | undefined = m; v; ) {
    const d: Operation | null = v.definingOp;
    if (!d) return false;
    if (memref.GetGlobalOp.isa(d)) {
      const id = cg.mc.globalIds.get(memref.GetGlobalOp.name(d));
      return id !== undefined && cg.mc.globals[id].constant;
    }
    v = viewSource(d);
  }
  return false;
}

function emitLoad(cg: FunctionCompiler, op: Operation, m: Value, lin: string, res: string, resv?: Value): void {
  const n = cg.v(m);
  const kind = elemKindOf((m.type as MemRefType).elementType);
  cg.emit(`$t = ${lin}; ${res} = ${n}_b[$t];`);
  cg.emit(`if (${res} === undefined) throw ${cg.K(op) * 4 + 1};`);
  if (kind === 'wide') {
    const L = resv ? cg.bailLabel() : undefined;
    if (L) {
      cg.emit(`else if (${res} !== ${res}) break ${L};`);
      cg.nums.add(resv!);
    } else cg.emit(`else if (${res} !== ${res}) ${res} = ${n}_a.big.get($t);`);
  }
}

function emitStore(cg: FunctionCompiler, op: Operation, m: Value, lin: string, x: string, xv?: Value): void {
  const n = cg.v(m);
  const kind = elemKindOf((m.type as MemRefType).elementType);
  if (isConstantGlobal(cg, m)) cg.emit(`$err(${cg.K(op)}, "stores into a constant global memref");`);
  cg.emit(`$t = ${lin}; if ($t >= ${n}_b.length) throw ${cg.K(op) * 4 + 2};`);
  const L = kind === 'wide' && xv && !cg.isNum(xv) && !cg.isTainted(xv) ? cg.bailLabel() : undefined;
  if (L) cg.emit(`if (typeof ${x} !== "number") break ${L};`);
  if (kind === 'wide' && !(xv && cg.isNum(xv)) && !L) cg.emit(`if (typeof ${x} === "number") ${n}_b[$t] = ${x}; else $rt.storeBig(${n}, $t, ${x});`);
  else cg.emit(`${n}_b[$t] = ${x};`);
}

function emitLoadOp(cg: FunctionCompiler, op: OpOf<typeof memref.LoadOp>): void {
  const m = memref.LoadOp.memref(op);
  const lin = memIndex(cg, op, m, memref.LoadOp.indices(op));
  const res = memref.LoadOp.result(op);
  emitLoad(cg, op, m, lin, cg.v(res), res);
}

function emitStoreOp(cg: FunctionCompiler, op: OpOf<typeof memref.StoreOp>): void {
  const x = memref.StoreOp.value(op);
  const m = memref.StoreOp.memref(op);
  cg.checkPoison(op, x, 'stored value');
  const lin = memIndex(cg, op, m, memref.StoreOp.indices(op));
  emitStore(cg, op, m, lin, cg.v(x), x);
}

/** memref.alloc and memref.alloca (`stack`: freed when its allocation scope ends). */
function emitAlloc(cg: FunctionCompiler, op: Operation, result: Value, dyn: Value[], stack: boolean): void {
  const t = result.type as MemRefType;
  const kind = elemKindOf(t.elementType);
  if (!kind) return cg.unsupported(op, `memrefs of ${t.elementType.key} are not supported by the execution engine`);
  dyn.forEach((x) => cg.checkPoison(op, x, 'size'));
  let j = 0;
  const sizes = t.shape.map((d) => (d === kDynamic ? cg.v(dyn[j++]) : String(d)));
  let layout = 'null';
  if (t.layoutAttr !== undefined) {
    const so = stridesAndOffset(t);
    if (!so) return cg.unsupported(op, 'allocation with a non-strided layout');
    if (so.strides.some((s) => s === kDynamic) || so.offset === kDynamic) return cg.unsupported(op, 'allocation with a dynamic layout');
    layout = JSON.stringify({ s: so.strides, o: so.offset });
  }
  const wideW = reprOf(t.elementType).k === 'wide' ? (reprOf(t.elementType) as { w: number }).w : 64;
  let scope = 'null';
  if (stack) {
    for (let i = cg.scopes.length - 1; i >= 0; i--) {
      if (cg.scopes[i]) {
        scope = cg.scopes[i]!;
        break;
      }
    }
  }
  cg.define(op, `$rt.alloc(${cg.K(op)}, "${kind}", [${sizes.join(', ')}], ${layout}, ${stack ? scope : 'null'}, ${stack}, ${wideW})`);
}

function emitGetGlobal(cg: FunctionCompiler, op: OpOf<typeof memref.GetGlobalOp>): void {
  const sym = memref.GetGlobalOp.name(op);
  const id = cg.mc.globalIds.get(sym);
  if (id === undefined) return cg.unsupported(op, `unknown global @${sym}`);
  cg.define(op, `$G[${id}]`);
}

function emitMemrefCast(cg: FunctionCompiler, op: OpOf<typeof memref.CastOp>): void {
  const t = memref.CastOp.dest(op).type;
  const shape = t instanceof MemRefType ? JSON.stringify(t.shape.map((d) => (d === kDynamic ? -1 : d))) : 'null';
  const so = t instanceof MemRefType ? stridesAndOffset(t) : undefined;
  const layout = so ? JSON.stringify({ s: so.strides.map((d) => (d === kDynamic ? null : d)), o: so.offset === kDynamic ? null : so.offset }) : 'null';
  cg.define(op, `$rt.mcast(${cg.K(op)}, ${cg.v(memref.CastOp.source(op))}, ${shape}, ${layout})`);
}

function emitDistinctObjects(cg: FunctionCompiler, op: OpOf<typeof memref.DistinctObjectsOp>): void {
  const operands = memref.DistinctObjectsOp.operands(op);
  memref.DistinctObjectsOp.results(op).forEach((r, i) => {
    cg.emit(`${cg.v(r)} = ${cg.v(operands[i])};`);
    cg.afterDefine(r);
  });
}

function emitDim(cg: FunctionCompiler, op: OpOf<typeof memref.DimOp>): void {
  const index = memref.DimOp.index(op);
  cg.checkPoison(op, index, 'dimension index');
  cg.define(op, `$rt.dim(${cg.K(op)}, ${cg.v(memref.DimOp.source(op))}, ${cg.v(index)})`);
}

/** Offsets, sizes and strides of a subview or reinterpret_cast, as JS arrays (poison checked). */
function offsetsSizesStrides(cg: FunctionCompiler, 
  op: Operation,
  offsets: Value[],
  sizes: Value[],
  strides: Value[],
  staticOffsets: readonly bigint[],
  staticSizes: readonly bigint[],
  staticStrides: readonly bigint[],
): [string, string, string] {
  const mixed = (stat: readonly bigint[], dyn: Value[]): string => {
    let j = 0;
    return '[' + stat.map((s) => (s === kDynamicI64 ? cg.v(dyn[j++]) : String(Number(s)))).join(', ') + ']';
  };
  for (const x of [...offsets, ...sizes, ...strides]) cg.checkPoison(op, x, 'operand');
  return [mixed(staticOffsets, offsets), mixed(staticSizes, sizes), mixed(staticStrides, strides)];
}

function emitSubView(cg: FunctionCompiler, op: OpOf<typeof memref.SubViewOp>): void {
  const S = memref.SubViewOp;
  const staticSizes = S.static_sizes(op);
  const [o, z, s] = offsetsSizesStrides(cg, op, S.offsets(op), S.sizes(op), S.strides(op), S.static_offsets(op), staticSizes, S.static_strides(op));
  const drop = dropMask(staticSizes, S.result(op).type as MemRefType);
  cg.define(op, `$rt.subview(${cg.K(op)}, ${cg.v(S.source(op))}, ${o}, ${z}, ${s}, ${JSON.stringify(drop)})`);
}

function emitReinterpretCast(cg: FunctionCompiler, op: OpOf<typeof memref.ReinterpretCastOp>): void {
  const R = memref.ReinterpretCastOp;
  const [o, z, s] = offsetsSizesStrides(cg, op, R.offsets(op), R.sizes(op), R.strides(op), R.static_offsets(op), R.static_sizes(op), R.static_strides(op));
  cg.define(op, `$rt.reinterpret(${cg.K(op)}, ${cg.v(R.source(op))}, ${o}, ${z}, ${s})`);
}

function emitExpandShape(cg: FunctionCompiler, op: OpOf<typeof memref.ExpandShapeOp>): void {
  const reassoc = memref.ExpandShapeOp.reassociationIndices(op);
  const dyn = memref.ExpandShapeOp.output_shape(op);
  dyn.forEach((x) => cg.checkPoison(op, x, 'size'));
  let j = 0;
  const shape = '[' + memref.ExpandShapeOp.static_output_shape(op).map((s) => (s === kDynamicI64 ? cg.v(dyn[j++]) : String(Number(s)))).join(', ') + ']';
  cg.define(op, `$rt.expandShape(${cg.K(op)}, ${cg.v(memref.ExpandShapeOp.src(op))}, ${JSON.stringify(reassoc)}, ${shape})`);
}

function emitCollapseShape(cg: FunctionCompiler, op: OpOf<typeof memref.CollapseShapeOp>): void {
  const reassoc = memref.CollapseShapeOp.reassociationIndices(op);
  cg.define(op, `$rt.collapseShape(${cg.K(op)}, ${cg.v(memref.CollapseShapeOp.src(op))}, ${JSON.stringify(reassoc)})`);
}

function emitReshape(cg: FunctionCompiler, op: OpOf<typeof memref.ReshapeOp>): void {
  const t = memref.ReshapeOp.result(op).type;
  cg.define(op, `$rt.reshape(${cg.K(op)}, ${cg.v(memref.ReshapeOp.source(op))}, ${cg.v(memref.ReshapeOp.shape(op))}, ${t instanceof MemRefType ? t.rank : -1})`);
}

function emitTranspose(cg: FunctionCompiler, op: OpOf<typeof memref.TransposeOp>): void {
  const p = memref.TransposeOp.permutation(op).results.map((e) => (e as unknown as { position: number }).position);
  cg.define(op, `$rt.transpose(${cg.v(memref.TransposeOp.in(op))}, ${JSON.stringify(p)})`);
}

function emitView(cg: FunctionCompiler, op: OpOf<typeof memref.ViewOp>): void {
  const t = memref.ViewOp.result(op).type as MemRefType;
  const kind = elemKindOf(t.elementType);
  const dyn = memref.ViewOp.sizes(op);
  cg.checkPoison(op, memref.ViewOp.byte_shift(op), 'byte shift');
  dyn.forEach((x) => cg.checkPoison(op, x, 'size'));
  let j = 0;
  const sizes = t.shape.map((d) => (d === kDynamic ? cg.v(dyn[j++]) : String(d)));
  cg.define(op, `$rt.view(${cg.K(op)}, ${cg.v(memref.ViewOp.source(op))}, ${cg.v(memref.ViewOp.byte_shift(op))}, [${sizes.join(', ')}], "${kind}")`);
}

function emitExtractStridedMetadata(cg: FunctionCompiler, op: OpOf<typeof memref.ExtractStridedMetadataOp>): void {
  const source = memref.ExtractStridedMetadataOp.source(op);
  const m = cg.v(source);
  const rank = (source.type as MemRefType).rank;
  const base = memref.ExtractStridedMetadataOp.base_buffer(op);
  const sizes = memref.ExtractStridedMetadataOp.sizes(op);
  const strides = memref.ExtractStridedMetadataOp.strides(op);
  cg.emit(`${cg.v(base)} = $rt.baseBuffer(${m});`);
  cg.afterDefine(base);
  cg.emit(`${cg.v(memref.ExtractStridedMetadataOp.offset(op))} = ${m}.o;`);
  for (let i = 0; i < rank; i++) {
    cg.emit(`${cg.v(sizes[i])} = ${m}.z[${i}];`);
    cg.emit(`${cg.v(strides[i])} = ${m}.s[${i}];`);
  }
}

function emitRealloc(cg: FunctionCompiler, op: OpOf<typeof memref.ReallocOp>): void {
  const t = memref.ReallocOp.result(op).type as MemRefType;
  const dyn = memref.ReallocOp.dynamicResultSize(op);
  if (dyn) cg.checkPoison(op, dyn, 'size');
  const size = t.shape[0] === kDynamic ? cg.v(memref.ReallocOp.dynamicResultSize(op)!) : String(t.shape[0]);
  cg.define(op, `$rt.realloc(${cg.K(op)}, ${cg.v(memref.ReallocOp.source(op))}, ${size})`);
}

function emitAllocaScope(cg: FunctionCompiler, op: OpOf<typeof memref.AllocaScopeOp>): void {
  const results = memref.AllocaScopeOp.results(op);
  const L = cg.label();
  cg.emit(`${L}: {`);
  cg.indent(() =>
    cg.withScope(op, () => {
      const depth = cg.scopes.length - 1;
      cg.emitRegion(memref.AllocaScopeOp.bodyRegion(op), (vals) => {
        cg.killScopes(depth);
        if (results.length) cg.assign(results, vals);
      });
    }),
  );
  cg.emit('}');
}

function emitAtomicRMW(cg: FunctionCompiler, op: OpOf<typeof memref.AtomicRMWOp>): void {
  const K = cg.K(op);
  const x = memref.AtomicRMWOp.value(op);
  const m = memref.AtomicRMWOp.memref(op);
  const kind = memref.AtomicRMWKind.stringify(memref.AtomicRMWOp.kind(op))!;
  const et = (m.type as MemRefType).elementType;
  cg.checkPoison(op, x, 'operand');
  const r = cg.noteWide(reprOf(et));
  const lin = memIndex(cg, op, m, memref.AtomicRMWOp.indices(op));
  const old = cg.v(memref.AtomicRMWOp.result(op));
  const linv = cg.fresh('$lin');
  cg.emit(`${linv} = ${lin};`);
  emitLoad(cg, op, m, linv, old);
  const xv = cg.v(x);
  // The kinds' integer operations in scalar.ts's spelling.
  const intName: Partial<Record<string, IntBinaryKind>> = { addi: 'addi', andi: 'andi', maxs: 'maxsi', maxu: 'maxui', mins: 'minsi', minu: 'minui', muli: 'muli', ori: 'ori', xori: 'xori' };
  const intKind = intName[kind];
  let e: string;
  if (kind === 'assign') e = xv;
  else if (intKind) e = intBinary(intKind, r, old, xv, K)!;
  else e = floatBinary(kind, (r as { f: FloatName }).f, old, xv)!;
  const nv = cg.fresh('$nv');
  cg.emit(`${nv} = ${e};`);
  emitStore(cg, op, m, linv, nv);
}

function emitGenericAtomicRMW(cg: FunctionCompiler, op: OpOf<typeof memref.GenericAtomicRMWOp>): void {
  const m = memref.GenericAtomicRMWOp.memref(op);
  const lin = memIndex(cg, op, m, memref.GenericAtomicRMWOp.indices(op));
  const linv = cg.fresh('$lin');
  cg.emit(`${linv} = ${lin};`);
  const cur = cg.v(memref.GenericAtomicRMWOp.currentValue(op));
  emitLoad(cg, op, m, linv, cur);
  cg.emit(`${cg.v(memref.GenericAtomicRMWOp.result(op))} = ${cur};`);
  cg.emitBlockOps(
    memref.GenericAtomicRMWOp.atomic_body(op).entry,
    (_vals, term) => {
      const y = memref.AtomicYieldOp.result(memref.AtomicYieldOp.cast(term));
      cg.checkPoison(term, y, 'stored value');
      emitStore(cg, op, m, linv, cg.v(y));
    },
    undefined,
  );
}

/** Which source dimensions a rank-reducing subview drops (greedy match of unit sizes). */
function dropMask(staticSizes: readonly bigint[], res: MemRefType): boolean[] {
  const n = staticSizes.length;
  const drop = new Array<boolean>(n).fill(false);
  let toDrop = n - res.rank;
  if (toDrop <= 0) return drop;
  let j = 0;
  for (let i = 0; i < n; i++) {
    const s = staticSizes[i];
    const remainingSrc = n - i;
    const remainingRes = res.rank - j;
    if (s === 1n && toDrop > 0 && (remainingSrc > remainingRes && (j >= res.rank || res.shape[j] !== 1 || remainingSrc - 1 >= remainingRes))) {
      // Prefer dropping unit dims when the result dim does not need it.
      if (j < res.rank && res.shape[j] === 1 && remainingSrc - 1 < remainingRes) {
        j++;
        continue;
      }
      drop[i] = true;
      toDrop--;
      continue;
    }
    j++;
  }
  return drop;
}

implementJsExec(memref.LoadOp, (cg, op) => emitLoadOp(cg, op));
implementJsExec(memref.StoreOp, (cg, op) => emitStoreOp(cg, op));
implementJsExec(memref.AllocOp, (cg, op) => emitAlloc(cg, op, memref.AllocOp.memref(op), memref.AllocOp.dynamicSizes(op), false));
implementJsExec(memref.AllocaOp, (cg, op) => emitAlloc(cg, op, memref.AllocaOp.memref(op), memref.AllocaOp.dynamicSizes(op), true));
implementJsExec(memref.DeallocOp, (cg, op) => cg.emit(`$rt.dealloc(${cg.K(op)}, ${cg.v(memref.DeallocOp.memref(op))});`));
implementJsExec(memref.GetGlobalOp, (cg, op) => emitGetGlobal(cg, op));
implementJsExec(memref.CastOp, (cg, op) => emitMemrefCast(cg, op));
implementJsExec(memref.MemorySpaceCastOp, (cg, op) => cg.define(op, cg.v(memref.MemorySpaceCastOp.source(op))));
implementJsExec(memref.AssumeAlignmentOp, (cg, op) => cg.define(op, cg.v(memref.AssumeAlignmentOp.memref(op))));
implementJsExec(memref.DistinctObjectsOp, (cg, op) => emitDistinctObjects(cg, op));
implementJsExec(memref.PrefetchOp, () => {});
implementJsExec(memref.DimOp, (cg, op) => emitDim(cg, op));
implementJsExec(memref.RankOp, (cg, op) => cg.define(op, `${cg.v(memref.RankOp.memref(op))}.z.length`));
implementJsExec(memref.CopyOp, (cg, op) => cg.emit(`$rt.copy(${cg.K(op)}, ${cg.v(memref.CopyOp.source(op))}, ${cg.v(memref.CopyOp.target(op))});`));
implementJsExec(memref.SubViewOp, (cg, op) => emitSubView(cg, op));
implementJsExec(memref.ReinterpretCastOp, (cg, op) => emitReinterpretCast(cg, op));
implementJsExec(memref.ExpandShapeOp, (cg, op) => emitExpandShape(cg, op));
implementJsExec(memref.CollapseShapeOp, (cg, op) => emitCollapseShape(cg, op));
implementJsExec(memref.ReshapeOp, (cg, op) => emitReshape(cg, op));
implementJsExec(memref.TransposeOp, (cg, op) => emitTranspose(cg, op));
implementJsExec(memref.ViewOp, (cg, op) => emitView(cg, op));
implementJsExec(memref.ExtractAlignedPointerAsIndexOp, (cg, op) => cg.define(op, `${cg.v(memref.ExtractAlignedPointerAsIndexOp.source(op))}.a.addr`));
implementJsExec(memref.ExtractStridedMetadataOp, (cg, op) => emitExtractStridedMetadata(cg, op));
implementJsExec(memref.ReallocOp, (cg, op) => emitRealloc(cg, op));
implementJsExec(memref.AllocaScopeOp, (cg, op) => emitAllocaScope(cg, op));
implementJsExec(memref.AtomicRMWOp, (cg, op) => emitAtomicRMW(cg, op));
implementJsExec(memref.GenericAtomicRMWOp, (cg, op) => emitGenericAtomicRMW(cg, op));
