// The structural verifier: block/terminator structure, op invariants through
// their definitions, region isolation and SSA dominance. It follows MLIR's
// OperationVerifier: an iterative DFS with "entrance" and "exit" visits, so
// deep IR does not exhaust the stack, and isolated-from-above ops verified as
// separate units.

import { DominanceInfo, intersectDominators, isGraphRegionOwner, numberDominatorTree } from './dominance.js';
import { Traits, emitError, emitOpError, verifyDialectAttribute, type Context } from './context.js';
import { UnknownLoc } from './location.js';
import { Block, BlockArgument, OpResult, Operation, Region, type Value } from './operation.js';
import { setNoSymbolUsersUnder } from './symbol-table.js';
import { objectList } from './object-list.js';

function mayBeValidWithoutTerminator(block: Block): boolean {
  const region = block.parent;
  if (!region) return true;
  if (region.numBlocks !== 1) return false;
  const op = region.parentOp;
  return !op || !op.isRegistered || op.hasTrait(Traits.NoTerminator);
}

/** Whether an op might be a terminator: unregistered ops might. */
function mightBeTerminator(op: Operation): boolean {
  return !op.isRegistered || op.hasTrait(Traits.IsTerminator);
}

// The marks of the verifier's walks (Operation.verifyMark, Block.verifyMark):
// each unit walk (an isolated-from-above op and its nest) takes a fresh even
// number `open`; a block or region op being walked holds `open`, one walked
// past holds `open + 1`. Marks of other walks never equal these.
let lastMark = 0;

/** Whether region `r` is nested (at any depth) in `op`. */
function regionIsIn(r: Region | null, op: Operation): boolean {
  for (; r; r = r.parentOp?.parentRegion ?? null) if (r.parentOp === op) return true;
  return false;
}

/** The first block of `op`'s regions from region `from` on (null: none). */
function firstBlockFrom(op: Operation, from: number): Block | null {
  const regions = op.regions;
  for (let r = from; r < regions.length; r++) if (regions[r].firstBlock !== null) return regions[r].firstBlock;
  return null;
}

/** The index of a block's region among its parent op's regions. */
function regionIndex(block: Block): number {
  const region = block.parent!;
  const regions = region.parentOp!.regions;
  for (let r = 0; ; r++) if (regions[r] === region) return r;
}

/** Bits of what an operand check found that needs the reporting checks. */
const ISOLATION_BROKEN = 1;
const DOMINANCE_BROKEN = 2;

export class Verifier {
  /** Made when an operand is not settled by the walk's marks (multi-block regions, invalid IR). */
  private dom: DominanceInfo | undefined;
  /** Ops with the SymbolUser interface seen so far: a symbol table with none under it skips its use walk. */
  private symbolUsers = 0;
  /**
   * Dominance left for the unit's end (when the blocks walked are still in
   * cache, and only regions with such a use get a tree): entry k says the
   * block `pendDef[k]` must dominate `pendAt[k]` (the user's ancestor block
   * in the same region) unless the user's block `pendUser[k]` is unreachable.
   * Nested units use the part after their start.
   */
  private readonly pendDef: Block[] = objectList();
  private readonly pendAt: Block[] = objectList();
  private readonly pendUser: Block[] = objectList();
  /**
   * The entries in use: the lists are written over, never shortened (an
   * array cut to zero drops its store, regrown by each unit's pushes).
   */
  private pendCount = 0;
  private scratch: TreeScratch | undefined;

  /**
   * Isolated-from-above ops whose nest (everything in their regions, but not
   * the op's own checks) passed ahead (`verifyNestAhead`), with the count of
   * SymbolUser ops in it. A later walk that reaches such an op checks only
   * the op itself.
   */
  private nestsPassed: Map<Operation, number> | undefined;

  constructor(readonly ctx: Context) {}

  /** Verifies `op` and everything nested in it. Reports diagnostics; returns success. */
  verify(op: Operation): boolean {
    return this.verifyOpAndDominance(op);
  }

