// Common subexpression elimination over the dominator tree (MLIR's CSE pass):
// side-effect free ops equal in name, attributes, result types, operands
// (as a multiset for commutative ops) and regions are replaced by the first
// dominating one; read-only ops too when nothing may write in between.

import { DominanceInfo, isGraphRegionOwner } from '../ir/dominance.js';
import { Traits, type OperationName } from '../ir/context.js';
import type { Block, Operation, Region, Value } from '../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import {
  effectsRemovable,
  getMemoryEffects,
  hasNoMemoryEffects,
  nestRemovable,
  noCollectedEffects,
  ownEffectsRemovable,
  wouldOpBeTriviallyDead,
  type NestVerdicts,
} from '../ir/side-effects.js';
import { Interfaces, getInterface, type MemoryEffect, type MemoryEffectsInterface } from '../ir/interfaces.js';
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

// What CSE asks of an op's kind, once per kind and run: a small number for
// the hash and the traits it needs (a Set lookup each per op otherwise).
const K_TERMINATOR = 1;
const K_COMMUTATIVE = 2;
const K_RECURSIVE = 4;
const K_ISOLATED = 8;
const K_PURE = 16;
const K_NO_EFFECTS_IFACE = 32;
const K_DEAD_IF_UNUSED = 64;
/** Registered and not a symbol: removable when unused if its effects allow (wouldOpBeTriviallyDead's kind checks). */
const K_REMOVABLE_KIND = 128;
/** Its MemoryEffects interface promises removableWhenUnused (the answer in K_REMOVABLE_WHEN_UNUSED). */
const K_REMOVABLE_KNOWN = 256;
const K_REMOVABLE_WHEN_UNUSED = 512;
/** Its MemoryEffects interface promises the kinds of its effects (effectKinds): none, only reads, or some write. */
const K_KINDS_KNOWN = 1024;
const K_KINDS_NONE = 2048;
const K_KINDS_READS = 4096;
const K_KINDS_WRITE = 8192;
/** Its regions are graph regions (no SSA dominance). */
const K_GRAPH = 16384;
/** Registered and IsolatedFromAbove: what its regions use is defined in them. */
const K_OWN_SCOPE = 32768;

// What holds for a nest (a region op and what its regions hold, as
// side-effects.ts's holdsForNest answers): every op's own effects allow
// removing it when unused (wouldOpBeTriviallyDead), and none has effects of
// its own (hasNoMemoryEffects). The walk sees every op of a nest before the
// op holding it, so it gathers both answers on the way (`CSEDriver.nest`)
// instead of walking each nest again when its op is simplified.
const N_REMOVABLE = 1;
const N_NO_EFFECTS = 2;
const N_VERDICTS = N_REMOVABLE | N_NO_EFFECTS;
/** Every op of the nest was visited (single-block SSA regions): the gathered verdicts are the nest's. */
const N_COMPLETE = 4;
/**
 * No graph region (nor unregistered op) between the nest and the closest
 * isolated-from-above op: every value an op of the nest uses was defined
 * by an op walked before it (`CSEDriver.eraseLater`).
 */
const N_DEFS_BEFORE = 8;

