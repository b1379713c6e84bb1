// The LLVM dialect's operations, with the custom syntax mlir-opt 22 prints.

import type { Attribute, Type } from '../../ir/attributes.js';
import {
  ArrayAttr,
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  DictionaryAttr,
  ElementsAttr,
  FloatAttr,
  IntegerAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
} from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, VectorType } from '../../ir/builtin-types.js';
import { Traits, type OpDefinition } from '../../ir/context.js';
import type { CallableInterface } from '../../ir/interfaces.js';
import { fail, q } from '../../ir/context.js';
import { defineRawOp, type RawOpSpec } from '../../ods/index.js';
import { Region, type Operation, type Value } from '../../ir/operation.js';
import {
  AnyType,
  EnumAttr,
  SameOperandsAndResultType,
  defaultValuedAttr,
  defineOds,
  enumAttrConstraint,
  operand,
  result,
  typeConstraint,
  variadicOperand,
  variadicResult,
} from '../../ods/index.js';
import { lookupNearestSymbolFrom } from '../../ir/symbol-table.js';
import { Tok } from '../../syntax/lexer.js';
import type { Argument, OpAsmParser, OperationState, UnresolvedOperand } from '../../ir/op-asm.js';
import type { OpAsmPrinter } from '../../ir/op-asm.js';
import {
  CCONV_C,
  CConvDef,
  CCONVS,
  FASTMATH_NONE,
  FastmathDef,
  LINKAGES,
  LinkageDef,
  TAIL_NONE,
  TailCallKindDef,
  TAIL_CALL_KINDS,
  linkageAttr,
  linkageOf,
} from './attrs.js';
import {
  LLVMArrayType,
  LLVMFunctionType,
  LLVMPointerType,
  LLVMStructType,
  LLVMVoidType,
  aggregateElementType,
} from './types.js';

const i32 = (): IntegerType => IntegerType.get(32);
const i64 = (): IntegerType => IntegerType.get(64);
const intProp = (w: number, v: number): IntegerAttr => IntegerAttr.get(IntegerType.get(w), v);

function propNum(op: Operation, name: string): number {
  const a = op.propertiesView.get(name);
  return a instanceof IntegerAttr ? Number(a.value) : 0;
}

/** Prints the op's properties and attributes as one dictionary, without `elided` and default values. */
function printDict(p: OpAsmPrinter, op: Operation, elided: readonly string[], defaults: Readonly<Record<string, Attribute>> = {}, keyword = false): void {
  const entries: [string, Attribute][] = [];
  for (const [k, v] of op.propertiesView) if (!elided.includes(k) && defaults[k] !== v) entries.push([k, v]);
  for (const [k, v] of op.attributesView) if (!elided.includes(k)) entries.push([k, v]);
  if (keyword) p.printOptionalAttrDictWithKeyword(entries);
  else p.printOptionalAttrDict(entries);
}

function withDefaults(defaults: Readonly<Record<string, Attribute>>): (props: Map<string, Attribute>) => void {
  return (props) => {
    for (const k in defaults) if (!props.has(k)) props.set(k, defaults[k]);
  };
}

/**
 * An op definition with default-valued properties, required attributes (checked first, with
 * MLIR's "requires attribute" message) and attribute-sized operand segments (`segments`: the
 * number of groups, checked against the operand count as MLIR does).
 */
function spec(s: RawOpSpec & { defaults?: Readonly<Record<string, Attribute>>; required?: readonly string[]; segments?: boolean }): OpDefinition {
  const { defaults, required, segments, ...rest } = s;
  const attributes = [...(rest.attributes ?? []), ...Object.keys(defaults ?? {}).filter((k) => !(rest.attributes ?? []).includes(k))];
  const verify = rest.verify;
  return defineRawOp({
    ...rest,
    attributes,
    initProperties: defaults ? withDefaults(defaults) : rest.initProperties,
    verify(op, ctx) {
      for (const name of required ?? []) if (!op.propertiesView.has(name)) return fail(ctx, op, `requires attribute '${name}'`);
      if (segments) {
        const a = op.propertiesView.get('operandSegmentSizes');
        const total = a instanceof DenseArrayAttr ? a.values.reduce((x, y) => x + Number(y), 0) : 0;
        if (total !== op.numOperands)
          return fail(ctx, op, `operand count (${op.numOperands}) does not match with the total size (${total}) specified in attribute 'operandSegmentSizes'`);
      }
      return verify ? verify(op, ctx) : true;
    },
  });
}

function isIntLike(t: Type): boolean {
  return t instanceof IntegerType || (t instanceof VectorType && t.elementType instanceof IntegerType);
}
function isFloatLike(t: Type): boolean {
  return t instanceof FloatType || (t instanceof VectorType && t.elementType instanceof FloatType);
}
function i1Like(t: Type): Type {
  return t instanceof VectorType ? VectorType.get(t.shape, IntegerType.get(1), t.scalableDims) : IntegerType.get(1);
}

// ---- enum keywords in the custom syntax

const OVERFLOW = ['nsw', 'nuw'];
function parseOverflow(p: OpAsmParser, state: OperationState, name = 'overflowFlags'): void {
  if (!p.parseOptionalKeyword('overflow')) return;
  p.parseLess();
  let v = 0;
  do {
    const o = p.currentOffset();
    const k = p.parseOptionalKeyword(OVERFLOW);
    if (!k) p.error('expected one of [nsw, nuw]', o);
    v |= k === 'nsw' ? 1 : 2;
  } while (p.parseOptionalComma());
  p.parseGreater();
  state.attributes.set(name, intProp(32, v));
}
function printOverflow(p: OpAsmPrinter, op: Operation, name = 'overflowFlags'): void {
  const v = propNum(op, name);
  if (!v) return;
  const parts: string[] = [];
  if (v & 1) parts.push('nsw');
  if (v & 2) parts.push('nuw');
  p.write(` overflow<${parts.join(', ')}>`);
}

export const ICMP_PREDICATES = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];
export const FCMP_PREDICATES = ['_false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', '_true'];

/** `(type, ...)` */
function parseParenTypes(p: OpAsmParser): Type[] {
  const out: Type[] = [];
  p.parseLParen();
  if (p.parseOptionalRParen()) return out;
  do out.push(p.parseType());
  while (p.parseOptionalComma());
  p.parseRParen();
  return out;
}

// ---- shared op shapes

function parseOperandsOfType(p: OpAsmParser, state: OperationState, ops: UnresolvedOperand[], type: Type): void {
  state.operands = ops.map((o) => p.resolveOperand(o, type));
}

/** `$lhs, $rhs [overflow<...>] attr-dict : type` */
function binaryOp(name: string, opts: { overflow?: boolean; fastmath?: boolean; exact?: boolean; disjoint?: boolean; float?: boolean }): OpDefinition {
  const defaults: Record<string, Attribute> = {};
  if (opts.overflow) defaults.overflowFlags = intProp(32, 0);
  if (opts.fastmath) defaults.fastmathFlags = FASTMATH_NONE;
  const unitName = opts.exact ? 'isExact' : opts.disjoint ? 'isDisjoint' : undefined;
  const unitWord = opts.exact ? 'exact' : 'disjoint';
  return spec({
    name: `llvm.${name}`,
    traits: [Traits.Pure, ...(['add', 'mul', 'and', 'or', 'xor', 'fadd', 'fmul'].includes(name) ? [Traits.Commutative] : [])],
    attributes: unitName ? [unitName] : [],
    defaults,
    parse(p, state) {
      if (unitName && p.parseOptionalKeyword(unitWord)) state.attributes.set(unitName, UnitAttr.get());
      const a = p.parseOperand();
      p.parseComma();
      const b = p.parseOperand();
      if (opts.overflow) parseOverflow(p, state);
      p.parseOptionalAttrDict(state.attributes);
      const t = p.parseColonType();
      parseOperandsOfType(p, state, [a, b], t);
      state.types = [t];
    },
    print(p, op) {
      if (unitName && op.propertiesView.has(unitName)) p.write(' ' + unitWord);
      p.write(' ');
      p.printOperands(op.operands);
      if (opts.overflow) printOverflow(p, op);
      printDict(p, op, ['overflowFlags', ...(unitName ? [unitName] : [])], defaults);
      p.write(' : ');
      p.printType(op.result(0).type);
    },
    verify(op, ctx) {
      const t = op.result(0).type;
      const ok = opts.float ? isFloatLike(t) : isIntLike(t);
      if (!ok) return fail(ctx, op, `operand #0 must be ${opts.float ? 'floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type' : 'integer or LLVM dialect-compatible vector of integer'}, but got ${q(t)}`);
      for (const v of op.operands) if (v.type !== t) return fail(ctx, op, 'requires the same type for all operands and results');
      return true;
    },
  });
}

