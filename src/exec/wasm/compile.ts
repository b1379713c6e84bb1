// The WebAssembly backend's driver: the module (imports, allocator, functions)
// and WasmFunctionCompiler (regions, values in locals, memory checks, errors);
// each op's code is its dialect's emitter (src/dialects/<d>/exec-wasm.ts,
// registered through emitters.ts), on linear memory. Integers keep
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

import { DenseIntOrFPElementsAttr, UnitAttr } from '../../ir/builtin-attributes.js';
import { FloatType, FunctionType, IndexType, IntegerType, MemRefType, UnrankedMemRefType, VectorType, kDynamic } from '../../ir/builtin-types.js';
import { stridesAndOffset } from '../../dialects/memref/layout.js';
import type { Type } from '../../ir/attributes.js';
import { matchConstantInt } from '../../ir/matchers.js';
import { Traits } from '../../ir/context.js';
import { Elementwise } from '../../ods/traits.js';
import type { Block, Operation, Value } from '../../ir/operation.js';
import type { OpOf } from '../../ods/index.js';
import * as builtin from '../../dialects/builtin/index.js';
import * as func from '../../dialects/func/index.js';
import * as memref from '../../dialects/memref/index.js';
import { Interner } from '../interner.js';
import { ModulePoison, type RangeAnalysis } from '../ranges.js';
import type { FloatName } from '../types.js';
import { wasmEmitterOf, wasmPoisonOf } from './emitters.js';
import { viewSource } from '../codegen.js';
import { BF16, emitBitsF16, emitF16Bits, emitOddU64, emitRound, F16 } from './float16.js';
import { FunctionBody, ModuleBuilder, Op, type FuncType, type ValType } from './encoder.js';

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
  badStep: 10,
  deallocGlobal: 11,
  storeConstant: 12,
  /** A poison value used where it is undefined behaviour (the value: the string index of what it is used as). */
  poisonUse: 13,
  /** cf.assert; the value is the message's string index. */
  assertion: 14,
  reallocDead: 15,
} as const;

/**
 * An allocation's live flag (the first header word): 0 freed, else how it
 * was allocated (dealloc reports stack, global and the host's memory as the
 * JavaScript backend does; stores into constant globals are errors).
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
  reshapeCount: 12,
  dimRange: 13,
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
/**
 * An unranked memref whose rank is not known where it is used (function
 * arguments and results, call results): allocation and data addresses, the
 * rank (i32), then MAX_UNRANKED sizes and strides (i64; those past the rank
 * unused), so that it needs no memory of its own.
 */
export interface UnrankedInfo {
  k: 'unranked';
  elem: Scalar;
  shift: number;
}
/** The highest rank an unranked memref holds here (a cast of a higher rank to unranked falls back). */
export const MAX_UNRANKED = 8;
/**
 * A vector of fixed shape (any rank): one local per element (lane), in
 * row-major order, each holding a scalar of kind `elem`. Elementwise ops run
 * their scalar emitter once per lane (see WasmFunctionCompiler.op).
 */
export interface VectorInfo {
  k: 'vector';
  elem: Scalar;
  shape: readonly number[];
  /** The number of lanes. */
  n: number;
}
/** The most lanes a vector value holds here (each is a local; engines limit a function's locals to 50,000). */
export const MAX_LANES = 4096;
/** Engines' limits on a function's locals (parameters included) and on its parameters and results (V8's). */
const MAX_LOCALS = 50000;
const MAX_PARAMS = 1000;
export type Kind = Scalar | MemInfo | UnrankedInfo | VectorInfo;

function kindOf(t: Type, op: Operation | undefined): Kind {
  if (t instanceof IndexType) return { k: 'int', w: 64, vt: 'i64' };
  if (t instanceof IntegerType) {
    if (t.width === 0 || t.width > 64) throw new WasmUnsupported(op, `i${t.width} values`);
    return { k: 'int', w: t.width, vt: t.width <= 32 ? 'i32' : 'i64' };
  }
  if (t instanceof FloatType) {
    if (t.name === 'f32' || t.name === 'f64') return { k: 'float', f: t.name, vt: t.name };
    // Every f16 and bf16 value is a double; operations round back in software (float16.ts).
    if (t.name === 'f16' || t.name === 'bf16') return { k: 'float', f: t.name, vt: 'f64' };
    throw new WasmUnsupported(op, `${t.name} values`);
  }
  if (t instanceof MemRefType) {
    if (t.layoutAttr !== undefined && !stridesAndOffset(t)) throw new WasmUnsupported(op, 'memrefs with a non-strided layout');
    const elem = kindOf(t.elementType, op);
    if (elem.k === 'vector') throw new WasmUnsupported(op, 'memrefs of vectors');
    if (elem.k !== 'int' && elem.k !== 'float') throw new WasmUnsupported(op, 'memrefs of memrefs');
    const bytes = elem.k === 'float' ? (elem.f === 'f32' ? 4 : elem.f === 'f64' ? 8 : 2) : elem.w === 1 || elem.w <= 8 ? 1 : elem.w <= 16 ? 2 : elem.w <= 32 ? 4 : 8;
    return { k: 'memref', rank: t.rank, elem, shift: Math.log2(bytes), strided: t.layoutAttr !== undefined };
  }
  if (t instanceof VectorType) {
    if (t.isScalable) throw new WasmUnsupported(op, 'scalable vectors');
    const elem = kindOf(t.elementType, op);
    if (elem.k !== 'int' && elem.k !== 'float') throw new WasmUnsupported(op, `vectors of ${t.elementType.key}`);
    if (t.numElements > MAX_LANES) throw new WasmUnsupported(op, `vectors of more than ${MAX_LANES} elements`);
    return { k: 'vector', elem, shape: t.shape, n: t.numElements };
  }
  // A function value (func.constant): the callee's number among the module's functions (func/exec-wasm.ts).
  if (t instanceof FunctionType) return { k: 'int', w: 32, vt: 'i32' };
  if (t instanceof UnrankedMemRefType) {
    const k = kindOf(MemRefType.get([], t.elementType), op);
    if (k.k !== 'memref') throw new WasmUnsupported(op, 'memrefs of memrefs');
    return { k: 'unranked', elem: k.elem, shift: k.shift };
  }
  throw new WasmUnsupported(op, `values of type ${t.key}`);
}