interface Kind {
  id: number;
  flags: number;
  /** The N_VERDICTS an op of this kind has of its own, whatever the op. */
  own: number;
  /** The N_VERDICTS that depend on the op (its effects asked per op). */
  ask: number;
}
const kinds = new Map<OperationName, Kind>();
let lastKindName: OperationName | null = null;
let lastKind: Kind = { id: 0, flags: 0, own: 0, ask: 0 };
function kindOf(op: Operation): Kind {
  const name = op.name;
  if (name === lastKindName) return lastKind;
  let k = kinds.get(name);
  if (k === undefined) {
    let flags = 0;
    if (op.hasTrait(Traits.IsTerminator)) flags |= K_TERMINATOR;
    if (op.hasTrait(Traits.Commutative)) flags |= K_COMMUTATIVE;
    if (op.hasTrait(Traits.RecursiveMemoryEffects)) flags |= K_RECURSIVE;
    if (!op.isRegistered || op.hasTrait(Traits.IsolatedFromAbove)) flags |= K_ISOLATED;
    if (op.hasTrait(Traits.Pure)) flags |= K_PURE;
    if (op.isRegistered && !op.hasTrait(Traits.Symbol)) flags |= K_REMOVABLE_KIND;
    if (op.hasTrait(Traits.GraphRegions)) flags |= K_GRAPH;
    if (op.isRegistered && op.hasTrait(Traits.IsolatedFromAbove)) flags |= K_OWN_SCOPE;
    // Without regions or a MemoryEffects interface, whether an unused op is
    // dead depends on its kind alone (wouldOpBeTriviallyDead).
    const iface = getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects);
    if (!iface) {
      flags |= K_NO_EFFECTS_IFACE;
      if (op.isRegistered && !op.hasTrait(Traits.IsTerminator) && !op.hasTrait(Traits.Symbol) && (flags & (K_PURE | K_RECURSIVE)) !== 0)
        flags |= K_DEAD_IF_UNUSED;
    } else {
      // The interface's promises for the kind: its ops' effects then need no list.
      if (iface.removableWhenUnused !== undefined) flags |= K_REMOVABLE_KNOWN | (iface.removableWhenUnused ? K_REMOVABLE_WHEN_UNUSED : 0);
      const ek = iface.effectKinds;
      if (ek !== undefined) {
        flags |= K_KINDS_KNOWN;
        if (ek.length === 0) flags |= K_KINDS_NONE;
        else if (ek.every((k) => k === 'read')) flags |= K_KINDS_READS;
        if (ek.includes('write')) flags |= K_KINDS_WRITE;
      }
    }
    // An op's own part of the nest verdicts, as side-effects.ts's
    // ownEffectsRemovable and noCollectedEffects answer it.
    let own = 0;
    let ask = 0;
    const pureOrRecursive = (flags & (K_PURE | K_RECURSIVE)) !== 0;
    if ((flags & K_NO_EFFECTS_IFACE) !== 0) own |= pureOrRecursive ? N_REMOVABLE : 0;
    else if ((flags & K_REMOVABLE_KNOWN) !== 0) own |= (flags & K_REMOVABLE_WHEN_UNUSED) !== 0 ? N_REMOVABLE : 0;
    else ask |= N_REMOVABLE;
    if (pureOrRecursive) own |= N_NO_EFFECTS;
    else if ((flags & K_NO_EFFECTS_IFACE) !== 0) own |= 0;
    else if ((flags & K_KINDS_KNOWN) !== 0) own |= (flags & K_KINDS_NONE) !== 0 ? N_NO_EFFECTS : 0;
    else ask |= N_NO_EFFECTS;
    k = { id: kinds.size + 1, flags, own, ask };
    kinds.set(name, k);
  }
  lastKindName = name;
  return (lastKind = k);
}
function forgetKinds(): void {
  // Names belong to contexts: not kept past the run.
  kinds.clear();
  lastKindName = null;
}

function mix(h: number, x: number): number {
  h = Math.imul(h ^ x, 0x9e3779b1);
  return h ^ (h >>> 15);
}

/**
 * MLIR's OperationEquivalence::computeHash (ignoring locations): the kind,
 * the properties and attributes, the result types and the operands (as a
 * multiset for commutative ops), from uniqued objects' numbers and the run's
 * value ids; no key string. A small integer (a Map key without boxing).
 */
function hashOp(op: Operation, kind: Kind): number {
  let h = mix(0x12345, kind.id);
  // Properties and attributes in any order (equal ops may hold them in another).
  // Sums kept to 32 bits: a double (a heap number before the code is optimized) otherwise.
  let a = 0;
  for (let i = 0, n = op.numProperties; i < n; i++) a = (a + mix(1, op.propertyValue(i).uid)) | 0;
  if (op.hasRareParts) for (const v of op.attributesView.values()) a = (a + mix(2, v.uid)) | 0;
  h = mix(h, a);
  for (let i = 0, n = op.numResults; i < n; i++) h = mix(h, op.result(i).type.uid);
  // One walk along the operand list (counting it and then `operand(i)` walk it again).
  let u = op.firstOperand;
  if (u !== null && (kind.flags & K_COMMUTATIVE) !== 0 && op.operandAfter(u) !== null) {
    let s = 0;
    for (; u !== null; u = op.operandAfter(u)) s = (s + mix(3, idOf(u.value))) | 0;
    h = mix(h, s);
  } else for (; u !== null; u = op.operandAfter(u)) h = mix(h, idOf(u.value));
  h = mix(h, op.regions.length * 31 + op.numSuccessors);
  return h & 0x3fffffff;
}

