// The execution engine: instantiates the JavaScript compiled from a module
// (codegen.ts) with the runtime functions it calls, and exposes a small API to
// call functions with JS values.

import { typeToString, type Type } from '../ir/attributes.js';
import { FloatType, IndexType, IntegerType, MemRefType, UnrankedMemRefType, VectorType } from '../ir/builtin-types.js';
import type { Operation } from '../ir/operation.js';
import { compileModule, UnsupportedError, type CompiledModule } from './codegen.js';
// Each dialect's execution semantics, registered with the backends.
import '../dialects/exec.js';
import { FuncOp } from '../dialects/func/index.js';
import { formatJsNumber } from '../dialects/js/index.js';
import { AllocaOp } from '../dialects/memref/index.js';
import type { OpOf } from '../ods/index.js';
import { formatE, formatG, roundBF16, roundF16, wide } from './numeric.js';
import { RuntimeBase, defaultOutput, nanoTime, opLabel, type OutputSink } from './runtime-base.js';
import {
  Alloc,
  BYTES,
  ExecError,
  MemRef,
  Poison,
  canonicalStrides,
  extent,
  forEachLinear,
  formatScalar,
  loadElem,
  newBuffer,
  printMemrefText,
  resetAddresses,
  storeElem,
  type ElemFormat,
  type ElemKind,
} from './runtime.js';
import { elemKindOf, reprOf } from './types.js';
import { isStackOverflow } from '../ir/diagnostics.js';

export { ExecError, MemRef, Poison, UnsupportedError };

export type { OutputSink };

export interface EngineOptions {
  /** Where vector.print and the print* functions write (default: the host's standard output). */
  output?: OutputSink;
  /** Receives the JavaScript the module compiles to (scf-run's SCFKIT_DUMP_JS). */
  dumpJs?: (source: string) => void;
}

const MAX_ELEMENTS = 2 ** 31;

/** The runtime object the generated code calls (`$rt`). */
export class Runtime extends RuntimeBase {
  globals: MemRef[] = [];

  // ---- js ops (JavaScript's results)
  // A NaN's sign is not observable on JavaScript numbers: NaN counts as positive.
  copysign = (x: number, y: number): number => (y < 0 || Object.is(y, -0) ? -Math.abs(x) : Math.abs(x));
  jsNumber = formatJsNumber;

  // ---- errors
  badStep = (K: number, step: unknown): never => this.error(K, `step must be positive, got ${String(step)}`);
  assertFail = (K: number, msg: string): never => this.error(K, `assertion failed: ${msg}`);
  missingSymbol = (K: number, name: string): never => this.error(K, `call to an undefined external function @${name}`);
  chkP = (K: number, x: unknown, what: string): void => {
    if (x instanceof Poison || (Array.isArray(x) && x.some((lane) => lane instanceof Poison))) this.error(K, `uses a poison value as ${what}`);
  };
  firstPoison = (...xs: unknown[]): unknown => xs.find((x) => x instanceof Poison);
  /**
   * A poison memref (ub.poison of a memref type): memrefs carry no poison
   * marker, so it is an empty, already freed allocation; any access through
   * it is the located error of an access after deallocation.
   */
  poisonMemref = (rank: number): MemRef => {
    const a = new Alloc(new Float64Array(0), 'f64', 'heap');
    a.dead = true;
    return new MemRef(a, 0, new Array<number>(rank).fill(0), new Array<number>(rank).fill(0));
  };
  merr = (K: number, m: MemRef, idx: (number | bigint)[]): never => {
    for (let d = 0; d < idx.length; d++) {
      const i = idx[d];
      if (!(i >= 0 && i < m.z[d]))
        this.error(K, `out-of-bounds access: index [${idx.map((x) => String(x)).join(', ')}] into a memref of shape [${m.z.join(', ')}] (dimension ${d})`);
    }
    this.error(K, 'invalid memref access');
  };
  /** An access found a detached buffer: the memref was deallocated (or its allocation scope ended). */
  deadAccess = (K: number, m: MemRef): never => {
    if (m.a.dead) this.error(K, `accesses a memref after its deallocation${m.a.how === 'stack' ? ' (the end of its allocation scope)' : ''}`);
    this.error(K, 'accesses memory outside of its allocation');
  };

