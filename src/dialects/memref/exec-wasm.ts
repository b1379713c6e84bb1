// How the memref ops (allocation, access, copy, views, globals, alloca scopes) on linear memory execute in the WebAssembly backend: the per-op emitters registered
// with the backend (src/exec/wasm/emitters.ts); compile.ts drives them.

import { MemRefType, kDynamic } from '../../ir/builtin-types.js';
import { matchConstantInt } from '../../ir/matchers.js';
import type { Operation, Value } from '../../ir/operation.js';
import type { OpOf } from '../../ods/index.js';
import * as scf from '../scf/index.js';
import * as memref from './index.js';
import { Op } from '../../exec/wasm/encoder.js';
import { ErrCode, Flag, HEADER, MAX_UNRANKED, PRE, ViewErr, WasmUnsupported, type MemInfo, type WasmFunctionCompiler } from '../../exec/wasm/compile.js';
import { stridesAndOffset } from './layout.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';
import { wideLoad, wideStore } from '../../exec/wasm/wide-int.js';

/** Passes the dims of a memref of unknown rank (those below its rank) to the runtime. */
function passUnrankedDims(fc: WasmFunctionCompiler, l: readonly number[]): void {
  const f = fc.body;
  for (let d = 0; d < MAX_UNRANKED; d++) {
    f.get(l[2]).i32(d).op(Op.i32_gt_u).structured(Op.if, 'void');
    f.get(l[3 + d]).get(l[3 + MAX_UNRANKED + d]).call(fc.imports.dim).op(Op.end);
  }
}

/** A copy from or to a memref of unknown rank: the runtime checks and copies element by element. */
function copyUnranked(fc: WasmFunctionCompiler, op: OpOf<typeof memref.CopyOp>, src: Value, dst: Value): void {
  const f = fc.body;
  const side = (v: Value): { shift: number; l: readonly number[]; rank: () => void } => {
    const k = fc.kind(v, op);
    const l = fc.localsOf(v)!;
    if (k.k === 'unranked') return { shift: k.shift, l, rank: () => void f.get(l[2]) };
    if (k.k !== 'memref') throw new WasmUnsupported(op, `'${op.opName}' of these types`);
    return { shift: k.shift, l, rank: () => void f.i32(k.rank) };
  };
  const s = side(src);
  const d = side(dst);
  if (s.shift !== d.shift) throw new WasmUnsupported(op, `'${op.opName}' of these types`);
  for (const [v, x] of [
    [src, s],
    [dst, d],
  ] as const) {
    if (fc.kind(v, op).k === 'unranked') passUnrankedDims(fc, x.l);
    else fc.passDims(x.l, fc.memInfo(v, op).rank);
  }
  f.i32(fc.K(op)).i32(s.shift).get(s.l[0]).get(s.l[1]).get(d.l[0]).get(d.l[1]);
  s.rank();
  f.call(fc.imports.copy);
}

function copy(fc: WasmFunctionCompiler, op: OpOf<typeof memref.CopyOp>): void {
  const src = memref.CopyOp.source(op);
  const dst = memref.CopyOp.target(op);
  if (fc.kind(src, op).k === 'unranked' || fc.kind(dst, op).k === 'unranked') return copyUnranked(fc, op, src, dst);
  const st = src.type;
  const dt = dst.type;
  const mi = fc.memInfo(src, op);
  const di = fc.memInfo(dst, op);
  const ls = fc.localsOf(src)!;
  const ld = fc.localsOf(dst)!;
  const f = fc.body;
  if (
    !(st instanceof MemRefType) ||
    !(dt instanceof MemRefType) ||
    mi.strided ||
    di.strided ||
    !st.hasStaticShape ||
    st.shape.join() !== dt.shape.join() ||
    fc.isConstantGlobal(dst)
  ) {
    // Dynamic shapes, views, constant targets: the runtime checks and copies element by element.
    if (mi.shift !== di.shift) throw new WasmUnsupported(op, `'${op.opName}' of these types`);
    fc.passDims(ls, mi.rank);
    fc.passDims(ld, di.rank);
    f.i32(fc.K(op)).i32(mi.shift).get(ls[0]).get(ls[1]).get(ld[0]).get(ld[1]).i32(mi.rank).call(fc.imports.copy);
    return;
  }
  if (fc.checks.liveness) {
    f.get(ls[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).op(Op.i32_eqz);
    f.get(ld[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).op(Op.i32_eqz).op(Op.i32_or);
    fc.errorIf(op, ErrCode.copyDead);
  }
  f.get(ld[1]).get(ls[1]).i32(st.numElements << mi.shift).memoryCopy();
}


function alloc(fc: WasmFunctionCompiler, op: Operation, res: Value, dyn: readonly Value[], symbols: number, stack: boolean): void {
  const f = fc.body;
  const t = res.type as MemRefType;
  const mi = fc.memInfo(res, op);
  if (symbols) throw new WasmUnsupported(op, 'allocations with symbol operands');
  const l = fc.def(res);
  let k = 0;
  fc.noteSizes(
    res,
    t.shape.map((d) => (d === kDynamic ? dyn[k++] : undefined)),
  );
  let j = 0;
  const rank = mi.rank;
  // Sizes.
  t.shape.forEach((d, i) => {
    if (d === kDynamic) {
      fc.push(dyn[j++]);
      f.set(l[2 + i]);
      f.get(l[2 + i]).i64(0n).op(Op.i64_lt_s);
      fc.errorIf(op, ErrCode.invalidSize, () => f.get(l[2 + i]));
    } else f.i64(BigInt(d)).set(l[2 + i]);
  });
  // Strides (row-major) and the byte size.
  const bytes = f.local('i64');
  f.i64(1n).set(bytes);
  for (let i = rank - 1; i >= 0; i--) {
    f.get(bytes).set(l[2 + rank + i]);
    f.get(bytes).get(l[2 + i]).op(Op.i64_mul).set(bytes);
  }
  // As the JavaScript backend: at most 2^31 elements.
  f.get(bytes).i64(1n << 31n).op(Op.i64_gt_u);
  fc.errorIf(op, ErrCode.tooLarge, () => f.get(bytes));
  f.i32(fc.K(op)).get(bytes).i64(BigInt(mi.shift)).op(Op.i64_shl).call(fc.malloc);
  f.set(l[0]);
  f.get(l[0]).set(l[1]);
  if (stack) {
    f.get(l[0]).i32(HEADER).op(Op.i32_sub).i32(Flag.stack).mem(Op.i32_store, 2);
    // In an alloca_scope: linked into its chain (the header's third word), freed at its end.
    const chain = fc.allocaScopeChain(op);
    if (chain !== undefined) {
      f.get(l[0]).i32(HEADER).op(Op.i32_sub).get(chain).mem(Op.i32_store, 2, 8);
      f.get(l[0]).i32(HEADER).op(Op.i32_sub).set(chain);
      return;
    }
    let p = op.parentOp;
    while (p && p !== fc.fn && (scf.IfOp.isa(p) || scf.ExecuteRegionOp.isa(p))) p = p.parentOp;
    if (p === fc.fn) fc.freeAtReturn(l[0]);
  }
}

function dealloc(fc: WasmFunctionCompiler, op: OpOf<typeof memref.DeallocOp>): void {
  const v = memref.DeallocOp.memref(op);
  if (fc.kind(v, op).k !== 'unranked') fc.memInfo(v, op);
  const l = fc.localsOf(v)!;
  const f = fc.body;
  f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).op(Op.i32_eqz);
  fc.errorIf(op, ErrCode.doubleFree);
  f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).i32(Flag.stack).op(Op.i32_eq);
  fc.errorIf(op, ErrCode.deallocStack);
  // Globals and the host's memrefs (the flag tells the message).
  f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).i32(Flag.global).op(Op.i32_ge_u);
  f.structured(Op.if, 'void').i32(fc.K(op)).i32(ErrCode.deallocGlobal);
  f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).op(Op.i64_extend_i32_u).call(fc.imports.err).op(Op.end);
  f.get(l[0]).i32(HEADER).op(Op.i32_sub).call(fc.free);
}

