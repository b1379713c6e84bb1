// The LLVM-dialect engine on WebAssembly: compiles an LLVM-dialect module to
// a wasm module that runs over the JavaScript LLVM engine's own flat heap
// (memory.ts), kept in the wasm linear memory: data at [0, cap) (address
// BASE + o lives at o), the shadow tags at [cap, 2 cap). Allocation
// (malloc/free/alloca), the runtime library, memory errors and global
// initializers stay the JavaScript engine's (engine.ts), reached through
// imports, so messages, addresses and printing are the same; loads and
// stores check the same tags inline. Values: integers of width <= 32 in i32,
// up to 64 in i64 (sign-extended from their width, i1 as 0/1), pointers in
// i64, f32/f64 natively; structs and arrays are scalarized into one local per
// leaf. What this cannot express (vectors, f16/bf16, wider integers, poison
// that reaches a branch, call or return, flags that make poison, varargs,
// indirect calls) is WasmUnsupported: the JavaScript engine runs the module.

import type { Type } from '../../ir/attributes.js';
import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr, SymbolRefAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IntegerType, VectorType } from '../../ir/builtin-types.js';
import { toDouble } from '../../ir/apfloat.js';
import type { OpDefinition } from '../../ir/context.js';
import type { Block, Operation, Region, Value } from '../../ir/operation.js';
import { computeDominators } from '../../ir/dominance.js';
import { UnrealizedConversionCastOp } from '../../dialects/builtin/index.js';
import * as LLVM from '../../dialects/llvm/index.js';
import { LLVMArrayType, LLVMPointerType, LLVMStructType, LLVMVoidType } from '../../dialects/llvm/types.js';
import { FLOAT_FNS, fpClass, type FloatFn } from '../../dialects/math/semantics.js';
import * as cLibm from '../../dialects/math/libm.js';
import type { OpOf } from '../../ods/index.js';
import { isStackOverflow } from '../../ir/diagnostics.js';
import { wide } from '../numeric.js';
import { ExecError, Poison } from '../runtime.js';
import { opLabel, type OutputSink } from '../runtime-base.js';
import { FunctionBody, ModuleBuilder, Op, type FuncType, type ValType } from '../wasm/encoder.js';
import { BF16, emitBitsF16, emitF16Bits, emitRound, F16 } from '../wasm/float16.js';
import { WasmUnsupported } from '../wasm/compile.js';
import { CASTS, FLOAT_ARITH, INT_ARITH, INT_INTRINSICS, INT_MINMAX, fcmpName, icmpName, type OpView } from './compile.js';
import { LLVMExecutionEngine, type LLVMRuntime } from './engine.js';
import { descOf, LayoutError, type Desc } from './layout.js';
import { BASE, STACK_BYTES } from './memory.js';

/** A scalar's wasm form: an integer of width w, a pointer, or a float. */
type Sc = { vt: 'i32' | 'i64'; k: 'int'; w: number } | { vt: 'i64'; k: 'ptr' } | { vt: 'f32' | 'f64'; k: 'float'; small?: 'f16' | 'bf16' };
/**
 * A leaf of a value: a local, or a poison value of the op K (known
 * statically). A block argument that poison can reach has a shadow local
 * `pk`: 0, or K + 1 when it holds the poison value of the op K (its local is
 * then 0, what a store writes for it).
 */
type Ref = { l: number; s: Sc; pk?: number } | { p: number; s: Sc };
/** Whether a leaf is, or may be, poison. */
const maybePoison = (r: Ref): boolean => !('l' in r) || r.pk !== undefined;

/** Thrown when poison reaches a block argument's leaf with no shadow: the function is compiled again, with one. */
class NeedsShadow extends Error {
  constructor(
    readonly v: Value,
    readonly leaf: number,
  ) {
    super('poison reaches a block argument');
  }
}

const PAGE = 65536;

function scalarOf(t: Type): Sc | undefined {
  if (t instanceof IntegerType) {
    if (t.width <= 32) return { vt: 'i32', k: 'int', w: t.width };
    if (t.width <= 64) return { vt: 'i64', k: 'int', w: t.width };
    return undefined;
  }
  if (t instanceof FloatType) {
    if (t.name === 'f32' || t.name === 'f64') return { vt: t.name, k: 'float' };
    // f16 and bf16 values are doubles; operations round back (float16.ts).
    if (t.name === 'f16' || t.name === 'bf16') return { vt: 'f64', k: 'float', small: t.name };
    return undefined;
  }
  if (t instanceof LLVMPointerType) return { vt: 'i64', k: 'ptr' };
  return undefined;
}

/** The leaves of a type (structs and arrays flattened in order). */
function leavesOf(t: Type, op: Operation | undefined): Sc[] {
  const s = scalarOf(t);
  if (s) return [s];
  if (t instanceof LLVMStructType) return t.body.flatMap((f) => leavesOf(f, op));
  // Fixed vectors: one leaf per lane (elementwise ops run lane by lane).
  const lanes = vectorLanes(t);
  if (lanes) return Array<Sc>(lanes.n).fill(lanes.e);
  if (t instanceof LLVMArrayType && t.numElements <= 256) {
    const e = leavesOf(t.elementType, op);
    const out: Sc[] = [];
    for (let i = 0; i < t.numElements; i++) out.push(...e);
    return out;
  }
  throw new WasmUnsupported(op, `values of type ${t.key}`);
}

/** The lane count and lane scalar of a fixed 1-D vector of scalars (at most 256 lanes). */
function vectorLanes(t: Type): { n: number; e: Sc } | undefined {
  if (!(t instanceof VectorType) || t.isScalable || t.shape.length !== 1 || t.shape[0] > 256) return undefined;
  const e = scalarOf(t.elementType);
  return e ? { n: t.shape[0], e } : undefined;
}

/** The first leaf and the leaf count of the element at `pos` of an aggregate. */
function leafRange(t: Type, pos: readonly number[], op: Operation): [number, number] {
  let start = 0;
  let cur = t;
  for (const i of pos) {
    if (cur instanceof LLVMStructType) {
      for (let j = 0; j < i; j++) start += leavesOf(cur.body[j], op).length;
      cur = cur.body[i];
    } else if (cur instanceof LLVMArrayType) {
      start += i * leavesOf(cur.elementType, op).length;
      cur = cur.elementType;
    } else throw new WasmUnsupported(op, `an index into ${cur.key}`);
  }
  return [start, leavesOf(cur, op).length];
}

/** Byte offsets of a type's leaves in memory (layout.ts). */
function leafOffsets(d: Desc, base = 0, out: number[] = []): number[] {
  if (d.k === 'scalar') out.push(base);
  else if (d.k === 'agg') for (const f of d.fields) leafOffsets(f.d, base + f.off, out);
  else if (d.d.k === 'scalar' && d.d.s !== 'i1') for (let i = 0; i < d.n; i++) out.push(base + i * d.d.size);
  else throw new LayoutError('memory accesses of vectors of i1 (bit-packed)');
  return out;
}

function desc(t: Type, op: Operation): Desc {
  try {
    return descOf(t);
  } catch (e) {
    if (e instanceof LayoutError) throw new WasmUnsupported(op, e.message);
    throw e;
  }
}

/**
 * A function's wasm signature. A variadic function takes one more i32: the
 * host's handle of the list of its variadic arguments (0: none), which its
 * va_start gives the JavaScript engine's vastart.
 */
interface Sig {
  params: Sc[];
  results: Sc[];
  /** Variadic: the count of fixed parameters, and of those not float and float (the x86-64 register counts vastart starts from). */
  va?: { n: number; gp: number; fp: number };
}

/** The wasm signature of an LLVM function type. */
function signatureOf(fn: OpOf<typeof LLVM.LLVMFuncOp>): Sig {
  const ft = LLVM.LLVMFuncOp.function_type(fn);
  const params = ft.params.flatMap((t) => leavesOf(t, fn));
  const results = ft.returnType instanceof LLVMVoidType ? [] : leavesOf(ft.returnType, fn);
  if (!ft.varArg) return { params, results };
  const floats = ft.params.filter((t) => t instanceof FloatType).length;
  params.push({ vt: 'i32', k: 'int', w: 32 });
  return { params, results, va: { n: ft.params.length, gp: ft.params.length - floats, fp: floats } };
}

const vts = (s: readonly Sc[]): ValType[] => s.map((x) => x.vt);

/** Float intrinsics computed by wasm instructions (f32 and f64 opcodes). */
const NATIVE_FLOAT = new Map<OpDefinition, [number, number]>([
  [LLVM.FAbsOp.definition, [Op.f32_abs, Op.f64_abs]],
  [LLVM.FFloorOp.definition, [Op.f32_floor, Op.f64_floor]],
  [LLVM.FCeilOp.definition, [Op.f32_ceil, Op.f64_ceil]],
  [LLVM.FTruncOp.definition, [Op.f32_trunc, Op.f64_trunc]],
  [LLVM.SqrtOp.definition, [Op.f32_sqrt, Op.f64_sqrt]],
  [LLVM.CopySignOp.definition, [Op.f32_copysign, Op.f64_copysign]],
  [LLVM.MaximumOp.definition, [Op.f32_max, Op.f64_max]],
  [LLVM.MinimumOp.definition, [Op.f32_min, Op.f64_min]],
]);
const ROUND_EVEN: readonly OpDefinition[] = [LLVM.RoundEvenOp.definition, LLVM.RintOp.definition, LLVM.NearbyintOp.definition];
/** Float intrinsics computed by the host, as the JavaScript engine computes them (name → function of the float type). */
const HOST_FLOAT = new Map<OpDefinition, { view: OpView; fn: (f: 'f32' | 'f64') => FloatFn }>();
{
  const fns = (name: string) => (f: 'f32' | 'f64') => FLOAT_FNS[`${name}_${f}`];
  const host = (h: { definition: OpDefinition } & Parameters<typeof hostView>[0], names: readonly string[], fn: (f: 'f32' | 'f64') => FloatFn): void => {
    HOST_FLOAT.set(h.definition, { view: hostView(h, names), fn });
  };
  for (const [h, name] of [
    [LLVM.ExpOp, 'exp'],
    [LLVM.Exp2Op, 'exp2'],
    [LLVM.LogOp, 'log'],
    [LLVM.Log2Op, 'log2'],
    [LLVM.Log10Op, 'log10'],
    [LLVM.SinOp, 'sin'],
    [LLVM.CosOp, 'cos'],
    [LLVM.TanOp, 'tan'],
    [LLVM.ASinOp, 'asin'],
    [LLVM.ACosOp, 'acos'],
    [LLVM.ATanOp, 'atan'],
    [LLVM.SinhOp, 'sinh'],
    [LLVM.CoshOp, 'cosh'],
    [LLVM.TanhOp, 'tanh'],
  ] as const)
    host(h, ['in'], fns(name));
  host(LLVM.Exp10Op, ['in'], () => (x) => Math.pow(10, x));
  host(LLVM.RoundOp, ['in'], () => (x) => cLibm.round(x));
  host(LLVM.PowOp, ['a', 'b'], fns('powf'));
  host(LLVM.ATan2Op, ['a', 'b'], fns('atan2'));
  host(LLVM.MaxNumOp, ['a', 'b'], () => (a, b) => (a !== a ? b : b !== b ? a : Math.max(a, b)));
  host(LLVM.MinNumOp, ['a', 'b'], () => (a, b) => (a !== a ? b : b !== b ? a : Math.min(a, b)));
  host(LLVM.FMAOp, ['a', 'b', 'c'], fns('fma'));
  host(LLVM.FMulAddOp, ['a', 'b', 'c'], fns('fma'));
  host(LLVM.PowIOp, ['val', 'power'], fns('fpowi'));
}
/** Operands and result of an intrinsic, read through its handle. */
function hostView(h: object, names: readonly string[]): OpView {
  const handle = h as { cast(op: Operation): Operation; res(op: Operation): Value } & Record<string, (op: Operation) => Value>;
  return { operands: (op) => names.map((n) => handle[n](handle.cast(op))), res: (op) => handle.res(handle.cast(op)) };
}

/** What the compiled module needs from the host, in import order. */
interface Imports {
  fault: number;
  div0: number;
  ovf: number;
  poisonUse: number;
  err: number;
  alloca: number;
  spGet: number;
  spRestore: number;
  memcpy: number;
  memset: number;
  checkRange: number;
  frem: number;
  hostFloat: number[];
  fptosi: number;
  fptoui: number;
  intIntr: number;
  fpClass: number;
  ovfIntr: number;
  vaBegin: number;
  vaEnd: number;
  vaPushInt: number;
  vaPushFloat: number;
  vaStart: number;
  vaArgInt: number;
  vaArgFloat: number;
}

export interface CompiledLLVMWasm {
  bytes: Uint8Array;
  /** Export name of each defined function. */
  exports: Map<string, { name: string; sig: Sig }>;
  /** The host's side of the imports of external functions and intrinsics, by import name. */
  host: {
    ext: { name: string; params: Sc[]; result: Sc | undefined }[];
    floats: FloatFn[];
    intr: { name: string; w: number }[];
    fpClass: { f: 'f32' | 'f64'; mask: number }[];
    errors: string[];
    /** Variadic arguments passed and va_arg results: their scalar and layout. */
    va: { s: Sc; d: Desc; isFloat: boolean }[];
  };
}

