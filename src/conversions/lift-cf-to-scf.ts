// lift-cf-to-scf: lifts the CFG of every region in func.func ops to
// structured control flow (MLIR's CFGToSCF transformation with the
// ControlFlowToSCF interface), after Bahmann et al., "Perfect
// Reconstructability of Control Flow from Demand Dependence Graphs" (2015):
//  - all returns of one kind are first routed to a single exit block;
//  - every cycle (strongly connected component, found with Tarjan's algorithm
//    over successors in order) becomes a do-while `scf.while`: entries are
//    multiplexed into one header (a `cf.switch` on an i32 selector), back and
//    exit edges into one latch whose last argument says whether to repeat;
//    values defined in the loop and used after it become loop-carried;
//  - the first conditional branch of a region becomes `scf.if`
//    (`cf.cond_br`) or `scf.index_switch` (`cf.switch`) over the blocks each
//    edge dominates, the blocks where control meets again following it;
//  - new single-entry single-exit regions are processed the same way.
// Selector constants (`arith.constant N : i32`) and `ub.poison` for values
// a path does not define are created at the start of the region's entry.

import type { Type } from '../ir/attributes.js';
import { Builder } from '../ir/builder.js';
import { IndexType, IntegerType } from '../ir/builtin-types.js';
import { emitOpError, type Context } from '../ir/context.js';
import { Interfaces, getInterface, type BranchInterface } from '../ir/interfaces.js';
import type { Location } from '../ir/location.js';
import { Block, Region, type Operation, type Value } from '../ir/operation.js';
import { ConstantOp, IndexCastUIOp, TruncIOp } from '../dialects/arith/index.js';
import { CondBranchOp, SwitchOp } from '../dialects/cf/index.js';
import { FuncOp, ReturnOp } from '../dialects/func/index.js';
import { ConditionOp, IfOp, IndexSwitchOp, WhileOp, YieldOp } from '../dialects/scf/index.js';
import { PoisonOp } from '../dialects/ub/index.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { isMemoryEffectFree } from '../ir/side-effects.js';
import { DominanceInfo } from '../ir/dominance.js';
import type { OpOf } from '../ods/index.js';

class LiftFailure extends Error {}

// ---- edges

interface Edge {
  from: Block;
  index: number;
}

function branchOf(op: Operation): BranchInterface {
  return getInterface<BranchInterface>(op, Interfaces.Branch)!;
}
function succOf(e: Edge): Block {
  return e.from.last!.successor(e.index);
}
function setSucc(e: Edge, b: Block): void {
  e.from.last!.setSuccessor(e.index, b);
}
function succOperands(e: Edge): Value[] {
  const t = e.from.last!;
  return branchOf(t).getSuccessorOperands(t, e.index);
}
function setSuccOperands(e: Edge, values: readonly Value[]): void {
  const t = e.from.last!;
  branchOf(t).setSuccessorOperands!(t, e.index, values);
}
function appendSuccOperands(e: Edge, values: readonly Value[]): void {
  if (values.length) setSuccOperands(e, [...succOperands(e), ...values]);
}
function numSuccessors(b: Block): number {
  return b.last ? b.last.numSuccessors : 0;
}
function successorEdges(b: Block): Edge[] {
  const out: Edge[] = [];
  for (let i = 0; i < numSuccessors(b); i++) out.push({ from: b, index: i });
  return out;
}
/** Edges into `b`, in use-list order (MLIR's pred_begin .. pred_end). */
function predecessorEdges(b: Block): Edge[] {
  const out: Edge[] = [];
  for (let u = b.firstUse; u; u = u.nextUse) out.push({ from: u.owner.parentBlock!, index: u.index });
  return out;
}
function singlePredecessor(b: Block): Block | null {
  const u = b.firstUse;
  if (!u || u.nextUse) return null;
  return u.owner.parentBlock;
}
function insertBlockAfter(b: Block, after: Block): void {
  after.parent!.insertBlockAfter(b, after);
}
function insertBlockBefore(b: Block, before: Block): void {
  before.parent!.insertBlockBefore(b, before);
}
function addArgumentsFrom(b: Block, other: Block): void {
  for (const a of other.args) b.addArgument(a.type, a.location);
}
/** Moves the ops of `from` to the end of `to`. */
function spliceOps(to: Block, from: Block): void {
  for (let o = from.first; o; ) {
    const next = o.next;
    o.remove();
    to.append(o);
    o = next;
  }
}
function replaceBlockUses(from: Block, to: Block): void {
  while (from.firstUse) from.firstUse.set(to);
}
function locOf(v: Value): Location {
  const d = v.definingOp;
  return d ? d.location : (v as unknown as { location: Location }).location;
}