/** Checks the indices and liveness; leaves the element's byte address on the stack. */

function load(fc: WasmFunctionCompiler, op: OpOf<typeof memref.LoadOp>): void {
  const mi = fc.address(op, memref.LoadOp.memref(op), memref.LoadOp.indices(op));
  // Integers wider than 64 bits: limb by limb (wide-int.ts).
  if (mi.elem.k === 'wide') return wideLoad(fc, mi, memref.LoadOp.result(op));
  loadElem(fc, mi);
  fc.pop(memref.LoadOp.result(op));
}

/** Loads the element at the address on the stack (its value in the element's local type). */
function loadElem(fc: WasmFunctionCompiler, mi: MemInfo): void {
  const e = mi.elem;
  if (e.k === 'wide') throw new WasmUnsupported(undefined, 'this access to integers wider than 64 bits');
  const f = fc.body;
  if (e.k === 'float' && e.f === 'f16') f.mem(Op.i32_load16_u, 1).call(fc.helper('bitsF16'));
  else if (e.k === 'float' && e.f === 'bf16') f.mem(Op.i32_load16_u, 1).i32(16).op(Op.i32_shl).op(Op.f32_reinterpret_i32).op(Op.f64_promote_f32);
  else if (e.k === 'float') f.mem(e.vt === 'f32' ? Op.f32_load : Op.f64_load, mi.shift);
  else if (e.vt === 'i64') f.mem(Op.i64_load, 3);
  else if (mi.shift === 2) f.mem(Op.i32_load, 2);
  else if (mi.shift === 1) f.mem(Op.i32_load16_s, 1);
  else f.mem(e.w === 1 ? Op.i32_load8_u : Op.i32_load8_s, 0);
}

function store(fc: WasmFunctionCompiler, op: OpOf<typeof memref.StoreOp>): void {
  // As the JavaScript backend: stores into (views of) constant globals fail when they run.
  if (fc.isConstantGlobal(memref.StoreOp.memref(op))) {
    fc.body.i32(1);
    fc.errorIf(op, ErrCode.storeConstant);
  }
  const mi = fc.address(op, memref.StoreOp.memref(op), memref.StoreOp.indices(op));
  if (mi.elem.k === 'wide') return wideStore(fc, op, memref.StoreOp.value(op));
  fc.push(memref.StoreOp.value(op));
  storeElem(fc, mi);
}

/** Stores the value on the stack at the address below it. */
function storeElem(fc: WasmFunctionCompiler, mi: MemInfo): void {
  const e = mi.elem;
  if (e.k === 'wide') throw new WasmUnsupported(undefined, 'this access to integers wider than 64 bits');
  const f = fc.body;
  if (e.k === 'float' && e.f === 'f16') f.call(fc.helper('f16Bits')).mem(Op.i32_store16, 1);
  // A bf16 value is an f32 value whose low 16 bits are zero.
  else if (e.k === 'float' && e.f === 'bf16') f.op(Op.f32_demote_f64).op(Op.i32_reinterpret_f32).i32(16).op(Op.i32_shr_u).mem(Op.i32_store16, 1);
  else if (e.k === 'float') f.mem(e.vt === 'f32' ? Op.f32_store : Op.f64_store, mi.shift);
  else if (e.vt === 'i64') f.mem(Op.i64_store, 3);
  else if (mi.shift === 2) f.mem(Op.i32_store, 2);
  else if (mi.shift === 1) f.mem(Op.i32_store16, 1);
  else f.mem(Op.i32_store8, 0);
}

function dim(fc: WasmFunctionCompiler, op: OpOf<typeof memref.DimOp>): void {
  const src = memref.DimOp.source(op);
  if (fc.kind(src, op).k === 'unranked') {
    // A constant index below the rank (checked when it runs).
    const c = matchConstantInt(memref.DimOp.index(op));
    if (c === undefined || c < 0n || c >= BigInt(MAX_UNRANKED)) throw new WasmUnsupported(op, `'${op.opName}' of a non-constant dimension`);
    const l = fc.localsOf(src)!;
    const f = fc.body;
    f.get(l[2]).i32(Number(c)).op(Op.i32_le_u);
    viewErrIf(fc, op, ViewErr.dimRange, [() => f.i64(c), () => f.get(l[2]).op(Op.i64_extend_i32_u)]);
    f.get(l[3 + Number(c)]);
    return fc.pop(memref.DimOp.result(op));
  }
  const mi = fc.memInfo(src, op);
  const l = fc.localsOf(src)!;
  const c = matchConstantInt(memref.DimOp.index(op));
  if (c !== undefined && c >= 0n && c < BigInt(mi.rank)) {
    fc.body.get(l[2 + Number(c)]);
    return fc.pop(memref.DimOp.result(op));
  }
  // Any other index is checked when it runs (the JavaScript backend's error), then picks its size.
  const f = fc.body;
  const idx = f.local('i64');
  const size = f.local('i64');
  fc.push(memref.DimOp.index(op));
  f.set(idx).get(idx).i64(BigInt(mi.rank)).op(Op.i64_ge_u);
  viewErrIf(fc, op, ViewErr.dimRange, [() => f.get(idx), () => f.i64(BigInt(mi.rank))]);
  if (mi.rank === 0) {
    f.i64(0n); // never reached: every index is out of bounds
    return fc.pop(memref.DimOp.result(op));
  }
  f.get(l[2 + mi.rank - 1]).set(size);
  for (let d = mi.rank - 2; d >= 0; d--) f.get(l[2 + d]).get(size).get(idx).i64(BigInt(d)).op(Op.i64_eq).op(Op.select).set(size);
  f.get(size);
  fc.pop(memref.DimOp.result(op));
}