  // ---- scalar helpers
  lo32 = (x: number | bigint): number => (typeof x === 'number' ? x | 0 : Number(BigInt.asIntN(32, x)));
  vmap = (n: number, f: (i: number) => unknown): unknown[] => {
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = f(i);
    return out;
  };
  private toRepr(w: number, v: bigint): number | bigint {
    if (w <= 32) return w === 1 ? Number(v & 1n) : Number(BigInt.asIntN(w, v));
    return wide(w).canon(v);
  }
  private signedBig(w: number, x: number | bigint): bigint {
    if (w === 1) return -BigInt(x);
    return BigInt(x);
  }
  mulExtended = (w: number, signed: boolean, a: number | bigint, b: number | bigint): (number | bigint)[] => {
    const bw = BigInt(w);
    const x = signed ? this.signedBig(w, a) : BigInt.asUintN(w, BigInt(a));
    const y = signed ? this.signedBig(w, b) : BigInt.asUintN(w, BigInt(b));
    const p = x * y;
    return [this.toRepr(w, p), this.toRepr(w, p >> bw)];
  };
  /** nsw/nuw flags: the result is poison when the operation overflows in that sense. */
  overflowCheck = (K: number, name: string, flags: number, w: number, a: number | bigint, b: number | bigint, res: unknown): unknown => {
    if (res instanceof Poison) return res;
    const sa = w === 1 ? -BigInt(a) : BigInt(a);
    const sb = w === 1 ? -BigInt(b) : BigInt(b);
    const ua = BigInt.asUintN(w, BigInt(a));
    const ub = BigInt.asUintN(w, BigInt(b));
    const bw = BigInt(w);
    const smin = -(1n << (bw - 1n));
    const smax = (1n << (bw - 1n)) - 1n;
    const umax = (1n << bw) - 1n;
    let s: bigint, u: bigint;
    switch (name) {
      case 'addi':
        s = sa + sb;
        u = ua + ub;
        break;
      case 'subi':
        s = sa - sb;
        u = ua - ub;
        break;
      case 'muli':
        s = sa * sb;
        u = ua * ub;
        break;
      default: // shli
        s = sa << ub;
        u = ua << ub;
    }
    if (flags & 1 && (s < smin || s > smax)) return this.poison(K);
    if (flags & 2 && (u < 0n || u > umax)) return this.poison(K);
    return res;
  };
  truncCheck = (K: number, flags: number, fw: number, tw: number, a: number | bigint, res: unknown): unknown => {
    if (res instanceof Poison) return res;
    const x = BigInt(a);
    const sx = fw === 1 ? -x : BigInt.asIntN(fw, x);
    const ux = BigInt.asUintN(fw, x);
    const t = BigInt(tw);
    if (flags & 1 && (sx < -(1n << (t - 1n)) || sx > (1n << (t - 1n)) - 1n)) return this.poison(K);
    if (flags & 2 && ux > (1n << t) - 1n) return this.poison(K);
    return res;
  };

  // ---- printing
  punct = (p: string): void => {
    switch (p) {
      case 'newline':
        this.write('\n');
        break;
      case 'comma':
        this.write(', ');
        break;
      case 'open':
        this.write('( ');
        break;
      case 'close':
        this.write(' )');
        break;
    }
  };
  vprint = (K: number, x: unknown, fmt: ElemFormat, w: number, shape: number[], punct: string): void => {
    if (shape.length === 0) this.write(this.fmtScalar(K, x, fmt, w));
    else {
      const arr = x as unknown[];
      let pos = 0;
      const rec = (d: number): string => {
        const parts: string[] = [];
        for (let i = 0; i < shape[d]; i++) parts.push(d + 1 === shape.length ? this.fmtScalar(K, arr[pos++], fmt, w) : rec(d + 1));
        return '( ' + parts.join(', ') + ' )';
      };
      this.write(rec(0));
    }
    this.punct(punct);
  };
  private fmtScalar(K: number, x: unknown, fmt: ElemFormat, w: number): string {
    if (x instanceof Poison) this.error(K, 'prints a poison value');
    return formatScalar(x, fmt, w <= 64 ? 64 : w);
  }
  builtin = (K: number, name: string, args: unknown[], fmts: ElemFormat[]): unknown => {
    switch (name) {
      case 'printI64':
        this.write(formatScalar(args[0], 'signed'));
        return;
      case 'printU64':
        this.write(formatScalar(args[0], 'unsigned'));
        return;
      case 'printF32':
      case 'printF64':
      case 'printF16':
      case 'printBF16':
        this.write(formatG(args[0] as number));
        return;
      case 'printOpen':
        this.write('( ');
        return;
      case 'printClose':
        this.write(' )');
        return;
      case 'printComma':
        this.write(', ');
        return;
      case 'printNewline':
        this.write('\n');
        return;
      case 'nanoTime':
        return nanoTime();
      case 'rtclock':
        return nanoTime() / 1e9;
    }
    const m = args[0] as MemRef;
    if (!(m instanceof MemRef)) this.error(K, `@${name} expects a memref`);
    if (name.startsWith('printMemrefShape')) {
      this.write(
        'Unranked Memref base@ = 0x' + m.a.addr.toString(16) + ' rank = ' + m.z.length + ' offset = ' + m.o + ' sizes = [' + m.z.join(', ') + '] strides = [' + m.s.join(', ') + ']',
      );
      return;
    }
    if (name.startsWith('printMemref')) {
      const ranked = /printMemref\dd/.test(name);
      try {
        this.write(printMemrefText(m, fmts[0], ranked));
      } catch (e) {
        if (e instanceof ExecError) this.error(K, e.message);
        throw e;
      }
      return;
    }
    this.error(K, `unknown runtime function @${name}`);
  };