// ---- Tarjan's SCCs, lazily, over the live CFG (LLVM's scc_iterator)

class SCCIterator {
  private visitNum = 0;
  private readonly nums = new Map<Block, number>();
  private readonly nodeStack: Block[] = [];
  private readonly visitStack: { node: Block; next: number; min: number }[] = [];
  current: Block[] = [];
  constructor(entry: Block) {
    this.visitOne(entry);
    this.next();
  }
  get atEnd(): boolean {
    return this.current.length === 0;
  }
  hasCycle(): boolean {
    if (this.current.length > 1) return true;
    const n = this.current[0];
    return n.successors().includes(n);
  }
  private visitOne(n: Block): void {
    this.nums.set(n, ++this.visitNum);
    this.nodeStack.push(n);
    this.visitStack.push({ node: n, next: 0, min: this.visitNum });
  }
  private visitChildren(): void {
    for (;;) {
      const top = this.visitStack[this.visitStack.length - 1];
      if (top.next >= numSuccessors(top.node)) return;
      const child = top.node.last!.successor(top.next++);
      const v = this.nums.get(child);
      if (v === undefined) {
        this.visitOne(child);
        continue;
      }
      if (top.min > v) top.min = v;
    }
  }
  next(): void {
    this.current = [];
    while (this.visitStack.length) {
      this.visitChildren();
      const { node, min } = this.visitStack.pop()!;
      const parent = this.visitStack[this.visitStack.length - 1];
      if (parent && parent.min > min) parent.min = min;
      if (min !== this.nums.get(node)) continue;
      let n: Block;
      do {
        n = this.nodeStack.pop()!;
        this.current.push(n);
        this.nums.set(n, 0xffffffff);
      } while (n !== node);
      return;
    }
  }
}

// ---- the transformation

class Lifter {
  private readonly switchValues: Value[] = [];
  private readonly undefs = new Map<Type, Value>();
  private readonly exits: { key: string; op: Operation; block: Block }[] = [];
  readonly b: Builder;

  constructor(
    readonly ctx: Context,
    readonly region: Region,
    readonly dom: DominanceInfo,
  ) {
    this.b = new Builder(ctx);
  }

  private atEntryStart<T>(f: () => T): T {
    const saved = this.b.insertionPoint;
    this.b.setInsertionPointToStart(this.region.entry);
    const r = f();
    this.b.insertionPoint = saved;
    return r;
  }
  switchValue(v: number): Value {
    const c = this.switchValues[v];
    if (c) return c;
    return (this.switchValues[v] = this.atEntryStart(() => ConstantOp.int(this.b, v, IntegerType.get(32), this.region.parentOp!.location)));
  }
  undef(t: Type): Value {
    const c = this.undefs.get(t);
    if (c) return c;
    const v = this.atEntryStart(() => this.poison(t));
    this.undefs.set(t, v);
    return v;
  }
  private poison(t: Type): Value {
    return PoisonOp.result(PoisonOp.build(this.b, { result: t, location: this.region.parentOp!.location }));
  }

  /** A `cf.switch` at the builder's insertion point. */
  private cfgSwitch(flag: Value, caseValues: readonly number[], dests: readonly Block[], args: readonly (readonly Value[])[], defaultDest: Block, defaultArgs: readonly Value[], loc?: Location): void {
    SwitchOp.create(
      this.b,
      flag,
      defaultDest,
      defaultArgs,
      caseValues.map(BigInt),
      dests,
      args,
      loc,
    );
  }

  // -- multiplexers

