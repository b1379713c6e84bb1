// The memref dialect's ops (MLIR 22's MemRefOps.td): allocation, accesses,
// views of buffers, globals and shape queries, each declared once with its
// typed handle (AllocOp, LoadOp, SubViewOp, ...), MLIR's assembly format or,
// where ODS has hasCustomAssemblyFormat, custom syntax, and the verifiers
// and interfaces passes rely on. Folders and canonicalization patterns are
// attached in canonicalize.ts.

import type { Attribute, Type } from '../../ir/attributes.js';
import { AffineDimExpr, AffineMap } from '../../ir/affine.js';
import {
  AffineMapAttr,
  ArrayAttr,
  DenseArrayAttr,
  ElementsAttr,
  IntegerAttr,
  StridedLayoutAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
} from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, MemRefType, NoneType, RankedTensorType, ShapedType, UnrankedMemRefType, kDynamicI64 } from '../../ir/builtin-types.js';
import { Traits, emitError, fail, failPlain, q, type Context } from '../../ir/context.js';
import { Interfaces, type MemoryEffect, type MemoryEffectKind, type MemoryEffectsInterface, type SpeculatableInterface } from '../../ir/interfaces.js';
import { matchConstantInt } from '../../ir/matchers.js';
import type { OpAsmParser, OperationState, UnresolvedOperand } from '../../ir/op-asm.js';
import { isMemoryEffectFree } from '../../ir/side-effects.js';
import { Block, Operation, Region, type Value } from '../../ir/operation.js';
import { lookupNearestSymbolFrom, verifySymbolOp, type SymbolUserInterface } from '../../ir/symbol-table.js';
import {
  AllTypesMatch,
  AnyAttr,
  AnyType,
  AttrSizedOperandSegments,
  BoolAttrC,
  DenseI64ArrayAttrC,
  FlatSymbolRefAttrC,
  Index,
  SameOperandsElementType,
  SameOperandsShape,
  SingleBlockTrait,
  StrAttrC,
  SymbolNameAttrC,
  TypesMatchWith,
  allAttrs,
  attr,
  attrConstraint,
  defaultValuedOptionalAttr,
  defineOp,
  parseDynamicIndexList,
  printDynamicIndexList,
  i64EnumAttr,
  implementOp,
  operand,
  optionalAttr,
  optionalOperand,
  region,
  registerCustomDirective,
  result,
  sizedRegion,
  typeConstraint,
  typeClassMismatch,
  withTypeClass,
  type TypeConstraint,
  unitAttr,
  variadicOperand,
  variadicResult,
  verifyImplicitTerminator,
  type AttrConstraint,
  type OdsTrait,
} from '../../ods/index.js';
import { parseAffineMapOrSet } from '../../syntax/attribute-parser.js';
import { Tok } from '../../syntax/lexer.js';
import { tokenParser } from '../../syntax/parser.js';
import {
  canonicalLayoutKey,
  isDyn,
  isStrided,
  kDynamic,
  layoutIsIdentity,
  layoutNumSymbols,
  memrefRankReductionMask,
  satAdd,
  satMul,
  stridedLinearLayoutMap,
  stridesAndOffset,
} from './layout.js';

// ============================================================================
// Constraints

/** ShapedType::kDynamic as stored in the static index lists (i64). */
const toStatic = (v: bigint): number => (v === kDynamicI64 ? kDynamic : Number(v));

const isRanked = (t: Type): t is MemRefType => t instanceof MemRefType;
const isMemRef = (t: Type): boolean => t instanceof MemRefType || t instanceof UnrankedMemRefType;

// `type($x)` of a MemRefOf-based constraint parses a MemRefType (named
// builtin.memref); of a ranked-or-unranked one, a BaseMemRefType (no name).
const memrefClass = { name: 'builtin.memref', is: isRanked };
const baseMemrefClass = { is: isMemRef };
const memrefOf = (summary: string, check: (t: Type) => boolean): TypeConstraint => withTypeClass(typeConstraint(summary, check), memrefClass);

/** MLIR's parseColonType<MemRefType>: a type of another kind is reported at the colon. */
function parseColonMemRefType(p: OpAsmParser): MemRefType {
  const offset = p.currentOffset();
  p.parseColon();
  const t = p.parseType();
  return memrefClass.is(t) ? t : p.error(typeClassMismatch(memrefClass, t), offset);
}

/** MLIR's AnyMemRef (ranked memrefs only). */
const RankedMemRef = memrefOf('memref of any type values', isRanked);
const AnyRankedOrUnrankedMemRef = withTypeClass(typeConstraint('ranked or unranked memref of any type values', isMemRef), baseMemrefClass);
const AnyNon0RankedOrUnrankedMemRef = typeConstraint(
  'unranked.memref of any type values or non-0-ranked.memref of any type values',
  (t) => t instanceof UnrankedMemRefType || (t instanceof MemRefType && t.rank !== 0),
);
const AnyStridedMemRef = memrefOf('strided memref of any type values', (t) => isRanked(t) && isStrided(t));
const AnyStaticShapeMemRef = memrefOf('statically shaped memref of any type values', (t) => isRanked(t) && t.hasStaticShape);
const IntOrFloat = (t: Type): boolean => (t instanceof IntegerType && t.signedness === 'signless') || t instanceof FloatType;
const SignlessIntOrFloat = typeConstraint('signless integer or floating-point', IntOrFloat);
const MemRefOfIntOrFloat = memrefOf('memref of signless integer or floating-point values', (t) => isRanked(t) && IntOrFloat(t.elementType));
const OneDMemRefI8 = memrefOf(
  '1D memref of 8-bit signless integer values',
  (t) => isRanked(t) && t.rank === 1 && t.elementType instanceof IntegerType && t.elementType.width === 8 && t.elementType.signedness === 'signless',
);
const OneDMemRef = memrefOf('1D memref of any type values', (t) => isRanked(t) && t.rank === 1);
const ShapeMemRef = memrefOf(
  '1D memref of signless integer or index values',
  (t) => isRanked(t) && t.rank === 1 && ((t.elementType instanceof IntegerType && t.elementType.signedness === 'signless') || t.elementType instanceof IndexType),
);
const ZeroDStridedMemRef = memrefOf('strided memref of any type values of rank 0', (t) => isRanked(t) && t.rank === 0 && isStrided(t));

const elementTypeOf = (t: Type): Type => (t instanceof ShapedType ? t.elementType : t);

const i64 = IntegerType.get(64);
const i32 = IntegerType.get(32);
const isI64 = (a: Attribute): a is IntegerAttr => a instanceof IntegerAttr && a.type === i64;

/** An integer attribute of `type` with a value condition, read as a bigint. */
function confinedIntAttr(summary: string, type: IntegerType, pred: (v: bigint) => boolean): AttrConstraint<IntegerAttr, bigint> {
  return attrConstraint<IntegerAttr, bigint>(summary, (a) => a instanceof IntegerAttr && a.type === type && pred(a.value), {
    convertible: (a) => a instanceof IntegerAttr,
    valueType: type,
    decode: (a) => a.value,
    encode: (v) => IntegerAttr.get(type, v),
  });
}
const I64PositivePow2 = confinedIntAttr(
  '64-bit signless integer attribute whose value is positive and whose value is a power of two > 0',
  i64,
  (v) => v > 0n && (v & (v - 1n)) === 0n,
);
const I32Positive = confinedIntAttr('32-bit signless integer attribute whose value is positive', i32, (v) => v > 0n);
const LocalityHint = confinedIntAttr(
  '32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3',
  i32,
  (v) => v >= 0n && v <= 3n,
);
const IndexListArrayAttr = attrConstraint<ArrayAttr>(
  'Array of 64-bit integer array attributes',
  (a) => a instanceof ArrayAttr && a.elements.every((g) => g instanceof ArrayAttr && g.elements.every(isI64)),
  { valueType: NoneType.get() },
);
const MemRefTypeAttr = attrConstraint<TypeAttr, MemRefType>('memref type attribute', (a) => a instanceof TypeAttr && a.value instanceof MemRefType, {
  convertible: (a) => a instanceof TypeAttr,
  valueType: NoneType.get(),
  decode: (a) => a.value as MemRefType,
  encode: (v) => TypeAttr.get(v),
});
const AffineMapAttrC = attrConstraint<AffineMapAttr, AffineMap>('AffineMap attribute', (a) => a instanceof AffineMapAttr, {
  decode: (a) => a.value,
  encode: (v) => AffineMapAttr.get(v),
});
/** `OptionalAttr<StrAttr>` in a format: only a string literal starts it (not the `@name` that follows). */
const SymVisibilityAttr: AttrConstraint<StringAttr, string> = {
  ...StrAttrC,
  parseOptionalBare(p) {
    const s = p.parseOptionalString();
    return s === undefined ? undefined : StringAttr.get(s);
  },
  parseBare(p) {
    const s = p.parseOptionalString();
    if (s === undefined) p.error('expected string');
    return StringAttr.get(s!);
  },
};

const ATOMIC_KINDS = [
  'addf',
  'addi',
  'andi',
  'assign',
  'maximumf',
  'maxnumf',
  'maxs',
  'maxu',
  'minimumf',
  'minnumf',
  'mins',
  'minu',
  'mulf',
  'muli',
  'ori',
  'xori',
] as const;
/** `AtomicRMWKindAttr`: `AtomicRMWKind.case.addf`, ... */
export const AtomicRMWKind = i64EnumAttr(ATOMIC_KINDS, 'allowed 64-bit signless integer cases: ' + ATOMIC_KINDS.map((_, i) => i).join(', '));

