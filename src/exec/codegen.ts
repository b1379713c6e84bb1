// Compiles a module's functions to JavaScript source: structured control flow
// (scf) becomes JS loops and conditionals, unstructured control flow (cf, and
// multi-block regions) a `switch` inside a labelled loop, and values live in
// local variables in the representation described in numeric.ts. The result
// is one factory function; engine.ts instantiates it with the runtime.

import { Interner } from './interner.js';
import type { Type } from '../ir/attributes.js';
import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr } from '../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, MemRefType, UnrankedMemRefType, VectorType, kDynamic } from '../ir/builtin-types.js';
import type { OpDefinition } from '../ir/context.js';
import type { Block, Op, OpKind, Operation, Region, Value } from '../ir/operation.js';
import { stringifyEnum, type OpHandleCore, type OpOf } from '../ods/index.js';
import * as affine from '../dialects/affine/index.js';
import * as arith from '../dialects/arith/index.js';
import * as builtin from '../dialects/builtin/index.js';
import * as cf from '../dialects/cf/index.js';
import * as func from '../dialects/func/index.js';
import * as index from '../dialects/index/index.js';
import * as js from '../dialects/js/index.js';
import * as math from '../dialects/math/index.js';
import * as llvm from '../dialects/llvm/index.js';
import * as memref from '../dialects/memref/index.js';
import * as pipeline from '../dialects/pipeline/index.js';
import * as scf from '../dialects/scf/index.js';
import * as ub from '../dialects/ub/index.js';
import * as vector from '../dialects/vector/index.js';
import { stridesAndOffset } from '../dialects/memref/layout.js';
import { toDouble } from '../ir/apfloat.js';
import { wide } from './numeric.js';
import { castExpr, cmpfBool, cmpiBool, floatBinary, intBinary, intLit, numLit, roundExpr as roundExprOf, wideName, N } from './scalar.js';
import { elemFormatOf, elemKindOf, reprOf, type Repr } from './types.js';
import { RangeAnalysis, affineBinaryRange, affineLeafRange, type Range } from './ranges.js';
import { AffineBinaryExpr, AffineConstantExpr, AffineDimExpr, AffineKind, AffineSymbolExpr, type AffineExpr, type AffineMap } from '../ir/affine.js';
import { castOf, floatBinaryOf, intBinaryOf, type BinaryOpInfo, type CastKind, type CastOpInfo, type FloatBinaryKind, type IntBinaryKind } from './op-kinds.js';

const I32_LO = -2147483648;
const I32_HI = 2147483647;
function inI32(r: Range | undefined): boolean {
  return r !== undefined && r.lo >= I32_LO && r.hi <= I32_HI;
}
const elemOf = (t: Type): Type => (t instanceof VectorType ? t.elementType : t);
function isPow2(n: number): boolean {
  return n >= 1 && Number.isInteger(Math.log2(n)) && 2 ** Math.log2(n) === n;
}

/** Thrown when the module uses something the engine cannot execute. */
export class UnsupportedError extends Error {
  constructor(
    readonly op: Operation | undefined,
    message: string,
  ) {
    super(message);
  }
}

const K_DYN_BIG = -(1n << 63n);

/** The runtime functions that external `func.func` declarations may bind to. */
export const BUILTINS = new Set([
  'printI64',
  'printU64',
  'printF32',
  'printF64',
  'printF16',
  'printBF16',
  'printOpen',
  'printClose',
  'printComma',
  'printNewline',
  'printMemrefF32',
  'printMemrefF64',
  'printMemrefI32',
  'printMemrefI64',
  'printMemrefInd',
  'printMemrefShapeF32',
  'printMemrefShapeF64',
  'printMemrefShapeI32',
  'printMemrefShapeI64',
  'printMemrefShapeInd',
  'printMemref1dF32',
  'printMemref1dF64',
  'printMemref1dI32',
  'printMemref1dI64',
  'printMemref0dF32',
  'printMemref2dF32',
  'printMemref3dF32',
  'printMemref4dF32',
  'nanoTime',
  'rtclock',
]);

export interface GlobalInfo {
  name: string;
  op: OpOf<typeof memref.GlobalOp>;
  type: MemRefType;
  /** Initial values in the engine's representation (undefined: zeros). */
  init: (number | bigint)[] | undefined;
  constant: boolean;
}

export interface CompiledModule {
  source: string;
  /** Ops referenced by index from the generated code (for error locations). */
  ops: Operation[];
  /** JS function names by symbol. */
  functions: Map<string, { js: string; op: OpOf<typeof func.FuncOp> }>;
  globals: GlobalInfo[];
  wideWidths: number[];
}

/** Converts attribute bits/values of a dense element to the engine's representation. */
export function denseElem(t: Type, v: bigint): number | bigint {
  const r = reprOf(t);
  if (r.k === 'float') return toDouble((t as FloatType).semantics, v);
  if (r.k === 'int') return r.w === 1 ? Number(v & 1n) : Number(BigInt.asIntN(r.w, v));
  if (r.k === 'wide') return wide(r.w).canon(v);
  throw new UnsupportedError(undefined, 'unsupported element type');
}

function valueLit(v: number | bigint): string {
  return typeof v === 'bigint' ? `(${v}n)` : numLit(v);
}

/** Strides and offset of a memref type (kDynamic where not static); identity layouts are row-major. */
function staticLayout(t: MemRefType): { strides: number[]; offset: number } | undefined {
  if (t.layoutAttr === undefined) {
    const strides = new Array<number>(t.rank);
    let acc = 1;
    for (let i = t.rank - 1; i >= 0; i--) {
      strides[i] = acc;
      acc = acc === kDynamic || t.shape[i] === kDynamic ? kDynamic : acc * t.shape[i];
    }
    return { strides, offset: 0 };
  }
  return stridesAndOffset(t);
}

/** Ops whose regions are allocation scopes: their allocas end with them. */
const SCOPE_OPS: readonly OpKind[] = [func.FuncOp, memref.AllocaScopeOp, scf.ForallOp];

/** Ops with effects beyond defining their results (memory, output, calls, allocation). */
const EFFECT_OPS = new Set<OpDefinition>(
  [
    memref.StoreOp,
    memref.AtomicRMWOp,
    memref.GenericAtomicRMWOp,
    memref.CopyOp,
    memref.DeallocOp,
    memref.AllocOp,
    memref.AllocaOp,
    memref.ReallocOp,
    func.CallOp,
    func.CallIndirectOp,
    vector.PrintOp,
    js.PrintOp,
  ].map((h) => h.definition),
);

/** The memref a view (or a cast) of memory is made from, if `op` is one. */
function viewSource(op: Operation): Value | undefined {
  if (memref.CastOp.isa(op)) return memref.CastOp.source(op);
  if (memref.SubViewOp.isa(op)) return memref.SubViewOp.source(op);
  if (memref.ReinterpretCastOp.isa(op)) return memref.ReinterpretCastOp.source(op);
  if (memref.ExpandShapeOp.isa(op)) return memref.ExpandShapeOp.src(op);
  if (memref.CollapseShapeOp.isa(op)) return memref.CollapseShapeOp.src(op);
  if (memref.TransposeOp.isa(op)) return memref.TransposeOp.in(op);
  if (memref.AssumeAlignmentOp.isa(op)) return memref.AssumeAlignmentOp.memref(op);
  if (memref.MemorySpaceCastOp.isa(op)) return memref.MemorySpaceCastOp.source(op);
  return undefined;
}

export function compileModule(module: Operation): CompiledModule {
  return new ModuleCompiler(module).compile();
}

class ModuleCompiler {
  private readonly opIds = new Interner<Operation>();
  functions = new Map<string, { js: string; op: OpOf<typeof func.FuncOp> }>();
  externals = new Map<string, OpOf<typeof func.FuncOp>>();
  globals: GlobalInfo[] = [];
  globalIds = new Map<string, number>();
  wideWidths = new Set<number>([64]);
  private parts: string[] = [];

  constructor(readonly module: Operation) {}

  opId(op: Operation): number {
    return this.opIds.id(op);
  }

  compile(): CompiledModule {
    const module = builtin.ModuleOp.dynCast(this.module);
    const funcs: OpOf<typeof func.FuncOp>[] = [];
    if (module) {
      for (const op of builtin.ModuleOp.body(module)) {
        if (func.FuncOp.isa(op)) {
          const name = func.FuncOp.sym_name(op);
          if (func.FuncOp.isExternal(op)) this.externals.set(name, op);
          else {
            this.functions.set(name, { js: 'f' + this.functions.size + '_' + name.replace(/[^A-Za-z0-9_]/g, '_'), op });
            funcs.push(op);
          }
        } else if (memref.GlobalOp.isa(op)) this.addGlobal(op);
      }
    }
    for (const f of funcs) {
      const fc = new FunctionCompiler(this, f);
      this.parts.push(fc.compile());
    }
    const widths = [...this.wideWidths];
    const header = [
      '"use strict";',
      'const $fr = Math.fround, $f16 = $rt.roundF16, $bf16 = $rt.roundBF16;',
      'const $div0 = $rt.div0, $ovf = $rt.ovf, $P = $rt.poison, $err = $rt.err, $chkP = $rt.chkP, $merr = $rt.merr;',
      'const $cdivs = $rt.cdivs, $fdivs = $rt.fdivs, $lo32 = $rt.lo32, $bigToFloat = $rt.bigToFloat;',
      'const $fptosi = $rt.fptosi, $fptoui = $rt.fptoui, $f32Bits = $rt.f32Bits, $bitsF32 = $rt.bitsF32, $f64Bits = $rt.f64Bits, $bitsF64 = $rt.bitsF64;',
      'const $f16Bits = $rt.f16Bits, $bitsF16 = $rt.bitsF16, $bf16Bits = $rt.bf16Bits, $bitsBF16 = $rt.bitsBF16;',
      'const $G = $rt.globals, $Poison = $rt.Poison;',
      ...widths.map((w) => `const ${wideName(w)} = $rt.wide(${w});`),
      'let $cl = -1;',
    ];
    const exportsObj = '{' + [...this.functions.entries()].map(([n, f]) => `${JSON.stringify(n)}: ${f.js}`).join(', ') + '}';
    const source = header.join('\n') + '\n' + this.parts.join('\n') + '\nreturn { functions: ' + exportsObj + ', callSite: () => $cl };\n';
    return { source, ops: this.opIds.items, functions: this.functions, globals: this.globals, wideWidths: widths };
  }

  private addGlobal(op: OpOf<typeof memref.GlobalOp>): void {
    const type = memref.GlobalOp.type(op);
    const init = memref.GlobalOp.initial_value(op);
    let values: (number | bigint)[] | undefined;
    if (init instanceof DenseIntOrFPElementsAttr) {
      const n = type.numElements;
      const vals = init.values.map((v) => denseElem(type.elementType, v));
      values = init.isSplat ? new Array(n).fill(vals[0]) : vals;
    }
    const k = reprOf(type.elementType);
    if (k.k === 'wide') this.wideWidths.add(k.w);
    const name = memref.GlobalOp.sym_name(op);
    this.globalIds.set(name, this.globals.length);
    this.globals.push({ name, op, type, init: values, constant: memref.GlobalOp.constant(op) });
  }
}

/** Emits an op (given as the op of the handle it is registered with). */
type Emitter = (c: FunctionCompiler, op: Operation) => void;

function on<N extends string>(handle: OpHandleCore<N>, emit: (c: FunctionCompiler, op: Op<N>) => void): [OpDefinition, Emitter] {
  return [handle.definition, emit as Emitter];
}

interface Yield {
  /** Emits the code for a terminator with these operand expressions. */
  (operands: string[], term: Operation): void;
}

class FunctionCompiler {
  private lines: string[] = [];
  private depth = 1;
  private names = new Map<Value, string>();
  private vars: string[] = [];
  private labels = 0;
  /** Early-exit targets being emitted, by token: the JS label, the values a break sets, those a continue sets. */
  private exitTargets = new Map<Value, { label: string; results: Value[]; iterArgs: Value[] }>();
  /** Inside the generic copy of a loop nest: no further fast/generic split (see emitLoopNest). */
  private genericLoops = false;
  private tainted = new Set<Value>();
  private ranges!: RangeAnalysis;
  /**
   * Inside the optimistic copy of a loop (see emitVersionedFor/emitWhile): the
   * label that abandons it, restarting the current iteration in the generic
   * copy. `ok` turns false after the first operation with side effects in the
   * iteration (re-executing it would repeat them); `used` counts the exits.
   */
  private bail: { label: string; ok: boolean; used: number } | undefined;
  /** Wide values known to be numbers (results of optimistic operations). */
  private nums = new Set<Value>();
  private effectCache = new Map<Operation, boolean>();
  /** Stack of allocation-scope variable names (the innermost last), or null when the scope has no alloca. */
  private scopes: (string | null)[] = [];
  private params: string[] = [];
  /** Out-of-line generic loop copies (see outOfLine), emitted after the function. */
  private extraFns: string[] = [];

  constructor(
    readonly mc: ModuleCompiler,
    readonly fn: OpOf<typeof func.FuncOp>,
  ) {}