/** Same properties and discardable attributes (uniqued: compared by identity), in any order. */
function sameAttributes(a: Operation, b: Operation): boolean {
  const np = a.numProperties;
  if (np !== b.numProperties) return false;
  for (let i = 0; i < np; i++) {
    const name = a.propertyName(i);
    const v = b.propertyName(i) === name ? b.propertyValue(i) : b.getProperty(name);
    if (v !== a.propertyValue(i)) return false;
  }
  const da = a.attributesView;
  const db = b.attributesView;
  if (da.size !== db.size) return false;
  if (da.size) for (const [k, v] of da) if (db.get(k) !== v) return false;
  return true;
}

/** Structural equivalence of regions (OperationEquivalence::isRegionEquivalentTo, ignoring locations). */
function regionsEquivalent(a: Region, b: Region, map: Map<Value, Value>, blockMap: Map<Block, Block>): boolean {
  if (a.numBlocks !== b.numBlocks) return false;
  for (let ba = a.firstBlock, bb = b.firstBlock; ba && bb; ba = ba.nextBlock, bb = bb.nextBlock) {
    if (ba.args.length !== bb.args.length) return false;
    for (let k = 0; k < ba.args.length; k++) {
      if (ba.args[k].type !== bb.args[k].type) return false;
      map.set(ba.args[k], bb.args[k]);
    }
    blockMap.set(ba, bb);
  }
  for (let ba = a.firstBlock, bb = b.firstBlock; ba && bb; ba = ba.nextBlock, bb = bb.nextBlock) {
    let oa = ba.first;
    let ob = bb.first;
    while (oa && ob) {
      if (!opsEquivalent(oa, ob, map, blockMap)) return false;
      for (let k = 0, n = oa.numResults; k < n; k++) map.set(oa.result(k), ob.result(k));
      oa = oa.next;
      ob = ob.next;
    }
    if (oa || ob) return false;
  }
  return true;
}

/** Whether the operands of commutative `a` (through `map`) and `b` are the same multiset. */
function sameOperandSet(a: Operation, b: Operation, map: Map<Value, Value> | null): boolean {
  const n = a.numOperands;
  const x = new Array<number>(n);
  const y = new Array<number>(n);
  let i = 0;
  for (let u = a.firstOperand, w = b.firstOperand; u !== null && w !== null; u = a.operandAfter(u), w = b.operandAfter(w), i++) {
    const v = u.value;
    x[i] = idOf(map === null ? v : (map.get(v) ?? v));
    y[i] = idOf(w.value);
  }
  x.sort((p, q) => p - q);
  y.sort((p, q) => p - q);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return false;
  return true;
}

function opsEquivalent(a: Operation, b: Operation, map: Map<Value, Value>, blockMap: Map<Block, Block>): boolean {
  if (a === b) return true;
  if (a.name !== b.name || a.numOperands !== b.numOperands || a.numResults !== b.numResults || a.regions.length !== b.regions.length) return false;
  if (a.numSuccessors !== b.numSuccessors) return false;
  if (!sameAttributes(a, b)) return false;
  for (let i = 0; i < a.numResults; i++) if (a.result(i).type !== b.result(i).type) return false;
  if (a.numOperands > 1 && a.hasTrait(Traits.Commutative)) {
    if (!sameOperandSet(a, b, map)) return false;
  } else
    for (let u = a.firstOperand, w = b.firstOperand; u !== null && w !== null; u = a.operandAfter(u), w = b.operandAfter(w)) {
      const v = u.value;
      if ((map.get(v) ?? v) !== w.value) return false;
    }
  for (let i = 0; i < a.numSuccessors; i++) if ((blockMap.get(a.successor(i)) ?? a.successor(i)) !== b.successor(i)) return false;
  for (let i = 0; i < a.regions.length; i++) if (!regionsEquivalent(a.regions[i], b.regions[i], map, blockMap)) return false;
  return true;
}