/** `NoRegionArguments` (a structural trait: checked before the declared invariants). */
const NoRegionArguments: OdsTrait = {
  name: 'NoRegionArguments',
  structural: true,
  verifyTrait(op) {
    for (let i = 0; i < op.regions.length; i++) {
      const r = op.regions[i];
      if (r.empty || r.entry.args.length === 0) continue;
      return op.regions.length > 1 ? `region #${i} should have no arguments` : 'region should have no arguments';
    }
    return undefined;
  },
};


// ============================================================================
// Mixed static/dynamic values

/** A static (number) or dynamic (SSA value) offset, size or stride: MLIR's OpFoldResult. */
export type OpFoldResult = number | Value;

/** A static index list attribute (`static_sizes`, ...) with kDynamic for dynamic entries. */
function staticList(op: Operation, name: string): number[] {
  const a = op.propertiesView.get(name);
  return a instanceof DenseArrayAttr ? a.values.map(toStatic) : [];
}

/** MLIR's getMixedValues: static entries as numbers, dynamic ones as their operands in order. */
function mixedValues(statics: readonly number[], dynamics: readonly Value[]): OpFoldResult[] {
  let d = 0;
  return statics.map((s) => (isDyn(s) ? dynamics[d++] : s));
}

// ============================================================================
// Declarations

const OFFSET_SIZE_STRIDE_OPERANDS = [variadicOperand('offsets', Index), variadicOperand('sizes', Index), variadicOperand('strides', Index)] as const;
const STATIC_ATTRS = [
  attr('static_offsets', DenseI64ArrayAttrC),
  attr('static_sizes', DenseI64ArrayAttrC),
  attr('static_strides', DenseI64ArrayAttrC),
] as const;

function allocLike<const N extends string>(name: N, summary: string) {
  return defineOp({
    name,
    summary,
    traits: [AttrSizedOperandSegments],
    operands: [variadicOperand('dynamicSizes', Index), variadicOperand('symbolOperands', Index)],
    results: [result('memref', RankedMemRef)],
    attributes: [optionalAttr('alignment', I64PositivePow2)],
    assemblyFormat: '`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)',
  });
}

/** The handle type shared by `memref.alloc` and `memref.alloca`. */
export type AllocLikeHandle<N extends 'memref.alloc' | 'memref.alloca'> = ReturnType<typeof allocLike<N>>;

export const AllocOp: AllocLikeHandle<'memref.alloc'> = allocLike('memref.alloc', 'memory allocation operation');
export const AllocaOp: AllocLikeHandle<'memref.alloca'> = allocLike('memref.alloca', 'stack memory allocation operation');

export const AllocaScopeOp = defineOp({
  name: 'memref.alloca_scope',
  summary: 'explicitly delimited scope for stack allocation',
  traits: [Traits.AutomaticAllocationScope, SingleBlockTrait, Traits.RecursiveMemoryEffects, NoRegionArguments],
  results: [variadicResult('results', AnyType)],
  regions: [sizedRegion('bodyRegion', 1)],
});

export const AllocaScopeReturnOp = defineOp({
  name: 'memref.alloca_scope.return',
  summary: 'terminator for alloca_scope operation',
  traits: [Traits.Pure, Traits.ReturnLike, Traits.IsTerminator],
  operands: [variadicOperand('results', AnyType)],
  assemblyFormat: 'attr-dict ($results^ `:` type($results))?',
});

export const AssumeAlignmentOp = defineOp({
  name: 'memref.assume_alignment',
  summary: 'assumption that gives alignment information to the input memref',
  traits: [Traits.Pure, AllTypesMatch(['memref', 'result'])],
  operands: [operand('memref', RankedMemRef)],
  results: [result('result', RankedMemRef)],
  attributes: [attr('alignment', I32Positive)],
  assemblyFormat: '$memref `,` $alignment attr-dict `:` type($memref)',
});

export const AtomicRMWOp = defineOp({
  name: 'memref.atomic_rmw',
  summary: 'atomic read-modify-write operation',
  traits: [AllTypesMatch(['value', 'result']), TypesMatchWith('value type matches element type of memref', 'memref', 'value', elementTypeOf)],
  operands: [operand('value', SignlessIntOrFloat), operand('memref', MemRefOfIntOrFloat), variadicOperand('indices', Index)],
  results: [result('result', SignlessIntOrFloat)],
  attributes: [attr('kind', AtomicRMWKind)],
  assemblyFormat: '$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)',
});

export const AtomicYieldOp = defineOp({
  name: 'memref.atomic_yield',
  summary: 'yield operation for GenericAtomicRMWOp',
  traits: [Traits.Pure, Traits.IsTerminator],
  operands: [operand('result', AnyType)],
  assemblyFormat: '$result attr-dict `:` type($result)',
});

export const CastOp = defineOp({
  name: 'memref.cast',
  summary: 'memref cast operation',
  traits: [Traits.Pure],
  operands: [operand('source', AnyRankedOrUnrankedMemRef)],
  results: [result('dest', AnyRankedOrUnrankedMemRef)],
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($dest)',
});

export const CollapseShapeOp = defineOp({
  name: 'memref.collapse_shape',
  summary: 'operation to produce a memref with a smaller rank.',
  traits: [Traits.Pure],
  operands: [operand('src', AnyStridedMemRef)],
  results: [result('result', AnyStridedMemRef)],
  attributes: [attr('reassociation', IndexListArrayAttr)],
  assemblyFormat: '$src $reassociation attr-dict `:` type($src) `into` type($result)',
}).withAccessors({
  /** The reassociation groups as lists of dims (getReassociationIndices). */
  reassociationIndices: (op): number[][] => reassociationIndices(op),
});

export const CopyOp = defineOp({
  name: 'memref.copy',
  traits: [SameOperandsElementType, SameOperandsShape],
  operands: [operand('source', AnyRankedOrUnrankedMemRef), operand('target', AnyRankedOrUnrankedMemRef)],
  assemblyFormat: '$source `,` $target attr-dict `:` type($source) `to` type($target)',
});

export const DeallocOp = defineOp({
  name: 'memref.dealloc',
  summary: 'memory deallocation operation',
  operands: [operand('memref', AnyRankedOrUnrankedMemRef)],
  assemblyFormat: '$memref attr-dict `:` type($memref)',
});

export const DimOp = defineOp({
  name: 'memref.dim',
  summary: 'dimension index operation',
  operands: [operand('source', AnyNon0RankedOrUnrankedMemRef), operand('index', Index)],
  results: [result('result', Index)],
  assemblyFormat: 'attr-dict $source `,` $index `:` type($source)',
});

// Generic form only in the corpus.
export const DistinctObjectsOp = defineOp({
  name: 'memref.distinct_objects',
  summary: 'assumption that acesses to specific memrefs will never alias',
  traits: [Traits.Pure],
  operands: [variadicOperand('operands', RankedMemRef)],
  results: [variadicResult('results', RankedMemRef)],
  // The results have the operands' types (MLIR's inferReturnTypes).
  inferResultTypes: (operandTypes) => [...operandTypes],
  assemblyFormat: '$operands attr-dict `:` type($operands)',
});

export const DmaStartOp = defineOp({
  name: 'memref.dma_start',
  summary: 'non-blocking DMA operation that starts a transfer',
  operands: [variadicOperand('operands', AnyType)],
}).withAccessors({
  srcMemRef: (op): Value => op.operand(0),
  srcIndices: (op): Value[] => op.operands.slice(1, dmaLayout(op)!.dst),
  dstMemRef: (op): Value => op.operand(dmaLayout(op)!.dst),
  dstIndices: (op): Value[] => {
    const l = dmaLayout(op)!;
    return op.operands.slice(l.dst + 1, l.num);
  },
  numElements: (op): Value => op.operand(dmaLayout(op)!.num),
  tagMemRef: (op): Value => op.operand(dmaLayout(op)!.tag),
  tagIndices: (op): Value[] => {
    const l = dmaLayout(op)!;
    return op.operands.slice(l.tag + 1, l.end);
  },
  /** The stride and number of elements per stride, when given. */
  stride: (op): Value | undefined => (op.numOperands > dmaLayout(op)!.end ? op.operand(op.numOperands - 2) : undefined),
  numElementsPerStride: (op): Value | undefined => (op.numOperands > dmaLayout(op)!.end ? op.operand(op.numOperands - 1) : undefined),
});

export const DmaWaitOp = defineOp({
  name: 'memref.dma_wait',
  summary: 'blocking DMA operation that waits for transfer completion',
  operands: [operand('tagMemRef', RankedMemRef), variadicOperand('tagIndices', Index), operand('numElements', Index)],
  assemblyFormat: '$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)',
});

export const ExpandShapeOp = defineOp({
  name: 'memref.expand_shape',
  summary: 'operation to produce a memref with a higher rank.',
  traits: [Traits.Pure],
  operands: [operand('src', AnyStridedMemRef), variadicOperand('output_shape', Index)],
  results: [result('result', AnyStridedMemRef)],
  attributes: [attr('reassociation', IndexListArrayAttr), attr('static_output_shape', DenseI64ArrayAttrC)],
  assemblyFormat:
    '$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` type($src) `into` type($result)',
}).withAccessors({
  reassociationIndices: (op): number[][] => reassociationIndices(op),
  mixedOutputShape: (op): OpFoldResult[] => mixedValues(staticList(op, 'static_output_shape'), ExpandShapeOp.output_shape(op)),
});

