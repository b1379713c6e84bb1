// The WebAssembly backend's engine: compiles a module with compile.ts,
// instantiates it with the runtime imports (printing, located errors) and
// calls its functions. Works in any JavaScript host with WebAssembly (no
// Node APIs).

import { typeToString } from '../../ir/attributes.js';
import { FloatType, IndexType, IntegerType, MemRefType, UnrankedMemRefType, VectorType } from '../../ir/builtin-types.js';
import type { Type } from '../../ir/attributes.js';
import type { Operation } from '../../ir/operation.js';
import { FuncOp } from '../../dialects/func/index.js';
import { AllocaOp } from '../../dialects/memref/index.js';
import type { OpOf } from '../../ods/index.js';
import { Runtime } from '../engine.js';
import { wide } from '../numeric.js';
import { defaultOutput, opLabel, type OutputSink } from '../runtime-base.js';
import { Alloc, ExecError, MemRef, Poison, canonicalStrides, forEachLinear, formatScalar, formatStridedMemref, loadElem, newBuffer, resetAddresses, storeElem, type ElemFormat } from '../runtime.js';
import { toEngineValue } from '../engine.js';
import { elemKindOf, reprOf } from '../types.js';
import { bf16Bits, bitsBF16, bitsF16, f16Bits, formatG, roundBF16, roundF16 } from '../numeric.js';
import { nanoTime } from '../runtime-base.js';
import '../../dialects/exec-wasm.js';
import { FLOAT_FNS, type FloatFn } from '../../dialects/math/semantics.js';
import { compileWasm, ErrCode, Flag, FORMATS, HEADER, PRE, ViewErr, type CompiledWasm, type WasmCompileOptions } from './compile.js';
import { isStackOverflow } from '../../ir/diagnostics.js';

export { WasmUnsupported } from './compile.js';

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (m: object, imports: object) => { exports: Record<string, unknown> };
}

export class WasmEngine {
  readonly compiled: CompiledWasm;
  private rt: Runtime;
  private exports: Record<string, unknown>;