/** OperationEquivalence::isEquivalentTo for the table: region-free ops compared in place, no maps. */
function equivalent(a: Operation, b: Operation, kind: Kind): boolean {
  if (a === b) return true;
  if (a.regions.length !== 0 || b.regions.length !== 0) return opsEquivalent(a, b, new Map(), new Map());
  if (a.name !== b.name) return false;
  const n = a.numOperands;
  const nr = a.numResults;
  if (n !== b.numOperands || nr !== b.numResults || a.numSuccessors !== b.numSuccessors) return false;
  if (!sameAttributes(a, b)) return false;
  for (let i = 0; i < nr; i++) if (a.result(i).type !== b.result(i).type) return false;
  if (n > 1 && (kind.flags & K_COMMUTATIVE) !== 0) {
    if (!sameOperandSet(a, b, null)) return false;
  } else
    // Along both lists (`operand(i)` counts along a short one). Same lengths.
    for (let u = a.firstOperand, w = b.firstOperand; u !== null && w !== null; u = a.operandAfter(u), w = b.operandAfter(w))
      if (u.value !== w.value) return false;
  for (let i = 0, ns = a.numSuccessors; i < ns; i++) if (a.successor(i) !== b.successor(i)) return false;
  return true;
}

/**
 * MLIR's ScopedHashTable, as a stack of entries chained per bucket: entry i
 * holds an op, its hash and the older entry of its bucket (`chain`);
 * `buckets` holds each bucket's newest entry (-1 for none). Entries are
 * added and removed newest first (closing a scope drops its entries), so
 * removing one restores its bucket's head from its chain: no Map, no
 * allocation per op. Regions of isolated-from-above ops see no entry below
 * `floor` (their own table in MLIR). Candidates are tried newest first: the
 * innermost scope's, latest first, then the enclosing scopes'.
 */
class ScopedTable {
  private buckets = new Int32Array(1024).fill(-1);
  private mask = 1023;
  private readonly ops: Operation[] = [];
  private hashes = new Int32Array(1024);
  private chain = new Int32Array(1024);
  private readonly scopes: number[] = [];
  floor = 0;
  /** The number of entries (the floor that hides them all). */
  get size(): number {
    return this.ops.length;
  }
  push(): void {
    this.scopes.push(this.ops.length);
  }
  pop(): void {
    const to = this.scopes.pop()!;
    const { buckets, hashes, chain, mask } = this;
    for (let i = this.ops.length - 1; i >= to; i--) buckets[hashes[i] & mask] = chain[i];
    this.ops.length = to;
  }
  /** The newest equivalent op visible, if any. */
  lookup(op: Operation, kind: Kind, hash: number): Operation | undefined {
    const floor = this.floor;
    const { hashes, chain } = this;
    for (let i = this.buckets[hash & this.mask]; i >= floor; i = chain[i]) {
      if (hashes[i] !== hash) continue;
      const o = this.ops[i];
      if (equivalent(o, op, kind)) return o;
    }
    return undefined;
  }
  insert(op: Operation, hash: number): void {
    const i = this.ops.length;
    if (i === this.hashes.length) this.grow();
    this.ops.push(op);
    this.hashes[i] = hash;
    const b = hash & this.mask;
    this.chain[i] = this.buckets[b];
    this.buckets[b] = i;
  }
  /** Doubles the entry arrays and the buckets, re-chaining the entries oldest first (each chain stays newest first). */
  private grow(): void {
    const n = this.ops.length;
    const hashes = new Int32Array(2 * n);
    hashes.set(this.hashes);
    this.hashes = hashes;
    this.chain = new Int32Array(2 * n);
    this.buckets = new Int32Array(2 * n).fill(-1);
    this.mask = 2 * n - 1;
    for (let i = 0; i < n; i++) {
      const b = hashes[i] & this.mask;
      this.chain[i] = this.buckets[b];
      this.buckets[b] = i;
    }
  }
  /** lookup() with the op's hash computed. */
  find(op: Operation): Operation | undefined {
    const kind = kindOf(op);
    return this.lookup(op, kind, hashOp(op, kind));
  }
}

// The steps of CSEDriver.simplifyRegion's walk, kept in parallel stacks
// (a kind, an object, a number) rather than an object per step: a region op
// queued four steps, and a 5 MB module has tens of thousands.
/** A region to open (object: the region; number: 1 when it has SSA dominance). */
const T_REGION = 0;
/** A block, then the blocks it immediately dominates, in one scope (object: the block; number: its tree's index). */
const T_DOMINATED = 1;
/** The ops of a block from one on (object: the op or null; number: 1 in an SSA region). */
const T_OPS = 2;
/** A region op after its regions (object: the op; number: the floor to restore * 2 + SSA). */
const T_AFTER_REGIONS = 3;
/** The end of a scope. */
const T_POP = 4;

