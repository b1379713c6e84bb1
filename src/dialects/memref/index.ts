// The memref dialect: buffers, views of buffers, and accesses to them.

import type { Attribute, Type } from '../../ir/attributes.js';
import { AffineMap } from '../../ir/affine.js';
import {
  AffineMapAttr,
  ArrayAttr,
  DenseArrayAttr,
  ElementsAttr,
  IntegerAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
} from '../../ir/builtin-attributes.js';
import {
  FloatType,
  IndexType,
  IntegerType,
  MemRefType,
  RankedTensorType,
  ShapedType,
  UnrankedMemRefType,
} from '../../ir/builtin-types.js';
import { Traits, emitError, type Context, type Dialect, type OpDefinition } from '../../ir/context.js';
import { materializeArithConstant } from '../arith/fold.js';
import { MEMREF_FOLDS, MEMREF_PATTERNS } from './canonicalize.js';
import type { MemoryEffect, MemoryEffectsInterface } from '../../ir/interfaces.js';
import { getInterface } from '../../ir/interfaces.js';
import { fail, q } from '../../ir/context.js';
import { defineRawOp } from '../../ods/index.js';
import {
  AttrSizedOperandSegments,
  BoolAttrC,
  DenseI64ArrayAttrC,
  FlatSymbolRefAttrC,
  I32Attr,
  Index,
  SameOperandsElementType,
  SameOperandsShape,
  TypesMatchWith,
  AllTypesMatch,
  attr,
  attrConstraint,
  defaultValuedOptionalAttr,
  defineOds,
  i64EnumAttr,
  operand,
  optionalAttr,
  optionalOperand,
  result,
  typeConstraint,
  variadicOperand,
  variadicResult,
  getOperandGroup,
  type TypeConstraint,
} from '../../ods/index.js';
import { Region, type Operation, type Value } from '../../ir/operation.js';
import { lookupNearestSymbolFrom, verifySymbolOp, type SymbolUserInterface } from '../../ir/symbol-table.js';
import { registerCustomDirective } from '../../ods/format.js';
import { Tok } from '../../syntax/lexer.js';
import type { OpAsmParser, UnresolvedOperand } from '../../ir/op-asm.js';
import type { OpAsmPrinter } from '../../ir/op-asm.js';
import { parseAttrDict, printAttrDict, type AttrConstraint as HelperAttrConstraint } from '../../ods/helpers.js';
import {
  canonicalLayoutKey,
  isDyn,
  isStrided,
  kDynamic,
  layoutIsIdentity,
  layoutNumSymbols,
  satAdd,
  satMul,
  stridedLinearLayoutMap,
  memrefRankReductionMask,
  stridesAndOffset,
} from './layout.js';
import { StridedLayoutAttr } from '../../ir/builtin-attributes.js';

// ============================================================================
// Constraints

const K_DYNAMIC_BIG = -(1n << 63n);
const toStatic = (v: bigint): number => (v === K_DYNAMIC_BIG ? kDynamic : Number(v));
const fromStatic = (v: number): bigint => (isDyn(v) ? K_DYNAMIC_BIG : BigInt(v));

const isRanked = (t: Type): t is MemRefType => t instanceof MemRefType;
const isMemRef = (t: Type): boolean => t instanceof MemRefType || t instanceof UnrankedMemRefType;

const RankedMemRef = typeConstraint('memref of any type values', isRanked);
const AnyRankedOrUnrankedMemRef = typeConstraint('ranked or unranked memref of any type values', isMemRef);
const AnyNon0RankedOrUnrankedMemRef = typeConstraint(
  'unranked.memref of any type values or non-0-ranked.memref of any type values',
  (t) => t instanceof UnrankedMemRefType || (t instanceof MemRefType && t.rank !== 0),
);
const AnyStridedMemRef = typeConstraint('strided memref of any type values', (t) => isRanked(t) && isStrided(t));
const AnyStaticShapeMemRef = typeConstraint('statically shaped memref of any type values', (t) => isRanked(t) && t.hasStaticShape);
const IntOrFloat = (t: Type): boolean => (t instanceof IntegerType && t.signedness === 'signless') || t instanceof FloatType;
const SignlessIntOrFloat = typeConstraint('signless integer or floating-point', IntOrFloat);
const MemRefOfIntOrFloat = typeConstraint('memref of signless integer or floating-point values', (t) => isRanked(t) && IntOrFloat(t.elementType));
const OneDMemRefI8 = typeConstraint(
  '1D memref of 8-bit signless integer values',
  (t) => isRanked(t) && t.rank === 1 && t.elementType instanceof IntegerType && t.elementType.width === 8 && t.elementType.signedness === 'signless',
);
const OneDMemRef = typeConstraint('1D memref of any type values', (t) => isRanked(t) && t.rank === 1);
const ShapeMemRef = typeConstraint(
  '1D memref of signless integer or index values',
  (t) => isRanked(t) && t.rank === 1 && ((t.elementType instanceof IntegerType && t.elementType.signedness === 'signless') || t.elementType instanceof IndexType),
);
const ZeroDStridedMemRef = typeConstraint('strided memref of any type values of rank 0', (t) => isRanked(t) && t.rank === 0 && isStrided(t));

const elementTypeOf = (t: Type): Type => (t instanceof ShapedType ? t.elementType : t);

const isI64 = (a: Attribute): a is IntegerAttr => a instanceof IntegerAttr && a.type === IntegerType.get(64);
const I64PositivePow2 = attrConstraint(
  '64-bit signless integer attribute whose value is positive and whose value is a power of two > 0',
  (a) => isI64(a) && a.value > 0n && (a.value & (a.value - 1n)) === 0n,
  { convertible: (a) => a instanceof IntegerAttr, valueType: IntegerType.get(64) },
);
const I64AttrC = attrConstraint('64-bit signless integer attribute', isI64, { convertible: (a) => a instanceof IntegerAttr, valueType: IntegerType.get(64) });
const I32Positive = attrConstraint(
  '32-bit signless integer attribute whose value is positive',
  (a) => a instanceof IntegerAttr && a.type === IntegerType.get(32) && a.value > 0n,
  { convertible: (a) => a instanceof IntegerAttr, valueType: IntegerType.get(32) },
);
const IndexListArrayAttr = attrConstraint(
  'Array of 64-bit integer array attributes',
  (a) => a instanceof ArrayAttr && a.elements.every((g) => g instanceof ArrayAttr && g.elements.every(isI64)),
);

// ============================================================================
// Shared pieces

function memType(v: Value): MemRefType | undefined {
  return v.type instanceof MemRefType ? v.type : undefined;
}

function effects(fn: (op: Operation) => MemoryEffect[]): { MemoryEffects: MemoryEffectsInterface } {
  return { MemoryEffects: { getEffects: fn } };
}

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

function staticList(op: Operation, name: string): number[] {
  const a = op.propertiesView.get(name);
  return a instanceof DenseArrayAttr ? a.values.map(toStatic) : [];
}