  /**
   * Verifies the nest of isolated-from-above `op` ahead of `verify`: the
   * parser calls it as each such op is complete, while its IR is still in
   * cache, instead of one walk over the whole module after the parse. The
   * op's own checks (which may read its parent, not there yet) are left for
   * `verify`. Nothing is reported: a nest that fails, or emits anything, is
   * not remembered and `verify` walks it again, so the diagnostics and their
   * order are those of `verify` alone. Its checks read only the nest (values
   * cannot cross the isolated op) and, upwards, the op's ancestors, which the
   * parse only adds to.
   */
  verifyNestAhead(op: Operation): void {
    if (op.regions.length === 0 || !op.hasTrait(Traits.IsolatedFromAbove)) return;
    const users = this.symbolUsers;
    const base = this.items.length;
    const isolatedBase = this.isolatedOps.length;
    let emitted = false;
    let ok = false;
    try {
      ok = this.ctx.diagnostics.withHandler(
        () => (emitted = true),
        () => this.walkUnit(op, base, isolatedBase, true),
      );
    } catch {
      // A hook that throws does so again in `verify`, where it always did.
    }
    const inside = this.symbolUsers - users;
    this.symbolUsers = users;
    if (ok && !emitted) {
      (this.nestsPassed ??= new Map()).set(op, inside);
      return;
    }
    this.resetWalk(base, isolatedBase);
    this.pendCount = 0;
    this.dom = undefined;
  }

  /**
   * One walk per isolated unit does MLIR's structural verification and, on
   * the way, decides whether every operand passes isolation and dominance
   * (most by the walk's marks: a value of an op walked past, in a block being
   * walked, dominates). Only when one may not do the reporting checks run,
   * where MLIR runs them (isolation at the root's exit, dominance after the
   * unit), so the first diagnostic is the same.
   */
  private verifyOpAndDominance(op: Operation): boolean {
    return this.verifyUnit(op);
  }

  // The walk's stacks, shared by the units (a nested unit, verified at an
  // op's exit, works above the frames of the unit around it): one set per
  // verification instead of six arrays per isolated op. Per frame: the op or
  // block; for a block, the next op to visit and whether it was entered; for
  // an op, the symbol users seen and the length of `isolatedOps` when it was
  // entered (unused for blocks).
  private readonly items: (Operation | Block)[] = objectList();
  private readonly cursor: (Operation | null)[] = objectList();
  private readonly entered: boolean[] = objectList();
  private readonly usersAt: number[] = [];
  private readonly isolatedAt: number[] = [];
  /**
   * The isolated-from-above ops met in the blocks being walked, in walk
   * order: at an op's exit, those after its start are the ones directly in
   * its regions (deeper ones were taken by their own parent's exit).
   */
  private readonly isolatedOps: Operation[] = objectList();

  private verifyUnit(root: Operation): boolean {
    const base = this.items.length;
    const isolatedBase = this.isolatedOps.length;
    if (this.walkUnit(root, base, isolatedBase, false)) return true;
    this.resetWalk(base, isolatedBase);
    return false;
  }

  /** A failed walk stops where it is: drop its frames, as the walk's end would. */
  private resetWalk(base: number, isolatedBase: number): void {
    this.items.length = this.cursor.length = this.entered.length = this.usersAt.length = this.isolatedAt.length = base;
    this.isolatedOps.length = isolatedBase;
  }

  /** The frame of the first block of `op`'s regions, if any. */
  private pushFirstBlock(op: Operation): void {
    const b = firstBlockFrom(op, 0);
    if (b === null) return;
    this.items.push(b);
    this.cursor.push(null);
    this.entered.push(false);
    this.usersAt.push(0);
    this.isolatedAt.push(0);
  }

