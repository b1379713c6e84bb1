// The scalar arith and index ops the engine computes with the expression
// builders of scalar.ts, by handle: which builder operation (`addi`, `extsi`,
// ...) an op is, and its operands through the op's accessors. Shared by the
// code generator (codegen.ts), the engines' range extensions (ranges.ts) and the poison
// analysis (src/analysis/poison-analysis.ts).

import * as arith from '../dialects/arith/index.js';
import * as index from '../dialects/index/index.js';
import type { OpDefinition } from '../ir/context.js';
import type { Op, Operation, Value } from '../ir/operation.js';
import type { OpHandleCore } from '../ods/index.js';

/** Integer binary operations (arith's spelling, which index ops share). */
export type IntBinaryKind =
  | 'addi'
  | 'subi'
  | 'muli'
  | 'divsi'
  | 'divui'
  | 'ceildivsi'
  | 'ceildivui'
  | 'floordivsi'
  | 'remsi'
  | 'remui'
  | 'andi'
  | 'ori'
  | 'xori'
  | 'shli'
  | 'shrsi'
  | 'shrui'
  | 'maxsi'
  | 'maxui'
  | 'minsi'
  | 'minui';

export type FloatBinaryKind = 'addf' | 'subf' | 'mulf' | 'divf' | 'remf' | 'maximumf' | 'maxnumf' | 'minimumf' | 'minnumf';

/** Casts (index's casts/castu compute as arith's index_cast/index_castui). */
export type CastKind = 'extsi' | 'extui' | 'trunci' | 'index_cast' | 'index_castui' | 'sitofp' | 'uitofp' | 'fptosi' | 'fptoui' | 'extf' | 'truncf' | 'bitcast';

/** An op computing `kind` of two operands. */
export interface BinaryOpInfo<K extends string> {
  readonly kind: K;
  lhs(op: Operation): Value;
  rhs(op: Operation): Value;
  result(op: Operation): Value;
  /** arith's overflow flags (nsw = 1, nuw = 2); 0 for ops without them. */
  overflowFlags(op: Operation): number;
}

export interface CastOpInfo {
  readonly kind: CastKind;
  input(op: Operation): Value;
  output(op: Operation): Value;
  /** arith.trunci's overflow flags; 0 for other casts. */
  overflowFlags(op: Operation): number;
}

type BinaryHandle<N extends string> = OpHandleCore<N> & {
  readonly lhs: (op: Op<N>) => Value;
  readonly rhs: (op: Op<N>) => Value;
  readonly result: (op: Op<N>) => Value;
};

function binary<N extends string, K extends string>(h: BinaryHandle<N>, kind: K, flags?: (op: Op<N>) => number): [OpDefinition, BinaryOpInfo<K>] {
  return [
    h.definition,
    {
      kind,
      lhs: (op) => h.lhs(h.cast(op)),
      rhs: (op) => h.rhs(h.cast(op)),
      result: (op) => h.result(h.cast(op)),
      overflowFlags: flags ? (op) => flags(h.cast(op)) : () => 0,
    },
  ];
}

type CastHandle<N extends string> = OpHandleCore<N> & { readonly in: (op: Op<N>) => Value; readonly out: (op: Op<N>) => Value };

function cast<N extends string>(h: CastHandle<N>, kind: CastKind, flags?: (op: Op<N>) => number): [OpDefinition, CastOpInfo] {
  return [
    h.definition,
    {
      kind,
      input: (op) => h.in(h.cast(op)),
      output: (op) => h.out(h.cast(op)),
      overflowFlags: flags ? (op) => flags(h.cast(op)) : () => 0,
    },
  ];
}

type IndexCastHandle<N extends string> = OpHandleCore<N> & { readonly input: (op: Op<N>) => Value; readonly output: (op: Op<N>) => Value };

function indexCast<N extends string>(h: IndexCastHandle<N>, kind: CastKind): [OpDefinition, CastOpInfo] {
  return [h.definition, { kind, input: (op) => h.input(h.cast(op)), output: (op) => h.output(h.cast(op)), overflowFlags: () => 0 }];
}

