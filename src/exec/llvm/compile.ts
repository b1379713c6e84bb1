// Compiles an LLVM-dialect module to JavaScript: each llvm.func becomes one
// JS function (blocks are cases of a `switch` in a labelled loop, SSA values
// are local variables). Scalar arithmetic reuses the expression builders of
// the func-level engine (scalar.ts), so integers have the same exact
// representation: width <= 32 as sign-normalized numbers, wider as a number
// when safe and a BigInt otherwise. Pointers are numbers (heap addresses),
// aggregates and vectors are JS arrays (never mutated in place).

import { Interner } from '../interner.js';
import type { Attribute, Type } from '../../ir/attributes.js';
import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr, StringAttr, SymbolRefAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, VectorType, ShapedType } from '../../ir/builtin-types.js';
import type { OpDefinition } from '../../ir/context.js';
import type { Block, Operation, Region, Value } from '../../ir/operation.js';
import { toDouble } from '../../ir/apfloat.js';
import { UnrealizedConversionCastOp } from '../../dialects/builtin/index.js';
import * as LLVM from '../../dialects/llvm/index.js';
import { LLVMArrayType, LLVMPointerType, LLVMStructType } from '../../dialects/llvm/index.js';
import type { Op, OpHandleCore, OpOf } from '../../ods/index.js';
import { UnsupportedError } from '../codegen.js';
import { wide } from '../numeric.js';
import { castExpr, cmpfBool, cmpiBool, floatBinary, intBinary, intLit, numLit, roundExpr, wideName, N, S, U } from '../scalar.js';
import type { FloatName, Repr } from '../types.js';
import { descOf, LayoutError, type Desc } from './layout.js';

export interface LLVMGlobal {
  name: string;
  op: Operation;
  type: Type;
  desc: Desc;
  constant: boolean;
  /** Initial value in the engine's representation, or the JS name of the initializer function. */
  init: unknown;
  initFn: string | undefined;
}

export interface CompiledLLVM {
  source: string;
  ops: Operation[];
  functions: Map<string, { js: string; op: OpOf<typeof LLVM.LLVMFuncOp> }>;
  /** Declared-only functions (resolved to runtime functions). */
  externals: Map<string, OpOf<typeof LLVM.LLVMFuncOp>>;
  globals: LLVMGlobal[];
  descs: Desc[];
  /** Functions whose address is taken (index = position in the function table). */
  fnTable: string[];
  ctors: string[];
  dtors: string[];
}

/** A scalar type's representation for the expression builders. */
function scalarRepr(t: Type): Repr | undefined {
  if (t instanceof IntegerType) return t.width <= 32 ? { k: 'int', w: t.width } : { k: 'wide', w: t.width };
  if (t instanceof IndexType) return { k: 'wide', w: 64 };
  if (t instanceof FloatType) {
    const n = t.name;
    if (n === 'f16' || n === 'bf16' || n === 'f32' || n === 'f64') return { k: 'float', f: n as FloatName };
    return undefined;
  }
  if (t instanceof LLVMPointerType) return { k: 'wide', w: 64 };
  return undefined;
}

const elemOf = (t: Type): Type => (t instanceof VectorType ? t.elementType : t);

// ---- the ops compiled by table: each entry reads its op through the op's handle

/** Named operands and result of a table-compiled op, read through its handle. */
export interface OpView {
  operands(op: Operation): Value[];
  res(op: Operation): Value;
}

type Accessor<N extends string> = (op: Op<N>) => Value;
type ViewHandle<N extends string, K extends string> = OpHandleCore<N> & { readonly [P in K | 'res']: Accessor<N> };

/** The view of an op whose operands are `names` (in order) and whose result is `res`. */
function view<N extends string, K extends string>(h: ViewHandle<N, K>, names: readonly K[]): OpView {
  return {
    operands: (op) => {
      const o = h.cast(op);
      return names.map((n) => h[n](o));
    },
    res: (op) => h.res(h.cast(op)),
  };
}

/** Integer arithmetic: the scalar.ts builder, and the name the runtime's overflow check knows the op by. */
export const INT_ARITH = new Map<OpDefinition, OpView & { arith: string; short: string; flags?: (op: Operation) => number }>([
  [LLVM.AddOp.definition, { ...view(LLVM.AddOp, ['lhs', 'rhs']), arith: 'addi', short: 'add', flags: (op) => LLVM.AddOp.overflowFlags(LLVM.AddOp.cast(op)) }],
  [LLVM.SubOp.definition, { ...view(LLVM.SubOp, ['lhs', 'rhs']), arith: 'subi', short: 'sub', flags: (op) => LLVM.SubOp.overflowFlags(LLVM.SubOp.cast(op)) }],
  [LLVM.MulOp.definition, { ...view(LLVM.MulOp, ['lhs', 'rhs']), arith: 'muli', short: 'mul', flags: (op) => LLVM.MulOp.overflowFlags(LLVM.MulOp.cast(op)) }],
  [LLVM.ShlOp.definition, { ...view(LLVM.ShlOp, ['lhs', 'rhs']), arith: 'shli', short: 'shl', flags: (op) => LLVM.ShlOp.overflowFlags(LLVM.ShlOp.cast(op)) }],
  [LLVM.SDivOp.definition, { ...view(LLVM.SDivOp, ['lhs', 'rhs']), arith: 'divsi', short: 'sdiv' }],
  [LLVM.UDivOp.definition, { ...view(LLVM.UDivOp, ['lhs', 'rhs']), arith: 'divui', short: 'udiv' }],
  [LLVM.SRemOp.definition, { ...view(LLVM.SRemOp, ['lhs', 'rhs']), arith: 'remsi', short: 'srem' }],
  [LLVM.URemOp.definition, { ...view(LLVM.URemOp, ['lhs', 'rhs']), arith: 'remui', short: 'urem' }],
  [LLVM.AndOp.definition, { ...view(LLVM.AndOp, ['lhs', 'rhs']), arith: 'andi', short: 'and' }],
  [LLVM.OrOp.definition, { ...view(LLVM.OrOp, ['lhs', 'rhs']), arith: 'ori', short: 'or' }],
  [LLVM.XOrOp.definition, { ...view(LLVM.XOrOp, ['lhs', 'rhs']), arith: 'xori', short: 'xor' }],
  [LLVM.LShrOp.definition, { ...view(LLVM.LShrOp, ['lhs', 'rhs']), arith: 'shrui', short: 'lshr' }],
  [LLVM.AShrOp.definition, { ...view(LLVM.AShrOp, ['lhs', 'rhs']), arith: 'shrsi', short: 'ashr' }],
]);
export const FLOAT_ARITH = new Map<OpDefinition, OpView & { arith: string }>([
  [LLVM.FAddOp.definition, { ...view(LLVM.FAddOp, ['lhs', 'rhs']), arith: 'addf' }],
  [LLVM.FSubOp.definition, { ...view(LLVM.FSubOp, ['lhs', 'rhs']), arith: 'subf' }],
  [LLVM.FMulOp.definition, { ...view(LLVM.FMulOp, ['lhs', 'rhs']), arith: 'mulf' }],
  [LLVM.FDivOp.definition, { ...view(LLVM.FDivOp, ['lhs', 'rhs']), arith: 'divf' }],
  [LLVM.FRemOp.definition, { ...view(LLVM.FRemOp, ['lhs', 'rhs']), arith: 'remf' }],
]);
/** Integer and float conversions: the scalar.ts cast builder each maps to. */
export const CASTS = new Map<OpDefinition, OpView & { cast: string }>([
  [LLVM.TruncOp.definition, { ...view(LLVM.TruncOp, ['arg']), cast: 'trunci' }],
  [LLVM.ZExtOp.definition, { ...view(LLVM.ZExtOp, ['arg']), cast: 'extui' }],
  [LLVM.SExtOp.definition, { ...view(LLVM.SExtOp, ['arg']), cast: 'extsi' }],
  [LLVM.SIToFPOp.definition, { ...view(LLVM.SIToFPOp, ['arg']), cast: 'sitofp' }],
  [LLVM.UIToFPOp.definition, { ...view(LLVM.UIToFPOp, ['arg']), cast: 'uitofp' }],
  [LLVM.FPToSIOp.definition, { ...view(LLVM.FPToSIOp, ['arg']), cast: 'fptosi' }],
  [LLVM.FPToUIOp.definition, { ...view(LLVM.FPToUIOp, ['arg']), cast: 'fptoui' }],
  [LLVM.FPExtOp.definition, { ...view(LLVM.FPExtOp, ['arg']), cast: 'extf' }],
  [LLVM.FPTruncOp.definition, { ...view(LLVM.FPTruncOp, ['arg']), cast: 'truncf' }],
]);
type FloatExpr = (x: string, y: string, z: string, f: FloatName) => string;
/**
 * An intrinsic the x86-64 backend turns into a C library (or compiler runtime)
 * call: the math dialect's function for the math op `name` on the type
 * (semantics.ts's FLOAT_FNS; f16/bf16 promoted to float, as on x86-64).
 */