  /** `nestOnly`: without the root's own entrance and exit checks (`verifyNestAhead`); fails on anything the reporting checks would decide. */
  private walkUnit(root: Operation, base: number, isolatedBase: number, nestOnly: boolean): boolean {
    // MLIR's entrance/exit order, iteratively: a block's entrance, then each
    // of its ops (an op without regions has its entrance and exit at once;
    // one with regions is entered, its blocks visited, then exited), then the
    // block's exit. Only blocks and region ops take a stack slot: `cursor`
    // holds the next op of a block frame, and null for an op frame. A region
    // op's blocks share one frame above the op's, moved on to the next block
    // at each block's exit (a CFG region's blocks take one slot, not one each).
    if (!nestOnly) {
      if (!this.verifyOpOnEntrance(root)) return false;
      const passed = this.nestsPassed === undefined ? undefined : this.nestsPassed.get(root);
      if (passed !== undefined) {
        // The nest passed ahead: only the root's exit checks are left.
        const users = this.symbolUsers;
        this.symbolUsers += passed;
        return this.verifyOpOnExit(root, false, users, this.isolatedOps, this.isolatedOps.length);
      }
    }
    const pendFrom = this.pendCount;
    const open = (lastMark += 2);
    const closed = open + 1;
    const isolated = root.regions.length !== 0 && root.hasTrait(Traits.IsolatedFromAbove);
    let broken = 0;
    root.verifyMark = open;
    const items = this.items;
    const cursor = this.cursor;
    const entered = this.entered;
    const usersAt = this.usersAt;
    const isolatedAt = this.isolatedAt;
    const isolatedOps = this.isolatedOps;
    items.push(root);
    cursor.push(null);
    entered.push(true);
    usersAt.push(this.symbolUsers);
    isolatedAt.push(isolatedBase);
    this.pushFirstBlock(root);
    while (items.length > base) {
      const at = items.length - 1;
      const top = items[at];
      if (top instanceof Operation) {
        items.pop();
        cursor.pop();
        entered.pop();
        const users = usersAt.pop()!;
        const from = isolatedAt.pop()!;
        top.verifyMark = closed;
        if (nestOnly && top === root) {
          if (broken !== 0 || !this.verifyNestedUnits(isolatedOps, from)) return false;
          continue;
        }
        if (!this.verifyOpOnExit(top, top === root && (broken & ISOLATION_BROKEN) !== 0, users, isolatedOps, from)) return false;
        continue;
      }
      let o: Operation | null;
      if (!entered[at]) {
        entered[at] = true;
        if (!this.verifyBlockOnEntrance(top)) return false;
        top.verifyMark = open;
        o = top.first;
      } else o = cursor[at];
      // Ops of the block up to the next one with regions to enter.
      for (; o; o = o.next) {
        // Operands first, before the op is marked: its own results do not dominate it.
        for (let u = o.firstOperand; u !== null; u = o.operandAfter(u)) {
          const v = u.value;
          if (v instanceof OpResult) {
            const d = v.owner;
            if (d.verifyMark === closed && d.parentBlock!.verifyMark === open) continue;
            // `owner` is missing on a value that is neither (a parser's unresolved placeholder).
          } else if ((v as BlockArgument).owner?.verifyMark === open) continue;
          broken |= this.checkOperand(o, v, root, isolated, open, broken);
        }
        const def = o.name.def;
        if (def !== undefined && def.interfaces !== undefined && def.interfaces.SymbolUser !== undefined) this.symbolUsers++;
        if (o.regions.length !== 0 && o.hasTrait(Traits.IsolatedFromAbove)) {
          o.verifyMark = closed;
          isolatedOps.push(o);
          continue;
        }
        if (!this.verifyOpOnEntrance(o)) return false;
        if (o.regions.length === 0) {
          o.verifyMark = closed;
          // Without regions there is no isolation to check: only a hook to run (few kinds have one).
          if (def === undefined) {
            if (!this.verifyUnregisteredOp(o)) return false;
          } else if (def.verifyRegions !== undefined && !verifyRegionInvariants(this.ctx, o, false, true)) return false;
          continue;
        }
        break;
      }
      if (o) {
        cursor[at] = o.next;
        o.verifyMark = open;
        items.push(o);
        cursor.push(null);
        entered.push(true);
        usersAt.push(this.symbolUsers);
        isolatedAt.push(isolatedOps.length);
        this.pushFirstBlock(o);
        continue;
      }
      top.verifyMark = closed;
      if (!this.verifyBlockOnExit(top)) return false;
      // The next block of the op below (this block's parent op) takes the frame.
      const nextBlock = top.nextBlock ?? firstBlockFrom(items[at - 1] as Operation, regionIndex(top) + 1);
      if (nextBlock !== null) {
        items[at] = nextBlock;
        cursor[at] = null;
        entered[at] = false;
        continue;
      }
      items.pop();
      cursor.pop();
      entered.pop();
      usersAt.pop();
      isolatedAt.pop();
    }
    // The unit's dominator trees are not kept: held to the end of the run,
    // every function's would be alive at once (peak memory after CFG lowering).
    if ((broken & DOMINANCE_BROKEN) === 0 && !this.pendingDominate(pendFrom)) broken |= DOMINANCE_BROKEN;
    this.pendCount = pendFrom;
    const dom = this.dom;
    this.dom = undefined;
    if (nestOnly) return broken === 0;
    if (broken & DOMINANCE_BROKEN) return this.verifyDominanceOfContainedRegions(root, dom ?? new DominanceInfo());
    return true;
  }