const plainError = (ctx: Context, op: Operation, msg: string): false => {
  emitError(ctx, op, msg);
  return false;
};

// ---- custom<DynamicIndexList>: `[%a, 4, %b]`

registerCustomDirective('DynamicIndexList', {
  parse(p, args) {
    const values: UnresolvedOperand[] = [];
    const ints: bigint[] = [];
    const nameOffset = p.nameOffset;
    try {
      p.parseLSquare();
      if (!p.parseOptionalRSquare()) {
        do {
          const operand = p.parseOptionalOperand();
          if (operand) {
            values.push(operand);
            ints.push(K_DYNAMIC_BIG);
          } else {
            const o = p.currentOffset();
            const v = p.parseInteger();
            if (v < K_DYNAMIC_BIG || v >= 1n << 63n) p.error('integer value too large', o);
            ints.push(v);
          }
        } while (p.parseOptionalComma());
        if (!p.parseOptionalRSquare()) tokenParser(p).errorWrongToken("expected ',' or ']' in dynamic index list");
      }
    } catch (e) {
      tokenParser(p).emitErrorAt(nameOffset, `custom op '${tokenParser(p).text && ''}${opNameOf(p)}' expected SSA value or integer`);
      throw e;
    }
    args[0].setOperands!(values);
    args[1].setAttr!(DenseArrayAttr.get(IntegerType.get(64), ints));
  },
  print(p, _op, args) {
    printIndexList(p, args[0].values ?? [], args[1].attr);
  },
});

function opNameOf(p: OpAsmParser): string {
  return p.opName;
}

function printIndexList(p: OpAsmPrinter, values: readonly Value[], a: Attribute | undefined): void {
  const ints = a instanceof DenseArrayAttr ? a.values : [];
  p.write('[');
  let vi = 0;
  ints.forEach((v, i) => {
    if (i) p.write(', ');
    if (v === K_DYNAMIC_BIG) p.printOperand(values[vi++]);
    else p.write(v.toString());
  });
  p.write(']');
}

// ---- OffsetSizeAndStrideOpInterface verification

function verifyOffsetSizeStride(ctx: Context, op: Operation, maxRanks: [number, number, number]): boolean {
  const offsets = staticList(op, 'static_offsets');
  const sizes = staticList(op, 'static_sizes');
  const strides = staticList(op, 'static_strides');
  if (!(offsets.length === 1 && maxRanks[0] === 1) && offsets.length !== sizes.length)
    return plainError(
      ctx,
      op,
      `expected mixed offsets rank to match mixed sizes rank (${offsets.length} vs ${sizes.length}) so the rank of the result type is well-formed.`,
    );
  if (sizes.length !== strides.length)
    return plainError(
      ctx,
      op,
      `expected mixed sizes rank to match mixed strides rank (${sizes.length} vs ${strides.length}) so the rank of the result type is well-formed.`,
    );
  const lists: [string, number[], Value[], number][] = [
    ['offset', offsets, getOperandGroup(op, 'offsets'), maxRanks[0]],
    ['size', sizes, getOperandGroup(op, 'sizes'), maxRanks[1]],
    ['stride', strides, getOperandGroup(op, 'strides'), maxRanks[2]],
  ];
  for (const [name, vals, dyn, max] of lists) {
    if (vals.length !== max) return plainError(ctx, op, `expected ${max} ${name} values, got ${vals.length}`);
    const expected = vals.filter(isDyn).length;
    if (dyn.length !== expected)
      return plainError(
        ctx,
        op,
        `expected the number of '${name}s' to match the number of dynamic entries in 'static_${name}s' (${dyn.length} vs ${expected})`,
      );
  }
  for (const o of offsets) if (o < 0 && !isDyn(o)) return plainError(ctx, op, `expected offsets to be non-negative, but got ${o}`);
  for (const s of sizes) if (s < 0 && !isDyn(s)) return plainError(ctx, op, `expected sizes to be non-negative, but got ${s}`);
  return true;
}

// ============================================================================
// Allocation

function verifyAllocLike(op: Operation, ctx: Context): boolean {
  const t = op.result(0).type;
  if (!(t instanceof MemRefType)) return fail(ctx, op, 'result must be a memref');
  if (!verifyDynamicDimCount(ctx, op, t, getOperandGroup(op, 'dynamicSizes'))) return false;
  const numSymbols = layoutIsIdentity(t) ? 0 : layoutNumSymbols(t);
  const syms = getOperandGroup(op, 'symbolOperands').length;
  if (syms !== numSymbols)
    return fail(ctx, op, `symbol operand count does not equal memref symbol count: expected ${numSymbols}, got ${syms}`);
  return true;
}

const ALLOC_FORMAT = '`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)';

function allocLike(name: string, resource: string) {
  return defineOds({
    name,
    traits: [AttrSizedOperandSegments],
    operands: [variadicOperand('dynamicSizes', Index), variadicOperand('symbolOperands', Index)],
    results: [result('memref', RankedMemRef)],
    attributes: [optionalAttr('alignment', I64PositivePow2)],
    assemblyFormat: ALLOC_FORMAT,
    getAsmResultNames: nameResult(name.slice('memref.'.length)),
    interfaces: effects((op) => [{ kind: 'allocate', value: op.result(0), resource }]),
    verify(op, ctx) {
      if (!verifyAllocLike(op, ctx)) return false;
      if (name === 'memref.alloca') {
        let p = op.parentOp;
        while (p && !hasAllocationScope(p)) p = p.parentOp;
        if (!p) return fail(ctx, op, 'requires an ancestor op with AutomaticAllocationScope trait');
      }
      return true;
    },
  });
}

const AutomaticAllocationScope = 'AutomaticAllocationScope';
const SCOPE_OPS = new Set(['func.func', 'memref.alloca_scope', 'gpu.func', 'llvm.func', 'async.func', 'scf.forall']);
function hasAllocationScope(op: Operation): boolean {
  return op.hasTrait(AutomaticAllocationScope) || SCOPE_OPS.has(op.name.name);
}

const AllocOp = allocLike('memref.alloc', 'default');
const AllocaOp = allocLike('memref.alloca', 'AutomaticAllocationScopeResource');

const ReallocOp = defineOds({
  name: 'memref.realloc',
  operands: [operand('source', OneDMemRef), optionalOperand('dynamicResultSize', Index)],
  results: [result('result', OneDMemRef)],
  attributes: [optionalAttr('alignment', I64PositivePow2)],
  assemblyFormat: '$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)',
  interfaces: effects((op) => [
    { kind: 'free', value: op.operand(0) },
    { kind: 'allocate', value: op.result(0) },
  ]),
  verify(op, ctx) {
    const src = op.operand(0).type as MemRefType;
    const res = op.result(0).type as MemRefType;
    if (!layoutIsIdentity(src)) return plainError(ctx, op, `unsupported layout for source memref type ${q(src)}`);
    if (!layoutIsIdentity(res)) return plainError(ctx, op, `unsupported layout for result memref type ${q(res)}`);
    if (src.memorySpace !== res.memorySpace)
      return plainError(ctx, op, `different memory spaces specified for source memref type ${q(src)} and result memref type ${q(res)}`);
    if (src.elementType !== res.elementType)
      return plainError(ctx, op, `different element types specified for source memref type ${q(src)} and result memref type ${q(res)}`);
    const dyn = res.shape.some(isDyn);
    const hasSize = op.numOperands > 1;
    if (dyn && !hasSize) return plainError(ctx, op, `missing dimension operand for result type ${q(res)}`);
    if (!dyn && hasSize) return plainError(ctx, op, `unnecessary dimension operand for result type ${q(res)}`);
    return true;
  },
});