/** Compiles the module's functions; `K` numbers ops as the JavaScript engine's errors do, `addr` gives globals' addresses. */
export function compileLLVMWasm(module: Operation, K: (op: Operation) => number, addrOf: (name: string, op: Operation) => number): CompiledLLVMWasm {
  const m = new ModuleBuilder();
  const funcs: OpOf<typeof LLVM.LLVMFuncOp>[] = [];
  const defined = new Set<string>();
  for (const region of module.regions)
    for (const block of region.blocks)
      for (const op of block)
        if (LLVM.LLVMFuncOp.isa(op) && !LLVM.LLVMFuncOp.isExternal(op)) {
          funcs.push(op);
          defined.add(LLVM.LLVMFuncOp.sym_name(op));
        }
  const host: CompiledLLVMWasm['host'] = { ext: [], floats: [], intr: [], fpClass: [], errors: [], va: [] };
  const i = (params: ValType[], results: ValType[] = []): FuncType => ({ params, results });
  const imports: Imports = {
    fault: m.importFunc('env', 'fault', i(['i32', 'i64', 'i32', 'i32'])),
    div0: m.importFunc('env', 'div0', i(['i32'])),
    ovf: m.importFunc('env', 'ovf', i(['i32'])),
    poisonUse: m.importFunc('env', 'poisonUse', i(['i32'])),
    err: m.importFunc('env', 'err', i(['i32', 'i32'])),
    alloca: m.importFunc('env', 'alloca', i(['i32', 'i64', 'i32', 'i32'], ['i64'])),
    spGet: m.importFunc('env', 'spGet', i([], ['i32'])),
    spRestore: m.importFunc('env', 'spRestore', i(['i32'])),
    memcpy: m.importFunc('env', 'memcpy', i(['i32', 'i64', 'i64', 'i64'])),
    memset: m.importFunc('env', 'memset', i(['i32', 'i64', 'i32', 'i64'])),
    checkRange: m.importFunc('env', 'checkRange', i(['i32', 'i64', 'i32', 'i32'])),
    frem: m.importFunc('env', 'frem', i(['f64', 'f64'], ['f64'])),
    hostFloat: [1, 2, 3].map((n) => m.importFunc('env', `hostFloat${n}`, i(['i32', ...Array<ValType>(n).fill('f64')], ['f64']))),
    fptosi: m.importFunc('env', 'fptosi', i(['f64', 'i32'], ['i64'])),
    fptoui: m.importFunc('env', 'fptoui', i(['f64', 'i32'], ['i64'])),
    intIntr: m.importFunc('env', 'intIntr', i(['i32', 'i32', 'i64', 'i64', 'i64'], ['i64'])),
    fpClass: m.importFunc('env', 'fpClass', i(['i32', 'f64'], ['i32'])),
    ovfIntr: m.importFunc('env', 'ovfIntr', i(['i32', 'i32', 'i64', 'i64'], ['i64', 'i32'])),
    vaBegin: m.importFunc('env', 'vaBegin', i([], ['i32'])),
    vaEnd: m.importFunc('env', 'vaEnd', i(['i32'])),
    vaPushInt: m.importFunc('env', 'vaPushInt', i(['i32', 'i64', 'i32'])),
    vaPushFloat: m.importFunc('env', 'vaPushFloat', i(['i32', 'f64', 'i32'])),
    vaStart: m.importFunc('env', 'vaStart', i(['i32', 'i64', 'i32', 'i32', 'i32'])),
    vaArgInt: m.importFunc('env', 'vaArgInt', i(['i32', 'i64', 'i32'], ['i64'])),
    vaArgFloat: m.importFunc('env', 'vaArgFloat', i(['i32', 'i64', 'i32'], ['f64'])),
  };
  // External callees: one import each (signature from the call).
  const extImports = new Map<string, number>();
  const walk = (op: Operation): void => {
    for (const r of op.regions) for (const b of r.blocks) for (const o of b) visit(o);
  };
  const visit = (op: Operation): void => {
    if (LLVM.CallOp.isa(op)) {
      const callee = LLVM.CallOp.callableForCallee(op);
      if (!(callee instanceof SymbolRefAttr)) throw new WasmUnsupported(op, 'indirect calls');
      if (defined.has(callee.leaf)) return;
      const params = LLVM.CallOp.argOperands(op).map((a) => {
        const s = scalarOf(a.type);
        if (!s) throw new WasmUnsupported(op, `an argument of type ${a.type.key} to an external function`);
        return s;
      });
      const res = LLVM.CallOp.result(op);
      const result = res ? scalarOf(res.type) : undefined;
      if (res && !result) throw new WasmUnsupported(op, `a result of type ${res.type.key} from an external function`);
      const key = `${callee.leaf}(${params.map((p) => p.vt + (p.k === 'ptr' ? 'p' : p.k === 'int' ? p.w : '')).join(',')})${result ? result.vt + (result.k === 'int' ? result.w : result.k) : ''}`;
      if (!extImports.has(key)) {
        extImports.set(key, m.importFunc('ext', String(host.ext.length), i(['i32', ...vts(params)], result ? [result.vt] : [])));
        host.ext.push({ name: callee.leaf, params, result });
      }
    }
    walk(op);
  };
  for (const f of funcs) walk(f);
  const cap = m.global('i32', 0);
  const cs = m.global('i32', -1);
  const fnInfo = new Map<string, { index: number; body: FunctionBody; sig: Sig }>();
  const exports = new Map<string, { name: string; sig: Sig }>();
  for (const f of funcs) {
    const sig = signatureOf(f);
    const d = m.declareFunc(i(vts(sig.params), vts(sig.results)));
    const name = LLVM.LLVMFuncOp.sym_name(f);
    fnInfo.set(name, { ...d, sig });
    exports.set(name, { name: `f${exports.size}`, sig });
    m.exportFunc(`f${exports.size - 1}`, d.index);
  }
  {
    const setCap = m.declareFunc(i(['i32']));
    setCap.body.get(0).code.byte(Op.global_set).u32(cap);
    m.exportFunc('setCap', setCap.index);
    const getCs = m.declareFunc(i([], ['i32']));
    getCs.body.code.byte(Op.global_get).u32(cs);
    m.exportFunc('getCs', getCs.index);
  }
  const helpers = new Map<string, number>();
  const helper = (name: 'roundF16' | 'roundBF16' | 'f16Bits' | 'bitsF16'): number => {
    let h = helpers.get(name);
    if (h === undefined) {
      const d = m.declareFunc(name === 'f16Bits' ? i(['f64'], ['i32']) : name === 'bitsF16' ? i(['i32'], ['f64']) : i(['f64'], ['f64']));
      if (name === 'roundF16') emitRound(d.body, F16);
      else if (name === 'roundBF16') emitRound(d.body, BF16);
      else if (name === 'f16Bits') emitF16Bits(d.body);
      else emitBitsF16(d.body);
      helpers.set(name, (h = d.index));
    }
    return h;
  };
  const ctx: ModuleCtx = { imports, extImports, fnInfo, cap, cs, K, addrOf, host, helper };
  for (const f of funcs) {
    // Compiled again each time poison is found to reach one more block argument leaf (which then gets a shadow).
    const shadows = new Map<Value, Set<number>>();
    for (let n = 0; ; n++) {
      try {
        new FnCompiler(ctx, f, shadows).compile();
        break;
      } catch (e) {
        if (!(e instanceof NeedsShadow)) throw e;
        if (n >= 64) throw new WasmUnsupported(f, 'poison passed through more than 64 block arguments');
        let s = shadows.get(e.v);
        if (!s) shadows.set(e.v, (s = new Set()));
        s.add(e.leaf);
        const body = fnInfo.get(LLVM.LLVMFuncOp.sym_name(f))!.body;
        body.code.b.length = 0;
        body.locals.length = 0;
      }
    }
  }
  return { bytes: m.encode(), exports, host };
}

interface ModuleCtx {
  imports: Imports;
  extImports: Map<string, number>;
  fnInfo: Map<string, { index: number; body: FunctionBody; sig: Sig }>;
  cap: number;
  cs: number;
  K: (op: Operation) => number;
  addrOf: (name: string, op: Operation) => number;
  host: CompiledLLVMWasm['host'];
  helper: (name: 'roundF16' | 'roundBF16' | 'f16Bits' | 'bitsF16') => number;
}

const I32 = { add: Op.i32_add, sub: Op.i32_sub, mul: Op.i32_mul, and: Op.i32_and, or: Op.i32_or, xor: Op.i32_xor, shl: Op.i32_shl, shr_s: Op.i32_shr_s, shr_u: Op.i32_shr_u, div_s: Op.i32_div_s, div_u: Op.i32_div_u, rem_s: Op.i32_rem_s, rem_u: Op.i32_rem_u, eq: Op.i32_eq, ne: Op.i32_ne, eqz: Op.i32_eqz, lt_s: Op.i32_lt_s, le_s: Op.i32_le_s, gt_s: Op.i32_gt_s, ge_s: Op.i32_ge_s, lt_u: Op.i32_lt_u, le_u: Op.i32_le_u, gt_u: Op.i32_gt_u, ge_u: Op.i32_ge_u };
const I64 = { add: Op.i64_add, sub: Op.i64_sub, mul: Op.i64_mul, and: Op.i64_and, or: Op.i64_or, xor: Op.i64_xor, shl: Op.i64_shl, shr_s: Op.i64_shr_s, shr_u: Op.i64_shr_u, div_s: Op.i64_div_s, div_u: Op.i64_div_u, rem_s: Op.i64_rem_s, rem_u: Op.i64_rem_u, eq: Op.i64_eq, ne: Op.i64_ne, eqz: Op.i64_eqz, lt_s: Op.i64_lt_s, le_s: Op.i64_le_s, gt_s: Op.i64_gt_s, ge_s: Op.i64_ge_s, lt_u: Op.i64_lt_u, le_u: Op.i64_le_u, gt_u: Op.i64_gt_u, ge_u: Op.i64_ge_u };
const F32 = { add: Op.f32_add, sub: Op.f32_sub, mul: Op.f32_mul, div: Op.f32_div, eq: Op.f32_eq, ne: Op.f32_ne, lt: Op.f32_lt, le: Op.f32_le, gt: Op.f32_gt, ge: Op.f32_ge, neg: Op.f32_neg };
const F64 = { add: Op.f64_add, sub: Op.f64_sub, mul: Op.f64_mul, div: Op.f64_div, eq: Op.f64_eq, ne: Op.f64_ne, lt: Op.f64_lt, le: Op.f64_le, gt: Op.f64_gt, ge: Op.f64_ge, neg: Op.f64_neg };

/** The integer ops by INT_ARITH's arith name. */
const INT_OPS: Record<string, 'add' | 'sub' | 'mul' | 'and' | 'or' | 'xor'> = { addi: 'add', subi: 'sub', muli: 'mul', andi: 'and', ori: 'or', xori: 'xor' };

class FnCompiler {
  readonly f: FunctionBody;
  private readonly vals = new Map<Value, Ref[]>();
  private readonly blockIndex = new Map<Block, number>();
  /** Wasm blocks/ifs open inside the current LLVM block's code. */
  private nest = 0;
  private cur = 0;
  private nBlocks = 0;
  private label = -1;
  private sp0 = -1;
  private readonly tmp = new Map<ValType, number[]>();
  /** The lane an elementwise op on vectors is being emitted for (-1: not lane by lane). */
  private lane = -1;
  private vaHandle = -1;
  private vaId = -1;

  constructor(
    readonly mc: ModuleCtx,
    readonly fn: OpOf<typeof LLVM.LLVMFuncOp>,
    /** The leaves of block arguments that poison reaches (they get a shadow local). */
    readonly shadows: ReadonlyMap<Value, ReadonlySet<number>> = new Map(),
  ) {
    this.f = mc.fnInfo.get(LLVM.LLVMFuncOp.sym_name(fn))!.body;
  }

  unsupported(op: Operation, what?: string): never {
    throw new WasmUnsupported(op, what ?? `'${op.opName}' (in the LLVM dialect)`);
  }

  /** A scratch local of type t (`n` distinct ones at a time). */
  scratch(t: ValType, n = 0): number {
    let l = this.tmp.get(t);
    if (!l) this.tmp.set(t, (l = []));
    while (l.length <= n) l.push(this.f.local(t));
    return l[n];
  }

  compile(): void {
    const f = this.f;
    const region = LLVM.LLVMFuncOp.body(this.fn);
    const blocks = region.blocks;
    // Parameters are the first locals, leaf by leaf.
    let p = 0;
    for (const a of blocks[0].args)
      this.vals.set(
        a,
        leavesOf(a.type, this.fn).map((s) => ({ l: p++, s })),
      );
    // A variadic function's last parameter: the handle of its variadic arguments.
    this.vaHandle = p;
    let hasAlloca = false;
    // vastart allocates its register save areas on the stack.
    for (const b of blocks) for (const op of b) if (LLVM.AllocaOp.isa(op) || LLVM.VaStartOp.isa(op)) hasAlloca = true;
    if (hasAlloca) {
      this.sp0 = f.local('i32');
      f.call(this.mc.imports.spGet).set(this.sp0);
    }
    blocks.forEach((b, i) => this.blockIndex.set(b, i));
    this.nBlocks = blocks.length;
    if (blocks.length > 1) this.cfg = analyzeCfg(blocks[0].parent!);
    if (blocks.length === 1) {
      this.block(blocks[0]);
    } else if (this.cfg) {
      // Reducible: loops and blocks as wasm's (V8 sees real loops).
      for (const b of blocks.slice(1)) for (const a of b.args) this.def(a);
      this.doTree(blocks[0]);
    } else {
      for (const b of blocks.slice(1)) for (const a of b.args) this.def(a);
      this.label = f.local('i32');
      f.structured(Op.loop, 'void');
      for (let i = 0; i < blocks.length; i++) f.structured(Op.block, 'void');
      f.get(this.label).brTable(
        blocks.map((_, i) => i),
        blocks.length - 1,
      );
      for (let i = 0; i < blocks.length; i++) {
        f.op(Op.end);
        this.cur = i;
        this.block(blocks[i]);
      }
      f.op(Op.end);
    }
    // Every block ends in a branch or return.
    f.op(Op.unreachable);
  }

