// The LLVM engine: instantiates the JavaScript compiled from an LLVM-dialect
// module (compile.ts) over the flat memory of memory.ts, with the functions of
// MLIR's runner-utils and c-runner-utils libraries (and a few of libc/libm)
// that external declarations bind to.

import type { Operation } from '../../ir/operation.js';
import type { Type } from '../../ir/attributes.js';
import { FloatType, IntegerType } from '../../ir/builtin-types.js';
import { LLVMPointerType, LLVMVoidType } from '../../dialects/llvm/types.js';
import { LLVMFuncOp } from '../../dialects/llvm/index.js';
import type { OpOf } from '../../ods/index.js';
import { f64Bits, formatG, fpToSI, fpToUI, MAXS, wide } from '../numeric.js';
import { ExecError, Poison, formatScalar, formatStridedMemref, type ElemFormat } from '../runtime.js';
import { compileLLVMModule, type CompiledLLVM } from './compile.js';
import { RuntimeBase, defaultOutput, nanoTime, opLabel, type OutputSink } from '../runtime-base.js';
import { descOf, fromHalves, poisonValue, readValue, writeValue, zeroValue, type Desc } from './layout.js';
import { BASE, Memory, MemoryFault } from './memory.js';
import * as cLibm from '../../dialects/math/libm.js';
import * as mathSemantics from '../../dialects/math/semantics.js';
import { isStackOverflow } from '../../ir/diagnostics.js';

export type { OutputSink };

/** Addresses given to functions whose address is taken (never valid data addresses). */
const FN_BASE = 0x1000;
const FN_STRIDE = 16;

type ExtFn = (rt: LLVMRuntime, K: number, args: unknown[]) => unknown;

const num = (x: unknown): number => (typeof x === 'number' ? x : Number(x as bigint));

/** Element kinds of the printMemref* functions (by name suffix). */
/** printMemrefI8 prints its elements as characters (RunnerUtils streams int8_t). */
const MEMREF_ELEMS: Record<string, { desc: Desc; fmt: ElemFormat | 'char' }> = {};
function memrefElem(suffix: string): { desc: Desc; fmt: ElemFormat | 'char' } | undefined {
  return MEMREF_ELEMS[suffix];
}

export class LLVMRuntime extends RuntimeBase {
  readonly mem = new Memory();
  readonly BASE = BASE;
  globalAddrs: number[] = [];
  fnAddrs: number[] = [];
  fnTable: ((...args: unknown[]) => unknown)[] = [];
  readonly descs: Desc[];

  constructor(
    readonly compiled: CompiledLLVM,
    sink: OutputSink,
    readonly errSink: OutputSink,
  ) {
    super(compiled.ops, sink);
    this.descs = compiled.descs;
  }

  // ---- errors
  brP = (K: number, c: unknown): never => {
    if (c instanceof Poison) c.valueOf();
    return this.error(K, `branches on an invalid condition ${String(c)}`);
  };
  fault = (K: number, p: unknown, n: number, write: boolean): never => {
    if (p instanceof Poison) p.valueOf();
    return this.error(K, this.mem.explain(num(p), n, write));
  };
  poisonOf = (K: number, d: number): unknown => poisonValue(this.descs[d], this.poison(K));
  zeroOf = (d: number): unknown => zeroValue(this.descs[d]);