const floatFn =
  (name: string, arity: 1 | 2 | 3): FloatExpr =>
  (x, y, z, f) =>
    `$rt.math.FLOAT_FNS.${name}_${f}(${[x, y, z].slice(0, arity).join(', ')})`;
/** Float intrinsics: JS expressions of x (and y, z), before rounding to the type. */
export const FLOAT_INTRINSICS = new Map<OpDefinition, OpView & { expr: FloatExpr }>([
  [LLVM.FAbsOp.definition, { ...view(LLVM.FAbsOp, ['in']), expr: (x) => `Math.abs(${x})` }],
  [LLVM.FFloorOp.definition, { ...view(LLVM.FFloorOp, ['in']), expr: (x) => `Math.floor(${x})` }],
  [LLVM.FCeilOp.definition, { ...view(LLVM.FCeilOp, ['in']), expr: (x) => `Math.ceil(${x})` }],
  [LLVM.FTruncOp.definition, { ...view(LLVM.FTruncOp, ['in']), expr: (x) => `Math.trunc(${x})` }],
  [LLVM.SqrtOp.definition, { ...view(LLVM.SqrtOp, ['in']), expr: (x) => `Math.sqrt(${x})` }],
  [LLVM.RoundOp.definition, { ...view(LLVM.RoundOp, ['in']), expr: (x) => `$round(${x})` }],
  [LLVM.RoundEvenOp.definition, { ...view(LLVM.RoundEvenOp, ['in']), expr: (x) => `$roundeven(${x})` }],
  [LLVM.RintOp.definition, { ...view(LLVM.RintOp, ['in']), expr: (x) => `$roundeven(${x})` }],
  [LLVM.NearbyintOp.definition, { ...view(LLVM.NearbyintOp, ['in']), expr: (x) => `$roundeven(${x})` }],
  [LLVM.ExpOp.definition, { ...view(LLVM.ExpOp, ['in']), expr: floatFn('exp', 1) }],
  [LLVM.Exp2Op.definition, { ...view(LLVM.Exp2Op, ['in']), expr: floatFn('exp2', 1) }],
  [LLVM.Exp10Op.definition, { ...view(LLVM.Exp10Op, ['in']), expr: (x) => `Math.pow(10, ${x})` }],
  [LLVM.LogOp.definition, { ...view(LLVM.LogOp, ['in']), expr: floatFn('log', 1) }],
  [LLVM.Log2Op.definition, { ...view(LLVM.Log2Op, ['in']), expr: floatFn('log2', 1) }],
  [LLVM.Log10Op.definition, { ...view(LLVM.Log10Op, ['in']), expr: floatFn('log10', 1) }],
  [LLVM.SinOp.definition, { ...view(LLVM.SinOp, ['in']), expr: floatFn('sin', 1) }],
  [LLVM.CosOp.definition, { ...view(LLVM.CosOp, ['in']), expr: floatFn('cos', 1) }],
  [LLVM.TanOp.definition, { ...view(LLVM.TanOp, ['in']), expr: floatFn('tan', 1) }],
  [LLVM.ASinOp.definition, { ...view(LLVM.ASinOp, ['in']), expr: floatFn('asin', 1) }],
  [LLVM.ACosOp.definition, { ...view(LLVM.ACosOp, ['in']), expr: floatFn('acos', 1) }],
  [LLVM.ATanOp.definition, { ...view(LLVM.ATanOp, ['in']), expr: floatFn('atan', 1) }],
  [LLVM.SinhOp.definition, { ...view(LLVM.SinhOp, ['in']), expr: floatFn('sinh', 1) }],
  [LLVM.CoshOp.definition, { ...view(LLVM.CoshOp, ['in']), expr: floatFn('cosh', 1) }],
  [LLVM.TanhOp.definition, { ...view(LLVM.TanhOp, ['in']), expr: floatFn('tanh', 1) }],
  [LLVM.PowOp.definition, { ...view(LLVM.PowOp, ['a', 'b']), expr: floatFn('powf', 2) }],
  [LLVM.ATan2Op.definition, { ...view(LLVM.ATan2Op, ['a', 'b']), expr: floatFn('atan2', 2) }],
  [LLVM.CopySignOp.definition, { ...view(LLVM.CopySignOp, ['a', 'b']), expr: (x, y) => `$copysign(${x}, ${y})` }],
  [LLVM.MaxNumOp.definition, { ...view(LLVM.MaxNumOp, ['a', 'b']), expr: (x, y) => `$maxnum(${x}, ${y})` }],
  [LLVM.MinNumOp.definition, { ...view(LLVM.MinNumOp, ['a', 'b']), expr: (x, y) => `$minnum(${x}, ${y})` }],
  [LLVM.MaximumOp.definition, { ...view(LLVM.MaximumOp, ['a', 'b']), expr: (x, y) => `$maximum(${x}, ${y})` }],
  [LLVM.MinimumOp.definition, { ...view(LLVM.MinimumOp, ['a', 'b']), expr: (x, y) => `$minimum(${x}, ${y})` }],
  // The compiler runtime's __powidf2/__powisf2 (a C int exponent).
  [LLVM.PowIOp.definition, { ...view(LLVM.PowIOp, ['val', 'power']), expr: (x, y, _z, f) => `$rt.math.FLOAT_FNS.fpowi_${f}(${x}, Number(${y}))` }],
  [LLVM.FMAOp.definition, { ...view(LLVM.FMAOp, ['a', 'b', 'c']), expr: floatFn('fma', 3) }],
  [LLVM.FMulAddOp.definition, { ...view(LLVM.FMulAddOp, ['a', 'b', 'c']), expr: floatFn('fma', 3) }],
]);
export const INT_MINMAX = new Map<OpDefinition, OpView & { arith: string }>([
  [LLVM.SMaxOp.definition, { ...view(LLVM.SMaxOp, ['a', 'b']), arith: 'maxsi' }],
  [LLVM.SMinOp.definition, { ...view(LLVM.SMinOp, ['a', 'b']), arith: 'minsi' }],
  [LLVM.UMaxOp.definition, { ...view(LLVM.UMaxOp, ['a', 'b']), arith: 'maxui' }],
  [LLVM.UMinOp.definition, { ...view(LLVM.UMinOp, ['a', 'b']), arith: 'minui' }],
]);
/**
 * Rare bit-manipulation intrinsics, computed exactly with BigInts by the runtime's `intIntr`
 * (`name` selects the computation; `poisonFlag` reads is_int_min_poison / is_zero_poison).
 */