implementWasmExec(memref.CopyOp, (fc, op) => copy(fc, op));
// Poison operands are the JavaScript backend's located errors (checked in its order).
implementWasmExec(memref.AllocOp, (fc, op) => alloc(fc, op, memref.AllocOp.memref(op), memref.AllocOp.dynamicSizes(op), memref.AllocOp.symbolOperands(op).length, false), {
  checks: (op) => memref.AllocOp.dynamicSizes(op).map((x) => [x, 'size']),
});
implementWasmExec(memref.AllocaOp, (fc, op) => alloc(fc, op, memref.AllocaOp.memref(op), memref.AllocaOp.dynamicSizes(op), memref.AllocaOp.symbolOperands(op).length, true), {
  checks: (op) => memref.AllocaOp.dynamicSizes(op).map((x) => [x, 'size']),
});
implementWasmExec(memref.DeallocOp, (fc, op) => dealloc(fc, op));
implementWasmExec(memref.LoadOp, (fc, op) => load(fc, op), { checks: (op) => memref.LoadOp.indices(op).map((x) => [x, 'index']) });
implementWasmExec(memref.StoreOp, (fc, op) => store(fc, op), {
  checks: (op) => [[memref.StoreOp.value(op), 'stored value'], ...memref.StoreOp.indices(op).map((x): [Value, string] => [x, 'index'])],
});
implementWasmExec(memref.DimOp, (fc, op) => dim(fc, op), { checks: (op) => [[memref.DimOp.index(op), 'dimension index']] });

// ---- views, casts, reshapes, globals, alloca scopes
//
// A view shares its allocation's address (so its live flag and exact size);
// its offset is the distance between its data address and the allocation's.
// Checks and their messages are the JavaScript backend's (src/exec/engine.ts).

type Mixed = number | Value;

/** A static offset, size or stride (or a constant operand), if known at compile time. */
function staticOf(fc: WasmFunctionCompiler, x: Mixed): bigint | undefined {
  return typeof x === 'number' ? BigInt(x) : fc.constInt(x);
}

function pushMixed(fc: WasmFunctionCompiler, x: Mixed): void {
  if (typeof x === 'number') fc.body.i64(BigInt(x));
  else fc.push(x);
}

function ranked(fc: WasmFunctionCompiler, v: Value, op: Operation): { mi: MemInfo; l: readonly number[] } {
  const mi = fc.memInfo(v, op);
  const l = fc.localsOf(v);
  if (!l) throw new WasmUnsupported(op, 'a value used before its definition');
  return { mi, l };
}


/** The view's offset in elements, (data - allocation) >> shift, as an i64. */
function pushOffset(fc: WasmFunctionCompiler, l: readonly number[], shift: number): void {
  fc.body.get(l[1]).get(l[0]).op(Op.i32_sub).op(Op.i64_extend_i32_s);
  if (shift) fc.body.i64(BigInt(shift)).op(Op.i64_shr_s);
}

/** The allocation's exact size in elements of 1 << shift bytes, as an i64. */
function pushAllocElements(fc: WasmFunctionCompiler, alloc: number, shift: number): void {
  fc.body.get(alloc).i32(HEADER + PRE).op(Op.i32_sub).mem(Op.i64_load, 3, 8);
  if (shift) fc.body.i64(BigInt(shift)).op(Op.i64_shr_u);
}

/** data = base + (i64 on the stack << shift), wrapped to the 32-bit address space. */
function offsetAddress(fc: WasmFunctionCompiler, base: number, shift: number): void {
  const f = fc.body;
  f.op(Op.i32_wrap_i64);
  if (shift) f.i32(shift).op(Op.i32_shl);
  f.get(base).op(Op.i32_add);
}

/** if (condition on the stack) viewErr(code, a, b, c, d), the dims passed first by `dims`. */
function viewErrIf(fc: WasmFunctionCompiler, op: Operation, code: number, args: (() => void)[], dims?: () => void): void {
  const f = fc.body;
  f.structured(Op.if, 'void');
  dims?.();
  f.i32(fc.K(op)).i32(code);
  for (let i = 0; i < 4; i++) {
    if (args[i]) args[i]();
    else f.i64(0n);
  }
  f.call(fc.imports.viewErr).op(Op.end);
}

function getGlobal(fc: WasmFunctionCompiler, op: OpOf<typeof memref.GetGlobalOp>): void {
  const res = memref.GetGlobalOp.result(op);
  const addr = fc.globalAddr.get(memref.GetGlobalOp.name(op));
  if (addr === undefined) throw new WasmUnsupported(op, `unknown global @${memref.GetGlobalOp.name(op)}`);
  const t = res.type as MemRefType;
  const mi = fc.memInfo(res, op);
  if (mi.strided) throw new WasmUnsupported(op, 'globals with a layout');
  const l = fc.def(res);
  const f = fc.body;
  f.i32(addr).set(l[0]).i32(addr).set(l[1]);
  let stride = 1n;
  for (let d = t.rank - 1; d >= 0; d--) {
    f.i64(BigInt(t.shape[d])).set(l[2 + d]);
    f.i64(stride).set(l[2 + t.rank + d]);
    stride *= BigInt(t.shape[d]);
  }
}