/**
 * The kind of value `v`: an unranked memref whose rank is known where it is
 * made — memref.cast of a memref of known rank (as printMemref's arguments
 * are), memref.reshape by a shape of static length (or cast from one) — is
 * held as a ranked one.
 */
export function kindOfValue(v: Value, op: Operation | undefined): Kind {
  const d = v.definingOp;
  if (v.type instanceof UnrankedMemRefType && d) {
    if (memref.CastOp.isa(d)) {
      const src = memref.CastOp.source(d);
      const k = src.type instanceof MemRefType ? kindOf(src.type, op) : kindOfValue(src, op);
      if (k.k === 'memref') return { ...k, strided: true };
    }
    // The shape's length: its type's, or that of the memref it was cast from.
    const sv = memref.ReshapeOp.isa(d) ? memref.ReshapeOp.shape(d) : undefined;
    const sd = sv?.definingOp;
    const shape = sd && memref.CastOp.isa(sd) && sv.type instanceof MemRefType && sv.type.shape[0] === kDynamic ? memref.CastOp.source(sd).type : sv?.type;
    if (shape instanceof MemRefType && shape.rank === 1 && shape.shape[0] !== kDynamic) {
      const k = kindOf(MemRefType.get(new Array<number>(shape.shape[0]).fill(kDynamic), v.type.elementType), op);
      if (k.k === 'memref') return k;
    }
  }
  return kindOf(v.type, op);
}

/** The wasm value types a value of kind `k` occupies (one local each). */
function valTypes(k: Kind): ValType[] {
  if (k.k === 'memref') return ['i32', 'i32', ...new Array<ValType>(2 * k.rank).fill('i64')];
  if (k.k === 'unranked') return ['i32', 'i32', 'i32', ...new Array<ValType>(2 * MAX_UNRANKED).fill('i64')];
  if (k.k === 'vector') return new Array<ValType>(k.n).fill(k.elem.vt);
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
  /** With recursion: the export returning the op index of the last call made (-1: none). */
  callSiteExport?: string;
  /** How many loop copies got a SIMD version (vectorize.ts). */
  vectorized: number;
  /**
   * Functions some of whose results may be poison: which ones. Their exports
   * return the values, then one marker per such result (0, or 1 + the index
   * of the op that produced the poison).
   */
  poisonResults: Map<string, boolean[]>;
}

/** Bytes of an allocation's header before its data (its first word: 1 live, 2 stack, 0 freed). */
export const HEADER = 16;
/**
 * Bytes before an allocation's header: its fake address as the JavaScript
 * backend numbers allocations (i64, printed by printMemref) and its exact
 * size in bytes (i64, for view bounds and printing).
 */
export const PRE = 16;
/** The JavaScript backend's first fake allocation address (runtime.ts). */
const FAKE_BASE = 0x10000000n;

/** The classes of per-access runtime checks that can be left out (all kept by default). */
export interface WasmChecks {
  /** Indices against the sizes (out-of-bounds access). */
  bounds: boolean;
  /** Live flags (use after free), and memref.copy's. */
  liveness: boolean;
  /** Division by zero and signed overflow (the wasm code then traps instead, unlocated). */
  division: boolean;
}

export interface WasmCompileOptions {
  /** Leaves out every check class of WasmChecks (`--unchecked`). */
  unchecked?: boolean;
  /** Leaves out the classes set to false (for measuring what each costs). */
  checks?: Partial<WasmChecks>;
}

