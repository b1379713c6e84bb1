// The llvm dialect's ops (MLIR 22's LLVMOps.td and LLVMIntrinsicOps.td), each
// declared once with its typed handle (LLVMFuncOp, CallOp, LoadOp, GEPOp,
// ICmpOp, AddOp, ...): MLIR's operands, results, attributes and assembly
// formats, custom syntax where ODS has hasCustomAssemblyFormat and the
// verifiers where it has hasVerifier. The shared syntax pieces (constraints,
// custom directives, keywords) are in syntax.ts, the enums in attrs.ts.

import type { Attribute, Type } from '../../ir/attributes.js';
import { ArrayAttr, DenseIntOrFPElementsAttr, DictionaryAttr, ElementsAttr, FloatAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, VectorType } from '../../ir/builtin-types.js';
import type { Builder } from '../../ir/builder.js';
import type { Location } from '../../ir/location.js';
import { Traits, emitOpError, fail, q, type Context } from '../../ir/context.js';
import { Interfaces, type CallableInterface, type MemoryEffect } from '../../ir/interfaces.js';
import type { Argument, OpAsmParser, OperationState, UnresolvedOperand } from '../../ir/op-asm.js';
import { Region, type Operation, type Value } from '../../ir/operation.js';
import { lookupNearestSymbolFrom } from '../../ir/symbol-table.js';
import {
  AllTypesMatch,
  AnyAttr,
  AnyType,
  AttrSizedOperandSegments,
  FlatSymbolRefAttrC,
  I32Attr,
  I64Attr,
  SameOperandsAndResultType,
  SameOperandsElementType,
  SameTypeOperands,
  StrAttrC,
  SymbolNameAttrC,
  SymbolRefAttrC,
  TypesMatchWith,
  attr,
  defaultValuedAttr,
  defineOp,
  enumAttrConstraint,
  implementOp,
  operand,
  optionalAttr,
  optionalOperand,
  optionalResult,
  region,
  result,
  sizedRegion,
  successor,
  unitAttr,
  variadicOperand,
  variadicSuccessor,
  verifyBranchSuccessors,
  type Op,
  type OpHooks,
} from '../../ods/index.js';
import {
  AtomicOrdering,
  CConv,
  Comdat,
  CCONV_C,
  FASTMATH_NONE,
  FCmpPredicate,
  FastmathFlags,
  GEPNoWrapFlagsProp,
  GEP_NO_WRAP_FLAGS_MASK,
  GEP_NO_WRAP_NONE,
  INTEGER_OVERFLOW_FLAGS_MASK,
  ICmpPredicate,
  IntegerOverflowFlagsProp,
  Linkage,
  OVERFLOW_NONE,
  TAIL_NONE,
  TailCallKind,
  UnnamedAddr,
  Visibility,
  LLVMMarkerAttr,
} from './attrs.js';
import {
  AnySignlessInteger,
  ArrayAttrOf,
  DenseI32ArrayC,
  DenseI64ArrayC,
  DictArrayAttr,
  FloatOrVector,
  FunctionTypeAttrC,
  GEP_DYNAMIC_INDEX,
  I1Attr,
  I1OrVector,
  IntElementsAttrC,
  IntOrPointerOrVector,
  IntOrVector,
  LLVMAnyAggregate,
  LLVMAnyPointer,
  LLVMAnyType,
  LLVMAnyVector,
  LLVMDefaultPointer,
  LLVMI1,
  LLVMI8,
  LLVMLoadableType,
  LLVMNonAggregate,
  LLVMPrimitiveType,
  LoopAnnotationAttrC,
  PointerOrVector,
  TypeAttrC,
  UNNAMED_ADDR_WORDS,
  VISIBILITY_WORDS,
  anyAttrOf,
  isCompatibleType,
  getI1SameShape,
  getVectorElementType,
  insertExtractValueElementType,
  parseLinkage,
  parseOpBundles,
  parseParenTypes,
  printAttrDict,
  printOpBundles,
  setOpBundleSizes,
  splitBySegments,
  unnamedAddrKeyword,
  unnamedAddrOfKeyword,
  visibilityKeyword,
  visibilityOfKeyword,
} from './syntax.js';
import { LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMVoidType } from './types.js';

const FastmathFlagsC = enumAttrConstraint(FastmathFlags.def);
const LinkageC = enumAttrConstraint(Linkage.def);
const CConvC = enumAttrConstraint(CConv.def);
const TailCallKindC = enumAttrConstraint(TailCallKind.def);
const i64Prop = (v: number): IntegerAttr => IntegerAttr.get(IntegerType.get(64), v);
const VISIBILITY_DEFAULT = i64Prop(Visibility.case.Default);
const ORDERING_NOT_ATOMIC = AtomicOrdering.get(AtomicOrdering.case.not_atomic);

/** The aliasing metadata every memory access carries (LLVM_MemAccessOpBase's aliasAttrs). */
function aliasAttrs() {
  return [
    optionalAttr('access_groups', ArrayAttrOf('LLVM dialect access group metadata array')),
    optionalAttr('alias_scopes', ArrayAttrOf('LLVM dialect alias scope array')),
    optionalAttr('noalias_scopes', ArrayAttrOf('LLVM dialect alias scope array')),
    optionalAttr('tbaa', ArrayAttrOf('LLVM dialect TBAA tag metadata array')),
  ] as const;
}

/** An enum property's value has only known bits (MLIR checks it with the property's constraint). */
function verifyFlagsProperty(op: Operation, ctx: Context, name: string, mask: number, summary: string): boolean {
  const a = op.propertiesView.get(name);
  if (a instanceof IntegerAttr && (a.value < 0n || (a.value & ~BigInt(mask)) !== 0n))
    return fail(ctx, op, `property '${name}' failed to satisfy constraint: ${summary}`);
  return true;
}

const verifyOverflowFlags = (op: Operation, ctx: Context): boolean =>
  verifyFlagsProperty(op, ctx, 'overflowFlags', INTEGER_OVERFLOW_FLAGS_MASK, IntegerOverflowFlagsProp.summary);

function fastmathAttr() {
  return defaultValuedAttr('fastmathFlags', FastmathFlagsC, FASTMATH_NONE);
}

// ============================================================================
// Integer arithmetic

const intArithTraits = (commutative: boolean) => [Traits.Pure, ...(commutative ? [Traits.Commutative] : []), SameOperandsAndResultType];

function intArithOp<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.${mnemonic}`,
    traits: intArithTraits(false),
    operands: [operand('lhs', IntOrVector), operand('rhs', IntOrVector)],
    results: [result('res', IntOrVector)],
    assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($res)',
  });
}

/** `add`, `sub`, `mul`, `shl`: `overflow<nsw, nuw>` flags. */
function intArithOverflowOp<const M extends string>(mnemonic: M, commutative = false) {
  const handle = defineOp({
    name: `llvm.${mnemonic}`,
    traits: intArithTraits(commutative),
    operands: [operand('lhs', IntOrVector), operand('rhs', IntOrVector)],
    results: [result('res', IntOrVector)],
    attributes: [defaultValuedAttr('overflowFlags', IntegerOverflowFlagsProp, OVERFLOW_NONE)],
    assemblyFormat: '$lhs `,` $rhs ($overflowFlags^)? attr-dict `:` type($res)',
  });
  implementOp(handle, { verify: verifyOverflowFlags });
  return handle;
}

/** `udiv`, `sdiv`, `lshr`, `ashr`: the `exact` flag. */
function intArithExactOp<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.${mnemonic}`,
    traits: intArithTraits(false),
    operands: [operand('lhs', IntOrVector), operand('rhs', IntOrVector)],
    results: [result('res', IntOrVector)],
    attributes: [unitAttr('isExact')],
    assemblyFormat: '(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)',
  });
}

export const AddOp = intArithOverflowOp('add', true);
export const SubOp = intArithOverflowOp('sub');
export const MulOp = intArithOverflowOp('mul', true);
export const ShlOp = intArithOverflowOp('shl');
export const UDivOp = intArithExactOp('udiv');
export const SDivOp = intArithExactOp('sdiv');
export const LShrOp = intArithExactOp('lshr');
export const AShrOp = intArithExactOp('ashr');
export const URemOp = intArithOp('urem');
export const SRemOp = intArithOp('srem');
export const AndOp = intArithOp('and');
export const XOrOp = intArithOp('xor');
export const OrOp = defineOp({
  name: 'llvm.or',
  traits: intArithTraits(false),
  operands: [operand('lhs', IntOrVector), operand('rhs', IntOrVector)],
  results: [result('res', IntOrVector)],
  attributes: [unitAttr('isDisjoint')],
  assemblyFormat: '(`disjoint` $isDisjoint^)? $lhs `,` $rhs attr-dict `:` type($res)',
});

// ============================================================================
// Floating-point arithmetic