  // ---- scalar helpers
  fromHalves = fromHalves;
  num = num;
  /** fptosi as x86-64 computes it: out-of-range values give the "integer indefinite" value (the minimum of i32/i64), truncated below 32 bits. */
  fptosiX = (x: number, w: number): number | bigint => {
    const r = fpToSI(x, w);
    if (r !== undefined) return r;
    if (w > 32) return wide(w).canon(-(1n << 63n));
    if (w === 32) return -2147483648;
    const r32 = fpToSI(x, 32);
    const v = r32 === undefined ? -2147483648 : (r32 as number);
    return w === 1 ? v & 1 : (v << (32 - w)) >> (32 - w);
  };
  /** fptoui as x86-64 computes it (through a 64-bit signed conversion below 64 bits). */
  fptouiX = (x: number, w: number): number | bigint => {
    const r = fpToUI(x, w);
    if (r !== undefined) return r;
    const r64 = fpToSI(x, 64);
    const v = r64 === undefined ? -(1n << 63n) : BigInt(r64);
    if (w > 32) return wide(w).canon(v);
    const t = Number(BigInt.asIntN(32, v));
    return w === 1 ? t & 1 : w === 32 ? t : (t << (32 - w)) >> (32 - w);
  };
  lo32 = (x: number | bigint): number => (typeof x === 'number' ? x | 0 : Number(BigInt.asIntN(32, x)));
  toPtr = (x: number | bigint): number => (typeof x === 'number' && x >= 0 ? x : Number(BigInt.asUintN(64, BigInt(x))));
  round = cLibm.round;
  roundeven = mathSemantics.roundEven;
  copysign = (x: number, y: number): number => {
    const neg = y < 0 || Object.is(y, -0) || (y !== y && f64Bits(y) >> 63n === 1n);
    return neg ? -Math.abs(x) : Math.abs(x);
  };
  maxnum = (a: number, b: number): number => (a !== a ? b : b !== b ? a : Math.max(a, b));
  minnum = (a: number, b: number): number => (a !== a ? b : b !== b ? a : Math.min(a, b));
  maximum = Math.max;
  minimum = Math.min;
  v1 = (a: unknown[], f: (x: unknown) => unknown): unknown[] => a.map((x) => f(x));
  v2 = (a: unknown[], b: unknown[], f: (x: unknown, y: unknown) => unknown): unknown[] => a.map((x, i) => f(x, b[i]));
  v3 = (a: unknown[], b: unknown[], c: unknown[], f: (x: unknown, y: unknown, z: unknown) => unknown): unknown[] => a.map((x, i) => f(x, b[i], c[i]));
  ins = (c: unknown[], v: unknown, pos: number[]): unknown[] => {
    const root = c.slice();
    let cur = root;
    for (let i = 0; i < pos.length - 1; i++) {
      const next = (cur[pos[i]] as unknown[]).slice();
      cur[pos[i]] = next;
      cur = next;
    }
    cur[pos[pos.length - 1]] = v;
    return root;
  };
  bitcastV = (v: unknown, from: number, to: number): unknown => {
    const df = this.descs[from];
    const dt = this.descs[to];
    const dv = new DataView(new ArrayBuffer(Math.max(df.size, dt.size)));
    writeValue(dv, 0, df, v);
    return readValue(dv, 0, dt);
  };
  /** nsw/nuw: the result is poison when the operation overflows in that sense. */
  nw = (K: number, name: string, flags: number, w: number, a: unknown, b: unknown, r: unknown): unknown => {
    if (r instanceof Poison) return r;
    if (typeof a === 'number' && typeof b === 'number' && name !== 'shl') {
      const sa = w === 1 ? -a : a;
      const sb = w === 1 ? -b : b;
      const s = name === 'add' ? sa + sb : name === 'sub' ? sa - sb : sa * sb;
      if (Math.abs(s) <= MAXS) {
        if (flags & 1 && (s < -(2 ** (w - 1)) || s > 2 ** (w - 1) - 1)) return this.poison(K);
        if (!(flags & 2)) return r;
        if (w <= 32) {
          const ua = sa < 0 ? sa + 2 ** w : sa;
          const ub = sb < 0 ? sb + 2 ** w : sb;
          const u = name === 'add' ? ua + ub : name === 'sub' ? ua - ub : ua * ub;
          return u < 0 || u > 2 ** w - 1 ? this.poison(K) : r;
        }
        if (sa >= 0 && sb >= 0) return s < 0 ? this.poison(K) : r;
      }
    }
    const bw = BigInt(w);
    const A = BigInt(a as number | bigint);
    const B = BigInt(b as number | bigint);
    const sa = w === 1 ? -A : BigInt.asIntN(w, A);
    const sb = w === 1 ? -B : BigInt.asIntN(w, B);
    const ua = BigInt.asUintN(w, A);
    const ub = BigInt.asUintN(w, B);
    let s: bigint, u: bigint;
    if (name === 'add') [s, u] = [sa + sb, ua + ub];
    else if (name === 'sub') [s, u] = [sa - sb, ua - ub];
    else if (name === 'mul') [s, u] = [sa * sb, ua * ub];
    else {
      if (ub >= bw) return this.poison(K);
      [s, u] = [sa << ub, ua << ub];
    }
    if (flags & 1 && (s < -(1n << (bw - 1n)) || s > (1n << (bw - 1n)) - 1n)) return this.poison(K);
    if (flags & 2 && (u < 0n || u > (1n << bw) - 1n)) return this.poison(K);
    return r;
  };
  truncChk = (K: number, flags: number, fw: number, tw: number, a: number | bigint, res: unknown): unknown => {
    const x = BigInt(a);
    const sx = fw === 1 ? -x : BigInt.asIntN(fw, x);
    const ux = BigInt.asUintN(fw, x);
    const t = BigInt(tw);
    if (flags & 1 && (sx < -(1n << (t - 1n)) || sx > (1n << (t - 1n)) - 1n)) return this.poison(K);
    if (flags & 2 && ux > (1n << t) - 1n) return this.poison(K);
    return res;
  };