export const ExtractAlignedPointerAsIndexOp = defineOp({
  name: 'memref.extract_aligned_pointer_as_index',
  summary: "Extracts a memref's underlying aligned pointer as an index",
  traits: [Traits.Pure],
  operands: [operand('source', AnyRankedOrUnrankedMemRef)],
  results: [result('aligned_pointer', Index)],
  assemblyFormat: '$source `:` type($source) `->` type(results) attr-dict',
});

export const ExtractStridedMetadataOp = defineOp({
  name: 'memref.extract_strided_metadata',
  summary: 'Extracts a buffer base with offset and strides',
  traits: [Traits.Pure],
  operands: [operand('source', AnyStridedMemRef)],
  results: [result('base_buffer', ZeroDStridedMemRef), result('offset', Index), variadicResult('sizes', Index), variadicResult('strides', Index)],
  assemblyFormat: '$source `:` type($source) `->` type(results) attr-dict',
});

export const GenericAtomicRMWOp = defineOp({
  name: 'memref.generic_atomic_rmw',
  summary: 'atomic read-modify-write operation with a region',
  traits: [SingleBlockTrait, TypesMatchWith('result type matches element type of memref', 'memref', 'result', elementTypeOf)],
  operands: [operand('memref', MemRefOfIntOrFloat), variadicOperand('indices', Index)],
  results: [result('result', SignlessIntOrFloat)],
  regions: [region('atomic_body')],
}).withAccessors({
  /** The value stored at memref[indices] before the write (the body's argument). */
  currentValue: (op): Value => op.regions[0].entry.args[0],
});

export const GetGlobalOp = defineOp({
  name: 'memref.get_global',
  summary: 'get the memref pointing to a global variable',
  traits: [Traits.Pure],
  results: [result('result', AnyStaticShapeMemRef)],
  attributes: [attr('name', FlatSymbolRefAttrC)],
  assemblyFormat: '$name `:` type($result) attr-dict',
});

export const GlobalOp = defineOp({
  name: 'memref.global',
  summary: 'declare or define a global memref variable',
  traits: [Traits.Symbol],
  attributes: [
    attr('sym_name', SymbolNameAttrC),
    optionalAttr('sym_visibility', SymVisibilityAttr),
    attr('type', MemRefTypeAttr),
    optionalAttr('initial_value', AnyAttr),
    unitAttr('constant'),
    optionalAttr('alignment', I64PositivePow2),
  ],
  assemblyFormat:
    '($sym_visibility^)? (`constant` $constant^)? $sym_name `:` custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict',
}).withAccessors({
  /** A declaration: no initial value. */
  isExternal: (op): boolean => op.getAttr('initial_value') === undefined,
  /** Defined without an initial value (`= uninitialized`). */
  isUninitialized: (op): boolean => op.getAttr('initial_value') instanceof UnitAttr,
});

export const LoadOp = defineOp({
  name: 'memref.load',
  summary: 'load operation',
  traits: [TypesMatchWith("result type matches element type of 'memref'", 'memref', 'result', elementTypeOf)],
  operands: [operand('memref', RankedMemRef), variadicOperand('indices', Index)],
  results: [result('result', AnyType)],
  attributes: [defaultValuedOptionalAttr('nontemporal', BoolAttrC, IntegerAttr.get(IntegerType.get(1), 0)), optionalAttr('alignment', I64PositivePow2)],
  assemblyFormat: '$memref `[` $indices `]` attr-dict `:` type($memref)',
});

export const MemorySpaceCastOp = defineOp({
  name: 'memref.memory_space_cast',
  summary: 'memref memory space cast operation',
  traits: [Traits.Pure],
  operands: [operand('source', AnyRankedOrUnrankedMemRef)],
  results: [result('dest', AnyRankedOrUnrankedMemRef)],
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($dest)',
});

export const PrefetchOp = defineOp({
  name: 'memref.prefetch',
  summary: 'prefetch operation',
  operands: [operand('memref', RankedMemRef), variadicOperand('indices', Index)],
  attributes: [attr('isWrite', BoolAttrC), attr('localityHint', LocalityHint), attr('isDataCache', BoolAttrC)],
});

export const RankOp = defineOp({
  name: 'memref.rank',
  summary: 'rank operation',
  traits: [Traits.Pure],
  operands: [operand('memref', AnyRankedOrUnrankedMemRef)],
  results: [result('result', Index)],
  assemblyFormat: '$memref attr-dict `:` type($memref)',
});

export const ReallocOp = defineOp({
  name: 'memref.realloc',
  summary: 'memory reallocation operation',
  operands: [operand('source', OneDMemRef), optionalOperand('dynamicResultSize', Index)],
  results: [result('result', OneDMemRef)],
  attributes: [optionalAttr('alignment', I64PositivePow2)],
  assemblyFormat: '$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)',
});

export const ReinterpretCastOp = defineOp({
  name: 'memref.reinterpret_cast',
  summary: 'memref reinterpret cast operation',
  traits: [AttrSizedOperandSegments, Traits.Pure],
  operands: [operand('source', AnyRankedOrUnrankedMemRef), ...OFFSET_SIZE_STRIDE_OPERANDS],
  results: [result('result', AnyStridedMemRef)],
  attributes: STATIC_ATTRS,
  assemblyFormat:
    '$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)',
}).withAccessors({
  mixedOffsets: (op): OpFoldResult[] => mixedValues(staticList(op, 'static_offsets'), ReinterpretCastOp.offsets(op)),
  mixedSizes: (op): OpFoldResult[] => mixedValues(staticList(op, 'static_sizes'), ReinterpretCastOp.sizes(op)),
  mixedStrides: (op): OpFoldResult[] => mixedValues(staticList(op, 'static_strides'), ReinterpretCastOp.strides(op)),
});

export const ReshapeOp = defineOp({
  name: 'memref.reshape',
  summary: 'memref reshape operation',
  traits: [Traits.Pure],
  operands: [operand('source', AnyRankedOrUnrankedMemRef), operand('shape', ShapeMemRef)],
  results: [result('result', AnyRankedOrUnrankedMemRef)],
  assemblyFormat: '$source `(` $shape `)` attr-dict `:` functional-type(operands, results)',
});

export const StoreOp = defineOp({
  name: 'memref.store',
  summary: 'store operation',
  traits: [TypesMatchWith("type of 'value' matches element type of 'memref'", 'memref', 'value', elementTypeOf)],
  operands: [operand('value', AnyType), operand('memref', RankedMemRef), variadicOperand('indices', Index)],
  attributes: [defaultValuedOptionalAttr('nontemporal', BoolAttrC, IntegerAttr.get(IntegerType.get(1), 0)), optionalAttr('alignment', I64PositivePow2)],
  assemblyFormat: '$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)',
});

export const SubViewOp = defineOp({
  name: 'memref.subview',
  summary: 'memref subview operation',
  traits: [AttrSizedOperandSegments, Traits.Pure],
  operands: [operand('source', RankedMemRef), ...OFFSET_SIZE_STRIDE_OPERANDS],
  results: [result('result', RankedMemRef)],
  attributes: STATIC_ATTRS,
  assemblyFormat:
    '$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)',
}).withAccessors({
  mixedOffsets: (op): OpFoldResult[] => mixedValues(staticList(op, 'static_offsets'), SubViewOp.offsets(op)),
  mixedSizes: (op): OpFoldResult[] => mixedValues(staticList(op, 'static_sizes'), SubViewOp.sizes(op)),
  mixedStrides: (op): OpFoldResult[] => mixedValues(staticList(op, 'static_strides'), SubViewOp.strides(op)),
  /** The source dims dropped by a rank-reducing subview (getDroppedDims). */
  droppedDims: (op): Set<number> =>
    memrefRankReductionMask(op.operand(0).type as MemRefType, op.result(0).type as MemRefType, staticList(op, 'static_sizes')) ?? new Set(),
});

export const TransposeOp = defineOp({
  name: 'memref.transpose',
  summary: '`transpose` produces a new strided memref (metadata-only)',
  traits: [Traits.Pure],
  operands: [operand('in', AnyStridedMemRef)],
  results: [result('result', AnyStridedMemRef)],
  attributes: [attr('permutation', AffineMapAttrC)],
});

export const ViewOp = defineOp({
  name: 'memref.view',
  summary: 'memref view operation',
  traits: [Traits.Pure],
  operands: [operand('source', OneDMemRefI8), operand('byte_shift', Index), variadicOperand('sizes', Index)],
  results: [result('result', RankedMemRef)],
  assemblyFormat: '$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)',
});

/** Every memref op, in the order the dialect registers them. */
export const MEMREF_OPS = [
  AllocOp,
  AllocaOp,
  AllocaScopeOp,
  AllocaScopeReturnOp,
  AssumeAlignmentOp,
  AtomicRMWOp,
  AtomicYieldOp,
  CastOp,
  CollapseShapeOp,
  CopyOp,
  DeallocOp,
  DimOp,
  DistinctObjectsOp,
  DmaStartOp,
  DmaWaitOp,
  ExpandShapeOp,
  ExtractAlignedPointerAsIndexOp,
  ExtractStridedMetadataOp,
  GenericAtomicRMWOp,
  GetGlobalOp,
  GlobalOp,
  LoadOp,
  MemorySpaceCastOp,
  PrefetchOp,
  RankOp,
  ReallocOp,
  ReinterpretCastOp,
  ReshapeOp,
  StoreOp,
  SubViewOp,
  TransposeOp,
  ViewOp,
] as const;

// ============================================================================
// Shared pieces of the implementations

/**
 * Memory effects. The accessed memref is read by position: the effects are
 * queried per op by CSE, LICM and the like, and the accessors of ops with
 * variadic groups compute the segments each time.
 */