function floatArithOp<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.${mnemonic}`,
    traits: [Traits.Pure, SameOperandsAndResultType],
    operands: [operand('lhs', FloatOrVector), operand('rhs', FloatOrVector)],
    results: [result('res', FloatOrVector)],
    attributes: [fastmathAttr()],
    assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($res)',
  });
}

export const FAddOp = floatArithOp('fadd');
export const FSubOp = floatArithOp('fsub');
export const FMulOp = floatArithOp('fmul');
export const FDivOp = floatArithOp('fdiv');
export const FRemOp = floatArithOp('frem');
export const FNegOp = defineOp({
  name: 'llvm.fneg',
  traits: [Traits.Pure, SameOperandsAndResultType],
  operands: [operand('operand', FloatOrVector)],
  results: [result('res', FloatOrVector)],
  attributes: [fastmathAttr()],
  assemblyFormat: '$operand attr-dict `:` type($res)',
});

// ============================================================================
// Comparisons and select

const cmpTraits = [
  Traits.Pure,
  SameTypeOperands,
  TypesMatchWith('result type has i1 element type and same shape as operands', 'lhs', 'res', getI1SameShape),
];

export const ICmpOp = defineOp({
  name: 'llvm.icmp',
  traits: cmpTraits,
  operands: [operand('lhs', IntOrPointerOrVector), operand('rhs', IntOrPointerOrVector)],
  results: [result('res', I1OrVector)],
  attributes: [attr('predicate', ICmpPredicate)],
});

export const FCmpOp = defineOp({
  name: 'llvm.fcmp',
  traits: cmpTraits,
  operands: [operand('lhs', FloatOrVector), operand('rhs', FloatOrVector)],
  results: [result('res', I1OrVector)],
  attributes: [attr('predicate', FCmpPredicate), fastmathAttr()],
});

/** `"slt" %a, %b : i32`: the predicate as a string (hasCustomAssemblyFormat). */
function cmpSyntax(predicates: typeof ICmpPredicate | typeof FCmpPredicate): Pick<OpHooks, 'parse' | 'print'> {
  return {
    parse(p, state) {
      const offset = p.currentOffset();
      const a = p.parseAttribute();
      if (!(a instanceof StringAttr)) return p.error('invalid kind of attribute specified', offset);
      const s = a.value;
      const v = predicates.symbolize(s);
      if (v === undefined) p.error(`'${s}' is an incorrect value of the 'predicate' attribute`, offset);
      state.attributes.set('predicate', predicates.get(v!));
      const lhs = p.parseOperand();
      p.parseComma();
      const rhs = p.parseOperand();
      p.parseOptionalAttrDict(state);
      const t = p.parseColonType();
      state.operands = [p.resolveOperand(lhs, t), p.resolveOperand(rhs, t)];
      state.types = [getI1SameShape(t)];
    },
    print(p, op) {
      const pred = op.propertiesView.get('predicate');
      const s = pred instanceof IntegerAttr ? predicates.stringify(Number(pred.value)) : undefined;
      p.write(` "${s ?? 'eq'}" `);
      p.printOperands(op.operands);
      printAttrDict(p, op, ['predicate'], { fastmathFlags: FASTMATH_NONE });
      p.write(' : ');
      p.printType(op.operands[0].type);
    },
  };
}

implementOp(ICmpOp, cmpSyntax(ICmpPredicate));
implementOp(FCmpOp, cmpSyntax(FCmpPredicate));

export const SelectOp = defineOp({
  name: 'llvm.select',
  traits: [Traits.Pure, AllTypesMatch(['trueValue', 'falseValue', 'res'])],
  operands: [operand('condition', I1OrVector), operand('trueValue', LLVMAnyType), operand('falseValue', LLVMAnyType)],
  results: [result('res', LLVMAnyType)],
  attributes: [fastmathAttr()],
  assemblyFormat: 'operands attr-dict `:` type($condition) `,` type($res)',
});

// ============================================================================
// Casts

function castOp<const M extends string>(mnemonic: M, from: typeof IntOrVector, to: typeof IntOrVector) {
  return defineOp({
    name: `llvm.${mnemonic}`,
    traits: [Traits.Pure],
    operands: [operand('arg', from)],
    results: [result('res', to)],
    assemblyFormat: '$arg attr-dict `:` type($arg) `to` type($res)',
  });
}

/** `zext` and `uitofp`: the `nneg` flag. */
function castNonNegOp<const M extends string>(mnemonic: M, to: typeof IntOrVector) {
  return defineOp({
    name: `llvm.${mnemonic}`,
    traits: [Traits.Pure],
    operands: [operand('arg', IntOrVector)],
    results: [result('res', to)],
    attributes: [unitAttr('nonNeg')],
    assemblyFormat: '(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)',
  });
}

export const TruncOp = defineOp({
  name: 'llvm.trunc',
  traits: [Traits.Pure],
  operands: [operand('arg', IntOrVector)],
  results: [result('res', IntOrVector)],
  attributes: [defaultValuedAttr('overflowFlags', IntegerOverflowFlagsProp, OVERFLOW_NONE)],
  assemblyFormat: '$arg ($overflowFlags^)? attr-dict `:` type($arg) `to` type($res)',
});
implementOp(TruncOp, { verify: verifyOverflowFlags });
export const ZExtOp = castNonNegOp('zext', IntOrVector);
export const UIToFPOp = castNonNegOp('uitofp', FloatOrVector);
export const SExtOp = castOp('sext', IntOrVector, IntOrVector);
export const SIToFPOp = castOp('sitofp', IntOrVector, FloatOrVector);
export const FPToSIOp = castOp('fptosi', FloatOrVector, IntOrVector);
export const FPToUIOp = castOp('fptoui', FloatOrVector, IntOrVector);
export const FPExtOp = castOp('fpext', FloatOrVector, FloatOrVector);
export const FPTruncOp = castOp('fptrunc', FloatOrVector, FloatOrVector);
export const BitcastOp = castOp('bitcast', LLVMNonAggregate, LLVMNonAggregate);
export const PtrToIntOp = castOp('ptrtoint', PointerOrVector, IntOrVector);
export const AddrSpaceCastOp = castOp('addrspacecast', PointerOrVector, PointerOrVector);
export const IntToPtrOp = defineOp({
  name: 'llvm.inttoptr',
  traits: [Traits.Pure],
  operands: [operand('arg', IntOrVector)],
  results: [result('res', PointerOrVector)],
  attributes: [optionalAttr('dereferenceable', anyAttrOf('LLVM dereferenceable attribute'))],
  assemblyFormat: '$arg attr-dict `:` type($arg) `to` type($res)',
});

// ============================================================================
// Constants and globals

function markerOp<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.mlir.${mnemonic}`,
    traits: [Traits.Pure, Traits.ConstantLike],
    results: [result('res', LLVMAnyType)],
    assemblyFormat: 'attr-dict `:` type($res)',
  });
}

export const PoisonOp = markerOp('poison');
export const UndefOp = markerOp('undef');
export const ZeroOp = markerOp('zero');

export const ConstantOp = defineOp({
  name: 'llvm.mlir.constant',
  traits: [Traits.Pure, Traits.ConstantLike],
  results: [result('res', LLVMAnyType)],
  attributes: [attr('value', AnyAttr)],
  assemblyFormat: '`(` $value `)` attr-dict `:` type($res)',
});