  // ---- memrefs
  alloc = (K: number, kind: ElemKind, sizes: (number | bigint)[], layout: { s: number[]; o: number } | null, scope: Alloc[] | null, stack: boolean, w: number): MemRef => {
    let n = 1;
    for (const s of sizes) {
      if (typeof s !== 'number' || s < 0) this.error(K, `invalid dynamic size ${String(s)}`);
      n *= s;
    }
    let strides: number[];
    let offset = 0;
    let total = n;
    if (layout) {
      strides = layout.s;
      offset = layout.o;
      const ext = extent(sizes as number[], strides, offset);
      total = ext ? ext[1] + 1 : 0;
    } else strides = canonicalStrides(sizes as number[]);
    if (total > MAX_ELEMENTS) this.error(K, `allocation of ${total} elements is too large`);
    let buf;
    try {
      buf = newBuffer(kind, total);
    } catch {
      this.error(K, `out of memory allocating ${total * BYTES[kind]} bytes`);
    }
    const a = new Alloc(buf, kind, stack ? 'stack' : 'heap', w);
    if (scope) scope.push(a);
    return new MemRef(a, offset, sizes as number[], strides);
  };
  endScope = (scope: Alloc[]): void => {
    for (const a of scope) kill(a);
    scope.length = 0;
  };
  dealloc = (K: number, m: MemRef): void => {
    if (m.a.dead) this.error(K, 'deallocates a memref that was already deallocated');
    if (m.a.how === 'stack') this.error(K, `deallocates a memref allocated by '${AllocaOp.opName}'`);
    if (m.a.how === 'global') this.error(K, 'deallocates a global memref');
    if (m.a.how === 'external') this.error(K, 'deallocates a memref that the program did not allocate');
    kill(m.a);
  };
  storeBig = (m: MemRef, lin: number, v: unknown): void => {
    if (v instanceof Poison) v.valueOf();
    storeElem(m.a, lin, v as bigint);
  };
  private checkView(K: number, a: Alloc, z: number[], s: number[], o: number): void {
    for (const d of z) if (typeof d !== 'number' || d < 0) this.error(K, `invalid size ${String(d)}`);
    for (const d of s) if (typeof d !== 'number') this.error(K, `invalid stride ${String(d)}`);
    if (typeof o !== 'number') this.error(K, `invalid offset ${String(o)}`);
    const ext = extent(z, s, o);
    if (ext && (ext[0] < 0 || ext[1] >= a.buf.length))
      this.error(K, `creates a view (offset ${o}, sizes [${z.join(', ')}], strides [${s.join(', ')}]) that is out of the bounds of its allocation of ${a.buf.length} elements`);
  }
  mcast = (K: number, m: MemRef, shape: number[] | null, layout: { s: (number | null)[]; o: number | null } | null): MemRef => {
    if (shape) {
      if (shape.length !== m.z.length) this.error(K, `casts a memref of rank ${m.z.length} to rank ${shape.length}`);
      shape.forEach((d, i) => {
        if (d >= 0 && d !== m.z[i]) this.error(K, `casts a memref with size ${m.z[i]} in dimension ${i} to a type with size ${d}`);
      });
      if (layout) {
        if (layout.o !== null && layout.o !== m.o) this.error(K, `casts a memref with offset ${m.o} to a type with offset ${layout.o}`);
        layout.s.forEach((s, i) => {
          if (s !== null && m.z[i] !== 1 && s !== m.s[i]) this.error(K, `casts a memref with stride ${m.s[i]} in dimension ${i} to a type with stride ${s}`);
        });
      }
    }
    return m;
  };
  dim = (K: number, m: MemRef, i: number | bigint): number => {
    if (!(i >= 0 && i < m.z.length)) this.error(K, `dimension index ${String(i)} is out of bounds for a memref of rank ${m.z.length}`);
    return m.z[Number(i)];
  };
  copy = (K: number, src: MemRef, dst: MemRef): void => {
    if (src.a.dead || dst.a.dead) this.error(K, 'copies from or to a deallocated memref');
    if (dst.a.ro) this.error(K, 'copies into a constant global memref');
    if (src.z.length !== dst.z.length || src.z.some((d, i) => d !== dst.z[i]))
      this.error(K, `copies between memrefs of different shapes [${src.z.join(', ')}] and [${dst.z.join(', ')}]`);
    if (src.a.kind === dst.a.kind && isContiguous(src) && isContiguous(dst) && !src.a.big && !dst.a.big) {
      let n = 1;
      for (const d of src.z) n *= d;
      if (n === 0) return;
      (dst.a.buf as Float64Array).set((src.a.buf as Float64Array).subarray(src.o, src.o + n), dst.o);
      return;
    }
    const vals: (number | bigint)[] = [];
    forEachLinear(src, (lin) => vals.push(loadElem(src.a, lin)));
    let i = 0;
    forEachLinear(dst, (lin) => storeElem(dst.a, lin, vals[i++]));
  };
  reinterpret = (K: number, m: MemRef, o: number[], z: number[], s: number[]): MemRef => {
    this.checkView(K, m.a, z, s, o[0]);
    return new MemRef(m.a, o[0], z, s);
  };
  subview = (K: number, m: MemRef, o: number[], z: number[], s: number[], drop: boolean[]): MemRef => {
    let off = m.o;
    for (let i = 0; i < o.length; i++) {
      if (typeof o[i] !== 'number' || typeof z[i] !== 'number' || typeof s[i] !== 'number') this.error(K, 'invalid offset, size or stride');
      if (o[i] < 0 || z[i] < 0 || (z[i] > 0 && o[i] + (z[i] - 1) * s[i] >= m.z[i]) || (z[i] === 0 && o[i] > m.z[i]))
        this.error(K, `subview (offset ${o[i]}, size ${z[i]}, stride ${s[i]}) runs out of bounds of dimension ${i} of size ${m.z[i]}`);
      off += o[i] * m.s[i];
    }
    const sizes: number[] = [];
    const strides: number[] = [];
    for (let i = 0; i < z.length; i++) {
      if (drop[i]) continue;
      sizes.push(z[i]);
      strides.push(m.s[i] * s[i]);
    }
    return new MemRef(m.a, off, sizes, strides);
  };
  expandShape = (K: number, m: MemRef, reassoc: number[][], shape: number[]): MemRef => {
    const strides = new Array<number>(shape.length);
    reassoc.forEach((group, i) => {
      let prod = 1;
      for (const d of group) prod *= shape[d];
      if (prod !== m.z[i]) this.error(K, `expands dimension ${i} of size ${m.z[i]} into sizes whose product is ${prod}`);
      let st = m.s[i];
      for (let j = group.length - 1; j >= 0; j--) {
        strides[group[j]] = st;
        st *= shape[group[j]];
      }
    });
    return new MemRef(m.a, m.o, shape.slice(), strides);
  };
  collapseShape = (K: number, m: MemRef, reassoc: number[][]): MemRef => {
    const sizes: number[] = [];
    const strides: number[] = [];
    for (const group of reassoc) {
      let prod = 1;
      for (const d of group) prod *= m.z[d];
      // The group must be contiguous (ignoring unit dimensions).
      let expect: number | undefined;
      for (let j = group.length - 1; j >= 0; j--) {
        const d = group[j];
        if (m.z[d] === 1) continue;
        if (expect !== undefined && m.s[d] !== expect && prod > 0) this.error(K, 'collapses dimensions that are not contiguous');
        expect = m.s[d] * m.z[d];
      }
      let st = m.s[group[group.length - 1]];
      for (let j = group.length - 1; j >= 0; j--) if (m.z[group[j]] !== 1) {
        st = m.s[group[j]];
        break;
      }
      sizes.push(prod);
      strides.push(group.length ? st : 1);
    }
    return new MemRef(m.a, m.o, sizes, strides);
  };
  reshape = (K: number, m: MemRef, shapeRef: MemRef, rank: number): MemRef => {
    const n = rank >= 0 ? rank : shapeRef.z[0];
    const sizes: number[] = [];
    for (let i = 0; i < n; i++) {
      const v = loadElem(shapeRef.a, shapeRef.o + i * shapeRef.s[0]);
      if (typeof v !== 'number' || v < 0) this.error(K, `invalid size ${String(v)}`);
      sizes.push(v);
    }
    const strides = canonicalStrides(sizes);
    let total = 1;
    for (const d of sizes) total *= d;
    let srcTotal = 1;
    for (const d of m.z) srcTotal *= d;
    if (total !== srcTotal) this.error(K, `reshapes ${srcTotal} elements into a shape of ${total} elements`);
    return new MemRef(m.a, m.o, sizes, strides);
  };
  transpose = (m: MemRef, perm: number[]): MemRef =>
    new MemRef(
      m.a,
      m.o,
      perm.map((p) => m.z[p]),
      perm.map((p) => m.s[p]),
    );
  view = (K: number, m: MemRef, shift: number, sizes: number[], kind: ElemKind): MemRef => {
    if (m.a.kind !== 'i8') this.error(K, 'views need a memref of i8');
    const byteOff = m.o + shift;
    const bytes = BYTES[kind];
    if (byteOff % bytes !== 0) this.error(K, `byte shift ${shift} is not aligned to the element size ${bytes}`);
    if (kind === 'wide') this.error(K, 'views of 64-bit integer elements are not supported by the execution engine');
    let n = 1;
    for (const d of sizes) n *= d;
    if (byteOff + n * bytes > m.a.buf.byteLength) this.error(K, 'creates a view out of the bounds of its allocation');
    const buf = m.a.buf.buffer;
    const view = newView(kind, buf, m.a.buf.byteOffset);
    const a = new Alloc(view, kind, m.a.how, 64, m.a);
    return new MemRef(a, byteOff / bytes, sizes, canonicalStrides(sizes));
  };
  baseBuffer = (m: MemRef): MemRef => new MemRef(m.a, 0, [], []);
  realloc = (K: number, m: MemRef, size: number): MemRef => {
    if (m.a.dead) this.error(K, 'reallocates a deallocated memref');
    const r = this.alloc(K, m.a.kind, [size], null, null, false, m.a.wideWidth);
    const n = Math.min(size, m.z[0]);
    for (let i = 0; i < n; i++) storeElem(r.a, i, loadElem(m.a, m.o + i * m.s[0]));
    kill(m.a);
    return r;
  };
}

