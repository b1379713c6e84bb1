// vector.transfer_read, vector.transfer_write and vector.create_mask (MLIR's
// VectorOps.td), on memrefs and ranked tensors; no execution semantics.

import type { Attribute, Type } from '../../ir/attributes.js';
import { attrToString, typeToString } from '../../ir/attributes.js';
import { AffineConstantExpr, AffineDimExpr, AffineMap, constExpr, dimExpr } from '../../ir/affine.js';
import { AffineMapAttr, ArrayAttr, DenseArrayAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IndexType, IntegerType, MemRefType, NoneType, RankedTensorType, VectorType } from '../../ir/builtin-types.js';

/** The sources/destinations of transfers (MLIR's AnyShaped restricted by the verifier). */
type Shaped = MemRefType | RankedTensorType;
const isShaped = (t: Type): t is Shaped => t instanceof MemRefType || t instanceof RankedTensorType;
import { fail, Traits, type Context } from '../../ir/context.js';
import type { MemoryEffect, MemoryEffectsInterface, SpeculatableInterface } from '../../ir/interfaces.js';
import type { OpAsmParser, OpAsmPrinter, UnresolvedOperand } from '../../ir/op-asm.js';
import type { Operation, Value } from '../../ir/operation.js';
import {
  AttrSizedOperandSegments,
  attr,
  attrConstraint,
  defineOp,
  implementOp,
  Index,
  operand,
  optionalOperand,
  optionalResult,
  result,
  typeConstraint,
  variadicOperand,
  AnyType,
  printAttrDict,
} from '../../ods/index.js';

const AffineMapAttrC = attrConstraint<AffineMapAttr, AffineMap>('AffineMap attribute', (a) => a instanceof AffineMapAttr, {
  decode: (a) => a.value,
  encode: (v) => AffineMapAttr.get(v),
});
const i1 = IntegerType.get(1);
const isBool = (a: Attribute): boolean => a instanceof IntegerAttr && a.type === i1;
const BoolArrayAttrC = attrConstraint<ArrayAttr, readonly boolean[]>('1-bit boolean array attribute', (a) => a instanceof ArrayAttr && a.elements.every(isBool), {
  valueType: NoneType.get(),
  decode: (a) => a.elements.map((e) => (e as IntegerAttr).value !== 0n),
  encode: (v) => ArrayAttr.get(v.map((b) => IntegerAttr.get(i1, b ? 1n : 0n))),
});
const ShapedC = typeConstraint('shaped of any type values', isShaped);
const RankedTensorC = typeConstraint('ranked tensor of any type values', (t) => t instanceof RankedTensorType);
const VectorC = typeConstraint('vector of any type values', (t) => t instanceof VectorType);
const MaskC = typeConstraint('vector of 1-bit signless integer values', (t) => t instanceof VectorType && t.elementType === i1);

export const TransferReadOp = defineOp({
  name: 'vector.transfer_read',
  summary: 'Reads a supervector from memory into an SSA vector value.',
  traits: [AttrSizedOperandSegments],
  operands: [operand('base', ShapedC), variadicOperand('indices', Index), operand('padding', AnyType), optionalOperand('mask', MaskC)],
  results: [result('vector', VectorC)],
  attributes: [attr('permutation_map', AffineMapAttrC), attr('in_bounds', BoolArrayAttrC)],
});

export const TransferWriteOp = defineOp({
  name: 'vector.transfer_write',
  summary: 'The vector.transfer_write op writes a supervector to memory.',
  traits: [AttrSizedOperandSegments],
  operands: [operand('valueToStore', VectorC), operand('base', ShapedC), variadicOperand('indices', Index), optionalOperand('mask', MaskC)],
  results: [optionalResult('result', RankedTensorC)],
  attributes: [attr('permutation_map', AffineMapAttrC), attr('in_bounds', BoolArrayAttrC)],
});

export const CreateMaskOp = defineOp({
  name: 'vector.create_mask',
  summary: 'creates a vector mask',
  traits: [Traits.Pure],
  operands: [variadicOperand('operands', Index)],
  results: [result('result', MaskC)],
  assemblyFormat: '$operands attr-dict `:` type(results)',
});

/** getTransferMinorIdentityMap: the map used when `permutation_map` is absent. */
export function transferMinorIdentityMap(shaped: Shaped, vec: VectorType): AffineMap {
  const elemVecRank = shaped.elementType instanceof VectorType ? shaped.elementType.rank : 0;
  // 0-d transfers of vector<1xt>.
  if (shaped.rank === 0 && vec.rank === 1 && vec.dims[0] === 1) return AffineMap.get(0, 0, [constExpr(0)]);
  const n = vec.rank - elemVecRank;
  const results = [];
  for (let i = shaped.rank - n; i < shaped.rank; i++) results.push(dimExpr(i));
  return AffineMap.get(shaped.rank, 0, results);
}