implementOp(ConstantOp, {
  fold: (op) => [ConstantOp.value(op)],
  verify(op, ctx) {
    const v = ConstantOp.value(op);
    const t = ConstantOp.res(op).type;
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

// Folds as MLIR 22's: the markers and constants fold to their attributes, so
// constant deduplication, constant folding and SCCP see them; the dialect's
// materializeConstant (llvmMaterializeConstant) builds them back.
implementOp(PoisonOp, { fold: () => [LLVMMarkerAttr.get('poison')] });
implementOp(UndefOp, { fold: () => [LLVMMarkerAttr.get('undef')] });
implementOp(ZeroOp, {
  // Builder::getZeroAttr of the type (integers, floats and their vectors),
  // else #llvm.zero (pointers, structs, arrays).
  fold: (op) => {
    const t = ZeroOp.res(op).type;
    if (t instanceof IntegerType || t instanceof IndexType) return [IntegerAttr.get(t, 0n)];
    if (t instanceof FloatType) return [FloatAttr.getFromBits(t, 0n)];
    if (t instanceof VectorType && (t.elementType instanceof IntegerType || t.elementType instanceof IndexType || t.elementType instanceof FloatType))
      return [DenseIntOrFPElementsAttr.getSplat(t, 0n)];
    return [LLVMMarkerAttr.get('zero')];
  },
});

/** MLIR's LLVMDialect::materializeConstant. */
export function llvmMaterializeConstant(builder: Builder, value: Attribute, type: Type, location: Location): Operation | undefined {
  if (value instanceof SymbolRefAttr && value.isFlat && type instanceof LLVMPointerType) return AddressOfOp.build(builder, { global_name: value.root, res: type, location });
  if (value instanceof LLVMMarkerAttr) {
    const kind = value.kind === 'undef' ? UndefOp : value.kind === 'poison' ? PoisonOp : ZeroOp;
    return kind.build(builder, { res: type, location });
  }
  // LLVM::ConstantOp::isBuildableWith: a typed integer, float or elements value of that compatible type.
  const typed = value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof ElementsAttr;
  if (!typed || value.type !== type || !isCompatibleType(type)) return undefined;
  return ConstantOp.build(builder, { value, res: type, location });
}

export const AddressOfOp = defineOp({
  name: 'llvm.mlir.addressof',
  traits: [Traits.Pure, Traits.ConstantLike],
  results: [result('res', LLVMAnyPointer)],
  attributes: [attr('global_name', FlatSymbolRefAttrC)],
  assemblyFormat: '$global_name attr-dict `:` qualified(type($res))',
});

export const GlobalOp = defineOp({
  name: 'llvm.mlir.global',
  traits: [Traits.IsolatedFromAbove, Traits.SingleBlock, Traits.Symbol],
  attributes: [
    attr('global_type', TypeAttrC),
    unitAttr('constant'),
    attr('sym_name', SymbolNameAttrC),
    attr('linkage', LinkageC),
    unitAttr('dso_local'),
    unitAttr('thread_local_'),
    unitAttr('externally_initialized'),
    optionalAttr('value', AnyAttr),
    optionalAttr('alignment', I64Attr),
    defaultValuedAttr('addr_space', I32Attr, IntegerAttr.get(IntegerType.get(32), 0)),
    optionalAttr('unnamed_addr', UnnamedAddr),
    optionalAttr('section', StrAttrC),
    optionalAttr('comdat', SymbolRefAttrC),
    optionalAttr('dbg_exprs', ArrayAttrOf('an array of variable expressions')),
    defaultValuedAttr('visibility_', Visibility, VISIBILITY_DEFAULT),
  ],
  regions: [region('initializer')],
});

implementOp(AddressOfOp, {
  fold: (op) => [SymbolRefAttr.get(AddressOfOp.global_name(op))],
  verify(op, ctx) {
    const target = lookupNearestSymbolFrom(op, SymbolRefAttr.get(AddressOfOp.global_name(op)));
    if (!target || !(GlobalOp.isa(target) || LLVMFuncOp.isa(target) || AliasOp.isa(target)))
      return fail(ctx, op, `must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'`);
    return true;
  },
});

/** `linkage`, `visibility_`, `unnamed_addr`, `thread_local_` (and `constant` for globals) as keywords before the symbol name. */
function parseGlobalKeywords(p: OpAsmParser, state: OperationState, extra: readonly string[]): Set<string> {
  state.attributes.set('linkage', Linkage.attr(parseLinkage(p)));
  const seen = new Set<string>();
  state.attributes.set('unnamed_addr', i64Prop(UnnamedAddr.case.None));
  for (;;) {
    const k = p.parseOptionalKeyword([...VISIBILITY_WORDS, ...UNNAMED_ADDR_WORDS, ...extra]);
    if (!k) break;
    const vis = visibilityOfKeyword(k);
    const ua = unnamedAddrOfKeyword(k);
    if (vis !== undefined) {
      if (vis !== Visibility.case.Default) state.attributes.set('visibility_', i64Prop(vis));
    } else if (ua !== undefined) state.attributes.set('unnamed_addr', i64Prop(ua));
    else seen.add(k);
  }
  return seen;
}

/** `hidden thread_local unnamed_addr ` (each when set), as functions, globals and aliases print them. */
function printVisibilityAndUnnamedAddr(p: { write(s: string): void }, visibility: number, threadLocal: boolean, unnamedAddr: number | undefined): void {
  const v = visibilityKeyword(visibility);
  if (v) p.write(v + ' ');
  if (threadLocal) p.write('thread_local ');
  const u = unnamedAddr === undefined ? '' : unnamedAddrKeyword(unnamedAddr);
  if (u) p.write(u + ' ');
}

implementOp(GlobalOp, {
  parse(p, state) {
    const words = parseGlobalKeywords(p, state, ['thread_local', 'constant']);
    if (words.has('constant')) state.attributes.set('constant', UnitAttr.get());
    if (words.has('thread_local')) state.attributes.set('thread_local_', UnitAttr.get());
    state.attributes.set('sym_name', StringAttr.get(p.parseSymbolName()));
    p.parseLParen();
    let value: Attribute | undefined;
    if (!p.parseOptionalRParen()) {
      value = p.parseAttribute();
      state.attributes.set('value', value);
      p.parseRParen();
    }
    if (p.parseOptionalKeyword('comdat')) {
      p.parseLParen();
      state.attributes.set('comdat', p.parseAttribute());
      p.parseRParen();
    }
    p.parseOptionalAttrDict(state);
    let type: Type | undefined;
    if (p.parseOptionalColon()) type = p.parseType();
    else if (value instanceof StringAttr) type = LLVMArrayType.get(value.value.length, IntegerType.get(8));
    else p.error('type can only be omitted for string globals');
    state.attributes.set('global_type', TypeAttr.get(type!));
    p.parseOptionalRegion(state.addRegion(new Region()));
  },
  print(p, op) {
    p.write(' ' + Linkage.stringify(GlobalOp.linkage(op)) + ' ');
    printVisibilityAndUnnamedAddr(p, GlobalOp.visibility_(op), GlobalOp.thread_local_(op), GlobalOp.unnamed_addr(op));
    if (GlobalOp.constant(op)) p.write('constant ');
    p.printSymbolName(GlobalOp.sym_name(op));
    p.write('(');
    const v = GlobalOp.value(op);
    if (v) p.printAttribute(v);
    p.write(')');
    const comdat = GlobalOp.comdat(op);
    if (comdat) {
      p.write(' comdat(');
      p.printAttribute(comdat);
      p.write(')');
    }
    printAttrDict(
      p,
      op,
      ['sym_name', 'global_type', 'constant', 'value', 'linkage', 'unnamed_addr', 'visibility_', 'thread_local_', 'comdat'],
    );
    const type = GlobalOp.global_type(op);
    const strType = v instanceof StringAttr && type === LLVMArrayType.get(v.value.length, IntegerType.get(8));
    if (!strType) {
      p.write(' : ');
      p.printType(type);
    }
    const init = GlobalOp.initializer(op);
    if (!init.empty) {
      p.write(' ');
      p.printRegion(init, { printEntryBlockArgs: false });
    }
  },
  verify(op, ctx) {
    const v = GlobalOp.value(op);
    if (v instanceof StringAttr) {
      const t = GlobalOp.global_type(op);
      if (!(t instanceof LLVMArrayType && t.elementType === IntegerType.get(8) && t.numElements === v.value.length))
        return fail(ctx, op, 'requires an i8 array type of the length equal to that of the string attribute');
    }
    return true;
  },
  verifyRegions(op, ctx) {
    const init = GlobalOp.initializer(op);
    if (init.empty) return true;
    const ret = ReturnOp.dynCast(init.entry.last);
    if (ret) {
      const arg = ReturnOp.arg(ret);
      if (!arg) return fail(ctx, op, 'initializer region cannot return void');
      const t = GlobalOp.global_type(op);
      if (arg.type !== t) return fail(ctx, op, `initializer region type ${q(arg.type)} does not match global type ${q(t)}`);
    }
    if (GlobalOp.value(op) !== undefined) return fail(ctx, op, 'cannot have both initializer value and region');
    return true;
  },
});

/** `llvm.mlir.global_ctors` / `global_dtors`: functions run at load / unload, by priority. */
function structorsOp<const K extends 'ctors' | 'dtors'>(kind: K) {
  return defineOp({
    name: `llvm.mlir.global_${kind}`,
    attributes: [
      attr(kind, ArrayAttrOf('flat symbol ref array attribute')),
      attr('priorities', ArrayAttrOf('32-bit integer array attribute')),
      attr('data', ArrayAttrOf('array attribute')),
    ],
    assemblyFormat: `\`${kind}\` \`=\` $${kind} \`,\` \`priorities\` \`=\` $priorities \`,\` \`data\` \`=\` $data attr-dict`,
  });
}

export const GlobalCtorsOp = structorsOp('ctors');
export const GlobalDtorsOp = structorsOp('dtors');

function verifyStructors(op: Operation, ctx: Context, kind: 'ctors' | 'dtors', fns: ArrayAttr, prios: ArrayAttr): boolean {
  if (fns.elements.length !== prios.elements.length)
    return fail(ctx, op, `mismatch between the number of ${kind.slice(0, -1)}s and the number of priorities`);
  for (const f of fns.elements)
    if (!(f instanceof SymbolRefAttr) || !LLVMFuncOp.isa(lookupNearestSymbolFrom(op, f))) return fail(ctx, op, `'${f.key}' does not reference a valid LLVM function`);
  return true;
}

implementOp(GlobalCtorsOp, { verify: (op, ctx) => verifyStructors(op, ctx, 'ctors', GlobalCtorsOp.ctors(op), GlobalCtorsOp.priorities(op)) });
implementOp(GlobalDtorsOp, { verify: (op, ctx) => verifyStructors(op, ctx, 'dtors', GlobalDtorsOp.dtors(op), GlobalDtorsOp.priorities(op)) });

// ============================================================================
// Functions and calls

export const LLVMFuncOp = defineOp({
  name: 'llvm.func',
  traits: [Traits.AutomaticAllocationScope, Traits.IsolatedFromAbove, Traits.Symbol, Traits.AffineScope],
  attributes: [
    attr('sym_name', SymbolNameAttrC),
    optionalAttr('sym_visibility', StrAttrC),
    attr('function_type', FunctionTypeAttrC),
    defaultValuedAttr('linkage', LinkageC, Linkage.attr(Linkage.case.external)),
    unitAttr('dso_local'),
    defaultValuedAttr('CConv', CConvC, CCONV_C),
    optionalAttr('comdat', SymbolRefAttrC),
    unitAttr('convergent'),
    optionalAttr('personality', FlatSymbolRefAttrC),
    optionalAttr('garbageCollector', StrAttrC),
    optionalAttr('passthrough', ArrayAttrOf('array attribute')),
    optionalAttr('arg_attrs', DictArrayAttr),
    optionalAttr('res_attrs', DictArrayAttr),
    optionalAttr('function_entry_count', I64Attr),
    optionalAttr('memory_effects', anyAttrOf('')),
    defaultValuedAttr('visibility_', Visibility, VISIBILITY_DEFAULT),
    unitAttr('arm_streaming'),
    unitAttr('arm_locally_streaming'),
    unitAttr('arm_streaming_compatible'),
    unitAttr('arm_new_za'),
    unitAttr('arm_in_za'),
    unitAttr('arm_out_za'),
    unitAttr('arm_inout_za'),
    unitAttr('arm_preserves_za'),
    optionalAttr('section', StrAttrC),
    optionalAttr('unnamed_addr', UnnamedAddr),
    optionalAttr('alignment', I64Attr),
    optionalAttr('vscale_range', anyAttrOf('')),
    optionalAttr('frame_pointer', anyAttrOf('')),
    optionalAttr('target_cpu', StrAttrC),
    optionalAttr('tune_cpu', StrAttrC),
    optionalAttr('reciprocal_estimates', StrAttrC),
    optionalAttr('prefer_vector_width', StrAttrC),
    optionalAttr('target_features', anyAttrOf('LLVM target features attribute')),
    optionalAttr('no_infs_fp_math', anyAttrOf('bool attribute')),
    optionalAttr('no_nans_fp_math', anyAttrOf('bool attribute')),
    optionalAttr('no_signed_zeros_fp_math', anyAttrOf('bool attribute')),
    optionalAttr('denormal_fp_math', StrAttrC),
    optionalAttr('denormal_fp_math_f32', StrAttrC),
    optionalAttr('fp_contract', StrAttrC),
    optionalAttr('instrument_function_entry', StrAttrC),
    optionalAttr('instrument_function_exit', StrAttrC),
    unitAttr('no_inline'),
    unitAttr('always_inline'),
    unitAttr('inline_hint'),
    unitAttr('no_unwind'),
    unitAttr('will_return'),
    unitAttr('optimize_none'),
    optionalAttr('vec_type_hint', anyAttrOf('Explicit vectorization compiler hint')),
    optionalAttr('work_group_size_hint', anyAttrOf('i32 dense array attribute')),
    optionalAttr('reqd_work_group_size', anyAttrOf('i32 dense array attribute')),
    optionalAttr('intel_reqd_sub_group_size', I32Attr),
    optionalAttr('uwtable_kind', anyAttrOf('')),
  ],
  regions: [region('body')],
}).withAccessors({
  /** A declaration: the function has no body. */
  isExternal: (op): boolean => LLVMFuncOp.body(op).empty,
  /** The result types of the function type (none for void). */
  resultTypes: (op): Type[] => llvmResults(LLVMFuncOp.function_type(op)),
});

/** The result types of an LLVM function type: none for void. */
export function llvmResults(t: LLVMFunctionType): Type[] {
  return t.returnType instanceof LLVMVoidType ? [] : [t.returnType];
}

implementOp(LLVMFuncOp, {
  interfaces: {
    [Interfaces.Callable]: {
      getCallableRegion: (op) => (LLVMFuncOp.isExternal(LLVMFuncOp.cast(op)) ? undefined : LLVMFuncOp.body(LLVMFuncOp.cast(op))),
      getArgumentTypes: (op) => [...LLVMFuncOp.function_type(LLVMFuncOp.cast(op)).params],
      getResultTypes: (op) => LLVMFuncOp.resultTypes(LLVMFuncOp.cast(op)),
    } satisfies CallableInterface,
  },
  parse(p, state) {
    const words = parseGlobalKeywords(p, state, CConv.names);
    for (const k of words) state.attributes.set('CConv', CConv.attr(CConv.symbolize(k)!));
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
    let res: Type = LLVMVoidType.get();
    let resAttrs: DictionaryAttr | undefined;
    if (p.parseOptionalArrow()) {
      const paren = p.parseOptionalLParen();
      // `-> ()` is void.
      if (!(paren && p.parseOptionalRParen())) {
        res = p.parseType();
        const attrs = new Map<string, Attribute>();
        if (paren) {
          p.parseOptionalAttrDict(attrs);
          p.parseRParen();
        }
        if (attrs.size) resAttrs = DictionaryAttr.get([...attrs.entries()]);
      }
    }
    state.attributes.set('function_type', TypeAttr.get(LLVMFunctionType.get(res, args.map((a) => a.type), varArg)));
    const parsed = new Map<string, Attribute>();
    p.parseOptionalAttrDictWithKeyword(parsed);
    for (const [k, v] of parsed) state.attributes.set(k, v);
    if (p.parseOptionalKeyword('comdat')) {
      p.parseLParen();
      state.attributes.set('comdat', p.parseAttribute());
      p.parseRParen();
    }
    if (argAttrs.some((d) => d.entries.length)) state.attributes.set('arg_attrs', ArrayAttr.get(argAttrs));
    if (resAttrs) state.attributes.set('res_attrs', ArrayAttr.get([resAttrs]));
    const body = state.addRegion(new Region());
    const offset = p.currentOffset();
    if (p.parseOptionalRegion(body, args.every((a) => a.ssaName.name !== '') ? args : []) && body.empty) p.error('expected non-empty function body', offset);
  },
  print(p, op) {
    const ft = LLVMFuncOp.function_type(op);
    p.write(' ');
    const linkage = Linkage.stringify(LLVMFuncOp.linkage(op));
    if (linkage !== 'external') p.write(linkage + ' ');
    printVisibilityAndUnnamedAddr(p, LLVMFuncOp.visibility_(op), false, LLVMFuncOp.unnamed_addr(op));
    const cc = LLVMFuncOp.CConv(op);
    if (cc !== CConv.case.ccc) p.write(CConv.stringify(cc) + ' ');
    p.printSymbolName(LLVMFuncOp.sym_name(op));
    const body = LLVMFuncOp.body(op);
    const argAttrs = LLVMFuncOp.arg_attrs(op);
    p.write('(');
    ft.params.forEach((t, i) => {
      if (i) p.write(', ');
      const attrs = argAttrs?.elements[i];
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
      const d = LLVMFuncOp.res_attrs(op)?.elements[0];
      if (d instanceof DictionaryAttr && d.entries.length) {
        p.write('(');
        p.printType(ft.returnType);
        p.printOptionalAttrDict(d.entries);
        p.write(')');
      } else p.printType(ft.returnType);
    }
    printAttrDict(p, op, ['sym_name', 'function_type', 'linkage', 'CConv', 'visibility_', 'comdat', 'unnamed_addr', 'vscale_range', 'arg_attrs', 'res_attrs'], {}, true);
    const comdat = LLVMFuncOp.comdat(op);
    if (comdat) {
      p.write(' comdat(');
      p.printAttribute(comdat);
      p.write(')');
    }
    if (!body.empty) {
      p.write(' ');
      p.printRegion(body, { printEntryBlockArgs: false, printBlockTerminators: true });
    }
  },
  getAsmBlockArgumentNames() {},
  verify(op, ctx) {
    const ft = LLVMFuncOp.function_type(op);
    const linkage = Linkage.stringify(LLVMFuncOp.linkage(op));
    const body = LLVMFuncOp.body(op);
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

export const ReturnOp = defineOp({
  name: 'llvm.return',
  traits: [Traits.IsTerminator, Traits.ReturnLike, Traits.Pure],
  operands: [optionalOperand('arg', LLVMAnyType)],
  assemblyFormat: 'attr-dict ($arg^ `:` type($arg))?',
});

implementOp(ReturnOp, {
  verify(op, ctx) {
    const parent = op.parentOp;
    if (!LLVMFuncOp.isa(parent)) return true;
    const ft = LLVMFuncOp.function_type(parent);
    const arg = ReturnOp.arg(op);
    const error = (msg: string): false => {
      emitOpError(ctx, op, msg).attachNote('when returning from function', parent.location);
      return false;
    };
    if (ft.returnType instanceof LLVMVoidType) {
      if (arg) return error('expected no operands');
    } else {
      if (!arg) return error('expected 1 operand');
      if (arg.type !== ft.returnType) return error('mismatching result types');
    }
    return true;
  },
});

export const UnreachableOp = defineOp({
  name: 'llvm.unreachable',
  traits: [Traits.IsTerminator],
  assemblyFormat: 'attr-dict',
});

const CALL_DEFAULTS: Record<string, Attribute> = { CConv: CCONV_C, TailCallKind: TAIL_NONE, fastmathFlags: FASTMATH_NONE };

export const CallOp = defineOp({
  name: 'llvm.call',
  traits: [AttrSizedOperandSegments],
  operands: [variadicOperand('callee_operands', LLVMAnyType), variadicOperand('op_bundle_operands', LLVMAnyType)],
  results: [optionalResult('result', LLVMAnyType)],
  attributes: [
    optionalAttr('var_callee_type', FunctionTypeAttrC),
    optionalAttr('callee', FlatSymbolRefAttrC),
    fastmathAttr(),
    defaultValuedAttr('CConv', CConvC, CCONV_C),
    defaultValuedAttr('TailCallKind', TailCallKindC, TAIL_NONE),
    optionalAttr('memory_effects', anyAttrOf('')),
    unitAttr('convergent'),
    unitAttr('no_unwind'),
    unitAttr('will_return'),
    attr('op_bundle_sizes', DenseI32ArrayC),
    optionalAttr('op_bundle_tags', ArrayAttrOf('array attribute')),
    optionalAttr('arg_attrs', DictArrayAttr),
    optionalAttr('res_attrs', DictArrayAttr),
    unitAttr('no_inline'),
    unitAttr('always_inline'),
    unitAttr('inline_hint'),
    ...aliasAttrs(),
  ],
}).withAccessors({
  /** The call's arguments: the callee operands without the function pointer of an indirect call. */
  argOperands: (op): Value[] => {
    const all = CallOp.callee_operands(op);
    return op.propertiesView.has('callee') ? all : all.slice(1);
  },
  /** The callee: its symbol for a direct call, the function pointer for an indirect one (undefined when malformed). */
  callableForCallee: (op): SymbolRefAttr | Value | undefined => {
    const callee = op.propertiesView.get('callee');
    return callee instanceof SymbolRefAttr ? callee : op.operands[0];
  },
});

implementOp(CallOp, {
  parse(p, state) {
    const cc = p.parseOptionalKeyword(CConv.names);
    if (cc) state.attributes.set('CConv', CConv.attr(CConv.symbolize(cc)!));
    const tk = p.parseOptionalKeyword(TailCallKind.names.filter((n) => n !== 'none'));
    if (tk) state.attributes.set('TailCallKind', TailCallKind.attr(TailCallKind.symbolize(tk)!));
    // An indirect call's function pointer, or the callee symbol.
    const calleeOperand: UnresolvedOperand | undefined = p.parseOptionalOperand();
    if (!calleeOperand) {
      const offset = p.currentOffset();
      const callee = p.parseAttribute();
      if (!(callee instanceof SymbolRefAttr) || !callee.isFlat) p.error('invalid kind of attribute specified', offset);
      state.attributes.set('callee', callee);
    }
    const args = p.parseOperandList('paren');
    if (p.parseOptionalKeyword('vararg')) {
      p.parseLParen();
      state.attributes.set('var_callee_type', TypeAttr.get(p.parseType()));
      p.parseRParen();
    }
    const bundles = parseOpBundles(p);
    if (bundles.tags.length) state.attributes.set('op_bundle_tags', ArrayAttr.get(bundles.tags));
    setOpBundleSizes(state, bundles.sizes);
    p.parseOptionalAttrDict(state);
    p.parseColon();
    let calleeType: Type | undefined;
    if (calleeOperand) {
      calleeType = p.parseType();
      p.parseComma();
    }
    const inputs = parseParenTypes(p);
    const results = p.parseArrowTypeList();
    const operands = calleeOperand ? [p.resolveOperand(calleeOperand, calleeType!)] : [];
    operands.push(...p.resolveOperands(args, inputs, p.nameOffset));
    const bundleOperands = p.resolveOperands(bundles.operands, bundles.types, p.nameOffset);
    state.operands = [...operands, ...bundleOperands];
    state.types = results;
    state.attributes.set('operandSegmentSizes', DenseI32ArrayC.encode!([BigInt(operands.length), BigInt(bundleOperands.length)]));
  },
  print(p, op) {
    const cc = CallOp.CConv(op);
    if (cc !== CConv.case.ccc) p.write(' ' + CConv.stringify(cc));
    const tk = CallOp.TailCallKind(op);
    if (tk !== TailCallKind.case.none) p.write(' ' + TailCallKind.stringify(tk));
    const callee = CallOp.callableForCallee(op);
    p.write(' ');
    if (callee instanceof SymbolRefAttr) p.printAttribute(callee);
    else if (callee) p.printOperand(callee);
    const args = CallOp.argOperands(op);
    p.write('(');
    p.printOperands(args);
    p.write(')');
    const vt = CallOp.var_callee_type(op);
    if (vt) {
      p.write(' vararg(');
      p.printType(vt);
      p.write(')');
    }
    const bundles = CallOp.op_bundle_operands(op);
    if (bundles.length) {
      p.write(' ');
      printOpBundles(p, bundles, op.propertiesView.get('op_bundle_tags'), op.propertiesView.get('op_bundle_sizes'));
    }
    printAttrDict(p, op, ['callee', 'var_callee_type', 'operandSegmentSizes', 'CConv', 'TailCallKind', 'op_bundle_sizes', 'op_bundle_tags'], CALL_DEFAULTS);
    p.write(' : ');
    if (callee && !(callee instanceof SymbolRefAttr)) {
      p.printType(callee.type);
      p.write(', ');
    }
    p.printFunctionType(
      args.map((a) => a.type),
      op.resultTypes,
    );
  },
  verify(op, ctx) {
    // CallOp::verify: the variadic callee type against the arguments.
    const args = CallOp.argOperands(op);
    const varType = CallOp.var_callee_type(op);
    if (varType) {
      if (!varType.varArg) return fail(ctx, op, 'expected var_callee_type to be a variadic function type');
      if (varType.params.length > args.length) return fail(ctx, op, `expected var_callee_type to have at most ${args.length} parameters`);
      for (let i = 0; i < varType.params.length; i++)
        if (varType.params[i] !== args[i].type) return fail(ctx, op, `var_callee_type parameter type mismatch: ${q(varType.params[i])} != ${q(args[i].type)}`);
    }
    // CallOp::verifySymbolUses: the callee and the call's types.
    const callee = CallOp.callableForCallee(op);
    if (callee === undefined) return fail(ctx, op, 'must have either a `callee` attribute or at least an operand');
    if (!(callee instanceof SymbolRefAttr)) {
      if (!(callee.type instanceof LLVMPointerType)) return fail(ctx, op, `indirect call expects a pointer as callee: ${q(callee.type)}`);
      return true;
    }
    const fn = lookupNearestSymbolFrom(op, callee);
    if (!fn) return fail(ctx, op, `'${callee.leaf}' does not reference a symbol in the current scope`);
    if (!LLVMFuncOp.isa(fn)) return fail(ctx, op, `'${callee.leaf}' does not reference a valid LLVM function or IFunc`);
    const ft = LLVMFuncOp.function_type(fn);
    if (ft.varArg && !varType) return fail(ctx, op, 'missing var_callee_type attribute for vararg call');
    const n = ft.params.length;
    if (!ft.varArg && n !== args.length) return fail(ctx, op, `incorrect number of operands (${args.length}) for callee (expecting: ${n})`);
    if (n > args.length) return fail(ctx, op, `incorrect number of operands (${args.length}) for varargs callee (expecting at least: ${n})`);
    for (let i = 0; i < n; i++)
      if (args[i].type !== ft.params[i]) return fail(ctx, op, `operand type mismatch for operand ${i}: ${q(args[i].type)} != ${q(ft.params[i])}`);
    const result = CallOp.result(op);
    const isVoid = ft.returnType instanceof LLVMVoidType;
    if (!result && !isVoid) return fail(ctx, op, 'expected function call to produce a value');
    if (result && isVoid) return fail(ctx, op, 'calling function with void result must not produce values');
    if (result && result.type !== ft.returnType) return fail(ctx, op, `result type mismatch: ${q(result.type)} != ${q(ft.returnType)}`);
    return true;
  },
});

// ============================================================================
// Control flow

export const BrOp = defineOp({
  name: 'llvm.br',
  traits: [Traits.IsTerminator, Traits.Pure],
  operands: [variadicOperand('destOperands', LLVMAnyType)],
  successors: [successor('dest')],
  attributes: [optionalAttr('loop_annotation', LoopAnnotationAttrC)],
  assemblyFormat: '$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict',
});

export const CondBrOp = defineOp({
  name: 'llvm.cond_br',
  traits: [AttrSizedOperandSegments, Traits.IsTerminator, Traits.Pure],
  operands: [operand('condition', LLVMI1), variadicOperand('trueDestOperands', LLVMAnyType), variadicOperand('falseDestOperands', LLVMAnyType)],
  successors: [successor('trueDest'), successor('falseDest')],
  attributes: [optionalAttr('branch_weights', DenseI32ArrayC), optionalAttr('loop_annotation', LoopAnnotationAttrC)],
  assemblyFormat:
    '$condition ( `weights` `(` $branch_weights^ `)` )? `,` ' +
    '$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` ' +
    '$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict',
});

export const SwitchOp = defineOp({
  name: 'llvm.switch',
  traits: [AttrSizedOperandSegments, Traits.IsTerminator, Traits.Pure],
  operands: [operand('value', AnySignlessInteger), variadicOperand('defaultOperands', AnyType), variadicOperand('caseOperands', AnyType)],
  successors: [successor('defaultDestination'), variadicSuccessor('caseDestinations')],
  attributes: [
    optionalAttr('case_values', IntElementsAttrC),
    attr('case_operand_segments', DenseI32ArrayC),
    optionalAttr('branch_weights', DenseI32ArrayC),
  ],
  assemblyFormat:
    '$value `:` type($value) `,` $defaultDestination (`(` $defaultOperands^ `:` type($defaultOperands) `)`)? ' +
    'custom<SwitchOpCases>(ref(type($value)), $case_values, $caseDestinations, $caseOperands, type($caseOperands), $case_operand_segments) attr-dict',
}).withAccessors({
  /** The operands passed to each case destination, in order. */
  caseOperandRanges: (op): Value[][] => splitBySegments(SwitchOp.caseOperands(op), op.propertiesView.get('case_operand_segments')),
});

implementOp(BrOp, { verify: (op, ctx) => verifyBranchSuccessors(ctx, op, () => BrOp.destOperands(op)) });
implementOp(CondBrOp, {
  verify: (op, ctx) => verifyBranchSuccessors(ctx, op, (i) => (i === 0 ? CondBrOp.trueDestOperands(op) : CondBrOp.falseDestOperands(op))),
});
implementOp(SwitchOp, {
  verify(op, ctx) {
    const values = SwitchOp.case_values(op);
    const n = SwitchOp.caseDestinations(op).length;
    if ((!values && n) || (values && values.intValues().length !== n)) return fail(ctx, op, 'expects number of case values to match number of case destinations');
    const cases = SwitchOp.caseOperandRanges(op);
    return verifyBranchSuccessors(ctx, op, (i) => (i === 0 ? SwitchOp.defaultOperands(op) : (cases[i - 1] ?? [])));
  },
});

// ============================================================================
// Aggregates and vectors

export const ExtractValueOp = defineOp({
  name: 'llvm.extractvalue',
  traits: [Traits.Pure],
  operands: [operand('container', LLVMAnyAggregate)],
  results: [result('res', LLVMAnyType)],
  attributes: [attr('position', DenseI64ArrayC)],
  assemblyFormat:
    '$container `` $position attr-dict `:` type($container) custom<InsertExtractValueElementType>(type($res), ref(type($container)), ref($position))',
});

export const InsertValueOp = defineOp({
  name: 'llvm.insertvalue',
  traits: [Traits.Pure, AllTypesMatch(['container', 'res'])],
  operands: [operand('container', LLVMAnyAggregate), operand('value', LLVMPrimitiveType)],
  results: [result('res', LLVMAnyAggregate)],
  attributes: [attr('position', DenseI64ArrayC)],
  assemblyFormat:
    '$value `,` $container `` $position attr-dict `:` type($container) custom<InsertExtractValueElementType>(type($value), ref(type($container)), ref($position))',
});

implementOp(ExtractValueOp, {
  verify(op, ctx) {
    const container = ExtractValueOp.container(op).type;
    let ok = true;
    const t = insertExtractValueElementType(container, ExtractValueOp.position(op), (msg) => (ok = fail(ctx, op, msg)));
    if (!ok || !t) return false;
    const res = ExtractValueOp.res(op).type;
    if (t !== res) return fail(ctx, op, `Type mismatch: extracting from ${q(container)} should produce ${q(t)} but this op returns ${q(res)}`);
    return true;
  },
});

implementOp(InsertValueOp, {
  verify(op, ctx) {
    const container = InsertValueOp.container(op).type;
    let ok = true;
    const t = insertExtractValueElementType(container, InsertValueOp.position(op), (msg) => (ok = fail(ctx, op, msg)));
    if (!ok || !t) return false;
    const value = InsertValueOp.value(op).type;
    if (t !== value) return fail(ctx, op, `Type mismatch: cannot insert ${q(value)} into ${q(container)}`);
    return true;
  },
});

export const ExtractElementOp = defineOp({
  name: 'llvm.extractelement',
  traits: [Traits.Pure, TypesMatchWith('result type matches vector element type', 'vector', 'res', getVectorElementType)],
  operands: [operand('vector', LLVMAnyVector), operand('position', AnySignlessInteger)],
  results: [result('res', LLVMAnyType)],
  assemblyFormat: '$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)',
});

export const InsertElementOp = defineOp({
  name: 'llvm.insertelement',
  traits: [
    Traits.Pure,
    TypesMatchWith('argument type matches vector element type', 'vector', 'value', getVectorElementType),
    AllTypesMatch(['res', 'vector']),
  ],
  operands: [operand('vector', LLVMAnyVector), operand('value', LLVMPrimitiveType), operand('position', AnySignlessInteger)],
  results: [result('res', LLVMAnyVector)],
  assemblyFormat: '$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)',
});

export const ShuffleVectorOp = defineOp({
  name: 'llvm.shufflevector',
  traits: [Traits.Pure, AllTypesMatch(['v1', 'v2'])],
  operands: [operand('v1', LLVMAnyVector), operand('v2', LLVMAnyVector)],
  results: [result('res', LLVMAnyVector)],
  attributes: [attr('mask', DenseI32ArrayC)],
  assemblyFormat: '$v1 `,` $v2 $mask attr-dict `:` type($v1) custom<ShuffleType>(ref(type($v1)), type($res), ref($mask))',
});

// ============================================================================
// Memory

export const LoadOp = defineOp({
  name: 'llvm.load',
  operands: [operand('addr', LLVMAnyPointer)],
  results: [result('res', LLVMLoadableType)],
  attributes: [
    optionalAttr('alignment', I64Attr),
    unitAttr('volatile_'),
    unitAttr('nontemporal'),
    unitAttr('invariant'),
    unitAttr('invariantGroup'),
    defaultValuedAttr('ordering', AtomicOrdering, ORDERING_NOT_ATOMIC),
    optionalAttr('syncscope', StrAttrC),
    optionalAttr('dereferenceable', anyAttrOf('LLVM dereferenceable attribute')),
    ...aliasAttrs(),
  ],
  assemblyFormat:
    '(`volatile` $volatile_^)? $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? ' +
    '(`invariant` $invariant^)? (`invariant_group` $invariantGroup^)? attr-dict `:` qualified(type($addr)) `->` type($res)',
});

export const StoreOp = defineOp({
  name: 'llvm.store',
  operands: [operand('value', LLVMLoadableType), operand('addr', LLVMAnyPointer)],
  attributes: [
    optionalAttr('alignment', I64Attr),
    unitAttr('volatile_'),
    unitAttr('nontemporal'),
    unitAttr('invariantGroup'),
    defaultValuedAttr('ordering', AtomicOrdering, ORDERING_NOT_ATOMIC),
    optionalAttr('syncscope', StrAttrC),
    ...aliasAttrs(),
  ],
  assemblyFormat:
    '(`volatile` $volatile_^)? $value `,` $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? ' +
    '(`invariant_group` $invariantGroup^)? attr-dict `:` type($value) `,` qualified(type($addr))',
});

// Memory effects as MLIR 22 declares them. A volatile access, or an atomic
// one stronger than unordered, may also read and write any memory.
function synchronizes(volatile: boolean, ordering: number): boolean {
  return volatile || (ordering !== AtomicOrdering.case.not_atomic && ordering !== AtomicOrdering.case.unordered);
}

implementOp(LoadOp, {
  interfaces: {
    [Interfaces.MemoryEffects]: {
      getEffects: (o: Operation): MemoryEffect[] => {
        const op = LoadOp.cast(o);
        const own: MemoryEffect[] = [{ kind: 'read', value: LoadOp.addr(op) }];
        return synchronizes(LoadOp.volatile_(op), LoadOp.ordering(op)) ? [...own, { kind: 'write' }, { kind: 'read' }] : own;
      },
    },
  },
});

implementOp(StoreOp, {
  interfaces: {
    [Interfaces.MemoryEffects]: {
      getEffects: (o: Operation): MemoryEffect[] => {
        const op = StoreOp.cast(o);
        const own: MemoryEffect[] = [{ kind: 'write', value: StoreOp.addr(op) }];
        return synchronizes(StoreOp.volatile_(op), StoreOp.ordering(op)) ? [...own, { kind: 'read' }, { kind: 'write' }] : own;
      },
    },
  },
});

export const AllocaOp = defineOp({
  name: 'llvm.alloca',
  operands: [operand('arraySize', AnySignlessInteger)],
  results: [result('res', LLVMAnyPointer)],
  attributes: [optionalAttr('alignment', I64Attr), attr('elem_type', TypeAttrC), unitAttr('inalloca')],
});

implementOp(AllocaOp, {
  // Allocates its result in the enclosing automatic allocation scope.
  interfaces: {
    [Interfaces.MemoryEffects]: {
      getEffects: (o: Operation): MemoryEffect[] => [{ kind: 'allocate', value: AllocaOp.res(AllocaOp.cast(o)), resource: 'AutomaticAllocationScopeResource' }],
      removableWhenUnused: true,
    },
  },
  parse(p, state) {
    if (p.parseOptionalKeyword('inalloca')) state.attributes.set('inalloca', UnitAttr.get());
    const n = p.parseOperand();
    p.parseKeyword('x');
    state.attributes.set('elem_type', TypeAttr.get(p.parseType()));
    p.parseOptionalAttrDict(state);
    p.parseColon();
    const offset = p.currentOffset();
    const ins = parseParenTypes(p);
    const res = p.parseArrowTypeList();
    state.operands = p.resolveOperands([n], ins, offset);
    state.types = res;
  },
  print(p, op) {
    if (AllocaOp.inalloca(op)) p.write(' inalloca');
    p.write(' ');
    p.printOperand(AllocaOp.arraySize(op));
    p.write(' x ');
    p.printType(AllocaOp.elem_type(op));
    printAttrDict(p, op, ['elem_type', 'inalloca']);
    p.write(' : ');
    p.printFunctionalType(op);
  },
});

export const GEPOp = defineOp({
  name: 'llvm.getelementptr',
  traits: [Traits.Pure],
  operands: [operand('base', PointerOrVector), variadicOperand('dynamicIndices', IntOrVector)],
  results: [result('res', PointerOrVector)],
  attributes: [attr('rawConstantIndices', DenseI32ArrayC), attr('elem_type', TypeAttrC), defaultValuedAttr('noWrapFlags', GEPNoWrapFlagsProp, GEP_NO_WRAP_NONE)],
  assemblyFormat:
    '($noWrapFlags^)? $base `[` custom<GEPIndices>($dynamicIndices, $rawConstantIndices) `]` attr-dict `:` functional-type(operands, results) `,` $elem_type',
}).withAccessors({
  /** Each index in order: a constant, or the dynamic index value (MLIR's getIndices). */
  indices: (op): (number | Value)[] => {
    const dynamic = GEPOp.dynamicIndices(op);
    let d = 0;
    return GEPOp.rawConstantIndices(op).map((r) => (Number(r) === GEP_DYNAMIC_INDEX ? dynamic[d++] : Number(r)));
  },
});

implementOp(GEPOp, {
  verify(op, ctx) {
    if (!verifyFlagsProperty(op, ctx, 'noWrapFlags', GEP_NO_WRAP_FLAGS_MASK, GEPNoWrapFlagsProp.summary)) return false;
    const dynamic = GEPOp.rawConstantIndices(op).filter((r) => Number(r) === GEP_DYNAMIC_INDEX).length;
    if (dynamic !== GEPOp.dynamicIndices(op).length) return fail(ctx, op, "expected as many dynamic indices as specified in 'rawConstantIndices'");
    return true;
  },
});

export const VaArgOp = defineOp({
  name: 'llvm.va_arg',
  operands: [operand('arg', LLVMAnyPointer)],
  results: [result('res', LLVMAnyType)],
  assemblyFormat: '$arg attr-dict `:` functional-type($arg, $res)',
});

// ============================================================================
// Intrinsics (LLVMIntrinsicOps.td)

const INTRINSIC_FORMAT = '`(` operands `)` attr-dict `:` functional-type(operands, results)';

function unaryFloatIntr<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.intr.${mnemonic}`,
    traits: [Traits.Pure, SameOperandsAndResultType],
    operands: [operand('in', FloatOrVector)],
    results: [result('res', LLVMAnyType)],
    attributes: [fastmathAttr()],
    assemblyFormat: INTRINSIC_FORMAT,
  });
}

function binaryFloatIntr<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.intr.${mnemonic}`,
    traits: [Traits.Pure, SameOperandsAndResultType],
    operands: [operand('a', FloatOrVector), operand('b', FloatOrVector)],
    results: [result('res', LLVMAnyType)],
    attributes: [fastmathAttr()],
    assemblyFormat: INTRINSIC_FORMAT,
  });
}

function ternaryFloatIntr<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.intr.${mnemonic}`,
    traits: [Traits.Pure, SameOperandsAndResultType],
    operands: [operand('a', FloatOrVector), operand('b', FloatOrVector), operand('c', FloatOrVector)],
    results: [result('res', LLVMAnyType)],
    attributes: [fastmathAttr()],
    assemblyFormat: INTRINSIC_FORMAT,
  });
}

function unaryIntIntr<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.intr.${mnemonic}`,
    traits: [Traits.Pure, SameOperandsAndResultType],
    operands: [operand('in', IntOrVector)],
    results: [result('res', LLVMAnyType)],
    assemblyFormat: INTRINSIC_FORMAT,
  });
}

function binaryIntIntr<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.intr.${mnemonic}`,
    traits: [Traits.Pure, SameOperandsAndResultType],
    operands: [operand('a', IntOrVector), operand('b', IntOrVector)],
    results: [result('res', LLVMAnyType)],
    assemblyFormat: INTRINSIC_FORMAT,
  });
}

function ternaryIntIntr<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.intr.${mnemonic}`,
    traits: [Traits.Pure, SameOperandsAndResultType],
    operands: [operand('a', IntOrVector), operand('b', IntOrVector), operand('c', IntOrVector)],
    results: [result('res', LLVMAnyType)],
    assemblyFormat: INTRINSIC_FORMAT,
  });
}