export function compileWasm(module: Operation, options: WasmCompileOptions = {}): CompiledWasm {
  const on = !options.unchecked;
  const checks: WasmChecks = { bounds: on, liveness: on, division: on, ...options.checks };
  const m = new ModuleBuilder();
  const ops = new Interner<Operation>();
  const strings = new Interner<string>();
  // Imports first: they take the first function indices.
  const imp = {
    err: m.importFunc('env', 'err', { params: ['i32', 'i32', 'i64'], results: [] }),
    printI: m.importFunc('env', 'printI', { params: ['i32', 'i64', 'i32', 'i32', 'i32'], results: [] }),
    printF: m.importFunc('env', 'printF', { params: ['f64', 'i32'], results: [] }),
    write: m.importFunc('env', 'write', { params: ['i32'], results: [] }),
    punct: m.importFunc('env', 'punct', { params: ['i32'], results: [] }),
    fmod: m.importFunc('env', 'fmod', { params: ['f64', 'f64'], results: ['f64'] }),
    // A float math op's function (its key's string index, up to three operands as f64): the math dialect's semantics.
    floatFn: m.importFunc('env', 'floatFn', { params: ['i32', 'f64', 'f64', 'f64'], results: ['f64'] }),
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

  // Runtime library functions, declared when first used (after the module's own).
  const helperIndex = new Map<Helper, number>();
  const helper = (name: Helper): number => {
    let i = helperIndex.get(name);
    if (i === undefined) {
      const d = m.declareFunc(HELPER_TYPES[name]);
      if (name === 'roundF16') emitRound(d.body, F16);
      else if (name === 'roundBF16') emitRound(d.body, BF16);
      else if (name === 'f16Bits') emitF16Bits(d.body);
      else if (name === 'bitsF16') emitBitsF16(d.body);
      else emitOddU64(d.body);
      helperIndex.set(name, (i = d.index));
    }
    return i;
  };
  const funcs: OpOf<typeof func.FuncOp>[] = [];
  const fnIndex = new Map<string, { index: number; type: FuncType; body: FunctionBody }>();
  for (const op of builtin.ModuleOp.body(mod)) {
    if (memref.GlobalOp.isa(op)) continue;
    if (func.FuncOp.isa(op)) {
      if (!func.FuncOp.isExternal(op)) funcs.push(op);
    } else throw new WasmUnsupported(op, `'${op.opName}' at module level`);
  }
  // Each function's analyses; an argument or result that may be poison takes its marker (an i32) after its value.
  const poison = new ModulePoison(funcs);
  const withMarkers = (types: readonly Type[], marked: readonly boolean[], op: Operation): ValType[] =>
    types.flatMap((t, i): ValType[] => [...valTypes(kindOf(t, op)), ...(marked[i] ? ['i32' as const] : [])]);
  for (const op of funcs) {
    const ft = func.FuncOp.function_type(op);
    const name = func.FuncOp.sym_name(op);
    const type = { params: withMarkers(ft.inputs, poison.args.get(name)!, op), results: withMarkers(ft.results, poison.results.get(name)!, op) };
    // Engines' limits (V8: 1,000 each); memref dims and vector lanes each take one.
    if (type.params.length > MAX_PARAMS || type.results.length > MAX_PARAMS) throw new WasmUnsupported(op, `functions of more than ${MAX_PARAMS} wasm parameters or results (vector lanes count one each)`);
    const d = m.declareFunc(type);
    fnIndex.set(name, { index: d.index, type, body: d.body });
  }
  // With recursion, every call records its op in a global first, so that a
  // stack overflow is located at the last call made (as the JavaScript
  // backend's $cl); the global is read through an exported function.
  const callSite = isRecursive(funcs) ? m.global('i32', -1) : undefined;
  const exportsMap = new Map<string, string>();
  let vectorized = 0;
  for (const f of funcs) {
    const name = func.FuncOp.sym_name(f);
    const info = fnIndex.get(name)!;
    const fc = new WasmFunctionCompiler(f, fnIndex, imp, malloc.index, free.index, helper, callSite, ops, strings, checks, globals.addr, globals.constant, poison);
    fc.compile();
    vectorized += fc.vectorized;
    const ex = 'f_' + exportsMap.size;
    exportsMap.set(name, ex);
    m.exportFunc(ex, hostEntry(m, f, info, poison));
  }
  // The allocator, for the host's memref arguments.
  m.exportFunc('malloc', malloc.index);
  let callSiteExport: string | undefined;
  if (callSite !== undefined) {
    const d = m.declareFunc({ params: [], results: ['i32'] });
    d.body.code.byte(Op.global_get).u32(callSite);
    m.exportFunc((callSiteExport = 'callSite'), d.index);
  }
  const poisonResults = new Map([...poison.results].filter(([, r]) => r.includes(true)));
  return { bytes: m.encode(), ops: ops.items, strings: strings.items, exports: exportsMap, functions: funcs, callSiteExport, vectorized, poisonResults };
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
          if (k.shift === 1) dv.setUint16(at, Number(BigInt.asUintN(16, v)), true);
          else if (k.shift === 2) dv.setUint32(at, Number(BigInt.asUintN(32, v)), true);
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

/**
 * The function the host calls for `f`: `f` itself, or, when its arguments or
 * results carry poison markers, a wrapper that passes "not poison" for the
 * arguments and returns the values, then the results' markers (the engine
 * turns a poison result into the JavaScript backend's Poison).
 */
function hostEntry(m: ModuleBuilder, f: OpOf<typeof func.FuncOp>, info: { index: number; type: FuncType }, poison: ModulePoison): number {
  const name = func.FuncOp.sym_name(f);
  const args = poison.args.get(name)!;
  const res = poison.results.get(name)!;
  if (!args.includes(true) && !res.includes(true)) return info.index;
  const ft = func.FuncOp.function_type(f);
  const split = (types: readonly Type[]): ValType[][] => types.map((t) => valTypes(kindOf(t, f)));
  const ins = split(ft.inputs);
  const outs = split(ft.results);
  const d = m.declareFunc({ params: ins.flat(), results: [...outs.flat(), ...res.filter((x) => x).map(() => 'i32' as const)] });
  const w = d.body;
  let p = 0;
  ins.forEach((vts, i) => {
    vts.forEach(() => w.get(p++));
    if (args[i]) w.i32(0);
  });
  w.call(info.index);
  // Results into locals (last first), then the values and the markers.
  const locals = outs.map((vts) => vts.map((t) => w.local(t)));
  const markers = res.map((x) => (x ? w.local('i32') : undefined));
  for (let i = outs.length - 1; i >= 0; i--) {
    if (markers[i] !== undefined) w.set(markers[i]!);
    for (let j = locals[i].length - 1; j >= 0; j--) w.set(locals[i][j]);
  }
  for (const l of locals) for (const x of l) w.get(x);
  for (const mk of markers) if (mk !== undefined) w.get(mk);
  return d.index;
}

/** Whether the module's call graph has a cycle. */
function isRecursive(funcs: OpOf<typeof func.FuncOp>[]): boolean {
  const calls = new Map<string, { callee: string; op: Operation }[]>();
  for (const f of funcs) {
    const out: { callee: string; op: Operation }[] = [];
    let indirect = false;
    f.walk((op) => {
      if (func.CallOp.isa(op)) out.push({ callee: func.CallOp.callee(op), op });
      else if (func.CallIndirectOp.isa(op)) indirect = true;
    });
    // A call through a function value may recurse.
    if (indirect) return true;
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
      if (c === 1) return true;
      if (!c && calls.has(e.callee)) {
        color.set(e.callee, 1);
        stack.push({ name: e.callee, i: 0 });
      }
    }
  }
  return false;
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
  f.get(addr).i32(Flag.heap).mem(Op.i32_store, 2);
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

/** The runtime library's functions in the module (float16.ts). */
export type Helper = 'roundF16' | 'roundBF16' | 'f16Bits' | 'bitsF16' | 'oddU64';
const HELPER_TYPES: Record<Helper, FuncType> = {
  roundF16: { params: ['f64'], results: ['f64'] },
  roundBF16: { params: ['f64'], results: ['f64'] },
  f16Bits: { params: ['f64'], results: ['i32'] },
  bitsF16: { params: ['i32'], results: ['f64'] },
  oddU64: { params: ['i64'], results: ['f64'] },
};

/** The runtime imports' function indices. */
export interface Imports {
  err: number;
  printI: number;
  printF: number;
  write: number;
  punct: number;
  fmod: number;
  floatFn: number;
  dim: number;
  printMemref: number;
  copy: number;
  viewErr: number;
  nanoTime: number;
  rtclock: number;
}

/**
 * Compiles one function: the driver of the WebAssembly backend. It owns the
 * function's locals (one or more per SSA value), the regions (`block`), the
 * memory checks (`address`) and the runtime imports; each op's code comes
 * from the emitter its dialect registers (src/dialects/<d>/exec-wasm.ts,
 * through implementWasmExec). The public members are the emitters' API.
 */
export class WasmFunctionCompiler {
  private code!: FunctionBody;
  private locals = new Map<Value, number[]>();
  /**
   * The poison marker of values that may be poison (the poison analysis):
   * an i32 local beside the value's locals, 0 or 1 + the index of the op
   * that produced the poison; keyed by the locals, which values share.
   */
  private shadows = new Map<readonly number[], number>();
  /** Structured-control nesting depth (for br's relative label indices); emitters opening blocks keep it. */
  depth = 0;
  /** Loops given a SIMD version (vectorize.ts). */
  vectorized = 0;
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
    /** The function being compiled. */
    readonly fn: OpOf<typeof func.FuncOp>,
    private readonly fns: Map<string, { index: number; type: FuncType; body: FunctionBody }>,
    /** The runtime's imported functions (their indices). */
    readonly imports: Imports,
    /** The allocator's function index: (op index: i32, bytes: i64) -> data address (i32). */
    readonly malloc: number,
    /** The deallocator's function index: (header address: i32) -> (). */
    readonly free: number,
    /** A runtime library function's index (declared on first use). */
    readonly helper: (name: Helper) => number,
    /** The global recording the last call's op (modules with recursion). */
    private readonly callSite: number | undefined,
    private readonly ops: Interner<Operation>,
    private readonly strings: Interner<string>,
    /** The classes of runtime checks emitted (emitters leave out the others). */
    readonly checks: WasmChecks,
    /** memref.global symbol -> its data address. */
    readonly globalAddr: ReadonlyMap<string, number>,
    /** The constant memref.globals' symbols. */
    readonly globalConst: ReadonlySet<string>,
    /** The functions' analyses and which of their arguments and results may be poison. */
    private readonly poison: ModulePoison,
  ) {}

  /** Whether each argument and result of function `name` of the module carries a poison marker. */
  poisonSignature(name: string): { args: readonly boolean[]; results: readonly boolean[] } | undefined {
    const args = this.poison.args.get(name);
    const results = this.poison.results.get(name);
    return args && results ? { args, results } : undefined;
  }

  /**
   * The chain local of each allocation scope being compiled (alloca_scope,
   * an scf.forall body): its allocas' headers, linked through their third word.
   */
  readonly allocaScopes = new Map<Operation, number>();

  /** The chain an alloca at `op` links into: the innermost enclosing allocation scope's, if nearer than the function. */
  allocaScopeChain(op: Operation): number | undefined {
    for (let p = op.parentOp; p && p !== this.fn; p = p.parentOp) {
      const chain = this.allocaScopes.get(p);
      if (chain !== undefined) return chain;
    }
    return undefined;
  }

  /** Passes a memref's dims (size, stride) to the runtime, before a call that reads them. */
  passDims(l: readonly number[], rank: number): void {
    for (let d = 0; d < rank; d++) this.body.get(l[2 + d]).get(l[2 + rank + d]).call(this.imports.dim);
  }

  /** True if `m` is (a view of) a constant global. */
  isConstantGlobal(m: Value): boolean {
    for (let v: Value | undefined = m; v; ) {
      const d: Operation | null = v.definingOp;
      if (!d) return false;
      if (memref.GetGlobalOp.isa(d)) return this.globalConst.has(memref.GetGlobalOp.name(d));
      v = viewSource(d);
    }
    return false;
  }

  /** The code of the function being compiled. */
  get body(): FunctionBody {
    return this.code;
  }

  /** The index of a printed string (for the `write` and `punct` imports). */
  stringId(s: string): number {
    return this.strings.id(s);
  }

  /** Rounds the f64 on the stack to an f16 or bf16 value (nothing for f32/f64 and integers). */
  roundFloat(s: Scalar): void {
    if (s.k === 'float' && (s.f === 'f16' || s.f === 'bf16')) this.body.call(this.helper(s.f === 'f16' ? 'roundF16' : 'roundBF16'));
  }

  /** Records `op` as the last call made (for locating a stack overflow), in modules with recursion. */
  noteCall(op: Operation): void {
    if (this.callSite !== undefined) this.body.i32(this.K(op)).code.byte(Op.global_set).u32(this.callSite);
  }

  /** The function `name` of this module (undefined for external functions). */
  callee(name: string): { index: number; type: FuncType } | undefined {
    return this.fns.get(name);
  }

  /** The locals holding `v` (undefined before its definition); while an elementwise op runs per lane, a vector's lane. */
  localsOf(v: Value): readonly number[] | undefined {
    const l = this.locals.get(v);
    return l && this.atLane(v, l);
  }

  /**
   * The lane an elementwise op on vectors is being emitted for (see op):
   * meanwhile a vector value is its lane's local and its kind the element's,
   * so the op's scalar emitter computes that lane.
   */
  private lane: number | undefined;
  private atLane(v: Value, l: number[]): number[] {
    return this.lane !== undefined && v.type instanceof VectorType ? [l[this.lane]] : l;
  }

  /** Makes `v` live in `locals` (another value's: block arguments sharing results' locals). */
  share(v: Value, locals: number[]): void {
    this.locals.set(v, locals);
    if (this.needsShadow(v) && !this.shadows.has(locals)) this.shadows.set(locals, this.body.local('i32'));
  }

  /** Whether `v` may hold a poison marker (then it has a shadow local): scalars the poison analysis flags. */
  private needsShadow(v: Value): boolean {
    // The JavaScript backend keeps poison per element of a vector (its Poison objects in the array); no lane markers here.
    if (v.type instanceof VectorType && this.ranges.mayBePoisonMarker(v)) throw new WasmUnsupported(v.definingOp ?? undefined, 'vector values that may be poison');
    return this.ranges.mayBePoisonMarker(v) && this.kind(v).k !== 'memref';
  }

  /** Whether `v` may be poison here (loop rewrites that keep no markers leave such loops alone). */
  mayBePoison(v: Value): boolean {
    return this.needsShadow(v);
  }

  /** Whether any value the ops of `block` use or define may be poison, or any of its arguments (nested regions not looked into). */
  touchesPoison(block: Block): boolean {
    if (block.args.some((a) => this.needsShadow(a))) return true;
    for (let o = block.first; o; o = o.next)
      if (o.operands.some((v) => this.needsShadow(v)) || o.results.some((r) => this.needsShadow(r))) return true;
    return false;
  }

  /** The local holding `v`'s poison marker (0: not poison), if `v` may be poison. */
  poisonOf(v: Value): number | undefined {
    const l = this.locals.get(v);
    return l && this.shadows.get(l);
  }

  /** Pushes `v`'s marker (0 when it cannot be poison). */
  pushPoison(v: Value): void {
    const p = this.poisonOf(v);
    if (p === undefined) this.body.i32(0);
    else this.body.get(p);
  }

  /** Pops `v`'s marker (dropped when `v` cannot be poison: the analysis proved it unreachable). */
  popPoison(v: Value): void {
    this.def(v);
    const p = this.poisonOf(v);
    if (p === undefined) this.body.op(Op.drop);
    else this.body.set(p);
  }

  /** Pops an i32 condition: when it holds, `result` is poison produced by `op`. */
  setPoison(op: Operation, result: Value): void {
    this.def(result);
    const p = this.poisonOf(result);
    // No marker: the analysis found the op unreachable (as the JavaScript backend, which then computes none either).
    if (p === undefined) return void this.body.op(Op.drop);
    this.body.structured(Op.if, 'void').i32(this.K(op) + 1).set(p).op(Op.end);
  }

  /** A poison `x` used by `op` as `what` is the JavaScript backend's located error. */
  checkPoison(op: Operation, x: Value, what: string): void {
    const p = this.poisonOf(x);
    if (p === undefined) return;
    this.body.get(p);
    this.errorIf(op, ErrCode.poisonUse, () => void this.body.i64(BigInt(this.stringId(what))));
  }

  /** Records the SSA values of an allocation's dynamic sizes (to elide bound checks by induction variables). */
  noteSizes(m: Value, sizes: (Value | undefined)[]): void {
    this.sizeValues.set(m, sizes);
  }

  /** Records that induction variable `iv` lies in [0, ub) inside its loop. */
  noteBelow(iv: Value, ub: Value): void {
    this.ivBelow.set(iv, ub);
  }

  /** Frees the allocation whose address local is `addr` when the function returns (0: did not run). */
  freeAtReturn(addr: number): void {
    this.frameAllocas.push(addr);
  }

  /**
   * Emits a loop through `emit`, with the live flags of the memrefs it reads
   * and writes cached in locals when it deallocates nothing. The loop is then
   * emitted twice: a version without those liveness checks, taken when every
   * flag says live (none can change while the loop runs), and the checked
   * version, taken otherwise, so that the exact failing access reports the
   * error after the iterations before it ran. Inside the checked version no
   * further versioning happens (code size stays linear in the nesting depth).
   */
  withCachedLiveness(loop: Operation, emit: () => void): void {
    const cached = this.checks.liveness ? this.cacheLiveness(loop) : [];
    if (!cached.length || this.checkedCopy > 0) {
      emit();
    } else {
      const f = this.body;
      cached.forEach((m, i) => {
        f.get(this.liveCache.get(m)!).op(Op.i32_eqz);
        if (i) f.op(Op.i32_or);
      });
      f.structured(Op.if, 'void');
      this.depth++;
      this.checkedCopy++;
      emit();
      this.checkedCopy--;
      f.op(Op.else);
      for (const m of cached) this.knownLive.add(m);
      emit();
      for (const m of cached) this.knownLive.delete(m);
      f.op(Op.end);
      this.depth--;
    }
    for (const m of cached) this.liveCache.delete(m);
  }
  /** Inside the checked copy of a versioned loop (see withCachedLiveness). */
  private checkedCopy = 0;
  /** Memrefs known live here (the fast copy of a versioned loop): no liveness checks. */
  private knownLive = new Set<Value>();

  compile(): void {
    this.ranges = this.poison.rangesOf(this.fn);
    const sig = this.poisonSignature(func.FuncOp.sym_name(this.fn))!;
    this.code = this.fns.get(func.FuncOp.sym_name(this.fn))!.body;
    const region = func.FuncOp.body(this.fn);
    const entry = func.FuncOp.entryBlock(this.fn);
    let p = 0;
    // A memref argument takes several parameters (its locals).
    entry.args.forEach((a, i) => {
      const l = valTypes(this.kind(a, this.fn)).map(() => p++);
      this.locals.set(a, l);
      if (sig.args[i]) this.shadows.set(l, p++);
    });
    // Runtime errors branch out of everything to one call after this block:
    // a call inside a loop (even on a path never taken) makes V8 spill
    // around it and keeps the loop from being unrolled.
    this.errK = this.body.local('i32');
    this.errCode = this.body.local('i32');
    this.errValue = this.body.local('i64');
    this.body.structured(Op.block, 'void');
    this.region(region.blocks, (term) => {
      if (!func.ReturnOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending a function`);
      // The function's allocation scope ends: its allocas join the freed list.
      for (const a of this.frameAllocas) {
        this.body.get(a).structured(Op.if, 'void');
        this.body.get(a).i32(HEADER).op(Op.i32_sub).call(this.free).op(Op.end);
      }
      func.ReturnOp.operands(term).forEach((v, i) => {
        this.pushAsType(v, v.type, term);
        if (sig.results[i]) this.pushPoison(v);
        else if (this.poisonOf(v) !== undefined) throw new WasmUnsupported(term, 'returning a value that may be poison');
      });
      this.body.op(Op.return);
    });
    this.body.op(Op.end);
    this.body.get(this.errK).get(this.errCode).get(this.errValue).call(this.imports.err).op(Op.unreachable);
    if (p + this.body.locals.length > MAX_LOCALS) throw new WasmUnsupported(this.fn, `functions of more than ${MAX_LOCALS} locals (vector lanes count one each)`);
  }

  private errK = 0;
  private errCode = 0;
  private errValue = 0;

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
    const k = kindOfValue(v, op ?? v.definingOp ?? undefined);
    return this.lane !== undefined && k.k === 'vector' ? k.elem : k;
  }

  def(v: Value): number[] {
    let l = this.locals.get(v);
    if (!l) {
      // The whole value's locals (a vector's every lane, also when defined per lane).
      l = valTypes(kindOfValue(v, v.definingOp ?? undefined)).map((t) => this.body.local(t));
      this.locals.set(v, l);
      if (this.needsShadow(v)) this.shadows.set(l, this.body.local('i32'));
    }
    return this.atLane(v, l);
  }
  push(v: Value): void {
    const l = this.locals.get(v);
    if (!l) throw new WasmUnsupported(v.definingOp ?? undefined, 'a value used before its definition');
    for (const i of this.atLane(v, l)) this.body.get(i);
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
  norm(s: Scalar): void {
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
  unsigned(s: Scalar): void {
    if (s.k !== 'int' || s.w === 1 || s.w === 32 || s.w === 64) return;
    if (s.vt === 'i32') this.body.i32(2 ** s.w - 1).op(Op.i32_and);
    else this.body.i64((1n << BigInt(s.w)) - 1n).op(Op.i64_and);
  }
  /** The integer on the stack, as its signed value (i1: 0 - x). */
  signed(s: Scalar): void {
    if (s.k === 'int' && s.w === 1) this.body.i32(-1).op(Op.i32_mul);
  }
  pushAs(v: Value, how: 'signed' | 'unsigned', s: Scalar): void {
    this.push(v);
    if (how === 'signed') this.signed(s);
    else this.unsigned(s);
  }
  /**
   * if (stack top) error(code), with the i64 `value` pushes for the message:
   * sets the error locals and branches to the function's error exit (see
   * compile). `depth` must count the blocks the emitter opened.
   */
  errorIf(op: Operation, code: number, value?: () => void): void {
    const f = this.body;
    f.structured(Op.if, 'void');
    f.i32(this.K(op)).set(this.errK).i32(code).set(this.errCode);
    if (value) {
      value();
      f.set(this.errValue);
    }
    f.br(Op.br, this.depth + 1).op(Op.end);
  }

  scalar(v: Value, op: Operation): Scalar {
    const k = this.kind(v, op);
    if (k.k === 'memref' || k.k === 'unranked') throw new WasmUnsupported(op, 'memref operands');
    if (k.k === 'vector') throw new WasmUnsupported(op, `'${op.opName}' of vectors`);
    return k;
  }

  /**
   * Pushes `v` as a value of type `t` (a call's parameter, a function's
   * result): a memref of known rank passed as unranked becomes its unranked
   * form (the rank, sizes and strides padded to MAX_UNRANKED).
   */
  pushAsType(v: Value, t: Type, op: Operation): void {
    const k = this.kind(v, op);
    if (!(t instanceof UnrankedMemRefType) || k.k !== 'memref') return this.push(v);
    if (k.rank > MAX_UNRANKED) throw new WasmUnsupported(op, `unranked memrefs of rank ${k.rank}`);
    const l = this.locals.get(v);
    if (!l) throw new WasmUnsupported(op, 'a value used before its definition');
    const f = this.body;
    f.get(l[0]).get(l[1]).i32(k.rank);
    for (const base of [2, 2 + k.rank])
      for (let d = 0; d < MAX_UNRANKED; d++) {
        if (d < k.rank) f.get(l[base + d]);
        else f.i64(0n);
      }
  }

  /**
   * Emits a region. One block runs in place; several become a dispatch loop
   * (the CFG): a br_table on the current block's number opens nested wasm
   * blocks, each block's code follows the end of its wasm block, and a branch
   * (its op's emitter calls `jump`) assigns the successor's arguments, sets
   * the number and continues the loop. `onExit` handles the terminators
   * without successors (return, yield): after it the region is left.
   */
  region(blocks: readonly Block[], onExit: (term: Operation) => void): void {
    if (blocks.length === 1) return this.block(blocks[0], onExit);
    const f = this.body;
    const n = blocks.length;
    const index = new Map(blocks.map((b, i) => [b, i]));
    // Successors' arguments are assigned before their blocks' code is emitted.
    for (const b of blocks.slice(1)) for (const a of b.args) this.def(a);
    const label = f.local('i32');
    f.i32(0).set(label);
    f.structured(Op.block, 'void').structured(Op.loop, 'void');
    this.depth += 2;
    const cfg = { index, label, loopDepth: this.depth };
    for (let i = 0; i < n; i++) f.structured(Op.block, 'void');
    this.depth += n;
    f.get(label).brTable(
      blocks.map((_, i) => i),
      n - 1,
    );
    const saved = this.cfg;
    for (const b of blocks) {
      f.op(Op.end);
      this.depth--;
      this.cfg = cfg;
      this.block(b, (term) => {
        if (term.successors.length) return this.op(term);
        onExit(term);
        f.br(Op.br, this.depth - (cfg.loopDepth - 1));
      });
    }
    this.cfg = saved;
    f.op(Op.end).op(Op.end);
    this.depth -= 2;
  }

  /** The multi-block region whose terminator is being emitted (for `jump`). */
  private cfg?: { index: Map<Block, number>; label: number; loopDepth: number };

  /** A branch to `dest` of the region being emitted, with `operands` for its arguments (from a terminator's emitter). */
  jump(op: Operation, dest: Block, operands: readonly Value[]): void {
    const cfg = this.cfg;
    const k = cfg?.index.get(dest);
    if (!cfg || k === undefined) throw new WasmUnsupported(op, `'${op.opName}' here`);
    this.assign(dest.args, operands);
    this.body.i32(k).set(cfg.label).br(Op.br, this.depth - cfg.loopDepth);
  }

  /**
   * Emits one op through its dialect's registered emitter, after what its
   * registration says about poison operands (emitters.ts's WasmPoison): the
   * checks, then the results' markers, the code skipped when an operand of an
   * elementwise op is poison. Code without values that may be poison is
   * unchanged.
   */
  private op(op: Operation): void {
    // An elementwise op on vectors: its scalar code once per lane (ElementwiseMappable).
    if (this.lane === undefined && op.hasTrait(Elementwise.name)) {
      const vt = [...op.results, ...op.operands].map((v) => v.type).find((t) => t instanceof VectorType);
      if (vt) {
        for (let i = 0; i < vt.numElements; i++) {
          this.lane = i;
          try {
            this.op(op);
          } finally {
            this.lane = undefined;
          }
        }
        return;
      }
    }
    const def = op.name.def;
    const emit = def && wasmEmitterOf(def);
    if (!emit) throw new WasmUnsupported(op, `'${op.opName}'`);
    const pz = wasmPoisonOf(def);
    if (pz?.custom) return emit(this, op);
    const checked = new Set<Value>();
    for (const [x, what] of pz?.checks?.(op) ?? []) {
      this.checkPoison(op, x, what);
      checked.add(x);
    }
    const tainted = op.operands.filter((x) => !checked.has(x) && this.poisonOf(x) !== undefined);
    if (tainted.length && !pz?.propagates) throw new WasmUnsupported(op, `'${op.opName}' of a value that may be poison`);
    // Regions assign their results through yields (assign moves the markers).
    const marked = op.regions.length ? [] : op.results.filter((r) => this.needsShadow(r)).map((r) => (this.def(r), this.poisonOf(r)!));
    if (!marked.length) return emit(this, op);
    const f = this.body;
    // The first poison operand's marker (0: none), as the JavaScript backend's firstPoison.
    tainted.forEach((x, i) => {
      const p = this.poisonOf(x)!;
      if (i === 0) return void f.get(p);
      const acc = f.local('i32');
      f.set(acc).get(acc).get(p).get(acc).op(Op.select);
    });
    if (!tainted.length) f.i32(0);
    f.set(marked[0]);
    for (const p of marked.slice(1)) f.get(marked[0]).set(p);
    if (!tainted.length) return emit(this, op);
    f.get(marked[0]).op(Op.i32_eqz).structured(Op.if, 'void');
    this.depth++;
    emit(this, op);
    f.op(Op.end);
    this.depth--;
  }

  smallStep(v: Value): boolean {
    const c = this.constInt(v);
    return c !== undefined && c > 0n && c < 1n << 32n;
  }

  nonNegative(v: Value): boolean {
    const c = this.constInt(v);
    if (c !== undefined) return c >= 0n;
    const r = this.ranges.get(v);
    return r !== undefined && r.lo >= 0;
  }

  /** The value of an integer constant operand (arith or index constant), if it is one. */
  constInt(v: Value): bigint | undefined {
    const c = matchConstantInt(v);
    if (c === undefined) return undefined;
    const s = this.kind(v);
    return s.k === 'int' ? (s.w === 1 ? c & 1n : BigInt.asIntN(s.w, c)) : undefined;
  }

  assign(targets: readonly Value[], values: readonly Value[]): void {
    for (const v of values) this.push(v);
    for (let i = targets.length - 1; i >= 0; i--) this.pop(targets[i]);
    // The markers move with the values (all read before any is written: targets may be sources).
    // A target the analysis proves never poison takes none (its source was checked, as a loop bound).
    const moved = targets.map((t, i) => ({ to: this.poisonOf(t), from: this.poisonOf(values[i]) })).filter((m) => m.to !== undefined);
    for (const m of moved) {
      if (m.from !== undefined) this.body.get(m.from);
      else this.body.i32(0);
    }
    for (let i = moved.length - 1; i >= 0; i--) this.body.set(moved[i].to!);
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

  address(op: Operation, m: Value, indices: readonly Value[]): MemInfo {
    const mi = this.memInfo(m, op);
    const l = this.locals.get(m)!;
    const f = this.body;
    const shape = (m.type as MemRefType).shape;
    indices.forEach((x, d) => {
      if (!this.checks.bounds) return;
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
    if (this.checks.liveness && !this.knownLive.has(m)) {
      const cached = this.liveCache.get(m);
      if (cached !== undefined) f.get(cached).op(Op.i32_eqz);
      else f.get(l[0]).i32(HEADER).op(Op.i32_sub).mem(Op.i32_load, 2).op(Op.i32_eqz);
      this.errorIf(op, ErrCode.useAfterFree);
    }
    f.get(l[1]);
    if (indices.length) {
      // In i32: the low 32 bits are those of the i64 computation, and an
      // in-bounds linear index (< 2^31 elements) is exact there. Identity
      // layouts: the innermost stride is 1; strided ones multiply every index.
      indices.forEach((x, d) => {
        this.push(x);
        f.op(Op.i32_wrap_i64);
        if (d !== indices.length - 1 || mi.strided) f.get(l[2 + mi.rank + d]).op(Op.i32_wrap_i64).op(Op.i32_mul);
        if (d > 0) f.op(Op.i32_add);
      });
      if (mi.shift) f.i32(mi.shift).op(Op.i32_shl);
      f.op(Op.i32_add);
    }
    return mi;
  }

}
