// Compiles an LLVM-dialect module to JavaScript: each llvm.func becomes one
// JS function (blocks are cases of a `switch` in a labelled loop, SSA values
// are local variables). Scalar arithmetic reuses the expression builders of
// the func-level engine (scalar.ts), so integers have the same exact
// representation: width <= 32 as sign-normalized numbers, wider as a number
// when safe and a BigInt otherwise. Pointers are numbers (heap addresses),
// aggregates and vectors are JS arrays (never mutated in place).

import { Interner } from '../interner.js';
import type { Attribute, Type } from '../../ir/attributes.js';
import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr, DenseArrayAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, VectorType, ShapedType } from '../../ir/builtin-types.js';
import type { Block, Operation, Value } from '../../ir/operation.js';
import { toDouble } from '../../ir/apfloat.js';
import {
  LLVMArrayType,
  LLVMFunctionType,
  LLVMPointerType,
  LLVMStructType,
  branchOperands,
  llvmFunctionType,
  ICMP_PREDICATES,
  FCMP_PREDICATES,
} from '../../dialects/llvm/index.js';
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
  functions: Map<string, { js: string; op: Operation }>;
  /** Declared-only functions (resolved to runtime functions). */
  externals: Map<string, Operation>;
  globals: LLVMGlobal[];
  descs: Desc[];
  /** Functions whose address is taken (index = position in the function table). */
  fnTable: string[];
  ctors: string[];
  dtors: string[];
}