function isContiguous(m: MemRef): boolean {
  let expect = 1;
  for (let i = m.z.length - 1; i >= 0; i--) {
    if (m.z[i] !== 1 && m.s[i] !== expect) return false;
    expect *= m.z[i];
  }
  return true;
}

/** Marks an allocation dead and detaches its memory, so that later accesses find a zero-length buffer. */
function kill(a: Alloc): void {
  a.dead = a.ro = true;
  const buf = a.buf.buffer;
  if (buf.byteLength) detach(buf as ArrayBuffer);
}

/**
 * Detaches an ArrayBuffer (its views become empty): through the host's
 * structuredClone (Node, browsers) or ArrayBuffer#transfer. A bare JavaScript
 * engine with neither keeps the memory; accesses after dealloc then go
 * unnoticed there (dealloc and realloc of dead memory are still errors).
 */
function detach(buf: ArrayBuffer): void {
  const host = globalThis as { structuredClone?: (value: unknown, options: { transfer: ArrayBuffer[] }) => unknown };
  if (host.structuredClone) host.structuredClone(buf, { transfer: [buf] });
  else {
    const transfer = (buf as { transfer?: () => ArrayBuffer }).transfer;
    if (transfer) transfer.call(buf);
  }
}

function newView(kind: ElemKind, buf: ArrayBufferLike, byteOffset: number) {
  const n = (buf.byteLength - byteOffset) / BYTES[kind];
  switch (kind) {
    case 'i1':
      return new Uint8Array(buf, byteOffset, Math.floor(n));
    case 'i8':
      return new Int8Array(buf, byteOffset, Math.floor(n));
    case 'i16':
      return new Int16Array(buf, byteOffset, Math.floor(n));
    case 'i32':
      return new Int32Array(buf, byteOffset, Math.floor(n));
    case 'f32':
      return new Float32Array(buf, byteOffset, Math.floor(n));
    default:
      return new Float64Array(buf, byteOffset, Math.floor(n));
  }
}