class CSEDriver {
  readonly opsToErase: Operation[] = [];
  /** Ops to erase whose operand uses were dropped when they were queued (eraseLater). */
  readonly unlinkedToErase: Operation[] = [];
  numCSE = 0;
  numDCE = 0;
  /** The known ops of every open scope. */
  readonly table = new ScopedTable();
  /** Nests are never changed before the end of the walk (ops are erased last), so dead-op verdicts can be reused. */
  private readonly removability: NestVerdicts = new Map();
  private readonly effectFree: NestVerdicts = new Map();
  private readonly taskKinds: number[] = [];
  private readonly taskObjects: (Region | Block | Operation | null)[] = [];
  private readonly taskNumbers: number[] = [];
  /** The dominator trees of the multi-block regions being walked. */
  private readonly trees: Map<Block, Block[]>[] = [];
  /** The N_* verdicts gathered so far for the nest of the innermost region op being walked (and N_DEFS_BEFORE). */
  private nest = N_VERDICTS | N_COMPLETE;
  /** Those of the enclosing region ops. */
  private readonly nests: number[] = [];
  constructor(private readonly rewriter: PatternRewriter) {}

  private pushTask(kind: number, object: Region | Block | Operation | null, n: number): void {
    this.taskKinds.push(kind);
    this.taskObjects.push(object);
    this.taskNumbers.push(n);
  }

  /**
   * CSE over `region` and everything nested in it, in MLIR's order: each op
   * after the regions it holds, scopes per block along the dominator tree. An
   * explicit stack of tasks instead of recursion: nests can be deeper than
   * the thread's stack.
   */
  simplifyRegion(region: Region): void {
    const table = this.table;
    const kinds = this.taskKinds;
    const objects = this.taskObjects;
    const numbers = this.taskNumbers;
    const graph = isGraphRegionOwner(region.parentOp);
    this.nest = graph ? N_VERDICTS : N_VERDICTS | N_COMPLETE | N_DEFS_BEFORE;
    this.pushTask(T_REGION, region, graph ? 0 : 1);
    while (kinds.length) {
      const kind = kinds.pop()!;
      const object = objects.pop()!;
      const n = numbers.pop()!;
      switch (kind) {
        case T_REGION:
          this.expandRegion(object as Region, n === 1);
          break;
        case T_DOMINATED: {
          const block = object as Block;
          this.pushTask(T_POP, null, 0);
          const children = this.trees[n].get(block);
          if (children) for (let i = children.length - 1; i >= 0; i--) this.pushTask(T_DOMINATED, children[i], n);
          this.pushTask(T_OPS, block.first, 1);
          table.push();
          break;
        }
        case T_OPS:
          this.simplifyOps(object as Operation | null, n === 1);
          break;
        case T_AFTER_REGIONS: {
          // The op whose regions were just simplified (seeing the enclosing
          // scopes again if it is isolated), then the rest of its block.
          const op = object as Operation;
          table.floor = n >> 1;
          const nest = this.nest;
          this.nest = this.nests.pop()!;
          this.simplifyRegionOp(op, (n & 1) === 1, nest);
          if (op.next) this.pushTask(T_OPS, op.next, n & 1);
          break;
        }
        case T_POP:
          table.pop();
          break;
      }
    }
    this.trees.length = 0;
  }

  private expandRegion(region: Region, ssa: boolean): void {
    if (region.empty) return;
    if (region.numBlocks === 1) {
      this.pushTask(T_POP, null, 0);
      this.pushTask(T_OPS, region.entry.first, ssa ? 1 : 0);
      this.table.push();
      return;
    }
    if (!ssa) return;
    this.trees.push(new DominanceInfo().children(region));
    this.pushTask(T_DOMINATED, region.entry, this.trees.length - 1);
  }

