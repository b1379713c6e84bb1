// A small WebAssembly binary encoder: what the WebAssembly backend needs of
// the format (function types, imported functions, one memory, mutable
// globals, exported functions, code), nothing more. See docs/WASM.md for why
// this rather than Binaryen.

export type ValType = 'i32' | 'i64' | 'f32' | 'f64' | 'v128';
const VALTYPE: Record<ValType, number> = { i32: 0x7f, i64: 0x7e, f32: 0x7d, f64: 0x7c, v128: 0x7b };

/** Opcodes used by the backend (WebAssembly 2.0 core). */
export const Op = {
  unreachable: 0x00,
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
  br_if: 0x0d,
  br_table: 0x0e,
  return: 0x0f,
  call: 0x10,
  drop: 0x1a,
  select: 0x1b,
  local_get: 0x20,
  local_set: 0x21,
  local_tee: 0x22,
  global_get: 0x23,
  global_set: 0x24,
  i32_load: 0x28,
  i64_load: 0x29,
  f32_load: 0x2a,
  f64_load: 0x2b,
  i32_load8_s: 0x2c,
  i32_load8_u: 0x2d,
  i32_load16_s: 0x2e,
  i32_load16_u: 0x2f,
  i32_store: 0x36,
  i64_store: 0x37,
  f32_store: 0x38,
  f64_store: 0x39,
  i32_store8: 0x3a,
  i32_store16: 0x3b,
  memory_size: 0x3f,
  memory_grow: 0x40,
  i32_const: 0x41,
  i64_const: 0x42,
  f32_const: 0x43,
  f64_const: 0x44,
  i32_eqz: 0x45,
  i32_eq: 0x46,
  i32_ne: 0x47,
  i32_lt_s: 0x48,
  i32_lt_u: 0x49,
  i32_gt_s: 0x4a,
  i32_gt_u: 0x4b,
  i32_le_s: 0x4c,
  i32_le_u: 0x4d,
  i32_ge_s: 0x4e,
  i32_ge_u: 0x4f,
  i64_eqz: 0x50,
  i64_eq: 0x51,
  i64_ne: 0x52,
  i64_lt_s: 0x53,
  i64_lt_u: 0x54,
  i64_gt_s: 0x55,
  i64_gt_u: 0x56,
  i64_le_s: 0x57,
  i64_le_u: 0x58,
  i64_ge_s: 0x59,
  i64_ge_u: 0x5a,
  f32_eq: 0x5b,
  f32_ne: 0x5c,
  f32_lt: 0x5d,
  f32_gt: 0x5e,
  f32_le: 0x5f,
  f32_ge: 0x60,
  f64_eq: 0x61,
  f64_ne: 0x62,
  f64_lt: 0x63,
  f64_gt: 0x64,
  f64_le: 0x65,
  f64_ge: 0x66,
  i32_clz: 0x67,
  i32_ctz: 0x68,
  i32_popcnt: 0x69,
  i32_add: 0x6a,
  i32_sub: 0x6b,
  i32_mul: 0x6c,
  i32_div_s: 0x6d,
  i32_div_u: 0x6e,
  i32_rem_s: 0x6f,
  i32_rem_u: 0x70,
  i32_and: 0x71,
  i32_or: 0x72,
  i32_xor: 0x73,
  i32_shl: 0x74,
  i32_shr_s: 0x75,
  i32_shr_u: 0x76,
  i64_clz: 0x79,
  i64_ctz: 0x7a,
  i64_popcnt: 0x7b,
  i64_add: 0x7c,
  i64_sub: 0x7d,
  i64_mul: 0x7e,
  i64_div_s: 0x7f,
  i64_div_u: 0x80,
  i64_rem_s: 0x81,
  i64_rem_u: 0x82,
  i64_and: 0x83,
  i64_or: 0x84,
  i64_xor: 0x85,
  i64_shl: 0x86,
  i64_shr_s: 0x87,
  i64_shr_u: 0x88,
  f32_abs: 0x8b,
  f32_neg: 0x8c,
  f32_ceil: 0x8d,
  f32_floor: 0x8e,
  f32_trunc: 0x8f,
  f32_sqrt: 0x91,
  f32_add: 0x92,
  f32_sub: 0x93,
  f32_mul: 0x94,
  f32_div: 0x95,
  f32_min: 0x96,
  f32_max: 0x97,
  f32_copysign: 0x98,
  f64_abs: 0x99,
  f64_neg: 0x9a,
  f64_ceil: 0x9b,
  f64_floor: 0x9c,
  f64_trunc: 0x9d,
  f64_nearest: 0x9e,
  f64_sqrt: 0x9f,
  f64_add: 0xa0,
  f64_sub: 0xa1,
  f64_mul: 0xa2,
  f64_div: 0xa3,
  f64_min: 0xa4,
  f64_max: 0xa5,
  f64_copysign: 0xa6,
  i32_wrap_i64: 0xa7,
  i32_trunc_f64_s: 0xaa,
  i32_trunc_f64_u: 0xab,
  i64_extend_i32_s: 0xac,
  i64_extend_i32_u: 0xad,
  i64_trunc_f64_s: 0xb0,
  i64_trunc_f64_u: 0xb1,
  f32_convert_i32_s: 0xb2,
  f32_convert_i32_u: 0xb3,
  f32_convert_i64_s: 0xb4,
  f32_convert_i64_u: 0xb5,
  f32_demote_f64: 0xb6,
  f64_convert_i32_s: 0xb7,
  f64_convert_i32_u: 0xb8,
  f64_convert_i64_s: 0xb9,
  f64_convert_i64_u: 0xba,
  f64_promote_f32: 0xbb,
  i32_reinterpret_f32: 0xbc,
  i64_reinterpret_f64: 0xbd,
  f32_reinterpret_i32: 0xbe,
  f64_reinterpret_i64: 0xbf,
} as const;