function effects(
  fn: (op: Operation) => MemoryEffect[],
  removableWhenUnused?: boolean,
  effectKinds?: readonly MemoryEffectKind[],
): { [Interfaces.MemoryEffects]: MemoryEffectsInterface } {
  return { [Interfaces.MemoryEffects]: { getEffects: fn, removableWhenUnused, effectKinds } };
}

// The kinds of effects an op's list always has (MemoryEffectsInterface.effectKinds):
// frozen and shared, so CSE and the nest queries answer without asking for the list.
const READ: readonly MemoryEffectKind[] = Object.freeze(['read']);
const WRITE: readonly MemoryEffectKind[] = Object.freeze(['write']);
const READ_WRITE: readonly MemoryEffectKind[] = Object.freeze(['read', 'write']);
const ALLOCATE: readonly MemoryEffectKind[] = Object.freeze(['allocate']);
const FREE: readonly MemoryEffectKind[] = Object.freeze(['free']);
const FREE_ALLOCATE: readonly MemoryEffectKind[] = Object.freeze(['free', 'allocate']);
const NONE: readonly MemoryEffectKind[] = Object.freeze([]);

function nameResult(name: string) {
  return (op: Operation, setName: (v: Value, n: string) => void): void => {
    if (op.numResults) setName(op.result(0), name);
  };
}

/** `incorrect number of dynamic sizes, has N, expected M`. */
function verifyDynamicDimCount(ctx: Context, op: Operation, type: MemRefType, sizes: readonly Value[]): boolean {
  const expected = type.shape.filter(isDyn).length;
  if (sizes.length !== expected) return fail(ctx, op, `incorrect number of dynamic sizes, has ${sizes.length}, expected ${expected}`);
  return true;
}

/** The reassociation attribute as lists of dims. */
function reassociationIndices(op: Operation): number[][] {
  const a = op.propertiesView.get('reassociation');
  if (!(a instanceof ArrayAttr)) return [];
  return a.elements.map((g) => (g instanceof ArrayAttr ? g.elements.map((e) => Number((e as IntegerAttr).value)) : []));
}

/** MLIR's `ensureTerminator`: gives the region a block, ended by a `kind` op unless it already ends with a terminator. */
function ensureTerminator(p: OpAsmParser, region: Region, kind: { readonly opName: string }, state: OperationState): void {
  if (region.empty) region.pushBlock(new Block());
  const block = region.lastBlock!;
  const last = block.last;
  if (last && last.hasTrait(Traits.IsTerminator)) return;
  block.append(state.newOpHere(p.parser.ctx.lookupOp(kind.opName)!));
}

// ---- custom<DynamicIndexList>: `[%a, 4, %b]`

registerCustomDirective('DynamicIndexList', {
  parse(p, args) {
    const { values, statics } = parseDynamicIndexList(p, 'square');
    args[0].setOperands!(values);
    args[1].setAttr!(DenseArrayAttr.get(i64, statics));
  },
  print(p, _op, args) {
    const a = args[1].attr;
    printDynamicIndexList(p, 'square', a instanceof DenseArrayAttr ? a.values : [], args[0].values ?? []);
  },
});

// ---- OffsetSizeAndStrideOpInterface verification

interface OffsetSizeStride {
  offsets: number[];
  sizes: number[];
  strides: number[];
  dynamicCounts: [number, number, number];
}

function verifyOffsetSizeStride(ctx: Context, op: Operation, l: OffsetSizeStride, maxRanks: [number, number, number]): boolean {
  const { offsets, sizes, strides } = l;
  if (!(offsets.length === 1 && maxRanks[0] === 1) && offsets.length !== sizes.length)
    return failPlain(
      ctx,
      op,
      `expected mixed offsets rank to match mixed sizes rank (${offsets.length} vs ${sizes.length}) so the rank of the result type is well-formed.`,
    );
  if (sizes.length !== strides.length)
    return failPlain(
      ctx,
      op,
      `expected mixed sizes rank to match mixed strides rank (${sizes.length} vs ${strides.length}) so the rank of the result type is well-formed.`,
    );
  const lists: [string, number[], number, number][] = [
    ['offset', offsets, l.dynamicCounts[0], maxRanks[0]],
    ['size', sizes, l.dynamicCounts[1], maxRanks[1]],
    ['stride', strides, l.dynamicCounts[2], maxRanks[2]],
  ];
  for (const [name, vals, dyn, max] of lists) {
    if (vals.length !== max) return failPlain(ctx, op, `expected ${max} ${name} values, got ${vals.length}`);
    const expected = vals.filter(isDyn).length;
    if (dyn !== expected)
      return failPlain(ctx, op, `expected the number of '${name}s' to match the number of dynamic entries in 'static_${name}s' (${dyn} vs ${expected})`);
  }
  for (const o of offsets) if (o < 0 && !isDyn(o)) return failPlain(ctx, op, `expected offsets to be non-negative, but got ${o}`);
  for (const s of sizes) if (s < 0 && !isDyn(s)) return failPlain(ctx, op, `expected sizes to be non-negative, but got ${s}`);
  return true;
}

// ============================================================================
// Allocation

function hasAllocationScope(op: Operation): boolean {
  return op.hasTrait(Traits.AutomaticAllocationScope);
}

function implementAllocLike<N extends 'memref.alloc' | 'memref.alloca'>(handle: AllocLikeHandle<N>, resource: string, needsScope: boolean): void {
  implementOp(handle, {
    getAsmResultNames: nameResult(handle.opName.slice('memref.'.length)),
    interfaces: effects((op) => [{ kind: 'allocate', value: op.result(0), resource }], true, ALLOCATE),
    // alloca's looks for an allocation scope among the op's ancestors.
    localVerifier: !needsScope,
    verify(op, ctx) {
      const t = handle.memref(op).type;
      if (!(t instanceof MemRefType)) return fail(ctx, op, 'result must be a memref');
      if (!verifyDynamicDimCount(ctx, op, t, handle.dynamicSizes(op))) return false;
      const numSymbols = layoutIsIdentity(t) ? 0 : layoutNumSymbols(t);
      const syms = handle.symbolOperands(op).length;
      if (syms !== numSymbols) return fail(ctx, op, `symbol operand count does not equal memref symbol count: expected ${numSymbols}, got ${syms}`);
      if (needsScope) {
        let p = op.parentOp;
        while (p && !hasAllocationScope(p)) p = p.parentOp;
        if (!p) return fail(ctx, op, 'requires an ancestor op with AutomaticAllocationScope trait');
      }
      return true;
    },
  });
}

implementAllocLike(AllocOp, 'default', false);
implementAllocLike(AllocaOp, 'AutomaticAllocationScopeResource', true);

implementOp(ReallocOp, {
  interfaces: effects((op) => [
    { kind: 'free', value: op.operand(0) },
    { kind: 'allocate', value: op.result(0) },
  ], undefined, FREE_ALLOCATE),
  verify(op, ctx) {
    const src = ReallocOp.source(op).type as MemRefType;
    const res = ReallocOp.result(op).type as MemRefType;
    if (!layoutIsIdentity(src)) return failPlain(ctx, op, `unsupported layout for source memref type ${q(src)}`);
    if (!layoutIsIdentity(res)) return failPlain(ctx, op, `unsupported layout for result memref type ${q(res)}`);
    if (src.memorySpace !== res.memorySpace)
      return failPlain(ctx, op, `different memory spaces specified for source memref type ${q(src)} and result memref type ${q(res)}`);
    if (src.elementType !== res.elementType)
      return failPlain(ctx, op, `different element types specified for source memref type ${q(src)} and result memref type ${q(res)}`);
    const dyn = res.shape.some(isDyn);
    const hasSize = ReallocOp.dynamicResultSize(op) !== undefined;
    if (dyn && !hasSize) return failPlain(ctx, op, `missing dimension operand for result type ${q(res)}`);
    if (!dyn && hasSize) return failPlain(ctx, op, `unnecessary dimension operand for result type ${q(res)}`);
    return true;
  },
});

implementOp(DeallocOp, {
  interfaces: effects((op) => [{ kind: 'free', value: op.operand(0) }], false, FREE),
});

// ---- alloca_scope

implementOp(AllocaScopeOp, {
  implicitTerminator: AllocaScopeReturnOp,
  parse(p, state) {
    const results = p.parseOptionalArrowTypeList();
    if (results) state.types = results;
    const body = state.addRegion(new Region());
    p.parseRegion(body, []);
    ensureTerminator(p, body, AllocaScopeReturnOp, state);
    p.parseOptionalAttrDict(state);
  },
  print(p, op) {
    p.write(' ');
    const withResults = op.numResults > 0;
    if (withResults) {
      p.write(' -> (');
      p.printTypes(op.resultTypes);
      p.write(')');
    }
    p.write(' ');
    p.printRegion(AllocaScopeOp.bodyRegion(op), { printEntryBlockArgs: false, printBlockTerminators: withResults });
    p.printOptionalAttrDict(allAttrs(op));
  },
  verifyRegions: (op, ctx) => verifyImplicitTerminator(ctx, op, AllocaScopeReturnOp.opName),
});

implementOp(AllocaScopeReturnOp, { parentOps: [AllocaScopeOp] });

// ============================================================================
// Accesses

implementOp(LoadOp, {
  interfaces: effects((op) => [{ kind: 'read', value: op.operand(0) }], true, READ),
  localVerifier: true,
  verify(op, ctx) {
    const t = LoadOp.memref(op).type as MemRefType;
    // The indices follow the memref (counted, not listed: every load is verified).
    const n = op.numOperands - 1;
    if (n !== t.rank) return fail(ctx, op, `incorrect number of indices for load, expected ${t.rank} but got ${n}`);
    return true;
  },
});

