// Common subexpression elimination over the dominator tree (MLIR's CSE pass):
// side-effect free ops equal in name, attributes, result types, operands
// (as a multiset for commutative ops) and regions are replaced by the first
// dominating one; read-only ops too when nothing may write in between.

import { DominanceInfo, isGraphRegionOwner } from '../ir/dominance.js';
import type { Attribute } from '../ir/attributes.js';
import { Traits } from '../ir/context.js';
import type { Block, Operation, Region, Value } from '../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { getMemoryEffects, hasNoMemoryEffects, isOpTriviallyDead, type NestVerdicts } from '../ir/side-effects.js';
import { Interfaces, getInterface } from '../ir/interfaces.js';
import { PatternRewriter } from '../ir/pattern.js';
import type { Context } from '../ir/context.js';
import { UnknownLoc } from '../ir/location.js';

// Value ids for op keys live in the values' `mark` (owned by one CSE run at
// a time): negative numbers, so no other walk's epoch stamp (positive) reads
// as an id, and reset to 0 when the run ends, so no stale id outlives it.
let lastId = 0;
const numbered: Value[] = [];
function idOf(v: Value): number {
  let id = v.mark;
  if (id >= 0) {
    v.mark = id = --lastId;
    numbered.push(v);
  }
  return id;
}
function forgetIds(): void {
  for (let i = 0; i < numbered.length; i++) numbered[i].mark = 0;
  numbered.length = 0;
  lastId = 0;
}

function attrsKey(op: Operation): string {
  const nProps = op.numProperties;
  const attrs = op.attributesView;
  // Most ops have at most one attribute: no entry array to sort.
  if (nProps + attrs.size <= 1) {
    if (nProps) return `${op.propertyName(0)}=${op.propertyValue(0).key}`;
    for (const [k, v] of attrs) return `${k}=${v.key}`;
    return '';
  }
  const entries: [string, Attribute][] = [...op.propertiesView.entries(), ...attrs.entries()];
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return entries.map(([k, v]) => `${k}=${v.key}`).join(',');
}

function opKey(op: Operation): string {
  let key = `${op.name.name}|${attrsKey(op)}|`;
  for (let i = 0, n = op.numResults; i < n; i++) key += (i ? ',' : '') + op.result(i).type.key;
  key += '|';
  const n = op.numOperands;
  if (n > 1 && op.hasTrait(Traits.Commutative)) {
    const ids = op.operands.map(idOf);
    ids.sort((a, b) => a - b);
    key += ids.join(',');
  } else for (let i = 0; i < n; i++) key += (i ? ',' : '') + idOf(op.operand(i));
  return `${key}|${op.regions.length}|${op.numSuccessors}`;
}

/** Structural equivalence of regions (OperationEquivalence::isRegionEquivalentTo, ignoring locations). */
function regionsEquivalent(a: Region, b: Region, map: Map<Value, Value>, blockMap: Map<Block, Block>): boolean {
  if (a.blocks.length !== b.blocks.length) return false;
  for (let i = 0; i < a.blocks.length; i++) {
    const ba = a.blocks[i];
    const bb = b.blocks[i];
    if (ba.args.length !== bb.args.length) return false;
    for (let k = 0; k < ba.args.length; k++) {
      if (ba.args[k].type !== bb.args[k].type) return false;
      map.set(ba.args[k], bb.args[k]);
    }
    blockMap.set(ba, bb);
  }
  for (let i = 0; i < a.blocks.length; i++) {
    let oa = a.blocks[i].first;
    let ob = b.blocks[i].first;
    while (oa && ob) {
      if (!opsEquivalent(oa, ob, map, blockMap)) return false;
      oa.results.forEach((r, k) => map.set(r, ob!.results[k]));
      oa = oa.next;
      ob = ob.next;
    }
    if (oa || ob) return false;
  }
  return true;
}

function opsEquivalent(a: Operation, b: Operation, map: Map<Value, Value>, blockMap: Map<Block, Block>): boolean {
  if (a === b) return true;
  if (a.name !== b.name || a.numOperands !== b.numOperands || a.numResults !== b.numResults || a.regions.length !== b.regions.length) return false;
  if (a.numSuccessors !== b.numSuccessors) return false;
  if (attrsKey(a) !== attrsKey(b)) return false;
  for (let i = 0; i < a.numResults; i++) if (a.result(i).type !== b.result(i).type) return false;
  const mapped = (v: Value): Value => map.get(v) ?? v;
  if (a.hasTrait(Traits.Commutative)) {
    const x = a.operands.map((v) => idOf(mapped(v))).sort((p, q) => p - q);
    const y = b.operands.map((v) => idOf(v)).sort((p, q) => p - q);
    if (x.some((v, i) => v !== y[i])) return false;
  } else {
    for (let i = 0; i < a.numOperands; i++) if (mapped(a.operand(i)) !== b.operand(i)) return false;
  }
  for (let i = 0; i < a.numSuccessors; i++) if ((blockMap.get(a.successor(i)) ?? a.successor(i)) !== b.successor(i)) return false;
  for (let i = 0; i < a.regions.length; i++) if (!regionsEquivalent(a.regions[i], b.regions[i], map, blockMap)) return false;
  return true;
}