/** `*.with.overflow`: a `{result, overflow bit}` struct; generic form only. */
function withOverflowIntr<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.intr.${mnemonic}.with.overflow`,
    traits: [Traits.Pure, SameOperandsElementType],
    operands: [operand('lhs', IntOrVector), operand('rhs', IntOrVector)],
    results: [result('res', LLVMAnyType)],
  });
}

/** `ctlz`, `cttz`: generic form only. */
function countZerosIntr<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.intr.${mnemonic}`,
    traits: [Traits.Pure, SameOperandsAndResultType],
    operands: [operand('in', IntOrVector)],
    results: [result('res', LLVMAnyType)],
    attributes: [attr('is_zero_poison', I1Attr)],
  });
}

export const FAbsOp = unaryFloatIntr('fabs');
export const FFloorOp = unaryFloatIntr('floor');
export const FCeilOp = unaryFloatIntr('ceil');
export const SqrtOp = unaryFloatIntr('sqrt');
export const ExpOp = unaryFloatIntr('exp');
export const Exp2Op = unaryFloatIntr('exp2');
export const Exp10Op = unaryFloatIntr('exp10');
export const LogOp = unaryFloatIntr('log');
export const Log2Op = unaryFloatIntr('log2');
export const Log10Op = unaryFloatIntr('log10');
export const SinOp = unaryFloatIntr('sin');
export const CosOp = unaryFloatIntr('cos');
export const TanOp = unaryFloatIntr('tan');
export const ASinOp = unaryFloatIntr('asin');
export const ACosOp = unaryFloatIntr('acos');
export const ATanOp = unaryFloatIntr('atan');
export const SinhOp = unaryFloatIntr('sinh');
export const CoshOp = unaryFloatIntr('cosh');
export const TanhOp = unaryFloatIntr('tanh');
export const FTruncOp = unaryFloatIntr('trunc');
export const RoundOp = unaryFloatIntr('round');
export const RoundEvenOp = unaryFloatIntr('roundeven');
export const RintOp = unaryFloatIntr('rint');
export const NearbyintOp = unaryFloatIntr('nearbyint');
export const CopySignOp = binaryFloatIntr('copysign');
export const PowOp = binaryFloatIntr('pow');
export const ATan2Op = binaryFloatIntr('atan2');
export const MaxNumOp = binaryFloatIntr('maxnum');
export const MinNumOp = binaryFloatIntr('minnum');
export const MaximumOp = binaryFloatIntr('maximum');
export const MinimumOp = binaryFloatIntr('minimum');
export const FMAOp = ternaryFloatIntr('fma');
export const FMulAddOp = ternaryFloatIntr('fmuladd');
export const PowIOp = defineOp({
  name: 'llvm.intr.powi',
  traits: [Traits.Pure],
  operands: [operand('val', FloatOrVector), operand('power', AnySignlessInteger)],
  results: [result('res', LLVMAnyType)],
  attributes: [fastmathAttr()],
  assemblyFormat: INTRINSIC_FORMAT,
});