/** The 128-bit SIMD opcodes used by the loop vectorizer (vectorize.ts), after the 0xfd prefix. */
export const Simd = {
  v128_load: 0x00,
  v128_store: 0x0b,
  v128_store32_lane: 0x5a,
  v128_store64_lane: 0x5b,
  v128_const: 0x0c,
  i8x16_shuffle: 0x0d,
  i32x4_splat: 0x11,
  i64x2_splat: 0x12,
  f32x4_splat: 0x13,
  f64x2_splat: 0x14,
  i32x4_extract_lane: 0x1b,
  i64x2_extract_lane: 0x1d,
  f32x4_extract_lane: 0x1f,
  f64x2_extract_lane: 0x21,
  i64x2_gt_s: 0xd9,
  i64x2_lt_s: 0xd8,
  v128_and: 0x4e,
  v128_or: 0x50,
  v128_xor: 0x51,
  v128_bitselect: 0x52,
  i32x4_shl: 0xab,
  i32x4_shr_s: 0xac,
  i32x4_shr_u: 0xad,
  i32x4_add: 0xae,
  i32x4_sub: 0xb1,
  i32x4_mul: 0xb5,
  i32x4_min_s: 0xb6,
  i32x4_min_u: 0xb7,
  i32x4_max_s: 0xb8,
  i32x4_max_u: 0xb9,
  i64x2_extend_low_i32x4_s: 0xc7,
  i64x2_extend_high_i32x4_s: 0xc8,
  i64x2_extend_low_i32x4_u: 0xc9,
  i64x2_extend_high_i32x4_u: 0xca,
  i64x2_shl: 0xcb,
  i64x2_shr_s: 0xcc,
  i64x2_shr_u: 0xcd,
  i64x2_add: 0xce,
  i64x2_sub: 0xd1,
  i64x2_mul: 0xd5,
  f32x4_neg: 0xe1,
  f32x4_add: 0xe4,
  f32x4_sub: 0xe5,
  f32x4_mul: 0xe6,
  f32x4_div: 0xe7,
  f64x2_neg: 0xed,
  f64x2_add: 0xf0,
  f64x2_sub: 0xf1,
  f64x2_mul: 0xf2,
  f64x2_div: 0xf3,
  f32x4_convert_i32x4_s: 0xfa,
  f64x2_convert_low_i32x4_s: 0xfe,
} as const;

/** A byte sink with the format's integer encodings. */
export class Bytes {
  readonly b: number[] = [];
  byte(x: number): this {
    this.b.push(x & 0xff);
    return this;
  }
  u32(x: number): this {
    do {
      let byte = x & 0x7f;
      x >>>= 7;
      if (x !== 0) byte |= 0x80;
      this.b.push(byte);
    } while (x !== 0);
    return this;
  }
  s64(x: bigint): this {
    for (;;) {
      const byte = Number(x & 0x7fn);
      x >>= 7n;
      const done = (x === 0n && (byte & 0x40) === 0) || (x === -1n && (byte & 0x40) !== 0);
      this.b.push(done ? byte : byte | 0x80);
      if (done) return this;
    }
  }
  s32(x: number): this {
    return this.s64(BigInt(x | 0));
  }
  f32(x: number): this {
    const dv = new DataView(new ArrayBuffer(4));
    dv.setFloat32(0, x, true);
    for (let i = 0; i < 4; i++) this.b.push(dv.getUint8(i));
    return this;
  }
  f64(x: number): this {
    const dv = new DataView(new ArrayBuffer(8));
    dv.setFloat64(0, x, true);
    for (let i = 0; i < 8; i++) this.b.push(dv.getUint8(i));
    return this;
  }
  /** An import/export name: ASCII only (the backend makes them), so no TextEncoder (not in plain V8 contexts). */
  name(s: string): this {
    this.u32(s.length);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7f) throw new Error(`non-ASCII name ${s}`);
      this.b.push(c);
    }
    return this;
  }
  bytes(other: Bytes | number[]): this {
    const src = other instanceof Bytes ? other.b : other;
    for (const x of src) this.b.push(x);
    return this;
  }
  vec<T>(items: readonly T[], f: (x: T) => void): this {
    this.u32(items.length);
    items.forEach(f);
    return this;
  }
}

