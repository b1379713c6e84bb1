// A loop vectorizer for the WebAssembly backend: an innermost scf.for (step
// 1) or one-dimensional scf.parallel whose body is a straight-line map over
// unit-stride memref accesses (plus integer reductions) first runs 4
// iterations at a time in 128-bit SIMD code, then the scalar loop that the
// scf emitter emits anyway finishes the remaining iterations.
//
// The vector part only runs when a test before the loop proves it behaves as
// the scalar loop would: every access of every iteration in bounds and live,
// unit innermost strides, and no store overlapping another access of the loop
// (unless it is the same element in the same iteration). Otherwise the scalar
// loop runs every iteration, so a failing check still reports the exact
// iteration, after the output of the iterations before it. Lanes compute
// exactly the scalar operations (IEEE float ops lane by lane, wrapping integer
// ops); only integer reductions (add, mul, and, or, xor, min, max: associative
// and commutative) are regrouped. Float reductions are left scalar: LLVM -O2,
// hence mlir-runner, does not reassociate them either.

import { FloatAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, MemRefType } from '../../ir/builtin-types.js';
import type { Type } from '../../ir/attributes.js';
import type { Block, Operation, Value } from '../../ir/operation.js';
import type { OpOf } from '../../ods/index.js';
import * as arith from '../../dialects/arith/index.js';
import * as memref from '../../dialects/memref/index.js';
import * as scf from '../../dialects/scf/index.js';
import { castOf, floatBinaryOf, intBinaryOf, type IntBinaryKind } from '../op-kinds.js';
import { FunctionBody, Op, Simd } from './encoder.js';
import { HEADER, type WasmFunctionCompiler } from './compile.js';
import { recurrences, type Recurrence } from './unroll.js';

/** Lanes per vector iteration. */
const VF = 4;

/** How a value's 4 lanes are held: one i32x4/f32x4 v128, or two i64x2/f64x2 v128s. */
type Lanes = 'i32' | 'i64' | 'f32' | 'f64';
const parts = (l: Lanes): number => (l === 'i64' || l === 'f64' ? 2 : 1);

/** The innermost index of an access: the induction variable plus a loop-invariant offset. */
type Offset = { c: bigint } | { v: Value };

interface Access {
  op: Operation;
  m: Value;
  /** The indices of the outer dimensions (loop-invariant). */
  outer: readonly Value[];
  off: Offset;
  /** log2 of the element size. */
  shift: number;
  lanes: Lanes;
  /** A store of i8/i16 elements: the low bits of each i32 lane (the stored value truncates an i32 value). */
  narrowStore?: 8 | 16;
  strided: boolean;
  /** The local holding the address of element (outer..., off) (i32). */
  base: number;
}

/** An integer reduction: `acc`'s locals hold the running scalar value, `x` is folded into it each iteration. */
export interface Reduction {
  kind: IntBinaryKind;
  acc: Value;
  x: Value;
}

interface LoopSpec {
  iv: Value;
  ub: Value;
  body: Block;
  /** Ops of the body that the vector loop does not emit (the scf.for reductions' own ops). */
  skip: ReadonlySet<Operation>;
  reductions: Reduction[];
  /** Iteration arguments x' = x * a + c of i32 (an LCG): lanes computed from x, x advanced 4 steps at once. */
  recurrences: { x: Value; z: Value; rec: Recurrence }[];
}