function subview(fc: WasmFunctionCompiler, op: OpOf<typeof memref.SubViewOp>): void {
  const S = memref.SubViewOp;
  const src = S.source(op);
  const { mi, l } = ranked(fc, src, op);
  const res = S.result(op);
  fc.memInfo(res, op);
  const offs = S.mixedOffsets(op);
  const sizes = S.mixedSizes(op);
  const strides = S.mixedStrides(op);
  const dropped = S.droppedDims(op);
  const shape = (src.type as MemRefType).shape;
  const n = mi.rank;
  const f = fc.body;
  for (let i = 0; i < n; i++) {
    const [o, z, s] = [offs[i], sizes[i], strides[i]];
    const so = staticOf(fc, o);
    const sz = staticOf(fc, z);
    const ss = staticOf(fc, s);
    const dim = shape[i] === kDynamic ? undefined : BigInt(shape[i]);
    if (so !== undefined && sz !== undefined && ss !== undefined && dim !== undefined) {
      const bad = so < 0n || sz < 0n || (sz > 0n && so + (sz - 1n) * ss >= dim) || (sz === 0n && so > dim);
      if (!bad) continue;
    }
    // o < 0 | z < 0 | (z > 0 & o + (z - 1) * s >= size) | (z == 0 & o > size)
    pushMixed(fc, o);
    f.i64(0n).op(Op.i64_lt_s);
    pushMixed(fc, z);
    f.i64(0n).op(Op.i64_lt_s).op(Op.i32_or);
    pushMixed(fc, z);
    f.i64(0n).op(Op.i64_gt_s);
    pushMixed(fc, o);
    pushMixed(fc, z);
    f.i64(1n).op(Op.i64_sub);
    pushMixed(fc, s);
    f.op(Op.i64_mul).op(Op.i64_add).get(l[2 + i]).op(Op.i64_ge_s).op(Op.i32_and).op(Op.i32_or);
    pushMixed(fc, z);
    f.op(Op.i64_eqz);
    pushMixed(fc, o);
    f.get(l[2 + i]).op(Op.i64_gt_s).op(Op.i32_and).op(Op.i32_or);
    viewErrIf(
      fc,
      op,
      ViewErr.subview,
      [() => pushMixed(fc, o), () => pushMixed(fc, z), () => pushMixed(fc, s), () => f.i64(BigInt(i))],
      () => fc.passDims(l, n),
    );
  }
  const rl = fc.def(res);
  const R = (res.type as MemRefType).rank;
  f.get(l[0]).set(rl[0]);
  // The data address moves by sum(offset_i * stride_i) elements.
  f.i64(0n);
  for (let i = 0; i < n; i++) {
    const so = staticOf(fc, offs[i]);
    if (so === 0n) continue;
    pushMixed(fc, offs[i]);
    f.get(l[2 + n + i]).op(Op.i64_mul).op(Op.i64_add);
  }
  offsetAddress(fc, l[1], mi.shift);
  f.set(rl[1]);
  let j = 0;
  for (let i = 0; i < n; i++) {
    if (dropped.has(i)) continue;
    pushMixed(fc, sizes[i]);
    f.set(rl[2 + j]);
    f.get(l[2 + n + i]);
    if (staticOf(fc, strides[i]) !== 1n) {
      pushMixed(fc, strides[i]);
      f.op(Op.i64_mul);
    }
    f.set(rl[2 + R + j]);
    j++;
  }
  if (j !== R) throw new WasmUnsupported(op, `'${op.opName}' with this rank reduction`);
}

function reinterpretCast(fc: WasmFunctionCompiler, op: OpOf<typeof memref.ReinterpretCastOp>): void {
  const R_ = memref.ReinterpretCastOp;
  const { mi, l } = ranked(fc, R_.source(op), op);
  const res = R_.result(op);
  const rmi = fc.memInfo(res, op);
  const o = R_.mixedOffsets(op)[0];
  const sizes = R_.mixedSizes(op);
  const strides = R_.mixedStrides(op);
  const f = fc.body;
  const R = rmi.rank;
  for (const z of sizes) {
    if (typeof z === 'number') continue;
    fc.push(z);
    f.i64(0n).op(Op.i64_lt_s);
    viewErrIf(fc, op, ViewErr.invalidSize, [() => fc.push(z)]);
  }
  const rl = fc.def(res);
  f.get(l[0]).set(rl[0]);
  pushMixed(fc, o);
  offsetAddress(fc, l[0], mi.shift);
  f.set(rl[1]);
  sizes.forEach((z, d) => (pushMixed(fc, z), f.set(rl[2 + d])));
  strides.forEach((s, d) => (pushMixed(fc, s), f.set(rl[2 + R + d])));
  // The extent [lo, hi] must lie in the allocation (unless the view is empty).
  const lo = f.local('i64');
  const hi = f.local('i64');
  const t = f.local('i64');
  const empty = f.local('i32');
  pushMixed(fc, o);
  f.set(lo);
  pushMixed(fc, o);
  f.set(hi);
  f.i32(0).set(empty);
  for (let d = 0; d < R; d++) {
    f.get(rl[2 + d]).op(Op.i64_eqz).get(empty).op(Op.i32_or).set(empty);
    f.get(rl[2 + d]).i64(1n).op(Op.i64_sub).get(rl[2 + R + d]).op(Op.i64_mul).set(t);
    f.get(lo).get(t).i64(0n).get(t).i64(0n).op(Op.i64_lt_s).op(Op.select).op(Op.i64_add).set(lo);
    f.get(hi).get(t).i64(0n).get(t).i64(0n).op(Op.i64_gt_s).op(Op.select).op(Op.i64_add).set(hi);
  }
  f.get(empty).op(Op.i32_eqz);
  f.get(lo).i64(0n).op(Op.i64_lt_s).get(hi);
  pushAllocElements(fc, l[0], rmi.shift);
  f.op(Op.i64_ge_s).op(Op.i32_or).op(Op.i32_and);
  viewErrIf(fc, op, ViewErr.reinterpret, [() => pushMixed(fc, o), () => pushAllocElements(fc, l[0], rmi.shift)], () => fc.passDims(rl, R));
}

function expandShape(fc: WasmFunctionCompiler, op: OpOf<typeof memref.ExpandShapeOp>): void {
  const E = memref.ExpandShapeOp;
  const src = E.src(op);
  const { mi, l } = ranked(fc, src, op);
  const res = E.result(op);
  const rmi = fc.memInfo(res, op);
  const shape = E.mixedOutputShape(op);
  const groups = E.reassociationIndices(op);
  const srcShape = (src.type as MemRefType).shape;
  const f = fc.body;
  const n = mi.rank;
  const R = rmi.rank;
  const rl = fc.def(res);
  f.get(l[0]).set(rl[0]).get(l[1]).set(rl[1]);
  shape.forEach((z, d) => (pushMixed(fc, z), f.set(rl[2 + d])));
  const st = f.local('i64');
  groups.forEach((g, i) => {
    const statics = g.map((d) => staticOf(fc, shape[d]));
    const known = srcShape[i] !== kDynamic && statics.every((x) => x !== undefined) && statics.reduce((p, x) => p! * x!, 1n) === BigInt(srcShape[i]);
    if (!known) {
      const prod = (): void => {
        f.i64(1n);
        for (const d of g) f.get(rl[2 + d]).op(Op.i64_mul);
      };
      prod();
      f.get(l[2 + i]).op(Op.i64_ne);
      viewErrIf(fc, op, ViewErr.expand, [() => f.get(l[2 + i]), prod, () => f.i64(BigInt(i))]);
    }
    f.get(l[2 + n + i]).set(st);
    for (let j = g.length - 1; j >= 0; j--) {
      f.get(st).set(rl[2 + R + g[j]]);
      f.get(st).get(rl[2 + g[j]]).op(Op.i64_mul).set(st);
    }
  });
}