  /** Throws WasmUnsupported when the module uses what the backend cannot express. */
  constructor(
    readonly module: Operation,
    options: { output?: OutputSink } & WasmCompileOptions = {},
  ) {
    this.compiled = compileWasm(module, options);
    resetAddresses();
    const rt = (this.rt = new Runtime(this.compiled.ops, options.output ?? defaultOutput()));
    const ops = this.compiled.ops;
    const strings = this.compiled.strings;
    const floatFns: FloatFn[] = [];
    // The dims (size, stride) passed before a memref runtime call.
    let dims: [number, number][] = [];
    const takeDims = (): [number, number][] => {
      const d = dims;
      dims = [];
      return d;
    };
    const mem = (): DataView => new DataView((this.exports.memory as { buffer: ArrayBuffer }).buffer);
    /** An allocation's header fields, by its data address. */
    const header = (alloc: number): { flag: number; fake: number; bytes: number } => {
      const dv = mem();
      return { flag: dv.getInt32(alloc - HEADER, true), fake: Number(dv.getBigInt64(alloc - HEADER - PRE, true)), bytes: Number(dv.getBigInt64(alloc - HEADER - PRE + 8, true)) };
    };
    const env = {
      err: (K: number, code: number, value: bigint): never => {
        const op = ops[K];
        switch (code) {
          case ErrCode.oob: {
            const m = op?.operands.find((o) => o.type instanceof MemRefType);
            throw new ExecError(op, `${opLabel(op)}out-of-bounds access into ${m ? typeToString(m.type) : 'memref'}`);
          }
          case ErrCode.useAfterFree:
            throw new ExecError(op, `${opLabel(op)}accesses a memref after its deallocation (or after the end of its allocation scope)`);
          case ErrCode.div0:
            return rt.div0(K);
          case ErrCode.overflow:
            return rt.ovf(K);
          case ErrCode.doubleFree:
            return rt.error(K, 'deallocates a memref that was already deallocated');
          case ErrCode.deallocStack:
            return rt.error(K, `deallocates a memref allocated by '${AllocaOp.opName}'`);
          case ErrCode.deallocGlobal:
            return rt.error(K, value === BigInt(Flag.external) ? 'deallocates a memref that the program did not allocate' : 'deallocates a global memref');
          case ErrCode.storeConstant:
            return rt.error(K, 'stores into a constant global memref');
          case ErrCode.copyDead:
            return rt.error(K, 'copies from or to a deallocated memref');
          case ErrCode.reallocDead:
            return rt.error(K, 'reallocates a deallocated memref');
          case ErrCode.assertion:
            return rt.assertFail(K, strings[Number(value)]);
          case ErrCode.invalidSize:
            return rt.error(K, `invalid dynamic size ${value}`);
          case ErrCode.badStep:
            return rt.badStep(K, wide(64).canon(value));
          case ErrCode.poisonUse:
            return rt.error(K, `uses a poison value as ${strings[Number(value)]}`);
          case ErrCode.tooLarge:
            return rt.error(K, `allocation of ${value} elements is too large`);
          default:
            return rt.error(K, `out of memory allocating ${value} bytes`);
        }
      },
      printI: (K: number, v: bigint, fmt: number, w: number, punct: number): void => {
        const x = w <= 32 ? Number(v) : wide(w).canon(v);
        rt.vprint(K, x, FORMATS[fmt], w, [], strings[punct]);
      },
      printF: (v: number, punct: number): void => rt.vprint(-1, v, 'float', 64, [], strings[punct]),
      write: (s: number): void => rt.write(strings[s]),
      punct: (p: number): void => rt.punct(strings[p]),
      fmod: (a: number, b: number): number => a % b,
      floatFn: (key: number, a: number, b: number, c: number): number => (floatFns[key] ??= FLOAT_FNS[strings[key]])(a, b, c),
      dim: (size: bigint, stride: bigint): void => void dims.push([Number(size), Number(stride)]),
      printMemref: (K: number, mode: number, elem: number, alloc: number, data: number): void => {
        const d = takeDims();
        const [storage, fmt] = strings[elem].split(':') as [string, ElemFormat];
        const eb = ELEM_BYTES[storage];
        const h = header(alloc);
        const o = (data - alloc) / eb;
        const z = d.map((x) => x[0]);
        const s = d.map((x) => x[1]);
        if (mode === 2) {
          rt.write('Unranked Memref base@ = 0x' + h.fake.toString(16) + ' rank = ' + z.length + ' offset = ' + o + ' sizes = [' + z.join(', ') + '] strides = [' + s.join(', ') + ']');
          return;
        }
        if (h.flag === Flag.freed) rt.error(K, 'printing a deallocated memref');
        const n = Math.floor(h.bytes / eb);
        const dv = mem();
        rt.write(
          formatStridedMemref(h.fake, o, z, s, mode === 1, (lin) => {
            if (lin < 0 || lin >= n) rt.error(K, 'printing a memref outside of its allocation');
            const v = readElem(dv, alloc + lin * eb, storage);
            return fmt === 'float' ? formatG(v as number) : formatScalar(v, fmt);
          }),
        );
      },
      copy: (K: number, shift: number, sa: number, sd: number, da: number, dd: number, srcRank: number): void => {
        const d = takeDims();
        const sz = d.slice(0, srcRank).map((x) => x[0]);
        const ss = d.slice(0, srcRank).map((x) => x[1]);
        const dz = d.slice(srcRank).map((x) => x[0]);
        const ds = d.slice(srcRank).map((x) => x[1]);
        const hs = header(sa);
        const hd = header(da);
        if (hs.flag === Flag.freed || hd.flag === Flag.freed) rt.error(K, 'copies from or to a deallocated memref');
        if (hd.flag === Flag.constGlobal) rt.error(K, 'copies into a constant global memref');
        if (sz.length !== dz.length || sz.some((x, i) => x !== dz[i])) rt.error(K, `copies between memrefs of different shapes [${sz.join(', ')}] and [${dz.join(', ')}]`);
        const eb = 1 << shift;
        const bytes = new Uint8Array((this.exports.memory as { buffer: ArrayBuffer }).buffer);
        const from = linearOffsets(sz, ss);
        const to = linearOffsets(dz, ds);
        // Read everything first: source and target may overlap.
        const tmp = new Uint8Array(from.length * eb);
        from.forEach((lin, i) => tmp.set(bytes.subarray(sd + lin * eb, sd + lin * eb + eb), i * eb));
        to.forEach((lin, i) => bytes.set(tmp.subarray(i * eb, i * eb + eb), dd + lin * eb));
      },
      viewErr: (K: number, code: number, a: bigint, b: bigint, c: bigint, e: bigint): never => {
        const d = takeDims();
        const z = d.map((x) => x[0]);
        const s = d.map((x) => x[1]);
        switch (code) {
          case ViewErr.subview:
            return rt.error(K, `subview (offset ${a}, size ${b}, stride ${c}) runs out of bounds of dimension ${e} of size ${z[Number(e)]}`);
          case ViewErr.reinterpret:
            return rt.error(K, `creates a view (offset ${a}, sizes [${z.join(', ')}], strides [${s.join(', ')}]) that is out of the bounds of its allocation of ${b} elements`);
          case ViewErr.invalidSize:
            return rt.error(K, `invalid size ${a}`);
          case ViewErr.castRank:
            return rt.error(K, `casts a memref of rank ${a} to rank ${b}`);
          case ViewErr.castSize:
            return rt.error(K, `casts a memref with size ${a} in dimension ${c} to a type with size ${b}`);
          case ViewErr.castOffset:
            return rt.error(K, `casts a memref with offset ${a} to a type with offset ${b}`);
          case ViewErr.castStride:
            return rt.error(K, `casts a memref with stride ${a} in dimension ${c} to a type with stride ${b}`);
          case ViewErr.expand:
            return rt.error(K, `expands dimension ${c} of size ${a} into sizes whose product is ${b}`);
          case ViewErr.collapse:
            return rt.error(K, 'collapses dimensions that are not contiguous');
          case ViewErr.viewAlign:
            return rt.error(K, `byte shift ${a} is not aligned to the element size ${b}`);
          case ViewErr.viewWide:
            return rt.error(K, 'views of 64-bit integer elements are not supported by the execution engine');
          case ViewErr.viewBounds:
            return rt.error(K, 'creates a view out of the bounds of its allocation');
          case ViewErr.dimRange:
            return rt.error(K, `dimension index ${a} is out of bounds for a memref of rank ${b}`);
          case ViewErr.reshapeCount:
            return rt.error(K, `reshapes ${a} elements into a shape of ${b} elements`);
          default:
            return rt.error(K, 'invalid view');
        }
      },
      nanoTime: (): bigint => BigInt(nanoTime()),
      rtclock: (): number => nanoTime() / 1e9,
    };
    const W = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const inst = new W.Instance(new W.Module(this.compiled.bytes), { env });
    this.exports = inst.exports;
  }