implementOp(StoreOp, {
  interfaces: effects((op) => [{ kind: 'write', value: op.operand(1) }], false, WRITE),
  localVerifier: true,
  verify(op, ctx) {
    const t = StoreOp.memref(op).type as MemRefType;
    // The indices follow the value and the memref (counted, not listed).
    const n = op.numOperands - 2;
    if (n !== t.rank) return fail(ctx, op, 'store index operand count not equal to memref rank');
    return true;
  },
});

const FLOAT_KINDS = new Set(['addf', 'maximumf', 'minimumf', 'mulf', 'maxnumf', 'minnumf']);
const INT_KINDS = new Set(['addi', 'maxs', 'maxu', 'mins', 'minu', 'muli', 'ori', 'andi', 'xori']);

implementOp(AtomicRMWOp, {
  interfaces: effects((op) => [
    { kind: 'read', value: op.operand(1) },
    { kind: 'write', value: op.operand(1) },
  ], undefined, READ_WRITE),
  verify(op, ctx) {
    const t = AtomicRMWOp.memref(op).type as MemRefType;
    if (t.rank !== AtomicRMWOp.indices(op).length) return fail(ctx, op, 'expects the number of subscripts to be equal to memref rank');
    const kind = AtomicRMWKind.stringify(AtomicRMWOp.kind(op)) ?? '';
    const vt = AtomicRMWOp.value(op).type;
    if (FLOAT_KINDS.has(kind) && !(vt instanceof FloatType)) return fail(ctx, op, `with kind '${kind}' expects a floating-point type`);
    if (INT_KINDS.has(kind) && !(vt instanceof IntegerType)) return fail(ctx, op, `with kind '${kind}' expects an integer type`);
    return true;
  },
});

// ---- generic_atomic_rmw

implementOp(GenericAtomicRMWOp, {
  implicitTerminator: AtomicYieldOp,
  interfaces: effects((op) => [
    { kind: 'read', value: op.operand(0) },
    { kind: 'write', value: op.operand(0) },
  ], undefined, READ_WRITE),
  parse(p, state) {
    const memref = p.parseOperand();
    const indices = p.parseOperandList('square');
    const t = parseColonMemRefType(p);
    state.operands = [p.resolveOperand(memref, t), ...indices.map((i) => p.resolveOperand(i, IndexType.get()))];
    const body = state.addRegion(new Region());
    p.parseRegion(body, []);
    p.parseOptionalAttrDict(state);
    state.types = [t.elementType];
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(GenericAtomicRMWOp.memref(op));
    p.write('[');
    p.printOperands(GenericAtomicRMWOp.indices(op));
    p.write('] : ');
    p.printType(GenericAtomicRMWOp.memref(op).type);
    p.write(' ');
    p.printRegion(GenericAtomicRMWOp.atomic_body(op));
    p.printOptionalAttrDict(allAttrs(op));
  },
  verify(op, ctx) {
    const body = GenericAtomicRMWOp.atomic_body(op);
    if (body.empty || body.entry.args.length !== 1) return fail(ctx, op, 'expected single number of entry block arguments');
    if (GenericAtomicRMWOp.result(op).type !== body.entry.args[0].type) return fail(ctx, op, 'expected block argument of the same type result type');
    let bad: Operation | undefined;
    for (const b of body.blocks)
      for (const o of b.ops) {
        o.walk((n) => {
          if (!bad && !isMemoryEffectFree(n)) bad = n;
          return 'advance';
        }, 'pre');
      }
    if (bad) {
      emitError(ctx, bad, "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects");
      return false;
    }
    return true;
  },
  verifyRegions: (op, ctx) => verifyImplicitTerminator(ctx, op, AtomicYieldOp.opName),
});

implementOp(AtomicYieldOp, {
  parentOps: [GenericAtomicRMWOp],
  verify(op, ctx) {
    const parent = op.parentOp!;
    const parentType = parent.numResults ? parent.result(0).type : undefined;
    const t = AtomicYieldOp.result(op).type;
    if (parentType && parentType !== t) return fail(ctx, op, `types mismatch between yield op: ${q(t)} and its parent: ${q(parentType)}`);
    return true;
  },
});

// ---- prefetch

function parseAnyKeyword(p: OpAsmParser): string {
  const kw = p.parseOptionalKeyword();
  if (kw === undefined) p.error('expected valid keyword');
  return kw!;
}

// prefetch and dma_wait declare no memory effects in MLIR 22: unknown, so
// they are never dead and no pass moves memory accesses across them.
implementOp(PrefetchOp, {
  parse(p, state) {
    const memref = p.parseOperand();
    const indices = p.parseOperandList('square');
    p.parseComma();
    const rw = parseAnyKeyword(p);
    p.parseComma();
    p.parseKeyword('locality');
    p.parseLess();
    const hint = p.parseAttribute(i32);
    p.parseGreater();
    p.parseComma();
    const cache = parseAnyKeyword(p);
    p.parseOptionalAttrDict(state);
    const t = parseColonMemRefType(p);
    state.operands = [p.resolveOperand(memref, t), ...indices.map((i) => p.resolveOperand(i, IndexType.get()))];
    if (rw !== 'read' && rw !== 'write') p.error("rw specifier has to be 'read' or 'write'", p.nameOffset);
    if (cache !== 'data' && cache !== 'instr') p.error("cache type has to be 'data' or 'instr'", p.nameOffset);
    state.attributes.set('localityHint', hint);
    state.attributes.set('isWrite', BoolAttrC.encode!(rw === 'write'));
    state.attributes.set('isDataCache', BoolAttrC.encode!(cache === 'data'));
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(PrefetchOp.memref(op));
    p.write('[');
    p.printOperands(PrefetchOp.indices(op));
    p.write('], ' + (PrefetchOp.isWrite(op) ? 'write' : 'read') + ', locality<');
    const hint = op.propertiesView.get('localityHint');
    if (hint) hint.printWithoutType(p);
    p.write('>, ' + (PrefetchOp.isDataCache(op) ? 'data' : 'instr'));
    p.printOptionalAttrDict(allAttrs(op), ['localityHint', 'isWrite', 'isDataCache']);
    p.write(' : ');
    p.printType(PrefetchOp.memref(op).type);
  },
  verify(op, ctx) {
    if (PrefetchOp.indices(op).length !== (PrefetchOp.memref(op).type as MemRefType).rank) return fail(ctx, op, 'too few indices');
    return true;
  },
});

// ---- dma

/** Positions in a dma_start's operand list: destination memref, number of elements, tag memref, end of the tag indices. */
function dmaLayout(op: Operation): { dst: number; num: number; tag: number; end: number } | undefined {
  const memType = (i: number): MemRefType | undefined => {
    const t = i < op.numOperands ? op.operand(i).type : undefined;
    return t instanceof MemRefType ? t : undefined;
  };
  const src = memType(0);
  if (!src) return undefined;
  const dstPos = 1 + src.rank;
  const dst = memType(dstPos);
  if (!dst) return undefined;
  const num = dstPos + 1 + dst.rank;
  const tagT = memType(num + 1);
  if (!tagT) return undefined;
  return { dst: dstPos, num, tag: num + 1, end: num + 2 + tagT.rank };
}