function collapseShape(fc: WasmFunctionCompiler, op: OpOf<typeof memref.CollapseShapeOp>): void {
  const C = memref.CollapseShapeOp;
  const { mi, l } = ranked(fc, C.src(op), op);
  const res = C.result(op);
  const rmi = fc.memInfo(res, op);
  const groups = C.reassociationIndices(op);
  const f = fc.body;
  const n = mi.rank;
  const R = rmi.rank;
  const rl = fc.def(res);
  f.get(l[0]).set(rl[0]).get(l[1]).set(rl[1]);
  const expect = f.local('i64');
  const has = f.local('i32');
  groups.forEach((g, i) => {
    const size = rl[2 + i];
    const stride = rl[2 + R + i];
    f.i64(1n);
    for (const d of g) f.get(l[2 + d]).op(Op.i64_mul);
    f.set(size);
    if (!g.length) {
      f.i64(1n).set(stride);
      return;
    }
    // The stride of the innermost non-unit dimension (else the last one's).
    f.get(l[2 + n + g[g.length - 1]]).set(stride);
    for (let j = 0; j < g.length; j++) {
      const d = g[j];
      f.get(l[2 + n + d]).get(stride).get(l[2 + d]).i64(1n).op(Op.i64_ne).op(Op.select).set(stride);
    }
    // Contiguity (ignoring unit dimensions), unless the group is empty of elements.
    f.i32(0).set(has);
    for (let j = g.length - 1; j >= 0; j--) {
      const d = g[j];
      f.get(l[2 + d]).i64(1n).op(Op.i64_ne).structured(Op.if, 'void');
      f.get(has).get(l[2 + n + d]).get(expect).op(Op.i64_ne).op(Op.i32_and).get(size).i64(0n).op(Op.i64_ne).op(Op.i32_and);
      viewErrIf(fc, op, ViewErr.collapse, []);
      f.get(l[2 + n + d]).get(l[2 + d]).op(Op.i64_mul).set(expect).i32(1).set(has);
      f.op(Op.end);
    }
  });
}

function extractStridedMetadata(fc: WasmFunctionCompiler, op: OpOf<typeof memref.ExtractStridedMetadataOp>): void {
  const X = memref.ExtractStridedMetadataOp;
  const { mi, l } = ranked(fc, X.source(op), op);
  const f = fc.body;
  const base = fc.def(X.base_buffer(op));
  f.get(l[0]).set(base[0]).get(l[0]).set(base[1]);
  pushOffset(fc, l, mi.shift);
  fc.pop(X.offset(op));
  X.sizes(op).forEach((z, d) => (f.get(l[2 + d]), fc.pop(z)));
  X.strides(op).forEach((s, d) => (f.get(l[2 + mi.rank + d]), fc.pop(s)));
}

function view(fc: WasmFunctionCompiler, op: OpOf<typeof memref.ViewOp>): void {
  const V = memref.ViewOp;
  const { l } = ranked(fc, V.source(op), op);
  const res = V.result(op);
  const rmi = fc.memInfo(res, op);
  const t = res.type as MemRefType;
  if (rmi.strided) throw new WasmUnsupported(op, `'${op.opName}' to a strided layout`);
  const f = fc.body;
  const eb = 1 << rmi.shift;
  const off = f.local('i64');
  f.get(l[1]).get(l[0]).op(Op.i32_sub).op(Op.i64_extend_i32_s);
  fc.push(V.byte_shift(op));
  f.op(Op.i64_add).set(off);
  if (eb > 1) {
    f.get(off).i64(BigInt(eb - 1)).op(Op.i64_and).i64(0n).op(Op.i64_ne);
    viewErrIf(fc, op, ViewErr.viewAlign, [() => fc.push(V.byte_shift(op)), () => f.i64(BigInt(eb))]);
  }
  // The JavaScript backend keeps no 64-bit integers in views.
  if (rmi.elem.k === 'int' && rmi.elem.vt === 'i64') {
    f.i32(1);
    viewErrIf(fc, op, ViewErr.viewWide, []);
  }
  const rl = fc.def(res);
  const R = rmi.rank;
  const dyn = V.sizes(op);
  let k = 0;
  t.shape.forEach((d, i) => {
    if (d === kDynamic) fc.push(dyn[k++]);
    else f.i64(BigInt(d));
    f.set(rl[2 + i]);
  });
  f.i64(1n);
  for (let i = R - 1; i >= 0; i--) {
    f.op(Op.local_tee).code.u32(rl[2 + R + i]);
    f.get(rl[2 + i]).op(Op.i64_mul);
  }
  // off + n * eb > the allocation's bytes
  f.i64(BigInt(eb)).op(Op.i64_mul).get(off).op(Op.i64_add);
  pushAllocElements(fc, l[0], 0);
  f.op(Op.i64_gt_s);
  viewErrIf(fc, op, ViewErr.viewBounds, []);
  f.get(l[0]).set(rl[0]);
  f.get(off);
  offsetAddress(fc, l[0], 0);
  f.set(rl[1]);
}

/** memref.cast: the descriptor is unchanged; casts to static sizes, offsets or strides check them. */
/** Unranked to ranked: the rank checked, then the sizes and strides taken as the ranked memref's (checked as a cast's). */
function castFromUnranked(fc: WasmFunctionCompiler, op: OpOf<typeof memref.CastOp>, src: Value, res: Value): void {
  const rt = res.type;
  const ls = fc.localsOf(src);
  if (!ls) throw new WasmUnsupported(op, 'a value used before its definition');
  if (!(rt instanceof MemRefType)) {
    fc.push(src);
    return fc.pop(res);
  }
  if (rt.rank > MAX_UNRANKED) throw new WasmUnsupported(op, `unranked memrefs of rank ${rt.rank}`);
  const f = fc.body;
  f.get(ls[2]).i32(rt.rank).op(Op.i32_ne);
  viewErrIf(fc, op, ViewErr.castRank, [() => f.get(ls[2]).op(Op.i64_extend_i32_u), () => f.i64(BigInt(rt.rank))]);
  const l = fc.def(res);
  f.get(ls[0]).set(l[0]).get(ls[1]).set(l[1]);
  for (let d = 0; d < rt.rank; d++) {
    f.get(ls[3 + d]).set(l[2 + d]);
    f.get(ls[3 + MAX_UNRANKED + d]).set(l[2 + rt.rank + d]);
  }
  castChecks(fc, op, fc.memInfo(res, op), l, undefined, rt);
}