  lookup(name: string): OpOf<typeof FuncOp> | undefined {
    if (!this.compiled.exports.has(name)) return undefined;
    for (const op of this.compiled.functions) if (FuncOp.sym_name(op) === name) return op;
    return undefined;
  }

  /**
   * Calls `name` converting JS arguments (numbers, BigInts, booleans; typed
   * arrays, arrays or MemRefs for memrefs) as the JavaScript backend's `call`
   * does; integer results are numbers when safe, else BigInts; memref results
   * are MemRefs. A memref argument is copied into the module's memory (an
   * allocation the program may not deallocate, as the JavaScript backend's
   * external memrefs) and its elements copied back after the call, so the
   * caller's array sees the stores as with the JavaScript backend.
   */
  call(name: string, ...args: unknown[]): unknown {
    return this.callConverting(name, args);
  }

  /** Calls `name` with memref arguments (MemRefs, arrays) copied in and memref results out, scalars converted. */
  private callConverting(name: string, args: unknown[]): unknown {
    const fnOp = this.lookup(name);
    if (!fnOp) throw new Error(`no function @${name} with a body in the module`);
    const type = FuncOp.function_type(fnOp);
    if (args.length !== type.inputs.length) throw new Error(`@${name} takes ${type.inputs.length} arguments, got ${args.length}`);
    if ([...type.inputs, ...type.results].some((t) => t instanceof UnrankedMemRefType))
      throw new TypeError(`@${name}: unranked memref arguments and results cannot be passed from the host on the WebAssembly backend (use a ranked type, or the JavaScript backend)`);
    const back: (() => void)[] = [];
    const flat = args.flatMap((a, i) => {
      const t = type.inputs[i];
      if (t instanceof VectorType) return vectorIn(a, t);
      if (!(t instanceof MemRefType)) return [toWasmValue(a, t)];
      const m = toEngineValue(a, t) as MemRef;
      const { values, copyBack } = this.memrefIn(m, t);
      back.push(copyBack);
      return values;
    });
    let res: unknown;
    try {
      res = this.invokeFlat(name, flat);
    } finally {
      for (const b of back) b();
    }
    // Regroup the wasm results: a memref takes 2 + 2 * rank of them.
    const raw = type.results.length === 0 ? [] : Array.isArray(res) ? (res as unknown[]) : [res];
    let k = 0;
    const out = type.results.map((t) => {
      if (t instanceof MemRefType) {
        const vals = raw.slice(k, k + 2 + 2 * t.rank);
        k += vals.length;
        return this.memrefOut(vals, t);
      }
      // A vector: its lanes, as the JavaScript backend's array.
      if (t instanceof VectorType) return raw.slice(k, (k += t.numElements)).map((r) => (typeof r === 'bigint' ? wide(64).canon(r) : r));
      const r = raw[k++];
      // A poison result, as the JavaScript backend's call reports it.
      if (r instanceof Poison) throw new ExecError(r.op, 'a poison value is returned');
      return typeof r === 'bigint' ? wide(64).canon(r) : r;
    });
    if (type.results.length === 0) return undefined;
    return out.length === 1 ? out[0] : out;
  }