export interface FuncType {
  params: ValType[];
  results: ValType[];
}

/** One function body under construction: its locals and its instructions. */
export class FunctionBody {
  readonly code = new Bytes();
  readonly locals: ValType[] = [];
  constructor(readonly type: FuncType) {}
  /** A new local of type `t` (its index, after the parameters). */
  local(t: ValType): number {
    this.locals.push(t);
    return this.type.params.length + this.locals.length - 1;
  }
  op(code: number): this {
    this.code.byte(code);
    return this;
  }
  get(i: number): this {
    this.code.byte(Op.local_get).u32(i);
    return this;
  }
  set(i: number): this {
    this.code.byte(Op.local_set).u32(i);
    return this;
  }
  i32(x: number): this {
    this.code.byte(Op.i32_const).s32(x);
    return this;
  }
  i64(x: bigint): this {
    this.code.byte(Op.i64_const).s64(BigInt.asIntN(64, x));
    return this;
  }
  f32(x: number): this {
    this.code.byte(Op.f32_const).f32(x);
    return this;
  }
  f64(x: number): this {
    this.code.byte(Op.f64_const).f64(x);
    return this;
  }
  /** A load or store with alignment log2 `align` and a constant offset. */
  mem(code: number, align: number, offset = 0): this {
    this.code.byte(code).u32(align).u32(offset);
    return this;
  }
  /** block/loop/if with results `results` (a type index when there are several). */
  structured(code: number, blockType: ValType | 'void' | number): this {
    this.code.byte(code);
    if (blockType === 'void') this.code.byte(0x40);
    else if (typeof blockType === 'number') this.code.s32(blockType);
    else this.code.byte(VALTYPE[blockType]);
    return this;
  }
  br(code: number, depth: number): this {
    this.code.byte(code).u32(depth);
    return this;
  }
  /** memory.size / memory.grow of memory 0. */
  memory(code: typeof Op.memory_size | typeof Op.memory_grow): this {
    this.code.byte(code).u32(0);
    return this;
  }
  /** memory.copy (bulk memory) within memory 0: dst, src, n on the stack. */
  memoryCopy(): this {
    this.code.byte(0xfc).u32(10).byte(0).byte(0);
    return this;
  }
  /** A SIMD instruction without immediates (Simd's opcodes). */
  simd(code: number): this {
    this.code.byte(0xfd).u32(code);
    return this;
  }
  /** v128.load / v128.store with alignment log2 `align` and a constant offset. */
  simdMem(code: number, align: number, offset = 0): this {
    this.code.byte(0xfd).u32(code).u32(align).u32(offset);
    return this;
  }
  /** v128.storeN_lane: alignment log2 `align`, a constant offset, the lane. */
  simdStoreLane(code: number, align: number, offset: number, lane: number): this {
    this.code.byte(0xfd).u32(code).u32(align).u32(offset).byte(lane);
    return this;
  }
  /** A lane instruction (extract/replace) with its lane index. */
  simdLane(code: number, lane: number): this {
    this.code.byte(0xfd).u32(code).byte(lane);
    return this;
  }
  /** v128.const of 16 little-endian bytes. */
  v128(bytes: readonly number[]): this {
    this.code.byte(0xfd).u32(Simd.v128_const);
    for (const x of bytes) this.code.byte(x);
    return this;
  }
  /** i8x16.shuffle of the two v128 on the stack by 16 byte indices. */
  shuffle(lanes: readonly number[]): this {
    this.code.byte(0xfd).u32(Simd.i8x16_shuffle);
    for (const x of lanes) this.code.byte(x);
    return this;
  }
  call(f: number): this {
    this.code.byte(Op.call).u32(f);
    return this;
  }
  /** br_table: the i32 on the stack picks a label from `labels` (`other` beyond them). */
  brTable(labels: readonly number[], other: number): this {
    this.code.byte(Op.br_table).u32(labels.length);
    for (const l of labels) this.code.u32(l);
    this.code.u32(other);
    return this;
  }
}