  /**
   * Whether the block dominance left from `from` on holds (each pair where its
   * user is reachable). The regions' trees are numbered in their blocks'
   * marks (BlockTree), not in a DominanceInfo: no map per region.
   */
  private pendingDominate(from: number): boolean {
    const n = this.pendCount;
    if (n === from) return true;
    // Pairs come in runs of one region (a function's body); others are kept by region.
    let lastRegion: Region | null = null;
    let last: BlockTree | undefined;
    let trees: Map<Region, BlockTree> | undefined;
    const treeOf = (region: Region): BlockTree => {
      if (region === lastRegion) return last!;
      if (last !== undefined) (trees ??= new Map()).set(lastRegion!, last);
      const t = (trees === undefined ? undefined : trees.get(region)) ?? blockTree(region, (this.scratch ??= new TreeScratch()));
      lastRegion = region;
      return (last = t);
    };
    for (let k = from; k < n; k++) {
      const def = this.pendDef[k];
      const t = treeOf(def.parent!);
      const ib = t.numberOf(this.pendAt[k]);
      // An unreachable block is dominated by every block.
      if (ib < 0) continue;
      const ia = t.numberOf(def);
      if (ia >= 0 && t.dominates(ia, ib)) continue;
      // Not dominated: an error unless the user's block is unreachable (the entry of its region is reachable).
      const user = this.pendUser[k];
      if (user.parent!.firstBlock === user || treeOf(user.parent!).numberOf(user) >= 0) return false;
    }
    return true;
  }

  /**
   * An operand the marks do not settle: whether it breaks isolation (when the
   * root is isolated) or dominance, as the reporting checks would decide.
   * Returns the bits found (those in `known` are not checked again).
   */
  private checkOperand(user: Operation, v: Value, root: Operation, isolated: boolean, open: number, known: number): number {
    const defBlock = v.parentBlock;
    // A value in no region (MLIR's "unlinked" operand): the isolation check
    // reports it; without one, the dominance check (it dominates nothing).
    if (defBlock === null || defBlock.parent === null) return isolated ? ISOLATION_BROKEN : DOMINANCE_BROKEN;
    let bits = 0;
    if (isolated && (known & ISOLATION_BROKEN) === 0) {
      const m = defBlock.verifyMark;
      // A block of this walk is in the root; any other is looked up.
      if (m !== open && m !== open + 1 && !regionIsIn(defBlock.parent, root)) bits |= ISOLATION_BROKEN;
    }
    if ((known & DOMINANCE_BROKEN) === 0 && !this.dominatesUse(v, user, open)) bits |= DOMINANCE_BROKEN;
    return bits;
  }

  /**
   * DominanceInfo.valueDominates(v, user), or true when the user's block is
   * unreachable (MLIR checks no other). The usual case the marks leave, a
   * value of another block of a multi-block region the walk is in, is true
   * for the region's entry block, else left for the unit's end.
   */
  private dominatesUse(v: Value, user: Operation, open: number): boolean {
    const block = user.parentBlock!;
    const defBlock = v instanceof OpResult ? v.owner.parentBlock : (v as BlockArgument).owner;
    const region = defBlock === null ? null : defBlock.parent;
    const owner = region === null ? null : region.parentOp;
    // Fast only when the value's region belongs to an op on the walk's path
    // (the user is nested in that op), else ask DominanceInfo.
    if (owner === null || owner.verifyMark !== open) return this.generalDominates(v, user);
    let b = block;
    while (b.parent !== region) {
      const up = b.parent!.parentOp!;
      if (up === owner) return this.generalDominates(v, user); // another region of the same op
      b = up.parentBlock!;
    }
    // The user's ancestor block is the value's own block (graph regions, or a
    // use before the definition), or in a graph region: the general query.
    if (b === defBlock || isGraphRegionOwner(owner)) return this.generalDominates(v, user);
    // Two blocks of one region: the entry dominates every block.
    if (defBlock === region!.firstBlock) return true;
    const n = this.pendCount;
    if (n === 0 || this.pendDef[n - 1] !== defBlock || this.pendAt[n - 1] !== b || this.pendUser[n - 1] !== block) {
      this.pendDef[n] = defBlock!;
      this.pendAt[n] = b;
      this.pendUser[n] = block;
      this.pendCount = n + 1;
    }
    return true;
  }