  /** Integer intrinsics without a fast path (abs, ctlz, ctpop, bswap, funnel shifts, saturating and overflow arithmetic). */
  intIntr = (K: number, name: string, w: number, flag: boolean, ...xs: (number | bigint)[]): unknown => {
    const bw = BigInt(w);
    const u = (x: number | bigint): bigint => BigInt.asUintN(w, BigInt(x));
    const sg = (x: number | bigint): bigint => BigInt.asIntN(w, BigInt(x));
    const out = (b: bigint): number | bigint => (w <= 32 ? (w === 1 ? Number(b & 1n) : Number(BigInt.asIntN(w, b))) : wide(w).canon(b));
    const bit = (b: boolean): number => (b ? 1 : 0);
    const [a, b, c] = xs;
    const smin = -(1n << (bw - 1n));
    const smax = (1n << (bw - 1n)) - 1n;
    const umax = (1n << bw) - 1n;
    switch (name) {
      case 'abs': {
        const v = sg(a);
        if (flag && v === smin) return this.poison(K);
        return out(v < 0n ? -v : v);
      }
      case 'ctlz':
      case 'cttz': {
        const v = u(a);
        if (v === 0n) return flag ? this.poison(K) : out(bw);
        let n = 0;
        if (name === 'ctlz') for (let i = w - 1; i >= 0 && ((v >> BigInt(i)) & 1n) === 0n; i--) n++;
        else for (let i = 0; i < w && ((v >> BigInt(i)) & 1n) === 0n; i++) n++;
        return out(BigInt(n));
      }
      case 'ctpop': {
        let v = u(a);
        let n = 0n;
        for (; v; v >>= 1n) n += v & 1n;
        return out(n);
      }
      case 'bswap': {
        let v = u(a);
        let r = 0n;
        for (let i = 0; i < w / 8; i++, v >>= 8n) r = (r << 8n) | (v & 255n);
        return out(r);
      }
      case 'bitreverse': {
        let v = u(a);
        let r = 0n;
        for (let i = 0; i < w; i++, v >>= 1n) r = (r << 1n) | (v & 1n);
        return out(r);
      }
      case 'fshl':
      case 'fshr': {
        const s = u(c) % bw;
        const cat = (u(a) << bw) | u(b);
        return out(name === 'fshl' ? (cat << s) >> bw : cat >> s);
      }
      case 'sadd.sat':
      case 'ssub.sat': {
        const r = name === 'sadd.sat' ? sg(a) + sg(b) : sg(a) - sg(b);
        return out(r < smin ? smin : r > smax ? smax : r);
      }
      case 'uadd.sat':
      case 'usub.sat': {
        const r = name === 'uadd.sat' ? u(a) + u(b) : u(a) - u(b);
        return out(r < 0n ? 0n : r > umax ? umax : r);
      }
    }
    // *.with.overflow: {result, overflowed}
    const signed = name[0] === 's';
    const x = signed ? sg(a) : u(a);
    const y = signed ? sg(b) : u(b);
    const r = name.includes('add') ? x + y : name.includes('sub') ? x - y : x * y;
    const ovf = signed ? r < smin || r > smax : r < 0n || r > umax;
    return [out(r), bit(ovf)];
  };