function isMinorIdentity(map: AffineMap): boolean {
  if (map.numSymbols !== 0 || map.numResults > map.numDims) return false;
  const off = map.numDims - map.numResults;
  return map.results.every((e, i) => e instanceof AffineDimExpr && e.position === off + i);
}

/** inferTransferOpMaskType: the vector shape in memory-dim order, broadcast dims dropped. */
export function inferTransferOpMaskType(vec: VectorType, map: AffineMap): VectorType {
  const dims: { pos: number; size: number; scalable: boolean }[] = [];
  map.results.forEach((e, i) => {
    if (e instanceof AffineDimExpr) dims.push({ pos: e.position, size: vec.dims[i], scalable: vec.scalableDims[i] });
  });
  dims.sort((a, b) => a.pos - b.pos);
  return VectorType.get(
    dims.map((d) => d.size),
    i1,
    dims.map((d) => d.scalable),
  );
}

function bitWidth(t: Type): number | undefined {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof IndexType) return 64;
  if (t instanceof FloatType) return t.width;
  return undefined;
}

/** MLIR's verifyTransferOp (memref sources). */
function verifyTransfer(ctx: Context, op: Operation, shaped: Shaped, vec: VectorType, map: AffineMap, inBounds: readonly boolean[], mask: Value | undefined): boolean {
  const elem = shaped.elementType;
  if (elem instanceof VectorType) {
    const minorBits = (v: VectorType): number => (bitWidth(v.elementType) ?? 0) * (v.rank === 0 ? 1 : v.dims[v.rank - 1]);
    const srcBits = minorBits(elem);
    if (srcBits !== 0 && minorBits(vec) % srcBits !== 0)
      return fail(ctx, op, 'requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source');
    if (elem.rank > vec.rank) return fail(ctx, op, 'requires source vector element and vector result ranks to match.');
    if (map.numResults !== vec.rank - elem.rank) return fail(ctx, op, 'requires a permutation_map with result dims of the same rank as the vector type');
    if (mask) return fail(ctx, op, 'does not support masks with vector element type');
  } else {
    const minor = vec.rank === 0 ? 1 : vec.dims[vec.rank - 1];
    const vw = bitWidth(vec.elementType);
    const ew = bitWidth(elem);
    if (vw !== undefined && ew !== undefined && (vw * minor) % ew !== 0)
      return fail(ctx, op, 'requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type');
    if (map.numResults !== vec.rank) return fail(ctx, op, 'requires a permutation_map with result dims of the same rank as the vector type');
  }
  if (map.numSymbols !== 0) return fail(ctx, op, 'requires permutation_map without symbols');
  if (map.numDims !== shaped.rank) return fail(ctx, op, 'requires a permutation_map with input dims of the same rank as the source type');
  if (mask) {
    const inferred = inferTransferOpMaskType(vec, map);
    if (mask.type !== inferred)
      return fail(ctx, op, `inferred mask type (${typeToString(inferred)}) and mask operand type (${typeToString(mask.type)}) don't match`);
  }
  if (map.numResults !== inBounds.length)
    return fail(ctx, op, `expects the in_bounds attr of same rank as permutation_map results: ${attrToString(AffineMapAttr.get(map))} vs inBounds of size: ${inBounds.length}`);
  return true;
}

/** MLIR's verifyPermutationMap: each result a distinct dim or the constant 0. */
function verifyPermutationMap(ctx: Context, op: Operation, map: AffineMap): boolean {
  const seen = new Set<number>();
  for (const e of map.results) {
    if (e instanceof AffineConstantExpr && e.value === 0) continue;
    if (!(e instanceof AffineDimExpr))
      return fail(ctx, op, 'requires a projected permutation_map (at most one dim or the zero constant can appear in each result)');
    if (seen.has(e.position)) return fail(ctx, op, 'requires a permutation_map that is a permutation (found one dim used more than once)');
    seen.add(e.position);
  }
  return true;
}

// The transfer ops' hand-written syntax (MLIR's TransferReadOp/TransferWriteOp::parse/print).
const SEGMENTS = 'operandSegmentSizes';

function printTransferAttrs(p: OpAsmPrinter, op: Operation, map: AffineMap, inBounds: readonly boolean[]): void {
  const elided = [SEGMENTS];
  if (isMinorIdentity(map)) elided.push('permutation_map');
  // in_bounds is elided when every dimension may be out of bounds.
  if (!inBounds.some((b) => b)) elided.push('in_bounds');
  printAttrDict(p, op, elided);
}