implementOp(DmaStartOp, {
  interfaces: effects((op) => {
    const l = dmaLayout(op);
    if (!l) return [];
    return [
      { kind: 'read', value: op.operand(0) },
      { kind: 'write', value: op.operand(l.dst) },
      { kind: 'read', value: op.operand(l.tag) },
    ];
  }),
  parse(p, state) {
    const src = p.parseOperand();
    const srcIdx = p.parseOperandList('square');
    p.parseComma();
    const dst = p.parseOperand();
    const dstIdx = p.parseOperandList('square');
    p.parseComma();
    const num = p.parseOperand();
    p.parseComma();
    const tag = p.parseOperand();
    const tagIdx = p.parseOperandList('square');
    let stride: UnresolvedOperand[] = [];
    if (p.parseOptionalComma()) stride = p.parseOperandList();
    if (stride.length && stride.length !== 2) p.error('expected two stride related operands', p.nameOffset);
    const types = p.parseColonTypeList();
    if (types.length !== 3) p.error('fewer/more types expected', p.nameOffset);
    const idx = IndexType.get();
    const r = (o: UnresolvedOperand, t: Type): Value => p.resolveOperand(o, t);
    state.operands = [
      r(src, types[0]),
      ...srcIdx.map((o) => r(o, idx)),
      r(dst, types[1]),
      ...dstIdx.map((o) => r(o, idx)),
      r(num, idx),
      r(tag, types[2]),
      ...tagIdx.map((o) => r(o, idx)),
      ...stride.map((o) => r(o, idx)),
    ];
    p.parseOptionalAttrDict(state);
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(DmaStartOp.srcMemRef(op));
    p.write('[');
    p.printOperands(DmaStartOp.srcIndices(op));
    p.write('], ');
    p.printOperand(DmaStartOp.dstMemRef(op));
    p.write('[');
    p.printOperands(DmaStartOp.dstIndices(op));
    p.write('], ');
    p.printOperand(DmaStartOp.numElements(op));
    p.write(', ');
    p.printOperand(DmaStartOp.tagMemRef(op));
    p.write('[');
    p.printOperands(DmaStartOp.tagIndices(op));
    p.write(']');
    const stride = DmaStartOp.stride(op);
    if (stride) {
      p.write(', ');
      p.printOperands([stride, DmaStartOp.numElementsPerStride(op)!]);
    }
    p.printOptionalAttrDict(allAttrs(op));
    p.write(' : ');
    p.printTypes([DmaStartOp.srcMemRef(op).type, DmaStartOp.dstMemRef(op).type, DmaStartOp.tagMemRef(op).type]);
  },
  verify(op, ctx) {
    const n = op.numOperands;
    if (n < 4) return fail(ctx, op, 'expected at least 4 operands');
    const ops = op.operands;
    const isIdx = (v: Value): boolean => v.type instanceof IndexType;
    const memType = (v: Value): MemRefType | undefined => (v.type instanceof MemRefType ? v.type : undefined);
    const src = memType(ops[0]);
    if (!src) return fail(ctx, op, 'expected source to be of memref type');
    if (n < src.rank + 4) return fail(ctx, op, `expected at least ${src.rank + 4} operands`);
    if (!ops.slice(1, 1 + src.rank).every(isIdx)) return fail(ctx, op, 'expected source indices to be of index type');
    const dst = memType(ops[1 + src.rank]);
    if (!dst) return fail(ctx, op, 'expected destination to be of memref type');
    let expected = src.rank + dst.rank + 4;
    if (n < expected) return fail(ctx, op, `expected at least ${expected} operands`);
    const dstStart = 2 + src.rank;
    if (!ops.slice(dstStart, dstStart + dst.rank).every(isIdx)) return fail(ctx, op, 'expected destination indices to be of index type');
    const num = ops[dstStart + dst.rank];
    if (!isIdx(num)) return fail(ctx, op, 'expected num elements to be of index type');
    const tag = memType(ops[dstStart + dst.rank + 1]);
    if (!tag) return fail(ctx, op, 'expected tag to be of memref type');
    expected += tag.rank;
    if (n < expected) return fail(ctx, op, `expected at least ${expected} operands`);
    const tagStart = dstStart + dst.rank + 2;
    if (!ops.slice(tagStart, tagStart + tag.rank).every(isIdx)) return fail(ctx, op, 'expected tag indices to be of index type');
    if (n !== expected && n !== expected + 2) return fail(ctx, op, 'incorrect number of operands');
    if (n === expected + 2 && !(isIdx(ops[n - 2]) && isIdx(ops[n - 1])))
      return fail(ctx, op, 'expected stride and num elements per stride to be of type index');
    return true;
  },
});

implementOp(DmaWaitOp, {
  verify(op, ctx) {
    const rank = (DmaWaitOp.tagMemRef(op).type as MemRefType).rank;
    const n = DmaWaitOp.tagIndices(op).length;
    if (n !== rank)
      return fail(ctx, op, `expected tagIndices to have the same number of elements as the tagMemRef rank, expected ${rank}, but got ${n}`);
    return true;
  },
});

// ============================================================================
// Shape queries

implementOp(DimOp, {
  getAsmResultNames: nameResult('dim'),
  interfaces: {
    ...effects(() => [], undefined, NONE),
    // Speculatable when the source is ranked and the index a constant within its rank.
    [Interfaces.Speculatable]: {
      isSpeculatable(op: Operation): boolean {
        const dim = DimOp.cast(op);
        const t = DimOp.source(dim).type;
        if (!(t instanceof MemRefType)) return false;
        const c = matchConstantInt(DimOp.index(dim));
        return c !== undefined && c >= 0n && c < BigInt(t.rank);
      },
    } satisfies SpeculatableInterface,
  },
});

implementOp(ExtractAlignedPointerAsIndexOp, { getAsmResultNames: nameResult('intptr') });

implementOp(ExtractStridedMetadataOp, {
  getAsmResultNames(op, setName) {
    if (op.numResults < 2) return;
    setName(ExtractStridedMetadataOp.base_buffer(op), 'base_buffer');
    setName(ExtractStridedMetadataOp.offset(op), 'offset');
    const sizes = ExtractStridedMetadataOp.sizes(op);
    if (sizes.length > 0) {
      setName(sizes[0], 'sizes');
      setName(ExtractStridedMetadataOp.strides(op)[0], 'strides');
    }
  },
  verify(op, ctx) {
    const src = ExtractStridedMetadataOp.source(op).type as MemRefType;
    const expected: Type[] = [MemRefType.get([], src.elementType, undefined, src.memorySpace), IndexType.get()];
    for (let i = 0; i < 2 * src.rank; i++) expected.push(IndexType.get());
    const got = op.resultTypes;
    if (got.length !== expected.length || got.some((t, i) => t !== expected[i]))
      return fail(ctx, op, `inferred type(s) ${expected.map(q).join(', ')} are incompatible with return type(s) of operation ${got.map(q).join(', ')}`);
    return true;
  },
});

// ============================================================================
// Casts and views

/** CastOp::areCastCompatible. */
export function castCompatible(a: Type, b: Type): boolean {
  if (a instanceof MemRefType && b instanceof MemRefType) {
    if (a.elementType !== b.elementType) return false;
    if (a.layout !== b.layout) {
      const sa = stridesAndOffset(a);
      const sb = stridesAndOffset(b);
      if (!sa || !sb || sa.strides.length !== sb.strides.length) return false;
      const ok = (x: number, y: number): boolean => isDyn(x) || isDyn(y) || x === y;
      if (!ok(sa.offset, sb.offset)) return false;
      if (!sa.strides.every((s, i) => ok(s, sb.strides[i]))) return false;
    }
    if (a.memorySpace !== b.memorySpace) return false;
    if (a.rank !== b.rank) return false;
    return a.shape.every((d, i) => isDyn(d) || isDyn(b.shape[i]) || d === b.shape[i]);
  }
  if (!isMemRef(a) || !isMemRef(b)) return false;
  if (a instanceof UnrankedMemRefType && b instanceof UnrankedMemRefType) return false;
  const ea = (a as MemRefType | UnrankedMemRefType).elementType;
  const eb = (b as MemRefType | UnrankedMemRefType).elementType;
  if (ea !== eb) return false;
  return (a as MemRefType).memorySpace === (b as MemRefType).memorySpace;
}

function memorySpaceCastCompatible(a: Type, b: Type): boolean {
  if (a instanceof MemRefType && b instanceof MemRefType)
    return a.elementType === b.elementType && a.layout === b.layout && a.shape.join() === b.shape.join();
  if (a instanceof UnrankedMemRefType && b instanceof UnrankedMemRefType) return a.elementType === b.elementType;
  return false;
}

function verifyCastTypes(ctx: Context, op: Operation, a: Type, b: Type, compatible: (a: Type, b: Type) => boolean): boolean {
  if (!compatible(a, b)) return fail(ctx, op, `operand type ${q(a)} and result type ${q(b)} are cast incompatible`);
  return true;
}

implementOp(CastOp, {
  getAsmResultNames: nameResult('cast'),
  verify: (op, ctx) => verifyCastTypes(ctx, op, CastOp.source(op).type, CastOp.dest(op).type, castCompatible),
});

implementOp(MemorySpaceCastOp, {
  getAsmResultNames: nameResult('memspacecast'),
  verify: (op, ctx) => verifyCastTypes(ctx, op, MemorySpaceCastOp.source(op).type, MemorySpaceCastOp.dest(op).type, memorySpaceCastCompatible),
});

implementOp(AssumeAlignmentOp, {
  getAsmResultNames: nameResult('assume_align'),
  verify(op, ctx) {
    const a = AssumeAlignmentOp.alignment(op);
    if ((a & (a - 1n)) !== 0n) return fail(ctx, op, 'alignment must be power of 2');
    return true;
  },
});

implementOp(CopyOp, {
  interfaces: effects((op) => [
    { kind: 'read', value: op.operand(0) },
    { kind: 'write', value: op.operand(1) },
  ], undefined, READ_WRITE),
});

implementOp(ReshapeOp, {
  getAsmResultNames: nameResult('reshape'),
  verify(op, ctx) {
    const src = ReshapeOp.source(op).type as ShapedType;
    const res = ReshapeOp.result(op).type as ShapedType;
    if (src.elementType !== res.elementType) return fail(ctx, op, 'element types of source and destination memref types should be the same');
    if (src instanceof MemRefType && !layoutIsIdentity(src)) return fail(ctx, op, 'source memref type should have identity affine map');
    const shapeSize = (ReshapeOp.shape(op).type as MemRefType).shape[0];
    if (res instanceof MemRefType) {
      if (!layoutIsIdentity(res)) return fail(ctx, op, 'result memref type should have identity affine map');
      if (isDyn(shapeSize)) return fail(ctx, op, 'cannot use shape operand with dynamic length to reshape to statically-ranked memref type');
      if (shapeSize !== res.rank) return fail(ctx, op, "length of shape operand differs from the result's memref rank");
    }
    return true;
  },
});

implementOp(ViewOp, {
  getAsmResultNames: nameResult('view'),
  verify(op, ctx) {
    const base = ViewOp.source(op).type as MemRefType;
    const view = ViewOp.result(op).type as MemRefType;
    if (!layoutIsIdentity(base)) return failPlain(ctx, op, `unsupported map for base memref type ${q(base)}`);
    if (!layoutIsIdentity(view)) return failPlain(ctx, op, `unsupported map for result memref type ${q(view)}`);
    if (base.memorySpace !== view.memorySpace)
      return failPlain(ctx, op, `different memory spaces specified for base memref type ${q(base)} and view memref type ${q(view)}`);
    return verifyDynamicDimCount(ctx, op, view, ViewOp.sizes(op));
  },
});

// ---- reinterpret_cast