  // ---- memory
  private guard<T>(K: number, f: () => T): T {
    try {
      return f();
    } catch (e) {
      if (e instanceof MemoryFault) this.error(K, e.message);
      throw e;
    }
  }
  ldg = (K: number, p: number, d: number): unknown => {
    const desc = this.descs[d];
    this.guard(K, () => this.mem.checkRange(num(p), desc.size, false));
    return readValue(this.mem.dv, p - BASE, desc);
  };
  stg = (K: number, p: number, d: number, v: unknown): void => {
    const desc = this.descs[d];
    this.guard(K, () => this.mem.checkRange(num(p), desc.size, true));
    writeValue(this.mem.dv, p - BASE, desc, v);
  };
  stBig = (o: number, v: unknown): void => {
    if (v instanceof Poison) v.valueOf();
    this.mem.dv.setBigInt64(o, BigInt.asIntN(64, v as bigint), true);
  };
  alloca = (K: number, n: unknown, size: number, align: number): number => {
    const count = num(n);
    if (!(count >= 0)) this.error(K, `allocates a negative number of elements (${String(n)})`);
    return this.guard(K, () => this.mem.alloca(count * size, align));
  };
  memcpy = (K: number, dst: number, src: number, n: unknown): void => {
    const len = num(n);
    if (len === 0) return;
    this.guard(K, () => {
      this.mem.checkRange(src, len, false);
      this.mem.checkRange(dst, len, true);
    });
    this.mem.u8.copyWithin(dst - BASE, src - BASE, src - BASE + len);
  };
  memset = (K: number, dst: number, v: number, n: unknown): void => {
    const len = num(n);
    if (len === 0) return;
    this.guard(K, () => this.mem.checkRange(dst, len, true));
    this.mem.u8.fill(v & 255, dst - BASE, dst - BASE + len);
  };
  /** Throws the located error unless [p, p+n) is accessible (the WebAssembly engine's aggregate accesses). */
  checkAccess = (K: number, p: number, n: number, write: boolean): void => this.guard(K, () => this.mem.checkRange(p, n, write));
  read(K: number, p: number, d: Desc): unknown {
    this.guard(K, () => this.mem.checkRange(p, d.size, false));
    return readValue(this.mem.dv, p - BASE, d);
  }

