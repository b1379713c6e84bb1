// The WebAssembly backend's compiler (first landing): func/arith/index/scf/
// memref/math.sqrt/vector.print of scalars, on linear memory. Integers keep
// their exact semantics at every width up to 64: widths <= 32 live in i32,
// wider ones (and index) in i64, sign-extended from their width after every
// operation that can leave it (i1 holds 0 or 1, as in the JavaScript backend).
// Whatever this compiler cannot express raises WasmUnsupported, and the
// engine runs the module on the JavaScript backend instead.
//
// Memory: a bump allocator; each allocation has a 16-byte header whose first
// word is 1 while it is live (loads and stores check it: use after free is an
// error, as the JavaScript backend reports). Freed memory is reused only once
// the memory cannot grow (see emitMalloc).
// A memref value is locals: allocation address, data address (i32), then per
// dimension size and stride (i64).

import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr, UnitAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, MemRefType, UnrankedMemRefType, kDynamic } from '../../ir/builtin-types.js';
import { stridesAndOffset } from '../../dialects/memref/layout.js';
import type { Type } from '../../ir/attributes.js';
import { Traits } from '../../ir/context.js';
import type { Block, Operation, Value } from '../../ir/operation.js';
import type { OpOf } from '../../ods/index.js';
import * as arith from '../../dialects/arith/index.js';
import * as builtin from '../../dialects/builtin/index.js';
import * as func from '../../dialects/func/index.js';
import * as index from '../../dialects/index/index.js';
import * as math from '../../dialects/math/index.js';
import * as memref from '../../dialects/memref/index.js';
import * as scf from '../../dialects/scf/index.js';
import * as vector from '../../dialects/vector/index.js';
import { Interner } from '../interner.js';
import { castOf, floatBinaryOf, intBinaryOf } from '../op-kinds.js';
import { RangeAnalysis } from '../ranges.js';
import { elemFormatOf, type FloatName } from '../types.js';
import { FunctionBody, ModuleBuilder, Op, type FuncType, type ValType } from './encoder.js';
import { wasmEmitterOf } from './emitters.js';
import { BUILTINS, viewSource } from '../codegen.js';