const dynText = (v: number): string => (isDyn(v) ? 'dynamic' : String(v));

implementOp(ReinterpretCastOp, {
  getAsmResultNames: nameResult('reinterpret_cast'),
  verify(op, ctx) {
    const res = ReinterpretCastOp.result(op).type as MemRefType;
    const offsets = staticList(op, 'static_offsets');
    const sizes = staticList(op, 'static_sizes');
    const strides = staticList(op, 'static_strides');
    const dynamicCounts: [number, number, number] = [
      ReinterpretCastOp.offsets(op).length,
      ReinterpretCastOp.sizes(op).length,
      ReinterpretCastOp.strides(op).length,
    ];
    if (!verifyOffsetSizeStride(ctx, op, { offsets, sizes, strides, dynamicCounts }, [1, res.rank, res.rank])) return false;
    const src = ReinterpretCastOp.source(op).type as MemRefType | UnrankedMemRefType;
    if (src.memorySpace !== res.memorySpace)
      return failPlain(ctx, op, `different memory spaces specified for source type ${q(src)} and result memref type ${q(res)}`);
    if (src.elementType !== res.elementType)
      return failPlain(ctx, op, `different element types specified for source type ${q(src)} and result memref type ${q(res)}`);
    for (let i = 0; i < res.rank; i++) {
      const r = res.shape[i];
      if (!isDyn(r) && r !== sizes[i]) return failPlain(ctx, op, `expected result type with size = ${dynText(sizes[i])} instead of ${r} in dim = ${i}`);
    }
    const so = stridesAndOffset(res);
    if (!so) return failPlain(ctx, op, `expected result type to have strided layout but found ${q(res)}`);
    const off = offsets[0];
    if (!isDyn(so.offset) && so.offset !== off) return failPlain(ctx, op, `expected result type with offset = ${dynText(off)} instead of ${so.offset}`);
    for (let i = 0; i < so.strides.length; i++) {
      const r = so.strides[i];
      if (!isDyn(r) && r !== strides[i])
        return failPlain(ctx, op, `expected result type with stride = ${dynText(strides[i])} instead of ${r} in dim = ${i}`);
    }
    return true;
  },
});

// ---- subview

/** SubViewOp::inferResultType: the strided (non-rank-reduced) type of a subview of `src`. */
export function inferSubViewResultType(src: MemRefType, offsets: readonly number[], sizes: readonly number[], strides: readonly number[]): MemRefType {
  const so = stridesAndOffset(src)!;
  let offset = so.offset;
  offsets.forEach((o, i) => (offset = satAdd(offset, satMul(o, so.strides[i]))));
  const targetStrides = so.strides.map((s, i) => satMul(s, strides[i]));
  return MemRefType.get(sizes, src.elementType, StridedLayoutAttr.get(offset, targetStrides), src.memorySpace);
}

function rankReductionMask(orig: readonly number[], reduced: readonly number[]): Set<number> | undefined {
  const unused = new Set<number>();
  let ri = 0;
  for (let i = 0; i < orig.length; i++) {
    if (ri < reduced.length && orig[i] === reduced[ri]) {
      ri++;
      continue;
    }
    unused.add(i);
    if (orig[i] !== 1) return undefined;
  }
  return ri === reduced.length ? unused : undefined;
}

implementOp(SubViewOp, {
  getAsmResultNames: nameResult('subview'),
  verify(op, ctx) {
    const base = SubViewOp.source(op).type as MemRefType;
    const sub = SubViewOp.result(op).type as MemRefType;
    const offsets = staticList(op, 'static_offsets');
    const sizes = staticList(op, 'static_sizes');
    const strides = staticList(op, 'static_strides');
    const dynamicCounts: [number, number, number] = [SubViewOp.offsets(op).length, SubViewOp.sizes(op).length, SubViewOp.strides(op).length];
    if (!verifyOffsetSizeStride(ctx, op, { offsets, sizes, strides, dynamicCounts }, [base.rank, base.rank, base.rank])) return false;
    if (base.memorySpace !== sub.memorySpace)
      return failPlain(ctx, op, `different memory spaces specified for base memref type ${q(base)} and subview memref type ${q(sub)}`);
    if (!isStrided(base)) return failPlain(ctx, op, `base type ${q(base)} is not strided`);
    const expected = inferSubViewResultType(base, offsets, sizes, strides);
    const layoutError = (): false =>
      failPlain(ctx, op, `expected result type to be ${q(expected)} or a rank-reduced version. (mismatch of result layout), but got ${q(sub)}`);
    if (expected !== sub) {
      if (sub.rank > expected.rank) return failPlain(ctx, op, `expected result rank to be smaller or equal to the source rank, but got ${q(sub)}`);
      if (!rankReductionMask(expected.shape, sub.shape))
        return failPlain(ctx, op, `expected result type to be ${q(expected)} or a rank-reduced version. (mismatch of result sizes), but got ${q(sub)}`);
      if (expected.elementType !== sub.elementType)
        return failPlain(ctx, op, `expected result element type to be ${q(expected.elementType)}, but got ${q(sub)}`);
    }
    const e = stridesAndOffset(expected);
    const s = stridesAndOffset(sub);
    if (!e || !s || e.offset !== s.offset) return layoutError();
    const unused = memrefRankReductionMask(expected, sub, sizes);
    if (!unused) return layoutError();
    for (let i = 0, j = 0; i < expected.rank; i++) {
      if (unused.has(i)) continue;
      if (e.strides[i] !== s.strides[j]) return layoutError();
      j++;
    }
    const shape = base.shape;
    for (let i = 0; i < shape.length; i++) {
      if (isDyn(shape[i]) || isDyn(offsets[i])) continue;
      if (offsets[i] >= shape[i]) return failPlain(ctx, op, `offset ${i} is out-of-bounds: ${offsets[i]} >= ${shape[i]}`);
      if (isDyn(sizes[i]) || isDyn(strides[i])) continue;
      const last = offsets[i] + (sizes[i] - 1) * strides[i];
      if (last >= shape[i]) return failPlain(ctx, op, `slice along dimension ${i} runs out-of-bounds: ${last} >= ${shape[i]}`);
    }
    return true;
  },
});

// ---- expand_shape / collapse_shape

function verifyCollapsedShape(ctx: Context, op: Operation, collapsed: readonly number[], expanded: readonly number[], groups: number[][]): boolean {
  if (collapsed.length !== groups.length)
    return fail(ctx, op, `invalid number of reassociation groups: found ${groups.length}, expected ${collapsed.length}`);
  let next = 0;
  for (let c = 0; c < groups.length; c++) {
    let foundDynamic = false;
    for (const d of groups[c]) {
      if (d !== next++) return fail(ctx, op, 'reassociation indices must be contiguous');
      if (d >= expanded.length) return fail(ctx, op, `reassociation index ${d} is out of bounds`);
      if (isDyn(expanded[d])) foundDynamic = true;
    }
    if (isDyn(collapsed[c]) !== foundDynamic)
      return fail(ctx, op, `collapsed dim (${c}) must be dynamic if and only if reassociation group is dynamic`);
    if (!foundDynamic) {
      const size = groups[c].reduce((n, d) => n * expanded[d], 1);
      if (size !== collapsed[c]) return fail(ctx, op, `collapsed dim size (${collapsed[c]}) must equal reassociation group size (${size})`);
    }
  }
  if (collapsed.length === 0) {
    if (expanded.some((d) => d !== 1)) return fail(ctx, op, 'rank 0 memrefs can only be extended/collapsed with/from ones');
  } else if (next !== expanded.length) {
    return fail(ctx, op, `expanded rank (${expanded.length}) inconsistent with number of reassociation indices (${next})`);
  }
  return true;
}

/** ExpandShapeOp::computeExpandedType. */
export function computeExpandedType(src: MemRefType, shape: readonly number[], groups: number[][]): MemRefType | undefined {
  if (layoutIsIdentity(src)) return MemRefType.get(shape, src.elementType, undefined, src.memorySpace);
  const so = stridesAndOffset(src);
  if (!so) return undefined;
  const rev: number[] = [];
  let idx = shape.length - 1;
  for (let g = groups.length - 1; g >= 0; g--) {
    let cur = so.strides[g];
    for (let k = 0; k < groups[g].length; k++) {
      rev.push(cur);
      cur = satMul(cur, shape[idx--]);
    }
  }
  const strides = rev.reverse();
  while (strides.length < shape.length) strides.push(1);
  return MemRefType.get(shape, src.elementType, StridedLayoutAttr.get(so.offset, strides), src.memorySpace);
}

/** The strided layout of a collapse of `src` (undefined when the groups are not contiguous). */
export function computeCollapsedLayout(src: MemRefType, groups: number[][]): StridedLayoutAttr | undefined {
  const so = stridesAndOffset(src);
  if (!so) return undefined;
  const shape = src.shape;
  const resultStrides: number[] = [];
  for (const g of groups) {
    let ref = g;
    while (ref.length > 1 && shape[ref[ref.length - 1]] === 1) ref = ref.slice(0, -1);
    const last = ref[ref.length - 1];
    resultStrides.push(!isDyn(shape[last]) || ref.length === 1 ? so.strides[last] : kDynamic);
  }
  let ri = resultStrides.length - 1;
  for (let gi = groups.length - 1; gi >= 0; gi--) {
    const trailing = groups[gi].slice(1);
    let stride = resultStrides[ri--];
    for (let k = trailing.length - 1; k >= 0; k--) {
      const idx = trailing[k];
      stride = satMul(stride, shape[idx]);
      const srcStride = so.strides[idx - 1];
      if (shape[idx - 1] === 1) continue;
      if (!isDyn(stride) && !isDyn(srcStride) && stride !== srcStride) return undefined;
    }
  }
  return StridedLayoutAttr.get(so.offset, resultStrides);
}