  multiplexer(entryBlocks: readonly Block[], extraArgs: readonly Type[] = [], loc?: Location): Multiplexer {
    const block = new Block();
    insertBlockAfter(block, entryBlocks[0]);
    const mapping = new Map<Block, number>();
    for (const e of entryBlocks)
      if (!mapping.has(e)) {
        mapping.set(e, block.args.length);
        addArgumentsFrom(block, e);
      }
    let discriminator: Value | undefined;
    const l = loc ?? this.region.parentOp!.location;
    if (mapping.size > 1) discriminator = block.addArgument(this.switchValue(0).type, l);
    for (const t of extraArgs) block.addArgument(t, l);
    return new Multiplexer(this, block, mapping, discriminator);
  }

  createSwitchFor(m: Multiplexer, excluded: ReadonlySet<Block> = new Set(), loc?: Location): void {
    const caseValues: number[] = [];
    const caseArgs: Value[][] = [];
    const dests: Block[] = [];
    let index = 0;
    for (const [succ, offset] of m.mapping) {
      const i = index++;
      if (excluded.has(succ)) continue;
      caseValues.push(i);
      caseArgs.push(m.block.args.slice(offset, offset + succ.args.length));
      dests.push(succ);
    }
    let flag = m.discriminator;
    if (!flag || caseArgs.length === 1) flag = this.switchValue(0);
    caseValues.pop();
    const defaultDest = dests.pop()!;
    const defaultArgs = caseArgs.pop()!;
    this.cfgSwitch(flag, caseValues, dests, caseArgs, defaultDest, defaultArgs, loc);
  }

  singleEntryBlock(entryEdges: readonly Edge[], loc?: Location): Multiplexer {
    const m = this.multiplexer(entryEdges.map(succOf), [], loc);
    for (const e of entryEdges) m.redirect(e);
    this.b.setInsertionPointToStart(m.block);
    this.createSwitchFor(m, new Set(), loc);
    return m;
  }

  // -- return-like exits

  private exitKey(op: Operation): string {
    const attrs = [...op.propertiesView, ...op.attributesView].map(([k, v]) => `${k}=${v.key}`).join(',');
    return `${op.name.name}|${op.operands.map((v) => v.type.key).join(',')}|${op.resultTypes.map((t) => t.key).join(',')}|${attrs}`;
  }
  combineExit(ret: Operation): void {
    const key = this.exitKey(ret);
    const existing = this.exits.find((x) => x.key === key);
    if (existing && existing.op === ret) return;
    let exitBlock: Block;
    if (!existing) {
      exitBlock = new Block();
      this.region.pushBlock(exitBlock);
      for (const v of ret.operands) exitBlock.addArgument(v.type, ret.location);
      this.exits.push({ key, op: ret, block: exitBlock });
    } else exitBlock = existing.block;
    const flag = this.switchValue(0);
    this.b.setInsertionPointBefore(ret);
    this.cfgSwitch(flag, [], [], [], exitBlock, ret.operands, ret.location);
    if (existing) {
      ret.erase();
      return;
    }
    ret.remove();
    exitBlock.append(ret);
    ret.setOperands(exitBlock.args);
  }

  // -- cycles

  private cycleEdges(cycle: ReadonlySet<Block>): { entry: Edge[]; exit: Edge[]; back: Edge[] } {
    const entry: Edge[] = [];
    const exit: Edge[] = [];
    const back: Edge[] = [];
    const entryBlocks = new Set<Block>();
    for (const b of cycle) {
      for (const e of predecessorEdges(b)) {
        if (cycle.has(e.from)) continue;
        entry.push(e);
        entryBlocks.add(b);
      }
      for (const e of successorEdges(b)) if (!cycle.has(succOf(e))) exit.push(e);
    }
    for (const b of cycle) for (const e of successorEdges(b)) if (entryBlocks.has(succOf(e))) back.push(e);
    return { entry, exit, back };
  }

