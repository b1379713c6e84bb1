// The affine ops scfkit models (MLIR 22's AffineOps.td): affine.apply,
// affine.min and affine.max, which express loop bounds computed from other
// values (e.g. by loop peeling and tiling). Each is declared once with its
// typed handle; syntax, verifiers and builders are MLIR's. The affine loop
// and memory ops (affine.for, affine.load, ...) are not part of scfkit.

import type { AffineMap } from '../../ir/affine.js';
import type { Builder } from '../../ir/builder.js';
import { AffineMapAttr } from '../../ir/builtin-attributes.js';
import { IndexType } from '../../ir/builtin-types.js';
import { Traits } from '../../ir/context.js';
import { UnknownLoc, type Location } from '../../ir/location.js';
import type { OpAsmParser, OpAsmPrinter, OperationState } from '../../ir/op-asm.js';
import type { Operation, Value } from '../../ir/operation.js';
import { Index, allAttrs, attr, attrConstraint, defineOp, implementOp, result, variadicOperand, type Op } from '../../ods/index.js';

/** ODS's AffineMapAttr: read as the map itself. */
const AffineMapAttrC = attrConstraint<AffineMapAttr, AffineMap>('AffineMap attribute', (a) => a instanceof AffineMapAttr, {
  decode: (a) => a.value,
  encode: (v) => AffineMapAttr.get(v),
});

export const AffineApplyOp = defineOp({
  name: 'affine.apply',
  summary: 'affine apply operation',
  traits: [Traits.Pure],
  operands: [variadicOperand('mapOperands', Index)],
  results: [result('result', Index)],
  attributes: [attr('map', AffineMapAttrC)],
})
  .withAccessors({
    /** The map's dim operands. */
    dimOperands: (op): Value[] => op.operands.slice(0, AffineApplyOp.map(op).numDims),
    /** The map's symbol operands. */
    symbolOperands: (op): Value[] => op.operands.slice(AffineApplyOp.map(op).numDims),
  })
  .withBuilders((self) => ({
    /** AffineApplyOp::build(map, mapOperands). */
    create(b: Builder, map: AffineMap, operands: readonly Value[], location: Location = UnknownLoc.get()): Op<'affine.apply'> {
      return self.build(b, { map, mapOperands: operands, result: IndexType.get(), location });
    },
  }));

function minMaxOp<const N extends string>(name: N, summary: string) {
  return defineOp({
    name,
    summary,
    traits: [Traits.Pure],
    operands: [variadicOperand('operands', Index)],
    results: [result('result', Index)],
    attributes: [attr('map', AffineMapAttrC)],
  })
    .withAccessors({
      /** getMapOperands: all operands, dims then symbols. */
      mapOperands: (op): Value[] => op.operands,
      dimOperands: (op): Value[] => op.operands.slice(0, (op.propertiesView.get('map') as AffineMapAttr).value.numDims),
      symbolOperands: (op): Value[] => op.operands.slice((op.propertiesView.get('map') as AffineMapAttr).value.numDims),
    })
    .withBuilders((self) => ({
      /** Affine{Min,Max}Op::build(map, operands): an index result. */
      create(b: Builder, map: AffineMap, operands: readonly Value[], location: Location = UnknownLoc.get()): Op<N> {
        return self.build(b, { map, operands, result: IndexType.get(), location });
      },
    }));
}

export const AffineMaxOp = minMaxOp('affine.max', 'max operation');
export const AffineMinOp = minMaxOp('affine.min', 'min operation');

/** The handle of affine.min or affine.max. */
export type MinMaxHandle<N extends 'affine.min' | 'affine.max'> = ReturnType<typeof minMaxOp<N>>;
export type AffineMinMaxOp = MinMaxHandle<'affine.min'> | MinMaxHandle<'affine.max'>;

export const AFFINE_OPS = [AffineApplyOp, AffineMaxOp, AffineMinOp] as const;

// ============================================================================
// Syntax: `affine.apply #map(%d0, ...)[%s0, ...]`

function parseMapAttr(p: OpAsmParser, state: OperationState): AffineMap {
  const at = p.currentOffset();
  const a = p.parseAttribute();
  if (!(a instanceof AffineMapAttr)) p.error('invalid kind of attribute specified', at);
  state.attributes.set('map', a);
  return a.value;
}

function printMapAndOperands(p: OpAsmPrinter, op: Operation, map: AffineMap): void {
  p.write(' ');
  p.printAttribute(AffineMapAttr.get(map));
  const operands = op.operands;
  p.write('(');
  p.printOperands(operands.slice(0, map.numDims));
  p.write(')');
  if (operands.length > map.numDims) {
    p.write('[');
    p.printOperands(operands.slice(map.numDims));
    p.write(']');
  }
  p.printOptionalAttrDict(allAttrs(op), ['map']);
}

implementOp(AffineApplyOp, {
  parse(p, state) {
    const index = IndexType.get();
    const map = parseMapAttr(p, state);
    const dims = p.parseOperandList('paren');
    const syms = p.parseOperandList('optional-square');
    state.operands = [...dims, ...syms].map((o) => p.resolveOperand(o, index));
    p.parseOptionalAttrDict(state);
    if (map.numDims !== dims.length || dims.length + map.numSymbols !== state.operands.length)
      p.error('dimension or symbol index mismatch', p.nameOffset);
    state.types = new Array(map.numResults).fill(index);
  },
  print(p, op) {
    printMapAndOperands(p, op, AffineApplyOp.map(op));
  },
});

function implementMinMax<N extends 'affine.min' | 'affine.max'>(h: MinMaxHandle<N>): void {
  implementOp(h, {
    parse(p, state) {
      const index = IndexType.get();
      parseMapAttr(p, state);
      const dims = p.parseOperandList('paren');
      const syms = p.parseOperandList('optional-square');
      p.parseOptionalAttrDict(state);
      state.operands = [...dims, ...syms].map((o) => p.resolveOperand(o, index));
      state.types = [index];
    },
    print(p, op) {
      printMapAndOperands(p, op, h.map(op));
    },
  });
}
implementMinMax(AffineMinOp);
implementMinMax(AffineMaxOp);