export const INT_INTRINSICS = new Map<OpDefinition, OpView & { name: string; poisonFlag?: (op: Operation) => boolean }>([
  [LLVM.AbsOp.definition, { ...view(LLVM.AbsOp, ['in']), name: 'abs', poisonFlag: (op) => LLVM.AbsOp.is_int_min_poison(LLVM.AbsOp.cast(op)) }],
  [
    LLVM.CountLeadingZerosOp.definition,
    { ...view(LLVM.CountLeadingZerosOp, ['in']), name: 'ctlz', poisonFlag: (op) => LLVM.CountLeadingZerosOp.is_zero_poison(LLVM.CountLeadingZerosOp.cast(op)) },
  ],
  [
    LLVM.CountTrailingZerosOp.definition,
    { ...view(LLVM.CountTrailingZerosOp, ['in']), name: 'cttz', poisonFlag: (op) => LLVM.CountTrailingZerosOp.is_zero_poison(LLVM.CountTrailingZerosOp.cast(op)) },
  ],
  [LLVM.CtPopOp.definition, { ...view(LLVM.CtPopOp, ['in']), name: 'ctpop' }],
  [LLVM.ByteSwapOp.definition, { ...view(LLVM.ByteSwapOp, ['in']), name: 'bswap' }],
  [LLVM.BitReverseOp.definition, { ...view(LLVM.BitReverseOp, ['in']), name: 'bitreverse' }],
  [LLVM.FshlOp.definition, { ...view(LLVM.FshlOp, ['a', 'b', 'c']), name: 'fshl' }],
  [LLVM.FshrOp.definition, { ...view(LLVM.FshrOp, ['a', 'b', 'c']), name: 'fshr' }],
  [LLVM.SAddSat.definition, { ...view(LLVM.SAddSat, ['a', 'b']), name: 'sadd.sat' }],
  [LLVM.UAddSat.definition, { ...view(LLVM.UAddSat, ['a', 'b']), name: 'uadd.sat' }],
  [LLVM.SSubSat.definition, { ...view(LLVM.SSubSat, ['a', 'b']), name: 'ssub.sat' }],
  [LLVM.USubSat.definition, { ...view(LLVM.USubSat, ['a', 'b']), name: 'usub.sat' }],
  [LLVM.SAddWithOverflowOp.definition, { ...view(LLVM.SAddWithOverflowOp, ['lhs', 'rhs']), name: 'sadd.with.overflow' }],
  [LLVM.UAddWithOverflowOp.definition, { ...view(LLVM.UAddWithOverflowOp, ['lhs', 'rhs']), name: 'uadd.with.overflow' }],
  [LLVM.SSubWithOverflowOp.definition, { ...view(LLVM.SSubWithOverflowOp, ['lhs', 'rhs']), name: 'ssub.with.overflow' }],
  [LLVM.USubWithOverflowOp.definition, { ...view(LLVM.USubWithOverflowOp, ['lhs', 'rhs']), name: 'usub.with.overflow' }],
  [LLVM.SMulWithOverflowOp.definition, { ...view(LLVM.SMulWithOverflowOp, ['lhs', 'rhs']), name: 'smul.with.overflow' }],
  [LLVM.UMulWithOverflowOp.definition, { ...view(LLVM.UMulWithOverflowOp, ['lhs', 'rhs']), name: 'umul.with.overflow' }],
]);

export function compileLLVMModule(module: Operation): CompiledLLVM {
  return new ModuleCompiler(module).compile();
}

/** Top-level ops without run-time behaviour. */
const METADATA_OPS: readonly OpHandleCore<string>[] = [LLVM.LinkerOptionsOp, LLVM.ModuleFlagsOp, LLVM.ComdatOp, LLVM.AliasOp];

/** Constructor/destructor names sorted by priority (stable for equal priorities). */
function byPriority(fns: readonly Attribute[], prios: readonly Attribute[]): string[] {
  const list = fns.map((f, i) => ({ name: (f as SymbolRefAttr).leaf, prio: Number((prios[i] as IntegerAttr).value) }));
  list.sort((a, b) => a.prio - b.prio);
  return list.map((x) => x.name);
}

class ModuleCompiler {
  private readonly opIds = new Interner<Operation>();
  functions = new Map<string, { js: string; op: OpOf<typeof LLVM.LLVMFuncOp> }>();
  externals = new Map<string, OpOf<typeof LLVM.LLVMFuncOp>>();
  globals: LLVMGlobal[] = [];
  globalIds = new Map<string, number>();
  private readonly descIds = new Interner<Desc>();
  private readonly fnIds = new Interner<string>();
  wideWidths = new Set<number>([64]);
  consts: string[] = [];
  ctors: string[] = [];
  dtors: string[] = [];

  constructor(readonly module: Operation) {}

  opId(op: Operation): number {
    return this.opIds.id(op);
  }
  descId(t: Type, op: Operation): number {
    let d: Desc;
    try {
      d = descOf(t);
    } catch (e) {
      if (e instanceof LayoutError) throw new UnsupportedError(op, e.message);
      throw e;
    }
    return this.descIds.id(d);
  }
  fnAddrId(name: string): number {
    return this.fnIds.id(name);
  }
  /** Hoists a constant JS expression to the module prelude. */
  hoist(expr: string): string {
    const name = `$c${this.consts.length}`;
    this.consts.push(`const ${name} = ${expr};`);
    return name;
  }

  compile(): CompiledLLVM {
    const funcs: OpOf<typeof LLVM.LLVMFuncOp>[] = [];
    const inits: OpOf<typeof LLVM.GlobalOp>[] = [];
    // The module's top-level ops (its one block).
    for (const region of this.module.regions)
      for (const block of region.blocks)
        for (const op of block) {
          if (LLVM.LLVMFuncOp.isa(op)) {
            const name = LLVM.LLVMFuncOp.sym_name(op);
            if (LLVM.LLVMFuncOp.isExternal(op)) this.externals.set(name, op);
            else {
              this.functions.set(name, { js: 'f' + this.functions.size + '_' + name.replace(/[^A-Za-z0-9_]/g, '_'), op });
              funcs.push(op);
            }
          } else if (LLVM.GlobalOp.isa(op)) {
            const name = LLVM.GlobalOp.sym_name(op);
            const type = LLVM.GlobalOp.global_type(op);
            this.descId(type, op);
            const g: LLVMGlobal = {
              name,
              op,
              type,
              desc: descOf(type),
              constant: LLVM.GlobalOp.constant(op),
              init: undefined,
              initFn: undefined,
            };
            const v = LLVM.GlobalOp.value(op);
            if (v) g.init = this.attrValue(v, type, op);
            else if (!LLVM.GlobalOp.initializer(op).empty) {
              g.initFn = `$gi${this.globals.length}`;
              inits.push(op);
            }
            this.globalIds.set(name, this.globals.length);
            this.globals.push(g);
          } else if (LLVM.GlobalCtorsOp.isa(op)) {
            this.ctors.push(...byPriority(LLVM.GlobalCtorsOp.ctors(op).elements, LLVM.GlobalCtorsOp.priorities(op).elements));
          } else if (LLVM.GlobalDtorsOp.isa(op)) {
            this.dtors.push(...byPriority(LLVM.GlobalDtorsOp.dtors(op).elements, LLVM.GlobalDtorsOp.priorities(op).elements));
          } else if (!METADATA_OPS.some((h) => h.isa(op))) {
            throw new UnsupportedError(op, `'${op.opName}' is not supported at the top level of an LLVM module`);
          }
        }
    const parts: string[] = [];
    for (const f of funcs) parts.push(new FunctionCompiler(this, LLVM.LLVMFuncOp.body(f), f, this.functions.get(LLVM.LLVMFuncOp.sym_name(f))!.js).compile());
    for (const g of inits) {
      const gi = this.globals[this.globalIds.get(LLVM.GlobalOp.sym_name(g))!];
      parts.push(new FunctionCompiler(this, LLVM.GlobalOp.initializer(g), undefined, gi.initFn!).compile());
    }
    const widths = [...this.wideWidths];
    const header = [
      '"use strict";',
      'const $fr = Math.fround, $f16 = $rt.roundF16, $bf16 = $rt.roundBF16;',
      'const $div0 = $rt.div0, $ovf = $rt.ovf, $P = $rt.poison, $err = $rt.err, $nw = $rt.nw, $ext = $rt.ext, $icall = $rt.icall;',
      'const $cdivs = $rt.cdivs, $fdivs = $rt.fdivs, $lo32 = $rt.lo32, $bigToFloat = $rt.bigToFloat, $num = $rt.num, $toPtr = $rt.toPtr, $truncChk = $rt.truncChk;',
      'const $fptosi = $rt.fptosi, $fptoui = $rt.fptoui, $f32Bits = $rt.f32Bits, $bitsF32 = $rt.bitsF32, $f64Bits = $rt.f64Bits, $bitsF64 = $rt.bitsF64;',
      'const $f16Bits = $rt.f16Bits, $bitsF16 = $rt.bitsF16, $bf16Bits = $rt.bf16Bits, $bitsBF16 = $rt.bitsBF16;',
      'const $round = $rt.round, $roundeven = $rt.roundeven, $copysign = $rt.copysign, $maxnum = $rt.maxnum, $minnum = $rt.minnum, $maximum = $rt.maximum, $minimum = $rt.minimum;',
      'const $fptosiX = $rt.fptosiX, $fptouiX = $rt.fptouiX, $v1 = $rt.v1, $v2 = $rt.v2, $v3 = $rt.v3, $ins = $rt.ins, $brP = $rt.brP, $bitcastV = $rt.bitcastV;',
      'const $m = $rt.mem, $B = $rt.BASE, $D = $rt.descs, $G = $rt.globalAddrs, $FA = $rt.fnAddrs;',
      'const $ldg = $rt.ldg, $stg = $rt.stg, $fault = $rt.fault, $alloca = $rt.alloca, $memcpy = $rt.memcpy, $memset = $rt.memset;',
      'let $u8 = $m.u8, $dv = $m.dv, $tag = $m.tag, $cs = -1;',
      '$m.onGrow = () => { $u8 = $m.u8; $dv = $m.dv; $tag = $m.tag; };',
      ...widths.map((w) => `const ${wideName(w)} = $rt.wide(${w});`),
      ...LOADERS,
      ...this.consts,
    ];
    const fnEntries = [...this.functions.entries()].map(([name, f]) => `${JSON.stringify(name)}: ${f.js}`);
    const initEntries = this.globals.filter((g) => g.initFn).map((g) => `${JSON.stringify(g.name)}: ${g.initFn}`);
    const source = [
      ...header,
      ...parts,
      `return { functions: { ${fnEntries.join(', ')} }, inits: { ${initEntries.join(', ')} }, callSite: () => $cs };`,
    ].join('\n');
    return {
      source,
      ops: this.opIds.items,
      functions: this.functions,
      externals: this.externals,
      globals: this.globals,
      descs: this.descIds.items,
      fnTable: this.fnIds.items,
      ctors: this.ctors,
      dtors: this.dtors,
    };
  }