const DeallocOp = defineOds({
  name: 'memref.dealloc',
  operands: [operand('memref', AnyRankedOrUnrankedMemRef)],
  assemblyFormat: '$memref attr-dict `:` type($memref)',
  interfaces: effects((op) => [{ kind: 'free', value: op.operand(0) }]),
});

// ---- alloca_scope

const AllocaScopeOp = defineRawOp({
  name: 'memref.alloca_scope',
  traits: [AutomaticAllocationScope, 'RecursiveMemoryEffects'],
  implicitTerminator: 'memref.alloca_scope.return',
  parse(p, state) {
    const results = p.parseOptionalArrowTypeList();
    if (results) state.types = results;
    const body = state.addRegion(new Region());
    p.parseRegion(body, []);
    ensureTerminator(p, body, 'memref.alloca_scope.return', state.location);
    p.parseOptionalAttrDict(state.attributes);
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
    p.printRegion(op.regions[0], { printEntryBlockArgs: false, printBlockTerminators: withResults });
    printAttrDict(p, op);
  },
  verify(op, ctx) {
    if (op.regions.length !== 1) return fail(ctx, op, `requires one region`);
    const r = op.regions[0];
    if (r.blocks.length > 1) return fail(ctx, op, "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks");
    if (r.blocks.length && r.entry.args.length) return fail(ctx, op, 'region #0 should have no arguments');
    return true;
  },
});

function ensureTerminator(p: OpAsmParser, r: Region, name: string, loc: Operation['location']): void {
  if (r.empty) return;
  const block = r.entry;
  const last = block.last;
  if (last && last.hasTrait(Traits.IsTerminator)) return;
  const opName = p.parser.ctx.lookupOp(name) ?? p.parser.ctx.getOperationName(name);
  block.append(new OperationCtor({ name: opName, location: loc }));
}
import { Operation as OperationCtor } from '../../ir/operation.js';

const AllocaScopeReturnOp = defineOds({
  name: 'memref.alloca_scope.return',
  traits: [Traits.Pure, Traits.ReturnLike, Traits.IsTerminator],
  parentOps: ['memref.alloca_scope'],
  operands: [variadicOperand('results', typeConstraint('any type', () => true))],
  assemblyFormat: 'attr-dict ($results^ `:` type($results))?',
});

// ============================================================================
// Accesses

const LoadOp = defineOds({
  name: 'memref.load',
  traits: [TypesMatchWith("result type matches element type of 'memref'", 'memref', 'result', elementTypeOf)],
  operands: [operand('memref', RankedMemRef), variadicOperand('indices', Index)],
  results: [result('result', typeConstraint('any type', () => true))],
  attributes: [defaultValuedOptionalAttr('nontemporal', BoolAttrC, IntegerAttr.get(IntegerType.get(1), 0)), optionalAttr('alignment', I64PositivePow2)],
  assemblyFormat: '$memref `[` $indices `]` attr-dict `:` type($memref)',
  interfaces: effects((op) => [{ kind: 'read', value: op.operand(0) }]),
  verify(op, ctx) {
    const t = op.operand(0).type as MemRefType;
    const n = op.numOperands - 1;
    if (n !== t.rank) return fail(ctx, op, `incorrect number of indices for load, expected ${t.rank} but got ${n}`);
    return true;
  },
});

const StoreOp = defineOds({
  name: 'memref.store',
  traits: [TypesMatchWith("type of 'value' matches element type of 'memref'", 'memref', 'value', elementTypeOf)],
  operands: [operand('value', typeConstraint('any type', () => true)), operand('memref', RankedMemRef), variadicOperand('indices', Index)],
  attributes: [defaultValuedOptionalAttr('nontemporal', BoolAttrC, IntegerAttr.get(IntegerType.get(1), 0)), optionalAttr('alignment', I64PositivePow2)],
  assemblyFormat: '$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)',
  interfaces: effects((op) => [{ kind: 'write', value: op.operand(1) }]),
  verify(op, ctx) {
    const t = op.operand(1).type as MemRefType;
    const n = op.numOperands - 2;
    if (n !== t.rank) return fail(ctx, op, `incorrect number of indices for store, expected ${t.rank} but got ${n}`);
    return true;
  },
});

const ATOMIC_KINDS = ['addf', 'addi', 'andi', 'assign', 'maximumf', 'maxnumf', 'maxs', 'maxu', 'minimumf', 'minnumf', 'mins', 'minu', 'mulf', 'muli', 'ori', 'xori'];
const AtomicRMWKindAttr = i64EnumAttr(ATOMIC_KINDS, 'allowed 64-bit signless integer cases: ' + ATOMIC_KINDS.map((_, i) => i).join(', '));
const FLOAT_KINDS = new Set(['addf', 'maximumf', 'minimumf', 'mulf', 'maxnumf', 'minnumf']);
const INT_KINDS = new Set(['addi', 'maxs', 'maxu', 'mins', 'minu', 'muli', 'ori', 'andi', 'xori']);

const AtomicRMWOp = defineOds({
  name: 'memref.atomic_rmw',
  traits: [
    AllTypesMatch(['value', 'result']),
    TypesMatchWith('value type matches element type of memref', 'memref', 'value', elementTypeOf),
  ],
  operands: [operand('value', SignlessIntOrFloat), operand('memref', MemRefOfIntOrFloat), variadicOperand('indices', Index)],
  results: [result('result', SignlessIntOrFloat)],
  attributes: [attr('kind', AtomicRMWKindAttr)],
  assemblyFormat: '$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)',
  interfaces: effects((op) => [
    { kind: 'read', value: op.operand(1) },
    { kind: 'write', value: op.operand(1) },
  ]),
  verify(op, ctx) {
    const t = op.operand(1).type as MemRefType;
    if (t.rank !== op.numOperands - 2) return fail(ctx, op, 'expects the number of subscripts to be equal to memref rank');
    const kind = ATOMIC_KINDS[Number((op.propertiesView.get('kind') as IntegerAttr).value)];
    const vt = op.operand(0).type;
    if (FLOAT_KINDS.has(kind) && !(vt instanceof FloatType)) return fail(ctx, op, `with kind '${kind}' expects a floating-point type`);
    if (INT_KINDS.has(kind) && !(vt instanceof IntegerType)) return fail(ctx, op, `with kind '${kind}' expects an integer type`);
    return true;
  },
});