/** `$arg [nneg] [overflow<...>] attr-dict : type($arg) to type($res)` */
function castOp(name: string, opts: { nneg?: boolean; overflow?: boolean } = {}): OpDefinition {
  const defaults: Record<string, Attribute> = {};
  if (opts.overflow) defaults.overflowFlags = intProp(32, 0);
  return spec({
    name: `llvm.${name}`,
    traits: [Traits.Pure],
    attributes: opts.nneg ? ['nonNeg'] : [],
    defaults,
    parse(p, state) {
      if (opts.nneg && p.parseOptionalKeyword('nneg')) state.attributes.set('nonNeg', UnitAttr.get());
      const a = p.parseOperand();
      if (opts.overflow) parseOverflow(p, state);
      p.parseOptionalAttrDict(state.attributes);
      p.parseColon();
      const from = p.parseType();
      p.parseKeyword('to');
      const to = p.parseType();
      state.operands = [p.resolveOperand(a, from)];
      state.types = [to];
    },
    print(p, op) {
      if (opts.nneg && op.propertiesView.has('nonNeg')) p.write(' nneg');
      p.write(' ');
      p.printOperand(op.operand(0));
      if (opts.overflow) printOverflow(p, op);
      printDict(p, op, ['nonNeg', 'overflowFlags'], defaults);
      p.write(' : ');
      p.printType(op.operand(0).type);
      p.write(' to ');
      p.printType(op.result(0).type);
    },
  });
}

/** `llvm.mlir.poison/undef/zero : type` */
function markerOp(name: string): OpDefinition {
  return defineOds({
    name: `llvm.mlir.${name}`,
    traits: [Traits.Pure, Traits.ConstantLike],
    results: [result('res', AnyType)],
    assemblyFormat: 'attr-dict `:` type($res)',
  });
}

// ---- constants and globals

const ConstantOp = spec({
  name: 'llvm.mlir.constant',
  required: ['value'],
  traits: [Traits.Pure, Traits.ConstantLike],
  attributes: ['value'],
  parse(p, state) {
    p.parseLParen();
    state.attributes.set('value', p.parseAttribute());
    p.parseRParen();
    p.parseOptionalAttrDict(state.attributes);
    state.types = [p.parseColonType()];
  },
  print(p, op) {
    p.write('(');
    p.printAttribute(op.propertiesView.get('value')!);
    p.write(')');
    printDict(p, op, ['value']);
    p.write(' : ');
    p.printType(op.result(0).type);
  },
  verify(op, ctx) {
    const v = op.propertiesView.get('value');
    if (!v) return fail(ctx, op, "requires attribute 'value'");
    const t = op.result(0).type;
    if (v instanceof IntegerAttr) {
      if (!(t instanceof IntegerType)) return fail(ctx, op, 'expected integer type');
    } else if (v instanceof FloatAttr) {
      // A float may also initialize an integer of its width (its bit pattern).
      const w = v.type.width;
      if (t instanceof IntegerType) {
        if (t.width !== w) return fail(ctx, op, `expected integer type of width ${w}`);
      } else if (!(t instanceof FloatType)) return fail(ctx, op, 'expected float type');
    } else if (v instanceof ElementsAttr) {
      if (!(t instanceof VectorType || t instanceof LLVMArrayType)) return fail(ctx, op, 'expected vector or array type');
    } else if (v instanceof StringAttr) {
      const n = v.value.length;
      if (!(t instanceof LLVMArrayType && t.numElements === n && t.elementType === IntegerType.get(8)))
        return fail(ctx, op, `expected array type of ${n} i8 elements for the string constant`);
    } else if (!(v instanceof ArrayAttr)) return fail(ctx, op, 'only supports integer, float, string or elements attributes');
    return true;
  },
});

const AddressOfOp = spec({
  name: 'llvm.mlir.addressof',
  required: ['global_name'],
  traits: [Traits.Pure, Traits.ConstantLike],
  attributes: ['global_name'],
  parse(p, state) {
    state.attributes.set('global_name', SymbolRefAttr.get(p.parseSymbolName()));
    p.parseOptionalAttrDict(state.attributes);
    state.types = [p.parseColonType()];
  },
  print(p, op) {
    p.write(' ');
    p.printAttribute(op.propertiesView.get('global_name')!);
    printDict(p, op, ['global_name']);
    p.write(' : ');
    p.printType(op.result(0).type);
  },
  verify(op, ctx) {
    const ref = op.propertiesView.get('global_name');
    if (!(ref instanceof SymbolRefAttr)) return fail(ctx, op, "requires attribute 'global_name'");
    const target = lookupNearestSymbolFrom(op, ref);
    if (!target || (target.opName !== 'llvm.mlir.global' && target.opName !== 'llvm.func'))
      return fail(ctx, op, `must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'`);
    if (!(op.result(0).type instanceof LLVMPointerType)) return fail(ctx, op, `result #0 must be LLVM pointer type, but got ${q(op.result(0).type)}`);
    return true;
  },
});

const GLOBAL_DEFAULTS: Record<string, Attribute> = {
  addr_space: intProp(32, 0),
  unnamed_addr: intProp(64, 0),
  visibility_: intProp(64, 0),
};

const GlobalOp = spec({
  name: 'llvm.mlir.global',
  required: ['global_type', 'linkage', 'sym_name'],
  traits: [Traits.Symbol, Traits.IsolatedFromAbove, Traits.SingleBlock],
  attributes: ['global_type', 'constant', 'sym_name', 'linkage', 'dso_local', 'thread_local_', 'externally_initialized', 'value', 'alignment', 'section', 'comdat', 'dbg_exprs', 'target_specific_attrs'],
  defaults: GLOBAL_DEFAULTS,
  parse(p, state) {
    const l = p.parseOptionalKeyword(LINKAGES as unknown as string[]);
    state.attributes.set('linkage', linkageAttr((l ?? 'external') as (typeof LINKAGES)[number]));
    for (;;) {
      const k = p.parseOptionalKeyword(['thread_local', 'unnamed_addr', 'local_unnamed_addr', 'constant', 'hidden', 'protected', 'default']);
      if (!k) break;
      if (k === 'constant') state.attributes.set('constant', UnitAttr.get());
      else if (k === 'thread_local') state.attributes.set('thread_local_', UnitAttr.get());
      else if (k === 'unnamed_addr') state.attributes.set('unnamed_addr', intProp(64, 2));
      else if (k === 'local_unnamed_addr') state.attributes.set('unnamed_addr', intProp(64, 1));
      else if (k === 'hidden') state.attributes.set('visibility_', intProp(64, 1));
      else if (k === 'protected') state.attributes.set('visibility_', intProp(64, 2));
    }
    state.attributes.set('sym_name', StringAttr.get(p.parseSymbolName()));
    p.parseLParen();
    let value: Attribute | undefined;
    if (!p.parseOptionalRParen()) {
      value = p.parseAttribute();
      state.attributes.set('value', value);
      p.parseRParen();
    }
    p.parseOptionalAttrDict(state.attributes);
    let type: Type | undefined;
    if (p.parseOptionalColon()) type = p.parseType();
    else if (value instanceof StringAttr) type = LLVMArrayType.get(value.value.length, IntegerType.get(8));
    else p.error('type can only be omitted for string globals');
    state.attributes.set('global_type', TypeAttr.get(type!));
    const r = state.addRegion(new Region());
    p.parseOptionalRegion(r);
  },
  print(p, op) {
    const props = op.propertiesView;
    p.write(' ' + linkageOf(props.get('linkage')) + ' ');
    const vis = propNum(op, 'visibility_');
    if (vis) p.write(vis === 1 ? 'hidden ' : 'protected ');
    if (props.has('thread_local_')) p.write('thread_local ');
    const ua = propNum(op, 'unnamed_addr');
    if (ua) p.write(ua === 2 ? 'unnamed_addr ' : 'local_unnamed_addr ');
    if (props.has('constant')) p.write('constant ');
    p.printSymbolName((props.get('sym_name') as StringAttr).value);
    p.write('(');
    const v = props.get('value');
    if (v) p.printAttribute(v);
    p.write(')');
    printDict(p, op, ['sym_name', 'global_type', 'constant', 'value', 'linkage', 'unnamed_addr', 'visibility_', 'thread_local_', 'comdat'], {
      unnamed_addr: GLOBAL_DEFAULTS.unnamed_addr,
      visibility_: GLOBAL_DEFAULTS.visibility_,
    });
    const type = (props.get('global_type') as TypeAttr).value;
    const strType = v instanceof StringAttr && type === LLVMArrayType.get(v.value.length, IntegerType.get(8));
    if (!strType) {
      p.write(' : ');
      p.printType(type);
    }
    if (!op.regions[0].empty) {
      p.write(' ');
      p.printRegion(op.regions[0], { printEntryBlockArgs: false });
    }
  },
  verify(op, ctx) {
    const hasValue = op.propertiesView.has('value');
    if (hasValue && !op.regions[0].empty) return fail(ctx, op, 'cannot have both initializer value and region');
    return true;
  },
});