  private singleExitingLatch(backEdges: readonly Edge[], exitEdges: readonly Edge[], loc: Location): { latch: Block; condition: Value; exitBlock: Block } {
    const succs = [...backEdges.map(succOf), ...exitEdges.map(succOf)];
    const m = this.multiplexer(succs, [this.switchValue(0).type], loc);
    const latch = m.block;
    const exitBlock = new Block();
    insertBlockAfter(exitBlock, latch);
    const header = succOf(backEdges[0]);
    for (const e of backEdges) m.redirect(e, [this.switchValue(1)]);
    for (const e of exitEdges) m.redirect(e, [this.switchValue(0)]);
    const shouldRepeat = latch.args[latch.args.length - 1];
    // A conditional branch as a switch: case 0 leaves, anything else repeats.
    this.b.setInsertionPointToStart(latch);
    this.cfgSwitch(shouldRepeat, [0], [exitBlock], [[]], header, latch.args.slice(0, header.args.length), loc);
    this.b.setInsertionPointToStart(exitBlock);
    if (exitEdges.length) this.createSwitchFor(m, new Set([header]), loc);
    else {
      // An infinite loop: the region needs a terminator after it.
      const fn = this.region.parentOp!;
      if (!FuncOp.isa(fn)) {
        this.ctx.diagnostics.emit('error', loc, `Cannot create unreachable terminator for '${fn.name.name}'`);
        throw new LiftFailure();
      }
      const values = FuncOp.function_type(fn).results.map((t) => this.poison(t));
      const ret = ReturnOp.build(this.b, { operands: values, location: loc });
      this.combineExit(ret);
    }
    return { latch, condition: shouldRepeat, exitBlock };
  }

  /** Makes the loop's exit take every loop-carried value and every value defined in the loop and used after it. */
  private reduceLoop(header: Block, exitBlock: Block, loopBlocks: ReadonlySet<Block>): Value[] {
    const latch = singlePredecessor(exitBlock)!;
    let headerIdx = 0;
    let exitIdx = 1;
    if (latch.last!.successor(headerIdx) !== header) [headerIdx, exitIdx] = [exitIdx, headerIdx];
    const exitEdge: Edge = { from: latch, index: exitIdx };
    const headerEdge: Edge = { from: latch, index: headerIdx };
    const headerSuccOps = succOperands(headerEdge);
    for (const arg of headerSuccOps) {
      const exitArg = exitBlock.addArgument(arg.type, locOf(arg));
      appendSuccOperands(exitEdge, [arg]);
      arg.replaceUsesWithIf(exitArg, (use) => !loopBlocks.has(use.owner.parentBlock!));
    }
    const latchArgsPrior = [...latch.args];
    const headerArgsPrior = [...header.args];
    for (const loopBlock of loopBlocks) {
      const cache = new Map<Block, boolean>();
      const dominates = (b: Block): boolean => {
        let r = cache.get(b);
        if (r === undefined) cache.set(b, (r = this.dom.dominates(loopBlock, b)));
        return r;
      };
      const check = (value: Value): void => {
        let blockArgument: Value | undefined;
        for (const use of [...value.uses()]) {
          if (loopBlocks.has(use.owner.parentBlock!)) continue;
          if (!blockArgument) {
            blockArgument = exitBlock.addArgument(value.type, locOf(value));
            header.addArgument(value.type, locOf(value));
            let argument: Value = value;
            if (value.parentBlock !== latch && latch.predecessors().some((p) => !dominates(p))) {
              argument = latch.addArgument(value.type, locOf(value));
              for (const e of predecessorEdges(latch)) appendSuccOperands(e, [dominates(e.from) ? value : this.undef(value.type)]);
            }
            headerSuccOps.push(argument);
            for (const e of successorEdges(latch)) appendSuccOperands(e, [argument]);
          }
          use.set(blockArgument);
        }
      };
      if (loopBlock === latch) latchArgsPrior.forEach(check);
      else if (loopBlock === header) headerArgsPrior.forEach(check);
      else loopBlock.args.forEach(check);
      for (let op = loopBlock.first; op; op = op.next) op.results.forEach(check);
    }
    for (const e of predecessorEdges(header)) {
      if (e.from === latch) continue;
      const n = succOperands(e).length;
      appendSuccOperands(
        e,
        header.args.slice(n).map((a) => this.undef(a.type)),
      );
    }
    return headerSuccOps;
  }