/** A module: types (deduplicated), imported functions, defined functions, memory, globals, exports. */
export class ModuleBuilder {
  private types: FuncType[] = [];
  private typeKeys = new Map<string, number>();
  private imports: { module: string; name: string; type: number }[] = [];
  private funcs: { type: number; body: FunctionBody }[] = [];
  private globals: { t: ValType; init: number | bigint }[] = [];
  private exports: { name: string; func: number }[] = [];
  private data: { offset: number; bytes: Uint8Array }[] = [];
  /** The memory's initial size in 64 KiB pages (data segments must fit). */
  minPages = 1;

  typeIndex(t: FuncType): number {
    const key = t.params.join(',') + '->' + t.results.join(',');
    let i = this.typeKeys.get(key);
    if (i === undefined) {
      i = this.types.length;
      this.types.push(t);
      this.typeKeys.set(key, i);
    }
    return i;
  }
  /** Imports must all be added before the first function is declared (they come first in the index space). */
  importFunc(module: string, name: string, t: FuncType): number {
    if (this.funcs.length) throw new Error('imports after functions');
    this.imports.push({ module, name, type: this.typeIndex(t) });
    return this.imports.length - 1;
  }
  /** Declares a function (its index), to be given a body by `define`. */
  declareFunc(t: FuncType): { index: number; body: FunctionBody } {
    const body = new FunctionBody(t);
    this.funcs.push({ type: this.typeIndex(t), body });
    return { index: this.imports.length + this.funcs.length - 1, body };
  }
  global(t: 'i32', init: number): number;
  global(t: 'i64', init: bigint): number;
  global(t: 'i32' | 'i64', init: number | bigint): number {
    this.globals.push({ t, init });
    return this.globals.length - 1;
  }
  /** An active data segment: `bytes` at address `offset` of memory 0 when instantiated. */
  dataSegment(offset: number, bytes: Uint8Array): void {
    this.data.push({ offset, bytes });
  }
  exportFunc(name: string, func: number): void {
    this.exports.push({ name, func });
  }

  encode(): Uint8Array {
    const out = new Bytes().bytes([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
    const section = (id: number, f: (b: Bytes) => void): void => {
      const b = new Bytes();
      f(b);
      out.byte(id).u32(b.b.length).bytes(b);
    };
    const valtypes = (b: Bytes, ts: readonly ValType[]): void => void b.vec(ts, (t) => b.byte(VALTYPE[t]));
    section(1, (b) => b.vec(this.types, (t) => (b.byte(0x60), valtypes(b, t.params), valtypes(b, t.results))));
    section(2, (b) => b.vec(this.imports, (i) => b.name(i.module).name(i.name).byte(0x00).u32(i.type)));
    section(3, (b) => b.vec(this.funcs, (f) => b.u32(f.type)));
    // One memory of at least one page, exported so the host can read it. Its
    // maximum (4 GiB) lets the engine reserve the address space once: without
    // it, growing may copy the whole memory.
    section(5, (b) => b.u32(1).byte(0x01).u32(this.minPages).u32(65536));
    section(6, (b) =>
      b.vec(this.globals, (g) => {
        b.byte(VALTYPE[g.t]).byte(0x01);
        if (typeof g.init === 'bigint') b.byte(Op.i64_const).s64(g.init);
        else b.byte(Op.i32_const).s32(g.init);
        b.byte(Op.end);
      }),
    );
    section(7, (b) => {
      b.u32(this.exports.length + 1);
      for (const e of this.exports) b.name(e.name).byte(0x00).u32(e.func);
      b.name('memory').byte(0x02).u32(0);
    });
    section(10, (b) =>
      b.vec(this.funcs, (f) => {
        const body = new Bytes();
        // Locals run-length encoded by type.
        const runs: [number, ValType][] = [];
        for (const t of f.body.locals) {
          const last = runs[runs.length - 1];
          if (last && last[1] === t) last[0]++;
          else runs.push([1, t]);
        }
        body.vec(runs, ([n, t]) => body.u32(n).byte(VALTYPE[t]));
        body.bytes(f.body.code).byte(Op.end);
        b.u32(body.b.length).bytes(body);
      }),
    );
    // Data segments (active, memory 0, at a constant offset); none: no section, as before.
    if (this.data.length)
      section(11, (b) =>
        b.vec(this.data, (d) => {
          b.u32(0).byte(Op.i32_const).s32(d.offset).byte(Op.end).u32(d.bytes.length);
          for (const x of d.bytes) b.byte(x);
        }),
      );
    return new Uint8Array(out.b);
  }
}