  /** Copies a host memref into a new allocation of the module (flag: external); its descriptor values and how to copy it back. */
  private memrefIn(m: MemRef, t: MemRefType): { values: unknown[]; copyBack: () => void } {
    const storage = storageOf(t);
    const eb = ELEM_BYTES[storage];
    let n = 1;
    for (const d of m.z) n *= d;
    const malloc = this.exports.malloc as (K: number, bytes: bigint) => number;
    const data = malloc(-1, BigInt(n * eb));
    const dv = this.memory();
    dv.setInt32(data - HEADER, Flag.external, true);
    let i = 0;
    forEachLinear(m, (lin) => writeElem(dv, data + eb * i++, storage, loadElem(m.a, lin)));
    const strides = canonicalStrides(m.z);
    const values = [data, data, ...m.z.map((d) => BigInt(d)), ...strides.map((d) => BigInt(d))];
    const copyBack = (): void => {
      const dv2 = this.memory();
      if (dv2.getInt32(data - HEADER, true) === Flag.freed) return;
      let j = 0;
      forEachLinear(m, (lin) => storeElem(m.a, lin, readElem(dv2, data + eb * j++, storage)));
    };
    return { values, copyBack };
  }

  /** A memref result as a host MemRef holding a copy of its allocation. */
  private memrefOut(vals: unknown[], t: MemRefType): MemRef {
    const storage = storageOf(t);
    const eb = ELEM_BYTES[storage];
    const [alloc, data] = vals as [number, number];
    const rank = t.rank;
    const z = vals.slice(2, 2 + rank).map((x) => Number(x));
    const s = vals.slice(2 + rank).map((x) => Number(x));
    const dv = this.memory();
    const n = Math.floor(Number(dv.getBigInt64(alloc - HEADER - PRE + 8, true)) / eb);
    const kind = elemKindOf(t.elementType)!;
    const r = reprOf(t.elementType);
    const a = new Alloc(newBuffer(kind, n), kind, 'heap', r.k === 'wide' ? r.w : 64);
    for (let i = 0; i < n; i++) storeElem(a, i, readElem(dv, alloc + i * eb, storage));
    return new MemRef(a, (data - alloc) / eb, z, s);
  }