  transformCycles(regionEntry: Block): Block[] {
    const newSubRegions: Block[] = [];
    const scc = new SCCIterator(regionEntry);
    while (!scc.atEnd) {
      if (!scc.hasCycle()) {
        scc.next();
        continue;
      }
      const cycle = new Set(scc.current);
      scc.next();
      const edges = this.cycleEdges(cycle);
      let header = succOf(edges.entry[0]);
      if (edges.entry.length > 1) header = this.singleEntryBlock([...edges.entry, ...edges.back], header.last!.location).block;
      cycle.add(header);
      const { latch, condition, exitBlock } = this.singleExitingLatch(edges.back, edges.exit, edges.back[0].from.last!.location);
      cycle.add(latch);
      cycle.add(header);
      const iterationValues = this.reduceLoop(header, exitBlock, cycle);
      const parentBlock = new Block();
      insertBlockBefore(parentBlock, header);
      addArgumentsFrom(parentBlock, header);
      const blocks = regionEntry.parent!;
      const body = new Region();
      const move = (b: Block): void => {
        blocks.removeBlock(b);
        body.pushBlock(b);
      };
      move(header);
      for (const b of cycle) if (b !== latch && b !== header) move(b);
      move(latch);
      const oldTerm = latch.last!;
      oldTerm.remove();
      this.b.setInsertionPointToStart(parentBlock);
      const whileOp = this.doWhile(oldTerm.location, parentBlock.args, condition, iterationValues, body);
      oldTerm.dropAllReferences();
      newSubRegions.push(header);
      exitBlock.args.forEach((a, i) => a.replaceAllUsesWith(whileOp.result(i)));
      replaceBlockUses(header, parentBlock);
      spliceOps(parentBlock, exitBlock);
      exitBlock.parent!.removeBlock(exitBlock);
    }
    return newSubRegions;
  }

  private doWhile(loc: Location, inits: readonly Value[], condition: Value, next: readonly Value[], body: Region): Operation {
    const types = inits.map((v) => v.type);
    const op = WhileOp.build(this.b, { inits, results: types, location: loc });
    const before = WhileOp.before(op);
    before.takeBody(body);
    const b = new Builder(this.ctx);
    b.setInsertionPointToEnd(before.blocks[before.blocks.length - 1]);
    const t = TruncIOp.build(b, { in: condition, out: IntegerType.get(1), location: loc });
    ConditionOp.build(b, { condition: TruncIOp.out(t), args: next, location: loc });
    const after = b.createBlock(WhileOp.after(op));
    for (const ty of types) after.addArgument(ty, loc);
    YieldOp.build(b, { results: after.args, location: loc });
    return op;
  }

  // -- conditional branches

  private singleExitBranchRegion(branchRegion: readonly Block[], continuation: Block, createdEmpty: [Block, Value[]][], target: Region): void {
    let singleExit: Block | undefined;
    let previous: Edge | undefined;
    for (const block of branchRegion) {
      for (const e of successorEdges(block)) {
        if (succOf(e) !== continuation) continue;
        if (!previous) {
          previous = e;
          continue;
        }
        if (!singleExit) {
          singleExit = new Block();
          addArgumentsFrom(singleExit, continuation);
          setSucc(previous, singleExit);
          createdEmpty.push([singleExit, [...singleExit.args]]);
        }
        setSucc(e, singleExit);
      }
      block.parent!.removeBlock(block);
      target.pushBlock(block);
    }
    if (singleExit) target.pushBlock(singleExit);
  }