  /** Simplifies the ops of a block from `op` on, until one holding regions: that one queues its regions, then itself and the rest. */
  private simplifyOps(op: Operation | null, ssa: boolean): void {
    for (; op; op = op.next) {
      const regions = op.regions;
      if (regions.length) {
        const table = this.table;
        const flags = kindOf(op).flags;
        this.pushTask(T_AFTER_REGIONS, op, table.floor * 2 + (ssa ? 1 : 0));
        // The regions of an isolated (or unknown) op start from an empty table.
        if ((flags & K_ISOLATED) !== 0) table.floor = table.size;
        // A new nest: its verdicts are complete when the walk sees all its
        // ops (single blocks; graph regions left to the nest queries).
        const parent = this.nest;
        this.nests.push(parent);
        let nest = N_VERDICTS;
        if ((flags & K_GRAPH) === 0) nest |= N_COMPLETE | ((flags & K_OWN_SCOPE) !== 0 ? N_DEFS_BEFORE : parent & N_DEFS_BEFORE);
        if (!op.isRegistered) nest &= ~N_DEFS_BEFORE;
        const regionSsa = (flags & K_GRAPH) === 0 ? 1 : 0;
        for (let i = regions.length - 1; i >= 0; i--) {
          if (regions[i].numBlocks > 1) nest &= ~N_COMPLETE;
          this.pushTask(T_REGION, regions[i], regionSsa);
        }
        this.nest = nest;
        return;
      }
      this.simplifyOperation(op, ssa);
    }
  }

  /** Simplifies an op without regions. */
  private simplifyOperation(op: Operation, ssa: boolean): boolean {
    const kind = kindOf(op);
    const flags = kind.flags;
    // Most ops: pure, without a MemoryEffects interface (both nest verdicts
    // hold for them). Their path kept small (a cold run spends long in the
    // interpreter and the baseline compiler before the optimizing one takes
    // a function).
    if ((flags & (K_TERMINATOR | K_NO_EFFECTS_IFACE | K_PURE | K_RECURSIVE)) === (K_NO_EFFECTS_IFACE | K_PURE)) {
      if ((flags & K_DEAD_IF_UNUSED) !== 0 && !op.hasUses) {
        this.eraseLater(op);
        this.numDCE++;
        return true;
      }
      return this.replaceOrInsert(op, kind, ssa);
    }
    // Its part of the enclosing nest's verdicts (those still holding and not known from the kind).
    const f = this.nest;
    const want = f & N_VERDICTS & ~kind.own;
    if (want !== 0) this.nest = f & (ownVerdicts(op, kind, want) | ~want);
    if ((flags & K_TERMINATOR) !== 0) return false;
    return this.simplifyOtherOperation(op, kind, ssa, 0);
  }

  /**
   * Simplifies a region op after its regions, `nest` being what the walk
   * gathered of them: the op's nest verdicts (what wouldOpBeTriviallyDead and
   * hasNoMemoryEffects would answer) from it, and the op's part of the
   * enclosing nest's.
   */
  private simplifyRegionOp(op: Operation, ssa: boolean, nest: number): boolean {
    const kind = kindOf(op);
    const flags = kind.flags;
    const f = this.nest;
    let want = f & N_VERDICTS;
    if ((flags & K_TERMINATOR) === 0) {
      if ((flags & K_REMOVABLE_KIND) !== 0 && !op.hasUses) want |= N_REMOVABLE;
      if ((flags & K_RECURSIVE) !== 0) want |= N_NO_EFFECTS;
    }
    const verdicts = want === 0 ? 0 : this.nestVerdicts(op, kind, nest, want);
    this.nest = f & (verdicts | ~N_VERDICTS);
    if ((flags & K_TERMINATOR) !== 0) return false;
    return this.simplifyOtherOperation(op, kind, ssa, verdicts);
  }

  /** The `want`ed N_VERDICTS that hold for region op `op`'s whole nest (holdsForNest's answers), `nest` being what the walk gathered of its regions. */
  private nestVerdicts(op: Operation, kind: Kind, nest: number, want: number): number {
    const own = ownVerdicts(op, kind, want);
    // Only RecursiveMemoryEffects ops answer for what they hold.
    if ((kind.flags & K_RECURSIVE) === 0 || own === 0) return own;
    if ((nest & N_COMPLETE) !== 0) return own & nest;
    // Ops the walk did not see (blocks past the first, graph regions): the nest asked.
    let v = 0;
    if ((own & N_REMOVABLE) !== 0 && nestRemovable(op, this.removability)) v |= N_REMOVABLE;
    if ((own & N_NO_EFFECTS) !== 0 && hasNoMemoryEffects(op, this.effectFree)) v |= N_NO_EFFECTS;
    return v;
  }