/** The defaults the parser fills in: the minor identity map and all-false in_bounds. */
function parseTransferTypes(
  p: OpAsmParser,
  attrs: Map<string, Attribute>,
  shapedFirst: boolean,
): { shaped: Shaped; vec: VectorType; map: AffineMap; typesLoc: number } {
  const typesLoc = p.currentOffset();
  p.parseColon();
  const types = [p.parseType()];
  while (p.parseOptionalComma()) types.push(p.parseType());
  if (types.length !== 2) p.error('requires two types', typesLoc);
  const [st, vt] = shapedFirst ? types : [types[1], types[0]];
  const check = (): Shaped => {
    if (!isShaped(st)) p.error('requires memref or ranked tensor type', typesLoc);
    return st;
  };
  const checkVec = (): VectorType => {
    if (!(vt instanceof VectorType)) p.error('requires vector type', typesLoc);
    return vt;
  };
  // MLIR checks the source type first for reads and the vector type first for writes.
  let shaped: Shaped;
  let vec: VectorType;
  if (shapedFirst) {
    shaped = check();
    vec = checkVec();
  } else {
    vec = checkVec();
    shaped = check();
  }
  const given = attrs.get('permutation_map');
  let map: AffineMap;
  if (given === undefined) {
    const elemRank = shaped.elementType instanceof VectorType ? shaped.elementType.rank : 0;
    if (shaped.rank < vec.rank - elemRank) p.error('expected a custom permutation_map when rank(source) != rank(destination)', typesLoc);
    map = transferMinorIdentityMap(shaped, vec);
    attrs.set('permutation_map', AffineMapAttr.get(map));
  } else if (given instanceof AffineMapAttr) {
    map = given.value;
  } else {
    p.error('invalid kind of attribute specified', typesLoc);
  }
  if (!attrs.has('in_bounds')) attrs.set('in_bounds', ArrayAttr.get(map.results.map(() => IntegerAttr.get(i1, 0n))));
  return { shaped, vec, map, typesLoc };
}

function resolveMask(p: OpAsmParser, mask: UnresolvedOperand | undefined, maskLoc: number, shaped: Shaped, vec: VectorType, map: AffineMap, typesLoc: number): Value[] {
  if (!mask) return [];
  if (shaped.elementType instanceof VectorType) p.error('does not support masks with vector element type', maskLoc);
  if (vec.rank !== map.numResults) p.error('expected the same rank for the vector and the results of the permutation map', typesLoc);
  return [p.resolveOperand(mask, inferTransferOpMaskType(vec, map))];
}

// Transfers on tensors have no memory effects.
const memrefEffect = (kind: 'read' | 'write', base: Value): MemoryEffect[] => (base.type instanceof MemRefType ? [{ kind, value: base }] : []);

const segments = (sizes: number[]): DenseArrayAttr => DenseArrayAttr.get(i32, sizes.map(BigInt));
const i32 = IntegerType.get(32);

implementOp(TransferReadOp, {
  interfaces: {
    MemoryEffects: { getEffects: (op) => memrefEffect('read', TransferReadOp.base(TransferReadOp.cast(op))) } satisfies MemoryEffectsInterface,
    // Reads of tensors may be hoisted (MLIR's getSpeculatability: pure tensor semantics).
    Speculatable: { isSpeculatable: (op) => TransferReadOp.base(TransferReadOp.cast(op)).type instanceof RankedTensorType } satisfies SpeculatableInterface,
  },
  parse(p, state) {
    const base = p.parseOperand();
    const indices = p.parseOperandList('square');
    p.parseComma();
    const padding = p.parseOperand();
    let mask: UnresolvedOperand | undefined;
    let maskLoc = 0;
    if (p.parseOptionalComma()) {
      maskLoc = p.currentOffset();
      mask = p.parseOperand();
    }
    p.parseOptionalAttrDict(state);
    const { shaped, vec, map, typesLoc } = parseTransferTypes(p, state.attributes, true);
    const ops = [p.resolveOperand(base, shaped), ...indices.map((i) => p.resolveOperand(i, IndexType.get())), p.resolveOperand(padding, shaped.elementType)];
    ops.push(...resolveMask(p, mask, maskLoc, shaped, vec, map, typesLoc));
    state.attributes.set(SEGMENTS, segments([1, indices.length, 1, mask ? 1 : 0]));
    state.operands = ops;
    state.types = [vec];
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(TransferReadOp.base(op));
    p.write('[');
    p.printOperands(TransferReadOp.indices(op));
    p.write('], ');
    p.printOperand(TransferReadOp.padding(op));
    const mask = TransferReadOp.mask(op);
    if (mask) {
      p.write(', ');
      p.printOperand(mask);
    }
    printTransferAttrs(p, op, TransferReadOp.permutation_map(op), TransferReadOp.in_bounds(op));
    p.write(' : ');
    p.printType(TransferReadOp.base(op).type);
    p.write(', ');
    p.printType(TransferReadOp.vector(op).type);
  },
  verify(op, ctx) {
    const shaped = TransferReadOp.base(op).type as Shaped;
    const vec = TransferReadOp.vector(op).type as VectorType;
    const map = TransferReadOp.permutation_map(op);
    if (TransferReadOp.indices(op).length !== shaped.rank) return fail(ctx, op, `requires ${shaped.rank} indices`);
    if (!verifyTransfer(ctx, op, shaped, vec, map, TransferReadOp.in_bounds(op), TransferReadOp.mask(op))) return false;
    const padTy = TransferReadOp.padding(op).type;
    const elem = shaped.elementType;
    if (elem instanceof VectorType) {
      if (elem !== padTy) return fail(ctx, op, 'requires source element type and padding type to match.');
    } else {
      if (bitWidth(padTy) === undefined) return fail(ctx, op, 'requires valid padding vector elemental type');
      if (padTy !== elem) return fail(ctx, op, 'requires formal padding and source of the same elemental type');
    }
    return verifyPermutationMap(ctx, op, map);
  },
});