/** Thrown for what the WebAssembly backend cannot express (the JavaScript backend runs the module then). */
export class WasmUnsupported extends Error {
  constructor(
    readonly op: Operation | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** Runtime error codes passed to the `err` import (with the op's index). */
export const ErrCode = {
  oob: 0,
  useAfterFree: 1,
  div0: 2,
  overflow: 3,
  doubleFree: 4,
  outOfMemory: 5,
  invalidSize: 6,
  tooLarge: 7,
  copyDead: 8,
  deallocStack: 9,
  deallocGlobal: 10,
  storeConstant: 11,
} as const;

/**
 * An allocation's live flag (the first header word): 0 freed, else how it
 * was allocated (dealloc reports stack and global memory as the JavaScript
 * backend does; stores into constant globals are errors).
 */
export const Flag = { freed: 0, heap: 1, stack: 2, global: 3, constGlobal: 4, external: 5 } as const;

/** The located errors of views, casts and reshapes (the `viewErr` import's codes). */
export const ViewErr = {
  subview: 0,
  reinterpret: 1,
  invalidSize: 2,
  castRank: 3,
  castSize: 4,
  castOffset: 5,
  castStride: 6,
  expand: 7,
  collapse: 8,
  viewAlign: 9,
  viewWide: 10,
  viewBounds: 11,
} as const;

/** The formats of vector.print passed to the `printI` import. */
export const FORMATS = ['signed', 'unsigned', 'bool'] as const;

export type Scalar = { k: 'int'; w: number; vt: 'i32' | 'i64' } | { k: 'float'; f: FloatName; vt: 'f32' | 'f64' };
export interface MemInfo {
  k: 'memref';
  rank: number;
  elem: Scalar;
  /** log2 of the element size in bytes. */
  shift: number;
  /** A strided layout (views): accesses multiply every index by its stride; identity layouts take the innermost stride as 1. */
  strided: boolean;
}
export type Kind = Scalar | MemInfo;

function kindOf(t: Type, op: Operation | undefined): Kind {
  if (t instanceof IndexType) return { k: 'int', w: 64, vt: 'i64' };
  if (t instanceof IntegerType) {
    if (t.width === 0 || t.width > 64) throw new WasmUnsupported(op, `i${t.width} values`);
    return { k: 'int', w: t.width, vt: t.width <= 32 ? 'i32' : 'i64' };
  }
  if (t instanceof FloatType) {
    if (t.name === 'f32' || t.name === 'f64') return { k: 'float', f: t.name, vt: t.name };
    throw new WasmUnsupported(op, `${t.name} values`);
  }
  if (t instanceof MemRefType) {
    if (t.layoutAttr !== undefined && !stridesAndOffset(t)) throw new WasmUnsupported(op, 'memrefs with a non-strided layout');
    if (t.memorySpace !== undefined) throw new WasmUnsupported(op, 'memrefs in a memory space');
    const elem = kindOf(t.elementType, op);
    if (elem.k !== 'int' && elem.k !== 'float') throw new WasmUnsupported(op, 'memrefs of memrefs');
    const bytes = elem.k === 'float' ? (elem.f === 'f32' ? 4 : 8) : elem.w === 1 || elem.w <= 8 ? 1 : elem.w <= 16 ? 2 : elem.w <= 32 ? 4 : 8;
    return { k: 'memref', rank: t.rank, elem, shift: Math.log2(bytes), strided: t.layoutAttr !== undefined };
  }
  if (t instanceof UnrankedMemRefType) throw new WasmUnsupported(op, 'unranked memrefs other than casts of ranked ones');
  throw new WasmUnsupported(op, `values of type ${t.key}`);
}

/**
 * The kind of value `v`: an unranked memref made by memref.cast from a ranked
 * one (as printMemref's arguments are) keeps its source's representation.
 */
export function kindOfValue(v: Value, op: Operation | undefined): Kind {
  const d = v.definingOp;
  if (v.type instanceof UnrankedMemRefType && d && memref.CastOp.isa(d)) {
    const src = memref.CastOp.source(d);
    if (src.type instanceof MemRefType) return kindOf(src.type, op);
  }
  return kindOf(v.type, op);
}

/** The wasm value types a value of kind `k` occupies (one local each). */
function valTypes(k: Kind): ValType[] {
  if (k.k === 'memref') return ['i32', 'i32', ...new Array<ValType>(2 * k.rank).fill('i64')];
  return [k.vt];
}

export interface CompiledWasm {
  bytes: Uint8Array;
  /** Ops referenced by index from the code (error locations). */
  ops: Operation[];
  /** Strings printed by vector.print and punctuation names, by index. */
  strings: string[];
  /** func.func symbol -> export name. */
  exports: Map<string, string>;
  functions: OpOf<typeof func.FuncOp>[];
}

export const HEADER = 16;
/**
 * Bytes before an allocation's header: its fake address as the JavaScript
 * backend numbers allocations (i64, printed by printMemref) and its exact
 * size in bytes (i64, for view bounds).
 */
export const PRE = 16;
/** The JavaScript backend's first fake allocation address (runtime.ts). */
const FAKE_BASE = 0x10000000n;

export function compileWasm(module: Operation): CompiledWasm {
  const m = new ModuleBuilder();
  const ops = new Interner<Operation>();
  const strings = new Interner<string>();
  // Imports first: they take the first function indices.
  const imp = {
    err: m.importFunc('env', 'err', { params: ['i32', 'i32', 'i64'], results: [] }),
    badStep: m.importFunc('env', 'badStep', { params: ['i32', 'i64'], results: [] }),
    printI: m.importFunc('env', 'printI', { params: ['i32', 'i64', 'i32', 'i32', 'i32'], results: [] }),
    printF: m.importFunc('env', 'printF', { params: ['f64', 'i32'], results: [] }),
    write: m.importFunc('env', 'write', { params: ['i32'], results: [] }),
    punct: m.importFunc('env', 'punct', { params: ['i32'], results: [] }),
    fmod: m.importFunc('env', 'fmod', { params: ['f64', 'f64'], results: ['f64'] }),
    // A memref descriptor's dimensions for the next runtime call, one call each (size, stride).
    dim: m.importFunc('env', 'dim', { params: ['i64', 'i64'], results: [] }),
    // printMemref*(K, mode, element string, allocation, data): the dims were passed before.
    printMemref: m.importFunc('env', 'printMemref', { params: ['i32', 'i32', 'i32', 'i32', 'i32'], results: [] }),
    // copy(K, shift, src allocation, src data, dst allocation, dst data, src rank): the dims of both before.
    copy: m.importFunc('env', 'copy', { params: ['i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32'], results: [] }),
    // A view's located error (code, four values; the dims passed before).
    viewErr: m.importFunc('env', 'viewErr', { params: ['i32', 'i32', 'i64', 'i64', 'i64', 'i64'], results: [] }),
    nanoTime: m.importFunc('env', 'nanoTime', { params: [], results: ['i64'] }),
    rtclock: m.importFunc('env', 'rtclock', { params: [], results: ['f64'] }),
  };
  const mod = builtin.ModuleOp.dynCast(module);
  if (!mod) throw new WasmUnsupported(module, 'a top-level op other than builtin.module');
  const globals = layOutGlobals(m, mod);
  const heapTop = m.global('i32', globals.end);
  // The freed list's first block (0: none; blocks start at HEADER).
  const freeHead = m.global('i32', 0);
  // The next fake address (the JavaScript backend's numbering, globals first).
  const fakeNext = m.global('i64', globals.fakeNext);
  const malloc = m.declareFunc({ params: ['i32', 'i64'], results: ['i32'] });
  emitMalloc(malloc.body, heapTop, freeHead, fakeNext, imp.err);
  const free = m.declareFunc({ params: ['i32'], results: [] });
  emitFree(free.body, freeHead);

  const funcs: OpOf<typeof func.FuncOp>[] = [];
  const fnIndex = new Map<string, { index: number; type: FuncType; body: FunctionBody }>();
  for (const op of builtin.ModuleOp.body(mod)) {
    if (memref.GlobalOp.isa(op)) continue;
    if (func.FuncOp.isa(op)) {
      if (func.FuncOp.isExternal(op)) continue;
      const ft = func.FuncOp.function_type(op);
      const params = ft.inputs.flatMap((t) => valTypes(kindOf(t, op)));
      const results = ft.results.flatMap((t) => valTypes(kindOf(t, op)));
      const type = { params, results };
      const d = m.declareFunc(type);
      fnIndex.set(func.FuncOp.sym_name(op), { index: d.index, type, body: d.body });
      funcs.push(op);
    } else throw new WasmUnsupported(op, `'${op.opName}' at module level`);
  }
  rejectRecursion(funcs);
  const exportsMap = new Map<string, string>();
  for (const f of funcs) {
    const name = func.FuncOp.sym_name(f);
    const info = fnIndex.get(name)!;
    new WasmFunctionCompiler(info.type, f, fnIndex, imp, malloc.index, free.index, ops, strings, globals.addr, globals.constant).compile();
    const ex = 'f_' + exportsMap.size;
    exportsMap.set(name, ex);
    m.exportFunc(ex, info.index);
  }
  // The allocator, for the host's memref arguments.
  m.exportFunc('malloc', malloc.index);
  return { bytes: m.encode(), ops: ops.items, strings: strings.items, exports: exportsMap, functions: funcs };
}

/**
 * Places the module's memref.globals in a data segment at the bottom of the
 * memory, each as an allocation (fake address, size, header whose flag says
 * global or constant global, data), in the order the JavaScript backend
 * numbers them; returns their data addresses and where the heap starts.
 */
function layOutGlobals(m: ModuleBuilder, mod: OpOf<typeof builtin.ModuleOp>): { addr: Map<string, number>; constant: Set<string>; end: number; fakeNext: bigint } {
  const addr = new Map<string, number>();
  const constant = new Set<string>();
  const chunks: { at: number; bytes: Uint8Array }[] = [];
  let top = HEADER;
  let fake = FAKE_BASE;
  for (const op of builtin.ModuleOp.body(mod)) {
    if (!memref.GlobalOp.isa(op)) continue;
    const t = memref.GlobalOp.type(op);
    const k = kindOf(t, op);
    if (k.k !== 'memref' || k.strided || !t.hasStaticShape) throw new WasmUnsupported(op, 'globals of this type');
    const n = t.numElements;
    const bytes = n << k.shift;
    const block = new Uint8Array(PRE + HEADER + bytes);
    const dv = new DataView(block.buffer);
    const data = top + PRE + HEADER;
    dv.setBigInt64(0, fake, true);
    dv.setBigInt64(8, BigInt(bytes), true);
    dv.setInt32(PRE, memref.GlobalOp.constant(op) ? Flag.constGlobal : Flag.global, true);
    dv.setInt32(PRE + 4, HEADER + bytes, true);
    const init = memref.GlobalOp.initial_value(op);
    if (init instanceof DenseIntOrFPElementsAttr) {
      const vals = init.values;
      const e = k.elem;
      for (let i = 0; i < n; i++) {
        const v = vals[init.isSplat ? 0 : i];
        const at = PRE + HEADER + (i << k.shift);
        // Floats: their bits; integers sign-extended from their width (i1: 0 or 1), as the code keeps them.
        if (e.k === 'float') {
          if (e.vt === 'f32') dv.setUint32(at, Number(BigInt.asUintN(32, v)), true);
          else dv.setBigUint64(at, BigInt.asUintN(64, v), true);
        } else {
          const x = e.w === 1 ? v & 1n : BigInt.asIntN(e.w, v);
          if (k.shift === 0) dv.setInt8(at, Number(x));
          else if (k.shift === 1) dv.setInt16(at, Number(x), true);
          else if (k.shift === 2) dv.setInt32(at, Number(x), true);
          else dv.setBigInt64(at, x, true);
        }
      }
    } else if (init !== undefined && !(init instanceof UnitAttr)) throw new WasmUnsupported(op, 'globals with this initial value');
    chunks.push({ at: top, bytes: block });
    addr.set(memref.GlobalOp.sym_name(op), data);
    if (memref.GlobalOp.constant(op)) constant.add(memref.GlobalOp.sym_name(op));
    top = (data + bytes + 15) & ~15;
    fake += BigInt((Math.ceil(bytes / 64) + 1) * 64);
    if (top > 1 << 30) throw new WasmUnsupported(op, 'globals of more than 1 GiB');
  }
  if (chunks.length) {
    const seg = new Uint8Array(top - HEADER);
    for (const c of chunks) seg.set(c.bytes, c.at - HEADER);
    m.dataSegment(HEADER, seg);
    m.minPages = Math.max(1, Math.ceil(top / 65536));
  }
  return { addr, constant, end: top, fakeNext: fake };
}

/** True if `m` is (a view of) a constant global. */
function isConstantGlobal(m: Value, constant: ReadonlySet<string>): boolean {
  for (let v: Value | undefined = m; v; ) {
    const d: Operation | null = v.definingOp;
    if (!d) return false;
    if (memref.GetGlobalOp.isa(d)) return constant.has(memref.GetGlobalOp.name(d));
    v = viewSource(d);
  }
  return false;
}

/**
 * Recursive calls are left to the JavaScript backend, which locates a stack
 * overflow at its call site.
 */
function rejectRecursion(funcs: OpOf<typeof func.FuncOp>[]): void {
  const calls = new Map<string, { callee: string; op: Operation }[]>();
  for (const f of funcs) {
    const out: { callee: string; op: Operation }[] = [];
    f.walk((op) => {
      if (func.CallOp.isa(op)) out.push({ callee: func.CallOp.callee(op), op });
    });
    calls.set(func.FuncOp.sym_name(f), out);
  }
  // Iterative DFS with colors: 1 on the stack, 2 done.
  const color = new Map<string, number>();
  for (const root of calls.keys()) {
    if (color.get(root)) continue;
    const stack: { name: string; i: number }[] = [{ name: root, i: 0 }];
    color.set(root, 1);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const edges = calls.get(top.name) ?? [];
      if (top.i >= edges.length) {
        color.set(top.name, 2);
        stack.pop();
        continue;
      }
      const e = edges[top.i++];
      const c = color.get(e.callee);
      if (c === 1) throw new WasmUnsupported(e.op, 'recursive calls');
      if (!c && calls.has(e.callee)) {
        color.set(e.callee, 1);
        stack.push({ name: e.callee, i: 0 });
      }
    }
  }
}

/**
 * malloc(K, bytes): 16-byte aligned data after a live header; grows the
 * memory as needed. Header words: live flag, block size (header included),
 * next freed block. Fresh memory comes first, so that use after free stays
 * exact; only when the memory cannot grow (4 GiB, or memory.grow failing) is
 * a freed block reused (first fit, whole), before reporting out of memory.
 */
function emitMalloc(f: FunctionBody, heapTop: number, freeHead: number, fakeNext: number, err: number): void {
  const K = 0;
  const bytes = 1;
  const addr = f.local('i32');
  const end = f.local('i64');
  const fresh = f.local('i32');
  const prev = f.local('i32');
  const need = f.local('i32');
  const delta = f.local('i32');
  // end = top + PRE + HEADER + bytes (in i64, so that huge sizes cannot wrap).
  f.code.byte(Op.global_get).u32(heapTop);
  f.op(Op.i64_extend_i32_u).i64(BigInt(PRE + HEADER)).op(Op.i64_add).get(bytes).op(Op.i64_add).set(end);
  // Fresh memory unless beyond 4 GiB (memory32's limit) or memory.grow fails.
  f.get(end).i64(0xffff_0000n).op(Op.i64_le_u).set(fresh);
  f.get(fresh);
  f.structured(Op.if, 'void');
  // Grow to cover `end` (pages of 64 KiB), doubling when possible: engines
  // make each memory.grow cost time, so 16-page steps to 4 GiB take seconds.
  f.get(end).i64(16n).op(Op.i64_shr_u).op(Op.i32_wrap_i64).memory(Op.memory_size);
  f.op(Op.i32_ge_u);
  f.structured(Op.if, 'void');
  f.get(end).i64(16n).op(Op.i64_shr_u).op(Op.i32_wrap_i64).i32(1).op(Op.i32_add).memory(Op.memory_size).op(Op.i32_sub).set(need);
  // delta = max(need, min(size, 65536 - size))
  f.memory(Op.memory_size).i32(65536).memory(Op.memory_size).op(Op.i32_sub);
  f.memory(Op.memory_size).i32(65536).memory(Op.memory_size).op(Op.i32_sub).op(Op.i32_le_u).op(Op.select).set(delta);
  f.get(delta).get(need).get(delta).get(need).op(Op.i32_ge_u).op(Op.select).set(delta);
  f.get(delta).memory(Op.memory_grow).i32(-1).op(Op.i32_ne).set(fresh);
  // The doubling may fail where the exact need does not.
  f.get(fresh).op(Op.i32_eqz).get(delta).get(need).op(Op.i32_ne).op(Op.i32_and);
  f.structured(Op.if, 'void');
  f.get(need).memory(Op.memory_grow).i32(-1).op(Op.i32_ne).set(fresh);
  f.op(Op.end);
  f.op(Op.end);
  f.op(Op.end);
  f.get(fresh);
  f.structured(Op.if, 'void');
  f.code.byte(Op.global_get).u32(heapTop);
  f.i32(PRE).op(Op.i32_add).set(addr);
  // The next top, 16-byte aligned; the block's size.
  f.get(end).i64(15n).op(Op.i64_add).i64(-16n).op(Op.i64_and).op(Op.i32_wrap_i64);
  f.code.byte(Op.global_set).u32(heapTop);
  f.get(addr).code.byte(Op.global_get).u32(heapTop);
  f.get(addr).op(Op.i32_sub).mem(Op.i32_store, 2, 4);
  f.op(Op.else);
  // First fit in the freed list; `prev` is 0 while at its head.
  f.i32(0).set(prev);
  f.code.byte(Op.global_get).u32(freeHead);
  f.set(addr);
  f.structured(Op.block, 'void');
  f.structured(Op.loop, 'void');
  f.get(addr).op(Op.i32_eqz);
  f.structured(Op.if, 'void').get(K).i32(ErrCode.outOfMemory).get(bytes).call(err).op(Op.end);
  // size - HEADER >= bytes (the size is at most 4 GiB: compare in i64).
  f.get(addr).mem(Op.i32_load, 2, 4).op(Op.i64_extend_i32_u).i64(BigInt(HEADER)).op(Op.i64_sub).get(bytes).op(Op.i64_ge_u);
  f.br(Op.br_if, 1);
  f.get(addr).set(prev);
  f.get(addr).mem(Op.i32_load, 2, 8).set(addr);
  f.br(Op.br, 0);
  f.op(Op.end);
  f.op(Op.end);
  // Unlink it.
  f.get(prev).op(Op.i32_eqz);
  f.structured(Op.if, 'void');
  f.get(addr).mem(Op.i32_load, 2, 8);
  f.code.byte(Op.global_set).u32(freeHead);
  f.op(Op.else);
  f.get(prev).get(addr).mem(Op.i32_load, 2, 8).mem(Op.i32_store, 2, 8);
  f.op(Op.end);
  f.op(Op.end);
  // Live flag; before the header, the fake address and the exact size.
  f.get(addr).i32(1).mem(Op.i32_store, 2);
  f.get(addr).i32(PRE).op(Op.i32_sub).code.byte(Op.global_get).u32(fakeNext);
  f.mem(Op.i64_store, 3);
  f.get(addr).i32(PRE).op(Op.i32_sub).get(bytes).mem(Op.i64_store, 3, 8);
  // fakeNext += (ceil(bytes / 64) + 1) * 64, as the JavaScript backend numbers allocations.
  f.code.byte(Op.global_get).u32(fakeNext);
  f.get(bytes).i64(63n).op(Op.i64_add).i64(6n).op(Op.i64_shr_u).i64(1n).op(Op.i64_add).i64(6n).op(Op.i64_shl).op(Op.i64_add);
  f.code.byte(Op.global_set).u32(fakeNext);
  f.get(addr).i32(HEADER).op(Op.i32_add);
}

/** free(header address): clears the live flag and links the block into the freed list. */
function emitFree(f: FunctionBody, freeHead: number): void {
  const addr = 0;
  f.get(addr).i32(0).mem(Op.i32_store, 2);
  f.get(addr).code.byte(Op.global_get).u32(freeHead);
  f.mem(Op.i32_store, 2, 8);
  f.get(addr).code.byte(Op.global_set).u32(freeHead);
}

export interface Imports {
  err: number;
  badStep: number;
  printI: number;
  printF: number;
  write: number;
  punct: number;
  fmod: number;
  dim: number;
  printMemref: number;
  copy: number;
  viewErr: number;
  nanoTime: number;
  rtclock: number;
}

export class WasmFunctionCompiler {
  body!: FunctionBody;
  private locals = new Map<Value, number[]>();
  /** Structured-control nesting depth (for br's relative label indices). */
  private depth = 0;
  /**
   * Memrefs whose live flag a loop read into a local before it started
   * (loops without deallocations: the flag cannot change while they run), so
   * accesses inside test a local instead of loading from memory.
   */
  private liveCache = new Map<Value, number>();
  private ranges!: RangeAnalysis;
  /** For memrefs allocated here: the SSA value of each dynamic size. */
  private sizeValues = new Map<Value, (Value | undefined)[]>();
  /** Induction variables known to lie in [0, ub) inside their loop: ub's SSA value. */
  private ivBelow = new Map<Value, Value>();

  constructor(
    private readonly type: FuncType,
    readonly fn: OpOf<typeof func.FuncOp>,
    private readonly fns: Map<string, { index: number; type: FuncType; body: FunctionBody }>,
    readonly imports: Imports,
    readonly malloc: number,
    readonly free: number,
    private readonly ops: Interner<Operation>,
    private readonly strings: Interner<string>,
    /** memref.global symbol -> its data address. */
    readonly globalAddr: ReadonlyMap<string, number>,
    /** The constant memref.globals' symbols. */
    readonly globalConst: ReadonlySet<string>,
  ) {}

  /** The index of a printed string (for the `write` and `punct` imports). */
  stringId(s: string): number {
    return this.strings.id(s);
  }

  /** The chain local of each alloca_scope being compiled: its allocas' headers, linked through their third word. */
  readonly allocaScopes = new Map<Operation, number>();

  /** The chain an alloca at `op` links into: the innermost enclosing alloca_scope's, if nearer than the function. */
  allocaScopeChain(op: Operation): number | undefined {
    for (let p = op.parentOp; p && p !== this.fn; p = p.parentOp) if (memref.AllocaScopeOp.isa(p)) return this.allocaScopes.get(p);
    return undefined;
  }

  /** Passes a memref's dims (size, stride) to the runtime, before a call that reads them. */
  passDims(l: readonly number[], rank: number): void {
    for (let d = 0; d < rank; d++) this.body.get(l[2 + d]).get(l[2 + rank + d]).call(this.imports.dim);
  }

  /** The locals holding `v` (undefined before its definition). */
  localsOf(v: Value): readonly number[] | undefined {
    return this.locals.get(v);
  }

  compile(): void {
    this.ranges = new RangeAnalysis(this.fn);
    this.body = this.fns.get(func.FuncOp.sym_name(this.fn))!.body;
    const region = func.FuncOp.body(this.fn);
    if (region.blocks.length !== 1) throw new WasmUnsupported(this.fn, 'functions with several blocks');
    const entry = func.FuncOp.entryBlock(this.fn);
    let p = 0;
    // A memref argument takes several parameters (its locals).
    for (const a of entry.args) this.locals.set(a, valTypes(this.kind(a, this.fn)).map(() => p++));
    this.block(entry, (term) => {
      if (!func.ReturnOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending a function`);
      // The function's allocation scope ends: its allocas join the freed list.
      for (const a of this.frameAllocas) {
        this.body.get(a).structured(Op.if, 'void');
        this.body.get(a).i32(HEADER).op(Op.i32_sub).call(this.free).op(Op.end);
      }
      for (const v of func.ReturnOp.operands(term)) this.push(v);
      this.body.op(Op.return);
    });
    // Functions with results end in `return`; the validator still needs the stack typed.
    if (this.type.results.length) this.body.op(Op.unreachable);
  }

  /**
   * Address locals of the allocas run at most once per call (outside loops),
   * freed at the return (wasm zeroes locals: 0 when the alloca did not run).
   * Allocas in loops are not reclaimed: MLIR's lowering does not either.
   */
  private frameAllocas: number[] = [];

  K(op: Operation): number {
    return this.ops.id(op);
  }

  kind(v: Value, op?: Operation): Kind {
    return kindOfValue(v, op ?? v.definingOp ?? undefined);
  }

  def(v: Value): number[] {
    let l = this.locals.get(v);
    if (!l) {
      l = valTypes(this.kind(v)).map((t) => this.body.local(t));
      this.locals.set(v, l);
    }
    return l;
  }
  push(v: Value): void {
    const l = this.locals.get(v);
    if (!l) throw new WasmUnsupported(v.definingOp ?? undefined, 'a value used before its definition');
    for (const i of l) this.body.get(i);
  }
  /** Pops the stack into `v`'s locals. */
  pop(v: Value): void {
    const l = this.def(v);
    for (let i = l.length - 1; i >= 0; i--) this.body.set(l[i]);
  }

  block(b: Block, onTerm: (term: Operation) => void): void {
    for (let op = b.first; op; op = op.next) {
      if (op === b.last && op.hasTrait(Traits.IsTerminator)) return onTerm(op);
      this.op(op);
    }
  }

  /** Normalizes the integer on the stack to width w (sign-extended; i1 as 0/1). */
  private norm(s: Scalar): void {
    if (s.k !== 'int') return;
    const f = this.body;
    if (s.vt === 'i32') {
      if (s.w === 32) return;
      if (s.w === 1) f.i32(1).op(Op.i32_and);
      else f.i32(32 - s.w).op(Op.i32_shl).i32(32 - s.w).op(Op.i32_shr_s);
    } else {
      if (s.w === 64) return;
      f.i64(BigInt(64 - s.w)).op(Op.i64_shl).i64(BigInt(64 - s.w)).op(Op.i64_shr_s);
    }
  }
  /** The integer on the stack, as its unsigned value (zero-extended from w within its container). */
  private unsigned(s: Scalar): void {
    if (s.k !== 'int' || s.w === 1 || s.w === 32 || s.w === 64) return;
    if (s.vt === 'i32') this.body.i32(2 ** s.w - 1).op(Op.i32_and);
    else this.body.i64((1n << BigInt(s.w)) - 1n).op(Op.i64_and);
  }
  /** The integer on the stack, as its signed value (i1: 0 - x). */
  private signed(s: Scalar): void {
    if (s.k === 'int' && s.w === 1) this.body.i32(-1).op(Op.i32_mul);
  }
  private pushAs(v: Value, how: 'signed' | 'unsigned', s: Scalar): void {
    this.push(v);
    if (how === 'signed') this.signed(s);
    else this.unsigned(s);
  }
  error(op: Operation, code: number): void {
    this.body.i32(this.K(op)).i32(code).i64(0n).call(this.imports.err);
  }
  /** if (stack top) error(code). */
  errorIf(op: Operation, code: number): void {
    this.body.structured(Op.if, 'void');
    this.error(op, code);
    this.body.op(Op.end);
  }

  scalar(v: Value, op: Operation): Scalar {
    const k = this.kind(v, op);
    if (k.k === 'memref') throw new WasmUnsupported(op, 'memref operands');
    return k;
  }

  private op(op: Operation): void {
    const def = op.name.def;
    const emit = def && wasmEmitterOf(def);
    if (emit) return emit(this, op);
    const f = this.body;
    const bin = intBinaryOf(op);
    if (bin) return this.intBinary(op, bin.kind, bin.lhs(op), bin.rhs(op), bin.result(op), bin.overflowFlags(op));
    const fb = floatBinaryOf(op);
    if (fb) {
      const s = this.scalar(fb.result(op), op);
      const code = (
        {
          addf: [Op.f32_add, Op.f64_add],
          subf: [Op.f32_sub, Op.f64_sub],
          mulf: [Op.f32_mul, Op.f64_mul],
          divf: [Op.f32_div, Op.f64_div],
          maximumf: [Op.f32_max, Op.f64_max],
          minimumf: [Op.f32_min, Op.f64_min],
        } as Record<string, [number, number]>
      )[fb.kind];
      if (fb.kind === 'remf' && s.k === 'float') {
        // fmod is exact, so the f64 remainder of two f32 values is the f32 one.
        this.push(fb.lhs(op));
        if (s.vt === 'f32') f.op(Op.f64_promote_f32);
        this.push(fb.rhs(op));
        if (s.vt === 'f32') f.op(Op.f64_promote_f32);
        f.call(this.imports.fmod);
        if (s.vt === 'f32') f.op(Op.f32_demote_f64);
        return this.pop(fb.result(op));
      }
      if (!code || s.k !== 'float') throw new WasmUnsupported(op, `'${op.opName}'`);
      this.push(fb.lhs(op));
      this.push(fb.rhs(op));
      f.op(code[s.vt === 'f32' ? 0 : 1]);
      return this.pop(fb.result(op));
    }
    const cast = castOf(op);
    if (cast) return this.cast(op, cast.kind, cast.input(op), cast.output(op));
    if (arith.ConstantOp.isa(op)) {
      const a = arith.ConstantOp.value(op);
      const r = arith.ConstantOp.result(op);
      const s = this.scalar(r, op);
      if (a instanceof IntegerAttr && s.k === 'int') {
        if (s.vt === 'i32') f.i32(s.w === 1 ? Number(a.value & 1n) : Number(BigInt.asIntN(s.w, a.value)));
        else f.i64(BigInt.asIntN(s.w, a.value));
      } else if (a instanceof FloatAttr && s.k === 'float') {
        if (s.vt === 'f32') f.f32(a.value);
        else f.f64(a.value);
      } else throw new WasmUnsupported(op, `'${op.opName}' of this value`);
      return this.pop(r);
    }
    if (index.ConstantOp.isa(op)) {
      f.i64(BigInt.asIntN(64, index.ConstantOp.value(op)));
      return this.pop(index.ConstantOp.result(op));
    }
    if (arith.CmpIOp.isa(op)) {
      const pred = arith.CmpIPredicate.stringify(arith.CmpIOp.predicate(op))!;
      const lhs = arith.CmpIOp.lhs(op);
      const s = this.scalar(lhs, op);
      if (s.k !== 'int') throw new WasmUnsupported(op, 'vector comparisons');
      const how = pred[0] === 'u' ? 'unsigned' : 'signed';
      this.pushAs(lhs, how, s);
      this.pushAs(arith.CmpIOp.rhs(op), how, s);
      const t = s.vt === 'i32' ? 0 : 1;
      const codes: Record<string, [number, number]> = {
        eq: [Op.i32_eq, Op.i64_eq],
        ne: [Op.i32_ne, Op.i64_ne],
        slt: [Op.i32_lt_s, Op.i64_lt_s],
        sle: [Op.i32_le_s, Op.i64_le_s],
        sgt: [Op.i32_gt_s, Op.i64_gt_s],
        sge: [Op.i32_ge_s, Op.i64_ge_s],
        ult: [Op.i32_lt_u, Op.i64_lt_u],
        ule: [Op.i32_le_u, Op.i64_le_u],
        ugt: [Op.i32_gt_u, Op.i64_gt_u],
        uge: [Op.i32_ge_u, Op.i64_ge_u],
      };
      f.op(codes[pred][t]);
      return this.pop(arith.CmpIOp.result(op));
    }
    if (arith.CmpFOp.isa(op)) return this.cmpf(op);
    if (arith.SelectOp.isa(op)) {
      const r = arith.SelectOp.result(op);
      const k = this.kind(r, op);
      if (k.k === 'memref' || this.kind(arith.SelectOp.condition(op), op).k !== 'int') throw new WasmUnsupported(op, `'${op.opName}' of this type`);
      this.push(arith.SelectOp.true_value(op));
      this.push(arith.SelectOp.false_value(op));
      this.push(arith.SelectOp.condition(op));
      f.op(Op.select);
      return this.pop(r);
    }
    if (arith.NegFOp.isa(op)) {
      const s = this.scalar(arith.NegFOp.result(op), op);
      this.push(arith.NegFOp.operand(op));
      f.op(s.vt === 'f32' ? Op.f32_neg : Op.f64_neg);
      return this.pop(arith.NegFOp.result(op));
    }
    if (math.SqrtOp.isa(op)) {
      const s = this.scalar(math.SqrtOp.result(op), op);
      if (s.k !== 'float') throw new WasmUnsupported(op, `'${op.opName}' of this type`);
      this.push(math.SqrtOp.operand(op));
      f.op(s.vt === 'f32' ? Op.f32_sqrt : Op.f64_sqrt);
      return this.pop(math.SqrtOp.result(op));
    }
    if (scf.ForOp.isa(op)) return this.forOp(op);
    if (scf.IfOp.isa(op)) return this.ifOp(op);
    if (scf.WhileOp.isa(op)) return this.whileOp(op);
    if (scf.IndexSwitchOp.isa(op)) return this.indexSwitch(op);
    if (scf.ExecuteRegionOp.isa(op)) return this.executeRegion(op);
    if (scf.ParallelOp.isa(op)) return this.parallel(op);
    if (memref.CopyOp.isa(op)) return this.copy(op);
    if (memref.AllocOp.isa(op)) return this.alloc(op, memref.AllocOp.memref(op), memref.AllocOp.dynamicSizes(op), memref.AllocOp.symbolOperands(op).length, false);
    if (memref.AllocaOp.isa(op)) return this.alloc(op, memref.AllocaOp.memref(op), memref.AllocaOp.dynamicSizes(op), memref.AllocaOp.symbolOperands(op).length, true);
    if (memref.DeallocOp.isa(op)) return this.dealloc(op);
    if (memref.LoadOp.isa(op)) return this.load(op);
    if (memref.StoreOp.isa(op)) return this.store(op);
    if (memref.DimOp.isa(op)) return this.dim(op);
    if (vector.PrintOp.isa(op)) return this.print(op);
    if (func.CallOp.isa(op)) return this.call(op);
    throw new WasmUnsupported(op, `'${op.opName}'`);
  }

  private intBinary(op: Operation, kindIn: string, lhs: Value, rhs: Value, res: Value, flags: number): void {
    if (flags) throw new WasmUnsupported(op, 'overflow flags');
    let kind = kindIn;
    const s = this.scalar(res, op);
    if (s.k !== 'int') throw new WasmUnsupported(op, 'vector arithmetic');
    const f = this.body;
    const I = s.vt === 'i32';
    const pick = (a: number, b: number): number => (I ? a : b);
    // On i1 (0 or 1, signed -1): the signed max is `and`, the unsigned max `or`; shifts are by 0.
    if (s.w === 1 && (kind === 'maxsi' || kind === 'minui')) kind = 'andi';
    else if (s.w === 1 && (kind === 'minsi' || kind === 'maxui')) kind = 'ori';
    if (s.w === 1 && !['andi', 'ori', 'xori', 'addi', 'subi', 'muli', 'shli', 'shrsi', 'shrui'].includes(kind)) throw new WasmUnsupported(op, `'${op.opName}' on i1`);
    const min = -(1n << BigInt(s.w - 1));
    const rc = this.constInt(rhs);
    const zeroCheck = (): void => {
      if (rc !== undefined && rc !== 0n) return;
      this.push(rhs);
      f.op(pick(Op.i32_eqz, Op.i64_eqz));
      this.errorIf(op, ErrCode.div0);
    };
    const ovfCheck = (): void => {
      if (rc !== undefined && rc !== -1n) return;
      this.push(lhs);
      if (I) f.i32(Number(min)).op(Op.i32_eq);
      else f.i64(min).op(Op.i64_eq);
      this.push(rhs);
      if (I) f.i32(-1).op(Op.i32_eq);
      else f.i64(-1n).op(Op.i64_eq);
      f.op(Op.i32_and);
      this.errorIf(op, ErrCode.overflow);
    };
    const simple = (code32: number, code64: number, how?: 'signed' | 'unsigned'): void => {
      if (how) {
        this.pushAs(lhs, how, s);
        this.pushAs(rhs, how, s);
      } else {
        this.push(lhs);
        this.push(rhs);
      }
      f.op(pick(code32, code64));
      this.norm(s);
    };
    const constShift = (): number => {
      const d = rhs.definingOp;
      const a = d && arith.ConstantOp.isa(d) ? arith.ConstantOp.value(d) : undefined;
      const c = a instanceof IntegerAttr ? BigInt.asUintN(s.w, a.value) : undefined;
      // Shifts by the width or more are poison: only constant amounts below it here.
      if (c === undefined || c >= BigInt(s.w)) throw new WasmUnsupported(op, `'${op.opName}' by a non-constant amount`);
      return Number(c);
    };
    switch (kind) {
      case 'addi':
        if (s.w === 1) simple(Op.i32_xor, Op.i64_xor);
        else simple(Op.i32_add, Op.i64_add);
        break;
      case 'subi':
        if (s.w === 1) simple(Op.i32_xor, Op.i64_xor);
        else simple(Op.i32_sub, Op.i64_sub);
        break;
      case 'muli':
        if (s.w === 1) simple(Op.i32_and, Op.i64_and);
        else simple(Op.i32_mul, Op.i64_mul);
        break;
      case 'andi':
        simple(Op.i32_and, Op.i64_and);
        break;
      case 'ori':
        simple(Op.i32_or, Op.i64_or);
        break;
      case 'xori':
        simple(Op.i32_xor, Op.i64_xor);
        break;
      case 'divsi':
      case 'remsi':
        zeroCheck();
        ovfCheck();
        simple(kind === 'divsi' ? Op.i32_div_s : Op.i32_rem_s, kind === 'divsi' ? Op.i64_div_s : Op.i64_rem_s);
        break;
      case 'floordivsi':
      case 'ceildivsi': {
        zeroCheck();
        ovfCheck();
        // The truncated quotient, moved one down (floor) or up (ceil) when
        // the remainder is nonzero and its sign differs from (floor) or
        // matches (ceil) the divisor's.
        const vt = I ? 'i32' : 'i64';
        const q = f.local(vt);
        const r = f.local(vt);
        this.push(lhs);
        this.push(rhs);
        f.op(pick(Op.i32_div_s, Op.i64_div_s)).set(q);
        this.push(lhs);
        this.push(rhs);
        f.op(pick(Op.i32_rem_s, Op.i64_rem_s)).set(r);
        f.get(q);
        f.get(r);
        if (I) f.i32(0).op(Op.i32_ne);
        else f.i64(0n).op(Op.i64_ne);
        f.get(r);
        this.push(rhs);
        f.op(pick(Op.i32_xor, Op.i64_xor));
        if (I) f.i32(0).op(kind === 'floordivsi' ? Op.i32_lt_s : Op.i32_ge_s);
        else f.i64(0n).op(kind === 'floordivsi' ? Op.i64_lt_s : Op.i64_ge_s);
        f.op(Op.i32_and);
        if (!I) f.op(Op.i64_extend_i32_u);
        f.op(kind === 'floordivsi' ? pick(Op.i32_sub, Op.i64_sub) : pick(Op.i32_add, Op.i64_add));
        this.norm(s);
        break;
      }
      case 'divui':
      case 'remui':
        // By a power of two: a shift or a mask of the unsigned value.
        if (rc !== undefined && rc > 0n && (BigInt.asUintN(s.w, rc) & (BigInt.asUintN(s.w, rc) - 1n)) === 0n) {
          const u = BigInt.asUintN(s.w, rc);
          this.pushAs(lhs, 'unsigned', s);
          const lg = u.toString(2).length - 1;
          if (kind === 'divui') {
            if (I) f.i32(lg).op(Op.i32_shr_u);
            else f.i64(BigInt(lg)).op(Op.i64_shr_u);
          } else if (I) f.i32(Number(u - 1n)).op(Op.i32_and);
          else f.i64(u - 1n).op(Op.i64_and);
          this.norm(s);
          break;
        }
        zeroCheck();
        simple(kind === 'divui' ? Op.i32_div_u : Op.i32_rem_u, kind === 'divui' ? Op.i64_div_u : Op.i64_rem_u, 'unsigned');
        break;
      case 'maxsi':
      case 'minsi':
      case 'maxui':
      case 'minui': {
        const how = kind[3] === 's' ? 'signed' : 'unsigned';
        this.push(lhs);
        this.push(rhs);
        this.pushAs(lhs, how, s);
        this.pushAs(rhs, how, s);
        const cmp = kind.startsWith('max') ? (how === 'signed' ? pick(Op.i32_gt_s, Op.i64_gt_s) : pick(Op.i32_gt_u, Op.i64_gt_u)) : how === 'signed' ? pick(Op.i32_lt_s, Op.i64_lt_s) : pick(Op.i32_lt_u, Op.i64_lt_u);
        f.op(cmp).op(Op.select);
        break;
      }
      case 'shli':
      case 'shrsi':
      case 'shrui': {
        const c = constShift();
        if (kind === 'shrui') this.pushAs(lhs, 'unsigned', s);
        else this.push(lhs);
        if (I) f.i32(c);
        else f.i64(BigInt(c));
        f.op(kind === 'shli' ? pick(Op.i32_shl, Op.i64_shl) : kind === 'shrsi' ? pick(Op.i32_shr_s, Op.i64_shr_s) : pick(Op.i32_shr_u, Op.i64_shr_u));
        this.norm(s);
        break;
      }
      default:
        throw new WasmUnsupported(op, `'${op.opName}'`);
    }
    this.pop(res);
  }

  /**
   * A constant step in (0, 2^32): below a size of at most 2^31 elements, the
   * induction variable cannot wrap past 2^63 back to negative values.
   */
  private smallStep(v: Value): boolean {
    const c = this.constInt(v);
    return c !== undefined && c > 0n && c < 1n << 32n;
  }

  private nonNegative(v: Value): boolean {
    const c = this.constInt(v);
    if (c !== undefined) return c >= 0n;
    const r = this.ranges.get(v);
    return r !== undefined && r.lo >= 0;
  }

  /** The value of an integer constant operand (arith or index constant), if it is one. */
  constInt(v: Value): bigint | undefined {
    const d = v.definingOp;
    if (!d) return undefined;
    if (index.ConstantOp.isa(d)) return BigInt.asIntN(64, index.ConstantOp.value(d));
    const a = arith.ConstantOp.isa(d) ? arith.ConstantOp.value(d) : undefined;
    const s = this.kind(v);
    return a instanceof IntegerAttr && s.k === 'int' ? (s.w === 1 ? a.value & 1n : BigInt.asIntN(s.w, a.value)) : undefined;
  }

  private cast(op: Operation, kind: string, input: Value, output: Value): void {
    const from = this.scalar(input, op);
    const to = this.scalar(output, op);
    const f = this.body;
    this.push(input);
    const intToInt = (how: 'signed' | 'unsigned'): void => {
      if (from.k !== 'int' || to.k !== 'int') throw new WasmUnsupported(op, `'${op.opName}' of these types`);
      if (how === 'signed') this.signed(from);
      else this.unsigned(from);
      if (from.vt === 'i32' && to.vt === 'i64') f.op(how === 'signed' || from.w === 32 ? (how === 'signed' ? Op.i64_extend_i32_s : Op.i64_extend_i32_u) : Op.i64_extend_i32_u);
      else if (from.vt === 'i64' && to.vt === 'i32') f.op(Op.i32_wrap_i64);
      this.norm(to);
    };
    switch (kind) {
      case 'extsi':
      case 'index_cast':
        intToInt('signed');
        break;
      case 'extui':
      case 'index_castui':
        intToInt('unsigned');
        break;
      case 'trunci':
        intToInt('signed');
        break;
      case 'sitofp':
      case 'uitofp': {
        if (from.k !== 'int' || to.k !== 'float') throw new WasmUnsupported(op, `'${op.opName}' of these types`);
        const u = kind === 'uitofp';
        if (u) this.unsigned(from);
        else this.signed(from);
        // Masked values of widths below the container are non-negative: signed conversion is exact.
        const useU = u && (from.w === 32 || from.w === 64);
        const table = to.vt === 'f32' ? (from.vt === 'i32' ? [Op.f32_convert_i32_s, Op.f32_convert_i32_u] : [Op.f32_convert_i64_s, Op.f32_convert_i64_u]) : from.vt === 'i32' ? [Op.f64_convert_i32_s, Op.f64_convert_i32_u] : [Op.f64_convert_i64_s, Op.f64_convert_i64_u];
        f.op(table[useU ? 1 : 0]);
        break;
      }
      case 'extf':
        if (from.vt === 'f32' && to.vt === 'f64') f.op(Op.f64_promote_f32);
        else if (from.vt !== to.vt) throw new WasmUnsupported(op, `'${op.opName}' of these types`);
        break;
      case 'truncf':
        if (from.vt === 'f64' && to.vt === 'f32') f.op(Op.f32_demote_f64);
        else if (from.vt !== to.vt) throw new WasmUnsupported(op, `'${op.opName}' of these types`);
        break;
      default:
        throw new WasmUnsupported(op, `'${op.opName}'`);
    }
    this.pop(output);
  }

  private cmpf(op: OpOf<typeof arith.CmpFOp>): void {
    const pred = arith.CmpFPredicate.stringify(arith.CmpFOp.predicate(op))!;
    const lhs = arith.CmpFOp.lhs(op);
    const rhs = arith.CmpFOp.rhs(op);
    const s = this.scalar(lhs, op);
    if (s.k !== 'float') throw new WasmUnsupported(op, 'vector comparisons');
    const f = this.body;
    const F = s.vt === 'f32';
    const c = (name: 'eq' | 'ne' | 'lt' | 'gt' | 'le' | 'ge', a: Value, b: Value): void => {
      this.push(a);
      this.push(b);
      const t: Record<string, [number, number]> = { eq: [Op.f32_eq, Op.f64_eq], ne: [Op.f32_ne, Op.f64_ne], lt: [Op.f32_lt, Op.f64_lt], gt: [Op.f32_gt, Op.f64_gt], le: [Op.f32_le, Op.f64_le], ge: [Op.f32_ge, Op.f64_ge] };
      f.op(t[name][F ? 0 : 1]);
    };
    const not = (): void => void f.op(Op.i32_eqz);
    switch (pred) {
      case 'false':
        f.i32(0);
        break;
      case 'true':
        f.i32(1);
        break;
      case 'oeq':
        c('eq', lhs, rhs);
        break;
      case 'ogt':
        c('gt', lhs, rhs);
        break;
      case 'oge':
        c('ge', lhs, rhs);
        break;
      case 'olt':
        c('lt', lhs, rhs);
        break;
      case 'ole':
        c('le', lhs, rhs);
        break;
      case 'one':
        c('lt', lhs, rhs);
        c('gt', lhs, rhs);
        f.op(Op.i32_or);
        break;
      case 'ord':
        c('eq', lhs, lhs);
        c('eq', rhs, rhs);
        f.op(Op.i32_and);
        break;
      case 'ueq':
        c('lt', lhs, rhs);
        c('gt', lhs, rhs);
        f.op(Op.i32_or);
        not();
        break;
      case 'ugt':
        c('le', lhs, rhs);
        not();
        break;
      case 'uge':
        c('lt', lhs, rhs);
        not();
        break;
      case 'ult':
        c('ge', lhs, rhs);
        not();
        break;
      case 'ule':
        c('gt', lhs, rhs);
        not();
        break;
      case 'une':
        c('ne', lhs, rhs);
        break;
      case 'uno':
        c('ne', lhs, lhs);
        c('ne', rhs, rhs);
        f.op(Op.i32_or);
        break;
      default:
        throw new WasmUnsupported(op, `'${op.opName}' ${pred}`);
    }
    this.pop(arith.CmpFOp.result(op));
  }

  /** Sets `targets`' locals from `values` (all pushed first, so the assignment is parallel). */
  assign(targets: readonly Value[], values: readonly Value[]): void {
    for (const v of values) this.push(v);
    for (let i = targets.length - 1; i >= 0; i--) this.pop(targets[i]);
  }

  /**
   * Reads the live flags of the memrefs `loop` accesses but does not define
   * into locals (when it deallocates nothing); returns what to undo after it.
   */
  private cacheLiveness(loop: Operation): Value[] {
    const inside = new Set<Value>();
    const accessed = new Set<Value>();
    let frees = false;
    loop.walk((o) => {
      for (const r of o.results) inside.add(r);
      for (const rg of o.regions) for (const b of rg.blocks) for (const a of b.args) inside.add(a);
      // Callees taking memrefs may deallocate them.
      if (memref.DeallocOp.isa(o) || (func.CallOp.isa(o) && func.CallOp.operands(o).some((x) => x.type instanceof MemRefType || x.type instanceof UnrankedMemRefType))) frees = true;
      else if (memref.LoadOp.isa(o)) accessed.add(memref.LoadOp.memref(o));
      else if (memref.StoreOp.isa(o)) accessed.add(memref.StoreOp.memref(o));
    });
    if (frees) return [];
    const added: Value[] = [];
    for (const m of accessed) {
      const l = this.locals.get(m);
      if (inside.has(m) || this.liveCache.has(m) || !l) continue;
      const c = this.body.local('i32');
      this.body.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).set(c);
      this.liveCache.set(m, c);
      added.push(m);
    }
    return added;
  }

  private forOp(op: OpOf<typeof scf.ForOp>): void {
    const cached = this.cacheLiveness(op);
    this.forLoop(op);
    for (const m of cached) this.liveCache.delete(m);
  }

  private forLoop(op: OpOf<typeof scf.ForOp>): void {
    const f = this.body;
    const iv = scf.ForOp.inductionVar(op);
    const s = this.scalar(iv, op);
    if (s.k !== 'int') throw new WasmUnsupported(op, 'loop bounds of this type');
    const I = s.vt === 'i32';
    const unsigned = scf.ForOp.unsignedCmp(op);
    const lb = scf.ForOp.lowerBound(op);
    const ub = scf.ForOp.upperBound(op);
    const step = scf.ForOp.step(op);
    // A non-positive step is an error (as the JavaScript backend reports it).
    this.pushAs(step, 'signed', s);
    if (I) f.i32(0).op(Op.i32_le_s);
    else f.i64(0n).op(Op.i64_le_s);
    f.structured(Op.if, 'void').i32(this.K(op));
    this.push(step);
    if (I) f.op(Op.i64_extend_i32_s);
    f.call(this.imports.badStep).op(Op.end);
    const iters = scf.ForOp.regionIterArgs(op);
    this.assign([iv, ...iters], [lb, ...scf.ForOp.initArgs(op)]);
    if (!unsigned && s.w === 64 && this.nonNegative(lb) && this.smallStep(step)) this.ivBelow.set(iv, ub);
    f.structured(Op.block, 'void');
    f.structured(Op.loop, 'void');
    this.depth += 2;
    const how = unsigned ? 'unsigned' : 'signed';
    this.pushAs(iv, how, s);
    this.pushAs(ub, how, s);
    f.op(unsigned ? (I ? Op.i32_ge_u : Op.i64_ge_u) : I ? Op.i32_ge_s : Op.i64_ge_s);
    f.br(Op.br_if, 1);
    this.block(scf.ForOp.body(op), (term) => {
      if (!scf.YieldOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending a loop`);
      this.assign(iters, scf.YieldOp.results(term));
    });
    this.push(iv);
    this.push(step);
    f.op(I ? Op.i32_add : Op.i64_add);
    this.norm(s);
    this.pop(iv);
    f.br(Op.br, 0);
    f.op(Op.end).op(Op.end);
    this.depth -= 2;
    // The results are the iteration arguments' final values.
    scf.ForOp.results(op).forEach((r, i) => this.locals.set(r, this.def(iters[i])));
  }

  private ifOp(op: OpOf<typeof scf.IfOp>): void {
    const f = this.body;
    const results = scf.IfOp.results(op);
    results.forEach((r) => this.def(r));
    const onYield = (term: Operation): void => {
      if (!scf.YieldOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending an scf.if`);
      this.assign(results, scf.YieldOp.results(term));
    };
    this.push(scf.IfOp.condition(op));
    f.structured(Op.if, 'void');
    this.depth++;
    this.block(scf.IfOp.thenBlock(op), onYield);
    const elseBlock = scf.IfOp.elseBlock(op);
    if (elseBlock) {
      f.op(Op.else);
      this.block(elseBlock, onYield);
    }
    f.op(Op.end);
    this.depth--;
  }

  private whileOp(op: OpOf<typeof scf.WhileOp>): void {
    const cached = this.cacheLiveness(op);
    this.whileLoop(op);
    for (const m of cached) this.liveCache.delete(m);
  }

  private whileLoop(op: OpOf<typeof scf.WhileOp>): void {
    const f = this.body;
    const before = scf.WhileOp.beforeArguments(op);
    const after = scf.WhileOp.afterArguments(op);
    const results = scf.WhileOp.results(op);
    this.assign(before, scf.WhileOp.inits(op));
    // The condition's values go to the results' locals, which the after block's arguments share.
    results.forEach((r, i) => this.locals.set(after[i], this.def(r)));
    f.structured(Op.block, 'void');
    f.structured(Op.loop, 'void');
    this.depth += 2;
    this.block(scf.WhileOp.beforeBody(op), (term) => {
      if (!scf.ConditionOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending a while condition`);
      this.assign(results, scf.ConditionOp.args(term));
      this.push(scf.ConditionOp.condition(term));
      f.op(Op.i32_eqz).br(Op.br_if, 1);
    });
    this.block(scf.WhileOp.afterBody(op), (term) => {
      if (!scf.YieldOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending a while body`);
      this.assign(before, scf.YieldOp.results(term));
    });
    f.br(Op.br, 0);
    f.op(Op.end).op(Op.end);
    this.depth -= 2;
  }

  /** A one-block execute_region runs in place; its yield assigns the results. */
  private executeRegion(op: OpOf<typeof scf.ExecuteRegionOp>): void {
    const region = scf.ExecuteRegionOp.region(op);
    if (region.blocks.length !== 1 || scf.ExecuteRegionOp.token(op)) throw new WasmUnsupported(op, `'${op.opName}' with several blocks or a token`);
    const results = scf.ExecuteRegionOp.results(op);
    results.forEach((r) => this.def(r));
    this.block(region.blocks[0], (term) => {
      if (!scf.YieldOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending an scf.execute_region`);
      this.assign(results, scf.YieldOp.results(term));
    });
  }

  private indexSwitch(op: OpOf<typeof scf.IndexSwitchOp>): void {
    const f = this.body;
    const results = scf.IndexSwitchOp.results(op);
    results.forEach((r) => this.def(r));
    const onYield = (term: Operation): void => {
      if (!scf.YieldOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending a switch case`);
      this.assign(results, scf.YieldOp.results(term));
    };
    const cases = scf.IndexSwitchOp.cases(op);
    const blocks = scf.IndexSwitchOp.caseBlocks(op);
    // A chain of if/else on the cases, the default in the innermost else.
    cases.forEach((c, i) => {
      this.push(scf.IndexSwitchOp.arg(op));
      f.i64(BigInt(c)).op(Op.i64_eq).structured(Op.if, 'void');
      this.depth++;
      this.block(blocks[i], onYield);
      f.op(Op.else);
    });
    this.block(scf.IndexSwitchOp.defaultBlock(op), onYield);
    for (let i = 0; i < cases.length; i++) {
      f.op(Op.end);
      this.depth--;
    }
  }

  /** scf.parallel as a sequential loop nest; scf.reduce folds each operand into its accumulator in order. */
  private parallel(op: OpOf<typeof scf.ParallelOp>): void {
    const cached = this.cacheLiveness(op);
    const f = this.body;
    const lbs = scf.ParallelOp.lowerBound(op);
    const ubs = scf.ParallelOp.upperBound(op);
    const steps = scf.ParallelOp.step(op);
    const ivs = scf.ParallelOp.inductionVars(op);
    const res = scf.ParallelOp.results(op);
    this.assign(res, scf.ParallelOp.initVals(op));
    ivs.forEach((_, d) => {
      this.push(steps[d]);
      f.i64(0n).op(Op.i64_le_s).structured(Op.if, 'void').i32(this.K(op));
      this.push(steps[d]);
      f.call(this.imports.badStep).op(Op.end);
    });
    ivs.forEach((iv, d) => {
      this.assign([iv], [lbs[d]]);
      if (this.nonNegative(lbs[d]) && this.smallStep(steps[d])) this.ivBelow.set(iv, ubs[d]);
      f.structured(Op.block, 'void').structured(Op.loop, 'void');
      this.depth += 2;
      this.push(iv);
      this.push(ubs[d]);
      f.op(Op.i64_ge_s).br(Op.br_if, 1);
    });
    this.block(scf.ParallelOp.body(op), (term) => {
      const reduce = scf.ReduceOp.dynCast(term);
      if (!reduce) throw new WasmUnsupported(term, `'${term.opName}' ending a parallel loop`);
      const regions = scf.ReduceOp.reductions(reduce);
      scf.ReduceOp.operands(reduce).forEach((x, i) => {
        const blk = regions[i].entry;
        this.assign(blk.args, [res[i], x]);
        this.block(blk, (ret) => {
          const rr = scf.ReduceReturnOp.dynCast(ret);
          if (!rr) throw new WasmUnsupported(ret, `'${ret.opName}' ending a reduction`);
          this.assign([res[i]], [scf.ReduceReturnOp.result(rr)]);
        });
      });
    });
    for (let d = ivs.length - 1; d >= 0; d--) {
      this.push(ivs[d]);
      this.push(steps[d]);
      f.op(Op.i64_add);
      this.pop(ivs[d]);
      f.br(Op.br, 0).op(Op.end).op(Op.end);
      this.depth -= 2;
    }
    for (const m of cached) this.liveCache.delete(m);
  }

  /** memref.copy between identity-layout memrefs of one static shape: a bulk memory copy. */
  private copy(op: OpOf<typeof memref.CopyOp>): void {
    const src = memref.CopyOp.source(op);
    const dst = memref.CopyOp.target(op);
    const st = src.type;
    const dt = dst.type;
    const mi = this.memInfo(src, op);
    const di = this.memInfo(dst, op);
    const ls = this.locals.get(src)!;
    const ld = this.locals.get(dst)!;
    const f = this.body;
    if (
      !(st instanceof MemRefType) ||
      !(dt instanceof MemRefType) ||
      mi.strided ||
      di.strided ||
      !st.hasStaticShape ||
      st.shape.join() !== dt.shape.join() ||
      isConstantGlobal(dst, this.globalConst)
    ) {
      // Dynamic shapes, views, constant targets: the runtime checks and copies element by element.
      if (mi.shift !== di.shift) throw new WasmUnsupported(op, `'${op.opName}' of these types`);
      this.passDims(ls, mi.rank);
      this.passDims(ld, di.rank);
      f.i32(this.K(op)).i32(mi.shift).get(ls[0]).get(ls[1]).get(ld[0]).get(ld[1]).i32(mi.rank).call(this.imports.copy);
      return;
    }
    f.get(ls[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).op(Op.i32_eqz);
    f.get(ld[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).op(Op.i32_eqz).op(Op.i32_or);
    this.errorIf(op, ErrCode.copyDead);
    f.get(ld[1]).get(ls[1]).i32(st.numElements << mi.shift).memoryCopy();
  }

  memInfo(v: Value, op: Operation): MemInfo {
    const k = this.kind(v, op);
    if (k.k !== 'memref') throw new WasmUnsupported(op, 'a memref operand of another type');
    return k;
  }

  /**
   * memref.alloc, and memref.alloca outside an alloca_scope (alive until the
   * function returns, which no memref outlives here: functions neither take
   * nor return memrefs). A stack allocation's live flag is 2, so that its
   * dealloc is the JavaScript backend's error.
   */
  private alloc(op: Operation, res: Value, dyn: readonly Value[], symbols: number, stack: boolean): void {
    const f = this.body;
    const t = res.type as MemRefType;
    const mi = this.memInfo(res, op);
    if (symbols) throw new WasmUnsupported(op, 'allocations with symbol operands');
    const l = this.def(res);
    let k = 0;
    this.sizeValues.set(
      res,
      t.shape.map((d) => (d === kDynamic ? dyn[k++] : undefined)),
    );
    let j = 0;
    const rank = mi.rank;
    // Sizes.
    t.shape.forEach((d, i) => {
      if (d === kDynamic) {
        this.push(dyn[j++]);
        f.set(l[2 + i]);
        f.get(l[2 + i]).i64(0n).op(Op.i64_lt_s);
        f.structured(Op.if, 'void').i32(this.K(op)).i32(ErrCode.invalidSize).get(l[2 + i]).call(this.imports.err).op(Op.end);
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
    f.structured(Op.if, 'void').i32(this.K(op)).i32(ErrCode.tooLarge).get(bytes).call(this.imports.err).op(Op.end);
    f.i32(this.K(op)).get(bytes).i64(BigInt(mi.shift)).op(Op.i64_shl).call(this.malloc);
    f.set(l[0]);
    f.get(l[0]).set(l[1]);
    if (stack) {
      f.get(l[0]).i32(HEADER).op(Op.i32_sub).i32(2).mem(Op.i32_store, 2);
      // In an alloca_scope: linked into its chain (the header's third word), freed at its end.
      const chain = this.allocaScopeChain(op);
      if (chain !== undefined) {
        f.get(l[0]).i32(HEADER).op(Op.i32_sub).get(chain).mem(Op.i32_store, 2, 8);
        f.get(l[0]).i32(HEADER).op(Op.i32_sub).set(chain);
        return;
      }
      let p = op.parentOp;
      while (p && p !== this.fn && (scf.IfOp.isa(p) || scf.ExecuteRegionOp.isa(p))) p = p.parentOp;
      if (p === this.fn) this.frameAllocas.push(l[0]);
    }
  }

  private dealloc(op: OpOf<typeof memref.DeallocOp>): void {
    const v = memref.DeallocOp.memref(op);
    this.memInfo(v, op);
    const l = this.locals.get(v)!;
    const f = this.body;
    f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).op(Op.i32_eqz);
    this.errorIf(op, ErrCode.doubleFree);
    f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).i32(Flag.stack).op(Op.i32_eq);
    this.errorIf(op, ErrCode.deallocStack);
    f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).i32(Flag.global).op(Op.i32_ge_u);
    f.structured(Op.if, 'void').i32(this.K(op)).i32(ErrCode.deallocGlobal);
    f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).op(Op.i64_extend_i32_u).call(this.imports.err).op(Op.end);
    f.get(l[0]).i32(HEADER).op(Op.i32_sub).call(this.free);
  }

  /** Checks the indices and liveness; leaves the element's byte address on the stack. */
  private address(op: Operation, m: Value, indices: readonly Value[]): MemInfo {
    const mi = this.memInfo(m, op);
    const l = this.locals.get(m)!;
    const f = this.body;
    const shape = (m.type as MemRefType).shape;
    indices.forEach((x, d) => {
      // Checks the integer range analysis proves unnecessary are left out (as in the JavaScript backend).
      const r = this.ranges.get(x);
      if (r && r.lo >= 0 && shape[d] !== kDynamic && r.hi < shape[d]) return;
      // An induction variable in [0, ub) indexing a dimension whose size is that same ub.
      const ub = this.ivBelow.get(x);
      if (ub !== undefined && ub === this.sizeValues.get(m)?.[d]) return;
      this.push(x);
      f.get(l[2 + d]).op(Op.i64_ge_u);
      this.errorIf(op, ErrCode.oob);
    });
    const cached = this.liveCache.get(m);
    if (cached !== undefined) f.get(cached).op(Op.i32_eqz);
    else f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).op(Op.i32_eqz);
    this.errorIf(op, ErrCode.useAfterFree);
    f.get(l[1]);
    if (indices.length) {
      // Identity layouts: the innermost stride is 1; strided ones multiply every index.
      indices.forEach((x, d) => {
        this.push(x);
        if (d !== indices.length - 1 || mi.strided) f.get(l[2 + mi.rank + d]).op(Op.i64_mul);
        if (d > 0) f.op(Op.i64_add);
      });
      f.op(Op.i32_wrap_i64);
      if (mi.shift) f.i32(mi.shift).op(Op.i32_shl);
      f.op(Op.i32_add);
    }
    return mi;
  }

  private load(op: OpOf<typeof memref.LoadOp>): void {
    const mi = this.address(op, memref.LoadOp.memref(op), memref.LoadOp.indices(op));
    const e = mi.elem;
    const f = this.body;
    if (e.k === 'float') f.mem(e.vt === 'f32' ? Op.f32_load : Op.f64_load, mi.shift);
    else if (e.vt === 'i64') f.mem(Op.i64_load, 3);
    else if (mi.shift === 2) f.mem(Op.i32_load, 2);
    else if (mi.shift === 1) f.mem(Op.i32_load16_s, 1);
    else f.mem(e.w === 1 ? Op.i32_load8_u : Op.i32_load8_s, 0);
    this.pop(memref.LoadOp.result(op));
  }

  private store(op: OpOf<typeof memref.StoreOp>): void {
    // As the JavaScript backend: stores into (views of) constant globals fail when they run.
    if (isConstantGlobal(memref.StoreOp.memref(op), this.globalConst)) this.error(op, ErrCode.storeConstant);
    const mi = this.address(op, memref.StoreOp.memref(op), memref.StoreOp.indices(op));
    const e = mi.elem;
    const f = this.body;
    this.push(memref.StoreOp.value(op));
    if (e.k === 'float') f.mem(e.vt === 'f32' ? Op.f32_store : Op.f64_store, mi.shift);
    else if (e.vt === 'i64') f.mem(Op.i64_store, 3);
    else if (mi.shift === 2) f.mem(Op.i32_store, 2);
    else if (mi.shift === 1) f.mem(Op.i32_store16, 1);
    else f.mem(Op.i32_store8, 0);
  }

  private dim(op: OpOf<typeof memref.DimOp>): void {
    const src = memref.DimOp.source(op);
    const mi = this.memInfo(src, op);
    const d = memref.DimOp.index(op).definingOp;
    const a = d && arith.ConstantOp.isa(d) ? arith.ConstantOp.value(d) : d && index.ConstantOp.isa(d) ? index.ConstantOp.value(d) : undefined;
    const c = a instanceof IntegerAttr ? a.value : typeof a === 'bigint' ? a : undefined;
    if (c === undefined || c < 0n || c >= BigInt(mi.rank)) throw new WasmUnsupported(op, `'${op.opName}' of a non-constant dimension`);
    this.body.get(this.locals.get(src)![2 + Number(c)]);
    this.pop(memref.DimOp.result(op));
  }

  private print(op: OpOf<typeof vector.PrintOp>): void {
    const f = this.body;
    const punct = this.strings.id(String(vector.PrintOp.punctuation(op)));
    const str = vector.PrintOp.stringLiteral(op);
    if (str !== undefined) {
      f.i32(this.strings.id(str)).call(this.imports.write);
      return;
    }
    const x = vector.PrintOp.source(op);
    if (x === undefined) {
      f.i32(punct).call(this.imports.punct);
      return;
    }
    const s = this.scalar(x, op);
    if (s.k === 'float') {
      this.push(x);
      if (s.vt === 'f32') f.op(Op.f64_promote_f32);
      f.i32(punct).call(this.imports.printF);
      return;
    }
    const fmt = elemFormatOf(x.type);
    if (fmt === 'float') throw new WasmUnsupported(op, 'this printed type');
    f.i32(this.K(op));
    this.push(x);
    if (s.vt === 'i32') f.op(s.w === 1 ? Op.i64_extend_i32_u : Op.i64_extend_i32_s);
    f.i32(FORMATS.indexOf(fmt)).i32(s.w).i32(punct).call(this.imports.printI);
  }

  private call(op: OpOf<typeof func.CallOp>): void {
    const callee = this.fns.get(func.CallOp.callee(op));
    if (!callee) return this.builtinCall(op);
    for (const a of func.CallOp.operands(op)) this.push(a);
    this.body.call(callee.index);
    const results = func.CallOp.results(op);
    for (let i = results.length - 1; i >= 0; i--) this.pop(results[i]);
  }

  /** A call of one of the runtime library's functions (printI64, printMemrefF32, ...), as the JavaScript backend binds them. */
  private builtinCall(op: OpOf<typeof func.CallOp>): void {
    const sym = func.CallOp.callee(op);
    const name = sym.replace(/^_mlir_ciface_/, '');
    if (!BUILTINS.has(name)) throw new WasmUnsupported(op, `calls of @${sym}`);
    const args = func.CallOp.operands(op);
    const results = func.CallOp.results(op);
    const f = this.body;
    const text: Record<string, string> = { printOpen: '( ', printClose: ' )', printComma: ', ', printNewline: '\n' };
    if (name in text) return void f.i32(this.strings.id(text[name])).call(this.imports.write);
    if (name === 'nanoTime' || name === 'rtclock') {
      f.call(name === 'nanoTime' ? this.imports.nanoTime : this.imports.rtclock);
      const r = results[0];
      const k = r && this.kind(r, op);
      if (!k || k.k === 'memref' || k.vt !== (name === 'nanoTime' ? 'i64' : 'f64')) throw new WasmUnsupported(op, `@${sym} of this type`);
      return this.pop(r);
    }
    const x = args[0];
    if (!x || results.length) throw new WasmUnsupported(op, `@${sym} of this type`);
    const k = this.kind(x, op);
    if (name === 'printI64' || name === 'printU64') {
      if (k.k !== 'int') throw new WasmUnsupported(op, `@${sym} of this type`);
      f.i32(this.K(op));
      this.push(x);
      if (k.vt === 'i32') f.op(Op.i64_extend_i32_s);
      return void f.i32(name === 'printI64' ? 0 : 1).i32(64).i32(this.strings.id('')).call(this.imports.printI);
    }
    if (name === 'printF32' || name === 'printF64') {
      if (k.k !== 'float') throw new WasmUnsupported(op, `@${sym} of this type`);
      this.push(x);
      if (k.vt === 'f32') f.op(Op.f64_promote_f32);
      return void f.i32(this.strings.id('')).call(this.imports.printF);
    }
    if (k.k !== 'memref' || !name.startsWith('printMemref')) throw new WasmUnsupported(op, `@${sym} of this type`);
    const l = this.locals.get(x)!;
    const e = k.elem;
    const storage = e.k === 'float' ? e.vt : e.w === 1 ? 'i1' : `i${8 << k.shift}`;
    const t = x.type as MemRefType | UnrankedMemRefType;
    const mode = name.startsWith('printMemrefShape') ? 2 : /^printMemref\dd/.test(name) ? 1 : 0;
    this.passDims(l, k.rank);
    f.i32(this.K(op)).i32(mode).i32(this.strings.id(`${storage}:${elemFormatOf(t.elementType)}`)).get(l[0]).get(l[1]).call(this.imports.printMemref);
  }
}