export interface JsFunction {
  (...args: unknown[]): unknown;
}

export interface CallSignature {
  inputs: readonly Type[];
  results: readonly Type[];
}

/** A compiled, instantiated module. */
export class ExecutionEngine {
  readonly compiled: CompiledModule;
  private rt: Runtime;
  private fns: Record<string, JsFunction>;
  private callSite: () => number;

  constructor(
    readonly module: Operation,
    options: EngineOptions = {},
  ) {
    this.compiled = compileModule(module);
    resetAddresses();
    this.rt = new Runtime(this.compiled.ops, options.output ?? defaultOutput());
    this.initGlobals();
    options.dumpJs?.(this.compiled.source);
    const factory = new Function('$rt', this.compiled.source) as (rt: Runtime) => { functions: Record<string, JsFunction>; callSite: () => number };
    const inst = factory(this.rt);
    this.fns = inst.functions;
    this.callSite = inst.callSite;
  }

  private initGlobals(): void {
    for (const g of this.compiled.globals) {
      const kind = elemKindOf(g.type.elementType);
      if (!kind) throw new UnsupportedError(g.op, `globals of ${g.type.elementType.key} are not supported by the execution engine`);
      const n = g.type.numElements;
      const r = reprOf(g.type.elementType);
      const a = new Alloc(newBuffer(kind, n), kind, 'global', r.k === 'wide' ? r.w : 64);
      if (g.init) for (let i = 0; i < n; i++) storeElem(a, i, g.init[i]);
      if (g.constant) a.ro = true;
      this.rt.globals.push(new MemRef(a, 0, [...g.type.shape], canonicalStrides(g.type.shape)));
    }
  }