  private block(b: Block): void {
    this.curBlock = b;
    for (const op of b) this.op(op);
  }

  // ---- structured control flow (Ramsey, "Beyond Relooper", ICFP 2022)

  private cfg: Cfg | undefined;
  private curBlock: Block | undefined;
  /** The enclosing wasm labels, innermost last: a loop headed by a block, a block followed by one, an if. */
  private ctx: { k: 'loop' | 'block' | 'if'; b?: Block }[] = [];

  /** x's code, with the code of the blocks it immediately dominates that are reached by more than one forward edge after it. */
  private doTree(x: Block): void {
    const cfg = this.cfg!;
    const merges = (cfg.children.get(x) ?? []).filter((c) => cfg.merge.has(c)).sort((a, b) => cfg.rpo.get(b)! - cfg.rpo.get(a)!);
    if (cfg.loopHeaders.has(x)) {
      this.f.structured(Op.loop, 'void');
      this.ctx.push({ k: 'loop', b: x });
      this.nodeWithin(x, merges);
      this.ctx.pop();
      this.f.op(Op.end);
    } else this.nodeWithin(x, merges);
  }
  private nodeWithin(x: Block, merges: Block[]): void {
    if (!merges.length) return this.block(x);
    const [y, ...rest] = merges;
    this.f.structured(Op.block, 'void');
    this.ctx.push({ k: 'block', b: y });
    this.nodeWithin(x, rest);
    this.ctx.pop();
    this.f.op(Op.end);
    this.doTree(y);
  }
  private labelOf(k: 'loop' | 'block', b: Block): number {
    for (let i = this.ctx.length - 1; i >= 0; i--) if (this.ctx[i].k === k && this.ctx[i].b === b) return this.ctx.length - 1 - i;
    throw new Error('no enclosing label for a branch');
  }
  private enterIf(): void {
    this.nest++;
    this.ctx.push({ k: 'if' });
  }
  private leaveIf(): void {
    this.nest--;
    this.ctx.pop();
  }

  // ---- values

  refs(v: Value, op: Operation): Ref[] {
    const r = this.vals.get(v);
    if (!r) this.unsupported(op, 'a value used before its definition');
    return this.lane >= 0 && v.type instanceof VectorType ? [r[this.lane]] : r;
  }
  def(v: Value): Ref[] {
    let r = this.vals.get(v);
    if (!r) {
      const sh = this.shadows.get(v);
      this.vals.set(
        v,
        (r = leavesOf(v.type, v.definingOp ?? undefined).map((s, j) => (sh?.has(j) ? { l: this.f.local(s.vt), s, pk: this.f.local('i32') } : { l: this.f.local(s.vt), s }))),
      );
    }
    return this.lane >= 0 && v.type instanceof VectorType ? [r[this.lane]] : r;
  }
  /** Whether an amount is below w by construction: `urem x, c` or `and x, c` with a constant 0 < c <= w (resp. c < w). */
  belowWidth(v: Value, w: number): boolean {
    const rem = LLVM.URemOp.definingOp(v);
    const and = LLVM.AndOp.definingOp(v);
    const c = rem ? this.constAmount(LLVM.URemOp.rhs(rem)) : and ? this.constAmount(LLVM.AndOp.rhs(and)) : undefined;
    if (c === undefined) return false;
    const u = BigInt.asUintN(64, c);
    return rem ? u > 0n && u <= BigInt(w) : u < BigInt(w);
  }
  /** Makes `v` (its lane, lane by lane) a poison value of the op K. */
  setPoison(v: Value, K: number, s: Sc): void {
    if (this.lane < 0 || !(v.type instanceof VectorType)) return void this.vals.set(v, [{ p: K, s }]);
    this.def(v);
    this.vals.get(v)![this.lane] = { p: K, s };
  }
  /** The local of a scalar result. */
  out(v: Value): number {
    const r = this.def(v)[0];
    return (r as { l: number }).l;
  }
  sc(v: Value, op: Operation): Sc {
    const s = this.lane >= 0 && v.type instanceof VectorType ? vectorLanes(v.type)?.e : scalarOf(v.type);
    if (!s) this.unsupported(op, `values of type ${v.type.key}`);
    return s;
  }
  /** Pushes a scalar; a poison value is used here: the JavaScript engine's error at the op that made it. */
  push(v: Value, op: Operation): Sc {
    const r = this.refs(v, op);
    if (r.length !== 1) this.unsupported(op, `an aggregate operand of '${op.opName}'`);
    this.pushRef(r[0]);
    return r[0].s;
  }
  pushRef(r: Ref): void {
    if ('l' in r) {
      // Poison that came through a block argument: used here, the error at the op that made it.
      if (r.pk !== undefined) this.f.get(r.pk).structured(Op.if, 'void').get(r.pk).i32(1).op(Op.i32_sub).call(this.mc.imports.poisonUse).op(Op.unreachable).op(Op.end);
      this.f.get(r.l);
      return;
    }
    this.f.i32(r.p).call(this.mc.imports.poisonUse);
    this.zero(r.s.vt);
  }
  zero(t: ValType): void {
    if (t === 'i32') this.f.i32(0);
    else if (t === 'i64') this.f.i64(0n);
    else if (t === 'f32') this.f.f32(0);
    else this.f.f64(0);
  }
  /** Pushes leaves that go somewhere the poison cannot be followed (calls, returns): those fall back. */
  pushAll(v: Value, op: Operation): void {
    for (const r of this.refs(v, op)) {
      if (!('l' in r) || r.pk !== undefined) this.unsupported(op, 'a poison value passed on');
      this.f.get(r.l);
    }
  }
  globalGet(g: number): void {
    this.f.code.byte(Op.global_get).u32(g);
  }
  globalSet(g: number): void {
    this.f.code.byte(Op.global_set).u32(g);
  }

  /** Rounds the double on the stack to f16/bf16 (nothing for f32/f64). */
  round(s: Sc): void {
    if (s.k === 'float' && s.small) this.f.call(this.mc.helper(s.small === 'f16' ? 'roundF16' : 'roundBF16'));
  }

  // ---- integers

  /** Normalizes the integer on the stack to its width. */
  norm(s: Sc): void {
    if (s.k !== 'int') return;
    const w = s.w;
    if (w === 32 || w === 64) return;
    if (w === 1) {
      this.f.i32(1).op(Op.i32_and);
      return;
    }
    if (s.vt === 'i32') this.f.i32(32 - w).op(Op.i32_shl).i32(32 - w).op(Op.i32_shr_s);
    else this.f.i64(BigInt(64 - w)).op(Op.i64_shl).i64(BigInt(64 - w)).op(Op.i64_shr_s);
  }
  /** Masks the integer on the stack to its unsigned value. */
  zmask(s: Sc): void {
    if (s.k !== 'int' || s.w === 32 || s.w === 64 || s.w === 1) return;
    if (s.vt === 'i32') this.f.i32((2 ** s.w - 1) | 0).op(Op.i32_and);
    else this.f.i64((1n << BigInt(s.w)) - 1n).op(Op.i64_and);
  }
  /** Pushes an integer as a signed value (i1's 1 is -1). */
  pushSigned(v: Value, op: Operation): Sc {
    const s = this.sc(v, op);
    if (s.k === 'int' && s.w === 1) {
      this.f.i32(0);
      this.push(v, op);
      this.f.op(Op.i32_sub);
      return s;
    }
    return this.push(v, op);
  }
  constInt(s: Sc, v: bigint): void {
    if (s.vt === 'i32') this.f.i32(Number(BigInt.asIntN(32, v)));
    else this.f.i64(BigInt.asIntN(64, v));
  }
  /** An error exit when the i32 on the stack is non-zero. */
  failIf(fn: number, K: number): void {
    this.f.structured(Op.if, 'void').i32(K).call(fn).op(Op.unreachable).op(Op.end);
  }
  constAmount(v: Value): bigint | undefined {
    const c = LLVM.ConstantOp.definingOp(v);
    if (!c) return undefined;
    const a = LLVM.ConstantOp.value(c);
    if (a instanceof DenseIntOrFPElementsAttr && this.lane >= 0) return a.intValues()[this.lane];
    return a instanceof IntegerAttr ? a.value : undefined;
  }

  intArith(op: Operation, view: OpView & { arith: string; flags?: (op: Operation) => number }): void {
    const [a, b] = view.operands(op);
    const res = view.res(op);
    const s = this.sc(res, op);
    if (s.k !== 'int') this.unsupported(op);
    const flags = view.flags?.(op) ?? 0;
    const T = s.vt === 'i32' ? I32 : I64;
    const K = this.mc.K(op);
    const name = view.arith;
    if (flags) return this.flagged(op, name, flags, a, b, res, s);
    const simple = INT_OPS[name];
    if (simple) {
      this.push(a, op);
      this.push(b, op);
      this.f.op(T[simple]);
      this.norm(s);
      this.f.set(this.out(res));
      return;
    }
    if (name === 'shli' || name === 'shrui' || name === 'shrsi') {
      const c = this.constAmount(b);
      const amount = c === undefined ? undefined : BigInt.asUintN(s.w, c);
      // By a constant not below the width: a poison value of this op, known statically.
      if (amount !== undefined && amount >= BigInt(s.w)) return this.setPoison(res, K, s);
      if (amount === undefined && !this.belowWidth(b, s.w)) {
        // An amount >= the width makes poison: reported at once when the result is used right away, as the JavaScript engine reports its use.
        if (!firstUseIsStrict(op, res, (o) => this.printsNumber(o))) this.unsupported(op, 'a shift by a variable amount whose result is not used right away (poison when the amount is not below the width)');
        this.push(b, op);
        this.zmask(s);
        this.constInt(s, BigInt(s.w));
        this.f.op(T.ge_u);
        this.failIf(this.mc.imports.poisonUse, K);
      }
      this.push(a, op);
      if (name === 'shrui') this.zmask(s);
      if (amount === undefined) this.push(b, op);
      else this.constInt(s, amount);
      this.f.op(name === 'shli' ? T.shl : name === 'shrui' ? T.shr_u : T.shr_s);
      this.norm(s);
      this.f.set(this.out(res));
      return;
    }
    if (s.w === 1) this.unsupported(op, 'division of i1');
    const signed = name === 'divsi' || name === 'remsi';
    // Division by zero, then the signed overflow: the JavaScript engine's errors.
    this.push(b, op);
    this.f.op(T.eqz);
    this.failIf(this.mc.imports.div0, K);
    if (signed) {
      this.push(a, op);
      this.constInt(s, -(1n << BigInt(s.w - 1)));
      this.f.op(T.eq);
      this.push(b, op);
      this.constInt(s, -1n);
      this.f.op(T.eq).op(Op.i32_and);
      this.failIf(this.mc.imports.ovf, K);
    }
    this.push(a, op);
    if (!signed) this.zmask(s);
    this.push(b, op);
    if (!signed) this.zmask(s);
    this.f.op(name === 'divsi' ? T.div_s : name === 'remsi' ? T.rem_s : name === 'divui' ? T.div_u : T.rem_u);
    this.norm(s);
    this.f.set(this.out(res));
  }