/** Whether a float is in any of the IEEE classes of `bit` (LLVM's FPClassTest mask); printed in generic form, as MLIR prints it. */
export const IsFPClassOp = defineOp({
  name: 'llvm.intr.is.fpclass',
  traits: [Traits.Pure],
  operands: [operand('in', FloatOrVector)],
  results: [result('res', LLVMAnyType)],
  attributes: [attr('bit', I32Attr)],
});

export const BitReverseOp = unaryIntIntr('bitreverse');
export const ByteSwapOp = unaryIntIntr('bswap');
export const CtPopOp = unaryIntIntr('ctpop');
export const SMaxOp = binaryIntIntr('smax');
export const SMinOp = binaryIntIntr('smin');
export const UMaxOp = binaryIntIntr('umax');
export const UMinOp = binaryIntIntr('umin');
export const SAddSat = binaryIntIntr('sadd.sat');
export const UAddSat = binaryIntIntr('uadd.sat');
export const SSubSat = binaryIntIntr('ssub.sat');
export const USubSat = binaryIntIntr('usub.sat');
export const FshlOp = ternaryIntIntr('fshl');
export const FshrOp = ternaryIntIntr('fshr');
export const SAddWithOverflowOp = withOverflowIntr('sadd');
export const UAddWithOverflowOp = withOverflowIntr('uadd');
export const SSubWithOverflowOp = withOverflowIntr('ssub');
export const USubWithOverflowOp = withOverflowIntr('usub');
export const SMulWithOverflowOp = withOverflowIntr('smul');
export const UMulWithOverflowOp = withOverflowIntr('umul');
export const CountLeadingZerosOp = countZerosIntr('ctlz');
export const CountTrailingZerosOp = countZerosIntr('cttz');
export const AbsOp = defineOp({
  name: 'llvm.intr.abs',
  traits: [Traits.Pure],
  operands: [operand('in', IntOrVector)],
  results: [result('res', LLVMAnyType)],
  attributes: [attr('is_int_min_poison', I1Attr)],
});

