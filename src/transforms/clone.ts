// Cloning IR with a value/block mapping (MLIR's IRMapping and Operation::clone):
// the passes that duplicate loop bodies, inline callees or peel iterations
// share these.

import type { Attribute } from '../ir/attributes.js';
import { Rewriter, type Builder } from '../ir/builder.js';
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

/**
 * Copies an op without its regions' contents (regions are created empty),
 * remapping successors; operands are remapped too unless `withOperands` is
 * false (then the copy has none yet).
 */
function copyShell(op: Operation, mapping: IRMapping, withOperands: boolean): Operation {
  const copy = new Operation({
    name: op.name,
    location: op.location,
    operands: withOperands ? op.operands.map((v) => mapping.lookupOrDefault(v)) : undefined,
    resultTypes: op.resultTypes,
    properties: new Map<string, Attribute>(op.propertiesView),
    opaqueProperties: op.opaqueProperties,
    attributes: new Map<string, Attribute>(op.attributesView),
    successors: op.successors.map((b) => mapping.lookupBlockOrDefault(b)),
    regions: op.regions.length,
  });
  const n = op.numResults;
  for (let i = 0; i < n; i++) mapping.map(op.result(i), copy.result(i));
  return copy;
}

/**
 * Cloning in MLIR's order (Operation::clone, Region::cloneInto), which fixes
 * the order of every use list it makes: a region's blocks and arguments are
 * made first, then every op of its blocks without operands (so each result
 * is mapped before any use of it is remapped), and then, op by op in order,
 * the op's operands are set and its regions cloned the same way before the
 * next op's operands. Iterative: a stack of regions still to enter and of
 * (source, copy) op pairs still to finish, so nesting depth costs no
 * recursion.
 */
class RegionCloner {
  // Each frame is either the regions of a pair still to enter (`region` the
  // next one) or the pairs of one entered region (`next` the next pair).
  private readonly frames: ({ kind: 'regions'; from: Operation; to: Operation; region: number } | { kind: 'pairs'; pairs: Operation[]; next: number })[] = [];
  constructor(private readonly mapping: IRMapping) {}

  /** Clones `src`'s blocks into `dest` before `before`; returns the new blocks. */
  cloneRegion(src: Region, dest: Region, before: Block | null): Block[] {
    const blocks = this.enter(src, dest, before);
    this.run();
    return blocks;
  }
  /** Clones the regions of `from` into those of `to`, its copy. */
  cloneRegionsOf(from: Operation, to: Operation): void {
    if (!from.regions.length) return;
    this.frames.push({ kind: 'regions', from, to, region: 0 });
    this.run();
  }

  private run(): void {
    const frames = this.frames;
    while (frames.length) {
      const f = frames[frames.length - 1];
      if (f.kind === 'regions') {
        if (f.region === f.from.regions.length) frames.pop();
        else {
          const r = f.region++;
          this.enter(f.from.regions[r], f.to.regions[r], null);
        }
      } else if (f.next === f.pairs.length) frames.pop();
      else {
        const from = f.pairs[f.next];
        const to = f.pairs[f.next + 1];
        f.next += 2;
        if (from.numOperands) to.setOperands(from.operands.map((v) => this.mapping.lookupOrDefault(v)));
        if (from.regions.length) frames.push({ kind: 'regions', from, to, region: 0 });
      }
    }
  }

  /** Makes `src`'s blocks, arguments and operand-less ops in `dest`, and queues their pairs. */
  private enter(src: Region, dest: Region, before: Block | null): Block[] {
    const mapping = this.mapping;
    const newBlocks: Block[] = [];
    for (const b of src.blocks) {
      const nb = new Block();
      // Arguments already mapped (e.g. an inlined callee's entry arguments) are not recreated.
      for (const a of b.args) if (!mapping.contains(a)) mapping.map(a, nb.addArgument(a.type, a.location));
      mapping.mapBlock(b, nb);
      newBlocks.push(nb);
    }
    for (const nb of newBlocks) dest.insertBlockBefore(nb, before);
    const pairs: Operation[] = [];
    for (let i = 0; i < src.blocks.length; i++)
      for (let o = src.blocks[i].first; o; o = o.next) {
        const c = copyShell(o, mapping, false);
        newBlocks[i].append(c);
        pairs.push(o, c);
      }
    if (pairs.length) this.frames.push({ kind: 'pairs', pairs, next: 0 });
    return newBlocks;
  }
}

/** A deep copy of `op` (detached), recording result and nested value mappings. */
export function cloneOp(op: Operation, mapping: IRMapping = new IRMapping()): Operation {
  const copy = copyShell(op, mapping, true);
  new RegionCloner(mapping).cloneRegionsOf(op, copy);
  return copy;
}

/**
 * Copies the blocks of `src` into `dest` before `before` (or at the end), as
 * MLIR's Region::cloneInto: values mapped to other values are used as
 * mapped, once.
 */
export function cloneRegionInto(src: Region, dest: Region, before: Block | null, mapping: IRMapping): Block[] {
  return new RegionCloner(mapping).cloneRegion(src, dest, before);
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