  /**
   * add/sub/mul/shl with nsw/nuw. An overflow makes poison, which the
   * JavaScript engine reports where it is first used, at this op. The check
   * here reports it at once: only when the first use follows in the same
   * block, uses it (arithmetic, addresses), and nothing before it can have
   * an effect or fail, so that what the program does is the same.
   */
  flagged(op: Operation, name: string, flags: number, a: Value, b: Value, res: Value, s: Extract<Sc, { k: 'int' }>): void {
    if (!firstUseIsStrict(op, res)) this.unsupported(op, 'overflow flags (nsw/nuw make poison) on a value not used right away');
    if (s.w === 1) this.unsupported(op, 'overflow flags on i1');
    const f = this.f;
    const T = s.vt === 'i32' ? I32 : I64;
    const wide32 = s.vt === 'i64' && s.w < 64;
    const r = this.out(res);
    const poison = (): void => this.failIf(this.mc.imports.poisonUse, this.mc.K(op));
    const x = this.scratch(s.vt, 0);
    const y = this.scratch(s.vt, 1);
    this.push(a, op);
    f.set(x);
    this.push(b, op);
    f.set(y);
    const native = s.w === 32 || s.w === 64;
    if (name === 'shli') {
      const c = this.constAmount(b);
      const amount = c === undefined ? undefined : BigInt.asUintN(s.w, c);
      if (amount === undefined || amount >= BigInt(s.w)) this.unsupported(op, 'shifts by an amount that is not a constant below the width (poison)');
      f.get(x);
      this.constInt(s, amount);
      f.op(T.shl);
      this.norm(s);
      f.set(r);
      if (amount > 0n) {
        if (flags & 1) {
          f.get(r);
          this.constInt(s, amount);
          f.op(T.shr_s).get(x).op(T.ne);
          poison();
        }
        if (flags & 2) {
          f.get(x);
          this.zmask(s);
          this.constInt(s, BigInt(s.w) - amount);
          f.op(T.shr_u);
          this.constInt(s, 0n);
          f.op(T.ne);
          poison();
        }
      }
      return;
    }
    if (name === 'muli' && !native && wide32) this.unsupported(op, 'mul with overflow flags on integers of 33 to 63 bits');
    if (name === 'addi' || name === 'subi') {
      const code = name === 'addi' ? T.add : T.sub;
      f.get(x).get(y).op(code).set(r);
      if (flags & 1) {
        if (native) {
          // Signed overflow: the result's sign differs from what both operands imply.
          if (name === 'addi') f.get(x).get(r).op(T.xor).get(y).get(r).op(T.xor).op(T.and);
          else f.get(x).get(y).op(T.xor).get(x).get(r).op(T.xor).op(T.and);
          this.constInt(s, 0n);
          f.op(T.lt_s);
        } else {
          // Narrower than its wasm type: the exact result, then whether it fits.
          f.get(r);
          this.norm(s);
          f.get(r).op(T.ne);
        }
        poison();
      }
      if (flags & 2) {
        if (name === 'subi') {
          f.get(x);
          this.zmask(s);
          f.get(y);
          this.zmask(s);
          f.op(T.lt_u);
        } else if (native) f.get(r).get(x).op(T.lt_u);
        else {
          f.get(x);
          this.zmask(s);
          f.get(y);
          this.zmask(s);
          f.op(T.add);
          this.constInt(s, (1n << BigInt(s.w)) - 1n);
          f.op(T.gt_u);
        }
        poison();
      }
      f.get(r);
      this.norm(s);
      f.set(r);
      return;
    }
    if (name !== 'muli') this.unsupported(op);
    if (s.vt === 'i32') {
      // Exact in i64.
      const w = this.scratch('i64', 2);
      f.get(x).op(Op.i64_extend_i32_s).get(y).op(Op.i64_extend_i32_s).op(Op.i64_mul).set(w);
      if (flags & 1) {
        f.get(w).i64(64n - BigInt(s.w)).op(Op.i64_shl).i64(64n - BigInt(s.w)).op(Op.i64_shr_s).get(w).op(Op.i64_ne);
        poison();
      }
      if (flags & 2) {
        f.get(x);
        this.zmask(s);
        f.op(Op.i64_extend_i32_u).get(y);
        this.zmask(s);
        f.op(Op.i64_extend_i32_u).op(Op.i64_mul).i64((1n << BigInt(s.w)) - 1n).op(Op.i64_gt_u);
        poison();
      }
      f.get(w).op(Op.i32_wrap_i64);
      this.norm(s);
      f.set(r);
      return;
    }
    // 64 bits: the product divided back by a non-zero operand (a safe divisor in the other lanes).
    f.get(x).get(y).op(Op.i64_mul).set(r);
    const MIN = -(1n << 63n);
    // Operands of 32 bits cannot overflow: the divisions run only beyond that (index arithmetic never gets there).
    const fits = (lo: bigint): void => {
      f.get(x).i64(lo).op(Op.i64_add).i64(1n << 32n).op(Op.i64_lt_u);
      f.get(y).i64(lo).op(Op.i64_add).i64(1n << 32n).op(Op.i64_lt_u).op(Op.i32_and).op(Op.i32_eqz);
      f.structured(Op.if, 'void');
    };
    if (flags & 1) {
      fits(1n << 31n);
      f.get(x).i64(-1n).op(Op.i64_eq).get(y).i64(MIN).op(Op.i64_eq).op(Op.i32_and);
      f.get(x).i64(0n).op(Op.i64_ne).get(x).i64(-1n).op(Op.i64_ne).op(Op.i32_and);
      f.get(r).get(x).i64(1n).get(x).i64(0n).op(Op.i64_ne).get(x).i64(-1n).op(Op.i64_ne).op(Op.i32_and).op(Op.select).op(Op.i64_div_s).get(y).op(Op.i64_ne);
      f.op(Op.i32_and).op(Op.i32_or);
      poison();
      f.op(Op.end);
    }
    if (flags & 2) {
      fits(0n);
      f.get(x).i64(0n).op(Op.i64_ne);
      f.get(r).get(x).i64(1n).get(x).i64(0n).op(Op.i64_ne).op(Op.select).op(Op.i64_div_u).get(y).op(Op.i64_ne);
      f.op(Op.i32_and);
      poison();
      f.op(Op.end);
    }
  }

  icmp(op: OpOf<typeof LLVM.ICmpOp>): void {
    const lhs = LLVM.ICmpOp.lhs(op);
    const rhs = LLVM.ICmpOp.rhs(op);
    const s = this.sc(lhs, op);
    const pred = icmpName(op);
    // === on a poison value does not use it in the JavaScript engine.
    if ((pred === 'eq' || pred === 'ne') && [lhs, rhs].some((v) => this.refs(v, op).some(maybePoison))) this.unsupported(op, 'a comparison with poison');
    const T = s.vt === 'i32' ? I32 : I64;
    const signed = pred[0] === 's';
    if (signed) {
      this.pushSigned(lhs, op);
      this.pushSigned(rhs, op);
    } else {
      this.push(lhs, op);
      this.push(rhs, op);
    }
    const code = pred === 'eq' || pred === 'ne' ? T[pred] : T[`${pred.slice(1)}_${pred[0]}` as 'lt_s'];
    this.f.op(code).set(this.out(LLVM.ICmpOp.res(op)));
  }

  fcmp(op: OpOf<typeof LLVM.FCmpOp>): void {
    const lhs = LLVM.FCmpOp.lhs(op);
    const rhs = LLVM.FCmpOp.rhs(op);
    const s = this.sc(lhs, op);
    const F = s.vt === 'f32' ? F32 : F64;
    const pred = fcmpName(op);
    const res = this.out(LLVM.FCmpOp.res(op));
    const pair = (): void => {
      this.push(lhs, op);
      this.push(rhs, op);
    };
    const ord = (): void => {
      this.push(lhs, op);
      this.push(lhs, op);
      this.f.op(F.eq);
      this.push(rhs, op);
      this.push(rhs, op);
      this.f.op(F.eq).op(Op.i32_and);
    };
    const O: Record<string, () => void> = {
      oeq: () => (pair(), this.f.op(F.eq)),
      ogt: () => (pair(), this.f.op(F.gt)),
      oge: () => (pair(), this.f.op(F.ge)),
      olt: () => (pair(), this.f.op(F.lt)),
      ole: () => (pair(), this.f.op(F.le)),
      one: () => (pair(), this.f.op(F.lt), pair(), this.f.op(F.gt).op(Op.i32_or)),
      ord,
    };
    const U: Record<string, string> = { ueq: 'one', ugt: 'ole', uge: 'olt', ult: 'oge', ule: 'ogt', uno: 'ord' };
    if (pred === 'false' || pred === 'true') {
      pair();
      this.f.op(Op.drop).op(Op.drop).i32(pred === 'true' ? 1 : 0);
    } else if (pred === 'une') {
      pair();
      this.f.op(F.ne);
    } else if (O[pred]) O[pred]();
    else {
      O[U[pred]]();
      this.f.op(Op.i32_eqz);
    }
    this.f.set(res);
  }

  cast(op: Operation, view: OpView & { cast: string }): void {
    const [arg] = view.operands(op);
    const res = view.res(op);
    const from = this.sc(arg, op);
    const to = this.sc(res, op);
    const f = this.f;
    switch (view.cast) {
      case 'trunci':
        if (LLVM.TruncOp.isa(op) && LLVM.TruncOp.overflowFlags(op)) this.unsupported(op, 'trunc with overflow flags (poison)');
        this.push(arg, op);
        if (from.vt === 'i64' && to.vt === 'i32') f.op(Op.i32_wrap_i64);
        this.norm(to);
        break;
      case 'extui':
        if (LLVM.ZExtOp.isa(op) && LLVM.ZExtOp.nonNeg(op)) this.unsupported(op, 'zext nneg (poison)');
        this.push(arg, op);
        this.zmask(from);
        if (from.vt === 'i32' && to.vt === 'i64') f.op(Op.i64_extend_i32_u);
        break;
      case 'extsi':
        this.pushSigned(arg, op);
        if (from.vt === 'i32' && to.vt === 'i64') f.op(Op.i64_extend_i32_s);
        this.norm(to);
        break;
      case 'sitofp':
        if (to.k === 'float' && to.small && from.vt === 'i64') this.unsupported(op, `sitofp from ${arg.type.key} to ${to.small}`);
        this.pushSigned(arg, op);
        f.op(to.vt === 'f32' ? (from.vt === 'i32' ? Op.f32_convert_i32_s : Op.f32_convert_i64_s) : from.vt === 'i32' ? Op.f64_convert_i32_s : Op.f64_convert_i64_s);
        this.round(to);
        break;
      case 'uitofp':
        if (LLVM.UIToFPOp.isa(op) && LLVM.UIToFPOp.nonNeg(op)) this.unsupported(op, 'uitofp nneg (poison)');
        if (to.k === 'float' && to.small && from.vt === 'i64') this.unsupported(op, `uitofp from ${arg.type.key} to ${to.small}`);
        this.push(arg, op);
        this.zmask(from);
        f.op(to.vt === 'f32' ? (from.vt === 'i32' ? Op.f32_convert_i32_u : Op.f32_convert_i64_u) : from.vt === 'i32' ? Op.f64_convert_i32_u : Op.f64_convert_i64_u);
        this.round(to);
        break;
      case 'fptosi':
      case 'fptoui':
        if (to.k !== 'int') this.unsupported(op);
        this.push(arg, op);
        if (from.vt === 'f32') f.op(Op.f64_promote_f32);
        f.i32(to.w).call(view.cast === 'fptosi' ? this.mc.imports.fptosi : this.mc.imports.fptoui);
        if (to.vt === 'i32') f.op(Op.i32_wrap_i64);
        break;
      case 'extf':
      case 'truncf':
        // f16/bf16 values are doubles: to f32 exactly when widening; narrowing rounds once.
        this.push(arg, op);
        if (from.vt === 'f32' && to.vt === 'f64') f.op(Op.f64_promote_f32);
        if (from.vt === 'f64' && to.vt === 'f32') f.op(Op.f32_demote_f64);
        if (view.cast === 'truncf' || (to.k === 'float' && to.small)) this.round(to);
        break;
      default:
        this.unsupported(op);
    }
    f.set(this.out(res));
  }

  // ---- memory

  /**
   * Checks an access of n bytes at the pointer on the stack as the JavaScript
   * engine's fast loads do (range, then the tags of its first and last byte);
   * leaves the wasm address on the stack.
   */
  access(op: Operation, n: number, write: boolean): void {
    const f = this.f;
    const K = this.mc.K(op);
    const p = this.scratch('i64', 0);
    const o64 = this.scratch('i64', 1);
    const o = this.scratch('i32', 0);
    const t = this.scratch('i32', 1);
    const fault = (): void => {
      f.structured(Op.if, 'void').i32(K).get(p).i32(n).i32(write ? 1 : 0).call(this.mc.imports.fault).op(Op.unreachable).op(Op.end);
    };
    f.set(p).get(p).i64(BigInt(BASE)).op(Op.i64_sub).set(o64);
    f.get(o64);
    this.globalGet(this.mc.cap);
    f.op(Op.i64_extend_i32_u).i64(BigInt(n)).op(Op.i64_sub).op(Op.i64_gt_u);
    fault();
    f.get(o64).op(Op.i32_wrap_i64).set(o);
    f.get(o);
    this.globalGet(this.mc.cap);
    f.op(Op.i32_add).set(t);
    f.get(t).mem(Op.i32_load8_u, 0, 0);
    f.get(t).mem(Op.i32_load8_u, 0, n - 1);
    f.op(Op.i32_and).i32(write ? 2 : 1).op(Op.i32_and).op(Op.i32_eqz);
    fault();
    f.get(o);
  }
  /** An aggregate's whole range, checked by the host as the JavaScript engine checks it; leaves the wasm address. */
  accessRange(op: Operation, n: number, write: boolean): void {
    const f = this.f;
    const p = this.scratch('i64', 0);
    f.set(p).i32(this.mc.K(op)).get(p).i32(n).i32(write ? 1 : 0).call(this.mc.imports.checkRange);
    f.get(p).i64(BigInt(BASE)).op(Op.i64_sub).op(Op.i32_wrap_i64);
  }