  // ---- variadic arguments (x86-64 System V: va_list = {i32 gp_offset, i32 fp_offset, ptr overflow_arg_area, ptr reg_save_area})
  vastart = (K: number, list: number, va: [unknown, number][], gp: number, fp: number): void => {
    const save = this.guard(K, () => this.mem.alloca(176, 16));
    const overflow = this.guard(K, () => this.mem.alloca(8 * va.length, 16));
    let g = gp;
    let f = fp;
    let o = 0;
    const dv = this.mem.dv;
    for (const [v, d] of va) {
      const desc = this.descs[d];
      const isFloat = desc.k === 'scalar' && (desc.s === 'f32' || desc.s === 'f64');
      if (desc.size > 8) this.error(K, 'variadic arguments larger than 8 bytes are not supported by the execution engine');
      if (isFloat && f < 8) writeValue(dv, save + 48 + 16 * f++ - BASE, desc, v);
      else if (!isFloat && g < 6) writeValue(dv, save + 8 * g++ - BASE, desc, v);
      else writeValue(dv, overflow + 8 * o++ - BASE, desc, v);
    }
    const i32 = descOf(IntegerType.get(32));
    const ptr = descOf(PTR_TYPE);
    this.guard(K, () => this.mem.checkRange(list, 24, true));
    writeValue(dv, list - BASE, i32, 8 * gp);
    writeValue(dv, list + 4 - BASE, i32, 48 + 16 * fp);
    writeValue(dv, list + 8 - BASE, ptr, overflow);
    writeValue(dv, list + 16 - BASE, ptr, save);
  };
  vaarg = (K: number, list: number, d: number, isFloat: boolean): unknown => {
    const i32 = descOf(IntegerType.get(32));
    const ptr = descOf(PTR_TYPE);
    const desc = this.descs[d];
    const save = this.read(K, list + 16, ptr) as number;
    if (isFloat) {
      const fo = this.read(K, list + 4, i32) as number;
      if (fo < 176) {
        this.stg(K, list + 4, this.descIndex(i32), fo + 16);
        return this.read(K, save + fo, desc);
      }
    } else {
      const go = this.read(K, list, i32) as number;
      if (go < 48) {
        this.stg(K, list, this.descIndex(i32), go + 8);
        return this.read(K, save + go, desc);
      }
    }
    const area = this.read(K, list + 8, ptr) as number;
    this.stg(K, list + 8, this.descIndex(ptr), area + Math.ceil(desc.size / 8) * 8);
    return this.read(K, area, desc);
  };
  private descIndex(d: Desc): number {
    let i = this.descs.indexOf(d);
    if (i < 0) i = this.descs.push(d) - 1;
    return i;
  }

  // ---- calls
  icall = (K: number, p: unknown, args: unknown[]): unknown => {
    const i = (num(p) - FN_BASE) / FN_STRIDE;
    const f = Number.isInteger(i) ? this.fnTable[i] : undefined;
    if (!f) return this.error(K, `calls a pointer that is not a function (0x${num(p).toString(16)})`);
    return f(...args);
  };
  ext = (K: number, name: string, args: unknown[]): unknown => {
    const f = EXTERNALS.get(name) ?? (name.startsWith('_mlir_ciface_printMemref') || name.startsWith('printMemref') ? printMemrefExt(name) : undefined);
    if (!f) return this.error(K, `call to an undefined external function @${name}`);
    return f(this, K, args);
  };

  /** A ranked descriptor {allocated, aligned, offset, sizes[rank], strides[rank]} at `p`. */
  descriptor(K: number, p: number, rank: number): { aligned: number; offset: number; sizes: number[]; strides: number[] } {
    const i64 = descOf(I64_TYPE);
    const ptr = descOf(PTR_TYPE);
    const aligned = this.read(K, p + 8, ptr) as number;
    const offset = num(this.read(K, p + 16, i64));
    const sizes: number[] = [];
    const strides: number[] = [];
    for (let i = 0; i < rank; i++) sizes.push(num(this.read(K, p + 24 + 8 * i, i64)));
    for (let i = 0; i < rank; i++) strides.push(num(this.read(K, p + 24 + 8 * rank + 8 * i, i64)));
    return { aligned, offset, sizes, strides };
  }
  /** An unranked descriptor {i64 rank, ptr ranked} at `p`. */
  unranked(K: number, p: number): { rank: number; desc: number } {
    const rank = num(this.read(K, p, descOf(I64_TYPE)));
    const desc = this.read(K, p + 8, descOf(PTR_TYPE)) as number;
    if (!(rank >= 0 && rank < 1000)) this.error(K, `invalid memref rank ${rank}`);
    return { rank, desc };
  }
  printMemref(K: number, rank: number, descPtr: number, e: { desc: Desc; fmt: ElemFormat | 'char' }, ranked = false): void {
    const d = this.descriptor(K, descPtr, rank);
    const fmtElem = (v: unknown): string => (e.fmt === 'char' ? String.fromCharCode((v as number) & 255) : formatScalar(v, e.fmt));
    this.write(formatStridedMemref(d.aligned, d.offset, d.sizes, d.strides, ranked, (lin) => fmtElem(this.read(K, d.aligned + lin * e.desc.size, e.desc))));
  }
}