/** `memcpy`, `memmove`: generic form only. */
function memTransferIntr<const M extends string>(mnemonic: M) {
  return defineOp({
    name: `llvm.intr.${mnemonic}`,
    operands: [operand('dst', LLVMAnyPointer), operand('src', LLVMAnyPointer), operand('len', AnySignlessInteger)],
    attributes: [
      attr('isVolatile', I1Attr),
      ...aliasAttrs(),
      optionalAttr('arg_attrs', DictArrayAttr),
      optionalAttr('res_attrs', DictArrayAttr),
    ],
  });
}

export const MemcpyOp = memTransferIntr('memcpy');
export const MemmoveOp = memTransferIntr('memmove');
export const MemsetOp = defineOp({
  name: 'llvm.intr.memset',
  operands: [operand('dst', LLVMAnyPointer), operand('val', LLVMI8), operand('len', AnySignlessInteger)],
  attributes: [attr('isVolatile', I1Attr), ...aliasAttrs(), optionalAttr('arg_attrs', DictArrayAttr), optionalAttr('res_attrs', DictArrayAttr)],
});

export const StackSaveOp = defineOp({
  name: 'llvm.intr.stacksave',
  results: [result('res', AnyType)],
  assemblyFormat: 'attr-dict `:` qualified(type($res))',
});