  /** An attribute value (constants, global initializers) in the engine's representation for `type`. */
  attrValue(a: Attribute, type: Type, op: Operation): unknown {
    if (a instanceof IntegerAttr) {
      const r = scalarRepr(type);
      if (r?.k === 'int') return r.w === 1 ? Number(a.value & 1n) : Number(BigInt.asIntN(r.w, a.value));
      if (r?.k === 'wide') return wide(r.w).canon(a.value);
      if (r?.k === 'float') return Number(a.value);
    }
    if (a instanceof FloatAttr) {
      if (type instanceof FloatType) return a.value;
      const r = scalarRepr(type);
      if (r?.k === 'int') return Number(BigInt.asIntN(r.w, a.bits));
      if (r?.k === 'wide') return wide(r.w).canon(a.bits);
    }
    if (a instanceof StringAttr && type instanceof LLVMArrayType) {
      const out: number[] = [];
      for (let i = 0; i < type.numElements; i++) out.push(i < a.value.length ? (a.value.charCodeAt(i) << 24) >> 24 : 0);
      return out;
    }
    if (a instanceof DenseIntOrFPElementsAttr) {
      const et = (a.type as ShapedType).elementType;
      const vals = a.intValues().map((v) => {
        if (et instanceof FloatType) return toDouble(et.semantics, v);
        const r = scalarRepr(et);
        if (r?.k === 'int') return r.w === 1 ? Number(v & 1n) : Number(BigInt.asIntN(r.w, v));
        return wide(r && r.k === 'wide' ? r.w : 64).canon(v);
      });
      let pos = 0;
      const build = (t: Type): unknown => {
        if (t instanceof VectorType) return Array.from({ length: t.shape.reduce((x, y) => x * y, 1) }, () => vals[pos++]);
        if (t instanceof LLVMArrayType) return Array.from({ length: t.numElements }, () => build(t.elementType));
        return vals[pos++];
      };
      const v = build(type);
      if (pos !== vals.length) throw new UnsupportedError(op, `the initializer does not match the type ${type.key}`);
      return v;
    }
    throw new UnsupportedError(op, `the attribute ${a.key} is not supported as a value of type ${type.key} by the execution engine`);
  }
}