  load(op: OpOf<typeof LLVM.LoadOp>): void {
    const res = LLVM.LoadOp.res(op);
    const d = desc(res.type, op);
    const leaves = this.def(res);
    this.push(LLVM.LoadOp.addr(op), op);
    const f = this.f;
    if (d.k === 'scalar') {
      // Integers of other widths: the whole range, as the JavaScript engine checks it.
      if (d.s === 'iN') this.accessRange(op, d.size, false);
      else this.access(op, d.size, false);
      this.loadScalar(op, d, 0);
      f.set((leaves[0] as { l: number }).l);
      return;
    }
    this.accessRange(op, d.size, false);
    const a = this.scratch('i32', 2);
    f.set(a);
    const offs = leafOffsets(d);
    const ds = scalarDescs(d);
    leaves.forEach((r, i) => {
      f.get(a);
      this.loadScalar(op, ds[i], offs[i]);
      f.set((r as { l: number }).l);
    });
  }
  loadScalar(op: Operation, d: Desc, off: number): void {
    if (d.k !== 'scalar') this.unsupported(op);
    const f = this.f;
    switch (d.s) {
      case 'i1':
        f.mem(Op.i32_load8_u, 0, off).i32(1).op(Op.i32_and);
        return;
      case 'i8':
        f.mem(Op.i32_load8_s, 0, off);
        return;
      case 'i16':
        f.mem(Op.i32_load16_s, 0, off);
        return;
      case 'i32':
        f.mem(Op.i32_load, 0, off);
        return;
      case 'i64':
      case 'ptr':
        f.mem(Op.i64_load, 0, off);
        return;
      case 'f32':
        f.mem(Op.f32_load, 0, off);
        return;
      case 'f64':
        f.mem(Op.f64_load, 0, off);
        return;
      case 'f16':
        f.mem(Op.i32_load16_u, 0, off).call(this.mc.helper('bitsF16'));
        return;
      case 'bf16':
        f.mem(Op.i32_load16_u, 0, off).i32(16).op(Op.i32_shl).op(Op.f32_reinterpret_i32).op(Op.f64_promote_f32);
        return;
      case 'iN': {
        // Stored in ceil(w/8) bytes, padded to a power of two: the padded size read, sign-extended from bit w.
        const s = scalarOf(IntegerType.get(d.w));
        if (!s) this.unsupported(op, `memory accesses of i${d.w} values`);
        f.mem(d.size === 1 ? Op.i32_load8_u : d.size === 2 ? Op.i32_load16_u : d.size === 4 ? Op.i32_load : Op.i64_load, 0, off);
        if (s.vt === 'i64' && d.size < 8) f.op(Op.i64_extend_i32_u);
        this.norm(s);
        return;
      }
      default:
        this.unsupported(op, `memory accesses of ${d.s} values`);
    }
  }
  store(op: OpOf<typeof LLVM.StoreOp>): void {
    const value = LLVM.StoreOp.value(op);
    const d = desc(value.type, op);
    const refs = this.refs(value, op);
    const f = this.f;
    this.push(LLVM.StoreOp.addr(op), op);
    const ds = d.k === 'scalar' ? [d] : scalarDescs(d);
    for (const x of ds) if (x.k !== 'scalar' || (x.s === 'iN' && x.w > 64)) this.unsupported(op, `memory accesses of ${x.k === 'scalar' ? `i${x.w}` : 'vector'} values`);
    if (d.k === 'scalar' && d.s !== 'iN') this.access(op, d.size, true);
    else this.accessRange(op, d.size, true);
    const a = this.scratch('i32', 2);
    f.set(a);
    const offs = d.k === 'scalar' ? [0] : leafOffsets(d);
    refs.forEach((r, i) => {
      f.get(a);
      // Poison is stored as zeros (as the JavaScript engine stores it), except that
      // its fast scalar stores use a poison value that came through a block argument.
      if ('l' in r && r.pk !== undefined && d.k === 'scalar' && FAST_STORE.has(d.s)) this.pushRef(r);
      else if ('l' in r) f.get(r.l);
      else this.zero(r.s.vt);
      const x = ds[i] as Extract<Desc, { k: 'scalar' }>;
      if (x.s === 'f16') return void f.call(this.mc.helper('f16Bits')).mem(Op.i32_store16, 0, offs[i]);
      if (x.s === 'bf16') return void f.op(Op.f32_demote_f64).op(Op.i32_reinterpret_f32).i32(16).op(Op.i32_shr_u).mem(Op.i32_store16, 0, offs[i]);
      if (x.s === 'iN') return this.storeBytes(r.s, x.w, offs[i]);
      const code = { i1: Op.i32_store8, i8: Op.i32_store8, i16: Op.i32_store16, i32: Op.i32_store, i64: Op.i64_store, ptr: Op.i64_store, f32: Op.f32_store, f64: Op.f64_store }[x.s as 'i8'];
      f.mem(code, 0, offs[i]);
    });
  }

  /** Stores the integer on the stack (address below it) in ceil(w/8) bytes, its bits above w zero, as the JavaScript engine writes it. */
  storeBytes(s: Sc, w: number, off: number): void {
    const f = this.f;
    const v = this.scratch(s.vt, 2);
    const a = this.scratch('i32', 3);
    this.zmask(s);
    f.set(v).set(a);
    const n = Math.ceil(w / 8);
    for (let at = 0; at < n; ) {
      const piece = n - at >= 8 ? 8 : n - at >= 4 ? 4 : n - at >= 2 ? 2 : 1;
      f.get(a).get(v);
      if (s.vt === 'i64') {
        if (at) f.i64(BigInt(8 * at)).op(Op.i64_shr_u);
        if (piece === 8) f.mem(Op.i64_store, 0, off + at);
        else f.op(Op.i32_wrap_i64).mem(piece === 4 ? Op.i32_store : piece === 2 ? Op.i32_store16 : Op.i32_store8, 0, off + at);
      } else {
        if (at) f.i32(8 * at).op(Op.i32_shr_u);
        f.mem(piece === 4 ? Op.i32_store : piece === 2 ? Op.i32_store16 : Op.i32_store8, 0, off + at);
      }
      at += piece;
    }
  }

  gep(op: OpOf<typeof LLVM.GEPOp>): void {
    let t: Type = LLVM.GEPOp.elem_type(op);
    const indices = LLVM.GEPOp.indices(op);
    const f = this.f;
    let constant = 0n;
    this.push(LLVM.GEPOp.base(op), op);
    const scaled = (ix: number | Value, size: number): void => {
      if (typeof ix === 'number') {
        constant += BigInt(ix) * BigInt(size);
        return;
      }
      const s = this.pushSigned(ix, op);
      if (s.vt === 'i32') f.op(Op.i64_extend_i32_s);
      if (size !== 1) f.i64(BigInt(size)).op(Op.i64_mul);
      f.op(Op.i64_add);
    };
    scaled(indices[0], desc(t, op).size);
    for (let i = 1; i < indices.length; i++) {
      const ix = indices[i];
      if (t instanceof LLVMStructType) {
        if (typeof ix !== 'number') this.unsupported(op, 'dynamic indices into structs');
        const d = desc(t, op) as Extract<Desc, { k: 'agg' }>;
        constant += BigInt(d.fields[ix].off);
        t = t.body[ix];
      } else if (t instanceof LLVMArrayType) {
        t = t.elementType;
        scaled(ix, desc(t, op).size);
      } else this.unsupported(op, `an index into ${t.key}`);
    }
    if (constant) f.i64(constant).op(Op.i64_add);
    f.set(this.out(LLVM.GEPOp.res(op)));
  }

  // ---- control flow

  /** Branches to `target` with `args` (a parallel copy through the stack). */
  branch(op: Operation, target: Block, args: readonly Value[]): void {
    const f = this.f;
    const dst: number[] = [];
    args.forEach((a, i) => {
      const to = this.def(target.args[i]) as { l: number; pk?: number }[];
      this.refs(a, op).forEach((r, j) => {
        const d = to[j];
        // Poison passed on: its shadow goes along (a block argument without one gets one: NeedsShadow).
        if (maybePoison(r) && d.pk === undefined) throw new NeedsShadow(target.args[i], j);
        if ('l' in r) f.get(r.l);
        else this.zero(r.s.vt);
        dst.push(d.l);
        if (d.pk === undefined) return;
        if (!('l' in r)) f.i32(r.p + 1);
        else if (r.pk !== undefined) f.get(r.pk);
        else f.i32(0);
        dst.push(d.pk);
      });
    });
    for (let i = dst.length - 1; i >= 0; i--) f.set(dst[i]);
    const cfg = this.cfg;
    if (cfg) {
      const from = this.curBlock!;
      if (cfg.rpo.get(target)! <= cfg.rpo.get(from)!) f.br(Op.br, this.labelOf('loop', target));
      else if (cfg.merge.has(target)) f.br(Op.br, this.labelOf('block', target));
      else {
        this.doTree(target);
        this.curBlock = from;
      }
      return;
    }
    const j = this.blockIndex.get(target)!;
    // Block j + 1's code starts right after the end of its wasm block: a branch there needs no dispatch.
    if (j === this.cur + 1) f.br(Op.br, this.nest);
    else f.i32(j).set(this.label).br(Op.br, this.nBlocks - 1 - this.cur + this.nest);
  }

  ret(op: OpOf<typeof LLVM.ReturnOp>): void {
    const f = this.f;
    if (this.sp0 >= 0) f.get(this.sp0).call(this.mc.imports.spRestore);
    const arg = LLVM.ReturnOp.arg(op);
    if (arg) this.pushAll(arg, op);
    f.op(Op.return);
  }

  call(op: OpOf<typeof LLVM.CallOp>): void {
    const callee = LLVM.CallOp.callableForCallee(op) as SymbolRefAttr;
    const f = this.f;
    const args = LLVM.CallOp.argOperands(op);
    const result = LLVM.CallOp.result(op);
    const info = this.mc.fnInfo.get(callee.leaf);
    if (info) {
      const va = info.sig.va;
      if (va) this.varArgs(op, args.slice(va.n));
      for (const a of va ? args.slice(0, va.n) : args) this.pushAll(a, op);
      if (va) f.get(this.vaId);
      // Where a stack overflow is reported.
      f.i32(this.mc.K(op));
      this.globalSet(this.mc.cs);
      f.call(info.index);
      if (result) {
        const rs = this.def(result);
        for (let i = rs.length - 1; i >= 0; i--) f.set((rs[i] as { l: number }).l);
      }
      if (va) f.get(this.vaId).call(this.mc.imports.vaEnd);
      return;
    }
    f.i32(this.mc.K(op));
    for (const a of args) this.push(a, op);
    const sig = `${callee.leaf}(${args.map((a) => this.sc(a, op)).map((p) => p.vt + (p.k === 'ptr' ? 'p' : p.k === 'int' ? p.w : '')).join(',')})${result ? ((r) => r.vt + (r.k === 'int' ? r.w : r.k))(this.sc(result, op)) : ''}`;
    f.call(this.mc.extImports.get(sig)!);
    if (result) f.set(this.out(result));
  }

  /** Hands the variadic arguments of a call to the host (a new list; its handle in vaId), as the JavaScript engine passes them. */
  private varArgs(op: Operation, extra: readonly Value[]): void {
    const f = this.f;
    const mc = this.mc;
    if (this.vaId < 0) this.vaId = f.local('i32');
    f.call(mc.imports.vaBegin).set(this.vaId);
    for (const a of extra) {
      const s = this.sc(a, op);
      mc.host.va.push({ s, d: desc(a.type, op), isFloat: a.type instanceof FloatType });
      f.get(this.vaId);
      this.pushAll(a, op);
      if (s.vt === 'i32') f.op(Op.i64_extend_i32_s);
      else if (s.vt === 'f32') f.op(Op.f64_promote_f32);
      f.i32(mc.host.va.length - 1).call(s.k === 'float' ? mc.imports.vaPushFloat : mc.imports.vaPushInt);
    }
  }

  vaOp(op: Operation): boolean {
    const f = this.f;
    const mc = this.mc;
    if (LLVM.VaStartOp.isa(op)) {
      const va = mc.fnInfo.get(LLVM.LLVMFuncOp.sym_name(this.fn))!.sig.va;
      if (!va) this.unsupported(op, `'${op.opName}' in a function that is not variadic`);
      f.i32(mc.K(op));
      this.push(LLVM.VaStartOp.arg_list(op), op);
      f.get(this.vaHandle).i32(va.gp).i32(va.fp).call(mc.imports.vaStart);
      return true;
    }
    if (LLVM.VaEndOp.isa(op)) return true;
    if (LLVM.VaCopyOp.isa(op)) {
      f.i32(mc.K(op));
      this.push(LLVM.VaCopyOp.dest_list(op), op);
      this.push(LLVM.VaCopyOp.src_list(op), op);
      f.i64(24n).call(mc.imports.memcpy);
      return true;
    }
    if (LLVM.VaArgOp.isa(op)) {
      const res = LLVM.VaArgOp.res(op);
      const s = this.sc(res, op);
      mc.host.va.push({ s, d: desc(res.type, op), isFloat: res.type instanceof FloatType });
      f.i32(mc.K(op));
      this.push(LLVM.VaArgOp.arg(op), op);
      f.i32(mc.host.va.length - 1).call(s.k === 'float' ? mc.imports.vaArgFloat : mc.imports.vaArgInt);
      if (s.vt === 'i32') f.op(Op.i32_wrap_i64);
      else if (s.vt === 'f32') f.op(Op.f32_demote_f64);
      f.set(this.out(res));
      return true;
    }
    return false;
  }

  // ---- ops

  op(op: Operation): void {
    const def = op.name.def;
    if (!def) this.unsupported(op);
    const n = elementwiseLanes(op, def);
    if (!n) return this.scalarOp(op, def);
    // One lane at a time: operands and results of vector type read and write that lane's leaf.
    for (let i = 0; i < n; i++) {
      this.lane = i;
      this.scalarOp(op, def);
    }
    this.lane = -1;
  }