  /** The error for a failed memory access check (thrown by generated code as op index * 4 + kind). */
  private accessError(code: number): ExecError {
    const op = this.compiled.ops[code >> 2];
    const kind = code & 3;
    const m = op?.operands.find((o) => o.type instanceof MemRefType);
    const type = m ? typeToString(m.type) : 'memref';
    if (kind === 0) return new ExecError(op, `${opLabel(op)}out-of-bounds access into ${type}`);
    return new ExecError(op, `${opLabel(op)}accesses a memref after its deallocation (or after the end of its allocation scope)`);
  }

  /** The function `name` (a func.func with a body), if any. */
  lookup(name: string): OpOf<typeof FuncOp> | undefined {
    return this.compiled.functions.get(name)?.op;
  }

  /**
   * Calls function `name` with arguments in the engine's representation and
   * returns its results (an array when it has several, undefined when none).
   * Output is flushed at the end, also on errors. Throws ExecError on runtime errors.
   */
  invokeRaw(name: string, args: unknown[] = []): unknown {
    const f = this.fns[name];
    if (!f) throw new Error(`no function @${name} with a body in the module`);
    try {
      return f(...args);
    } catch (e) {
      if (typeof e === 'number') throw this.accessError(e);
      if (isStackOverflow(e)) {
        const K = this.callSite();
        const op = K >= 0 ? this.compiled.ops[K] : undefined;
        const err = new ExecError(op, opLabel(op) + 'stack overflow: the call depth exceeds what the engine can execute (unbounded recursion?)');
        err.stackOverflow = true;
        throw err;
      }
      throw e;
    } finally {
      this.rt.flush();
    }
  }

  /** Calls `name` converting JS arguments (numbers, BigInts, booleans, typed arrays/MemRefs) and results. */
  call(name: string, ...args: unknown[]): unknown {
    const fnOp = this.lookup(name);
    if (!fnOp) throw new Error(`no function @${name} with a body in the module`);
    const type = FuncOp.function_type(fnOp);
    if (args.length !== type.inputs.length) throw new Error(`@${name} takes ${type.inputs.length} arguments, got ${args.length}`);
    const conv = args.map((a, i) => toEngineValue(a, type.inputs[i]));
    const res = this.invokeRaw(name, conv);
    if (type.results.length === 0) return undefined;
    if (type.results.length === 1) return fromEngineValue(res, type.results[0]);
    return (res as unknown[]).map((r, i) => fromEngineValue(r, type.results[i]));
  }
}