  private memory(): DataView {
    return new DataView((this.exports.memory as { buffer: ArrayBuffer }).buffer);
  }

  /** Calls function `name` (scalar arguments: numbers or BigInts for i64); output is flushed at the end. */
  invokeRaw(name: string, args: unknown[] = []): unknown {
    // Functions with memref arguments or results: MemRefs in and out, as the JavaScript backend's invokeRaw.
    const fnOp = this.lookup(name);
    const type = fnOp && FuncOp.function_type(fnOp);
    if (type && [...type.inputs, ...type.results].some((t) => t instanceof MemRefType || t instanceof VectorType)) return this.callConverting(name, args);
    return this.invokeFlat(name, args);
  }

  /**
   * The results of a function whose results may be poison: its export
   * returns the values, then a marker per such result (compile.ts's
   * hostEntry); a poison result becomes the JavaScript backend's Poison.
   */
  private withPoison(name: string, marked: readonly boolean[], raw: unknown[]): unknown {
    const types = FuncOp.function_type(this.lookup(name)!).results;
    const markers = raw.slice(raw.length - marked.filter((x) => x).length);
    const out: unknown[] = [];
    let k = 0;
    let j = 0;
    types.forEach((t, i) => {
      const width = t instanceof MemRefType ? 2 + 2 * t.rank : t instanceof VectorType ? t.numElements : 1;
      const vals = raw.slice(k, k + width);
      k += width;
      const mk = marked[i] ? (markers[j++] as number) : 0;
      const canon = vals.map((v) => (typeof v === 'bigint' ? wide(64).canon(v) : v));
      if (mk) out.push(this.rt.poison(mk - 1));
      else if (t instanceof VectorType) out.push(canon);
      else out.push(...canon);
    });
    return out.length === 1 ? out[0] : out;
  }

  /** Calls the exported wasm function of `name` with its wasm arguments (a memref as its locals' values). */
  private invokeFlat(name: string, args: unknown[]): unknown {
    const ex = this.compiled.exports.get(name);
    if (!ex) throw new Error(`no function @${name} with a body in the module`);
    const f = this.exports[ex] as (...a: unknown[]) => unknown;
    try {
      const r = f(...args);
      const marked = this.compiled.poisonResults.get(name);
      if (marked) return this.withPoison(name, marked, r as unknown[]);
      return typeof r === 'bigint' ? wide(64).canon(r) : r;
    } catch (e) {
      if (isStackOverflow(e)) {
        const cs = this.compiled.callSiteExport;
        const K = cs ? (this.exports[cs] as () => number)() : -1;
        const op = K >= 0 ? this.compiled.ops[K] : undefined;
        const err = new ExecError(op, opLabel(op) + 'stack overflow: the call depth exceeds what the engine can execute (unbounded recursion?)');
        err.stackOverflow = true;
        throw err;
      }
      // Only code compiled without checks (--unchecked) traps: the check that would have located it is gone.
      const W = (globalThis as unknown as { WebAssembly: { RuntimeError: new () => Error } }).WebAssembly;
      if (e instanceof W.RuntimeError) throw new ExecError(undefined, `the WebAssembly code trapped (${e.message}); run without --unchecked to locate the error`);
      throw e;
    } finally {
      this.rt.flush();
    }
  }
}

/** A vector argument (an array or typed array of its elements, row-major, as the JavaScript backend holds vectors): its lanes. */
function vectorIn(x: unknown, t: VectorType): unknown[] {
  const n = t.numElements;
  const elems = Array.isArray(x) || ArrayBuffer.isView(x) ? Array.from(x as ArrayLike<unknown>) : undefined;
  if (!elems || elems.length !== n) throw new TypeError(`expected an array of ${n} elements for ${t.key}`);
  return elems.map((e) => toWasmValue(e, t.elementType));
}