  compile(): string {
    const name = this.mc.functions.get(func.FuncOp.sym_name(this.fn))!.js;
    this.analyzePoison();
    this.ranges = new RangeAnalysis(this.fn);
    const entry = func.FuncOp.entryBlock(this.fn);
    const params = entry.args.map((a) => this.declare(a));
    this.params = params;
    this.withScope(this.fn, () => {
      for (const a of entry.args) this.afterDefine(a);
      this.emitRegion(func.FuncOp.body(this.fn), (vals) => {
        this.killScopes(this.scopes.length - 1);
        if (vals.length === 0) this.emit('return;');
        else if (vals.length === 1) this.emit(`return ${vals[0]};`);
        else this.emit(`return [${vals.join(', ')}];`);
      }, true);
    });
    const decl = [...new Set(this.vars)].filter((v) => !params.includes(v));
    const head = `function ${name}(${params.join(', ')}) {\n  let $t, $s, $r${decl.length ? ', ' + decl.join(', ') : ''};\n`;
    return head + this.lines.join('\n') + '\n}\n' + this.extraFns.join('');
  }

  // ---- helpers

  private emit(s: string): void {
    this.lines.push('  '.repeat(this.depth) + s);
  }
  private indent(f: () => void): void {
    this.depth++;
    try {
      f();
    } finally {
      this.depth--;
    }
  }
  private label(): string {
    return 'L' + this.labels++;
  }
  private declare(v: Value): string {
    let n = this.names.get(v);
    if (!n) {
      n = 'v' + this.vars.length;
      this.names.set(v, n);
      this.vars.push(n);
    }
    return n;
  }
  private fresh(prefix: string): string {
    const n = prefix + this.vars.length;
    this.vars.push(n);
    return n;
  }
  private v(x: Value): string {
    const n = this.names.get(x);
    if (n) return n;
    return this.declare(x);
  }
  /**
   * An operand as an expression: integer and float constants become literals
   * (V8 then folds the representation checks on them), other values their variable.
   */
  private operandExpr(x: Value): string {
    if (!(x.type instanceof VectorType)) {
      // arith.constant and index.constant (not other constant-like ops such as index.bool.constant).
      const d = x.definingOp;
      const a = arith.ConstantOp.isa(d) ? arith.ConstantOp.value(d) : undefined;
      const int = a instanceof IntegerAttr ? a.value : index.ConstantOp.isa(d) ? index.ConstantOp.value(d) : undefined;
      const r = reprOf(x.type);
      if (int !== undefined && (r.k === 'int' || r.k === 'wide')) {
        const lit = intLit(r, int);
        if (!lit.endsWith('n)')) return lit;
      }
      if (a instanceof FloatAttr && r.k === 'float') return numLit(a.value);
    }
    return this.v(x);
  }

  private K(op: Operation): number {
    return this.mc.opId(op);
  }
  private unsupported(op: Operation, what?: string): never {
    throw new UnsupportedError(op, what ?? `operation '${op.opName}' is not supported by the execution engine`);
  }

  /** Emits the extra variables of a memref value (buffer, offset, sizes, strides). */
  private afterDefine(x: Value): void {
    const t = x.type;
    if (t instanceof MemRefType) {
      const n = this.v(x);
      const parts = [`${n}_b = ${n}.b`, `${n}_o = ${n}.o`, `${n}_a = ${n}.a`];
      this.vars.push(n + '_b', n + '_o', n + '_a');
      for (let i = 0; i < t.rank; i++) {
        parts.push(`${n}_z${i} = ${n}.z[${i}]`, `${n}_s${i} = ${n}.s[${i}]`);
        this.vars.push(`${n}_z${i}`, `${n}_s${i}`);
      }
      this.emit(parts.join(', ') + ';');
    }
  }

  private assign(targets: Value[], exprs: string[]): void {
    if (targets.length === 1) {
      this.emit(`${this.v(targets[0])} = ${exprs[0]};`);
      this.afterDefine(targets[0]);
      return;
    }
    // Parallel assignment through temporaries.
    const temps = exprs.map((e, i) => {
      if (/^v\d+$/.test(e) && !targets.some((t) => this.names.get(t) === e)) return e;
      const tmp = this.fresh('$y');
      this.emit(`${tmp} = ${e};`);
      void i;
      return tmp;
    });
    targets.forEach((t, i) => this.emit(`${this.v(t)} = ${temps[i]};`));
    for (const t of targets) this.afterDefine(t);
  }

  /** The range of an integer value (then a plain JS number, never poison or a BigInt), if known. */
  private range(x: Value): Range | undefined {
    if (this.tainted.has(x)) return undefined;
    return this.ranges.get(x);
  }

  /**
   * Wide-integer (> 32 bits, index) binary operations whose operands have known
   * ranges and whose exact result stays within its type: plain number arithmetic.
   */
  private fastWide(name: IntBinaryKind, x: Value, y: Value, result: Value, a: string, b: string): string | undefined {
    const ra = this.range(x);
    const rb = this.range(y);
    const rt = reprOf(result.type);
    if (!ra || !rb || rt.k !== 'wide') return undefined;
    const w = rt.w;
    // The exact result must stay within the type (no wrap-around) and the safe integers.
    const tlo = w >= 54 ? -Number.MAX_SAFE_INTEGER : -(2 ** (w - 1));
    const thi = w >= 54 ? Number.MAX_SAFE_INTEGER : 2 ** (w - 1) - 1;
    const fits = (lo: number, hi: number): boolean => lo >= tlo && hi <= thi;
    const nonNeg = ra.lo >= 0 && rb.lo >= 0;
    const i32 = inI32(ra) && inI32(rb);
    const bConst = rb.lo === rb.hi ? rb.lo : undefined;
    switch (name) {
      case 'addi':
        return fits(ra.lo + rb.lo, ra.hi + rb.hi) ? `(${a} + ${b})` : undefined;
      case 'subi':
        return fits(ra.lo - rb.hi, ra.hi - rb.lo) ? `(${a} - ${b})` : undefined;
      case 'muli': {
        const p = [ra.lo * rb.lo, ra.lo * rb.hi, ra.hi * rb.lo, ra.hi * rb.hi];
        const lo = Math.min(...p);
        if (!fits(lo, Math.max(...p))) return undefined;
        return lo >= 0 || nonNeg ? `(${a} * ${b})` : `(${a} * ${b} + 0)`;
      }
      case 'divsi':
      case 'divui':
      case 'remsi':
      case 'remui': {
        if ((name === 'divui' || name === 'remui') && !nonNeg) return undefined;
        if (rb.lo <= 0 && rb.hi >= 0) return undefined; // a zero divisor is an error
        if (ra.lo <= tlo && rb.lo <= -1 && rb.hi >= -1) return undefined; // MIN / -1 is an error
        const div = name[0] === 'd';
        const pow2 = ra.lo >= 0 && bConst !== undefined && bConst > 0 && isPow2(bConst);
        if (pow2 && inI32(ra) && bConst! <= 2 ** 31) return div ? `(${a} >> ${Math.log2(bConst)})` : `(${a} & ${bConst - 1})`;
        if (pow2) return div ? `Math.floor(${a} / ${b})` : `(${a} - Math.floor(${a} / ${b}) * ${b})`;
        // int32 operands: the quotient is below 2^31 in magnitude except MIN / -1, excluded above for int32 MIN too.
        if (i32 && !(ra.lo <= I32_LO && rb.lo <= -1 && rb.hi >= -1)) return div ? `((${a} / ${b}) | 0)` : `(${a} % ${b} + 0)`;
        return div ? `((${a} - ${a} % ${b}) / ${b} + 0)` : `(${a} % ${b} + 0)`;
      }
      case 'andi':
      case 'ori':
      case 'xori': {
        const o = name === 'andi' ? '&' : name === 'ori' ? '|' : '^';
        if (i32) return `(${a} ${o} ${b})`;
        if (name === 'andi') {
          // One operand is a non-negative int32: only the low 32 bits of the other matter.
          if (ra.lo >= 0 && ra.hi <= I32_HI) return `(${a} & (${b} | 0))`;
          if (rb.lo >= 0 && rb.hi <= I32_HI) return `((${a} | 0) & ${b})`;
        }
        return undefined;
      }
      case 'shli':
        return bConst !== undefined && bConst >= 0 && bConst < w && fits(ra.lo * 2 ** bConst, ra.hi * 2 ** bConst) ? `(${a} * ${2 ** bConst})` : undefined;
      case 'shrsi':
      case 'shrui':
        if (bConst === undefined || bConst < 0 || bConst >= w || (name === 'shrui' && ra.lo < 0)) return undefined;
        if (inI32(ra) && bConst < 32) return `(${a} >> ${bConst})`;
        return `Math.floor(${a} / ${2 ** bConst})`;
      case 'maxui':
      case 'minui':
        if (!nonNeg) return undefined;
        return name === 'maxui' ? `(${a} > ${b} ? ${a} : ${b})` : `(${a} < ${b} ? ${a} : ${b})`;
    }
    return undefined;
  }

  /** True if executing `op` may have effects beyond defining its results (memory, output, calls, allocation). */
  private hasEffects(op: Operation): boolean {
    let e = this.effectCache.get(op);
    if (e !== undefined) return e;
    const def = op.name.def;
    e =
      (def !== undefined && EFFECT_OPS.has(def)) ||
      op.regions.some((r) => r.blocks.some((b) => [...b].some((o) => this.hasEffects(o))));
    this.effectCache.set(op, e);
    return e;
  }

  /** The label to leave the optimistic copy of the enclosing loop with, if allowed here. */
  private bailLabel(): string | undefined {
    if (!this.bail || !this.bail.ok) return undefined;
    this.bail.used++;
    return this.bail.label;
  }

  /** A wide value that is certainly a JS number (not a BigInt, not poison). */
  private isNum(x: Value): boolean {
    return this.range(x) !== undefined || this.nums.has(x);
  }

