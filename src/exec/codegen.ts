// Compiles a module's functions to JavaScript source: structured control flow
// (scf) becomes JS loops and conditionals, unstructured control flow (cf, and
// multi-block regions) a `switch` inside a labelled loop, and values live in
// local variables in the representation described in numeric.ts. The result
// is one factory function; engine.ts instantiates it with the runtime.

import { Interner } from './interner.js';
import type { Type } from '../ir/attributes.js';
import {
  ArrayAttr,
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  FloatAttr,
  IntegerAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  AffineMapAttr,
  UnitAttr,
} from '../ir/builtin-attributes.js';
import { FloatType, FunctionType, IndexType, IntegerType, MemRefType, UnrankedMemRefType, VectorType, kDynamic } from '../ir/builtin-types.js';
import type { Block, Operation, Region, Value } from '../ir/operation.js';
import { EnumAttr } from '../ods/index.js';
import { stridesAndOffset } from '../dialects/memref/layout.js';
import { toDouble } from '../ir/apfloat.js';
import { wide } from './numeric.js';
import { CMPF, CMPI, castExpr, cmpfBool, cmpiBool, floatBinary, intBinary, intLit, numLit, roundExpr as roundExprOf, wideName, N } from './scalar.js';
import { elemFormatOf, elemKindOf, reprOf, type Repr } from './types.js';
import { RangeAnalysis, type Range } from './ranges.js';

const I32_LO = -2147483648;
const I32_HI = 2147483647;
function inI32(r: Range | undefined): boolean {
  return r !== undefined && r.lo >= I32_LO && r.hi <= I32_HI;
}
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
  op: Operation;
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
  functions: Map<string, { js: string; op: Operation }>;
  globals: GlobalInfo[];
  wideWidths: number[];
}

function symName(op: Operation): string {
  const a = op.getAttr('sym_name');
  return a instanceof StringAttr ? a.value : '';
}

function fnType(op: Operation): FunctionType {
  const a = op.getAttr('function_type');
  return (a as TypeAttr).value as FunctionType;
}

function enumIndex(a: unknown): number {
  if (a instanceof IntegerAttr) return Number(a.value);
  if (a instanceof EnumAttr) return a.value;
  throw new Error('expected an enum attribute');
}

function staticList(op: Operation, name: string): bigint[] {
  const a = op.properties.get(name);
  return a instanceof DenseArrayAttr ? [...a.values] : [];
}