const I64_TYPE: Type = IntegerType.get(64);
const PTR_TYPE: Type = LLVMPointerType.get();

for (const [suffix, t, fmt] of [
  ['F32', FloatType.f32, 'float'],
  ['F64', FloatType.f64, 'float'],
  ['F16', FloatType.get('f16'), 'float'],
  ['BF16', FloatType.get('bf16'), 'float'],
  ['I8', IntegerType.get(8), 'char'],
  ['I16', IntegerType.get(16), 'signed'],
  ['I32', IntegerType.get(32), 'signed'],
  ['I64', IntegerType.get(64), 'signed'],
  ['Ind', IntegerType.get(64), 'signed'],
] as [string, Type, ElemFormat | 'char'][])
  MEMREF_ELEMS[suffix] = { desc: descOf(t), fmt };

function printMemrefExt(name: string): ExtFn | undefined {
  const ciface = name.startsWith('_mlir_ciface_');
  const base = ciface ? name.slice('_mlir_ciface_'.length) : name;
  const ranked = /^printMemref([0-4])d(F32|F64|I8|I16|I32|I64)$/.exec(base);
  if (ranked && ciface) {
    // The ranked forms take the ranked descriptor itself and print a "Memref" header.
    const e = memrefElem(ranked[2])!;
    return (rt, K, args) => rt.printMemref(K, Number(ranked[1]), num(args[0]), e, true);
  }
  const m = /^printMemref(F32|F64|F16|BF16|I8|I16|I32|I64|Ind)$/.exec(base);
  if (!m) return undefined;
  const e = memrefElem(m[1])!;
  if (ciface)
    return (rt, K, args) => {
      const u = rt.unranked(K, num(args[0]));
      rt.printMemref(K, u.rank, u.desc, e);
    };
  return (rt, K, args) => rt.printMemref(K, num(args[0]), num(args[1]), e);
}

const unary = (f: (x: number) => number, round: (x: number) => number): ExtFn => (_rt, _K, a) => round(f(a[0] as number));
const binary = (f: (x: number, y: number) => number, round: (x: number) => number): ExtFn => (_rt, _K, a) => round(f(a[0] as number, a[1] as number));
const f64 = (x: number): number => x;
const logb = (x: number): number => {
  if (x === 0) return -Infinity;
  if (!Number.isFinite(x)) return x !== x ? x : Infinity;
  const b = f64Bits(Math.abs(x));
  const e = Number((b >> 52n) & 0x7ffn);
  if (e === 0) return Math.floor(Math.log2(Math.abs(x)));
  return e - 1023;
};