function ctorsOp(kind: 'ctors' | 'dtors'): OpDefinition {
  return spec({
    name: `llvm.mlir.global_${kind}`,
    required: [kind, 'priorities', 'data'],
    attributes: [kind, 'priorities', 'data'],
    parse(p, state) {
      for (const [i, key] of [kind, 'priorities', 'data'].entries()) {
        if (i) p.parseComma();
        p.parseKeyword(key);
        p.parseEqual();
        state.attributes.set(key, p.parseAttribute());
      }
      p.parseOptionalAttrDict(state.attributes);
    },
    print(p, op) {
      [kind, 'priorities', 'data'].forEach((key, i) => {
        p.write(i ? ', ' : ' ');
        p.write(key + ' = ');
        p.printAttribute(op.propertiesView.get(key) ?? ArrayAttr.get([]));
      });
      printDict(p, op, [kind, 'priorities', 'data']);
    },
    verify(op, ctx) {
      const fns = op.propertiesView.get(kind);
      const prios = op.propertiesView.get('priorities');
      if (!(fns instanceof ArrayAttr) || !(prios instanceof ArrayAttr)) return fail(ctx, op, `requires attributes '${kind}' and 'priorities'`);
      if (fns.elements.length !== prios.elements.length) return fail(ctx, op, `mismatch between the number of ${kind.slice(0, -1)}s and the number of priorities`);
      for (const f of fns.elements) {
        if (!(f instanceof SymbolRefAttr) || lookupNearestSymbolFrom(op, f)?.opName !== 'llvm.func') return fail(ctx, op, `'${f.key}' does not reference a valid LLVM function`);
      }
      return true;
    },
  });
}

// ---- functions

const FUNC_DEFAULTS: Record<string, Attribute> = {
  CConv: CCONV_C,
  unnamed_addr: intProp(64, 0),
  visibility_: intProp(64, 0),
};

export function llvmFunctionType(op: Operation): LLVMFunctionType | undefined {
  const a = op.propertiesView.get('function_type');
  return a instanceof TypeAttr && a.value instanceof LLVMFunctionType ? a.value : undefined;
}

/** The result types of an LLVM function type: none for void. */
export function llvmResults(t: LLVMFunctionType): Type[] {
  return t.returnType instanceof LLVMVoidType ? [] : [t.returnType];
}