/** Never written to: ops without regions map no values or blocks. */
const NO_VALUES = new Map<Value, Value>();
const NO_BLOCKS = new Map<Block, Block>();

function equivalent(a: Operation, b: Operation): boolean {
  if (a.regions.length === 0) return opsEquivalent(a, b, NO_VALUES, NO_BLOCKS);
  return opsEquivalent(a, b, new Map(), new Map());
}

/**
 * MLIR's ScopedHashTable: one list per key for all open scopes, newest last,
 * so a lookup costs the same at any nesting depth; each scope remembers the
 * keys it added, to drop them when it closes. Candidates are tried newest
 * first: the innermost scope's, latest first, then the enclosing scopes'.
 */
class ScopedMap {
  private readonly table = new Map<string, Operation[]>();
  private readonly scopes: string[][] = [];
  push(): void {
    this.scopes.push([]);
  }
  pop(): void {
    const keys = this.scopes.pop()!;
    for (let i = keys.length - 1; i >= 0; i--) {
      const list = this.table.get(keys[i])!;
      list.pop();
      if (list.length === 0) this.table.delete(keys[i]);
    }
  }
  lookup(op: Operation, key = opKey(op)): Operation | undefined {
    const list = this.table.get(key);
    if (list) for (let j = list.length - 1; j >= 0; j--) if (equivalent(list[j], op)) return list[j];
    return undefined;
  }
  insert(op: Operation, key = opKey(op)): void {
    const list = this.table.get(key);
    if (list) list.push(op);
    else this.table.set(key, [op]);
    this.scopes[this.scopes.length - 1].push(key);
  }
}

/** One step of CSEDriver.simplifyRegion's walk. */
type CseTask =
  | { kind: 'region'; known: ScopedMap; region: Region }
  | { kind: 'dominated'; known: ScopedMap; block: Block; tree: Map<Block, Block[]> }
  | { kind: 'ops'; known: ScopedMap; op: Operation | null; ssa: boolean }
  | { kind: 'after-regions'; known: ScopedMap; op: Operation; ssa: boolean }
  | { kind: 'pop'; known: ScopedMap };

class CSEDriver {
  readonly opsToErase: Operation[] = [];
  numCSE = 0;
  numDCE = 0;
  /** Nests are never changed before the end of the walk (ops are erased last), so dead-op verdicts can be reused. */
  private readonly removability: NestVerdicts = new Map();
  private readonly effectFree: NestVerdicts = new Map();
  constructor(private readonly rewriter: PatternRewriter) {}

  /**
   * CSE over `region` and everything nested in it, in MLIR's order: each op
   * after the regions it holds, scopes per block along the dominator tree. An
   * explicit stack of tasks instead of recursion: nests can be deeper than
   * the thread's stack.
   */
  simplifyRegion(known: ScopedMap, region: Region): void {
    const tasks: CseTask[] = [{ kind: 'region', known, region }];
    for (let t = tasks.pop(); t !== undefined; t = tasks.pop()) {
      switch (t.kind) {
        case 'region':
          this.expandRegion(tasks, t.known, t.region);
          break;
        case 'dominated': {
          // A block, then the blocks it immediately dominates, in one scope.
          tasks.push({ kind: 'pop', known: t.known });
          const children = t.tree.get(t.block);
          if (children) for (let i = children.length - 1; i >= 0; i--) tasks.push({ kind: 'dominated', known: t.known, block: children[i], tree: t.tree });
          tasks.push({ kind: 'ops', known: t.known, op: t.block.first, ssa: true });
          t.known.push();
          break;
        }
        case 'ops':
          this.simplifyOps(tasks, t.known, t.op, t.ssa);
          break;
        case 'after-regions':
          // The op whose regions were just simplified, then the rest of its block.
          this.simplifyOperation(t.known, t.op, t.ssa);
          if (t.op.next) tasks.push({ kind: 'ops', known: t.known, op: t.op.next, ssa: t.ssa });
          break;
        case 'pop':
          t.known.pop();
          break;
      }
    }
  }

  private expandRegion(tasks: CseTask[], known: ScopedMap, region: Region): void {
    if (region.empty) return;
    const ssa = !isGraphRegionOwner(region.parentOp);
    if (region.numBlocks === 1) {
      tasks.push({ kind: 'pop', known });
      tasks.push({ kind: 'ops', known, op: region.entry.first, ssa });
      known.push();
      return;
    }
    if (!ssa) return;
    tasks.push({ kind: 'dominated', known, block: region.entry, tree: new DominanceInfo().children(region) });
  }