/** A JS literal for a constant value (numbers, BigInts, nested arrays). */
function jsLiteral(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(jsLiteral).join(', ')}]`;
  if (typeof v === 'bigint') return `(${v}n)`;
  return numLit(v as number);
}

/** Loads and stores of the common scalar kinds (fast, checked), written into the module prelude. */
const LOADERS = [
  'function $ldf32(K, p) { const o = p - $B; if (($tag[o] & $tag[o + 3] & 1) === 0) $fault(K, p, 4, false); return $dv.getFloat32(o, true); }',
  'function $ldf64(K, p) { const o = p - $B; if (($tag[o] & $tag[o + 7] & 1) === 0) $fault(K, p, 8, false); return $dv.getFloat64(o, true); }',
  'function $ldi32(K, p) { const o = p - $B; if (($tag[o] & $tag[o + 3] & 1) === 0) $fault(K, p, 4, false); return $dv.getInt32(o, true); }',
  'function $ldi16(K, p) { const o = p - $B; if (($tag[o] & $tag[o + 1] & 1) === 0) $fault(K, p, 2, false); return $dv.getInt16(o, true); }',
  'function $ldi8(K, p) { const o = p - $B; if (($tag[o] & 1) === 0) $fault(K, p, 1, false); return $dv.getInt8(o); }',
  'function $ldi1(K, p) { const o = p - $B; if (($tag[o] & 1) === 0) $fault(K, p, 1, false); return $u8[o] & 1; }',
  'function $ldi64(K, p) { const o = p - $B; if (($tag[o] & $tag[o + 7] & 1) === 0) $fault(K, p, 8, false); const hi = $dv.getInt32(o + 4, true), lo = $dv.getUint32(o, true); return (hi > -2097152 && hi < 2097152) ? hi * 4294967296 + lo : $rt.fromHalves(hi, lo); }',
  'function $ldptr(K, p) { const o = p - $B; if (($tag[o] & $tag[o + 7] & 1) === 0) $fault(K, p, 8, false); return $dv.getUint32(o + 4, true) * 4294967296 + $dv.getUint32(o, true); }',
  'function $stf32(K, p, v) { const o = p - $B; if (($tag[o] & $tag[o + 3] & 2) === 0) $fault(K, p, 4, true); $dv.setFloat32(o, v, true); }',
  'function $stf64(K, p, v) { const o = p - $B; if (($tag[o] & $tag[o + 7] & 2) === 0) $fault(K, p, 8, true); $dv.setFloat64(o, v, true); }',
  'function $sti32(K, p, v) { const o = p - $B; if (($tag[o] & $tag[o + 3] & 2) === 0) $fault(K, p, 4, true); $dv.setInt32(o, v, true); }',
  'function $sti16(K, p, v) { const o = p - $B; if (($tag[o] & $tag[o + 1] & 2) === 0) $fault(K, p, 2, true); $dv.setInt16(o, v, true); }',
  'function $sti8(K, p, v) { const o = p - $B; if (($tag[o] & 2) === 0) $fault(K, p, 1, true); $dv.setInt8(o, v); }',
  'function $sti64(K, p, v) { const o = p - $B; if (($tag[o] & $tag[o + 7] & 2) === 0) $fault(K, p, 8, true); if (typeof v === "number") { $dv.setUint32(o, v >>> 0, true); $dv.setInt32(o + 4, Math.floor(v / 4294967296) | 0, true); } else $rt.stBig(o, v); }',
];

const FAST_LOAD: Record<string, string> = { f32: '$ldf32', f64: '$ldf64', i32: '$ldi32', i16: '$ldi16', i8: '$ldi8', i1: '$ldi1', i64: '$ldi64', ptr: '$ldptr' };
const FAST_STORE: Record<string, string> = { f32: '$stf32', f64: '$stf64', i32: '$sti32', i16: '$sti16', i8: '$sti8', i1: '$sti8', i64: '$sti64', ptr: '$sti64' };

type Emitter = (c: FunctionCompiler, op: Operation, K: number) => void;

/** How each op compiles, by its definition. */
const EMITTERS = new Map<OpDefinition, Emitter>();

function on<N extends string>(handle: OpHandleCore<N>, emit: (c: FunctionCompiler, op: Op<N>, K: number) => void): void {
  EMITTERS.set(handle.definition, emit as Emitter);
}

class FunctionCompiler {
  readonly names = new Map<Value, string>();
  readonly literal = new Map<Value, string>();
  /** Comparisons folded into the branch that uses them: their JS boolean expression. */
  readonly fused = new Map<Value, string>();
  private nextVar = 0;
  private lines: string[] = [];
  private readonly blockIds = new Map<Block, number>();
  hasAlloca = false;
  /** The block compiled after the current one: br/cond_br to it fall through into its case. */
  private nextBlock: Block | undefined;
  /** For variadic functions: how many general-purpose and floating-point registers the named parameters use. */
  varArg: { gp: number; fp: number } | undefined;

  constructor(
    readonly mc: ModuleCompiler,
    /** The function's body, or a global's initializer region. */
    readonly region: Region,
    /** The function (undefined for a global initializer). */
    readonly fn: OpOf<typeof LLVM.LLVMFuncOp> | undefined,
    readonly jsName: string,
  ) {}

  name(v: Value): string {
    let n = this.names.get(v);
    if (!n) this.names.set(v, (n = 'v' + this.nextVar++));
    return n;
  }
  ex(v: Value): string {
    return this.literal.get(v) ?? this.name(v);
  }
  emit(s: string): void {
    this.lines.push(s);
  }
  /** Assigns `e` to the op's result. */
  set(result: Value, e: string): void {
    this.emit(`${this.name(result)} = ${e};`);
  }
  unsupported(op: Operation, what?: string): never {
    throw new UnsupportedError(op, what ?? `'${op.opName}' is not supported by the execution engine`);
  }
  repr(op: Operation, t: Type): Repr {
    const r = scalarRepr(t);
    if (!r) this.unsupported(op, `values of type ${t.key} are not supported by the execution engine`);
    if (r.k === 'wide') this.mc.wideWidths.add(r.w);
    return r;
  }

  compile(): string {
    const region = this.region;
    const fn = this.fn;
    const params = fn ? region.entry.args.map((a) => this.name(a)) : [];
    const ft = fn ? LLVM.LLVMFuncOp.function_type(fn) : undefined;
    // Variadic arguments arrive as one array of [value, layout index] pairs.
    if (ft?.varArg) {
      this.varArg = { gp: ft.params.filter((t) => !(t instanceof FloatType)).length, fp: ft.params.filter((t) => t instanceof FloatType).length };
      params.push('$va');
    }
    region.blocks.forEach((b, i) => this.blockIds.set(b, i));
    for (const b of region.blocks) for (const op of b) if (LLVM.AllocaOp.isa(op) || LLVM.VaStartOp.isa(op)) this.hasAlloca = true;
    const multi = region.blocks.length > 1;
    const bodyLines: string[] = [];
    for (const [i, b] of region.blocks.entries()) {
      this.lines = [];
      this.nextBlock = region.blocks[i + 1];
      for (const op of b) this.compileOp(op);
      if (multi) bodyLines.push(`case ${this.blockIds.get(b)}: {`, ...this.lines.map((l) => '  ' + l), '}');
      else bodyLines.push(...this.lines);
    }
    const locals = [...this.names.values()].filter((n) => !params.includes(n));
    const out: string[] = [`function ${this.jsName}(${params.join(', ')}) {`];
    if (locals.length) out.push(`  let ${locals.join(', ')};`);
    out.push('  let $t, $s;');
    if (this.hasAlloca) out.push('  const $sp0 = $m.sp;');
    if (multi) {
      out.push('  let $b = 0;', '  L: for (;;) switch ($b) {', ...bodyLines.map((l) => '  ' + l), '  }');
    } else out.push(...bodyLines.map((l) => '  ' + l));
    out.push('}');
    return out.join('\n');
  }

  branchTo(block: Block, args: readonly Value[], fallThrough = false): string {
    const parts: string[] = [];
    if (args.length) {
      // A parallel copy needs temporaries only when a source is another argument of the target.
      const targets = new Set<Value>(block.args);
      const clash = args.some((a, i) => targets.has(a) && a !== block.args[i]);
      if (clash) {
        const tmps = args.map((a, i) => `$a${i}`);
        parts.push(`const ${args.map((a, i) => `${tmps[i]} = ${this.ex(a)}`).join(', ')};`);
        block.args.forEach((ba, i) => parts.push(`${this.name(ba)} = ${tmps[i]};`));
      } else block.args.forEach((ba, i) => args[i] !== ba && parts.push(`${this.name(ba)} = ${this.ex(args[i])};`));
    }
    if (!(fallThrough && block === this.nextBlock)) parts.push(`$b = ${this.blockIds.get(block)}; continue L;`);
    return `{ ${parts.join(' ')} }`;
  }

  /** Applies a scalar expression builder elementwise when the type is a vector. */
  elementwise(t: Type, args: string[], f: (xs: string[]) => string): string {
    if (!(t instanceof VectorType)) return f(args);
    const names = ['x', 'y', 'z'].slice(0, args.length);
    return `$v${args.length}(${args.join(', ')}, (${names.join(', ')}) => ${f(names)})`;
  }

  private compileOp(op: Operation): void {
    try {
      const def = op.name.def;
      const emit = def && EMITTERS.get(def);
      if (emit) return emit(this, op, this.mc.opId(op));
      const K = this.mc.opId(op);
      const group = def && this.compileGroup(op, def, K);
      if (!group) this.unsupported(op);
    } catch (e) {
      if (e instanceof LayoutError) throw new UnsupportedError(op, e.message);
      throw e;
    }
  }

  /** The ops compiled by table (arithmetic, casts, intrinsics); false when `op` is none of them. */
  private compileGroup(op: Operation, def: OpDefinition, K: number): boolean {
    const int = INT_ARITH.get(def);
    if (int) {
      const [lhs, rhs] = int.operands(op);
      const res = int.res(op);
      const t = res.type;
      const r = this.repr(op, elemOf(t));
      if (r.k !== 'int' && r.k !== 'wide') this.unsupported(op);
      const flags = int.flags?.(op) ?? 0;
      const short = int.short;
      this.set(
        res,
        this.elementwise(t, [this.ex(lhs), this.ex(rhs)], ([a, b]) => {
          const e = intBinary(int.arith, r, a, b, K)!;
          if (!flags) return e;
          const slow = `$nw(${K}, "${short}", ${flags}, ${r.w}, ${a}, ${b}, ${e})`;
          // Fast path: non-negative safe operands whose exact result is a non-negative safe
          // integer cannot overflow a signed or unsigned integer of 54 bits or more.
          if (r.k === 'wide' && r.w >= 54 && short !== 'shl') {
            const sym = short === 'add' ? '+' : short === 'sub' ? '-' : '*';
            return `((typeof ${a} === "number" && typeof ${b} === "number" && ${a} >= 0 && ${b} >= 0 && ($t = ${a} ${sym} ${b}) >= 0 && $t <= 9007199254740991) ? $t : ${slow})`;
          }
          return slow;
        }),
      );
      return true;
    }
    const float = FLOAT_ARITH.get(def);
    if (float) {
      const [lhs, rhs] = float.operands(op);
      const res = float.res(op);
      const r = this.repr(op, elemOf(res.type));
      if (r.k !== 'float') this.unsupported(op);
      this.set(res, this.elementwise(res.type, [this.ex(lhs), this.ex(rhs)], ([a, b]) => floatBinary(float.arith, r.f, a, b)!));
      return true;
    }
    const cast = CASTS.get(def);
    if (cast) {
      this.cast(op, cast, K);
      return true;
    }
    const ff = FLOAT_INTRINSICS.get(def);
    if (ff) {
      const res = ff.res(op);
      const r = this.repr(op, elemOf(res.type));
      if (r.k !== 'float') this.unsupported(op);
      const args = ff.operands(op).map((v) => this.ex(v));
      this.set(res, this.elementwise(res.type, args, (xs) => roundExpr(r.f, ff.expr(xs[0], xs[1], xs[2], r.f))));
      return true;
    }
    if (LLVM.IsFPClassOp.isa(op)) {
      const x = LLVM.IsFPClassOp.in(op);
      const r = this.repr(op, elemOf(x.type));
      if (r.k !== 'float') this.unsupported(op);
      const mask = Number(LLVM.IsFPClassOp.bit(op));
      const res = LLVM.IsFPClassOp.res(op);
      this.set(res, this.elementwise(res.type, [this.ex(x)], ([v]) => `$rt.math.fpClass("${r.f}", ${mask}, ${v})`));
      return true;
    }
    const mm = INT_MINMAX.get(def);
    if (mm) {
      const [a, b] = mm.operands(op);
      const res = mm.res(op);
      const r = this.repr(op, elemOf(res.type));
      this.set(res, this.elementwise(res.type, [this.ex(a), this.ex(b)], ([x, y]) => intBinary(mm.arith, r, x, y, K)!));
      return true;
    }
    const intr = INT_INTRINSICS.get(def);
    if (intr) {
      // Rare bit-manipulation intrinsics: exact BigInt arithmetic in the runtime.
      const operands = intr.operands(op);
      const vt = operands[0].type;
      const t = elemOf(vt);
      if (!(t instanceof IntegerType)) this.unsupported(op);
      const flag = intr.poisonFlag?.(op) ?? false;
      const args = operands.map((v) => this.ex(v));
      this.set(intr.res(op), this.elementwise(vt, args, (xs) => `$rt.intIntr(${K}, "${intr.name}", ${t.width}, ${flag}, ${xs.join(', ')})`));
      return true;
    }
    return false;
  }

  /** trunc/zext/sext and the int/float conversions (`nneg` and trunc's nsw/nuw make poison). */
  private cast(op: Operation, entry: OpView & { cast: string }, K: number): void {
    const [arg] = entry.operands(op);
    const res = entry.res(op);
    const from = this.repr(op, elemOf(arg.type));
    const to = this.repr(op, elemOf(res.type));
    const flags = LLVM.TruncOp.isa(op) ? LLVM.TruncOp.overflowFlags(op) : 0;
    const nneg = (LLVM.ZExtOp.isa(op) && LLVM.ZExtOp.nonNeg(op)) || (LLVM.UIToFPOp.isa(op) && LLVM.UIToFPOp.nonNeg(op));
    const x86 = LLVM.FPToSIOp.isa(op) ? 'fptosi' : LLVM.FPToUIOp.isa(op) ? 'fptoui' : undefined;
    this.set(
      res,
      this.elementwise(res.type, [this.ex(arg)], ([a]) => {
        // Out-of-range conversions give what x86-64 code computes (mlir-runner's host), not poison.
        let e = x86 ? `$${x86}X(${a}, ${(to as { w: number }).w})` : castExpr(entry.cast, from, to, a, K);
        if (e === undefined) this.unsupported(op);
        if (flags) e = `$truncChk(${K}, ${flags}, ${(from as { w: number }).w}, ${(to as { w: number }).w}, ${a}, ${e})`;
        if (nneg) e = `(${S((from as { w: number }).w, a)} < 0 ? $P(${K}) : ${e})`;
        return e;
      }),
    );
  }

  /** A scalar comparison as a JS boolean expression (undefined for vectors). */
  compareBool(op: OpOf<typeof LLVM.ICmpOp> | OpOf<typeof LLVM.FCmpOp>): string | undefined {
    const lhs = LLVM.ICmpOp.isa(op) ? LLVM.ICmpOp.lhs(op) : LLVM.FCmpOp.lhs(op);
    const rhs = LLVM.ICmpOp.isa(op) ? LLVM.ICmpOp.rhs(op) : LLVM.FCmpOp.rhs(op);
    const t = lhs.type;
    if (t instanceof VectorType) return undefined;
    const a = this.ex(lhs);
    const b = this.ex(rhs);
    if (LLVM.ICmpOp.isa(op)) return cmpiBool(icmpName(op), this.repr(op, t), a, b);
    return cmpfBool(fcmpName(op), a, b);
  }
  /** Whether a comparison's only use is the conditional branch right after it (whose operands it cannot change). */
  fusedCompare(result: Value, op: Operation): boolean {
    const next = op.next;
    return LLVM.CondBrOp.isa(next) && LLVM.CondBrOp.condition(next) === result && result.hasOneUse;
  }

  /** A scalar to store: a constant poison/undef is stored as zero (as the generic path stores poison). */
  storedValue(v: Value): string {
    if (LLVM.PoisonOp.definingOp(v) || LLVM.UndefOp.definingOp(v)) return '0';
    return this.ex(v);
  }

  gep(op: OpOf<typeof LLVM.GEPOp>): string {
    let t: Type = LLVM.GEPOp.elem_type(op);
    const indices = LLVM.GEPOp.indices(op);
    const terms: string[] = [this.ex(LLVM.GEPOp.base(op))];
    let constant = 0;
    const idx = (i: number): { c?: number; e?: string } => {
      const ix = indices[i];
      if (typeof ix === 'number') return { c: ix };
      const r = this.repr(op, ix.type);
      const e = this.ex(ix);
      return { e: r.k === 'wide' ? `$num(${e})` : e };
    };
    const scaled = (ix: { c?: number; e?: string }, size: number): void => {
      if (ix.c !== undefined) constant += ix.c * size;
      else terms.push(size === 1 ? ix.e! : `${ix.e} * ${size}`);
    };
    const descT = (ty: Type): Desc => {
      try {
        return descOf(ty);
      } catch (e) {
        if (e instanceof LayoutError) this.unsupported(op, e.message);
        throw e;
      }
    };
    scaled(idx(0), descT(t).size);
    for (let i = 1; i < indices.length; i++) {
      if (t instanceof LLVMStructType) {
        const ix = idx(i);
        if (ix.c === undefined) this.unsupported(op, 'dynamic indices into structs are not supported');
        const d = descT(t) as Extract<Desc, { k: 'agg' }>;
        constant += d.fields[ix.c].off;
        t = t.body[ix.c];
      } else if (t instanceof LLVMArrayType) {
        t = t.elementType;
        scaled(idx(i), descT(t).size);
      } else if (t instanceof VectorType) {
        t = t.elementType;
        scaled(idx(i), descT(t).size);
      } else this.unsupported(op, `cannot index into ${t.key}`);
    }
    if (constant) terms.push(String(constant));
    return terms.length === 1 ? terms[0] : `(${terms.join(' + ')})`;
  }

  call(op: OpOf<typeof LLVM.CallOp>, K: number): void {
    const result = LLVM.CallOp.result(op);
    const assign = result ? `${this.name(result)} = ` : '';
    const callee = LLVM.CallOp.callableForCallee(op);
    if (!callee) return this.unsupported(op);
    const argValues = LLVM.CallOp.argOperands(op);
    const args = argValues.map((a) => this.ex(a));
    if (!(callee instanceof SymbolRefAttr)) return this.emit(`${assign}$icall(${K}, ${this.ex(callee)}, [${args.join(', ')}]);`);
    const f = this.mc.functions.get(callee.leaf);
    const ft = f ? LLVM.LLVMFuncOp.function_type(f.op) : undefined;
    if (f && ft?.varArg) {
      const n = ft.params.length;
      const extra = argValues.slice(n).map((a) => `[${this.ex(a)}, ${this.mc.descId(a.type, op)}]`);
      return this.emit(`$cs = ${K}; ${assign}${f.js}(${[...args.slice(0, n), `[${extra.join(', ')}]`].join(', ')});`);
    }
    if (f) return this.emit(`$cs = ${K}; ${assign}${f.js}(${args.join(', ')});`);
    return this.emit(`${assign}$ext(${K}, ${JSON.stringify(callee.leaf)}, [${args.join(', ')}]);`);
  }
}


/** LLVM's icmp predicates as scalar.ts names them. */
export function icmpName(op: OpOf<typeof LLVM.ICmpOp>): string {
  return LLVM.ICmpPredicate.stringify(LLVM.ICmpOp.predicate(op))!;
}
/** fcmp predicates as scalar.ts names them (`_false`/`_true` lose their underscore). */
export function fcmpName(op: OpOf<typeof LLVM.FCmpOp>): string {
  return LLVM.FCmpPredicate.stringify(LLVM.FCmpOp.predicate(op))!.replace(/^_/, '');
}

// ============================================================================
// Emitters

on(LLVM.ConstantOp, (c, op) => {
  const res = LLVM.ConstantOp.res(op);
  const v = c.mc.attrValue(LLVM.ConstantOp.value(op), res.type, op);
  if (typeof v === 'number') return void c.literal.set(res, numLit(v));
  if (typeof v === 'bigint') return void c.literal.set(res, `(${v}n)`);
  c.literal.set(res, c.mc.hoist(jsLiteral(v)));
});

function undefinedValue(c: FunctionCompiler, res: Value, op: Operation, K: number): void {
  const t = res.type;
  if (scalarRepr(t)) return c.set(res, `$P(${K})`);
  c.set(res, `$rt.poisonOf(${K}, ${c.mc.descId(t, op)})`);
}
on(LLVM.PoisonOp, (c, op, K) => undefinedValue(c, LLVM.PoisonOp.res(op), op, K));
on(LLVM.UndefOp, (c, op, K) => undefinedValue(c, LLVM.UndefOp.res(op), op, K));

on(LLVM.ZeroOp, (c, op) => {
  const res = LLVM.ZeroOp.res(op);
  if (scalarRepr(res.type)) return void c.literal.set(res, '0');
  c.literal.set(res, c.mc.hoist(`$rt.zeroOf(${c.mc.descId(res.type, op)})`));
});

on(LLVM.AddressOfOp, (c, op) => {
  const ref = LLVM.AddressOfOp.global_name(op);
  const g = c.mc.globalIds.get(ref);
  c.set(LLVM.AddressOfOp.res(op), g !== undefined ? `$G[${g}]` : `$FA[${c.mc.fnAddrId(ref)}]`);
});

on(UnrealizedConversionCastOp, (c, op) => {
  // A cast between types of the same representation (left over by partial lowerings): a copy.
  const inputs = UnrealizedConversionCastOp.inputs(op);
  const outputs = UnrealizedConversionCastOp.outputs(op);
  if (inputs.length !== 1 || outputs.length !== 1) c.unsupported(op);
  c.set(outputs[0], c.ex(inputs[0]));
});


on(LLVM.ExtractValueOp, (c, op) => {
  const pos = LLVM.ExtractValueOp.position(op);
  c.set(LLVM.ExtractValueOp.res(op), c.ex(LLVM.ExtractValueOp.container(op)) + pos.map((i) => `[${i}]`).join(''));
});

on(LLVM.InsertValueOp, (c, op) => {
  const pos = LLVM.InsertValueOp.position(op);
  const container = c.ex(LLVM.InsertValueOp.container(op));
  const value = c.ex(LLVM.InsertValueOp.value(op));
  const res = LLVM.InsertValueOp.res(op);
  if (pos.length === 1) return c.set(res, `($t = ${container}.slice(), $t[${pos[0]}] = ${value}, $t)`);
  c.set(res, `$ins(${container}, ${value}, [${pos.join(', ')}])`);
});

on(LLVM.ExtractElementOp, (c, op, K) => {
  const vector = LLVM.ExtractElementOp.vector(op);
  const n = (vector.type as VectorType).shape[0];
  c.set(LLVM.ExtractElementOp.res(op), `(($s = ${c.ex(LLVM.ExtractElementOp.position(op))}) >= 0 && $s < ${n} ? ${c.ex(vector)}[$s] : $P(${K}))`);
});

on(LLVM.InsertElementOp, (c, op, K) => {
  const vector = LLVM.InsertElementOp.vector(op);
  const n = (vector.type as VectorType).shape[0];
  const position = c.ex(LLVM.InsertElementOp.position(op));
  const value = c.ex(LLVM.InsertElementOp.value(op));
  // Out of range: a vector of poison lanes (elementwise ops map over it).
  c.set(LLVM.InsertElementOp.res(op), `(($s = ${position}) >= 0 && $s < ${n} ? ($t = ${c.ex(vector)}.slice(), $t[$s] = ${value}, $t) : new Array(${n}).fill($P(${K})))`);
});

on(LLVM.ShuffleVectorOp, (c, op, K) => {
  const mask = LLVM.ShuffleVectorOp.mask(op).map(Number);
  const v1 = LLVM.ShuffleVectorOp.v1(op);
  const n = (v1.type as VectorType).shape[0];
  const a = c.ex(v1);
  const b = c.ex(LLVM.ShuffleVectorOp.v2(op));
  c.set(LLVM.ShuffleVectorOp.res(op), `[${mask.map((m) => (m < 0 ? `$P(${K})` : m < n ? `${a}[${m}]` : `${b}[${m - n}]`)).join(', ')}]`);
});

on(LLVM.ICmpOp, (c, op) => {
  const res = LLVM.ICmpOp.res(op);
  const cond = c.compareBool(op);
  // A comparison used only by the branch that follows it becomes the branch's condition.
  if (cond && c.fusedCompare(res, op)) return void c.fused.set(res, cond);
  if (cond) return c.set(res, `(${cond} ? 1 : 0)`);
  const lhs = LLVM.ICmpOp.lhs(op);
  const r = c.repr(op, elemOf(lhs.type));
  const pred = icmpName(op);
  c.set(res, c.elementwise(lhs.type, [c.ex(lhs), c.ex(LLVM.ICmpOp.rhs(op))], ([a, b]) => `(${cmpiBool(pred, r, a, b)} ? 1 : 0)`));
});

on(LLVM.FCmpOp, (c, op) => {
  const res = LLVM.FCmpOp.res(op);
  const cond = c.compareBool(op);
  if (cond && c.fusedCompare(res, op)) return void c.fused.set(res, cond);
  if (cond) return c.set(res, `(${cond} ? 1 : 0)`);
  const lhs = LLVM.FCmpOp.lhs(op);
  const pred = fcmpName(op);
  c.set(res, c.elementwise(lhs.type, [c.ex(lhs), c.ex(LLVM.FCmpOp.rhs(op))], ([a, b]) => `(${cmpfBool(pred, a, b)} ? 1 : 0)`));
});

on(LLVM.SelectOp, (c, op) => {
  const cond = LLVM.SelectOp.condition(op);
  const x = c.ex(LLVM.SelectOp.trueValue(op));
  const y = c.ex(LLVM.SelectOp.falseValue(op));
  const res = LLVM.SelectOp.res(op);
  if (cond.type instanceof VectorType) return c.set(res, `$v3(${c.ex(cond)}, ${x}, ${y}, (c, x, y) => c === 1 ? x : y)`);
  c.set(res, `(${c.ex(cond)} === 1 ? ${x} : ${y})`);
});

on(LLVM.FNegOp, (c, op) => {
  const res = LLVM.FNegOp.res(op);
  c.set(res, c.elementwise(res.type, [c.ex(LLVM.FNegOp.operand(op))], ([a]) => `(-${a})`));
});

on(LLVM.BitcastOp, (c, op, K) => {
  const arg = LLVM.BitcastOp.arg(op);
  const res = LLVM.BitcastOp.res(op);
  const ft = arg.type;
  const tt = res.type;
  if (ft === tt || (ft instanceof LLVMPointerType && tt instanceof LLVMPointerType)) return c.set(res, c.ex(arg));
  if (ft instanceof VectorType !== tt instanceof VectorType || (ft instanceof VectorType && tt instanceof VectorType && ft.shape[0] !== tt.shape[0]))
    return c.set(res, `$bitcastV(${c.ex(arg)}, ${c.mc.descId(ft, op)}, ${c.mc.descId(tt, op)})`);
  const from = c.repr(op, elemOf(ft));
  const to = c.repr(op, elemOf(tt));
  c.set(res, c.elementwise(tt, [c.ex(arg)], ([a]) => castExpr('bitcast', from, to, a, K)!));
});

on(LLVM.PtrToIntOp, (c, op) => {
  const res = LLVM.PtrToIntOp.res(op);
  const to = c.repr(op, elemOf(res.type));
  c.set(
    res,
    c.elementwise(res.type, [c.ex(LLVM.PtrToIntOp.arg(op))], ([a]) =>
      to.k === 'int' ? N(to.w, a) : to.k === 'wide' && to.w < 64 ? `${wideName(to.w)}.fromAny(${a})` : a,
    ),
  );
});

on(LLVM.IntToPtrOp, (c, op) => {
  const arg = LLVM.IntToPtrOp.arg(op);
  const res = LLVM.IntToPtrOp.res(op);
  const from = c.repr(op, elemOf(arg.type));
  c.set(res, c.elementwise(res.type, [c.ex(arg)], ([a]) => (from.k === 'int' ? U(from.w, a) : `$toPtr(${a})`)));
});

on(LLVM.AddrSpaceCastOp, (c, op) => c.set(LLVM.AddrSpaceCastOp.res(op), c.ex(LLVM.AddrSpaceCastOp.arg(op))));

on(LLVM.LoadOp, (c, op, K) => {
  const res = LLVM.LoadOp.res(op);
  const addr = c.ex(LLVM.LoadOp.addr(op));
  const d = descOf(res.type);
  const fast = d.k === 'scalar' ? FAST_LOAD[d.s] : undefined;
  if (fast) return c.set(res, `${fast}(${K}, ${addr})`);
  c.set(res, `$ldg(${K}, ${addr}, ${c.mc.descId(res.type, op)})`);
});

on(LLVM.StoreOp, (c, op, K) => {
  const value = LLVM.StoreOp.value(op);
  const addr = c.ex(LLVM.StoreOp.addr(op));
  const t = value.type;
  const d = descOf(t);
  const fast = d.k === 'scalar' ? FAST_STORE[d.s] : undefined;
  if (fast) return c.emit(`${fast}(${K}, ${addr}, ${c.storedValue(value)});`);
  c.emit(`$stg(${K}, ${addr}, ${c.mc.descId(t, op)}, ${c.ex(value)});`);
});

on(LLVM.AllocaOp, (c, op, K) => {
  const d = descOf(LLVM.AllocaOp.elem_type(op));
  const align = Number(LLVM.AllocaOp.alignment(op) ?? BigInt(d.align));
  c.set(LLVM.AllocaOp.res(op), `$alloca(${K}, ${c.ex(LLVM.AllocaOp.arraySize(op))}, ${d.size}, ${align})`);
});

on(LLVM.GEPOp, (c, op) => c.set(LLVM.GEPOp.res(op), c.gep(op)));
on(LLVM.CallOp, (c, op, K) => c.call(op, K));

on(LLVM.BrOp, (c, op) => c.emit(c.branchTo(LLVM.BrOp.dest(op), LLVM.BrOp.destOperands(op), true)));

on(LLVM.CondBrOp, (c, op, K) => {
  const t = c.branchTo(LLVM.CondBrOp.trueDest(op), LLVM.CondBrOp.trueDestOperands(op), true);
  const f = c.branchTo(LLVM.CondBrOp.falseDest(op), LLVM.CondBrOp.falseDestOperands(op), true);
  const condition = LLVM.CondBrOp.condition(op);
  const fused = c.fused.get(condition);
  if (fused) return c.emit(`if (${fused}) ${t} else ${f}`);
  const cond = c.ex(condition);
  c.emit(`if (${cond} === 1) ${t} else if (${cond} === 0) ${f} else $brP(${K}, ${cond});`);
});

on(LLVM.SwitchOp, (c, op, K) => {
  const values = LLVM.SwitchOp.case_values(op)?.intValues() ?? [];
  const value = LLVM.SwitchOp.value(op);
  const r = c.repr(op, value.type);
  const v = c.ex(value);
  const dests = LLVM.SwitchOp.caseDestinations(op);
  const operands = LLVM.SwitchOp.caseOperandRanges(op);
  const lines = [`switch (${v}) {`];
  values.forEach((x, i) => lines.push(`  case ${intLit(r, x)}: ${c.branchTo(dests[i], operands[i])}`));
  const def = c.branchTo(LLVM.SwitchOp.defaultDestination(op), LLVM.SwitchOp.defaultOperands(op));
  lines.push(`  default: if (${v} instanceof $rt.Poison) $brP(${K}, ${v}); ${def}`, '}');
  c.emit(lines.join('\n'));
});

on(LLVM.ReturnOp, (c, op) => {
  if (c.hasAlloca) c.emit('$m.restore($sp0);');
  const arg = LLVM.ReturnOp.arg(op);
  c.emit(arg ? `return ${c.ex(arg)};` : 'return;');
});

on(LLVM.VaArgOp, (c, op, K) => {
  const res = LLVM.VaArgOp.res(op);
  c.set(res, `$rt.vaarg(${K}, ${c.ex(LLVM.VaArgOp.arg(op))}, ${c.mc.descId(res.type, op)}, ${res.type instanceof FloatType})`);
});

on(LLVM.UnreachableOp, (c, op, K) => c.emit(`$err(${K}, "reached an '${op.opName}'");`));

on(LLVM.MemcpyOp, (c, op, K) => c.emit(`$memcpy(${K}, ${c.ex(LLVM.MemcpyOp.dst(op))}, ${c.ex(LLVM.MemcpyOp.src(op))}, ${c.ex(LLVM.MemcpyOp.len(op))});`));
on(LLVM.MemmoveOp, (c, op, K) => c.emit(`$memcpy(${K}, ${c.ex(LLVM.MemmoveOp.dst(op))}, ${c.ex(LLVM.MemmoveOp.src(op))}, ${c.ex(LLVM.MemmoveOp.len(op))});`));
on(LLVM.MemsetOp, (c, op, K) => c.emit(`$memset(${K}, ${c.ex(LLVM.MemsetOp.dst(op))}, ${c.ex(LLVM.MemsetOp.val(op))}, ${c.ex(LLVM.MemsetOp.len(op))});`));
on(LLVM.StackSaveOp, (c, op) => c.set(LLVM.StackSaveOp.res(op), '$m.sp'));
on(LLVM.StackRestoreOp, (c, op) => c.emit(`$m.restore(${c.ex(LLVM.StackRestoreOp.ptr(op))});`));

on(LLVM.VaStartOp, (c, op, K) => {
  const va = c.varArg;
  if (!va) return c.unsupported(op, `'${op.opName}' outside of a variadic function`);
  c.emit(`$rt.vastart(${K}, ${c.ex(LLVM.VaStartOp.arg_list(op))}, $va, ${va.gp}, ${va.fp});`);
});
on(LLVM.VaCopyOp, (c, op, K) => c.emit(`$memcpy(${K}, ${c.ex(LLVM.VaCopyOp.dest_list(op))}, ${c.ex(LLVM.VaCopyOp.src_list(op))}, 24);`));

// Hints without run-time behaviour.
for (const h of [LLVM.VaEndOp, LLVM.AssumeOp, LLVM.LifetimeStartOp, LLVM.LifetimeEndOp, LLVM.InvariantEndOp] as const) on(h, () => {});
// invariant.start returns a token the engine never reads.
on(LLVM.InvariantStartOp, (c, op) => c.set(LLVM.InvariantStartOp.res(op), '0'));