  private generalDominates(v: Value, user: Operation): boolean {
    const block = user.parentBlock!;
    const dom = (this.dom ??= new DominanceInfo());
    // Dominance is only checked in reachable blocks (the entry is).
    return (block.parent!.firstBlock !== block && !dom.isReachable(block)) || dom.valueDominates(v, user);
  }

  private verifyBlockOnEntrance(block: Block): boolean {
    if (block.empty) {
      if (mayBeValidWithoutTerminator(block)) return true;
      const parentOp = block.parent?.parentOp;
      this.ctx.diagnostics.emit('error', parentOp?.location ?? UnknownLoc.get(), 'empty block: expect at least a terminator');
      return false;
    }
    for (let o = block.first; o; o = o.next) {
      if (o.successorList.length !== 0 && o !== block.last) {
        emitError(this.ctx, o, 'operation with block successors must terminate its parent block');
        return false;
      }
    }
    return true;
  }

  private verifyBlockOnExit(block: Block): boolean {
    const last = block.last;
    if (last) {
      const succ = last.successorList;
      for (let i = 0; i < succ.length; i++)
        if (succ[i].block.parent !== block.parent) {
          emitOpError(this.ctx, last, 'branching to block of a different region');
          return false;
        }
    }
    if (mayBeValidWithoutTerminator(block)) return true;
    if (!mightBeTerminator(last!)) {
      const text = this.ctx.printOpForDiagnostic ? this.ctx.printOpForDiagnostic(last!) : last!.name.name;
      emitError(this.ctx, last!, 'block with no terminator, has ' + (text.includes('\n') ? '\n' : '') + text);
      return false;
    }
    return true;
  }

  private verifyOpOnEntrance(op: Operation): boolean {
    const attrs = op.attributesView;
    if (attrs.size) for (const [name, value] of attrs) if (!verifyDialectAttribute(this.ctx, op, name, value, 'op')) return false;
    const def = op.name.def;
    if (def && !verifyInvariants(this.ctx, op)) return false;
    if (!op.regions.length) return true;
    const graph = isGraphRegionOwner(op);
    for (let i = 0; i < op.regions.length; i++) {
      const region = op.regions[i];
      if (op.isRegistered && graph && region.numBlocks > 1) {
        emitOpError(this.ctx, op, `expects graph region #${i} to have 0 or 1 blocks`);
        return false;
      }
      if (region.empty) continue;
      if (region.entry.hasPredecessors) {
        this.ctx.diagnostics.emit('error', op.location, 'entry block of region may not have predecessors');
        return false;
      }
    }
    return true;
  }

  /**
   * `isolation`: whether to run the isolation check (the walk found an operand
   * that may break it); `usersBefore`: the count of symbol users when `op`
   * was entered (none under it if still the same after its nested units);
   * `isolatedOps` from `from` on: the isolated ops directly in its regions,
   * verified here as MLIR does (then dropped from the list).
   */
  private verifyOpOnExit(op: Operation, isolation: boolean, usersBefore: number, isolatedOps: Operation[], from: number): boolean {
    if (!this.verifyNestedUnits(isolatedOps, from)) return false;
    if (op.name.def) return verifyRegionInvariants(this.ctx, op, isolation, usersBefore === this.symbolUsers);
    return this.verifyUnregisteredOp(op);
  }

  /** The isolated ops in `isolatedOps` from `from` on, each as its own unit (then dropped from the list). */
  private verifyNestedUnits(isolatedOps: Operation[], from: number): boolean {
    let failed = false;
    for (let i = from; i < isolatedOps.length; i++) if (!this.verifyOpAndDominance(isolatedOps[i])) failed = true;
    isolatedOps.length = from;
    return !failed;
  }

  private verifyUnregisteredOp(op: Operation): boolean {
    // As MLIR's StringAttr::getReferencedDialect: a name refers to a dialect
    // only with text on both sides of its first dot (`memref.` does not).
    const name = op.name;
    const referenced = name.dialectName !== '' && name.name.length > name.dialectName.length + 1;
    const dialect = referenced ? this.ctx.getDialect(name.dialectName) : undefined;
    if (!dialect) {
      if (!this.ctx.allowUnregisteredDialects) {
        emitOpError(
          this.ctx,
          op,
          'created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used',
        );
        return false;
      }
      return true;
    }
    if (dialect.allowUnknownOperations) return true;
    emitError(
      this.ctx,
      op,
      `unregistered operation '${op.name.name}' found in dialect ('${dialect.name}') that does not allow unknown operations`,
    );
    return false;
  }