const EXTERNALS = new Map<string, ExtFn>([
  ['printI64', (rt, _K, a) => rt.write(formatScalar(a[0], 'signed'))],
  ['printU64', (rt, _K, a) => rt.write(formatScalar(a[0], 'unsigned'))],
  ['printF32', (rt, _K, a) => rt.write(formatG(a[0] as number))],
  ['printF64', (rt, _K, a) => rt.write(formatG(a[0] as number))],
  ['printF16', (rt, _K, a) => rt.write(formatG(a[0] as number))],
  ['printBF16', (rt, _K, a) => rt.write(formatG(a[0] as number))],
  ['printOpen', (rt) => rt.write('( ')],
  ['printClose', (rt) => rt.write(' )')],
  ['printComma', (rt) => rt.write(', ')],
  ['printNewline', (rt) => rt.write('\n')],
  [
    'printString',
    (rt, K, a) => {
      let p = num(a[0]);
      let s = '';
      for (;;) {
        const c = rt.read(K, p++, descOf(IntegerType.get(8))) as number;
        if (c === 0) break;
        s += String.fromCharCode(c & 255);
      }
      rt.write(s);
    },
  ],
  ['printFlops', (rt, _K, a) => rt.errSink(`${((a[0] as number) / 1e9).toFixed(6)} GFLOPS\n`)],
  // cf.assert's lowering (convert-cf-to-llvm): the message, then abort.
  [
    'puts',
    (rt, K, a) => {
      let p = num(a[0]);
      let s = '';
      for (;;) {
        const c = rt.read(K, p++, descOf(IntegerType.get(8))) as number;
        if (c === 0) break;
        s += String.fromCharCode(c & 255);
      }
      rt.write(s + '\n');
      return 0;
    },
  ],
  ['abort', (rt, K) => rt.error(K, 'abort() called')],
  ['rtclock', () => performance.now() / 1000],
  ['nanoTime', () => nanoTime()],
  ['malloc', (rt, K, a) => rt.mem.malloc(num(a[0]))],
  ['calloc', (rt, K, a) => rt.mem.malloc(num(a[0]) * num(a[1]))],
  ['aligned_alloc', (rt, K, a) => rt.mem.malloc(num(a[1]))],
  [
    'free',
    (rt, K, a) => {
      const msg = rt.mem.free(num(a[0]));
      if (msg) rt.error(K, msg);
    },
  ],
  [
    'memrefCopy',
    (rt, K, a) => {
      const esize = num(a[0]);
      const src = rt.unranked(K, num(a[1]));
      const dst = rt.unranked(K, num(a[2]));
      const s = rt.descriptor(K, src.desc, src.rank);
      const d = rt.descriptor(K, dst.desc, dst.rank);
      if (src.rank !== dst.rank || s.sizes.some((z, i) => z !== d.sizes[i])) rt.error(K, `copies between memrefs of different shapes [${s.sizes.join(', ')}] and [${d.sizes.join(', ')}]`);
      const rank = src.rank;
      if (s.sizes.some((z) => z === 0)) return;
      const idx = new Array<number>(rank).fill(0);
      const m = rt.mem;
      for (;;) {
        let so = s.offset;
        let dof = d.offset;
        for (let i = 0; i < rank; i++) {
          so += idx[i] * s.strides[i];
          dof += idx[i] * d.strides[i];
        }
        const sp = s.aligned + so * esize;
        const dp = d.aligned + dof * esize;
        try {
          m.checkRange(sp, esize, false);
          m.checkRange(dp, esize, true);
        } catch (e) {
          if (e instanceof MemoryFault) rt.error(K, e.message);
          throw e;
        }
        m.u8.copyWithin(dp - BASE, sp - BASE, sp - BASE + esize);
        let k = rank - 1;
        while (k >= 0) {
          if (++idx[k] < s.sizes[k]) break;
          idx[k] = 0;
          k--;
        }
        if (k < 0) return;
      }
    },
  ],
  ['logbf', unary(logb, Math.fround)],
  ['logb', unary(logb, f64)],
  ['sqrtf', unary(Math.sqrt, Math.fround)],
  ['sqrt', unary(Math.sqrt, f64)],
  ['fabsf', unary(Math.abs, Math.fround)],
  ['fabs', unary(Math.abs, f64)],
  ['floorf', unary(Math.floor, Math.fround)],
  ['floor', unary(Math.floor, f64)],
  ['ceilf', unary(Math.ceil, Math.fround)],
  ['ceil', unary(Math.ceil, f64)],
  ['fmodf', binary((x, y) => x % y, Math.fround)],
  ['fmod', binary((x, y) => x % y, f64)],
  ['roundf', unary(cLibm.roundf, Math.fround)],
  ['round', unary(cLibm.round, f64)],
  ['truncf', unary(cLibm.truncf, Math.fround)],
  ['trunc', unary(cLibm.trunc, f64)],
  // The C library's transcendental functions (convert-math-to-libm calls them), as the math dialect computes them.
  ...Object.values(mathSemantics.UNARY_LIBM).flatMap(([d, f]): [string, ExtFn][] => [
    [d, unary(cLibm[d], f64)],
    [f, unary(cLibm[f], Math.fround)],
  ]),
  ...Object.values(mathSemantics.BINARY_LIBM).flatMap(([d, f]): [string, ExtFn][] => [
    [d, binary(cLibm[d], f64)],
    [f, binary(cLibm[f], Math.fround)],
  ]),
]);