function cast(fc: WasmFunctionCompiler, op: OpOf<typeof memref.CastOp>): void {
  const src = memref.CastOp.source(op);
  const res = memref.CastOp.dest(op);
  if (fc.kind(src, op).k === 'unranked') return castFromUnranked(fc, op, src, res);
  const { mi, l } = ranked(fc, src, op);
  const rt = res.type;
  if (!(rt instanceof MemRefType)) {
    // To an unranked memref: the same locals (see kindOfValue).
    fc.push(src);
    fc.pop(res);
    return;
  }
  const f = fc.body;
  const st = src.type instanceof MemRefType ? src.type : undefined;
  if (mi.rank !== rt.rank) {
    f.i32(1);
    viewErrIf(fc, op, ViewErr.castRank, [() => f.i64(BigInt(mi.rank)), () => f.i64(BigInt(rt.rank))]);
    fc.def(res);
    return;
  }
  castChecks(fc, op, mi, l, st, rt);
  fc.push(src);
  fc.pop(res);
}

/** The checks of a cast of the memref in locals `l` (of type `st` if ranked) to `rt`: static sizes, offset and strides. */
function castChecks(fc: WasmFunctionCompiler, op: Operation, mi: MemInfo, l: readonly number[], st: MemRefType | undefined, rt: MemRefType): void {
  const f = fc.body;
  rt.shape.forEach((d, i) => {
    if (d === kDynamic || (st && st.shape[i] === d)) return;
    f.get(l[2 + i]).i64(BigInt(d)).op(Op.i64_ne);
    viewErrIf(fc, op, ViewErr.castSize, [() => f.get(l[2 + i]), () => f.i64(BigInt(d)), () => f.i64(BigInt(i))]);
  });
  const so = stridesAndOffset(rt);
  const ss = st ? stridesAndOffset(st) : undefined;
  if (so) {
    if (so.offset !== kDynamic && ss?.offset !== so.offset) {
      pushOffset(fc, l, mi.shift);
      f.i64(BigInt(so.offset)).op(Op.i64_ne);
      viewErrIf(fc, op, ViewErr.castOffset, [() => pushOffset(fc, l, mi.shift), () => f.i64(BigInt(so.offset))]);
    }
    so.strides.forEach((s, i) => {
      if (s === kDynamic || ss?.strides[i] === s) return;
      f.get(l[2 + i]).i64(1n).op(Op.i64_ne).get(l[2 + mi.rank + i]).i64(BigInt(s)).op(Op.i64_ne).op(Op.i32_and);
      viewErrIf(fc, op, ViewErr.castStride, [() => f.get(l[2 + mi.rank + i]), () => f.i64(BigInt(s)), () => f.i64(BigInt(i))]);
    });
  }
}


/** Frees every allocation on the chain in local `head` (free relinks the third word: read it first); leaves `head` 0. */
export function freeAllocaChain(fc: WasmFunctionCompiler, head: number): void {
  const f = fc.body;
  const next = f.local('i32');
  f.structured(Op.block, 'void').structured(Op.loop, 'void');
  f.get(head).op(Op.i32_eqz).br(Op.br_if, 1);
  f.get(head).mem(Op.i32_load, 2, 8).set(next);
  f.get(head).call(fc.free);
  f.get(next).set(head);
  f.br(Op.br, 0).op(Op.end).op(Op.end);
}

function allocaScope(fc: WasmFunctionCompiler, op: OpOf<typeof memref.AllocaScopeOp>): void {
  const region = memref.AllocaScopeOp.bodyRegion(op);
  if (region.blocks.length !== 1) throw new WasmUnsupported(op, `'${op.opName}' with several blocks`);
  const f = fc.body;
  const head = f.local('i32');
  f.i32(0).set(head);
  fc.allocaScopes.set(op, head);
  const results = memref.AllocaScopeOp.results(op);
  results.forEach((r) => fc.def(r));
  fc.block(region.blocks[0], (term) => {
    const ret = memref.AllocaScopeReturnOp.dynCast(term);
    if (!ret) throw new WasmUnsupported(term, `'${term.opName}' ending an alloca_scope`);
    fc.assign(results, memref.AllocaScopeReturnOp.results(ret));
    freeAllocaChain(fc, head);
  });
}

function rank(fc: WasmFunctionCompiler, op: OpOf<typeof memref.RankOp>): void {
  const v = memref.RankOp.memref(op);
  if (fc.kind(v, op).k === 'unranked') {
    fc.body.get(fc.localsOf(v)![2]).op(Op.i64_extend_i32_u);
    return fc.pop(memref.RankOp.result(op));
  }
  const mi = fc.memInfo(memref.RankOp.memref(op), op);
  fc.body.i64(BigInt(mi.rank));
  fc.pop(memref.RankOp.result(op));
}

function alignedPointer(fc: WasmFunctionCompiler, op: OpOf<typeof memref.ExtractAlignedPointerAsIndexOp>): void {
  // The JavaScript backend's fake address of the allocation (printMemref's base@).
  const { l } = ranked(fc, memref.ExtractAlignedPointerAsIndexOp.source(op), op);
  fc.body.get(l[0]).i32(HEADER + PRE).op(Op.i32_sub).mem(Op.i64_load, 3);
  fc.pop(memref.ExtractAlignedPointerAsIndexOp.aligned_pointer(op));
}