/** A JS argument as the WebAssembly function takes it: i32 numbers up to 32 bits, sign-extended BigInts above. */
function toWasmValue(x: unknown, t: Type): unknown {
  if (t instanceof IntegerType || t instanceof IndexType) {
    const w = t instanceof IndexType ? 64 : t.width;
    let b: bigint;
    if (typeof x === 'boolean') b = x ? 1n : 0n;
    else if (typeof x === 'number') {
      if (!Number.isInteger(x)) throw new TypeError(`expected an integer for ${t.key}, got ${x}`);
      b = BigInt(x);
    } else if (typeof x === 'bigint') b = x;
    else throw new TypeError(`expected an integer for ${t.key}`);
    if (w === 1) return Number(b & 1n);
    return w <= 32 ? Number(BigInt.asIntN(w, b)) : BigInt.asIntN(w, b);
  }
  if (t instanceof FloatType && (t.name === 'f32' || t.name === 'f64' || t.name === 'f16' || t.name === 'bf16')) {
    if (typeof x !== 'number') throw new TypeError(`expected a number for ${t.key}`);
    // f16/bf16 values live in f64 (float16.ts), rounded as the JavaScript backend's toEngineValue.
    return t.name === 'f32' ? Math.fround(x) : t.name === 'f16' ? roundF16(x) : t.name === 'bf16' ? roundBF16(x) : x;
  }
  throw new TypeError(`arguments of type ${t.key} are not supported`);
}

const ELEM_BYTES: Record<string, number> = { i1: 1, i8: 1, i16: 2, i32: 4, i64: 8, f16: 2, bf16: 2, f32: 4, f64: 8 };

/** The element at byte address `at` as the JavaScript backend holds it (i64: a number when safe). */
function readElem(dv: DataView, at: number, storage: string): number | bigint {
  switch (storage) {
    case 'i1':
      return dv.getUint8(at);
    case 'i8':
      return dv.getInt8(at);
    case 'i16':
      return dv.getInt16(at, true);
    case 'i32':
      return dv.getInt32(at, true);
    case 'f16':
      return bitsF16(dv.getUint16(at, true));
    case 'bf16':
      return bitsBF16(dv.getUint16(at, true));
    case 'f32':
      return dv.getFloat32(at, true);
    case 'f64':
      return dv.getFloat64(at, true);
    default:
      return wide(64).canon(dv.getBigInt64(at, true));
  }
}

/** The linear indices (in elements, from the data address) of a strided descriptor's elements, row-major. */
function linearOffsets(z: readonly number[], s: readonly number[]): number[] {
  const out: number[] = [];
  if (z.some((d) => d === 0)) return out;
  const idx = new Array<number>(z.length).fill(0);
  for (;;) {
    let lin = 0;
    for (let i = 0; i < z.length; i++) lin += idx[i] * s[i];
    out.push(lin);
    let d = z.length - 1;
    while (d >= 0 && ++idx[d] >= z[d]) idx[d--] = 0;
    if (d < 0) return out;
  }
}

/** How a memref type's elements are stored (the `printMemref` import's names). */
function storageOf(t: MemRefType): string {
  const e = t.elementType;
  if (e instanceof FloatType) return e.name === 'f16' || e.name === 'bf16' || e.name === 'f32' ? e.name : 'f64';
  const w = e instanceof IntegerType ? e.width : 64;
  return w === 1 ? 'i1' : w <= 8 ? 'i8' : w <= 16 ? 'i16' : w <= 32 ? 'i32' : 'i64';
}

function writeElem(dv: DataView, at: number, storage: string, v: number | bigint): void {
  switch (storage) {
    case 'i1':
    case 'i8':
      return dv.setInt8(at, Number(v));
    case 'i16':
      return dv.setInt16(at, Number(v), true);
    case 'i32':
      return dv.setInt32(at, Number(v), true);
    case 'f16':
      return dv.setUint16(at, f16Bits(Number(v)), true);
    case 'bf16':
      return dv.setUint16(at, bf16Bits(Number(v)), true);
    case 'f32':
      return dv.setFloat32(at, Number(v), true);
    case 'f64':
      return dv.setFloat64(at, Number(v), true);
    default:
      return dv.setBigInt64(at, BigInt(v), true);
  }
}