  private verifyDominanceOfContainedRegions(root: Operation, dom: DominanceInfo): boolean {
    const order = new NestOrder(root);
    const worklist: Operation[] = [root];
    while (worklist.length) {
      const op = worklist.pop()!;
      for (const region of op.regions)
        for (const block of region.blocks) {
          const reachable = dom.isReachable(block);
          for (let o = block.first; o; o = o.next) {
            if (reachable) {
              for (let i = 0; i < o.numOperands; i++) {
                const v = o.operand(i);
                const fast = order.valueDominates(v, o);
                if (fast === true || (fast === undefined && dom.valueDominates(v, o))) continue;
                this.diagnoseInvalidOperandDominance(o, i);
                return false;
              }
            }
            if (o.regions.length !== 0 && !o.hasTrait(Traits.IsolatedFromAbove)) worklist.push(o);
          }
        }
    }
    return true;
  }

  private diagnoseInvalidOperandDominance(op: Operation, operandNo: number): void {
    const d = emitError(this.ctx, op, `operand #${operandNo} does not dominate this use`);
    const operand = op.operand(operandNo);
    const def = operand.definingOp;
    const block1 = op.parentBlock!;
    const region1 = block1.parent!;
    if (def) {
      const block2 = def.parentBlock!;
      const region2 = block2.parent!;
      let where: string;
      if (block1 === block2) where = ' (op in the same block)';
      else if (region1 === region2) where = ' (op in the same region)';
      else if (region2 !== region1 && region2.isAncestorOf(region1)) where = ' (op in a parent region)';
      else if (region1 !== region2 && region1.isAncestorOf(region2)) where = ' (op in a child region)';
      else where = ' (op is neither in a parent nor in a child region)';
      d.attachNote('operand defined here' + where, def.location);
      return;
    }
    const block2 = (operand as BlockArgument).owner;
    const region2 = block2.parent;
    const loc = block2.parentOp?.location ?? UnknownLoc.get();
    if (!region2) {
      d.attachNote(' (block without parent)', loc);
      return;
    }
    const index = region2.indexOfBlock(block2);
    let where: string;
    if (region1 === region2) where = ' in the same region)';
    else if (region2.isAncestorOf(region1)) where = ' in a parent region)';
    else if (region1.isAncestorOf(region2)) where = ' in a child region)';
    else where = ' neither in a parent nor in a child region)';
    d.attachNote(`operand defined as a block argument (block #${index}` + where, loc);
  }
}

// Dominator trees for the pending pairs, numbered in the blocks' marks: a
// tree takes a fresh range of numbers and stores in each reachable block
// -(base + 1 + its reverse post-order number), below every walk's marks
// (which are positive), so a block's number is read in O(1) with no map,
// and a stale number (of an earlier tree) is outside every later range.
let lastNumber = 0;

/**
 * A verification's scratch lists for its trees, written by index and never
 * shortened (see pendCount); owned by the Verifier, so no block outlives it.
 */
class TreeScratch {
  readonly post: Block[] = objectList();
  readonly stack: Block[] = objectList();
  readonly next: number[] = [];
  idom = new Int32Array(64);
  free = new Int32Array(64);
}

/** A region's dominator tree: pre-order numbers and subtree sizes by reverse post-order number (O(1) dominance). */
class BlockTree {
  constructor(
    private readonly base: number,
    private readonly n: number,
    /** Pre-order numbers in the dominator tree [0, n), then subtree sizes [n, 2n). */
    private readonly tree: Int32Array,
  ) {}

  /** The reverse post-order number of a block of the region, -1 when unreachable. */
  numberOf(b: Block): number {
    const i = -b.verifyMark - this.base - 1;
    return i >= 0 && i < this.n ? i : -1;
  }

  /** Whether block number `a` dominates block number `b` (pre-order intervals). */
  dominates(a: number, b: number): boolean {
    const t = this.tree;
    const pa = t[a];
    const pb = t[b];
    return pa <= pb && pb < pa + t[this.n + a];
  }
}