const FuncOp = spec({
  name: 'llvm.func',
  required: ['function_type', 'sym_name'],
  traits: [Traits.IsolatedFromAbove, Traits.Symbol, Traits.AffineScope],
  attributes: [
    'sym_name',
    'sym_visibility',
    'function_type',
    'linkage',
    'dso_local',
    'comdat',
    'convergent',
    'personality',
    'garbageCollector',
    'passthrough',
    'arg_attrs',
    'res_attrs',
    'function_entry_count',
    'memory_effects',
    'arm_streaming',
    'section',
    'alignment',
    'vscale_range',
    'frame_pointer',
    'target_cpu',
    'tune_cpu',
    'target_features',
    'no_inline',
    'always_inline',
    'no_unwind',
    'will_return',
    'optimize_none',
    'intel_offload_entry',
    'instrument_function_entry',
    'instrument_function_exit',
    'no_signed_zeros_fp_math',
    'denormal_fp_math',
    'fp_contract',
    'uwtable_kind',
    'reciprocal_estimates',
    'prefer_vector_width',
    'target_specific_attrs',
    'unsafe_fp_math',
    'no_infs_fp_math',
    'no_nans_fp_math',
    'approx_func_fp_math',
    'use_sample_profile',
    'modular_format',
  ],
  defaults: FUNC_DEFAULTS,
  interfaces: {
    Callable: {
      getCallableRegion: (op) => (op.regions[0].empty ? undefined : op.regions[0]),
      getArgumentTypes: (op) => [...(llvmFunctionType(op)?.params ?? [])],
      getResultTypes: (op) => {
        const t = llvmFunctionType(op);
        return t ? llvmResults(t) : [];
      },
    } satisfies CallableInterface,
  },
  parse(p, state) {
    const l = p.parseOptionalKeyword(LINKAGES as unknown as string[]);
    state.attributes.set('linkage', linkageAttr((l ?? 'external') as (typeof LINKAGES)[number]));
    for (;;) {
      const k = p.parseOptionalKeyword(['hidden', 'protected', 'default', 'unnamed_addr', 'local_unnamed_addr', ...CCONVS]);
      if (!k) break;
      if (k === 'hidden') state.attributes.set('visibility_', intProp(64, 1));
      else if (k === 'protected') state.attributes.set('visibility_', intProp(64, 2));
      else if (k === 'unnamed_addr') state.attributes.set('unnamed_addr', intProp(64, 2));
      else if (k === 'local_unnamed_addr') state.attributes.set('unnamed_addr', intProp(64, 1));
      else if (k !== 'default') state.attributes.set('CConv', EnumAttr.get(CConvDef, CCONVS.indexOf(k as (typeof CCONVS)[number])));
    }
    state.attributes.set('sym_name', StringAttr.get(p.parseSymbolName()));
    // Signature: (args | types [, ...]) [-> result]
    const args: Argument[] = [];
    const argAttrs: DictionaryAttr[] = [];
    let varArg = false;
    p.parseLParen();
    if (!p.parseOptionalRParen()) {
      do {
        if (p.parseOptionalEllipsis()) {
          varArg = true;
          break;
        }
        const named = p.parseOptionalArgument(true, true);
        if (named) {
          args.push(named);
          argAttrs.push(named.attrs instanceof DictionaryAttr ? named.attrs : DictionaryAttr.get([]));
        } else {
          const offset = p.currentOffset();
          const type = p.parseType();
          const attrs = new Map<string, Attribute>();
          p.parseOptionalAttrDict(attrs);
          args.push({ ssaName: { name: '', number: 0, offset }, type });
          argAttrs.push(DictionaryAttr.get([...attrs.entries()]));
        }
      } while (p.parseOptionalComma());
      p.parseRParen();
    }
    let result: Type = LLVMVoidType.get();
    let resAttrs: DictionaryAttr | undefined;
    if (p.parseOptionalArrow()) {
      const paren = p.parseOptionalLParen();
      // `-> ()` is void.
      if (!(paren && p.parseOptionalRParen())) {
        result = p.parseType();
        const attrs = new Map<string, Attribute>();
        if (paren) {
          p.parseOptionalAttrDict(attrs);
          p.parseRParen();
        }
        if (attrs.size) resAttrs = DictionaryAttr.get([...attrs.entries()]);
      }
    }
    state.attributes.set('function_type', TypeAttr.get(LLVMFunctionType.get(result, args.map((a) => a.type), varArg)));
    const parsed = new Map<string, Attribute>();
    p.parseOptionalAttrDictWithKeyword(parsed);
    for (const [k, v] of parsed) state.attributes.set(k, v);
    if (argAttrs.some((d) => d.entries.length)) state.attributes.set('arg_attrs', ArrayAttr.get(argAttrs));
    if (resAttrs) state.attributes.set('res_attrs', ArrayAttr.get([resAttrs]));
    const body = state.addRegion(new Region());
    const offset = p.currentOffset();
    if (p.parseOptionalRegion(body, args.every((a) => a.ssaName.name !== '') ? args : []) && body.empty) p.error('expected non-empty function body', offset);
  },
  print(p, op) {
    const props = op.propertiesView;
    const ft = llvmFunctionType(op)!;
    p.write(' ');
    const linkage = linkageOf(props.get('linkage'));
    if (linkage !== 'external') p.write(linkage + ' ');
    const vis = propNum(op, 'visibility_');
    if (vis) p.write(vis === 1 ? 'hidden ' : 'protected ');
    const ua = propNum(op, 'unnamed_addr');
    if (ua) p.write(ua === 2 ? 'unnamed_addr ' : 'local_unnamed_addr ');
    const cc = props.get('CConv');
    if (cc instanceof EnumAttr && cc.value !== 0) p.write(CCONVS[cc.value] + ' ');
    p.printSymbolName((props.get('sym_name') as StringAttr).value);
    const body = op.regions[0];
    const argAttrs = props.get('arg_attrs');
    p.write('(');
    ft.params.forEach((t, i) => {
      if (i) p.write(', ');
      const attrs = argAttrs instanceof ArrayAttr ? argAttrs.elements[i] : undefined;
      if (!body.empty) p.printRegionArgument(body.entry.args[i], attrs);
      else {
        p.printType(t);
        if (attrs instanceof DictionaryAttr) p.printOptionalAttrDict(attrs.entries);
      }
    });
    if (ft.varArg) p.write(ft.params.length ? ', ...' : '...');
    p.write(')');
    if (!(ft.returnType instanceof LLVMVoidType)) {
      p.write(' -> ');
      const resAttrs = props.get('res_attrs');
      const d = resAttrs instanceof ArrayAttr ? resAttrs.elements[0] : undefined;
      if (d instanceof DictionaryAttr && d.entries.length) {
        p.write('(');
        p.printType(ft.returnType);
        p.printOptionalAttrDict(d.entries);
        p.write(')');
      } else p.printType(ft.returnType);
    }
    printDict(p, op, ['sym_name', 'function_type', 'linkage', 'CConv', 'visibility_', 'comdat', 'unnamed_addr', 'vscale_range', 'arg_attrs', 'res_attrs'], {}, true);
    if (!body.empty) {
      p.write(' ');
      p.printRegion(body, { printEntryBlockArgs: false, printBlockTerminators: true });
    }
  },
  getAsmBlockArgumentNames() {},
  verify(op, ctx) {
    const ft = llvmFunctionType(op);
    if (!ft) return fail(ctx, op, "requires attribute 'function_type'");
    const linkage = linkageOf(op.propertiesView.get('linkage'));
    const body = op.regions[0];
    if (body.empty) {
      if (linkage !== 'external' && linkage !== 'extern_weak') return fail(ctx, op, "external functions must have 'external' or 'extern_weak' linkage");
      return true;
    }
    if (linkage === 'extern_weak') return fail(ctx, op, "functions cannot have 'extern_weak' linkage");
    const entry = body.entry;
    if (entry.args.length !== ft.params.length) return fail(ctx, op, `entry block must have ${ft.params.length} arguments to match function signature`);
    for (let i = 0; i < ft.params.length; i++)
      if (entry.args[i].type !== ft.params[i]) return fail(ctx, op, `entry block argument #${i} does not match the function signature`);
    return true;
  },
});

const ReturnOp = spec({
  name: 'llvm.return',
  traits: [Traits.IsTerminator, Traits.ReturnLike, Traits.Pure],
  parse(p, state) {
    const v = p.parseOptionalOperand();
    if (v) {
      const t = p.parseColonType();
      state.operands = [p.resolveOperand(v, t)];
    }
    p.parseOptionalAttrDict(state.attributes);
  },
  print(p, op) {
    if (op.numOperands) {
      p.write(' ');
      p.printOperand(op.operand(0));
      p.write(' : ');
      p.printType(op.operand(0).type);
    }
    printDict(p, op, []);
  },
  verify(op, ctx) {
    if (op.numOperands > 1) return fail(ctx, op, 'expects at most 1 operand');
    const parent = op.parentOp;
    if (parent?.opName !== 'llvm.func') return true;
    const ft = llvmFunctionType(parent);
    if (!ft) return true;
    if (ft.returnType instanceof LLVMVoidType) {
      if (op.numOperands) return fail(ctx, op, 'expected no operands');
    } else {
      if (!op.numOperands) return fail(ctx, op, 'expected 1 operand');
      if (op.operand(0).type !== ft.returnType) return fail(ctx, op, `mismatching result types`);
    }
    return true;
  },
});

const UnreachableOp = defineOds({
  name: 'llvm.unreachable',
  traits: [Traits.IsTerminator],
  assemblyFormat: 'attr-dict',
});

// ---- calls

const CALL_DEFAULTS: Record<string, Attribute> = {
  CConv: CCONV_C,
  TailCallKind: TAIL_NONE,
  fastmathFlags: FASTMATH_NONE,
  op_bundle_sizes: DenseArrayAttr.get(IntegerType.get(32), []),
};