export const StackRestoreOp = defineOp({
  name: 'llvm.intr.stackrestore',
  operands: [operand('ptr', LLVMAnyPointer)],
  assemblyFormat: '$ptr attr-dict `:` qualified(type($ptr))',
});

export const VaStartOp = defineOp({
  name: 'llvm.intr.vastart',
  operands: [operand('arg_list', LLVMAnyPointer)],
  assemblyFormat: '$arg_list attr-dict `:` qualified(type($arg_list))',
});

export const VaEndOp = defineOp({
  name: 'llvm.intr.vaend',
  operands: [operand('arg_list', LLVMAnyPointer)],
  assemblyFormat: '$arg_list attr-dict `:` qualified(type($arg_list))',
});

export const VaCopyOp = defineOp({
  name: 'llvm.intr.vacopy',
  operands: [operand('dest_list', LLVMAnyPointer), operand('src_list', LLVMAnyPointer)],
  assemblyFormat: '$src_list `to` $dest_list attr-dict `:` type(operands)',
});

export const LifetimeStartOp = defineOp({
  name: 'llvm.intr.lifetime.start',
  operands: [operand('ptr', LLVMAnyPointer)],
  assemblyFormat: '$ptr attr-dict `:` qualified(type($ptr))',
});

export const LifetimeEndOp = defineOp({
  name: 'llvm.intr.lifetime.end',
  operands: [operand('ptr', LLVMAnyPointer)],
  assemblyFormat: '$ptr attr-dict `:` qualified(type($ptr))',
});