/**
 * The dominator tree of a non-empty region (Cooper-Harvey-Kennedy over a
 * reverse post-order, as dominance.ts's computeTree, iteratively), numbered
 * in its blocks' marks. Successors outside the region are ignored.
 */
function blockTree(region: Region, scratch: TreeScratch): BlockTree {
  const entry = region.firstBlock!;
  const visited = -++lastNumber;
  // Scratch lists written by index, never shortened (see pendCount).
  const post = scratch.post;
  const stack = scratch.stack;
  const next = scratch.next;
  let n = 0;
  let sp = 0;
  entry.verifyMark = visited;
  stack[sp] = entry;
  next[sp++] = 0;
  while (sp !== 0) {
    const top = sp - 1;
    const b = stack[top];
    const succ = b.last === null ? NO_SUCCESSORS : b.last.successorList;
    let i = next[top];
    let pushed = false;
    while (i < succ.length) {
      const s = succ[i++].block;
      if (s.parent === region && s.verifyMark !== visited) {
        s.verifyMark = visited;
        next[top] = i;
        stack[sp] = s;
        next[sp++] = 0;
        pushed = true;
        break;
      }
    }
    if (!pushed) {
      post[n++] = b;
      sp--;
    }
  }
  const base = lastNumber;
  lastNumber += n;
  // Reverse post-order number of post[j]: n - 1 - j.
  for (let j = 0; j < n; j++) post[j].verifyMark = -(base + n - j);
  if (scratch.idom.length < n) {
    scratch.idom = new Int32Array(2 * n);
    scratch.free = new Int32Array(2 * n);
  }
  const idom = scratch.idom;
  idom.fill(-1, 0, n);
  idom[0] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 1; i < n; i++) {
      let d = -1;
      for (let u = post[n - 1 - i].firstUse; u !== null; u = u.nextUse) {
        const pb = u.owner.parentBlock;
        if (pb === null) continue;
        let p = -pb.verifyMark - base - 1;
        if (p < 0 || p >= n || idom[p] < 0) continue;
        d = d >= 0 ? intersectDominators(idom, p, d) : p;
      }
      if (d >= 0 && idom[i] !== d) {
        idom[i] = d;
        changed = true;
      }
    }
  }
  // Pre-order numbers, then subtree sizes, in one array (half the array objects).
  const tree = new Int32Array(2 * n);
  numberDominatorTree(idom, n, tree.subarray(0, n), tree.subarray(n), scratch.free);
  return new BlockTree(base, n, tree);
}

const NO_SUCCESSORS: readonly { block: Block }[] = [];

/** Op-level invariants: the structural traits, then the op's own verifier. */
function verifyInvariants(ctx: Context, op: Operation): boolean {
  const def = op.name.def!;
  if (def.parentOps) {
    const parent = op.parentOp;
    if (!parent || !def.parentOps.includes(parent.name.name)) {
      const list = `'${def.parentOps.join(', ')}'`; // MLIR quotes the whole list once
      emitOpError(ctx, op, def.parentOps.length === 1 ? `expects parent op ${list}` : `expects parent op to be one of ${list}`);
      return false;
    }
  }
  if (def.traits.has(Traits.IsTerminator)) {
    if (!op.parentBlock || op.parentBlock.last !== op) {
      emitOpError(ctx, op, 'must be the last operation in the parent block');
      return false;
    }
  }
  if (def.verify && !def.verify(op, ctx)) return false;
  return true;
}

/** Invariants needing verified regions: isolation (when the walk found it may fail), implicit terminators, symbol tables. */
function verifyRegionInvariants(ctx: Context, op: Operation, isolation: boolean, noSymbolUsers: boolean): boolean {
  const def = op.name.def!;
  if (isolation && def.traits.has(Traits.IsolatedFromAbove) && !verifyIsolation(ctx, op)) return false;
  const hook = def.verifyRegions;
  if (hook === undefined) return true;
  if (!noSymbolUsers) return hook(op, ctx);
  const saved = setNoSymbolUsersUnder(op);
  try {
    return hook(op, ctx);
  } finally {
    setNoSymbolUsersUnder(saved);
  }
}

/**
 * Pre-order numbers of the ops verified together (a root's nest, not entering
 * isolated-from-above ops) with the last number in each op's nest, so most
 * dominance queries are answered without walking up from the user to the
 * definition's region (a walk as long as the nesting is deep).
 */