  /** CSE of an op without memory effects: replaced by an equivalent known op, or made known. */
  private replaceOrInsert(op: Operation, kind: Kind, ssa: boolean): boolean {
    const hash = hashOp(op, kind);
    const existing = this.table.lookup(op, kind, hash);
    if (existing) {
      this.replace(op, existing, ssa);
      this.numCSE++;
      return true;
    }
    this.table.insert(op, hash);
    return false;
  }

  /**
   * simplifyOperation for ops with regions, effects or an effects interface;
   * `verdicts` (region ops) the N_VERDICTS of the op's nest, as far as they
   * are asked below.
   */
  private simplifyOtherOperation(op: Operation, kind: Kind, ssa: boolean, verdicts: number): boolean {
    const flags = kind.flags;
    const regions = op.regions;
    // A region-free op with its own MemoryEffects interface (and no
    // RecursiveMemoryEffects, which would ignore it) is asked its effects
    // at most once, for both questions below (each asking allocates a list),
    // and not at all when its kind's promises answer them.
    const ownEffects = regions.length === 0 && (flags & (K_NO_EFFECTS_IFACE | K_RECURSIVE)) === 0;
    let effects: readonly MemoryEffect[] | undefined = undefined;
    if (!op.hasUses) {
      let dead: boolean;
      if (regions.length !== 0) dead = (flags & K_REMOVABLE_KIND) !== 0 && (verdicts & N_REMOVABLE) !== 0;
      else if ((flags & K_NO_EFFECTS_IFACE) !== 0) dead = (flags & K_DEAD_IF_UNUSED) !== 0;
      else if (!ownEffects) dead = wouldOpBeTriviallyDead(op, this.removability);
      else if ((flags & K_REMOVABLE_KIND) === 0) dead = false;
      else if ((flags & K_REMOVABLE_KNOWN) !== 0) dead = (flags & K_REMOVABLE_WHEN_UNUSED) !== 0;
      else dead = effectsRemovable(op, (effects = ownEffectList(op)));
      if (dead) {
        this.eraseLater(op);
        this.numDCE++;
        return true;
      }
    }
    for (let i = 0; i < regions.length; i++) if (regions[i].numBlocks > 1) return false;
    // Pure ops outside RecursiveMemoryEffects have no effects (getMemoryEffects
    // would return an empty list): asked without allocating.
    if ((flags & (K_PURE | K_RECURSIVE)) !== K_PURE) {
      // A region op with RecursiveMemoryEffects is only considered without
      // effects in its nest; asked with the memo, nested ops having been
      // asked first, so a deep nest is not walked once per level.
      // What the effects are: none, only reads (K_KINDS_*), or else (0).
      let what: number;
      if ((flags & K_RECURSIVE) !== 0) {
        if (regions.length !== 0 ? (verdicts & N_NO_EFFECTS) === 0 : !hasNoMemoryEffects(op, this.effectFree)) return false;
        // getMemoryEffects would walk the nest again to gather nothing.
        what = K_KINDS_NONE;
      } else if (ownEffects && (flags & K_KINDS_KNOWN) !== 0) what = flags & (K_KINDS_NONE | K_KINDS_READS);
      else {
        effects = ownEffects ? (effects ?? ownEffectList(op)) : getMemoryEffects(op);
        what = effects === undefined ? 0 : effects.length === 0 ? K_KINDS_NONE : onlyReads(effects) ? K_KINDS_READS : 0;
      }
      if (what !== K_KINDS_NONE) {
        // Only ops that declare their own effects, all reads, are considered:
        // region ops whose effects come from their bodies never are.
        if ((flags & (K_RECURSIVE | K_NO_EFFECTS_IFACE)) !== 0) return false;
        if (what !== K_KINDS_READS) return false;
        const hash = hashOp(op, kind);
        const existing = this.table.lookup(op, kind, hash);
        if (existing && existing.parentBlock === op.parentBlock && !writesInBetween(existing, op)) {
          this.replace(op, existing, ssa);
          return true;
        }
        this.table.insert(op, hash);
        return false;
      }
    }
    return this.replaceOrInsert(op, kind, ssa);
  }