  private scalarOp(op: Operation, def: OpDefinition): void {
    const f = this.f;
    const mc = this.mc;
    if (this.vectorOp(op) || this.vaOp(op)) return;
    const int = INT_ARITH.get(def);
    if (int) return this.intArith(op, int);
    const fl = FLOAT_ARITH.get(def);
    if (fl) {
      const [a, b] = fl.operands(op);
      const res = fl.res(op);
      const s = this.sc(res, op);
      if (s.k !== 'float') this.unsupported(op);
      const F = s.vt === 'f32' ? F32 : F64;
      if (fl.arith === 'remf') {
        this.push(a, op);
        if (s.vt === 'f32') f.op(Op.f64_promote_f32);
        this.push(b, op);
        if (s.vt === 'f32') f.op(Op.f64_promote_f32);
        f.call(mc.imports.frem);
        if (s.vt === 'f32') f.op(Op.f32_demote_f64);
      } else {
        this.push(a, op);
        this.push(b, op);
        f.op(F[fl.arith.slice(0, 3) as 'add']);
      }
      this.round(s);
      return void f.set(this.out(res));
    }
    const cast = CASTS.get(def);
    if (cast) return this.cast(op, cast);
    if (NATIVE_FLOAT.has(def) || ROUND_EVEN.includes(def) || HOST_FLOAT.has(def)) return this.floatIntrinsic(op, def);
    const mm = INT_MINMAX.get(def);
    if (mm) {
      const [a, b] = mm.operands(op);
      const res = mm.res(op);
      const s = this.sc(res, op);
      if (s.k !== 'int' || s.w === 1) this.unsupported(op);
      const T = s.vt === 'i32' ? I32 : I64;
      this.push(a, op);
      this.push(b, op);
      this.push(a, op);
      this.push(b, op);
      const signed = mm.arith.endsWith('si');
      const max = mm.arith.startsWith('max');
      f.op(max ? (signed ? T.gt_s : T.gt_u) : signed ? T.lt_s : T.lt_u).op(Op.select);
      return void f.set(this.out(res));
    }
    const intr = INT_INTRINSICS.get(def);
    if (intr?.name.endsWith('.with.overflow')) return this.withOverflow(op, intr);
    if (intr) {
      const operands = intr.operands(op);
      const res = intr.res(op);
      const s = this.lane >= 0 && res.type instanceof VectorType ? vectorLanes(res.type)?.e : scalarOf(res.type);
      if (!s || s.k !== 'int') this.unsupported(op, `'${op.opName}' with an aggregate result`);
      if (intr.poisonFlag?.(op)) this.unsupported(op, `'${op.opName}' that makes poison`);
      mc.host.intr.push({ name: intr.name, w: s.w });
      f.i32(mc.K(op)).i32(mc.host.intr.length - 1);
      for (let i = 0; i < 3; i++) {
        if (i < operands.length) {
          const x = this.pushSigned(operands[i], op);
          if (x.vt === 'i32') f.op(Op.i64_extend_i32_s);
        } else f.i64(0n);
      }
      f.call(mc.imports.intIntr);
      if (s.vt === 'i32') f.op(Op.i32_wrap_i64);
      return void f.set(this.out(res));
    }
    if (LLVM.ConstantOp.isa(op)) {
      const res = LLVM.ConstantOp.res(op);
      const a = LLVM.ConstantOp.value(op);
      if (a instanceof DenseIntOrFPElementsAttr) return this.denseConstant(op, res, a);
      const s = this.sc(res, op);
      if (s.k === 'float') {
        const x = a instanceof FloatAttr ? a.value : a instanceof IntegerAttr ? Number(a.value) : this.unsupported(op);
        if (s.vt === 'f32') f.f32(x);
        else f.f64(x);
      } else {
        const x = a instanceof IntegerAttr ? a.value : a instanceof FloatAttr ? a.bits : this.unsupported(op);
        const w = s.k === 'int' ? s.w : 64;
        this.constInt(s, w === 1 ? x & 1n : BigInt.asIntN(w, x));
      }
      return void f.set(this.out(res));
    }
    if (LLVM.PoisonOp.isa(op) || LLVM.UndefOp.isa(op)) {
      const res = LLVM.PoisonOp.isa(op) ? LLVM.PoisonOp.res(op) : LLVM.UndefOp.res(op as OpOf<typeof LLVM.UndefOp>);
      const K = mc.K(op);
      this.vals.set(
        res,
        leavesOf(res.type, op).map((s) => ({ p: K, s })),
      );
      return;
    }
    if (LLVM.ZeroOp.isa(op)) {
      for (const r of this.def(LLVM.ZeroOp.res(op))) {
        this.zero(r.s.vt);
        f.set((r as { l: number }).l);
      }
      return;
    }
    if (LLVM.AddressOfOp.isa(op)) {
      f.i64(BigInt(mc.addrOf(LLVM.AddressOfOp.global_name(op), op)));
      return void f.set(this.out(LLVM.AddressOfOp.res(op)));
    }
    if (UnrealizedConversionCastOp.isa(op)) {
      const inputs = UnrealizedConversionCastOp.inputs(op);
      const outputs = UnrealizedConversionCastOp.outputs(op);
      if (inputs.length !== 1 || outputs.length !== 1) this.unsupported(op);
      const r = this.refs(inputs[0], op);
      const want = leavesOf(outputs[0].type, op);
      if (r.length !== want.length || r.some((x, i) => x.s.vt !== want[i].vt)) this.unsupported(op);
      this.vals.set(outputs[0], r);
      return;
    }
    if (LLVM.ExtractValueOp.isa(op)) {
      const c = LLVM.ExtractValueOp.container(op);
      const [start, n] = leafRange(c.type, LLVM.ExtractValueOp.position(op).map(Number), op);
      this.vals.set(LLVM.ExtractValueOp.res(op), this.refs(c, op).slice(start, start + n));
      return;
    }
    if (LLVM.InsertValueOp.isa(op)) {
      const c = LLVM.InsertValueOp.container(op);
      const [start, n] = leafRange(c.type, LLVM.InsertValueOp.position(op).map(Number), op);
      const r = this.refs(c, op).slice();
      r.splice(start, n, ...this.refs(LLVM.InsertValueOp.value(op), op));
      this.vals.set(LLVM.InsertValueOp.res(op), r);
      return;
    }
    if (LLVM.ICmpOp.isa(op)) return this.icmp(op);
    if (LLVM.FCmpOp.isa(op)) return this.fcmp(op);
    if (LLVM.SelectOp.isa(op)) {
      const cond = LLVM.SelectOp.condition(op);
      if (this.refs(cond, op).some(maybePoison)) this.unsupported(op, 'a select on poison');
      const t = this.refs(LLVM.SelectOp.trueValue(op), op);
      const e = this.refs(LLVM.SelectOp.falseValue(op), op);
      const out = this.def(LLVM.SelectOp.res(op));
      out.forEach((r, i) => {
        for (const x of [t[i], e[i]]) if (maybePoison(x)) this.unsupported(op, 'a select of poison');
        f.get((t[i] as { l: number }).l).get((e[i] as { l: number }).l);
        this.push(cond, op);
        f.op(Op.select).set((r as { l: number }).l);
      });
      return;
    }
    if (LLVM.FNegOp.isa(op)) {
      const s = this.push(LLVM.FNegOp.operand(op), op);
      f.op(s.vt === 'f32' ? Op.f32_neg : Op.f64_neg);
      return void f.set(this.out(LLVM.FNegOp.res(op)));
    }
    if (LLVM.BitcastOp.isa(op)) {
      const arg = LLVM.BitcastOp.arg(op);
      const res = LLVM.BitcastOp.res(op);
      const from = this.sc(arg, op);
      const to = this.sc(res, op);
      this.push(arg, op);
      if (from.k === 'float' && from.small) {
        if (from.small === 'f16') f.call(mc.helper('f16Bits'));
        else f.op(Op.f32_demote_f64).op(Op.i32_reinterpret_f32).i32(16).op(Op.i32_shr_u);
        this.norm(to);
        return void f.set(this.out(res));
      }
      if (to.k === 'float' && to.small) {
        if (from.vt !== 'i32') this.unsupported(op);
        this.zmask(from);
        if (to.small === 'f16') f.call(mc.helper('bitsF16'));
        else f.i32(16).op(Op.i32_shl).op(Op.f32_reinterpret_i32).op(Op.f64_promote_f32);
        return void f.set(this.out(res));
      }
      if (from.vt !== to.vt) {
        const code = (<Record<string, number>>{ 'i32>f32': Op.f32_reinterpret_i32, 'f32>i32': Op.i32_reinterpret_f32, 'i64>f64': Op.f64_reinterpret_i64, 'f64>i64': Op.i64_reinterpret_f64 })[`${from.vt}>${to.vt}`];
        if (code === undefined) this.unsupported(op);
        f.op(code);
      }
      return void f.set(this.out(res));
    }
    if (LLVM.PtrToIntOp.isa(op)) {
      const res = LLVM.PtrToIntOp.res(op);
      const to = this.sc(res, op);
      this.push(LLVM.PtrToIntOp.arg(op), op);
      if (to.vt === 'i32') f.op(Op.i32_wrap_i64);
      this.norm(to);
      return void f.set(this.out(res));
    }
    if (LLVM.IntToPtrOp.isa(op)) {
      const arg = LLVM.IntToPtrOp.arg(op);
      const from = this.push(arg, op);
      if (from.vt === 'i32') {
        this.zmask(from);
        f.op(Op.i64_extend_i32_u);
      }
      return void f.set(this.out(LLVM.IntToPtrOp.res(op)));
    }
    if (LLVM.AddrSpaceCastOp.isa(op)) {
      this.push(LLVM.AddrSpaceCastOp.arg(op), op);
      return void f.set(this.out(LLVM.AddrSpaceCastOp.res(op)));
    }
    if (LLVM.LoadOp.isa(op)) return this.load(op);
    if (LLVM.StoreOp.isa(op)) return this.store(op);
    if (LLVM.AllocaOp.isa(op)) {
      const d = desc(LLVM.AllocaOp.elem_type(op), op);
      const align = Number(LLVM.AllocaOp.alignment(op) ?? BigInt(d.align));
      f.i32(mc.K(op));
      const s = this.pushSigned(LLVM.AllocaOp.arraySize(op), op);
      if (s.vt === 'i32') f.op(Op.i64_extend_i32_s);
      f.i32(d.size).i32(align).call(mc.imports.alloca);
      return void f.set(this.out(LLVM.AllocaOp.res(op)));
    }
    if (LLVM.GEPOp.isa(op)) return this.gep(op);
    if (LLVM.CallOp.isa(op)) return this.call(op);
    if (LLVM.BrOp.isa(op)) return this.branch(op, LLVM.BrOp.dest(op), LLVM.BrOp.destOperands(op));
    if (LLVM.CondBrOp.isa(op)) {
      this.push(LLVM.CondBrOp.condition(op), op);
      f.structured(Op.if, 'void');
      this.enterIf();
      this.branch(op, LLVM.CondBrOp.trueDest(op), LLVM.CondBrOp.trueDestOperands(op));
      f.op(Op.else);
      this.branch(op, LLVM.CondBrOp.falseDest(op), LLVM.CondBrOp.falseDestOperands(op));
      f.op(Op.end);
      this.leaveIf();
      return;
    }
    if (LLVM.SwitchOp.isa(op)) {
      const values = LLVM.SwitchOp.case_values(op)?.intValues() ?? [];
      const value = LLVM.SwitchOp.value(op);
      const dests = LLVM.SwitchOp.caseDestinations(op);
      const operands = LLVM.SwitchOp.caseOperandRanges(op);
      values.forEach((x, i) => {
        const s = this.push(value, op);
        const w = s.k === 'int' ? s.w : 64;
        this.constInt(s, w === 1 ? x & 1n : BigInt.asIntN(w, x));
        f.op(s.vt === 'i32' ? Op.i32_eq : Op.i64_eq).structured(Op.if, 'void');
        this.enterIf();
        this.branch(op, dests[i], operands[i]);
        f.op(Op.end);
        this.leaveIf();
      });
      this.push(value, op);
      f.op(Op.drop);
      return this.branch(op, LLVM.SwitchOp.defaultDestination(op), LLVM.SwitchOp.defaultOperands(op));
    }
    if (LLVM.ReturnOp.isa(op)) return this.ret(op);
    if (LLVM.UnreachableOp.isa(op)) {
      mc.host.errors.push(`reached an '${op.opName}'`);
      f.i32(mc.K(op)).i32(mc.host.errors.length - 1).call(mc.imports.err).op(Op.unreachable);
      return;
    }
    if (LLVM.MemcpyOp.isa(op) || LLVM.MemmoveOp.isa(op)) {
      const [dst, src, len] = LLVM.MemcpyOp.isa(op) ? [LLVM.MemcpyOp.dst(op), LLVM.MemcpyOp.src(op), LLVM.MemcpyOp.len(op)] : [LLVM.MemmoveOp.dst(op as OpOf<typeof LLVM.MemmoveOp>), LLVM.MemmoveOp.src(op as OpOf<typeof LLVM.MemmoveOp>), LLVM.MemmoveOp.len(op as OpOf<typeof LLVM.MemmoveOp>)];
      f.i32(mc.K(op));
      this.push(dst, op);
      this.push(src, op);
      if (this.pushSigned(len, op).vt === 'i32') f.op(Op.i64_extend_i32_s);
      return void f.call(mc.imports.memcpy);
    }
    if (LLVM.MemsetOp.isa(op)) {
      f.i32(mc.K(op));
      this.push(LLVM.MemsetOp.dst(op), op);
      this.push(LLVM.MemsetOp.val(op), op);
      if (this.pushSigned(LLVM.MemsetOp.len(op), op).vt === 'i32') f.op(Op.i64_extend_i32_s);
      return void f.call(mc.imports.memset);
    }
    if (LLVM.StackSaveOp.isa(op)) {
      f.call(mc.imports.spGet).op(Op.i64_extend_i32_u);
      return void f.set(this.out(LLVM.StackSaveOp.res(op)));
    }
    if (LLVM.StackRestoreOp.isa(op)) {
      this.push(LLVM.StackRestoreOp.ptr(op), op);
      return void f.op(Op.i32_wrap_i64).call(mc.imports.spRestore);
    }
    if (LLVM.IsFPClassOp.isa(op)) {
      const x = LLVM.IsFPClassOp.in(op);
      const s = this.sc(x, op);
      if (s.k !== 'float') this.unsupported(op);
      mc.host.fpClass.push({ f: s.vt, mask: Number(LLVM.IsFPClassOp.bit(op)) });
      f.i32(mc.host.fpClass.length - 1);
      this.push(x, op);
      if (s.vt === 'f32') f.op(Op.f64_promote_f32);
      f.call(mc.imports.fpClass);
      return void f.set(this.out(LLVM.IsFPClassOp.res(op)));
    }
    if (LLVM.InvariantStartOp.isa(op)) {
      f.i64(0n);
      return void f.set(this.out(LLVM.InvariantStartOp.res(op)));
    }
    // Hints without run-time behaviour.
    if ([LLVM.AssumeOp, LLVM.LifetimeStartOp, LLVM.LifetimeEndOp, LLVM.InvariantEndOp].some((h) => h.isa(op))) return;
    this.unsupported(op);
  }