function symName(op: Operation): string {
  const a = op.propertiesView.get('sym_name');
  return a instanceof StringAttr ? a.value : '';
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

const INT_OPS: Record<string, string> = {
  add: 'addi',
  sub: 'subi',
  mul: 'muli',
  sdiv: 'divsi',
  udiv: 'divui',
  srem: 'remsi',
  urem: 'remui',
  and: 'andi',
  or: 'ori',
  xor: 'xori',
  shl: 'shli',
  lshr: 'shrui',
  ashr: 'shrsi',
};
const FLOAT_OPS: Record<string, string> = { fadd: 'addf', fsub: 'subf', fmul: 'mulf', fdiv: 'divf', frem: 'remf' };
const CASTS: Record<string, string> = {
  trunc: 'trunci',
  zext: 'extui',
  sext: 'extsi',
  sitofp: 'sitofp',
  uitofp: 'uitofp',
  fptosi: 'fptosi',
  fptoui: 'fptoui',
  fpext: 'extf',
  fptrunc: 'truncf',
};
/** Float intrinsics: JS expressions of x (and y, z), before rounding to the type. */
const FLOAT_INTRINSICS: Record<string, (x: string, y: string, z: string) => string> = {
  fabs: (x) => `Math.abs(${x})`,
  floor: (x) => `Math.floor(${x})`,
  ceil: (x) => `Math.ceil(${x})`,
  trunc: (x) => `Math.trunc(${x})`,
  sqrt: (x) => `Math.sqrt(${x})`,
  round: (x) => `$round(${x})`,
  roundeven: (x) => `$roundeven(${x})`,
  rint: (x) => `$roundeven(${x})`,
  nearbyint: (x) => `$roundeven(${x})`,
  exp: (x) => `Math.exp(${x})`,
  exp2: (x) => `Math.pow(2, ${x})`,
  exp10: (x) => `Math.pow(10, ${x})`,
  log: (x) => `Math.log(${x})`,
  log2: (x) => `Math.log2(${x})`,
  log10: (x) => `Math.log10(${x})`,
  sin: (x) => `Math.sin(${x})`,
  cos: (x) => `Math.cos(${x})`,
  tan: (x) => `Math.tan(${x})`,
  asin: (x) => `Math.asin(${x})`,
  acos: (x) => `Math.acos(${x})`,
  atan: (x) => `Math.atan(${x})`,
  sinh: (x) => `Math.sinh(${x})`,
  cosh: (x) => `Math.cosh(${x})`,
  tanh: (x) => `Math.tanh(${x})`,
  pow: (x, y) => `Math.pow(${x}, ${y})`,
  atan2: (x, y) => `Math.atan2(${x}, ${y})`,
  copysign: (x, y) => `$copysign(${x}, ${y})`,
  maxnum: (x, y) => `$maxnum(${x}, ${y})`,
  minnum: (x, y) => `$minnum(${x}, ${y})`,
  maximum: (x, y) => `$maximum(${x}, ${y})`,
  minimum: (x, y) => `$minimum(${x}, ${y})`,
  fma: (x, y, z) => `$fma(${x}, ${y}, ${z})`,
  fmuladd: (x, y, z) => `$fma(${x}, ${y}, ${z})`,
};
const INT_MINMAX: Record<string, string> = { smax: 'maxsi', smin: 'minsi', umax: 'maxui', umin: 'minui' };

export function compileLLVMModule(module: Operation): CompiledLLVM {
  return new ModuleCompiler(module).compile();
}

class ModuleCompiler {
  private readonly opIds = new Interner<Operation>();
  functions = new Map<string, { js: string; op: Operation }>();
  externals = new Map<string, Operation>();
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
    const body = this.module.regions[0]?.blocks[0];
    const funcs: Operation[] = [];
    const inits: Operation[] = [];
    if (body) {
      for (const op of body) {
        const n = op.opName;
        if (n === 'llvm.func') {
          const name = symName(op);
          if (op.regions[0].empty) this.externals.set(name, op);
          else {
            this.functions.set(name, { js: 'f' + this.functions.size + '_' + name.replace(/[^A-Za-z0-9_]/g, '_'), op });
            funcs.push(op);
          }
        } else if (n === 'llvm.mlir.global') {
          const name = symName(op);
          const type = (op.propertiesView.get('global_type') as TypeAttr).value;
          this.descId(type, op);
          const g: LLVMGlobal = {
            name,
            op,
            type,
            desc: descOf(type),
            constant: op.propertiesView.has('constant'),
            init: undefined,
            initFn: undefined,
          };
          const v = op.propertiesView.get('value');
          if (v) g.init = this.attrValue(v, type, op);
          else if (!op.regions[0].empty) {
            g.initFn = `$gi${this.globals.length}`;
            inits.push(op);
          }
          this.globalIds.set(name, this.globals.length);
          this.globals.push(g);
        } else if (n === 'llvm.mlir.global_ctors' || n === 'llvm.mlir.global_dtors') {
          const key = n === 'llvm.mlir.global_ctors' ? 'ctors' : 'dtors';
          const fns = op.propertiesView.get(key) as unknown as { elements: Attribute[] };
          const prios = op.propertiesView.get('priorities') as unknown as { elements: Attribute[] };
          const list = fns.elements.map((f, i) => ({ name: (f as SymbolRefAttr).leaf, prio: Number((prios.elements[i] as IntegerAttr).value) }));
          list.sort((a, b) => a.prio - b.prio);
          (key === 'ctors' ? this.ctors : this.dtors).push(...list.map((x) => x.name));
        } else if (n === 'llvm.comdat' || n === 'llvm.module_flags' || n === 'llvm.linker_options' || n === 'llvm.mlir.alias') {
          // Metadata without run-time behaviour.
        } else throw new UnsupportedError(op, `'${n}' is not supported at the top level of an LLVM module`);
      }
    }
    const parts: string[] = [];
    for (const f of funcs) parts.push(new FunctionCompiler(this, f, this.functions.get(symName(f))!.js).compile());
    for (const g of inits) {
      const gi = this.globals[this.globalIds.get(symName(g))!];
      parts.push(new FunctionCompiler(this, g, gi.initFn!).compile());
    }
    const widths = [...this.wideWidths];
    const header = [
      '"use strict";',
      'const $fr = Math.fround, $f16 = $rt.roundF16, $bf16 = $rt.roundBF16;',
      'const $div0 = $rt.div0, $ovf = $rt.ovf, $P = $rt.poison, $err = $rt.err, $nw = $rt.nw, $ext = $rt.ext, $icall = $rt.icall;',
      'const $cdivs = $rt.cdivs, $fdivs = $rt.fdivs, $lo32 = $rt.lo32, $bigToFloat = $rt.bigToFloat, $num = $rt.num, $toPtr = $rt.toPtr, $truncChk = $rt.truncChk;',
      'const $fptosi = $rt.fptosi, $fptoui = $rt.fptoui, $f32Bits = $rt.f32Bits, $bitsF32 = $rt.bitsF32, $f64Bits = $rt.f64Bits, $bitsF64 = $rt.bitsF64;',
      'const $f16Bits = $rt.f16Bits, $bitsF16 = $rt.bitsF16, $bf16Bits = $rt.bf16Bits, $bitsBF16 = $rt.bitsBF16;',
      'const $round = $rt.round, $roundeven = $rt.roundeven, $copysign = $rt.copysign, $maxnum = $rt.maxnum, $minnum = $rt.minnum, $maximum = $rt.maximum, $minimum = $rt.minimum, $fma = $rt.fma;',
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

class FunctionCompiler {
  private names = new Map<Value, string>();
  private literal = new Map<Value, string>();
  /** Comparisons folded into the branch that uses them: their JS boolean expression. */
  private fused = new Map<Value, string>();
  private nextVar = 0;
  private lines: string[] = [];
  private blockIds = new Map<Block, number>();
  private hasAlloca = false;
  /** The block compiled after the current one: br/cond_br to it fall through into its case. */
  private nextBlock: Block | undefined;
  /** For variadic functions: how many general-purpose and floating-point registers the named parameters use. */
  private varArg: { gp: number; fp: number } | undefined;

  constructor(
    readonly mc: ModuleCompiler,
    readonly fn: Operation,
    readonly jsName: string,
  ) {}

  private name(v: Value): string {
    let n = this.names.get(v);
    if (!n) this.names.set(v, (n = 'v' + this.nextVar++));
    return n;
  }
  private ex(v: Value): string {
    return this.literal.get(v) ?? this.name(v);
  }
  private emit(s: string): void {
    this.lines.push(s);
  }
  private unsupported(op: Operation, what?: string): never {
    throw new UnsupportedError(op, what ?? `'${op.opName}' is not supported by the execution engine`);
  }
  private repr(op: Operation, t: Type): Repr {
    const r = scalarRepr(t);
    if (!r) this.unsupported(op, `values of type ${t.key} are not supported by the execution engine`);
    if (r.k === 'wide') this.mc.wideWidths.add(r.w);
    return r;
  }

  compile(): string {
    const region = this.fn.regions[0];
    const isFunc = this.fn.opName === 'llvm.func';
    const params = isFunc ? region.entry.args.map((a) => this.name(a)) : [];
    const ft = isFunc ? llvmFunctionType(this.fn) : undefined;
    // Variadic arguments arrive as one array of [value, layout index] pairs.
    if (ft?.varArg) {
      this.varArg = { gp: ft.params.filter((t) => !(t instanceof FloatType)).length, fp: ft.params.filter((t) => t instanceof FloatType).length };
      params.push('$va');
    }
    region.blocks.forEach((b, i) => this.blockIds.set(b, i));
    for (const b of region.blocks) for (const op of b) if (op.opName === 'llvm.alloca' || op.opName === 'llvm.intr.vastart') this.hasAlloca = true;
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

  private branchTo(block: Block, args: readonly Value[], fallThrough = false): string {
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
  private elementwise(t: Type, args: string[], f: (xs: string[]) => string): string {
    if (!(t instanceof VectorType)) return f(args);
    const names = ['x', 'y', 'z'].slice(0, args.length);
    return `$v${args.length}(${args.join(', ')}, (${names.join(', ')}) => ${f(names)})`;
  }

  private compileOp(op: Operation): void {
    try {
      this.compileOpUnchecked(op);
    } catch (e) {
      if (e instanceof LayoutError) throw new UnsupportedError(op, e.message);
      throw e;
    }
  }

  private compileOpUnchecked(op: Operation): void {
    const K = this.mc.opId(op);
    const name = op.opName;
    const res = op.numResults ? this.name(op.result(0)) : '';
    const set = (e: string): void => this.emit(`${res} = ${e};`);
    const o = (i: number): string => this.ex(op.operand(i));
    const short = name.startsWith('llvm.') ? name.slice(5) : name;

    if (INT_OPS[short]) {
      const t = op.result(0).type;
      const r = this.repr(op, elemOf(t));
      if (r.k !== 'int' && r.k !== 'wide') this.unsupported(op);
      const arith = INT_OPS[short];
      const flags = Number((op.propertiesView.get('overflowFlags') as IntegerAttr | undefined)?.value ?? 0n);
      return set(
        this.elementwise(t, [o(0), o(1)], ([a, b]) => {
          const e = intBinary(arith, r, a, b, K)!;
          if (!flags) return e;
          const slow = `$nw(${K}, "${short}", ${flags}, ${r.w}, ${a}, ${b}, ${e})`;
          // Fast path: non-negative safe operands whose exact result is a non-negative safe
          // integer cannot overflow a signed or unsigned integer of 54 bits or more.
          if (r.k === 'wide' && r.w >= 54 && short !== 'shl') {
            const op = short === 'add' ? '+' : short === 'sub' ? '-' : '*';
            return `((typeof ${a} === "number" && typeof ${b} === "number" && ${a} >= 0 && ${b} >= 0 && ($t = ${a} ${op} ${b}) >= 0 && $t <= 9007199254740991) ? $t : ${slow})`;
          }
          return slow;
        }),
      );
    }
    if (FLOAT_OPS[short]) {
      const t = op.result(0).type;
      const r = this.repr(op, elemOf(t));
      if (r.k !== 'float') this.unsupported(op);
      return set(this.elementwise(t, [o(0), o(1)], ([a, b]) => floatBinary(FLOAT_OPS[short], r.f, a, b)!));
    }
    if (CASTS[short]) {
      const from = this.repr(op, elemOf(op.operand(0).type));
      const to = this.repr(op, elemOf(op.result(0).type));
      const flags = Number((op.propertiesView.get('overflowFlags') as IntegerAttr | undefined)?.value ?? 0n);
      const nneg = op.propertiesView.has('nonNeg');
      return set(
        this.elementwise(op.result(0).type, [o(0)], ([a]) => {
          // Out-of-range conversions give what x86-64 code computes (mlir-runner's host), not poison.
          let e = short === 'fptosi' || short === 'fptoui' ? `$${short}X(${a}, ${(to as { w: number }).w})` : castExpr(CASTS[short], from, to, a, K);
          if (e === undefined) this.unsupported(op);
          if (flags && short === 'trunc') e = `$truncChk(${K}, ${flags}, ${(from as { w: number }).w}, ${(to as { w: number }).w}, ${a}, ${e})`;
          if (nneg) e = `(${S((from as { w: number }).w, a)} < 0 ? $P(${K}) : ${e})`;
          return e;
        }),
      );
    }
    if (name.startsWith('llvm.intr.')) return this.intrinsic(op, K, set, o);

    switch (name) {
      case 'llvm.mlir.constant': {
        const t = op.result(0).type;
        const v = this.mc.attrValue(op.propertiesView.get('value')!, t, op);
        if (typeof v === 'number') return void this.literal.set(op.result(0), numLit(v));
        if (typeof v === 'bigint') return void this.literal.set(op.result(0), `(${v}n)`);
        return void this.literal.set(op.result(0), this.mc.hoist(jsLiteral(v)));
      }
      case 'llvm.mlir.poison':
      case 'llvm.mlir.undef': {
        const t = op.result(0).type;
        if (scalarRepr(t)) return set(`$P(${K})`);
        return set(`$rt.poisonOf(${K}, ${this.mc.descId(t, op)})`);
      }
      case 'llvm.mlir.zero': {
        const t = op.result(0).type;
        if (scalarRepr(t)) return void this.literal.set(op.result(0), '0');
        return void this.literal.set(op.result(0), this.mc.hoist(`$rt.zeroOf(${this.mc.descId(t, op)})`));
      }
      case 'llvm.mlir.addressof': {
        const ref = (op.propertiesView.get('global_name') as SymbolRefAttr).leaf;
        const g = this.mc.globalIds.get(ref);
        if (g !== undefined) return set(`$G[${g}]`);
        return set(`$FA[${this.mc.fnAddrId(ref)}]`);
      }
      case 'builtin.unrealized_conversion_cast': {
        if (op.numOperands !== 1 || op.numResults !== 1) this.unsupported(op);
        return set(o(0));
      }
      case 'llvm.extractvalue': {
        const pos = (op.propertiesView.get('position') as DenseArrayAttr).values.map(Number);
        return set(o(0) + pos.map((i) => `[${i}]`).join(''));
      }
      case 'llvm.insertvalue': {
        const pos = (op.propertiesView.get('position') as DenseArrayAttr).values.map(Number);
        if (pos.length === 1) return set(`($t = ${o(0)}.slice(), $t[${pos[0]}] = ${o(1)}, $t)`);
        return set(`$ins(${o(0)}, ${o(1)}, [${pos.join(', ')}])`);
      }
      case 'llvm.extractelement': {
        const n = (op.operand(0).type as VectorType).shape[0];
        return set(`(($s = ${o(1)}) >= 0 && $s < ${n} ? ${o(0)}[$s] : $P(${K}))`);
      }
      case 'llvm.insertelement': {
        const n = (op.operand(0).type as VectorType).shape[0];
        return set(`(($s = ${o(2)}) >= 0 && $s < ${n} ? ($t = ${o(0)}.slice(), $t[$s] = ${o(1)}, $t) : $P(${K}))`);
      }
      case 'llvm.shufflevector': {
        const mask = (op.propertiesView.get('mask') as DenseArrayAttr).values.map(Number);
        const n = (op.operand(0).type as VectorType).shape[0];
        return set(`[${mask.map((m) => (m < 0 ? `$P(${K})` : m < n ? `${o(0)}[${m}]` : `${o(1)}[${m - n}]`)).join(', ')}]`);
      }
      case 'llvm.icmp':
      case 'llvm.fcmp': {
        const cond = this.compareBool(op);
        // A comparison used only by the branch that follows it becomes the branch's condition.
        if (cond && this.fusedCompare(op)) return void this.fused.set(op.result(0), cond);
        if (cond) return set(`(${cond} ? 1 : 0)`);
        const isI = name === 'llvm.icmp';
        const pred = isI ? ICMP_PREDICATES[Number((op.propertiesView.get('predicate') as IntegerAttr).value)] : FCMP_PREDICATES[Number((op.propertiesView.get('predicate') as IntegerAttr).value)].replace(/^_/, '');
        const r = isI ? this.repr(op, elemOf(op.operand(0).type)) : undefined;
        return set(this.elementwise(op.operand(0).type, [o(0), o(1)], ([a, b]) => `(${isI ? cmpiBool(pred, r!, a, b) : cmpfBool(pred, a, b)} ? 1 : 0)`));
      }
      case 'llvm.select': {
        if (op.operand(0).type instanceof VectorType) return set(`$v3(${o(0)}, ${o(1)}, ${o(2)}, (c, x, y) => c === 1 ? x : y)`);
        return set(`(${o(0)} === 1 ? ${o(1)} : ${o(2)})`);
      }
      case 'llvm.fneg':
        return set(this.elementwise(op.result(0).type, [o(0)], ([a]) => `(-${a})`));
      case 'llvm.bitcast': {
        const ft = op.operand(0).type;
        const tt = op.result(0).type;
        if (ft === tt || (ft instanceof LLVMPointerType && tt instanceof LLVMPointerType)) return set(o(0));
        if (ft instanceof VectorType !== tt instanceof VectorType || (ft instanceof VectorType && tt instanceof VectorType && ft.shape[0] !== tt.shape[0]))
          return set(`$bitcastV(${o(0)}, ${this.mc.descId(ft, op)}, ${this.mc.descId(tt, op)})`);
        const from = this.repr(op, elemOf(ft));
        const to = this.repr(op, elemOf(tt));
        return set(this.elementwise(tt, [o(0)], ([a]) => castExpr('bitcast', from, to, a, K)!));
      }
      case 'llvm.ptrtoint': {
        const to = this.repr(op, elemOf(op.result(0).type));
        return set(this.elementwise(op.result(0).type, [o(0)], ([a]) => (to.k === 'int' ? N(to.w, a) : to.k === 'wide' && to.w < 64 ? `${wideName(to.w)}.fromAny(${a})` : a)));
      }
      case 'llvm.inttoptr': {
        const from = this.repr(op, elemOf(op.operand(0).type));
        return set(this.elementwise(op.result(0).type, [o(0)], ([a]) => (from.k === 'int' ? U(from.w, a) : `$toPtr(${a})`)));
      }
      case 'llvm.addrspacecast':
        return set(o(0));
      case 'llvm.load': {
        const t = op.result(0).type;
        const d = descOf(t);
        const fast = d.k === 'scalar' ? FAST_LOAD[d.s] : undefined;
        if (fast) return set(`${fast}(${K}, ${o(0)})`);
        return set(`$ldg(${K}, ${o(0)}, ${this.mc.descId(t, op)})`);
      }
      case 'llvm.store': {
        const t = op.operand(0).type;
        const d = descOf(t);
        const fast = d.k === 'scalar' ? FAST_STORE[d.s] : undefined;
        if (fast) return this.emit(`${fast}(${K}, ${o(1)}, ${this.storedValue(op.operand(0))});`);
        return this.emit(`$stg(${K}, ${o(1)}, ${this.mc.descId(t, op)}, ${o(0)});`);
      }
      case 'llvm.alloca': {
        const et = (op.propertiesView.get('elem_type') as TypeAttr).value;
        const d = descOf(et);
        const align = Number((op.propertiesView.get('alignment') as IntegerAttr | undefined)?.value ?? BigInt(d.align));
        return set(`$alloca(${K}, ${o(0)}, ${d.size}, ${align})`);
      }
      case 'llvm.getelementptr':
        return set(this.gep(op));
      case 'llvm.call':
        return this.call(op, K, res);
      case 'llvm.br':
        return this.emit(this.branchTo(op.successors[0], op.operands, true));
      case 'llvm.cond_br': {
        const t = this.branchTo(op.successors[0], branchOperands(op, 0), true);
        const f = this.branchTo(op.successors[1], branchOperands(op, 1), true);
        const fused = this.fused.get(op.operand(0));
        if (fused) return this.emit(`if (${fused}) ${t} else ${f}`);
        return this.emit(`if (${o(0)} === 1) ${t} else if (${o(0)} === 0) ${f} else $brP(${K}, ${o(0)});`);
      }
      case 'llvm.switch': {
        const cv = op.propertiesView.get('case_values');
        const vals = cv instanceof DenseIntOrFPElementsAttr ? cv.intValues() : [];
        const r = this.repr(op, op.operand(0).type);
        const lines = [`switch (${o(0)}) {`];
        vals.forEach((v, i) => lines.push(`  case ${intLit(r, v)}: ${this.branchTo(op.successors[i + 1], branchOperands(op, i + 1))}`));
        lines.push(`  default: if (${o(0)} instanceof $rt.Poison) $brP(${K}, ${o(0)}); ${this.branchTo(op.successors[0], branchOperands(op, 0))}`, '}');
        return this.emit(lines.join('\n'));
      }
      case 'llvm.return': {
        if (this.hasAlloca) this.emit('$m.restore($sp0);');
        return this.emit(op.numOperands ? `return ${o(0)};` : 'return;');
      }
      case 'llvm.va_arg': {
        const t = op.result(0).type;
        return set(`$rt.vaarg(${K}, ${o(0)}, ${this.mc.descId(t, op)}, ${t instanceof FloatType})`);
      }
      case 'llvm.unreachable':
        return this.emit(`$err(${K}, "reached an 'llvm.unreachable'");`);
    }
    this.unsupported(op);
  }

  /** A scalar comparison as a JS boolean expression (undefined for vectors). */
  private compareBool(op: Operation): string | undefined {
    const t = op.operand(0).type;
    if (t instanceof VectorType) return undefined;
    const a = this.ex(op.operand(0));
    const b = this.ex(op.operand(1));
    const p = Number((op.propertiesView.get('predicate') as IntegerAttr).value);
    if (op.opName === 'llvm.icmp') return cmpiBool(ICMP_PREDICATES[p], this.repr(op, t), a, b);
    return cmpfBool(FCMP_PREDICATES[p].replace(/^_/, ''), a, b);
  }
  /** Whether a comparison's only use is the conditional branch right after it (whose operands it cannot change). */
  private fusedCompare(op: Operation): boolean {
    const r = op.result(0);
    const next = op.next;
    return next !== null && next.opName === 'llvm.cond_br' && next.operand(0) === r && r.hasOneUse;
  }

  /** A scalar to store: a constant poison/undef is stored as zero (as the generic path stores poison). */
  private storedValue(v: Value): string {
    const def = v.definingOp;
    if (def && (def.opName === 'llvm.mlir.poison' || def.opName === 'llvm.mlir.undef')) return '0';
    return this.ex(v);
  }

  private gep(op: Operation): string {
    const raw = (op.propertiesView.get('rawConstantIndices') as DenseArrayAttr).values.map(Number);
    let t: Type = (op.propertiesView.get('elem_type') as TypeAttr).value;
    const terms: string[] = [this.ex(op.operand(0))];
    let constant = 0;
    let dyn = 1;
    const idx = (i: number): { c?: number; e?: string } => {
      if (raw[i] !== -2147483648) return { c: raw[i] };
      const v = op.operand(dyn++);
      const r = this.repr(op, v.type);
      const e = this.ex(v);
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
    for (let i = 1; i < raw.length; i++) {
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

  private call(op: Operation, K: number, res: string): void {
    const callee = op.propertiesView.get('callee');
    const assign = res ? `${res} = ` : '';
    if (!(callee instanceof SymbolRefAttr)) {
      const args = op.operands.slice(1).map((a) => this.ex(a));
      return this.emit(`${assign}$icall(${K}, ${this.ex(op.operand(0))}, [${args.join(', ')}]);`);
    }
    const args = op.operands.map((a) => this.ex(a));
    const f = this.mc.functions.get(callee.leaf);
    const ft = f ? llvmFunctionType(f.op) : undefined;
    if (f && ft?.varArg) {
      const n = ft.params.length;
      const extra = op.operands.slice(n).map((a) => `[${this.ex(a)}, ${this.mc.descId(a.type, op)}]`);
      return this.emit(`$cs = ${K}; ${assign}${f.js}(${[...args.slice(0, n), `[${extra.join(', ')}]`].join(', ')});`);
    }
    if (f) return this.emit(`$cs = ${K}; ${assign}${f.js}(${args.join(', ')});`);
    return this.emit(`${assign}$ext(${K}, ${JSON.stringify(callee.leaf)}, [${args.join(', ')}]);`);
  }

  private intrinsic(op: Operation, K: number, set: (e: string) => void, o: (i: number) => string): void {
    const short = op.opName.slice('llvm.intr.'.length);
    const ff = FLOAT_INTRINSICS[short];
    if (ff) {
      const t = op.result(0).type;
      const r = this.repr(op, elemOf(t));
      if (r.k !== 'float') this.unsupported(op);
      const args = op.operands.map((_, i) => o(i));
      return set(this.elementwise(t, args, (xs) => roundExpr(r.f, ff(xs[0], xs[1], xs[2]))));
    }
    const mm = INT_MINMAX[short];
    if (mm) {
      const t = op.result(0).type;
      const r = this.repr(op, elemOf(t));
      return set(this.elementwise(t, [o(0), o(1)], ([a, b]) => intBinary(mm, r, a, b, K)!));
    }
    switch (short) {
      case 'memcpy':
      case 'memmove':
        return this.emit(`$memcpy(${K}, ${o(0)}, ${o(1)}, ${o(2)});`);
      case 'memset':
        return this.emit(`$memset(${K}, ${o(0)}, ${o(1)}, ${o(2)});`);
      case 'stacksave':
        return set('$m.sp');
      case 'vastart':
        if (!this.varArg) this.unsupported(op, "'llvm.intr.vastart' outside of a variadic function");
        return this.emit(`$rt.vastart(${K}, ${o(0)}, $va, ${this.varArg.gp}, ${this.varArg.fp});`);
      case 'vaend':
        return;
      case 'vacopy':
        return this.emit(`$memcpy(${K}, ${o(0)}, ${o(1)}, 24);`);
      case 'stackrestore':
        return this.emit(`$m.restore(${o(0)});`);
      case 'abs':
      case 'ctlz':
      case 'cttz':
      case 'ctpop':
      case 'bswap':
      case 'bitreverse':
      case 'fshl':
      case 'fshr':
      case 'sadd.sat':
      case 'uadd.sat':
      case 'ssub.sat':
      case 'usub.sat':
      case 'sadd.with.overflow':
      case 'uadd.with.overflow':
      case 'ssub.with.overflow':
      case 'usub.with.overflow':
      case 'smul.with.overflow':
      case 'umul.with.overflow': {
        // Rare bit-manipulation intrinsics: exact BigInt arithmetic in the runtime.
        const t = elemOf(op.operand(0).type);
        if (!(t instanceof IntegerType)) this.unsupported(op);
        const zp = op.propertiesView.get(short === 'abs' ? 'is_int_min_poison' : 'is_zero_poison');
        const flag = zp instanceof IntegerAttr && zp.value !== 0n;
        const args = op.operands.map((_, i) => o(i));
        return set(this.elementwise(op.operand(0).type, args, (xs) => `$rt.intIntr(${K}, "${short}", ${t.width}, ${flag}, ${xs.join(', ')})`));
      }
      case 'assume':
      case 'lifetime.start':
      case 'lifetime.end':
      case 'experimental.noalias.scope.decl':
      case 'invariant.start':
      case 'invariant.end':
        return;
    }
    this.unsupported(op);
  }
}