/** memref.reshape to a ranked type: sizes read from the shape memref, row-major strides (the JavaScript backend's). */
function reshape(fc: WasmFunctionCompiler, op: OpOf<typeof memref.ReshapeOp>): void {
  const src = memref.ReshapeOp.source(op);
  const shapeRef = memref.ReshapeOp.shape(op);
  const res = memref.ReshapeOp.result(op);
  const { mi, l } = ranked(fc, src, op);
  const { mi: si, l: sl } = ranked(fc, shapeRef, op);
  const rmi = fc.memInfo(res, op);
  if (si.elem.k !== 'int') throw new WasmUnsupported(op, `'${op.opName}' with this shape type`);
  const f = fc.body;
  const R = rmi.rank;
  const rl = fc.def(res);
  for (let i = 0; i < R; i++) {
    // shape[i] at data + i * stride elements.
    f.get(sl[1]).i64(BigInt(i)).get(sl[2 + si.rank]).op(Op.i64_mul).op(Op.i32_wrap_i64);
    if (si.shift) f.i32(si.shift).op(Op.i32_shl);
    f.op(Op.i32_add);
    if (si.elem.vt === 'i64') f.mem(Op.i64_load, 3);
    else {
      if (si.shift === 2) f.mem(Op.i32_load, 2);
      else if (si.shift === 1) f.mem(Op.i32_load16_s, 1);
      else f.mem(si.elem.w === 1 ? Op.i32_load8_u : Op.i32_load8_s, 0);
      f.op(Op.i64_extend_i32_s);
    }
    f.set(rl[2 + i]);
    f.get(rl[2 + i]).i64(0n).op(Op.i64_lt_s);
    viewErrIf(fc, op, ViewErr.invalidSize, [() => f.get(rl[2 + i])]);
  }
  f.i64(1n);
  for (let i = R - 1; i >= 0; i--) {
    f.op(Op.local_tee).code.u32(rl[2 + R + i]);
    f.get(rl[2 + i]).op(Op.i64_mul);
  }
  const total = f.local('i64');
  f.set(total);
  f.i64(1n);
  for (let d = 0; d < mi.rank; d++) f.get(l[2 + d]).op(Op.i64_mul);
  f.get(total).op(Op.i64_ne);
  viewErrIf(fc, op, ViewErr.reshapeCount, [
    () => {
      f.i64(1n);
      for (let d = 0; d < mi.rank; d++) f.get(l[2 + d]).op(Op.i64_mul);
    },
    () => f.get(total),
  ]);
  f.get(l[0]).set(rl[0]).get(l[1]).set(rl[1]);
}

function transpose(fc: WasmFunctionCompiler, op: OpOf<typeof memref.TransposeOp>): void {
  const { mi, l } = ranked(fc, memref.TransposeOp.in(op), op);
  const perm = memref.TransposeOp.permutation(op).results.map((e) => (e as unknown as { position: number }).position);
  const rl = fc.def(memref.TransposeOp.result(op));
  const f = fc.body;
  const n = mi.rank;
  f.get(l[0]).set(rl[0]).get(l[1]).set(rl[1]);
  perm.forEach((p, i) => {
    f.get(l[2 + p]).set(rl[2 + i]);
    f.get(l[2 + n + p]).set(rl[2 + n + i]);
  });
}

implementWasmExec(memref.ReshapeOp, (fc, op) => reshape(fc, op));
implementWasmExec(memref.TransposeOp, (fc, op) => transpose(fc, op));
implementWasmExec(memref.GetGlobalOp, (fc, op) => getGlobal(fc, op));
// Poison offsets, sizes, strides and shifts are the JavaScript backend's located errors (checked in its order).
const poisonOperands = (what: string, xs: readonly Value[]): [Value, string][] => xs.map((x) => [x, what]);
implementWasmExec(memref.SubViewOp, (fc, op) => subview(fc, op), {
  checks: (op) => poisonOperands('operand', [...memref.SubViewOp.offsets(op), ...memref.SubViewOp.sizes(op), ...memref.SubViewOp.strides(op)]),
});
implementWasmExec(memref.ReinterpretCastOp, (fc, op) => reinterpretCast(fc, op), {
  checks: (op) => poisonOperands('operand', [...memref.ReinterpretCastOp.offsets(op), ...memref.ReinterpretCastOp.sizes(op), ...memref.ReinterpretCastOp.strides(op)]),
});
implementWasmExec(memref.ExpandShapeOp, (fc, op) => expandShape(fc, op), { checks: (op) => poisonOperands('size', memref.ExpandShapeOp.output_shape(op)) });
implementWasmExec(memref.CollapseShapeOp, (fc, op) => collapseShape(fc, op));
implementWasmExec(memref.ExtractStridedMetadataOp, (fc, op) => extractStridedMetadata(fc, op));
implementWasmExec(memref.ViewOp, (fc, op) => view(fc, op), {
  checks: (op) => [[memref.ViewOp.byte_shift(op), 'byte shift'], ...poisonOperands('size', memref.ViewOp.sizes(op))],
});
implementWasmExec(memref.CastOp, (fc, op) => cast(fc, op));
implementWasmExec(memref.AllocaScopeOp, (fc, op) => allocaScope(fc, op));
implementWasmExec(memref.RankOp, (fc, op) => rank(fc, op));
implementWasmExec(memref.ExtractAlignedPointerAsIndexOp, (fc, op) => alignedPointer(fc, op));
implementWasmExec(memref.MemorySpaceCastOp, (fc, op) => (fc.push(memref.MemorySpaceCastOp.source(op)), fc.pop(memref.MemorySpaceCastOp.dest(op))));
implementWasmExec(memref.DistinctObjectsOp, (fc, op) => {
  const results = memref.DistinctObjectsOp.results(op);
  memref.DistinctObjectsOp.operands(op).forEach((v, i) => (fc.push(v), fc.pop(results[i])));
});
// A hint: nothing to do (as the JavaScript backend).
// A hint: its indices are not used (poison ones included, as in the JavaScript backend).
implementWasmExec(memref.PrefetchOp, () => {}, { custom: true });
implementWasmExec(memref.AssumeAlignmentOp, (fc, op) => (fc.push(memref.AssumeAlignmentOp.memref(op)), fc.pop(memref.AssumeAlignmentOp.result(op))));

// ---- realloc and the atomics (sequential: a load, the update, a store)

/**
 * memref.realloc: a new allocation of the result's size holding the first
 * min(old, new) elements, and the source freed, in the JavaScript backend's
 * order (its liveness, the new allocation's checks, the copy, the free).
 */
