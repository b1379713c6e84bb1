// Small builders for the arith and scf ops the SCF transformations create
// (MLIR's generated `Op::create` builders, for the forms the passes need).

import type { Type } from '../../ir/attributes.js';
import type { Builder } from '../../ir/builder.js';
import { DenseArrayAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { IndexType, IntegerType } from '../../ir/builtin-types.js';
import { UnknownLoc, type Location } from '../../ir/location.js';
import { Block, type Operation, type Value } from '../../ir/operation.js';

export const CMPI = { eq: 0n, ne: 1n, slt: 2n, sle: 3n, sgt: 4n, sge: 5n, ult: 6n, ule: 7n, ugt: 8n, uge: 9n } as const;

export function constantIndex(b: Builder, value: bigint | number, loc: Location = UnknownLoc.get()): Value {
  const t = IndexType.get();
  return b.create('arith.constant', { results: [t], attributes: { value: IntegerAttr.get(t, BigInt(value)) }, location: loc }).result(0);
}

export function constantInt(b: Builder, value: bigint | number, type: Type, loc: Location = UnknownLoc.get()): Value {
  return b.create('arith.constant', { results: [type], attributes: { value: IntegerAttr.get(type, BigInt(value)) }, location: loc }).result(0);
}

export function constantBool(b: Builder, value: boolean, loc: Location = UnknownLoc.get()): Value {
  return constantInt(b, value ? 1n : 0n, IntegerType.get(1), loc);
}

/** A binary arith op whose result has the type of `lhs` (addi, muli, subi, andi, minsi, ...). */
export function binary(b: Builder, name: string, lhs: Value, rhs: Value, loc: Location = UnknownLoc.get()): Value {
  return b.create(name, { operands: [lhs, rhs], results: [lhs.type], location: loc }).result(0);
}

export function cmpi(b: Builder, pred: keyof typeof CMPI, lhs: Value, rhs: Value, loc: Location = UnknownLoc.get()): Value {
  return b
    .create('arith.cmpi', {
      operands: [lhs, rhs],
      results: [IntegerType.get(1)],
      attributes: { predicate: IntegerAttr.get(IntegerType.get(64), CMPI[pred]) },
      location: loc,
    })
    .result(0);
}

export function createYield(b: Builder, operands: readonly Value[] = [], loc: Location = UnknownLoc.get()): Operation {
  return b.create('scf.yield', { operands, location: loc });
}

/** `scf.for` with an entry block (iv + iter args); with no iter args the body gets its `scf.yield`. */
export function createFor(b: Builder, lb: Value, ub: Value, step: Value, inits: readonly Value[] = [], loc: Location = UnknownLoc.get()): Operation {
  const op = b.create('scf.for', { operands: [lb, ub, step, ...inits], results: inits.map((v) => v.type), regions: 1, location: loc });
  const body = new Block();
  op.regions[0].pushBlock(body);
  body.addArgument(lb.type, loc);
  for (const v of inits) body.addArgument(v.type, loc);
  if (!inits.length) body.append(newOp(b, 'scf.yield', loc));
  return op;
}

/** A detached op of `name` with no operands. */
function newOp(b: Builder, name: string, loc: Location, regions = 0): Operation {
  const ip = b.insertionPoint;
  b.insertionPoint = null;
  const op = b.create(name, { location: loc, regions });
  b.insertionPoint = ip;
  return op;
}

/** `scf.parallel` with an entry block of index arguments ending in an empty `scf.reduce`. */
export function createParallel(
  b: Builder,
  lbs: readonly Value[],
  ubs: readonly Value[],
  steps: readonly Value[],
  inits: readonly Value[] = [],
  loc: Location = UnknownLoc.get(),
  withTerminator = true,
): Operation {
  const op = b.create('scf.parallel', {
    operands: [...lbs, ...ubs, ...steps, ...inits],
    results: inits.map((v) => v.type),
    attributes: { operandSegmentSizes: DenseArrayAttr.get(IntegerType.get(32), [lbs.length, ubs.length, steps.length, inits.length].map(BigInt)) },
    regions: 1,
    location: loc,
  });
  const body = new Block();
  op.regions[0].pushBlock(body);
  for (let i = 0; i < lbs.length; i++) body.addArgument(IndexType.get(), loc);
  if (withTerminator) body.append(newOp(b, 'scf.reduce', loc));
  return op;
}

/** `scf.if` with a then block (ending in `scf.yield` when it has no results) and optionally an else block. */
export function createIf(b: Builder, cond: Value, resultTypes: readonly Type[], withElse: boolean, loc: Location = UnknownLoc.get()): Operation {
  const op = b.create('scf.if', { operands: [cond], results: resultTypes, regions: 2, location: loc });
  const addBlock = (i: number): void => {
    const blk = new Block();
    op.regions[i].pushBlock(blk);
    if (!resultTypes.length) blk.append(newOp(b, 'scf.yield', loc));
  };
  addBlock(0);
  if (withElse) addBlock(1);
  return op;
}

/** MLIR's scf::buildLoopNest without iter args: nested `scf.for`s, outermost first. */
export function buildLoopNest(b: Builder, loc: Location, lbs: readonly Value[], ubs: readonly Value[], steps: readonly Value[]): Operation[] {
  const loops: Operation[] = [];
  const saved = b.insertionPoint;
  for (let i = 0; i < lbs.length; i++) {
    const loop = createFor(b, lbs[i], ubs[i], steps[i], [], loc);
    loops.push(loop);
    b.setInsertionPointBefore(loop.regions[0].entry.last!);
  }
  b.insertionPoint = saved;
  return loops;
}

/** Value::getLoc: a block argument's location, or its defining op's. */
export function valueLoc(v: Value): Location {
  const d = v.definingOp;
  if (d) return d.location;
  return (v as unknown as { location: Location }).location ?? UnknownLoc.get();
}

const DYNAMIC = -(2n ** 63n);

/** A forall's bounds or steps as values: static entries become new `arith.constant`s (getValueOrCreateConstantIndexOp). */
export function forallBoundValues(b: Builder, op: Operation, which: 'staticLowerBound' | 'staticUpperBound' | 'staticStep'): Value[] {
  const seg = which === 'staticLowerBound' ? 0 : which === 'staticUpperBound' ? 1 : 2;
  const sizes = (op.propertiesView.get('operandSegmentSizes') as DenseArrayAttr).values.map(Number);
  let start = 0;
  for (let i = 0; i < seg; i++) start += sizes[i];
  const dyn = op.operands.slice(start, start + sizes[seg]);
  const statics = (op.propertiesView.get(which) as DenseArrayAttr).values;
  let k = 0;
  return statics.map((s) => (s === DYNAMIC ? dyn[k++] : constantIndex(b, s, op.location)));
}

/** The operands of an AttrSizedOperandSegments segment. */
export function operandSegment(op: Operation, index: number): Value[] {
  const sizes = (op.propertiesView.get('operandSegmentSizes') as DenseArrayAttr).values.map(Number);
  let start = 0;
  for (let i = 0; i < index; i++) start += sizes[i];
  return op.operands.slice(start, start + sizes[index]);
}