  /**
   * Queues `op` (unused) for erasure after the walk, as MLIR does. A
   * region-free op whose operands were all defined by ops walked before it
   * (N_DEFS_BEFORE) drops its operand uses now: those values and their other
   * users were just walked (at the end of the pass they are far out of the
   * cache), and the only ops whose use counts change were decided already.
   * Nothing else the walk asks reads use lists (equivalence and effects
   * read operands), and dropping a use keeps the order of the others.
   */
  private eraseLater(op: Operation): void {
    if ((this.nest & N_DEFS_BEFORE) !== 0 && op.regions.length === 0 && op.numSuccessors === 0) {
      for (let u = op.firstOperand; u !== null; u = op.operandAfter(u)) u.unlink();
      this.unlinkedToErase.push(op);
    } else this.opsToErase.push(op);
  }

  private replace(op: Operation, existing: Operation, ssa: boolean): void {
    const n = op.numResults;
    if (ssa) {
      for (let i = 0; i < n; i++) this.rewriter.replaceAllUsesWith(op.result(i), existing.result(i));
      this.eraseLater(op);
    } else {
      // In a graph region a use may come before the def: users already
      // recorded as known keep the old value, and the op stays while used.
      for (let i = 0; i < n; i++) for (const u of [...op.result(i).uses()]) if (!this.table.find(u.owner)) u.set(existing.result(i));
      if (!op.hasUses) this.opsToErase.push(op);
    }
    // A parsed op's location is known without being made (most never are).
    if (!existing.hasParsedLocation && existing.location instanceof UnknownLoc && (op.hasParsedLocation || !(op.location instanceof UnknownLoc)))
      existing.location = op.location;
  }
}

/** The `want`ed N_VERDICTS that hold for `op`'s own effects (ownEffectsRemovable, noCollectedEffects). */
function ownVerdicts(op: Operation, kind: Kind, want: number): number {
  let v = kind.own & want;
  const ask = kind.ask & want;
  if ((ask & N_REMOVABLE) !== 0 && ownEffectsRemovable(op)) v |= N_REMOVABLE;
  if ((ask & N_NO_EFFECTS) !== 0 && noCollectedEffects(op)) v |= N_NO_EFFECTS;
  return v;
}

/** The effects of an op with its own MemoryEffects interface (a new list). */
function ownEffectList(op: Operation): readonly MemoryEffect[] {
  return getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects)!.getEffects(op);
}

function onlyReads(effects: readonly MemoryEffect[]): boolean {
  for (let i = 0; i < effects.length; i++) if (effects[i].kind !== 'read') return false;
  return true;
}

function writesInBetween(from: Operation, to: Operation): boolean {
  for (let o = from.next; o && o !== to; o = o.next) {
    // Answered from the kind when it can be: Pure (not recursive) ops have
    // no effects, and an interface may promise its effects' kinds.
    const flags = kindOf(o).flags;
    if ((flags & (K_PURE | K_RECURSIVE)) === K_PURE) continue;
    if ((flags & (K_RECURSIVE | K_NO_EFFECTS_IFACE | K_KINDS_KNOWN)) === K_KINDS_KNOWN) {
      if ((flags & K_KINDS_WRITE) !== 0) return true;
      continue;
    }
    const e = getMemoryEffects(o);
    if (!e) return true;
    // Only writes separate two reads (allocations and frees do not).
    for (let i = 0; i < e.length; i++) if (e[i].kind === 'write') return true;
  }
  return false;
}

/** Runs CSE on the regions of `op`; returns whether anything changed. */
export function eliminateCommonSubexpressions(ctx: Context, op: Operation): boolean {
  const rewriter = new PatternRewriter(ctx);
  const driver = new CSEDriver(rewriter);
  try {
    for (const r of op.regions) driver.simplifyRegion(r);
  } finally {
    forgetIds();
    forgetKinds();
  }
  // Unused by construction, operand uses dropped: only taken out of their
  // blocks. First, so that erasing a region op holding some of them walks
  // only what is left in its nest (the order of erasure changes nothing else).
  const unlinked = driver.unlinkedToErase;
  for (let k = 0; k < unlinked.length; k++) unlinked[k].remove();
  const erase = driver.opsToErase;
  for (let k = 0; k < erase.length; k++) {
    const o = erase[k];
    // The use lists walked directly (a generator spread per result cost more than the unlinking).
    if (o.hasUses)
      for (let i = 0; i < o.numResults; i++)
        for (let u = o.result(i).firstUse; u; ) {
          const next = u.nextUse;
          u.unlink();
          u = next;
        }
    rewriter.eraseOp(o);
  }
  return erase.length + unlinked.length > 0;
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