function realloc(fc: WasmFunctionCompiler, op: OpOf<typeof memref.ReallocOp>): void {
  const src = memref.ReallocOp.source(op);
  const res = memref.ReallocOp.result(op);
  const { mi, l: ls } = ranked(fc, src, op);
  if (mi.strided) throw new WasmUnsupported(op, `'${op.opName}' of a strided memref`);
  const t = res.type as MemRefType;
  const f = fc.body;
  f.get(ls[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).op(Op.i32_eqz);
  fc.errorIf(op, ErrCode.reallocDead);
  const l = fc.def(res);
  const dyn = memref.ReallocOp.dynamicResultSize(op);
  if (t.shape[0] === kDynamic && dyn) {
    fc.push(dyn);
    f.set(l[2]);
    f.get(l[2]).i64(0n).op(Op.i64_lt_s);
    fc.errorIf(op, ErrCode.invalidSize, () => f.get(l[2]));
  } else f.i64(BigInt(t.shape[0])).set(l[2]);
  f.i64(1n).set(l[3]);
  f.get(l[2]).i64(1n << 31n).op(Op.i64_gt_u);
  fc.errorIf(op, ErrCode.tooLarge, () => f.get(l[2]));
  f.i32(fc.K(op)).get(l[2]).i64(BigInt(mi.shift)).op(Op.i64_shl).call(fc.malloc);
  f.set(l[0]);
  f.get(l[0]).set(l[1]);
  // The first min(new, old) elements (the source is contiguous: identity layout).
  f.get(l[1]).get(ls[1]);
  f.get(l[2]).get(ls[2]).get(l[2]).get(ls[2]).op(Op.i64_lt_s).op(Op.select);
  f.op(Op.i32_wrap_i64);
  if (mi.shift) f.i32(mi.shift).op(Op.i32_shl);
  f.memoryCopy();
  // The source's allocation dies; heap blocks join the freed list.
  f.get(ls[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).i32(Flag.heap).op(Op.i32_eq);
  f.structured(Op.if, 'void');
  f.get(ls[0]).i32(HEADER).op(Op.i32_sub).call(fc.free);
  f.op(Op.else);
  f.get(ls[0]).i32(HEADER).op(Op.i32_sub).i32(Flag.freed).mem(Op.i32_store, 2);
  f.op(Op.end);
}

/** The element's address (checked as a load's and a store's), kept in a new local. */
function atomicAddress(fc: WasmFunctionCompiler, op: Operation, m: Value, indices: readonly Value[]): { mi: MemInfo; at: number } {
  if (fc.isConstantGlobal(m)) {
    fc.body.i32(1);
    fc.errorIf(op, ErrCode.storeConstant);
  }
  const mi = fc.address(op, m, indices);
  const at = fc.body.local('i32');
  fc.body.set(at);
  return { mi, at };
}

function atomicRMW(fc: WasmFunctionCompiler, op: OpOf<typeof memref.AtomicRMWOp>): void {
  const A = memref.AtomicRMWOp;
  const kind = memref.AtomicRMWKind.stringify(A.kind(op)) ?? '';
  const old = A.result(op);
  const x = A.value(op);
  const { mi, at } = atomicAddress(fc, op, A.memref(op), A.indices(op));
  const s = mi.elem;
  if (s.k === 'wide') throw new WasmUnsupported(op, `'${op.opName}' of integers wider than 64 bits`);
  const f = fc.body;
  f.get(at);
  loadElem(fc, mi);
  fc.pop(old);
  f.get(at);
  const I = s.vt === 'i32' || s.vt === 'f32';
  const pick = (a: number, b: number): number => (I ? a : b);
  const pair = (): void => {
    fc.push(old);
    fc.push(x);
  };
  if (s.k === 'int') {
    const bin: Record<string, [number, number]> = { addi: [Op.i32_add, Op.i64_add], muli: [Op.i32_mul, Op.i64_mul], andi: [Op.i32_and, Op.i64_and], ori: [Op.i32_or, Op.i64_or], xori: [Op.i32_xor, Op.i64_xor] };
    if (kind === 'assign') fc.push(x);
    else if (bin[kind]) {
      pair();
      f.op(pick(...bin[kind]));
      fc.norm(s);
    } else if (['maxs', 'mins', 'maxu', 'minu'].includes(kind)) {
      const how = kind[3] === 's' ? 'signed' : 'unsigned';
      pair();
      fc.pushAs(old, how, s);
      fc.pushAs(x, how, s);
      const max = kind.startsWith('max');
      f.op(how === 'signed' ? (max ? pick(Op.i32_gt_s, Op.i64_gt_s) : pick(Op.i32_lt_s, Op.i64_lt_s)) : max ? pick(Op.i32_gt_u, Op.i64_gt_u) : pick(Op.i32_lt_u, Op.i64_lt_u));
      f.op(Op.select);
    } else throw new WasmUnsupported(op, `'${op.opName}' of kind ${kind}`);
  } else if (kind === 'assign') fc.push(x);
  else if (kind === 'addf' || kind === 'mulf') {
    pair();
    f.op(kind === 'addf' ? pick(Op.f32_add, Op.f64_add) : pick(Op.f32_mul, Op.f64_mul));
    fc.roundFloat(s);
  } else if (kind === 'maximumf' || kind === 'minimumf') {
    pair();
    f.op(kind === 'maximumf' ? pick(Op.f32_max, Op.f64_max) : pick(Op.f32_min, Op.f64_min));
  } else if (kind === 'maxnumf' || kind === 'minnumf') {
    // A NaN operand gives the other one; else max/min.
    fc.push(x);
    fc.push(old);
    pair();
    f.op(kind === 'maxnumf' ? pick(Op.f32_max, Op.f64_max) : pick(Op.f32_min, Op.f64_min));
    fc.push(x);
    fc.push(x);
    f.op(pick(Op.f32_ne, Op.f64_ne)).op(Op.select);
    fc.push(old);
    fc.push(old);
    f.op(pick(Op.f32_ne, Op.f64_ne)).op(Op.select);
  } else throw new WasmUnsupported(op, `'${op.opName}' of kind ${kind}`);
  storeElem(fc, mi);
}

/** generic_atomic_rmw: its body computes the new value from the current one (also its result). */
function genericAtomicRMW(fc: WasmFunctionCompiler, op: OpOf<typeof memref.GenericAtomicRMWOp>): void {
  const G = memref.GenericAtomicRMWOp;
  const { mi, at } = atomicAddress(fc, op, G.memref(op), G.indices(op));
  const f = fc.body;
  const cur = G.currentValue(op);
  f.get(at);
  loadElem(fc, mi);
  fc.pop(cur);
  fc.push(cur);
  fc.pop(G.result(op));
  fc.block(G.atomic_body(op).entry, (term) => {
    const y = memref.AtomicYieldOp.dynCast(term);
    if (!y) throw new WasmUnsupported(term, `'${term.opName}' ending an atomic body`);
    fc.checkPoison(y, memref.AtomicYieldOp.result(y), 'stored value');
    f.get(at);
    fc.push(memref.AtomicYieldOp.result(y));
    storeElem(fc, mi);
  });
}

implementWasmExec(memref.ReallocOp, (fc, op) => realloc(fc, op), {
  checks: (op) => {
    const dyn = memref.ReallocOp.dynamicResultSize(op);
    return dyn ? [[dyn, 'size']] : [];
  },
});
implementWasmExec(memref.AtomicRMWOp, (fc, op) => atomicRMW(fc, op), {
  checks: (op) => [[memref.AtomicRMWOp.value(op), 'operand'], ...poisonOperands('index', memref.AtomicRMWOp.indices(op))],
});
// The value the body yields is checked at memref.atomic_yield (the emitter).
implementWasmExec(memref.GenericAtomicRMWOp, (fc, op) => genericAtomicRMW(fc, op), { checks: (op) => poisonOperands('index', memref.GenericAtomicRMWOp.indices(op)) });