export const InvariantStartOp = defineOp({
  name: 'llvm.intr.invariant.start',
  operands: [operand('ptr', LLVMAnyPointer)],
  results: [result('res', LLVMDefaultPointer)],
  attributes: [attr('size', I64Attr)],
  assemblyFormat: '$size `,` $ptr attr-dict `:` qualified(type($ptr))',
});

export const InvariantEndOp = defineOp({
  name: 'llvm.intr.invariant.end',
  operands: [operand('start', LLVMDefaultPointer), operand('ptr', LLVMAnyPointer)],
  attributes: [attr('size', I64Attr)],
  assemblyFormat: '$start `,` $size `,` $ptr attr-dict `:` qualified(type($ptr))',
});

export const AssumeOp = defineOp({
  name: 'llvm.intr.assume',
  operands: [operand('cond', LLVMI1), variadicOperand('op_bundle_operands', LLVMAnyType)],
  attributes: [attr('op_bundle_sizes', DenseI32ArrayC), optionalAttr('op_bundle_tags', ArrayAttrOf('array attribute'))],
});

// ODS: `$cond (custom<OpBundles>($op_bundle_operands, type($op_bundle_operands), $op_bundle_tags)^)?
// `:` type($cond) attr-dict`. The bundle operands are a VariadicOfVariadic whose sizes
// (`op_bundle_sizes`) the format elides; the format engine has no such group, so the syntax is
// written out with the same shared OpBundles pieces.
implementOp(AssumeOp, {
  parse(p, state) {
    const cond = p.parseOperand();
    const bundles = parseOpBundles(p);
    if (bundles.tags.length) state.attributes.set('op_bundle_tags', ArrayAttr.get(bundles.tags));
    setOpBundleSizes(state, bundles.sizes);
    const offset = p.currentOffset();
    const t = p.parseColonType();
    p.parseOptionalAttrDict(state);
    state.operands = [p.resolveOperand(cond, t), ...p.resolveOperands(bundles.operands, bundles.types, offset)];
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(AssumeOp.cond(op));
    // MLIR prints the group (a space and the bundles) whenever any of the directive's arguments is set.
    const tags = AssumeOp.op_bundle_tags(op);
    const operands = AssumeOp.op_bundle_operands(op);
    if (tags || operands.length) {
      p.write(' ');
      printOpBundles(p, operands, tags, op.propertiesView.get('op_bundle_sizes'));
    }
    p.write(' : ');
    p.printType(AssumeOp.cond(op).type);
    printAttrDict(p, op, ['op_bundle_sizes', 'op_bundle_tags']);
  },
});

// ============================================================================
// Module-level metadata (no run-time behaviour)

export const LinkerOptionsOp = defineOp({
  name: 'llvm.linker_options',
  attributes: [attr('options', ArrayAttrOf('string array attribute'))],
  assemblyFormat: '$options attr-dict',
});

export const ModuleFlagsOp = defineOp({
  name: 'llvm.module_flags',
  attributes: [attr('flags', ArrayAttrOf('array attribute'))],
  assemblyFormat: '$flags attr-dict',
});

export const ComdatOp = defineOp({
  name: 'llvm.comdat',
  traits: [Traits.NoTerminator, Traits.SymbolTable, Traits.Symbol],
  attributes: [attr('sym_name', SymbolNameAttrC)],
  regions: [sizedRegion('body', 1)],
  assemblyFormat: '$sym_name $body attr-dict',
});

export const ComdatSelectorOp = defineOp({
  name: 'llvm.comdat_selector',
  traits: [Traits.Symbol],
  attributes: [attr('sym_name', SymbolNameAttrC), attr('comdat', Comdat)],
  assemblyFormat: '$sym_name $comdat attr-dict',
});
implementOp(ComdatSelectorOp, { parentOps: [ComdatOp] });

export const AliasOp = defineOp({
  name: 'llvm.mlir.alias',
  traits: [Traits.IsolatedFromAbove, Traits.SingleBlock, Traits.Symbol],
  attributes: [
    attr('alias_type', TypeAttrC),
    attr('sym_name', SymbolNameAttrC),
    attr('linkage', LinkageC),
    unitAttr('dso_local'),
    unitAttr('thread_local_'),
    optionalAttr('unnamed_addr', UnnamedAddr),
    defaultValuedAttr('visibility_', Visibility, VISIBILITY_DEFAULT),
  ],
  regions: [sizedRegion('initializer', 1)],
});

implementOp(AliasOp, {
  parse(p, state) {
    const words = parseGlobalKeywords(p, state, ['thread_local']);
    if (words.has('thread_local')) state.attributes.set('thread_local_', UnitAttr.get());
    state.attributes.set('sym_name', StringAttr.get(p.parseSymbolName()));
    p.parseOptionalAttrDict(state);
    state.attributes.set('alias_type', TypeAttr.get(p.parseColonType()));
    p.parseRegion(state.addRegion(new Region()));
  },
  print(p, op) {
    p.write(' ' + Linkage.stringify(AliasOp.linkage(op)) + ' ');
    printVisibilityAndUnnamedAddr(p, AliasOp.visibility_(op), AliasOp.thread_local_(op), AliasOp.unnamed_addr(op));
    p.printSymbolName(AliasOp.sym_name(op));
    printAttrDict(p, op, ['sym_name', 'alias_type', 'linkage', 'unnamed_addr', 'thread_local_', 'visibility_']);
    p.write(' : ');
    p.printType(AliasOp.alias_type(op));
    p.write(' ');
    p.printRegion(AliasOp.initializer(op), { printEntryBlockArgs: false });
  },
});

// ============================================================================

/** Every op of the dialect, for defineDialect. */
export const LLVM_OPS = [
  LLVMFuncOp,
  ReturnOp,
  UnreachableOp,
  CallOp,
  BrOp,
  CondBrOp,
  SwitchOp,
  ConstantOp,
  AddressOfOp,
  GlobalOp,
  GlobalCtorsOp,
  GlobalDtorsOp,
  PoisonOp,
  UndefOp,
  ZeroOp,
  ExtractValueOp,
  InsertValueOp,
  ExtractElementOp,
  InsertElementOp,
  ShuffleVectorOp,
  LoadOp,
  StoreOp,
  AllocaOp,
  GEPOp,
  ICmpOp,
  FCmpOp,
  SelectOp,
  FNegOp,
  AddOp,
  SubOp,
  MulOp,
  ShlOp,
  UDivOp,
  SDivOp,
  URemOp,
  SRemOp,
  AndOp,
  OrOp,
  XOrOp,
  LShrOp,
  AShrOp,
  FAddOp,
  FSubOp,
  FMulOp,
  FDivOp,
  FRemOp,
  TruncOp,
  ZExtOp,
  UIToFPOp,
  SExtOp,
  SIToFPOp,
  FPToSIOp,
  FPToUIOp,
  FPExtOp,
  FPTruncOp,
  BitcastOp,
  PtrToIntOp,
  IntToPtrOp,
  AddrSpaceCastOp,
  VaArgOp,
  FAbsOp,
  FFloorOp,
  FCeilOp,
  SqrtOp,
  ExpOp,
  Exp2Op,
  Exp10Op,
  LogOp,
  Log2Op,
  Log10Op,
  SinOp,
  CosOp,
  TanOp,
  ASinOp,
  ACosOp,
  ATanOp,
  SinhOp,
  CoshOp,
  TanhOp,
  FTruncOp,
  RoundOp,
  RoundEvenOp,
  RintOp,
  NearbyintOp,
  CopySignOp,
  PowOp,
  ATan2Op,
  MaxNumOp,
  MinNumOp,
  MaximumOp,
  MinimumOp,
  FMAOp,
  FMulAddOp,
  PowIOp,
  IsFPClassOp,
  BitReverseOp,
  ByteSwapOp,
  CtPopOp,
  SMaxOp,
  SMinOp,
  UMaxOp,
  UMinOp,
  SAddSat,
  UAddSat,
  SSubSat,
  USubSat,
  FshlOp,
  FshrOp,
  SAddWithOverflowOp,
  UAddWithOverflowOp,
  SSubWithOverflowOp,
  USubWithOverflowOp,
  SMulWithOverflowOp,
  UMulWithOverflowOp,
  CountLeadingZerosOp,
  CountTrailingZerosOp,
  AbsOp,
  MemcpyOp,
  MemmoveOp,
  MemsetOp,
  StackSaveOp,
  StackRestoreOp,
  VaStartOp,
  VaEndOp,
  VaCopyOp,
  LifetimeStartOp,
  LifetimeEndOp,
  InvariantStartOp,
  InvariantEndOp,
  AssumeOp,
  LinkerOptionsOp,
  ModuleFlagsOp,
  ComdatOp,
  ComdatSelectorOp,
  AliasOp,
] as const;

export type { Op };