class NestOrder {
  // The pre-order number of each op; the last number of an op's nest is
  // `last[pre]` (one Map per unit instead of two, and no object per op).
  private readonly pre = new Map<Operation, number>();
  private readonly last: number[] = [];

  constructor(root: Operation) {
    let n = 0;
    // Iterative pre-order; an op's "last" is set when the walk leaves its
    // nest. A pushed op is entered; a pushed number closes that op's nest.
    const stack: (Operation | number)[] = [root];
    const pre = this.pre;
    const last = this.last;
    while (stack.length) {
      const top = stack.pop()!;
      if (typeof top === 'number') {
        last[top] = n - 1;
        continue;
      }
      const op = top;
      const p = n++;
      pre.set(op, p);
      last.push(p);
      if (op.regions.length === 0) continue;
      stack.push(p);
      if (op !== root && op.hasTrait(Traits.IsolatedFromAbove)) continue;
      for (let r = op.regions.length - 1; r >= 0; r--) {
        const blocks = op.regions[r].blocks;
        for (let b = blocks.length - 1; b >= 0; b--) for (let o = blocks[b].last; o; o = o.prev) stack.push(o);
      }
    }
  }

  /** Whether `user` is nested in `block` (in an op of it, at any depth); undefined when not numbered. */
  private inBlock(user: number, block: Block): boolean | undefined {
    if (!block.first) return false;
    const from = this.pre.get(block.first);
    const end = this.pre.get(block.last!);
    if (from === undefined || end === undefined) return undefined;
    const to = this.last[end];
    return from <= user && user <= to;
  }

  /**
   * DominanceInfo.valueDominates(value, user) when the user is nested in the
   * block defining the value (the answer then follows from the numbers);
   * undefined otherwise, for the caller to ask DominanceInfo.
   */
  valueDominates(value: Value, user: Operation): boolean | undefined {
    const u = this.pre.get(user);
    if (u === undefined) return undefined;
    const def = value.definingOp;
    if (!def) {
      const owner = (value as BlockArgument).owner;
      // A block argument is visible everywhere in its block's nest.
      return this.inBlock(u, owner) === true ? true : undefined;
    }
    const block = def.parentBlock;
    if (!block || def === user || isGraphRegionOwner(block.parent?.parentOp ?? null)) return undefined;
    const d = this.pre.get(def);
    if (d === undefined || this.inBlock(u, block) !== true) return undefined;
    // The user's ancestor in the block is the def itself (its own nest: not
    // dominated) or an op before or after it.
    if (d < u && u <= this.last[d]) return false;
    return d < u;
  }
}

/** No value used inside the op's regions may be defined outside it. */
function verifyIsolation(ctx: Context, op: Operation): boolean {
  // Whether a region is nested in `op`, remembered for every region passed on
  // the way up, so a use is not followed to the top once per operand.
  const inside = new Map<Region, boolean>();
  const isInside = (start: Region | null): boolean => {
    const path: Region[] = [];
    let result = false;
    for (let r: Region | null = start; r; r = r.parentOp?.parentRegion ?? null) {
      const known = inside.get(r);
      if (known !== undefined) {
        result = known;
        break;
      }
      path.push(r);
      if (r.parentOp === op) {
        result = true;
        break;
      }
    }
    for (const r of path) inside.set(r, result);
    return result;
  };
  const stack: Region[] = [...op.regions].reverse();
  while (stack.length) {
    const region = stack.pop()!;
    for (const block of region.blocks)
      for (let o = block.first; o; o = o.next) {
        for (let u = o.firstOperand; u !== null; u = o.operandAfter(u)) {
          const defRegion = u.value.parentBlock?.parent ?? null;
          if (defRegion === null) {
            emitError(ctx, o, "operation's operand is unlinked");
            return false;
          }
          if (defRegion !== region && !isInside(defRegion)) {
            const d = emitOpError(ctx, o, 'using value defined outside the region');
            d.attachNote('required by region isolation constraints', op.location);
            return false;
          }
        }
        if (o.regions.length && !o.hasTrait(Traits.IsolatedFromAbove)) for (let i = o.regions.length - 1; i >= 0; i--) stack.push(o.regions[i]);
      }
  }
  return true;
}

/** Verifies `op` and everything it contains. */
export function verify(ctx: Context, op: Operation): boolean {
  return new Verifier(ctx).verify(op);
}