  /** {result, overflowed} of s/u add/sub/mul.with.overflow: the JavaScript engine's exact computation, through the host. */
  withOverflow(op: Operation, intr: OpView & { name: string }): void {
    const f = this.f;
    const mc = this.mc;
    const [a, b] = intr.operands(op);
    const res = intr.res(op);
    const s = this.sc(a, op);
    if (s.k !== 'int') this.unsupported(op);
    const [r, o] = this.def(res) as { l: number; s: Sc }[];
    mc.host.intr.push({ name: intr.name, w: s.w });
    f.i32(mc.K(op)).i32(mc.host.intr.length - 1);
    for (const v of [a, b]) if (this.pushSigned(v, op).vt === 'i32') f.op(Op.i64_extend_i32_s);
    f.call(mc.imports.ovfIntr).set(o.l);
    if (r.s.vt === 'i32') f.op(Op.i32_wrap_i64);
    f.set(r.l);
  }

  // ---- vectors (one leaf per lane)

  /** A dense vector (or array of vectors) constant: one constant per leaf. */
  denseConstant(op: Operation, res: Value, a: DenseIntOrFPElementsAttr): void {
    const f = this.f;
    const et = (a.type as VectorType).elementType;
    const vals = a.intValues();
    const leaves = this.def(res);
    if (leaves.length !== vals.length) this.unsupported(op, `a constant that does not match its type ${res.type.key}`);
    leaves.forEach((r, i) => {
      const s = r.s;
      if (s.k === 'float') {
        const x = et instanceof FloatType ? toDouble(et.semantics, vals[i]) : Number(vals[i]);
        if (s.vt === 'f32') f.f32(x);
        else f.f64(x);
      } else {
        const w = s.k === 'int' ? s.w : 64;
        this.constInt(s, w === 1 ? vals[i] & 1n : BigInt.asIntN(w, vals[i]));
      }
      f.set((r as { l: number }).l);
    });
  }

  /** insertelement, extractelement, shufflevector: leaves moved (constant positions) or selected (dynamic ones). */
  vectorOp(op: Operation): boolean {
    const f = this.f;
    if (LLVM.ShuffleVectorOp.isa(op)) {
      const a = this.refs(LLVM.ShuffleVectorOp.v1(op), op);
      const b = this.refs(LLVM.ShuffleVectorOp.v2(op), op);
      const res = LLVM.ShuffleVectorOp.res(op);
      const e = vectorLanes(res.type)?.e ?? this.unsupported(op, `values of type ${res.type.key}`);
      const K = this.mc.K(op);
      // A mask element -1 is a poison lane (the JavaScript engine's poison of this op).
      this.vals.set(
        res,
        LLVM.ShuffleVectorOp.mask(op).map(Number).map((m) => (m < 0 ? { p: K, s: e } : m < a.length ? a[m] : b[m - a.length])),
      );
      return true;
    }
    if (LLVM.ExtractElementOp.isa(op)) {
      const vec = this.refs(LLVM.ExtractElementOp.vector(op), op);
      const pos = LLVM.ExtractElementOp.position(op);
      const res = LLVM.ExtractElementOp.res(op);
      const c = this.constAmount(pos);
      if (c !== undefined) {
        // Out of range: poison, as the JavaScript engine makes it.
        this.vals.set(res, [c >= 0n && c < BigInt(vec.length) ? vec[Number(c)] : { p: this.mc.K(op), s: vec[0].s }]);
        return true;
      }
      this.inRange(op, pos, vec.length, res);
      const out = this.out(res);
      for (const r of vec) if (maybePoison(r)) this.unsupported(op, 'a dynamic extractelement from a vector with poison lanes');
      f.get((vec[0] as { l: number }).l).set(out);
      for (let j = 1; j < vec.length; j++) {
        f.get((vec[j] as { l: number }).l).get(out);
        this.laneIs(op, pos, j);
        f.op(Op.select).set(out);
      }
      return true;
    }
    if (LLVM.InsertElementOp.isa(op)) {
      const vec = this.refs(LLVM.InsertElementOp.vector(op), op);
      const value = this.refs(LLVM.InsertElementOp.value(op), op);
      const pos = LLVM.InsertElementOp.position(op);
      const res = LLVM.InsertElementOp.res(op);
      const c = this.constAmount(pos);
      if (c !== undefined) {
        if (c < 0n || c >= BigInt(vec.length)) this.unsupported(op, 'an insertelement out of range (poison)');
        const r = vec.slice();
        r[Number(c)] = value[0];
        this.vals.set(res, r);
        return true;
      }
      this.inRange(op, pos, vec.length, res);
      const out = this.def(res);
      for (const r of [...vec, ...value]) if (maybePoison(r)) this.unsupported(op, 'a dynamic insertelement with poison');
      out.forEach((r, j) => {
        f.get((value[0] as { l: number }).l).get((vec[j] as { l: number }).l);
        this.laneIs(op, pos, j);
        f.op(Op.select).set((r as { l: number }).l);
      });
      return true;
    }
    return false;
  }
  /** A call of the runtime library's printI64/printU64/printF16/printBF16/printF32/printF64 (not defined by the module). */
  private printsNumber(o: Operation): boolean {
    if (!LLVM.CallOp.isa(o)) return false;
    const callee = LLVM.CallOp.callableForCallee(o);
    return callee instanceof SymbolRefAttr && PRINT_NUMBER.has(callee.leaf) && !this.mc.fnInfo.has(callee.leaf);
  }
  /** Pushes whether the dynamic position `pos` is lane j. */
  private laneIs(op: Operation, pos: Value, j: number): void {
    const s = this.push(pos, op);
    this.constInt(s, BigInt(j));
    this.f.op(s.vt === 'i32' ? Op.i32_eq : Op.i64_eq);
  }
  /**
   * A dynamic position out of range makes poison: reported at once when the
   * result is used right away (as the JavaScript engine reports its use),
   * else the module falls back.
   */
  private inRange(op: Operation, pos: Value, n: number, res: Value): void {
    if (!firstUseIsStrict(op, res, (o) => this.printsNumber(o))) this.unsupported(op, 'a dynamic vector position whose result is not used right away (out of range, it is poison)');
    const s = this.push(pos, op);
    this.zmask(s);
    this.constInt(s, BigInt(n));
    this.f.op(s.vt === 'i32' ? Op.i32_ge_u : Op.i64_ge_u);
    this.failIf(this.mc.imports.poisonUse, this.mc.K(op));
  }

  floatIntrinsic(op: Operation, def: OpDefinition): void {
    const f = this.f;
    const host = HOST_FLOAT.get(def);
    const view = host?.view ?? unaryOrBinaryView(op);
    const operands = view.operands(op);
    const res = view.res(op);
    const s = this.sc(res, op);
    if (s.k !== 'float') this.unsupported(op);
    const native = NATIVE_FLOAT.get(def);
    if (native) {
      for (const v of operands) this.push(v, op);
      f.op(s.vt === 'f32' ? native[0] : native[1]);
      if (LLVM.SqrtOp.isa(op)) this.round(s);
    } else if (!host) {
      // roundeven: exact through f64.nearest.
      this.push(operands[0], op);
      if (s.vt === 'f32') f.op(Op.f64_promote_f32);
      f.op(Op.f64_nearest);
      if (s.vt === 'f32') f.op(Op.f32_demote_f64);
    } else {
      const fn = host.fn((s.small ?? s.vt) as 'f32');
      if (!fn) this.unsupported(op, `'${op.opName}' on ${s.small ?? s.vt}`);
      this.mc.host.floats.push(fn);
      f.i32(this.mc.host.floats.length - 1);
      for (const v of operands) {
        const x = this.push(v, op);
        if (x.vt === 'f32') f.op(Op.f64_promote_f32);
        else if (x.vt === 'i32') f.op(Op.f64_convert_i32_s);
        else if (x.vt === 'i64') f.op(Op.f64_convert_i64_s);
      }
      f.call(this.mc.imports.hostFloat[operands.length - 1]);
      if (s.vt === 'f32') f.op(Op.f32_demote_f64);
      this.round(s);
    }
    f.set(this.out(res));
  }
}

/** Operands and result of a one- or two-operand float intrinsic without a HOST_FLOAT entry. */
function unaryOrBinaryView(op: Operation): OpView {
  for (const [h, names] of [
    [LLVM.FAbsOp, ['in']],
    [LLVM.FFloorOp, ['in']],
    [LLVM.FCeilOp, ['in']],
    [LLVM.FTruncOp, ['in']],
    [LLVM.SqrtOp, ['in']],
    [LLVM.RoundEvenOp, ['in']],
    [LLVM.RintOp, ['in']],
    [LLVM.NearbyintOp, ['in']],
    [LLVM.CopySignOp, ['a', 'b']],
    [LLVM.MaximumOp, ['a', 'b']],
    [LLVM.MinimumOp, ['a', 'b']],
  ] as const)
    if (h.isa(op)) return hostView(h, names);
  throw new WasmUnsupported(op, `'${op.opName}'`);
}

/** A function's CFG, when reducible: reverse postorder numbers, dominator tree, loop headers, merge blocks. */
interface Cfg {
  rpo: Map<Block, number>;
  children: Map<Block, Block[]>;
  loopHeaders: Set<Block>;
  merge: Set<Block>;
}

/** The CFG's analysis, or undefined when it is irreducible or its dominator tree too deep for the recursive translation. */
function analyzeCfg(region: Region): Cfg | undefined {
  const { order, index: rpo, idom } = computeDominators(region);
  // Predecessors reachable from the entry (the unreachable ones are not translated).
  const preds = new Map<Block, Block[]>(order.map((b) => [b, b.predecessors().filter((p) => rpo.has(p))]));
  const dominates = (a: Block, b: Block): boolean => {
    for (let x = b; ; x = idom.get(x)!) {
      if (x === a) return true;
      if (x === order[0]) return false;
    }
  };
  const loopHeaders = new Set<Block>();
  const merge = new Set<Block>();
  for (const b of order) {
    let forward = 0;
    for (const p of preds.get(b)!) {
      if (rpo.get(b)! <= rpo.get(p)!) {
        // A retreating edge to a block that does not dominate its source: irreducible.
        if (!dominates(b, p)) return undefined;
        loopHeaders.add(b);
      } else forward++;
    }
    if (forward > 1) merge.add(b);
  }
  const children = new Map<Block, Block[]>();
  const depth = new Map<Block, number>([[order[0], 0]]);
  for (const b of order.slice(1)) {
    const d = idom.get(b)!;
    const list = children.get(d) ?? [];
    list.push(b);
    children.set(d, list);
    depth.set(b, depth.get(d)! + 1);
    if (depth.get(b)! > 500) return undefined;
  }
  return { rpo, children, loopHeaders, merge };
}

/** The scalars the JavaScript engine stores with its fast stores (which use the value; the others write poison as zeros). */
const FAST_STORE = new Set(['i1', 'i8', 'i16', 'i32', 'i64', 'ptr', 'f32', 'f64']);

const PRINT_NUMBER = new Set(['printI64', 'printU64', 'printF16', 'printBF16', 'printF32', 'printF64']);

/** The lane count when `op` is an elementwise op on vectors (emitted lane by lane), else 0. */
function elementwiseLanes(op: Operation, def: OpDefinition): number {
  let n = 0;
  for (const r of op.results) {
    const l = vectorLanes(r.type);
    if (!l) return 0;
    n = l.n;
  }
  if (!n) return 0;
  if (INT_ARITH.has(def) || FLOAT_ARITH.has(def) || INT_MINMAX.has(def) || INT_INTRINSICS.has(def) || NATIVE_FLOAT.has(def) || ROUND_EVEN.includes(def) || HOST_FLOAT.has(def)) return n;
  if (CASTS.has(def) || LLVM.BitcastOp.isa(op) || LLVM.PtrToIntOp.isa(op) || LLVM.IntToPtrOp.isa(op)) {
    // Lane to lane only: a bitcast between vectors of other lane counts reinterprets bytes (the JavaScript engine).
    for (const a of op.operands) if (vectorLanes(a.type)?.n !== n) return 0;
    return n;
  }
  return [LLVM.ICmpOp, LLVM.FCmpOp, LLVM.SelectOp, LLVM.FNegOp].some((h) => h.isa(op)) ? n : 0;
}