implementOp(TransferWriteOp, {
  interfaces: { MemoryEffects: { getEffects: (op) => memrefEffect('write', TransferWriteOp.base(TransferWriteOp.cast(op))) } satisfies MemoryEffectsInterface },
  parse(p, state) {
    const value = p.parseOperand();
    p.parseComma();
    const base = p.parseOperand();
    const indices = p.parseOperandList('square');
    let mask: UnresolvedOperand | undefined;
    let maskLoc = 0;
    if (p.parseOptionalComma()) {
      maskLoc = p.currentOffset();
      mask = p.parseOperand();
    }
    p.parseOptionalAttrDict(state);
    const { shaped, vec, map, typesLoc } = parseTransferTypes(p, state.attributes, false);
    const ops = [p.resolveOperand(value, vec), p.resolveOperand(base, shaped), ...indices.map((i) => p.resolveOperand(i, IndexType.get()))];
    ops.push(...resolveMask(p, mask, maskLoc, shaped, vec, map, typesLoc));
    state.attributes.set(SEGMENTS, segments([1, 1, indices.length, mask ? 1 : 0]));
    state.operands = ops;
    // A write into a tensor returns the updated tensor.
    state.types = shaped instanceof RankedTensorType ? [shaped] : [];
  },
  print(p, op) {
    p.write(' ');
    p.printOperand(TransferWriteOp.valueToStore(op));
    p.write(', ');
    p.printOperand(TransferWriteOp.base(op));
    p.write('[');
    p.printOperands(TransferWriteOp.indices(op));
    p.write(']');
    const mask = TransferWriteOp.mask(op);
    if (mask) {
      p.write(', ');
      p.printOperand(mask);
    }
    printTransferAttrs(p, op, TransferWriteOp.permutation_map(op), TransferWriteOp.in_bounds(op));
    p.write(' : ');
    p.printType(TransferWriteOp.valueToStore(op).type);
    p.write(', ');
    p.printType(TransferWriteOp.base(op).type);
  },
  verify(op, ctx) {
    const shaped = TransferWriteOp.base(op).type as Shaped;
    const vec = TransferWriteOp.valueToStore(op).type as VectorType;
    const map = TransferWriteOp.permutation_map(op);
    if (TransferWriteOp.indices(op).length !== shaped.rank) return fail(ctx, op, `requires ${shaped.rank} indices`);
    // MLIR leaves the semantics of broadcasting writes undefined.
    if (map.results.some((e) => e instanceof AffineConstantExpr && e.value === 0)) return fail(ctx, op, 'should not have broadcast dimensions');
    if (!verifyTransfer(ctx, op, shaped, vec, map, TransferWriteOp.in_bounds(op), TransferWriteOp.mask(op))) return false;
    return verifyPermutationMap(ctx, op, map);
  },
});

implementOp(CreateMaskOp, {
  verify(op, ctx) {
    const t = CreateMaskOp.result(op).type as VectorType;
    // A 0-D mask takes one operand.
    const expected = t.rank === 0 ? 1 : t.rank;
    if (CreateMaskOp.operands(op).length !== expected) return fail(ctx, op, 'must specify an operand for each result vector dimension');
    return true;
  },
});
