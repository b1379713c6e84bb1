// How the memref ops (allocation, access, copy) on linear memory execute in the WebAssembly backend: the per-op emitters registered
// with the backend (src/exec/wasm/emitters.ts); compile.ts drives them.

import { MemRefType, kDynamic } from '../../ir/builtin-types.js';
import { matchConstantInt } from '../../ir/matchers.js';
import type { Operation, Value } from '../../ir/operation.js';
import type { OpOf } from '../../ods/index.js';
import * as scf from '../scf/index.js';
import * as memref from './index.js';
import { Op } from '../../exec/wasm/encoder.js';
import { ErrCode, HEADER, WasmUnsupported, type WasmFunctionCompiler } from '../../exec/wasm/compile.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';

function copy(fc: WasmFunctionCompiler, op: OpOf<typeof memref.CopyOp>): void {
  const src = memref.CopyOp.source(op);
  const dst = memref.CopyOp.target(op);
  const st = src.type;
  const dt = dst.type;
  if (!(st instanceof MemRefType) || !(dt instanceof MemRefType) || !st.hasStaticShape || st.shape.join() !== dt.shape.join() || st.elementType !== dt.elementType)
    throw new WasmUnsupported(op, `'${op.opName}' of these types`);
  const mi = fc.memInfo(src, op);
  const ls = fc.localsOf(src)!;
  const ld = fc.localsOf(dst)!;
  const f = fc.body;
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
    f.get(l[0]).i32(HEADER).op(Op.i32_sub).i32(2).mem(Op.i32_store, 2);
    let p = op.parentOp;
    while (p && p !== fc.fn && (scf.IfOp.isa(p) || scf.ExecuteRegionOp.isa(p))) p = p.parentOp;
    if (p === fc.fn) fc.freeAtReturn(l[0]);
  }
}

function dealloc(fc: WasmFunctionCompiler, op: OpOf<typeof memref.DeallocOp>): void {
  const v = memref.DeallocOp.memref(op);
  fc.memInfo(v, op);
  const l = fc.localsOf(v)!;
  const f = fc.body;
  f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).op(Op.i32_eqz);
  fc.errorIf(op, ErrCode.doubleFree);
  f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).i32(2).op(Op.i32_eq);
  fc.errorIf(op, ErrCode.deallocStack);
  f.get(l[0]).i32(HEADER).op(Op.i32_sub).call(fc.free);
}

/** Checks the indices and liveness; leaves the element's byte address on the stack. */

function load(fc: WasmFunctionCompiler, op: OpOf<typeof memref.LoadOp>): void {
  const mi = fc.address(op, memref.LoadOp.memref(op), memref.LoadOp.indices(op));
  const e = mi.elem;
  const f = fc.body;
  if (e.k === 'float' && e.f === 'f16') f.mem(Op.i32_load16_u, 1).call(fc.helper('bitsF16'));
  else if (e.k === 'float' && e.f === 'bf16') f.mem(Op.i32_load16_u, 1).i32(16).op(Op.i32_shl).op(Op.f32_reinterpret_i32).op(Op.f64_promote_f32);
  else if (e.k === 'float') f.mem(e.vt === 'f32' ? Op.f32_load : Op.f64_load, mi.shift);
  else if (e.vt === 'i64') f.mem(Op.i64_load, 3);
  else if (mi.shift === 2) f.mem(Op.i32_load, 2);
  else if (mi.shift === 1) f.mem(Op.i32_load16_s, 1);
  else f.mem(e.w === 1 ? Op.i32_load8_u : Op.i32_load8_s, 0);
  fc.pop(memref.LoadOp.result(op));
}

function store(fc: WasmFunctionCompiler, op: OpOf<typeof memref.StoreOp>): void {
  const mi = fc.address(op, memref.StoreOp.memref(op), memref.StoreOp.indices(op));
  const e = mi.elem;
  const f = fc.body;
  fc.push(memref.StoreOp.value(op));
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
  const mi = fc.memInfo(src, op);
  const c = matchConstantInt(memref.DimOp.index(op));
  if (c === undefined || c < 0n || c >= BigInt(mi.rank)) throw new WasmUnsupported(op, `'${op.opName}' of a non-constant dimension`);
  fc.body.get(fc.localsOf(src)![2 + Number(c)]);
  fc.pop(memref.DimOp.result(op));
}


implementWasmExec(memref.CopyOp, (fc, op) => copy(fc, op));
implementWasmExec(memref.AllocOp, (fc, op) => alloc(fc, op, memref.AllocOp.memref(op), memref.AllocOp.dynamicSizes(op), memref.AllocOp.symbolOperands(op).length, false));
implementWasmExec(memref.AllocaOp, (fc, op) => alloc(fc, op, memref.AllocaOp.memref(op), memref.AllocaOp.dynamicSizes(op), memref.AllocaOp.symbolOperands(op).length, true));
implementWasmExec(memref.DeallocOp, (fc, op) => dealloc(fc, op));
implementWasmExec(memref.LoadOp, (fc, op) => load(fc, op));
implementWasmExec(memref.StoreOp, (fc, op) => store(fc, op));
implementWasmExec(memref.DimOp, (fc, op) => dim(fc, op));