const INT_BINARY = new Map<OpDefinition, BinaryOpInfo<IntBinaryKind>>([
  binary(arith.AddIOp, 'addi', arith.AddIOp.overflowFlags),
  binary(arith.SubIOp, 'subi', arith.SubIOp.overflowFlags),
  binary(arith.MulIOp, 'muli', arith.MulIOp.overflowFlags),
  binary(arith.DivSIOp, 'divsi'),
  binary(arith.DivUIOp, 'divui'),
  binary(arith.CeilDivSIOp, 'ceildivsi'),
  binary(arith.CeilDivUIOp, 'ceildivui'),
  binary(arith.FloorDivSIOp, 'floordivsi'),
  binary(arith.RemSIOp, 'remsi'),
  binary(arith.RemUIOp, 'remui'),
  binary(arith.AndIOp, 'andi'),
  binary(arith.OrIOp, 'ori'),
  binary(arith.XOrIOp, 'xori'),
  binary(arith.ShLIOp, 'shli', arith.ShLIOp.overflowFlags),
  binary(arith.ShRSIOp, 'shrsi'),
  binary(arith.ShRUIOp, 'shrui'),
  binary(arith.MaxSIOp, 'maxsi'),
  binary(arith.MaxUIOp, 'maxui'),
  binary(arith.MinSIOp, 'minsi'),
  binary(arith.MinUIOp, 'minui'),
  binary(index.AddOp, 'addi'),
  binary(index.SubOp, 'subi'),
  binary(index.MulOp, 'muli'),
  binary(index.DivSOp, 'divsi'),
  binary(index.DivUOp, 'divui'),
  binary(index.CeilDivSOp, 'ceildivsi'),
  binary(index.CeilDivUOp, 'ceildivui'),
  binary(index.FloorDivSOp, 'floordivsi'),
  binary(index.RemSOp, 'remsi'),
  binary(index.RemUOp, 'remui'),
  binary(index.AndOp, 'andi'),
  binary(index.OrOp, 'ori'),
  binary(index.XOrOp, 'xori'),
  binary(index.ShlOp, 'shli'),
  binary(index.ShrSOp, 'shrsi'),
  binary(index.ShrUOp, 'shrui'),
  binary(index.MaxSOp, 'maxsi'),
  binary(index.MaxUOp, 'maxui'),
  binary(index.MinSOp, 'minsi'),
  binary(index.MinUOp, 'minui'),
]);

const FLOAT_BINARY = new Map<OpDefinition, BinaryOpInfo<FloatBinaryKind>>([
  binary(arith.AddFOp, 'addf'),
  binary(arith.SubFOp, 'subf'),
  binary(arith.MulFOp, 'mulf'),
  binary(arith.DivFOp, 'divf'),
  binary(arith.RemFOp, 'remf'),
  binary(arith.MaximumFOp, 'maximumf'),
  binary(arith.MaxNumFOp, 'maxnumf'),
  binary(arith.MinimumFOp, 'minimumf'),
  binary(arith.MinNumFOp, 'minnumf'),
]);

const CASTS = new Map<OpDefinition, CastOpInfo>([
  cast(arith.ExtSIOp, 'extsi'),
  cast(arith.ExtUIOp, 'extui'),
  cast(arith.TruncIOp, 'trunci', arith.TruncIOp.overflowFlags),
  cast(arith.IndexCastOp, 'index_cast'),
  cast(arith.IndexCastUIOp, 'index_castui'),
  cast(arith.SIToFPOp, 'sitofp'),
  cast(arith.UIToFPOp, 'uitofp'),
  cast(arith.FPToSIOp, 'fptosi'),
  cast(arith.FPToUIOp, 'fptoui'),
  cast(arith.ExtFOp, 'extf'),
  cast(arith.TruncFOp, 'truncf'),
  cast(arith.BitcastOp, 'bitcast'),
  indexCast(index.CastSOp, 'index_cast'),
  indexCast(index.CastUOp, 'index_castui'),
]);

/** The ops of each table (arith's and index's), for a backend that registers an emitter per op. */
export const INT_BINARY_OPS: readonly OpDefinition[] = [...INT_BINARY.keys()];
export const FLOAT_BINARY_OPS: readonly OpDefinition[] = [...FLOAT_BINARY.keys()];
export const CAST_OPS: readonly OpDefinition[] = [...CASTS.keys()];

/** The integer binary operation `op` computes, if it is one. */
export function intBinaryOf(op: Operation): BinaryOpInfo<IntBinaryKind> | undefined {
  const d = op.name.def;
  return d && INT_BINARY.get(d);
}

/** The float binary operation `op` computes, if it is one. */
export function floatBinaryOf(op: Operation): BinaryOpInfo<FloatBinaryKind> | undefined {
  const d = op.name.def;
  return d && FLOAT_BINARY.get(d);
}

/** The cast `op` is, if it is one. */
export function castOf(op: Operation): CastOpInfo | undefined {
  const d = op.name.def;
  return d && CASTS.get(d);
}