/** Converts a JS value to the engine's representation for type `t`. */
export function toEngineValue(x: unknown, t: Type): unknown {
  const r = reprOf(t);
  if (r.k === 'int' || r.k === 'wide') {
    let b: bigint;
    if (typeof x === 'boolean') b = x ? 1n : 0n;
    else if (typeof x === 'number') {
      if (!Number.isInteger(x)) throw new TypeError(`expected an integer for ${t.key}, got ${x}`);
      b = BigInt(x);
    } else if (typeof x === 'bigint') b = x;
    else throw new TypeError(`expected an integer for ${t.key}`);
    if (r.k === 'int') return r.w === 1 ? Number(b & 1n) : Number(BigInt.asIntN(r.w, b));
    return wide(r.w).canon(b);
  }
  if (r.k === 'float') {
    if (typeof x !== 'number') throw new TypeError(`expected a number for ${t.key}`);
    return r.f === 'f64' ? x : r.f === 'f32' ? Math.fround(x) : r.f === 'f16' ? roundF16(x) : roundBF16(x);
  }
  if (r.k === 'memref') {
    if (x instanceof MemRef) return x;
    const mt = t instanceof MemRefType ? t : undefined;
    const et = (t as MemRefType | UnrankedMemRefType).elementType;
    return memrefFromArray(x, et, mt ? [...mt.shape] : undefined);
  }
  if (r.k === 'vector' && t instanceof VectorType) {
    // An array (or typed array) of the elements in row-major order: the engine's own form of a vector.
    const elems = Array.isArray(x) || ArrayBuffer.isView(x) ? Array.from(x as ArrayLike<unknown>) : undefined;
    if (!elems || elems.length !== t.numElements) throw new TypeError(`expected an array of ${t.numElements} elements for ${t.key}`);
    return elems.map((e) => toEngineValue(e, t.elementType));
  }
  throw new TypeError(`arguments of type ${t.key} are not supported`);
}

/** Wraps a typed array (or plain array) as a memref. The typed array is shared when its type matches the storage. */
export function memrefFromArray(x: unknown, elementType: Type, shape?: number[]): MemRef {
  const kind = elemKindOf(elementType);
  if (!kind) throw new TypeError(`memrefs of ${elementType.key} are not supported`);
  const arr = x as ArrayLike<number | bigint>;
  if (!arr || typeof arr.length !== 'number') throw new TypeError('expected an array or typed array for a memref argument');
  const sizes = shape && !shape.some((d) => d < 0) ? shape : [arr.length];
  const n = sizes.reduce((p, d) => p * d, 1);
  if (n !== arr.length) throw new TypeError(`expected ${n} elements for a memref of shape ${sizes.join('x')}, got ${arr.length}`);
  const proto = newBuffer(kind, 0);
  let buf;
  if (Object.getPrototypeOf(arr) === Object.getPrototypeOf(proto) && kind !== 'wide') buf = arr as typeof proto;
  else {
    buf = newBuffer(kind, n);
    const r = reprOf(elementType);
    const a0 = new Alloc(buf, kind, 'external', r.k === 'wide' ? r.w : 64);
    for (let i = 0; i < n; i++) storeElem(a0, i, toEngineValue(arr[i], elementType) as number | bigint);
    return new MemRef(a0, 0, sizes, canonicalStrides(sizes));
  }
  const a = new Alloc(buf, kind, 'external');
  return new MemRef(a, 0, sizes, canonicalStrides(sizes));
}

/** Converts an engine value of type `t` to JS: integers as numbers when safe, else BigInt; memrefs as MemRef. */
export function fromEngineValue(x: unknown, t: Type): unknown {
  if (x instanceof Poison) throw new ExecError(x.op, 'a poison value is returned');
  if (t instanceof IntegerType && t.width === 1) return x;
  if (t instanceof IntegerType || t instanceof IndexType || t instanceof FloatType) return x;
  if (t instanceof VectorType) return x;
  return x;
}

/** The elements of a memref in row-major order, in the engine's representation. */
export function memrefToArray(m: MemRef): (number | bigint)[] {
  const out: (number | bigint)[] = [];
  forEachLinear(m, (lin) => out.push(loadElem(m.a, lin)));
  return out;
}

export { formatE, formatG };
