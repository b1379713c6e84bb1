// Cloning IR with a value/block mapping (MLIR's IRMapping and Operation::clone):
// the passes that duplicate loop bodies, inline callees or peel iterations
// share these.

import type { Attribute } from '../ir/attributes.js';
import type { Builder } from '../ir/builder.js';
import { Block, Operation, Region, type Value } from '../ir/operation.js';

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

/** Copies an op without its regions' contents (regions are created empty), remapping operands and successors. */
export function cloneWithoutRegions(op: Operation, mapping: IRMapping): Operation {
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
  op.results.forEach((r, i) => mapping.map(r, copy.results[i]));
  return copy;
}

/** A deep copy of `op` (detached), recording result and nested value mappings. */
export function cloneOp(op: Operation, mapping: IRMapping = new IRMapping()): Operation {
  const copy = cloneWithoutRegions(op, mapping);
  for (let i = 0; i < op.regions.length; i++) cloneRegionInto(op.regions[i], copy.regions[i], null, mapping);
  return copy;
}

/**
 * Copies the blocks of `src` into `dest` before `before` (or at the end):
 * blocks and their arguments first, then the ops, so forward references to
 * later blocks and values resolve.
 */
export function cloneRegionInto(src: Region, dest: Region, before: Block | null, mapping: IRMapping): Block[] {
  const newBlocks: Block[] = [];
  for (const b of src.blocks) {
    const nb = new Block();
    // Arguments already mapped (e.g. an inlined callee's entry arguments) are not recreated.
    for (const a of b.args) if (!mapping.contains(a)) mapping.map(a, nb.addArgument(a.type, a.location));
    mapping.mapBlock(b, nb);
    newBlocks.push(nb);
  }
  let index = before ? dest.blocks.indexOf(before) : dest.blocks.length;
  for (const nb of newBlocks) dest.insertBlock(index++, nb);
  // Ops in block order; uses of values defined later (graph regions, or
  // blocks out of dominance order) are fixed afterwards.
  const pending: Operation[] = [];
  for (let i = 0; i < src.blocks.length; i++) {
    for (let o = src.blocks[i].first; o; o = o.next) {
      const c = cloneOp(o, mapping);
      newBlocks[i].append(c);
      pending.push(c);
    }
  }
  for (const c of pending) remapNested(c, mapping);
  return newBlocks;
}

function remapNested(op: Operation, mapping: IRMapping): void {
  op.walk((o) => {
    for (const operand of o.operandList) {
      const m = mapping.lookupOrNull(operand.value);
      if (m && m !== operand.value) operand.set(m);
    }
  });
}

/** Clones `op` at the builder's insertion point (Builder::clone). */
export function cloneAt(builder: Builder, op: Operation, mapping: IRMapping = new IRMapping()): Operation {
  return builder.insert(cloneOp(op, mapping));
}