const CallOp = spec({
  name: 'llvm.call',
  segments: true,
  attributes: ['callee', 'var_callee_type', 'operandSegmentSizes', 'branch_weights', 'access_groups', 'alias_scopes', 'noalias_scopes', 'tbaa', 'no_inline', 'always_inline', 'inline_hint', 'convergent', 'no_unwind', 'will_return', 'memory_effects', 'arg_attrs', 'res_attrs', 'op_bundle_tags'],
  defaults: CALL_DEFAULTS,
  parse(p, state) {
    const cc = p.parseOptionalKeyword(CCONVS as unknown as string[]);
    if (cc) state.attributes.set('CConv', EnumAttr.get(CConvDef, CCONVS.indexOf(cc as (typeof CCONVS)[number])));
    const tk = p.parseOptionalKeyword(['notail', 'tail', 'musttail']);
    if (tk) state.attributes.set('TailCallKind', EnumAttr.get(TailCallKindDef, TAIL_CALL_KINDS.indexOf(tk as (typeof TAIL_CALL_KINDS)[number])));
    const calleeName = p.parseOptionalSymbolName();
    let calleeOperand: UnresolvedOperand | undefined;
    if (calleeName !== undefined) state.attributes.set('callee', SymbolRefAttr.get(calleeName));
    else calleeOperand = p.parseOperand();
    const args = p.parseOperandList('paren');
    if (p.parseOptionalKeyword('vararg')) {
      p.parseLParen();
      state.attributes.set('var_callee_type', TypeAttr.get(p.parseType()));
      p.parseRParen();
    }
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    let calleeType: Type | undefined;
    if (calleeOperand) {
      calleeType = p.parseType();
      p.parseComma();
    }
    const offset = p.currentOffset();
    const inputs = parseParenTypes(p);
    const results = p.parseArrowTypeList();
    const operands = calleeOperand ? [p.resolveOperand(calleeOperand, calleeType!)] : [];
    operands.push(...p.resolveOperands(args, inputs, offset));
    state.operands = operands;
    state.types = results;
    state.attributes.set('operandSegmentSizes', DenseArrayAttr.get(IntegerType.get(32), [BigInt(operands.length), 0n]));
  },
  print(p, op) {
    const props = op.propertiesView;
    const cc = props.get('CConv');
    if (cc instanceof EnumAttr && cc.value !== 0) p.write(' ' + CCONVS[cc.value]);
    const tk = props.get('TailCallKind');
    if (tk instanceof EnumAttr && tk.value !== 0) p.write(' ' + TAIL_CALL_KINDS[tk.value]);
    const callee = props.get('callee');
    p.write(' ');
    let args = op.operands;
    if (callee) p.printAttribute(callee);
    else {
      p.printOperand(op.operand(0));
      args = op.operands.slice(1);
    }
    p.write('(');
    p.printOperands(args);
    p.write(')');
    const vt = props.get('var_callee_type');
    if (vt instanceof TypeAttr) {
      p.write(' vararg(');
      p.printType(vt.value);
      p.write(')');
    }
    printDict(p, op, ['callee', 'var_callee_type', 'operandSegmentSizes', 'CConv', 'TailCallKind', 'op_bundle_sizes', 'op_bundle_tags'], CALL_DEFAULTS);
    p.write(' : ');
    if (!callee) {
      p.printType(op.operand(0).type);
      p.write(', ');
    }
    p.printFunctionType(
      args.map((a) => a.type),
      op.results.map((r) => r.type),
    );
  },
  verify(op, ctx) {
    const callee = op.propertiesView.get('callee');
    if (!(callee instanceof SymbolRefAttr)) return true;
    const fn = lookupNearestSymbolFrom(op, callee);
    if (!fn || fn.opName !== 'llvm.func') return fail(ctx, op, `'${callee.leaf}' does not reference a symbol in the current scope`);
    const ft = llvmFunctionType(fn);
    if (!ft) return true;
    const n = op.numOperands;
    if (ft.varArg ? n < ft.params.length : n !== ft.params.length) return fail(ctx, op, 'incorrect number of operands for callee');
    for (let i = 0; i < ft.params.length; i++)
      if (op.operand(i).type !== ft.params[i])
        return fail(ctx, op, `operand type mismatch for operand ${i}: ${q(op.operand(i).type)} != ${q(ft.params[i])}`);
    const res = llvmResults(ft);
    if (res.length !== op.numResults || (res.length && res[0] !== op.result(0).type)) return fail(ctx, op, 'result type mismatch');
    return true;
  },
});

// ---- control flow

const BrOp = spec({
  name: 'llvm.br',
  traits: [Traits.IsTerminator, Traits.Pure],
  attributes: ['loop_annotation'],
  parse(p, state) {
    const { block, operands } = p.parseSuccessorAndUseList();
    state.successors = [block];
    state.operands = operands;
    p.parseOptionalAttrDict(state.attributes);
  },
  print(p, op) {
    p.write(' ');
    p.printSuccessorAndUseList(op.successors[0], op.operands);
    printDict(p, op, []);
  },
});

const CondBrOp = spec({
  name: 'llvm.cond_br',
  segments: true,
  traits: [Traits.IsTerminator, Traits.Pure],
  attributes: ['operandSegmentSizes', 'branch_weights', 'loop_annotation'],
  parse(p, state) {
    const c = p.parseOperand();
    p.parseComma();
    if (p.parseOptionalKeyword('weights')) {
      p.parseLParen();
      state.attributes.set('branch_weights', p.parseAttribute());
      p.parseRParen();
      p.parseComma();
    }
    const t = p.parseSuccessorAndUseList();
    p.parseComma();
    const f = p.parseSuccessorAndUseList();
    state.successors = [t.block, f.block];
    state.operands = [p.resolveOperand(c, IntegerType.get(1)), ...t.operands, ...f.operands];
    state.attributes.set('operandSegmentSizes', DenseArrayAttr.get(IntegerType.get(32), [1n, BigInt(t.operands.length), BigInt(f.operands.length)]));
    p.parseOptionalAttrDict(state.attributes);
  },
  print(p, op) {
    const seg = (op.propertiesView.get('operandSegmentSizes') as DenseArrayAttr).values.map(Number);
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write(', ');
    const w = op.propertiesView.get('branch_weights');
    if (w) {
      p.write('weights(');
      p.printAttribute(w);
      p.write('), ');
    }
    p.printSuccessorAndUseList(op.successors[0], op.operands.slice(1, 1 + seg[1]));
    p.write(', ');
    p.printSuccessorAndUseList(op.successors[1], op.operands.slice(1 + seg[1]));
    printDict(p, op, ['operandSegmentSizes', 'branch_weights']);
  },
});

/** Successor operands of a branch op (for the engine). */
export function branchOperands(op: Operation, index: number): Value[] {
  if (op.opName === 'llvm.br') return op.operands;
  const seg = (op.propertiesView.get('operandSegmentSizes') as DenseArrayAttr).values.map(Number);
  if (op.opName === 'llvm.cond_br') return index === 0 ? op.operands.slice(1, 1 + seg[1]) : op.operands.slice(1 + seg[1]);
  // llvm.switch: value, defaultOperands, caseOperands (split by case_operand_segments)
  if (index === 0) return op.operands.slice(1, 1 + seg[1]);
  const cs = (op.propertiesView.get('case_operand_segments') as DenseArrayAttr).values.map(Number);
  let start = 1 + seg[1];
  for (let i = 0; i < index - 1; i++) start += cs[i];
  return op.operands.slice(start, start + cs[index - 1]);
}

const SwitchOp = spec({
  name: 'llvm.switch',
  segments: true,
  required: ['case_operand_segments'],
  traits: [Traits.IsTerminator, Traits.Pure],
  attributes: ['case_values', 'case_operand_segments', 'operandSegmentSizes', 'branch_weights'],
  parse(p, state) {
    const v = p.parseOperand();
    const t = p.parseColonType();
    p.parseComma();
    const def = p.parseSuccessorAndUseList();
    const values: bigint[] = [];
    const blocks = [def.block];
    const caseOps: Value[] = [];
    const segs: bigint[] = [];
    p.parseLSquare();
    if (!p.parseOptionalRSquare()) {
      do {
        const neg = p.parseOptionalMinus();
        const n = p.parseInteger();
        values.push(neg ? -n : n);
        p.parseColon();
        const s = p.parseSuccessorAndUseList();
        blocks.push(s.block);
        caseOps.push(...s.operands);
        segs.push(BigInt(s.operands.length));
      } while (p.parseOptionalComma());
      p.parseRSquare();
    }
    p.parseOptionalAttrDict(state.attributes);
    state.operands = [p.resolveOperand(v, t), ...def.operands, ...caseOps];
    state.successors = blocks;
    if (values.length) state.attributes.set('case_values', DenseIntOrFPElementsAttr.get(VectorType.get([values.length], t), values));
    state.attributes.set('case_operand_segments', DenseArrayAttr.get(IntegerType.get(32), segs));
    state.attributes.set('operandSegmentSizes', DenseArrayAttr.get(IntegerType.get(32), [1n, BigInt(def.operands.length), BigInt(caseOps.length)]));
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write(' : ');
    p.printType(op.operand(0).type);
    p.write(', ');
    p.printSuccessorAndUseList(op.successors[0], branchOperands(op, 0));
    p.write(' [');
    const cv = op.propertiesView.get('case_values');
    const vals = cv instanceof DenseIntOrFPElementsAttr ? cv.intValues() : [];
    p.increaseIndent();
    vals.forEach((v, i) => {
      if (i) p.write(',');
      p.printNewline();
      p.write(`${v}: `);
      p.printSuccessorAndUseList(op.successors[i + 1], branchOperands(op, i + 1));
    });
    p.decreaseIndent();
    if (vals.length) p.printNewline();
    p.write(']');
    printDict(p, op, ['case_values', 'case_operand_segments', 'operandSegmentSizes']);
  },
});