  transformBranches(regionEntry: Block): Block[] {
    const n = numSuccessors(regionEntry);
    if (n === 0) return [];
    if (n === 1) {
      const succ = regionEntry.last!.successor(0);
      const ops = succOperands({ from: regionEntry, index: 0 });
      succ.args.forEach((a, i) => a.replaceAllUsesWith(ops[i]));
      regionEntry.last!.erase();
      spliceOps(regionEntry, succ);
      succ.parent!.removeBlock(succ);
      return [regionEntry];
    }
    const notContinuation = new Set<Block>([regionEntry]);
    const branchRegions: Block[][] = [];
    for (let i = 0; i < n; i++) {
      const list: Block[] = [];
      branchRegions.push(list);
      const succ = regionEntry.last!.successor(i);
      if (singlePredecessor(succ) !== regionEntry) continue;
      for (const b of this.dom.dominated(succ)) {
        list.push(b);
        notContinuation.add(b);
      }
    }
    const continuationEdges: Edge[] = [];
    let postDominatesAll = true;
    let noContinuationEdge = true;
    for (let i = 0; i < n; i++) {
      const region = branchRegions[i];
      if (!region.length) {
        continuationEdges.push({ from: regionEntry, index: i });
        noContinuationEdge = false;
        continue;
      }
      for (const block of region) {
        if (numSuccessors(block) === 0) {
          postDominatesAll = false;
          continuationEdges.push(...predecessorEdges(block));
          continue;
        }
        for (const e of successorEdges(block)) {
          if (notContinuation.has(succOf(e))) continue;
          continuationEdges.push(e);
          noContinuationEdge = false;
        }
      }
    }
    if (noContinuationEdge) return regionEntry.last!.successors;
    let continuation: Block | undefined = succOf(continuationEdges[0]);
    if (continuationEdges.some((e) => succOf(e) !== continuation)) continuation = undefined;
    if (!continuation || !postDominatesAll) continuation = this.singleEntryBlock(continuationEdges, continuationEdges[0].from.last!.location).block;
    if (!postDominatesAll) {
      this.dom.invalidate(regionEntry.parent!);
      return [regionEntry];
    }
    const newSubRegions: Block[] = [];
    const createdEmpty: [Block, Value[]][] = [];
    const regions = branchRegions.map(() => new Region());
    for (let i = 0; i < n; i++) {
      const edge: Edge = { from: regionEntry, index: i };
      if (!branchRegions[i].length) {
        const b = new Block();
        createdEmpty.push([b, succOperands(edge)]);
        regions[i].pushBlock(b);
        continue;
      }
      this.singleExitBranchRegion(branchRegions[i], continuation, createdEmpty, regions[i]);
      const entry = regions[i].entry;
      const ops = succOperands(edge);
      entry.args.forEach((a, k) => a.replaceAllUsesWith(ops[k]));
      for (let k = entry.args.length - 1; k >= 0; k--) entry.eraseArgument(k);
      newSubRegions.push(entry);
    }
    const term = regionEntry.last!;
    this.b.setInsertionPointBefore(term);
    const structured = this.branchRegionOp(term, continuation.args.map((a) => a.type), regions);
    term.erase();
    for (const [block, values] of createdEmpty) {
      this.b.setInsertionPointToEnd(block);
      YieldOp.build(this.b, { results: values, location: structured.location });
    }
    for (let u = continuation.firstUse; u; u = continuation.firstUse) {
      const user = u.owner;
      const values = succOperands({ from: user.parentBlock!, index: 0 });
      this.b.setInsertionPointBefore(user);
      YieldOp.build(this.b, { results: values, location: user.location });
      user.erase();
    }
    continuation.args.forEach((a, i) => a.replaceAllUsesWith(structured.result(i)));
    spliceOps(regionEntry, continuation);
    continuation.parent!.removeBlock(continuation);
    newSubRegions.push(regionEntry);
    return newSubRegions;
  }

  private branchRegionOp(term: Operation, types: readonly Type[], regions: Region[]): Operation {
    if (CondBranchOp.isa(term)) {
      const op = IfOp.build(this.b, { condition: CondBranchOp.condition(term), results: types, location: term.location });
      IfOp.thenRegion(op).takeBody(regions[0]);
      IfOp.elseRegion(op).takeBody(regions[1]);
      return op;
    }
    if (SwitchOp.isa(term)) {
      const flag = SwitchOp.flag(term);
      const cast = IndexCastUIOp.build(this.b, { in: flag, out: IndexType.get(), location: term.location });
      const width = (flag.type as IntegerType).width;
      const cases = (SwitchOp.case_values(term) ?? []).map((v) => BigInt.asIntN(64, BigInt.asUintN(width, BigInt(v))));
      // cf.switch's successors are the default, then the cases; so are the regions built for them.
      const op = IndexSwitchOp.build(this.b, { arg: IndexCastUIOp.out(cast), results: types, cases, caseRegions: cases.length, location: term.location });
      IndexSwitchOp.defaultRegion(op).takeBody(regions[0]);
      IndexSwitchOp.caseRegions(op).forEach((r, i) => r.takeBody(regions[i + 1]));
      return op;
    }
    emitOpError(this.ctx, term, 'Cannot convert unknown control flow op to structured control flow');
    throw new LiftFailure();
  }
}