/** A compiled, instantiated LLVM-dialect module. */
export class LLVMExecutionEngine {
  readonly compiled: CompiledLLVM;
  /** The runtime library and memory (the WebAssembly engine runs over them too). */
  readonly rt: LLVMRuntime;
  private fns: Record<string, (...args: unknown[]) => unknown>;
  private callSite: () => number;

  constructor(
    readonly module: Operation,
    options: { output?: OutputSink; errorOutput?: OutputSink; dumpJs?: (source: string) => void } = {},
  ) {
    this.compiled = compileLLVMModule(module);
    this.rt = new LLVMRuntime(this.compiled, options.output ?? defaultOutput(), options.errorOutput ?? defaultOutput('stderr'));
    options.dumpJs?.(this.compiled.source);
    // Globals get their memory before any initializer runs (initializers take addresses of globals).
    for (const g of this.compiled.globals) this.rt.globalAddrs.push(this.rt.mem.malloc(g.desc.size, 'global'));
    this.rt.fnAddrs = this.compiled.fnTable.map((_, i) => FN_BASE + i * FN_STRIDE);
    const factory = new Function('$rt', this.compiled.source) as (rt: LLVMRuntime) => {
      functions: Record<string, (...args: unknown[]) => unknown>;
      inits: Record<string, () => unknown>;
      callSite: () => number;
    };
    const inst = factory(this.rt);
    this.fns = inst.functions;
    this.callSite = inst.callSite;
    this.rt.fnTable = this.compiled.fnTable.map((name) => {
      const f = this.fns[name];
      if (f) return f;
      return (...args: unknown[]) => this.rt.ext(-1, name, args);
    });
    this.guarded(() => {
      this.compiled.globals.forEach((g, i) => {
        const v = g.initFn ? inst.inits[g.name]() : g.init;
        const addr = this.rt.globalAddrs[i];
        if (v !== undefined) writeValue(this.rt.mem.dv, addr - BASE, g.desc, v);
        if (g.constant) this.rt.mem.protect(addr, g.desc.size);
      });
    });
  }

  /** The llvm.func `name` with a body, if any. */
  lookup(name: string): OpOf<typeof LLVMFuncOp> | undefined {
    return this.compiled.functions.get(name)?.op;
  }
  /** The llvm.func `name`, with or without a body. */
  lookupAny(name: string): OpOf<typeof LLVMFuncOp> | undefined {
    return this.compiled.functions.get(name)?.op ?? this.compiled.externals.get(name);
  }
  /** Parameter and result types of a function (result undefined for void). */
  signature(op: OpOf<typeof LLVMFuncOp>): { inputs: readonly Type[]; result: Type | undefined } {
    const t = LLVMFuncOp.function_type(op);
    return { inputs: t.params, result: t.returnType instanceof LLVMVoidType ? undefined : t.returnType };
  }

  /** The op of the last call made (where a stack overflow is reported). */
  lastCallSite(): number {
    return this.callSite();
  }

  private guarded<T>(f: () => T): T {
    try {
      return f();
    } catch (e) {
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

  /** Runs the global constructors, `name`, then the global destructors; returns the result of `name`. */
  run(name: string, args: unknown[] = []): unknown {
    return this.guarded(() => {
      for (const c of this.compiled.ctors) this.callByName(c, []);
      const r = this.callByName(name, args);
      for (const d of this.compiled.dtors) this.callByName(d, []);
      return r;
    });
  }

  /** Calls `name` with arguments in the engine's representation. */
  invokeRaw(name: string, args: unknown[] = []): unknown {
    return this.guarded(() => this.callByName(name, args));
  }

  private callByName(name: string, args: unknown[]): unknown {
    const f = this.fns[name];
    if (f) return f(...args);
    return this.rt.ext(-1, name, args);
  }
}