implementOp(ExpandShapeOp, {
  getAsmResultNames: nameResult('expand_shape'),
  verify(op, ctx) {
    const src = ExpandShapeOp.src(op).type as MemRefType;
    const res = ExpandShapeOp.result(op).type as MemRefType;
    if (src.rank > res.rank)
      return fail(ctx, op, `has source rank ${src.rank} and result rank ${res.rank}. This is not an expansion (${src.rank} > ${res.rank}).`);
    const groups = reassociationIndices(op);
    if (!verifyCollapsedShape(ctx, op, src.shape, res.shape, groups)) return false;
    const expected = computeExpandedType(src, res.shape, groups);
    if (!expected) return fail(ctx, op, 'invalid source layout map');
    if (expected !== res) return fail(ctx, op, `expected expanded type to be ${q(expected)} but found ${q(res)}`);
    const stat = staticList(op, 'static_output_shape');
    if (stat.length !== res.rank)
      return fail(ctx, op, `expected number of static shape bounds to be equal to the output rank (${res.rank}) but found ${stat.length} inputs instead`);
    const dynCount = stat.filter(isDyn).length;
    const given = ExpandShapeOp.output_shape(op).length;
    if (given !== dynCount)
      return fail(
        ctx,
        op,
        `mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has ${dynCount} dynamic dims while output_shape has ${given} values`,
      );
    for (let i = 0; i < res.rank; i++) if (!isDyn(res.shape[i]) && res.shape[i] !== stat[i]) return fail(ctx, op, `invalid output shape provided at pos ${i}`);
    return true;
  },
});

implementOp(CollapseShapeOp, {
  getAsmResultNames: nameResult('collapse_shape'),
  verify(op, ctx) {
    const src = CollapseShapeOp.src(op).type as MemRefType;
    const res = CollapseShapeOp.result(op).type as MemRefType;
    if (src.rank < res.rank)
      return fail(ctx, op, `has source rank ${src.rank} and result rank ${res.rank}. This is not a collapse (${src.rank} < ${res.rank}).`);
    const groups = reassociationIndices(op);
    if (!verifyCollapsedShape(ctx, op, res.shape, src.shape, groups)) return false;
    let expected: MemRefType;
    if (layoutIsIdentity(src)) expected = MemRefType.get(res.shape, src.elementType, undefined, src.memorySpace);
    else {
      const layout = computeCollapsedLayout(src, groups);
      if (!layout) return fail(ctx, op, 'invalid source layout map or collapsing non-contiguous dims');
      expected = MemRefType.get(res.shape, src.elementType, layout, src.memorySpace);
    }
    if (expected !== res) return fail(ctx, op, `expected collapsed type to be ${q(expected)} but found ${q(res)}`);
    return true;
  },
});

// ---- transpose

function isPermutation(m: AffineMap): boolean {
  if (m.numSymbols !== 0 || m.numDims !== m.numResults) return false;
  const seen = new Set<number>();
  for (const r of m.results) {
    if (!(r instanceof AffineDimExpr) || seen.has(r.position)) return false;
    seen.add(r.position);
  }
  return true;
}

/** TransposeOp's result type before canonicalization (MLIR's inferTransposeResultType). */
export function inferTransposeResultType(src: MemRefType, perm: AffineMap): MemRefType {
  const so = stridesAndOffset(src)!;
  const pos = perm.results.map((r) => (r as AffineDimExpr).position);
  const sizes = pos.map((p) => src.shape[p]);
  const strides = pos.map((p) => so.strides[p]);
  return MemRefType.get(sizes, src.elementType, AffineMapAttr.get(stridedLinearLayoutMap(strides, so.offset)), src.memorySpace);
}

/** MLIR's canonicalizeStridedLayout, for printing (drops layouts equal to the canonical one). */
function canonicalizeStridedLayout(t: MemRefType): MemRefType {
  const key = canonicalLayoutKey(t);
  if (key.endsWith('|id')) return MemRefType.get(t.shape, t.elementType, undefined, t.memorySpace);
  return t;
}

function parseBareAffineMap(p: OpAsmParser): AffineMap {
  const r = parseAffineMapOrSet(tokenParser(p));
  if (!(r instanceof AffineMap)) p.error("expected '->' or ':'");
  return r as AffineMap;
}

implementOp(TransposeOp, {
  getAsmResultNames: nameResult('transpose'),
  parse(p, state) {
    const src = p.parseOperand();
    const map = parseBareAffineMap(p);
    p.parseOptionalAttrDict(state);
    p.parseColon();
    const srcType = p.parseType();
    state.operands = [p.resolveOperand(src, srcType)];
    p.parseKeyword('to');
    state.types = [p.parseType()];
    state.attributes.set('permutation', AffineMapAttr.get(map));
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(TransposeOp.in(op));
    p.write(' ' + TransposeOp.permutation(op).toString());
    p.printOptionalAttrDict(allAttrs(op), ['permutation']);
    p.write(' : ');
    p.printType(TransposeOp.in(op).type);
    p.write(' to ');
    p.printType(TransposeOp.result(op).type);
  },
  verify(op, ctx) {
    const perm = TransposeOp.permutation(op);
    const src = TransposeOp.in(op).type as MemRefType;
    const res = TransposeOp.result(op).type as MemRefType;
    if (!isPermutation(perm)) return fail(ctx, op, 'expected a permutation map');
    if (perm.numDims !== src.rank) return fail(ctx, op, 'expected a permutation map of same rank as the input');
    const canonical = canonicalizeStridedLayout(inferTransposeResultType(src, perm));
    if (canonicalLayoutKey(res) !== canonicalLayoutKey(canonical))
      return fail(ctx, op, `result type ${q(res)} is not equivalent to the canonical transposed input type ${q(canonical)}`);
    return true;
  },
});

// ============================================================================
// Globals

// custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value):
// `memref<...>` then `= uninitialized` or `= <elements>` when defined.
registerCustomDirective('GlobalMemrefOpTypeAndInitialValue', {
  parse(p, args) {
    const type = p.parseType();
    if (!(type instanceof MemRefType) || !type.hasStaticShape) p.error(`type should be static shaped memref, but got ${q(type)}`, p.nameOffset);
    const memref = type as MemRefType;
    args[0].setAttr!(TypeAttr.get(memref));
    if (!p.parseOptionalEqual()) return;
    if (p.parseOptionalKeyword('uninitialized')) {
      args[1].setAttr!(UnitAttr.get());
      return;
    }
    const tensorType = RankedTensorType.get(memref.shape, memref.elementType);
    const v = tokenParser(p).is(Tok.string) ? p.parseAttribute() : p.parseAttribute(tensorType);
    if (!(v instanceof ElementsAttr)) p.error('initial value should be a unit or elements attribute', p.nameOffset);
    args[1].setAttr!(v);
  },
  print(p, _op, args) {
    const type = args[0].attr;
    if (type instanceof TypeAttr) p.printType(type.value);
    const init = args[1].attr;
    if (!init) return;
    p.write(' = ');
    if (init instanceof UnitAttr) p.write('uninitialized');
    else p.printAttributeWithoutType(init);
  },
});

implementOp(GlobalOp, {
  verify(op, ctx) {
    if (!verifySymbolOp(ctx, op)) return false;
    const t = GlobalOp.type(op);
    if (!t.hasStaticShape) return fail(ctx, op, `type should be static shaped memref, but got ${q(t)}`);
    const init = GlobalOp.initial_value(op);
    if (init) {
      if (!(init instanceof UnitAttr) && !(init instanceof ElementsAttr))
        return fail(ctx, op, `initial value should be a unit or elements attribute, but got ${init.key}`);
      if (init instanceof ElementsAttr) {
        const it = init.type as ShapedType;
        if (it.elementType !== t.elementType)
          return fail(ctx, op, `initial value element expected to be of type ${q(t.elementType)}, but was of type ${q(it.elementType)}`);
        if (it.shape.join() !== t.shape.join()) return fail(ctx, op, `initial value shape expected to be ${t.shape.join(', ')} but was ${it.shape.join(', ')}`);
      }
    }
    return true;
  },
});

implementOp(GetGlobalOp, {
  interfaces: {
    [Interfaces.SymbolUser]: {
      verifySymbolUses(op, ctx) {
        const symbol = op.propertiesView.get('name');
        if (!(symbol instanceof SymbolRefAttr)) return true;
        const name = symbol.leaf;
        const g = lookupNearestSymbolFrom(op, symbol);
        if (!GlobalOp.isa(g)) return fail(ctx, op, `'${name}' does not reference a valid global memref`);
        const gt: MemRefType | undefined = GlobalOp.type(g);
        const rt = GetGlobalOp.result(GetGlobalOp.cast(op)).type;
        if (gt && gt !== rt) return fail(ctx, op, `result type ${q(rt)} does not match type ${q(gt)} of the global memref @${name}`);
        return true;
      },
    } satisfies SymbolUserInterface,
  },
});

// ============================================================================
// distinct_objects

implementOp(DistinctObjectsOp, {
  verify(op, ctx) {
    const operands = DistinctObjectsOp.operands(op);
    const results = DistinctObjectsOp.results(op);
    if (operands.length === 0) return fail(ctx, op, 'expected at least one operand');
    if (operands.length !== results.length || operands.some((v, i) => v.type !== results[i].type))
      return fail(ctx, op, 'operand types and result types must match');
    return true;
  },
});