function segments(op: Operation): Value[][] {
  const a = op.properties.get('operandSegmentSizes');
  const sizes = a instanceof DenseArrayAttr ? a.values.map(Number) : [op.numOperands];
  const out: Value[][] = [];
  let start = 0;
  for (const n of sizes) {
    out.push(op.operands.slice(start, start + n));
    start += n;
  }
  return out;
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

const SCOPE_OPS = new Set(['func.func', 'memref.alloca_scope', 'scf.forall']);

export function compileModule(module: Operation): CompiledModule {
  return new ModuleCompiler(module).compile();
}

class ModuleCompiler {
  private readonly opIds = new Interner<Operation>();
  functions = new Map<string, { js: string; op: Operation }>();
  externals = new Map<string, Operation>();
  globals: GlobalInfo[] = [];
  globalIds = new Map<string, number>();
  wideWidths = new Set<number>([64]);
  private parts: string[] = [];

  constructor(readonly module: Operation) {}

  opId(op: Operation): number {
    return this.opIds.id(op);
  }

  compile(): CompiledModule {
    const body = this.module.regions[0]?.blocks[0];
    const funcs: Operation[] = [];
    if (body) {
      for (const op of body) {
        const n = op.opName;
        if (n === 'func.func') {
          const name = symName(op);
          if (op.regions[0].empty) this.externals.set(name, op);
          else {
            this.functions.set(name, { js: 'f' + this.functions.size + '_' + name.replace(/[^A-Za-z0-9_]/g, '_'), op });
            funcs.push(op);
          }
        } else if (n === 'memref.global') this.addGlobal(op);
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

  private addGlobal(op: Operation): void {
    const type = (op.getAttr('type') as TypeAttr).value as MemRefType;
    const init = op.getAttr('initial_value');
    let values: (number | bigint)[] | undefined;
    if (init instanceof DenseIntOrFPElementsAttr) {
      const n = type.numElements;
      const vals = init.values.map((v) => denseElem(type.elementType, v));
      values = init.isSplat ? new Array(n).fill(vals[0]) : vals;
    }
    const k = reprOf(type.elementType);
    if (k.k === 'wide') this.wideWidths.add(k.w);
    this.globalIds.set(symName(op), this.globals.length);
    this.globals.push({ name: symName(op), op, type, init: values, constant: op.getAttr('constant') instanceof UnitAttr });
  }
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
    readonly fn: Operation,
  ) {}

  compile(): string {
    const name = this.mc.functions.get(symName(this.fn))!.js;
    this.analyzePoison();
    this.ranges = new RangeAnalysis(this.fn);
    const entry = this.fn.regions[0].blocks[0];
    const params = entry.args.map((a) => this.declare(a));
    this.params = params;
    this.withScope(this.fn, () => {
      for (const a of entry.args) this.afterDefine(a);
      this.emitRegion(this.fn.regions[0], (vals) => {
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
    const d = x.definingOp;
    if (d && (d.opName === 'arith.constant' || d.opName === 'index.constant') && !(x.type instanceof VectorType)) {
      const a = d.getAttr('value');
      const r = reprOf(x.type);
      if (a instanceof IntegerAttr && (r.k === 'int' || r.k === 'wide')) {
        const lit = intLit(r, a.value);
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
  private fastWide(name: string, op: Operation, a: string, b: string): string | undefined {
    const ra = this.range(op.operand(0));
    const rb = this.range(op.operand(1));
    const rt = reprOf(op.result(0).type);
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
    const n = op.opName;
    e =
      n === 'memref.store' ||
      n === 'memref.atomic_rmw' ||
      n === 'memref.generic_atomic_rmw' ||
      n === 'memref.copy' ||
      n === 'memref.dealloc' ||
      n === 'memref.alloc' ||
      n === 'memref.alloca' ||
      n === 'memref.realloc' ||
      n === 'func.call' ||
      n === 'func.call_indirect' ||
      n === 'vector.print' ||
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
  private bailWide(name: string, op: Operation, r: Repr): boolean {
    if (!this.bail || !this.bail.ok || r.k !== 'wide') return false;
    const [x, y] = op.operands;
    if (this.isTainted(x) || this.isTainted(y)) return false;
    const a = this.operandExpr(x);
    const b = this.operandExpr(y);
    const h = wide(r.w);
    const LO = numLit(h.lo);
    const HI = numLit(h.hi);
    const posLit = /^\d+$/.test(b) && Number(b) > 0 && Number(b) < 2 ** 31 ? Number(b) : undefined;
    const checks = [x, y].filter((v, i) => !this.isNum(v) && !/^[\d(]/.test(i ? b : a)).map((v) => `typeof ${this.v(v)} !== "number"`);
    const res = this.v(op.result(0));
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
    this.nums.add(op.result(0));
    return true;
  }

  /** Unsigned comparisons of wide values known to be non-negative numbers compare like signed ones. */
  private cmpPred(pred: string, op: Operation): string {
    if (pred[0] !== 'u' || op.operand(0).type instanceof VectorType) return pred;
    const r = reprOf(op.operand(0).type);
    if (r.k !== 'wide') return pred;
    const ra = this.range(op.operand(0));
    const rb = this.range(op.operand(1));
    return ra && rb && ra.lo >= 0 && rb.lo >= 0 ? 's' + pred.slice(1) : pred;
  }

  /** Casts from wide values with a known range (plain numbers). */
  private fastCast(name: string, from: Repr, to: Repr, x: Value): string | undefined {
    if (from.k !== 'wide') return undefined;
    let rx = this.range(x);
    const a = this.v(x);
    if (!rx && !this.isTainted(x)) {
      // Unknown range: a number (checked, or leaving the optimistic copy) behaves like any safe integer.
      const toInt = to.k === 'int' && (name === 'trunci' || name === 'index_cast' || name === 'index_castui' || name === 'casts' || name === 'castu');
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
      case 'casts':
      case 'castu':
        if (to.k === 'int') {
          if (to.w === 1) return rx.lo >= 0 && rx.hi <= 1 ? a : `(${a} & 1)`;
          const lo = -(2 ** (to.w - 1));
          if (rx.lo >= lo && rx.hi <= -lo - 1) return a;
          return N(to.w, a);
        }
        if (to.k === 'wide' && (name === 'trunci' || name === 'index_cast' || name === 'casts' || rx.lo >= 0)) {
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
        if (op.opName === 'ub.poison') found = true;
      });
      return found;
    })();
    if (!hasPoison) return;
    while (changed) {
      changed = false;
      this.fn.walk((op) => {
        if (op.opName === 'ub.poison') {
          for (const r of op.results) mark(r);
          return;
        }
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
            if (inner.opName === 'memref.alloca') hasAlloca = true;
            else if (!SCOPE_OPS.has(inner.opName)) scan(inner);
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
      const isTerm = op === block.last && (op.hasTrait('IsTerminator') || op.numSuccessors > 0 || TERMINATORS.has(op.opName));
      if (!isTerm) {
        this.emitOp(op);
        if (this.bail && this.bail.ok && this.hasEffects(op)) this.bail.ok = false;
        continue;
      }
      const n = op.opName;
      if (n === 'cf.br' || n === 'cf.cond_br' || n === 'cf.switch') {
        if (!cfg) this.unsupported(op, `'${n}' outside of a multi-block region`);
        this.emitBranch(op, cfg);
      } else if (n === 'ub.unreachable') {
        this.emit(`$err(${this.K(op)}, "reached 'ub.unreachable'");`);
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

  private emitBranch(op: Operation, cfg: { bb: string; L: string; ids: Map<Block, number> }): void {
    const n = op.opName;
    if (n === 'cf.br') {
      this.jump(op.successor(0), op.operands, cfg);
      return;
    }
    if (n === 'cf.cond_br') {
      const seg = segments(op);
      const c = op.operand(0);
      this.checkPoison(op, c, 'branch condition');
      this.emit(`if (${this.v(c)}) {`);
      this.indent(() => this.jump(op.successor(0), seg[1], cfg));
      this.emit('} else {');
      this.indent(() => this.jump(op.successor(1), seg[2], cfg));
      this.emit('}');
      return;
    }
    // cf.switch
    const seg = segments(op);
    const flag = op.operand(0);
    this.checkPoison(op, flag, 'switch flag');
    const r = reprOf(flag.type);
    const caseVals = op.getAttr('case_values') as DenseIntOrFPElementsAttr | undefined;
    const caseSegs = (op.getAttr('case_operand_segments') as DenseArrayAttr | undefined)?.values.map(Number) ?? [];
    const caseOps = seg[2] ?? [];
    this.emit(`switch (${this.v(flag)}) {`);
    this.indent(() => {
      let start = 0;
      const vals = caseVals ? caseVals.values : [];
      vals.forEach((cv, i) => {
        const args = caseOps.slice(start, start + caseSegs[i]);
        start += caseSegs[i];
        this.emit(`case ${intLit(r, cv)}: {`);
        this.indent(() => this.jump(op.successor(i + 1), args, cfg));
        this.emit('}');
      });
      this.emit('default: {');
      this.indent(() => this.jump(op.successor(0), seg[1], cfg));
      this.emit('}');
    });
    this.emit('}');
  }

  // ---- operations

  private emitOp(op: Operation): void {
    const n = op.opName;
    const dot = n.indexOf('.');
    const dialect = n.slice(0, dot);
    const name = n.slice(dot + 1);
    switch (dialect) {
      case 'arith':
        return this.emitArith(op, name);
      case 'index':
        return this.emitIndex(op, name);
      case 'scf':
        return this.emitScf(op, name);
      case 'memref':
        return this.emitMemref(op, name);
      case 'func':
        return this.emitFunc(op, name);
      case 'cf':
        if (name === 'assert') {
          this.checkPoison(op, op.operand(0), 'assertion condition');
          const msg = (op.getAttr('msg') as StringAttr | undefined)?.value ?? '';
          this.emit(`if (!${this.v(op.operand(0))}) $rt.assertFail(${this.K(op)}, ${JSON.stringify(msg)});`);
          return;
        }
        break;
      case 'ub':
        if (name === 'poison') {
          this.emit(`${this.v(op.result(0))} = $P(${this.K(op)});`);
          return;
        }
        break;
      case 'vector':
        if (name === 'print') return this.emitVectorPrint(op);
        break;
      case 'builtin':
        if (name === 'unrealized_conversion_cast' && op.numOperands === op.numResults) {
          op.results.forEach((r, i) => {
            this.emit(`${this.v(r)} = ${this.v(op.operand(i))};`);
            this.afterDefine(r);
          });
          return;
        }
        break;
    }
    this.unsupported(op);
  }

  /** Defines `op`'s single result as `expr` (vectorized elementwise when the result is a vector). */
  private define(op: Operation, expr: string): void {
    this.emit(`${this.v(op.result(0))} = ${expr};`);
    this.afterDefine(op.result(0));
  }

  /** Elementwise expression over scalars or vectors: f receives element expressions. */
  private elementwise(op: Operation, f: (args: string[], elemTypes: Type[]) => string, resultIndex = 0): string {
    const t = op.result(resultIndex).type;
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

  private emitArith(op: Operation, name: string): void {
    const K = this.K(op);
    const rt = op.numResults ? op.result(0).type : undefined;
    const elemOf = (t: Type): Type => (t instanceof VectorType ? t.elementType : t);
    switch (name) {
      case 'constant': {
        const a = op.getAttr('value');
        const t = op.result(0).type;
        const rep = reprOf(t instanceof VectorType ? t.elementType : t);
        if (rep.k === 'unsupported') return this.unsupported(op, `'arith.constant' of ${rep.why} is not supported by the execution engine`);
        if (a instanceof IntegerAttr) return this.define(op, intLit(this.noteWide(reprOf(t)), a.value));
        if (a instanceof FloatAttr) return this.define(op, numLit(a.value));
        if (a instanceof DenseIntOrFPElementsAttr && t instanceof VectorType) {
          this.noteWide(reprOf(t.elementType));
          const vals = a.values.map((v) => valueLit(denseElem(t.elementType, v)));
          const all = a.isSplat ? new Array(t.numElements).fill(vals[0]) : vals;
          return this.define(op, `[${all.join(', ')}]`);
        }
        return this.unsupported(op, `'arith.constant' of this value is not supported by the execution engine`);
      }
      case 'select': {
        const [c, a, b] = op.operands.map((o) => this.v(o));
        if (op.operand(0).type instanceof VectorType) return this.define(op, `$rt.vmap(${(rt as VectorType).numElements}, ($i) => ${c}[$i] ? ${a}[$i] : ${b}[$i])`);
        if (this.isTainted(op.operand(0))) return this.define(op, `(typeof ${c} === "object" ? ${c} : ${c} ? ${a} : ${b})`);
        return this.define(op, `(${c} ? ${a} : ${b})`);
      }
      case 'cmpi': {
        const pred = this.cmpPred(CMPI[enumIndex(op.getAttr('predicate'))], op);
        const r = this.noteWide(reprOf(elemOf(op.operand(0).type)));
        return this.define(op, this.elementwise(op, ([a, b]) => `(${cmpiBool(pred, r, a, b)} ? 1 : 0)`));
      }
      case 'cmpf': {
        const pred = CMPF[enumIndex(op.getAttr('predicate'))];
        return this.define(op, this.elementwise(op, ([a, b]) => `(${cmpfBool(pred, a, b)} ? 1 : 0)`));
      }
      case 'negf':
        return this.define(op, this.elementwise(op, ([a]) => `(-${a})`));
      case 'addui_extended': {
        const r = this.noteWide(reprOf(op.operand(0).type));
        const [a, b] = op.operands.map((o) => this.v(o));
        const sum = this.v(op.result(0));
        this.emit(`${sum} = ${intBinary('addi', r, a, b, K)};`);
        this.emit(`${this.v(op.result(1))} = (${cmpiBool('ult', r, sum, a)} ? 1 : 0);`);
        return;
      }
      case 'mulsi_extended':
      case 'mului_extended': {
        const r = this.noteWide(reprOf(op.operand(0).type));
        const [a, b] = op.operands.map((o) => this.v(o));
        const w = r.k === 'int' || r.k === 'wide' ? r.w : 64;
        this.emit(`$r = $rt.mulExtended(${w}, ${name === 'mulsi_extended'}, ${a}, ${b});`);
        this.emit(`${this.v(op.result(0))} = $r[0]; ${this.v(op.result(1))} = $r[1];`);
        return;
      }
    }
    if (!rt) return this.unsupported(op);
    const resElem = elemOf(rt);
    // Integer binary ops.
    const ovfFlags = op.getAttr('overflowFlags');
    const flags = ovfFlags instanceof EnumAttr ? ovfFlags.value : 0;
    if (resElem instanceof IntegerType || resElem instanceof IndexType) {
      const r = this.noteWide(reprOf(resElem));
      if (op.numOperands === 2 && op.operand(0).type === op.operand(1).type && op.operand(0).type === rt) {
        const fast = r.k === 'wide' && !flags && !(rt instanceof VectorType) ? this.fastWide(name, op, this.operandExpr(op.operand(0)), this.operandExpr(op.operand(1))) : undefined;
        if (fast !== undefined) return this.define(op, fast);
        if (!flags && !(rt instanceof VectorType) && this.bailWide(name, op, r)) return;
        const probe = intBinary(name, r, 'a', 'b', K);
        if (probe !== undefined) {
          let e = this.elementwise(op, ([a, b]) => intBinary(name, r, a, b, K)!);
          if (flags && (name === 'addi' || name === 'subi' || name === 'muli' || name === 'shli') && !(rt instanceof VectorType)) {
            const [a, b] = op.operands.map((o) => this.v(o));
            e = `$rt.overflowCheck(${K}, "${name}", ${flags}, ${r.k === 'int' || r.k === 'wide' ? r.w : 64}, ${a}, ${b}, ${e})`;
          }
          return this.define(op, e);
        }
      }
    }
    if (resElem instanceof FloatType && op.numOperands === 2) {
      const r = reprOf(resElem);
      if (r.k === 'float') {
        const probe = floatBinary(name, r.f, 'a', 'b');
        if (probe !== undefined) return this.define(op, this.elementwise(op, ([a, b]) => floatBinary(name, r.f, a, b)!));
      }
    }
    if (op.numOperands === 1) {
      const from = this.noteWide(reprOf(elemOf(op.operand(0).type)));
      const to = this.noteWide(reprOf(resElem));
      if (from.k === 'unsupported' || to.k === 'unsupported') return this.unsupported(op, `'${op.opName}' on ${from.k === 'unsupported' ? from.why : (to as { why: string }).why} is not supported by the execution engine`);
      if (name === 'truncf') {
        const rm = op.getAttr('roundingmode');
        if (rm !== undefined && enumIndex(rm) !== 0) return this.unsupported(op, `'arith.truncf' with a rounding mode other than to_nearest_even is not supported by the execution engine`);
      }
      if (op.operand(0).type instanceof MemRefType) {
        // index_cast/bitcast on memrefs: same data, viewed with another element type.
        return this.unsupported(op, `'${op.opName}' on memrefs is not supported by the execution engine`);
      }
      const fastCast = rt instanceof VectorType ? undefined : this.fastCast(name, from, to, op.operand(0));
      if (fastCast !== undefined) return this.define(op, fastCast);
      const probe = castExpr(name, from, to, 'a', K);
      if (probe !== undefined) {
        let e = this.elementwise(op, ([a]) => castExpr(name, from, to, a, K)!);
        if (name === 'trunci' && flags && !(rt instanceof VectorType)) {
          const a = this.v(op.operand(0));
          e = `$rt.truncCheck(${K}, ${flags}, ${(from as { w: number }).w}, ${(to as { w: number }).w}, ${a}, ${e})`;
        }
        return this.define(op, e);
      }
    }
    return this.unsupported(op);
  }

  private noteWide(r: Repr): Repr {
    if (r.k === 'wide') this.mc.wideWidths.add(r.w);
    return r;
  }

  private emitIndex(op: Operation, name: string): void {
    const K = this.K(op);
    const r: Repr = { k: 'wide', w: 64 };
    const map: Record<string, string> = {
      add: 'addi',
      sub: 'subi',
      mul: 'muli',
      divs: 'divsi',
      divu: 'divui',
      ceildivs: 'ceildivsi',
      ceildivu: 'ceildivui',
      floordivs: 'floordivsi',
      rems: 'remsi',
      remu: 'remui',
      maxs: 'maxsi',
      maxu: 'maxui',
      mins: 'minsi',
      minu: 'minui',
      shl: 'shli',
      shrs: 'shrsi',
      shru: 'shrui',
      and: 'andi',
      or: 'ori',
      xor: 'xori',
    };
    if (map[name]) {
      const fast = op.result(0).type instanceof VectorType ? undefined : this.fastWide(map[name], op, this.operandExpr(op.operand(0)), this.operandExpr(op.operand(1)));
      if (fast !== undefined) return this.define(op, fast);
      if (!(op.result(0).type instanceof VectorType) && this.bailWide(map[name], op, r)) return;
      return this.define(op, this.elementwise(op, ([a, b]) => intBinary(map[name], r, a, b, K)!));
    }
    switch (name) {
      case 'constant':
        return this.define(op, intLit(r, (op.getAttr('value') as IntegerAttr).value));
      case 'bool.constant':
        return this.define(op, (op.getAttr('value') as IntegerAttr).value ? '1' : '0');
      case 'cmp': {
        const pred = this.cmpPred(CMPI[enumIndex(op.getAttr('pred'))], op);
        return this.define(op, this.elementwise(op, ([a, b]) => `(${cmpiBool(pred, r, a, b)} ? 1 : 0)`));
      }
      case 'sizeof':
        return this.define(op, '8');
      case 'casts':
      case 'castu': {
        const from = this.noteWide(reprOf(op.operand(0).type));
        const to = this.noteWide(reprOf(op.result(0).type));
        const fastCast = op.result(0).type instanceof VectorType ? undefined : this.fastCast(name, from, to, op.operand(0));
        if (fastCast !== undefined) return this.define(op, fastCast);
        return this.define(op, this.elementwise(op, ([a]) => castExpr(name, from, to, a, K)!));
      }
    }
    return this.unsupported(op);
  }

  private emitFunc(op: Operation, name: string): void {
    const K = this.K(op);
    if (name === 'call' || name === 'call_indirect') {
      let callee: string;
      let args: Value[];
      if (name === 'call') {
        const sym = (op.getAttr('callee') as SymbolRefAttr).leaf;
        args = op.operands;
        const f = this.mc.functions.get(sym);
        if (f) callee = f.js;
        else if (BUILTINS.has(sym) || BUILTINS.has(sym.replace(/^_mlir_ciface_/, ''))) {
          const argTypes = op.operands.map((o) => o.type);
          for (let i = 0; i < args.length; i++) this.checkPoison(op, args[i], 'argument');
          const call = `$rt.builtin(${K}, ${JSON.stringify(sym.replace(/^_mlir_ciface_/, ''))}, [${args.map((a) => this.v(a)).join(', ')}], ${JSON.stringify(argTypes.map((t) => elemFormatOf(t instanceof MemRefType || t instanceof UnrankedMemRefType ? t.elementType : t)))})`;
          if (op.numResults === 1) this.define(op, call);
          else this.emit(call + ';');
          return;
        } else {
          this.emit(`$rt.missingSymbol(${K}, ${JSON.stringify(sym)});`);
          return;
        }
      } else {
        callee = this.v(op.operand(0));
        args = op.operands.slice(1);
      }
      const call = `${callee}(${args.map((a) => this.v(a)).join(', ')})`;
      this.emit(`$cl = ${K};`);
      if (op.numResults === 0) this.emit(call + ';');
      else if (op.numResults === 1) this.define(op, call);
      else {
        this.emit(`$r = ${call};`);
        op.results.forEach((r, i) => {
          this.emit(`${this.v(r)} = $r[${i}];`);
          this.afterDefine(r);
        });
      }
      return;
    }
    if (name === 'constant') {
      const sym = (op.getAttr('value') as SymbolRefAttr).leaf;
      const f = this.mc.functions.get(sym);
      if (!f) return this.unsupported(op, `'func.constant' of an external function is not supported by the execution engine`);
      return this.define(op, f.js);
    }
    this.unsupported(op);
  }

  // ---- scf

  private emitScf(op: Operation, name: string): void {
    const K = this.K(op);
    switch (name) {
      case 'for':
        return this.emitFor(op);
      case 'if': {
        const c = op.operand(0);
        this.checkPoison(op, c, 'condition');
        const res = op.results;
        const onYield: Yield = (vals) => {
          if (res.length) this.assign(res, vals);
        };
        this.emit(`if (${this.v(c)}) {`);
        this.indent(() => this.emitRegion(op.regions[0], onYield));
        if (!op.regions[1].empty) {
          this.emit('} else {');
          this.indent(() => this.emitRegion(op.regions[1], onYield));
        }
        this.emit('}');
        return;
      }
      case 'while':
        return this.emitWhile(op);
      case 'execute_region': {
        const L = this.label();
        this.emit(`${L}: {`);
        this.indent(() =>
          this.emitRegion(op.regions[0], (vals) => {
            if (op.numResults) this.assign(op.results, vals);
          }),
        );
        this.emit('}');
        return;
      }
      case 'index_switch': {
        const arg = op.operand(0);
        this.checkPoison(op, arg, 'switch argument');
        const cases = staticList(op, 'cases');
        const onYield: Yield = (vals) => {
          if (op.numResults) this.assign(op.results, vals);
        };
        const L = this.label();
        this.emit(`${L}: switch (${this.v(arg)}) {`);
        this.indent(() => {
          cases.forEach((c, i) => {
            this.emit(`case ${intLit({ k: 'wide', w: 64 }, c)}: {`);
            this.indent(() => {
              this.emitRegion(op.regions[i + 1], onYield);
              this.emit(`break ${L};`);
            });
            this.emit('}');
          });
          this.emit('default: {');
          this.indent(() => this.emitRegion(op.regions[0], onYield));
          this.emit('}');
        });
        this.emit('}');
        return;
      }
      case 'parallel':
        return this.emitParallel(op);
      case 'forall':
        return this.emitForall(op);
    }
    void K;
    this.unsupported(op);
  }

  private stepCheck(op: Operation, step: string, r: Repr): void {
    const sgn = r.k === 'int' && r.w === 1 ? `(-${step})` : step;
    this.emit(`if (!(${sgn} > 0)) $rt.badStep(${this.K(op)}, ${step});`);
  }

  private emitFor(op: Operation): void {
    const [lb, ub, step, ...inits] = op.operands;
    const body = op.regions[0].blocks[0];
    const iv = body.args[0];
    const iters = body.args.slice(1);
    const r = this.noteWide(reprOf(iv.type));
    for (const x of [lb, ub, step]) this.checkPoison(op, x, 'loop bound');
    const unsigned = op.getAttr('unsignedCmp') !== undefined;
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
    if (op.numResults) this.assign(op.results, iters.map((x) => this.v(x)));
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
    if (loop.opName === 'scf.while') loop.regions[1].blocks[0]?.args.forEach(addInside);
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
    const name = `${this.mc.functions.get(symName(this.fn))!.js}$g${this.extraFns.length}`;
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

  private emitWhile(op: Operation): void {
    const before = op.regions[0].blocks[0];
    const after = op.regions[1].blocks[0];
    if (op.regions[0].blocks.length !== 1 || op.regions[1].blocks.length !== 1) this.unsupported(op, "multi-block 'scf.while' regions are not supported");
    if (before.args.length) this.assign(before.args, op.operands.map((x) => this.v(x)));
    const loop = (L: string, exit: string): void => {
      this.emit(`${L}: for (;;) {`);
      this.indent(() => {
        this.emitBlockOps(before, (vals, term) => {
          const c = term.operand(0);
          this.checkPoison(term, c, 'loop condition');
          this.emit(`if (!${vals[0]}) {`);
          this.indent(() => {
            if (op.numResults) this.assign(op.results, vals.slice(1));
            this.emit(`break ${exit};`);
          });
          this.emit('}');
          if (after.args.length) this.assign(after.args, vals.slice(1));
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
      op.results,
    );
  }

  private emitParallel(op: Operation): void {
    const [lbs, ubs, steps, inits] = segments(op);
    const body = op.regions[0].blocks[0];
    const ivs = body.args;
    const r: Repr = { k: 'wide', w: 64 };
    const res = op.results;
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
          term.operands.forEach((x, i) => {
            const region = term.regions[i];
            const blk = region.blocks[0];
            this.assign(blk.args, [this.v(res[i]), this.v(x)]);
            this.emitBlockOps(blk, (vals) => this.assign([res[i]], vals), undefined);
          });
        }, undefined),
      res,
    );
  }

  private emitForall(op: Operation): void {
    const seg = segments(op);
    const [dynLb, dynUb, dynStep, outs] = seg;
    if (outs && outs.length) this.unsupported(op, "'scf.forall' with shared outputs (tensors) is not supported by the execution engine");
    const body = op.regions[0].blocks[0];
    const ivs = body.args.slice(0, body.args.length - (outs?.length ?? 0));
    const r: Repr = { k: 'wide', w: 64 };
    const mixed = (stat: bigint[], dyn: Value[]): string[] => {
      let j = 0;
      return stat.map((s) => (s === K_DYN_BIG ? this.v(dyn[j++]) : intLit(r, s)));
    };
    const lbs = mixed(staticList(op, 'staticLowerBound'), dynLb ?? []);
    const ubs = mixed(staticList(op, 'staticUpperBound'), dynUb ?? []);
    const steps = mixed(staticList(op, 'staticStep'), dynStep ?? []);
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

  // ---- vector.print

  private emitVectorPrint(op: Operation): void {
    const K = this.K(op);
    const punct = (op.getAttr('punctuation') as { value?: string } | undefined)?.value ?? 'newline';
    const str = op.getAttr('stringLiteral');
    if (str instanceof StringAttr) {
      this.emit(`$rt.write(${JSON.stringify(str.value)});`);
      return;
    }
    if (op.numOperands === 0) {
      this.emit(`$rt.punct(${JSON.stringify(punct)});`);
      return;
    }
    const x = op.operand(0);
    this.checkPoison(op, x, 'printed value');
    const t = x.type;
    const et = t instanceof VectorType ? t.elementType : t;
    const w = et instanceof IntegerType ? et.width : 64;
    if (et instanceof IntegerType && w > 64) this.unsupported(op, `'vector.print' of integers wider than 64 bits is not supported`);
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
    for (let v: Value = m; ; ) {
      const d = v.definingOp;
      if (!d) return false;
      const n = d.opName;
      if (n === 'memref.get_global') {
        const sym = (d.getAttr('name') as SymbolRefAttr).leaf;
        const id = this.mc.globalIds.get(sym);
        return id !== undefined && this.mc.globals[id].constant;
      }
      if (n === 'memref.cast' || n === 'memref.subview' || n === 'memref.reinterpret_cast' || n === 'memref.expand_shape' || n === 'memref.collapse_shape' || n === 'memref.transpose' || n === 'memref.assume_alignment' || n === 'memref.memory_space_cast') v = d.operand(0);
      else return false;
    }
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

  private emitMemref(op: Operation, name: string): void {
    const K = this.K(op);
    switch (name) {
      case 'load': {
        const [m, ...indices] = op.operands;
        const lin = this.memIndex(op, m, indices);
        this.emitLoad(op, m, lin, this.v(op.result(0)), op.result(0));
        return;
      }
      case 'store': {
        const [x, m, ...indices] = op.operands;
        this.checkPoison(op, x, 'stored value');
        const lin = this.memIndex(op, m, indices);
        this.emitStore(op, m, lin, this.v(x), x);
        return;
      }
      case 'alloc':
      case 'alloca': {
        const t = op.result(0).type as MemRefType;
        const kind = elemKindOf(t.elementType);
        if (!kind) return this.unsupported(op, `memrefs of ${t.elementType.key} are not supported by the execution engine`);
        const dyn = segments(op)[0] ?? op.operands;
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
        if (name === 'alloca') {
          for (let i = this.scopes.length - 1; i >= 0; i--) {
            if (this.scopes[i]) {
              scope = this.scopes[i]!;
              break;
            }
          }
        }
        this.define(op, `$rt.alloc(${K}, "${kind}", [${sizes.join(', ')}], ${layout}, ${name === 'alloca' ? scope : 'null'}, ${name === 'alloca'}, ${wideW})`);
        return;
      }
      case 'dealloc':
        this.emit(`$rt.dealloc(${K}, ${this.v(op.operand(0))});`);
        return;
      case 'get_global': {
        const sym = (op.getAttr('name') as SymbolRefAttr).leaf;
        const id = this.mc.globalIds.get(sym);
        if (id === undefined) return this.unsupported(op, `unknown global @${sym}`);
        return this.define(op, `$G[${id}]`);
      }
      case 'cast': {
        const t = op.result(0).type;
        const shape = t instanceof MemRefType ? JSON.stringify(t.shape.map((d) => (d === kDynamic ? -1 : d))) : 'null';
        const so = t instanceof MemRefType ? stridesAndOffset(t) : undefined;
        const layout = so ? JSON.stringify({ s: so.strides.map((d) => (d === kDynamic ? null : d)), o: so.offset === kDynamic ? null : so.offset }) : 'null';
        return this.define(op, `$rt.mcast(${K}, ${this.v(op.operand(0))}, ${shape}, ${layout})`);
      }
      case 'memory_space_cast':
      case 'assume_alignment':
        return this.define(op, this.v(op.operand(0)));
      case 'distinct_objects':
        op.results.forEach((r, i) => {
          this.emit(`${this.v(r)} = ${this.v(op.operand(i))};`);
          this.afterDefine(r);
        });
        return;
      case 'prefetch':
        return;
      case 'dim':
        this.checkPoison(op, op.operand(1), 'dimension index');
        return this.define(op, `$rt.dim(${K}, ${this.v(op.operand(0))}, ${this.v(op.operand(1))})`);
      case 'rank':
        return this.define(op, `${this.v(op.operand(0))}.z.length`);
      case 'copy':
        this.emit(`$rt.copy(${K}, ${this.v(op.operand(0))}, ${this.v(op.operand(1))});`);
        return;
      case 'subview':
      case 'reinterpret_cast': {
        const [src, offs, sizes, strides] = segments(op);
        const mixed = (stat: bigint[], dyn: Value[]): string => {
          let j = 0;
          return '[' + stat.map((s) => (s === K_DYN_BIG ? this.v(dyn[j++]) : String(Number(s)))).join(', ') + ']';
        };
        for (const x of [...offs, ...sizes, ...strides]) this.checkPoison(op, x, 'operand');
        const o = mixed(staticList(op, 'static_offsets'), offs);
        const z = mixed(staticList(op, 'static_sizes'), sizes);
        const s = mixed(staticList(op, 'static_strides'), strides);
        if (name === 'reinterpret_cast') return this.define(op, `$rt.reinterpret(${K}, ${this.v(src[0])}, ${o}, ${z}, ${s})`);
        const res = op.result(0).type as MemRefType;
        const drop = this.dropMask(staticList(op, 'static_sizes'), res);
        return this.define(op, `$rt.subview(${K}, ${this.v(src[0])}, ${o}, ${z}, ${s}, ${JSON.stringify(drop)})`);
      }
      case 'expand_shape': {
        const reassoc = (op.getAttr("reassociation") as ArrayAttr).elements.map((g) => (g as ArrayAttr).elements.map((x) => Number((x as IntegerAttr).value)));
        const stat = staticList(op, 'static_output_shape');
        const dyn = op.operands.slice(1);
        let j = 0;
        const shape = '[' + stat.map((s) => (s === K_DYN_BIG ? this.v(dyn[j++]) : String(Number(s)))).join(', ') + ']';
        return this.define(op, `$rt.expandShape(${K}, ${this.v(op.operand(0))}, ${JSON.stringify(reassoc)}, ${shape})`);
      }
      case 'collapse_shape': {
        const reassoc = (op.getAttr("reassociation") as ArrayAttr).elements.map((g) => (g as ArrayAttr).elements.map((x) => Number((x as IntegerAttr).value)));
        return this.define(op, `$rt.collapseShape(${K}, ${this.v(op.operand(0))}, ${JSON.stringify(reassoc)})`);
      }
      case 'reshape': {
        const t = op.result(0).type;
        return this.define(op, `$rt.reshape(${K}, ${this.v(op.operand(0))}, ${this.v(op.operand(1))}, ${t instanceof MemRefType ? t.rank : -1})`);
      }
      case 'transpose': {
        const perm = (op.getAttr('permutation') as AffineMapAttr).value;
        const p = perm.results.map((e) => (e as unknown as { position: number }).position);
        return this.define(op, `$rt.transpose(${this.v(op.operand(0))}, ${JSON.stringify(p)})`);
      }
      case 'view': {
        const t = op.result(0).type as MemRefType;
        const kind = elemKindOf(t.elementType);
        const dyn = op.operands.slice(2);
        let j = 0;
        const sizes = t.shape.map((d) => (d === kDynamic ? this.v(dyn[j++]) : String(d)));
        return this.define(op, `$rt.view(${K}, ${this.v(op.operand(0))}, ${this.v(op.operand(1))}, [${sizes.join(', ')}], "${kind}")`);
      }
      case 'extract_aligned_pointer_as_index':
        return this.define(op, `${this.v(op.operand(0))}.a.addr`);
      case 'extract_strided_metadata': {
        const m = this.v(op.operand(0));
        const rank = (op.operand(0).type as MemRefType).rank;
        this.emit(`${this.v(op.result(0))} = $rt.baseBuffer(${m});`);
        this.afterDefine(op.result(0));
        this.emit(`${this.v(op.result(1))} = ${m}.o;`);
        for (let i = 0; i < rank; i++) {
          this.emit(`${this.v(op.result(2 + i))} = ${m}.z[${i}];`);
          this.emit(`${this.v(op.result(2 + rank + i))} = ${m}.s[${i}];`);
        }
        return;
      }
      case 'realloc': {
        const t = op.result(0).type as MemRefType;
        const size = t.shape[0] === kDynamic ? this.v(op.operand(1)) : String(t.shape[0]);
        return this.define(op, `$rt.realloc(${K}, ${this.v(op.operand(0))}, ${size})`);
      }
      case 'alloca_scope': {
        const L = this.label();
        this.emit(`${L}: {`);
        this.indent(() =>
          this.withScope(op, () => {
            const depth = this.scopes.length - 1;
            this.emitRegion(op.regions[0], (vals) => {
              this.killScopes(depth);
              if (op.numResults) this.assign(op.results, vals);
            });
          }),
        );
        this.emit('}');
        return;
      }
      case 'atomic_rmw': {
        const [x, m, ...indices] = op.operands;
        const kinds = ['addf', 'addi', 'andi', 'assign', 'maximumf', 'maxnumf', 'maxs', 'maxu', 'minimumf', 'minnumf', 'mins', 'minu', 'mulf', 'muli', 'ori', 'xori'];
        const kind = kinds[enumIndex(op.getAttr('kind'))];
        const et = (m.type as MemRefType).elementType;
        const r = this.noteWide(reprOf(et));
        const lin = this.memIndex(op, m, indices);
        const old = this.v(op.result(0));
        const linv = this.fresh('$lin');
        this.emit(`${linv} = ${lin};`);
        this.emitLoad(op, m, linv, old);
        const xv = this.v(x);
        const intName: Record<string, string> = { addi: 'addi', andi: 'andi', maxs: 'maxsi', maxu: 'maxui', mins: 'minsi', minu: 'minui', muli: 'muli', ori: 'ori', xori: 'xori' };
        let e: string;
        if (kind === 'assign') e = xv;
        else if (intName[kind]) e = intBinary(intName[kind], r, old, xv, K)!;
        else e = floatBinary(kind, (r as { f: import('./types.js').FloatName }).f, old, xv)!;
        const nv = this.fresh('$nv');
        this.emit(`${nv} = ${e};`);
        this.emitStore(op, m, linv, nv);
        return;
      }
      case 'generic_atomic_rmw': {
        const [m, ...indices] = op.operands;
        const lin = this.memIndex(op, m, indices);
        const linv = this.fresh('$lin');
        this.emit(`${linv} = ${lin};`);
        const blk = op.regions[0].blocks[0];
        const cur = this.v(blk.args[0]);
        this.emitLoad(op, m, linv, cur);
        this.emit(`${this.v(op.result(0))} = ${cur};`);
        this.emitBlockOps(blk, (vals) => this.emitStore(op, m, linv, vals[0]), undefined);
        return;
      }
    }
    this.unsupported(op);
  }

  /** Which source dimensions a rank-reducing subview drops (greedy match of unit sizes). */
  private dropMask(staticSizes: bigint[], res: MemRefType): boolean[] {
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

const TERMINATORS = new Set([
  'func.return',
  'scf.yield',
  'scf.condition',
  'scf.reduce',
  'scf.reduce.return',
  'scf.forall.in_parallel',
  'memref.alloca_scope.return',
  'memref.atomic_yield',
  'cf.br',
  'cf.cond_br',
  'cf.switch',
]);

export { N };