/** Ops that cannot fail or have an effect (and do not use poison): what may come between a flagged op and its first use. */
function isQuiet(op: Operation): boolean {
  const def = op.name.def;
  if (!def) return false;
  const int = INT_ARITH.get(def);
  if (int) return !['divsi', 'divui', 'remsi', 'remui'].includes(int.arith);
  return (
    FLOAT_ARITH.has(def) ||
    [LLVM.ConstantOp, LLVM.GEPOp, LLVM.ICmpOp, LLVM.FCmpOp, LLVM.ExtractValueOp, LLVM.InsertValueOp, LLVM.ZExtOp, LLVM.SExtOp, LLVM.TruncOp, LLVM.AddressOfOp, LLVM.ZeroOp, LLVM.PoisonOp, LLVM.UndefOp, LLVM.SIToFPOp, LLVM.UIToFPOp, LLVM.BitcastOp].some((h) => h.isa(op))
  );
}

/** Whether `res`'s first use is in `op`'s block, uses it (as arithmetic or an address does), and only quiet ops come before it. */
function firstUseIsStrict(op: Operation, res: Value, printsNumber?: (call: Operation) => boolean): boolean {
  const users = new Set(res.users());
  for (let o = op.next; o; o = o.next) {
    if (users.has(o)) {
      const def = o.name.def;
      if (!def) return false;
      const int = INT_ARITH.get(def);
      if (int) return true;
      // min/max compare their operands, the integer intrinsics convert them (the JavaScript engine's valueOf).
      if (INT_MINMAX.has(def) || INT_INTRINSICS.has(def)) return true;
      if (LLVM.GEPOp.isa(o)) return true;
      if (LLVM.LoadOp.isa(o)) return true;
      // A scalar stored is converted (and so used) too.
      if (LLVM.StoreOp.isa(o)) return LLVM.StoreOp.addr(o) === res || scalarOf(res.type) !== undefined;
      // The runtime library's number printing formats (and so uses) its argument.
      if (printsNumber?.(o)) return true;
      // A cast passes poison on (or uses it): its result's first use decides.
      if (CASTS.has(def)) for (const r of o.results) return firstUseIsStrict(o, r, printsNumber);
      // Comparisons and casts may pass a poison value on unused (=== or a copy).
      return false;
    }
    if (!isQuiet(o)) return false;
  }
  return false;
}

/** The scalar leaves' layouts of an aggregate, in order. */
function scalarDescs(d: Desc, out: Desc[] = []): Desc[] {
  if (d.k === 'scalar') out.push(d);
  else if (d.k === 'agg') for (const f of d.fields) scalarDescs(f.d, out);
  else if (d.d.k === 'scalar' && d.d.s !== 'i1') for (let i = 0; i < d.n; i++) out.push(d.d);
  else throw new LayoutError('memory accesses of vectors of i1 (bit-packed)');
  return out;
}

// ============================================================================
// The engine

/** A wasm value as the JavaScript engine represents it. */
function toEngine(s: Sc, v: unknown): unknown {
  if (s.k === 'float') return v;
  if (s.k === 'ptr') return Number(BigInt.asUintN(64, v as bigint));
  if (s.w <= 32) return v;
  return wide(s.w).canon(v as bigint);
}
/** A JavaScript engine value as wasm takes it. */
function toWasm(s: Sc, v: unknown): unknown {
  if (v instanceof Poison) v.valueOf();
  if (s.k === 'float') return Number(v);
  if (s.vt === 'i64') return BigInt.asIntN(64, BigInt(v as number | bigint));
  return Number(v) | 0;
}

/** An LLVM-dialect module compiled to WebAssembly over the JavaScript LLVM engine's memory and runtime library. */
export class LLVMWasmEngine {
  /** The JavaScript engine: globals, runtime library, memory (and -dump-object-file's source). */
  readonly js: LLVMExecutionEngine;
  readonly wasm: CompiledLLVMWasm;
  private readonly exportsObj: Record<string, (...args: unknown[]) => unknown>;
  private readonly rt: LLVMRuntime;

  constructor(
    readonly module: Operation,
    options: { output?: OutputSink; errorOutput?: OutputSink } = {},
  ) {
    const js = (this.js = new LLVMExecutionEngine(module, options));
    const rt = (this.rt = js.rt);
    const ops = js.compiled.ops as Operation[];
    const ids = new Map<Operation, number>(ops.map((op, i) => [op, i]));
    const K = (op: Operation): number => {
      let k = ids.get(op);
      if (k === undefined) ids.set(op, (k = ops.push(op) - 1));
      return k;
    };
    const globals = new Map(js.compiled.globals.map((g, i) => [g.name, i]));
    const addrOf = (name: string, op: Operation): number => {
      const g = globals.get(name);
      if (g !== undefined) return rt.globalAddrs[g];
      const i = js.compiled.fnTable.indexOf(name);
      if (i < 0) throw new WasmUnsupported(op, `the address of @${name}`);
      return rt.fnAddrs[i];
    };
    this.wasm = compileLLVMWasm(module, K, addrOf);
    const h = this.wasm.host;
    const mem = rt.mem;
    const toNum = (x: bigint): number => Number(BigInt.asUintN(64, x));
    const vaLists: [unknown, number][][] = [[]];
    const descIndex = (d: Desc): number => {
      const i = rt.descs.indexOf(d);
      return i >= 0 ? i : rt.descs.push(d) - 1;
    };
    const env: Record<string, (...a: never[]) => unknown> = {
      fault: (k: number, p: bigint, n: number, write: number) => rt.fault(k, toNum(p), n, write === 1),
      div0: (k: number) => rt.div0(k),
      ovf: (k: number) => rt.ovf(k),
      poisonUse: (k: number) => rt.poison(k).valueOf(),
      err: (k: number, msg: number) => rt.error(k, h.errors[msg]),
      alloca: (k: number, n: bigint, size: number, align: number) => BigInt(rt.alloca(k, wide(64).canon(n), size, align)),
      spGet: () => mem.sp,
      spRestore: (sp: number) => mem.restore(sp >>> 0),
      memcpy: (k: number, d: bigint, s: bigint, n: bigint) => rt.memcpy(k, toNum(d), toNum(s), wide(64).canon(n)),
      memset: (k: number, d: bigint, v: number, n: bigint) => rt.memset(k, toNum(d), v, wide(64).canon(n)),
      checkRange: (k: number, p: bigint, n: number, write: number) => rt.checkAccess(k, toNum(p), n, write === 1),
      frem: (a: number, b: number) => a % b,
      hostFloat1: (i: number, a: number) => h.floats[i](a, 0, 0),
      hostFloat2: (i: number, a: number, b: number) => h.floats[i](a, b, 0),
      hostFloat3: (i: number, a: number, b: number, c: number) => h.floats[i](a, b, c),
      fptosi: (x: number, w: number) => BigInt(rt.fptosiX(x, w)),
      fptoui: (x: number, w: number) => BigInt(rt.fptouiX(x, w)),
      intIntr: (k: number, i: number, a: bigint, b: bigint, c: bigint) => {
        const r = rt.intIntr(k, h.intr[i].name, h.intr[i].w, false, a, b, c);
        if (r instanceof Poison) r.valueOf();
        return BigInt.asIntN(64, BigInt(r as number | bigint));
      },
      fpClass: (i: number, x: number) => (fpClass(h.fpClass[i].f, h.fpClass[i].mask, x) ? 1 : 0),
      ovfIntr: (k: number, i: number, a: bigint, b: bigint) => {
        const [r, o] = rt.intIntr(k, h.intr[i].name, h.intr[i].w, false, a, b) as [number | bigint, number];
        return [BigInt.asIntN(64, BigInt(r)), o];
      },
      // Variadic arguments: one list per call in progress (handle 0: none), [value, layout] as the JavaScript engine's vastart takes them.
      vaBegin: () => vaLists.push([]) - 1,
      vaEnd: (id: number) => void (vaLists.length = id),
      vaPushInt: (id: number, v: bigint, i: number) => void vaLists[id].push([toEngine(h.va[i].s, h.va[i].s.vt === 'i32' ? Number(v) : v), descIndex(h.va[i].d)]),
      vaPushFloat: (id: number, v: number, i: number) => void vaLists[id].push([v, descIndex(h.va[i].d)]),
      vaStart: (k: number, list: bigint, id: number, gp: number, fp: number) => rt.vastart(k, toNum(list), vaLists[id] ?? [], gp, fp),
      vaArgInt: (k: number, list: bigint, i: number) => BigInt.asIntN(64, BigInt(rt.vaarg(k, toNum(list), descIndex(h.va[i].d), false) as number | bigint)),
      vaArgFloat: (k: number, list: bigint, i: number) => Number(rt.vaarg(k, toNum(list), descIndex(h.va[i].d), true)),
    };
    const ext: Record<string, (...a: unknown[]) => unknown> = {};
    h.ext.forEach((e, i) => {
      ext[String(i)] = (k: unknown, ...args: unknown[]) => {
        const r = rt.ext(k as number, e.name, args.map((a, j) => toEngine(e.params[j], a)));
        return e.result ? toWasm(e.result, r) : undefined;
      };
    });
    const cap = mem.tag.length;
    const module_ = new WebAssembly.Module(this.wasm.bytes as Uint8Array<ArrayBuffer>);
    const instance = new WebAssembly.Instance(module_, { env, ext } as unknown as WebAssembly.Imports);
    this.exportsObj = instance.exports as unknown as Record<string, (...args: unknown[]) => unknown>;
    const wm = instance.exports.memory as WebAssembly.Memory;
    const setCap = this.exportsObj.setCap;
    // The JavaScript engine's memory (globals already in it) moves into the linear memory.
    const pagesFor = (bytes: number): number => Math.ceil((2 * bytes) / PAGE);
    wm.grow(pagesFor(cap) - wm.buffer.byteLength / PAGE);
    // Only what was written: the untouched part of the 8 MB stack is zero on both sides, and
    // copying it touched 16 MB of fresh pages at every start (~10 ms of a tiny run).
    const used = mem.used;
    const spans: [number, number][] = [[0, mem.stackUsed], [STACK_BYTES, used]];
    for (const [from, to] of spans) {
      if (to <= from) continue;
      new Uint8Array(wm.buffer, from, to - from).set(mem.u8.subarray(from, to));
      new Uint8Array(wm.buffer, cap + from, to - from).set(mem.tag.subarray(from, to));
    }
    const bind = (c: number): void => {
      mem.buf = wm.buffer;
      mem.u8 = new Uint8Array(wm.buffer, 0, c);
      mem.dv = new DataView(wm.buffer, 0, c);
      mem.tag = new Uint8Array(wm.buffer, c, c);
      setCap(c);
    };
    bind(cap);
    mem.growHook = (n: number): void => {
      const old = mem.tag.length;
      const have = wm.buffer.byteLength / PAGE;
      try {
        wm.grow(pagesFor(n) - have);
      } catch {
        throw new ExecError(undefined, `out of memory: the WebAssembly memory cannot grow to ${2 * n} bytes`);
      }
      const u8 = new Uint8Array(wm.buffer);
      u8.copyWithin(n, old, 2 * old);
      u8.fill(0, old, 2 * old);
      bind(n);
    };
  }

  lookup(name: string): OpOf<typeof LLVM.LLVMFuncOp> | undefined {
    return this.js.lookup(name);
  }
  signature(op: OpOf<typeof LLVM.LLVMFuncOp>): { inputs: readonly Type[]; result: Type | undefined } {
    return this.js.signature(op);
  }

  private guarded<T>(f: () => T): T {
    try {
      return f();
    } catch (e) {
      if (isStackOverflow(e)) {
        const K = (this.exportsObj.getCs as () => number)();
        const op = K >= 0 ? this.js.compiled.ops[K] : undefined;
        const err = new ExecError(op, opLabel(op) + 'stack overflow: the call depth exceeds what the engine can execute (unbounded recursion?)');
        err.stackOverflow = true;
        throw err;
      }
      if (e instanceof WebAssembly.RuntimeError) throw new ExecError(undefined, `internal error in the WebAssembly LLVM engine: ${e.message}`);
      throw e;
    } finally {
      this.rt.flush();
    }
  }

  private callByName(name: string, args: unknown[]): unknown {
    const e = this.wasm.exports.get(name);
    if (!e) return this.rt.ext(-1, name, args);
    const r = this.exportsObj[e.name](...args.map((a, i) => toWasm(e.sig.params[i], a)));
    if (e.sig.results.length === 1) return toEngine(e.sig.results[0], r);
    if (e.sig.results.length > 1) return (r as unknown[]).map((x, i) => toEngine(e.sig.results[i], x));
    return undefined;
  }

  /** Runs the global constructors, `name`, then the global destructors; returns the result of `name`. */
  run(name: string, args: unknown[] = []): unknown {
    return this.guarded(() => {
      for (const c of this.js.compiled.ctors) this.callByName(c, []);
      const r = this.callByName(name, args);
      for (const d of this.js.compiled.dtors) this.callByName(d, []);
      return r;
    });
  }

  /** Calls `name` with arguments in the JavaScript engine's representation. */
  invokeRaw(name: string, args: unknown[] = []): unknown {
    return this.guarded(() => this.callByName(name, args));
  }
}
