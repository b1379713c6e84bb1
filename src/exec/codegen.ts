// Compiles a module's functions to JavaScript source: structured control flow
// (scf) becomes JS loops and conditionals, unstructured control flow (cf, and
// multi-block regions) a `switch` inside a labelled loop, and values live in
// local variables in the representation described in numeric.ts. The result
// is one factory function; engine.ts instantiates it with the runtime.

import { Interner } from './interner.js';
import type { Type } from '../ir/attributes.js';
import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr } from '../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, MemRefType, VectorType, kDynamic, kDynamicI64 } from '../ir/builtin-types.js';
import type { Block, Operation, Region, Value } from '../ir/operation.js';
import { Traits } from '../ir/context.js';
import type { OpOf } from '../ods/index.js';
import * as arith from '../dialects/arith/index.js';
import * as builtin from '../dialects/builtin/index.js';
import * as cf from '../dialects/cf/index.js';
import * as func from '../dialects/func/index.js';
import * as index from '../dialects/index/index.js';
import * as llvm from '../dialects/llvm/index.js';
import * as memref from '../dialects/memref/index.js';
import * as scf from '../dialects/scf/index.js';
import * as ub from '../dialects/ub/index.js';
import { stridesAndOffset } from '../dialects/memref/layout.js';
import { toDouble } from '../ir/apfloat.js';
import { wide } from './numeric.js';
import { castExpr, cmpiBool, floatBinary, intBinary, intLit, numLit, roundExpr as roundExprOf, wideName, N } from './scalar.js';
import { reprOf, type Repr } from './types.js';
import { ModulePoison, RangeAnalysis, type Range } from './ranges.js';
import { jsEmitterOf } from './emitters.js';
import { getMemoryEffects } from '../ir/side-effects.js';
import { castOf, floatBinaryOf, intBinaryOf, type BinaryOpInfo, type CastKind, type CastOpInfo, type FloatBinaryKind, type IntBinaryKind } from './op-kinds.js';