// ---- aggregates and vectors

function parsePosition(p: OpAsmParser): number[] {
  const pos: number[] = [];
  p.parseLSquare();
  do {
    const neg = p.parseOptionalMinus();
    const v = Number(p.parseInteger());
    pos.push(neg ? -v : v);
  } while (p.parseOptionalComma());
  p.parseRSquare();
  return pos;
}
function positionOf(op: Operation): number[] {
  const a = op.propertiesView.get('position');
  return a instanceof DenseArrayAttr ? a.values.map(Number) : [];
}

const ExtractValueOp = spec({
  name: 'llvm.extractvalue',
  required: ['position'],
  traits: [Traits.Pure],
  attributes: ['position'],
  parse(p, state) {
    const c = p.parseOperand();
    const offset = p.currentOffset();
    const pos = parsePosition(p);
    state.attributes.set('position', DenseArrayAttr.getI64(pos));
    p.parseOptionalAttrDict(state.attributes);
    const t = p.parseColonType();
    const r = aggregateElementType(t, pos);
    if (!r) p.error(`position out of bounds: ${pos.join(', ')}`, offset);
    state.operands = [p.resolveOperand(c, t)];
    state.types = [r!];
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write(`[${positionOf(op).join(', ')}]`);
    printDict(p, op, ['position']);
    p.write(' : ');
    p.printType(op.operand(0).type);
    p.write(' ');
  },
  verify(op, ctx) {
    const r = aggregateElementType(op.operand(0).type, positionOf(op));
    if (!r) return fail(ctx, op, 'invalid position');
    if (r !== op.result(0).type) return fail(ctx, op, `Type mismatch: extracting from ${q(op.operand(0).type)} should produce ${q(r)} but this op returns ${q(op.result(0).type)}`);
    return true;
  },
});

const InsertValueOp = spec({
  name: 'llvm.insertvalue',
  required: ['position'],
  traits: [Traits.Pure],
  attributes: ['position'],
  parse(p, state) {
    const v = p.parseOperand();
    p.parseComma();
    const c = p.parseOperand();
    const offset = p.currentOffset();
    const pos = parsePosition(p);
    state.attributes.set('position', DenseArrayAttr.getI64(pos));
    p.parseOptionalAttrDict(state.attributes);
    const t = p.parseColonType();
    const e = aggregateElementType(t, pos);
    if (!e) p.error(`position out of bounds: ${pos.join(', ')}`, offset);
    state.operands = [p.resolveOperand(c, t), p.resolveOperand(v, e!)];
    state.types = [t];
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(1));
    p.write(', ');
    p.printOperand(op.operand(0));
    p.write(`[${positionOf(op).join(', ')}]`);
    printDict(p, op, ['position']);
    p.write(' : ');
    p.printType(op.operand(0).type);
    p.write(' ');
  },
  verify(op, ctx) {
    const e = aggregateElementType(op.operand(0).type, positionOf(op));
    if (!e) return fail(ctx, op, 'invalid position');
    if (e !== op.operand(1).type) return fail(ctx, op, `Type mismatch: cannot insert ${q(op.operand(1).type)} into ${q(op.operand(0).type)}`);
    return true;
  },
});

const ExtractElementOp = spec({
  name: 'llvm.extractelement',
  traits: [Traits.Pure],
  parse(p, state) {
    const v = p.parseOperand();
    p.parseLSquare();
    const i = p.parseOperand();
    const it = p.parseColonType();
    p.parseRSquare();
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    const offset = p.currentOffset();
    const vt = p.parseType();
    if (!(vt instanceof VectorType)) p.error(`invalid kind of type specified: expected builtin.vector, but found ${q(vt)}`, offset);
    state.operands = [p.resolveOperand(v, vt), p.resolveOperand(i, it)];
    state.types = [vt instanceof VectorType ? vt.elementType : vt];
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write('[');
    p.printOperand(op.operand(1));
    p.write(' : ');
    p.printType(op.operand(1).type);
    p.write(']');
    printDict(p, op, []);
    p.write(' : ');
    p.printType(op.operand(0).type);
  },
});

const InsertElementOp = spec({
  name: 'llvm.insertelement',
  traits: [Traits.Pure],
  parse(p, state) {
    const e = p.parseOperand();
    p.parseComma();
    const v = p.parseOperand();
    p.parseLSquare();
    const i = p.parseOperand();
    const it = p.parseColonType();
    p.parseRSquare();
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    const offset = p.currentOffset();
    const vt = p.parseType();
    if (!(vt instanceof VectorType)) p.error(`invalid kind of type specified: expected builtin.vector, but found ${q(vt)}`, offset);
    // Operands: vector, value, position.
    state.operands = [p.resolveOperand(v, vt), p.resolveOperand(e, vt instanceof VectorType ? vt.elementType : vt), p.resolveOperand(i, it)];
    state.types = [vt];
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(1));
    p.write(', ');
    p.printOperand(op.operand(0));
    p.write('[');
    p.printOperand(op.operand(2));
    p.write(' : ');
    p.printType(op.operand(2).type);
    p.write(']');
    printDict(p, op, []);
    p.write(' : ');
    p.printType(op.operand(0).type);
  },
});

const ShuffleVectorOp = spec({
  name: 'llvm.shufflevector',
  required: ['mask'],
  traits: [Traits.Pure],
  attributes: ['mask'],
  parse(p, state) {
    const a = p.parseOperand();
    p.parseComma();
    const b = p.parseOperand();
    const mask: number[] = [];
    p.parseLSquare();
    if (!p.parseOptionalRSquare()) {
      do {
        const neg = p.parseOptionalMinus();
        const v = Number(p.parseInteger());
        mask.push(neg ? -v : v);
      } while (p.parseOptionalComma());
      p.parseRSquare();
    }
    state.attributes.set('mask', DenseArrayAttr.get(IntegerType.get(32), mask.map(BigInt)));
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    const offset = p.currentOffset();
    const t = p.parseType();
    if (!(t instanceof VectorType)) p.error(`invalid kind of type specified: expected builtin.vector, but found ${q(t)}`, offset);
    state.operands = [p.resolveOperand(a, t), p.resolveOperand(b, t)];
    const et = t instanceof VectorType ? t.elementType : t;
    state.types = [VectorType.get([mask.length], et)];
  },
  print(p, op) {
    p.write(' ');
    p.printOperands(op.operands);
    const m = op.propertiesView.get('mask') as DenseArrayAttr;
    p.write(` [${m.values.join(', ')}]`);
    printDict(p, op, ['mask']);
    p.write(' : ');
    p.printType(op.operand(0).type);
    p.write(' ');
  },
});

// ---- memory

const MEM_DEFAULTS: Record<string, Attribute> = { ordering: intProp(64, 0) };
const LOAD_STORE_ELIDED = ['volatile_', 'ordering', 'syncscope', 'invariant', 'invariantGroup'];

const LoadOp = spec({
  name: 'llvm.load',
  attributes: ['alignment', 'volatile_', 'nontemporal', 'invariant', 'invariantGroup', 'syncscope', 'access_groups', 'alias_scopes', 'noalias_scopes', 'tbaa', 'dereferenceable'],
  defaults: MEM_DEFAULTS,
  parse(p, state) {
    if (p.parseOptionalKeyword('volatile')) state.attributes.set('volatile_', UnitAttr.get());
    const a = p.parseOperand();
    if (p.parseOptionalKeyword('invariant')) state.attributes.set('invariant', UnitAttr.get());
    if (p.parseOptionalKeyword('invariant_group')) state.attributes.set('invariantGroup', UnitAttr.get());
    p.parseOptionalAttrDict(state.attributes);
    const pt = p.parseColonType();
    p.parseArrow();
    const t = p.parseType();
    state.operands = [p.resolveOperand(a, pt)];
    state.types = [t];
  },
  print(p, op) {
    if (op.propertiesView.has('volatile_')) p.write(' volatile');
    p.write(' ');
    p.printOperand(op.operand(0));
    if (op.propertiesView.has('invariant')) p.write(' invariant');
    if (op.propertiesView.has('invariantGroup')) p.write(' invariant_group');
    printDict(p, op, LOAD_STORE_ELIDED, MEM_DEFAULTS);
    p.write(' : ');
    p.printType(op.operand(0).type);
    p.write(' -> ');
    p.printType(op.result(0).type);
  },
  verify(op, ctx) {
    if (!(op.operand(0).type instanceof LLVMPointerType)) return fail(ctx, op, `operand #0 must be LLVM pointer type, but got ${q(op.operand(0).type)}`);
    return true;
  },
});