  /**
   * Wide operations with operands of unknown range, inside the optimistic copy
   * of a loop: number arithmetic whose result is checked, leaving the copy when
   * an operand is a BigInt or the result leaves the safe integers. (A BigInt
   * fallback inline would make V8 keep the loop's values boxed.)
   */
  private bailWide(name: IntBinaryKind, x: Value, y: Value, result: Value, r: Repr): boolean {
    if (!this.bail || !this.bail.ok || r.k !== 'wide') return false;
    if (this.isTainted(x) || this.isTainted(y)) return false;
    const a = this.operandExpr(x);
    const b = this.operandExpr(y);
    const h = wide(r.w);
    const LO = numLit(h.lo);
    const HI = numLit(h.hi);
    const posLit = /^\d+$/.test(b) && Number(b) > 0 && Number(b) < 2 ** 31 ? Number(b) : undefined;
    const checks = [x, y].filter((v, i) => !this.isNum(v) && !/^[\d(]/.test(i ? b : a)).map((v) => `typeof ${this.v(v)} !== "number"`);
    const res = this.v(result);
    let lines: string[];
    switch (name) {
      case 'addi':
      case 'subi':
      case 'muli': {
        const o = name === 'addi' ? '+' : name === 'subi' ? '-' : '*';
        let cond = `!(${res} >= ${LO} && ${res} <= ${HI})`;
        if (posLit !== undefined && name === 'addi') cond = `${res} > ${HI}`;
        if (posLit !== undefined && name === 'subi') cond = `${res} < ${LO}`;
        lines = [`${res} = ${a} ${o} ${b}${name === 'muli' ? ' + 0' : ''};`, `if (${cond}) break $L;`];
        break;
      }
      case 'divui':
      case 'remui':
      case 'divsi':
      case 'remsi': {
        if (posLit === undefined) return false;
        const pow2 = (posLit & (posLit - 1)) === 0;
        if (name[3] === 'u') checks.push(`${a} < 0`);
        if (name === 'divui') lines = [`${res} = ${pow2 ? `Math.floor(${a} / ${b})` : `(${a} - ${a} % ${b}) / ${b}`};`];
        else if (name === 'remui') lines = [`${res} = ${pow2 ? `${a} - Math.floor(${a} / ${b}) * ${b}` : `${a} % ${b}`};`];
        else if (name === 'divsi') lines = [`${res} = ${pow2 ? `Math.trunc(${a} / ${b}) + 0` : `(${a} - ${a} % ${b}) / ${b} + 0`};`];
        else lines = [`${res} = ${a} % ${b} + 0;`];
        break;
      }
      case 'andi':
        if (posLit === undefined) return false;
        lines = [`${res} = (${a} | 0) & ${b};`];
        break;
      default:
        return false;
    }
    const L = this.bailLabel()!;
    if (checks.length) this.emit(`if (${checks.join(' || ')}) break ${L};`);
    for (const l of lines) this.emit(l.replace('$L', L));
    this.nums.add(result);
    return true;
  }

  /** Unsigned comparisons of wide values known to be non-negative numbers compare like signed ones. */
  private cmpPred(pred: string, lhs: Value, rhs: Value): string {
    if (pred[0] !== 'u' || lhs.type instanceof VectorType) return pred;
    const r = reprOf(lhs.type);
    if (r.k !== 'wide') return pred;
    const ra = this.range(lhs);
    const rb = this.range(rhs);
    return ra && rb && ra.lo >= 0 && rb.lo >= 0 ? 's' + pred.slice(1) : pred;
  }

  /** Casts from wide values with a known range (plain numbers). */
  private fastCast(name: CastKind, from: Repr, to: Repr, x: Value): string | undefined {
    if (from.k !== 'wide') return undefined;
    let rx = this.range(x);
    const a = this.v(x);
    if (!rx && !this.isTainted(x)) {
      // Unknown range: a number (checked, or leaving the optimistic copy) behaves like any safe integer.
      const toInt = to.k === 'int' && (name === 'trunci' || name === 'index_cast' || name === 'index_castui');
      const toFloat = to.k === 'float' && name === 'sitofp';
      if (!toInt && !toFloat) return undefined;
      if (!this.nums.has(x)) {
        const L = this.bailLabel();
        if (!L) return toInt && to.k === 'int' ? `(typeof ${a} === "number" ? ${to.w === 1 ? `(${a} & 1)` : N(to.w, a)} : ${N(to.w, `$lo32(${a})`)})` : undefined;
        this.emit(`if (typeof ${a} !== "number") break ${L};`);
      }
      rx = { lo: -Number.MAX_SAFE_INTEGER, hi: Number.MAX_SAFE_INTEGER };
    }
    if (!rx) return undefined;
    switch (name) {
      case 'trunci':
      case 'index_cast':
      case 'index_castui':
        if (to.k === 'int') {
          if (to.w === 1) return rx.lo >= 0 && rx.hi <= 1 ? a : `(${a} & 1)`;
          const lo = -(2 ** (to.w - 1));
          if (rx.lo >= lo && rx.hi <= -lo - 1) return a;
          return N(to.w, a);
        }
        if (to.k === 'wide' && (name === 'trunci' || name === 'index_cast' || rx.lo >= 0)) {
          if (to.w >= 54 || (rx.lo >= -(2 ** (to.w - 1)) && rx.hi < 2 ** (to.w - 1))) return a;
        }
        return undefined;
      case 'extsi':
        return a;
      case 'extui':
        return rx.lo >= 0 ? a : undefined;
      case 'sitofp':
      case 'uitofp':
        if (to.k !== 'float' || (name === 'uitofp' && rx.lo < 0)) return undefined;
        return to.f === 'f64' ? a : roundExprOf(to.f, a);
    }
    return undefined;
  }

  private isTainted(x: Value): boolean {
    return this.tainted.has(x);
  }
  /** Emits a poison check for a value used where poison is undefined behaviour. */
  private checkPoison(op: Operation, x: Value, what: string): void {
    if (this.isTainted(x)) this.emit(`$chkP(${this.K(op)}, ${this.v(x)}, ${JSON.stringify(what)});`);
  }

  private analyzePoison(): void {
    const t = this.tainted;
    let changed = true;
    const mark = (v: Value): void => {
      if (!t.has(v)) {
        t.add(v);
        changed = true;
      }
    };
    const hasPoison = (() => {
      let found = false;
      this.fn.walk((op) => {
        if (ub.PoisonOp.isa(op) || pipeline.MaskOp.isa(op)) found = true;
      });
      return found;
    })();
    if (!hasPoison) return;
    while (changed) {
      changed = false;
      this.fn.walk((op) => {
        if (ub.PoisonOp.isa(op)) {
          for (const r of op.results) mark(r);
          return;
        }
        // A mask whose predicate is false gives poison.
        if (pipeline.MaskOp.isa(op)) for (const r of op.results) mark(r);
        const anyIn = op.operands.some((o) => t.has(o));
        if (anyIn) {
          for (const r of op.results) mark(r);
          const parent = op.parentOp;
          // Terminators forward to the parent's results and to region arguments.
          if (op.numResults === 0 && parent && op === op.parentBlock?.last) {
            for (const r of parent.results) mark(r);
            for (const reg of parent.regions) for (const b of reg.blocks) for (const a of b.args) mark(a);
            for (const s of op.successors) for (const a of s.args) mark(a);
          }
          for (const reg of op.regions) for (const b of reg.blocks) for (const a of b.args) mark(a);
        }
      });
    }
  }

  private withScope(op: Operation, f: () => void): void {
    let hasAlloca = false;
    const scan = (o: Operation): void => {
      for (const r of o.regions)
        for (const b of r.blocks)
          for (const inner of b) {
            if (memref.AllocaOp.isa(inner)) hasAlloca = true;
            else if (!SCOPE_OPS.some((h) => h.isa(inner))) scan(inner);
          }
    };
    scan(op);
    if (hasAlloca) {
      const name = this.fresh('$sc');
      this.emit(`${name} = [];`);
      this.scopes.push(name);
    } else this.scopes.push(null);
    try {
      f();
    } finally {
      this.scopes.pop();
    }
  }
  /** Emits the end of allocation scopes from the innermost down to index `downTo`. */
  private killScopes(downTo: number): void {
    for (let i = this.scopes.length - 1; i >= downTo; i--) {
      const s = this.scopes[i];
      if (s) this.emit(`$rt.endScope(${s});`);
    }
  }

  // ---- regions

  /**
   * Emits a region. Single-block regions are emitted inline; multi-block regions
   * become a block-dispatch loop. `onExit` handles the terminators that leave the
   * region (return, yield, ...).
   */
  private emitRegion(region: Region, onExit: Yield, isFunction = false): void {
    void isFunction;
    if (region.blocks.length === 1) {
      this.emitBlockOps(region.blocks[0], onExit, undefined);
      return;
    }
    const savedBail = this.bail;
    this.bail = undefined;
    try {
      this.emitCfgRegion(region, onExit);
    } finally {
      this.bail = savedBail;
    }
  }

  private emitCfgRegion(region: Region, onExit: Yield): void {
    const bb = this.fresh('$bb');
    const L = this.label();
    const ids = new Map<Block, number>();
    region.blocks.forEach((b, i) => ids.set(b, i));
    for (const b of region.blocks.slice(1)) for (const a of b.args) this.declare(a);
    this.emit(`${bb} = 0;`);
    this.emit(`${L}: for (;;) switch (${bb}) {`);
    this.indent(() => {
      region.blocks.forEach((b, i) => {
        this.emit(`case ${i}: {`);
        this.indent(() => {
          if (i > 0) for (const a of b.args) this.afterDefine(a);
          this.emitBlockOps(b, (vals, term) => {
            onExit(vals, term);
            this.emit(`break ${L};`);
          }, { bb, L, ids });
        });
        this.emit('}');
      });
      this.emit(`default: $err(${this.K(region.parentOp!)}, "invalid block");`);
    });
    this.emit('}');
  }

  private emitBlockOps(block: Block, onExit: Yield, cfg: { bb: string; L: string; ids: Map<Block, number> } | undefined): void {
    for (let op: Operation | null = block.first; op; op = op.next) {
      const isTerm = op === block.last && (op.hasTrait('IsTerminator') || op.numSuccessors > 0);
      if (!isTerm) {
        this.emitOp(op);
        if (this.bail && this.bail.ok && this.hasEffects(op)) this.bail.ok = false;
        continue;
      }
      if (cf.BranchOp.isa(op) || cf.CondBranchOp.isa(op) || cf.SwitchOp.isa(op) || llvm.BrOp.isa(op) || llvm.CondBrOp.isa(op) || llvm.SwitchOp.isa(op)) {
        if (!cfg) this.unsupported(op, `'${op.opName}' outside of a multi-block region`);
        this.emitBranch(op, cfg);
      } else if (scf.BreakOp.isa(op) || scf.ContinueOp.isa(op)) {
        this.emitEarlyExit(op);
      } else if (ub.UnreachableOp.isa(op)) {
        this.emit(`$err(${this.K(op)}, "reached '${op.opName}'");`);
      } else if (op.numSuccessors > 0) {
        // Any other branch (an unknown terminator must not read as a return).
        this.unsupported(op);
      } else {
        onExit(
          op.operands.map((o) => this.v(o)),
          op,
        );
      }
    }
  }

  private jump(target: Block, args: Value[], cfg: { bb: string; L: string; ids: Map<Block, number> }): void {
    if (args.length) this.assign(target.args, args.map((a) => this.v(a)));
    this.emit(`${cfg.bb} = ${cfg.ids.get(target)}; continue ${cfg.L};`);
  }

  /** cf.br, cf.cond_br and cf.switch: a jump to the successor's case of the block dispatch. */
  private emitBranch(op: Operation, cfg: { bb: string; L: string; ids: Map<Block, number> }): void {
    if (cf.BranchOp.isa(op)) {
      this.jump(cf.BranchOp.dest(op), cf.BranchOp.destOperands(op), cfg);
      return;
    }
    // convert-cf-to-llvm's branches inside func.func (a partial lowering).
    if (llvm.BrOp.isa(op)) {
      this.jump(llvm.BrOp.dest(op), llvm.BrOp.destOperands(op), cfg);
      return;
    }
    if (llvm.CondBrOp.isa(op)) {
      const c = llvm.CondBrOp.condition(op);
      this.checkPoison(op, c, 'branch condition');
      this.emit(`if (${this.v(c)}) {`);
      this.indent(() => this.jump(llvm.CondBrOp.trueDest(op), llvm.CondBrOp.trueDestOperands(op), cfg));
      this.emit('} else {');
      this.indent(() => this.jump(llvm.CondBrOp.falseDest(op), llvm.CondBrOp.falseDestOperands(op), cfg));
      this.emit('}');
      return;
    }
    if (llvm.SwitchOp.isa(op)) {
      const cases = llvm.SwitchOp.case_values(op)?.intValues() ?? [];
      const dests = llvm.SwitchOp.caseDestinations(op);
      const operands = llvm.SwitchOp.caseOperandRanges(op);
      this.emitSwitch(op, llvm.SwitchOp.value(op), cases, (i) => this.jump(dests[i], operands[i], cfg), () =>
        this.jump(llvm.SwitchOp.defaultDestination(op), llvm.SwitchOp.defaultOperands(op), cfg),
      );
      return;
    }
    if (cf.CondBranchOp.isa(op)) {
      const c = cf.CondBranchOp.condition(op);
      this.checkPoison(op, c, 'branch condition');
      this.emit(`if (${this.v(c)}) {`);
      this.indent(() => this.jump(cf.CondBranchOp.trueDest(op), cf.CondBranchOp.trueDestOperands(op), cfg));
      this.emit('} else {');
      this.indent(() => this.jump(cf.CondBranchOp.falseDest(op), cf.CondBranchOp.falseDestOperands(op), cfg));
      this.emit('}');
      return;
    }
    const sw = cf.SwitchOp.cast(op);
    const caseOperands = cf.SwitchOp.caseOperands(sw);
    const caseDestinations = cf.SwitchOp.caseDestinations(sw);
    this.emitSwitch(op, cf.SwitchOp.flag(sw), cf.SwitchOp.case_values(sw) ?? [], (i) => this.jump(caseDestinations[i], caseOperands[i], cfg), () =>
      this.jump(cf.SwitchOp.defaultDestination(sw), cf.SwitchOp.defaultOperands(sw), cfg),
    );
  }

  private emitSwitch(op: Operation, flag: Value, caseValues: readonly bigint[], toCase: (i: number) => void, toDefault: () => void): void {
    this.checkPoison(op, flag, 'switch flag');
    const r = reprOf(flag.type);
    this.emit(`switch (${this.v(flag)}) {`);
    this.indent(() => {
      caseValues.forEach((cv, i) => {
        this.emit(`case ${intLit(r, cv)}: {`);
        this.indent(() => toCase(i));
        this.emit('}');
      });
      this.emit('default: {');
      this.indent(toDefault);
      this.emit('}');
    });
    this.emit('}');
  }

  // ---- operations

  /** The emitter of each op the engine executes but the scalar ops of op-kinds.ts and cf's branches. */
  private static readonly EMITTERS = new Map<OpDefinition, Emitter>([
    on(affine.AffineApplyOp, (c, op) => c.emitAffine(op, affine.AffineApplyOp.map(op), affine.AffineApplyOp.mapOperands(op), 'apply')),
    on(affine.AffineMinOp, (c, op) => c.emitAffine(op, affine.AffineMinOp.map(op), affine.AffineMinOp.mapOperands(op), 'min')),
    on(affine.AffineMaxOp, (c, op) => c.emitAffine(op, affine.AffineMaxOp.map(op), affine.AffineMaxOp.mapOperands(op), 'max')),
    on(arith.ConstantOp, (c, op) => c.emitConstant(op)),
    on(arith.SelectOp, (c, op) => c.emitSelect(op)),
    on(arith.CmpIOp, (c, op) => c.emitCmpI(op, arith.CmpIPredicate.stringify(arith.CmpIOp.predicate(op))!, arith.CmpIOp.lhs(op), arith.CmpIOp.rhs(op))),
    on(arith.CmpFOp, (c, op) => c.emitCmpF(op)),
    on(arith.NegFOp, (c, op) => c.define(op, c.elementwise(op, ([a]) => `(-${a})`))),
    on(arith.AddUIExtendedOp, (c, op) => c.emitAddUIExtended(op)),
    on(arith.MulSIExtendedOp, (c, op) =>
      c.emitMulExtended(true, arith.MulSIExtendedOp.lhs(op), arith.MulSIExtendedOp.rhs(op), arith.MulSIExtendedOp.low(op), arith.MulSIExtendedOp.high(op)),
    ),
    on(arith.MulUIExtendedOp, (c, op) =>
      c.emitMulExtended(false, arith.MulUIExtendedOp.lhs(op), arith.MulUIExtendedOp.rhs(op), arith.MulUIExtendedOp.low(op), arith.MulUIExtendedOp.high(op)),
    ),
    on(index.ConstantOp, (c, op) => c.define(op, intLit({ k: 'wide', w: 64 }, index.ConstantOp.value(op)))),
    on(index.BoolConstantOp, (c, op) => c.define(op, index.BoolConstantOp.value(op) ? '1' : '0')),
    on(index.CmpOp, (c, op) => c.emitCmpI(op, stringifyEnum(index.IndexCmpPredicateDef, index.CmpOp.pred(op)), index.CmpOp.lhs(op), index.CmpOp.rhs(op))),
    on(index.SizeOfOp, (c, op) => c.define(op, '8')),
    on(index.CastSOp, (c, op) => c.emitIndexCast(op, castOf(op)!)),
    on(index.CastUOp, (c, op) => c.emitIndexCast(op, castOf(op)!)),
    on(cf.AssertOp, (c, op) => c.emitAssert(op)),
    on(scf.ForOp, (c, op) => c.emitFor(op)),
    on(scf.IfOp, (c, op) => c.emitIf(op)),
    on(scf.WhileOp, (c, op) => c.emitWhile(op)),
    on(scf.ExecuteRegionOp, (c, op) => c.emitExecuteRegion(op)),
    on(scf.LoopOp, (c, op) => c.emitLoop(op)),
    on(scf.IndexSwitchOp, (c, op) => c.emitIndexSwitch(op)),
    on(scf.ParallelOp, (c, op) => c.emitParallel(op)),
    on(scf.ForallOp, (c, op) => c.emitForall(op)),
    on(memref.LoadOp, (c, op) => c.emitLoadOp(op)),
    on(memref.StoreOp, (c, op) => c.emitStoreOp(op)),
    on(memref.AllocOp, (c, op) => c.emitAlloc(op, memref.AllocOp.memref(op), memref.AllocOp.dynamicSizes(op), false)),
    on(memref.AllocaOp, (c, op) => c.emitAlloc(op, memref.AllocaOp.memref(op), memref.AllocaOp.dynamicSizes(op), true)),
    on(memref.DeallocOp, (c, op) => c.emit(`$rt.dealloc(${c.K(op)}, ${c.v(memref.DeallocOp.memref(op))});`)),
    on(memref.GetGlobalOp, (c, op) => c.emitGetGlobal(op)),
    on(memref.CastOp, (c, op) => c.emitMemrefCast(op)),
    on(memref.MemorySpaceCastOp, (c, op) => c.define(op, c.v(memref.MemorySpaceCastOp.source(op)))),
    on(memref.AssumeAlignmentOp, (c, op) => c.define(op, c.v(memref.AssumeAlignmentOp.memref(op)))),
    on(memref.DistinctObjectsOp, (c, op) => c.emitDistinctObjects(op)),
    on(memref.PrefetchOp, () => {}),
    on(memref.DimOp, (c, op) => c.emitDim(op)),
    on(memref.RankOp, (c, op) => c.define(op, `${c.v(memref.RankOp.memref(op))}.z.length`)),
    on(memref.CopyOp, (c, op) => c.emit(`$rt.copy(${c.K(op)}, ${c.v(memref.CopyOp.source(op))}, ${c.v(memref.CopyOp.target(op))});`)),
    on(memref.SubViewOp, (c, op) => c.emitSubView(op)),
    on(memref.ReinterpretCastOp, (c, op) => c.emitReinterpretCast(op)),
    on(memref.ExpandShapeOp, (c, op) => c.emitExpandShape(op)),
    on(memref.CollapseShapeOp, (c, op) => c.emitCollapseShape(op)),
    on(memref.ReshapeOp, (c, op) => c.emitReshape(op)),
    on(memref.TransposeOp, (c, op) => c.emitTranspose(op)),
    on(memref.ViewOp, (c, op) => c.emitView(op)),
    on(memref.ExtractAlignedPointerAsIndexOp, (c, op) => c.define(op, `${c.v(memref.ExtractAlignedPointerAsIndexOp.source(op))}.a.addr`)),
    on(memref.ExtractStridedMetadataOp, (c, op) => c.emitExtractStridedMetadata(op)),
    on(memref.ReallocOp, (c, op) => c.emitRealloc(op)),
    on(memref.AllocaScopeOp, (c, op) => c.emitAllocaScope(op)),
    on(memref.AtomicRMWOp, (c, op) => c.emitAtomicRMW(op)),
    on(memref.GenericAtomicRMWOp, (c, op) => c.emitGenericAtomicRMW(op)),
    on(func.CallOp, (c, op) => c.emitCall(op)),
    on(func.CallIndirectOp, (c, op) => c.emitCallIndirect(op)),
    on(func.ConstantOp, (c, op) => c.emitFuncConstant(op)),
    on(ub.PoisonOp, (c, op) => c.emit(`${c.v(ub.PoisonOp.result(op))} = $P(${c.K(op)});`)),
    on(pipeline.PredicateOp, (c, op) => c.emitPipelinePredicate(op)),
    on(pipeline.MaskOp, (c, op) => c.emitPipelineMask(op)),
    on(vector.PrintOp, (c, op) => c.emitVectorPrint(op)),
    on(js.PrintOp, (c, op) => c.emitJsPrint(op)),
    on(js.ExpOp, (c, op) => c.emitMath(op, 'Math.exp')),
    on(js.LogOp, (c, op) => c.emitMath(op, 'Math.log')),
    // The math ops compute as the C library mlir-runner links does (the math
    // dialect's libm, which its folders share): exactly rounded ops need
    // nothing more than JavaScript's Math.
    on(math.SqrtOp, (c, op) => c.emitMath(op, 'Math.sqrt')),
    on(math.AbsFOp, (c, op) => c.emitMath(op, 'Math.abs')),
    on(math.FloorOp, (c, op) => c.emitMath(op, 'Math.floor')),
    on(math.CeilOp, (c, op) => c.emitMath(op, 'Math.ceil')),
    on(math.TruncOp, (c, op) => c.emitMath(op, 'Math.trunc')),
    on(math.ExpOp, (c, op) => c.emitMath(op, '$rt.libm.exp', '$rt.libm.expf')),
    on(math.LogOp, (c, op) => c.emitMath(op, '$rt.libm.log', '$rt.libm.logf')),
    on(math.SinOp, (c, op) => c.emitMath(op, '$rt.libm.sin', '$rt.libm.sinf')),
    on(math.CosOp, (c, op) => c.emitMath(op, '$rt.libm.cos', '$rt.libm.cosf')),
    on(math.PowFOp, (c, op) => c.emitMath(op, '$rt.powf', '$rt.libm.powf')),
    on(math.CopySignOp, (c, op) => c.emitMath(op, '$rt.copysign')),
    on(builtin.UnrealizedConversionCastOp, (c, op) => c.emitUnrealizedConversionCast(op)),
  ]);

  private emitOp(op: Operation): void {
    // Ops are numbered (K) as they are emitted, before their regions; the cast
    // of values to themselves never needs its number.
    if (!builtin.UnrealizedConversionCastOp.isa(op)) this.K(op);
    const def = op.name.def;
    const emit = def && FunctionCompiler.EMITTERS.get(def);
    if (emit) return emit(this, op);
    const intOp = intBinaryOf(op);
    if (intOp) return this.emitIntBinary(op, intOp);
    const floatOp = floatBinaryOf(op);
    if (floatOp) return this.emitFloatBinary(op, floatOp);
    const castOp = castOf(op);
    if (castOp) return this.emitCast(op, castOp);
    this.unsupported(op);
  }

  /** Defines `op`'s single result as `expr` (vectorized elementwise when the result is a vector). */
  private define(op: Operation, expr: string): void {
    this.emit(`${this.v(op.result(0))} = ${expr};`);
    this.afterDefine(op.result(0));
  }

  /** Elementwise expression over scalars or vectors: f receives element expressions. */
  private elementwise(op: Operation, f: (args: string[], elemTypes: Type[]) => string): string {
    const t = op.result(0).type;
    const operandTypes = op.operands.map((o) => o.type);
    const taint = op.operands.some((o) => this.isTainted(o));
    if (t instanceof VectorType || operandTypes.some((x) => x instanceof VectorType)) {
      const args = op.operands.map((o) => this.v(o));
      const elems = operandTypes.map((x) => (x instanceof VectorType ? x.elementType : x));
      const inner = f(
        op.operands.map((o, i) => (o.type instanceof VectorType ? `${args[i]}[$i]` : args[i])),
        elems,
      );
      const n = (t instanceof VectorType ? t : (operandTypes.find((x) => x instanceof VectorType) as VectorType)).numElements;
      return `$rt.vmap(${n}, ($i) => { let $t, $s; return ${inner}; })`;
    }
    const args = op.operands.map((o) => this.operandExpr(o));
    const e = f(args, operandTypes);
    if (!taint) return e;
    const ps = op.operands.filter((o) => this.isTainted(o)).map((o) => this.v(o));
    return `(${ps.map((p) => `typeof ${p} === "object"`).join(' || ')} ? $rt.firstPoison(${ps.join(', ')}) : ${e})`;
  }

  private emitConstant(op: OpOf<typeof arith.ConstantOp>): void {
    const a = arith.ConstantOp.value(op);
    const t = arith.ConstantOp.result(op).type;
    const rep = reprOf(t instanceof VectorType ? t.elementType : t);
    if (rep.k === 'unsupported') return this.unsupported(op, `'${op.opName}' of ${rep.why} is not supported by the execution engine`);
    if (a instanceof IntegerAttr) return this.define(op, intLit(this.noteWide(reprOf(t)), a.value));
    if (a instanceof FloatAttr) return this.define(op, numLit(a.value));
    if (a instanceof DenseIntOrFPElementsAttr && t instanceof VectorType) {
      this.noteWide(reprOf(t.elementType));
      const vals = a.values.map((v) => valueLit(denseElem(t.elementType, v)));
      const all = a.isSplat ? new Array(t.numElements).fill(vals[0]) : vals;
      return this.define(op, `[${all.join(', ')}]`);
    }
    return this.unsupported(op, `'${op.opName}' of this value is not supported by the execution engine`);
  }

  private emitSelect(op: OpOf<typeof arith.SelectOp>): void {
    const cond = arith.SelectOp.condition(op);
    const [c, a, b] = [cond, arith.SelectOp.true_value(op), arith.SelectOp.false_value(op)].map((o) => this.v(o));
    if (cond.type instanceof VectorType) return this.define(op, `$rt.vmap(${(arith.SelectOp.result(op).type as VectorType).numElements}, ($i) => ${c}[$i] ? ${a}[$i] : ${b}[$i])`);
    if (this.isTainted(cond)) return this.define(op, `(typeof ${c} === "object" ? ${c} : ${c} ? ${a} : ${b})`);
    return this.define(op, `(${c} ? ${a} : ${b})`);
  }

  /** Integer comparisons (arith.cmpi, index.cmp) with predicate `pred` (eq, slt, ...). */
  private emitCmpI(op: Operation, pred: string, lhs: Value, rhs: Value): void {
    const p = this.cmpPred(pred, lhs, rhs);
    const r = this.noteWide(reprOf(elemOf(lhs.type)));
    this.define(op, this.elementwise(op, ([a, b]) => `(${cmpiBool(p, r, a, b)} ? 1 : 0)`));
  }

  private emitCmpF(op: OpOf<typeof arith.CmpFOp>): void {
    const pred = arith.CmpFPredicate.stringify(arith.CmpFOp.predicate(op))!;
    this.define(op, this.elementwise(op, ([a, b]) => `(${cmpfBool(pred, a, b)} ? 1 : 0)`));
  }

  private emitAddUIExtended(op: OpOf<typeof arith.AddUIExtendedOp>): void {
    const lhs = arith.AddUIExtendedOp.lhs(op);
    const r = this.noteWide(reprOf(lhs.type));
    const [a, b] = [lhs, arith.AddUIExtendedOp.rhs(op)].map((o) => this.v(o));
    const sum = this.v(arith.AddUIExtendedOp.sum(op));
    this.emit(`${sum} = ${intBinary('addi', r, a, b, this.K(op))};`);
    this.emit(`${this.v(arith.AddUIExtendedOp.overflow(op))} = (${cmpiBool('ult', r, sum, a)} ? 1 : 0);`);
  }

  /** arith.mulsi_extended (signed) and arith.mului_extended: the low and high halves of the product. */
  private emitMulExtended(signed: boolean, lhs: Value, rhs: Value, low: Value, high: Value): void {
    const r = this.noteWide(reprOf(lhs.type));
    const [a, b] = [lhs, rhs].map((o) => this.v(o));
    const w = r.k === 'int' || r.k === 'wide' ? r.w : 64;
    this.emit(`$r = $rt.mulExtended(${w}, ${signed}, ${a}, ${b});`);
    this.emit(`${this.v(low)} = $r[0]; ${this.v(high)} = $r[1];`);
  }

  /** Integer binary operations (arith and index). */
  private emitIntBinary(op: Operation, info: BinaryOpInfo<IntBinaryKind>): void {
    const K = this.K(op);
    const name = info.kind;
    const x = info.lhs(op);
    const y = info.rhs(op);
    const result = info.result(op);
    const rt = result.type;
    const resElem = elemOf(rt);
    const flags = info.overflowFlags(op);
    if (resElem instanceof IntegerType || resElem instanceof IndexType) {
      const r = this.noteWide(reprOf(resElem));
      if (x.type === y.type && x.type === rt) {
        const fast = r.k === 'wide' && !flags && !(rt instanceof VectorType) ? this.fastWide(name, x, y, result, this.operandExpr(x), this.operandExpr(y)) : undefined;
        if (fast !== undefined) return this.define(op, fast);
        if (!flags && !(rt instanceof VectorType) && this.bailWide(name, x, y, result, r)) return;
        const probe = intBinary(name, r, 'a', 'b', K);
        if (probe !== undefined) {
          let e = this.elementwise(op, ([a, b]) => intBinary(name, r, a, b, K)!);
          if (flags && (name === 'addi' || name === 'subi' || name === 'muli' || name === 'shli') && !(rt instanceof VectorType)) {
            const [a, b] = [x, y].map((o) => this.v(o));
            e = `$rt.overflowCheck(${K}, "${name}", ${flags}, ${r.k === 'int' || r.k === 'wide' ? r.w : 64}, ${a}, ${b}, ${e})`;
          }
          return this.define(op, e);
        }
      }
    }
    this.unsupported(op);
  }

  private emitFloatBinary(op: Operation, info: BinaryOpInfo<FloatBinaryKind>): void {
    const resElem = elemOf(info.result(op).type);
    if (resElem instanceof FloatType) {
      const r = reprOf(resElem);
      if (r.k === 'float') return this.define(op, this.elementwise(op, ([a, b]) => floatBinary(info.kind, r.f, a, b)!));
    }
    this.unsupported(op);
  }

  private emitCast(op: Operation, info: CastOpInfo): void {
    const K = this.K(op);
    const name = info.kind;
    const input = info.input(op);
    const rt = info.output(op).type;
    const resElem = elemOf(rt);
    // An integer result's width is noted first (the order of the wide helpers in the prelude).
    if (resElem instanceof IntegerType || resElem instanceof IndexType) this.noteWide(reprOf(resElem));
    const from = this.noteWide(reprOf(elemOf(input.type)));
    const to = this.noteWide(reprOf(resElem));
    if (from.k === 'unsupported' || to.k === 'unsupported') return this.unsupported(op, `'${op.opName}' on ${from.k === 'unsupported' ? from.why : (to as { why: string }).why} is not supported by the execution engine`);
    if (arith.TruncFOp.isa(op)) {
      const rm = arith.TruncFOp.roundingmode(op);
      if (rm !== undefined && rm !== arith.RoundingMode.case.to_nearest_even) return this.unsupported(op, `'${op.opName}' with a rounding mode other than to_nearest_even is not supported by the execution engine`);
    }
    if (input.type instanceof MemRefType) {
      // index_cast/bitcast on memrefs: same data, viewed with another element type.
      return this.unsupported(op, `'${op.opName}' on memrefs is not supported by the execution engine`);
    }
    const fastCast = rt instanceof VectorType ? undefined : this.fastCast(name, from, to, input);
    if (fastCast !== undefined) return this.define(op, fastCast);
    const probe = castExpr(name, from, to, 'a', K);
    if (probe !== undefined) {
      let e = this.elementwise(op, ([a]) => castExpr(name, from, to, a, K)!);
      if (name === 'trunci' && info.overflowFlags(op) && !(rt instanceof VectorType)) {
        const a = this.v(input);
        e = `$rt.truncCheck(${K}, ${info.overflowFlags(op)}, ${(from as { w: number }).w}, ${(to as { w: number }).w}, ${a}, ${e})`;
      }
      return this.define(op, e);
    }
    this.unsupported(op);
  }

  private noteWide(r: Repr): Repr {
    if (r.k === 'wide') this.mc.wideWidths.add(r.w);
    return r;
  }

  /**
   * affine.apply/min/max: each result expression computed as lower-affine's
   * arith expansion computes it (mod, floordiv and ceildiv through remsi and
   * divsi, products with nsw, min/max as a minsi/maxsi chain), so the engine
   * agrees with mlir-runner on the lowered program. Subexpressions whose range
   * stays within the safe integers use plain number arithmetic.
   */
  private emitAffine(op: Operation, map: AffineMap, operands: readonly Value[], kind: 'apply' | 'min' | 'max'): void {
    const K = this.K(op);
    const r = this.noteWide(reprOf(op.result(0).type));
    const res = this.v(op.result(0));
    const ranges = operands.map((o) => this.range(o) ?? null);
    const dims = ranges.slice(0, map.numDims);
    const syms = ranges.slice(map.numDims);
    const lbl = this.label();
    let breaks = false;
    const start = this.lines.length;
    this.depth++;
    const bail = (x: string): void => {
      breaks = true;
      this.emit(`if (typeof ${x} === "object") { ${res} = ${x}; break ${lbl}; }`);
    };
    for (const o of operands) if (this.isTainted(o)) bail(this.v(o));
    const bin = (name: string, a: string, b: string): string => intBinary(name, r, a, b, K)!;
    const tmp = (e: string): string => {
      const t = this.fresh('$x');
      this.emit(`${t} = ${e};`);
      return t;
    };
    // Post-order over the expression tree, without recursion; each node's
    // code and range (its range known: plain number arithmetic).
    const exprOf = (root: AffineExpr): string => {
      const done = new Map<AffineExpr, { code: string; range: Range | undefined }>();
      const stack: AffineExpr[] = [root];
      while (stack.length) {
        const e = stack[stack.length - 1];
        if (done.has(e)) {
          stack.pop();
          continue;
        }
        if (e instanceof AffineBinaryExpr) {
          const a = done.get(e.lhs);
          const b = done.get(e.rhs);
          if (a === undefined || b === undefined) {
            if (b === undefined) stack.push(e.rhs);
            if (a === undefined) stack.push(e.lhs);
            continue;
          }
          const range = affineBinaryRange(e.kind, a.range, b.range);
          done.set(e, { code: this.affineBinary(e.kind, a.code, b.code, range !== undefined, bin, tmp, bail, K), range });
        } else {
          const code =
            e instanceof AffineConstantExpr
              ? intLit(r, BigInt(e.value))
              : this.operandExpr(operands[e instanceof AffineDimExpr ? e.position : map.numDims + (e as AffineSymbolExpr).position]);
          done.set(e, { code, range: affineLeafRange(e, dims, syms) });
        }
        stack.pop();
      }
      return done.get(root)!.code;
    };
    const values = map.results.map(exprOf);
    let v = values[0];
    for (let i = 1; i < values.length; i++) v = tmp(`(${v} ${kind === 'min' ? '<' : '>'} ${values[i]} ? ${v} : ${values[i]})`);
    this.emit(`${res} = ${v};`);
    this.depth--;
    if (breaks) {
      this.lines.splice(start, 0, '  '.repeat(this.depth) + `${lbl}: {`);
      this.emit('}');
    } else for (let i = start; i < this.lines.length; i++) this.lines[i] = this.lines[i].slice(2);
  }

  /** One binary node of an affine expression (see emitAffine); `exact` when its range is known. */
  private affineBinary(
    kind: AffineKind,
    a: string,
    b: string,
    exact: boolean,
    bin: (name: string, a: string, b: string) => string,
    tmp: (e: string) => string,
    bail: (x: string) => void,
    K: number,
  ): string {
    if (exact) {
      // Plain numbers; the divisor is then positive.
      switch (kind) {
        case AffineKind.Add:
          return tmp(`${a} + ${b}`);
        case AffineKind.Mul:
          return tmp(`${a} * ${b} + 0`);
        case AffineKind.Mod:
          return tmp(`(($t = ${a} % ${b}) < 0 ? $t + ${b} : $t + 0)`);
        case AffineKind.FloorDiv:
          return tmp(`($t = ${a} % ${b}, (${a} - $t) / ${b} - ($t < 0 ? 1 : 0))`);
        default:
          return tmp(`($t = ${a} % ${b}, (${a} - $t) / ${b} + ($t > 0 ? 1 : 0))`);
      }
    }
    switch (kind) {
      case AffineKind.Add:
        return tmp(bin('addi', a, b));
      case AffineKind.Mul: {
        const x = tmp(`$rt.overflowCheck(${K}, "muli", ${arith.IntegerOverflowFlags.nsw}, 64, ${a}, ${b}, ${bin('muli', a, b)})`);
        bail(x);
        return x;
      }
      case AffineKind.Mod: {
        const rem = tmp(bin('remsi', a, b));
        return tmp(`(${rem} < 0 ? ${bin('addi', rem, b)} : ${rem})`);
      }
      case AffineKind.FloorDiv: {
        const neg = tmp(`${a} < 0`);
        const q = tmp(bin('divsi', tmp(`(${neg} ? ${bin('subi', '-1', a)} : ${a})`), b));
        return tmp(`(${neg} ? ${bin('subi', '-1', q)} : ${q})`);
      }
      default: {
        const nonPos = tmp(`${a} <= 0`);
        const q = tmp(bin('divsi', tmp(`(${nonPos} ? ${bin('subi', '0', a)} : ${bin('subi', a, '1')})`), b));
        return tmp(`(${nonPos} ? ${bin('subi', '0', q)} : ${bin('addi', q, '1')})`);
      }
    }
  }

  /** index.casts and index.castu (casts between index and integers). */
  private emitIndexCast(op: Operation, info: CastOpInfo): void {
    const K = this.K(op);
    const input = info.input(op);
    const rt = info.output(op).type;
    const from = this.noteWide(reprOf(input.type));
    const to = this.noteWide(reprOf(rt));
    const fastCast = rt instanceof VectorType ? undefined : this.fastCast(info.kind, from, to, input);
    if (fastCast !== undefined) return this.define(op, fastCast);
    this.define(op, this.elementwise(op, ([a]) => castExpr(info.kind, from, to, a, K)!));
  }

  private emitAssert(op: OpOf<typeof cf.AssertOp>): void {
    const arg = cf.AssertOp.arg(op);
    this.checkPoison(op, arg, 'assertion condition');
    this.emit(`if (!${this.v(arg)}) $rt.assertFail(${this.K(op)}, ${JSON.stringify(cf.AssertOp.msg(op))});`);
  }

  private emitCall(op: OpOf<typeof func.CallOp>): void {
    const K = this.K(op);
    const sym = func.CallOp.callee(op);
    const args = func.CallOp.operands(op);
    const results = func.CallOp.results(op);
    const f = this.mc.functions.get(sym);
    if (f) return this.emitCallTo(op, f.js, args, results);
    if (BUILTINS.has(sym) || BUILTINS.has(sym.replace(/^_mlir_ciface_/, ''))) {
      const argTypes = args.map((o) => o.type);
      for (let i = 0; i < args.length; i++) this.checkPoison(op, args[i], 'argument');
      const call = `$rt.builtin(${K}, ${JSON.stringify(sym.replace(/^_mlir_ciface_/, ''))}, [${args.map((a) => this.v(a)).join(', ')}], ${JSON.stringify(argTypes.map((t) => elemFormatOf(t instanceof MemRefType || t instanceof UnrankedMemRefType ? t.elementType : t)))})`;
      if (results.length === 1) this.define(op, call);
      else this.emit(call + ';');
      return;
    }
    this.emit(`$rt.missingSymbol(${K}, ${JSON.stringify(sym)});`);
  }

  private emitCallIndirect(op: OpOf<typeof func.CallIndirectOp>): void {
    const callee = this.v(func.CallIndirectOp.callee(op));
    this.emitCallTo(op, callee, func.CallIndirectOp.callee_operands(op), func.CallIndirectOp.results(op));
  }

  /** A call of the JS function `callee` (its call site recorded for stack traces). */
  private emitCallTo(op: Operation, callee: string, args: Value[], results: Value[]): void {
    const call = `${callee}(${args.map((a) => this.v(a)).join(', ')})`;
    this.emit(`$cl = ${this.K(op)};`);
    if (results.length === 0) this.emit(call + ';');
    else if (results.length === 1) this.define(op, call);
    else {
      this.emit(`$r = ${call};`);
      results.forEach((r, i) => {
        this.emit(`${this.v(r)} = $r[${i}];`);
        this.afterDefine(r);
      });
    }
  }

  private emitFuncConstant(op: OpOf<typeof func.ConstantOp>): void {
    const f = this.mc.functions.get(func.ConstantOp.value(op));
    if (!f) return this.unsupported(op, `'${op.opName}' of an external function is not supported by the execution engine`);
    this.define(op, f.js);
  }

  // ---- scf

  private emitIf(op: OpOf<typeof scf.IfOp>): void {
    const c = scf.IfOp.condition(op);
    this.checkPoison(op, c, 'condition');
    const res = scf.IfOp.results(op);
    const onYield: Yield = (vals) => {
      if (res.length) this.assign(res, vals);
    };
    this.emit(`if (${this.v(c)}) {`);
    this.indent(() => this.emitRegion(scf.IfOp.thenRegion(op), onYield));
    const elseRegion = scf.IfOp.elseRegion(op);
    if (!elseRegion.empty) {
      this.emit('} else {');
      this.indent(() => this.emitRegion(elseRegion, onYield));
    }
    this.emit('}');
  }

  /** `scf.break`/`scf.continue`: assign the target's results (loop-carried values) and leave (restart) its labelled statement. */
  private emitEarlyExit(op: OpOf<typeof scf.BreakOp> | OpOf<typeof scf.ContinueOp>): void {
    const isBreak = scf.BreakOp.isa(op);
    const target = this.exitTargets.get(isBreak ? scf.BreakOp.token(op) : scf.ContinueOp.token(op));
    if (!target) return this.unsupported(op, `'${op.opName}' whose target is not being executed`);
    const vals = (isBreak ? scf.BreakOp.results(op) : scf.ContinueOp.results(op)).map((x) => this.v(x));
    const dests = isBreak ? target.results : target.iterArgs;
    if (dests.length) this.assign(dests, vals);
    this.emit(`${isBreak ? 'break' : 'continue'} ${target.label};`);
  }

  /** scf.loop: `L: for (;;)` over its body, which always ends with a break or continue. */
  private emitLoop(op: OpOf<typeof scf.LoopOp>): void {
    const iters = scf.LoopOp.regionIterArgs(op);
    if (iters.length) this.assign(iters, scf.LoopOp.initArgs(op).map((x) => this.v(x)));
    const L = this.label();
    this.exitTargets.set(scf.LoopOp.token(op), { label: L, results: scf.LoopOp.results(op), iterArgs: iters });
    this.emit(`${L}: for (;;) {`);
    // No optimistic-copy exits inside: an iteration may follow another one's side effects.
    this.indent(() => this.noBail(() => this.emitRegion(scf.LoopOp.region(op), () => {})));
    this.emit('}');
  }

  /** pipeline.predicate: lb <= (the stage's iteration) < ub, as the op documents it. */
  private emitPipelinePredicate(op: OpOf<typeof pipeline.PredicateOp>): void {
    const iv = pipeline.PredicateOp.iv(op);
    const r = this.noteWide(reprOf(iv.type));
    const K = this.K(op);
    const [v, lb, ub, st] = [iv, pipeline.PredicateOp.lowerBound(op), pipeline.PredicateOp.upperBound(op), pipeline.PredicateOp.step(op)].map((x) => this.v(x));
    for (const x of op.operands) this.checkPoison(op, x, "operand");
    const S = pipeline.PredicateOp.numStages(op);
    const s = pipeline.PredicateOp.stage(op);
    const times = (n: bigint): string => intBinary('muli', r, intLit(r, n), st, K)!;
    const it = this.fresh('$it');
    let cond: string;
    if (pipeline.PredicateOp.unsignedCmp(op)) {
      const off = this.fresh('$off');
      this.emit(`${off} = ${intBinary('subi', r, v, lb, K)!};`);
      this.emit(`${it} = ${intBinary('subi', r, v, times(s), K)!};`);
      cond = `${cmpiBool('uge', r, off, times(s))} && ${cmpiBool('ult', r, it, ub)}`;
    } else {
      this.emit(`${it} = ${intBinary('addi', r, v, times(S - 1n - s), K)!};`);
      cond = `${cmpiBool('sge', r, it, lb)} && ${cmpiBool('slt', r, it, ub)}`;
    }
    this.emit(`${this.v(pipeline.PredicateOp.result(op))} = (${cond}) ? 1 : 0;`);
  }

  /** pipeline.mask: its region when the predicate holds, poison results otherwise. */
  private emitPipelineMask(op: OpOf<typeof pipeline.MaskOp>): void {
    const p = pipeline.MaskOp.predicate(op);
    this.checkPoison(op, p, 'predicate');
    const res = pipeline.MaskOp.results(op);
    this.emit(`if (${this.v(p)}) {`);
    this.indent(() => this.emitRegion(pipeline.MaskOp.region(op), (vals) => res.length && this.assign(res, vals)));
    if (res.length) {
      this.emit('} else {');
      this.indent(() => {
        for (const x of res) this.emit(`${this.v(x)} = $P(${this.K(op)});`);
      });
    }
    this.emit('}');
  }

  private emitExecuteRegion(op: OpOf<typeof scf.ExecuteRegionOp>): void {
    const res = scf.ExecuteRegionOp.results(op);
    const L = this.label();
    const token = scf.ExecuteRegionOp.token(op);
    if (token) this.exitTargets.set(token, { label: L, results: res, iterArgs: [] });
    this.emit(`${L}: {`);
    this.indent(() =>
      this.emitRegion(scf.ExecuteRegionOp.region(op), (vals) => {
        if (res.length) this.assign(res, vals);
      }),
    );
    this.emit('}');
  }

  private emitIndexSwitch(op: OpOf<typeof scf.IndexSwitchOp>): void {
    const arg = scf.IndexSwitchOp.arg(op);
    this.checkPoison(op, arg, 'switch argument');
    const cases = scf.IndexSwitchOp.cases(op);
    const caseRegions = scf.IndexSwitchOp.caseRegions(op);
    const res = scf.IndexSwitchOp.results(op);
    const onYield: Yield = (vals) => {
      if (res.length) this.assign(res, vals);
    };
    const L = this.label();
    this.emit(`${L}: switch (${this.v(arg)}) {`);
    this.indent(() => {
      cases.forEach((c, i) => {
        this.emit(`case ${intLit({ k: 'wide', w: 64 }, c)}: {`);
        this.indent(() => {
          this.emitRegion(caseRegions[i], onYield);
          this.emit(`break ${L};`);
        });
        this.emit('}');
      });
      this.emit('default: {');
      this.indent(() => this.emitRegion(scf.IndexSwitchOp.defaultRegion(op), onYield));
      this.emit('}');
    });
    this.emit('}');
  }

  private stepCheck(op: Operation, step: string, r: Repr): void {
    const sgn = r.k === 'int' && r.w === 1 ? `(-${step})` : step;
    this.emit(`if (!(${sgn} > 0)) $rt.badStep(${this.K(op)}, ${step});`);
  }

  private emitFor(op: OpOf<typeof scf.ForOp>): void {
    const lb = scf.ForOp.lowerBound(op);
    const ub = scf.ForOp.upperBound(op);
    const step = scf.ForOp.step(op);
    const inits = scf.ForOp.initArgs(op);
    const body = scf.ForOp.body(op);
    const iv = scf.ForOp.inductionVar(op);
    const iters = scf.ForOp.regionIterArgs(op);
    const r = this.noteWide(reprOf(iv.type));
    for (const x of [lb, ub, step]) this.checkPoison(op, x, 'loop bound');
    const unsigned = scf.ForOp.unsignedCmp(op);
    const ubv = this.fresh('$ub');
    const stv = this.fresh('$st');
    this.emit(`${ubv} = ${this.v(ub)}; ${stv} = ${this.v(step)};`);
    if (unsigned) this.emit(`if (${stv} === 0) $rt.badStep(${this.K(op)}, ${stv});`);
    else this.stepCheck(op, stv, r);
    if (iters.length) this.assign(iters, inits.map((x) => this.v(x)));
    this.emitLoopNest(
      op,
      [{ iv: this.v(iv), lb: this.v(lb), ub: ubv, st: stv, r, unsigned, known: this.safeBounds(lb, ub, step, unsigned) }],
      () =>
        this.emitBlockOps(body, (vals) => {
          if (iters.length) this.assign(iters, vals);
        }, undefined),
      iters,
      true,
    );
    const results = scf.ForOp.results(op);
    if (results.length) this.assign(results, iters.map((x) => this.v(x)));
  }

  /**
   * Emits nested counting loops (outermost first) around `body`. Wide (index,
   * i64) induction variables get two versions: when the bounds are numbers far
   * enough from 2^53 that no increment can leave the safe range (checked once,
   * before the loops), a plain `iv += step` loop; otherwise a generic loop with
   * exact 64-bit increments (inside it, nested loops are generic only, so code
   * grows linearly with nesting). A possibly-BigInt increment inside the hot
   * loop would slow every loop down; a closure would move the function's
   * variables to the heap.
   */
  /** True when a loop's bounds are known numbers with which `iv += step` stays exact (no runtime check needed). */
  private safeBounds(lb: Value, ub: Value, step: Value, unsigned: boolean): boolean {
    const [a, b, c] = [this.range(lb), this.range(ub), this.range(step)];
    if (!a || !b || !c || reprOf(lb.type).k !== 'wide') return false;
    if (unsigned && (a.lo < 0 || b.lo < 0)) return false;
    return b.hi <= Number.MAX_SAFE_INTEGER - c.hi && a.lo >= -Number.MAX_SAFE_INTEGER;
  }

  /** Runs `f` without an optimistic loop copy to leave (see `bail`). */
  private noBail(f: () => void): void {
    const b = this.bail;
    this.bail = undefined;
    try {
      f();
    } finally {
      this.bail = b;
    }
  }
  /** Emits a generic copy: nested loops are not versioned again (code size stays quadratic in the nesting). */
  private generic(f: () => void): void {
    const g = this.genericLoops;
    this.genericLoops = true;
    try {
      this.noBail(f);
    } finally {
      this.genericLoops = g;
    }
  }
  /**
   * Emits `body` (a generic loop copy) as a separate function called from here:
   * code that never runs still costs V8 in the function that holds it (the
   * optimistic copy ran about 1.7x slower with its generic twin inline). The
   * function takes the variables the copy reads from outside `loop` (and the
   * loop's own state: induction variables, iteration arguments) and returns
   * `outputs` (the values later code reads), which are then assigned here;
   * values defined inside the loop are its locals (passing them would keep
   * them alive at every exit of the optimistic copy, which costs too). A loop
   * body cannot leave the loop other than normally or by throwing.
   */
  private outOfLine(loop: Operation, body: () => void, outputs: Value[]): void {
    const firstVar = this.vars.length;
    const savedLines = this.lines;
    const savedDepth = this.depth;
    this.lines = [];
    this.depth = 1;
    let inner: string[];
    try {
      this.generic(body);
    } finally {
      inner = this.lines;
      this.lines = savedLines;
      this.depth = savedDepth;
    }
    const outs = outputs.map((o) => this.v(o));
    // Fresh variables of the copy are its own (afterDefine may list old names again).
    const older = new Set(this.vars.slice(0, firstVar));
    const inside = new Set<string>(this.vars.slice(firstVar).filter((n) => !older.has(n)));
    const addInside = (x: Value): void => {
      const n = this.names.get(x);
      if (n) inside.add(n);
    };
    loop.walk((o) => {
      if (o === loop) return;
      o.results.forEach(addInside);
      for (const ir of o.regions) for (const ib of ir.blocks) ib.args.forEach(addInside);
    });
    // scf.while's state is its "before" arguments; the "after" ones come from the condition.
    if (scf.WhileOp.isa(loop)) scf.WhileOp.afterArguments(loop).forEach(addInside);
    const known = new Set([...this.vars, ...this.params]);
    const used = new Set<string>(outs);
    const locals = new Set<string>();
    for (const l of inner)
      for (const m of l.matchAll(/[A-Za-z_$][\w$]*/g)) {
        const n = m[0];
        if (!known.has(n) || used.has(n)) continue;
        // Memref values carry derived variables (v3_b, v3_z0, ...): they go with their value.
        const base = /^v\d+/.exec(n)?.[0] ?? n;
        (inside.has(n) || inside.has(base) ? locals : used).add(n);
      }
    const args = [...used].join(', ');
    const name = `${this.mc.functions.get(func.FuncOp.sym_name(this.fn))!.js}$g${this.extraFns.length}`;
    const ret = outs.length === 0 ? '' : outs.length === 1 ? `  return ${outs[0]};\n` : `  return [${outs.join(', ')}];\n`;
    const decl = ['$t', '$s', '$r', ...locals].join(', ');
    this.extraFns.push(`function ${name}(${args}) {\n  let ${decl};\n${inner.join('\n')}\n${ret}}\n`);
    if (outs.length === 0) this.emit(`${name}(${args});`);
    else if (outs.length === 1) this.emit(`${outs[0]} = ${name}(${args});`);
    else {
      this.emit(`$r = ${name}(${args});`);
      this.emit(outs.map((o, i) => `${o} = $r[${i}];`).join(' '));
    }
    for (const o of outputs) this.afterDefine(o);
  }

  /**
   * Emits `emitFast` (a loop) as the optimistic copy of a loop: its operations
   * may leave it with `break <label>` (see bailWide), restarting the current
   * iteration in the generic copy `emitGeneric` emits (out of line) after it.
   * The iteration's state is the loop variables, which the body assigns only
   * at its end, and an iteration is only left before its first side effect.
   * Without any exit, the optimistic copy is the only one. `emitFast` gets the
   * loop's label and the label that leaves the whole construct; `outputs` are
   * the values the generic copy must hand back.
   */
  private versioned(loop: Operation, emitFast: (label: string, exit: string) => void, emitGeneric: (exit: string) => void, alwaysWrap: boolean, outputs: Value[]): void {
    const start = this.lines.length;
    const LX = this.label();
    const LB = this.label();
    const LF = this.label();
    const savedBail = this.bail;
    const savedNums = new Set(this.nums);
    this.bail = { label: LB, ok: true, used: 0 };
    let used = 0;
    try {
      this.depth += 2;
      emitFast(LF, LX);
      used = this.bail.used;
    } finally {
      this.depth -= 2;
      this.bail = savedBail;
      this.nums = savedNums;
    }
    const pad = '  '.repeat(this.depth);
    if (!used) {
      // Unwrapped (or wrapped only for the exit label): undo the extra indentation.
      const cut = alwaysWrap ? 2 : 4;
      for (let i = start; i < this.lines.length; i++) this.lines[i] = this.lines[i].slice(cut);
      if (alwaysWrap) {
        this.lines.splice(start, 0, pad + `${LX}: {`);
        this.emit('}');
      }
      return;
    }
    // LX: { LB: { fast loop; break LX; } generic copy (resumes the iteration left) }
    this.lines.splice(start, 0, pad + `${LX}: {`, pad + `  ${LB}: {`);
    this.emit(`    break ${LX};`);
    this.emit('  }');
    this.indent(() =>
      this.outOfLine(loop, () => {
        this.emit(`${LX}: {`);
        this.indent(() => emitGeneric(LX));
        this.emit('}');
      }, outputs),
    );
    this.emit('}');
  }

  private emitLoopNest(op: Operation, dims: { iv: string; lb: string; ub: string; st: string; r: Repr; unsigned: boolean; known?: boolean }[], body: () => void, outputs: Value[], versionable = false): void {
    const K = this.K(op);
    const header = (d: (typeof dims)[number], fast: boolean, label: string, init = true): string => {
      const inc = fast ? `${d.iv} + ${d.st}` : intBinary('addi', d.r, d.iv, d.st, K)!;
      const cond = fast ? `${d.iv} < ${d.ub}` : cmpiBool(d.unsigned ? 'ult' : 'slt', d.r, d.iv, d.ub);
      return `${label}: for (${init ? `${d.iv} = ${d.lb}` : ''}; ${cond}; ${d.iv} = ${inc}) {`;
    };
    const emitLoops = (fast: boolean): void => {
      const open = dims.length;
      for (const d of dims) {
        this.emit(header(d, fast, this.label()));
        this.depth++;
      }
      body();
      for (let i = 0; i < open; i++) {
        this.depth--;
        this.emit('}');
      }
    };
    const loops = (fast: boolean): void => {
      if (!versionable) return this.noBail(() => emitLoops(fast));
      if (this.genericLoops || dims.length !== 1) return emitLoops(fast);
      const d = dims[0];
      this.versioned(
        op,
        (LF, LX) => {
          this.emit(header(d, fast, LF));
          this.indent(body);
          this.emit('}');
          void LX;
        },
        (LX) => {
          // Resumes the iteration that left the optimistic copy.
          this.emit(header(d, fast, this.label(), false));
          this.indent(body);
          this.emit('}');
          void LX;
        },
        false,
        outputs,
      );
    };
    if (dims.every((d) => d.known)) return loops(true);
    if (this.genericLoops || !dims.every((d) => d.r.k === 'wide')) return loops(false);
    const pre = dims
      .map((d) => {
        const hi = numLit(wide((d.r as { w: number }).w).hi);
        let c = `typeof ${d.lb} === "number" && typeof ${d.ub} === "number" && typeof ${d.st} === "number" && ${d.ub} <= ${hi} - ${d.st}`;
        if (d.unsigned) c += ` && ${d.lb} >= 0 && ${d.ub} >= 0`;
        return c;
      })
      .join(' && ');
    this.emit(`if (${pre}) {`);
    this.indent(() => loops(true));
    this.emit('} else {');
    this.indent(() => this.outOfLine(op, () => emitLoops(false), outputs));
    this.emit('}');
  }

  private emitWhile(op: OpOf<typeof scf.WhileOp>): void {
    const before = scf.WhileOp.beforeBody(op);
    const after = scf.WhileOp.afterBody(op);
    if (scf.WhileOp.before(op).blocks.length !== 1 || scf.WhileOp.after(op).blocks.length !== 1) this.unsupported(op, `multi-block '${op.opName}' regions are not supported`);
    const results = scf.WhileOp.results(op);
    if (before.args.length) this.assign(before.args, scf.WhileOp.inits(op).map((x) => this.v(x)));
    const loop = (L: string, exit: string): void => {
      this.emit(`${L}: for (;;) {`);
      this.indent(() => {
        this.emitBlockOps(before, (_vals, term) => {
          const condition = scf.ConditionOp.cast(term);
          const c = scf.ConditionOp.condition(condition);
          this.checkPoison(term, c, 'loop condition');
          const args = scf.ConditionOp.args(condition).map((x) => this.v(x));
          this.emit(`if (!${this.v(c)}) {`);
          this.indent(() => {
            if (results.length) this.assign(results, args);
            this.emit(`break ${exit};`);
          });
          this.emit('}');
          if (after.args.length) this.assign(after.args, args);
        }, undefined);
        this.emitBlockOps(after, (vals) => {
          if (before.args.length) this.assign(before.args, vals);
        }, undefined);
      });
      this.emit('}');
    };
    if (this.genericLoops) {
      const L = this.label();
      loop(L, L);
      return;
    }
    this.versioned(
      op,
      (LF, LX) => loop(LF, LX),
      (LX) => loop(this.label(), LX),
      true,
      results,
    );
  }

  private emitParallel(op: OpOf<typeof scf.ParallelOp>): void {
    const lbs = scf.ParallelOp.lowerBound(op);
    const ubs = scf.ParallelOp.upperBound(op);
    const steps = scf.ParallelOp.step(op);
    const inits = scf.ParallelOp.initVals(op);
    const body = scf.ParallelOp.body(op);
    const ivs = scf.ParallelOp.inductionVars(op);
    const r: Repr = { k: 'wide', w: 64 };
    const res = scf.ParallelOp.results(op);
    if (res.length) this.assign(res, inits.map((x) => this.v(x)));
    const ubNames: string[] = [];
    const stNames: string[] = [];
    ivs.forEach((_, d) => {
      for (const x of [lbs[d], ubs[d], steps[d]]) this.checkPoison(op, x, 'loop bound');
      const u = this.fresh('$ub');
      const s = this.fresh('$st');
      this.emit(`${u} = ${this.v(ubs[d])}; ${s} = ${this.v(steps[d])};`);
      this.stepCheck(op, s, r);
      ubNames.push(u);
      stNames.push(s);
    });
    this.emitLoopNest(
      op,
      ivs.map((iv, d) => ({ iv: this.v(iv), lb: this.v(lbs[d]), ub: ubNames[d], st: stNames[d], r, unsigned: false, known: this.safeBounds(lbs[d], ubs[d], steps[d], false) })),
      () =>
        this.emitBlockOps(body, (_vals, term) => {
          // scf.reduce: one region per operand, combining the result so far with it.
          const reduce = scf.ReduceOp.cast(term);
          const reductions = scf.ReduceOp.reductions(reduce);
          scf.ReduceOp.operands(reduce).forEach((x, i) => {
            const blk = reductions[i].entry;
            this.assign(blk.args, [this.v(res[i]), this.v(x)]);
            this.emitBlockOps(blk, (vals) => this.assign([res[i]], vals), undefined);
          });
        }, undefined),
      res,
    );
  }

  private emitForall(op: OpOf<typeof scf.ForallOp>): void {
    if (scf.ForallOp.outputs(op).length) this.unsupported(op, `'${op.opName}' with shared outputs (tensors) is not supported by the execution engine`);
    const body = scf.ForallOp.body(op);
    const ivs = scf.ForallOp.inductionVars(op);
    const r: Repr = { k: 'wide', w: 64 };
    const mixed = (stat: readonly bigint[], dyn: Value[]): string[] => {
      let j = 0;
      return stat.map((s) => (s === K_DYN_BIG ? this.v(dyn[j++]) : intLit(r, s)));
    };
    const lbs = mixed(scf.ForallOp.staticLowerBound(op), scf.ForallOp.dynamicLowerBound(op));
    const ubs = mixed(scf.ForallOp.staticUpperBound(op), scf.ForallOp.dynamicUpperBound(op));
    const steps = mixed(scf.ForallOp.staticStep(op), scf.ForallOp.dynamicStep(op));
    const ubNames: string[] = [];
    const stNames: string[] = [];
    ivs.forEach((_, d) => {
      const u = this.fresh('$ub');
      const s = this.fresh('$st');
      this.emit(`${u} = ${ubs[d]}; ${s} = ${steps[d]};`);
      this.stepCheck(op, s, r);
      ubNames.push(u);
      stNames.push(s);
    });
    this.emitLoopNest(
      op,
      ivs.map((iv, d) => ({ iv: this.v(iv), lb: lbs[d], ub: ubNames[d], st: stNames[d], r, unsigned: false })),
      () =>
        this.withScope(op, () => {
          const depth = this.scopes.length - 1;
          this.emitBlockOps(body, () => this.killScopes(depth), undefined);
        }),
      [],
    );
  }

  // ---- math (scalar floats) and js.print

  /** `fn` computes in double precision; `f32Fn`, where given, is the single-precision C function. */
  private emitMath(op: Operation, fn: string, f32Fn?: string): void {
    const t = op.result(0).type;
    const r = t instanceof FloatType ? reprOf(t) : undefined;
    if (!r || r.k !== 'float') return this.unsupported(op);
    if (r.f === 'f32' && f32Fn) fn = f32Fn;
    op.operands.forEach((x) => this.checkPoison(op, x, 'operand'));
    this.define(op, roundExprOf(r.f, `${fn}(${op.operands.map((x) => this.v(x)).join(', ')})`));
  }

  private emitJsPrint(op: OpOf<typeof js.PrintOp>): void {
    const strings = js.PrintOp.strings(op);
    const parts: string[] = [JSON.stringify(strings[0])];
    js.PrintOp.values(op).forEach((x, i) => {
      this.checkPoison(op, x, 'printed value');
      const t = x.type;
      const v = this.v(x);
      if (t instanceof FloatType) parts.push(`$rt.jsNumber(${v})`);
      else if (t instanceof IntegerType && t.width === 1) parts.push(`(${v} ? "true" : "false")`);
      else parts.push(`String(${v})`);
      parts.push(JSON.stringify(strings[i + 1]));
    });
    this.emit(`$rt.write(${parts.join(' + ')});`);
  }

  // ---- vector.print

  private emitVectorPrint(op: OpOf<typeof vector.PrintOp>): void {
    const K = this.K(op);
    const punct = vector.PrintOp.punctuation(op);
    const str = vector.PrintOp.stringLiteral(op);
    if (str !== undefined) {
      this.emit(`$rt.write(${JSON.stringify(str)});`);
      return;
    }
    const x = vector.PrintOp.source(op);
    if (x === undefined) {
      this.emit(`$rt.punct(${JSON.stringify(punct)});`);
      return;
    }
    this.checkPoison(op, x, 'printed value');
    const t = x.type;
    const et = t instanceof VectorType ? t.elementType : t;
    const w = et instanceof IntegerType ? et.width : 64;
    if (et instanceof IntegerType && w > 64) this.unsupported(op, `'${op.opName}' of integers wider than 64 bits is not supported`);
    const shape = t instanceof VectorType ? t.shape : [];
    this.emit(`$rt.vprint(${K}, ${this.v(x)}, ${JSON.stringify(elemFormatOf(et))}, ${w}, ${JSON.stringify(shape)}, ${JSON.stringify(punct)});`);
  }

  // ---- memref

  /**
   * Emits the bounds check of an access and returns the linear index expression.
   * Static sizes, strides and offsets (from the memref type) are literals.
   * Liveness is checked through the buffer: deallocation detaches it (length 0).
   */
  private memIndex(op: Operation, m: Value, indices: Value[]): string {
    const n = this.v(m);
    const t = m.type as MemRefType;
    const so = staticLayout(t);
    const idx = indices.map((x) => this.v(x));
    indices.forEach((x) => this.checkPoison(op, x, 'index'));
    const size = (d: number): string => (t.shape[d] !== kDynamic ? String(t.shape[d]) : `${n}_z${d}`);
    const stride = (d: number): string => (so && so.strides[d] !== kDynamic ? String(so.strides[d]) : `${n}_s${d}`);
    const offset = so && so.offset !== kDynamic ? String(so.offset) : `${n}_o`;
    const conds: string[] = [];
    idx.forEach((i, d) => {
      // Checks that the index's range proves unnecessary are left out.
      const r = this.range(indices[d]);
      if (!r || r.lo < 0) conds.push(`${i} >= 0`);
      if (!r || t.shape[d] === kDynamic || r.hi >= t.shape[d]) conds.push(`${i} < ${size(d)}`);
    });
    // Failed checks throw a number (op index * 4 + kind): a call on the cold path
    // would slow the hot path down (engine.ts turns the number into an error).
    if (conds.length) this.emit(`if (!(${conds.join(' && ')})) throw ${this.K(op) * 4};`);
    const terms: string[] = [];
    if (offset !== '0') terms.push(offset);
    idx.forEach((i, d) => terms.push(stride(d) === '1' ? i : `${i} * ${stride(d)}`));
    return terms.length ? terms.join(' + ') : '0';
  }

  /** True if `m` is (a view of) a constant global: stores into it are errors. */
  private isConstantGlobal(m: Value): boolean {
    for (let v: Value | undefined = m; v; ) {
      const d: Operation | null = v.definingOp;
      if (!d) return false;
      if (memref.GetGlobalOp.isa(d)) {
        const id = this.mc.globalIds.get(memref.GetGlobalOp.name(d));
        return id !== undefined && this.mc.globals[id].constant;
      }
      v = viewSource(d);
    }
    return false;
  }

  private emitLoad(op: Operation, m: Value, lin: string, res: string, resv?: Value): void {
    const n = this.v(m);
    const kind = elemKindOf((m.type as MemRefType).elementType);
    this.emit(`$t = ${lin}; ${res} = ${n}_b[$t];`);
    this.emit(`if (${res} === undefined) throw ${this.K(op) * 4 + 1};`);
    if (kind === 'wide') {
      const L = resv ? this.bailLabel() : undefined;
      if (L) {
        this.emit(`else if (${res} !== ${res}) break ${L};`);
        this.nums.add(resv!);
      } else this.emit(`else if (${res} !== ${res}) ${res} = ${n}_a.big.get($t);`);
    }
  }

  private emitStore(op: Operation, m: Value, lin: string, x: string, xv?: Value): void {
    const n = this.v(m);
    const kind = elemKindOf((m.type as MemRefType).elementType);
    if (this.isConstantGlobal(m)) this.emit(`$err(${this.K(op)}, "stores into a constant global memref");`);
    this.emit(`$t = ${lin}; if ($t >= ${n}_b.length) throw ${this.K(op) * 4 + 2};`);
    const L = kind === 'wide' && xv && !this.isNum(xv) && !this.isTainted(xv) ? this.bailLabel() : undefined;
    if (L) this.emit(`if (typeof ${x} !== "number") break ${L};`);
    if (kind === 'wide' && !(xv && this.isNum(xv)) && !L) this.emit(`if (typeof ${x} === "number") ${n}_b[$t] = ${x}; else $rt.storeBig(${n}, $t, ${x});`);
    else this.emit(`${n}_b[$t] = ${x};`);
  }

  private emitLoadOp(op: OpOf<typeof memref.LoadOp>): void {
    const m = memref.LoadOp.memref(op);
    const lin = this.memIndex(op, m, memref.LoadOp.indices(op));
    const res = memref.LoadOp.result(op);
    this.emitLoad(op, m, lin, this.v(res), res);
  }

  private emitStoreOp(op: OpOf<typeof memref.StoreOp>): void {
    const x = memref.StoreOp.value(op);
    const m = memref.StoreOp.memref(op);
    this.checkPoison(op, x, 'stored value');
    const lin = this.memIndex(op, m, memref.StoreOp.indices(op));
    this.emitStore(op, m, lin, this.v(x), x);
  }

  /** memref.alloc and memref.alloca (`stack`: freed when its allocation scope ends). */
  private emitAlloc(op: Operation, result: Value, dyn: Value[], stack: boolean): void {
    const t = result.type as MemRefType;
    const kind = elemKindOf(t.elementType);
    if (!kind) return this.unsupported(op, `memrefs of ${t.elementType.key} are not supported by the execution engine`);
    dyn.forEach((x) => this.checkPoison(op, x, 'size'));
    let j = 0;
    const sizes = t.shape.map((d) => (d === kDynamic ? this.v(dyn[j++]) : String(d)));
    let layout = 'null';
    if (t.layoutAttr !== undefined) {
      const so = stridesAndOffset(t);
      if (!so) return this.unsupported(op, 'allocation with a non-strided layout');
      if (so.strides.some((s) => s === kDynamic) || so.offset === kDynamic) return this.unsupported(op, 'allocation with a dynamic layout');
      layout = JSON.stringify({ s: so.strides, o: so.offset });
    }
    const wideW = reprOf(t.elementType).k === 'wide' ? (reprOf(t.elementType) as { w: number }).w : 64;
    let scope = 'null';
    if (stack) {
      for (let i = this.scopes.length - 1; i >= 0; i--) {
        if (this.scopes[i]) {
          scope = this.scopes[i]!;
          break;
        }
      }
    }
    this.define(op, `$rt.alloc(${this.K(op)}, "${kind}", [${sizes.join(', ')}], ${layout}, ${stack ? scope : 'null'}, ${stack}, ${wideW})`);
  }

  private emitGetGlobal(op: OpOf<typeof memref.GetGlobalOp>): void {
    const sym = memref.GetGlobalOp.name(op);
    const id = this.mc.globalIds.get(sym);
    if (id === undefined) return this.unsupported(op, `unknown global @${sym}`);
    this.define(op, `$G[${id}]`);
  }

  private emitMemrefCast(op: OpOf<typeof memref.CastOp>): void {
    const t = memref.CastOp.dest(op).type;
    const shape = t instanceof MemRefType ? JSON.stringify(t.shape.map((d) => (d === kDynamic ? -1 : d))) : 'null';
    const so = t instanceof MemRefType ? stridesAndOffset(t) : undefined;
    const layout = so ? JSON.stringify({ s: so.strides.map((d) => (d === kDynamic ? null : d)), o: so.offset === kDynamic ? null : so.offset }) : 'null';
    this.define(op, `$rt.mcast(${this.K(op)}, ${this.v(memref.CastOp.source(op))}, ${shape}, ${layout})`);
  }

  private emitDistinctObjects(op: OpOf<typeof memref.DistinctObjectsOp>): void {
    const operands = memref.DistinctObjectsOp.operands(op);
    memref.DistinctObjectsOp.results(op).forEach((r, i) => {
      this.emit(`${this.v(r)} = ${this.v(operands[i])};`);
      this.afterDefine(r);
    });
  }

  private emitDim(op: OpOf<typeof memref.DimOp>): void {
    const index = memref.DimOp.index(op);
    this.checkPoison(op, index, 'dimension index');
    this.define(op, `$rt.dim(${this.K(op)}, ${this.v(memref.DimOp.source(op))}, ${this.v(index)})`);
  }

  /** Offsets, sizes and strides of a subview or reinterpret_cast, as JS arrays (poison checked). */
  private offsetsSizesStrides(
    op: Operation,
    offsets: Value[],
    sizes: Value[],
    strides: Value[],
    staticOffsets: readonly bigint[],
    staticSizes: readonly bigint[],
    staticStrides: readonly bigint[],
  ): [string, string, string] {
    const mixed = (stat: readonly bigint[], dyn: Value[]): string => {
      let j = 0;
      return '[' + stat.map((s) => (s === K_DYN_BIG ? this.v(dyn[j++]) : String(Number(s)))).join(', ') + ']';
    };
    for (const x of [...offsets, ...sizes, ...strides]) this.checkPoison(op, x, 'operand');
    return [mixed(staticOffsets, offsets), mixed(staticSizes, sizes), mixed(staticStrides, strides)];
  }

  private emitSubView(op: OpOf<typeof memref.SubViewOp>): void {
    const S = memref.SubViewOp;
    const staticSizes = S.static_sizes(op);
    const [o, z, s] = this.offsetsSizesStrides(op, S.offsets(op), S.sizes(op), S.strides(op), S.static_offsets(op), staticSizes, S.static_strides(op));
    const drop = this.dropMask(staticSizes, S.result(op).type as MemRefType);
    this.define(op, `$rt.subview(${this.K(op)}, ${this.v(S.source(op))}, ${o}, ${z}, ${s}, ${JSON.stringify(drop)})`);
  }

  private emitReinterpretCast(op: OpOf<typeof memref.ReinterpretCastOp>): void {
    const R = memref.ReinterpretCastOp;
    const [o, z, s] = this.offsetsSizesStrides(op, R.offsets(op), R.sizes(op), R.strides(op), R.static_offsets(op), R.static_sizes(op), R.static_strides(op));
    this.define(op, `$rt.reinterpret(${this.K(op)}, ${this.v(R.source(op))}, ${o}, ${z}, ${s})`);
  }

  private emitExpandShape(op: OpOf<typeof memref.ExpandShapeOp>): void {
    const reassoc = memref.ExpandShapeOp.reassociationIndices(op);
    const dyn = memref.ExpandShapeOp.output_shape(op);
    let j = 0;
    const shape = '[' + memref.ExpandShapeOp.static_output_shape(op).map((s) => (s === K_DYN_BIG ? this.v(dyn[j++]) : String(Number(s)))).join(', ') + ']';
    this.define(op, `$rt.expandShape(${this.K(op)}, ${this.v(memref.ExpandShapeOp.src(op))}, ${JSON.stringify(reassoc)}, ${shape})`);
  }

  private emitCollapseShape(op: OpOf<typeof memref.CollapseShapeOp>): void {
    const reassoc = memref.CollapseShapeOp.reassociationIndices(op);
    this.define(op, `$rt.collapseShape(${this.K(op)}, ${this.v(memref.CollapseShapeOp.src(op))}, ${JSON.stringify(reassoc)})`);
  }

  private emitReshape(op: OpOf<typeof memref.ReshapeOp>): void {
    const t = memref.ReshapeOp.result(op).type;
    this.define(op, `$rt.reshape(${this.K(op)}, ${this.v(memref.ReshapeOp.source(op))}, ${this.v(memref.ReshapeOp.shape(op))}, ${t instanceof MemRefType ? t.rank : -1})`);
  }

  private emitTranspose(op: OpOf<typeof memref.TransposeOp>): void {
    const p = memref.TransposeOp.permutation(op).results.map((e) => (e as unknown as { position: number }).position);
    this.define(op, `$rt.transpose(${this.v(memref.TransposeOp.in(op))}, ${JSON.stringify(p)})`);
  }

  private emitView(op: OpOf<typeof memref.ViewOp>): void {
    const t = memref.ViewOp.result(op).type as MemRefType;
    const kind = elemKindOf(t.elementType);
    const dyn = memref.ViewOp.sizes(op);
    let j = 0;
    const sizes = t.shape.map((d) => (d === kDynamic ? this.v(dyn[j++]) : String(d)));
    this.define(op, `$rt.view(${this.K(op)}, ${this.v(memref.ViewOp.source(op))}, ${this.v(memref.ViewOp.byte_shift(op))}, [${sizes.join(', ')}], "${kind}")`);
  }

  private emitExtractStridedMetadata(op: OpOf<typeof memref.ExtractStridedMetadataOp>): void {
    const source = memref.ExtractStridedMetadataOp.source(op);
    const m = this.v(source);
    const rank = (source.type as MemRefType).rank;
    const base = memref.ExtractStridedMetadataOp.base_buffer(op);
    const sizes = memref.ExtractStridedMetadataOp.sizes(op);
    const strides = memref.ExtractStridedMetadataOp.strides(op);
    this.emit(`${this.v(base)} = $rt.baseBuffer(${m});`);
    this.afterDefine(base);
    this.emit(`${this.v(memref.ExtractStridedMetadataOp.offset(op))} = ${m}.o;`);
    for (let i = 0; i < rank; i++) {
      this.emit(`${this.v(sizes[i])} = ${m}.z[${i}];`);
      this.emit(`${this.v(strides[i])} = ${m}.s[${i}];`);
    }
  }

  private emitRealloc(op: OpOf<typeof memref.ReallocOp>): void {
    const t = memref.ReallocOp.result(op).type as MemRefType;
    const size = t.shape[0] === kDynamic ? this.v(memref.ReallocOp.dynamicResultSize(op)!) : String(t.shape[0]);
    this.define(op, `$rt.realloc(${this.K(op)}, ${this.v(memref.ReallocOp.source(op))}, ${size})`);
  }

  private emitAllocaScope(op: OpOf<typeof memref.AllocaScopeOp>): void {
    const results = memref.AllocaScopeOp.results(op);
    const L = this.label();
    this.emit(`${L}: {`);
    this.indent(() =>
      this.withScope(op, () => {
        const depth = this.scopes.length - 1;
        this.emitRegion(memref.AllocaScopeOp.bodyRegion(op), (vals) => {
          this.killScopes(depth);
          if (results.length) this.assign(results, vals);
        });
      }),
    );
    this.emit('}');
  }

  private emitAtomicRMW(op: OpOf<typeof memref.AtomicRMWOp>): void {
    const K = this.K(op);
    const x = memref.AtomicRMWOp.value(op);
    const m = memref.AtomicRMWOp.memref(op);
    const kind = memref.AtomicRMWKind.stringify(memref.AtomicRMWOp.kind(op))!;
    const et = (m.type as MemRefType).elementType;
    const r = this.noteWide(reprOf(et));
    const lin = this.memIndex(op, m, memref.AtomicRMWOp.indices(op));
    const old = this.v(memref.AtomicRMWOp.result(op));
    const linv = this.fresh('$lin');
    this.emit(`${linv} = ${lin};`);
    this.emitLoad(op, m, linv, old);
    const xv = this.v(x);
    // The kinds' integer operations in scalar.ts's spelling.
    const intName: Partial<Record<string, IntBinaryKind>> = { addi: 'addi', andi: 'andi', maxs: 'maxsi', maxu: 'maxui', mins: 'minsi', minu: 'minui', muli: 'muli', ori: 'ori', xori: 'xori' };
    const intKind = intName[kind];
    let e: string;
    if (kind === 'assign') e = xv;
    else if (intKind) e = intBinary(intKind, r, old, xv, K)!;
    else e = floatBinary(kind, (r as { f: import('./types.js').FloatName }).f, old, xv)!;
    const nv = this.fresh('$nv');
    this.emit(`${nv} = ${e};`);
    this.emitStore(op, m, linv, nv);
  }

  private emitGenericAtomicRMW(op: OpOf<typeof memref.GenericAtomicRMWOp>): void {
    const m = memref.GenericAtomicRMWOp.memref(op);
    const lin = this.memIndex(op, m, memref.GenericAtomicRMWOp.indices(op));
    const linv = this.fresh('$lin');
    this.emit(`${linv} = ${lin};`);
    const cur = this.v(memref.GenericAtomicRMWOp.currentValue(op));
    this.emitLoad(op, m, linv, cur);
    this.emit(`${this.v(memref.GenericAtomicRMWOp.result(op))} = ${cur};`);
    this.emitBlockOps(
      memref.GenericAtomicRMWOp.atomic_body(op).entry,
      (_vals, term) => this.emitStore(op, m, linv, this.v(memref.AtomicYieldOp.result(memref.AtomicYieldOp.cast(term)))),
      undefined,
    );
  }

  private emitUnrealizedConversionCast(op: OpOf<typeof builtin.UnrealizedConversionCastOp>): void {
    const inputs = builtin.UnrealizedConversionCastOp.inputs(op);
    const outputs = builtin.UnrealizedConversionCastOp.outputs(op);
    if (inputs.length !== outputs.length) return this.unsupported(op);
    outputs.forEach((r, i) => {
      this.emit(`${this.v(r)} = ${this.v(inputs[i])};`);
      this.afterDefine(r);
    });
  }

  /** Which source dimensions a rank-reducing subview drops (greedy match of unit sizes). */
  private dropMask(staticSizes: readonly bigint[], res: MemRefType): boolean[] {
    const n = staticSizes.length;
    const drop = new Array<boolean>(n).fill(false);
    let toDrop = n - res.rank;
    if (toDrop <= 0) return drop;
    let j = 0;
    for (let i = 0; i < n; i++) {
      const s = staticSizes[i];
      const remainingSrc = n - i;
      const remainingRes = res.rank - j;
      if (s === 1n && toDrop > 0 && (remainingSrc > remainingRes && (j >= res.rank || res.shape[j] !== 1 || remainingSrc - 1 >= remainingRes))) {
        // Prefer dropping unit dims when the result dim does not need it.
        if (j < res.rank && res.shape[j] === 1 && remainingSrc - 1 < remainingRes) {
          j++;
          continue;
        }
        drop[i] = true;
        toDrop--;
        continue;
      }
      j++;
    }
    return drop;
  }
}

export { N };