  /** Simplifies the ops of a block from `op` on, until one holding regions: that one queues its regions, then itself and the rest. */
  private simplifyOps(tasks: CseTask[], known: ScopedMap, op: Operation | null, ssa: boolean): void {
    for (; op; op = op.next) {
      const regions = op.regions;
      if (regions.length) {
        tasks.push({ kind: 'after-regions', known, op, ssa });
        const inner = !op.isRegistered || op.hasTrait(Traits.IsolatedFromAbove) ? new ScopedMap() : known;
        for (let i = regions.length - 1; i >= 0; i--) tasks.push({ kind: 'region', known: inner, region: regions[i] });
        return;
      }
      this.simplifyOperation(known, op, ssa);
    }
  }

  private simplifyOperation(known: ScopedMap, op: Operation, ssa: boolean): boolean {
    if (op.hasTrait(Traits.IsTerminator)) return false;
    if (isOpTriviallyDead(op, this.removability)) {
      this.opsToErase.push(op);
      this.numDCE++;
      return true;
    }
    for (let i = 0; i < op.regions.length; i++) if (op.regions[i].blocks.length > 1) return false;
    // A region op with RecursiveMemoryEffects is only considered without
    // effects in its nest; asked with the memo, nested ops having been
    // asked first, so a deep nest is not walked once per level.
    if (op.hasTrait(Traits.RecursiveMemoryEffects) && !hasNoMemoryEffects(op, this.effectFree)) return false;
    const effects = getMemoryEffects(op);
    if (effects === undefined || effects.length) {
      // Only ops that declare their own effects, all reads, are considered:
      // region ops whose effects come from their bodies never are.
      if (op.hasTrait(Traits.RecursiveMemoryEffects) || !getInterface(op, Interfaces.MemoryEffects)) return false;
      if (!effects || !effects.every((e) => e.kind === 'read')) return false;
      const key = opKey(op);
      const existing = known.lookup(op, key);
      if (existing && existing.parentBlock === op.parentBlock && !writesInBetween(existing, op)) {
        this.replace(known, op, existing, ssa);
        return true;
      }
      known.insert(op, key);
      return false;
    }
    const key = opKey(op);
    const existing = known.lookup(op, key);
    if (existing) {
      this.replace(known, op, existing, ssa);
      this.numCSE++;
      return true;
    }
    known.insert(op, key);
    return false;
  }

  private replace(known: ScopedMap, op: Operation, existing: Operation, ssa: boolean): void {
    if (ssa) {
      op.results.forEach((r, i) => this.rewriter.replaceAllUsesWith(r, existing.result(i)));
      this.opsToErase.push(op);
    } else {
      // In a graph region a use may come before the def: users already
      // recorded as known keep the old value, and the op stays while used.
      op.results.forEach((r, i) => {
        for (const u of [...r.uses()]) if (!known.lookup(u.owner)) u.set(existing.result(i));
      });
      if (!op.hasUses) this.opsToErase.push(op);
    }
    if (existing.location instanceof UnknownLoc && !(op.location instanceof UnknownLoc)) existing.location = op.location;
  }
}

function writesInBetween(from: Operation, to: Operation): boolean {
  for (let o = from.next; o && o !== to; o = o.next) {
    const e = getMemoryEffects(o);
    // Only writes separate two reads (allocations and frees do not).
    if (!e || e.some((x) => x.kind === 'write')) return true;
  }
  return false;
}

/** Runs CSE on the regions of `op`; returns whether anything changed. */
export function eliminateCommonSubexpressions(ctx: Context, op: Operation): boolean {
  const rewriter = new PatternRewriter(ctx);
  const driver = new CSEDriver(rewriter);
  const known = new ScopedMap();
  try {
    for (const r of op.regions) driver.simplifyRegion(known, r);
  } finally {
    forgetIds();
  }
  for (const o of driver.opsToErase) {
    // The use lists walked directly (a generator spread per result cost more than the unlinking).
    for (let i = 0; i < o.numResults; i++)
      for (let u = o.result(i).firstUse; u; ) {
        const next = u.nextUse;
        u.unlink();
        u = next;
      }
    rewriter.eraseOp(o);
  }
  return driver.opsToErase.length > 0;
}

export const CSEInfo: PassInfo = {
  argument: 'cse',
  name: 'CSE',
  description: 'Eliminate common sub-expressions',
  create: () => new CSEPass(),
};

export class CSEPass extends Pass {
  constructor() {
    super(CSEInfo);
  }
  runOnOperation(op: Operation, run: PassRun): void {
    if (!eliminateCommonSubexpressions(run.ctx, op)) run.markAllAnalysesPreserved();
  }
}