const StoreOp = spec({
  name: 'llvm.store',
  attributes: ['alignment', 'volatile_', 'nontemporal', 'invariantGroup', 'syncscope', 'access_groups', 'alias_scopes', 'noalias_scopes', 'tbaa'],
  defaults: MEM_DEFAULTS,
  parse(p, state) {
    if (p.parseOptionalKeyword('volatile')) state.attributes.set('volatile_', UnitAttr.get());
    const v = p.parseOperand();
    p.parseComma();
    const a = p.parseOperand();
    if (p.parseOptionalKeyword('invariant_group')) state.attributes.set('invariantGroup', UnitAttr.get());
    p.parseOptionalAttrDict(state.attributes);
    const vt = p.parseColonType();
    p.parseComma();
    const pt = p.parseType();
    state.operands = [p.resolveOperand(v, vt), p.resolveOperand(a, pt)];
  },
  print(p, op) {
    if (op.propertiesView.has('volatile_')) p.write(' volatile');
    p.write(' ');
    p.printOperands(op.operands);
    if (op.propertiesView.has('invariantGroup')) p.write(' invariant_group');
    printDict(p, op, LOAD_STORE_ELIDED, MEM_DEFAULTS);
    p.write(' : ');
    p.printType(op.operand(0).type);
    p.write(', ');
    p.printType(op.operand(1).type);
  },
  verify(op, ctx) {
    if (!(op.operand(1).type instanceof LLVMPointerType)) return fail(ctx, op, `operand #1 must be LLVM pointer type, but got ${q(op.operand(1).type)}`);
    return true;
  },
});

const AllocaOp = spec({
  name: 'llvm.alloca',
  required: ['elem_type'],
  attributes: ['alignment', 'elem_type', 'inalloca'],
  parse(p, state) {
    if (p.parseOptionalKeyword('inalloca')) state.attributes.set('inalloca', UnitAttr.get());
    const n = p.parseOperand();
    p.parseKeyword('x');
    state.attributes.set('elem_type', TypeAttr.get(p.parseType()));
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    const offset = p.currentOffset();
    const ins = parseParenTypes(p);
    const res = p.parseArrowTypeList();
    state.operands = p.resolveOperands([n], ins, offset);
    state.types = res;
  },
  print(p, op) {
    if (op.propertiesView.has('inalloca')) p.write(' inalloca');
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write(' x ');
    p.printType((op.propertiesView.get('elem_type') as TypeAttr).value);
    printDict(p, op, ['elem_type', 'inalloca']);
    p.write(' : ');
    p.printFunctionalType(op);
  },
});

const GEP_DYNAMIC = -2147483648;
export const GEP_FLAG_WORDS: [string, number][] = [
  ['inbounds', 3],
  ['nusw', 2],
  ['nuw', 4],
];

const GEPOp = spec({
  name: 'llvm.getelementptr',
  required: ['elem_type', 'rawConstantIndices'],
  traits: [Traits.Pure],
  attributes: ['rawConstantIndices', 'elem_type', 'noWrapFlags', 'inbounds'],
  defaults: { noWrapFlags: intProp(32, 0) },
  parse(p, state) {
    let flags = 0;
    for (;;) {
      const k = p.parseOptionalKeyword(['inbounds', 'nusw', 'nuw']);
      if (!k) break;
      flags |= GEP_FLAG_WORDS.find((f) => f[0] === k)![1];
      if (!p.parseOptionalVerticalBar()) break;
    }
    state.attributes.set('noWrapFlags', intProp(32, flags));
    const base = p.parseOperand();
    const raw: number[] = [];
    const dyn: UnresolvedOperand[] = [];
    p.parseLSquare();
    if (!p.parseOptionalRSquare()) {
      do {
        const o = p.parseOptionalOperand();
        if (o) {
          dyn.push(o);
          raw.push(GEP_DYNAMIC);
        } else {
          const neg = p.parseOptionalMinus();
          const v = Number(p.parseInteger());
          raw.push(neg ? -v : v);
        }
      } while (p.parseOptionalComma());
      p.parseRSquare();
    }
    state.attributes.set('rawConstantIndices', DenseArrayAttr.get(IntegerType.get(32), raw.map(BigInt)));
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    const offset = p.currentOffset();
    const ins = parseParenTypes(p);
    const res = p.parseArrowTypeList();
    p.parseComma();
    state.attributes.set('elem_type', TypeAttr.get(p.parseType()));
    state.operands = p.resolveOperands([base, ...dyn], ins, offset);
    state.types = res;
  },
  print(p, op) {
    const flags = propNum(op, 'noWrapFlags');
    if (flags) {
      const parts: string[] = [];
      let rest = flags;
      for (const [w, v] of GEP_FLAG_WORDS)
        if ((rest & v) === v) {
          parts.push(w);
          rest &= ~v;
        }
      p.write(' ' + parts.join('|'));
    }
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write('[');
    const raw = (op.propertiesView.get('rawConstantIndices') as DenseArrayAttr).values.map(Number);
    let d = 1;
    raw.forEach((r, i) => {
      if (i) p.write(', ');
      if (r === GEP_DYNAMIC) p.printOperand(op.operand(d++));
      else p.write(String(r));
    });
    p.write(']');
    printDict(p, op, ['rawConstantIndices', 'elem_type', 'noWrapFlags', 'inbounds']);
    p.write(' : ');
    p.printFunctionalType(op);
    p.write(', ');
    p.printType((op.propertiesView.get('elem_type') as TypeAttr).value);
  },
});

// ---- comparisons and select

function cmpOp(name: 'icmp' | 'fcmp'): OpDefinition {
  const preds = name === 'icmp' ? ICMP_PREDICATES : FCMP_PREDICATES;
  const defaults: Record<string, Attribute> = name === 'fcmp' ? { fastmathFlags: FASTMATH_NONE } : {};
  return spec({
    name: `llvm.${name}`,
    required: ['predicate'],
    traits: [Traits.Pure],
    attributes: ['predicate'],
    defaults,
    parse(p, state) {
      const offset = p.currentOffset();
      const s = p.parseString();
      const idx = preds.indexOf(s);
      if (idx < 0) p.error(`'${s}' is an incorrect value of the 'predicate' attribute`, offset);
      state.attributes.set('predicate', intProp(64, idx));
      const a = p.parseOperand();
      p.parseComma();
      const b = p.parseOperand();
      p.parseOptionalAttrDict(state.attributes);
      const t = p.parseColonType();
      parseOperandsOfType(p, state, [a, b], t);
      state.types = [i1Like(t)];
    },
    print(p, op) {
      const s = preds[propNum(op, 'predicate')] ?? 'eq';
      p.write(` "${s}" `);
      p.printOperands(op.operands);
      printDict(p, op, ['predicate'], defaults);
      p.write(' : ');
      p.printType(op.operand(0).type);
    },
  });
}

const SelectOp = spec({
  name: 'llvm.select',
  traits: [Traits.Pure],
  defaults: { fastmathFlags: FASTMATH_NONE },
  parse(p, state) {
    const ops = p.parseOperandList('none', 3);
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    const ct = p.parseType();
    p.parseComma();
    const t = p.parseType();
    state.operands = [p.resolveOperand(ops[0], ct), p.resolveOperand(ops[1], t), p.resolveOperand(ops[2], t)];
    state.types = [t];
  },
  print(p, op) {
    p.write(' ');
    p.printOperands(op.operands);
    printDict(p, op, [], { fastmathFlags: FASTMATH_NONE });
    p.write(' : ');
    p.printType(op.operand(0).type);
    p.write(', ');
    p.printType(op.result(0).type);
  },
});