const I32_LO = -2147483648;
const I32_HI = 2147483647;
export function inI32(r: Range | undefined): boolean {
  return r !== undefined && r.lo >= I32_LO && r.hi <= I32_HI;
}
export const elemOf = (t: Type): Type => (t instanceof VectorType ? t.elementType : t);
export function isPow2(n: number): boolean {
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

export function valueLit(v: number | bigint): string {
  return typeof v === 'bigint' ? `(${v}n)` : numLit(v);
}

/** Strides and offset of a memref type (kDynamic where not static); identity layouts are row-major. */
export function staticLayout(t: MemRefType): { strides: number[]; offset: number } | undefined {
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

/**
 * Whether `op`'s regions release their allocas when they exit at run time:
 * the ops with the AutomaticAllocationScope trait, except scf.for and
 * scf.parallel. MLIR declares the trait on those loops too, but their lowering
 * to cf (what mlir-runner runs) keeps every iteration's allocas until the
 * enclosing scope ends, and both backends match mlir-runner. The one place
 * this execution rule is spelled.
 */
export function releasesAllocas(op: Operation): boolean {
  return op.hasTrait(Traits.AutomaticAllocationScope) && !scf.ForOp.isa(op) && !scf.ParallelOp.isa(op);
}


/** The memref a view (or a cast) of memory is made from, if `op` is one. */
export function viewSource(op: Operation): Value | undefined {
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
  poison!: ModulePoison;
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
    // Each function's analyses, with poison passed to and returned by calls (see ModulePoison).
    this.poison = new ModulePoison(funcs);
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

interface Yield {
  /** Emits the code for a terminator with these operand expressions. */
  (operands: string[], term: Operation): void;
}

export class FunctionCompiler {
  lines: string[] = [];
  depth = 1;
  names = new Map<Value, string>();
  vars: string[] = [];
  labels = 0;
  /** Early-exit targets being emitted, by token: the JS label, the values a break sets, those a continue sets. */
  exitTargets = new Map<Value, { label: string; results: Value[]; iterArgs: Value[] }>();
  /** Inside the generic copy of a loop nest: no further fast/generic split (see emitLoopNest). */
  genericLoops = false;
  ranges!: RangeAnalysis;
  /**
   * Inside the optimistic copy of a loop (see emitVersionedFor/emitWhile): the
   * label that abandons it, restarting the current iteration in the generic
   * copy. `ok` turns false after the first operation with side effects in the
   * iteration (re-executing it would repeat them); `used` counts the exits.
   */
  bail: { label: string; ok: boolean; used: number } | undefined;
  /** Wide values known to be numbers (results of optimistic operations). */
  nums = new Set<Value>();
  effectCache = new Map<Operation, boolean>();
  /** Stack of allocation-scope variable names (the innermost last), or null when the scope has no alloca. */
  scopes: (string | null)[] = [];
  params: string[] = [];
  /** Out-of-line generic loop copies (see outOfLine), emitted after the function. */
  extraFns: string[] = [];

  constructor(
    readonly mc: ModuleCompiler,
    readonly fn: OpOf<typeof func.FuncOp>,
  ) {}

  compile(): string {
    const name = this.mc.functions.get(func.FuncOp.sym_name(this.fn))!.js;
    this.ranges = this.mc.poison.rangesOf(this.fn);
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

  emit(s: string): void {
    this.lines.push('  '.repeat(this.depth) + s);
  }
  indent(f: () => void): void {
    this.depth++;
    try {
      f();
    } finally {
      this.depth--;
    }
  }
  label(): string {
    return 'L' + this.labels++;
  }
  declare(v: Value): string {
    let n = this.names.get(v);
    if (!n) {
      n = 'v' + this.vars.length;
      this.names.set(v, n);
      this.vars.push(n);
    }
    return n;
  }
  fresh(prefix: string): string {
    const n = prefix + this.vars.length;
    this.vars.push(n);
    return n;
  }
  v(x: Value): string {
    const n = this.names.get(x);
    if (n) return n;
    return this.declare(x);
  }
  /**
   * An operand as an expression: integer and float constants become literals
   * (V8 then folds the representation checks on them), other values their variable.
   */
  operandExpr(x: Value): string {
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

  K(op: Operation): number {
    return this.mc.opId(op);
  }
  unsupported(op: Operation, what?: string): never {
    throw new UnsupportedError(op, what ?? `operation '${op.opName}' is not supported by the execution engine`);
  }

  /** Emits the extra variables of a memref value (buffer, offset, sizes, strides). */
  afterDefine(x: Value): void {
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

  assign(targets: Value[], exprs: string[]): void {
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
  range(x: Value): Range | undefined {
    return this.ranges.get(x);
  }

  /**
   * Wide-integer (> 32 bits, index) binary operations whose operands have known
   * ranges and whose exact result stays within its type: plain number arithmetic.
   */
  fastWide(name: IntBinaryKind, x: Value, y: Value, result: Value, a: string, b: string): string | undefined {
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
  hasEffects(op: Operation): boolean {
    let e = this.effectCache.get(op);
    if (e !== undefined) return e;
    // Effects beyond reads (writes, output, allocation, frees, unknown ones as
    // calls have), nested ones included: re-running them is observable.
    const effects = getMemoryEffects(op);
    e = effects === undefined || effects.some((x) => x.kind !== 'read');
    this.effectCache.set(op, e);
    return e;
  }


  /** The label to leave the optimistic copy of the enclosing loop with, if allowed here. */
  bailLabel(): string | undefined {
    if (!this.bail || !this.bail.ok) return undefined;
    this.bail.used++;
    return this.bail.label;
  }

  /** A wide value that is certainly a JS number (not a BigInt, not poison). */
  isNum(x: Value): boolean {
    return this.range(x) !== undefined || this.nums.has(x);
  }

  /**
   * Wide operations with operands of unknown range, inside the optimistic copy
   * of a loop: number arithmetic whose result is checked, leaving the copy when
   * an operand is a BigInt or the result leaves the safe integers. (A BigInt
   * fallback inline would make V8 keep the loop's values boxed.)
   */
  bailWide(name: IntBinaryKind, x: Value, y: Value, result: Value, r: Repr): boolean {
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
  cmpPred(pred: string, lhs: Value, rhs: Value): string {
    if (pred[0] !== 'u' || lhs.type instanceof VectorType) return pred;
    const r = reprOf(lhs.type);
    if (r.k !== 'wide') return pred;
    const ra = this.range(lhs);
    const rb = this.range(rhs);
    return ra && rb && ra.lo >= 0 && rb.lo >= 0 ? 's' + pred.slice(1) : pred;
  }

  /** Casts from wide values with a known range (plain numbers). */
  fastCast(name: CastKind, from: Repr, to: Repr, x: Value): string | undefined {
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

  /** Whether `x` may hold a poison marker (the poison analysis, src/analysis/poison-analysis.ts). */
  isTainted(x: Value): boolean {
    return this.ranges.mayBePoisonMarker(x);
  }
  /** Emits a poison check for a value used where poison is undefined behaviour. */
  checkPoison(op: Operation, x: Value, what: string): void {
    if (this.isTainted(x)) this.emit(`$chkP(${this.K(op)}, ${this.v(x)}, ${JSON.stringify(what)});`);
  }

  withScope(op: Operation, f: () => void): void {
    let hasAlloca = false;
    const scan = (o: Operation): void => {
      for (const r of o.regions)
        for (const b of r.blocks)
          for (const inner of b) {
            if (memref.AllocaOp.isa(inner)) hasAlloca = true;
            else if (!releasesAllocas(inner)) scan(inner);
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
  killScopes(downTo: number): void {
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
  emitRegion(region: Region, onExit: Yield, isFunction = false): void {
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

  emitCfgRegion(region: Region, onExit: Yield): void {
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

  emitBlockOps(block: Block, onExit: Yield, cfg: { bb: string; L: string; ids: Map<Block, number> } | undefined): void {
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

  jump(target: Block, args: Value[], cfg: { bb: string; L: string; ids: Map<Block, number> }): void {
    if (args.length) this.assign(target.args, args.map((a) => this.v(a)));
    this.emit(`${cfg.bb} = ${cfg.ids.get(target)}; continue ${cfg.L};`);
  }

  /** cf.br, cf.cond_br and cf.switch: a jump to the successor's case of the block dispatch. */
  emitBranch(op: Operation, cfg: { bb: string; L: string; ids: Map<Block, number> }): void {
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

  emitSwitch(op: Operation, flag: Value, caseValues: readonly bigint[], toCase: (i: number) => void, toDefault: () => void): void {
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


  emitOp(op: Operation): void {
    // Ops are numbered (K) as they are emitted, before their regions; the cast
    // of values to themselves never needs its number.
    if (!builtin.UnrealizedConversionCastOp.isa(op)) this.K(op);
    const def = op.name.def;
    const emit = def && jsEmitterOf(def);
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
  define(op: Operation, expr: string): void {
    this.emit(`${this.v(op.result(0))} = ${expr};`);
    this.afterDefine(op.result(0));
  }

  /** Elementwise expression over scalars or vectors: f receives element expressions. */
  elementwise(op: Operation, f: (args: string[], elemTypes: Type[]) => string): string {
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
      if (!taint) return `$rt.vmap(${n}, ($i) => { let $t, $s; return ${inner}; })`;
      // Poison lanes propagate lane by lane.
      const ps = op.operands.flatMap((o, i) => (this.isTainted(o) ? [o.type instanceof VectorType ? `${args[i]}[$i]` : args[i]] : []));
      return `$rt.vmap(${n}, ($i) => { let $t, $s; return ${poisonGuard(ps, inner)}; })`;
    }
    const args = op.operands.map((o) => this.operandExpr(o));
    const e = f(args, operandTypes);
    if (!taint) return e;
    const ps = op.operands.filter((o) => this.isTainted(o)).map((o) => this.v(o));
    return poisonGuard(ps, e);
  }

  /** Integer comparisons (arith.cmpi, index.cmp) with predicate `pred` (eq, slt, ...). */
  emitCmpI(op: Operation, pred: string, lhs: Value, rhs: Value): void {
    const p = this.cmpPred(pred, lhs, rhs);
    const r = this.noteWide(reprOf(elemOf(lhs.type)));
    this.define(op, this.elementwise(op, ([a, b]) => `(${cmpiBool(p, r, a, b)} ? 1 : 0)`));
  }

  /** Integer binary operations (arith and index). */
  emitIntBinary(op: Operation, info: BinaryOpInfo<IntBinaryKind>): void {
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
          const checked = flags && (name === 'addi' || name === 'subi' || name === 'muli' || name === 'shli');
          const check = (a: string, b: string, res: string): string => `$rt.overflowCheck(${K}, "${name}", ${flags}, ${r.k === 'int' || r.k === 'wide' ? r.w : 64}, ${a}, ${b}, ${res})`;
          // Vectors check each lane (a lane that overflows is poison); scalars check the result.
          const lanesChecked = checked && rt instanceof VectorType;
          let e = this.elementwise(op, ([a, b]) => (lanesChecked ? check(a, b, intBinary(name, r, a, b, K)!) : intBinary(name, r, a, b, K)!));
          if (checked && !lanesChecked) e = check(this.v(x), this.v(y), e);
          return this.define(op, e);
        }
      }
    }
    this.unsupported(op);
  }

  emitFloatBinary(op: Operation, info: BinaryOpInfo<FloatBinaryKind>): void {
    const resElem = elemOf(info.result(op).type);
    if (resElem instanceof FloatType) {
      const r = reprOf(resElem);
      if (r.k === 'float') return this.define(op, this.elementwise(op, ([a, b]) => floatBinary(info.kind, r.f, a, b)!));
    }
    this.unsupported(op);
  }

  emitCast(op: Operation, info: CastOpInfo): void {
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
      const checked = name === 'trunci' && info.overflowFlags(op) !== 0;
      const check = (a: string, res: string): string => `$rt.truncCheck(${K}, ${info.overflowFlags(op)}, ${(from as { w: number }).w}, ${(to as { w: number }).w}, ${a}, ${res})`;
      const lanesChecked = checked && rt instanceof VectorType;
      let e = this.elementwise(op, ([a]) => (lanesChecked ? check(a, castExpr(name, from, to, a, K)!) : castExpr(name, from, to, a, K)!));
      if (checked && !lanesChecked) e = check(this.v(input), e);
      return this.define(op, e);
    }
    this.unsupported(op);
  }

  noteWide(r: Repr): Repr {
    if (r.k === 'wide') this.mc.wideWidths.add(r.w);
    return r;
  }

  /** index.casts and index.castu (casts between index and integers). */
  emitIndexCast(op: Operation, info: CastOpInfo): void {
    const K = this.K(op);
    const input = info.input(op);
    const rt = info.output(op).type;
    const from = this.noteWide(reprOf(input.type));
    const to = this.noteWide(reprOf(rt));
    const fastCast = rt instanceof VectorType ? undefined : this.fastCast(info.kind, from, to, input);
    if (fastCast !== undefined) return this.define(op, fastCast);
    this.define(op, this.elementwise(op, ([a]) => castExpr(info.kind, from, to, a, K)!));
  }

  // ---- scf

  emitIf(op: OpOf<typeof scf.IfOp>): void {
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
  emitEarlyExit(op: OpOf<typeof scf.BreakOp> | OpOf<typeof scf.ContinueOp>): void {
    const isBreak = scf.BreakOp.isa(op);
    const target = this.exitTargets.get(isBreak ? scf.BreakOp.token(op) : scf.ContinueOp.token(op));
    if (!target) return this.unsupported(op, `'${op.opName}' whose target is not being executed`);
    const vals = (isBreak ? scf.BreakOp.results(op) : scf.ContinueOp.results(op)).map((x) => this.v(x));
    const dests = isBreak ? target.results : target.iterArgs;
    if (dests.length) this.assign(dests, vals);
    this.emit(`${isBreak ? 'break' : 'continue'} ${target.label};`);
  }

  /** scf.loop: `L: for (;;)` over its body, which always ends with a break or continue. */
  emitLoop(op: OpOf<typeof scf.LoopOp>): void {
    const iters = scf.LoopOp.regionIterArgs(op);
    if (iters.length) this.assign(iters, scf.LoopOp.initArgs(op).map((x) => this.v(x)));
    const L = this.label();
    this.exitTargets.set(scf.LoopOp.token(op), { label: L, results: scf.LoopOp.results(op), iterArgs: iters });
    this.emit(`${L}: for (;;) {`);
    // No optimistic-copy exits inside: an iteration may follow another one's side effects.
    this.indent(() => this.noBail(() => this.emitRegion(scf.LoopOp.region(op), () => {})));
    this.emit('}');
  }

  emitExecuteRegion(op: OpOf<typeof scf.ExecuteRegionOp>): void {
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

  emitIndexSwitch(op: OpOf<typeof scf.IndexSwitchOp>): void {
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

  stepCheck(op: Operation, step: string, r: Repr): void {
    const sgn = r.k === 'int' && r.w === 1 ? `(-${step})` : step;
    this.emit(`if (!(${sgn} > 0)) $rt.badStep(${this.K(op)}, ${step});`);
  }

  emitFor(op: OpOf<typeof scf.ForOp>): void {
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
  safeBounds(lb: Value, ub: Value, step: Value, unsigned: boolean): boolean {
    const [a, b, c] = [this.range(lb), this.range(ub), this.range(step)];
    if (!a || !b || !c || reprOf(lb.type).k !== 'wide') return false;
    if (unsigned && (a.lo < 0 || b.lo < 0)) return false;
    return b.hi <= Number.MAX_SAFE_INTEGER - c.hi && a.lo >= -Number.MAX_SAFE_INTEGER;
  }

  /** Runs `f` without an optimistic loop copy to leave (see `bail`). */
  noBail(f: () => void): void {
    const b = this.bail;
    this.bail = undefined;
    try {
      f();
    } finally {
      this.bail = b;
    }
  }
  /** Emits a generic copy: nested loops are not versioned again (code size stays quadratic in the nesting). */
  generic(f: () => void): void {
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
  outOfLine(loop: Operation, body: () => void, outputs: Value[]): void {
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
  versioned(loop: Operation, emitFast: (label: string, exit: string) => void, emitGeneric: (exit: string) => void, alwaysWrap: boolean, outputs: Value[]): void {
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

  emitLoopNest(op: Operation, dims: { iv: string; lb: string; ub: string; st: string; r: Repr; unsigned: boolean; known?: boolean }[], body: () => void, outputs: Value[], versionable = false): void {
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

  emitWhile(op: OpOf<typeof scf.WhileOp>): void {
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

  emitParallel(op: OpOf<typeof scf.ParallelOp>): void {
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

  emitForall(op: OpOf<typeof scf.ForallOp>): void {
    if (scf.ForallOp.outputs(op).length) this.unsupported(op, `'${op.opName}' with shared outputs (tensors) is not supported by the execution engine`);
    const body = scf.ForallOp.body(op);
    const ivs = scf.ForallOp.inductionVars(op);
    const r: Repr = { k: 'wide', w: 64 };
    const mixed = (stat: readonly bigint[], dyn: Value[]): string[] => {
      let j = 0;
      return stat.map((s) => (s === kDynamicI64 ? this.v(dyn[j++]) : intLit(r, s)));
    };
    const lbs = mixed(scf.ForallOp.staticLowerBound(op), scf.ForallOp.dynamicLowerBound(op));
    const ubs = mixed(scf.ForallOp.staticUpperBound(op), scf.ForallOp.dynamicUpperBound(op));
    const steps = mixed(scf.ForallOp.staticStep(op), scf.ForallOp.dynamicStep(op));
    const ubNames: string[] = [];
    const stNames: string[] = [];
    // Dynamic bounds are checked in order, as scf.parallel's (a poison bound is undefined behaviour).
    const [ml, mu, ms] = [scf.ForallOp.mixedLowerBound(op), scf.ForallOp.mixedUpperBound(op), scf.ForallOp.mixedStep(op)];
    ivs.forEach((_, d) => {
      for (const x of [ml[d], mu[d], ms[d]]) if (typeof x !== 'bigint') this.checkPoison(op, x, 'loop bound');
    });
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
  emitMath(op: Operation, fn: string, f32Fn?: string): void {
    const t = op.result(0).type;
    const r = t instanceof FloatType ? reprOf(t) : undefined;
    if (!r || r.k !== 'float') return this.unsupported(op);
    if (r.f === 'f32' && f32Fn) fn = f32Fn;
    op.operands.forEach((x) => this.checkPoison(op, x, 'operand'));
    this.define(op, roundExprOf(r.f, `${fn}(${op.operands.map((x) => this.v(x)).join(', ')})`));
  }

  // ---- vector.print

  // ---- memref

}

export { N };

/** `expr`, unless one of the possibly-poison operand expressions `ps` holds a Poison object (the only object an operand can be here): then the first one. */
function poisonGuard(ps: readonly string[], expr: string): string {
  return `(${ps.map((p) => `typeof ${p} === "object"`).join(' || ')} ? $rt.firstPoison(${ps.join(', ')}) : ${expr})`;
}