const REDUCIBLE = new Set<IntBinaryKind>(['addi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'minsi', 'maxui', 'minui']);
/** Binary ops whose low 32 result bits depend only on their operands' low 32 bits. */
const NARROWABLE = new Set<IntBinaryKind>(['addi', 'subi', 'muli', 'andi', 'ori', 'xori', 'shli']);

function lanesOf(t: Type): Lanes | undefined {
  if (t instanceof IndexType) return 'i64';
  if (t instanceof IntegerType) return t.width === 32 ? 'i32' : t.width === 64 ? 'i64' : undefined;
  if (t instanceof FloatType) return t.name === 'f32' ? 'f32' : t.name === 'f64' ? 'f64' : undefined;
  return undefined;
}

/** Emits the vector part of an innermost scf.for, before its scalar loop (the induction variable and iteration arguments are assigned). */
export function vectorizeFor(fc: WasmFunctionCompiler, op: OpOf<typeof scf.ForOp>): void {
  if (scf.ForOp.unsignedCmp(op) || fc.constInt(scf.ForOp.step(op)) !== 1n) return;
  const iv = scf.ForOp.inductionVar(op);
  if (!(iv.type instanceof IndexType)) return;
  const body = scf.ForOp.body(op);
  const yields = body.last && scf.YieldOp.dynCast(body.last);
  if (!yields) return;
  const results = scf.YieldOp.results(yields);
  const skip = new Set<Operation>();
  const reductions: Reduction[] = [];
  const iters = scf.ForOp.regionIterArgs(op);
  const recs = new Map(recurrences(fc, op).map((r) => [r.k, r]));
  const recurrent: LoopSpec['recurrences'] = [];
  for (let k = 0; k < iters.length; k++) {
    const a = iters[k];
    const rec = recs.get(k);
    if (rec && rec.w === 32 && a.type instanceof IntegerType) {
      skip.add(rec.mul);
      skip.add(rec.add);
      recurrent.push({ x: a, z: results[k], rec });
      continue;
    }
    // acc' = R(acc, x), acc used by R only, R's result by the yield only.
    const r = results[k].definingOp;
    const bin = r && r.parentBlock === body ? intBinaryOf(r) : undefined;
    if (!r || !bin || !REDUCIBLE.has(bin.kind) || bin.overflowFlags(r) || !a.hasOneUse || !results[k].hasOneUse) return;
    const x = bin.lhs(r) === a ? bin.rhs(r) : bin.rhs(r) === a ? bin.lhs(r) : undefined;
    if (!x || x === a) return;
    skip.add(r);
    reductions.push({ kind: bin.kind, acc: a, x });
  }
  vectorize(fc, { iv, ub: scf.ForOp.upperBound(op), body, skip, reductions, recurrences: recurrent });
}

/** Emits the vector part of a one-dimensional scf.parallel (its induction variable and results assigned). */
export function vectorizeParallel(fc: WasmFunctionCompiler, op: OpOf<typeof scf.ParallelOp>): void {
  const ivs = scf.ParallelOp.inductionVars(op);
  if (ivs.length !== 1 || fc.constInt(scf.ParallelOp.step(op)[0]) !== 1n) return;
  const body = scf.ParallelOp.body(op);
  const reduce = body.last && scf.ReduceOp.dynCast(body.last);
  if (!reduce) return;
  const res = scf.ParallelOp.results(op);
  const reductions: Reduction[] = [];
  const regions = scf.ReduceOp.reductions(reduce);
  const xs = scf.ReduceOp.operands(reduce);
  for (let k = 0; k < xs.length; k++) {
    // One op combining the block's two arguments, returned.
    const blk = regions[k].entry;
    const r = blk.first;
    const ret = blk.last && scf.ReduceReturnOp.dynCast(blk.last);
    const bin = r && r !== blk.last ? intBinaryOf(r) : undefined;
    if (!r || !ret || r.next !== blk.last || !bin || !REDUCIBLE.has(bin.kind) || bin.overflowFlags(r) || scf.ReduceReturnOp.result(ret) !== bin.result(r)) return;
    const [a, b] = blk.args;
    if (!((bin.lhs(r) === a && bin.rhs(r) === b) || (bin.lhs(r) === b && bin.rhs(r) === a))) return;
    reductions.push({ kind: bin.kind, acc: res[k], x: xs[k] });
  }
  vectorize(fc, { iv: ivs[0], ub: scf.ParallelOp.upperBound(op)[0], body, skip: new Set(), reductions, recurrences: [] });
}

function vectorize(fc: WasmFunctionCompiler, spec: LoopSpec): void {
  const plan = analyze(fc, spec);
  if (plan) emit(fc, spec, plan);
}

interface Plan {
  ops: Operation[];
  accesses: Map<Operation, Omit<Access, 'base'>>;
  /** i64/index values computed in 32-bit lanes (every use needs only their low 32 bits). */
  narrow: Set<Value>;
  /** Values the vector loop computes (stored, reduced, or operands of such). */
  needed: Set<Value>;
}

/** Whether the vector loop can run `spec`'s body, and what it computes. */
function analyze(fc: WasmFunctionCompiler, spec: LoopSpec): Plan | undefined {
  const { iv, body } = spec;
  // The vector code keeps no poison markers.
  if (fc.touchesPoison(body)) return undefined;
  const ops: Operation[] = [];
  const inBody = new Set<Value>();
  for (let o = body.first; o && o !== body.last; o = o.next) {
    if (o.regions.length) return undefined;
    ops.push(o);
    for (const r of o.results) inBody.add(r);
  }
  for (const a of body.args) if (a !== iv) inBody.add(a);
  const isConst = (v: Value): boolean => {
    const d = v.definingOp;
    return !!d && arith.ConstantOp.isa(d) && d.parentBlock === body;
  };
  /** Loop-invariant: defined before the loop (and not an iteration argument), or a constant of the body. */
  const invariant = (v: Value): boolean => v !== iv && (!inBody.has(v) || isConst(v));
  const offsetOf = (v: Value): Offset | undefined => {
    if (v === iv) return { c: 0n };
    const d = v.definingOp;
    const bin = d && d.parentBlock === body ? intBinaryOf(d) : undefined;
    if (!d || !bin || bin.overflowFlags(d)) return undefined;
    const term = (x: Value): Offset | undefined => {
      const c = fc.constInt(x);
      if (c !== undefined) return { c };
      return invariant(x) ? { v: x } : undefined;
    };
    if (bin.kind === 'addi' && bin.lhs(d) === iv) return term(bin.rhs(d));
    if (bin.kind === 'addi' && bin.rhs(d) === iv) return term(bin.lhs(d));
    if (bin.kind === 'subi' && bin.lhs(d) === iv) {
      const c = fc.constInt(bin.rhs(d));
      return c === undefined ? undefined : { c: -c };
    }
    return undefined;
  };
  const accesses = new Map<Operation, Omit<Access, 'base'>>();
  /** Values used as memref indices (computed through their offsets, not as vectors). */
  const indexUses = new Set<Operation>();
  for (const o of ops) {
    const load = memref.LoadOp.dynCast(o);
    const store = memref.StoreOp.dynCast(o);
    if (!load && !store) continue;
    const m = load ? memref.LoadOp.memref(load) : memref.StoreOp.memref(store!);
    const indices = load ? memref.LoadOp.indices(load) : memref.StoreOp.indices(store!);
    if (!(m.type instanceof MemRefType) || inBody.has(m) || !indices.length) return undefined;
    if (store && fc.isConstantGlobal(m)) return undefined;
    let lanes = lanesOf(m.type.elementType);
    let narrowStore: 8 | 16 | undefined;
    const et = m.type.elementType;
    if (!lanes && store && et instanceof IntegerType && (et.width === 8 || et.width === 16)) {
      // An i8/i16 store of a truncated i32 value: the low bits of its lanes.
      const t = memref.StoreOp.value(store).definingOp;
      const c = t && t.parentBlock === body ? castOf(t) : undefined;
      if (t && c && c.kind === 'trunci' && !c.overflowFlags(t) && lanesOf(c.input(t).type) === 'i32') {
        lanes = 'i32';
        narrowStore = et.width;
      }
    }
    if (!lanes) return undefined;
    const outer = indices.slice(0, -1);
    if (!outer.every(invariant)) return undefined;
    const off = offsetOf(indices[indices.length - 1]);
    if (!off) return undefined;
    // Offsets beyond +-2^31 are left to the scalar loop (addresses are computed in 32 bits).
    if ('c' in off && (off.c < -(1n << 31n) || off.c > 1n << 31n)) return undefined;
    const mi = fc.memInfo(m, o);
    accesses.set(o, { op: o, m, outer, off, shift: mi.shift, lanes, narrowStore, strided: mi.strided });
    for (const x of indices) if (x.definingOp && x.definingOp.parentBlock === body) indexUses.add(x.definingOp);
  }
  // Which values the loop computes: stored values, reduced values, and their operands.
  const needed = new Set<Value>();
  for (const r of spec.reductions) needed.add(r.x);
  const truncInput = (v: Value): Value => castOf(v.definingOp!)!.input(v.definingOp!);
  for (const o of ops) {
    const store = memref.StoreOp.dynCast(o);
    if (store) needed.add(accesses.get(o)?.narrowStore ? truncInput(memref.StoreOp.value(store)) : memref.StoreOp.value(store));
  }
  const operandsOf = (o: Operation): Value[] => {
    const load = memref.LoadOp.dynCast(o);
    if (load) return [];
    const store = memref.StoreOp.dynCast(o);
    if (store) return [accesses.get(o)?.narrowStore ? truncInput(memref.StoreOp.value(store)) : memref.StoreOp.value(store)];
    const bin = intBinaryOf(o) ?? floatBinaryOf(o);
    if (bin) return [bin.lhs(o), bin.rhs(o)];
    const c = castOf(o);
    if (c) return [c.input(o)];
    const neg = arith.NegFOp.dynCast(o);
    if (neg) return [arith.NegFOp.operand(neg)];
    return [];
  };
  for (let i = ops.length - 1; i >= 0; i--) {
    const o = ops[i];
    if (spec.skip.has(o) || !o.results.some((r) => needed.has(r))) continue;
    for (const x of operandsOf(o)) needed.add(x);
  }
  // Every op of the body is one the vector loop computes (or an index only, or unused and unable to fail).
  for (const o of ops) {
    if (spec.skip.has(o) || accesses.has(o)) continue;
    const t = castOf(o);
    if (t && t.kind === 'trunci' && t.output(o).users().every((u) => accesses.get(u)?.narrowStore)) continue;
    if (!supported(fc, o)) {
      // An address computation used only as indices need not be computed.
      if (indexUses.has(o) && !o.results.some((r) => needed.has(r)) && intBinaryOf(o)) continue;
      return undefined;
    }
  }
  // Values that reach the loop's other uses (after it) keep their scalar computation: nothing to do,
  // the vector loop's values are local to it. Narrow values: i64 computed in 32-bit lanes.
  const narrow = new Set<Value>();
  for (let i = ops.length - 1; i >= 0; i--) {
    const o = ops[i];
    const bin = intBinaryOf(o);
    const ext = castOf(o);
    const r = bin && NARROWABLE.has(bin.kind) ? bin.result(o) : ext && ext.kind !== 'trunci' && lanesOf(ext.input(o).type) === 'i32' ? ext.output(o) : undefined;
    if (!r || spec.skip.has(o) || !supported(fc, o) || lanesOf(r.type) !== 'i64' || !r.hasUses) continue;
    let all = true;
    for (const u of r.uses()) {
      const user = u.owner;
      const ub = intBinaryOf(user);
      const uc = castOf(user);
      const low32 =
        (ub && narrow.has(ub.result(user)) && !(ub.kind === 'shli' && ub.rhs(user) === r)) ||
        (uc && (uc.kind === 'trunci' || uc.kind === 'index_cast' || uc.kind === 'index_castui') && lanesOf(uc.output(user).type) === 'i32') ||
        (accesses.has(user) && !(memref.StoreOp.isa(user) && memref.StoreOp.value(user) === r));
      if (!low32) {
        all = false;
        break;
      }
    }
    if (all) narrow.add(r);
  }
  return { ops, accesses, narrow, needed };
}

/** Whether the vector loop computes `o` (lane by lane, exactly). */
function supported(fc: WasmFunctionCompiler, o: Operation): boolean {
  const c = arith.ConstantOp.dynCast(o);
  if (c) {
    const a = arith.ConstantOp.value(c);
    const l = lanesOf(arith.ConstantOp.result(c).type);
    return !!l && (a instanceof IntegerAttr || a instanceof FloatAttr);
  }
  const bin = intBinaryOf(o);
  if (bin) {
    const l = lanesOf(bin.result(o).type);
    if (!l || bin.overflowFlags(o)) return false;
    switch (bin.kind) {
      case 'addi':
      case 'subi':
      case 'muli':
      case 'andi':
      case 'ori':
      case 'xori':
      case 'maxsi':
      case 'minsi':
        return true;
      case 'maxui':
      case 'minui':
        return l === 'i32';
      case 'shli':
      case 'shrsi':
      case 'shrui': {
        // By a constant below the width (a larger amount is poison: left to the scalar code).
        const s = fc.constInt(bin.rhs(o));
        return s !== undefined && s >= 0n && s < (l === 'i32' ? 32n : 64n);
      }
      default:
        return false;
    }
  }
  const fb = floatBinaryOf(o);
  if (fb) return !!lanesOf(fb.result(o).type) && (fb.kind === 'addf' || fb.kind === 'subf' || fb.kind === 'mulf' || fb.kind === 'divf');
  if (arith.NegFOp.isa(o)) return !!lanesOf(arith.NegFOp.result(o).type);
  const cast = castOf(o);
  if (cast) {
    const from = lanesOf(cast.input(o).type);
    const to = lanesOf(cast.output(o).type);
    switch (cast.kind) {
      case 'extsi':
      case 'extui':
      case 'index_cast':
      case 'index_castui':
      case 'trunci':
        return (from === 'i32' && to === 'i64') || (from === 'i64' && to === 'i32');
      case 'sitofp':
        return from === 'i32' && (to === 'f32' || to === 'f64');
      default:
        return false;
    }
  }
  return false;
}

const INT_CODES: Partial<Record<IntBinaryKind, [number, number]>> = {
  addi: [Simd.i32x4_add, Simd.i64x2_add],
  subi: [Simd.i32x4_sub, Simd.i64x2_sub],
  muli: [Simd.i32x4_mul, Simd.i64x2_mul],
  andi: [Simd.v128_and, Simd.v128_and],
  ori: [Simd.v128_or, Simd.v128_or],
  xori: [Simd.v128_xor, Simd.v128_xor],
  shli: [Simd.i32x4_shl, Simd.i64x2_shl],
  shrsi: [Simd.i32x4_shr_s, Simd.i64x2_shr_s],
  shrui: [Simd.i32x4_shr_u, Simd.i64x2_shr_u],
};
const FLOAT_CODES: Record<string, [number, number]> = {
  addf: [Simd.f32x4_add, Simd.f64x2_add],
  subf: [Simd.f32x4_sub, Simd.f64x2_sub],
  mulf: [Simd.f32x4_mul, Simd.f64x2_mul],
  divf: [Simd.f32x4_div, Simd.f64x2_div],
};
/** i8x16.shuffle lanes taking the low 32 bits of each i64 lane of two i64x2 vectors. */
const TRUNC_LANES = [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27];
/** i8x16.shuffle lanes moving i32 lanes 2 and 3 to 0 and 1. */
const HIGH_LANES = [8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7];

function bytesOf(lanes: 'i32' | 'i64', xs: readonly bigint[]): number[] {
  const out: number[] = [];
  const w = lanes === 'i32' ? 4 : 8;
  for (const x of xs) for (let i = 0; i < w; i++) out.push(Number((BigInt.asUintN(w * 8, x) >> BigInt(8 * i)) & 0xffn));
  return out;
}

function identity(kind: IntBinaryKind, w: number): bigint {
  switch (kind) {
    case 'muli':
      return 1n;
    case 'andi':
    case 'minui':
      return -1n;
    case 'maxsi':
      return -(1n << BigInt(w - 1));
    case 'minsi':
      return (1n << BigInt(w - 1)) - 1n;
    default:
      return 0n;
  }
}

/** Emits the test, then the vector loop under it. */
function emit(fc: WasmFunctionCompiler, spec: LoopSpec, plan: Plan): void {
  const f = fc.body;
  const iv = fc.localsOf(spec.iv)![0];
  const i64 = (): number => f.local('i64');
  // The scalar value of a loop-invariant operand (a constant of the body is its value).
  const pushScalar = (target: FunctionBody, v: Value): void => {
    const c = v.definingOp && arith.ConstantOp.dynCast(v.definingOp);
    if (c && v.definingOp!.parentBlock === spec.body) {
      const a = arith.ConstantOp.value(c);
      const l = lanesOf(v.type);
      if (a instanceof IntegerAttr) {
        if (l === 'i32') target.i32(Number(BigInt.asIntN(32, a.value)));
        else target.i64(BigInt.asIntN(64, a.value));
      } else if (a instanceof FloatAttr) {
        if (l === 'f32') target.f32(a.value);
        else target.f64(a.value);
      }
      return;
    }
    target.get(fc.localsOf(v)![0]);
  };
  const accesses: Access[] = [];
  // --- The test: bounds of the iteration space, then each access.
  const ok = f.local('i32');
  // 0 <= lb, 0 <= ub < 2^31 (no overflow below; iv fits in i32 addresses), ub - lb >= VF.
  f.get(iv).i64(0n).op(Op.i64_ge_s);
  fc.push(spec.ub);
  f.i64(0n).op(Op.i64_ge_s).op(Op.i32_and);
  fc.push(spec.ub);
  f.i64(1n << 31n).op(Op.i64_lt_s).op(Op.i32_and);
  fc.push(spec.ub);
  f.get(iv).op(Op.i64_sub).i64(BigInt(VF)).op(Op.i64_ge_s).op(Op.i32_and).set(ok);
  const and = (): void => void f.get(ok).op(Op.i32_and).set(ok);
  const liveChecked = new Set<Value>();
  for (const a of plan.accesses.values()) {
    const l = fc.localsOf(a.m)!;
    const rank = (a.m.type as MemRefType).rank;
    if (fc.checks.liveness && !liveChecked.has(a.m)) {
      liveChecked.add(a.m);
      f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).i32(0).op(Op.i32_ne);
      and();
    }
    if (a.strided) {
      f.get(l[2 + rank + rank - 1]).i64(1n).op(Op.i64_eq);
      and();
    }
    const pushOff = (): void => {
      if ('c' in a.off) f.i64(a.off.c);
      else pushScalar(f, a.off.v);
    };
    if ('v' in a.off) {
      pushOff();
      f.i64(-(1n << 31n)).op(Op.i64_ge_s);
      pushOff();
      f.i64(1n << 31n).op(Op.i64_le_s).op(Op.i32_and);
      and();
    }
    if (fc.checks.bounds) {
      a.outer.forEach((x, d) => {
        pushScalar(f, x);
        f.get(l[2 + d]).op(Op.i64_lt_u);
        and();
      });
      // lb + off >= 0 and ub - 1 + off < size.
      f.get(iv);
      pushOff();
      f.op(Op.i64_add).i64(0n).op(Op.i64_ge_s);
      fc.push(spec.ub);
      pushOff();
      f.op(Op.i64_add).i64(1n).op(Op.i64_sub).get(l[2 + rank - 1]).op(Op.i64_lt_s).op(Op.i32_and);
      and();
    }
    // The address of element (outer..., off), in i32 as compile.ts's `address`.
    const base = f.local('i32');
    f.get(l[1]);
    pushOff();
    f.op(Op.i32_wrap_i64);
    a.outer.forEach((x, d) => {
      pushScalar(f, x);
      f.op(Op.i32_wrap_i64).get(l[2 + rank + d]).op(Op.i32_wrap_i64).op(Op.i32_mul).op(Op.i32_add);
    });
    if (a.shift) f.i32(a.shift).op(Op.i32_shl);
    f.op(Op.i32_add).set(base);
    accesses.push({ ...a, base });
  }
  // No store may overlap another access of the loop (over all its iterations),
  // unless both touch the same element in the same iteration.
  const same = (a: Access, b: Access): boolean =>
    a.m === b.m &&
    a.outer.every((x, d) => x === b.outer[d] || (fc.constInt(x) !== undefined && fc.constInt(x) === fc.constInt(b.outer[d]))) &&
    ('c' in a.off ? 'c' in b.off && a.off.c === b.off.c : 'v' in b.off && a.off.v === b.off.v);
  const start = (a: Access): void => void f.get(a.base).get(iv).op(Op.i32_wrap_i64).i32(a.shift).op(Op.i32_shl).op(Op.i32_add);
  const end = (a: Access): void => {
    f.get(a.base);
    fc.push(spec.ub);
    f.op(Op.i32_wrap_i64).i32(a.shift).op(Op.i32_shl).op(Op.i32_add);
  };
  accesses.forEach((s, i) => {
    if (!memref.StoreOp.isa(s.op)) return;
    accesses.forEach((a, j) => {
      if (j === i || (memref.StoreOp.isa(a.op) && j < i) || same(s, a)) return;
      end(s);
      start(a);
      f.op(Op.i32_le_u);
      end(a);
      start(s);
      f.op(Op.i32_le_u).op(Op.i32_or);
      and();
    });
  });
  f.get(ok).structured(Op.if, 'void');
  fc.depth++;
  fc.vectorized++;

  // --- Before the loop (P): splats of invariants, accumulators. The loop body (L).
  const P = new FunctionBody(f.type);
  const L = new FunctionBody(f.type);
  const v128 = (): number => f.local('v128');
  const vec = new Map<Value, number[]>();
  const ivVec: Partial<Record<Lanes, number[]>> = {};
  const shiftPos = new Map<number, number>();
  const pos = (shift: number): number => {
    let p = shiftPos.get(shift);
    if (p === undefined) {
      p = f.local('i32');
      shiftPos.set(shift, p);
    }
    return p;
  };
  const splatCode = (l: Lanes): number => (l === 'i32' ? Simd.i32x4_splat : l === 'i64' ? Simd.i64x2_splat : l === 'f32' ? Simd.f32x4_splat : Simd.f64x2_splat);
  const fetch = (v: Value, l: Lanes): number[] => {
    if (v === spec.iv) {
      let r = ivVec[l];
      if (!r) {
        // [iv, iv+1, iv+2, iv+3]: 32-bit lanes, or two i64x2.
        if (l === 'i32') {
          r = [v128()];
          L.get(iv).op(Op.i32_wrap_i64).simd(Simd.i32x4_splat).v128(bytesOf('i32', [0n, 1n, 2n, 3n])).simd(Simd.i32x4_add).set(r[0]);
        } else {
          r = [v128(), v128()];
          L.get(iv).simd(Simd.i64x2_splat).v128(bytesOf('i64', [0n, 1n])).simd(Simd.i64x2_add).set(r[0]);
          L.get(iv).simd(Simd.i64x2_splat).v128(bytesOf('i64', [2n, 3n])).simd(Simd.i64x2_add).set(r[1]);
        }
        ivVec[l] = r;
      }
      return r;
    }
    const have = vec.get(v);
    if (have) {
      const hl = lanesHeld.get(v)!;
      if (hl === l) return have;
      if (hl === 'i64' && l === 'i32') {
        // The low 32 bits of each lane (a narrow user of a wide value).
        let low = lowOf.get(v);
        if (!low) {
          low = [v128()];
          L.get(have[0]).get(have[1]).shuffle(TRUNC_LANES).set(low[0]);
          lowOf.set(v, low);
        }
        return low;
      }
      throw new Error(`vectorizer: ${hl} lanes used as ${l}`);
    }
    // Loop-invariant: a splat before the loop.
    let byType = splatsOf.get(v);
    if (!byType) splatsOf.set(v, (byType = new Map()));
    const s = byType.get(l);
    if (s) return s;
    const out = [v128()];
    pushScalar(P, v);
    const vl = lanesOf(v.type);
    if (l === 'i32' && vl === 'i64') P.op(Op.i32_wrap_i64);
    P.simd(splatCode(l)).set(out[0]);
    const r = parts(l) === 2 ? [out[0], out[0]] : out;
    byType.set(l, r);
    return r;
  };
  const splatsOf = new Map<Value, Map<Lanes, number[]>>();
  const lowOf = new Map<Value, number[]>();
  const lanesHeld = new Map<Value, Lanes>();
  const define = (v: Value, l: Lanes, locals?: number[]): number[] => {
    const out = locals ?? Array.from({ length: parts(l) }, v128);
    vec.set(v, out);
    lanesHeld.set(v, l);
    return out;
  };
  const resultLanes = (v: Value): Lanes => (plan.narrow.has(v) ? 'i32' : lanesOf(v.type)!);
  const addr = (a: Access): void => void L.get(a.base).get(pos(a.shift)).op(Op.i32_add);
  // Recurrences: lane j is x * a^(j+1) + c * (a^j + ... + 1), from the scalar x, which then advances 4 steps.
  for (const { x, z, rec } of spec.recurrences) {
    const xl = fc.localsOf(x)![0];
    const As: bigint[] = [];
    const Cs: bigint[] = [];
    let A = 1n;
    let C = 0n;
    for (let j = 0; j < VF; j++) {
      C = BigInt.asIntN(32, C * rec.av + rec.cv);
      A = BigInt.asIntN(32, A * rec.av);
      As.push(A);
      Cs.push(C);
    }
    const out = define(z, 'i32');
    L.get(xl).simd(Simd.i32x4_splat).v128(bytesOf('i32', As)).simd(Simd.i32x4_mul).v128(bytesOf('i32', Cs)).simd(Simd.i32x4_add).set(out[0]);
    L.get(xl).i32(Number(A)).op(Op.i32_mul).i32(Number(C)).op(Op.i32_add).set(xl);
  }
  for (const o of plan.ops) {
    if (spec.skip.has(o)) continue;
    const a = plan.accesses.get(o);
    if (a) {
      const acc = accesses.find((x) => x.op === o)!;
      const store = memref.StoreOp.dynCast(o);
      if (store && a.narrowStore) {
        // The low byte or half of each i32 lane, packed, stored as one 32- or 64-bit lane.
        const val = fetch(castOf(memref.StoreOp.value(store).definingOp!)!.input(memref.StoreOp.value(store).definingOp!), 'i32');
        addr(acc);
        L.get(val[0]).get(val[0]);
        if (a.narrowStore === 8) L.shuffle([0, 4, 8, 12, 0, 4, 8, 12, 0, 4, 8, 12, 0, 4, 8, 12]).simdStoreLane(Simd.v128_store32_lane, 0, 0, 0);
        else L.shuffle([0, 1, 4, 5, 8, 9, 12, 13, 0, 1, 4, 5, 8, 9, 12, 13]).simdStoreLane(Simd.v128_store64_lane, 1, 0, 0);
      } else if (store) {
        const val = fetch(memref.StoreOp.value(store), a.lanes);
        for (let p = 0; p < parts(a.lanes); p++) {
          addr(acc);
          L.get(val[p]).simdMem(Simd.v128_store, a.shift, 16 * p);
        }
      } else {
        const r = memref.LoadOp.result(memref.LoadOp.cast(o));
        if (!plan.needed.has(r)) continue;
        const out = define(r, a.lanes);
        for (let p = 0; p < out.length; p++) {
          addr(acc);
          L.simdMem(Simd.v128_load, a.shift, 16 * p).set(out[p]);
        }
      }
      continue;
    }
    if (!o.results.some((r) => plan.needed.has(r))) continue;
    const c = arith.ConstantOp.dynCast(o);
    if (c) continue; // fetched as a splat
    const bin = intBinaryOf(o);
    if (bin) {
      const r = bin.result(o);
      const l = resultLanes(r);
      const I = l === 'i32' ? 0 : 1;
      const x = fetch(bin.lhs(o), l);
      const out = define(r, l);
      for (let p = 0; p < out.length; p++) {
        if (bin.kind === 'shli' || bin.kind === 'shrsi' || bin.kind === 'shrui') {
          L.get(x[p]).i32(Number(fc.constInt(bin.rhs(o))!)).simd(INT_CODES[bin.kind]![I]);
        } else {
          const y = fetch(bin.rhs(o), l);
          L.get(x[p]).get(y[p]);
          emitIntOp(L, bin.kind, l as 'i32' | 'i64', x[p], y[p]);
        }
        L.set(out[p]);
      }
      continue;
    }
    const fb = floatBinaryOf(o);
    if (fb) {
      const r = fb.result(o);
      const l = lanesOf(r.type)!;
      const x = fetch(fb.lhs(o), l);
      const y = fetch(fb.rhs(o), l);
      const out = define(r, l);
      for (let p = 0; p < out.length; p++) L.get(x[p]).get(y[p]).simd(FLOAT_CODES[fb.kind][l === 'f32' ? 0 : 1]).set(out[p]);
      continue;
    }
    const neg = arith.NegFOp.dynCast(o);
    if (neg) {
      const r = arith.NegFOp.result(neg);
      const l = lanesOf(r.type)!;
      const x = fetch(arith.NegFOp.operand(neg), l);
      const out = define(r, l);
      for (let p = 0; p < out.length; p++) L.get(x[p]).simd(l === 'f32' ? Simd.f32x4_neg : Simd.f64x2_neg).set(out[p]);
      continue;
    }
    const cast = castOf(o)!;
    const r = cast.output(o);
    const x = fetch(cast.input(o), 'i32');
    if (cast.kind === 'sitofp') {
      const l = lanesOf(r.type)!;
      const out = define(r, l);
      if (l === 'f32') L.get(x[0]).simd(Simd.f32x4_convert_i32x4_s).set(out[0]);
      else {
        L.get(x[0]).simd(Simd.f64x2_convert_low_i32x4_s).set(out[0]);
        L.get(x[0]).get(x[0]).shuffle(HIGH_LANES).simd(Simd.f64x2_convert_low_i32x4_s).set(out[1]);
      }
    } else if (lanesOf(r.type) === 'i32' || plan.narrow.has(r)) {
      // Truncation (its operand fetched as its low 32 bits), or an extension only its low bits matter of.
      define(r, 'i32', x);
    } else {
      const signed = cast.kind === 'extsi' || cast.kind === 'index_cast';
      const out = define(r, 'i64');
      L.get(x[0]).simd(signed ? Simd.i64x2_extend_low_i32x4_s : Simd.i64x2_extend_low_i32x4_u).set(out[0]);
      L.get(x[0]).simd(signed ? Simd.i64x2_extend_high_i32x4_s : Simd.i64x2_extend_high_i32x4_u).set(out[1]);
    }
  }
  // Reductions: a vector accumulator per reduction, starting at the operation's identity.
  const accs = spec.reductions.map((red) => {
    const l = lanesOf(red.acc.type) as 'i32' | 'i64';
    const w = l === 'i32' ? 32 : 64;
    const locals = Array.from({ length: parts(l) }, v128);
    const id = identity(red.kind, w);
    for (const x of locals) P.v128(bytesOf(l, l === 'i32' ? [id, id, id, id] : [id, id])).set(x);
    const xs = fetch(red.x, l);
    for (let p = 0; p < locals.length; p++) {
      L.get(locals[p]).get(xs[p]);
      emitIntOp(L, red.kind, l, locals[p], xs[p]);
      L.set(locals[p]);
    }
    return { red, l, locals };
  });
  // --- Assembly: P, then the loop; iv and the address offsets advance by VF.
  const limit = i64();
  fc.push(spec.ub);
  f.i64(BigInt(VF)).op(Op.i64_sub).set(limit);
  for (const [shift, p] of shiftPos) f.get(iv).op(Op.i32_wrap_i64).i32(shift).op(Op.i32_shl).set(p);
  f.code.bytes(P.code);
  f.structured(Op.block, 'void').structured(Op.loop, 'void');
  f.get(iv).get(limit).op(Op.i64_gt_s).br(Op.br_if, 1);
  f.code.bytes(L.code);
  f.get(iv).i64(BigInt(VF)).op(Op.i64_add).set(iv);
  for (const [shift, p] of shiftPos) f.get(p).i32(VF << shift).op(Op.i32_add).set(p);
  f.br(Op.br, 0).op(Op.end).op(Op.end);
  // Fold each vector accumulator into the scalar one.
  for (const { red, l, locals } of accs) {
    const acc = fc.localsOf(red.acc)![0];
    let v = locals[0];
    if (locals.length === 2) {
      v = v128();
      f.get(locals[0]).get(locals[1]);
      emitIntOp(f, red.kind, l, locals[0], locals[1]);
      f.set(v);
    }
    const n = l === 'i32' ? 4 : 2;
    for (let i = 0; i < n; i++) {
      const t = f.local(l);
      f.get(v).simdLane(l === 'i32' ? Simd.i32x4_extract_lane : Simd.i64x2_extract_lane, i).set(t);
      f.get(acc).get(t);
      emitScalarOp(f, red.kind, l, acc, t);
      f.set(acc);
    }
  }
  f.op(Op.end);
  fc.depth--;
}

/**
 * The vector op `kind` on the two v128 on the stack (also in locals x and y,
 * for the i64 min/max, which wasm lacks: a compare and a bitselect).
 */
function emitIntOp(f: FunctionBody, kind: IntBinaryKind, l: 'i32' | 'i64', x: number, y: number): void {
  const I = l === 'i32' ? 0 : 1;
  const code = INT_CODES[kind];
  if (code) return void f.simd(code[I]);
  if (l === 'i32') {
    const c = { maxsi: Simd.i32x4_max_s, minsi: Simd.i32x4_min_s, maxui: Simd.i32x4_max_u, minui: Simd.i32x4_min_u }[kind as 'maxsi'];
    return void f.simd(c);
  }
  // x y on the stack: bitselect(x, y, x > y) for max, x < y for min.
  f.get(x).get(y).simd(kind === 'maxsi' ? Simd.i64x2_gt_s : Simd.i64x2_lt_s).simd(Simd.v128_bitselect);
}

/** The scalar op `kind` on the two values on the stack (also in locals x and y). */
function emitScalarOp(f: FunctionBody, kind: IntBinaryKind, l: 'i32' | 'i64', x: number, y: number): void {
  const I = l === 'i32';
  switch (kind) {
    case 'addi':
      return void f.op(I ? Op.i32_add : Op.i64_add);
    case 'muli':
      return void f.op(I ? Op.i32_mul : Op.i64_mul);
    case 'andi':
      return void f.op(I ? Op.i32_and : Op.i64_and);
    case 'ori':
      return void f.op(I ? Op.i32_or : Op.i64_or);
    case 'xori':
      return void f.op(I ? Op.i32_xor : Op.i64_xor);
    default: {
      const cmp = {
        maxsi: I ? Op.i32_gt_s : Op.i64_gt_s,
        minsi: I ? Op.i32_lt_s : Op.i64_lt_s,
        maxui: I ? Op.i32_gt_u : Op.i64_gt_u,
        minui: I ? Op.i32_lt_u : Op.i64_lt_u,
      }[kind as 'maxsi'];
      f.get(x).get(y).op(cmp).op(Op.select);
    }
  }
}