const FastmathC = enumAttrConstraint(FastmathDef);
const FloatLikeLLVM = typeConstraint('floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type', isFloatLike);

const FNegOp = defineOds({
  name: 'llvm.fneg',
  traits: [Traits.Pure, SameOperandsAndResultType],
  operands: [operand('operand', FloatLikeLLVM)],
  results: [result('res', FloatLikeLLVM)],
  attributes: [defaultValuedAttr('fastmathFlags', FastmathC, FASTMATH_NONE)],
  assemblyFormat: '$operand attr-dict `:` type($res)',
});

// ---- intrinsics

/** `llvm.intr.name(operands) attr-dict : functional-type` */
function intrinsic(name: string, fastmath: boolean): OpDefinition {
  return defineOds({
    name: `llvm.intr.${name}`,
    traits: [Traits.Pure],
    operands: [variadicOperand('args', AnyType)],
    results: [variadicResult('res', AnyType)],
    attributes: fastmath ? [defaultValuedAttr('fastmathFlags', FastmathC, FASTMATH_NONE)] : [],
    assemblyFormat: '`(` operands `)` attr-dict `:` functional-type(operands, results)',
  });
}

const FAST_INTRINSICS = [
  'fma', 'fmuladd', 'fabs', 'floor', 'ceil', 'sqrt', 'copysign', 'exp', 'exp2', 'exp10', 'log', 'log2', 'log10', 'pow', 'powi',
  'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'trunc', 'round', 'roundeven', 'rint', 'nearbyint',
  'maxnum', 'minnum', 'maximum', 'minimum',
];
const INT_INTRINSICS = ['smax', 'smin', 'umax', 'umin', 'abs', 'bitreverse', 'bswap', 'ctpop', 'fshl', 'fshr', 'sadd.with.overflow', 'uadd.with.overflow', 'ssub.with.overflow', 'usub.with.overflow', 'smul.with.overflow', 'umul.with.overflow', 'sadd.sat', 'uadd.sat', 'ssub.sat', 'usub.sat'];

/** Intrinsics that have no custom syntax: only the generic form. */
function genericOp(name: string, attributes: string[], traits: string[] = []): OpDefinition {
  return spec({ name, attributes, traits });
}

const LLVMPointer = typeConstraint('LLVM pointer type', (t) => t instanceof LLVMPointerType);

const StackSaveOp = defineOds({
  name: 'llvm.intr.stacksave',
  // MLIR 22 does not check the result type.
  results: [result('res', AnyType)],
  assemblyFormat: 'attr-dict `:` qualified(type($res))',
});

/** `llvm.intr.name %ptr : type` (stackrestore, vastart, vaend). */
function ptrOperandOp(name: string): OpDefinition {
  return defineOds({
    name,
    operands: [operand('ptr', LLVMPointer)],
    assemblyFormat: '$ptr attr-dict `:` qualified(type($ptr))',
  });
}

/** `llvm.intr.vacopy %src to %dest : type, type` (operands: dest, src). */
const VaCopyOp = spec({
  name: 'llvm.intr.vacopy',
  parse(p, state) {
    const src = p.parseOperand();
    p.parseKeyword('to');
    const dst = p.parseOperand();
    p.parseOptionalAttrDict(state.attributes);
    const st = p.parseColonType();
    p.parseComma();
    const dt = p.parseType();
    state.operands = [p.resolveOperand(dst, dt), p.resolveOperand(src, st)];
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(1));
    p.write(' to ');
    p.printOperand(op.operand(0));
    printDict(p, op, []);
    p.write(' : ');
    p.printType(op.operand(1).type);
    p.write(', ');
    p.printType(op.operand(0).type);
  },
});

/** `llvm.va_arg %list : (!llvm.ptr) -> type` */
const VaArgOp = spec({
  name: 'llvm.va_arg',
  parse(p, state) {
    const a = p.parseOperand();
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    const offset = p.currentOffset();
    const ins = parseParenTypes(p);
    state.types = p.parseArrowTypeList();
    state.operands = p.resolveOperands([a], ins, offset);
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    printDict(p, op, []);
    p.write(' : ');
    p.printFunctionalType(op);
  },
});

const IntBinaryNames: [string, { overflow?: boolean; exact?: boolean; disjoint?: boolean }][] = [
  ['add', { overflow: true }],
  ['sub', { overflow: true }],
  ['mul', { overflow: true }],
  ['shl', { overflow: true }],
  ['udiv', { exact: true }],
  ['sdiv', { exact: true }],
  ['urem', {}],
  ['srem', {}],
  ['and', {}],
  ['or', { disjoint: true }],
  ['xor', {}],
  ['lshr', { exact: true }],
  ['ashr', { exact: true }],
];

export const LLVM_OPS: OpDefinition[] = [
  FuncOp,
  ReturnOp,
  UnreachableOp,
  CallOp,
  BrOp,
  CondBrOp,
  SwitchOp,
  ConstantOp,
  AddressOfOp,
  GlobalOp,
  ctorsOp('ctors'),
  ctorsOp('dtors'),
  markerOp('poison'),
  markerOp('undef'),
  markerOp('zero'),
  ExtractValueOp,
  InsertValueOp,
  ExtractElementOp,
  InsertElementOp,
  ShuffleVectorOp,
  LoadOp,
  StoreOp,
  AllocaOp,
  GEPOp,
  cmpOp('icmp'),
  cmpOp('fcmp'),
  SelectOp,
  FNegOp,
  ...IntBinaryNames.map(([n, o]) => binaryOp(n, o)),
  ...['fadd', 'fsub', 'fmul', 'fdiv', 'frem'].map((n) => binaryOp(n, { fastmath: true, float: true })),
  castOp('trunc', { overflow: true }),
  castOp('zext', { nneg: true }),
  castOp('uitofp', { nneg: true }),
  ...['sext', 'sitofp', 'fptosi', 'fptoui', 'fpext', 'fptrunc', 'bitcast', 'ptrtoint', 'inttoptr', 'addrspacecast'].map((n) => castOp(n)),
  ...FAST_INTRINSICS.map((n) => intrinsic(n, true)),
  ...INT_INTRINSICS.filter((n) => n !== 'abs' && !n.endsWith('.with.overflow')).map((n) => intrinsic(n, false)),
  ...INT_INTRINSICS.filter((n) => n.endsWith('.with.overflow')).map((n) => genericOp(`llvm.intr.${n}`, [], [Traits.Pure])),
  // These have only the generic form in MLIR 22.
  genericOp('llvm.intr.abs', ['is_int_min_poison'], [Traits.Pure]),
  genericOp('llvm.intr.ctlz', ['is_zero_poison'], [Traits.Pure]),
  genericOp('llvm.intr.cttz', ['is_zero_poison'], [Traits.Pure]),
  genericOp('llvm.intr.memcpy', ['isVolatile', 'access_groups', 'alias_scopes', 'noalias_scopes', 'tbaa', 'arg_attrs', 'res_attrs']),
  genericOp('llvm.intr.memmove', ['isVolatile', 'access_groups', 'alias_scopes', 'noalias_scopes', 'tbaa', 'arg_attrs', 'res_attrs']),
  genericOp('llvm.intr.memset', ['isVolatile', 'access_groups', 'alias_scopes', 'noalias_scopes', 'tbaa', 'arg_attrs', 'res_attrs']),
  StackSaveOp,
  ptrOperandOp('llvm.intr.stackrestore'),
  ptrOperandOp('llvm.intr.vastart'),
  ptrOperandOp('llvm.intr.vaend'),
  VaCopyOp,
  VaArgOp,
];

export { LinkageDef, FastmathDef, TailCallKindDef, CConvDef };