// ---- generic_atomic_rmw

function isMemoryEffectFree(op: Operation): boolean {
  if (!op.isRegistered) return false;
  if (op.hasTrait(Traits.Pure)) return true;
  const me = getInterface<MemoryEffectsInterface>(op, 'MemoryEffects');
  if (me) return me.getEffects(op).length === 0;
  if (op.hasTrait('RecursiveMemoryEffects')) {
    for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) if (!isMemoryEffectFree(o)) return false;
    return true;
  }
  return false;
}

const GenericAtomicRMWOp = defineRawOp({
  name: 'memref.generic_atomic_rmw',
  implicitTerminator: 'memref.atomic_yield',
  interfaces: effects((op) => [
    { kind: 'read', value: op.operand(0) },
    { kind: 'write', value: op.operand(0) },
  ]),
  parse(p, state) {
    const memref = p.parseOperand();
    const indices = p.parseOperandList('square');
    p.parseColon();
    const offset = p.currentOffset();
    const t = p.parseType();
    if (!(t instanceof MemRefType)) return p.error(`invalid kind of type specified: expected builtin.memref, but found ${q(t)}`, offset);
    state.operands = [p.resolveOperand(memref, t), ...indices.map((i) => p.resolveOperand(i, IndexType.get()))];
    const body = state.addRegion(new Region());
    p.parseRegion(body, []);
    p.parseOptionalAttrDict(state.attributes);
    state.types = [t.elementType];
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write('[');
    p.printOperands(op.operands.slice(1));
    p.write('] : ');
    p.printType(op.operand(0).type);
    p.write(' ');
    p.printRegion(op.regions[0]);
    printAttrDict(p, op);
  },
  verify(op, ctx) {
    if (op.numOperands < 1) return fail(ctx, op, `expected 1 or more operands, but found ${op.numOperands}`);
    const mt = op.operand(0).type;
    if (!MemRefOfIntOrFloat.check(mt)) return fail(ctx, op, `operand #0 must be ${MemRefOfIntOrFloat.summary}, but got ${q(mt)}`);
    for (let i = 1; i < op.numOperands; i++)
      if (!(op.operand(i).type instanceof IndexType)) return fail(ctx, op, `operand #${i} must be variadic of index, but got ${q(op.operand(i).type)}`);
    if (op.numResults !== 1) return fail(ctx, op, `requires one result`);
    const rt = op.result(0).type;
    if (!IntOrFloat(rt)) return fail(ctx, op, `result #0 must be signless integer or floating-point, but got ${q(rt)}`);
    if ((mt as MemRefType).elementType !== rt) return fail(ctx, op, 'failed to verify that result type matches element type of memref');
    return true;
  },
  verifyRegions(op, ctx) {
    const body = op.regions[0];
    if (body.empty || body.entry.args.length !== 1) return fail(ctx, op, 'expected single number of entry block arguments');
    if (op.result(0).type !== body.entry.args[0].type) return fail(ctx, op, 'expected block argument of the same type result type');
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
});

const AtomicYieldOp = defineOds({
  name: 'memref.atomic_yield',
  traits: [Traits.Pure, Traits.IsTerminator],
  parentOps: ['memref.generic_atomic_rmw'],
  operands: [operand('result', typeConstraint('any type', () => true))],
  assemblyFormat: '$result attr-dict `:` type($result)',
  verify(op, ctx) {
    const parentType = op.parentOp!.numResults ? op.parentOp!.result(0).type : undefined;
    const t = op.operand(0).type;
    if (parentType && parentType !== t) return fail(ctx, op, `types mismatch between yield op: ${q(t)} and its parent: ${q(parentType)}`);
    return true;
  },
});

// ---- prefetch

const LocalityHint = attrConstraint(
  '32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3',
  (a) => a instanceof IntegerAttr && a.type === IntegerType.get(32) && a.value >= 0n && a.value <= 3n,
);

const PrefetchOp = defineRawOp({
  name: 'memref.prefetch',
  attributes: ['isWrite', 'localityHint', 'isDataCache'],
  interfaces: effects((op) => [{ kind: 'read', value: op.operand(0) }]),
  parse(p, state) {
    const memref = p.parseOperand();
    const indices = p.parseOperandList('square');
    p.parseComma();
    const rw = parseAnyKeyword(p);
    p.parseComma();
    p.parseKeyword('locality');
    p.parseLess();
    const hint = p.parseAttribute(IntegerType.get(32));
    p.parseGreater();
    p.parseComma();
    const cache = parseAnyKeyword(p);
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    const offset = p.currentOffset();
    const t = p.parseType();
    if (!(t instanceof MemRefType)) return p.error(`invalid kind of type specified: expected builtin.memref, but found ${q(t)}`, offset);
    state.operands = [p.resolveOperand(memref, t), ...indices.map((i) => p.resolveOperand(i, IndexType.get()))];
    if (rw !== 'read' && rw !== 'write') p.error("rw specifier has to be 'read' or 'write'", p.nameOffset);
    if (cache !== 'data' && cache !== 'instr') p.error("cache type has to be 'data' or 'instr'", p.nameOffset);
    state.attributes.set('localityHint', hint);
    state.attributes.set('isWrite', IntegerAttr.get(IntegerType.get(1), rw === 'write' ? 1 : 0));
    state.attributes.set('isDataCache', IntegerAttr.get(IntegerType.get(1), cache === 'data' ? 1 : 0));
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write('[');
    p.printOperands(op.operands.slice(1));
    const flag = (n: string): boolean => ((op.propertiesView.get(n) as IntegerAttr | undefined)?.value ?? 0n) !== 0n;
    p.write('], ' + (flag('isWrite') ? 'write' : 'read') + ', locality<');
    const hint = op.propertiesView.get('localityHint');
    if (hint) hint.printWithoutType(p);
    p.write('>, ' + (flag('isDataCache') ? 'data' : 'instr'));
    printAttrDict(p, op, ['localityHint', 'isWrite', 'isDataCache']);
    p.write(' : ');
    p.printType(op.operand(0).type);
  },
  verify(op, ctx) {
    for (const n of ['isWrite', 'localityHint', 'isDataCache']) if (!op.propertiesView.has(n)) return fail(ctx, op, `requires attribute '${n}'`);
    if (!BoolAttrC.check(op.propertiesView.get('isWrite')!)) return fail(ctx, op, "attribute 'isWrite' failed to satisfy constraint: bool attribute");
    if (!LocalityHint.check(op.propertiesView.get('localityHint')!))
      return fail(ctx, op, `attribute 'localityHint' failed to satisfy constraint: ${LocalityHint.summary}`);
    if (!BoolAttrC.check(op.propertiesView.get('isDataCache')!))
      return fail(ctx, op, "attribute 'isDataCache' failed to satisfy constraint: bool attribute");
    const t = op.operand(0)?.type;
    if (!t || !(t instanceof MemRefType)) return fail(ctx, op, `operand #0 must be memref of any type values, but got ${t ? q(t) : "'none'"}`);
    if (op.numOperands !== 1 + t.rank) return fail(ctx, op, 'too few indices');
    return true;
  },
});

function parseAnyKeyword(p: OpAsmParser): string {
  const kw = p.parseOptionalKeyword();
  if (kw === undefined) p.error('expected valid keyword');
  return kw;
}

// ---- dma

const DmaStartOp = defineRawOp({
  name: 'memref.dma_start',
  interfaces: effects((op) => {
    const out: MemoryEffect[] = [];
    const src = dmaLayout(op);
    if (!src) return out;
    out.push({ kind: 'read', value: op.operand(0) }, { kind: 'write', value: op.operand(src.dst) }, { kind: 'read', value: op.operand(src.tag) });
    return out;
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
    p.parseOptionalAttrDict(state.attributes);
  },
  print(p, op) {
    const l = dmaLayout(op)!;
    const ops = op.operands;
    p.write(' ');
    p.printOperand(ops[0]);
    p.write('[');
    p.printOperands(ops.slice(1, l.dst));
    p.write('], ');
    p.printOperand(ops[l.dst]);
    p.write('[');
    p.printOperands(ops.slice(l.dst + 1, l.num));
    p.write('], ');
    p.printOperand(ops[l.num]);
    p.write(', ');
    p.printOperand(ops[l.tag]);
    p.write('[');
    p.printOperands(ops.slice(l.tag + 1, l.end));
    p.write(']');
    if (op.numOperands > l.end) {
      p.write(', ');
      p.printOperands(ops.slice(l.end));
    }
    printAttrDict(p, op);
    p.write(' : ');
    p.printTypes([ops[0].type, ops[l.dst].type, ops[l.tag].type]);
  },
  verify(op, ctx) {
    const n = op.numOperands;
    if (n < 4) return fail(ctx, op, 'expected at least 4 operands');
    const ops = op.operands;
    const isIdx = (v: Value): boolean => v.type instanceof IndexType;
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

function dmaLayout(op: Operation): { dst: number; num: number; tag: number; end: number } | undefined {
  const src = memType(op.operand(0));
  if (!src) return undefined;
  const dstPos = 1 + src.rank;
  const dst = memType(op.operand(dstPos));
  if (!dst) return undefined;
  const num = dstPos + 1 + dst.rank;
  const tagT = memType(op.operand(num + 1));
  if (!tagT) return undefined;
  return { dst: dstPos, num, tag: num + 1, end: num + 2 + tagT.rank };
}

const DmaWaitOp = defineOds({
  name: 'memref.dma_wait',
  operands: [operand('tagMemRef', RankedMemRef), variadicOperand('tagIndices', Index), operand('numElements', Index)],
  assemblyFormat: '$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)',
  interfaces: effects((op) => [{ kind: 'read', value: op.operand(0) }]),
  verify(op, ctx) {
    const rank = (op.operand(0).type as MemRefType).rank;
    const n = op.numOperands - 2;
    if (n !== rank)
      return fail(ctx, op, `expected tagIndices to have the same number of elements as the tagMemRef rank, expected ${rank}, but got ${n}`);
    return true;
  },
});

// ============================================================================
// Shape queries

const DimOp = defineOds({
  name: 'memref.dim',
  traits: [],
  operands: [operand('source', AnyNon0RankedOrUnrankedMemRef), operand('index', Index)],
  results: [result('result', Index)],
  assemblyFormat: 'attr-dict $source `,` $index `:` type($source)',
  getAsmResultNames: nameResult('dim'),
  interfaces: {
    ...effects(() => []),
    // Speculatable when the source is ranked and the index a constant within its rank.
    Speculatable: {
      isSpeculatable(op: Operation): boolean {
        const t = op.operand(0).type;
        if (!(t instanceof MemRefType)) return false;
        const c = op.operand(1).definingOp;
        const v = c && c.hasTrait(Traits.ConstantLike) ? c.getAttr('value') : undefined;
        return v instanceof IntegerAttr && v.value >= 0n && v.value < BigInt(t.rank);
      },
    },
  },
});

const RankOp = defineOds({
  name: 'memref.rank',
  traits: [Traits.Pure],
  operands: [operand('memref', AnyRankedOrUnrankedMemRef)],
  results: [result('result', Index)],
  assemblyFormat: '$memref attr-dict `:` type($memref)',
});

const ExtractAlignedPointerAsIndexOp = defineOds({
  name: 'memref.extract_aligned_pointer_as_index',
  traits: [Traits.Pure],
  operands: [operand('source', AnyRankedOrUnrankedMemRef)],
  results: [result('aligned_pointer', Index)],
  assemblyFormat: '$source `:` type($source) `->` type(results) attr-dict',
  getAsmResultNames: nameResult('intptr'),
});

const ExtractStridedMetadataOp = defineOds({
  name: 'memref.extract_strided_metadata',
  traits: [Traits.Pure],
  operands: [operand('source', AnyStridedMemRef)],
  results: [result('base_buffer', ZeroDStridedMemRef), result('offset', Index), variadicResult('sizes', Index), variadicResult('strides', Index)],
  assemblyFormat: '$source `:` type($source) `->` type(results) attr-dict',
  getAsmResultNames(op, setName) {
    if (op.numResults < 2) return;
    setName(op.result(0), 'base_buffer');
    setName(op.result(1), 'offset');
    const rank = (op.numResults - 2) / 2;
    if (rank > 0) {
      setName(op.result(2), 'sizes');
      setName(op.result(2 + rank), 'strides');
    }
  },
  verify(op, ctx) {
    const src = op.operand(0).type as MemRefType;
    const rank = src.rank;
    const expected: Type[] = [MemRefType.get([], src.elementType, undefined, src.memorySpace), IndexType.get()];
    for (let i = 0; i < 2 * rank; i++) expected.push(IndexType.get());
    const got = op.resultTypes;
    if (got.length !== expected.length || got.some((t, i) => t !== expected[i]))
      return fail(
        ctx,
        op,
        `inferred type(s) ${expected.map(q).join(', ')} are incompatible with return type(s) of operation ${got.map(q).join(', ')}`,
      );
    return true;
  },
});

// ============================================================================
// Casts and views

function castCompatible(a: Type, b: Type): boolean {
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

function verifyCast(compatible: (a: Type, b: Type) => boolean) {
  return (op: Operation, ctx: Context): boolean => {
    const a = op.operand(0).type;
    const b = op.result(0).type;
    if (!compatible(a, b)) return fail(ctx, op, `operand type ${q(a)} and result type ${q(b)} are cast incompatible`);
    return true;
  };
}

const CastOp = defineOds({
  name: 'memref.cast',
  traits: [Traits.Pure],
  operands: [operand('source', AnyRankedOrUnrankedMemRef)],
  results: [result('dest', AnyRankedOrUnrankedMemRef)],
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($dest)',
  getAsmResultNames: nameResult('cast'),
  verify: verifyCast(castCompatible),
});

const MemorySpaceCastOp = defineOds({
  name: 'memref.memory_space_cast',
  traits: [Traits.Pure],
  operands: [operand('source', AnyRankedOrUnrankedMemRef)],
  results: [result('dest', AnyRankedOrUnrankedMemRef)],
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($dest)',
  getAsmResultNames: nameResult('memspacecast'),
  verify: verifyCast((a, b) => {
    if (a instanceof MemRefType && b instanceof MemRefType)
      return a.elementType === b.elementType && a.layout === b.layout && a.shape.join() === b.shape.join();
    if (a instanceof UnrankedMemRefType && b instanceof UnrankedMemRefType) return a.elementType === b.elementType;
    return false;
  }),
});

const AssumeAlignmentOp = defineOds({
  name: 'memref.assume_alignment',
  traits: [Traits.Pure, AllTypesMatch(['memref', 'result'])],
  operands: [operand('memref', RankedMemRef)],
  results: [result('result', RankedMemRef)],
  attributes: [attr('alignment', I32Positive)],
  assemblyFormat: '$memref `,` $alignment attr-dict `:` type($memref)',
  getAsmResultNames: nameResult('assume_align'),
  verify(op, ctx) {
    const a = (op.propertiesView.get('alignment') as IntegerAttr).value;
    if ((a & (a - 1n)) !== 0n) return fail(ctx, op, 'alignment must be power of 2');
    return true;
  },
});

const CopyOp = defineOds({
  name: 'memref.copy',
  traits: [SameOperandsElementType, SameOperandsShape],
  operands: [operand('source', AnyRankedOrUnrankedMemRef), operand('target', AnyRankedOrUnrankedMemRef)],
  assemblyFormat: '$source `,` $target attr-dict `:` type($source) `to` type($target)',
  interfaces: effects((op) => [
    { kind: 'read', value: op.operand(0) },
    { kind: 'write', value: op.operand(1) },
  ]),
});

const ReshapeOp = defineOds({
  name: 'memref.reshape',
  traits: [Traits.Pure],
  operands: [operand('source', AnyRankedOrUnrankedMemRef), operand('shape', ShapeMemRef)],
  results: [result('result', AnyRankedOrUnrankedMemRef)],
  assemblyFormat: '$source `(` $shape `)` attr-dict `:` functional-type(operands, results)',
  getAsmResultNames: nameResult('reshape'),
  verify(op, ctx) {
    const src = op.operand(0).type as ShapedType;
    const res = op.result(0).type as ShapedType;
    if (src.elementType !== res.elementType) return fail(ctx, op, 'element types of source and destination memref types should be the same');
    if (src instanceof MemRefType && !layoutIsIdentity(src)) return fail(ctx, op, 'source memref type should have identity affine map');
    const shapeSize = (op.operand(1).type as MemRefType).shape[0];
    if (res instanceof MemRefType) {
      if (!layoutIsIdentity(res)) return fail(ctx, op, 'result memref type should have identity affine map');
      if (isDyn(shapeSize)) return fail(ctx, op, 'cannot use shape operand with dynamic length to reshape to statically-ranked memref type');
      if (shapeSize !== res.rank) return fail(ctx, op, "length of shape operand differs from the result's memref rank");
    }
    return true;
  },
});

const ViewOp = defineOds({
  name: 'memref.view',
  traits: [Traits.Pure],
  operands: [operand('source', OneDMemRefI8), operand('byte_shift', Index), variadicOperand('sizes', Index)],
  results: [result('result', RankedMemRef)],
  assemblyFormat: '$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)',
  getAsmResultNames: nameResult('view'),
  verify(op, ctx) {
    const base = op.operand(0).type as MemRefType;
    const view = op.result(0).type as MemRefType;
    if (!layoutIsIdentity(base)) return plainError(ctx, op, `unsupported map for base memref type ${q(base)}`);
    if (!layoutIsIdentity(view)) return plainError(ctx, op, `unsupported map for result memref type ${q(view)}`);
    if (base.memorySpace !== view.memorySpace)
      return plainError(ctx, op, `different memory spaces specified for base memref type ${q(base)} and view memref type ${q(view)}`);
    return verifyDynamicDimCount(ctx, op, view, op.operands.slice(2));
  },
});

// ---- reinterpret_cast

const OFFSET_SIZE_STRIDE_OPERANDS = [variadicOperand('offsets', Index), variadicOperand('sizes', Index), variadicOperand('strides', Index)];
const STATIC_ATTRS = [attr('static_offsets', DenseI64ArrayAttrC), attr('static_sizes', DenseI64ArrayAttrC), attr('static_strides', DenseI64ArrayAttrC)];
const dynText = (v: number): string => (isDyn(v) ? 'dynamic' : String(v));

const ReinterpretCastOp = defineOds({
  name: 'memref.reinterpret_cast',
  traits: [AttrSizedOperandSegments, Traits.Pure],
  operands: [operand('source', AnyRankedOrUnrankedMemRef), ...OFFSET_SIZE_STRIDE_OPERANDS],
  results: [result('result', AnyStridedMemRef)],
  attributes: STATIC_ATTRS,
  assemblyFormat:
    '$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)',
  getAsmResultNames: nameResult('reinterpret_cast'),
  verify(op, ctx) {
    const res = op.result(0).type as MemRefType;
    if (!verifyOffsetSizeStride(ctx, op, [1, res.rank, res.rank])) return false;
    const src = op.operand(0).type as MemRefType | UnrankedMemRefType;
    if (src.memorySpace !== res.memorySpace)
      return plainError(ctx, op, `different memory spaces specified for source type ${q(src)} and result memref type ${q(res)}`);
    if (src.elementType !== res.elementType)
      return plainError(ctx, op, `different element types specified for source type ${q(src)} and result memref type ${q(res)}`);
    const sizes = staticList(op, 'static_sizes');
    for (let i = 0; i < res.rank; i++) {
      const r = res.shape[i];
      if (!isDyn(r) && r !== sizes[i]) return plainError(ctx, op, `expected result type with size = ${dynText(sizes[i])} instead of ${r} in dim = ${i}`);
    }
    const so = stridesAndOffset(res);
    if (!so) return plainError(ctx, op, `expected result type to have strided layout but found ${q(res)}`);
    const off = staticList(op, 'static_offsets')[0];
    if (!isDyn(so.offset) && so.offset !== off) return plainError(ctx, op, `expected result type with offset = ${dynText(off)} instead of ${so.offset}`);
    const strides = staticList(op, 'static_strides');
    for (let i = 0; i < so.strides.length; i++) {
      const r = so.strides[i];
      if (!isDyn(r) && r !== strides[i])
        return plainError(ctx, op, `expected result type with stride = ${dynText(strides[i])} instead of ${r} in dim = ${i}`);
    }
    return true;
  },
});

// ---- subview

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


const SubViewOp = defineOds({
  name: 'memref.subview',
  traits: [AttrSizedOperandSegments, Traits.Pure],
  operands: [operand('source', RankedMemRef), ...OFFSET_SIZE_STRIDE_OPERANDS],
  results: [result('result', RankedMemRef)],
  attributes: STATIC_ATTRS,
  assemblyFormat:
    '$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)',
  getAsmResultNames: nameResult('subview'),
  verify(op, ctx) {
    const base = op.operand(0).type as MemRefType;
    const sub = op.result(0).type as MemRefType;
    if (!verifyOffsetSizeStride(ctx, op, [base.rank, base.rank, base.rank])) return false;
    const offsets = staticList(op, 'static_offsets');
    const sizes = staticList(op, 'static_sizes');
    const strides = staticList(op, 'static_strides');
    if (base.memorySpace !== sub.memorySpace)
      return plainError(ctx, op, `different memory spaces specified for base memref type ${q(base)} and subview memref type ${q(sub)}`);
    if (!isStrided(base)) return plainError(ctx, op, `base type ${q(base)} is not strided`);
    const expected = inferSubViewResultType(base, offsets, sizes, strides);
    const layoutError = (): false =>
      plainError(ctx, op, `expected result type to be ${q(expected)} or a rank-reduced version. (mismatch of result layout), but got ${q(sub)}`);
    if (expected !== sub) {
      if (sub.rank > expected.rank) return plainError(ctx, op, `expected result rank to be smaller or equal to the source rank, but got ${q(sub)}`);
      if (!rankReductionMask(expected.shape, sub.shape))
        return plainError(ctx, op, `expected result type to be ${q(expected)} or a rank-reduced version. (mismatch of result sizes), but got ${q(sub)}`);
      if (expected.elementType !== sub.elementType)
        return plainError(ctx, op, `expected result element type to be ${q(expected.elementType)}, but got ${q(sub)}`);
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
      if (offsets[i] >= shape[i]) return plainError(ctx, op, `offset ${i} is out-of-bounds: ${offsets[i]} >= ${shape[i]}`);
      if (isDyn(sizes[i]) || isDyn(strides[i])) continue;
      const last = offsets[i] + (sizes[i] - 1) * strides[i];
      if (last >= shape[i]) return plainError(ctx, op, `slice along dimension ${i} runs out-of-bounds: ${last} >= ${shape[i]}`);
    }
    return true;
  },
});

// ---- expand_shape / collapse_shape

function reassociation(op: Operation): number[][] {
  const a = op.propertiesView.get('reassociation');
  if (!(a instanceof ArrayAttr)) return [];
  return a.elements.map((g) => (g instanceof ArrayAttr ? g.elements.map((e) => Number((e as IntegerAttr).value)) : []));
}

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

const ExpandShapeOp = defineOds({
  name: 'memref.expand_shape',
  traits: [Traits.Pure],
  operands: [operand('src', AnyStridedMemRef), variadicOperand('output_shape', Index)],
  results: [result('result', AnyStridedMemRef)],
  attributes: [attr('reassociation', IndexListArrayAttr), attr('static_output_shape', DenseI64ArrayAttrC)],
  assemblyFormat:
    '$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` type($src) `into` type($result)',
  getAsmResultNames: nameResult('expand_shape'),
  verify(op, ctx) {
    const src = op.operand(0).type as MemRefType;
    const res = op.result(0).type as MemRefType;
    if (src.rank > res.rank)
      return fail(ctx, op, `has source rank ${src.rank} and result rank ${res.rank}. This is not an expansion (${src.rank} > ${res.rank}).`);
    const groups = reassociation(op);
    if (!verifyCollapsedShape(ctx, op, src.shape, res.shape, groups)) return false;
    const expected = computeExpandedType(src, res.shape, groups);
    if (!expected) return fail(ctx, op, 'invalid source layout map');
    if (expected !== res) return fail(ctx, op, `expected expanded type to be ${q(expected)} but found ${q(res)}`);
    const stat = staticList(op, 'static_output_shape');
    if (stat.length !== res.rank)
      return fail(
        ctx,
        op,
        `expected number of static shape bounds to be equal to the output rank (${res.rank}) but found ${stat.length} inputs instead`,
      );
    const dynCount = stat.filter(isDyn).length;
    const given = op.numOperands - 1;
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

const CollapseShapeOp = defineOds({
  name: 'memref.collapse_shape',
  traits: [Traits.Pure],
  operands: [operand('src', AnyStridedMemRef)],
  results: [result('result', AnyStridedMemRef)],
  attributes: [attr('reassociation', IndexListArrayAttr)],
  assemblyFormat: '$src $reassociation attr-dict `:` type($src) `into` type($result)',
  getAsmResultNames: nameResult('collapse_shape'),
  verify(op, ctx) {
    const src = op.operand(0).type as MemRefType;
    const res = op.result(0).type as MemRefType;
    if (src.rank < res.rank)
      return fail(ctx, op, `has source rank ${src.rank} and result rank ${res.rank}. This is not a collapse (${src.rank} < ${res.rank}).`);
    const groups = reassociation(op);
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
    const pos = (r as { position?: number }).position;
    if (r.constructor.name !== 'AffineDimExpr' || pos === undefined || seen.has(pos)) return false;
    seen.add(pos);
  }
  return true;
}

export function inferTransposeResultType(src: MemRefType, perm: AffineMap): MemRefType {
  const so = stridesAndOffset(src)!;
  const pos = perm.results.map((r) => (r as unknown as { position: number }).position);
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

const TransposeOp = defineRawOp({
  name: 'memref.transpose',
  traits: [Traits.Pure],
  attributes: ['permutation'],
  getAsmResultNames: nameResult('transpose'),
  parse(p, state) {
    const src = p.parseOperand();
    const offset = p.currentOffset();
    const map = parseBareAffineMap(p);
    void offset;
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    const srcType = p.parseType();
    state.operands = [p.resolveOperand(src, srcType)];
    p.parseKeyword('to');
    state.types = [p.parseType()];
    state.attributes.set('permutation', AffineMapAttr.get(map));
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write(' ' + (op.propertiesView.get('permutation') as AffineMapAttr).value.toString());
    printAttrDict(p, op, ['permutation']);
    p.write(' : ');
    p.printType(op.operand(0).type);
    p.write(' to ');
    p.printType(op.result(0).type);
  },
  verify(op, ctx) {
    const perm = op.propertiesView.get('permutation');
    if (!(perm instanceof AffineMapAttr)) return fail(ctx, op, "requires attribute 'permutation'");
    const src = op.operand(0).type;
    if (!AnyStridedMemRef.check(src)) return fail(ctx, op, `operand #0 must be strided memref of any type values, but got ${q(src)}`);
    const res = op.result(0).type;
    if (!AnyStridedMemRef.check(res)) return fail(ctx, op, `result #0 must be strided memref of any type values, but got ${q(res)}`);
    if (!isPermutation(perm.value)) return fail(ctx, op, 'expected a permutation map');
    if (perm.value.numDims !== (src as MemRefType).rank) return fail(ctx, op, 'expected a permutation map of same rank as the input');
    const canonical = canonicalizeStridedLayout(inferTransposeResultType(src as MemRefType, perm.value));
    if (canonicalLayoutKey(res as MemRefType) !== canonicalLayoutKey(canonical))
      return fail(ctx, op, `result type ${q(res)} is not equivalent to the canonical transposed input type ${q(canonical)}`);
    return true;
  },
});

import { parseAffineMapOrSet } from '../../syntax/attribute-parser.js';
import { tokenParser } from '../../syntax/parser.js';
function parseBareAffineMap(p: OpAsmParser): AffineMap {
  const r = parseAffineMapOrSet(tokenParser(p));
  if (!(r instanceof AffineMap)) p.error("expected '->' or ':'");
  return r as AffineMap;
}

// ============================================================================
// Globals

const GlobalOp = defineRawOp({
  name: 'memref.global',
  traits: [Traits.Symbol],
  attributes: ['sym_name', 'sym_visibility', 'type', 'initial_value', 'constant', 'alignment'],
  parse(p, state) {
    const vis = p.parseOptionalString();
    if (vis !== undefined) state.attributes.set('sym_visibility', StringAttr.get(vis));
    if (p.parseOptionalKeyword('constant')) state.attributes.set('constant', UnitAttr.get());
    state.attributes.set('sym_name', StringAttr.get(p.parseSymbolName()));
    p.parseColon();
    const type = p.parseType();
    if (!(type instanceof MemRefType) || !type.hasStaticShape) return p.error(`type should be static shaped memref, but got ${q(type)}`, p.nameOffset);
    state.attributes.set('type', TypeAttr.get(type));
    if (p.parseOptionalEqual()) {
      if (p.parseOptionalKeyword('uninitialized')) state.attributes.set('initial_value', UnitAttr.get());
      else {
        const tensorType = RankedTensorType.get(type.shape, type.elementType);
        const v = tokenParser(p).is(Tok.string) ? p.parseAttribute() : p.parseAttribute(tensorType);
        if (!(v instanceof ElementsAttr)) p.error('initial value should be a unit or elements attribute', p.nameOffset);
        state.attributes.set('initial_value', v);
      }
    }
    parseAttrDict(p, state, [GLOBAL_ALIGNMENT]);
  },
  print(p, op) {
    p.write(' ');
    const vis = op.propertiesView.get('sym_visibility');
    if (vis) {
      p.printAttribute(vis);
      p.write(' ');
    }
    if (op.propertiesView.get('constant')) p.write('constant ');
    p.printSymbolName((op.propertiesView.get('sym_name') as StringAttr).value);
    p.write(' : ');
    const t = op.propertiesView.get('type') as TypeAttr;
    p.printType(t.value);
    const init = op.propertiesView.get('initial_value');
    if (init) {
      p.write(' = ');
      if (init instanceof UnitAttr) p.write('uninitialized');
      else p.printAttributeWithoutType(init);
    }
    printAttrDict(p, op, ['sym_name', 'sym_visibility', 'type', 'initial_value', 'constant']);
  },
  verify(op, ctx) {
    for (const n of ['sym_name', 'type']) if (!op.propertiesView.has(n)) return fail(ctx, op, `requires attribute '${n}'`);
    const align = op.propertiesView.get('alignment');
    if (align !== undefined && !I64AttrC.check(align)) return fail(ctx, op, "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute");
    if (!verifySymbolOp(ctx, op)) return false;
    const t = (op.propertiesView.get('type') as TypeAttr).value;
    if (!(t instanceof MemRefType) || !t.hasStaticShape) return fail(ctx, op, `type should be static shaped memref, but got ${q(t)}`);
    const init = op.propertiesView.get('initial_value');
    if (init) {
      if (!(init instanceof UnitAttr) && !(init instanceof ElementsAttr))
        return fail(ctx, op, `initial value should be a unit or elements attribute, but got ${init.key}`);
      if (init instanceof ElementsAttr) {
        const it = init.type as ShapedType;
        if (it.elementType !== t.elementType)
          return fail(ctx, op, `initial value element expected to be of type ${q(t.elementType)}, but was of type ${q(it.elementType)}`);
        if (it.shape.join() !== t.shape.join())
          return fail(ctx, op, `initial value shape expected to be ${t.shape.join(', ')} but was ${it.shape.join(', ')}`);
      }
    }
    if (align instanceof IntegerAttr && (align.value & (align.value - 1n)) !== 0n)
      return plainError(ctx, op, `alignment attribute value ${align.value} is not a power of 2`);
    return true;
  },
});

const GLOBAL_ALIGNMENT: HelperAttrConstraint = {
  name: 'alignment',
  summary: I64PositivePow2.summary,
  check: (a) => I64PositivePow2.check(a),
};

const getGlobalSymbolUser: SymbolUserInterface = {
  verifySymbolUses(op, ctx) {
    const name = op.propertiesView.get('name');
    if (!(name instanceof SymbolRefAttr)) return true;
    const g = lookupNearestSymbolFrom(op, name);
    if (!g || g.name.name !== 'memref.global') return fail(ctx, op, `'${name.leaf}' does not reference a valid global memref`);
    const gt = (g.properties.get('type') as TypeAttr | undefined)?.value;
    const rt = op.result(0).type;
    if (gt && gt !== rt) return fail(ctx, op, `result type ${q(rt)} does not match type ${q(gt)} of the global memref @${name.leaf}`);
    return true;
  },
};

const GetGlobalOp = defineOds({
  name: 'memref.get_global',
  traits: [Traits.Pure],
  results: [result('result', AnyStaticShapeMemRef)],
  attributes: [attr('name', FlatSymbolRefAttrC)],
  assemblyFormat: '$name `:` type($result) attr-dict',
  interfaces: { SymbolUser: getGlobalSymbolUser },
});

// ---- distinct_objects (generic form only in the corpus)

const DistinctObjectsOp = defineOds({
  name: 'memref.distinct_objects',
  traits: [Traits.Pure],
  operands: [variadicOperand('operands', RankedMemRef)],
  results: [variadicResult('results', RankedMemRef)],
  verify(op, ctx) {
    if (op.numOperands === 0) return fail(ctx, op, 'expected at least one operand');
    if (op.numOperands !== op.numResults || op.operands.some((v, i) => v.type !== op.result(i).type))
      return fail(ctx, op, 'operand types and result types must match');
    return true;
  },
});

const MEMREF_OPS: OpDefinition[] = [
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
];

// Folds and patterns are attached to the ODS definitions in place (the ODS
// information is keyed by the definition object).
for (const def of MEMREF_OPS) {
  const fold = MEMREF_FOLDS[def.name];
  const patterns = MEMREF_PATTERNS[def.name];
  if (fold) def.fold = fold;
  if (patterns) def.getCanonicalizationPatterns = patterns;
}

export const memrefDialect: Dialect = {
  name: 'memref',
  ops: MEMREF_OPS,
  materializeConstant: materializeArithConstant,
};

export type { TypeConstraint };
void I32Attr;
void optionalOperand;
