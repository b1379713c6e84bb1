// Cloning IR with a value/block mapping (MLIR's IRMapping and Operation::clone):
// the passes that duplicate loop bodies, inline callees or peel iterations
// share these.

import type { Attribute } from '../ir/attributes.js';
import { Rewriter, type Builder } from '../ir/builder.js';
import { Block, Operation, Region, type OpOperand, type Value } from '../ir/operation.js';

/** Maps values and blocks of the original IR to their copies. */
export class IRMapping {
  private readonly values = new Map<Value, Value>();
  private readonly blocks = new Map<Block, Block>();
  map(from: Value, to: Value): void {
    this.values.set(from, to);
  }
  mapAll(from: readonly Value[], to: readonly Value[]): void {
    for (let i = 0; i < from.length && i < to.length; i++) this.values.set(from[i], to[i]);
  }
  mapBlock(from: Block, to: Block): void {
    this.blocks.set(from, to);
  }
  lookupOrDefault(v: Value): Value {
    return this.values.get(v) ?? v;
  }
  lookupOrNull(v: Value): Value | undefined {
    return this.values.get(v);
  }
  lookupBlockOrDefault(b: Block): Block {
    return this.blocks.get(b) ?? b;
  }
  contains(v: Value): boolean {
    return this.values.has(v);
  }
}

/**
 * Copies an op without its regions' contents (regions are created empty),
 * remapping operands and successors. Operands whose value is not mapped yet
 * are added to `unresolved` when given (forward references, fixed later).
 */
export function cloneWithoutRegions(op: Operation, mapping: IRMapping, unresolved?: OpOperand[]): Operation {
  const copy = new Operation({
    name: op.name,
    location: op.location,
    operands: op.operands.map((v) => mapping.lookupOrDefault(v)),
    resultTypes: op.resultTypes,
    properties: new Map<string, Attribute>(op.propertiesView),
    opaqueProperties: op.opaqueProperties,
    attributes: new Map<string, Attribute>(op.attributesView),
    successors: op.successors.map((b) => mapping.lookupBlockOrDefault(b)),
    regions: op.regions.length,
  });
  if (unresolved) op.operands.forEach((v, i) => void (mapping.contains(v) || unresolved.push(copy.opOperand(i))));
  op.results.forEach((r, i) => mapping.map(r, copy.results[i]));
  return copy;
}

/** Copies the regions of `src` into those of `copy` (their clone), iteratively (no recursion on nesting depth). */
function cloneRegionsOf(src: Operation, copy: Operation, mapping: IRMapping, unresolved: OpOperand[]): void {
  const work: [Operation, Operation][] = [[src, copy]];
  while (work.length) {
    const [from, to] = work.pop()!;
    for (let i = 0; i < from.regions.length; i++) copyBlocks(from.regions[i], to.regions[i], null, mapping, unresolved, work);
  }
}

/**
 * Copies the blocks of one region (arguments, then ops without their regions'
 * contents, which are queued on `work`) into `dest` before `before`.
 */
function copyBlocks(
  src: Region,
  dest: Region,
  before: Block | null,
  mapping: IRMapping,
  unresolved: OpOperand[],
  work: [Operation, Operation][],
): Block[] {
  const newBlocks: Block[] = [];
  for (const b of src.blocks) {
    const nb = new Block();
    // Arguments already mapped (e.g. an inlined callee's entry arguments) are not recreated.
    for (const a of b.args) if (!mapping.contains(a)) mapping.map(a, nb.addArgument(a.type, a.location));
    mapping.mapBlock(b, nb);
    newBlocks.push(nb);
  }
  for (const nb of newBlocks) dest.insertBlockBefore(nb, before);
  for (let i = 0; i < src.blocks.length; i++)
    for (let o = src.blocks[i].first; o; o = o.next) {
      const c = cloneWithoutRegions(o, mapping, unresolved);
      newBlocks[i].append(c);
      if (o.regions.length) work.push([o, c]);
    }
  return newBlocks;
}

/** Points operands that were forward references at the copies of their values. */
function resolve(unresolved: readonly OpOperand[], mapping: IRMapping): void {
  for (const operand of unresolved) {
    const m = mapping.lookupOrNull(operand.value);
    if (m) operand.set(m);
  }
}

/** A deep copy of `op` (detached), recording result and nested value mappings. */
export function cloneOp(op: Operation, mapping: IRMapping = new IRMapping()): Operation {
  const unresolved: OpOperand[] = [];
  const copy = cloneWithoutRegions(op, mapping, unresolved);
  cloneRegionsOf(op, copy, mapping, unresolved);
  resolve(unresolved, mapping);
  return copy;
}

/**
 * Copies the blocks of `src` into `dest` before `before` (or at the end):
 * blocks and their arguments first, then the ops, so forward references to
 * later blocks and values resolve. Each operand is mapped once (a value
 * mapped to another mapped value is not mapped again).
 */
export function cloneRegionInto(src: Region, dest: Region, before: Block | null, mapping: IRMapping): Block[] {
  const unresolved: OpOperand[] = [];
  const work: [Operation, Operation][] = [];
  const newBlocks = copyBlocks(src, dest, before, mapping, unresolved, work);
  while (work.length) {
    const [from, to] = work.pop()!;
    cloneRegionsOf(from, to, mapping, unresolved);
  }
  resolve(unresolved, mapping);
  return newBlocks;
}

/**
 * Clones `op` at the builder's insertion point (OpBuilder::clone). A
 * rewriter's listener hears of the copy (through the insertion) and then, in
 * pre-order, of every block and op nested in it, as MLIR's listener does, so
 * a greedy driver visits the cloned body too.
 */
export function cloneAt(builder: Builder, op: Operation, mapping: IRMapping = new IRMapping()): Operation {
  const copy = builder.insert(cloneOp(op, mapping));
  if (builder instanceof Rewriter) {
    const listener = builder.listener;
    if ((listener.notifyOperationInserted || listener.notifyBlockInserted) && copy.regions.length) {
      copy.walk((o) => {
        for (const r of o.regions) for (const b of r.blocks) listener.notifyBlockInserted?.(b);
        if (o !== copy) listener.notifyOperationInserted?.(o);
      }, 'pre');
    }
  }
  return copy;
}