class Multiplexer {
  constructor(
    readonly lifter: Lifter,
    readonly block: Block,
    readonly mapping: Map<Block, number>,
    readonly discriminator: Value | undefined,
  ) {}
  redirect(e: Edge, extra: readonly Value[] = []): void {
    const succ = succOf(e);
    const offset = this.mapping.get(succ)!;
    const position = [...this.mapping.keys()].indexOf(succ);
    const operands = succOperands(e);
    const args = this.block.args;
    const extraBegin = args.length - extra.length;
    const discIndex = this.discriminator ? extraBegin - 1 : -1;
    const values = args.map((a, i) => {
      if (i >= offset && i < offset + succ.args.length) return operands[i - offset];
      if (i === discIndex) return this.lifter.switchValue(position);
      if (i >= extraBegin) return extra[i - extraBegin];
      return this.lifter.undef(a.type);
    });
    setSucc(e, this.block);
    setSuccOperands(e, values);
  }
}

function checkPreconditions(ctx: Context, region: Region): boolean {
  for (const b of region.blocks)
    if (!b.hasPredecessors && !b.isEntryBlock) {
      emitOpError(ctx, b.first!, 'transformation does not support unreachable blocks');
      return false;
    }
  let ok = true;
  const visit = (op: Operation): boolean => {
    if (!op.numSuccessors) return true;
    const br = getInterface<BranchInterface>(op, Interfaces.Branch);
    if (!br || !br.setSuccessorOperands) {
      emitOpError(ctx, op, 'transformation does not support terminators with successors not implementing BranchOpInterface');
      return false;
    }
    if (!isMemoryEffectFree(op)) {
      emitOpError(ctx, op, 'transformation does not support terminators with side effects');
      return false;
    }
    return true;
  };
  for (const block of region.blocks)
    for (let op = block.first; op && ok; op = op.next) {
      op.walk((o) => {
        if (!ok) return 'interrupt';
        if (!visit(o)) ok = false;
      }, 'pre');
    }
  return ok;
}

/** MLIR's transformCFGToSCF on one region; false when there was nothing to do. */
export function liftRegion(ctx: Context, region: Region, dom: DominanceInfo): boolean {
  if (region.empty || region.blocks.length === 1) return false;
  if (!checkPreconditions(ctx, region)) throw new LiftFailure();
  const lifter = new Lifter(ctx, region, dom);
  for (let i = 0; i < region.blocks.length; i++) {
    const block = region.blocks[i];
    if (numSuccessors(block) !== 0) continue;
    lifter.combineExit(block.last!);
  }
  dom.invalidate(region);
  const work: Block[] = [region.entry];
  while (work.length) {
    const current = work.pop()!;
    const loops = lifter.transformCycles(current);
    work.push(...loops);
    if (loops.length) dom.invalidate(current.parent!);
    work.push(...lifter.transformBranches(current));
  }
  return true;
}

export const LiftControlFlowToSCFInfo: PassInfo = {
  argument: 'lift-cf-to-scf',
  name: 'LiftControlFlowToSCFPass',
  description: 'Lift ControlFlow dialect to SCF dialect',
  create: () => new LiftControlFlowToSCF(),
};

class LiftControlFlowToSCF extends Pass {
  constructor() {
    super(LiftControlFlowToSCFInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const funcs: OpOf<typeof FuncOp>[] = [];
    root.walk((op) => {
      if (FuncOp.isa(op)) funcs.push(op);
    });
    let changed = false;
    try {
      for (const fn of funcs) {
        if (FuncOp.isExternal(fn)) continue;
        const dom = new DominanceInfo();
        const ops: Operation[] = [];
        fn.walk((op) => void ops.push(op));
        for (const op of ops) for (const r of op.regions) changed = liftRegion(run.ctx, r, dom) || changed;
      }
    } catch (e) {
      if (e instanceof LiftFailure) return run.signalPassFailure();
      throw e;
    }
    if (!changed) run.markAllAnalysesPreserved();
  }
}

