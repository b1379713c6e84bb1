// scf canonicalization patterns and folders (MLIR 22's SCF.cpp), keyed by op
// name, plus the RegionBranchOpInterface cleanups MLIR 22 registers for
// scf.execute_region, scf.for, scf.if, scf.index_switch and scf.while
// (dead/forwarded/duplicate successor inputs).

import type { FoldResult } from '../../ir/context.js';
import type { Attribute, Type } from '../../ir/attributes.js';
import { DenseArrayAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { IndexType, IntegerType } from '../../ir/builtin-types.js';
import { Interfaces, getInterface, type RegionBranchInterface, type RegionBranchTerminatorInterface, type RegionSuccessor } from '../../ir/interfaces.js';
import type { Location } from '../../ir/location.js';
import { Block, BlockArgument, OpResult, Operation, type OpOperand, type Region, type Value } from '../../ir/operation.js';
import { matchConstant } from '../../ir/matchers.js';
import { legacyPattern, type PatternRewriter, type RewritePattern } from '../../ir/pattern.js';
import { IRMapping, cloneOp } from '../../transforms/clone.js';

// ---- helpers

const i1 = (): IntegerType => IntegerType.get(1);

function boolConst(v: Value): boolean | undefined {
  const c = matchConstant(v);
  if (c instanceof IntegerAttr && c.type instanceof IntegerType && c.type.width === 1) return c.value !== 0n;
  return undefined;
}

function intConst(v: Value): bigint | undefined {
  const c = matchConstant(v);
  return c instanceof IntegerAttr ? c.value : undefined;
}

function isOneConst(v: Value): boolean {
  const c = matchConstant(v);
  if (!(c instanceof IntegerAttr)) return false;
  const t = c.type;
  const w = t instanceof IntegerType ? t.width : 64;
  return BigInt.asUintN(w, c.value) === 1n;
}

/** Inlines the single block of `region` before `op` and replaces `op` with what its terminator yields. */
function replaceOpWithRegion(rewriter: PatternRewriter, op: Operation, region: Region, blockArgs: readonly Value[] = []): void {
  const block = region.entry;
  const terminator = block.last!;
  rewriter.inlineBlockBefore(block, op.parentBlock!, op, blockArgs);
  // Read after inlining: yielded block arguments are replaced by then.
  const results = terminator.operands;
  rewriter.replaceOp(op, results);
  rewriter.eraseOp(terminator);
}

/** A detached op built without notifying anyone (MLIR's ensureTerminator uses a listener-less builder). */
function detached(rewriter: PatternRewriter, name: string, operands: readonly Value[], loc: Location): Operation {
  const ip = rewriter.insertionPoint;
  const l = rewriter.listener;
  rewriter.insertionPoint = null;
  rewriter.listener = {};
  const op = rewriter.create(name, { operands, location: loc });
  rewriter.insertionPoint = ip;
  rewriter.listener = l;
  return op;
}

function createYield(rewriter: PatternRewriter, operands: readonly Value[], loc: Location): Operation {
  return rewriter.create('scf.yield', { operands, location: loc });
}

/** `IfOp::build(resultTypes, cond, withElseRegion)`: then block (and else block), with yields when there are no results. */
function createIf(rewriter: PatternRewriter, types: readonly Type[], cond: Value, withElse: boolean, loc: Location): Operation {
  const ip = rewriter.insertionPoint;
  const op = new Operation({ name: rewriter.ctx.getOperationName('scf.if'), location: loc, operands: [cond], resultTypes: types, regions: 2 });
  const thenBlock = new Block();
  op.regions[0].pushBlock(thenBlock);
  rewriter.listener.notifyBlockInserted?.(thenBlock);
  if (!types.length) thenBlock.append(detached(rewriter, 'scf.yield', [], loc));
  if (withElse) {
    const elseBlock = new Block();
    op.regions[1].pushBlock(elseBlock);
    rewriter.listener.notifyBlockInserted?.(elseBlock);
    if (!types.length) elseBlock.append(detached(rewriter, 'scf.yield', [], loc));
  }
  rewriter.insertionPoint = ip;
  return rewriter.insert(op);
}

/** An op like `op` (name, operands, attributes) with empty regions, inserted at the insertion point. */
function cloneWithoutRegions(rewriter: PatternRewriter, op: Operation, resultTypes: readonly Type[] = op.resultTypes, operands: readonly Value[] = op.operands): Operation {
  const copy = new Operation({
    name: op.name,
    location: op.location,
    operands,
    resultTypes,
    properties: new Map(op.propertiesView),
    attributes: new Map(op.attributesView),
    successors: op.successors,
    regions: op.regions.length,
  });
  return rewriter.insert(copy);
}

function createBlockWithArgs(rewriter: PatternRewriter, region: Region, types: readonly Type[], locs: readonly Location[]): Block {
  const b = new Block();
  region.pushBlock(b);
  types.forEach((t, i) => b.addArgument(t, locs[i]));
  rewriter.listener.notifyBlockInserted?.(b);
  return b;
}

function createConstantBool(rewriter: PatternRewriter, value: boolean, loc: Location): Value {
  return rewriter.create('arith.constant', { results: [i1()], attributes: { value: IntegerAttr.get(i1(), value ? 1n : 0n) }, location: loc }).result(0);
}

function createConstantIndex(rewriter: PatternRewriter, value: bigint, loc: Location): Value {
  const t = IndexType.get();
  return rewriter.create('arith.constant', { results: [t], attributes: { value: IntegerAttr.get(t, value) }, location: loc }).result(0);
}

function isAncestorRegion(ancestor: Region, op: Operation): boolean {
  const r = op.parentRegion;
  return r !== null && ancestor.isAncestorOf(r);
}

/** Whether the value is defined in `region` (directly: as an argument or by an op of its blocks). */
function definedInRegion(v: Value, region: Region): boolean {
  const b = v.parentBlock;
  return b !== null && b.parent === region;
}

function isDefinedOutside(op: Operation, v: Value): boolean {
  const b = v.parentBlock;
  if (!b) return true;
  const owner = b.parentOp;
  for (let o: Operation | null = owner; o; o = o.parentOp) if (o === op) return false;
  return true;
}

function segSizes(op: Operation, name = 'operandSegmentSizes'): number[] {
  const a = op.propertiesView.get(name);
  return a instanceof DenseArrayAttr ? a.values.map(Number) : [];
}

// ---- RegionBranchOpInterface canonicalizations

interface SuccessorEdge {
  operands: OpOperand[];
  inputs: Value[];
}

function regionBranch(op: Operation): RegionBranchInterface | undefined {
  return getInterface<RegionBranchInterface>(op, Interfaces.RegionBranch);
}

/** Every (successor operand, successor input) edge of the op, in MLIR's branch-point order. */
function successorEdges(op: Operation): SuccessorEdge[] {
  const rb = regionBranch(op)!;
  const edges: SuccessorEdge[] = [];
  const add = (owner: Operation, values: readonly Value[], succ: RegionSuccessor): void => {
    const start = owner.numOperands - values.length;
    const operands = owner.operandList.slice(start, start + values.length);
    edges.push({ operands, inputs: [...succ.inputs] });
  };
  for (const succ of rb.getSuccessorRegions(op, 'parent')) add(op, rb.getEntrySuccessorOperands(op, succ), succ);
  op.regions.forEach((region, ri) => {
    for (const block of region.blocks) {
      const term = block.last;
      if (!term) continue;
      const ti = getInterface<RegionBranchTerminatorInterface>(term, Interfaces.RegionBranchTerminator);
      if (!ti) continue;
      for (const succ of rb.getSuccessorRegions(op, ri)) add(term, ti.getSuccessorOperands(term, succ), succ);
    }
  });
  return edges;
}

/** operand -> inputs (insertion ordered). */
function operandToInputs(op: Operation): Map<OpOperand, Value[]> {
  const m = new Map<OpOperand, Value[]>();
  for (const e of successorEdges(op)) {
    e.operands.forEach((operand, i) => {
      let l = m.get(operand);
      if (!l) m.set(operand, (l = []));
      l.push(e.inputs[i]);
    });
  }
  return m;
}

function invert(m: Map<OpOperand, Value[]>): Map<Value, OpOperand[]> {
  const out = new Map<Value, OpOperand[]>();
  for (const [operand, inputs] of m)
    for (const input of inputs) {
      let l = out.get(input);
      if (!l) out.set(input, (l = []));
      l.push(operand);
    }
  return out;
}

function reachableValues(value: Value, inputToOperands: Map<Value, OpOperand[]>, max?: number): Set<Value> | undefined {
  const result = new Set<Value>();
  const visited = new Set<Value>();
  const worklist = [value];
  while (worklist.length) {
    const next = worklist.pop()!;
    const ops = inputToOperands.get(next);
    if (!ops) {
      result.add(next);
      if (max !== undefined && result.size > max) return undefined;
      continue;
    }
    for (const o of ops)
      if (!visited.has(o.value)) {
        visited.add(o.value);
        worklist.push(o.value);
      }
  }
  return result;
}

function parentRegionOf(v: Value): Region | null {
  const b = v.parentBlock;
  return b ? b.parent : null;
}

function isDefinedBefore(op: Operation, a: Value, b: Value): boolean {
  const ra = parentRegionOf(a);
  if (ra && ra.parentOp === op) {
    if (b instanceof OpResult) return false;
    return a instanceof BlockArgument && b instanceof BlockArgument && a.owner === b.owner;
  }
  return true;
}

const makeSuccessorInputsDead = (root: string): RewritePattern =>
  legacyPattern(
    root,
    (op, rewriter) => {
      const inputToOperands = invert(operandToInputs(op));
      let changed = false;
      for (const value of inputToOperands.keys()) {
        if (!value.hasUses) continue;
        const reach = reachableValues(value, inputToOperands, 1);
        if (!reach || reach.size === 0) continue;
        const repl = [...reach][0];
        if (!isDefinedBefore(op, repl, value)) continue;
        rewriter.replaceAllUsesWith(value, repl);
        changed = true;
      }
      return changed;
    },
    { name: 'MakeRegionBranchOpSuccessorInputsDead' },
  );

const removeDuplicateSuccessorInputUses = (root: string): RewritePattern =>
  legacyPattern(
    root,
    (op, rewriter) => {
      const inputToOperands = invert(operandToInputs(op));
      const num = (v: Value): number => (v instanceof OpResult ? v.index : (v as BlockArgument).index);
      const inputs = [...inputToOperands.keys()].sort((a, b) => num(a) - num(b));
      const canonical = new Map<string, Value>();
      const ids = new Map<unknown, number>();
      const id = (x: unknown): number => {
        let i = ids.get(x);
        if (i === undefined) ids.set(x, (i = ids.size));
        return i;
      };
      let changed = false;
      for (const input of inputs) {
        const sig = inputToOperands
          .get(input)!
          .map((o) => [id(o.owner), id(o.value)] as const)
          .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        const owner = input instanceof OpResult ? input.owner : (input as BlockArgument).owner;
        const key = `${id(owner)}|${sig.map((x) => `${x[0]}:${x[1]}`).join(',')}`;
        const c = canonical.get(key);
        if (!c) {
          canonical.set(key, input);
          continue;
        }
        if (!input.hasUses) continue;
        rewriter.replaceAllUsesWith(input, c);
        changed = true;
      }
      return changed;
    },
    { name: 'RemoveDuplicateSuccessorInputUses' },
  );

/** Replaces `op` by a copy without the results in `erase` (RewriterBase::eraseOpResults). */
export function eraseOpResults(rewriter: PatternRewriter, op: Operation, erase: readonly boolean[]): Operation {
  rewriter.setInsertionPointBefore(op);
  const kept = op.results.filter((_, i) => !erase[i]);
  const newOp = cloneWithoutRegions(
    rewriter,
    op,
    kept.map((r) => r.type),
  );
  op.regions.forEach((r, i) => rewriter.inlineRegionBefore(r, newOp.regions[i], null));
  let j = 0;
  const repl = op.results.map((_, i) => (erase[i] ? null : newOp.result(j++)));
  rewriter.replaceOp(op, repl);
  return newOp;
}

class UnionFind {
  private readonly parent = new Map<Value, Value>();
  readonly order: Value[] = [];
  insert(v: Value): void {
    if (!this.parent.has(v)) {
      this.parent.set(v, v);
      this.order.push(v);
    }
  }
  find(v: Value): Value {
    let r = v;
    while (this.parent.get(r) !== r) r = this.parent.get(r)!;
    return r;
  }
  union(a: Value, b: Value): void {
    this.insert(a);
    this.insert(b);
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(rb, ra);
  }
}

const removeDeadSuccessorInputs = (root: string): RewritePattern =>
  legacyPattern(
    root,
    (op, rewriter) => {
      const o2i = operandToInputs(op);
      const uf = new UnionFind();
      for (const inputs of o2i.values()) {
        uf.insert(inputs[0]);
        for (const x of inputs.slice(1)) uf.union(inputs[0], x);
      }
      const groups = new Map<Value, Value[]>();
      for (const v of uf.order) {
        const r = uf.find(v);
        let g = groups.get(r);
        if (!g) groups.set(r, (g = []));
        g.push(v);
      }
      const toRemove: Value[] = [];
      for (const g of groups.values()) if (g.every((v) => !v.hasUses)) toRemove.push(...g);
      if (!toRemove.length) return false;
      const removeSet = new Set(toRemove);
      const i2o = invert(o2i);
      const operandsToRemove = new Map<Operation, Set<number>>();
      for (const v of toRemove)
        for (const operand of i2o.get(v) ?? []) {
          let s = operandsToRemove.get(operand.owner);
          if (!s) operandsToRemove.set(operand.owner, (s = new Set()));
          s.add(operand.index);
        }
      for (const [owner, idx] of operandsToRemove) {
        rewriter.modifyOpInPlace(owner, () => {
          const sorted = [...idx].sort((a, b) => b - a);
          const segs = segSizes(owner);
          for (const i of sorted) {
            owner.eraseOperand(i);
            if (segs.length) {
              let acc = 0;
              for (let k = 0; k < segs.length; k++) {
                if (i < acc + segs[k]) {
                  segs[k]--;
                  break;
                }
                acc += segs[k];
              }
            }
          }
          if (segs.length) owner.properties.set('operandSegmentSizes', DenseArrayAttr.get(IntegerType.get(32), segs.map(BigInt)));
        });
      }
      const blocks = new Map<Block, number[]>();
      for (const v of toRemove)
        if (v instanceof BlockArgument) {
          let l = blocks.get(v.owner);
          if (!l) blocks.set(v.owner, (l = []));
          l.push(v.index);
        }
      for (const [block, idx] of blocks)
        rewriter.modifyOpInPlace(block.parentOp!, () => {
          for (const i of [...idx].sort((a, b) => b - a)) block.eraseArgument(i);
        });
      const erase = op.results.map((r) => removeSet.has(r));
      if (erase.some((x) => x)) eraseOpResults(rewriter, op, erase);
      return true;
    },
    { name: 'RemoveDeadRegionBranchOpSuccessorInputs' },
  );

function regionBranchPatterns(root: string): RewritePattern[] {
  return [makeSuccessorInputsDead(root), removeDuplicateSuccessorInputUses(root), removeDeadSuccessorInputs(root)];
}

// ---- scf.execute_region

const singleBlockExecuteInliner = legacyPattern(
  'scf.execute_region',
  (op, rewriter) => {
    if (op.propertiesView.has('no_inline')) return false;
    if (op.regions[0].blocks.length !== 1) return false;
    replaceOpWithRegion(rewriter, op, op.regions[0]);
    return true;
  },
  { name: 'SingleBlockExecuteInliner' },
);

const FUNCTION_LIKE = new Set(['func.func', 'scf.execute_region']);

const multiBlockExecuteInliner = legacyPattern(
  'scf.execute_region',
  (op, rewriter) => {
    if (op.propertiesView.has('no_inline')) return false;
    const parent = op.parentOp;
    if (!parent || !FUNCTION_LIKE.has(parent.name.name)) return false;
    const prevBlock = op.parentBlock!;
    const postBlock = rewriter.splitBlock(prevBlock, op);
    rewriter.setInsertionPointToEnd(prevBlock);
    rewriter.create('cf.br', { successors: [op.regions[0].entry], location: op.location });
    for (const blk of [...op.regions[0].blocks]) {
      const y = blk.last;
      if (y && y.name.name === 'scf.yield') {
        rewriter.setInsertionPointBefore(y);
        rewriter.create('cf.br', { operands: y.operands, successors: [postBlock], location: y.location });
        rewriter.eraseOp(y);
      }
    }
    rewriter.inlineRegionBefore(op.regions[0], postBlock.parent!, postBlock);
    const args = op.results.map((r) => postBlock.addArgument(r.type, op.location));
    rewriter.replaceOp(op, args);
    return true;
  },
  { name: 'MultiBlockExecuteInliner' },
);

// ---- scf.for

/** MLIR's constantTripCount for constant bounds: undefined when unknown. */
function constantTripCount(lb: Value, ub: Value, step: Value, unsigned = false): bigint | undefined {
  if (lb === ub) return 0n;
  const l = matchConstant(lb);
  const u = matchConstant(ub);
  const t = lb.type;
  const w = t instanceof IntegerType ? t.width : 64;
  const conv = (x: bigint): bigint => (unsigned ? BigInt.asUintN(w, x) : BigInt.asIntN(w, x));
  let diff: bigint;
  if (l instanceof IntegerAttr && u instanceof IntegerAttr) diff = conv(u.value) - conv(l.value);
  else {
    // ub = lb + c without (signed/unsigned) wrap-around.
    const add = ub.definingOp;
    if (!add || add.name.name !== 'arith.addi') return undefined;
    const flags = add.getAttr('overflowFlags') as { value?: number } | undefined;
    const bits = typeof flags?.value === 'number' ? flags.value : 0;
    if (!(bits & (unsigned ? 2 : 1))) return undefined;
    let c: bigint | undefined;
    if (add.operand(0) === lb) c = intConst(add.operand(1));
    else if (add.operand(1) === lb) c = intConst(add.operand(0));
    if (c === undefined) return undefined;
    diff = conv(c);
  }
  if (diff <= 0n) return 0n;
  const s = matchConstant(step);
  if (!(s instanceof IntegerAttr)) return undefined;
  const sv = unsigned ? BigInt.asUintN(w, s.value) : BigInt.asIntN(w, s.value);
  if (sv <= 0n) return 0n;
  return (diff + sv - 1n) / sv;
}

// ---- scf.forall

const DYNAMIC = -(2n ** 63n);
type Mixed = bigint | Value;

function staticList(op: Operation, name: string): bigint[] {
  const a = op.propertiesView.get(name);
  return a instanceof DenseArrayAttr ? [...a.values] : [];
}

function forallMixed(op: Operation): { lbs: Mixed[]; ubs: Mixed[]; steps: Mixed[]; outputs: Value[] } {
  const segs = parallelSegments(op);
  const mix = (statics: bigint[], dyn: Value[]): Mixed[] => {
    let d = 0;
    return statics.map((x) => (x === DYNAMIC ? dyn[d++] : x));
  };
  return {
    lbs: mix(staticList(op, 'staticLowerBound'), segs[0] ?? []),
    ubs: mix(staticList(op, 'staticUpperBound'), segs[1] ?? []),
    steps: mix(staticList(op, 'staticStep'), segs[2] ?? []),
    outputs: segs[3] ?? [],
  };
}

function mixedConst(m: Mixed): bigint | undefined {
  return typeof m === 'bigint' ? m : intConst(m);
}

function mixedTripCount(lb: Mixed, ub: Mixed, step: Mixed): bigint | undefined {
  if (lb === ub) return 0n;
  const l = mixedConst(lb);
  const u = mixedConst(ub);
  if (l === undefined || u === undefined) return undefined;
  const diff = BigInt.asIntN(64, u) - BigInt.asIntN(64, l);
  if (diff <= 0n) return 0n;
  const st = mixedConst(step);
  if (st === undefined) return undefined;
  const sv = BigInt.asIntN(64, st);
  if (sv <= 0n) return 0n;
  return (diff + sv - 1n) / sv;
}

function dispatch(list: readonly Mixed[]): { dyn: Value[]; statics: bigint[] } {
  const dyn: Value[] = [];
  const statics: bigint[] = [];
  for (const m of list) {
    if (typeof m === 'bigint') statics.push(m);
    else {
      dyn.push(m);
      statics.push(DYNAMIC);
    }
  }
  return { dyn, statics };
}

function setForallBounds(op: Operation, lbs: readonly Mixed[], ubs: readonly Mixed[], steps: readonly Mixed[], outputs: readonly Value[]): void {
  const l = dispatch(lbs);
  const u = dispatch(ubs);
  const st = dispatch(steps);
  op.setOperands([...l.dyn, ...u.dyn, ...st.dyn, ...outputs]);
  op.properties.set('staticLowerBound', DenseArrayAttr.getI64(l.statics));
  op.properties.set('staticUpperBound', DenseArrayAttr.getI64(u.statics));
  op.properties.set('staticStep', DenseArrayAttr.getI64(st.statics));
  op.properties.set('operandSegmentSizes', DenseArrayAttr.get(IntegerType.get(32), [l.dyn.length, u.dyn.length, st.dyn.length, outputs.length].map(BigInt)));
}

const forallControlOperandsFolder = legacyPattern(
  'scf.forall',
  (op, rewriter) => {
    const { lbs, ubs, steps, outputs } = forallMixed(op);
    let changed = false;
    const fold = (list: Mixed[]): Mixed[] =>
      list.map((m) => {
        if (typeof m === 'bigint') return m;
        const c = intConst(m);
        if (c === undefined) return m;
        changed = true;
        return c;
      });
    const nl = fold(lbs);
    const nu = fold(ubs);
    const ns = fold(steps);
    if (!changed) return false;
    rewriter.modifyOpInPlace(op, () => setForallBounds(op, nl, nu, ns, outputs));
    return true;
  },
  { name: 'ForallOpControlOperandsFolder' },
);

const forallSingleOrZeroIterationDims = legacyPattern(
  'scf.forall',
  (op, rewriter) => {
    if (op.propertiesView.has('mapping')) return false;
    const loc = op.location;
    const { lbs, ubs, steps, outputs } = forallMixed(op);
    const ivs = op.regions[0].entry.args.slice(0, lbs.length);
    const nl: Mixed[] = [];
    const nu: Mixed[] = [];
    const ns: Mixed[] = [];
    const mapping = new IRMapping();
    rewriter.setInsertionPointBefore(op);
    for (let i = 0; i < lbs.length; i++) {
      const n = mixedTripCount(lbs[i], ubs[i], steps[i]);
      if (n !== undefined) {
        if (n === 0n) {
          rewriter.replaceOp(op, outputs);
          return true;
        }
        if (n === 1n) {
          const lb = lbs[i];
          mapping.map(ivs[i], typeof lb === 'bigint' ? createConstantIndex(rewriter, lb, loc) : lb);
          continue;
        }
      }
      nl.push(lbs[i]);
      nu.push(ubs[i]);
      ns.push(steps[i]);
    }
    if (nl.length === lbs.length) return false;
    if (!nl.length) {
      if (outputs.length) return false;
      const body = op.regions[0].entry;
      const terminator = body.last!;
      const repl: Value[] = lbs.map((lb) => (typeof lb === 'bigint' ? createConstantIndex(rewriter, lb, loc) : lb));
      rewriter.inlineBlockBefore(body, op.parentBlock!, op, repl);
      rewriter.eraseOp(terminator);
      rewriter.eraseOp(op);
      return true;
    }
    const newOp = new Operation({
      name: op.name,
      location: loc,
      resultTypes: op.resultTypes,
      properties: new Map(op.propertiesView),
      attributes: new Map(op.attributesView),
      regions: 1,
    });
    setForallBounds(newOp, nl, nu, ns, outputs);
    rewriter.insert(newOp);
    cloneRegionBefore(rewriter, op.regions[0], newOp.regions[0], mapping);
    rewriter.replaceOp(op, newOp.results);
    return true;
  },
  { name: 'ForallOpSingleOrZeroIterationDimsFolder' },
);

const simplifyTrivialLoops = legacyPattern(
  'scf.for',
  (op, rewriter) => {
    const [lb, ub, step] = [op.operand(0), op.operand(1), op.operand(2)];
    const inits = op.operands.slice(3);
    if (lb === ub) {
      rewriter.replaceOp(op, inits);
      return true;
    }
    const tc = constantTripCount(lb, ub, step, op.propertiesView.has('unsignedCmp'));
    if (tc === undefined) return false;
    if (tc === 0n) {
      rewriter.replaceOp(op, inits);
      return true;
    }
    if (tc === 1n) {
      replaceOpWithRegion(rewriter, op, op.regions[0], [lb, ...inits]);
      return true;
    }
    const block = op.regions[0].entry;
    if (block.first !== block.last) return false;
    const yielded = block.last!.operands;
    if (yielded.some((v) => !isDefinedOutside(op, v))) return false;
    rewriter.replaceOp(op, yielded);
    return true;
  },
  { name: 'SimplifyTrivialLoops' },
);

// ---- scf.if

const removeStaticCondition = legacyPattern(
  'scf.if',
  (op, rewriter) => {
    const c = boolConst(op.operand(0));
    if (c === undefined) return false;
    if (c) replaceOpWithRegion(rewriter, op, op.regions[0]);
    else if (!op.regions[1].empty) replaceOpWithRegion(rewriter, op, op.regions[1]);
    else rewriter.eraseOp(op);
    return true;
  },
  { name: 'RemoveStaticCondition' },
);

const removeEmptyElseBranch = legacyPattern(
  'scf.if',
  (op, rewriter) => {
    if (op.numResults) return false;
    const els = op.regions[1];
    if (els.empty) return false;
    const elseBlock = els.blocks[els.blocks.length - 1];
    if (elseBlock.first !== elseBlock.last) return false;
    rewriter.setInsertionPointBefore(op);
    const newIf = cloneWithoutRegions(rewriter, op);
    rewriter.inlineRegionBefore(op.regions[0], newIf.regions[0], null);
    rewriter.eraseOp(op);
    return true;
  },
  { name: 'RemoveEmptyElseBranch' },
);

function thenBlock(op: Operation): Block {
  const r = op.regions[0];
  return r.blocks[r.blocks.length - 1];
}
function elseBlock(op: Operation): Block | null {
  const r = op.regions[1];
  return r.empty ? null : r.blocks[r.blocks.length - 1];
}

const convertTrivialIfToSelect = legacyPattern(
  'scf.if',
  (op, rewriter) => {
    if (op.numResults === 0) return false;
    const cond = op.operand(0);
    const thenYield = thenBlock(op).last!;
    const elseYield = elseBlock(op)!.last!;
    const thenArgs = thenYield.operands;
    const elseArgs = elseYield.operands;
    const nonHoistable: Type[] = [];
    thenArgs.forEach((t, i) => {
      if (definedInRegion(t, op.regions[0]) || definedInRegion(elseArgs[i], op.regions[1])) nonHoistable.push(t.type);
    });
    if (nonHoistable.length === op.numResults) return false;
    rewriter.setInsertionPointBefore(op);
    const replacement = createIf(rewriter, nonHoistable, cond, false, op.location);
    rewriter.eraseBlock(replacement.regions[0].entry);
    replacement.regions[0].takeBody(op.regions[0]);
    replacement.regions[1].takeBody(op.regions[1]);
    const results: Value[] = [];
    const trueYields: Value[] = [];
    const falseYields: Value[] = [];
    rewriter.setInsertionPointBefore(replacement);
    thenArgs.forEach((t, i) => {
      const f = elseArgs[i];
      if (definedInRegion(t, replacement.regions[0]) || definedInRegion(f, replacement.regions[1])) {
        results.push(replacement.result(trueYields.length));
        trueYields.push(t);
        falseYields.push(f);
      } else if (t === f) results.push(t);
      else
        results.push(
          rewriter.create('arith.select', { operands: [cond, t, f], results: [t.type], location: op.location }).result(0),
        );
    });
    rewriter.setInsertionPointToEnd(thenBlock(replacement));
    const ty = thenBlock(replacement).last!;
    rewriter.replaceOp(ty, [createYield(rewriter, trueYields, ty.location)].flatMap((x) => x.results));
    rewriter.setInsertionPointToEnd(elseBlock(replacement)!);
    const ey = elseBlock(replacement)!.last!;
    rewriter.replaceOp(ey, [createYield(rewriter, falseYields, ey.location)].flatMap((x) => x.results));
    rewriter.replaceOp(op, results);
    return true;
  },
  { name: 'ConvertTrivialIfToSelect' },
);

const conditionPropagation = legacyPattern(
  'scf.if',
  (op, rewriter) => {
    const cond = op.operand(0);
    if (matchConstant(cond) !== undefined) return false;
    let changed = false;
    let cTrue: Value | null = null;
    let cFalse: Value | null = null;
    for (const use of [...cond.uses()]) {
      const owner = use.owner;
      if (isAncestorRegion(op.regions[0], owner)) {
        changed = true;
        if (!cTrue) cTrue = createConstantBool(rewriter, true, op.location);
        const v = cTrue;
        rewriter.modifyOpInPlace(owner, () => use.set(v));
      } else if (isAncestorRegion(op.regions[1], owner)) {
        changed = true;
        if (!cFalse) cFalse = createConstantBool(rewriter, false, op.location);
        const v = cFalse;
        rewriter.modifyOpInPlace(owner, () => use.set(v));
      }
    }
    return changed;
  },
  { name: 'ConditionPropagation' },
);

const replaceIfYieldWithConditionOrValue = legacyPattern(
  'scf.if',
  (op, rewriter) => {
    if (op.numResults === 0) return false;
    const trueYield = op.regions[0].blocks[op.regions[0].blocks.length - 1].last!;
    const falseYield = op.regions[1].blocks[op.regions[1].blocks.length - 1].last!;
    rewriter.setInsertionPointBefore(op);
    let changed = false;
    op.results.forEach((res, i) => {
      const t = trueYield.operand(i);
      const f = falseYield.operand(i);
      if (t === f) {
        if (res.hasUses) {
          res.replaceAllUsesWith(t);
          changed = true;
        }
        return;
      }
      const tv = boolConst(t);
      const fv = boolConst(f);
      if (tv === undefined || fv === undefined) return;
      if (!tv && fv && res.hasUses) {
        const one = rewriter.materializeConstant(t.definingOp!.name.dialectName, IntegerAttr.get(i1(), 1n), i1(), op.location)!;
        const notCond = rewriter.create('arith.xori', { operands: [op.operand(0), one.result(0)], results: [i1()], location: op.location });
        res.replaceAllUsesWith(notCond.result(0));
        changed = true;
      }
      if (tv && !fv && res.hasUses) {
        res.replaceAllUsesWith(op.operand(0));
        changed = true;
      }
    });
    return changed;
  },
  { name: 'ReplaceIfYieldWithConditionOrValue' },
);

function isNotOf(v: Value, x: Value): boolean {
  const d = v.definingOp;
  return !!d && d.name.name === 'arith.xori' && d.operand(0) === x && isOneConst(d.operand(1));
}

const combineIfs = legacyPattern(
  'scf.if',
  (nextIf, rewriter) => {
    const parent = nextIf.parentBlock!;
    if (parent.first === nextIf) return false;
    const prevIf = nextIf.prev!;
    if (prevIf.name.name !== 'scf.if') return false;
    let nextThen: Block | null = null;
    let nextElse: Block | null = null;
    if (nextIf.operand(0) === prevIf.operand(0)) {
      nextThen = thenBlock(nextIf);
      nextElse = elseBlock(nextIf);
    }
    if (isNotOf(nextIf.operand(0), prevIf.operand(0))) {
      nextElse = thenBlock(nextIf);
      nextThen = elseBlock(nextIf);
    }
    if (isNotOf(prevIf.operand(0), nextIf.operand(0))) {
      nextElse = thenBlock(nextIf);
      nextThen = elseBlock(nextIf);
    }
    if (!nextThen && !nextElse) return false;
    const prevElseYielded = prevIf.regions[1].empty ? [] : elseBlock(prevIf)!.last!.operands;
    const prevThenYielded = thenBlock(prevIf).last!.operands;
    const n = Math.min(prevIf.numResults, prevThenYielded.length, prevElseYielded.length);
    for (let i = 0; i < n; i++) {
      for (const use of [...prevIf.result(i).uses()]) {
        const owner = use.owner;
        if (nextThen && isAncestorRegion(nextThen.parent!, owner)) rewriter.modifyOpInPlace(owner, () => use.set(prevThenYielded[i]));
        else if (nextElse && isAncestorRegion(nextElse.parent!, owner)) rewriter.modifyOpInPlace(owner, () => use.set(prevElseYielded[i]));
      }
    }
    const mergedTypes = [...prevIf.resultTypes, ...nextIf.resultTypes];
    rewriter.setInsertionPointBefore(nextIf);
    const combined = createIf(rewriter, mergedTypes, prevIf.operand(0), false, nextIf.location);
    rewriter.eraseBlock(combined.regions[0].blocks[combined.regions[0].blocks.length - 1]);
    rewriter.inlineRegionBefore(prevIf.regions[0], combined.regions[0], combined.regions[0].firstBlock);
    if (nextThen) {
      const thenYield = thenBlock(combined).last!;
      const thenYield2 = nextThen.last!;
      rewriter.mergeBlocks(nextThen, thenBlock(combined));
      rewriter.setInsertionPointToEnd(thenBlock(combined));
      createYield(rewriter, [...thenYield.operands, ...thenYield2.operands], thenYield2.location);
      rewriter.eraseOp(thenYield);
      rewriter.eraseOp(thenYield2);
    }
    rewriter.inlineRegionBefore(prevIf.regions[1], combined.regions[1], combined.regions[1].firstBlock);
    if (nextElse) {
      if (combined.regions[1].empty) {
        rewriter.inlineRegionBefore(nextElse.parent!, combined.regions[1], combined.regions[1].firstBlock);
      } else {
        const elseYield = elseBlock(combined)!.last!;
        const elseYield2 = nextElse.last!;
        rewriter.mergeBlocks(nextElse, elseBlock(combined)!);
        rewriter.setInsertionPointToEnd(elseBlock(combined)!);
        createYield(rewriter, [...elseYield.operands, ...elseYield2.operands], elseYield2.location);
        rewriter.eraseOp(elseYield);
        rewriter.eraseOp(elseYield2);
      }
    }
    const prevValues = combined.results.slice(0, prevIf.numResults);
    const nextValues = combined.results.slice(prevIf.numResults);
    rewriter.replaceOp(prevIf, prevValues);
    rewriter.replaceOp(nextIf, nextValues);
    return true;
  },
  { name: 'CombineIfs' },
);

const combineNestedIfs = legacyPattern(
  'scf.if',
  (op, rewriter) => {
    const tb = thenBlock(op);
    // The nested `if` must be the only op besides the terminator.
    if (!tb.first || tb.first === tb.last || tb.first.next !== tb.last) return false;
    const eb = elseBlock(op);
    if (eb && eb.first !== eb.last) return false;
    const nestedIf = tb.first;
    if (nestedIf.name.name !== 'scf.if') return false;
    const neb = elseBlock(nestedIf);
    if (neb && neb.first !== neb.last) return false;
    const thenYield = [...tb.last!.operands];
    const elseYield = eb ? [...eb.last!.operands] : [];
    const upgrade: number[] = [];
    for (let i = 0; i < thenYield.length; i++) {
      const v = thenYield[i];
      if (v.definingOp === nestedIf) {
        const idx = (v as OpResult).index;
        if (elseBlock(nestedIf)!.last!.operand(idx) !== elseYield[i]) return false;
        thenYield[i] = thenBlock(nestedIf).last!.operand(idx);
        continue;
      }
      if (definedInRegion(v, op.regions[0])) return false;
      upgrade.push(i);
    }
    const loc = op.location;
    rewriter.setInsertionPointBefore(op);
    const newCond = rewriter.create('arith.andi', { operands: [op.operand(0), nestedIf.operand(0)], results: [i1()], location: loc }).result(0);
    const newIf = rewriter.create('scf.if', { operands: [newCond], results: op.resultTypes, regions: 2, location: loc });
    const newIfBlock = rewriter.createBlockIn(newIf.regions[0], null);
    const results: Value[] = [...newIf.results];
    rewriter.setInsertionPointBefore(newIf);
    for (const idx of upgrade)
      results[idx] = rewriter
        .create('arith.select', { operands: [op.operand(0), thenYield[idx], elseYield[idx]], results: [thenYield[idx].type], location: loc })
        .result(0);
    rewriter.mergeBlocks(thenBlock(nestedIf), newIfBlock);
    rewriter.setInsertionPointToEnd(thenBlock(newIf));
    const oldYield = thenBlock(newIf).last!;
    const ny = createYield(rewriter, thenYield, oldYield.location);
    rewriter.replaceOp(oldYield, ny.results);
    if (elseYield.length) {
      rewriter.createBlockIn(newIf.regions[1], null);
      rewriter.setInsertionPointToEnd(elseBlock(newIf)!);
      createYield(rewriter, elseYield, loc);
    }
    rewriter.replaceOp(op, results);
    return true;
  },
  { name: 'CombineNestedIfs' },
);

/** IfOp::fold: `if (!c) A else B` becomes `if c B else A`. */
function foldIf(op: Operation): FoldResult | undefined {
  if (op.regions[1].empty) return undefined;
  const x = op.operand(0).definingOp;
  if (!x || x.name.name !== 'arith.xori' || !isOneConst(x.operand(1))) return undefined;
  op.setOperand(0, x.operand(0));
  const [thenR, elseR] = op.regions;
  const thenBlocks = [...thenR.blocks];
  const elseBlocks = [...elseR.blocks];
  thenR.blocks.length = 0;
  elseR.blocks.length = 0;
  for (const b of elseBlocks) thenR.pushBlock(b);
  for (const b of thenBlocks) elseR.pushBlock(b);
  return [];
}

// ---- scf.index_switch

const foldConstantCase = legacyPattern(
  'scf.index_switch',
  (op, rewriter) => {
    const c = intConst(op.operand(0));
    if (c === undefined) return false;
    const cases = segCases(op);
    const i = cases.indexOf(c);
    const region = i >= 0 ? op.regions[i + 1] : op.regions[0];
    const source = region.entry;
    const results = source.last!.operands;
    const terminator = source.last!;
    rewriter.inlineBlockBefore(source, op.parentBlock!, op);
    rewriter.eraseOp(terminator);
    rewriter.replaceOp(op, results);
    return true;
  },
  { name: 'FoldConstantCase' },
);

function segCases(op: Operation): bigint[] {
  const a = op.propertiesView.get('cases');
  return a instanceof DenseArrayAttr ? [...a.values] : [];
}

// ---- scf.while

const whileConditionTruth = legacyPattern(
  'scf.while',
  (op, rewriter) => {
    const term = op.regions[0].entry.last!;
    const cond = term.operand(0);
    const after = op.regions[1].entry.args;
    let cTrue: Value | null = null;
    let replaced = false;
    term.operands.slice(1).forEach((v, i) => {
      if (v !== cond || !after[i].hasUses) return;
      if (!cTrue) cTrue = createConstantBool(rewriter, true, op.location);
      rewriter.replaceAllUsesWith(after[i], cTrue);
      replaced = true;
    });
    return replaced;
  },
  { name: 'WhileConditionTruth' },
);

const CMPI_INVERT = [1, 0, 5, 4, 3, 2, 9, 8, 7, 6];

const whileCmpCond = legacyPattern(
  'scf.while',
  (op, rewriter) => {
    const cond = op.regions[0].entry.last!;
    const cmp = cond.operand(0).definingOp;
    if (!cmp || cmp.name.name !== 'arith.cmpi') return false;
    const pred = Number((cmp.getAttr('predicate') as IntegerAttr).value);
    let changed = false;
    const after = op.regions[1].entry.args;
    cond.operands.slice(1).forEach((arg, k) => {
      for (let opIdx = 0; opIdx < 2; opIdx++) {
        if (arg !== cmp.operand(opIdx)) continue;
        for (const u of [...after[k].uses()]) {
          const cmp2 = u.owner;
          if (cmp2.name.name !== 'arith.cmpi') continue;
          if (cmp2.operand(1 - opIdx) !== cmp.operand(1 - opIdx)) continue;
          const p2 = Number((cmp2.getAttr('predicate') as IntegerAttr).value);
          let same: boolean;
          if (p2 === pred) same = true;
          else if (p2 === CMPI_INVERT[pred]) same = false;
          else continue;
          rewriter.setInsertionPointBefore(cmp2);
          const c = createConstantBool(rewriter, same, cmp2.location);
          rewriter.replaceOp(cmp2, [c]);
          changed = true;
        }
      }
    });
    return changed;
  },
  { name: 'WhileCmpCond' },
);

function createWhile(rewriter: PatternRewriter, types: readonly Type[], inits: readonly Value[], loc: Location, attrsFrom: Operation): Operation {
  void attrsFrom;
  return rewriter.create('scf.while', { operands: inits, results: types, regions: 2, location: loc });
}

const whileAlignBeforeArgs = legacyPattern(
  'scf.while',
  (loop, rewriter) => {
    const oldBefore = loop.regions[0].entry;
    const oldTerm = oldBefore.last!;
    const beforeArgs = oldBefore.args;
    const termArgs = oldTerm.operands.slice(1);
    if (beforeArgs.length === termArgs.length && beforeArgs.every((a, i) => a === termArgs[i])) return false;
    if (new Set(termArgs).size !== termArgs.length) return false;
    if (beforeArgs.length !== termArgs.length) return false;
    const mapping: number[] = new Array<number>(beforeArgs.length);
    for (let i = 0; i < beforeArgs.length; i++) {
      const j = termArgs.indexOf(beforeArgs[i]);
      if (j < 0) return false;
      mapping[j] = i;
    }
    rewriter.setInsertionPointBefore(oldTerm);
    const newTerm = rewriter.create('scf.condition', { operands: [oldTerm.operand(0), ...beforeArgs], location: oldTerm.location });
    rewriter.replaceOp(oldTerm, newTerm.results);
    const oldAfter = loop.regions[1].entry;
    const newTypes: Type[] = new Array<Type>(beforeArgs.length);
    mapping.forEach((j, i) => (newTypes[j] = loop.result(i).type));
    rewriter.setInsertionPointBefore(loop);
    const newLoop = createWhile(rewriter, newTypes, loop.operands, loop.location, loop);
    const newBefore = createBlockWithArgs(rewriter, newLoop.regions[0], loop.operands.map((v) => v.type), beforeArgs.map((a) => a.location));
    const newAfter = createBlockWithArgs(rewriter, newLoop.regions[1], newTypes, newTypes.map(() => loop.location));
    const newResults: Value[] = [];
    const newAfterArgs: Value[] = [];
    mapping.forEach((j, i) => {
      newResults[i] = newLoop.result(j);
      newAfterArgs[i] = newAfter.args[j];
    });
    rewriter.inlineBlockBefore(oldBefore, newBefore, newBefore.first, newBefore.args);
    rewriter.inlineBlockBefore(oldAfter, newAfter, newAfter.first, newAfterArgs);
    rewriter.replaceOp(loop, newResults);
    return true;
  },
  { name: 'WhileOpAlignBeforeArgs' },
);

/** Operands of the ops nested in `region` (post-order, as MLIR's walk) that `keep` accepts, each once. */
function usedValuesInRegion(region: Region, keep: (v: Value) => boolean): Value[] {
  const out = new Set<Value>();
  const visit = (r: Region): void => {
    for (const b of r.blocks)
      for (let o = b.first; o; o = o.next) {
        for (const nested of o.regions) visit(nested);
        for (const v of o.operands) if (keep(v)) out.add(v);
      }
  };
  visit(region);
  return [...out];
}

// An scf.if just before scf.condition on the same condition only matters when
// the loop continues: its then-part moves to the start of the after region.
const whileMoveIfDown = legacyPattern(
  'scf.while',
  (op, rewriter) => {
    const before = op.regions[0];
    const cond = before.entry.last!;
    const ifOp = cond.prev;
    if (!ifOp || ifOp.name.name !== 'scf.if' || ifOp.operand(0) !== cond.operand(0)) return false;
    const elseB = elseBlock(ifOp);
    if (elseB && elseB.first !== elseB.last) return false;
    const thenB = thenBlock(ifOp);
    const thenYield = thenB.last!;
    const afterArgs = op.regions[1].entry.args;
    // Operands are read live: a repeated if result is replaced at its first occurrence only, as upstream does.
    for (let idx = 0; idx + 1 < cond.numOperands; idx++) {
      const arg = cond.operand(idx + 1);
      const k = ifOp.results.indexOf(arg as OpResult);
      if (k < 0) continue;
      rewriter.replaceAllUsesWith(ifOp.result(k), elseB!.last!.operand(k));
      rewriter.replaceAllUsesWith(afterArgs[idx], thenYield.operand(k));
    }
    const extra = usedValuesInRegion(ifOp.regions[0], (v) => v.parentBlock?.parent === before);
    const extraTypes = extra.map((v) => v.type);
    rewriter.setInsertionPointBefore(op);
    const newLoop = createWhile(rewriter, [...op.resultTypes, ...extraTypes], op.operands, op.location, op);
    rewriter.modifyOpInPlace(newLoop, () => {
      rewriter.inlineRegionBefore(op.regions[0], newLoop.regions[0]);
      rewriter.inlineRegionBefore(op.regions[1], newLoop.regions[1]);
      for (const t of extraTypes) newLoop.regions[1].entry.addArgument(t, op.location);
    });
    rewriter.modifyOpInPlace(cond, () => cond.setOperands([...cond.operands, ...extra]));
    const newAfter = newLoop.regions[1].entry;
    const newArgs = newAfter.args.slice(newAfter.args.length - extra.length);
    const thenRegion = ifOp.regions[0];
    extra.forEach((v, i) => rewriter.replaceUsesWithIf(v, newArgs[i], (use) => isAncestorRegion(thenRegion, use.owner)));
    rewriter.eraseOp(thenYield);
    rewriter.inlineBlockBefore(thenB, newAfter, newAfter.first);
    rewriter.eraseOp(ifOp);
    rewriter.replaceOp(op, newLoop.results.slice(0, op.numResults));
    return true;
  },
  { name: 'WhileMoveIfDown' },
);

// ---- scf.parallel

function parallelSegments(op: Operation): Value[][] {
  const sizes = segSizes(op);
  const out: Value[][] = [];
  let start = 0;
  for (const n of sizes) {
    out.push(op.operands.slice(start, start + n));
    start += n;
  }
  return out;
}

function createParallelOp(rewriter: PatternRewriter, lbs: readonly Value[], ubs: readonly Value[], steps: readonly Value[], inits: readonly Value[], loc: Location): Operation {
  return new Operation({
    name: rewriter.ctx.getOperationName('scf.parallel'),
    location: loc,
    operands: [...lbs, ...ubs, ...steps, ...inits],
    resultTypes: inits.map((v) => v.type),
    properties: new Map<string, Attribute>([
      ['operandSegmentSizes', DenseArrayAttr.get(IntegerType.get(32), [lbs.length, ubs.length, steps.length, inits.length].map(BigInt))],
    ]),
    regions: 1,
  });
}

/**
 * RewriterBase::cloneRegionBefore (at the end of `dest`): block arguments
 * already in `mapping` are dropped from the copies; the new blocks and ops are
 * reported.
 */
function cloneRegionBefore(rewriter: PatternRewriter, src: Region, dest: Region, mapping: IRMapping): void {
  const newBlocks: Block[] = [];
  for (const b of src.blocks) {
    const nb = new Block();
    for (const a of b.args) if (!mapping.contains(a)) mapping.map(a, nb.addArgument(a.type, a.location));
    mapping.mapBlock(b, nb);
    newBlocks.push(nb);
  }
  for (const nb of newBlocks) dest.pushBlock(nb);
  const pending: Operation[] = [];
  src.blocks.forEach((b, i) => {
    for (let o = b.first; o; o = o.next) {
      const c = cloneOp(o, mapping);
      newBlocks[i].append(c);
      pending.push(c);
    }
  });
  for (const c of pending)
    c.walk((o) => {
      for (const operand of o.operandList) {
        const m = mapping.lookupOrNull(operand.value);
        if (m && m !== operand.value) operand.set(m);
      }
    });
  for (const nb of newBlocks) {
    rewriter.listener.notifyBlockInserted?.(nb);
    for (let o = nb.first; o; o = o.next)
      o.walk((n) => {
        rewriter.listener.notifyOperationInserted?.(n);
      }, 'pre');
  }
}

/** rewriter.clone: inserts a deep copy and reports it and its nested ops. */
function cloneInto(rewriter: PatternRewriter, op: Operation, mapping: IRMapping): Operation {
  const copy = cloneOp(op, mapping);
  rewriter.insert(copy);
  for (const r of copy.regions)
    for (const b of r.blocks)
      for (let o = b.first; o; o = o.next)
        o.walk((n) => {
          rewriter.listener.notifyOperationInserted?.(n);
        }, 'pre');
  return copy;
}

const parallelSingleOrZeroIterationDims = legacyPattern(
  'scf.parallel',
  (op, rewriter) => {
    const loc = op.location;
    const [lbs, ubs, steps, inits] = parallelSegments(op);
    const ivs = op.regions[0].entry.args;
    const newL: Value[] = [];
    const newU: Value[] = [];
    const newS: Value[] = [];
    const mapping = new IRMapping();
    rewriter.setInsertionPointBefore(op);
    for (let i = 0; i < lbs.length; i++) {
      const n = constantTripCount(lbs[i], ubs[i], steps[i]);
      if (n !== undefined) {
        if (n === 0n) {
          rewriter.replaceOp(op, inits);
          return true;
        }
        if (n === 1n) {
          mapping.map(ivs[i], lbs[i]);
          continue;
        }
      }
      newL.push(lbs[i]);
      newU.push(ubs[i]);
      newS.push(steps[i]);
    }
    if (newL.length === lbs.length) return false;
    if (!newL.length) {
      const body = op.regions[0].entry;
      for (let o = body.first; o && o !== body.last; o = o.next) cloneInto(rewriter, o, mapping);
      const reduce = body.last!;
      const results: Value[] = [];
      for (let i = 0; i < reduce.regions.length; i++) {
        const rb = reduce.regions[i].entry;
        mapping.map(rb.args[0], inits[results.length]);
        mapping.map(rb.args[1], mapping.lookupOrDefault(reduce.operand(i)));
        for (let o = rb.first; o && o !== rb.last; o = o.next) cloneInto(rewriter, o, mapping);
        results.push(mapping.lookupOrDefault(rb.last!.operand(0)));
      }
      rewriter.replaceOp(op, results);
      return true;
    }
    const newOp = createParallelOp(rewriter, newL, newU, newS, inits, loc);
    rewriter.insert(newOp);
    cloneRegionBefore(rewriter, op.regions[0], newOp.regions[0], mapping);
    rewriter.replaceOp(op, newOp.results);
    return true;
  },
  { name: 'ParallelOpSingleOrZeroIterationDimsFolder' },
);

const mergeNestedParallelLoops = legacyPattern(
  'scf.parallel',
  (op, rewriter) => {
    const outerBody = op.regions[0].entry;
    if (!outerBody.first || outerBody.first.next !== outerBody.last) return false;
    const inner = outerBody.first;
    if (inner.name.name !== 'scf.parallel') return false;
    const [ilbs, iubs, isteps, iinits] = parallelSegments(inner);
    for (const a of outerBody.args) if (ilbs.includes(a) || iubs.includes(a) || isteps.includes(a)) return false;
    const [lbs, ubs, steps, inits] = parallelSegments(op);
    if (inits.length || iinits.length) return false;
    rewriter.setInsertionPointBefore(op);
    const newOp = createParallelOp(rewriter, [...lbs, ...ilbs], [...ubs, ...iubs], [...steps, ...isteps], [], op.location);
    const body = new Block();
    newOp.regions[0].pushBlock(body);
    const ivs = [...lbs, ...ilbs].map(() => body.addArgument(IndexType.get(), op.location));
    const innerBody = inner.regions[0].entry;
    const mapping = new IRMapping();
    mapping.mapAll(outerBody.args, ivs.slice(0, outerBody.args.length));
    mapping.mapAll(innerBody.args, ivs.slice(outerBody.args.length));
    rewriter.setInsertionPointToEnd(body);
    for (let o = innerBody.first; o && o !== innerBody.last; o = o.next) cloneInto(rewriter, o, mapping);
    body.append(detached(rewriter, 'scf.reduce', [], op.location));
    rewriter.setInsertionPointBefore(op);
    rewriter.insert(newOp);
    rewriter.replaceOp(op, newOp.results);
    return true;
  },
  { name: 'MergeNestedParallelLoops' },
);

export const SCF_PATTERNS: Partial<Record<string, () => readonly RewritePattern[]>> = {
  'scf.execute_region': () => [singleBlockExecuteInliner, multiBlockExecuteInliner, ...regionBranchPatterns('scf.execute_region')],
  'scf.for': () => [simplifyTrivialLoops, ...regionBranchPatterns('scf.for')],
  'scf.if': () => [
    combineIfs,
    combineNestedIfs,
    conditionPropagation,
    convertTrivialIfToSelect,
    removeEmptyElseBranch,
    removeStaticCondition,
    replaceIfYieldWithConditionOrValue,
    ...regionBranchPatterns('scf.if'),
  ],
  'scf.index_switch': () => [foldConstantCase, ...regionBranchPatterns('scf.index_switch')],
  'scf.forall': () => [forallControlOperandsFolder, forallSingleOrZeroIterationDims],
  'scf.parallel': () => [parallelSingleOrZeroIterationDims, mergeNestedParallelLoops],
  'scf.while': () => [whileConditionTruth, whileCmpCond, whileAlignBeforeArgs, whileMoveIfDown, ...regionBranchPatterns('scf.while')],
};

export const SCF_FOLDS: Partial<Record<string, (op: Operation) => FoldResult | undefined>> = {
  'scf.if': foldIf,
};

export { createConstantIndex };
